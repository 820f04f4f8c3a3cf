// lower-graph-to-te on the element-wise ops added for ONNX: the scalar
// formulas of the kernels (kernels_elementwise.c) in one TE each.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @ops
func.func @ops(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32>) {
  // CHECK-NOT: graph.
  // CHECK: te.compute
  // CHECK: math.roundeven %{{.*}} : f32
  %0 = "graph.round"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: te.compute
  // CHECK: arith.cmpf uno, %[[V:.*]], %[[V]] : f32
  %1 = "graph.is_nan"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: te.compute
  // CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
  // CHECK-NEXT: te.yield %{{.*}} : i1
  %2 = "graph.less"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // mod: a guarded remsi, then the divisor's sign
  // CHECK: te.compute
  // CHECK: arith.remsi
  // CHECK: arith.xori
  // CHECK: arith.select
  %3 = "graph.mod"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: te.compute
  // CHECK: math.exp
  // CHECK: arith.select
  %4 = "graph.elu"(%x) {alpha = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: te.compute
  // CHECK: arith.constant true
  // CHECK: arith.xori
  %5 = "graph.not"(%b) : (tensor<4xi1>) -> tensor<4xi1>
  // CHECK: te.compute
  // CHECK: math.log1p
  %6 = "graph.softplus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32>
}
