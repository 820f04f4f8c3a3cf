func.func @main(%a0: tensor<2x3xf32>, %a1: tensor<3xi32>) -> (tensor<2x3xf32>) {
  %r = "graph.pow"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
