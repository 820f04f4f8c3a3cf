// souffle-vertical (Souffle 6.2): one-relies-on-one TEs composed into their
// consumers by map composition (Eq. 2), to a fixed point.
// RUN: vtc-opt --souffle-vertical %s 2>/dev/null | FileCheck %s
// RUN: vtc-opt --souffle-vertical %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: vtc-opt --souffle-vertical --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAT
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle-vertical{max-dup-flops=-1})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// Fig. 4: ReLU -> strided slice -> permute become one TE reading A through
// (d0, d1) -> (d1, d0 * 2). (The paper's shapes are made consistent with
// its composed map: the slice takes every other column.)
// CHECK-LABEL: func.func @fig4
// CHECK-NEXT:   %[[D:.*]] = te.compute(%{{.*}}) shape () -> (4, 4) : (tensor<4x8xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT:   ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT:     %[[X:.*]] = te.load %{{.*}}[(d0, d1) -> (d1, d0 * 2)] : tensor<4x8xf32> -> f32
// CHECK-NEXT:     %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT:     %[[C:.*]] = arith.cmpf ogt, %[[X]], %[[Z]]
// CHECK-NEXT:     %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Z]]
// CHECK-NEXT:     te.yield %[[R]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[D]]
func.func @fig4(%a: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %b = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf ogt, %x, %z : f32
    %r = arith.select %c, %x, %z : f32
    te.yield %r : f32
  }
  %c = te.compute(%b) shape () -> (4, 4) : (tensor<4x8xf32>) -> tensor<4x4xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %b[(d0, d1) -> (d0, d1 * 2)] : tensor<4x8xf32> -> f32
    te.yield %x : f32
  }
  %d = te.compute(%c) shape () -> (4, 4) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %c[(d0, d1) -> (d1, d0)] : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %d : tensor<4x4xf32>
}

// A GEMM result rounded to f16, then extended for an f32 bias: the
// rounding stays (truncf before extf), in one TE. A reshape (floordiv/mod)
// is composed into a reduction.
// CHECK-LABEL: func.func @rounding
// CHECK: %[[G:.*]] = te.compute(%{{.*}}) shape () -> (2, 8) reduce () -> (8) combiner sum
// CHECK: te.compute(%{{.*}}, %[[G]]) shape () -> (4) reduce () -> (4) combiner sum init 0.000000e+00 : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<4xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   %[[L:.*]] = te.load %[[G]][(d0, d1) -> ((d0 * 4 + d1) floordiv 8, (d0 * 4 + d1) mod 8)] : tensor<2x8xf32> -> f32
// CHECK-NEXT:   %[[T:.*]] = arith.truncf %[[L]] : f32 to f16
// CHECK-NEXT:   %[[E:.*]] = arith.extf %[[T]] : f16 to f32
// CHECK-NEXT:   %[[B:.*]] = te.load %{{.*}}[(d0, d1) -> ((d0 * 4 + d1) mod 8)] : tensor<8xf32> -> f32
// CHECK-NEXT:   arith.addf %[[E]], %[[B]] : f32
// CHECK-NOT: te.compute
// CHECK: return
func.func @rounding(%x: tensor<2x8xf32>, %w: tensor<8x8xf32>, %bias: tensor<8xf32>) -> tensor<4xf32> {
  %g = te.compute(%x, %w) shape () -> (2, 8) reduce () -> (8) combiner sum init 0.0
         : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<2x8xf32> -> f32
    %b = te.load %w[(d0, d1, d2) -> (d2, d1)] : tensor<8x8xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  %h = te.compute(%g) shape () -> (2, 8) : (tensor<2x8xf32>) -> tensor<2x8xf16> {
  ^bb0(%i: index, %j: index):
    %a = te.load %g[(d0, d1) -> (d0, d1)] : tensor<2x8xf32> -> f32
    %t = arith.truncf %a : f32 to f16
    te.yield %t : f16
  }
  %y = te.compute(%h, %bias) shape () -> (2, 8) : (tensor<2x8xf16>, tensor<8xf32>) -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %h[(d0, d1) -> (d0, d1)] : tensor<2x8xf16> -> f16
    %e = arith.extf %a : f16 to f32
    %b = te.load %bias[(d0, d1) -> (d1)] : tensor<8xf32> -> f32
    %s = arith.addf %e, %b : f32
    te.yield %s : f32
  }
  %r = te.compute(%y) shape () -> (4, 4) : (tensor<2x8xf32>) -> tensor<4x4xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %y[(d0, d1) -> ((d0 * 4 + d1) floordiv 8, (d0 * 4 + d1) mod 8)] : tensor<2x8xf32> -> f32
    te.yield %a : f32
  }
  %s = te.compute(%r) shape () -> (4) reduce () -> (4) combiner sum init 0.0 : (tensor<4x4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %r[(d0, d1) -> (d0, d1)] : tensor<4x4xf32> -> f32
    te.yield %a : f32
  }
  return %s : tensor<4xf32>
}

