/* lower-graph-to-te's run-time checks: host te.asserts that a graph op's
 * shape agreements hold for the sizes bound at run time, before any
 * te.compute runs. Two sources, in this order for each op: the checks the
 * op's own shape rule defers on dynamic dims (vtc_graph_runtime_checks, with
 * the reference interpreter's messages), and the agreements the lowering
 * assumes when it reads an operand at the output's index without
 * broadcasting (gte_broadcast_index: a dynamic dim that turns out to be 1
 * would need a broadcast the compiled code does not do). An assertion that
 * provably holds (the same expression, true constants) is not emitted, nor
 * one asserted before in the function. */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/kernels.h"
#include "ir/assert_op.h"
#include "lowering/graph-to-te/lowering.h"

static bool uses_late_symbol(gte_lowering *L, gte_expr e) {
  if (!e) return false;
  if (e->kind == VTC_AFFINE_SYMBOL) return (unsigned)e->value >= L->num_top_syms;
  if (e->kind == VTC_AFFINE_DIM || e->kind == VTC_AFFINE_CONST) return false;
  return uses_late_symbol(L, e->lhs) || uses_late_symbol(L, e->rhs);
}

static vtc_value *arith2(gte_lowering *L, vtc_builder *b, const char *name, vtc_value *x, vtc_value *y) {
  vtc_value *ops[2] = {x, y};
  return vtc_op_result(vtc_builder_create(b, name, L->op->loc, 2, ops, vtc_type_index(L->ctx), 0, NULL), 0);
}

/* The value of e (over the function's symbols) in host arith at b; cached
 * when b is the prologue (its values dominate the rest of the function). */
static vtc_value *materialize(gte_lowering *L, vtc_builder *b, gte_expr e, bool prologue) {
  vtc_value *v = prologue ? vtc_ptrmap_get(&L->check_values, e) : NULL;
  if (v) return v;
  vtc_context *ctx = L->ctx;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_SYMBOL: return L->syms.data[e->value];
  case VTC_AFFINE_CONST: {
    vtc_named_attr a = {vtc_str(ctx, "value"), vtc_attr_index(ctx, e->value)};
    v = vtc_op_result(vtc_builder_create(b, "arith.constant", L->op->loc, 0, NULL, vtc_type_index(ctx), 1, &a), 0);
    break;
  }
  case VTC_AFFINE_DIM: return NULL; /* sizes have no dims */
  default: {
    vtc_value *x = materialize(L, b, e->lhs, prologue), *y = x ? materialize(L, b, e->rhs, prologue) : NULL;
    if (!y) return NULL;
    static const char *const names[] = {[VTC_AFFINE_ADD] = "arith.addi", [VTC_AFFINE_MUL] = "arith.muli",
                                        [VTC_AFFINE_FLOORDIV] = "arith.floordivsi",
                                        [VTC_AFFINE_CEILDIV] = "arith.ceildivsi", [VTC_AFFINE_MOD] = "arith.remsi"};
    v = arith2(L, b, names[e->kind], x, y);
    /* Sizes are >= 0 and moduli > 0 here, but keep floor semantics anyway. */
    if (e->kind == VTC_AFFINE_MOD) {
      vtc_value *zero = materialize(L, b, vtc_affine_const(ctx, 0), prologue);
      vtc_value *ops[2] = {v, zero};
      vtc_named_attr pa = {vtc_str(ctx, "predicate"), vtc_attr_i64(ctx, VTC_CMPI_SLT)};
      vtc_value *neg =
          vtc_op_result(vtc_builder_create(b, "arith.cmpi", L->op->loc, 2, ops, vtc_type_integer(ctx, 1), 1, &pa), 0);
      vtc_value *sel[3] = {neg, arith2(L, b, "arith.addi", v, y), v};
      v = vtc_op_result(vtc_builder_create(b, "arith.select", L->op->loc, 3, sel, vtc_type_index(ctx), 0, NULL), 0);
    }
  }
  }
  if (prologue) vtc_ptrmap_put(&L->check_values, e, v);
  return v;
}

static bool provably_holds(gte_lowering *L, vtc_check_relation r, gte_expr a, gte_expr b) {
  int64_t x = 0, y = 0;
  bool ca = gte_is_const(a, &x), cb = gte_is_const(b, &y);
  if (ca && cb) return vtc_check_holds(r, x, y);
  switch (r) {
  case VTC_CHECK_EQ:
  case VTC_CHECK_SLE:
  case VTC_CHECK_ULE: return a == b;
  case VTC_CHECK_BROADCASTABLE: return a == b || (ca && x == 1) || (cb && y == 1);
  case VTC_CHECK_DIVISIBLE: {
    gte_expr m = vtc_affine_expr_simplify(L->ctx, vtc_affine_mod(L->ctx, a, b));
    return cb && y > 0 && gte_is_const(m, &x) && x == 0;
  }
  default: return false;
  }
}

