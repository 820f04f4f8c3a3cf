/* Converters of the neural-network ops: MatMul, Gemm (transposes, a
 * matmul, scaling and the bias, so that the transposes of constant weights
 * fold at import and VTC's passes see plain data movement), Conv (2-D, and
 * 1-D through a unit height), BatchNormalization at inference (x * a + b
 * with a = scale / sqrt(var + eps) and b = bias - mean * a, which fold to
 * two constants when the statistics are constants) and the global pools
 * (reductions over the spatial dims). */
#include <string.h>

#include "import/onnx/onnx_impl.h"

bool oi_convert_matmul(oi_importer *I) {
  vtc_value *a = oi_in_req(I, 0, "A"), *b = oi_in_req(I, 1, "B");
  if (!a || !b) return false;
  vtc_value *r = oi_op2(I, "matmul", a, b);
  oi_set_out(I, 0, r);
  return r != NULL;
}

static vtc_value *transpose2(oi_importer *I, vtc_value *x) {
  int64_t perm[2] = {1, 0};
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_PERM, perm, 2);
  return oi_op(I, "transpose", 1, &x, 1, &a);
}

static vtc_value *scale(oi_importer *I, vtc_value *x, double s) {
  return s == 1.0 || !x ? x : oi_op2(I, "mul", x, oi_splat(I, oi_elem(x), NULL, s));
}

/* Y = alpha * A' B' + beta * C (C broadcast to [M, N]; optional from
 * opset 11). */
bool oi_convert_gemm(oi_importer *I) {
  vtc_value *a = oi_in_req(I, 0, "A"), *b = oi_in_req(I, 1, "B"), *c = oi_in(I, 2);
  int64_t ta, tb, bc;
  double alpha, beta;
  if (!a || !b || !oi_attr_int(I, "transA", 0, &ta) || !oi_attr_int(I, "transB", 0, &tb) ||
      !oi_attr_float(I, "alpha", 1.0, &alpha) || !oi_attr_float(I, "beta", 1.0, &beta) ||
      !oi_attr_int(I, "broadcast", 0, &bc))
    return false;
  /* Gemm 6 broadcast C only with broadcast = 1: numpy's rule then (and C
   * of the full shape otherwise, a case of it). */
  (void)bc;
  if (oi_rank(a) != 2 || oi_rank(b) != 2) return oi_error(I, "A and B must have rank 2");
  if (ta) a = transpose2(I, a);
  if (tb && a) b = transpose2(I, b);
  vtc_value *y = a && b ? scale(I, oi_op2(I, "matmul", a, b), alpha) : NULL;
  if (y && c && beta != 0) y = oi_op2(I, "add", y, scale(I, c, beta));
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* Conv on 2-D images; a 1-D convolution runs as a 2-D one of height 1. */
bool oi_convert_conv(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X"), *w = oi_in_req(I, 1, "W"), *bias = oi_in(I, 2);
  if (!x || !w) return false;
  int64_t strides[4], pads[8], dil[4], kernel[4], group;
  int ns, np, nd, nk;
  bool has_pads;
  const char *auto_pad;
  if (!oi_attr_ints(I, "strides", strides, 4, &ns, NULL) || !oi_attr_ints(I, "pads", pads, 8, &np, &has_pads) ||
      !oi_attr_ints(I, "dilations", dil, 4, &nd, NULL) || !oi_attr_ints(I, "kernel_shape", kernel, 4, &nk, NULL) ||
      !oi_attr_int(I, "group", 1, &group) || !oi_attr_string(I, "auto_pad", "NOTSET", &auto_pad))
    return false;
  int rank = oi_rank(x);
  if (rank != 3 && rank != 4)
    return oi_unsupported(I, "%d-D convolution is not supported (1-D and 2-D are)", rank - 2);
  int sp = rank - 2;
  if ((ns && ns != sp) || (nd && nd != sp) || (has_pads && np != 2 * sp))
    return oi_error(I, "strides, dilations and pads must have %d, %d and %d entries", sp, sp, 2 * sp);
  bool one_d = rank == 3;
  int64_t s2[2] = {1, 1}, d2[2] = {1, 1}, p2[4] = {0, 0, 0, 0};
  for (int i = 0; i < sp; i++) {
    int at = one_d ? 1 : i;
    if (ns) s2[at] = strides[i];
    if (nd) d2[at] = dil[i];
    if (has_pads) p2[at] = pads[i], p2[at + 2] = pads[i + sp];
  }
  if (one_d) { /* [N, C, L] -> [N, C, 1, L], [M, C/g, k] -> [M, C/g, 1, k] */
    int64_t axes[1] = {2};
    vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 1);
    x = oi_op(I, "unsqueeze", 1, &x, 1, &a);
    w = x ? oi_op(I, "unsqueeze", 1, &w, 1, &a) : NULL;
    if (!w) return false;
  }
  vtc_named_attr attrs[5] = {oi_named_ints(I, VTC_GRAPH_ATTR_STRIDES, s2, 2), oi_named_ints(I, VTC_GRAPH_ATTR_PADS, p2, 4),
                             oi_named_ints(I, VTC_GRAPH_ATTR_DILATIONS, d2, 2), oi_named_int(I, VTC_GRAPH_ATTR_GROUP, group),
                             oi_named_string(I, VTC_GRAPH_ATTR_AUTO_PAD, auto_pad)};
  vtc_value *ops[3] = {x, w, bias};
  vtc_value *y = oi_op(I, "conv2d", bias ? 3 : 2, ops, 5, attrs);
  if (y && one_d) {
    int64_t axes[1] = {2};
    vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 1);
    y = oi_op(I, "squeeze", 1, &y, 1, &a);
  }
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* A per-channel vector [C] reshaped to [C, 1, ...] for an input of rank r. */
static vtc_value *per_channel(oi_importer *I, vtc_value *v, int r) {
  if (!v || oi_rank(v) != 1) {
    if (v) oi_error(I, "the per-channel parameters must have rank 1");
    return NULL;
  }
  int64_t shape[VTC_MAX_RANK] = {oi_shape(v).dims[0]};
  for (int i = 1; i < r - 1; i++) shape[i] = 1;
  if (r - 1 <= 1) return v;
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, shape, r - 1);
  return oi_op(I, "reshape", 1, &v, 1, &a);
}

