/* Public entry of the te-to-gir lowering (lower-te-to-gir): its pass
 * definition and registration. The conventions of the gir it produces are in
 * pass.c's comment and dialects/gir/README.md (host ops, kernels). */
#ifndef VTC_LOWERING_TE_TO_GIR_TE_TO_GIR_H
#define VTC_LOWERING_TE_TO_GIR_TE_TO_GIR_H

#include "ir/builder.h"
#include "ir/pass.h"

extern const vtc_pass_def vtc_lower_te_to_gir_pass;

/* Registers lower-te-to-gir. */
void vtc_register_te_to_gir_passes(vtc_context *ctx);

/* The CPU rKernel (rkernel_cpu.c): BLIS's loops over gir's levels for
 * C[b] = A[b] x B[b] in f32, the kernel lower-te-to-gir emits per CPU
 * variant and the hand-written SGEMM benchmark prints. */
typedef struct vtc_t2g_cpu_gemm {
  int mr, nr;        /* the micro-tile: MR rows x NR columns; NR a multiple of lanes */
  int lanes;         /* f32 lanes of the vectors (16: AVX-512, 8: AVX2) */
  int kc, nc;        /* blocking: KC a multiple of ku and lanes, NC of NR */
  int ku;            /* rows of B packed per copy (divides KC) */
  int group;         /* threads that share one packed B panel (units per group) */
  int prefetch_rows; /* prefetch B this many rows ahead and the next C tile; 0: none */
  bool direct;       /* read B in place (no packed panel, no barrier): for small M */
  /* > 0: C is not f32 and M <= panel_rows: the KC blocks accumulate in an
   * f32 CacheBuffer of panel_rows x NC per group, converted into C once
   * after the last block (so C is rounded once); 0: in C itself. */
  int panel_rows;
  /* Direct form, > 0: when M <= stream_max_m and a row of B has at least
   * stream_min_row_bytes (B is read about once and its rows are long), the
   * KC blocks are stream_kc rows (a multiple of lanes and ku, at most KC):
   * a block walks stream_kc rows of B along their length, the streams the
   * prefetchers follow, and the B block a unit walks stays in L2 however
   * wide B is; 0: KC always. */
  int stream_kc, stream_max_m, stream_min_row_bytes;
} vtc_t2g_cpu_gemm;

/* NULL when the parameters are consistent, else why not (static text). */
const char *vtc_t2g_cpu_gemm_check(const vtc_t2g_cpu_gemm *p);

/* The kernel's cache blocking for an MR x NR micro-kernel on a core with
 * l1d_bytes of L1d and l2_bytes of L2 (0: unknown, taken as 32 KiB and
 * 1 MiB): KC so that the KC x NR sliver of B, reused by every A sliver,
 * takes half of L1d; NC so that the KC x NC panel fills L2. */
void vtc_t2g_cpu_gemm_blocking(int mr, int nr, int64_t l1d_bytes, int64_t l2_bytes, int *kc, int *nc);

/* Builds at mb the kernel `name`(A, B, C: the given global f32 buffer types,
 * any rank, read flat; M, N, K, sa, sb: index) for ceil(N / NC) x batch
 * groups of p->group units, A M x K, B K x N, C M x N row-major, batch b at
 * A + b sa, B + b sb, C + b M N. NULL when vtc_t2g_cpu_gemm_check fails. */
vtc_op *vtc_t2g_build_cpu_gemm(vtc_context *ctx, vtc_builder *mb, const vtc_loc *loc, const char *name,
                               const vtc_t2g_cpu_gemm *p, const vtc_type *a_buffer, const vtc_type *b_buffer,
                               const vtc_type *c_buffer);

#endif
