func.func @main(%a0: tensor<1x2x1x6x8xf32>) -> (tensor<1x2x4x6x8xf32>) {
  %r = "graph.expand"(%a0) {shape = [1, 2, 4, 6, 8]} : (tensor<1x2x1x6x8xf32>) -> tensor<1x2x4x6x8xf32>
  return %r : tensor<1x2x4x6x8xf32>
}
