func.func @main(%a0: tensor<6x4xf32>) -> (tensor<6x2xf32>, tensor<6x2xf32>) {
  %r:2 = "graph.split"(%a0) {axis = -1} : (tensor<6x4xf32>) -> (tensor<6x2xf32>, tensor<6x2xf32>)
  return %r#0, %r#1 : tensor<6x2xf32>, tensor<6x2xf32>
}
