/* The CPU convolution benchmark (Vortex Table 4, WORKLOADS.md's
 * conv-dynamic-batch): vtc's graph.conv2d with a dynamic batch, compiled
 * once by the default pipeline (or --pipeline=P), against oneDNN's
 * forward convolution on the same NCHW tensors, in one process.
 *
 *   bench_conv [--pipeline=PASSES] [--batches=1,16,64] [--convs=3x3,1x1,3x3s2]
 *
 * The three ResNet-50 convolutions: 3x3 64->64 at 56x56 (pad 1), 1x1
 * 256->64 at 56x56, 3x3 stride 2 128->128 at 56x56 -> 28x28 (pad 1), f32,
 * no bias. oneDNN gets plain NCHW / OIHW memory (the layout vtc reads and
 * writes; its blocked layouts would need reorders on either side) and
 * picks its own algorithm (convolution_auto). Each output is checked on
 * 1024 sampled entries against a double-precision sum. Timing as
 * bench_cpu --gemm: three rounds of, for each implementation, 100 ms of
 * sleep (the peer's OpenMP workers stop spinning), a warm-up call and a
 * third of the runs; the median. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dnnl.h>

#include "benchmarks/cpu/bench_util.h"

#include "dialects/builtin/dialects.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "tools/common/register.h"

typedef struct conv_shape {
  const char *name;
  int64_t c, h, w, k, r, s, stride, pad; /* in channels, height, width, out channels, kernel, stride, pad */
} conv_shape;

static const conv_shape kConvs[] = {
    {"3x3", 64, 56, 56, 64, 3, 3, 1, 1},
    {"1x1", 256, 56, 56, 64, 1, 1, 1, 0},
    {"3x3s2", 128, 56, 56, 128, 3, 3, 2, 1},
};
enum { NUM_CONVS = sizeof kConvs / sizeof *kConvs };

static int64_t out_dim(const conv_shape *c, int64_t in, int64_t k) { return (in + 2 * c->pad - k) / c->stride + 1; }

static uint32_t rng = 12345;
static void fill_random(float *p, size_t n, float scale) {
  for (size_t i = 0; i < n; i++) {
    rng = rng * 1103515245u + 12345u;
    p[i] = scale * ((float)((rng >> 8) & 0xffff) / 32768.0f - 1.0f);
  }
}

/* One convolution problem with its buffers. */
typedef struct problem {
  const conv_shape *c;
  int64_t n, oh, ow;
  float *x, *wt, *y;
} problem;

static bool spot_check(const char *who, const problem *p, const float *y) {
  const conv_shape *c = p->c;
  int bad = 0;
  for (int t = 0; t < 1024; t++) {
    rng = rng * 1103515245u + 12345u;
    int64_t b = (int64_t)(rng >> 4) % p->n, k = (int64_t)(rng >> 9) % c->k;
    rng = rng * 1103515245u + 12345u;
    int64_t i = (int64_t)(rng >> 4) % p->oh, j = (int64_t)(rng >> 12) % p->ow;
    double want = 0, scale = 0;
    for (int64_t ci = 0; ci < c->c; ci++)
      for (int64_t r = 0; r < c->r; r++)
        for (int64_t s = 0; s < c->s; s++) {
          int64_t ih = i * c->stride + r - c->pad, iw = j * c->stride + s - c->pad;
          if (ih < 0 || ih >= c->h || iw < 0 || iw >= c->w) continue;
          double v = (double)p->x[((b * c->c + ci) * c->h + ih) * c->w + iw] * p->wt[((k * c->c + ci) * c->r + r) * c->s + s];
          want += v, scale += fabs(v);
        }
    double got = y[((b * c->k + k) * p->oh + i) * p->ow + j];
    if (!(fabs(got - want) <= 1e-5 * scale + 1e-6) && bad++ < 3)
      fprintf(stderr, "FAIL %s conv %s n=%lld: [%lld,%lld,%lld,%lld] = %.8g, want %.8g\n", who, c->name,
              (long long)p->n, (long long)b, (long long)k, (long long)i, (long long)j, got, want);
  }
  return bad == 0;
}

