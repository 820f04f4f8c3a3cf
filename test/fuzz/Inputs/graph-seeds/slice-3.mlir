func.func @main(%a0: tensor<5x6x4xf32>) -> (tensor<3x2x4xf32>) {
  %r = "graph.slice"(%a0) {starts = [0, 1], ends = [5, 6], axes = [0, 1], steps = [2, 3]} : (tensor<5x6x4xf32>) -> tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}
