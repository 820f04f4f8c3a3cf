/* Element-wise reference kernels: unary math, broadcasting binary
 * arithmetic, where and cast. Each op is a row of a table holding its scalar
 * function in double and the dtypes it accepts. */
#include "dialects/graph/kernels.h"

#include <math.h>
#include <string.h>

/* ---- scalar functions --------------------------------------------------- */

/* `x < 0` rather than `x > 0` so that NaN passes through, as in numpy. */
static double f_relu(double x, const double *p) { (void)p; return x < 0 ? 0 : x; }
static double f_gelu(double x, const double *p) { (void)p; return 0.5 * x * (1.0 + erf(x / sqrt(2.0))); }
static double f_sigmoid(double x, const double *p) { (void)p; return 1.0 / (1.0 + exp(-x)); }
static double f_silu(double x, const double *p) { return x * f_sigmoid(x, p); }
static double f_rsqrt(double x, const double *p) { (void)p; return 1.0 / sqrt(x); }
static double f_neg(double x, const double *p) { (void)p; return -x; }
static double f_recip(double x, const double *p) { (void)p; return 1.0 / x; }
/* The current rounding mode is to nearest, ties to even (ONNX Round). */
static double f_round(double x, const double *p) { (void)p; return nearbyint(x); }
static double f_sign(double x, const double *p) { (void)p; return x > 0 ? 1 : x < 0 ? -1 : x; }
static double f_softplus(double x, const double *p) { (void)p; return fmax(x, 0) + log1p(exp(-fabs(x))); }
static double f_softsign(double x, const double *p) { (void)p; return x / (1 + fabs(x)); }
static double f_hard_sigmoid(double x, const double *p) { return fmax(0, fmin(1, p[0] * x + p[1])); }
static double f_hard_swish(double x, const double *p) { (void)p; return x * fmax(0, fmin(1, x / 6 + 0.5)); }
static double f_elu(double x, const double *p) { return x < 0 ? p[0] * (exp(x) - 1) : x; }
static double f_selu(double x, const double *p) { return p[1] * (x <= 0 ? p[0] * (exp(x) - 1) : x); }
static double f_celu(double x, const double *p) { return fmax(0, x) + fmin(0, p[0] * (exp(x / p[0]) - 1)); }
static double f_leaky_relu(double x, const double *p) { return x < 0 ? p[0] * x : x; }
static double f_thresholded_relu(double x, const double *p) { return x > p[0] ? x : 0; }
static double f_shrink(double x, const double *p) { return x < -p[1] ? x + p[0] : x > p[1] ? x - p[0] : 0; }
static double f_not(double x, const double *p) { (void)p; return x == 0; }
static double f_is_nan(double x, const double *p) { (void)p; return isnan(x); }
static double f_is_inf(double x, const double *p) { return isinf(x) && (x < 0 ? p[0] != 0 : p[1] != 0); }

/* libm's one-argument functions, as unary functions with parameters. */
#define LIBM(fn) \
  static double f_##fn(double x, const double *p) { (void)p; return fn(x); }
LIBM(tanh) LIBM(exp) LIBM(log) LIBM(sqrt) LIBM(erf) LIBM(fabs) LIBM(floor) LIBM(ceil) LIBM(sin) LIBM(cos) LIBM(tan)
LIBM(asin) LIBM(acos) LIBM(atan) LIBM(sinh) LIBM(cosh) LIBM(asinh) LIBM(acosh) LIBM(atanh)
#undef LIBM

