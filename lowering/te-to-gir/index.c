/* Index arithmetic for lower-te-to-gir: arith ops on `index` folded when
 * their operands are constants (so static shapes give compact kernels),
 * shared constants at the top of a block, affine expressions as arith ops,
 * and the two analyses the kernel builder needs (linearity in one dim,
 * interval bounds). */
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

void t2g_emit_init(t2g_emit *E, vtc_context *ctx, const vtc_loc *loc, vtc_block *const_block) {
  memset(E, 0, sizeof *E);
  E->ctx = ctx;
  E->loc = loc;
  E->const_block = const_block;
  E->at = vtc_builder_at_end(ctx, const_block);
}

void t2g_emit_free(t2g_emit *E) {
  VTC_VEC_FREE(&E->consts);
  VTC_VEC_FREE(&E->memo);
}

void t2g_emit_drop_unused_consts(t2g_emit *E) {
  for (size_t k = 0; k < E->consts.len; k++) {
    vtc_value *v = E->consts.data[k].value;
    if (!vtc_value_has_uses(v)) vtc_op_erase(v->def_op);
  }
  E->consts.len = 0;
  E->last_const = NULL;
}

/* Whether op (built earlier by this emitter) dominates the insertion point:
 * it is in the insertion block or an enclosing one, before the point. */
static bool dominates_point(const vtc_op *op, const vtc_builder *at) {
  vtc_block *blk = at->block;
  vtc_op *point = at->before;
  while (blk && blk != op->parent) {
    point = blk->parent ? blk->parent->parent : NULL;
    blk = point ? point->parent : NULL;
  }
  if (!blk) return false;
  return !point || vtc_op_is_before_in_block((vtc_op *)op, point);
}

static vtc_value *memo_find(t2g_emit *E, const char *name, vtc_value *a, vtc_value *b, int64_t attr) {
  for (size_t k = E->memo.len; k-- > 0;) {
    t2g_memo_entry *m = &E->memo.data[k];
    if (m->name == name && m->a == a && m->b == b && m->attr == attr && dominates_point(m->value->def_op, &E->at))
      return m->value;
  }
  return NULL;
}

static void memo_add(t2g_emit *E, const char *name, vtc_value *a, vtc_value *b, int64_t attr, vtc_value *v) {
  t2g_memo_entry m = {name, a, b, attr, v};
  VTC_VEC_PUSH(&E->memo, m);
}

vtc_value *t2g_const(t2g_emit *E, const vtc_type *type, int64_t i, double f) {
  int64_t bits = i;
  if (vtc_type_is_float(type)) {
    f = vtc_float_round(type, f);
    memcpy(&bits, &f, sizeof bits);
  } else if (type->kind == VTC_TYPE_INTEGER) {
    bits = i = vtc_int_truncate(type, i);
  }
  for (size_t k = 0; k < E->consts.len; k++)
    if (E->consts.data[k].type == type && E->consts.data[k].bits == bits) return E->consts.data[k].value;
  const vtc_attr *a = vtc_type_is_float(type) ? vtc_attr_float(E->ctx, type, f)
                      : type->kind == VTC_TYPE_INDEX ? vtc_attr_index(E->ctx, i)
                                                     : vtc_attr_integer(E->ctx, type, i);
  vtc_builder b = E->last_const              ? vtc_builder_after(E->last_const)
                  : E->const_block->first ? vtc_builder_before(E->const_block->first)
                                          : vtc_builder_at_end(E->ctx, E->const_block);
  vtc_named_attr attr = {vtc_str(E->ctx, "value"), a};
  vtc_op *op = vtc_builder_create(&b, "arith.constant", E->loc, 0, NULL, type, 1, &attr);
  E->last_const = op;
  t2g_const_entry e = {type, bits, vtc_op_result(op, 0)};
  VTC_VEC_PUSH(&E->consts, e);
  return e.value;
}

vtc_value *t2g_dense_const(t2g_emit *E, const vtc_attr *dense, int64_t k) {
  return t2g_const(E, dense->type->element, vtc_dense_get_i64(dense, k), vtc_dense_get_f64(dense, k));
}

vtc_value *t2g_cidx(t2g_emit *E, int64_t v) { return t2g_const(E, vtc_type_index(E->ctx), v, 0); }

