// Vortex's rKernels on operands that are slices of larger tensors: VTC's
// views (slice, squeeze, split) composed into a contraction's loads leave
// indices `d + c` or constants, which lower-te-to-gir addresses as an
// element offset and a batch stride of the tensor (rkernel.c,
// operand_layout), on the CPU and the GPU (kernel parameters oa, ob). A
// slice of an inner dim (rows longer than the contraction reads: no
// leading dimension in the kernels) and, on tensor cores, an offset that
// is not a multiple of 8 elements (statically) keep the plain kernel,
// with a remark.
// Every case computes what the reference interpreter does.
// RUN: vtc-run %s --entry=outer --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=outer --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=inner --target=cpu --check 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: vtc-run %s --entry=half --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},lower-te-to-gir{hierarchy=gpu})' 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: vtc-run %s --entry=conv --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=conv --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=OK
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},lower-te-to-gir{hierarchy=gpu})' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},lower-te-to-gir{hierarchy=gpu})' 2>/dev/null | FileCheck %s --check-prefix=GIR

// OK: check: ok
// INNER: remark: lower-te-to-gir: the contraction keeps its plain kernel: an operand sliced inside its rows or among its batch dims (the kernels take no leading dimension)
// INNER: check: ok
// HALF: check: ok (2 results match the reference interpreter)

// STATS: (S) {{ *}}6 vortex-kernels
// The rKernels read the sliced tensors themselves (%arg0, %arg1: no copy
// kernel), with their offsets and batch strides as the last parameters.
// GIR-LABEL: func.func @outer
// GIR: gir.launch @outer_k{{[0-9]+}}[%{{.*}}](%arg0, %arg1, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (!gir.buffer<global, 2x4x32xf32>, !gir.buffer<global, 3x32x8xf32>
// GIR-LABEL: func.func @half
// GIR: gir.launch @half_k{{[0-9]+}}[%{{.*}}](%arg0, %arg1, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (!gir.buffer<global, 3x256x64xf16>, !gir.buffer<global, 3x64x128xf16>
// GIR: gir.launch @half_k{{[0-9]+}}[%{{.*}}](%arg0, %arg1, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (!gir.buffer<global, 3x256x64xf16>, !gir.buffer<global, 3x64x128xf16>
// GIR-LABEL: func.func @conv

func.func @outer(%x: tensor<2x4x32xf32>, %w: tensor<3x32x8xf32>) -> (tensor<4x8xf32>, tensor<2x2x8xf32>) {
  %s = graph.slice %x {axes = [0], starts = [1], ends = [2]} : (tensor<2x4x32xf32>) -> tensor<1x4x32xf32>
  %s2 = graph.squeeze %s {axes = [0]} : (tensor<1x4x32xf32>) -> tensor<4x32xf32>
  %ws = graph.slice %w {axes = [0], starts = [2], ends = [3]} : (tensor<3x32x8xf32>) -> tensor<1x32x8xf32>
  %w2 = graph.squeeze %ws {axes = [0]} : (tensor<1x32x8xf32>) -> tensor<32x8xf32>
  %y = graph.matmul %s2, %w2 : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
  %xs = graph.slice %x {axes = [1], starts = [1], ends = [3]} : (tensor<2x4x32xf32>) -> tensor<2x2x32xf32>
  %wb = graph.slice %w {axes = [0], starts = [0], ends = [2]} : (tensor<3x32x8xf32>) -> tensor<2x32x8xf32>
  %y2 = graph.matmul %xs, %wb : (tensor<2x2x32xf32>, tensor<2x32x8xf32>) -> tensor<2x2x8xf32>
  return %y, %y2 : tensor<4x8xf32>, tensor<2x2x8xf32>
}

func.func @inner(%x: tensor<4x32xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %s = graph.slice %x {axes = [1], starts = [0], ends = [16]} : (tensor<4x32xf32>) -> tensor<4x16xf32>
  %y = graph.matmul %s, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

func.func @half(%x: tensor<3x256x64xf16>, %w: tensor<3x64x128xf16>) -> (tensor<256x128xf32>, tensor<2x256x128xf32>) {
  %s = graph.slice %x {axes = [0], starts = [2], ends = [3]} : (tensor<3x256x64xf16>) -> tensor<1x256x64xf16>
  %s2 = graph.squeeze %s {axes = [0]} : (tensor<1x256x64xf16>) -> tensor<256x64xf16>
  %ws = graph.slice %w {axes = [0], starts = [1], ends = [2]} : (tensor<3x64x128xf16>) -> tensor<1x64x128xf16>
  %w2 = graph.squeeze %ws {axes = [0]} : (tensor<1x64x128xf16>) -> tensor<64x128xf16>
  %y = graph.matmul %s2, %w2 : (tensor<256x64xf16>, tensor<64x128xf16>) -> tensor<256x128xf16>
  %yf = graph.cast %y {to = f32} : (tensor<256x128xf16>) -> tensor<256x128xf32>
  %xs = graph.slice %x {axes = [0], starts = [1], ends = [3]} : (tensor<3x256x64xf16>) -> tensor<2x256x64xf16>
  %wb = graph.slice %w {axes = [0], starts = [0], ends = [2]} : (tensor<3x64x128xf16>) -> tensor<2x64x128xf16>
  %z = graph.matmul %xs, %wb : (tensor<2x256x64xf16>, tensor<2x64x128xf16>) -> tensor<2x256x128xf16>
  %zf = graph.cast %z {to = f32} : (tensor<2x256x128xf16>) -> tensor<2x256x128xf32>
  return %yf, %zf : tensor<256x128xf32>, tensor<2x256x128xf32>
}

func.func @conv(%x: tensor<2x8x3x3xf32>, %w: tensor<5x4x1x1xf32>) -> tensor<2x5x3x3xf32> {
  %halves:2 = graph.split %x {axis = 1, split = [4, 4]} : (tensor<2x8x3x3xf32>) -> (tensor<2x4x3x3xf32>, tensor<2x4x3x3xf32>)
  %y = graph.conv2d %halves#1, %w : (tensor<2x4x3x3xf32>, tensor<5x4x1x1xf32>) -> tensor<2x5x3x3xf32>
  return %y : tensor<2x5x3x3xf32>
}

// Attention heads merged back before a projection (gpt2): the transpose and
// reshape compose into A's load as (b, k floordiv 16, 0, k mod 16), which is
// k over the head and feature dims of the row-major context: an rKernel
// reading the context in place (vortex-classify merges the pair).
// HEADS: check: ok
// GIR-LABEL: func.func @heads
// GIR: gir.launch @heads_k{{[0-9]+}}[%{{.*}}](%arg0, %arg1, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (!gir.buffer<global, 64x4x1x16xf32>
// RUN: vtc-run %s --entry=heads --target=cpu --check | FileCheck %s --check-prefix=HEADS
// RUN: vtc-run %s --entry=heads --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=HEADS
func.func @heads(%ctx: tensor<64x4x1x16xf32>, %w: tensor<64x64xf32>) -> tensor<64x1x64xf32> {
  %t = graph.transpose %ctx {perm = [0, 2, 1, 3]} : (tensor<64x4x1x16xf32>) -> tensor<64x1x4x16xf32>
  %r = graph.reshape %t {shape = [64, 1, 64]} : (tensor<64x1x4x16xf32>) -> tensor<64x1x64xf32>
  %y = graph.matmul %r, %w : (tensor<64x1x64xf32>, tensor<64x64xf32>) -> tensor<64x1x64xf32>
  return %y : tensor<64x1x64xf32>
}
