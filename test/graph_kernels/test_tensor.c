/* Unit tests of runtime/tensor.c and runtime/npy.c: f16 and bf16 conversion
 * edge cases (exhaustive round trips, ties, subnormals, overflow, NaN),
 * against the compiler's _Float16 where it has one; saturating integer
 * stores; tensor creation errors; an in-memory .npy round trip per dtype. */
#include "runtime/npy.h"
#include "runtime/tensor.h"
#include "test/unit/unit.h"

#include <math.h>
#include <stdlib.h>

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float f32_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static bool f16_is_nan(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
static bool bf16_is_nan(uint16_t h) { return (h & 0x7f80) == 0x7f80 && (h & 0x7f); }

/* A small deterministic generator (xorshift) so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void test_f16_round_trip_exhaustive(void) {
  int bad = 0;
  for (uint32_t h = 0; h < 65536; h++) {
    uint16_t back32 = vtc_f32_to_f16(vtc_f16_to_f32((uint16_t)h));
    uint16_t back64 = vtc_f64_to_f16(vtc_f16_to_f64((uint16_t)h));
    if (f16_is_nan((uint16_t)h))
      bad += !f16_is_nan(back32) || !f16_is_nan(back64) || (back32 & 0x8000) != (h & 0x8000);
    else
      bad += back32 != h || back64 != h;
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_bf16_round_trip_exhaustive(void) {
  int bad = 0;
  for (uint32_t h = 0; h < 65536; h++) {
    uint16_t back = vtc_f32_to_bf16(vtc_bf16_to_f32((uint16_t)h));
    float wide = vtc_bf16_to_f32((uint16_t)h);
    if (bf16_is_nan((uint16_t)h)) {
      bad += !bf16_is_nan(back) || !isnan(wide);
    } else {
      bad += back != h;
      bad += f32_bits(wide) != (h << 16); /* bf16 is the top half of an f32 */
    }
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_f16_values(void) {
  CHECK_EQ_INT(vtc_f32_to_f16(0.0f), 0x0000);
  CHECK_EQ_INT(vtc_f32_to_f16(-0.0f), 0x8000);
  CHECK_EQ_INT(vtc_f32_to_f16(1.0f), 0x3c00);
  CHECK_EQ_INT(vtc_f32_to_f16(-2.0f), 0xc000);
  CHECK_EQ_INT(vtc_f32_to_f16(65504.0f), 0x7bff);       /* largest finite */
  CHECK_EQ_INT(vtc_f64_to_f16(65519.99), 0x7bff);       /* just below the overflow tie */
  CHECK_EQ_INT(vtc_f32_to_f16(65520.0f), 0x7c00);       /* the tie rounds to even: inf */
  CHECK_EQ_INT(vtc_f32_to_f16(1e6f), 0x7c00);
  CHECK_EQ_INT(vtc_f32_to_f16(-INFINITY), 0xfc00);
  CHECK(f16_is_nan(vtc_f32_to_f16(NAN)));
  CHECK(f16_is_nan(vtc_f32_to_f16(f32_of(0x7f800001)))); /* signalling NaN stays NaN */
  CHECK_EQ_INT(vtc_f32_to_f16(f32_of(0xffc00000)) & 0x8000, 0x8000);
  CHECK_EQ_INT(vtc_f64_to_f16(0x1p-24), 0x0001);        /* smallest subnormal */
  CHECK_EQ_INT(vtc_f64_to_f16(0x1p-25), 0x0000);        /* tie between 0 and 1: even */
  CHECK_EQ_INT(vtc_f64_to_f16(0x1.8p-25), 0x0001);
  CHECK_EQ_INT(vtc_f64_to_f16(0x3p-25), 0x0002);        /* tie between 1 and 2: even */
  CHECK_EQ_INT(vtc_f64_to_f16(1023 * 0x1p-24), 0x03ff); /* largest subnormal */
  CHECK_EQ_INT(vtc_f64_to_f16(0x1p-14), 0x0400);        /* smallest normal */
  CHECK_EQ_INT(vtc_f64_to_f16(0x1p-14 - 0x1p-25), 0x0400); /* rounds up into the normals */
  CHECK_EQ_INT(vtc_f64_to_f16(-1e-30), 0x8000);
  CHECK_EQ_INT(vtc_f64_to_f16(-4.9e-324), 0x8000);      /* double subnormal keeps its sign */
  CHECK_EQ_INT(vtc_f64_to_f16(1 + 0x1p-11), 0x3c00);    /* tie: even */
  CHECK_EQ_INT(vtc_f64_to_f16(1 + 0x3p-11), 0x3c02);    /* tie: even, upward */
  CHECK_EQ_INT(vtc_f64_to_f16(1 + 0x1p-11 + 0x1p-40), 0x3c01); /* above the tie: no double rounding */
  CHECK(vtc_f16_to_f64(0x0001) == 0x1p-24);
  CHECK(vtc_f16_to_f64(0x7bff) == 65504.0);
  CHECK(isinf(vtc_f16_to_f64(0x7c00)) && vtc_f16_to_f64(0x7c00) > 0);
  CHECK(isinf(vtc_f16_to_f64(0xfc00)) && vtc_f16_to_f64(0xfc00) < 0);
  CHECK(isnan(vtc_f16_to_f64(0x7e00)));
  CHECK(signbit(vtc_f16_to_f64(0x8000)) && vtc_f16_to_f64(0x8000) == 0);
}

