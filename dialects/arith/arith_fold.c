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

#include "dialects/arith/arith_eval.h"

typedef vtc_arith_scalar scalar;

typedef struct fold_ctx {
  vtc_arith_opcode code;
  const vtc_type *in_elem, *out_elem;
  int64_t pred;
} fold_ctx;

#define width_of vtc_arith_width
#define sext vtc_arith_sext
#define smin vtc_arith_smin
#define smax vtc_arith_smax

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
  scalar s = {0, 0};
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
  scalar s = {0, 0};
  bool fl = vtc_type_is_float(vtc_type_element(type));
  if (fl) s.f = f;
  else s.i = i;
  return make_attr(ctx, type, &s, 1, fl);
}

/* ---- elementwise evaluation (arith_eval.c, in FOLD mode) ------------------------ */

static bool eval(const fold_ctx *fc, const scalar *in, scalar *out) {
  return vtc_arith_eval(fc->code, fc->in_elem, fc->out_elem, fc->pred, VTC_ARITH_EVAL_FOLD, in, out, NULL);
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
