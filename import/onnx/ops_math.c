/* Converters of element-wise ONNX ops and the normalisations: each one
 * graph op where graph has the op (the table's `graph` column), a short
 * composition of graph ops where the ONNX op is one (Reciprocal, Clip,
 * Mean, LogSoftmax; Softmax before opset 13, which flattens to 2-D). */
#include <math.h>
#include <string.h>

#include "dialects/graph/kernels.h"
#include "import/onnx/onnx_impl.h"

bool oi_convert_unary(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  if (!x || !oi_only_outputs(I, 1)) return false;
  vtc_value *r = oi_op1(I, I->rule->graph, x);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* A unary op whose ONNX attributes (alpha, beta, gamma, bias, lambd,
 * detect_*) are the graph op's, by the same names (kernels.h). */
bool oi_convert_unary_attrs(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  vtc_unary_op u;
  if (!x || !oi_only_outputs(I, 1) || vtc_unary_op_from_name(I->rule->graph, &u))
    return x && oi_error(I, "internal error: no unary op '%s'", I->rule->graph);
  vtc_named_attr attrs[2];
  unsigned n = 0;
  for (int i = 0; i < 2; i++) {
    const char *name = vtc_unary_param_name(u, i);
    double v;
    if (!name) continue;
    if (!oi_attr_float(I, name, vtc_unary_param_default(u, i), &v)) return false;
    attrs[n++] = oi_named_float(I, name, v);
  }
  vtc_value *r = oi_op(I, I->rule->graph, 1, &x, n, attrs);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* Mod: numpy's remainder (fmod 0) or C's (fmod 1, which floats need). */
bool oi_convert_mod(oi_importer *I) {
  vtc_value *a = oi_in_req(I, 0, "A"), *b = oi_in_req(I, 1, "B");
  int64_t fmod;
  if (!a || !b || !oi_attr_int(I, "fmod", 0, &fmod)) return false;
  if (!fmod && vtc_type_is_float(oi_elem(a))) return oi_error(I, "fmod must be 1 for floating-point inputs");
  vtc_value *r = oi_op2(I, fmod ? "fmod" : "mod", a, b);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* b reshaped with trailing 1s to rank(a) - axis dims, so that numpy
 * broadcasting aligns its first dim with a's dim `axis`. */
static vtc_value *align_at(oi_importer *I, vtc_value *a, vtc_value *b, int axis) {
  vtc_shape bs = oi_shape(b);
  int want = oi_rank(a) - axis;
  if (bs.rank >= want) return b;
  for (int i = bs.rank; i < want; i++) bs.dims[i] = 1;
  vtc_named_attr at = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, bs.dims, want);
  return oi_op(I, "reshape", 1, &b, 1, &at);
}

/* Before opset 7 the arithmetic ops broadcast only with `broadcast = 1`, B
 * aligned at `axis` (default: at the end, as numpy); PRelu before 7 takes a
 * 1-D slope per channel. */
static vtc_value *legacy_broadcast(oi_importer *I, vtc_value *a, vtc_value *b) {
  if (I->opset >= 7 || !a || !b) return b;
  if (!strcmp(I->rule->graph, "prelu")) {
    vtc_shape as = oi_shape(a), bs = oi_shape(b);
    bool per_channel = as.rank > 2 && bs.rank == 1 && bs.dims[0] == as.dims[1] && bs.dims[0] != 1;
    return per_channel ? align_at(I, a, b, 1) : b;
  }
  int64_t bc, axis;
  if (!oi_attr_int(I, "broadcast", 0, &bc) || !oi_attr_int(I, "axis", -1, &axis)) return NULL;
  if (!bc || !oi_attr(I, "axis")) return b;
  int ax;
  return oi_axis(I, axis, oi_rank(a), &ax) ? align_at(I, a, b, ax) : NULL;
}

bool oi_convert_binary(oi_importer *I) {
  vtc_value *a = oi_in_req(I, 0, "first operand"), *b = oi_in_req(I, 1, "second operand");
  if (!a || !b || !oi_only_outputs(I, 1)) return false;
  b = legacy_broadcast(I, a, b);
  vtc_value *r = oi_op2(I, I->rule->graph, a, b);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* Max, Min, Sum, Mean: a left fold of the binary op over every input. */
bool oi_convert_variadic(oi_importer *I) {
  const char *op = I->rule->graph;
  bool mean = strcmp(op, "mean") == 0;
  unsigned n = oi_num_inputs(I);
  if (!n) return oi_error(I, "needs at least one input");
  vtc_value *acc = oi_in_req(I, 0, "first input");
  for (unsigned k = 1; acc && k < n; k++) {
    vtc_value *x = oi_in_req(I, k, "input");
    acc = x ? oi_op2(I, mean ? "add" : op, acc, x) : NULL;
  }
  if (acc && mean && n > 1) acc = oi_op2(I, "div", acc, oi_splat(I, oi_elem(acc), NULL, (double)n));
  oi_set_out(I, 0, acc);
  return acc != NULL;
}

bool oi_convert_where(oi_importer *I) {
  vtc_value *ops[3] = {oi_in_req(I, 0, "condition"), oi_in_req(I, 1, "X"), oi_in_req(I, 2, "Y")};
  if (!ops[0] || !ops[1] || !ops[2]) return false;
  vtc_value *r = oi_op(I, "where", 3, ops, 0, NULL);
  oi_set_out(I, 0, r);
  return r != NULL;
}

bool oi_convert_cast(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t to;
  if (!x || !oi_attr_int(I, "to", 0, &to)) return false;
  if (!oi_attr(I, "to")) return oi_error(I, "attribute 'to' is required");
  const vtc_type *el;
  if (!oi_element_type(I->ctx, (int32_t)to, &el, NULL))
    return oi_unsupported(I, "a cast to %s is not supported", oi_type_name((int32_t)to));
  vtc_value *r = oi_cast(I, x, el);
  oi_set_out(I, 0, r);
  return r != NULL;
}

bool oi_convert_cast_like(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input"), *like = oi_in_req(I, 1, "target_type");
  if (!x || !like) return false;
  vtc_value *r = oi_cast(I, x, oi_elem(like));
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* Identity, and Dropout at inference (its ratio scales nothing; the mask
 * output and training mode are unsupported). */
bool oi_convert_identity(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  if (!x || !oi_only_outputs(I, 1)) return false;
  if (strcmp(I->node->op_type, "Dropout") == 0) {
    if (!oi_attr_default_int(I, "is_test", 1)) return false;
    double training = 0;
    if (oi_has_input(I, 2) && !oi_const_scalar(I, 2, "training_mode", &training)) return false;
    if (training != 0) return oi_unsupported(I, "dropout in training mode is not supported");
  }
  oi_set_out(I, 0, x);
  return true;
}

/* min(max(x, lo), hi) as numpy.clip; bounds are attributes before opset 11,
 * optional inputs since. */
bool oi_convert_clip(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input"), *lo = NULL, *hi = NULL;
  if (!x) return false;
  if (I->opset < 11) {
    double vmin, vmax;
    if (!oi_attr_float(I, "min", -INFINITY, &vmin) || !oi_attr_float(I, "max", INFINITY, &vmax)) return false;
    if (oi_attr(I, "min")) lo = oi_splat(I, oi_elem(x), NULL, vmin);
    if (oi_attr(I, "max")) hi = oi_splat(I, oi_elem(x), NULL, vmax);
  } else {
    lo = oi_in(I, 1);
    hi = oi_in(I, 2);
  }
  vtc_value *r = x;
  if (lo) r = oi_op2(I, "max", r, lo);
  if (r && hi) r = oi_op2(I, "min", r, hi);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* log_softmax along axis: (x - m) - log(sum(exp(x - m))), m the row max. */
static vtc_value *log_softmax(oi_importer *I, vtc_value *x, int axis) {
  int64_t axes[1] = {axis};
  vtc_named_attr attrs[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 1), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *m = oi_op(I, "reduce_max", 1, &x, 2, attrs);
  vtc_value *d = m ? oi_op2(I, "sub", x, m) : NULL;
  vtc_value *e = d ? oi_op1(I, "exp", d) : NULL;
  vtc_value *s = e ? oi_op(I, "reduce_sum", 1, &e, 2, attrs) : NULL;
  vtc_value *l = s ? oi_op1(I, "log", s) : NULL;
  return l ? oi_op2(I, "sub", d, l) : NULL;
}

/* Softmax and LogSoftmax. From opset 13 along one axis (default -1);
 * before, over the 2-D coercion [prod(dims[:axis]), prod(dims[axis:])]
 * (default axis 1): flattened, normalised along the last axis, reshaped
 * back. */
bool oi_convert_softmax(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  bool log = strcmp(I->node->op_type, "LogSoftmax") == 0;
  int64_t axis;
  int ax;
  if (!x || !oi_attr_int(I, "axis", I->opset < 13 ? 1 : -1, &axis)) return false;
  int rank = oi_rank(x);
  if (rank == 0) return oi_unsupported(I, "a rank-0 input is not supported");
  if (!oi_axis(I, axis, rank, &ax)) return false;
  vtc_value *in = x;
  bool coerce = I->opset < 13 && ax != rank - 1;
  if (coerce) {
    if (!oi_static(x)) return oi_unsupported(I, "the 2-D coercion of opset < 13 needs a static shape");
    vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, ax);
    in = oi_op(I, "flatten", 1, &x, 1, &a);
    ax = 1;
  }
  vtc_value *r;
  if (!in) return false;
  if (log) {
    r = log_softmax(I, in, coerce ? 1 : ax);
  } else {
    vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, coerce ? 1 : ax);
    r = oi_op(I, "softmax", 1, &in, 1, &a);
  }
  if (r && coerce) {
    vtc_shape s = oi_shape(x);
    vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, s.dims, s.rank);
    r = oi_op(I, "reshape", 1, &r, 1, &a);
  }
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* LayerNormalization (opset 17) as graph.layer_norm; its optional Mean and
 * InvStdDev outputs (in f32, stash_type 1: what graph's kernels compute in
 * for half types anyway), when requested, as the reductions they are. */
bool oi_convert_layer_norm(oi_importer *I) {
  vtc_value *ops[3] = {oi_in_req(I, 0, "X"), oi_in_req(I, 1, "Scale"), oi_in(I, 2)};
  int64_t axis;
  double eps;
  int ax;
  if (!ops[0] || !ops[1] || !oi_only_outputs(I, 3) || !oi_attr_int(I, "axis", -1, &axis) ||
      !oi_attr_float(I, "epsilon", 1e-5, &eps) || !oi_attr_default_int(I, "stash_type", 1) ||
      !oi_axis(I, axis, oi_rank(ops[0]), &ax))
    return false;
  vtc_named_attr attrs[2] = {oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis), oi_named_float(I, VTC_GRAPH_ATTR_EPSILON, eps)};
  vtc_value *r = oi_op(I, "layer_norm", ops[2] ? 3 : 2, ops, 2, attrs);
  oi_set_out(I, 0, r);
  if (!r || (!oi_has_output(I, 1) && !oi_has_output(I, 2))) return r != NULL;
  int64_t axes[VTC_MAX_RANK];
  int n = 0;
  for (int i = ax; i < oi_rank(ops[0]); i++) axes[n++] = i;
  vtc_named_attr red[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, n), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *x = oi_cast(I, ops[0], vtc_type_f32(I->ctx));
  vtc_value *mean = x ? oi_op(I, "reduce_mean", 1, &x, 2, red) : NULL;
  vtc_value *d = mean ? oi_op2(I, "sub", x, mean) : NULL;
  vtc_value *sq = d ? oi_op2(I, "mul", d, d) : NULL;
  vtc_value *var = sq ? oi_op(I, "reduce_mean", 1, &sq, 2, red) : NULL;
  vtc_value *inv = var ? oi_op1(I, "rsqrt", oi_op2(I, "add", var, oi_splat(I, oi_elem(var), NULL, eps))) : NULL;
  oi_set_out(I, 1, mean);
  oi_set_out(I, 2, inv);
  return inv != NULL;
}

/* Hardmax: 1 at the first maximum along the axis (opset 13; before, of the
 * 2-D coercion, as Softmax), 0 elsewhere: equal(iota, argmax) as x's type. */
bool oi_convert_hardmax(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t axis;
  int ax;
  if (!x || !oi_attr_int(I, "axis", I->opset < 13 ? 1 : -1, &axis) || !oi_axis(I, axis, oi_rank(x), &ax)) return false;
  if (!oi_static(x)) return oi_unsupported(I, "Hardmax of a tensor with dynamic dims is not supported");
  vtc_value *in = x;
  vtc_shape s = oi_shape(x);
  if (I->opset < 13 && ax != s.rank - 1) {
    vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, ax);
    if (!(in = oi_op(I, "flatten", 1, &x, 1, &a))) return false;
    ax = 1;
  }
  vtc_shape is = oi_shape(in);
  vtc_named_attr attrs[2] = {oi_named_int(I, VTC_GRAPH_ATTR_AXIS, ax), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *arg = oi_op(I, "argmax", 1, &in, 2, attrs);
  vtc_tensor iota;
  vtc_shape ish = {.rank = is.rank};
  for (int i = 0; i < is.rank; i++) ish.dims[i] = i == ax ? is.dims[i] : 1;
  if (!arg || vtc_tensor_create_shape(&iota, VTC_I64, &ish, NULL, 0)) return false;
  for (int64_t i = 0; i < is.dims[ax]; i++) ((int64_t *)iota.data)[i] = i;
  vtc_value *hit = oi_op2(I, "equal", oi_constant(I, &iota, true, "onnx_iota"), arg);
  vtc_value *r = oi_cast(I, hit, oi_elem(x));
  if (r && in != x) {
    vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, s.dims, s.rank);
    r = oi_op(I, "reshape", 1, &r, 1, &a);
  }
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* InstanceNormalization: per (n, c), (x - mean) / sqrt(var + eps) over the
 * spatial dims, then scale and bias per channel. */
bool oi_convert_instance_norm(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input"), *scale = oi_in_req(I, 1, "scale"), *bias = oi_in_req(I, 2, "B");
  double eps;
  if (!x || !scale || !bias || !oi_attr_float(I, "epsilon", 1e-5, &eps)) return false;
  int rank = oi_rank(x);
  if (rank < 3 || oi_rank(scale) != 1 || oi_rank(bias) != 1)
    return oi_error(I, "input must have rank 3 or more, scale and B rank 1");
  int64_t axes[VTC_MAX_RANK], shape[VTC_MAX_RANK] = {oi_shape(scale).dims[0]};
  for (int i = 2; i < rank; i++) axes[i - 2] = i, shape[i - 1] = 1;
  vtc_named_attr red[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, rank - 2),
                           oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_named_attr per_c = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, shape, rank - 1);
  vtc_value *mean = oi_op(I, "reduce_mean", 1, &x, 2, red);
  vtc_value *d = mean ? oi_op2(I, "sub", x, mean) : NULL;
  vtc_value *sq = d ? oi_op2(I, "mul", d, d) : NULL;
  vtc_value *var = sq ? oi_op(I, "reduce_mean", 1, &sq, 2, red) : NULL;
  vtc_value *inv = var ? oi_op1(I, "rsqrt", oi_op2(I, "add", var, oi_splat(I, oi_elem(var), NULL, eps))) : NULL;
  vtc_value *s = inv ? oi_op(I, "reshape", 1, &scale, 1, &per_c) : NULL;
  vtc_value *b = s ? oi_op(I, "reshape", 1, &bias, 1, &per_c) : NULL;
  vtc_value *y = b ? oi_op2(I, "add", oi_op2(I, "mul", oi_op2(I, "mul", d, inv), s), b) : NULL;
  oi_set_out(I, 0, y);
  return y != NULL;
}