static void test_bf16_values(void) {
  CHECK_EQ_INT(vtc_f32_to_bf16(1.0f), 0x3f80);
  CHECK_EQ_INT(vtc_f32_to_bf16(-0.0f), 0x8000);
  CHECK_EQ_INT(vtc_f64_to_bf16(3.3895313892515355e38), 0x7f7f); /* largest finite */
  CHECK_EQ_INT(vtc_f32_to_bf16(3.4028235e38f), 0x7f80);         /* FLT_MAX rounds to inf */
  CHECK_EQ_INT(vtc_f64_to_bf16(1 + 0x1p-8), 0x3f80);            /* tie: even */
  CHECK_EQ_INT(vtc_f64_to_bf16(1 + 0x3p-8), 0x3f82);
  CHECK_EQ_INT(vtc_f64_to_bf16(1 + 0x1p-8 + 0x1p-45), 0x3f81);  /* no double rounding */
  CHECK_EQ_INT(vtc_f64_to_bf16(0x1p-133), 0x0001);              /* smallest subnormal */
  CHECK_EQ_INT(vtc_f64_to_bf16(0x1p-134), 0x0000);
  CHECK_EQ_INT(vtc_f64_to_bf16(0x1.8p-134), 0x0001);
  CHECK_EQ_INT(vtc_f64_to_bf16(-1e-300), 0x8000);
  CHECK_EQ_INT(vtc_f32_to_bf16(f32_of(0x7fc00000)), 0x7fc0);
  CHECK(bf16_is_nan(vtc_f32_to_bf16(f32_of(0x7f800001)))); /* naive truncation gives inf */
  CHECK_EQ_INT(vtc_f32_to_bf16(INFINITY), 0x7f80);
  CHECK(vtc_bf16_to_f64(0x0001) == 0x1p-133);
}

/* The usual bit trick is right for every finite float: carries ripple into
 * the exponent, and overflow lands exactly on infinity. */
static uint16_t bf16_reference(uint32_t bits) {
  return (uint16_t)((bits + 0x7fffu + ((bits >> 16) & 1)) >> 16);
}

