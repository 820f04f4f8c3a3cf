func.func @main(%a0: tensor<3x16xf16>, %a1: tensor<16xf16>, %a2: tensor<16xf16>) -> (tensor<3x16xf16>) {
  %r = "graph.layer_norm"(%a0, %a1, %a2) {axis = -1} : (tensor<3x16xf16>, tensor<16xf16>, tensor<16xf16>) -> tensor<3x16xf16>
  return %r : tensor<3x16xf16>
}
