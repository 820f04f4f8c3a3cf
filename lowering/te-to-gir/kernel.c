/* The kernel of one te.compute (lower-te-to-gir): parallel units over chunks
 * of output rows, the innermost output dimension in register slices of
 * `lanes` elements (the tail masked with `valid`), loads through the
 * te.load maps as index arithmetic and gir.view/copy, the scalar body as
 * one gir.elementwise, reductions in register accumulators carried by
 * gir.for (along a long contiguous row: partial results in the lanes, then
 * gir.reduce). PowerFusion section 4 (GIR) and 7 (code generation): one unit is
 * a CPU thread, its lanes the SIMD lanes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/assert_op.h"
#include "lowering/te-to-gir/t2g.h"

#define MAXR VTC_GIR_MAX_RANK
#define ROWRED_MIN_LANES 32 /* the shortest static row the lanes run along (choose_lanes) */

typedef struct tk {
  t2g_state *S;
  vtc_context *ctx;
  vtc_op *compute;
  const vtc_loc *loc;
  vtc_block *body;
  unsigned rank, nred, nin, nsym;
  const vtc_type *elem;
  const vtc_type *acc_elem; /* the accumulator's: f32 for f16/bf16 reductions */
  int64_t V;        /* lanes per work item */
  bool vector;      /* V > 1: the lane index vd differs across lanes */
  /* Row-reduce mode: the lanes run along the innermost reduction index
   * (vd = rank + nred - 1), each work item is one output element, the
   * accumulator holds V partial results combined by gir.reduce at the end. */
  bool rowred;
  /* A float sum of one step per lane (a row-reduce over a row no longer
   * than the lanes) whose register accumulators start at -0.0, the
   * identity of IEEE addition (x + -0.0 is x for every x, so LLVM drops the
   * step's add; x + +0.0 is not, for x = -0.0): 32 of the decode scores'
   * 250 instructions per work item were adds of +0.0. The sum differs from
   * one started at +0.0 only when every term is -0.0 (-0.0 against +0.0),
   * which finish_reduction's final + +0.0 turns back: bit-identical. A
   * loop of more steps would keep its adds and gain the final one. */
  bool neg_zero_init;
  unsigned vd;      /* the iteration index that differs across lanes */
  vtc_value *vpos;  /* its value at lane 0 */
  vtc_ptrmap varying; /* te value -> 1: differs across lanes */
  vtc_ptrmap red;     /* te value -> 1: depends on a reduction index */
  int64_t dlo[2 * MAXR + 2], dhi[2 * MAXR + 2]; /* static ranges of the iteration indices */
  /* the kernel */
  t2g_emit E;
  vtc_value **in_buf;                         /* per input; NULL when folded (heap) */
  vtc_value *(*in_dim)[MAXR], *(*in_stride)[MAXR]; /* per input (heap) */
  vtc_value *out_buf, **syms;                 /* syms: heap */
  unsigned nd;                                /* destinations (`into`, dest.c): 0 for a fresh output */
  vtc_value **dest_buf;                       /* per destination (heap) */
  vtc_value *idx[2 * MAXR + 2]; /* d_i (the innermost at lane 0), then r_k */
  vtc_value *j0, *validw;
  vtc_value *witem; /* the work item's index: the order of the kernel's assertions */
  vtc_mapping *map; /* te value -> kernel scalar, or register slice of a varying load */
  vtc_builder outer, inner;
  /* Groups of outputs that share a load (vtc_te_find_load_group), along
   * up to two output dims: gsize[d] outputs along gdim[d] (a second group
   * along another dim where a second load is shared: the scores' four heads
   * of one K row times two positions of one q row). The work item computes
   * G = gsize[0] x gsize[1] outputs, copy j = j0 x gsize[1] + j1 with its
   * own mapping maps[j] and indices gidx[d][jd] = base + jd; a value that
   * depends on group dim d (dep[d]) is emitted per jd, the others once and
   * shared (the shared load). G = 1: no group. */
  int64_t G, gsize[2];
  unsigned ngroups, gdim[2];
  vtc_ptrmap dep[2];
  char group_text[160]; /* the groups, for the pass's remark (t2g_group_note) */
  vtc_mapping *maps[T2G_MAX_GROUP];
  vtc_value *gidx[2][T2G_MAX_GROUP];
} tk;

#define MARK(m, v) vtc_ptrmap_put(&(m), (v), (void *)1)
#define HAS(m, v) vtc_ptrmap_contains(&(m), (v))

int64_t t2g_max_lanes(const t2g_options *o, const vtc_type *elem) {
  unsigned bits = vtc_type_bit_width(elem);
  if (bits < 8) bits = 8;
  int64_t l = o->vector_bits / (int64_t)bits;
  return l < 1 ? 1 : l;
}

const vtc_type *t2g_buffer_type(vtc_context *ctx, const vtc_type *t) {
  int64_t dims[MAXR];
  for (unsigned i = 0; i < t->rank && i < MAXR; i++) dims[i] = vtc_tensor_dim(t, i);
  return vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, t->element, t->rank, dims);
}

bool t2g_input_is_folded(const vtc_value *input, const vtc_attr **value) {
  if (!input->def_op || !vtc_op_is_named(input->def_op, "arith.constant")) return false;
  const vtc_attr *a = vtc_op_get_attr(input->def_op, "value");
  if (!a || a->kind != VTC_ATTR_DENSE || (!a->splat && vtc_dense_num_elements(a) != 1)) return false;
  if (value) *value = a;
  return true;
}

static const vtc_type *reg(tk *K, const vtc_type *elem, int64_t num, int64_t width) {
  return vtc_gir_register_type(K->ctx, elem, num, width);
}

/* ---- analysis ------------------------------------------------------------------ */

/* A load's map result that stays inside the input over the whole iteration
 * domain (so its padding can never apply). */
static bool proven_in_bounds(tk *K, const vtc_affine_expr *e, int64_t dim) {
  int64_t lo, hi;
  return dim != VTC_DYNAMIC && t2g_expr_range(e, K->dlo, K->dhi, K->rank + K->nred, &lo, &hi) && lo >= 0 &&
         hi < dim;
}

/* A load's indices as the kernel addresses them: the map's results, except
 * that a pair (e floordiv c, e mod c) over a dim of static size c (a
 * reshape's split index composed into the load by VTC's views) is one
 * index e into the two dims merged, which is the same element of the
 * row-major buffer. e is then linear where the pair is not, so the load
 * stays one contiguous slice per work item: efficientvit's q and k read
 * the multi-scale concat through (t floordiv 64, t mod 64), and a scalar
 * kernel of one element per lane took 3 ms of a 9 ms call on the H200. */
typedef struct load_index {
  const vtc_affine_expr *e;
  unsigned first, count; /* the map results it stands for */
  int64_t size;          /* the static extent of the dims it spans (VTC_DYNAMIC: `?`) */
} load_index;

static unsigned load_indices(const vtc_op *load, load_index *out) {
  const vtc_affine_map *m = vtc_te_load_map(load);
  const vtc_type *t = vtc_te_load_input(load)->type;
  unsigned n = 0;
  for (unsigned k = 0; k < m->num_results; k++) {
    const vtc_affine_expr *a = m->results[k], *b = k + 1 < m->num_results ? m->results[k + 1] : NULL;
    int64_t inner = k + 1 < m->num_results ? vtc_tensor_dim(t, k + 1) : VTC_DYNAMIC, outer = vtc_tensor_dim(t, k);
    bool pair = b && a->kind == VTC_AFFINE_FLOORDIV && b->kind == VTC_AFFINE_MOD && a->lhs == b->lhs &&
                a->rhs->kind == VTC_AFFINE_CONST && b->rhs->kind == VTC_AFFINE_CONST && a->rhs->value == b->rhs->value &&
                inner == a->rhs->value && inner > 0;
    if (pair) {
      out[n++] = (load_index){a->lhs, k, 2, outer == VTC_DYNAMIC ? VTC_DYNAMIC : outer * inner};
      k++;
    } else {
      out[n++] = (load_index){a, k, 1, outer};
    }
  }
  return n;
}

/* Vector mode: a load can be read as one slice of `lanes` elements when its
 * indices move linearly (non-negative coefficients) with the innermost
 * output index and its extra operands are the same for every lane. A
 * padding check that depends on the lanes becomes the view's window (the
 * lanes [first, last) inside the input: a convolution's padded row is one
 * masked load). *varies: the lanes read different elements. */
static bool load_vectorizable(tk *K, vtc_op *load, bool *varies) {
  *varies = false;
  for (unsigned i = 0; i < vtc_te_load_num_extra(load); i++)
    if (HAS(K->varying, vtc_te_load_extra(load, i))) return false;
  load_index li[MAXR];
  unsigned n = load_indices(load, li);
  bool folded = t2g_input_is_folded(vtc_te_load_input(load), NULL);
  unsigned dl = K->vd;
  for (unsigned k = 0; k < n; k++) {
    const vtc_affine_expr *e = li[k].e;
    if (!vtc_affine_expr_uses_dim(e, dl)) continue;
    int64_t c;
    if (!t2g_expr_linear(e, dl, &c) || c < 0) return false;
    /* A folded constant's padding is a select on a scalar: no lane window. */
    if (folded && vtc_te_load_padding(load) && !proven_in_bounds(K, e, li[k].size)) return false;
    if (c > 0 && !folded) *varies = true;
  }
  return true;
}

