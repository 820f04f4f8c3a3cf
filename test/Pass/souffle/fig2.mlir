// Fig. 2's TE program: TE0 a GEMM, TE1 an element-wise op on its result,
// TE2 a reduction, TE3 reads O0 again, TE4 a second GEMM. Checked:
// s(O0) = {TE1, TE3} (temporal reuse: TE3 depends on TE1), R0 with its
// reduction set, R1 with the matrix of Eq. 1, and the CI/MI classes.
// RUN: vtc-opt --souffle-print-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle-print-analysis{ci-threshold=100})' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle-print-analysis{ci-threshold=-1})' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// CHECK: remark: souffle @fig2: tensor in0 tensor<64x64xf32> shape [64, 64] live [arg, TE0] s(in0) = {TE0}
// CHECK: remark: souffle @fig2: tensor O0 tensor<64x64xf32> shape [64, 64] live [TE0, TE3] s(O0) = {TE1, TE3}
// CHECK-NOT: reuse SR(O0)
// CHECK: remark: souffle @fig2: reuse TR(O0) = {TE1, TE3} (dependent: 1 reader after another)
// CHECK: remark: souffle @fig2: tensor O4 tensor<64x64xf32> shape [64, 64] live [TE4, escapes] s(O4) = {}
// CHECK: remark: souffle @fig2: TE0 one-relies-on-many, level 0, 2 flops per point, 10.7 flops/byte, 42.7 flops/element: CI (threshold 3)
// CHECK: remark: souffle @fig2: TE0 reads in0: {O0[d0, d1] -> {in0[d0, d2], [0 <= d2 < 64]} : 0 <= d0 < 64, 0 <= d1 < 64}, M v + c = {{\[\[}}1, 0, 0], [0, 0, 1]] [d0, d1, d2] + [0, 0] (affine)
// CHECK: remark: souffle @fig2: TE0 reads in1: {O0[d0, d1] -> {in1[d2, d1], [0 <= d2 < 64]} : 0 <= d0 < 64, 0 <= d1 < 64}, M v + c = {{\[\[}}0, 0, 1], [0, 1, 0]] [d0, d1, d2] + [0, 0] (affine)
// CHECK: remark: souffle @fig2: TE1 one-relies-on-one, level 1, 1 flops per point, {{.*}}: MI (threshold 3)
// CHECK: remark: souffle @fig2: TE1 reads O0: {O1[d0, d1] -> O0[d0, d1] : 0 <= d0 < 64, 0 <= d1 < 64}, M v + c = {{\[\[}}1, 0], [0, 1]] [d0, d1] + [0, 0] (affine)
// CHECK: remark: souffle @fig2: TE2 one-relies-on-many, level 2
// CHECK: remark: souffle @fig2: TE2 reads O1: {O2[d0] -> {O1[d0, d1], [0 <= d1 < 64]} : 0 <= d0 < 64}
// CHECK: remark: souffle @fig2: TE3 one-relies-on-one, level 3
// CHECK: remark: souffle @fig2: TE3 reads O0: {O3[d0, d1] -> O0[d0, d1] : 0 <= d0 < 64, 0 <= d1 < 64}
// CHECK: remark: souffle @fig2: TE3 reads O2: {O3[d0, d1] -> O2[d0] : 0 <= d0 < 64, 0 <= d1 < 64}, M v + c = {{\[\[}}1, 0]] [d0, d1] + [0] (affine)
// CHECK: remark: souffle @fig2: TE4 one-relies-on-many, level 4, {{.*}}: CI (threshold 3)
// THRESH: TE0 one-relies-on-many, {{.*}}: MI (threshold 100)
// BAD: error: souffle-print-analysis: ci-threshold must be >= 0
func.func @fig2(%in0: tensor<64x64xf32>, %in1: tensor<64x64xf32>, %in2: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %o0 = te.compute(%in0, %in1) shape () -> (64, 64) reduce () -> (64) combiner sum init 0.0
          : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %in0[(d0, d1, d2) -> (d0, d2)] : tensor<64x64xf32> -> f32
    %y = te.load %in1[(d0, d1, d2) -> (d2, d1)] : tensor<64x64xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  %o1 = te.compute(%o0) shape () -> (64, 64) : (tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %o0[(d0, d1) -> (d0, d1)] : tensor<64x64xf32> -> f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %x, %z : f32
    te.yield %r : f32
  }
  %o2 = te.compute(%o1) shape () -> (64) reduce () -> (64) combiner sum init 0.0
          : (tensor<64x64xf32>) -> tensor<64xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %o1[(d0, d1) -> (d0, d1)] : tensor<64x64xf32> -> f32
    te.yield %x : f32
  }
  %o3 = te.compute(%o0, %o2) shape () -> (64, 64) : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %o0[(d0, d1) -> (d0, d1)] : tensor<64x64xf32> -> f32
    %m = te.load %o2[(d0, d1) -> (d0)] : tensor<64xf32> -> f32
    %r = arith.subf %x, %m : f32
    te.yield %r : f32
  }
  %o4 = te.compute(%o3, %in2) shape () -> (64, 64) reduce () -> (64) combiner sum init 0.0
          : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %o3[(d0, d1, d2) -> (d0, d2)] : tensor<64x64xf32> -> f32
    %y = te.load %in2[(d0, d1, d2) -> (d2, d1)] : tensor<64x64xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %o4 : tensor<64x64xf32>
}

