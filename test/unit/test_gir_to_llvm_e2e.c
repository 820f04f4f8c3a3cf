/* Differential test of the CPU path: graph programs (the paper workloads'
 * small configurations and a few single ops) lowered with the default
 * pipeline (lower-graph-to-te, lower-te-to-gir), translated by gir-to-llvm,
 * JIT-compiled and called through libffi with the entry-point convention
 * (runtime/cpu_exec.h, as vtc-run --target=cpu), against the graph
 * reference interpreter under vtc-run --check's tolerances. Sanitizer
 * builds run a fixed third of the workloads (mlir_inputs.h, unit_sampled). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/interpreter.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/tensor_compare.h"
#include "runtime/thread_pool.h"
#include "test/unit/mlir_inputs.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* Dynamic dimensions of inputs are bound to this size (programs with
 * dynamic shapes run at several). */
static int64_t DYN = 5;

static vtc_op *first_func(vtc_op *module) {
  for (vtc_op *op = vtc_op_region(module, 0)->first->first; op; op = op->next)
    if (vtc_op_is_named(op, "func.func") && vtc_op_region(op, 0)->first) return op;
  return NULL;
}

static unsigned rng = 12345;
static double rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 8) & 0xffff) / 65536.0;
}

/* Random inputs for the entry's arguments (floats in [-1, 1), ints 0 or 1:
 * valid indices for gathers and scatters into dimensions of size 2). */
static bool make_inputs(vtc_op *func, vtc_tensor **out, unsigned *n) {
  const vtc_type *ft = vtc_func_get_type(func);
  *n = ft->num_inputs;
  *out = vtc_xcalloc(*n + 1, sizeof **out);
  for (unsigned i = 0; i < *n; i++) {
    const vtc_type *t = vtc_function_input(ft, i);
    vtc_dtype dt;
    if (!vtc_type_is_tensor(t) || !vtc_graph_dtype_of(t->element, &dt)) return false;
    int64_t dims[VTC_MAX_RANK];
    for (unsigned d = 0; d < t->rank; d++) dims[d] = vtc_tensor_dim(t, d) == VTC_DYNAMIC ? DYN : vtc_tensor_dim(t, d);
    char err[256];
    if (vtc_tensor_create(&(*out)[i], dt, (int)t->rank, dims, err, sizeof err) != 0) return false;
    for (int64_t k = 0; k < vtc_tensor_numel(&(*out)[i]); k++)
      vtc_tensor_set_f64(&(*out)[i], k, vtc_dtype_is_float(dt) ? 2 * rnd() - 1 : floor(2 * rnd()));
  }
  return true;
}

/* Runs the lowered module's entry on the CPU (runtime/cpu_exec.h) and
 * compares each result with the interpreter's under vtc-run --check's rule
 * and tolerances (runtime/tensor_compare.h), the compute dtype taken from
 * the graph function `ref_func`. */
static void run_and_compare(const char *what, vtc_op *lowered, vtc_op *ref_func, const vtc_tensor *inputs,
                            unsigned num_inputs, const vtc_tensor *want, unsigned num_want) {
  char *err = NULL;
  vtc_cpu_program *prog = vtc_cpu_program_create(lowered, vtc_symbol_name(ref_func), NULL, &err);
  CHECK(prog != NULL);
  vtc_tensor *got = NULL;
  bool ran = prog && vtc_cpu_program_run(prog, inputs, num_inputs, &got, NULL, &err) == 0;
  if (prog) CHECK(ran);
  if (err) fprintf(stderr, "%s: %s\n", what, err);
  free(err);
  printf("  %s (? = %lld): %s\n", what, (long long)DYN, ran ? "ran" : "FAILED before running");
  vtc_dtype compute;
  bool has_float = vtc_check_compute_dtype(ref_func, &compute);
  for (unsigned r = 0; ran && r < num_want; r++) {
    vtc_compare_result c;
    double tol = vtc_check_tolerance(want[r].dtype, has_float ? compute : want[r].dtype);
    bool ok = vtc_compare_tensors(&got[r], &want[r], tol, &c);
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "%s: result %u: rel_err %.3g > tol %.3g (shape ok: %d; worst [%lld] = %.8g, want %.8g)\n", what,
              r, c.rel_err, tol, c.shape_ok, (long long)c.worst_index, c.worst_got, c.worst_ref);
  }
  if (ran) vtc_tensor_free_array(got, vtc_cpu_program_num_results(prog));
  vtc_cpu_program_destroy(prog);
}

/* One program: interpret, lower, translate, JIT, run, compare. */
static void check_program_at(const char *what, const char *text, size_t len) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_all_passes(ctx);
  vtc_op *ref = vtc_parse_source(ctx, what, text, len, 0);
  vtc_op *low = vtc_parse_source(ctx, what, text, len, 0);
  CHECK(ref && low);
  vtc_tensor *inputs = NULL, *want = NULL;
  unsigned num_inputs = 0, num_want = 0;
  vtc_op *func = ref ? first_func(ref) : NULL;
  bool ok = func && make_inputs(func, &inputs, &num_inputs);
  CHECK(ok);
  ok = ok && vtc_graph_interpret(func, num_inputs, inputs, &want, &num_want, NULL, NULL);
  CHECK(ok);
  if (ok) {
    vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
    ok = vtc_pass_manager_parse(pm, "lower-graph-to-te,lower-te-to-gir") && vtc_pass_manager_run(pm, low);
    vtc_pass_manager_destroy(pm);
    CHECK(ok);
  }
  if (ok) run_and_compare(what, low, func, inputs, num_inputs, want, num_want);
  else printf("  %s (? = %lld): FAILED before running\n", what, (long long)DYN);
  vtc_tensor_free_array(inputs, num_inputs);
  vtc_tensor_free_array(want, num_want);
  if (ref) vtc_op_destroy(ref);
  if (low) vtc_op_destroy(low);
  vtc_context_destroy(ctx);
}

