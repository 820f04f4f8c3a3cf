/* lower-graph-to-te for element-wise ops (unary math, broadcasting binary
 * arithmetic, where, cast) and constants: one one-relies-on-one TE each,
 * whose loads read each operand through its broadcast map. The scalar
 * formulas follow the reference kernels (kernels_elementwise.c). */
#include <math.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

static const char *short_name(const vtc_op *op) { return op->name->name + strlen("graph."); }

/* The math dialect functions that are graph unary ops one to one. */
static const char *const kMathUnary[][2] = {
    {"sigmoid", "math.sigmoid"}, {"tanh", "math.tanh"},   {"exp", "math.exp"},     {"log", "math.log"},
    {"sqrt", "math.sqrt"},       {"rsqrt", "math.rsqrt"}, {"erf", "math.erf"},     {"floor", "math.floor"},
    {"ceil", "math.ceil"},       {"round", "math.roundeven"}, {"sin", "math.sin"}, {"cos", "math.cos"},
    {"tan", "math.tan"},         {"asin", "math.asin"},   {"acos", "math.acos"},   {"atan", "math.atan"},
    {"sinh", "math.sinh"},       {"cosh", "math.cosh"},   {"asinh", "math.asinh"}, {"acosh", "math.acosh"},
    {"atanh", "math.atanh"},
};

/* alpha * (exp(x) - 1): the negative branch of elu and selu. */
static vtc_value *expm1_scaled(gte_compute *c, vtc_value *x, double alpha) {
  const vtc_type *t = x->type;
  vtc_value *e = gte_op2(c, "arith.subf", gte_op1(c, "math.exp", x), gte_const(c, t, 1.0));
  return gte_op2(c, "arith.mulf", gte_const(c, t, alpha), e);
}

/* The activations and predicates of ONNX, as the kernels define them
 * (kernels_elementwise.c); NULL for a name that is not one. */
