// lower-te-to-gir on reductions: a register accumulator (a slice of the
// output chunk) initialised to `init` by gir.broadcast, carried by one
// gir.for per reduction axis (outermost first: te's row-major order), the
// body and the combiner fused into one gir.elementwise per step. A long
// contiguous row puts the lanes along the row instead (gir.reduce at the end).
// (min-unit-work=0: a launch's units as its work items give them; min-unit-work.mlir tests the cap.)
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | vtc-opt | FileCheck %s

// A row shorter than the register: the output's innermost index is the
// row, 8 lanes (8 outputs) reading a column of the input with stride 10 per
// reduction step.
// CHECK-LABEL: gir.kernel @row_sum_k0
// CHECK-SAME: lanes 8 {
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[Z]] : f32 -> !gir.slice<register, 1x8xf32>
// CHECK: gir.for
// CHECK: %[[ACC:.*]] = gir.for %[[K:.*]] = %[[C0]] to %[[C10]] step %[[C1]] iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x8xf32>) {
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[K]]] : !gir.buffer<global, 8x10xf32> -> !gir.slice<global, 8x1xf32, 10>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 8x1xf32, 10> -> !gir.slice<register, 8x1xf32>
// CHECK-NEXT: %[[T:.*]] = gir.sync warp %[[R]] : !gir.slice<register, 8x1xf32> -> !gir.slice<register, 1x8xf32>
// CHECK-NEXT: %[[N:.*]] = gir.elementwise(%[[A]], %[[T]]) : (!gir.slice<register, 1x8xf32>, !gir.slice<register, 1x8xf32>) -> !gir.slice<register, 1x8xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: gir.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[N]] : !gir.slice<register, 1x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%{{.*}}] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
// CHECK-NEXT: gir.copy %[[ACC]] to %[[O]] : !gir.slice<register, 1x8xf32> -> !gir.slice<global, 1x8xf32>
func.func @row_sum(%x: tensor<8x10xf32>) -> tensor<8xf32> {
  %y = te.compute(%x) shape () -> (8) reduce () -> (10) combiner sum init 0.0 : (tensor<8x10xf32>) -> tensor<8xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<8x10xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<8xf32>
}

// A reduction along the contiguous row (at least a register long): the
// lanes run along the row. One output element per work item; the
// accumulator holds 16 partial maxima, loaded 1x16 from the row with the
// tail (100 = 6 x 16 + 4) masked by `valid` and kept out by a lane select,
// combined by gir.reduce along the width; max from -inf (arith.maximumf).
// CHECK-LABEL: gir.kernel @row_max_k0
// CHECK-SAME: lanes 16 {
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[NINF]] : f32 -> !gir.slice<register, 1x16xf32>
// CHECK: gir.for %[[W:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[ACC:.*]] = gir.for %[[K:.*]] = %{{.*}} to %[[C100]] step %[[C16]] iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x16xf32>) {
// CHECK-NEXT: %[[REM:.*]] = arith.subi %[[C100]], %[[K]] : index
// CHECK-NEXT: %[[VAL:.*]] = arith.minui %[[C16]], %[[REM]] : index
// CHECK-NEXT: %[[RB:.*]] = arith.muli %[[W]], %[[C100]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[RB]], %[[K]] : index
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[OFF]]] valid(%{{.*}}, %[[VAL]]) : !gir.buffer<global, 8x100xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[N:.*]] = gir.elementwise(%[[A]], %[[R]], %[[VAL]]) : (!gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>, index) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[NV:.*]]: index, %{{.*}}: index, %[[LANE:.*]]: index):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[LANE]], %[[NV]] : index
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[IN]], %[[M]], %[[X]] : f32
// CHECK-NEXT: gir.yield %[[SEL]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[N]] : !gir.slice<register, 1x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RED:.*]] = gir.reduce max width %[[ACC]] : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%[[W]]] : !gir.buffer<global, 8x1xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: gir.copy %[[RED]] to %[[O]] : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-LABEL: func.func @row_max(
// CHECK: %[[ROWS:.*]] = arith.constant 8 : index
// CHECK: gir.launch @row_max_k0[%[[ROWS]]]
func.func @row_max(%x: tensor<8x100xf32>) -> tensor<8x1xf32> {
  %y = te.compute(%x) shape () -> (8, 1) reduce () -> (100) combiner max init 0xFF800000 : (tensor<8x100xf32>) -> tensor<8x1xf32> {
  ^bb0(%i: index, %z: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<8x100xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<8x1xf32>
}

// A half-precision row sum of a multiple of the register: accumulates in
// f32 (16 lanes of 32 bits), no tail mask, reduced then rounded once.
// CHECK-LABEL: gir.kernel @row_sum_f16_k0
// CHECK-SAME: lanes 16 {
// CHECK: %[[ACC:.*]] = gir.for %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (!gir.slice<register, 1x16xf32>) {
// CHECK-NOT: valid
// CHECK: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 4x4096xf16> -> !gir.slice<global, 1x16xf16>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.addf
// CHECK: %[[RED:.*]] = gir.reduce sum width %[[ACC]] : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: gir.elementwise(%[[RED]]) : (!gir.slice<register, 1x1xf32>) -> !gir.slice<register, 1x1xf16> {
// CHECK: arith.truncf
func.func @row_sum_f16(%x: tensor<4x4096xf16>) -> tensor<4xf16> {
  %y = te.compute(%x) shape () -> (4) reduce () -> (4096) combiner sum init 0.0 : (tensor<4x4096xf16>) -> tensor<4xf16> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x4096xf16> -> f16
    te.yield %a : f16
  }
  return %y : tensor<4xf16>
}

// Two reduction axes: nested loops, the accumulator threaded through both;
// integers combine with arith.addi.
// CHECK-LABEL: gir.kernel @channel_sum_k0
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[Z]] : i32 -> !gir.slice<register, 1x16xi32>
// CHECK: %[[OUTER:.*]] = gir.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x16xi32>) {
// CHECK-NEXT: %[[INNER:.*]] = gir.for %[[H:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (!gir.slice<register, 1x16xi32>) {
// CHECK: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x24x5xi32> -> !gir.slice<global, 16x1xi32, 5>
// CHECK: gir.elementwise(%[[B]], %{{.*}})
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: gir.yield %{{.*}} : !gir.slice<register, 1x16xi32>
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[INNER]] : !gir.slice<register, 1x16xi32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1
// CHECK-NEXT: gir.copy %[[OUTER]] to %[[O]]
func.func @channel_sum(%x: tensor<2x24x5xi32>) -> tensor<24xi32> {
  %y = te.compute(%x) shape () -> (24) reduce () -> (2, 5) combiner sum init 0 : (tensor<2x24x5xi32>) -> tensor<24xi32> {
  ^bb0(%c: index, %n: index, %h: index):
    %a = te.load %x[(d0, d1, d2) -> (d1, d0, d2)] : tensor<2x24x5xi32> -> i32
    te.yield %a : i32
  }
  return %y : tensor<24xi32>
}

