/* lower-graph-to-te for element-wise ops (unary math, broadcasting binary
 * arithmetic, where, cast) and constants: one one-relies-on-one TE each,
 * whose loads read each operand through its broadcast map. The scalar
 * formulas follow the reference kernels (kernels_elementwise.c). */
#include <math.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

static const char *short_name(const vtc_op *op) { return op->name->name + strlen("graph."); }

/* One element of a unary op on x. */
static vtc_value *unary_body(gte_compute *c, const char *name, vtc_value *x) {
  const vtc_type *t = x->type;
  bool fl = vtc_type_is_float(t);
  if (strcmp(name, "relu") == 0) {
    /* x < 0 ? 0 : x, so NaN passes through as in the kernel */
    vtc_value *zero = gte_const(c, t, 0);
    vtc_value *neg = fl ? gte_cmpf(c, VTC_CMPF_OLT, x, zero) : gte_cmpi(c, VTC_CMPI_SLT, x, zero);
    return gte_select(c, neg, zero, x);
  }
  if (strcmp(name, "neg") == 0) return fl ? gte_op1(c, "arith.negf", x) : gte_op2(c, "arith.subi", gte_const(c, t, 0), x);
  if (strcmp(name, "abs") == 0) return gte_op1(c, fl ? "math.absf" : "math.absi", x);
  if (strcmp(name, "gelu") == 0) { /* 0.5 x (1 + erf(x / sqrt 2)) */
    vtc_value *e = gte_op1(c, "math.erf", gte_op2(c, "arith.divf", x, gte_const(c, t, sqrt(2.0))));
    vtc_value *h = gte_op2(c, "arith.mulf", gte_const(c, t, 0.5), x);
    return gte_op2(c, "arith.mulf", h, gte_op2(c, "arith.addf", gte_const(c, t, 1.0), e));
  }
  if (strcmp(name, "silu") == 0) return gte_op2(c, "arith.mulf", x, gte_op1(c, "math.sigmoid", x));
  static const char *const math[][2] = {{"sigmoid", "math.sigmoid"}, {"tanh", "math.tanh"}, {"exp", "math.exp"},
                                        {"log", "math.log"},         {"sqrt", "math.sqrt"}, {"rsqrt", "math.rsqrt"},
                                        {"erf", "math.erf"}};
  for (size_t i = 0; i < sizeof math / sizeof math[0]; i++)
    if (strcmp(name, math[i][0]) == 0) return gte_op1(c, math[i][1], x);
  return NULL;
}

bool gte_lower_unary(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 0)) return gte_fail(L, "unsupported element type");
  if (!vtc_type_is_float(el) && strcmp(short_name(op), "relu") && strcmp(short_name(op), "neg") &&
      strcmp(short_name(op), "abs"))
    return gte_fail(L, "integer operand");
  gte_shape s;
  if (!gte_shape_of(L, x, &s)) return false;
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &s, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *v = unary_body(&c, short_name(op), gte_load_broadcast(&c, 0));
  if (!v) v = gte_load_broadcast(&c, 0); /* unreachable: the table lists only the ops above */
  results[0] = gte_end(&c, v);
  return true;
}

