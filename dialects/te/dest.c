/* The verifier of destination-passing te.compute (`into`; vtc.txt 4.2-4.4,
 * Fig. 3): one compute storing pieces of its iteration domain, each piece a
 * box, into destinations through store maps. What it proves:
 *   - each store map is one-to-one on its box (no two stored points meet),
 *     by the rule of store_map_injective below;
 *   - the boxes are pairwise disjoint (each point is stored at most once);
 *   - a static store stays inside its destination.
 * Index-dependent store maps (extra `index` values yielded by the body, e.g.
 * ScatterND's positions) are one-to-one only in what the verifier can see:
 * duplicates among the run-time positions are allowed and resolved by
 * iteration order (the last writer wins), as graph's scatter_nd does. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/te/te_impl.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"

#define MAX_COLS (2 * VTC_TE_MAX_RANK + 8)

/* ---- linear parts ---------------------------------------------------------- */

static bool has_dims(const vtc_affine_expr *e) { return !vtc_affine_expr_is_symbolic_or_constant(e); }

/* Adds scale * e's dim coefficients to coef[]; false when e is not linear in
 * the dims (a dim under floordiv, mod or ceildiv, a dim times a symbol) or a
 * coefficient overflows. Symbol and constant terms are dropped: they shift
 * a store, they cannot make two points meet. */
static bool linear_coefs(const vtc_affine_expr *e, int64_t scale, unsigned ncols, int64_t *coef) {
  if (!has_dims(e)) return true;
  switch (e->kind) {
  case VTC_AFFINE_DIM: {
    if ((unsigned)e->value >= ncols) return false;
    return !__builtin_add_overflow(coef[e->value], scale, &coef[e->value]);
  }
  case VTC_AFFINE_ADD:
    return linear_coefs(e->lhs, scale, ncols, coef) && linear_coefs(e->rhs, scale, ncols, coef);
  case VTC_AFFINE_MUL: {
    const vtc_affine_expr *k = e->rhs->kind == VTC_AFFINE_CONST ? e->rhs : e->lhs, *x = k == e->rhs ? e->lhs : e->rhs;
    int64_t s;
    if (k->kind != VTC_AFFINE_CONST || __builtin_mul_overflow(scale, k->value, &s)) return false;
    return linear_coefs(x, s, ncols, coef);
  }
  default: return false;
  }
}

/* A box bound pair of dim d, when both are constants. */
static bool const_extent(const vtc_affine_map *box, unsigned d, int64_t *lo, int64_t *hi) {
  const vtc_affine_expr *l = box->results[2 * d], *h = box->results[2 * d + 1];
  if (l->kind != VTC_AFFINE_CONST || h->kind != VTC_AFFINE_CONST) return false;
  *lo = l->value;
  *hi = h->value;
  return true;
}

/* Whether b - a simplifies to a constant <= 0 (so b <= a everywhere). */
static bool provably_le(vtc_context *ctx, const vtc_affine_expr *b, const vtc_affine_expr *a) {
  const vtc_affine_expr *d = vtc_affine_expr_simplify(ctx, vtc_affine_sub(ctx, b, a));
  return d->kind == VTC_AFFINE_CONST && d->value <= 0;
}

/* A box is empty when some dim provably has hi <= lo. */
static bool box_empty(vtc_context *ctx, const vtc_affine_map *box, unsigned rank) {
  for (unsigned d = 0; d < rank; d++)
    if (provably_le(ctx, box->results[2 * d + 1], box->results[2 * d])) return true;
  return false;
}

/* ---- one-to-one store maps ---------------------------------------------------
 * The rule. The columns are the output indices whose box extent is not 1
 * (a fixed index cannot separate two points) and the extra store indices;
 * the rows are the map's results, each linear in the columns (else: not
 * proven). A column is *determined* by a row when, after removing the
 * columns already determined, the row has
 *   - one column left (nonzero coefficient), or
 *   - several, all output indices with constant box extents, whose
 *     coefficients sorted by magnitude are strides that do not alias:
 *     |c(k+1)| >= |c(k)| * extent(k) (a mixed-radix number: the flattened
 *     store of a reshape); two points that differ have a highest differing
 *     digit, whose term outweighs all the lower ones.
 * Repeat until nothing changes; the columns left must have a linear part of
 * full column rank over the rows (Gaussian elimination, in doubles: the
 * coefficients are small integers). An output index that no result uses is
 * allowed only in an index-dependent map: there the run-time positions
 * replace it, and their duplicates are resolved by iteration order. */

