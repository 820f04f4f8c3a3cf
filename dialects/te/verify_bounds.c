/* The static in-bounds proof of te.load accesses, run by te.compute's
 * verifier: each map result of a load without `padding` is evaluated over
 * the iteration domain by interval arithmetic (exact for affine maps in
 * which each index appears once) or, when the interval may be loose
 * (quasi-affine maps, an index used twice), by enumerating the indices it
 * uses when there are at most 2^20 combinations. A result that may leave
 * its static input dimension is a located error on the load. Results that
 * depend on symbols, dynamic extents or extra (data-dependent) operands are
 * left to the interpreters' run-time checks. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/te/te_impl.h"
#include "ir/asm.h"

/* Interval bounds beyond this are treated as unknown (no overflow). */
#define BOUND_LIMIT ((int64_t)1 << 40)
#define ENUM_LIMIT ((int64_t)1 << 20)

typedef struct interval {
  bool known;
  int64_t lo, hi;
} interval;

static interval unknown(void) { return (interval){false, 0, 0}; }

static interval make(int64_t lo, int64_t hi) {
  if (lo < -BOUND_LIMIT || hi > BOUND_LIMIT) return unknown();
  return (interval){true, lo, hi};
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t ceildiv(int64_t a, int64_t b) { return -floordiv(-a, b); }

static int64_t min4(int64_t a, int64_t b, int64_t c, int64_t d) {
  int64_t m = a < b ? a : b;
  m = m < c ? m : c;
  return m < d ? m : d;
}
static int64_t max4(int64_t a, int64_t b, int64_t c, int64_t d) {
  int64_t m = a > b ? a : b;
  m = m > c ? m : c;
  return m > d ? m : d;
}

/* dims[i] is the range of dimension i (unknown for extra operands). */
static interval eval(const vtc_affine_expr *e, const interval *dims, unsigned num_dims) {
  switch (e->kind) {
  case VTC_AFFINE_CONST: return make(e->value, e->value);
  case VTC_AFFINE_DIM: return e->value < (int64_t)num_dims ? dims[e->value] : unknown();
  case VTC_AFFINE_SYMBOL: return unknown();
  default: break;
  }
  interval a = eval(e->lhs, dims, num_dims), b = eval(e->rhs, dims, num_dims);
  if (!a.known || !b.known) return unknown();
  switch (e->kind) {
  case VTC_AFFINE_ADD: return make(a.lo + b.lo, a.hi + b.hi);
  case VTC_AFFINE_MUL: {
    /* Bounds up to 2^40 each: a product may overflow (unknown then). */
    int64_t p[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
      return unknown();
    return make(min4(p[0], p[1], p[2], p[3]), max4(p[0], p[1], p[2], p[3]));
  }
  case VTC_AFFINE_FLOORDIV:
  case VTC_AFFINE_CEILDIV: {
    if (b.lo != b.hi || b.lo == 0) return unknown();
    int64_t c = b.lo;
    int64_t (*div)(int64_t, int64_t) = e->kind == VTC_AFFINE_FLOORDIV ? floordiv : ceildiv;
    int64_t x = div(a.lo, c), y = div(a.hi, c);
    return make(x < y ? x : y, x < y ? y : x);
  }
  case VTC_AFFINE_MOD: {
    if (b.lo != b.hi || b.lo <= 0) return unknown();
    int64_t c = b.lo;
    if (floordiv(a.lo, c) == floordiv(a.hi, c)) return make(a.lo - floordiv(a.lo, c) * c, a.hi - floordiv(a.hi, c) * c);
    return make(0, c - 1);
  }
  default: return unknown();
  }
}

/* Counts the occurrences of each dim in e (counts has num_dims entries). */
static void count_dims(const vtc_affine_expr *e, unsigned *counts, unsigned num_dims) {
  if (e->kind == VTC_AFFINE_DIM) {
    if (e->value < (int64_t)num_dims) counts[e->value]++;
    return;
  }
  if (e->lhs) count_dims(e->lhs, counts, num_dims);
  if (e->rhs) count_dims(e->rhs, counts, num_dims);
}

static bool uses_symbols(const vtc_affine_expr *e) {
  if (e->kind == VTC_AFFINE_SYMBOL) return true;
  return (e->lhs && uses_symbols(e->lhs)) || (e->rhs && uses_symbols(e->rhs));
}

/* The exact range of e over the dims it uses, by enumeration; false when
 * there are too many points or a dim's range is unknown. */
static bool enumerate(const vtc_affine_expr *e, const interval *dims, unsigned num_dims, const unsigned *counts,
                      interval *out) {
  int64_t total = 1;
  for (unsigned i = 0; i < num_dims; i++) {
    if (!counts[i]) continue;
    if (!dims[i].known) return false;
    total *= dims[i].hi - dims[i].lo + 1;
    if (total > ENUM_LIMIT) return false;
  }
  int64_t *point = vtc_xcalloc(num_dims + 1, sizeof *point);
  for (unsigned i = 0; i < num_dims; i++) point[i] = counts[i] ? dims[i].lo : 0;
  bool ok = true, first = true;
  for (int64_t p = 0; p < total; p++) {
    int64_t rem = p;
    for (unsigned i = num_dims; i-- > 0;) {
      if (!counts[i]) continue;
      int64_t n = dims[i].hi - dims[i].lo + 1;
      point[i] = dims[i].lo + rem % n;
      rem /= n;
    }
    int64_t v;
    if (!vtc_affine_expr_eval(e, point, NULL, &v)) {
      ok = false;
      break;
    }
    if (first || v < out->lo) out->lo = v;
    if (first || v > out->hi) out->hi = v;
    first = false;
  }
  free(point);
  out->known = ok && !first;
  return out->known;
}

static bool check_load(vtc_op *load, const interval *iter, unsigned num_iter) {
  const vtc_affine_map *m = vtc_te_load_map(load);
  const vtc_type *t = vtc_te_load_input(load)->type;
  if (!m || m->num_results != t->rank || m->num_dims < num_iter) return true; /* the load's verifier reports it */
  unsigned nd = m->num_dims;
  interval *dims = vtc_xcalloc(nd + 1, sizeof *dims);
  unsigned *counts = vtc_xcalloc(nd + 1, sizeof *counts);
  for (unsigned i = 0; i < num_iter; i++) dims[i] = iter[i];
  bool ok = true;
  for (unsigned r = 0; ok && r < m->num_results; r++) {
    int64_t size = vtc_tensor_dim(t, r);
    const vtc_affine_expr *e = m->results[r];
    if (size == VTC_DYNAMIC || uses_symbols(e)) continue;
    memset(counts, 0, (nd + 1) * sizeof *counts);
    count_dims(e, counts, nd);
    interval range = eval(e, dims, nd);
    if (!range.known) continue;
    if (range.lo >= 0 && range.hi < size) continue;
    /* Possibly out of bounds: make sure, unless the interval is exact. */
    bool exact = vtc_affine_expr_is_pure(e);
    for (unsigned i = 0; i < nd; i++) exact &= counts[i] <= 1;
    interval precise;
    if (enumerate(e, dims, nd, counts, &precise)) range = precise;
    else if (!exact) continue;
    if (range.lo >= 0 && range.hi < size) continue;
    vtc_strbuf s = {0};
    vtc_affine_expr_print(e, &s);
    char *ts = vtc_type_to_string(t);
    vtc_op_error(load,
                 "reads out of bounds: map result %u (%s) ranges over [%" PRId64 ", %" PRId64
                 "], but dimension %u of %s has size %" PRId64 " (add `padding` to read a value there)",
                 r, s.data, range.lo, range.hi, r, ts, size);
    free(ts);
    vtc_strbuf_free(&s);
    ok = false;
  }
  free(dims);
  free(counts);
  return ok;
}

/* ---- int64 overflow ----------------------------------------------------------
 * Every map's value must fit in int64 wherever it is evaluated: a constant
 * part that overflows (`4611686018427387904 * 4`) or a term that leaves
 * int64 somewhere on a static iteration domain has no value, and the
 * lowerings' index arithmetic would wrap it silently. Exact int64 interval
 * arithmetic with overflow detection, over the static dims only (symbols,
 * dynamic extents and extra operands are unknown: left to the run-time
 * checks of the te interpreter). */

typedef struct range64 {
  bool known, overflow;
  int64_t lo, hi;
} range64;

static range64 r_unknown(bool overflow) { return (range64){false, overflow, 0, 0}; }
static range64 r_make(int64_t lo, int64_t hi) { return (range64){true, false, lo < hi ? lo : hi, lo < hi ? hi : lo}; }

static range64 eval64(const vtc_affine_expr *e, const range64 *dims, unsigned num_dims) {
  switch (e->kind) {
  case VTC_AFFINE_CONST: return r_make(e->value, e->value);
  case VTC_AFFINE_DIM: return e->value < (int64_t)num_dims ? dims[e->value] : r_unknown(false);
  case VTC_AFFINE_SYMBOL: return r_unknown(false);
  default: break;
  }
  range64 a = eval64(e->lhs, dims, num_dims), b = eval64(e->rhs, dims, num_dims);
  if (a.overflow || b.overflow) return r_unknown(true);
  if (!a.known || !b.known) return r_unknown(false);
  int64_t p[4];
  switch (e->kind) {
  case VTC_AFFINE_ADD:
    if (__builtin_add_overflow(a.lo, b.lo, &p[0]) || __builtin_add_overflow(a.hi, b.hi, &p[1])) return r_unknown(true);
    return r_make(p[0], p[1]);
  case VTC_AFFINE_MUL:
    if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
      return r_unknown(true);
    return r_make(min4(p[0], p[1], p[2], p[3]), max4(p[0], p[1], p[2], p[3]));
  case VTC_AFFINE_FLOORDIV:
  case VTC_AFFINE_CEILDIV: {
    if (b.lo != b.hi || b.lo == 0) return r_unknown(false); /* a zero divisor is refused apart */
    if (b.lo == -1 && a.lo == INT64_MIN) return r_unknown(true);
    int64_t (*div)(int64_t, int64_t) = e->kind == VTC_AFFINE_FLOORDIV ? floordiv : ceildiv;
    return r_make(div(a.lo, b.lo), div(a.hi, b.lo));
  }
  case VTC_AFFINE_MOD:
    if (b.lo != b.hi || b.lo == 0 || b.lo == INT64_MIN) return r_unknown(false);
    return b.lo > 0 ? r_make(0, b.lo - 1) : r_make(b.lo + 1, 0);
  default: return r_unknown(false);
  }
}

/* `what` names the map in the message ("'shape' map", "map"). */
static bool check_overflow(vtc_op *op, const char *what, const vtc_affine_map *m, const range64 *dims,
                           unsigned num_dims) {
  for (unsigned r = 0; r < m->num_results; r++) {
    if (!eval64(m->results[r], dims, num_dims).overflow) continue;
    vtc_strbuf s = {0};
    vtc_affine_expr_print(m->results[r], &s);
    vtc_op_error(op, "%s result %u (%s) overflows int64%s", what, r, s.data,
                 num_dims ? " on the iteration domain" : "");
    vtc_strbuf_free(&s);
    return false;
  }
  return true;
}

static bool check_maps_overflow(vtc_op *compute, const vtc_affine_map *shape, const vtc_affine_map *reduce,
                                vtc_block *body, unsigned n) {
  if (!check_overflow(compute, "'shape' map", shape, NULL, 0)) return false;
  if (reduce && !check_overflow(compute, "'reduce' map", reduce, NULL, 0)) return false;
  range64 *iter = vtc_xcalloc(n + 1, sizeof *iter);
  bool empty = false, ok = true;
  for (unsigned i = 0; i < n; i++) {
    const vtc_affine_expr *e = i < shape->num_results ? shape->results[i] : reduce->results[i - shape->num_results];
    iter[i] = e->kind == VTC_AFFINE_CONST ? r_make(0, e->value - 1) : r_unknown(false);
    empty |= e->kind == VTC_AFFINE_CONST && e->value <= 0;
  }
  for (vtc_op *o = body->first; ok && !empty && o; o = o->next) {
    const vtc_affine_map *m = vtc_te_is_load(o) ? vtc_te_load_map(o) : NULL;
    if (m && m->num_dims >= n) {
      range64 *dims = vtc_xcalloc(m->num_dims + 1, sizeof *dims);
      memcpy(dims, iter, n * sizeof *dims);
      for (unsigned i = n; i < m->num_dims; i++) dims[i] = r_unknown(false);
      ok = check_overflow(o, "map", m, dims, m->num_dims);
      free(dims);
    }
  }
  free(iter);
  return ok;
}

bool te_verify_bounds(vtc_op *compute) {
  const vtc_affine_map *shape = vtc_te_compute_shape(compute), *reduce = vtc_te_compute_reduce(compute);
  vtc_block *body = vtc_te_compute_body(compute);
  if (!shape || !body) return true;
  unsigned rank = shape->num_results, nred = reduce ? reduce->num_results : 0, n = rank + nred;
  if (body->num_args != n) return true;
  if (!check_maps_overflow(compute, shape, reduce, body, n)) return false;
  interval *iter = vtc_xcalloc(n + 1, sizeof *iter);
  bool empty = false;
  for (unsigned i = 0; i < n; i++) {
    const vtc_affine_expr *e = i < rank ? shape->results[i] : reduce->results[i - rank];
    if (e->kind != VTC_AFFINE_CONST) {
      iter[i] = unknown();
      continue;
    }
    if (e->value <= 0) empty = true;
    iter[i] = make(0, e->value - 1);
  }
  bool ok = true;
  for (vtc_op *o = body->first; ok && !empty && o; o = o->next)
    if (vtc_te_is_load(o) && !vtc_te_load_padding(o)) ok = check_load(o, iter, n);
  free(iter);
  return ok;
}
