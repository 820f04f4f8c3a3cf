// math.sigmoid, vtc's one math op that MLIR does not have (1 / (1 + exp(-x))):
// round trip, generic form and folding. The conformance test skips this file
// because mlir-opt does not know the op.
// conformance: vtc-only
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --canonicalize %s | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @sigmoid(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: f32, [[T:%[a-z0-9_]+]]: tensor<2x3xf16>)
func.func @sigmoid(%x: f32, %t: tensor<2x3xf16>) -> (f32, tensor<2x3xf16>) {
  // CHECK: math.sigmoid [[X]] : f32
  // GENERIC: "math.sigmoid"(%{{.*}}) : (f32) -> f32
  %0 = math.sigmoid %x : f32
  // CHECK: math.sigmoid [[T]] : tensor<2x3xf16>
  %1 = math.sigmoid %t : tensor<2x3xf16>
  return %0, %1 : f32, tensor<2x3xf16>
}

// FOLD-LABEL: func.func @fold
// FOLD-DAG: [[HALF:%[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
// FOLD-DAG: [[ONE:%[a-z0-9_]+]] = arith.constant 0.731058597 : f32
// FOLD-NOT: math.sigmoid
// FOLD: return [[HALF]], [[ONE]]
func.func @fold() -> (f32, f32) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = math.sigmoid %zero : f32
  %1 = math.sigmoid %one : f32
  return %0, %1 : f32, f32
}
