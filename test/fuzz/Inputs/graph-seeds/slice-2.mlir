func.func @main(%a0: tensor<?x6x4xf32>) -> (tensor<5x2x4xf32>) {
  %r = "graph.slice"(%a0) {starts = [1], ends = [3], axes = [1]} : (tensor<?x6x4xf32>) -> tensor<5x2x4xf32>
  return %r : tensor<5x2x4xf32>
}
