/* Affine expressions and maps: uniqued constructors that simplify locally into
 * a canonical form, full simplification, substitution, composition and
 * evaluation. Printing and parsing live in ir/affine_parse.c.
 *
 * The canonical form, which the constructors build (each rule is documented
 * at the function applying it):
 *  - sums (vtc_affine_add): a left-leaning chain `((t0 + t1) + t2) + c` of
 *    terms `atom * k` sorted by expr_cmp, like atoms merged, constant last;
 *    constant multiples of sums are opened, and mods are expanded and then
 *    recognised again, so `(x floordiv 4) * 4 + x mod 4` is x;
 *  - products (vtc_affine_mul): sorted non-constant factors, then one
 *    constant; a sum times something stays a product (`(d0 + 1) * 2`);
 *  - floordiv, ceildiv, mod by a constant (divide_positive, mod_positive):
 *    exact parts split off, gcds cancelled, nesting collapsed, bounded
 *    dividends folded.
 * vtc_affine_expr_simplify adds distribution of products over sums.
 * Every rule of MLIR's simplifyAdd/Mul/FloorDiv/CeilDiv/Mod (LLVM 19) is
 * subsumed and the term order refines MLIR's (which only moves constants and
 * symbolic operands right), so printed canonical forms are fixed points of
 * mlir-opt's parser. Rules on symbolic mods assume positive symbols, as
 * MLIR's do. */
#include "ir/affine.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ---- integer helpers ------------------------------------------------------
 * All arithmetic on user constants is checked: an overflow makes the
 * constructors keep the expression unsimplified and makes eval fail. */

static bool checked_add(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r); }
static bool checked_mul(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }

static bool floor_div(int64_t a, int64_t b, int64_t *r) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return false;
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q--;
  *r = q;
  return true;
}

static bool ceil_div(int64_t a, int64_t b, int64_t *r) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return false;
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) == (b < 0))) q++;
  *r = q;
  return true;
}

/* The modulus must be positive; the result is in [0, b). */
static bool floor_mod(int64_t a, int64_t b, int64_t *r) {
  if (b <= 0) return false;
  int64_t m = a % b;
  *r = m < 0 ? m + b : m;
  return true;
}

static uint64_t magnitude(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

static uint64_t gcd_u64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* ---- nodes and their order ---------------------------------------------- */

/* pad_ caches two facts used by every comparison, so that they cost O(1)
 * instead of a walk of the (shared, so possibly exponentially large) tree.
 * Both are functions of the other fields, so byte equality of keys is still
 * structural equality. Bits 0-1: the term class (0: uses a dim, 1: symbolic,
 * 2: a constant leaf). Bits 2-31: one plus the lowest position of a dim
 * (class 0) or symbol (class 1) in the expression, 0 if none, and
 * INFO_POS_UNKNOWN when too large to store. */
enum { INFO_POS_UNKNOWN = (1 << 29) - 1 };

static int info_class(const vtc_affine_expr *e) { return e->pad_ & 3; }
static int32_t info_pos(const vtc_affine_expr *e) { return e->pad_ >> 2; }

static int32_t leaf_info(int cls, int64_t position) {
  int64_t pos = position + 1 < INFO_POS_UNKNOWN ? position + 1 : INFO_POS_UNKNOWN;
  return (int32_t)(pos << 2) | cls;
}

static int32_t binary_info(const vtc_affine_expr *l, const vtc_affine_expr *r) {
  int cls = info_class(l) < info_class(r) ? info_class(l) : info_class(r);
  if (cls == 2) cls = 1; /* an unfolded constant expression, such as 7 mod -2 */
  int32_t pos = 0;
  for (int i = 0; i < 2; i++) {
    const vtc_affine_expr *c = i ? r : l;
    if (info_class(c) == cls && info_pos(c) && (!pos || info_pos(c) < pos)) pos = info_pos(c);
  }
  return (pos << 2) | cls;
}

static const vtc_affine_expr *node(vtc_context *ctx, vtc_affine_kind kind, int64_t value,
                                   const vtc_affine_expr *lhs, const vtc_affine_expr *rhs) {
  static const int leaf_class[] = {[VTC_AFFINE_DIM] = 0, [VTC_AFFINE_SYMBOL] = 1, [VTC_AFFINE_CONST] = 2};
  vtc_affine_expr key;
  memset(&key, 0, sizeof key);
  key.kind = kind;
  key.value = value;
  key.lhs = lhs;
  key.rhs = rhs;
  if (lhs) key.pad_ = binary_info(lhs, rhs);
  else key.pad_ = kind == VTC_AFFINE_CONST ? 2 : leaf_info(leaf_class[kind], value);
  return vtc_uniq(ctx, VTC_UNIQ_AFFINE_EXPR, &key, sizeof key);
}

static const vtc_affine_expr *binary_node(vtc_context *ctx, vtc_affine_kind kind,
                                          const vtc_affine_expr *a, const vtc_affine_expr *b) {
  return node(ctx, kind, 0, a, b);
}

const vtc_affine_expr *vtc_affine_dim(vtc_context *ctx, unsigned pos) {
  return node(ctx, VTC_AFFINE_DIM, pos, NULL, NULL);
}
const vtc_affine_expr *vtc_affine_symbol(vtc_context *ctx, unsigned pos) {
  return node(ctx, VTC_AFFINE_SYMBOL, pos, NULL, NULL);
}
const vtc_affine_expr *vtc_affine_const(vtc_context *ctx, int64_t value) {
  return node(ctx, VTC_AFFINE_CONST, value, NULL, NULL);
}

static bool is_const(const vtc_affine_expr *e) { return e->kind == VTC_AFFINE_CONST; }
static bool is_binary(const vtc_affine_expr *e) { return e->kind >= VTC_AFFINE_ADD; }
static bool is_const_value(const vtc_affine_expr *e, int64_t v) { return is_const(e) && e->value == v; }

bool vtc_affine_expr_is_symbolic_or_constant(const vtc_affine_expr *e) { return info_class(e) != 0; }

bool vtc_affine_expr_uses_dim(const vtc_affine_expr *e, unsigned d) {
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_DIM: return (unsigned)e->value == d;
  case VTC_AFFINE_SYMBOL:
  case VTC_AFFINE_CONST: return false;
  default: return vtc_affine_expr_uses_dim(e->lhs, d) || vtc_affine_expr_uses_dim(e->rhs, d);
  }
}

