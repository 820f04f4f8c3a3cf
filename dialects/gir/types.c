/* gir's types: memory slices (`!gir.slice<LEVEL, NUMxWIDTHxELEM[, STRIDE]>`,
 * PowerFusion section 4's hierarchy/num/width/stride) and buffers
 * (`!gir.buffer<LEVEL, DIMSxELEM>`): construction, decoding, and the
 * check_type hook. A dialect type is uniqued by its body text, so the hook
 * accepts only the canonical spelling, which it names in the error. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/gir/gir.h"
#include "ir/support.h"

/* ---- names ------------------------------------------------------------------ */

static const char *const level_names[] = {"global", "shared", "register"};
static const char *const scope_names[] = {"lane", "warp", "block", "device"};
static const char *const hier_names[] = {"cpu", "gpu"};
static const char *const dim_names[] = {"unit", "group", "unit_in_group"};
static const char *const combiner_names[] = {"sum", "max", "min", "prod"};
static const char *const axis_names[] = {"width", "num"};
static const char *const layout_names[] = {"lanes", "mma_a", "mma_b", "mma_acc", "ffma_a", "ffma_b", "ffma_acc"};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static bool find_name(const char *const *names, unsigned n, const char *name, unsigned *out) {
  for (unsigned i = 0; name && i < n; i++)
    if (strcmp(names[i], name) == 0) {
      *out = i;
      return true;
    }
  return false;
}

#define NAME_FNS(fn, type, table)                                                        \
  const char *vtc_gir_##fn##_name(type v) {                                              \
    return (unsigned)v < COUNT(table) ? table[v] : "<invalid>";                          \
  }                                                                                      \
  bool vtc_gir_##fn##_from_name(const char *name, type *out) {                           \
    unsigned i;                                                                          \
    if (!find_name(table, COUNT(table), name, &i)) return false;                         \
    *out = (type)i;                                                                      \
    return true;                                                                         \
  }

NAME_FNS(level, vtc_gir_level, level_names)
NAME_FNS(scope, vtc_gir_scope, scope_names)
NAME_FNS(hierarchy, vtc_gir_hierarchy, hier_names)
NAME_FNS(dim, vtc_gir_dim, dim_names)
NAME_FNS(combiner, vtc_gir_combiner, combiner_names)
NAME_FNS(axis, vtc_gir_axis, axis_names)
NAME_FNS(layout, vtc_gir_layout, layout_names)

vtc_gir_scope vtc_gir_level_max_scope(vtc_gir_level l) {
  switch (l) {
  case VTC_GIR_REGISTER: return VTC_GIR_SCOPE_WARP;
  case VTC_GIR_SHARED: return VTC_GIR_SCOPE_BLOCK;
  default: return VTC_GIR_SCOPE_DEVICE;
  }
}

/* ---- formatting (the canonical spelling) -------------------------------------- */

static void put_elem(vtc_strbuf *b, const vtc_type *e) {
  switch (e->kind) {
  case VTC_TYPE_INTEGER: vtc_strbuf_printf(b, "i%u", e->width); break;
  case VTC_TYPE_F16: vtc_strbuf_puts(b, "f16"); break;
  case VTC_TYPE_BF16: vtc_strbuf_puts(b, "bf16"); break;
  case VTC_TYPE_F32: vtc_strbuf_puts(b, "f32"); break;
  case VTC_TYPE_F64: vtc_strbuf_puts(b, "f64"); break;
  default: vtc_strbuf_puts(b, "<invalid>"); break;
  }
}

static void put_size(vtc_strbuf *b, int64_t v) {
  if (v == VTC_DYNAMIC) vtc_strbuf_putc(b, '?');
  else vtc_strbuf_printf(b, "%lld", (long long)v);
}

static void format_slice(vtc_strbuf *b, const vtc_gir_slice_info *s) {
  vtc_strbuf_printf(b, "%s, %lldx%lldx", level_names[s->level], (long long)s->num, (long long)s->width);
  put_elem(b, s->elem);
  if (s->stride != s->width) {
    vtc_strbuf_puts(b, ", ");
    put_size(b, s->stride);
  }
  if (s->layout != VTC_GIR_LAYOUT_LANES) vtc_strbuf_printf(b, ", %s", layout_names[s->layout]);
}

