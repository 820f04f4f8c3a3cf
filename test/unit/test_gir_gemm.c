/* The hand-written tensor-core GEMM of test/Lowering/gir-to-llvm/
 * gpu-mma-gemm.mlir (cp.async pipeline, ldmatrix, mma.sync fragments, masked
 * epilogue) against C: run by the gir interpreter, its 4 warps in lockstep
 * between block syncs, on shapes with tails in every dimension; the
 * interpreter catches the kernel's pipeline broken three ways (no
 * gir.async_wait, no gir.sync block, a wait that leaves the k-tile in
 * flight) and the host's shape checks fail with their messages. On a GPU
 * the compiled kernel (dynamic shared memory) runs through the CUDA
 * runtime on the same shapes and larger ones; without one that part prints
 * "SKIP: no CUDA GPU (...)". */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/gir/interpreter.h"
#include "ir/ir.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

static char diag[8192];

static void collect(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  size_t used = strlen(diag);
  if (b.data && used + 1 < sizeof diag) snprintf(diag + used, sizeof diag - used, "%s\n", b.data);
  vtc_strbuf_free(&b);
}

/* The kernel's source, read from the tree (found from this file's path). */
static char *read_gemm(size_t *len) {
  char path[4096];
  snprintf(path, sizeof path, "%s", __FILE__);
  char *cut = strstr(path, "test/unit/test_gir_gemm.c");
  if (!cut) return NULL;
  snprintf(cut, sizeof path - (size_t)(cut - path), "test/Lowering/gir-to-llvm/gpu-mma-gemm.mlir");
  return vtc_read_file(path, len);
}

/* text with the first `from` replaced by `to` (heap). */
static char *replace(const char *text, const char *from, const char *to) {
  const char *at = strstr(text, from);
  if (!at) return NULL;
  size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
  char *s = malloc(n);
  snprintf(s, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  return s;
}

static unsigned long long rng = 88172645463325252ull;
static double rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}

/* A and B, uniform in [-1, 1) rounded to f16. */
static void make_inputs(int64_t m, int64_t n, int64_t k, vtc_tensor in[2]) {
  int64_t da[2] = {m, k}, db[2] = {k, n};
  vtc_tensor_create(&in[0], VTC_F16, 2, da, NULL, 0);
  vtc_tensor_create(&in[1], VTC_F16, 2, db, NULL, 0);
  for (int i = 0; i < 2; i++)
    for (int64_t e = 0; e < vtc_tensor_numel(&in[i]); e++) vtc_tensor_set_f64(&in[i], e, 2 * rnd() - 1);
}

/* Every element of C within f16 rounding (and summation order) of the
 * exact product of the f16 inputs. */
static bool check_product(const vtc_tensor in[2], const vtc_tensor *c, const char *what) {
  int64_t m = in[0].dims[0], k = in[0].dims[1], n = in[1].dims[1];
  if (c->dtype != VTC_F16 || c->rank != 2 || c->dims[0] != m || c->dims[1] != n) {
    fprintf(stderr, "%s: result has the wrong type or shape\n", what);
    return false;
  }
  int64_t bad = 0;
  double worst = 0;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double ref = 0;
      for (int64_t p = 0; p < k; p++) ref += vtc_tensor_get_f64(&in[0], i * k + p) * vtc_tensor_get_f64(&in[1], p * n + j);
      double got = vtc_tensor_get_f64(c, i * n + j), err = fabs(got - ref);
      if (!(err <= 1e-3 * fabs(ref) + 1e-3 * sqrt((double)k))) bad++;
      if (err > worst || isnan(got)) worst = isnan(got) ? INFINITY : err;
    }
  if (bad) fprintf(stderr, "%s: %lld of %lld elements wrong (worst error %g)\n", what, (long long)bad,
                   (long long)(m * n), worst);
  return bad == 0;
}

static const int64_t kShapes[][3] = {
    /* M, N, K: tails in every dimension; one, several and more k-tiles than stages */
    {37, 40, 24}, {1, 8, 8}, {128, 128, 32}, {130, 136, 200}, {129, 264, 96}, {5, 8, 520},
};

static vtc_op *parse(vtc_context *ctx, const char *text) {
  vtc_op *m = vtc_parse_source(ctx, "gpu-mma-gemm.mlir", text, strlen(text), 0);
  return m && vtc_verify(m) ? m : NULL;
}

