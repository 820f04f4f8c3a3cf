/* A fused softmax kernel for lower-te-to-gir. Softmax along the last axis is
 * four TEs (lower-graph-to-te: m = max_k x, e = exp(x - m), s = sum_k e,
 * y = e / s); one kernel each moves the tensor six times through memory and
 * caps a memory-bound softmax at a third of the copy bandwidth. Until
 * Souffle's general TE fusion comes, this recognises that chain and emits
 * one kernel in which a group of units owns a row and walks it three times:
 * the max, the sum of exp(x - max), then y = exp(x - max) / sum. The row is
 * read from memory once and re-read from cache; partial results of the
 * group's units meet in shared memory behind block syncs (a GPU block of 4
 * warps per row; one unit per row on a CPU, where no sync is needed).
 *
 * Where the papers are silent: the chain is recognised by its structure (the
 * four computes, their maps and body ops, each intermediate used only inside
 * the chain); the masked softmax of attention (with its -inf selects) is
 * left alone. Padding the row's tail with -inf keeps it out of max and sum.
 *
 * Prologue (softmax-prologue): when x is made by an element-wise TE that
 * only the chain reads (an attention's scores times 1/sqrt(d)), the kernel
 * loads that TE's input and applies its body, op for op, as it loads each
 * chunk: the scaled scores make no kernel and no trip through memory of
 * their own. Only a TE reading one tensor at x's index plus splat
 * constants, and only in rows walked in whole chunks (a padded -inf would
 * go through the body). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

/* ---- recognising the chain ---------------------------------------------------------- */

/* The load map reads (d0, ..., d_{n-1}) in order. */
static bool identity_load(const vtc_op *load, unsigned n) {
  const vtc_affine_map *m = vtc_te_load_map(load);
  if (m->num_results != n) return false;
  for (unsigned i = 0; i < n; i++)
    if (m->results[i]->kind != VTC_AFFINE_DIM || m->results[i]->value != (int64_t)i) return false;
  return true;
}

/* The body's ops other than te.load, te.yield and float conversions are
 * exactly `names` (in order); every load reads with an identity map, over
 * all `rank` dims (a row element) or the first rank - 1 (its statistic). */
static bool body_is(const vtc_op *c, unsigned rank, const char *const *names, unsigned n) {
  unsigned k = 0, dims = vtc_te_compute_rank(c) + vtc_te_compute_num_reduce(c);
  for (vtc_op *op = vtc_te_compute_body(c)->first; op; op = op->next) {
    const char *name = op->name->name;
    if (vtc_te_is_load(op)) {
      if (vtc_te_load_num_extra(op) || vtc_te_load_padding(op)) return false;
      const vtc_affine_map *m = vtc_te_load_map(op);
      if (!identity_load(op, m->num_results) || (m->num_results != rank && m->num_results != rank - 1) ||
          m->num_results > dims)
        return false;
    } else if (!strcmp(name, "te.yield") || !strcmp(name, "arith.extf") || !strcmp(name, "arith.truncf")) {
      continue;
    } else if (k >= n || strcmp(name, names[k++])) {
      return false;
    }
  }
  return k == n;
}

static vtc_op *compute_of(vtc_value *v) {
  return v && v->def_op && vtc_te_is_compute(v->def_op) ? v->def_op : NULL;
}

/* Every use of v is by a or b, as an operand or by a te.load of its body. */
static bool used_only_by(vtc_value *v, vtc_op *a, vtc_op *b) {
  for (vtc_use *u = v->first_use; u; u = u->next) {
    vtc_op *user = vtc_te_is_load(u->owner) ? vtc_op_parent_op(u->owner) : u->owner;
    if (user != a && user != b) return false;
  }
  return true;
}

static bool is_reduction(const vtc_op *c, vtc_te_combiner comb, unsigned rank) {
  return vtc_te_compute_combiner(c) == comb && vtc_te_compute_num_reduce(c) == 1 &&
         vtc_te_compute_rank(c) == rank - 1 && vtc_te_compute_num_inputs(c) == 1;
}

