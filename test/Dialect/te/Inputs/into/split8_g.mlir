func.func @main(%x: tensor<2x16xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %e = graph.mul %x, %x : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %s:2 = graph.split %e {axis = 1, split = [8, 8]} : (tensor<2x16xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>)
  return %s#0, %s#1 : tensor<2x8xf32>, tensor<2x8xf32>
}
