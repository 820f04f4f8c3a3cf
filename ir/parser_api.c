/* The helpers custom op parsers call (vtc_op_def.parse), as MLIR's
 * OpAsmParser: punctuation, keywords, operands resolved against the current
 * scope, types, attributes, attribute dictionaries, arguments and regions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser_impl.h"

const vtc_loc *vtc_parser_loc(vtc_parser *p) { return parser_tok_loc(p, &p->tok); }
vtc_context *vtc_parser_context(vtc_parser *p) { return p->ctx; }

bool vtc_parser_error(vtc_parser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_diagnostic *d = vtc_diag_vbegin(p->ctx, VTC_SEV_ERROR, parser_tok_loc(p, &p->tok), fmt, ap);
  va_end(ap);
  vtc_diag_emit(d);
  return false;
}

static const struct {
  const char *text;
  vtc_tok_kind kind;
} puncts[] = {
    {"(", VTC_TOK_LPAREN},  {")", VTC_TOK_RPAREN},   {",", VTC_TOK_COMMA},   {":", VTC_TOK_COLON},
    {"->", VTC_TOK_ARROW},  {"=", VTC_TOK_EQUAL},    {"{", VTC_TOK_LBRACE},  {"}", VTC_TOK_RBRACE},
    {"[", VTC_TOK_LSQUARE}, {"]", VTC_TOK_RSQUARE},  {"<", VTC_TOK_LESS},    {">", VTC_TOK_GREATER},
    {"?", VTC_TOK_QUESTION}, {"*", VTC_TOK_STAR},    {"+", VTC_TOK_PLUS},    {"-", VTC_TOK_MINUS},
    {"|", VTC_TOK_VBAR},
};

static vtc_tok_kind punct_kind(const char *s) {
  for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++)
    if (strcmp(puncts[i].text, s) == 0) return puncts[i].kind;
  return VTC_TOK_ERROR;
}

bool vtc_parse_optional_punct(vtc_parser *p, const char *punct, bool *present) {
  *present = p->tok.kind == punct_kind(punct);
  if (*present) parser_advance(p);
  return true;
}

bool vtc_parse_punct(vtc_parser *p, const char *punct) {
  if (p->tok.kind != punct_kind(punct)) {
    char what[16];
    snprintf(what, sizeof what, "'%s'", punct);
    return parser_expected(p, what);
  }
  parser_advance(p);
  return true;
}

bool vtc_parse_optional_keyword(vtc_parser *p, const char *keyword, bool *present) {
  *present = vtc_tok_is_keyword(&p->tok, keyword);
  if (*present) parser_advance(p);
  return true;
}

bool vtc_parse_keyword(vtc_parser *p, const char *keyword) {
  if (!vtc_tok_is_keyword(&p->tok, keyword)) {
    if (p->tok.kind == VTC_TOK_ERROR || p->tok.kind == VTC_TOK_EOF) {
      vtc_strbuf b = {0};
      vtc_strbuf_printf(&b, "'%s'", keyword);
      bool r = parser_expected(p, b.data);
      vtc_strbuf_free(&b);
      return r;
    }
    return vtc_parser_error(p, "expected '%s'", keyword);
  }
  parser_advance(p);
  return true;
}

bool vtc_parse_any_keyword(vtc_parser *p, const char **keyword) {
  if (p->tok.kind != VTC_TOK_BARE_ID) return parser_expected(p, "keyword");
  *keyword = vtc_strn(p->ctx, p->tok.start, p->tok.len);
  parser_advance(p);
  return true;
}

bool vtc_parse_integer(vtc_parser *p, int64_t *value) {
  bool neg = p->tok.kind == VTC_TOK_MINUS;
  if (neg) parser_advance(p);
  if (p->tok.kind != VTC_TOK_INTEGER) return parser_expected(p, "integer value");
  uint64_t mag;
  if (!parser_token_u64(&p->tok, &mag) || mag > (neg ? (1ull << 63) : (uint64_t)INT64_MAX))
    return vtc_parser_error(p, "integer value too large");
  *value = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  parser_advance(p);
  return true;
}

bool vtc_parse_string(vtc_parser *p, const char **value) {
  if (p->tok.kind != VTC_TOK_STRING) return parser_expected(p, "string");
  if (!parser_string_value(p, &p->tok, value)) return false;
  parser_advance(p);
  return true;
}

bool vtc_parse_symbol_name(vtc_parser *p, const char **name) {
  if (p->tok.kind != VTC_TOK_AT_ID) return parser_expected(p, "symbol name");
  if (p->tok.len > 1 && p->tok.start[1] == '"') {
    if (!parser_string_value(p, &p->tok, name)) return false;
  } else {
    *name = vtc_strn(p->ctx, p->tok.start + 1, p->tok.len - 1);
  }
  parser_advance(p);
  return true;
}

bool vtc_parse_operand(vtc_parser *p, vtc_operand_ref *ref) { return parser_operand_ref(p, ref); }

bool vtc_parse_optional_operand(vtc_parser *p, vtc_operand_ref *ref, bool *present) {
  *present = p->tok.kind == VTC_TOK_PERCENT_ID;
  return *present ? parser_operand_ref(p, ref) : true;
}

bool vtc_parse_operand_list(vtc_parser *p, vtc_operand_ref **refs, unsigned *count) {
  VTC_VEC(vtc_operand_ref) v = {0};
  *refs = NULL;
  *count = 0;
  if (p->tok.kind != VTC_TOK_PERCENT_ID) return true;
  do {
    vtc_operand_ref r;
    if (!parser_operand_ref(p, &r)) {
      VTC_VEC_FREE(&v);
      return false;
    }
    VTC_VEC_PUSH(&v, r);
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  *refs = v.data;
  *count = (unsigned)v.len;
  return true;
}

bool vtc_parse_resolve_operand(vtc_parser *p, const vtc_operand_ref *ref, const vtc_type *type, vtc_parse_state *st) {
  vtc_value *v;
  if (!parser_resolve_value(p, ref->name, (uint32_t)vtc_str_len(ref->name), ref->number, type, ref->loc, NULL, &v))
    return false;
  VTC_VEC_PUSH(&st->operands, v);
  return true;
}

bool vtc_parse_type(vtc_parser *p, const vtc_type **type) { return parser_type(p, type); }

bool vtc_parse_colon_type(vtc_parser *p, const vtc_type **type) {
  return parser_expect(p, VTC_TOK_COLON, "':'") && parser_type(p, type);
}

bool vtc_parse_type_list(vtc_parser *p, const vtc_type ***types, unsigned *count) {
  type_vec v = {0};
  *types = NULL;
  *count = 0;
  do {
    const vtc_type *t;
    if (!parser_type(p, &t)) {
      VTC_VEC_FREE(&v);
      return false;
    }
    VTC_VEC_PUSH(&v, t);
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  *types = (const vtc_type **)v.data;
  *count = (unsigned)v.len;
  return true;
}

bool vtc_parse_optional_arrow_type_list(vtc_parser *p, const vtc_type ***types, unsigned *count) {
  *types = NULL;
  *count = 0;
  if (!parser_consume_if(p, VTC_TOK_ARROW)) return true;
  type_vec v = {0};
  if (!parser_result_types(p, &v)) {
    VTC_VEC_FREE(&v);
    return false;
  }
  *types = (const vtc_type **)v.data;
  *count = (unsigned)v.len;
  return true;
}

bool vtc_parse_attr(vtc_parser *p, const vtc_type *type, const vtc_attr **attr) { return parser_attr(p, type, attr); }

void vtc_parse_state_add_attr(vtc_parse_state *st, const char *name, const vtc_attr *value) {
  const char *n = vtc_str(st->ctx, name);
  for (size_t i = 0; i < st->attrs.len; i++)
    if (st->attrs.data[i].name == n) {
      st->attrs.data[i].value = value;
      return;
    }
  vtc_named_attr na = {n, value};
  VTC_VEC_PUSH(&st->attrs, na);
}

vtc_region *vtc_parse_state_add_region(vtc_parse_state *st) {
  vtc_region *r = vtc_xcalloc(1, sizeof *r);
  VTC_VEC_PUSH(&st->regions, r);
  return r;
}

bool vtc_parse_optional_attr_dict(vtc_parser *p, vtc_parse_state *st) {
  if (p->tok.kind != VTC_TOK_LBRACE) return true;
  vtc_token open = p->tok;
  named_attr_vec v = {0};
  bool ok = parser_attr_dict(p, &v);
  for (size_t i = 0; ok && i < v.len; i++) {
    for (size_t j = 0; ok && j < st->attrs.len; j++)
      if (st->attrs.data[j].name == v.data[i].name)
        ok = parser_error_at(p, &open, "attribute '%s' occurs more than once in the attribute list", v.data[i].name);
    if (ok) VTC_VEC_PUSH(&st->attrs, v.data[i]);
  }
  VTC_VEC_FREE(&v);
  return ok;
}

bool vtc_parse_optional_attr_dict_with_keyword(vtc_parser *p, vtc_parse_state *st) {
  if (!vtc_tok_is_keyword(&p->tok, "attributes")) return true;
  parser_advance(p);
  if (p->tok.kind != VTC_TOK_LBRACE) return parser_expected(p, "'{' after 'attributes'");
  return vtc_parse_optional_attr_dict(p, st);
}

bool vtc_parse_argument(vtc_parser *p, vtc_arg_ref *arg) {
  memset(arg, 0, sizeof *arg);
  if (!parser_operand_ref(p, &arg->ref)) return false;
  if (!parser_expect(p, VTC_TOK_COLON, "':' and type after argument name") || !parser_type(p, &arg->type)) return false;
  if (p->tok.kind == VTC_TOK_LBRACE) {
    named_attr_vec v = {0};
    bool ok = parser_attr_dict(p, &v);
    if (ok) arg->attrs = vtc_attr_dictionary(p->ctx, (unsigned)v.len, v.data);
    VTC_VEC_FREE(&v);
    if (!ok) return false;
  }
  /* An explicit trailing `loc(...)` replaces the name's position as the
   * argument's location (region_body records it in the block). */
  const vtc_loc *loc = NULL;
  vtc_token deferred;
  bool present;
  if (!parser_trailing_loc(p, &loc, &deferred, &present)) return false;
  if (present && loc) arg->ref.loc = loc;
  return true;
}

