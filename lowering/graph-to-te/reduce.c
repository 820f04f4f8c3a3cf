/* lower-graph-to-te for reductions and the composites built on them:
 * reduce_{sum,mean,max,min} (one one-relies-on-many TE; mean adds a divide),
 * softmax (reduce-max, exp(x - max), reduce-sum, divide), layer_norm (sum,
 * centred sum of squares, normalise with scale and bias) and rms_norm (sum of
 * squares, normalise with scale). Choice: the statistics and the other
 * intermediates of composites are f32 for f16/bf16 inputs (the op's element
 * type otherwise), so rounding to a half type happens once, at the result,
 * as in the reference kernels. */
#include <math.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

#define acc_type gte_acc_type

/* The number of elements of a domain as a float scalar in a body: a
 * constant when static, else loaded from `count` (input slot) and converted. */
static vtc_value *count_value(gte_compute *c, int64_t n, int count_slot, const vtc_type *t) {
  if (count_slot < 0) return gte_const(c, t, (double)n);
  return gte_convert(c, gte_load(c, (unsigned)count_slot, NULL, 0, NULL, NULL), t);
}

/* A rank-0 i64 tensor holding the product of extents (NULL when they are all
 * static; *n is then the product). */
static vtc_value *count_tensor(gte_lowering *L, unsigned next, const gte_expr *ext, int64_t *n) {
  bool dynamic = false;
  *n = 1;
  for (unsigned i = 0; i < next; i++) {
    int64_t v;
    if (gte_is_const(ext[i], &v)) *n *= v;
    else dynamic = true;
  }
  if (!dynamic) return NULL;
  if (next == 1) return gte_symbol_tensor(L, ext[0], NULL);
  const vtc_type *i64 = vtc_type_integer(L->ctx, 64);
  gte_shape scalar = {.rank = 0};
  gte_compute c;
  gte_begin(&c, L, NULL, i64, &scalar, 0, NULL, next, ext, VTC_TE_COMBINER_SUM, 0);
  return gte_end(&c, gte_const(&c, i64, 1));
}

/* ---- reduce_* ------------------------------------------------------------------- */

