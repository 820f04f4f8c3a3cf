/* lower-graph-to-te for scaled dot-product attention (q [B,Hq,Sq,D],
 * k [B,Hkv,Skv,D], v [B,Hkv,Skv,Dv]): S = QK^T (one-relies-on-many over D),
 * scale and causal mask in one TE (arith.select on the index comparison
 * j <= i + Skv - Sq, masked scores -inf), the four softmax TEs (a fully
 * masked row gives zeros, as in the reference kernel), and P V. Query head h
 * reads kv head h floordiv (Hq / Hkv) (grouped-query attention). For half
 * types the intermediates are f32 and a last TE rounds to the result type. */
#include <math.h>

#include "lowering/graph-to-te/lowering.h"

bool gte_lower_attention(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *q = vtc_op_operand(op, 0), *k = vtc_op_operand(op, 1), *v = vtc_op_operand(op, 2);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element, *at = gte_acc_type(L, el);
  gte_shape qs, ks, vs;
  if (!gte_shape_of(L, q, &qs) || !gte_shape_of(L, k, &ks) || !gte_shape_of(L, v, &vs)) return false;
  if (!vtc_type_is_float(el)) return gte_fail(L, "unsupported element type");
  if (qs.rank != 4 || ks.rank != 4 || vs.rank != 4) return gte_fail(L, "operands must have rank 4");
  bool causal;
  double scale;
  int64_t d, hq, hkv;
  if (!graph_attr_bool(op, VTC_GRAPH_ATTR_CAUSAL, false, &causal)) return false;
  if (vtc_op_get_attr(op, VTC_GRAPH_ATTR_SCALE)) {
    if (!graph_attr_float(op, VTC_GRAPH_ATTR_SCALE, 1, &scale)) return false;
  } else {
    if (!gte_is_const(qs.dims[3], &d)) return gte_fail(L, "the default scale 1/sqrt(D) needs a static head size D");
    scale = d > 0 ? 1.0 / sqrt((double)d) : 1.0;
  }
  /* kv head of query head d1 */
  gte_expr head = vtc_affine_dim(ctx, 1);
  if (qs.dims[1] != ks.dims[1]) {
    if (!gte_is_const(qs.dims[1], &hq) || !gte_is_const(ks.dims[1], &hkv) || hkv <= 0 || hq % hkv)
      return gte_fail(L, "grouped-query heads need static head counts, Hq a multiple of Hkv");
    head = vtc_affine_floordiv(ctx, head, gte_c(L, hq / hkv));
  }
  gte_expr b = vtc_affine_dim(ctx, 0), i = vtc_affine_dim(ctx, 2), j = vtc_affine_dim(ctx, 3), r = vtc_affine_dim(ctx, 4);
  gte_compute c;

  /* S[b, h, i, j] = sum_r q[b, h, i, r] k[b, kvh, j, r] */
  gte_shape ss = {.rank = 4, .dims = {qs.dims[0], qs.dims[1], qs.dims[2], ks.dims[2]}};
  vtc_value *ins[4] = {q, k};
  gte_begin(&c, L, NULL, at, &ss, 2, ins, 1, &qs.dims[3], VTC_TE_COMBINER_SUM, 0);
  gte_expr qi[4] = {b, vtc_affine_dim(ctx, 1), i, r}, ki[4] = {b, head, j, r};
  vtc_value *s = gte_end(&c, gte_op2(&c, "arith.mulf", gte_convert(&c, gte_load(&c, 0, qi, 0, NULL, NULL), at),
                                     gte_convert(&c, gte_load(&c, 1, ki, 0, NULL, NULL), at)));

  /* P = S * scale, masked to -inf where j > i + Skv - Sq */
  vtc_value *sq = NULL, *skv = NULL;
  int64_t sqc = 0, skvc = 0;
  bool static_offset = gte_is_const(qs.dims[2], &sqc) && gte_is_const(ks.dims[2], &skvc);
  if (causal && !static_offset) {
    sq = gte_symbol_tensor(L, qs.dims[2], NULL);
    skv = gte_symbol_tensor(L, ks.dims[2], NULL);
  }
  ins[0] = s;
  ins[1] = sq;
  ins[2] = skv;
  gte_begin(&c, L, NULL, at, &ss, causal && !static_offset ? 3 : 1, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *p = gte_op2(&c, "arith.mulf", gte_load_broadcast(&c, 0), gte_const(&c, at, scale));
  if (causal) {
    const vtc_type *index = vtc_type_index(ctx);
    vtc_value *lhs = gte_arg(&c, 3), *rhs = gte_arg(&c, 2); /* j + Sq <= i + Skv */
    if (static_offset) {
      rhs = gte_op2(&c, "arith.addi", rhs, gte_const(&c, index, (double)(skvc - sqc)));
    } else {
      lhs = gte_op2(&c, "arith.addi", lhs, gte_convert(&c, gte_load(&c, 1, NULL, 0, NULL, NULL), index));
      rhs = gte_op2(&c, "arith.addi", rhs, gte_convert(&c, gte_load(&c, 2, NULL, 0, NULL, NULL), index));
    }
    p = gte_select(&c, gte_cmpi(&c, VTC_CMPI_SLE, lhs, rhs), p, gte_const(&c, at, -INFINITY));
  }
  p = gte_end(&c, p);

  vtc_value *probs = gte_softmax(L, p, 3, NULL);
  if (!probs) return false;

  /* O[b, h, i, e] = sum_j P[b, h, i, j] v[b, kvh, j, e] */
  gte_shape os = {.rank = 4, .dims = {qs.dims[0], qs.dims[1], qs.dims[2], vs.dims[3]}};
  ins[0] = probs;
  ins[1] = v;
  bool half = at != el;
  gte_begin(&c, L, half ? NULL : rt, at, &os, 2, ins, 1, &ks.dims[2], VTC_TE_COMBINER_SUM, 0);
  gte_expr pi[4] = {b, vtc_affine_dim(ctx, 1), i, r}, vi[4] = {b, head, r, j};
  vtc_value *o = gte_end(&c, gte_op2(&c, "arith.mulf", gte_load(&c, 0, pi, 0, NULL, NULL),
                                     gte_convert(&c, gte_load(&c, 1, vi, 0, NULL, NULL), at)));
  if (half) {
    gte_begin(&c, L, rt, NULL, &os, 1, &o, 0, NULL, VTC_TE_COMBINER_NONE, 0);
    o = gte_end(&c, gte_convert(&c, gte_load_broadcast(&c, 0), el));
  }
  results[0] = o;
  return true;
}
