/* Growable strings, files, and allocation that treats exhaustion as fatal. */
#include "ir/support.h"
#include "ir/context.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *check_alloc(void *p) {
  if (!p) {
    fputs("vtc: out of memory\n", stderr);
    abort();
  }
  return p;
}

void *vtc_xmalloc(size_t size) { return check_alloc(malloc(size ? size : 1)); }
void *vtc_xcalloc(size_t n, size_t size) { return check_alloc(calloc(n ? n : 1, size ? size : 1)); }
void *vtc_xrealloc(void *p, size_t size) { return check_alloc(realloc(p, size ? size : 1)); }
char *vtc_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(vtc_xmalloc(n), s, n);
}

#define SINK_FLUSH_BYTES (1u << 20)

void vtc_strbuf_flush(vtc_strbuf *b) {
  if (!b->sink || !b->len) return;
  if (fwrite(b->data, 1, b->len, b->sink) != b->len) b->sink_failed = true;
  b->last_flushed = b->data[b->len - 1];
  b->len = 0;
  b->data[0] = 0;
}

char vtc_strbuf_last(const vtc_strbuf *b) { return b->len ? b->data[b->len - 1] : b->last_flushed; }

void vtc_strbuf_reserve(vtc_strbuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  if (b->sink && b->len >= SINK_FLUSH_BYTES) {
    vtc_strbuf_flush(b);
    if (extra + 1 <= b->cap) return;
  }
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1) cap *= 2;
  b->data = vtc_xrealloc(b->data, cap);
  b->cap = cap;
}

void vtc_strbuf_append(vtc_strbuf *b, const char *s, size_t n) {
  vtc_strbuf_reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void vtc_strbuf_puts(vtc_strbuf *b, const char *s) { vtc_strbuf_append(b, s, strlen(s)); }

void vtc_strbuf_putc(vtc_strbuf *b, char c) {
  vtc_strbuf_reserve(b, 1);
  b->data[b->len++] = c;
  b->data[b->len] = 0;
}

void vtc_strbuf_vprintf(vtc_strbuf *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  vtc_strbuf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void vtc_strbuf_printf(vtc_strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

void vtc_strbuf_clear(vtc_strbuf *b) {
  b->len = 0;
  if (b->data) b->data[0] = 0;
}

char *vtc_strbuf_take(vtc_strbuf *b) {
  char *s = b->data ? b->data : vtc_xstrdup("");
  b->data = NULL;
  b->len = b->cap = 0;
  return s;
}

void vtc_strbuf_free(vtc_strbuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

char *vtc_read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  vtc_strbuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) vtc_strbuf_append(&b, chunk, n);
  int failed = ferror(f) ? errno : 0; /* a directory reads as EISDIR */
  if (f != stdin) fclose(f);
  if (failed) {
    vtc_strbuf_free(&b);
    errno = failed > 0 ? failed : EIO;
    return NULL;
  }
  if (len) *len = b.len;
  return vtc_strbuf_take(&b);
}

int64_t vtc_f64_to_i64(double v) {
  if (v != v) return 0;
  if (v >= 9223372036854775808.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return (int64_t)v;
}

char *vtc_format(const char *fmt, ...) {
  vtc_strbuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  return vtc_strbuf_take(&b);
}

void vtc_set_error(char **error, const char *fmt, ...) {
  if (!error) return;
  vtc_strbuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  *error = vtc_strbuf_take(&b);
}

double vtc_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