/* Marks what varies across lanes (vector) and what depends on a reduction
 * index; false when vector mode cannot express some load. */
static bool analyze(tk *K, bool vector) {
  vtc_ptrmap_clear(&K->varying);
  vtc_ptrmap_clear(&K->red);
  for (unsigned k = 0; k < K->nred; k++) MARK(K->red, vtc_te_compute_reduce_arg(K->compute, k));
  if (vector) MARK(K->varying, K->body->args[K->vd]);
  for (vtc_op *op = K->body->first; op; op = op->next) {
    if (vtc_te_is_yield(op)) continue;
    bool var = false, red = false;
    for (unsigned i = 0; i < op->num_operands; i++) {
      var |= HAS(K->varying, vtc_op_operand(op, i));
      red |= HAS(K->red, vtc_op_operand(op, i));
    }
    if (vtc_te_is_load(op)) {
      const vtc_affine_map *m = vtc_te_load_map(op);
      for (unsigned k = 0; k < m->num_results; k++)
        for (unsigned d = K->rank; d < K->rank + K->nred; d++) red |= vtc_affine_expr_uses_dim(m->results[k], d);
      if (vector && !load_vectorizable(K, op, &var)) return false;
    }
    /* A kernel assertion is scalar code: one check per work item. */
    if (vtc_te_is_assert(op) && var) return false;
    for (unsigned i = 0; i < op->num_results; i++) {
      if (var) MARK(K->varying, vtc_op_result(op, i));
      if (red) MARK(K->red, vtc_op_result(op, i));
    }
  }
  return true;
}

/* What the lowering accepts: a verified compute whose body holds te.load,
 * arith and math ops, of element types with a memory layout. */
static bool validate(tk *K) {
  vtc_op *c = K->compute;
  if (!K->body || !vtc_te_compute_yield(c)) return vtc_op_error(c, "cannot be lowered to gir: it has no body");
  if (K->rank > MAXR) return vtc_op_error(c, "cannot be lowered to gir: rank %u exceeds %d", K->rank, MAXR);
  if (vtc_gir_slice_check(VTC_GIR_GLOBAL, K->elem, 1, 1, 1))
    return vtc_op_error(c, "cannot be lowered to gir: element type has no memory layout in gir");
  for (unsigned i = 0; i < K->nin; i++) {
    const vtc_type *t = vtc_te_compute_input(c, i)->type;
    if (!vtc_type_is_tensor(t) || t->rank > MAXR || vtc_gir_slice_check(VTC_GIR_GLOBAL, t->element, 1, 1, 1))
      return vtc_op_error(c, "cannot be lowered to gir: input #%u is not a tensor of rank <= %d with a memory "
                             "layout", i, MAXR);
  }
  for (vtc_op *op = K->body->first; op; op = op->next) {
    const char *d = op->name->dialect;
    if (vtc_te_is_load(op) || vtc_te_is_yield(op) || vtc_te_is_assert(op)) continue;
    if (op->num_regions || !d || (strcmp(d, "arith") != 0 && strcmp(d, "math") != 0))
      return vtc_op_error(op, "cannot be lowered to gir: only te.load, te.assert, arith and math ops are supported "
                              "in a te.compute body");
    for (unsigned i = 0; i < op->num_results; i++)
      if (vtc_type_is_tensor(vtc_op_result(op, i)->type))
        return vtc_op_error(op, "cannot be lowered to gir: tensor values inside a te.compute body");
  }
  return true;
}

/* ---- emission ------------------------------------------------------------------- */

/* The kernel value of a uniform te value: mapped, or a scalar constant from
 * outside the compute (hoisted by canonicalization). */
static vtc_value *get(tk *K, vtc_value *v) {
  vtc_value *m = vtc_mapping_lookup_value(K->map, v);
  if (m) return m;
  if (v->def_op && vtc_op_is_named(v->def_op, "arith.constant")) {
    const vtc_attr *a = vtc_op_get_attr(v->def_op, "value");
    if (a && (a->kind == VTC_ATTR_FLOAT || a->kind == VTC_ATTR_INTEGER)) {
      m = t2g_const_attr(&K->E, a);
      vtc_mapping_map_value(K->map, v, m);
      return m;
    }
  }
  return NULL;
}

/* The lanes j whose index e0 + c*j (c >= 1, e0 at lane 0 of expression e)
 * lies in [0, dim): j in [ceil(-e0 / c), ceil((dim - e0) / c)), intersected
 * into [*first, *last) (NULL: unbounded). A side the static domain proves
 * (e never negative, or never past a static dim) adds no bound. */
static void lane_window(tk *K, const vtc_affine_expr *e, vtc_value *e0, int64_t c, int64_t static_dim,
                        vtc_value *dim, vtc_value **first, vtc_value **last) {
  t2g_emit *E = &K->E;
  vtc_value *c0 = t2g_cidx(E, 0), *cc = t2g_cidx(E, c);
  int64_t elo, ehi, unused;
  unsigned nd = K->rank + K->nred;
  if (!t2g_expr_range(e, K->dlo, K->dhi, nd, &unused, &ehi)) ehi = INT64_MAX;
  /* The lower side holds for dynamic dims too: bounded by 2^62 there (a
   * product with one overflows, and the bound stays). */
  int64_t hi62[2 * MAXR + 2];
  for (unsigned i = 0; i < nd; i++) hi62[i] = K->dhi[i] < K->dlo[i] ? (int64_t)1 << 62 : K->dhi[i];
  if (!t2g_expr_range(e, K->dlo, hi62, nd, &elo, &unused)) elo = INT64_MIN;
  if (elo < 0) {
    vtc_value *below = t2g_cmpi(E, VTC_CMPI_SLT, e0, c0);
    vtc_value *lo = t2g_select(E, below, t2g_ceildivui(E, t2g_subi(E, c0, e0), cc), c0);
    *first = *first ? t2g_select(E, t2g_cmpi(E, VTC_CMPI_ULT, *first, lo), lo, *first) : lo;
  }
  if (static_dim == VTC_DYNAMIC || ehi >= static_dim) {
    vtc_value *inside = t2g_cmpi(E, VTC_CMPI_SLT, e0, dim);
    vtc_value *hi = t2g_select(E, inside, t2g_ceildivui(E, t2g_subi(E, dim, e0), cc), c0);
    *last = *last ? t2g_minui(E, *last, hi) : hi;
  }
}

