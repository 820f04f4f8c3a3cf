/* Pass instrumentation: IR dumps before/after passes (to the dump stream or,
 * with --print-ir-tree-dir, one file per dump), each headed by the vtc-opt
 * command that reproduces the next step from the dumped IR; the
 * --time-passes and --pass-statistics reports. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "ir/diagnostics.h"
#include "ir/pass_impl.h"

bool pm_name_listed(char *const *list, const char *name) {
  for (size_t i = 0; list && list[i]; i++)
    if (!strcmp(list[i], name)) return true;
  return false;
}

void pm_print_path_pipeline(const vtc_pass_manager *pm, const pm_path *path, const pm_elem *pass,
                            vtc_strbuf *out) {
  vtc_strbuf_printf(out, "%s(", pm->top.anchor);
  for (unsigned i = 0; i < path->depth; i++) vtc_strbuf_printf(out, "%s(", path->nests[i]->nested->anchor);
  pm_print_elem(pass, out);
  for (unsigned i = 0; i <= path->depth; i++) vtc_strbuf_putc(out, ')');
}

/* `vtc-opt <flags that shape the output> --pass-pipeline='...'`, quoted for a
 * POSIX shell. */
static void print_command(vtc_pass_manager *pm, const pm_path *path, const pm_elem *pass, vtc_strbuf *out) {
  vtc_strbuf_puts(out, "vtc-opt");
  if (vtc_context_allows_unregistered(pm->ctx)) vtc_strbuf_puts(out, " --allow-unregistered-dialect");
  if (pm->inst.print_flags.generic) vtc_strbuf_puts(out, " --print-generic");
  if (pm->inst.print_flags.debug_info) vtc_strbuf_puts(out, " --print-debuginfo");
  vtc_strbuf pipeline = {0};
  pm_print_path_pipeline(pm, path, pass, &pipeline);
  vtc_strbuf_puts(out, " --pass-pipeline='");
  for (const char *c = pipeline.data; *c; c++) {
    if (*c == '\'') vtc_strbuf_puts(out, "'\\''");
    else vtc_strbuf_putc(out, *c);
  }
  vtc_strbuf_putc(out, '\'');
  vtc_strbuf_free(&pipeline);
}

static void mkdir_p(const char *dir) {
  char buf[4096];
  size_t n = strlen(dir);
  if (n >= sizeof buf) return;
  memcpy(buf, dir, n + 1);
  for (size_t i = 1; i <= n; i++) {
    if (buf[i] != '/' && buf[i] != 0) continue;
    char c = buf[i];
    buf[i] = 0;
    mkdir(buf, 0777);
    buf[i] = c;
  }
}

static void append_dir_name(vtc_strbuf *path, const char *op_name) {
  vtc_strbuf_putc(path, '/');
  for (const char *c = op_name; *c; c++) vtc_strbuf_putc(path, *c == '.' ? '_' : *c);
}

/* --print-ir-tree-dir: DIR/<root op>_<sym name or no-symbol-name>/<nested
 * anchors...>/<step>_<pass>[.before|.failed].mlir, mirroring the pipeline's
 * nesting; <step> counts executed passes, so names sort in execution order. */
static FILE *open_tree_file(vtc_pass_manager *pm, vtc_op *root, pm_dump_kind kind, const pm_path *path,
                            const pm_elem *pass, vtc_strbuf *file) {
  vtc_strbuf_puts(file, pm->tree_dir);
  append_dir_name(file, root->name->name);
  const vtc_attr *sym = vtc_op_get_attr(root, "sym_name");
  if (sym && sym->kind == VTC_ATTR_STRING) vtc_strbuf_printf(file, "_%s", sym->str);
  else vtc_strbuf_puts(file, "_no-symbol-name");
  for (unsigned i = 0; i < path->depth; i++) append_dir_name(file, path->nests[i]->nested->anchor);
  mkdir_p(file->data);
  vtc_strbuf_printf(file, "/%u_%s%s.mlir", pm->pass_step - 1, pass->def->name,
                    kind == PM_DUMP_BEFORE ? ".before" : kind == PM_DUMP_AFTER_FAILURE ? ".failed" : "");
  return fopen(file->data, "w");
}

