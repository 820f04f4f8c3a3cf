func.func @main(%a0: tensor<2x3xi1>) -> (tensor<3x2xi1>) {
  %r = "graph.transpose"(%a0) {perm = [1, 0]} : (tensor<2x3xi1>) -> tensor<3x2xi1>
  return %r : tensor<3x2xi1>
}
