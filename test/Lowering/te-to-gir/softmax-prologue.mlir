// softmax-prologue (softmax.c): the fused softmax kernel applies x's
// element-wise producer (an attention's scores times a constant) to the
// chunks of its input as it loads them, so the scaled scores make no kernel
// and no trip through memory of their own. Only when the rows are walked in
// whole chunks (512 = 4 warps x 128 on a GPU, 16 on the CPU) and only the
// softmax reads x; softmax-prologue=false is the ablation.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' %s | FileCheck %s --check-prefix=GPU
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' %s | FileCheck %s --check-prefix=CPU
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{softmax-prologue=false})' %s | FileCheck %s --check-prefix=OFF
// The results are the reference interpreter's, bit for bit (the same ops
// in the same order: the bf16 product rounded, then the f32 softmax), on
// the CPU, and in the gir interpreter for the GPU's kernels.
// RUN: vtc-run %s --entry=scaled --target=cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=scaled --target=gir --check --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=EXEC
// EXEC: check: result 0: rel_err=0 (
// EXEC: check: ok (1 results match the reference interpreter)

// @scaled: one kernel, which loads the scores and multiplies them by the
// scale in each of its register chunks.
// GPU-LABEL: gir.kernel @scaled_k0(%arg0: !gir.buffer<global, 2x4x512xbf16>, %arg1: !gir.buffer<global, 2x4x512xbf16>) parallel gpu group 4 lanes 32 {
// GPU: gir.copy %{{.*}} : !gir.slice<global, 1x128xbf16> -> !gir.slice<register, 1x128xbf16>
// GPU-NEXT: gir.elementwise
// GPU-NEXT: ^bb0(%[[A:.*]]: bf16):
// GPU-NEXT: %[[C:.*]] = arith.constant 1.250000e-01 : bf16
// GPU-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[C]] : bf16
// GPU-NEXT: gir.yield %[[M]] : bf16
// GPU: math.exp
// CPU-LABEL: gir.kernel @scaled_k0(%arg0: !gir.buffer<global, 2x4x512xbf16>
// CPU: arith.mulf %{{.*}}, %{{.*}} : bf16
// CPU: math.exp
// OFF-LABEL: gir.kernel @scaled_k0(
// OFF: arith.mulf
// OFF-NOT: math.exp
// OFF-LABEL: gir.kernel @scaled_k1(
// OFF-NOT: arith.mulf
// OFF: math.exp
func.func @scaled(%s: tensor<2x4x512xbf16>) -> tensor<2x4x512xbf16> {
  %c = graph.constant dense<1.25e-01> : tensor<bf16>
  %x = graph.mul %s, %c : (tensor<2x4x512xbf16>, tensor<bf16>) -> tensor<2x4x512xbf16>
  %y = graph.softmax %x {axis = -1} : (tensor<2x4x512xbf16>) -> tensor<2x4x512xbf16>
  return %y : tensor<2x4x512xbf16>
}

// @shared: the scaled scores are also returned, so they are made anyway:
// two kernels, the softmax loading x.
// GPU-LABEL: gir.kernel @shared_k0(
// GPU: arith.mulf
// GPU-LABEL: gir.kernel @shared_k1(%arg0: !gir.buffer<global, 2x4x512xbf16>
// GPU-NOT: arith.mulf
// GPU: math.exp
func.func @shared(%s: tensor<2x4x512xbf16>) -> (tensor<2x4x512xbf16>, tensor<2x4x512xbf16>) {
  %c = graph.constant dense<1.25e-01> : tensor<bf16>
  %x = graph.mul %s, %c : (tensor<2x4x512xbf16>, tensor<bf16>) -> tensor<2x4x512xbf16>
  %y = graph.softmax %x {axis = -1} : (tensor<2x4x512xbf16>) -> tensor<2x4x512xbf16>
  return %x, %y : tensor<2x4x512xbf16>, tensor<2x4x512xbf16>
}

// @ragged: rows of 300 are walked with a padded tail: no prologue.
// GPU-LABEL: gir.kernel @ragged_k0(
// GPU: arith.mulf
// GPU-LABEL: gir.kernel @ragged_k1(
// GPU: math.exp
func.func @ragged(%s: tensor<2x300xf32>) -> tensor<2x300xf32> {
  %c = graph.constant dense<-2.0> : tensor<f32>
  %x = graph.mul %s, %c : (tensor<2x300xf32>, tensor<f32>) -> tensor<2x300xf32>
  %y = graph.softmax %x {axis = -1} : (tensor<2x300xf32>) -> tensor<2x300xf32>
  return %y : tensor<2x300xf32>
}
