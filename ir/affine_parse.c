/* Affine maps as text, in MLIR's syntax: the printer follows MLIR's
 * AsmPrinter (printAffineExprInternal) byte for byte, and the parser accepts
 * the body of `affine_map<...>` with MLIR's precedence and affinity checks. */
#include "ir/affine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- printing -------------------------------------------------------------
 * A strong context (operand of mul, floordiv, ceildiv, mod) parenthesises any
 * binary expression; a weak one (top level, operand of +) none. */

static const char *const binary_spelling[] = {
    [VTC_AFFINE_ADD] = " + ",           [VTC_AFFINE_MUL] = " * ",
    [VTC_AFFINE_MOD] = " mod ",         [VTC_AFFINE_FLOORDIV] = " floordiv ",
    [VTC_AFFINE_CEILDIV] = " ceildiv ",
};

static void print_expr(const vtc_affine_expr *e, bool strong, vtc_strbuf *out);

/* -v for a negative v, INT64_MIN included. */
static void print_negated(int64_t v, vtc_strbuf *out) {
  vtc_strbuf_printf(out, "%" PRIu64, (uint64_t)0 - (uint64_t)v);
}

static bool is_const_below(const vtc_affine_expr *e, int64_t bound) {
  return e->kind == VTC_AFFINE_CONST && e->value < bound;
}

/* x + y * -1 prints as `x - y`, x + y * -k as `x - y * k`, x + -k as `x - k`. */
static void print_add(const vtc_affine_expr *e, vtc_strbuf *out) {
  const vtc_affine_expr *r = e->rhs;
  print_expr(e->lhs, false, out);
  if (r->kind == VTC_AFFINE_MUL && is_const_below(r->rhs, 0)) {
    vtc_strbuf_puts(out, " - ");
    if (r->rhs->value == -1) {
      print_expr(r->lhs, r->lhs->kind == VTC_AFFINE_ADD, out);
    } else {
      print_expr(r->lhs, true, out);
      vtc_strbuf_puts(out, " * ");
      print_negated(r->rhs->value, out);
    }
  } else if (is_const_below(r, 0)) {
    vtc_strbuf_puts(out, " - ");
    print_negated(r->value, out);
  } else {
    vtc_strbuf_puts(out, " + ");
    print_expr(r, false, out);
  }
}

static void print_expr(const vtc_affine_expr *e, bool strong, vtc_strbuf *out) {
  switch (e->kind) {
  case VTC_AFFINE_DIM: vtc_strbuf_printf(out, "d%" PRId64, e->value); return;
  case VTC_AFFINE_SYMBOL: vtc_strbuf_printf(out, "s%" PRId64, e->value); return;
  case VTC_AFFINE_CONST: vtc_strbuf_printf(out, "%" PRId64, e->value); return;
  default: break;
  }
  if (strong) vtc_strbuf_putc(out, '(');
  if (e->kind == VTC_AFFINE_ADD) {
    print_add(e, out);
  } else if (e->kind == VTC_AFFINE_MUL && e->rhs->kind == VTC_AFFINE_CONST && e->rhs->value == -1) {
    vtc_strbuf_putc(out, '-');
    print_expr(e->lhs, true, out);
  } else {
    print_expr(e->lhs, true, out);
    vtc_strbuf_puts(out, binary_spelling[e->kind]);
    print_expr(e->rhs, true, out);
  }
  if (strong) vtc_strbuf_putc(out, ')');
}

void vtc_affine_expr_print(const vtc_affine_expr *e, vtc_strbuf *out) { print_expr(e, false, out); }

static void print_ids(vtc_strbuf *out, char prefix, unsigned n) {
  for (unsigned i = 0; i < n; i++) vtc_strbuf_printf(out, "%s%c%u", i ? ", " : "", prefix, i);
}

