func.func @main(%kv: tensor<1x2x6x8xf32>) -> tensor<1x8x6x8xf32> {
  %0 = "graph.unsqueeze"(%kv) {axes = [2]} : (tensor<1x2x6x8xf32>) -> tensor<1x2x1x6x8xf32>
  %1 = "graph.expand"(%0) {shape = [1, 2, 4, 6, 8]} : (tensor<1x2x1x6x8xf32>) -> tensor<1x2x4x6x8xf32>
  %2 = "graph.reshape"(%1) {shape = [1, 8, 6, 8]} : (tensor<1x2x4x6x8xf32>) -> tensor<1x8x6x8xf32>
  return %2 : tensor<1x8x6x8xf32>
}
