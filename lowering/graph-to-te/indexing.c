/* lower-graph-to-te for the index-dependent data-movement ops. Every index
 * is checked as the reference kernel checks it: a te.assert in the TE body
 * that it lies in [-size, size) (ONNX wraps a negative index), with the
 * kernel's message (VTC_INDEX_RANGE_MESSAGE); out of range, the TE reads
 * index 0 instead (a padded load when the size may be 0), so no access
 * leaves its tensor while the failure is on its way. gather: one TE that
 * loads the index element, checks and wraps it, and passes it as an extra
 * operand of an index-dependent te.load (an empty output checks nothing).
 * scatter_nd: the first TE checks and wraps every index (so an update is
 * never dropped silently). With reduction "none" (ONNX's default, the KV
 * cache update) the updates are then stored into the data by a
 * destination-passing TE over the update domain (vtc.txt 4.4: the data is
 * the output's base, written in place when lower-te-to-gir may, e.g. a
 * donated cache): it touches the updated rows only. Duplicate positions
 * are resolved before the store, so the stores can run in any order: a
 * reduction over the positions gives each p the last p' with the same
 * index (`max` of the row-major position), and p stores p''s update
 * (`stores_agree`); with one update position there is nothing to resolve.
 * With add/mul/max/min the second TE is a reduction over the update
 * positions p of select(indices[p] matches the output index, update) per
 * output element and the third combines it with the data. Choice:
 * scatter_nd needs static update positions (indices.shape[:-1]) and a
 * static index depth k. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/assert_op.h"
#include "lowering/graph-to-te/lowering.h"

/* A dimension size in a body: a constant, or loaded from the rank-0 input
 * `size_slot` (a body cannot see symbols). */
static vtc_value *size_value(gte_compute *c, gte_expr size, int size_slot) {
  const vtc_type *index = vtc_type_index(c->L->ctx);
  int64_t n;
  if (gte_is_const(size, &n)) return gte_const(c, index, (double)n);
  return gte_convert(c, gte_load(c, (unsigned)size_slot, NULL, 0, NULL, NULL), index);
}

/* An index element (i32/i64) as an `index` in [0, dim): negative ones
 * wrapped, checked by a te.assert with the op's message; 0 when out of range. */
static vtc_value *checked_index(gte_compute *c, vtc_value *raw, vtc_value *dim) {
  gte_lowering *L = c->L;
  const vtc_type *index = vtc_type_index(L->ctx);
  vtc_value *t = gte_convert(c, raw, index), *zero = gte_const(c, index, 0);
  vtc_value *w = gte_select(c, gte_cmpi(c, VTC_CMPI_SLT, t, zero), gte_op2(c, "arith.addi", t, dim), t);
  /* ult: 0 <= w < dim, i.e. -dim <= t < dim. */
  char prefix[128];
  snprintf(prefix, sizeof prefix, "'%s' op %s: ", L->op->name->name, L->op->name->name + strlen("graph."));
  char *tmpl = vtc_check_renumber(VTC_INDEX_RANGE_MESSAGE, (const unsigned[]){2, 1}, 2);
  char *msg = vtc_format("%s%s", prefix, tmpl);
  vtc_value *args[3] = {w, dim, t};
  vtc_assert_build(&c->body, "te.assert", L->op->loc, VTC_CHECK_ULT, 3, args, NULL, msg);
  free(tmpl);
  free(msg);
  return gte_select(c, gte_cmpi(c, VTC_CMPI_ULT, w, dim), w, zero);
}

bool gte_lower_gather(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *data = vtc_op_operand(op, 0), *indices = vtc_op_operand(op, 1);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  gte_shape ds, is;
  int64_t axis;
  int ax;
  if (!gte_shape_of(L, data, &ds) || !gte_shape_of(L, indices, &is)) return false;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) || !graph_axis(op, axis, (int)ds.rank, &ax)) return false;
  if (!vtc_type_is_integer(indices->type->element, 32) && !vtc_type_is_integer(indices->type->element, 64))
    return gte_fail(L, "indices must be i32 or i64");
  gte_shape out = {.rank = 0};
  for (int i = 0; i < ax; i++) out.dims[out.rank++] = ds.dims[i];
  for (unsigned i = 0; i < is.rank; i++) out.dims[out.rank++] = is.dims[i];
  for (unsigned i = (unsigned)ax + 1; i < ds.rank; i++) out.dims[out.rank++] = ds.dims[i];
  bool dyn = !gte_is_const(ds.dims[ax], NULL);
  vtc_value *ins[3] = {data, indices, dyn ? gte_symbol_tensor(L, ds.dims[ax], NULL) : NULL};
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, dyn ? 3 : 2, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  gte_expr ii[VTC_MAX_RANK], di[VTC_MAX_RANK];
  for (unsigned i = 0; i < is.rank; i++) ii[i] = gte_d(&c, (unsigned)ax + i);
  vtc_value *e = checked_index(&c, gte_load(&c, 1, ii, 0, NULL, NULL), size_value(&c, ds.dims[ax], 2));
  for (unsigned i = 0; i < ds.rank; i++)
    di[i] = (int)i < ax ? gte_d(&c, i) : (int)i == ax ? vtc_affine_dim(ctx, out.rank) : gte_d(&c, i - 1 + is.rank);
  /* A dynamic size may be 0: then even index 0 is outside, and padded. */
  double zero = 0;
  results[0] = gte_end(&c, gte_load(&c, 0, di, 1, &e, dyn ? &zero : NULL));
  return true;
}

