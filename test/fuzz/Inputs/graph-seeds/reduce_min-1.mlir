func.func @main(%a0: tensor<3x4xi1>) -> (tensor<3xi1>) {
  %r = "graph.reduce_min"(%a0) {axes = [1], keepdims = false} : (tensor<3x4xi1>) -> tensor<3xi1>
  return %r : tensor<3xi1>
}
