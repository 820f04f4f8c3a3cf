func.func @main(%a0: tensor<2x3x1xf32>, %a1: tensor<1x4xf32>) -> (tensor<2x3x4xf32>) {
  %r = "graph.matmul"(%a0, %a1) : (tensor<2x3x1xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
