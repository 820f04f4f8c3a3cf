/* Uniqued builtin attributes, dense-element storage and the float formats
 * (f16, bf16) that attributes and interpreters round through. */
#include "ir/attributes.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/resources.h"
#include "ir/support.h"

static const vtc_attr *uniq_attr(vtc_context *ctx, const vtc_attr *key, size_t size) {
  return vtc_uniq(ctx, VTC_UNIQ_ATTR, key, size);
}

static vtc_attr blank(vtc_attr_kind kind) {
  vtc_attr a;
  memset(&a, 0, sizeof a);
  a.kind = kind;
  return a;
}

int64_t vtc_int_truncate(const vtc_type *type, int64_t value) {
  unsigned w = type->kind == VTC_TYPE_INTEGER ? type->width : 64;
  if (w >= 64) return value;
  if (w == 1) return value & 1;
  uint64_t mask = (UINT64_C(1) << w) - 1;
  uint64_t u = (uint64_t)value & mask;
  if (u >> (w - 1)) u |= ~mask; /* sign-extend */
  return (int64_t)u;
}

const vtc_attr *vtc_attr_integer(vtc_context *ctx, const vtc_type *type, int64_t value) {
  vtc_attr a = blank(VTC_ATTR_INTEGER);
  a.type = type;
  a.i = vtc_int_truncate(type, value);
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_i64(vtc_context *ctx, int64_t value) {
  return vtc_attr_integer(ctx, vtc_type_integer(ctx, 64), value);
}

const vtc_attr *vtc_attr_index(vtc_context *ctx, int64_t value) {
  return vtc_attr_integer(ctx, vtc_type_index(ctx), value);
}

/* ---- float formats --------------------------------------------------- */

/* Rounds a float (as bits) to a narrower format with round-to-nearest-even:
 * shared by f16 and bf16 through the format's exponent and mantissa widths. */
static uint16_t narrow_float(double v, int exp_bits, int man_bits) {
  int bias = (1 << (exp_bits - 1)) - 1;
  uint16_t sign = signbit(v) ? (uint16_t)(1u << (exp_bits + man_bits)) : 0;
  uint16_t exp_all = (uint16_t)(((1u << exp_bits) - 1) << man_bits);
  if (isnan(v)) return (uint16_t)(sign | exp_all | (1u << (man_bits - 1)));
  double a = fabs(v);
  if (isinf(a)) return (uint16_t)(sign | exp_all);
  if (a == 0) return sign;
  int e;
  frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
  int exponent = e - 1;
  int min_exp = 1 - bias;
  /* Scale so the representable mantissa bits are the integer part. */
  int shift = (exponent < min_exp ? min_exp : exponent) - man_bits;
  double scaled = ldexp(a, -shift);
  double rounded = nearbyint(scaled); /* default rounding mode: nearest-even */
  uint64_t m = (uint64_t)rounded;
  if (exponent < min_exp) { /* subnormal (may round up to the smallest normal) */
    return (uint16_t)(sign | m);
  }
  if (m >> (man_bits + 1)) { /* rounding carried into the next binade */
    m >>= 1;
    exponent++;
  }
  if (exponent > bias) return (uint16_t)(sign | exp_all);
  return (uint16_t)(sign | ((uint16_t)(exponent + bias) << man_bits) | (m & ((1u << man_bits) - 1)));
}

static double widen_float(uint16_t bits, int exp_bits, int man_bits) {
  int bias = (1 << (exp_bits - 1)) - 1;
  int sign = (bits >> (exp_bits + man_bits)) & 1;
  int exponent = (bits >> man_bits) & ((1 << exp_bits) - 1);
  int mant = bits & ((1 << man_bits) - 1);
  double v;
  if (exponent == (1 << exp_bits) - 1)
    v = mant ? NAN : INFINITY;
  else if (exponent == 0)
    v = ldexp(mant, 1 - bias - man_bits);
  else
    v = ldexp(mant | (1 << man_bits), exponent - bias - man_bits);
  return sign ? -v : v;
}

uint16_t vtc_f16_from_double(double v) { return narrow_float(v, 5, 10); }
double vtc_f16_to_double(uint16_t bits) { return widen_float(bits, 5, 10); }
uint16_t vtc_bf16_from_double(double v) { return narrow_float(v, 8, 7); }
double vtc_bf16_to_double(uint16_t bits) { return widen_float(bits, 8, 7); }

double vtc_float_round(const vtc_type *type, double value) {
  switch (type->kind) {
  case VTC_TYPE_F16: return vtc_f16_to_double(vtc_f16_from_double(value));
  case VTC_TYPE_BF16: return vtc_bf16_to_double(vtc_bf16_from_double(value));
  case VTC_TYPE_F32: return (double)(float)value;
  default: return value;
  }
}

const vtc_attr *vtc_attr_float(vtc_context *ctx, const vtc_type *type, double value) {
  vtc_attr a = blank(VTC_ATTR_FLOAT);
  a.type = type;
  a.f = vtc_float_round(type, value);
  if (isnan(a.f)) a.f = NAN; /* one NaN, so uniquing is by value */
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_string(vtc_context *ctx, const char *s, size_t len) {
  vtc_attr a = blank(VTC_ATTR_STRING);
  a.str = vtc_strn(ctx, s, len);
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_cstring(vtc_context *ctx, const char *s) {
  return vtc_attr_string(ctx, s, strlen(s));
}

const vtc_attr *vtc_attr_bool(vtc_context *ctx, bool value) {
  return vtc_attr_integer(ctx, vtc_type_integer(ctx, 1), value);
}

bool vtc_attr_is_bool(const vtc_attr *a) {
  return a && a->kind == VTC_ATTR_INTEGER && vtc_type_is_integer(a->type, 1);
}

const vtc_attr *vtc_attr_unit(vtc_context *ctx) {
  vtc_attr a = blank(VTC_ATTR_UNIT);
  return uniq_attr(ctx, &a, sizeof a);
}

static const vtc_attr *with_elems(vtc_context *ctx, vtc_attr head, unsigned count,
                                  const vtc_named_attr *elems) {
  size_t size = sizeof(vtc_attr) + count * sizeof(vtc_named_attr);
  vtc_attr *key = vtc_xcalloc(1, size);
  *key = head;
  key->count = count;
  if (count) memcpy(key->elems, elems, count * sizeof *elems);
  const vtc_attr *a = uniq_attr(ctx, key, size);
  free(key);
  return a;
}

const vtc_attr *vtc_attr_array(vtc_context *ctx, unsigned count, const vtc_attr *const *elems) {
  vtc_named_attr *tmp = vtc_xcalloc(count, sizeof *tmp);
  for (unsigned i = 0; i < count; i++) tmp[i].value = elems[i];
  const vtc_attr *a = with_elems(ctx, blank(VTC_ATTR_ARRAY), count, tmp);
  free(tmp);
  return a;
}

const vtc_attr *vtc_attr_i64_array(vtc_context *ctx, unsigned count, const int64_t *values) {
  vtc_named_attr *tmp = vtc_xcalloc(count, sizeof *tmp);
  for (unsigned i = 0; i < count; i++) tmp[i].value = vtc_attr_i64(ctx, values[i]);
  const vtc_attr *a = with_elems(ctx, blank(VTC_ATTR_ARRAY), count, tmp);
  free(tmp);
  return a;
}

static int compare_named(const void *a, const void *b) {
  return strcmp(((const vtc_named_attr *)a)->name, ((const vtc_named_attr *)b)->name);
}

const vtc_attr *vtc_attr_dictionary(vtc_context *ctx, unsigned count, const vtc_named_attr *elems) {
  vtc_named_attr *tmp = vtc_xcalloc(count, sizeof *tmp);
  for (unsigned i = 0; i < count; i++) {
    tmp[i].name = vtc_str(ctx, elems[i].name);
    tmp[i].value = elems[i].value;
  }
  qsort(tmp, count, sizeof *tmp, compare_named);
  for (unsigned i = 1; i < count; i++) assert(tmp[i - 1].name != tmp[i].name);
  const vtc_attr *a = with_elems(ctx, blank(VTC_ATTR_DICTIONARY), count, tmp);
  free(tmp);
  return a;
}

const vtc_attr *vtc_attr_type(vtc_context *ctx, const vtc_type *type) {
  vtc_attr a = blank(VTC_ATTR_TYPE);
  a.type = type;
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_symbol_ref(vtc_context *ctx, const char *root, unsigned num_nested,
                                    const char *const *nested) {
  vtc_attr head = blank(VTC_ATTR_SYMBOL_REF);
  head.str = vtc_str(ctx, root);
  vtc_named_attr *tmp = vtc_xcalloc(num_nested, sizeof *tmp);
  for (unsigned i = 0; i < num_nested; i++) tmp[i].name = vtc_str(ctx, nested[i]);
  const vtc_attr *a = with_elems(ctx, head, num_nested, tmp);
  free(tmp);
  return a;
}

const vtc_attr *vtc_attr_dense(vtc_context *ctx, const vtc_type *tensor_type, bool splat,
                               const void *raw, size_t bytes) {
  vtc_attr a = blank(VTC_ATTR_DENSE);
  a.type = tensor_type;
  a.splat = splat;
  a.raw = vtc_strn(ctx, raw, bytes);
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_dense_resource(vtc_context *ctx, const vtc_type *tensor_type,
                                        const struct vtc_resource *r) {
  vtc_attr a = blank(VTC_ATTR_DENSE);
  a.type = tensor_type;
  a.resource = r;
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_affine_map(vtc_context *ctx, const vtc_affine_map *map) {
  vtc_attr a = blank(VTC_ATTR_AFFINE_MAP);
  a.map = map;
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_dialect(vtc_context *ctx, const char *dialect, const char *mnemonic,
                                 const char *body) {
  vtc_attr a = blank(VTC_ATTR_DIALECT);
  a.dialect = vtc_str(ctx, dialect);
  a.mnemonic = vtc_str(ctx, mnemonic ? mnemonic : "");
  a.body = body ? body : vtc_str(ctx, ""); /* interned: may hold NULs */
  return uniq_attr(ctx, &a, sizeof a);
}

const vtc_attr *vtc_attr_dict_get(const vtc_attr *dict, const char *name) {
  if (!dict || dict->kind != VTC_ATTR_DICTIONARY) return NULL;
  for (unsigned i = 0; i < dict->count; i++)
    if (dict->elems[i].name == name || strcmp(dict->elems[i].name, name) == 0) return dict->elems[i].value;
  return NULL;
}

/* ---- dense elements -------------------------------------------------- */

size_t vtc_dense_element_size(const vtc_type *element) {
  if (element->kind == VTC_TYPE_INDEX) return 8;
  unsigned w = element->width;
  if (element->kind == VTC_TYPE_INTEGER) return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : 8;
  return w / 8;
}

int64_t vtc_dense_num_elements(const vtc_attr *dense) { return vtc_tensor_num_elements(dense->type); }

int64_t vtc_dense_byte_size(const vtc_type *tensor_type) {
  int64_t n = vtc_tensor_num_elements(tensor_type);
  size_t es = vtc_dense_element_size(tensor_type->element);
  if (n < 0 || (es && n > INT64_MAX / (int64_t)es)) return -1;
  return n * (int64_t)es;
}

const void *vtc_dense_data(const vtc_attr *dense) {
  if (!dense->resource) return dense->raw;
  const vtc_resource *r = dense->resource;
  int64_t need = vtc_dense_byte_size(dense->type);
  if (!r->data || need < 0 || (uint64_t)r->size < (uint64_t)need) return NULL;
  return r->data;
}

static const unsigned char zero_element[8];

static const unsigned char *dense_element(const vtc_attr *dense, int64_t index, size_t *size) {
  *size = vtc_dense_element_size(dense->type->element);
  const unsigned char *data = vtc_dense_data(dense);
  if (!data) return zero_element;
  return data + (dense->splat ? 0 : (size_t)index * *size);
}

static int64_t load_int(const unsigned char *p, size_t size) {
  switch (size) {
  case 1: { int8_t v; memcpy(&v, p, 1); return v; }
  case 2: { int16_t v; memcpy(&v, p, 2); return v; }
  case 4: { int32_t v; memcpy(&v, p, 4); return v; }
  default: { int64_t v; memcpy(&v, p, 8); return v; }
  }
}

double vtc_dense_get_f64(const vtc_attr *dense, int64_t index) {
  size_t size;
  const unsigned char *p = dense_element(dense, index, &size);
  const vtc_type *e = dense->type->element;
  uint16_t h;
  float f;
  double d;
  switch (e->kind) {
  case VTC_TYPE_F16: memcpy(&h, p, 2); return vtc_f16_to_double(h);
  case VTC_TYPE_BF16: memcpy(&h, p, 2); return vtc_bf16_to_double(h);
  case VTC_TYPE_F32: memcpy(&f, p, 4); return f;
  case VTC_TYPE_F64: memcpy(&d, p, 8); return d;
  default: return (double)vtc_int_truncate(e, load_int(p, size));
  }
}

int64_t vtc_dense_get_i64(const vtc_attr *dense, int64_t index) {
  const vtc_type *e = dense->type->element;
  if (vtc_type_is_float(e)) return (int64_t)vtc_dense_get_f64(dense, index);
  size_t size;
  const unsigned char *p = dense_element(dense, index, &size);
  return vtc_int_truncate(e, load_int(p, size));
}

void vtc_dense_store(const vtc_type *element, void *dst, double fvalue, int64_t ivalue) {
  size_t size = vtc_dense_element_size(element);
  uint16_t h;
  float f;
  switch (element->kind) {
  case VTC_TYPE_F16: h = vtc_f16_from_double(fvalue); memcpy(dst, &h, 2); return;
  case VTC_TYPE_BF16: h = vtc_bf16_from_double(fvalue); memcpy(dst, &h, 2); return;
  case VTC_TYPE_F32: f = (float)fvalue; memcpy(dst, &f, 4); return;
  case VTC_TYPE_F64: memcpy(dst, &fvalue, 8); return;
  default: break;
  }
  int64_t v = vtc_int_truncate(element, ivalue);
  int8_t b = (int8_t)v;
  int16_t s = (int16_t)v;
  int32_t w = (int32_t)v;
  switch (size) {
  case 1: memcpy(dst, &b, 1); break;
  case 2: memcpy(dst, &s, 2); break;
  case 4: memcpy(dst, &w, 4); break;
  default: memcpy(dst, &v, 8); break;
  }
}
