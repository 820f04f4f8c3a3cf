func.func @main(%a0: tensor<3x4xf32>, %a1: tensor<3x1xi64>, %a2: tensor<3x4xf32>) -> (tensor<3x4xf32>) {
  %r = "graph.scatter_nd"(%a0, %a1, %a2) {reduction = "min"} : (tensor<3x4xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