bool vtc_affine_expr_is_pure(const vtc_affine_expr *e) {
  switch (e->kind) {
  case VTC_AFFINE_ADD: return vtc_affine_expr_is_pure(e->lhs) && vtc_affine_expr_is_pure(e->rhs);
  case VTC_AFFINE_MUL:
    return (is_const(e->lhs) || is_const(e->rhs)) && vtc_affine_expr_is_pure(e->lhs) &&
           vtc_affine_expr_is_pure(e->rhs);
  case VTC_AFFINE_MOD:
  case VTC_AFFINE_FLOORDIV:
  case VTC_AFFINE_CEILDIV: return false;
  default: return true;
  }
}

/* Class of a term in a sum or product: terms with dims come first, then
 * symbolic ones, then constants. This is MLIR's own canonicalisation (it
 * moves symbolic operands and constants to the right), which keeps our
 * canonical forms stable under MLIR's parser. */
static int term_class(const vtc_affine_expr *e) { return info_class(e); }

static uint64_t lowest_position_walk(const vtc_affine_expr *e, vtc_affine_kind kind) {
  if (e->kind == (int32_t)kind) return (uint64_t)e->value;
  if (!is_binary(e)) return UINT64_MAX;
  uint64_t l = lowest_position_walk(e->lhs, kind), r = lowest_position_walk(e->rhs, kind);
  return l < r ? l : r;
}

/* Lowest position of a dim (class 0) or symbol (class 1) in e; UINT64_MAX
 * if there is none. */
static uint64_t lowest_position(const vtc_affine_expr *e) {
  int32_t pos = info_pos(e);
  if (pos == INFO_POS_UNKNOWN)
    return lowest_position_walk(e, info_class(e) == 0 ? VTC_AFFINE_DIM : VTC_AFFINE_SYMBOL);
  return pos ? (uint64_t)pos - 1 : UINT64_MAX;
}

/* Atoms before compound terms; among compound terms, products first. */
static const int kind_rank[] = {
    [VTC_AFFINE_DIM] = 0,      [VTC_AFFINE_SYMBOL] = 0,  [VTC_AFFINE_CONST] = 0,
    [VTC_AFFINE_MUL] = 1,      [VTC_AFFINE_FLOORDIV] = 2, [VTC_AFFINE_CEILDIV] = 3,
    [VTC_AFFINE_MOD] = 4,      [VTC_AFFINE_ADD] = 5,
};

static int cmp_i64(int64_t a, int64_t b) { return (a > b) - (a < b); }
static int cmp_u64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

/* The total order of terms in canonical sums and factors in canonical
 * products: by class (dims, symbolic, constant), then by the lowest dim
 * (symbol for symbolic terms) they use, then atoms before compound terms
 * (mul < floordiv < ceildiv < mod < add), then by position or value, then
 * structurally, left operand first. So `d0 * 4 + d1 + d1 floordiv 2 + s0 + 3`. */
static int expr_cmp(const vtc_affine_expr *a, const vtc_affine_expr *b) {
  if (a == b) return 0;
  int cls = term_class(a), c = cmp_i64(cls, term_class(b));
  if (c) return c;
  if (cls < 2) {
    c = cmp_u64(lowest_position(a), lowest_position(b));
    if (c) return c;
  }
  c = cmp_i64(kind_rank[a->kind], kind_rank[b->kind]);
  if (c) return c;
  if (!is_binary(a)) return cmp_i64(a->value, b->value);
  c = expr_cmp(a->lhs, b->lhs);
  return c ? c : expr_cmp(a->rhs, b->rhs);
}

/* ---- linear combinations --------------------------------------------------
 * sum(coeff * atom) + constant, the working form of sums. Owned by the
 * function that declares it; free with lc_free. */

typedef struct lc_term {
  const vtc_affine_expr *atom;
  int64_t coeff;
} lc_term;

typedef struct lc {
  VTC_VEC(lc_term) terms;
  int64_t constant;
  bool overflow; /* a coefficient overflowed: callers give up simplifying */
} lc;

static void lc_free(lc *l) { VTC_VEC_FREE(&l->terms); }

static void lc_add_const(lc *l, int64_t v, int64_t scale) {
  int64_t p;
  if (!checked_mul(v, scale, &p) || !checked_add(l->constant, p, &l->constant)) l->overflow = true;
}

static void lc_add_term(lc *l, const vtc_affine_expr *atom, int64_t coeff) {
  if (coeff != 0) VTC_VEC_PUSH(&l->terms, ((lc_term){atom, coeff}));
}

static void lc_flatten(vtc_context *ctx, lc *l, const vtc_affine_expr *e, int64_t scale, bool expand);

/* Expands `E mod Q` into E - Q * (E floordiv Q), the form in which sums can
 * cancel it against `(E floordiv Q) * Q` (so `(x floordiv 4) * 4 + x mod 4`
 * is x); lc_recognize_mods folds what is left back into mods. Only when the
 * pieces are canonical atoms, which keeps the round trip exact. */
static bool lc_expand_mod(vtc_context *ctx, lc *l, const vtc_affine_expr *e, int64_t scale) {
  const vtc_affine_expr *E = e->lhs, *Q = e->rhs, *F = vtc_affine_floordiv(ctx, E, Q);
  bool raw = F->kind == VTC_AFFINE_FLOORDIV && F->lhs == E && F->rhs == Q;
  /* (x floordiv c2) mod c expands through x floordiv (c2 * c); lc_fold_mod
   * knows to look for x floordiv c2 when it meets that. */
  bool nested = E->kind == VTC_AFFINE_FLOORDIV && F->kind == VTC_AFFINE_FLOORDIV && F->lhs == E->lhs;
  if (!raw && !nested) return false;
  int64_t k;
  if (is_const(Q)) {
    if (Q->value <= 0 || !checked_mul(scale, -Q->value, &k)) return false;
    lc_flatten(ctx, l, E, scale, true);
    lc_add_term(l, F, k);
    return true;
  }
  const vtc_affine_expr *P = vtc_affine_mul(ctx, F, Q);
  bool two_factors = P->kind == VTC_AFFINE_MUL &&
                     ((P->lhs == F && P->rhs == Q) || (P->lhs == Q && P->rhs == F));
  if (!two_factors || !checked_mul(scale, -1, &k)) return false;
  lc_flatten(ctx, l, E, scale, true);
  lc_add_term(l, P, k);
  return true;
}

