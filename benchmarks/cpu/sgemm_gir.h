/* A hand-written gir SGEMM (C = A x B, f32, row-major, any M, N, K): the
 * CPU rKernel of Vortex (vortex.txt section 6.1, Table 1) written by hand
 * in gir, to show and measure what the lead's te -> gir emission is to
 * produce. BLIS's loops (Low et al.), with gir's levels:
 *   L2  the launch's groups walk N in NC-column panels (jc); the group's
 *       threads split the panel's M x N micro-tiles between them, by rows
 *       (each packs its own A) or, when M is small, by columns;
 *   L1  per KC-deep block (pc) the group packs the KC x NC panel of B into
 *       its CacheBuffer (`shared`, sized for L2) together and meets at
 *       `gir.sync block`; each thread then packs one MR x KC sliver of A at
 *       a time (its piece of the buffer, L1: MR x L tiles read along K and
 *       transposed in registers into the k-major sliver) and runs it across
 *       its NR-column slivers of the panel, so C is walked along its rows;
 *   L0  one thread, an MR x NR f32 accumulator slice in vector registers
 *       over the KC loop (`gir.for` iter_args), `gir.mma` with K = 1 on an
 *       MR x 1 column of the packed A sliver (broadcasts) and a 1 x NR row
 *       of the packed B sliver (vector loads); C += the tile after the
 *       first KC block.
 * The kernels are lower-te-to-gir's CPU rKernel (vtc_t2g_build_cpu_gemm,
 * lowering/te-to-gir/rkernel_cpu.c), the same code the compiler emits for
 * a matmul, here with blocking chosen by hand for a machine from its caches
 * (targets/x86) and vector width; this file adds the host function. Used
 * by bench_cpu, the sgemm-gir tool (lit tests) and test_sgemm_gir. */
#ifndef VTC_BENCHMARKS_CPU_SGEMM_GIR_H
#define VTC_BENCHMARKS_CPU_SGEMM_GIR_H

#include <stdint.h>

typedef struct sgemm_gir_params {
  int mr, nr;     /* the micro-tile: MR rows x NR columns; NR a multiple of lanes */
  int lanes;      /* f32 lanes of the kernel's vectors (16: AVX-512, 8: AVX2) */
  int kc, nc;     /* blocking: KC a multiple of ku and lanes, NC of NR */
  int ku;         /* rows of B packed per copy (a multiple that divides KC) */
  int group;      /* threads that share one packed B panel (units per group) */
  int prefetch_rows; /* the micro-kernel prefetches B this many rows ahead and the next
                      * C tile (gir.prefetch); 0: no prefetches */
  int direct_max_m;  /* > 0: also @sgemm_direct, which reads B in place instead of
                      * packing it, launched instead of @sgemm when M <= this */
} sgemm_gir_params;

/* Parameters for a machine: MR x NR from the vector width (512: 14 x 32 in
 * 28 of 32 zmm; else 6 x 16 in 12 of 16 ymm), KC so that an MR x KC sliver
 * of A and a KC x NR sliver of B fill L1, NC so that the KC x NC panel of B
 * takes half of L2 (at most 8192 columns); the group is `threads` (the
 * pool's). Cache sizes of 0 (unknown) take 32 KiB and 1 MiB. */
sgemm_gir_params sgemm_gir_params_for(int vector_bits, int64_t l1_bytes, int64_t l2_bytes, int64_t l3_bytes,
                                      int threads);

/* NULL when the parameters are consistent, else why not (static text). */
const char *sgemm_gir_check(const sgemm_gir_params *p);

/* The module text: `gir.kernel @sgemm(%a: ?x?, %b: ?x?, %c: ?x?, M, N, K,
 * sa, sb)` (and @sgemm_direct with direct_max_m > 0) and the
 * host function `func.func @sgemm_host(%a, %b) -> %c` (asserts that the
 * K's agree, allocates C, launches ceil(N / NC) groups). Heap, owned: free
 * it. NULL when sgemm_gir_check fails. */
char *sgemm_gir_text(const sgemm_gir_params *p);

#endif
