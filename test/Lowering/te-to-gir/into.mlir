// lower-te-to-gir on destination-passing computes (`into`, dest.c): the
// kernels store into the destination buffers through the store maps; a
// destination is written in place, or copied once with a remark.
// RUN: vtc-opt --lower-te-to-gir %s 2>&1 | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu' %s 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: vtc-opt --lower-te-to-gir='vectorize=false' %s 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: vtc-opt --lower-te-to-gir --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: lower-te-to-gir
// STATS: 4 dest-in-place
// STATS-NEXT: 4 dest-copies
// STATS-NEXT: 1 dest-element-stores
// STATS-NEXT: 1 dest-serial
// RUN: vtc-opt --lower-te-to-gir='dest-in-place=false' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ABLATE
// ABLATE: remark: lower-te-to-gir: destination #0 is copied once, not written in place: dest-in-place=false
// ABLATE: 0 dest-in-place
// ABLATE-NEXT: 8 dest-copies

// CHECK: into.mlir:{{[0-9]+}}:8: remark: lower-te-to-gir: destination #0 is copied once, not written in place: its old value is read later (or by the compute itself)
// CHECK: into.mlir:{{[0-9]+}}:8: remark: lower-te-to-gir: stores element by element (lanes = 1): the store map of destination #0 moves a non-innermost index with the innermost
// CHECK: into.mlir:{{[0-9]+}}:8: remark: lower-te-to-gir: destination #0 is copied once, not written in place: it is not a buffer this function allocated (an argument needs donation: graph.aliasing_output)
// CHECK: into.mlir:{{[0-9]+}}:10: remark: lower-te-to-gir: destination #1 is copied once
// CHECK: into.mlir:{{[0-9]+}}:10: remark: lower-te-to-gir: destination #2 is copied once
// CHECK: into.mlir:{{[0-9]+}}:8: remark: lower-te-to-gir: index-dependent stores run on one unit, in iteration order (the last writer wins)

// The concat's second piece: one view of the chunk at row * 8 + 3.
// CHECK: gir.kernel @concat_k2(%arg0: !gir.buffer<global, 2x5xf32>, %arg1: !gir.buffer<global, 2x8xf32>) parallel cpu group 1 lanes 8 {
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[OFF:.*]] = arith.addi %[[C3]], %{{.*}} : index
// CHECK-NEXT: gir.view %arg1[%[[OFF]]] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x8xf32>
// CHECK: func.func @concat(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[BUF:.*]] = gir.alloc() : !gir.buffer<global, 2x8xf32>
// CHECK-NEXT: gir.launch @concat_k0[%{{.*}}](%[[BUF]])
// CHECK-NEXT: gir.launch @concat_k1[%{{.*}}](%arg0, %[[BUF]])
// CHECK-NEXT: gir.launch @concat_k2[%{{.*}}](%arg1, %[[BUF]])
// CHECK-NEXT: return %[[BUF]]
// GPU: gir.kernel @concat_k2(%arg0: !gir.buffer<global, 2x5xf32>, %arg1: !gir.buffer<global, 2x8xf32>) parallel gpu
// GPU: func.func @concat(
// GPU-NEXT: arith.constant
// GPU-NEXT: %[[BUF:.*]] = gir.alloc() : !gir.buffer<global, 2x8xf32>
// GPU-NEXT: gir.launch @concat_k0[%{{.*}}](%[[BUF]])
// GPU-NEXT: gir.launch @concat_k1[%{{.*}}](%arg0, %[[BUF]])
// GPU-NEXT: gir.launch @concat_k2[%{{.*}}](%arg1, %[[BUF]])
// SCALAR: gir.kernel @concat_k2(%arg0: !gir.buffer<global, 2x5xf32>, %arg1: !gir.buffer<global, 2x8xf32>) parallel cpu group 1 lanes 1 {
// SCALAR: gir.view %arg1[%{{.*}}] : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x1xf32>