static void test_bf16_against_bit_trick(void) {
  int bad = 0;
  for (int i = 0; i < 2000000; i++) {
    uint32_t bits = (uint32_t)next_random();
    if ((bits & 0x7f800000) == 0x7f800000) continue;
    bad += vtc_f32_to_bf16(f32_of(bits)) != bf16_reference(bits);
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_f16_against_compiler(void) {
#ifdef __FLT16_MAX__
  int bad = 0;
  for (int i = 0; i < 2000000; i++) {
    uint64_t r = next_random();
    float f = f32_of((uint32_t)r);
    /* doubles in and around the f16 range, bits below f32 precision set */
    double d = ldexp(1.0 + (double)(r >> 12) * 0x1p-52, (int)(r % 60) - 40) * ((r >> 11) & 1 ? -1 : 1);
    __extension__ _Float16 hf = (_Float16)f, hd = (_Float16)d; /* an oracle, not ISO C */
    uint16_t want_f, want_d;
    memcpy(&want_f, &hf, 2);
    memcpy(&want_d, &hd, 2);
    if (isnan(f)) bad += !f16_is_nan(vtc_f32_to_f16(f));
    else bad += vtc_f32_to_f16(f) != want_f;
    bad += vtc_f64_to_f16(d) != want_d;
  }
  CHECK_EQ_INT(bad, 0);
#endif
}

static void test_integer_stores(void) {
  vtc_tensor t = {0};
  int64_t dims[1] = {4};
  CHECK_EQ_INT(vtc_tensor_create(&t, VTC_I32, 1, dims, NULL, 0), 0);
  double in[4] = {1e10, -1e10, NAN, -2.9};
  int32_t want[4] = {INT32_MAX, INT32_MIN, 0, -2};
  for (int i = 0; i < 4; i++) {
    vtc_tensor_set_f64(&t, i, in[i]);
    CHECK_EQ_INT(((int32_t *)t.data)[i], want[i]);
  }
  vtc_tensor_free(&t);
  CHECK_EQ_INT(vtc_tensor_create(&t, VTC_I64, 1, dims, NULL, 0), 0);
  vtc_tensor_set_f64(&t, 0, 1e19);
  vtc_tensor_set_f64(&t, 1, -1e19);
  ((int64_t *)t.data)[2] = (INT64_C(1) << 62) + 1;
  CHECK(((int64_t *)t.data)[0] == INT64_MAX && ((int64_t *)t.data)[1] == INT64_MIN);
  CHECK(vtc_tensor_get_i64(&t, 2) == (INT64_C(1) << 62) + 1); /* exact, not through double */
  vtc_tensor_free(&t);
  CHECK_EQ_INT(vtc_tensor_create(&t, VTC_I1, 1, dims, NULL, 0), 0);
  vtc_tensor_set_f64(&t, 0, NAN);
  vtc_tensor_set_f64(&t, 1, -0.0);
  vtc_tensor_set_f64(&t, 2, 0.25);
  CHECK(((uint8_t *)t.data)[0] == 1 && ((uint8_t *)t.data)[1] == 0 && ((uint8_t *)t.data)[2] == 1);
  vtc_tensor_free(&t);
}

static void test_create_errors(void) {
  vtc_tensor t = {0};
  char err[128];
  int64_t dims[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(vtc_tensor_create(&t, VTC_F32, 9, dims, err, sizeof err) != 0 && strstr(err, "rank"));
  int64_t neg[2] = {2, -1};
  CHECK(vtc_tensor_create(&t, VTC_F32, 2, neg, err, sizeof err) != 0 && strstr(err, "negative"));
  int64_t huge[3] = {INT64_C(1) << 40, INT64_C(1) << 40, 4};
  CHECK(vtc_tensor_create(&t, VTC_F32, 3, huge, err, sizeof err) != 0 && strstr(err, "overflow"));
  CHECK(t.data == NULL);
  int64_t empty[2] = {0, 3};
  CHECK_EQ_INT(vtc_tensor_create(&t, VTC_F16, 2, empty, err, sizeof err), 0);
  CHECK(t.data != NULL && vtc_tensor_numel(&t) == 0);
  vtc_tensor_free(&t);
  vtc_tensor_free(&t); /* freeing twice is harmless */
}

static void test_dtype_names(void) {
  for (int d = 0; d < VTC_DTYPE_COUNT; d++) {
    vtc_dtype back;
    CHECK_EQ_INT(vtc_dtype_from_name(vtc_dtype_name((vtc_dtype)d), &back), 0);
    CHECK_EQ_INT(back, d);
  }
  vtc_dtype unused;
  CHECK(vtc_dtype_from_name("f8", &unused) != 0);
  CHECK_EQ_STR(vtc_dtype_name(VTC_BF16), "bf16");
  CHECK_EQ_INT(vtc_dtype_size(VTC_I1), 1);
}

static void test_npy_round_trip(void) {
  for (int d = 0; d < VTC_DTYPE_COUNT; d++) {
    vtc_tensor t = {0}, back = {0};
    int64_t dims[3] = {2, 3, 1};
    void *buf;
    size_t len;
    char err[256];
    CHECK_EQ_INT(vtc_tensor_create(&t, (vtc_dtype)d, 3, dims, err, sizeof err), 0);
    for (int i = 0; i < 6; i++) vtc_tensor_set_f64(&t, i, i - 2.5);
    CHECK_EQ_INT(vtc_npy_encode(&t, &buf, &len, err, sizeof err), 0);
    unsigned hlen = ((unsigned char *)buf)[8] | ((unsigned char *)buf)[9] << 8;
    CHECK_EQ_INT((10 + hlen) % 64, 0); /* data aligned as numpy aligns it */
    CHECK_EQ_INT(vtc_npy_parse(buf, len, &back, err, sizeof err), 0);
    CHECK_EQ_INT(back.dtype, d);
    CHECK_EQ_INT(back.rank, 3);
    CHECK(back.dims[0] == 2 && back.dims[1] == 3 && back.dims[2] == 1);
    CHECK(back.data && memcmp(back.data, t.data, vtc_tensor_nbytes(&t)) == 0);
    for (size_t cut = 0; cut < len; cut += 7) { /* every prefix fails cleanly */
      vtc_tensor partial = {0};
      CHECK(vtc_npy_parse(buf, cut, &partial, err, sizeof err) != 0 && partial.data == NULL);
    }
    free(buf);
    vtc_tensor_free(&t);
    vtc_tensor_free(&back);
  }
}

int main(void) {
  UNIT_RUN(test_f16_round_trip_exhaustive);
  UNIT_RUN(test_bf16_round_trip_exhaustive);
  UNIT_RUN(test_f16_values);
  UNIT_RUN(test_bf16_values);
  UNIT_RUN(test_bf16_against_bit_trick);
  UNIT_RUN(test_f16_against_compiler);
  UNIT_RUN(test_integer_stores);
  UNIT_RUN(test_create_errors);
  UNIT_RUN(test_dtype_names);
  UNIT_RUN(test_npy_round_trip);
  return UNIT_RESULT();
}