/* v is (an extension of) a te.load of input `i` of compute c. */
static bool loads_input(const vtc_op *c, vtc_value *v, unsigned i) {
  if (v->def_op && vtc_op_is_named(v->def_op, "arith.extf")) v = vtc_op_operand(v->def_op, 0);
  return v->def_op && vtc_te_is_load(v->def_op) && vtc_te_load_input(v->def_op) == vtc_te_compute_input(c, i);
}

/* The first op named `name` of c's body reads (input 0) op (input 1). */
static bool ordered(const vtc_op *c, const char *name) {
  for (vtc_op *op = vtc_te_compute_body(c)->first; op; op = op->next)
    if (vtc_op_is_named(op, name))
      return loads_input(c, vtc_op_operand(op, 0), 0) && loads_input(c, vtc_op_operand(op, 1), 1);
  return false;
}

bool t2g_match_softmax(vtc_op *y, t2g_softmax *out) {
  static const char *const max_ops[] = {NULL}, *const exp_ops[] = {"arith.subf", "math.exp"};
  static const char *const sum_ops[] = {NULL}, *const div_ops[] = {"arith.divf"};
  if (!vtc_te_is_compute(y) || vtc_te_compute_num_reduce(y) || vtc_te_compute_num_inputs(y) != 2) return false;
  vtc_op *e = compute_of(vtc_te_compute_input(y, 0)), *s = compute_of(vtc_te_compute_input(y, 1));
  if (!e || !s || vtc_te_compute_num_reduce(e) || vtc_te_compute_num_inputs(e) != 2) return false;
  vtc_value *x = vtc_te_compute_input(e, 0);
  vtc_op *m = compute_of(vtc_te_compute_input(e, 1));
  unsigned rank = vtc_te_compute_rank(y);
  if (!m || rank < 1 || vtc_te_compute_rank(e) != rank || x->type->rank != rank) return false;
  if (!is_reduction(m, VTC_TE_COMBINER_MAX, rank) || vtc_te_compute_input(m, 0) != x) return false;
  if (!is_reduction(s, VTC_TE_COMBINER_SUM, rank) || vtc_te_compute_input(s, 0) != vtc_op_result(e, 0)) return false;
  if (!body_is(m, rank, max_ops, 0) || !body_is(e, rank, exp_ops, 2) || !body_is(s, rank, sum_ops, 0) ||
      !body_is(y, rank, div_ops, 1))
    return false;
  /* The operands in their roles: x - m, e / s. */
  if (!ordered(e, "arith.subf") || !ordered(y, "arith.divf")) return false;
  if (!used_only_by(vtc_op_result(m, 0), e, e) || !used_only_by(vtc_op_result(e, 0), s, y) ||
      !used_only_by(vtc_op_result(s, 0), y, y))
    return false;
  *out = (t2g_softmax){.m = m, .e = e, .s = s, .y = y, .x = x};
  return true;
}

vtc_value *t2g_softmax_input(const t2g_softmax *sm) {
  return sm->pro ? vtc_te_compute_input(sm->pro, sm->z_input) : vtc_te_compute_input(sm->e, 0);
}

/* The chunk width V and the units G sharing a row (the kernel's choice). */
static void chunking(const t2g_state *S, const t2g_softmax *sm, int64_t *V, int64_t *G) {
  *V = t2g_max_lanes(S->opts, vtc_te_compute_type(sm->m)->element);
  *G = S->opts->hierarchy == VTC_GIR_HIER_GPU ? S->opts->group_size : 1;
}

/* The body of p only computes on its loads: arith and math ops on values of
 * the body (no index arguments), loads of `z` at the identity map over all
 * rank dims or of splat constants. */
static bool prologue_body_ok(vtc_op *p, unsigned rank, vtc_value **z) {
  vtc_block *b = vtc_te_compute_body(p);
  for (vtc_op *op = b->first; op; op = op->next) {
    if (vtc_te_is_load(op)) {
      vtc_value *in = vtc_te_load_input(op);
      if (vtc_te_load_num_extra(op) || vtc_te_load_padding(op)) return false;
      if (t2g_input_is_folded(in, NULL)) continue;
      if (!identity_load(op, rank) || (*z && *z != in)) return false;
      *z = in;
      continue;
    }
    if (!strcmp(op->name->name, "te.yield")) continue;
    if (strcmp(op->name->dialect, "arith") && strcmp(op->name->dialect, "math")) return false;
    for (unsigned i = 0; i < op->num_operands; i++)
      if (!vtc_op_operand(op, i)->def_op) return false; /* an index argument */
  }
  return *z != NULL;
}

