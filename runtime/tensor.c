/* Host tensors: the dtype table, allocation, element access through double,
 * and the f16/bf16 conversions (one generic routine for both 16-bit float
 * formats, parameterised by exponent and mantissa width). */
#include "runtime/tensor.h"

#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int vtc_errorf(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* ---- 16-bit floats ------------------------------------------------------ */

typedef struct half_format {
  int exp_bits, mant_bits;
} half_format;

static const half_format F16_FORMAT = {5, 10};
static const half_format BF16_FORMAT = {8, 7};

static int half_bias(half_format f) { return (1 << (f.exp_bits - 1)) - 1; }

/* Exact, and built from bits rather than ldexp: the interpreters widen
 * every 16-bit element they read, and ldexp made that most of their time. */
static double half_widen(uint16_t h, half_format f) {
  int exp_max = (1 << f.exp_bits) - 1;
  int e = (h >> f.mant_bits) & exp_max;
  uint64_t m = h & ((1u << f.mant_bits) - 1);
  uint64_t bits = (uint64_t)(h >> 15) << 63;
  if (e == exp_max) {
    bits |= UINT64_C(0x7ff) << 52 | (m ? UINT64_C(1) << 51 : 0);
  } else if (e || m) {
    int exp = e - half_bias(f);
    if (!e) { /* subnormal: normalise m so that its leading one is implicit */
      exp = 1 - half_bias(f);
      while (!(m >> f.mant_bits)) {
        m <<= 1;
        exp--;
      }
      m &= (UINT64_C(1) << f.mant_bits) - 1;
    }
    bits |= (uint64_t)(exp + 1023) << 52 | m << (52 - f.mant_bits);
  }
  double v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

/* Rounds |significand| m (53 bits) right by `shift` bits, to nearest even. */
static uint64_t round_shift_even(uint64_t m, int shift) {
  if (shift > 63) return 0; /* m < 2^53 is below half of 2^shift */
  uint64_t q = m >> shift;
  uint64_t rem = m & ((UINT64_C(1) << shift) - 1);
  uint64_t half = UINT64_C(1) << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) q++;
  return q;
}

/* Rounds straight from double so that no value is rounded twice. The
 * encoding ((exponent - 1) << mant_bits) + q works for subnormals (exponent
 * field 0) and lets a carry out of the mantissa bump the exponent. */
static uint16_t half_narrow(double v, half_format f) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  uint16_t sign = (uint16_t)((bits >> 63) << 15);
  int dexp = (int)((bits >> 52) & 0x7ff);
  uint64_t dmant = bits & ((UINT64_C(1) << 52) - 1);
  uint16_t inf = (uint16_t)(((1u << f.exp_bits) - 1) << f.mant_bits);
  if (dexp == 0x7ff) {
    if (dmant == 0) return sign | inf;
    uint16_t payload = (uint16_t)(dmant >> (52 - f.mant_bits));
    return sign | inf | (uint16_t)(1u << (f.mant_bits - 1)) | payload;
  }
  if (dexp == 0) return sign; /* zero or below 2^-1022: rounds to zero */
  int bias = half_bias(f);
  int e = dexp - 1023;
  int target_e = e > 1 - bias ? e : 1 - bias;
  uint64_t q = round_shift_even(dmant | (UINT64_C(1) << 52), 52 - f.mant_bits + (target_e - e));
  int64_t enc = ((int64_t)(target_e + bias - 1) << f.mant_bits) + (int64_t)q;
  if (enc >= inf) return sign | inf;
  return sign | (uint16_t)enc;
}

double vtc_f16_to_f64(uint16_t h) { return half_widen(h, F16_FORMAT); }
float vtc_f16_to_f32(uint16_t h) { return (float)half_widen(h, F16_FORMAT); }
uint16_t vtc_f64_to_f16(double v) { return half_narrow(v, F16_FORMAT); }
uint16_t vtc_f32_to_f16(float v) { return half_narrow(v, F16_FORMAT); }
double vtc_bf16_to_f64(uint16_t h) { return half_widen(h, BF16_FORMAT); }
float vtc_bf16_to_f32(uint16_t h) { return (float)half_widen(h, BF16_FORMAT); }
uint16_t vtc_f64_to_bf16(double v) { return half_narrow(v, BF16_FORMAT); }
uint16_t vtc_f32_to_bf16(float v) { return half_narrow(v, BF16_FORMAT); }

