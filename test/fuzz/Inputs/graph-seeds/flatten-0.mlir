func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<2x12xf32>) {
  %r = "graph.flatten"(%a0) : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %r : tensor<2x12xf32>
}
