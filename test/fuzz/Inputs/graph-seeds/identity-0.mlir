func.func @main(%a0: tensor<2x3xi1>) -> (tensor<2x3xi1>) {
  %r = "graph.identity"(%a0) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}