static void emit_load(tk *K, vtc_op *load) {
  t2g_emit *E = &K->E;
  E->at = HAS(K->red, vtc_op_result(load, 0)) ? K->inner : K->outer;
  vtc_value *input = vtc_te_load_input(load);
  int ii = vtc_te_compute_input_index(K->compute, input);
  const vtc_type *el = input->type->element;
  const vtc_attr *pad = vtc_te_load_padding(load);
  unsigned nd = K->rank + K->nred, nx = vtc_te_load_num_extra(load);
  vtc_value *dims[2 * MAXR + 2 + 16];
  vtc_value **dv = nd + nx <= sizeof dims / sizeof *dims ? dims : vtc_xcalloc(nd + nx, sizeof *dv);
  for (unsigned i = 0; i < nd; i++) dv[i] = K->idx[i];
  for (unsigned i = 0; i < nx; i++) dv[nd + i] = get(K, vtc_te_load_extra(load, i));
  vtc_value *res[MAXR], *inb = NULL, *first = NULL, *last = NULL;
  vtc_value *c0 = t2g_cidx(E, 0), *c1 = t2g_cidx(E, 1);
  bool lanes_vary = HAS(K->varying, vtc_op_result(load, 0));
  load_index li[MAXR];
  unsigned n = load_indices(load, li);
  vtc_value *size[MAXR], *stride[MAXR]; /* each index's extent and element stride */
  for (unsigned k = 0; k < n; k++) {
    unsigned f = li[k].first, l = f + li[k].count - 1;
    size[k] = li[k].count == 1 ? K->in_dim[ii][f] : t2g_muli(E, K->in_dim[ii][f], K->in_dim[ii][l]);
    stride[k] = K->in_stride[ii][l];
    res[k] = t2g_expr(E, li[k].e, dv, nd + nx, K->syms, K->nsym);
    if (!pad || proven_in_bounds(K, li[k].e, li[k].size)) continue;
    int64_t c = 0;
    if (lanes_vary && t2g_expr_linear(li[k].e, K->vd, &c) && c > 0)
      lane_window(K, li[k].e, res[k], c, li[k].size, size[k], &first, &last);
    else
      inb = t2g_andi(E, inb, t2g_cmpi(E, VTC_CMPI_ULT, res[k], size[k]));
  }
  if (dv != dims) free(dv);
  vtc_value *result = vtc_op_result(load, 0);
  const vtc_attr *dense;
  if (t2g_input_is_folded(input, &dense)) {
    vtc_value *v = t2g_dense_const(&K->E, dense, 0);
    if (inb) v = t2g_select(E, inb, v, t2g_const_attr(E, pad));
    vtc_mapping_map_value(K->map, result, v);
    return;
  }
  vtc_value *off = c0;
  for (unsigned k = 0; k < n; k++) off = t2g_addi(E, off, t2g_muli(E, res[k], stride[k]));
  if (inb) off = t2g_select(E, inb, off, c0);
  vtc_value *buf = K->in_buf[ii], *v;
  vtc_op *view;
  if (!HAS(K->varying, result)) {
    const vtc_type *st = vtc_gir_slice_type(K->ctx, VTC_GIR_GLOBAL, el, 1, 1, 1);
    vtc_value *vv = vtc_gir_build_view(&E->at, K->loc, buf, off, st, NULL, inb ? c1 : NULL,
                                       inb ? t2g_select(E, inb, c1, c0) : NULL);
    view = vv->def_op;
    vtc_value *r = vtc_gir_build_copy_to_register(&E->at, K->loc, vv, reg(K, el, 1, 1));
    v = vtc_gir_build_extract(&E->at, K->loc, r, 0, 0);
  } else {
    /* The element stride along the lanes: sum of coefficient x input stride. */
    vtc_value *s = c0;
    for (unsigned k = 0; k < n; k++) {
      int64_t c;
      t2g_expr_linear(li[k].e, K->vd, &c);
      s = t2g_addi(E, s, t2g_muli(E, t2g_cidx(E, c), stride[k]));
    }
    int64_t sc = 0;
    bool st_static = t2g_const_int(s, &sc) && sc >= 1 && sc <= VTC_GIR_MAX_SLICE_SIZE;
    vtc_value *lanes = K->validw ? K->validw : t2g_cidx(E, K->V);
    if (last) lanes = t2g_minui(E, lanes, last);
    bool masked = inb || K->validw || first || last;
    if (st_static && sc == 1) { /* contiguous: one segment of V elements */
      const vtc_type *vt = vtc_gir_slice_type(K->ctx, VTC_GIR_GLOBAL, el, 1, K->V, K->V);
      vtc_value *vv = vtc_gir_build_view_window(&E->at, K->loc, buf, off, vt, NULL,
                                                masked ? (inb ? t2g_select(E, inb, c1, c0) : c1) : NULL,
                                                masked ? lanes : NULL, first ? c0 : NULL, first);
      view = vv->def_op;
      v = vtc_gir_build_copy_to_register(&E->at, K->loc, vv, reg(K, el, 1, K->V));
    } else { /* strided: V segments of one element, re-patterned into one row */
      const vtc_type *vt =
          vtc_gir_slice_type(K->ctx, VTC_GIR_GLOBAL, el, K->V, 1, st_static ? sc : VTC_DYNAMIC);
      vtc_value *rows = inb ? t2g_select(E, inb, lanes, c0) : lanes;
      vtc_value *vv = vtc_gir_build_view_window(&E->at, K->loc, buf, off, vt, st_static ? NULL : s,
                                                masked ? rows : NULL, masked ? c1 : NULL, first, first ? c0 : NULL);
      view = vv->def_op;
      vtc_value *r = vtc_gir_build_copy_to_register(&E->at, K->loc, vv, reg(K, el, K->V, 1));
      v = vtc_gir_build_sync_register(&E->at, K->loc, VTC_GIR_SCOPE_WARP, r, reg(K, el, 1, K->V));
    }
  }
  if (inb || first || last) vtc_op_set_attr(view, VTC_GIR_ATTR_PADDING, pad);
  vtc_mapping_map_value(K->map, result, v);
}

/* A uniform arith/math op, cloned as scalar code. */
static bool emit_uniform(tk *K, vtc_op *op) {
  if (vtc_op_is_named(op, "arith.constant")) {
    const vtc_attr *a = vtc_op_get_attr(op, "value");
    if (!a || (a->kind != VTC_ATTR_FLOAT && a->kind != VTC_ATTR_INTEGER))
      return vtc_op_error(op, "cannot be lowered to gir: only scalar constants in a te.compute body");
    vtc_mapping_map_value(K->map, vtc_op_result(op, 0), t2g_const_attr(&K->E, a));
    return true;
  }
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!get(K, vtc_op_operand(op, i)))
      return vtc_op_error(op, "cannot be lowered to gir: operand #%u is defined outside the te.compute", i);
  vtc_builder b = op->num_results && HAS(K->red, vtc_op_result(op, 0)) ? K->inner : K->outer;
  vtc_builder_insert_op(&b, vtc_op_clone(op, K->map));
  return true;
}

/* A te.assert of the body as a kernel gir.assert, ordered by the work item
 * (the failure of the first failing element is the one reported). */
static bool emit_assert(tk *K, vtc_op *op) {
  unsigned n = vtc_assert_num_args(op);
  vtc_value **args = vtc_xcalloc(n + 1, sizeof *args);
  bool red = false, ok = true;
  for (unsigned i = 0; ok && i < n; i++) {
    vtc_value *v = vtc_assert_arg(op, i);
    red |= HAS(K->red, v);
    if (!(args[i] = get(K, v)))
      ok = vtc_op_error(op, "cannot be lowered to gir: operand #%u is defined outside the te.compute", i);
  }
  if (ok) {
    vtc_builder b = red ? K->inner : K->outer;
    vtc_assert_build(&b, "gir.assert", op->loc, vtc_assert_relation(op), n, args, K->witem, vtc_assert_message(op));
  }
  free(args);
  return ok;
}

static const char *combine_op(vtc_te_combiner c, bool is_float) {
  switch (c) {
  case VTC_TE_COMBINER_SUM: return is_float ? "arith.addf" : "arith.addi";
  case VTC_TE_COMBINER_PROD: return is_float ? "arith.mulf" : "arith.muli";
  case VTC_TE_COMBINER_MAX: return is_float ? "arith.maximumf" : "arith.maxsi";
  default: return is_float ? "arith.minimumf" : "arith.minsi";
  }
}

static vtc_gir_combiner gir_combiner(vtc_te_combiner c) {
  switch (c) {
  case VTC_TE_COMBINER_SUM: return VTC_GIR_SUM;
  case VTC_TE_COMBINER_PROD: return VTC_GIR_PROD;
  case VTC_TE_COMBINER_MAX: return VTC_GIR_MAX;
  default: return VTC_GIR_MIN;
  }
}

static bool is_varying_load(tk *K, vtc_value *v) {
  return v->def_op && vtc_te_is_load(v->def_op) && HAS(K->varying, v);
}

static bool is_const(vtc_value *v) { return v->def_op && vtc_op_is_named(v->def_op, "arith.constant"); }

/* A reduction of f16/bf16 values accumulates in f32 (K->acc_elem), and its
 * body's float arithmetic runs there too: the loaded halves are widened
 * once, the products and sums of the body are f32. te's semantics compute
 * a body's floats unrounded (dialects/te/interpreter.c), so an f32 product
 * of two halves (exact: 8 x 8 or 11 x 11 significant bits) is te's value,
 * where rounding each product to the half type was not, and it is what a
 * tensor-core contraction computes. It is also cheaper: the decode
 * attention's q . K^T spent most of its issue slots on bf16 products and
 * their unpacking into f32 (mul.bf16x2, cvt, shl per product pair). Ops
 * outside this table see their operands narrowed back to the half type. */
static const char *const widened_ops[] = {"arith.mulf", "arith.addf", "arith.subf", "arith.negf",
                                          "arith.maximumf", "arith.minimumf", "arith.divf"};

static bool widened_op(const vtc_op *op) {
  for (size_t i = 0; i < sizeof widened_ops / sizeof *widened_ops; i++)
    if (vtc_op_is_named(op, widened_ops[i])) return true;
  return false;
}

/* A float narrower than the accumulator: what the body widens. */
static bool narrow_float(const tk *K, const vtc_type *t) {
  return vtc_type_is_float(t) && vtc_type_bit_width(t) < vtc_type_bit_width(K->acc_elem);
}

static vtc_value *convert(tk *K, vtc_builder *b, vtc_value *v, const vtc_type *to) {
  return t2g_float_cast(b, K->loc, v, to);
}

/* Clones op into the body at b through bm, in f32 where widened_op allows
 * (its operands as f32: the widened ones, or constants extended), else as
 * it is with any widened operand narrowed back for it. An extf of a value
 * that is f32 already is that value. */