bool gte_lower_reduce(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  const char *kind = op->name->name + strlen("graph.reduce_");
  vtc_reduce_attrs a;
  int64_t axes[VTC_MAX_RANK];
  gte_shape xs;
  if (!graph_reduce_attrs(op, &a, axes) || !gte_shape_of(L, x, &xs)) return false;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 0)) return gte_fail(L, "unsupported element type");
  bool reduced[VTC_MAX_RANK] = {false};
  if (a.naxes == 0) {
    for (unsigned i = 0; i < xs.rank; i++) reduced[i] = !a.noop_with_empty_axes;
  } else {
    for (int k = 0; k < a.naxes; k++) {
      int ax;
      if (!graph_axis(op, a.axes[k], (int)xs.rank, &ax)) return false;
      reduced[ax] = true;
    }
  }
  gte_shape out = {.rank = 0};
  gte_expr red[VTC_MAX_RANK], idx[VTC_MAX_RANK];
  unsigned nred = 0;
  for (unsigned i = 0; i < xs.rank; i++)
    if (!reduced[i] || a.keepdims) out.dims[out.rank++] = reduced[i] ? gte_c(L, 1) : xs.dims[i];
  for (unsigned i = 0, o = 0; i < xs.rank; i++) {
    if (reduced[i]) {
      red[nred] = xs.dims[i];
      idx[i] = vtc_affine_dim(L->ctx, out.rank + nred);
      nred++;
      if (a.keepdims) o++;
    } else {
      idx[i] = vtc_affine_dim(L->ctx, o++);
    }
  }
  bool mean = strcmp(kind, "mean") == 0;
  /* i1 reductions (max = any, min = all) run in i32 and are cast back: an
   * i1 init would print as a bool, which te.compute does not take. */
  bool boolean = vtc_type_is_integer(el, 1);
  if (boolean && !mean && nred) {
    const vtc_type *i32 = vtc_type_integer(L->ctx, 32);
    vtc_te_combiner cb = strcmp(kind, "max") == 0 ? VTC_TE_COMBINER_MAX
                         : strcmp(kind, "min") == 0 ? VTC_TE_COMBINER_MIN : VTC_TE_COMBINER_SUM;
    gte_compute c;
    gte_begin(&c, L, NULL, i32, &out, 1, &x, nred, red, cb, cb == VTC_TE_COMBINER_MIN ? 1 : 0);
    vtc_value *acc = gte_end(&c, gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, NULL), i32));
    gte_begin(&c, L, rt, NULL, &out, 1, &acc, 0, NULL, VTC_TE_COMBINER_NONE, 0);
    results[0] = gte_end(&c, gte_convert(&c, gte_load_broadcast(&c, 0), el));
    return true;
  }
  int64_t n = 1;
  vtc_value *count = mean && nred ? count_tensor(L, nred, red, &n) : NULL;
  vtc_te_combiner comb = strcmp(kind, "max") == 0    ? VTC_TE_COMBINER_MAX
                         : strcmp(kind, "min") == 0  ? VTC_TE_COMBINER_MIN
                         : strcmp(kind, "prod") == 0 ? VTC_TE_COMBINER_PROD
                                                     : VTC_TE_COMBINER_SUM;
  double init = comb == VTC_TE_COMBINER_MAX   ? gte_lowest(el)
                : comb == VTC_TE_COMBINER_MIN ? gte_highest(el)
                : comb == VTC_TE_COMBINER_PROD ? 1
                                              : 0;
  gte_compute c;
  gte_begin(&c, L, mean ? NULL : rt, mean ? acc_type(L, el) : el, &out, 1, &x, nred, nred ? red : NULL, comb, init);
  vtc_value *v = gte_load(&c, 0, idx, 0, NULL, NULL);
  vtc_value *r = gte_end(&c, mean ? gte_convert(&c, v, acc_type(L, el)) : v);
  if (mean && nred) {
    /* mean = sum / count, in f64 for integers (the kernel truncates once). */
    vtc_value *ins[2] = {r, count};
    gte_begin(&c, L, rt, NULL, &out, count ? 2 : 1, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
    const vtc_type *ft = vtc_type_is_float(el) ? acc_type(L, el) : vtc_type_f64(L->ctx);
    vtc_value *s = gte_convert(&c, gte_load_broadcast(&c, 0), ft);
    vtc_value *q = gte_op2(&c, "arith.divf", s, count_value(&c, n, count ? 1 : -1, ft));
    r = gte_end(&c, gte_convert(&c, q, el));
  } else if (mean) {
    vtc_value *ins[1] = {r};
    gte_begin(&c, L, rt, NULL, &out, 1, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
    r = gte_end(&c, gte_convert(&c, gte_load_broadcast(&c, 0), el));
  }
  results[0] = r;
  return true;
}

/* ---- softmax ------------------------------------------------------------------- */

/* x's shape without `axis`, and the index expressions that read x's element
 * for output index d_* with the axis index at dim `axis_dim`. */
static gte_shape drop_axis(const gte_shape *s, unsigned axis) {
  gte_shape r = {.rank = 0};
  for (unsigned i = 0; i < s->rank; i++)
    if (i != axis) r.dims[r.rank++] = s->dims[i];
  return r;
}

static void row_index(gte_lowering *L, unsigned rank, unsigned axis, unsigned axis_dim, gte_expr *idx) {
  for (unsigned i = 0, o = 0; i < rank; i++) idx[i] = i == axis ? vtc_affine_dim(L->ctx, axis_dim) : vtc_affine_dim(L->ctx, o++);
}

/* Reads a statistic (x's shape without axis) at the output index of x. */
static vtc_value *load_stat(gte_compute *c, unsigned input, unsigned axis) {
  gte_expr idx[VTC_MAX_RANK];
  for (unsigned i = 0, o = 0; i < c->rank; i++)
    if (i != axis) idx[o++] = gte_d(c, i);
  return gte_load(c, input, idx, 0, NULL, NULL);
}

/* masked: elements equal to -inf are masked out (attention); a row with
 * nothing visible gives zeros rather than NaN. */
static vtc_value *softmax(gte_lowering *L, vtc_value *x, unsigned axis, const vtc_type *result_type, bool masked) {
  gte_shape xs;
  if (!gte_shape_of(L, x, &xs)) return NULL;
  const vtc_type *el = x->type->element, *at = acc_type(L, el);
  gte_shape stat = drop_axis(&xs, axis);
  gte_expr idx[VTC_MAX_RANK], ext = xs.dims[axis];
  gte_compute c;
  /* m = max over the axis */
  gte_begin(&c, L, NULL, at, &stat, 1, &x, 1, &ext, VTC_TE_COMBINER_MAX, -INFINITY);
  row_index(L, xs.rank, axis, stat.rank, idx);
  vtc_value *m = gte_end(&c, gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, NULL), at));
  /* e = exp(x - m) */
  vtc_value *ins[2] = {x, m};
  gte_begin(&c, L, NULL, at, &xs, 2, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *xv = gte_convert(&c, gte_load_broadcast(&c, 0), at), *mv = load_stat(&c, 1, axis);
  vtc_value *ev = gte_op1(&c, "math.exp", gte_op2(&c, "arith.subf", xv, mv));
  if (masked) ev = gte_select(&c, gte_cmpf(&c, VTC_CMPF_OEQ, xv, gte_const(&c, at, -INFINITY)), gte_const(&c, at, 0), ev);
  vtc_value *e = gte_end(&c, ev);
  /* s = sum over the axis of e */
  gte_begin(&c, L, NULL, at, &stat, 1, &e, 1, &ext, VTC_TE_COMBINER_SUM, 0);
  row_index(L, xs.rank, axis, stat.rank, idx);
  vtc_value *s = gte_end(&c, gte_load(&c, 0, idx, 0, NULL, NULL));
  /* y = e / s */
  ins[0] = e;
  ins[1] = s;
  gte_begin(&c, L, result_type, el, &xs, 2, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *sv = load_stat(&c, 1, axis);
  vtc_value *y = gte_op2(&c, "arith.divf", gte_load_broadcast(&c, 0), sv);
  if (masked) y = gte_select(&c, gte_cmpf(&c, VTC_CMPF_OEQ, sv, gte_const(&c, at, 0)), gte_const(&c, at, 0), y);
  return gte_end(&c, gte_convert(&c, y, result_type ? result_type->element : el));
}

vtc_value *gte_softmax(gte_lowering *L, vtc_value *x, unsigned axis, const vtc_type *result_type) {
  return softmax(L, x, axis, result_type, true);
}

bool gte_lower_softmax(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  int64_t axis;
  int ax;
  if (!vtc_type_is_float(x->type->element)) return gte_fail(L, "unsupported element type");
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &axis) || !graph_axis(op, axis, (int)x->type->rank, &ax))
    return false;
  results[0] = softmax(L, x, (unsigned)ax, vtc_op_result(op, 0)->type, false);
  return results[0] != NULL;
}

