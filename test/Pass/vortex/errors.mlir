// Bad options and targets of the vortex passes: located errors, exit 1.
// RUN: not vtc-opt '--vortex-print-candidates=target=v100' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not vtc-opt '--vortex-print-rkernel=target=h100 backend=avx512' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not vtc-opt '--vortex-generate-candidates=target=znver3 backend=avx512' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOAVX512
// RUN: not vtc-opt '--vortex-generate-candidates=target=h100 util-min=2 util-max=1' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=UTIL
// RUN: not vtc-opt '--vortex-generate-candidates=target=h100 util-min=one' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=UTIL2
// RUN: not vtc-opt '--vortex-generate-candidates=target=h100 util-min=0.99 util-max=0.991' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not vtc-opt '--vortex-analyze=target=h100 empirical=l0' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPIRICAL
// RUN: not vtc-opt '--vortex-analyze=target=h100 oracle=true' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORACLE
// RUN: not vtc-opt '--vortex-analyze=target=h100 sampled=256:128' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SAMPLED
// RUN: not vtc-opt '--vortex-analyze=target=h100 max-variants=99' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAXV
// RUN: not vtc-opt '--vortex-analyze=target=h100 dynamic=some' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: vtc-opt '--vortex-analyze=target=h100 profile-db=x.db' %S/Inputs/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=DB

// TARGET: gemm.mlir:1:1: error: vortex: unknown target 'v100' (known: h100, h200, a100, a100-40gb, gpu (= h100), skylake-avx512, znver3, host, cpu (= host))
// BACKEND: gemm.mlir:5:8: error: vortex: backend avx512 is a CPU backend, but h100-sxm is a GPU
// NOAVX512: gemm.mlir:5:8: error: vortex: no candidates for te @bert_f16 #0: znver3 has no AVX-512
// UTIL: gemm.mlir:1:1: error: vortex: util-min '2' and util-max '1' must be numbers or fractions with 0 <= util-min <= util-max, util-max > 0
// UTIL2: error: vortex: util-min 'one' and util-max '1' must be numbers or fractions
// EMPTY: gemm.mlir:5:8: error: vortex: no candidates for te @bert_f16 #0: no candidate fits h100-sxm within utilisation [0.99, 0.991]
// EMPIRICAL: error: vortex-analyze: empirical measurement needs vtc-tune's profile DB, which is not implemented yet (use empirical=none)
// ORACLE: error: vortex-analyze: oracle=true needs vtc-tune's profile DB
// SAMPLED: error: vortex-analyze: sampled must be LO:HI with 1 <= LO < HI, not '256:128'
// MAXV: error: vortex-analyze: max-variants must be in [0, 16] (0: 8 on a GPU, 4 on a CPU)
// DYN: error: {{.*}}dynamic
// DB: gemm.mlir:1:1: warning: vortex-analyze: profile-db 'x.db' ignored with empirical=none
