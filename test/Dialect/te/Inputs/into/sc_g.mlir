func.func @main(%data: tensor<5x4xf32>, %idx: tensor<3x1xi64> {vtc.input = {value = dense<[[1], [3], [1]]> : tensor<3x1xi64>}}, %upd: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %r = graph.scatter_nd %data, %idx, %upd : (tensor<5x4xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
