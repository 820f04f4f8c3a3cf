func.func @main(%a0: tensor<2x3x5x5xf32>, %a1: tensor<3x1x3x3xf32>, %a2: tensor<3xf32>) -> (tensor<2x3x5x5xf32>) {
  %r = "graph.conv2d"(%a0, %a1, %a2) {group = 3, pads = [1, 1, 1, 1]} : (tensor<2x3x5x5xf32>, tensor<3x1x3x3xf32>, tensor<3xf32>) -> tensor<2x3x5x5xf32>
  return %r : tensor<2x3x5x5xf32>
}
