// The math functions a DNN needs, as in MLIR's math dialect: custom form,
// round trip and generic form (sigmoid, which MLIR lacks, is in sigmoid.mlir).
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @math(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: f32, [[Y:%[a-z0-9_]+]]: f32, [[I:%[a-z0-9_]+]]: i32, [[T:%[a-z0-9_]+]]: tensor<2x3xf16>)
func.func @math(%x: f32, %y: f32, %i: i32, %t: tensor<2x3xf16>) {
  // CHECK: math.exp [[X]] : f32
  // GENERIC: "math.exp"(%{{.*}}) : (f32) -> f32
  %0 = math.exp %x : f32
  // CHECK: math.log [[X]] : f32
  // GENERIC: "math.log"(%{{.*}}) : (f32) -> f32
  %1 = math.log %x : f32
  // CHECK: math.tanh [[X]] : f32
  // GENERIC: "math.tanh"
  %2 = math.tanh %x : f32
  // CHECK: math.erf [[X]] : f32
  // GENERIC: "math.erf"
  %3 = math.erf %x : f32
  // CHECK: math.sqrt [[X]] : f32
  // GENERIC: "math.sqrt"
  %4 = math.sqrt %x : f32
  // CHECK: math.rsqrt [[X]] : f32
  // GENERIC: "math.rsqrt"
  %5 = math.rsqrt %x : f32
  // CHECK: math.powf [[X]], [[Y]] : f32
  // GENERIC: "math.powf"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %6 = math.powf %x, %y : f32
  // CHECK: math.fma [[X]], [[Y]], [[X]] : f32
  // GENERIC: "math.fma"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  %fma = math.fma %x, %y, %x : f32
  // CHECK: math.absf [[X]] : f32
  // GENERIC: "math.absf"
  %7 = math.absf %x : f32
  // CHECK: math.absi [[I]] : i32
  // GENERIC: "math.absi"(%{{.*}}) : (i32) -> i32
  %8 = math.absi %i : i32
  // CHECK: arith.negf [[X]] : f32
  %10 = arith.negf %x : f32
  // CHECK: arith.maximumf [[X]], [[Y]] : f32
  %11 = arith.maximumf %x, %y : f32
  // CHECK: arith.minimumf [[X]], [[Y]] : f32
  %12 = arith.minimumf %x, %y : f32
  // CHECK: math.exp [[T]] fastmath<afn> : tensor<2x3xf16>
  // GENERIC: "math.exp"(%{{.*}}) {fastmath = #arith.fastmath<afn>} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %13 = math.exp %t fastmath<afn> : tensor<2x3xf16>
  return
}
