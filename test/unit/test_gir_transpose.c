/* gir.transpose end to end: a kernel reads an M x N tile, transposes it in
 * registers and stores the N x M result, through the JIT (the shuffle
 * network of gir-to-llvm, AVX-512 and -avx512f) and the gir interpreter,
 * for square, wide, tall, power-of-two and odd shapes, f32 and i32; every
 * element is checked against the C transpose. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

static char *module_text(int m, int n, const char *elem) {
  char X[64], Y[64], GX[64], GY[64], RX[64], RY[64];
  snprintf(X, sizeof X, "!gir.buffer<global, %dx%dx%s>", m, n, elem);
  snprintf(Y, sizeof Y, "!gir.buffer<global, %dx%dx%s>", n, m, elem);
  snprintf(GX, sizeof GX, "!gir.slice<global, %dx%dx%s>", m, n, elem);
  snprintf(GY, sizeof GY, "!gir.slice<global, %dx%dx%s>", n, m, elem);
  snprintf(RX, sizeof RX, "!gir.slice<register, %dx%dx%s>", m, n, elem);
  snprintf(RY, sizeof RY, "!gir.slice<register, %dx%dx%s>", n, m, elem);
  char *s = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&s, &len);
  fprintf(f, "gir.kernel @t(%%x: %s, %%y: %s) parallel cpu group 1 lanes 16 {\n", X, Y);
  fprintf(f, "  %%c0 = arith.constant 0 : index\n");
  fprintf(f, "  %%vx = gir.view %%x[%%c0] : %s -> %s\n", X, GX);
  fprintf(f, "  %%r = gir.copy %%vx : %s -> %s\n", GX, RX);
  fprintf(f, "  %%t = gir.transpose %%r : %s -> %s\n", RX, RY);
  fprintf(f, "  %%vy = gir.view %%y[%%c0] : %s -> %s\n", Y, GY);
  fprintf(f, "  gir.copy %%t to %%vy : %s -> %s\n}\n", RY, GY);
  fprintf(f, "func.func @f(%%x: %s) -> %s {\n  %%c1 = arith.constant 1 : index\n", X, Y);
  fprintf(f, "  %%y = gir.alloc() : %s\n", Y);
  fprintf(f, "  gir.launch @t[%%c1](%%x, %%y) : (%s, %s)\n  return %%y : %s\n}\n", X, Y, Y);
  fclose(f);
  return s;
}

static void check_shape(int m, int n, bool f32, const char *features) {
  const char *elem = f32 ? "f32" : "i32";
  char *text = module_text(m, n, elem);
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *mod = vtc_parse_source(ctx, "t.mlir", text, strlen(text), 0);
  CHECK(mod != NULL);
  vtc_tensor x;
  int64_t dims[2] = {m, n};
  char err[128];
  CHECK_EQ_INT(vtc_tensor_create(&x, f32 ? VTC_F32 : VTC_I32, 2, dims, err, sizeof err), 0);
  for (int i = 0; i < m * n; i++) {
    if (f32) ((float *)x.data)[i] = (float)i + 0.5f;
    else ((int32_t *)x.data)[i] = 7 * i - 3;
  }
  vtc_cpu_exec_options o = vtc_cpu_exec_default_options();
  o.features = features;
  char *e = NULL;
  vtc_cpu_program *prog = mod ? vtc_cpu_program_create(mod, "f", &o, &e) : NULL;
  CHECK(prog != NULL);
  vtc_tensor *jit = NULL, *interp = NULL;
  unsigned nout = 0;
  if (prog) CHECK_EQ_INT(vtc_cpu_program_run(prog, &x, 1, &jit, NULL, &e), 0);
  if (e) fprintf(stderr, "%dx%d: %s\n", m, n, e);
  free(e);
  vtc_op *host = mod ? vtc_symbol_table_lookup(mod, "f") : NULL;
  CHECK(host && vtc_gir_interpret(host, 1, &x, &interp, &nout));
  int bad = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      size_t src = (size_t)(i * n + j), dst = (size_t)(j * m + i);
      for (int w = 0; w < 2; w++) {
        const vtc_tensor *y = w ? interp : jit;
        if (!y) continue;
        bad += f32 ? ((float *)y->data)[dst] != ((float *)x.data)[src]
                   : ((int32_t *)y->data)[dst] != ((int32_t *)x.data)[src];
      }
    }
  CHECK_EQ_INT(bad, 0);
  if (bad) fprintf(stderr, "  %dx%d %s %s: %d wrong\n", m, n, elem, features ? features : "host", bad);
  if (jit) vtc_tensor_free_array(jit, 1);
  if (interp) vtc_tensor_free_array(interp, nout);
  vtc_tensor_free(&x);
  if (prog) vtc_cpu_program_destroy(prog);
  if (mod) vtc_op_destroy(mod);
  vtc_context_destroy(ctx);
  free(text);
}

static void test_shapes(void) {
  static const int shapes[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 5}, {5, 3}, {6, 8}, {14, 16},
                                  {16, 14}, {16, 16}, {6, 16}, {4, 32}, {17, 3}};
  const char *features[] = {NULL, "-avx512f"};
  for (int f = 0; f < 2; f++) {
    if (f == 1 && !vtc_x86_host_get()->has_avx2) continue;
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
      check_shape(shapes[i][0], shapes[i][1], true, features[f]);
      check_shape(shapes[i][0], shapes[i][1], false, features[f]);
    }
  }
}

int main(void) {
  UNIT_RUN(test_shapes);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