// The reduction index itself in the body of a row reduction: the lane's
// position is the loop index plus the lane (checked by the differential
// test, test_te_to_gir).
// CHECK-LABEL: gir.kernel @row_weighted_k0
// CHECK-SAME: lanes 16 {
// CHECK: gir.reduce sum width
func.func @row_weighted(%x: tensor<3x37xf32>) -> tensor<3xf32> {
  %y = te.compute(%x) shape () -> (3) reduce () -> (37) combiner sum init 0.0 : (tensor<3x37xf32>) -> tensor<3xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<3x37xf32> -> f32
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %p = arith.mulf %a, %kf : f32
    te.yield %p : f32
  }
  return %y : tensor<3xf32>
}

// Layer norm's variance, sum_j (x[i, j] - mean[i])^2: the mean is read once
// per output, outside the reduction, so it does not decide the mode (it
// reads the innermost output index as its last index, which had put the
// lanes on the 16 outputs and left one unit looping over the 64 columns):
// the lanes run along the row, the mean is loaded once per work item
// before the reduction loop, and gir.reduce ends it.
// CHECK-LABEL: gir.kernel @variance_k0
// CHECK-SAME: lanes 16 {
// CHECK: gir.for %[[W:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[MV:.*]] = gir.view %arg1[%[[W]]] : !gir.buffer<global, 16xf32> -> !gir.slice<global, 1x1xf32>
// CHECK: %[[ACC:.*]] = gir.for %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (!gir.slice<register, 1x16xf32>) {
// CHECK: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 16x64xf32> -> !gir.slice<global, 1x16xf32>
// CHECK: arith.subf
// CHECK: %{{.*}} = gir.reduce sum width %[[ACC]] : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>
func.func @variance(%x: tensor<16x64xf32>, %m: tensor<16xf32>) -> tensor<16xf32> {
  %y = te.compute(%x, %m) shape () -> (16) reduce () -> (64) combiner sum init 0.0 : (tensor<16x64xf32>, tensor<16xf32>) -> tensor<16xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<16x64xf32> -> f32
    %b = te.load %m[(d0, d1) -> (d0)] : tensor<16xf32> -> f32
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    te.yield %s : f32
  }
  return %y : tensor<16xf32>
}
