// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// Canonicalization and CSE hoist constants out of bodies; the result verifies.
// RUN: vtc-opt %s --canonicalize --cse | vtc-opt | FileCheck %s --check-prefix=CANON
// CANON: %[[C3:.*]] = arith.constant 3 : index
// CANON: te.compute(%arg0, %arg1) shape () -> (6, 8)
// CANON: arith.cmpi slt, %{{.*}}, %[[C3]] : index
// Assertions have effects: canonicalization and CSE keep them.
// CANON-LABEL: func.func @asserts
// CANON: te.assert eq(
// CANON: te.assert ult(

// The README's example: a matmul with a dynamic row count bound by te.dim.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[N:.*]] = te.dim %arg0, 0 : tensor<?x8xf32>
// CHECK: te.compute(%arg0, %arg1) [%[[N]]] shape ()[s0] -> (s0, 16) reduce ()[s0] -> (8) combiner sum init 0.000000e+00 : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32> {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: te.load %arg0[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x8xf32> -> f32
// CHECK-NEXT: te.load %arg1[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<8x16xf32> -> f32
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: te.yield %{{.*}} : f32
// GENERIC-LABEL: "func.func"
// GENERIC: "te.dim"(%arg0) {index = 0 : i64} : (tensor<?x8xf32>) -> index
// GENERIC: "te.compute"(%arg0, %arg1, %{{.*}}) ({
// GENERIC: "te.load"(%arg0) {map = affine_map<(d0, d1, d2)[s0] -> (d0, d2)>} : (tensor<?x8xf32>) -> f32
// GENERIC: "te.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: }) {combiner = "sum", init = 0.000000e+00 : f32, num_inputs = 2 : i64, reduce = affine_map<()[s0] -> (8)>, shape = affine_map<()[s0] -> (s0, 16)>} : (tensor<?x8xf32>, tensor<8x16xf32>, index) -> tensor<?x16xf32>
func.func @matmul(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<?x16xf32> {
  %m = te.dim %a, 0 : tensor<?x8xf32>
  %c = te.compute(%a, %b) [%m] shape ()[s0] -> (s0, 16)
         reduce ()[s0] -> (8) combiner sum init 0.0 : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x8xf32> -> f32
    %y = te.load %b[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<?x16xf32>
}

// A max reduction: -inf prints as MLIR's hexadecimal bit pattern.
// CHECK-LABEL: func.func @reduce_max
// CHECK: te.compute(%arg0) shape () -> (4) reduce () -> (8) combiner max init 0xFF800000 : (tensor<4x8xf32>) -> tensor<4xf32>
func.func @reduce_max(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) reduce () -> (8) combiner max init 0xFF800000 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// Padded loads, predicates on indices, and an index-dependent (gather) load.
// CHECK-LABEL: func.func @pad_gather
// CHECK: te.load %arg0[(d0, d1) -> (d0 - 1, d1)] {padding = 0.000000e+00 : f32} : tensor<4x8xf32> -> f32
// CHECK: te.load %arg1[(d0, d1) -> (d0)] : tensor<6xi64> -> i64
// CHECK: arith.index_cast
// CHECK: te.load %arg0[(d0, d1, d2) -> (d2, d1)](%{{.*}}) : tensor<4x8xf32> -> f32
// CHECK: arith.select
func.func @pad_gather(%a: tensor<4x8xf32>, %idx: tensor<6xi64>) -> tensor<6x8xf32> {
  %c = te.compute(%a, %idx) shape () -> (6, 8) : (tensor<4x8xf32>, tensor<6xi64>) -> tensor<6x8xf32> {
  ^bb0(%i: index, %j: index):
    %p = te.load %a[(d0, d1) -> (d0 - 1, d1)] {padding = 0.0 : f32} : tensor<4x8xf32> -> f32
    %e = te.load %idx[(d0, d1) -> (d0)] : tensor<6xi64> -> i64
    %ei = arith.index_cast %e : i64 to index
    %g = te.load %a[(d0, d1, d2) -> (d2, d1)](%ei) : tensor<4x8xf32> -> f32
    %c3 = arith.constant 3 : index
    %lt = arith.cmpi slt, %i, %c3 : index
    %r = arith.select %lt, %p, %g : f32
    te.yield %r : f32
  }
  return %c : tensor<6x8xf32>
}

// Integer elements and a product with an integer init; zero inputs.
// CHECK-LABEL: func.func @iota
// CHECK: te.compute() shape () -> (5) : () -> tensor<5xi32>
// CHECK: combiner prod init 1 : (tensor<5xi32>) -> tensor<i32>
func.func @iota() -> tensor<i32> {
  %c = te.compute() shape () -> (5) : () -> tensor<5xi32> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    te.yield %v : i32
  }
  %p = te.compute(%c) shape () -> () reduce () -> (5) combiner prod init 1 : (tensor<5xi32>) -> tensor<i32> {
  ^bb0(%k: index):
    %v = te.load %c[(d0) -> (d0)] : tensor<5xi32> -> i32
    te.yield %v : i32
  }
  return %p : tensor<i32>
}

// In-bounds proofs that interval arithmetic alone would miss: a quasi-affine
// reshuffle, and an index used twice (d0 floordiv 2 + (3 - d0) floordiv 2
// spans [0, 2] by intervals, but is always 1).
// CHECK-LABEL: func.func @proofs
// CHECK: te.load %arg0[(d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1)]
// CHECK: te.load %arg1[(d0, d1) -> (d0 floordiv 2 + (-d0 + 1) floordiv 2 + 1, d1)]
func.func @proofs(%a: tensor<4x16xf32>, %b: tensor<2x16xf32>) -> (tensor<8x8xf32>, tensor<4x16xf32>) {
  %r = te.compute(%a) shape () -> (8, 8) : (tensor<4x16xf32>) -> tensor<8x8xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %a[(d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1)] : tensor<4x16xf32> -> f32
    te.yield %v : f32
  }
  %s = te.compute(%b) shape () -> (4, 16) : (tensor<2x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %b[(d0, d1) -> (d0 floordiv 2 + (3 - d0) floordiv 2, d1)] : tensor<2x16xf32> -> f32
    te.yield %v : f32
  }
  return %r, %s : tensor<8x8xf32>, tensor<4x16xf32>
}

