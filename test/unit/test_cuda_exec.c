/* runtime/cuda_exec: the compile step on hand-written gir modules (two
 * `parallel gpu` kernels; host code with gir.dim, arith, gir.alloc,
 * gir.launch, gir.free, func.call and return): the host plan's listing, the
 * PTX's entries, located errors on host code the plan cannot run, the
 * allocator's size classes. On a GPU the programs run on real buffers and
 * are compared with C; without one that part prints "SKIP: no CUDA GPU
 * (...)" and passes. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "runtime/cuda_cache.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* Line numbers of this text appear in the expected messages below. */
static const char kModule[] =
    "module {\n"
    "  gir.kernel @scale(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>, %s: f32, %n: index) parallel gpu group 2 lanes 32 {\n"
    "    %c32 = arith.constant 32 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %u = gir.id unit\n"
    "    %units = gir.count unit\n"
    "    %nb = arith.ceildivui %n, %c32 : index\n"
    "    gir.for %b = %u to %nb step %units {\n"
    "      %off = arith.muli %b, %c32 : index\n"
    "      %rem = arith.subi %n, %off : index\n"
    "      %v = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x32xf32>\n"
    "      %r = gir.copy %v : !gir.slice<global, 1x32xf32> -> !gir.slice<register, 1x32xf32>\n"
    "      %z = gir.elementwise(%r, %s) : (!gir.slice<register, 1x32xf32>, f32) -> !gir.slice<register, 1x32xf32> {\n"
    "      ^bb0(%a: f32, %t: f32):\n"
    "        %p = arith.mulf %a, %t : f32\n"
    "        gir.yield %p : f32\n"
    "      }\n"
    "      %w = gir.view %y[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x32xf32>\n"
    "      gir.copy %z to %w : !gir.slice<register, 1x32xf32> -> !gir.slice<global, 1x32xf32>\n"
    "    }\n"
    "  }\n"
    "  gir.kernel @fill(%y: !gir.buffer<global, 2x?xi32>, %v: i32, %flag: i1, %h: f16, %n: index) parallel gpu group 1 lanes 32 {\n"
    "    %c32 = arith.constant 32 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %u = gir.id unit\n"
    "    %units = gir.count unit\n"
    "    %total = arith.muli %n, %c1 : index\n"
    "    %nb = arith.ceildivui %total, %c32 : index\n"
    "    gir.for %b = %u to %nb step %units {\n"
    "      %off = arith.muli %b, %c32 : index\n"
    "      %rem = arith.subi %total, %off : index\n"
    "      %z = gir.broadcast %v : i32 -> !gir.slice<register, 1x32xi32>\n"
    "      %e = gir.elementwise(%z, %flag, %h) : (!gir.slice<register, 1x32xi32>, i1, f16) -> !gir.slice<register, 1x32xi32> {\n"
    "      ^bb0(%a: i32, %f: i1, %hh: f16, %i: index, %j: index):\n"
    "        %fi = arith.extui %f : i1 to i32\n"
    "        %hi = arith.fptosi %hh : f16 to i32\n"
    "        %bj = arith.index_cast %j : index to i32\n"
    "        %s1 = arith.addi %a, %fi : i32\n"
    "        %s2 = arith.addi %s1, %hi : i32\n"
    "        %s3 = arith.addi %s2, %bj : i32\n"
    "        gir.yield %s3 : i32\n"
    "      }\n"
    "      %w = gir.view %y[%off] valid(%c1, %rem) : !gir.buffer<global, 2x?xi32> -> !gir.slice<global, 1x32xi32>\n"
    "      gir.copy %e to %w : !gir.slice<register, 1x32xi32> -> !gir.slice<global, 1x32xi32>\n"
    "    }\n"
    "  }\n"
    "  func.func @twice(%x: !gir.buffer<global, ?xf32>, %s: f32) -> !gir.buffer<global, ?xf32> {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %y = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    %c64 = arith.constant 64 : index\n"
    "    %g = arith.ceildivui %n, %c64 : index\n"
    "    gir.launch @scale[%g](%x, %y, %s, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, f32, index)\n"
    "    return %y : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @main(%x: !gir.buffer<global, ?xf32>) -> (!gir.buffer<global, ?xf32>, index) {\n"
    "    %two = arith.constant 2.0 : f32\n"
    "    %t = func.call @twice(%x, %two) : (!gir.buffer<global, ?xf32>, f32) -> !gir.buffer<global, ?xf32>\n"
    "    %three = arith.constant 3.0 : f32\n"
    "    %u = func.call @twice(%t, %three) : (!gir.buffer<global, ?xf32>, f32) -> !gir.buffer<global, ?xf32>\n"
    "    gir.free %t : !gir.buffer<global, ?xf32>\n"
    "    %n = gir.dim %u, 0 : !gir.buffer<global, ?xf32>\n"
    "    return %u, %n : !gir.buffer<global, ?xf32>, index\n"
    "  }\n"
    "  func.func @filled(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, 2x?xi32> {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %y = gir.alloc(%n) : !gir.buffer<global, 2x?xi32>\n"
    "    %c2 = arith.constant 2 : index\n"
    "    %total = arith.muli %n, %c2 : index\n"
    "    %v = arith.constant -7 : i32\n"
    "    %t = arith.constant true\n"
    "    %h = arith.constant 2.5 : f16\n"
    "    %c1 = arith.constant 1 : index\n"
    "    gir.launch @fill[%c1](%y, %v, %t, %h, %total) : (!gir.buffer<global, 2x?xi32>, i32, i1, f16, index)\n"
    "    return %y : !gir.buffer<global, 2x?xi32>\n"
    "  }\n"
    /* Two independent launches (a, b), one after a (c), and one that
     * writes d, which takes a's buffer once a is freed: it must wait for c,
     * which reads a. */
    "  func.func @order(%x: !gir.buffer<global, ?xf32>) -> (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>) {\n"
    "    %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %c64 = arith.constant 64 : index\n"
    "    %g = arith.ceildivui %n, %c64 : index\n"
    "    %s2 = arith.constant 2.0 : f32\n"
    "    %s3 = arith.constant 3.0 : f32\n"
    "    %s5 = arith.constant 5.0 : f32\n"
    "    %s7 = arith.constant 7.0 : f32\n"
    "    %a = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @scale[%g](%x, %a, %s2, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, f32, index)\n"
    "    %b = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @scale[%g](%x, %b, %s3, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, f32, index)\n"
    "    %c = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @scale[%g](%a, %c, %s5, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, f32, index)\n"
    "    gir.free %a : !gir.buffer<global, ?xf32>\n"
    "    %d = gir.alloc(%n) : !gir.buffer<global, ?xf32>\n"
    "    gir.launch @scale[%g](%b, %d, %s7, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, f32, index)\n"
    "    gir.free %b : !gir.buffer<global, ?xf32>\n"
    "    return %c, %d : !gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "}\n";

