func.func @main(%a0: tensor<2x3xf32>) -> (tensor<4x3xf32>) {
  %r = "graph.tile"(%a0) {repeats = [2, 1]} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
