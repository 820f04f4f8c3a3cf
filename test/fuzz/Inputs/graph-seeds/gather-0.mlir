func.func @main(%a0: tensor<2x5x3xf16>, %a1: tensor<3x2xi32>) -> (tensor<2x3x2x3xf16>) {
  %r = "graph.gather"(%a0, %a1) {axis = 1} : (tensor<2x5x3xf16>, tensor<3x2xi32>) -> tensor<2x3x2x3xf16>
  return %r : tensor<2x3x2x3xf16>
}
