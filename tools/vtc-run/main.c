/* vtc-run: parses a module, optionally runs a pass pipeline, and runs one of
 * its functions on .npy or random inputs on a target (a row of kTargets: the
 * graph reference interpreter, the te interpreter, or compiled for this CPU
 * or an NVIDIA GPU), then prints each result's type and checksums and writes
 * .npy files; --check compares with the reference interpreter. Exit 0, 1 on
 * error diagnostics or a --check mismatch, 2 on usage errors, 3
 * (VTC_EXIT_NO_GPU) when --target=cuda finds no GPU. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "dialects/graph/interpreter.h"
#include "dialects/te/interpreter.h"
#include "import/onnx/onnx.h"
#include "ir/ir.h"
#include "runtime/npy.h"
#include "runtime/thread_pool.h"
#include "tools/common/register.h"
#include "tools/vtc-run/inputs.h"
#include "tools/vtc-run/options.h"
#include "tools/vtc-run/run.h"

#define VTC_RUN_VERSION "0.1.0"

/* ---- targets ------------------------------------------------------------------ */

static bool run_interp(run_request *req) {
  vtc_graph_interp_options opts = {.trace = req->trace ? stderr : NULL};
  vtc_graph_interp_stats stats;
  bool ok = vtc_graph_interpret(req->entry, req->num_inputs, req->inputs, &req->outputs, &req->num_outputs, &opts,
                                &stats);
  req->peak_bytes = stats.peak_bytes;
  req->measured_peak = true;
  return ok;
}

/* Runs a lowering pipeline on the whole module, unless --pass-pipeline
 * lowered it already. */
static bool lower(run_request *req, const char *pipeline) {
  if (req->user_pipeline) return true;
  vtc_pass_manager *pm = vtc_pass_manager_create(req->ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, req->module);
  vtc_pass_manager_destroy(pm);
  return ok;
}

/* The tensor-expression path: lower-graph-to-te, then the te interpreter,
 * and the gir path: on to lower-te-to-gir, then the gir interpreter; so each
 * lowering can be run and compared by hand (and with --check). */
static bool run_te(run_request *req) {
  return lower(req, "lower-graph-to-te") &&
         vtc_te_interpret(req->entry, req->num_inputs, req->inputs, &req->outputs, &req->num_outputs);
}

static bool run_gir(run_request *req) {
  return lower(req, "lower-graph-to-te,lower-te-to-gir") &&
         vtc_gir_interpret(req->entry, req->num_inputs, req->inputs, &req->outputs, &req->num_outputs);
}

static const run_target kTargets[] = {
    {"interp", "the graph dialect's reference interpreter (dialects/graph/interpreter.c)", run_interp, false, false},
    {"te", "lower-graph-to-te, then the te interpreter (dialects/te/interpreter.c)", run_te, false, true},
    {"gir", "lower-graph-to-te, lower-te-to-gir, then the gir interpreter (dialects/gir/interpreter.c)", run_gir,
     false, true},
    {"cpu",
     "compiled for this CPU: " RUN_GRAPH ", VTC's passes, " RUN_CPU_PIPELINE
     " (or --pass-pipeline), gir-to-llvm, ORC JIT at O3",
     run_cpu, true, true},
    {"cuda", "compiled for the NVIDIA GPU: " RUN_GRAPH ", VTC's passes, " RUN_CUDA_PIPELINE " (or --pass-pipeline), PTX and a "
             "host plan (exit 3 without a GPU)", run_cuda, true, true},
};

static const run_target *find_target(const char *name) {
  for (size_t i = 0; i < sizeof kTargets / sizeof *kTargets; i++)
    if (!strcmp(kTargets[i].name, name)) return &kTargets[i];
  return NULL;
}

static void list_targets(FILE *out) {
  for (size_t i = 0; i < sizeof kTargets / sizeof *kTargets; i++)
    fprintf(out, "  %-10s %s\n", kTargets[i].name, kTargets[i].summary);
}

/* ---- printing results ------------------------------------------------------------ */

