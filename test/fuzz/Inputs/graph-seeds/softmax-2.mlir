func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.softmax"(%a0) {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
