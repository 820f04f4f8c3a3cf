/* Run-time checks end to end on the CPU: the relations and message
 * templates of ir/check.h; a gir module whose host code asserts before any
 * launch (with a buffer already allocated) and whose kernel checks indices
 * with an order, compiled with gir-to-llvm and run through the CPU runtime
 * and the gir interpreter: the failure with the smallest order wins however
 * the threads race, the records are clean for the next run, a failing host
 * assertion or callee frees what the host owns (leak-checked under ASan),
 * and the message and location are the assertion's. The GPU counterpart is
 * gpu_checks in test_cuda_exec.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/gir/interpreter.h"
#include "ir/check.h"
#include "ir/ir.h"
#include "tools/common/register.h"
#include "runtime/cpu_exec.h"
#include "runtime/thread_pool.h"
#include "test/unit/unit.h"

/* ---- ir/check.h ----------------------------------------------------------------- */

static void test_relations(void) {
  static const struct {
    const char *name;
    int64_t a, b;
    bool holds;
  } cases[] = {
      {"eq", 3, 3, true},           {"eq", 3, 4, false},          {"ne", 3, 4, true},
      {"slt", -1, 0, true},         {"sle", 0, 0, true},          {"slt", 0, 0, false},
      {"ult", 4, 5, true},          {"ult", -1, 5, false},        {"ult", 5, 5, false},
      {"ule", 5, 5, true},          {"broadcastable", 1, 7, true}, {"broadcastable", 7, 1, true},
      {"broadcastable", 7, 7, true}, {"broadcastable", 7, 3, false}, {"divisible", 12, 4, true},
      {"divisible", 13, 4, false},  {"divisible", 0, 0, true},    {"divisible", 3, 0, false},
      {"divisible", INT64_MIN, -1, true},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    vtc_check_relation r;
    CHECK(vtc_check_relation_from_name(cases[i].name, &r));
    CHECK_EQ_STR(vtc_check_relation_name(r), cases[i].name);
    CHECK_EQ_INT(vtc_check_holds(r, cases[i].a, cases[i].b), cases[i].holds);
  }
  vtc_check_relation r;
  CHECK(!vtc_check_relation_from_name("same", &r));
  CHECK(!vtc_check_relation_from_name(NULL, &r));
}

static void test_templates(void) {
  CHECK_EQ_INT(vtc_check_template_arity("no arguments {x} {} {-1}"), 0);
  CHECK_EQ_INT(vtc_check_template_arity("{0} vs {3}"), 4);
  CHECK_EQ_INT(vtc_check_template_arity("{99999999999}"), -1);
  char *s = vtc_check_format("[{1},{0}] {2} {x}", (const int64_t[]){5, -3}, 2);
  CHECK_EQ_STR(s, "[-3,5] {2} {x}");
  free(s);
  s = vtc_check_renumber("{0} vs {1}, {2}", (const unsigned[]){2, 1}, 2);
  CHECK_EQ_STR(s, "{2} vs {1}, {2}");
  free(s);
}

/* ---- a module with checks ------------------------------------------------------- */

