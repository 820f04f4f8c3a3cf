func.func @main(%a0: tensor<5x6x4xf32>) -> (tensor<2x6x2xf32>) {
  %r = "graph.slice"(%a0) {starts = [1, 0], ends = [3, 2], axes = [-1, 0]} : (tensor<5x6x4xf32>) -> tensor<2x6x2xf32>
  return %r : tensor<2x6x2xf32>
}
