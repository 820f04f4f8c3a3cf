func.func @main(%a0: tensor<2x2x4x8xf32>, %a1: tensor<2x2x4x8xf32>, %a2: tensor<2x2x4x8xf32>) -> (tensor<2x2x4x8xf32>) {
  %r = "graph.attention"(%a0, %a1, %a2) : (tensor<2x2x4x8xf32>, tensor<2x2x4x8xf32>, tensor<2x2x4x8xf32>) -> tensor<2x2x4x8xf32>
  return %r : tensor<2x2x4x8xf32>
}
