func.func @main(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = "graph.neg"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
