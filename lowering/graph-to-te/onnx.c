/* lower-graph-to-te for the ops added for ONNX models (issue 12), following
 * their kernels (kernels_onnx.c):
 * - max_pool2d: one reduction TE over the window (kh, kw), loads padded
 *   with -inf; avg_pool2d: a sum TE (loads padded with 0, in f32 for half
 *   types), then a TE dividing by the window's count, computed in the body
 *   from the output index (clipped to the input, or to the padded input
 *   with count_include_pad: no dilations here, as ONNX AveragePool up to 18).
 * - argmax/argmin: the max (min) along the axis, then a reduction that
 *   takes the min (max, with select_last_index) position equal to it; a NaN
 *   matches a NaN maximum, so the first (last) NaN wins as in the kernel.
 * - cumsum: per output element, a sum over the axis of the elements before
 *   it (a masked reduction: quadratic in the axis length, exact).
 * - gather_elements: one TE whose load of data takes the axis index from
 *   indices (wrapped when negative), an extra operand of the load.
 * - resize: one TE; per resized dim the source coordinate in f64 from the
 *   output index, then one nearest index or two clamped indices and the
 *   fraction (extra operands of the loads); linear sums 2^k weighted
 *   loads. Dims that keep their size and scale 1 read directly.
 * Choice: pools need static spatial dims, resize a static input. */
#include <math.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

/* ---- pools ----------------------------------------------------------------------- */

/* The count of window positions clipped to [lo, hi) for the output index
 * `o` (an index value in the body): min(o*s - p + k, hi) - max(o*s - p, lo). */
static vtc_value *window_count(gte_compute *c, vtc_value *o, int64_t k, int64_t s, int64_t p, int64_t lo, int64_t hi) {
  const vtc_type *index = vtc_type_index(c->L->ctx);
  vtc_value *start = gte_op2(c, "arith.subi", gte_op2(c, "arith.muli", o, gte_const(c, index, (double)s)),
                             gte_const(c, index, (double)p));
  vtc_value *end = gte_op2(c, "arith.addi", start, gte_const(c, index, (double)k));
  return gte_op2(c, "arith.subi", gte_op2(c, "arith.minsi", end, gte_const(c, index, (double)hi)),
                 gte_op2(c, "arith.maxsi", start, gte_const(c, index, (double)lo)));
}

bool gte_lower_pool(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  bool is_max = vtc_op_is_named(op, "graph.max_pool2d");
  vtc_pool_attrs a;
  gte_shape xs;
  vtc_shape xv, ov;
  int64_t p[4];
  char msg[256];
  if (!graph_pool_attrs(op, &a) || !gte_shape_of(L, x, &xs)) return false;
  if (!vtc_type_is_float(el)) return gte_fail(L, "unsupported element type");
  vtc_graph_shape_of(x->type, &xv);
  if (xv.rank != 4 || xv.dims[2] < 0 || xv.dims[3] < 0) return gte_fail(L, "pooling needs static spatial dims");
  if (vtc_pool2d_resolve(&xv, &a, &ov, p, msg, sizeof msg)) return gte_fail(L, "%s", msg);
  gte_shape out = {.rank = 4, .dims = {xs.dims[0], xs.dims[1], gte_c(L, ov.dims[2]), gte_c(L, ov.dims[3])}};
  gte_expr red[2] = {gte_c(L, a.kernel[0]), gte_c(L, a.kernel[1])};
  const vtc_type *at = is_max ? el : gte_acc_type(L, el);
  double pad = is_max ? -INFINITY : 0;
  gte_compute c;
  gte_begin(&c, L, is_max ? rt : NULL, at, &out, 1, &x, 2, red, is_max ? VTC_TE_COMBINER_MAX : VTC_TE_COMBINER_SUM,
            pad);
  gte_expr idx[4] = {gte_d(&c, 0), gte_d(&c, 1)};
  for (int i = 0; i < 2; i++)
    idx[2 + i] = vtc_affine_add(ctx, vtc_affine_add(ctx, vtc_affine_mul(ctx, gte_d(&c, 2 + i), gte_c(L, a.strides[i])),
                                                    gte_c(L, -p[i])),
                                vtc_affine_mul(ctx, gte_d(&c, 4 + i), gte_c(L, a.dilations[i])));
  vtc_value *v = gte_end(&c, gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, &pad), at));
  if (is_max) {
    results[0] = v;
    return true;
  }
  if (a.dilations[0] != 1 || a.dilations[1] != 1) return gte_fail(L, "average pooling with dilations");
  gte_begin(&c, L, rt, NULL, &out, 1, &v, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *count = NULL;
  int64_t dims[2] = {xv.dims[2], xv.dims[3]};
  for (int i = 0; i < 2; i++) {
    int64_t lo = a.count_include_pad ? -p[i] : 0, hi = a.count_include_pad ? dims[i] + p[i + 2] : dims[i];
    vtc_value *n = window_count(&c, gte_arg(&c, 2 + (unsigned)i), a.kernel[i], a.strides[i], p[i], lo, hi);
    count = count ? gte_op2(&c, "arith.muli", count, n) : n;
  }
  vtc_value *avg = gte_op2(&c, "arith.divf", gte_load_broadcast(&c, 0), gte_convert(&c, count, at));
  results[0] = gte_end(&c, gte_convert(&c, avg, el));
  return true;
}