static const char kErrors[] =
    "module {\n"
    "  gir.kernel @cpuk(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {\n"
    "  }\n"
    "  func.func @bad_op(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %c = \"graph.constant\"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>\n"
    "    return %x : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @cpu_launch(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    gir.launch @cpuk[%c1](%x) : (!gir.buffer<global, ?xf32>)\n"
    "    return %x : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @bitcast(%x: !gir.buffer<global, ?xf32>) -> i32 {\n"
    "    %f = arith.constant 1.0 : f32\n"
    "    %i = arith.bitcast %f : f32 to i32\n"
    "    return %i : i32\n"
    "  }\n"
    "  func.func @tensor_arg(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    return %x : tensor<4xf32>\n"
    "  }\n"
    "  func.func @rec(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %y = func.call @rec(%x) : (!gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32>\n"
    "    return %y : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @i8_result(%x: !gir.buffer<global, ?xi8>) -> !gir.buffer<global, ?xi8> {\n"
    "    return %x : !gir.buffer<global, ?xi8>\n"
    "  }\n"
    "}\n";

/* Host code that compiles but fails when run: a negative size, too many
 * groups, a free of an input. */
static const char kRunErrors[] =
    "module {\n"
    "  gir.kernel @nop(%x: !gir.buffer<global, ?xf32>) parallel gpu group 1 lanes 32 {\n"
    "  }\n"
    "  func.func @negative(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %m = arith.constant -5 : index\n"
    "    %y = gir.alloc(%m) : !gir.buffer<global, ?xf32>\n"
    "    return %y : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @huge(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %g = arith.constant 4294967296 : index\n"
    "    gir.launch @nop[%g](%x) : (!gir.buffer<global, ?xf32>)\n"
    "    return %x : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "  func.func @free_input(%x: !gir.buffer<global, ?xf32>) -> index {\n"
    "    gir.free %x : !gir.buffer<global, ?xf32>\n"
    "    %c = arith.constant 1 : index\n"
    "    return %c : index\n"
    "  }\n"
    "}\n";

/* Run-time checks (gir.assert): a host assertion before any launch, and a
 * kernel that checks indices with an order, launched twice (so the plan
 * reads its record after the first launch, not only at the end). */
static const char kChecks[] =
    "module {\n"
    "  gir.kernel @check_idx(%idx: !gir.buffer<global, ?xi64>, %n: index, %len: index) parallel gpu group 1 lanes 32 {\n"
    "    %u = gir.id unit\n"
    "    %units = gir.count unit\n"
    "    gir.for %w = %u to %len step %units {\n"
    "      %v = gir.view %idx[%w] : !gir.buffer<global, ?xi64> -> !gir.slice<global, 1x1xi64>\n"
    "      %r = gir.copy %v : !gir.slice<global, 1x1xi64> -> !gir.slice<register, 1x1xi64>\n"
    "      %e = gir.extract %r[0, 0] : !gir.slice<register, 1x1xi64>\n"
    "      %i = arith.index_cast %e : i64 to index\n"
    "      gir.assert ult(%i, %n, %i) order %w \"index {2} is out of range for a dimension of size {1}\"\n"
    "    }\n"
    "  }\n"
    "  func.func @checked(%idx: !gir.buffer<global, ?xi64>, %n: index) -> index {\n"
    "    %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>\n"
    "    gir.assert sle(%n, %len) \"{0} rows for {1} indices\"\n"
    "    %c4 = arith.constant 4 : index\n"
    "    gir.launch @check_idx[%c4](%idx, %n, %len) : (!gir.buffer<global, ?xi64>, index, index)\n"
    "    gir.launch @check_idx[%c4](%idx, %n, %len) : (!gir.buffer<global, ?xi64>, index, index)\n"
    "    return %len : index\n"
    "  }\n"
    "  func.func @checked_once(%idx: !gir.buffer<global, ?xi64>, %n: index) -> index {\n"
    "    %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>\n"
    "    gir.assert sle(%n, %len) \"{0} rows for {1} indices\"\n"
    "    %c4 = arith.constant 4 : index\n"
    "    gir.launch @check_idx[%c4](%idx, %n, %len) : (!gir.buffer<global, ?xi64>, index, index)\n"
    "    return %len : index\n"
    "  }\n"
    "}\n";

/* ---- helpers ------------------------------------------------------------------ */

static vtc_strbuf diag_text;

static void collect_diag(const vtc_diagnostic *d, void *data) { vtc_diag_format(d, false, &diag_text); }

typedef struct parsed {
  vtc_context *ctx;
  vtc_op *module;
} parsed;

static bool parse(parsed *p, const char *text) {
  p->ctx = vtc_context_create();
  vtc_register_all_dialects(p->ctx);
  vtc_context_set_diag_handler(p->ctx, collect_diag, NULL);
  p->module = vtc_parse_source(p->ctx, "test.mlir", text, strlen(text), 0);
  bool ok = p->module && vtc_verify(p->module);
  CHECK(ok);
  if (!ok) fprintf(stderr, "%s", diag_text.data ? diag_text.data : "");
  return ok;
}

static void release(parsed *p) {
  if (p->module) vtc_op_destroy(p->module);
  vtc_context_destroy(p->ctx);
}

/* Compiles `entry` of `text` and destroys the IR at once: the program must
 * not need it. NULL (after printing why) on failure. */
static vtc_cuda_program *compile(const char *text, const char *entry, const vtc_cuda_exec_options *o,
                                 const vtc_cuda *cu) {
  parsed p;
  if (!parse(&p, text)) {
    release(&p);
    return NULL;
  }
  char *err = NULL;
  vtc_cuda_program *prog = vtc_cuda_program_create(p.module, entry, o, cu, &err);
  if (!prog) fprintf(stderr, "@%s: %s\n%s", entry, err ? err : "?", diag_text.data ? diag_text.data : "");
  free(err);
  release(&p);
  return prog;
}

static int count(const char *s, const char *what) {
  int n = 0;
  for (const char *p = s; p && (p = strstr(p, what)); p++) n++;
  return n;
}

/* ---- the compile step ------------------------------------------------------------ */

/* @main calls @twice twice: its body is inlined twice, with fresh slots. */
static const char kMainPlan[] =
    "plan @main: 1 inputs, 2 results, 12 slots, 1 kernels\n"
    "  %0 = input 0 : !gir.buffer<global, ?xf32>\n"
    "  %1 = constant 2 : f32\n"
    "  %2 = dim %0, 0\n"
    "  %3 = alloc(%2) : !gir.buffer<global, ?xf32> (4 bytes per element)\n"
    "  %4 = constant 64 : index\n"
    "  %5 = arith.ceildivui %2, %4 : index\n"
    "  launch @scale[%5] block 64 (ptr %0, dim %0[0], ptr %3 written, dim %3[0], f32 %1, i64 %2)\n"
    "  %6 = constant 3 : f32\n"
    "  %7 = dim %3, 0\n"
    "  %8 = alloc(%7) : !gir.buffer<global, ?xf32> (4 bytes per element)\n"
    "  %9 = constant 64 : index\n"
    "  %10 = arith.ceildivui %7, %9 : index\n"
    "  launch @scale[%10] block 64 (ptr %3, dim %3[0], ptr %8 written, dim %8[0], f32 %6, i64 %7)\n"
    "  free %3\n"
    "  %11 = dim %8, 0\n"
    "  return %8, %11\n";

static void test_plan_main(void) {
  vtc_cuda_program *p = compile(kModule, "main", NULL, NULL);
  CHECK(p != NULL);
  if (!p) return;
  char *plan = vtc_cuda_program_plan_text(p);
  CHECK_EQ_STR(plan, kMainPlan);
  free(plan);
  CHECK_EQ_INT(vtc_cuda_program_num_inputs(p), 1);
  CHECK_EQ_INT(vtc_cuda_program_num_results(p), 2);
  CHECK_EQ_STR(vtc_cuda_program_arch(p), "sm_90");
  const char *ptx = vtc_cuda_program_ptx(p);
  CHECK(ptx && strstr(ptx, ".target sm_90"));
  CHECK(ptx && strstr(ptx, ".entry scale("));
  CHECK(ptx && strstr(ptx, ".entry fill(")); /* every kernel of the module */
  CHECK(ptx && strstr(ptx, ".maxntid 64, 1, 1"));
  vtc_cuda_program_destroy(p);
}

/* Scalars of every passing kind: i32, i1 (a byte), f16 (bits), index; a
 * static dim is not passed. */
/* Which buffers a launch writes (the graph's dependencies). */
static void test_plan_written(void) {
  vtc_cuda_program *p = compile(kModule, "order", NULL, NULL);
  CHECK(p != NULL);
  if (!p) return;
  char *plan = vtc_cuda_program_plan_text(p);
  CHECK(plan && count(plan, "launch @scale") == 4 && count(plan, " written") == 4);
  CHECK(plan && strstr(plan, "launch @scale[%3] block 64 (ptr %8, dim %8[0], ptr %10 written, dim %10[0], f32 %6, i64 %1)"));
  if (plan && !strstr(plan, "ptr %10 written")) fprintf(stderr, "%s", plan);
  free(plan);
  vtc_cuda_program_destroy(p);
}

static void test_plan_scalar_args(void) {
  vtc_cuda_exec_options o = vtc_cuda_exec_default_options();
  o.arch = "sm_80";
  o.opt_level = 0;
  vtc_cuda_program *p = compile(kModule, "filled", &o, NULL);
  CHECK(p != NULL);
  if (!p) return;
  char *plan = vtc_cuda_program_plan_text(p);
  CHECK(plan && strstr(plan, "%2 = alloc(%1) : !gir.buffer<global, 2x?xi32> (4 bytes per element)\n"));
  CHECK(plan && strstr(plan, "= constant -7 : i32\n"));
  CHECK(plan && strstr(plan, "= constant 1 : i1\n"));
  CHECK(plan && strstr(plan, "= constant 2.5 : f16\n"));
  CHECK(plan && strstr(plan, "launch @fill[%8] block 32 (ptr %2 written, dim %2[1], i32 %5, i8 %6, f16 %7, i64 %4)\n"));
  CHECK(plan && strstr(plan, "  return %2\n"));
  if (plan && !strstr(plan, "launch @fill[%8]")) fprintf(stderr, "%s", plan);
  free(plan);
  CHECK_EQ_STR(vtc_cuda_program_arch(p), "sm_80");
  CHECK(vtc_cuda_program_ptx(p) && strstr(vtc_cuda_program_ptx(p), ".target sm_80"));
  vtc_cuda_program_destroy(p);
}

/* A host assertion is a plan step; a kernel with assertions has a record,
 * read after a launch when the kernel is launched again later. */
static const char kChecksPlan[] =
    "plan @checked: 2 inputs, 1 results, 4 slots, 1 kernels\n"
    "  %0 = input 0 : !gir.buffer<global, ?xi64>\n"
    "  %1 = input 1 : index\n"
    "  %2 = dim %0, 0\n"
    "  assert sle(%1, %2) site 2\n"
    "  %3 = constant 4 : index\n"
    "  launch @check_idx[%3] block 32 (ptr %0, dim %0[0], i64 %1, i64 %2) record 1 checked\n"
    "  launch @check_idx[%3] block 32 (ptr %0, dim %0[0], i64 %1, i64 %2) record 1\n"
    "  return %2\n";

static void test_plan_checks(void) {
  vtc_cuda_program *p = compile(kChecks, "checked", NULL, NULL);
  CHECK(p != NULL);
  if (!p) return;
  char *plan = vtc_cuda_program_plan_text(p);
  CHECK_EQ_STR(plan, kChecksPlan);
  free(plan);
  const char *ptx = vtc_cuda_program_ptx(p);
  CHECK(ptx && strstr(ptx, ".visible .global .align 64 .b8 vtc_checks[128];")); /* host + one kernel record */
  CHECK(ptx && strstr(ptx, "cas.b64")); /* the record writer */
  CHECK(vtc_cuda_program_check_failure(p) == NULL);
  vtc_cuda_program_destroy(p);
}

/* opts.ptx replaces the translation (hand-written PTX). */
static void test_ptx_override(void) {
  vtc_cuda_exec_options o = vtc_cuda_exec_default_options();
  o.ptx = "// hand-written\n";
  vtc_cuda_program *p = compile(kModule, "main", &o, NULL);
  CHECK(p != NULL);
  if (p) CHECK_EQ_STR(vtc_cuda_program_ptx(p), "// hand-written\n");
  vtc_cuda_program_destroy(p);
}

/* Host code the plan cannot run: one located diagnostic each, and a
 * one-line summary in *error. */
static void test_errors(void) {
  static const struct {
    const char *entry, *diag, *error;
  } cases[] = {
      {"bad_op", "test.mlir:5:10: error: 'graph.constant' op is not supported in host code on the GPU target",
       "the host code of @bad_op cannot run on the GPU target (see the diagnostics above)"},
      {"cpu_launch", "test.mlir:10:5: error: 'gir.launch' op launches @cpuk, a `parallel cpu` kernel", NULL},
      {"bitcast", "test.mlir:15:10: error: 'arith.bitcast' op has no run-time semantics in the host plan", NULL},
      {"tensor_arg", "test.mlir:18:3: error: 'func.func' op has a value of type tensor<4xf32>", NULL},
      {"rec", "test.mlir:22:10: error: 'func.call' op nests calls deeper than 64 (is @rec recursive?)", NULL},
      {"i8_result", "test.mlir:25:3: error: argument #0 of @i8_result has type !gir.buffer<global, ?xi8>", NULL},
      {"nope", NULL, "no host function @nope with a body in the module"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    parsed p;
    if (!parse(&p, kErrors)) {
      release(&p);
      return;
    }
    vtc_strbuf_clear(&diag_text);
    char *err = NULL;
    vtc_cuda_program *prog = vtc_cuda_program_create(p.module, cases[i].entry, NULL, NULL, &err);
    CHECK(prog == NULL);
    CHECK(err && !strchr(err, '\n'));
    if (cases[i].error) CHECK_EQ_STR(err, cases[i].error);
    const char *text = diag_text.data ? diag_text.data : "";
    if (cases[i].diag) {
      CHECK(strstr(text, cases[i].diag) != NULL);
      CHECK_EQ_INT(count(text, ": error: "), 1);
    } else {
      CHECK_EQ_INT(diag_text.len, 0);
    }
    if (cases[i].diag && !strstr(text, cases[i].diag)) fprintf(stderr, "@%s: %s\n", cases[i].entry, text);
    free(err);
    vtc_cuda_program_destroy(prog);
    release(&p);
  }
}

static void test_size_classes(void) {
  CHECK_EQ_INT(vtc_cuda_cache_size_class(0), 512);
  CHECK_EQ_INT(vtc_cuda_cache_size_class(1), 512);
  CHECK_EQ_INT(vtc_cuda_cache_size_class(512), 512);
  CHECK_EQ_INT(vtc_cuda_cache_size_class(513), 1024);
  CHECK_EQ_INT(vtc_cuda_cache_size_class(1 << 20), 1 << 20);
  CHECK_EQ_INT(vtc_cuda_cache_size_class((1 << 20) + 1), (1 << 20) + (1 << 17));
  CHECK_EQ_INT(vtc_cuda_cache_size_class(3000000), 12 << 18);
  for (size_t n = 1; n < ((size_t)1 << 34); n = n * 3 + 7) {
    size_t c = vtc_cuda_cache_size_class(n);
    CHECK(c >= n && c - n <= (n > (1 << 20) ? n / 8 : 511));
  }
}

/* ---- on a GPU ------------------------------------------------------------------- */

static uint32_t rng = 12345;
static float rand_float(void) { /* uniform in [-1, 1) */
  rng = rng * 1103515245u + 12345u;
  return (float)((double)(rng >> 8) / (double)(1u << 24) * 2.0 - 1.0);
}

static vtc_tensor vector(int64_t n) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_F32, 1, &n, NULL, 0);
  for (int64_t i = 0; i < n; i++) ((float *)t.data)[i] = rand_float();
  return t;
}