static double f_add(double a, double b) { return a + b; }
static double f_sub(double a, double b) { return a - b; }
static double f_mul(double a, double b) { return a * b; }
static double f_div(double a, double b) { return a / b; }
/* fmax/fmin would drop NaN; numpy's maximum/minimum and ONNX keep it. */
static double f_max(double a, double b) { return (a != a || b != b) ? NAN : a > b ? a : b; }
static double f_min(double a, double b) { return (a != a || b != b) ? NAN : a < b ? a : b; }
static double f_eq(double a, double b) { return a == b; }
static double f_lt(double a, double b) { return a < b; }
static double f_le(double a, double b) { return a <= b; }
static double f_gt(double a, double b) { return a > b; }
static double f_ge(double a, double b) { return a >= b; }
static double f_and(double a, double b) { return a != 0 && b != 0; }
static double f_or(double a, double b) { return a != 0 || b != 0; }
static double f_xor(double a, double b) { return (a != 0) != (b != 0); }
/* numpy.mod: the sign of the divisor. */
static double f_mod(double a, double b) {
  double r = fmod(a, b);
  return r != 0 && (r < 0) != (b < 0) ? r + b : r;
}
static double f_prelu(double a, double b) { return a < 0 ? b * a : a; }

#define FLOAT VTC_DTYPES_FLOAT
#define NUMERIC VTC_DTYPES_NUMERIC
#define BOOL VTC_DTYPE_BIT(VTC_I1)

/* One row per unary op: its function, dtypes, whether it gives i1, and its
 * parameters (ONNX attribute names and defaults). */
typedef struct unary_def {
  double (*fn)(double, const double *);
  unsigned dtypes;
  bool predicate;
  const char *param[2];
  double dflt[2];
} unary_def;

static const unary_def UNARY[VTC_UNARY_COUNT] = {
    [VTC_UNARY_RELU] = {f_relu, NUMERIC},
    [VTC_UNARY_GELU] = {f_gelu, FLOAT},
    [VTC_UNARY_SILU] = {f_silu, FLOAT},
    [VTC_UNARY_SIGMOID] = {f_sigmoid, FLOAT},
    [VTC_UNARY_TANH] = {f_tanh, FLOAT},
    [VTC_UNARY_EXP] = {f_exp, FLOAT},
    [VTC_UNARY_LOG] = {f_log, FLOAT},
    [VTC_UNARY_SQRT] = {f_sqrt, FLOAT},
    [VTC_UNARY_RSQRT] = {f_rsqrt, FLOAT},
    [VTC_UNARY_ERF] = {f_erf, FLOAT},
    [VTC_UNARY_NEG] = {f_neg, NUMERIC},
    [VTC_UNARY_ABS] = {f_fabs, NUMERIC},
    [VTC_UNARY_RECIPROCAL] = {f_recip, FLOAT},
    [VTC_UNARY_FLOOR] = {f_floor, FLOAT},
    [VTC_UNARY_CEIL] = {f_ceil, FLOAT},
    [VTC_UNARY_ROUND] = {f_round, FLOAT},
    [VTC_UNARY_SIN] = {f_sin, FLOAT},
    [VTC_UNARY_COS] = {f_cos, FLOAT},
    [VTC_UNARY_TAN] = {f_tan, FLOAT},
    [VTC_UNARY_ASIN] = {f_asin, FLOAT},
    [VTC_UNARY_ACOS] = {f_acos, FLOAT},
    [VTC_UNARY_ATAN] = {f_atan, FLOAT},
    [VTC_UNARY_SINH] = {f_sinh, FLOAT},
    [VTC_UNARY_COSH] = {f_cosh, FLOAT},
    [VTC_UNARY_ASINH] = {f_asinh, FLOAT},
    [VTC_UNARY_ACOSH] = {f_acosh, FLOAT},
    [VTC_UNARY_ATANH] = {f_atanh, FLOAT},
    [VTC_UNARY_SIGN] = {f_sign, NUMERIC},
    [VTC_UNARY_SOFTPLUS] = {f_softplus, FLOAT},
    [VTC_UNARY_SOFTSIGN] = {f_softsign, FLOAT},
    [VTC_UNARY_HARD_SWISH] = {f_hard_swish, FLOAT},
    [VTC_UNARY_HARD_SIGMOID] = {f_hard_sigmoid, FLOAT, false, {"alpha", "beta"}, {0.2, 0.5}},
    [VTC_UNARY_ELU] = {f_elu, FLOAT, false, {"alpha"}, {1.0}},
    [VTC_UNARY_SELU] = {f_selu, FLOAT, false, {"alpha", "gamma"},
                        {1.67326319217681884765625, 1.05070102214813232421875}},
    [VTC_UNARY_CELU] = {f_celu, FLOAT, false, {"alpha"}, {1.0}},
    [VTC_UNARY_LEAKY_RELU] = {f_leaky_relu, FLOAT, false, {"alpha"}, {0.01}},
    [VTC_UNARY_THRESHOLDED_RELU] = {f_thresholded_relu, FLOAT, false, {"alpha"}, {1.0}},
    [VTC_UNARY_SHRINK] = {f_shrink, FLOAT, false, {"bias", "lambd"}, {0.0, 0.5}},
    [VTC_UNARY_NOT] = {f_not, BOOL},
    [VTC_UNARY_IS_NAN] = {f_is_nan, FLOAT, true},
    [VTC_UNARY_IS_INF] = {f_is_inf, FLOAT, true, {"detect_negative", "detect_positive"}, {1, 1}},
};