static void clone_widened(tk *K, vtc_builder *b, vtc_op *op, vtc_mapping *bm) {
  vtc_value *r = vtc_op_result(op, 0);
  if (vtc_op_is_named(op, "arith.extf")) {
    vtc_value *x = vtc_mapping_lookup_value(bm, vtc_op_operand(op, 0));
    if (x && x->type == r->type) {
      vtc_mapping_map_value(bm, r, x);
      return;
    }
  }
  enum { kMaxOperands = 8 }; /* arith's ops have at most 3 */
  unsigned n = op->num_operands < kMaxOperands ? op->num_operands : kMaxOperands;
  vtc_value *orig[kMaxOperands], *mapped[kMaxOperands];
  bool widen = op->num_results == 1 && narrow_float(K, r->type) && op->num_operands == n && widened_op(op);
  for (unsigned i = 0; i < n; i++) {
    orig[i] = vtc_op_operand(op, i);
    mapped[i] = vtc_mapping_lookup_value(bm, orig[i]);
    widen &= mapped[i] != NULL;
  }
  if (widen) {
    vtc_value *ops[kMaxOperands];
    for (unsigned i = 0; i < n; i++) ops[i] = convert(K, b, mapped[i], K->acc_elem);
    vtc_op *w = vtc_builder_create(b, op->name->name, K->loc, n, ops, K->acc_elem, op->num_attrs, op->attrs);
    vtc_mapping_map_value(bm, r, vtc_op_result(w, 0));
    return;
  }
  for (unsigned i = 0; i < n; i++) /* narrowed back for an op that stays as it is */
    if (mapped[i] && mapped[i]->type != orig[i]->type)
      vtc_mapping_map_value(bm, orig[i], convert(K, b, mapped[i], orig[i]->type));
  vtc_builder_insert_op(b, vtc_op_clone(op, bm));
  for (unsigned i = 0; i < n; i++)
    if (mapped[i]) vtc_mapping_map_value(bm, orig[i], mapped[i]);
}

/* A float sum's step acc + a * b, where the body's value *v is a product
 * (arith.mulf in the accumulator's type, used nowhere else), as one
 * math.fma(a, b, acc): one instruction and one rounding instead of two
 * (the decode attention's P . V spent a quarter of its issue slots on the
 * separate adds). Returns false, changing nothing, for any other step. */
static bool fused_multiply_add(tk *K, vtc_builder *b, vtc_value *acc, vtc_value **v) {
  vtc_op *mul = (*v)->def_op;
  if (!K->S->opts->fma || vtc_te_compute_combiner(K->compute) != VTC_TE_COMBINER_SUM || !mul ||
      !vtc_op_is_named(mul, "arith.mulf") || (*v)->type != K->acc_elem || vtc_value_has_uses(*v))
    return false;
  vtc_value *ops[3] = {vtc_op_operand(mul, 0), vtc_op_operand(mul, 1), acc};
  vtc_value *r = vtc_op_result(vtc_builder_create(b, "math.fma", K->loc, 3, ops, K->acc_elem, 0, NULL), 0);
  vtc_op_erase(mul);
  *v = r;
  return true;
}

/* The value of one output chunk as a register slice, at b: the varying part
 * of the body as one gir.elementwise over the loaded slices (with the
 * uniform values as scalar operands), combined into acc when reducing. */
static vtc_value *emit_value(tk *K, vtc_builder *b, vtc_value *acc) {
  vtc_value *yv = vtc_te_yield_value(vtc_te_compute_yield(K->compute));
  const vtc_type *rt = reg(K, acc ? K->acc_elem : K->elem, 1, K->V);
  if (!acc && !HAS(K->varying, yv)) return vtc_gir_build_broadcast(b, K->loc, VTC_GIR_AXIS_WIDTH, get(K, yv), rt);
  if (!acc && is_varying_load(K, yv)) return vtc_mapping_lookup_value(K->map, yv);
  vtc_value *dl = K->vector ? K->body->args[K->vd] : NULL;
  /* Row-reduce tail: lanes at or past the valid count keep the accumulator. */
  bool tail = acc && K->rowred && K->validw;
  /* The varying ops the result needs, in body order. */
  vtc_ptrmap need = {0};
  MARK(need, yv);
  for (vtc_op *op = K->body->last; op; op = op->prev) {
    if (!op->num_results || !HAS(need, vtc_op_result(op, 0))) continue;
    for (unsigned i = 0; i < op->num_operands; i++) MARK(need, vtc_op_operand(op, i));
  }
  /* Operands: the accumulator, loaded slices, uniform scalars, the chunk start. */
  VTC_VEC(vtc_value *) te_vals = {0};
  VTC_VEC(vtc_value *) operands = {0};
  vtc_ptrmap seen = {0};
  bool uses_pos = false;
  if (acc) VTC_VEC_PUSH(&operands, acc);
  for (vtc_op *op = K->body->first; op; op = op->next) {
    bool internal = op->num_results && HAS(K->varying, vtc_op_result(op, 0)) && !vtc_te_is_load(op) &&
                    HAS(need, vtc_op_result(op, 0));
    unsigned n = internal ? op->num_operands : (vtc_te_is_yield(op) ? 1 : 0);
    for (unsigned i = 0; i < n; i++) {
      vtc_value *v = vtc_op_operand(op, i);
      if (HAS(seen, v) || is_const(v)) continue;
      MARK(seen, v);
      if (v == dl) {
        uses_pos = true;
        VTC_VEC_PUSH(&te_vals, v);
        VTC_VEC_PUSH(&operands, K->vpos);
      } else if (is_varying_load(K, v) || !HAS(K->varying, v)) {
        VTC_VEC_PUSH(&te_vals, v);
        VTC_VEC_PUSH(&operands, is_varying_load(K, v) ? vtc_mapping_lookup_value(K->map, v) : get(K, v));
      }
    }
  }
  if (tail) VTC_VEC_PUSH(&operands, K->validw);
  vtc_op *ew = vtc_gir_build_elementwise(b, K->loc, rt, (unsigned)operands.len, operands.data, uses_pos || tail);
  vtc_block *body = vtc_gir_elementwise_body(ew);
  vtc_builder bb = vtc_builder_at_end(K->ctx, body);
  vtc_mapping *bm = vtc_mapping_create();
  unsigned base = acc ? 1 : 0;
  bool widen = acc && K->S->opts->widen_reductions && vtc_type_is_float(K->acc_elem);
  for (size_t i = 0; i < te_vals.len; i++) {
    vtc_value *a = body->args[base + i];
    vtc_mapping_map_value(bm, te_vals.data[i], widen && narrow_float(K, a->type) ? convert(K, &bb, a, K->acc_elem) : a);
  }
  if (uses_pos) { /* the innermost output index: chunk start + lane */
    vtc_value *j0 = vtc_mapping_lookup_value(bm, dl);
    vtc_value *ops[2] = {j0, body->args[body->num_args - 1]};
    vtc_op *add = vtc_builder_create(&bb, "arith.addi", K->loc, 2, ops, j0->type, 0, NULL);
    vtc_mapping_map_value(bm, dl, vtc_op_result(add, 0));
  }
  for (vtc_op *op = K->body->first; op; op = op->next) {
    if (!op->num_results) continue;
    vtc_value *r = vtc_op_result(op, 0);
    if (!HAS(K->varying, r) || vtc_te_is_load(op) || !HAS(need, r)) continue;
    for (unsigned i = 0; i < op->num_operands; i++) { /* constants are cloned into the body */
      vtc_value *c = vtc_op_operand(op, i);
      if (is_const(c) && !vtc_mapping_lookup_value(bm, c)) vtc_builder_insert_op(&bb, vtc_op_clone(c->def_op, bm));
    }
    if (widen) clone_widened(K, &bb, op, bm);
    else vtc_builder_insert_op(&bb, vtc_op_clone(op, bm));
  }
  vtc_value *v = vtc_mapping_lookup_value(bm, yv);
  if (!v && is_const(yv)) {
    vtc_builder_insert_op(&bb, vtc_op_clone(yv->def_op, bm));
    v = vtc_mapping_lookup_value(bm, yv);
  }
  if (acc) {
    v = convert(K, &bb, v, K->acc_elem);
    if (!fused_multiply_add(K, &bb, body->args[0], &v)) {
      vtc_value *ops[2] = {body->args[0], v};
      bool fl = vtc_type_is_float(K->elem);
      vtc_op *c = vtc_builder_create(&bb, combine_op(vtc_te_compute_combiner(K->compute), fl), K->loc, 2, ops,
                                     K->acc_elem, 0, NULL);
      v = vtc_op_result(c, 0);
    }
    if (tail) {
      vtc_value *lt[2] = {body->args[body->num_args - 1], body->args[operands.len - 1]};
      vtc_named_attr pa = {vtc_str(K->ctx, "predicate"), vtc_attr_i64(K->ctx, (int64_t)VTC_CMPI_ULT)};
      vtc_value *in = vtc_op_result(
          vtc_builder_create(&bb, "arith.cmpi", K->loc, 2, lt, vtc_type_integer(K->ctx, 1), 1, &pa), 0);
      vtc_value *sel[3] = {in, v, body->args[0]};
      v = vtc_op_result(vtc_builder_create(&bb, "arith.select", K->loc, 3, sel, K->acc_elem, 0, NULL), 0);
    }
  }
  vtc_gir_build_yield(&bb, K->loc, 1, &v);
  vtc_mapping_destroy(bm);
  vtc_ptrmap_free(&need);
  vtc_ptrmap_free(&seen);
  VTC_VEC_FREE(&te_vals);
  VTC_VEC_FREE(&operands);
  return vtc_op_result(ew, 0);
}

