/* vtc-run --onnx-test DIR: runs one test of the ONNX backend-test format
 * (DIR/model.onnx and DIR/test_data_set_N/{input,output}_K.pb, serialized
 * TensorProtos) on --target and compares every output with the stored one
 * under vtc-run --check's rule (runtime/tensor_compare.h: norm-wise
 * relative error, per-dtype tolerance by the output's and the model's
 * lowest float type; integers exact). The model is imported for each data
 * set, with that set's inputs as the values of graph inputs that an op
 * needs as constants (vtc_onnx_options.input_values: the node tests feed
 * Reshape's shape or Slice's starts as inputs), so compiled targets lower
 * it once per set.
 *
 * Exit status: 0 every data set matches, 1 a mismatch or an error (a
 * failing run, a malformed model or test), VTC_EXIT_UNSUPPORTED (4) when
 * the importer reports the model as unsupported (an op, an element type,
 * an attribute value or an opset vtc does not import), 3 no GPU. The last
 * stdout line is `onnx-test: PASS|FAIL|UNSUPPORTED: DIR`. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/interpreter.h"
#include "import/onnx/onnx.h"
#include "runtime/tensor_compare.h"
#include "tools/vtc-run/options.h"
#include "tools/vtc-run/run.h"

typedef VTC_VEC(vtc_tensor) tensor_vec;

static void free_tensors(tensor_vec *v) {
  for (size_t i = 0; i < v->len; i++) vtc_tensor_free(&v->data[i]);
  VTC_VEC_FREE(v);
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* DIR/prefix_K.pb for K = 0, 1, ... until one is missing. *unsupported
 * tells a tensor vtc cannot hold (an element type) from a malformed one. */
static bool load_set(const char *dir, const char *prefix, tensor_vec *out, bool *unsupported) {
  for (unsigned k = 0;; k++) {
    char path[4096], err[1024];
    snprintf(path, sizeof path, "%s/%s_%u.pb", dir, prefix, k);
    if (!exists(path)) return true;
    vtc_tensor t;
    int rc = vtc_onnx_load_tensor(path, &t, NULL, err, sizeof err);
    if (rc) {
      fprintf(stderr, "vtc-run: error: %s\n", err);
      *unsupported = rc == -2;
      return false;
    }
    VTC_VEC_PUSH(out, t);
  }
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The test_data_set_* folders of dir, sorted (heap; free each and the array). */
static size_t data_sets(const char *dir, char ***names) {
  VTC_VEC(char *) v = {0};
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));)
    if (!strncmp(e->d_name, "test_data_set_", 14)) VTC_VEC_PUSH(&v, vtc_xstrdup(e->d_name));
  if (d) closedir(d);
  if (v.len) qsort(v.data, v.len, sizeof *v.data, cmp_names);
  *names = v.data;
  return v.len;
}

/* Compares the outputs of one data set; prints a line per output. */
static bool compare(const char *set, const vtc_tensor *got, unsigned ngot, const tensor_vec *want, bool has_float,
                    vtc_dtype compute) {
  if (ngot != want->len) {
    printf("onnx-test: %s: MISMATCH: %u results, the test stores %zu outputs\n", set, ngot, want->len);
    return false;
  }
  bool ok = true;
  for (unsigned k = 0; k < ngot; k++) {
    const vtc_tensor *g = &got[k], *w = &want->data[k];
    double tol = vtc_check_tolerance(w->dtype, has_float ? compute : w->dtype);
    vtc_compare_result r;
    char gs[256], ws[256];
    vtc_graph_tensor_str(g, gs, sizeof gs);
    vtc_graph_tensor_str(w, ws, sizeof ws);
    bool same = vtc_compare_tensors(g, w, tol, &r);
    if (!r.shape_ok) {
      printf("onnx-test: %s: output %u: MISMATCH: %s, the test stores %s\n", set, k, gs, ws);
      ok = false;
      continue;
    }
    printf("onnx-test: %s: output %u: %s rel_err=%.3g tol=%.3g: %s\n", set, k, ws, r.rel_err, r.tolerance,
           same ? "ok" : "MISMATCH");
    if (!same && r.worst_index >= 0)
      printf("onnx-test: %s: output %u: worst at flat index %lld: got %.9g, expected %.9g (%lld NaN/inf mismatches)\n",
             set, k, (long long)r.worst_index, r.worst_got, r.worst_ref, (long long)r.num_nonfinite_mismatches);
    ok = ok && same;
  }
  return ok;
}

/* The module imported for one data set: the set's inputs are the values
 * the importer may read as constants where an op needs one (a Reshape's
 * shape given as a graph input). NULL after a diagnostic; *unsupported
 * says whether the importer called the model unsupported. */
