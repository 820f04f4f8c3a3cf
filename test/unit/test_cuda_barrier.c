/* Device barriers and atomics on the CUDA target (issue 15 item 7): the
 * host plan lists each launch's barriers and phases, the PTX holds the grid
 * barrier; on a GPU, 10^5 grid barriers with every SM busy, a grid too
 * large for one wave taking the phase-split fallback (its result checked
 * against C, and the cooperative launch of a small grid), a kernel that
 * cannot be split refused with a message, and gir.atomic add/max/min from
 * many blocks. Without a GPU the GPU part prints "SKIP: no CUDA GPU (...)"
 * and passes. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

static const char kModule[] =
    "module {\n"
    /* 2 x 50000 barriers; s[u] ends as s0[(u + R) mod n] + R. */
    "  gir.kernel @rot(%s: !gir.buffer<global, ?xi32>) parallel gpu group 1 lanes 32 {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %rounds = arith.constant 50000 : index\n"
    "    %one = arith.constant 1 : i32\n"
    "    %u = gir.id unit\n"
    "    %n = gir.count unit\n"
    "    %u1 = arith.addi %u, %c1 : index\n"
    "    %nb = arith.remsi %u1, %n : index\n"
    "    %mine = gir.view %s[%u] : !gir.buffer<global, ?xi32> -> !gir.slice<global, 1x1xi32>\n"
    "    gir.for %i = %c0 to %rounds step %c1 {\n"
    "      %nv = gir.view %s[%nb] : !gir.buffer<global, ?xi32> -> !gir.slice<global, 1x1xi32>\n"
    "      %x = gir.copy %nv : !gir.slice<global, 1x1xi32> -> !gir.slice<register, 1x1xi32>\n"
    "      gir.sync device\n"
    "      %x1 = gir.elementwise(%x, %one) : (!gir.slice<register, 1x1xi32>, i32) -> !gir.slice<register, 1x1xi32> {\n"
    "      ^bb0(%a: i32, %b: i32):\n"
    "        %c = arith.addi %a, %b : i32\n"
    "        gir.yield %c : i32\n"
    "      }\n"
    "      gir.copy %x1 to %mine : !gir.slice<register, 1x1xi32> -> !gir.slice<global, 1x1xi32>\n"
    "      gir.sync device\n"
    "    }\n"
    "  }\n"
    /* Phase 0: p[g] = 2 x[g]; barrier; phase 1: y[g] = p[(g + 1) mod n] + 1. */
    "  gir.kernel @neighbour(%x: !gir.buffer<global, ?xf32>, %p: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>) parallel gpu group 1 lanes 32 {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %two = arith.constant 2.0 : f32\n"
    "    %onef = arith.constant 1.0 : f32\n"
    "    %g = gir.id group\n"
    "    %n = gir.count group\n"
    "    %xv = gir.view %x[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    %xr = gir.copy %xv : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "    %d = gir.elementwise(%xr, %two) : (!gir.slice<register, 1x1xf32>, f32) -> !gir.slice<register, 1x1xf32> {\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %m = arith.mulf %a, %b : f32\n"
    "      gir.yield %m : f32\n"
    "    }\n"
    "    %pv = gir.view %p[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    gir.copy %d to %pv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    gir.sync device\n"
    "    %g1 = arith.addi %g, %c1 : index\n"
    "    %nb = arith.remsi %g1, %n : index\n"
    "    %qv = gir.view %p[%nb] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    %q = gir.copy %qv : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "    %e = gir.elementwise(%q, %onef) : (!gir.slice<register, 1x1xf32>, f32) -> !gir.slice<register, 1x1xf32> {\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %s = arith.addf %a, %b : f32\n"
    "      gir.yield %s : f32\n"
    "    }\n"
    "    %yv = gir.view %y[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    gir.copy %e to %yv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  }\n"
    /* Atomics from every block: bin sums of x, max and min of x. */
    "  gir.kernel @stats(%x: !gir.buffer<global, ?xf32>, %s: !gir.buffer<global, 3xf32>) parallel gpu group 1 lanes 32 {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %c2 = arith.constant 2 : index\n"
    "    %g = gir.id group\n"
    "    %xv = gir.view %x[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    %xr = gir.copy %xv : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "    %v = gir.extract %xr[0, 0] : !gir.slice<register, 1x1xf32>\n"
    "    %s0 = gir.view %s[%c0] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    %s1 = gir.view %s[%c1] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    %s2 = gir.view %s[%c2] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    gir.atomic add %s0, %v : !gir.slice<global, 1x1xf32>, f32\n"
    "    gir.atomic max %s1, %v : !gir.slice<global, 1x1xf32>, f32\n"
    "    gir.atomic min %s2, %v : !gir.slice<global, 1x1xf32>, f32\n"
    "  }\n"
    "  func.func @stress(%s: !gir.buffer<global, ?xi32>) -> !gir.buffer<global, ?xi32> {\n"
    "    %n = gir.dim %s, 0 : !gir.buffer<global, ?xi32>\n"
    "    gir.launch @rot[%n](%s) : (!gir.buffer<global, ?xi32>)\n"
    "    return %s : !gir.buffer<global, ?xi32>\n"
    "  }\n"
    "  func.func @split(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %p = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    %y = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @neighbour[%n](%x, %p, %y) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>)\n"
    "    gir.free %p : !gir.buffer<global, ?xf32>\n"
    "    return %y : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @atomics(%x: !gir.buffer<global, ?xf32>, %s: !gir.buffer<global, 3xf32>) -> !gir.buffer<global, 3xf32> {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @stats[%n](%x, %s) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, 3xf32>)\n"
    "    return %s : !gir.buffer<global, 3xf32>\n"
    "  }\n"
    "}\n";

static vtc_strbuf diag_text;
static void collect_diag(const vtc_diagnostic *d, void *data) { vtc_diag_format(d, false, &diag_text); }

static vtc_cuda_program *compile(const char *entry, const vtc_cuda *cu) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *module = vtc_parse_source(ctx, "test.mlir", kModule, strlen(kModule), 0);
  bool ok = module && vtc_verify(module);
  CHECK(ok);
  vtc_cuda_program *prog = NULL;
  if (ok) {
    char *err = NULL;
    prog = vtc_cuda_program_create(module, entry, NULL, cu, &err);
    if (!prog) fprintf(stderr, "@%s: %s\n%s", entry, err ? err : "?", diag_text.data ? diag_text.data : "");
    free(err);
  } else {
    fprintf(stderr, "%s", diag_text.data ? diag_text.data : "");
  }
  if (module) vtc_op_destroy(module);
  vtc_context_destroy(ctx);
  return prog;
}

/* ---- the compile step ---------------------------------------------------------- */

static void test_plans(void) {
  vtc_cuda_program *p = compile("split", NULL);
  CHECK(p != NULL);
  if (p) {
    char *plan = vtc_cuda_program_plan_text(p);
    CHECK(plan && strstr(plan, "launch @neighbour[%1] block 32 (ptr %0, dim %0[0], ptr %2 written, dim %2[0], ptr %3 "
                               "written, dim %3[0]) device barriers 1 phases 2\n"));
    if (plan && !strstr(plan, "phases 2")) fprintf(stderr, "%s", plan);
    free(plan);
    const char *ptx = vtc_cuda_program_ptx(p);
    CHECK(ptx && strstr(ptx, "atom.acq_rel.gpu.add.u32"));
    CHECK(ptx && strstr(ptx, "ld.acquire.gpu.u32"));
    CHECK(ptx && strstr(ptx, "st.release.gpu.u32"));
    vtc_cuda_program_destroy(p);
  }
  p = compile("stress", NULL);
  CHECK(p != NULL);
  if (p) { /* barriers in a loop: no split */
    char *plan = vtc_cuda_program_plan_text(p);
    CHECK(plan && strstr(plan, "device barriers 2 phases 0\n"));
    free(plan);
    vtc_cuda_program_destroy(p);
  }
}

/* ---- on a GPU -------------------------------------------------------------------- */

static int run(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *in, unsigned n, vtc_tensor **out,
               vtc_cuda_run_stats *st, char **err) {
  int rc = vtc_cuda_program_run(p, cu, in, n, out, st, err);
  return rc;
}

/* 10^5 barriers among blocks that fill every SM (16 per SM, well inside
 * the occupancy of a 32-thread kernel). */
static void gpu_stress(vtc_cuda *cu) {
  vtc_cuda_program *p = compile("stress", cu);
  CHECK(p != NULL);
  if (!p) return;
  int64_t n = (int64_t)vtc_cuda_device(cu)->num_sms * 16;
  vtc_tensor s = {0}, *out = NULL;
  vtc_tensor_create(&s, VTC_I32, 1, &n, NULL, 0);
  for (int64_t i = 0; i < n; i++) ((int32_t *)s.data)[i] = (int32_t)(i * 7 % 1000);
  char *err = NULL;
  vtc_cuda_run_stats st;
  CHECK_EQ_INT(run(p, cu, &s, 1, &out, &st, &err), 0);
  if (err) fprintf(stderr, "stress: %s\n", err);
  free(err);
  if (out) {
    int64_t bad = 0;
    for (int64_t u = 0; u < n; u++)
      bad += ((int32_t *)out[0].data)[u] != (int32_t)(((u + 50000) % n) * 7 % 1000 + 50000);
    CHECK_EQ_INT(bad, 0);
    printf("  %lld blocks, 100000 grid barriers: %.1f ms (%.2f us per barrier)\n", (long long)n, st.device_ms,
           st.device_ms * 1e3 / 1e5);
    vtc_tensor_free_array(out, 1);
  }
  vtc_tensor_free(&s);
  vtc_cuda_program_destroy(p);
}

/* The same kernel on a small grid (cooperative, 1 launch) and on a grid
 * far beyond one wave (the fallback: 2 launches). */
static void gpu_split(vtc_cuda *cu) {
  vtc_cuda_program *p = compile("split", cu);
  CHECK(p != NULL);
  if (!p) return;
  static const int64_t sizes[] = {64, 1 << 20};
  static const int64_t launches[] = {1, 2};
  for (int k = 0; k < 2; k++) {
    int64_t n = sizes[k];
    vtc_tensor x = {0}, *out = NULL;
    vtc_tensor_create(&x, VTC_F32, 1, &n, NULL, 0);
    for (int64_t i = 0; i < n; i++) ((float *)x.data)[i] = (float)(i % 977) - 400.0f;
    char *err = NULL;
    vtc_cuda_run_stats st;
    CHECK_EQ_INT(run(p, cu, &x, 1, &out, &st, &err), 0);
    if (err) fprintf(stderr, "split: %s\n", err);
    free(err);
    CHECK_EQ_INT(st.num_launches, launches[k]);
    if (out) {
      int64_t bad = 0;
      for (int64_t g = 0; g < n; g++)
        bad += ((float *)out[0].data)[g] != 2.0f * ((float)((g + 1) % n % 977) - 400.0f) + 1.0f;
      CHECK_EQ_INT(bad, 0);
      vtc_tensor_free_array(out, 1);
    }
    vtc_tensor_free(&x);
  }
  vtc_cuda_program_destroy(p);
}

/* A kernel that cannot be split, on a grid beyond one wave: an error. */
static void gpu_unsplittable(vtc_cuda *cu) {
  vtc_cuda_program *p = compile("stress", cu);
  CHECK(p != NULL);
  if (!p) return;
  int64_t n = 1 << 22;
  vtc_tensor s = {0};
  vtc_tensor_create(&s, VTC_I32, 1, &n, NULL, 0);
  char *err = NULL;
  CHECK(run(p, cu, &s, 1, NULL, NULL, &err) != 0);
  CHECK(err && strstr(err, "its device barriers need every block resident at once"));
  CHECK(err && strstr(err, "a device barrier inside a gir.for"));
  free(err);
  vtc_tensor_free(&s);
  vtc_cuda_program_destroy(p);
}

/* Sum, max and min over 100000 blocks, with negative values; a NaN in x
 * makes the max and the min NaN. */
static void gpu_atomics(vtc_cuda *cu) {
  vtc_cuda_program *p = compile("atomics", cu);
  CHECK(p != NULL);
  if (!p) return;
  for (int with_nan = 0; with_nan < 2; with_nan++) {
    int64_t n = 100000, three = 3;
    vtc_tensor in[2] = {{0}, {0}}, *out = NULL;
    vtc_tensor_create(&in[0], VTC_F32, 1, &n, NULL, 0);
    vtc_tensor_create(&in[1], VTC_F32, 1, &three, NULL, 0);
    for (int64_t i = 0; i < n; i++) ((float *)in[0].data)[i] = (float)(i % 10) - 7.0f; /* partial sums stay exact */
    if (with_nan) ((float *)in[0].data)[54321] = NAN;
    float init[3] = {0.0f, -INFINITY, INFINITY};
    memcpy(in[1].data, init, sizeof init);
    char *err = NULL;
    CHECK_EQ_INT(run(p, cu, in, 2, &out, NULL, &err), 0);
    if (err) fprintf(stderr, "atomics: %s\n", err);
    free(err);
    if (out) {
      const float *r = out[0].data;
      if (with_nan) {
        CHECK(isnan(r[1]) && isnan(r[2]));
      } else {
        CHECK(r[0] == -250000.0f); /* 10000 x 45 - 7 x 100000 */
        CHECK(r[1] == 2.0f);
        CHECK(r[2] == -7.0f);
      }
      vtc_tensor_free_array(out, 1);
    }
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  vtc_cuda_program_destroy(p);
}

static void test_on_gpu(void) {
  char *err = NULL;
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    printf("SKIP: no CUDA GPU (%s)\n", err ? err : "?");
    free(err);
    return;
  }
  const vtc_cuda_device_info *d = vtc_cuda_device(cu);
  printf("  device: %s, sm_%d%d, %d SMs, cooperative launch %d\n", d->name, d->cc_major, d->cc_minor, d->num_sms,
         d->cooperative_launch);
  gpu_stress(cu);
  gpu_split(cu);
  gpu_unsplittable(cu);
  gpu_atomics(cu);
  vtc_cuda_close(cu);
}

int main(void) {
  UNIT_RUN(test_plans);
  UNIT_RUN(test_on_gpu);
  vtc_strbuf_free(&diag_text);
  return UNIT_RESULT();
}
