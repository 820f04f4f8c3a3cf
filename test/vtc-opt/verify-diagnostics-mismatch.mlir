// --verify-diagnostics failures: a produced diagnostic nobody expected, an
// expected one never produced (reported at the annotation), the wrong
// severity, a malformed annotation; each is an error and the exit code is 1.
// RUN: not vtc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(test-emit-diagnostics)' %s 2>&1 | FileCheck %s

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:1: error: unexpected warning: nobody expects me
"test.op"() {test.warning = "nobody expects me"} : () -> ()

// -----

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: expected error "never happens" was not produced
// expected-error@+1 {{never happens}}
"test.op"() : () -> ()

// -----

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+2]]:1: error: unexpected remark: a remark
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+2]]:4: error: expected warning "a remark" was not produced
"test.op"() {test.remark = "a remark"} : () -> ()
// expected-warning@above {{a remark}}

// -----

// The message is a substring, not a pattern: a different text does not match.
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+2]]:1: error: unexpected error: the real text
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:58: error: expected error "the unreal text" was not produced
"test.op"() {test.error = "the real text"} : () -> () // expected-error {{the unreal text}}

// -----

// Malformed annotations.
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: expected a line offset after '@+' or '@-'
// expected-error@+x {{a}}
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: expected '{{[{][{]}}' after the expected-* designator
// expected-error missing braces
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: expected '}}' closing the expected message
// expected-note {{unterminated
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: expected '@+N', '@-N', '@above', '@below' or '@unknown'
// expected-remark@sideways {{x}}
// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: '@-' offset points before the start of the file
// expected-remark@-1000 {{x}}
"test.op"() : () -> ()

// -----

// A chunk whose diagnostics all match is fine even though the others fail.
"test.op"() {test.error = "fine"} : () -> () // expected-error {{fine}}
// CHECK-NOT: fine