static vtc_op *import_for(vtc_context *ctx, const char *dir, const run_options *o, const tensor_vec *ins,
                          bool *unsupported) {
  char model[4096];
  snprintf(model, sizeof model, "%s/model.onnx", dir);
  const vtc_tensor **known = vtc_xcalloc(ins->len + 1, sizeof *known);
  for (size_t i = 0; i < ins->len; i++) known[i] = &ins->data[i];
  vtc_onnx_options io = vtc_onnx_default_options();
  io.func_name = o->entry;
  io.input_values = known;
  io.num_input_values = (unsigned)ins->len;
  vtc_onnx_status status;
  vtc_op *m = vtc_onnx_import_file(ctx, model, &io, &status);
  free(known);
  *unsupported = !m && status == VTC_ONNX_UNSUPPORTED;
  if (m && !vtc_verify(m)) {
    vtc_op_destroy(m);
    m = NULL;
  }
  return m;
}

typedef enum set_result { SET_PASS, SET_FAIL, SET_UNSUPPORTED } set_result;

static set_result run_set(vtc_context *ctx, const run_target *target, const char *dir, const char *set,
                          const run_options *o, int *exit_code) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, set);
  tensor_vec ins = {0}, outs = {0};
  bool unsupported = false;
  bool ok = load_set(path, "input", &ins, &unsupported) && load_set(path, "output", &outs, &unsupported);
  /* A test file that does not load (a sequence or optional, not a tensor)
   * belongs to a model the importer may call unsupported: ask it. */
  if (!ok && !unsupported) {
    tensor_vec none = {0};
    vtc_op *m = import_for(ctx, dir, o, &none, &unsupported);
    if (m) vtc_op_destroy(m);
  }
  vtc_op *module = ok ? import_for(ctx, dir, o, &ins, &unsupported) : NULL;
  vtc_op *entry = module ? vtc_symbol_table_lookup(module, o->entry) : NULL;
  ok = ok && entry;
  unsigned nargs = entry ? vtc_op_region(entry, 0)->first->num_args : 0;
  if (ok && nargs != ins.len) {
    fprintf(stderr, "vtc-run: error: %s: @%s takes %u inputs, the test gives %zu\n", set, o->entry, nargs, ins.len);
    ok = false;
  }
  for (unsigned a = 0; ok && a < nargs; a++) {
    char err[512];
    if (vtc_graph_check_tensor(vtc_op_region(entry, 0)->first->args[a]->type, &ins.data[a], err, sizeof err)) {
      fprintf(stderr, "vtc-run: error: %s: input %u: %s\n", set, a, err);
      ok = false;
    }
  }
  vtc_dtype compute = VTC_F32;
  bool has_float = ok && vtc_check_compute_dtype(entry, &compute);
  run_request req = {.ctx = ctx, .module = module, .entry = entry, .num_inputs = nargs, .inputs = ins.data, .vtc = o->vtc};
  vtc_tensor *all_ins = NULL;
  if (ok && target->weights_as_args) run_weights_as_args(&req, &all_ins);
  if (ok && !target->run(&req)) {
    ok = false;
    if (req.exit_code) *exit_code = req.exit_code;
  }
  if (ok) ok = compare(set, req.outputs, req.num_outputs, &outs, has_float, compute);
  vtc_tensor_free_array(req.outputs, req.num_outputs);
  free(all_ins);
  if (module) vtc_op_destroy(module);
  free_tensors(&ins);
  free_tensors(&outs);
  return ok ? SET_PASS : unsupported ? SET_UNSUPPORTED : SET_FAIL;
}

int run_onnx_test(vtc_context *ctx, const run_options *o, const run_target *target) {
  const char *dir = o->onnx_test;
  char **sets;
  size_t nsets = data_sets(dir, &sets);
  int exit_code = 0;
  set_result r = nsets ? SET_PASS : SET_FAIL;
  if (!nsets) fprintf(stderr, "vtc-run: error: %s has no test_data_set_* folder\n", dir);
  for (size_t i = 0; i < nsets; i++) {
    if (r == SET_PASS) r = run_set(ctx, target, dir, sets[i], o, &exit_code);
    free(sets[i]);
  }
  free(sets);
  static const char *const names[] = {"PASS", "FAIL", "UNSUPPORTED"};
  printf("onnx-test: %s: %s\n", names[r], dir);
  if (r == SET_UNSUPPORTED) return VTC_EXIT_UNSUPPORTED;
  return r == SET_PASS ? 0 : exit_code ? exit_code : 1;
}
