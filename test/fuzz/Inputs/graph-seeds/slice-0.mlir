func.func @main(%a0: tensor<5x6x4xf32>) -> (tensor<3x3x4xf32>) {
  %r = "graph.slice"(%a0) {starts = [1, 2], ends = [4, 5]} : (tensor<5x6x4xf32>) -> tensor<3x3x4xf32>
  return %r : tensor<3x3x4xf32>
}
