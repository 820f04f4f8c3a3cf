/* Vortex's GPU rKernels (vortex.txt section 6.1, Table 1) as gir kernels:
 * C[b] = A[b] x B[b] with A M x K (row stride K), B K x N (row stride N),
 * C M x N (row stride N), one batch index b with its own stride per operand
 * (0: broadcast). The levels:
 *   L2: the launch's groups, one per output tile of one batch (b, tm, tn);
 *   L1: a group (CTA) stages its A and B tiles into padded shared rows;
 *   L0: each warp (unit) accumulates its warp tile in registers.
 * Tensor cores (f16/bf16 in, f32 accumulate): an S-stage cp.async pipeline
 * (gir.copy_async, async_commit, async_wait), ldmatrix fragments (gir.copy
 * to mma_a / mma_b) and mma.sync (gir.mma on fragments), the epilogue cast
 * to the output type and stored under `valid` masks: any M, and K and N
 * multiples of 8 (cp.async moves 16-byte rows; the host selects another
 * variant otherwise). CUDA cores (f32): 128 x 128 x 8 CTA tiles of 8 warps
 * with 32 x 64 warp tiles of FFMA thread tiles, two register-staged
 * shared stages, any shape. The structure is that of the hand-written
 * kernels of test/Lowering/gir-to-llvm/gpu-{mma,ffma}-gemm.mlir and
 * benchmarks/gpu/reference/gemm_ref.cu. */
#include <stdio.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

/* What one kernel builder works with. */
typedef struct gk {
  t2g_state *S;
  vtc_context *ctx;
  const vtc_loc *loc;
  t2g_emit E;
  vtc_value *A, *B, *C, *M, *N, *K, *sa, *sb; /* parameters */
  const vtc_type *in, *out, *f32;
} gk;

static vtc_value *c(gk *g, int64_t v) { return t2g_cidx(&g->E, v); }
static vtc_value *add(gk *g, vtc_value *a, vtc_value *b) { return t2g_addi(&g->E, a, b); }
static vtc_value *sub(gk *g, vtc_value *a, vtc_value *b) { return t2g_subi(&g->E, a, b); }
static vtc_value *mul(gk *g, vtc_value *a, vtc_value *b) { return t2g_muli(&g->E, a, b); }
static vtc_value *divu(gk *g, vtc_value *a, int64_t b) { return t2g_divui(&g->E, a, c(g, b)); }
static vtc_value *remu(gk *g, vtc_value *a, int64_t b) { return t2g_remui(&g->E, a, c(g, b)); }

static const vtc_type *gslice(gk *g, const vtc_type *e, int64_t num, int64_t width, int64_t stride) {
  return vtc_gir_slice_type(g->ctx, VTC_GIR_GLOBAL, e, num, width, stride);
}
static const vtc_type *sslice(gk *g, const vtc_type *e, int64_t num, int64_t width, int64_t stride) {
  return vtc_gir_slice_type(g->ctx, VTC_GIR_SHARED, e, num, width, stride);
}
static vtc_value *view(gk *g, vtc_value *buf, vtc_value *off, const vtc_type *t, vtc_value *stride, vtc_value *rows,
                       vtc_value *cols) {
  return vtc_gir_build_view(&g->E.at, g->loc, buf, off, t, stride, rows, cols);
}

/* The kernel with parameters (A, B, C, M, N, K, sa, sb): its body open at
 * g->E.at. */
static vtc_op *begin(gk *g, vtc_builder *mb, const char *name, const t2g_gemm *p, int64_t warps) {
  const vtc_type *idx = vtc_type_index(g->ctx);
  const vtc_type *params[8] = {p->a_buffer, p->b_buffer, p->c_buffer, idx, idx, idx, idx, idx};
  vtc_op *k = vtc_gir_build_kernel(mb, g->loc, name, 8, params, VTC_GIR_HIER_GPU, warps, 32);
  vtc_block *body = vtc_gir_kernel_body(k);
  t2g_emit_init(&g->E, g->ctx, g->loc, body);
  g->E.at = vtc_builder_at_end(g->ctx, body);
  vtc_value **dst[8] = {&g->A, &g->B, &g->C, &g->M, &g->N, &g->K, &g->sa, &g->sb};
  for (unsigned i = 0; i < 8; i++) *dst[i] = body->args[i];
  g->in = p->in_elem;
  g->out = p->out_elem;
  g->f32 = vtc_type_f32(g->ctx);
  return k;
}

