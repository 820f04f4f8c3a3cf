// Malformed functions, returns and calls: each is a located error, with
// MLIR's wording.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: invalid.mlir:[[@LINE+3]]:1: error: 'func.func' op entry block must have 1 arguments to match function signature

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type' to be a function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "f", sym_visibility = "private"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32) -> i32

// -----

// expected-error@+1 {{visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() ({
}) {function_type = () -> (), sym_name = "f", sym_visibility = "hidden"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() ({
}) {arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"} : () -> ()

// -----

// expected-error@+1 {{expected a function body after named arguments}}
func.func private @named_decl(%a: i32)

// -----

// expected-error@+1 {{expected named arguments for a function with a body}}
func.func @unnamed_def(i32) {
  return
}

// -----

// expected-error@+1 {{expected SSA identifier}}
func.func @mixed(%a: i32, f32) {
  return
}

// -----

func.func @return_count() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  return %0 : i32
}

// -----

func.func @return_type(%a: i64) -> i32 {
  // expected-error@+1 {{'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  return %a : i64
}

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

func.func @missing_callee() {
  // expected-error@+1 {{'func.call' op '@nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_arity(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_type(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @callee(%a) : (i64) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_results(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  call @callee(%a) : (i32) -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_type(%a: i32) {
  // expected-error@+1 {{'func.call' op result type mismatch at index 0}}
  %0 = call @callee(%a) : (i32) -> f32
  return
}

// -----

func.func @call_type_count(%a: i32) {
  // expected-error@+1 {{2 operands present, but expected 1}}
  %0 = call @call_type_count(%a, %a) : (i32) -> i32
  return
}

// -----

func.func @call_no_function_type(%a: i32) {
  // expected-error@+1 {{expected a function type}}
  %0 = call @call_no_function_type(%a) : i32
  return
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()