typedef struct store_matrix {
  unsigned rows, cols, rank; /* rank: how many columns are output indices */
  int64_t coef[VTC_TE_MAX_RANK][MAX_COLS];
  int64_t extent[MAX_COLS]; /* -1: unknown (symbolic bounds, extra indices) */
  bool active[MAX_COLS], determined[MAX_COLS];
} store_matrix;

static bool mixed_radix(const store_matrix *m, unsigned r, const unsigned *cols, unsigned n) {
  unsigned order[MAX_COLS];
  for (unsigned i = 0; i < n; i++) {
    if (cols[i] >= m->rank || m->extent[cols[i]] < 0) return false;
    order[i] = cols[i];
  }
  for (unsigned i = 1; i < n; i++) /* insertion sort by |coefficient| */
    for (unsigned j = i; j > 0 && llabs(m->coef[r][order[j]]) < llabs(m->coef[r][order[j - 1]]); j--) {
      unsigned t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  for (unsigned i = 0; i + 1 < n; i++) {
    int64_t need;
    if (__builtin_mul_overflow(llabs(m->coef[r][order[i]]), m->extent[order[i]], &need)) return false;
    if (llabs(m->coef[r][order[i + 1]]) < need) return false;
  }
  return true;
}

/* One pass of the determination rule; true when a column was determined. */
static bool determine_step(store_matrix *m) {
  bool changed = false;
  for (unsigned r = 0; r < m->rows; r++) {
    unsigned cols[MAX_COLS], n = 0;
    for (unsigned c = 0; c < m->cols; c++)
      if (m->active[c] && !m->determined[c] && m->coef[r][c]) cols[n++] = c;
    if (n == 0 || (n > 1 && !mixed_radix(m, r, cols, n))) continue;
    for (unsigned i = 0; i < n; i++) m->determined[cols[i]] = true;
    changed = true;
  }
  return changed;
}

/* Full column rank of the undetermined active columns. */
static bool full_column_rank(const store_matrix *m) {
  double a[VTC_TE_MAX_RANK][MAX_COLS];
  unsigned cols[MAX_COLS], n = 0;
  for (unsigned c = 0; c < m->cols; c++)
    if (m->active[c] && !m->determined[c]) cols[n++] = c;
  if (n > m->rows) return false;
  for (unsigned r = 0; r < m->rows; r++)
    for (unsigned j = 0; j < n; j++) a[r][j] = (double)m->coef[r][cols[j]];
  unsigned pivot_row = 0;
  for (unsigned j = 0; j < n; j++) {
    unsigned best = pivot_row;
    for (unsigned r = pivot_row; r < m->rows; r++)
      if (fabs(a[r][j]) > fabs(a[best][j])) best = r;
    if (best >= m->rows || fabs(a[best][j]) < 1e-9) return false;
    for (unsigned k = 0; k < n; k++) {
      double t = a[best][k];
      a[best][k] = a[pivot_row][k];
      a[pivot_row][k] = t;
    }
    for (unsigned r = pivot_row + 1; r < m->rows; r++) {
      double f = a[r][j] / a[pivot_row][j];
      for (unsigned k = j; k < n; k++) a[r][k] -= f * a[pivot_row][k];
    }
    pivot_row++;
  }
  return true;
}

/* NULL when store map `sm` is one-to-one on `box`, else why not. */
static const char *store_map_injective(const vtc_affine_map *sm, const vtc_affine_map *box, unsigned rank,
                                       unsigned num_extra, bool extras_fixed) {
  store_matrix m = {.rows = sm->num_results, .cols = rank + num_extra, .rank = rank};
  if (m.rows > VTC_TE_MAX_RANK || m.cols > MAX_COLS) return "it is too large to analyse";
  for (unsigned r = 0; r < m.rows; r++)
    if (!linear_coefs(sm->results[r], 1, m.cols, m.coef[r]))
      return "a result is not linear in the indices (floordiv, mod, ceildiv or a product of indices)";
  for (unsigned c = 0; c < m.cols; c++) {
    int64_t lo, hi;
    m.extent[c] = c < rank && const_extent(box, c, &lo, &hi) ? hi - lo : -1;
    m.active[c] = m.extent[c] != 1;
    bool used = false;
    for (unsigned r = 0; r < m.rows; r++) used |= m.coef[r][c] != 0;
    if (!used && c < rank && m.active[c] && (num_extra == 0 || extras_fixed))
      return "it ignores an index that varies over the box";
    if (!used || (c >= rank && extras_fixed)) m.active[c] = false;
  }
  while (determine_step(&m)) {
  }
  if (!full_column_rank(&m)) return "its linear part does not have full column rank on the box, and its strides alias";
  return NULL;
}

/* ---- static bounds of affine stores ----------------------------------------------- */

/* Each result of a store map without extra indices or symbols, over a box
 * of constant bounds, must stay inside the destination's static dims (the
 * interpreters check the rest at run time). */
static bool check_store_bounds(vtc_op *op, unsigned k, const vtc_affine_map *sm, const vtc_affine_map *box,
                               unsigned rank, const vtc_type *dt) {
  if (sm->num_symbols) return true;
  int64_t lo[VTC_TE_MAX_RANK], hi[VTC_TE_MAX_RANK];
  for (unsigned d = 0; d < rank; d++)
    if (!const_extent(box, d, &lo[d], &hi[d]) || hi[d] <= lo[d]) return true;
  for (unsigned r = 0; r < sm->num_results; r++) {
    int64_t coef[MAX_COLS] = {0}, pmin[VTC_TE_MAX_RANK], pmax[VTC_TE_MAX_RANK], vmin, vmax;
    int64_t size = vtc_tensor_dim(dt, r);
    if (size == VTC_DYNAMIC || !linear_coefs(sm->results[r], 1, rank, coef)) continue;
    for (unsigned d = 0; d < rank; d++) {
      pmin[d] = coef[d] >= 0 ? lo[d] : hi[d] - 1;
      pmax[d] = coef[d] >= 0 ? hi[d] - 1 : lo[d];
    }
    if (!vtc_affine_expr_eval(sm->results[r], pmin, NULL, &vmin) ||
        !vtc_affine_expr_eval(sm->results[r], pmax, NULL, &vmax))
      continue;
    if (vmin < 0 || vmax >= size)
      return vtc_op_error(op, "store map of destination #%u: result %u ranges over [%lld, %lld] on the box, outside "
                              "the destination's dimension of size %lld",
                          k, r, (long long)vmin, (long long)vmax, (long long)size);
  }
  return true;
}

/* ---- the rules ------------------------------------------------------------------------ */

static const vtc_attr *array_attr(vtc_op *op, const char *name, unsigned n) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a || a->kind != VTC_ATTR_ARRAY || a->count != n) return NULL;
  for (unsigned i = 0; i < n; i++)
    if (!a->elems[i].value || a->elems[i].value->kind != VTC_ATTR_AFFINE_MAP) return NULL;
  return a;
}

