/* Affine expressions and maps with symbols, including the semi-affine
 * floordiv, ceildiv and mod by constants or symbols. They carry the index
 * functions of data-movement ops (VTC), TE accesses (Souffle's quasi-affine
 * maps) and virtual tensors. Uniqued in the context: equal means
 * pointer-equal, and constructors simplify, so simple equal forms coincide. */
#ifndef VTC_IR_AFFINE_H
#define VTC_IR_AFFINE_H

#include "ir/context.h"
#include "ir/support.h"

typedef enum vtc_affine_kind {
  VTC_AFFINE_DIM,
  VTC_AFFINE_SYMBOL,
  VTC_AFFINE_CONST,
  VTC_AFFINE_ADD,
  VTC_AFFINE_MUL,
  VTC_AFFINE_MOD,
  VTC_AFFINE_FLOORDIV,
  VTC_AFFINE_CEILDIV,
} vtc_affine_kind;

/* Uniqued; never mutate. `value` is the position of a dim or symbol or the
 * constant; lhs/rhs are the operands of a binary expression. */
typedef struct vtc_affine_expr {
  int32_t kind; /* vtc_affine_kind */
  int32_t pad_; /* private to ir/affine.c: facts cached by the constructors,
                   a function of the other fields (so uniquing is unaffected) */
  int64_t value;
  const struct vtc_affine_expr *lhs, *rhs;
} vtc_affine_expr;

/* Uniqued; results are stored inline. */
typedef struct vtc_affine_map {
  uint32_t num_dims, num_symbols, num_results, pad_;
  const vtc_affine_expr *results[];
} vtc_affine_map;

const vtc_affine_expr *vtc_affine_dim(vtc_context *ctx, unsigned pos);
const vtc_affine_expr *vtc_affine_symbol(vtc_context *ctx, unsigned pos);
const vtc_affine_expr *vtc_affine_const(vtc_context *ctx, int64_t value);
/* The binary constructors simplify locally (constant folding, neutral and
 * absorbing elements, constants to the right, re-association of constants,
 * (x * c) floordiv c = x, (x * c) mod c = 0, ...). */
const vtc_affine_expr *vtc_affine_add(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_mul(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_sub(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_neg(vtc_context *ctx, const vtc_affine_expr *a);
const vtc_affine_expr *vtc_affine_mod(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_floordiv(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_ceildiv(vtc_context *ctx, const vtc_affine_expr *a, const vtc_affine_expr *b);
const vtc_affine_expr *vtc_affine_binary(vtc_context *ctx, vtc_affine_kind kind, const vtc_affine_expr *a, const vtc_affine_expr *b);

/* Whether dim d occurs in e. */
bool vtc_affine_expr_uses_dim(const vtc_affine_expr *e, unsigned d);
/* Pure affine: no mod/floordiv/ceildiv and no product of two non-constants. */
bool vtc_affine_expr_is_pure(const vtc_affine_expr *e);
/* Semi-affine is what the constructors accept; this checks the stricter
 * MLIR rule that the right side of mul/mod/div is a constant or symbolic. */
bool vtc_affine_expr_is_symbolic_or_constant(const vtc_affine_expr *e);
/* Full simplification: flattens to a sum of coefficient * term and rebuilds
 * a canonical form (so x*2 + x - x*3 becomes 0, (x*4 + 8) floordiv 4 becomes
 * x + 2). Semi-affine subterms are simplified recursively. */
const vtc_affine_expr *vtc_affine_expr_simplify(vtc_context *ctx, const vtc_affine_expr *e);
/* Substitutes dims and symbols; the result lives in a space with
 * new_dims/new_symbols (only used for validation by callers). dims[i]
 * replaces d_i for i < num_dims (likewise symbols); a NULL entry, or a
 * position past the array, keeps the dim or symbol. Rebuilt through the
 * constructors, so the result is locally simplified. */
const vtc_affine_expr *vtc_affine_expr_replace(vtc_context *ctx, const vtc_affine_expr *e,
                                               const vtc_affine_expr *const *dims, unsigned num_dims,
                                               const vtc_affine_expr *const *symbols, unsigned num_symbols);
/* Evaluates with floor semantics for floordiv/mod (mod result in [0, |rhs|)).
 * Returns false on division or mod by zero (or a non-positive modulus), and
 * on int64 overflow. */
bool vtc_affine_expr_eval(const vtc_affine_expr *e, const int64_t *dims, const int64_t *symbols, int64_t *out);

const vtc_affine_map *vtc_affine_map_get(vtc_context *ctx, unsigned num_dims, unsigned num_symbols,
                                         unsigned num_results, const vtc_affine_expr *const *results);
const vtc_affine_map *vtc_affine_map_identity(vtc_context *ctx, unsigned rank);
/* perm[i] is the input dim that result i reads. */
const vtc_affine_map *vtc_affine_map_permutation(vtc_context *ctx, unsigned rank, const unsigned *perm);
const vtc_affine_map *vtc_affine_map_constant(vtc_context *ctx, unsigned num_results, const int64_t *values);
bool vtc_affine_map_is_identity(const vtc_affine_map *m);
/* Every result simplified. */
const vtc_affine_map *vtc_affine_map_simplify(vtc_context *ctx, const vtc_affine_map *m);
/* outer ∘ inner: x -> outer(inner(x)). Requires outer->num_dims ==
 * inner->num_results. The result has inner's dims; its symbols are outer's
 * symbols followed by inner's, as MLIR's AffineMap::compose. The results are
 * simplified with vtc_affine_expr_simplify. */
const vtc_affine_map *vtc_affine_map_compose(vtc_context *ctx, const vtc_affine_map *outer,
                                             const vtc_affine_map *inner);
/* outer ∘ inner in one shared symbol space, for accesses composed across
 * ops that name their symbols by operand lists (Souffle's vertical TE
 * composition, VTC's read views): the result has inner's dims and
 * num_symbols symbols; inner's symbols keep their positions and outer's
 * symbol i becomes symbol outer_symbols[i]. Results simplified. */
const vtc_affine_map *vtc_affine_map_compose_shared(vtc_context *ctx, const vtc_affine_map *outer,
                                                    const vtc_affine_map *inner, const unsigned *outer_symbols,
                                                    unsigned num_symbols);
bool vtc_affine_map_eval(const vtc_affine_map *m, const int64_t *dims, const int64_t *symbols, int64_t *out);

/* Printing in MLIR syntax: `(d0, d1)[s0] -> (d0 + s0, d1 * 2)` (without
 * the `affine_map<...>` wrapper); expressions alone print as MLIR does. */
void vtc_affine_expr_print(const vtc_affine_expr *e, vtc_strbuf *out);
void vtc_affine_map_print(const vtc_affine_map *m, vtc_strbuf *out);

/* Parses the body of `affine_map<...>` (text of length len, not
 * NUL-terminated necessarily). Dim and symbol names are any identifiers.
 * On error returns NULL and sets *error (a static or interned message) and
 * *error_offset (byte offset into text). */
const vtc_affine_map *vtc_affine_map_parse(vtc_context *ctx, const char *text, size_t len,
                                           const char **error, size_t *error_offset);

#endif
