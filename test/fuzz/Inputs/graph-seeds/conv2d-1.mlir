func.func @main(%a0: tensor<1x2x5x5xf32>, %a1: tensor<3x2x3x3xf32>, %a2: tensor<3xf32>) -> (tensor<1x3x3x3xf32>) {
  %r = "graph.conv2d"(%a0, %a1, %a2) : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}
