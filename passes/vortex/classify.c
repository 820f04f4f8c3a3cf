/* Contraction classification (Vortex section 4.2, Algorithm 1): which
 * te.computes are a sum over a product of two loads, the role of each
 * iteration dim, and the convolution parameters of implicit GEMM. The
 * vortex-classify pass (passes.c) attaches the result; lower-te-to-gir calls
 * vortex_classify_compute directly.
 *
 * Choices where the paper is silent (it classifies loops per operator by
 * hand, Fig. 10's layer_meta_info):
 *   - Roles come from which operand reads a dim, not from the op that was
 *     lowered: an output dim read by both operands is batch, by A only M,
 *     by B only N, by neither (both operands broadcast) batch; reduction
 *     dims must be read by both (K). A is the left factor of the product,
 *     except that the operand with composite indices (the convolution
 *     input) is always A.
 *   - Matmul: every operand index is an iteration dim, possibly plus a
 *     constant (a slice's offset, as VTC's views compose into the loads),
 *     or a constant (0 for a broadcast size-1 dim), each dim at most once
 *     per operand. Whether the kernels can address such a slice is the
 *     emission's question (lower-te-to-gir's operand layout).
 *   - Convolution: B's indices are plain, and each composite index of A is
 *     either out * stride + kernel * dilation - pad (one output and one
 *     reduction dim, positive coefficients) or the grouped channel
 *     (n floordiv q) * r + c (lower-graph-to-te's form); groups = extent(n)
 *     / q. A padded load is allowed only there, and only with padding 0.
 *   - Casts (arith.extf, arith.truncf) may wrap the loads and the product.
 *   - Supported element types are f16, bf16 and f32, both inputs alike.
 *     Depthwise convolutions (one input channel per group) are rejected:
 *     their K is the kernel window only, no GEMM. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dialects/te/te.h"
#include "ir/ir.h"
#include "passes/vortex/rkernel.h"

const char *const vortex_reject_names[VORTEX_NUM_REJECTS] = {
    [VORTEX_REJECT_NONE] = "contractions",      [VORTEX_REJECT_NO_SUM] = "rejected-no-sum",
    [VORTEX_REJECT_BODY] = "rejected-body",     [VORTEX_REJECT_MAP] = "rejected-map",
    [VORTEX_REJECT_DTYPE] = "rejected-dtype",   [VORTEX_REJECT_DEPTHWISE] = "rejected-depthwise",
    [VORTEX_REJECT_RANK] = "rejected-rank",
};

static const char *const role_names[VORTEX_NUM_ROLES] = {"batch", "m", "n", "k"};

const char *vortex_role_name(vortex_role r) { return r < VORTEX_NUM_ROLES ? role_names[r] : "?"; }
const char *vortex_op_class_name(vortex_op_class c) { return c == VORTEX_CONV ? "conv" : "matmul"; }

/* ---- failing with a reason ------------------------------------------------------ */

typedef struct classifier {
  vtc_op *compute;
  vortex_contraction *out;
  vortex_reject reject;
  char *why;
  size_t n;
} classifier;

