/* Shape inference and the op-specific checks of the graph dialect's compute
 * ops (matmul, conv2d, element-wise, where, cast, softmax, norms, reductions,
 * attention, constant). The shape rules are the reference kernels' own
 * (kernels.h), so the verifier and the interpreter cannot disagree. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"
#include "ir/resources.h"

static bool set_result(vtc_op *op, const vtc_type **results, unsigned i, const vtc_shape *s,
                       const vtc_type *element) {
  results[i] = vtc_graph_tensor_type(vtc_op_context(op), s, element);
  return true;
}

bool graph_infer_matmul(vtc_op *op, const vtc_type **results) {
  vtc_shape a, b, r;
  const vtc_type *el;
  char msg[256];
  if (!graph_operand(op, 0, "left operand", GRAPH_TYPES_NUMERIC, &a, &el) ||
      !graph_operand(op, 1, "right operand", GRAPH_TYPES_NUMERIC, &b, NULL) ||
      !graph_same_element(op, 1, "right operand", el))
    return false;
  if (vtc_shape_matmul(&a, &b, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_conv2d_attrs(vtc_op *op, vtc_conv2d_attrs *a) {
  *a = vtc_conv2d_attrs_default();
  int64_t v[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_GROUP, 1, &a->group)) return false;
  if (a->group < 1) return vtc_op_error(op, "group must be positive, but is %lld", (long long)a->group);
  struct { const char *name; int64_t *dst; int len; int64_t min; } arrays[] = {
      {VTC_GRAPH_ATTR_STRIDES, a->strides, 2, 1},
      {VTC_GRAPH_ATTR_DILATIONS, a->dilations, 2, 1},
      {VTC_GRAPH_ATTR_PADS, a->pads, 4, 0},
  };
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
    assert(graph_default_is_ints(op, arrays[i].name, arrays[i].dst, arrays[i].len));
    if (!graph_attr_ints(op, arrays[i].name, false, v, GRAPH_MAX_ARRAY, &n, &present)) return false;
    if (!present) continue;
    if (n != arrays[i].len)
      return vtc_op_error(op, "attribute '%s' must have %d entries, but has %d", arrays[i].name, arrays[i].len, n);
    for (int j = 0; j < n; j++) {
      if (v[j] < arrays[i].min)
        return vtc_op_error(op, "attribute '%s' entries must be at least %lld, but one is %lld", arrays[i].name,
                            (long long)arrays[i].min, (long long)v[j]);
      arrays[i].dst[j] = v[j];
    }
  }
  const char *ap;
  if (!graph_attr_string(op, VTC_GRAPH_ATTR_AUTO_PAD, "NOTSET", &ap)) return false;
  if (vtc_auto_pad_from_name(ap, &a->auto_pad))
    return vtc_op_error(op, "auto_pad must be one of NOTSET, SAME_UPPER, SAME_LOWER, VALID, but is \"%s\"", ap);
  return true;
}

bool graph_infer_conv2d(vtc_op *op, const vtc_type **results) {
  if (op->num_operands != 2 && op->num_operands != 3)
    return vtc_op_error(op, "expects 2 or 3 operands (input, weight, optional bias), but has %u", op->num_operands);
  vtc_shape x, w, b, r;
  const vtc_type *el;
  vtc_conv2d_attrs a;
  char msg[256];
  if (!graph_operand(op, 0, "input", GRAPH_TYPES_FLOAT, &x, &el) ||
      !graph_operand(op, 1, "weight", GRAPH_TYPES_FLOAT, &w, NULL) || !graph_same_element(op, 1, "weight", el))
    return false;
  bool has_bias = op->num_operands == 3;
  if (has_bias && (!graph_operand(op, 2, "bias", GRAPH_TYPES_FLOAT, &b, NULL) || !graph_same_element(op, 2, "bias", el)))
    return false;
  if (x.rank != 4) return vtc_op_error(op, "input must have rank 4 (NCHW), but has rank %d", x.rank);
  if (w.rank != 4) return vtc_op_error(op, "weight must have rank 4 (MCkHkW), but has rank %d", w.rank);
  if (!graph_conv2d_attrs(op, &a)) return false;
  if (vtc_shape_conv2d(&x, &w, has_bias ? &b : NULL, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

static bool infer_unary(vtc_op *op, const vtc_type **results, unsigned allowed) {
  vtc_shape x;
  const vtc_type *el;
  if (!graph_operand(op, 0, "operand", allowed, &x, &el)) return false;
  return set_result(op, results, 0, &x, el);
}

bool graph_infer_unary_float(vtc_op *op, const vtc_type **results) {
  return infer_unary(op, results, GRAPH_TYPES_FLOAT);
}
bool graph_infer_unary_numeric(vtc_op *op, const vtc_type **results) {
  return infer_unary(op, results, GRAPH_TYPES_NUMERIC);
}

/* The element-wise ops of the kernels' tables: dtypes, and an i1 result for
 * the predicates (is_nan, the comparisons), from the kernels themselves. */
