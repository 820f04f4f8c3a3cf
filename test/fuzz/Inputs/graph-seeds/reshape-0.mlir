func.func @main(%a0: tensor<2x3x4xbf16>) -> (tensor<2x3x2x2xbf16>) {
  %r = "graph.reshape"(%a0) {shape = [0, 0, 2, 2]} : (tensor<2x3x4xbf16>) -> tensor<2x3x2x2xbf16>
  return %r : tensor<2x3x2x2xbf16>
}