void pm_dump_ir(vtc_pass_manager *pm, vtc_op *root, pm_dump_kind kind, const pm_path *path, const pm_elem *pass,
                const pm_path *next_path, const pm_elem *next) {
  vtc_strbuf text = {0};
  const char *what = kind == PM_DUMP_BEFORE ? "Before" : "After";
  vtc_strbuf_printf(&text, "// -----// IR Dump %s %s%s //----- //\n", what, pass->def->name,
                    kind == PM_DUMP_AFTER_FAILURE ? " Failed" : "");
  if (kind == PM_DUMP_AFTER_FAILURE) {
    vtc_strbuf_puts(&text, "// reproduce the failing step: ");
    print_command(pm, path, pass, &text);
    vtc_strbuf_putc(&text, '\n');
  } else if (next) {
    vtc_strbuf_puts(&text, "// reproduce the next step: ");
    print_command(pm, next_path, next, &text);
    vtc_strbuf_putc(&text, '\n');
  } else {
    vtc_strbuf_puts(&text, "// reproduce the next step: none, the pipeline ends here\n");
  }
  if (pm->inst.print_flags.elide_elements_above >= 0)
    vtc_strbuf_puts(&text, "// (large elements attributes are elided: this dump does not parse back)\n");
  vtc_print_op(root, &pm->inst.print_flags, &text);
  if (text.len && text.data[text.len - 1] != '\n') vtc_strbuf_putc(&text, '\n');

  if (pm->tree_dir) {
    vtc_strbuf file = {0};
    FILE *f = open_tree_file(pm, root, kind, path, pass, &file);
    if (f) {
      fwrite(text.data, 1, text.len, f);
      fclose(f);
    } else {
      vtc_error(pm->ctx, vtc_loc_unknown(pm->ctx), "cannot write IR dump '%s': %s", file.data, strerror(errno));
    }
    vtc_strbuf_free(&file);
  } else {
    FILE *out = pm->inst.dump ? pm->inst.dump : stderr;
    fwrite(text.data, 1, text.len, out);
    fputc('\n', out);
    fflush(out);
  }
  vtc_strbuf_free(&text);
}

/* ---- reports ------------------------------------------------------------ */

static const char *const kRule = "===-------------------------------------------------------------------------===\n";

static void report_banner(FILE *out, const char *title) {
  fputs(kRule, out);
  int pad = (int)(79 - strlen(title)) / 2;
  fprintf(out, "%*s%s\n", pad > 0 ? pad : 0, "", title);
  fputs(kRule, out);
}

static void timing_row(FILE *out, double seconds, double total, int indent, const char *name, const char *suffix) {
  fprintf(out, "  %8.4f (%5.1f%%)  %*s%s%s\n", seconds, total > 0 ? 100.0 * seconds / total : 0.0, indent * 2, "",
          name, suffix);
}

static void timing_pipeline(FILE *out, const pm_pipeline *pl, double total, int indent) {
  for (size_t i = 0; i < pl->elems.len; i++) {
    const pm_elem *e = pl->elems.data[i];
    if (e->nested) {
      char name[256];
      snprintf(name, sizeof name, "'%s' Pipeline", e->nested->anchor);
      timing_row(out, e->seconds, total, indent, name, "");
      timing_pipeline(out, e->nested, total, indent + 1);
    } else {
      timing_row(out, e->seconds, total, indent, e->def->name, "");
    }
  }
}

void pm_print_timing_report(vtc_pass_manager *pm, FILE *out) {
  double total = pm->verify_seconds;
  for (size_t i = 0; i < pm->top.elems.len; i++) total += pm->top.elems.data[i]->seconds;
  for (size_t i = 0; i < pm->timing_rows.len; i++) total += pm->timing_rows.data[i].seconds;
  report_banner(out, "... Execution time report ...");
  fprintf(out, "  Total Execution Time: %.4f seconds\n\n", total);
  fputs("  ----Wall Time----  ----Name----\n", out);
  for (size_t i = 0; i < pm->timing_rows.len; i++)
    if (!pm->timing_rows.data[i].after_pipeline)
      timing_row(out, pm->timing_rows.data[i].seconds, total, 0, pm->timing_rows.data[i].name, "");
  timing_pipeline(out, &pm->top, total, 0);
  if (pm->inst.verify_each) timing_row(out, pm->verify_seconds, total, 0, "Verifier (after each pass)", "");
  for (size_t i = 0; i < pm->timing_rows.len; i++)
    if (pm->timing_rows.data[i].after_pipeline)
      timing_row(out, pm->timing_rows.data[i].seconds, total, 0, pm->timing_rows.data[i].name, "");
  timing_row(out, total, total, 0, "Total", "");
}

static void statistics_pipeline(FILE *out, const pm_pipeline *pl, int indent) {
  for (size_t i = 0; i < pl->elems.len; i++) {
    const pm_elem *e = pl->elems.data[i];
    if (e->nested) {
      fprintf(out, "%*s'%s' Pipeline\n", indent * 2, "", e->nested->anchor);
      statistics_pipeline(out, e->nested, indent + 1);
      continue;
    }
    fprintf(out, "%*s%s\n", indent * 2, "", e->def->name);
    int width = 1;
    for (unsigned s = 0; s < e->num_stats; s++) {
      int w = snprintf(NULL, 0, "%llu", (unsigned long long)e->stats[s]);
      if (w > width) width = w;
    }
    for (unsigned s = 0; s < e->num_stats; s++)
      fprintf(out, "%*s(S) %*llu %s\n", indent * 2 + 2, "", width, (unsigned long long)e->stats[s],
              e->def->statistics[s]);
  }
}

void pm_print_statistics_report(vtc_pass_manager *pm, FILE *out) {
  report_banner(out, "... Pass statistics report ...");
  statistics_pipeline(out, &pm->top, 0);
}
