/* Shared by the differential unit tests (test_graph_to_te, test_te_to_gir):
 * a seeded generator, diagnostics collected for failure messages, random
 * inputs for a function's tensor arguments, and the comparison of outputs. */
#ifndef VTC_TEST_DIFFERENTIAL_H
#define VTC_TEST_DIFFERENTIAL_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ir/ir.h"
#include "runtime/tensor.h"

/* xorshift64; callers seed rng_state per case. */
static unsigned long long rng_state;

static double rnd01(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* Diagnostics are collected, printed only for failures. */
static char diag_text[4096];
static void collect_diag(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  size_t used = strlen(diag_text);
  if (b.data && used + 1 < sizeof diag_text) snprintf(diag_text + used, sizeof diag_text - used, "%s\n", b.data);
  vtc_strbuf_free(&b);
}

/* The tensor dtype of an element type, false when the level has none. */
typedef bool (*diff_dtype_fn)(const vtc_type *element, vtc_dtype *out);

/* Random inputs for func's arguments, `?` dims bound to `binding`: floats
 * in [-1, 1), i1 fair, integers by int_mode (0: -2..1, 1: 0..1, 2: zeros,
 * so index tensors stay in range). False when an argument has no dtype. */
static bool make_inputs(vtc_op *func, int64_t binding, int int_mode, diff_dtype_fn dtype_of, vtc_tensor *ins,
                        unsigned *n) {
  const vtc_type *ft = vtc_func_get_type(func);
  *n = ft->num_inputs;
  for (unsigned a = 0; a < ft->num_inputs; a++) memset(&ins[a], 0, sizeof ins[a]);
  for (unsigned a = 0; a < ft->num_inputs; a++) {
    const vtc_type *t = vtc_function_input(ft, a);
    vtc_dtype dt;
    if (!vtc_type_is_tensor(t) || !dtype_of(t->element, &dt)) return false;
    int64_t dims[VTC_MAX_RANK];
    for (unsigned i = 0; i < t->rank; i++)
      dims[i] = vtc_tensor_dim(t, i) == VTC_DYNAMIC ? binding : vtc_tensor_dim(t, i);
    if (vtc_tensor_create(&ins[a], dt, (int)t->rank, dims, NULL, 0)) return false;
    for (int64_t i = 0; i < vtc_tensor_numel(&ins[a]); i++) {
      double v;
      if (dt == VTC_I1) v = rnd01() < 0.5;
      else if (vtc_dtype_is_float(dt)) v = 2 * rnd01() - 1;
      else v = int_mode == 0 ? floor(4 * rnd01()) - 2 : int_mode == 1 ? floor(2 * rnd01()) : 0;
      vtc_tensor_set_f64(&ins[a], i, v);
    }
  }
  return true;
}

static void free_tensors(vtc_tensor *t, unsigned n) {
  for (unsigned i = 0; i < n; i++) vtc_tensor_free(&t[i]);
}

/* got matches ref: same dtype and shape, NaN and infinities in the same
 * places, and max |ref - got| <= rtol * max |ref| over the finite elements. */
static bool compare(const vtc_tensor *ref, const vtc_tensor *got, double rtol, char *why, size_t cap) {
  if (ref->dtype != got->dtype || ref->rank != got->rank) {
    snprintf(why, cap, "dtype or rank differs");
    return false;
  }
  for (int i = 0; i < ref->rank; i++)
    if (ref->dims[i] != got->dims[i]) {
      snprintf(why, cap, "dimension %d: %lld vs %lld", i, (long long)ref->dims[i], (long long)got->dims[i]);
      return false;
    }
  double maxref = 0, maxdiff = 0;
  int64_t n = vtc_tensor_numel(ref), worst = 0;
  for (int64_t i = 0; i < n; i++) {
    double a = vtc_tensor_get_f64(ref, i), b = vtc_tensor_get_f64(got, i);
    if (isnan(a) || isnan(b) || isinf(a) || isinf(b)) {
      if ((isnan(a) != isnan(b)) || (!isnan(a) && a != b)) {
        snprintf(why, cap, "element %lld: %g vs %g", (long long)i, a, b);
        return false;
      }
      continue;
    }
    if (fabs(a) > maxref) maxref = fabs(a);
    if (fabs(a - b) > maxdiff) maxdiff = fabs(a - b), worst = i;
  }
  double rel = maxdiff / (maxref > 0 ? maxref : 1);
  if (rel <= rtol) return true;
  snprintf(why, cap, "relative error %.3g at element %lld (%.17g vs %.17g)", rel, (long long)worst,
           vtc_tensor_get_f64(ref, worst), vtc_tensor_get_f64(got, worst));
  return false;
}

#endif
