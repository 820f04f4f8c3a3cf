// lower-graph-to-te{conv=im2col}: a convolution with a kernel window and
// one group becomes an im2col TE, col[n, c, r, s, oh, ow] = x[n, c,
// oh*sh + r*dh - ph, ow*sw + s*dw - pw] (a padded load: 0 outside), and a
// GEMM TE, y[n, m, oh, ow] = sum over (c, r, s) of w[m, c, r, s] col[n, c,
// r, s, oh, ow], which lower-te-to-gir gives Vortex's rKernels (a batch of
// GEMMs W . col[n], W broadcast); the bias stays its own TE. Pointwise and
// grouped convolutions keep the direct form. conv=auto, the default, takes
// im2col where one image's col matrix is static and at most 64 MiB (@main),
// else the direct form (@big: 604 MB per image; @dynamic_hw: unknown);
// conv=direct is the ablation.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=direct})' %s | FileCheck %s --check-prefix=DIRECT
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te)' %s | FileCheck %s --check-prefix=AUTO
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col},lower-te-to-gir{cpu=skylake-avx512})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: vtc-run %s --target=te --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col})' --dim=x.0=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col},lower-te-to-gir)' --dim=x.0=3 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col},lower-te-to-gir{hierarchy=gpu})' --dim=x.0=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te{conv=im2col},lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=x.0=1 --check | FileCheck %s --check-prefix=EXEC
// EXEC: check: ok (3 results match the reference interpreter)

// CHECK-LABEL: func.func @main(
// CHECK: %[[COL:.*]] = te.compute(%arg0) [%{{.*}}] shape ()[s0] -> (s0, 6, 3, 3, 5, 6) : (tensor<?x6x9x11xf32>) -> tensor<?x6x3x3x5x6xf32> {
// CHECK: te.load %arg0[(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 + d4 * 2 - 1, d3 + d5 * 2 - 1)] {padding = 0.000000e+00 : f32}
// CHECK: %[[Y:.*]] = te.compute(%arg1, %[[COL]]) [%{{.*}}] shape ()[s0] -> (s0, 8, 5, 6) reduce ()[s0] -> (6, 3, 3) combiner sum
// CHECK: te.load %arg1[(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)]
// CHECK: te.load %[[COL]][(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d5, d6, d2, d3)]
// CHECK: te.compute(%[[Y]], %arg2)
// The pointwise and the grouped convolutions: one TE each, as before.
// CHECK: te.compute(%arg0, %arg3) [%{{.*}}] shape ()[s0] -> (s0, 5, 9, 11) reduce ()[s0] -> (6, 1, 1)
// CHECK: te.compute(%arg0, %arg4) [%{{.*}}] shape ()[s0] -> (s0, 6, 9, 11) reduce ()[s0] -> (3, 3, 3)

// DIRECT-NOT: tensor<?x6x3x3x5x6xf32>
// DIRECT: te.compute(%arg0, %arg1) [%{{.*}}] shape ()[s0] -> (s0, 8, 5, 6) reduce ()[s0] -> (6, 3, 3)

// AUTO-LABEL: func.func @main(
// AUTO: tensor<?x6x3x3x5x6xf32>
// AUTO-LABEL: func.func @big(
// AUTO-NOT: 3x3x512
// AUTO: shape ()[s0] -> (s0, 8, 512, 512) reduce ()[s0] -> (64, 3, 3)
// AUTO-LABEL: func.func @dynamic_hw(
// AUTO-NOT: 3x3x?
// AUTO: reduce ()[s0, s1, s2] -> (4, 3, 3)

// The GEMM and the pointwise convolution get rKernels; the grouped one
// stays a plain kernel.
// STATS: lower-te-to-gir
// STATS: 1 kept-contractions

func.func @main(%x: tensor<?x6x9x11xf32>, %w: tensor<8x6x3x3xf32>, %b: tensor<8xf32>, %w1: tensor<5x6x1x1xf32>, %wg: tensor<6x3x3x3xf32>)
    -> (tensor<?x8x5x6xf32>, tensor<?x5x9x11xf32>, tensor<?x6x9x11xf32>) {
  %y = graph.conv2d %x, %w, %b {strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<?x6x9x11xf32>, tensor<8x6x3x3xf32>, tensor<8xf32>) -> tensor<?x8x5x6xf32>
  %p = graph.conv2d %x, %w1 : (tensor<?x6x9x11xf32>, tensor<5x6x1x1xf32>) -> tensor<?x5x9x11xf32>
  %g = graph.conv2d %x, %wg {group = 2, pads = [1, 1, 1, 1]} : (tensor<?x6x9x11xf32>, tensor<6x3x3x3xf32>) -> tensor<?x6x9x11xf32>
  return %y, %p, %g : tensor<?x8x5x6xf32>, tensor<?x5x9x11xf32>, tensor<?x6x9x11xf32>
}

func.func @big(%x: tensor<?x64x512x512xf32>, %w: tensor<8x64x3x3xf32>) -> tensor<?x8x512x512xf32> {
  %y = graph.conv2d %x, %w {pads = [1, 1, 1, 1]} : (tensor<?x64x512x512xf32>, tensor<8x64x3x3xf32>) -> tensor<?x8x512x512xf32>
  return %y : tensor<?x8x512x512xf32>
}

func.func @dynamic_hw(%x: tensor<?x4x?x?xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<?x4x?x?xf32> {
  %y = graph.conv2d %x, %w {pads = [1, 1, 1, 1]} : (tensor<?x4x?x?xf32>, tensor<4x4x3x3xf32>) -> tensor<?x4x?x?xf32>
  return %y : tensor<?x4x?x?xf32>
}