// Spatial reuse (Fig. 3's GEMMs share B), a quasi-affine reshape read, a
// gather (index-dependent) and symbolic sizes.
// CHECK: remark: souffle @more: tensor in0 tensor<?x8xf32> shape [?, 8] live [arg, TE0] s(in0) = {TE0}
// CHECK: remark: souffle @more: tensor in2 tensor<8x16xf32> shape [8, 16] live [arg, TE1] s(in2) = {TE0, TE1}
// CHECK: remark: souffle @more: reuse SR(in2) = {TE0, TE1} (independent: BFS level 0)
// CHECK-NOT: reuse TR(in2)
// CHECK: remark: souffle @more: tensor O0 tensor<?x16xf32> shape [s0, 16]
// CHECK: remark: souffle @more: TE0 one-relies-on-many, level 0, 2 flops per point, {{.*}} (estimated with sizes 128)
// CHECK: remark: souffle @more: TE0 reads in0: {O0[d0, d1] -> {in0[d0, d2], [0 <= d2 < 8]} : 0 <= d0 < s0, 0 <= d1 < 16}
// CHECK: remark: souffle @more: TE2 reads O1: {O2[d0, d1] -> O1[d0 floordiv 4, (d0 mod 4) * 4 + d1] : 0 <= d0 < 8, 0 <= d1 < 4}, M v + c = {{\[\[}}0, 0, 1, 0], [0, 1, 0, 4]] [d0, d1, d0 floordiv 4, d0 mod 4] + [0, 0] (quasi-affine)
// CHECK: remark: souffle @more: TE3 reads in3: {O3[d0] -> in3[d0]
// CHECK: remark: souffle @more: TE3 reads O2: {O3[d0] -> O2[d1, 0] : 0 <= d0 < 4}, index-dependent: d1 are data (never composed as affine)
func.func @more(%in0: tensor<?x8xf32>, %in1: tensor<2x8xf32>, %in2: tensor<8x16xf32>, %in3: tensor<4xi64>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %n = te.dim %in0, 0 : tensor<?x8xf32>
  %a = te.compute(%in0, %in2) [%n] shape ()[s0] -> (s0, 16) reduce ()[s0] -> (8) combiner sum init 0.0
         : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %in0[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x8xf32> -> f32
    %y = te.load %in2[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  %b = te.compute(%in1, %in2) shape () -> (2, 16) reduce () -> (8) combiner sum init 0.0
         : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %in1[(d0, d1, d2) -> (d0, d2)] : tensor<2x8xf32> -> f32
    %y = te.load %in2[(d0, d1, d2) -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  %r = te.compute(%b) shape () -> (8, 4) : (tensor<2x16xf32>) -> tensor<8x4xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %b[(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 4 + d1)] : tensor<2x16xf32> -> f32
    te.yield %x : f32
  }
  %g = te.compute(%in3, %r) shape () -> (4) : (tensor<4xi64>, tensor<8x4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %w = te.load %in3[(d0) -> (d0)] : tensor<4xi64> -> i64
    %wi = arith.index_cast %w : i64 to index
    %x = te.load %r[(d0, d1) -> (d1, 0)](%wi) : tensor<8x4xf32> -> f32
    te.yield %x : f32
  }
  return %g : tensor<4xf32>
}
