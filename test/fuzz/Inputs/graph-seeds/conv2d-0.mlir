func.func @main(%a0: tensor<1x2x9x8xf32>, %a1: tensor<2x2x3x2xf32>, %a2: tensor<2xf32>) -> (tensor<1x2x4x8xf32>) {
  %r = "graph.conv2d"(%a0, %a1, %a2) {pads = [1, 0, 2, 1], strides = [2, 1], dilations = [2, 1]} : (tensor<1x2x9x8xf32>, tensor<2x2x3x2xf32>, tensor<2xf32>) -> tensor<1x2x4x8xf32>
  return %r : tensor<1x2x4x8xf32>
}
