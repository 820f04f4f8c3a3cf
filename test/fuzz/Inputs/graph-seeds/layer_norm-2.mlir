func.func @main(%a0: tensor<3x8xf32>, %a1: tensor<8xf32>) -> (tensor<3x8xf32>) {
  %r = "graph.layer_norm"(%a0, %a1) : (tensor<3x8xf32>, tensor<8xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}
