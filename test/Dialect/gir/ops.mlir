// Round trip of every gir op and type: custom form, custom -> custom, generic -> custom.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC

// An element-wise kernel on a CPU: one unit (thread) per 16-element block,
// the tail masked by `valid`.
// CHECK-LABEL: gir.kernel @relu(%arg0: !gir.buffer<global, ?xf32>, %arg1: !gir.buffer<global, ?xf32>, %arg2: index) parallel cpu group 1 lanes 16 {
// CHECK: %[[U:.*]] = gir.id unit
// CHECK: %[[V:.*]] = gir.view %arg0[%[[OFF:.*]]] valid(%{{.*}}, %[[REM:.*]]) {padding = 0.000000e+00 : f32} : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
// CHECK: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK: %[[Z:.*]] = gir.elementwise(%[[R]]) : (!gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32):
// CHECK: arith.maximumf %[[A]]
// CHECK: gir.yield %{{.*}} : f32
// CHECK-NEXT: }
// CHECK: %[[W:.*]] = gir.view %arg1[%[[OFF]]] valid(%{{.*}}, %[[REM]]) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
// CHECK: gir.copy %[[Z]] to %[[W]] : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "gir.kernel"() ({
// GENERIC: "gir.id"() {dim = "unit"} : () -> index
// GENERIC: "gir.view"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {padding = 0.000000e+00 : f32} : (!gir.buffer<global, ?xf32>, index, index, index) -> !gir.slice<global, 1x16xf32>
// GENERIC: "gir.copy"(%{{.*}}) : (!gir.slice<global, 1x16xf32>) -> !gir.slice<register, 1x16xf32>
// GENERIC: "gir.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: "gir.copy"(%{{.*}}, %{{.*}}) : (!gir.slice<register, 1x16xf32>, !gir.slice<global, 1x16xf32>) -> ()
// GENERIC: "gir.return"() : () -> ()
// GENERIC: }) {function_type = (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index) -> (), group_size = 1 : i64, hierarchy = "cpu", lanes = 16 : i64, sym_name = "relu"} : () -> ()
gir.kernel @relu(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>, %n: index) parallel cpu group 1 lanes 16 {
  %u = gir.id unit
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %off = arith.muli %u, %c16 : index
  %rem = arith.subi %n, %off : index
  %v = gir.view %x[%off] valid(%c1, %rem) {padding = 0.0 : f32} : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
  %z = gir.elementwise(%r) : (!gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %zero : f32
    gir.yield %m : f32
  }
  %w = gir.view %y[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  gir.copy %z to %w : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
  gir.return
}

// A row softmax on a GPU: 4 warps per block share a row through shared
// memory; a dynamic row stride; reduce, broadcast, register re-patterning
// (warp shuffle) and a block barrier.
// CHECK-LABEL: gir.kernel @row_softmax(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, ?x?xf32>) parallel gpu group 4 lanes 32 {
// CHECK: gir.id group
// CHECK: gir.id unit_in_group
// CHECK: gir.count unit
// CHECK: gir.count group
// CHECK: gir.count unit_in_group
// CHECK: %[[LD:.*]] = gir.dim %arg0, 1 : !gir.buffer<global, ?x?xf32>
// CHECK: %[[SM:.*]] = gir.alloc() : !gir.buffer<shared, 4x128xf32>
// CHECK: %[[G:.*]] = gir.view %arg0[%{{.*}}] stride %[[LD]] : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 4x32xf32, ?>
// CHECK: %[[S:.*]] = gir.view %[[SM]][%{{.*}}] : !gir.buffer<shared, 4x128xf32> -> !gir.slice<shared, 4x32xf32, 128>
// CHECK: gir.copy %[[G]] to %[[S]] : !gir.slice<global, 4x32xf32, ?> -> !gir.slice<shared, 4x32xf32, 128>
// CHECK: gir.sync block %[[SM]] : !gir.buffer<shared, 4x128xf32>
// CHECK: %[[R:.*]] = gir.copy %{{.*}} : !gir.slice<shared, 1x128xf32> -> !gir.slice<register, 1x128xf32>
// CHECK: %[[T:.*]] = gir.sync warp %[[R]] : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 4x32xf32>
// CHECK: %[[MX:.*]] = gir.reduce max width %[[T]] : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x1xf32>
// CHECK: %[[M1:.*]] = gir.reduce max num %[[MX]] : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 1x1xf32>
// CHECK: %[[B:.*]] = gir.broadcast %[[M1]] : !gir.slice<register, 1x1xf32> -> !gir.slice<register, 4x32xf32>
// CHECK: gir.elementwise(%[[T]], %[[B]]) : (!gir.slice<register, 4x32xf32>, !gir.slice<register, 4x32xf32>) -> !gir.slice<register, 4x32xf32> {
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = gir.reduce sum width %{{.*}} : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x1xf32>
// CHECK: gir.broadcast width %[[SUM]] : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 4x32xf32>
// CHECK: gir.broadcast num %{{.*}} : !gir.slice<register, 1x32xf32> -> !gir.slice<register, 4x32xf32>
// CHECK: gir.sync lane %{{.*}} : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x32xf32>
// CHECK: gir.sync device
// CHECK: gir.sync lane %arg1 : !gir.buffer<global, ?x?xf32>
gir.kernel @row_softmax(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?x?xf32>) parallel gpu group 4 lanes 32 {
  %g = gir.id group
  %w = gir.id unit_in_group
  %nu = gir.count unit
  %ng = gir.count group
  %gs = gir.count unit_in_group
  %ld = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>
  %smem = gir.alloc() : !gir.buffer<shared, 4x128xf32>
  %c32 = arith.constant 32 : index
  %row = arith.muli %g, %ld : index
  %col = arith.muli %w, %c32 : index
  %goff = arith.addi %row, %col : index
  %gv = gir.view %x[%goff] stride %ld : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 4x32xf32, ?>
  %sv = gir.view %smem[%col] : !gir.buffer<shared, 4x128xf32> -> !gir.slice<shared, 4x32xf32, 128>
  gir.copy %gv to %sv : !gir.slice<global, 4x32xf32, ?> -> !gir.slice<shared, 4x32xf32, 128>
  gir.sync block %smem : !gir.buffer<shared, 4x128xf32>
  %c128 = arith.constant 128 : index
  %roff = arith.muli %w, %c128 : index
  %rv = gir.view %smem[%roff] : !gir.buffer<shared, 4x128xf32> -> !gir.slice<shared, 1x128xf32>
  %r = gir.copy %rv : !gir.slice<shared, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %t = gir.sync warp %r : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 4x32xf32>
  %mx = gir.reduce max width %t : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x1xf32>
  %m1 = gir.reduce max num %mx : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 1x1xf32>
  %b = gir.broadcast %m1 : !gir.slice<register, 1x1xf32> -> !gir.slice<register, 4x32xf32>
  %e = gir.elementwise(%t, %b) : (!gir.slice<register, 4x32xf32>, !gir.slice<register, 4x32xf32>) -> !gir.slice<register, 4x32xf32> {
  ^bb0(%a: f32, %m: f32):
    %d = arith.subf %a, %m : f32
    %x2 = math.exp %d : f32
    gir.yield %x2 : f32
  }
  %sum = gir.reduce sum width %e : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x1xf32>
  %bs = gir.broadcast width %sum : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 4x32xf32>
  %one = gir.reduce prod num %e : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 1x32xf32>
  %bn = gir.broadcast num %one : !gir.slice<register, 1x32xf32> -> !gir.slice<register, 4x32xf32>
  %same = gir.sync lane %bn : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 4x32xf32>
  gir.sync device
  gir.sync lane %y : !gir.buffer<global, ?x?xf32>
}

// A matrix instruction block in a temporal reduction loop, with scalars,
// element positions, min reduction, extract and a loop without carried values.
// CHECK-LABEL: gir.kernel @mma_loop(%arg0: !gir.buffer<global, 64x64xf16>, %arg1: !gir.buffer<global, 64x64xf16>, %arg2: !gir.buffer<global, 16x16xf32>, %arg3: f32) parallel gpu group 1 lanes 32 {
// CHECK: %[[ACC0:.*]] = gir.broadcast %{{.*}} : f32 -> !gir.slice<register, 16x16xf32>
// CHECK: %[[ACC:.*]] = gir.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C:.*]] = %[[ACC0]]) -> (!gir.slice<register, 16x16xf32>) {
// CHECK: gir.view %arg0[%[[K]]] : !gir.buffer<global, 64x64xf16> -> !gir.slice<global, 16x16xf16, 64>
// CHECK: %[[D:.*]] = gir.mma %{{.*}}, %{{.*}}, %[[C]] : !gir.slice<register, 16x16xf16>, !gir.slice<register, 16x16xf16>, !gir.slice<register, 16x16xf32>
// CHECK-NEXT: gir.yield %[[D]] : !gir.slice<register, 16x16xf32>
// CHECK-NEXT: }
// CHECK: gir.elementwise(%[[ACC]], %arg3) : (!gir.slice<register, 16x16xf32>, f32) -> !gir.slice<register, 16x16xf32> {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: index, %{{.*}}: index):
// CHECK: gir.reduce min width
// CHECK: gir.extract %{{.*}}[15, 0] : !gir.slice<register, 16x1xf32>
// CHECK: gir.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: gir.sync warp
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "mma_loop"
gir.kernel @mma_loop(%a: !gir.buffer<global, 64x64xf16>, %b: !gir.buffer<global, 64x64xf16>, %c: !gir.buffer<global, 16x16xf32>, %alpha: f32) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 16x16xf32>
  %acc = gir.for %k = %c0 to %c64 step %c16 iter_args(%cc = %acc0) -> (!gir.slice<register, 16x16xf32>) {
    %av = gir.view %a[%k] : !gir.buffer<global, 64x64xf16> -> !gir.slice<global, 16x16xf16, 64>
    %bo = arith.muli %k, %c64 : index
    %bv = gir.view %b[%bo] : !gir.buffer<global, 64x64xf16> -> !gir.slice<global, 16x16xf16, 64>
    %ar = gir.copy %av : !gir.slice<global, 16x16xf16, 64> -> !gir.slice<register, 16x16xf16>
    %br = gir.copy %bv : !gir.slice<global, 16x16xf16, 64> -> !gir.slice<register, 16x16xf16>
    %d = gir.mma %ar, %br, %cc : !gir.slice<register, 16x16xf16>, !gir.slice<register, 16x16xf16>, !gir.slice<register, 16x16xf32>
    gir.yield %d : !gir.slice<register, 16x16xf32>
  }
  %scaled = gir.elementwise(%acc, %alpha) : (!gir.slice<register, 16x16xf32>, f32) -> !gir.slice<register, 16x16xf32> {
  ^bb0(%v: f32, %s: f32, %i: index, %j: index):
    %p = arith.mulf %v, %s : f32
    %diag = arith.cmpi eq, %i, %j : index
    %q = arith.select %diag, %p, %v : f32
    gir.yield %q : f32
  }
  %mn = gir.reduce min width %scaled : !gir.slice<register, 16x16xf32> -> !gir.slice<register, 16x1xf32>
  %last = gir.extract %mn[15, 0] : !gir.slice<register, 16x1xf32>
  gir.for %i = %c0 to %c16 step %c16 {
    gir.sync warp
  }
  %cv = gir.view %c[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %scaled to %cv : !gir.slice<register, 16x16xf32> -> !gir.slice<global, 16x16xf32>
}

// Host code: allocate, launch in order, free; buffers of every rank and
// integer elements.
// CHECK-LABEL: func.func @host(%arg0: !gir.buffer<global, ?xf32>, %arg1: index) -> !gir.buffer<global, ?xf32> {
// CHECK: %[[T:.*]] = gir.alloc(%arg1) : !gir.buffer<global, ?xf32>
// CHECK: %[[Y:.*]] = gir.alloc(%arg1) : !gir.buffer<global, ?xf32>
// CHECK: gir.launch @relu[%{{.*}}](%arg0, %[[T]], %arg1) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)
// CHECK: gir.launch @relu[%{{.*}}](%[[T]], %[[Y]], %arg1) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)
// CHECK: gir.free %[[T]] : !gir.buffer<global, ?xf32>
// CHECK: gir.alloc() : !gir.buffer<global, i8>
// CHECK: gir.alloc() : !gir.buffer<global, 2x3x4xbf16>
// CHECK: gir.dim %[[Y]], 0 : !gir.buffer<global, ?xf32>
// CHECK: gir.launch @nothing[%{{.*}}]() : ()
// GENERIC-LABEL: sym_name = "nothing"
// GENERIC: "gir.launch"(%{{.*}}, %arg0, %{{.*}}, %arg1) {kernel = @relu} : (index, !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index) -> ()
// GENERIC: "gir.free"(%{{.*}}) : (!gir.buffer<global, ?xf32>) -> ()
gir.kernel @nothing() parallel cpu group 2 lanes 8 {
}
func.func @host(%x: !gir.buffer<global, ?xf32>, %n: index) -> !gir.buffer<global, ?xf32> {
  %t = gir.alloc(%n) : !gir.buffer<global, ?xf32>
  %y = gir.alloc(%n) : !gir.buffer<global, ?xf32>
  %c16 = arith.constant 16 : index
  %c15 = arith.constant 15 : index
  %n15 = arith.addi %n, %c15 : index
  %g = arith.divui %n15, %c16 : index
  gir.launch @relu[%g](%x, %t, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)
  gir.launch @relu[%g](%t, %y, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)
  gir.free %t : !gir.buffer<global, ?xf32>
  %s = gir.alloc() : !gir.buffer<global, i8>
  %u = gir.alloc() : !gir.buffer<global, 2x3x4xbf16>
  gir.free %s : !gir.buffer<global, i8>
  gir.free %u : !gir.buffer<global, 2x3x4xbf16>
  %d = gir.dim %y, 0 : !gir.buffer<global, ?xf32>
  gir.launch @nothing[%d]() : ()
  return %y : !gir.buffer<global, ?xf32>
}

// Run-time checks: a host gir.assert (shapes that must agree before any
// launch) and a kernel one with an order (the smallest failing order of a
// launch is the one reported).
// CHECK-LABEL: gir.kernel @gather_rows(%arg0: !gir.buffer<global, ?xi64>, %arg1: index) parallel cpu group 1 lanes 1 {
// CHECK: %[[U:.*]] = gir.id unit
// CHECK: gir.assert ult(%[[W:.*]], %arg1, %[[I:.*]]) order %[[U]] "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
// CHECK-LABEL: func.func @check_host
// CHECK: %[[N:.*]] = gir.dim %arg0, 0 : !gir.buffer<global, ?xi64>
// CHECK: gir.assert broadcastable(%[[N]], %arg1) "'graph.add' op add: shapes [{0}] and [{1}] do not broadcast"
// GENERIC: "gir.assert"(%{{.*}}, %arg1, %{{.*}}, %{{.*}}) {message = "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}", ordered, relation = "ult"} : (index, index, index, index) -> ()
// GENERIC: "gir.assert"(%{{.*}}, %arg1) {message = "'graph.add' op add: shapes [{0}] and [{1}] do not broadcast", relation = "broadcastable"} : (index, index) -> ()
gir.kernel @gather_rows(%idx: !gir.buffer<global, ?xi64>, %n: index) parallel cpu group 1 lanes 1 {
  %u = gir.id unit
  %v = gir.view %idx[%u] : !gir.buffer<global, ?xi64> -> !gir.slice<global, 1x1xi64>
  %r = gir.copy %v : !gir.slice<global, 1x1xi64> -> !gir.slice<register, 1x1xi64>
  %e = gir.extract %r[0, 0] : !gir.slice<register, 1x1xi64>
  %i = arith.index_cast %e : i64 to index
  gir.assert ult(%i, %n, %i) order %u "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
  gir.return
}
func.func @check_host(%idx: !gir.buffer<global, ?xi64>, %m: index) {
  %n = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>
  gir.assert broadcastable(%n, %m) "'graph.add' op add: shapes [{0}] and [{1}] do not broadcast"
  %c1 = arith.constant 1 : index
  gir.launch @gather_rows[%c1](%idx, %m) : (!gir.buffer<global, ?xi64>, index)
  return
}

// A register transpose (the CPU packing of A: rows read along K, stored
// k-major).
// CHECK-LABEL: gir.kernel @pack_column
// CHECK: %[[T:.*]] = gir.transpose %{{.*}} : !gir.slice<register, 14x16xf32> -> !gir.slice<register, 16x14xf32>
// CHECK: gir.copy %[[T]] to %{{.*}} : !gir.slice<register, 16x14xf32> -> !gir.slice<shared, 16x14xf32>
// GENERIC: "gir.transpose"(%{{.*}}) : (!gir.slice<register, 14x16xf32>) -> !gir.slice<register, 16x14xf32>
gir.kernel @pack_column(%a: !gir.buffer<global, ?x?xf32>, %lda: index) parallel cpu group 2 lanes 16 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 224xf32>
  %v = gir.view %a[%c0] stride %lda : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 14x16xf32, ?>
  %r = gir.copy %v : !gir.slice<global, 14x16xf32, ?> -> !gir.slice<register, 14x16xf32>
  %t = gir.transpose %r : !gir.slice<register, 14x16xf32> -> !gir.slice<register, 16x14xf32>
  %d = gir.view %s[%c0] : !gir.buffer<shared, 224xf32> -> !gir.slice<shared, 16x14xf32>
  gir.copy %t to %d : !gir.slice<register, 16x14xf32> -> !gir.slice<shared, 16x14xf32>
  gir.sync block %s : !gir.buffer<shared, 224xf32>
}

// A prefetch hint on a memory slice.
// CHECK-LABEL: gir.kernel @prefetch_hint
// CHECK: gir.prefetch %{{.*}} : !gir.slice<global, 14x32xf32, ?>
// GENERIC: "gir.prefetch"(%{{.*}}) : (!gir.slice<global, 14x32xf32, ?>) -> ()
gir.kernel @prefetch_hint(%c: !gir.buffer<global, ?x?xf32>, %ld: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %c[%c0] stride %ld : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 14x32xf32, ?>
  gir.prefetch %v : !gir.slice<global, 14x32xf32, ?>
}