bool t2g_match_softmax_prologue(const t2g_state *S, t2g_softmax *sm) {
  vtc_op *p = compute_of(sm->x);
  unsigned rank = sm->x->type->rank;
  if (!p || vtc_te_compute_num_reduce(p) || vtc_te_compute_num_dests(p) || vtc_te_compute_rank(p) != rank ||
      !used_only_by(sm->x, sm->m, sm->e))
    return false;
  int64_t last = vtc_tensor_dim(sm->x->type, rank - 1), V, G;
  chunking(S, sm, &V, &G);
  if (last == VTC_DYNAMIC || last % (V * G)) return false;
  vtc_value *z = NULL;
  if (!prologue_body_ok(p, rank, &z) || z->type->rank != rank) return false;
  sm->pro = p;
  sm->z_input = (unsigned)vtc_te_compute_input_index(p, z);
  return true;
}

/* ---- the fused kernel ------------------------------------------------------------------ */

/* The walks over a row. On a CPU (f32 out) the sum walk also stores
 * exp(x - max) into y and the last walk scales y in place: one exp per
 * element, the row in cache (a CPU core is bound by the exps). A GPU
 * recomputes the exp instead: it has flops to spare, not bandwidth. */
typedef enum row_pass { PASS_MAX, PASS_SUM, PASS_WRITE, PASS_SUM_STORE, PASS_SCALE } row_pass;

typedef struct sm_kernel {
  t2g_emit *E;
  vtc_context *ctx;
  const vtc_loc *loc;
  vtc_value *x, *y, *n, *base, *k0, *step, *shared; /* x: the buffer loaded (z's with a prologue) */
  const vtc_type *elem, *acc, *out; /* x's element, the accumulation type, y's element */
  const t2g_softmax *sm;            /* sm->pro: applied to each loaded chunk of z */
  int64_t V, G;
  bool whole; /* n is a static multiple of G * V: every chunk is whole, no masks */
} sm_kernel;

/* A scalar op in an elementwise body. */
static vtc_value *op1(t2g_emit *B, const char *name, vtc_value *a, const vtc_type *t) {
  return t2g_op(B, name, 1, &a, t, 0, NULL);
}
static vtc_value *op2(t2g_emit *B, const char *name, vtc_value *a, vtc_value *b) {
  vtc_value *ab[] = {a, b};
  return t2g_op(B, name, 2, ab, a->type, 0, NULL);
}
static vtc_value *convert(t2g_emit *B, vtc_value *v, const vtc_type *to) {
  return t2g_float_cast(&B->at, B->loc, v, to);
}

/* One elementwise gOperator over 1 x V slices (and scalars); `fn` builds the
 * body from its arguments. */
typedef vtc_value *(*body_fn)(t2g_emit *B, vtc_value *const *args, const sm_kernel *K);

static vtc_value *elementwise(const sm_kernel *K, const vtc_type *elem, unsigned n, vtc_value *const *ops,
                              body_fn fn) {
  t2g_emit *E = K->E;
  const vtc_type *rt = vtc_gir_register_type(K->ctx, elem, 1, K->V);
  vtc_op *ew = vtc_gir_build_elementwise(&E->at, K->loc, rt, n, ops, false);
  vtc_block *body = vtc_gir_elementwise_body(ew);
  t2g_emit B;
  t2g_emit_init(&B, K->ctx, K->loc, body);
  vtc_value *r = fn(&B, body->args, K);
  vtc_gir_build_yield(&B.at, K->loc, 1, &r);
  t2g_emit_free(&B);
  return vtc_op_result(ew, 0);
}

/* x > acc ? x : acc, one vmaxps, where arith.maximumf's NaN and signed-zero
 * rules cost five instructions on AVX2. The same outputs: a NaN in the row
 * makes the sum NaN and so every y, and max(-0, +0) shifts no exp. */
