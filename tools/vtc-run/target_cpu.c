/* vtc-run --target=cpu: lowers the module with the default pipeline (or
 * takes what --pass-pipeline made of it), compiles it for this CPU
 * (runtime/cpu_exec.h: gir-to-llvm, ORC JIT at O3) and runs the entry on
 * the inputs; --bench times the compiled entry alone, --report-memory reads
 * the runtime allocator's peak (runtime/rt_alloc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "runtime/cpu_exec.h"
#include "runtime/rt_alloc.h"
#include "runtime/rt_error.h"
#include "tools/vtc-run/run.h"

bool run_report_check_failure(run_request *req, const vtc_check_failure *f) {
  if (!f) return false;
  const vtc_loc *loc = f->file ? vtc_loc_file(req->ctx, f->file, f->line, f->col) : req->entry->loc;
  vtc_error(req->ctx, loc, "%s", f->message);
  return true;
}

bool run_runtime_error(vtc_context *ctx, const vtc_loc *fallback, const char *what_failed, const char *message) {
  const char *m = message ? message : "unknown error";
  /* FILE:LINE:COL: with FILE up to the last ':' before the two numbers. */
  const char *p = m;
  unsigned line = 0, col = 0;
  int used = 0;
  for (const char *c = strchr(m, ':'); c; c = strchr(c + 1, ':')) {
    if (sscanf(c, ":%u:%u: %n", &line, &col, &used) == 2 && used > 0) {
      char *file = vtc_xstrdup(m);
      file[c - m] = 0;
      const vtc_loc *loc = vtc_loc_file(ctx, file, line, col);
      free(file);
      return vtc_error(ctx, loc, "%s: %s", what_failed, c + used);
    }
  }
  return vtc_error(ctx, fallback, "%s: %s", what_failed, p);
}

double run_now_ms(void) { return 1e3 * vtc_now_seconds(); }

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void run_summarize_bench(run_request *req, double *ms, int64_t n, int64_t warmup_runs) {
  qsort(ms, (size_t)n, sizeof *ms, cmp_double);
  req->measured_bench = true;
  req->bench_runs = n;
  req->warmup_runs = warmup_runs;
  req->bench_median_ms = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  req->bench_min_ms = ms[0];
  req->bench_max_ms = ms[n - 1];
}

/* Warm-up, then req->bench timed calls of the entry; the median, min, max. */
static bool bench(run_request *req, vtc_cpu_program *prog) {
  /* The first (measured) run was a cold one; one more untimed run warms the
   * caches, the thread pool and the allocator for the timed ones. */
  enum { kExtraWarmup = 1 };
  int64_t n = req->bench;
  double *ms = vtc_xcalloc((size_t)n + 1, sizeof *ms);
  bool ok = true;
  for (int64_t i = -kExtraWarmup; i < n && ok; i++) {
    double s = 0;
    char *err = NULL;
    ok = vtc_cpu_program_run(prog, req->inputs, req->num_inputs, NULL, &s, &err) == 0;
    if (!ok && !run_report_check_failure(req, vtc_cpu_program_check_failure(prog))) {
      char *what = vtc_format("benchmark run of @%s failed", vtc_symbol_name(req->entry));
      run_runtime_error(req->ctx, req->entry->loc, what, err);
      free(what);
    }
    free(err);
    if (i >= 0) ms[i] = 1e3 * s;
  }
  if (ok) run_summarize_bench(req, ms, n, 1 + kExtraWarmup);
  free(ms);
  return ok;
}

/* Compiled code assumes the accesses a verifier could not prove in bounds
 * are (te loads whose maps use run-time sizes, gir views at run-time
 * offsets; the interpreters check each one). One that is not faults: the
 * fault net turns that into this located error and exit 1, not a crash. */
static void set_fault_net(run_request *req, const char *name) {
  const vtc_loc *loc = vtc_loc_file_of(req->entry->loc);
  char *msg = loc ? vtc_format("%s:%u:%u: error: running @%s on the CPU failed: the compiled code made an invalid "
                               "memory access (an access out of bounds that no verifier could rule out; "
                               "--target=te or --target=gir check every access and name the op)",
                               loc->name, loc->line, loc->col, name)
                  : vtc_format("error: running @%s on the CPU failed: the compiled code made an invalid memory "
                               "access (an access out of bounds that no verifier could rule out; --target=te or "
                               "--target=gir check every access and name the op)",
                               name);
  vtc_rt_set_fault_message(msg);
  free(msg);
}

/* One run of the compiled entry (and --bench's runs): its results, peak
 * and allocations into req. */
static bool execute(run_request *req, vtc_cpu_program *prog, const char *name) {
  /* The peak counts every buffer the entry allocates (intermediates and
   * results, as the interpreter's peak does), above what was live before. */
  vtc_rt_memory_reset_peak();
  int64_t base = vtc_rt_memory_get_stats().live_bytes;
  char *err = NULL;
  bool ok = vtc_cpu_program_run(prog, req->inputs, req->num_inputs, &req->outputs, NULL, &err) == 0;
  if (ok) {
    vtc_rt_memory_stats st = vtc_rt_memory_get_stats();
    req->num_outputs = vtc_cpu_program_num_results(prog);
    req->peak_bytes = (size_t)(st.peak_bytes - base);
    req->num_allocs = st.num_allocs;
    req->measured_peak = req->measured_allocs = true;
  } else if (!run_report_check_failure(req, vtc_cpu_program_check_failure(prog))) {
    char *what = vtc_format("running @%s on the CPU failed", name);
    run_runtime_error(req->ctx, req->entry->loc, what, err);
    free(what);
  }
  free(err);
  return ok && (req->bench <= 0 || bench(req, prog));
}

bool run_cpu(run_request *req) {
  const char *name = vtc_symbol_name(req->entry);
  double t0 = run_now_ms();
  if (!req->user_pipeline) {
    char *pipeline = run_default_pipeline(req, RUN_GRAPH, RUN_CPU_PIPELINE);
    vtc_pass_manager *pm = vtc_pass_manager_create(req->ctx, "builtin.module");
    bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, req->module);
    vtc_pass_manager_destroy(pm);
    free(pipeline);
    if (!ok) return false;
  }
  char *err = NULL;
  vtc_cpu_program *prog = vtc_cpu_program_create(req->module, name, NULL, &err);
  req->compile_ms = run_now_ms() - t0;
  if (!prog) {
    vtc_error(req->ctx, req->entry->loc, "cannot compile @%s for the CPU: %s", name, err ? err : "unknown error");
    free(err);
    return false;
  }
  set_fault_net(req, name);
  bool ok;
  do { /* one run per --sweep point, on the program compiled once */
    ok = execute(req, prog, name);
  } while (ok && req->next_point && req->next_point(req));
  vtc_rt_set_fault_message(NULL);
  vtc_cpu_program_destroy(prog);
  return ok;
}
