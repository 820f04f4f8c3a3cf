func.func @main(%a0: tensor<2x3x5xbf16>, %a1: tensor<1x5x2xbf16>) -> (tensor<2x3x2xbf16>) {
  %r = "graph.matmul"(%a0, %a1) : (tensor<2x3x5xbf16>, tensor<1x5x2xbf16>) -> tensor<2x3x2xbf16>
  return %r : tensor<2x3x2xbf16>
}
