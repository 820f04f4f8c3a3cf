// Malformed arith ops: each is a located error, with MLIR's wording.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: invalid.mlir:[[@LINE+5]]:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
// EXIT: invalid.mlir:[[@LINE+12]]:8: error: 'arith.addi' op requires the same type for all operands and results

func.func @addi_float(%x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @addi_mixed(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @addi_arity(%a: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 3}}
  %0 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @addf_int(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @exp_int(%a: i32) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %a : i32
  return
}

// -----

func.func @fma_int(%a: i32) {
  // expected-error@+1 {{'math.fma' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.fma %a, %a, %a : i32
  return
}

// -----

func.func @fma_two(%a: f32) {
  // expected-error@+1 {{expected 3 operands, but found 2}}
  %0 = math.fma %a, %a : f32
  return
}

// -----

func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @cmpf_bad_predicate(%x: f32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt}}
  %0 = arith.cmpf slt, %x, %x : f32
  return
}

// -----

func.func @cmpi_predicate_range(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_no_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_result(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_shape(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}

// -----

func.func @cmpf_int(%a: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf olt, %a, %a : i32
  return
}

// -----

func.func @extsi_narrower(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op result type 'i16' must be wider than operand type 'i32'}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @extui_same(%a: i32) {
  // expected-error@+1 {{'arith.extui' op result type 'i32' must be wider than operand type 'i32'}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @trunci_wider(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op result type 'i64' must be shorter than operand type 'i32'}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @extf_narrower(%x: f64) {
  // expected-error@+1 {{'arith.extf' op result type 'f32' must be wider than operand type 'f64'}}
  %0 = arith.extf %x : f64 to f32
  return
}

// -----

func.func @truncf_wider(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op result type 'f64' must be shorter than operand type 'f32'}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @extsi_index(%a: index) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : index to i64
  return
}

// -----

func.func @extsi_shape(%a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : tensor<4xi32> to tensor<8xi64>
  return
}

// -----

func.func @sitofp_float(%x: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f32
  return
}

// -----

func.func @fptosi_int(%a: i32) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptosi %a : i32 to i32
  return
}

// -----

func.func @index_cast_ints(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @bitcast_width(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @constant_mismatch() {
  // expected-error@+1 {{'arith.constant' op value type 'i64' must match return type: 'i32'}}
  %0 = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() {value = "one"} : () -> i32
  return
}

// -----

func.func @constant_untyped() {
  // expected-error@+1 {{expected an integer, float or dense elements attribute with a type}}
  %0 = arith.constant "one"
  return
}

// -----

func.func @constant_no_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @select_types(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @select_condition(%c: i32, %a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_shape(%c: tensor<2xi1>, %a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1>', but got 'tensor<2xi1>'}}
  %0 = arith.select %c, %a, %a : tensor<2xi1>, tensor<4xi32>
  return
}

// -----

func.func @unknown_custom() {
  // expected-error@+1 {{custom op 'arith.foo' is unknown}}
  %0 = arith.foo : i32
  return
}

// -----

func.func @unknown_generic() {
  // expected-error@+1 {{arith.foo}}
  %0 = "arith.foo"() : () -> i32
  return
}

// -----

func.func @bad_fastmath(%x: f32) {
  // expected-error@+1 {{expected fastmath flags: none, reassoc, nnan, ninf, nsz, arcp, contract, afn or fast}}
  %0 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

func.func @binary_arity(%x: f32) {
  // expected-error@+1 {{expected 2 operands, but found 1}}
  %0 = arith.addf %x : f32
  return
}
