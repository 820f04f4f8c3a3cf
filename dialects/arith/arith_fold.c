/* Folding for the arith dialect, with MLIR's semantics: elementwise constant
 * folding over scalars and dense tensors (integers wrap at the type's width;
 * division by zero, signed division overflow and over-wide shifts are not
 * folded), and the identities MLIR's fold hooks apply (x+0, x*1, x*0, x-x,
 * x&x, x|0, x^x, shifts by 0, select of a constant, cmpi of equal operands,
 * ext(ext), trunc(ext), ...). Float math is computed in double and rounded to
 * the result type, which can differ from MLIR's single-precision libm calls
 * by an ulp for the transcendental functions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"

typedef union scalar {
  int64_t i;
  double f;
} scalar;

typedef struct fold_ctx {
  vtc_arith_opcode code;
  const vtc_type *in_elem, *out_elem;
  unsigned win, wout;
  int64_t pred;
} fold_ctx;

static unsigned width_of(const vtc_type *elem) {
  return elem->kind == VTC_TYPE_INTEGER ? elem->width : vtc_type_bit_width(elem);
}

/* v as a w-bit two's complement number, sign-extended (i1 true is -1). */
static int64_t sext(unsigned w, int64_t v) {
  if (w == 0 || w >= 64) return v;
  uint64_t m = UINT64_C(1) << (w - 1);
  uint64_t u = (uint64_t)v & ((m << 1) - 1);
  return (int64_t)((u ^ m) - m);
}

static uint64_t zext(unsigned w, int64_t v) {
  return w == 0 || w >= 64 ? (uint64_t)v : (uint64_t)v & ((UINT64_C(1) << w) - 1);
}

static int64_t smin(unsigned w) { return w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1)); }
static int64_t smax(unsigned w) { return w >= 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1; }

/* ---- constants ------------------------------------------------------------ */

static bool is_const(const vtc_attr *a) {
  return a && (a->kind == VTC_ATTR_INTEGER || a->kind == VTC_ATTR_FLOAT ||
               a->kind == VTC_ATTR_DENSE);
}

bool vtc_arith_const_int(const vtc_attr *a, int64_t *value) {
  if (!a) return false;
  if (a->kind == VTC_ATTR_INTEGER) {
    *value = a->i;
    return true;
  }
  if (a->kind == VTC_ATTR_DENSE && a->splat && !vtc_type_is_float(a->type->element)) {
    *value = vtc_dense_get_i64(a, 0);
    return true;
  }
  return false;
}

bool vtc_arith_const_float(const vtc_attr *a, double *value) {
  if (!a) return false;
  if (a->kind == VTC_ATTR_FLOAT) {
    *value = a->f;
    return true;
  }
  if (a->kind == VTC_ATTR_DENSE && a->splat && vtc_type_is_float(a->type->element)) {
    *value = vtc_dense_get_f64(a, 0);
    return true;
  }
  return false;
}

static int64_t count_of(const vtc_attr *a) {
  return a->kind == VTC_ATTR_DENSE && !a->splat ? vtc_dense_num_elements(a) : 1;
}

static scalar elem_at(const vtc_attr *a, int64_t i, bool is_float) {
  scalar s;
  int64_t idx = a->kind == VTC_ATTR_DENSE && !a->splat ? i : 0;
  switch (a->kind) {
  case VTC_ATTR_FLOAT: s.f = a->f; break;
  case VTC_ATTR_DENSE:
    if (is_float) s.f = vtc_dense_get_f64(a, idx);
    else s.i = vtc_dense_get_i64(a, idx);
    break;
  default:
    if (is_float) s.f = (double)a->i;
    else s.i = a->i;
    break;
  }
  return s;
}

