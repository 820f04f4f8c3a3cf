/* Parsing attributes: numbers with their `: type`, strings, bools, unit,
 * arrays, dictionaries, types, symbol references, `dense<...>` (checked
 * against the tensor shape), `affine_map<...>`, dialect attributes, aliases. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser_impl.h"

static bool is_kw(const vtc_token *t, const char *kw) { return vtc_tok_is_keyword(t, kw); }

static bool is_hex_token(const vtc_token *t) {
  return t->kind == VTC_TOK_INTEGER && t->len > 2 && t->start[0] == '0' && (t->start[1] == 'x' || t->start[1] == 'X');
}

static double token_double(vtc_parser *p, const vtc_token *t) {
  vtc_strbuf_clear(&p->scratch);
  vtc_strbuf_append(&p->scratch, t->start, t->len);
  return strtod(p->scratch.data, NULL);
}

static bool int_fits(uint64_t mag, bool neg, unsigned width) {
  if (width >= 64) return neg ? mag <= (1ull << 63) : true;
  if (neg) return mag <= (1ull << (width - 1));
  return mag < (1ull << width);
}

static int64_t signed_value(uint64_t mag, bool neg) { return neg ? (int64_t)(0 - mag) : (int64_t)mag; }

/* A float of the given type from its bit pattern (`0x3F800000 : f32`). */
static bool float_from_bits(vtc_parser *p, const vtc_token *t, const vtc_type *type, double *out) {
  uint64_t bits;
  unsigned width = vtc_type_bit_width(type);
  if (!parser_token_u64(t, &bits) || (width < 64 && (bits >> width) != 0))
    return parser_error_at(p, t, "hexadecimal float constant out of range for type");
  switch (type->kind) {
  case VTC_TYPE_F16: *out = vtc_f16_to_double((uint16_t)bits); break;
  case VTC_TYPE_BF16: *out = vtc_bf16_to_double((uint16_t)bits); break;
  case VTC_TYPE_F32: {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    *out = f;
    break;
  }
  default: memcpy(out, &bits, 8); break;
  }
  return true;
}

static bool is_int_type(const vtc_type *t) { return t->kind == VTC_TYPE_INTEGER || t->kind == VTC_TYPE_INDEX; }

/* `[-] literal [: type]` */
static bool parse_number(vtc_parser *p, const vtc_type *hint, const vtc_attr **out) {
  vtc_token start = p->tok;
  bool neg = parser_consume_if(p, VTC_TOK_MINUS);
  vtc_token t = p->tok;
  if (t.kind != VTC_TOK_INTEGER && t.kind != VTC_TOK_FLOAT) return parser_expected(p, "integer or float literal");
  parser_advance(p);
  const vtc_type *type = hint;
  vtc_token type_tok = t;
  if (parser_consume_if(p, VTC_TOK_COLON)) {
    type_tok = p->tok;
    if (!parser_type(p, &type)) return false;
  }
  if (t.kind == VTC_TOK_FLOAT) {
    if (!type) type = vtc_type_f64(p->ctx);
    if (!vtc_type_is_float(type)) return parser_error_at(p, &type_tok, "floating point value not valid for the specified type");
    double v = token_double(p, &t);
    *out = vtc_attr_float(p->ctx, type, neg ? -v : v);
    return true;
  }
  if (!type) type = vtc_type_integer(p->ctx, 64);
  if (vtc_type_is_float(type)) {
    if (!is_hex_token(&t)) {
      vtc_diagnostic *d = vtc_diag_begin(p->ctx, VTC_SEV_ERROR, parser_tok_loc(p, &t),
                                         "unexpected decimal integer literal for a floating point value");
      vtc_diag_note(d, parser_tok_loc(p, &t), "add a trailing dot to make the literal a float");
      vtc_diag_emit(d);
      return false;
    }
    if (neg) return parser_error_at(p, &start, "hexadecimal float literal should not have a leading minus");
    double v;
    if (!float_from_bits(p, &t, type, &v)) return false;
    *out = vtc_attr_float(p->ctx, type, v);
    return true;
  }
  if (!is_int_type(type)) return parser_error_at(p, &type_tok, "integer literal not valid for the specified type");
  uint64_t mag;
  unsigned width = type->kind == VTC_TYPE_INDEX ? 64 : type->width;
  if (!parser_token_u64(&t, &mag) || !int_fits(mag, neg, width))
    return parser_error_at(p, &t, "integer constant out of range for attribute");
  *out = vtc_attr_integer(p->ctx, type, signed_value(mag, neg));
  return true;
}

