// lower-te-to-gir on index-dependent loads (gather): the index element is a
// scalar load (1x1 view, extract), cast to index, and the extra operand of
// the data load's map. When the index does not move with the innermost
// output index, the data row is one contiguous slice; when it does, the
// kernel is scalar (one element per step).
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s

// CHECK-LABEL: gir.kernel @embed_k0(%arg0: !gir.buffer<global, 10x32xf32>, %arg1: !gir.buffer<global, 3xi64>, %arg2: !gir.buffer<global, 3x32xf32>) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[W]]
// CHECK-NEXT: arith.remui
// CHECK-NEXT: %[[J0:.*]] = arith.muli
// CHECK: %[[IV:.*]] = gir.view %arg1[%[[I]]] : !gir.buffer<global, 3xi64> -> !gir.slice<global, 1x1xi64>
// CHECK-NEXT: %[[IR:.*]] = gir.copy %[[IV]] : !gir.slice<global, 1x1xi64> -> !gir.slice<register, 1x1xi64>
// CHECK-NEXT: %[[K:.*]] = gir.extract %[[IR]][0, 0] : !gir.slice<register, 1x1xi64>
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[KI]], %[[C32]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[ROW]], %[[J0]] : index
// CHECK-NEXT: %[[DV:.*]] = gir.view %arg0[%[[OFF]]] : !gir.buffer<global, 10x32xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[D:.*]] = gir.copy %[[DV]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[OV:.*]] = gir.view %arg2[%{{.*}}] : !gir.buffer<global, 3x32xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: gir.copy %[[D]] to %[[OV]]
func.func @embed(%table: tensor<10x32xf32>, %idx: tensor<3xi64>) -> tensor<3x32xf32> {
  %y = te.compute(%table, %idx) shape () -> (3, 32) : (tensor<10x32xf32>, tensor<3xi64>) -> tensor<3x32xf32> {
  ^bb0(%i: index, %j: index):
    %k = te.load %idx[(d0, d1) -> (d0)] : tensor<3xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %v = te.load %table[(d0, d1, d2) -> (d2, d1)](%ki) : tensor<10x32xf32> -> f32
    te.yield %v : f32
  }
  return %y : tensor<3x32xf32>
}

// CHECK-LABEL: gir.kernel @gather1d_k0
// CHECK-SAME: lanes 1 {
// CHECK: gir.for %[[W:.*]] =
// CHECK: %[[IV:.*]] = gir.view %arg1[%[[W]]] : !gir.buffer<global, 5xi64> -> !gir.slice<global, 1x1xi64>
// CHECK: %[[K:.*]] = gir.extract
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-NEXT: gir.view %arg0[%[[KI]]] : !gir.buffer<global, 10xf32> -> !gir.slice<global, 1x1xf32>
func.func @gather1d(%x: tensor<10xf32>, %idx: tensor<5xi64>) -> tensor<5xf32> {
  %y = te.compute(%x, %idx) shape () -> (5) : (tensor<10xf32>, tensor<5xi64>) -> tensor<5xf32> {
  ^bb0(%i: index):
    %k = te.load %idx[(d0) -> (d0)] : tensor<5xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %v = te.load %x[(d0, d1) -> (d1)](%ki) : tensor<10xf32> -> f32
    te.yield %v : f32
  }
  return %y : tensor<5xf32>
}
