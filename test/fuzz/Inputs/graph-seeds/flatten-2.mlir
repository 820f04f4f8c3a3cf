func.func @main(%a0: tensor<2x3x4xf32>) -> (tensor<1x24xf32>) {
  %r = "graph.flatten"(%a0) {axis = 0} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  return %r : tensor<1x24xf32>
}
