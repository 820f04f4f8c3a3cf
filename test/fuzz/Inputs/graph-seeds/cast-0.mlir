func.func @main(%a0: tensor<3x4xi32>) -> (tensor<3x4xi64>) {
  %r = "graph.cast"(%a0) {to = i64} : (tensor<3x4xi32>) -> tensor<3x4xi64>
  return %r : tensor<3x4xi64>
}