// The copy of the destination before the kernel that writes it.
// CHECK: func.func @read_later(
// CHECK: %[[E:.*]] = gir.alloc() : !gir.buffer<global, 8xf32>
// CHECK-NEXT: gir.launch @read_later_k0[%{{.*}}](%[[E]])
// CHECK-NEXT: %[[C:.*]] = gir.alloc() : !gir.buffer<global, 8xf32>
// CHECK-NEXT: gir.launch @read_later_k2[%{{.*}}](%[[E]], %[[C]])
// CHECK-NEXT: gir.launch @read_later_k1[%{{.*}}](%arg0, %[[C]])
// CHECK-NEXT: return %[[E]], %[[C]]

// Element by element: one 1x1 view per point at (j, i).
// CHECK: gir.kernel @transpose_k0(%arg0: !gir.buffer<global, 4x8xf32>, %arg1: !gir.buffer<global, 8x4xf32>) parallel cpu group 1 lanes 1 {
// CHECK: gir.view %arg1[%{{.*}}] : !gir.buffer<global, 8x4xf32> -> !gir.slice<global, 1x1xf32>
// A concat written as two computes into one destination: one buffer, written
// in place by both kernels (no copy), one view per chunk at its column offset.
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %e = te.compute() shape () -> (2, 8) : () -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %p = te.compute(%a) shape () -> (2, 3) into(%e[(d0, d1) -> (d0, d1)]) : (tensor<2x3xf32>) -> (tensor<2x8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<2x3xf32> -> f32
    te.yield %x : f32
  }
  %r = te.compute(%b) shape () -> (2, 5) into(%p[(d0, d1) -> (d0, d1 + 3)]) : (tensor<2x5xf32>) -> (tensor<2x8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %b[(d0, d1) -> (d0, d1)] : tensor<2x5xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<2x8xf32>
}

// The destination's old value is returned too: it is copied once first.
func.func @read_later(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = te.compute() shape () -> (8) : () -> tensor<8xf32> {
  ^bb0(%i: index):
    %z = arith.constant 1.0 : f32
    te.yield %z : f32
  }
  %r = te.compute(%a) shape () -> (4) into(%e[(d0) -> (d0 + 4)]) : (tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<8xf32> -> f32
    te.yield %x : f32
  }
  return %e, %r : tensor<8xf32>, tensor<8xf32>
}

