/* What every kernel family shares: index arithmetic (strides, broadcasting,
 * unravelling), axis normalisation, copy through an index map, numpy
 * broadcasting of shapes, and the name tables of the op enums. */
#include "dialects/graph/kernels.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int64_t vtc_dim_mul(int64_t a, int64_t b, bool *overflow) {
  if (a == 0 || b == 0) return 0;
  if (a < 0 || b < 0) return -1;
  if (a > INT64_MAX / b) {
    *overflow = true;
    return INT64_MAX;
  }
  return a * b;
}

int64_t vtc_dim_add(int64_t dim, int64_t offset, bool *overflow) {
  if (dim < 0) return -1;
  if ((offset > 0 && dim > INT64_MAX - offset) || (offset < 0 && dim < INT64_MIN - offset)) {
    *overflow = true;
    return INT64_MAX;
  }
  return dim + offset;
}

int64_t vtc_shape_numel_checked(const vtc_shape *s, bool *overflow) {
  int64_t n = 1;
  bool dynamic = false;
  for (int i = 0; i < s->rank; i++) {
    if (s->dims[i] == 0) return 0;
    if (s->dims[i] < 0)
      dynamic = true;
    else
      n = vtc_dim_mul(n, s->dims[i], overflow);
  }
  return dynamic ? -1 : n;
}

int64_t vtc_shape_numel(const vtc_shape *s) {
  bool overflow = false;
  return vtc_shape_numel_checked(s, &overflow);
}

void vtc_shape_strides(const vtc_shape *s, int64_t *strides) {
  int64_t stride = 1;
  for (int i = s->rank - 1; i >= 0; i--) {
    strides[i] = stride;
    stride *= s->dims[i];
  }
}

void vtc_broadcast_strides(const vtc_shape *in, const vtc_shape *out, int64_t *strides) {
  int64_t own[VTC_MAX_RANK];
  vtc_shape_strides(in, own);
  int lead = out->rank - in->rank;
  for (int i = 0; i < out->rank; i++) {
    int j = i - lead;
    strides[i] = (j < 0 || in->dims[j] == 1) ? 0 : own[j];
  }
}

void vtc_unravel_index(int64_t flat, const vtc_shape *s, int64_t *idx) {
  for (int i = s->rank - 1; i >= 0; i--) {
    int64_t d = s->dims[i] > 0 ? s->dims[i] : 1;
    idx[i] = flat % d;
    flat /= d;
  }
}

int vtc_normalize_axis(const char *op, int64_t axis, int rank, int *out, char *err, size_t errlen) {
  if (axis < -rank || axis >= rank)
    return vtc_errorf(err, errlen, "%s%saxis %lld is out of range for rank %d", op ? op : "", op ? ": " : "",
                      (long long)axis, rank);
  *out = (int)(axis < 0 ? axis + rank : axis);
  return 0;
}

void vtc_copy_by_map(const vtc_tensor *in, vtc_tensor *out, vtc_index_map_fn map, const void *ctx,
                     double fill) {
  vtc_shape os = vtc_tensor_shape(out);
  int64_t n = vtc_tensor_numel(out), idx[VTC_MAX_RANK];
  size_t size = vtc_dtype_size(out->dtype);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    int64_t i = map(ctx, idx);
    if (i < 0)
      vtc_tensor_set_f64(out, o, fill);
    else
      memcpy(vtc_tensor_elem(out, o), vtc_tensor_elem(in, i), size);
  }
}

/* ---- broadcasting ------------------------------------------------------- */

void vtc_format_shape(const vtc_shape *s, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "[");
  for (int i = 0; i < s->rank && n < cap; i++) {
    if (s->dims[i] < 0)
      n += (size_t)snprintf(buf + n, cap - n, "%s?", i ? "," : "");
    else
      n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? "," : "", (long long)s->dims[i]);
  }
  if (n < cap) snprintf(buf + n, cap - n, "]");
}

/* One dimension of numpy broadcasting; -1 (dynamic) may turn out to be 1,
 * so against a known d it yields d unless d is 1. Returns -2 on mismatch. */
static int64_t broadcast_dim(int64_t a, int64_t b) {
  if (a == 1) return b;
  if (b == 1) return a;
  if (a < 0) return b;
  if (b < 0) return a;
  return a == b ? a : -2;
}

int vtc_shape_broadcast(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen) {
  return vtc_shape_broadcast_checks(a, b, out, err, errlen, NULL);
}

