/* Vortex's GPU rKernels (vortex.txt section 6.1, Table 1) as gir kernels:
 * C[b] = A[b] x B[b] with A M x K (row stride K, or stored K x M: row
 * stride M), B K x N (row stride N, or stored N x K: row stride K), C M x N
 * (row stride N), one batch index b with its own stride per operand (0:
 * broadcast). The levels:
 *   L2: the launch's groups, one per (batch, K slice, output tile); with
 *       split-K (s slices) each group writes an f32 partial tile into a
 *       workspace [batch][s][M][N] that a second kernel sums and casts;
 *   L1: a group (CTA) stages its A and B tiles into padded shared rows;
 *   L0: each warp (unit) accumulates its warp tile in registers.
 * Tensor cores (f16/bf16 in, f32 accumulate): an S-stage cp.async pipeline
 * (gir.copy_async, async_commit, async_wait), ldmatrix fragments (gir.copy
 * to mma_a / mma_b, transposed where the operand's k runs the other way)
 * and mma.sync (gir.mma on fragments), the epilogue cast to the output type
 * and stored under `valid` masks: any M, N and K whose operands' contiguous
 * dims are multiples of 8 (cp.async moves 16-byte rows; the host selects
 * the plain kernel otherwise). CUDA cores (f32): the plan's CTA and warp
 * tiles in ffma thread tiles (a 4 x 8 lane grid), A and B staged k-major
 * through registers into two shared stages, any shape. The structure is
 * that of the hand-written kernels of
 * test/Lowering/gir-to-llvm/gpu-{mma,ffma}-gemm.mlir and
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
  vtc_value *A, *B, *C, *M, *N, *K, *sa, *sb, *oa, *ob; /* parameters */
  const vtc_type *in, *out, *f32;
  const t2g_gemm *p;
  int64_t split; /* K slices; > 1: C is the f32 workspace */
  const t2g_epilogue *epi; /* carried by the store stage (epilogue.c): C is its result */
  vtc_value *X[T2G_EPILOGUE_MAX_EXTRA]; /* its extra operands (parameters 10...) */
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

/* A copy of a memory slice into registers of type t, transposed or not. */
static vtc_value *load(gk *g, vtc_value *src, const vtc_type *t, bool transpose) {
  vtc_op *cp = vtc_builder_create(&g->E.at, "gir.copy", g->loc, 1, &src, t, 0, NULL);
  if (transpose) vtc_op_set_attr(cp, VTC_GIR_ATTR_TRANSPOSE, vtc_attr_unit(g->ctx));
  return vtc_op_result(cp, 0);
}

/* An element-wise op of one or two register slices (b may be NULL) whose
 * body is the one arith op `name`; rt is the result's slice type. */
static vtc_value *ew(gk *g, const char *name, const vtc_type *rt, vtc_value *a, vtc_value *b) {
  vtc_value *ops[2] = {a, b};
  unsigned n = b ? 2 : 1;
  vtc_op *op = vtc_gir_build_elementwise(&g->E.at, g->loc, rt, n, ops, false);
  vtc_block *body = vtc_gir_elementwise_body(op);
  vtc_builder bb = vtc_builder_at_end(g->ctx, body);
  vtc_gir_slice_info info;
  vtc_gir_slice_info_of(g->ctx, rt, &info);
  const vtc_type *elem = info.elem;
  vtc_value *x = vtc_op_result(vtc_builder_create(&bb, name, g->loc, n, body->args, elem, 0, NULL), 0);
  vtc_gir_build_yield(&bb, g->loc, 1, &x);
  return vtc_op_result(op, 0);
}

/* The workspace of a split-K variant: the f32 partials [batch][split][M][N]. */
static const vtc_type *workspace_type(vtc_context *ctx) {
  int64_t dims[] = {VTC_DYNAMIC};
  return vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, vtc_type_f32(ctx), 1, dims);
}

/* The kernel with parameters (A, B, C, M, N, K, sa, sb, oa, ob), then an
 * epilogue's extra operands where variant v carries it (C then being its
 * result): its body open at g->E.at. */
static vtc_op *begin(gk *g, vtc_builder *mb, const char *name, const t2g_gemm *p, const vortex_variant *v,
                     bool fused, int64_t warps, int64_t registers) {
  int64_t split = v->split_k;
  const vtc_type *idx = vtc_type_index(g->ctx);
  g->epi = split <= 1 && fused ? &p->epi : NULL;
  const vtc_type *cbuf = split > 1 ? workspace_type(g->ctx) : g->epi ? p->epi.d_buffer : p->c_buffer;
  const vtc_type *params[10 + T2G_EPILOGUE_MAX_EXTRA] = {p->a_buffer, p->b_buffer, cbuf, idx, idx,
                                                         idx,          idx,          idx,  idx, idx};
  unsigned nparams = 10;
  for (unsigned x = 0; g->epi && x < g->epi->num_extra; x++) params[nparams++] = g->epi->extra_buffer[x];
  vtc_op *k = vtc_gir_build_kernel(mb, g->loc, name, nparams, params, VTC_GIR_HIER_GPU, warps, 32);
  /* The CTAs per SM the variant was planned for, so that ptxas budgets
   * registers for them (left alone, it takes up to 255 and one 8-warp CTA
   * fits: 8192^3 f32 ran 10% slower), but never fewer than `registers` a
   * thread (the caller's count, which the model's estimate is not: it
   * leaves out the CUDA-core kernel's staging registers) nor 128. */
  if (registers < 128) registers = 128;
  int64_t occupancy = v->occupancy, most = p->hw->gpu.registers_per_sm / (warps * p->hw->gpu.warp_size * registers);
  if (occupancy > most) occupancy = most;
  if (occupancy > 1 && g->S->opts->register_budget)
    vtc_op_set_attr(k, VTC_GIR_ATTR_OCCUPANCY, vtc_attr_i64(g->ctx, occupancy));
  vtc_block *body = vtc_gir_kernel_body(k);
  t2g_emit_init(&g->E, g->ctx, g->loc, body);
  g->E.at = vtc_builder_at_end(g->ctx, body);
  vtc_value **dst[10] = {&g->A, &g->B, &g->C, &g->M, &g->N, &g->K, &g->sa, &g->sb, &g->oa, &g->ob};
  for (unsigned i = 0; i < 10; i++) *dst[i] = body->args[i];
  for (unsigned x = 0; x < nparams - 10; x++) g->X[x] = body->args[10 + x];
  g->p = p;
  g->split = split;
  g->in = p->in_elem;
  g->f32 = vtc_type_f32(g->ctx);
  g->out = split > 1 ? g->f32 : p->out_elem;
  return k;
}

