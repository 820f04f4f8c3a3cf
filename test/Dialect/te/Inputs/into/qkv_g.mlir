func.func @main(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>, %kc: tensor<2x8x2x4xf32>, %vc: tensor<2x8x2x4xf32>, %kv_index: tensor<2x1x2xi64> {vtc.input = {value = dense<[[[0, 5]], [[1, 2]]]> : tensor<2x1x2xi64>}}) -> (tensor<2x8x4xf32>, tensor<2x8x2x4xf32>, tensor<2x8x2x4xf32>) {
  %qkv = graph.matmul %x, %w : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x48xf32>
  %s:3 = graph.split %qkv {axis = 1, split = [32, 8, 8]} : (tensor<2x48xf32>) -> (tensor<2x32xf32>, tensor<2x8xf32>, tensor<2x8xf32>)
  %q = graph.reshape %s#0 {shape = [2, 8, 4]} : (tensor<2x32xf32>) -> tensor<2x8x4xf32>
  %k = graph.reshape %s#1 {shape = [2, 1, 2, 4]} : (tensor<2x8xf32>) -> tensor<2x1x2x4xf32>
  %v = graph.reshape %s#2 {shape = [2, 1, 2, 4]} : (tensor<2x8xf32>) -> tensor<2x1x2x4xf32>
  %ko = graph.scatter_nd %kc, %kv_index, %k : (tensor<2x8x2x4xf32>, tensor<2x1x2xi64>, tensor<2x1x2x4xf32>) -> tensor<2x8x2x4xf32>
  %vo = graph.scatter_nd %vc, %kv_index, %v : (tensor<2x8x2x4xf32>, tensor<2x1x2xi64>, tensor<2x1x2x4xf32>) -> tensor<2x8x2x4xf32>
  return %q, %ko, %vo : tensor<2x8x4xf32>, tensor<2x8x2x4xf32>, tensor<2x8x2x4xf32>
}
