/* Unit tests for ir/affine.c and ir/affine_parse.c: uniquing, every local
 * simplification rule, full simplification, evaluation, composition, MLIR
 * syntax round trips and parse errors, plus seeded randomized properties. */
#include "ir/affine.h"
#include "unit.h"

#include <inttypes.h>
#include <stdlib.h>

static vtc_context *C;

static const vtc_affine_expr *dim(unsigned i) { return vtc_affine_dim(C, i); }
static const vtc_affine_expr *sym(unsigned i) { return vtc_affine_symbol(C, i); }
static const vtc_affine_expr *cst(int64_t v) { return vtc_affine_const(C, v); }
static const vtc_affine_expr *add(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_add(C, a, b); }
static const vtc_affine_expr *sub(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_sub(C, a, b); }
static const vtc_affine_expr *mul(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_mul(C, a, b); }
static const vtc_affine_expr *fdiv(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_floordiv(C, a, b); }
static const vtc_affine_expr *cdiv(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_ceildiv(C, a, b); }
static const vtc_affine_expr *mod(const vtc_affine_expr *a, const vtc_affine_expr *b) { return vtc_affine_mod(C, a, b); }
static const vtc_affine_expr *simp(const vtc_affine_expr *e) { return vtc_affine_expr_simplify(C, e); }

/* Caller frees. */
static char *expr_text(const vtc_affine_expr *e) {
  vtc_strbuf b = {0};
  vtc_affine_expr_print(e, &b);
  return vtc_strbuf_take(&b);
}

static char *map_text(const vtc_affine_map *m) {
  vtc_strbuf b = {0};
  vtc_affine_map_print(m, &b);
  return vtc_strbuf_take(&b);
}

#define CHECK_EXPR(e, want)              \
  do {                                   \
    char *t_ = expr_text(e);             \
    CHECK_EQ_STR(t_, want);              \
    free(t_);                            \
  } while (0)

#define CHECK_MAP(m, want)                                   \
  do {                                                       \
    const vtc_affine_map *m_ = (m);                          \
    char *t_ = m_ ? map_text(m_) : NULL;                     \
    CHECK_EQ_STR(t_, want);                                  \
    free(t_);                                                \
  } while (0)

static const vtc_affine_map *parse(const char *text) {
  const char *err = NULL;
  size_t off = 0;
  const vtc_affine_map *m = vtc_affine_map_parse(C, text, strlen(text), &err, &off);
  if (!m) fprintf(stderr, "parse of \"%s\" failed at %zu: %s\n", text, off, err);
  return m;
}

/* The single result of a parsed map, for expression-level checks. */
static const vtc_affine_expr *expr(const char *map_text_) {
  const vtc_affine_map *m = parse(map_text_);
  return m && m->num_results == 1 ? m->results[0] : cst(INT64_MIN);
}

/* ---- uniquing ------------------------------------------------------------ */

static void test_uniquing(void) {
  CHECK(dim(0) == dim(0));
  CHECK(dim(0) != dim(1));
  CHECK(dim(0) != sym(0));
  CHECK(cst(-3) == cst(-3));
  CHECK(add(dim(0), dim(1)) == add(dim(0), dim(1)));
  CHECK(add(dim(0), dim(1)) == add(dim(1), dim(0)));
  CHECK(add(add(dim(0), dim(1)), dim(2)) == add(dim(2), add(dim(1), dim(0))));
  CHECK(mul(dim(0), sym(0)) == mul(sym(0), dim(0)));
  CHECK(mul(mul(dim(0), sym(1)), sym(0)) == mul(mul(dim(0), sym(0)), sym(1)));
  CHECK(fdiv(add(dim(0), cst(3)), cst(4)) == fdiv(add(cst(3), dim(0)), cst(4)));
  const vtc_affine_expr *r[] = {dim(1), dim(0)};
  CHECK(vtc_affine_map_get(C, 2, 0, 2, r) == vtc_affine_map_get(C, 2, 0, 2, r));
  CHECK(vtc_affine_map_get(C, 2, 0, 2, r) != vtc_affine_map_get(C, 2, 1, 2, r));
  CHECK(parse("(a, b) -> (b, a)") == vtc_affine_map_get(C, 2, 0, 2, r));
  CHECK(parse("(d0, d1) -> (d0 + d1)") == parse("(x, y) -> (y + x)"));
}

/* ---- local simplification ------------------------------------------------ */

typedef struct rule_case {
  const char *rule, *input, *expected;
} rule_case;

/* Each constructor rule, exercised through the parser (which builds with
 * the constructors). Expected texts are also what mlir-opt-19 prints for
 * them (checked when the cases were written). */
