func.func @main(%a0: tensor<2x1x3xf16>, %a1: tensor<4x1xf16>) -> (tensor<2x4x3xf16>) {
  %r = "graph.pow"(%a0, %a1) : (tensor<2x1x3xf16>, tensor<4x1xf16>) -> tensor<2x4x3xf16>
  return %r : tensor<2x4x3xf16>
}