typedef struct binary_def {
  double (*fn)(double, double);
  unsigned dtypes;
  bool predicate;
} binary_def;

static const binary_def BINARY[VTC_BINARY_COUNT] = {
    [VTC_BINARY_ADD] = {f_add, NUMERIC},          [VTC_BINARY_SUB] = {f_sub, NUMERIC},
    [VTC_BINARY_MUL] = {f_mul, NUMERIC},          [VTC_BINARY_DIV] = {f_div, NUMERIC},
    [VTC_BINARY_POW] = {pow, NUMERIC},            [VTC_BINARY_MAX] = {f_max, NUMERIC},
    [VTC_BINARY_MIN] = {f_min, NUMERIC},          [VTC_BINARY_EQUAL] = {f_eq, NUMERIC | BOOL, true},
    [VTC_BINARY_LESS] = {f_lt, NUMERIC, true},    [VTC_BINARY_LESS_EQUAL] = {f_le, NUMERIC, true},
    [VTC_BINARY_GREATER] = {f_gt, NUMERIC, true}, [VTC_BINARY_GREATER_EQUAL] = {f_ge, NUMERIC, true},
    [VTC_BINARY_AND] = {f_and, BOOL},             [VTC_BINARY_OR] = {f_or, BOOL},
    [VTC_BINARY_XOR] = {f_xor, BOOL},             [VTC_BINARY_MOD] = {f_mod, NUMERIC},
    [VTC_BINARY_FMOD] = {fmod, NUMERIC},          [VTC_BINARY_PRELU] = {f_prelu, FLOAT},
};

const char *vtc_unary_param_name(vtc_unary_op op, int i) {
  return (unsigned)op < VTC_UNARY_COUNT && i >= 0 && i < 2 ? UNARY[op].param[i] : NULL;
}
double vtc_unary_param_default(vtc_unary_op op, int i) {
  return (unsigned)op < VTC_UNARY_COUNT && i >= 0 && i < 2 ? UNARY[op].dflt[i] : 0;
}
unsigned vtc_unary_op_dtypes(vtc_unary_op op) { return (unsigned)op < VTC_UNARY_COUNT ? UNARY[op].dtypes : 0; }
bool vtc_unary_op_is_predicate(vtc_unary_op op) { return (unsigned)op < VTC_UNARY_COUNT && UNARY[op].predicate; }
unsigned vtc_binary_op_dtypes(vtc_binary_op op) { return (unsigned)op < VTC_BINARY_COUNT ? BINARY[op].dtypes : 0; }
bool vtc_binary_op_is_predicate(vtc_binary_op op) {
  return (unsigned)op < VTC_BINARY_COUNT && BINARY[op].predicate;
}

/* ---- kernels ------------------------------------------------------------ */