static vtc_value *max_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  vtc_value *x = convert(B, a[1], K->acc);
  vtc_value *xa[] = {x, a[0]};
  vtc_named_attr pred = {vtc_str(B->ctx, "predicate"), vtc_attr_i64(B->ctx, (int64_t)VTC_CMPF_OGT)};
  vtc_value *gt = t2g_op(B, "arith.cmpf", 2, xa, vtc_type_integer(B->ctx, 1), 1, &pred);
  return t2g_select(B, gt, x, a[0]);
}
static vtc_value *exp_shift(t2g_emit *B, vtc_value *x, vtc_value *m, const sm_kernel *K) {
  return op1(B, "math.exp", op2(B, "arith.subf", convert(B, x, K->acc), m), K->acc);
}
static vtc_value *sum_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  return op2(B, "arith.addf", a[0], exp_shift(B, a[1], a[2], K));
}
static vtc_value *write_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  return convert(B, op2(B, "arith.divf", exp_shift(B, a[0], a[1], K), a[2]), K->out);
}
static vtc_value *exp_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  return exp_shift(B, a[0], a[1], K);
}
static vtc_value *add_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  return op2(B, "arith.addf", a[0], a[1]);
}
static vtc_value *scale_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  return op2(B, "arith.mulf", a[0], a[1]);
}

/* The 1 x V chunk of the row at k: a view of x (the tail past n padded with
 * -inf, so it adds nothing to max and sum) or of y. */
static vtc_value *chunk_view(const sm_kernel *K, vtc_value *buf, const vtc_type *elem, vtc_value *k, bool pad) {
  t2g_emit *E = K->E;
  const vtc_type *st = vtc_gir_slice_type(K->ctx, VTC_GIR_GLOBAL, elem, 1, K->V, K->V);
  vtc_value *off = t2g_addi(E, K->base, k);
  if (K->whole) return vtc_gir_build_view(&E->at, K->loc, buf, off, st, NULL, NULL, NULL);
  /* n - min(k, n): an unrolled chunk may start past the row (valid 0). */
  vtc_value *valid = t2g_minui(E, t2g_cidx(E, K->V), t2g_subi(E, K->n, t2g_minui(E, k, K->n)));
  vtc_value *v = vtc_gir_build_view(&E->at, K->loc, buf, off, st, NULL, t2g_cidx(E, 1), valid);
  if (pad) vtc_op_set_attr(v->def_op, VTC_GIR_ATTR_PADDING, vtc_attr_float(K->ctx, elem, -INFINITY));
  return v;
}

/* The prologue's body on a chunk of z (args[0]): its ops cloned, its load
 * of z the chunk, its loads of constants their splat values. */
static vtc_value *prologue_body(t2g_emit *B, vtc_value *const *a, const sm_kernel *K) {
  vtc_mapping *map = vtc_mapping_create();
  vtc_value *r = NULL;
  for (vtc_op *op = vtc_te_compute_body(K->sm->pro)->first; op; op = op->next) {
    const vtc_attr *dense;
    if (vtc_te_is_load(op)) {
      vtc_value *v = a[0];
      if (t2g_input_is_folded(vtc_te_load_input(op), &dense))
        v = t2g_dense_const(B, dense, 0);
      vtc_mapping_map_value(map, vtc_op_result(op, 0), v);
    } else if (!strcmp(op->name->name, "te.yield")) {
      r = vtc_mapping_lookup_value(map, vtc_op_operand(op, 0));
    } else {
      vtc_builder_insert_op(&B->at, vtc_op_clone(op, map));
    }
  }
  vtc_mapping_destroy(map);
  return r;
}

/* The chunk of x at k in registers: loaded, or z's loaded and the prologue
 * applied (whole chunks only: no padding). */
static vtc_value *load_x(const sm_kernel *K, vtc_value *k, bool pad) {
  t2g_emit *E = K->E;
  if (!K->sm->pro) {
    const vtc_type *xr = vtc_gir_register_type(K->ctx, K->elem, 1, K->V);
    return vtc_gir_build_copy_to_register(&E->at, K->loc, chunk_view(K, K->x, K->elem, k, pad), xr);
  }
  const vtc_type *ze = t2g_softmax_input(K->sm)->type->element, *zr = vtc_gir_register_type(K->ctx, ze, 1, K->V);
  vtc_value *zv = vtc_gir_build_copy_to_register(&E->at, K->loc, chunk_view(K, K->x, ze, k, false), zr);
  return elementwise(K, K->elem, 1, &zv, prologue_body);
}