static int run(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *in, vtc_tensor **out, vtc_cuda_run_stats *st) {
  char *err = NULL;
  int rc = vtc_cuda_program_run(p, cu, in, 1, out, st, &err);
  if (rc) fprintf(stderr, "run: %s\n", err ? err : "?");
  free(err);
  return rc;
}

/* @main = 6x through two launches and an intermediate, at sizes around the
 * kernel's 32-element blocks and 64-thread groups, and 0 (no launch). */
static void gpu_main(vtc_cuda *cu) {
  vtc_cuda_program *p = compile(kModule, "main", NULL, cu);
  CHECK(p != NULL);
  if (!p) return;
  static const int64_t sizes[] = {1000, 1, 31, 33, 64, 100000, 0};
  size_t reserved = 0;
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int64_t n = sizes[k];
    vtc_tensor x = vector(n), *out = NULL;
    vtc_cuda_run_stats st;
    CHECK_EQ_INT(run(p, cu, &x, &out, &st), 0);
    if (out) {
      CHECK(out[0].dtype == VTC_F32 && out[0].rank == 1 && out[0].dims[0] == n);
      int64_t bad = 0;
      for (int64_t i = 0; i < n; i++) {
        float want = (((float *)x.data)[i] * 2.0f) * 3.0f; /* the kernels' roundings */
        bad += ((float *)out[0].data)[i] != want;
      }
      CHECK_EQ_INT(bad, 0);
      CHECK(out[1].dtype == VTC_I64 && out[1].rank == 0);
      CHECK_EQ_INT(((int64_t *)out[1].data)[0], n);
      CHECK_EQ_INT(st.peak_bytes, 2 * 4 * n); /* t and u live at once */
      CHECK_EQ_INT(st.num_allocs, 2);
      CHECK_EQ_INT(st.num_launches, n ? 2 : 0);
      CHECK(st.device_ms >= 0);
      if (n == 1000 && reserved == 0) reserved = st.reserved_bytes;
    }
    vtc_tensor_free_array(out, 2);
    vtc_tensor_free(&x);
  }
  /* The same size again is served from the cache. */
  vtc_tensor x = vector(1000);
  vtc_cuda_run_stats st;
  CHECK_EQ_INT(run(p, cu, &x, NULL, &st), 0);
  printf("  reserved after n=1000: %zu bytes; after every size: %zu\n", reserved, st.reserved_bytes);
  CHECK(reserved >= 3 * 4000);
  double ms[5] = {0};
  char *err = NULL;
  CHECK_EQ_INT(vtc_cuda_program_bench(p, cu, &x, 1, 2, 5, ms, &err), 0);
  if (err) fprintf(stderr, "bench: %s\n", err);
  free(err);
  for (int i = 0; i < 5; i++) CHECK(ms[i] > 0 && ms[i] < 1000);
  printf("  @main n=1000: %.4f %.4f %.4f %.4f %.4f ms\n", ms[0], ms[1], ms[2], ms[3], ms[4]);
  /* Inputs are checked against the entry's types. */
  vtc_tensor bad = {0};
  int64_t dims[2] = {2, 3};
  vtc_tensor_create(&bad, VTC_I32, 1, dims, NULL, 0);
  CHECK(vtc_cuda_program_run(p, cu, &bad, 1, NULL, NULL, &err) != 0);
  CHECK_EQ_STR(err, "input #0 of @main has element type i32, expected f32");
  free(err);
  vtc_tensor_free(&bad);
  vtc_tensor_create(&bad, VTC_F32, 2, dims, NULL, 0);
  CHECK(vtc_cuda_program_run(p, cu, &bad, 1, NULL, NULL, &err) != 0);
  CHECK_EQ_STR(err, "input #0 of @main has rank 2, expected 1");
  free(err);
  CHECK(vtc_cuda_program_run(p, cu, &bad, 0, NULL, NULL, &err) != 0);
  CHECK_EQ_STR(err, "@main takes 1 inputs, 0 given");
  free(err);
  vtc_tensor_free(&bad);
  vtc_tensor_free(&x);
  vtc_cuda_program_destroy(p);
}

