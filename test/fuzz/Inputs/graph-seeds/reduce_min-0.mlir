func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<4xf32>) {
  %r = "graph.reduce_min"(%a0) {axes = [-3, -2], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
