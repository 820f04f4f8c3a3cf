func.func @main(%a0: tensor<2x7xf16>) -> (tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x1xf16>) {
  %r:3 = "graph.split"(%a0) {axis = 1} : (tensor<2x7xf16>) -> (tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x1xf16>)
  return %r#0, %r#1, %r#2 : tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x1xf16>
}