// A transposed store does not keep the chunk contiguous: element by element.
func.func @transpose(%a: tensor<4x8xf32>, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = te.compute(%a) shape () -> (4, 8) into(%t[(d0, d1) -> (d1, d0)]) : (tensor<4x8xf32>) -> (tensor<8x4xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<8x4xf32>
}

// Fig. 3: one QKV matmul kernel storing into Q and the two caches, each at
// its box's chunks (masked off elsewhere); the caches' positions come from
// kv_index in the kernel. The caches are arguments: copied once each.
// CHECK-LABEL: gir.kernel @qkv_k{{[0-9]+}}(%arg0: !gir.buffer<global, 2x16xf32>, %arg1: !gir.buffer<global, 16x48xf32>, %arg2: !gir.buffer<global, 2x1x2xi64>, %arg3: !gir.buffer<global, 2x8x4xf32>, %arg4: !gir.buffer<global, 2x8x2x4xf32>, %arg5: !gir.buffer<global, 2x8x2x4xf32>) parallel cpu group 1 lanes 4 {
// CHECK: %[[POS:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[ACC:.*]] = gir.for
// CHECK: gir.view %arg3[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x8x4xf32> -> !gir.slice<global, 1x4xf32>
// CHECK-NEXT: gir.copy %[[ACC]] to
// CHECK: arith.muli %[[POS]], %{{.*}} : index
// CHECK: gir.view %arg4[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x8x2x4xf32> -> !gir.slice<global, 1x4xf32>
// CHECK-NEXT: gir.copy %[[ACC]] to
// CHECK: gir.view %arg5[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x8x2x4xf32> -> !gir.slice<global, 1x4xf32>
// CHECK-NEXT: gir.copy %[[ACC]] to
// Four launches: Q's fill, the two cache copies, the one QKV kernel.
// CHECK-LABEL: func.func @qkv(
// CHECK-COUNT-3: gir.launch
// CHECK: gir.launch @qkv_k{{[0-9]+}}[%{{.*}}](%arg0, %arg1, %arg4, %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK-NEXT: return
func.func @qkv(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>, %kc: tensor<2x8x2x4xf32>, %vc: tensor<2x8x2x4xf32>, %kv_index: tensor<2x1x2xi64>) -> (tensor<2x8x4xf32>, tensor<2x8x2x4xf32>, tensor<2x8x2x4xf32>) {
  %q0 = te.compute() shape () -> (2, 8, 4) : () -> tensor<2x8x4xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %r:3 = te.compute(%x, %w, %kv_index) shape () -> (2, 12, 4) reduce () -> (16) combiner sum init 0.0
      into(%q0[(d0, d1, d2, d3) -> (d0, d1, d2)] if [0:2, 0:8, 0:4],
           %kc[(d0, d1, d2, d3) -> (d0, d3, d1 - 8, d2)] if [0:2, 8:10, 0:4],
           %vc[(d0, d1, d2, d3) -> (d0, d3, d1 - 10, d2)] if [0:2, 10:12, 0:4])
      : (tensor<2x16xf32>, tensor<16x48xf32>, tensor<2x1x2xi64>) -> (tensor<2x8x4xf32>, tensor<2x8x2x4xf32>, tensor<2x8x2x4xf32>) {
  ^bb0(%b: index, %h: index, %d: index, %k: index):
    %a = te.load %x[(d0, d1, d2, d3) -> (d0, d3)] : tensor<2x16xf32> -> f32
    %c = te.load %w[(d0, d1, d2, d3) -> (d3, d1 * 4 + d2)] : tensor<16x48xf32> -> f32
    %p = arith.mulf %a, %c : f32
    %pos = te.load %kv_index[(d0, d1, d2, d3) -> (d0, 0, 1)] : tensor<2x1x2xi64> -> i64
    %pi = arith.index_cast %pos : i64 to index
    te.yield %p, %pi : f32, index
  }
  return %r#0, %r#1, %r#2 : tensor<2x8x4xf32>, tensor<2x8x2x4xf32>, tensor<2x8x2x4xf32>
}

// ScatterND in place into a buffer of this function: no copy; the kernel
// visits only the updates (3 x 4 elements), on one group of one unit since
// positions may repeat.
// CHECK-LABEL: gir.kernel @scatter_k{{[0-9]+}}(%arg0: !gir.buffer<global, 3xi64>, %arg1: !gir.buffer<global, 3x4xf32>, %arg2: !gir.buffer<global, 5x4xf32>) parallel cpu group 1 lanes 4 {
// CHECK: gir.view %arg2[%{{.*}}] : !gir.buffer<global, 5x4xf32> -> !gir.slice<global, 1x4xf32>
// CHECK-LABEL: func.func @scatter(
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[D:.*]] = gir.alloc() : !gir.buffer<global, 5x4xf32>
// CHECK-NEXT: gir.launch @scatter_k{{[0-9]+}}[%{{.*}}](%arg0, %[[D]])
// CHECK-NEXT: gir.launch @scatter_k{{[0-9]+}}[%[[ONE]]](%arg1, %arg2, %[[D]])
// CHECK-NEXT: return %[[D]]
func.func @scatter(%data: tensor<5x4xf32>, %idx: tensor<3xi64>, %upd: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %d = te.compute(%data) shape () -> (5, 4) : (tensor<5x4xf32>) -> tensor<5x4xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %data[(d0, d1) -> (d0, d1)] : tensor<5x4xf32> -> f32
    %y = arith.addf %x, %x : f32
    te.yield %y : f32
  }
  %r = te.compute(%idx, %upd) shape () -> (3, 4) into(%d[(d0, d1, d2) -> (d2, d1)]) : (tensor<3xi64>, tensor<3x4xf32>) -> (tensor<5x4xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %upd[(d0, d1) -> (d0, d1)] : tensor<3x4xf32> -> f32
    %p = te.load %idx[(d0, d1) -> (d0)] : tensor<3xi64> -> i64
    %pi = arith.index_cast %p : i64 to index
    te.yield %u, %pi : f32, index
  }
  return %r : tensor<5x4xf32>
}
