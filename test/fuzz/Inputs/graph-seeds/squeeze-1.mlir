func.func @main(%a0: tensor<1x3x1x2xf16>) -> (tensor<3x2xf16>) {
  %r = "graph.squeeze"(%a0) : (tensor<1x3x1x2xf16>) -> tensor<3x2xf16>
  return %r : tensor<3x2xf16>
}
