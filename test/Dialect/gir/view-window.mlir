// gir.view's window: `valid(%n, %w) from(%i0, %j0)` holds the elements
// (i, j) with i0 <= i < n and j0 <= j < w; the others read as the padding
// and are never loaded, so the offset may address elements before the
// buffer. Round trip, then one kernel that reads x[i, j - 2] with lanes 0,
// 1 (before the row) and 7 (cut by the width) masked, run by the gir
// interpreter and compiled for this CPU (masked vector loads), against
// numbers written out by hand.
// RUN: vtc-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s --check-prefix=ROUND
// ROUND: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) from(%{{.*}}, %{{.*}}) {padding = -1.000000e+00 : f32} : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x8xf32>
// ROUND: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) from(%{{.*}}, %{{.*}}) {padding = -1.000000e+00 : f32} : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 8x1xf32>

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.arange(16, dtype=np.float32).reshape(2, 8))"
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --print-values -- %t.x.npy | FileCheck %s
// RUN: vtc-run %s --target=cpu --pass-pipeline='builtin.module()' --print-values -- %t.x.npy | FileCheck %s
// CHECK: result 0: tensor<2x8xf32>
// CHECK-NEXT: values: {{\[\[}}-1, -1, 0, 1, 2, 3, 4, -1], [-1, -1, 8, 9, 10, 11, 12, -1]]
// CHECK-NEXT: result 1: tensor<8xf32>
// CHECK-NEXT: values: [-1, 1, 2, -1, -1, -1, -1, -1]

gir.kernel @shift(%x: !gir.buffer<global, 2x8xf32>, %y: !gir.buffer<global, 2x8xf32>, %z: !gir.buffer<global, 8xf32>) parallel cpu group 1 lanes 8 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %cm2 = arith.constant -2 : index
  gir.for %i = %c0 to %c2 step %c1 {
    %row = arith.muli %i, %c8 : index
    %off = arith.addi %row, %cm2 : index
    %v = gir.view %x[%off] valid(%c1, %c7) from(%c0, %c2) {padding = -1.0 : f32} : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x8xf32>
    %r = gir.copy %v : !gir.slice<global, 1x8xf32> -> !gir.slice<register, 1x8xf32>
    %w = gir.view %y[%row] : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x8xf32>
    gir.copy %r to %w : !gir.slice<register, 1x8xf32> -> !gir.slice<global, 1x8xf32>
  }
  // Segments (rows) 1 and 2 of 8 one-element segments starting at x[0, 0]:
  // x[0, 1] and x[0, 2]; the rest padding.
  %cv = gir.view %x[%c0] valid(%c3, %c1) from(%c1, %c0) {padding = -1.0 : f32} : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 8x1xf32>
  %cr = gir.copy %cv : !gir.slice<global, 8x1xf32> -> !gir.slice<register, 8x1xf32>
  %zv = gir.view %z[%c0] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 8x1xf32>
  gir.copy %cr to %zv : !gir.slice<register, 8x1xf32> -> !gir.slice<global, 8x1xf32>
}

func.func @main(%x: !gir.buffer<global, 2x8xf32>) -> (!gir.buffer<global, 2x8xf32>, !gir.buffer<global, 8xf32>) {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 2x8xf32>
  %z = gir.alloc() : !gir.buffer<global, 8xf32>
  gir.launch @shift[%c1](%x, %y, %z) : (!gir.buffer<global, 2x8xf32>, !gir.buffer<global, 2x8xf32>, !gir.buffer<global, 8xf32>)
  return %y, %z : !gir.buffer<global, 2x8xf32>, !gir.buffer<global, 8xf32>
}