void vtc_affine_map_print(const vtc_affine_map *m, vtc_strbuf *out) {
  vtc_strbuf_putc(out, '(');
  print_ids(out, 'd', m->num_dims);
  vtc_strbuf_putc(out, ')');
  if (m->num_symbols) {
    vtc_strbuf_putc(out, '[');
    print_ids(out, 's', m->num_symbols);
    vtc_strbuf_putc(out, ']');
  }
  vtc_strbuf_puts(out, " -> (");
  for (unsigned i = 0; i < m->num_results; i++) {
    if (i) vtc_strbuf_puts(out, ", ");
    vtc_affine_expr_print(m->results[i], out);
  }
  vtc_strbuf_putc(out, ')');
}

/* ---- parsing --------------------------------------------------------------
 *   map     ::= '(' ids? ')' ('[' ids? ']')? '->' '(' (expr (',' expr)*)? ')'
 *   expr    ::= term (('+' | '-') term)*
 *   term    ::= operand (('*' | 'floordiv' | 'ceildiv' | 'mod') operand)*
 *   operand ::= '-' operand | '(' expr ')' | integer | identifier
 * Identifiers are MLIR bare identifiers other than the three keywords. */

typedef struct parse_name {
  const char *text;
  size_t len;
} parse_name;

typedef VTC_VEC(parse_name) name_vec;

typedef struct parser {
  vtc_context *ctx;
  const char *text;
  size_t len, pos;
  const char *error; /* first error wins */
  size_t error_offset;
  name_vec dims, symbols; /* declared names; position is the index */
  unsigned depth;         /* of parentheses and negations */
} parser;

/* Deep enough for any real map, shallow enough for the C stack. */
enum { MAX_NESTING = 256 };

static const vtc_affine_expr *fail(parser *p, size_t offset, const char *msg) {
  if (!p->error) p->error = msg, p->error_offset = offset;
  return NULL;
}

/* A message naming the identifier at [offset, offset+len), interned. */
static const vtc_affine_expr *fail_name(parser *p, size_t offset, size_t len, const char *msg) {
  vtc_strbuf b = {0};
  vtc_strbuf_printf(&b, "%s '%.*s'", msg, (int)len, p->text + offset);
  const char *interned = vtc_str(p->ctx, b.data);
  vtc_strbuf_free(&b);
  return fail(p, offset, interned);
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static void skip_space(parser *p) {
  while (p->pos < p->len && is_space(p->text[p->pos])) p->pos++;
}

static bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
}

/* Length of the identifier at the cursor (after spaces), 0 if none. */
static size_t ident_len(parser *p) {
  skip_space(p);
  size_t n = 0;
  if (p->pos < p->len && is_ident_start(p->text[p->pos]))
    while (p->pos + n < p->len && is_ident_char(p->text[p->pos + n])) n++;
  return n;
}

static bool ident_is(parser *p, size_t n, const char *word) {
  return n == strlen(word) && memcmp(p->text + p->pos, word, n) == 0;
}

static const char *const keywords[] = {"floordiv", "ceildiv", "mod"};

static bool is_keyword(parser *p, size_t n) {
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (ident_is(p, n, keywords[i])) return true;
  return false;
}

static bool accept(parser *p, const char *tok) {
  skip_space(p);
  size_t n = strlen(tok);
  if (p->len - p->pos < n || memcmp(p->text + p->pos, tok, n) != 0) return false;
  p->pos += n;
  return true;
}

static bool name_eq(parse_name a, const char *text, size_t len) {
  return a.len == len && memcmp(a.text, text, len) == 0;
}

/* Position of a declared name, dims first; -1 if undeclared. */
static long lookup(parser *p, const char *text, size_t len, bool *is_symbol) {
  for (size_t i = 0; i < p->dims.len; i++)
    if (name_eq(p->dims.data[i], text, len)) return *is_symbol = false, (long)i;
  for (size_t i = 0; i < p->symbols.len; i++)
    if (name_eq(p->symbols.data[i], text, len)) return *is_symbol = true, (long)i;
  return -1;
}

static const vtc_affine_expr *parse_expr(parser *p);
static const vtc_affine_expr *parse_operand(parser *p, const char *missing);