void gte_assert(gte_lowering *L, vtc_check_relation r, gte_expr lhs, gte_expr rhs, const char *message,
                unsigned nargs, const gte_expr *args) {
  vtc_context *ctx = L->ctx;
  if (L->no_checks) return;
  lhs = vtc_affine_expr_simplify(ctx, lhs);
  rhs = vtc_affine_expr_simplify(ctx, rhs);
  if (provably_holds(L, r, lhs, rhs)) return;
  for (size_t i = 0; i < L->asserted.len; i++)
    if (L->asserted.data[i].r == r && L->asserted.data[i].a == lhs && L->asserted.data[i].b == rhs) return;
  VTC_VEC_PUSH(&L->asserted, ((gte_asserted){r, lhs, rhs}));
  bool late = !L->check_anchor || uses_late_symbol(L, lhs) || uses_late_symbol(L, rhs);
  for (unsigned i = 0; i < nargs; i++) late |= uses_late_symbol(L, args[i]);
  vtc_op *anchor = late ? L->late_anchor : L->check_anchor;
  vtc_builder b = anchor ? vtc_builder_after(anchor) : L->b;
  /* Operands: lhs, rhs, then the message's other arguments, each once. */
  gte_expr *exprs = vtc_xcalloc(nargs + 2, sizeof *exprs);
  unsigned *map = vtc_xcalloc(nargs + 1, sizeof *map), n = 2;
  exprs[0] = lhs;
  exprs[1] = rhs;
  for (unsigned i = 0; i < nargs; i++) {
    gte_expr e = vtc_affine_expr_simplify(ctx, args[i]);
    unsigned k = 0;
    while (k < n && exprs[k] != e) k++;
    if (k == n) exprs[n++] = e;
    map[i] = k;
  }
  vtc_value **ops = vtc_xcalloc(n, sizeof *ops);
  bool ok = true;
  for (unsigned i = 0; ok && i < n; i++) ok = (ops[i] = materialize(L, &b, exprs[i], !late)) != NULL;
  if (ok) {
    char *tmpl = vtc_check_renumber(message, map, nargs);
    vtc_op *a = vtc_assert_build(&b, "te.assert", L->op->loc, r, n, ops, NULL, tmpl);
    free(tmpl);
    if (late) L->late_anchor = L->late_anchor ? a : NULL;
    else L->check_anchor = a;
  }
  free(ops);
  free(exprs);
  free(map);
}

/* ---- the graph op's own checks ------------------------------------------------ */

typedef struct graph_check_ctx {
  gte_lowering *L;
  vtc_op *op;
} graph_check_ctx;

static gte_expr ref_expr(graph_check_ctx *g, vtc_dim_ref r) {
  gte_shape s;
  if (r.operand < 0 || (unsigned)r.operand >= g->op->num_operands ||
      !gte_shape_of(g->L, vtc_op_operand(g->op, (unsigned)r.operand), &s) || r.axis < 0 || (unsigned)r.axis >= s.rank)
    return NULL;
  return s.dims[r.axis];
}

static gte_expr term_expr(graph_check_ctx *g, const vtc_dim_term *t) {
  gte_expr e = gte_c(g->L, t->coef);
  for (int i = 0; e && i < t->n; i++) {
    gte_expr d = ref_expr(g, t->dims[i]);
    e = d ? vtc_affine_mul(g->L->ctx, e, d) : NULL;
  }
  return e;
}

static void add_graph_check(void *ctx, const vtc_shape_check *c) {
  graph_check_ctx *g = ctx;
  gte_expr lhs = term_expr(g, &c->lhs), rhs = term_expr(g, &c->rhs), args[VTC_CHECK_MAX_ARGS];
  bool ok = lhs && rhs;
  for (int i = 0; ok && i < c->num_args; i++) ok = (args[i] = ref_expr(g, c->args[i])) != NULL;
  if (ok) gte_assert(g->L, c->relation, lhs, rhs, c->message, (unsigned)c->num_args, args);
}

void gte_graph_checks(gte_lowering *L, vtc_op *op) {
  /* The operands' symbols first (te.dims after a func.call that defines
   * one), so that a check of this op can go before all of its TEs. */
  for (unsigned i = 0; i < op->num_operands; i++) {
    gte_shape s;
    vtc_value *v = vtc_op_operand(op, i);
    if (vtc_type_is_tensor(v->type) && v->type->rank <= VTC_MAX_RANK) gte_shape_of(L, v, &s);
  }
  L->late_anchor = op->prev;
  graph_check_ctx g = {L, op};
  vtc_graph_runtime_checks(op, add_graph_check, &g);
}

void gte_free_checks(gte_lowering *L) {
  vtc_ptrmap_free(&L->check_values);
  VTC_VEC_FREE(&L->asserted);
}