/* Line numbers of this text appear in the expected messages. */
static const char kModule[] =
    "module {\n"
    "  gir.kernel @check_idx(%idx: !gir.buffer<global, ?xi64>, %n: index, %len: index) parallel cpu group 1 lanes 1 {\n"
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
    "  gir.kernel @copy(%src: !gir.buffer<global, ?xi64>, %dst: !gir.buffer<global, ?xi64>, %len: index) parallel cpu group 1 lanes 1 {\n"
    "    %u = gir.id unit\n"
    "    %units = gir.count unit\n"
    "    gir.for %w = %u to %len step %units {\n"
    "      %v = gir.view %src[%w] : !gir.buffer<global, ?xi64> -> !gir.slice<global, 1x1xi64>\n"
    "      %r = gir.copy %v : !gir.slice<global, 1x1xi64> -> !gir.slice<register, 1x1xi64>\n"
    "      %d = gir.view %dst[%w] : !gir.buffer<global, ?xi64> -> !gir.slice<global, 1x1xi64>\n"
    "      gir.copy %r to %d : !gir.slice<register, 1x1xi64> -> !gir.slice<global, 1x1xi64>\n"
    "    }\n"
    "  }\n"
    "  func.func @checked(%idx: !gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64> {\n"
    "    %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>\n"
    "    %out = gir.alloc(%len) : !gir.buffer<global, ?xi64>\n"
    "    %c5 = arith.constant 5 : index\n"
    "    %max = arith.constant 1000 : index\n"
    "    gir.assert sle(%len, %max) \"{0} indices, at most {1}\"\n"
    "    %g = arith.constant 64 : index\n"
    "    gir.launch @check_idx[%g](%idx, %c5, %len) : (!gir.buffer<global, ?xi64>, index, index)\n"
    "    gir.launch @copy[%g](%idx, %out, %len) : (!gir.buffer<global, ?xi64>, !gir.buffer<global, ?xi64>, index)\n"
    "    return %out : !gir.buffer<global, ?xi64>\n"
    "  }\n"
    "  func.func @caller(%idx: !gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64> {\n"
    "    %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>\n"
    "    %t = gir.alloc(%len) : !gir.buffer<global, ?xi64>\n"
    "    %g = arith.constant 64 : index\n"
    "    gir.launch @copy[%g](%idx, %t, %len) : (!gir.buffer<global, ?xi64>, !gir.buffer<global, ?xi64>, index)\n"
    "    %r = func.call @checked(%t) : (!gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64>\n"
    "    gir.free %t : !gir.buffer<global, ?xi64>\n"
    "    return %r : !gir.buffer<global, ?xi64>\n"
    "  }\n"
    "}\n";

static vtc_strbuf diag_text;

static void collect_diag(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_diag_format(d, false, &diag_text);
}

static vtc_tensor indices(int64_t n, int64_t bad1_at, int64_t bad1, int64_t bad2_at, int64_t bad2) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_I64, 1, &n, NULL, 0);
  for (int64_t i = 0; i < n; i++) ((int64_t *)t.data)[i] = i % 5;
  if (bad1_at >= 0) ((int64_t *)t.data)[bad1_at] = bad1;
  if (bad2_at >= 0) ((int64_t *)t.data)[bad2_at] = bad2;
  return t;
}

typedef struct run_case {
  const char *entry;
  int64_t len, bad1_at, bad1, bad2_at, bad2;
  const char *error; /* NULL: runs, the result is the input */
} run_case;

static const run_case kCases[] = {
    {"checked", 1000, -1, 0, -1, 0, NULL},
    /* far apart (other groups, other threads): the first wins */
    {"checked", 1000, 100, 9, 900, -7, "test.mlir:10:7: index 9 is out of range for a dimension of size 5"},
    {"checked", 1000, 100, -6, 900, 7, "test.mlir:10:7: index -6 is out of range for a dimension of size 5"},
    {"checked", 1000, 999, 5, -1, 0, "test.mlir:10:7: index 5 is out of range for a dimension of size 5"},
    {"checked", 1000, -1, 0, -1, 0, NULL}, /* the records were zeroed */
    /* the host check, with %out allocated already */
    {"checked", 2000, 100, 9, -1, 0, "test.mlir:28:5: 2000 indices, at most 1000"},
    {"caller", 1000, -1, 0, -1, 0, NULL},
    /* the callee's failure returns through the caller, which frees %t */
    {"caller", 1000, 500, 100, -1, 0, "test.mlir:10:7: index 100 is out of range for a dimension of size 5"},
    {"caller", 3000, -1, 0, -1, 0, "test.mlir:28:5: 3000 indices, at most 1000"},
};

static void check_result(const vtc_tensor *in, const vtc_tensor *out) {
  CHECK(out->rank == 1 && out->dims[0] == in->dims[0]);
  if (out->rank == 1 && out->dims[0] == in->dims[0])
    CHECK(memcmp(out->data, in->data, vtc_tensor_nbytes(in)) == 0);
}

