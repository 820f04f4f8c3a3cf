/* gir -> LLVM end to end on this CPU: hand-written gir kernels (element-wise
 * with a masked tail, a row reduction with gir.for, a small matmul with
 * gir.mma in a gir.for, a softmax-style kernel with reduce/broadcast/extract)
 * and a host entry point, translated, JIT-compiled with ORC for the host and
 * run on real buffers through the runtime's thread pool; results against C
 * loops. Also the math approximations against libm, and diagnostics for
 * what the CPU translation does not support. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"
#include "lowering/gir-to-llvm/translate_impl.h" /* the GPU register layout */
#include "runtime/jit.h"
#include "runtime/rt_alloc.h"
#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* ---- helpers ------------------------------------------------------------------ */

typedef struct compiled {
  vtc_context *ctx;
  vtc_jit *jit;
} compiled;

/* Parses `text`, translates it and adds it to a new host JIT. */
static bool compile(const char *text, compiled *c, bool fast_math) {
  c->ctx = vtc_context_create();
  vtc_register_all_dialects(c->ctx);
  c->jit = NULL;
  vtc_op *module = vtc_parse_source(c->ctx, "test.mlir", text, strlen(text), 0);
  CHECK(module != NULL);
  if (!module) return false;
  CHECK(vtc_verify(module));
  char *err = NULL;
  c->jit = vtc_jit_create(NULL, &err);
  CHECK(c->jit != NULL);
  if (!c->jit) {
    fprintf(stderr, "%s\n", err);
    free(err);
    vtc_op_destroy(module);
    return false;
  }
  vtc_gir_to_llvm_options o = vtc_gir_to_llvm_default_options();
  o.target = &vtc_target_x86;
  o.cpu = vtc_jit_cpu(c->jit);
  o.features = vtc_jit_features(c->jit);
  o.fast_math_functions = fast_math;
  LLVMModuleRef m = vtc_gir_to_llvm(module, vtc_jit_context(c->jit), "test", &o);
  vtc_op_destroy(module);
  CHECK(m != NULL);
  if (!m) return false;
  int rc = vtc_jit_add_module(c->jit, m, &err);
  CHECK_EQ_INT(rc, 0);
  if (rc) {
    fprintf(stderr, "%s\n", err);
    free(err);
    return false;
  }
  return true;
}

static void *lookup(compiled *c, const char *name) {
  char *err = NULL;
  void *p = c->jit ? vtc_jit_lookup(c->jit, name, &err) : NULL;
  if (!p && err) fprintf(stderr, "%s\n", err);
  free(err);
  CHECK(p != NULL);
  return p;
}

static void release(compiled *c) {
  if (c->jit) vtc_jit_destroy(c->jit);
  vtc_context_destroy(c->ctx);
}

static float frand(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (float)((*s >> 8) & 0xffff) / 32768.0f - 1.0f;
}

static bool close_to(float got, float want, float rtol) {
  return fabsf(got - want) <= rtol * (1.0f + fabsf(want));
}

/* ---- element-wise add with a masked tail, and the host entry ------------------ */

