/* The .npy format (numpy/lib/format.py): magic, version, header length, a
 * Python-literal dict {'descr', 'fortran_order', 'shape'}, then raw data.
 * The header parser accepts exactly that dict and nothing looser. */
#include "runtime/npy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char MAGIC[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

/* ---- the header dict ---------------------------------------------------- */

typedef struct cursor {
  const char *p, *end;
  char *err;
  size_t errlen;
} cursor;

static void skip_space(cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}

static bool at(cursor *c, char ch) {
  skip_space(c);
  return c->p < c->end && *c->p == ch;
}

static int expect(cursor *c, char ch, const char *what) {
  if (!at(c, ch)) return vtc_errorf(c->err, c->errlen, "malformed header: expected '%c' %s", ch, what);
  c->p++;
  return 0;
}

/* A quoted Python string without escapes (none of our keys or descrs need one). */
static int parse_string(cursor *c, char *out, size_t cap, const char *what) {
  skip_space(c);
  if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
    return vtc_errorf(c->err, c->errlen, "malformed header: expected a string for %s", what);
  char quote = *c->p++;
  size_t n = 0;
  while (c->p < c->end && *c->p != quote) {
    /* A NUL would end the C string early: '<f4\0junk' is not '<f4'. */
    if (*c->p == '\0') return vtc_errorf(c->err, c->errlen, "malformed header: a NUL byte inside a string");
    if (*c->p == '\\' || n + 1 >= cap)
      return vtc_errorf(c->err, c->errlen, "malformed header: unsupported string for %s", what);
    out[n++] = *c->p++;
  }
  if (c->p >= c->end) return vtc_errorf(c->err, c->errlen, "malformed header: unterminated string");
  c->p++;
  out[n] = 0;
  return 0;
}

static bool take_word(cursor *c, const char *word) {
  size_t n = strlen(word);
  skip_space(c);
  if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0) return false;
  c->p += n;
  return true;
}

static int parse_bool(cursor *c, bool *out) {
  if (take_word(c, "True")) return *out = true, 0;
  if (take_word(c, "False")) return *out = false, 0;
  return vtc_errorf(c->err, c->errlen, "malformed header: fortran_order must be True or False");
}

static int parse_dim(cursor *c, int64_t *out) {
  skip_space(c);
  if (c->p >= c->end || *c->p < '0' || *c->p > '9')
    return vtc_errorf(c->err, c->errlen, "malformed header: shape entries must be non-negative integers");
  int64_t v = 0;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
    int digit = *c->p++ - '0';
    if (v > (INT64_MAX - digit) / 10) return vtc_errorf(c->err, c->errlen, "malformed header: shape entry overflows");
    v = v * 10 + digit;
  }
  *out = v;
  return 0;
}

/* A Python tuple of ints: (), (3,), (3, 4) or (3, 4,). */
static int parse_shape(cursor *c, vtc_shape *out) {
  out->rank = 0;
  bool trailing_comma = false;
  if (expect(c, '(', "to open the shape tuple")) return -1;
  while (!at(c, ')')) {
    if (out->rank == VTC_MAX_RANK)
      return vtc_errorf(c->err, c->errlen, "shape has more than %d dimensions", VTC_MAX_RANK);
    if (parse_dim(c, &out->dims[out->rank++])) return -1;
    trailing_comma = at(c, ',');
    if (trailing_comma)
      c->p++;
    else if (!at(c, ')'))
      return vtc_errorf(c->err, c->errlen, "malformed header: expected ',' or ')' in shape");
  }
  c->p++;
  if (out->rank == 1 && !trailing_comma)
    return vtc_errorf(c->err, c->errlen, "malformed header: a one-element shape needs a trailing comma");
  return 0;
}

typedef struct header {
  char descr[32];
  bool fortran_order;
  vtc_shape shape;
} header;

enum { KEY_DESCR = 1, KEY_FORTRAN = 2, KEY_SHAPE = 4, KEY_ALL = 7 };

