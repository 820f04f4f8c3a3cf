/* vtc-run --target=cuda: opens the GPU first, so that a machine without one
 * answers with one line and exit status 3 before any compilation; then
 * lowers the module with the default pipeline (or takes what
 * --pass-pipeline made of it), compiles its kernels to PTX and its entry to
 * a host plan for the device's architecture (runtime/cuda_exec.h), and runs
 * it. --bench times runs with CUDA events, inputs resident on the device;
 * --report-memory reports the peak of the buffers the plan allocates.
 * --dump-ptx compiles before opening the GPU, so it works without one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"
#include "ir/ptrmap.h"
#include "runtime/cuda_exec.h"
#include "targets/hardware.h"
#include "tools/vtc-run/run.h"

/* The default pipeline for the GPU the driver names `device`, of
 * architecture `arch` (both NULL: before the GPU is opened, sm_90): its
 * rKernels planned for that GPU's hardware row where the name is known (an
 * H200 as an H200: its decode GEMM and convolutions pick other tiles than
 * the H100 row of sm_90 gives, the llama3 QKV projection 0.033 against
 * 0.045 ms), else for the row of the architecture (sm_80: the A100's), and
 * without sm_90's wgmma on one the rows lack (sm_86, sm_89: planned as the
 * default row, mma.sync). */
static char *default_pipeline(const run_request *req, const char *arch, const char *device) {
  const vtc_hardware *named = device ? vtc_hardware_lookup(device) : NULL;
  const vtc_hardware *hw = named ? named : arch ? vtc_hardware_lookup(arch) : NULL;
  if (!arch || (!named && hw && hw->gpu.wgmma)) return run_default_pipeline(req, RUN_GRAPH, RUN_CUDA_PIPELINE);
  char lowering[96];
  if (hw) snprintf(lowering, sizeof lowering, "te-split-reduction,lower-te-to-gir{hierarchy=gpu gpu=%s}", hw->name);
  else snprintf(lowering, sizeof lowering, "te-split-reduction,lower-te-to-gir{hierarchy=gpu wgmma=false}");
  return run_default_pipeline(req, RUN_GRAPH, lowering);
}

static bool lower(run_request *req, const char *arch, const char *device) {
  if (req->user_pipeline) return true;
  double t0 = run_now_ms();
  char *pipeline = default_pipeline(req, arch, device);
  vtc_pass_manager *pm = vtc_pass_manager_create(req->ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, req->module);
  vtc_pass_manager_destroy(pm);
  free(pipeline);
  req->compile_ms += run_now_ms() - t0;
  return ok;
}

int run_cuda_graphs_mode(const char *name) {
  static const char *const kModes[] = {[VTC_CUDA_GRAPHS_AUTO] = "auto", [VTC_CUDA_GRAPHS_OFF] = "off",
                                       [VTC_CUDA_GRAPHS_ALWAYS] = "always"};
  for (int i = 0; i < (int)(sizeof kModes / sizeof *kModes); i++)
    if (!strcmp(name, kModes[i])) return i;
  return -1;
}

/* Compiles for cu's architecture (sm_90 without one); NULL after an error. */
static vtc_cuda_program *compile(run_request *req, const vtc_cuda *cu) {
  const char *name = vtc_symbol_name(req->entry);
  char *err = NULL;
  double t0 = run_now_ms();
  vtc_cuda_exec_options opts = vtc_cuda_exec_default_options();
  if (req->cuda_graphs) opts.graphs = (vtc_cuda_graphs)run_cuda_graphs_mode(req->cuda_graphs);
  opts.concurrent_graphs = req->cuda_graph_concurrent;
  vtc_cuda_program *prog = vtc_cuda_program_create(req->module, name, &opts, cu, &err);
  req->compile_ms += run_now_ms() - t0;
  if (!prog)
    vtc_error(req->ctx, req->entry->loc, "cannot compile @%s for the GPU: %s", name, err ? err : "unknown error");
  free(err);
  return prog;
}

static bool dump_ptx(run_request *req, const vtc_cuda_program *prog) {
  const char *ptx = vtc_cuda_program_ptx(prog);
  FILE *f = fopen(req->dump_ptx, "w");
  bool ok = f && fputs(ptx ? ptx : "// no kernels\n", f) >= 0;
  if (f && fclose(f) != 0) ok = false;
  if (!ok) fprintf(stderr, "vtc-run: error: cannot write '%s': %s\n", req->dump_ptx, strerror(errno));
  return ok;
}

