/* The CPU benchmark (issue 5), one process: a measured STREAM-style copy
 * bandwidth, memory-bound graph kernels (element-wise, broadcast, softmax,
 * row reduction) on 64 MiB inputs compiled graph -> te -> gir -> LLVM -> JIT,
 * and a 1024^3 f32 matmul against OpenBLAS; prints one markdown table.
 * Then (issue 13) the hand-written gir SGEMM (sgemm_gir.h) against OpenBLAS
 * cblas_sgemm and the measured FMA peak at 1024^3, 4096^3 and BERT's
 * M x 768 x 2304; `bench_cpu --gemm` runs only that part (and the peak). */
#include <immintrin.h>
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <cblas.h>
#ifdef VTC_HAVE_DNNL
#include <dnnl.h>
#endif

#include "benchmarks/cpu/bench_util.h"
#include "benchmarks/cpu/sgemm_gir.h"
#include "dialects/builtin/dialects.h"
#include "ir/ir.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "tools/common/register.h"

/* Sizes: every memory-bound kernel reads ROWS x 4096 f32 tensors of 64 MiB,
 * or of twice the last-level cache where that is larger (so they come from
 * DRAM); the copy moves arrays of 256 MiB or four times the LLC. Both are set
 * in main from the host description (targets/x86/host.h). */
enum { COLS = 4096, MM = 1024, KERNEL_RUNS = 15, COPY_RUNS = 15 };
static int64_t ROWS = 4096;
static size_t COPY_BYTES = (size_t)256 << 20;

static int failures;

/* The SGEMM table's clock: wall time, or with --cpu-time this thread's CPU
 * time (one thread each: VTC_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1), which
 * other processes on a shared machine do not inflate. */
static clockid_t gemm_clock = CLOCK_MONOTONIC;
/* --avx2: the AVX2 SGEMM (6 x 16) compiled with -avx512f and the AVX2 FMA
 * peak (compare with OPENBLAS_CORETYPE=Haswell in the environment). */
