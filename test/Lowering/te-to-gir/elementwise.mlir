// lower-te-to-gir on element-wise TEs: one kernel per TE, units over blocks
// of work items (row x chunk of the innermost dimension), the innermost
// dimension in register slices of 512 / element bits lanes, the tail masked
// by `valid`, the body as one gir.elementwise; the host allocates the output
// and launches on min(work items, max-units) groups.
// (min-unit-work=0: a launch's units as its work items give them; min-unit-work.mlir tests the cap.)
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s --print-generic | vtc-opt | FileCheck %s

// 4 rows of 100 f32: 7 chunks of 16 per row, the last of 4 elements.
// CHECK-LABEL: gir.kernel @bias_relu_k0(%arg0: !gir.buffer<global, 4x100xf32>, %arg1: !gir.buffer<global, 100xf32>, %arg2: !gir.buffer<global, 4x100xf32>) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C28:.*]] = arith.constant 28 : index
// CHECK: %[[U:.*]] = gir.id unit
// CHECK-NEXT: %[[NU:.*]] = gir.count unit
// CHECK-NEXT: %[[PER:.*]] = arith.ceildivui %[[C28]], %[[NU]] : index
// CHECK-NEXT: %[[LB:.*]] = arith.muli %[[U]], %[[PER]] : index
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[LB]], %[[PER]] : index
// CHECK-NEXT: %[[UB:.*]] = arith.minui %[[END]], %[[C28]] : index
// CHECK-NEXT: gir.for %[[W:.*]] = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[W]], %[[C7]] : index
// CHECK-NEXT: %[[CH:.*]] = arith.remui %[[W]], %[[C7]] : index
// CHECK-NEXT: %[[J0:.*]] = arith.muli %[[CH]], %[[C16]] : index
// CHECK-NEXT: %[[REST:.*]] = arith.subi %[[C100]], %[[J0]] : index
// CHECK-NEXT: %[[VALID:.*]] = arith.minui %[[C16]], %[[REST]] : index
// CHECK-NEXT: %[[RB:.*]] = arith.muli %[[ROW]], %[[C100]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[RB]], %[[J0]] : index
// CHECK-NEXT: %[[XV:.*]] = gir.view %arg0[%[[OFF]]] valid(%[[C1]], %[[VALID]]) : !gir.buffer<global, 4x100xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[X:.*]] = gir.copy %[[XV]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[BV:.*]] = gir.view %arg1[%[[J0]]] valid(%[[C1]], %[[VALID]]) : !gir.buffer<global, 100xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[B:.*]] = gir.copy %[[BV]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[Y:.*]] = gir.elementwise(%[[X]], %[[B]]) : (!gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[C:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[C]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.*]] = arith.maximumf %[[S]], %[[Z]] : f32
// CHECK-NEXT: gir.yield %[[R]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[YV:.*]] = gir.view %arg2[%[[OFF]]] valid(%[[C1]], %[[VALID]]) : !gir.buffer<global, 4x100xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: gir.copy %[[Y]] to %[[YV]] : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-LABEL: func.func @bias_relu(%arg0: !gir.buffer<global, 4x100xf32>, %arg1: !gir.buffer<global, 100xf32>) -> !gir.buffer<global, 4x100xf32> {
// CHECK-NEXT: %[[G:.*]] = arith.constant 28 : index
// CHECK-NEXT: %[[OUT:.*]] = gir.alloc() : !gir.buffer<global, 4x100xf32>
// CHECK-NEXT: gir.launch @bias_relu_k0[%[[G]]](%arg0, %arg1, %[[OUT]]) : (!gir.buffer<global, 4x100xf32>, !gir.buffer<global, 100xf32>, !gir.buffer<global, 4x100xf32>)
// CHECK-NEXT: return %[[OUT]] : !gir.buffer<global, 4x100xf32>
func.func @bias_relu(%x: tensor<4x100xf32>, %b: tensor<100xf32>) -> tensor<4x100xf32> {
  %y = te.compute(%x, %b) shape () -> (4, 100) : (tensor<4x100xf32>, tensor<100xf32>) -> tensor<4x100xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x100xf32> -> f32
    %c = te.load %b[(d0, d1) -> (d1)] : tensor<100xf32> -> f32
    %s = arith.addf %a, %c : f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %z : f32
    te.yield %r : f32
  }
  return %y : tensor<4x100xf32>
}

