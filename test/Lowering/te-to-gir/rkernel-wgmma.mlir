// Vortex's tensor-core rKernels on sm_90's warpgroup MMA
// (lowering/te-to-gir/rkernel_gpu.c, "tensor cores on sm_90: wgmma"): the
// attached CTA tiles (128x128, 64x256, 256x128, 128x256, and 64x64 with
// split-K 2) of an f16 GEMM whose B is K x N (staged as 64-wide column
// panels: gir.wgmma with panel_stride) and of a bf16 one whose B is N x K
// (rows of 64 k: transpose_b), K = 200 and N = 264 (no tile's multiple).
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu wgmma=false})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATSOFF
// The ablations: mma.sync everywhere (wgmma=false, or an A100's plan:
// the attached list is the H100's, so only wgmma=false applies here), and
// each k-tile's wgmmas waited for before the next barrier.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu wgmma=false})' %s | FileCheck %s --check-prefix=SYNC
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu wgmma-overlap=false})' %s | FileCheck %s --check-prefix=SERIAL
// Each variant computes what the te interpreter does, on the gir
// interpreter (warpgroups in lockstep, swizzled shared tiles; M = 130 over
// four k-tiles, the last one partial). Split-K sums in another order.
// RUN: vtc-run %s --target=te --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=2})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=3})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=4})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=SPLIT
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=3 wgmma-overlap=false raster-grouped=false})' --dim=0.0=130 --dim=2.0=130 | FileCheck %s --check-prefix=REF
// PTX for sm_90 is sm_90a's (wgmma is architecture-specific); for sm_80 the
// wgmma kernels are a located error that says how to plan for that GPU.
// RUN: vtc-translate %s --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: not vtc-translate %s --emit=ptx --mcpu=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// The 128x256 tile: two warpgroups of 64 rows, four stages of swizzled
// 64-deep k-tiles (A: 128 rows of 64 k; B: four 64-wide panels of 64 k),
// one m64n256k16 wgmma per k-step reading B's four panels.
// CHECK-LABEL: gir.kernel @main_k4(
// CHECK-SAME: parallel gpu group 8 lanes 32
// CHECK: gir.alloc() : !gir.buffer<shared, 4x128x64xf16>
// CHECK: gir.alloc() : !gir.buffer<shared, 4x256x64xf16>
// CHECK: gir.copy_async %{{.*}} to %{{.*}} {swizzle = 128 : i64} : !gir.slice<global, 16x64xf16, ?> -> !gir.slice<shared, 16x64xf16>
// CHECK: gir.async_wait 1
// CHECK-NEXT: gir.wgmma_fence
// CHECK-NEXT: gir.sync block
// CHECK: gir.wgmma %{{.*}}, %{{.*}}, %{{.*}} {panel_stride = 4096 : i64, swizzle = 128 : i64} : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x256xf32, mma_acc>
// CHECK-COUNT-3: gir.wgmma
// CHECK-NEXT: gir.wgmma_commit
// CHECK-NEXT: gir.wgmma_wait 1
// CHECK: gir.wgmma_wait 0
// CHECK: gir.elementwise
// The bf16 GEMM's B is N x K: rows of 64 k, one m64n128k16 per k-step.
// CHECK-LABEL: gir.kernel @main_k8(
// CHECK: gir.wgmma %{{.*}}, %{{.*}}, %{{.*}} {swizzle = 128 : i64, transpose_b} : !gir.slice<shared, 64x16xbf16, 64>, !gir.slice<shared, 128x16xbf16, 64>, !gir.slice<register, 16x128xf32, mma_acc>
// STATS: 10 vortex-kernels
// STATS: 10 wgmma-kernels
// STATSOFF: 10 vortex-kernels
// STATSOFF: 0 wgmma-kernels
// SYNC-NOT: gir.wgmma
// SYNC: gir.mma
// SYNC-NOT: gir.wgmma
// SERIAL-NOT: gir.wgmma_wait 1
// SERIAL: gir.wgmma_commit
// SERIAL-NEXT: gir.wgmma_wait 0
// SERIAL-NOT: gir.wgmma_wait 1
// REF: result 0: tensor<130x264xf16> sum=-1464.38539 abs_sum=129862.086 fnv=0x4f8873358683b180
// REF: result 1: tensor<130x264xbf16> sum=-708.277245 abs_sum=129796.963 fnv=0x3bde2a958f52dc1a
// SPLIT: result 0: tensor<130x264xf16> sum=-1464.3
// PTX: .target sm_90a
// PTX: .extern .shared .align 1024 .b8 vtc_dynamic_shared[];
// PTX: fence.proxy.async.shared::cta;
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 1;
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// SM80: error: 'gir.wgmma_fence' op is sm_90's warpgroup MMA: lowered for GPU kernels on sm_90 only (the target is sm_80; plan the rKernels for this GPU, e.g. lower-te-to-gir{gpu=a100}, or with wgmma=false)

func.func @main(%arg0: tensor<?x200xf16>, %arg1: tensor<200x264xf16>, %arg5: tensor<?x200xbf16>, %arg6: tensor<264x200xbf16>) -> (tensor<?x264xf16>, tensor<?x264xbf16>) {
  %0 = te.dim %arg0, 0 : tensor<?x200xf16>
  %1 = te.compute(%arg0, %arg1) [%0] shape ()[s0] -> (s0, 264) reduce ()[s0] -> (200) combiner sum init 0.000000e+00 {vortex.target = "h100-sxm", vortex.variants = [{backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [128, 128, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 4 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [64, 256, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 4 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [256, 128, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 8 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [128, 256, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 8 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [32, 32, 16], l1 = [64, 64, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 2 : i64, stages = 4 : i64, units = 4 : i64}]} : (tensor<?x200xf16>, tensor<200x264xf16>) -> tensor<?x264xf16> {
  ^bb0(%arg2: index, %arg3: index, %arg4: index):
    %2 = te.load %arg0[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x200xf16> -> f16
    %3 = te.load %arg1[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<200x264xf16> -> f16
    %4 = arith.mulf %2, %3 : f16
    te.yield %4 : f16
  }
  %5 = te.dim %arg5, 0 : tensor<?x200xbf16>
  %6 = te.compute(%arg5, %arg6) [%5] shape ()[s0] -> (s0, 264) reduce ()[s0] -> (200) combiner sum init 0.000000e+00 {vortex.target = "h100-sxm", vortex.variants = [{backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [128, 128, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 4 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [64, 256, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 4 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [256, 128, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 8 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [64, 64, 16], l1 = [128, 256, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 1 : i64, stages = 4 : i64, units = 8 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [32, 32, 16], l1 = [64, 64, 64], lanes = [0, 0], occupancy = 1 : i64, registers = 128 : i64, shared = 1 : i64, split_k = 2 : i64, stages = 4 : i64, units = 4 : i64}]} : (tensor<?x200xbf16>, tensor<264x200xbf16>) -> tensor<?x264xbf16> {
  ^bb0(%arg7: index, %arg8: index, %arg9: index):
    %7 = te.load %arg5[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x200xbf16> -> bf16
    %8 = te.load %arg6[(d0, d1, d2)[s0] -> (d1, d2)] : tensor<264x200xbf16> -> bf16
    %9 = arith.mulf %7, %8 : bf16
    te.yield %9 : bf16
  }
  return %1, %6 : tensor<?x264xf16>, tensor<?x264xbf16>
}