static bool gemm_avx2;
static double gemm_now(void) {
  struct timespec ts;
  clock_gettime(gemm_clock, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long minor_faults(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_minflt;
}

static unsigned rng = 12345;
static void fill_random(float *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    rng = rng * 1103515245u + 12345u;
    p[i] = (float)((rng >> 8) & 0xffff) / 32768.0f - 1.0f; /* [-1, 1) */
  }
}

/* ---- STREAM-style copy ---------------------------------------------------------- */

typedef struct copy_ctx {
  char *dst;
  const char *src;
  size_t block;
} copy_ctx;

static void copy_memcpy(int64_t b, int64_t e, void *p) {
  copy_ctx *c = p;
  memcpy(c->dst + (size_t)b * c->block, c->src + (size_t)b * c->block, (size_t)(e - b) * c->block);
}

/* A plain loop of 16-byte loads and ordinary (write-allocate) stores, as the
 * compiled kernels do; intrinsics so the compiler does not make it memcpy. */
static void copy_loop(int64_t b, int64_t e, void *p) {
  copy_ctx *c = p;
  const float *s = (const float *)(c->src + (size_t)b * c->block);
  float *d = (float *)(c->dst + (size_t)b * c->block);
  size_t n = (size_t)(e - b) * c->block / sizeof(float);
  for (size_t i = 0; i < n; i += 16) {
    __m128 a0 = _mm_load_ps(s + i), a1 = _mm_load_ps(s + i + 4), a2 = _mm_load_ps(s + i + 8),
           a3 = _mm_load_ps(s + i + 12);
    _mm_store_ps(d + i, a0), _mm_store_ps(d + i + 4, a1), _mm_store_ps(d + i + 8, a2), _mm_store_ps(d + i + 12, a3);
  }
}

typedef struct bw { double best, med; } bw;

/* GB/s (1e9 bytes) counting read + write bytes. */
static bw measure_copy(vtc_range_fn fn) {
  size_t n = COPY_BYTES / sizeof(float);
  float *src = bench_alloc_floats(n), *dst = bench_alloc_floats(n);
  fill_random(src, n);
  memset(dst, 0, COPY_BYTES);
  copy_ctx c = {(char *)dst, (const char *)src, 1 << 16};
  int64_t blocks = (int64_t)(COPY_BYTES / c.block);
  vtc_thread_pool *pool = vtc_thread_pool_default();
  vtc_parallel_for(pool, blocks, fn, &c); /* warm-up */
  double t[COPY_RUNS];
  for (int r = 0; r < COPY_RUNS; r++) {
    double t0 = bench_now();
    vtc_parallel_for(pool, blocks, fn, &c);
    t[r] = bench_now() - t0;
  }
  if (memcmp(src, dst, COPY_BYTES) != 0) {
    fprintf(stderr, "FAIL: copy is wrong\n");
    failures++;
  }
  free(src);
  free(dst);
  double best = 1e30;
  for (int r = 0; r < COPY_RUNS; r++) best = t[r] < best ? t[r] : best;
  double med = bench_median(t, COPY_RUNS);
  return (bw){2.0 * (double)COPY_BYTES / best / 1e9, 2.0 * (double)COPY_BYTES / med / 1e9};
}

/* ---- compiling and calling a graph program ------------------------------------------ */

typedef struct program {
  vtc_context *ctx;
  vtc_op *module;
  vtc_cpu_program *exec;
} program;

/* Lowers `text` (entry @f) with the default pipeline and JITs it through the
 * shared CPU execution API (runtime/cpu_exec.h, as vtc-run --target=cpu). */
static bool program_compile(program *p, const char *name, const char *text) {
  memset(p, 0, sizeof *p);
  p->ctx = vtc_context_create();
  vtc_register_all(p->ctx);
  vtc_register_te_to_gir_passes(p->ctx);
  p->module = vtc_parse_source(p->ctx, name, text, strlen(text), 0);
  if (!p->module) return false;
  vtc_pass_manager *pm = vtc_pass_manager_create(p->ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, "lower-graph-to-te,lower-te-to-gir") && vtc_pass_manager_run(pm, p->module);
  vtc_pass_manager_destroy(pm);
  char *err = NULL;
  if (ok) p->exec = vtc_cpu_program_create(p->module, "f", NULL, &err);
  if (err) fprintf(stderr, "%s: %s\n", name, err);
  free(err);
  return p->exec != NULL;
}

static void program_destroy(program *p) {
  if (p->exec) vtc_cpu_program_destroy(p->exec);
  if (p->module) vtc_op_destroy(p->module);
  vtc_context_destroy(p->ctx);
}

/* Calls @f on f32 inputs in[i] of shape dims[i] (rank 1 or 2). With `out`
 * non-NULL, *out gets a copy of the (single) result (vtc_tensor_free_array
 * it); else the result is dropped. Returns the wall time of the entry call
 * alone (the entry allocates its result with vtc_rt_alloc inside the call;
 * the runtime frees it after the timed region). */
static double program_call(program *p, float *const *in, const int64_t (*dims)[2], vtc_tensor **out) {
  vtc_tensor t[2];
  unsigned n = vtc_cpu_program_num_inputs(p->exec);
  for (unsigned i = 0; i < n && i < 2; i++) {
    memset(&t[i], 0, sizeof t[i]);
    t[i].dtype = VTC_F32;
    t[i].rank = dims[i][1] ? 2 : 1;
    t[i].dims[0] = dims[i][0];
    t[i].dims[1] = dims[i][1];
    t[i].data = in[i];
  }
  double sec = 0;
  char *err = NULL;
  if (vtc_cpu_program_run(p->exec, t, n, out, &sec, &err) != 0) {
    fprintf(stderr, "bench_cpu: call failed: %s\n", err ? err : "?");
    exit(2);
  }
  return sec;
}

/* ---- the memory-bound kernels --------------------------------------------------------- */

typedef enum kind { K_ADD, K_GELU, K_BCAST, K_SOFTMAX, K_REDUCE } kind;

typedef struct kernel {
  const char *name;
  kind k;
  /* Median and best seconds, minor page faults per call; [0]: as the
   * entry allocates (glibc mmaps each 64 MiB result afresh), [1]: with
   * glibc's mmap disabled so freed results are reused (kernel alone). */
  double med[2], best[2], faults[2];
  double cached_ns; /* ns per element with an L2/L3-resident input */
  bool ok;
} kernel;

/* Bytes each input read once, each output written once. */
static double kernel_bytes(kind k, int64_t R, int64_t C) {
  double M = (double)R * (double)C * 4, V = (double)C * 4;
  switch (k) {
  case K_ADD: return 3 * M;
  case K_GELU: case K_SOFTMAX: return 2 * M;
  case K_BCAST: return 2 * M + V;
  case K_REDUCE: return M + (double)R * 4;
  }
  return 0;
}

static const char *kernel_text(kind k, int64_t R, int64_t C, char *buf, size_t len) {
  char T[64], V[64], Rv[64];
  snprintf(T, sizeof T, "tensor<%lldx%lldxf32>", (long long)R, (long long)C);
  snprintf(V, sizeof V, "tensor<%lldxf32>", (long long)C);
  snprintf(Rv, sizeof Rv, "tensor<%lldxf32>", (long long)R);
  switch (k) {
  case K_ADD:
    snprintf(buf, len,
             "func.func @f(%%x: %s, %%y: %s) -> %s {\n  %%0 = \"graph.add\"(%%x, %%y) : (%s, %s) -> %s\n"
             "  return %%0 : %s\n}\n", T, T, T, T, T, T, T);
    break;
  case K_GELU:
    snprintf(buf, len, "func.func @f(%%x: %s) -> %s {\n  %%0 = \"graph.gelu\"(%%x) : (%s) -> %s\n  return %%0 : %s\n}\n",
             T, T, T, T, T);
    break;
  case K_BCAST:
    snprintf(buf, len,
             "func.func @f(%%x: %s, %%b: %s) -> %s {\n  %%0 = \"graph.add\"(%%x, %%b) : (%s, %s) -> %s\n"
             "  return %%0 : %s\n}\n", T, V, T, T, V, T, T);
    break;
  case K_SOFTMAX:
    snprintf(buf, len,
             "func.func @f(%%x: %s) -> %s {\n  %%0 = \"graph.softmax\"(%%x) {axis = -1} : (%s) -> %s\n"
             "  return %%0 : %s\n}\n", T, T, T, T, T);
    break;
  case K_REDUCE:
    snprintf(buf, len,
             "func.func @f(%%x: %s) -> %s {\n"
             "  %%0 = \"graph.reduce_sum\"(%%x) {axes = [1], keepdims = false} : (%s) -> %s\n"
             "  return %%0 : %s\n}\n", T, Rv, T, Rv, Rv);
    break;
  }
  return buf;
}

static void kernel_dims(kind k, int64_t R, int64_t C, int64_t dims[2][2]) {
  dims[0][0] = R, dims[0][1] = C;
  dims[1][0] = k == K_BCAST ? C : R, dims[1][1] = k == K_BCAST ? 0 : C;
}

static double gelu_ref(double x) { return 0.5 * x * (1.0 + erf(x / sqrt(2.0))); }

/* Compares the kernel's output with a C reference (double accumulation);
 * relative tolerance 1e-6 for add, 1e-5 for gelu and softmax (f32 exp/erf
 * approximations), 1e-5 of sum |x| for the row sums. */
static bool check_kernel(kind k, const char *name, int64_t R, int64_t C, float *const *in, const float *out) {
  const float *x = in[0], *y = in[1];
  int64_t bad = 0;
  for (int64_t r = 0; r < R; r++) {
    double mx = -INFINITY, sum = 0, asum = 0;
    if (k == K_SOFTMAX || k == K_REDUCE) {
      for (int64_t c = 0; c < C; c++) mx = fmax(mx, x[r * C + c]);
      for (int64_t c = 0; c < C; c++) {
        sum += k == K_SOFTMAX ? exp((double)x[r * C + c] - mx) : x[r * C + c];
        asum += fabs(x[r * C + c]);
      }
    }
    if (k == K_REDUCE) {
      double got = out[r];
      if (!(fabs(got - sum) <= 1e-5 * asum + 1e-6) && bad++ < 3)
        fprintf(stderr, "FAIL %s: [%lld] = %.8g, want %.8g\n", name, (long long)r, got, sum);
      continue;
    }
    for (int64_t c = 0; c < C; c++) {
      int64_t i = r * C + c;
      double want = 0, tol = 1e-6;
      switch (k) {
      case K_ADD: want = (double)x[i] + y[i]; break;
      case K_BCAST: want = (double)x[i] + y[c]; break;
      case K_GELU: want = gelu_ref(x[i]), tol = 1e-5; break;
      case K_SOFTMAX: want = exp((double)x[i] - mx) / sum, tol = 1e-5; break;
      case K_REDUCE: break;
      }
      if (!(fabs(out[i] - want) <= tol * (1e-3 + fabs(want))) && bad++ < 3)
        fprintf(stderr, "FAIL %s: [%lld] = %.8g, want %.8g\n", name, (long long)i, out[i], want);
    }
  }
  return bad == 0;
}

static void time_kernel(program *p, kernel *K, float *const *in, const int64_t (*dims)[2], int variant) {
  program_call(p, in, dims, NULL); /* warm-up */
  double t[KERNEL_RUNS];
  long f0 = minor_faults();
  for (int r = 0; r < KERNEL_RUNS; r++) t[r] = program_call(p, in, dims, NULL);
  K->faults[variant] = (double)(minor_faults() - f0) / KERNEL_RUNS;
  double best = 1e30;
  for (int r = 0; r < KERNEL_RUNS; r++) best = t[r] < best ? t[r] : best;
  K->best[variant] = best;
  K->med[variant] = bench_median(t, KERNEL_RUNS);
}

/* Diagnostic: the same kernel on a 512x1024 input (2 MiB, resident in the
 * 32 MiB L3 after the first call), median ns per element: what the code
 * costs when DRAM bandwidth is not the limit (includes the call's dispatch). */
static double cached_ns_per_element(kind k, float *const *in) {
  enum { CR = 512, CC = 1024, RUNS = 51 };
  char text[2048];
  program p;
  if (!program_compile(&p, "cached", kernel_text(k, CR, CC, text, sizeof text))) {
    program_destroy(&p);
    return 0;
  }
  int64_t dims[2][2];
  kernel_dims(k, CR, CC, dims);
  double t[RUNS];
  for (int r = 0; r < 5; r++) program_call(&p, in, (const int64_t(*)[2])dims, NULL);
  for (int r = 0; r < RUNS; r++) t[r] = program_call(&p, in, (const int64_t(*)[2])dims, NULL);
  program_destroy(&p);
  return bench_median(t, RUNS) / (CR * CC) * 1e9;
}

/* ---- matmul and the FMA peak ----------------------------------------------------------- */

static bool spot_check_matmul(const char *who, const float *a, const float *b, const float *c) {
  int bad = 0;
  for (int s = 0; s < 4096; s++) {
    rng = rng * 1103515245u + 12345u;
    size_t i = (rng >> 8) % MM, j = (rng >> 3) % MM;
    double want = 0, asum = 0;
    for (size_t k = 0; k < MM; k++) want += (double)a[i * MM + k] * b[k * MM + j], asum += fabs(a[i * MM + k] * b[k * MM + j]);
    if (!(fabs(c[i * MM + j] - want) <= 1e-5 * asum + 1e-6) && bad++ < 3)
      fprintf(stderr, "FAIL %s matmul: [%zu,%zu] = %.8g, want %.8g\n", who, i, j, c[i * MM + j], want);
  }
  return bad == 0;
}

/* 12 independent FMA chains per thread (enough to cover a 4-cycle latency
 * on two FMA pipes), in named variables: in an array indexed by a loop,
 * GCC keeps them in memory and the probe measures store forwarding (it read
 * a third of the peak). 16 flops per iteration of one 256-bit FMA, 32 of a
 * 512-bit one; FMA_ITERS / 2 512-bit or FMA_ITERS 256-bit FMAs per thread,
 * so both count FMA_ITERS * 16 flops. */
enum { FMA_ITERS = 24000000 };
typedef struct fma_ctx { float sink[64][8]; } fma_ctx;

#define FMA_CHAINS(F, a)                                                                                       \
  F(a##0, 0) F(a##1, 1) F(a##2, 2) F(a##3, 3) F(a##4, 4) F(a##5, 5) F(a##6, 6) F(a##7, 7) F(a##8, 8) F(a##9, 9)  \
  F(a##10, 10) F(a##11, 11)

__attribute__((target("avx2,fma"))) static void fma256_body(int64_t b, int64_t e, void *p) {
  fma_ctx *c = p;
  for (int64_t t = b; t < e; t++) {
    __m256 m = _mm256_set1_ps(0.999999f), d = _mm256_set1_ps(1e-7f);
#define INIT(x, k) __m256 x = _mm256_set1_ps((float)(t + k));
#define STEP(x, k) x = _mm256_fmadd_ps(x, m, d);
#define SUM(x, k) s = _mm256_add_ps(s, x);
    FMA_CHAINS(INIT, v)
    for (int i = 0; i < FMA_ITERS / 12; i++) { FMA_CHAINS(STEP, v) }
    __m256 s = _mm256_setzero_ps();
    FMA_CHAINS(SUM, v)
    _mm256_storeu_ps(c->sink[t % 64], s);
#undef INIT
#undef STEP
#undef SUM
  }
}

__attribute__((target("avx512f"))) static void fma512_body(int64_t b, int64_t e, void *p) {
  fma_ctx *c = p;
  for (int64_t t = b; t < e; t++) {
    __m512 m = _mm512_set1_ps(0.999999f), d = _mm512_set1_ps(1e-7f);
#define INIT(x, k) __m512 x = _mm512_set1_ps((float)(t + k));
#define STEP(x, k) x = _mm512_fmadd_ps(x, m, d);
#define SUM(x, k) s = _mm512_add_ps(s, x);
    FMA_CHAINS(INIT, v)
    for (int i = 0; i < FMA_ITERS / 24; i++) { FMA_CHAINS(STEP, v) }
    __m512 s = _mm512_setzero_ps();
    FMA_CHAINS(SUM, v)
    _mm256_storeu_ps(c->sink[t % 64], _mm512_castps512_ps256(s));
#undef INIT
#undef STEP
#undef SUM
  }
}

/* GFLOP/s of FMAs (AVX-512 where the CPU has it, else AVX2) on every pool
 * thread (0 when the CPU has no FMA): the same flop count either way. */
static const char *fma_isa = "none";
static double measure_fma_peak(int threads) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return 0;
  vtc_range_fn fma_body = fma256_body;
  fma_isa = "AVX2, 256-bit";
  if (__builtin_cpu_supports("avx512f") && !gemm_avx2) fma_body = fma512_body, fma_isa = "AVX-512, 512-bit";
  fma_ctx c;
  vtc_parallel_for(vtc_thread_pool_default(), threads, fma_body, &c); /* warm-up, clocks up */
  double best = 1e30;
  for (int r = 0; r < 5; r++) {
    double t0 = gemm_now(); /* wall time, or this thread's CPU time with --cpu-time (one thread) */
    vtc_parallel_for(vtc_thread_pool_default(), threads, fma_body, &c);
    double t = gemm_now() - t0;
    best = t < best ? t : best;
  }
  return (double)threads * FMA_ITERS * 16.0 / best / 1e9;
}

/* ---- the hand-written gir SGEMM (issue 13) ------------------------------------------------ */

typedef struct gemm_shape {
  int64_t m, n, k;
  const char *what;
} gemm_shape;

/* 1024 sampled entries of c = a x b (row-major) against a double dot
 * product, to 1e-5 of sum |a b|. */
static bool spot_check_gemm(const char *who, const gemm_shape *s, const float *a, const float *b, const float *c) {
  int bad = 0;
  for (int t = 0; t < 1024; t++) {
    rng = rng * 1103515245u + 12345u;
    int64_t i = (int64_t)(rng >> 4) % s->m;
    rng = rng * 1103515245u + 12345u;
    int64_t j = (int64_t)(rng >> 4) % s->n;
    double want = 0, scale = 0;
    for (int64_t k = 0; k < s->k; k++) {
      double x = (double)a[i * s->k + k] * b[k * s->n + j];
      want += x, scale += fabs(x);
    }
    if (!(fabs(c[i * s->n + j] - want) <= 1e-5 * scale + 1e-6) && bad++ < 3)
      fprintf(stderr, "FAIL %s sgemm %lldx%lldx%lld: [%lld,%lld] = %.8g, want %.8g\n", who, (long long)s->m,
              (long long)s->n, (long long)s->k, (long long)i, (long long)j, c[i * s->n + j], want);
  }
  return bad == 0;
}

/* One GEMM implementation under test: C = A B, row-major, f32. */
typedef struct gemm_args {
  vtc_cpu_program *prog;
  vtc_tensor *in;
  const gemm_shape *s;
  float *a, *b, *c;
} gemm_args;

static void run_vtc_gemm(const gemm_args *g) { vtc_cpu_program_run(g->prog, g->in, 2, NULL, NULL, NULL); }
static void run_openblas_gemm(const gemm_args *g) {
  int m = (int)g->s->m, n = (int)g->s->n, k = (int)g->s->k;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, g->a, k, g->b, n, 0.0f, g->c, n);
}
#ifdef VTC_HAVE_DNNL
static void run_dnnl_gemm(const gemm_args *g) {
  dnnl_sgemm('N', 'N', g->s->m, g->s->n, g->s->k, 1.0f, g->a, g->s->k, g->b, g->s->n, 0.0f, g->c, g->s->n);
}
#endif

/* The implementations, vtc first; the peers in the table's order. */
typedef struct gemm_impl {
  const char *name;
  void (*run)(const gemm_args *g);
} gemm_impl;
static const gemm_impl gemm_impls[] = {
    {"vtc", run_vtc_gemm},
    {"OpenBLAS", run_openblas_gemm},
#ifdef VTC_HAVE_DNNL
    {"oneDNN", run_dnnl_gemm},
#endif
};
enum { NUM_GEMM_IMPLS = sizeof gemm_impls / sizeof *gemm_impls };

/* Times each implementation in alternating blocks (so a noisy minute hits
 * all alike): in each of three rounds, for each in turn, 100 ms of sleep, a
 * warm-up call and a third of the runs; median and best of all its timed
 * calls, seconds. Each side runs warm, back to back, as in a network's
 * run: its workers spin between its calls. The sleep is for the peers'
 * workers, which busy-wait after a call (OpenBLAS's THREAD_TIMEOUT, about
 * 2^28 cycles; oneDNN's OpenMP threads): a vtc call that starts while they
 * spin shares a core with one of them, and vtc's team, meeting at
 * barriers, runs at the pace of that core (measured: 12 ms instead of 6.6
 * at 1024^3 on 2 cores). (One call per 100 ms, as before, timed each side
 * cold: its workers asleep, a virtual machine's idle vCPU halted.) */
typedef struct gemm_times {
  double med[NUM_GEMM_IMPLS], best[NUM_GEMM_IMPLS];
  bool ok;
} gemm_times;

static gemm_times time_gemm(vtc_cpu_program *prog, const gemm_shape *s) {
  gemm_times r = {{0}, {0}, false};
  size_t na = (size_t)(s->m * s->k), nb = (size_t)(s->k * s->n), nc = (size_t)(s->m * s->n);
  float *a = bench_alloc_floats(na), *b = bench_alloc_floats(nb), *c = bench_alloc_floats(nc);
  fill_random(a, na);
  fill_random(b, nb);
  vtc_tensor in[2];
  memset(in, 0, sizeof in);
  in[0].dtype = in[1].dtype = VTC_F32;
  in[0].rank = in[1].rank = 2;
  in[0].dims[0] = s->m, in[0].dims[1] = s->k, in[0].data = a;
  in[1].dims[0] = s->k, in[1].dims[1] = s->n, in[1].data = b;
  gemm_args g = {prog, in, s, a, b, c};
  vtc_tensor *out = NULL;
  char *err = NULL;
  bool ok = vtc_cpu_program_run(prog, in, 2, &out, NULL, &err) == 0;
  if (!ok) fprintf(stderr, "FAIL vtc sgemm: %s\n", err ? err : "?");
  free(err);
  ok = ok && spot_check_gemm("vtc", s, a, b, out[0].data);
  if (out) vtc_tensor_free_array(out, 1);
  for (int p = 1; p < NUM_GEMM_IMPLS; p++) {
    memset(c, 0, nc * sizeof *c);
    gemm_impls[p].run(&g);
    ok = spot_check_gemm(gemm_impls[p].name, s, a, b, c) && ok;
  }
  double flops = 2.0 * (double)s->m * (double)s->n * (double)s->k;
  int runs = flops > 5e10 ? 6 : flops > 5e9 ? 12 : 30; /* a multiple of the 3 rounds */
  double t[NUM_GEMM_IMPLS][30];
  for (int round = 0; ok && round < 3; round++)
    for (int p = 0; p < NUM_GEMM_IMPLS; p++) {
      nanosleep(&(struct timespec){0, 100000000}, NULL);
      gemm_impls[p].run(&g);
      for (int j = 0; j < runs / 3; j++) {
        double t0 = gemm_now();
        gemm_impls[p].run(&g);
        t[p][round * (runs / 3) + j] = gemm_now() - t0;
      }
    }
  for (int p = 0; ok && p < NUM_GEMM_IMPLS; p++) {
    r.best[p] = 1e30;
    for (int i = 0; i < runs; i++) r.best[p] = t[p][i] < r.best[p] ? t[p][i] : r.best[p];
    r.med[p] = bench_median(t[p], runs);
  }
  r.ok = ok;
  free(a), free(b), free(c);
  return r;
}

/* Compiles the SGEMM for this host (targets/x86: caches and vector width;
 * the pool's threads per group) and prints its table. */
/* Blocking overrides from the command line (0: the host's). */
static int gemm_kc, gemm_nc, gemm_mr, gemm_pf = -1, gemm_dm = -1;
/* --csv=PATH: the table's medians as CSV too (m, n, k, what, ms per implementation). */
static const char *gemm_csv;
/* --pipeline=P: time what the compiler makes of a dynamic-shape
 * graph.matmul (?x? times ?x?, one program for every shape) through the
 * pass pipeline P (e.g. lower-graph-to-te,lower-te-to-gir for the Vortex
 * rKernels, ...{contractions=naive} for the plain kernel) instead of the
 * hand-written SGEMM. */
static const char *gemm_pipeline;
static const char gemm_matmul[] =
    "func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {\n"
    "  %c = graph.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n"
    "  return %c : tensor<?x?xf32>\n"
    "}\n";

/* The matmul module lowered by gemm_pipeline, or NULL after a message. */
static vtc_op *lowered_matmul(vtc_context *ctx) {
  vtc_op *m = vtc_parse_source(ctx, "matmul.mlir", gemm_matmul, sizeof gemm_matmul - 1, 0);
  char pipe[1024];
  snprintf(pipe, sizeof pipe, "builtin.module(%s)", gemm_pipeline);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = m && vtc_pass_manager_parse(pm, pipe) && vtc_pass_manager_run(pm, m);
  vtc_pass_manager_destroy(pm);
  if (!ok && m) {
    vtc_op_destroy(m);
    m = NULL;
  }
  if (!m) fprintf(stderr, "FAIL sgemm: the pipeline '%s' does not lower the matmul\n", gemm_pipeline);
  return m;
}

static void bench_sgemm(double fma_peak, const gemm_shape *only, size_t num_only) {
  const vtc_x86_host *h = vtc_x86_host_get();
  sgemm_gir_params p = sgemm_gir_params_for(gemm_avx2 ? 256 : h->vector_bits, h->l1d_bytes, h->l2_bytes,
                                            h->l3_bytes, vtc_rt_num_threads());
  if (gemm_kc) p.kc = gemm_kc;
  if (gemm_nc) p.nc = gemm_nc;
  if (gemm_mr) p.mr = gemm_mr;
  if (gemm_pf >= 0) p.prefetch_rows = gemm_pf;
  if (gemm_dm >= 0) p.direct_max_m = gemm_dm;
  char *text = sgemm_gir_text(&p);
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *m = gemm_pipeline ? lowered_matmul(ctx) : text ? vtc_parse_source(ctx, "sgemm.mlir", text, strlen(text), 0) : NULL;
  free(text);
  char *err = NULL;
  double t0 = bench_now();
  vtc_cpu_exec_options o = vtc_cpu_exec_default_options();
  if (gemm_avx2) o.features = "-avx512f";
  vtc_cpu_program *prog = m ? vtc_cpu_program_create(m, gemm_pipeline ? "main" : "sgemm_host", &o, &err) : NULL;
  double compile_ms = (bench_now() - t0) * 1e3;
  if (!prog) {
    fprintf(stderr, "FAIL sgemm: does not compile: %s\n", err ? err : "?");
    failures++;
  }
  free(err);
  static const gemm_shape shapes[] = {
      {1024, 1024, 1024, "square"}, {4096, 4096, 4096, "square"}, {16, 768, 2304, "BERT"},
      {64, 768, 2304, "BERT"},      {128, 768, 2304, "BERT"},     {256, 768, 2304, "BERT"},
      {384, 768, 2304, "BERT"},
  };
  const char *coretype = getenv("OPENBLAS_CORETYPE");
  if (gemm_pipeline)
    printf("\nvtc's matmul (?x? times ?x?, f32) through builtin.module(%s), compiled in %.0f ms; OpenBLAS %d threads.\n"
           "(the hand-written kernel's blocking would be:)", gemm_pipeline, compile_ms, openblas_get_num_threads());
  printf("\nHand-written gir SGEMM (benchmarks/cpu/sgemm_gir.c): MR x NR = %d x %d, KC %d, NC %d, prefetch %d rows, "
         "%d threads per group, %d lanes%s; compiled in %.0f ms. OpenBLAS %d threads%s%s. FMA peak %.1f GFLOP/s.\n\n",
         p.mr, p.nr, p.kc, p.nc, p.prefetch_rows, p.group, p.lanes, gemm_avx2 ? " (-avx512f)" : "", compile_ms,
         openblas_get_num_threads(), coretype ? ", OPENBLAS_CORETYPE=" : "", coretype ? coretype : "", fma_peak);
  printf("| M x N x K |");
  for (int p = 0; p < NUM_GEMM_IMPLS; p++) printf(" %s ms | %s GFLOP/s |", gemm_impls[p].name, gemm_impls[p].name);
  for (int p = 1; p < NUM_GEMM_IMPLS; p++) printf(" %s / vtc time |", gemm_impls[p].name);
  for (int p = 0; p < NUM_GEMM_IMPLS; p++) printf(" %s / FMA peak |", gemm_impls[p].name);
  printf("\n| --- |");
  for (int p = 0; p < 4 * NUM_GEMM_IMPLS - 1; p++) printf(" ---: |");
  printf("\n");
  size_t count = num_only ? num_only : sizeof shapes / sizeof *shapes;
  FILE *csv = gemm_csv ? fopen(gemm_csv, "w") : NULL;
  if (gemm_csv && !csv) fprintf(stderr, "bench_cpu: cannot write %s\n", gemm_csv);
  if (csv) {
    fprintf(csv, "m,n,k,what");
    for (int p = 0; p < NUM_GEMM_IMPLS; p++) fprintf(csv, ",%s_ms", gemm_impls[p].name);
    fprintf(csv, "\n");
  }
  for (size_t i = 0; prog && i < count; i++) {
    const gemm_shape *s = num_only ? &only[i] : &shapes[i];
    gemm_times t = time_gemm(prog, s);
    printf("| %lldx%lldx%lld (%s) |", (long long)s->m, (long long)s->n, (long long)s->k, s->what);
    if (!t.ok) {
      failures++;
      printf(" FAILED |\n");
      continue;
    }
    if (csv) {
      fprintf(csv, "%lld,%lld,%lld,%s", (long long)s->m, (long long)s->n, (long long)s->k, s->what);
      for (int p = 0; p < NUM_GEMM_IMPLS; p++) fprintf(csv, ",%.6f", t.med[p] * 1e3);
      fprintf(csv, "\n");
      fflush(csv);
    }
    double gf = 2.0 * (double)s->m * (double)s->n * (double)s->k / 1e9;
    for (int p = 0; p < NUM_GEMM_IMPLS; p++) printf(" %.2f | %.1f |", t.med[p] * 1e3, gf / t.med[p]);
    for (int p = 1; p < NUM_GEMM_IMPLS; p++) printf(" **%.3f** |", t.med[p] / t.med[0]);
    for (int p = 0; p < NUM_GEMM_IMPLS; p++) printf(" %.0f%% |", fma_peak > 0 ? 100.0 * gf / t.med[p] / fma_peak : 0);
    printf("\n");
    fflush(stdout);
  }
  printf("\n(medians of alternating blocks of warm calls, %s; vtc: the entry call, its result allocated per call from the "
         "runtime's cache; OpenBLAS into a preallocated C)\n",
         gemm_clock == CLOCK_MONOTONIC ? "wall time" : "this thread's CPU time");
  if (csv) fclose(csv);
  if (prog) vtc_cpu_program_destroy(prog);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

/* Vortex Table 6 (bert-gemm-dynamic): M = 1, 5, ..., 381 and 16 x (5,
 * 24, ..., 119), N x K = 768 x 2304 (the paper's) and 2304 x 768 (QKV):
 * 206 shapes into `out`, which holds at least that many. */
static size_t table6_shapes(gemm_shape *out) {
  static const int64_t nk[2][2] = {{768, 2304}, {2304, 768}};
  size_t n = 0;
  for (int o = 0; o < 2; o++) {
    for (int64_t m = 1; m <= 381; m += 4) out[n++] = (gemm_shape){m, nk[o][0], nk[o][1], o ? "qkv" : "paper"};
    for (int64_t seq = 5; seq <= 128; seq += 19)
      out[n++] = (gemm_shape){16 * seq, nk[o][0], nk[o][1], o ? "qkv 16xseq" : "paper 16xseq"};
  }
  return n;
}

int main(int argc, char **argv) {
  vtc_thread_pool *pool = vtc_thread_pool_default();
  int threads = vtc_thread_pool_size(pool);
  const vtc_x86_host *host = vtc_x86_host_get();
  if (argc > 1 && strcmp(argv[1], "--gemm") == 0) { /* the SGEMM table alone, or of the shapes given */
    static gemm_shape only[256];
    size_t num_only = 0;
    for (int i = 2; i < argc; i++) {
      long long m, n, k;
      if (strcmp(argv[i], "--cpu-time") == 0) gemm_clock = CLOCK_THREAD_CPUTIME_ID;
      else if (strcmp(argv[i], "--avx2") == 0) gemm_avx2 = true;
      else if (sscanf(argv[i], "--kc=%d", &gemm_kc) == 1 || sscanf(argv[i], "--nc=%d", &gemm_nc) == 1 ||
               sscanf(argv[i], "--mr=%d", &gemm_mr) == 1 || sscanf(argv[i], "--prefetch=%d", &gemm_pf) == 1 ||
               sscanf(argv[i], "--direct-max-m=%d", &gemm_dm) == 1)
        continue;
      else if (strncmp(argv[i], "--pipeline=", 11) == 0)
        gemm_pipeline = argv[i] + 11;
      else if (strncmp(argv[i], "--csv=", 6) == 0)
        gemm_csv = argv[i] + 6;
      else if (strcmp(argv[i], "--table6") == 0 && num_only == 0)
        num_only = table6_shapes(only);
      else if (sscanf(argv[i], "%lldx%lldx%lld", &m, &n, &k) == 3 && m > 0 && n > 0 && k > 0 && num_only < 256)
        only[num_only++] = (gemm_shape){m, n, k, "given"};
      else {
        fprintf(stderr, "usage: bench_cpu [--gemm [--cpu-time] [--avx2] [--kc=N] [--nc=N] [--mr=N] [--prefetch=ROWS] [--direct-max-m=M] [--pipeline=PASSES] [--csv=PATH] [--table6 | MxNxK ...]]\n");
        return 2;
      }
    }
    printf("# host: %s, %d cores, %d-bit vectors, L1d %lld KiB, L2 %lld KiB, L3 %lld MiB\n", host->cpu_name,
           host->num_cores, host->vector_bits, (long long)(host->l1d_bytes >> 10), (long long)(host->l2_bytes >> 10),
           (long long)(host->l3_bytes >> 20));
    double peak = measure_fma_peak(threads);
    printf("FMA peak (%s, %d threads): %.1f GFLOP/s.\n", fma_isa, threads, peak);
    bench_sgemm(peak, only, num_only);
    /* Again after the table: on a shared machine a lower second reading
     * means the table ran under someone else's load. */
    printf("FMA peak after the table: %.1f GFLOP/s.\n", measure_fma_peak(threads));
    vtc_thread_pool_shutdown_default();
    if (failures) fprintf(stderr, "bench_cpu: %d FAILURE(S)\n", failures);
    return failures ? 1 : 0;
  }
  if (argc > 1) {
    fprintf(stderr, "usage: bench_cpu [--gemm [--cpu-time] [--avx2] [--kc=N] [--nc=N] [--mr=N] [--prefetch=ROWS] [--direct-max-m=M] [MxNxK ...]]\n");
    return 2;
  }
  while ((double)ROWS * COLS * 4 < 2.0 * (double)host->l3_bytes) ROWS *= 2;
  while ((double)COPY_BYTES < 4.0 * (double)host->l3_bytes) COPY_BYTES *= 2;
  printf("# host: %s, %d cores, %d-bit vectors, L2 %lld KiB, L3 %lld MiB; kernel inputs %lldx%d f32 (%lld MiB)\n",
         host->cpu_name, host->num_cores, host->vector_bits, (long long)(host->l2_bytes >> 10),
         (long long)(host->l3_bytes >> 20), (long long)ROWS, COLS, (long long)(ROWS * COLS * 4 >> 20));
  printf("# bench_cpu: %d threads (vtc pool), OpenBLAS %d threads\n\n", threads, openblas_get_num_threads());

  /* (1) the copy bandwidth and the FMA peak */
  bw cp_memcpy = measure_copy(copy_memcpy), cp_loop = measure_copy(copy_loop);
  bw ref = cp_memcpy.med > cp_loop.med ? cp_memcpy : cp_loop;
  const char *ref_name = cp_memcpy.med > cp_loop.med ? "memcpy" : "load/store loop";
  double fma_peak = measure_fma_peak(threads);

  /* (2) the memory-bound kernels */
  size_t n = (size_t)ROWS * COLS;
  float *x = bench_alloc_floats(n), *y = bench_alloc_floats(n), *bias = bench_alloc_floats(COLS);
  fill_random(x, n);
  fill_random(y, n);
  fill_random(bias, COLS);
  kernel K[] = {
      {"add", K_ADD, {0}, {0}, {0}, 0, false},
      {"gelu", K_GELU, {0}, {0}, {0}, 0, false},
      {"broadcast add", K_BCAST, {0}, {0}, {0}, 0, false},
      {"softmax (rows)", K_SOFTMAX, {0}, {0}, {0}, 0, false},
      {"reduce_sum (rows)", K_REDUCE, {0}, {0}, {0}, 0, false},
  };
  char shapes[5][64];
  snprintf(shapes[0], 64, "%lldx4096 + %lldx4096", (long long)ROWS, (long long)ROWS);
  snprintf(shapes[1], 64, "%lldx4096", (long long)ROWS);
  snprintf(shapes[2], 64, "%lldx4096 + 4096", (long long)ROWS);
  snprintf(shapes[3], 64, "%lldx4096, axis -1", (long long)ROWS);
  snprintf(shapes[4], 64, "%lldx4096 -> %lld", (long long)ROWS, (long long)ROWS);
  int nk = (int)(sizeof K / sizeof *K);
  program progs[8];
  int64_t dims[8][2][2];
  for (int i = 0; i < nk; i++) {
    char text[2048];
    float *in[2] = {x, K[i].k == K_BCAST ? bias : y};
    kernel_dims(K[i].k, ROWS, COLS, dims[i]);
    K[i].ok = program_compile(&progs[i], K[i].name, kernel_text(K[i].k, ROWS, COLS, text, sizeof text));
    if (!K[i].ok) {
      fprintf(stderr, "FAIL %s: does not compile\n", K[i].name);
      failures++;
      continue;
    }
    vtc_tensor *res = NULL;
    program_call(&progs[i], in, (const int64_t(*)[2])dims[i], &res);
    K[i].ok = check_kernel(K[i].k, K[i].name, ROWS, COLS, in, res[0].data);
    vtc_tensor_free_array(res, 1);
    if (!K[i].ok) failures++;
  }
  for (int v = 0; v < 2; v++) {
    if (v == 1) {
      /* Results are allocated by the entry on every call; glibc serves 64 MiB
       * with a fresh mmap (page faults in the kernel). Keep freed blocks in
       * the heap instead, so the second pass times the kernel alone. */
      mallopt(M_MMAP_MAX, 0);
      mallopt(M_TRIM_THRESHOLD, 0x7fffffff);
      mallopt(M_TOP_PAD, 0);
    }
    for (int i = 0; i < nk; i++) {
      float *in[2] = {x, K[i].k == K_BCAST ? bias : y};
      if (K[i].ok) time_kernel(&progs[i], &K[i], in, (const int64_t(*)[2])dims[i], v);
    }
  }
  for (int i = 0; i < nk; i++) {
    float *in[2] = {x, K[i].k == K_BCAST ? bias : y};
    if (K[i].ok) K[i].cached_ns = cached_ns_per_element(K[i].k, in);
  }
  /* The peer for add: OpenBLAS saxpy (y += x in place: reads 2, writes 1). */
  double saxpy_t[KERNEL_RUNS];
  float *y2 = bench_alloc_floats(n);
  memcpy(y2, y, n * 4);
  cblas_saxpy((int)n, 1.0f, x, 1, y2, 1);
  for (int r = 0; r < KERNEL_RUNS; r++) {
    double t0 = bench_now();
    cblas_saxpy((int)n, r % 2 ? -1.0f : 1.0f, x, 1, y2, 1);
    saxpy_t[r] = bench_now() - t0;
  }
  double saxpy_med = bench_median(saxpy_t, KERNEL_RUNS);
  free(y2);

  /* (3) matmul 1024^3 */
  float *a = bench_alloc_floats((size_t)MM * MM), *b = bench_alloc_floats((size_t)MM * MM), *c = bench_alloc_floats((size_t)MM * MM);
  fill_random(a, (size_t)MM * MM);
  fill_random(b, (size_t)MM * MM);
  double flops = 2.0 * MM * MM * MM;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, MM, MM, MM, 1.0f, a, MM, b, MM, 0.0f, c, MM);
  bool blas_ok = spot_check_matmul("OpenBLAS", a, b, c);
  double bt[10];
  for (int r = 0; r < 10; r++) {
    double t0 = bench_now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, MM, MM, MM, 1.0f, a, MM, b, MM, 0.0f, c, MM);
    bt[r] = bench_now() - t0;
  }
  double blas_med = bench_median(bt, 10);
  program mp;
  const char *mtext = "func.func @f(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {\n"
                      "  %0 = \"graph.matmul\"(%a, %b) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> "
                      "tensor<1024x1024xf32>\n  return %0 : tensor<1024x1024xf32>\n}\n";
  bool vtc_mm_ok = program_compile(&mp, "matmul", mtext);
  double vtc_mm_med = 0;
  int mm_runs = 0;
  if (vtc_mm_ok) {
    float *in[2] = {a, b};
    int64_t mdims[2][2] = {{MM, MM}, {MM, MM}};
    vtc_tensor *res = NULL;
    double first = program_call(&mp, in, (const int64_t(*)[2])mdims, &res);
    vtc_mm_ok = spot_check_matmul("vtc", a, b, res[0].data);
    vtc_tensor_free_array(res, 1);
    mm_runs = first > 2.0 ? 3 : first > 0.3 ? 5 : 10;
    double mt[10];
    for (int r = 0; r < mm_runs; r++) mt[r] = program_call(&mp, in, (const int64_t(*)[2])mdims, NULL);
    vtc_mm_med = bench_median(mt, mm_runs);
  } else {
    fprintf(stderr, "FAIL matmul: vtc does not compile it\n");
  }
  program_destroy(&mp);
  if (!blas_ok || !vtc_mm_ok) failures++;

  /* (4) the tables */
  printf("Copy bandwidth (read + write bytes, %zu MiB arrays, %d runs, %d threads): memcpy %.2f GB/s median "
         "(%.2f best); load/store loop %.2f GB/s median (%.2f best). Reference: %s, %.2f GB/s (median).\n"
         "FMA peak (%s, %d threads): %.1f GFLOP/s.\n\n",
         COPY_BYTES >> 20, COPY_RUNS, threads, cp_memcpy.med, cp_memcpy.best, cp_loop.med, cp_loop.best, ref_name,
         ref.med, fma_isa, threads, fma_peak);
  printf("| kernel | shape (f32) | MiB moved | vtc ms (fresh result) | faults/call | vtc ms (result reused) | "
         "vtc GB/s | peer | peer ms | floor ms | vtc / copy BW | ns/elem cached |\n");
  printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n");
  for (int i = 0; i < nk; i++) {
    double bytes = kernel_bytes(K[i].k, ROWS, COLS), floor_ms = bytes / (ref.med * 1e9) * 1e3;
    if (!K[i].ok) {
      printf("| %s | %s | %.0f | FAILED | | | | | | %.2f | | |\n", K[i].name, shapes[i], bytes / 1048576.0, floor_ms);
      continue;
    }
    double gbs = bytes / K[i].med[1] / 1e9;
    char peer_ms[32] = "-";
    if (K[i].k == K_ADD) snprintf(peer_ms, sizeof peer_ms, "%.2f", saxpy_med * 1e3);
    printf("| %s | %s | %.0f | %.2f | %.0f | %.2f | %.2f | %s | %s | %.2f | %.0f%% | %.3f |\n", K[i].name, shapes[i],
           bytes / 1048576.0, K[i].med[0] * 1e3, K[i].faults[0], K[i].med[1] * 1e3, gbs,
           K[i].k == K_ADD ? "OpenBLAS saxpy (in place)" : "none", peer_ms, floor_ms, 100.0 * gbs / ref.med,
           K[i].cached_ns);
  }
  printf("\n(memory-bound: median of %d calls; faults/call with results reused: ", KERNEL_RUNS);
  for (int i = 0; i < nk; i++) printf("%s%s %.0f", i ? ", " : "", K[i].name, K[i].faults[1]);
  printf("; best ms with results reused: ");
  for (int i = 0; i < nk; i++) printf("%s%s %.2f", i ? ", " : "", K[i].name, K[i].best[1] * 1e3);
  printf(")\n\n");
  printf("| matmul | vtc ms | vtc GFLOP/s | OpenBLAS ms | OpenBLAS GFLOP/s | vtc / OpenBLAS | floor ms (FMA peak) |\n");
  printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  double mm_floor = fma_peak > 0 ? flops / (fma_peak * 1e9) * 1e3 : 0;
  if (vtc_mm_ok)
    printf("| 1024x1024x1024 f32 | %.1f | %.2f | %.2f | %.1f | %.3f | %.2f |\n", vtc_mm_med * 1e3,
           flops / vtc_mm_med / 1e9, blas_med * 1e3, flops / blas_med / 1e9, blas_med / vtc_mm_med, mm_floor);
  else
    printf("| 1024x1024x1024 f32 | FAILED | | %.2f | %.1f | | %.2f |\n", blas_med * 1e3, flops / blas_med / 1e9,
           mm_floor);
  printf("\n(vtc matmul: median of %d calls, its 4 MiB result allocated per call; OpenBLAS: median of 10)\n", mm_runs);
  bench_sgemm(fma_peak, NULL, 0);

  for (int i = 0; i < nk; i++)
    if (progs[i].ctx) program_destroy(&progs[i]);
  free(x), free(y), free(bias), free(a), free(b), free(c);
  vtc_thread_pool_shutdown_default();
  if (failures) fprintf(stderr, "bench_cpu: %d FAILURE(S)\n", failures);
  return failures ? 1 : 0;
}
