/* souffle-horizontal: Souffle's horizontal transformation of independent
 * TEs (souffle.txt 6.1, Fig. 3). TEs on one BFS level of the program model
 * (so independent, without any reachability query) with equal reduction
 * extents, combiner, init, element type and rank, whose outputs agree on
 * every dim but one axis, become one TE whose output concatenates theirs
 * along that axis. Each piece keeps its body, its loads re-indexed by
 * `d_axis - offset`; the merged body selects the piece by `d_axis <
 * offset` predicates; a load that several pieces make at the same index
 * (Q/K/V's shared input) is made once. The users of a piece read the
 * merged tensor at `d_axis + offset` (their loads are rewritten); a non-TE
 * user (return, call, te.dim) gets a slice TE.
 *
 * Choices where the paper is silent:
 *   - The axis: the outermost one on which the other dims agree, preferring
 *     one that no load of an input shared by the pieces depends on (so the
 *     shared input is read at one index: Q/K/V concatenate along the
 *     weights' columns, and x is loaded once); Fig. 3 concatenates rows
 *     because its pieces share nothing.
 *   - Each piece is padded to a multiple of `tile` rows along the axis, so that a
 *     tile belongs to one piece and the piece test is uniform per tile (a
 *     kernel that tiles rows by `tile` branches once per tile). Padding rows
 *     are computed from padded loads and never read.
 *   - A piece's loads that depend on d0 are given `padding` (zero): rows of
 *     other pieces index outside its inputs, and te's selects evaluate both
 *     sides. The lowering may branch instead; the values are the same.
 *   - One wave: the merged grid is estimated as one block per
 *     `block-elements` output elements and must fit `blocks-per-sm` blocks
 *     on every SM of `hardware` (targets/); a TE that would overflow starts
 *     a new group, with a remark. souffle-partition (5.4) will read real
 *     schedules instead.
 *   - A TE whose result a non-TE op uses (a function result) is not merged
 *     unless slice-escaping=true: that user would need a slice TE, a copy
 *     of the piece, which costs what the merge saves.
 *   - Only one-relies-on-many TEs (GEMMs, GEMVs, reductions) are merged
 *     unless elementwise=true: a one-relies-on-one TE is composed into its
 *     consumer by souffle-vertical, which a merge would prevent (the merged
 *     TE has several consumers).
 *   - A contraction that vortex-classify takes (a GEMM or GEMV that Vortex
 *     lowers to a tuned rKernel) is not merged unless contractions=true:
 *     the merged TE is a select of products, which vortex-classify does
 *     not take, so it would run as a plain kernel. Measured on the H200
 *     (benchmarks/results/souffle.md): bert-layer's merged Q/K/V GEMM took
 *     0.88 ms against 3 x ~5 us for the three rKernels; the LSTM's merged
 *     GEMVs 60 us each. Merging them is the rKernel's job once it takes a
 *     piecewise operand (a B chosen per tile).
 *   - Static shapes only (a `?` dim or a symbol: not a candidate, counted);
 *     bodies with te.assert or index-dependent loads are not merged (their
 *     checks and gathers would run on other pieces' rows).
 *   - The merged TE is placed after the last definition of any piece's
 *     operand; a piece whose users come before that point is refused (a
 *     remark: merging would break dominance). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "passes/souffle/souffle.h"
#include "targets/hardware.h"

typedef struct options {
  int64_t tile;
  int64_t block_elements;
  int64_t blocks_per_sm;
  const char *hardware;
  bool remarks;
  bool slice_escaping;
  bool elementwise;
  bool contractions;
} options;

enum {
  ST_BEFORE, ST_AFTER, ST_MERGES, ST_MERGED, ST_SLICES, ST_SHARED,
  ST_R_WAVE, ST_R_ORDER, ST_R_DYNAMIC, ST_R_BODY, ST_R_ESCAPES, ST_R_ONE, ST_R_TUNED
};

static const char *const statistics[] = {
    "TEs before", "TEs after", "merges", "TEs merged", "slice TEs for non-TE users", "shared loads made once",
    "refused: over one wave", "refused: users before the merge point", "not candidates: dynamic shape",
    "not candidates: te.assert or gather in the body", "not candidates: result escapes (slice-escaping=false)",
    "not candidates: one-relies-on-one (elementwise=false)",
    "not candidates: a contraction with a tuned rKernel (contractions=false)",
    NULL,
};

typedef struct group {
  unsigned *members; /* TE indices, program order */
  unsigned n, cap;
  int axis;          /* the concatenation axis; -1 until a second member joins */
  int64_t rows;      /* extent along the axis so far (pieces before the last padded) */
  int64_t row_elems; /* elements per row (the other dims) */
  vtc_op *last_def;  /* latest operand definition in the body, or NULL */
  vtc_op *first_user;
} group;

