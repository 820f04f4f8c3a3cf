// The GPU rKernels' store stage carries the element-wise TEs after their
// contraction (lowering/te-to-gir/epilogue.c): a GEMM's bias and GELU,
// merged into one TE, are applied to the accumulators (cast to f16 first,
// as the TEs read them) with the bias gathered in the accumulators'
// layout, and only the result is stored. The host's switch launches a
// variant with the TE's result and its bias where the variant carries it;
// the plain kernel's region (and split-K's) writes the product and then
// launches the TE's own kernel. epilogue=false is the ablation.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu epilogue=false})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// Every region of the switch against the reference interpreter (the model's
// choice, each variant forced, the plain kernel), at M 1 and 37:
// RUN: vtc-run %s --entry=gelu --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=gelu --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=x.0=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=gelu --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=3})' --dim=x.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=gelu --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=99})' --dim=x.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=residual --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.1=37 --dim=r.1=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=residual --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=x.1=5 --dim=r.1=5 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=ffma --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=ffma --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=x.0=3 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=two_products --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=conv_bias --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.0=3 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=conv_bias --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=x.0=1 --check | FileCheck %s --check-prefix=EXEC
// The dims of the residual and the product are asserted equal before the
// fused kernel writes the residual's shape:
// RUN: not vtc-run %s --entry=residual --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.1=37 --dim=r.1=36 2>&1 | FileCheck %s --check-prefix=MISMATCH

// A variant that carries the epilogue: the bias is parameter 10, read as
// the accumulators are laid out (rows 0 apart), and the GELU's erf runs on
// the f16 registers before the one store.
// CHECK-LABEL: gir.kernel @gelu_k1(
// CHECK-SAME: %arg10: !gir.buffer<global, 96xf16>
// CHECK: gir.mma
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[BV:.*]] = gir.view %arg10[%{{.*}}] stride %{{.*}} valid
// CHECK: %[[B:.*]] = gir.copy %[[BV]] : !gir.slice<global, {{.*}}xf16, ?> -> !gir.slice<register, {{.*}}xf16, mma_acc>
// CHECK: gir.elementwise(%{{.*}}, %[[B]])
// CHECK: arith.addf
// CHECK: math.erf
// CHECK: gir.yield
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, {{.*}}xf16, mma_acc> -> !gir.slice<global, {{.*}}xf16, ?>
// CHECK-LABEL: func.func @gelu(
// CHECK: %[[C:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x96xf16>
// CHECK: %[[D:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x96xf16>
// CHECK: gir.switch
// CHECK: case 0 {
// CHECK: gir.launch @gelu_k1[%{{.*}}](%arg0, %arg1, %[[D]], {{.*}}, %arg2) :
// CHECK: default {
// CHECK: gir.launch @gelu_k0[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :
// CHECK: gir.launch @{{gelu_k[0-9]+}}[%{{.*}}](%[[C]], %arg2, %[[D]], %{{.*}}) :
// CHECK: return %[[D]]
// A convolution's per-channel bias runs along M in the W . X form: one
// value per row, loaded as a column and broadcast into the accumulators.
// CHECK-LABEL: gir.kernel @conv_bias_k1(
// CHECK: %[[CV:.*]] = gir.view %arg10[%{{.*}}] stride %{{.*}} valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 24xf32> -> !gir.slice<global, {{[0-9]+}}x1xf32, ?>
// CHECK: %[[COL:.*]] = gir.copy %[[CV]]
// CHECK: gir.broadcast width %[[COL]] : !gir.slice<register, {{[0-9]+}}x1xf32> -> !gir.slice<register, {{.*}}, ffma_acc>
// STATS: (S) {{ *}}5 epilogues
// STATS: (S) {{ *}}10 epilogue-tes
// OFF: (S) {{ *}}0 epilogues
// OFF: (S) {{ *}}0 epilogue-tes
// EXEC: check: ok (1 results match the reference interpreter)
// MISMATCH: error: 'graph.add' op add: shapes [2,36,80] and [2,37,80] do not broadcast

