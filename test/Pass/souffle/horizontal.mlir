// souffle-horizontal (Souffle 6.1, Fig. 3): independent TEs of one BFS
// level become one TE concatenated along the outermost axis.
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{slice-escaping=true contractions=true})' %s 2>/dev/null | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{contractions=true})' %s 2>/dev/null | FileCheck %s --check-prefix=NOSLICE
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{tile=3 slice-escaping=true contractions=true})' %s 2>/dev/null | FileCheck %s --check-prefix=TILE
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{block-elements=64 slice-escaping=true elementwise=true contractions=true})' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{slice-escaping=true elementwise=true contractions=true})' --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAT
// By default a contraction that Vortex gives a tuned rKernel is not merged
// (the merged select of products would run as a plain kernel):
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{slice-escaping=true})' --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle-horizontal{hardware=tpu})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// Fig. 3: C1 (4,16) and C2 (2,16) share the reduction rk < 8 and become one
// (6,16) TE; B is one operand, and C2's rows read A2 and B2 at d0 - 4.
// CHECK-LABEL: func.func @fig3
// CHECK-NEXT: %[[C:.*]] = te.compute(%arg0, %arg1, %arg2, %arg3) shape () -> (6, 16) reduce () -> (8) combiner sum init 0.000000e+00 : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<6x16xf32> {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT:   %[[A1:.*]] = te.load %arg0[(d0, d1, d2) -> (d0, d2)] {padding = 0.000000e+00 : f32}
// CHECK-NEXT:   %[[B1:.*]] = te.load %arg1[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
// CHECK-NEXT:   %[[P1:.*]] = arith.mulf %[[A1]], %[[B1]]
// CHECK-NEXT:   %[[A2:.*]] = te.load %arg2[(d0, d1, d2) -> (d0 - 4, d2)] {padding = 0.000000e+00 : f32}
// CHECK-NEXT:   %[[B2:.*]] = te.load %arg3[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
// CHECK-NEXT:   %[[P2:.*]] = arith.mulf %[[A2]], %[[B2]]
// CHECK-NEXT:   %[[K:.*]] = arith.constant 4 : index
// CHECK-NEXT:   %[[T:.*]] = arith.cmpi slt, %[[I]], %[[K]] : index
// CHECK-NEXT:   %[[S:.*]] = arith.select %[[T]], %[[P1]], %[[P2]] : f32
// CHECK-NEXT:   te.yield %[[S]] : f32
// Non-TE users (the return) read slices (slice-escaping=true); by default
// TEs that are returned are not merged.
// NOSLICE-LABEL: func.func @fig3
// NOSLICE-NEXT: te.compute(%arg0, %arg1) shape () -> (4, 16)
// NOSLICE-LABEL: func.func @qkv
// NOSLICE: shape () -> (2, 24)
// CHECK: %[[S2:.*]] = te.compute(%[[C]]) shape () -> (2, 16)
// CHECK:   te.load %[[C]][(d0, d1) -> (d0 + 4, d1)]
// CHECK: %[[S1:.*]] = te.compute(%[[C]]) shape () -> (4, 16)
// CHECK:   te.load %[[C]][(d0, d1) -> (d0, d1)]
// CHECK: return %[[S1]], %[[S2]]
// With tile=3, each piece but the last is padded to a multiple of 3 along
// the axis: Fig. 3's C2 starts at row 6, Q/K/V's K and V at columns 9, 18.
// TILE-LABEL: func.func @fig3
// TILE: shape () -> (8, 16)
// TILE: te.load %arg2[(d0, d1, d2) -> (d0 - 6, d2)]
// TILE: arith.constant 6 : index
// TILE-LABEL: func.func @qkv
// TILE: shape () -> (2, 26)
// TILE: te.load %arg2[(d0, d1, d2) -> (d2, d1 - 9)]
// TILE: te.load %arg3[(d0, d1, d2) -> (d2, d1 - 18)]
// TILE: te.load %{{.*}}[(d0, d1) -> (d0, d1 + 9)]
func.func @fig3(%a1: tensor<4x8xf32>, %b1: tensor<8x16xf32>, %a2: tensor<2x8xf32>, %b2: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<2x16xf32>) {
  %c1 = te.compute(%a1, %b1) shape () -> (4, 16) reduce () -> (8) combiner sum init 0.0
          : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a1[(d0, d1, d2) -> (d0, d2)] : tensor<4x8xf32> -> f32
    %y = te.load %b1[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  %c2 = te.compute(%a2, %b2) shape () -> (2, 16) reduce () -> (8) combiner sum init 0.0
          : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a2[(d0, d1, d2) -> (d0, d2)] : tensor<2x8xf32> -> f32
    %y = te.load %b2[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c1, %c2 : tensor<4x16xf32>, tensor<2x16xf32>
}

// Q/K/V: three GEMMs of one input concatenate along the weights' columns
// (the axis x's loads do not depend on), so x is loaded once; their user
// reads the merged tensor at its offsets; a GEMM of another reduction
// extent stays apart.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[M:.*]] = te.compute(%arg0, %arg1, %arg2, %arg3) shape () -> (2, 24) reduce () -> (4) combiner sum
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   %[[X:.*]] = te.load %arg0[(d0, d1, d2) -> (d0, d2)] : tensor<2x4xf32> -> f32
// CHECK-NEXT:   %[[Q:.*]] = te.load %arg1[(d0, d1, d2) -> (d2, d1)] {padding
// CHECK-NEXT:   arith.mulf %[[X]], %[[Q]]
// CHECK-NEXT:   %[[K:.*]] = te.load %arg2[(d0, d1, d2) -> (d2, d1 - 8)] {padding
// CHECK-NEXT:   arith.mulf %[[X]], %[[K]]
// CHECK-NEXT:   %[[V:.*]] = te.load %arg3[(d0, d1, d2) -> (d2, d1 - 16)] {padding
// CHECK-NEXT:   arith.mulf %[[X]], %[[V]]
// CHECK: %[[O:.*]] = te.compute(%arg4, %arg4) shape () -> (2, 8) reduce () -> (2) combiner sum
// CHECK: te.compute(%[[M]], %[[O]]) shape () -> (2, 8) : (tensor<2x24xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   te.load %[[M]][(d0, d1) -> (d0, d1)]
// CHECK-NEXT:   te.load %[[M]][(d0, d1) -> (d0, d1 + 8)]
// CHECK-NEXT:   arith.addf
// CHECK-NEXT:   te.load %[[M]][(d0, d1) -> (d0, d1 + 16)]
// STAT: Pass statistics report
// STAT: {{^}}souffle-horizontal{{$}}
// STAT-NEXT: 9 TEs before
// STAT-NEXT: 9 TEs after
// STAT-NEXT: 3 merges
// STAT-NEXT: 7 TEs merged
// STAT-NEXT: 4 slice TEs for non-TE users
// STAT-NEXT: 2 shared loads made once
// TUNED: 0 merges
// TUNED: 5 not candidates: a contraction with a tuned rKernel (contractions=false)
// BAD: error: souffle-horizontal: unknown hardware 'tpu'
func.func @qkv(%x: tensor<2x4xf32>, %wq: tensor<4x8xf32>, %wk: tensor<4x8xf32>, %wv: tensor<4x8xf32>, %wo: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %q = te.compute(%x, %wq) shape () -> (2, 8) reduce () -> (4) combiner sum init 0.0 : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<2x4xf32> -> f32
    %b = te.load %wq[(d0, d1, d2) -> (d2, d1)] : tensor<4x8xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  %k = te.compute(%x, %wk) shape () -> (2, 8) reduce () -> (4) combiner sum init 0.0 : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index, %r: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<2x4xf32> -> f32
    %b = te.load %wk[(d0, d1, d2) -> (d2, d1)] : tensor<4x8xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  %o = te.compute(%wo, %wo) shape () -> (2, 8) reduce () -> (2) combiner sum init 0.0 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index, %r: index):
    %a = te.load %wo[(d0, d1, d2) -> (d2, d1)] : tensor<2x8xf32> -> f32
    te.yield %a : f32
  }
  %v = te.compute(%x, %wv) shape () -> (2, 8) reduce () -> (4) combiner sum init 0.0 : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index, %r: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<2x4xf32> -> f32
    %b = te.load %wv[(d0, d1, d2) -> (d2, d1)] : tensor<4x8xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  %s = te.compute(%q, %k, %v, %o) shape () -> (2, 8) : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %q[(d0, d1) -> (d0, d1)] : tensor<2x8xf32> -> f32
    %b = te.load %k[(d0, d1) -> (d0, d1)] : tensor<2x8xf32> -> f32
    %c = arith.addf %a, %b : f32
    %d = te.load %v[(d0, d1) -> (d0, d1)] : tensor<2x8xf32> -> f32
    %e = arith.addf %c, %d : f32
    %f = te.load %o[(d0, d1) -> (d0, d1)] : tensor<2x8xf32> -> f32
    %g = arith.addf %e, %f : f32
    te.yield %g : f32
  }
  return %s : tensor<2x8xf32>
}

// One wave: each TE alone is 157 blocks of 64 elements, the two merged 313,
// over the 264 of an H100 (132 SMs x 2 blocks): refused with a remark.
// WAVE: remark: souffle-horizontal: not merged: the merged grid (313 blocks) would exceed one wave (264 blocks)
// WAVE-NEXT: %b = te.compute
// WAVE: note: the TE it would join
// WAVE-NEXT: %a = te.compute
func.func @wave(%x: tensor<100x100xf32>, %y: tensor<100x100xf32>) -> (tensor<100x100xf32>, tensor<100x100xf32>) {
  %a = te.compute(%x) shape () -> (100, 100) : (tensor<100x100xf32>) -> tensor<100x100xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<100x100xf32> -> f32
    %r = arith.negf %v : f32
    te.yield %r : f32
  }
  %b = te.compute(%y) shape () -> (100, 100) : (tensor<100x100xf32>) -> tensor<100x100xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %y[(d0, d1) -> (d0, d1)] : tensor<100x100xf32> -> f32
    %r = arith.negf %v : f32
    te.yield %r : f32
  }
  return %a, %b : tensor<100x100xf32>, tensor<100x100xf32>
}