typedef struct state {
  vtc_pass_context *pc;
  vtc_context *ctx;
  const options *opt;
  vtc_souffle_program *p;
  vtc_block *body;
  int64_t wave; /* blocks */
} state;

/* ---- candidates ------------------------------------------------------------------- */

static bool is_static(vtc_op *c) {
  const vtc_type *t = vtc_te_compute_type(c);
  if (vtc_te_compute_num_symbols(c) || t->rank == 0) return false;
  for (unsigned i = 0; i < t->rank; i++)
    if (vtc_tensor_dim(t, i) == VTC_DYNAMIC) return false;
  for (unsigned i = 0; i < vtc_te_compute_num_inputs(c); i++)
    if (vtc_tensor_num_elements(vtc_te_compute_input(c, i)->type) < 0) return false;
  return true;
}

/* Used by a non-TE op: it would need a slice TE (a copy) of the merged result. */
static bool escapes(const vtc_value *v) {
  for (vtc_use *u = v->first_use; u; u = u->next)
    if (!vtc_te_is_compute(u->owner) && !vtc_te_is_load(u->owner)) return true;
  return false;
}

static bool plain_body(vtc_op *c) {
  for (vtc_op *o = vtc_te_compute_body(c)->first; o; o = o->next)
    if (vtc_te_is_assert(o) || (vtc_te_is_load(o) && vtc_te_load_num_extra(o))) return false;
  return true;
}

/* Same reduce extents, combiner, init, element type and rank. */
static bool compatible(vtc_op *a, vtc_op *b) {
  const vtc_type *ta = vtc_te_compute_type(a), *tb = vtc_te_compute_type(b);
  if (ta->rank != tb->rank || ta->element != tb->element) return false;
  return vtc_te_compute_reduce(a) == vtc_te_compute_reduce(b) &&
         vtc_te_compute_combiner(a) == vtc_te_compute_combiner(b) && vtc_te_compute_init(a) == vtc_te_compute_init(b);
}

static vtc_op *in_body(state *s, vtc_op *op) { return op ? vtc_block_find_ancestor_op(s->body, op) : NULL; }

static bool before(vtc_op *a, vtc_op *b) { return vtc_op_is_before_in_block(a, b); }

static vtc_op *latest_def(state *s, vtc_op *c, vtc_op *cur) {
  for (unsigned i = 0; i < c->num_operands; i++) {
    vtc_op *d = in_body(s, vtc_op_operand(c, i)->def_op);
    if (d && (!cur || before(cur, d))) cur = d;
  }
  return cur;
}

static vtc_op *earliest_user(state *s, vtc_op *c, vtc_op *cur) {
  for (vtc_use *u = vtc_op_result(c, 0)->first_use; u; u = u->next) {
    vtc_op *o = in_body(s, u->owner);
    if (o && (!cur || before(o, cur))) cur = o;
  }
  return cur;
}

static int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

static int64_t blocks_of(state *s, int64_t elements) {
  return (elements + s->opt->block_elements - 1) / s->opt->block_elements;
}

static void add_member(group *g, unsigned te) {
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 4;
    g->members = vtc_xrealloc(g->members, g->cap * sizeof *g->members);
  }
  g->members[g->n++] = te;
}

static void remark(state *s, vtc_op *c, vtc_op *peer, const char *message) {
  if (!s->opt->remarks) return;
  vtc_diagnostic *d = vtc_diag_begin(s->ctx, VTC_SEV_REMARK, c->loc, "souffle-horizontal: not merged: %s", message);
  vtc_diag_note(d, peer->loc, "the TE it would join");
  vtc_diag_emit(d);
}

static bool dims_agree_except(const vtc_type *a, const vtc_type *b, unsigned axis) {
  for (unsigned i = 0; i < a->rank; i++)
    if (i != axis && vtc_tensor_dim(a, i) != vtc_tensor_dim(b, i)) return false;
  return true;
}

