func.func @main(%a0: tensor<2x8x2x3xi64>) -> (tensor<2x2x4x6xi64>) {
  %r = "graph.depth_to_space"(%a0) {blocksize = 2, mode = "CRD"} : (tensor<2x8x2x3xi64>) -> tensor<2x2x4x6xi64>
  return %r : tensor<2x2x4x6xi64>
}
