func.func @main(%a0: tensor<8xf32>, %a1: tensor<4x1xi64>, %a2: tensor<4xf32>) -> (tensor<8xf32>) {
  %r = "graph.scatter_nd"(%a0, %a1, %a2) : (tensor<8xf32>, tensor<4x1xi64>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