/* Whether v is computed from a reduction index of the compute's body (its
 * block arguments after the output indices). Bodies are small and acyclic;
 * the depth bound only guards against pathological chains. */
static bool depends_on_reduction(vtc_op *op, vtc_value *v, unsigned depth) {
  vtc_block *body = vtc_te_compute_body(op);
  unsigned rank = vtc_te_compute_rank(op);
  for (unsigned i = rank; i < body->num_args; i++)
    if (body->args[i] == v) return true;
  if (!v->def_op || vtc_op_parent_op(v->def_op) != op) return false;
  if (depth > 256) return true;
  for (unsigned i = 0; i < v->def_op->num_operands; i++)
    if (depends_on_reduction(op, vtc_op_operand(v->def_op, i), depth + 1)) return true;
  return false;
}

static bool type_error(vtc_op *op, const char *fmt, unsigned k, const vtc_type *a, const vtc_type *b) {
  char *x = vtc_type_to_string(a), *y = vtc_type_to_string(b);
  vtc_op_error(op, fmt, k, x, y);
  free(x);
  free(y);
  return false;
}

static bool check_dest(vtc_op *op, unsigned k, unsigned rank, unsigned ns, unsigned nx, const vtc_type *elem) {
  vtc_value *dest = vtc_te_compute_dest(op, k);
  const vtc_type *dt = dest->type, *rt = vtc_op_result(op, k)->type;
  if (!vtc_type_is_tensor(dt)) return vtc_op_error(op, "destination #%u must be a tensor", k);
  if (rt != dt) return type_error(op, "result #%u has type %s, but its destination has type %s", k, rt, dt);
  if (dt->element != elem)
    return type_error(op, "destination #%u has element type %s, but the body yields %s", k, dt->element, elem);
  if (dt->rank > VTC_TE_MAX_RANK)
    return vtc_op_error(op, "destination #%u has rank %u, more than %d", k, dt->rank, VTC_TE_MAX_RANK);
  for (unsigned j = 0; j < k; j++)
    if (vtc_te_compute_dest(op, j) == dest)
      return vtc_op_error(op, "destinations #%u and #%u are the same value (one compute stores into a value once)",
                          j, k);
  const vtc_affine_map *sm = vtc_te_compute_store_map(op, k), *box = vtc_te_compute_box(op, k);
  if (sm->num_dims != rank + nx || sm->num_symbols != ns)
    return vtc_op_error(op,
                        "store map of destination #%u has %u dimensions and %u symbols, but expects %u (%u output "
                        "indices, %u yielded store indices) and %u",
                        k, sm->num_dims, sm->num_symbols, rank + nx, rank, nx, ns);
  if (sm->num_results != dt->rank)
    return vtc_op_error(op, "store map of destination #%u has %u results, but the destination has rank %u", k,
                        sm->num_results, dt->rank);
  if (box->num_dims != 0 || box->num_symbols != ns || box->num_results != 2 * rank)
    return vtc_op_error(op, "box of destination #%u must be a 'lo:hi' range of each of the %u output indices", k,
                        rank);
  if (box_empty(vtc_op_context(op), box, rank)) return true;
  const char *why = store_map_injective(sm, box, rank, nx, false);
  if (why) return vtc_op_error(op, "store map of destination #%u is not provably one-to-one on its box: %s", k, why);
  return check_store_bounds(op, k, sm, box, rank, dt);
}

