func.func @main(%a0: tensor<1x2x4x8xbf16>, %a1: tensor<1x1x4x8xbf16>, %a2: tensor<1x1x4x8xbf16>) -> (tensor<1x2x4x8xbf16>) {
  %r = "graph.attention"(%a0, %a1, %a2) : (tensor<1x2x4x8xbf16>, tensor<1x1x4x8xbf16>, tensor<1x1x4x8xbf16>) -> tensor<1x2x4x8xbf16>
  return %r : tensor<1x2x4x8xbf16>
}