// Run-time checks: a host te.assert between two sizes (a message argument
// `{k}` is operand k), and one in a compute body, checked per element (the
// index check lower-graph-to-te writes for gather).
// CHECK-LABEL: func.func @asserts
// CHECK: %[[N:.*]] = te.dim %arg0, 0 : tensor<?x8xf32>
// CHECK-NEXT: %[[M:.*]] = te.dim %arg1, 0 : tensor<?x8xf32>
// CHECK-NEXT: te.assert eq(%[[N]], %[[M]]) "'graph.add' op add: shapes [{0},8] and [{1},8] do not broadcast"
// CHECK-NEXT: te.assert divisible(%[[N]], %[[M]], %[[N]]) "{2} {{[{][{]}}literal{{[}][}]}}"
// CHECK: ^bb0(%[[I:.*]]: index, %{{.*}}: index):
// CHECK: %[[T:.*]] = arith.index_cast
// CHECK: te.assert ult(%[[T]], %{{.*}}, %[[T]]) "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
// CHECK-NEXT: te.load %arg0
// GENERIC: "te.assert"(%{{.*}}, %{{.*}}) {message = "'graph.add' op add: shapes [{0},8] and [{1},8] do not broadcast", relation = "eq"} : (index, index) -> ()
func.func @asserts(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>, %i: tensor<3xi64>) -> tensor<3x8xf32> {
  %n = te.dim %a, 0 : tensor<?x8xf32>
  %m = te.dim %b, 0 : tensor<?x8xf32>
  te.assert eq(%n, %m) "'graph.add' op add: shapes [{0},8] and [{1},8] do not broadcast"
  te.assert divisible(%n, %m, %n) "{2} {{literal}}"
  %c = te.compute(%a, %i) [%n] shape ()[s0] -> (3, 8) : (tensor<?x8xf32>, tensor<3xi64>) -> tensor<3x8xf32> {
  ^bb0(%r: index, %j: index):
    %x = te.load %i[(d0, d1)[s0] -> (d0)] : tensor<3xi64> -> i64
    %t = arith.index_cast %x : i64 to index
    %c4 = arith.constant 4 : index
    te.assert ult(%t, %c4, %t) "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
    %v = te.load %a[(d0, d1, d2)[s0] -> (d2, d1)](%t) {padding = 0.0 : f32} : tensor<?x8xf32> -> f32
    te.yield %v : f32
  }
  return %c : tensor<3x8xf32>
}
