func.func @main(%a0: tensor<1x18x2x2xbf16>) -> (tensor<1x2x6x6xbf16>) {
  %r = "graph.depth_to_space"(%a0) {blocksize = 3, mode = "DCR"} : (tensor<1x18x2x2xbf16>) -> tensor<1x2x6x6xbf16>
  return %r : tensor<1x2x6x6xbf16>
}
