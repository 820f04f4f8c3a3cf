// vortex-classify (Vortex 4.2, Algorithm 1): contractions get vortex.rkernel
// with a role per iteration dim (batch read by both operands, m by A only,
// n by B only, k the reduction); every other TE stays as it is, with a
// remark saying why and a --pass-statistics count.
// RUN: vtc-opt --vortex-classify %s 2>/dev/null | FileCheck %s
// RUN: vtc-opt --vortex-classify %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --vortex-classify --verify-diagnostics %s -o /dev/null
// RUN: vtc-opt --vortex-classify --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: vortex-classify
// STATS-NEXT: (S) 8 contractions
// STATS-NEXT: (S) 2 rejected-no-sum
// STATS-NEXT: (S) 2 rejected-body
// STATS-NEXT: (S) 5 rejected-map
// STATS-NEXT: (S) 3 rejected-dtype
// STATS-NEXT: (S) 1 rejected-depthwise
// STATS-NEXT: (S) 0 rejected-rank

// A plain GEMM.
// CHECK-LABEL: func.func @gemm
// CHECK: te.compute{{.*}}vortex.rkernel = {a = 0 : i64, a_map = affine_map<(d0, d1, d2) -> (d0, d2)>, b = 1 : i64, b_map = affine_map<(d0, d1, d2) -> (d2, d1)>, class = "matmul", dtypes = ["f32", "f32", "f32", "f32"], extents = [8, 16, 4], roles = ["m", "n", "k"]}
func.func @gemm(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %c = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<8x16xf32>
}

// BERT's first GEMM with M dynamic, f16 inputs widened to an f32 sum and
// the result narrowed: casts around the loads and the product are allowed.
// CHECK-LABEL: func.func @bert_f16
// CHECK: dtypes = ["f16", "f16", "f32", "f16"], extents = [-1, 768, 2304], roles = ["m", "n", "k"]
func.func @bert_f16(%a: tensor<?x2304xf16>, %b: tensor<2304x768xf16>) -> tensor<?x768xf16> {
  %m = te.dim %a, 0 : tensor<?x2304xf16>
  %c = te.compute(%a, %b) [%m] shape ()[s0] -> (s0, 768) reduce ()[s0] -> (2304) combiner sum init 0.0 : (tensor<?x2304xf16>, tensor<2304x768xf16>) -> tensor<?x768xf16> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x2304xf16> -> f16
    %y = te.load %b[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<2304x768xf16> -> f16
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %t = arith.truncf %p : f32 to f16
    te.yield %t : f16
  }
  return %c : tensor<?x768xf16>
}

// [B, S, K] x [K, N]: the batch dims index A only and fold into M (one GEMM
// of M = B*S); B transposed (N x K) is just another map.
// CHECK-LABEL: func.func @fold_bt
// CHECK: b_map = affine_map<(d0, d1, d2, d3) -> (d2, d3)>, class = "matmul", dtypes = ["f32", "f32", "f32", "f32"], extents = [4, 7, 12, 10], roles = ["m", "m", "n", "k"]
func.func @fold_bt(%a: tensor<4x7x10xf32>, %b: tensor<12x10xf32>) -> tensor<4x7x12xf32> {
  %c = te.compute(%a, %b) shape () -> (4, 7, 12) reduce () -> (10) combiner sum init 0.0 : (tensor<4x7x10xf32>, tensor<12x10xf32>) -> tensor<4x7x12xf32> {
  ^bb0(%i: index, %j: index, %n: index, %k: index):
    %x = te.load %a[(d0, d1, d2, d3) -> (d0, d1, d3)] : tensor<4x7x10xf32> -> f32
    %y = te.load %b[(d0, d1, d2, d3) -> (d2, d3)] : tensor<12x10xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<4x7x12xf32>
}

// A true batch ([B, M, K] x [B, K, N]), A transposed (K x M per batch).
// CHECK-LABEL: func.func @batched_at
// CHECK: roles = ["batch", "m", "n", "k"]
func.func @batched_at(%a: tensor<3x5x6xbf16>, %b: tensor<3x5x2xbf16>) -> tensor<3x6x2xbf16> {
  %c = te.compute(%a, %b) shape () -> (3, 6, 2) reduce () -> (5) combiner sum init 0.0 : (tensor<3x5x6xbf16>, tensor<3x5x2xbf16>) -> tensor<3x6x2xbf16> {
  ^bb0(%bb: index, %i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2, d3) -> (d0, d3, d1)] : tensor<3x5x6xbf16> -> bf16
    %y = te.load %b[(d0, d1, d2, d3) -> (d0, d3, d2)] : tensor<3x5x2xbf16> -> bf16
    %p = arith.mulf %x, %y : bf16
    te.yield %p : bf16
  }
  return %c : tensor<3x6x2xbf16>
}

