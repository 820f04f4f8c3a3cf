/* The host gir.switch (dialects/gir/ops_switch.c) on every target: the gir
 * interpreter, the CPU host code (gir-to-llvm + JIT) and the CUDA host plan
 * (its listing always; its run on a GPU, else "SKIP: no CUDA GPU"). One
 * module: the selector is an input's length; each case launches a kernel
 * with its own value and yields an index and a buffer it allocated (one
 * also allocates and frees a scratch buffer); the default yields the
 * selector. The index becomes the length of a result (the CPU entry returns
 * buffers only). The results are compared with what the switch must give. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/gir/interpreter.h"
#include "ir/ir.h"
#include "runtime/cpu_exec.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* %s: hierarchy, %d: lanes (the slice width), twice. */
static const char kTemplate[] =
    "module {\n"
    "  gir.kernel @fill(%%y: !gir.buffer<global, ?xf32>, %%v: f32, %%n: index) parallel %s group 1 lanes %d {\n"
    "    %%cw = arith.constant %d : index\n"
    "    %%c1 = arith.constant 1 : index\n"
    "    %%u = gir.id unit\n"
    "    %%units = gir.count unit\n"
    "    %%nb = arith.ceildivui %%n, %%cw : index\n"
    "    gir.for %%b = %%u to %%nb step %%units {\n"
    "      %%off = arith.muli %%b, %%cw : index\n"
    "      %%rem = arith.subi %%n, %%off : index\n"
    "      %%z = gir.broadcast %%v : f32 -> !gir.slice<register, 1x%dxf32>\n"
    "      %%w = gir.view %%y[%%off] valid(%%c1, %%rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x%dxf32>\n"
    "      gir.copy %%z to %%w : !gir.slice<register, 1x%dxf32> -> !gir.slice<global, 1x%dxf32>\n"
    "    }\n"
    "  }\n"
    "  func.func @main(%%x: !gir.buffer<global, ?xf32>) -> (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, "
    "!gir.buffer<global, ?xf32>) {\n"
    "    %%n = gir.dim %%x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %%c1 = arith.constant 1 : index\n"
    "    %%y = gir.alloc(%%n) : !gir.buffer<global, ?xf32>\n"
    "    %%r:2 = gir.switch %%n -> (index, !gir.buffer<global, ?xf32>)\n"
    "    case 2 {\n"
    "      %%v = arith.constant 2.5 : f32\n"
    "      gir.launch @fill[%%c1](%%y, %%v, %%n) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      %%c = arith.constant 20 : index\n"
    "      %%o = gir.alloc(%%c1) : !gir.buffer<global, ?xf32>\n"
    "      gir.launch @fill[%%c1](%%o, %%v, %%c1) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      gir.yield %%c, %%o : index, !gir.buffer<global, ?xf32>\n"
    "    }\n"
    "    case 3 {\n"
    "      %%t = gir.alloc(%%n) : !gir.buffer<global, ?xf32>\n"
    "      %%v = arith.constant 3.5 : f32\n"
    "      gir.launch @fill[%%c1](%%y, %%v, %%n) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      gir.free %%t : !gir.buffer<global, ?xf32>\n"
    "      %%c = arith.constant 30 : index\n"
    "      %%o = gir.alloc(%%c1) : !gir.buffer<global, ?xf32>\n"
    "      gir.launch @fill[%%c1](%%o, %%v, %%c1) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      gir.yield %%c, %%o : index, !gir.buffer<global, ?xf32>\n"
    "    }\n"
    "    default {\n"
    "      %%v = arith.constant -1.0 : f32\n"
    "      gir.launch @fill[%%c1](%%y, %%v, %%n) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      %%o = gir.alloc(%%n) : !gir.buffer<global, ?xf32>\n"
    "      gir.launch @fill[%%c1](%%o, %%v, %%n) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "      gir.yield %%n, %%o : index, !gir.buffer<global, ?xf32>\n"
    "    }\n"
    "    %%z = gir.alloc(%%r#0) : !gir.buffer<global, ?xf32>\n"
    "    %%seven = arith.constant 7.0 : f32\n"
    "    gir.launch @fill[%%c1](%%z, %%seven, %%r#0) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "    return %%y, %%z, %%r#1 : !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "}\n";

static char *module_text(bool gpu) {
  int w = gpu ? 32 : 8;
  const char *h = gpu ? "gpu" : "cpu";
  size_t n = sizeof kTemplate + 64;
  char *s = malloc(n);
  snprintf(s, n, kTemplate, h, w, w, w, w, w, w);
  return s;
}

static vtc_strbuf diag_text;
static void collect_diag(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_diag_format(d, false, &diag_text);
}

typedef struct parsed {
  vtc_context *ctx;
  vtc_op *module;
  char *text;
} parsed;

static bool parse(parsed *p, bool gpu) {
  p->text = module_text(gpu);
  p->ctx = vtc_context_create();
  vtc_register_all(p->ctx);
  vtc_context_set_diag_handler(p->ctx, collect_diag, NULL);
  p->module = vtc_parse_source(p->ctx, "switch.mlir", p->text, strlen(p->text), 0);
  bool ok = p->module && vtc_verify(p->module);
  CHECK(ok);
  if (!ok) fprintf(stderr, "%s", diag_text.data ? diag_text.data : "");
  return ok;
}

