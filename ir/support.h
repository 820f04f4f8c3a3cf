/* Small utilities shared by the whole compiler: a growable string buffer and
 * a growable array, both owning their heap storage. */
#ifndef VTC_IR_SUPPORT_H
#define VTC_IR_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* A growable, always NUL-terminated byte buffer. Zero-initialise to start;
 * the owner frees with vtc_strbuf_free. */
typedef struct vtc_strbuf {
  char *data;
  size_t len, cap;
  /* With a sink, the buffer is written out whenever it would grow past
   * about a megabyte (so a huge module never exists twice in memory). */
  FILE *sink;
  char last_flushed; /* the last character written to the sink */
  bool sink_failed;
} vtc_strbuf;

/* Makes room for extra more bytes (plus the NUL), flushing to the sink
 * first when there is one. */
void vtc_strbuf_reserve(vtc_strbuf *b, size_t extra);
/* Writes the buffered bytes to the sink (no-op without one). */
void vtc_strbuf_flush(vtc_strbuf *b);
/* The last character appended, flushed or not; 0 when empty. */
char vtc_strbuf_last(const vtc_strbuf *b);

void vtc_strbuf_append(vtc_strbuf *b, const char *s, size_t n);
void vtc_strbuf_puts(vtc_strbuf *b, const char *s);
void vtc_strbuf_putc(vtc_strbuf *b, char c);
void vtc_strbuf_printf(vtc_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vtc_strbuf_vprintf(vtc_strbuf *b, const char *fmt, va_list ap);
void vtc_strbuf_clear(vtc_strbuf *b);
/* Takes the buffer's storage (caller frees) and leaves the buffer empty. */
char *vtc_strbuf_take(vtc_strbuf *b);
void vtc_strbuf_free(vtc_strbuf *b);

/* Growable array of T: `VTC_VEC(int) v = {0}; VTC_VEC_PUSH(&v, 3);` */
#define VTC_VEC(T) struct { T *data; size_t len, cap; }
#define VTC_VEC_PUSH(v, x)                                                  \
  do {                                                                      \
    if ((v)->len == (v)->cap) {                                             \
      (v)->cap = (v)->cap ? 2 * (v)->cap : 8;                               \
      (v)->data = vtc_xrealloc((v)->data, (v)->cap * sizeof *(v)->data);    \
    }                                                                       \
    (v)->data[(v)->len++] = (x);                                            \
  } while (0)
#define VTC_VEC_FREE(v) (free((v)->data), (v)->data = NULL, (v)->len = (v)->cap = 0)

/* A heap-allocated formatted string (caller frees). */
char *vtc_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The runtime's error convention: when error is non-NULL, *error becomes a
 * heap-allocated formatted message the caller frees. */
void vtc_set_error(char **error, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Truncation toward zero with saturation at the int64 range; NaN gives 0. */
int64_t vtc_f64_to_i64(double v);

/* Reads a whole file; NULL (and errno) on failure. Caller frees. */
char *vtc_read_file(const char *path, size_t *len);

/* Seconds on the monotonic clock (for timings: differences only). */
double vtc_now_seconds(void);

#endif