/* i32, i1, f16 and index scalars reach the kernel: y = -7 + 1 + 2 + j. */
static void gpu_scalar_args(vtc_cuda *cu) {
  vtc_cuda_program *p = compile(kModule, "filled", NULL, cu);
  CHECK(p != NULL);
  if (!p) return;
  vtc_tensor x = vector(50), *out = NULL;
  CHECK_EQ_INT(run(p, cu, &x, &out, NULL), 0);
  if (out) {
    CHECK(out[0].dtype == VTC_I32 && out[0].rank == 2 && out[0].dims[0] == 2 && out[0].dims[1] == 50);
    int bad = 0;
    for (int i = 0; i < 100; i++) bad += ((int32_t *)out[0].data)[i] != -4 + i % 32;
    CHECK_EQ_INT(bad, 0);
  }
  vtc_tensor_free_array(out, 1);
  vtc_tensor_free(&x);
  vtc_cuda_program_destroy(p);
}

/* Run-time errors name the op's location. */
static void gpu_run_errors(vtc_cuda *cu) {
  static const struct {
    const char *entry, *error;
  } cases[] = {
      {"negative", "test.mlir:6:10: 'gir.alloc': dimension 0 of the buffer is negative (-5)"},
      {"huge", "test.mlir:11:5: 'gir.launch': @nop on 4294967296 groups: a launch has 0 to 2^31-1"},
      {"free_input", "test.mlir:15:5: 'gir.free': frees a buffer that the host code did not allocate or already "
                     "freed"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    vtc_cuda_program *p = compile(kRunErrors, cases[i].entry, NULL, cu);
    CHECK(p != NULL);
    if (!p) continue;
    vtc_tensor x = vector(10);
    char *err = NULL;
    CHECK(vtc_cuda_program_run(p, cu, &x, 1, NULL, NULL, &err) != 0);
    CHECK_EQ_STR(err, cases[i].error);
    free(err);
    vtc_tensor_free(&x);
    vtc_cuda_program_destroy(p);
  }
}

static vtc_tensor indices(int64_t n, int64_t bad1_at, int64_t bad1, int64_t bad2_at, int64_t bad2) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_I64, 1, &n, NULL, 0);
  for (int64_t i = 0; i < n; i++) ((int64_t *)t.data)[i] = i % 5;
  if (bad1_at >= 0) ((int64_t *)t.data)[bad1_at] = bad1;
  if (bad2_at >= 0) ((int64_t *)t.data)[bad2_at] = bad2;
  return t;
}

