// Malformed te modules: each is a located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: invalid.mlir:[[@LINE+6]]:10: error: 'te.load' op loads a tensor that is not an input of the enclosing 'te.compute'

func.func @load_non_input(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op loads a tensor that is not an input of the enclosing 'te.compute'}}
    %x = te.load %b[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

// A load map that names a reduction index the compute never declared.
func.func @undeclared_reduction_axis(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map has 2 dimensions, but the enclosing te.compute declares 1 iteration indices (1 output, 0 reduction) and the load has 0 extra operands}}
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

// A block argument for a reduction axis without a `reduce` domain.
func.func @extra_block_arg(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op body has 2 arguments, but expects 1: 1 output indices and 0 reduction indices (one per 'reduce' result)}}
  %c = te.compute(%a) shape () -> (4) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @missing_reduction_arg(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op body has 1 arguments, but expects 2: 1 output indices and 1 reduction indices (one per 'reduce' result)}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (8) combiner sum init 0.0 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0, 0)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @missing_combiner(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op with a 'reduce' domain requires a combiner (sum, max, min or prod)}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (8) init 0.0 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @missing_init(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op with a 'reduce' domain requires an 'init' value}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (8) combiner max : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @combiner_without_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op has a combiner but no 'reduce' domain}}
  %c = te.compute(%a) shape () -> (4) combiner sum init 0.0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @unknown_combiner(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown combiner 'avg' (expected sum, max, min or prod)}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (8) combiner avg init 0.0 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

// Generic form: the init's type disagrees with the element type.
func.func @init_type(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op 'init' has type f64, but the element type is f32}}
  %c = "te.compute"(%a) ({
  ^bb0(%i: index, %k: index):
    %x = "te.load"(%a) {map = affine_map<(d0, d1) -> (d0, d1)>} : (tensor<4x8xf32>) -> f32
    "te.yield"(%x) : (f32) -> ()
  }) {num_inputs = 1 : i64, shape = affine_map<() -> (4)>, reduce = affine_map<() -> (8)>, combiner = "sum", init = 0.0 : f64} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

func.func @yield_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.yield' op yields f32, but the te.compute's element type is f16}}
    te.yield %x : f32
  }
  return %c : tensor<4xf16>
}

// -----

func.func @load_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op result type f16 does not match the element type f32 of the loaded tensor}}
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f16
    %y = arith.extf %x : f16 to f32
    te.yield %y : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @load_map_rank(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map has 1 results, but the loaded tensor has rank 2}}
    %x = te.load %a[(d0) -> (d0)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @shape_disagrees(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'te.compute' op 'shape' result 0 is '4', but result dimension 0 is the static size 5}}
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<5xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<5xf32>
}

// -----

func.func @shape_rank(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op 'shape' map has 2 results, but the result has rank 1}}
  %c = te.compute(%a) shape () -> (4, 1) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @shape_symbols(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'te.compute' op 'shape' map has 1 symbols, but the op has 0 symbol operands}}
  %c = te.compute(%a) shape ()[s0] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// -----

func.func @shape_dims(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op 'shape' map must have no dimensions, but has 1}}
  %c = te.compute(%a) shape (d0) -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @symbol_type(%a: tensor<?xf32>, %n: i64) -> tensor<?xf32> {
  // expected-error@+1 {{'te.compute' op symbol #0 must be of type index}}
  %c = "te.compute"(%a, %n) ({
  ^bb0(%i: index):
    %x = "te.load"(%a) {map = affine_map<(d0)[s0] -> (d0)>} : (tensor<?xf32>) -> f32
    "te.yield"(%x) : (f32) -> ()
  }) {num_inputs = 1 : i64, shape = affine_map<()[s0] -> (s0)>} : (tensor<?xf32>, i64) -> tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

func.func @num_inputs_range(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op 'num_inputs' is 3, but the op has 1 operands}}
  %c = "te.compute"(%a) ({
  ^bb0(%i: index):
    %x = "te.load"(%a) {map = affine_map<(d0) -> (d0)>} : (tensor<4xf32>) -> f32
    "te.yield"(%x) : (f32) -> ()
  }) {num_inputs = 3 : i64, shape = affine_map<() -> (4)>} : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// The body may not use values from outside except through te.load.
