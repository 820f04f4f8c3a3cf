// builtin.module and builtin.unrealized_conversion_cast in their custom
// forms: named and anonymous modules, attributes, nesting.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s

// CHECK: module @outer attributes {test.version = 2 : i64} {
// GENERIC: "builtin.module"() ({
module @outer attributes {test.version = 2 : i64} {
  // CHECK: module {
  // CHECK-NEXT: }
  module {
  }
  // CHECK: module attributes {test.kind = "inner"} {
  module attributes {test.kind = "inner"} {
    // CHECK: func.func private @in_inner()
    func.func private @in_inner()
  }
  // CHECK: module @named {
  // GENERIC: "builtin.module"() ({
  // GENERIC: }) {sym_name = "named"} : () -> ()
  module @named {
  }
  // CHECK-LABEL: func.func @casts(
  // CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[B:%[a-z0-9_]+]]: f32)
  func.func @casts(%a: i32, %b: f32) -> i64 {
    // CHECK: [[C:%[a-z0-9_]+]] = {{(builtin\.)?}}unrealized_conversion_cast [[A]] : i32 to i64
    // GENERIC: "builtin.unrealized_conversion_cast"(%{{.*}}) : (i32) -> i64
    %c = builtin.unrealized_conversion_cast %a : i32 to i64
    // CHECK: {{(builtin\.)?}}unrealized_conversion_cast [[A]], [[B]] : i32, f32 to tensor<2xi32>, i8
    // GENERIC: "builtin.unrealized_conversion_cast"(%{{.*}}, %{{.*}}) : (i32, f32) -> (tensor<2xi32>, i8)
    %d:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to tensor<2xi32>, i8
    // CHECK: {{(builtin\.)?}}unrealized_conversion_cast to index
    // GENERIC: "builtin.unrealized_conversion_cast"() : () -> index
    %e = builtin.unrealized_conversion_cast to index
    return %c : i64
  }
}
// GENERIC: }) {sym_name = "outer", test.version = 2 : i64} : () -> ()
