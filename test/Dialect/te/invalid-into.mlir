// Malformed destination-passing te.computes (`into`): each a located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

// Two output indices stored to one element: (i, j) -> (i + j) aliases.
func.func @not_injective(%a: tensor<4x4xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0 is not provably one-to-one on its box: its linear part does not have full column rank on the box, and its strides alias}}
  %r = te.compute(%a) shape () -> (4, 4) into(%d[(d0, d1) -> (d0 + d1)]) : (tensor<4x4xf32>) -> (tensor<8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<8xf32>
}

// -----

// Strides that alias: 3 * i + j with j in [0, 4) meets itself (0, 3) = (1, 0).
func.func @strides_alias(%a: tensor<4x4xf32>, %d: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0 is not provably one-to-one on its box}}
  %r = te.compute(%a) shape () -> (4, 4) into(%d[(d0, d1) -> (d0 * 3 + d1)]) : (tensor<4x4xf32>) -> (tensor<16xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<16xf32>
}

// -----

// An output index the (affine) store map ignores: every j stores to one element.
func.func @ignores_index(%a: tensor<4x4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0 is not provably one-to-one on its box: it ignores an index that varies over the box}}
  %r = te.compute(%a) shape () -> (4, 4) into(%d[(d0, d1) -> (d0)]) : (tensor<4x4xf32>) -> (tensor<4xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<4xf32>
}

// -----

// floordiv/mod in a store map are not analysed (the rule is linear).
func.func @quasi_affine(%a: tensor<8xf32>, %d: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0 is not provably one-to-one on its box: a result is not linear in the indices (floordiv, mod, ceildiv or a product of indices)}}
  %r = te.compute(%a) shape () -> (8) into(%d[(d0) -> (d0 floordiv 4, d0 mod 4)]) : (tensor<8xf32>) -> (tensor<2x4xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<8xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<2x4xf32>
}

// -----

// Boxes [0:4, 0:6) and [0:4, 4:8) share columns 4 and 5.
func.func @overlapping_boxes(%a: tensor<4x8xf32>, %p: tensor<4x8xf32>, %q: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  // expected-error@+1 {{'te.compute' op boxes of destinations #0 and #1 overlap (or are not provably disjoint): a point would be stored twice}}
  %r:2 = te.compute(%a) shape () -> (4, 8) into(%p[(d0, d1) -> (d0, d1)] if [0:4, 0:6], %q[(d0, d1) -> (d0, d1)] if [0:4, 4:8]) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Symbolic boxes that cannot be proven apart.
func.func @symbolic_overlap(%a: tensor<?xf32>, %p: tensor<?xf32>, %q: tensor<?xf32>, %n: index, %m: index) -> (tensor<?xf32>, tensor<?xf32>) {
  // expected-error@+1 {{'te.compute' op boxes of destinations #0 and #1 overlap}}
  %r:2 = te.compute(%a) [%n, %m] shape ()[s0, s1] -> (s0) into(%p[(d0)[s0, s1] -> (d0)] if [0:s1], %q[(d0)[s0, s1] -> (d0)] if [s1 - 1:s0]) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0, s1] -> (d0)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// The destination's element type differs from the body's.
func.func @element_mismatch(%a: tensor<4xf32>, %d: tensor<4xf16>) -> tensor<4xf16> {
  %r = te.compute(%a) shape () -> (4) into(%d[(d0) -> (d0)]) : (tensor<4xf32>) -> (tensor<4xf16>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.yield' op yields f32, but the te.compute's element type is f16}}
    te.yield %x : f32
  }
  return %r : tensor<4xf16>
}

// -----

// Every destination has the element type of the body.
func.func @second_element_mismatch(%a: tensor<4xf32>, %p: tensor<4xf32>, %d: tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf16>) {
  // expected-error@+1 {{'te.compute' op destination #1 has element type f16, but the body yields f32}}
  %r:2 = te.compute(%a) shape () -> (4) into(%p[(d0) -> (d0)] if [0:2], %d[(d0) -> (d0)] if [2:4]) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf16>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf16>
}

// -----

// The result's type is not its destination's (generic form, which can say so).
func.func @result_mismatch(%a: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'te.compute' op result #0 has type tensor<8xf32>, but its destination has type tensor<4xf32>}}
  %r = "te.compute"(%a, %d) ({
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }) {num_inputs = 1 : i64, num_dests = 1 : i64, shape = affine_map<() -> (4)>, store_maps = [affine_map<(d0) -> (d0)>], boxes = [affine_map<() -> (0, 4)>]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Without `into` a te.yield gives one value.
func.func @yield_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.yield' op yields 2 values, but the te.compute expects one (the element)}}
    te.yield %x, %i : f32, index
  }
  return %r : tensor<4xf32>
}

// -----

// A store map needs one dimension per yielded store index.
func.func @store_index_count(%a: tensor<4xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0 has 1 dimensions and 0 symbols, but expects 2 (1 output indices, 1 yielded store indices) and 0}}
  %r = te.compute(%a) shape () -> (4) into(%d[(d0) -> (d0)]) : (tensor<4xf32>) -> (tensor<8xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x, %i : f32, index
  }
  return %r : tensor<8xf32>
}

// -----

// A store index must be an index.
func.func @store_index_type(%a: tensor<4xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %r = te.compute(%a) shape () -> (4) into(%d[(d0, d1) -> (d1)]) : (tensor<4xf32>) -> (tensor<8xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.yield' op store index #0 must be of type index}}
    te.yield %x, %x : f32, f32
  }
  return %r : tensor<8xf32>
}

// -----

// A store position may not vary over the reduction.
func.func @store_index_reduction(%a: tensor<4x3xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %r = te.compute(%a) shape () -> (4) reduce () -> (3) combiner sum init 0.0 into(%d[(d0, d1) -> (d1)]) : (tensor<4x3xf32>) -> (tensor<8xf32>) {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x3xf32> -> f32
    %p = arith.addi %i, %k : index
    // expected-error@+1 {{'te.yield' op store index #0 depends on a reduction index (a store position is one per output element)}}
    te.yield %x, %p : f32, index
  }
  return %r : tensor<8xf32>
}

// -----

// A static store outside its destination.
func.func @store_out_of_bounds(%a: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op store map of destination #0: result 0 ranges over [2, 5] on the box, outside the destination's dimension of size 4}}
  %r = te.compute(%a) shape () -> (4) into(%d[(d0) -> (d0 + 2)]) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<4xf32>
}

// -----

// One value twice as a destination.
func.func @same_dest(%a: tensor<4xf32>, %d: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-error@+1 {{'te.compute' op destinations #0 and #1 are the same value (one compute stores into a value once)}}
  %r:2 = te.compute(%a) shape () -> (4) into(%d[(d0) -> (d0)] if [0:2], %d[(d0) -> (d0 + 4)] if [2:4]) : (tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

func.func @box_arity(%a: tensor<4x4xf32>, %d: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{a box has one 'lo:hi' range per output index (2), found 1}}
  %r = te.compute(%a) shape () -> (4, 4) into(%d[(d0, d1) -> (d0, d1)] if [0:4]) : (tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<4x4xf32>
}

// -----

func.func @wrong_result_count(%a: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected a function type from the 1 input types to the destination types}}
  %r = te.compute(%a) shape () -> (4) into(%d[(d0) -> (d0)]) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<4xf32>
}

// -----

// stores_agree is a unit attribute of a compute with destinations.
func.func @agree_without_dests(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op 'stores_agree' must be a unit attribute of a compute with destinations}}
  %r = te.compute(%a) shape () -> (4) {stores_agree} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<4xf32>
}
