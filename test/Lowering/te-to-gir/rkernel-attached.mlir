// lower-te-to-gir emits the variants vortex-analyze attached to a
// contraction (vortex.variants, planned for the row vortex.target names)
// instead of planning its own: the analyzer's ablations and a hand-written
// list reach the kernels. Here one 1-warp 16x32x64 tile with split-K 2 and
// one 4-warp 16x128x64 tile, neither of which h100's own plan for this
// shape holds in that form.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// Each variant, forced, computes what the te interpreter computes (on the
// gir interpreter, cooperative groups; M = 1, 16 and 37 over 32 k-tiles).
// RUN: vtc-run %s --target=te --dim=0.0=37 | FileCheck %s --check-prefix=REF37
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=0.0=37 | FileCheck %s --check-prefix=REF37
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=0.0=37 | FileCheck %s --check-prefix=REF37
// RUN: vtc-run %s --target=te --dim=0.0=1 | FileCheck %s --check-prefix=REF1
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=0.0=1 | FileCheck %s --check-prefix=REF1
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=0.0=1 | FileCheck %s --check-prefix=REF1
// vortex-print-cost prints the model's costs of the attached variants, the
// ones the lowering takes (the 1-warp split-K tile, then the 4-warp one).
// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(vortex-print-cost{target=h100 sizes=16}))' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=COST
// COST: h100-sxm: 2 variants attached (vortex.variants), the plan's of {{[0-9]+}} L2 candidates
// COST: variant 0: tensor-core cta 16x32x64, 3 stages, warp 16x32x16 (mma m16n8k16), split-k 2; 1 warps
// COST: variant 1: tensor-core cta 16x128x64, 4 stages, warp 16x32x16 (mma m16n8k16), split-k 1; 4 warps
// COST: batch 1 m 16 n 256 k 512: selects variant {{[01]}}; 0: {{[0-9.]+}} us (16 tiles, 0 waves + 16), 1: {{[0-9.]+}} us (2 tiles, 0 waves + 2)
// A list that is not for this hierarchy (CPU variants under hierarchy=gpu),
// or malformed, is refused with a warning; the plain kernel stays.
// RUN: sed -e 's/"h100-sxm"/"znver3"/' %s | vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu})' --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=WRONG
// RUN: sed -e 's/split_k = 2 : i64/split_k = 0 : i64/' %s | vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu})' 2>&1 >/dev/null | FileCheck %s --check-prefix=MALFORMED

// CHECK-LABEL: gir.kernel @main_k1(%arg0: !gir.buffer<global, ?x512xbf16>, %arg1: !gir.buffer<global, 512x256xbf16>, %arg2: !gir.buffer<global, ?xf32>{{.*}} parallel gpu group 1 lanes 32
// CHECK: gir.kernel @main_k2({{.*}} parallel gpu group 4 lanes 32
// CHECK-LABEL: gir.kernel @main_k3(%arg0: !gir.buffer<global, ?x512xbf16>, %arg1: !gir.buffer<global, 512x256xbf16>, %arg2: !gir.buffer<global, ?x256xbf16>{{.*}} parallel gpu group 4 lanes 32
// CHECK: gir.switch
// STATS: 2 vortex-kernels
// STATS: 0 kept-contractions
// Split-K sums in another order: the last bits of an element may differ.
// REF37: result 0: tensor<37x256xbf16> sum=397.6056{{[0-9]+}} abs_sum={{56560|56559.9999}} fnv=
// REF1: result 0: tensor<1x256xbf16> sum=-35.5546265 abs_sum=1454.18353 fnv=0x71609cd6804cf223
// WRONG: warning: lower-te-to-gir: vortex.variants of vortex.target 'znver3' is not a list of GPU variants for these element types; the contraction keeps its plain kernel
// WRONG: 0 vortex-kernels
// WRONG: 1 kept-contractions
// MALFORMED: warning: lower-te-to-gir: vortex.variants of vortex.target 'h100-sxm' is not a list of GPU variants

func.func @main(%arg0: tensor<?x512xbf16>, %arg1: tensor<512x256xbf16>) -> tensor<?x256xbf16> {
  %0 = te.dim %arg0, 0 : tensor<?x512xbf16>
  %1 = te.compute(%arg0, %arg1) [%0] shape ()[s0] -> (s0, 256) reduce ()[s0] -> (512) combiner sum init 0.000000e+00 {vortex.target = "h100-sxm", vortex.variants = [{backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [16, 32, 16], l1 = [16, 32, 64], lanes = [0, 0], occupancy = 10 : i64, registers = 72 : i64, shared = 22272 : i64, split_k = 2 : i64, stages = 3 : i64, units = 1 : i64}, {backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [16, 32, 16], l1 = [16, 128, 64], lanes = [0, 0], occupancy = 2 : i64, registers = 72 : i64, shared = 82944 : i64, split_k = 1 : i64, stages = 4 : i64, units = 4 : i64}]} : (tensor<?x512xbf16>, tensor<512x256xbf16>) -> tensor<?x256xbf16> {
  ^bb0(%arg2: index, %arg3: index, %arg4: index):
    %2 = te.load %arg0[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x512xbf16> -> bf16
    %3 = te.load %arg1[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<512x256xbf16> -> bf16
    %4 = arith.mulf %2, %3 : bf16
    te.yield %4 : bf16
  }
  return %1 : tensor<?x256xbf16>
}
