func.func @main(%a0: tensor<f32>, %a1: tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %r = "graph.sub"(%a0, %a1) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
