// The generic form, as mlir-opt --mlir-print-op-generic writes it, is read
// back into the custom form.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt --print-generic %s | vtc-opt --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @generic(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[X:%[a-z0-9_]+]]: f32, [[C:%[a-z0-9_]+]]: i1) -> i64
// CHECK: [[K:%[a-z0-9_]+]] = arith.constant 3 : i32
// CHECK: [[S:%[a-z0-9_]+]] = arith.addi [[A]], [[K]] overflow<nuw> : i32
// CHECK: arith.cmpi sgt, [[S]], [[A]] : i32
// CHECK: arith.cmpf une, [[X]], [[X]] : f32
// CHECK: arith.select [[C]], [[S]], [[A]] : i32
// CHECK: arith.mulf [[X]], [[X]] fastmath<contract> : f32
// CHECK: math.exp [[X]] : f32
// CHECK: [[E:%[a-z0-9_]+]] = arith.extsi [[S]] : i32 to i64
// CHECK: {{(func\.)?}}return [[E]] : i64
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32
// GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) {predicate = 4 : i64} : (i32, i32) -> i1
// GENERIC: "arith.mulf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<contract>} : (f32, f32) -> f32
"func.func"() ({
^bb0(%a: i32, %x: f32, %c: i1):
  %k = "arith.constant"() {value = 3 : i32} : () -> i32
  %s = "arith.addi"(%a, %k) {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32
  %p = "arith.cmpi"(%s, %a) {predicate = 4 : i64} : (i32, i32) -> i1
  %q = "arith.cmpf"(%x, %x) {predicate = 13 : i64} : (f32, f32) -> i1
  %t = "arith.select"(%c, %s, %a) : (i1, i32, i32) -> i32
  %m = "arith.mulf"(%x, %x) {fastmath = #arith.fastmath<contract>} : (f32, f32) -> f32
  %e0 = "math.exp"(%x) : (f32) -> f32
  %e = "arith.extsi"(%s) : (i32) -> i64
  "func.return"(%e) : (i64) -> ()
}) {function_type = (i32, f32, i1) -> i64, sym_name = "generic"} : () -> ()