/* A constant of `type` from n values (n == 1: a scalar or a splat). */
static const vtc_attr *make_attr(vtc_context *ctx, const vtc_type *type, const scalar *vals, int64_t n,
                                 bool is_float) {
  if (type->kind != VTC_TYPE_TENSOR) {
    if (n != 1) return NULL;
    return is_float ? vtc_attr_float(ctx, type, vals[0].f) : vtc_attr_integer(ctx, type, vals[0].i);
  }
  if (!vtc_tensor_has_static_shape(type)) return NULL;
  int64_t total = vtc_tensor_num_elements(type);
  if (n != 1 && n != total) return NULL;
  const vtc_type *e = type->element;
  size_t es = vtc_dense_element_size(e);
  unsigned char *buf = vtc_xcalloc((size_t)n, es);
  for (int64_t i = 0; i < n; i++) {
    /* One NaN (positive, quiet), as APFloat's results and vtc_attr_float. */
    double f = is_float && isnan(vals[i].f) ? NAN : is_float ? vals[i].f : 0;
    vtc_dense_store(e, buf + (size_t)i * es, f, is_float ? 0 : vals[i].i);
  }
  bool splat = true; /* as MLIR's DenseElementsAttr::get: equal elements make a splat */
  for (int64_t i = 1; i < n && splat; i++) splat = memcmp(buf, buf + (size_t)i * es, es) == 0;
  const vtc_attr *a = vtc_attr_dense(ctx, type, splat, buf, splat ? es : (size_t)n * es);
  free(buf);
  return a;
}

static const vtc_attr *make_scalar(vtc_context *ctx, const vtc_type *type, int64_t i, double f) {
  scalar s;
  bool fl = vtc_type_is_float(vtc_type_element(type));
  if (fl) s.f = f;
  else s.i = i;
  return make_attr(ctx, type, &s, 1, fl);
}

/* ---- elementwise evaluation ---------------------------------------------------- */

static double maximum(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0 && b == 0) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static double minimum(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0 && b == 0) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static double maxnum(double a, double b) { return isnan(a) ? b : isnan(b) ? a : maximum(a, b); }
static double minnum(double a, double b) { return isnan(a) ? b : isnan(b) ? a : minimum(a, b); }

static bool eval_int(const fold_ctx *fc, int64_t a, int64_t b, int64_t *out) {
  unsigned w = fc->win;
  uint64_t ua = zext(w, a), ub = zext(w, b);
  switch (fc->code) {
  case VTC_ARITH_ADDI: *out = (int64_t)((uint64_t)a + (uint64_t)b); return true;
  case VTC_ARITH_SUBI: *out = (int64_t)((uint64_t)a - (uint64_t)b); return true;
  case VTC_ARITH_MULI: *out = (int64_t)((uint64_t)a * (uint64_t)b); return true;
  case VTC_ARITH_DIVSI:
    if (b == 0 || (a == smin(w) && b == -1)) return false;
    *out = a / b;
    return true;
  case VTC_ARITH_DIVUI:
    if (ub == 0) return false;
    *out = (int64_t)(ua / ub);
    return true;
  case VTC_ARITH_REMSI:
    if (b == 0) return false;
    *out = b == -1 ? 0 : a % b;
    return true;
  case VTC_ARITH_REMUI:
    if (ub == 0) return false;
    *out = (int64_t)(ua % ub);
    return true;
  case VTC_ARITH_FLOORDIVSI:
  case VTC_ARITH_CEILDIVSI: {
    if (b == 0 || (a == smin(w) && b == -1)) return false;
    /* MLIR's ceildivsi folder negates negative inputs first and gives up
     * when that overflows. */
    if (fc->code == VTC_ARITH_CEILDIVSI && a != 0 && (a == smin(w) || b == smin(w))) return false;
    int64_t q = a / b;
    bool exact = a % b == 0, same_sign = (a < 0) == (b < 0);
    if (!exact && fc->code == VTC_ARITH_FLOORDIVSI && !same_sign) q--;
    if (!exact && fc->code == VTC_ARITH_CEILDIVSI && same_sign) q++;
    *out = q;
    return true;
  }
  case VTC_ARITH_CEILDIVUI:
    if (ub == 0) return false;
    *out = (int64_t)(ua / ub + (ua % ub != 0));
    return true;
  case VTC_ARITH_ANDI: *out = a & b; return true;
  case VTC_ARITH_ORI: *out = a | b; return true;
  case VTC_ARITH_XORI: *out = a ^ b; return true;
  case VTC_ARITH_SHLI:
    if (ub >= w) return false;
    *out = (int64_t)((uint64_t)a << ub);
    return true;
  case VTC_ARITH_SHRSI:
    if (ub >= w) return false;
    *out = a < 0 ? ~(~a >> ub) : a >> ub;
    return true;
  case VTC_ARITH_SHRUI:
    if (ub >= w) return false;
    *out = (int64_t)(ua >> ub);
    return true;
  case VTC_ARITH_MAXSI: *out = a > b ? a : b; return true;
  case VTC_ARITH_MINSI: *out = a < b ? a : b; return true;
  case VTC_ARITH_MAXUI: *out = ua > ub ? a : b; return true;
  case VTC_ARITH_MINUI: *out = ua < ub ? a : b; return true;
  case VTC_ARITH_ABSI: *out = a < 0 ? (int64_t)(UINT64_C(0) - (uint64_t)a) : a; return true;
  case VTC_ARITH_CMPI:
    switch (fc->pred) {
    case VTC_CMPI_EQ: *out = a == b; return true;
    case VTC_CMPI_NE: *out = a != b; return true;
    case VTC_CMPI_SLT: *out = a < b; return true;
    case VTC_CMPI_SLE: *out = a <= b; return true;
    case VTC_CMPI_SGT: *out = a > b; return true;
    case VTC_CMPI_SGE: *out = a >= b; return true;
    case VTC_CMPI_ULT: *out = ua < ub; return true;
    case VTC_CMPI_ULE: *out = ua <= ub; return true;
    case VTC_CMPI_UGT: *out = ua > ub; return true;
    case VTC_CMPI_UGE: *out = ua >= ub; return true;
    default: return false;
    }
  default: return false;
  }
}

