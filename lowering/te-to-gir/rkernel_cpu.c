/* Vortex's CPU rKernels (vortex.txt section 6.1, Table 1): the BLIS-style
 * kernel (Low et al.) as gir, built here for every CPU variant the planner
 * keeps and, with fixed parameters, for the hand-written SGEMM benchmark
 * (benchmarks/cpu/sgemm_gir.c prints what vtc_t2g_build_cpu_gemm builds:
 * one implementation). C[b] = A[b] x B[b], f32, A M x K (row stride K),
 * B K x N (row stride N), C M x N, batch strides sa, sb (0: broadcast) and
 * M N for C, A and B from element offsets oa, ob (slices of larger tensors); any M, N, K (edges masked by `valid`, never padded copies).
 *   L2  the launch's groups: one per (batch, NC-column panel of C and B)
 *       (BLIS loop 5, jc); a group's G threads split the panel's MR x NR
 *       micro-tiles by MR-row slivers (each packs its own A) or, when that
 *       balances worse (small M: decode shapes), by NR-column slivers;
 *   L1  per KC-deep block of K (loop 4, pc) the group packs the KC x NC
 *       panel of B into its CacheBuffer (`shared`, k-major NR-column
 *       slivers, sliver s by unit s mod G) and meets at `gir.sync block`;
 *       each thread packs one MR x KC sliver of A at a time (MR x L tiles
 *       read along K, transposed in registers: k-major, L1-resident) and
 *       runs it across its column slivers of the panel (loops 3, 2, 1);
 *   L0  an MR x NR f32 accumulator slice in vector registers over the KC
 *       loop (`gir.for` iter_args): `gir.mma` with K = 1 of an MR x 1 column
 *       of the packed A sliver (broadcasts) and a 1 x NR row of the packed
 *       B sliver (vector loads); C is loaded into the accumulators after the
 *       first KC block and stored once per block.
 * Choices where the paper is silent: the variant's MC (l1.m) is not a loop
 * of its own: A is packed one MR sliver at a time (measured faster on the
 * 2-core machine than an MC block in L2, benchmarks/results/cpu.md), so the
 * variant contributes MR x NR, KC and NC; K is not split (small M splits the
 * panel's columns among the group instead); the group is every core of the
 * planned CPU (one team of the runtime's pool), so one packed panel serves
 * all of them. f16/bf16 operands are widened to f32 while packing (A
 * always; B in the packed panel, or as each row is loaded in the direct
 * form) and an f16/bf16 C is converted at its loads and stores; such a C is
 * rounded once, so its K is one KC block (K static). The direct form
 * streams B for small M and long rows (stream_kc: KC blocks of 16 rows,
 * picked in the kernel at run time; t2g.h has the measurements).
 * A variant that carries the contraction's epilogue (epilogue.c) takes the
 * epilogue's result D and extra inputs after the ten parameters: once C is
 * final (after the last KC block), each thread reads back its own tiles of
 * C a row at a time (just written, in cache), applies the epilogue with
 * the extras loaded in the row's layout, and stores D: no second kernel,
 * no second pass over C from memory. C stays the product's buffer: with
 * several KC blocks it holds the partial sums, as without an epilogue. */
#include <stdio.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"
#include "lowering/te-to-gir/te_to_gir.h"

/* What one kernel builder works with. */
typedef struct ck {
  vtc_context *ctx;
  const vtc_loc *loc;
  t2g_emit E;
  const vtc_t2g_cpu_gemm *p;
  const vtc_type *f32;
  const vtc_type *ael, *bel, *cel;            /* the buffers' element types (f16/bf16 widened to f32 on load) */
  vtc_value *A, *B, *C, *M, *N, *K, *sa, *sb, *oa, *ob; /* parameters */
  vtc_value *u, *bp, *ap, *abase;             /* unit, the CacheBuffers, this unit's A sliver */
  vtc_value *cp;                              /* p->panel_rows: the f32 C panel (CacheBuffer) */
  vtc_value *a0, *b0, *c0, *jc, *nsl;         /* the group's batch offsets, panel column, slivers */
  vtc_value *ms0, *ms1, *ns0, *ns1;           /* this unit's row and column slivers */
  vtc_value *pc, *kc, *later;                 /* the KC block */
  const t2g_epilogue *epi;                    /* the epilogue the variant carries, or NULL */
  vtc_value *D, *X[T2G_EPILOGUE_MAX_EXTRA];   /* its result and extra inputs (parameters 10...) */
} ck;

static vtc_value *c(ck *g, int64_t v) { return t2g_cidx(&g->E, v); }
static vtc_value *add(ck *g, vtc_value *a, vtc_value *b) { return t2g_addi(&g->E, a, b); }
static vtc_value *sub(ck *g, vtc_value *a, vtc_value *b) { return t2g_subi(&g->E, a, b); }
static vtc_value *mul(ck *g, vtc_value *a, vtc_value *b) { return t2g_muli(&g->E, a, b); }
static vtc_value *mulc(ck *g, vtc_value *a, int64_t b) { return t2g_muli(&g->E, a, c(g, b)); }

