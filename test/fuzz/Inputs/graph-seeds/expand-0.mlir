func.func @main(%a0: tensor<2x1x3xbf16>) -> (tensor<2x4x3xbf16>) {
  %r = "graph.expand"(%a0) {shape = [4, 1]} : (tensor<2x1x3xbf16>) -> tensor<2x4x3xbf16>
  return %r : tensor<2x4x3xbf16>
}
