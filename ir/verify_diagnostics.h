/* --verify-diagnostics and --split-input-file, as in MLIR: `expected-error`,
 * `expected-warning`, `expected-remark` and `expected-note` annotations
 * (`// expected-error@+1 {{substring}}`, `@-N`, `@above`, `@below`,
 * `@unknown`) are matched against the diagnostics actually produced, and a
 * buffer is split into independent chunks on `// -----` lines. */
#ifndef VTC_IR_VERIFY_DIAGNOSTICS_H
#define VTC_IR_VERIFY_DIAGNOSTICS_H

#include <stddef.h>

#include "ir/context.h"

typedef struct vtc_diag_verifier vtc_diag_verifier;

/* Collects the annotations of text (a buffer called name whose first line is
 * line line_offset + 1 of that file) and captures every diagnostic the
 * context delivers from now on (the previous handler is saved). The text
 * must outlive the verifier. */
vtc_diag_verifier *vtc_diag_verifier_create(vtc_context *ctx, const char *name, const char *text, size_t len,
                                            unsigned line_offset);
/* Restores the previous handler, reports each mismatch through it as an error
 * (`expected error "X" was not produced` at the annotation,
 * `unexpected error: Y` at the diagnostic), frees the verifier and returns
 * true when everything matched. */
bool vtc_diag_verifier_finish(vtc_diag_verifier *v);

/* One chunk of a --split-input-file buffer. */
typedef struct vtc_input_chunk {
  const char *text; /* points into the buffer */
  size_t len;
  unsigned line_offset; /* lines before the chunk in the buffer */
} vtc_input_chunk;

/* Splits buf on lines whose text (after leading blanks) starts with
 * `// -----`; the marker lines belong to no chunk. Returns the number of
 * chunks (at least 1) and a heap array in *chunks (caller frees). */
size_t vtc_split_input(const char *buf, size_t len, vtc_input_chunk **chunks);

#endif