// A multiple of the lanes needs no mask; 300 work items on 256 units.
// CHECK-LABEL: gir.kernel @exact_k0
// CHECK-SAME: lanes 16
// CHECK-NOT: valid
// CHECK: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 300x32xf32> -> !gir.slice<global, 1x16xf32>
// CHECK: math.tanh
// CHECK-NOT: valid
// CHECK-LABEL: func.func @exact
// CHECK: %[[G:.*]] = arith.constant 256 : index
// CHECK: gir.launch @exact_k0[%[[G]]]
func.func @exact(%x: tensor<300x32xf32>) -> tensor<300x32xf32> {
  %y = te.compute(%x) shape () -> (300, 32) : (tensor<300x32xf32>) -> tensor<300x32xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<300x32xf32> -> f32
    %r = math.tanh %a : f32
    te.yield %r : f32
  }
  return %y : tensor<300x32xf32>
}

// f16 has 32 lanes, but an innermost size of 3 takes the next power of two:
// 4 lanes, one chunk per row, 3 valid.
// CHECK-LABEL: gir.kernel @small_k0
// CHECK-SAME: parallel cpu group 1 lanes 4 {
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gir.view %arg0[%{{.*}}] valid(%[[C1]], %[[C3]]) : !gir.buffer<global, 5x3xf16> -> !gir.slice<global, 1x4xf16>
// CHECK: gir.elementwise(%{{.*}}) : (!gir.slice<register, 1x4xf16>) -> !gir.slice<register, 1x4xf16> {
// CHECK: arith.negf %{{.*}} : f16
func.func @small(%x: tensor<5x3xf16>) -> tensor<5x3xf16> {
  %y = te.compute(%x) shape () -> (5, 3) : (tensor<5x3xf16>) -> tensor<5x3xf16> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<5x3xf16> -> f16
    %r = arith.negf %a : f16
    te.yield %r : f16
  }
  return %y : tensor<5x3xf16>
}

// A load that does not move with the innermost index is scalar code (a 1x1
// view, extract) passed to the gir.elementwise as a scalar; the innermost
// index itself is the chunk start plus the element position.
// CHECK-LABEL: gir.kernel @scalar_row_k0
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: gir.for %[[W:.*]] =
// CHECK: %[[ROW:.*]] = arith.divui %[[W]]
// CHECK: %[[J0:.*]] = arith.muli
// CHECK: %[[O:.*]] = arith.muli %[[ROW]], %[[C4]] : index
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[O]]] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[S:.*]] = gir.extract %[[R]][0, 0] : !gir.slice<register, 1x1xf32>
// CHECK-NEXT: gir.elementwise(%[[J0]], %[[S]]) : (index, f32) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[B0:.*]]: index, %[[BS:.*]]: f32, %{{.*}}: index, %[[POS:.*]]: index):
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[B0]], %[[POS]] : index
// CHECK-NEXT: arith.index_cast %[[J]] : index to i64
func.func @scalar_row(%x: tensor<8xf32>) -> tensor<2x32xf32> {
  %y = te.compute(%x) shape () -> (2, 32) : (tensor<8xf32>) -> tensor<2x32xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0 * 4)] : tensor<8xf32> -> f32
    %k = arith.index_cast %j : index to i64
    %f = arith.sitofp %k : i64 to f32
    %r = arith.mulf %a, %f : f32
    te.yield %r : f32
  }
  return %y : tensor<2x32xf32>
}

// Rank 0: one element, one lane, the scalar result broadcast into a 1x1 slice.
// CHECK-LABEL: gir.kernel @rank0_k0(%arg0: !gir.buffer<global, f32>, %arg1: !gir.buffer<global, f32>) parallel cpu group 1 lanes 1 {
// CHECK: %[[E:.*]] = math.exp %{{.*}} : f32
// CHECK-NEXT: %[[B:.*]] = gir.broadcast %[[E]] : f32 -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[V:.*]] = gir.view %arg1[%{{.*}}] : !gir.buffer<global, f32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: gir.copy %[[B]] to %[[V]]
func.func @rank0(%x: tensor<f32>) -> tensor<f32> {
  %y = te.compute(%x) shape () -> () : (tensor<f32>) -> tensor<f32> {
  ^bb0:
    %a = te.load %x[() -> ()] : tensor<f32> -> f32
    %r = math.exp %a : f32
    te.yield %r : f32
  }
  return %y : tensor<f32>
}