/* ---- integer conversions ------------------------------------------------ */

int32_t vtc_f64_to_i32(double v) {
  if (v != v) return 0;
  if (v >= 2147483647.0) return INT32_MAX;
  if (v <= -2147483648.0) return INT32_MIN;
  return (int32_t)v;
}

/* ---- the dtype table ---------------------------------------------------- */

/* memcpy keeps the accessors free of alignment and aliasing assumptions. */
#define DEFINE_ACCESS(name, T, to_double, from_double)                  \
  static double load_##name(const void *p) {                            \
    T x;                                                                \
    memcpy(&x, p, sizeof x);                                            \
    return to_double(x);                                                \
  }                                                                     \
  static void store_##name(void *p, double v) {                         \
    T x = from_double(v);                                               \
    memcpy(p, &x, sizeof x);                                            \
  }
/* Floats reach int64 through double. */
#define DEFINE_FLOAT_LOAD_I64(name) \
  static int64_t int_of_##name(const void *p) { return vtc_f64_to_i64(load_##name(p)); }

#define AS_DOUBLE(x) ((double)(x))
#define TO_F32(v) ((float)(v))
#define TO_F64(v) (v)
#define TO_I1(v) ((uint8_t)((v) != 0))

DEFINE_ACCESS(f32, float, AS_DOUBLE, TO_F32)
DEFINE_ACCESS(f16, uint16_t, vtc_f16_to_f64, vtc_f64_to_f16)
DEFINE_ACCESS(bf16, uint16_t, vtc_bf16_to_f64, vtc_f64_to_bf16)
DEFINE_ACCESS(f64, double, AS_DOUBLE, TO_F64)
DEFINE_ACCESS(i32, int32_t, AS_DOUBLE, vtc_f64_to_i32)
DEFINE_ACCESS(i64, int64_t, AS_DOUBLE, vtc_f64_to_i64)
DEFINE_ACCESS(i1, uint8_t, AS_DOUBLE, TO_I1)
DEFINE_FLOAT_LOAD_I64(f32)
DEFINE_FLOAT_LOAD_I64(f16)
DEFINE_FLOAT_LOAD_I64(bf16)
DEFINE_FLOAT_LOAD_I64(f64)

/* Integers load exactly rather than through double. */
static int64_t int_of_i32(const void *p) {
  int32_t x;
  memcpy(&x, p, sizeof x);
  return x;
}
static int64_t int_of_i64(const void *p) {
  int64_t x;
  memcpy(&x, p, sizeof x);
  return x;
}
static int64_t int_of_i1(const void *p) { return *(const uint8_t *)p != 0; }

static const vtc_dtype_info DTYPES[VTC_DTYPE_COUNT] = {
    [VTC_F32] = {"f32", 4, "<f4", true, load_f32, store_f32, int_of_f32},
    [VTC_F16] = {"f16", 2, "<f2", true, load_f16, store_f16, int_of_f16},
    [VTC_BF16] = {"bf16", 2, "<u2", true, load_bf16, store_bf16, int_of_bf16},
    [VTC_F64] = {"f64", 8, "<f8", true, load_f64, store_f64, int_of_f64},
    [VTC_I32] = {"i32", 4, "<i4", false, load_i32, store_i32, int_of_i32},
    [VTC_I64] = {"i64", 8, "<i8", false, load_i64, store_i64, int_of_i64},
    [VTC_I1] = {"i1", 1, "|b1", false, load_i1, store_i1, int_of_i1},
};

const vtc_dtype_info *vtc_dtype_get(vtc_dtype d) {
  return (unsigned)d < VTC_DTYPE_COUNT ? &DTYPES[d] : NULL;
}

const char *vtc_dtype_name(vtc_dtype d) {
  return (unsigned)d < VTC_DTYPE_COUNT ? DTYPES[d].name : "?";
}

size_t vtc_dtype_size(vtc_dtype d) { return DTYPES[d].size; }
bool vtc_dtype_is_float(vtc_dtype d) { return DTYPES[d].is_float; }

int vtc_dtype_from_name(const char *name, vtc_dtype *out) {
  for (int d = 0; d < VTC_DTYPE_COUNT; d++) {
    if (strcmp(DTYPES[d].name, name) == 0) {
      *out = (vtc_dtype)d;
      return 0;
    }
  }
  return -1;
}

/* ---- tensors ------------------------------------------------------------ */