static void format_buffer(vtc_strbuf *b, const vtc_gir_buffer_info *s) {
  vtc_strbuf_printf(b, "%s, ", level_names[s->level]);
  for (unsigned i = 0; i < s->rank; i++) {
    put_size(b, s->dims[i]);
    vtc_strbuf_putc(b, 'x');
  }
  put_elem(b, s->elem);
}

static bool elem_ok(const vtc_type *e) {
  return e && (e->kind == VTC_TYPE_INTEGER || e->kind == VTC_TYPE_F16 || e->kind == VTC_TYPE_BF16 ||
               e->kind == VTC_TYPE_F32 || e->kind == VTC_TYPE_F64);
}

const char *vtc_gir_slice_check(vtc_gir_level level, const vtc_type *elem, int64_t num, int64_t width,
                                int64_t stride) {
  if ((unsigned)level > VTC_GIR_REGISTER) return "unknown memory level";
  if (!elem_ok(elem)) return "slice elements must be integers or floats (i1..i64, f16, bf16, f32, f64)";
  if (num < 1 || width < 1) return "slice num and width must be static and at least 1";
  /* An instruction block, not a tensor: keeps num * stride far from overflow. */
  if (num > VTC_GIR_MAX_SLICE_SIZE || width > VTC_GIR_MAX_SLICE_SIZE ||
      (stride != VTC_DYNAMIC && stride > VTC_GIR_MAX_SLICE_SIZE))
    return "slice num, width and stride must be at most 2^31";
  if (stride == VTC_DYNAMIC) {
    if (level == VTC_GIR_REGISTER) return "register slices are dense: the stride cannot be dynamic";
    return NULL;
  }
  if (level == VTC_GIR_REGISTER && stride != width) return "register slices are dense: the stride must equal the width";
  if (level == VTC_GIR_REGISTER && num * width > VTC_GIR_MAX_REGISTER_ELEMS)
    return "a register slice holds at most 32768 elements (num * width)";
  if (stride < width) return "slice stride must be at least the width (segments do not overlap)";
  return NULL;
}

/* ---- fragment layouts ---------------------------------------------------------------
 * The tiles of PTX's mma.sync fragments (PTX ISA, "Matrix Fragments for
 * mma.m16n8k16" and "mma.m16n8k8"): A is M x K, B is K x N, the accumulator
 * M x N. 16-bit inputs are m16n8k16, 32-bit ones (f32 taken as tf32)
 * m16n8k8; the accumulator's tile does not depend on its element type, so
 * a cast keeps the layout. */
typedef struct fragment_tile {
  vtc_gir_layout layout;
  unsigned elem_bits; /* 0: any element */
  bool mma_input;     /* f16, bf16 and f32 only */
  int64_t rows, cols;
  const char *shape_error;
} fragment_tile;

static const fragment_tile fragment_tiles[] = {
    {VTC_GIR_LAYOUT_MMA_A, 16, true, 16, 16, "an mma_a fragment of 16-bit elements is made of 16x16 tiles: num and "
                                             "width must be multiples of 16"},
    {VTC_GIR_LAYOUT_MMA_A, 32, true, 16, 8, "an mma_a fragment of f32 (tf32) is made of 16x8 tiles: num must be a "
                                            "multiple of 16 and width of 8"},
    {VTC_GIR_LAYOUT_MMA_B, 16, true, 16, 8, "an mma_b fragment of 16-bit elements is made of 16x8 tiles: num must be a "
                                            "multiple of 16 and width of 8"},
    {VTC_GIR_LAYOUT_MMA_B, 32, true, 8, 8, "an mma_b fragment of f32 (tf32) is made of 8x8 tiles: num and width must "
                                           "be multiples of 8"},
    {VTC_GIR_LAYOUT_MMA_ACC, 0, false, 16, 8, "an mma_acc fragment is made of 16x8 tiles: num must be a multiple of 16 "
                                              "and width of 8"},
    {VTC_GIR_LAYOUT_FFMA_A, 0, false, 4, 1, "an ffma_a slice spreads its rows over the 4 rows of lanes: num must be a "
                                            "multiple of 4"},
    {VTC_GIR_LAYOUT_FFMA_B, 0, false, 1, 8, "an ffma_b slice spreads its columns over the 8 columns of lanes: width "
                                            "must be a multiple of 8"},
    {VTC_GIR_LAYOUT_FFMA_ACC, 0, false, 4, 8, "an ffma_acc slice spreads its rows over 4 rows and its columns over 8 "
                                              "columns of lanes: num must be a multiple of 4 and width of 8"},
};

