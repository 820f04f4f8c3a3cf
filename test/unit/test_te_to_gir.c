/* Differential test of lower-te-to-gir (issue 5): every function of the given
 * modules (default: test/Lowering/graph-to-te/Inputs, the te-level lit
 * tests of test/Lowering/te-to-gir (every .mlir but invalid*) and
 * benchmarks/workloads (the .small configurations)) is lowered to te, run
 * in the te interpreter on seeded random inputs, then lowered to gir with
 * several option sets (vector lanes 16/4, scalar lanes, few units so that
 * units take several work items, the fused softmax) and run in the gir interpreter
 * (dialects/gir/interpreter.c). Both interpreters compute in f64 and round
 * when storing, and the unfused lowering keeps te's reduction order, so
 * outputs must agree to 1e-9 relative (1e-6 with the fused softmax) (NaN where the reference has NaN). The gir
 * interpreter also fails on out-of-buffer accesses, reads of unwritten
 * elements and leaked or doubly freed buffers. Dynamic dimensions take
 * several bindings (1, 3, 20 and 0: below and above a register's lanes,
 * several chunks, and empty).
 * Prints `N passed, M failed`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "dialects/graph/interpreter.h"
#include "dialects/te/interpreter.h"
#include "dialects/te/te.h"
#include "ir/ir.h"
#include "differential.h"
#include "mlir_inputs.h"
#include "lowering/graph-to-te/graph_to_te.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "tools/common/register.h"

static int passed, failed, skipped;
static bool verbose;

static bool has_dynamic_input(vtc_op *func) {
  const vtc_type *ft = vtc_func_get_type(func);
  for (unsigned a = 0; a < ft->num_inputs; a++) {
    const vtc_type *t = vtc_function_input(ft, a);
    if (vtc_type_is_tensor(t) && !vtc_tensor_has_static_shape(t)) return true;
  }
  return false;
}

/* The fused softmax (softmax.c) keeps exp(x - max) in registers where the
 * TEs store it as f32 between kernels, and an rKernel's epilogue (epilogue.c)
 * is one merged TE where the interpreters round each TE of the chain when
 * it is stored (compiled code rounds every op, so there the bits agree):
 * the default lowering agrees to f32 rounding (1e-6), the others, without
 * either, to 1e-9. */
/* gir buffers have no index element type (a te input of index has no gir
 * form): such functions are skipped. */
static bool gir_dtype_of(const vtc_type *element, vtc_dtype *out) {
  return element->kind != VTC_TYPE_INDEX && vtc_te_dtype_of(element, out);
}

#define NUM_VARIANTS 4
static const char *const variants[NUM_VARIANTS] = {
    "lower-te-to-gir{fuse-softmax=false epilogue=false}",
    "lower-te-to-gir{vector-bits=128 max-units=3 fuse-softmax=false epilogue=false}",
    "lower-te-to-gir{vectorize=false max-units=5 fuse-softmax=false epilogue=false}",
    "lower-te-to-gir",
};
static const double variant_rtol[NUM_VARIANTS] = {1e-9, 1e-9, 1e-9, 1e-6};

/* Vortex's rKernels compute f16/bf16 products exactly and sum them in f32
 * (the GPU's tensor cores do, and the CPU rKernel widens its operands while
 * packing), where the TE rounds each product to the element type: a
 * contraction's f16/bf16 output agrees to two units of the type's rounding
 * (f16 2^-10, bf16 2^-7), not bit for bit. */
static double half_rtol(const vtc_tensor *t, double rtol) {
  double half = t->dtype == VTC_F16 ? 1.0 / 1024 : t->dtype == VTC_BF16 ? 1.0 / 128 : 0;
  return half > rtol ? half : rtol;
}