static const rule_case rule_cases[] = {
    {"fold add", "() -> (2 + 3)", "() -> (5)"},
    {"fold mul", "() -> (-2 * 3)", "() -> (-6)"},
    {"fold floordiv (floor)", "() -> (-7 floordiv 2, 7 floordiv -2)", "() -> (-4, -4)"},
    {"fold ceildiv (ceiling)", "() -> (-7 ceildiv 2, 7 ceildiv -2, 7 ceildiv 2)", "() -> (-3, -3, 4)"},
    {"fold mod (non-negative)", "() -> (-7 mod 2, 7 mod 2, -8 mod 4)", "() -> (1, 1, 0)"},
    {"no fold by zero or negative modulus", "() -> (7 floordiv 0, 7 mod -2, 7 mod 0)",
     "() -> (7 floordiv 0, 7 mod -2, 7 mod 0)"},
    {"x + 0, 0 + x", "(d0) -> (d0 + 0, 0 + d0)", "(d0) -> (d0, d0)"},
    {"x * 1, x * 0", "(d0) -> (d0 * 1, 1 * d0, d0 * 0, 0 * d0)", "(d0) -> (d0, d0, 0, 0)"},
    {"constant to the right", "(d0) -> (3 + d0, 3 * d0)", "(d0) -> (d0 + 3, d0 * 3)"},
    {"symbolic to the right", "(d0)[s0] -> (s0 + d0, s0 * d0)", "(d0)[s0] -> (d0 + s0, d0 * s0)"},
    {"(x + c1) + c2", "(d0) -> (d0 + 2 + 3)", "(d0) -> (d0 + 5)"},
    {"(x * c1) * c2", "(d0) -> (d0 * 2 * 3)", "(d0) -> (d0 * 6)"},
    {"(x * c) * y", "(d0)[s0] -> (d0 * 2 * s0)", "(d0)[s0] -> ((d0 * s0) * 2)"},
    {"(x + c) + y", "(d0, d1) -> (d0 + 2 + d1)", "(d0, d1) -> (d0 + d1 + 2)"},
    {"c1 * x + c2 * x", "(d0) -> (d0 * 2 + d0 * 3, d0 * 2 + d0 - d0 * 3)", "(d0) -> (d0 * 5, 0)"},
    {"sorted sums", "(d0, d1, d2) -> (d2 + d0 * 16 + d1 * 4)", "(d0, d1, d2) -> (d0 * 16 + d1 * 4 + d2)"},
    {"constant times sum opens in a sum", "(d0, d1) -> ((d0 + 1) * 2 + d1)", "(d0, d1) -> (d0 * 2 + d1 + 2)"},
    {"product of sum kept alone", "(d0) -> ((d0 + 1) * 2, -(d0 + 1))", "(d0) -> ((d0 + 1) * 2, -(d0 + 1))"},
    {"x floordiv 1, ceildiv 1, mod 1", "(d0) -> (d0 floordiv 1, d0 ceildiv 1, d0 mod 1)", "(d0) -> (d0, d0, 0)"},
    {"(x * c) div c", "(d0) -> ((d0 * 4) floordiv 4, (d0 * 4) ceildiv 4, (d0 * 4) mod 4)", "(d0) -> (d0, d0, 0)"},
    {"(x * c1) div c2, c2 | c1", "(d0) -> ((d0 * 8) floordiv 4, (d0 * 8) ceildiv 2, (d0 * 8) mod 2)",
     "(d0) -> (d0 * 2, d0 * 4, 0)"},
    {"gcd of dividend and divisor", "(d0, d1) -> ((d0 * 6) floordiv 4, (d0 * 4 + d1 * 2 + 2) ceildiv 8)",
     "(d0, d1) -> ((d0 * 3) floordiv 2, (d0 * 2 + d1 + 1) ceildiv 4)"},
    {"exact part leaves floordiv", "(d0, d1) -> ((d0 * 4 + 8) floordiv 4, (d0 * 4 + d1) floordiv 4)",
     "(d0, d1) -> (d0 + 2, d0 + d1 floordiv 4)"},
    {"exact part leaves ceildiv", "(d0, d1) -> ((d0 * 4 + d1) ceildiv 4, (d0 * 4 + 1) ceildiv 4)",
     "(d0, d1) -> (d0 + d1 ceildiv 4, d0 + 1)"},
    {"exact part leaves mod", "(d0, d1) -> ((d0 * 4 + 8) mod 4, (d0 * 4 + d1) mod 4)", "(d0, d1) -> (0, d1 mod 4)"},
    {"mod reduces coefficients toward zero", "(d0) -> ((d0 + 5) mod 4, (d0 * 5 - 6) mod 4, (d0 - 1) mod 4)",
     "(d0) -> ((d0 + 1) mod 4, (d0 - 2) mod 4, (d0 - 1) mod 4)"},
    {"division keeps small constants", "(d0) -> ((d0 - 1) floordiv 4, (d0 + 9) floordiv 4)",
     "(d0) -> ((d0 - 1) floordiv 4, (d0 + 1) floordiv 4 + 2)"},
    {"(g*x) mod (g*c)", "(d0) -> ((d0 * 2) mod 4)", "(d0) -> ((d0 mod 2) * 2)"},
    {"nested floordiv and ceildiv", "(d0) -> ((d0 floordiv 2) floordiv 3, (d0 ceildiv 2) ceildiv 3)",
     "(d0) -> (d0 floordiv 6, d0 ceildiv 6)"},
    {"mixed nesting stays", "(d0) -> ((d0 floordiv 2) ceildiv 3)", "(d0) -> ((d0 floordiv 2) ceildiv 3)"},
    {"nested mod", "(d0) -> ((d0 mod 8) mod 4, (d0 mod 4) mod 8)", "(d0) -> (d0 mod 4, d0 mod 4)"},
    {"bounded dividend", "(d0) -> ((d0 mod 4) floordiv 4, (d0 mod 4 + 4) mod 8, (d0 mod 4 + 4) floordiv 4)",
     "(d0) -> (0, d0 mod 4 + 4, 1)"},
    {"negative divisor", "(d0) -> (d0 floordiv -2, d0 ceildiv -2, (d0 * 4) floordiv -2)",
     "(d0) -> ((-d0) floordiv 2, (-d0) ceildiv 2, d0 * -2)"},
    {"x - (x floordiv c) * c", "(d0, d1) -> (d0 - (d0 floordiv 4) * 4, d0 + d1 - ((d0 + d1) floordiv 8) * 8)",
     "(d0, d1) -> (d0 mod 4, (d0 + d1) mod 8)"},
    {"x - (x floordiv q) * q, symbolic", "(d0)[s0] -> (d0 - (d0 floordiv s0) * s0)", "(d0)[s0] -> (d0 mod s0)"},
    {"(x floordiv c) * c + x mod c", "(d0, d1) -> ((d0 floordiv 4) * 4 + d0 mod 4, ((d0 + d1) floordiv 3) * 3 + (d0 + d1) mod 3)",
     "(d0, d1) -> (d0, d0 + d1)"},
    {"(x floordiv q) * q + x mod q", "(d0)[s0] -> ((d0 floordiv s0) * s0 + d0 mod s0)", "(d0)[s0] -> (d0)"},
    {"mod recognised with leftover constant", "(d0) -> (d0 - ((d0 + 1) floordiv 4) * 4)", "(d0) -> ((d0 + 1) mod 4 - 1)"},
    {"mod recognised with multiplier", "(d0) -> (d0 * 2 - (d0 floordiv 4) * 8, d0 mod 4 + d0 mod 4)",
     "(d0) -> ((d0 mod 4) * 2, (d0 mod 4) * 2)"},
    {"no partial mod recognition", "(d0) -> (d0 - (d0 floordiv 4) * 8, d0 mod 4 - d0)",
     "(d0) -> (d0 - (d0 floordiv 4) * 8, (d0 floordiv 4) * -4)"},
    {"(x mod c1) floordiv c2, c2 | c1", "(d0) -> ((d0 mod 16) floordiv 4, (d0 mod 16) ceildiv 4)",
     "(d0) -> ((d0 floordiv 4) mod 4, (d0 mod 16) ceildiv 4)"},
    {"nested mod survives addition", "(d0) -> ((d0 floordiv 4) mod 4 + 1, (d0 floordiv 4) mod 4 - d0 floordiv 4)",
     "(d0) -> ((d0 floordiv 4) mod 4 + 1, (d0 floordiv 16) * -4)"},
    {"linearise a delinearised index", "(d0) -> ((d0 floordiv 16) * 16 + ((d0 mod 16) floordiv 4) * 4 + d0 mod 4)",
     "(d0) -> (d0)"},
    {"subtraction and negation", "(d0, d1) -> (d0 - d1, -d0, -(-d0), d0 - d1 * 3, d0 - 3)",
     "(d0, d1) -> (d0 - d1, -d0, d0, d0 - d1 * 3, d0 - 3)"},
};

