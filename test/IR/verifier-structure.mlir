// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics > /dev/null %}

func.func @terminator_in_middle() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "test.op"() : () -> ()
}

// -----

func.func @no_terminator() {
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{block with no terminator}}
  %1 = arith.addi %0, %0 : i32
}

// -----

// An unregistered op's blocks need no terminator (as in MLIR).
"test.region"() ({
  %0 = arith.constant 1 : i32
}) : () -> ()

// -----

func.func @entry_predecessor() {
  // expected-error@+1 {{entry block of region may not have predecessors}}
  "test.graph"() ({
  ^bb0:
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "test.br"()[^bb0] : () -> ()
  }) : () -> ()
  return
}

// -----

// builtin.module is NoTerminator and SingleBlock.
// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.op"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

func.func @arity(%arg0: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%arg0) : (i32) -> i32
  return
}

// -----

func.func @results() {
  // expected-error@+1 {{'arith.constant' op requires one result}}
  "arith.constant"() {value = 1 : i32} : () -> ()
  return
}

// -----

func.func @regions() {
  // expected-error@+1 {{'arith.constant' op requires zero regions}}
  %0 = "arith.constant"() ({
    "test.op"() : () -> ()
  }) {value = 1 : i32} : () -> i32
  return
}

// -----

func.func @missing_attr() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute}}
"func.func"() ({
}) {sym_name = "f", function_type = 3 : i64} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({
}) {function_type = () -> ()} : () -> ()