static int parse_entry(cursor *c, header *h, unsigned *seen) {
  char key[32];
  if (parse_string(c, key, sizeof key, "a key")) return -1;
  if (expect(c, ':', "after a key")) return -1;
  unsigned bit = strcmp(key, "descr") == 0           ? KEY_DESCR
                 : strcmp(key, "fortran_order") == 0 ? KEY_FORTRAN
                 : strcmp(key, "shape") == 0         ? KEY_SHAPE
                                                     : 0;
  if (!bit) return vtc_errorf(c->err, c->errlen, "malformed header: unexpected key '%s'", key);
  if (*seen & bit) return vtc_errorf(c->err, c->errlen, "malformed header: duplicate key '%s'", key);
  *seen |= bit;
  if (bit == KEY_DESCR) return parse_string(c, h->descr, sizeof h->descr, "descr (structured dtypes are not supported)");
  if (bit == KEY_FORTRAN) return parse_bool(c, &h->fortran_order);
  return parse_shape(c, &h->shape);
}

static int parse_header(const char *text, size_t len, header *h, char *err, size_t errlen) {
  cursor c = {text, text + len, err, errlen};
  unsigned seen = 0;
  if (expect(&c, '{', "at the start of the header")) return -1;
  while (!at(&c, '}')) {
    if (parse_entry(&c, h, &seen)) return -1;
    if (at(&c, ','))
      c.p++;
    else if (!at(&c, '}'))
      return vtc_errorf(err, errlen, "malformed header: expected ',' or '}' after a value");
  }
  c.p++;
  skip_space(&c);
  if (c.p != c.end) return vtc_errorf(err, errlen, "malformed header: text after the closing '}'");
  if (seen != KEY_ALL)
    return vtc_errorf(err, errlen, "malformed header: missing key '%s'",
                      !(seen & KEY_DESCR) ? "descr" : !(seen & KEY_FORTRAN) ? "fortran_order" : "shape");
  return 0;
}

static int dtype_of_descr(const char *descr, vtc_dtype *out, char *err, size_t errlen) {
  for (int d = 0; d < VTC_DTYPE_COUNT; d++) {
    if (strcmp(vtc_dtype_get((vtc_dtype)d)->npy_descr, descr) == 0) {
      *out = (vtc_dtype)d;
      return 0;
    }
  }
  if (descr[0] == '>') return vtc_errorf(err, errlen, "big-endian data ('%s') is not supported", descr);
  return vtc_errorf(err, errlen, "unsupported dtype descr '%s'", descr);
}

/* ---- reading ------------------------------------------------------------ */

static bool host_is_little_endian(void) {
  uint16_t one = 1;
  unsigned char first;
  memcpy(&first, &one, 1);
  return first == 1;
}

static uint32_t read_le(const unsigned char *p, int n) {
  uint32_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = (v << 8) | p[i];
  return v;
}

/* Finds the header text after checking magic, version and length. */
static int locate_header(const unsigned char *b, size_t len, size_t *hstart, size_t *hlen,
                         char *err, size_t errlen) {
  if (len < sizeof MAGIC || memcmp(b, MAGIC, sizeof MAGIC) != 0)
    return vtc_errorf(err, errlen, "not a .npy file (bad magic)");
  if (len < 10) return vtc_errorf(err, errlen, "file ends inside the .npy preamble");
  int major = b[6], minor = b[7];
  if (major < 1 || major > 3 || minor != 0)
    return vtc_errorf(err, errlen, "unsupported .npy format version %d.%d", major, minor);
  size_t width = major == 1 ? 2 : 4;
  if (len < 8 + width) return vtc_errorf(err, errlen, "file ends inside the .npy preamble");
  *hstart = 8 + width;
  *hlen = read_le(b + 8, (int)width);
  if (*hlen > len - *hstart)
    return vtc_errorf(err, errlen, "header length %zu runs past the end of the file (%zu bytes)", *hlen, len);
  return 0;
}

static int check_data_size(const header *h, vtc_dtype dt, size_t avail, char *err, size_t errlen) {
  uint64_t need = vtc_dtype_size(dt);
  for (int i = 0; i < h->shape.rank; i++) {
    uint64_t d = (uint64_t)h->shape.dims[i];
    if (d && need > UINT64_MAX / d) return vtc_errorf(err, errlen, "shape is too large");
    need *= d;
  }
  if (avail < need)
    return vtc_errorf(err, errlen, "truncated data: shape needs %llu bytes of %s, file has %zu",
                      (unsigned long long)need, h->descr, avail);
  if (avail > need)
    return vtc_errorf(err, errlen, "size mismatch: shape needs %llu bytes of %s, file has %zu",
                      (unsigned long long)need, h->descr, avail);
  return 0;
}