static void test_rules(void) {
  for (size_t i = 0; i < sizeof rule_cases / sizeof *rule_cases; i++) {
    const vtc_affine_map *m = parse(rule_cases[i].input);
    char *got = m ? map_text(m) : NULL;
    if (!got || strcmp(got, rule_cases[i].expected) != 0)
      fprintf(stderr, "rule \"%s\": %s\n", rule_cases[i].rule, rule_cases[i].input);
    CHECK_EQ_STR(got, rule_cases[i].expected);
    free(got);
  }
}

/* The same rules through the C constructors, with pointer identities. */
static void test_constructors(void) {
  const vtc_affine_expr *x = dim(0), *y = dim(1), *s = sym(0);
  CHECK(add(x, cst(0)) == x);
  CHECK(mul(x, cst(1)) == x);
  CHECK(mul(x, cst(0)) == cst(0));
  CHECK(fdiv(x, cst(1)) == x);
  CHECK(mod(x, cst(1)) == cst(0));
  CHECK(fdiv(mul(x, cst(4)), cst(4)) == x);
  CHECK(mod(mul(x, cst(4)), cst(4)) == cst(0));
  CHECK(cdiv(mul(x, cst(8)), cst(4)) == mul(x, cst(2)));
  CHECK(sub(x, x) == cst(0));
  CHECK(vtc_affine_neg(C, vtc_affine_neg(C, x)) == x);
  CHECK(add(add(x, cst(2)), cst(3)) == add(x, cst(5)));
  CHECK(mul(mul(x, cst(2)), cst(3)) == mul(x, cst(6)));
  CHECK(fdiv(add(mul(x, cst(4)), cst(8)), cst(4)) == add(x, cst(2)));
  CHECK(add(mul(fdiv(x, cst(4)), cst(4)), mod(x, cst(4))) == x);
  CHECK(sub(x, mul(fdiv(x, s), s)) == mod(x, s));
  CHECK(vtc_affine_binary(C, VTC_AFFINE_MOD, add(x, y), cst(2)) == mod(add(y, x), cst(2)));
  CHECK_EXPR(mul(add(x, cst(1)), cst(2)), "(d0 + 1) * 2");
  CHECK_EXPR(fdiv(add(x, y), cst(2)), "(d0 + d1) floordiv 2");
  CHECK_EXPR(mul(x, y), "d0 * d1"); /* semi-affine: accepted by constructors */
  CHECK_EXPR(cst(INT64_MIN), "-9223372036854775808");
  /* Overflowing folds stay as written; eval then fails. */
  CHECK_EXPR(add(cst(INT64_MAX), cst(1)), "9223372036854775807 + 1");
  CHECK_EXPR(fdiv(cst(INT64_MIN), cst(-1)), "-9223372036854775808 floordiv -1");
  CHECK_EXPR(add(mul(x, cst(INT64_MAX)), mul(x, cst(2))), "d0 * 9223372036854775807 + d0 * 2");
}