// Refusals: exp read by two consumers (a transcendental is never
// duplicated), a padded read, a gather (its own load index-dependent) into
// its consumer; a cheap cast read by two consumers is duplicated and
// erased, and the negation a gather reads is composed through the
// gather's index-dependent load (the composed load takes its operand).
// CHECK-LABEL: func.func @refusals
// CHECK-NEXT: %[[E:.*]] = te.compute
// CHECK: math.exp
// CHECK: te.compute(%[[E]], %{{.*}}) shape () -> (8) : (tensor<8xf32>, tensor<8xf16>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.addf
// CHECK: te.compute(%[[E]], %{{.*}}) shape () -> (8) : (tensor<8xf32>, tensor<8xf16>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.mulf
// CHECK-NOT: math.exp
// CHECK: %[[G:.*]] = te.compute(%arg2, %arg0) shape () -> (2)
// CHECK: %[[W:.*]] = arith.index_cast
// CHECK-NEXT: %[[X:.*]] = te.load %arg0[(d0, d1) -> (d1)](%[[W]])
// CHECK-NEXT: arith.negf %[[X]]
// CHECK: te.compute(%[[G]]) shape () -> (2)
// CHECK: return
// REMARK: remark: souffle-vertical: not composed: would duplicate a producer of more than max-dup-flops flops per element or with a transcendental op
// REMARK: note: the producer TE
// REMARK: remark: souffle-vertical: not composed: would duplicate
// REMARK: remark: souffle-vertical: not composed: padded read of the producer
// REMARK: remark: souffle-vertical: not composed: index-dependent (gather) map
// Over the file: fig4 2 compositions, rounding 3, refusals 3 (the cast into
// both consumers, the negation into the gather).
// STAT: Pass statistics report
// STAT: {{^}}souffle-vertical{{$}}
// STAT-NEXT: 21 TEs before
// STAT-NEXT: 14 TEs after
// STAT-NEXT: 8 compositions
// STAT-NEXT: 7 producers erased
// STAT-NEXT: 1 refused: index-dependent
// STAT-NEXT: 1 refused: padded read
// STAT-NEXT: 2 refused: duplication
// STAT-NEXT: 0 refused: index use
// STAT-NEXT: 2 refused: compute-intensive or rKernel consumer
// BAD: error: souffle-vertical: max-dup-flops must be >= 0
func.func @refusals(%x: tensor<8xf32>, %h: tensor<8xf16>, %idx: tensor<2xi64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<10xf32>, tensor<2xf32>) {
  %e = te.compute(%x) shape () -> (8) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0) -> (d0)] : tensor<8xf32> -> f32
    %r = math.exp %a : f32
    te.yield %r : f32
  }
  %c = te.compute(%h) shape () -> (8) : (tensor<8xf16>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %h[(d0) -> (d0)] : tensor<8xf16> -> f16
    %r = arith.extf %a : f16 to f32
    te.yield %r : f32
  }
  %u = te.compute(%e, %c) shape () -> (8) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %e[(d0) -> (d0)] : tensor<8xf32> -> f32
    %b = te.load %c[(d0) -> (d0)] : tensor<8xf32> -> f32
    %r = arith.addf %a, %b : f32
    te.yield %r : f32
  }
  %v = te.compute(%e, %c) shape () -> (8) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %e[(d0) -> (d0)] : tensor<8xf32> -> f32
    %b = te.load %c[(d0) -> (d0)] : tensor<8xf32> -> f32
    %r = arith.mulf %a, %b : f32
    te.yield %r : f32
  }
  %n = te.compute(%x) shape () -> (8) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0) -> (d0)] : tensor<8xf32> -> f32
    %r = arith.negf %a : f32
    te.yield %r : f32
  }
  %p = te.compute(%n) shape () -> (10) : (tensor<8xf32>) -> tensor<10xf32> {
  ^bb0(%i: index):
    %a = te.load %n[(d0) -> (d0 - 1)] {padding = 0.0 : f32} : tensor<8xf32> -> f32
    te.yield %a : f32
  }
  %m = te.compute(%x) shape () -> (8) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0) -> (d0)] : tensor<8xf32> -> f32
    %r = arith.negf %a : f32
    te.yield %r : f32
  }
  %g = te.compute(%idx, %m) shape () -> (2) : (tensor<2xi64>, tensor<8xf32>) -> tensor<2xf32> {
  ^bb0(%i: index):
    %w = te.load %idx[(d0) -> (d0)] : tensor<2xi64> -> i64
    %wi = arith.index_cast %w : i64 to index
    %a = te.load %m[(d0, d1) -> (d1)](%wi) : tensor<8xf32> -> f32
    te.yield %a : f32
  }
  %k = te.compute(%g) shape () -> (2) : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%i: index):
    %a = te.load %g[(d0) -> (d0)] : tensor<2xf32> -> f32
    %r = arith.negf %a : f32
    te.yield %r : f32
  }
  return %u, %v, %p, %k : tensor<8xf32>, tensor<8xf32>, tensor<10xf32>, tensor<2xf32>
}