static void end(gk *g, vtc_op *k) {
  vtc_gir_build_return(&g->E.at, g->loc);
  t2g_emit_drop_unused_consts(&g->E);
  t2g_emit_free(&g->E);
  t2g_dce(k);
}

/* L2: this group's batch and tile: offsets of A, B, C's batch and the
 * tile's first row and column. */
typedef struct tile {
  vtc_value *m0, *n0, *a_batch, *b_batch, *c_batch;
} tile;

static tile group_tile(gk *g, int64_t bm, int64_t bn) {
  vtc_value *grp = vtc_gir_build_id(&g->E.at, g->loc, VTC_GIR_DIM_GROUP);
  vtc_value *mt = t2g_ceildivui(&g->E, g->M, c(g, bm)), *nt = t2g_ceildivui(&g->E, g->N, c(g, bn));
  vtc_value *tiles = mul(g, mt, nt);
  vtc_value *b = t2g_divui(&g->E, grp, tiles), *r = t2g_remui(&g->E, grp, tiles);
  tile t;
  t.m0 = mul(g, t2g_divui(&g->E, r, nt), c(g, bm));
  t.n0 = mul(g, t2g_remui(&g->E, r, nt), c(g, bn));
  t.a_batch = mul(g, b, g->sa);
  t.b_batch = mul(g, b, g->sb);
  t.c_batch = mul(g, b, mul(g, g->M, g->N));
  return t;
}

/* ---- tensor cores ------------------------------------------------------------------------- */

typedef struct tc {
  gk *g;
  int64_t bm, bn, bk, wm, wn, stages, warps, ap, bp; /* ap, bp: padded shared row pitches */
  vtc_value *As, *Bs, *K8, *N8, *abase, *arows, *ncols, *adst, *bdst, *brow;
  const vtc_type *as_t, *bs_t;
} tc;

/* Issues the async copies of k-tile `kt` into `stage` (index values). */
static void tc_load_stage(tc *T, tile *t, vtc_value *stage, vtc_value *kt) {
  gk *g = T->g;
  int64_t ar = T->bm / T->warps, br = T->bk / T->warps;
  vtc_value *k0 = mul(g, kt, c(g, T->bk)), *kleft = sub(g, T->K8, k0);
  vtc_value *asrc = view(g, g->A, add(g, T->abase, k0), gslice(g, g->in, ar, T->bk, VTC_DYNAMIC), T->K8, T->arows,
                         kleft);
  vtc_value *adv = view(g, T->As, add(g, mul(g, stage, c(g, T->bm * T->ap)), T->adst),
                        sslice(g, g->in, ar, T->bk, T->ap), NULL, NULL, NULL);
  vtc_gir_build_copy_async(&g->E.at, g->loc, asrc, adv);
  vtc_value *bk = add(g, k0, T->brow), *bkleft = sub(g, T->K8, bk);
  vtc_value *boff = add(g, add(g, t->b_batch, mul(g, bk, T->N8)), t->n0);
  vtc_value *bsrc = view(g, g->B, boff, gslice(g, g->in, br, T->bn, VTC_DYNAMIC), T->N8, bkleft, T->ncols);
  vtc_value *bdv = view(g, T->Bs, add(g, mul(g, stage, c(g, T->bk * T->bp)), T->bdst),
                        sslice(g, g->in, br, T->bn, T->bp), NULL, NULL, NULL);
  vtc_gir_build_copy_async(&g->E.at, g->loc, bsrc, bdv);
  vtc_gir_build_async_commit(&g->E.at, g->loc);
}

/* Opens a gir.for [lo, hi) at g->E.at with carried values; returns it with
 * E.at inside its body (the caller yields and calls close_for). */