/* Decimal literal; magnitude may be 2^63 only when negated (INT64_MIN). */
static const vtc_affine_expr *parse_integer(parser *p, bool negated) {
  size_t start = p->pos;
  uint64_t v = 0, limit = (uint64_t)INT64_MAX + (negated ? 1 : 0);
  bool overflow = false;
  for (; p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9'; p->pos++) {
    unsigned digit = (unsigned)(p->text[p->pos] - '0');
    if (v > (limit - digit) / 10) overflow = true;
    else v = v * 10 + digit;
  }
  if (overflow) return fail(p, start, "constant too large for index");
  return vtc_affine_const(p->ctx, negated ? (int64_t)((uint64_t)0 - v) : (int64_t)v);
}

static const vtc_affine_expr *parse_identifier(parser *p, size_t n) {
  bool is_symbol;
  long pos = lookup(p, p->text + p->pos, n, &is_symbol);
  if (pos < 0) return fail_name(p, p->pos, n, "use of undeclared identifier");
  p->pos += n;
  return is_symbol ? vtc_affine_symbol(p->ctx, (unsigned)pos) : vtc_affine_dim(p->ctx, (unsigned)pos);
}

static const vtc_affine_expr *parse_parenthesized(parser *p) {
  size_t open = p->pos - 1;
  if (++p->depth > MAX_NESTING) return fail(p, open, "affine expression nested too deeply");
  const vtc_affine_expr *e = parse_expr(p);
  p->depth--;
  if (!e) return NULL;
  skip_space(p);
  if (!accept(p, ")")) return fail(p, p->pos, "expected ')'");
  return e;
}