/* The stores of a compute with destinations (dest.c): the yielded store
 * indices as kernel scalars (uniform: they never depend on a reduction
 * index, and check_dest_chunks keeps them the same across lanes). */
static bool store_dests(tk *K, vtc_value *value, int64_t VO, vtc_value *validw) {
  vtc_op *y = vtc_te_compute_yield(K->compute);
  vtc_value *extras[8];
  for (unsigned i = 1; i < y->num_operands && i <= 8; i++)
    if (!(extras[i - 1] = get(K, vtc_op_operand(y, i))))
      return vtc_op_error(K->compute, "cannot be lowered to gir: store index #%u is not computed in the body", i - 1);
  t2g_dest_store st = {.compute = K->compute, .value = value, .validw = validw, .lanes = VO, .idx = K->idx,
                       .extras = extras, .dests = K->dest_buf, .syms = K->syms, .nsym = K->nsym};
  t2g_store_dests(&K->E, &st);
  return true;
}

/* ---- the kernel ------------------------------------------------------------------- */

static int64_t pow2_at_least(int64_t n) {
  int64_t p = 1;
  while (p < n && p < ((int64_t)1 << 30)) p <<= 1;
  return p;
}

static int64_t pow2_at_most(int64_t n) {
  int64_t p = 1;
  while (2 * p <= n && p < ((int64_t)1 << 30)) p <<= 1;
  return p;
}

/* A static size of iteration index i, or VTC_DYNAMIC: the result's, or with
 * destinations the domain's (`shape`). */
static int64_t domain_dim(tk *K, unsigned i) {
  if (!K->nd) return vtc_tensor_dim(vtc_te_compute_type(K->compute), i);
  const vtc_affine_expr *e = vtc_te_compute_shape(K->compute)->results[i];
  return e->kind == VTC_AFFINE_CONST ? e->value : VTC_DYNAMIC;
}

/* With destinations, a chunk of lanes is stored as one slice only where
 * every store map keeps it contiguous and the store indices are the same
 * across the lanes (dest.c); otherwise element by element, with a remark. */
static void check_dest_chunks(tk *K) {
  if (!K->nd || !K->vector || K->rowred) return;
  char why[256] = "";
  bool ok = t2g_dest_chunk_contiguous(K->compute, K->vd, K->V, why, sizeof why);
  vtc_op *y = vtc_te_compute_yield(K->compute);
  for (unsigned i = 1; ok && i < y->num_operands; i++)
    if (HAS(K->varying, vtc_op_operand(y, i))) {
      ok = false;
      snprintf(why, sizeof why, "a store index differs across the lanes");
    }
  if (ok) return;
  vtc_remark(K->ctx, K->loc, "lower-te-to-gir: stores element by element (lanes = 1): %s", why);
  K->S->dest_element_stores++;
  K->vector = false;
  K->V = 1;
  analyze(K, false);
}

/* Outputs that share a load (vtc_te_find_load_group) are computed together,
 * in any lane mode but along the lanes' own dim (vector mode reads those as
 * one slice already): a first group, then a second along another dim while
 * G stays within max-group accumulators. Marks what depends on each
 * group's index: its index, loads whose map reads it per output, and what
 * uses them. The outputs' reduction order is unchanged: bit-identical. */
static void mark_group_dependence(tk *K, unsigned d) {
  unsigned dim = K->gdim[d];
  MARK(K->dep[d], K->body->args[dim]);
  for (vtc_op *op = K->body->first; op; op = op->next) {
    bool dep = vtc_te_is_load(op) && !vtc_te_map_grouped(vtc_te_load_map(op), dim, K->gsize[d]);
    for (unsigned i = 0; i < op->num_operands; i++) dep |= HAS(K->dep[d], vtc_op_operand(op, i));
    if (!dep) continue;
    MARK(K->dep[d], op);
    for (unsigned i = 0; i < op->num_results; i++) MARK(K->dep[d], vtc_op_result(op, i));
  }
}

static void choose_group(tk *K) {
  K->G = 1;
  if (!K->S->opts->group_shared_loads) return;
  uint32_t excluded = K->vector && !K->rowred ? 1u << K->vd : 0;
  vtc_te_load_group g;
  int64_t max = K->S->opts->max_group;
  while (K->ngroups < 2 && max / K->G >= 2 && vtc_te_find_load_group(K->compute, excluded, max / K->G, &g)) {
    unsigned d = K->ngroups++;
    K->gdim[d] = g.dim;
    K->gsize[d] = g.size;
    K->G *= g.size;
    excluded |= 1u << g.dim;
    mark_group_dependence(K, d);
    size_t at = strlen(K->group_text);
    snprintf(K->group_text + at, sizeof K->group_text - at, "%s%lld outputs along dim %u share input #%d's load",
             d ? ", " : "", (long long)g.size, g.dim,
             vtc_te_compute_input_index(K->compute, vtc_te_load_input(g.load)));
  }
}

/* Copy j = j0 x stride(0) + j1 x stride(1): the strides of its group indices. */
static int64_t copy_stride(const tk *K, unsigned d) { return d == 0 && K->ngroups > 1 ? K->gsize[1] : 1; }

/* Copy j's index along group d (j0 = j / gsize[1], j1 = j % gsize[1]). */
static int64_t copy_index(const tk *K, int64_t j, unsigned d) {
  return d == 0 ? j / copy_stride(K, 0) : j % copy_stride(K, 0);
}

/* Emits through copy j's mapping and group indices. */
static void use_copy(tk *K, int64_t j) {
  K->map = K->maps[j];
  for (unsigned d = 0; d < K->ngroups; d++) K->idx[K->gdim[d]] = K->gidx[d][copy_index(K, j, d)];
}

/* Chooses the lanes: vector mode when the innermost dimension exists, every
 * load can be read as a slice, and more than one lane would be busy (a
 * static innermost size below the register width takes the next power of
 * two). */
/* A reduction along the innermost (contiguous) input axis: every passed
 * input read through the innermost reduction index reads it as its last
 * index with coefficient 1 (a row), at least one does, and no load inside
 * the reduction (one that reads a reduction index) reads the innermost
 * output index as its last index (the existing mode is then contiguous
 * already). A load outside the reduction, such as layer norm's mean in
 * sum((x - mean)^2), is read once per output and does not count: counting
 * it put the lanes on 128 outputs and left one unit looping over 768. */
static bool row_reduce_candidate(tk *K) {
  if (!K->nred) return false;
  unsigned rl = K->rank + K->nred - 1;
  bool any = false;
  for (vtc_op *op = K->body->first; op; op = op->next) {
    if (!vtc_te_is_load(op) || t2g_input_is_folded(vtc_te_load_input(op), NULL)) continue;
    const vtc_affine_map *m = vtc_te_load_map(op);
    unsigned last = m->num_results - 1;
    bool in_reduction = false;
    for (unsigned k = 0; k < m->num_results; k++) {
      for (unsigned r = 0; r < K->nred; r++) in_reduction |= vtc_affine_expr_uses_dim(m->results[k], K->rank + r);
      if (!vtc_affine_expr_uses_dim(m->results[k], rl)) continue;
      int64_t c;
      if (k != last || !t2g_expr_linear(m->results[k], rl, &c) || c != 1) return false;
      any = true;
    }
    if (in_reduction && m->num_results && K->rank && vtc_affine_expr_uses_dim(m->results[last], K->rank - 1)) return false;
  }
  return any;
}

static void choose_lanes(tk *K) {
  const t2g_options *o = K->S->opts;
  int64_t vmax = t2g_max_lanes(o, K->acc_elem);
  K->vd = K->rank ? K->rank - 1 : 0;
  if (o->vectorize && row_reduce_candidate(K)) {
    const vtc_affine_expr *e = vtc_te_compute_reduce(K->compute)->results[K->nred - 1];
    /* A static row shorter than the register keeps the lanes on the
     * outputs, unless it fills ROWRED_MIN_LANES lanes (a GPU warp): the
     * lanes then take the largest power of two of it. Attention's QK^T
     * over a K cache read in place (rows of 64 per position, 128 lanes of
     * f32 per work item) otherwise reads each position's row with one
     * element per lane 128 bytes apart, 64 times. */
    bool static_row = e->kind == VTC_AFFINE_CONST;
    int64_t lanes = !static_row || e->value >= vmax ? vmax : pow2_at_most(e->value);
    K->vd = K->rank + K->nred - 1;
    if (vmax > 1 && (lanes == vmax || lanes >= ROWRED_MIN_LANES) && analyze(K, true)) {
      K->rowred = K->vector = true;
      K->V = lanes;
      return;
    }
    K->vd = K->rank ? K->rank - 1 : 0;
  }
  vmax = t2g_max_lanes(o, K->elem);
  int64_t n = K->rank ? domain_dim(K, K->rank - 1) : 1;
  int64_t V = vmax;
  if (n != VTC_DYNAMIC && pow2_at_least(n) < V) V = pow2_at_least(n);
  K->vector = o->vectorize && K->rank > 0 && V > 1 && analyze(K, true);
  K->V = K->vector ? V : 1;
  if (!K->vector) analyze(K, false);
}