static const vtc_type *typed_slice(ck *g, const vtc_type *el, vtc_gir_level level, int64_t num, int64_t width,
                                   bool dynamic_stride) {
  return vtc_gir_slice_type(g->ctx, level, el, num, width, dynamic_stride ? VTC_DYNAMIC : width);
}
static const vtc_type *slice(ck *g, vtc_gir_level level, int64_t num, int64_t width, bool dynamic_stride) {
  return typed_slice(g, g->f32, level, num, width, dynamic_stride);
}
static const vtc_type *reg(ck *g, int64_t num, int64_t width) {
  return vtc_gir_register_type(g->ctx, g->f32, num, width);
}

/* A register slice converted element by element (arith.extf to f32 after
 * an f16/bf16 load, arith.truncf before an f16/bf16 store); v itself when
 * it has the type already. */
static vtc_value *convert(ck *g, vtc_value *v, const vtc_type *to) {
  const vtc_type *from = vtc_gir_elem_type(g->ctx, v->type);
  if (from == to) return v;
  vtc_gir_slice_info si;
  vtc_gir_slice_info_of(g->ctx, v->type, &si);
  vtc_op *ew = vtc_gir_build_elementwise(&g->E.at, g->loc, vtc_gir_register_type(g->ctx, to, si.num, si.width), 1, &v,
                                         false);
  vtc_builder in = vtc_builder_at_end(g->ctx, vtc_gir_elementwise_body(ew));
  vtc_value *y = t2g_float_cast(&in, g->loc, vtc_gir_elementwise_body(ew)->args[0], to);
  vtc_gir_build_yield(&in, g->loc, 1, &y);
  return vtc_op_result(ew, 0);
}

/* A global slice loaded into registers as f32. */
static vtc_value *load_f32(ck *g, vtc_value *view_value, const vtc_type *el, int64_t num, int64_t width) {
  vtc_value *r = vtc_gir_build_copy_to_register(&g->E.at, g->loc, view_value,
                                                vtc_gir_register_type(g->ctx, el, num, width));
  return convert(g, r, g->f32);
}
static vtc_value *view(ck *g, vtc_value *buf, vtc_value *off, const vtc_type *t, vtc_value *stride, vtc_value *rows,
                       vtc_value *cols) {
  return vtc_gir_build_view(&g->E.at, g->loc, buf, off, t, stride, rows, cols);
}

/* Opens `gir.for lo to hi step` at g->E.at with carried values; E.at moves
 * into its body (the caller yields with close_for). */
static vtc_op *open_for(ck *g, vtc_value *lo, vtc_value *hi, vtc_value *step, unsigned n, vtc_value *const *init,
                        vtc_builder *saved) {
  vtc_op *f = vtc_gir_build_for(&g->E.at, g->loc, lo, hi, step, n, init);
  *saved = g->E.at;
  g->E.at = vtc_builder_at_end(g->ctx, vtc_gir_for_body(f));
  return f;
}

static void close_for(ck *g, unsigned n, vtc_value *const *yield, const vtc_builder *saved) {
  vtc_gir_build_yield(&g->E.at, g->loc, n, yield);
  g->E.at = *saved;
}

static vtc_value *iv(vtc_op *f) { return vtc_gir_for_induction_var(f); }

/* L2: the group's batch and NC-column panel; the split of the panel's
 * micro-tiles among the group's units (by rows unless columns balance
 * better: ceil(msl / G) * nsl vs msl * ceil(nsl / G) micro-tiles each). */
static void group_work(ck *g) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_value *gid = vtc_gir_build_id(&g->E.at, g->loc, VTC_GIR_DIM_GROUP);
  vtc_value *panels = t2g_ceildivui(&g->E, g->N, c(g, p->nc));
  vtc_value *bidx = t2g_divui(&g->E, gid, panels), *pan = t2g_remui(&g->E, gid, panels);
  g->a0 = add(g, mul(g, bidx, g->sa), g->oa);
  g->b0 = add(g, mul(g, bidx, g->sb), g->ob);
  g->c0 = mul(g, bidx, mul(g, g->M, g->N));
  g->jc = mulc(g, pan, p->nc);
  vtc_value *nc = t2g_minui(&g->E, sub(g, g->N, g->jc), c(g, p->nc));
  g->nsl = t2g_ceildivui(&g->E, nc, c(g, p->nr));
  vtc_value *G = c(g, p->group), *one = c(g, 1), *zero = c(g, 0);
  vtc_value *msl = t2g_ceildivui(&g->E, g->M, c(g, p->mr));
  vtc_value *cost_m = mul(g, t2g_ceildivui(&g->E, msl, G), g->nsl);
  vtc_value *cost_n = mul(g, msl, t2g_ceildivui(&g->E, g->nsl, G));
  vtc_value *by_rows = t2g_cmpi(&g->E, VTC_CMPI_ULE, cost_m, cost_n);
  vtc_value *ti = t2g_select(&g->E, by_rows, g->u, zero), *tj = t2g_select(&g->E, by_rows, zero, g->u);
  vtc_value *pm = t2g_select(&g->E, by_rows, G, one), *pn = t2g_select(&g->E, by_rows, one, G);
  g->ms0 = t2g_divui(&g->E, mul(g, ti, msl), pm);
  g->ms1 = t2g_divui(&g->E, mul(g, add(g, ti, one), msl), pm);
  g->ns0 = t2g_divui(&g->E, mul(g, tj, g->nsl), pn);
  g->ns1 = t2g_divui(&g->E, mul(g, add(g, tj, one), g->nsl), pn);
}

