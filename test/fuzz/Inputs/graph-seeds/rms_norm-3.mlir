func.func @main(%a0: tensor<3x16xbf16>, %a1: tensor<16xbf16>) -> (tensor<3x16xbf16>) {
  %r = "graph.rms_norm"(%a0, %a1) {axis = -1, epsilon = 9.99999999999999955e-07 : f64} : (tensor<3x16xbf16>, tensor<16xbf16>) -> tensor<3x16xbf16>
  return %r : tensor<3x16xbf16>
}
