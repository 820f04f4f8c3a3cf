/* The CPU LSTM benchmark (Souffle, issue 15's CPU goals): the lstm-stack
 * workload (10 layers, hidden 256, 100 steps, batch 1, f32), compiled by
 * vtc with several pipelines, against oneDNN's `lstm_forward` on the same
 * inputs, in one process.
 *
 *   bench_lstm [--runs=N] [--pipeline=NAME=PASSES]... WORKLOAD.mlir
 *
 * Pipelines (default): V0 `lower-graph-to-te,lower-te-to-gir` (Souffle's
 * unfused baseline), V2 `lower-graph-to-te,souffle,lower-te-to-gir`, V2
 * after graph-batch-matmuls (each layer's x_t W_l of all steps as one
 * GEMM), and vtc-run --target=cpu's default (VTC's views). Each
 * is timed with its compile time (parse + passes + translation + ORC JIT
 * at O3). oneDNN gets the stacked weights as they are (ldigo: layers, one
 * direction, input, gates i|f|g|o, output, PyTorch's gate order) and picks
 * its own weight layout (`any`), reordered once outside the timed calls,
 * as an inference framework does with constant weights. Every output of
 * every vtc pipeline is compared with oneDNN's, an independent
 * implementation. Timing as bench_conv: rounds of, per implementation,
 * 100 ms of sleep, a warm-up call and a share of the runs; the median. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dnnl.h>

#include "benchmarks/cpu/bench_util.h"

#include "ir/asm.h"
#include "ir/ir.h"
#include "ir/pass.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "tools/common/register.h"
#include "tools/vtc-run/run.h"

enum { L = 10, H = 256, T = 100, G = 4, NUM_IN = 6, NUM_OUT = 3, MAX_IMPLS = 8, MAX_RUNS = 60 };

/* Normal numbers (Box-Muller) times `scale`: the workload's vtc.input. */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static double uniform01(void) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}
static void fill_normal(float *p, size_t n, double scale) {
  for (size_t i = 0; i < n; i++)
    p[i] = (float)(scale * sqrt(-2.0 * log(uniform01())) * cos(6.283185307179586 * uniform01()));
}

/* The workload's arguments and results, in its order. */
static const int64_t kInDims[NUM_IN][3] = {{T, 1, H}, {L, H, G * H}, {L, H, G * H}, {L, G * H, 0}, {L, 1, H}, {L, 1, H}};
static const double kInScale[NUM_IN] = {1.0, 0.0625, 0.0625, 0.0625, 1.0, 1.0};
static const int64_t kOutDims[NUM_OUT][3] = {{T, 1, H}, {L, 1, H}, {L, 1, H}};

static size_t elements(const int64_t d[3]) { return (size_t)(d[0] * d[1] * (d[2] ? d[2] : 1)); }

/* The table's rows: each implementation's name and compile time beside
 * what bench_time_alternating times. */
typedef struct row {
  const char *name;
  double compile_s;
} row;

/* ---- vtc --------------------------------------------------------------------------------- */

typedef struct vtc_call {
  vtc_cpu_program *prog;
  vtc_tensor in[NUM_IN];
} vtc_call;

/* The passes' remarks (thousands, one per TE) are not the benchmark's
 * output: everything else goes to the default handler. */
static vtc_diag_handler default_handler;
static void *default_handler_data;
static void drop_remarks(const vtc_diagnostic *d, void *data) {
  (void)data;
  if (d->severity != VTC_SEV_REMARK) default_handler(d, default_handler_data);
}

static vtc_cpu_program *compile_vtc(vtc_context *ctx, const char *path, const char *text, size_t len,
                                    const char *passes, double *seconds) {
  double t0 = bench_now();
  vtc_op *m = vtc_parse_source(ctx, path, text, len, 0);
  char *pipe = vtc_format("builtin.module(%s)", passes);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = m && vtc_pass_manager_parse(pm, pipe) && vtc_pass_manager_run(pm, m);
  vtc_pass_manager_destroy(pm);
  free(pipe);
  char *err = NULL;
  vtc_cpu_exec_options o = vtc_cpu_exec_default_options();
  vtc_cpu_program *prog = ok ? vtc_cpu_program_create(m, "main", &o, &err) : NULL;
  if (!prog) fprintf(stderr, "FAIL vtc %s: %s\n", passes, err ? err : "does not lower");
  free(err);
  if (m) vtc_op_destroy(m);
  *seconds = bench_now() - t0;
  return prog;
}