/* The C tile of row sliver s and column sliver js of the panel: rows past
 * M and columns past N are masked. *off, *vc: its offset and valid columns. */
static vtc_value *c_tile(ck *g, vtc_value *s, vtc_value *js, vtc_value **off, vtc_value **col, vtc_value **vc) {
  vtc_value *row = mulc(g, s, g->p->mr);
  *col = add(g, g->jc, mulc(g, js, g->p->nr));
  *vc = sub(g, g->N, *col);
  *off = add(g, g->c0, add(g, mul(g, row, g->N), *col));
  return view(g, g->C, *off, typed_slice(g, g->cel, VTC_GIR_GLOBAL, g->p->mr, g->p->nr, true), g->N, sub(g, g->M, row),
              *vc);
}

/* What the micro-kernel accumulates into: the C tile, or with an f32
 * panel the tile's place in it (row stride NC, same masks). */
static vtc_value *acc_tile(ck *g, vtc_value *s, vtc_value *js, vtc_value **off, vtc_value **col, vtc_value **vc) {
  vtc_value *ct = c_tile(g, s, js, off, col, vc);
  if (!g->p->panel_rows) return ct;
  vtc_value *row = mulc(g, s, g->p->mr), *poff = add(g, mulc(g, row, g->p->nc), mulc(g, js, g->p->nr));
  return view(g, g->cp, poff, slice(g, VTC_GIR_SHARED, g->p->mr, g->p->nr, true), c(g, g->p->nc), sub(g, g->M, row),
              *vc);
}

/* After the last KC block (K > 0): this unit's tiles of the f32 panel,
 * rounded into C once. */
static void panel_to_c(ck *g) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_builder s0, s1, s2;
  open_for(g, c(g, 0), t2g_minui(&g->E, g->K, c(g, 1)), c(g, 1), 0, NULL, &s0);
  vtc_op *fs = open_for(g, g->ms0, g->ms1, c(g, 1), 0, NULL, &s1);
  vtc_op *fj = open_for(g, g->ns0, g->ns1, c(g, 1), 0, NULL, &s2);
  vtc_value *off, *col, *vc;
  vtc_value *ct = c_tile(g, iv(fs), iv(fj), &off, &col, &vc), *pt = acc_tile(g, iv(fs), iv(fj), &off, &col, &vc);
  vtc_value *v = vtc_gir_build_copy_to_register(&g->E.at, g->loc, pt, reg(g, p->mr, p->nr));
  vtc_gir_build_copy(&g->E.at, g->loc, convert(g, v, g->cel), ct);
  close_for(g, 0, NULL, &s2);
  close_for(g, 0, NULL, &s1);
  close_for(g, 0, NULL, &s0);
}

/* The epilogue's extra input x for row `row` of the output at columns
 * [col, col + NR) (C's element offset off), as a 1 x NR register slice:
 * the output's shape (a residual), a row vector along N, or a column
 * along M (one value, broadcast along the row). */
static vtc_value *epilogue_extra(ck *g, unsigned x, vtc_value *off, vtc_value *row, vtc_value *col, vtc_value *vc) {
  const vtc_t2g_cpu_gemm *p = g->p;
  const t2g_epilogue *ep = g->epi;
  const vtc_type *e = ep->extra_elem[x], *line = vtc_gir_register_type(g->ctx, e, 1, p->nr);
  vtc_value *at = ep->kind[x] == T2G_EPILOGUE_FULL ? off : ep->kind[x] == T2G_EPILOGUE_ROW ? col : row;
  if (ep->kind[x] == T2G_EPILOGUE_COL) {
    vtc_value *v = view(g, g->X[x], at, typed_slice(g, e, VTC_GIR_GLOBAL, 1, 1, false), NULL, NULL, NULL);
    v = vtc_gir_build_copy_to_register(&g->E.at, g->loc, v, vtc_gir_register_type(g->ctx, e, 1, 1));
    return vtc_gir_build_broadcast(&g->E.at, g->loc, VTC_GIR_AXIS_WIDTH, v, line);
  }
  vtc_value *v = view(g, g->X[x], at, typed_slice(g, e, VTC_GIR_GLOBAL, 1, p->nr, false), NULL, c(g, 1), vc);
  return vtc_gir_build_copy_to_register(&g->E.at, g->loc, v, line);
}

/* Once C is final: this unit's tiles of C through the epilogue into D, a
 * row at a time (1 x NR slices: the epilogue's code once per row, not MR
 * times over, which LLVM compiled 1.7x slower on efficientnet-se). */