/* Two boxes are disjoint when one is empty or they are apart in some dim. */
static bool boxes_disjoint(vtc_context *ctx, const vtc_affine_map *a, const vtc_affine_map *b, unsigned rank) {
  if (box_empty(ctx, a, rank) || box_empty(ctx, b, rank)) return true;
  for (unsigned d = 0; d < rank; d++)
    if (provably_le(ctx, a->results[2 * d + 1], b->results[2 * d]) ||
        provably_le(ctx, b->results[2 * d + 1], a->results[2 * d]))
      return true;
  return false;
}

bool te_verify_dests(vtc_op *op, vtc_op *yield) {
  vtc_context *ctx = vtc_op_context(op);
  unsigned nd = vtc_te_compute_num_dests(op), rank = vtc_te_compute_rank(op), ns = vtc_te_compute_num_symbols(op);
  unsigned nx = yield->num_operands - 1;
  if (op->num_results != nd)
    return vtc_op_error(op, "has %u results, but %u destinations (one updated value each)", op->num_results, nd);
  if (!array_attr(op, VTC_TE_ATTR_STORE_MAPS, nd) || !array_attr(op, VTC_TE_ATTR_BOXES, nd))
    return vtc_op_error(op, "requires 'store_maps' and 'boxes', arrays of %u affine maps (one per destination)", nd);
  for (unsigned i = 1; i <= nx; i++)
    if (vtc_op_operand(yield, i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(yield, "store index #%u must be of type index", i - 1);
  for (unsigned i = 1; i <= nx; i++)
    if (depends_on_reduction(op, vtc_op_operand(yield, i), 0))
      return vtc_op_error(yield, "store index #%u depends on a reduction index (a store position is one per output "
                                 "element)",
                          i - 1);
  if (nx > 8) return vtc_op_error(yield, "yields %u store indices; at most 8 are supported", nx);
  const vtc_type *elem = vtc_op_operand(yield, 0)->type;
  for (unsigned k = 0; k < nd; k++)
    if (!check_dest(op, k, rank, ns, nx, elem)) return false;
  for (unsigned a = 0; a < nd; a++)
    for (unsigned b = a + 1; b < nd; b++)
      if (!boxes_disjoint(ctx, vtc_te_compute_box(op, a), vtc_te_compute_box(op, b), rank))
        return vtc_op_error(op, "boxes of destinations #%u and #%u overlap (or are not provably disjoint): a point "
                                "would be stored twice",
                            a, b);
  return true;
}

bool vtc_te_compute_stores_may_meet(const vtc_op *compute) {
  unsigned nd = vtc_te_compute_num_dests(compute), rank = vtc_te_compute_rank(compute);
  unsigned nx = vtc_te_compute_num_store_indices(compute);
  for (unsigned k = 0; k < nd; k++) {
    const vtc_affine_map *sm = vtc_te_compute_store_map(compute, k), *box = vtc_te_compute_box(compute, k);
    if (nx && store_map_injective(sm, box, rank, nx, true)) return true;
  }
  return false;
}

bool vtc_te_compute_stores_agree(const vtc_op *compute) {
  return vtc_op_get_attr(compute, VTC_TE_ATTR_STORES_AGREE) != NULL;
}
