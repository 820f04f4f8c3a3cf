// Parse errors name file:line:col exactly, show the line with a caret, and
// exit with 1.
// RUN: not vtc-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=STRICT

// CHECK: parse-error-locations.mlir:[[@LINE+5]]:21: error: use of undeclared SSA value name '%missing'
// CHECK-NEXT: {{^}}  "test.use"(%arg0, %missing) : (i32, i32) -> ()
// CHECK-NEXT: {{^}}                    ^
"test.op"() ({
^bb0(%arg0: i32):
  "test.use"(%arg0, %missing) : (i32, i32) -> ()
}) : () -> ()

// -----

// Columns count bytes from 1; a missing token is reported right after the
// last token, as MLIR does.
// CHECK: parse-error-locations.mlir:[[@LINE+1]]:17: error: expected ')' to end operand list
"test.op"(%a, %b : (i32) -> ()

// -----

// CHECK: parse-error-locations.mlir:[[@LINE+1]]:35: error: unknown escape in string literal
"test.op"() {a = "tab\t ok", b = "\z"} : () -> ()

// -----

// CHECK: parse-error-locations.mlir:[[@LINE+1]]:24: error: inferred shape of elements literal ([2]) does not match type ([3])
"test.op"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// Without --allow-unregistered-dialect, unknown dialects are errors.
// STRICT: parse-error-locations.mlir:[[@LINE+1]]:1: error: operation being parsed with an unregistered dialect
"test.op"() : () -> ()
