func.func @main(%a0: tensor<2x4x3x3xf32>, %a1: tensor<5x4x1x1xf32>) -> (tensor<2x5x3x3xf32>) {
  %r = "graph.conv2d"(%a0, %a1) : (tensor<2x4x3x3xf32>, tensor<5x4x1x1xf32>) -> tensor<2x5x3x3xf32>
  return %r : tensor<2x5x3x3xf32>
}
