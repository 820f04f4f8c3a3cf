/* Output groups that share a load (te.h): which consecutive outputs of a
 * te.compute read one element of a load inside its reduction, so that a
 * kernel computing them together reads it once. Structural: the maps alone
 * decide, for aligned groups of `size` along one output dim. */
#include "dialects/te/te.h"
#include "ir/affine.h"
#include "ir/types.h"

static const vtc_affine_expr *const_side(const vtc_affine_expr *mul, const vtc_affine_expr **other) {
  if (mul->rhs->kind == VTC_AFFINE_CONST) return *other = mul->lhs, mul->rhs;
  if (mul->lhs->kind == VTC_AFFINE_CONST) return *other = mul->rhs, mul->lhs;
  return NULL;
}

/* e is a multiple of c for every value of its dims and symbols. */
static bool multiple_of(const vtc_affine_expr *e, int64_t c) {
  if (c == 1) return true;
  const vtc_affine_expr *x;
  const vtc_affine_expr *k;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_CONST: return e->value % c == 0;
  case VTC_AFFINE_ADD: return multiple_of(e->lhs, c) && multiple_of(e->rhs, c);
  case VTC_AFFINE_MUL: return (k = const_side(e, &x)) && (k->value % c == 0 || multiple_of(x, c));
  default: return false;
  }
}

/* e = a * d + rest with a constant a > 0 taken from terms `d` and `d * k`,
 * rest (the other terms) a multiple of c: *a gets a. */
static bool d_term_plus_multiple(const vtc_affine_expr *e, unsigned d, int64_t c, int64_t *a) {
  if (!vtc_affine_expr_uses_dim(e, d)) return multiple_of(e, c);
  if (e->kind == VTC_AFFINE_DIM) return *a += 1, true;
  const vtc_affine_expr *x, *k;
  if (e->kind == VTC_AFFINE_MUL && (k = const_side(e, &x)) && x->kind == VTC_AFFINE_DIM && k->value > 0)
    return *a += k->value, true;
  if (e->kind == VTC_AFFINE_ADD) return d_term_plus_multiple(e->lhs, d, c, a) && d_term_plus_multiple(e->rhs, d, c, a);
  return false;
}

/* e takes one value over each aligned group of `size` values of d:
 * floordiv(a * d + rest, c) does when a * size divides c and rest is a
 * multiple of c (then it is rest / c + floordiv(d, c / a)). */
static bool grouped(const vtc_affine_expr *e, unsigned d, int64_t size) {
  if (!vtc_affine_expr_uses_dim(e, d)) return true;
  const vtc_affine_expr *x, *k;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_ADD: return grouped(e->lhs, d, size) && grouped(e->rhs, d, size);
  case VTC_AFFINE_MUL: return (k = const_side(e, &x)) && grouped(x, d, size);
  case VTC_AFFINE_FLOORDIV: {
    if (e->rhs->kind != VTC_AFFINE_CONST || e->rhs->value <= 0) return false;
    if (grouped(e->lhs, d, size)) return true;
    int64_t a = 0, c = e->rhs->value;
    return d_term_plus_multiple(e->lhs, d, c, &a) && a > 0 && c % (a * size) == 0;
  }
  default: return false;
  }
}

bool vtc_te_map_grouped(const vtc_affine_map *map, unsigned d, int64_t size) {
  for (unsigned k = 0; k < map->num_results; k++)
    if (!grouped(map->results[k], d, size)) return false;
  return true;
}

static bool map_uses_dim(const vtc_affine_map *m, unsigned d) {
  for (unsigned k = 0; k < m->num_results; k++)
    if (vtc_affine_expr_uses_dim(m->results[k], d)) return true;
  return false;
}

static int64_t input_bytes(const vtc_value *input) {
  const vtc_type *t = input->type;
  int64_t bytes = (vtc_type_bit_width(t->element) + 7) / 8;
  const int64_t cap = (int64_t)1 << 50; /* dynamic dims count 2^20: saturate, never overflow */
  for (unsigned i = 0; i < t->rank; i++) {
    int64_t n = vtc_tensor_dim(t, i);
    if (__builtin_mul_overflow(bytes, n == VTC_DYNAMIC ? (int64_t)1 << 20 : n, &bytes) || bytes > cap) return cap;
  }
  return bytes;
}

/* The largest size in [2, max_size] dividing `extent` over which `load`'s
 * map is grouped along d (at most 4 where the map ignores d); 0 if none. */
static int64_t group_size(const vtc_op *load, unsigned d, int64_t extent, int64_t max_size) {
  const vtc_affine_map *m = vtc_te_load_map(load);
  if (!map_uses_dim(m, d) && max_size > 4) max_size = 4;
  for (int64_t s = max_size; s >= 2; s--)
    if (extent % s == 0 && vtc_te_map_grouped(m, d, s)) return s;
  return 0;
}

/* Some load reads d per output at this group size (else the outputs of a
 * group are equal, and grouping them saves nothing). */
static bool some_load_per_output(vtc_block *body, unsigned d, int64_t size) {
  for (vtc_op *op = body->first; op; op = op->next)
    if (vtc_te_is_load(op) && (vtc_te_load_num_extra(op) || !vtc_te_map_grouped(vtc_te_load_map(op), d, size)))
      return true;
  return false;
}

bool vtc_te_find_load_group(const vtc_op *compute, uint32_t excluded_dims, int64_t max_size, vtc_te_load_group *out) {
  unsigned rank = vtc_te_compute_rank(compute), nred = vtc_te_compute_num_reduce(compute);
  vtc_block *body = vtc_te_compute_body(compute);
  if (!nred || !body || vtc_te_compute_num_dests(compute) || rank > 32) return false;
  const vtc_affine_map *shape = vtc_te_compute_shape(compute);
  int64_t best_bytes = 0;
  bool found = false;
  for (unsigned d = 0; d < rank; d++) {
    const vtc_affine_expr *ext = shape->results[d];
    if ((excluded_dims >> d & 1) || ext->kind != VTC_AFFINE_CONST || ext->value < 2) continue;
    for (vtc_op *op = body->first; op; op = op->next) {
      if (!vtc_te_is_load(op) || vtc_te_load_num_extra(op)) continue;
      bool in_reduction = false;
      for (unsigned r = 0; r < nred; r++) in_reduction |= map_uses_dim(vtc_te_load_map(op), rank + r);
      int64_t size = in_reduction ? group_size(op, d, ext->value, max_size) : 0;
      int64_t bytes = input_bytes(vtc_te_load_input(op));
      if (!size || bytes < best_bytes || (found && bytes == best_bytes && size <= out->size)) continue;
      if (!some_load_per_output(body, d, size)) continue;
      *out = (vtc_te_load_group){.dim = d, .size = size, .load = op};
      best_bytes = bytes;
      found = true;
    }
  }
  return found;
}
