func.func @main(%a0: tensor<3x4xi32>) -> (tensor<3x1x4x1xi32>) {
  %r = "graph.unsqueeze"(%a0) {axes = [1, -1]} : (tensor<3x4xi32>) -> tensor<3x1x4x1xi32>
  return %r : tensor<3x1x4x1xi32>
}
