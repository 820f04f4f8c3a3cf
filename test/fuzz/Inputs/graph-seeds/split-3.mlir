func.func @main(%a0: tensor<6x4xf32>) -> (tensor<1x4xf32>, tensor<2x4xf32>, tensor<3x4xf32>) {
  %r:3 = "graph.split"(%a0) {axis = 0, split = [1, 2, 3]} : (tensor<6x4xf32>) -> (tensor<1x4xf32>, tensor<2x4xf32>, tensor<3x4xf32>)
  return %r#0, %r#1, %r#2 : tensor<1x4xf32>, tensor<2x4xf32>, tensor<3x4xf32>
}