static void test_interpreter(void) {
  size_t len;
  char *text = read_gemm(&len);
  CHECK(text != NULL);
  if (!text) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = parse(ctx, text);
  CHECK(m != NULL);
  vtc_op *f = m ? vtc_symbol_table_lookup(m, "main") : NULL;
  for (size_t s = 0; f && s < sizeof kShapes / sizeof *kShapes; s++) {
    vtc_tensor in[2], *out = NULL;
    unsigned n = 0;
    make_inputs(kShapes[s][0], kShapes[s][1], kShapes[s][2], in);
    diag[0] = 0;
    bool ok = vtc_gir_interpret(f, 2, in, &out, &n);
    if (!ok) fprintf(stderr, "%s", diag);
    char what[64];
    snprintf(what, sizeof what, "interpreter %lldx%lldx%lld", (long long)kShapes[s][0], (long long)kShapes[s][1],
             (long long)kShapes[s][2]);
    CHECK(ok && n == 1 && check_product(in, &out[0], what));
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
}

/* The kernel with one edit must fail in the interpreter with `error`. */
static void expect_failure(const char *text, const char *from, const char *to, int64_t k, const char *error) {
  char *edited = from ? replace(text, from, to) : strdup(text);
  CHECK(edited != NULL);
  if (!edited) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = parse(ctx, edited);
  CHECK(m != NULL);
  if (m) {
    vtc_tensor in[2], *out = NULL;
    unsigned n = 0;
    make_inputs(70, 136, k, in);
    diag[0] = 0;
    CHECK(!vtc_gir_interpret(vtc_symbol_table_lookup(m, "main"), 2, in, &out, &n));
    CHECK(strstr(diag, error) != NULL);
    if (!strstr(diag, error)) fprintf(stderr, "expected '%s' in:\n%s", error, diag);
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
    vtc_op_destroy(m);
  }
  vtc_context_destroy(ctx);
  free(edited);
}

static void test_broken_pipelines(void) {
  size_t len;
  char *text = read_gemm(&len);
  if (!text) return;
  static const char kWait[] = "    gir.async_wait 2\n";
  static const char kSync[] = "    gir.sync block %As, %Bs : !gir.buffer<shared, 4x128x40xf16>, "
                              "!gir.buffer<shared, 4x32x136xf16>\n";
  expect_failure(text, kWait, "", 96,
                 "reads element 0 of a shared buffer while an asynchronous copy into it is in flight (a "
                 "gir.async_wait is missing)");
  expect_failure(text, kWait, "    gir.async_wait 3\n", 96, "while an asynchronous copy into it is in flight");
  expect_failure(text, kSync, "", 96,
                 "unit 0 of group 0 reads element 1280 of a shared buffer that no unit has written yet (when another "
                 "unit writes it later, a gir.sync block is missing)");
  /* The sync after the next stage's copies start: they overwrite the stage other warps read before it. */
  char *late = replace(text, kSync, "");
  char *late_sync = late ? replace(late, "    // Two k-steps of 16", "    gir.sync block %As, %Bs : "
                                   "!gir.buffer<shared, 4x128x40xf16>, !gir.buffer<shared, 4x32x136xf16>\n"
                                   "    // Two k-steps of 16") : NULL;
  CHECK(late_sync != NULL);
  if (late_sync)
    expect_failure(late_sync, NULL, NULL, 160,
                   "unit 1 of group 0 reads element 0 of a shared buffer while unit 0's asynchronous copy into it is "
                   "in flight (a gir.sync block after its gir.async_wait is missing)");
  free(late);
  free(late_sync);
  expect_failure(text, NULL, NULL, 20, "error: gemm: K = 20 is not a multiple of 8 (cp.async moves 16-byte rows)");
  free(text);
}

/* ---- on a GPU ------------------------------------------------------------------------ */

static const int64_t kGpuShapes[][3] = {
    {37, 40, 24}, {1, 8, 8}, {130, 136, 200}, {517, 392, 264}, {1024, 1024, 1024}, {2048, 768, 2304},
};

static void test_gpu(void) {
  char *err = NULL;
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    printf("SKIP: no CUDA GPU (%s)\n", err ? err : "?");
    free(err);
    return;
  }
  size_t len;
  char *text = read_gemm(&len);
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = text ? parse(ctx, text) : NULL;
  vtc_cuda_program *p = m ? vtc_cuda_program_create(m, "main", NULL, cu, &err) : NULL;
  CHECK(p != NULL);
  if (!p) fprintf(stderr, "%s%s\n", diag, err ? err : "");
  free(err);
  err = NULL;
  char *plan = p ? vtc_cuda_program_plan_text(p) : NULL;
  CHECK(plan && strstr(plan, "launch @gemm") && strstr(plan, " shared 75776"));
  free(plan);
  for (size_t s = 0; p && s < sizeof kGpuShapes / sizeof *kGpuShapes; s++) {
    vtc_tensor in[2], *out = NULL;
    make_inputs(kGpuShapes[s][0], kGpuShapes[s][1], kGpuShapes[s][2], in);
    bool ok = vtc_cuda_program_run(p, cu, in, 2, &out, NULL, &err) == 0;
    if (!ok) fprintf(stderr, "%s\n", err ? err : "?");
    free(err);
    err = NULL;
    char what[64];
    snprintf(what, sizeof what, "GPU %lldx%lldx%lld", (long long)kGpuShapes[s][0], (long long)kGpuShapes[s][1],
             (long long)kGpuShapes[s][2]);
    CHECK(ok && check_product(in, &out[0], what));
    vtc_tensor_free_array(out, ok ? 1 : 0);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  vtc_cuda_program_destroy(p);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
  vtc_cuda_close(cu);
}

int main(void) {
  UNIT_RUN(test_interpreter);
  UNIT_RUN(test_broken_pipelines);
  UNIT_RUN(test_gpu);
  return UNIT_RESULT();
}
