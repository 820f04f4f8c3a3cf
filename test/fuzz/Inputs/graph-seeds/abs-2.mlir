func.func @main(%a0: tensor<2x3xf16>) -> (tensor<2x3xf16>) {
  %r = "graph.abs"(%a0) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}
