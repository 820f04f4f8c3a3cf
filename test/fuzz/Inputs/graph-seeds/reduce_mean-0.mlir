func.func @main(%a0: tensor<4x6xf64>) -> (tensor<4x1xf64>) {
  %r = "graph.reduce_mean"(%a0) {axes = [1]} : (tensor<4x6xf64>) -> tensor<4x1xf64>
  return %r : tensor<4x1xf64>
}
