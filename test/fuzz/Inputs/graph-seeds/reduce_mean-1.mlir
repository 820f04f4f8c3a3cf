func.func @main(%a0: tensor<4x6xf16>) -> (tensor<4x1xf16>) {
  %r = "graph.reduce_mean"(%a0) {axes = [1]} : (tensor<4x6xf16>) -> tensor<4x1xf16>
  return %r : tensor<4x1xf16>
}