static void test_predicates(void) {
  CHECK(vtc_affine_expr_is_pure(expr("(d0, d1)[s0] -> (d0 * 2 + d1 - s0 + 3)")));
  CHECK(!vtc_affine_expr_is_pure(expr("(d0)[s0] -> (d0 * s0)")));
  CHECK(!vtc_affine_expr_is_pure(expr("(d0) -> (d0 mod 2)")));
  CHECK(!vtc_affine_expr_is_pure(expr("(d0) -> (d0 floordiv 2 + 1)")));
  CHECK(vtc_affine_expr_is_symbolic_or_constant(expr("(d0)[s0, s1] -> (s0 * s1 + 3)")));
  CHECK(!vtc_affine_expr_is_symbolic_or_constant(expr("(d0)[s0] -> (s0 + d0)")));
  CHECK(vtc_affine_expr_uses_dim(expr("(d0, d1, d2) -> ((d2 + 3) floordiv 4 * 2)"), 2));
  CHECK(!vtc_affine_expr_uses_dim(expr("(d0, d1, d2)[s0] -> (d0 * s0 + d1 mod 4)"), 2));
  CHECK(!vtc_affine_expr_uses_dim(expr("(d0, d1)[s0] -> (s0 + 1)"), 0));
}

/* ---- full simplification -------------------------------------------------- */

static void test_simplify(void) {
  const vtc_affine_expr *x = dim(0), *y = dim(1), *s = sym(0);
  CHECK_EXPR(simp(mul(add(x, cst(1)), cst(2))), "d0 * 2 + 2");
  CHECK_EXPR(simp(sub(mul(add(x, cst(1)), s), mul(x, s))), "s0");
  CHECK_EXPR(simp(sub(mul(add(x, y), cst(2)), mul(y, cst(2)))), "d0 * 2");
  CHECK_EXPR(simp(mul(add(x, cst(1)), add(s, cst(1)))), "d0 + d0 * s0 + s0 + 1");
  CHECK_EXPR(simp(fdiv(mul(add(x, cst(1)), cst(4)), cst(4))), "d0 + 1");
  CHECK_EXPR(simp(mod(mul(add(mul(x, cst(2)), cst(1)), cst(2)), cst(4))), "2");
  CHECK_EXPR(simp(add(mul(add(x, cst(1)), cst(2)), mul(x, cst(-2)))), "2");
  CHECK_EXPR(simp(fdiv(add(mul(mul(add(x, y), cst(2)), cst(2)), cst(8)), cst(4))), "d0 + d1 + 2");
  CHECK_EXPR(simp(mod(add(mul(add(x, y), cst(4)), y), cst(4))), "d1 mod 4");
  CHECK_EXPR(simp(add(mul(fdiv(add(x, y), cst(4)), cst(4)), mod(add(y, x), cst(4)))), "d0 + d1");
  CHECK_EXPR(simp(mul(sub(fdiv(x, cst(2)), fdiv(x, cst(2))), s)), "0");
  /* Inside an atom: the dividend is simplified before dividing. */
  CHECK_EXPR(simp(fdiv(mul(add(x, cst(1)), s), cst(2))), "(d0 * s0 + s0) floordiv 2");
  const vtc_affine_map *m = parse("(d0, d1)[s0] -> ((d0 + d1) * s0 - d1 * s0, (d0 + 2) * 3 floordiv 3)");
  if (m) CHECK_MAP(vtc_affine_map_simplify(C, m), "(d0, d1)[s0] -> (d0 * s0, d0 + 2)");
}

/* ---- evaluation ------------------------------------------------------------ */

static void test_eval(void) {
  const vtc_affine_expr *x = dim(0), *s = sym(0);
  /* Raw divisions, kept by the constructors since d0 is not constant. */
  const vtc_affine_expr *cases[] = {fdiv(x, cst(2)), mod(x, cst(2)), cdiv(x, cst(2)),
                                    fdiv(x, cst(-2)), cdiv(x, cst(-2))};
  const int64_t at_minus7[] = {-4, 1, -3, 3, 4}, at_7[] = {3, 1, 4, -4, -3};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int64_t v = 0, d = -7;
    CHECK(vtc_affine_expr_eval(cases[i], &d, NULL, &v));
    CHECK_EQ_INT(v, at_minus7[i]);
    d = 7;
    CHECK(vtc_affine_expr_eval(cases[i], &d, NULL, &v));
    CHECK_EQ_INT(v, at_7[i]);
  }
  int64_t d = 5, sv = 0, v;
  CHECK(!vtc_affine_expr_eval(fdiv(x, s), &d, &sv, &v));
  CHECK(!vtc_affine_expr_eval(cdiv(x, s), &d, &sv, &v));
  CHECK(!vtc_affine_expr_eval(mod(x, s), &d, &sv, &v));
  sv = -2;
  CHECK(!vtc_affine_expr_eval(mod(x, s), &d, &sv, &v)); /* negative modulus */
  CHECK(vtc_affine_expr_eval(fdiv(x, s), &d, &sv, &v) && v == -3);
  CHECK(!vtc_affine_expr_eval(fdiv(cst(1), cst(0)), NULL, NULL, &v));
  CHECK(!vtc_affine_expr_eval(mod(cst(1), cst(-3)), NULL, NULL, &v));
  d = INT64_MAX;
  CHECK(!vtc_affine_expr_eval(mul(x, cst(2)), &d, NULL, &v));
  CHECK(!vtc_affine_expr_eval(add(x, cst(1)), &d, NULL, &v));
  d = INT64_MIN;
  CHECK(!vtc_affine_expr_eval(fdiv(x, s), &d, (int64_t[]){-1}, &v));

  const vtc_affine_map *m = parse("(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 floordiv s0)");
  int64_t in[] = {-7, 3}, syms[] = {2}, out[3];
  CHECK(m && vtc_affine_map_eval(m, in, syms, out));
  CHECK(out[0] == -5 && out[1] == 6 && out[2] == -4);
  syms[0] = 0;
  CHECK(m && !vtc_affine_map_eval(m, in, syms, out));
}

