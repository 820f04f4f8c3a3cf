// The math functions ONNX's element-wise ops need (MLIR's names and forms):
// floor, ceil, roundeven, log1p, the trigonometric and hyperbolic functions
// and their inverses: round trip, generic form, and constant folding
// (through the evaluator the interpreters share).
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --canonicalize %s | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @funcs(
func.func @funcs(%x: f32, %t: tensor<2xf64>) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, tensor<2xf64>) {
  // CHECK: math.floor %{{.*}} : f32
  // GENERIC: "math.floor"(%{{.*}}) : (f32) -> f32
  %0 = math.floor %x : f32
  // CHECK: math.ceil
  %1 = math.ceil %x : f32
  // CHECK: math.roundeven
  %2 = math.roundeven %x : f32
  // CHECK: math.sin
  %3 = math.sin %x : f32
  // CHECK: math.cos
  %4 = math.cos %x : f32
  // CHECK: math.tan
  %5 = math.tan %x : f32
  // CHECK: math.asin
  %6 = math.asin %x : f32
  // CHECK: math.acos
  %7 = math.acos %x : f32
  // CHECK: math.atan
  %8 = math.atan %x : f32
  // CHECK: math.sinh
  %9 = math.sinh %x : f32
  // CHECK: math.cosh
  %10 = math.cosh %x : f32
  // CHECK: math.asinh
  %11 = math.asinh %x : f32
  // CHECK: math.acosh
  %12 = math.acosh %x : f32
  // CHECK: math.atanh
  %13 = math.atanh %x : f32
  // CHECK: math.log1p
  %14 = math.log1p %x : f32
  // CHECK: math.floor %{{.*}} : tensor<2xf64>
  %15 = math.floor %t : tensor<2xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, tensor<2xf64>
}

// FOLD-LABEL: func.func @fold
// FOLD-DAG: arith.constant -3.000000e+00 : f32
// FOLD-DAG: arith.constant -2.000000e+00 : f32
// FOLD-DAG: arith.constant 2.000000e+00 : f32
// FOLD-DAG: arith.constant 1.000000e+00 : f32
// FOLD-NOT: math.
func.func @fold() -> (f32, f32, f32, f32, f32) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 2.5 : f32
  %z = arith.constant 0.0 : f32
  %0 = math.floor %a : f32
  %1 = math.ceil %a : f32
  %2 = math.roundeven %b : f32
  %3 = math.cos %z : f32
  %4 = math.roundeven %a : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