static void end(gk *g, vtc_op *k) {
  vtc_gir_build_return(&g->E.at, g->loc);
  t2g_emit_drop_unused_consts(&g->E);
  t2g_emit_free(&g->E);
  t2g_dce(k);
}

/* L2: this group's batch, K slice and tile: offsets of A, B, C's batch,
 * the tile's first row and column, and the k-tiles [kbeg, kend) of its
 * slice. Groups run tile-fastest, then slice, then batch. The tiles of a
 * slice run in bands of RASTER_ROWS tile rows, down each band's columns
 * (raster=grouped, the vortex.txt L2 "raster swizzle"; Triton's grouped
 * ordering): a wave of CTAs then reads fewer distinct A rows and B
 * columns than row by row (raster=rows, the ablation), so more of its
 * loads hit in L2. */
enum { RASTER_ROWS = 8 };

static void tile_coords(gk *g, vtc_value *r, vtc_value *mt, vtc_value *nt, vtc_value **tm, vtc_value **tn) {
  if (!g->S->opts->raster_grouped) {
    *tm = t2g_divui(&g->E, r, nt);
    *tn = t2g_remui(&g->E, r, nt);
    return;
  }
  vtc_value *band = mul(g, nt, c(g, RASTER_ROWS));
  vtc_value *first = mul(g, t2g_divui(&g->E, r, band), c(g, RASTER_ROWS)), *in = t2g_remui(&g->E, r, band);
  vtc_value *rows = t2g_minui(&g->E, sub(g, mt, first), c(g, RASTER_ROWS));
  *tm = add(g, first, t2g_remui(&g->E, in, rows));
  *tn = t2g_divui(&g->E, in, rows);
}

typedef struct tile {
  vtc_value *m0, *n0, *a_batch, *b_batch, *c_batch, *kbeg, *kend;
} tile;

static tile group_tile(gk *g, int64_t bm, int64_t bn, int64_t bk) {
  vtc_value *grp = vtc_gir_build_id(&g->E.at, g->loc, VTC_GIR_DIM_GROUP);
  vtc_value *mt = t2g_ceildivui(&g->E, g->M, c(g, bm)), *nt = t2g_ceildivui(&g->E, g->N, c(g, bn));
  vtc_value *tiles = mul(g, mt, nt);
  vtc_value *bz = t2g_divui(&g->E, grp, tiles), *r = t2g_remui(&g->E, grp, tiles);
  vtc_value *b = divu(g, bz, g->split), *z = remu(g, bz, g->split);
  tile t;
  vtc_value *tm, *tn;
  tile_coords(g, r, mt, nt, &tm, &tn);
  t.m0 = mul(g, tm, c(g, bm));
  t.n0 = mul(g, tn, c(g, bn));
  t.a_batch = add(g, mul(g, b, g->sa), g->oa);
  t.b_batch = add(g, mul(g, b, g->sb), g->ob);
  t.c_batch = mul(g, bz, mul(g, g->M, g->N)); /* the workspace holds split tiles per batch */
  vtc_value *ktiles = t2g_ceildivui(&g->E, g->K, c(g, bk));
  vtc_value *chunk = t2g_ceildivui(&g->E, ktiles, c(g, g->split));
  t.kbeg = mul(g, z, chunk);
  t.kend = t2g_minui(&g->E, ktiles, add(g, t.kbeg, chunk)); /* < kbeg for an empty last slice: no trips */
  return t;
}

/* ---- operands -------------------------------------------------------------------------------
 * An operand in memory is a matrix of `outer` rows of `ld` contiguous
 * elements: A is M x K (k inner) or K x M (k outer), B is K x N (k outer)
 * or N x K (k inner). A CTA stages its tile of that matrix as it lies:
 * `rows` x `cols` (k-tile x M/N-tile when k is outer, else the other way
 * round) into shared rows `pitch` apart, each warp an equal band of rows. */
typedef struct operand {
  bool is_a, k_outer;
  vtc_value *buf, *ld, *outer, *batch, *mn0; /* mn0: the tile's first m (A) or n (B) */
  int64_t mn;                                /* the tile's extent in m (A) or n (B) */
  int64_t rows, cols, pitch;
  vtc_value *smem;
} operand;

static operand make_operand(gk *g, bool is_a, const tile *t, int64_t mn, int64_t bk, int64_t pad) {
  operand o = {.is_a = is_a, .mn = mn};
  bool trans = is_a ? g->p->a_trans : g->p->b_trans;
  o.k_outer = is_a == trans; /* A stored K x M, or B stored K x N */
  vtc_value *mn_total = is_a ? g->M : g->N;
  o.buf = is_a ? g->A : g->B;
  o.batch = is_a ? t->a_batch : t->b_batch;
  o.mn0 = is_a ? t->m0 : t->n0;
  o.ld = o.k_outer ? mn_total : g->K;
  o.outer = o.k_outer ? g->K : mn_total;
  o.rows = o.k_outer ? bk : mn;
  o.cols = o.k_outer ? mn : bk;
  o.pitch = o.cols + pad;
  return o;
}

/* The global view of rows x cols of operand o from (row0, col0), masked to the matrix. */
static vtc_value *tile_source(gk *g, const operand *o, vtc_value *row0, vtc_value *col0, int64_t rows, int64_t cols) {
  vtc_value *off = add(g, add(g, o->batch, mul(g, row0, o->ld)), col0);
  return view(g, o->buf, off, gslice(g, g->in, rows, cols, VTC_DYNAMIC), o->ld, sub(g, o->outer, row0),
              sub(g, o->ld, col0));
}

/* The global view of warp w's band of the tile at k-tile origin k0
 * (rows_w rows), masked to the matrix. */
static vtc_value *band_source(gk *g, const operand *o, vtc_value *k0, vtc_value *w, int64_t rows_w) {
  vtc_value *row0 = add(g, o->k_outer ? k0 : o->mn0, mul(g, w, c(g, rows_w)));
  return tile_source(g, o, row0, o->k_outer ? o->mn0 : k0, rows_w, o->cols);
}

/* The tile and the operands of a kernel that stages 16-byte chunks
 * (cp.async): the operands' row strides and batch strides (M K, K N or 0)
 * are multiples of 8 elements (the host checks), for cp.async's chunks and
 * ldmatrix's rows; C's rows too, so its stores pair columns without a
 * run-time test. */
