/* The helpers every lowering of lower-graph-to-te uses: symbolic shapes over
 * the function's symbols, building one te.compute (symbols it needs, shape
 * and reduce maps, loads through affine maps) and the scalar arith/math ops
 * of its body, with the reference kernels' conversion rules. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

bool gte_fail(gte_lowering *L, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vtc_op_error(L->op, "cannot be lowered to te: %s", msg);
}

gte_expr gte_c(gte_lowering *L, int64_t v) { return vtc_affine_const(L->ctx, v); }

/* ---- shapes ------------------------------------------------------------------ */

gte_shape gte_static_shape(gte_lowering *L, const vtc_type *t) {
  gte_shape s = {.rank = t->rank};
  for (unsigned i = 0; i < t->rank && i < VTC_MAX_RANK; i++) {
    int64_t d = vtc_tensor_dim(t, i);
    s.dims[i] = d == VTC_DYNAMIC ? NULL : gte_c(L, d);
  }
  return s;
}

const vtc_type *gte_type_of(gte_lowering *L, const gte_shape *s, const vtc_type *element) {
  int64_t dims[VTC_MAX_RANK];
  for (unsigned i = 0; i < s->rank; i++) {
    int64_t v;
    dims[i] = gte_is_const(s->dims[i], &v) ? v : VTC_DYNAMIC;
  }
  return vtc_type_tensor(L->ctx, s->rank, dims, element, NULL);
}

void gte_set_shape(gte_lowering *L, vtc_value *v, const gte_shape *s) {
  gte_shape *rec = vtc_ptrmap_get(&L->shapes, v);
  if (!rec) {
    rec = vtc_xmalloc(sizeof *rec);
    vtc_ptrmap_put(&L->shapes, v, rec);
  }
  *rec = *s;
}

/* A value defined by an op we do not lower (func.call, say): its dynamic
 * dims become new symbols, read by te.dim right after the definition. */
static void add_dims_after_def(gte_lowering *L, vtc_value *v, gte_shape *s) {
  vtc_builder b = v->def_op ? vtc_builder_after(v->def_op) : vtc_builder_before(L->sym_point);
  for (unsigned i = 0; i < s->rank; i++) {
    if (s->dims[i]) continue;
    vtc_value *d = vtc_te_build_dim(&b, v->def_op ? v->def_op->loc : L->func->loc, v, i);
    if (v->def_op) b = vtc_builder_after(d->def_op);
    s->dims[i] = vtc_affine_symbol(L->ctx, (unsigned)L->syms.len);
    VTC_VEC_PUSH(&L->syms, d);
  }
}

bool gte_shape_of(gte_lowering *L, vtc_value *v, gte_shape *out) {
  gte_shape *rec = vtc_ptrmap_get(&L->shapes, v);
  if (rec) {
    *out = *rec;
    return true;
  }
  if (!vtc_type_is_tensor(v->type) || v->type->rank > VTC_MAX_RANK)
    return gte_fail(L, "operand of type that is not a tensor of rank <= %d", VTC_MAX_RANK);
  *out = gte_static_shape(L, v->type);
  if (!vtc_tensor_has_static_shape(v->type)) add_dims_after_def(L, v, out);
  gte_set_shape(L, v, out);
  return true;
}

gte_shape gte_broadcast(gte_lowering *L, const gte_shape *a, const gte_shape *b) {
  gte_shape r = {.rank = a->rank > b->rank ? a->rank : b->rank};
  for (unsigned i = 0; i < r.rank; i++) {
    int ia = (int)i - (int)(r.rank - a->rank), ib = (int)i - (int)(r.rank - b->rank);
    gte_expr ea = ia >= 0 ? a->dims[ia] : NULL, eb = ib >= 0 ? b->dims[ib] : NULL;
    int64_t va = -1, vb = -1;
    bool ca = ea && gte_is_const(ea, &va), cb = eb && gte_is_const(eb, &vb);
    if (!ea) r.dims[i] = eb;
    else if (!eb) r.dims[i] = ea;
    else if (ca && va == 1) r.dims[i] = eb;
    else if (cb && vb == 1) r.dims[i] = ea;
    else if (cb && !ca) r.dims[i] = eb; /* a static extent is the more precise */
    else r.dims[i] = ea;
  }
  (void)L;
  return r;
}