static void run_vtc(void *ctx) {
  vtc_call *v = ctx;
  vtc_cpu_program_run(v->prog, v->in, NUM_IN, NULL, NULL, NULL);
}

/* ---- oneDNN ------------------------------------------------------------------------------ */

#define DNNL_OK(x) ((x) == dnnl_success)

typedef struct dnnl_call {
  dnnl_engine_t eng;
  dnnl_stream_t st;
  dnnl_primitive_t prim;
  /* src_layer, src_iter, src_iter_c, weights_layer, weights_iter, bias,
   * dst_layer, dst_iter, dst_iter_c: the primitive's arguments */
  dnnl_memory_t mem[9];
  dnnl_memory_t user_w[2]; /* the ldigo weights, reordered into mem[3], mem[4] */
  char impl[64];
} dnnl_call;

static const int kDnnlArgs[9] = {DNNL_ARG_SRC_LAYER,    DNNL_ARG_SRC_ITER,  DNNL_ARG_SRC_ITER_C,
                                 DNNL_ARG_WEIGHTS_LAYER, DNNL_ARG_WEIGHTS_ITER, DNNL_ARG_BIAS,
                                 DNNL_ARG_DST_LAYER,    DNNL_ARG_DST_ITER,  DNNL_ARG_DST_ITER_C};

static bool reorder(dnnl_call *d, dnnl_memory_t from, dnnl_memory_t to) {
  const dnnl_memory_desc_t *fmd, *tmd;
  dnnl_primitive_desc_t pd = NULL;
  dnnl_primitive_t r = NULL;
  dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}};
  bool ok = DNNL_OK(dnnl_memory_get_memory_desc(from, &fmd)) && DNNL_OK(dnnl_memory_get_memory_desc(to, &tmd)) &&
            DNNL_OK(dnnl_reorder_primitive_desc_create(&pd, fmd, d->eng, tmd, d->eng, NULL)) &&
            DNNL_OK(dnnl_primitive_create(&r, pd)) && DNNL_OK(dnnl_primitive_execute(r, d->st, 2, args)) &&
            DNNL_OK(dnnl_stream_wait(d->st));
  if (r) dnnl_primitive_destroy(r);
  if (pd) dnnl_primitive_desc_destroy(pd);
  return ok;
}

/* in: the workload's six inputs; out: its three results (oneDNN's). */
static bool dnnl_setup(dnnl_call *d, float *const in[NUM_IN], float *const out[NUM_OUT], double *seconds) {
  double t0 = bench_now();
  memset(d, 0, sizeof *d);
  dnnl_dims_t layer = {T, 1, H}, iter = {L, 1, 1, H}, wei = {L, 1, H, G, H}, bias = {L, 1, G, H};
  dnnl_memory_desc_t md[9], user_wmd, any_w[2];
  dnnl_rnn_desc_t rd;
  dnnl_primitive_desc_t pd = NULL;
  const char *impl = NULL;
  bool ok = DNNL_OK(dnnl_engine_create(&d->eng, dnnl_cpu, 0)) &&
            DNNL_OK(dnnl_stream_create(&d->st, d->eng, dnnl_stream_default_flags)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[0], 3, layer, dnnl_f32, dnnl_tnc)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[1], 4, iter, dnnl_f32, dnnl_ldnc)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[2], 4, iter, dnnl_f32, dnnl_ldnc)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&user_wmd, 5, wei, dnnl_f32, dnnl_ldigo)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&any_w[0], 5, wei, dnnl_f32, dnnl_format_tag_any)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&any_w[1], 5, wei, dnnl_f32, dnnl_format_tag_any)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[5], 4, bias, dnnl_f32, dnnl_ldgo)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[6], 3, layer, dnnl_f32, dnnl_tnc)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[7], 4, iter, dnnl_f32, dnnl_ldnc)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&md[8], 4, iter, dnnl_f32, dnnl_ldnc)) &&
            DNNL_OK(dnnl_lstm_forward_desc_init(&rd, dnnl_forward_inference, dnnl_unidirectional_left2right, &md[0],
                                                &md[1], &md[2], &any_w[0], &any_w[1], &md[5], &md[6], &md[7], &md[8],
                                                0)) &&
            DNNL_OK(dnnl_primitive_desc_create(&pd, &rd, NULL, d->eng, NULL)) &&
            DNNL_OK(dnnl_primitive_create(&d->prim, pd)) &&
            DNNL_OK(dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl));
  if (ok) {
    md[3] = *dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
    md[4] = *dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 1);
    /* The arguments' buffers: inputs and results are the caller's; the
     * weights in oneDNN's layout are its own, filled by the reorders. */
    float *buf[9] = {in[0], in[4], in[5], NULL, NULL, in[3], out[0], out[1], out[2]};
    for (int i = 0; ok && i < 9; i++)
      ok = DNNL_OK(dnnl_memory_create(&d->mem[i], &md[i], d->eng, buf[i] ? (void *)buf[i] : DNNL_MEMORY_ALLOCATE));
    ok = ok && DNNL_OK(dnnl_memory_create(&d->user_w[0], &user_wmd, d->eng, in[1])) &&
         DNNL_OK(dnnl_memory_create(&d->user_w[1], &user_wmd, d->eng, in[2])) && reorder(d, d->user_w[0], d->mem[3]) &&
         reorder(d, d->user_w[1], d->mem[4]);
  }
  if (impl) snprintf(d->impl, sizeof d->impl, "%s", impl);
  if (pd) dnnl_primitive_desc_destroy(pd);
  if (!ok) fprintf(stderr, "FAIL oneDNN lstm_forward: setup\n");
  *seconds = bench_now() - t0;
  return ok;
}

