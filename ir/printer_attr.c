/* Printing types, attributes and locations in MLIR's syntax: floats in the
 * shortest of `%.6e` and more digits that round-trips (hex for non-finite),
 * integers sign-extended to their width, dense elements nested by shape. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ir/printer_impl.h"
#include "ir/resources.h"

void printer_u64(vtc_strbuf *b, uint64_t v) {
  char buf[24];
  char *e = buf + sizeof buf, *s = e;
  do {
    *--s = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  out_append(b, s, (size_t)(e - s));
}

void printer_i64(vtc_strbuf *b, int64_t v) {
  if (v < 0) {
    out_putc(b, '-');
    printer_u64(b, 0 - (uint64_t)v);
  } else {
    printer_u64(b, (uint64_t)v);
  }
}

static const char hexdigits[] = "0123456789ABCDEF";

void printer_string(vtc_strbuf *b, const char *s, size_t n) {
  out_reserve(b, n + 2);
  out_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      OUT_LIT(b, "\\\\");
    } else if (c >= 0x20 && c < 0x7f && c != '"') {
      out_putc(b, (char)c);
    } else {
      char esc[3] = {'\\', hexdigits[c >> 4], hexdigits[c & 15]};
      out_append(b, esc, 3);
    }
  }
  out_putc(b, '"');
}

bool printer_is_bare_id(const char *s, size_t n) {
  if (!n) return false;
  char c = s[0];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
  for (size_t i = 1; i < n; i++) {
    c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
          c == '.'))
      return false;
  }
  return true;
}

void printer_name(vtc_strbuf *b, const char *s, size_t n) {
  if (printer_is_bare_id(s, n)) out_append(b, s, n);
  else printer_string(b, s, n);
}

/* ---- types ---------------------------------------------------------------- */

/* `!dialect.mnemonic<body>` or `#...`: the angle brackets are printed when
 * there is a body, and also when there is no mnemonic, since `!dialect`
 * alone would read back as an alias. */
static void print_dialect_item(vtc_strbuf *b, char sigil, const char *dialect, const char *mnemonic,
                               const char *body) {
  out_putc(b, sigil);
  out_puts(b, dialect);
  bool has_mnemonic = mnemonic && *mnemonic;
  if (has_mnemonic) {
    out_putc(b, '.');
    out_puts(b, mnemonic);
  }
  size_t n = body ? vtc_str_len(body) : 0;
  if (n || !has_mnemonic) {
    out_putc(b, '<');
    if (n) out_append(b, body, n); /* may hold NULs */
    out_putc(b, '>');
  }
}

void printer_type(vtc_strbuf *b, const vtc_type *t) {
  switch (t->kind) {
  case VTC_TYPE_INTEGER:
    out_putc(b, 'i');
    printer_u64(b, t->width);
    return;
  case VTC_TYPE_INDEX: OUT_LIT(b, "index"); return;
  case VTC_TYPE_F16: OUT_LIT(b, "f16"); return;
  case VTC_TYPE_BF16: OUT_LIT(b, "bf16"); return;
  case VTC_TYPE_F32: OUT_LIT(b, "f32"); return;
  case VTC_TYPE_F64: OUT_LIT(b, "f64"); return;
  case VTC_TYPE_NONE: OUT_LIT(b, "none"); return;
  case VTC_TYPE_TENSOR:
    OUT_LIT(b, "tensor<");
    for (unsigned i = 0; i < t->rank; i++) {
      int64_t d = vtc_tensor_dim(t, i);
      if (d == VTC_DYNAMIC) out_putc(b, '?');
      else printer_i64(b, d);
      out_putc(b, 'x');
    }
    printer_type(b, t->element);
    if (t->encoding) {
      OUT_LIT(b, ", ");
      printer_attr(b, t->encoding, -1, VTC_ELIDE_NEVER);
    }
    out_putc(b, '>');
    return;
  case VTC_TYPE_FUNCTION: {
    out_putc(b, '(');
    for (unsigned i = 0; i < t->num_inputs; i++) {
      if (i) OUT_LIT(b, ", ");
      printer_type(b, vtc_function_input(t, i));
    }
    OUT_LIT(b, ") -> ");
    bool paren = t->num_results != 1 || vtc_function_result(t, 0)->kind == VTC_TYPE_FUNCTION;
    if (paren) out_putc(b, '(');
    for (unsigned i = 0; i < t->num_results; i++) {
      if (i) OUT_LIT(b, ", ");
      printer_type(b, vtc_function_result(t, i));
    }
    if (paren) out_putc(b, ')');
    return;
  }
  case VTC_TYPE_DIALECT:
    print_dialect_item(b, '!', t->dialect, t->mnemonic, t->body);
    return;
  default:
    OUT_LIT(b, "<<unknown type>>");
  }
}