bool oi_convert_batch_norm(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X"), *s = oi_in_req(I, 1, "scale"), *b = oi_in_req(I, 2, "B"),
            *mean = oi_in_req(I, 3, "input_mean"), *var = oi_in_req(I, 4, "input_var");
  double eps;
  if (!x || !s || !b || !mean || !var || !oi_only_outputs(I, 1) || !oi_attr_float(I, "epsilon", 1e-5, &eps) ||
      !oi_attr_default_int(I, "training_mode", 0) || !oi_attr_default_int(I, "spatial", 1) ||
      !oi_attr_default_int(I, "is_test", I->opset < 7 ? 1 : 0))
    return false;
  if (oi_rank(x) < 2) return oi_error(I, "X must have rank 2 or more");
  const vtc_type *el = oi_elem(x);
  vtc_value *sd = oi_op1(I, "sqrt", oi_op2(I, "add", var, oi_splat(I, oi_elem(var), NULL, eps)));
  vtc_value *a = sd ? oi_cast(I, oi_op2(I, "div", s, sd), el) : NULL;
  vtc_value *c = a ? oi_op2(I, "sub", oi_cast(I, b, el), oi_op2(I, "mul", oi_cast(I, mean, el), a)) : NULL;
  a = per_channel(I, a, oi_rank(x));
  c = a ? per_channel(I, c, oi_rank(x)) : NULL;
  vtc_value *y = c ? oi_op2(I, "add", oi_op2(I, "mul", x, a), c) : NULL;
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* GlobalAveragePool and GlobalMaxPool: a reduction over dims 2.. with
 * keepdims, exactly their definition. */
bool oi_convert_global_pool(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X");
  if (!x) return false;
  int rank = oi_rank(x);
  if (rank < 3) return oi_error(I, "X must have rank 3 or more");
  int64_t axes[VTC_MAX_RANK];
  for (int i = 2; i < rank; i++) axes[i - 2] = i;
  vtc_named_attr attrs[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, rank - 2),
                             oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *y = oi_op(I, I->rule->graph, 1, &x, 2, attrs);
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* MaxPool and AveragePool, 2-D (and 1-D through a unit height, as Conv);
 * MaxPool's Indices output and storage_order are unsupported. */
bool oi_convert_pool(oi_importer *I) {
  bool is_max = strcmp(I->node->op_type, "MaxPool") == 0;
  vtc_value *x = oi_in_req(I, 0, "X");
  int64_t kernel[4], strides[4], pads[8], dil[4], ceil_mode, include_pad;
  int nk, ns, np, nd;
  bool has_pads;
  const char *auto_pad;
  if (!x || !oi_only_outputs(I, 1) || !oi_attr_ints(I, "kernel_shape", kernel, 4, &nk, NULL) ||
      !oi_attr_ints(I, "strides", strides, 4, &ns, NULL) || !oi_attr_ints(I, "pads", pads, 8, &np, &has_pads) ||
      !oi_attr_ints(I, "dilations", dil, 4, &nd, NULL) || !oi_attr_int(I, "ceil_mode", 0, &ceil_mode) ||
      !oi_attr_int(I, "count_include_pad", 0, &include_pad) || !oi_attr_string(I, "auto_pad", "NOTSET", &auto_pad) ||
      !oi_attr_default_int(I, "storage_order", 0))
    return false;
  int rank = oi_rank(x);
  if (rank != 3 && rank != 4) return oi_unsupported(I, "%d-D pooling is not supported (1-D and 2-D are)", rank - 2);
  int sp = rank - 2;
  if (nk != sp || (ns && ns != sp) || (nd && nd != sp) || (has_pads && np != 2 * sp))
    return oi_error(I, "kernel_shape, strides, dilations and pads must have %d, %d, %d and %d entries", sp, sp, sp,
                    2 * sp);
  bool one_d = rank == 3;
  int64_t k2[2] = {1, 1}, s2[2] = {1, 1}, d2[2] = {1, 1}, p2[4] = {0, 0, 0, 0};
  for (int i = 0; i < sp; i++) {
    int at = one_d ? 1 : i;
    k2[at] = kernel[i];
    if (ns) s2[at] = strides[i];
    if (nd) d2[at] = dil[i];
    if (has_pads) p2[at] = pads[i], p2[at + 2] = pads[i + sp];
  }
  int64_t axes[1] = {2};
  vtc_named_attr ua = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 1);
  if (one_d && !(x = oi_op(I, "unsqueeze", 1, &x, 1, &ua))) return false;
  vtc_named_attr attrs[7] = {oi_named_ints(I, VTC_GRAPH_ATTR_KERNEL_SHAPE, k2, 2),
                             oi_named_ints(I, VTC_GRAPH_ATTR_STRIDES, s2, 2),
                             oi_named_ints(I, VTC_GRAPH_ATTR_PADS, p2, 4),
                             oi_named_ints(I, VTC_GRAPH_ATTR_DILATIONS, d2, 2),
                             oi_named_string(I, VTC_GRAPH_ATTR_AUTO_PAD, auto_pad),
                             oi_named_bool(I, VTC_GRAPH_ATTR_CEIL_MODE, ceil_mode != 0),
                             oi_named_bool(I, VTC_GRAPH_ATTR_COUNT_INCLUDE_PAD, include_pad != 0)};
  vtc_value *y = oi_op(I, is_max ? "max_pool2d" : "avg_pool2d", 1, &x, is_max ? 6 : 7, attrs);
  if (y && one_d) y = oi_op(I, "squeeze", 1, &y, 1, &ua);
  oi_set_out(I, 0, y);
  return y != NULL;
}
