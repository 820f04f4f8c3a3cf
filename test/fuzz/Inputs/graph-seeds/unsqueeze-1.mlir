func.func @main(%a0: tensor<3x4xi32>) -> (tensor<1x3x4xi32>) {
  %r = "graph.unsqueeze"(%a0) {axes = [0]} : (tensor<3x4xi32>) -> tensor<1x3x4xi32>
  return %r : tensor<1x3x4xi32>
}
