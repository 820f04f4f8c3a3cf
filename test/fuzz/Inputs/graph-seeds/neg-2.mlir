func.func @main(%a0: tensor<3x4xi32>) -> (tensor<3x4xi32>) {
  %r = "graph.neg"(%a0) : (tensor<3x4xi32>) -> tensor<3x4xi32>
  return %r : tensor<3x4xi32>
}