void gte_broadcast_index(gte_lowering *L, const gte_shape *in, const gte_shape *out, gte_expr *idx) {
  for (unsigned i = 0; i < in->rank; i++) {
    unsigned o = i + out->rank - in->rank;
    int64_t v, w;
    bool broadcast = gte_is_const(in->dims[i], &v) && v == 1 && !(gte_is_const(out->dims[o], &w) && w == 1);
    idx[i] = broadcast ? gte_c(L, 0) : vtc_affine_dim(L->ctx, o);
    if (broadcast) continue;
    /* Read at the output's index: the sizes must agree at run time (a
     * dynamic dim that is 1 would need a broadcast; a result type may also
     * fix a size the operand leaves dynamic). */
    char msg[512];
    snprintf(msg, sizeof msg,
             "'%s' op dimension %u of an operand is {0} at run time where the result's dimension %u is {1}: "
             "compiled code broadcasts only dimensions that are 1 in the operand's type",
             L->op->name->name, i, o);
    gte_expr args[2] = {in->dims[i], out->dims[o]};
    gte_assert(L, VTC_CHECK_EQ, in->dims[i], out->dims[o], msg, 2, args);
  }
}

/* ---- symbols used by a compute ----------------------------------------------- */

static void mark_symbols(gte_expr e, bool *used, size_t n) {
  if (!e) return;
  if (e->kind == VTC_AFFINE_SYMBOL) {
    if ((size_t)e->value < n) used[e->value] = true;
    return;
  }
  if (e->kind == VTC_AFFINE_DIM || e->kind == VTC_AFFINE_CONST) return;
  mark_symbols(e->lhs, used, n);
  mark_symbols(e->rhs, used, n);
}

static bool symbols_mapped(gte_expr e, const gte_expr *map, size_t n) {
  if (e->kind == VTC_AFFINE_SYMBOL) return (size_t)e->value < n && map[e->value];
  if (e->kind == VTC_AFFINE_DIM || e->kind == VTC_AFFINE_CONST) return true;
  return symbols_mapped(e->lhs, map, n) && symbols_mapped(e->rhs, map, n);
}

static gte_expr to_compute(gte_compute *c, gte_expr e) {
  size_t n = c->L->syms.len;
  if (!n) return e;
  /* Every symbol a lowering uses comes from the output, a reduction extent
   * or an input's shape, which gte_begin collected; one that does not is a
   * bug of the lowering, which fails on the op (the expression becomes 0
   * so the half-built compute stays well-formed). */
  if (!symbols_mapped(e, c->sym_map, n)) {
    c->L->failed = true;
    vtc_internal_error(c->L->ctx, c->L->op->loc,
                       "lower-graph-to-te: an index or size of '%s' uses a symbol its te.compute does not take",
                       c->L->op->name->name);
    return gte_c(c->L, 0);
  }
  return vtc_affine_expr_replace(c->L->ctx, e, NULL, 0, c->sym_map, (unsigned)n);
}

static void mark_shape(gte_lowering *L, vtc_value *v, bool *used, size_t n) {
  gte_shape s;
  if (!v || !gte_shape_of(L, v, &s)) return;
  for (unsigned i = 0; i < s.rank; i++) mark_symbols(s.dims[i], used, n);
}

/* The state of a compute over `out` reading `inputs` (and, with `into`, its
 * destination `dest`): the function symbols it takes (those of its extents
 * and of its operands' shapes) into *symbols (heap) and c->sym_map, and its
 * `shape` map over them. */
static const vtc_affine_map *begin_common(gte_compute *c, gte_lowering *L, const gte_shape *out, unsigned num_inputs,
                                          vtc_value *const *inputs, unsigned nred, const gte_expr *red,
                                          vtc_value *dest, vtc_value ***symbols, unsigned *nsym) {
  vtc_context *ctx = L->ctx;
  c->L = L;
  c->rank = out->rank;
  c->nred = red ? nred : 0;
  c->out = *out;
  c->num_inputs = num_inputs;
  c->inputs = vtc_xcalloc(num_inputs ? num_inputs : 1, sizeof *c->inputs);
  if (num_inputs) memcpy(c->inputs, inputs, num_inputs * sizeof *inputs);

  size_t n = L->syms.len;
  bool *used = vtc_xcalloc(n ? n : 1, sizeof *used);
  for (unsigned i = 0; i < c->out.rank; i++) mark_symbols(c->out.dims[i], used, n);
  for (unsigned i = 0; i < c->nred; i++) mark_symbols(red[i], used, n);
  for (unsigned k = 0; k < num_inputs; k++) mark_shape(L, inputs[k], used, n);
  mark_shape(L, dest, used, n);
  c->sym_map = vtc_xcalloc(n ? n : 1, sizeof *c->sym_map);
  *symbols = vtc_xcalloc(n ? n : 1, sizeof **symbols);
  *nsym = 0;
  for (size_t i = 0; i < n; i++)
    if (used[i]) {
      c->sym_map[i] = vtc_affine_symbol(ctx, *nsym);
      (*symbols)[(*nsym)++] = L->syms.data[i];
    }
  free(used);
  gte_expr e[VTC_MAX_RANK];
  for (unsigned i = 0; i < c->out.rank; i++) e[i] = to_compute(c, c->out.dims[i]);
  return vtc_affine_map_get(ctx, 0, *nsym, c->out.rank, e);
}

