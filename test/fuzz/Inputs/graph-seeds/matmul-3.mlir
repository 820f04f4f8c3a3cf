func.func @main(%a0: tensor<2x3x5xf16>, %a1: tensor<1x5x2xf16>) -> (tensor<2x3x2xf16>) {
  %r = "graph.matmul"(%a0, %a1) : (tensor<2x3x5xf16>, tensor<1x5x2xf16>) -> tensor<2x3x2xf16>
  return %r : tensor<2x3x2xf16>
}
