/* vtc-opt: reads IR (a file or stdin), runs a pass pipeline over it and
 * prints the result, as mlir-opt does; with --split-input-file each
 * `// -----` chunk is processed on its own, and with --verify-diagnostics the
 * diagnostics are checked against expected-* annotations. Exit 0 on success,
 * 1 on any error diagnostic or verify-diagnostics mismatch. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import/onnx/onnx.h"
#include "ir/ir.h"
#include "ir/verify_diagnostics.h"
#include "tools/common/register.h"
#include "tools/vtc-opt/options.h"

#define VTC_OPT_VERSION "0.1.0"

static char *read_stdin(size_t *len) {
  vtc_strbuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) vtc_strbuf_append(&b, chunk, n);
  if (!b.data) vtc_strbuf_puts(&b, "");
  *len = b.len;
  return vtc_strbuf_take(&b);
}

typedef struct driver {
  vtc_context *ctx;
  vtc_pass_manager *pm;
  const opt_options *o;
  vtc_print_flags print_flags;
  const char *name; /* the input's name in locations */
} driver;

/* Verifies, runs and prints a parsed (or imported) root; destroys it. */
static bool process_root(driver *d, vtc_op *root, vtc_strbuf *out) {
  bool ok = root != NULL;
  double t0;
  if (ok) {
    t0 = vtc_now_seconds();
    ok = vtc_verify(root);
    vtc_pass_manager_add_timing(d->pm, "Verifier (input)", vtc_now_seconds() - t0);
  }
  if (ok && !vtc_pass_manager_is_empty(d->pm)) ok = vtc_pass_manager_run(d->pm, root);
  if (ok) {
    t0 = vtc_now_seconds();
    vtc_print_op(root, &d->print_flags, out);
    if (vtc_strbuf_last(out) && vtc_strbuf_last(out) != '\n') vtc_strbuf_putc(out, '\n');
    vtc_pass_manager_add_timing(d->pm, "Output", vtc_now_seconds() - t0);
  }
  if (root) vtc_op_destroy(root);
  return ok;
}

/* Parses, verifies, runs and prints one chunk; appends the printed IR to out.
 * Returns false on an error (or, with --verify-diagnostics, a mismatch). */
static bool process_chunk(driver *d, const vtc_input_chunk *chunk, vtc_strbuf *out) {
  unsigned errors = vtc_context_error_count(d->ctx);
  vtc_diag_verifier *v = NULL;
  if (d->o->verify_diagnostics)
    v = vtc_diag_verifier_create(d->ctx, d->name, chunk->text, chunk->len, chunk->line_offset);
  double t0 = vtc_now_seconds();
  vtc_op *root = vtc_parse_source(d->ctx, d->name, chunk->text, chunk->len, chunk->line_offset);
  vtc_pass_manager_add_timing(d->pm, "Parser", vtc_now_seconds() - t0);
  bool ok = process_root(d, root, out);
  if (v) return vtc_diag_verifier_finish(v);
  return ok && vtc_context_error_count(d->ctx) == errors;
}

/* An ONNX model (by its extension) instead of text: imported from the
 * file (mapped, not read: import/onnx), then the same. */
static bool process_onnx(driver *d, vtc_strbuf *out) {
  unsigned errors = vtc_context_error_count(d->ctx);
  double t0 = vtc_now_seconds();
  vtc_op *root = vtc_onnx_import_file(d->ctx, d->name, NULL, NULL);
  vtc_pass_manager_add_timing(d->pm, "ONNX import", vtc_now_seconds() - t0);
  return process_root(d, root, out) && vtc_context_error_count(d->ctx) == errors;
}