static const char *add_src =
    "gir.kernel @add(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?x?xf32>, %z: !gir.buffer<global, ?x?xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %u = gir.id unit\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %rows = gir.dim %x, 0 : !gir.buffer<global, ?x?xf32>\n"
    "  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>\n"
    "  %tcols = arith.ceildivui %cols, %c16 : index\n"
    "  %ti = arith.divui %u, %tcols : index\n"
    "  %tj = arith.remui %u, %tcols : index\n"
    "  %r0 = arith.muli %ti, %c2 : index\n"
    "  %col0 = arith.muli %tj, %c16 : index\n"
    "  %vr = arith.subi %rows, %r0 : index\n"
    "  %vc = arith.subi %cols, %col0 : index\n"
    "  %rowoff = arith.muli %r0, %cols : index\n"
    "  %off = arith.addi %rowoff, %col0 : index\n"
    "  %a = gir.view %x[%off] stride %cols valid(%vr, %vc) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 2x16xf32, ?>\n"
    "  %b = gir.view %y[%off] stride %cols valid(%vr, %vc) {padding = 7.0 : f32} : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 2x16xf32, ?>\n"
    "  %ra = gir.copy %a : !gir.slice<global, 2x16xf32, ?> -> !gir.slice<register, 2x16xf32>\n"
    "  %rb = gir.copy %b : !gir.slice<global, 2x16xf32, ?> -> !gir.slice<register, 2x16xf32>\n"
    "  %s = gir.elementwise(%ra, %rb) : (!gir.slice<register, 2x16xf32>, !gir.slice<register, 2x16xf32>) -> !gir.slice<register, 2x16xf32> {\n"
    "  ^bb0(%p: f32, %q: f32):\n"
    "    %r = arith.addf %p, %q : f32\n"
    "    gir.yield %r : f32\n"
    "  }\n"
    "  %w = gir.view %z[%off] stride %cols valid(%vr, %vc) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 2x16xf32, ?>\n"
    "  gir.copy %s to %w : !gir.slice<register, 2x16xf32> -> !gir.slice<global, 2x16xf32, ?>\n"
    "}\n"
    "func.func @host(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?x?xf32>) -> (!gir.buffer<global, ?x?xf32>, index) {\n"
    "  %rows = gir.dim %x, 0 : !gir.buffer<global, ?x?xf32>\n"
    "  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>\n"
    "  %z = gir.alloc(%rows, %cols) : !gir.buffer<global, ?x?xf32>\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %gr = arith.ceildivui %rows, %c2 : index\n"
    "  %gc = arith.ceildivui %cols, %c16 : index\n"
    "  %g = arith.muli %gr, %gc : index\n"
    "  gir.launch @add[%g](%x, %y, %z) : (!gir.buffer<global, ?x?xf32>, !gir.buffer<global, ?x?xf32>, !gir.buffer<global, ?x?xf32>)\n"
    "  return %z, %g : !gir.buffer<global, ?x?xf32>, index\n"
    "}\n";

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static void test_elementwise_add(void) {
  compiled c;
  if (!compile(add_src, &c, true)) return release(&c);
  void (*add)(int64_t, float *, int64_t, int64_t, float *, int64_t, int64_t, float *, int64_t, int64_t) =
      lookup(&c, "add");
  void (*host)(float *, int64_t, int64_t, float *, int64_t, int64_t, void *, void *) = lookup(&c, "host");
  int64_t shapes[][2] = {{1, 1}, {1, 15}, {2, 16}, {3, 17}, {5, 31}, {4, 32}, {7, 33}, {33, 1000}, {1, 100003}};
  for (size_t s = 0; add && host && s < sizeof shapes / sizeof *shapes; s++) {
    int64_t rows = shapes[s][0], cols = shapes[s][1], n = rows * cols;
    /* One guard element after the end: masked stores must not touch it. */
    float *x = malloc(sizeof(float) * (size_t)(n + 1)), *y = malloc(sizeof(float) * (size_t)(n + 1));
    float *z = malloc(sizeof(float) * (size_t)(n + 1));
    unsigned seed = 1 + (unsigned)s;
    for (int64_t i = 0; i <= n; i++) x[i] = frand(&seed), y[i] = frand(&seed), z[i] = -99.0f;
    int64_t groups = ceil_div(rows, 2) * ceil_div(cols, 16);
    add(groups, x, rows, cols, y, rows, cols, z, rows, cols);
    int bad = 0;
    for (int64_t i = 0; i < n; i++) bad += z[i] != x[i] + y[i];
    CHECK_EQ_INT(bad, 0);
    CHECK(z[n] == -99.0f);
    /* Through the entry point: the result record {data, dims[2]} and a scalar. */
    struct { float *data; int64_t dims[2]; } rec = {NULL, {-1, -1}};
    int64_t got_groups = -1;
    host(x, rows, cols, y, rows, cols, &rec, &got_groups);
    CHECK(rec.data != NULL);
    CHECK_EQ_INT(rec.dims[0], rows);
    CHECK_EQ_INT(rec.dims[1], cols);
    CHECK_EQ_INT(got_groups, groups);
    bad = 0;
    for (int64_t i = 0; rec.data && i < n; i++) bad += rec.data[i] != x[i] + y[i];
    CHECK_EQ_INT(bad, 0);
    vtc_rt_free(rec.data);
    free(x);
    free(y);
    free(z);
  }
  release(&c);
}