/* One walk over the unit's chunks of the row: max, sum of exp(x - m), or the
 * write of y. Returns the unit's 1 x V accumulator (NULL for the write). */
static vtc_value *walk_row(sm_kernel *K, row_pass pass, vtc_value *m, vtc_value *s) {
  t2g_emit *E = K->E;
  const vtc_type *rt = vtc_gir_register_type(K->ctx, K->acc, 1, K->V);
  vtc_value *init = NULL;
  bool accumulates = pass == PASS_MAX || pass == PASS_SUM || pass == PASS_SUM_STORE;
  if (accumulates) {
    vtc_value *c = t2g_const(E, K->acc, 0, pass == PASS_MAX ? -INFINITY : 0.0);
    init = vtc_gir_build_broadcast(&E->at, K->loc, VTC_GIR_AXIS_WIDTH, c, rt);
  }
  vtc_op *loop = vtc_gir_build_for(&E->at, K->loc, K->k0, K->n, K->step, init ? 1 : 0, &init);
  vtc_builder saved = E->at;
  vtc_block *body = vtc_gir_for_body(loop);
  E->at = vtc_builder_at_end(K->ctx, body);
  vtc_value *k = vtc_gir_for_induction_var(loop);
  vtc_value *next = NULL;
  if (pass == PASS_SCALE) { /* y = y * (1 / s), y holding exp(x - max) */
    const vtc_type *yr = vtc_gir_register_type(K->ctx, K->out, 1, K->V);
    vtc_value *yv = vtc_gir_build_copy_to_register(&E->at, K->loc, chunk_view(K, K->y, K->out, k, false), yr);
    vtc_value *ops[] = {yv, s};
    vtc_gir_build_copy(&E->at, K->loc, elementwise(K, K->out, 2, ops, scale_body), chunk_view(K, K->y, K->out, k, false));
    vtc_gir_build_yield(&E->at, K->loc, 0, NULL);
    E->at = saved;
    return NULL;
  }
  vtc_value *xv = load_x(K, k, true);
  if (pass == PASS_SUM_STORE) {
    vtc_value *eops[] = {xv, m};
    vtc_value *ev = elementwise(K, K->acc, 2, eops, exp_body);
    vtc_gir_build_copy(&E->at, K->loc, ev, chunk_view(K, K->y, K->out, k, false));
    vtc_value *ops[] = {body->args[1], ev};
    next = elementwise(K, K->acc, 2, ops, add_body);
  } else if (pass == PASS_MAX) {
    vtc_value *ops[] = {body->args[1], xv};
    next = elementwise(K, K->acc, 2, ops, max_body);
  } else if (pass == PASS_SUM) {
    vtc_value *ops[] = {body->args[1], xv, m};
    next = elementwise(K, K->acc, 3, ops, sum_body);
  } else {
    vtc_value *ops[] = {xv, m, s};
    vtc_value *yv = elementwise(K, K->out, 3, ops, write_body);
    vtc_gir_build_copy(&E->at, K->loc, yv, chunk_view(K, K->y, K->out, k, false));
  }
  vtc_gir_build_yield(&E->at, K->loc, next ? 1 : 0, &next);
  E->at = saved;
  return next ? vtc_op_result(loop, 0) : NULL;
}

/* The row's total from each unit's 1 x V accumulator: reduced along the
 * width, then across the group's units through shared memory. A scalar. */