static bool eval_cmpf(int64_t pred, double a, double b, int64_t *out) {
  bool u = isnan(a) || isnan(b);
  switch (pred) {
  case VTC_CMPF_FALSE: *out = 0; return true;
  case VTC_CMPF_OEQ: *out = !u && a == b; return true;
  case VTC_CMPF_OGT: *out = !u && a > b; return true;
  case VTC_CMPF_OGE: *out = !u && a >= b; return true;
  case VTC_CMPF_OLT: *out = !u && a < b; return true;
  case VTC_CMPF_OLE: *out = !u && a <= b; return true;
  case VTC_CMPF_ONE: *out = !u && a != b; return true;
  case VTC_CMPF_ORD: *out = !u; return true;
  case VTC_CMPF_UEQ: *out = u || a == b; return true;
  case VTC_CMPF_UGT: *out = u || a > b; return true;
  case VTC_CMPF_UGE: *out = u || a >= b; return true;
  case VTC_CMPF_ULT: *out = u || a < b; return true;
  case VTC_CMPF_ULE: *out = u || a <= b; return true;
  case VTC_CMPF_UNE: *out = u || a != b; return true;
  case VTC_CMPF_UNO: *out = u; return true;
  case VTC_CMPF_TRUE: *out = 1; return true;
  default: return false;
  }
}

static bool eval_float(vtc_arith_opcode code, double a, double b, double *out) {
  switch (code) {
  case VTC_ARITH_ADDF: *out = a + b; return true;
  case VTC_ARITH_SUBF: *out = a - b; return true;
  case VTC_ARITH_MULF: *out = a * b; return true;
  case VTC_ARITH_DIVF: *out = a / b; return true;
  case VTC_ARITH_REMF: *out = fmod(a, b); return true;
  case VTC_ARITH_MAXIMUMF: *out = maximum(a, b); return true;
  case VTC_ARITH_MINIMUMF: *out = minimum(a, b); return true;
  case VTC_ARITH_MAXNUMF: *out = maxnum(a, b); return true;
  case VTC_ARITH_MINNUMF: *out = minnum(a, b); return true;
  case VTC_ARITH_POWF: *out = pow(a, b); return true;
  case VTC_ARITH_NEGF: *out = -a; return true;
  case VTC_ARITH_EXP: *out = exp(a); return true;
  case VTC_ARITH_LOG: /* as MLIR's math folders: negative inputs are left alone */
    if (a < 0) return false;
    *out = log(a);
    return true;
  case VTC_ARITH_TANH: *out = tanh(a); return true;
  case VTC_ARITH_ERF: *out = erf(a); return true;
  case VTC_ARITH_SQRT:
    if (a < 0) return false;
    *out = sqrt(a);
    return true;
  case VTC_ARITH_RSQRT:
    if (a < 0) return false;
    *out = 1.0 / sqrt(a);
    return true;
  case VTC_ARITH_ABSF: *out = fabs(a); return true;
  case VTC_ARITH_SIGMOID: *out = 1.0 / (1.0 + exp(-a)); return true;
  default: return false;
  }
}

