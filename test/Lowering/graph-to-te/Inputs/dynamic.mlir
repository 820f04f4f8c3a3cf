// Graph ops on dynamic shapes (every `?` is bound to the same size per run
// by the differential test test/unit/test_graph_to_te.c).
func.func @elementwise(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "graph.add"(%x, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = "graph.gelu"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
func.func @norms(%x: tensor<?x?xf32>, %s: tensor<4xf32>, %y: tensor<?x4xf32>) -> (tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x1xf32>, tensor<1x1xf32>) {
  %0 = "graph.softmax"(%x) {axis = 1} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "graph.layer_norm"(%y, %s, %s) : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %2 = "graph.rms_norm"(%y, %s) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = "graph.reduce_mean"(%x) {axes = [1]} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %4 = "graph.reduce_mean"(%x) : (tensor<?x?xf32>) -> tensor<1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x1xf32>, tensor<1x1xf32>
}
func.func @layer_norm_dyn(%x: tensor<2x?xf32>, %s: tensor<?xf32>) -> tensor<2x?xf32> {
  %0 = "graph.layer_norm"(%x, %s) : (tensor<2x?xf32>, tensor<?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
func.func @matmul(%a: tensor<?x8xf32>, %b: tensor<8x3xf32>) -> tensor<?x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<?x8xf32>, tensor<8x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @conv(%x: tensor<?x2x7x7xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<?x3x4x4xf32> {
  %0 = "graph.conv2d"(%x, %w, %b) {strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<?x2x7x7xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<?x3x4x4xf32>
  return %0 : tensor<?x3x4x4xf32>
}
func.func @conv_spatial(%x: tensor<1x2x?x?xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x?x?xf32> {
  %0 = "graph.conv2d"(%x, %w) {pads = [1, 1, 1, 1]} : (tensor<1x2x?x?xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x?x?xf32>
  return %0 : tensor<1x3x?x?xf32>
}
func.func @attention(%q: tensor<1x2x?x4xf32>, %k: tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf32> {
  %0 = "graph.attention"(%q, %k, %k) {causal = true} : (tensor<1x2x?x4xf32>, tensor<1x2x?x4xf32>, tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf32>
  return %0 : tensor<1x2x?x4xf32>
}
func.func @movement(%x: tensor<?x3xf32>, %y: tensor<?x2xf32>) -> (tensor<3x?xf32>, tensor<?x5xf32>, tensor<?x1x3xf32>, tensor<?x3xf32>) {
  %0 = "graph.transpose"(%x) : (tensor<?x3xf32>) -> tensor<3x?xf32>
  %1 = "graph.concat"(%x, %y) {axis = 1} : (tensor<?x3xf32>, tensor<?x2xf32>) -> tensor<?x5xf32>
  %2 = "graph.unsqueeze"(%x) {axes = [1]} : (tensor<?x3xf32>) -> tensor<?x1x3xf32>
  %3 = "graph.squeeze"(%2) {axes = [1]} : (tensor<?x1x3xf32>) -> tensor<?x3xf32>
  return %0, %1, %2, %3 : tensor<3x?xf32>, tensor<?x5xf32>, tensor<?x1x3xf32>, tensor<?x3xf32>
}
func.func @gather(%d: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @scatter(%d: tensor<?x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<?x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @reshape_dyn(%x: tensor<?x2x4xf32>, %y: tensor<?x8xf32>, %z: tensor<?x1x6xf32>) -> (tensor<?x8xf32>, tensor<?x2x4xf32>, tensor<?x8xf32>, tensor<?x3x2xf32>) {
  %0 = "graph.reshape"(%x) {shape = [0, -1]} : (tensor<?x2x4xf32>) -> tensor<?x8xf32>
  %1 = "graph.reshape"(%y) {shape = [0, 2, 4]} : (tensor<?x8xf32>) -> tensor<?x2x4xf32>
  %2 = "graph.flatten"(%x) {axis = 1} : (tensor<?x2x4xf32>) -> tensor<?x8xf32>
  %3 = "graph.reshape"(%z) {shape = [-1, 3, 2]} : (tensor<?x1x6xf32>) -> tensor<?x3x2xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x2x4xf32>, tensor<?x8xf32>, tensor<?x3x2xf32>
}
func.func @concat_dyn(%x: tensor<?x2xbf16>, %y: tensor<1x2xbf16>, %z: tensor<?x2xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xbf16>) {
  %0 = "graph.concat"(%x, %y) {axis = 0} : (tensor<?x2xbf16>, tensor<1x2xbf16>) -> tensor<?x2xbf16>
  %1 = "graph.concat"(%y, %x, %y, %z) {axis = 0} : (tensor<1x2xbf16>, tensor<?x2xbf16>, tensor<1x2xbf16>, tensor<?x2xbf16>) -> tensor<?x2xbf16>
  %2 = "graph.concat"(%x, %x) {axis = 0} : (tensor<?x2xbf16>, tensor<?x2xbf16>) -> tensor<?x2xbf16>
  return %0, %1, %2 : tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xbf16>
}
