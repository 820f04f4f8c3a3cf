func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>) {
  %r = "graph.reduce_max"(%a0) {axes = [1], keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %r : tensor<2x1x4xf32>
}