/* The element types of the A and B fragments: what mma.sync multiplies. */
static bool mma_input_elem(const vtc_type *e) {
  return e->kind == VTC_TYPE_F16 || e->kind == VTC_TYPE_BF16 || e->kind == VTC_TYPE_F32;
}

static const fragment_tile *find_tile(vtc_gir_layout layout, const vtc_type *elem) {
  if (!elem_ok(elem)) return NULL;
  for (size_t i = 0; i < COUNT(fragment_tiles); i++) {
    const fragment_tile *f = &fragment_tiles[i];
    if (f->layout != layout || (f->elem_bits && f->elem_bits != vtc_type_bit_width(elem))) continue;
    return f->mma_input && !mma_input_elem(elem) ? NULL : f;
  }
  return NULL;
}

bool vtc_gir_fragment_tile(vtc_gir_layout layout, const vtc_type *elem, int64_t *rows, int64_t *cols) {
  const fragment_tile *f = find_tile(layout, elem);
  if (!f) return false;
  *rows = f->rows;
  *cols = f->cols;
  return true;
}

const char *vtc_gir_fragment_check(vtc_gir_layout layout, const vtc_type *elem, int64_t num, int64_t width) {
  if ((unsigned)layout > VTC_GIR_LAYOUT_FFMA_ACC) return "unknown register layout";
  if (layout == VTC_GIR_LAYOUT_LANES) return NULL;
  const fragment_tile *f = find_tile(layout, elem);
  if (!f)
    return layout == VTC_GIR_LAYOUT_MMA_A || layout == VTC_GIR_LAYOUT_MMA_B
               ? "mma_a and mma_b fragments hold f16, bf16 or f32 (as tf32) elements"
               : "slice elements must be integers or floats";
  return num % f->rows || width % f->cols ? f->shape_error : NULL;
}

const vtc_type *vtc_gir_fragment_type(vtc_context *ctx, vtc_gir_layout layout, const vtc_type *elem, int64_t num,
                                      int64_t width) {
  const char *err = vtc_gir_slice_check(VTC_GIR_REGISTER, elem, num, width, width);
  if (!err) err = vtc_gir_fragment_check(layout, elem, num, width);
  (void)err;
  assert(!err && "invalid gir fragment type");
  vtc_gir_slice_info s = {VTC_GIR_REGISTER, elem, num, width, width, layout};
  vtc_strbuf b = {0};
  format_slice(&b, &s);
  const vtc_type *t = vtc_type_dialect(ctx, vtc_str(ctx, "gir"), vtc_str(ctx, "slice"), vtc_strn(ctx, b.data, b.len),
                                       NULL);
  vtc_strbuf_free(&b);
  return t;
}

const vtc_type *vtc_gir_slice_type(vtc_context *ctx, vtc_gir_level level, const vtc_type *elem, int64_t num,
                                   int64_t width, int64_t stride) {
  const char *err = vtc_gir_slice_check(level, elem, num, width, stride);
  (void)err;
  assert(!err && "invalid gir slice type");
  vtc_gir_slice_info s = {level, elem, num, width, stride, VTC_GIR_LAYOUT_LANES};
  vtc_strbuf b = {0};
  format_slice(&b, &s);
  const vtc_type *t = vtc_type_dialect(ctx, vtc_str(ctx, "gir"), vtc_str(ctx, "slice"), vtc_strn(ctx, b.data, b.len),
                                       NULL);
  vtc_strbuf_free(&b);
  return t;
}