static vtc_op *open_for(gk *g, vtc_value *lo, vtc_value *hi, unsigned n, vtc_value *const *init, vtc_builder *saved) {
  vtc_op *f = vtc_gir_build_for(&g->E.at, g->loc, lo, hi, c(g, 1), n, init);
  *saved = g->E.at;
  g->E.at = vtc_builder_at_end(g->ctx, vtc_gir_for_body(f));
  return f;
}

static void close_for(gk *g, unsigned n, vtc_value *const *yield, const vtc_builder *saved) {
  vtc_gir_build_yield(&g->E.at, g->loc, n, yield);
  g->E.at = *saved;
}

/* The warp's k-steps of 16 on the stage at `cs` (an index value). */
static vtc_value *tc_compute_stage(tc *T, vtc_value *cs, vtc_value *wm, vtc_value *wn, vtc_value *acc) {
  gk *g = T->g;
  vtc_value *ca = add(g, mul(g, cs, c(g, T->bm * T->ap)), mul(g, wm, c(g, T->wm * T->ap)));
  vtc_value *cb = add(g, mul(g, cs, c(g, T->bk * T->bp)), mul(g, wn, c(g, T->wn)));
  const vtc_type *fa = vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_MMA_A, g->in, T->wm, 16);
  const vtc_type *fb = vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_MMA_B, g->in, 16, T->wn);
  for (int64_t kk = 0; kk < T->bk; kk += 16) {
    vtc_value *av = view(g, T->As, add(g, ca, c(g, kk)), sslice(g, g->in, T->wm, 16, T->ap), NULL, NULL, NULL);
    vtc_value *a = vtc_gir_build_copy_to_register(&g->E.at, g->loc, av, fa);
    vtc_value *bv = view(g, T->Bs, add(g, cb, c(g, kk * T->bp)), sslice(g, g->in, 16, T->wn, T->bp), NULL, NULL, NULL);
    vtc_value *b = vtc_gir_build_copy_to_register(&g->E.at, g->loc, bv, fb);
    acc = vtc_gir_build_mma(&g->E.at, g->loc, a, b, acc);
  }
  return acc;
}

/* The accumulators, cast to the output type, stored in this warp's part of
 * the tile under `valid`. */
static void store_tile(gk *g, tile *t, vtc_value *acc, vtc_gir_layout layout, int64_t wm_rows, int64_t wn_cols,
                       vtc_value *row0, vtc_value *col0) {
  vtc_value *out = acc;
  if (g->out != g->f32) {
    const vtc_type *rt = vtc_gir_fragment_type(g->ctx, layout, g->out, wm_rows, wn_cols);
    vtc_op *ew = vtc_gir_build_elementwise(&g->E.at, g->loc, rt, 1, &acc, false);
    vtc_block *eb = vtc_gir_elementwise_body(ew);
    vtc_builder bb = vtc_builder_at_end(g->ctx, eb);
    vtc_value *x = vtc_op_result(vtc_builder_create(&bb, "arith.truncf", g->loc, 1, eb->args, g->out, 0, NULL), 0);
    vtc_gir_build_yield(&bb, g->loc, 1, &x);
    out = vtc_op_result(ew, 0);
  }
  vtc_value *crow = add(g, t->m0, row0), *ccol = add(g, t->n0, col0);
  vtc_value *off = add(g, add(g, t->c_batch, mul(g, crow, g->N)), ccol);
  vtc_value *cv = view(g, g->C, off, gslice(g, g->out, wm_rows, wn_cols, VTC_DYNAMIC), g->N, sub(g, g->M, crow),
                       sub(g, g->N, ccol));
  vtc_gir_build_copy(&g->E.at, g->loc, out, cv);
}