static void c_to_d(ck *g) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_builder s1, s2, s3;
  vtc_op *fs = open_for(g, g->ms0, g->ms1, c(g, 1), 0, NULL, &s1);
  vtc_op *fj = open_for(g, g->ns0, g->ns1, c(g, 1), 0, NULL, &s2);
  vtc_value *row0 = mulc(g, iv(fs), p->mr), *col = add(g, g->jc, mulc(g, iv(fj), p->nr)), *vc = sub(g, g->N, col);
  vtc_op *fr = open_for(g, c(g, 0), t2g_minui(&g->E, c(g, p->mr), sub(g, g->M, row0)), c(g, 1), 0, NULL, &s3);
  vtc_value *row = add(g, row0, iv(fr)), *off = add(g, g->c0, add(g, mul(g, row, g->N), col));
  vtc_value *ct = view(g, g->C, off, typed_slice(g, g->cel, VTC_GIR_GLOBAL, 1, p->nr, false), NULL, c(g, 1), vc);
  vtc_value *cv = vtc_gir_build_copy_to_register(&g->E.at, g->loc, ct, vtc_gir_register_type(g->ctx, g->cel, 1, p->nr));
  vtc_value *xs[T2G_EPILOGUE_MAX_EXTRA];
  for (unsigned x = 0; x < g->epi->num_extra; x++) xs[x] = epilogue_extra(g, x, off, row, col, vc);
  const vtc_type *del = g->epi->d_elem;
  vtc_value *d = t2g_emit_epilogue(&g->E.at, g->loc, g->epi, vtc_gir_register_type(g->ctx, del, 1, p->nr), cv, xs);
  vtc_gir_build_copy(&g->E.at, g->loc, d,
                     view(g, g->D, off, typed_slice(g, del, VTC_GIR_GLOBAL, 1, p->nr, false), NULL, c(g, 1), vc));
  close_for(g, 0, NULL, &s3);
  close_for(g, 0, NULL, &s2);
  close_for(g, 0, NULL, &s1);
}

/* K = 0: C = 0 on this unit's tiles (a loop of one trip when K is 0). */
static void zero_fill(ck *g) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_builder s0, s1, s2;
  open_for(g, g->K, c(g, 1), c(g, 1), 0, NULL, &s0);
  vtc_value *zero = vtc_gir_build_broadcast(&g->E.at, g->loc, VTC_GIR_AXIS_WIDTH, t2g_const(&g->E, g->cel, 0, 0.0),
                                            vtc_gir_register_type(g->ctx, g->cel, p->mr, p->nr));
  vtc_op *fs = open_for(g, g->ms0, g->ms1, c(g, 1), 0, NULL, &s1);
  vtc_op *fj = open_for(g, g->ns0, g->ns1, c(g, 1), 0, NULL, &s2);
  vtc_value *off, *col, *vc;
  vtc_gir_build_copy(&g->E.at, g->loc, zero, c_tile(g, iv(fs), iv(fj), &off, &col, &vc));
  close_for(g, 0, NULL, &s2);
  close_for(g, 0, NULL, &s1);
  close_for(g, 0, NULL, &s0);
}

/* L1, B: the group packs the KC x NC panel (k-major NR-column slivers),
 * unit u its contiguous share of the slivers, KU rows of all of them at a
 * time, so that each unit reads B's rows in long contiguous runs (sliver
 * by sliver, a KC-row sliver of a power-of-two-wide B walks one cache set
 * and one page per row: 0.5x OpenBLAS at 1024^3 against 0.9x at 1536^3);
 * columns past N and rows past kc read as 0; then a block barrier. */
static void pack_b(ck *g) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_builder s0, s1;
  vtc_value *G = c(g, p->group);
  vtc_value *s_lo = t2g_divui(&g->E, mul(g, g->u, g->nsl), G);
  vtc_value *s_hi = t2g_divui(&g->E, mul(g, add(g, g->u, c(g, 1)), g->nsl), G);
  vtc_op *fk = open_for(g, c(g, 0), g->kc, c(g, p->ku), 0, NULL, &s0);
  vtc_value *bk = iv(fk);
  vtc_value *row = add(g, g->b0, mul(g, add(g, g->pc, bk), g->N));
  vtc_op *fs = open_for(g, s_lo, s_hi, c(g, 1), 0, NULL, &s1);
  vtc_value *col = add(g, g->jc, mulc(g, iv(fs), p->nr)), *vc = sub(g, g->N, col);
  vtc_value *gv = view(g, g->B, add(g, row, col), typed_slice(g, g->bel, VTC_GIR_GLOBAL, p->ku, p->nr, true), g->N,
                       sub(g, g->kc, bk), vc);
  vtc_value *dst = add(g, mulc(g, iv(fs), (int64_t)p->kc * p->nr), mulc(g, bk, p->nr));
  vtc_value *sv = view(g, g->bp, dst, slice(g, VTC_GIR_SHARED, p->ku, p->nr, false), NULL, NULL, NULL);
  if (g->bel == g->f32) vtc_gir_build_copy(&g->E.at, g->loc, gv, sv);
  else vtc_gir_build_copy(&g->E.at, g->loc, load_f32(g, gv, g->bel, p->ku, p->nr), sv); /* widened while packing */
  close_for(g, 0, NULL, &s1);
  close_for(g, 0, NULL, &s0);
  vtc_gir_build_sync(&g->E.at, g->loc, VTC_GIR_SCOPE_BLOCK, 1, &g->bp);
}

/* L1, A: row sliver `is` (MR rows x kc) into this unit's piece of the
 * buffer, k-major: MR x L tiles read along K (whole cache lines),
 * transposed in registers, stored as L columns of MR; rows past M and
 * columns past kc read as 0 (KC is a multiple of L: the last tile stays in
 * the sliver). */
