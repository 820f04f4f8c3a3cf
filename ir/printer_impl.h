/* The printer's private helpers, shared by printer.c (ops, regions, value
 * numbering) and printer_attr.c (types, attributes, locations). Output goes
 * straight into a vtc_strbuf with inline appends. */
#ifndef VTC_IR_PRINTER_IMPL_H
#define VTC_IR_PRINTER_IMPL_H

#include <string.h>

#include "ir/asm.h"

static inline void out_reserve(vtc_strbuf *b, size_t extra) {
  if (b->len + extra + 1 > b->cap) vtc_strbuf_reserve(b, extra);
}

static inline void out_append(vtc_strbuf *b, const char *s, size_t n) {
  out_reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

static inline void out_putc(vtc_strbuf *b, char c) {
  out_reserve(b, 1);
  b->data[b->len++] = c;
  b->data[b->len] = 0;
}

#define OUT_LIT(b, s) out_append((b), (s), sizeof(s) - 1)

static inline void out_puts(vtc_strbuf *b, const char *s) { out_append(b, s, strlen(s)); }

void printer_u64(vtc_strbuf *b, uint64_t v);
void printer_i64(vtc_strbuf *b, int64_t v);
/* A quoted, escaped string as MLIR prints it (`\22` for a quote). */
void printer_string(vtc_strbuf *b, const char *s, size_t n);
/* A bare identifier when it is one, else a quoted string. */
void printer_name(vtc_strbuf *b, const char *s, size_t n);
bool printer_is_bare_id(const char *s, size_t n);
void printer_type(vtc_strbuf *b, const vtc_type *t);
/* elide_above < 0: never elide dense elements. elision: whether to drop
 * the `: type` of integers and floats (MAY: only i64 and f64, as MLIR does
 * inside arrays). */
enum { VTC_ELIDE_NEVER, VTC_ELIDE_MAY, VTC_ELIDE_ALWAYS };
void printer_attr(vtc_strbuf *b, const vtc_attr *a, int64_t elide_above, int elision);
/* The location without the `loc(...)` wrapper. */
void printer_loc(vtc_strbuf *b, const vtc_loc *l);
/* The `{-# dialect_resources: ... #-}` section for the blobs root's
 * attributes reference (nothing when there are none); blobs read by a
 * tensor of more than elide_above elements are left out when >= 0
 * (printer_resources.c). */
void printer_resources(vtc_strbuf *b, vtc_op *root, int64_t elide_above);

#endif
