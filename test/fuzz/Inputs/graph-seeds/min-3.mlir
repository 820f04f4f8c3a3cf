func.func @main(%a0: tensor<2x1x3xbf16>, %a1: tensor<4x1xbf16>) -> (tensor<2x4x3xbf16>) {
  %r = "graph.min"(%a0, %a1) : (tensor<2x1x3xbf16>, tensor<4x1xbf16>) -> tensor<2x4x3xbf16>
  return %r : tensor<2x4x3xbf16>
}
