func.func @main(%a0: tensor<5x4xf32>, %a1: tensor<5xi64>) -> (tensor<5x4xf32>) {
  %r = "graph.gather"(%a0, %a1) : (tensor<5x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