func.func @gelu(%x: tensor<?x64xf16>, %w: tensor<64x96xf16>, %b: tensor<96xf16>) -> tensor<?x96xf16> {
  %0 = graph.matmul %x, %w : (tensor<?x64xf16>, tensor<64x96xf16>) -> tensor<?x96xf16>
  %1 = graph.add %0, %b : (tensor<?x96xf16>, tensor<96xf16>) -> tensor<?x96xf16>
  %2 = graph.gelu %1 : (tensor<?x96xf16>) -> tensor<?x96xf16>
  return %2 : tensor<?x96xf16>
}

// A residual of the output's shape whose `?` comes from another argument
// (a te.assert checks it equals the product's), after a cast to f32.
func.func @residual(%x: tensor<2x?x64xbf16>, %w: tensor<80x64xbf16>, %r: tensor<2x?x80xf32>) -> tensor<2x?x80xf32> {
  %wt = graph.transpose %w {perm = [1, 0]} : (tensor<80x64xbf16>) -> tensor<64x80xbf16>
  %0 = graph.matmul %x, %wt : (tensor<2x?x64xbf16>, tensor<64x80xbf16>) -> tensor<2x?x80xbf16>
  %1 = graph.cast %0 {to = f32} : (tensor<2x?x80xbf16>) -> tensor<2x?x80xf32>
  %2 = graph.add %r, %1 : (tensor<2x?x80xf32>, tensor<2x?x80xf32>) -> tensor<2x?x80xf32>
  return %2 : tensor<2x?x80xf32>
}

// f32 on the CUDA-core kernels (ffma_acc layout).
func.func @ffma(%x: tensor<?x40xf32>, %w: tensor<40x72xf32>, %b: tensor<72xf32>) -> tensor<?x72xf32> {
  %0 = graph.matmul %x, %w : (tensor<?x40xf32>, tensor<40x72xf32>) -> tensor<?x72xf32>
  %1 = graph.add %0, %b : (tensor<?x72xf32>, tensor<72xf32>) -> tensor<?x72xf32>
  %2 = graph.relu %1 : (tensor<?x72xf32>) -> tensor<?x72xf32>
  return %2 : tensor<?x72xf32>
}

// An LSTM cell's x W + h U: the sum is the first product's epilogue (the
// second product, computed before it, is its operand), not both.
func.func @two_products(%x: tensor<1x8xf32>, %w: tensor<8x32xf32>, %h: tensor<1x8xf32>, %u: tensor<8x32xf32>) -> tensor<1x32xf32> {
  %0 = graph.matmul %x, %w : (tensor<1x8xf32>, tensor<8x32xf32>) -> tensor<1x32xf32>
  %1 = graph.matmul %h, %u : (tensor<1x8xf32>, tensor<8x32xf32>) -> tensor<1x32xf32>
  %2 = graph.add %0, %1 : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
  %3 = graph.tanh %2 : (tensor<1x32xf32>) -> tensor<1x32xf32>
  return %3 : tensor<1x32xf32>
}

// A 1x1 convolution with its bias and SiLU (the W . X[n] GEMM, f32 on CUDA
// cores): the bias is indexed by the output channel, the GEMM's M.
func.func @conv_bias(%x: tensor<?x16x5x5xf32>, %w: tensor<24x16x1x1xf32>, %b: tensor<24xf32>) -> tensor<?x24x5x5xf32> {
  %0 = graph.conv2d %x, %w, %b : (tensor<?x16x5x5xf32>, tensor<24x16x1x1xf32>, tensor<24xf32>) -> tensor<?x24x5x5xf32>
  %1 = graph.silu %0 : (tensor<?x24x5x5xf32>) -> tensor<?x24x5x5xf32>
  return %1 : tensor<?x24x5x5xf32>
}
