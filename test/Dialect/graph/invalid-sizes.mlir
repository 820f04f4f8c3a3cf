// Element counts that overflow int64 in a graph module: an operand or a
// result whose static dims multiply past 2^63 - 1 holds no tensor (with a
// `?`, which may be bound to 0, it may), and a shape rule whose product
// overflows says so; each is a located error.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @operand(%a: tensor<4611686018427387904x4xf32>) {
  // expected-error@+1 {{'graph.relu' op operand has type tensor<4611686018427387904x4xf32>, whose element count overflows int64}}
  %0 = "graph.relu"(%a) : (tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32>
  return
}
// -----
func.func @expand_result(%a: tensor<1x1xf32>) {
  // expected-error@+1 {{'graph.expand' op the result has type tensor<4611686018427387904x4xf32>, whose element count overflows int64}}
  %0 = "graph.expand"(%a) {shape = [4611686018427387904, 4]} : (tensor<1x1xf32>) -> tensor<4611686018427387904x4xf32>
  return
}
// -----
func.func @matmul_result(%a: tensor<4294967296x1xf32>, %b: tensor<1x4294967296xf32>) {
  // expected-error@+1 {{'graph.matmul' op the result has type tensor<4294967296x4294967296xf32>, whose element count overflows int64}}
  %0 = "graph.matmul"(%a, %b) : (tensor<4294967296x1xf32>, tensor<1x4294967296xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @broadcast_result(%a: tensor<4294967296x1xf32>, %b: tensor<4294967296xf32>) {
  // expected-error@+1 {{'graph.add' op the result has type tensor<4294967296x4294967296xf32>, whose element count overflows int64}}
  %0 = "graph.add"(%a, %b) : (tensor<4294967296x1xf32>, tensor<4294967296xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @declared_result(%a: tensor<?x4xf32>) {
  // expected-error@+1 {{'graph.relu' op the result has type tensor<4611686018427387904x4xf32>, whose element count overflows int64}}
  %0 = "graph.relu"(%a) : (tensor<?x4xf32>) -> tensor<4611686018427387904x4xf32>
  return
}
// -----
// A `?` in the operand leaves the product open, but the flattened dims
// are known and overflow.
func.func @flatten(%a: tensor<?x4611686018427387904x4xf32>) {
  // expected-error@+1 {{'graph.flatten' op a flattened dimension overflows int64}}
  %0 = "graph.flatten"(%a) {axis = 1} : (tensor<?x4611686018427387904x4xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @reshape(%a: tensor<?x4611686018427387904x4xf32>) {
  // expected-error@+1 {{'graph.reshape' op the element count overflows int64}}
  %0 = "graph.reshape"(%a) {shape = [0, -1]} : (tensor<?x4611686018427387904x4xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @tile(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.tile' op the tiled shape overflows}}
  %0 = "graph.tile"(%a) {repeats = [4611686018427387904]} : (tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @concat(%a: tensor<9223372036854775807xf32>) {
  // expected-error@+1 {{'graph.concat' op the concatenated dimension overflows}}
  %0 = "graph.concat"(%a, %a) {axis = 0} : (tensor<9223372036854775807xf32>, tensor<9223372036854775807xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @split(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.split' op split sizes overflow}}
  %0:2 = "graph.split"(%a) {axis = 0, split = [9223372036854775807, 9223372036854775807]} : (tensor<4xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}
// -----
func.func @pad(%a: tensor<2xf32>) {
  // expected-error@+1 {{'graph.pad' op pad 9223372036854775807 is out of range}}
  %0 = "graph.pad"(%a) {pads = [9223372036854775807, 0]} : (tensor<2xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @pad_result(%a: tensor<4x2xf32>) {
  // expected-error@+1 {{'graph.pad' op the result has type tensor<2305843009213693956x2305843009213693954xf32>, whose element count overflows int64}}
  %0 = "graph.pad"(%a) {pads = [1152921504606846976, 1152921504606846976, 1152921504606846976, 1152921504606846976]} : (tensor<4x2xf32>) -> tensor<?x?xf32>
  return
}
// -----
func.func @space_to_depth(%a: tensor<?x2305843009213693952x2x2xf32>) {
  // expected-error@+1 {{'graph.space_to_depth' op the output shape overflows}}
  %0 = "graph.space_to_depth"(%a) {blocksize = 2} : (tensor<?x2305843009213693952x2x2xf32>) -> tensor<?x?x?x?xf32>
  return
}
// -----
// Rank above the maximum (8).
func.func @rank9(%a: tensor<1x2x1x2x1x2x1x2x1xf32>) {
  // expected-error@+1 {{'graph.relu' op operand has rank 9, at most 8 is supported}}
  %0 = "graph.relu"(%a) : (tensor<1x2x1x2x1x2x1x2x1xf32>) -> tensor<1x2x1x2x1x2x1x2x1xf32>
  return
}
// -----
func.func @unsqueeze_rank9(%a: tensor<1x2x3x4x5x6x7x8xf32>) {
  // expected-error@+1 {{'graph.unsqueeze' op result rank 9 exceeds 8}}
  %0 = "graph.unsqueeze"(%a) {axes = [0]} : (tensor<1x2x3x4x5x6x7x8xf32>) -> tensor<?x?x?x?x?x?x?x?x?xf32>
  return
}
// -----
func.func @reshape_rank9(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.reshape' op shape has 9 entries; at most 8 are supported}}
  %0 = "graph.reshape"(%a) {shape = [1, 1, 1, 1, 1, 1, 1, 1, 4]} : (tensor<4xf32>) -> tensor<?x?x?x?x?x?x?x?x?xf32>
  return
}