/* ---- vtc --------------------------------------------------------------------------------- */

static const char *pipeline = "lower-graph-to-te,lower-te-to-gir";

static vtc_cpu_program *compile_vtc(vtc_context *ctx, const conv_shape *c, double *ms) {
  char text[1024];
  int64_t oh = out_dim(c, c->h, c->r), ow = out_dim(c, c->w, c->s);
  snprintf(text, sizeof text,
           "func.func @main(%%x: tensor<?x%lldx%lldx%lldxf32>, %%w: tensor<%lldx%lldx%lldx%lldxf32>) -> "
           "tensor<?x%lldx%lldx%lldxf32> {\n"
           "  %%y = graph.conv2d %%x, %%w {strides = [%lld, %lld], pads = [%lld, %lld, %lld, %lld]} : "
           "(tensor<?x%lldx%lldx%lldxf32>, tensor<%lldx%lldx%lldx%lldxf32>) -> tensor<?x%lldx%lldx%lldxf32>\n"
           "  return %%y : tensor<?x%lldx%lldx%lldxf32>\n}\n",
           (long long)c->c, (long long)c->h, (long long)c->w, (long long)c->k, (long long)c->c, (long long)c->r,
           (long long)c->s, (long long)c->k, (long long)oh, (long long)ow, (long long)c->stride,
           (long long)c->stride, (long long)c->pad, (long long)c->pad, (long long)c->pad, (long long)c->pad,
           (long long)c->c, (long long)c->h, (long long)c->w, (long long)c->k, (long long)c->c, (long long)c->r,
           (long long)c->s, (long long)c->k, (long long)oh, (long long)ow, (long long)c->k, (long long)oh,
           (long long)ow);
  double t0 = bench_now();
  vtc_op *m = vtc_parse_source(ctx, "conv.mlir", text, strlen(text), 0);
  char pipe[1024];
  snprintf(pipe, sizeof pipe, "builtin.module(%s)", pipeline);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = m && vtc_pass_manager_parse(pm, pipe) && vtc_pass_manager_run(pm, m);
  vtc_pass_manager_destroy(pm);
  char *err = NULL;
  vtc_cpu_exec_options o = vtc_cpu_exec_default_options();
  vtc_cpu_program *prog = ok ? vtc_cpu_program_create(m, "main", &o, &err) : NULL;
  if (!prog) fprintf(stderr, "FAIL vtc conv %s: %s\n", c->name, err ? err : "does not lower");
  free(err);
  if (m) vtc_op_destroy(m);
  *ms = (bench_now() - t0) * 1e3;
  return prog;
}

typedef struct vtc_call {
  vtc_cpu_program *prog;
  vtc_tensor in[2];
} vtc_call;

static void vtc_inputs(vtc_call *v, const problem *p) {
  memset(v->in, 0, sizeof v->in);
  const conv_shape *c = p->c;
  v->in[0] = (vtc_tensor){.dtype = VTC_F32, .rank = 4, .dims = {p->n, c->c, c->h, c->w}, .data = p->x};
  v->in[1] = (vtc_tensor){.dtype = VTC_F32, .rank = 4, .dims = {c->k, c->c, c->r, c->s}, .data = p->wt};
}

static void run_vtc(void *ctx) {
  vtc_call *v = ctx;
  vtc_cpu_program_run(v->prog, v->in, 2, NULL, NULL, NULL);
}

/* ---- oneDNN ------------------------------------------------------------------------------ */

typedef struct dnnl_call {
  dnnl_engine_t eng;
  dnnl_stream_t st;
  dnnl_primitive_t prim;
  dnnl_memory_t mem[3];
  char impl[64];
} dnnl_call;

#define DNNL_OK(x) ((x) == dnnl_success)

