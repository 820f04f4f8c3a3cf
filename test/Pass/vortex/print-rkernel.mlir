// vortex-print-rkernel (Vortex 4.2, Algorithm 1, Table 1): per contraction,
// its roles, then per level L2 / L1 / L0 the parallel, temporal-spatial and
// temporal-reduction loop sets and the Load / rKernel(N-1) / Store stages,
// on a GPU (tensor cores for f16, CUDA cores for f32) and on CPUs (AVX-512,
// AVX2).
// RUN: vtc-opt '--vortex-print-rkernel=target=h100' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=GPU
// RUN: vtc-opt '--vortex-print-rkernel=target=skylake-avx512' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=SKX
// RUN: vtc-opt '--vortex-print-rkernel=target=znver3' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=ZEN
// RUN: vtc-opt '--vortex-print-rkernel=target=a100 backend=cuda-core' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=CC

// GPU: vortex rkernel @bert_f16 #0: matmul batch [] m [d0 = s0] n [d1 = 768] k [d2 = 2304]; A = input 0 f16, B = input 1 f16, accumulate f32, out f16
// GPU-NEXT: vortex rkernel @bert_f16 #0: tensor-core on h100-sxm: L2 grid (device): parallel {batch, m / TM, n / TN, split-k}; temporal-spatial {}; temporal-reduction {}; load -; compute L1 rKernel; store -
// GPU-NEXT: vortex rkernel @bert_f16 #0: tensor-core on h100-sxm: L1 cta (SM): parallel {warps: TM / WM x TN / WN}; temporal-spatial {}; temporal-reduction {k / TK}; load global -> shared (A TM x TK, B TK x TN; S-stage cp.async); compute L0 rKernel; store -
// GPU-NEXT: vortex rkernel @bert_f16 #0: tensor-core on h100-sxm: L0 warp (tensor cores): parallel {32 lanes}; temporal-spatial {WM / 16 x WN / 8}; temporal-reduction {TK / 16}; load shared -> register (ldmatrix); compute mma.sync m16n8k16 (f16 -> f32); store register -> global (masked epilogue)
// GPU: vortex rkernel @bert_f32 #0: cuda-core on h100-sxm: L0 warp (CUDA cores): parallel {32 lanes: WM / TTM x WN / TTN threads}; temporal-spatial {TTM x TTN per thread}; temporal-reduction {TK}; load shared -> register; compute ffma; store register -> global (masked epilogue)
// The conv: M = N x OH x OW, K = CI x KH x KW, A staged through its map.
// GPU: vortex rkernel @conv #0: conv batch [] m [d0 = s0, d2 = 56, d3 = 56] n [d1 = 64] k [d4 = 64, d5 = 3, d6 = 3]; A = input 0 f32, B = input 1 f32, accumulate f32, out f32; spatial d2 * 1 + d5 * 1 - 1, d3 * 1 + d6 * 1 - 1; groups 1
// GPU: vortex rkernel @conv #0: cuda-core on h100-sxm: L1 cta (SM): {{.*}}; load global -> shared (A TM x TK, B TK x TN; S-stage cp.async) (A through its map: im2col while staging); compute L0 rKernel; store -
// GPU: vortex rkernel @relu #0: none (no reduction (an element-wise TE))

// SKX: vortex rkernel @bert_f32 #0: avx512 on skylake-avx512: L2 process (cores): parallel {threads: batch, m / MC, n / NC, split-k}; temporal-spatial {}; temporal-reduction {}; load -; compute L1 rKernel; store -
// SKX-NEXT: vortex rkernel @bert_f32 #0: avx512 on skylake-avx512: L1 thread (core; CacheBuffer in L2/L3): parallel {}; temporal-spatial {MC / MR x NC / NR}; temporal-reduction {k / KC}; load global -> CacheBuffer (pack A MC x KC, B KC x NC); compute L0 rKernel; store -
// SKX-NEXT: vortex rkernel @bert_f32 #0: avx512 on skylake-avx512: L0 ALU (vector registers): parallel {16 lanes}; temporal-spatial {}; temporal-reduction {KC}; load CacheBuffer -> register (broadcast A, load B); compute vfmadd231ps zmm MR x NR (MR*NR/16 + NR/16 + 1 <= 32 zmm); store register -> global

// ZEN: vortex rkernel @bert_f32 #0: avx2 on znver3: L0 ALU (vector registers): parallel {8 lanes}; temporal-spatial {}; temporal-reduction {KC}; load CacheBuffer -> register (broadcast A, load B); compute vfmadd231ps ymm MR x NR (MR*NR/8 + NR/8 + 1 <= 16 ymm); store register -> global

// CC: vortex rkernel @bert_f16 #0: cuda-core on a100-sxm4-80gb: L0 warp (CUDA cores)