int vtc_shape_broadcast_checks(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen,
                               const vtc_shape_sink *sink) {
  vtc_shape r = {.rank = a->rank > b->rank ? a->rank : b->rank};
  for (int i = 0; i < r.rank; i++) {
    int ia = i - (r.rank - a->rank), ib = i - (r.rank - b->rank);
    int64_t da = ia < 0 ? 1 : a->dims[ia], db = ib < 0 ? 1 : b->dims[ib];
    r.dims[i] = broadcast_dim(da, db);
    bool fails = r.dims[i] == -2, deferred = (da < 0 || db < 0) && da != 1 && db != 1 && sink;
    if (!fails && !deferred) continue;
    vtc_shape_check c;
    vtc_shape_check_begin(&c, sink, VTC_CHECK_BROADCASTABLE);
    vtc_shape_check_factor(&c, false, 0, ia, da);
    vtc_shape_check_factor(&c, true, 1, ib, db);
    vtc_shape_check_text(&c, "shapes ");
    vtc_shape_check_shape(&c, 0, a);
    vtc_shape_check_text(&c, " and ");
    vtc_shape_check_shape(&c, 1, b);
    vtc_shape_check_text(&c, " do not broadcast");
    if (vtc_shape_check_end(&c, fails, err, errlen)) return -1;
  }
  *out = r;
  return 0;
}

/* ---- run-time shape checks ------------------------------------------------ */

void vtc_shape_sink_nested(vtc_shape_sink *child, const vtc_shape_sink *parent, const char *prefix, int n,
                           const int *args) {
  *child = *parent;
  snprintf(child->prefix, sizeof child->prefix, "%s%s", parent->prefix, prefix);
  for (int i = 0; i < n && i < 4; i++) {
    int a = args[i];
    child->own[i] = a < 0 ? -1 : !parent->operands ? a : a < parent->num_operands ? parent->operands[a] : -1;
  }
  child->operands = child->own;
  child->num_operands = n < 4 ? n : 4;
}

/* The caller's reference for the rule's operand and axis; false without one. */
static bool map_ref(const vtc_shape_check *c, int operand, int axis, vtc_dim_ref *out) {
  const vtc_shape_sink *s = c->sink;
  if (!s || operand < 0) return false;
  int o = !s->operands ? operand : operand < s->num_operands ? s->operands[operand] : -1;
  if (o < 0) return false;
  *out = (vtc_dim_ref){o, axis};
  return true;
}

static void append(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t cap, const char *fmt, ...) {
  size_t n = strlen(buf);
  if (n + 1 >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, cap - n, fmt, ap);
  va_end(ap);
}

void vtc_shape_check_begin(vtc_shape_check *c, const vtc_shape_sink *sink, vtc_check_relation r) {
  memset(c, 0, offsetof(vtc_shape_check, args));
  c->sink = sink;
  c->relation = r;
  c->lhs.coef = c->rhs.coef = 1;
  if (sink) append(c->message, sizeof c->message, "%s", sink->prefix);
}

void vtc_shape_check_factor(vtc_shape_check *c, bool rhs, int operand, int axis, int64_t value) {
  vtc_dim_term *t = rhs ? &c->rhs : &c->lhs;
  if (value >= 0) {
    if (__builtin_mul_overflow(t->coef, value, &t->coef)) c->invalid = true;
    return;
  }
  c->dynamic = true;
  vtc_dim_ref r;
  if (t->n == VTC_DIM_TERM_MAX || !map_ref(c, operand, axis, &r)) {
    c->invalid = true;
    return;
  }
  t->dims[t->n++] = r;
}

void vtc_shape_check_text(vtc_shape_check *c, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  append(c->message, sizeof c->message, "%s", buf);
  append(c->static_text, sizeof c->static_text, "%s", buf);
}

void vtc_shape_check_dim(vtc_shape_check *c, int operand, int axis, int64_t value) {
  if (value >= 0) {
    vtc_shape_check_text(c, "%lld", (long long)value);
    return;
  }
  append(c->static_text, sizeof c->static_text, "?");
  vtc_dim_ref r;
  if (c->num_args == VTC_CHECK_MAX_ARGS || !map_ref(c, operand, axis, &r)) {
    c->invalid = true;
    return;
  }
  append(c->message, sizeof c->message, "{%d}", c->num_args);
  c->args[c->num_args++] = r;
}

void vtc_shape_check_shape(vtc_shape_check *c, int operand, const vtc_shape *s) {
  vtc_shape_check_text(c, "[");
  for (int i = 0; i < s->rank; i++) {
    if (i) vtc_shape_check_text(c, ",");
    vtc_shape_check_dim(c, operand, i, s->dims[i]);
  }
  vtc_shape_check_text(c, "]");
}

int vtc_shape_check_end(vtc_shape_check *c, bool fails, char *err, size_t errlen) {
  if (fails) return vtc_errorf(err, errlen, "%s", c->static_text);
  if (c->dynamic && c->sink && c->sink->add && !c->invalid) c->sink->add(c->sink->ctx, c);
  return 0;
}

/* ---- names --------------------------------------------------------------- */

static int lookup_name(const char *const *names, int count, const char *name) {
  for (int i = 0; i < count; i++)
    if (strcmp(names[i], name) == 0) return i;
  return -1;
}

static const char *const UNARY_NAMES[VTC_UNARY_COUNT] = {
    "relu", "gelu", "silu", "sigmoid", "tanh", "exp", "log", "sqrt", "rsqrt", "erf", "neg", "abs",
    "reciprocal", "floor", "ceil", "round", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
    "asinh", "acosh", "atanh", "sign", "softplus", "softsign", "hard_swish", "hard_sigmoid", "elu", "selu",
    "celu", "leaky_relu", "thresholded_relu", "shrink", "not", "is_nan", "is_inf"};