/* Some load of an input that both TEs read depends on the axis. */
static bool shared_input_moves(vtc_op *a, vtc_op *b, unsigned axis) {
  vtc_op *both[2] = {a, b};
  for (unsigned t = 0; t < 2; t++)
    for (vtc_op *o = vtc_te_compute_body(both[t])->first; o; o = o->next) {
      if (!vtc_te_is_load(o) || vtc_te_compute_input_index(both[1 - t], vtc_te_load_input(o)) < 0) continue;
      const vtc_affine_map *m = vtc_te_load_map(o);
      for (unsigned i = 0; i < m->num_results; i++)
        if (vtc_affine_expr_uses_dim(m->results[i], axis)) return true;
    }
  return false;
}

/* The outermost axis along which a and b concatenate (the other dims
 * agree), preferring one that no load of a shared input depends on (then
 * that input is read at the same index by every piece: one load); -1 if none. */
static int choose_axis(vtc_op *a, vtc_op *b) {
  const vtc_type *ta = vtc_te_compute_type(a), *tb = vtc_te_compute_type(b);
  int first = -1;
  for (unsigned x = 0; x < ta->rank; x++) {
    if (!dims_agree_except(ta, tb, x)) continue;
    if (!shared_input_moves(a, b, x)) return (int)x;
    if (first < 0) first = (int)x;
  }
  return first;
}

/* Tries to add TE k to group g; false (with a remark) when it cannot. */
static bool try_join(state *s, group *g, unsigned k) {
  vtc_op *c = s->p->tes[k].op, *first = s->p->tes[g->members[0]].op;
  const vtc_type *t = vtc_te_compute_type(c), *t0 = vtc_te_compute_type(first);
  int axis = g->axis >= 0 ? g->axis : choose_axis(first, c);
  if (axis < 0 || !dims_agree_except(t0, t, (unsigned)axis)) return false;
  int64_t row_elems = 1;
  for (unsigned d = 0; d < t->rank; d++)
    if (d != (unsigned)axis) row_elems *= vtc_tensor_dim(t, d);
  int64_t first_rows = g->axis >= 0 ? g->rows : vtc_tensor_dim(t0, axis);
  int64_t rows = round_up(first_rows, s->opt->tile) + vtc_tensor_dim(t, axis);
  g->row_elems = row_elems;
  if (blocks_of(s, rows * row_elems) > s->wave) {
    vtc_pass_stat_add(s->pc, ST_R_WAVE, 1);
    char m[160];
    snprintf(m, sizeof m, "the merged grid (%lld blocks) would exceed one wave (%lld blocks)",
             (long long)blocks_of(s, rows * row_elems), (long long)s->wave);
    remark(s, c, first, m);
    return false;
  }
  vtc_op *def = latest_def(s, c, g->last_def), *user = earliest_user(s, c, g->first_user);
  if (def && user && !before(def, user)) {
    vtc_pass_stat_add(s->pc, ST_R_ORDER, 1);
    remark(s, c, first, "a user of one TE comes before an operand of the other is defined");
    return false;
  }
  g->axis = axis;
  g->rows = rows;
  g->last_def = def;
  g->first_user = user;
  add_member(g, k);
  return true;
}

/* ---- the merged TE ------------------------------------------------------------------ */

static vtc_value *index_const(vtc_builder *b, const vtc_loc *loc, int64_t v) {
  return vtc_op_result(vtc_arith_materialize_constant(b, vtc_attr_index(b->ctx, v), vtc_type_index(b->ctx), loc), 0);
}

static vtc_value *binary(vtc_builder *b, const vtc_loc *loc, const char *name, vtc_value *x, vtc_value *y,
                         const vtc_type *type, int predicate) {
  vtc_value *ops[2] = {x, y};
  vtc_named_attr pa = {vtc_str(b->ctx, "predicate"), vtc_attr_i64(b->ctx, predicate)};
  return vtc_op_result(vtc_builder_create(b, name, loc, 2, ops, type, predicate >= 0, &pa), 0);
}