/* ---- argmax, argmin ------------------------------------------------------------------ */

bool gte_lower_arg_reduce(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = x->type->element;
  const vtc_type *i64 = vtc_type_integer(L->ctx, 64);
  bool is_max = vtc_op_is_named(op, "graph.argmax");
  int64_t axis;
  bool keep, last;
  int ax;
  gte_shape xs;
  if (!graph_arg_attrs(op, &axis, &keep, &last) || !gte_shape_of(L, x, &xs) || !graph_axis(op, axis, (int)xs.rank, &ax))
    return false;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 32) && !vtc_type_is_integer(el, 64))
    return gte_fail(L, "unsupported element type");
  bool fl = vtc_type_is_float(el);
  /* m: the max (min) along the axis, in x's shape without it */
  gte_shape stat = {.rank = 0};
  gte_expr idx[VTC_MAX_RANK], ext = xs.dims[ax];
  for (unsigned i = 0; i < xs.rank; i++)
    if ((int)i != ax) stat.dims[stat.rank++] = xs.dims[i];
  for (unsigned i = 0, o = 0; i < xs.rank; i++)
    idx[i] = (int)i == ax ? vtc_affine_dim(L->ctx, stat.rank) : vtc_affine_dim(L->ctx, o++);
  gte_compute c;
  vtc_te_combiner comb = is_max ? VTC_TE_COMBINER_MAX : VTC_TE_COMBINER_MIN;
  gte_begin(&c, L, NULL, el, &stat, 1, &x, 1, &ext, comb, is_max ? gte_lowest(el) : gte_highest(el));
  vtc_value *m = gte_end(&c, gte_load(&c, 0, idx, 0, NULL, NULL));
  /* the first (last) position equal to m */
  gte_shape out;
  gte_shape_of(L, x, &out);
  if (keep) out.dims[ax] = gte_c(L, 1);
  else out = stat;
  unsigned kdim = out.rank; /* the reduction index */
  gte_expr xi[VTC_MAX_RANK], mi[VTC_MAX_RANK];
  for (unsigned i = 0, o = 0, s = 0; i < xs.rank; i++) {
    if ((int)i == ax) {
      xi[i] = vtc_affine_dim(L->ctx, kdim);
      if (keep) o++;
      continue;
    }
    xi[i] = mi[s++] = vtc_affine_dim(L->ctx, o++);
  }
  vtc_value *ins[2] = {x, m};
  double sentinel = last ? -1 : gte_highest(i64);
  gte_begin(&c, L, rt, NULL, &out, 2, ins, 1, &ext, last ? VTC_TE_COMBINER_MAX : VTC_TE_COMBINER_MIN, sentinel);
  vtc_value *v = gte_load(&c, 0, xi, 0, NULL, NULL), *mv = gte_load(&c, 1, mi, 0, NULL, NULL);
  vtc_value *eq = fl ? gte_cmpf(&c, VTC_CMPF_OEQ, v, mv) : gte_cmpi(&c, VTC_CMPI_EQ, v, mv);
  if (fl)
    eq = gte_op2(&c, "arith.ori", eq,
                 gte_op2(&c, "arith.andi", gte_cmpf(&c, VTC_CMPF_UNO, v, v), gte_cmpf(&c, VTC_CMPF_UNO, mv, mv)));
  vtc_value *k = gte_convert(&c, gte_arg(&c, kdim), i64);
  results[0] = gte_end(&c, gte_select(&c, eq, k, gte_const(&c, i64, sentinel)));
  return true;
}

/* ---- cumsum ----------------------------------------------------------------------------- */

