func.func @main(%a0: tensor<4x6xf32>, %a1: tensor<6xf32>) -> (tensor<4x6xf32>) {
  %r = "graph.rms_norm"(%a0, %a1) {axis = -1, epsilon = 9.99999999999999955e-07 : f64} : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