static void run_dnnl(void *ctx) {
  dnnl_call *d = ctx;
  dnnl_exec_arg_t args[9];
  for (int i = 0; i < 9; i++) args[i] = (dnnl_exec_arg_t){kDnnlArgs[i], d->mem[i]};
  dnnl_primitive_execute(d->prim, d->st, 9, args);
  dnnl_stream_wait(d->st);
}

static void dnnl_teardown(dnnl_call *d) {
  for (int i = 0; i < 9; i++)
    if (d->mem[i]) dnnl_memory_destroy(d->mem[i]);
  for (int i = 0; i < 2; i++)
    if (d->user_w[i]) dnnl_memory_destroy(d->user_w[i]);
  if (d->prim) dnnl_primitive_destroy(d->prim);
  if (d->st) dnnl_stream_destroy(d->st);
  if (d->eng) dnnl_engine_destroy(d->eng);
}

/* ---- the table ---------------------------------------------------------------------------- */

/* Max |got - want| over max |want|, over the three results. */
static double rel_error(const vtc_tensor *got, float *const want[NUM_OUT]) {
  double err = 0, scale = 0;
  for (int r = 0; r < NUM_OUT; r++)
    for (size_t i = 0; i < elements(kOutDims[r]); i++) {
      double w = want[r][i], g = ((const float *)got[r].data)[i];
      err = fmax(err, isnan(g) ? INFINITY : fabs(g - w));
      scale = fmax(scale, fabs(w));
    }
  return err / (scale > 0 ? scale : 1);
}

static int usage(void) {
  fprintf(stderr, "usage: bench_lstm [--runs=N] [--pipeline=NAME=PASSES]... lstm-stack.paper.mlir\n");
  return 2;
}