void gte_begin(gte_compute *c, gte_lowering *L, const vtc_type *result_type, const vtc_type *element,
               const gte_shape *out, unsigned num_inputs, vtc_value *const *inputs, unsigned nred,
               const gte_expr *red, vtc_te_combiner combiner, double init_value) {
  vtc_context *ctx = L->ctx;
  memset(c, 0, sizeof *c);
  gte_shape o = *out;
  if (result_type)
    for (unsigned i = 0; i < out->rank; i++)
      if (vtc_tensor_dim(result_type, i) != VTC_DYNAMIC) o.dims[i] = gte_c(L, vtc_tensor_dim(result_type, i));
  if (!element) element = result_type->element;
  if (!result_type) result_type = gte_type_of(L, &o, element);
  vtc_value **symbols;
  unsigned nsym;
  const vtc_affine_map *shape = begin_common(c, L, &o, num_inputs, inputs, nred, red, NULL, &symbols, &nsym);
  gte_expr e[VTC_MAX_RANK > 1 ? 2 * VTC_MAX_RANK : 2];
  const vtc_affine_map *reduce = NULL;
  const vtc_attr *init = NULL;
  if (c->nred) {
    for (unsigned i = 0; i < c->nred; i++) e[i] = to_compute(c, red[i]);
    reduce = vtc_affine_map_get(ctx, 0, nsym, c->nred, e);
    if (vtc_type_is_float(element)) {
      init = vtc_attr_float(ctx, element, init_value);
    } else {
      int64_t iv = init_value >= 9.2e18 ? INT64_MAX : init_value <= -9.2e18 ? INT64_MIN : (int64_t)init_value;
      init = vtc_attr_integer(ctx, element, vtc_int_truncate(element, iv));
    }
  }
  c->op = vtc_te_build_compute(&L->b, L->op->loc, result_type, num_inputs, inputs, nsym, symbols, shape, reduce,
                               c->nred ? combiner : VTC_TE_COMBINER_NONE, init);
  free(symbols);
  c->body = vtc_builder_at_end(ctx, vtc_te_compute_body(c->op));
}

void gte_begin_into(gte_compute *c, gte_lowering *L, const gte_shape *out, unsigned num_inputs,
                    vtc_value *const *inputs, vtc_value *dest, unsigned num_store_indices, const gte_expr *store) {
  vtc_context *ctx = L->ctx;
  memset(c, 0, sizeof *c);
  vtc_value **symbols;
  unsigned nsym;
  const vtc_affine_map *shape = begin_common(c, L, out, num_inputs, inputs, 0, NULL, dest, &symbols, &nsym);
  unsigned dr = dest->type->rank;
  gte_expr e[2 * VTC_MAX_RANK];
  for (unsigned i = 0; i < dr; i++) e[i] = vtc_affine_expr_simplify(ctx, to_compute(c, store[i]));
  const vtc_affine_map *store_map = vtc_affine_map_get(ctx, c->rank + num_store_indices, nsym, dr, e);
  for (unsigned i = 0; i < c->rank; i++) e[2 * i] = gte_c(L, 0), e[2 * i + 1] = shape->results[i];
  const vtc_affine_map *box = vtc_affine_map_get(ctx, 0, nsym, 2 * c->rank, e);
  c->op = vtc_te_build_compute_into(&L->b, L->op->loc, num_inputs, inputs, nsym, symbols, shape, 1, &dest,
                                    &store_map, &box);
  free(symbols);
  c->body = vtc_builder_at_end(ctx, vtc_te_compute_body(c->op));
}

