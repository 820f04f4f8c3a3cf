// The element-wise ops added for ONNX (issue 12): round trip, inferred
// result types (i1 for the predicates and comparisons), attributes with the
// kernels' defaults, cost, and verifier errors.
// RUN: vtc-opt %s --split-input-file | FileCheck %s
// RUN: vtc-opt %s --split-input-file | vtc-opt --split-input-file | FileCheck %s
// RUN: vtc-opt %s --split-input-file --graph-infer-shapes | FileCheck %s --check-prefix=INFER

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<2x3xf32>, %b: tensor<2x3xi1>, %i: tensor<4xi64>) {
  // CHECK: graph.reciprocal %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "graph.reciprocal"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: graph.round
  %1 = "graph.round"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: graph.atanh
  %2 = "graph.atanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: graph.hard_sigmoid %{{.*}} {alpha = 3.000000e-01 : f64, beta = 4.000000e-01 : f64}
  %3 = "graph.hard_sigmoid"(%x) {alpha = 0.3 : f64, beta = 0.4 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: graph.is_nan %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = "graph.is_nan"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: graph.is_inf %{{.*}} {detect_negative = 0 : i64}
  %5 = "graph.is_inf"(%x) {detect_negative = 0} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: graph.not %{{.*}} : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %6 = "graph.not"(%b) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  // CHECK: graph.sign %{{.*}} : (tensor<4xi64>) -> tensor<4xi64>
  %7 = "graph.sign"(%i) : (tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

// CHECK-LABEL: func.func @binary
// INFER-LABEL: func.func @binary
// INFER-SAME: -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi64>)
func.func @binary(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %b: tensor<2x3xi1>, %c: tensor<2x1xi1>, %i: tensor<2x3xi64>, %j: tensor<3xi64>) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xi64>) {
  // CHECK: graph.less_equal %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // INFER: graph.less_equal{{.*}} -> tensor<2x3xi1>
  %0 = "graph.less_equal"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // INFER: graph.xor{{.*}} -> tensor<2x3xi1>
  %1 = "graph.xor"(%b, %c) : (tensor<2x3xi1>, tensor<2x1xi1>) -> tensor<?x?xi1>
  // INFER: graph.prelu{{.*}} -> tensor<2x3xf32>
  %2 = "graph.prelu"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  // INFER: graph.mod{{.*}} -> tensor<2x3xi64>
  %3 = "graph.mod"(%i, %j) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<?x?xi64>
  return %0, %1, %2, %3 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xi64>
}