static void test_entry_params(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_op *module = vtc_parse_source(ctx, "t", add_src, strlen(add_src), 0);
  CHECK(module != NULL);
  vtc_op *host = module ? vtc_op_region(module, 0)->first->last : NULL;
  vtc_gir_param p[8];
  int n = host ? vtc_gir_entry_params(host, p, 8) : -1;
  CHECK_EQ_INT(n, 8);
  if (n == 8) {
    CHECK(p[0].kind == VTC_GIR_PARAM_DATA && p[0].arg == 0);
    CHECK(p[1].kind == VTC_GIR_PARAM_DIM && p[1].arg == 0 && p[1].dim == 0);
    CHECK(p[2].kind == VTC_GIR_PARAM_DIM && p[2].arg == 0 && p[2].dim == 1);
    CHECK(p[3].kind == VTC_GIR_PARAM_DATA && p[3].arg == 1);
    CHECK(p[6].kind == VTC_GIR_PARAM_RESULT && p[6].arg == 0);
    CHECK(p[7].kind == VTC_GIR_PARAM_RESULT && p[7].arg == 1);
  }
  if (host) CHECK_EQ_INT(vtc_gir_entry_params(host, NULL, 0), 8);
  if (module) vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

/* ---- a row reduction: gir.for over column blocks, a masked tail --------------- */

static const char *row_sum_src =
    "gir.kernel @row_sum(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %row = gir.id unit\n"
    "  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 1x16xf32>\n"
    "  %base = arith.muli %row, %cols : index\n"
    "  %acc = gir.for %k = %c0 to %cols step %c16 iter_args(%a = %acc0) -> (!gir.slice<register, 1x16xf32>) {\n"
    "    %off = arith.addi %base, %k : index\n"
    "    %rem = arith.subi %cols, %k : index\n"
    "    %v = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x16xf32>\n"
    "    %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>\n"
    "    %s = gir.elementwise(%a, %r) : (!gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {\n"
    "    ^bb0(%p: f32, %q: f32):\n"
    "      %z = arith.addf %p, %q : f32\n"
    "      gir.yield %z : f32\n"
    "    }\n"
    "    gir.yield %s : !gir.slice<register, 1x16xf32>\n"
    "  }\n"
    "  %sum = gir.reduce sum width %acc : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %out = gir.view %y[%row] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "  gir.copy %sum to %out : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "}\n";

static void test_row_reduction(void) {
  compiled c;
  if (!compile(row_sum_src, &c, true)) return release(&c);
  void (*row_sum)(int64_t, float *, int64_t, int64_t, float *, int64_t) = lookup(&c, "row_sum");
  int64_t shapes[][2] = {{1, 1}, {3, 5}, {7, 16}, {64, 33}, {200, 1000}, {5, 0}};
  for (size_t s = 0; row_sum && s < sizeof shapes / sizeof *shapes; s++) {
    int64_t rows = shapes[s][0], cols = shapes[s][1];
    float *x = malloc(sizeof(float) * (size_t)(rows * cols + 1)), *y = malloc(sizeof(float) * (size_t)rows);
    unsigned seed = 7 + (unsigned)s;
    for (int64_t i = 0; i < rows * cols; i++) x[i] = frand(&seed);
    row_sum(rows, x, rows, cols, y, rows);
    int bad = 0;
    for (int64_t r = 0; r < rows; r++) {
      double want = 0;
      for (int64_t k = 0; k < cols; k++) want += x[r * cols + k];
      bad += !close_to(y[r], (float)want, 1e-5f * (float)(cols + 1));
    }
    CHECK_EQ_INT(bad, 0);
    free(x);
    free(y);
  }
  release(&c);
}

/* ---- a small matmul: 4x16 tiles per unit, gir.mma in a gir.for over K ---------- */

static const char *matmul_src =
    "gir.kernel @matmul(%a: !gir.buffer<global, 8x12xf32>, %b: !gir.buffer<global, 12x32xf32>, %c: !gir.buffer<global, 8x32xf32>) parallel cpu group 2 lanes 16 {\n"
    "  %u = gir.id unit\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %c12 = arith.constant 12 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %c32 = arith.constant 32 : index\n"
    "  %c48 = arith.constant 48 : index\n"
    "  %c128 = arith.constant 128 : index\n"
    "  %tm = arith.divui %u, %c2 : index\n"
    "  %tn = arith.remui %u, %c2 : index\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 4x16xf32>\n"
    "  %abase = arith.muli %tm, %c48 : index\n"
    "  %bcol = arith.muli %tn, %c16 : index\n"
    "  %acc = gir.for %k = %c0 to %c12 step %c4 iter_args(%cc = %acc0) -> (!gir.slice<register, 4x16xf32>) {\n"
    "    %ao = arith.addi %abase, %k : index\n"
    "    %av = gir.view %a[%ao] : !gir.buffer<global, 8x12xf32> -> !gir.slice<global, 4x4xf32, 12>\n"
    "    %bk = arith.muli %k, %c32 : index\n"
    "    %bo = arith.addi %bk, %bcol : index\n"
    "    %bv = gir.view %b[%bo] : !gir.buffer<global, 12x32xf32> -> !gir.slice<global, 4x16xf32, 32>\n"
    "    %ar = gir.copy %av : !gir.slice<global, 4x4xf32, 12> -> !gir.slice<register, 4x4xf32>\n"
    "    %br = gir.copy %bv : !gir.slice<global, 4x16xf32, 32> -> !gir.slice<register, 4x16xf32>\n"
    "    %d = gir.mma %ar, %br, %cc : !gir.slice<register, 4x4xf32>, !gir.slice<register, 4x16xf32>, !gir.slice<register, 4x16xf32>\n"
    "    gir.yield %d : !gir.slice<register, 4x16xf32>\n"
    "  }\n"
    "  %cm = arith.muli %tm, %c128 : index\n"
    "  %co = arith.addi %cm, %bcol : index\n"
    "  %cv = gir.view %c[%co] : !gir.buffer<global, 8x32xf32> -> !gir.slice<global, 4x16xf32, 32>\n"
    "  gir.copy %acc to %cv : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32, 32>\n"
    "}\n";

static void test_matmul(void) {
  compiled c;
  if (!compile(matmul_src, &c, true)) return release(&c);
  void (*matmul)(int64_t, float *, float *, float *) = lookup(&c, "matmul");
  if (matmul) {
    float a[8 * 12], b[12 * 32], out[8 * 32];
    unsigned seed = 3;
    for (int i = 0; i < 8 * 12; i++) a[i] = frand(&seed);
    for (int i = 0; i < 12 * 32; i++) b[i] = frand(&seed);
    memset(out, 0, sizeof out);
    matmul(2, a, b, out); /* 2 groups of 2 units: 4 tiles of 4x16 */
    int bad = 0;
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 32; j++) {
        float want = 0;
        for (int k = 0; k < 12; k++) want += a[i * 12 + k] * b[k * 32 + j];
        bad += !close_to(out[i * 32 + j], want, 1e-5f);
      }
    CHECK_EQ_INT(bad, 0);
  }
  release(&c);
}

/* ---- softmax over rows of at most 64: re-patterning, reduce/broadcast, extract -- */