/* The static ranges of the iteration indices (for the bounds proofs). */
static void domain_ranges(tk *K) {
  for (unsigned i = 0; i < K->rank; i++) {
    int64_t d = domain_dim(K, i);
    K->dlo[i] = 0;
    K->dhi[i] = d == VTC_DYNAMIC ? -1 : d - 1;
  }
  const vtc_affine_map *red = vtc_te_compute_reduce(K->compute);
  for (unsigned k = 0; k < K->nred; k++) {
    const vtc_affine_expr *e = red->results[k];
    K->dlo[K->rank + k] = 0;
    K->dhi[K->rank + k] = e->kind == VTC_AFFINE_CONST ? e->value - 1 : -1;
  }
}

static vtc_value *buffer_dim(tk *K, vtc_value *buf, const vtc_type *tensor, unsigned k) {
  int64_t d = vtc_tensor_dim(tensor, k);
  if (d != VTC_DYNAMIC) return t2g_cidx(&K->E, d);
  return vtc_gir_build_dim(&K->E.at, K->loc, buf, k);
}

/* Number of work items over the compute's symbols: output rows x chunks
 * (a group's G outputs in one). */
static const vtc_affine_expr *work_items(tk *K) {
  const vtc_affine_map *shape = vtc_te_compute_shape(K->compute);
  const vtc_affine_expr *items = vtc_affine_const(K->ctx, 1);
  for (unsigned i = 0; i < K->rank; i++) {
    const vtc_affine_expr *e = shape->results[i];
    for (unsigned d = 0; d < K->ngroups; d++)
      if (i == K->gdim[d]) e = vtc_affine_const(K->ctx, e->value / K->gsize[d]);
    if (i == K->rank - 1 && K->V > 1 && !K->rowred) e = vtc_affine_ceildiv(K->ctx, e, vtc_affine_const(K->ctx, K->V));
    items = vtc_affine_mul(K->ctx, items, e);
  }
  return items;
}

/* A reduction's result at E->at: the lanes' partial results combined
 * (row-reduce), the f32 accumulator rounded once to a half type. */
static vtc_value *finish_reduction(tk *K, vtc_value *value, int64_t VO) {
  t2g_emit *E = &K->E;
  if (K->rowred)
    value = vtc_gir_build_reduce(&E->at, K->loc, gir_combiner(vtc_te_compute_combiner(K->compute)),
                                 VTC_GIR_AXIS_WIDTH, value);
  if (K->acc_elem == K->elem && !K->neg_zero_init) return value;
  vtc_op *ew = vtc_gir_build_elementwise(&E->at, K->loc, reg(K, K->elem, 1, VO), 1, &value, false);
  vtc_block *eb = vtc_gir_elementwise_body(ew);
  vtc_builder bb = vtc_builder_at_end(K->ctx, eb);
  vtc_value *t = eb->args[0];
  if (K->neg_zero_init) { /* -0.0 + +0.0 is +0.0; any other sum stays as it is */
    vtc_named_attr zero = {vtc_str(K->ctx, "value"), vtc_attr_float(K->ctx, K->acc_elem, 0.0)};
    vtc_op *z = vtc_builder_create(&bb, "arith.constant", K->loc, 0, NULL, K->acc_elem, 1, &zero);
    vtc_value *ops[2] = {t, vtc_op_result(z, 0)};
    t = vtc_op_result(vtc_builder_create(&bb, "arith.addf", K->loc, 2, ops, K->acc_elem, 0, NULL), 0);
  }
  t = convert(K, &bb, t, K->elem);
  vtc_gir_build_yield(&bb, K->loc, 1, &t);
  return vtc_op_result(ew, 0);
}

static bool emit_body_op(tk *K, vtc_op *op) {
  if (vtc_te_is_load(op)) {
    emit_load(K, op);
    return true;
  }
  if (vtc_te_is_assert(op)) return emit_assert(K, op);
  if (!op->num_results || !HAS(K->varying, vtc_op_result(op, 0))) return emit_uniform(K, op);
  return true; /* varying arithmetic: emit_value's */
}

/* The body's uniform code and loads, per copy of a group where they differ:
 * copy j emits an op unless a copy that differs from it only along group
 * dims the op does not depend on did (its representative: those indices 0),
 * whose values it maps. */
static bool emit_body(tk *K) {
  bool ok = true;
  for (vtc_op *op = K->body->first; ok && op; op = op->next) {
    if (vtc_te_is_yield(op)) continue;
    for (int64_t j = 0; ok && j < K->G; j++) {
      int64_t rep = 0;
      for (unsigned d = 0; d < K->ngroups; d++)
        if (HAS(K->dep[d], op)) rep += copy_index(K, j, d) * copy_stride(K, d);
      if (rep == j) {
        use_copy(K, j);
        ok = emit_body_op(K, op);
        continue;
      }
      for (unsigned i = 0; i < op->num_results; i++) {
        vtc_value *v = vtc_mapping_lookup_value(K->maps[rep], vtc_op_result(op, i));
        if (v) vtc_mapping_map_value(K->maps[j], vtc_op_result(op, i), v);
      }
    }
    use_copy(K, 0);
  }
  return ok;
}

/* On a GPU, a reduction loop's iteration is one row of loads and its FMAs;
 * each warp waits for its row before the next (decode attention's P.V:
 * 256 bytes a warp in flight, about half of HBM's bandwidth at full
 * occupancy). The innermost loop of at least T2G_MIN_UNROLL_TRIPS trips
 * (or of a `?` count) carries an unroll hint (`unroll-reductions`, 4 by
 * default), so the backend issues that many rows' loads first. On the
 * H200: llama3 b16's P.V 68.6 -> 58 us at 4 or 8, gemma2 b16 faster at 4
 * and slower at 8 (registers). Only where a step loads whole rows (a
 * vector kernel): a scalar loop of a few dozen trips LLVM unrolls whole,
 * which a count of 4 would prevent (efficientnet-se's 28 x 28 pools: the
 * paper config 3% slower). Left off on the CPU (its vectorizer and
 * out-of-order cores do this) and for short loops. */
#define T2G_DEFAULT_UNROLL 4
#define T2G_MIN_UNROLL_TRIPS 16
static void hint_unroll(tk *K, vtc_op *loop, vtc_value *extent, int64_t step) {
  const t2g_options *o = K->S->opts;
  int64_t count = o->unroll_reductions ? o->unroll_reductions : T2G_DEFAULT_UNROLL, n;
  if (o->hierarchy != VTC_GIR_HIER_GPU || !K->vector || count <= 1) return;
  if (t2g_const_int(extent, &n) && (n + step - 1) / step < T2G_MIN_UNROLL_TRIPS) return;
  vtc_gir_for_set_unroll(loop, count);
}

/* On the GPU, how many consecutive work items one step of a unit takes in
 * turn (R, 1: one), so that decomposing the step into output indices (64-bit
 * divisions and remainders) is paid once per R items and their loads can
 * be in flight together. Taken where an item is small: one output of a
 * short row-reduce (attention's QK^T over 64-element K rows), or a row
 * shorter than the register (a KV-cache concat's 64-element rows); the
 * concat ran at 0.7 TB/s on an H200, bound by that arithmetic. R divides
 * the extent of the items' fastest dim (the chunks of a row, or with one
 * chunk the next-inner output dim), so an item's indices are the step's
 * plus r along that dim, and T2G_MIN_STEPS steps remain (a wave of an
 * H200's warps 16 times over). *along_chunks: R runs along the chunks.
 * `items-per-step` sets the most R (1: off, the ablation; given, the
 * steps' floor is waived, so that lit can run it on small tensors). */