/* The comparisons and remainders of two integers, exactly. */
static int64_t int_binary(vtc_binary_op op, int64_t a, int64_t b) {
  switch (op) {
  case VTC_BINARY_EQUAL: return a == b;
  case VTC_BINARY_LESS: return a < b;
  case VTC_BINARY_LESS_EQUAL: return a <= b;
  case VTC_BINARY_GREATER: return a > b;
  case VTC_BINARY_GREATER_EQUAL: return a >= b;
  default: break;
  }
  if (b == 0 || (b == -1 && a == INT64_MIN)) return 0;
  int64_t r = a % b;
  if (op == VTC_BINARY_MOD && r != 0 && (r < 0) != (b < 0)) r += b;
  return r;
}

static void store_int(vtc_tensor *t, int64_t i, int64_t v) {
  if (t->dtype == VTC_I64) memcpy(vtc_tensor_elem(t, i), &v, 8);
  else if (t->dtype == VTC_I32) *(int32_t *)vtc_tensor_elem(t, i) = (int32_t)v;
  else vtc_tensor_set_f64(t, i, (double)v);
}

static int64_t dot(const int64_t *idx, const int64_t *strides, int rank) {
  int64_t off = 0;
  for (int i = 0; i < rank; i++) off += idx[i] * strides[i];
  return off;
}

int vtc_kernel_unary_p(vtc_unary_op op, const vtc_unary_params *params, const vtc_tensor *x, vtc_tensor *out,
                       char *err, size_t errlen) {
  if ((unsigned)op >= VTC_UNARY_COUNT) return vtc_errorf(err, errlen, "unary: invalid op %d", (int)op);
  const char *name = vtc_unary_op_name(op);
  if (vtc_check_dtype(name, "the operand", x->dtype, UNARY[op].dtypes, err, errlen)) return -1;
  vtc_shape xs = vtc_tensor_shape(x);
  if (vtc_kernel_alloc(name, out, UNARY[op].predicate ? VTC_I1 : x->dtype, &xs, err, errlen)) return -1;
  const double *p = params ? params->p : UNARY[op].dflt;
  int64_t n = vtc_tensor_numel(x);
  for (int64_t i = 0; i < n; i++) vtc_tensor_set_f64(out, i, UNARY[op].fn(vtc_tensor_get_f64(x, i), p));
  return 0;
}

int vtc_kernel_unary(vtc_unary_op op, const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen) {
  return vtc_kernel_unary_p(op, NULL, x, out, err, errlen);
}

static int check_binary_dtypes(const char *name, vtc_binary_op op, const vtc_tensor *a,
                               const vtc_tensor *b, char *err, size_t errlen) {
  if (vtc_check_dtype(name, "the left operand", a->dtype, BINARY[op].dtypes, err, errlen)) return -1;
  if (op == VTC_BINARY_POW)
    return vtc_check_dtype(name, "the exponent", b->dtype, VTC_DTYPES_NUMERIC, err, errlen);
  return vtc_check_same_dtype(name, a, "the right operand", b, err, errlen);
}