/* Adds scale * e. Sums and constant multiples are opened up (so a constant
 * times a sum is distributed); everything else is an atom. With expand, mods
 * are expanded as above. */
static void lc_flatten(vtc_context *ctx, lc *l, const vtc_affine_expr *e, int64_t scale, bool expand) {
  int64_t s;
  if (l->overflow) return;
  if (is_const(e)) {
    lc_add_const(l, e->value, scale);
  } else if (e->kind == VTC_AFFINE_ADD) {
    lc_flatten(ctx, l, e->lhs, scale, expand);
    lc_flatten(ctx, l, e->rhs, scale, expand);
  } else if (e->kind == VTC_AFFINE_MUL && is_const(e->rhs)) {
    if (checked_mul(scale, e->rhs->value, &s)) lc_flatten(ctx, l, e->lhs, s, expand);
    else l->overflow = true;
  } else if (!(expand && e->kind == VTC_AFFINE_MOD && lc_expand_mod(ctx, l, e, scale))) {
    lc_add_term(l, e, scale);
  }
}

static int lc_term_cmp(const void *a, const void *b) {
  return expr_cmp(((const lc_term *)a)->atom, ((const lc_term *)b)->atom);
}

/* Sorts by expr_cmp, merges like atoms and drops zero coefficients. */
static void lc_normalize(lc *l) {
  if (l->terms.len > 1) qsort(l->terms.data, l->terms.len, sizeof(lc_term), lc_term_cmp);
  size_t out = 0;
  for (size_t i = 0; i < l->terms.len; i++) {
    lc_term t = l->terms.data[i];
    lc_term *last = out ? &l->terms.data[out - 1] : NULL;
    if (last && last->atom == t.atom) {
      if (!checked_add(last->coeff, t.coeff, &last->coeff)) l->overflow = true;
    } else {
      l->terms.data[out++] = t;
    }
  }
  size_t kept = 0;
  for (size_t i = 0; i < out; i++)
    if (l->terms.data[i].coeff != 0) l->terms.data[kept++] = l->terms.data[i];
  l->terms.len = kept;
}

static const lc_term *lc_find(const lc *l, const vtc_affine_expr *atom) {
  lc_term key = {atom, 0};
  return bsearch(&key, l->terms.data, l->terms.len, sizeof(lc_term), lc_term_cmp);
}

static const vtc_affine_expr *lc_term_expr(vtc_context *ctx, lc_term t) {
  if (t.coeff == 1) return t.atom;
  return binary_node(ctx, VTC_AFFINE_MUL, t.atom, vtc_affine_const(ctx, t.coeff));
}

/* The canonical chain of a normalized combination. */
static const vtc_affine_expr *lc_build(vtc_context *ctx, const lc *l) {
  const vtc_affine_expr *acc = NULL;
  for (size_t i = 0; i < l->terms.len; i++) {
    const vtc_affine_expr *t = lc_term_expr(ctx, l->terms.data[i]);
    acc = acc ? binary_node(ctx, VTC_AFFINE_ADD, acc, t) : t;
  }
  const vtc_affine_expr *c = vtc_affine_const(ctx, l->constant);
  if (!acc) return c;
  return l->constant ? binary_node(ctx, VTC_AFFINE_ADD, acc, c) : acc;
}

/* Folds term i, which is -m * Q * (E floordiv Q), with m * E into
 * m * (E mod Q) when every atom of m * E is present in l with the same sign
 * and at least its magnitude, so the rewrite never adds terms nor grows a
 * coefficient (the constant may change freely, as in `(d0 + 1) mod 4 - 1`).
 * Coefficients change in place (atoms keep their sorted order, a zeroed term
 * counts as absent); the new mod term goes to `mods`. */
static bool lc_try_fold(vtc_context *ctx, lc *l, size_t i, const vtc_affine_expr *E,
                        const vtc_affine_expr *Q, int64_t m, lc *mods) {
  int64_t k;
  lc le = {0};
  lc_flatten(ctx, &le, E, 1, true);
  lc_normalize(&le);
  bool ok = !le.overflow && checked_mul(le.constant, m, &k) &&
            !__builtin_sub_overflow(l->constant, k, &k);
  for (size_t j = 0; ok && j < le.terms.len; j++) {
    const lc_term *have = lc_find(l, le.terms.data[j].atom);
    int64_t want;
    ok = have && have != &l->terms.data[i] && checked_mul(le.terms.data[j].coeff, m, &want) &&
         (have->coeff < 0) == (want < 0) && magnitude(have->coeff) >= magnitude(want);
  }
  if (ok) {
    for (size_t j = 0; j < le.terms.len; j++)
      ((lc_term *)lc_find(l, le.terms.data[j].atom))->coeff -= le.terms.data[j].coeff * m;
    l->terms.data[i].coeff = 0;
    l->constant = k;
    lc_flatten(ctx, mods, vtc_affine_mod(ctx, E, Q), m, false);
  }
  lc_free(&le);
  return ok;
}

/* A term k * (x floordiv C) is -m * c * (E floordiv c) for E = x and c = C,
 * or, since (x floordiv c2) floordiv c = x floordiv C, for E = x floordiv c2
 * with c2 * c = C when that atom is in l (how `(d0 floordiv 4) mod 4`
 * survives being added to). */
static bool lc_fold_floordiv(vtc_context *ctx, lc *l, size_t i, lc *mods) {
  const vtc_affine_expr *a = l->terms.data[i].atom;
  int64_t k = l->terms.data[i].coeff, C = a->rhs->value;
  if (k % C == 0 && lc_try_fold(ctx, l, i, a->lhs, a->rhs, -(k / C), mods)) return true;
  for (size_t j = 0; j < l->terms.len; j++) {
    const vtc_affine_expr *b = l->terms.data[j].atom;
    if (b == a || b->kind != VTC_AFFINE_FLOORDIV || b->lhs != a->lhs || !is_const(b->rhs) ||
        b->rhs->value <= 1 || C % b->rhs->value != 0)
      continue;
    int64_t c = C / b->rhs->value;
    if (c > 1 && k % c == 0 && lc_try_fold(ctx, l, i, b, vtc_affine_const(ctx, c), -(k / c), mods))
      return true;
  }
  return false;
}

