// lower-graph-to-te on the non-element-wise ops added for ONNX (onnx.c).
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// A max pool: one reduction over the window, loads padded with -inf.
// CHECK-LABEL: func.func @max_pool
// CHECK: te.compute(%arg0) shape () -> (1, 2, 4, 3) reduce () -> (3, 3) combiner max init 0xFF800000
// CHECK: te.load %arg0[(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4 - 1, d3 * 2 + d5 - 1)] {padding = 0xFF800000 : f32}
func.func @max_pool(%x: tensor<1x2x7x6xf32>) -> tensor<1x2x4x3xf32> {
  %0 = "graph.max_pool2d"(%x) {kernel_shape = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<1x2x7x6xf32>) -> tensor<1x2x4x3xf32>
  return %0 : tensor<1x2x4x3xf32>
}

// An average pool: a sum, then a division by the count computed from the
// output index.
// CHECK-LABEL: func.func @avg_pool
// CHECK: te.compute(%arg0) shape () -> (1, 2, 4, 3) reduce () -> (3, 3) combiner sum
// CHECK: te.compute
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: arith.divf
func.func @avg_pool(%x: tensor<1x2x7x6xf32>) -> tensor<1x2x4x3xf32> {
  %0 = "graph.avg_pool2d"(%x) {kernel_shape = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<1x2x7x6xf32>) -> tensor<1x2x4x3xf32>
  return %0 : tensor<1x2x4x3xf32>
}

// argmax: the max, then the first position equal to it (a NaN matching a NaN).
// CHECK-LABEL: func.func @argmax
// CHECK: te.compute(%arg0) shape () -> (3) reduce () -> (5) combiner max
// CHECK: te.compute(%arg0, %{{.*}}) shape () -> (3, 1) reduce () -> (5) combiner min
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf uno
// CHECK: arith.select
func.func @argmax(%x: tensor<3x5xf32>) -> tensor<3x1xi64> {
  %0 = "graph.argmax"(%x) {axis = 1} : (tensor<3x5xf32>) -> tensor<3x1xi64>
  return %0 : tensor<3x1xi64>
}

// cumsum: a masked sum over the axis.
// CHECK-LABEL: func.func @cumsum
// CHECK: te.compute(%arg0) shape () -> (3, 5) reduce () -> (5) combiner sum
// CHECK: arith.cmpi sle
func.func @cumsum(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "graph.cumsum"(%x) {axis = 1} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// gather_elements: the axis index from indices, an extra operand of the load.
// CHECK-LABEL: func.func @gather_elements
// CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3)
// CHECK: te.load %arg1[(d0, d1) -> (d0, d1)]
// CHECK: te.load %arg0[(d0, d1, d2) -> (d0, d2)]
func.func @gather_elements(%x: tensor<3x5xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = "graph.gather_elements"(%x, %i) {axis = 1} : (tensor<3x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// resize, linear: per resized dim the source coordinate in f64, floor and
// the fraction, two clamped indices as extra operands; 4 weighted loads.
// CHECK-LABEL: func.func @resize
// CHECK: te.compute(%arg0) shape () -> (1, 2, 8, 10)
// CHECK: math.floor %{{.*}} : f64
// CHECK-COUNT-4: te.load %arg0[(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)]
func.func @resize(%x: tensor<1x2x4x5xf32>) -> tensor<1x2x8x10xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", scales = [1.0, 1.0, 2.0, 2.0], sizes = [1, 2, 8, 10]} : (tensor<1x2x4x5xf32>) -> tensor<1x2x8x10xf32>
  return %0 : tensor<1x2x8x10xf32>
}
