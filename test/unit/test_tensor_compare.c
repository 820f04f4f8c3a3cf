/* The comparison rule of vtc-run --check (runtime/tensor_compare.h): the
 * per-dtype tolerances, the norm-wise relative error, exact integers, NaN
 * and infinities, shape and dtype mismatches, and the worst element. */
#include <math.h>
#include <stdlib.h>

#include "runtime/tensor_compare.h"
#include "test/unit/unit.h"

static vtc_tensor make(vtc_dtype dt, int n, const double *vals) {
  vtc_tensor t = {0};
  int64_t dims[1] = {n};
  vtc_tensor_create(&t, dt, 1, dims, NULL, 0);
  for (int i = 0; i < n; i++) vtc_tensor_set_f64(&t, i, vals[i]);
  return t;
}

static void test_tolerances(void) {
  CHECK(vtc_check_tolerance(VTC_F32, VTC_F32) == 1e-4);
  CHECK(vtc_check_tolerance(VTC_F64, VTC_F64) == 1e-9);
  CHECK(vtc_check_tolerance(VTC_F16, VTC_F16) == 1e-2);
  CHECK(vtc_check_tolerance(VTC_BF16, VTC_BF16) == 3e-2);
  /* A lower-precision compute dtype widens the tolerance, a higher one not. */
  CHECK(vtc_check_tolerance(VTC_F32, VTC_F16) == 1e-2);
  CHECK(vtc_check_tolerance(VTC_F32, VTC_BF16) == 3e-2);
  CHECK(vtc_check_tolerance(VTC_F16, VTC_F64) == 1e-2);
  /* Integers are exact whatever the program computes with. */
  CHECK(vtc_check_tolerance(VTC_I32, VTC_BF16) == 0);
  CHECK(vtc_check_tolerance(VTC_I64, VTC_F32) == 0);
  CHECK(vtc_check_tolerance(VTC_I1, VTC_F16) == 0);
  CHECK_EQ_INT(vtc_check_lower_precision(VTC_F32, VTC_F16), VTC_F16);
  CHECK_EQ_INT(vtc_check_lower_precision(VTC_F16, VTC_BF16), VTC_BF16);
  CHECK_EQ_INT(vtc_check_lower_precision(VTC_BF16, VTC_F64), VTC_BF16);
  CHECK_EQ_INT(vtc_check_lower_precision(VTC_I32, VTC_F32), VTC_F32);
}

static void test_normwise(void) {
  /* max|ref| = 100: an error of 0.005 on the element 0.01 is 5e-5 norm-wise
   * (50% element-wise): within 1e-4; 0.02 is 2e-4: over. */
  double ref[] = {100, 0.01, -3}, ok[] = {100, 0.015, -3}, bad[] = {100, 0.03, -3};
  vtc_tensor r = make(VTC_F32, 3, ref), a = make(VTC_F32, 3, ok), b = make(VTC_F32, 3, bad);
  vtc_compare_result c;
  CHECK(vtc_compare_tensors(&a, &r, 1e-4, &c));
  CHECK(fabs(c.rel_err - 5e-5) < 1e-9);
  CHECK(fabs(c.max_abs_ref - 100) < 1e-9);
  CHECK_EQ_INT(c.num_over, 0);
  CHECK(!vtc_compare_tensors(&b, &r, 1e-4, &c));
  CHECK_EQ_INT(c.worst_index, 1);
  CHECK(fabs(c.worst_got - 0.03) < 1e-7 && fabs(c.worst_ref - 0.01) < 1e-7);
  CHECK_EQ_INT(c.num_over, 1);
  /* Exact comparison (tol 0) of equal tensors passes, of different ones fails. */
  CHECK(vtc_compare_tensors(&r, &r, 0, &c) && c.rel_err == 0);
  CHECK(!vtc_compare_tensors(&a, &r, 0, &c));
  vtc_tensor_free(&r), vtc_tensor_free(&a), vtc_tensor_free(&b);
  /* An all-zero reference: the error is absolute. */
  double z[] = {0, 0}, small[] = {0, 1e-6}, big[] = {0, 1e-3};
  vtc_tensor zr = make(VTC_F32, 2, z), zs = make(VTC_F32, 2, small), zb = make(VTC_F32, 2, big);
  CHECK(vtc_compare_tensors(&zs, &zr, 1e-4, &c));
  CHECK(!vtc_compare_tensors(&zb, &zr, 1e-4, &c));
  vtc_tensor_free(&zr), vtc_tensor_free(&zs), vtc_tensor_free(&zb);
}