vtc_value *gte_end_stores(gte_compute *c, vtc_value *v, unsigned num_store_indices, vtc_value *const *store) {
  vtc_te_build_yield_stores(&c->body, c->L->op->loc, v, num_store_indices, store);
  vtc_value *r = vtc_op_result(c->op, 0), *dest = vtc_te_compute_dest(c->op, 0);
  gte_shape s;
  if (gte_shape_of(c->L, dest, &s)) gte_set_shape(c->L, r, &s);
  free(c->sym_map);
  free(c->inputs);
  c->sym_map = NULL;
  c->inputs = NULL;
  return r;
}

vtc_value *gte_end(gte_compute *c, vtc_value *v) {
  vtc_te_build_yield(&c->body, c->L->op->loc, v);
  vtc_value *r = vtc_op_result(c->op, 0);
  gte_set_shape(c->L, r, &c->out);
  free(c->sym_map);
  free(c->inputs);
  c->sym_map = NULL;
  c->inputs = NULL;
  return r;
}

gte_expr gte_d(gte_compute *c, unsigned i) { return vtc_affine_dim(c->L->ctx, i); }

vtc_value *gte_arg(gte_compute *c, unsigned i) { return vtc_te_compute_body(c->op)->args[i]; }

vtc_value *gte_load(gte_compute *c, unsigned input, const gte_expr *idx, unsigned num_extra,
                    vtc_value *const *extra, const double *padding) {
  vtc_context *ctx = c->L->ctx;
  vtc_value *in = c->inputs[input];
  unsigned rank = in->type->rank;
  gte_expr e[VTC_MAX_RANK];
  for (unsigned i = 0; i < rank; i++) e[i] = vtc_affine_expr_simplify(ctx, to_compute(c, idx[i]));
  const vtc_affine_map *map =
      vtc_affine_map_get(ctx, c->rank + c->nred + num_extra, vtc_te_compute_num_symbols(c->op), rank, e);
  const vtc_attr *pad = NULL;
  if (padding) {
    const vtc_type *el = in->type->element;
    pad = vtc_type_is_float(el) ? vtc_attr_float(ctx, el, *padding)
                                : vtc_attr_integer(ctx, el, vtc_int_truncate(el, (int64_t)*padding));
  }
  return vtc_te_build_load(&c->body, c->L->op->loc, in, map, num_extra, extra, pad);
}

vtc_value *gte_load_broadcast(gte_compute *c, unsigned input) {
  gte_shape s;
  gte_expr idx[VTC_MAX_RANK];
  gte_shape_of(c->L, c->inputs[input], &s);
  gte_broadcast_index(c->L, &s, &c->out, idx);
  return gte_load(c, input, idx, 0, NULL, NULL);
}

/* ---- scalar ops ----------------------------------------------------------------- */

static vtc_value *make(gte_compute *c, const char *name, unsigned n, vtc_value *const *ops, const vtc_type *type,
                       unsigned nattrs, const vtc_named_attr *attrs) {
  vtc_op *op = vtc_builder_create(&c->body, name, c->L->op->loc, n, ops, type, nattrs, attrs);
  return vtc_op_result(op, 0);
}

vtc_value *gte_op1(gte_compute *c, const char *name, vtc_value *a) { return make(c, name, 1, &a, a->type, 0, NULL); }

vtc_value *gte_op2(gte_compute *c, const char *name, vtc_value *a, vtc_value *b) {
  vtc_value *ops[2] = {a, b};
  return make(c, name, 2, ops, a->type, 0, NULL);
}

vtc_value *gte_const(gte_compute *c, const vtc_type *type, double v) {
  vtc_context *ctx = c->L->ctx;
  const vtc_attr *a;
  if (vtc_type_is_float(type)) {
    a = vtc_attr_float(ctx, type, v);
  } else {
    int64_t iv = v >= 9.2e18 ? INT64_MAX : v <= -9.2e18 ? INT64_MIN : (int64_t)v;
    a = type->kind == VTC_TYPE_INDEX ? vtc_attr_index(ctx, iv) : vtc_attr_integer(ctx, type, vtc_int_truncate(type, iv));
  }
  vtc_named_attr attr = {vtc_str(ctx, "value"), a};
  return make(c, "arith.constant", 0, NULL, type, 1, &attr);
}

