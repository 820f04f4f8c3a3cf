// gir.switch, the host's index switch (MLIR's scf.index_switch): custom form
// round trip, the generic form, and the regions of a switch without results
// (their yields implicit).
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @pick
// CHECK:      %[[R:.*]]:2 = gir.switch %arg0 -> (index, f32)
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   %[[C:.*]] = arith.constant 10 : index
// CHECK-NEXT:   gir.yield %[[C]], %arg1 : index, f32
// CHECK-NEXT: }
// CHECK-NEXT: case -5 {
// CHECK:        gir.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   gir.yield %arg0, %arg1 : index, f32
// CHECK-NEXT: }
// CHECK:      %[[ONE:.*]] = gir.switch %arg0 -> index
// CHECK:      gir.switch %arg0
// CHECK-NEXT: case 1 {
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK:      return %[[R]]#0, %[[R]]#1, %[[ONE]] : index, f32, index
// GENERIC:      %0:2 = "gir.switch"(%arg0) ({
// GENERIC:      }) {cases = [0, -5]} : (index) -> (index, f32)
// GENERIC:      {{^ +}}"gir.switch"(%arg0) ({
// GENERIC-NEXT:   "gir.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT:   "gir.yield"() : () -> ()
// GENERIC-NEXT: }) {cases = [1]} : (index) -> ()
func.func @pick(%sel: index, %x: f32) -> (index, f32, index) {
  %r:2 = gir.switch %sel -> (index, f32)
  case 0 {
    %c = arith.constant 10 : index
    gir.yield %c, %x : index, f32
  }
  case -5 {
    %c = arith.constant 50 : index
    %y = arith.addf %x, %x : f32
    gir.yield %c, %y : index, f32
  }
  default {
    gir.yield %sel, %x : index, f32
  }
  %one = gir.switch %sel -> index
  default {
    gir.yield %sel : index
  }
  gir.switch %sel
  case 1 {
  }
  default {
  }
  return %r#0, %r#1, %one : index, f32, index
}
