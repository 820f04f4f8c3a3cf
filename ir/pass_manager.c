/* The pass manager: builds a pipeline (textual or pass by pass), runs it on an
 * op with verification after each pass and the instrumentation of
 * ir/pass_instrument.c. Nested pipelines run pass by pass over every op of
 * their anchor directly nested in the parent ops' regions (MLIR's nesting);
 * because each pass runs on all those ops before the next pass starts, a dump
 * between two passes is one consistent IR that the next pass alone turns into
 * the next dump. */
#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/pass_impl.h"
#include "ir/verifier.h"

vtc_pm_instrumentation vtc_pm_instrumentation_default(void) {
  vtc_pm_instrumentation inst;
  memset(&inst, 0, sizeof inst);
  inst.verify_each = true;
  inst.print_flags.elide_elements_above = -1;
  return inst;
}

vtc_pass_manager *vtc_pass_manager_create(vtc_context *ctx, const char *anchor) {
  vtc_pass_manager *pm = vtc_xcalloc(1, sizeof *pm);
  pm->ctx = ctx;
  pm->top.anchor = vtc_str(ctx, anchor ? anchor : "builtin.module");
  pm->inst = vtc_pm_instrumentation_default();
  return pm;
}

static char **copy_list(const char *const *list) {
  if (!list) return NULL;
  size_t n = 0;
  while (list[n]) n++;
  char **copy = vtc_xcalloc(n + 1, sizeof *copy);
  for (size_t i = 0; i < n; i++) copy[i] = vtc_xstrdup(list[i]);
  return copy;
}

static void free_list(char **list) {
  for (size_t i = 0; list && list[i]; i++) free(list[i]);
  free(list);
}

void vtc_pass_manager_destroy(vtc_pass_manager *pm) {
  if (!pm) return;
  if (!pm->reported && pm->ran && (pm->inst.statistics || pm->inst.time_passes)) vtc_pass_manager_print_reports(pm);
  pm_pipeline_free(&pm->top);
  free_list(pm->print_before);
  free_list(pm->print_after);
  free(pm->tree_dir);
  for (size_t i = 0; i < pm->timing_rows.len; i++) free((char *)pm->timing_rows.data[i].name);
  VTC_VEC_FREE(&pm->timing_rows);
  VTC_VEC_FREE(&pm->flat);
  free(pm);
}

bool vtc_pass_manager_parse(vtc_pass_manager *pm, const char *pipeline) {
  return pm_parse_into(pm, &pm->top, "<pass-pipeline>", pipeline, false);
}

/* The flag form `--NAME=OPTIONS` is the pipeline element `NAME{OPTIONS}`,
 * nested automatically on the pass's anchor; errors point into that text. */
bool vtc_pass_manager_add(vtc_pass_manager *pm, const char *pass_name, const char *options) {
  vtc_strbuf text = {0};
  vtc_strbuf_puts(&text, pass_name);
  if (options && *options) vtc_strbuf_printf(&text, "{%s}", options);
  bool ok = pm_parse_into(pm, &pm->top, "<pass-pipeline>", text.data, true);
  vtc_strbuf_free(&text);
  return ok;
}

void vtc_pass_manager_set_instrumentation(vtc_pass_manager *pm, const vtc_pm_instrumentation *inst) {
  free_list(pm->print_before);
  free_list(pm->print_after);
  free(pm->tree_dir);
  pm->inst = *inst;
  pm->print_before = copy_list(inst->print_before);
  pm->print_after = copy_list(inst->print_after);
  pm->tree_dir = inst->print_tree_dir ? vtc_xstrdup(inst->print_tree_dir) : NULL;
  pm->inst.print_before = (const char *const *)pm->print_before;
  pm->inst.print_after = (const char *const *)pm->print_after;
  pm->inst.print_tree_dir = pm->tree_dir;
  /* A tree of dumps with nothing chosen to dump means: after every pass. */
  if (pm->tree_dir && !inst->print_before_all && !inst->print_after_all && !inst->print_after_change &&
      !inst->print_after_failure && !(inst->print_before && inst->print_before[0]) &&
      !(inst->print_after && inst->print_after[0]))
    pm->inst.print_after_all = true;
}