/* ---- maps ------------------------------------------------------------------- */

static void test_maps(void) {
  unsigned perm[] = {2, 0, 1};
  const vtc_affine_map *p = vtc_affine_map_permutation(C, 3, perm);
  CHECK_MAP(p, "(d0, d1, d2) -> (d2, d0, d1)");
  CHECK(!vtc_affine_map_is_identity(p));
  CHECK(p == parse("(a, b, c) -> (c, a, b)"));
  CHECK_MAP(vtc_affine_map_identity(C, 3), "(d0, d1, d2) -> (d0, d1, d2)");
  CHECK(vtc_affine_map_is_identity(vtc_affine_map_identity(C, 3)));
  CHECK(vtc_affine_map_is_identity(vtc_affine_map_identity(C, 0)));
  CHECK_MAP(vtc_affine_map_identity(C, 0), "() -> ()");
  CHECK(vtc_affine_map_is_identity(parse("(d0)[s0] -> (d0)"))); /* MLIR ignores symbols */
  CHECK(!vtc_affine_map_is_identity(parse("(d0, d1) -> (d0)")));
  CHECK_MAP(vtc_affine_map_constant(C, 2, (int64_t[]){1, -2}), "() -> (1, -2)");
  CHECK_MAP(vtc_affine_map_constant(C, 0, NULL), "() -> ()");
  CHECK_MAP(parse("(d0) -> ()"), "(d0) -> ()");

  /* Permuting the two results of a split. */
  const vtc_affine_map *swap = parse("(d0, d1) -> (d1, d0)");
  const vtc_affine_map *split = parse("(d0) -> (d0 floordiv 4, d0 mod 4)");
  CHECK_MAP(vtc_affine_map_compose(C, swap, split), "(d0) -> (d0 mod 4, d0 floordiv 4)");
  /* Merging a split gives the identity back (Souffle's reshape chains). */
  const vtc_affine_map *merge = parse("(d0, d1) -> (d0 * 4 + d1)");
  const vtc_affine_map *id = vtc_affine_map_compose(C, merge, split);
  CHECK(id == vtc_affine_map_identity(C, 1));
  CHECK_MAP(vtc_affine_map_compose(C, split, merge), "(d0, d1) -> (d0 + d1 floordiv 4, d1 mod 4)");
  /* Symbols: outer's first, then inner's (MLIR's order). */
  const vtc_affine_map *outer = parse("(d0, d1)[s0] -> (d0 + s0, d1 * 2)");
  const vtc_affine_map *inner = parse("(d0)[s0] -> (d0 * s0, d0 - 1)");
  CHECK_MAP(vtc_affine_map_compose(C, outer, inner), "(d0)[s0, s1] -> (d0 * s1 + s0, d0 * 2 - 2)");
  CHECK(vtc_affine_map_compose(C, outer, vtc_affine_map_identity(C, 2)) == outer);
  /* One shared symbol space (Souffle's vertical composition, VTC's views):
   * inner's symbols stay, outer's symbol 0 is the shared space's symbol 1. */
  const vtc_affine_map *inner2 = parse("(d0)[s0, s1] -> (d0 * s0, d0 - 1)");
  CHECK_MAP(vtc_affine_map_compose_shared(C, outer, inner2, (const unsigned[]){1}, 2),
            "(d0)[s0, s1] -> (d0 * s0 + s1, d0 * 2 - 2)");
  CHECK_MAP(vtc_affine_map_compose_shared(C, outer, inner2, (const unsigned[]){0}, 3),
            "(d0)[s0, s1, s2] -> (d0 * s0 + s0, d0 * 2 - 2)");
  CHECK_MAP(vtc_affine_map_compose_shared(C, split, merge, NULL, 0), "(d0, d1) -> (d0 + d1 floordiv 4, d1 mod 4)");

  /* Replacement: NULL keeps, out-of-range positions keep. */
  const vtc_affine_expr *e = expr("(d0, d1)[s0] -> (d0 + d1 * s0)");
  const vtc_affine_expr *dims[] = {NULL, cst(3)};
  CHECK_EXPR(vtc_affine_expr_replace(C, e, dims, 2, NULL, 0), "d0 + s0 * 3");
  CHECK(vtc_affine_expr_replace(C, e, dims, 1, NULL, 0) == e);
  const vtc_affine_expr *syms[] = {add(dim(0), cst(1))};
  CHECK_EXPR(vtc_affine_expr_replace(C, e, NULL, 0, syms, 1), "d0 + (d0 + 1) * d1");
}

/* ---- text ------------------------------------------------------------------- */

/* Canonical texts: parse then print is the identity, and mlir-opt-19
 * re-prints each of them unchanged (checked when the list was written). */