/* ---- layer_norm and rms_norm ----------------------------------------------------- */

static bool lower_norm(gte_lowering *L, vtc_op *op, vtc_value **results, bool rms) {
  vtc_value *x = vtc_op_operand(op, 0), *scale = vtc_op_operand(op, 1);
  vtc_value *bias = !rms && op->num_operands > 2 ? vtc_op_operand(op, 2) : NULL;
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element, *at = acc_type(L, el);
  int64_t axis;
  int ax;
  double eps;
  gte_shape xs;
  if (!vtc_type_is_float(el)) return gte_fail(L, "unsupported element type");
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &axis) || !graph_axis(op, axis, (int)x->type->rank, &ax) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_EPSILON, 1e-5, &eps) || !gte_shape_of(L, x, &xs))
    return false;
  /* Statistics have the outer shape x[:ax]; the reduction runs over x[ax:]. */
  gte_shape stat = {.rank = (unsigned)ax};
  for (int i = 0; i < ax; i++) stat.dims[i] = xs.dims[i];
  unsigned nred = xs.rank - (unsigned)ax;
  gte_expr *red = &xs.dims[ax], idx[VTC_MAX_RANK];
  for (unsigned i = 0; i < xs.rank; i++) idx[i] = vtc_affine_dim(L->ctx, i); /* (outer, reduction) dims in order */
  int64_t n;
  vtc_value *count = count_tensor(L, nred, red, &n);
  gte_compute c;
  vtc_value *sum = NULL;
  if (!rms) { /* sum of x */
    gte_begin(&c, L, NULL, at, &stat, 1, &x, nred, red, VTC_TE_COMBINER_SUM, 0);
    sum = gte_end(&c, gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, NULL), at));
  }
  /* sum of (x - mean)^2 (rms: of x^2) */
  vtc_value *ins[4] = {x, sum ? sum : count, sum ? count : NULL, NULL};
  unsigned nin = sum ? 2 + (count != NULL) : 1;
  int count_slot = sum && count ? 2 : -1;
  gte_begin(&c, L, NULL, at, &stat, nin, ins, nred, red, VTC_TE_COMBINER_SUM, 0);
  vtc_value *d = gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, NULL), at);
  if (sum) {
    vtc_value *mean = gte_op2(&c, "arith.divf", gte_load(&c, 1, idx, 0, NULL, NULL), count_value(&c, n, count_slot, at));
    d = gte_op2(&c, "arith.subf", d, mean);
  }
  vtc_value *var = gte_end(&c, gte_op2(&c, "arith.mulf", d, d));
  /* y = (x - mean) / sqrt(var / n + eps) * scale (+ bias) */
  vtc_value *yins[6] = {x, var, scale};
  unsigned ny = 3, sum_slot = 0, bias_slot = 0;
  if (bias) bias_slot = ny, yins[ny++] = bias;
  if (sum) sum_slot = ny, yins[ny++] = sum;
  if (count) count_slot = (int)ny, yins[ny++] = count;
  gte_begin(&c, L, rt, NULL, &xs, ny, yins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *nv = count_value(&c, n, count_slot, at);
  vtc_value *xv = gte_convert(&c, gte_load_broadcast(&c, 0), at);
  if (sum) xv = gte_op2(&c, "arith.subf", xv, gte_op2(&c, "arith.divf", gte_load(&c, sum_slot, idx, 0, NULL, NULL), nv));
  vtc_value *vv = gte_op2(&c, "arith.addf", gte_op2(&c, "arith.divf", gte_load(&c, 1, idx, 0, NULL, NULL), nv),
                          gte_const(&c, at, eps));
  vtc_value *inv = gte_op2(&c, "arith.divf", gte_const(&c, at, 1.0), gte_op1(&c, "math.sqrt", vv));
  vtc_value *y = gte_op2(&c, "arith.mulf", gte_op2(&c, "arith.mulf", xv, inv), gte_convert(&c, gte_load_broadcast(&c, 2), at));
  if (bias) y = gte_op2(&c, "arith.addf", y, gte_convert(&c, gte_load_broadcast(&c, bias_slot), at));
  results[0] = gte_end(&c, gte_convert(&c, y, el));
  return true;
}

bool gte_lower_layer_norm(gte_lowering *L, vtc_op *op, vtc_value **results) { return lower_norm(L, op, results, false); }
bool gte_lower_rms_norm(gte_lowering *L, vtc_op *op, vtc_value **results) { return lower_norm(L, op, results, true); }