static int run(const opt_options *o, vtc_context *ctx) {
  if (o->help) {
    opt_print_help(stdout, ctx);
    return 0;
  }
  if (o->version) {
    printf("vtc-opt version " VTC_OPT_VERSION "\n");
    return 0;
  }
  if (o->list_passes) {
    opt_print_passes(stdout, ctx, true);
    return 0;
  }
  vtc_context_allow_unregistered(ctx, o->allow_unregistered);
  /* A misspelt pass name in --print-ir-before/after would silently print
   * nothing: reject it. */
  for (int k = 0; k < 2; k++) {
    char *const *names = k ? o->print_after.data : o->print_before.data;
    for (size_t i = 0; names && names[i]; i++) {
      if (!vtc_context_lookup_pass(ctx, names[i])) {
        fprintf(stderr, "vtc-opt: '--print-ir-%s=%s': no pass is named '%s' (see --list-passes)\n",
                k ? "after" : "before", names[i], names[i]);
        return 1;
      }
    }
  }

  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = true;
  if (o->pass_pipeline) ok = vtc_pass_manager_parse(pm, o->pass_pipeline);
  for (size_t i = 0; ok && i < o->pass_flags.len; i++)
    ok = vtc_pass_manager_add(pm, o->pass_flags.data[i].name, o->pass_flags.data[i].options);
  if (!ok) {
    vtc_pass_manager_destroy(pm);
    return 1;
  }
  vtc_pm_instrumentation inst = vtc_pm_instrumentation_default();
  inst.verify_each = o->verify_each;
  inst.print_before_all = o->print_before_all;
  inst.print_after_all = o->print_after_all;
  inst.print_before = o->print_before.len ? (const char *const *)o->print_before.data : NULL;
  inst.print_after = o->print_after.len ? (const char *const *)o->print_after.data : NULL;
  inst.print_after_change = o->print_after_change;
  inst.print_after_failure = o->print_after_failure;
  inst.print_tree_dir = o->print_tree_dir;
  inst.time_passes = o->time_passes;
  inst.statistics = o->pass_statistics;
  inst.print_flags.generic = o->print_generic;
  inst.print_flags.debug_info = o->print_debuginfo;
  inst.print_flags.elide_elements_above = o->elide_elements_above;
  inst.dump = stderr;
  vtc_pass_manager_set_instrumentation(pm, &inst);
  if (o->dump_pass_pipeline) {
    char *text = vtc_pass_manager_to_string(pm);
    fprintf(stderr, "%s\n", text);
    free(text);
  }

  bool from_stdin = !o->input || !strcmp(o->input, "-");
  bool onnx = !from_stdin && vtc_onnx_is_model_path(o->input);
  size_t len = 0;
  char *buf = from_stdin ? read_stdin(&len) : onnx ? vtc_xstrdup("") : vtc_read_file(o->input, &len);
  if (!buf) {
    fprintf(stderr, "vtc-opt: cannot read '%s': %s\n", o->input, strerror(errno));
    vtc_pass_manager_destroy(pm);
    return 1;
  }
  driver d = {ctx, pm, o, inst.print_flags, from_stdin ? "<stdin>" : o->input};
  /* The whole buffer, so that diagnostics in any chunk show their line. */
  if (!onnx) vtc_context_add_source(ctx, d.name, buf, len);
  vtc_input_chunk whole = {buf, len, 0}, *chunks = &whole;
  size_t num_chunks = o->split_input_file && !onnx ? vtc_split_input(buf, len, &chunks) : 1;
  /* Output streams to stdout, or to a temporary file beside -o that is
   * renamed into place only when everything succeeded (as mlir-opt's
   * ToolOutputFile), so a failed run never leaves a partial file. */
  bool to_file = o->output && strcmp(o->output, "-");
  /* A device (-o /dev/null) is written in place: renaming a file over it
   * would replace the device node itself. */
  struct stat st;
  bool special = to_file && stat(o->output, &st) == 0 && !S_ISREG(st.st_mode);
  char *tmp_name = NULL;
  vtc_strbuf out = {.sink = stdout};
  if (special) {
    out.sink = fopen(o->output, "w");
    if (!out.sink) {
      fprintf(stderr, "vtc-opt: cannot write '%s': %s\n", o->output, strerror(errno));
      ok = false;
      num_chunks = 0;
    }
    to_file = false;
  } else if (to_file) {
    size_t n = strlen(o->output) + 16;
    tmp_name = vtc_xmalloc(n);
    snprintf(tmp_name, n, "%s.tmp-XXXXXX", o->output);
    int fd = mkstemp(tmp_name);
    out.sink = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out.sink) {
      fprintf(stderr, "vtc-opt: cannot write '%s': %s\n", o->output, strerror(errno));
      ok = false;
      num_chunks = 0;
    }
  }
  for (size_t i = 0; i < num_chunks; i++) {
    if (i) vtc_strbuf_puts(&out, "// -----\n");
    ok &= onnx ? process_onnx(&d, &out) : process_chunk(&d, &chunks[i], &out);
  }
  if (chunks != &whole) free(chunks);
  vtc_strbuf_flush(&out);
  if (to_file && out.sink) {
    bool written = !out.sink_failed && fclose(out.sink) == 0;
    if (ok && written && rename(tmp_name, o->output) != 0) written = false;
    if (ok && !written) {
      fprintf(stderr, "vtc-opt: cannot write '%s': %s\n", o->output, strerror(errno));
      ok = false;
    }
    if (!ok) remove(tmp_name);
  } else if (special && out.sink) {
    if (fclose(out.sink) != 0) ok = false;
  } else if (!to_file) {
    fflush(stdout);
  }
  free(tmp_name);
  vtc_strbuf_free(&out);
  vtc_pass_manager_print_reports(pm);
  vtc_pass_manager_destroy(pm);
  free(buf);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  opt_options o;
  int rc = opt_parse_args(argc, argv, ctx, &o) ? run(&o, ctx) : 1;
  opt_options_free(&o);
  vtc_context_destroy(ctx);
  return rc;
}
