/* Test-only passes (prefix `test-`) that exercise the pass manager: options
 * (test-options), failure (test-fail), verify-each (test-break-ir), nesting
 * (test-tag, test-tag-func, test-tag-module), statistics (test-count-ops) and
 * diagnostics chosen by attributes (test-emit-diagnostics). No paper section. */
#include <stddef.h>
#include <string.h>

#include "ir/ir.h"
#include "passes/test/test_passes.h"

/* ---- test-fail: always fails with a located error ---------------------- */

typedef struct fail_options {
  const char *message;
} fail_options;

static bool run_fail(vtc_pass_context *pc, vtc_op *op, const void *options) {
  const fail_options *o = options;
  vtc_pass_mark_unchanged(pc);
  return vtc_error(vtc_pass_context_ctx(pc), op->loc, "%s", o->message);
}

static const vtc_pass_option fail_opts[] = {
    {"message", VTC_OPTION_STRING, "test-fail: failing as asked", "the error to report",
     offsetof(fail_options, message), NULL},
    {0},
};

/* ---- test-options: echoes every option as a remark --------------------- */

typedef struct echo_options {
  bool flag;
  int64_t count;
  const char *label;
  int mode;
  vtc_int_list sizes;
} echo_options;

static const char *const echo_modes[] = {"fast", "slow", "auto", NULL};

static bool run_options(vtc_pass_context *pc, vtc_op *op, const void *options) {
  const echo_options *o = options;
  vtc_strbuf sizes = {0};
  for (unsigned i = 0; i < o->sizes.count; i++)
    vtc_strbuf_printf(&sizes, "%s%lld", i ? "," : "", (long long)o->sizes.values[i]);
  vtc_remark(vtc_pass_context_ctx(pc), op->loc, "test-options: count=%lld flag=%s label='%s' mode=%s sizes=[%s]",
             (long long)o->count, o->flag ? "true" : "false", o->label, echo_modes[o->mode],
             sizes.data ? sizes.data : "");
  vtc_strbuf_free(&sizes);
  vtc_pass_mark_unchanged(pc);
  return true;
}

static const vtc_pass_option echo_opts[] = {
    {"flag", VTC_OPTION_BOOL, "false", "a bool", offsetof(echo_options, flag), NULL},
    {"count", VTC_OPTION_INT, "3", "an integer", offsetof(echo_options, count), NULL},
    {"label", VTC_OPTION_STRING, "none", "a string", offsetof(echo_options, label), NULL},
    {"mode", VTC_OPTION_ENUM, "auto", "an enum", offsetof(echo_options, mode), echo_modes},
    {"sizes", VTC_OPTION_INT_LIST, "1,2", "a list of integers", offsetof(echo_options, sizes), NULL},
    {0},
};

/* ---- test-break-ir: erases the terminators directly in op's regions ---- */

static bool run_break(vtc_pass_context *pc, vtc_op *op, const void *options) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      if (b->last && vtc_op_has_trait(b->last, VTC_TRAIT_TERMINATOR)) vtc_op_erase(b->last);
  return true;
}

/* ---- test-tag / test-tag-func: sets `test.tag` on the op --------------- */

typedef struct tag_options {
  const char *value;
} tag_options;

static const char *const tag_stats[] = {"ops-tagged", NULL};

static bool run_tag(vtc_pass_context *pc, vtc_op *op, const void *options) {
  const tag_options *o = options;
  vtc_op_set_attr(op, "test.tag", vtc_attr_cstring(vtc_pass_context_ctx(pc), o->value));
  vtc_pass_stat_add(pc, 0, 1);
  return true;
}

static const vtc_pass_option tag_opts[] = {
    {"value", VTC_OPTION_STRING, "tagged", "the string stored in test.tag", offsetof(tag_options, value), NULL},
    {0},
};

/* ---- test-count-ops: statistics only ----------------------------------- */

static const char *const count_stats[] = {"num-ops", "num-regions", NULL};

typedef struct count_state {
  vtc_op *root;
  uint64_t ops, regions;
} count_state;

static vtc_walk_result count_one(vtc_op *op, void *data) {
  count_state *st = data;
  if (op != st->root) {
    st->ops++;
    st->regions += op->num_regions;
  }
  return VTC_WALK_ADVANCE;
}

/* Counts what is nested in op (not op itself). */
static bool run_count(vtc_pass_context *pc, vtc_op *op, const void *options) {
  count_state st = {op, 0, 0};
  vtc_op_walk(op, false, count_one, &st);
  vtc_pass_stat_add(pc, 0, st.ops);
  vtc_pass_stat_add(pc, 1, st.regions);
  vtc_pass_mark_unchanged(pc);
  return true;
}

/* ---- test-emit-diagnostics: diagnostics chosen by attributes ---------- */

/* Every op nested in the root with a `test.error`, `test.warning` or
 * `test.remark` string attribute gets that diagnostic at its location, with
 * `test.note` (when present) attached as a note at the same location. */
static vtc_walk_result emit_one(vtc_op *op, void *data) {
  static const char *const names[] = {"test.error", "test.warning", "test.remark"};
  static const vtc_severity sevs[] = {VTC_SEV_ERROR, VTC_SEV_WARNING, VTC_SEV_REMARK};
  bool *failed = data;
  for (int i = 0; i < 3; i++) {
    const vtc_attr *msg = vtc_op_get_attr(op, names[i]);
    if (!msg || msg->kind != VTC_ATTR_STRING) continue;
    vtc_diagnostic *d = vtc_diag_begin(vtc_op_context(op), sevs[i], op->loc, "%s", msg->str);
    const vtc_attr *note = vtc_op_get_attr(op, "test.note");
    if (note && note->kind == VTC_ATTR_STRING) vtc_diag_note(d, op->loc, "%s", note->str);
    vtc_diag_emit(d);
    if (sevs[i] == VTC_SEV_ERROR) *failed = true;
  }
  return VTC_WALK_ADVANCE;
}

static bool run_emit(vtc_pass_context *pc, vtc_op *op, const void *options) {
  bool failed = false;
  vtc_op_walk(op, true, emit_one, &failed);
  vtc_pass_mark_unchanged(pc);
  return !failed;
}

static const vtc_pass_def test_passes[] = {
    {"test-emit-diagnostics", "Test: emits the diagnostics named by test.error/test.warning/test.remark attributes",
     NULL, 0, NULL, run_emit, NULL, NULL},
    {"test-fail", "Test: fails with an error on the op it runs on", NULL, sizeof(fail_options), fail_opts,
     run_fail, NULL, NULL},
    {"test-options", "Test: reports its options (every option type) as a remark", NULL, sizeof(echo_options),
     echo_opts, run_options, NULL, NULL},
    {"test-break-ir", "Test: erases the terminators of the func it runs on (invalid IR)", "func.func", 0, NULL,
     run_break, NULL, NULL},
    {"test-tag", "Test: sets the test.tag attribute on the op it runs on", NULL, sizeof(tag_options), tag_opts,
     run_tag, tag_stats, NULL},
    {"test-tag-func", "Test: test-tag anchored on func.func", "func.func", sizeof(tag_options), tag_opts, run_tag,
     tag_stats, NULL},
    {"test-tag-module", "Test: test-tag anchored on builtin.module", "builtin.module", sizeof(tag_options),
     tag_opts, run_tag, tag_stats, NULL},
    {"test-count-ops", "Test: counts the ops and regions in the op (statistics)", NULL, 0, NULL, run_count,
     count_stats, NULL},
};

void vtc_register_test_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof test_passes / sizeof *test_passes; i++)
    vtc_context_register_pass(ctx, &test_passes[i]);
}
