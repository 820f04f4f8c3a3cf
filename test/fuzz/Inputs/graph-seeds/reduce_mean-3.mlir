func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>) {
  %r = "graph.reduce_mean"(%a0) {axes = [-1], keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}