// Broadcasting: A's batch of size 1 reads index 0; d1 is read by B only
// (an N dim), d0 by A only (an M dim); a dim both operands broadcast is a
// batch dim.
// CHECK-LABEL: func.func @broadcast
// CHECK: roles = ["m", "n", "batch", "m", "n", "k"]
func.func @broadcast(%a: tensor<2x1x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x1x3x5xf32> {
  %c = te.compute(%a, %b) shape () -> (2, 3, 1, 3, 5) reduce () -> (4) combiner sum init 0.0 : (tensor<2x1x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x1x3x5xf32> {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %k: index):
    %x = te.load %a[(d0, d1, d2, d3, d4, d5) -> (d0, 0, d3, d5)] : tensor<2x1x3x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2, d3, d4, d5) -> (d1, d5, d4)] : tensor<3x4x5xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<2x3x1x3x5xf32>
}

// A matrix-vector product: no N dim (N = 1).
// CHECK-LABEL: func.func @gemv
// CHECK: roles = ["m", "k"]
func.func @gemv(%a: tensor<6x4xf32>, %v: tensor<4xf32>) -> tensor<6xf32> {
  %c = te.compute(%a, %v) shape () -> (6) reduce () -> (4) combiner sum init 0.0 : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<6x4xf32> -> f32
    %y = te.load %v[(d0, d1) -> (d1)] : tensor<4xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<6xf32>
}

// conv2d as implicit GEMM (lower-graph-to-te's form, batch dynamic):
// stride 2, pad 1; M = N x OH x OW, N = CO, K = CI x KH x KW. The filter
// as the left factor: the composite operand is still A.
// CHECK-LABEL: func.func @conv
// CHECK: class = "conv", dilations = [1, 1], dtypes = ["f32", "f32", "f32", "f32"], extents = [-1, 4, 3, 3, 4, 3, 3], groups = 1 : i64, pads = [1, 1], roles = ["m", "n", "m", "m", "k", "k", "k"], strides = [2, 2]
func.func @conv(%x: tensor<?x4x6x6xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<?x4x3x3xf32> {
  %n = te.dim %x, 0 : tensor<?x4x6x6xf32>
  %c = te.compute(%x, %w) [%n] shape ()[s0] -> (s0, 4, 3, 3) reduce ()[s0] -> (4, 3, 3) combiner sum init 0.0 : (tensor<?x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<?x4x3x3xf32> {
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index):
    %f = te.load %w[(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)] : tensor<4x4x3x3xf32> -> f32
    %i = te.load %x[(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2 * 2 + d5 - 1, d3 * 2 + d6 - 1)] {padding = 0.0 : f32} : tensor<?x4x6x6xf32> -> f32
    %p = arith.mulf %f, %i : f32
    te.yield %p : f32
  }
  return %c : tensor<?x4x3x3xf32>
}

// Grouped (2 groups of 2 input channels) and dilated.
// CHECK-LABEL: func.func @grouped
// CHECK: dilations = [2, 1], {{.*}}groups = 2 : i64, pads = [0, 0], roles = ["m", "n", "m", "m", "k", "k", "k"], strides = [1, 1]
func.func @grouped(%x: tensor<1x4x9x7xf32>, %w: tensor<8x2x3x2xf32>) -> tensor<1x8x5x6xf32> {
  %c = te.compute(%x, %w) shape () -> (1, 8, 5, 6) reduce () -> (2, 3, 2) combiner sum init 0.0 : (tensor<1x4x9x7xf32>, tensor<8x2x3x2xf32>) -> tensor<1x8x5x6xf32> {
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index):
    %i = te.load %x[(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 4) * 2 + d4, d2 + d5 * 2, d3 + d6)] : tensor<1x4x9x7xf32> -> f32
    %f = te.load %w[(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)] : tensor<8x2x3x2xf32> -> f32
    %p = arith.mulf %i, %f : f32
    te.yield %p : f32
  }
  return %c : tensor<1x8x5x6xf32>
}

// ---- what stays a plain TE -----------------------------------------------

