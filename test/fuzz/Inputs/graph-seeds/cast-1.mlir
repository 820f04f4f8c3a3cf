func.func @main(%a0: tensor<?x?xbf16>) -> (tensor<4x3xf32>) {
  %r = "graph.cast"(%a0) {to = f32} : (tensor<?x?xbf16>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