static tile staged_operands(gk *g, int64_t bm, int64_t bn, int64_t bk, int64_t pad, operand *a, operand *b) {
  g->sa = vtc_gir_build_assume_multiple(&g->E.at, g->loc, g->sa, 8);
  g->sb = vtc_gir_build_assume_multiple(&g->E.at, g->loc, g->sb, 8);
  g->oa = vtc_gir_build_assume_multiple(&g->E.at, g->loc, g->oa, 8);
  g->ob = vtc_gir_build_assume_multiple(&g->E.at, g->loc, g->ob, 8);
  tile t = group_tile(g, bm, bn, bk);
  *a = make_operand(g, true, &t, bm, bk, pad);
  *b = make_operand(g, false, &t, bn, bk, pad);
  a->ld = vtc_gir_build_assume_multiple(&g->E.at, g->loc, a->ld, 8);
  b->ld = vtc_gir_build_assume_multiple(&g->E.at, g->loc, b->ld, 8);
  if (!g->p->b_trans) g->N = b->ld;
  return t;
}

/* ---- tensor cores ------------------------------------------------------------------------- */

typedef struct tc {
  gk *g;
  int64_t bm, bn, bk, wm, wn, stages, warps;
  operand a, b;
  vtc_value *w; /* this warp in the group */
} tc;

/* Issues warp w's async copies of k-tile `kt` into `stage` (index values). */
static void tc_load_stage(tc *T, vtc_value *stage, vtc_value *kt) {
  gk *g = T->g;
  vtc_value *k0 = mul(g, kt, c(g, T->bk));
  operand *ops[] = {&T->a, &T->b};
  for (unsigned i = 0; i < 2; i++) {
    operand *o = ops[i];
    int64_t rows_w = o->rows / T->warps;
    vtc_value *src = band_source(g, o, k0, T->w, rows_w);
    vtc_value *dst_off = add(g, mul(g, stage, c(g, o->rows * o->pitch)), mul(g, T->w, c(g, rows_w * o->pitch)));
    vtc_value *dst = view(g, o->smem, dst_off, sslice(g, g->in, rows_w, o->cols, o->pitch), NULL, NULL, NULL);
    vtc_gir_build_copy_async(&g->E.at, g->loc, src, dst);
  }
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

/* A warp's fragment of operand o for k-step kk of the stage at `base`:
 * its m (A) or n (B) sub-tile starts `wo` into the CTA tile. ldmatrix
 * reads it, transposed where the fragment's rows are the memory's
 * columns. */
static vtc_value *tc_fragment(tc *T, const operand *o, vtc_value *base, vtc_value *wo, int64_t kk, int64_t wext) {
  gk *g = T->g;
  vtc_value *off = o->k_outer ? add(g, base, add(g, c(g, kk * o->pitch), wo))
                              : add(g, base, add(g, mul(g, wo, c(g, o->pitch)), c(g, kk)));
  const vtc_type *st = o->k_outer ? sslice(g, g->in, 16, wext, o->pitch) : sslice(g, g->in, wext, 16, o->pitch);
  const vtc_type *ft = o->is_a ? vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_MMA_A, g->in, wext, 16)
                               : vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_MMA_B, g->in, 16, wext);
  /* A's fragment is m x k, B's k x n: transposed when k runs the other way. */
  return load(g, view(g, o->smem, off, st, NULL, NULL, NULL), ft, o->is_a == o->k_outer);
}

/* The warp's k-steps of 16 on the stage at `cs` (an index value). */
static vtc_value *tc_compute_stage(tc *T, vtc_value *cs, vtc_value *wm_off, vtc_value *wn_off, vtc_value *acc) {
  gk *g = T->g;
  vtc_value *abase = mul(g, cs, c(g, T->a.rows * T->a.pitch)), *bbase = mul(g, cs, c(g, T->b.rows * T->b.pitch));
  for (int64_t kk = 0; kk < T->bk; kk += 16) {
    vtc_value *a = tc_fragment(T, &T->a, abase, wm_off, kk, T->wm);
    vtc_value *b = tc_fragment(T, &T->b, bbase, wn_off, kk, T->wn);
    acc = vtc_gir_build_mma(&g->E.at, g->loc, a, b, acc);
  }
  return acc;
}

/* The epilogue (epilogue.c) on the accumulators of this warp's part of the
 * tile, already cast to the contraction's type: its extra operands read
 * in the accumulators' layout at the same rows and columns (a residual
 * like C, a bias along N with rows 0 apart, one along M broadcast from a
 * column), masked by the same `valid`. */
static vtc_value *apply_epilogue(gk *g, vtc_value *c_val, vtc_gir_layout layout, int64_t rows, int64_t cols,
                                 vtc_value *off, vtc_value *crow, vtc_value *ccol) {
  const t2g_epilogue *ep = g->epi;
  vtc_value *xs[T2G_EPILOGUE_MAX_EXTRA];
  for (unsigned x = 0; x < ep->num_extra; x++) {
    const vtc_type *e = ep->extra_elem[x], *frag = vtc_gir_fragment_type(g->ctx, layout, e, rows, cols);
    vtc_value *xv;
    switch (ep->kind[x]) {
    case T2G_EPILOGUE_FULL:
      xv = view(g, g->X[x], off, gslice(g, e, rows, cols, VTC_DYNAMIC), g->N, sub(g, g->M, crow), sub(g, g->N, ccol));
      xs[x] = load(g, xv, frag, false);
      break;
    case T2G_EPILOGUE_ROW: /* the same row for every row: rows 0 apart */
      xv = view(g, g->X[x], ccol, gslice(g, e, rows, cols, VTC_DYNAMIC), c(g, 0), sub(g, g->M, crow),
                sub(g, g->N, ccol));
      xs[x] = load(g, xv, frag, false);
      break;
    case T2G_EPILOGUE_COL: /* one value per row, broadcast along it */
      xv = view(g, g->X[x], crow, gslice(g, e, rows, 1, VTC_DYNAMIC), c(g, 1), sub(g, g->M, crow), c(g, 1));
      xs[x] = vtc_gir_build_broadcast(&g->E.at, g->loc, VTC_GIR_AXIS_WIDTH,
                                      load(g, xv, vtc_gir_slice_type(g->ctx, VTC_GIR_REGISTER, e, rows, 1, 1), false),
                                      frag);
      break;
    }
  }
  return t2g_emit_epilogue(&g->E.at, g->loc, ep, vtc_gir_fragment_type(g->ctx, layout, ep->d_elem, rows, cols), c_val,
                           xs);
}

/* The accumulators, cast to the output type (and through the epilogue where
 * the variant carries one), stored in this warp's part of the tile under
 * `valid`. */
