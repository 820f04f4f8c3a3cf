func.func @main(%a0: tensor<2x3x4xf32>, %a1: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.mul"(%a0, %a1) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
