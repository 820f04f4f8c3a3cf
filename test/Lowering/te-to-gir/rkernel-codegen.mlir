// Two code-generation choices of the GPU rKernels, each with its ablation:
// - register-budget: a kernel carries the CTAs per SM its variant was
//   planned for (gir.kernel `occupancy`, capped so that a thread keeps at
//   least 128 registers), which NVPTX passes to ptxas as .minnctapersm;
// - unroll-k: the CUDA-core kernel's k-rows of a staged tile run as a
//   gir.for (auto, for tiles of fewer than 128 accumulators a lane) or
//   unrolled (always; auto for larger tiles), 32 gir.mma for a 32-deep tile.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu register-budget=false})' %s | FileCheck %s --check-prefix=NOBUDGET
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=always})' %s | FileCheck %s --check-prefix=UNROLL
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=never})' %s | FileCheck %s --check-prefix=LOOP
// The unrolled kernels compute what the reference interpreter computes (the
// gir interpreter, cooperative groups; a 1-warp, a 4-warp and a 2-warp
// variant, M = 37 and 1).
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=always vortex-variant=0})' --dim=a.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=always vortex-variant=4})' --dim=a.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=always vortex-variant=7})' --dim=a.0=1 --check | FileCheck %s --check-prefix=EXEC
// A 4096^3 f32 GEMM plans 64x64 warp tiles (128 accumulators a lane):
// auto unrolls their k-rows, never keeps the loop.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' %S/Inputs/ffma-64x64-tiles.mlir | FileCheck %s --check-prefix=BIG
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu unroll-k=never})' %S/Inputs/ffma-64x64-tiles.mlir | FileCheck %s --check-prefix=BIGLOOP
// BIG: gir.kernel @main_k1(
// BIG-COUNT-32: gir.mma {{.*}}!gir.slice<register, 64x64xf32, ffma_acc>
// BIG-NOT: gir.mma
// BIGLOOP: gir.kernel @main_k1(
// BIGLOOP: gir.for
// BIGLOOP: gir.mma {{.*}}!gir.slice<register, 64x64xf32, ffma_acc>
// BIGLOOP-NOT: gir.mma
// A bad option value is a located error.
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{unroll-k=sometimes})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: gir.kernel @main_k1(
// CHECK-SAME: parallel gpu group 1 lanes 32 attributes {occupancy = 16 : i64}
// CHECK: gir.for
// CHECK: gir.for
// CHECK: gir.mma
// CHECK-NOT: gir.mma
// CHECK-LABEL: gir.kernel @main_k2(
// CHECK-LABEL: gir.kernel @main_k5(
// CHECK-SAME: parallel gpu group 4 lanes 32 attributes {occupancy = 2 : i64}
// NOBUDGET-NOT: occupancy
// UNROLL-LABEL: gir.kernel @main_k1(
// UNROLL-COUNT-32: gir.mma
// UNROLL-NOT: gir.mma
// UNROLL-LABEL: gir.kernel @main_k2(
// LOOP-LABEL: gir.kernel @main_k1(
// LOOP: gir.mma
// LOOP-NOT: gir.mma
// LOOP-LABEL: gir.kernel @main_k2(
// EXEC: check: ok (1 results match the reference interpreter)
// BAD: invalid value 'sometimes' for option 'unroll-k' of pass 'lower-te-to-gir': expected one of the choices: 'auto', 'always', 'never'

func.func @main(%a: tensor<?x64xf32>, %b: tensor<64x96xf32>) -> tensor<?x96xf32> {
  %c = graph.matmul %a, %b : (tensor<?x64xf32>, tensor<64x96xf32>) -> tensor<?x96xf32>
  return %c : tensor<?x96xf32>
}