static void pack_a(ck *g, vtc_value *is) {
  const vtc_t2g_cpu_gemm *p = g->p;
  vtc_value *row = mulc(g, is, p->mr), *vr = sub(g, g->M, row);
  vtc_value *src0 = add(g, g->a0, add(g, mul(g, row, g->K), g->pc));
  vtc_builder s0;
  vtc_op *fk = open_for(g, c(g, 0), g->kc, c(g, p->lanes), 0, NULL, &s0);
  vtc_value *ak = iv(fk);
  vtc_value *gv = view(g, g->A, add(g, src0, ak), typed_slice(g, g->ael, VTC_GIR_GLOBAL, p->mr, p->lanes, true), g->K,
                       vr, sub(g, g->kc, ak));
  vtc_value *r = load_f32(g, gv, g->ael, p->mr, p->lanes);
  vtc_value *t = vtc_gir_build_transpose(&g->E.at, g->loc, r);
  vtc_value *sv = view(g, g->ap, add(g, g->abase, mulc(g, ak, p->mr)), slice(g, VTC_GIR_SHARED, p->lanes, p->mr, false),
                       NULL, NULL, NULL);
  vtc_gir_build_copy(&g->E.at, g->loc, t, sv);
  close_for(g, 0, NULL, &s0);
}

/* L0: the micro-kernel of row sliver `is` (packed at abase) and column
 * sliver `js`: the accumulators start from the C tile after the first KC
 * block (a 0/1-trip loop loads it, before the k loop: after it, the tile's
 * loads would spill the accumulators) and are stored once. The direct form
 * reads row pc + k of B in place (small M: no panel worth packing). */
static void micro_kernel(ck *g, vtc_value *is, vtc_value *js) {
  const vtc_t2g_cpu_gemm *p = g->p;
  const vtc_type *rc = reg(g, p->mr, p->nr), *ra = reg(g, p->mr, 1), *rb = reg(g, 1, p->nr);
  vtc_value *off, *col, *vc;
  vtc_value *ct = acc_tile(g, is, js, &off, &col, &vc);
  const vtc_type *tile_el = p->panel_rows ? g->f32 : g->cel;
  if (p->prefetch_rows && !p->panel_rows) /* the next tile along the row arrives during this one */
    vtc_gir_build_prefetch(&g->E.at, g->loc,
                           view(g, g->C, add(g, off, c(g, p->nr)), typed_slice(g, g->cel, VTC_GIR_GLOBAL, p->mr, p->nr, true), g->N,
                                NULL, NULL));
  vtc_value *zeros =
      vtc_gir_build_broadcast(&g->E.at, g->loc, VTC_GIR_AXIS_WIDTH, t2g_const(&g->E, g->f32, 0, 0.0), rc);
  vtc_builder s0;
  vtc_op *fz = open_for(g, c(g, 0), g->later, c(g, 1), 1, &zeros, &s0);
  vtc_value *old = load_f32(g, ct, tile_el, p->mr, p->nr);
  close_for(g, 1, &old, &s0);
  vtc_value *acc0 = vtc_op_result(fz, 0);
  vtc_op *fk = open_for(g, c(g, 0), g->kc, c(g, 1), 1, &acc0, &s0);
  vtc_value *k = iv(fk), *acc = vtc_gir_for_body(fk)->args[1];
  vtc_value *av = view(g, g->ap, add(g, g->abase, mulc(g, k, p->mr)), slice(g, VTC_GIR_SHARED, p->mr, 1, false), NULL,
                       NULL, NULL);
  vtc_value *a = vtc_gir_build_copy_to_register(&g->E.at, g->loc, av, ra);
  vtc_value *boff, *bv, *pf;
  if (p->direct) {
    boff = add(g, g->b0, add(g, mul(g, add(g, g->pc, k), g->N), col));
    bv = view(g, g->B, boff, typed_slice(g, g->bel, VTC_GIR_GLOBAL, 1, p->nr, false), NULL, c(g, 1), vc);
    pf = p->prefetch_rows ? view(g, g->B, add(g, boff, mulc(g, g->N, p->prefetch_rows)),
                                 typed_slice(g, g->bel, VTC_GIR_GLOBAL, 1, p->nr, false), NULL, NULL, NULL)
                          : NULL;
  } else { /* the packed panel is contiguous: prefetch on into the next sliver */
    boff = add(g, mulc(g, js, (int64_t)p->kc * p->nr), mulc(g, k, p->nr));
    bv = view(g, g->bp, boff, slice(g, VTC_GIR_SHARED, 1, p->nr, false), NULL, NULL, NULL);
    pf = p->prefetch_rows ? view(g, g->bp, add(g, boff, c(g, (int64_t)p->prefetch_rows * p->nr)),
                                 slice(g, VTC_GIR_SHARED, 1, p->nr, false), NULL, NULL, NULL)
                          : NULL;
  }
  vtc_value *b = p->direct ? load_f32(g, bv, g->bel, 1, p->nr) : vtc_gir_build_copy_to_register(&g->E.at, g->loc, bv, rb);
  if (pf) vtc_gir_build_prefetch(&g->E.at, g->loc, pf);
  vtc_value *d = vtc_gir_build_mma(&g->E.at, g->loc, a, b, acc);
  close_for(g, 1, &d, &s0);
  vtc_gir_build_copy(&g->E.at, g->loc, convert(g, vtc_op_result(fk, 0), tile_el), ct);
}

