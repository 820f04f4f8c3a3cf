/* What every kernel family shares: index arithmetic (strides, broadcasting,
 * unravelling), axis normalisation, copy through an index map, numpy
 * broadcasting of shapes, and the name tables of the op enums. */
#include "dialects/graph/kernels.h"

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
  vtc_shape r = {.rank = a->rank > b->rank ? a->rank : b->rank};
  for (int i = 0; i < r.rank; i++) {
    int ia = i - (r.rank - a->rank), ib = i - (r.rank - b->rank);
    int64_t da = ia < 0 ? 1 : a->dims[ia], db = ib < 0 ? 1 : b->dims[ib];
    r.dims[i] = broadcast_dim(da, db);
    if (r.dims[i] == -2) {
      char sa[200], sb[200];
      vtc_format_shape(a, sa, sizeof sa);
      vtc_format_shape(b, sb, sizeof sb);
      return vtc_errorf(err, errlen, "shapes %s and %s do not broadcast", sa, sb);
    }
  }
  *out = r;
  return 0;
}

/* ---- names --------------------------------------------------------------- */

static int lookup_name(const char *const *names, int count, const char *name) {
  for (int i = 0; i < count; i++)
    if (strcmp(names[i], name) == 0) return i;
  return -1;
}

static const char *const UNARY_NAMES[VTC_UNARY_COUNT] = {
    "relu", "gelu", "silu", "sigmoid", "tanh", "exp", "log", "sqrt", "rsqrt", "erf", "neg", "abs"};
static const char *const BINARY_NAMES[VTC_BINARY_COUNT] = {"add", "sub", "mul", "div",
                                                           "pow", "max", "min"};
static const char *const REDUCE_NAMES[VTC_REDUCE_COUNT] = {"sum", "mean", "max", "min"};
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