func.func @capture(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'arith.addf' op uses a value defined outside the enclosing 'te.compute' (only the compute's input tensors, named by te.load, and scalar constants may be)}}
    %y = arith.addf %x, %s : f32
    te.yield %y : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @padding_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op 'padding' has type i32, but the element type is f32}}
    %x = te.load %a[(d0) -> (d0 + 1)] {padding = 0 : i32} : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @extra_type(%a: tensor<4xf32>, %idx: tensor<4xi64>) -> tensor<4xf32> {
  %c = te.compute(%a, %idx) shape () -> (4) : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %e = te.load %idx[(d0) -> (d0)] : tensor<4xi64> -> i64
    // expected-error@+1 {{'te.load' op extra operand #0 must be of type index}}
    %x = "te.load"(%a, %e) {map = affine_map<(d0, d1) -> (d1)>} : (tensor<4xf32>, i64) -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @load_outside() -> f32 {
  %a = arith.constant dense<1.0> : tensor<4xf32>
  // expected-error@+1 {{'te.load' op expects parent op 'te.compute'}}
  %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
  return %x : f32
}

// -----

func.func @dim_range(%a: tensor<?xf32>) -> index {
  // expected-error@+1 {{'te.dim' op dimension index 1 is out of range for a tensor of rank 1}}
  %n = te.dim %a, 1 : tensor<?xf32>
  return %n : index
}

// -----

func.func @no_yield(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{block with no terminator, has 'te.load' operation}}
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @foreign_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.dim' op is not allowed in a 'te.compute' body (only te.load, te.assert, arith, math and te.yield)}}
    %n = te.dim %a, 0 : tensor<4xf32>
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @bad_map(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{use of undeclared identifier 'd7'}}
    %x = te.load %a[(d0) -> (d7)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @negative_extent(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.compute' op reduction extent 0 is -1; it must not be negative}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (-1) combiner sum init 0.0 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

// Out-of-bounds maps, proven statically over the iteration domain.
func.func @oob_shift(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op reads out of bounds: map result 0 (d0 + 1) ranges over [1, 4], but dimension 0 of tensor<4xf32> has size 4 (add `padding` to read a value there)}}
    %x = te.load %a[(d0) -> (d0 + 1)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @oob_negative(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index):
    // expected-error@+1 {{'te.load' op reads out of bounds: map result 0 (d0 - 1) ranges over [-1, 2], but dimension 0 of tensor<4x8xf32> has size 4}}
    %x = te.load %a[(d0, d1) -> (d0 - 1, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4x8xf32>
}

// -----

// The reduction domain is larger than the reduced dimension.
func.func @oob_reduction(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %c = te.compute(%a, %b) shape () -> (4, 16) reduce () -> (9) combiner sum init 0.0 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    // expected-error@+1 {{'te.load' op reads out of bounds: map result 1 (d2) ranges over [0, 8], but dimension 1 of tensor<4x8xf32> has size 8}}
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<4x8xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<4x16xf32>
}

// -----

// A quasi-affine map: the exact range comes from enumeration.
func.func @oob_quasi_affine(%a: tensor<4x16xf32>) -> tensor<10x8xf32> {
  %c = te.compute(%a) shape () -> (10, 8) : (tensor<4x16xf32>) -> tensor<10x8xf32> {
  ^bb0(%i: index, %j: index):
    // expected-error@+1 {{'te.load' op reads out of bounds: map result 0 (d0 floordiv 2) ranges over [0, 4], but dimension 0 of tensor<4x16xf32> has size 4}}
    %x = te.load %a[(d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1)] : tensor<4x16xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<10x8xf32>
}

// -----

// A transposed read whose output shape was not transposed.
func.func @oob_transpose(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c = te.compute(%a) shape () -> (4, 16) : (tensor<4x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index):
    // expected-error@+1 {{'te.load' op reads out of bounds: map result 0 (d1) ranges over [0, 15], but dimension 0 of tensor<4x16xf32> has size 4}}
    %x = te.load %a[(d0, d1) -> (d1, d0)] : tensor<4x16xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4x16xf32>
}

// -----

// Custom-form syntax errors point at the offending token.
func.func @unbalanced_map(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unbalanced '(' in affine map}}
  %c = te.compute(%a) shape (d0 -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @missing_shape(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected 'shape'}}
  %c = te.compute(%a) () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @init_float_for_int(%a: tensor<4x2xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{float 'init' for a non-float element type}}
  %c = te.compute(%a) shape () -> (4) reduce () -> (2) combiner sum init 1.5 : (tensor<4x2xi32>) -> tensor<4xi32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x2xi32> -> i32
    te.yield %x : i32
  }
  return %c : tensor<4xi32>
}

// -----

func.func @function_type_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected a function type from the 1 input types to the result type}}
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @assert_relation(%a: index, %b: index) {
  // expected-error@+1 {{unknown relation 'same' (expected eq, ne, slt, sle, ult, ule, broadcastable or divisible)}}
  te.assert same(%a, %b) "x"
  return
}

// -----

func.func @assert_relation_generic(%a: index, %b: index) {
  // expected-error@+1 {{'te.assert' op relation must be eq, ne, slt, sle, ult, ule, broadcastable or divisible}}
  "te.assert"(%a, %b) {relation = "same", message = "x"} : (index, index) -> ()
  return
}

// -----

func.func @assert_one_argument(%a: index) {
  // expected-error@+1 {{'te.assert' op compares two arguments: it needs at least two}}
  "te.assert"(%a) {relation = "eq", message = "x"} : (index) -> ()
  return
}

// -----

func.func @assert_not_index(%a: i64, %b: i64) {
  // expected-error@+1 {{'te.assert' op operands must be of type index}}
  "te.assert"(%a, %b) {relation = "eq", message = "x"} : (i64, i64) -> ()
  return
}

// -----

func.func @assert_placeholder(%a: index, %b: index) {
  // expected-error@+1 {{'te.assert' op message names an argument past its 2 arguments}}
  te.assert eq(%a, %b) "{0} vs {2}"
  return
}

// -----

func.func @assert_no_message(%a: index, %b: index) {
  // expected-error@+1 {{'te.assert' op requires attribute 'message'}}
  "te.assert"(%a, %b) {relation = "eq"} : (index, index) -> ()
  return
}

// -----

// An order belongs to gir kernels.
func.func @assert_order(%a: index, %b: index) {
  // expected-error@+1 {{'te.assert' op takes an order only inside a kernel}}
  te.assert eq(%a, %b) order %a "x"
  return
}
