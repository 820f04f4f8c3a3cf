func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<1x1x1xf32>) {
  %r = "graph.reduce_max"(%a0) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  return %r : tensor<1x1x1xf32>
}