static bool reject(classifier *cl, vortex_reject kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool reject(classifier *cl, vortex_reject kind, const char *fmt, ...) {
  cl->reject = kind;
  if (cl->why && cl->n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cl->why, cl->n, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* ---- element types ---------------------------------------------------------------- */

static bool hw_dtype_of(const vtc_type *t, vtc_hw_dtype *out) {
  switch (t->kind) {
  case VTC_TYPE_F16: *out = VTC_HW_F16; return true;
  case VTC_TYPE_BF16: *out = VTC_HW_BF16; return true;
  case VTC_TYPE_F32: *out = VTC_HW_F32; return true;
  case VTC_TYPE_F64: *out = VTC_HW_F64; return true;
  case VTC_TYPE_INTEGER:
    if (t->width == 8) *out = VTC_HW_I8;
    else if (t->width == 32) *out = VTC_HW_I32;
    else return false;
    return true;
  default: return false;
  }
}

static const char *type_name(const vtc_type *t, char *buf, size_t n) {
  vtc_strbuf b = {0};
  vtc_print_type_to(t, &b);
  snprintf(buf, n, "%s", b.data ? b.data : "?");
  vtc_strbuf_free(&b);
  return buf;
}

/* ---- the body: yield (casts of) mul((casts of) load, (casts of) load) --------------- */

static bool is_float_cast(const vtc_op *op) {
  return vtc_op_is_named(op, "arith.extf") || vtc_op_is_named(op, "arith.truncf");
}

/* The value under any float casts. */
static vtc_value *peel_casts(vtc_value *v, unsigned *casts) {
  while (v->def_op && is_float_cast(v->def_op) && v->def_op->num_operands == 1) {
    v = vtc_op_operand(v->def_op, 0);
    (*casts)++;
  }
  return v;
}

static bool body_loads(classifier *cl, vtc_op **lhs, vtc_op **rhs, vtc_op **mul) {
  vtc_op *c = cl->compute;
  vtc_op *y = vtc_te_compute_yield(c);
  if (!y) return reject(cl, VORTEX_REJECT_BODY, "the body has no te.yield");
  unsigned casts = 0;
  vtc_value *p = peel_casts(vtc_te_yield_value(y), &casts);
  vtc_op *m = p->def_op;
  if (!m || !(vtc_op_is_named(m, "arith.mulf") || vtc_op_is_named(m, "arith.muli")))
    return reject(cl, VORTEX_REJECT_BODY, "the body does not yield a product (arith.mulf) of two loads");
  vtc_value *x = peel_casts(vtc_op_operand(m, 0), &casts), *z = peel_casts(vtc_op_operand(m, 1), &casts);
  if (!x->def_op || !vtc_te_is_load(x->def_op) || !z->def_op || !vtc_te_is_load(z->def_op))
    return reject(cl, VORTEX_REJECT_BODY, "a factor of the product is not a te.load (or a cast of one)");
  if (vtc_te_load_num_extra(x->def_op) || vtc_te_load_num_extra(z->def_op))
    return reject(cl, VORTEX_REJECT_MAP, "an operand is read at data-dependent indices (a gather)");
  /* Nothing else may happen in the body: constants only. */
  unsigned expected = 2 + casts + 2; /* two loads, the casts, the product, the yield */
  unsigned count = 0;
  for (vtc_op *o = vtc_te_compute_body(c)->first; o; o = o->next) {
    if (vtc_op_is_named(o, "arith.constant")) continue;
    count++;
  }
  if (count != expected || x->def_op == z->def_op)
    return reject(cl, VORTEX_REJECT_BODY, "the body computes more than a product of two loads");
  *lhs = x->def_op;
  *rhs = z->def_op;
  *mul = m;
  return true;
}

/* ---- index maps as linear forms --------------------------------------------------- */

/* sum(coef[d] * d) + constant + (group_dim floordiv group_q) * group_r. */
typedef struct linear {
  int64_t coef[VORTEX_MAX_DIMS];
  int64_t constant;
  int group_dim;
  int64_t group_q, group_r;
} linear;

static bool linearize(const vtc_affine_expr *e, int64_t scale, unsigned num_dims, linear *l) {
  int64_t t;
  switch (e->kind) {
  case VTC_AFFINE_DIM:
    if (e->value < 0 || (unsigned)e->value >= num_dims) return false;
    return !__builtin_add_overflow(l->coef[e->value], scale, &l->coef[e->value]);
  case VTC_AFFINE_CONST:
    return !__builtin_mul_overflow(e->value, scale, &t) && !__builtin_add_overflow(l->constant, t, &l->constant);
  case VTC_AFFINE_ADD: return linearize(e->lhs, scale, num_dims, l) && linearize(e->rhs, scale, num_dims, l);
  case VTC_AFFINE_MUL:
    if (e->rhs->kind == VTC_AFFINE_CONST && !__builtin_mul_overflow(scale, e->rhs->value, &t))
      return linearize(e->lhs, t, num_dims, l);
    if (e->lhs->kind == VTC_AFFINE_CONST && !__builtin_mul_overflow(scale, e->lhs->value, &t))
      return linearize(e->rhs, t, num_dims, l);
    return false;
  case VTC_AFFINE_FLOORDIV:
    if (l->group_dim >= 0 || e->lhs->kind != VTC_AFFINE_DIM || e->rhs->kind != VTC_AFFINE_CONST ||
        e->rhs->value <= 0 || e->lhs->value < 0 || (unsigned)e->lhs->value >= num_dims)
      return false;
    l->group_dim = (int)e->lhs->value;
    l->group_q = e->rhs->value;
    l->group_r = scale;
    return true;
  default: return false; /* symbols, mod, ceildiv */
  }
}

/* The dims with a non-zero coefficient (at most two are reported). */
static unsigned used_dims(const linear *l, unsigned num_dims, unsigned *first, unsigned *second) {
  unsigned k = 0;
  for (unsigned d = 0; d < num_dims; d++) {
    if (!l->coef[d]) continue;
    if (k == 0) *first = d;
    else if (k == 1) *second = d;
    k++;
  }
  return k;
}

typedef enum index_kind {
  INDEX_CONSTANT, /* broadcast: one element along this index */
  INDEX_PLAIN,    /* one dim, coefficient 1, plus a constant >= 0 (a slice's offset) */
  INDEX_SPATIAL,  /* out * stride + kernel * dilation + constant */
  INDEX_GROUPED,  /* (n floordiv q) * r + c */
} index_kind;

typedef struct operand_info {
  unsigned num_results;
  linear lin[VTC_MAX_RANK];
  index_kind kind[VTC_MAX_RANK];
  bool uses[VORTEX_MAX_DIMS]; /* read through a plain or spatial index */
} operand_info;

static bool analyze_operand(classifier *cl, const vtc_affine_map *m, unsigned rank, operand_info *info,
                            const char *which) {
  unsigned nd = m->num_dims;
  if (m->num_results > VTC_MAX_RANK)
    return reject(cl, VORTEX_REJECT_RANK, "operand %s has more than %d indices", which, VTC_MAX_RANK);
  memset(info, 0, sizeof *info);
  info->num_results = m->num_results;
  for (unsigned j = 0; j < m->num_results; j++) {
    linear *l = &info->lin[j];
    l->group_dim = -1;
    vtc_strbuf s = {0};
    vtc_affine_expr_print(m->results[j], &s);
    bool ok = linearize(m->results[j], 1, nd, l);
    unsigned d0 = 0, d1 = 0, k = ok ? used_dims(l, nd, &d0, &d1) : 0;
    if (ok && k == 0 && l->group_dim < 0) info->kind[j] = INDEX_CONSTANT;
    else if (ok && k == 1 && l->group_dim < 0 && l->coef[d0] == 1 && l->constant >= 0) info->kind[j] = INDEX_PLAIN;
    else if (ok && k == 2 && l->group_dim < 0 && d0 < rank && d1 >= rank && l->coef[d0] > 0 && l->coef[d1] > 0)
      info->kind[j] = INDEX_SPATIAL;
    else if (ok && k == 1 && l->group_dim >= 0 && (unsigned)l->group_dim < rank && d0 >= rank && l->coef[d0] == 1 &&
             l->constant == 0 && l->group_r > 0)
      info->kind[j] = INDEX_GROUPED;
    else ok = false;
    if (!ok) {
      reject(cl, VORTEX_REJECT_MAP,
             "index %u of operand %s is `%s`: neither an iteration dim, a constant, nor an implicit-GEMM "
             "convolution index",
             j, which, s.data ? s.data : "");
      vtc_strbuf_free(&s);
      return false;
    }
    vtc_strbuf_free(&s);
    for (unsigned d = 0; d < nd; d++) {
      if (!l->coef[d]) continue;
      if (info->uses[d])
        return reject(cl, VORTEX_REJECT_MAP, "operand %s reads dim d%u at two indices (a diagonal)", which, d);
      info->uses[d] = true;
    }
  }
  return true;
}

/* A "spatial" index of A whose output dim B reads too is a grouped channel
 * with one output channel per group step: (n floordiv 1) * r + c, which the
 * affine constructors simplify to n * r + c (depthwise convolutions). */
static void channels_as_groups(operand_info *a, const operand_info *b) {
  for (unsigned j = 0; j < a->num_results; j++) {
    linear *l = &a->lin[j];
    unsigned d0 = 0, d1 = 0;
    if (a->kind[j] != INDEX_SPATIAL) continue;
    used_dims(l, VORTEX_MAX_DIMS, &d0, &d1);
    if (!b->uses[d0] || l->constant != 0 || l->coef[d1] != 1) continue;
    a->kind[j] = INDEX_GROUPED;
    l->group_dim = (int)d0;
    l->group_q = 1;
    l->group_r = l->coef[d0];
    l->coef[d0] = 0;
    a->uses[d0] = false;
  }
}

static bool has_composite(const operand_info *o) {
  for (unsigned j = 0; j < o->num_results; j++)
    if (o->kind[j] == INDEX_SPATIAL || o->kind[j] == INDEX_GROUPED) return true;
  return false;
}

/* ---- roles and extents ------------------------------------------------------------- */

static void fill_extent(vortex_extent *x, const vtc_affine_expr *e) {
  x->expr = e;
  x->value = e->kind == VTC_AFFINE_CONST ? e->value : VTC_DYNAMIC;
  x->symbol = e->kind == VTC_AFFINE_SYMBOL ? (int)e->value : -1;
}

/* A reshape composed into a load indexes its tensor by x floordiv c at one
 * dim and x mod c at a later one of extent c, with only size-1 dims read at
 * 0 between them (gpt2's heads merged back: (b, k floordiv 64, 0, k mod
 * 64)): in the row-major tensor that is x over the dims between, merged. A
 * map in that form, each such pair merged (into `shape`, `rank`); the map
 * itself when there is none. */
static const vtc_affine_map *merge_reshapes(vtc_context *ctx, const vtc_affine_map *m, const vtc_type *t,
                                            int64_t *shape, unsigned *rank) {
  const vtc_affine_expr *res[VTC_MAX_RANK];
  unsigned n = m->num_results;
  *rank = 0;
  if (n > VTC_MAX_RANK) return m; /* analyze_operand rejects it */
  for (unsigned r = 0; r < n; r++) res[r] = m->results[r], shape[r] = vtc_tensor_dim(t, r);
  bool merged = false;
  for (unsigned i = 0; i < n; i++) {
    const vtc_affine_expr *q = res[i];
    if (q->kind != VTC_AFFINE_FLOORDIV || q->lhs->kind != VTC_AFFINE_DIM || q->rhs->kind != VTC_AFFINE_CONST) continue;
    unsigned j = i + 1;
    while (j < n && res[j]->kind == VTC_AFFINE_CONST && res[j]->value == 0 && shape[j] == 1) j++;
    const vtc_affine_expr *r = j < n ? res[j] : NULL;
    if (!r || r->kind != VTC_AFFINE_MOD || r->lhs->kind != VTC_AFFINE_DIM || r->lhs->value != q->lhs->value ||
        r->rhs->kind != VTC_AFFINE_CONST || r->rhs->value != q->rhs->value || shape[j] != q->rhs->value)
      continue;
    res[i] = q->lhs;
    shape[i] = shape[i] == VTC_DYNAMIC ? VTC_DYNAMIC : shape[i] * shape[j];
    unsigned gone = j - i;
    for (unsigned k = j + 1; k < n; k++) res[k - gone] = res[k], shape[k - gone] = shape[k];
    n -= gone;
    merged = true;
  }
  *rank = n;
  if (!merged) return m;
  return vtc_affine_map_get(ctx, m->num_dims, m->num_symbols, n, res);
}

static void fill_operand(vortex_operand *o, vtc_op *compute, vtc_op *load) {
  o->load = load;
  o->input = (unsigned)vtc_te_compute_input_index(compute, vtc_te_load_input(load));
  o->map = merge_reshapes(vtc_op_context(compute), vtc_te_load_map(load), vtc_te_load_input(load)->type, o->shape,
                          &o->rank);
  o->elem = vtc_te_load_input(load)->type->element;
  o->padded = vtc_te_load_padding(load) != NULL;
  hw_dtype_of(o->elem, &o->dtype);
}

static bool assign_roles(classifier *cl, const operand_info *a, const operand_info *b) {
  vortex_contraction *c = cl->out;
  for (unsigned d = 0; d < c->num_dims; d++) {
    bool ua = a->uses[d], ub = b->uses[d];
    if (d >= c->rank) {
      if (!ua || !ub)
        return reject(cl, VORTEX_REJECT_MAP, "reduction dim d%u is read by %s only: a sum over one factor", d,
                      ua ? "A" : ub ? "B" : "neither operand,");
      c->role[d] = VORTEX_ROLE_K;
    } else {
      c->role[d] = ua && ub ? VORTEX_ROLE_BATCH : ua ? VORTEX_ROLE_M : ub ? VORTEX_ROLE_N : VORTEX_ROLE_BATCH;
    }
    vortex_role r = c->role[d];
    c->role_dims[r][c->num_role_dims[r]++] = d;
  }
  return true;
}

/* ---- convolutions -------------------------------------------------------------------- */

static bool conv_params(classifier *cl, const operand_info *a) {
  vortex_contraction *c = cl->out;
  vortex_conv *v = &c->conv;
  v->group_n_dim = -1;
  v->groups = 1;
  for (unsigned j = 0; j < a->num_results; j++) {
    const linear *l = &a->lin[j];
    unsigned d0 = 0, d1 = 0;
    used_dims(l, c->num_dims, &d0, &d1);
    if (a->kind[j] == INDEX_SPATIAL) {
      if (v->num_spatial == VORTEX_MAX_SPATIAL)
        return reject(cl, VORTEX_REJECT_RANK, "a convolution of more than %d spatial dims", VORTEX_MAX_SPATIAL);
      unsigned s = v->num_spatial++;
      v->out_dim[s] = d0;
      v->kernel_dim[s] = d1;
      v->stride[s] = l->coef[d0];
      v->dilation[s] = l->coef[d1];
      v->pad[s] = -l->constant;
      if (c->role[d0] != VORTEX_ROLE_M)
        return reject(cl, VORTEX_REJECT_MAP, "the filter reads the output position d%u of a convolution", d0);
    } else if (a->kind[j] == INDEX_GROUPED) {
      const vortex_extent *n = &c->extent[l->group_dim];
      if (n->value == VTC_DYNAMIC || n->value % l->group_q)
        return reject(cl, VORTEX_REJECT_MAP, "grouped convolution with a dynamic or uneven channel count");
      v->groups = n->value / l->group_q;
      v->group_n_dim = l->group_dim;
      if (c->extent[d0].value == 1 && v->groups > 1)
        return reject(cl, VORTEX_REJECT_DEPTHWISE,
                      "depthwise convolution (%lld groups of one input channel): K is the kernel window only, "
                      "no GEMM; it stays a plain TE",
                      (long long)v->groups);
    }
  }
  if (v->num_spatial == 0 && v->groups == 1)
    return reject(cl, VORTEX_REJECT_MAP, "composite indices that are no convolution");
  return true;
}

/* ---- the classifier -------------------------------------------------------------------- */

static bool classify(classifier *cl) {
  vtc_op *comp = cl->compute;
  vortex_contraction *c = cl->out;
  char b1[64], b2[64];
  if (!vtc_te_is_compute(comp)) return reject(cl, VORTEX_REJECT_BODY, "not a te.compute");
  const vtc_affine_map *red = vtc_te_compute_reduce(comp);
  if (!red) return reject(cl, VORTEX_REJECT_NO_SUM, "no reduction (an element-wise TE)");
  if (vtc_te_compute_combiner(comp) != VTC_TE_COMBINER_SUM)
    return reject(cl, VORTEX_REJECT_NO_SUM, "a %s reduction, not a sum",
                  vtc_te_combiner_name(vtc_te_compute_combiner(comp)));
  c->compute = comp;
  c->rank = vtc_te_compute_rank(comp);
  c->num_dims = c->rank + vtc_te_compute_num_reduce(comp);
  if (c->num_dims > VORTEX_MAX_DIMS)
    return reject(cl, VORTEX_REJECT_RANK, "%u iteration dims (at most %d)", c->num_dims, VORTEX_MAX_DIMS);
  vtc_op *lhs = NULL, *rhs = NULL, *mul = NULL;
  if (!body_loads(cl, &lhs, &rhs, &mul)) return false;
  /* Element types. */
  const vtc_type *ta = vtc_te_load_input(lhs)->type->element, *tb = vtc_te_load_input(rhs)->type->element;
  const vtc_type *tacc = vtc_op_result(mul, 0)->type, *tout = vtc_te_compute_type(comp)->element;
  vtc_hw_dtype da, db, dacc, dout;
  bool known = hw_dtype_of(ta, &da) && hw_dtype_of(tb, &db) && hw_dtype_of(tacc, &dacc) && hw_dtype_of(tout, &dout);
  bool supported = known && (da == VTC_HW_F16 || da == VTC_HW_BF16 || da == VTC_HW_F32) &&
                   (dacc == VTC_HW_F16 || dacc == VTC_HW_BF16 || dacc == VTC_HW_F32) &&
                   (dout == VTC_HW_F16 || dout == VTC_HW_BF16 || dout == VTC_HW_F32);
  if (!supported)
    return reject(cl, VORTEX_REJECT_DTYPE, "element types %s x %s -> %s: Vortex kernels take f16, bf16 or f32",
                  type_name(ta, b1, sizeof b1), type_name(tb, b2, sizeof b2),
                  type_name(tout, (char[64]){0}, 64));
  if (da != db)
    return reject(cl, VORTEX_REJECT_DTYPE, "mixed input element types %s and %s", type_name(ta, b1, sizeof b1),
                  type_name(tb, b2, sizeof b2));
  /* Index maps. */
  operand_info ia, ib;
  vortex_operand oa, ob;
  fill_operand(&oa, comp, lhs);
  fill_operand(&ob, comp, rhs);
  if (!analyze_operand(cl, oa.map, c->rank, &ia, "A") || !analyze_operand(cl, ob.map, c->rank, &ib, "B"))
    return false;
  if (has_composite(&ib)) {
    if (has_composite(&ia))
      return reject(cl, VORTEX_REJECT_MAP, "both operands have composite indices (no implicit GEMM)");
    operand_info t = ia;
    ia = ib;
    ib = t;
    vtc_op *x = lhs;
    lhs = rhs;
    rhs = x;
    vortex_operand o = oa;
    oa = ob;
    ob = o;
  }
  channels_as_groups(&ia, &ib);
  c->op_class = has_composite(&ia) ? VORTEX_CONV : VORTEX_MATMUL;
  if (vtc_te_load_padding(rhs) || (vtc_te_load_padding(lhs) && c->op_class == VORTEX_MATMUL))
    return reject(cl, VORTEX_REJECT_MAP, "a padded read outside a convolution's input");
  const vtc_attr *pad = vtc_te_load_padding(lhs);
  if (pad && !((pad->kind == VTC_ATTR_FLOAT && pad->f == 0) || (pad->kind == VTC_ATTR_INTEGER && pad->i == 0)))
    return reject(cl, VORTEX_REJECT_MAP, "the convolution input is padded with a value other than 0");
  const vtc_affine_map *shape = vtc_te_compute_shape(comp);
  for (unsigned d = 0; d < c->num_dims; d++)
    fill_extent(&c->extent[d], d < c->rank ? shape->results[d] : red->results[d - c->rank]);
  c->a = oa;
  c->b = ob;
  c->acc_dtype = dacc;
  c->out_dtype = dout;
  if (!assign_roles(cl, &ia, &ib)) return false;
  return c->op_class == VORTEX_MATMUL || conv_params(cl, &ia);
}

bool vortex_classify_compute_ex(vtc_op *compute, vortex_contraction *out, vortex_reject *rej, char *why, size_t n) {
  vortex_contraction scratch;
  if (!out) out = &scratch;
  memset(out, 0, sizeof *out);
  if (why && n) why[0] = 0;
  classifier cl = {compute, out, VORTEX_REJECT_NONE, why, n};
  bool ok = classify(&cl);
  if (rej) *rej = ok ? VORTEX_REJECT_NONE : cl.reject;
  if (!ok) memset(out, 0, sizeof *out);
  return ok;
}

bool vortex_classify_compute(vtc_op *compute, vortex_contraction *out, char *why, size_t n) {
  return vortex_classify_compute_ex(compute, out, NULL, why, n);
}

int64_t vortex_role_size(const vortex_contraction *c, vortex_role r) {
  int64_t size = 1;
  for (unsigned i = 0; i < c->num_role_dims[r]; i++) {
    unsigned d = c->role_dims[r][i];
    int64_t e = c->extent[d].value;
    if (e == VTC_DYNAMIC) return VTC_DYNAMIC;
    if (c->op_class == VORTEX_CONV && c->conv.groups > 1 && (int)d == c->conv.group_n_dim) e /= c->conv.groups;
    if (__builtin_mul_overflow(size, e, &size)) return VTC_DYNAMIC;
  }
  if (r == VORTEX_ROLE_BATCH && c->op_class == VORTEX_CONV && c->conv.groups > 1 &&
      __builtin_mul_overflow(size, c->conv.groups, &size))
    return VTC_DYNAMIC;
  return size;
}

/* ---- the attribute ----------------------------------------------------------------------- */

static const vtc_attr *str_array(vtc_context *ctx, unsigned n, const char *const *s) {
  const vtc_attr *elems[VORTEX_MAX_DIMS + 4];
  for (unsigned i = 0; i < n; i++) elems[i] = vtc_attr_cstring(ctx, s[i]);
  return vtc_attr_array(ctx, n, elems);
}

const vtc_attr *vortex_contraction_attr(vtc_context *ctx, const vortex_contraction *c) {
  const char *roles[VORTEX_MAX_DIMS];
  int64_t extents[VORTEX_MAX_DIMS];
  for (unsigned d = 0; d < c->num_dims; d++) {
    roles[d] = vortex_role_name(c->role[d]);
    extents[d] = c->extent[d].value == VTC_DYNAMIC ? -1 : c->extent[d].value;
  }
  const char *dtypes[] = {vtc_hw_dtype_name(c->a.dtype), vtc_hw_dtype_name(c->b.dtype),
                          vtc_hw_dtype_name(c->acc_dtype), vtc_hw_dtype_name(c->out_dtype)};
  vtc_named_attr e[12];
  unsigned n = 0;
#define ADD(NAME, VALUE) e[n++] = (vtc_named_attr){vtc_str(ctx, NAME), (VALUE)}
  ADD("class", vtc_attr_cstring(ctx, vortex_op_class_name(c->op_class)));
  ADD("roles", str_array(ctx, c->num_dims, roles));
  ADD("a", vtc_attr_i64(ctx, c->a.input));
  ADD("b", vtc_attr_i64(ctx, c->b.input));
  ADD("a_map", vtc_attr_affine_map(ctx, c->a.map));
  ADD("b_map", vtc_attr_affine_map(ctx, c->b.map));
  ADD("dtypes", str_array(ctx, 4, dtypes));
  ADD("extents", vtc_attr_i64_array(ctx, c->num_dims, extents));
  if (c->op_class == VORTEX_CONV) {
    const vortex_conv *v = &c->conv;
    ADD("strides", vtc_attr_i64_array(ctx, v->num_spatial, v->stride));
    ADD("dilations", vtc_attr_i64_array(ctx, v->num_spatial, v->dilation));
    ADD("pads", vtc_attr_i64_array(ctx, v->num_spatial, v->pad));
    ADD("groups", vtc_attr_i64(ctx, v->groups));
  }
#undef ADD
  /* Dictionaries are sorted by name. */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && strcmp(e[j - 1].name, e[j].name) > 0; j--) {
      vtc_named_attr t = e[j];
      e[j] = e[j - 1];
      e[j - 1] = t;
    }
  return vtc_attr_dictionary(ctx, n, e);
}

bool vortex_has_gemm_form(const vortex_contraction *c) {
  if (c->op_class != VORTEX_CONV) return true;
  const vortex_conv *cv = &c->conv;
  if (cv->groups != 1) return false;
  for (unsigned s = 0; s < cv->num_spatial; s++)
    if (c->extent[cv->kernel_dim[s]].value != 1 || cv->stride[s] != 1 || cv->pad[s] != 0) return false;
  return true;
}
