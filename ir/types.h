/* Builtin types, uniqued in the context: integers, index, floats, tensors with
 * static and dynamic (`?`) dimensions and an optional encoding, functions,
 * none, and dialect types (`!gir.slice<...>`). Equal means pointer-equal. */
#ifndef VTC_IR_TYPES_H
#define VTC_IR_TYPES_H

#include "ir/context.h"

struct vtc_attr;

typedef enum vtc_type_kind {
  VTC_TYPE_INTEGER, /* signless i1..i64 (any width 1..64) */
  VTC_TYPE_INDEX,
  VTC_TYPE_F16,
  VTC_TYPE_BF16,
  VTC_TYPE_F32,
  VTC_TYPE_F64,
  VTC_TYPE_NONE,
  VTC_TYPE_TENSOR,
  VTC_TYPE_FUNCTION,
  VTC_TYPE_DIALECT,
} vtc_type_kind;

/* A dynamic tensor dimension, as MLIR's ShapedType::kDynamic. */
#define VTC_DYNAMIC INT64_MIN

/* The largest rank the dialects' ops, host tensors (runtime/tensor.h) and
 * the lowerings handle; tensor types of any rank parse and print, and an op
 * that meets a larger one refuses it with a diagnostic. */
#define VTC_MAX_RANK 8

/* Uniqued and immutable. Fields by kind:
 *   integer:  width
 *   tensor:   rank, dims[rank], element, encoding (NULL = none)
 *   function: num_inputs, num_results, types[num_inputs + num_results]
 *   dialect:  dialect and mnemonic (interned) and body: the text between
 *             `<` and `>` (interned, "" when absent), or params when the
 *             dialect parses its types (an array attribute). */
typedef struct vtc_type {
  int32_t kind;
  uint32_t width;
  uint32_t rank, num_inputs, num_results, pad_;
  const struct vtc_type *element;
  const struct vtc_attr *encoding;
  const char *dialect, *mnemonic, *body;
  const struct vtc_attr *params;
  union {
    int64_t dim;
    const struct vtc_type *type;
  } tail[]; /* dims or types, by kind */
} vtc_type;

const vtc_type *vtc_type_integer(vtc_context *ctx, unsigned width);
const vtc_type *vtc_type_index(vtc_context *ctx);
const vtc_type *vtc_type_f16(vtc_context *ctx);
const vtc_type *vtc_type_bf16(vtc_context *ctx);
const vtc_type *vtc_type_f32(vtc_context *ctx);
const vtc_type *vtc_type_f64(vtc_context *ctx);
const vtc_type *vtc_type_none(vtc_context *ctx);
/* dims may contain VTC_DYNAMIC; encoding may be NULL. */
const vtc_type *vtc_type_tensor(vtc_context *ctx, unsigned rank, const int64_t *dims,
                                const vtc_type *element, const struct vtc_attr *encoding);
const vtc_type *vtc_type_function(vtc_context *ctx, unsigned num_inputs, const vtc_type *const *inputs,
                                  unsigned num_results, const vtc_type *const *results);
/* body must be interned (vtc_str/vtc_strn: it may hold NULs) or NULL. */
const vtc_type *vtc_type_dialect(vtc_context *ctx, const char *dialect, const char *mnemonic,
                                 const char *body, const struct vtc_attr *params);

bool vtc_type_is_integer(const vtc_type *t, unsigned width); /* width 0: any */
bool vtc_type_is_float(const vtc_type *t);
bool vtc_type_is_int_or_index(const vtc_type *t);
bool vtc_type_is_tensor(const vtc_type *t);
/* Bit width of a scalar integer or float type (index: 64), 0 otherwise. */
unsigned vtc_type_bit_width(const vtc_type *t);

static inline int64_t vtc_tensor_dim(const vtc_type *t, unsigned i) { return t->tail[i].dim; }
bool vtc_tensor_has_static_shape(const vtc_type *t);
/* Number of elements of a static tensor, -1 when any dimension is dynamic;
 * INT64_MAX when the product overflows (and no dimension is 0). */
int64_t vtc_tensor_num_elements(const vtc_type *t);
/* The element type of a tensor, or t itself for a scalar. */
const vtc_type *vtc_type_element(const vtc_type *t);

static inline const vtc_type *vtc_function_input(const vtc_type *t, unsigned i) { return t->tail[i].type; }
static inline const vtc_type *vtc_function_result(const vtc_type *t, unsigned i) {
  return t->tail[t->num_inputs + i].type;
}

#endif