const vtc_type *vtc_gir_register_type(vtc_context *ctx, const vtc_type *elem, int64_t num, int64_t width) {
  return vtc_gir_slice_type(ctx, VTC_GIR_REGISTER, elem, num, width, width);
}

const vtc_type *vtc_gir_buffer_type(vtc_context *ctx, vtc_gir_level level, const vtc_type *elem, unsigned rank,
                                    const int64_t *dims) {
  assert(level != VTC_GIR_REGISTER && elem_ok(elem) && rank <= VTC_GIR_MAX_RANK);
  vtc_gir_buffer_info s = {.level = level, .elem = elem, .rank = rank};
  for (unsigned i = 0; i < rank; i++) {
    assert(dims[i] == VTC_DYNAMIC || dims[i] >= 0);
    s.dims[i] = dims[i];
  }
  vtc_strbuf b = {0};
  format_buffer(&b, &s);
  const vtc_type *t = vtc_type_dialect(ctx, vtc_str(ctx, "gir"), vtc_str(ctx, "buffer"),
                                       vtc_strn(ctx, b.data, b.len), NULL);
  vtc_strbuf_free(&b);
  return t;
}

/* ---- parsing bodies -------------------------------------------------------------- */

typedef struct cursor {
  vtc_context *ctx;
  const char *s, *end;
  char err[200];
} cursor;

static void skip_ws(cursor *c) {
  while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r')) c->s++;
}

static bool fail(cursor *c, const char *fmt, const char *arg) {
  snprintf(c->err, sizeof c->err, fmt, arg);
  return false;
}

