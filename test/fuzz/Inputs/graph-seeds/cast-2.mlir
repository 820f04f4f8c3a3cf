func.func @main(%a0: tensor<11xf32>) -> (tensor<11xbf16>) {
  %r = "graph.cast"(%a0) {to = bf16} : (tensor<11xf32>) -> tensor<11xbf16>
  return %r : tensor<11xbf16>
}