/* The one run whose results vtc-run prints and checks. */
static bool run_once(run_request *req, vtc_cuda *cu, vtc_cuda_program *prog) {
  vtc_cuda_run_stats st;
  char *err = NULL;
  bool ok = vtc_cuda_program_run(prog, cu, req->inputs, req->num_inputs, &req->outputs, &st, &err) == 0;
  if (ok) {
    req->num_outputs = vtc_cuda_program_num_results(prog);
    req->peak_bytes = st.peak_bytes;
    req->num_allocs = st.num_allocs;
    req->measured_peak = req->measured_allocs = true;
    req->num_launches = st.num_launches;
    req->measured_launches = true;
  } else if (!run_report_check_failure(req, vtc_cuda_program_check_failure(prog))) {
    char *what = vtc_format("running @%s on the GPU failed", vtc_symbol_name(req->entry));
    run_runtime_error(req->ctx, req->entry->loc, what, err);
    free(what);
  }
  free(err);
  return ok;
}

/* req->bench event-timed runs after one more warm-up run (the first run
 * above was the cold one): the median, min, max. */
static bool bench(run_request *req, vtc_cuda *cu, vtc_cuda_program *prog) {
  enum { kExtraWarmup = 1 };
  int64_t n = req->bench;
  double *ms = vtc_xcalloc((size_t)n + 1, sizeof *ms);
  char *err = NULL;
  bool ok = n <= INT32_MAX &&
            vtc_cuda_program_bench(prog, cu, req->inputs, req->num_inputs, kExtraWarmup, (int)n, ms, &err) == 0;
  if (ok) run_summarize_bench(req, ms, n, 1 + kExtraWarmup);
  else if (!run_report_check_failure(req, vtc_cuda_program_check_failure(prog)))
    vtc_error(req->ctx, req->entry->loc, "benchmark runs of @%s on the GPU failed: %s",
              vtc_symbol_name(req->entry), err ? err : "too many runs");
  free(err);
  free(ms);
  return ok;
}

/* ---- --bench-kernels ---- */

/* The graph ops of the module as written by location: an interned
 * "file:line:col" -> the first op there (one walk for every kernel). */
typedef struct origin_index {
  vtc_context *ctx;
  vtc_ptrmap ops;
} origin_index;

static vtc_walk_result index_origin(vtc_op *op, void *data) {
  origin_index *ix = data;
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  if (!l || strncmp(op->name->name, "graph.", 6) != 0) return VTC_WALK_ADVANCE;
  char *key = vtc_format("%s:%u:%u", l->name, l->line, l->col);
  const char *k = vtc_str(ix->ctx, key);
  free(key);
  if (!vtc_ptrmap_contains(&ix->ops, k)) vtc_ptrmap_put(&ix->ops, k, op);
  return VTC_WALK_ADVANCE;
}

/* The graph op at a kernel's location (what the kernel was lowered from; a
 * fused kernel carries its first op's), or NULL. */
static vtc_op *origin_of(origin_index *ix, const char *loc) {
  return loc ? vtc_ptrmap_get(&ix->ops, vtc_str(ix->ctx, loc)) : NULL;
}

/* Data movement: one of the 16 ops that VTC's virtual tensors cover. */
static bool is_data_movement(vtc_op *op) {
  vtc_graph_vrules r;
  bool dm = op && vtc_graph_virtual_rules(op, &r);
  if (dm) vtc_graph_vrules_free(&r);
  return dm;
}

static int by_time_desc(const void *a, const void *b) {
  double x = ((const vtc_cuda_kernel_time *)a)->ms, y = ((const vtc_cuda_kernel_time *)b)->ms;
  return (x < y) - (x > y);
}