/* A term -m * ((E floordiv Q) * Q) for a symbolic Q, factors in any order. */
static bool lc_fold_symbolic(vtc_context *ctx, lc *l, size_t i, lc *mods) {
  const vtc_affine_expr *a = l->terms.data[i].atom;
  if (l->terms.data[i].coeff == INT64_MIN) return false;
  for (int swap = 0; swap < 2; swap++) {
    const vtc_affine_expr *f = swap ? a->rhs : a->lhs, *q = swap ? a->lhs : a->rhs;
    if (f->kind == VTC_AFFINE_FLOORDIV && f->rhs == q && !is_const(q))
      return lc_try_fold(ctx, l, i, f->lhs, q, -l->terms.data[i].coeff, mods);
  }
  return false;
}

static bool lc_fold_mod(vtc_context *ctx, lc *l, size_t i, lc *mods) {
  const vtc_affine_expr *a = l->terms.data[i].atom;
  if (l->terms.data[i].coeff == 0) return false; /* folded away earlier in this pass */
  if (a->kind == VTC_AFFINE_FLOORDIV && is_const(a->rhs) && a->rhs->value > 1)
    return lc_fold_floordiv(ctx, l, i, mods);
  return a->kind == VTC_AFFINE_MUL && lc_fold_symbolic(ctx, l, i, mods);
}

/* Passes over the sorted terms until one folds nothing (a fold can only
 * lower coefficients, so a later pass rarely finds more). Each fold lowers
 * the sum of |coefficients| of non-mod terms; the cap guards symbolic
 * corner cases. */
static void lc_recognize_mods(vtc_context *ctx, lc *l) {
  for (int pass = 0; pass < 8 && !l->overflow; pass++) {
    lc mods = {0};
    for (size_t i = 0; i < l->terms.len; i++) lc_fold_mod(ctx, l, i, &mods);
    bool folded = mods.terms.len > 0;
    for (size_t i = 0; i < mods.terms.len; i++) lc_add_term(l, mods.terms.data[i].atom, mods.terms.data[i].coeff);
    lc_add_const(l, mods.constant, 1);
    l->overflow |= mods.overflow;
    lc_free(&mods);
    lc_normalize(l);
    if (!folded) return;
  }
}

/* ---- constructors --------------------------------------------------------- */

/* a + b: the canonical sum of both flattened (mods expanded), then mods
 * recognised. x + 0 returns x unchanged (so `(d0 + 1) * 2 + 0` keeps its
 * form). On overflow the sum is kept as written, constant on the right. */
const vtc_affine_expr *vtc_affine_add(vtc_context *ctx, const vtc_affine_expr *a,
                                      const vtc_affine_expr *b) {
  if (is_const_value(b, 0)) return a;
  if (is_const_value(a, 0)) return b;
  lc l = {0};
  lc_flatten(ctx, &l, a, 1, true);
  lc_flatten(ctx, &l, b, 1, true);
  lc_normalize(&l);
  lc_recognize_mods(ctx, &l);
  const vtc_affine_expr *r;
  if (!l.overflow) r = lc_build(ctx, &l);
  else if (is_const(a) && !is_const(b)) r = binary_node(ctx, VTC_AFFINE_ADD, b, a);
  else r = binary_node(ctx, VTC_AFFINE_ADD, a, b);
  lc_free(&l);
  return r;
}

typedef VTC_VEC(const vtc_affine_expr *) expr_vec;

static void gather_factors(const vtc_affine_expr *e, int64_t *coeff, bool *overflow, expr_vec *out) {
  if (e->kind == VTC_AFFINE_MUL) {
    gather_factors(e->lhs, coeff, overflow, out);
    gather_factors(e->rhs, coeff, overflow, out);
  } else if (is_const(e)) {
    if (!checked_mul(*coeff, e->value, coeff)) *overflow = true;
  } else {
    VTC_VEC_PUSH(out, e);
  }
}

static int expr_ptr_cmp(const void *a, const void *b) {
  return expr_cmp(*(const vtc_affine_expr *const *)a, *(const vtc_affine_expr *const *)b);
}

/* a * b: products are flattened into sorted factors and one constant
 * coefficient (folds constants, x * 1 = x, x * 0 = 0, (x * c1) * c2 =
 * x * (c1 * c2), (x * c) * y = (x * y) * c, d0 * d1 = d1 * d0). A product of
 * two non-constant factors is accepted (semi-affine); the parser and
 * vtc_affine_expr_is_symbolic_or_constant enforce MLIR's stricter rule. */
const vtc_affine_expr *vtc_affine_mul(vtc_context *ctx, const vtc_affine_expr *a,
                                      const vtc_affine_expr *b) {
  if (is_const_value(b, 1)) return a;
  if (is_const_value(a, 1)) return b;
  int64_t coeff = 1;
  bool overflow = false;
  expr_vec f = {0};
  gather_factors(a, &coeff, &overflow, &f);
  gather_factors(b, &coeff, &overflow, &f);
  const vtc_affine_expr *r = NULL;
  if (overflow) {
    bool swap = is_const(a) && !is_const(b);
    r = binary_node(ctx, VTC_AFFINE_MUL, swap ? b : a, swap ? a : b);
  } else if (coeff == 0 || f.len == 0) {
    r = vtc_affine_const(ctx, coeff);
  } else {
    qsort(f.data, f.len, sizeof *f.data, expr_ptr_cmp);
    for (size_t i = 0; i < f.len; i++) r = r ? binary_node(ctx, VTC_AFFINE_MUL, r, f.data[i]) : f.data[i];
    if (coeff != 1) r = binary_node(ctx, VTC_AFFINE_MUL, r, vtc_affine_const(ctx, coeff));
  }
  VTC_VEC_FREE(&f);
  return r;
}

const vtc_affine_expr *vtc_affine_neg(vtc_context *ctx, const vtc_affine_expr *a) {
  return vtc_affine_mul(ctx, a, vtc_affine_const(ctx, -1));
}

const vtc_affine_expr *vtc_affine_sub(vtc_context *ctx, const vtc_affine_expr *a,
                                      const vtc_affine_expr *b) {
  return vtc_affine_add(ctx, a, vtc_affine_neg(ctx, b));
}

/* Constant bounds of e that hold for every value of the dims and symbols:
 * only mods by positive constants are bounded, and what is built from them
 * and constants by sums, constant multiples and divisions. */