/* The row-major position of the update position (d_first .. d_first+np). */
static vtc_value *position_of(gte_compute *c, unsigned first, unsigned np, const int64_t *ext) {
  const vtc_type *index = vtc_type_index(c->L->ctx);
  int64_t stride = 1;
  vtc_value *lin = NULL;
  for (unsigned i = np; i-- > 0;) {
    vtc_value *term = gte_arg(c, first + i);
    if (stride != 1) term = gte_op2(c, "arith.muli", term, gte_const(c, index, (double)stride));
    lin = lin ? gte_op2(c, "arith.addi", lin, term) : term;
    stride *= ext[i];
  }
  return lin ? lin : gte_const(c, index, 0);
}

/* For each update position p (shape ext[0..np)), the row-major position of
 * the last p' whose k wrapped indices equal p's: a `max` reduction over p'. */
static vtc_value *last_duplicates(gte_lowering *L, vtc_value *wrapped, unsigned np, const int64_t *ext, int64_t k) {
  const vtc_type *i64 = vtc_type_integer(L->ctx, 64);
  gte_shape pos = {.rank = np};
  gte_expr red[VTC_MAX_RANK], a[VTC_MAX_RANK], b[VTC_MAX_RANK];
  for (unsigned i = 0; i < np; i++) pos.dims[i] = red[i] = gte_c(L, ext[i]);
  gte_compute c;
  gte_begin(&c, L, NULL, i64, &pos, 1, &wrapped, np, red, VTC_TE_COMBINER_MAX, -1);
  vtc_value *match = NULL;
  for (unsigned i = 0; i < np; i++) a[i] = gte_d(&c, i), b[i] = gte_d(&c, np + i);
  for (int64_t j = 0; j < k; j++) {
    a[np] = b[np] = gte_c(L, j);
    vtc_value *eq = gte_cmpi(&c, VTC_CMPI_EQ, gte_load(&c, 0, a, 0, NULL, NULL), gte_load(&c, 0, b, 0, NULL, NULL));
    match = match ? gte_op2(&c, "arith.andi", match, eq) : eq;
  }
  vtc_value *p2 = gte_convert(&c, position_of(&c, np, np, ext), i64);
  return gte_end(&c, gte_select(&c, match, p2, gte_const(&c, i64, -1)));
}

/* reduction "none": updates stored into the data through the wrapped
 * indices; the domain is the updates' shape [positions..., data dims k..]. */