static void test_cpu(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *m = vtc_parse_source(ctx, "test.mlir", kModule, strlen(kModule), 0);
  CHECK(m && vtc_verify(m));
  char *err = NULL;
  vtc_cpu_program *progs[2] = {NULL, NULL};
  const char *entries[2] = {"checked", "caller"};
  for (int k = 0; m && k < 2; k++) {
    progs[k] = vtc_cpu_program_create(m, entries[k], NULL, &err);
    if (!progs[k]) fprintf(stderr, "@%s: %s\n%s", entries[k], err ? err : "?", diag_text.data ? diag_text.data : "");
    free(err);
    err = NULL;
    CHECK(progs[k] != NULL);
  }
  if (m) vtc_op_destroy(m); /* the programs keep what they need */
  for (size_t i = 0; progs[0] && progs[1] && i < sizeof kCases / sizeof *kCases; i++) {
    const run_case *c = &kCases[i];
    vtc_cpu_program *p = progs[strcmp(c->entry, "caller") == 0];
    /* Repeated: the threads race differently each time. */
    for (int rep = 0; rep < (c->error ? 10 : 1); rep++) {
      vtc_tensor in = indices(c->len, c->bad1_at, c->bad1, c->bad2_at, c->bad2), *out = NULL;
      int rc = vtc_cpu_program_run(p, &in, 1, &out, NULL, &err);
      if (c->error) {
        CHECK(rc != 0);
        CHECK_EQ_STR(err, c->error);
        const vtc_check_failure *f = vtc_cpu_program_check_failure(p);
        CHECK(f && f->file && strcmp(f->file, "test.mlir") == 0);
        CHECK(out == NULL);
      } else {
        CHECK_EQ_INT(rc, 0);
        if (rc) fprintf(stderr, "@%s: %s\n", c->entry, err ? err : "?");
        CHECK(vtc_cpu_program_check_failure(p) == NULL);
        if (out) check_result(&in, &out[0]);
      }
      free(err);
      err = NULL;
      vtc_tensor_free_array(out, 1);
      vtc_tensor_free(&in);
    }
  }
  vtc_cpu_program_destroy(progs[0]);
  vtc_cpu_program_destroy(progs[1]);
  vtc_context_destroy(ctx);
}

/* The gir interpreter runs the units one after the other and reports the
 * same failures (it has no func.call: @checked only). */
static void test_gir_interpreter(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *m = vtc_parse_source(ctx, "test.mlir", kModule, strlen(kModule), 0);
  CHECK(m && vtc_verify(m));
  vtc_op *f = m ? vtc_symbol_table_lookup(m, "checked") : NULL;
  for (size_t i = 0; f && i < sizeof kCases / sizeof *kCases; i++) {
    const run_case *c = &kCases[i];
    if (strcmp(c->entry, "checked") != 0) continue;
    vtc_tensor in = indices(c->len, c->bad1_at, c->bad1, c->bad2_at, c->bad2), *out = NULL;
    unsigned n = 0;
    vtc_strbuf_clear(&diag_text);
    bool ok = vtc_gir_interpret(f, 1, &in, &out, &n);
    CHECK_EQ_INT(ok, c->error == NULL);
    if (c->error) {
      /* "test.mlir:L:C: error: message" */
      char want[256];
      const char *msg = strchr(strchr(strchr(c->error, ':') + 1, ':') + 1, ':') + 2;
      snprintf(want, sizeof want, "%.*s error: %s\n", (int)(msg - c->error - 1), c->error, msg);
      CHECK_EQ_STR(diag_text.data, want);
    } else if (ok) {
      check_result(&in, &out[0]);
    }
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in);
  }
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_relations);
  UNIT_RUN(test_templates);
  UNIT_RUN(test_cpu);
  UNIT_RUN(test_gir_interpreter);
  vtc_strbuf_free(&diag_text);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