/* m with d_axis replaced by d_axis + delta. */
static const vtc_affine_map *shift_dim(vtc_context *ctx, const vtc_affine_map *m, unsigned axis, int64_t delta) {
  const vtc_affine_expr *dims[VTC_TE_MAX_RANK] = {0};
  dims[axis] = vtc_affine_add(ctx, vtc_affine_dim(ctx, axis), vtc_affine_const(ctx, delta));
  const vtc_affine_expr **r = vtc_xcalloc(m->num_results + 1, sizeof *r);
  for (unsigned i = 0; i < m->num_results; i++)
    r[i] = vtc_affine_expr_simplify(ctx, vtc_affine_expr_replace(ctx, m->results[i], dims, axis + 1, NULL, 0));
  const vtc_affine_map *out = vtc_affine_map_get(ctx, m->num_dims, m->num_symbols, m->num_results, r);
  free(r);
  return out;
}

/* m with its result `axis` plus off. */
static const vtc_affine_map *offset_result(vtc_context *ctx, const vtc_affine_map *m, unsigned axis, int64_t off) {
  const vtc_affine_expr **r = vtc_xcalloc(m->num_results + 1, sizeof *r);
  memcpy(r, m->results, m->num_results * sizeof *r);
  r[axis] = vtc_affine_expr_simplify(ctx, vtc_affine_add(ctx, r[axis], vtc_affine_const(ctx, off)));
  const vtc_affine_map *out = vtc_affine_map_get(ctx, m->num_dims, m->num_symbols, m->num_results, r);
  free(r);
  return out;
}

static const vtc_attr *zero_of(vtc_context *ctx, const vtc_type *t) {
  return vtc_type_is_float(t) ? vtc_attr_float(ctx, t, 0.0) : vtc_attr_integer(ctx, t, 0);
}

/* A load the merged body already makes: same input, map and padding. */
static vtc_value *same_load(vtc_block *body, vtc_value *in, const vtc_affine_map *m, const vtc_attr *pad) {
  for (vtc_op *o = body->first; o; o = o->next)
    if (vtc_te_is_load(o) && vtc_te_load_input(o) == in && vtc_te_load_map(o) == m && vtc_te_load_padding(o) == pad &&
        !vtc_te_load_num_extra(o))
      return vtc_op_result(o, 0);
  return NULL;
}

/* Clones piece k's body into the merged body, re-indexed by -offset; returns its value. */
static vtc_value *clone_piece(state *s, vtc_op *merged, vtc_op *piece, unsigned axis, int64_t offset, bool several) {
  vtc_context *ctx = s->ctx;
  vtc_block *mb = vtc_te_compute_body(merged), *pb = vtc_te_compute_body(piece);
  vtc_builder b = vtc_builder_at_end(ctx, mb);
  vtc_mapping *map = vtc_mapping_create();
  for (unsigned i = 0; i < pb->num_args; i++) vtc_mapping_map_value(map, pb->args[i], mb->args[i]);
  if (offset && vtc_value_has_uses(pb->args[axis]))
    vtc_mapping_map_value(map, pb->args[axis],
                          binary(&b, piece->loc, "arith.subi", mb->args[axis], index_const(&b, piece->loc, offset),
                                 vtc_type_index(ctx), -1));
  vtc_value *result = NULL;
  for (vtc_op *o = pb->first; o; o = o->next) {
    if (vtc_te_is_yield(o)) {
      vtc_value *y = vtc_te_yield_value(o);
      result = vtc_mapping_lookup_value(map, y);
      if (!result) result = y;
      break;
    }
    if (!vtc_te_is_load(o)) {
      vtc_builder_insert_op(&b, vtc_op_clone(o, map));
      continue;
    }
    vtc_value *in = vtc_te_load_input(o);
    const vtc_affine_map *m = shift_dim(ctx, vtc_te_load_map(o), axis, -offset);
    const vtc_attr *pad = vtc_te_load_padding(o);
    bool moves = false;
    for (unsigned i = 0; i < m->num_results; i++) moves |= vtc_affine_expr_uses_dim(m->results[i], axis);
    if (!pad && several && moves) pad = zero_of(ctx, in->type->element);
    vtc_value *v = same_load(mb, in, m, pad);
    if (v) vtc_pass_stat_add(s->pc, ST_SHARED, 1);
    else v = vtc_te_build_load(&b, o->loc, in, m, 0, NULL, pad);
    vtc_mapping_map_value(map, vtc_op_result(o, 0), v);
  }
  vtc_mapping_destroy(map);
  return result;
}