static const char *softmax_src =
    "gir.kernel @softmax(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?x?xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %row = gir.id unit\n"
    "  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %off = arith.muli %row, %cols : index\n"
    "  %v = gir.view %x[%off] valid(%c1, %cols) {padding = 0xFF800000 : f32} : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x64xf32>\n"
    "  %r = gir.copy %v : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>\n"
    "  %t = gir.sync warp %r : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 4x16xf32>\n"
    "  %mx = gir.reduce max width %t : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 4x1xf32>\n"
    "  %m1 = gir.reduce max num %mx : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %b = gir.broadcast %m1 : !gir.slice<register, 1x1xf32> -> !gir.slice<register, 4x16xf32>\n"
    "  %e = gir.elementwise(%t, %b, %cols) : (!gir.slice<register, 4x16xf32>, !gir.slice<register, 4x16xf32>, index) -> !gir.slice<register, 4x16xf32> {\n"
    "  ^bb0(%a: f32, %m: f32, %n: index, %i: index, %j: index):\n"
    "    %c16 = arith.constant 16 : index\n"
    "    %i16 = arith.muli %i, %c16 : index\n"
    "    %k = arith.addi %i16, %j : index\n"
    "    %in = arith.cmpi slt, %k, %n : index\n"
    "    %d = arith.subf %a, %m : f32\n"
    "    %ex = math.exp %d : f32\n"
    "    %zero = arith.constant 0.0 : f32\n"
    "    %s = arith.select %in, %ex, %zero : f32\n"
    "    gir.yield %s : f32\n"
    "  }\n"
    "  %sum = gir.reduce sum width %e : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 4x1xf32>\n"
    "  %s1 = gir.reduce sum num %sum : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 1x1xf32>\n"
    "  %tot = gir.extract %s1[0, 0] : !gir.slice<register, 1x1xf32>\n"
    "  %q = gir.elementwise(%e, %tot) : (!gir.slice<register, 4x16xf32>, f32) -> !gir.slice<register, 4x16xf32> {\n"
    "  ^bb0(%a: f32, %s: f32):\n"
    "    %z = arith.divf %a, %s : f32\n"
    "    gir.yield %z : f32\n"
    "  }\n"
    "  %o = gir.sync warp %q : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 1x64xf32>\n"
    "  %w = gir.view %y[%off] valid(%c1, %cols) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x64xf32>\n"
    "  gir.copy %o to %w : !gir.slice<register, 1x64xf32> -> !gir.slice<global, 1x64xf32>\n"
    "}\n"
    /* prod/min reductions, broadcasts along num and width, on a static 4x16. */
    "gir.kernel @stats(%x: !gir.buffer<global, 4x16xf32>, %y: !gir.buffer<global, 4x16xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %v = gir.view %x[%c0] : !gir.buffer<global, 4x16xf32> -> !gir.slice<global, 4x16xf32>\n"
    "  %r = gir.copy %v : !gir.slice<global, 4x16xf32> -> !gir.slice<register, 4x16xf32>\n"
    "  %p = gir.reduce prod num %r : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 1x16xf32>\n"
    "  %mn = gir.reduce min width %r : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 4x1xf32>\n"
    "  %bp = gir.broadcast num %p : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 4x16xf32>\n"
    "  %bm = gir.broadcast width %mn : !gir.slice<register, 4x1xf32> -> !gir.slice<register, 4x16xf32>\n"
    "  %s = gir.elementwise(%bp, %bm) : (!gir.slice<register, 4x16xf32>, !gir.slice<register, 4x16xf32>) -> !gir.slice<register, 4x16xf32> {\n"
    "  ^bb0(%a: f32, %b: f32):\n"
    "    %z = arith.addf %a, %b : f32\n"
    "    gir.yield %z : f32\n"
    "  }\n"
    "  %w = gir.view %y[%c0] : !gir.buffer<global, 4x16xf32> -> !gir.slice<global, 4x16xf32>\n"
    "  gir.copy %s to %w : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32>\n"
    "}\n"
    /* Integers and i1 buffers (one byte per element), through memory and back. */
    "gir.kernel @ints(%x: !gir.buffer<global, ?xi32>, %m: !gir.buffer<global, ?xi1>, %z: !gir.buffer<global, ?xi32>) parallel cpu group 1 lanes 16 {\n"
    "  %u = gir.id unit\n"
    "  %n = gir.dim %x, 0 : !gir.buffer<global, ?xi32>\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c8 = arith.constant 8 : index\n"
    "  %off = arith.muli %u, %c8 : index\n"
    "  %rem = arith.subi %n, %off : index\n"
    "  %xv = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?xi32> -> !gir.slice<global, 1x8xi32>\n"
    "  %xr = gir.copy %xv : !gir.slice<global, 1x8xi32> -> !gir.slice<register, 1x8xi32>\n"
    "  %pos = gir.elementwise(%xr) : (!gir.slice<register, 1x8xi32>) -> !gir.slice<register, 1x8xi1> {\n"
    "  ^bb0(%a: i32):\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %p = arith.cmpi sgt, %a, %c0 : i32\n"
    "    gir.yield %p : i1\n"
    "  }\n"
    "  %mv = gir.view %m[%off] valid(%c1, %rem) : !gir.buffer<global, ?xi1> -> !gir.slice<global, 1x8xi1>\n"
    "  gir.copy %pos to %mv : !gir.slice<register, 1x8xi1> -> !gir.slice<global, 1x8xi1>\n"
    "  %mr = gir.copy %mv : !gir.slice<global, 1x8xi1> -> !gir.slice<register, 1x8xi1>\n"
    "  %zr = gir.elementwise(%mr, %xr) : (!gir.slice<register, 1x8xi1>, !gir.slice<register, 1x8xi32>) -> !gir.slice<register, 1x8xi32> {\n"
    "  ^bb0(%c: i1, %a: i32):\n"
    "    %c3 = arith.constant 3 : i32\n"
    "    %t = arith.muli %a, %c3 : i32\n"
    "    %d = arith.floordivsi %a, %c3 : i32\n"
    "    %s = arith.select %c, %t, %d : i32\n"
    "    gir.yield %s : i32\n"
    "  }\n"
    "  %zv = gir.view %z[%off] valid(%c1, %rem) : !gir.buffer<global, ?xi32> -> !gir.slice<global, 1x8xi32>\n"
    "  gir.copy %zr to %zv : !gir.slice<register, 1x8xi32> -> !gir.slice<global, 1x8xi32>\n"
    "}\n";

