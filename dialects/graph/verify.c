/* Verifier helpers shared by every graph op: typed attribute readers with
 * ONNX defaults, operand checks (ranked tensor, rank limit, element types)
 * and the conversions between vtc types and the kernels' vtc_shape. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"

/* ---- conversions ----------------------------------------------------------- */

bool vtc_graph_dtype_of(const vtc_type *t, vtc_dtype *out) {
  if (!t) return false;
  vtc_dtype d;
  switch (t->kind) {
  case VTC_TYPE_F32: d = VTC_F32; break;
  case VTC_TYPE_F16: d = VTC_F16; break;
  case VTC_TYPE_BF16: d = VTC_BF16; break;
  case VTC_TYPE_F64: d = VTC_F64; break;
  case VTC_TYPE_INTEGER:
    if (t->width == 32) d = VTC_I32;
    else if (t->width == 64) d = VTC_I64;
    else if (t->width == 1) d = VTC_I1;
    else return false;
    break;
  default: return false;
  }
  if (out) *out = d;
  return true;
}

bool vtc_graph_shape_of(const vtc_type *t, vtc_shape *out) {
  if (!t || t->kind != VTC_TYPE_TENSOR || t->rank > VTC_MAX_RANK) return false;
  out->rank = (int)t->rank;
  for (unsigned i = 0; i < t->rank; i++) {
    int64_t d = vtc_tensor_dim(t, i);
    out->dims[i] = d == VTC_DYNAMIC ? -1 : d;
  }
  return true;
}

const vtc_type *vtc_graph_tensor_type(vtc_context *ctx, const vtc_shape *s, const vtc_type *element) {
  int64_t dims[VTC_MAX_RANK];
  for (int i = 0; i < s->rank; i++) dims[i] = s->dims[i] < 0 ? VTC_DYNAMIC : s->dims[i];
  return vtc_type_tensor(ctx, (unsigned)s->rank, dims, element, NULL);
}

bool vtc_graph_int_array(const vtc_attr *a, int64_t *vals, int max, int *count) {
  if (!a || a->kind != VTC_ATTR_ARRAY || (int)a->count > max) return false;
  for (unsigned i = 0; i < a->count; i++) {
    const vtc_attr *e = a->elems[i].value;
    if (e->kind != VTC_ATTR_INTEGER) return false;
    vals[i] = e->i;
  }
  *count = (int)a->count;
  return true;
}

const char *graph_shape_str(const vtc_shape *s, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "[");
  for (int i = 0; i < s->rank && n < cap; i++) {
    if (s->dims[i] < 0)
      n += (size_t)snprintf(buf + n, cap - n, "%s?", i ? ", " : "");
    else
      n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? ", " : "", (long long)s->dims[i]);
  }
  if (n < cap) snprintf(buf + n, cap - n, "]");
  return buf;
}

/* ---- attributes ------------------------------------------------------------- */

/* A reader's default must be the one the op table declares: custom forms
 * leave out an attribute equal to the table's default, and the reader then
 * supplies its own. Each returns true when the op declares no default. */
static bool default_is_int(vtc_op *op, const char *name, int64_t dflt) {
  const vtc_attr *d = vtc_op_attr_default(op, name);
  return !d || (d->kind == VTC_ATTR_INTEGER && d->i == dflt);
}
static bool default_is_float(vtc_op *op, const char *name, double dflt) {
  const vtc_attr *d = vtc_op_attr_default(op, name);
  return !d || (d->kind == VTC_ATTR_FLOAT && d->f == dflt);
}
static bool default_is_string(vtc_op *op, const char *name, const char *dflt) {
  const vtc_attr *d = vtc_op_attr_default(op, name);
  return !d || (d->kind == VTC_ATTR_STRING && strcmp(d->str, dflt) == 0);
}

bool graph_default_is_ints(vtc_op *op, const char *name, const int64_t *dflt, int count) {
  const vtc_attr *d = vtc_op_attr_default(op, name);
  int64_t v[GRAPH_MAX_ARRAY];
  int n;
  if (!d) return true;
  if (!vtc_graph_int_array(d, v, GRAPH_MAX_ARRAY, &n) || n != count) return false;
  for (int i = 0; i < n; i++)
    if (v[i] != dflt[i]) return false;
  return true;
}

bool graph_attr_int(vtc_op *op, const char *name, int64_t dflt, int64_t *out) {
  assert(default_is_int(op, name, dflt));
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) {
    *out = dflt;
    return true;
  }
  if (a->kind != VTC_ATTR_INTEGER) return vtc_op_error(op, "attribute '%s' must be an integer", name);
  *out = a->i;
  return true;
}

bool graph_attr_float(vtc_op *op, const char *name, double dflt, double *out) {
  assert(default_is_float(op, name, dflt));
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) {
    *out = dflt;
    return true;
  }
  if (a->kind == VTC_ATTR_FLOAT) *out = a->f;
  else if (a->kind == VTC_ATTR_INTEGER) *out = (double)a->i;
  else return vtc_op_error(op, "attribute '%s' must be a float", name);
  return true;
}