static uint64_t fnv1a(const vtc_tensor *t) {
  uint64_t h = 0xcbf29ce484222325ull;
  const unsigned char *p = t->data;
  for (size_t i = 0, n = vtc_tensor_nbytes(t); i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static void print_value(const vtc_tensor *t, int64_t i) {
  if (t->dtype == VTC_I1) printf("%s", vtc_tensor_get_i64(t, i) ? "true" : "false");
  else if (!vtc_dtype_is_float(t->dtype)) printf("%lld", (long long)vtc_tensor_get_i64(t, i));
  else printf(t->dtype == VTC_F64 ? "%.17g" : "%.9g", vtc_tensor_get_f64(t, i));
}

/* Nested brackets as numpy prints them; flat with "..." past the limit. */
static void print_values(const vtc_tensor *t, int64_t limit) {
  int64_t n = vtc_tensor_numel(t);
  printf("  values: ");
  if (limit >= 0 && n > limit) {
    printf("[");
    for (int64_t i = 0; i < limit; i++) {
      if (i) printf(", ");
      print_value(t, i);
    }
    printf("%s... (%lld of %lld shown, flattened)]\n", limit ? ", " : "", (long long)limit, (long long)n);
    return;
  }
  if (t->rank == 0) {
    print_value(t, 0);
    printf("\n");
    return;
  }
  int64_t idx[VTC_MAX_RANK] = {0};
  for (int d = 0; d < t->rank; d++) printf("[");
  for (int64_t i = 0; i < n; i++) {
    print_value(t, i);
    int closed = 0;
    for (int d = t->rank - 1; d >= 0; d--) {
      if (++idx[d] < t->dims[d]) break;
      idx[d] = 0;
      closed++;
    }
    for (int c = 0; c < closed; c++) printf("]");
    if (i + 1 < n) printf(", ");
    for (int c = 0; c < closed && i + 1 < n; c++) printf("[");
  }
  if (n == 0)
    for (int d = 0; d < t->rank; d++) printf("]");
  printf("\n");
}

static void print_result(unsigned k, const vtc_tensor *t, const run_options *o) {
  char ty[256];
  vtc_graph_tensor_str(t, ty, sizeof ty);
  double sum = 0, abs_sum = 0;
  for (int64_t i = 0, n = vtc_tensor_numel(t); i < n; i++) {
    double v = vtc_tensor_get_f64(t, i);
    sum += v;
    abs_sum += fabs(v);
  }
  printf("result %u: %s sum=%.9g abs_sum=%.9g fnv=0x%016llx\n", k, ty, sum, abs_sum, (unsigned long long)fnv1a(t));
  if (o->print_values) print_values(t, o->print_limit);
}

/* ---- the driver ------------------------------------------------------------------- */

static bool load_inputs(vtc_context *ctx, const run_options *o, vtc_op *func, vtc_tensor *ins) {
  vtc_block *b = vtc_op_region(func, 0)->first;
  const char *fname = vtc_symbol_name(func);
  for (unsigned a = 0; a < b->num_args; a++) {
    const vtc_type *type = run_arg_type(func, a);
    if (!o->inputs.len) {
      if (!run_make_random(ctx, o, func, a, &ins[a])) return false;
      continue;
    }
    const char *path = o->inputs.data[a];
    char err[512];
    if (vtc_npy_load(path, &ins[a], err, sizeof err)) {
      fprintf(stderr, "vtc-run: error: input for argument #%u of @%s: %s\n", a, fname, err);
      return false;
    }
    /* --shape/--dim must agree with the file too (they size nothing here). */
    vtc_shape held = vtc_tensor_shape(&ins[a]);
    char from[4200];
    snprintf(from, sizeof from, "the input '%s'", path);
    if (!run_apply_dims(ctx, o, func, a, &held, from)) return false;
    if (vtc_graph_check_tensor(type, &ins[a], err, sizeof err)) {
      char *ts = vtc_type_to_string(type), got[256];
      vtc_graph_tensor_str(&ins[a], got, sizeof got);
      vtc_error(ctx, func->loc, "input '%s' does not match argument #%u of @%s: %s (the file holds %s, the argument "
                                "has type %s)", path, a, fname, err, got, ts);
      free(ts);
      return false;
    }
  }
  return true;
}

static bool write_outputs(const run_options *o, const vtc_tensor *outs, unsigned n) {
  if (o->output_dir && mkdir(o->output_dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "vtc-run: error: cannot create directory '%s': %s\n", o->output_dir, strerror(errno));
    return false;
  }
  for (unsigned k = 0; k < n; k++) {
    char path[4096], err[512];
    if (o->output_dir) snprintf(path, sizeof path, "%s/result%u.npy", o->output_dir, k);
    else if (k < o->outputs.len) snprintf(path, sizeof path, "%s", o->outputs.data[k]);
    else break;
    if (vtc_npy_save(path, &outs[k], err, sizeof err)) {
      fprintf(stderr, "vtc-run: error: %s\n", err);
      return false;
    }
  }
  return true;
}

/* --check's inputs: the run's own, except that an argument donated to a
 * result (graph.aliasing_output) is a copy made before the run, since the
 * compiled code writes into the donated buffer. Frees the previous copies
 * in ref (an array of nargs). */
static void reference_inputs(vtc_op *ref_entry, const vtc_tensor *ins, unsigned nargs, vtc_tensor *ref) {
  char err[128];
  for (unsigned a = 0; a < nargs; a++) {
    bool donated = vtc_func_donated_result(ref_entry, a) >= 0;
    if (donated && ref[a].data != ins[a].data) vtc_tensor_free(&ref[a]);
    if (!donated || vtc_tensor_clone(&ins[a], &ref[a], err, sizeof err) != 0) ref[a] = ins[a];
  }
}

static void free_reference_inputs(vtc_op *ref_entry, const vtc_tensor *ins, unsigned nargs, vtc_tensor *ref) {
  for (unsigned a = 0; ref && a < nargs; a++)
    if (ref[a].data != ins[a].data && vtc_func_donated_result(ref_entry, a) >= 0) vtc_tensor_free(&ref[a]);
  free(ref);
}

/* What a run prints: each result, memory, the bench line; then --check
 * against the reference interpreter. False on a --check mismatch. */
static bool report(const run_request *req, const run_options *o, const run_target *target, vtc_op *ref_entry,
                   const vtc_tensor *ins, unsigned nargs) {
  for (unsigned k = 0; k < req->num_outputs; k++) print_result(k, &req->outputs[k], o);
  /* The interpreter's peak is always printed (as before --report-memory). */
  if (req->measured_peak && (o->report_memory || target->run == run_interp))
    printf("peak intermediate bytes: %zu\n", req->peak_bytes);
  if (o->report_memory && req->measured_allocs) printf("buffers allocated: %lld\n", (long long)req->num_allocs);
  if (o->report_launches && req->measured_launches) printf("kernel launches: %lld\n", (long long)req->num_launches);
  if (o->report_launches && !req->measured_launches)
    printf("kernel launches: not measured on this target (cuda only)\n");
  if (o->bench_kernels) printf("%s", req->kernel_report ? req->kernel_report : "bench-kernels: not measured on this target (cuda only)\n");
  if (o->report_memory && req->measured_peak) { /* comparable to torch.cuda.max_memory_allocated */
    size_t in = 0;
    for (unsigned a = 0; a < req->num_inputs; a++) in += vtc_tensor_nbytes(&req->inputs[a]);
    printf("peak bytes with inputs: %zu\n", req->peak_bytes + in);
  }
  if (o->report_memory && !req->measured_peak)
    fprintf(stderr, "vtc-run: note: --target=%s does not measure memory\n", target->name);
  if (req->measured_bench)
    printf("bench: @%s: median %.4f ms, min %.4f ms, max %.4f ms over %lld runs (after %lld warm-up runs; "
           "compile %.1f ms)\n",
           o->entry, req->bench_median_ms, req->bench_min_ms, req->bench_max_ms, (long long)req->bench_runs,
           (long long)req->warmup_runs, req->compile_ms);
  fflush(stdout);
  bool check_ok = !o->check || run_check(req->ctx, ref_entry, ins, nargs, req->outputs, req->num_outputs,
                                         o->check_rtol, o->report_memory);
  fflush(stdout);
  return check_ok;
}

/* --sweep: the points of one dim, run on one compiled program. Each point
 * prints a `sweep: ARG.AXIS=N` line, then what a single run prints. */
typedef struct sweep_state {
  run_options *o;
  const run_target *target;
  vtc_op *ref_entry;         /* the entry as written: each point's inputs are made for it */
  vtc_tensor *ins, *all_ins; /* all_ins: the target's inputs when weights became arguments */
  vtc_tensor *ref_ins;       /* --check's inputs (reference_inputs) */
  unsigned nargs;
  size_t point;
  bool failed; /* a --check mismatch at some point */
} sweep_state;

static void sweep_header(const sweep_state *sw) {
  const run_dim *d = &sw->o->dims.data[sw->o->sweep_dim];
  const char *name = run_arg_name(sw->ref_entry, d->arg.index);
  if (name) printf("sweep: %s.%d=%lld\n", name, d->axis, (long long)d->size);
  else printf("sweep: %u.%d=%lld\n", d->arg.index, d->axis, (long long)d->size);
  fflush(stdout);
}

static bool sweep_next(run_request *req) {
  sweep_state *sw = req->sweep;
  if (!report(req, sw->o, sw->target, sw->ref_entry, sw->ref_ins, sw->nargs)) sw->failed = true;
  vtc_tensor_free_array(req->outputs, req->num_outputs);
  req->outputs = NULL;
  req->num_outputs = 0;
  req->measured_bench = false;
  free(req->kernel_report);
  req->kernel_report = NULL;
  if (++sw->point == sw->o->sweep.len) return false;
  sw->o->dims.data[sw->o->sweep_dim].size = sw->o->sweep.data[sw->point];
  sweep_header(sw);
  for (unsigned a = 0; a < sw->nargs; a++) {
    vtc_tensor_free(&sw->ins[a]);
    if (!run_make_random(req->ctx, sw->o, sw->ref_entry, a, &sw->ins[a])) {
      sw->failed = true;
      return false;
    }
    if (sw->all_ins) sw->all_ins[a] = sw->ins[a];
  }
  reference_inputs(sw->ref_entry, sw->ins, sw->nargs, sw->ref_ins);
  return true;
}

static vtc_op *find_entry(vtc_context *ctx, vtc_op *module, const char *name, const char *file) {
  vtc_op *f = vtc_symbol_table_lookup(module, name);
  if (f && vtc_op_is_named(f, "func.func") && vtc_op_region(f, 0)->first) return f;
  vtc_strbuf names = {0};
  for (vtc_op *op = vtc_op_region(module, 0)->first ? vtc_op_region(module, 0)->first->first : NULL; op; op = op->next)
    if (vtc_op_is_named(op, "func.func") && vtc_op_region(op, 0)->first)
      vtc_strbuf_printf(&names, "%s@%s", names.len ? ", " : "", vtc_symbol_name(op));
  if (f)
    fprintf(stderr, "vtc-run: error: @%s in '%s' is not a function with a body\n", name, file);
  else
    fprintf(stderr, "vtc-run: error: no function @%s in '%s' (functions: %s)\n", name, file,
            names.len ? names.data : "none");
  vtc_strbuf_free(&names);
  (void)ctx;
  return NULL;
}

/* Only the entry and what it references are compiled: every other function
 * becomes private and symbol-dce erases those nothing references (a module
 * of several entries compiled all of them, twice the JIT's time for two). */
static bool keep_only_entry(vtc_context *ctx, vtc_op *module, vtc_op *entry) {
  const vtc_attr *priv = vtc_attr_string(ctx, "private", 7);
  for (vtc_op *op = vtc_op_region(module, 0)->first ? vtc_op_region(module, 0)->first->first : NULL; op; op = op->next)
    if (op != entry && vtc_op_is_named(op, "func.func")) vtc_op_set_attr(op, "sym_visibility", priv);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, "symbol-dce") && vtc_pass_manager_run(pm, module);
  vtc_pass_manager_destroy(pm);
  return ok;
}

char *run_default_pipeline(const run_request *req, const char *graph, const char *lowering) {
  char *front = vtc_format(RUN_VTC_FRONT("%s"), req->vtc ? req->vtc : "all");
  char *pipeline = vtc_format("builtin.module(%s%s%s,%s)", graph ? graph : "", graph ? "," : "", front, lowering);
  free(front);
  return pipeline;
}

/* --vtc=S: the strategy of the compiled targets' default pipeline; false
 * after a usage error. */
static bool check_vtc_option(const run_options *o, const run_target *target) {
  if (!o->vtc) return true;
  static const char *const strategies[] = {"none", "greedy", "all"};
  bool known = false;
  for (size_t i = 0; i < 3; i++) known |= strcmp(o->vtc, strategies[i]) == 0;
  if (!known) {
    fprintf(stderr, "vtc-run: --vtc must be none, greedy or all, not '%s'\n", o->vtc);
    return false;
  }
  if (!target->can_bench || o->pass_pipeline) {
    fprintf(stderr, "vtc-run: --vtc takes --target=cpu or cuda and no --pass-pipeline\n");
    return false;
  }
  return true;
}

static bool check_cuda_graphs_option(const run_options *o, const run_target *target) {
  if (!o->cuda_graphs && !o->cuda_graph_concurrent) return true;
  if (o->cuda_graphs && run_cuda_graphs_mode(o->cuda_graphs) < 0) {
    fprintf(stderr, "vtc-run: --cuda-graphs must be auto, off or always, not '%s'\n", o->cuda_graphs);
    return false;
  }
  if (strcmp(target->name, "cuda") != 0) {
    fprintf(stderr, "vtc-run: --cuda-graphs and --cuda-graph-concurrent take --target=cuda, not '%s'\n", target->name);
    return false;
  }
  return true;
}

static int run_file(run_options *o, vtc_context *ctx) {
  if (o->help) {
    run_print_help(stdout);
    return 0;
  }
  if (o->version) {
    printf("vtc-run version " VTC_RUN_VERSION "\n");
    return 0;
  }
  if (o->list_targets) {
    list_targets(stdout);
    return 0;
  }
  const run_target *target = find_target(o->target);
  if (!target) {
    fprintf(stderr, "vtc-run: unknown target '%s'; the targets are:\n", o->target);
    list_targets(stderr);
    return 2;
  }
  if (o->bench && !target->can_bench) {
    fprintf(stderr, "vtc-run: --bench needs a compiled target (--target=cpu or cuda), not '%s'\n", target->name);
    return 2;
  }
  if (o->sweep.len && !target->can_bench) {
    fprintf(stderr, "vtc-run: --sweep needs a compiled target (--target=cpu or cuda), not '%s'\n", target->name);
    return 2;
  }
  if (o->dump_ptx && target->run != run_cuda) {
    fprintf(stderr, "vtc-run: --dump-ptx needs --target=cuda, not '%s'\n", target->name);
    return 2;
  }
  if (!check_vtc_option(o, target) || !check_cuda_graphs_option(o, target)) return 2;
  if (o->onnx_test) return run_onnx_test(ctx, o, target);
  size_t len = 0;
  char *buf = NULL;
  bool onnx = vtc_onnx_is_model_path(o->input_file);
  if (!onnx && !(buf = vtc_read_file(o->input_file, &len))) {
    fprintf(stderr, "vtc-run: error: cannot read '%s': %s\n", o->input_file, strerror(errno));
    return 1;
  }
  if (buf) vtc_context_add_source(ctx, o->input_file, buf, len);
  int rc = 1;
  vtc_tensor *ins = NULL, *all_ins = NULL, *ref_ins = NULL;
  unsigned nargs = 0;
  run_request req = {.ctx = ctx, .trace = o->trace, .user_pipeline = o->pass_pipeline != NULL, .vtc = o->vtc,
                     .cuda_graphs = o->cuda_graphs, .cuda_graph_concurrent = o->cuda_graph_concurrent, .bench = o->bench, .dump_ptx = o->dump_ptx, .bench_kernels = o->bench_kernels};
  vtc_op *ref_module = NULL, *ref_entry = NULL;
  vtc_op *module = onnx ? vtc_onnx_import_file(ctx, o->input_file, NULL, NULL)
                        : vtc_parse_source(ctx, o->input_file, buf, len, 0);
  if (!module || !vtc_verify(module)) goto done;
  /* --check's reference: the module as written, before any pipeline (a
   * copy, which shares the constants and their blobs). */
  if (o->check || o->sweep.len || o->bench_kernels) { /* --sweep makes each point's inputs for the entry as
                                                          written; --bench-kernels names its ops */
    ref_module = req.source_module = vtc_op_clone(module, NULL);
    if (!(ref_entry = find_entry(ctx, ref_module, o->entry, o->input_file))) goto done;
  }
  /* Inputs are made for (and checked against) the entry as written: a
   * pipeline may lower its signature (to gir buffers, for --target=cpu). */
  vtc_op *entry = find_entry(ctx, module, o->entry, o->input_file);
  if (!entry) goto done;
  nargs = vtc_op_region(entry, 0)->first->num_args;
  if (o->inputs.len && o->inputs.len != nargs) {
    vtc_error(ctx, entry->loc, "@%s takes %u arguments, but %zu input files were given", o->entry, nargs,
              o->inputs.len);
    goto done;
  }
  if (!run_resolve_args(ctx, entry, o) || !keep_only_entry(ctx, module, entry)) goto done;
  ins = vtc_xcalloc(nargs ? nargs : 1, sizeof *ins);
  if (!load_inputs(ctx, o, entry, ins)) goto done;
  if (ref_entry) {
    ref_ins = vtc_xcalloc(nargs ? nargs : 1, sizeof *ref_ins);
    reference_inputs(ref_entry, ins, nargs, ref_ins);
  }
  if (o->pass_pipeline) {
    vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
    bool ok = vtc_pass_manager_parse(pm, o->pass_pipeline) && vtc_pass_manager_run(pm, module);
    vtc_pass_manager_destroy(pm);
    if (!ok || !(entry = find_entry(ctx, module, o->entry, o->input_file))) goto done;
  }
  req.module = module;
  req.entry = entry;
  req.num_inputs = nargs;
  req.inputs = ins;
  if (target->weights_as_args && !o->pass_pipeline) run_weights_as_args(&req, &all_ins);
  const vtc_type *fty = vtc_func_get_type(entry);
  unsigned nres = fty ? fty->num_results : 0;
  if (o->outputs.len && o->outputs.len != nres) {
    vtc_error(ctx, entry->loc, "@%s has %u results, but %zu --output files were given", o->entry, nres,
              o->outputs.len);
    goto done;
  }
  sweep_state sweep = {.o = o, .target = target, .ref_entry = ref_entry, .ins = ins,
                       .all_ins = all_ins, .ref_ins = ref_ins, .nargs = nargs};
  if (o->sweep.len) {
    req.next_point = sweep_next;
    req.sweep = &sweep;
    sweep_header(&sweep);
  }
  if (!target->run(&req)) {
    if (req.exit_code) rc = req.exit_code;
    goto done;
  }
  if (o->sweep.len) {
    rc = sweep.failed ? 1 : 0;
    goto done;
  }
  bool check_ok = report(&req, o, target, ref_entry, ref_ins, nargs);
  rc = write_outputs(o, req.outputs, req.num_outputs) && check_ok ? 0 : 1;
done:
  free_reference_inputs(ref_entry, ins, nargs, ref_ins);
  if (ins)
    for (unsigned a = 0; a < nargs; a++) vtc_tensor_free(&ins[a]);
  free(ins);
  free(all_ins);
  vtc_tensor_free_array(req.outputs, req.num_outputs);
  free(req.kernel_report);
  if (module) vtc_op_destroy(module);
  if (ref_module) vtc_op_destroy(ref_module);
  free(buf);
  return rc;
}

int main(int argc, char **argv) {
  run_options o;
  if (!run_parse_args(argc, argv, &o)) {
    run_options_free(&o);
    return 2;
  }
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  int rc = run_file(&o, ctx);
  vtc_thread_pool_shutdown_default(); /* joined threads for leak checkers */
  run_options_free(&o);
  vtc_context_destroy(ctx);
  return rc;
}
