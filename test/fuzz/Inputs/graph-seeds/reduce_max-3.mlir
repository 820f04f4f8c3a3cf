func.func @main(%a0: tensor<3x5xi64>) -> (tensor<5xi64>) {
  %r = "graph.reduce_max"(%a0) {axes = [0], keepdims = false} : (tensor<3x5xi64>) -> tensor<5xi64>
  return %r : tensor<5xi64>
}
