/* Building, formatting and delivering diagnostics; the default handler
 * prints `file:line:col: error: message`, the source line and a caret. */
#include "ir/diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/asm.h"
#include "ir/context_impl.h"

static const char *const severity_names[] = {
    [VTC_SEV_ERROR] = "error",
    [VTC_SEV_WARNING] = "warning",
    [VTC_SEV_REMARK] = "remark",
    [VTC_SEV_NOTE] = "note",
};

static vtc_diagnostic *diag_new(vtc_context *ctx, vtc_severity sev, const vtc_loc *loc,
                                const char *fmt, va_list ap) {
  vtc_diagnostic *d = vtc_xcalloc(1, sizeof *d);
  d->ctx = ctx;
  d->severity = sev;
  d->loc = loc ? loc : vtc_loc_unknown(ctx);
  vtc_strbuf b = {0};
  vtc_strbuf_vprintf(&b, fmt, ap);
  d->message = vtc_strbuf_take(&b);
  return d;
}

vtc_diagnostic *vtc_diag_vbegin(vtc_context *ctx, vtc_severity sev, const vtc_loc *loc,
                                const char *fmt, va_list ap) {
  return diag_new(ctx, sev, loc, fmt, ap);
}

vtc_diagnostic *vtc_diag_begin(vtc_context *ctx, vtc_severity sev, const vtc_loc *loc,
                               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_diagnostic *d = diag_new(ctx, sev, loc, fmt, ap);
  va_end(ap);
  return d;
}

void vtc_diag_note(vtc_diagnostic *diag, const vtc_loc *loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_diagnostic *note = diag_new(diag->ctx, VTC_SEV_NOTE, loc, fmt, ap);
  va_end(ap);
  vtc_diagnostic **tail = &diag->notes;
  while (*tail) tail = &(*tail)->next;
  *tail = note;
}

void vtc_diag_append(vtc_diagnostic *diag, const char *fmt, ...) {
  vtc_strbuf b = {0};
  vtc_strbuf_puts(&b, diag->message);
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  free(diag->message);
  diag->message = vtc_strbuf_take(&b);
}

static void diag_free(vtc_diagnostic *d) {
  while (d) {
    vtc_diagnostic *next = d->next;
    diag_free(d->notes);
    free(d->message);
    free(d);
    d = next;
  }
}

/* The line `line` (1-based) of a registered source, for the caret display. */
static bool source_line(const vtc_source_buffer *csrc, unsigned line, const char **start, size_t *len) {
  /* The buffers are heap objects of the context; only the cache changes. */
  vtc_source_buffer *src = (vtc_source_buffer *)csrc;
  const char *p = src->text, *end = src->text + src->len;
  unsigned l = 1;
  if (src->cached_line && src->cached_line <= line && src->cached_offset <= src->len) {
    p += src->cached_offset;
    l = src->cached_line;
  }
  for (; l < line; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) return false;
    p = nl + 1;
  }
  src->cached_line = line;
  src->cached_offset = (size_t)(p - src->text);
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *start = p;
  *len = (size_t)((nl ? nl : end) - p);
  return true;
}

static void format_one(vtc_context *ctx, const vtc_diagnostic *d, bool show_source, vtc_strbuf *out) {
  const vtc_loc *file = vtc_loc_file_of(d->loc);
  if (file && file->line == 0) /* a file without lines (a binary model): its name alone */
    vtc_strbuf_printf(out, "%s: ", file->name);
  else if (file)
    vtc_strbuf_printf(out, "%s:%u:%u: ", file->name, file->line, file->col);
  else if (d->loc->kind == VTC_LOC_NAME)
    vtc_strbuf_printf(out, "%s: ", d->loc->name);
  else
    vtc_strbuf_puts(out, "<unknown>: ");
  vtc_strbuf_printf(out, "%s: %s\n", severity_names[d->severity], d->message);
  const vtc_source_buffer *src = file && show_source ? vtc_context_find_source(ctx, file->name) : NULL;
  const char *line;
  size_t len;
  if (src && file->line > 0 && source_line(src, file->line, &line, &len)) {
    vtc_strbuf_append(out, line, len);
    vtc_strbuf_putc(out, '\n');
    for (unsigned c = 1; c < file->col && c <= len; c++) vtc_strbuf_putc(out, line[c - 1] == '\t' ? '\t' : ' ');
    vtc_strbuf_puts(out, "^\n");
  }
}

void vtc_diag_format(const vtc_diagnostic *diag, bool show_source, vtc_strbuf *out) {
  format_one(diag->ctx, diag, show_source, out);
  for (const vtc_diagnostic *n = diag->notes; n; n = n->next) format_one(diag->ctx, n, show_source, out);
}

static void default_handler(const vtc_diagnostic *diag, void *data) {
  (void)data;
  vtc_strbuf b = {0};
  vtc_diag_format(diag, true, &b);
  fputs(b.data, stderr);
  vtc_strbuf_free(&b);
}

void vtc_diag_emit(vtc_diagnostic *diag) {
  vtc_context *ctx = diag->ctx;
  if (diag->severity == VTC_SEV_ERROR) ctx->error_count++;
  if (ctx->handler)
    ctx->handler(diag, ctx->handler_data);
  else
    default_handler(diag, NULL);
  diag_free(diag);
}

#define ONE_SHOT(sev)                                                   \
  va_list ap;                                                           \
  va_start(ap, fmt);                                                    \
  vtc_diagnostic *d = diag_new(ctx, sev, loc, fmt, ap);                 \
  va_end(ap);                                                           \
  vtc_diag_emit(d)

bool vtc_error(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...) {
  ONE_SHOT(VTC_SEV_ERROR);
  return false;
}
void vtc_warning(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...) { ONE_SHOT(VTC_SEV_WARNING); }
void vtc_remark(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...) { ONE_SHOT(VTC_SEV_REMARK); }

bool vtc_internal_error(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...) {
  vtc_strbuf msg = {0};
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&msg, fmt, ap);
  va_end(ap);
  vtc_error(ctx, loc, "internal error (a bug in vtc): %s", msg.data ? msg.data : "");
  vtc_strbuf_free(&msg);
  return false;
}

void vtc_context_set_diag_handler(vtc_context *ctx, vtc_diag_handler handler, void *data) {
  ctx->handler = handler;
  ctx->handler_data = data;
}

void vtc_context_get_diag_handler(vtc_context *ctx, vtc_diag_handler *handler, void **data) {
  *handler = ctx->handler;
  *data = ctx->handler_data;
}

unsigned vtc_context_error_count(const vtc_context *ctx) { return ctx->error_count; }

void vtc_context_add_source(vtc_context *ctx, const char *name, const char *text, size_t len) {
  const char *interned = vtc_str(ctx, name);
  for (size_t i = 0; i < ctx->sources.len; i++) {
    if (ctx->sources.data[i]->name == interned) {
      ctx->sources.data[i]->text = text;
      ctx->sources.data[i]->len = len;
      ctx->sources.data[i]->cached_line = 0;
      return;
    }
  }
  vtc_source_buffer *src = vtc_xmalloc(sizeof *src);
  *src = (vtc_source_buffer){interned, text, len, 0, 0};
  VTC_VEC_PUSH(&ctx->sources, src);
}

const vtc_source_buffer *vtc_context_find_source(vtc_context *ctx, const char *interned_name) {
  for (size_t i = 0; i < ctx->sources.len; i++)
    if (ctx->sources.data[i]->name == interned_name) return ctx->sources.data[i];
  return NULL;
}
