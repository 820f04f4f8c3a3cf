/* lower-graph-to-te for a reshape or flatten with dynamic dims (the mapping
 * interface, graph_map_reshape, needs static shapes): one TE whose load map
 * is the row-major linearise/delinearise of VTC Definition 2 over the
 * symbolic shapes, split into the finest groups of dims whose products
 * provably agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

/* A product of dim sizes as coef * f[0] * ... * f[n-1]: the non-constant
 * factors are uniqued expressions sorted by address, so products of the same
 * symbols compare equal in any order. A product whose coefficient overflows,
 * or with more factors than fit, is not `valid` and equals nothing. */
#define GTE_MAX_FACTORS (4 * VTC_MAX_RANK)

typedef struct gte_product {
  bool valid, overflow;
  int64_t coef;
  unsigned n;
  gte_expr f[GTE_MAX_FACTORS];
} gte_product;

static gte_product product_one(void) { return (gte_product){.valid = true, .coef = 1}; }

static void product_mul(gte_product *p, gte_expr e) {
  if (!p->valid) return;
  if (e->kind == VTC_AFFINE_CONST) {
    if (__builtin_mul_overflow(p->coef, e->value, &p->coef)) p->valid = false, p->overflow = true;
    return;
  }
  if (e->kind == VTC_AFFINE_MUL) {
    product_mul(p, e->lhs);
    product_mul(p, e->rhs);
    return;
  }
  if (p->n == GTE_MAX_FACTORS) {
    p->valid = false;
    return;
  }
  unsigned k = p->n++;
  while (k > 0 && (uintptr_t)p->f[k - 1] > (uintptr_t)e) {
    p->f[k] = p->f[k - 1];
    k--;
  }
  p->f[k] = e;
}

static bool product_equal(const gte_product *a, const gte_product *b) {
  if (!a->valid || !b->valid || a->coef != b->coef) return false;
  if (a->coef == 0) return true; /* zero whatever the factors */
  return a->n == b->n && memcmp(a->f, b->f, a->n * sizeof a->f[0]) == 0;
}

static gte_expr product_expr(gte_lowering *L, const gte_product *p) {
  gte_expr e = gte_c(L, p->coef);
  for (unsigned k = 0; k < p->n; k++) e = vtc_affine_mul(L->ctx, p->f[k], e);
  return vtc_affine_expr_simplify(L->ctx, e);
}

/* The product of dims [from, to) of s. */
static gte_product span_product(const gte_shape *s, unsigned from, unsigned to) {
  gte_product p = product_one();
  for (unsigned k = from; k < to; k++) product_mul(&p, s->dims[k]);
  return p;
}

/* The same product as an expression (NULL if its constant part overflows);
 * divided by den > 0, floored where den may not divide it. */
static gte_expr span_expr(gte_lowering *L, const gte_shape *s, unsigned from, unsigned to, const bool *skip,
                          int64_t den) {
  gte_product p = product_one();
  gte_expr e = gte_c(L, 1);
  for (unsigned k = from; k < to; k++) {
    if (skip && skip[k]) continue;
    product_mul(&p, s->dims[k]);
    e = vtc_affine_mul(L->ctx, e, s->dims[k]);
  }
  if (p.overflow) return NULL;
  if (p.valid && p.coef % den == 0) {
    p.coef /= den;
    return product_expr(L, &p);
  }
  return vtc_affine_expr_simplify(L->ctx, den == 1 ? e : vtc_affine_floordiv(L->ctx, e, gte_c(L, den)));
}

static bool is_const(gte_expr e, int64_t v) {
  int64_t c;
  return gte_is_const(e, &c) && c == v;
}