static vtc_value *store_updates(gte_lowering *L, vtc_value *data, vtc_value *wrapped, vtc_value *updates,
                                const gte_shape *ds, unsigned np, const int64_t *ext, int64_t k) {
  vtc_context *ctx = L->ctx;
  const vtc_type *index = vtc_type_index(ctx);
  int64_t npos = 1;
  for (unsigned i = 0; i < np; i++) npos *= ext[i];
  bool dups = npos > 1;
  vtc_value *last = dups ? last_duplicates(L, wrapped, np, ext, k) : NULL;
  gte_shape dom = {.rank = np + ds->rank - (unsigned)k};
  for (unsigned i = 0; i < np; i++) dom.dims[i] = gte_c(L, ext[i]);
  for (unsigned i = (unsigned)k; i < ds->rank; i++) dom.dims[np + i - (unsigned)k] = ds->dims[i];
  gte_expr store[VTC_MAX_RANK], ui[VTC_MAX_RANK], wi[VTC_MAX_RANK];
  for (int64_t j = 0; j < k; j++) store[j] = vtc_affine_dim(ctx, dom.rank + (unsigned)j);
  for (unsigned i = (unsigned)k; i < ds->rank; i++) store[i] = vtc_affine_dim(ctx, np + i - (unsigned)k);
  vtc_value *ins[3] = {wrapped, updates, last};
  gte_compute c;
  gte_begin_into(&c, L, &dom, dups ? 3 : 2, ins, data, (unsigned)k, store);
  vtc_value *pos[VTC_MAX_RANK];
  for (unsigned i = 0; i < np; i++) wi[i] = gte_d(&c, i);
  for (int64_t j = 0; j < k; j++) {
    wi[np] = gte_c(L, j);
    pos[j] = gte_convert(&c, gte_load(&c, 0, wi, 0, NULL, NULL), index);
  }
  for (unsigned i = np; i < dom.rank; i++) ui[i] = gte_d(&c, i);
  vtc_value *u;
  if (dups) { /* updates[unravel(last[p]), rest] */
    vtc_value *q = gte_convert(&c, gte_load(&c, 2, wi, 0, NULL, NULL), index);
    gte_expr e = vtc_affine_dim(ctx, dom.rank);
    int64_t stride = 1;
    for (unsigned i = np; i-- > 0;) {
      gte_expr t = vtc_affine_floordiv(ctx, e, gte_c(L, stride));
      ui[i] = i == 0 ? t : vtc_affine_mod(ctx, t, gte_c(L, ext[i]));
      stride *= ext[i];
    }
    u = gte_load(&c, 1, ui, 1, &q, NULL);
  } else { /* one position: no two stores meet */
    for (unsigned i = 0; i < np; i++) ui[i] = gte_d(&c, i);
    u = gte_load(&c, 1, ui, 0, NULL, NULL);
  }
  vtc_op_set_attr(c.op, VTC_TE_ATTR_STORES_AGREE, vtc_attr_unit(ctx));
  return gte_end_stores(&c, u, (unsigned)k, pos);
}

