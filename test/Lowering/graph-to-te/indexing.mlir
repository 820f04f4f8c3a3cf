// lower-graph-to-te on gather and scatter_nd: index-dependent te.loads whose
// extra operand is the index element, wrapped when negative and checked by a
// te.assert in the body with the reference kernel's message; out of range
// the TE reads index 0 instead (the program fails, no access leaves the
// tensor).
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s
// RUN: vtc-opt '--lower-graph-to-te=scatter=select' %s | FileCheck %s --check-prefix=SELECT

// CHECK-LABEL: func.func @gather
func.func @gather(%d: tensor<5x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3, 4) : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  // CHECK: %[[D:.*]] = arith.constant 5 : index
  // CHECK-NEXT: %[[T:.*]] = te.load %arg1[(d0, d1, d2) -> (d0, d1)] : tensor<2x3xi64> -> i64
  // CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[T]] : i64 to index
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[W:.*]] = arith.addi %[[X]], %[[D]] : index
  // CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[Z]] : index
  // CHECK-NEXT: %[[E:.*]] = arith.select %[[NEG]], %[[W]], %[[X]] : index
  // CHECK-NEXT: te.assert ult(%[[E]], %[[D]], %[[X]]) "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
  // CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[E]], %[[D]] : index
  // CHECK-NEXT: %[[SAFE:.*]] = arith.select %[[IN]], %[[E]], %[[Z]] : index
  // CHECK-NEXT: %[[V:.*]] = te.load %arg0[(d0, d1, d2, d3) -> (d3, d2)](%[[SAFE]]) : tensor<5x4xf32> -> f32
  // CHECK-NEXT: te.yield %[[V]]
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// A dynamic gathered dimension is read from a rank-0 TE for the wrap and
// the check; it may be 0, so the load is padded.
// CHECK-LABEL: func.func @gather_dynamic
func.func @gather_dynamic(%d: tensor<?x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  // CHECK: %[[N:.*]] = te.dim %arg0, 0
  // CHECK: %[[NT:.*]] = te.compute() [%[[N]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: te.compute(%arg0, %arg1, %[[NT]]) [%[[N]]] shape ()[s0] -> (3, 4)
  // CHECK: %[[S:.*]] = te.load %[[NT]][(d0, d1)[s0] -> ()]
  // CHECK-NEXT: %[[SI:.*]] = arith.index_cast %[[S]] : i64 to index
  // CHECK: te.assert ult(%{{.*}}, %[[SI]], %{{.*}}) "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
  // CHECK: te.load %arg0[(d0, d1, d2)[s0] -> (d2, d1)](%{{.*}}) {padding = 0.000000e+00 : f32}
  %0 = "graph.gather"(%d, %i) {axis = 0} : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// scatter_nd (none): the indices checked and wrapped first (an update out
// of range is an error, not dropped); for each update position the last
// position with the same index (a max-reduction over the positions); then
// one destination-passing TE over the updates that stores the last
// duplicate's update at each position (stores_agree: any order is right).
// With scatter=select (the ablation): the last matching update position per
// output element (-1: none), then a select between update and data.
// CHECK-LABEL: func.func @scatter_nd
// SELECT-LABEL: func.func @scatter_nd
func.func @scatter_nd(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: %[[W:.*]] = te.compute(%arg1) shape () -> (2, 1) : (tensor<2x1xi64>) -> tensor<2x1xi64>
  // CHECK: te.assert ult(%{{.*}}, %{{.*}}, %{{.*}}) "'graph.scatter_nd' op scatter_nd: index {2} is out of range for a dimension of size {1}"
  // CHECK: %[[LAST:.*]] = te.compute(%[[W]]) shape () -> (2) reduce () -> (2) combiner max init -1 : (tensor<2x1xi64>) -> tensor<2xi64>
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %[[P2:.*]]: index):
  // CHECK: %[[A:.*]] = te.load %[[W]][(d0, d1) -> (d1, 0)]
  // CHECK: %[[B:.*]] = te.load %[[W]][(d0, d1) -> (d0, 0)]
  // CHECK: arith.cmpi eq, %[[B]], %[[A]] : i64
  // CHECK: arith.index_cast %[[P2]] : index to i64
  // CHECK: te.compute(%[[W]], %arg2, %[[LAST]]) shape () -> (2, 3) into(%arg0[(d0, d1, d2) -> (d2, d1)]) {stores_agree} : (tensor<2x1xi64>, tensor<2x3xf32>, tensor<2xi64>) -> (tensor<4x3xf32>)
  // CHECK: %[[ROW:.*]] = te.load %[[W]][(d0, d1) -> (d0, 0)]
  // CHECK: %[[ROWI:.*]] = arith.index_cast %[[ROW]] : i64 to index
  // CHECK: %[[Q:.*]] = te.load %[[LAST]][(d0, d1) -> (d0)]
  // CHECK: %[[QI:.*]] = arith.index_cast %[[Q]] : i64 to index
  // CHECK: %[[V:.*]] = te.load %arg2[(d0, d1, d2) -> (d2, d1)](%[[QI]])
  // CHECK: te.yield %[[V]], %[[ROWI]] : f32, index
  // SELECT: %[[W:.*]] = te.compute(%arg1) shape () -> (2, 1) : (tensor<2x1xi64>) -> tensor<2x1xi64>
  // SELECT: %[[POS:.*]] = te.compute(%[[W]]) shape () -> (4, 3) reduce () -> (2) combiner max init -1 : (tensor<2x1xi64>) -> tensor<4x3xi64>
  // SELECT-NEXT: ^bb0(%[[R:.*]]: index, %{{.*}}: index, %[[P:.*]]: index):
  // SELECT: te.load %[[W]][(d0, d1, d2) -> (d2, 0)]
  // SELECT: arith.cmpi eq, %{{.*}}, %[[R]] : index
  // SELECT: te.compute(%arg0, %[[POS]], %arg2) shape () -> (4, 3)
  // SELECT: %[[PV:.*]] = te.load %[[POS]][(d0, d1) -> (d0, d1)]
  // SELECT: te.load %arg2[(d0, d1, d2) -> (d2, d1)](%{{.*}}) {padding = 0.000000e+00 : f32}
  // SELECT: arith.cmpi sge, %[[PV]]
  // SELECT: arith.select
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// Index tuples of depth 2 into a dynamic first dim: component j of a tuple
// is checked against data dim j (a select on the tuple position).
// CHECK-LABEL: func.func @scatter_nd_depth2
func.func @scatter_nd_depth2(%d: tensor<?x3xf32>, %i: tensor<2x2xi32>, %u: tensor<2xf32>) -> tensor<?x3xf32> {
  // CHECK: %[[N:.*]] = te.dim %arg0, 0
  // CHECK: %[[NT:.*]] = te.compute() [%[[N]]]
  // CHECK: te.compute(%arg1, %[[NT]]) shape () -> (2, 2) : (tensor<2x2xi32>, tensor<i64>) -> tensor<2x2xi64>
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %[[J:.*]]: index):
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[J]], %[[C0]] : index
  // CHECK: %[[DIM:.*]] = arith.select %[[IS0]], %{{.*}}, %[[C3]] : index
  // CHECK: te.assert ult(%{{.*}}, %[[DIM]], %{{.*}}) "'graph.scatter_nd' op scatter_nd: index {2} is out of range for a dimension of size {1}"
  %0 = "graph.scatter_nd"(%d, %i, %u) : (tensor<?x3xf32>, tensor<2x2xi32>, tensor<2xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// scatter_nd (add): the sum of the matching updates, added to the data.
// CHECK-LABEL: func.func @scatter_nd_add
func.func @scatter_nd_add(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: %[[W:.*]] = te.compute(%arg1) shape () -> (2, 1)
  // CHECK: %[[S:.*]] = te.compute(%[[W]], %arg2) shape () -> (4, 3) reduce () -> (2) combiner sum init 0.000000e+00
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d2, d1)]
  // CHECK: te.compute(%arg0, %[[S]]) shape () -> (4, 3)
  // CHECK: arith.addf
  %0 = "graph.scatter_nd"(%d, %i, %u) {reduction = "add"} : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
