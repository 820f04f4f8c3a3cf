/* Comparing a computed tensor with a reference one (libvtcrt): the rule and
 * the per-dtype tolerances that vtc-run --check applies to every output of a
 * compiled program against the graph reference interpreter.
 *
 * The rule (per output): shapes and dtypes must be equal; non-finite
 * reference elements must be matched exactly (NaN by NaN, +-inf by the same
 * infinity); over the finite elements the norm-wise relative error
 *     rel_err = max_i |got_i - ref_i| / max_i |ref_i|
 * (the denominator taken as 1 when the reference is all zeros, so the error
 * is then absolute) must be <= the tolerance. Norm-wise, not element-wise:
 * an element that cancels to near zero (a sum of opposite terms, a softmax
 * tail) carries the absolute error of the large terms it came from; the same
 * rule as benchmarks/workloads/check.py.
 *
 * The tolerances (vtc_check_tolerance), by the output's dtype and the
 * lowest-precision float type anywhere in the program (its "compute dtype":
 * a program with f16 matmuls computes at f16 precision whatever its output
 * type, and the compiled code may accumulate in the element type where the
 * interpreter accumulates in f64):
 *     f64 1e-9, f32 1e-4, f16 1e-2, bf16 3e-2 (the largest of the output's
 *     and the compute dtype's); integers and i1: exact (0), whatever floats
 *     the program computes with.
 * f32's 1e-4 covers reductions of a few thousand terms in another order and
 * gir-to-llvm's f32 exp/tanh/erf approximations (2e-7 each) through chains
 * of a few dozen ops (an LSTM stack, attention); f16/bf16 allow a few ulps
 * (2^-11, 2^-8) of accumulated rounding. */
#ifndef VTC_RUNTIME_TENSOR_COMPARE_H
#define VTC_RUNTIME_TENSOR_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/operation.h"
#include "runtime/tensor.h"

/* The tolerance for an output of dtype `out` of a program whose
 * lowest-precision float type is `compute` (pass `out` itself when the
 * program has no float type, or to ignore the program). */
double vtc_check_tolerance(vtc_dtype out, vtc_dtype compute);

/* Of two float dtypes, the one with fewer significand bits (bf16 < f16 <
 * f32 < f64); a non-float dtype loses to any float. */
vtc_dtype vtc_check_lower_precision(vtc_dtype a, vtc_dtype b);

/* The compute dtype of a (graph) function: the lowest-precision float
 * element type of any value in it (arguments, op results, nested blocks);
 * false when it has none. */
bool vtc_check_compute_dtype(vtc_op *func, vtc_dtype *out);

typedef struct vtc_compare_result {
  bool ok;
  bool shape_ok;          /* same dtype, rank and dims */
  int64_t num_elements;
  int64_t num_nonfinite_mismatches; /* reference NaN/inf not matched exactly */
  int64_t num_over;       /* finite elements with |got - ref| > tol * denominator */
  double max_abs_err;     /* over finite reference elements (got inf: inf) */
  double max_abs_ref;     /* max |ref_i| over finite reference elements */
  double rel_err;         /* max_abs_err / (max_abs_ref or 1) */
  double tolerance;       /* the tolerance it was compared with */
  int64_t worst_index;    /* flat index of the largest error (-1: none) */
  double worst_got, worst_ref;
} vtc_compare_result;

/* Compares got with ref under the rule above with tolerance `tol` (0:
 * exact; integer and i1 tensors are compared exactly whatever tol is);
 * fills *r. Returns r->ok. */
bool vtc_compare_tensors(const vtc_tensor *got, const vtc_tensor *ref, double tol, vtc_compare_result *r);

#endif
