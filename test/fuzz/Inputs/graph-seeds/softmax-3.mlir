func.func @main(%a0: tensor<3x7xf64>) -> (tensor<3x7xf64>) {
  %r = "graph.softmax"(%a0) : (tensor<3x7xf64>) -> tensor<3x7xf64>
  return %r : tensor<3x7xf64>
}