const char *vtc_t2g_cpu_gemm_check(const vtc_t2g_cpu_gemm *p) {
  if (p->lanes != 8 && p->lanes != 16) return "lanes must be 8 or 16";
  if (p->mr < 1 || p->mr > 64) return "MR must be in [1, 64]";
  if (p->nr < 1 || p->nr % p->lanes || p->nr > 256) return "NR must be a multiple of lanes, at most 256";
  if ((int64_t)p->mr * p->nr > 4096) return "the MR x NR accumulator exceeds 4096 elements";
  if (p->ku < 1 || p->kc < p->ku || p->kc % p->ku || p->kc % p->lanes)
    return "KC must be a positive multiple of KU and of lanes";
  if (p->nc < p->nr || p->nc % p->nr) return "NC must be a positive multiple of NR";
  if (p->group < 1 || p->group > 256) return "the group must have 1 to 256 threads";
  if (p->prefetch_rows < 0 || p->prefetch_rows > 1024) return "the prefetch distance must be in [0, 1024] rows";
  if (p->panel_rows < 0 || (p->panel_rows && (p->panel_rows % p->mr || !p->direct)))
    return "the f32 C panel needs the direct form and a multiple of MR rows";
  if (p->stream_kc < 0 || p->stream_max_m < 0 || p->stream_min_row_bytes < 0 ||
      (p->stream_kc && (!p->direct || p->stream_kc > p->kc || p->stream_kc % p->ku || p->stream_kc % p->lanes)))
    return "the streaming KC needs the direct form and a multiple of KU and lanes, at most KC";
  if ((int64_t)p->kc * p->nc + (int64_t)p->group * p->mr * p->kc + (int64_t)p->panel_rows * p->nc > ((int64_t)1 << 28))
    return "the packed panels exceed 1 GiB";
  return NULL;
}

/* The kernel, carrying `epi` when non-NULL (parameters D, extras...). */
static vtc_op *build_cpu_gemm(vtc_context *ctx, vtc_builder *mb, const vtc_loc *loc, const char *name,
                              const vtc_t2g_cpu_gemm *p, const vtc_type *a_buffer, const vtc_type *b_buffer,
                              const vtc_type *c_buffer, const t2g_epilogue *epi) {
  if (vtc_t2g_cpu_gemm_check(p)) return NULL;
  ck g = {.ctx = ctx, .loc = loc, .p = p, .f32 = vtc_type_f32(ctx), .ael = vtc_gir_elem_type(ctx, a_buffer),
          .bel = vtc_gir_elem_type(ctx, b_buffer), .cel = vtc_gir_elem_type(ctx, c_buffer), .epi = epi};
  const vtc_type *idx = vtc_type_index(ctx);
  const vtc_type *params[11 + T2G_EPILOGUE_MAX_EXTRA] = {a_buffer, b_buffer, c_buffer, idx, idx, idx, idx, idx, idx, idx};
  unsigned np = 10;
  if (epi) {
    params[np++] = epi->d_buffer;
    for (unsigned x = 0; x < epi->num_extra; x++) params[np++] = epi->extra_buffer[x];
  }
  vtc_op *k = vtc_gir_build_kernel(mb, loc, name, np, params, VTC_GIR_HIER_CPU, p->group, p->lanes);
  vtc_block *body = vtc_gir_kernel_body(k);
  t2g_emit_init(&g.E, ctx, loc, body);
  g.E.at = vtc_builder_at_end(ctx, body);
  vtc_value **dst[10] = {&g.A, &g.B, &g.C, &g.M, &g.N, &g.K, &g.sa, &g.sb, &g.oa, &g.ob};
  for (unsigned i = 0; i < 10; i++) *dst[i] = body->args[i];
  if (epi) {
    g.D = body->args[10];
    for (unsigned x = 0; x < epi->num_extra; x++) g.X[x] = body->args[11 + x];
  }
  g.u = vtc_gir_build_id(&g.E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP);
  /* The group's CacheBuffer: the packed B panel, then one A sliver per unit. */
  int64_t bdims[] = {(int64_t)p->kc * p->nc}, adims[] = {(int64_t)p->group * p->mr * p->kc};
  if (!p->direct) g.bp = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, g.f32, 1, bdims), 0, NULL);
  g.ap = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, g.f32, 1, adims), 0, NULL);
  int64_t cdims[] = {(int64_t)p->panel_rows * p->nc};
  if (p->panel_rows) g.cp = vtc_gir_build_alloc(&g.E.at, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, g.f32, 1, cdims), 0, NULL);
  g.abase = mulc(&g, g.u, (int64_t)p->kc * p->mr);
  group_work(&g);
  zero_fill(&g);
  vtc_builder s0, s1, s2;
  vtc_value *kc_step = c(&g, p->kc);
  if (p->stream_kc) { /* M small and B's rows long: stream them */
    int64_t eb = vtc_type_bit_width(g.bel) / 8, min_n = (p->stream_min_row_bytes + eb - 1) / eb;
    vtc_value *stream = t2g_andi(&g.E, t2g_cmpi(&g.E, VTC_CMPI_ULE, g.M, c(&g, p->stream_max_m)),
                                 t2g_cmpi(&g.E, VTC_CMPI_UGE, g.N, c(&g, min_n)));
    kc_step = t2g_select(&g.E, stream, c(&g, p->stream_kc), kc_step);
  }
  vtc_op *fpc = open_for(&g, c(&g, 0), g.K, kc_step, 0, NULL, &s0);
  g.pc = iv(fpc);
  g.kc = t2g_minui(&g.E, sub(&g, g.K, g.pc), kc_step);
  g.later = t2g_minui(&g.E, g.pc, c(&g, 1));
  if (!p->direct) pack_b(&g);
  vtc_op *fis = open_for(&g, g.ms0, g.ms1, c(&g, 1), 0, NULL, &s1);
  pack_a(&g, iv(fis));
  vtc_op *fjs = open_for(&g, g.ns0, g.ns1, c(&g, 1), 0, NULL, &s2);
  micro_kernel(&g, iv(fis), iv(fjs));
  close_for(&g, 0, NULL, &s2);
  close_for(&g, 0, NULL, &s1);
  /* The next KC block repacks the panel: everyone is done with it. */
  if (!p->direct) vtc_gir_build_sync(&g.E.at, loc, VTC_GIR_SCOPE_BLOCK, 1, &g.bp);
  close_for(&g, 0, NULL, &s0);
  if (p->panel_rows) panel_to_c(&g);
  if (epi) c_to_d(&g);
  vtc_gir_build_return(&g.E.at, loc);
  t2g_emit_drop_unused_consts(&g.E);
  t2g_emit_free(&g.E);
  t2g_dce(k);
  return k;
}