func.func @rejects(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>, %v: tensor<16xf32>, %i: tensor<8x4xi32>, %j: tensor<4x16xi32>, %d: tensor<8x4xf64>, %e: tensor<4x16xf64>, %h: tensor<4x16xf16>, %g: tensor<8xindex>, %xi: tensor<1x4x6x6xf32>, %wf: tensor<4x1x3x3xf32>, %sq: tensor<4x4xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf64>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<1x4x4x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-remark@+1 {{vortex: te @rejects #0 stays a plain TE: no reduction (an element-wise TE)}}
  %0 = te.compute(%v) shape () -> (8, 16) : (tensor<16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index):
    %y = te.load %v[(d0, d1) -> (d1)] : tensor<16xf32> -> f32
    te.yield %y : f32
  }
  // expected-remark@+1 {{vortex: te @rejects #1 stays a plain TE: a max reduction, not a sum}}
  %1 = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner max init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // A bias inside the sum: not a product of two loads.
  // expected-remark@+1 {{vortex: te @rejects #2 stays a plain TE: the body does not yield a product (arith.mulf) of two loads}}
  %2 = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    %q = arith.addf %p, %x : f32
    te.yield %q : f32
  }
  // A sum over one factor: k is read by A only.
  // expected-remark@+1 {{vortex: te @rejects #3 stays a plain TE: reduction dim d2 is read by A only: a sum over one factor}}
  %3 = te.compute(%a, %v) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %v[(d0, d1, d2) -> (d1)] : tensor<16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // expected-remark@+1 {{vortex: te @rejects #4 stays a plain TE: element types i32 x i32 -> i32: Vortex kernels take f16, bf16 or f32}}
  %4 = te.compute(%i, %j) shape () -> (8, 16) reduce () -> (4) combiner sum init 0 : (tensor<8x4xi32>, tensor<4x16xi32>) -> tensor<8x16xi32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %i[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xi32> -> i32
    %y = te.load %j[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xi32> -> i32
    %p = arith.muli %x, %y : i32
    te.yield %p : i32
  }
  // expected-remark@+1 {{vortex: te @rejects #5 stays a plain TE: element types f64 x f64 -> f64: Vortex kernels take f16, bf16 or f32}}
  %5 = te.compute(%d, %e) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf64>, tensor<4x16xf64>) -> tensor<8x16xf64> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %d[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf64> -> f64
    %y = te.load %e[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf64> -> f64
    %p = arith.mulf %x, %y : f64
    te.yield %p : f64
  }
  // expected-remark@+1 {{vortex: te @rejects #6 stays a plain TE: mixed input element types f32 and f16}}
  %6 = te.compute(%a, %h) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf16>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %h[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf16> -> f16
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %x, %ye : f32
    te.yield %p : f32
  }
  // A shifted read of B: not an iteration dim.
  // expected-remark@+1 {{vortex: te @rejects #7 stays a plain TE: index 1 of operand B is `d1 floordiv 2`: neither an iteration dim, a constant, nor an implicit-GEMM convolution index}}
  %7 = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1 floordiv 2)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // A padded read in a matmul.
  // expected-remark@+1 {{vortex: te @rejects #8 stays a plain TE: a padded read outside a convolution's input}}
  %8 = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] {padding = 0.0 : f32} : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // The diagonal of a square: A read at (i, i).
  // expected-remark@+1 {{vortex: te @rejects #9 stays a plain TE: operand A reads dim d1 at two indices (a diagonal)}}
  %9 = te.compute(%sq, %b) shape () -> (16) reduce () -> (4) combiner sum init 0.0 : (tensor<4x4xf32>, tensor<4x16xf32>) -> tensor<16xf32> {
  ^bb0(%r: index, %k: index):
    %x = te.load %sq[(d0, d1) -> (d1, d1)] : tensor<4x4xf32> -> f32
    %y = te.load %b[(d0, d1) -> (d1, d0)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // Depthwise: four groups of one input channel.
  // expected-remark@+1 {{vortex: te @rejects #10 stays a plain TE: depthwise convolution (4 groups of one input channel): K is the kernel window only, no GEMM; it stays a plain TE}}
  %10 = te.compute(%xi, %wf) shape () -> (1, 4, 4, 4) reduce () -> (1, 3, 3) combiner sum init 0.0 : (tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32> {
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index):
    %in = te.load %xi[(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 1) * 1 + d4, d2 + d5, d3 + d6)] : tensor<1x4x6x6xf32> -> f32
    %f = te.load %wf[(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)] : tensor<4x1x3x3xf32> -> f32
    %p = arith.mulf %in, %f : f32
    te.yield %p : f32
  }
  // A gather: one operand read at data-dependent indices.
  // expected-remark@+1 {{vortex: te @rejects #11 stays a plain TE: an operand is read at data-dependent indices (a gather)}}
  %11 = te.compute(%a, %b, %g) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>, tensor<8xindex>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %ix = te.load %g[(d0, d1, d2) -> (d0)] : tensor<8xindex> -> index
    %x = te.load %a[(d0, d1, d2, d3) -> (d3, d2)](%ix) : tensor<8x4xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<4x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  // A square of one load.
  // expected-remark@+1 {{vortex: te @rejects #12 stays a plain TE: the body computes more than a product of two loads}}
  %12 = te.compute(%a, %b) shape () -> (8, 16) reduce () -> (4) combiner sum init 0.0 : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%r: index, %c: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<8x4xf32> -> f32
    %p = arith.mulf %x, %x : f32
    te.yield %p : f32
  }
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xi32>, tensor<8x16xf64>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<1x4x4x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}
