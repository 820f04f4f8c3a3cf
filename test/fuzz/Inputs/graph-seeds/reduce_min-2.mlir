func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<3xf32>) {
  %r = "graph.reduce_min"(%a0) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