int vtc_kernel_binary(vtc_binary_op op, const vtc_tensor *a, const vtc_tensor *b, vtc_tensor *out,
                      char *err, size_t errlen) {
  if ((unsigned)op >= VTC_BINARY_COUNT) return vtc_errorf(err, errlen, "binary: invalid op %d", (int)op);
  const char *name = vtc_binary_op_name(op);
  if (check_binary_dtypes(name, op, a, b, err, errlen)) return -1;
  vtc_shape as = vtc_tensor_shape(a), bs = vtc_tensor_shape(b), os;
  char msg[256];
  if (vtc_shape_broadcast(&as, &bs, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "%s: %s", name, msg);
  if (vtc_kernel_alloc(name, out, BINARY[op].predicate ? VTC_I1 : a->dtype, &os, err, errlen)) return -1;
  int64_t sa[VTC_MAX_RANK], sb[VTC_MAX_RANK], idx[VTC_MAX_RANK], n = vtc_shape_numel(&os);
  vtc_broadcast_strides(&as, &os, sa);
  vtc_broadcast_strides(&bs, &os, sb);
  /* Integers compare and divide exactly (i64 beyond 2^53 included). */
  bool exact_int = !vtc_dtype_is_float(a->dtype) && a->dtype != VTC_I1 &&
                   (BINARY[op].predicate || op == VTC_BINARY_MOD || op == VTC_BINARY_FMOD);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    int64_t ia = dot(idx, sa, os.rank), ib = dot(idx, sb, os.rank);
    if (exact_int) {
      store_int(out, o, int_binary(op, vtc_tensor_get_i64(a, ia), vtc_tensor_get_i64(b, ib)));
      continue;
    }
    double x = vtc_tensor_get_f64(a, ia), y = vtc_tensor_get_f64(b, ib);
    vtc_tensor_set_f64(out, o, BINARY[op].fn(x, y));
  }
  return 0;
}

static int where_shape(const vtc_tensor *c, const vtc_tensor *x, const vtc_tensor *y, vtc_shape *os,
                       char *err, size_t errlen) {
  vtc_shape cs = vtc_tensor_shape(c), xs = vtc_tensor_shape(x), ys = vtc_tensor_shape(y), cx;
  char msg[256];
  if (vtc_shape_broadcast(&cs, &xs, &cx, msg, sizeof msg) ||
      vtc_shape_broadcast(&cx, &ys, os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "where: %s", msg);
  return 0;
}

/* Copies bytes, so where is exact for every dtype (i64 included). */
int vtc_kernel_where(const vtc_tensor *cond, const vtc_tensor *x, const vtc_tensor *y, vtc_tensor *out,
                     char *err, size_t errlen) {
  if (vtc_check_dtype("where", "the condition", cond->dtype, VTC_DTYPE_BIT(VTC_I1), err, errlen) ||
      vtc_check_same_dtype("where", x, "the false operand", y, err, errlen))
    return -1;
  vtc_shape os;
  if (where_shape(cond, x, y, &os, err, errlen)) return -1;
  if (vtc_kernel_alloc("where", out, x->dtype, &os, err, errlen)) return -1;
  vtc_shape cs = vtc_tensor_shape(cond), xs = vtc_tensor_shape(x), ys = vtc_tensor_shape(y);
  int64_t sc[VTC_MAX_RANK], sx[VTC_MAX_RANK], sy[VTC_MAX_RANK], idx[VTC_MAX_RANK];
  vtc_broadcast_strides(&cs, &os, sc);
  vtc_broadcast_strides(&xs, &os, sx);
  vtc_broadcast_strides(&ys, &os, sy);
  size_t size = vtc_dtype_size(x->dtype);
  int64_t n = vtc_shape_numel(&os);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    bool take_x = *(const uint8_t *)vtc_tensor_elem(cond, dot(idx, sc, os.rank)) != 0;
    const vtc_tensor *src = take_x ? x : y;
    memcpy(vtc_tensor_elem(out, o), vtc_tensor_elem(src, dot(idx, take_x ? sx : sy, os.rank)), size);
  }
  return 0;
}

int vtc_kernel_cast(const vtc_tensor *x, vtc_dtype to, vtc_tensor *out, char *err, size_t errlen) {
  if (vtc_check_dtype("cast", "the target", to, VTC_DTYPES_ALL, err, errlen)) return -1;
  if (to == x->dtype) return vtc_kernel_clone("cast", x, out, err, errlen);
  vtc_shape xs = vtc_tensor_shape(x);
  if (vtc_kernel_alloc("cast", out, to, &xs, err, errlen)) return -1;
  int64_t n = vtc_tensor_numel(x);
  for (int64_t i = 0; i < n; i++) vtc_tensor_set_f64(out, i, vtc_tensor_get_f64(x, i));
  return 0;
}