static vtc_value *onnx_unary_body(gte_compute *c, const char *name, vtc_value *x, const double *p) {
  const vtc_type *t = x->type;
  bool fl = vtc_type_is_float(t);
  /* Constants are made where used: a body keeps no dead ops. */
#define zero gte_const(c, t, 0)
#define one gte_const(c, t, 1)
  if (!strcmp(name, "reciprocal")) return gte_op2(c, "arith.divf", one, x);
  if (!strcmp(name, "sign")) {
    vtc_value *pos = fl ? gte_cmpf(c, VTC_CMPF_OGT, x, zero) : gte_cmpi(c, VTC_CMPI_SGT, x, zero);
    vtc_value *neg = fl ? gte_cmpf(c, VTC_CMPF_OLT, x, zero) : gte_cmpi(c, VTC_CMPI_SLT, x, zero);
    return gte_select(c, pos, one, gte_select(c, neg, gte_const(c, t, -1), fl ? x : zero));
  }
  if (!strcmp(name, "softplus")) { /* max(x, 0) + log1p(exp(-|x|)) */
    vtc_value *e = gte_op1(c, "math.exp", gte_op1(c, "arith.negf", gte_op1(c, "math.absf", x)));
    return gte_op2(c, "arith.addf", gte_op2(c, "arith.maximumf", x, zero), gte_op1(c, "math.log1p", e));
  }
  if (!strcmp(name, "softsign"))
    return gte_op2(c, "arith.divf", x, gte_op2(c, "arith.addf", one, gte_op1(c, "math.absf", x)));
  if (!strcmp(name, "hard_sigmoid") || !strcmp(name, "hard_swish")) {
    bool swish = !strcmp(name, "hard_swish");
    vtc_value *lin = gte_op2(c, "arith.addf", gte_op2(c, "arith.mulf", gte_const(c, t, swish ? 1.0 / 6 : p[0]), x),
                             gte_const(c, t, swish ? 0.5 : p[1]));
    vtc_value *h = gte_op2(c, "arith.minimumf", gte_op2(c, "arith.maximumf", lin, zero), one);
    return swish ? gte_op2(c, "arith.mulf", x, h) : h;
  }
  if (!strcmp(name, "elu")) return gte_select(c, gte_cmpf(c, VTC_CMPF_OLT, x, zero), expm1_scaled(c, x, p[0]), x);
  if (!strcmp(name, "selu")) {
    vtc_value *v = gte_select(c, gte_cmpf(c, VTC_CMPF_OLE, x, zero), expm1_scaled(c, x, p[0]), x);
    return gte_op2(c, "arith.mulf", gte_const(c, t, p[1]), v);
  }
  if (!strcmp(name, "celu")) {
    vtc_value *e = expm1_scaled(c, gte_op2(c, "arith.divf", x, gte_const(c, t, p[0])), p[0]);
    return gte_op2(c, "arith.addf", gte_op2(c, "arith.maximumf", zero, x), gte_op2(c, "arith.minimumf", zero, e));
  }
  if (!strcmp(name, "leaky_relu"))
    return gte_select(c, gte_cmpf(c, VTC_CMPF_OLT, x, zero), gte_op2(c, "arith.mulf", gte_const(c, t, p[0]), x), x);
  if (!strcmp(name, "thresholded_relu")) return gte_select(c, gte_cmpf(c, VTC_CMPF_OGT, x, gte_const(c, t, p[0])), x, zero);
  if (!strcmp(name, "shrink")) {
    vtc_value *lo = gte_cmpf(c, VTC_CMPF_OLT, x, gte_const(c, t, -p[1]));
    vtc_value *hi = gte_cmpf(c, VTC_CMPF_OGT, x, gte_const(c, t, p[1]));
    vtc_value *bias = gte_const(c, t, p[0]);
    return gte_select(c, lo, gte_op2(c, "arith.addf", x, bias),
                      gte_select(c, hi, gte_op2(c, "arith.subf", x, bias), zero));
  }
  if (!strcmp(name, "not")) return gte_op2(c, "arith.xori", x, gte_const(c, t, 1));
  if (!strcmp(name, "is_nan")) return gte_cmpf(c, VTC_CMPF_UNO, x, x);
  if (!strcmp(name, "is_inf")) {
    const vtc_type *i1 = vtc_type_integer(c->L->ctx, 1);
    vtc_value *r = gte_const(c, i1, 0);
    if (p[1] != 0) r = gte_op2(c, "arith.ori", r, gte_cmpf(c, VTC_CMPF_OEQ, x, gte_const(c, t, INFINITY)));
    if (p[0] != 0) r = gte_op2(c, "arith.ori", r, gte_cmpf(c, VTC_CMPF_OEQ, x, gte_const(c, t, -INFINITY)));
    return r;
  }
#undef zero
#undef one
  return NULL;
}

/* One element of a unary op on x. */
static vtc_value *unary_body(gte_compute *c, const char *name, vtc_value *x, const double *p) {
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
  for (size_t i = 0; i < sizeof kMathUnary / sizeof kMathUnary[0]; i++)
    if (strcmp(name, kMathUnary[i][0]) == 0) return gte_op1(c, kMathUnary[i][1], x);
  return onnx_unary_body(c, name, x, p);
}

bool gte_lower_unary(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = x->type->element;
  vtc_unary_op u;
  vtc_dtype d;
  vtc_unary_params p;
  if (vtc_unary_op_from_name(short_name(op), &u) || !graph_unary_params(op, u, &p)) return false;
  if (!vtc_graph_dtype_of(el, &d) || !(vtc_unary_op_dtypes(u) & VTC_DTYPE_BIT(d)))
    return gte_fail(L, "unsupported element type");
  gte_shape s;
  if (!gte_shape_of(L, x, &s)) return false;
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &s, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  vtc_value *v = unary_body(&c, short_name(op), gte_load_broadcast(&c, 0), p.p);
  if (!v) v = gte_load_broadcast(&c, 0); /* unreachable: the table lists only the ops above */
  results[0] = gte_end(&c, v);
  return true;
}

