func.func @main(%a0: tensor<2x3xbf16>) -> (tensor<2x3xbf16>) {
  %r = "graph.gelu"(%a0) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %r : tensor<2x3xbf16>
}