bool graph_attr_bool(vtc_op *op, const char *name, bool dflt, bool *out) {
  assert(default_is_int(op, name, dflt));
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) {
    *out = dflt;
    return true;
  }
  if (a->kind == VTC_ATTR_INTEGER && (a->i == 0 || a->i == 1))
    *out = a->i != 0;
  else if (a->kind == VTC_ATTR_UNIT)
    *out = true;
  else
    return vtc_op_error(op, "attribute '%s' must be a bool (or the integer 0 or 1)", name);
  return true;
}

bool graph_attr_string(vtc_op *op, const char *name, const char *dflt, const char **out) {
  assert(default_is_string(op, name, dflt));
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) {
    *out = dflt;
    return true;
  }
  if (a->kind != VTC_ATTR_STRING) return vtc_op_error(op, "attribute '%s' must be a string", name);
  *out = a->str;
  return true;
}

bool graph_attr_ints(vtc_op *op, const char *name, bool required, int64_t *vals, int max, int *count,
                     bool *present) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (present) *present = a != NULL;
  *count = 0;
  if (!a) return required ? vtc_op_error(op, "requires attribute '%s'", name) : true;
  if (a->kind != VTC_ATTR_ARRAY) return vtc_op_error(op, "attribute '%s' must be an array of integers", name);
  if ((int)a->count > max)
    return vtc_op_error(op, "attribute '%s' has %u entries, at most %d are supported", name, a->count, max);
  if (!vtc_graph_int_array(a, vals, max, count))
    return vtc_op_error(op, "attribute '%s' must be an array of integers", name);
  return true;
}

/* ---- operands ----------------------------------------------------------------- */

static void dtype_set_str(unsigned allowed, char *buf, size_t cap) {
  static const vtc_dtype order[] = {VTC_F32, VTC_F16, VTC_BF16, VTC_F64, VTC_I32, VTC_I64, VTC_I1};
  size_t n = 0;
  buf[0] = 0;
  for (size_t i = 0; i < sizeof order / sizeof order[0] && n < cap; i++)
    if (allowed & VTC_DTYPE_BIT(order[i]))
      n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", vtc_dtype_name(order[i]));
}

static bool check_element(vtc_op *op, const char *what, const vtc_type *element, unsigned allowed) {
  vtc_dtype d;
  if (vtc_graph_dtype_of(element, &d) && (allowed & VTC_DTYPE_BIT(d))) return true;
  char set[128], *ty = vtc_type_to_string(element);
  dtype_set_str(allowed, set, sizeof set);
  vtc_op_error(op, "%s must have element type %s%s, but has %s", what,
               (allowed & (allowed - 1)) ? "one of " : "", set, ty);
  free(ty);
  return false;
}

bool graph_check_numel(vtc_op *op, const char *what, const vtc_type *t) {
  vtc_shape s;
  bool overflow = false;
  if (!vtc_graph_shape_of(t, &s)) return true;
  for (int i = 0; i < s.rank; i++)
    if (s.dims[i] < 0) return true; /* a `?` bound to 0 would make it empty */
  vtc_shape_numel_checked(&s, &overflow);
  if (!overflow) return true;
  char *ty = vtc_type_to_string(t);
  vtc_op_error(op, "%s has type %s, whose element count overflows int64", what, ty);
  free(ty);
  return false;
}

bool graph_operand(vtc_op *op, unsigned i, const char *what, unsigned allowed, vtc_shape *shape,
                   const vtc_type **element) {
  const vtc_type *t = vtc_op_operand(op, i)->type;
  if (!vtc_type_is_tensor(t)) {
    char *ty = vtc_type_to_string(t);
    vtc_op_error(op, "%s must be a ranked tensor, but has type %s", what, ty);
    free(ty);
    return false;
  }
  if (t->rank > VTC_MAX_RANK)
    return vtc_op_error(op, "%s has rank %u, at most %d is supported", what, t->rank, VTC_MAX_RANK);
  if (!check_element(op, what, t->element, allowed)) return false;
  if (!graph_check_numel(op, what, t)) return false;
  if (shape) vtc_graph_shape_of(t, shape);
  if (element) *element = t->element;
  return true;
}

bool graph_same_element(vtc_op *op, unsigned i, const char *what, const vtc_type *element) {
  const vtc_type *t = vtc_op_operand(op, i)->type;
  if (vtc_type_is_tensor(t) && t->element == element) return true;
  char *a = vtc_type_to_string(vtc_type_element(t)), *b = vtc_type_to_string(element);
  vtc_op_error(op, "%s must have element type %s, but has %s", what, b, a);
  free(a);
  free(b);
  return false;
}

bool graph_helper_error(vtc_op *op, const char *msg) { return vtc_op_error(op, "%s", msg); }

bool graph_axis(vtc_op *op, int64_t axis, int rank, int *out) {
  if (axis < -rank || axis >= rank)
    return vtc_op_error(op, "axis %lld is out of range for rank %d (expected [%d, %d))", (long long)axis, rank,
                        -rank, rank);
  *out = (int)(axis < 0 ? axis + rank : axis);
  return true;
}

bool graph_unary_params(vtc_op *op, vtc_unary_op u, vtc_unary_params *p) {
  for (int i = 0; i < 2; i++) {
    const char *name = vtc_unary_param_name(u, i);
    p->p[i] = vtc_unary_param_default(u, i);
    if (name && !graph_attr_float(op, name, p->p[i], &p->p[i])) return false;
  }
  return true;
}
