/* Parsing types (builtin, function, tensor with `?` dimensions and
 * encodings, dialect types with raw bodies, aliases) and locations
 * (`loc(...)`: file:line:col, names, fused, call sites, aliases). */
#include <stdlib.h>
#include <string.h>

#include "ir/parser_impl.h"

static bool all_digits(const char *s, size_t n) {
  if (!n) return false;
  for (size_t i = 0; i < n; i++)
    if (!(vtc_lex_char_class[(unsigned char)s[i]] & VTC_LEX_DIGIT)) return false;
  return true;
}

static bool is_kw(const vtc_token *t, const char *kw) { return vtc_tok_is_keyword(t, kw); }

bool parser_can_start_type(const vtc_parser *p) {
  const vtc_token *t = &p->tok;
  if (t->kind == VTC_TOK_LPAREN || t->kind == VTC_TOK_BANG_ID) return true;
  if (t->kind != VTC_TOK_BARE_ID) return false;
  if (t->start[0] == 'i' && all_digits(t->start + 1, t->len - 1)) return true;
  static const char *const kws[] = {"index", "f16", "bf16", "f32", "f64", "none", "tensor", NULL};
  for (int i = 0; kws[i]; i++)
    if (is_kw(t, kws[i])) return true;
  return false;
}

static bool type_list_until(vtc_parser *p, vtc_tok_kind close, type_vec *out, const char *what) {
  if (parser_consume_if(p, close)) return true;
  do {
    const vtc_type *t;
    if (!parser_type(p, &t)) return false;
    VTC_VEC_PUSH(out, t);
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  return parser_expect(p, close, what);
}

bool parser_result_types(vtc_parser *p, type_vec *out) {
  if (parser_consume_if(p, VTC_TOK_LPAREN)) return type_list_until(p, VTC_TOK_RPAREN, out, "')' in function type");
  const vtc_type *t;
  if (!parser_type(p, &t)) return false;
  VTC_VEC_PUSH(out, t);
  return true;
}

bool parser_function_type(vtc_parser *p, const vtc_type **out) {
  type_vec types = {0};
  if (!parser_expect(p, VTC_TOK_LPAREN, "'(' to start function type")) return false;
  bool ok = type_list_until(p, VTC_TOK_RPAREN, &types, "')' in function type");
  size_t ninputs = types.len;
  if (ok) ok = parser_expect(p, VTC_TOK_ARROW, "'->' in function type");
  if (ok) ok = parser_result_types(p, &types);
  if (ok)
    *out = vtc_type_function(p->ctx, (unsigned)ninputs, types.data, (unsigned)(types.len - ninputs),
                             types.data ? types.data + ninputs : NULL);
  VTC_VEC_FREE(&types);
  return ok;
}

/* Splits `x8xf32` after its `x`, as MLIR's dimension lists require. */
static bool expect_x(vtc_parser *p) {
  vtc_token t = p->tok;
  if (t.kind != VTC_TOK_BARE_ID || t.start[0] != 'x') return parser_expected(p, "'x' in dimension list");
  if (t.len == 1) {
    parser_advance(p);
  } else {
    vtc_lexer_reset(&p->lex, t.start + 1, p->lex.line, p->lex.line_start);
    parser_advance(p);
  }
  return true;
}

static bool parse_tensor(vtc_parser *p, const vtc_type **out) {
  vtc_token kw = p->tok;
  parser_advance(p);
  if (!parser_expect(p, VTC_TOK_LESS, "'<' in tensor type")) return false;
  if (p->tok.kind == VTC_TOK_STAR) return parser_error_at(p, &p->tok, "unranked tensors are not supported");
  VTC_VEC(int64_t) dims = {0};
  bool ok = true;
  for (;;) {
    if (p->tok.kind == VTC_TOK_QUESTION) {
      VTC_VEC_PUSH(&dims, VTC_DYNAMIC);
      parser_advance(p);
    } else if (p->tok.kind == VTC_TOK_INTEGER) {
      vtc_token t = p->tok;
      if (t.len > 1 && (t.start[1] == 'x' || t.start[1] == 'X')) {
        /* `0x8xf32`: a zero dimension, then the `x`. */
        VTC_VEC_PUSH(&dims, 0);
        vtc_lexer_reset(&p->lex, t.start + 1, p->lex.line, p->lex.line_start);
        parser_advance(p);
      } else {
        uint64_t v;
        if (!parser_token_u64(&t, &v) || v > (uint64_t)INT64_MAX) {
          ok = parser_error_at(p, &t, "invalid dimension");
          break;
        }
        VTC_VEC_PUSH(&dims, (int64_t)v);
        parser_advance(p);
      }
    } else if (p->tok.kind == VTC_TOK_MINUS) {
      ok = parser_error_at(p, &p->tok, "invalid dimension: dimensions must be non-negative or '?'");
      break;
    } else {
      break;
    }
    if (!(ok = expect_x(p))) break;
  }
  const vtc_type *elem = NULL;
  const vtc_attr *enc = NULL;
  vtc_token elem_tok = p->tok;
  if (ok) ok = parser_type(p, &elem);
  if (ok && (elem->kind == VTC_TYPE_TENSOR || elem->kind == VTC_TYPE_FUNCTION || elem->kind == VTC_TYPE_NONE))
    ok = parser_error_at(p, &elem_tok, "invalid tensor element type");
  if (ok && parser_consume_if(p, VTC_TOK_COMMA)) ok = parser_attr(p, NULL, &enc);
  if (ok) ok = parser_expect(p, VTC_TOK_GREATER, "'>' in tensor type");
  if (ok) *out = vtc_type_tensor(p->ctx, (unsigned)dims.len, dims.data, elem, enc);
  (void)kw;
  VTC_VEC_FREE(&dims);
  return ok;
}

/* The part shared by dialect types and attributes: the dialect and
 * mnemonic of `!dialect.mnemonic<body>` / `#dialect.mnemonic<body>`, its
 * body text (interned), and the dialect when registered; unknown dialects
 * are an error unless unregistered ones are allowed. */
bool parser_dialect_item_parse(vtc_parser *p, const vtc_token *t, const char *name, size_t len, const char *dot,
                               bool angle, bool is_type, parser_dialect_item *item) {
  size_t dlen = dot ? (size_t)(dot - name) : len;
  item->dialect_name = vtc_strn(p->ctx, name, dlen);
  item->mnemonic = dot ? vtc_strn(p->ctx, dot + 1, len - dlen - 1) : vtc_str(p->ctx, "");
  const char *body = "";
  size_t body_len = 0;
  if (angle) {
    if (!parser_pretty_body(p, &body, &body_len, t)) return false;
  } else {
    parser_advance(p);
  }
  item->body = vtc_strn(p->ctx, body, body_len);
  item->dialect = vtc_context_get_dialect(p->ctx, item->dialect_name);
  if (!item->dialect && !vtc_context_allows_unregistered(p->ctx))
    return parser_error_at(p, t, "dialect '%s' is unknown (use -allow-unregistered-dialect to accept its %s)",
                           item->dialect_name, is_type ? "types" : "attributes");
  /* A registered dialect validates the body of its own types and attributes. */
  vtc_dialect_parse_body_fn check =
      item->dialect ? (is_type ? item->dialect->check_type : item->dialect->check_attr) : NULL;
  const char *err = NULL;
  if (check && !check(p->ctx, item->mnemonic, item->body, &err))
    return parser_error_at(p, t, "%s", err ? err : is_type ? "invalid dialect type" : "invalid dialect attribute");
  return true;
}

/* `!dialect.mnemonic<body>`, `!dialect<body>`, `!dialect.mnemonic`, `!alias`. */
static bool parse_bang_type(vtc_parser *p, const vtc_type **out) {
  vtc_token t = p->tok;
  const char *name = t.start + 1;
  size_t len = t.len - 1;
  const char *dot = memchr(name, '.', len);
  bool angle = p->lex.cur < p->lex.end && *p->lex.cur == '<';
  if (!dot && !angle) {
    name_entry *e = name_map_find(&p->type_aliases, name, (uint32_t)len, name_hash(name, len));
    if (!e) return parser_error_at(p, &t, "undefined symbol alias id '%.*s'", (int)len, name);
    *out = e->value;
    parser_advance(p);
    return true;
  }
  parser_dialect_item item;
  if (!parser_dialect_item_parse(p, &t, name, len, dot, angle, true, &item)) return false;
  *out = vtc_type_dialect(p->ctx, item.dialect_name, item.mnemonic, item.body, NULL);
  return true;
}

static bool type_impl(vtc_parser *p, const vtc_type **out);

bool parser_type(vtc_parser *p, const vtc_type **out) {
  if (!parser_enter(p)) return false;
  bool ok = type_impl(p, out);
  parser_leave(p);
  return ok;
}

static bool type_impl(vtc_parser *p, const vtc_type **out) {
  vtc_token t = p->tok;
  switch (t.kind) {
  case VTC_TOK_LPAREN: return parser_function_type(p, out);
  case VTC_TOK_BANG_ID: return parse_bang_type(p, out);
  case VTC_TOK_BARE_ID: break;
  default: return parser_expected(p, "type");
  }
  vtc_context *ctx = p->ctx;
  if (t.start[0] == 'i' && all_digits(t.start + 1, t.len - 1)) {
    vtc_token w = t;
    w.start++;
    w.len--;
    uint64_t width;
    if (!parser_token_u64(&w, &width) || width == 0 || width > 64)
      return parser_error_at(p, &t, "integer bitwidth must be between 1 and 64");
    *out = vtc_type_integer(ctx, (unsigned)width);
  } else if (is_kw(&t, "index")) {
    *out = vtc_type_index(ctx);
  } else if (is_kw(&t, "f32")) {
    *out = vtc_type_f32(ctx);
  } else if (is_kw(&t, "f64")) {
    *out = vtc_type_f64(ctx);
  } else if (is_kw(&t, "f16")) {
    *out = vtc_type_f16(ctx);
  } else if (is_kw(&t, "bf16")) {
    *out = vtc_type_bf16(ctx);
  } else if (is_kw(&t, "none")) {
    *out = vtc_type_none(ctx);
  } else if (is_kw(&t, "tensor")) {
    return parse_tensor(p, out);
  } else if ((t.start[0] == 's' || t.start[0] == 'u') && t.len > 2 && t.start[1] == 'i' &&
             all_digits(t.start + 2, t.len - 2)) {
    return parser_error_at(p, &t, "signed and unsigned integer types are not supported; use signless '%.*s'",
                           (int)t.len - 1, t.start + 1);
  } else if (is_kw(&t, "vector") || is_kw(&t, "memref") || is_kw(&t, "complex") || is_kw(&t, "tuple")) {
    return parser_error_at(p, &t, "'%.*s' types are not supported", (int)t.len, t.start);
  } else {
    return parser_error_at(p, &t, "unknown type '%.*s'", (int)t.len, t.start);
  }
  parser_advance(p);
  return true;
}

/* ---- locations ------------------------------------------------------------ */

static bool parse_u32(vtc_parser *p, uint32_t *out, const char *what) {
  uint64_t v;
  if (p->tok.kind != VTC_TOK_INTEGER) return parser_expected(p, what);
  if (!parser_token_u64(&p->tok, &v) || v > UINT32_MAX) return parser_error_at(p, &p->tok, "%s out of range", what);
  *out = (uint32_t)v;
  parser_advance(p);
  return true;
}

static bool loc_alias(vtc_parser *p, const vtc_token *t, const vtc_loc **out) {
  const char *name = t->start + 1;
  uint32_t len = (uint32_t)t->len - 1;
  name_entry *e = name_map_find(&p->loc_aliases, name, len, name_hash(name, len));
  if (!e) return false;
  *out = e->value;
  return true;
}

static bool loc_impl(vtc_parser *p, const vtc_loc **out);

bool parser_loc_instance(vtc_parser *p, const vtc_loc **out) {
  if (!parser_enter(p)) return false;
  bool ok = loc_impl(p, out);
  parser_leave(p);
  return ok;
}

static bool loc_impl(vtc_parser *p, const vtc_loc **out) {
  vtc_token t = p->tok;
  vtc_context *ctx = p->ctx;
  if (t.kind == VTC_TOK_STRING) {
    const char *s;
    if (!parser_string_value(p, &t, &s)) return false;
    parser_advance(p);
    if (parser_consume_if(p, VTC_TOK_COLON)) {
      uint32_t line = 0, col = 0;
      if (!parse_u32(p, &line, "line number")) return false;
      if (!parser_expect(p, VTC_TOK_COLON, "':' in file location")) return false;
      if (!parse_u32(p, &col, "column number")) return false;
      *out = vtc_loc_file(ctx, s, line, col);
      return true;
    }
    const vtc_loc *child = NULL;
    if (parser_consume_if(p, VTC_TOK_LPAREN)) {
      if (!parser_loc_instance(p, &child)) return false;
      if (!parser_expect(p, VTC_TOK_RPAREN, "')' after child location")) return false;
    }
    *out = vtc_loc_name(ctx, s, child);
    return true;
  }
  if (t.kind == VTC_TOK_HASH_ID) {
    if (!loc_alias(p, &t, out))
      return parser_error_at(p, &t, "undefined location alias '%.*s'", (int)t.len, t.start);
    parser_advance(p);
    return true;
  }
  if (is_kw(&t, "unknown")) {
    parser_advance(p);
    *out = vtc_loc_unknown(ctx);
    return true;
  }
  if (is_kw(&t, "callsite")) {
    parser_advance(p);
    const vtc_loc *callee, *caller;
    if (!parser_expect(p, VTC_TOK_LPAREN, "'(' in callsite location") || !parser_loc_instance(p, &callee))
      return false;
    if (!is_kw(&p->tok, "at")) return parser_expected(p, "'at' in callsite location");
    parser_advance(p);
    if (!parser_loc_instance(p, &caller) || !parser_expect(p, VTC_TOK_RPAREN, "')' in callsite location"))
      return false;
    *out = vtc_loc_callsite(ctx, callee, caller);
    return true;
  }
  if (is_kw(&t, "fused")) {
    parser_advance(p);
    const vtc_attr *meta = NULL;
    if (parser_consume_if(p, VTC_TOK_LESS)) {
      if (!parser_attr(p, NULL, &meta) || !parser_expect(p, VTC_TOK_GREATER, "'>' after fused location metadata"))
        return false;
    }
    if (!parser_expect(p, VTC_TOK_LSQUARE, "'[' in fused location")) return false;
    VTC_VEC(const vtc_loc *) locs = {0};
    bool ok = true;
    if (!parser_consume_if(p, VTC_TOK_RSQUARE)) {
      do {
        const vtc_loc *l;
        if (!(ok = parser_loc_instance(p, &l))) break;
        VTC_VEC_PUSH(&locs, l);
      } while (parser_consume_if(p, VTC_TOK_COMMA));
      if (ok) ok = parser_expect(p, VTC_TOK_RSQUARE, "']' in fused location");
    }
    if (ok) *out = vtc_loc_fused(ctx, (unsigned)locs.len, locs.data, meta);
    VTC_VEC_FREE(&locs);
    return ok;
  }
  return parser_expected(p, "location instance");
}

bool parser_trailing_loc(vtc_parser *p, const vtc_loc **out, vtc_token *deferred, bool *present) {
  *present = false;
  if (!is_kw(&p->tok, "loc")) return true;
  *present = true;
  parser_advance(p);
  if (!parser_expect(p, VTC_TOK_LPAREN, "'(' in location")) return false;
  if (p->tok.kind == VTC_TOK_HASH_ID) {
    if (!loc_alias(p, &p->tok, out)) {
      *deferred = p->tok;
      *out = NULL;
    }
    parser_advance(p);
  } else if (!parser_loc_instance(p, out)) {
    return false;
  }
  return parser_expect(p, VTC_TOK_RPAREN, "')' in location");
}
