/* Differential test of lower-graph-to-te (issue 4): every function of the
 * given modules (default: test/Lowering/graph-to-te/Inputs (every .mlir) and
 * benchmarks/workloads (the .small configurations)) runs on seeded random inputs in the
 * graph reference interpreter and, lowered, in the te interpreter; outputs
 * must agree within a relative error of 1e-6 (max |te - graph| / max |graph|,
 * NaN where the reference has NaN; f16/bf16 results within one unit of their
 * last place). Dynamic dimensions take several bindings (all `?` the same
 * size per run: 1, 3 and 6). Integer inputs are small ([-2, 2), then [0, 2),
 * then 0) so that index tensors are valid; a binding the graph interpreter
 * rejects is skipped, not failed. Prints `N passed, M failed`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/graph/interpreter.h"
#include "dialects/te/interpreter.h"
#include "dialects/te/te.h"
#include "ir/ir.h"
#include "differential.h"
#include "mlir_inputs.h"
#include "lowering/graph-to-te/graph_to_te.h"
#include "tools/common/register.h"

static int passed, failed, skipped;
static bool verbose;

/* One unit in the last place of a value of magnitude ~1 for half types. */
static double tolerance(vtc_dtype d) {
  return d == VTC_BF16 ? 1.0 / 128 : d == VTC_F16 ? 1.0 / 1024 : 1e-6;
}

static bool has_dynamic_input(vtc_op *func) {
  const vtc_type *ft = vtc_func_get_type(func);
  for (unsigned a = 0; a < ft->num_inputs; a++) {
    const vtc_type *t = vtc_function_input(ft, a);
    if (vtc_type_is_tensor(t) && !vtc_tensor_has_static_shape(t)) return true;
  }
  return false;
}

/* Runs one function at one binding; returns 1 pass, 0 fail, -1 skipped. */
static int run_case(vtc_op *gfunc, vtc_op *tfunc, int64_t binding, char *why, size_t cap) {
  vtc_tensor ins[64];
  for (int mode = 0; mode < 3; mode++) {
    unsigned n = 0;
    if (vtc_func_get_type(gfunc)->num_inputs > 64 || !make_inputs(gfunc, binding, mode, vtc_graph_dtype_of, ins, &n)) {
      snprintf(why, cap, "unsupported argument types");
      return -1;
    }
    vtc_tensor *gout = NULL, *tout = NULL;
    unsigned gn = 0, tn = 0;
    diag_text[0] = 0;
    bool gok = vtc_graph_interpret(gfunc, n, ins, &gout, &gn, NULL, NULL);
    if (!gok) {
      free_tensors(ins, n);
      snprintf(why, cap, "graph interpreter rejects the inputs: %.300s", diag_text);
      continue;
    }
    diag_text[0] = 0;
    bool tok = vtc_te_interpret(tfunc, n, ins, &tout, &tn);
    int result = 1;
    if (!tok) {
      snprintf(why, cap, "te interpreter failed: %.400s", diag_text);
      result = 0;
    } else if (gn != tn) {
      snprintf(why, cap, "%u outputs vs %u", gn, tn);
      result = 0;
    } else {
      for (unsigned i = 0; i < gn && result; i++) {
        char w[256];
        if (!compare(&gout[i], &tout[i], tolerance(gout[i].dtype), w, sizeof w)) {
          snprintf(why, cap, "output %u: %s", i, w);
          result = 0;
        }
      }
    }
    vtc_tensor_free_array(gout, gn);
    if (tout) vtc_tensor_free_array(tout, tn);
    free_tensors(ins, n);
    return result;
  }
  return -1;
}

static void run_file(const char *path) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_te_dialect(ctx);
  vtc_register_lowering_passes(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  size_t len;
  char *text = vtc_read_file(path, &len);
  vtc_op *module = text ? vtc_parse_source(ctx, path, text, len, 0) : NULL;
  if (!module) {
    printf("FAIL %s: does not parse: %s\n", path, diag_text);
    failed++;
    free(text);
    vtc_context_destroy(ctx);
    return;
  }
  vtc_op *lowered = vtc_op_clone(module, NULL);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  diag_text[0] = 0;
  bool ok = vtc_pass_manager_parse(pm, "lower-graph-to-te") && vtc_pass_manager_run(pm, lowered);
  vtc_pass_manager_destroy(pm);
  if (!ok) {
    printf("FAIL %s: lower-graph-to-te failed:\n%s", path, diag_text);
    failed++;
  }
  vtc_block *body = vtc_op_region(module, 0)->first;
  for (vtc_op *f = body ? body->first : NULL; ok && f; f = f->next) {
    if (!vtc_op_is_named(f, "func.func") || !vtc_op_region(f, 0)->first) continue;
    const char *name = vtc_symbol_name(f);
    vtc_op *tf = vtc_symbol_table_lookup(lowered, name);
    static const int64_t bindings[] = {1, 3, 6};
    int nb = has_dynamic_input(f) ? 3 : 1;
    for (int b = 0; b < nb; b++) {
      char why[1024] = "";
      rng_state = 0x9E3779B97F4A7C15ull ^ (unsigned long long)(b + 1) * 0x632BE59BD9B4E019ull;
      int r = tf ? run_case(f, tf, bindings[b], why, sizeof why) : 0;
      const char *tag = r > 0 ? "PASS" : r == 0 ? "FAIL" : "SKIP";
      if (r > 0) passed++;
      else if (r == 0) failed++;
      else skipped++;
      if (r <= 0 || verbose)
        printf("%s %s @%s%s%s%s\n", tag, path, name, nb > 1 ? (b == 0 ? " ?=1" : b == 1 ? " ?=3" : " ?=6") : "",
               why[0] ? ": " : "", why);
    }
  }
  vtc_op_destroy(lowered);
  vtc_op_destroy(module);
  free(text);
  vtc_context_destroy(ctx);
}

/* Every .mlir input of a source folder; a folder with none is a failure. */
static void run_dir(const char *dir, const char *pattern) {
  if (unit_for_each_mlir(dir, pattern, run_file) <= 0) {
    printf("FAIL %s: no inputs\n", dir);
    failed++;
  }
}

int main(int argc, char **argv) {
  int files = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-v") == 0) {
      verbose = true;
      continue;
    }
    run_file(argv[i]);
    files++;
  }
  if (!files) {
    run_dir("test/Lowering/graph-to-te/Inputs", NULL);
    run_dir("benchmarks/workloads", ".small");
  }
  printf("%d passed, %d failed (%d skipped)\n", passed, failed, skipped);
  return failed != 0;
}