static vtc_tensor scalar_index(int64_t v) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_I64, 0, NULL, NULL, 0);
  ((int64_t *)t.data)[0] = v;
  return t;
}

/* The first failing element wins however the warps race; the table is
 * clean for the next run; a host assertion fails before any launch. */
static void gpu_checks(vtc_cuda *cu) {
  vtc_cuda_program *p = compile(kChecks, "checked", NULL, cu);
  CHECK(p != NULL);
  if (!p) return;
  static const struct {
    int64_t n, len, bad1_at, bad1, bad2_at, bad2;
    const char *error;
  } cases[] = {
      {5, 100000, -1, 0, -1, 0, NULL},
      {5, 100000, 70001, 9, 99000, -3, "test.mlir:10:7: index 9 is out of range for a dimension of size 5"},
      {5, 100000, 2, -1, 90000, 7, "test.mlir:10:7: index -1 is out of range for a dimension of size 5"},
      {5, 1000, -1, 0, -1, 0, NULL},
      {2000, 1000, -1, 0, -1, 0, "test.mlir:15:5: 2000 rows for 1000 indices"},
      {5, 1000, -1, 0, -1, 0, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    vtc_tensor in[2] = {indices(cases[i].len, cases[i].bad1_at, cases[i].bad1, cases[i].bad2_at, cases[i].bad2),
                        scalar_index(cases[i].n)};
    char *err = NULL;
    int rc = vtc_cuda_program_run(p, cu, in, 2, NULL, NULL, &err);
    if (cases[i].error) {
      CHECK(rc != 0);
      CHECK_EQ_STR(err, cases[i].error);
      const vtc_check_failure *f = vtc_cuda_program_check_failure(p);
      CHECK(f && f->file && strcmp(f->file, "test.mlir") == 0);
    } else {
      CHECK_EQ_INT(rc, 0);
      if (rc) fprintf(stderr, "checks: %s\n", err ? err : "?");
      CHECK(vtc_cuda_program_check_failure(p) == NULL);
    }
    free(err);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  vtc_cuda_program_destroy(p);
}

/* @main's checked results and statistics for an input of n elements. */
static void check_main_run(vtc_cuda_program *p, vtc_cuda *cu, int64_t n, bool replayed) {
  vtc_tensor x = vector(n), *out = NULL;
  vtc_cuda_run_stats st;
  CHECK_EQ_INT(run(p, cu, &x, &out, &st), 0);
  if (out) {
    int64_t bad = 0;
    for (int64_t i = 0; i < n; i++) bad += ((float *)out[0].data)[i] != (((float *)x.data)[i] * 2.0f) * 3.0f;
    CHECK_EQ_INT(bad, 0);
    CHECK(out[0].rank == 1 && out[0].dims[0] == n);
    CHECK_EQ_INT(((int64_t *)out[1].data)[0], n);
    CHECK_EQ_INT(st.peak_bytes, 2 * 4 * n);
    CHECK_EQ_INT(st.num_allocs, 2);
    CHECK_EQ_INT(st.num_launches, n ? 2 : 0);
    CHECK(st.replayed == replayed);
    if (st.replayed != replayed) fprintf(stderr, "  n=%lld: replayed %d, expected %d\n", (long long)n, st.replayed, replayed);
  }
  vtc_tensor_free_array(out, 2);
  vtc_tensor_free(&x);
}

/* CUDA graphs: `always` replays from the first run, a binding per input
 * size (more sizes than the program keeps: the oldest is recorded again),
 * new input values every run; `auto` from a binding's second run; a
 * failing host assertion while recording, and a kernel's check record read
 * after a replay (then clean for the next one). */
static void gpu_graphs(vtc_cuda *cu) {
  vtc_cuda_exec_options o = vtc_cuda_exec_default_options();
  o.graphs = VTC_CUDA_GRAPHS_ALWAYS;
  vtc_cuda_program *p = compile(kModule, "main", &o, cu);
  CHECK(p != NULL);
  if (!p) return;
  static const int64_t sizes[] = {1000, 1, 33, 100000, 0, 1000, 33, 100000, 1000, 64};
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) check_main_run(p, cu, sizes[k], true);
  vtc_tensor x = vector(4096);
  double ms[3] = {0};
  char *err = NULL;
  CHECK_EQ_INT(vtc_cuda_program_bench(p, cu, &x, 1, 1, 3, ms, &err), 0);
  free(err);
  vtc_tensor_free(&x);
  vtc_cuda_program_destroy(p);

  p = compile(kModule, "main", NULL, cu); /* auto */
  CHECK(p != NULL);
  if (!p) return;
  check_main_run(p, cu, 777, false);
  check_main_run(p, cu, 778, false);
  check_main_run(p, cu, 777, true);
  check_main_run(p, cu, 777, true);
  check_main_run(p, cu, 778, true);
  vtc_cuda_program_destroy(p);

  p = compile(kChecks, "checked_once", &o, cu);
  CHECK(p != NULL);
  if (!p) return;
  static const struct {
    int64_t n, len, bad_at, bad;
    const char *error;
  } cases[] = {
      {2000, 1000, -1, 0, "test.mlir:23:5: 2000 rows for 1000 indices"},
      {5, 1000, -1, 0, NULL},
      {5, 1000, 999, 5, "test.mlir:10:7: index 5 is out of range for a dimension of size 5"},
      {5, 1000, -1, 0, NULL},
      {5, 1000, 3, -2, "test.mlir:10:7: index -2 is out of range for a dimension of size 5"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    vtc_tensor in[2] = {indices(cases[i].len, cases[i].bad_at, cases[i].bad, -1, 0), scalar_index(cases[i].n)};
    vtc_cuda_run_stats st = {0};
    int rc = vtc_cuda_program_run(p, cu, in, 2, NULL, &st, &err);
    if (cases[i].error) {
      CHECK(rc != 0);
      CHECK_EQ_STR(err, cases[i].error);
    } else {
      CHECK_EQ_INT(rc, 0);
      CHECK(st.replayed);
    }
    free(err);
    err = NULL;
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  vtc_cuda_program_destroy(p);
}

/* Graph launches in one stream's order, and ordered by the buffers they
 * touch (concurrent): @order's c and d are right however the independent
 * launches overlap, at sizes where a missing dependency would show. */
static void gpu_graph_order(vtc_cuda *cu) {
  for (int concurrent = 0; concurrent < 2; concurrent++) {
    vtc_cuda_exec_options o = vtc_cuda_exec_default_options();
    o.graphs = VTC_CUDA_GRAPHS_ALWAYS;
    o.concurrent_graphs = concurrent;
    vtc_cuda_program *p = compile(kModule, "order", &o, cu);
    CHECK(p != NULL);
    if (!p) return;
    static const int64_t sizes[] = {1 << 22, 1000, 1 << 22};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
      int64_t n = sizes[k];
      vtc_tensor x = vector(n), *out = NULL;
      vtc_cuda_run_stats st = {0};
      CHECK_EQ_INT(run(p, cu, &x, &out, &st), 0);
      CHECK(st.replayed);
      if (out) {
        int64_t bad = 0;
        for (int64_t i = 0; i < n; i++) {
          float xi = ((float *)x.data)[i];
          bad += ((float *)out[0].data)[i] != (xi * 2.0f) * 5.0f || ((float *)out[1].data)[i] != (xi * 3.0f) * 7.0f;
        }
        CHECK_EQ_INT(bad, 0);
      }
      vtc_tensor_free_array(out, 2);
      vtc_tensor_free(&x);
    }
    vtc_cuda_program_destroy(p);
  }
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
  printf("  device: %s, sm_%d%d, programs for %s\n", d->name, d->cc_major, d->cc_minor,
         vtc_cuda_exec_device_arch(cu));
  gpu_main(cu);
  gpu_scalar_args(cu);
  gpu_run_errors(cu);
  gpu_checks(cu);
  gpu_graphs(cu);
  gpu_graph_order(cu);
  vtc_cuda_close(cu);
}

int main(void) {
  UNIT_RUN(test_plan_main);
  UNIT_RUN(test_plan_scalar_args);
  UNIT_RUN(test_plan_written);
  UNIT_RUN(test_plan_checks);
  UNIT_RUN(test_ptx_override);
  UNIT_RUN(test_errors);
  UNIT_RUN(test_size_classes);
  UNIT_RUN(test_on_gpu);
  vtc_strbuf_free(&diag_text);
  return UNIT_RESULT();
}