static void release(parsed *p) {
  if (p->module) vtc_op_destroy(p->module);
  vtc_context_destroy(p->ctx);
  free(p->text);
}

static vtc_op *entry(parsed *p) {
  vtc_block *top = vtc_op_region(p->module, 0)->first;
  for (vtc_op *o = top->first; o; o = o->next)
    if (vtc_op_is_named(o, "func.func")) return o;
  return NULL;
}

/* What @main must return for an input of length n. */
typedef struct expected {
  float fill;     /* every element of result 0 */
  int64_t index;  /* the length of result 1 (all 7) */
  int64_t length; /* of result 2 */
  float value;    /* every element of result 2 */
} expected;

static expected expected_for(int64_t n) {
  if (n == 2) return (expected){2.5f, 20, 1, 2.5f};
  if (n == 3) return (expected){3.5f, 30, 1, 3.5f};
  return (expected){-1.0f, n, n, -1.0f};
}

static void check_outputs(const char *where, int64_t n, const vtc_tensor *out, unsigned num) {
  expected e = expected_for(n);
  CHECK_EQ_INT(num, 3);
  if (num != 3) return;
  int bad = 0;
  CHECK_EQ_INT(out[0].dims[0], n);
  for (int64_t i = 0; i < n; i++) bad += ((const float *)out[0].data)[i] != e.fill;
  int64_t idx = out[1].dims[0];
  CHECK_EQ_INT(idx, e.index);
  for (int64_t i = 0; i < idx; i++) bad += ((const float *)out[1].data)[i] != 7.0f;
  CHECK_EQ_INT(out[2].dims[0], e.length);
  for (int64_t i = 0; i < out[2].dims[0]; i++) bad += ((const float *)out[2].data)[i] != e.value;
  CHECK_EQ_INT(bad, 0);
  if (bad || idx != e.index) fprintf(stderr, "%s: n = %lld wrong\n", where, (long long)n);
}

static vtc_tensor input(int64_t n) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_F32, 1, &n, NULL, 0);
  return t;
}

static const int64_t kSizes[] = {2, 3, 5, 0};

static void test_interpreter(void) {
  parsed p;
  if (parse(&p, false)) {
    for (size_t i = 0; i < sizeof kSizes / sizeof *kSizes; i++) {
      vtc_tensor in = input(kSizes[i]), *out = NULL;
      unsigned num = 0;
      bool ok = vtc_gir_interpret(entry(&p), 1, &in, &out, &num);
      CHECK(ok);
      if (!ok) fprintf(stderr, "%s", diag_text.data ? diag_text.data : "");
      if (ok) check_outputs("interpreter", kSizes[i], out, num);
      vtc_tensor_free_array(out, num);
      vtc_tensor_free(&in);
    }
  }
  release(&p);
}

static void test_cpu(void) {
  parsed p;
  if (parse(&p, false)) {
    char *err = NULL;
    vtc_cpu_program *prog = vtc_cpu_program_create(p.module, "main", NULL, &err);
    CHECK(prog != NULL);
    if (!prog) fprintf(stderr, "cpu: %s\n%s", err ? err : "?", diag_text.data ? diag_text.data : "");
    free(err);
    for (size_t i = 0; prog && i < sizeof kSizes / sizeof *kSizes; i++) {
      vtc_tensor in = input(kSizes[i]), *out = NULL;
      int rc = vtc_cpu_program_run(prog, &in, 1, &out, NULL, &err);
      CHECK_EQ_INT(rc, 0);
      if (rc) fprintf(stderr, "cpu run: %s\n", err ? err : "?");
      free(err);
      err = NULL;
      if (!rc) check_outputs("cpu", kSizes[i], out, 3);
      vtc_tensor_free_array(out, rc ? 0 : 3);
      vtc_tensor_free(&in);
    }
    vtc_cpu_program_destroy(prog);
  }
  release(&p);
}

/* The plan: a switch step to each region's first step, COPYs of the yields
 * into the result slots and JUMPs past the default. */
static const char *const kPlanLines[] = {
    "  3:  switch %1 [2: step 4, 3: step 12] default step 22\n",
    "  9:  %4 = copy %7\n  10:  %5 = copy %8\n  11:  jump step 29\n",
    "  19:  %4 = copy %11\n  20:  %5 = copy %12\n  21:  jump step 29\n",
    "  26:  %4 = copy %1\n  27:  %5 = copy %14\n  28:  jump step 29\n  29:  %15 = alloc(%4)",
    "  return %3, %15, %5\n",
};

