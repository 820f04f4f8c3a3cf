// Random inputs are deterministic for a seed and lie in the documented
// ranges: floats in [-1, 1), integers in [0, 4) (or --input-range).
// RUN: vtc-run %s --seed=7 > %t.a
// RUN: vtc-run %s --seed=7 > %t.b
// RUN: diff %t.a %t.b
// RUN: vtc-run %s --seed=8 > %t.c
// RUN: not diff %t.a %t.c
// RUN: vtc-run %s --seed=7 --print-values | FileCheck %s
// RUN: vtc-run %s --seed=3 --input-range=1:10:12 --input-range=0:5:6 --print-values | FileCheck %s --check-prefix=RANGE

// CHECK: result 0: tensor<f32>
// CHECK-NEXT: values: {{0\.|-0\.}}
// CHECK-NEXT: result 1: tensor<f32>
// CHECK-NEXT: values: {{-0\.|-1$}}
// CHECK-NEXT: result 2: tensor<i32>
// CHECK-NEXT: values: 3
// CHECK-NEXT: result 3: tensor<i32>
// CHECK-NEXT: values: 0
// RANGE: result 0: tensor<f32>
// RANGE-NEXT: values: 5.
// RANGE: result 2: tensor<i32>
// RANGE-NEXT: values: 11
// RANGE: result 3: tensor<i32>
// RANGE-NEXT: values: 10
func.func @main(%x: tensor<64x64xf32>, %i: tensor<64x64xi32>) -> (tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>) {
  %0 = "graph.reduce_max"(%x) {keepdims = false} : (tensor<64x64xf32>) -> tensor<f32>
  %1 = "graph.reduce_min"(%x) {keepdims = false} : (tensor<64x64xf32>) -> tensor<f32>
  %2 = "graph.reduce_max"(%i) {keepdims = false} : (tensor<64x64xi32>) -> tensor<i32>
  %3 = "graph.reduce_min"(%i) {keepdims = false} : (tensor<64x64xi32>) -> tensor<i32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>
}
