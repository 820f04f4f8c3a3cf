/* Unit tests of the pass registry and pass manager: registry order and
 * lookup, pipeline parsing and canonical printing (round trips), option
 * values of every type, flag-form auto-nesting, located errors, running a
 * nested pipeline, statistics and the --verify-diagnostics matcher. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/verify_diagnostics.h"
#include "tools/common/register.h"
#include "unit.h"

typedef struct captured {
  char text[4096];
  unsigned count;
} captured;

static void capture(const vtc_diagnostic *diag, void *data) {
  captured *c = data;
  vtc_strbuf b = {0};
  vtc_diag_format(diag, false, &b);
  size_t used = strlen(c->text);
  snprintf(c->text + used, sizeof c->text - used, "%s", b.data);
  vtc_strbuf_free(&b);
  c->count++;
}

static vtc_context *make_context(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_all_passes(ctx);
  return ctx;
}

static char *pipeline_of(vtc_context *ctx, const char *text) {
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  char *s = vtc_pass_manager_parse(pm, text) ? vtc_pass_manager_to_string(pm) : NULL;
  vtc_pass_manager_destroy(pm);
  return s;
}

static void test_registry(void) {
  vtc_context *ctx = make_context();
  size_t n = vtc_context_num_passes(ctx);
  CHECK(n >= 6);
  for (size_t i = 1; i < n; i++)
    CHECK(strcmp(vtc_context_pass_at(ctx, i - 1)->name, vtc_context_pass_at(ctx, i)->name) < 0);
  CHECK(vtc_context_lookup_pass(ctx, "cse") != NULL);
  CHECK(vtc_context_lookup_pass(ctx, "canonicalize") != NULL);
  CHECK(vtc_context_lookup_pass(ctx, "test-fail") != NULL);
  CHECK(vtc_context_lookup_pass(ctx, "nope") == NULL);
  CHECK(vtc_context_pass_at(ctx, n) == NULL);
  /* Every registered pass: its defaults parse (each non-string option
   * prints as its default text) and its canonical pipeline round-trips. */
  for (size_t i = 0; i < n; i++) {
    const vtc_pass_def *d = vtc_context_pass_at(ctx, i);
    vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
    CHECK(vtc_pass_manager_add(pm, d->name, NULL));
    char *s = vtc_pass_manager_to_string(pm);
    /* A pipeline alias prints as its expansion, not with its own options. */
    for (const vtc_pass_option *o = d->expand ? NULL : d->options; o && o->name; o++) {
      if (o->type == VTC_OPTION_STRING || !o->default_value || !*o->default_value) continue;
      char want[256];
      snprintf(want, sizeof want, "%s=%s", o->name, o->default_value);
      if (!strstr(s, want)) fprintf(stderr, "pass %s: default of %s not in %s\n", d->name, o->name, s);
      CHECK(strstr(s, want) != NULL);
    }
    char *again = pipeline_of(ctx, s);
    CHECK_EQ_STR(again, s);
    free(again);
    free(s);
    vtc_pass_manager_destroy(pm);
  }
  /* Registering again is idempotent. */
  vtc_register_all_passes(ctx);
  CHECK_EQ_INT(vtc_context_num_passes(ctx), n);
  vtc_context_destroy(ctx);
}

