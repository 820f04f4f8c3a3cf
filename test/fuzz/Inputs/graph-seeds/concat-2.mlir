func.func @main(%a0: tensor<2x1x3xf32>, %a1: tensor<2x4x3xf32>, %a2: tensor<2x2x3xf32>) -> (tensor<2x7x3xf32>) {
  %r = "graph.concat"(%a0, %a1, %a2) {axis = 1} : (tensor<2x1x3xf32>, tensor<2x4x3xf32>, tensor<2x2x3xf32>) -> tensor<2x7x3xf32>
  return %r : tensor<2x7x3xf32>
}
