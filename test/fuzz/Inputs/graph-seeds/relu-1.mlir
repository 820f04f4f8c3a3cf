func.func @main(%a0: tensor<3x4xi64>) -> (tensor<3x4xi64>) {
  %r = "graph.relu"(%a0) : (tensor<3x4xi64>) -> tensor<3x4xi64>
  return %r : tensor<3x4xi64>
}