static void test_pipeline_round_trip(void) {
  vtc_context *ctx = make_context();
  static const char *const cases[][2] = {
      {"builtin.module(func.func(cse,test-tag{value=x}),symbol-dce)",
       "builtin.module(func.func(cse,test-tag{value=x}),symbol-dce)"},
      {"cse , test-count-ops", "builtin.module(cse,test-count-ops)"},
      {"", "builtin.module()"},
      {"builtin.module()", "builtin.module()"},
      {"func.func()", "builtin.module(func.func())"},
      {"builtin.module(builtin.module(cse))", "builtin.module(builtin.module(cse))"},
      {"test-options", "builtin.module(test-options{count=3 flag=false label=none mode=auto sizes=1,2})"},
      {"test-options{label=\"a b\\\"c\" sizes=4,-5 flag mode=slow count=0x10}",
       "builtin.module(test-options{count=16 flag=true label=\"a b\\\"c\" mode=slow sizes=4,-5})"},
      {"test-options{sizes={} label='single quoted' flag=false}",
       "builtin.module(test-options{count=3 flag=false label=\"single quoted\" mode=auto sizes={}})"},
      {"test-options{sizes={7,8} label=\"\"}",
       "builtin.module(test-options{count=3 flag=false label=\"\" mode=auto sizes=7,8})"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *s = pipeline_of(ctx, cases[i][0]);
    CHECK_EQ_STR(s, cases[i][1]);
    /* The canonical form parses back to itself. */
    char *again = s ? pipeline_of(ctx, s) : NULL;
    CHECK_EQ_STR(again, cases[i][1]);
    free(s);
    free(again);
  }
  vtc_context_destroy(ctx);
}

static void test_flag_form(void) {
  vtc_context *ctx = make_context();
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  CHECK(vtc_pass_manager_is_empty(pm));
  CHECK(vtc_pass_manager_add(pm, "cse", NULL));
  CHECK(vtc_pass_manager_add(pm, "test-tag-func", "value=a"));
  CHECK(vtc_pass_manager_add(pm, "test-break-ir", ""));
  CHECK(vtc_pass_manager_add(pm, "test-count-ops", NULL));
  CHECK(!vtc_pass_manager_is_empty(pm));
  char *s = vtc_pass_manager_to_string(pm);
  CHECK_EQ_STR(s, "builtin.module(cse,func.func(test-tag-func{value=a},test-break-ir),test-count-ops)");
  free(s);
  vtc_pass_manager_destroy(pm);
  vtc_context_destroy(ctx);
}

static void test_errors(void) {
  vtc_context *ctx = make_context();
  captured c = {{0}, 0};
  vtc_context_set_diag_handler(ctx, capture, &c);
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  CHECK(vtc_pass_manager_parse(pm, "cse"));
  CHECK(!vtc_pass_manager_parse(pm, "builtin.module(cse,canonicalize{max-iterations=1 bogus=2})"));
  CHECK(strstr(c.text, "<pass-pipeline>:1:50: error: unknown option 'bogus' for pass 'canonicalize'") != NULL);
  /* A failed parse leaves the pipeline as it was. */
  char *s = vtc_pass_manager_to_string(pm);
  CHECK_EQ_STR(s, "builtin.module(cse)");
  free(s);
  c.text[0] = 0;
  CHECK(!vtc_pass_manager_add(pm, "nope", NULL));
  CHECK(strstr(c.text, "<pass-pipeline>:1:1: error: 'nope' does not refer to a registered pass") != NULL);
  c.text[0] = 0;
  CHECK(!vtc_pass_manager_parse(pm, "test-options{count=9223372036854775808}"));
  CHECK(strstr(c.text, "expected a 64-bit integer") != NULL);
  CHECK(vtc_pass_manager_parse(pm, "test-options{count=-9223372036854775808}"));
  vtc_pass_manager_destroy(pm);
  vtc_context_destroy(ctx);
}

static const char kModule[] = "module {\n"
                              "  func.func @f() {\n    return\n  }\n"
                              "  func.func @g() {\n    return\n  }\n"
                              "  module @inner {\n    func.func @h() {\n      return\n    }\n  }\n"
                              "}\n";

static vtc_op *find_func(vtc_op *module, const char *name) {
  for (vtc_op *op = module->regions[0].first->first; op; op = op->next) {
    const vtc_attr *sym = vtc_op_get_attr(op, "sym_name");
    if (sym && !strcmp(sym->str, name)) return op;
  }
  return NULL;
}

static void test_run_nested(void) {
  vtc_context *ctx = make_context();
  vtc_op *m = vtc_parse_source(ctx, "m.mlir", kModule, sizeof kModule - 1, 0);
  CHECK(m != NULL);
  if (!m) return;
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  CHECK(vtc_pass_manager_parse(pm, "builtin.module(func.func(test-tag{value=fn}),test-count-ops)"));
  char *stats = NULL;
  size_t stats_len = 0;
  FILE *dump = open_memstream(&stats, &stats_len);
  vtc_pm_instrumentation inst = vtc_pm_instrumentation_default();
  inst.statistics = true;
  inst.dump = dump;
  vtc_pass_manager_set_instrumentation(pm, &inst);
  CHECK(vtc_pass_manager_run(pm, m));
  vtc_op *f = find_func(m, "f"), *g = find_func(m, "g"), *inner = find_func(m, "inner");
  CHECK(f && vtc_op_get_attr(f, "test.tag") != NULL);
  CHECK(g && vtc_op_get_attr(g, "test.tag") != NULL);
  /* Only ops directly in the anchor's regions: @h inside @inner is not. */
  CHECK(vtc_op_get_attr(m, "test.tag") == NULL);
  CHECK(inner && vtc_op_get_attr(inner, "test.tag") == NULL);
  if (inner) CHECK(vtc_op_get_attr(inner->regions[0].first->first, "test.tag") == NULL);
  vtc_pass_manager_print_reports(pm);
  fclose(dump);
  CHECK(stats && strstr(stats, "'func.func' Pipeline\n  test-tag\n    (S) 2 ops-tagged\n") != NULL);
  CHECK(stats && strstr(stats, "test-count-ops\n  (S) 7 num-ops\n  (S) 4 num-regions\n") != NULL);
  free(stats);
  vtc_pass_manager_destroy(pm);
  vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

static void test_run_wrong_root(void) {
  vtc_context *ctx = make_context();
  captured c = {{0}, 0};
  vtc_context_set_diag_handler(ctx, capture, &c);
  vtc_op *m = vtc_parse_source(ctx, "m.mlir", kModule, sizeof kModule - 1, 0);
  if (!m) return;
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "func.func");
  CHECK(!vtc_pass_manager_run(pm, m));
  CHECK(strstr(c.text, "can't run a pass pipeline anchored on 'func.func' on a 'builtin.module' op") != NULL);
  vtc_pass_manager_destroy(pm);
  vtc_op_destroy(m);
  vtc_context_destroy(ctx);
}

static void test_split_input(void) {
  const char text[] = "a\n// -----\nb\nc\n  // ----- x\nd";
  vtc_input_chunk *chunks;
  size_t n = vtc_split_input(text, sizeof text - 1, &chunks);
  CHECK_EQ_INT(n, 3);
  if (n == 3) {
    CHECK(chunks[0].len == 2 && !strncmp(chunks[0].text, "a\n", 2));
    CHECK_EQ_INT(chunks[0].line_offset, 0);
    CHECK(chunks[1].len == 4 && !strncmp(chunks[1].text, "b\nc\n", 4));
    CHECK_EQ_INT(chunks[1].line_offset, 2);
    CHECK(chunks[2].len == 1 && chunks[2].text[0] == 'd');
    CHECK_EQ_INT(chunks[2].line_offset, 5);
  }
  free(chunks);
}

static void test_diag_verifier(void) {
  vtc_context *ctx = vtc_context_create();
  captured c = {{0}, 0};
  vtc_context_set_diag_handler(ctx, capture, &c);
  const char text[] = "x // expected-error {{boom}}\n"
                      "// expected-warning@+1 {{careful}}\n"
                      "y\n"
                      "// expected-note@-1 {{see}}\n"
                      "// expected-remark@above {{r}}\n"
                      "// expected-error@unknown {{nowhere}}\n"
                      "// expected-error {{never}}\n";
  vtc_diag_verifier *v = vtc_diag_verifier_create(ctx, "t.mlir", text, sizeof text - 1, 10);
  vtc_error(ctx, vtc_loc_file(ctx, "t.mlir", 11, 1), "big boom here");
  vtc_warning(ctx, vtc_loc_file(ctx, "t.mlir", 13, 1), "be careful");
  vtc_diagnostic *d = vtc_diag_begin(ctx, VTC_SEV_REMARK, vtc_loc_file(ctx, "t.mlir", 13, 2), "r!");
  vtc_diag_note(d, vtc_loc_file(ctx, "t.mlir", 13, 3), "see there");
  vtc_diag_emit(d);
  vtc_error(ctx, vtc_loc_unknown(ctx), "nowhere at all");
  vtc_error(ctx, vtc_loc_file(ctx, "t.mlir", 12, 1), "surprise");
  CHECK_EQ_INT(c.count, 0); /* captured, not delivered */
  CHECK(!vtc_diag_verifier_finish(v));
  CHECK_EQ_INT(c.count, 2);
  CHECK(strstr(c.text, "t.mlir:12:1: error: unexpected error: surprise") != NULL);
  CHECK(strstr(c.text, "t.mlir:17:4: error: expected error \"never\" was not produced") != NULL);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_registry);
  UNIT_RUN(test_pipeline_round_trip);
  UNIT_RUN(test_flag_form);
  UNIT_RUN(test_errors);
  UNIT_RUN(test_run_nested);
  UNIT_RUN(test_run_wrong_root);
  UNIT_RUN(test_split_input);
  UNIT_RUN(test_diag_verifier);
  return UNIT_RESULT();
}
