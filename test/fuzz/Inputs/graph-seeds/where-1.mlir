func.func @main(%a0: tensor<2x1x4xi1>, %a1: tensor<3x4xi1>, %a2: tensor<2x3x1xi1>) -> (tensor<2x3x4xi1>) {
  %r = "graph.where"(%a0, %a1, %a2) : (tensor<2x1x4xi1>, tensor<3x4xi1>, tensor<2x3x1xi1>) -> tensor<2x3x4xi1>
  return %r : tensor<2x3x4xi1>
}