/* Runs one function at one binding; returns 1 pass, 0 fail, -1 skipped. */
static int run_case(vtc_op *tfunc, vtc_op *const *gfuncs, int64_t binding, char *why, size_t cap) {
  vtc_tensor ins[64];
  for (int mode = 0; mode < 3; mode++) {
    unsigned n = 0;
    if (vtc_func_get_type(tfunc)->num_inputs > 64 || !make_inputs(tfunc, binding, mode, gir_dtype_of, ins, &n)) {
      free_tensors(ins, n);
      snprintf(why, cap, "unsupported argument types");
      return -1;
    }
    vtc_tensor *tout = NULL;
    unsigned tn = 0;
    diag_text[0] = 0;
    if (!vtc_te_interpret(tfunc, n, ins, &tout, &tn)) {
      free_tensors(ins, n);
      snprintf(why, cap, "te interpreter rejects the inputs: %.300s", diag_text);
      continue;
    }
    int result = 1;
    for (int v = 0; v < NUM_VARIANTS && result; v++) {
      vtc_tensor *gout = NULL;
      unsigned gn = 0;
      diag_text[0] = 0;
      if (!vtc_gir_interpret(gfuncs[v], n, ins, &gout, &gn)) {
        snprintf(why, cap, "[%s] gir interpreter failed: %.600s", variants[v], diag_text);
        result = 0;
      } else if (gn != tn) {
        snprintf(why, cap, "[%s] %u outputs vs %u", variants[v], gn, tn);
        result = 0;
      } else {
        for (unsigned i = 0; i < tn && result; i++) {
          char w[256];
          if (!compare(&tout[i], &gout[i], half_rtol(&tout[i], variant_rtol[v]), w, sizeof w)) {
            snprintf(why, cap, "[%s] output %u: %s", variants[v], i, w);
            result = 0;
          }
        }
      }
      if (gout) vtc_tensor_free_array(gout, gn);
    }
    vtc_tensor_free_array(tout, tn);
    free_tensors(ins, n);
    return result;
  }
  return -1;
}

static bool run_pipeline(vtc_context *ctx, vtc_op *module, const char *pipeline) {
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, module);
  vtc_pass_manager_destroy(pm);
  return ok;
}

static void run_file(const char *path) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_te_dialect(ctx);
  vtc_register_gir_dialect(ctx);
  vtc_register_lowering_passes(ctx);
  vtc_register_te_to_gir_passes(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  size_t len;
  char *text = vtc_read_file(path, &len);
  diag_text[0] = 0;
  vtc_op *module = text ? vtc_parse_source(ctx, path, text, len, 0) : NULL;
  bool ok = module != NULL;
  if (!ok) printf("FAIL %s: does not parse: %s\n", path, diag_text);
  /* graph input: lower to te first; te input: as is. */
  if (ok && strstr(text, "graph.")) {
    ok = run_pipeline(ctx, module, "lower-graph-to-te");
    if (!ok) printf("FAIL %s: lower-graph-to-te failed:\n%s", path, diag_text);
  }
  vtc_op *gir[NUM_VARIANTS] = {NULL};
  for (int v = 0; ok && v < NUM_VARIANTS; v++) {
    gir[v] = vtc_op_clone(module, NULL);
    diag_text[0] = 0;
    ok = run_pipeline(ctx, gir[v], variants[v]);
    if (!ok) printf("FAIL %s: %s failed:\n%s", path, variants[v], diag_text);
  }
  if (!ok) failed++;
  vtc_block *body = ok ? vtc_op_region(module, 0)->first : NULL;
  for (vtc_op *f = body ? body->first : NULL; f; f = f->next) {
    if (!vtc_op_is_named(f, "func.func") || !vtc_op_region(f, 0)->first) continue;
    const char *name = vtc_symbol_name(f);
    vtc_op *gf[NUM_VARIANTS];
    for (int v = 0; v < NUM_VARIANTS; v++) gf[v] = vtc_symbol_table_lookup(gir[v], name);
    static const int64_t bindings[] = {1, 3, 20, 0};
    int nb = has_dynamic_input(f) ? 4 : 1;
    for (int b = 0; b < nb; b++) {
      char why[1024] = "";
      rng_state = 0x9E3779B97F4A7C15ull ^ (unsigned long long)(b + 1) * 0x632BE59BD9B4E019ull;
      int r = run_case(f, gf, bindings[b], why, sizeof why);
      const char *tag = r > 0 ? "PASS" : r == 0 ? "FAIL" : "SKIP";
      if (r > 0) passed++;
      else if (r == 0) failed++;
      else skipped++;
      char bind[32] = "";
      if (nb > 1) snprintf(bind, sizeof bind, " ?=%lld", (long long)bindings[b]);
      if (r <= 0 || verbose) printf("%s %s @%s%s%s%s\n", tag, path, name, bind, why[0] ? ": " : "", why);
    }
  }
  for (int v = 0; v < NUM_VARIANTS; v++)
    if (gir[v]) vtc_op_destroy(gir[v]);
  if (module) vtc_op_destroy(module);
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
    run_dir("test/Lowering/te-to-gir", NULL);
    run_dir("benchmarks/workloads", ".small");
  }
  printf("%d passed, %d failed (%d skipped)\n", passed, failed, skipped);
  return failed != 0;
}