static void store_tile(gk *g, tile *t, vtc_value *acc, vtc_gir_layout layout, int64_t wm_rows, int64_t wn_cols,
                       vtc_value *row0, vtc_value *col0) {
  vtc_value *out = acc;
  if (g->out != g->f32)
    out = ew(g, "arith.truncf", vtc_gir_fragment_type(g->ctx, layout, g->out, wm_rows, wn_cols), acc, NULL);
  vtc_value *crow = add(g, t->m0, row0), *ccol = add(g, t->n0, col0);
  vtc_value *off = add(g, add(g, t->c_batch, mul(g, crow, g->N)), ccol);
  const vtc_type *stored = g->out;
  if (g->epi) {
    out = apply_epilogue(g, out, layout, wm_rows, wn_cols, off, crow, ccol);
    stored = g->epi->d_elem;
  }
  vtc_value *cv = view(g, g->C, off, gslice(g, stored, wm_rows, wn_cols, VTC_DYNAMIC), g->N, sub(g, g->M, crow),
                       sub(g, g->N, ccol));
  vtc_gir_build_copy(&g->E.at, g->loc, out, cv);
}

/* Shared bytes of the tensor-core kernel: both operands' padded stages. */
static int64_t tc_shared_bytes(const vortex_variant *v, bool a_trans, bool b_trans, int64_t elem) {
  int64_t bm = v->l1.m, bn = v->l1.n, bk = v->l1.k;
  int64_t a = a_trans ? bk * (bm + 8) : bm * (bk + 8), b = b_trans ? bn * (bk + 8) : bk * (bn + 8);
  return v->l1.stages * (a + b) * elem;
}

bool t2g_gemm_tc_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n) {
  int64_t warps = (int64_t)(v->l1.m / v->l0.m) * (v->l1.n / v->l0.n);
  /* Each warp stages an equal band of rows of both tiles. */
  int64_t arows = g->a_trans ? v->l1.k : v->l1.m, brows = g->b_trans ? v->l1.n : v->l1.k;
  const char *bad = v->l1.k % 16 || v->l0.m % 16 || v->l0.n % 16   ? "tiles are not multiples of 16"
                    : v->l1.m % v->l0.m || v->l1.n % v->l0.n        ? "the CTA tile is not a multiple of the warp tile"
                    : warps < 1 || warps > 32                       ? "warps per CTA outside [1, 32]"
                    : arows % warps || brows % warps                ? "the staged rows do not divide among the warps"
                    : v->l1.stages < 2                              ? "fewer than 2 stages"
                    : tc_shared_bytes(v, g->a_trans, g->b_trans, 2) > VTC_GIR_MAX_SHARED_BYTES
                        ? "the staged tiles exceed the shared memory"
                        : NULL;
  if (bad) snprintf(why, n, "%s", bad);
  return !bad;
}

vtc_op *t2g_build_gemm_tc(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                          const vortex_variant *v) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  tc T = {.g = &g, .bm = v->l1.m, .bn = v->l1.n, .bk = v->l1.k, .wm = v->l0.m, .wn = v->l0.n, .stages = v->l1.stages};
  T.warps = (T.bm / T.wm) * (T.bn / T.wn);
  vtc_op *k = begin(&g, mb, name, p, v, t2g_gemm_fused(p, v), T.warps, 0);
  tile t = staged_operands(&g, T.bm, T.bn, T.bk, 8, &T.a, &T.b);
  T.w = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  vtc_value *wm_off = mul(&g, divu(&g, T.w, T.bn / T.wn), c(&g, T.wm));
  vtc_value *wn_off = mul(&g, remu(&g, T.w, T.bn / T.wn), c(&g, T.wn));
  operand *ops[] = {&T.a, &T.b};
  for (unsigned i = 0; i < 2; i++) {
    int64_t dims[] = {T.stages, ops[i]->rows, ops[i]->pitch};
    ops[i]->smem =
        vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.in, 3, dims), 0, NULL);
  }
  /* The prologue: k-tiles kbeg .. kbeg+S-2 into stages 0 .. S-2 (those
   * past the slice are never read; past K they are zero-filled). */
  vtc_builder saved;
  vtc_op *pro = open_for(&g, c(&g, 0), c(&g, T.stages - 1), 0, NULL, &saved);
  vtc_value *s = vtc_gir_for_induction_var(pro);
  tc_load_stage(&T, s, add(&g, t.kbeg, s));
  close_for(&g, 0, NULL, &saved);
  /* The main loop: wait for k-tile kt, start k-tile kt + S - 1 in the stage
   * k-tile kt - 1 used (every warp read it before the sync), compute. */
  vtc_value *zero = t2g_const(&g.E, g.f32, 0, 0.0);
  const vtc_type *acc_t = vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_MMA_ACC, g.f32, T.wm, T.wn);
  vtc_value *acc0 = vtc_gir_build_broadcast(&g.E.at, loc, VTC_GIR_AXIS_WIDTH, zero, acc_t);
  vtc_op *loop = open_for(&g, t.kbeg, t.kend, 1, &acc0, &saved);
  vtc_value *kt = vtc_gir_for_induction_var(loop), *acc = vtc_gir_for_body(loop)->args[1];
  vtc_gir_build_async_wait(&g.E.at, loc, T.stages - 2);
  vtc_value *bufs[] = {T.a.smem, T.b.smem};
  vtc_gir_build_sync(&g.E.at, loc, VTC_GIR_SCOPE_BLOCK, 2, bufs);
  vtc_value *rel = sub(&g, kt, t.kbeg);
  tc_load_stage(&T, remu(&g, add(&g, rel, c(&g, T.stages - 1)), T.stages), add(&g, kt, c(&g, T.stages - 1)));
  acc = tc_compute_stage(&T, remu(&g, rel, T.stages), wm_off, wn_off, acc);
  close_for(&g, 1, &acc, &saved);
  store_tile(&g, &t, vtc_op_result(loop, 0), VTC_GIR_LAYOUT_MMA_ACC, T.wm, T.wn, wm_off, wn_off);
  end(&g, k);
  return k;
}

/* ---- tensor cores on sm_90: wgmma ------------------------------------------------------------
 * The tensor-core variant's CTA tile on Hopper's warpgroup MMA: k-tiles of
 * 64 (one 128-byte row of 16-bit elements, the swizzle's span) staged by
 * the cp.async pipeline into swizzled shared tiles that gir.wgmma reads
 * directly (no ldmatrix, no A and B fragments in registers). A k-inner
 * operand (A as M x K, B as N x K) is staged as its rows of 64 k; a
 * k-outer one (A as K x M, B as K x N) as 64-wide column panels of 64
 * k-rows. One or two warpgroups (four warps each) split the tile's rows
 * into 64- or 128-row bands; each wgmma is m64 x (the tile's width) x k16,
 * so A's tile is read from shared memory once per k-step and warpgroup.
 * The pipeline (overlap, the default): k-tile i's wgmmas stay in flight
 * while k-tile i + 1 is waited for and issued (gir.wgmma_wait 1), so the
 * stage refilled at step i is the one step i - 2 read: S stages prefetch
 * S - 2 k-tiles ahead. Without overlap (the ablation, and 2-stage tiles)
 * each k-tile's wgmmas are waited for before the next barrier and S - 1
 * k-tiles are in flight. */
