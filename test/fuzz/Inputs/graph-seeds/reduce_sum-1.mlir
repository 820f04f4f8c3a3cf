func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.reduce_sum"(%a0) {noop_with_empty_axes = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