bool graph_infer_unary_op(vtc_op *op, const vtc_type **results) {
  vtc_unary_op u;
  if (vtc_unary_op_from_name(op->name->name + strlen("graph."), &u)) return vtc_op_error(op, "is not a unary op");
  vtc_shape x;
  const vtc_type *el;
  vtc_unary_params p;
  if (!graph_operand(op, 0, "operand", vtc_unary_op_dtypes(u), &x, &el) || !graph_unary_params(op, u, &p)) return false;
  return set_result(op, results, 0, &x, vtc_unary_op_is_predicate(u) ? vtc_type_integer(vtc_op_context(op), 1) : el);
}

bool graph_infer_binary(vtc_op *op, const vtc_type **results) {
  vtc_shape a, b, r;
  const vtc_type *el;
  char msg[256];
  vtc_binary_op k;
  if (vtc_binary_op_from_name(op->name->name + strlen("graph."), &k)) return vtc_op_error(op, "is not a binary op");
  bool is_pow = k == VTC_BINARY_POW;
  unsigned allowed = vtc_binary_op_dtypes(k);
  if (!graph_operand(op, 0, "lhs", allowed, &a, &el) ||
      !graph_operand(op, 1, "rhs", is_pow ? GRAPH_TYPES_NUMERIC : allowed, &b, NULL) ||
      (!is_pow && !graph_same_element(op, 1, "rhs", el)))
    return false;
  if (vtc_shape_broadcast(&a, &b, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, vtc_binary_op_is_predicate(k) ? vtc_type_integer(vtc_op_context(op), 1) : el);
}

bool graph_infer_where(vtc_op *op, const vtc_type **results) {
  vtc_shape c, x, y, cx, r;
  const vtc_type *el;
  char msg[256];
  if (!graph_operand(op, 0, "condition", VTC_DTYPE_BIT(VTC_I1), &c, NULL) ||
      !graph_operand(op, 1, "true value", GRAPH_TYPES_ALL, &x, &el) ||
      !graph_operand(op, 2, "false value", GRAPH_TYPES_ALL, &y, NULL) ||
      !graph_same_element(op, 2, "false value", el))
    return false;
  if (vtc_shape_broadcast(&c, &x, &cx, msg, sizeof msg) || vtc_shape_broadcast(&cx, &y, &r, msg, sizeof msg))
    return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_cast(vtc_op *op, const vtc_type **results) {
  vtc_shape x;
  if (!graph_operand(op, 0, "operand", GRAPH_TYPES_ALL, &x, NULL)) return false;
  const vtc_attr *to = vtc_op_get_attr(op, VTC_GRAPH_ATTR_TO);
  if (!to || to->kind != VTC_ATTR_TYPE) return vtc_op_error(op, "requires type attribute 'to'");
  if (!vtc_graph_dtype_of(to->type, NULL)) {
    char *s = vtc_type_to_string(to->type);
    vtc_op_error(op, "'to' must be one of f32, f16, bf16, f64, i32, i64, i1, but is %s", s);
    free(s);
    return false;
  }
  return set_result(op, results, 0, &x, to->type);
}

bool graph_infer_softmax(vtc_op *op, const vtc_type **results) {
  vtc_shape x;
  const vtc_type *el;
  int64_t axis;
  int ax;
  if (!graph_operand(op, 0, "operand", GRAPH_TYPES_FLOAT, &x, &el) ||
      !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &axis) || !graph_axis(op, axis, x.rank, &ax))
    return false;
  return set_result(op, results, 0, &x, el);
}

static bool infer_norm(vtc_op *op, const vtc_type **results, bool with_bias) {
  unsigned max = with_bias ? 3 : 2;
  if (op->num_operands < 2 || op->num_operands > max)
    return vtc_op_error(op, "expects %s operands (input, scale%s), but has %u", with_bias ? "2 or 3" : "2",
                        with_bias ? ", optional bias" : "", op->num_operands);
  vtc_shape x, s, b, r;
  const vtc_type *el;
  vtc_norm_attrs a;
  char msg[256];
  if (!graph_operand(op, 0, "input", GRAPH_TYPES_FLOAT, &x, &el) ||
      !graph_operand(op, 1, "scale", GRAPH_TYPES_FLOAT, &s, NULL) || !graph_same_element(op, 1, "scale", el))
    return false;
  bool has_bias = op->num_operands == 3;
  if (has_bias && (!graph_operand(op, 2, "bias", GRAPH_TYPES_FLOAT, &b, NULL) || !graph_same_element(op, 2, "bias", el)))
    return false;
  int ax;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &a.axis) || !graph_axis(op, a.axis, x.rank, &ax) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_EPSILON, 1e-5, &a.epsilon))
    return false;
  if (!(a.epsilon >= 0)) return vtc_op_error(op, "epsilon must be non-negative");
  if (vtc_shape_norm(&x, &s, has_bias ? &b : NULL, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_layer_norm(vtc_op *op, const vtc_type **results) { return infer_norm(op, results, true); }
bool graph_infer_rms_norm(vtc_op *op, const vtc_type **results) { return infer_norm(op, results, false); }

bool graph_reduce_attrs(vtc_op *op, vtc_reduce_attrs *a, int64_t *axes) {
  int n;
  memset(a, 0, sizeof *a);
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, VTC_MAX_RANK, &n, NULL) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_KEEPDIMS, true, &a->keepdims) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_NOOP_EMPTY, false, &a->noop_with_empty_axes))
    return false;
  a->naxes = n;
  a->axes = n ? axes : NULL;
  return true;
}

