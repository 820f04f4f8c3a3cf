// lower-graph-to-te with dynamic shapes: the arguments' `?` dims become
// symbols once, at the top (te.dim); every TE takes the symbols its shape,
// reduction domain and inputs mention, and consumers reuse them.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<?x8xf32>, %w: tensor<8x?xf32>, %b: tensor<8xf32>) -> tensor<?x?xf32> {
  // CHECK-NEXT: %[[M:.*]] = te.dim %arg0, 0 : tensor<?x8xf32>
  // CHECK-NEXT: %[[N:.*]] = te.dim %arg1, 1 : tensor<8x?xf32>
  // CHECK-NEXT: %[[A:.*]] = te.compute(%arg0, %arg2) [%[[M]]] shape ()[s0] -> (s0, 8) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %0 = "graph.add"(%x, %b) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  // CHECK: %[[MM:.*]] = te.compute(%[[A]], %arg1) [%[[M]], %[[N]]] shape ()[s0, s1] -> (s0, s1) reduce ()[s0, s1] -> (8) combiner sum
  // CHECK: te.load %[[A]][(d0, d1, d2)[s0, s1] -> (d0, d2)]
  // CHECK: te.load %arg1[(d0, d1, d2)[s0, s1] -> (d2, d1)]
  %1 = "graph.matmul"(%0, %w) : (tensor<?x8xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  // CHECK: te.compute(%[[MM]]) [%[[M]], %[[N]]] shape ()[s0, s1] -> (s1, s0)
  %2 = "graph.transpose"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK-NOT: te.dim
  // CHECK: return
  return %2 : tensor<?x?xf32>
}

// A TE with a static shape takes no symbols; a dynamic reduction extent is a
// symbol of the reduce map; a mean over it divides by a rank-0 count TE.
// CHECK-LABEL: func.func @reduce_dynamic
func.func @reduce_dynamic(%x: tensor<3x?xf32>) -> tensor<3x1xf32> {
  // CHECK: %[[K:.*]] = te.dim %arg0, 1
  // CHECK: %[[C:.*]] = te.compute() [%[[K]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: %[[S:.*]] = te.compute(%arg0) [%[[K]]] shape ()[s0] -> (3, 1) reduce ()[s0] -> (s0) combiner sum
  // CHECK: te.compute(%[[S]], %[[C]]) shape () -> (3, 1) : (tensor<3x1xf32>, tensor<i64>) -> tensor<3x1xf32>
  // CHECK: arith.sitofp
  // CHECK: arith.divf
  %0 = "graph.reduce_mean"(%x) {axes = [1]} : (tensor<3x?xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// Output dims that are expressions of symbols (conv2d over a dynamic height).
// CHECK-LABEL: func.func @conv_dynamic
func.func @conv_dynamic(%x: tensor<1x2x?x7xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x?x4xf32> {
  // CHECK: te.compute(%arg0, %arg1) [%{{.*}}] shape ()[s0] -> (1, 3, (s0 - 1) floordiv 2 + 1, 4) reduce ()[s0] -> (2, 3, 3)
  %0 = "graph.conv2d"(%x, %w) {strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<1x2x?x7xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x?x4xf32>
  return %0 : tensor<1x3x?x4xf32>
}