static bool dnnl_setup(dnnl_call *d, const problem *p) {
  memset(d, 0, sizeof *d);
  const conv_shape *c = p->c;
  dnnl_dims_t src = {p->n, c->c, c->h, c->w}, wei = {c->k, c->c, c->r, c->s}, dst = {p->n, c->k, p->oh, p->ow};
  dnnl_dims_t strides = {c->stride, c->stride}, dil = {0, 0}, pad = {c->pad, c->pad};
  dnnl_memory_desc_t smd, wmd, dmd;
  dnnl_convolution_desc_t cd;
  dnnl_primitive_desc_t pd = NULL;
  const char *impl = NULL;
  bool ok = DNNL_OK(dnnl_engine_create(&d->eng, dnnl_cpu, 0)) &&
            DNNL_OK(dnnl_stream_create(&d->st, d->eng, dnnl_stream_default_flags)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&smd, 4, src, dnnl_f32, dnnl_nchw)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&wmd, 4, wei, dnnl_f32, dnnl_oihw)) &&
            DNNL_OK(dnnl_memory_desc_init_by_tag(&dmd, 4, dst, dnnl_f32, dnnl_nchw)) &&
            DNNL_OK(dnnl_dilated_convolution_forward_desc_init(&cd, dnnl_forward_inference, dnnl_convolution_auto, &smd,
                                                               &wmd, NULL, &dmd, strides, dil, pad, pad)) &&
            DNNL_OK(dnnl_primitive_desc_create(&pd, &cd, NULL, d->eng, NULL)) &&
            DNNL_OK(dnnl_primitive_create(&d->prim, pd)) &&
            DNNL_OK(dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl)) &&
            DNNL_OK(dnnl_memory_create(&d->mem[0], &smd, d->eng, p->x)) &&
            DNNL_OK(dnnl_memory_create(&d->mem[1], &wmd, d->eng, p->wt)) &&
            DNNL_OK(dnnl_memory_create(&d->mem[2], &dmd, d->eng, p->y));
  if (impl) snprintf(d->impl, sizeof d->impl, "%s", impl);
  if (pd) dnnl_primitive_desc_destroy(pd);
  if (!ok) fprintf(stderr, "FAIL oneDNN conv %s: setup\n", c->name);
  return ok;
}

static void run_dnnl(void *ctx) {
  dnnl_call *d = ctx;
  dnnl_exec_arg_t args[3] = {{DNNL_ARG_SRC, d->mem[0]}, {DNNL_ARG_WEIGHTS, d->mem[1]}, {DNNL_ARG_DST, d->mem[2]}};
  dnnl_primitive_execute(d->prim, d->st, 3, args);
  dnnl_stream_wait(d->st);
}

static void dnnl_teardown(dnnl_call *d) {
  for (int i = 0; i < 3; i++)
    if (d->mem[i]) dnnl_memory_destroy(d->mem[i]);
  if (d->prim) dnnl_primitive_destroy(d->prim);
  if (d->st) dnnl_stream_destroy(d->st);
  if (d->eng) dnnl_engine_destroy(d->eng);
}

/* ---- the table ---------------------------------------------------------------------------- */

static int failures;

