// lower-te-to-gir on padded loads: the bounds check is an unsigned compare
// per index that can leave the input (those the static domain proves inside
// are not checked); an out-of-bounds read becomes a `valid`-masked view with
// the load's `padding`. A check that does not depend on the innermost
// index masks the whole slice, at a safe offset (select on the bounds); one
// that does bounds the lanes: the view's window `valid(1, last) from(0,
// first)` holds the lanes whose index lies inside the input (its offset may
// then address elements before the buffer, which are never read).
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s

// x[i, j - 1]: lane 0 of each row reads the padding (the window starts at
// lane 1), lanes 1..15 read x[i, 0..14]; the row's end needs no bound.
// CHECK-LABEL: gir.kernel @shift_k0
// CHECK-SAME: lanes 16 {
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: gir.for %[[I:.*]] =
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[I]], %[[C16]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[ROW]], %[[CM1]] : index
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[OFF]]] valid(%[[C1]], %[[C16]]) from(%[[C0]], %[[C1]]) {padding = 5.000000e-01 : f32} : !gir.buffer<global, 4x16xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: gir.copy %[[V]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
func.func @shift(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %y = te.compute(%x) shape () -> (4, 16) : (tensor<4x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1 - 1)] {padding = 0.5 : f32} : tensor<4x16xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<4x16xf32>
}

// Concatenation along rows: the padding checks depend on the row only, so
// each load stays one 16-lane slice whose rows are masked (0 or 1 valid).
// CHECK-LABEL: gir.kernel @concat_rows_k0
// CHECK-SAME: lanes 16 {
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[CM4:.*]] = arith.constant -4 : index
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[W]]
// CHECK: %[[VALID:.*]] = arith.minui
// CHECK: %[[INA:.*]] = arith.cmpi ult, %[[I]], %[[C4]] : index
// CHECK-NEXT: %[[OA:.*]] = arith.select %[[INA]], %{{.*}}, %[[C0]] : index
// CHECK-NEXT: %[[NA:.*]] = arith.select %[[INA]], %[[C1]], %[[C0]] : index
// CHECK-NEXT: %[[VA:.*]] = gir.view %arg0[%[[OA]]] valid(%[[NA]], %[[VALID]]) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 4x20xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[A:.*]] = gir.copy %[[VA]]
// CHECK-NEXT: %[[IB:.*]] = arith.addi %[[I]], %[[CM4]] : index
// CHECK-NEXT: %[[INB:.*]] = arith.cmpi ult, %[[IB]], %[[C2]] : index
// CHECK: %[[VB:.*]] = gir.view %arg1[%{{.*}}] valid(%{{.*}}, %[[VALID]]) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 2x20xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[B:.*]] = gir.copy %[[VB]]
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[C4]] : index
// CHECK-NEXT: gir.elementwise(%[[LT]], %[[A]], %[[B]]) : (i1, !gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: arith.select %[[P]], %[[X]], %[[Y]] : f32
func.func @concat_rows(%a: tensor<4x20xf32>, %b: tensor<2x20xf32>) -> tensor<6x20xf32> {
  %y = te.compute(%a, %b) shape () -> (6, 20) : (tensor<4x20xf32>, tensor<2x20xf32>) -> tensor<6x20xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] {padding = 0.0 : f32} : tensor<4x20xf32> -> f32
    %z = te.load %b[(d0, d1) -> (d0 - 4, d1)] {padding = 0.0 : f32} : tensor<2x20xf32> -> f32
    %c4 = arith.constant 4 : index
    %lt = arith.cmpi slt, %i, %c4 : index
    %r = arith.select %lt, %x, %z : f32
    te.yield %r : f32
  }
  return %y : tensor<6x20xf32>
}

// Concatenation along the lanes (ONNX's 1-D Concat): a's lanes end at 2,
// b's view starts two elements before b with its window from lane 2.
// CHECK-LABEL: gir.kernel @concat_lanes_k0
// CHECK-SAME: lanes 4 {
// CHECK-DAG: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x4xf32>
// CHECK-DAG: gir.view %arg1[%{{.*}}] valid(%{{.*}}, %{{.*}}) from(%{{.*}}, %{{.*}}) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x4xf32>
func.func @concat_lanes(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  %y = te.compute(%a, %b) shape () -> (4) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] {padding = 0.0 : f32} : tensor<2xf32> -> f32
    %z = te.load %b[(d0) -> (d0 - 2)] {padding = 0.0 : f32} : tensor<2xf32> -> f32
    %c2 = arith.constant 2 : index
    %lt = arith.cmpi slt, %i, %c2 : index
    %r = arith.select %lt, %x, %z : f32
    te.yield %r : f32
  }
  return %y : tensor<4xf32>
}