/* A TE reading rows [offset, offset + rows) of merged: for non-TE users. */
static vtc_op *build_slice(state *s, vtc_op *merged, vtc_op *piece, unsigned axis, int64_t offset) {
  vtc_context *ctx = s->ctx;
  vtc_builder b = vtc_builder_after(merged);
  vtc_value *in = vtc_op_result(merged, 0);
  const vtc_type *t = vtc_te_compute_type(piece);
  vtc_op *slice = vtc_te_build_compute(&b, piece->loc, t, 1, &in, 0, NULL, vtc_te_compute_shape(piece), NULL,
                                       VTC_TE_COMBINER_NONE, NULL);
  vtc_builder bb = vtc_builder_at_end(ctx, vtc_te_compute_body(slice));
  const vtc_affine_map *m = offset_result(ctx, vtc_affine_map_identity(ctx, t->rank), axis, offset);
  vtc_value *v = vtc_te_build_load(&bb, piece->loc, in, m, 0, NULL, NULL);
  vtc_te_build_yield(&bb, piece->loc, v);
  return slice;
}

/* Points piece's users at merged (loads at d0 + offset), slices for the others. */
static void rewrite_users(state *s, vtc_op *merged, vtc_op *piece, unsigned axis, int64_t offset) {
  vtc_value *r = vtc_op_result(piece, 0), *mr = vtc_op_result(merged, 0);
  vtc_op *slice = NULL;
  while (r->first_use) {
    vtc_use *u = r->first_use;
    vtc_op *owner = u->owner;
    unsigned idx = (unsigned)(u - owner->operands);
    if (vtc_te_is_load(owner)) {
      vtc_op_set_attr(owner, VTC_TE_ATTR_MAP,
                      vtc_attr_affine_map(s->ctx, offset_result(s->ctx, vtc_te_load_map(owner), axis, offset)));
      vtc_op_set_operand(owner, idx, mr);
    } else if (vtc_te_is_compute(owner)) {
      vtc_op_set_operand(owner, idx, mr);
    } else {
      if (!slice) {
        slice = build_slice(s, merged, piece, axis, offset);
        vtc_pass_stat_add(s->pc, ST_SLICES, 1);
      }
      vtc_op_set_operand(owner, idx, vtc_op_result(slice, 0));
    }
  }
}