/* ---- floats --------------------------------------------------------------- */

static uint64_t float_bits(const vtc_type *type, double v) {
  switch (type->kind) {
  case VTC_TYPE_F16: return vtc_f16_from_double(v);
  case VTC_TYPE_BF16: return vtc_bf16_from_double(v);
  case VTC_TYPE_F32: {
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  default: {
    uint64_t u;
    memcpy(&u, &v, 8);
    return u;
  }
  }
}

static void print_hex_bits(vtc_strbuf *b, uint64_t bits) {
  char buf[24];
  int n = snprintf(buf, sizeof buf, "0x%llX", (unsigned long long)bits);
  out_append(b, buf, (size_t)n);
}

/* A small unsigned big integer (little-endian 32-bit limbs), enough for the
 * exact decimal expansion of any f64 (5^1074 * 2^53 < 2^2600). */
typedef struct bignum {
  uint32_t limb[96];
  int n; /* limbs in use; 0 is zero */
} bignum;

static void big_mul_small(bignum *b, uint32_t m) {
  uint64_t carry = 0;
  for (int i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->limb[i] * m + carry;
    b->limb[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry && b->n < 96) b->limb[b->n++] = (uint32_t)carry;
}

static uint32_t big_divmod_small(bignum *b, uint32_t d) {
  uint64_t rem = 0;
  for (int i = b->n; i-- > 0;) {
    uint64_t cur = (rem << 32) | b->limb[i];
    b->limb[i] = (uint32_t)(cur / d);
    rem = cur % d;
  }
  while (b->n && !b->limb[b->n - 1]) b->n--;
  return (uint32_t)rem;
}

static void big_shl(bignum *b, int k) {
  while (k >= 32 && b->n < 96) {
    memmove(b->limb + 1, b->limb, (size_t)b->n * 4);
    b->limb[0] = 0;
    b->n++;
    k -= 32;
  }
  for (int i = 0; i < k; i++) big_mul_small(b, 2);
}

static int big_active_bits(const bignum *b) {
  if (!b->n) return 0;
  uint32_t top = b->limb[b->n - 1];
  int bits = 0;
  while (top) {
    bits++;
    top >>= 1;
  }
  return (b->n - 1) * 32 + bits;
}

/* APFloat::toString(Str) with its defaults (FormatPrecision 0 = the type's
 * natural precision, FormatMaxPadding 3, TruncateZero), digit for digit:
 * the exact decimal expansion, pre-truncated to the bits the precision
 * needs, then rounded half-up on one digit. MLIR prints it when six digits
 * do not round-trip. Returns false when the form has no '.', where MLIR
 * falls back to hex. */
static int type_precision_bits(const vtc_type *type) {
  return type->kind == VTC_TYPE_F16 ? 11 : type->kind == VTC_TYPE_BF16 ? 8 : type->kind == VTC_TYPE_F32 ? 24 : 53;
}

/* The decimal digits of |v| (most significant first, trailing zeros
 * dropped) and exponent (|v| ~ digits * 10^exp), as APFloat::toString
 * computes them for `precision` significant digits. */
static bool apfloat_digits(const vtc_type *type, double v, int precision, char *digits, int *ndigits, int *exp_out) {
  int pbits = type_precision_bits(type);
  int e2;
  double m = frexp(fabs(v), &e2); /* |v| = m * 2^e2, m in [0.5, 1) */
  uint64_t sig = (uint64_t)ldexp(m, pbits);
  int exp = e2 - pbits;
  if (!sig) return false;
  while (!(sig & 1)) {
    sig >>= 1;
    exp++;
  }
  bignum b = {{(uint32_t)sig, (uint32_t)(sig >> 32)}, sig >> 32 ? 2 : 1};
  if (exp > 0) {
    big_shl(&b, exp);
    exp = 0;
  } else {
    for (int t = -exp; t > 0; t -= 13) big_mul_small(&b, t >= 13 ? 1220703125u : (uint32_t)pow(5, t));
  }
  /* Drop the decimal digits the precision cannot need (truncating). */
  int bits = big_active_bits(&b), required = (precision * 196 + 58) / 59;
  if (bits > required) {
    int tens = (bits - required) * 59 / 196;
    exp += tens;
    for (; tens >= 9; tens -= 9) big_divmod_small(&b, 1000000000u);
    if (tens) big_divmod_small(&b, (uint32_t)pow(10, tens));
  }
  char buffer[64]; /* least significant digit first */
  int nb = 0;
  bool trail = true;
  while (b.n && nb < (int)sizeof buffer) {
    uint32_t d = big_divmod_small(&b, 10);
    if (trail && !d) exp++;
    else {
      buffer[nb++] = (char)('0' + d);
      trail = false;
    }
  }
  if (!nb) return false;
  /* Round to `precision` digits, half up on the first dropped digit. */
  if (nb > precision) {
    int first = nb - precision;
    if (buffer[first - 1] < '5') {
      while (first < nb && buffer[first] == '0') first++;
    } else {
      int i = first;
      for (; i < nb && buffer[i] == '9'; i++) first++;
      if (i < nb) buffer[i]++;
    }
    if (first == nb) {
      exp += first;
      buffer[0] = '1';
      nb = 1;
    } else {
      exp += first;
      memmove(buffer, buffer + first, (size_t)(nb - first));
      nb -= first;
    }
  }
  for (int i = 0; i < nb; i++) digits[i] = buffer[nb - 1 - i];
  *ndigits = nb;
  *exp_out = exp;
  return true;
}

static bool apfloat_default_string(const vtc_type *type, double v, char *out, size_t cap) {
  int precision = 2 + type_precision_bits(type) * 59 / 196;
  char digits[64];
  int nd, exp;
  if (!apfloat_digits(type, v, precision, digits, &nd, &exp)) return false;
  bool scientific;
  if (exp >= 0) {
    scientific = exp > 3 || nd + exp > precision;
  } else {
    int msd = exp + nd - 1;
    scientific = msd >= 0 ? false : -msd > 3;
  }
  char buf[80];
  size_t n = 0;
  if (signbit(v)) buf[n++] = '-';
  if (scientific) {
    exp += nd - 1;
    buf[n++] = digits[0];
    buf[n++] = '.';
    if (nd == 1) buf[n++] = '0';
    for (int i = 1; i < nd; i++) buf[n++] = digits[i];
    n += (size_t)snprintf(buf + n, sizeof buf - n, "E%c%d", exp >= 0 ? '+' : '-', exp >= 0 ? exp : -exp);
  } else if (exp >= 0) {
    for (int i = 0; i < nd; i++) buf[n++] = digits[i];
    for (int i = 0; i < exp; i++) buf[n++] = '0';
  } else {
    int whole = exp + nd, i = 0;
    if (whole > 0) {
      for (; i < whole; i++) buf[n++] = digits[i];
      buf[n++] = '.';
    } else {
      buf[n++] = '0';
      buf[n++] = '.';
      for (int z = 0; z < -whole; z++) buf[n++] = '0';
    }
    for (; i < nd; i++) buf[n++] = digits[i];
  }
  buf[n] = 0;
  if (!memchr(buf, '.', n) || n + 1 > cap) return false;
  memcpy(out, buf, n + 1);
  return true;
}

/* As MLIR's printFloatValue: `1.000000e+00` when six digits round-trip
 * through the type, else APFloat's default form, else (and for non-finite
 * values) the bit pattern in hex. */
static void print_float(vtc_strbuf *b, const vtc_type *type, double v) {
  if (isfinite(v)) {
    /* toString(6, 0, false): six significant digits, always scientific,
     * padded to six decimals, exponent of at least two digits. */
    char buf[80], digits[64];
    int nd, exp;
    if (v == 0) {
      nd = 1;
      digits[0] = '0';
      exp = 0;
    } else if (!apfloat_digits(type, v, 6, digits, &nd, &exp)) {
      nd = 0;
    }
    if (nd) {
      size_t n = 0;
      if (signbit(v)) buf[n++] = '-';
      exp += nd - 1;
      buf[n++] = digits[0];
      buf[n++] = '.';
      for (int i = 1; i < nd; i++) buf[n++] = digits[i];
      for (int i = nd - 1; i < 6; i++) buf[n++] = '0';
      n += (size_t)snprintf(buf + n, sizeof buf - n, "e%c%02d", exp >= 0 ? '+' : '-', exp >= 0 ? exp : -exp);
      double back = vtc_float_round(type, strtod(buf, NULL));
      if (back == v && signbit(back) == signbit(v)) {
        out_append(b, buf, n);
        return;
      }
    }
    if (apfloat_default_string(type, v, buf, sizeof buf)) {
      out_puts(b, buf);
      return;
    }
  }
  print_hex_bits(b, float_bits(type, v));
}

/* ---- attributes ----------------------------------------------------------- */

static void print_int_value(vtc_strbuf *b, const vtc_type *type, int64_t v) {
  if (type && type->kind == VTC_TYPE_INTEGER && type->width == 1) {
    if (v & 1) OUT_LIT(b, "true");
    else OUT_LIT(b, "false");
    return;
  }
  printer_i64(b, type ? vtc_int_truncate(type, v) : v);
}

/* The raw bits of dense element i (for exact non-finite floats). */
static uint64_t dense_raw_bits(const vtc_attr *a, int64_t i, size_t size) {
  const unsigned char *p = (const unsigned char *)vtc_dense_data(a) + (a->splat ? 0 : (size_t)i * size);
  uint64_t bits = 0;
  for (size_t k = 0; k < size; k++) bits |= (uint64_t)p[k] << (8 * k);
  return bits;
}

static void print_dense_element(vtc_strbuf *b, const vtc_attr *a, int64_t i) {
  const vtc_type *e = a->type->element;
  if (vtc_type_is_float(e)) {
    double v = vtc_dense_get_f64(a, i);
    if (!isfinite(v)) print_hex_bits(b, dense_raw_bits(a, i, vtc_dense_element_size(e)));
    else print_float(b, e, v);
  } else {
    print_int_value(b, e, vtc_dense_get_i64(a, i));
  }
}

static void print_dense_dim(vtc_strbuf *b, const vtc_attr *a, unsigned dim, int64_t *index) {
  const vtc_type *t = a->type;
  if (dim == t->rank) {
    print_dense_element(b, a, (*index)++);
    return;
  }
  out_putc(b, '[');
  int64_t n = vtc_tensor_dim(t, dim);
  for (int64_t k = 0; k < n; k++) {
    if (k) OUT_LIT(b, ", ");
    print_dense_dim(b, a, dim + 1, index);
  }
  out_putc(b, ']');
}

static void print_dense(vtc_strbuf *b, const vtc_attr *a, int64_t elide_above) {
  if (a->resource) { /* the bytes go in the file's dialect_resources section */
    OUT_LIT(b, "dense_resource<");
    out_puts(b, a->resource->name); /* an identifier (resources.h) */
    OUT_LIT(b, "> : ");
    printer_type(b, a->type);
    return;
  }
  int64_t n = vtc_tensor_num_elements(a->type);
  if (elide_above >= 0 && n > elide_above && !a->splat) {
    OUT_LIT(b, "dense_resource<__elided__> : ");
    printer_type(b, a->type);
    return;
  }
  OUT_LIT(b, "dense<");
  if (n == 0) {
    /* nothing: `dense<>` */
  } else if (a->splat || a->type->rank == 0) {
    print_dense_element(b, a, 0);
  } else {
    int64_t index = 0;
    print_dense_dim(b, a, 0, &index);
  }
  OUT_LIT(b, "> : ");
  printer_type(b, a->type);
}

void printer_attr(vtc_strbuf *b, const vtc_attr *a, int64_t elide_above, int elision) {
  switch (a->kind) {
  case VTC_ATTR_INTEGER:
    print_int_value(b, a->type, a->i);
    if (elision == VTC_ELIDE_MAY && vtc_type_is_integer(a->type, 64)) return;
    if (elision != VTC_ELIDE_ALWAYS && !(a->type->kind == VTC_TYPE_INTEGER && a->type->width == 1)) {
      OUT_LIT(b, " : ");
      printer_type(b, a->type);
    }
    return;
  case VTC_ATTR_FLOAT:
    print_float(b, a->type, a->f);
    if (elision == VTC_ELIDE_MAY && a->type->kind == VTC_TYPE_F64) return;
    if (elision != VTC_ELIDE_ALWAYS) {
      OUT_LIT(b, " : ");
      printer_type(b, a->type);
    }
    return;
  case VTC_ATTR_STRING:
    printer_string(b, a->str, vtc_str_len(a->str));
    return;
  case VTC_ATTR_UNIT:
    OUT_LIT(b, "unit");
    return;
  case VTC_ATTR_ARRAY:
    out_putc(b, '[');
    for (unsigned i = 0; i < a->count; i++) {
      if (i) OUT_LIT(b, ", ");
      printer_attr(b, a->elems[i].value, elide_above, VTC_ELIDE_MAY);
    }
    out_putc(b, ']');
    return;
  case VTC_ATTR_DICTIONARY:
    out_putc(b, '{');
    for (unsigned i = 0; i < a->count; i++) {
      if (i) OUT_LIT(b, ", ");
      printer_name(b, a->elems[i].name, vtc_str_len(a->elems[i].name));
      if (a->elems[i].value->kind != VTC_ATTR_UNIT) {
        OUT_LIT(b, " = ");
        printer_attr(b, a->elems[i].value, elide_above, VTC_ELIDE_NEVER);
      }
    }
    out_putc(b, '}');
    return;
  case VTC_ATTR_TYPE:
    printer_type(b, a->type);
    return;
  case VTC_ATTR_SYMBOL_REF:
    out_putc(b, '@');
    printer_name(b, a->str, vtc_str_len(a->str));
    for (unsigned i = 0; i < a->count; i++) {
      OUT_LIT(b, "::@");
      printer_name(b, a->elems[i].name, vtc_str_len(a->elems[i].name));
    }
    return;
  case VTC_ATTR_DENSE:
    print_dense(b, a, elide_above);
    return;
  case VTC_ATTR_AFFINE_MAP:
    OUT_LIT(b, "affine_map<");
    vtc_affine_map_print(a->map, b);
    out_putc(b, '>');
    return;
  case VTC_ATTR_DIALECT:
    print_dialect_item(b, '#', a->dialect, a->mnemonic, a->body);
    return;
  default:
    OUT_LIT(b, "<<unknown attribute>>");
  }
}

/* ---- locations ------------------------------------------------------------ */

void printer_loc(vtc_strbuf *b, const vtc_loc *l) {
  switch (l->kind) {
  case VTC_LOC_FILE:
    printer_string(b, l->name, vtc_str_len(l->name));
    out_putc(b, ':');
    printer_u64(b, l->line);
    out_putc(b, ':');
    printer_u64(b, l->col);
    return;
  case VTC_LOC_NAME:
    printer_string(b, l->name, vtc_str_len(l->name));
    if (l->child) {
      out_putc(b, '(');
      printer_loc(b, l->child);
      out_putc(b, ')');
    }
    return;
  case VTC_LOC_FUSED:
    OUT_LIT(b, "fused");
    if (l->metadata) {
      out_putc(b, '<');
      printer_attr(b, l->metadata, -1, VTC_ELIDE_NEVER);
      out_putc(b, '>');
    }
    out_putc(b, '[');
    for (unsigned i = 0; i < l->count; i++) {
      if (i) OUT_LIT(b, ", ");
      printer_loc(b, l->locs[i]);
    }
    out_putc(b, ']');
    return;
  case VTC_LOC_CALLSITE:
    OUT_LIT(b, "callsite(");
    printer_loc(b, l->child);
    OUT_LIT(b, " at ");
    printer_loc(b, l->caller);
    out_putc(b, ')');
    return;
  default:
    OUT_LIT(b, "unknown");
  }
}

void vtc_print_type_to(const vtc_type *type, vtc_strbuf *out) { printer_type(out, type); }
void vtc_print_attr_to(const vtc_attr *attr, vtc_strbuf *out) { printer_attr(out, attr, -1, VTC_ELIDE_NEVER); }

void vtc_print_loc_to(const vtc_loc *loc, vtc_strbuf *out) {
  OUT_LIT(out, "loc(");
  printer_loc(out, loc);
  out_putc(out, ')');
}

char *vtc_type_to_string(const vtc_type *type) {
  vtc_strbuf b = {0};
  printer_type(&b, type);
  return vtc_strbuf_take(&b);
}

char *vtc_attr_to_string(const vtc_attr *attr) {
  vtc_strbuf b = {0};
  printer_attr(&b, attr, -1, VTC_ELIDE_NEVER);
  return vtc_strbuf_take(&b);
}
