/* vtc-run --check: the graph reference interpreter (the gir interpreter for
 * an entry written in gir) on the same inputs, and
 * every output compared under runtime/tensor_compare.h's rule (norm-wise
 * relative error, tolerance by the output's and the program's lowest float
 * dtype; integers exact). A mismatch fails loudly: exit 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "dialects/graph/interpreter.h"
#include "runtime/tensor_compare.h"
#include "tools/vtc-run/run.h"

static vtc_walk_result find_gir(vtc_op *op, void *found) {
  if (!op->name->dialect || strcmp(op->name->dialect, "gir") != 0) return VTC_WALK_ADVANCE;
  *(bool *)found = true;
  return VTC_WALK_INTERRUPT;
}

/* An entry written in gir (host code that launches gir kernels) has the
 * gir interpreter as its reference. */
static bool is_gir_entry(vtc_op *entry) {
  bool found = false;
  vtc_op_walk(entry, true, find_gir, &found);
  return found;
}

bool run_check(vtc_context *ctx, vtc_op *ref_entry, const vtc_tensor *inputs, unsigned num_inputs,
               const vtc_tensor *outputs, unsigned num_outputs, double rtol, bool report_memory) {
  vtc_tensor *want = NULL;
  unsigned num_want = 0;
  vtc_graph_interp_stats stats = {0};
  bool gir = is_gir_entry(ref_entry);
  if (gir ? !vtc_gir_interpret(ref_entry, num_inputs, inputs, &want, &num_want)
          : !vtc_graph_interpret(ref_entry, num_inputs, inputs, &want, &num_want, NULL, &stats)) {
    fprintf(stderr, "vtc-run: error: check: the reference interpreter failed on @%s\n", vtc_symbol_name(ref_entry));
    return false;
  }
  if (report_memory && !gir) printf("reference peak intermediate bytes: %zu\n", stats.peak_bytes);
  vtc_dtype compute;
  bool has_float = vtc_check_compute_dtype(ref_entry, &compute);
  bool ok = num_want == num_outputs;
  if (!ok)
    printf("check: MISMATCH: %u results, the reference interpreter gives %u\n", num_outputs, num_want);
  unsigned bad = 0;
  for (unsigned k = 0; ok && k < num_outputs; k++) {
    const vtc_tensor *got = &outputs[k], *ref = &want[k];
    double tol = rtol >= 0 ? rtol : vtc_check_tolerance(ref->dtype, has_float ? compute : ref->dtype);
    vtc_compare_result r;
    char gs[256], ws[256];
    vtc_graph_tensor_str(got, gs, sizeof gs);
    vtc_graph_tensor_str(ref, ws, sizeof ws);
    if (!vtc_compare_tensors(got, ref, tol, &r)) bad++;
    if (!r.shape_ok) {
      printf("check: result %u: MISMATCH: %s, the reference is %s\n", k, gs, ws);
      continue;
    }
    printf("check: result %u: rel_err=%.3g (max_abs_err=%.3g, max_abs_ref=%.3g) tol=%.3g%s: %s\n", k, r.rel_err,
           r.max_abs_err, r.max_abs_ref, r.tolerance, vtc_dtype_is_float(ref->dtype) ? "" : " (exact)",
           r.ok ? "ok" : "MISMATCH");
    if (!r.ok && r.worst_index >= 0)
      printf("check: result %u: worst at flat index %lld: got %.9g, reference %.9g (%lld of %lld elements over "
             "the tolerance, %lld NaN/inf mismatches)\n",
             k, (long long)r.worst_index, r.worst_got, r.worst_ref, (long long)r.num_over, (long long)r.num_elements,
             (long long)r.num_nonfinite_mismatches);
  }
  ok = ok && bad == 0;
  if (ok) {
    printf("check: ok (%u results match the reference interpreter)\n", num_outputs);
  } else {
    printf("check: MISMATCH\n");
    fflush(stdout);
    fprintf(stderr, "vtc-run: error: check: MISMATCH: %u of %u results of @%s differ from the reference "
                    "interpreter beyond the tolerance\n",
            num_want == num_outputs ? bad : num_outputs, num_outputs, vtc_symbol_name(ref_entry));
  }
  vtc_tensor_free_array(want, num_want);
  (void)ctx;
  return ok;
}