enum { WG_BK = 64, WG_PANEL = 64, WG_M = 64, WG_MAX_ACC = 128 };

typedef struct wg {
  gk *g;
  int64_t bm, bn, stages, warps, band, mblocks;
  operand a, b;
  vtc_value *w, *wgi;
} wg;

static int64_t wg_groups(int64_t bm) { return bm >= 2 * WG_M ? 2 : 1; }

/* Shared elements of one stage of operand o: mn x 64. */
static int64_t wg_stage_elems(const operand *o) { return o->mn * WG_BK; }

static void wg_copy(wg *W, vtc_value *src, vtc_value *smem, vtc_value *off, int64_t rows) {
  gk *g = W->g;
  vtc_value *dst = view(g, smem, off, sslice(g, g->in, rows, WG_BK, WG_BK), NULL, NULL, NULL);
  vtc_op *cp = vtc_gir_build_copy_async(&g->E.at, g->loc, src, dst);
  vtc_op_set_attr(cp, VTC_GIR_ATTR_SWIZZLE, vtc_attr_i64(g->ctx, VTC_GIR_SWIZZLE_BYTES));
}

/* This warp's swizzled copies of k-tile kt of operand o into `stage`. */
static void wg_load_operand(wg *W, operand *o, vtc_value *stage, vtc_value *kt) {
  gk *g = W->g;
  vtc_value *k0 = mul(g, kt, c(g, WG_BK)), *base = mul(g, stage, c(g, wg_stage_elems(o)));
  if (!o->k_outer) { /* mn rows of 64 k, an equal band per warp */
    int64_t rows = o->mn / W->warps;
    vtc_value *r0 = mul(g, W->w, c(g, rows));
    wg_copy(W, tile_source(g, o, add(g, o->mn0, r0), k0, rows, WG_BK), o->smem, add(g, base, mul(g, r0, c(g, WG_BK))),
            rows);
    return;
  }
  int64_t rows = WG_BK / W->warps; /* each panel's 64 k-rows, an equal band per warp */
  vtc_value *r0 = mul(g, W->w, c(g, rows));
  for (int64_t p = 0; p < o->mn / WG_PANEL; p++) {
    vtc_value *src = tile_source(g, o, add(g, k0, r0), add(g, o->mn0, c(g, p * WG_PANEL)), rows, WG_PANEL);
    wg_copy(W, src, o->smem, add(g, base, add(g, c(g, p * WG_PANEL * WG_BK), mul(g, r0, c(g, WG_BK)))), rows);
  }
}

static void wg_load_stage(wg *W, vtc_value *stage, vtc_value *kt) {
  wg_load_operand(W, &W->a, stage, kt);
  wg_load_operand(W, &W->b, stage, kt);
  vtc_gir_build_async_commit(&W->g->E.at, W->g->loc);
}

/* A's 64 x 16 tile of m-block mb (of this warpgroup's band) at k-step kk:
 * rows m0.. of 64 k, or row kk of panel m0 / 64. */
static vtc_value *wg_a_tile(wg *W, vtc_value *base, int64_t mb, int64_t kk) {
  gk *g = W->g;
  vtc_value *m0 = add(g, mul(g, W->wgi, c(g, W->band)), c(g, mb * WG_M));
  vtc_value *off = add(g, mul(g, m0, c(g, WG_BK)), c(g, W->a.k_outer ? kk * WG_BK : kk));
  const vtc_type *t = W->a.k_outer ? sslice(g, g->in, 16, WG_M, WG_BK) : sslice(g, g->in, WG_M, 16, WG_BK);
  return view(g, W->a.smem, add(g, base, off), t, NULL, NULL, NULL);
}

/* B's 16 x bn tile at k-step kk: its rows of 64 k, or the first of its
 * column panels at row kk. */
static vtc_value *wg_b_tile(wg *W, vtc_value *base, int64_t kk) {
  gk *g = W->g;
  const vtc_type *t = W->b.k_outer ? sslice(g, g->in, 16, WG_PANEL, WG_BK) : sslice(g, g->in, W->bn, 16, WG_BK);
  return view(g, W->b.smem, add(g, base, c(g, W->b.k_outer ? kk * WG_BK : kk)), t, NULL, NULL, NULL);
}

static void wg_compute_stage(wg *W, vtc_value *cs, vtc_value **acc, int64_t pending) {
  gk *g = W->g;
  vtc_value *abase = mul(g, cs, c(g, wg_stage_elems(&W->a))), *bbase = mul(g, cs, c(g, wg_stage_elems(&W->b)));
  int64_t panels = W->b.k_outer && W->bn > WG_PANEL ? WG_PANEL * WG_BK : 0;
  for (int64_t kk = 0; kk < WG_BK; kk += 16)
    for (int64_t mb = 0; mb < W->mblocks; mb++)
      acc[mb] = vtc_gir_build_wgmma(&g->E.at, g->loc, wg_a_tile(W, abase, mb, kk), wg_b_tile(W, bbase, kk), acc[mb],
                                    W->a.k_outer, !W->b.k_outer, panels);
  vtc_gir_build_wgmma_commit(&g->E.at, g->loc);
  vtc_gir_build_wgmma_wait(&g->E.at, g->loc, pending);
}

static int64_t wg_stage_bytes(const vortex_variant *v) { return (int64_t)(v->l1.m + v->l1.n) * WG_BK * 2; }

/* The stages of the wgmma kernel of v: 4, or 3 where that fits more CTAs
 * on an SM (on the H200, 4096^3: 128x256 tiles 0.286 ms with 4 stages
 * against 0.343 with 3; 128x128 tiles 0.327 ms with 3 stages, two CTAs an
 * SM, against 0.360 with 4, one), fewer only where the shared memory
 * holds fewer (2: then without overlap). */
static int64_t wg_stages(const t2g_gemm *g, const vortex_variant *v) {
  int64_t most = g->hw->gpu.shared_per_block_optin, bytes = wg_stage_bytes(v), per_sm = g->hw->gpu.shared_per_sm;
  if (most > VTC_GIR_MAX_SHARED_BYTES) most = VTC_GIR_MAX_SHARED_BYTES;
  int64_t fit = most / bytes;
  if (fit < 4) return fit;
  return per_sm / (3 * bytes) > per_sm / (4 * bytes) ? 3 : 4;
}

