func.func @main(%a0: tensor<f32>) -> (tensor<f32>) {
  %r = "graph.tanh"(%a0) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