/* The result's symbolic shape from the op's attributes, as the reference
 * kernels compute it (vtc_shape_reshape, vtc_shape_flatten): a reshape's
 * `shape` entry 0 copies the input dim (unless allowzero), -1 is the
 * input's element count over the other entries (the copied dims cancel, so
 * only constants divide). Where the result type is static it wins; where it
 * fixes a dynamic input dim that a 0 entry copies, `in` gets that constant
 * (so the dim groups with its static neighbours). A `?` that nothing
 * derives (an overflowing count) is an error. */
static bool result_shape(gte_lowering *L, vtc_op *op, gte_shape *in, gte_shape *out) {
  gte_expr derived[VTC_MAX_RANK] = {NULL};
  if (strcmp(op->name->name, "graph.flatten") == 0) {
    int64_t axis, rank = in->rank;
    if (out->rank != 2 || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 1, &axis) || axis < -rank || axis > rank)
      return gte_fail(L, "bad axis");
    unsigned ax = (unsigned)(axis < 0 ? axis + rank : axis);
    derived[0] = span_expr(L, in, 0, ax, NULL, 1);
    derived[1] = span_expr(L, in, ax, in->rank, NULL, 1);
  } else {
    int64_t shape[GRAPH_MAX_ARRAY];
    int n = 0;
    bool allowzero = false;
    if (!graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL) ||
        !graph_attr_bool(op, VTC_GRAPH_ATTR_ALLOWZERO, false, &allowzero) || n != (int)out->rank)
      return gte_fail(L, "bad shape attribute");
    bool copied[VTC_MAX_RANK] = {false}; /* by position, on both sides */
    int infer = -1;
    for (unsigned k = 0; k < out->rank; k++) {
      copied[k] = shape[k] == 0 && !allowzero && k < in->rank;
      if (copied[k] && out->dims[k] && !gte_is_const(in->dims[k], NULL)) { /* the type fixes it: checked */
        char msg[256];
        snprintf(msg, sizeof msg, "'%s' op dimension %u of the result is {0} at run time, but its type says {1}",
                 op->name->name, k);
        gte_expr args[2] = {in->dims[k], out->dims[k]};
        gte_assert(L, VTC_CHECK_EQ, in->dims[k], out->dims[k], msg, 2, args);
        in->dims[k] = out->dims[k];
      }
      if (copied[k]) derived[k] = in->dims[k];
      else if (shape[k] >= 0) derived[k] = gte_c(L, shape[k]);
      else infer = (int)k;
    }
    if (infer >= 0) { /* the count must be a multiple of den at run time */
      int64_t den = 1;
      for (unsigned k = 0; k < out->rank; k++)
        if (!copied[k] && (int)k != infer && __builtin_mul_overflow(den, shape[k], &den)) den = 0;
      if (den > 0) derived[infer] = span_expr(L, in, 0, in->rank, copied, den);
    }
  }
  for (unsigned k = 0; k < out->rank; k++) {
    if (!out->dims[k]) out->dims[k] = derived[k];
    if (!out->dims[k]) /* only an overflowing element count derives nothing */
      return gte_fail(L, "result dimension %u is dynamic and its size cannot be derived (it overflows int64)", k);
  }
  /* A static result fixes the one dynamic input dim, or shows that no size
   * of the dynamic dims gives its element count. */
  unsigned ndyn = 0, dyn = 0;
  gte_product pconst = product_one(), pall = span_product(in, 0, in->rank), pout = span_product(out, 0, out->rank);
  for (unsigned k = 0; k < in->rank; k++) {
    if (gte_is_const(in->dims[k], NULL)) product_mul(&pconst, in->dims[k]);
    else ndyn++, dyn = k;
  }
  bool static_out = pout.valid && pout.n == 0;
  if (static_out && ndyn && pout.coef && pall.valid && pall.coef && pout.coef % pall.coef)
    return gte_fail(L, "no size of the operand's dynamic dims gives the result's %lld elements", (long long)pout.coef);
  if (static_out && ndyn == 1 && pconst.valid && pconst.coef > 0 && pout.coef % pconst.coef == 0)
    in->dims[dyn] = gte_c(L, pout.coef / pconst.coef);
  return true;
}

