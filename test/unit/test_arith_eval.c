/* vtc_arith_eval (dialects/arith/arith_eval.h) at the edges where its two
 * modes differ: FOLD refuses what MLIR's folder refuses, RUN gives IEEE
 * results, wraps integers (i1 as 0/1) and reports integer division errors. */
#include <math.h>

#include "dialects/arith/arith_eval.h"
#include "unit.h"

static const vtc_type *i1, *i32, *i64, *idx, *f32, *f64;

static vtc_arith_scalar I(int64_t v) {
  vtc_arith_scalar s = {v, 0};
  return s;
}
static vtc_arith_scalar F(double v) {
  vtc_arith_scalar s = {0, v};
  return s;
}

/* Evaluates a binary op; returns whether it succeeded, the result in *out. */
static bool ev(vtc_arith_opcode c, const vtc_type *t, const vtc_type *rt, int64_t pred, vtc_arith_eval_mode m,
               vtc_arith_scalar a, vtc_arith_scalar b, vtc_arith_scalar *out, const char **why) {
  vtc_arith_scalar in[3] = {a, b, I(0)};
  return vtc_arith_eval(c, t, rt, pred, m, in, out, why);
}

#define FOLD VTC_ARITH_EVAL_FOLD
#define RUN VTC_ARITH_EVAL_RUN

static void test_integer_division(void) {
  vtc_arith_scalar r;
  const char *why = "x";
  CHECK(!ev(VTC_ARITH_DIVSI, i32, i32, 0, FOLD, I(7), I(0), &r, &why));
  CHECK(why == NULL);
  CHECK(!ev(VTC_ARITH_DIVSI, i32, i32, 0, RUN, I(7), I(0), &r, &why));
  CHECK_EQ_STR(why, "integer division by zero or overflow");
  CHECK(!ev(VTC_ARITH_REMUI, i32, i32, 0, RUN, I(7), I(0), &r, &why));
  CHECK_EQ_STR(why, "integer division by zero");
  /* smin / -1: FOLD refuses at the type's width, RUN wraps below 64 bits. */
  CHECK(!ev(VTC_ARITH_DIVSI, i32, i32, 0, FOLD, I(INT32_MIN), I(-1), &r, NULL));
  CHECK(ev(VTC_ARITH_DIVSI, i32, i32, 0, RUN, I(INT32_MIN), I(-1), &r, NULL));
  CHECK_EQ_INT(r.i, INT32_MIN);
  CHECK(!ev(VTC_ARITH_DIVSI, i64, i64, 0, RUN, I(INT64_MIN), I(-1), &r, NULL));
  /* remsi by -1 folds to 0; RUN errors only at INT64_MIN. */
  CHECK(ev(VTC_ARITH_REMSI, i64, i64, 0, FOLD, I(INT64_MIN), I(-1), &r, NULL));
  CHECK_EQ_INT(r.i, 0);
  CHECK(!ev(VTC_ARITH_REMSI, i64, i64, 0, RUN, I(INT64_MIN), I(-1), &r, NULL));
  /* floor/ceil rounding, both modes. */
  for (int m = FOLD; m <= RUN; m++) {
    CHECK(ev(VTC_ARITH_FLOORDIVSI, i32, i32, 0, (vtc_arith_eval_mode)m, I(-7), I(2), &r, NULL));
    CHECK_EQ_INT(r.i, -4);
    CHECK(ev(VTC_ARITH_CEILDIVSI, i32, i32, 0, (vtc_arith_eval_mode)m, I(7), I(2), &r, NULL));
    CHECK_EQ_INT(r.i, 4);
  }
  CHECK(ev(VTC_ARITH_CEILDIVUI, i32, i32, 0, FOLD, I(-1), I(2), &r, NULL));
  CHECK_EQ_INT(r.i, 0x80000000ll);
  CHECK(ev(VTC_ARITH_CEILDIVUI, i32, i32, 0, RUN, I(-1), I(2), &r, NULL));
  CHECK_EQ_INT(r.i, INT32_MIN);
  /* ceildivsi with a smin operand: MLIR's folder gives up, RUN computes. */
  CHECK(!ev(VTC_ARITH_CEILDIVSI, i32, i32, 0, FOLD, I(INT32_MIN), I(3), &r, NULL));
  CHECK(ev(VTC_ARITH_CEILDIVSI, i32, i32, 0, RUN, I(INT32_MIN), I(3), &r, NULL));
  CHECK_EQ_INT(r.i, -715827882);
}