char *vtc_pass_manager_to_string(const vtc_pass_manager *pm) {
  vtc_strbuf out = {0};
  pm_print_pipeline(&pm->top, &out);
  return vtc_strbuf_take(&out);
}

bool vtc_pass_manager_is_empty(const vtc_pass_manager *pm) { return pm->top.elems.len == 0; }

void vtc_pass_manager_add_timing(vtc_pass_manager *pm, const char *name, double seconds) {
  for (size_t i = 0; i < pm->timing_rows.len; i++) {
    if (!strcmp(pm->timing_rows.data[i].name, name)) {
      pm->timing_rows.data[i].seconds += seconds;
      return;
    }
  }
  pm_timing_row row = {vtc_xstrdup(name), seconds, pm->ran};
  VTC_VEC_PUSH(&pm->timing_rows, row);
}

void vtc_pass_manager_print_reports(vtc_pass_manager *pm) {
  FILE *out = pm->inst.dump ? pm->inst.dump : stderr;
  if (pm->inst.statistics) pm_print_statistics_report(pm, out);
  if (pm->inst.time_passes) pm_print_timing_report(pm, out);
  fflush(out);
  pm->reported = true;
}

/* ---- inside a pass -------------------------------------------------------- */

vtc_context *vtc_pass_context_ctx(vtc_pass_context *pc) { return pc->pm->ctx; }

void vtc_pass_stat_add(vtc_pass_context *pc, unsigned stat, uint64_t amount) {
  if (stat < pc->elem->num_stats) pc->elem->stats[stat] += amount;
}

void vtc_pass_mark_unchanged(vtc_pass_context *pc) { pc->unchanged = true; }

/* ---- running -------------------------------------------------------------- */

typedef struct pm_exec {
  vtc_pass_manager *pm;
  vtc_op *root;
  pm_path path;
} pm_exec;

static void flatten(vtc_pass_manager *pm, pm_pipeline *pl, pm_path *path) {
  for (size_t i = 0; i < pl->elems.len; i++) {
    pm_elem *e = pl->elems.data[i];
    if (e->nested) {
      path->nests[path->depth++] = e;
      flatten(pm, e->nested, path);
      path->depth--;
      continue;
    }
    e->flat_index = (unsigned)pm->flat.len;
    pm_flat_entry entry = {*path, e};
    VTC_VEC_PUSH(&pm->flat, entry);
  }
}

static bool run_pipeline(pm_exec *x, pm_pipeline *pl, vtc_op **ops, size_t n);

