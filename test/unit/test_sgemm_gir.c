/* The hand-written gir SGEMM (benchmarks/cpu/sgemm_gir.h) against a
 * double-precision reference: through the JIT with AVX-512 (14 x 32
 * micro-tiles) and with -avx512f forced (6 x 16 on AVX2), with this
 * machine's blocking and with small blocks that make every loop of the
 * kernel take several trips (K blocks, A blocks, B panels = groups, the
 * group's units split by rows and by columns), and through the gir
 * interpreter (one unit per group: it runs units one after the other). M,
 * N, K of 1, primes and non-multiples of every tile; K = 0 gives C = 0; K
 * that disagree fail with the kernel's located message. Also the variant
 * that reads B in place (@sgemm_direct, small M), alone and chosen by M. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/cpu/sgemm_gir.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

typedef struct shape { int64_t m, n, k; } shape;

static unsigned rng = 777;
static float rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return (float)((rng >> 8) & 0xffff) / 32768.0f - 1.0f;
}

static void make(vtc_tensor *t, int64_t r, int64_t c) {
  int64_t dims[2] = {r, c};
  char err[128];
  CHECK_EQ_INT(vtc_tensor_create(t, VTC_F32, 2, dims, err, sizeof err), 0);
  for (int64_t i = 0; i < r * c; i++) ((float *)t->data)[i] = rnd();
}

/* Every element of c against the double-precision product, to 1e-5 of
 * sum_k |a_ik b_kj| (f32 accumulation over up to a few thousand terms). */
static int64_t count_wrong(const vtc_tensor *a, const vtc_tensor *b, const vtc_tensor *c, shape s) {
  const float *A = a->data, *B = b->data, *C = c->data;
  if (c->rank != 2 || c->dims[0] != s.m || c->dims[1] != s.n) return -1;
  int64_t bad = 0;
  for (int64_t i = 0; i < s.m; i++)
    for (int64_t j = 0; j < s.n; j++) {
      double want = 0, scale = 0;
      for (int64_t k = 0; k < s.k; k++) {
        want += (double)A[i * s.k + k] * B[k * s.n + j];
        scale += fabs((double)A[i * s.k + k] * B[k * s.n + j]);
      }
      if (!(fabs(C[i * s.n + j] - want) <= 1e-5 * scale + 1e-6) && bad++ < 3)
        fprintf(stderr, "  C[%lld, %lld] = %.8g, want %.8g\n", (long long)i, (long long)j, C[i * s.n + j], want);
    }
  return bad;
}

typedef struct config {
  const char *what;
  sgemm_gir_params p;
  const char *features; /* NULL: the host's */
} config;

static vtc_op *parse_kernel(vtc_context *ctx, const sgemm_gir_params *p) {
  char *text = sgemm_gir_text(p);
  CHECK(text != NULL);
  vtc_op *m = text ? vtc_parse_source(ctx, "sgemm.mlir", text, strlen(text), 0) : NULL;
  CHECK(m != NULL);
  free(text);
  return m;
}

static const shape kShapes[] = {
    {1, 1, 1},   {7, 5, 7},   {37, 33, 100}, {129, 100, 999}, {383, 70, 37},
    {1000, 65, 13}, {16, 768, 50}, {5, 9, 0},   {0, 7, 3},      {4, 0, 3},
};

