/* Uniqued builtin types. Keys are whole vtc_type structs (zeroed, then
 * filled) followed by the dims or the function's types. */
#include "ir/types.h"

#include <stdlib.h>
#include <string.h>

#include "ir/context_impl.h"
#include "ir/support.h"

static const vtc_type *uniq_type(vtc_context *ctx, const vtc_type *key, size_t size) {
  return vtc_uniq(ctx, VTC_UNIQ_TYPE, key, size);
}

static const vtc_type *simple_type(vtc_context *ctx, vtc_type_kind kind, unsigned width) {
  vtc_type key;
  memset(&key, 0, sizeof key);
  key.kind = kind;
  key.width = width;
  return uniq_type(ctx, &key, sizeof key);
}

const vtc_type *vtc_type_integer(vtc_context *ctx, unsigned width) {
  if (width > 64) return simple_type(ctx, VTC_TYPE_INTEGER, width);
  if (!ctx->int_types[width]) ctx->int_types[width] = simple_type(ctx, VTC_TYPE_INTEGER, width);
  return ctx->int_types[width];
}

static const vtc_type *cached_scalar(vtc_context *ctx, vtc_type_kind kind, unsigned width) {
  if (!ctx->scalar_types[kind]) ctx->scalar_types[kind] = simple_type(ctx, kind, width);
  return ctx->scalar_types[kind];
}
const vtc_type *vtc_type_index(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_INDEX, 64); }
const vtc_type *vtc_type_f16(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_F16, 16); }
const vtc_type *vtc_type_bf16(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_BF16, 16); }
const vtc_type *vtc_type_f32(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_F32, 32); }
const vtc_type *vtc_type_f64(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_F64, 64); }
const vtc_type *vtc_type_none(vtc_context *ctx) { return cached_scalar(ctx, VTC_TYPE_NONE, 0); }

const vtc_type *vtc_type_tensor(vtc_context *ctx, unsigned rank, const int64_t *dims,
                                const vtc_type *element, const struct vtc_attr *encoding) {
  size_t size = sizeof(vtc_type) + rank * sizeof(((vtc_type *)0)->tail[0]);
  vtc_type *key = vtc_xcalloc(1, size);
  key->kind = VTC_TYPE_TENSOR;
  key->rank = rank;
  key->element = element;
  key->encoding = encoding;
  for (unsigned i = 0; i < rank; i++) key->tail[i].dim = dims[i];
  const vtc_type *t = uniq_type(ctx, key, size);
  free(key);
  return t;
}

const vtc_type *vtc_type_function(vtc_context *ctx, unsigned num_inputs, const vtc_type *const *inputs,
                                  unsigned num_results, const vtc_type *const *results) {
  unsigned n = num_inputs + num_results;
  size_t size = sizeof(vtc_type) + n * sizeof(((vtc_type *)0)->tail[0]);
  vtc_type *key = vtc_xcalloc(1, size);
  key->kind = VTC_TYPE_FUNCTION;
  key->num_inputs = num_inputs;
  key->num_results = num_results;
  for (unsigned i = 0; i < num_inputs; i++) key->tail[i].type = inputs[i];
  for (unsigned i = 0; i < num_results; i++) key->tail[num_inputs + i].type = results[i];
  const vtc_type *t = uniq_type(ctx, key, size);
  free(key);
  return t;
}

const vtc_type *vtc_type_dialect(vtc_context *ctx, const char *dialect, const char *mnemonic,
                                 const char *body, const struct vtc_attr *params) {
  vtc_type key;
  memset(&key, 0, sizeof key);
  key.kind = VTC_TYPE_DIALECT;
  key.dialect = vtc_str(ctx, dialect);
  key.mnemonic = vtc_str(ctx, mnemonic ? mnemonic : "");
  key.body = body ? body : vtc_str(ctx, ""); /* interned: may hold NULs */
  key.params = params;
  return uniq_type(ctx, &key, sizeof key);
}

bool vtc_type_is_integer(const vtc_type *t, unsigned width) {
  return t->kind == VTC_TYPE_INTEGER && (width == 0 || t->width == width);
}

bool vtc_type_is_float(const vtc_type *t) {
  return t->kind == VTC_TYPE_F16 || t->kind == VTC_TYPE_BF16 || t->kind == VTC_TYPE_F32 ||
         t->kind == VTC_TYPE_F64;
}

bool vtc_type_is_int_or_index(const vtc_type *t) {
  return t->kind == VTC_TYPE_INTEGER || t->kind == VTC_TYPE_INDEX;
}

bool vtc_type_is_tensor(const vtc_type *t) { return t->kind == VTC_TYPE_TENSOR; }

unsigned vtc_type_bit_width(const vtc_type *t) {
  return (vtc_type_is_int_or_index(t) || vtc_type_is_float(t)) ? t->width : 0;
}

bool vtc_tensor_has_static_shape(const vtc_type *t) {
  for (unsigned i = 0; i < t->rank; i++)
    if (t->tail[i].dim == VTC_DYNAMIC) return false;
  return true;
}

int64_t vtc_tensor_num_elements(const vtc_type *t) {
  int64_t n = 1;
  bool saturated = false;
  for (unsigned i = 0; i < t->rank; i++) {
    if (t->tail[i].dim == VTC_DYNAMIC) return -1;
    if (t->tail[i].dim == 0) n = 0;
    else if (n && !saturated && __builtin_mul_overflow(n, t->tail[i].dim, &n)) saturated = true;
  }
  return n == 0 ? 0 : saturated ? INT64_MAX : n;
}

const vtc_type *vtc_type_element(const vtc_type *t) {
  return t->kind == VTC_TYPE_TENSOR ? t->element : t;
}