static void test_cuda_plan(void) {
  parsed p;
  if (!parse(&p, true)) {
    release(&p);
    return;
  }
  char *err = NULL;
  vtc_cuda_program *prog = vtc_cuda_program_create(p.module, "main", NULL, NULL, &err);
  release(&p);
  CHECK(prog != NULL);
  if (!prog) {
    fprintf(stderr, "cuda plan: %s\n%s", err ? err : "?", diag_text.data ? diag_text.data : "");
    free(err);
    return;
  }
  char *plan = vtc_cuda_program_plan_text(prog);
  bool all = true;
  for (size_t i = 0; i < sizeof kPlanLines / sizeof *kPlanLines; i++) {
    bool found = plan && strstr(plan, kPlanLines[i]);
    CHECK(found);
    all &= found;
  }
  if (!all) fprintf(stderr, "%s", plan ? plan : "(no plan)");
  free(plan);
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    printf("SKIP: no CUDA GPU (%s)\n", err ? err : "?");
    free(err);
    vtc_cuda_program_destroy(prog);
    return;
  }
  for (size_t i = 0; i < sizeof kSizes / sizeof *kSizes; i++) {
    vtc_tensor in = input(kSizes[i]), *out = NULL;
    int rc = vtc_cuda_program_run(prog, cu, &in, 1, &out, NULL, &err);
    CHECK_EQ_INT(rc, 0);
    if (rc) fprintf(stderr, "cuda run: %s\n", err ? err : "?");
    free(err);
    err = NULL;
    if (!rc) check_outputs("cuda", kSizes[i], out, 3);
    vtc_tensor_free_array(out, rc ? 0 : 3);
    vtc_tensor_free(&in);
  }
  vtc_cuda_program_destroy(prog);
  vtc_cuda_close(cu);
}

/* A memoised selection (Vortex's model: pure arith on a few host values
 * before the switch moves between MEMO and MEMO_END) whose regions begin
 * with arith: each case must branch to its region's first step. The MEMO
 * and MEMO_END insertion once shifted the case table twice (a stale copy
 * of the switch step), so every case skipped its first two steps. */
static const char kMemoModule[] =
    "module {\n"
    "  gir.kernel @k(%y: !gir.buffer<global, ?xf32>, %n: index) parallel gpu group 1 lanes 32 {\n"
    "  }\n"
    "  func.func @main(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %c3 = arith.constant 3 : index\n"
    "    %c4 = arith.constant 4 : index\n"
    "    %t = arith.muli %n, %c3 : index\n"
    "    %sel = arith.remui %t, %c4 : index\n"
    "    gir.switch %sel\n"
    "    case 0 {\n"
    "      %g0 = arith.ceildivui %n, %c3 : index\n"
    "      gir.launch @k[%g0](%x, %n) : (!gir.buffer<global, ?xf32>, index)\n"
    "    }\n"
    "    case 1 {\n"
    "      %g1 = arith.ceildivui %n, %c4 : index\n"
    "      gir.launch @k[%g1](%x, %n) : (!gir.buffer<global, ?xf32>, index)\n"
    "    }\n"
    "    default {\n"
    "      %g2 = arith.minui %n, %c4 : index\n"
    "      gir.launch @k[%g2](%x, %n) : (!gir.buffer<global, ?xf32>, index)\n"
    "    }\n"
    "    return %x : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "}\n";

/* The plan line of step `step` ("  N:  ..."), or NULL. */
static const char *plan_step_line(const char *plan, long step) {
  char key[32];
  snprintf(key, sizeof key, "\n  %ld:  ", step);
  const char *at = strstr(plan, key);
  return at ? at + 1 : NULL;
}

static void test_cuda_plan_memo(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *m = vtc_parse_source(ctx, "memo.mlir", kMemoModule, strlen(kMemoModule), 0);
  CHECK(m && vtc_verify(m));
  char *err = NULL;
  vtc_cuda_program *prog = m ? vtc_cuda_program_create(m, "main", NULL, NULL, &err) : NULL;
  CHECK(prog != NULL);
  char *plan = prog ? vtc_cuda_program_plan_text(prog) : NULL;
  const char *sw = plan ? strstr(plan, "switch ") : NULL;
  CHECK(plan && strstr(plan, "memo #0") && sw);
  long c0 = -1, c1 = -1, def = -1;
  CHECK(sw && sscanf(sw, "switch %*s [0: step %ld, 1: step %ld] default step %ld", &c0, &c1, &def) == 3);
  const char *firsts[] = {"arith.ceildivui", "arith.ceildivui", "arith.minui"};
  long targets[] = {c0, c1, def};
  for (int i = 0; plan && i < 3; i++) {
    const char *line = plan_step_line(plan, targets[i]), *op = line ? strstr(line, firsts[i]) : NULL;
    bool first = op && op < strchr(line, '\n');
    CHECK(first);
    if (!first) fprintf(stderr, "case %d branches to step %ld, not its region's first step:\n%s", i, targets[i], plan);
  }
  free(plan);
  free(err);
  if (prog) vtc_cuda_program_destroy(prog);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_interpreter);
  UNIT_RUN(test_cpu);
  UNIT_RUN(test_cuda_plan);
  UNIT_RUN(test_cuda_plan_memo);
  vtc_strbuf_free(&diag_text);
  return UNIT_RESULT();
}