vtc_op *vtc_t2g_build_cpu_gemm(vtc_context *ctx, vtc_builder *mb, const vtc_loc *loc, const char *name,
                               const vtc_t2g_cpu_gemm *p, const vtc_type *a_buffer, const vtc_type *b_buffer,
                               const vtc_type *c_buffer) {
  return build_cpu_gemm(ctx, mb, loc, name, p, a_buffer, b_buffer, c_buffer, NULL);
}

/* ---- the planner's variants ------------------------------------------------------------------ */

/* The kernel parameters of a CPU variant: MR x NR from L0, KC and NC from
 * L1 (rounded down to what the kernel needs: KC a multiple of the lanes
 * and KU, NC of NR), every core of the CPU in the group. NR of 3 vectors
 * is refused: LLVM's <48 x float> rows spill (measured: 134 stack accesses
 * in the 2 x 48 micro-kernel's loop, 40x slower than 4 x 16). */
static void one_k_block(vortex_variant *v, const vtc_hardware *hw, int64_t k);

static bool cpu_params(const vortex_variant *v_in, const vtc_hardware *hw, bool direct, int64_t one_k,
                       vtc_t2g_cpu_gemm *p, char *why, size_t n) {
  vortex_variant vk = *v_in;
  const vortex_variant *v = &vk;
  if (one_k && !direct) one_k_block(&vk, hw, one_k); /* an f16/bf16 C is rounded once */
  memset(p, 0, sizeof *p);
  p->direct = direct;
  p->lanes = v->backend == VORTEX_BACKEND_AVX512 ? 16 : 8;
  p->mr = v->l0.m;
  p->nr = v->l0.n;
  p->ku = 4;
  p->kc = v->l1.k / 16 * 16;
  p->nc = p->nr ? v->l1.n / p->nr * p->nr : 0;
  p->group = hw->num_cores < 1 ? 1 : hw->num_cores > 256 ? 256 : hw->num_cores;
  p->prefetch_rows = 16;
  if (one_k && direct) p->panel_rows = (T2G_CPU_DIRECT_MAX_M + p->mr - 1) / p->mr * p->mr;
  if (direct && p->kc >= T2G_CPU_STREAM_KC) {
    p->stream_kc = T2G_CPU_STREAM_KC;
    p->stream_max_m = T2G_CPU_STREAM_MAX_M;
    p->stream_min_row_bytes = T2G_CPU_STREAM_MIN_ROW_BYTES;
  }
  int vectors = p->nr / p->lanes;
  const char *bad = v->split_k != 1               ? "split-K is not emitted on the CPU"
                    : vectors & (vectors - 1)      ? "NR is not 1, 2 or 4 vectors (a row of 3 spills the micro-kernel)"
                                                   : vtc_t2g_cpu_gemm_check(p);
  if (bad) snprintf(why, n, "%s", bad);
  return !bad;
}

/* The analytical blocking of Low et al. for the structure built here (one
 * MR sliver of A in L1 at a time against the group's KC x NC panel of B in
 * L2), on the micro-kernel of the plan's variant `best`. The plan's own L1
 * blocks are those of the model's structure (a thread's MC x NC block
 * packing both operands), which is not this kernel's: with them (NC 16 or
 * KC x NC = 8 MiB) the model's choice ran at 0.34-0.85x OpenBLAS on the
 * 2-core machine where this blocking on the same micro-kernel ran at
 * 0.85-1.4x (bench_cpu --gemm --pipeline, forced with vortex-variant), so
 * only the L0 choice is the plan's. KC and NC were first sized to fill L1d
 * with an A and a B sliver and half of L2 with the panel (KC 304, NC 416
 * for 8 x 32 on Zen 5: 2048^3 at 0.84x OpenBLAS); the B sliver in half of
 * L1d and the panel in all of L2 (KC 192, NC 1344) measured 0.92-0.95x
 * (bench_cpu --gemm --kc= --nc=, a sweep of KC 64-512 and NC 256-2048). */
