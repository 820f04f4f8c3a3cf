func.func @main(%x: tensor<2x16xf32>) -> (tensor<2x5xf32>, tensor<2x11xf32>) {
  %e = graph.mul %x, %x : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %s:2 = graph.split %e {axis = 1, split = [5, 11]} : (tensor<2x16xf32>) -> (tensor<2x5xf32>, tensor<2x11xf32>)
  return %s#0, %s#1 : tensor<2x5xf32>, tensor<2x11xf32>
}
