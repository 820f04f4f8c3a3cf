// vortex-analyze (Vortex 5.2, analytical): each contraction keeps at most N
// variants, those the model ranks best at breakpoints from the hardware,
// attached as vortex.variants (with vortex.target) for lower-te-to-gir; the
// ablations of section 7.4 (dynamic=l1: Static1, dynamic=none: Static2,
// sampled=LO:HI: DietCode-like); every variant within the hardware.
// RUN: vtc-opt '--vortex-analyze=target=h100' --pass-statistics %S/Inputs/gemm.mlir 2>&1 | FileCheck %s --check-prefix=H100
// RUN: vtc-opt '--vortex-analyze=target=h100' %S/Inputs/gemm.mlir | vtc-opt | FileCheck %s --check-prefix=ROUND
// RUN: vtc-opt '--vortex-analyze=target=skylake-avx512' %S/Inputs/gemm.mlir | FileCheck %s --check-prefix=SKX
// RUN: vtc-opt '--vortex-analyze=target=h100 max-variants=2' --pass-statistics %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAX2
// RUN: vtc-opt '--vortex-analyze=target=h100 dynamic=none' --pass-statistics %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC2
// RUN: vtc-opt '--vortex-analyze=target=h100 dynamic=l1' %S/Inputs/gemm.mlir | grep -A4 'func.func @bert_f16' | grep -o 'l0 = [^]]*]' | sort -u | FileCheck %s --check-prefix=STATIC1
// RUN: vtc-opt '--vortex-analyze=target=h100 sampled=128:256' --pass-statistics %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SAMPLED

// BERT f16 on an H100 gets eight tensor-core variants, from small CTA tiles
// split 8 ways along K (small M) to large ones; the f32 GEMM and the conv
// (batch dynamic) on CUDA cores; the relu gets nothing.
// H100-LABEL: func.func @bert_f16
// H100: te.compute{{.*}}vortex.target = "h100-sxm", vortex.variants = [{backend = "tensor-core", elems = [2, 2, 2], inst = [16, 8, 16], l0 = [16, 16, 16], l1 = [16, 16, 64], lanes = [0, 0], occupancy = 10 : i64, registers = 56 : i64, shared = 21504 : i64, split_k = 8 : i64, stages = 4 : i64, units = 1 : i64}, {backend = "tensor-core"
// H100-SAME: l1 = [128, 256, 64]
// H100-LABEL: func.func @bert_f32
// H100: vortex.variants = [{backend = "cuda-core"
// H100-LABEL: func.func @conv
// H100: vortex.variants = [{backend = "cuda-core"
// H100-LABEL: func.func @relu
// H100-NOT: vortex.variants
// H100: vortex-analyze
// H100-NEXT: (S) 24 variants
// ROUND: vortex.target = "h100-sxm", vortex.variants = [{backend = "tensor-core"

// The CPU keeps at most four, AVX-512 micro-kernels within 32 zmm.
// SKX-LABEL: func.func @bert_f32
// SKX: vortex.target = "skylake-avx512", vortex.variants = [{backend = "avx512", elems = [4, 4, 4], inst = [1, 16, 1], l0 = [8, 32, 1], l1 = [128, 32, 256]

// MAX2: (S) 6 variants
// Static2: L0 and L1 fixed; only split-K varies (the conv keeps several).
// STATIC2: (S) 15 variants
// Static1: every variant of the f16 GEMM shares the L0 most often best.
// STATIC1: l0 = [64, 64, 16]
// STATIC1-NOT: l0
// Variants tuned for M in [128, 256) only.
// SAMPLED: (S) 12 variants