bool t2g_gemm_tc_supported(const vortex_variant *v, char *why, size_t n) {
  int64_t warps = (int64_t)(v->l1.m / v->l0.m) * (v->l1.n / v->l0.n);
  const char *bad = v->split_k != 1                         ? "split-K is not emitted yet"
                    : v->l1.k % 16 || v->l0.m % 16 || v->l0.n % 16 ? "tiles are not multiples of 16"
                    : v->l1.m % v->l0.m || v->l1.n % v->l0.n  ? "the CTA tile is not a multiple of the warp tile"
                    : warps < 1 || warps > 32                 ? "warps per CTA outside [1, 32]"
                    : v->l1.m % warps || v->l1.k % warps      ? "the staged rows do not divide among the warps"
                    : v->l1.stages < 2                        ? "fewer than 2 stages"
                                                              : NULL;
  if (bad) snprintf(why, n, "%s", bad);
  return !bad;
}

vtc_op *t2g_build_gemm_tc(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                          const vortex_variant *v) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  tc T = {.g = &g, .bm = v->l1.m, .bn = v->l1.n, .bk = v->l1.k, .wm = v->l0.m, .wn = v->l0.n, .stages = v->l1.stages};
  T.warps = (T.bm / T.wm) * (T.bn / T.wn);
  T.ap = T.bk + 8;
  T.bp = T.bn + 8;
  vtc_op *k = begin(&g, mb, name, p, T.warps);
  T.K8 = vtc_gir_build_assume_multiple(&g.E.at, loc, g.K, 8);
  T.N8 = vtc_gir_build_assume_multiple(&g.E.at, loc, g.N, 8);
  g.K = T.K8;
  g.N = T.N8;
  /* The batch strides are M K and K N (or 0): multiples of 8 too. */
  g.sa = vtc_gir_build_assume_multiple(&g.E.at, loc, g.sa, 8);
  g.sb = vtc_gir_build_assume_multiple(&g.E.at, loc, g.sb, 8);
  tile t = group_tile(&g, T.bm, T.bn);
  vtc_value *w = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  vtc_value *wm = divu(&g, w, T.bn / T.wn), *wn = remu(&g, w, T.bn / T.wn);
  vtc_value *arow = mul(&g, w, c(&g, T.bm / T.warps));
  T.brow = mul(&g, w, c(&g, T.bk / T.warps));
  vtc_value *am = add(&g, t.m0, arow);
  T.arows = sub(&g, g.M, am);
  T.ncols = sub(&g, g.N, t.n0);
  T.abase = add(&g, t.a_batch, mul(&g, am, g.K));
  T.adst = mul(&g, arow, c(&g, T.ap));
  T.bdst = mul(&g, T.brow, c(&g, T.bp));
  vtc_value *ktiles = t2g_ceildivui(&g.E, g.K, c(&g, T.bk));
  int64_t as_dims[] = {T.stages, T.bm, T.ap}, bs_dims[] = {T.stages, T.bk, T.bp};
  T.As = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.in, 3, as_dims), 0, NULL);
  T.Bs = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.in, 3, bs_dims), 0, NULL);
  /* The prologue: k-tiles 0 .. S-2 into stages 0 .. S-2 (those past K are
   * zero-filled and never read). */
  vtc_builder saved;
  vtc_op *pro = open_for(&g, c(&g, 0), c(&g, T.stages - 1), 0, NULL, &saved);
  vtc_value *s = vtc_gir_for_induction_var(pro);
  tc_load_stage(&T, &t, s, s);
  close_for(&g, 0, NULL, &saved);
  /* The main loop: wait for k-tile kt, start k-tile kt + S - 1 in the stage
   * k-tile kt - 1 used (every warp read it before the sync), compute. */
  vtc_value *zero = t2g_const(&g.E, g.f32, 0, 0.0);
  const vtc_type *acc_t = vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_MMA_ACC, g.f32, T.wm, T.wn);
  vtc_value *acc0 = vtc_gir_build_broadcast(&g.E.at, loc, VTC_GIR_AXIS_WIDTH, zero, acc_t);
  vtc_op *loop = open_for(&g, c(&g, 0), ktiles, 1, &acc0, &saved);
  vtc_value *kt = vtc_gir_for_induction_var(loop), *acc = vtc_gir_for_body(loop)->args[1];
  vtc_gir_build_async_wait(&g.E.at, loc, T.stages - 2);
  vtc_value *bufs[] = {T.As, T.Bs};
  vtc_gir_build_sync(&g.E.at, loc, VTC_GIR_SCOPE_BLOCK, 2, bufs);
  vtc_value *nk = add(&g, kt, c(&g, T.stages - 1));
  tc_load_stage(&T, &t, remu(&g, nk, T.stages), nk);
  acc = tc_compute_stage(&T, remu(&g, kt, T.stages), wm, wn, acc);
  close_for(&g, 1, &acc, &saved);
  store_tile(&g, &t, vtc_op_result(loop, 0), VTC_GIR_LAYOUT_MMA_ACC, T.wm, T.wn, mul(&g, wm, c(&g, T.wm)),
             mul(&g, wn, c(&g, T.wn)));
  end(&g, k);
  return k;
}