vtc_value *t2g_const_attr(t2g_emit *E, const vtc_attr *a) {
  if (a->kind == VTC_ATTR_FLOAT) return t2g_const(E, a->type, 0, a->f);
  return t2g_const(E, a->type, a->i, 0);
}

bool t2g_const_int(const vtc_value *v, int64_t *out) {
  if (!v->def_op || !vtc_op_is_named(v->def_op, "arith.constant")) return false;
  const vtc_attr *a = vtc_op_get_attr(v->def_op, "value");
  if (!a || a->kind != VTC_ATTR_INTEGER) return false;
  *out = a->i;
  return true;
}

vtc_value *t2g_float_cast(vtc_builder *b, const vtc_loc *loc, vtc_value *v, const vtc_type *to) {
  if (v->type == to) return v;
  const char *name = vtc_type_bit_width(to) > vtc_type_bit_width(v->type) ? "arith.extf" : "arith.truncf";
  return vtc_op_result(vtc_builder_create(b, name, loc, 1, &v, to, 0, NULL), 0);
}

vtc_value *t2g_op(t2g_emit *E, const char *name, unsigned n, vtc_value *const *operands, const vtc_type *type,
                  unsigned num_attrs, const vtc_named_attr *attrs) {
  vtc_op *op = vtc_builder_create(&E->at, name, E->loc, n, operands, type, num_attrs, attrs);
  return vtc_op_result(op, 0);
}

static vtc_value *op2(t2g_emit *E, const char *name, vtc_value *a, vtc_value *b) {
  const char *in = vtc_str(E->ctx, name);
  vtc_value *v = memo_find(E, in, a, b, 0);
  if (v) return v;
  vtc_value *ops[2] = {a, b};
  v = t2g_op(E, name, 2, ops, a->type, 0, NULL);
  memo_add(E, in, a, b, 0, v);
  return v;
}

/* Folding happens only for `index` (the host and kernel index arithmetic),
 * never for element values, whose semantics the constants could change. */
static bool cidx(const vtc_value *v, int64_t *out) { return v->type->kind == VTC_TYPE_INDEX && t2g_const_int(v, out); }

vtc_value *t2g_addi(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb) return t2g_cidx(E, (int64_t)((uint64_t)x + (uint64_t)y));
  if (ca && x == 0) return b;
  if (cb && y == 0) return a;
  return op2(E, "arith.addi", a, b);
}

vtc_value *t2g_subi(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb) return t2g_cidx(E, (int64_t)((uint64_t)x - (uint64_t)y));
  if (cb && y == 0) return a;
  if (a == b) return t2g_cidx(E, 0);
  return op2(E, "arith.subi", a, b);
}

vtc_value *t2g_muli(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb) return t2g_cidx(E, (int64_t)((uint64_t)x * (uint64_t)y));
  if ((ca && x == 0) || (cb && y == 0)) return t2g_cidx(E, 0);
  if (ca && x == 1) return b;
  if (cb && y == 1) return a;
  return op2(E, "arith.muli", a, b);
}

vtc_value *t2g_divui(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb && y != 0) return t2g_cidx(E, (int64_t)((uint64_t)x / (uint64_t)y));
  if (cb && y == 1) return a;
  if (ca && x == 0) return a;
  return op2(E, "arith.divui", a, b);
}

vtc_value *t2g_remui(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb && y != 0) return t2g_cidx(E, (int64_t)((uint64_t)x % (uint64_t)y));
  if ((cb && y == 1) || (ca && x == 0)) return t2g_cidx(E, 0);
  return op2(E, "arith.remui", a, b);
}

vtc_value *t2g_ceildivui(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb && y != 0) {
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
    return t2g_cidx(E, (int64_t)(ux / uy + (ux % uy != 0)));
  }
  if (cb && y == 1) return a;
  if (ca && x == 0) return a;
  return op2(E, "arith.ceildivui", a, b);
}

vtc_value *t2g_minui(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  bool ca = cidx(a, &x), cb = cidx(b, &y);
  if (ca && cb) return (uint64_t)x <= (uint64_t)y ? a : b;
  if (a == b) return a;
  return op2(E, "arith.minui", a, b);
}