static void test_shifts_and_wrapping(void) {
  vtc_arith_scalar r;
  CHECK(!ev(VTC_ARITH_SHLI, i32, i32, 0, FOLD, I(1), I(32), &r, NULL));
  CHECK(ev(VTC_ARITH_SHLI, i32, i32, 0, RUN, I(1), I(32), &r, NULL));
  CHECK_EQ_INT(r.i, 0);
  CHECK(ev(VTC_ARITH_SHRSI, i32, i32, 0, RUN, I(-8), I(40), &r, NULL));
  CHECK_EQ_INT(r.i, -1);
  CHECK(ev(VTC_ARITH_SHRUI, i32, i32, 0, RUN, I(-8), I(1), &r, NULL));
  CHECK_EQ_INT(r.i, 0x7ffffffc);
  /* RUN wraps to the type; FOLD leaves that to the attribute. */
  CHECK(ev(VTC_ARITH_ADDI, i32, i32, 0, RUN, I(INT32_MAX), I(1), &r, NULL));
  CHECK_EQ_INT(r.i, INT32_MIN);
  CHECK(ev(VTC_ARITH_ADDI, i32, i32, 0, FOLD, I(INT32_MAX), I(1), &r, NULL));
  CHECK_EQ_INT(r.i, (int64_t)INT32_MAX + 1);
  /* i1: RUN keeps 0/1; true is -1 as a signed value in both modes. */
  CHECK(ev(VTC_ARITH_ANDI, i1, i1, 0, RUN, I(1), I(1), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
  CHECK(ev(VTC_ARITH_CMPI, i1, i1, VTC_CMPI_SLT, RUN, I(1), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
  CHECK(ev(VTC_ARITH_CMPI, i1, i1, VTC_CMPI_SLT, FOLD, I(1), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
  CHECK(ev(VTC_ARITH_EXTSI, i1, i32, 0, RUN, I(1), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, -1);
  CHECK(ev(VTC_ARITH_EXTUI, i1, i32, 0, RUN, I(1), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
  CHECK(ev(VTC_ARITH_SITOFP, i1, f32, 0, FOLD, I(1), I(0), &r, NULL));
  CHECK(r.f == -1.0);
  CHECK(ev(VTC_ARITH_TRUNCI, i64, i1, 0, RUN, I(3), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
  CHECK(ev(VTC_ARITH_MAXUI, i32, i32, 0, RUN, I(-1), I(5), &r, NULL));
  CHECK_EQ_INT(r.i, -1);
  CHECK(ev(VTC_ARITH_INDEX_CASTUI, i32, idx, 0, RUN, I(-1), I(0), &r, NULL));
  CHECK_EQ_INT(r.i, 0xffffffffll);
  /* An unknown predicate: not folded; the interpreters read it as uge. */
  CHECK(!ev(VTC_ARITH_CMPI, i32, i1, 99, FOLD, I(1), I(2), &r, NULL));
  CHECK(ev(VTC_ARITH_CMPI, i32, i1, 99, RUN, I(3), I(2), &r, NULL));
  CHECK_EQ_INT(r.i, 1);
}

static void test_floats(void) {
  vtc_arith_scalar r;
  const vtc_arith_scalar z = F(0);
  CHECK(!ev(VTC_ARITH_LOG, f32, f32, 0, FOLD, F(-1), z, &r, NULL));
  CHECK(!ev(VTC_ARITH_SQRT, f32, f32, 0, FOLD, F(-1), z, &r, NULL));
  CHECK(!ev(VTC_ARITH_RSQRT, f32, f32, 0, FOLD, F(-4), z, &r, NULL));
  CHECK(ev(VTC_ARITH_LOG, f32, f32, 0, RUN, F(-1), z, &r, NULL) && isnan(r.f));
  CHECK(ev(VTC_ARITH_SQRT, f32, f32, 0, RUN, F(-1), z, &r, NULL) && isnan(r.f));
  CHECK(ev(VTC_ARITH_RSQRT, f32, f32, 0, FOLD, F(4), z, &r, NULL) && r.f == 0.5);
  CHECK(ev(VTC_ARITH_LOG, f32, f32, 0, FOLD, F(0), z, &r, NULL) && isinf(r.f) && r.f < 0);
  for (int m = FOLD; m <= RUN; m++) {
    vtc_arith_eval_mode md = (vtc_arith_eval_mode)m;
    CHECK(ev(VTC_ARITH_MAXIMUMF, f32, f32, 0, md, F(NAN), F(1), &r, NULL) && isnan(r.f));
    CHECK(ev(VTC_ARITH_MAXNUMF, f32, f32, 0, md, F(NAN), F(1), &r, NULL) && r.f == 1);
    CHECK(ev(VTC_ARITH_MINIMUMF, f32, f32, 0, md, F(0.0), F(-0.0), &r, NULL) && signbit(r.f));
    CHECK(ev(VTC_ARITH_MAXIMUMF, f32, f32, 0, md, F(-0.0), F(0.0), &r, NULL) && !signbit(r.f));
    CHECK(ev(VTC_ARITH_CMPF, f32, i1, VTC_CMPF_UNE, md, F(NAN), F(NAN), &r, NULL));
    CHECK_EQ_INT(r.i, 1);
    CHECK(ev(VTC_ARITH_CMPF, f32, i1, VTC_CMPF_OEQ, md, F(NAN), F(NAN), &r, NULL));
    CHECK_EQ_INT(r.i, 0);
  }
  CHECK(!ev(VTC_ARITH_CMPF, f32, i1, 99, FOLD, F(1), F(2), &r, NULL));
  CHECK(ev(VTC_ARITH_CMPF, f32, i1, 99, RUN, F(1), F(2), &r, NULL) && r.i == 1);
  /* truncf rounds only in RUN (the folder's attribute rounds). */
  CHECK(ev(VTC_ARITH_TRUNCF, f64, f32, 0, FOLD, F(0.1), z, &r, NULL) && r.f == 0.1);
  CHECK(ev(VTC_ARITH_TRUNCF, f64, f32, 0, RUN, F(0.1), z, &r, NULL) && r.f == (double)0.1f);
}

static void test_casts(void) {
  vtc_arith_scalar r;
  const char *why = NULL;
  const vtc_arith_scalar z = I(0);
  /* fptosi: FOLD refuses non-finite and out-of-range; RUN saturates, wraps. */
  CHECK(!ev(VTC_ARITH_FPTOSI, f32, i32, 0, FOLD, F(3e9), z, &r, NULL));
  CHECK(ev(VTC_ARITH_FPTOSI, f32, i32, 0, FOLD, F(-2.9), z, &r, NULL) && r.i == -2);
  CHECK(ev(VTC_ARITH_FPTOSI, f64, i64, 0, RUN, F(1e30), z, &r, NULL) && r.i == INT64_MAX);
  CHECK(ev(VTC_ARITH_FPTOSI, f64, i32, 0, RUN, F(3e9), z, &r, NULL) && r.i == (int64_t)(int32_t)3000000000u);
  CHECK(!ev(VTC_ARITH_FPTOUI, f32, i32, 0, FOLD, F(-1), z, &r, NULL));
  CHECK(!ev(VTC_ARITH_FPTOSI, f32, i32, 0, FOLD, F(INFINITY), z, &r, &why) && why == NULL);
  CHECK(!ev(VTC_ARITH_FPTOSI, f32, i32, 0, RUN, F(NAN), z, &r, &why));
  CHECK_EQ_STR(why, "float-to-integer conversion of a non-finite value");
  /* bitcast: folded unless the result is a NaN; no RUN semantics. */
  CHECK(ev(VTC_ARITH_BITCAST, i32, f32, 0, FOLD, I(0x3f800000), z, &r, NULL) && r.f == 1.0);
  CHECK(ev(VTC_ARITH_BITCAST, f32, i32, 0, FOLD, F(-2.0), z, &r, NULL) && r.i == 0xc0000000ll);
  CHECK(!ev(VTC_ARITH_BITCAST, i32, f32, 0, FOLD, I(0x7fc00001), z, &r, NULL));
  why = "x";
  CHECK(!ev(VTC_ARITH_BITCAST, i32, f32, 0, RUN, I(0x3f800000), z, &r, &why) && why == NULL);
  /* Not evaluable: arith.constant. */
  CHECK(!ev(VTC_ARITH_CONSTANT, i32, i32, 0, RUN, z, z, &r, &why) && why == NULL);
  /* select copies the chosen operand whole. */
  vtc_arith_scalar in[3] = {I(0), F(1.5), F(2.5)};
  CHECK(vtc_arith_eval(VTC_ARITH_SELECT, f32, f32, 0, RUN, in, &r, NULL) && r.f == 2.5);
  /* math.fma in f64, as mulf then addf in the interpreters: (1 + 2^-23)^2
   * - 1 keeps the 2^-46 that an f32 product would round away. */
  double e = ldexp(1.0, -23);
  vtc_arith_scalar fin[3] = {F(1 + e), F(1 + e), F(-1)};
  CHECK(vtc_arith_eval(VTC_ARITH_FMA, f32, f32, 0, RUN, fin, &r, NULL) && r.f == 2 * e + e * e);
  CHECK(vtc_arith_eval(VTC_ARITH_FMA, f64, f64, 0, FOLD, fin, &r, NULL) && r.f == 2 * e + e * e);
}

int main(void) {
  vtc_context *ctx = vtc_context_create();
  i1 = vtc_type_integer(ctx, 1);
  i32 = vtc_type_integer(ctx, 32);
  i64 = vtc_type_integer(ctx, 64);
  idx = vtc_type_index(ctx);
  f32 = vtc_type_f32(ctx);
  f64 = vtc_type_f64(ctx);
  UNIT_RUN(test_integer_division);
  UNIT_RUN(test_shifts_and_wrapping);
  UNIT_RUN(test_floats);
  UNIT_RUN(test_casts);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
