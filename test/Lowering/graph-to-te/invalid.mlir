// lower-graph-to-te on ops it cannot express: a located error naming the op
// and the reason, and the pass fails (no partial output).
// RUN: vtc-opt --lower-graph-to-te --split-input-file --verify-diagnostics %s

// 3 * ? elements are never 4: the verifier cannot tell (the count is
// dynamic), the lowering can.
func.func @reshape_dynamic_count(%x: tensor<?x3xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'graph.reshape' op cannot be lowered to te: no size of the operand's dynamic dims gives the result's 4 elements}}
  %0 = "graph.reshape"(%x) {shape = [2, 2]} : (tensor<?x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @flatten_dynamic_count(%x: tensor<?x?x5xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'graph.flatten' op cannot be lowered to te: no size of the operand's dynamic dims gives the result's 6 elements}}
  %0 = "graph.flatten"(%x) {axis = 1} : (tensor<?x?x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The `?` sizes come from the `shape` entries; here the element count that
// -1 divides does not fit in 64 bits (the verifier says so, before the
// lowering).
func.func @reshape_dynamic_overflow(%x: tensor<?x4611686018427387904x4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'graph.reshape' op the element count overflows int64}}
  %0 = "graph.reshape"(%x) {shape = [-1]} : (tensor<?x4611686018427387904x4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @conv_dynamic_weight(%x: tensor<1x2x5x5xf32>, %w: tensor<?x2x3x3xf32>) -> tensor<1x?x3x3xf32> {
  // expected-error@+1 {{'graph.conv2d' op cannot be lowered to te: the weight's dimension 0 must be static}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<1x2x5x5xf32>, tensor<?x2x3x3xf32>) -> tensor<1x?x3x3xf32>
  return %0 : tensor<1x?x3x3xf32>
}

// -----

func.func @attention_dynamic_head(%q: tensor<1x2x4x?xf32>) -> tensor<1x2x4x?xf32> {
  // expected-error@+1 {{'graph.attention' op cannot be lowered to te: the default scale 1/sqrt(D) needs a static head size D}}
  %0 = "graph.attention"(%q, %q, %q) : (tensor<1x2x4x?xf32>, tensor<1x2x4x?xf32>, tensor<1x2x4x?xf32>) -> tensor<1x2x4x?xf32>
  return %0 : tensor<1x2x4x?xf32>
}

// -----

func.func @scatter_dynamic_positions(%d: tensor<4x3xf32>, %i: tensor<?x1xi64>, %u: tensor<?x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'graph.scatter_nd' op cannot be lowered to te: the update positions (indices.shape[:-1]) must be static}}
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<4x3xf32>, tensor<?x1xi64>, tensor<?x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @pad_reflect_wide(%x: tensor<2x3xf32>) -> tensor<2x9xf32> {
  // expected-error@+1 {{'graph.pad' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.pad"(%x) {pads = [0, 3, 0, 3], mode = "reflect"} : (tensor<2x3xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}