vtc_value *t2g_cmpi(t2g_emit *E, vtc_cmpi_predicate p, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  if (cidx(a, &x) && cidx(b, &y)) {
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
    bool r;
    switch (p) {
    case VTC_CMPI_EQ: r = x == y; break;
    case VTC_CMPI_NE: r = x != y; break;
    case VTC_CMPI_SLT: r = x < y; break;
    case VTC_CMPI_SLE: r = x <= y; break;
    case VTC_CMPI_SGT: r = x > y; break;
    case VTC_CMPI_SGE: r = x >= y; break;
    case VTC_CMPI_ULT: r = ux < uy; break;
    case VTC_CMPI_ULE: r = ux <= uy; break;
    case VTC_CMPI_UGT: r = ux > uy; break;
    default: r = ux >= uy; break;
    }
    return t2g_const(E, vtc_type_integer(E->ctx, 1), r, 0);
  }
  const char *in = vtc_str(E->ctx, "arith.cmpi");
  vtc_value *v = memo_find(E, in, a, b, (int64_t)p);
  if (v) return v;
  vtc_value *ops[2] = {a, b};
  vtc_named_attr attr = {vtc_str(E->ctx, "predicate"), vtc_attr_i64(E->ctx, (int64_t)p)};
  v = t2g_op(E, "arith.cmpi", 2, ops, vtc_type_integer(E->ctx, 1), 1, &attr);
  memo_add(E, in, a, b, (int64_t)p, v);
  return v;
}

static bool ci1(const vtc_value *v, int64_t *out) { return vtc_type_is_integer(v->type, 1) && t2g_const_int(v, out); }

vtc_value *t2g_andi(t2g_emit *E, vtc_value *a, vtc_value *b) {
  int64_t x, y;
  if (!a) return b;
  if (!b) return a;
  if (ci1(a, &x)) return x ? b : a;
  if (ci1(b, &y)) return y ? a : b;
  return op2(E, "arith.andi", a, b);
}

vtc_value *t2g_select(t2g_emit *E, vtc_value *cond, vtc_value *a, vtc_value *b) {
  int64_t c;
  if (ci1(cond, &c)) return c ? a : b;
  if (a == b) return a;
  vtc_value *ops[3] = {cond, a, b};
  return t2g_op(E, "arith.select", 3, ops, a->type, 0, NULL);
}

/* ---- affine expressions ---------------------------------------------------------- */

/* e >= 0 given non-negative iteration dims and symbols. */
static bool nonneg(const t2g_emit *E, const vtc_affine_expr *e) {
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_DIM: return (unsigned)e->value < E->nonneg_dims;
  case VTC_AFFINE_SYMBOL: return true;
  case VTC_AFFINE_CONST: return e->value >= 0;
  case VTC_AFFINE_ADD:
  case VTC_AFFINE_MUL: return nonneg(E, e->lhs) && nonneg(E, e->rhs);
  default: return nonneg(E, e->lhs);
  }
}

static bool positive(const vtc_affine_expr *e) {
  return (e->kind == VTC_AFFINE_CONST && e->value > 0) || e->kind == VTC_AFFINE_SYMBOL;
}

vtc_value *t2g_expr(t2g_emit *E, const vtc_affine_expr *e, vtc_value *const *dims, unsigned ndims,
                    vtc_value *const *syms, unsigned nsyms) {
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_DIM: return (unsigned)e->value < ndims ? dims[e->value] : NULL;
  case VTC_AFFINE_SYMBOL: return (unsigned)e->value < nsyms ? syms[e->value] : NULL;
  case VTC_AFFINE_CONST: return t2g_cidx(E, e->value);
  default: break;
  }
  vtc_value *a = t2g_expr(E, e->lhs, dims, ndims, syms, nsyms);
  vtc_value *b = a ? t2g_expr(E, e->rhs, dims, ndims, syms, nsyms) : NULL;
  if (!b) return NULL;
  /* Unsigned division is exact (and cheaper) when both sides are >= 0. */
  bool unsigned_ok = nonneg(E, e->lhs) && positive(e->rhs);
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_ADD: return t2g_addi(E, a, b);
  case VTC_AFFINE_MUL: return t2g_muli(E, a, b);
  case VTC_AFFINE_FLOORDIV: return unsigned_ok ? t2g_divui(E, a, b) : op2(E, "arith.floordivsi", a, b);
  case VTC_AFFINE_CEILDIV: return unsigned_ok ? t2g_ceildivui(E, a, b) : op2(E, "arith.ceildivsi", a, b);
  case VTC_AFFINE_MOD: {
    if (unsigned_ok) return t2g_remui(E, a, b);
    /* Floor modulo into [0, |b|) (vtc_affine_expr_eval's semantics). */
    vtc_value *r = op2(E, "arith.remsi", a, b);
    int64_t bv;
    vtc_value *absb = t2g_const_int(b, &bv) && bv < 0 ? t2g_cidx(E, -bv) : b;
    vtc_value *neg = t2g_cmpi(E, VTC_CMPI_SLT, r, t2g_cidx(E, 0));
    return t2g_select(E, neg, op2(E, "arith.addi", r, absb), r);
  }
  default: return NULL;
  }
}

