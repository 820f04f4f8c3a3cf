// lower-graph-to-te on matmul and conv2d: one one-relies-on-many TE, a sum
// over the contraction domain; conv2d reads through padded loads.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=direct})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=direct})' %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3, 5) reduce () -> (4) combiner sum init 0.000000e+00
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT: %[[A:.*]] = te.load %arg0[(d0, d1, d2, d3) -> (d0, d1, d3)]
  // CHECK-NEXT: %[[B:.*]] = te.load %arg1[(d0, d1, d2, d3) -> (d3, d2)]
  // CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
  // CHECK-NEXT: te.yield %[[P]]
  %0 = "graph.matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// Batch broadcasting: a size-1 batch dim reads 0; 1-D operands are promoted.
// CHECK-LABEL: func.func @matmul_bcast
func.func @matmul_bcast(%a: tensor<2x1x3x4xf32>, %b: tensor<3x4x5xf32>, %v: tensor<4xf32>) -> (tensor<2x3x3x5xf32>, tensor<3x5xf32>) {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3, 3, 5) reduce () -> (4)
  // CHECK: te.load %arg0[(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)]
  // CHECK: te.load %arg1[(d0, d1, d2, d3, d4) -> (d1, d4, d3)]
  %0 = "graph.matmul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x3x5xf32>
  // CHECK: te.compute(%arg2, %arg1) shape () -> (3, 5) reduce () -> (4)
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d2)]
  // CHECK: te.load %arg1[(d0, d1, d2) -> (d0, d2, d1)]
  %1 = "graph.matmul"(%v, %b) : (tensor<4xf32>, tensor<3x4x5xf32>) -> tensor<3x5xf32>
  return %0, %1 : tensor<2x3x3x5xf32>, tensor<3x5xf32>
}

// Groups 2, stride 2, pads 1: a sum over (C/g, kh, kw); the input is read
// at channel group(m) * C/g + c with padding 0; the bias in a second TE.
// CHECK-LABEL: func.func @conv2d
func.func @conv2d(%x: tensor<1x4x8x8xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  // CHECK: %[[C:.*]] = te.compute(%arg0, %arg1) shape () -> (1, 8, 4, 4) reduce () -> (2, 3, 3) combiner sum init 0.000000e+00
  // CHECK: te.load %arg0[(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 4) * 2 + d4, d2 * 2 + d5 - 1, d3 * 2 + d6 - 1)] {padding = 0.000000e+00 : f32}
  // CHECK: te.load %arg1[(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)]
  // CHECK: te.compute(%[[C]], %arg2) shape () -> (1, 8, 4, 4)
  // CHECK-NOT: combiner
  // CHECK: te.load %arg2[(d0, d1, d2, d3) -> (d1)]
  // CHECK: arith.addf
  %0 = "graph.conv2d"(%x, %w, %b) {strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], group = 2} : (tensor<1x4x8x8xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// No padding: no padded load; dilation scales the kernel index.
// CHECK-LABEL: func.func @conv2d_dilated
func.func @conv2d_dilated(%x: tensor<2x3x9x7xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x5x6xf32> {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 4, 5, 6) reduce () -> (3, 3, 2)
  // CHECK: te.load %arg0[(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5 * 2, d3 + d6)] :
  %0 = "graph.conv2d"(%x, %w) {dilations = [2, 1]} : (tensor<2x3x9x7xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x5x6xf32>
  return %0 : tensor<2x4x5x6xf32>
}
