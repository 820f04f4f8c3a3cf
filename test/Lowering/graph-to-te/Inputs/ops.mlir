// Every graph op on small static shapes, one function per op (or per
// variant), for the differential test test/unit/test_graph_to_te.c.
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
func.func @matmul_bcast(%a: tensor<2x1x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x3x5xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x3x5xf32>
  return %0 : tensor<2x3x3x5xf32>
}
func.func @matvec(%a: tensor<4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<5xf32>) -> (tensor<2x5xf32>, tensor<2x4xf32>) {
  %0 = "graph.matmul"(%a, %b) : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  %1 = "graph.matmul"(%b, %c) : (tensor<2x4x5xf32>, tensor<5xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x4xf32>
}
func.func @matmul_i32(%a: tensor<3x4xi32>, %b: tensor<4x2xi32>) -> tensor<3x2xi32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<3x4xi32>, tensor<4x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}
func.func @conv2d(%x: tensor<1x4x8x8xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "graph.conv2d"(%x, %w, %b) {strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], group = 2} : (tensor<1x4x8x8xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}
func.func @conv2d_dilated(%x: tensor<2x3x9x7xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x5x6xf32> {
  %0 = "graph.conv2d"(%x, %w) {dilations = [2, 1], pads = [0, 0, 0, 0]} : (tensor<2x3x9x7xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x5x6xf32>
  return %0 : tensor<2x4x5x6xf32>
}
func.func @conv2d_same(%x: tensor<1x2x5x5xf16>, %w: tensor<2x2x3x3xf16>, %b: tensor<2xf16>) -> tensor<1x2x3x3xf16> {
  %0 = "graph.conv2d"(%x, %w, %b) {auto_pad = "SAME_UPPER", strides = [2, 2]} : (tensor<1x2x5x5xf16>, tensor<2x2x3x3xf16>, tensor<2xf16>) -> tensor<1x2x3x3xf16>
  return %0 : tensor<1x2x3x3xf16>
}
func.func @unary(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.gelu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "graph.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "graph.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.log"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "graph.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "graph.rsqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = "graph.erf"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = "graph.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = "graph.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @unary_int(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = "graph.relu"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = "graph.neg"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = "graph.abs"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}
func.func @binary(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %c: tensor<3x1xf32>, %i: tensor<2x3x4xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.add"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.sub"(%c, %x) : (tensor<3x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %2 = "graph.mul"(%x, %c) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %3 = "graph.div"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %4 = "graph.pow"(%x, %i) : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  %5 = "graph.max"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %6 = "graph.min"(%x, %c) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %7 = "graph.pow"(%x, %x) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
func.func @binary_int(%a: tensor<4x5xi64>, %b: tensor<5xi64>) -> (tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>) {
  %0 = "graph.add"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  %1 = "graph.sub"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  %2 = "graph.mul"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  %3 = "graph.div"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  %4 = "graph.max"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  %5 = "graph.min"(%a, %b) : (tensor<4x5xi64>, tensor<5xi64>) -> tensor<4x5xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>, tensor<4x5xi64>
}
func.func @where(%c: tensor<2x3x4xi1>, %x: tensor<2x3x4xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = "graph.where"(%c, %x, %v) : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
func.func @cast(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>, %c: tensor<2x3xi1>) -> (tensor<2x3xbf16>, tensor<2x3xf16>, tensor<2x3xi32>, tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi64>) {
  %0 = "graph.cast"(%x) {to = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %1 = "graph.cast"(%0) {to = f16} : (tensor<2x3xbf16>) -> tensor<2x3xf16>
  %s = "graph.constant"() {value = dense<3.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %xs = "graph.mul"(%x, %s) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.cast"(%xs) {to = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %3 = "graph.cast"(%x) {to = i1} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = "graph.cast"(%i) {to = f64} : (tensor<2x3xi64>) -> tensor<2x3xf64>
  %5 = "graph.cast"(%i) {to = i32} : (tensor<2x3xi64>) -> tensor<2x3xi32>
  %6 = "graph.cast"(%c) {to = f32} : (tensor<2x3xi1>) -> tensor<2x3xf32>
  %7 = "graph.cast"(%c) {to = i64} : (tensor<2x3xi1>) -> tensor<2x3xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xbf16>, tensor<2x3xf16>, tensor<2x3xi32>, tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi64>
}
func.func @softmax(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.softmax"(%x) {axis = -1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.softmax"(%x) {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>, %s2: tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.layer_norm"(%x, %s, %b) {axis = -1, epsilon = 1.0e-5 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.layer_norm"(%x, %s2) {axis = 1} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
func.func @rms_norm(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = "graph.rms_norm"(%x, %s) {axis = 2} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
func.func @reduce(%x: tensor<2x3x4xf32>, %c: tensor<2x3x4xi1>, %i: tensor<2x3x4xi32>) -> (tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<3xi1>, tensor<3xf32>, tensor<2x1xi32>, tensor<2x3x4xf32>) {
  %0 = "graph.reduce_sum"(%x) {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = "graph.reduce_mean"(%x) {axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %2 = "graph.reduce_max"(%x) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %3 = "graph.reduce_min"(%c) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  %4 = "graph.reduce_min"(%x) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %5 = "graph.reduce_mean"(%i) {axes = [1, 2]} : (tensor<2x3x4xi32>) -> tensor<2x1x1xi32>
  %6 = "graph.reduce_sum"(%x) {axes = [], noop_with_empty_axes = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %r = "graph.reshape"(%5) {shape = [2, 1]} : (tensor<2x1x1xi32>) -> tensor<2x1xi32>
  return %0, %1, %2, %3, %4, %r, %6 : tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<3xi1>, tensor<3xf32>, tensor<2x1xi32>, tensor<2x3x4xf32>
}
func.func @attention(%q: tensor<1x4x3x8xf32>, %k: tensor<1x2x5x8xf32>, %v: tensor<1x2x5x6xf32>) -> (tensor<1x4x3x6xf32>, tensor<1x4x3x6xf32>) {
  %0 = "graph.attention"(%q, %k, %v) {causal = true} : (tensor<1x4x3x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x5x6xf32>) -> tensor<1x4x3x6xf32>
  %1 = "graph.attention"(%q, %k, %v) {scale = 0.5 : f64} : (tensor<1x4x3x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x5x6xf32>) -> tensor<1x4x3x6xf32>
  return %0, %1 : tensor<1x4x3x6xf32>, tensor<1x4x3x6xf32>
}
func.func @attention_masked_rows(%q: tensor<1x2x5x4xbf16>, %k: tensor<1x2x3x4xbf16>) -> tensor<1x2x5x4xbf16> {
  %0 = "graph.attention"(%q, %k, %k) {causal = true} : (tensor<1x2x5x4xbf16>, tensor<1x2x3x4xbf16>, tensor<1x2x3x4xbf16>) -> tensor<1x2x5x4xbf16>
  return %0 : tensor<1x2x5x4xbf16>
}
func.func @constant() -> (tensor<2x2xf32>, tensor<3xi64>) {
  %0 = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "graph.constant"() {value = dense<7> : tensor<3xi64>} : () -> tensor<3xi64>
  return %0, %1 : tensor<2x2xf32>, tensor<3xi64>
}
func.func @reshape(%x: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>, tensor<2x12xf32>, tensor<24xf32>) {
  %0 = "graph.reshape"(%x) {shape = [6, 4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "graph.reshape"(%x) {shape = [4, -1]} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %2 = "graph.flatten"(%x) {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %3 = "graph.reshape"(%x) {shape = [24]} : (tensor<2x3x4xf32>) -> tensor<24xf32>
  return %0, %1, %2, %3 : tensor<6x4xf32>, tensor<4x6xf32>, tensor<2x12xf32>, tensor<24xf32>
}
func.func @transpose(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<4x3x2xf32>) {
  %0 = "graph.transpose"(%x) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = "graph.transpose"(%x) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0, %1 : tensor<4x2x3xf32>, tensor<4x3x2xf32>
}
func.func @split(%x: tensor<2x7xf32>) -> (tensor<2x2xf32>, tensor<2x5xf32>, tensor<2x4xf32>, tensor<2x3xf32>) {
  %0:2 = "graph.split"(%x) {axis = 1, split = [2, 5]} : (tensor<2x7xf32>) -> (tensor<2x2xf32>, tensor<2x5xf32>)
  %1:2 = "graph.split"(%x) {axis = -1} : (tensor<2x7xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>)
  return %0#0, %0#1, %1#0, %1#1 : tensor<2x2xf32>, tensor<2x5xf32>, tensor<2x4xf32>, tensor<2x3xf32>
}
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x2xf32>) -> (tensor<2x6xf32>, tensor<4x3xf32>) {
  %0 = "graph.concat"(%a, %b, %c) {axis = 1} : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  %1 = "graph.concat"(%a, %a) {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<2x6xf32>, tensor<4x3xf32>
}
func.func @slice(%x: tensor<5x6xf32>) -> (tensor<2x3xf32>, tensor<5x2xf32>) {
  %0 = "graph.slice"(%x) {starts = [1, 0], ends = [3, 6], steps = [1, 2]} : (tensor<5x6xf32>) -> tensor<2x3xf32>
  %1 = "graph.slice"(%x) {starts = [-1], ends = [-4], axes = [1], steps = [-2]} : (tensor<5x6xf32>) -> tensor<5x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<5x2xf32>
}
func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = "graph.expand"(%x) {shape = [2, 1, 4]} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
func.func @squeeze(%x: tensor<2x1x3x1xf32>) -> (tensor<2x3xf32>, tensor<2x3x1xf32>, tensor<1x2x1x3x1xf32>) {
  %0 = "graph.squeeze"(%x) : (tensor<2x1x3x1xf32>) -> tensor<2x3xf32>
  %1 = "graph.squeeze"(%x) {axes = [1]} : (tensor<2x1x3x1xf32>) -> tensor<2x3x1xf32>
  %2 = "graph.unsqueeze"(%x) {axes = [0]} : (tensor<2x1x3x1xf32>) -> tensor<1x2x1x3x1xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3x1xf32>, tensor<1x2x1x3x1xf32>
}
func.func @gather(%d: tensor<5x4xf32>, %i: tensor<2x3xi64>, %j: tensor<3xi32>) -> (tensor<2x3x4xf32>, tensor<5x3xf32>) {
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  %1 = "graph.gather"(%d, %j) {axis = 1} : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<5x3xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<5x3xf32>
}
func.func @scatter_nd(%d: tensor<4x3xf32>, %i: tensor<3x1xi64>, %u: tensor<3x3xf32>, %j: tensor<2x2xi64>, %v: tensor<2xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<4x3xf32>, tensor<3x1xi64>, tensor<3x3xf32>) -> tensor<4x3xf32>
  %1 = "graph.scatter_nd"(%d, %i, %u) {reduction = "add"} : (tensor<4x3xf32>, tensor<3x1xi64>, tensor<3x3xf32>) -> tensor<4x3xf32>
  %2 = "graph.scatter_nd"(%d, %j, %v) {reduction = "max"} : (tensor<4x3xf32>, tensor<2x2xi64>, tensor<2xf32>) -> tensor<4x3xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}
func.func @tile(%x: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %0 = "graph.tile"(%x) {repeats = [2, 3]} : (tensor<2x3xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}
func.func @pad(%x: tensor<3x4xf32>) -> (tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<2x3xf32>) {
  %0 = "graph.pad"(%x) {pads = [1, 2, 1, 1], value = 0.5 : f64} : (tensor<3x4xf32>) -> tensor<5x7xf32>
  %1 = "graph.pad"(%x) {pads = [1, 2, 1, 1], mode = "reflect"} : (tensor<3x4xf32>) -> tensor<5x7xf32>
  %2 = "graph.pad"(%x) {pads = [1, 2, 1, 1], mode = "edge"} : (tensor<3x4xf32>) -> tensor<5x7xf32>
  %3 = "graph.pad"(%x) {pads = [0, -1, -1, 0]} : (tensor<3x4xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<2x3xf32>
}
func.func @depth_space(%x: tensor<1x8x2x3xf32>) -> (tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>, tensor<1x32x1x1xf32>) {
  %0 = "graph.depth_to_space"(%x) {blocksize = 2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  %1 = "graph.depth_to_space"(%x) {blocksize = 2, mode = "CRD"} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  %2 = "graph.space_to_depth"(%0) {blocksize = 2} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32>
  %3 = "graph.reshape"(%2) {shape = [1, 48, 1, 1]} : (tensor<1x8x2x3xf32>) -> tensor<1x48x1x1xf32>
  %4 = "graph.slice"(%3) {starts = [0], ends = [32], axes = [1]} : (tensor<1x48x1x1xf32>) -> tensor<1x32x1x1xf32>
  return %0, %1, %4 : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>, tensor<1x32x1x1xf32>
}
func.func @identity(%x: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = "graph.identity"(%x) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}
func.func @half_composites(%x: tensor<2x5xf16>, %s: tensor<5xf16>, %y: tensor<3x4xbf16>) -> (tensor<2x5xf16>, tensor<2x5xf16>, tensor<3x4xbf16>, tensor<3x1xbf16>) {
  %0 = "graph.softmax"(%x) : (tensor<2x5xf16>) -> tensor<2x5xf16>
  %1 = "graph.layer_norm"(%x, %s, %s) : (tensor<2x5xf16>, tensor<5xf16>, tensor<5xf16>) -> tensor<2x5xf16>
  %2 = "graph.gelu"(%y) : (tensor<3x4xbf16>) -> tensor<3x4xbf16>
  %3 = "graph.reduce_mean"(%y) {axes = [1]} : (tensor<3x4xbf16>) -> tensor<3x1xbf16>
  return %0, %1, %2, %3 : tensor<2x5xf16>, tensor<2x5xf16>, tensor<3x4xbf16>, tensor<3x1xbf16>
}
func.func @int_ops(%a: tensor<3x4xi32>, %b: tensor<4xi32>, %c: tensor<3x4xi64>) -> (tensor<3x4xi32>, tensor<3xi64>, tensor<4xi64>, tensor<3x4xi32>) {
  %0 = "graph.pow"(%a, %b) : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %1 = "graph.reduce_max"(%c) {axes = [1], keepdims = false} : (tensor<3x4xi64>) -> tensor<3xi64>
  %2 = "graph.reduce_sum"(%c) {axes = [0], keepdims = false} : (tensor<3x4xi64>) -> tensor<4xi64>
  %m = "graph.cast"(%a) {to = i1} : (tensor<3x4xi32>) -> tensor<3x4xi1>
  %3 = "graph.where"(%m, %a, %b) : (tensor<3x4xi1>, tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  return %0, %1, %2, %3 : tensor<3x4xi32>, tensor<3xi64>, tensor<4xi64>, tensor<3x4xi32>
}
func.func @pad_wrap(%x: tensor<3x4xf32>) -> tensor<5x8xf32> {
  %0 = "graph.pad"(%x) {pads = [1, 2, 1, 2], mode = "wrap"} : (tensor<3x4xf32>) -> tensor<5x8xf32>
  return %0 : tensor<5x8xf32>
}
func.func @scatter_nd_2d(%d: tensor<3x4x2xf32>, %i: tensor<2x2x2xi64>, %u: tensor<2x2x2xf32>) -> (tensor<3x4x2xf32>, tensor<3x4x2xf32>, tensor<3x4x2xf32>) {
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<3x4x2xf32>, tensor<2x2x2xi64>, tensor<2x2x2xf32>) -> tensor<3x4x2xf32>
  %1 = "graph.scatter_nd"(%d, %i, %u) {reduction = "mul"} : (tensor<3x4x2xf32>, tensor<2x2x2xi64>, tensor<2x2x2xf32>) -> tensor<3x4x2xf32>
  %2 = "graph.scatter_nd"(%d, %i, %u) {reduction = "min"} : (tensor<3x4x2xf32>, tensor<2x2x2xi64>, tensor<2x2x2xf32>) -> tensor<3x4x2xf32>
  return %0, %1, %2 : tensor<3x4x2xf32>, tensor<3x4x2xf32>, tensor<3x4x2xf32>
}