/* `-x` is x * -1 and binds tighter than every binary operator, as in MLIR. */
static const vtc_affine_expr *parse_negation(parser *p) {
  skip_space(p);
  if (p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9') return parse_integer(p, true);
  if (++p->depth > MAX_NESTING) return fail(p, p->pos, "affine expression nested too deeply");
  const vtc_affine_expr *e = parse_operand(p, "missing operand of negation");
  p->depth--;
  return e ? vtc_affine_neg(p->ctx, e) : NULL;
}

static const vtc_affine_expr *parse_operand(parser *p, const char *missing) {
  size_t n = ident_len(p);
  if (n && !is_keyword(p, n)) return parse_identifier(p, n);
  if (p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9') return parse_integer(p, false);
  if (accept(p, "(")) return parse_parenthesized(p);
  if (accept(p, "-")) return parse_negation(p);
  return fail(p, p->pos, missing);
}

/* The tightly binding operator at the cursor, if any, and its length. */
static bool high_operator(parser *p, vtc_affine_kind *op, size_t *n) {
  static const struct {
    const char *spelling;
    vtc_affine_kind kind;
  } ops[] = {{"floordiv", VTC_AFFINE_FLOORDIV}, {"ceildiv", VTC_AFFINE_CEILDIV}, {"mod", VTC_AFFINE_MOD}};
  *n = ident_len(p);
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (ident_is(p, *n, ops[i].spelling)) return *op = ops[i].kind, true;
  if (p->pos < p->len && p->text[p->pos] == '*') return *op = VTC_AFFINE_MUL, *n = 1, true;
  return false;
}

static const char *const non_affine_message[] = {
    [VTC_AFFINE_MUL] = "non-affine expression: at least one of the multiply operands has to be "
                       "either a constant or symbolic",
    [VTC_AFFINE_FLOORDIV] = "non-affine expression: right operand of floordiv has to be either a "
                            "constant or symbolic",
    [VTC_AFFINE_CEILDIV] = "non-affine expression: right operand of ceildiv has to be either a "
                           "constant or symbolic",
    [VTC_AFFINE_MOD] = "non-affine expression: right operand of mod has to be either a constant "
                       "or symbolic",
};

/* MLIR's affinity rule: a product needs a symbolic or constant side, a
 * division or mod a symbolic or constant right side. */
static bool affine_operands(vtc_affine_kind op, const vtc_affine_expr *l, const vtc_affine_expr *r) {
  if (vtc_affine_expr_is_symbolic_or_constant(r)) return true;
  return op == VTC_AFFINE_MUL && vtc_affine_expr_is_symbolic_or_constant(l);
}

/* `missing` is the error for an absent first operand. */
static const vtc_affine_expr *parse_term(parser *p, const char *missing) {
  const vtc_affine_expr *lhs = parse_operand(p, missing);
  vtc_affine_kind op;
  size_t n;
  while (lhs && high_operator(p, &op, &n)) {
    size_t at = p->pos;
    p->pos += n;
    const vtc_affine_expr *rhs = parse_operand(p, "missing right operand of binary operator");
    if (!rhs) return NULL;
    if (!affine_operands(op, lhs, rhs)) return fail(p, at, non_affine_message[op]);
    lhs = vtc_affine_binary(p->ctx, op, lhs, rhs);
  }
  return lhs;
}

static const vtc_affine_expr *parse_expr(parser *p) {
  const vtc_affine_expr *lhs = parse_term(p, "expected affine expression");
  while (lhs) {
    bool plus = accept(p, "+");
    if (!plus && !accept(p, "-")) break;
    const vtc_affine_expr *rhs = parse_term(p, "missing right operand of binary operator");
    if (!rhs) return NULL;
    lhs = plus ? vtc_affine_add(p->ctx, lhs, rhs) : vtc_affine_sub(p->ctx, lhs, rhs);
  }
  return lhs;
}

/* `(a, b)` or `[a, b]` into names; every name must be new. */
static bool parse_id_list(parser *p, const char *close, name_vec *names) {
  if (accept(p, close)) return true;
  do {
    size_t n = ident_len(p);
    if (!n || is_keyword(p, n)) return fail(p, p->pos, "expected identifier"), false;
    bool is_symbol;
    if (lookup(p, p->text + p->pos, n, &is_symbol) >= 0)
      return fail_name(p, p->pos, n, "redefinition of identifier"), false;
    VTC_VEC_PUSH(names, ((parse_name){p->text + p->pos, n}));
    p->pos += n;
  } while (accept(p, ","));
  if (accept(p, close)) return true;
  skip_space(p);
  return fail(p, p->pos, *close == ')' ? "expected ',' or ')'" : "expected ',' or ']'"), false;
}

typedef VTC_VEC(const vtc_affine_expr *) result_vec;

static bool parse_results(parser *p, result_vec *results) {
  if (!accept(p, "(")) return skip_space(p), fail(p, p->pos, "expected '(' at start of affine map range"), false;
  if (accept(p, ")")) return true;
  do {
    const vtc_affine_expr *e = parse_expr(p);
    if (!e) return false;
    VTC_VEC_PUSH(results, e);
  } while (accept(p, ","));
  if (accept(p, ")")) return true;
  skip_space(p);
  return fail(p, p->pos, "expected ',' or ')' in affine map range"), false;
}

static bool parse_map(parser *p, result_vec *results) {
  if (!accept(p, "("))
    return skip_space(p), fail(p, p->pos, "expected '(' at start of dimensional identifiers list"), false;
  if (!parse_id_list(p, ")", &p->dims)) return false;
  if (accept(p, "[") && !parse_id_list(p, "]", &p->symbols)) return false;
  if (!accept(p, "->")) return skip_space(p), fail(p, p->pos, "expected '->'"), false;
  if (!parse_results(p, results)) return false;
  skip_space(p);
  if (p->pos != p->len) return fail(p, p->pos, "unexpected characters after affine map"), false;
  return true;
}

const vtc_affine_map *vtc_affine_map_parse(vtc_context *ctx, const char *text, size_t len,
                                           const char **error, size_t *error_offset) {
  parser p = {.ctx = ctx, .text = text, .len = len};
  result_vec results = {0};
  const vtc_affine_map *m = NULL;
  if (parse_map(&p, &results))
    m = vtc_affine_map_get(ctx, (unsigned)p.dims.len, (unsigned)p.symbols.len,
                           (unsigned)results.len, results.data);
  if (!m) {
    if (error) *error = p.error;
    if (error_offset) *error_offset = p.error_offset;
  }
  VTC_VEC_FREE(&results);
  VTC_VEC_FREE(&p.dims);
  VTC_VEC_FREE(&p.symbols);
  return m;
}