bool t2g_gemm_wgmma_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n) {
  int64_t bm = v->l1.m, bn = v->l1.n, warps = 4 * wg_groups(bm);
  int64_t acc = bm / wg_groups(bm) / WG_M * bn / 2;
  bool n_fits = bn <= 256 && (g->b_trans ? bn % 8 == 0 && bn % warps == 0 : bn % WG_PANEL == 0);
  const char *bad = !g->hw->gpu.wgmma                                 ? "the GPU has no wgmma (sm_90's)"
                    : vtc_type_bit_width(g->in_elem) != 16            ? "wgmma multiplies 16-bit inputs here"
                    : bm % WG_M || bm / wg_groups(bm) % WG_M || bm > 256 ? "the CTA tile's rows are not 64, 128 or 256"
                    : !n_fits                                         ? "the CTA tile's columns do not fit wgmma's n"
                    : acc > WG_MAX_ACC                                ? "more than 128 accumulators a thread"
                    : wg_stages(g, v) < 2                             ? "fewer than 2 stages of 64-deep k-tiles fit"
                                                                      : NULL;
  if (bad) snprintf(why, n, "%s", bad);
  return !bad;
}

vtc_op *t2g_build_gemm_wgmma(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                             const vortex_variant *v) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  int64_t groups = wg_groups(v->l1.m);
  wg W = {.g = &g, .bm = v->l1.m, .bn = v->l1.n, .stages = wg_stages(p, v), .warps = 4 * groups};
  W.band = W.bm / groups;
  W.mblocks = W.band / WG_M;
  bool overlap = S->opts->wgmma_overlap && W.stages >= 3;
  int64_t ahead = overlap ? W.stages - 2 : W.stages - 1; /* k-tiles in flight ahead of the one computed */
  vortex_variant planned = *v;
  int64_t fit = p->hw->gpu.shared_per_sm / (W.stages * wg_stage_bytes(v));
  if (planned.occupancy > fit) planned.occupancy = fit;
  vtc_op *k = begin(&g, mb, name, p, &planned, t2g_gemm_fused(p, v), W.warps, 0);
  tile t = staged_operands(&g, W.bm, W.bn, WG_BK, 0, &W.a, &W.b);
  W.w = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  W.wgi = divu(&g, W.w, 4);
  operand *ops[] = {&W.a, &W.b};
  for (unsigned i = 0; i < 2; i++) {
    int64_t dims[] = {W.stages, ops[i]->mn, WG_BK};
    ops[i]->smem =
        vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.in, 3, dims), 0, NULL);
  }
  vtc_builder saved;
  vtc_op *pro = open_for(&g, c(&g, 0), c(&g, ahead), 0, NULL, &saved);
  vtc_value *s = vtc_gir_for_induction_var(pro);
  wg_load_stage(&W, s, add(&g, t.kbeg, s));
  close_for(&g, 0, NULL, &saved);
  vtc_value *acc[2];
  const vtc_type *acc_t = vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_MMA_ACC, g.f32, 16, W.bn);
  vtc_value *zero = vtc_gir_build_broadcast(&g.E.at, loc, VTC_GIR_AXIS_WIDTH, t2g_const(&g.E, g.f32, 0, 0.0), acc_t);
  unsigned nacc = (unsigned)W.mblocks;
  for (unsigned i = 0; i < nacc; i++) acc[i] = zero;
  vtc_op *loop = open_for(&g, t.kbeg, t.kend, nacc, acc, &saved);
  vtc_value *kt = vtc_gir_for_induction_var(loop);
  for (unsigned i = 0; i < nacc; i++) acc[i] = vtc_gir_for_body(loop)->args[1 + i];
  vtc_gir_build_async_wait(&g.E.at, loc, ahead - 1);
  vtc_gir_build_wgmma_fence(&g.E.at, loc);
  vtc_value *bufs[] = {W.a.smem, W.b.smem};
  vtc_gir_build_sync(&g.E.at, loc, VTC_GIR_SCOPE_BLOCK, 2, bufs);
  vtc_value *rel = sub(&g, kt, t.kbeg);
  wg_load_stage(&W, remu(&g, add(&g, rel, c(&g, ahead)), W.stages), add(&g, kt, c(&g, ahead)));
  wg_compute_stage(&W, remu(&g, rel, W.stages), acc, overlap ? 1 : 0);
  close_for(&g, nacc, acc, &saved);
  if (overlap) vtc_gir_build_wgmma_wait(&g.E.at, loc, 0);
  vtc_value *q16 = mul(&g, remu(&g, W.w, 4), c(&g, 16));
  for (int64_t m = 0; m < W.mblocks; m++) {
    vtc_value *row0 = add(&g, add(&g, mul(&g, W.wgi, c(&g, W.band)), c(&g, m * WG_M)), q16);
    store_tile(&g, &t, vtc_op_result(loop, (unsigned)m), VTC_GIR_LAYOUT_MMA_ACC, 16, W.bn, row0, c(&g, 0));
  }
  end(&g, k);
  return k;
}

/* ---- CUDA cores ------------------------------------------------------------------------------- */

/* The FFMA kernel of a CUDA-core variant: a bm x bn CTA tile of warps,
 * each a wm x wn warp tile of 4 x 8 lanes (ffma layouts: thread tiles
 * wm/4 x wn/8); A and B staged k-major (As[k][m], Bs[k][n], rows padded by
 * 4 elements) through registers into two shared stages: the next k-tile is
 * read into registers before the current one is computed, stored after it.
 * Each warp reads its band of rows as they lie in memory (coalesced along
 * the contiguous dim); an operand whose k is inner (A as M x K, B as N x K)
 * is stored transposed, lane j to row j of the stage, which the padding
 * spreads over the banks. */
typedef struct ff {
  gk *g;
  int64_t bm, bn, bk, wm, wn, warps;
  operand a, b;
  vtc_value *w, *smem[2];
  vtc_value *regs[2];
} ff;

enum { FF_PAD = 4 }; /* keeps 16-byte rows for the fragments' vector loads */

/* Warp w's band of operand o at k-tile kt, into registers as it lies. */
static vtc_value *ff_fetch(ff *F, const operand *o, vtc_value *kt) {
  gk *g = F->g;
  int64_t rows_w = o->rows / F->warps;
  vtc_value *src = band_source(g, o, mul(g, kt, c(g, F->bk)), F->w, rows_w);
  return load(g, src, vtc_gir_register_type(g->ctx, g->f32, rows_w, o->cols), false);
}

