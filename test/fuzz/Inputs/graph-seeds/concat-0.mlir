func.func @main(%a0: tensor<2x3xi64>, %a1: tensor<2x5xi64>) -> (tensor<2x8xi64>) {
  %r = "graph.concat"(%a0, %a1) {axis = -1} : (tensor<2x3xi64>, tensor<2x5xi64>) -> tensor<2x8xi64>
  return %r : tensor<2x8xi64>
}