/* The input indices [j0, j1) of one group whose products agree, from the
 * output indices [i0, i1): the row-major linear index within the group
 * (strides are products of the later output dims, symbols allowed), then
 * floordiv by the later input dims' product and mod by the input dim. Unit
 * dims read 0; the outermost non-unit input dim needs no mod. */
static void delinearise(gte_lowering *L, const gte_shape *out, unsigned i0, unsigned i1, const gte_shape *in,
                        unsigned j0, unsigned j1, gte_expr *idx) {
  vtc_context *ctx = L->ctx;
  gte_expr flat = gte_c(L, 0), stride = gte_c(L, 1);
  for (unsigned k = i1; k-- > i0;) {
    if (is_const(out->dims[k], 1)) continue;
    flat = vtc_affine_add(ctx, flat, vtc_affine_mul(ctx, vtc_affine_dim(ctx, k), stride));
    stride = vtc_affine_mul(ctx, stride, out->dims[k]);
  }
  unsigned lead = j0;
  while (lead + 1 < j1 && is_const(in->dims[lead], 1)) lead++;
  gte_expr istride = gte_c(L, 1);
  for (unsigned k = j1; k-- > j0;) {
    if (is_const(in->dims[k], 1)) {
      idx[k] = gte_c(L, 0);
      continue;
    }
    gte_expr e = vtc_affine_floordiv(ctx, flat, istride);
    if (k != lead) e = vtc_affine_mod(ctx, e, in->dims[k]);
    idx[k] = e;
    istride = vtc_affine_mul(ctx, istride, in->dims[k]);
  }
}

/* Groups: the boundaries are the pairs (i, j) where the product of output
 * dims [0, i) provably equals that of input dims [0, j) (equal products of
 * the same factors), taken in order, so each group is as small as the
 * symbolic shapes allow; the last group ends at both ranks (the element
 * counts agree at run time, which the reshape requires). A dynamic dim with
 * the same expression on both sides is a group of its own and passes its
 * index through; `? -> ?x4` is one group (d0 * 4 + d1); `?x8 -> ?` is one
 * group (d0 floordiv 8, d0 mod 8). */
bool gte_lower_dynamic_reshape(gte_lowering *L, vtc_op *op, vtc_value **result) {
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  gte_shape in, out;
  if (!gte_shape_of(L, x, &in)) return false;
  out = gte_static_shape(L, rt);
  if (!result_shape(L, op, &in, &out)) return false;
  gte_expr idx[VTC_MAX_RANK];
  bool empty = false;
  for (unsigned k = 0; k < out.rank; k++) empty |= is_const(out.dims[k], 0);
  for (unsigned k = 0; k < in.rank; k++) empty |= is_const(in.dims[k], 0);
  if (empty) { /* nothing is read */
    for (unsigned k = 0; k < in.rank; k++) idx[k] = gte_c(L, 0);
  } else {
    gte_product po[VTC_MAX_RANK + 1], pi[VTC_MAX_RANK + 1];
    po[0] = pi[0] = product_one();
    for (unsigned k = 0; k < out.rank; k++) po[k + 1] = po[k], product_mul(&po[k + 1], out.dims[k]);
    for (unsigned k = 0; k < in.rank; k++) pi[k + 1] = pi[k], product_mul(&pi[k + 1], in.dims[k]);
    unsigned i0 = 0, j0 = 0;
    for (unsigned i = 0; i <= out.rank; i++)
      for (unsigned j = j0; j <= in.rank; j++) {
        bool last = i == out.rank && j == in.rank;
        if ((i == i0 && j == j0) || (!last && !product_equal(&po[i], &pi[j]))) continue;
        delinearise(L, &out, i0, i, &in, j0, j, idx);
        i0 = i, j0 = j;
      }
  }
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  *result = gte_end(&c, gte_load(&c, 0, idx, 0, NULL, NULL));
  return true;
}
