// An error with a note: the note follows the error, with its own location
// and source line; the run fails (exit 1) and prints nothing.

// RUN: not vtc-opt --allow-unregistered-dialect --test-emit-diagnostics %s 2> %t.err | count 0
// RUN: FileCheck %s < %t.err
// CHECK:      diagnostics-notes.mlir:[[# @LINE + 8]]:3: error: broken
// CHECK-NEXT: {{^}}  "test.e"() {test.error = "broken", test.note = "because"} : () -> ()
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: diagnostics-notes.mlir:[[# @LINE + 5]]:3: note: because
// CHECK-NEXT: {{^}}  "test.e"() {test.error = "broken", test.note = "because"} : () -> ()
// CHECK-NEXT: {{^}}  ^

func.func @g() {
  "test.e"() {test.error = "broken", test.note = "because"} : () -> ()
  return
}
