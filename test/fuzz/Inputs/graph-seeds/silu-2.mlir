func.func @main(%a0: tensor<2x3xf64>) -> (tensor<2x3xf64>) {
  %r = "graph.silu"(%a0) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}
