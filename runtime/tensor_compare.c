/* Comparing a computed tensor with a reference one under a norm-wise
 * relative tolerance per dtype (the rule and the numbers: tensor_compare.h). */
#include "runtime/tensor_compare.h"

#include <math.h>
#include <string.h>

#include "dialects/graph/graph.h"
#include "ir/ir.h"

/* Significand bits, the precision order of the float dtypes. */
static int precision_bits(vtc_dtype d) {
  switch (d) {
  case VTC_BF16: return 8;
  case VTC_F16: return 11;
  case VTC_F32: return 24;
  case VTC_F64: return 53;
  default: return 1000; /* not a float */
  }
}

vtc_dtype vtc_check_lower_precision(vtc_dtype a, vtc_dtype b) {
  return precision_bits(b) < precision_bits(a) ? b : a;
}

static double float_tolerance(vtc_dtype d) {
  switch (d) {
  case VTC_BF16: return 3e-2;
  case VTC_F16: return 1e-2;
  case VTC_F32: return 1e-4;
  case VTC_F64: return 1e-9;
  default: return 0;
  }
}

double vtc_check_tolerance(vtc_dtype out, vtc_dtype compute) {
  if (!vtc_dtype_is_float(out)) return 0;
  double a = float_tolerance(out), b = vtc_dtype_is_float(compute) ? float_tolerance(compute) : 0;
  return a > b ? a : b;
}

typedef struct lowest_float {
  bool found;
  vtc_dtype dtype;
} lowest_float;

static void note_type(lowest_float *lf, const vtc_type *t) {
  vtc_dtype d;
  if (!t || !vtc_graph_dtype_of(vtc_type_element(t), &d) || !vtc_dtype_is_float(d)) return;
  lf->dtype = lf->found ? vtc_check_lower_precision(lf->dtype, d) : d;
  lf->found = true;
}

static vtc_walk_result note_op(vtc_op *op, void *data) {
  lowest_float *lf = data;
  for (unsigned i = 0; i < op->num_results; i++) note_type(lf, vtc_op_result(op, i)->type);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = vtc_op_region(op, r)->first; b; b = b->next)
      for (unsigned a = 0; a < b->num_args; a++) note_type(lf, b->args[a]->type);
  return VTC_WALK_ADVANCE;
}

bool vtc_check_compute_dtype(vtc_op *func, vtc_dtype *out) {
  lowest_float lf = {0};
  vtc_op_walk(func, true, note_op, &lf);
  if (lf.found) *out = lf.dtype;
  return lf.found;
}

bool vtc_compare_tensors(const vtc_tensor *got, const vtc_tensor *ref, double tol, vtc_compare_result *r) {
  memset(r, 0, sizeof *r);
  r->tolerance = tol;
  r->worst_index = -1;
  r->shape_ok = got->dtype == ref->dtype && got->rank == ref->rank;
  for (int d = 0; r->shape_ok && d < ref->rank; d++) r->shape_ok = got->dims[d] == ref->dims[d];
  if (!r->shape_ok) return r->ok = false;
  int64_t n = vtc_tensor_numel(ref);
  r->num_elements = n;
  if (!vtc_dtype_is_float(ref->dtype)) {
    /* Exact, on the integer values (i64 above 2^53 included). */
    for (int64_t i = 0; i < n; i++) {
      int64_t a = vtc_tensor_get_i64(got, i), b = vtc_tensor_get_i64(ref, i);
      double bm = fabs((double)b);
      if (bm > r->max_abs_ref) r->max_abs_ref = bm;
      if (a == b) continue;
      double e = fabs((double)a - (double)b);
      r->num_over++;
      if (e > r->max_abs_err || r->worst_index < 0)
        r->max_abs_err = e, r->worst_index = i, r->worst_got = (double)a, r->worst_ref = (double)b;
    }
    r->rel_err = r->max_abs_err / (r->max_abs_ref > 0 ? r->max_abs_ref : 1);
    return r->ok = r->num_over == 0;
  }
  for (int64_t i = 0; i < n; i++) {
    double b = vtc_tensor_get_f64(ref, i);
    if (isfinite(b) && fabs(b) > r->max_abs_ref) r->max_abs_ref = fabs(b);
  }
  double denom = r->max_abs_ref > 0 ? r->max_abs_ref : 1;
  for (int64_t i = 0; i < n; i++) {
    double a = vtc_tensor_get_f64(got, i), b = vtc_tensor_get_f64(ref, i);
    if (!isfinite(b)) {
      bool same = isnan(b) ? isnan(a) : a == b;
      if (!same) {
        if (r->num_nonfinite_mismatches++ == 0 && r->max_abs_err < INFINITY)
          r->worst_index = i, r->worst_got = a, r->worst_ref = b;
      }
      continue;
    }
    double e = isfinite(a) ? fabs(a - b) : INFINITY;
    if (e > tol * denom) r->num_over++;
    if (e > r->max_abs_err || (r->worst_index < 0 && e > 0))
      r->max_abs_err = e, r->worst_index = i, r->worst_got = a, r->worst_ref = b;
  }
  r->rel_err = r->max_abs_err / denom;
  return r->ok = r->num_nonfinite_mismatches == 0 && r->rel_err <= tol;
}