int main(int argc, char **argv) {
  const char *names[MAX_IMPLS] = {"V0 (unfused)", "V2 (souffle)", "V2 + graph-batch-matmuls", "vtc-run's default"};
  const char *passes[MAX_IMPLS] = {"lower-graph-to-te,lower-te-to-gir", "lower-graph-to-te,souffle,lower-te-to-gir",
                                   "graph-batch-matmuls,lower-graph-to-te,souffle,lower-te-to-gir",
                                   RUN_GRAPH "," RUN_VTC_FRONT("all") "," RUN_CPU_PIPELINE};
  int np = 4, runs = 9, user = 0;
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--runs=", 7) == 0) {
      runs = atoi(argv[i] + 7);
      if (runs < 3 || runs > MAX_RUNS) return usage();
    } else if (strncmp(argv[i], "--pipeline=", 11) == 0) {
      char *eq = strchr(argv[i] + 11, '=');
      if (!eq || user == MAX_IMPLS - 1) return usage();
      *eq = 0;
      names[user] = argv[i] + 11, passes[user] = eq + 1, np = ++user;
    } else if (argv[i][0] != '-' && !path) {
      path = argv[i];
    } else {
      return usage();
    }
  }
  if (!path) return usage();
  size_t len = 0;
  char *text = vtc_read_file(path, &len);
  if (!text) {
    fprintf(stderr, "bench_lstm: cannot read %s\n", path);
    return 2;
  }

  float *in[NUM_IN], *want[NUM_OUT];
  for (int i = 0; i < NUM_IN; i++) fill_normal(in[i] = bench_alloc_floats(elements(kInDims[i])), elements(kInDims[i]), kInScale[i]);
  for (int r = 0; r < NUM_OUT; r++) want[r] = bench_alloc_floats(elements(kOutDims[r]));

  const vtc_x86_host *host = vtc_x86_host_get();
  const dnnl_version_t *dv = dnnl_version();
  printf("# host: %s, %d cores; vtc pool %d threads; oneDNN %d.%d.%d; %s\n", host->cpu_name, host->num_cores,
         vtc_thread_pool_size(vtc_thread_pool_default()), dv->major, dv->minor, dv->patch, path);

  int failures = 0, n = 0;
  bench_impl impls[MAX_IMPLS];
  row rows[MAX_IMPLS];
  dnnl_call d;
  double dnnl_s;
  if (!dnnl_setup(&d, in, want, &dnnl_s)) {
    dnnl_teardown(&d);
    return 1;
  }
  run_dnnl(&d);
  rows[n] = (row){"oneDNN lstm_forward", dnnl_s};
  impls[n++] = (bench_impl){run_dnnl, &d};

  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_context_get_diag_handler(ctx, &default_handler, &default_handler_data);
  vtc_context_set_diag_handler(ctx, drop_remarks, NULL);
  static vtc_call calls[MAX_IMPLS];
  for (int p = 0; p < np; p++) {
    double s;
    vtc_cpu_program *prog = compile_vtc(ctx, path, text, len, passes[p], &s);
    if (!prog) {
      failures++;
      continue;
    }
    vtc_call *v = &calls[p];
    v->prog = prog;
    for (int i = 0; i < NUM_IN; i++) {
      const int64_t *dm = kInDims[i];
      v->in[i] = (vtc_tensor){.dtype = VTC_F32, .rank = dm[2] ? 3 : 2, .dims = {dm[0], dm[1], dm[2]}, .data = in[i]};
    }
    vtc_tensor *out = NULL;
    char *err = NULL;
    double e = vtc_cpu_program_run(prog, v->in, NUM_IN, &out, NULL, &err) == 0 ? rel_error(out, want) : INFINITY;
    printf("# %s: builtin.module(%s): compile %.2f s, max |vtc - oneDNN| / max |oneDNN| = %.2g\n", names[p], passes[p],
           s, e);
    if (!(e <= 1e-4)) {
      fprintf(stderr, "FAIL %s: %s\n", names[p], err ? err : "differs from oneDNN");
      failures++;
    } else {
      rows[n] = (row){names[p], s};
      impls[n++] = (bench_impl){run_vtc, v};
    }
    free(err);
    if (out) vtc_tensor_free_array(out, NUM_OUT);
  }
  printf("# oneDNN's implementation: %s\n\n", d.impl);

  double med[MAX_IMPLS];
  bench_time_alternating(impls, n, runs, med);
  /* impls[1] is the first pipeline that ran (V0 by default). */
  printf("| implementation | compile s | ms | oneDNN / it (time) | %s / it (time) |\n| --- | ---: | ---: | ---: | ---: |\n",
         n > 1 ? rows[1].name : "-");
  for (int i = 0; i < n; i++)
    printf("| %s | %.2f | %.3f | %.2f | %.2f |\n", rows[i].name, rows[i].compile_s, med[i] * 1e3, med[0] / med[i],
           n > 1 ? med[1] / med[i] : 0.0);

  for (int p = 0; p < np; p++)
    if (calls[p].prog) vtc_cpu_program_destroy(calls[p].prog);
  dnnl_teardown(&d);
  vtc_context_destroy(ctx);
  vtc_thread_pool_shutdown_default();
  for (int i = 0; i < NUM_IN; i++) free(in[i]);
  for (int r = 0; r < NUM_OUT; r++) free(want[r]);
  free(text);
  if (failures) fprintf(stderr, "bench_lstm: %d FAILURE(S)\n", failures);
  return failures ? 1 : 0;
}
