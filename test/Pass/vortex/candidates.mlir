// vortex-generate-candidates / vortex-print-candidates (Vortex 5.1,
// Algorithm 2) on fixed targets: counts per level (L0 by FilterByISA, L1 as
// multiples of L0, the links, L2 = links x K splits), the first rows of the
// table, and what the options change. Input: Inputs/gemm.mlir (f16 and f32
// BERT GEMMs, a conv; a relu that is no contraction).
// RUN: vtc-opt '--vortex-print-candidates=target=h100 limit=2' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=H100
// RUN: vtc-opt '--vortex-print-candidates=target=a100 limit=1' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=A100
// RUN: vtc-opt '--vortex-print-candidates=target=skylake-avx512 limit=1' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=SKX
// RUN: vtc-opt '--vortex-print-candidates=target=znver3 limit=2' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=ZEN
// RUN: vtc-opt '--vortex-print-candidates=target=h100 multiples=false limit=0' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=NOMULT
// RUN: not vtc-opt '--vortex-print-candidates=target=h100 util-min=1/4 backend=tensor-core limit=0' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep -E 'remark:|error:' | FileCheck %s --check-prefix=TC
// RUN: vtc-opt '--vortex-print-candidates=target=a100 allow-tf32=true limit=0' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=TF32
// RUN: vtc-opt '--vortex-generate-candidates=target=h100' --pass-statistics %S/Inputs/gemm.mlir 2>&1 | FileCheck %s --check-prefix=GEN

// H100, f16: tensor-core warp tiles of m16n8k16 and FFMA thread tiles, both
// (Fig. 16's adaptive choice); an L1 links to every L0 it is a multiple of.
// H100: vortex candidates @bert_f16 #0: h100-sxm, f16 -> f16, backends tensor-core, cuda-core; multiples true, utilisation [0.125, 1]
// H100-NEXT: {{.*}} counts: L0 143 (tensor-core 31, cuda-core 112), L1 1048, links 19855, L2 99275
// H100-NEXT: {{.*}} L0 #0: tensor-core warp 16x8x16 of mma m16n8k16, 48 registers (0.19)
// H100-NEXT: {{.*}} L0 #1: tensor-core warp 16x8x32 of mma m16n8k16, 60 registers (0.24)
// H100-NEXT: {{.*}} L1 #0: tensor-core cta 16x8x16, 2 stages <- L0 #0 (1 warps, occupancy 32; registers 0.75, shared 0.49, threads 0.50)
// H100-NEXT: {{.*}} L1 #1: tensor-core cta 16x8x16, 3 stages <- L0 #0 (1 warps, occupancy 32; registers 0.75, shared 0.67, threads 0.50)
// H100-NEXT: {{.*}} L2: every link x split-k {1, 2, 3, 4, 8}
// f32 runs on CUDA cores only (no tf32 unless asked); the conv likewise.
// H100: vortex candidates @bert_f32 #0: h100-sxm, f32 -> f32, backends cuda-core; multiples true
// H100-NEXT: {{.*}} counts: L0 112, L1 693, links 17429, L2 87145
// H100-NEXT: {{.*}} L0 #0: cuda-core warp 1x64x1 = 1x32 lanes of 1x2 thread tiles, 32 registers (0.13)
// H100: vortex candidates @conv #0: h100-sxm, f32 -> f32, backends cuda-core
// H100-NOT: @relu

// On the A100, 164 KiB of shared memory per SM changes the occupancies.
// A100: vortex candidates @bert_f16 #0: a100-sxm4-80gb, f16 -> f16, backends tensor-core, cuda-core
// A100-NEXT: {{.*}} counts: L0 143 (tensor-core 31, cuda-core 112), L1 1030, links 20287, L2 101435
// A100: {{.*}} L1 #0: tensor-core cta 16x8x16, 2 stages <- L0 #0 (1 warps, occupancy 32; registers 0.75, shared 0.68, threads 0.50)

// Skylake-AVX512: MR x NR with MR*NR/16 + NR/16 + 1 <= 32 zmm; blockings
// MC x NC x KC with the B micro-panel in L1d, the A block in L2.
// SKX: vortex candidates @bert_f32 #0: skylake-avx512, f32 -> f32, backends avx512
// SKX-NEXT: {{.*}} counts: L0 58, L1 2216, links 26559, L2 79677
// SKX-NEXT: {{.*}} L0 #0: avx512 micro-kernel 2x16 (1 vectors of 16 lanes per row), 4 registers (0.12)
// SKX-NEXT: {{.*}} L1 #0: avx512 block MC 1024 NC 32 KC 32 <- L0 #29 (L1d 0.12, L2 0.12, L3 0.003), L0 #30 (L1d 0.12, L2 0.12, L3 0.003), L0 #32 (L1d 0.12, L2 0.12, L3 0.003), L0 #36 (L1d 0.12, L2 0.12, L3 0.003)
// SKX-NEXT: {{.*}} L2: every link x split-k {1, 2, 4}

// Zen 3: AVX2, 16 ymm.
// ZEN: vortex candidates @bert_f32 #0: znver3, f32 -> f32, backends avx2
// ZEN-NEXT: {{.*}} counts: L0 26, L1 1764, links 15998, L2 47994
// ZEN-NEXT: {{.*}} L0 #0: avx2 micro-kernel 1x8 (1 vectors of 8 lanes per row), 3 registers (0.19)
// ZEN-NEXT: {{.*}} L0 #1: avx2 micro-kernel 2x8 (1 vectors of 8 lanes per row), 4 registers (0.25)

// Without FilterByMultiples (Fig. 8) the CTA tiles come from a grid and
// link to any warp tile that fits, padded: more links.
// NOMULT: vortex candidates @bert_f16 #0: h100-sxm, f16 -> f16, backends tensor-core, cuda-core; multiples false
// NOMULT-NEXT: {{.*}} counts: L0 143 (tensor-core 31, cuda-core 112), L1 1427, links 33128, L2 165640
// NOMULT: L1 #{{[0-9]+}}: tensor-core cta 48x48x16, 2 stages <- L0 #{{[0-9]+}} (9 warps

// A higher utilisation floor and tensor cores only, which f32 cannot use.
// TC: vortex candidates @bert_f16 #0: h100-sxm, f16 -> f16, backends tensor-core; multiples true, utilisation [0.25, 1]
// TC-NEXT: {{.*}} counts: L0 27, L1 255, links 1021, L2 5105
// TC-NOT: cuda-core warp
// TC: error: vortex: no candidates for te @bert_f32 #0: no tensor-core mma.sync for f32 inputs on h100-sxm (f32 needs allow-tf32)

// tf32: f32 gets m16n8k8 warp tiles too.
// TF32: vortex candidates @bert_f32 #0: a100-sxm4-80gb, f32 -> f32, backends tensor-core, cuda-core
// TF32: L0 #0: tensor-core warp 16x8x8 of mma m16n8k8

// GEN: te.compute{{.*}}vortex.candidates = {backends = ["tensor-core", "cuda-core"], l0 = 143 : i64, l1 = 1048 : i64, l2 = 99275 : i64, links = 19855 : i64, target = "h100-sxm"}
// GEN: te.compute{{.*}}vortex.candidates = {backends = ["cuda-core"], l0 = 112 : i64
// GEN: vortex-generate-candidates
// GEN-NEXT: (S) 367 l0-candidates
// GEN-NEXT: (S) 2434 l1-candidates
// GEN-NEXT: (S) 54713 links
// GEN-NEXT: (S) 273565 l2-candidates
