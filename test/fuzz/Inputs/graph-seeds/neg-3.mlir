func.func @main(%a0: tensor<3x4xi64>) -> (tensor<3x4xi64>) {
  %r = "graph.neg"(%a0) : (tensor<3x4xi64>) -> tensor<3x4xi64>
  return %r : tensor<3x4xi64>
}
