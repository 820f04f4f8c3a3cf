func.func @main(%a0: tensor<2x1x6x3xi32>) -> (tensor<2x9x2x1xi32>) {
  %r = "graph.space_to_depth"(%a0) {blocksize = 3} : (tensor<2x1x6x3xi32>) -> tensor<2x9x2x1xi32>
  return %r : tensor<2x9x2x1xi32>
}
