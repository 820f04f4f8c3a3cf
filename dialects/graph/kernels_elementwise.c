/* Element-wise reference kernels: unary math, broadcasting binary
 * arithmetic, where and cast. Each op is a row of a table holding its scalar
 * function in double and the dtypes it accepts. */
#include "dialects/graph/kernels.h"

#include <math.h>
#include <string.h>

/* ---- scalar functions --------------------------------------------------- */

/* `x < 0` rather than `x > 0` so that NaN passes through, as in numpy. */
static double f_relu(double x) { return x < 0 ? 0 : x; }
static double f_gelu(double x) { return 0.5 * x * (1.0 + erf(x / sqrt(2.0))); }
static double f_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static double f_silu(double x) { return x * f_sigmoid(x); }
static double f_rsqrt(double x) { return 1.0 / sqrt(x); }
static double f_neg(double x) { return -x; }

static double f_add(double a, double b) { return a + b; }
static double f_sub(double a, double b) { return a - b; }
static double f_mul(double a, double b) { return a * b; }
static double f_div(double a, double b) { return a / b; }
/* fmax/fmin would drop NaN; numpy's maximum/minimum and ONNX keep it. */
static double f_max(double a, double b) { return (a != a || b != b) ? NAN : a > b ? a : b; }
static double f_min(double a, double b) { return (a != a || b != b) ? NAN : a < b ? a : b; }

typedef struct unary_def {
  double (*fn)(double);
  unsigned dtypes;
} unary_def;

static const unary_def UNARY[VTC_UNARY_COUNT] = {
    [VTC_UNARY_RELU] = {f_relu, VTC_DTYPES_NUMERIC},
    [VTC_UNARY_GELU] = {f_gelu, VTC_DTYPES_FLOAT},
    [VTC_UNARY_SILU] = {f_silu, VTC_DTYPES_FLOAT},
    [VTC_UNARY_SIGMOID] = {f_sigmoid, VTC_DTYPES_FLOAT},
    [VTC_UNARY_TANH] = {tanh, VTC_DTYPES_FLOAT},
    [VTC_UNARY_EXP] = {exp, VTC_DTYPES_FLOAT},
    [VTC_UNARY_LOG] = {log, VTC_DTYPES_FLOAT},
    [VTC_UNARY_SQRT] = {sqrt, VTC_DTYPES_FLOAT},
    [VTC_UNARY_RSQRT] = {f_rsqrt, VTC_DTYPES_FLOAT},
    [VTC_UNARY_ERF] = {erf, VTC_DTYPES_FLOAT},
    [VTC_UNARY_NEG] = {f_neg, VTC_DTYPES_NUMERIC},
    [VTC_UNARY_ABS] = {fabs, VTC_DTYPES_NUMERIC},
};

static double (*const BINARY[VTC_BINARY_COUNT])(double, double) = {
    [VTC_BINARY_ADD] = f_add, [VTC_BINARY_SUB] = f_sub, [VTC_BINARY_MUL] = f_mul,
    [VTC_BINARY_DIV] = f_div, [VTC_BINARY_POW] = pow,   [VTC_BINARY_MAX] = f_max,
    [VTC_BINARY_MIN] = f_min,
};

/* ---- kernels ------------------------------------------------------------ */

static int64_t dot(const int64_t *idx, const int64_t *strides, int rank) {
  int64_t off = 0;
  for (int i = 0; i < rank; i++) off += idx[i] * strides[i];
  return off;
}

int vtc_kernel_unary(vtc_unary_op op, const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen) {
  if ((unsigned)op >= VTC_UNARY_COUNT) return vtc_errorf(err, errlen, "unary: invalid op %d", (int)op);
  const char *name = vtc_unary_op_name(op);
  if (vtc_check_dtype(name, "the operand", x->dtype, UNARY[op].dtypes, err, errlen)) return -1;
  vtc_shape xs = vtc_tensor_shape(x);
  if (vtc_kernel_alloc(name, out, x->dtype, &xs, err, errlen)) return -1;
  int64_t n = vtc_tensor_numel(x);
  for (int64_t i = 0; i < n; i++) vtc_tensor_set_f64(out, i, UNARY[op].fn(vtc_tensor_get_f64(x, i)));
  return 0;
}

static int check_binary_dtypes(const char *name, vtc_binary_op op, const vtc_tensor *a,
                               const vtc_tensor *b, char *err, size_t errlen) {
  if (vtc_check_dtype(name, "the left operand", a->dtype, VTC_DTYPES_NUMERIC, err, errlen)) return -1;
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
  if (vtc_kernel_alloc(name, out, a->dtype, &os, err, errlen)) return -1;
  int64_t sa[VTC_MAX_RANK], sb[VTC_MAX_RANK], idx[VTC_MAX_RANK], n = vtc_shape_numel(&os);
  vtc_broadcast_strides(&as, &os, sa);
  vtc_broadcast_strides(&bs, &os, sb);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    double x = vtc_tensor_get_f64(a, dot(idx, sa, os.rank));
    double y = vtc_tensor_get_f64(b, dot(idx, sb, os.rank));
    vtc_tensor_set_f64(out, o, BINARY[op](x, y));
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