/* ---- CUDA cores ------------------------------------------------------------------------------- */

/* The fixed FFMA kernel: 128 x 128 x 8 per group of 8 warps, each warp a
 * 32 x 64 tile (lanes 4 x 8 of 8 x 8 thread tiles); A staged transposed
 * (k-major) and B as is, through registers, in two shared stages. */
enum { FF_BM = 128, FF_BN = 128, FF_BK = 8, FF_WARPS = 8, FF_WM = 32, FF_WN = 64 };

vtc_op *t2g_build_gemm_ffma(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  vtc_op *k = begin(&g, mb, name, p, FF_WARPS);
  tile t = group_tile(&g, FF_BM, FF_BN);
  vtc_value *w = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  vtc_value *wm = divu(&g, w, 2), *wn = remu(&g, w, 2);
  vtc_value *wmr = mul(&g, wm, c(&g, FF_WM)), *wnc = mul(&g, wn, c(&g, FF_WN));
  vtc_value *arow = mul(&g, w, c(&g, 16)), *am = add(&g, t.m0, arow);
  vtc_value *arows = sub(&g, g.M, am), *abase = add(&g, t.a_batch, mul(&g, am, g.K));
  vtc_value *ncols = sub(&g, g.N, t.n0);
  vtc_value *ktiles = t2g_ceildivui(&g.E, g.K, c(&g, FF_BK));
  int64_t dims[] = {2, FF_BK, FF_BN};
  const vtc_type *st = vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.f32, 3, dims);
  vtc_value *As = vtc_gir_build_alloc(&g.E.at, loc, st, 0, NULL), *Bs = vtc_gir_build_alloc(&g.E.at, loc, st, 0, NULL);
  vtc_value *bufs[] = {As, Bs};
  vtc_value *bso = mul(&g, w, c(&g, FF_BN));
  const vtc_type *a_reg = vtc_gir_register_type(g.ctx, g.f32, FF_BK, 16);
  const vtc_type *b_reg = vtc_gir_register_type(g.ctx, g.f32, 1, FF_BN);
  /* k-tile kt of this warp's A rows (transposed) and B row into registers. */
  vtc_value *ar, *br;
#define FF_FETCH(KT)                                                                                               \
  do {                                                                                                             \
    vtc_value *k0 = mul(&g, (KT), c(&g, FF_BK)), *kleft = sub(&g, g.K, k0);                                        \
    vtc_value *ag = view(&g, g.A, add(&g, abase, k0), gslice(&g, g.f32, 16, FF_BK, VTC_DYNAMIC), g.K, arows, kleft); \
    vtc_op *cp = vtc_builder_create(&g.E.at, "gir.copy", loc, 1, &ag, a_reg, 0, NULL);                             \
    vtc_op_set_attr(cp, VTC_GIR_ATTR_TRANSPOSE, vtc_attr_unit(g.ctx));                                             \
    ar = vtc_op_result(cp, 0);                                                                                     \
    vtc_value *bk = add(&g, k0, w);                                                                                \
    vtc_value *bg = view(&g, g.B, add(&g, add(&g, t.b_batch, mul(&g, bk, g.N)), t.n0),                            \
                         gslice(&g, g.f32, 1, FF_BN, FF_BN), NULL, sub(&g, g.K, bk), ncols);                      \
    br = vtc_gir_build_copy_to_register(&g.E.at, loc, bg, b_reg);                                                 \
  } while (0)
  /* ... and from registers into stage STAGE. */