enum { CPU_MAX_VARIANTS = 4 };

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void vtc_t2g_cpu_gemm_blocking(int mr, int nr, int64_t l1d_bytes, int64_t l2_bytes, int *kc, int *nc) {
  (void)mr; /* the A sliver streams through L1 beside the B sliver */
  int64_t l1 = l1d_bytes > 0 ? l1d_bytes : 32 << 10, l2 = l2_bytes > 0 ? l2_bytes : 1 << 20;
  int64_t k = clamp64(l1 / 2 / (4 * (int64_t)nr) / 16 * 16, 64, 1024);
  *kc = (int)k;
  *nc = (int)clamp64(l2 / (4 * k) / nr * nr, nr, 8192);
}

static vortex_variant blis_blocking(const vortex_variant *best, const vtc_hardware *hw) {
  vortex_variant v = *best;
  int kc, nc;
  vtc_t2g_cpu_gemm_blocking(v.l0.m, v.l0.n, hw->cpu.l1d_bytes, hw->cpu.l2_bytes, &kc, &nc);
  v.l1.k = kc;
  v.l1.n = nc;
  v.l1.m = v.l0.m;
  v.split_k = 1;
  v.team_panel = true;
  return v;
}

/* KC covering all of K (rounded up to 16), NC shrunk to keep the packed
 * panel in L2. */
static void one_k_block(vortex_variant *v, const vtc_hardware *hw, int64_t k) {
  int64_t l2 = hw->cpu.l2_bytes > 0 ? hw->cpu.l2_bytes : 1 << 20, nr = v->l0.n;
  v->l1.k = (k + 15) / 16 * 16;
  v->l1.n = clamp64(l2 / (4 * v->l1.k) / nr * nr, nr, 8192);
}

bool t2g_plan_gemm_cpu(t2g_state *S, t2g_gemm *g, char *why, size_t n) {
  if (g->a_trans || g->b_trans) {
    snprintf(why, n, "the CPU rKernel packs A as M x K and B as K x N (a transposed operand is not emitted yet)");
    return false;
  }
  /* f16/bf16 operands are widened to f32 as they are packed (or, direct,
   * loaded); an f16/bf16 result is rounded once, so K is one block. */
  int64_t one_block = 0;
  if (vtc_type_bit_width(g->out_elem) != 32) {
    one_block = 1;
    for (unsigned i = 0; i < g->c.num_role_dims[VORTEX_ROLE_K]; i++) {
      int64_t e = g->c.extent[g->c.role_dims[VORTEX_ROLE_K][i]].value;
      one_block = e == VTC_DYNAMIC || one_block > 65536 ? -1 : one_block * e;
    }
    if (one_block < 0 || one_block > 65536) {
      snprintf(why, n, "an f16/bf16 result is rounded once, so the CPU rKernel needs K static and at most 65536 "
                       "(one K block)");
      return false;
    }
  }
  g->cpu_one_k = one_block;
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned nv = 0;
  if (!t2g_plan_variants(S, g, S->opts->cpu_name, VTC_HW_CPU, vs, &nv, why, n)) return false;
  /* The plan's micro-kernels (in its order), each with the blocking of
   * this kernel's structure (a variant the plan splits along K keeps its
   * micro-kernel: the group splits the panel's columns instead); the model
   * picks among them per call. */
  char skip[160] = "";
  for (unsigned i = 0; i < nv && g->num_variants < CPU_MAX_VARIANTS; i++) {
    vtc_t2g_cpu_gemm p;
    if (vortex_backend_is_gpu(vs[i].backend)) continue;
    vortex_variant v = blis_blocking(&vs[i], g->hw);
    if (!cpu_params(&v, g->hw, false, one_block, &p, skip, sizeof skip)) continue;
    bool seen = false;
    for (unsigned j = 0; j < g->num_variants; j++)
      seen = seen || (g->variants[j].l0.m == v.l0.m && g->variants[j].l0.n == v.l0.n && g->variants[j].backend == v.backend);
    if (!seen) g->variants[g->num_variants++] = v;
  }
  if (!g->num_variants) {
    snprintf(why, n, "no variant of the plan can be emitted (%s)", skip[0] ? skip : "none for the CPU");
    return false;
  }
  /* Each micro-kernel's direct twin, for M <= T2G_CPU_DIRECT_MAX_M. */
  g->direct_from = g->num_variants;
  for (unsigned i = 0; i < g->direct_from; i++) g->variants[g->num_variants++] = g->variants[i];
  return true;
}

vtc_op *t2g_build_gemm_cpu(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *g,
                           unsigned i) {
  vtc_t2g_cpu_gemm p;
  char why[160];
  bool direct = g->direct_from && i >= g->direct_from;
  if (!cpu_params(&g->variants[i], g->hw, direct, g->cpu_one_k, &p, why, sizeof why))
    return NULL; /* the plan kept valid ones */
  return build_cpu_gemm(S->ctx, mb, loc, name, &p, g->a_buffer, g->b_buffer, g->c_buffer,
                        t2g_gemm_fused(g, &g->variants[i]) ? &g->epi : NULL);
}

int64_t t2g_gemm_cpu_panel(const t2g_gemm *g, unsigned i) {
  vtc_t2g_cpu_gemm p;
  char why[160];
  bool direct = g->direct_from && i >= g->direct_from; /* its NC may differ (one K block: packed only) */
  return cpu_params(&g->variants[i], g->hw, direct, g->cpu_one_k, &p, why, sizeof why) ? p.nc : 1;
}
