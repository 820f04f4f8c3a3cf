/* Builtin attributes, uniqued in the context: integer, float, string, bool,
 * unit, array, dictionary, type, symbol reference, dense elements (splat and
 * explicit), affine maps, and dialect attributes (`#vtc.layout<...>`). */
#ifndef VTC_IR_ATTRIBUTES_H
#define VTC_IR_ATTRIBUTES_H

#include "ir/affine.h"
#include "ir/context.h"
#include "ir/types.h"

typedef enum vtc_attr_kind {
  VTC_ATTR_INTEGER,
  VTC_ATTR_FLOAT,
  VTC_ATTR_STRING,
  VTC_ATTR_UNIT,
  VTC_ATTR_ARRAY,
  VTC_ATTR_DICTIONARY,
  VTC_ATTR_TYPE,
  VTC_ATTR_SYMBOL_REF,
  VTC_ATTR_DENSE,
  VTC_ATTR_AFFINE_MAP,
  VTC_ATTR_DIALECT,
} vtc_attr_kind;

typedef struct vtc_attr vtc_attr;

typedef struct vtc_named_attr {
  const char *name; /* interned; NULL in arrays */
  const vtc_attr *value;
} vtc_named_attr;

/* Uniqued and immutable. Fields by kind:
 *   integer:    type (integer or index), i
 *   float:      type, f
 *   string:     str (interned, may hold NULs: use vtc_str_len), type (NULL or typed string)
 *   array:      count, elems[count].value
 *   dictionary: count, elems[count] sorted by name
 *   type:       type
 *   symbol ref: str is the root; elems[count].name are the nested references
 *   dense:      type (a tensor type), splat, raw (interned bytes: one element
 *               when splat, else every element in row-major order, each in
 *               its storage format: i1 as one byte, f16/bf16 as 16 bits,
 *               index as 64 bits), or instead of raw a resource (the
 *               `dense_resource<name>` form: the same bytes, never splat,
 *               held by a blob of the context, ir/resources.h); read the
 *               bytes of either with vtc_dense_data
 *   affine map: map
 *   dialect:    dialect, mnemonic, body (text between < and >, interned) */
struct vtc_attr {
  int32_t kind;
  uint32_t count;
  int32_t splat, pad_;
  const vtc_type *type;
  int64_t i;
  double f;
  const char *str;
  const char *raw;
  const vtc_affine_map *map;
  const char *dialect, *mnemonic, *body;
  const struct vtc_resource *resource;
  vtc_named_attr elems[];
};

const vtc_attr *vtc_attr_integer(vtc_context *ctx, const vtc_type *type, int64_t value);
const vtc_attr *vtc_attr_i64(vtc_context *ctx, int64_t value);
const vtc_attr *vtc_attr_index(vtc_context *ctx, int64_t value);
/* The value is rounded to the type's precision (f16, bf16, f32, f64). */
const vtc_attr *vtc_attr_float(vtc_context *ctx, const vtc_type *type, double value);
const vtc_attr *vtc_attr_string(vtc_context *ctx, const char *s, size_t len);
const vtc_attr *vtc_attr_cstring(vtc_context *ctx, const char *s);
/* `true` and `false` are i1 integer attributes, as MLIR's BoolAttr. */
const vtc_attr *vtc_attr_bool(vtc_context *ctx, bool value);
bool vtc_attr_is_bool(const vtc_attr *a);
const vtc_attr *vtc_attr_unit(vtc_context *ctx);
const vtc_attr *vtc_attr_array(vtc_context *ctx, unsigned count, const vtc_attr *const *elems);
const vtc_attr *vtc_attr_i64_array(vtc_context *ctx, unsigned count, const int64_t *values);
/* Sorts by name; a repeated name is the caller's error (checked by assert). */
const vtc_attr *vtc_attr_dictionary(vtc_context *ctx, unsigned count, const vtc_named_attr *elems);
const vtc_attr *vtc_attr_type(vtc_context *ctx, const vtc_type *type);
const vtc_attr *vtc_attr_symbol_ref(vtc_context *ctx, const char *root, unsigned num_nested,
                                    const char *const *nested);
/* raw holds `bytes` bytes: one element (splat) or all of them. */
const vtc_attr *vtc_attr_dense(vtc_context *ctx, const vtc_type *tensor_type, bool splat,
                               const void *raw, size_t bytes);
/* `dense_resource<name> : tensor_type`: dense elements whose bytes (in the
 * storage format above, every element) live in resource r. */
struct vtc_resource;
const vtc_attr *vtc_attr_dense_resource(vtc_context *ctx, const vtc_type *tensor_type,
                                        const struct vtc_resource *r);
const vtc_attr *vtc_attr_affine_map(vtc_context *ctx, const vtc_affine_map *map);
/* body must be interned (vtc_str/vtc_strn: it may hold NULs) or NULL. */
const vtc_attr *vtc_attr_dialect(vtc_context *ctx, const char *dialect, const char *mnemonic,
                                 const char *body);

/* Dictionary lookup by interned or plain name; NULL when absent. */
const vtc_attr *vtc_attr_dict_get(const vtc_attr *dict, const char *name);

/* Dense elements access, converting from the storage format. The getters
 * read 0 from a dense_resource whose blob is missing (elided) or too short:
 * check vtc_dense_data first where the values matter. */
size_t vtc_dense_element_size(const vtc_type *element);
/* The storage bytes of a dense attribute (inline or resource), or NULL
 * when a resource's blob is missing or holds fewer bytes than the type
 * needs. */
const void *vtc_dense_data(const vtc_attr *dense);
/* Bytes a non-splat dense value of this tensor type holds (-1: dynamic). */
int64_t vtc_dense_byte_size(const vtc_type *tensor_type);
int64_t vtc_dense_num_elements(const vtc_attr *dense);
double vtc_dense_get_f64(const vtc_attr *dense, int64_t index);
int64_t vtc_dense_get_i64(const vtc_attr *dense, int64_t index);
/* Writes value into storage of the given element type (rounding floats). */
void vtc_dense_store(const vtc_type *element, void *dst, double fvalue, int64_t ivalue);

/* Rounds a double to a float type's precision. */
double vtc_float_round(const vtc_type *type, double value);
uint16_t vtc_f16_from_double(double v);
double vtc_f16_to_double(uint16_t bits);
uint16_t vtc_bf16_from_double(double v);
double vtc_bf16_to_double(uint16_t bits);

/* An integer value wrapped to the type's width and sign-extended, as MLIR
 * prints signless integers (i8 255 is -1); i1 is 0 or 1 (true/false). */
int64_t vtc_int_truncate(const vtc_type *type, int64_t value);

#endif