static void merge(state *s, const group *g) {
  vtc_context *ctx = s->ctx;
  unsigned n = g->n, axis = (unsigned)g->axis;
  vtc_op **pieces = vtc_xcalloc(n, sizeof *pieces);
  int64_t *offsets = vtc_xcalloc(n, sizeof *offsets), rows = 0;
  unsigned ni = 0, cap = 8;
  vtc_value **ins = vtc_xcalloc(cap, sizeof *ins);
  for (unsigned k = 0; k < n; k++) {
    pieces[k] = s->p->tes[g->members[k]].op;
    rows = k ? round_up(rows, s->opt->tile) : 0;
    offsets[k] = rows;
    rows += vtc_tensor_dim(vtc_te_compute_type(pieces[k]), axis);
    for (unsigned i = 0; i < vtc_te_compute_num_inputs(pieces[k]); i++) {
      vtc_value *in = vtc_te_compute_input(pieces[k], i);
      bool seen = false;
      for (unsigned j = 0; j < ni && !seen; j++) seen = ins[j] == in;
      if (seen) continue;
      if (ni == cap) ins = vtc_xrealloc(ins, (cap *= 2) * sizeof *ins);
      ins[ni++] = in;
    }
  }
  const vtc_type *t0 = vtc_te_compute_type(pieces[0]);
  int64_t dims[VTC_TE_MAX_RANK];
  for (unsigned i = 0; i < t0->rank; i++) dims[i] = i != axis ? vtc_tensor_dim(t0, i) : rows;
  const vtc_type *type = vtc_type_tensor(ctx, t0->rank, dims, t0->element, NULL);
  vtc_builder b = g->last_def ? vtc_builder_after(g->last_def) : vtc_builder_before(pieces[0]);
  vtc_op *merged = vtc_te_build_compute(&b, pieces[0]->loc, type, ni, ins, 0, NULL,
                                        vtc_affine_map_constant(ctx, t0->rank, dims), vtc_te_compute_reduce(pieces[0]),
                                        vtc_te_compute_combiner(pieces[0]), vtc_te_compute_init(pieces[0]));
  vtc_value **vals = vtc_xcalloc(n, sizeof *vals);
  for (unsigned k = 0; k < n; k++) vals[k] = clone_piece(s, merged, pieces[k], axis, offsets[k], n > 1);
  /* The piece test, last piece first: v = d_axis < offset[k+1] ? vals[k] : v. */
  vtc_block *mb = vtc_te_compute_body(merged);
  vtc_builder bb = vtc_builder_at_end(ctx, mb);
  vtc_value *v = vals[n - 1];
  for (unsigned k = n - 1; k-- > 0;) {
    vtc_value *cond = binary(&bb, merged->loc, "arith.cmpi", mb->args[axis], index_const(&bb, merged->loc, offsets[k + 1]),
                             vtc_type_integer(ctx, 1), VTC_CMPI_SLT);
    vtc_value *ops[3] = {cond, vals[k], v};
    v = vtc_op_result(vtc_builder_create(&bb, "arith.select", merged->loc, 3, ops, vals[k]->type, 0, NULL), 0);
  }
  vtc_te_build_yield(&bb, merged->loc, v);
  for (unsigned k = 0; k < n; k++) {
    /* Users to compact: every TE reading the piece. */
    vtc_op *users[64];
    unsigned nu = 0;
    bool overflow = false;
    for (vtc_use *u = vtc_op_result(pieces[k], 0)->first_use; u; u = u->next)
      if (vtc_te_is_compute(u->owner)) {
        if (nu < 64) users[nu++] = u->owner;
        else overflow = true;
      }
    rewrite_users(s, merged, pieces[k], axis, offsets[k]);
    for (unsigned i = 0; i < nu; i++) vtc_souffle_compact_inputs(users[i]);
    if (overflow)
      for (vtc_use *u = vtc_op_result(merged, 0)->first_use; u; u = u->next)
        if (vtc_te_is_compute(u->owner)) vtc_souffle_compact_inputs(u->owner);
    vtc_op_erase(pieces[k]);
  }
  vtc_pass_stat_add(s->pc, ST_MERGES, 1);
  vtc_pass_stat_add(s->pc, ST_MERGED, n);
  free(vals);
  free(pieces);
  free(offsets);
  free(ins);
}

/* ---- driver -------------------------------------------------------------------------- */

static void run_level(state *s, const unsigned *tes, unsigned count) {
  group *groups = NULL;
  unsigned ng = 0;
  for (unsigned i = 0; i < count; i++) {
    unsigned k = tes[i];
    vtc_op *c = s->p->tes[k].op;
    if (!is_static(c)) {
      vtc_pass_stat_add(s->pc, ST_R_DYNAMIC, 1);
      continue;
    }
    if (!plain_body(c)) {
      vtc_pass_stat_add(s->pc, ST_R_BODY, 1);
      continue;
    }
    if (!s->opt->elementwise && !vtc_te_compute_reduce(c)) {
      vtc_pass_stat_add(s->pc, ST_R_ONE, 1);
      continue;
    }
    if (!s->opt->contractions && vtc_souffle_has_rkernel(c)) {
      vtc_pass_stat_add(s->pc, ST_R_TUNED, 1);
      continue;
    }
    if (!s->opt->slice_escaping && escapes(vtc_op_result(c, 0))) {
      vtc_pass_stat_add(s->pc, ST_R_ESCAPES, 1);
      continue;
    }
    bool joined = false;
    for (unsigned j = ng; j-- > 0 && !joined;) {
      if (!compatible(s->p->tes[groups[j].members[0]].op, c)) continue;
      joined = try_join(s, &groups[j], k);
      break; /* only the newest compatible group: a refusal starts a new one */
    }
    if (joined) continue;
    groups = vtc_xrealloc(groups, (ng + 1) * sizeof *groups);
    group *g = &groups[ng++];
    *g = (group){.axis = -1};
    g->last_def = latest_def(s, c, NULL);
    g->first_user = earliest_user(s, c, NULL);
    add_member(g, k);
  }
  for (unsigned j = 0; j < ng; j++) {
    if (groups[j].n >= 2) merge(s, &groups[j]);
    free(groups[j].members);
  }
  free(groups);
}

