// The top level: a single builtin.module (custom or generic form) is kept as
// is; anything else is wrapped in an implicit module. Modules print in their
// custom form unless --print-generic.
// RUN: vtc-opt --split-input-file %s | FileCheck %s
// RUN: vtc-opt --split-input-file --print-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()

// -----

// CHECK: module @named attributes {test.x = 1 : i64} {
// CHECK-NEXT:   func.func private @f()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   }) {function_type = () -> (), sym_name = "f", sym_visibility = "private"} : () -> ()
// GENERIC-NEXT: }) {sym_name = "named", test.x = 1 : i64} : () -> ()
module @named attributes {test.x = 1} {
  func.func private @f()
}

// -----

// A generic module is the module.
// CHECK: module attributes {test.y} {
// CHECK-NEXT:   func.func private @g()
// CHECK-NEXT: }
"builtin.module"() ({
  "func.func"() ({
  }) {function_type = () -> (), sym_name = "g", sym_visibility = "private"} : () -> ()
}) {test.y} : () -> ()

// -----

// Two modules at the top level are wrapped in a third.
// CHECK: module {
// CHECK-NEXT:   module @m1 {
// CHECK-NEXT:   }
// CHECK-NEXT:   module @m2 {
// CHECK-NEXT:   }
// CHECK-NEXT: }
module @m1 {
}
module @m2 {
}

// -----

// Ops at the top level are wrapped; aliases may come anywhere at top level.
// CHECK: module {
// CHECK-NEXT:   func.func private @h(tensor<2xf32>)
// CHECK-NEXT: }
!t = tensor<2xf32>
func.func private @h(!t)
