func.func @main(%a0: tensor<1x2x3x4xf32>, %a1: tensor<1x2x?x4xf32>, %a2: tensor<1x2x?x4xf32>) -> (tensor<1x2x3x4xf32>) {
  %r = "graph.attention"(%a0, %a1, %a2) {causal = true} : (tensor<1x2x3x4xf32>, tensor<1x2x?x4xf32>, tensor<1x2x?x4xf32>) -> tensor<1x2x3x4xf32>
  return %r : tensor<1x2x3x4xf32>
}
