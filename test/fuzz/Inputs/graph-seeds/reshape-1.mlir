func.func @main(%a0: tensor<2x3x4xi64>) -> (tensor<2x12xi64>) {
  %r = "graph.reshape"(%a0) {shape = [0, -1]} : (tensor<2x3x4xi64>) -> tensor<2x12xi64>
  return %r : tensor<2x12xi64>
}