static vtc_value *row_total(sm_kernel *K, vtc_value *acc, vtc_gir_combiner comb) {
  t2g_emit *E = K->E;
  vtc_value *r = vtc_gir_build_reduce(&E->at, K->loc, comb, VTC_GIR_AXIS_WIDTH, acc);
  if (K->G > 1) {
    vtc_value *w = vtc_gir_build_id(&E->at, K->loc, VTC_GIR_DIM_UNIT_IN_GROUP);
    const vtc_type *one = vtc_gir_slice_type(K->ctx, VTC_GIR_SHARED, K->acc, 1, 1, 1);
    const vtc_type *all = vtc_gir_slice_type(K->ctx, VTC_GIR_SHARED, K->acc, 1, K->G, K->G);
    vtc_gir_build_copy(&E->at, K->loc, r, vtc_gir_build_view(&E->at, K->loc, K->shared, w, one, NULL, NULL, NULL));
    vtc_gir_build_sync(&E->at, K->loc, VTC_GIR_SCOPE_BLOCK, 1, &K->shared);
    vtc_value *v = vtc_gir_build_view(&E->at, K->loc, K->shared, t2g_cidx(E, 0), all, NULL, NULL, NULL);
    vtc_value *g = vtc_gir_build_copy_to_register(&E->at, K->loc, v, vtc_gir_register_type(K->ctx, K->acc, 1, K->G));
    r = vtc_gir_build_reduce(&E->at, K->loc, comb, VTC_GIR_AXIS_WIDTH, g);
    /* The next total writes the scratch again: everyone must have read it. */
    vtc_gir_build_sync(&E->at, K->loc, VTC_GIR_SCOPE_BLOCK, 1, &K->shared);
  }
  return vtc_gir_build_extract(&E->at, K->loc, r, 0, 0);
}

/* A row short enough to stay in registers (a GPU unit's few chunks):
 * loaded once, then the three walks run on the registers, so the row moves
 * through memory once each way. */
enum { MAX_REGISTER_CHUNKS = 16 };

static vtc_value *fold(const sm_kernel *K, vtc_value *acc, vtc_value *x, vtc_value *m, body_fn fn) {
  vtc_value *ops[] = {acc, x, m};
  return elementwise(K, K->acc, m ? 3 : 2, ops, fn);
}

static void softmax_in_registers(sm_kernel *K, int64_t chunks) {
  t2g_emit *E = K->E;
  vtc_value *xv[MAX_REGISTER_CHUNKS], *ks[MAX_REGISTER_CHUNKS];
  const vtc_type *rt = vtc_gir_register_type(K->ctx, K->acc, 1, K->V);
  for (int64_t c = 0; c < chunks; c++) {
    ks[c] = t2g_addi(E, K->k0, t2g_cidx(E, c * K->G * K->V));
    xv[c] = load_x(K, ks[c], true);
  }
  vtc_value *acc = vtc_gir_build_broadcast(&E->at, K->loc, VTC_GIR_AXIS_WIDTH, t2g_const(E, K->acc, 0, -INFINITY), rt);
  for (int64_t c = 0; c < chunks; c++) acc = fold(K, acc, xv[c], NULL, max_body);
  vtc_value *m = row_total(K, acc, VTC_GIR_MAX);
  acc = vtc_gir_build_broadcast(&E->at, K->loc, VTC_GIR_AXIS_WIDTH, t2g_const(E, K->acc, 0, 0.0), rt);
  for (int64_t c = 0; c < chunks; c++) acc = fold(K, acc, xv[c], m, sum_body);
  vtc_value *s = row_total(K, acc, VTC_GIR_SUM);
  for (int64_t c = 0; c < chunks; c++) {
    vtc_value *ops[] = {xv[c], m, s};
    vtc_value *yv = elementwise(K, K->out, 3, ops, write_body);
    vtc_gir_build_copy(&E->at, K->loc, yv, chunk_view(K, K->y, K->out, ks[c], false));
  }
}