static bool expr_bounds(const vtc_affine_expr *e, int64_t *lo, int64_t *hi) {
  int64_t l1, h1, l2, h2, c = is_binary(e) && is_const(e->rhs) ? e->rhs->value : 0;
  switch (e->kind) {
  case VTC_AFFINE_CONST: *lo = *hi = e->value; return true;
  case VTC_AFFINE_ADD:
    return expr_bounds(e->lhs, &l1, &h1) && expr_bounds(e->rhs, &l2, &h2) &&
           checked_add(l1, l2, lo) && checked_add(h1, h2, hi);
  case VTC_AFFINE_MOD:
    *lo = 0, *hi = c - 1;
    return c > 0;
  case VTC_AFFINE_MUL:
    if (!c || !expr_bounds(e->lhs, &l1, &h1) || !checked_mul(l1, c, &l2) || !checked_mul(h1, c, &h2))
      return false;
    *lo = c > 0 ? l2 : h2, *hi = c > 0 ? h2 : l2;
    return true;
  case VTC_AFFINE_FLOORDIV:
    return c > 0 && expr_bounds(e->lhs, &l1, &h1) && floor_div(l1, c, lo) && floor_div(h1, c, hi);
  case VTC_AFFINE_CEILDIV:
    return c > 0 && expr_bounds(e->lhs, &l1, &h1) && ceil_div(l1, c, lo) && ceil_div(h1, c, hi);
  default: return false;
  }
}

/* gcd of c and every coefficient and the constant of l. */
static uint64_t lc_gcd(const lc *l, int64_t c) {
  uint64_t g = gcd_u64(magnitude(c), magnitude(l->constant));
  for (size_t i = 0; i < l->terms.len; i++) g = gcd_u64(g, magnitude(l->terms.data[i].coeff));
  return g;
}

static void lc_divide_exact(lc *l, int64_t g) {
  for (size_t i = 0; i < l->terms.len; i++) l->terms.data[i].coeff /= g;
  l->constant /= g;
}

static const vtc_affine_expr *divide_positive(vtc_context *ctx, vtc_affine_kind kind,
                                              const vtc_affine_expr *a, int64_t c);

/* The canonical division once a is split: quotient q is exact, the rest of
 * the left side divided by c (already free of multiples of c). */
static const vtc_affine_expr *divide_rest(vtc_context *ctx, vtc_affine_kind kind, lc *l, int64_t c) {
  bool (*fold)(int64_t, int64_t, int64_t *) = kind == VTC_AFFINE_FLOORDIV ? floor_div : ceil_div;
  int64_t g = (int64_t)lc_gcd(l, c), lo, hi, qlo, qhi, cc;
  if (g > 1) { /* (g*x) floordiv (g*c) = x floordiv c, the same for ceildiv */
    lc_divide_exact(l, g);
    return divide_positive(ctx, kind, lc_build(ctx, l), c / g);
  }
  const vtc_affine_expr *a = lc_build(ctx, l);
  if (a->kind == (int32_t)kind && is_const(a->rhs) && a->rhs->value > 0 && checked_mul(a->rhs->value, c, &cc))
    return divide_positive(ctx, kind, a->lhs, cc); /* (x floordiv c1) floordiv c2 */
  /* (x mod c1) floordiv c2 = (x floordiv c2) mod (c1 / c2) when c2 | c1: the
   * form in which delinearised indices cancel when linearised again. Not
   * for ceildiv, whose quotient can reach c1 / c2. */
  if (kind == VTC_AFFINE_FLOORDIV && a->kind == VTC_AFFINE_MOD && is_const(a->rhs) &&
      a->rhs->value % c == 0)
    return vtc_affine_mod(ctx, divide_positive(ctx, kind, a->lhs, c), vtc_affine_const(ctx, a->rhs->value / c));
  if (expr_bounds(a, &lo, &hi) && fold(lo, c, &qlo) && fold(hi, c, &qhi) && qlo == qhi)
    return vtc_affine_const(ctx, qlo); /* e.g. (d0 mod 4) floordiv 4 = 0 */
  return binary_node(ctx, kind, a, vtc_affine_const(ctx, c));
}

/* a floordiv c or a ceildiv c for c > 1. Every term whose coefficient is a
 * multiple of c, and the constant's multiple of c (rounded toward zero so
 * `(d0 - 1) floordiv 4` stays), is divided exactly and moved out:
 * (c*q + r) floordiv c = q + r floordiv c, likewise for ceildiv. */
static const vtc_affine_expr *divide_positive(vtc_context *ctx, vtc_affine_kind kind,
                                              const vtc_affine_expr *a, int64_t c) {
  if (c == 1) return a;
  lc l = {0}, q = {0};
  lc_flatten(ctx, &l, a, 1, false);
  lc_normalize(&l);
  if (l.overflow) {
    lc_free(&l);
    return binary_node(ctx, kind, a, vtc_affine_const(ctx, c));
  }
  for (size_t i = 0; i < l.terms.len; i++) {
    lc_term *t = &l.terms.data[i];
    if (t->coeff % c == 0) {
      lc_add_term(&q, t->atom, t->coeff / c);
      t->coeff = 0;
    }
  }
  q.constant = l.constant / c;
  l.constant %= c;
  lc_normalize(&l);
  const vtc_affine_expr *rest = divide_rest(ctx, kind, &l, c), *r = rest;
  if (q.terms.len || q.constant) r = vtc_affine_add(ctx, lc_build(ctx, &q), rest);
  lc_free(&l);
  lc_free(&q);
  return r;
}

/* Constant folding (floor or ceiling), x floordiv 1 = x, a negative divisor
 * moves to the dividend (x floordiv -c = (-x) floordiv c); division by zero,
 * by a non-constant and overflowing folds stay as written. */
static const vtc_affine_expr *divide(vtc_context *ctx, vtc_affine_kind kind, const vtc_affine_expr *a,
                                     const vtc_affine_expr *b) {
  bool (*fold)(int64_t, int64_t, int64_t *) = kind == VTC_AFFINE_FLOORDIV ? floor_div : ceil_div;
  int64_t v;
  if (!is_const(b) || b->value == 0) return binary_node(ctx, kind, a, b);
  if (is_const(a)) return fold(a->value, b->value, &v) ? vtc_affine_const(ctx, v) : binary_node(ctx, kind, a, b);
  if (b->value == INT64_MIN) return binary_node(ctx, kind, a, b);
  if (b->value < 0) return divide_positive(ctx, kind, vtc_affine_neg(ctx, a), -b->value);
  return divide_positive(ctx, kind, a, b->value);
}