static void bench_one(const conv_shape *c, vtc_cpu_program *prog, int64_t n) {
  problem p = {c, n, out_dim(c, c->h, c->r), out_dim(c, c->w, c->s), NULL, NULL, NULL};
  size_t nx = (size_t)(n * c->c * c->h * c->w), nw = (size_t)(c->k * c->c * c->r * c->s);
  size_t ny = (size_t)(n * c->k * p.oh * p.ow);
  p.x = bench_alloc_floats(nx), p.wt = bench_alloc_floats(nw), p.y = bench_alloc_floats(ny);
  fill_random(p.x, nx, 1.0f);
  fill_random(p.wt, nw, 1.0f / sqrtf((float)(c->c * c->r * c->s)));
  vtc_call v = {prog, {{0}}};
  vtc_inputs(&v, &p);
  vtc_tensor *out = NULL;
  char *err = NULL;
  bool ok = vtc_cpu_program_run(prog, v.in, 2, &out, NULL, &err) == 0;
  if (!ok) fprintf(stderr, "FAIL vtc conv %s: %s\n", c->name, err ? err : "?");
  free(err);
  ok = ok && spot_check("vtc", &p, out[0].data);
  if (out) vtc_tensor_free_array(out, 1);
  dnnl_call d;
  ok = dnnl_setup(&d, &p) && ok;
  if (ok) {
    memset(p.y, 0, ny * sizeof *p.y);
    run_dnnl(&d);
    ok = spot_check("oneDNN", &p, p.y);
  }
  double gf = 2.0 * (double)ny * (double)(c->c * c->r * c->s) / 1e9;
  printf("| %s | %lld |", c->name, (long long)n);
  if (ok) {
    bench_impl impls[2] = {{run_vtc, &v}, {run_dnnl, &d}};
    int runs = gf > 20 ? 6 : gf > 2 ? 12 : 30;
    double med[2];
    bench_time_alternating(impls, 2, runs, med);
    printf(" %.3f | %.1f | %.3f | %.1f | **%.3f** | %s |\n", med[0] * 1e3, gf / med[0], med[1] * 1e3, gf / med[1],
           med[1] / med[0], d.impl);
  } else {
    failures++;
    printf(" FAILED | | | | | |\n");
  }
  fflush(stdout);
  dnnl_teardown(&d);
  free(p.x), free(p.wt), free(p.y);
}

/* Whether `name` is one of the comma-separated names of `list`. */
static bool listed(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *at = list; at; at = strchr(at, ',') ? strchr(at, ',') + 1 : NULL)
    if (strncmp(at, name, n) == 0 && (at[n] == ',' || at[n] == 0)) return true;
  return false;
}

/* A comma-separated list of positive integers into out (at most max). */
static int parse_list(const char *s, int64_t *out, int max) {
  int n = 0;
  while (*s && n < max) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || v <= 0) return -1;
    out[n++] = v;
    s = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') return -1;
  }
  return n;
}

int main(int argc, char **argv) {
  int64_t batches[16] = {1, 16, 64};
  int nb = 3;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--pipeline=", 11) == 0) pipeline = argv[i] + 11;
    else if (strncmp(argv[i], "--batches=", 10) == 0 && (nb = parse_list(argv[i] + 10, batches, 16)) > 0) continue;
    else if (strncmp(argv[i], "--convs=", 8) == 0) only = argv[i] + 8;
    else {
      fprintf(stderr, "usage: bench_conv [--pipeline=PASSES] [--batches=1,16,64] [--convs=3x3,1x1,3x3s2]\n");
      return 2;
    }
  }
  const vtc_x86_host *host = vtc_x86_host_get();
  const dnnl_version_t *dv = dnnl_version();
  printf("# host: %s, %d cores; vtc pool %d threads; oneDNN %d.%d.%d (%s)\n", host->cpu_name, host->num_cores,
         vtc_thread_pool_size(vtc_thread_pool_default()), dv->major, dv->minor, dv->patch, dv->cpu_runtime == DNNL_RUNTIME_OMP ? "OpenMP" : "other runtime");
  printf("# vtc: builtin.module(%s)\n\n", pipeline);
  printf("| conv | N | vtc ms | vtc GFLOP/s | oneDNN ms | oneDNN GFLOP/s | oneDNN / vtc time | oneDNN's kernel |\n");
  printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  for (int ci = 0; ci < NUM_CONVS; ci++) {
    const conv_shape *c = &kConvs[ci];
    if (only && !listed(only, c->name)) continue;
    double ms;
    vtc_cpu_program *prog = compile_vtc(ctx, c, &ms);
    if (!prog) {
      failures++;
      continue;
    }
    for (int b = 0; b < nb; b++) bench_one(c, prog, batches[b]);
    vtc_cpu_program_destroy(prog);
  }
  vtc_context_destroy(ctx);
  vtc_thread_pool_shutdown_default();
  if (failures) fprintf(stderr, "bench_conv: %d FAILURE(S)\n", failures);
  return failures ? 1 : 0;
}
