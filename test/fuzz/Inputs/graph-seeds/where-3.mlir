func.func @main(%a0: tensor<2x1x4xi1>, %a1: tensor<3x4xf32>, %a2: tensor<2x3x1xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.where"(%a0, %a1, %a2) : (tensor<2x1x4xi1>, tensor<3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
