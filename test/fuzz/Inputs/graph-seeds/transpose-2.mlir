func.func @main(%a0: tensor<2x3x4x5xi64>) -> (tensor<4x2x5x3xi64>) {
  %r = "graph.transpose"(%a0) {perm = [2, 0, 3, 1]} : (tensor<2x3x4x5xi64>) -> tensor<4x2x5x3xi64>
  return %r : tensor<4x2x5x3xi64>
}
