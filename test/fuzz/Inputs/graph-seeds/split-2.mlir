func.func @main(%a0: tensor<6x2xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>) {
  %r:3 = "graph.split"(%a0) : (tensor<6x2xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>)
  return %r#0, %r#1, %r#2 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>
}
