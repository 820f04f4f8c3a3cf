/* Host tensors for the reference interpreter and the runtime: a dtype table,
 * owned row-major buffers, element access as double with rounding to the
 * storage type, and exact f16/bf16 <-> f32/f64 conversions. */
#ifndef VTC_RUNTIME_TENSOR_H
#define VTC_RUNTIME_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/support.h"
#include "ir/types.h" /* VTC_MAX_RANK */

typedef enum vtc_dtype {
  VTC_F32,
  VTC_F16,
  VTC_BF16,
  VTC_F64,
  VTC_I32,
  VTC_I64,
  VTC_I1,
  VTC_DTYPE_COUNT
} vtc_dtype;

/* Dtype sets, for kernels that accept only some element types. */
#define VTC_DTYPE_BIT(d) (1u << (d))
#define VTC_DTYPES_FLOAT \
  (VTC_DTYPE_BIT(VTC_F32) | VTC_DTYPE_BIT(VTC_F16) | VTC_DTYPE_BIT(VTC_BF16) | VTC_DTYPE_BIT(VTC_F64))
#define VTC_DTYPES_INT (VTC_DTYPE_BIT(VTC_I32) | VTC_DTYPE_BIT(VTC_I64))
#define VTC_DTYPES_NUMERIC (VTC_DTYPES_FLOAT | VTC_DTYPES_INT)
#define VTC_DTYPES_ALL (VTC_DTYPES_NUMERIC | VTC_DTYPE_BIT(VTC_I1))

/* One row of the dtype table. `npy_descr` is the numpy descr used by
 * runtime/npy.c (bf16 has none in numpy: see npy.h). */
typedef struct vtc_dtype_info {
  const char *name; /* as in MLIR: "f32", "bf16", "i1", ... */
  size_t size;      /* storage bytes per element */
  const char *npy_descr;
  bool is_float;
  double (*load)(const void *p);       /* exact for floats, and ints below 2^53 */
  void (*store)(void *p, double v);    /* rounds as vtc_tensor_set_f64 documents */
  int64_t (*load_i64)(const void *p);  /* exact for ints; floats as vtc_f64_to_i64 */
} vtc_dtype_info;

const vtc_dtype_info *vtc_dtype_get(vtc_dtype d);
const char *vtc_dtype_name(vtc_dtype d);
size_t vtc_dtype_size(vtc_dtype d);
bool vtc_dtype_is_float(vtc_dtype d);
/* Looks up an MLIR-style name ("f16"); returns 0 on success, -1 if unknown. */
int vtc_dtype_from_name(const char *name, vtc_dtype *out);

/* A shape; -1 marks a dimension unknown until run time (shape helpers only:
 * a vtc_tensor's dims are always known). */
typedef struct vtc_shape {
  int rank;
  int64_t dims[VTC_MAX_RANK];
} vtc_shape;

/* A dense row-major tensor. The struct is a value the caller owns; `data` is
 * owned by the struct (allocated by vtc_tensor_create, freed by
 * vtc_tensor_free) and holds numel elements in the dtype's storage format:
 * f16 and bf16 as uint16 bit patterns, i1 as one uint8 byte 0 or 1.
 * A zero-initialised struct is empty and safe to free. */
typedef struct vtc_tensor {
  vtc_dtype dtype;
  int rank;
  int64_t dims[VTC_MAX_RANK];
  void *data;
} vtc_tensor;

/* The most bytes one host allocation may ask for: the machine's physical
 * memory (read once). A larger request fails with a message without
 * reaching the allocator, which could only fail it later (or, under
 * AddressSanitizer, abort on it). */
uint64_t vtc_max_alloc_bytes(void);
/* Whether count elements of `size` bytes fit under vtc_max_alloc_bytes
 * (false on overflow too). */
bool vtc_alloc_fits(uint64_t count, uint64_t size);

/* Allocates a zero-filled tensor. Returns 0, or -1 with a message in err for
 * a bad rank, a negative dimension, a size overflow or exhausted memory (the
 * tensor is then left empty). `t` must not already own data. */
int vtc_tensor_create(vtc_tensor *t, vtc_dtype dtype, int rank, const int64_t *dims,
                      char *err, size_t errlen);
/* Same as vtc_tensor_create with the dims of `shape` (which must be static). */
int vtc_tensor_create_shape(vtc_tensor *t, vtc_dtype dtype, const vtc_shape *shape,
                            char *err, size_t errlen);
/* Deep copy into an empty `dst`. */
int vtc_tensor_clone(const vtc_tensor *src, vtc_tensor *dst, char *err, size_t errlen);
void vtc_tensor_free(vtc_tensor *t);
/* Frees each of n tensors and the heap array holding them (NULL is fine). */
void vtc_tensor_free_array(vtc_tensor *ts, unsigned n);

vtc_shape vtc_tensor_shape(const vtc_tensor *t);
int64_t vtc_tensor_numel(const vtc_tensor *t);
size_t vtc_tensor_nbytes(const vtc_tensor *t);
void *vtc_tensor_elem(const vtc_tensor *t, int64_t flat_index);

/* Element access by flat row-major index (not bounds-checked).
 * set rounds to the dtype: f32 by C conversion (round to nearest even),
 * f16 and bf16 by round to nearest even directly from double (no double
 * rounding through f32), overflow to +-inf; i32 and i64 truncate toward zero
 * and saturate at the type's limits, NaN becomes 0; i1 stores v != 0 (so NaN
 * is true, as in numpy). */
double vtc_tensor_get_f64(const vtc_tensor *t, int64_t flat_index);
void vtc_tensor_set_f64(vtc_tensor *t, int64_t flat_index, double v);
/* Exact for integer dtypes (i64 values above 2^53 survive); floats convert
 * as vtc_f64_to_i64. */
int64_t vtc_tensor_get_i64(const vtc_tensor *t, int64_t flat_index);

/* Truncation toward zero with saturation; NaN gives 0 (vtc_f64_to_i64 is
 * in ir/support.h, shared with the arith dialect's evaluator). */
int32_t vtc_f64_to_i32(double v);

/* IEEE binary16 and bfloat16 conversions. Widening is exact (subnormals,
 * infinities; NaN stays NaN with its sign). Narrowing rounds to nearest even,
 * produces subnormals and signed zeros, overflows to infinity, and maps NaN
 * to a quiet NaN of the same sign. */
double vtc_f16_to_f64(uint16_t h);
float vtc_f16_to_f32(uint16_t h);
uint16_t vtc_f64_to_f16(double v);
uint16_t vtc_f32_to_f16(float v);
double vtc_bf16_to_f64(uint16_t h);
float vtc_bf16_to_f32(uint16_t h);
uint16_t vtc_f64_to_bf16(double v);
uint16_t vtc_f32_to_bf16(float v);

/* snprintf into err when err is non-NULL; returns -1 so callers can
 * `return vtc_errorf(...)`. */
int vtc_errorf(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
