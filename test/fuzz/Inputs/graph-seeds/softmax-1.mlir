func.func @main(%a0: tensor<3x1xf32>) -> (tensor<3x1xf32>) {
  %r = "graph.softmax"(%a0) {axis = 1} : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %r : tensor<3x1xf32>
}
