/* Converters of the Reduce* ops. Their axes moved from an attribute to an
 * optional input at opset 13 for ReduceSum and at opset 18 for the others
 * (with noop_with_empty_axes); each version is read as the node's opset
 * has it. Sum, Mean, Max and Min are graph ops; L1, L2, SumSquare, LogSum
 * and LogSumExp are compositions of them (LogSumExp shifted by the maximum,
 * so that large inputs do not overflow). */
#include <string.h>

#include "import/onnx/onnx_impl.h"

typedef struct reduce_attrs {
  int64_t axes[OI_MAX_INTS];
  int naxes;
  bool has_axes;
  int64_t keepdims, noop;
} reduce_attrs;

static bool read_attrs(oi_importer *I, reduce_attrs *a) {
  bool axes_input = I->opset >= (strcmp(I->node->op_type, "ReduceSum") == 0 ? 13 : 18);
  a->naxes = 0;
  a->has_axes = false;
  if (!oi_attr_int(I, "keepdims", 1, &a->keepdims) || !oi_attr_int(I, "noop_with_empty_axes", 0, &a->noop))
    return false;
  if (!axes_input) return oi_attr_ints(I, "axes", a->axes, OI_MAX_INTS, &a->naxes, &a->has_axes);
  if (!oi_has_input(I, 1)) return true;
  a->has_axes = true;
  return oi_const_ints(I, 1, "axes", a->axes, OI_MAX_INTS, &a->naxes);
}

static vtc_value *reduce(oi_importer *I, const char *op, vtc_value *x, const reduce_attrs *a, bool keepdims) {
  vtc_named_attr attrs[3] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, a->axes, a->naxes),
                             oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, keepdims),
                             oi_named_bool(I, VTC_GRAPH_ATTR_NOOP_EMPTY, a->noop != 0)};
  return oi_op(I, op, 1, &x, 3, attrs);
}

bool oi_convert_reduce(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  reduce_attrs a;
  if (!x || !read_attrs(I, &a)) return false;
  const char *kind = I->rule->graph;
  bool keep = a.keepdims != 0;
  vtc_value *r = NULL;
  if (strncmp(kind, "reduce_", 7) == 0) {
    r = reduce(I, kind, x, &a, keep);
  } else if (strcmp(kind, "l1") == 0) {
    r = reduce(I, "reduce_sum", oi_op1(I, "abs", x), &a, keep);
  } else if (strcmp(kind, "sum_square") == 0 || strcmp(kind, "l2") == 0) {
    r = reduce(I, "reduce_sum", oi_op2(I, "mul", x, x), &a, keep);
    if (r && kind[0] == 'l') r = oi_op1(I, "sqrt", r);
  } else if (strcmp(kind, "log_sum") == 0) {
    r = oi_op1(I, "log", reduce(I, "reduce_sum", x, &a, keep));
  } else { /* log_sum_exp: m + log(sum(exp(x - m))) */
    vtc_value *m = reduce(I, "reduce_max", x, &a, true);
    vtc_value *s = m ? reduce(I, "reduce_sum", oi_op1(I, "exp", oi_op2(I, "sub", x, m)), &a, keep) : NULL;
    vtc_value *mk = s && !keep ? reduce(I, "reduce_max", x, &a, false) : m;
    r = s ? oi_op2(I, "add", oi_op1(I, "log", s), mk) : NULL;
  }
  oi_set_out(I, 0, r);
  return r != NULL;
}

bool oi_convert_arg_reduce(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t axis, keep, last;
  if (!x || !oi_attr_int(I, "axis", 0, &axis) || !oi_attr_int(I, "keepdims", 1, &keep) ||
      !oi_attr_int(I, "select_last_index", 0, &last))
    return false;
  vtc_named_attr attrs[3] = {oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, keep),
                             oi_named_bool(I, VTC_GRAPH_ATTR_SELECT_LAST_INDEX, last)};
  vtc_value *r = oi_op(I, I->rule->graph, 1, &x, 3, attrs);
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* CumSum: the axis is a constant input (a 0-d or 1-element tensor). */
bool oi_convert_cumsum(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "x");
  int64_t axis[OI_MAX_INTS], excl, rev;
  int n;
  if (!x || !oi_const_ints(I, 1, "axis", axis, OI_MAX_INTS, &n) || !oi_attr_int(I, "exclusive", 0, &excl) ||
      !oi_attr_int(I, "reverse", 0, &rev))
    return false;
  if (n != 1) return oi_error(I, "the axis must hold one value");
  vtc_named_attr attrs[3] = {oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis[0]), oi_named_bool(I, VTC_GRAPH_ATTR_EXCLUSIVE, excl),
                             oi_named_bool(I, VTC_GRAPH_ATTR_REVERSE, rev)};
  vtc_value *r = oi_op(I, "cumsum", 1, &x, 3, attrs);
  oi_set_out(I, 0, r);
  return r != NULL;
}
