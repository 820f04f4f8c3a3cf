// The math functions a DNN needs, which vtc keeps in arith (MLIR has them in
// `math`; sigmoid has no MLIR op): custom form, round trip and generic form.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @math(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: f32, [[Y:%[a-z0-9_]+]]: f32, [[I:%[a-z0-9_]+]]: i32, [[T:%[a-z0-9_]+]]: tensor<2x3xf16>)
func.func @math(%x: f32, %y: f32, %i: i32, %t: tensor<2x3xf16>) {
  // CHECK: arith.exp [[X]] : f32
  // GENERIC: "arith.exp"(%{{.*}}) : (f32) -> f32
  %0 = arith.exp %x : f32
  // CHECK: arith.log [[X]] : f32
  // GENERIC: "arith.log"(%{{.*}}) : (f32) -> f32
  %1 = arith.log %x : f32
  // CHECK: arith.tanh [[X]] : f32
  // GENERIC: "arith.tanh"
  %2 = arith.tanh %x : f32
  // CHECK: arith.erf [[X]] : f32
  // GENERIC: "arith.erf"
  %3 = arith.erf %x : f32
  // CHECK: arith.sqrt [[X]] : f32
  // GENERIC: "arith.sqrt"
  %4 = arith.sqrt %x : f32
  // CHECK: arith.rsqrt [[X]] : f32
  // GENERIC: "arith.rsqrt"
  %5 = arith.rsqrt %x : f32
  // CHECK: arith.powf [[X]], [[Y]] : f32
  // GENERIC: "arith.powf"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %6 = arith.powf %x, %y : f32
  // CHECK: arith.absf [[X]] : f32
  // GENERIC: "arith.absf"
  %7 = arith.absf %x : f32
  // CHECK: arith.absi [[I]] : i32
  // GENERIC: "arith.absi"(%{{.*}}) : (i32) -> i32
  %8 = arith.absi %i : i32
  // CHECK: arith.sigmoid [[X]] : f32
  // GENERIC: "arith.sigmoid"(%{{.*}}) : (f32) -> f32
  %9 = arith.sigmoid %x : f32
  // CHECK: arith.negf [[X]] : f32
  %10 = arith.negf %x : f32
  // CHECK: arith.maximumf [[X]], [[Y]] : f32
  %11 = arith.maximumf %x, %y : f32
  // CHECK: arith.minimumf [[X]], [[Y]] : f32
  %12 = arith.minimumf %x, %y : f32
  // CHECK: arith.exp [[T]] fastmath<afn> : tensor<2x3xf16>
  // GENERIC: "arith.exp"(%{{.*}}) {fastmath = #arith.fastmath<afn>} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %13 = arith.exp %t fastmath<afn> : tensor<2x3xf16>
  // CHECK: arith.sigmoid [[T]] : tensor<2x3xf16>
  %14 = arith.sigmoid %t : tensor<2x3xf16>
  return
}
