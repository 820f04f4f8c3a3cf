func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "graph.identity"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
