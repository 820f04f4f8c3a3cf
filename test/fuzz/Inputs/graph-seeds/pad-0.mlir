func.func @main(%a0: tensor<1x2x3x3xf32>) -> (tensor<1x2x5x5xf32>) {
  %r = "graph.pad"(%a0) {pads = [0, 0, 1, 1, 0, 0, 1, 1], mode = "constant", value = -1.00000000000000000e+00 : f64} : (tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %r : tensor<1x2x5x5xf32>
}
