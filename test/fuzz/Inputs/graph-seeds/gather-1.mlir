func.func @main(%a0: tensor<2x5x3xf16>, %a1: tensor<i64>) -> (tensor<2x5xf16>) {
  %r = "graph.gather"(%a0, %a1) {axis = -1} : (tensor<2x5x3xf16>, tensor<i64>) -> tensor<2x5xf16>
  return %r : tensor<2x5xf16>
}