static const char *const round_trips[] = {
    "(d0, d1)[s0] -> (d0 + s0, d1 * 2)",
    "() -> ()",
    "(d0) -> ()",
    "() -> (0, -1, 9223372036854775807)",
    "(d0, d1) -> (d0 - d1)",
    "(d0) -> (d0 - 1)",
    "(d0) -> (d0 floordiv 2)",
    "(d0) -> (d0 ceildiv 2)",
    "(d0) -> (d0 mod 2)",
    "(d0) -> (-d0)",
    "(d0, d1) -> ((d0 + d1) floordiv 2)",
    "(d0) -> ((d0 + 1) * 2)",
    "(d0) -> (-(d0 + 1))",
    "(d0, d1, d2) -> (d0 - d1 - d2)",
    "(d0, d1) -> (d0 - d1 * 3)",
    "(d0, d1) -> (d0 - d1 floordiv 2)",
    "(d0) -> (-(d0 floordiv 2))",
    "(d0) -> ((-d0) floordiv 2)",
    "(d0) -> (d0 * -2)",
    "(d0)[s0] -> ((d0 * s0) * 2)",
    "(d0)[s0] -> (d0 mod s0)",
    "(d0)[s0, s1] -> (d0 floordiv (s0 + s1))",
    "(d0, d1)[s0] -> (d0 + d1 * s0)",
    "(d0, d1, d2) -> (d0 * 16 + d1 * 4 + d2)",
    "(d0, d1) -> (d0 + d1 floordiv 4, d1 mod 4)",
    "(d0) -> ((d0 mod 2) * 2)",
    "(d0) -> ((d0 + 1) mod 4 - 1)",
    "(d0) -> (d0 - (d0 floordiv 4) * 8)",
    "(d0) -> ((d0 floordiv 4) * -4)",
    "(d0, d1) -> ((d0 * 3 + d1) ceildiv 4)",
    "(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1 + s0 * s1 - 7)",
    "(d0, d1, d2, d3) -> (d3, d2 floordiv 8, d0 mod 8 + (d1 mod 8) * 8)",
    "(d0) -> (-9223372036854775807)",
};

static void test_round_trip(void) {
  for (size_t i = 0; i < sizeof round_trips / sizeof *round_trips; i++) {
    const vtc_affine_map *m = parse(round_trips[i]);
    CHECK_MAP(m, round_trips[i]);
    if (m) CHECK(parse(round_trips[i]) == m);
  }
  /* Names, spacing and operand order are not kept. */
  CHECK_MAP(parse(" ( i ,j )[ N ]->( i+N*j ,  j ) "), "(d0, d1)[s0] -> (d0 + d1 * s0, d1)");
  CHECK_MAP(parse("(x_1, y.2$)->(y.2$ - x_1)"), "(d0, d1) -> (-d0 + d1)");
  CHECK_MAP(parse("(d0)[]->(d0)"), "(d0) -> (d0)");
  CHECK_MAP(parse("(d0) -> (-2 * d0, - d0 * 2, -d0 floordiv 2, -(d0 floordiv 2))"),
            "(d0) -> (d0 * -2, d0 * -2, (-d0) floordiv 2, -(d0 floordiv 2))");
  CHECK_MAP(parse("(d0) -> (-9223372036854775808, d0 - -1, ((d0)))"), "(d0) -> (-9223372036854775808, d0 + 1, d0)");
  CHECK_MAP(parse("(d0, d1) -> (d0 * 2 mod 3 floordiv 2 ceildiv 5, d0 * 2 mod 3 floordiv 4 ceildiv 5)"),
            "(d0, d1) -> ((((d0 * 2) mod 3) floordiv 2) ceildiv 5, 0)");
  /* Not NUL-terminated: only len bytes are read. */
  const char text[] = "(d0) -> (d0)garbage";
  const char *err;
  size_t off;
  CHECK(vtc_affine_map_parse(C, text, 12, &err, &off) == vtc_affine_map_identity(C, 1));
}

typedef struct parse_error_case {
  const char *text, *message;
  size_t offset;
} parse_error_case;

static const parse_error_case parse_errors[] = {
    {"(d0) -> (d0 + d1)", "use of undeclared identifier 'd1'", 14},
    {"(d0, d1) -> (d0 * d1)", "non-affine expression: at least one of the multiply operands has to be "
                              "either a constant or symbolic", 16},
    {"(d0) -> (d0 floordiv d0)", "non-affine expression: right operand of floordiv has to be either "
                                 "a constant or symbolic", 12},
    {"(d0) -> (4 mod d0)", "non-affine expression: right operand of mod has to be either a constant "
                           "or symbolic", 11},
    {"(d0) -> (1 ceildiv (d0 + 1))", "non-affine expression: right operand of ceildiv has to be "
                                     "either a constant or symbolic", 11},
    {"(d0) (d0)", "expected '->'", 5},
    {"(d0) -> ((d0 + 1)", "expected ',' or ')' in affine map range", 17},
    {"(d0) -> ((d0 + 1, d0)", "expected ')'", 16},
    {"(d0) -> (d0))", "unexpected characters after affine map", 12},
    {"(d0) -> (d0) x", "unexpected characters after affine map", 13},
    {"(d0) -> (99999999999999999999)", "constant too large for index", 9},
    {"(d0) -> (9223372036854775808)", "constant too large for index", 9},
    {"(d0) -> (d0 +)", "missing right operand of binary operator", 13},
    {"(d0) -> (d0 *)", "missing right operand of binary operator", 13},
    {"(d0) -> (-)", "missing operand of negation", 10},
    {"(d0) -> (, d0)", "expected affine expression", 9},
    {"(d0, d0) -> (d0)", "redefinition of identifier 'd0'", 5},
    {"(d0)[d0] -> (d0)", "redefinition of identifier 'd0'", 5},
    {"(d0, mod) -> (d0)", "expected identifier", 5},
    {"(d0 d1) -> (d0)", "expected ',' or ')'", 4},
    {"d0 -> (d0)", "expected '(' at start of dimensional identifiers list", 0},
    {"(d0) -> d0", "expected '(' at start of affine map range", 8},
    {"", "expected '(' at start of dimensional identifiers list", 0},
};