bool vtc_parse_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned count,
                      const char *implicit_terminator) {
  return parser_region(p, region, args, count, p->custom_isolated, implicit_terminator);
}

bool vtc_parse_optional_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned count,
                               const char *implicit_terminator, bool *present) {
  *present = p->tok.kind == VTC_TOK_LBRACE;
  return *present ? vtc_parse_region(p, region, args, count, implicit_terminator) : true;
}

bool vtc_parse_dim_form(vtc_parser *p, vtc_parse_state *st, const char *index_attr) {
  vtc_operand_ref r;
  int64_t i;
  const vtc_type *t;
  if (!vtc_parse_operand(p, &r) || !vtc_parse_punct(p, ",") || !vtc_parse_integer(p, &i) ||
      !vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &t) || !vtc_parse_resolve_operand(p, &r, t, st))
    return false;
  vtc_parse_state_add_attr(st, index_attr, vtc_attr_i64(st->ctx, i));
  VTC_VEC_PUSH(&st->result_types, vtc_type_index(st->ctx));
  return true;
}

/* Counts are checked here, not only by the verifier, so that the error
 * points at the text that is wrong. */
bool vtc_parse_functional_type(vtc_parser *p, vtc_parse_state *st, const vtc_operand_ref *refs, unsigned count) {
  vtc_token type_tok = p->tok;
  const vtc_type *fn;
  if (!parser_type(p, &fn)) return false;
  if (fn->kind != VTC_TYPE_FUNCTION)
    return parser_error_at(p, &type_tok, "expected a function type '(operand types) -> result types'");
  if (fn->num_inputs != count)
    return parser_error_at(p, &type_tok, "expected %u operand type%s but had %u", count, count == 1 ? "" : "s",
                           fn->num_inputs);
  const vtc_op_def *def = st->name->def;
  if (def && def->num_results >= 0 && fn->num_results != (unsigned)def->num_results)
    return parser_error_at(p, &type_tok, "'%s' expects %d result%s, but the type has %u", st->name->name,
                           def->num_results, def->num_results == 1 ? "" : "s", fn->num_results);
  for (unsigned i = 0; i < count; i++)
    if (!vtc_parse_resolve_operand(p, &refs[i], vtc_function_input(fn, i), st)) return false;
  for (unsigned i = 0; i < fn->num_results; i++) VTC_VEC_PUSH(&st->result_types, vtc_function_result(fn, i));
  return true;
}

bool vtc_parse_functional_form(vtc_parser *p, vtc_parse_state *st) {
  vtc_token first = p->tok;
  if (first.kind == VTC_TOK_LPAREN) /* the generic form's operand list after a bare name */
    return parser_error_at(p, &first,
                           "expected operands without parentheses (the generic form quotes the name: \"%s\"(...))",
                           st->name->name);
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  bool ok = vtc_parse_operand_list(p, &refs, &n);
  const vtc_op_def *def = st->name->def;
  if (ok && def && def->num_operands >= 0 && n != (unsigned)def->num_operands)
    ok = parser_error_at(p, &first, "'%s' expects %d operand%s, but found %u", st->name->name, def->num_operands,
                         def->num_operands == 1 ? "" : "s", n);
  ok = ok && vtc_parse_optional_attr_dict(p, st) &&
       parser_expect(p, VTC_TOK_COLON, "':' followed by the operation's function type") &&
       vtc_parse_functional_type(p, st, refs, n);
  free(refs);
  return ok;
}
