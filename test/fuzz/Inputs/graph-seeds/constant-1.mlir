func.func @main(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %b = "graph.constant"() {value = dense<[0.5, -1.0, 0.25, 2.0, 0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %0 = "graph.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %1 = "graph.add"(%0, %b) : (tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  %2 = "graph.softmax"(%1) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %2 : tensor<2x3x5xf32>
}
