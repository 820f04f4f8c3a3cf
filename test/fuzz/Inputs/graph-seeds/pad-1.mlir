func.func @main(%a0: tensor<2x3xf32>) -> (tensor<3x6xf32>) {
  %r = "graph.pad"(%a0) {pads = [1, 2, 0, 1], mode = "constant", value = 1.50000000000000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}
