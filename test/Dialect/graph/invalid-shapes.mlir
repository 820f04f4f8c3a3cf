// Shape errors in graph modules, one per chunk, each a located diagnostic:
// matmul batch and inner dims, broadcasts that do not agree, concat on
// mismatched dims, reshapes with a wrong element count, axes out of range,
// split sizes that do not sum, a slice step of 0, pads that crop below
// zero, conv2d groups that do not divide the channels, attention heads
// that do not divide, indices of a float or i1 type (invalid.mlir has one
// case of each kind; these are the others).
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: tensor<2x3x4x5xf32>, %b: tensor<3x3x5x6xf32>) {
  // expected-error@+1 {{'graph.matmul' op batch dimensions: shapes [2,3] and [3,3] do not broadcast}}
  %0 = "graph.matmul"(%a, %b) : (tensor<2x3x4x5xf32>, tensor<3x3x5x6xf32>) -> tensor<?x?x?x?xf32>
  return
}
// -----
func.func @f(%a: tensor<3xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{'graph.matmul' op contraction dimensions differ: 3 vs 4}}
  %0 = "graph.matmul"(%a, %b) : (tensor<3xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}
// -----
func.func @f(%a: tensor<f32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{'graph.matmul' op operands must have rank 1 or more}}
  %0 = "graph.matmul"(%a, %b) : (tensor<f32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error@+1 {{'graph.mul' op shapes [2,3] and [3,2] do not broadcast}}
  %0 = "graph.mul"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<5x1x3xf32>, %b: tensor<4x2xf32>) {
  // expected-error@+1 {{'graph.sub' op shapes [5,1,3] and [4,2] do not broadcast}}
  %0 = "graph.sub"(%a, %b) : (tensor<5x1x3xf32>, tensor<4x2xf32>) -> tensor<5x4x3xf32>
  return
}
// -----
func.func @f(%c: tensor<3xi1>, %a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.where' op shapes [3] and [2,4] do not broadcast}}
  %0 = "graph.where"(%c, %a, %a) : (tensor<3xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.expand' op shapes [2,4] and [2,5] do not broadcast}}
  %1 = "graph.expand"(%a) {shape = [2, 5]} : (tensor<2x4xf32>) -> tensor<2x5xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<2x4x1xf32>) {
  // expected-error@+1 {{'graph.concat' op input 1 has rank 3, input 0 has 2}}
  %0 = "graph.concat"(%a, %b) {axis = 0} : (tensor<2x4xf32>, tensor<2x4x1xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<2x5xf32>) {
  // expected-error@+1 {{'graph.concat' op input 1 has size 5 in dimension 1, expected 4}}
  %0 = "graph.concat"(%a, %b) {axis = 0} : (tensor<2x4xf32>, tensor<2x5xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %b: tensor<2x4xf16>) {
  // expected-error@+1 {{'graph.concat' op operand #1 must have element type f32, but has f16}}
  %0 = "graph.concat"(%a, %b) {axis = 1} : (tensor<2x4xf32>, tensor<2x4xf16>) -> tensor<2x8xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.concat' op axis 2 is out of range for rank 2 (expected [-2, 2))}}
  %0 = "graph.concat"(%a, %a) {axis = 2} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'graph.concat' op expects at least one operand}}
  %0 = "graph.concat"() {axis = 0} : () -> tensor<2x8xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reshape' op cannot reshape [2,3] into [4,2]}}
  %0 = "graph.reshape"(%a) {shape = [4, 2]} : (tensor<2x3xf32>) -> tensor<4x2xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reshape' op cannot reshape [2,3] into [4,?]}}
  %0 = "graph.reshape"(%a) {shape = [4, -1]} : (tensor<2x3xf32>) -> tensor<4x?xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reshape' op shape entry 2 is 0 but the input has rank 2}}
  %0 = "graph.reshape"(%a) {shape = [0, 0, 0]} : (tensor<2x3xf32>) -> tensor<2x3x?xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reshape' op cannot reshape [2,3] into [6,0]}}
  %0 = "graph.reshape"(%a) {shape = [6, 0], allowzero = true} : (tensor<2x3xf32>) -> tensor<6x0xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.flatten' op axis 3 is out of range [-2, 2]}}
  %0 = "graph.flatten"(%a) {axis = 3} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.transpose' op perm is not a permutation of [0, 2)}}
  %0 = "graph.transpose"(%a) {perm = [1, -1]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}
// -----
func.func @f(%a: tensor<2x1xf32>) {
  // expected-error@+1 {{'graph.squeeze' op axis 2 is out of range for rank 2}}
  %0 = "graph.squeeze"(%a) {axes = [2]} : (tensor<2x1xf32>) -> tensor<2xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.unsqueeze' op axis 1 is listed twice}}
  %0 = "graph.unsqueeze"(%a) {axes = [1, 1]} : (tensor<2x3xf32>) -> tensor<2x1x1x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reduce_max' op axis 2 is out of range for rank 2}}
  %0 = "graph.reduce_max"(%a) {axes = [2]} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.reduce_mean' op axis -3 is out of range for rank 2}}
  %0 = "graph.reduce_mean"(%a) {axes = [-3]} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'graph.gather' op axis -3 is out of range for rank 2 (expected [-2, 2))}}
  %0 = "graph.gather"(%a, %i) {axis = -3} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op axis -3 is out of range for rank 2 (expected [-2, 2))}}
  %0 = "graph.layer_norm"(%a, %a) {axis = -3} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x6xf32>) {
  // expected-error@+1 {{'graph.split' op split has 2 sizes, but the op has 3 results}}
  %0:3 = "graph.split"(%a) {axis = 1, split = [1, 2]} : (tensor<2x6xf32>) -> (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x3xf32>)
  return
}
// -----
func.func @f(%a: tensor<2x6xf32>) {
  // expected-error@+1 {{'graph.split' op split sizes add up to 8, the axis has 6}}
  %0:2 = "graph.split"(%a) {axis = 1, split = [4, 4]} : (tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return
}
// -----
func.func @f(%a: tensor<2x6xf32>) {
  // expected-error@+1 {{'graph.split' op axis 3 is out of range for rank 2 (expected [-2, 2))}}
  %0:2 = "graph.split"(%a) {axis = 3} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}
// -----
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op step 0 is invalid}}
  %0 = "graph.slice"(%a) {starts = [0, 0], ends = [4, 4], steps = [1, 0]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op axis 2 is out of range for rank 2}}
  %0 = "graph.slice"(%a) {starts = [0], ends = [2], axes = [2]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op axis 1 is sliced twice}}
  %0 = "graph.slice"(%a) {starts = [0, 0], ends = [2, 2], axes = [1, -1]} : (tensor<4x4xf32>) -> tensor<4x2xf32>
  return
}
// -----
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.pad' op pads crop dimension 0 below zero}}
  %0 = "graph.pad"(%a) {pads = [-3, -3]} : (tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.pad' op pads has 3 entries, expected 4}}
  %0 = "graph.pad"(%a) {pads = [1, 1, 1]} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @f(%a: tensor<4xf32>) {
  %0 = "graph.pad"(%a) {pads = [-1, 2], mode = "reflect"} : (tensor<4xf32>) -> tensor<5xf32>
  // expected-error@+1 {{'graph.pad' op pads crop dimension 0 below zero}}
  %1 = "graph.pad"(%a) {pads = [-5, 0], mode = "edge"} : (tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op input has 4 channels but weights expect 2 x group 3}}
  %0 = "graph.conv2d"(%a, %w) {group = 3} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x8x8xf32>, %w: tensor<5x2x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op 5 output channels do not divide into 2 groups}}
  %0 = "graph.conv2d"(%a, %w) {group = 2} : (tensor<1x4x8x8xf32>, tensor<5x2x3x3xf32>) -> tensor<1x5x6x6xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op group must be positive, but is 0}}
  %0 = "graph.conv2d"(%a, %w) {group = 0} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x2x2xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op kernel height 3 (dilated) exceeds the padded input}}
  %0 = "graph.conv2d"(%a, %w) : (tensor<1x4x2x2xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x0x0xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<5xf32>) {
  // expected-error@+1 {{'graph.conv2d' op bias must have shape [4]}}
  %0 = "graph.conv2d"(%a, %w, %b) : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<5xf32>) -> tensor<1x4x6x6xf32>
  return
}
// -----
func.func @f(%a: tensor<4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv2d' op input must have rank 4 (NCHW), but has rank 3}}
  %0 = "graph.conv2d"(%a, %w) : (tensor<4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}
// -----
func.func @f(%q: tensor<1x6x4x8xf32>, %k: tensor<1x0x4x8xf32>) {
  // expected-error@+1 {{'graph.attention' op 6 query heads are not a multiple of 0 kv heads}}
  %0 = "graph.attention"(%q, %k, %k) : (tensor<1x6x4x8xf32>, tensor<1x0x4x8xf32>, tensor<1x0x4x8xf32>) -> tensor<1x6x4x8xf32>
  return
}
// -----
func.func @f(%q: tensor<1x4x4x8xf32>, %k: tensor<1x4x4x6xf32>) {
  // expected-error@+1 {{'graph.attention' op q and k head sizes differ}}
  %0 = "graph.attention"(%q, %k, %k) : (tensor<1x4x4x8xf32>, tensor<1x4x4x6xf32>, tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  return
}
// -----
func.func @f(%q: tensor<1x4x4x8xf32>, %k: tensor<1x4x4x8xf32>, %v: tensor<1x2x4x8xf32>) {
  // expected-error@+1 {{'graph.attention' op k and v must have the same heads and sequence length}}
  %0 = "graph.attention"(%q, %k, %v) : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x4x4x8xf32>
  return
}
// -----
func.func @f(%q: tensor<4x4x8xf32>) {
  // expected-error@+1 {{'graph.attention' op q, k and v must have rank 4 ([batch, heads, seq, dim])}}
  %0 = "graph.attention"(%q, %q, %q) : (tensor<4x4x8xf32>, tensor<4x4x8xf32>, tensor<4x4x8xf32>) -> tensor<4x4x8xf32>
  return
}
// -----
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2xi1>) {
  // expected-error@+1 {{'graph.gather' op indices must have element type one of i32, i64, but has i1}}
  %0 = "graph.gather"(%a, %i) : (tensor<4x3xf32>, tensor<2xi1>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2xf16>) {
  // expected-error@+1 {{'graph.gather' op indices must have element type one of i32, i64, but has f16}}
  %0 = "graph.gather"(%a, %i) : (tensor<4x3xf32>, tensor<2xf16>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2x1xf64>, %u: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.scatter_nd' op indices must have element type one of i32, i64, but has f64}}
  %0 = "graph.scatter_nd"(%a, %i, %u) : (tensor<4x3xf32>, tensor<2x1xf64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}
// -----
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.scatter_nd' op updates have shape [2,4], expected [2,3]}}
  %0 = "graph.scatter_nd"(%a, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}
// -----
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) {
  // expected-error@+1 {{'graph.scatter_nd' op index tuples of length 3 do not fit data of rank 2}}
  %0 = "graph.scatter_nd"(%a, %i, %u) : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2xf32>) -> tensor<4x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op scale shape [3] does not broadcast to the input shape [2,4]}}
  %0 = "graph.layer_norm"(%a, %s) : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.rms_norm' op attribute 'epsilon' must be a float}}
  %0 = "graph.rms_norm"(%a, %s) {epsilon = "big"} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.depth_to_space' op input must have rank 4 (NCHW), got 2}}
  %0 = "graph.depth_to_space"(%a) {blocksize = 2} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<1x4x3x3xf32>) {
  // expected-error@+1 {{'graph.space_to_depth' op height 3 is not a multiple of blocksize 2}}
  %0 = "graph.space_to_depth"(%a) {blocksize = 2} : (tensor<1x4x3x3xf32>) -> tensor<1x16x1x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.tile' op repeats must be non-negative}}
  %0 = "graph.tile"(%a) {repeats = [2, -1]} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xi32>) {
  // expected-error@+1 {{'graph.softmax' op operand must have element type one of f32, f16, bf16, f64, but has i32}}
  %0 = "graph.softmax"(%a) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.cast' op 'to' must be one of f32, f16, bf16, f64, i32, i64, i1, but is index}}
  %0 = "graph.cast"(%a) {to = index} : (tensor<2x3xf32>) -> tensor<2x3xindex>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error@+1 {{'graph.add' op rhs must have element type f32, but has i32}}
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.matmul' op contraction dimensions differ: 3 vs 2}}
  %0 = "graph.matmul"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
// -----
func.func @f(%a: tensor<?x3xf32>, %b: tensor<4x?xf32>) {
  // expected-error@+1 {{'graph.matmul' op contraction dimensions differ: 3 vs 4}}
  %0 = "graph.matmul"(%a, %b) : (tensor<?x3xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.identity' op result type tensor<3x2xf32> is incompatible with the inferred type tensor<2x3xf32>}}
  %0 = "graph.identity"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}