/* ... and from registers into the k-major stage at `stage` (an index value). */
static void ff_store(ff *F, const operand *o, vtc_value *regs, vtc_value *smem, vtc_value *stage) {
  gk *g = F->g;
  int64_t rows_w = o->rows / F->warps, pitch = o->mn + FF_PAD;
  vtc_value *base = mul(g, stage, c(g, F->bk * pitch));
  vtc_value *off = o->k_outer ? mul(g, F->w, c(g, rows_w * pitch)) : mul(g, F->w, c(g, rows_w));
  const vtc_type *st = o->k_outer ? sslice(g, g->f32, rows_w, o->mn, pitch) : sslice(g, g->f32, F->bk, rows_w, pitch);
  vtc_op *cp = vtc_gir_build_copy(&g->E.at, g->loc, regs, view(g, smem, add(g, base, off), st, NULL, NULL, NULL));
  if (!o->k_outer) vtc_op_set_attr(cp, VTC_GIR_ATTR_TRANSPOSE, vtc_attr_unit(g->ctx));
}

static void ff_store_stage(ff *F, vtc_value *stage) {
  ff_store(F, &F->a, F->regs[0], F->smem[0], stage);
  ff_store(F, &F->b, F->regs[1], F->smem[1], stage);
  vtc_gir_build_sync(&F->g->E.at, F->g->loc, VTC_GIR_SCOPE_BLOCK, 2, F->smem);
}

/* A lane's fragment of k-row kk of the stage at `base`: its wext columns
 * from `wo` (A transposed into m x 1, B as 1 x n). */
static vtc_value *ff_fragment(ff *F, int which, vtc_value *base, vtc_value *kk, vtc_value *wo, int64_t wext) {
  gk *g = F->g;
  int64_t pitch = (which ? F->bn : F->bm) + FF_PAD;
  vtc_value *off = add(g, add(g, base, mul(g, kk, c(g, pitch))), wo);
  vtc_value *v = view(g, F->smem[which], off, sslice(g, g->f32, 1, wext, wext), NULL, NULL, NULL);
  return which ? load(g, v, vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_FFMA_B, g->f32, 1, wext), false)
               : load(g, v, vtc_gir_fragment_type(g->ctx, VTC_GIR_LAYOUT_FFMA_A, g->f32, wext, 1), true);
}

/* The FMAs of the k-rows of the stage at (abase, bbase). Unrolled where
 * a lane's tile is large (one CTA per SM, so the latency of the shared
 * loads must hide behind the same warp's FMAs: ptxas issues row kk + 1's
 * loads before row kk's FMAs); a gir.for otherwise, where more warps hide
 * it and unrolling costs registers. On the H200, unrolling 32x64 warp
 * tiles too took 8192^3 from 32.1 to 30.9 ms but Table 6's mid-M rows
 * 1-2% the other way (within its noise); a loop that carries the next
 * row's fragments, as CUTLASS does, measured slower than either (4.9
 * against 3.8 ms on a 4096^3 tile that unrolled). */
static vtc_value *ff_compute_stage(ff *F, vtc_value *abase, vtc_value *bbase, vtc_value *wmr, vtc_value *wnc,
                                   vtc_value *acc) {
  gk *g = F->g;
  int unroll = g->S->opts->unroll_k;
  bool unrolled = unroll == T2G_UNROLL_ALWAYS || (unroll == T2G_UNROLL_AUTO && F->wm * F->wn / 32 >= 128);
  if (!unrolled) {
    vtc_builder saved;
    vtc_op *loop = open_for(g, c(g, 0), c(g, F->bk), 1, &acc, &saved);
    vtc_value *kk = vtc_gir_for_induction_var(loop);
    vtc_value *af = ff_fragment(F, 0, abase, kk, wmr, F->wm), *bf = ff_fragment(F, 1, bbase, kk, wnc, F->wn);
    vtc_value *d = vtc_gir_build_mma(&g->E.at, g->loc, af, bf, vtc_gir_for_body(loop)->args[1]);
    close_for(g, 1, &d, &saved);
    return vtc_op_result(loop, 0);
  }
  for (int64_t kk = 0; kk < F->bk; kk++) {
    vtc_value *af = ff_fragment(F, 0, abase, c(g, kk), wmr, F->wm);
    vtc_value *bf = ff_fragment(F, 1, bbase, c(g, kk), wnc, F->wn);
    acc = vtc_gir_build_mma(&g->E.at, g->loc, af, bf, acc);
  }
  return acc;
}

/* A lane's registers in the CUDA-core kernel, counted from its slices: the
 * accumulators, two k-rows' fragments (the next row's loads issue before
 * this row's FMAs), the next
 * k-tile's staged band of each operand (one register per row and 32
 * columns of it), and 24 for addresses, masks and indices. A floor, not
 * ptxas's count, which it may exceed by a few spilled words (8-108 bytes
 * on some 1- and 2-warp tiles of Table 6's qkv plan, whose M < 128 rows
 * ran 5-7% slower than before budgets; ptxas's own count, cached per
 * kernel, would be the fix). */
static int64_t ff_registers(const t2g_gemm *p, const vortex_variant *v, int64_t warps) {
  int64_t bm = v->l1.m, bn = v->l1.n, bk = v->l1.k, wm = v->l0.m, wn = v->l0.n;
  int64_t a_rows = p->a_trans ? bk : bm, a_cols = p->a_trans ? bm : bk;
  int64_t b_rows = p->b_trans ? bn : bk, b_cols = p->b_trans ? bk : bn;
  int64_t staged = a_rows / warps * ((a_cols + 31) / 32) + b_rows / warps * ((b_cols + 31) / 32);
  return wm * wn / 32 + 2 * (wm / 4 + wn / 8) + staged + 24;
}

bool t2g_gemm_ffma_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n) {
  const vortex_l0 *l0 = &v->l0;
  int64_t warps = (int64_t)(v->l1.m / l0->m) * (v->l1.n / l0->n);
  int64_t arows = g->a_trans ? v->l1.k : v->l1.m, brows = g->b_trans ? v->l1.n : v->l1.k;
  int64_t shared = 2 * (int64_t)v->l1.k * (v->l1.m + v->l1.n + 2 * FF_PAD) * 4;
  const char *bad = l0->lanes_m != 4 || l0->lanes_n != 8           ? "lanes are not a 4 x 8 grid (gir's ffma layouts)"
                    : v->l1.m % l0->m || v->l1.n % l0->n            ? "the CTA tile is not a multiple of the warp tile"
                    : warps < 1 || warps > 32                       ? "warps per CTA outside [1, 32]"
                    : arows % warps || brows % warps                ? "the staged rows do not divide among the warps"
                    : shared > VTC_GIR_MAX_SHARED_BYTES         ? "the staged tiles exceed the shared memory"
                                                                    : NULL;
  if (bad) snprintf(why, n, "%s", bad);
  return !bad;
}