/* ---- analysis ----------------------------------------------------------------------- */

bool t2g_expr_linear(const vtc_affine_expr *e, unsigned d, int64_t *coeff) {
  if (!vtc_affine_expr_uses_dim(e, d)) {
    *coeff = 0;
    return true;
  }
  int64_t a, b;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_DIM: *coeff = 1; return true;
  case VTC_AFFINE_ADD:
    if (!t2g_expr_linear(e->lhs, d, &a) || !t2g_expr_linear(e->rhs, d, &b)) return false;
    return !__builtin_add_overflow(a, b, coeff);
  case VTC_AFFINE_MUL: {
    const vtc_affine_expr *x = e->lhs, *k = e->rhs;
    if (vtc_affine_expr_uses_dim(k, d)) {
      x = e->rhs;
      k = e->lhs;
    }
    if (vtc_affine_expr_uses_dim(k, d) || k->kind != VTC_AFFINE_CONST || !t2g_expr_linear(x, d, &a)) return false;
    return !__builtin_mul_overflow(a, k->value, coeff);
  }
  default: return false; /* floordiv/mod/ceildiv of an expression in d */
  }
}

static int64_t floordiv64(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

bool t2g_expr_range(const vtc_affine_expr *e, const int64_t *lo, const int64_t *hi, unsigned ndims, int64_t *rlo,
                    int64_t *rhi) {
  int64_t al, ah, bl, bh;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_CONST: *rlo = *rhi = e->value; return true;
  case VTC_AFFINE_DIM:
    if ((unsigned)e->value >= ndims || lo[e->value] > hi[e->value]) return false;
    *rlo = lo[e->value];
    *rhi = hi[e->value];
    return true;
  case VTC_AFFINE_SYMBOL: return false;
  default: break;
  }
  if (!t2g_expr_range(e->lhs, lo, hi, ndims, &al, &ah) || !t2g_expr_range(e->rhs, lo, hi, ndims, &bl, &bh))
    return false;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_ADD: return !__builtin_add_overflow(al, bl, rlo) && !__builtin_add_overflow(ah, bh, rhi);
  case VTC_AFFINE_MUL: {
    int64_t p[4];
    if (__builtin_mul_overflow(al, bl, &p[0]) || __builtin_mul_overflow(al, bh, &p[1]) ||
        __builtin_mul_overflow(ah, bl, &p[2]) || __builtin_mul_overflow(ah, bh, &p[3]))
      return false;
    *rlo = *rhi = p[0];
    for (int i = 1; i < 4; i++) {
      if (p[i] < *rlo) *rlo = p[i];
      if (p[i] > *rhi) *rhi = p[i];
    }
    return true;
  }
  case VTC_AFFINE_FLOORDIV:
  case VTC_AFFINE_CEILDIV:
    if (bl != bh || bl <= 0) return false;
    *rlo = floordiv64(al, bl);
    *rhi = floordiv64(ah, bl);
    if (e->kind == VTC_AFFINE_CEILDIV) {
      *rlo = -floordiv64(-al, bl);
      *rhi = -floordiv64(-ah, bl);
    }
    return true;
  case VTC_AFFINE_MOD:
    if (bl != bh || bl <= 0) return false;
    if (al >= 0 && ah < bl) {
      *rlo = al;
      *rhi = ah;
    } else {
      *rlo = 0;
      *rhi = bl - 1;
    }
    return true;
  default: return false;
  }
}