bool gte_lower_cumsum(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  int64_t axis;
  bool excl, rev;
  int ax;
  gte_shape xs;
  if (!graph_cumsum_attrs(op, &axis, &excl, &rev) || !gte_shape_of(L, x, &xs) ||
      !graph_axis(op, axis, (int)xs.rank, &ax))
    return false;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 32) && !vtc_type_is_integer(el, 64))
    return gte_fail(L, "unsupported element type");
  gte_expr ext = xs.dims[ax], idx[VTC_MAX_RANK];
  for (unsigned i = 0; i < xs.rank; i++) idx[i] = vtc_affine_dim(L->ctx, (int)i == ax ? xs.rank : i);
  const vtc_type *at = gte_acc_type(L, el);
  gte_compute c;
  gte_begin(&c, L, NULL, at, &xs, 1, &x, 1, &ext, VTC_TE_COMBINER_SUM, 0);
  /* position k of the axis counts toward output position i when k <= i
   * (<, >=, > for exclusive, reverse, both) */
  vtc_cmpi_predicate pred = rev ? (excl ? VTC_CMPI_SGT : VTC_CMPI_SGE) : (excl ? VTC_CMPI_SLT : VTC_CMPI_SLE);
  vtc_value *in = gte_cmpi(&c, pred, gte_arg(&c, xs.rank), gte_arg(&c, (unsigned)ax));
  vtc_value *v = gte_convert(&c, gte_load(&c, 0, idx, 0, NULL, NULL), at);
  vtc_value *sum = gte_end(&c, gte_select(&c, in, v, gte_const(&c, at, 0)));
  if (at == el) {
    results[0] = sum;
    return true;
  }
  gte_begin(&c, L, rt, NULL, &xs, 1, &sum, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  results[0] = gte_end(&c, gte_convert(&c, gte_load_broadcast(&c, 0), el));
  return true;
}

/* ---- gather_elements ------------------------------------------------------------------------ */

bool gte_lower_gather_elements(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *data = vtc_op_operand(op, 0), *indices = vtc_op_operand(op, 1);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *index = vtc_type_index(L->ctx);
  gte_shape ds, is;
  int64_t axis;
  int ax;
  if (!gte_shape_of(L, data, &ds) || !gte_shape_of(L, indices, &is) ||
      !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) || !graph_axis(op, axis, (int)ds.rank, &ax))
    return false;
  int64_t dim;
  if (!gte_is_const(ds.dims[ax], &dim)) return gte_fail(L, "the gathered dim of data must be static");
  gte_compute c;
  vtc_value *ins[2] = {data, indices};
  gte_begin(&c, L, rt, NULL, &is, 2, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  gte_expr ii[VTC_MAX_RANK], di[VTC_MAX_RANK];
  for (unsigned i = 0; i < is.rank; i++) ii[i] = di[i] = gte_d(&c, i);
  vtc_value *e = gte_convert(&c, gte_load(&c, 1, ii, 0, NULL, NULL), index);
  vtc_value *neg = gte_cmpi(&c, VTC_CMPI_SLT, e, gte_const(&c, index, 0));
  e = gte_select(&c, neg, gte_op2(&c, "arith.addi", e, gte_const(&c, index, (double)dim)), e);
  di[ax] = vtc_affine_dim(L->ctx, is.rank); /* the extra operand */
  results[0] = gte_end(&c, gte_load(&c, 0, di, 1, &e, NULL));
  return true;
}

/* ---- resize ------------------------------------------------------------------------------------- */

/* A dim whose output index is its input index (no transform, no rounding). */
static bool resize_identity(const vtc_resize_attrs *a, int d, int64_t in) {
  return a->sizes[d] == in && a->scales[d] == 1.0 && a->coord != VTC_RESIZE_TF_HALF_PIXEL_FOR_NN;
}

/* The input coordinate of output index `o` (an index value), in f64, by the
 * kernel's formulas (vtc_resize_source). */
static vtc_value *resize_source(gte_compute *c, const vtc_resize_attrs *a, int d, vtc_value *o, int64_t in) {
  const vtc_type *f64 = vtc_type_f64(c->L->ctx);
  vtc_value *x = gte_convert(c, gte_convert(c, o, vtc_type_integer(c->L->ctx, 64)), f64);
  double scale = a->scales[d], out_width = scale * (double)in;
#define K(v) gte_const(c, f64, (v))
  switch (a->coord) {
  case VTC_RESIZE_ASYMMETRIC: return gte_op2(c, "arith.divf", x, K(scale));
  case VTC_RESIZE_ALIGN_CORNERS:
    if (out_width == 1) return K(0);
    return gte_op2(c, "arith.divf", gte_op2(c, "arith.mulf", x, K((double)(in - 1))), K(out_width - 1));
  case VTC_RESIZE_TF_HALF_PIXEL_FOR_NN: return gte_op2(c, "arith.divf", gte_op2(c, "arith.addf", x, K(0.5)), K(scale));
  case VTC_RESIZE_PYTORCH_HALF_PIXEL:
    if (out_width == 1) return K(-0.5);
    /* fall through */
  default:
    return gte_op2(c, "arith.subf", gte_op2(c, "arith.divf", gte_op2(c, "arith.addf", x, K(0.5)), K(scale)), K(0.5));
  }
#undef K
}