uint64_t vtc_max_alloc_bytes(void) {
  static _Atomic uint64_t limit; /* 0: not read yet (a benign race reads it twice) */
  uint64_t l = limit;
  if (!l) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    l = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_C(1) << 40;
    limit = l;
  }
  return l;
}

bool vtc_alloc_fits(uint64_t count, uint64_t size) {
  uint64_t bytes;
  return !__builtin_mul_overflow(count, size, &bytes) && bytes <= vtc_max_alloc_bytes();
}

int vtc_tensor_create(vtc_tensor *t, vtc_dtype dtype, int rank, const int64_t *dims,
                      char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  if ((unsigned)dtype >= VTC_DTYPE_COUNT) return vtc_errorf(err, errlen, "invalid dtype %d", (int)dtype);
  if (rank < 0 || rank > VTC_MAX_RANK)
    return vtc_errorf(err, errlen, "rank %d is outside [0, %d]", rank, VTC_MAX_RANK);
  int64_t numel = 1;
  for (int i = 0; i < rank; i++) {
    if (dims[i] < 0) return vtc_errorf(err, errlen, "dimension %d is negative (%lld)", i, (long long)dims[i]);
    if (dims[i] && numel > INT64_MAX / dims[i]) return vtc_errorf(err, errlen, "tensor size overflows");
    numel *= dims[i];
  }
  size_t size = DTYPES[dtype].size;
  if ((uint64_t)numel > SIZE_MAX / size) return vtc_errorf(err, errlen, "tensor size overflows");
  if (!vtc_alloc_fits((uint64_t)numel, size))
    return vtc_errorf(err, errlen, "out of memory allocating %lld elements (%llu bytes; the machine has %llu)",
                      (long long)numel, (unsigned long long)numel * size, (unsigned long long)vtc_max_alloc_bytes());
  /* calloc(1, ...) for empty tensors keeps data non-NULL. */
  void *data = calloc(numel ? (size_t)numel : 1, size);
  if (!data) return vtc_errorf(err, errlen, "out of memory allocating %lld elements", (long long)numel);
  t->dtype = dtype;
  t->rank = rank;
  for (int i = 0; i < rank; i++) t->dims[i] = dims[i];
  t->data = data;
  return 0;
}

int vtc_tensor_create_shape(vtc_tensor *t, vtc_dtype dtype, const vtc_shape *shape,
                            char *err, size_t errlen) {
  return vtc_tensor_create(t, dtype, shape->rank, shape->dims, err, errlen);
}

int vtc_tensor_clone(const vtc_tensor *src, vtc_tensor *dst, char *err, size_t errlen) {
  if (vtc_tensor_create(dst, src->dtype, src->rank, src->dims, err, errlen)) return -1;
  memcpy(dst->data, src->data, vtc_tensor_nbytes(src));
  return 0;
}

void vtc_tensor_free(vtc_tensor *t) {
  free(t->data);
  t->data = NULL;
}

void vtc_tensor_free_array(vtc_tensor *ts, unsigned n) {
  if (!ts) return;
  for (unsigned i = 0; i < n; i++) vtc_tensor_free(&ts[i]);
  free(ts);
}

vtc_shape vtc_tensor_shape(const vtc_tensor *t) {
  vtc_shape s = {.rank = t->rank};
  for (int i = 0; i < t->rank; i++) s.dims[i] = t->dims[i];
  return s;
}

int64_t vtc_tensor_numel(const vtc_tensor *t) {
  int64_t n = 1;
  for (int i = 0; i < t->rank; i++) n *= t->dims[i];
  return n;
}

size_t vtc_tensor_nbytes(const vtc_tensor *t) {
  return (size_t)vtc_tensor_numel(t) * DTYPES[t->dtype].size;
}

void *vtc_tensor_elem(const vtc_tensor *t, int64_t flat_index) {
  return (char *)t->data + (size_t)flat_index * DTYPES[t->dtype].size;
}

double vtc_tensor_get_f64(const vtc_tensor *t, int64_t flat_index) {
  return DTYPES[t->dtype].load(vtc_tensor_elem(t, flat_index));
}

void vtc_tensor_set_f64(vtc_tensor *t, int64_t flat_index, double v) {
  DTYPES[t->dtype].store(vtc_tensor_elem(t, flat_index), v);
}

int64_t vtc_tensor_get_i64(const vtc_tensor *t, int64_t flat_index) {
  return DTYPES[t->dtype].load_i64(vtc_tensor_elem(t, flat_index));
}