#define FF_STORE(STAGE)                                                                                            \
  do {                                                                                                             \
    vtc_value *base = mul(&g, (STAGE), c(&g, FF_BK * FF_BN));                                                      \
    vtc_gir_build_copy(&g.E.at, loc, ar,                                                                           \
                       view(&g, As, add(&g, base, arow), sslice(&g, g.f32, FF_BK, 16, FF_BN), NULL, NULL, NULL));  \
    vtc_gir_build_copy(&g.E.at, loc, br,                                                                           \
                       view(&g, Bs, add(&g, base, bso), sslice(&g, g.f32, 1, FF_BN, FF_BN), NULL, NULL, NULL));    \
    vtc_gir_build_sync(&g.E.at, loc, VTC_GIR_SCOPE_BLOCK, 2, bufs);                                                \
  } while (0)
  FF_FETCH(c(&g, 0));
  FF_STORE(c(&g, 0));
  const vtc_type *acc_t = vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_FFMA_ACC, g.f32, FF_WM, FF_WN);
  vtc_value *acc0 = vtc_gir_build_broadcast(&g.E.at, loc, VTC_GIR_AXIS_WIDTH, t2g_const(&g.E, g.f32, 0, 0.0), acc_t);
  vtc_builder saved, saved2;
  vtc_op *loop = open_for(&g, c(&g, 0), ktiles, 1, &acc0, &saved);
  vtc_value *kt = vtc_gir_for_induction_var(loop), *acc = vtc_gir_for_body(loop)->args[1];
  vtc_value *s = remu(&g, kt, 2);
  FF_FETCH(add(&g, kt, c(&g, 1)));
  vtc_value *stage = mul(&g, s, c(&g, FF_BK * FF_BN));
  vtc_value *aw = add(&g, stage, wmr), *bw = add(&g, stage, wnc);
  vtc_op *inner = open_for(&g, c(&g, 0), c(&g, FF_BK), 1, &acc, &saved2);
  vtc_value *kk = vtc_gir_for_induction_var(inner), *ck = vtc_gir_for_body(inner)->args[1];
  vtc_value *krow = mul(&g, kk, c(&g, FF_BN));
  vtc_value *av = view(&g, As, add(&g, aw, krow), sslice(&g, g.f32, 1, FF_WM, FF_WM), NULL, NULL, NULL);
  vtc_op *acp = vtc_builder_create(&g.E.at, "gir.copy", loc, 1, &av,
                                   vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_FFMA_A, g.f32, FF_WM, 1), 0, NULL);
  vtc_op_set_attr(acp, VTC_GIR_ATTR_TRANSPOSE, vtc_attr_unit(g.ctx));
  vtc_value *bv = view(&g, Bs, add(&g, bw, krow), sslice(&g, g.f32, 1, FF_WN, FF_WN), NULL, NULL, NULL);
  vtc_value *bf =
      vtc_gir_build_copy_to_register(&g.E.at, loc, bv, vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_FFMA_B, g.f32, 1, FF_WN));
  vtc_value *d = vtc_gir_build_mma(&g.E.at, loc, vtc_op_result(acp, 0), bf, ck);
  close_for(&g, 1, &d, &saved2);
  FF_STORE(sub(&g, c(&g, 1), s));
  vtc_value *next = vtc_op_result(inner, 0);
  close_for(&g, 1, &next, &saved);
#undef FF_FETCH
#undef FF_STORE
  store_tile(&g, &t, vtc_op_result(loop, 0), VTC_GIR_LAYOUT_FFMA_ACC, FF_WM, FF_WN, wmr, wnc);
  end(&g, k);
  return k;
}

void t2g_gemm_ffma_tile(int64_t *bm, int64_t *bn) {
  *bm = FF_BM;
  *bn = FF_BN;
}