#define T2G_MAX_ITEMS_PER_STEP 8
#define T2G_MIN_STEPS 65536
static int64_t items_per_step(tk *K, vtc_value *const *steps, vtc_value *rows, vtc_value *chunks, bool *along_chunks) {
  const t2g_options *o = K->S->opts;
  int64_t limit = o->items_per_step;
  if (o->hierarchy != VTC_GIR_HIER_GPU || K->ngroups || K->nd || !K->rank || limit == 1) return 1;
  if (limit <= 0) limit = T2G_MAX_ITEMS_PER_STEP;
  int64_t row = K->nred ? K->dhi[K->rank + K->nred - 1] + 1 : 0; /* 0: `?` */
  bool small = K->rowred ? K->nred == 1 && row > 0 && row <= K->V : K->V < t2g_max_lanes(o, K->elem);
  int64_t nrows, nchunks, extent;
  if (!small || !t2g_const_int(rows, &nrows) || !t2g_const_int(chunks, &nchunks)) return 1;
  *along_chunks = nchunks > 1;
  if (*along_chunks) extent = nchunks;
  else if (K->rank < 2 || !t2g_const_int(steps[K->rank - 2], &extent)) return 1;
  int64_t items = nrows * nchunks, min_steps = o->items_per_step ? 1 : T2G_MIN_STEPS;
  for (int64_t r = limit; r > 1; r--)
    if (extent % r == 0 && items / r >= min_steps) return r;
  return 1;
}

