// vortex-print-cost (Vortex 5.2, Fig. 5): each kept variant's resource use
// and the model's predicted time at given sizes of the dynamic dims, with
// the variant the run-time selection picks; no measurement (empirical=none).
// RUN: vtc-opt '--vortex-print-cost=target=h100 sizes=1,128,4096' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=GPU
// RUN: vtc-opt '--vortex-print-cost=target=skylake-avx512 sizes=16,1024' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=SKX

// GPU: vortex cost @bert_f16 #0: h100-sxm: 8 variants of 99275 L2 candidates; sizes batch 1, m -1, n 768, k 2304 (-1: dynamic)
// GPU-NEXT: vortex cost @bert_f16 #0: variant 0: tensor-core cta 16x16x64, 4 stages, warp 16x16x16 (mma m16n8k16), split-k 8; 1 warps, 56 registers, shared 21504 B, occupancy 10; utilisation registers 0.27, shared 0.96, threads 0.16
// GPU: vortex cost @bert_f16 #0: variant 7: tensor-core cta 128x256x64, 2 stages, warp 64x64x16 (mma m16n8k16), split-k 1; 8 warps, 224 registers
// Small M selects the smallest tiles (split along K), large M the largest.
// GPU-NEXT: vortex cost @bert_f16 #0: batch 1 m 1 n 768 k 2304: selects variant 0; 0: {{[0-9.]+}} us (384 tiles, 0 waves + 384),
// GPU-NEXT: vortex cost @bert_f16 #0: batch 1 m 128 n 768 k 2304: selects variant {{[1-4]}};
// GPU-NEXT: vortex cost @bert_f16 #0: batch 1 m 4096 n 768 k 2304: selects variant 7; {{.*}}; measured: none (empirical=none)
// GPU: vortex cost @conv #0: h100-sxm: {{[0-9]}} variants of 87145 L2 candidates; sizes batch 1, m -1, n 64, k 576 (-1: dynamic)

// SKX: vortex cost @bert_f32 #0: skylake-avx512: 4 variants of 79677 L2 candidates
// SKX: vortex cost @bert_f32 #0: variant 0: avx512 block MC {{[0-9]+}} NC {{[0-9]+}} KC {{[0-9]+}}, micro-kernel {{[0-9]+}}x{{16|32|48|64}}, split-k {{[124]}}; {{[0-9]+}} vector registers; utilisation L1d
// SKX: vortex cost @bert_f32 #0: batch 1 m 16 n 768 k 2304: selects variant
