func.func @main(%a0: tensor<?x2xbf16>, %a1: tensor<1x2xbf16>) -> (tensor<?x?xbf16>) {
  %r = "graph.concat"(%a0, %a1) {axis = 0} : (tensor<?x2xbf16>, tensor<1x2xbf16>) -> tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}
