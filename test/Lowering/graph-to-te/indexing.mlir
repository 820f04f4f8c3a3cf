// lower-graph-to-te on gather and scatter_nd: index-dependent te.loads whose
// extra operand is the (wrapped) index element.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @gather
func.func @gather(%d: tensor<5x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3, 4) : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  // CHECK: %[[T:.*]] = te.load %arg1[(d0, d1, d2) -> (d0, d1)] : tensor<2x3xi64> -> i64
  // CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[T]] : i64 to index
  // CHECK-NEXT: %[[D:.*]] = arith.constant 5 : index
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[Z]] : index
  // CHECK-NEXT: %[[W:.*]] = arith.addi %[[X]], %[[D]] : index
  // CHECK-NEXT: %[[E:.*]] = arith.select %[[NEG]], %[[W]], %[[X]] : index
  // CHECK-NEXT: %[[V:.*]] = te.load %arg0[(d0, d1, d2, d3) -> (d3, d2)](%[[E]]) : tensor<5x4xf32> -> f32
  // CHECK-NEXT: te.yield %[[V]]
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// A dynamic gathered dimension is read from a rank-0 TE for the wrap.
// CHECK-LABEL: func.func @gather_dynamic
func.func @gather_dynamic(%d: tensor<?x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  // CHECK: %[[N:.*]] = te.dim %arg0, 0
  // CHECK: %[[NT:.*]] = te.compute() [%[[N]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: te.compute(%arg0, %arg1, %[[NT]]) [%[[N]]] shape ()[s0] -> (3, 4)
  // CHECK: te.load %[[NT]][(d0, d1)[s0] -> ()]
  // CHECK: te.load %arg0[(d0, d1, d2)[s0] -> (d2, d1)](%{{.*}})
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// scatter_nd (none): the last matching update position as a max-reduction
// over the updates (-1: none), then a select between update and data.
// CHECK-LABEL: func.func @scatter_nd
func.func @scatter_nd(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: %[[POS:.*]] = te.compute(%arg1) shape () -> (4, 3) reduce () -> (2) combiner max init -1 : (tensor<2x1xi64>) -> tensor<4x3xi64>
  // CHECK-NEXT: ^bb0(%[[R:.*]]: index, %{{.*}}: index, %[[P:.*]]: index):
  // CHECK: te.load %arg1[(d0, d1, d2) -> (d2, 0)]
  // CHECK: arith.cmpi eq, %{{.*}}, %[[R]] : index
  // CHECK: te.compute(%arg0, %[[POS]], %arg2) shape () -> (4, 3)
  // CHECK: %[[PV:.*]] = te.load %[[POS]][(d0, d1) -> (d0, d1)]
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d2, d1)](%{{.*}}) {padding = 0.000000e+00 : f32}
  // CHECK: arith.cmpi sge, %[[PV]]
  // CHECK: arith.select
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// scatter_nd (add): the sum of the matching updates, added to the data.
// CHECK-LABEL: func.func @scatter_nd_add
func.func @scatter_nd_add(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: %[[S:.*]] = te.compute(%arg1, %arg2) shape () -> (4, 3) reduce () -> (2) combiner sum init 0.000000e+00
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d2, d1)]
  // CHECK: te.compute(%arg0, %[[S]]) shape () -> (4, 3)
  // CHECK: arith.addf
  %0 = "graph.scatter_nd"(%d, %i, %u) {reduction = "add"} : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