static vtc_value *cmp(gte_compute *c, const char *name, int pred, vtc_value *a, vtc_value *b) {
  vtc_context *ctx = c->L->ctx;
  vtc_value *ops[2] = {a, b};
  vtc_named_attr attr = {vtc_str(ctx, "predicate"), vtc_attr_i64(ctx, pred)};
  return make(c, name, 2, ops, vtc_type_integer(ctx, 1), 1, &attr);
}

vtc_value *gte_cmpf(gte_compute *c, vtc_cmpf_predicate p, vtc_value *a, vtc_value *b) {
  return cmp(c, "arith.cmpf", (int)p, a, b);
}
vtc_value *gte_cmpi(gte_compute *c, vtc_cmpi_predicate p, vtc_value *a, vtc_value *b) {
  return cmp(c, "arith.cmpi", (int)p, a, b);
}

vtc_value *gte_select(gte_compute *c, vtc_value *cond, vtc_value *a, vtc_value *b) {
  vtc_value *ops[3] = {cond, a, b};
  return make(c, "arith.select", 3, ops, a->type, 0, NULL);
}

static vtc_value *cast_op(gte_compute *c, const char *name, vtc_value *v, const vtc_type *to) {
  return make(c, name, 1, &v, to, 0, NULL);
}

double gte_lowest(const vtc_type *t) {
  if (vtc_type_is_float(t)) return -INFINITY;
  unsigned w = vtc_type_bit_width(t);
  if (w <= 1) return 0;
  return -ldexp(1.0, (int)w - 1);
}

double gte_highest(const vtc_type *t) {
  if (vtc_type_is_float(t)) return INFINITY;
  unsigned w = vtc_type_bit_width(t);
  if (w <= 1) return 1;
  return w >= 64 ? 9.3e18 /* saturates to INT64_MAX */ : ldexp(1.0, (int)w - 1) - 1;
}

vtc_value *gte_convert(gte_compute *c, vtc_value *v, const vtc_type *to) {
  const vtc_type *from = v->type;
  if (from == to) return v;
  bool ff = vtc_type_is_float(from), tf = vtc_type_is_float(to);
  bool fidx = from->kind == VTC_TYPE_INDEX, tidx = to->kind == VTC_TYPE_INDEX;
  unsigned fw = vtc_type_bit_width(from), tw = vtc_type_bit_width(to);
  if (fidx || tidx) {
    if (fidx && tidx) return v;
    if (fidx && tf) return gte_convert(c, cast_op(c, "arith.index_cast", v, vtc_type_integer(c->L->ctx, 64)), to);
    if (tidx && ff) return cast_op(c, "arith.index_cast", gte_convert(c, v, vtc_type_integer(c->L->ctx, 64)), to);
    if (fw == 1) v = cast_op(c, "arith.extui", v, vtc_type_integer(c->L->ctx, 64));
    return cast_op(c, "arith.index_cast", v, to);
  }
  if (ff && tf) {
    if (fw == tw) /* f16 <-> bf16 */
      return cast_op(c, "arith.truncf", cast_op(c, "arith.extf", v, vtc_type_f32(c->L->ctx)), to);
    return cast_op(c, fw < tw ? "arith.extf" : "arith.truncf", v, to);
  }
  if (!ff && tf) return cast_op(c, fw == 1 ? "arith.uitofp" : "arith.sitofp", v, to);
  if (tw == 1) /* numpy: nonzero (and NaN) is true */
    return ff ? gte_cmpf(c, VTC_CMPF_UNE, v, gte_const(c, from, 0)) : gte_cmpi(c, VTC_CMPI_NE, v, gte_const(c, from, 0));
  if (ff) { /* saturating, NaN to 0, as vtc_tensor_set_f64 stores */
    const vtc_type *f64 = vtc_type_f64(c->L->ctx);
    v = gte_convert(c, v, f64);
    v = gte_select(c, gte_cmpf(c, VTC_CMPF_UNO, v, v), gte_const(c, f64, 0), v);
    double hi = tw >= 64 ? 9223372036854774784.0 : gte_highest(to); /* the largest double below 2^63 */
    vtc_value *clamped =
        gte_op2(c, "arith.minimumf", gte_op2(c, "arith.maximumf", v, gte_const(c, f64, gte_lowest(to))), gte_const(c, f64, hi));
    vtc_value *r = cast_op(c, "arith.fptosi", clamped, to);
    if (tw < 64) return r;
    /* 2^63 and above saturate to INT64_MAX, which no double equals. */
    vtc_value *big = gte_cmpf(c, VTC_CMPF_OGE, v, gte_const(c, f64, 9223372036854775808.0));
    return gte_select(c, big, gte_const(c, to, 9223372036854775807.0), r);
  }
  if (fw == 1) return cast_op(c, "arith.extui", v, to);
  if (fw < tw) return cast_op(c, "arith.extsi", v, to);
  /* Narrowing saturates, as the kernels do. */
  v = gte_op2(c, "arith.maxsi", v, gte_const(c, from, gte_lowest(to)));
  v = gte_op2(c, "arith.minsi", v, gte_const(c, from, gte_highest(to)));
  return cast_op(c, "arith.trunci", v, to);
}

