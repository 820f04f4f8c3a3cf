/* Cooperative CPU kernels end to end (gir-to-llvm + JIT + runtime): shared
 * buffers are the group's cache buffer and `gir.sync block` is a barrier
 * among its units, which run at once on a team of threads
 * (runtime/thread_pool.h). Checked on pools of 1, 2, 3 and 8 threads (1:
 * a temporary team per launch) against a C reference of the same
 * arithmetic, so any unit that runs ahead of a barrier or reads another
 * group's buffer shows. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* T rounds of: every unit stores its value into slot u of the group's
 * buffer, block sync, adds slot (u + 1) mod G, block sync. The shared
 * buffer is 4 KiB past a 1 MiB one the kernel never touches (so it is the
 * runtime's heap buffer, not the stack, and offsets are right). */
static const char *const kRotate =
    "gir.kernel @rotate(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>, %rounds: index) "
    "parallel cpu group 4 lanes 16 {\n"
    "  %g = gir.id group\n"
    "  %u = gir.id unit_in_group\n"
    "  %G = gir.count unit_in_group\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %big = gir.alloc() : !gir.buffer<shared, 262144xf32>\n"
    "  %s = gir.alloc() : !gir.buffer<shared, 4xf32>\n"
    "  %base = arith.muli %g, %G : index\n"
    "  %i = arith.addi %base, %u : index\n"
    "  %vx = gir.view %x[%i] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  %x0 = gir.copy %vx : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %u1 = arith.addi %u, %c1 : index\n"
    "  %next = arith.remui %u1, %G : index\n"
    "  %mine = gir.view %s[%u] : !gir.buffer<shared, 4xf32> -> !gir.slice<shared, 1x1xf32>\n"
    "  %theirs = gir.view %s[%next] : !gir.buffer<shared, 4xf32> -> !gir.slice<shared, 1x1xf32>\n"
    "  %r = gir.for %t = %c0 to %rounds step %c1 iter_args(%v = %x0) -> (!gir.slice<register, 1x1xf32>) {\n"
    "    gir.copy %v to %mine : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>\n"
    "    gir.sync block %s : !gir.buffer<shared, 4xf32>\n"
    "    %w = gir.copy %theirs : !gir.slice<shared, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "    gir.sync block %s : !gir.buffer<shared, 4xf32>\n"
    "    %z = gir.elementwise(%v, %w) : (!gir.slice<register, 1x1xf32>, !gir.slice<register, 1x1xf32>) -> "
    "!gir.slice<register, 1x1xf32> {\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %c = arith.addf %a, %b : f32\n"
    "      gir.yield %c : f32\n"
    "    }\n"
    "    gir.yield %z : !gir.slice<register, 1x1xf32>\n"
    "  }\n"
    "  %vy = gir.view %y[%i] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  gir.copy %r to %vy : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "}\n"
    /* One unit per group with a shared buffer: the cooperative path without
     * barriers (y[i] = 2 x[i] through the buffer). */
    "gir.kernel @twice(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %g = gir.id group\n"
    "  %s = gir.alloc() : !gir.buffer<shared, 2x16xf32>\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %vx = gir.view %x[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  %a = gir.copy %vx : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %s1 = gir.view %s[%c16] : !gir.buffer<shared, 2x16xf32> -> !gir.slice<shared, 1x1xf32>\n"
    "  gir.copy %a to %s1 : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>\n"
    "  gir.sync block %s : !gir.buffer<shared, 2x16xf32>\n"
    "  %b = gir.copy %s1 : !gir.slice<shared, 1x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %d = gir.elementwise(%a, %b) : (!gir.slice<register, 1x1xf32>, !gir.slice<register, 1x1xf32>) -> "
    "!gir.slice<register, 1x1xf32> {\n"
    "  ^bb0(%p: f32, %q: f32):\n"
    "    %e = arith.addf %p, %q : f32\n"
    "    gir.yield %e : f32\n"
    "  }\n"
    "  %vy = gir.view %y[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  gir.copy %d to %vy : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "}\n"
    "func.func @f(%x: !gir.buffer<global, ?xf32>) -> (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>) {\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %rounds = arith.constant 37 : index\n"
    "  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "  %y = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "  %z = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "  %g = arith.divui %n, %c4 : index\n"
    "  gir.launch @rotate[%g](%x, %y, %rounds) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)\n"
    "  gir.launch @twice[%n](%x, %z) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>)\n"
    "  return %y, %z : !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>\n"
    "}\n";

enum { ROUNDS = 37, G = 4 };

static void reference(const float *x, int64_t n, float *y) {
  for (int64_t g = 0; g < n / G; g++) {
    float v[G], w[G];
    for (int u = 0; u < G; u++) v[u] = x[g * G + u];
    for (int r = 0; r < ROUNDS; r++) {
      for (int u = 0; u < G; u++) w[u] = v[u] + v[(u + 1) % G];
      memcpy(v, w, sizeof v);
    }
    for (int u = 0; u < G; u++) y[g * G + u] = v[u];
  }
}

static void test_rotate_on_pools(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *m = vtc_parse_source(ctx, "rotate.mlir", kRotate, strlen(kRotate), 0);
  CHECK(m != NULL);
  char *err = NULL;
  vtc_cpu_program *prog = m ? vtc_cpu_program_create(m, "f", NULL, &err) : NULL;
  CHECK(prog != NULL);
  if (err) fprintf(stderr, "%s\n", err);
  free(err);
  int sizes[] = {1, 2, 3, 8};
  int64_t lengths[] = {0, 4, 40, 4 * 33};
  for (size_t s = 0; prog && s < sizeof sizes / sizeof *sizes; s++) {
    vtc_thread_pool *pool = vtc_thread_pool_create(sizes[s]);
    vtc_thread_pool_set_default(pool);
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
      int64_t n = lengths[l];
      vtc_tensor in;
      char e[128];
      CHECK_EQ_INT(vtc_tensor_create(&in, VTC_F32, 1, &n, e, sizeof e), 0);
      float *x = in.data, *want = calloc((size_t)n + 1, sizeof *want);
      for (int64_t i = 0; i < n; i++) x[i] = (float)((i * 7919) % 13) / 8.0f - 0.75f;
      reference(x, n, want);
      vtc_tensor *out = NULL;
      CHECK_EQ_INT(vtc_cpu_program_run(prog, &in, 1, &out, NULL, &err), 0);
      int bad = 0;
      for (int64_t i = 0; out && i < n; i++) {
        bad += ((float *)out[0].data)[i] != want[i];
        bad += ((float *)out[1].data)[i] != 2 * x[i];
      }
      CHECK_EQ_INT(bad, 0);
      if (bad) fprintf(stderr, "  pool %d, n %lld: %d wrong\n", sizes[s], (long long)n, bad);
      if (out) vtc_tensor_free_array(out, 2);
      vtc_tensor_free(&in);
      free(want);
    }
    vtc_thread_pool_set_default(NULL);
    vtc_thread_pool_destroy(pool);
  }
  if (prog) vtc_cpu_program_destroy(prog);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_rotate_on_pools);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