static bool run_pass(pm_exec *x, pm_elem *e, vtc_op **ops, size_t n) {
  vtc_pass_manager *pm = x->pm;
  const vtc_pm_instrumentation *inst = &pm->inst;
  const vtc_pass_def *def = e->def;
  const pm_flat_entry *next = e->flat_index + 1 < pm->flat.len ? &pm->flat.data[e->flat_index + 1] : NULL;
  pm->pass_step++;

  if (inst->print_before_all || pm_name_listed(pm->print_before, def->name))
    pm_dump_ir(pm, x->root, PM_DUMP_BEFORE, &x->path, e, &x->path, e);
  char *snapshot = NULL;
  if (inst->print_after_change) {
    vtc_strbuf b = {0};
    vtc_print_op(x->root, &inst->print_flags, &b);
    snapshot = vtc_strbuf_take(&b);
  }

  bool ok = true, changed = false;
  unsigned errors = vtc_context_error_count(pm->ctx);
  double t0 = vtc_now_seconds();
  for (size_t i = 0; i < n && ok; i++) {
    vtc_op *op = ops[i];
    if (def->anchor && strcmp(op->name->name, def->anchor)) {
      ok = vtc_error(pm->ctx, op->loc, "can't run '%s' pass on a '%s' op: it is anchored on '%s' ops", def->name,
                     op->name->name, def->anchor);
      break;
    }
    vtc_pass_context pc = {pm, e, false};
    if (!def->run(&pc, op, e->options)) {
      ok = false;
      if (vtc_context_error_count(pm->ctx) == errors)
        vtc_error(pm->ctx, op->loc, "pass '%s' failed on this '%s' op", def->name, op->name->name);
    }
    changed |= !pc.unchanged;
  }
  e->seconds += vtc_now_seconds() - t0;

  if (ok && changed && inst->verify_each) {
    double tv = vtc_now_seconds();
    for (size_t i = 0; i < n && ok; i++) {
      if (!vtc_verify(ops[i]))
        ok = vtc_error(pm->ctx, ops[i]->loc, "'%s' op is invalid after running pass '%s'", ops[i]->name->name,
                       def->name);
    }
    pm->verify_seconds += vtc_now_seconds() - tv;
  }

  if (!ok) {
    if (inst->print_after_failure) pm_dump_ir(pm, x->root, PM_DUMP_AFTER_FAILURE, &x->path, e, &x->path, e);
    free(snapshot);
    return false;
  }
  bool print = inst->print_after_all || pm_name_listed(pm->print_after, def->name);
  if (!print && snapshot && changed) {
    vtc_strbuf b = {0};
    vtc_print_op(x->root, &inst->print_flags, &b);
    print = strcmp(b.data ? b.data : "", snapshot) != 0;
    vtc_strbuf_free(&b);
  }
  if (print) pm_dump_ir(pm, x->root, PM_DUMP_AFTER, &x->path, e, next ? &next->path : NULL, next ? next->pass : NULL);
  free(snapshot);
  return true;
}

static bool run_pipeline(pm_exec *x, pm_pipeline *pl, vtc_op **ops, size_t n) {
  for (size_t i = 0; i < pl->elems.len; i++) {
    pm_elem *e = pl->elems.data[i];
    if (!e->nested) {
      if (!run_pass(x, e, ops, n)) return false;
      continue;
    }
    /* The ops of the nested anchor directly inside the parents' regions,
     * collected now: earlier passes may have added or removed some. */
    VTC_VEC(vtc_op *) kids = {0};
    for (size_t k = 0; k < n; k++) {
      vtc_op *parent = ops[k];
      for (unsigned r = 0; r < parent->num_regions; r++)
        for (vtc_block *b = parent->regions[r].first; b; b = b->next)
          for (vtc_op *op = b->first; op; op = op->next)
            if (op->name->name == e->nested->anchor) VTC_VEC_PUSH(&kids, op);
    }
    double t0 = vtc_now_seconds();
    x->path.nests[x->path.depth++] = e;
    bool ok = kids.len == 0 || run_pipeline(x, e->nested, kids.data, kids.len);
    x->path.depth--;
    e->seconds += vtc_now_seconds() - t0;
    VTC_VEC_FREE(&kids);
    if (!ok) return false;
  }
  return true;
}

bool vtc_pass_manager_run(vtc_pass_manager *pm, vtc_op *root) {
  if (root->name->name != pm->top.anchor)
    return vtc_error(pm->ctx, root->loc, "can't run a pass pipeline anchored on '%s' on a '%s' op", pm->top.anchor,
                     root->name->name);
  pm->flat.len = 0;
  pm_path path = {{0}, 0};
  flatten(pm, &pm->top, &path);
  pm->ran = true;
  pm_exec x = {pm, root, {{0}, 0}};
  vtc_op *ops[1] = {root};
  bool ok = run_pipeline(&x, &pm->top, ops, 1);
  fflush(pm->inst.dump ? pm->inst.dump : stderr);
  return ok;
}
