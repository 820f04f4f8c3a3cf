func.func @main(%a0: tensor<2x1x3xi64>, %a1: tensor<4x1xi64>) -> (tensor<2x4x3xi64>) {
  %r = "graph.mul"(%a0, %a1) : (tensor<2x1x3xi64>, tensor<4x1xi64>) -> tensor<2x4x3xi64>
  return %r : tensor<2x4x3xi64>
}