/* The comparisons: {name, float predicate, integer predicate}. */
static const struct {
  const char *name;
  vtc_cmpf_predicate f;
  vtc_cmpi_predicate i;
} kCompare[] = {
    {"equal", VTC_CMPF_OEQ, VTC_CMPI_EQ},         {"less", VTC_CMPF_OLT, VTC_CMPI_SLT},
    {"less_equal", VTC_CMPF_OLE, VTC_CMPI_SLE},   {"greater", VTC_CMPF_OGT, VTC_CMPI_SGT},
    {"greater_equal", VTC_CMPF_OGE, VTC_CMPI_SGE},
};

/* An integer remainder with the kernels' guards: by 0 (and INT_MIN by -1,
 * where LLVM's srem is undefined) it is 0. */
static vtc_value *guarded_remsi(gte_compute *c, vtc_value *a, vtc_value *b) {
  const vtc_type *t = a->type;
  vtc_value *bad = gte_op2(c, "arith.ori", gte_cmpi(c, VTC_CMPI_EQ, b, gte_const(c, t, 0)),
                           gte_cmpi(c, VTC_CMPI_EQ, b, gte_const(c, t, -1)));
  vtc_value *r = gte_op2(c, "arith.remsi", a, gte_select(c, bad, gte_const(c, t, 1), b));
  return gte_select(c, bad, gte_const(c, t, 0), r);
}

/* ONNX's comparisons, logic, remainders and PRelu; NULL for another name. */
static vtc_value *onnx_binary_body(gte_compute *c, const char *name, vtc_value *a, vtc_value *b) {
  const vtc_type *t = a->type;
  bool fl = vtc_type_is_float(t);
  for (size_t i = 0; i < sizeof kCompare / sizeof kCompare[0]; i++)
    if (!strcmp(name, kCompare[i].name)) return fl ? gte_cmpf(c, kCompare[i].f, a, b) : gte_cmpi(c, kCompare[i].i, a, b);
  if (!strcmp(name, "and")) return gte_op2(c, "arith.andi", a, b);
  if (!strcmp(name, "or")) return gte_op2(c, "arith.ori", a, b);
  if (!strcmp(name, "xor")) return gte_op2(c, "arith.xori", a, b);
  if (strcmp(name, "prelu") && strcmp(name, "mod") && strcmp(name, "fmod")) return NULL;
  vtc_value *zero = gte_const(c, t, 0);
  if (!strcmp(name, "prelu"))
    return gte_select(c, gte_cmpf(c, VTC_CMPF_OLT, a, zero), gte_op2(c, "arith.mulf", b, a), a);
  vtc_value *r = fl ? gte_op2(c, "arith.remf", a, b) : guarded_remsi(c, a, b);
  if (!strcmp(name, "fmod")) return r;
  /* numpy.mod: a nonzero remainder whose sign differs from b's gets b added */
  vtc_value *nz = fl ? gte_cmpf(c, VTC_CMPF_ONE, r, zero) : gte_cmpi(c, VTC_CMPI_NE, r, zero);
  vtc_value *rneg = fl ? gte_cmpf(c, VTC_CMPF_OLT, r, zero) : gte_cmpi(c, VTC_CMPI_SLT, r, zero);
  vtc_value *bneg = fl ? gte_cmpf(c, VTC_CMPF_OLT, b, zero) : gte_cmpi(c, VTC_CMPI_SLT, b, zero);
  vtc_value *flip = gte_op2(c, "arith.andi", nz, gte_op2(c, "arith.xori", rneg, bneg));
  return gte_select(c, flip, gte_add(c, r, b), r);
}

/* One element of a binary op; the exponent of pow may have another type. */
static vtc_value *binary_body(gte_compute *c, const char *name, vtc_value *a, vtc_value *b) {
  const vtc_type *t = a->type;
  vtc_value *onnx = onnx_binary_body(c, name, a, b);
  if (onnx) return onnx;
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