/* The bits of a scalar of element type e. */
static uint64_t bits_of(const vtc_type *e, scalar v, unsigned w) {
  switch (e->kind) {
  case VTC_TYPE_F16: return vtc_f16_from_double(v.f);
  case VTC_TYPE_BF16: return vtc_bf16_from_double(v.f);
  case VTC_TYPE_F32: {
    float f = (float)v.f;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  case VTC_TYPE_F64: {
    uint64_t u;
    memcpy(&u, &v.f, 8);
    return u;
  }
  default: return zext(w, v.i);
  }
}

static bool eval_cast(const fold_ctx *fc, scalar in, scalar *out) {
  unsigned wi = fc->win, wo = fc->wout;
  switch (fc->code) {
  case VTC_ARITH_EXTSI:
  case VTC_ARITH_INDEX_CAST: out->i = sext(wi, in.i); return true;
  case VTC_ARITH_EXTUI:
  case VTC_ARITH_INDEX_CASTUI: out->i = (int64_t)zext(wi, in.i); return true;
  case VTC_ARITH_TRUNCI: out->i = in.i; return true;
  case VTC_ARITH_EXTF:
  case VTC_ARITH_TRUNCF: out->f = in.f; return true;
  case VTC_ARITH_SITOFP: out->f = (double)sext(wi, in.i); return true;
  case VTC_ARITH_UITOFP: out->f = (double)zext(wi, in.i); return true;
  case VTC_ARITH_FPTOSI: {
    if (!isfinite(in.f)) return false;
    double t = trunc(in.f);
    if (wo >= 64 ? !(t >= -9223372036854775808.0 && t < 9223372036854775808.0)
                 : !(t >= (double)smin(wo) && t <= (double)smax(wo)))
      return false;
    out->i = (int64_t)t;
    return true;
  }
  case VTC_ARITH_FPTOUI: {
    if (!isfinite(in.f)) return false;
    double t = trunc(in.f);
    if (!(t >= 0) || (wo >= 64 ? t >= 18446744073709551616.0 : t > (double)zext(wo, -1))) return false;
    out->i = (int64_t)(uint64_t)t;
    return true;
  }
  case VTC_ARITH_BITCAST: {
    uint64_t bits = bits_of(fc->in_elem, in, wi);
    switch (fc->out_elem->kind) {
    case VTC_TYPE_F16: out->f = vtc_f16_to_double((uint16_t)bits); break;
    case VTC_TYPE_BF16: out->f = vtc_bf16_to_double((uint16_t)bits); break;
    case VTC_TYPE_F32: {
      uint32_t u = (uint32_t)bits;
      float f;
      memcpy(&f, &u, 4);
      out->f = f;
      break;
    }
    case VTC_TYPE_F64: memcpy(&out->f, &bits, 8); break;
    default: out->i = (int64_t)bits; return true;
    }
    return !isnan(out->f); /* NaN payloads do not survive our float attributes */
  }
  default: return false;
  }
}

static bool is_cast(vtc_arith_opcode c) { return c >= VTC_ARITH_EXTSI && c <= VTC_ARITH_BITCAST; }
static bool is_float_op(vtc_arith_opcode c) {
  return (c >= VTC_ARITH_ADDF && c <= VTC_ARITH_NEGF) || (c >= VTC_ARITH_POWF && c <= VTC_ARITH_SIGMOID);
}

static bool eval(const fold_ctx *fc, const scalar *in, scalar *out) {
  vtc_arith_opcode c = fc->code;
  if (c == VTC_ARITH_SELECT) {
    *out = in[0].i ? in[1] : in[2];
    return true;
  }
  if (c == VTC_ARITH_CMPF) return eval_cmpf(fc->pred, in[0].f, in[1].f, &out->i);
  if (is_cast(c)) return eval_cast(fc, in[0], out);
  if (is_float_op(c)) return eval_float(c, in[0].f, in[1].f, &out->f);
  unsigned w = fc->win;
  return eval_int(fc, sext(w, in[0].i), sext(w, in[1].i), &out->i);
}

/* Folds an op of opcode fc->code over constant operands c[0..n). */
static const vtc_attr *fold_constants(vtc_context *ctx, const fold_ctx *fc, const vtc_type *result_type,
                                      const vtc_attr *const *c, unsigned n) {
  bool in_float[3] = {false, false, false};
  for (unsigned k = 0; k < n; k++) {
    in_float[k] = vtc_type_is_float(fc->in_elem);
    if (fc->code == VTC_ARITH_SELECT) in_float[k] = k > 0 && vtc_type_is_float(fc->out_elem);
  }
  bool out_float = vtc_type_is_float(fc->out_elem);
  int64_t count = 1;
  for (unsigned k = 0; k < n; k++) {
    int64_t ck = count_of(c[k]);
    if (ck == 1) continue;
    if (count != 1 && count != ck) return NULL;
    count = ck;
  }
  scalar *vals = vtc_xcalloc((size_t)count, sizeof *vals);
  scalar in[3];
  memset(in, 0, sizeof in);
  bool ok = true;
  for (int64_t i = 0; i < count && ok; i++) {
    for (unsigned k = 0; k < n; k++) in[k] = elem_at(c[k], i, in_float[k]);
    ok = eval(fc, in, &vals[i]);
  }
  const vtc_attr *a = ok ? make_attr(ctx, result_type, vals, count, out_float) : NULL;
  free(vals);
  return a;
}

static fold_ctx make_fold_ctx(vtc_arith_opcode code, const vtc_type *in, const vtc_type *out, int64_t pred) {
  fold_ctx fc;
  fc.code = code;
  fc.in_elem = vtc_type_element(in);
  fc.out_elem = vtc_type_element(out);
  fc.win = width_of(fc.in_elem);
  fc.wout = width_of(fc.out_elem);
  fc.pred = pred;
  return fc;
}

const vtc_attr *vtc_arith_fold_binary(vtc_context *ctx, vtc_arith_opcode opcode, const vtc_type *result_type,
                                      const vtc_attr *lhs, const vtc_attr *rhs) {
  if (!is_const(lhs) || !is_const(rhs)) return NULL;
  fold_ctx fc = make_fold_ctx(opcode, result_type, result_type, 0);
  const vtc_attr *c[2] = {lhs, rhs};
  return fold_constants(ctx, &fc, result_type, c, 2);
}

/* ---- identities --------------------------------------------------------------- */

static vtc_op *def_of(vtc_value *v, vtc_arith_opcode code) {
  return v->def_op && vtc_arith_opcode_of(v->def_op) == (int)code ? v->def_op : NULL;
}

static bool int_is(const vtc_attr *a, unsigned w, int64_t v) {
  int64_t x;
  return vtc_arith_const_int(a, &x) && sext(w, x) == sext(w, v);
}

static bool float_is(const vtc_attr *a, double v) {
  double x;
  return vtc_arith_const_float(a, &x) && x == v && signbit(x) == signbit(v);
}

typedef struct simplified {
  vtc_value *value;
  const vtc_attr *attr;
  bool in_place;
} simplified;

static bool simplify(vtc_op *op, vtc_arith_opcode code, const vtc_attr *const *c, simplified *s) {
  vtc_context *ctx = vtc_op_context(op);
  vtc_value *res = vtc_op_result(op, 0);
  const vtc_type *rt = res->type;
  vtc_value *x = op->num_operands > 0 ? vtc_op_operand(op, 0) : NULL;
  vtc_value *y = op->num_operands > 1 ? vtc_op_operand(op, 1) : NULL;
  unsigned w = width_of(vtc_type_element(rt));
  const vtc_attr *cy = op->num_operands > 1 ? c[1] : NULL;
  vtc_op *d;
  switch (code) {
  case VTC_ARITH_ADDI:
    if (int_is(cy, w, 0)) return (s->value = x);
    if ((d = def_of(x, VTC_ARITH_SUBI)) && vtc_op_operand(d, 1) == y) return (s->value = vtc_op_operand(d, 0));
    if ((d = def_of(y, VTC_ARITH_SUBI)) && vtc_op_operand(d, 1) == x) return (s->value = vtc_op_operand(d, 0));
    return false;
  case VTC_ARITH_SUBI:
    if (x == y) return (s->attr = make_scalar(ctx, rt, 0, 0));
    if (int_is(cy, w, 0)) return (s->value = x);
    if ((d = def_of(x, VTC_ARITH_ADDI)) && vtc_op_operand(d, 1) == y) return (s->value = vtc_op_operand(d, 0));
    if ((d = def_of(x, VTC_ARITH_ADDI)) && vtc_op_operand(d, 0) == y) return (s->value = vtc_op_operand(d, 1));
    return false;
  case VTC_ARITH_MULI:
    if (int_is(cy, w, 0)) return (s->attr = cy);
    if (int_is(cy, w, 1)) return (s->value = x);
    return false;
  case VTC_ARITH_DIVSI:
  case VTC_ARITH_DIVUI:
  case VTC_ARITH_FLOORDIVSI:
  case VTC_ARITH_CEILDIVSI:
  case VTC_ARITH_CEILDIVUI:
    return int_is(cy, w, 1) && (s->value = x);
  case VTC_ARITH_REMSI:
  case VTC_ARITH_REMUI:
    return int_is(cy, w, 1) && (s->attr = make_scalar(ctx, rt, 0, 0));
  case VTC_ARITH_ANDI:
    if (x == y || int_is(cy, w, -1)) return (s->value = x);
    if (int_is(cy, w, 0)) return (s->attr = cy);
    return false;
  case VTC_ARITH_ORI:
    if (x == y || int_is(cy, w, 0)) return (s->value = x);
    if (int_is(cy, w, -1)) return (s->attr = cy);
    return false;
  case VTC_ARITH_XORI:
    if (x == y) return (s->attr = make_scalar(ctx, rt, 0, 0));
    if (int_is(cy, w, 0)) return (s->value = x);
    return false;
  case VTC_ARITH_SHLI:
  case VTC_ARITH_SHRSI:
  case VTC_ARITH_SHRUI:
    return int_is(cy, w, 0) && (s->value = x);
  case VTC_ARITH_MAXSI:
    if (x == y || int_is(cy, w, smin(w))) return (s->value = x);
    return int_is(cy, w, smax(w)) && (s->attr = cy);
  case VTC_ARITH_MINSI:
    if (x == y || int_is(cy, w, smax(w))) return (s->value = x);
    return int_is(cy, w, smin(w)) && (s->attr = cy);
  case VTC_ARITH_MAXUI:
    if (x == y || int_is(cy, w, 0)) return (s->value = x);
    return int_is(cy, w, -1) && (s->attr = cy);
  case VTC_ARITH_MINUI:
    if (x == y || int_is(cy, w, -1)) return (s->value = x);
    return int_is(cy, w, 0) && (s->attr = cy);
  case VTC_ARITH_ADDF: return float_is(cy, -0.0) && (s->value = x);
  case VTC_ARITH_SUBF: return float_is(cy, 0.0) && (s->value = x);
  case VTC_ARITH_MULF:
  case VTC_ARITH_DIVF: return float_is(cy, 1.0) && (s->value = x);
  case VTC_ARITH_MAXIMUMF:
  case VTC_ARITH_MAXNUMF: return (x == y || float_is(cy, -INFINITY)) && (s->value = x);
  case VTC_ARITH_MINIMUMF:
  case VTC_ARITH_MINNUMF: return (x == y || float_is(cy, INFINITY)) && (s->value = x);
  case VTC_ARITH_NEGF: return (d = def_of(x, VTC_ARITH_NEGF)) && (s->value = vtc_op_operand(d, 0));
  case VTC_ARITH_SELECT: {
    vtc_value *z = vtc_op_operand(op, 2);
    int64_t cond;
    if (vtc_arith_const_int(c[0], &cond)) return (s->value = cond ? y : z);
    if (y == z) return (s->value = y);
    if (vtc_type_is_integer(rt, 1) && x->type == rt && int_is(c[1], 1, 1) && int_is(c[2], 1, 0))
      return (s->value = x);
    return false;
  }
  case VTC_ARITH_CMPI: {
    if (x != y) return false;
    int64_t p = vtc_op_get_int_attr(op, "predicate", -1);
    bool t = p == VTC_CMPI_EQ || p == VTC_CMPI_SLE || p == VTC_CMPI_SGE || p == VTC_CMPI_ULE || p == VTC_CMPI_UGE;
    return (s->attr = make_scalar(ctx, rt, t, 0));
  }
  case VTC_ARITH_EXTSI:
  case VTC_ARITH_EXTUI:
    /* ext(ext(a)) -> ext(a), in place, as MLIR's fold. */
    if ((d = def_of(x, code))) {
      vtc_op_set_operand(op, 0, vtc_op_operand(d, 0));
      return (s->in_place = true);
    }
    return false;
  case VTC_ARITH_TRUNCI:
    if ((d = def_of(x, VTC_ARITH_EXTSI)) || (d = def_of(x, VTC_ARITH_EXTUI))) {
      vtc_value *src = vtc_op_operand(d, 0);
      if (src->type == rt) return (s->value = src); /* trunci(ext(a)) -> a */
      if (width_of(vtc_type_element(src->type)) > w) { /* trunci(ext(a)) -> trunci(a) */
        vtc_op_set_operand(op, 0, src);
        return (s->in_place = true);
      }
      return false;
    }
    if ((d = def_of(x, VTC_ARITH_TRUNCI))) { /* trunci(trunci(a)) -> trunci(a) */
      vtc_op_set_operand(op, 0, vtc_op_operand(d, 0));
      return (s->in_place = true);
    }
    return false;
  case VTC_ARITH_BITCAST:
    if (x->type == rt) return (s->value = x);
    return (d = def_of(x, VTC_ARITH_BITCAST)) && vtc_op_operand(d, 0)->type == rt &&
           (s->value = vtc_op_operand(d, 0));
  default: return false;
  }
}

/* ---- the hook ------------------------------------------------------------------- */

bool vtc_arith_fold(vtc_op *op, const vtc_attr *const *operand_constants, vtc_fold_result *results) {
  int code = vtc_arith_opcode_of(op);
  if (code < 0 || code == VTC_ARITH_CONSTANT || op->num_results != 1 || op->num_operands > 3) return false;
  unsigned n = op->num_operands;
  const vtc_attr *c[3] = {NULL, NULL, NULL};
  for (unsigned i = 0; i < n; i++) c[i] = operand_constants && is_const(operand_constants[i]) ? operand_constants[i] : NULL;
  vtc_value *res = vtc_op_result(op, 0);

  /* Commutative ops keep constants on the right (in place), as MLIR. */
  bool swapped = false;
  if (n == 2 && vtc_op_has_trait(op, VTC_TRAIT_COMMUTATIVE) && c[0] && !c[1]) {
    vtc_value *ops[2] = {vtc_op_operand(op, 1), vtc_op_operand(op, 0)};
    vtc_op_set_operands(op, 2, ops);
    c[1] = c[0];
    c[0] = NULL;
    swapped = true;
  }

  bool all_const = n > 0;
  for (unsigned i = 0; i < n; i++) all_const &= c[i] != NULL;
  if (all_const) {
    int64_t pred = vtc_op_get_int_attr(op, "predicate", 0);
    const vtc_type *in = code == VTC_ARITH_SELECT ? vtc_op_operand(op, 1)->type : vtc_op_operand(op, 0)->type;
    fold_ctx fc = make_fold_ctx((vtc_arith_opcode)code, in, res->type, pred);
    const vtc_attr *a = fold_constants(vtc_op_context(op), &fc, res->type, c, n);
    if (a) {
      results[0].attr = a;
      results[0].value = NULL;
      return true;
    }
  }

  simplified s = {NULL, NULL, false};
  if (simplify(op, (vtc_arith_opcode)code, c, &s) && !s.in_place && (s.value || s.attr)) {
    results[0].value = s.value;
    results[0].attr = s.value ? NULL : s.attr;
    return true;
  }
  if (s.in_place || swapped) {
    results[0].value = res;
    results[0].attr = NULL;
    return true;
  }
  return false;
}