static void run_jit(const config *cfg) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *m = parse_kernel(ctx, &cfg->p);
  vtc_cpu_exec_options o = vtc_cpu_exec_default_options();
  o.features = cfg->features;
  char *err = NULL;
  vtc_cpu_program *prog = m ? vtc_cpu_program_create(m, "sgemm_host", &o, &err) : NULL;
  CHECK(prog != NULL);
  if (err) fprintf(stderr, "%s: %s\n", cfg->what, err);
  free(err);
  err = NULL;
  for (size_t i = 0; prog && i < sizeof kShapes / sizeof *kShapes; i++) {
    shape s = kShapes[i];
    vtc_tensor in[2], *out = NULL;
    make(&in[0], s.m, s.k);
    make(&in[1], s.k, s.n);
    bool ran = vtc_cpu_program_run(prog, in, 2, &out, NULL, &err) == 0;
    CHECK(ran);
    int64_t bad = ran ? count_wrong(&in[0], &in[1], &out[0], s) : -1;
    CHECK_EQ_INT(bad, 0);
    if (bad)
      fprintf(stderr, "  %s: %lldx%lldx%lld: %lld wrong%s%s\n", cfg->what, (long long)s.m, (long long)s.n,
              (long long)s.k, (long long)bad, err ? ": " : "", err ? err : "");
    free(err);
    err = NULL;
    if (out) vtc_tensor_free_array(out, 1);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  if (prog) { /* K that disagree: the host's assertion, located */
    vtc_tensor in[2], *out = NULL;
    make(&in[0], 3, 4);
    make(&in[1], 5, 2);
    CHECK_EQ_INT(vtc_cpu_program_run(prog, in, 2, &out, NULL, &err), -1);
    CHECK(err && strstr(err, "sgemm.mlir:") && strstr(err, "A has 4 columns but B has 5 rows"));
    free(err);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  if (prog) vtc_cpu_program_destroy(prog);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

static void run_interpreter(const sgemm_gir_params *p) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *m = parse_kernel(ctx, p);
  vtc_op *host = m ? vtc_symbol_table_lookup(m, "sgemm_host") : NULL;
  CHECK(host != NULL);
  static const shape small[] = {{1, 1, 1}, {7, 5, 7}, {15, 37, 20}, {29, 9, 33}, {3, 4, 0}};
  for (size_t i = 0; host && i < sizeof small / sizeof *small; i++) {
    shape s = small[i];
    vtc_tensor in[2], *out = NULL;
    unsigned nout = 0;
    make(&in[0], s.m, s.k);
    make(&in[1], s.k, s.n);
    bool ran = vtc_gir_interpret(host, 2, in, &out, &nout);
    CHECK(ran);
    int64_t bad = ran ? count_wrong(&in[0], &in[1], &out[0], s) : -1;
    CHECK_EQ_INT(bad, 0);
    if (out) vtc_tensor_free_array(out, nout);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

/* Small blocks: KC of one or two vectors (several K blocks, K tails in a
 * transposed A tile), NC 2 slivers (several groups), KU 4 (K tails inside
 * a copy of B). */
static sgemm_gir_params small_params(int bits, int group) {
  sgemm_gir_params p = sgemm_gir_params_for(bits, 0, 0, 0, group);
  p.kc = bits >= 512 ? 32 : 8;
  p.nc = 2 * p.nr;
  return p;
}

static void test_jit_avx512(void) {
  if (vtc_x86_host_get()->vector_bits < 512) {
    printf("  skipped: this CPU has no AVX-512\n");
    return;
  }
  const vtc_x86_host *h = vtc_x86_host_get();
  config host = {"host blocking, AVX-512", sgemm_gir_params_for(512, h->l1d_bytes, h->l2_bytes, h->l3_bytes,
                                                                vtc_rt_num_threads()), NULL};
  run_jit(&host);
  config g2 = {"small blocks, AVX-512, 2 threads per group", small_params(512, 2), NULL};
  run_jit(&g2);
  config g1 = {"small blocks, AVX-512, 1 thread per group", small_params(512, 1), NULL};
  run_jit(&g1);
  /* B read in place (@sgemm_direct) for every M, then for M <= 20 only. */
  config d2 = {"small blocks, B in place, 2 threads per group", small_params(512, 2), NULL};
  d2.p.direct_max_m = 1 << 30;
  run_jit(&d2);
  d2.p.direct_max_m = 20;
  run_jit(&d2);
}

static void test_jit_avx2(void) {
  const vtc_x86_host *h = vtc_x86_host_get();
  if (!h->has_avx2 || !h->has_fma) {
    printf("  skipped: this CPU has no AVX2/FMA\n");
    return;
  }
  config host = {"host blocking, -avx512f", sgemm_gir_params_for(256, h->l1d_bytes, h->l2_bytes, h->l3_bytes,
                                                                 vtc_rt_num_threads()), "-avx512f"};
  run_jit(&host);
  config g3 = {"small blocks, -avx512f, 3 threads per group", small_params(256, 3), "-avx512f"};
  run_jit(&g3);
  g3.p.direct_max_m = 1 << 30;
  run_jit(&g3);
}

static void test_interpreter(void) {
  run_interpreter(&(sgemm_gir_params){.mr = 6, .nr = 16, .lanes = 8, .kc = 8, .nc = 32, .ku = 4, .group = 1});
  run_interpreter(&(sgemm_gir_params){.mr = 14, .nr = 32, .lanes = 16, .kc = 16, .nc = 32, .ku = 4, .group = 1,
                                      .prefetch_rows = 4});
  run_interpreter(&(sgemm_gir_params){.mr = 6, .nr = 16, .lanes = 8, .kc = 8, .nc = 32, .ku = 4, .group = 1,
                                      .prefetch_rows = 2, .direct_max_m = 1 << 30});
}

static void test_params(void) {
  sgemm_gir_params p = sgemm_gir_params_for(512, 48 << 10, 2 << 20, 480 << 20, 2);
  CHECK_EQ_INT(p.mr, 8);
  CHECK_EQ_INT(p.nr, 32);
  CHECK_EQ_INT(p.kc, 192);  /* 48 KiB / 2 / (4 * 32): the B sliver in half of L1d */
  CHECK_EQ_INT(p.nc, 2720); /* 2 MiB / (4 * 192) = 2730, down to a multiple of 32 */
  CHECK(sgemm_gir_check(&p) == NULL);
  sgemm_gir_params q = sgemm_gir_params_for(256, 32 << 10, 512 << 10, 32 << 20, 2);
  CHECK_EQ_INT(q.mr, 6);
  CHECK_EQ_INT(q.nr, 16);
  CHECK_EQ_INT(q.kc, 256); /* 32 KiB / 2 / (4 * 16) */
  CHECK_EQ_INT(q.nc, 512); /* 512 KiB / (4 * 256) */
  CHECK(sgemm_gir_check(&q) == NULL);
  q.nc = 13;
  CHECK(sgemm_gir_check(&q) != NULL);
  CHECK(sgemm_gir_text(&q) == NULL);
}

int main(void) {
  UNIT_RUN(test_params);
  UNIT_RUN(test_jit_avx512);
  UNIT_RUN(test_jit_avx2);
  UNIT_RUN(test_interpreter);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