static bool is_ident(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

static bool parse_level(cursor *c, vtc_gir_level *out) {
  skip_ws(c);
  const char *start = c->s;
  while (c->s < c->end && is_ident(*c->s)) c->s++;
  char word[32];
  size_t n = (size_t)(c->s - start);
  if (n == 0 || n >= sizeof word) return fail(c, "expected a memory level (global, shared or register)%s", "");
  memcpy(word, start, n);
  word[n] = 0;
  if (!vtc_gir_level_from_name(word, out))
    return fail(c, "unknown memory level '%s' (expected global, shared or register)", word);
  return true;
}

static bool expect(cursor *c, char ch, const char *what) {
  skip_ws(c);
  if (c->s >= c->end || *c->s != ch) return fail(c, "expected %s", what);
  c->s++;
  return true;
}

/* A size `123` or `?`; false without consuming when neither. */
static bool parse_size(cursor *c, int64_t *out, bool *present) {
  *present = false;
  if (c->s < c->end && *c->s == '?') {
    c->s++;
    *out = VTC_DYNAMIC;
    *present = true;
    return true;
  }
  if (c->s >= c->end || *c->s < '0' || *c->s > '9') return true;
  int64_t v = 0;
  while (c->s < c->end && *c->s >= '0' && *c->s <= '9') {
    if (v > (INT64_MAX - 9) / 10) return fail(c, "size is too large%s", "");
    v = v * 10 + (*c->s++ - '0');
  }
  *out = v;
  *present = true;
  return true;
}

static bool parse_elem(cursor *c, const vtc_type **out) {
  const char *start = c->s;
  while (c->s < c->end && is_ident(*c->s)) c->s++;
  size_t n = (size_t)(c->s - start);
  char word[16];
  if (n == 0 || n >= sizeof word) return fail(c, "expected an element type (iN, f16, bf16, f32 or f64)%s", "");
  memcpy(word, start, n);
  word[n] = 0;
  vtc_context *ctx = c->ctx;
  if (strcmp(word, "f16") == 0) *out = vtc_type_f16(ctx);
  else if (strcmp(word, "bf16") == 0) *out = vtc_type_bf16(ctx);
  else if (strcmp(word, "f32") == 0) *out = vtc_type_f32(ctx);
  else if (strcmp(word, "f64") == 0) *out = vtc_type_f64(ctx);
  else if (word[0] == 'i' && n > 1 && strspn(word + 1, "0123456789") == n - 1 && n <= 3 && atoi(word + 1) >= 1 &&
           atoi(word + 1) <= 64)
    *out = vtc_type_integer(ctx, (unsigned)atoi(word + 1));
  else
    return fail(c, "unknown element type '%s' (expected iN, f16, bf16, f32 or f64)", word);
  return true;
}

/* `D0xD1x...xELEM` (at least min_dims sizes). */
static bool parse_shape(cursor *c, int64_t *dims, unsigned max_dims, unsigned *rank, const vtc_type **elem) {
  skip_ws(c);
  *rank = 0;
  for (;;) {
    int64_t v;
    bool present;
    if (!parse_size(c, &v, &present)) return false;
    if (!present) break;
    if (*rank == max_dims) return fail(c, "too many dimensions%s", "");
    dims[(*rank)++] = v;
    if (c->s >= c->end || *c->s != 'x') return fail(c, "expected 'x' after a size%s", "");
    c->s++;
  }
  return parse_elem(c, elem);
}

static bool parse_end(cursor *c) {
  skip_ws(c);
  if (c->s != c->end) return fail(c, "unexpected '%.20s' at the end of the type", c->s);
  return true;
}

/* A register slice's layout, where a memory slice has its stride. */
static bool parse_layout(cursor *c, vtc_gir_slice_info *s) {
  const char *start = c->s;
  while (c->s < c->end && is_ident(*c->s)) c->s++;
  char word[32];
  size_t n = (size_t)(c->s - start);
  if (n == 0 || n >= sizeof word)
    return fail(c, "expected a stride (an integer or '?') or a register layout (mma_a, mma_b, mma_acc, ffma_a, "
                   "ffma_b or ffma_acc)%s", "");
  memcpy(word, start, n);
  word[n] = 0;
  if (!vtc_gir_layout_from_name(word, &s->layout) || s->layout == VTC_GIR_LAYOUT_LANES)
    return fail(c, "unknown register layout '%s' (expected mma_a, mma_b, mma_acc, ffma_a, ffma_b or ffma_acc)", word);
  if (s->level != VTC_GIR_REGISTER)
    return fail(c, "only register slices have a layout (memory slices have a stride)%s", "");
  return true;
}

static bool parse_slice(cursor *c, vtc_gir_slice_info *s) {
  int64_t dims[2];
  unsigned rank;
  if (!parse_level(c, &s->level) || !expect(c, ',', "',' after the memory level") ||
      !parse_shape(c, dims, 2, &rank, &s->elem))
    return false;
  if (rank != 2) return fail(c, "expected NUMxWIDTHxELEM (two sizes, then the element type)%s", "");
  if (dims[0] == VTC_DYNAMIC || dims[1] == VTC_DYNAMIC)
    return fail(c, "slice num and width must be static (a slice is a fixed-size instruction block)%s", "");
  s->num = dims[0];
  s->width = dims[1];
  s->stride = s->width;
  s->layout = VTC_GIR_LAYOUT_LANES;
  skip_ws(c);
  if (c->s < c->end && *c->s == ',') {
    c->s++;
    skip_ws(c);
    bool present;
    if (!parse_size(c, &s->stride, &present)) return false;
    if (!present && !parse_layout(c, s)) return false;
  }
  if (!parse_end(c)) return false;
  const char *err = vtc_gir_slice_check(s->level, s->elem, s->num, s->width, s->stride);
  if (!err) err = vtc_gir_fragment_check(s->layout, s->elem, s->num, s->width);
  if (err) return fail(c, "%s", err);
  return true;
}

static bool parse_buffer(cursor *c, vtc_gir_buffer_info *s) {
  if (!parse_level(c, &s->level) || !expect(c, ',', "',' after the memory level") ||
      !parse_shape(c, s->dims, VTC_GIR_MAX_RANK, &s->rank, &s->elem) || !parse_end(c))
    return false;
  if (s->level == VTC_GIR_REGISTER)
    return fail(c, "buffers live in global or shared memory; register data are slices (!gir.slice<register, ...>)%s",
                "");
  return true;
}

bool vtc_gir_check_type(vtc_context *ctx, const char *mnemonic, const char *body, const char **error) {
  cursor c = {.ctx = ctx, .s = body, .end = body + vtc_str_len(body)};
  vtc_strbuf canon = {0};
  bool ok;
  if (strcmp(mnemonic, "slice") == 0) {
    vtc_gir_slice_info s;
    ok = parse_slice(&c, &s);
    if (ok) format_slice(&canon, &s);
  } else if (strcmp(mnemonic, "buffer") == 0) {
    vtc_gir_buffer_info s;
    ok = parse_buffer(&c, &s);
    if (ok) format_buffer(&canon, &s);
  } else {
    char msg[200];
    snprintf(msg, sizeof msg, "unknown gir type '%.40s' (expected slice or buffer)", mnemonic);
    *error = vtc_str(ctx, msg);
    return false;
  }
  if (ok && (canon.len != vtc_str_len(body) || memcmp(canon.data, body, canon.len) != 0)) {
    char msg[300];
    snprintf(msg, sizeof msg, "gir types must be spelled canonically: write '!gir.%s<%s>'", mnemonic, canon.data);
    *error = vtc_str(ctx, msg);
    ok = false;
  } else if (!ok) {
    char msg[300];
    snprintf(msg, sizeof msg, "invalid !gir.%s: %s", mnemonic, c.err);
    *error = vtc_str(ctx, msg);
  }
  vtc_strbuf_free(&canon);
  return ok;
}

/* ---- decoding ----------------------------------------------------------------------- */

static bool is_gir(const vtc_type *t, const char *mnemonic) {
  return t && t->kind == VTC_TYPE_DIALECT && t->dialect && strcmp(t->dialect, "gir") == 0 && t->mnemonic &&
         strcmp(t->mnemonic, mnemonic) == 0;
}

bool vtc_gir_is_slice(const vtc_type *t) { return is_gir(t, "slice"); }
bool vtc_gir_is_buffer(const vtc_type *t) { return is_gir(t, "buffer"); }

/* Decoding reparses the body (a few dozen bytes); the context gives the
 * element type (a vtc_type does not record its context). */
bool vtc_gir_slice_info_of(vtc_context *ctx, const vtc_type *t, vtc_gir_slice_info *info) {
  if (!vtc_gir_is_slice(t)) return false;
  cursor c = {.ctx = ctx, .s = t->body, .end = t->body + vtc_str_len(t->body)};
  vtc_gir_slice_info s;
  if (!parse_slice(&c, &s)) return false;
  *info = s;
  return true;
}

bool vtc_gir_buffer_info_of(vtc_context *ctx, const vtc_type *t, vtc_gir_buffer_info *info) {
  if (!vtc_gir_is_buffer(t)) return false;
  cursor c = {.ctx = ctx, .s = t->body, .end = t->body + vtc_str_len(t->body)};
  vtc_gir_buffer_info s;
  memset(&s, 0, sizeof s);
  if (!parse_buffer(&c, &s)) return false;
  *info = s;
  return true;
}

vtc_gir_layout vtc_gir_layout_of(vtc_context *ctx, const vtc_type *t) {
  vtc_gir_slice_info s;
  return vtc_gir_slice_info_of(ctx, t, &s) ? s.layout : VTC_GIR_LAYOUT_LANES;
}

bool vtc_gir_is_register(vtc_context *ctx, const vtc_type *t) {
  vtc_gir_slice_info s;
  return vtc_gir_slice_info_of(ctx, t, &s) && s.level == VTC_GIR_REGISTER;
}

const vtc_type *vtc_gir_elem_type(vtc_context *ctx, const vtc_type *t) {
  vtc_gir_slice_info s;
  vtc_gir_buffer_info b;
  if (vtc_gir_slice_info_of(ctx, t, &s)) return s.elem;
  if (vtc_gir_buffer_info_of(ctx, t, &b)) return b.elem;
  return NULL;
}

int64_t vtc_gir_slice_elems(vtc_context *ctx, const vtc_type *t) {
  vtc_gir_slice_info s;
  return vtc_gir_slice_info_of(ctx, t, &s) ? s.num * s.width : 0;
}