/* One element of a binary op; the exponent of pow may have another type. */
static vtc_value *binary_body(gte_compute *c, const char *name, vtc_value *a, vtc_value *b) {
  const vtc_type *t = a->type;
  if (strcmp(name, "add") == 0) return gte_add(c, a, b);
  if (strcmp(name, "sub") == 0) return gte_sub(c, a, b);
  if (strcmp(name, "mul") == 0) return gte_mul(c, a, b);
  if (strcmp(name, "div") == 0) return gte_div(c, a, b);
  if (strcmp(name, "max") == 0) return gte_max(c, a, b);
  if (strcmp(name, "min") == 0) return gte_min(c, a, b);
  /* pow: in the base's float type, or through f64 for an integer base
   * (the kernel computes pow in double and stores saturating). */
  const vtc_type *ft = vtc_type_is_float(t) ? t : vtc_type_f64(c->L->ctx);
  vtc_value *fa = gte_convert(c, a, ft), *fb = gte_convert(c, b, ft);
  vtc_value *p = gte_op2(c, "math.powf", fa, fb);
  if (ft != t) {
    /* An integer to a power >= 0 is an integer, but a pow that is not
     * correctly rounded (CUDA's libdevice) may give 2.9999...: rounded to
     * the nearest before the truncating conversion (half away from zero:
     * no exact .5 arises). Negative powers stay truncated, as the kernel's. */
    vtc_value *zero = gte_const(c, ft, 0.0);
    vtc_value *half = gte_select(c, gte_cmpf(c, VTC_CMPF_OGE, p, zero), gte_const(c, ft, 0.5), gte_const(c, ft, -0.5));
    vtc_value *rounded = gte_op2(c, "arith.addf", p, half);
    p = gte_select(c, gte_cmpf(c, VTC_CMPF_OGE, fb, zero), rounded, p);
  }
  return gte_convert(c, p, t);
}

static bool lower_broadcasting(gte_lowering *L, vtc_op *op, vtc_value **results, bool where) {
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  unsigned n = op->num_operands;
  gte_shape s[3] = {{0}}, out;
  if (n < 1 || n > 3) return gte_fail(L, "unexpected operand count %u", n);
  for (unsigned i = 0; i < n; i++)
    if (!gte_shape_of(L, vtc_op_operand(op, i), &s[i])) return false;
  out = s[0];
  for (unsigned i = 1; i < n; i++) out = gte_broadcast(L, &out, &s[i]);
  for (unsigned i = 0; i < n; i++)
    if (!vtc_type_is_float(vtc_op_operand(op, i)->type->element) &&
        !vtc_type_is_integer(vtc_op_operand(op, i)->type->element, 0))
      return gte_fail(L, "unsupported element type");
  if (where && !vtc_type_is_integer(vtc_op_operand(op, 0)->type->element, 1))
    return gte_fail(L, "the condition must have element type i1");
  vtc_value *ins[3] = {NULL, NULL, NULL};
  for (unsigned i = 0; i < n; i++) ins[i] = vtc_op_operand(op, i);
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, n, ins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *v[3];
  for (unsigned i = 0; i < n; i++) v[i] = gte_load_broadcast(&c, i);
  vtc_value *r = where ? gte_select(&c, v[0], v[1], v[2]) : binary_body(&c, short_name(op), v[0], v[1]);
  results[0] = gte_end(&c, r);
  return true;
}

bool gte_lower_binary(gte_lowering *L, vtc_op *op, vtc_value **results) {
  return lower_broadcasting(L, op, results, false);
}

bool gte_lower_where(gte_lowering *L, vtc_op *op, vtc_value **results) {
  return lower_broadcasting(L, op, results, true);
}

bool gte_lower_cast(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  const vtc_type *from = x->type->element, *to = rt->element;
  if ((!vtc_type_is_float(from) && !vtc_type_is_integer(from, 0)) || (!vtc_type_is_float(to) && !vtc_type_is_integer(to, 0)))
    return gte_fail(L, "unsupported element type");
  gte_shape s;
  if (!gte_shape_of(L, x, &s)) return false;
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &s, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  results[0] = gte_end(&c, gte_convert(&c, gte_load_broadcast(&c, 0), to));
  return true;
}

/* graph.constant: the same dense value as an arith.constant tensor. */
bool gte_lower_constant(gte_lowering *L, vtc_op *op, vtc_value **results) {
  const vtc_attr *value = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VALUE);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  if (!value || value->kind != VTC_ATTR_DENSE || value->type != rt)
    return gte_fail(L, "the value must be a dense attribute of the result type");
  vtc_named_attr attr = {vtc_str(L->ctx, "value"), value};
  vtc_op *k = vtc_builder_create(&L->b, "arith.constant", op->loc, 0, NULL, rt, 1, &attr);
  results[0] = vtc_op_result(k, 0);
  return true;
}