static void run_function(state *s, vtc_op *func) {
  vtc_souffle_program *p = vtc_souffle_program_build(func);
  if (!p) return;
  s->p = p;
  s->body = vtc_op_region(func, 0)->first;
  unsigned levels = 0;
  for (unsigned k = 0; k < p->num_tes; k++)
    if (p->tes[k].level + 1 > levels) levels = p->tes[k].level + 1;
  /* Bucket the TEs by level, program order inside each (counting sort). */
  unsigned *start = vtc_xcalloc(levels + 1, sizeof *start), *order = vtc_xcalloc(p->num_tes + 1, sizeof *order);
  for (unsigned k = 0; k < p->num_tes; k++) start[p->tes[k].level + 1]++;
  for (unsigned l = 0; l < levels; l++) start[l + 1] += start[l];
  unsigned *fill = vtc_xcalloc(levels + 1, sizeof *fill);
  memcpy(fill, start, (levels + 1) * sizeof *fill);
  for (unsigned k = 0; k < p->num_tes; k++) order[fill[p->tes[k].level]++] = k;
  vtc_pass_stat_add(s->pc, ST_BEFORE, p->num_tes);
  for (unsigned l = 0; l < levels; l++) run_level(s, order + start[l], start[l + 1] - start[l]);
  unsigned after = 0;
  for (vtc_op *op = s->body->first; op; op = op->next) after += vtc_te_is_compute(op);
  vtc_pass_stat_add(s->pc, ST_AFTER, after);
  free(start);
  free(fill);
  free(order);
  vtc_souffle_program_free(p);
}

static bool run_horizontal(vtc_pass_context *pc, vtc_op *root, const void *options_) {
  const options *opt = options_;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  if (opt->tile < 1 || opt->block_elements < 1 || opt->blocks_per_sm < 1)
    return vtc_error(ctx, root->loc, "souffle-horizontal: tile, block-elements and blocks-per-sm must be >= 1");
  const vtc_hardware *hw = vtc_hardware_lookup(opt->hardware);
  if (!hw)
    return vtc_error(ctx, root->loc, "souffle-horizontal: unknown hardware '%s' (known: %s)", opt->hardware,
                     vtc_hardware_known_names());
  state s = {.pc = pc, .ctx = ctx, .opt = opt, .wave = (int64_t)hw->num_cores * opt->blocks_per_sm};
  size_t n = 0;
  vtc_op **funcs = vtc_func_collect(root, &n);
  for (size_t i = 0; i < n; i++) run_function(&s, funcs[i]);
  free(funcs);
  return true;
}

static const vtc_pass_option horizontal_options[] = {
    {"tile", VTC_OPTION_INT, "1", "pad each piece to a multiple of this many rows (the schedule's row tile)",
     offsetof(options, tile), NULL},
    {"block-elements", VTC_OPTION_INT, "4096", "output elements per block, to estimate the merged grid",
     offsetof(options, block_elements), NULL},
    {"blocks-per-sm", VTC_OPTION_INT, "2", "resident blocks per SM in one wave", offsetof(options, blocks_per_sm),
     NULL},
    {"hardware", VTC_OPTION_STRING, "h100", "the machine whose SMs make the wave (targets/hardware.h)",
     offsetof(options, hardware), NULL},
    {"remarks", VTC_OPTION_BOOL, "true", "emit a remark for each refused merge, with the reason",
     offsetof(options, remarks), NULL},
    {"slice-escaping", VTC_OPTION_BOOL, "false",
     "also merge TEs whose result a non-TE op uses (returned): that user then reads a slice TE, a copy",
     offsetof(options, slice_escaping), NULL},
    {"elementwise", VTC_OPTION_BOOL, "false",
     "also merge one-relies-on-one TEs (by default they are left to souffle-vertical)",
     offsetof(options, elementwise), NULL},
    {"contractions", VTC_OPTION_BOOL, "false",
     "also merge contractions that Vortex lowers to a tuned rKernel (the merged select of products runs as a "
     "plain kernel)",
     offsetof(options, contractions), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_souffle_horizontal_pass = {
    .name = "souffle-horizontal",
    .summary = "Souffle 6.1: merge independent TEs of one BFS level (equal reduction, combiner, type, inner dims) "
               "into one TE concatenated along the outermost axis, shared loads made once, within one wave",
    .options_size = sizeof(options),
    .options = horizontal_options,
    .run = run_horizontal,
    .statistics = statistics,
};
