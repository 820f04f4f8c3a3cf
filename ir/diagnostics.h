/* Diagnostics: errors, warnings, remarks and notes attached to locations,
 * delivered to the context's handler. The default handler prints
 * `file:line:col: error: message` with the source line and a caret. */
#ifndef VTC_IR_DIAGNOSTICS_H
#define VTC_IR_DIAGNOSTICS_H

#include <stdarg.h>

#include "ir/context.h"
#include "ir/location.h"

typedef enum vtc_severity {
  VTC_SEV_ERROR,
  VTC_SEV_WARNING,
  VTC_SEV_REMARK,
  VTC_SEV_NOTE,
} vtc_severity;

/* A diagnostic with its notes. Built by vtc_diag_begin, extended with notes,
 * and delivered (and freed) by vtc_diag_emit. */
struct vtc_diagnostic {
  vtc_context *ctx;
  vtc_severity severity;
  const vtc_loc *loc;
  char *message;
  struct vtc_diagnostic *notes; /* singly linked, in order */
  struct vtc_diagnostic *next;
};

typedef void (*vtc_diag_handler)(const vtc_diagnostic *diag, void *data);

vtc_diagnostic *vtc_diag_begin(vtc_context *ctx, vtc_severity sev, const vtc_loc *loc,
                               const char *fmt, ...) __attribute__((format(printf, 4, 5)));
vtc_diagnostic *vtc_diag_vbegin(vtc_context *ctx, vtc_severity sev, const vtc_loc *loc,
                                const char *fmt, va_list ap);
void vtc_diag_note(vtc_diagnostic *diag, const vtc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Appends text to the message (for messages built in pieces). */
void vtc_diag_append(vtc_diagnostic *diag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vtc_diag_emit(vtc_diagnostic *diag);

/* One-shot forms. vtc_error returns false so callers can `return vtc_error(...)`. */
bool vtc_error(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vtc_warning(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vtc_remark(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Replaces the handler (NULL restores the default printer to stderr). */
void vtc_context_set_diag_handler(vtc_context *ctx, vtc_diag_handler handler, void *data);
void vtc_context_get_diag_handler(vtc_context *ctx, vtc_diag_handler *handler, void **data);
/* Errors delivered since creation (any handler). */
unsigned vtc_context_error_count(const vtc_context *ctx);

/* Source buffers the default printer uses to show the offending line. The
 * context keeps a copy of the name and a pointer to text (which the caller
 * keeps alive while diagnostics may be printed). */
typedef struct vtc_source_buffer {
  const char *name; /* interned */
  const char *text;
  size_t len;
} vtc_source_buffer;
void vtc_context_add_source(vtc_context *ctx, const char *name, const char *text, size_t len);
const vtc_source_buffer *vtc_context_find_source(vtc_context *ctx, const char *interned_name);

/* Formats `file:line:col: error: message` (plus the source line and caret
 * when show_source, and the notes) into out. */
struct vtc_strbuf;
void vtc_diag_format(const vtc_diagnostic *diag, bool show_source, struct vtc_strbuf *out);

#endif