const vtc_affine_expr *vtc_affine_floordiv(vtc_context *ctx, const vtc_affine_expr *a,
                                           const vtc_affine_expr *b) {
  return divide(ctx, VTC_AFFINE_FLOORDIV, a, b);
}

const vtc_affine_expr *vtc_affine_ceildiv(vtc_context *ctx, const vtc_affine_expr *a,
                                          const vtc_affine_expr *b) {
  return divide(ctx, VTC_AFFINE_CEILDIV, a, b);
}

/* a mod c for c > 1, after reduction: (g*x) mod (g*c) = (x mod c) * g, a
 * left side bounded within one period is itself minus that period's start
 * ((d0 mod 4) mod 8 = d0 mod 4), and (x mod c1) mod c2 = x mod c2 when c2
 * divides c1. */
static const vtc_affine_expr *mod_rest(vtc_context *ctx, lc *l, int64_t c) {
  int64_t g = (int64_t)lc_gcd(l, c), lo, hi, qlo, qhi;
  if (g > 1) {
    lc_divide_exact(l, g);
    const vtc_affine_expr *m = vtc_affine_mod(ctx, lc_build(ctx, l), vtc_affine_const(ctx, c / g));
    return vtc_affine_mul(ctx, m, vtc_affine_const(ctx, g));
  }
  const vtc_affine_expr *a = lc_build(ctx, l);
  if (a->kind == VTC_AFFINE_MOD && is_const(a->rhs) && a->rhs->value > 0 && a->rhs->value % c == 0)
    return vtc_affine_mod(ctx, a->lhs, vtc_affine_const(ctx, c));
  if (expr_bounds(a, &lo, &hi) && floor_div(lo, c, &qlo) && floor_div(hi, c, &qhi) && qlo == qhi &&
      checked_mul(-qlo, c, &qhi))
    return vtc_affine_add(ctx, a, vtc_affine_const(ctx, qhi));
  return binary_node(ctx, VTC_AFFINE_MOD, a, vtc_affine_const(ctx, c));
}

/* Reduction: coefficients and the constant are replaced by their remainder
 * (toward zero) by c, since (c*k + r) mod c = r mod c: multiples of c drop
 * out, `(d0 * 5 + 6) mod 4` is `(d0 + 2) mod 4`, `(d0 - 1) mod 4` stays. */
static const vtc_affine_expr *mod_positive(vtc_context *ctx, const vtc_affine_expr *a, int64_t c) {
  lc l = {0};
  lc_flatten(ctx, &l, a, 1, false);
  lc_normalize(&l);
  const vtc_affine_expr *r;
  if (l.overflow) {
    r = binary_node(ctx, VTC_AFFINE_MOD, a, vtc_affine_const(ctx, c));
  } else {
    for (size_t i = 0; i < l.terms.len; i++) l.terms.data[i].coeff %= c;
    l.constant %= c;
    lc_normalize(&l);
    int64_t v;
    if (l.terms.len == 0) r = vtc_affine_const(ctx, floor_mod(l.constant, c, &v) ? v : 0);
    else r = mod_rest(ctx, &l, c);
  }
  lc_free(&l);
  return r;
}

/* Constant folding, x mod 1 = 0; a zero, negative or non-constant modulus
 * stays as written (eval fails on the first two, as MLIR leaves them). */
const vtc_affine_expr *vtc_affine_mod(vtc_context *ctx, const vtc_affine_expr *a,
                                      const vtc_affine_expr *b) {
  int64_t v;
  if (!is_const(b) || b->value <= 0) return binary_node(ctx, VTC_AFFINE_MOD, a, b);
  if (is_const(a)) return vtc_affine_const(ctx, floor_mod(a->value, b->value, &v) ? v : 0);
  if (b->value == 1) return vtc_affine_const(ctx, 0);
  return mod_positive(ctx, a, b->value);
}

typedef const vtc_affine_expr *(*binary_ctor)(vtc_context *, const vtc_affine_expr *,
                                              const vtc_affine_expr *);
static const binary_ctor binary_ctors[] = {
    [VTC_AFFINE_ADD] = vtc_affine_add,           [VTC_AFFINE_MUL] = vtc_affine_mul,
    [VTC_AFFINE_MOD] = vtc_affine_mod,           [VTC_AFFINE_FLOORDIV] = vtc_affine_floordiv,
    [VTC_AFFINE_CEILDIV] = vtc_affine_ceildiv,
};

const vtc_affine_expr *vtc_affine_binary(vtc_context *ctx, vtc_affine_kind kind,
                                         const vtc_affine_expr *a, const vtc_affine_expr *b) {
  assert(kind >= VTC_AFFINE_ADD && kind <= VTC_AFFINE_CEILDIV);
  return binary_ctors[kind](ctx, a, b);
}

/* ---- simplification ------------------------------------------------------ */

/* a * b with sums distributed: (d0 + 1) * 2 = d0 * 2 + 2 and
 * (d0 + 1) * s0 = d0 * s0 + s0, so products of sums can cancel. */
static const vtc_affine_expr *distribute(vtc_context *ctx, const vtc_affine_expr *a,
                                         const vtc_affine_expr *b) {
  lc la = {0}, lb = {0};
  lc_flatten(ctx, &la, a, 1, false);
  lc_flatten(ctx, &lb, b, 1, false);
  /* The constants take part as terms with a null atom. */
  lc_add_term(&la, NULL, la.constant);
  lc_add_term(&lb, NULL, lb.constant);
  const vtc_affine_expr *r = vtc_affine_const(ctx, 0);
  bool ok = !la.overflow && !lb.overflow && (la.terms.len > 1 || lb.terms.len > 1);
  for (size_t i = 0; ok && i < la.terms.len; i++) {
    for (size_t j = 0; ok && j < lb.terms.len; j++) {
      lc_term x = la.terms.data[i], y = lb.terms.data[j];
      int64_t k;
      if (!(ok = checked_mul(x.coeff, y.coeff, &k))) break;
      const vtc_affine_expr *p = vtc_affine_const(ctx, k);
      if (x.atom) p = vtc_affine_mul(ctx, x.atom, p);
      if (y.atom) p = vtc_affine_mul(ctx, y.atom, p);
      r = vtc_affine_add(ctx, r, p);
    }
  }
  lc_free(&la);
  lc_free(&lb);
  return ok ? r : vtc_affine_mul(ctx, a, b);
}

/* Results of one simplify or replace call by node: uniqued expressions
 * share subterms, and without it a shared subterm is rebuilt once per path
 * to it. Open addressing on the pointer; owned by the call. */