static void check_program(const char *what, const char *text, size_t len) {
  static const int64_t sizes[] = {5, 1, 17};
  bool dynamic = strstr(text, "<?") || strstr(text, "x?");
  for (int i = 0; i < (dynamic ? 3 : 1); i++) {
    DYN = sizes[i];
    check_program_at(what, text, len);
  }
}

/* ---- single ops and small chains --------------------------------------------------- */

static const char *const programs[] = {
    "func.func @f(%x: tensor<5x37xf32>, %y: tensor<5x37xf32>) -> tensor<5x37xf32> {\n"
    "  %0 = \"graph.add\"(%x, %y) : (tensor<5x37xf32>, tensor<5x37xf32>) -> tensor<5x37xf32>\n"
    "  %1 = \"graph.relu\"(%0) : (tensor<5x37xf32>) -> tensor<5x37xf32>\n"
    "  return %1 : tensor<5x37xf32>\n}\n",
    "func.func @f(%x: tensor<4x33xf32>, %b: tensor<33xf32>) -> tensor<4x33xf32> {\n"
    "  %0 = \"graph.mul\"(%x, %b) : (tensor<4x33xf32>, tensor<33xf32>) -> tensor<4x33xf32>\n"
    "  %1 = \"graph.gelu\"(%0) : (tensor<4x33xf32>) -> tensor<4x33xf32>\n"
    "  %2 = \"graph.tanh\"(%1) : (tensor<4x33xf32>) -> tensor<4x33xf32>\n"
    "  %3 = \"graph.erf\"(%2) : (tensor<4x33xf32>) -> tensor<4x33xf32>\n"
    "  %4 = \"graph.sigmoid\"(%3) : (tensor<4x33xf32>) -> tensor<4x33xf32>\n"
    "  return %4 : tensor<4x33xf32>\n}\n",
    "func.func @f(%x: tensor<6x50xf32>) -> tensor<6x50xf32> {\n"
    "  %0 = \"graph.softmax\"(%x) {axis = -1} : (tensor<6x50xf32>) -> tensor<6x50xf32>\n"
    "  return %0 : tensor<6x50xf32>\n}\n",
    "func.func @f(%x: tensor<7x13xf32>, %w: tensor<13x9xf32>) -> tensor<7x9xf32> {\n"
    "  %0 = \"graph.matmul\"(%x, %w) : (tensor<7x13xf32>, tensor<13x9xf32>) -> tensor<7x9xf32>\n"
    "  return %0 : tensor<7x9xf32>\n}\n",
    "func.func @f(%x: tensor<3x5x7xf32>) -> (tensor<3x7xf32>, tensor<3x5x1xf32>) {\n"
    "  %0 = \"graph.reduce_sum\"(%x) {axes = [1], keepdims = false} : (tensor<3x5x7xf32>) -> tensor<3x7xf32>\n"
    "  %1 = \"graph.reduce_max\"(%x) {axes = [-1]} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>\n"
    "  return %0, %1 : tensor<3x7xf32>, tensor<3x5x1xf32>\n}\n",
    "func.func @f(%x: tensor<?x40xf32>) -> tensor<?x40xf32> {\n"
    "  %0 = \"graph.exp\"(%x) : (tensor<?x40xf32>) -> tensor<?x40xf32>\n"
    "  %1 = \"graph.log\"(%0) : (tensor<?x40xf32>) -> tensor<?x40xf32>\n"
    "  return %1 : tensor<?x40xf32>\n}\n",
};

static void test_small_programs(void) {
  for (size_t i = 0; i < sizeof programs / sizeof *programs; i++) {
    char name[32];
    snprintf(name, sizeof name, "program%zu.mlir", i);
    check_program(name, programs[i], strlen(programs[i]));
  }
}

/* ---- the paper workloads' small configurations ------------------------------------- */

static void test_workloads(void) {
  static const char *const files[] = {
      "bert-layer.small.mlir",          "bert-gemm-dynamic.small.mlir",  "bert-gemm-dynamic.small-qkv.mlir",
      "conv-dynamic-batch.small.mlir",  "conv-dynamic-batch.small-1x1.mlir", "conv-dynamic-batch.small-s2.mlir",
      "efficientnet-se.small.mlir",     "efficientvit-attn.small.mlir",  "gemma2-decode-kv.small.mlir",
      "gpt2-attn-kv.small.mlir",        "gpt2-attn-kv.small-f16.mlir",   "llama3-decode-kv.small.mlir",
      "lstm-stack.small.mlir",          "shufflenet-unit.small.mlir",    "yolo11-c3k2.small.mlir",
  };
  /* The source root: $VTC_SRC, else from this file's path
   * (.../test/unit/test_gir_to_llvm_e2e.c). */
  char root[1024];
  snprintf(root, sizeof root, "%s", getenv("VTC_SRC") ? getenv("VTC_SRC") : __FILE__);
  char *cut = strstr(root, "/test/unit/");
  if (cut) *cut = 0;
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    if (!unit_sampled(files[i])) continue;
    char path[1200];
    snprintf(path, sizeof path, "%s/benchmarks/workloads/%s", root, files[i]);
    size_t len = 0;
    char *text = vtc_read_file(path, &len);
    CHECK(text != NULL);
    if (text) check_program(files[i], text, len);
    free(text);
  }
}

int main(void) {
  UNIT_RUN(test_small_programs);
  UNIT_RUN(test_workloads);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
