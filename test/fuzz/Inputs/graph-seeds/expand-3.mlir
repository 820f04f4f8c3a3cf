func.func @main(%a0: tensor<1xi1>) -> (tensor<2x2xi1>) {
  %r = "graph.expand"(%a0) {shape = [2, 2]} : (tensor<1xi1>) -> tensor<2x2xi1>
  return %r : tensor<2x2xi1>
}
