// Canonicalization of graph ops: identities removed, transposes and reshapes
// composed, element-wise ops on small constants folded.
// RUN: vtc-opt --canonicalize --split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @identities
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
func.func @identities(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.identity %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = graph.reshape %0 {shape = [2, 3]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = graph.transpose %1 {perm = [0, 1]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// A reshape whose result type is less static than its operand's stays: the
// types differ.
// CHECK-LABEL: func.func @keep_type_changing
// CHECK: graph.identity
// CHECK: graph.reshape
func.func @keep_type_changing(%x: tensor<2x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = graph.identity %x : (tensor<2x3xf32>) -> tensor<?x3xf32>
  %1 = graph.reshape %x {shape = [2, 3]} : (tensor<2x3xf32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_of_transpose
// CHECK-NEXT: %[[T:.*]] = graph.transpose %arg0 {perm = [1, 2, 0]} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = graph.transpose %x {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = graph.transpose %0 {perm = [2, 0, 1]} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  return %1 : tensor<3x4x2xf32>
}

// -----

// CHECK-LABEL: func.func @transposes_cancel
// CHECK-NEXT: return %arg0
func.func @transposes_cancel(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = graph.transpose %x {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = graph.transpose %0 {perm = [1, 2, 0]} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-NEXT: %[[R:.*]] = graph.reshape %arg0 {shape = [4, 6]} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %[[F:.*]] = graph.reshape %arg0 {shape = [3, 8]} : (tensor<2x3x4xf32>) -> tensor<3x8xf32>
// CHECK-NEXT: return %[[R]], %[[F]]
func.func @reshape_of_reshape(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<3x8xf32>) {
  %0 = graph.reshape %x {shape = [6, 4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = graph.reshape %0 {shape = [4, -1]} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %2 = graph.flatten %x : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %3 = graph.reshape %2 {shape = [3, 8]} : (tensor<2x12xf32>) -> tensor<3x8xf32>
  return %1, %3 : tensor<4x6xf32>, tensor<3x8xf32>
}

// -----

// With a dynamic result the outer shape is kept unless it copies a dim (0).
// CHECK-LABEL: func.func @reshape_of_reshape_dynamic
// CHECK-NEXT: %[[B:.*]] = graph.reshape %arg0 {shape = [0, 2, 2]}
// CHECK-NEXT: %[[A:.*]] = graph.reshape %arg0 {shape = [-1, 2]} : (tensor<?x4xf32>) -> tensor<?x2xf32>
// CHECK-NEXT: %[[C:.*]] = graph.reshape %[[B]] {shape = [0, 4]}
// CHECK-NEXT: return %[[A]], %[[C]]
func.func @reshape_of_reshape_dynamic(%x: tensor<?x4xf32>) -> (tensor<?x2xf32>, tensor<?x4xf32>) {
  %0 = graph.reshape %x {shape = [0, 2, 2]} : (tensor<?x4xf32>) -> tensor<?x2x2xf32>
  %1 = graph.reshape %0 {shape = [-1, 2]} : (tensor<?x2x2xf32>) -> tensor<?x2xf32>
  %2 = graph.reshape %0 {shape = [0, 4]} : (tensor<?x2x2xf32>) -> tensor<?x4xf32>
  return %1, %2 : tensor<?x2xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_constants
// CHECK-DAG: graph.constant dense<[2.000000e+00, 0.000000e+00, 6.000000e+00]> : tensor<3xf32>
// CHECK-DAG: graph.constant dense<[1, 0, 3]> : tensor<3xi32>
// CHECK-DAG: graph.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NOT: graph.relu
// CHECK-NOT: graph.add
// CHECK-NOT: graph.cast
func.func @fold_constants() -> (tensor<3xf32>, tensor<3xi32>, tensor<3xi1>) {
  %c = graph.constant dense<[1.0, -2.0, 3.0]> : tensor<3xf32>
  %0 = graph.relu %c : (tensor<3xf32>) -> tensor<3xf32>
  %1 = graph.add %0, %0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = graph.cast %0 {to = i32} : (tensor<3xf32>) -> tensor<3xi32>
  %3 = graph.cast %0 {to = i1} : (tensor<3xf32>) -> tensor<3xi1>
  return %1, %2, %3 : tensor<3xf32>, tensor<3xi32>, tensor<3xi1>
}

// -----

// Broadcasting folds too; a splat operand works like an explicit one.
// CHECK-LABEL: func.func @fold_broadcast
// CHECK-NEXT: graph.constant dense<{{\[}}[1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01]]> : tensor<2x2xf32>
func.func @fold_broadcast() -> tensor<2x2xf32> {
  %a = graph.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = graph.constant dense<10.0> : tensor<1xf32>
  %0 = graph.add %a, %b : (tensor<2x2xf32>, tensor<1xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// 1024 elements or more are not folded.
// CHECK-LABEL: func.func @no_fold_large
// CHECK: graph.neg
func.func @no_fold_large() -> tensor<32x32xf32> {
  %c = graph.constant dense<1.0> : tensor<32x32xf32>
  %0 = graph.neg %c : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