bool parser_attr_dict(vtc_parser *p, named_attr_vec *out) {
  if (!parser_expect(p, VTC_TOK_LBRACE, "'{' to begin an attribute dictionary")) return false;
  if (parser_consume_if(p, VTC_TOK_RBRACE)) return true;
  do {
    vtc_token t = p->tok;
    const char *name;
    if (t.kind == VTC_TOK_STRING) {
      if (!parser_string_value(p, &t, &name)) return false;
    } else if (t.kind == VTC_TOK_BARE_ID) {
      name = vtc_strn(p->ctx, t.start, t.len);
    } else {
      return parser_expected(p, "attribute name");
    }
    if (!*name) return parser_error_at(p, &t, "expected valid attribute name");
    for (size_t i = 0; i < out->len; i++)
      if (out->data[i].name == name) return parser_error_at(p, &t, "duplicate key '%s' in dictionary attribute", name);
    parser_advance(p);
    const vtc_attr *value;
    if (parser_consume_if(p, VTC_TOK_EQUAL)) {
      if (!parser_attr(p, NULL, &value)) return false;
    } else {
      value = vtc_attr_unit(p->ctx);
    }
    vtc_named_attr na = {name, value};
    VTC_VEC_PUSH(out, na);
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  return parser_expect(p, VTC_TOK_RBRACE, "'}' in attribute dictionary");
}

static bool parse_symbol_ref(vtc_parser *p, const vtc_attr **out) {
  const char *root;
  vtc_token t = p->tok;
  if (t.len > 1 && t.start[1] == '"') {
    if (!parser_string_value(p, &t, &root)) return false;
  } else {
    root = vtc_strn(p->ctx, t.start + 1, t.len - 1);
  }
  parser_advance(p);
  VTC_VEC(const char *) nested = {0};
  /* `::@nested`: two adjacent colons, so a lone `:` after a reference is left alone. */
  while (p->tok.kind == VTC_TOK_COLON && p->lex.cur < p->lex.end && *p->lex.cur == ':') {
    parser_advance(p);
    parser_advance(p);
    if (p->tok.kind != VTC_TOK_AT_ID) {
      VTC_VEC_FREE(&nested);
      return parser_expected(p, "nested symbol reference identifier");
    }
    t = p->tok;
    const char *n;
    if (t.len > 1 && t.start[1] == '"') {
      if (!parser_string_value(p, &t, &n)) {
        VTC_VEC_FREE(&nested);
        return false;
      }
    } else {
      n = vtc_strn(p->ctx, t.start + 1, t.len - 1);
    }
    VTC_VEC_PUSH(&nested, n);
    parser_advance(p);
  }
  *out = vtc_attr_symbol_ref(p->ctx, root, (unsigned)nested.len, nested.data);
  VTC_VEC_FREE(&nested);
  return true;
}

/* ---- dense elements ------------------------------------------------------- */

typedef struct dense_elt {
  vtc_token tok; /* INTEGER, FLOAT or BARE_ID true/false */
  bool neg;
} dense_elt;

typedef VTC_VEC(dense_elt) elt_vec;
typedef VTC_VEC(int64_t) dim_vec;

/* One element or nested list; its shape goes to *shape (a fresh vector). */
static bool dense_element(vtc_parser *p, elt_vec *elts, dim_vec *shape, int depth) {
  if (depth > 64) return parser_error_at(p, &p->tok, "tensor literal nested too deeply");
  if (p->tok.kind == VTC_TOK_LSQUARE) {
    vtc_token open = p->tok;
    parser_advance(p);
    dim_vec first = {0};
    int64_t count = 0;
    bool ok = true;
    if (!parser_consume_if(p, VTC_TOK_RSQUARE)) {
      do {
        dim_vec sub = {0};
        if (!(ok = dense_element(p, elts, &sub, depth + 1))) {
          VTC_VEC_FREE(&sub);
          break;
        }
        if (count == 0) {
          first = sub;
        } else {
          bool same = sub.len == first.len && (!sub.len || memcmp(sub.data, first.data, sub.len * sizeof *sub.data) == 0);
          VTC_VEC_FREE(&sub);
          if (!same) {
            ok = parser_error_at(p, &open, "tensor literal is invalid; ranks are not consistent between elements");
            break;
          }
        }
        count++;
      } while (parser_consume_if(p, VTC_TOK_COMMA));
      if (ok) ok = parser_expect(p, VTC_TOK_RSQUARE, "']' in tensor literal");
    }
    if (ok) {
      VTC_VEC_PUSH(shape, count);
      for (size_t i = 0; i < first.len; i++) VTC_VEC_PUSH(shape, first.data[i]);
    }
    VTC_VEC_FREE(&first);
    return ok;
  }
  dense_elt e = {.neg = parser_consume_if(p, VTC_TOK_MINUS)};
  e.tok = p->tok;
  bool boolean = is_kw(&p->tok, "true") || is_kw(&p->tok, "false");
  if (!(p->tok.kind == VTC_TOK_INTEGER || p->tok.kind == VTC_TOK_FLOAT || (boolean && !e.neg)))
    return parser_expected(p, "element literal of primitive type");
  VTC_VEC_PUSH(elts, e);
  parser_advance(p);
  return true;
}

static void shape_str(vtc_strbuf *b, const int64_t *dims, size_t n) {
  vtc_strbuf_putc(b, '[');
  for (size_t i = 0; i < n; i++) vtc_strbuf_printf(b, "%s%lld", i ? ", " : "", (long long)dims[i]);
  vtc_strbuf_putc(b, ']');
}

static bool store_element(vtc_parser *p, const dense_elt *e, const vtc_type *elem, unsigned char *dst) {
  const vtc_token *t = &e->tok;
  if (vtc_type_is_float(elem)) {
    if (is_hex_token(t)) {
      double v;
      if (e->neg) return parser_error_at(p, t, "hexadecimal float literal should not have a leading minus");
      if (!float_from_bits(p, t, elem, &v)) return false;
      uint64_t bits;
      parser_token_u64(t, &bits);
      /* Keep the exact bit pattern (NaN payloads included), little-endian. */
      size_t size = vtc_dense_element_size(elem);
      for (size_t i = 0; i < size; i++) dst[i] = (unsigned char)(bits >> (8 * i));
      return true;
    }
    if (t->kind != VTC_TOK_FLOAT) return parser_error_at(p, t, "expected floating-point elements, but parsed integer");
    double v = token_double(p, t);
    vtc_dense_store(elem, dst, e->neg ? -v : v, 0);
    return true;
  }
  if (t->kind == VTC_TOK_BARE_ID) {
    if (!vtc_type_is_integer(elem, 1)) return parser_error_at(p, t, "expected i1 type for 'true' or 'false' values");
    vtc_dense_store(elem, dst, 0, is_kw(t, "true"));
    return true;
  }
  if (t->kind == VTC_TOK_FLOAT) return parser_error_at(p, t, "expected integer elements, but parsed floating-point");
  uint64_t mag;
  unsigned width = elem->kind == VTC_TYPE_INDEX ? 64 : elem->width;
  if (!parser_token_u64(t, &mag) || !int_fits(mag, e->neg, width))
    return parser_error_at(p, t, "integer constant out of range for type");
  vtc_dense_store(elem, dst, 0, signed_value(mag, e->neg));
  return true;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool parse_dense(vtc_parser *p, const vtc_attr **out) {
  vtc_token kw = p->tok;
  parser_advance(p);
  if (!parser_expect(p, VTC_TOK_LESS, "'<' after 'dense'")) return false;
  elt_vec elts = {0};
  dim_vec shape = {0};
  vtc_token lit = p->tok, hex = {0};
  bool ok = true, empty = false, is_hex = false;
  if (p->tok.kind == VTC_TOK_GREATER) {
    empty = true;
  } else if (p->tok.kind == VTC_TOK_STRING) {
    hex = p->tok;
    is_hex = true;
    parser_advance(p);
  } else {
    ok = dense_element(p, &elts, &shape, 0);
  }
  if (ok) ok = parser_expect(p, VTC_TOK_GREATER, "'>' to close dense elements");
  const vtc_type *type = NULL;
  vtc_token type_tok = p->tok;
  if (ok) ok = parser_expect(p, VTC_TOK_COLON, "':' and tensor type after dense elements");
  if (ok) {
    type_tok = p->tok;
    ok = parser_type(p, &type);
  }
  if (ok && type->kind != VTC_TYPE_TENSOR) ok = parser_error_at(p, &type_tok, "elements literal must be a tensor type");
  if (ok && !vtc_tensor_has_static_shape(type))
    ok = parser_error_at(p, &type_tok, "elements literal type must have static shape");
  const vtc_type *elem = ok ? type->element : NULL;
  if (ok && !is_int_type(elem) && !vtc_type_is_float(elem))
    ok = parser_error_at(p, &type_tok, "dense elements of this element type are not supported");
  int64_t n = ok ? vtc_tensor_num_elements(type) : 0;
  size_t esize = ok ? vtc_dense_element_size(elem) : 0;
  unsigned char *raw = NULL;
  bool splat = false;
  size_t bytes = 0;
  if (ok && empty) {
    if (n != 0) ok = parser_error_at(p, &lit, "parsed zero elements, but type expects %lld", (long long)n);
  } else if (ok && is_hex) {
    const char *s = hex.start + 1;
    size_t len = hex.len - 2;
    if (len < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || (len - 2) % 2)
      ok = parser_error_at(p, &hex, "expected hex string in dense elements (\"0x...\")");
    size_t nbytes = ok ? (len - 2) / 2 : 0;
    if (ok && nbytes != esize * (size_t)n && nbytes != esize)
      ok = parser_error_at(p, &hex, "elements hex data size is invalid for provided type");
    if (ok) {
      raw = vtc_xmalloc(nbytes ? nbytes : 1);
      for (size_t i = 0; ok && i < nbytes; i++) {
        int hi = hexval(s[2 + 2 * i]), lo = hexval(s[3 + 2 * i]);
        if (hi < 0 || lo < 0) ok = parser_error_at(p, &hex, "expected hex string in dense elements (\"0x...\")");
        else raw[i] = (unsigned char)(hi * 16 + lo);
      }
      splat = nbytes == esize && n != 1;
      bytes = nbytes;
    }
  } else if (ok) {
    splat = shape.len == 0;
    if (!splat) {
      bool same = shape.len == type->rank;
      for (unsigned i = 0; same && i < type->rank; i++) same = shape.data[i] == vtc_tensor_dim(type, i);
      if (!same) {
        vtc_strbuf a = {0}, b = {0};
        shape_str(&a, shape.data, shape.len);
        int64_t *dims = vtc_xmalloc((type->rank + 1) * sizeof *dims);
        for (unsigned i = 0; i < type->rank; i++) dims[i] = vtc_tensor_dim(type, i);
        shape_str(&b, dims, type->rank);
        ok = parser_error_at(p, &lit, "inferred shape of elements literal (%s) does not match type (%s)", a.data, b.data);
        free(dims);
        vtc_strbuf_free(&a);
        vtc_strbuf_free(&b);
      }
    }
    if (ok) {
      bytes = esize * elts.len;
      raw = vtc_xcalloc(bytes ? bytes : 1, 1);
      for (size_t i = 0; ok && i < elts.len; i++) ok = store_element(p, &elts.data[i], elem, raw + i * esize);
    }
  }
  if (ok) {
    if (n == 1 && !empty) splat = false;
    *out = vtc_attr_dense(p->ctx, type, splat, raw ? (const void *)raw : (const void *)"", bytes);
  }
  (void)kw;
  free(raw);
  VTC_VEC_FREE(&elts);
  VTC_VEC_FREE(&shape);
  return ok;
}

/* ---- the rest --------------------------------------------------------------- */

static bool parse_affine_map(vtc_parser *p, const vtc_attr **out) {
  vtc_token kw = p->tok;
  if (!(p->lex.cur < p->lex.end && *p->lex.cur == '<')) {
    parser_advance(p);
    return parser_expected(p, "'<' after 'affine_map'");
  }
  const char *body;
  size_t len;
  if (!parser_pretty_body(p, &body, &len, &kw)) return false;
  const char *err = NULL;
  size_t off = 0;
  const vtc_affine_map *map = vtc_affine_map_parse(p->ctx, body, len, &err, &off);
  if (!map) return vtc_error(p->ctx, parser_ptr_loc(p, body + (off < len ? off : len)), "%s", err ? err : "invalid affine map");
  *out = vtc_attr_affine_map(p->ctx, map);
  return true;
}

static bool parse_hash_attr(vtc_parser *p, const vtc_attr **out) {
  vtc_token t = p->tok;
  const char *name = t.start + 1;
  size_t len = t.len - 1;
  const char *dot = memchr(name, '.', len);
  bool angle = p->lex.cur < p->lex.end && *p->lex.cur == '<';
  if (!dot && !angle) {
    name_entry *e = name_map_find(&p->attr_aliases, name, (uint32_t)len, name_hash(name, len));
    if (!e) {
      if (name_map_find(&p->loc_aliases, name, (uint32_t)len, name_hash(name, len)))
        return parser_error_at(p, &t, "location alias '%.*s' used as an attribute", (int)t.len, t.start);
      return parser_error_at(p, &t, "undefined symbol alias id '%.*s'", (int)len, name);
    }
    *out = e->value;
    parser_advance(p);
    return true;
  }
  parser_dialect_item item;
  if (!parser_dialect_item_parse(p, &t, name, len, dot, angle, false, &item)) return false;
  *out = vtc_attr_dialect(p->ctx, item.dialect_name, item.mnemonic, item.body);
  return true;
}

static bool attr_impl(vtc_parser *p, const vtc_type *hint, const vtc_attr **out);

bool parser_attr(vtc_parser *p, const vtc_type *hint, const vtc_attr **out) {
  if (!parser_enter(p)) return false;
  bool ok = attr_impl(p, hint, out);
  parser_leave(p);
  return ok;
}

static bool attr_impl(vtc_parser *p, const vtc_type *hint, const vtc_attr **out) {
  vtc_token t = p->tok;
  vtc_context *ctx = p->ctx;
  switch (t.kind) {
  case VTC_TOK_INTEGER:
  case VTC_TOK_FLOAT:
  case VTC_TOK_MINUS:
    return parse_number(p, hint, out);
  case VTC_TOK_STRING: {
    const char *s;
    if (!parser_string_value(p, &t, &s)) return false;
    parser_advance(p);
    *out = vtc_attr_string(ctx, s, vtc_str_len(s));
    return true;
  }
  case VTC_TOK_LSQUARE: {
    parser_advance(p);
    VTC_VEC(const vtc_attr *) elems = {0};
    bool ok = true;
    if (!parser_consume_if(p, VTC_TOK_RSQUARE)) {
      do {
        const vtc_attr *a;
        if (!(ok = parser_attr(p, NULL, &a))) break;
        VTC_VEC_PUSH(&elems, a);
      } while (parser_consume_if(p, VTC_TOK_COMMA));
      if (ok) ok = parser_expect(p, VTC_TOK_RSQUARE, "']' to close array attribute");
    }
    if (ok) *out = vtc_attr_array(ctx, (unsigned)elems.len, elems.data);
    VTC_VEC_FREE(&elems);
    return ok;
  }
  case VTC_TOK_LBRACE: {
    named_attr_vec elems = {0};
    bool ok = parser_attr_dict(p, &elems);
    if (ok) *out = vtc_attr_dictionary(ctx, (unsigned)elems.len, elems.data);
    VTC_VEC_FREE(&elems);
    return ok;
  }
  case VTC_TOK_AT_ID:
    return parse_symbol_ref(p, out);
  case VTC_TOK_HASH_ID:
    return parse_hash_attr(p, out);
  case VTC_TOK_BARE_ID:
    if (is_kw(&t, "true") || is_kw(&t, "false")) {
      parser_advance(p);
      *out = vtc_attr_bool(ctx, is_kw(&t, "true"));
      return true;
    }
    if (is_kw(&t, "unit")) {
      parser_advance(p);
      *out = vtc_attr_unit(ctx);
      return true;
    }
    if (is_kw(&t, "dense")) return parse_dense(p, out);
    if (is_kw(&t, "affine_map")) return parse_affine_map(p, out);
    if (is_kw(&t, "dense_resource")) return parser_dense_resource(p, out);
    if (is_kw(&t, "array") || is_kw(&t, "sparse") || is_kw(&t, "strided") || is_kw(&t, "distinct") ||
        is_kw(&t, "affine_set") || is_kw(&t, "opaque"))
      return parser_error_at(p, &t, "'%.*s' attributes are not supported", (int)t.len, t.start);
    break;
  default:
    break;
  }
  if (parser_can_start_type(p)) {
    const vtc_type *type;
    if (!parser_type(p, &type)) return false;
    *out = vtc_attr_type(ctx, type);
    return true;
  }
  if (t.kind == VTC_TOK_BARE_ID) return parser_error_at(p, &t, "unknown attribute '%.*s'", (int)t.len, t.start);
  return parser_expected(p, "attribute value");
}