static void test_parse_errors(void) {
  for (size_t i = 0; i < sizeof parse_errors / sizeof *parse_errors; i++) {
    const parse_error_case *c = &parse_errors[i];
    const char *err = NULL;
    size_t off = 12345;
    CHECK(vtc_affine_map_parse(C, c->text, strlen(c->text), &err, &off) == NULL);
    if (!err || strcmp(err, c->message) != 0 || off != c->offset) fprintf(stderr, "input: %s\n", c->text);
    CHECK_EQ_STR(err, c->message);
    CHECK_EQ_INT(off, c->offset);
  }
  /* Deep nesting is an error, not a stack overflow. */
  vtc_strbuf b = {0};
  vtc_strbuf_puts(&b, "(d0) -> (");
  for (int i = 0; i < 100000; i++) vtc_strbuf_putc(&b, '(');
  const char *err = NULL;
  size_t off;
  CHECK(vtc_affine_map_parse(C, b.data, b.len, &err, &off) == NULL);
  CHECK_EQ_STR(err, "affine expression nested too deeply");
  vtc_strbuf_free(&b);
}

/* ---- randomized properties -------------------------------------------------
 * Random trees are evaluated by a reference evaluator written here, built
 * with the constructors, simplified, printed and parsed back. Symbols are
 * positive at evaluation: rules on symbolic mods assume it, as MLIR does. */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static int64_t rng_range(int64_t lo, int64_t hi) { return lo + (int64_t)(rng() % (uint64_t)(hi - lo + 1)); }

enum { NDIMS = 3, NSYMS = 2, MAXN = 64 };

/* A random tree, kept as a table of nodes so the reference can evaluate it. */
typedef struct rtree {
  int kind, lhs, rhs; /* vtc_affine_kind; children index nodes[] */
  int64_t value;
} rtree;

typedef struct rgen {
  rtree nodes[MAXN];
  int n;
} rgen;

static int rnode(rgen *g, int kind, int64_t value, int lhs, int rhs) {
  g->nodes[g->n] = (rtree){kind, lhs, rhs, value};
  return g->n++;
}

static int rleaf(rgen *g, bool symbolic) {
  int r = (int)rng_range(0, 9);
  if (r < 3) return rnode(g, VTC_AFFINE_CONST, rng_range(-9, 9), -1, -1);
  if (r < 6 || symbolic) return rnode(g, VTC_AFFINE_SYMBOL, rng_range(0, NSYMS - 1), -1, -1);
  return rnode(g, VTC_AFFINE_DIM, rng_range(0, NDIMS - 1), -1, -1);
}

/* Affine in MLIR's sense: mul by a constant or symbol, division and mod by a
 * positive constant or a symbol. */
static int rexpr(rgen *g, int depth) {
  if (depth == 0 || g->n > MAXN - 8 || rng_range(0, 9) < 2) return rleaf(g, false);
  int kind = (int)rng_range(VTC_AFFINE_ADD, VTC_AFFINE_CEILDIV + 2);
  if (kind > VTC_AFFINE_CEILDIV) kind = kind == VTC_AFFINE_CEILDIV + 1 ? VTC_AFFINE_ADD : VTC_AFFINE_MUL;
  int lhs = rexpr(g, depth - 1), rhs;
  if (kind == VTC_AFFINE_ADD) rhs = rexpr(g, depth - 1);
  else if (kind == VTC_AFFINE_MUL) rhs = rng_range(0, 3) ? rnode(g, VTC_AFFINE_CONST, rng_range(-4, 4), -1, -1) : rleaf(g, true);
  else rhs = rng_range(0, 4) ? rnode(g, VTC_AFFINE_CONST, rng_range(1, 9), -1, -1) : rnode(g, VTC_AFFINE_SYMBOL, rng_range(0, NSYMS - 1), -1, -1);
  if (kind == VTC_AFFINE_FLOORDIV && g->nodes[rhs].kind == VTC_AFFINE_CONST && rng_range(0, 5) == 0)
    g->nodes[rhs].value = -g->nodes[rhs].value;
  if (kind == VTC_AFFINE_MUL && rng_range(0, 1)) return rnode(g, kind, 0, rhs, lhs);
  return rnode(g, kind, 0, lhs, rhs);
}

/* Reference semantics, written independently of ir/affine.c. */
static bool ref_eval(const rgen *g, int i, const int64_t *d, const int64_t *s, int64_t *out) {
  const rtree *t = &g->nodes[i];
  int64_t a, b;
  if (t->kind == VTC_AFFINE_CONST) return *out = t->value, true;
  if (t->kind == VTC_AFFINE_DIM) return *out = d[t->value], true;
  if (t->kind == VTC_AFFINE_SYMBOL) return *out = s[t->value], true;
  if (!ref_eval(g, t->lhs, d, s, &a) || !ref_eval(g, t->rhs, d, s, &b)) return false;
  switch (t->kind) {
  case VTC_AFFINE_ADD: *out = a + b; return true;
  case VTC_AFFINE_MUL: *out = a * b; return true;
  default: break;
  }
  if (b == 0 || (t->kind == VTC_AFFINE_MOD && b < 0)) return false;
  long double q = (long double)a / (long double)b;
  int64_t fl = (int64_t)q;
  if ((long double)fl > q) fl--;
  if (t->kind == VTC_AFFINE_FLOORDIV) *out = fl;
  else if (t->kind == VTC_AFFINE_CEILDIV) *out = (long double)fl == q ? fl : fl + 1;
  else *out = a - b * fl;
  return true;
}