/* max(0, min(in - 1, v)) of an f64, as an index. */
static vtc_value *clamped_index(gte_compute *c, vtc_value *v, int64_t in) {
  const vtc_type *f64 = vtc_type_f64(c->L->ctx);
  v = gte_op2(c, "arith.maximumf", gte_op2(c, "arith.minimumf", v, gte_const(c, f64, (double)(in - 1))),
              gte_const(c, f64, 0));
  return gte_convert(c, gte_convert(c, v, vtc_type_integer(c->L->ctx, 64)), vtc_type_index(c->L->ctx));
}

bool gte_lower_resize(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element, *f64 = vtc_type_f64(L->ctx);
  vtc_resize_attrs a;
  double scales[VTC_MAX_RANK];
  int64_t sizes[VTC_MAX_RANK];
  vtc_shape xv;
  if (!graph_resize_attrs(op, &a, scales, sizes)) return false;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 32) && !vtc_type_is_integer(el, 64))
    return gte_fail(L, "unsupported element type");
  vtc_graph_shape_of(x->type, &xv);
  for (int d = 0; d < xv.rank; d++)
    if (xv.dims[d] < 0) return gte_fail(L, "resize needs a static input shape");
  gte_shape out = gte_static_shape(L, rt);
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  /* per resized dim k: its source indices (one, or two with a weight) */
  int dims[VTC_MAX_RANK], k = 0;
  vtc_value *lo[VTC_MAX_RANK], *hi[VTC_MAX_RANK], *w[VTC_MAX_RANK];
  for (int d = 0; d < xv.rank; d++) {
    if (resize_identity(&a, d, xv.dims[d])) continue;
    vtc_value *s = resize_source(&c, &a, d, gte_arg(&c, (unsigned)d), xv.dims[d]);
    vtc_value *f = gte_op1(&c, "math.floor", s), *r = gte_op2(&c, "arith.subf", s, f);
    if (a.mode == VTC_RESIZE_NEAREST) {
      /* the next index when the fraction is nonzero and nearest_mode says so */
      vtc_value *zero = gte_const(&c, f64, 0), *half = gte_const(&c, f64, 0.5), *next;
      switch (a.nearest) {
      case VTC_RESIZE_CEIL: next = gte_cmpf(&c, VTC_CMPF_ONE, r, zero); break;
      case VTC_RESIZE_FLOOR: next = NULL; break;
      case VTC_RESIZE_ROUND_PREFER_CEIL: next = gte_cmpf(&c, VTC_CMPF_OGE, r, half); break;
      default: next = gte_cmpf(&c, VTC_CMPF_OGT, r, half); break;
      }
      if (next) f = gte_op2(&c, "arith.addf", f, gte_select(&c, next, gte_const(&c, f64, 1), zero));
      lo[k] = clamped_index(&c, f, xv.dims[d]);
      hi[k] = w[k] = NULL;
    } else {
      lo[k] = clamped_index(&c, f, xv.dims[d]);
      hi[k] = clamped_index(&c, gte_op2(&c, "arith.addf", f, gte_const(&c, f64, 1)), xv.dims[d]);
      w[k] = r;
    }
    dims[k++] = d;
  }
  /* the input index: identity dims as affine dims, resized ones as extra
   * operands of the load */
  const vtc_type *at = vtc_type_is_float(el) ? gte_acc_type(L, el) : f64;
  vtc_value *acc = NULL;
  unsigned corners = a.mode == VTC_RESIZE_LINEAR ? 1u << k : 1;
  for (unsigned corner = 0; corner < corners; corner++) {
    gte_expr idx[VTC_MAX_RANK];
    vtc_value *extra[VTC_MAX_RANK], *weight = NULL;
    for (int d = 0, j = 0; d < xv.rank; d++) {
      if (j < k && dims[j] == d) {
        bool high = corner >> j & 1;
        extra[j] = high ? hi[j] : lo[j];
        if (a.mode == VTC_RESIZE_LINEAR) {
          vtc_value *wj = high ? w[j] : gte_op2(&c, "arith.subf", gte_const(&c, f64, 1), w[j]);
          weight = weight ? gte_op2(&c, "arith.mulf", weight, wj) : wj;
        }
        idx[d] = vtc_affine_dim(L->ctx, out.rank + (unsigned)j);
        j++;
      } else {
        idx[d] = gte_d(&c, (unsigned)d);
      }
    }
    vtc_value *v = gte_load(&c, 0, idx, (unsigned)k, extra, NULL);
    if (a.mode == VTC_RESIZE_NEAREST) {
      acc = v;
      break;
    }
    vtc_value *term = gte_op2(&c, "arith.mulf", gte_convert(&c, v, at), gte_convert(&c, weight, at));
    acc = acc ? gte_op2(&c, "arith.addf", acc, term) : term;
  }
  results[0] = gte_end(&c, a.mode == VTC_RESIZE_NEAREST ? acc : gte_convert(&c, acc, el));
  return true;
}
