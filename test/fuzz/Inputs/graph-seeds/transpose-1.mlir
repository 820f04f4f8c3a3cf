func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<4x3x2xf32>) {
  %r = "graph.transpose"(%a0) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %r : tensor<4x3x2xf32>
}