// A cast into a GEMM (compute-intensive: 2 flops x 8 per output over the
// elements read) stays apart by default, so the GEMM keeps its contraction
// form; into-ci=true composes it.
// CHECK-LABEL: func.func @into_gemm
// CHECK: arith.extf
// CHECK: te.compute
// CHECK-SAME: reduce
// CHECK-NOT: arith.extf
// CHECK: return
// INTO-LABEL: func.func @into_gemm
// INTO-NEXT: te.compute
// INTO-SAME: reduce
// INTO: arith.extf
// INTO-NOT: te.compute
// REMARK: remark: souffle-vertical: not composed: the consumer is compute-intensive
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-vertical{into-ci=true keep-contractions=false})' %s 2>/dev/null | FileCheck %s --check-prefix=INTO
func.func @into_gemm(%a: tensor<8x8xf16>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = te.compute(%a) shape () -> (8, 8) : (tensor<8x8xf16>) -> tensor<8x8xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<8x8xf16> -> f16
    %e = arith.extf %x : f16 to f32
    te.yield %e : f32
  }
  %g = te.compute(%c, %b) shape () -> (8, 8) reduce () -> (8) combiner sum init 0.0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %c[(d0, d1, d2) -> (d0, d2)] : tensor<8x8xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<8x8xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %g : tensor<8x8xf32>
}

// A GEMV (1 x 8 by 8 x 4: memory-intensive, under 3 flops per element)
// that Vortex gives an rKernel: the slice of its stacked weight (layer 1 of
// 2, the LSTM's) stays apart by default, so the GEMV keeps the GEMM form
// (composed, B would be read at (1, k, n), which no rKernel takes);
// into-ci=true composes it.
// CHECK-LABEL: func.func @into_gemv
// CHECK: %[[W:.*]] = te.compute(%arg1) shape () -> (8, 4)
// CHECK: te.compute(%arg0, %[[W]]) shape () -> (1, 4) reduce
// CHECK: te.load %[[W]][(d0, d1, d2) -> (d2, d1)]
// INTO-LABEL: func.func @into_gemv
// INTO-NEXT: te.compute(%arg0, %arg1) shape () -> (1, 4) reduce
// INTO: te.load %arg1[(d0, d1, d2) -> (1, d2, d1)]
// REMARK: remark: souffle-vertical: not composed: the consumer is compute-intensive or has Vortex's rKernel
func.func @into_gemv(%x: tensor<1x8xf32>, %ws: tensor<2x8x4xf32>) -> tensor<1x4xf32> {
  %w = te.compute(%ws) shape () -> (8, 4) : (tensor<2x8x4xf32>) -> tensor<8x4xf32> {
  ^bb0(%k: index, %n: index):
    %v = te.load %ws[(d0, d1) -> (1, d0, d1)] : tensor<2x8x4xf32> -> f32
    te.yield %v : f32
  }
  %y = te.compute(%x, %w) shape () -> (1, 4) reduce () -> (8) combiner sum init 0.0 : (tensor<1x8xf32>, tensor<8x4xf32>) -> tensor<1x4xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<1x8xf32> -> f32
    %b = te.load %w[(d0, d1, d2) -> (d2, d1)] : tensor<8x4xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  return %y : tensor<1x4xf32>
}