int vtc_npy_parse(const void *buf, size_t len, vtc_tensor *out, char *err, size_t errlen) {
  const unsigned char *b = buf;
  size_t hstart = 0, hlen = 0;
  header h = {0};
  vtc_dtype dt = VTC_F32;
  memset(out, 0, sizeof *out);
  if (!host_is_little_endian()) return vtc_errorf(err, errlen, "big-endian hosts are not supported");
  if (locate_header(b, len, &hstart, &hlen, err, errlen)) return -1;
  if (parse_header((const char *)b + hstart, hlen, &h, err, errlen)) return -1;
  if (h.fortran_order) return vtc_errorf(err, errlen, "fortran_order=True is not supported");
  if (dtype_of_descr(h.descr, &dt, err, errlen)) return -1;
  size_t data_off = hstart + hlen;
  if (check_data_size(&h, dt, len - data_off, err, errlen)) return -1;
  if (vtc_tensor_create_shape(out, dt, &h.shape, err, errlen)) return -1;
  memcpy(out->data, b + data_off, vtc_tensor_nbytes(out));
  if (dt == VTC_I1) {
    unsigned char *p = out->data;
    for (size_t i = 0; i < vtc_tensor_nbytes(out); i++) p[i] = p[i] != 0;
  }
  return 0;
}

static unsigned char *read_whole_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    errno = EISDIR;
    return NULL;
  }
  size_t cap = 4096, n = 0, got;
  unsigned char *buf = malloc(cap);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      unsigned char *grown = realloc(buf, cap *= 2);
      if (!grown) free(buf);
      buf = grown;
    }
  }
  if (buf && ferror(f)) {
    free(buf);
    buf = NULL;
    errno = EIO;
  }
  fclose(f);
  *len = n;
  return buf;
}

int vtc_npy_load(const char *path, vtc_tensor *out, char *err, size_t errlen) {
  size_t len;
  char msg[256];
  memset(out, 0, sizeof *out);
  unsigned char *buf = read_whole_file(path, &len);
  if (!buf) return vtc_errorf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
  int rc = vtc_npy_parse(buf, len, out, msg, sizeof msg);
  free(buf);
  if (rc) return vtc_errorf(err, errlen, "%s: %s", path, msg);
  return 0;
}

/* ---- writing ------------------------------------------------------------ */

/* numpy's own layout: the dict, spaces, '\n', padded so the data starts at a
 * multiple of 64 bytes. */
static size_t format_header(const vtc_tensor *t, char *out, size_t cap) {
  size_t n = (size_t)snprintf(out, cap, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                              vtc_dtype_get(t->dtype)->npy_descr);
  for (int i = 0; i < t->rank; i++)
    n += (size_t)snprintf(out + n, cap - n, "%s%lld", i ? ", " : "", (long long)t->dims[i]);
  n += (size_t)snprintf(out + n, cap - n, "%s), }", t->rank == 1 ? "," : "");
  size_t total = 10 + n + 1;
  size_t padded = (total + 63) / 64 * 64;
  memset(out + n, ' ', padded - total);
  n += padded - total;
  out[n++] = '\n';
  return n;
}

int vtc_npy_encode(const vtc_tensor *t, void **buf, size_t *len, char *err, size_t errlen) {
  char text[512]; /* rank <= 8 dims of at most 20 digits fit easily */
  size_t hlen = format_header(t, text, sizeof text);
  size_t nbytes = vtc_tensor_nbytes(t);
  unsigned char *b = malloc(10 + hlen + nbytes);
  if (!b) return vtc_errorf(err, errlen, "out of memory encoding .npy");
  memcpy(b, MAGIC, sizeof MAGIC);
  b[6] = 1;
  b[7] = 0;
  b[8] = (unsigned char)(hlen & 0xff);
  b[9] = (unsigned char)(hlen >> 8);
  memcpy(b + 10, text, hlen);
  memcpy(b + 10 + hlen, t->data, nbytes);
  *buf = b;
  *len = 10 + hlen + nbytes;
  return 0;
}

int vtc_npy_save(const char *path, const vtc_tensor *t, char *err, size_t errlen) {
  void *buf;
  size_t len;
  if (vtc_npy_encode(t, &buf, &len, err, errlen)) return -1;
  FILE *f = fopen(path, "wb");
  if (!f) {
    free(buf);
    return vtc_errorf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
  }
  size_t wrote = fwrite(buf, 1, len, f);
  int closed = fclose(f);
  free(buf);
  if (wrote != len || closed != 0) return vtc_errorf(err, errlen, "%s: write failed", path);
  return 0;
}
