func.func @main(%a0: tensor<3x1xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.expand"(%a0) {shape = [2, 3, 4]} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
