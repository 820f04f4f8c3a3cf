func.func @main(%a0: tensor<1x8x2x3xf32>) -> (tensor<1x2x4x6xf32>) {
  %r = "graph.depth_to_space"(%a0) {blocksize = 2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  return %r : tensor<1x2x4x6xf32>
}