static void test_softmax_and_friends(void) {
  compiled c;
  if (!compile(softmax_src, &c, true)) return release(&c);
  void (*softmax)(int64_t, float *, int64_t, int64_t, float *, int64_t, int64_t) = lookup(&c, "softmax");
  void (*stats)(int64_t, float *, float *) = lookup(&c, "stats");
  void (*ints)(int64_t, int32_t *, int64_t, uint8_t *, int64_t, int32_t *, int64_t) = lookup(&c, "ints");
  int64_t shapes[][2] = {{1, 1}, {3, 17}, {5, 64}, {9, 40}};
  for (size_t s = 0; softmax && s < sizeof shapes / sizeof *shapes; s++) {
    int64_t rows = shapes[s][0], cols = shapes[s][1];
    float *x = malloc(sizeof(float) * (size_t)(rows * cols)), *y = malloc(sizeof(float) * (size_t)(rows * cols + 1));
    unsigned seed = 11 + (unsigned)s;
    for (int64_t i = 0; i < rows * cols; i++) x[i] = 4 * frand(&seed);
    y[rows * cols] = 5.0f;
    softmax(rows, x, rows, cols, y, rows, cols);
    int bad = 0;
    for (int64_t r = 0; r < rows; r++) {
      double m = -INFINITY, sum = 0;
      for (int64_t k = 0; k < cols; k++) m = fmax(m, x[r * cols + k]);
      for (int64_t k = 0; k < cols; k++) sum += exp(x[r * cols + k] - m);
      for (int64_t k = 0; k < cols; k++) bad += !close_to(y[r * cols + k], (float)(exp(x[r * cols + k] - m) / sum), 1e-6f);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(y[rows * cols] == 5.0f);
    free(x);
    free(y);
  }
  if (stats) {
    float x[64], y[64];
    unsigned seed = 5;
    for (int i = 0; i < 64; i++) x[i] = 1 + frand(&seed);
    stats(1, x, y);
    int bad = 0;
    for (int i = 0; i < 4; i++) {
      float mn = x[i * 16];
      for (int j = 1; j < 16; j++) mn = fminf(mn, x[i * 16 + j]);
      for (int j = 0; j < 16; j++) {
        float p = x[j] * x[16 + j] * x[32 + j] * x[48 + j];
        bad += !close_to(y[i * 16 + j], p + mn, 1e-6f);
      }
    }
    CHECK_EQ_INT(bad, 0);
  }
  if (ints) {
    enum { N = 29 };
    int32_t x[N], z[N + 1];
    uint8_t m[N + 1];
    for (int i = 0; i < N; i++) x[i] = (i * 7919) % 23 - 11;
    m[N] = 77;
    z[N] = 77;
    ints((N + 7) / 8, x, N, m, N, z, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
      int32_t q = x[i] / 3 - ((x[i] % 3 != 0) && (x[i] < 0));
      bad += m[i] != (x[i] > 0) || z[i] != (x[i] > 0 ? 3 * x[i] : q);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(m[N] == 77 && z[N] == 77);
  }
  release(&c);
}

/* ---- f16 and bf16: conversions, math on half vectors, mma widening to f32 ------- */

static const char *half_src =
    "gir.kernel @half(%x: !gir.buffer<global, ?xf16>, %y: !gir.buffer<global, ?xbf16>, %z: !gir.buffer<global, ?xf32>, %w: !gir.buffer<global, ?xf16>) parallel cpu group 1 lanes 16 {\n"
    "  %u = gir.id unit\n"
    "  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf16>\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %off = arith.muli %u, %c16 : index\n"
    "  %rem = arith.subi %n, %off : index\n"
    "  %xv = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf16> -> !gir.slice<global, 1x16xf16>\n"
    "  %yv = gir.view %y[%off] valid(%c1, %rem) : !gir.buffer<global, ?xbf16> -> !gir.slice<global, 1x16xbf16>\n"
    "  %xr = gir.copy %xv : !gir.slice<global, 1x16xf16> -> !gir.slice<register, 1x16xf16>\n"
    "  %yr = gir.copy %yv : !gir.slice<global, 1x16xbf16> -> !gir.slice<register, 1x16xbf16>\n"
    "  %s = gir.elementwise(%xr, %yr) : (!gir.slice<register, 1x16xf16>, !gir.slice<register, 1x16xbf16>) -> !gir.slice<register, 1x16xf32> {\n"
    "  ^bb0(%a: f16, %b: bf16):\n"
    "    %a32 = arith.extf %a : f16 to f32\n"
    "    %b32 = arith.extf %b : bf16 to f32\n"
    "    %r = arith.addf %a32, %b32 : f32\n"
    "    gir.yield %r : f32\n"
    "  }\n"
    "  %e = gir.elementwise(%xr) : (!gir.slice<register, 1x16xf16>) -> !gir.slice<register, 1x16xf16> {\n"
    "  ^bb0(%a: f16):\n"
    "    %r = math.exp %a : f16\n"
    "    gir.yield %r : f16\n"
    "  }\n"
    "  %zv = gir.view %z[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>\n"
    "  gir.copy %s to %zv : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>\n"
    "  %wv = gir.view %w[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf16> -> !gir.slice<global, 1x16xf16>\n"
    "  gir.copy %e to %wv : !gir.slice<register, 1x16xf16> -> !gir.slice<global, 1x16xf16>\n"
    "}\n"
    "gir.kernel @hmma(%a: !gir.buffer<global, 2x4xf16>, %b: !gir.buffer<global, 4x8xf16>, %c: !gir.buffer<global, 2x8xf32>) parallel cpu group 1 lanes 16 {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %av = gir.view %a[%c0] : !gir.buffer<global, 2x4xf16> -> !gir.slice<global, 2x4xf16>\n"
    "  %bv = gir.view %b[%c0] : !gir.buffer<global, 4x8xf16> -> !gir.slice<global, 4x8xf16>\n"
    "  %cv = gir.view %c[%c0] : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 2x8xf32>\n"
    "  %ar = gir.copy %av : !gir.slice<global, 2x4xf16> -> !gir.slice<register, 2x4xf16>\n"
    "  %br = gir.copy %bv : !gir.slice<global, 4x8xf16> -> !gir.slice<register, 4x8xf16>\n"
    "  %cr = gir.copy %cv : !gir.slice<global, 2x8xf32> -> !gir.slice<register, 2x8xf32>\n"
    "  %d = gir.mma %ar, %br, %cr : !gir.slice<register, 2x4xf16>, !gir.slice<register, 4x8xf16>, !gir.slice<register, 2x8xf32>\n"
    "  gir.copy %d to %cv : !gir.slice<register, 2x8xf32> -> !gir.slice<global, 2x8xf32>\n"
    "}\n"
    /* bf16 arithmetic and reductions (computed in f32, rounded to nearest even). */
    "gir.kernel @bfops(%x: !gir.buffer<global, 16xbf16>, %y: !gir.buffer<global, 16xbf16>, %s: !gir.buffer<global, 1xbf16>) parallel cpu group 1 lanes 16 {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %xv = gir.view %x[%c0] : !gir.buffer<global, 16xbf16> -> !gir.slice<global, 1x16xbf16>\n"
    "  %xr = gir.copy %xv : !gir.slice<global, 1x16xbf16> -> !gir.slice<register, 1x16xbf16>\n"
    "  %r = gir.elementwise(%xr) : (!gir.slice<register, 1x16xbf16>) -> !gir.slice<register, 1x16xbf16> {\n"
    "  ^bb0(%a: bf16):\n"
    "    %k = arith.constant 1.5 : bf16\n"
    "    %m = arith.mulf %a, %k : bf16\n"
    "    %p = arith.addf %m, %a : bf16\n"
    "    gir.yield %p : bf16\n"
    "  }\n"
    "  %yv = gir.view %y[%c0] : !gir.buffer<global, 16xbf16> -> !gir.slice<global, 1x16xbf16>\n"
    "  gir.copy %r to %yv : !gir.slice<register, 1x16xbf16> -> !gir.slice<global, 1x16xbf16>\n"
    "  %sum = gir.reduce sum width %xr : !gir.slice<register, 1x16xbf16> -> !gir.slice<register, 1x1xbf16>\n"
    "  %sv = gir.view %s[%c0] : !gir.buffer<global, 1xbf16> -> !gir.slice<global, 1x1xbf16>\n"
    "  gir.copy %sum to %sv : !gir.slice<register, 1x1xbf16> -> !gir.slice<global, 1x1xbf16>\n"
    "}\n";

static void test_half_types(void) {
  compiled c;
  if (!compile(half_src, &c, true)) return release(&c);
  void (*half)(int64_t, uint16_t *, int64_t, uint16_t *, int64_t, float *, int64_t, uint16_t *, int64_t) =
      lookup(&c, "half");
  void (*hmma)(int64_t, uint16_t *, uint16_t *, float *) = lookup(&c, "hmma");
  if (half) {
    enum { N = 21 };
    uint16_t x[N], y[N], w[N + 1];
    float z[N + 1];
    for (int i = 0; i < N; i++) x[i] = vtc_f16_from_double(0.25 * i - 2), y[i] = vtc_bf16_from_double(1.5 - 0.125 * i);
    z[N] = 9;
    w[N] = 9;
    half(2, x, N, y, N, z, N, w, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
      bad += z[i] != (float)(vtc_f16_to_double(x[i]) + vtc_bf16_to_double(y[i]));
      double e = exp(vtc_f16_to_double(x[i]));
      bad += fabs(vtc_f16_to_double(w[i]) - e) > 1e-3 * e;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(z[N] == 9 && w[N] == 9);
  }
  void (*bfops)(int64_t, uint16_t *, uint16_t *, uint16_t *) = lookup(&c, "bfops");
  if (bfops) {
    uint16_t x[16], y[16], sum = 0;
    double want_sum = 0;
    for (int i = 0; i < 16; i++) x[i] = vtc_bf16_from_double(0.3 * i - 2.1), want_sum += vtc_bf16_to_double(x[i]);
    bfops(1, x, y, &sum);
    int bad = 0;
    for (int i = 0; i < 16; i++) {
      float xf = (float)vtc_bf16_to_double(x[i]);
      float m = (float)vtc_bf16_to_double(vtc_bf16_from_double(xf * 1.5f));
      bad += y[i] != vtc_bf16_from_double(m + xf);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(fabs(vtc_bf16_to_double(sum) - want_sum) <= 0.01 * fabs(want_sum) + 0.01);
  }
  if (hmma) {
    uint16_t a[8], b[32];
    float cm[16], want[16];
    for (int i = 0; i < 8; i++) a[i] = vtc_f16_from_double(0.5 * i - 1);
    for (int i = 0; i < 32; i++) b[i] = vtc_f16_from_double(0.25 * (i % 7) - 0.5);
    for (int i = 0; i < 16; i++) cm[i] = want[i] = (float)i;
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 8; j++)
        for (int k = 0; k < 4; k++)
          want[i * 8 + j] += (float)(vtc_f16_to_double(a[i * 4 + k]) * vtc_f16_to_double(b[k * 8 + j]));
    hmma(1, a, b, cm);
    int bad = 0;
    for (int i = 0; i < 16; i++) bad += !close_to(cm[i], want[i], 1e-6f);
    CHECK_EQ_INT(bad, 0);
  }
  release(&c);
}

/* ---- math functions: the f32 approximations (and the precise path) vs libm ----- */

/* y[i] = OP(x[i]) over 1x16 tiles with a masked tail. */
static char *map_kernel(const char *op, const char *type) {
  static const char *fmt =
      "gir.kernel @map(%%x: !gir.buffer<global, ?x%s>, %%y: !gir.buffer<global, ?x%s>) parallel cpu group 1 lanes 16 {\n"
      "  %%u = gir.id unit\n"
      "  %%n = gir.dim %%x, 0 : !gir.buffer<global, ?x%s>\n"
      "  %%c1 = arith.constant 1 : index\n"
      "  %%c16 = arith.constant 16 : index\n"
      "  %%off = arith.muli %%u, %%c16 : index\n"
      "  %%rem = arith.subi %%n, %%off : index\n"
      "  %%v = gir.view %%x[%%off] valid(%%c1, %%rem) : !gir.buffer<global, ?x%s> -> !gir.slice<global, 1x16x%s>\n"
      "  %%r = gir.copy %%v : !gir.slice<global, 1x16x%s> -> !gir.slice<register, 1x16x%s>\n"
      "  %%z = gir.elementwise(%%r) : (!gir.slice<register, 1x16x%s>) -> !gir.slice<register, 1x16x%s> {\n"
      "  ^bb0(%%a: %s):\n"
      "    %%m = %s %%a : %s\n"
      "    gir.yield %%m : %s\n"
      "  }\n"
      "  %%w = gir.view %%y[%%off] valid(%%c1, %%rem) : !gir.buffer<global, ?x%s> -> !gir.slice<global, 1x16x%s>\n"
      "  gir.copy %%z to %%w : !gir.slice<register, 1x16x%s> -> !gir.slice<global, 1x16x%s>\n"
      "}\n";
  size_t n = strlen(fmt) + 20 * strlen(type) + strlen(op) + 1;
  char *s = malloc(n);
  snprintf(s, n, fmt, type, type, type, type, type, type, type, type, type, type, op, type, type, type, type, type,
           type);
  return s;
}

static double sigmoid_ref(double x) { return 1.0 / (1.0 + exp(-x)); }
static double rsqrt_ref(double x) { return 1.0 / sqrt(x); }

typedef struct math_case {
  const char *op;
  double (*ref)(double);
  double lo, hi; /* input range of the sweep */
  double rtol, atol;
} math_case;

static void test_math_functions(void) {
  static const math_case cases[] = {
      {"math.exp", exp, -110, 95, 3e-7, 1e-37},    {"math.tanh", tanh, -12, 12, 3e-7, 1e-30},
      {"math.erf", erf, -5, 5, 3e-7, 1.2e-7},      {"math.sigmoid", sigmoid_ref, -40, 40, 1e-6, 1e-30},
      {"math.log", log, 1e-30, 1e30, 3e-7, 1e-30}, {"math.sqrt", sqrt, 0, 1e6, 2e-7, 0},
      {"math.rsqrt", rsqrt_ref, 1e-6, 1e6, 3e-7, 0}, {"math.absf", fabs, -3, 3, 0, 0},
  };
  enum { N = 4099 };
  static float x[N + 8], y[N + 8];
  for (int fast = 1; fast >= 0; fast--) {
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
      const math_case *mc = &cases[k];
      char *src = map_kernel(mc->op, "f32");
      compiled c;
      bool ok = compile(src, &c, fast);
      free(src);
      void (*map)(int64_t, float *, int64_t, float *, int64_t) = ok ? lookup(&c, "map") : NULL;
      if (!map) {
        release(&c);
        continue;
      }
      int64_t n = 0;
      for (; n < N - 16; n++) x[n] = (float)(mc->lo + (mc->hi - mc->lo) * (double)n / (N - 17));
      /* Small values (relative accuracy near 0) and specials. */
      const float extra[] = {0.0f, -0.0f, 1e-4f, -3e-6f, 0.62f, 0.63f, -0.99f, 1.01f, 3.9f, 88.7f, -87.4f};
      for (size_t e = 0; e < sizeof extra / sizeof *extra; e++)
        if (extra[e] >= mc->lo && extra[e] <= mc->hi) x[n++] = extra[e];
      x[n++] = NAN;
      y[n] = 12345.0f; /* guard */
      map((n + 15) / 16, x, n, y, n);
      int bad = 0;
      for (int64_t i = 0; i < n; i++) {
        double want = mc->ref((double)x[i]);
        bool good = isnan(want) ? isnan(y[i])
                    : isinf(want) ? y[i] == (float)want || (fabs(want) > 3.4e38 && isinf(y[i]))
                                  : fabs((double)y[i] - want) <= mc->rtol * fabs(want) + mc->atol ||
                                        (fabs(want) > 3.4e38 && isinf(y[i]));
        if (!good && bad++ < 3)
          fprintf(stderr, "%s (%s): f(%.9g) = %.9g, want %.9g\n", mc->op, fast ? "fast" : "precise", x[i], y[i],
                  want);
      }
      CHECK_EQ_INT(bad, 0);
      CHECK(y[n] == 12345.0f);
      release(&c);
    }
  }
  /* f64 and f16 go through LLVM intrinsics and libm. */
  static const char *const ops64[] = {"math.exp", "math.tanh", "math.erf", "math.log"};
  double (*const refs64[])(double) = {exp, tanh, erf, log};
  for (size_t k = 0; k < 4; k++) {
    char *src = map_kernel(ops64[k], "f64");
    compiled c;
    bool ok = compile(src, &c, true);
    free(src);
    void (*map)(int64_t, double *, int64_t, double *, int64_t) = ok ? lookup(&c, "map") : NULL;
    if (map) {
      double xd[37], yd[37];
      for (int i = 0; i < 37; i++) xd[i] = 0.05 + 0.25 * i;
      map(3, xd, 37, yd, 37);
      int bad = 0;
      for (int i = 0; i < 37; i++) bad += fabs(yd[i] - refs64[k](xd[i])) > 1e-15 * fabs(refs64[k](xd[i]));
      CHECK_EQ_INT(bad, 0);
    }
    release(&c);
  }
}

/* The GPU register layout: (lane, slot) <-> position is a bijection onto
 * [0, 32 n) for every per-lane width n, runs of V adjacent positions
 * (V a power of two <= 4 dividing n), and run k of lane l at (32 k + l) V,
 * so an unmasked segment is one vector access per run. */
static void test_gpu_layout(void) {
  for (unsigned n = 1; n <= 40; n++) {
    unsigned v = g2l_lane_run(n);
    CHECK(v >= 1 && v <= 4 && (v & (v - 1)) == 0 && n % v == 0);
    CHECK(v == 4 || n % (2 * v) != 0);
    unsigned char *seen = calloc(32u * n, 1);
    for (unsigned lane = 0; lane < 32; lane++)
      for (unsigned slot = 0; slot < n; slot++) {
        int64_t j = g2l_layout_position(32, n, lane, slot);
        CHECK(j >= 0 && j < 32 * (int64_t)n);
        if (j < 0 || j >= 32 * (int64_t)n) continue;
        seen[j]++;
        unsigned l2, s2;
        g2l_layout_place(32, n, j, &l2, &s2);
        CHECK_EQ_INT(l2, lane);
        CHECK_EQ_INT(s2, slot);
        CHECK_EQ_INT(j, ((int64_t)(slot / v) * 32 + lane) * v + slot % v);
      }
    for (unsigned j = 0; j < 32 * n; j++) CHECK_EQ_INT(seen[j], 1);
    free(seen);
  }
  /* A 1x128 row (n = 4): lane 3 holds elements 12..15; element 200 of a
   * 1x256 row (n = 8, V = 4) is lane 18's slot 4. */
  CHECK_EQ_INT(g2l_layout_position(32, 4, 3, 0), 12);
  CHECK_EQ_INT(g2l_layout_position(32, 4, 3, 3), 15);
  unsigned lane, slot;
  g2l_layout_place(32, 8, 200, &lane, &slot);
  CHECK_EQ_INT(lane, 18);
  CHECK_EQ_INT(slot, 4);
  g2l_layout_place(32, 3, 70, &lane, &slot); /* n = 3: V = 1, element j in lane j mod 32 */
  CHECK_EQ_INT(lane, 6);
  CHECK_EQ_INT(slot, 2);
}

int main(void) {
  UNIT_RUN(test_gpu_layout);
  UNIT_RUN(test_entry_params);
  UNIT_RUN(test_elementwise_add);
  UNIT_RUN(test_row_reduction);
  UNIT_RUN(test_matmul);
  UNIT_RUN(test_math_functions);
  UNIT_RUN(test_softmax_and_friends);
  UNIT_RUN(test_half_types);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
