func.func @main(%a0: tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %r = "graph.rsqrt"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
