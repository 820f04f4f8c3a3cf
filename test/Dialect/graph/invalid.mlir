// Verifier errors of the graph dialect: one per chunk, each with its message.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: tensor<2x64xf32>, %b: tensor<32x4xf32>) {
  // expected-error@+1 {{'graph.matmul' op contraction dimensions differ: 64 vs 32}}
  %0 = "graph.matmul"(%a, %b) : (tensor<2x64xf32>, tensor<32x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<4x4xf16>) {
  // expected-error@+1 {{'graph.matmul' op right operand must have element type f32, but has f16}}
  %0 = "graph.matmul"(%a, %b) : (tensor<2x4xf32>, tensor<4x4xf16>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.relu' op result type tensor<2x5xf32> is incompatible with the inferred type tensor<2x4xf32>}}
  %0 = "graph.relu"(%a) : (tensor<2x4xf32>) -> tensor<2x5xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xi32>) {
  // expected-error@+1 {{'graph.exp' op operand must have element type one of f32, f16, bf16, f64, but has i32}}
  %0 = "graph.exp"(%a) : (tensor<2x4xi32>) -> tensor<2x4xi32>
  return
}
// -----
func.func @f(%a: tensor<2x4xi8>) {
  // expected-error@+1 {{'graph.relu' op operand must have element type one of f32, f16, bf16, f64, i32, i64, but has i8}}
  %0 = "graph.relu"(%a) : (tensor<2x4xi8>) -> tensor<2x4xi8>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'graph.add' op shapes [2,4] and [3] do not broadcast}}
  %0 = "graph.add"(%a, %b) : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.transpose' op perm is not a permutation of [0, 2)}}
  %0 = "graph.transpose"(%a) {perm = [0, 0]} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.reshape' op cannot reshape [2,4] into [3,?]}}
  %0 = "graph.reshape"(%a) {shape = [3, -1]} : (tensor<2x4xf32>) -> tensor<3x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.softmax' op axis 2 is out of range for rank 2 (expected [-2, 2))}}
  %0 = "graph.softmax"(%a) {axis = 2} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.split' op split sizes add up to 3, the axis has 4}}
  %0:2 = "graph.split"(%a) {axis = 1, split = [1, 2]} : (tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x2xf32>)
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.concat' op input 1 has size 3 in dimension 0, expected 2}}
  %0 = "graph.concat"(%a, %b) {axis = 1} : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x8xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.cast' op 'to' must be one of f32, f16, bf16, f64, i32, i64, i1, but is i8}}
  %0 = "graph.cast"(%a) {to = i8} : (tensor<2x4xf32>) -> tensor<2x4xi8>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.cast' op requires attribute 'to'}}
  %0 = "graph.cast"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.where' op condition must have element type i1, but has f32}}
  %0 = "graph.where"(%a, %a, %a) : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%q: tensor<1x6x4x8xf32>, %k: tensor<1x4x4x8xf32>) {
  // expected-error@+1 {{'graph.attention' op 6 query heads are not a multiple of 4 kv heads}}
  %0 = "graph.attention"(%q, %k, %k) : (tensor<1x6x4x8xf32>, tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x6x4x8xf32>
  return
}
// -----
func.func @f(%a: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op input has 3 channels but weights expect 2 x group 1}}
  %0 = "graph.conv2d"(%a, %w) : (tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.reduce_sum' op axis -2 is listed twice}}
  %0 = "graph.reduce_sum"(%a) {axes = [0, -2]} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.pad' op mode must be one of constant, reflect, edge, wrap, but is "mirror"}}
  %0 = "graph.pad"(%a) {pads = [1, 1], mode = "mirror"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<1x6x4x4xf32>) {
  // expected-error@+1 {{'graph.depth_to_space' op 6 channels are not a multiple of blocksize^2 = 4}}
  %0 = "graph.depth_to_space"(%a) {blocksize = 2} : (tensor<1x6x4x4xf32>) -> tensor<1x1x8x8xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'graph.gather' op indices must have element type one of i32, i64, but has f32}}
  %0 = "graph.gather"(%a, %i) : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.slice' op starts has 2 entries but ends has 1}}
  %0 = "graph.slice"(%a) {starts = [0, 0], ends = [1]} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.squeeze' op cannot squeeze axis 0 of size 2}}
  %0 = "graph.squeeze"(%a) {axes = [0]} : (tensor<2x4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.expand' op shapes [2,4] and [3,4] do not broadcast}}
  %0 = "graph.expand"(%a) {shape = [3, 4]} : (tensor<2x4xf32>) -> tensor<3x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.tile' op repeats has 1 entries for rank 2}}
  %0 = "graph.tile"(%a) {repeats = [2]} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'graph.constant' op result type tensor<3xf32> is incompatible with the inferred type tensor<2xf32>}}
  %0 = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}
// -----
func.func @f(%a: tensor<?x4xf32>) {
  // expected-error@+1 {{'graph.relu' op result type tensor<?x5xf32> is incompatible with the inferred type tensor<?x4xf32>}}
  %0 = "graph.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x5xf32>
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'graph.relu' op result #0 must be a ranked tensor, but has type f32}}
  %0 = "graph.relu"(%a) : (f32) -> f32
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.reduce_sum' op attribute 'keepdims' must be a bool (or the integer 0 or 1)}}
  %0 = "graph.reduce_sum"(%a) {keepdims = 3} : (tensor<2x4xf32>) -> tensor<1x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{'graph.scatter_nd' op indices must have element type one of i32, i64, but has f32}}
  %0 = "graph.scatter_nd"(%a, %b, %a) : (tensor<2x4xf32>, tensor<4x5xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