vtc_value *gte_add(gte_compute *c, vtc_value *a, vtc_value *b) {
  return gte_op2(c, vtc_type_is_float(a->type) ? "arith.addf" : "arith.addi", a, b);
}
vtc_value *gte_sub(gte_compute *c, vtc_value *a, vtc_value *b) {
  return gte_op2(c, vtc_type_is_float(a->type) ? "arith.subf" : "arith.subi", a, b);
}
vtc_value *gte_mul(gte_compute *c, vtc_value *a, vtc_value *b) {
  return gte_op2(c, vtc_type_is_float(a->type) ? "arith.mulf" : "arith.muli", a, b);
}
vtc_value *gte_max(gte_compute *c, vtc_value *a, vtc_value *b) {
  if (vtc_type_is_float(a->type)) return gte_op2(c, "arith.maximumf", a, b);
  return gte_op2(c, vtc_type_bit_width(a->type) == 1 ? "arith.maxui" : "arith.maxsi", a, b);
}
vtc_value *gte_min(gte_compute *c, vtc_value *a, vtc_value *b) {
  if (vtc_type_is_float(a->type)) return gte_op2(c, "arith.minimumf", a, b);
  return gte_op2(c, vtc_type_bit_width(a->type) == 1 ? "arith.minui" : "arith.minsi", a, b);
}

/* Integer division as the kernels define it: truncating; x / 0 is the
 * type's limit in x's direction (0 / 0 is 0); MIN / -1 saturates. */
vtc_value *gte_div(gte_compute *c, vtc_value *a, vtc_value *b) {
  const vtc_type *t = a->type;
  if (vtc_type_is_float(t)) return gte_op2(c, "arith.divf", a, b);
  vtc_value *zero = gte_const(c, t, 0), *one = gte_const(c, t, 1);
  vtc_value *lo = gte_const(c, t, gte_lowest(t)), *hi = gte_const(c, t, gte_highest(t));
  vtc_value *isz = gte_cmpi(c, VTC_CMPI_EQ, b, zero);
  vtc_value *ovf = gte_op2(c, "arith.andi", gte_cmpi(c, VTC_CMPI_EQ, a, lo), gte_cmpi(c, VTC_CMPI_EQ, b, gte_const(c, t, -1)));
  vtc_value *bad = gte_op2(c, "arith.ori", isz, ovf);
  vtc_value *q = gte_op2(c, "arith.divsi", a, gte_select(c, bad, one, b));
  vtc_value *lim = gte_select(c, gte_cmpi(c, VTC_CMPI_SGT, a, zero), hi,
                              gte_select(c, gte_cmpi(c, VTC_CMPI_SLT, a, zero), lo, zero));
  return gte_select(c, isz, lim, gte_select(c, ovf, hi, q));
}

/* ---- symbol tensors ----------------------------------------------------------- */

vtc_value *gte_symbol_tensor(gte_lowering *L, gte_expr e, const vtc_type *element) {
  (void)element;
  vtc_value *v = vtc_ptrmap_get(&L->sym_tensors, e);
  if (v) return v;
  const vtc_type *i64 = vtc_type_integer(L->ctx, 64);
  gte_shape scalar = {.rank = 0};
  gte_compute c;
  gte_begin(&c, L, NULL, i64, &scalar, 0, NULL, 1, &e, VTC_TE_COMBINER_SUM, 0);
  v = gte_end(&c, gte_const(&c, i64, 1));
  vtc_ptrmap_put(&L->sym_tensors, e, v);
  return v;
}

const vtc_type *gte_acc_type(gte_lowering *L, const vtc_type *el) {
  return el->kind == VTC_TYPE_F16 || el->kind == VTC_TYPE_BF16 ? vtc_type_f32(L->ctx) : el;
}