static void test_nonfinite(void) {
  double ref[] = {NAN, INFINITY, -INFINITY, 1};
  double same[] = {NAN, INFINITY, -INFINITY, 1};
  double nan_lost[] = {0, INFINITY, -INFINITY, 1};
  double inf_sign[] = {NAN, -INFINITY, -INFINITY, 1};
  double nan_new[] = {NAN, INFINITY, -INFINITY, NAN};
  vtc_tensor r = make(VTC_F16, 4, ref), s = make(VTC_F16, 4, same), l = make(VTC_F16, 4, nan_lost),
             g = make(VTC_F16, 4, inf_sign), n = make(VTC_F16, 4, nan_new);
  vtc_compare_result c;
  CHECK(vtc_compare_tensors(&s, &r, 1e-2, &c));
  CHECK(!vtc_compare_tensors(&l, &r, 1e-2, &c) && c.num_nonfinite_mismatches == 1 && c.worst_index == 0);
  CHECK(!vtc_compare_tensors(&g, &r, 1e-2, &c) && c.num_nonfinite_mismatches == 1 && c.worst_index == 1);
  /* A NaN where the reference is finite is an infinite error. */
  CHECK(!vtc_compare_tensors(&n, &r, 1e-2, &c) && isinf(c.rel_err) && c.worst_index == 3);
  vtc_tensor_free(&r), vtc_tensor_free(&s), vtc_tensor_free(&l), vtc_tensor_free(&g), vtc_tensor_free(&n);
}

static void test_integers_and_shapes(void) {
  vtc_tensor a = {0}, b = {0};
  int64_t dims[1] = {3};
  vtc_tensor_create(&a, VTC_I64, 1, dims, NULL, 0);
  vtc_tensor_create(&b, VTC_I64, 1, dims, NULL, 0);
  /* Above 2^53: compared as integers, not doubles. */
  ((int64_t *)a.data)[2] = ((int64_t *)b.data)[2] = ((int64_t)1 << 60) + 1;
  vtc_compare_result c;
  CHECK(vtc_compare_tensors(&a, &b, 0, &c));
  ((int64_t *)a.data)[2] = ((int64_t)1 << 60);
  CHECK(!vtc_compare_tensors(&a, &b, 0, &c) && c.num_over == 1 && c.worst_index == 2);
  /* Integers are exact whatever the tolerance passed. */
  CHECK(!vtc_compare_tensors(&a, &b, 0.5, &c));
  vtc_tensor_free(&a);
  /* Another shape or dtype: a mismatch, whatever the values. */
  int64_t dims4[1] = {4};
  vtc_tensor_create(&a, VTC_I64, 1, dims4, NULL, 0);
  CHECK(!vtc_compare_tensors(&a, &b, 1, &c) && !c.shape_ok);
  vtc_tensor_free(&a);
  vtc_tensor_create(&a, VTC_I32, 1, dims, NULL, 0);
  CHECK(!vtc_compare_tensors(&a, &b, 1, &c) && !c.shape_ok);
  vtc_tensor_free(&a), vtc_tensor_free(&b);
}

int main(void) {
  UNIT_RUN(test_tolerances);
  UNIT_RUN(test_normwise);
  UNIT_RUN(test_nonfinite);
  UNIT_RUN(test_integers_and_shapes);
  return UNIT_RESULT();
}