typedef struct expr_memo {
  const vtc_affine_expr **keys, **values;
  size_t cap, count;
} expr_memo;

static expr_memo memo_create(void) {
  return (expr_memo){vtc_xcalloc(16, sizeof(void *)), vtc_xcalloc(16, sizeof(void *)), 16, 0};
}

static void memo_free(expr_memo *m) {
  free(m->keys);
  free(m->values);
}

static size_t memo_slot(const expr_memo *m, const vtc_affine_expr *e) {
  size_t i = (size_t)(((uintptr_t)e >> 4) * 0x9e3779b97f4a7c15ull) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != e) i = (i + 1) & (m->cap - 1);
  return i;
}

static void memo_put(expr_memo *m, const vtc_affine_expr *e, const vtc_affine_expr *v) {
  if (2 * (m->count + 1) > m->cap) {
    expr_memo bigger = {vtc_xcalloc(2 * m->cap, sizeof *m->keys),
                            vtc_xcalloc(2 * m->cap, sizeof *m->values), 2 * m->cap, m->count};
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->keys[i]) continue;
      size_t j = memo_slot(&bigger, m->keys[i]);
      bigger.keys[j] = m->keys[i], bigger.values[j] = m->values[i];
    }
    memo_free(m);
    *m = bigger;
  }
  size_t i = memo_slot(m, e);
  m->count += !m->keys[i];
  m->keys[i] = e, m->values[i] = v;
}

static const vtc_affine_expr *simplify_once(vtc_context *ctx, const vtc_affine_expr *e, expr_memo *memo) {
  if (!is_binary(e)) return e;
  size_t slot = memo_slot(memo, e);
  if (memo->keys[slot]) return memo->values[slot];
  const vtc_affine_expr *l = simplify_once(ctx, e->lhs, memo), *r = simplify_once(ctx, e->rhs, memo);
  const vtc_affine_expr *s = e->kind == VTC_AFFINE_MUL ? distribute(ctx, l, r) : vtc_affine_binary(ctx, e->kind, l, r);
  memo_put(memo, e, s);
  return s;
}

/* Rebuilds bottom-up through the constructors, distributing products over
 * sums, until nothing changes (a rebuilt operand can enable a rule above it;
 * the bound only guards against a cycle, which the rules do not have). */
const vtc_affine_expr *vtc_affine_expr_simplify(vtc_context *ctx, const vtc_affine_expr *e) {
  expr_memo memo = memo_create();
  for (int i = 0; i < 8; i++) {
    const vtc_affine_expr *s = simplify_once(ctx, e, &memo);
    if (s == e) break;
    e = s;
  }
  memo_free(&memo);
  return e;
}

typedef struct replace_args {
  const vtc_affine_expr *const *dims, *const *symbols;
  unsigned num_dims, num_symbols;
} replace_args;

static const vtc_affine_expr *replace_rec(vtc_context *ctx, const vtc_affine_expr *e,
                                          const replace_args *a, expr_memo *memo) {
  if (e->kind == VTC_AFFINE_DIM && (uint64_t)e->value < a->num_dims && a->dims[e->value])
    return a->dims[e->value];
  if (e->kind == VTC_AFFINE_SYMBOL && (uint64_t)e->value < a->num_symbols && a->symbols[e->value])
    return a->symbols[e->value];
  if (!is_binary(e)) return e;
  size_t slot = memo_slot(memo, e);
  if (memo->keys[slot]) return memo->values[slot];
  const vtc_affine_expr *l = replace_rec(ctx, e->lhs, a, memo), *r = replace_rec(ctx, e->rhs, a, memo);
  const vtc_affine_expr *out = l == e->lhs && r == e->rhs ? e : vtc_affine_binary(ctx, e->kind, l, r);
  memo_put(memo, e, out);
  return out;
}

/* NULL entries, and positions past the arrays, are kept. */
const vtc_affine_expr *vtc_affine_expr_replace(vtc_context *ctx, const vtc_affine_expr *e,
                                               const vtc_affine_expr *const *dims, unsigned num_dims,
                                               const vtc_affine_expr *const *symbols,
                                               unsigned num_symbols) {
  replace_args a = {dims, symbols, num_dims, num_symbols};
  expr_memo memo = memo_create();
  const vtc_affine_expr *r = replace_rec(ctx, e, &a, &memo);
  memo_free(&memo);
  return r;
}

/* ---- evaluation ----------------------------------------------------------- */

static bool eval_add(int64_t a, int64_t b, int64_t *r) { return checked_add(a, b, r); }
static bool eval_mul(int64_t a, int64_t b, int64_t *r) { return checked_mul(a, b, r); }

static bool (*const eval_ops[])(int64_t, int64_t, int64_t *) = {
    [VTC_AFFINE_ADD] = eval_add,   [VTC_AFFINE_MUL] = eval_mul,     [VTC_AFFINE_MOD] = floor_mod,
    [VTC_AFFINE_FLOORDIV] = floor_div, [VTC_AFFINE_CEILDIV] = ceil_div,
};

bool vtc_affine_expr_eval(const vtc_affine_expr *e, const int64_t *dims, const int64_t *symbols,
                          int64_t *out) {
  int64_t a, b;
  switch (e->kind) {
  case VTC_AFFINE_DIM: *out = dims[e->value]; return true;
  case VTC_AFFINE_SYMBOL: *out = symbols[e->value]; return true;
  case VTC_AFFINE_CONST: *out = e->value; return true;
  default:
    return vtc_affine_expr_eval(e->lhs, dims, symbols, &a) &&
           vtc_affine_expr_eval(e->rhs, dims, symbols, &b) && eval_ops[e->kind](a, b, out);
  }
}

/* ---- maps ---------------------------------------------------------------- */

/* For the invariant check in vtc_affine_map_get; gives up (true) after
 * *budget nodes, since a shared tree can be exponentially large. */
static bool expr_fits(const vtc_affine_expr *e, unsigned num_dims, unsigned num_symbols, int *budget) {
  if (--*budget < 0) return true;
  if (e->kind == VTC_AFFINE_DIM) return (uint64_t)e->value < num_dims;
  if (e->kind == VTC_AFFINE_SYMBOL) return (uint64_t)e->value < num_symbols;
  if (!is_binary(e)) return true;
  return expr_fits(e->lhs, num_dims, num_symbols, budget) && expr_fits(e->rhs, num_dims, num_symbols, budget);
}