bool graph_infer_reduce(vtc_op *op, const vtc_type **results) {
  bool minmax = strcmp(op->name->name, "graph.reduce_max") == 0 || strcmp(op->name->name, "graph.reduce_min") == 0;
  vtc_shape x, r;
  const vtc_type *el;
  vtc_reduce_attrs a;
  int64_t axes[VTC_MAX_RANK];
  char msg[256];
  if (!graph_operand(op, 0, "operand", minmax ? GRAPH_TYPES_ALL : GRAPH_TYPES_NUMERIC, &x, &el) ||
      !graph_reduce_attrs(op, &a, axes))
    return false;
  if (vtc_shape_reduce(&x, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_attention(vtc_op *op, const vtc_type **results) {
  vtc_shape q, k, v, r;
  const vtc_type *el;
  char msg[256];
  bool causal;
  double scale;
  if (!graph_operand(op, 0, "query", GRAPH_TYPES_FLOAT, &q, &el) ||
      !graph_operand(op, 1, "key", GRAPH_TYPES_FLOAT, &k, NULL) || !graph_same_element(op, 1, "key", el) ||
      !graph_operand(op, 2, "value", GRAPH_TYPES_FLOAT, &v, NULL) || !graph_same_element(op, 2, "value", el) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_CAUSAL, false, &causal) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_SCALE, 1.0, &scale))
    return false;
  if (vtc_shape_attention(&q, &k, &v, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_constant(vtc_op *op, const vtc_type **results) {
  const vtc_attr *v = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VALUE);
  if (!v || v->kind != VTC_ATTR_DENSE) return vtc_op_error(op, "requires dense attribute 'value'");
  if (!vtc_type_is_tensor(v->type) || !vtc_graph_dtype_of(v->type->element, NULL)) {
    char *s = vtc_type_to_string(v->type);
    vtc_op_error(op, "value must be a tensor of f32, f16, bf16, f64, i32, i64 or i1, but has type %s", s);
    free(s);
    return false;
  }
  if (v->type->rank > VTC_MAX_RANK)
    return vtc_op_error(op, "value has rank %u, at most %d is supported", v->type->rank, VTC_MAX_RANK);
  /* A blob may be missing (an elided dump), but a wrong size is an error. */
  if (v->resource && v->resource->data && (int64_t)v->resource->size != vtc_dense_byte_size(v->type)) {
    char *s = vtc_type_to_string(v->type);
    vtc_op_error(op, "dense_resource<%s> holds %zu bytes, but %s needs %lld", v->resource->name, v->resource->size,
                 s, (long long)vtc_dense_byte_size(v->type));
    free(s);
    return false;
  }
  results[0] = v->type;
  return true;
}
