func.func @main(%a0: tensor<2x1xf32>, %a1: tensor<1x3xf32>) -> (tensor<2x3xf32>) {
  %r = "graph.mul"(%a0, %a1) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