/* The report: a summary line, then one line per kernel, slowest first. */
static char *kernel_report(const run_request *req, vtc_cuda_profile *prof, int runs) {
  double total = 0, moving = 0;
  int64_t launches = 0;
  vtc_strbuf lines = {0};
  origin_index ix = {.ctx = req->ctx};
  if (req->source_module) vtc_op_walk(req->source_module, true, index_origin, &ix);
  qsort(prof->kernels, prof->num_kernels, sizeof *prof->kernels, by_time_desc);
  for (unsigned i = 0; i < prof->num_kernels; i++) total += prof->kernels[i].ms;
  for (unsigned i = 0; i < prof->num_kernels; i++) {
    const vtc_cuda_kernel_time *k = &prof->kernels[i];
    vtc_op *origin = origin_of(&ix, k->loc);
    bool dm = is_data_movement(origin);
    moving += dm ? k->ms : 0;
    launches += k->launches;
    vtc_strbuf_printf(&lines, "kernel: @%s: %lld launches, %.4f ms, %.1f%% | %s at %s | %s\n", k->name,
                      (long long)k->launches, k->ms, total > 0 ? 100 * k->ms / total : 0,
                      origin ? origin->name->name : "no graph op", k->loc ? k->loc : "unknown location",
                      !origin ? "unknown" : dm ? "data movement" : "compute");
  }
  vtc_strbuf out = {0};
  vtc_strbuf_printf(&out,
                    "bench-kernels: @%s: call %.4f ms, host issue %.4f ms, kernels %.4f ms in %lld launches, data "
                    "movement %.4f ms (%.1f%%) (medians of %d runs, events around each launch)\n",
                    vtc_symbol_name(req->entry), prof->call_ms, prof->host_ms, total, (long long)launches, moving,
                    total > 0 ? 100 * moving / total : 0, runs);
  vtc_strbuf_puts(&out, lines.data ? lines.data : "");
  vtc_strbuf_free(&lines);
  vtc_ptrmap_free(&ix.ops);
  return vtc_strbuf_take(&out);
}

static bool bench_kernels(run_request *req, vtc_cuda *cu, vtc_cuda_program *prog) {
  enum { kWarmup = 1, kDefaultRuns = 10 };
  int runs = req->bench > 0 && req->bench <= INT32_MAX ? (int)req->bench : kDefaultRuns;
  vtc_cuda_profile prof;
  char *err = NULL;
  bool ok = vtc_cuda_program_profile(prog, cu, req->inputs, req->num_inputs, kWarmup, runs, &prof, &err) == 0;
  if (ok) {
    free(req->kernel_report);
    req->kernel_report = kernel_report(req, &prof, runs);
  } else if (!run_report_check_failure(req, vtc_cuda_program_check_failure(prog))) {
    vtc_error(req->ctx, req->entry->loc, "profiling @%s on the GPU failed: %s", vtc_symbol_name(req->entry),
              err ? err : "unknown error");
  }
  vtc_cuda_profile_free(&prof);
  free(err);
  return ok;
}

static bool run_on(run_request *req, vtc_cuda *cu, vtc_cuda_program *prog) {
  if (req->trace) {
    char *plan = vtc_cuda_program_plan_text(prog);
    fprintf(stderr, "%s", plan);
    free(plan);
  }
  /* One run per --sweep point, on the program compiled once. */
  do {
    if (!run_once(req, cu, prog) || (req->bench > 0 && !bench(req, cu, prog)) ||
        (req->bench_kernels && !bench_kernels(req, cu, prog)))
      return false;
  } while (req->next_point && req->next_point(req));
  return true;
}

bool run_cuda(run_request *req) {
  vtc_cuda_program *prog = NULL;
  /* --dump-ptx: compile (for sm_90) before the GPU is opened. */
  if (req->dump_ptx && !(lower(req, NULL, NULL) && (prog = compile(req, NULL)) && dump_ptx(req, prog))) {
    vtc_cuda_program_destroy(prog);
    return false;
  }
  char *err = NULL;
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    fprintf(stderr, "vtc-run: error: %s\n", err ? err : "cannot open the GPU");
    free(err);
    vtc_cuda_program_destroy(prog);
    req->exit_code = VTC_EXIT_NO_GPU;
    return false;
  }
  const char *arch = vtc_cuda_exec_device_arch(cu);
  bool ok = true;
  if (prog && arch && strcmp(arch, vtc_cuda_program_arch(prog)) != 0) { /* compiled for another GPU */
    vtc_cuda_program_destroy(prog);
    prog = NULL;
    ok = (prog = compile(req, cu)) && dump_ptx(req, prog);
  } else if (!prog) {
    ok = lower(req, arch, vtc_cuda_device(cu)->name) && (prog = compile(req, cu));
  }
  ok = ok && run_on(req, cu, prog);
  vtc_cuda_program_destroy(prog);
  vtc_cuda_close(cu);
  return ok;
}