bool t2g_build_kernel(t2g_state *S, vtc_op *compute, vtc_builder *mb, const char *name, t2g_kernel_info *info) {
  tk *K = vtc_xcalloc(1, sizeof *K);
  K->S = S;
  K->ctx = S->ctx;
  K->compute = compute;
  K->loc = compute->loc;
  K->body = vtc_te_compute_body(compute);
  K->rank = vtc_te_compute_rank(compute);
  K->nred = vtc_te_compute_num_reduce(compute);
  K->nin = vtc_te_compute_num_inputs(compute);
  K->nsym = vtc_te_compute_num_symbols(compute);
  K->nd = vtc_te_compute_num_dests(compute);
  K->elem = vtc_te_compute_type(compute)->element;
  /* Half-precision sums lose too much in their own type: accumulate in f32,
   * round once at the end (as te's semantics: fold, then round when stored). */
  bool half = K->elem->kind == VTC_TYPE_F16 || K->elem->kind == VTC_TYPE_BF16;
  K->acc_elem = half && K->nred ? vtc_type_f32(K->ctx) : K->elem;
  bool ok = validate(K);
  if (!ok) goto done;
  domain_ranges(K);
  choose_lanes(K);
  check_dest_chunks(K);
  choose_group(K);

  /* Parameters: the passed inputs, the output, the symbols. */
  K->in_buf = vtc_xcalloc(K->nin + 1, sizeof *K->in_buf);
  K->in_dim = vtc_xcalloc(K->nin + 1, sizeof *K->in_dim);
  K->in_stride = vtc_xcalloc(K->nin + 1, sizeof *K->in_stride);
  K->syms = vtc_xcalloc(K->nsym + 1, sizeof *K->syms);
  K->dest_buf = vtc_xcalloc(K->nd + 1, sizeof *K->dest_buf);
  const vtc_type **params = vtc_xcalloc(K->nin + K->nd + K->nsym + 1, sizeof *params);
  unsigned np = 0;
  for (unsigned i = 0; i < K->nin; i++)
    if (!t2g_input_is_folded(vtc_te_compute_input(compute, i), NULL))
      params[np++] = t2g_buffer_type(K->ctx, vtc_te_compute_input(compute, i)->type);
  const vtc_type *out_t = vtc_te_compute_type(compute);
  if (!K->nd) params[np++] = t2g_buffer_type(K->ctx, out_t);
  for (unsigned i = 0; i < K->nd; i++) params[np++] = t2g_buffer_type(K->ctx, vtc_te_compute_dest(compute, i)->type);
  for (unsigned i = 0; i < K->nsym; i++) params[np++] = vtc_type_index(K->ctx);
  vtc_op *kernel = t2g_new_kernel(K->S, mb, K->loc, name, np, params, K->V);
  free(params);
  vtc_block *kb = vtc_gir_kernel_body(kernel);
  t2g_emit *E = &K->E;
  t2g_emit_init(E, K->ctx, K->loc, kb);
  E->nonneg_dims = K->rank + K->nred; /* iteration indices; extras (gathered indices) may be negative */
  for (int64_t j = 0; j < K->G; j++) K->maps[j] = vtc_mapping_create();
  K->map = K->maps[0];
  unsigned p = 0;
  for (unsigned i = 0; i < K->nin; i++)
    if (!t2g_input_is_folded(vtc_te_compute_input(compute, i), NULL)) K->in_buf[i] = kb->args[p++];
  if (!K->nd) K->out_buf = kb->args[p++];
  for (unsigned i = 0; i < K->nd; i++) K->dest_buf[i] = kb->args[p++];
  for (unsigned i = 0; i < K->nsym; i++) K->syms[i] = kb->args[p++];

  /* Prologue: sizes and strides of the inputs and the output, reduction
   * extents, this unit's block of work items. */
  for (unsigned i = 0; i < K->nin; i++) {
    const vtc_type *t = vtc_te_compute_input(compute, i)->type;
    if (!K->in_buf[i]) { /* a folded constant: static sizes, for the padding checks */
      for (unsigned k = 0; k < t->rank; k++) K->in_dim[i][k] = t2g_cidx(E, vtc_tensor_dim(t, k));
      continue;
    }
    for (unsigned k = 0; k < t->rank; k++) K->in_dim[i][k] = buffer_dim(K, K->in_buf[i], t, k);
    vtc_value *s = t2g_cidx(E, 1);
    for (unsigned k = t->rank; k-- > 0;) {
      K->in_stride[i][k] = s;
      s = t2g_muli(E, s, K->in_dim[i][k]);
    }
  }
  vtc_value *out_dim[MAXR], *c1 = t2g_cidx(E, 1);
  const vtc_affine_map *shape = vtc_te_compute_shape(compute);
  for (unsigned k = 0; k < K->rank; k++)
    out_dim[k] = K->nd ? t2g_expr(E, shape->results[k], NULL, 0, K->syms, K->nsym) : buffer_dim(K, K->out_buf, out_t, k);
  vtc_value *n = K->rank ? out_dim[K->rank - 1] : c1;
  int64_t VO = K->rowred ? 1 : K->V; /* output elements per work item */
  /* The work items' dims: a group's G outputs are one step. */
  vtc_value *steps[MAXR];
  for (unsigned k = 0; k < K->rank; k++) steps[k] = out_dim[k];
  for (unsigned d = 0; d < K->ngroups; d++)
    steps[K->gdim[d]] = t2g_cidx(E, vtc_te_compute_shape(compute)->results[K->gdim[d]]->value / K->gsize[d]);
  vtc_value *chunks = t2g_ceildivui(E, K->rank ? steps[K->rank - 1] : c1, t2g_cidx(E, VO));
  vtc_value *rows = c1;
  for (unsigned k = 0; k + 1 < K->rank; k++) rows = t2g_muli(E, rows, steps[k]);
  vtc_value *ext[MAXR + 2];
  const vtc_affine_map *redm = vtc_te_compute_reduce(compute);
  for (unsigned k = 0; k < K->nred; k++) ext[k] = t2g_expr(E, redm->results[k], NULL, 0, K->syms, K->nsym);
  vtc_value *acc0 = NULL;
  if (K->nred) {
    const vtc_attr *init = vtc_te_compute_init(compute);
    const vtc_affine_expr *last = redm->results[K->nred - 1];
    bool one_step = K->rowred && K->nred == 1 && last->kind == VTC_AFFINE_CONST && last->value <= K->V;
    K->neg_zero_init = one_step && vtc_te_compute_combiner(compute) == VTC_TE_COMBINER_SUM &&
                       vtc_type_is_float(K->acc_elem) && init->kind == VTC_ATTR_FLOAT && init->f == 0.0 &&
                       !signbit(init->f);
    vtc_value *c = K->neg_zero_init            ? t2g_const(E, K->acc_elem, 0, -0.0)
                   : K->acc_elem == K->elem ? t2g_const_attr(E, init)
                                            : t2g_const(E, K->acc_elem, 0, init->f);
    acc0 = vtc_gir_build_broadcast(&E->at, K->loc, VTC_GIR_AXIS_WIDTH, c, reg(K, K->acc_elem, 1, K->V));
  }
  bool along_chunks = false;
  int64_t R = items_per_step(K, steps, rows, chunks, &along_chunks);
  vtc_value *items = t2g_muli(E, rows, chunks);
  vtc_op *wloop = t2g_blocked_loop(E, R > 1 ? t2g_divui(E, items, t2g_cidx(E, R)) : items);

  /* One work item: output row `row`, elements [j0, j0 + V) of it (with R
   * items per step, the step's first item, then r more along the fastest
   * dim in an inner loop). */
  vtc_builder W = vtc_builder_at_end(K->ctx, vtc_gir_for_body(wloop));
  E->at = W;
  vtc_value *w = vtc_gir_for_induction_var(wloop);
  if (R > 1) w = t2g_muli(E, w, t2g_cidx(E, R));
  K->witem = w;
  int64_t one_row;
  bool single_row = t2g_const_int(rows, &one_row) && one_row == 1;
  int64_t nch;
  bool one_chunk = t2g_const_int(chunks, &nch) && nch == 1;
  vtc_value *row = single_row && !one_chunk ? t2g_cidx(E, 0) : t2g_divui(E, w, chunks);
  vtc_value *chunk = one_chunk ? t2g_cidx(E, 0) : single_row ? w : t2g_remui(E, w, chunks);
  vtc_value *rest = row;
  for (unsigned k = K->rank - 1; K->rank && k-- > 0;) {
    K->idx[k] = k ? t2g_remui(E, rest, steps[k]) : rest;
    if (k) rest = t2g_divui(E, rest, steps[k]);
  }
  vtc_op *item_loop = wloop;
  if (R > 1) {
    item_loop = vtc_gir_build_for(&E->at, K->loc, t2g_cidx(E, 0), t2g_cidx(E, R), c1, 0, NULL);
    E->at = vtc_builder_at_end(K->ctx, vtc_gir_for_body(item_loop));
    vtc_value *r = vtc_gir_for_induction_var(item_loop);
    K->witem = t2g_addi(E, w, r);
    if (along_chunks) {
      chunk = t2g_addi(E, chunk, r);
    } else {
      row = t2g_addi(E, row, r);
      K->idx[K->rank - 2] = t2g_addi(E, K->idx[K->rank - 2], r);
    }
  }
  K->j0 = t2g_muli(E, chunk, t2g_cidx(E, VO));
  K->vpos = K->j0;
  if (K->rank) K->idx[K->rank - 1] = K->j0;
  int64_t ns = K->rank ? domain_dim(K, K->rank - 1) : 1;
  if (K->vector && !K->rowred && (ns == VTC_DYNAMIC || ns % K->V != 0))
    K->validw = t2g_minui(E, t2g_cidx(E, K->V), t2g_subi(E, n, K->j0));
  /* Output offsets: copy j is j0 gstride[0] + j1 gstride[1] elements after
   * copy 0. */
  vtc_value *out_off, *gstride[2] = {c1, c1};
  if (K->ngroups) {
    for (unsigned d = 0; d < K->ngroups; d++) {
      unsigned g = K->gdim[d];
      K->idx[g] = t2g_muli(E, K->idx[g], t2g_cidx(E, K->gsize[d]));
      for (int64_t j = 0; j < K->gsize[d]; j++) K->gidx[d][j] = t2g_addi(E, K->idx[g], t2g_cidx(E, j));
      for (unsigned k = g + 1; k < K->rank; k++) gstride[d] = t2g_muli(E, gstride[d], out_dim[k]);
    }
    out_off = K->idx[0];
    for (unsigned k = 1; k < K->rank; k++) out_off = t2g_addi(E, t2g_muli(E, out_off, out_dim[k]), K->idx[k]);
  } else {
    out_off = t2g_addi(E, t2g_muli(E, row, n), K->j0);
  }
  W = E->at;

  /* Reduction loops, outermost first, carrying the accumulators (one per
   * copy of a group). */
  vtc_op *loops[MAXR + 2];
  K->outer = K->inner = W;
  vtc_builder lb = W;
  vtc_value *acc[T2G_MAX_GROUP];
  for (int64_t j = 0; j < K->G; j++) acc[j] = acc0;
  for (unsigned k = 0; k < K->nred; k++) {
    bool lane_loop = K->rowred && k == K->nred - 1;
    vtc_value *step = lane_loop ? t2g_cidx(E, K->V) : c1;
    loops[k] = vtc_gir_build_for(&lb, K->loc, t2g_cidx(E, 0), ext[k], step, (unsigned)K->G, acc);
    vtc_block *lbody = vtc_gir_for_body(loops[k]);
    K->idx[K->rank + k] = lbody->args[0];
    for (int64_t j = 0; j < K->G; j++) acc[j] = lbody->args[1 + j];
    lb = vtc_builder_at_end(K->ctx, lbody);
    if (lane_loop) { /* lanes [r, r + V) of the row; the tail masked */
      K->vpos = lbody->args[0];
      int64_t x;
      if (!(t2g_const_int(ext[k], &x) && x % K->V == 0)) {
        E->at = lb;
        K->validw = t2g_minui(E, t2g_cidx(E, K->V), t2g_subi(E, ext[k], K->vpos));
        lb = E->at;
      }
    }
  }
  if (K->nred) {
    K->outer = vtc_builder_before(loops[0]);
    K->inner = lb;
    hint_unroll(K, loops[K->nred - 1], ext[K->nred - 1], K->rowred ? K->V : 1);
  }

  for (int64_t j = 0; j < K->G; j++) {
    use_copy(K, j);
    for (unsigned i = 0; i < K->rank + K->nred; i++)
      if (!(K->vector && i == K->vd)) vtc_mapping_map_value(K->map, K->body->args[i], K->idx[i]);
  }
  use_copy(K, 0);

  /* The body: uniform scalar code and loads; the varying arithmetic goes
   * into emit_value's gir.elementwise. */
  ok = emit_body(K);
  vtc_value *yv = vtc_te_yield_value(vtc_te_compute_yield(compute));
  for (int64_t j = 0; ok && j < K->G; j++) {
    use_copy(K, j);
    if (!HAS(K->varying, yv) && !get(K, yv))
      ok = vtc_op_error(compute, "cannot be lowered to gir: the yielded value is not computed in the body");
  }
  vtc_value *value[T2G_MAX_GROUP];
  if (ok && K->nred) {
    E->at = K->inner;
    vtc_value *next[T2G_MAX_GROUP];
    for (int64_t j = 0; j < K->G; j++) {
      use_copy(K, j);
      next[j] = emit_value(K, &K->inner, acc[j]);
    }
    vtc_gir_build_yield(&K->inner, K->loc, (unsigned)K->G, next);
    for (unsigned k = K->nred - 1; k-- > 0;) {
      vtc_builder yb = vtc_builder_at_end(K->ctx, vtc_gir_for_body(loops[k]));
      for (int64_t j = 0; j < K->G; j++) next[j] = vtc_op_result(loops[k + 1], (unsigned)j);
      vtc_gir_build_yield(&yb, K->loc, (unsigned)K->G, next);
    }
    E->at = vtc_builder_at_end(K->ctx, vtc_gir_for_body(item_loop));
    for (int64_t j = 0; j < K->G; j++) value[j] = finish_reduction(K, vtc_op_result(loops[0], (unsigned)j), VO);
  } else if (ok) {
    E->at = W;
    value[0] = emit_value(K, &E->at, NULL);
  }
  vtc_value *ovalid = K->rowred ? NULL : K->validw;
  for (int64_t j = 0; ok && j < K->G; j++) {
    use_copy(K, j);
    if (K->nd) {
      ok = store_dests(K, value[j], VO, ovalid);
    } else {
      const vtc_type *ot = vtc_gir_slice_type(K->ctx, VTC_GIR_GLOBAL, K->elem, 1, VO, VO);
      vtc_value *off = out_off;
      for (unsigned d = 0; d < K->ngroups; d++)
        off = t2g_addi(E, off, t2g_muli(E, t2g_cidx(E, copy_index(K, j, d)), gstride[d]));
      vtc_value *ov = vtc_gir_build_view(&E->at, K->loc, K->out_buf, off, ot, NULL, ovalid ? c1 : NULL, ovalid);
      vtc_gir_build_copy(&E->at, K->loc, value[j], ov);
    }
  }
  if (ok) {
    vtc_gir_build_yield(&E->at, K->loc, 0, NULL);
    if (item_loop != wloop) {
      vtc_builder wend = vtc_builder_at_end(K->ctx, vtc_gir_for_body(wloop));
      vtc_gir_build_yield(&wend, K->loc, 0, NULL);
    }
    vtc_builder end = vtc_builder_at_end(K->ctx, kb);
    vtc_gir_build_return(&end, K->loc);
    t2g_dce(kernel);
    info->kernel = kernel;
    info->lanes = K->V;
    info->items = work_items(K);
    S->kernels++;
    if (K->vector) S->vector_kernels++;
    if (K->ngroups) {
      t2g_group_note note = {.kernel = kernel, .loc = K->loc};
      snprintf(note.text, sizeof note.text, "%s", K->group_text);
      VTC_VEC_PUSH(&S->group_notes, note);
    }
  } else {
    vtc_op_erase(kernel);
  }
  for (int64_t j = 0; j < K->G; j++) vtc_mapping_destroy(K->maps[j]);
  t2g_emit_free(E);
done:
  free(K->in_buf);
  free(K->dest_buf);
  free(K->in_dim);
  free(K->in_stride);
  free(K->syms);
  vtc_ptrmap_free(&K->varying);
  vtc_ptrmap_free(&K->red);
  vtc_ptrmap_free(&K->dep[0]);
  vtc_ptrmap_free(&K->dep[1]);
  free(K);
  return ok;
}
