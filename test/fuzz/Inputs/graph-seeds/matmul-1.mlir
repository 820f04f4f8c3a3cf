func.func @main(%a0: tensor<4xf32>, %a1: tensor<4x5xf32>) -> (tensor<5xf32>) {
  %r = "graph.matmul"(%a0, %a1) : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}
