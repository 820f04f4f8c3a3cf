func.func @main(%a0: tensor<2x3x4xi1>) -> (tensor<2x1x3x1x4xi1>) {
  %r = "graph.reshape"(%a0) {shape = [2, 1, 3, 1, 4]} : (tensor<2x3x4xi1>) -> tensor<2x1x3x1x4xi1>
  return %r : tensor<2x1x3x1x4xi1>
}