static const vtc_affine_expr *build(const rgen *g, int i) {
  const rtree *t = &g->nodes[i];
  if (t->kind == VTC_AFFINE_CONST) return cst(t->value);
  if (t->kind == VTC_AFFINE_DIM) return dim((unsigned)t->value);
  if (t->kind == VTC_AFFINE_SYMBOL) return sym((unsigned)t->value);
  return vtc_affine_binary(C, t->kind, build(g, t->lhs), build(g, t->rhs));
}

/* Rebuilding a canonical expression through the constructors is the identity. */
static const vtc_affine_expr *rebuild(const vtc_affine_expr *e) {
  if (e->kind < VTC_AFFINE_ADD) return e;
  return vtc_affine_binary(C, e->kind, rebuild(e->lhs), rebuild(e->rhs));
}

static void random_point(int64_t *d, int64_t *s) {
  for (int i = 0; i < NDIMS; i++) d[i] = rng_range(-40, 40);
  for (int i = 0; i < NSYMS; i++) s[i] = rng_range(1, 12);
}

static const vtc_affine_expr *random_expr(rgen *g) {
  g->n = 0;
  return build(g, rexpr(g, (int)rng_range(1, 5)));
}

static void check_one_random(void) {
  rgen g;
  const vtc_affine_expr *e = random_expr(&g), *s = simp(e);
  int root = g.n - 1;
  int mismatches = 0;
  for (int k = 0; k < 20; k++) {
    int64_t d[NDIMS], sy[NSYMS], want, got;
    random_point(d, sy);
    if (!ref_eval(&g, root, d, sy, &want)) continue;
    if (!vtc_affine_expr_eval(e, d, sy, &got) || got != want) mismatches++;
    if (!vtc_affine_expr_eval(s, d, sy, &got) || got != want) mismatches++;
  }
  CHECK_EQ_INT(mismatches, 0);
  CHECK(simp(s) == s);
  CHECK(rebuild(e) == e);
  CHECK(rebuild(s) == s);
  const vtc_affine_map *m = vtc_affine_map_get(C, NDIMS, NSYMS, 1, &s);
  char *text = map_text(m);
  const vtc_affine_map *back = parse(text);
  CHECK(back == m);
  if (mismatches || back != m) {
    char *orig = expr_text(e);
    fprintf(stderr, "random expr %s simplified %s\n", orig, text);
    free(orig);
  }
  free(text);
}

static const vtc_affine_map *random_map(unsigned num_dims, unsigned num_results) {
  const vtc_affine_expr *r[4];
  rgen g;
  for (unsigned i = 0; i < num_results; i++) {
    const vtc_affine_expr *e = random_expr(&g);
    /* Map the generator's dims and symbols into this map's space. */
    const vtc_affine_expr *dims[NDIMS], *syms[NSYMS] = {sym(0), sym(0)};
    for (unsigned k = 0; k < NDIMS; k++) dims[k] = dim(k % num_dims);
    r[i] = vtc_affine_expr_replace(C, e, dims, NDIMS, syms, NSYMS);
  }
  return vtc_affine_map_get(C, num_dims, 1, num_results, r);
}

static void check_one_compose(void) {
  const vtc_affine_map *f = random_map(2, 3), *g = random_map(3, 2);
  const vtc_affine_map *fg = vtc_affine_map_compose(C, f, g);
  CHECK(fg->num_dims == 3 && fg->num_symbols == 2 && fg->num_results == 3);
  int bad = 0;
  for (int k = 0; k < 20; k++) {
    int64_t x[3], sg = rng_range(1, 9), sf = rng_range(1, 9), both[2] = {sf, sg}, mid[2], want[3], got[3];
    for (int i = 0; i < 3; i++) x[i] = rng_range(-30, 30);
    if (!vtc_affine_map_eval(g, x, &sg, mid) || !vtc_affine_map_eval(f, mid, &sf, want)) continue;
    if (!vtc_affine_map_eval(fg, x, both, got) || memcmp(got, want, sizeof want) != 0) bad++;
  }
  CHECK_EQ_INT(bad, 0);
  if (bad) {
    char *a = map_text(f), *b = map_text(g), *c = map_text(fg);
    fprintf(stderr, "compose %s with %s gave %s\n", a, b, c);
    free(a), free(b), free(c);
  }
}

static void test_random_properties(void) {
  for (int i = 0; i < 3000; i++) check_one_random();
  for (int i = 0; i < 500; i++) check_one_compose();
}

int main(void) {
  C = vtc_context_create();
  UNIT_RUN(test_uniquing);
  UNIT_RUN(test_rules);
  UNIT_RUN(test_constructors);
  UNIT_RUN(test_predicates);
  UNIT_RUN(test_simplify);
  UNIT_RUN(test_eval);
  UNIT_RUN(test_maps);
  UNIT_RUN(test_round_trip);
  UNIT_RUN(test_parse_errors);
  UNIT_RUN(test_random_properties);
  vtc_context_destroy(C);
  return UNIT_RESULT();
}