bool gte_lower_scatter_nd(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *data = vtc_op_operand(op, 0), *indices = vtc_op_operand(op, 1), *updates = vtc_op_operand(op, 2);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  const vtc_type *i64 = vtc_type_integer(ctx, 64), *index = vtc_type_index(ctx);
  gte_shape ds, is;
  const char *mode;
  if (!gte_shape_of(L, data, &ds) || !gte_shape_of(L, indices, &is) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_REDUCTION, "none", &mode))
    return false;
  if (!vtc_type_is_integer(indices->type->element, 32) && !vtc_type_is_integer(indices->type->element, 64))
    return gte_fail(L, "indices must be i32 or i64");
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 0)) return gte_fail(L, "unsupported element type");
  int64_t k, ext[VTC_MAX_RANK];
  if (is.rank < 1 || !gte_is_const(is.dims[is.rank - 1], &k) || k < 1 || k > (int64_t)ds.rank)
    return gte_fail(L, "the index depth (last dimension of indices) must be static and in [1, rank(data)]");
  unsigned np = is.rank - 1, r = ds.rank;
  for (unsigned i = 0; i < np; i++)
    if (!gte_is_const(is.dims[i], &ext[i])) return gte_fail(L, "the update positions (indices.shape[:-1]) must be static");
  vtc_te_combiner comb = VTC_TE_COMBINER_MAX;
  double neutral = -1;
  bool none = strcmp(mode, "none") == 0;
  if (!none) {
    static const struct { const char *name; vtc_te_combiner comb; } modes[] = {
        {"add", VTC_TE_COMBINER_SUM}, {"mul", VTC_TE_COMBINER_PROD}, {"max", VTC_TE_COMBINER_MAX}, {"min", VTC_TE_COMBINER_MIN}};
    size_t m = 0;
    while (m < 4 && strcmp(mode, modes[m].name)) m++;
    if (m == 4) return gte_fail(L, "unknown reduction '%s'", mode);
    comb = modes[m].comb;
    neutral = comb == VTC_TE_COMBINER_SUM ? 0 : comb == VTC_TE_COMBINER_PROD ? 1
              : comb == VTC_TE_COMBINER_MAX ? gte_lowest(el) : gte_highest(el);
  }
  /* TE 0: every index checked and wrapped, in the shape of indices (i64);
   * component j is an index into data dim j. Dynamic sizes come from
   * rank-0 symbol tensors. */
  vtc_value *ins0[1 + VTC_MAX_RANK] = {indices};
  unsigned nin0 = 1;
  int size_slot[VTC_MAX_RANK];
  for (unsigned j = 0; j < (unsigned)k; j++) {
    size_slot[j] = -1;
    if (!gte_is_const(ds.dims[j], NULL)) size_slot[j] = (int)nin0, ins0[nin0++] = gte_symbol_tensor(L, ds.dims[j], NULL);
  }
  gte_compute c;
  gte_begin(&c, L, NULL, i64, &is, nin0, ins0, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  gte_expr ii[VTC_MAX_RANK], ui[VTC_MAX_RANK];
  for (unsigned i = 0; i < is.rank; i++) ii[i] = gte_d(&c, i);
  vtc_value *dim = size_value(&c, ds.dims[k - 1], size_slot[k - 1]);
  for (unsigned j = (unsigned)k - 1; j-- > 0;) /* dim = size of data dim j, j = the last index */
    dim = gte_select(&c, gte_cmpi(&c, VTC_CMPI_EQ, gte_arg(&c, np), gte_const(&c, index, j)),
                     size_value(&c, ds.dims[j], size_slot[j]), dim);
  vtc_value *wrapped = gte_end(&c, gte_convert(&c, checked_index(&c, gte_load(&c, 0, ii, 0, NULL, NULL), dim), i64));
  if (none && L->scatter == GTE_SCATTER_STORES) {
    results[0] = store_updates(L, data, wrapped, updates, &ds, np, ext, k);
    return true;
  }

  /* TE 1: per output element, a reduction over the update positions p. */
  vtc_value *ins[2] = {wrapped, updates}; /* updates only when combined here */
  unsigned nin = none ? 1 : 2;
  gte_expr red[VTC_MAX_RANK];
  for (unsigned i = 0; i < np; i++) red[i] = gte_c(L, ext[i]);
  const vtc_type *acc_el = none ? i64 : el;
  gte_begin(&c, L, NULL, acc_el, &ds, nin, ins, np, red, comb, neutral);
  vtc_value *match = NULL;
  for (unsigned i = 0; i < np; i++) ii[i] = ui[i] = gte_d(&c, r + i);
  for (unsigned j = 0; j < (unsigned)k; j++) {
    ii[np] = gte_c(L, j);
    vtc_value *t = gte_convert(&c, gte_load(&c, 0, ii, 0, NULL, NULL), index);
    vtc_value *eq = gte_cmpi(&c, VTC_CMPI_EQ, t, gte_arg(&c, j));
    match = match ? gte_op2(&c, "arith.andi", match, eq) : eq;
  }
  vtc_value *val;
  if (none) { /* the row-major position of p */
    int64_t stride = 1;
    vtc_value *lin = NULL;
    for (unsigned i = np; i-- > 0;) {
      vtc_value *term = gte_arg(&c, r + i);
      if (stride != 1) term = gte_op2(&c, "arith.muli", term, gte_const(&c, index, (double)stride));
      lin = lin ? gte_op2(&c, "arith.addi", lin, term) : term;
      stride *= ext[i];
    }
    if (!lin) lin = gte_const(&c, index, 0);
    val = gte_convert(&c, lin, i64);
  } else {
    for (unsigned i = (unsigned)k; i < r; i++) ui[np + i - (unsigned)k] = gte_d(&c, i);
    val = gte_load(&c, 1, ui, 0, NULL, NULL);
  }
  vtc_value *acc = gte_end(&c, gte_select(&c, match, val, gte_const(&c, acc_el, neutral)));

  /* TE 2: combine with the data. */
  vtc_value *ins2[3] = {data, acc, updates};
  gte_begin(&c, L, rt, NULL, &ds, none ? 3 : 2, ins2, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *dv = gte_load_broadcast(&c, 0), *av = gte_load_broadcast(&c, 1), *y;
  if (none) {
    /* updates[unravel(pos), x[k:]]; pos = -1 reads out of bounds: padded */
    gte_expr e = vtc_affine_dim(ctx, r), idx[VTC_MAX_RANK];
    int64_t stride = 1;
    for (unsigned i = np; i-- > 0;) {
      gte_expr q = vtc_affine_floordiv(ctx, e, gte_c(L, stride));
      idx[i] = i == 0 ? q : vtc_affine_mod(ctx, q, gte_c(L, ext[i]));
      stride *= ext[i];
    }
    for (unsigned i = (unsigned)k; i < r; i++) idx[np + i - (unsigned)k] = gte_d(&c, i);
    vtc_value *pos = gte_convert(&c, av, index);
    double zero = 0;
    vtc_value *u = gte_load(&c, 2, idx, 1, &pos, &zero);
    y = gte_select(&c, gte_cmpi(&c, VTC_CMPI_SGE, av, gte_const(&c, i64, 0)), u, dv);
  } else {
    y = comb == VTC_TE_COMBINER_SUM ? gte_add(&c, dv, av)
        : comb == VTC_TE_COMBINER_PROD ? gte_mul(&c, dv, av)
        : comb == VTC_TE_COMBINER_MAX ? gte_max(&c, dv, av)
                                       : gte_min(&c, dv, av);
  }
  results[0] = gte_end(&c, y);
  return true;
}