const vtc_affine_map *vtc_affine_map_get(vtc_context *ctx, unsigned num_dims, unsigned num_symbols,
                                         unsigned num_results, const vtc_affine_expr *const *results) {
  size_t size = sizeof(vtc_affine_map) + (size_t)num_results * sizeof(results[0]);
  vtc_affine_map *key = vtc_xmalloc(size);
  memset(key, 0, size);
  key->num_dims = num_dims;
  key->num_symbols = num_symbols;
  key->num_results = num_results;
  for (unsigned i = 0; i < num_results; i++) {
    int budget = 10000;
    assert(expr_fits(results[i], num_dims, num_symbols, &budget));
    (void)budget;
    key->results[i] = results[i];
  }
  const vtc_affine_map *m = vtc_uniq(ctx, VTC_UNIQ_AFFINE_MAP, key, size);
  free(key);
  return m;
}

const vtc_affine_map *vtc_affine_map_identity(vtc_context *ctx, unsigned rank) {
  unsigned *perm = vtc_xmalloc((rank ? rank : 1) * sizeof *perm);
  for (unsigned i = 0; i < rank; i++) perm[i] = i;
  const vtc_affine_map *m = vtc_affine_map_permutation(ctx, rank, perm);
  free(perm);
  return m;
}

const vtc_affine_map *vtc_affine_map_permutation(vtc_context *ctx, unsigned rank, const unsigned *perm) {
  const vtc_affine_expr **r = vtc_xmalloc((rank ? rank : 1) * sizeof *r);
  for (unsigned i = 0; i < rank; i++) {
    assert(perm[i] < rank);
    r[i] = vtc_affine_dim(ctx, perm[i]);
  }
  const vtc_affine_map *m = vtc_affine_map_get(ctx, rank, 0, rank, r);
  free(r);
  return m;
}

const vtc_affine_map *vtc_affine_map_constant(vtc_context *ctx, unsigned num_results, const int64_t *values) {
  const vtc_affine_expr **r = vtc_xmalloc((num_results ? num_results : 1) * sizeof *r);
  for (unsigned i = 0; i < num_results; i++) r[i] = vtc_affine_const(ctx, values[i]);
  const vtc_affine_map *m = vtc_affine_map_get(ctx, 0, 0, num_results, r);
  free(r);
  return m;
}

/* As MLIR: result i is d_i for every i; symbols may exist but are unused. */
bool vtc_affine_map_is_identity(const vtc_affine_map *m) {
  if (m->num_dims != m->num_results) return false;
  for (unsigned i = 0; i < m->num_results; i++)
    if (m->results[i]->kind != VTC_AFFINE_DIM || m->results[i]->value != i) return false;
  return true;
}

const vtc_affine_map *vtc_affine_map_simplify(vtc_context *ctx, const vtc_affine_map *m) {
  const vtc_affine_expr **r = vtc_xmalloc((m->num_results ? m->num_results : 1) * sizeof *r);
  for (unsigned i = 0; i < m->num_results; i++) r[i] = vtc_affine_expr_simplify(ctx, m->results[i]);
  const vtc_affine_map *s = vtc_affine_map_get(ctx, m->num_dims, m->num_symbols, m->num_results, r);
  free(r);
  return s;
}

const vtc_affine_map *vtc_affine_map_compose(vtc_context *ctx, const vtc_affine_map *outer,
                                             const vtc_affine_map *inner) {
  assert(outer->num_dims == inner->num_results);
  /* MLIR's order: outer's symbols first, then inner's, so inner's symbol i
   * becomes symbol outer->num_symbols + i inside its results. */
  unsigned nsym = outer->num_symbols + inner->num_symbols;
  const vtc_affine_expr **shifted = vtc_xmalloc((inner->num_symbols + 1) * sizeof *shifted);
  for (unsigned i = 0; i < inner->num_symbols; i++)
    shifted[i] = vtc_affine_symbol(ctx, outer->num_symbols + i);
  const vtc_affine_expr **in = vtc_xmalloc((inner->num_results + 1) * sizeof *in);
  for (unsigned i = 0; i < inner->num_results; i++)
    in[i] = vtc_affine_expr_replace(ctx, inner->results[i], NULL, 0, shifted, inner->num_symbols);
  const vtc_affine_expr **r = vtc_xmalloc((outer->num_results + 1) * sizeof *r);
  for (unsigned i = 0; i < outer->num_results; i++) {
    const vtc_affine_expr *e = vtc_affine_expr_replace(ctx, outer->results[i], in, inner->num_results, NULL, 0);
    r[i] = vtc_affine_expr_simplify(ctx, e);
  }
  const vtc_affine_map *m = vtc_affine_map_get(ctx, inner->num_dims, nsym, outer->num_results, r);
  free(shifted);
  free(in);
  free(r);
  return m;
}

const vtc_affine_map *vtc_affine_map_compose_shared(vtc_context *ctx, const vtc_affine_map *outer,
                                                    const vtc_affine_map *inner, const unsigned *outer_symbols,
                                                    unsigned num_symbols) {
  assert(outer->num_dims == inner->num_results && inner->num_symbols <= num_symbols);
  const vtc_affine_expr **syms = vtc_xmalloc((outer->num_symbols + 1) * sizeof *syms);
  for (unsigned i = 0; i < outer->num_symbols; i++) {
    assert(outer_symbols[i] < num_symbols);
    syms[i] = vtc_affine_symbol(ctx, outer_symbols[i]);
  }
  const vtc_affine_expr **r = vtc_xmalloc((outer->num_results + 1) * sizeof *r);
  for (unsigned i = 0; i < outer->num_results; i++) {
    const vtc_affine_expr *e = vtc_affine_expr_replace(ctx, outer->results[i], inner->results, inner->num_results,
                                                       syms, outer->num_symbols);
    r[i] = vtc_affine_expr_simplify(ctx, e);
  }
  const vtc_affine_map *m = vtc_affine_map_get(ctx, inner->num_dims, num_symbols, outer->num_results, r);
  free(syms);
  free(r);
  return m;
}

bool vtc_affine_map_eval(const vtc_affine_map *m, const int64_t *dims, const int64_t *symbols, int64_t *out) {
  for (unsigned i = 0; i < m->num_results; i++)
    if (!vtc_affine_expr_eval(m->results[i], dims, symbols, &out[i])) return false;
  return true;
}
