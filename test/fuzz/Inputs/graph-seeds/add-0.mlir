func.func @main(%a0: tensor<2x1x3xi32>, %a1: tensor<4x1xi32>) -> (tensor<2x4x3xi32>) {
  %r = "graph.add"(%a0, %a1) : (tensor<2x1x3xi32>, tensor<4x1xi32>) -> tensor<2x4x3xi32>
  return %r : tensor<2x4x3xi32>
}
