/* Diagnostics: errors, warnings, remarks and notes attached to locations,
 * delivered to the context's handler. The default handler prints
 * `file:line:col: error: message` with the source line and a caret.
 *
 * ---- One error convention per layer (ARCHITECTURE.md draws the layers) ----
 * As MLIR (LogicalResult plus emitError) and QBE (err() for the user's
 * mistakes, die() for its own), each layer reports failure one way, and new
 * code follows its layer's:
 *
 *   ir/, dialects/ (ops, verifiers, folders), passes/, lowering/: a located
 *     diagnostic through the context (vtc_error; vtc_op_error of
 *     dialects/builtin; a conversion's wrapper such as gte_fail or
 *     g2l_error), then `return false` up to the pass's run hook, which
 *     returns false: the pass fails and the tool exits non-zero. A helper
 *     that returns a value, not a bool (an IR builder deep in a conversion),
 *     reports the same diagnostic and sets its conversion's sticky `failed`
 *     flag, which the conversion checks before it succeeds (MLIR's
 *     signalPassFailure): g2l.failed, gte_lowering.failed.
 *   The reference kernels and host tensors (dialects/graph/kernels*.c,
 *     runtime/tensor.c, runtime/npy.c) and the interpreters' per-op hooks:
 *     `char *err, size_t errlen` filled by vtc_errorf (runtime/tensor.h),
 *     return -1. They run without a context or a location and must not
 *     allocate on failure; the caller that has a location (the interpreter,
 *     at the op) turns the message into a located diagnostic.
 *   targets/ and runtime/ (LLVM, the JIT, the CUDA driver, libffi): `char
 *     **error` set to a malloc'd message (vtc_set_error of ir/support.h,
 *     vtc_target_errorf; error may be NULL), return -1 or NULL. They run
 *     without the IR or after it, and LLVM hands its errors back as strings.
 *   tools/: diagnostics print through the context's handler, any other error
 *     as `tool: message` on stderr, and the exit status is non-zero.
 *
 * Our own bugs ("cannot happen", QBE's die(), chibicc's unreachable()):
 * where the IR is at hand, vtc_internal_error reports one as a located
 * `internal error` and the pass fails like any other: never abort(). assert()
 * is for invariants local to a function that no input can reach (an index
 * it just computed); exhausted memory is fatal (vtc_xmalloc prints "vtc: out
 * of memory" and aborts). User input never reaches an abort, an assert or a
 * crash: it gets a diagnostic or an error message. */
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
/* "Cannot happen": an invariant of vtc itself broke while working on the IR
 * at loc. Emits `error: internal error (a bug in vtc): message` there and
 * returns false, so the pass fails with a location instead of aborting. */
bool vtc_internal_error(vtc_context *ctx, const vtc_loc *loc, const char *fmt, ...)
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
  /* Private to ir/diagnostics.c: where line `cached_line` starts, so that
   * diagnostics in line order (a printing pass over a large file) find
   * their lines in linear total time. 0: nothing cached. */
  unsigned cached_line;
  size_t cached_offset;
} vtc_source_buffer;
void vtc_context_add_source(vtc_context *ctx, const char *name, const char *text, size_t len);
const vtc_source_buffer *vtc_context_find_source(vtc_context *ctx, const char *interned_name);

/* Formats `file:line:col: error: message` (plus the source line and caret
 * when show_source, and the notes) into out. */
struct vtc_strbuf;
void vtc_diag_format(const vtc_diagnostic *diag, bool show_source, struct vtc_strbuf *out);

#endif