vtc_op *t2g_build_gemm_ffma(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                            const vortex_variant *v) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  ff F = {.g = &g, .bm = v->l1.m, .bn = v->l1.n, .bk = v->l1.k, .wm = v->l0.m, .wn = v->l0.n};
  F.warps = (F.bm / F.wm) * (F.bn / F.wn);
  vtc_op *k = begin(&g, mb, name, p, v, t2g_gemm_fused(p, v), F.warps, ff_registers(p, v, F.warps));
  tile t = group_tile(&g, F.bm, F.bn, F.bk);
  F.a = make_operand(&g, true, &t, F.bm, F.bk, 0);
  F.b = make_operand(&g, false, &t, F.bn, F.bk, 0);
  F.w = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  vtc_value *wmr = mul(&g, divu(&g, F.w, F.bn / F.wn), c(&g, F.wm));
  vtc_value *wnc = mul(&g, remu(&g, F.w, F.bn / F.wn), c(&g, F.wn));
  operand *ops[] = {&F.a, &F.b};
  for (unsigned i = 0; i < 2; i++) {
    int64_t dims[] = {2, F.bk, ops[i]->mn + FF_PAD};
    F.smem[i] = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(g.ctx, VTC_GIR_SHARED, g.f32, 3, dims), 0, NULL);
  }
  F.regs[0] = ff_fetch(&F, &F.a, t.kbeg);
  F.regs[1] = ff_fetch(&F, &F.b, t.kbeg);
  ff_store_stage(&F, c(&g, 0));
  const vtc_type *acc_t = vtc_gir_fragment_type(g.ctx, VTC_GIR_LAYOUT_FFMA_ACC, g.f32, F.wm, F.wn);
  vtc_value *acc0 = vtc_gir_build_broadcast(&g.E.at, loc, VTC_GIR_AXIS_WIDTH, t2g_const(&g.E, g.f32, 0, 0.0), acc_t);
  vtc_builder saved;
  vtc_op *loop = open_for(&g, t.kbeg, t.kend, 1, &acc0, &saved);
  vtc_value *kt = vtc_gir_for_induction_var(loop), *acc = vtc_gir_for_body(loop)->args[1];
  vtc_value *s = remu(&g, sub(&g, kt, t.kbeg), 2);
  vtc_value *nk = add(&g, kt, c(&g, 1));
  F.regs[0] = ff_fetch(&F, &F.a, nk);
  F.regs[1] = ff_fetch(&F, &F.b, nk);
  vtc_value *abase = mul(&g, s, c(&g, F.bk * (F.bm + FF_PAD))), *bbase = mul(&g, s, c(&g, F.bk * (F.bn + FF_PAD)));
  acc = ff_compute_stage(&F, abase, bbase, wmr, wnc, acc);
  ff_store_stage(&F, sub(&g, c(&g, 1), s));
  close_for(&g, 1, &acc, &saved);
  store_tile(&g, &t, vtc_op_result(loop, 0), VTC_GIR_LAYOUT_FFMA_ACC, F.wm, F.wn, wmr, wnc);
  end(&g, k);
  return k;
}

/* ---- split-K: the sum of the slices --------------------------------------------------------------- */

enum { RED_WIDTH = 256, RED_WARPS = 4 };

/* C[b] = cast(sum over z of W[b][z]) for W the workspace [batch][split][M
 * N]: one unit per RED_WIDTH elements of one batch's M N, masked at the
 * end. Parameters (W, C, MN, batch). */
vtc_op *t2g_build_gemm_splitk_reduce(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                                     const t2g_gemm *p, int64_t split) {
  gk g = {.S = S, .ctx = S->ctx, .loc = loc};
  const vtc_type *idx = vtc_type_index(g.ctx);
  const vtc_type *params[4] = {workspace_type(g.ctx), p->c_buffer, idx, idx};
  vtc_op *k = vtc_gir_build_kernel(mb, loc, name, 4, params, VTC_GIR_HIER_GPU, RED_WARPS, 32);
  vtc_block *body = vtc_gir_kernel_body(k);
  t2g_emit_init(&g.E, g.ctx, loc, body);
  g.E.at = vtc_builder_at_end(g.ctx, body);
  g.f32 = vtc_type_f32(g.ctx);
  vtc_value *W = body->args[0], *C = body->args[1], *mn = body->args[2], *batch = body->args[3];
  vtc_value *u = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT);
  vtc_value *chunks = t2g_ceildivui(&g.E, mn, c(&g, RED_WIDTH));
  vtc_value *b = t2g_divui(&g.E, u, chunks), *e0 = mul(&g, t2g_remui(&g.E, u, chunks), c(&g, RED_WIDTH));
  vtc_value *rows = t2g_select(&g.E, t2g_cmpi(&g.E, VTC_CMPI_ULT, b, batch), c(&g, 1), c(&g, 0));
  vtc_value *cols = sub(&g, mn, e0);
  const vtc_type *rt = vtc_gir_register_type(g.ctx, g.f32, 1, RED_WIDTH);
  vtc_value *sum = NULL;
  for (int64_t z = 0; z < split; z++) {
    vtc_value *off = add(&g, mul(&g, add(&g, mul(&g, b, c(&g, split)), c(&g, z)), mn), e0);
    vtc_value *part = load(&g, view(&g, W, off, gslice(&g, g.f32, 1, RED_WIDTH, RED_WIDTH), NULL, rows, cols), rt,
                           false);
    sum = sum ? ew(&g, "arith.addf", rt, sum, part) : part;
  }
  if (p->out_elem != g.f32)
    sum = ew(&g, "arith.truncf", vtc_gir_register_type(g.ctx, p->out_elem, 1, RED_WIDTH), sum, NULL);
  vtc_value *cv = view(&g, C, add(&g, mul(&g, b, mn), e0), gslice(&g, p->out_elem, 1, RED_WIDTH, RED_WIDTH), NULL,
                       rows, cols);
  vtc_gir_build_copy(&g.E.at, loc, sum, cv);
  end(&g, k);
  return k;
}

vtc_value *t2g_gemm_splitk_reduce_groups(t2g_emit *E, vtc_value *batch, vtc_value *mn) {
  vtc_value *units = t2g_muli(E, batch, t2g_ceildivui(E, mn, t2g_cidx(E, RED_WIDTH)));
  return t2g_ceildivui(E, units, t2g_cidx(E, RED_WARPS));
}

const vtc_type *t2g_gemm_workspace_type(vtc_context *ctx) { return workspace_type(ctx); }
