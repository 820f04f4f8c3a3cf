func.func @main(%a0: tensor<2x3xi32>) -> (tensor<4x4xi32>) {
  %r = "graph.pad"(%a0) {pads = [0, 1, 2, 0]} : (tensor<2x3xi32>) -> tensor<4x4xi32>
  return %r : tensor<4x4xi32>
}
