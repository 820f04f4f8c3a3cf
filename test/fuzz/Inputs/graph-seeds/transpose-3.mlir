func.func @main(%a0: tensor<2x3x4xbf16>) -> (tensor<2x4x3xbf16>) {
  %r = "graph.transpose"(%a0) {perm = [0, 2, 1]} : (tensor<2x3x4xbf16>) -> tensor<2x4x3xbf16>
  return %r : tensor<2x4x3xbf16>
}
