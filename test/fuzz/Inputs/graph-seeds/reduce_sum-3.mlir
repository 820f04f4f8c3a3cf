func.func @main(%a0: tensor<3x5xi32>) -> (tensor<3x1xi32>) {
  %r = "graph.reduce_sum"(%a0) {axes = [1]} : (tensor<3x5xi32>) -> tensor<3x1xi32>
  return %r : tensor<3x1xi32>
}