static const char *const BINARY_NAMES[VTC_BINARY_COUNT] = {
    "add", "sub", "mul", "div", "pow", "max", "min", "equal", "less", "less_equal", "greater",
    "greater_equal", "and", "or", "xor", "mod", "fmod", "prelu"};
static const char *const REDUCE_NAMES[VTC_REDUCE_COUNT] = {"sum", "mean", "max", "min", "prod"};
static const char *const AUTO_PAD_NAMES[VTC_AUTO_PAD_COUNT] = {"NOTSET", "SAME_UPPER", "SAME_LOWER",
                                                               "VALID"};
static const char *const PAD_MODE_NAMES[VTC_PAD_MODE_COUNT] = {"constant", "reflect", "edge", "wrap"};
static const char *const D2S_NAMES[VTC_D2S_MODE_COUNT] = {"DCR", "CRD"};
static const char *const SCATTER_NAMES[VTC_SCATTER_REDUCTION_COUNT] = {"none", "add", "mul", "max",
                                                                       "min"};

/* One getter and one lookup per enum, all alike. */
#define NAME_FUNCTIONS(prefix, type, names, count)                                      \
  int vtc_##prefix##_from_name(const char *name, type *out) {                           \
    int i = lookup_name(names, count, name);                                            \
    if (i < 0) return -1;                                                               \
    *out = (type)i;                                                                     \
    return 0;                                                                           \
  }

NAME_FUNCTIONS(unary_op, vtc_unary_op, UNARY_NAMES, VTC_UNARY_COUNT)
NAME_FUNCTIONS(binary_op, vtc_binary_op, BINARY_NAMES, VTC_BINARY_COUNT)
NAME_FUNCTIONS(reduce_op, vtc_reduce_op, REDUCE_NAMES, VTC_REDUCE_COUNT)
NAME_FUNCTIONS(auto_pad, vtc_auto_pad, AUTO_PAD_NAMES, VTC_AUTO_PAD_COUNT)
NAME_FUNCTIONS(pad_mode, vtc_pad_mode, PAD_MODE_NAMES, VTC_PAD_MODE_COUNT)
NAME_FUNCTIONS(d2s_mode, vtc_d2s_mode, D2S_NAMES, VTC_D2S_MODE_COUNT)
NAME_FUNCTIONS(scatter_reduction, vtc_scatter_reduction, SCATTER_NAMES, VTC_SCATTER_REDUCTION_COUNT)

const char *vtc_unary_op_name(vtc_unary_op op) {
  return (unsigned)op < VTC_UNARY_COUNT ? UNARY_NAMES[op] : "?";
}
const char *vtc_binary_op_name(vtc_binary_op op) {
  return (unsigned)op < VTC_BINARY_COUNT ? BINARY_NAMES[op] : "?";
}
const char *vtc_reduce_op_name(vtc_reduce_op op) {
  return (unsigned)op < VTC_REDUCE_COUNT ? REDUCE_NAMES[op] : "?";
}

int vtc_kernel_alloc(const char *op, vtc_tensor *out, vtc_dtype dtype, const vtc_shape *shape, char *err,
                     size_t errlen) {
  char msg[256];
  bool overflow = false;
  int64_t n = vtc_shape_numel_checked(shape, &overflow);
  if (!overflow && n > VTC_KERNEL_MAX_ELEMS)
    return vtc_errorf(err, errlen, "%s: a result of %lld elements is too large for the reference kernels (at most "
                      "2^31: they take nanoseconds an element)", op, (long long)n);
  if (vtc_tensor_create_shape(out, dtype, shape, msg, sizeof msg)) return vtc_errorf(err, errlen, "%s: %s", op, msg);
  return 0;
}

int vtc_kernel_clone(const char *op, const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape s = vtc_tensor_shape(x);
  if (vtc_kernel_alloc(op, out, x->dtype, &s, err, errlen)) return -1;
  memcpy(out->data, x->data, vtc_tensor_nbytes(x));
  return 0;
}

int vtc_check_dtype(const char *op, const char *what, vtc_dtype d, unsigned allowed, char *err,
                    size_t errlen) {
  if ((unsigned)d < VTC_DTYPE_COUNT && (allowed & VTC_DTYPE_BIT(d))) return 0;
  return vtc_errorf(err, errlen, "%s: %s has unsupported element type %s", op, what, vtc_dtype_name(d));
}

int vtc_check_same_dtype(const char *op, const vtc_tensor *a, const char *what, const vtc_tensor *b,
                         char *err, size_t errlen) {
  if (a->dtype == b->dtype) return 0;
  return vtc_errorf(err, errlen, "%s: %s has element type %s, expected %s", op, what,
                    vtc_dtype_name(b->dtype), vtc_dtype_name(a->dtype));
}

