// lower-graph-to-te on data-movement ops: one one-relies-on-one TE per
// result; the load maps are the graph mapping interface's (map + bias);
// piecewise mappings (concat, pad) select between padded loads.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<2x12xf32>) {
  // CHECK: te.compute(%arg0) shape () -> (6, 4) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: te.load %arg0[(d0, d1) -> (d0 floordiv 3, d0 mod 3, d1)] : tensor<2x3x4xf32> -> f32
  %0 = "graph.reshape"(%x) {shape = [6, 4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: te.compute(%arg0) shape () -> (2, 12)
  // CHECK: te.load %arg0[(d0, d1) -> (d0, d1 floordiv 4, d1 mod 4)]
  %1 = "graph.flatten"(%x) {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %0, %1 : tensor<6x4xf32>, tensor<2x12xf32>
}

// CHECK-LABEL: func.func @transpose
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  // CHECK: te.compute(%arg0) shape () -> (4, 2, 3)
  // CHECK-NOT: reduce
  // CHECK: te.load %arg0[(d0, d1, d2) -> (d1, d2, d0)]
  %0 = "graph.transpose"(%x) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// One TE per result, each with the offset of its chunk as a bias.
// CHECK-LABEL: func.func @split
func.func @split(%x: tensor<2x7xf32>) -> (tensor<2x2xf32>, tensor<2x5xf32>) {
  // CHECK: %[[A:.*]] = te.compute(%arg0) shape () -> (2, 2)
  // CHECK: te.load %arg0[(d0, d1) -> (d0, d1)]
  // CHECK: %[[B:.*]] = te.compute(%arg0) shape () -> (2, 5)
  // CHECK: te.load %arg0[(d0, d1) -> (d0, d1 + 2)]
  // CHECK: return %[[A]], %[[B]]
  %0:2 = "graph.split"(%x) {axis = 1, split = [2, 5]} : (tensor<2x7xf32>) -> (tensor<2x2xf32>, tensor<2x5xf32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x5xf32>
}

// The first piece's box wins: select on d1 < 3, else the second piece.
// CHECK-LABEL: func.func @concat
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 8)
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %[[J:.*]]: index):
  // CHECK-NEXT: %[[B:.*]] = te.load %arg1[(d0, d1) -> (d0, d1 - 3)] {padding = 0.000000e+00 : f32}
  // CHECK-NEXT: %[[A:.*]] = te.load %arg0[(d0, d1) -> (d0, d1)] {padding = 0.000000e+00 : f32}
  // CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[J]], %[[C3]] : index
  // CHECK-NEXT: %[[R:.*]] = arith.select %[[IN]], %[[A]], %[[B]] : f32
  // CHECK-NEXT: te.yield %[[R]]
  %0 = "graph.concat"(%a, %b) {axis = 1} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// CHECK-LABEL: func.func @slice
func.func @slice(%x: tensor<5x6xf32>) -> (tensor<2x3xf32>, tensor<5x2xf32>) {
  // CHECK: te.load %arg0[(d0, d1) -> (d0 + 1, d1 * 2)]
  %0 = "graph.slice"(%x) {starts = [1, 0], ends = [3, 6], steps = [1, 2]} : (tensor<5x6xf32>) -> tensor<2x3xf32>
  // CHECK: te.load %arg0[(d0, d1) -> (d0, d1 * -2 + 5)]
  %1 = "graph.slice"(%x) {starts = [-1], ends = [-4], axes = [1], steps = [-2]} : (tensor<5x6xf32>) -> tensor<5x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<5x2xf32>
}

// CHECK-LABEL: func.func @expand
func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  // CHECK: te.compute(%arg0) shape () -> (2, 3, 4)
  // CHECK: te.load %arg0[(d0, d1, d2) -> (d1, 0)]
  %0 = "graph.expand"(%x) {shape = [2, 1, 4]} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @squeeze
func.func @squeeze(%x: tensor<2x1x3xf32>) -> (tensor<2x3xf32>, tensor<1x2x1x3xf32>) {
  // CHECK: te.load %arg0[(d0, d1) -> (d0, 0, d1)]
  %0 = "graph.squeeze"(%x) {axes = [1]} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  // CHECK: te.load %arg0[(d0, d1, d2, d3) -> (d1, d2, d3)]
  %1 = "graph.unsqueeze"(%x) {axes = [0]} : (tensor<2x1x3xf32>) -> tensor<1x2x1x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<1x2x1x3xf32>
}

// CHECK-LABEL: func.func @tile
func.func @tile(%x: tensor<2x3xf32>) -> tensor<4x9xf32> {
  // CHECK: te.load %arg0[(d0, d1) -> (d0 mod 2, d1 mod 3)]
  %0 = "graph.tile"(%x) {repeats = [2, 3]} : (tensor<2x3xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// Constant padding: the fill outside the box, a padded load inside.
// CHECK-LABEL: func.func @pad
func.func @pad(%x: tensor<3x4xf32>) -> (tensor<5x7xf32>, tensor<5x7xf32>) {
  // CHECK: te.compute(%arg0) shape () -> (5, 7)
  // CHECK: %[[F:.*]] = arith.constant 5.000000e-01 : f32
  // CHECK-NEXT: %[[V:.*]] = te.load %arg0[(d0, d1) -> (d0 - 1, d1 - 2)] {padding = 5.000000e-01 : f32}
  // CHECK: arith.cmpi sge
  // CHECK: arith.cmpi slt
  // CHECK: arith.select %{{.*}}, %[[V]], %[[F]] : f32
  %0 = "graph.pad"(%x) {pads = [1, 2, 1, 1], value = 0.5 : f64} : (tensor<3x4xf32>) -> tensor<5x7xf32>
  // Edge mode: one piece per region, reading the border (coefficient 0).
  // CHECK: te.compute(%arg0) shape () -> (5, 7)
  // CHECK-DAG: te.load %arg0[(d0, d1) -> (2, 3)]
  // CHECK-DAG: te.load %arg0[(d0, d1) -> (0, 0)]
  // CHECK-DAG: te.load %arg0[(d0, d1) -> (d0 - 1, d1 - 2)]
  %1 = "graph.pad"(%x) {pads = [1, 2, 1, 1], mode = "edge"} : (tensor<3x4xf32>) -> tensor<5x7xf32>
  return %0, %1 : tensor<5x7xf32>, tensor<5x7xf32>
}

// CHECK-LABEL: func.func @depth_space
func.func @depth_space(%x: tensor<1x8x2x3xf32>) -> (tensor<1x2x4x6xf32>, tensor<1x8x2x3xf32>) {
  // CHECK: te.compute(%arg0) shape () -> (1, 2, 4, 6)
  // CHECK: te.load %arg0[(d0, d1, d2, d3) -> (d0, d1 + (d2 mod 2) * 4 + (d3 mod 2) * 2, d2 floordiv 2, d3 floordiv 2)]
  %0 = "graph.depth_to_space"(%x) {blocksize = 2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  // CHECK: te.compute(%{{.*}}) shape () -> (1, 8, 2, 3)
  // CHECK: floordiv
  %1 = "graph.space_to_depth"(%0) {blocksize = 2} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32>
  return %0, %1 : tensor<1x2x4x6xf32>, tensor<1x8x2x3xf32>
}

// CHECK-LABEL: func.func @identity
func.func @identity(%x: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // CHECK: te.compute(%arg0) shape () -> (2, 3) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  // CHECK: te.load %arg0[(d0, d1) -> (d0, d1)] : tensor<2x3xi1> -> i1
  %0 = "graph.identity"(%x) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}