vtc_op *t2g_build_softmax_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                                 const t2g_softmax *sm, int64_t *units_per_row) {
  vtc_context *ctx = S->ctx;
  const vtc_type *xt = sm->x->type, *yt = vtc_te_compute_type(sm->y);
  const vtc_type *params[] = {t2g_buffer_type(ctx, t2g_softmax_input(sm)->type), t2g_buffer_type(ctx, yt)};
  sm_kernel K = {.ctx = ctx, .loc = loc, .elem = xt->element, .out = yt->element, .sm = sm};
  K.acc = vtc_te_compute_type(sm->m)->element;
  /* GPU: the group's warps share a row; CPU: one unit per row. */
  chunking(S, sm, &K.V, &K.G);
  vtc_gir_hierarchy h = (vtc_gir_hierarchy)S->opts->hierarchy;
  vtc_op *kernel = vtc_gir_build_kernel(mb, loc, name, 2, params, h, K.G, h == VTC_GIR_HIER_GPU ? 32 : K.V);
  vtc_block *kb = vtc_gir_kernel_body(kernel);
  t2g_emit E;
  t2g_emit_init(&E, ctx, loc, kb);
  E.nonneg_dims = 0;
  K.E = &E;
  K.x = kb->args[0];
  K.y = kb->args[1];
  unsigned rank = xt->rank;
  vtc_value *rows = t2g_cidx(&E, 1);
  for (unsigned d = 0; d + 1 < rank; d++) {
    int64_t size = vtc_tensor_dim(xt, d);
    rows = t2g_muli(&E, rows, size == VTC_DYNAMIC ? vtc_gir_build_dim(&E.at, loc, K.x, d) : t2g_cidx(&E, size));
  }
  int64_t last = vtc_tensor_dim(xt, rank - 1);
  K.whole = last != VTC_DYNAMIC && last % (K.G * K.V) == 0;
  K.n = last == VTC_DYNAMIC ? vtc_gir_build_dim(&E.at, loc, K.x, rank - 1) : t2g_cidx(&E, last);
  if (K.G > 1) {
    int64_t g = K.G;
    K.shared = vtc_gir_build_alloc(&E.at, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, K.acc, 1, &g), 0, NULL);
  }
  /* Groups take contiguous blocks of rows; the units of a group split each
   * row into interleaved chunks of V. */
  vtc_value *g = vtc_gir_build_id(&E.at, loc, VTC_GIR_DIM_GROUP);
  vtc_value *groups = vtc_gir_build_count(&E.at, loc, VTC_GIR_DIM_GROUP);
  vtc_value *w = K.G > 1 ? vtc_gir_build_id(&E.at, loc, VTC_GIR_DIM_UNIT_IN_GROUP) : t2g_cidx(&E, 0);
  vtc_value *per = t2g_ceildivui(&E, rows, groups);
  vtc_value *lb = t2g_muli(&E, g, per);
  vtc_value *ub = t2g_minui(&E, t2g_addi(&E, lb, per), rows);
  K.k0 = t2g_muli(&E, w, t2g_cidx(&E, K.V));
  K.step = t2g_cidx(&E, K.G * K.V);
  vtc_op *loop = vtc_gir_build_for(&E.at, loc, lb, ub, t2g_cidx(&E, 1), 0, NULL);
  E.at = vtc_builder_at_end(ctx, vtc_gir_for_body(loop));
  K.base = t2g_muli(&E, vtc_gir_for_induction_var(loop), K.n);
  int64_t span = K.G * K.V, chunks = last == VTC_DYNAMIC ? 0 : (last + span - 1) / span;
  bool store = h != VTC_GIR_HIER_GPU && K.out == K.acc;
  if (h == VTC_GIR_HIER_GPU && chunks >= 1 && chunks <= MAX_REGISTER_CHUNKS) {
    softmax_in_registers(&K, chunks);
  } else {
    vtc_value *m = row_total(&K, walk_row(&K, PASS_MAX, NULL, NULL), VTC_GIR_MAX);
    vtc_value *s = row_total(&K, walk_row(&K, store ? PASS_SUM_STORE : PASS_SUM, m, NULL), VTC_GIR_SUM);
    /* The CPU's scale walk multiplies by 1 / s (a division per element
     * costs a core more than the memory does; within 1 ulp of y / s). */
    if (store) {
      vtc_value *one = t2g_const(&E, K.acc, 0, 1.0), *ops[] = {one, s};
      s = t2g_op(&E, "arith.divf", 2, ops, K.acc, 0, NULL);
    }
    walk_row(&K, store ? PASS_SCALE : PASS_WRITE, m, s);
  }
  vtc_gir_build_yield(&E.at, loc, 0, NULL);
  E.at = vtc_builder_at_end(ctx, kb);
  vtc_gir_build_return(&E.at, loc);
  t2g_emit_drop_unused_consts(&E);
  t2g_emit_free(&E);
  *units_per_row = K.G;
  S->kernels++;
  S->vector_kernels++;
  return kernel;
}
