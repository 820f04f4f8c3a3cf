// How diagnostics reach stderr: `file:line:col: severity: message`, the
// source line and a caret. Warnings and remarks do not fail the run.

// RUN: vtc-opt --allow-unregistered-dialect --test-emit-diagnostics %s 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN:      diagnostics-format.mlir:[[# @LINE + 9]]:3: warning: look here
// WARN-NEXT: {{^}}  "test.w"() {test.warning = "look here"} : () -> ()
// WARN-NEXT: {{^}}  ^
// WARN-NEXT: diagnostics-format.mlir:[[# @LINE + 7]]:3: remark: just saying
// WARN-NEXT: {{^}}  "test.r"() {test.remark = "just saying"} : () -> ()
// WARN-NEXT: {{^}}  ^
// OUT: "test.w"()

func.func @f() {
  "test.w"() {test.warning = "look here"} : () -> ()
  "test.r"() {test.remark = "just saying"} : () -> ()
  return
}
