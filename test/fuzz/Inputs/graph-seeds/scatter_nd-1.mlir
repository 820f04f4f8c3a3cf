func.func @main(%a0: tensor<3x4xi64>, %a1: tensor<3x2xi32>, %a2: tensor<3xi64>) -> (tensor<3x4xi64>) {
  %r = "graph.scatter_nd"(%a0, %a1, %a2) : (tensor<3x4xi64>, tensor<3x2xi32>, tensor<3xi64>) -> tensor<3x4xi64>
  return %r : tensor<3x4xi64>
}
