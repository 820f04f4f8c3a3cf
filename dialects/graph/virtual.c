/* Virtual tensor rules (VTC section 4.4) for the 16 data-movement ops in
 * both directions, the composition of maps (section 4.1), their contiguity
 * (Definitions 4-5, Theorem 1), the Equation (1) form, and the verifier of
 * vtc-virtualize's `vtc.virtual` annotation. The READ direction is the
 * op's mapping (mapping.c); this file adds the WRITE and IN_PLACE ones. */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"

typedef const vtc_affine_expr *expr;

/* ---- rule containers ------------------------------------------------------------ */

static vtc_graph_vrule *add_rule(vtc_graph_vrules *rs, vtc_graph_view_kind kind, unsigned virt, unsigned base,
                                 unsigned virt_rank) {
  rs->rules = vtc_xrealloc(rs->rules, (rs->count + 1) * sizeof *rs->rules);
  vtc_graph_vrule *r = &rs->rules[rs->count++];
  memset(r, 0, sizeof *r);
  r->kind = kind;
  r->virt = virt;
  r->base = base;
  r->dep_dim = -1;
  r->map.out_rank = virt_rank;
  return r;
}

static vtc_graph_map_piece *add_piece(vtc_graph_mapping *m, unsigned input) {
  m->pieces = vtc_xrealloc(m->pieces, (m->num_pieces + 1) * sizeof *m->pieces);
  vtc_graph_map_piece *p = &m->pieces[m->num_pieces++];
  memset(p, 0, sizeof *p);
  p->input = input;
  return p;
}

/* One unboxed piece of the given results (simplified), in the rule's dims. */
static void set_single(vtc_context *ctx, vtc_graph_vrule *r, unsigned base_rank, expr *results, const int64_t *bias) {
  for (unsigned i = 0; i < base_rank; i++) results[i] = vtc_affine_expr_simplify(ctx, results[i]);
  vtc_graph_map_piece *p = add_piece(&r->map, r->base);
  p->map = vtc_affine_map_get(ctx, r->map.out_rank, 0, base_rank, results);
  if (bias) memcpy(p->bias, bias, sizeof(int64_t) * base_rank);
}

static unsigned rank_of(const vtc_value *v) { return v->type->rank; }

/* ---- READ: the op's mapping, one rule per base operand --------------------------- */

static void read_rules(vtc_op *op, vtc_graph_vrules *rs) {
  for (unsigned res = 0; res < op->num_results; res++) {
    unsigned vr = rank_of(vtc_op_result(op, res));
    vtc_graph_mapping m;
    if (!vtc_graph_get_mapping(op, res, &m)) {
      add_rule(rs, VTC_GRAPH_VIEW_READ, res, 0, vr)->dynamic = true;
      continue;
    }
    if (m.index_dependent) { /* gather: the rows after the gathered axis stay whole */
      int64_t axis = 0;
      int ax = 0;
      graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis);
      graph_axis(op, axis, (int)rank_of(vtc_op_operand(op, 0)), &ax);
      vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_READ, res, 0, vr);
      r->map.index_dependent = true;
      r->dep_dim = ax + (int)rank_of(vtc_op_operand(op, 1));
      vtc_graph_mapping_free(&m);
      continue;
    }
    for (unsigned in = 0; in < op->num_operands; in++) {
      vtc_graph_vrule *r = NULL;
      for (unsigned k = 0; k < m.num_pieces; k++) {
        if (m.pieces[k].input != in) continue;
        if (!r) r = add_rule(rs, VTC_GRAPH_VIEW_READ, res, in, vr);
        *add_piece(&r->map, in) = m.pieces[k];
      }
      if (r) r->map.has_fill = m.has_fill, r->map.fill = m.fill;
    }
    vtc_graph_mapping_free(&m);
  }
}

/* ---- WRITE: inverse maps ----------------------------------------------------------- */

static void write_reshape(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_value *in = vtc_op_operand(op, 0), *out = vtc_op_result(op, 0);
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, 0, rank_of(in));
  vtc_shape si, so;
  expr res[VTC_MAX_RANK];
  if (!vtc_graph_shape_of(in->type, &si) || !vtc_graph_shape_of(out->type, &so) ||
      !graph_reshape_exprs(vtc_op_context(op), &si, &so, res)) {
    r->dynamic = true;
    return;
  }
  set_single(vtc_op_context(op), r, (unsigned)so.rank, res, NULL);
}

/* transpose, squeeze, unsqueeze, identity: the forward map reads each input
 * dim from one output dim (or index 0 of a unit dim), so the inverse reads
 * each output dim from that input dim, or 0 for an inserted unit dim. */
static void write_inverse_simple(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  unsigned ir = rank_of(vtc_op_operand(op, 0)), orank = rank_of(vtc_op_result(op, 0));
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, 0, ir);
  vtc_graph_mapping m;
  if (!vtc_graph_get_mapping(op, 0, &m) || m.num_pieces != 1) {
    vtc_graph_mapping_free(&m);
    r->dynamic = true;
    return;
  }
  expr res[VTC_MAX_RANK];
  for (unsigned o = 0; o < orank; o++) res[o] = vtc_affine_const(ctx, 0);
  const vtc_affine_map *f = m.pieces[0].map;
  for (unsigned j = 0; j < ir; j++)
    if (f->results[j]->kind == VTC_AFFINE_DIM) res[f->results[j]->value] = vtc_affine_dim(ctx, j);
  vtc_graph_mapping_free(&m);
  set_single(ctx, r, orank, res, NULL);
}

/* Offset of result k of split (or operand k of concat) along the axis;
 * false when a preceding extent is dynamic. */
static bool axis_offset(vtc_op *op, bool results, unsigned k, int ax, int64_t *off, int64_t *size) {
  *off = 0;
  *size = 0;
  for (unsigned i = 0; i <= k; i++) {
    const vtc_type *t = results ? vtc_op_result(op, i)->type : vtc_op_operand(op, i)->type;
    int64_t d = vtc_tensor_dim(t, (unsigned)ax);
    if (d == VTC_DYNAMIC) return false;
    if (i < k) *off += d;
    else *size = d;
  }
  return true;
}

static bool op_axis(vtc_op *op, int rank, int64_t dflt, int *ax) {
  int64_t axis;
  return graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, dflt, &axis) && graph_axis(op, axis, rank, ax);
}

/* Split: the input is stored piecewise into the results. */
static void write_split(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  unsigned rank = rank_of(vtc_op_operand(op, 0));
  int ax;
  bool ok_axis = op_axis(op, (int)rank, 0, &ax);
  for (unsigned k = 0; k < op->num_results; k++) {
    vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, k, rank);
    int64_t off = 0, size = 0;
    if (!ok_axis || !axis_offset(op, true, k, ax, &off, &size)) {
      r->dynamic = true;
      continue;
    }
    vtc_graph_map_piece *p = add_piece(&r->map, k);
    p->has_box = true;
    for (unsigned d = 0; d < rank; d++) p->lo[d] = 0, p->hi[d] = INT64_MAX;
    p->lo[ax] = off;
    p->hi[ax] = off + size;
    p->bias[ax] = -off;
    p->map = vtc_affine_map_identity(ctx, rank);
  }
}

/* Concat: each input is stored at its offset of the result. */
static void write_concat(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  unsigned rank = rank_of(vtc_op_result(op, 0));
  int ax;
  bool ok_axis = op_axis(op, (int)rank, 0, &ax);
  for (unsigned k = 0; k < op->num_operands; k++) {
    vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, k, 0, rank);
    int64_t off = 0, size = 0;
    if (!ok_axis || !axis_offset(op, false, k, ax, &off, &size)) {
      r->dynamic = true;
      continue;
    }
    vtc_graph_map_piece *p = add_piece(&r->map, 0);
    p->map = vtc_affine_map_identity(ctx, rank);
    p->bias[ax] = off;
  }
}

/* Pad: the input is stored into the interior of a constant pad (the fill
 * around it is written by the pad itself). Edge and reflect pads read the
 * input for their borders, and a negative pad crops: no rule. */
static void write_pad(vtc_op *op, vtc_graph_vrules *rs) {
  unsigned rank = rank_of(vtc_op_operand(op, 0));
  int64_t begin[VTC_MAX_RANK], end[VTC_MAX_RANK];
  vtc_pad_mode mode;
  double value;
  if (!graph_pad_attrs(op, (int)rank, begin, end, &mode, &value) || mode != VTC_PAD_CONSTANT) return;
  for (unsigned d = 0; d < rank; d++)
    if (begin[d] < 0 || end[d] < 0) return;
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, 0, rank);
  vtc_graph_map_piece *p = add_piece(&r->map, 0);
  p->map = vtc_affine_map_identity(vtc_op_context(op), rank);
  memcpy(p->bias, begin, sizeof(int64_t) * rank);
}

static bool block_and_channels(vtc_op *op, int64_t *b, int64_t *c) {
  return rank_of(vtc_op_operand(op, 0)) == 4 && graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, b) && *b >= 1 &&
         (*c = vtc_tensor_dim(vtc_op_operand(op, 0)->type, 1)) != VTC_DYNAMIC;
}

/* depth_to_space's input (n, c, h, w) lands at output
 * DCR: (n, c mod C', h*b + (c floordiv C') floordiv b, w*b + (c floordiv C') mod b), C' = C / b^2;
 * CRD: (n, c floordiv b^2, h*b + (c mod b^2) floordiv b, w*b + c mod b). */
static void write_depth_to_space(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, 0, 4);
  int64_t b, c;
  const char *mode;
  if (!block_and_channels(op, &b, &c) || !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "DCR", &mode)) {
    r->dynamic = true;
    return;
  }
  expr d0 = vtc_affine_dim(ctx, 0), d1 = vtc_affine_dim(ctx, 1), d2 = vtc_affine_dim(ctx, 2), d3 = vtc_affine_dim(ctx, 3);
  expr B = vtc_affine_const(ctx, b), BB = vtc_affine_const(ctx, b * b);
  expr ch, blk;
  if (strcmp(mode, "CRD") == 0) {
    ch = vtc_affine_floordiv(ctx, d1, BB);
    blk = vtc_affine_mod(ctx, d1, BB);
  } else {
    expr C = vtc_affine_const(ctx, c / (b * b));
    ch = vtc_affine_mod(ctx, d1, C);
    blk = vtc_affine_floordiv(ctx, d1, C);
  }
  expr res[4] = {d0, ch, vtc_affine_add(ctx, vtc_affine_mul(ctx, d2, B), vtc_affine_floordiv(ctx, blk, B)),
                 vtc_affine_add(ctx, vtc_affine_mul(ctx, d3, B), vtc_affine_mod(ctx, blk, B))};
  set_single(ctx, r, 4, res, NULL);
}

/* space_to_depth's input (n, c, h, w) lands at output
 * (n, ((h mod b) * b + w mod b) * C + c, h floordiv b, w floordiv b). */
static void write_space_to_depth(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 0, 0, 4);
  int64_t b, c;
  if (!block_and_channels(op, &b, &c)) {
    r->dynamic = true;
    return;
  }
  expr d0 = vtc_affine_dim(ctx, 0), d1 = vtc_affine_dim(ctx, 1), d2 = vtc_affine_dim(ctx, 2), d3 = vtc_affine_dim(ctx, 3);
  expr B = vtc_affine_const(ctx, b);
  expr blk = vtc_affine_add(ctx, vtc_affine_mul(ctx, vtc_affine_mod(ctx, d2, B), B), vtc_affine_mod(ctx, d3, B));
  expr res[4] = {d0, vtc_affine_add(ctx, vtc_affine_mul(ctx, blk, vtc_affine_const(ctx, c)), d1),
                 vtc_affine_floordiv(ctx, d2, B), vtc_affine_floordiv(ctx, d3, B)};
  set_single(ctx, r, 4, res, NULL);
}

/* scatter_nd: the result shares data's buffer (in place: the identity map,
 * Type I), and with reduction "none" the updates are stored at positions
 * read from the index tensor at run time: index-dependent, each update
 * slice (the dims after the index dims) one contiguous run. */
static void rules_scatter_nd(vtc_op *op, vtc_graph_vrules *rs) {
  vtc_context *ctx = vtc_op_context(op);
  unsigned rank = rank_of(vtc_op_operand(op, 0));
  vtc_graph_vrule *r = add_rule(rs, VTC_GRAPH_VIEW_IN_PLACE, 0, 0, rank);
  add_piece(&r->map, 0)->map = vtc_affine_map_identity(ctx, rank);
  const char *reduction;
  if (!graph_attr_string(op, VTC_GRAPH_ATTR_REDUCTION, "none", &reduction) || strcmp(reduction, "none") != 0) return;
  vtc_graph_vrule *u = add_rule(rs, VTC_GRAPH_VIEW_WRITE, 2, 0, rank_of(vtc_op_operand(op, 2)));
  u->map.index_dependent = true;
  u->dep_dim = (int)rank_of(vtc_op_operand(op, 1)) - 1;
}

typedef void (*rules_fn)(vtc_op *op, vtc_graph_vrules *rs);

/* The 16 data-movement ops: READ from the mapping (scatter_nd has none:
 * its result differs from data), then the op's other rules. */
static const struct {
  const char *name;
  bool read;
  rules_fn more;
} rule_table[] = {
    {"graph.reshape", true, write_reshape},         {"graph.flatten", true, write_reshape},
    {"graph.transpose", true, write_inverse_simple}, {"graph.squeeze", true, write_inverse_simple},
    {"graph.unsqueeze", true, write_inverse_simple}, {"graph.identity", true, write_inverse_simple},
    {"graph.split", true, write_split},             {"graph.concat", true, write_concat},
    {"graph.pad", true, write_pad},                 {"graph.depth_to_space", true, write_depth_to_space},
    {"graph.space_to_depth", true, write_space_to_depth},
    {"graph.slice", true, NULL},                    {"graph.expand", true, NULL},
    {"graph.tile", true, NULL},                     {"graph.gather", true, NULL},
    {"graph.scatter_nd", false, rules_scatter_nd},
};

bool vtc_graph_virtual_rules(vtc_op *op, vtc_graph_vrules *out) {
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < sizeof rule_table / sizeof rule_table[0]; i++) {
    if (!vtc_op_is_named(op, rule_table[i].name)) continue;
    if (rule_table[i].read) read_rules(op, out);
    if (rule_table[i].more) rule_table[i].more(op, out);
    return true;
  }
  return false;
}

void vtc_graph_vrules_free(vtc_graph_vrules *r) {
  for (unsigned i = 0; i < r->count; i++) vtc_graph_mapping_free(&r->rules[i].map);
  free(r->rules);
  memset(r, 0, sizeof *r);
}

vtc_value *vtc_graph_vrule_virtual(vtc_op *op, const vtc_graph_vrule *r) {
  return r->kind == VTC_GRAPH_VIEW_WRITE ? vtc_op_operand(op, r->virt) : vtc_op_result(op, r->virt);
}

vtc_value *vtc_graph_vrule_base(vtc_op *op, const vtc_graph_vrule *r) {
  return r->kind == VTC_GRAPH_VIEW_WRITE ? vtc_op_result(op, r->base) : vtc_op_operand(op, r->base);
}

static const char *const kind_names[] = {"read", "write", "in_place"};

const char *vtc_graph_view_kind_name(vtc_graph_view_kind k) { return kind_names[k]; }

bool vtc_graph_view_kind_parse(const char *name, vtc_graph_view_kind *out) {
  for (int k = 0; k < 3; k++)
    if (strcmp(name, kind_names[k]) == 0) return *out = (vtc_graph_view_kind)k, true;
  return false;
}

/* ---- composition ------------------------------------------------------------------ */

vtc_graph_mapping vtc_graph_mapping_copy(const vtc_graph_mapping *m) {
  vtc_graph_mapping c = *m;
  c.pieces = NULL;
  if (m->num_pieces) {
    c.pieces = vtc_xmalloc(m->num_pieces * sizeof *c.pieces);
    memcpy(c.pieces, m->pieces, m->num_pieces * sizeof *c.pieces);
  }
  return c;
}

/* e = rest + c with c the constant addend (0 when none). */
static expr split_const(vtc_context *ctx, expr e, int64_t *c) {
  *c = 0;
  if (e->kind == VTC_AFFINE_CONST) return *c = e->value, vtc_affine_const(ctx, 0);
  if (e->kind == VTC_AFFINE_ADD && e->rhs->kind == VTC_AFFINE_CONST) return *c = e->rhs->value, e->lhs;
  if (e->kind == VTC_AFFINE_ADD && e->lhs->kind == VTC_AFFINE_CONST) return *c = e->lhs->value, e->rhs;
  return e;
}

/* Narrows box (v space) to where inner result k (+ bias) lies in [lo, hi);
 * false when that set is not a box. *empty when it is empty. */
static bool narrow(expr r, int64_t bias, int64_t lo, int64_t hi, int64_t *blo, int64_t *bhi, bool *empty) {
  if (r->kind == VTC_AFFINE_CONST) {
    int64_t x = r->value + bias;
    if (x < lo || x >= hi) *empty = true;
    return true;
  }
  if (r->kind != VTC_AFFINE_DIM) return false;
  unsigned j = (unsigned)r->value;
  int64_t nlo = lo == INT64_MIN ? lo : lo - bias, nhi = hi == INT64_MAX ? hi : hi - bias;
  if (nlo > blo[j]) blo[j] = nlo;
  if (nhi < bhi[j]) bhi[j] = nhi;
  if (blo[j] >= bhi[j]) *empty = true;
  return true;
}

/* Composes one pair of pieces into out; false when not a box. */
static bool compose_piece(vtc_context *ctx, const vtc_graph_map_piece *p1, const vtc_graph_map_piece *p2, unsigned vrank,
                          const vtc_type *u_type, vtc_graph_mapping *out) {
  int64_t lo[VTC_MAX_RANK], hi[VTC_MAX_RANK];
  for (unsigned d = 0; d < vrank; d++) {
    lo[d] = p1->has_box ? p1->lo[d] : 0;
    hi[d] = p1->has_box ? p1->hi[d] : INT64_MAX;
  }
  bool empty = false, boxed = p1->has_box;
  for (unsigned k = 0; p2->has_box && p1->map && k < p1->map->num_results; k++) {
    int64_t ud = vtc_tensor_dim(u_type, k);
    if (p2->lo[k] <= 0 && (p2->hi[k] == INT64_MAX || (ud != VTC_DYNAMIC && p2->hi[k] >= ud))) continue;
    if (!narrow(p1->map->results[k], p1->bias[k], p2->lo[k], p2->hi[k], lo, hi, &empty)) return false;
    boxed = true;
  }
  if (empty) return true;
  if (!p1->map || !p2->map) { /* an index-dependent piece stays one, narrowed to its box */
    vtc_graph_map_piece *p = add_piece(out, p2->input);
    p->has_box = boxed;
    memcpy(p->lo, lo, sizeof lo);
    memcpy(p->hi, hi, sizeof hi);
    return true;
  }
  /* inner with its bias folded in, then outer, then outer's bias split back out. */
  expr in_res[VTC_MAX_RANK];
  for (unsigned k = 0; k < p1->map->num_results; k++)
    in_res[k] = vtc_affine_add(ctx, p1->map->results[k], vtc_affine_const(ctx, p1->bias[k]));
  const vtc_affine_map *inner = vtc_affine_map_get(ctx, vrank, 0, p1->map->num_results, in_res);
  const vtc_affine_map *c = vtc_affine_map_compose(ctx, p2->map, inner);
  vtc_graph_map_piece *p = add_piece(out, p2->input);
  p->has_box = boxed;
  memcpy(p->lo, lo, sizeof lo);
  memcpy(p->hi, hi, sizeof hi);
  expr res[VTC_MAX_RANK];
  for (unsigned k = 0; k < c->num_results; k++) {
    int64_t k0;
    res[k] = split_const(ctx, c->results[k], &k0);
    p->bias[k] = k0 + p2->bias[k];
  }
  p->map = vtc_affine_map_get(ctx, vrank, 0, c->num_results, res);
  return true;
}

bool vtc_graph_mapping_compose(vtc_context *ctx, const vtc_graph_mapping *inner, const vtc_graph_mapping *outer,
                               const vtc_type *u_type, vtc_graph_mapping *out) {
  memset(out, 0, sizeof *out);
  out->out_rank = inner->out_rank;
  if (inner->index_dependent && inner->num_pieces == 0) { /* stored by index: where in outer is known at run time */
    out->index_dependent = true;
    vtc_graph_map_piece *p = add_piece(out, outer->num_pieces ? outer->pieces[0].input : 0);
    p->map = NULL;
    return true;
  }
  if (inner->has_fill && outer->has_fill && inner->fill != outer->fill) return false;
  out->has_fill = inner->has_fill || outer->has_fill;
  out->fill = inner->has_fill ? inner->fill : outer->fill;
  out->index_dependent = inner->index_dependent || outer->index_dependent;
  for (unsigned i = 0; i < inner->num_pieces; i++)
    for (unsigned j = 0; j < outer->num_pieces; j++)
      if (!compose_piece(ctx, &inner->pieces[i], &outer->pieces[j], inner->out_rank, u_type, out)) {
        vtc_graph_mapping_free(out);
        return false;
      }
  return true;
}

/* ---- contiguity ------------------------------------------------------------------- */

static const char *const class_names[] = {"Type I", "partial", "Type II"};

const char *vtc_graph_contig_class_name(vtc_graph_contig_class c) { return class_names[c]; }

/* Dims with `?` as 2 (see graph.h). */
static void analysis_shape(const vtc_type *t, int64_t *dims) {
  for (unsigned i = 0; i < t->rank; i++) {
    int64_t d = vtc_tensor_dim(t, i);
    dims[i] = d == VTC_DYNAMIC ? 2 : d;
  }
}

typedef struct contig_ctx {
  const vtc_graph_map_piece *p;
  unsigned vrank, brank;
  int64_t bstride[VTC_MAX_RANK], vsuffix[VTC_MAX_RANK];
  bool fail[VTC_MAX_RANK];
} contig_ctx;

static bool offset_at(const contig_ctx *c, const int64_t *idx, int64_t *off) {
  int64_t b[VTC_MAX_RANK];
  if (!vtc_affine_map_eval(c->p->map, idx, NULL, b)) return false;
  int64_t o = 0;
  for (unsigned k = 0; k < c->brank; k++) o += (b[k] + c->p->bias[k]) * c->bstride[k];
  *off = o;
  return true;
}

/* Checks the step along every dim i at idx (within [lo, hi)). */
static void check_point(contig_ctx *c, int64_t *idx, const int64_t *hi, int only_dim) {
  int64_t base;
  if (!offset_at(c, idx, &base)) {
    for (unsigned i = 0; i < c->vrank; i++) c->fail[i] = true;
    return;
  }
  for (unsigned i = 0; i < c->vrank; i++) {
    if ((only_dim >= 0 && (int)i != only_dim) || c->fail[i] || idx[i] + 1 >= hi[i]) continue;
    int64_t next;
    idx[i]++;
    bool ok = offset_at(c, idx, &next);
    idx[i]--;
    if (!ok || next - base != c->vsuffix[i]) c->fail[i] = true;
  }
}

/* Iterates the points of the box [lo, hi) whose coordinates are drawn from
 * vals[d][0..nvals[d]). */
static void walk_points(contig_ctx *c, int64_t (*vals)[8], const int *nvals, const int64_t *hi, int only_dim,
                        int64_t *along, int64_t nalong) {
  int choice[VTC_MAX_RANK] = {0};
  int64_t idx[VTC_MAX_RANK];
  for (;;) {
    for (unsigned d = 0; d < c->vrank; d++) idx[d] = vals[d][choice[d]];
    if (only_dim >= 0) {
      for (int64_t t = 0; t < nalong; t++) {
        idx[only_dim] = along[t];
        check_point(c, idx, hi, only_dim);
      }
    } else {
      check_point(c, idx, hi, -1);
    }
    int d = (int)c->vrank - 1;
    while (d >= 0 && (d == only_dim || ++choice[d] == nvals[d])) {
      if (d != only_dim) choice[d] = 0;
      d--;
    }
    if (d < 0) break;
  }
}

/* Adds scale x e's coefficient of each dim to coef[]: false where e is not
 * linear in the dims (mod, floordiv, ceildiv, a symbol, a product of two
 * non-constants) or a coefficient would overflow. */
static bool linear_coeffs(const vtc_affine_expr *e, int64_t scale, unsigned rank, int64_t *coef) {
  int64_t t;
  switch ((vtc_affine_kind)e->kind) {
  case VTC_AFFINE_CONST: return true;
  case VTC_AFFINE_DIM:
    return e->value < (int64_t)rank && !__builtin_add_overflow(coef[e->value], scale, &coef[e->value]);
  case VTC_AFFINE_ADD: return linear_coeffs(e->lhs, scale, rank, coef) && linear_coeffs(e->rhs, scale, rank, coef);
  case VTC_AFFINE_MUL:
    if (e->rhs->kind == VTC_AFFINE_CONST)
      return !__builtin_mul_overflow(scale, e->rhs->value, &t) && linear_coeffs(e->lhs, t, rank, coef);
    if (e->lhs->kind == VTC_AFFINE_CONST)
      return !__builtin_mul_overflow(scale, e->lhs->value, &t) && linear_coeffs(e->rhs, t, rank, coef);
    return false;
  default: return false;
  }
}

/* A piece whose map is linear in the virtual indices has one step per
 * virtual dim everywhere: the sum over base dims of the result's
 * coefficient times the base stride. It is what the point-by-point walk
 * below finds for such a map, without visiting up to 2^16 points per
 * mapping (lstm-stack.paper's 11k views took 8 s of vtc-virtualize).
 * False where the map is not linear: the walk decides. */
static bool linear_steps(contig_ctx *c, const int64_t *lo, const int64_t *hi) {
  int64_t step[VTC_MAX_RANK] = {0};
  for (unsigned k = 0; k < c->brank; k++) {
    int64_t coef[VTC_MAX_RANK] = {0};
    if (!linear_coeffs(c->p->map->results[k], 1, c->vrank, coef)) return false;
    for (unsigned i = 0; i < c->vrank; i++) {
      int64_t t;
      if (__builtin_mul_overflow(coef[i], c->bstride[k], &t) || __builtin_add_overflow(step[i], t, &step[i]))
        return false;
    }
  }
  for (unsigned i = 0; i < c->vrank; i++) c->fail[i] = hi[i] - lo[i] > 1 && step[i] != c->vsuffix[i];
  return true;
}

static bool piece_contiguity(contig_ctx *c, const int64_t *vdims, int64_t elem, unsigned *d_out, int64_t *chunk,
                             bool *sampled) {
  const vtc_graph_map_piece *p = c->p;
  int64_t lo[VTC_MAX_RANK], hi[VTC_MAX_RANK], volume = 1;
  for (unsigned d = 0; d < c->vrank; d++) {
    lo[d] = p->has_box && p->lo[d] > 0 ? p->lo[d] : 0;
    hi[d] = p->has_box && p->hi[d] < vdims[d] ? p->hi[d] : vdims[d];
    if (hi[d] <= lo[d]) return false; /* empty piece: no constraint */
    volume = volume > (1 << 20) ? volume : volume * (hi[d] - lo[d]);
  }
  memset(c->fail, 0, sizeof c->fail);
  int64_t vals[VTC_MAX_RANK][8];
  int nvals[VTC_MAX_RANK];
  if (linear_steps(c, lo, hi)) {
    /* decided without walking */
  } else if (volume <= (1 << 16)) {
    /* full enumeration */
    int64_t idx[VTC_MAX_RANK];
    for (unsigned d = 0; d < c->vrank; d++) idx[d] = lo[d];
    for (;;) {
      check_point(c, idx, hi, -1);
      int d = (int)c->vrank - 1;
      while (d >= 0 && ++idx[d] == hi[d]) idx[d] = lo[d], d--;
      if (d < 0) break;
    }
  } else {
    *sampled = true;
    for (unsigned d = 0; d < c->vrank; d++) {
      int64_t cand[3] = {lo[d], lo[d] + (hi[d] - lo[d]) / 2, hi[d] - 1};
      nvals[d] = 0;
      for (int k = 0; k < 3; k++)
        if (nvals[d] == 0 || vals[d][nvals[d] - 1] != cand[k]) vals[d][nvals[d]++] = cand[k];
    }
    int64_t along[4096];
    for (unsigned i = 0; i < c->vrank; i++) {
      int64_t n = 0, ext = hi[i] - lo[i];
      for (int64_t t = 0; t < ext && n < 4096; t++) {
        int64_t x = ext <= 4096 || t < 2048 ? lo[i] + t : hi[i] - (4096 - t);
        along[n++] = x;
        if (ext > 4096 && t >= 4095) break;
      }
      walk_points(c, vals, nvals, hi, (int)i, along, n);
    }
  }
  unsigned d = c->vrank;
  while (d > 0 && !c->fail[d - 1]) d--;
  *d_out = d;
  int64_t run = elem;
  for (unsigned i = d; i < c->vrank; i++) run *= hi[i] - lo[i];
  *chunk = run;
  return true;
}

static int64_t elem_bytes(const vtc_type *t) {
  vtc_dtype dt;
  if (!vtc_graph_dtype_of(t->element, &dt)) return 4;
  return (int64_t)vtc_dtype_size(dt);
}

bool vtc_graph_contiguity_of(const vtc_graph_mapping *m, int dep_dim, const vtc_type *virt, const vtc_type *base,
                             int64_t transfer_bytes, vtc_graph_contiguity *out) {
  memset(out, 0, sizeof *out);
  int64_t elem = elem_bytes(virt);
  unsigned vrank = virt->rank;
  if (m->index_dependent && m->num_pieces == 0) {
    unsigned d = dep_dim < 0 ? vrank : (unsigned)dep_dim;
    int64_t run = elem;
    for (unsigned i = d; i < vrank; i++) {
      int64_t x = vtc_tensor_dim(virt, i);
      run *= x == VTC_DYNAMIC ? 1 : x;
    }
    out->d = d + 1;
    out->chunk_bytes = run;
    out->cls = run >= transfer_bytes ? VTC_GRAPH_PARTIAL : VTC_GRAPH_TYPE_II;
    return true;
  }
  contig_ctx c = {.vrank = vrank, .brank = base->rank};
  int64_t vdims[VTC_MAX_RANK], bdims[VTC_MAX_RANK];
  analysis_shape(virt, vdims);
  analysis_shape(base, bdims);
  int64_t s = 1;
  for (int i = (int)base->rank - 1; i >= 0; i--) c.bstride[i] = s, s *= bdims[i];
  s = 1;
  for (int i = (int)vrank - 1; i >= 0; i--) c.vsuffix[i] = s, s *= vdims[i];
  unsigned worst_d = 0;
  int64_t worst_chunk = INT64_MAX;
  bool any = false;
  for (unsigned k = 0; k < m->num_pieces; k++) {
    c.p = &m->pieces[k];
    if (!c.p->map) continue; /* an index-dependent piece of a composed map: the caller's */
    unsigned d;
    int64_t chunk;
    if (!piece_contiguity(&c, vdims, elem, &d, &chunk, &out->sampled)) continue;
    any = true;
    if (d > worst_d) worst_d = d;
    if (chunk < worst_chunk) worst_chunk = chunk;
  }
  if (!any) worst_chunk = 0;
  /* `?` dims count as 1 in the chunk: redo the product with them. */
  out->d = worst_d + 1;
  out->chunk_bytes = worst_chunk;
  for (unsigned i = worst_d; any && i < vrank; i++)
    if (vtc_tensor_dim(virt, i) == VTC_DYNAMIC) out->chunk_bytes /= 2;
  out->cls = worst_d == 0 ? VTC_GRAPH_TYPE_I : out->chunk_bytes >= transfer_bytes ? VTC_GRAPH_PARTIAL : VTC_GRAPH_TYPE_II;
  return true;
}

/* ---- Equation (1) ----------------------------------------------------------------- */

/* Adds coef * e to S (linear dims) and to *rest (everything else), with
 * x mod m rewritten as x - m * (x floordiv m). */
static void linearize(vtc_context *ctx, expr e, int64_t coef, int64_t *S, int64_t *cst, expr *rest) {
  switch (e->kind) {
  case VTC_AFFINE_DIM: S[e->value] += coef; return;
  case VTC_AFFINE_CONST: *cst += coef * e->value; return;
  case VTC_AFFINE_ADD:
    linearize(ctx, e->lhs, coef, S, cst, rest);
    linearize(ctx, e->rhs, coef, S, cst, rest);
    return;
  case VTC_AFFINE_MUL:
    if (e->rhs->kind == VTC_AFFINE_CONST) return linearize(ctx, e->lhs, coef * e->rhs->value, S, cst, rest);
    if (e->lhs->kind == VTC_AFFINE_CONST) return linearize(ctx, e->rhs, coef * e->lhs->value, S, cst, rest);
    break;
  case VTC_AFFINE_MOD:
    if (e->rhs->kind == VTC_AFFINE_CONST) {
      linearize(ctx, e->lhs, coef, S, cst, rest);
      expr q = vtc_affine_floordiv(ctx, e->lhs, e->rhs);
      *rest = vtc_affine_add(ctx, *rest, vtc_affine_mul(ctx, q, vtc_affine_const(ctx, -coef * e->rhs->value)));
      return;
    }
    break;
  default: break;
  }
  *rest = vtc_affine_add(ctx, *rest, vtc_affine_mul(ctx, e, vtc_affine_const(ctx, coef)));
}

static void print_box(const vtc_graph_map_piece *p, unsigned rank, vtc_strbuf *out) {
  for (unsigned d = 0; d < rank; d++) {
    if (d) vtc_strbuf_puts(out, " x ");
    if (p->hi[d] == INT64_MAX) vtc_strbuf_printf(out, "[%lld, ?)", (long long)p->lo[d]);
    else vtc_strbuf_printf(out, "[%lld, %lld)", (long long)p->lo[d], (long long)p->hi[d]);
  }
  vtc_strbuf_puts(out, ": ");
}

void vtc_graph_mapping_print_eq1(vtc_context *ctx, const vtc_graph_mapping *m, const vtc_type *base, vtc_strbuf *out) {
  if (m->index_dependent && m->num_pieces == 0) {
    vtc_strbuf_puts(out, "index-dependent (positions from the index tensor)\n");
    return;
  }
  int64_t bstride[VTC_MAX_RANK], s = 1;
  bool dyn = false;
  for (int i = (int)base->rank - 1; i >= 0; i--) {
    bstride[i] = s;
    int64_t d = vtc_tensor_dim(base, (unsigned)i);
    if (d == VTC_DYNAMIC) {
      if (i > 0) dyn = true;
    } else {
      s *= d;
    }
  }
  for (unsigned k = 0; k < m->num_pieces; k++) {
    const vtc_graph_map_piece *p = &m->pieces[k];
    if (p->has_box) print_box(p, m->out_rank, out);
    if (!p->map) {
      vtc_strbuf_puts(out, "index-dependent (positions from the index tensor)\n");
      continue;
    }
    if (dyn) {
      vtc_affine_map_print(p->map, out);
      vtc_strbuf_puts(out, " + [");
      for (unsigned d = 0; d < p->map->num_results; d++) vtc_strbuf_printf(out, "%s%lld", d ? ", " : "", (long long)p->bias[d]);
      vtc_strbuf_puts(out, "]\n");
      continue;
    }
    int64_t S[VTC_MAX_RANK] = {0}, cst = 0;
    expr rest = vtc_affine_const(ctx, 0);
    for (unsigned r = 0; r < p->map->num_results; r++) {
      linearize(ctx, p->map->results[r], bstride[r], S, &cst, &rest);
      cst += p->bias[r] * bstride[r];
    }
    rest = vtc_affine_expr_simplify(ctx, vtc_affine_add(ctx, rest, vtc_affine_const(ctx, cst)));
    vtc_strbuf_puts(out, "S = [");
    for (unsigned d = 0; d < m->out_rank; d++) vtc_strbuf_printf(out, "%s%lld", d ? ", " : "", (long long)S[d]);
    vtc_strbuf_puts(out, "], b(I) = ");
    vtc_affine_expr_print(rest, out);
    vtc_strbuf_puts(out, "\n");
  }
  if (m->has_fill) vtc_strbuf_printf(out, "otherwise: fill %g\n", m->fill);
}

/* ---- the annotation's verifier ---------------------------------------------------- */

static bool int_field(const vtc_attr *d, const char *name, int64_t *v) {
  const vtc_attr *a = vtc_attr_dict_get(d, name);
  if (!a || a->kind != VTC_ATTR_INTEGER) return false;
  *v = a->i;
  return true;
}

static bool verify_view(vtc_op *op, const vtc_graph_vrules *rs, unsigned i, const vtc_attr *v) {
  if (v->kind != VTC_ATTR_DICTIONARY) return vtc_op_error(op, "vtc.views #%u must be a dictionary", i);
  const vtc_attr *kind = vtc_attr_dict_get(v, "kind"), *map = vtc_attr_dict_get(v, "map"),
                 *bias = vtc_attr_dict_get(v, "bias");
  int64_t virt, base;
  vtc_graph_view_kind k;
  if (!kind || kind->kind != VTC_ATTR_STRING || !vtc_graph_view_kind_parse(kind->str, &k))
    return vtc_op_error(op, "vtc.views #%u needs kind = \"read\", \"write\" or \"in_place\"", i);
  if (!int_field(v, "virtual", &virt) || !int_field(v, "base", &base))
    return vtc_op_error(op, "vtc.views #%u needs integer `virtual` and `base`", i);
  const vtc_graph_vrule *rule = NULL;
  for (unsigned r = 0; r < rs->count; r++)
    if (rs->rules[r].kind == k && (int64_t)rs->rules[r].virt == virt && (int64_t)rs->rules[r].base == base)
      rule = &rs->rules[r];
  const char *vname = k == VTC_GRAPH_VIEW_WRITE ? "operand" : "result", *bname = k == VTC_GRAPH_VIEW_WRITE ? "result" : "operand";
  if (!rule)
    return vtc_op_error(op, "vtc.views #%u: no %s rule makes %s %lld a view of %s %lld", i, kind_names[k], vname,
                        (long long)virt, bname, (long long)base);
  const vtc_type *vt = vtc_graph_vrule_virtual(op, rule)->type, *bt = vtc_graph_vrule_base(op, rule)->type;
  if (vt->element != bt->element) return vtc_op_error(op, "vtc.views #%u: element types of the view and its base differ", i);
  if (rule->map.index_dependent) {
    if (map) return vtc_op_error(op, "vtc.views #%u: an index-dependent view has no map", i);
    return true;
  }
  if (!map || map->kind != VTC_ATTR_AFFINE_MAP)
    return vtc_op_error(op, "vtc.views #%u needs `map`, an affine map", i);
  if (map->map->num_dims != vt->rank || map->map->num_results != bt->rank || map->map->num_symbols)
    return vtc_op_error(op, "vtc.views #%u: map has %u dims and %u results, expected %u and %u (the ranks of view and base)",
                        i, map->map->num_dims, map->map->num_results, vt->rank, bt->rank);
  if (!bias || bias->kind != VTC_ATTR_ARRAY || bias->count != bt->rank)
    return vtc_op_error(op, "vtc.views #%u: bias must hold %u integers", i, bt->rank);
  const vtc_attr *lo = vtc_attr_dict_get(v, "lo"), *hi = vtc_attr_dict_get(v, "hi");
  if ((lo || hi) && (!lo || !hi || lo->kind != VTC_ATTR_ARRAY || hi->kind != VTC_ATTR_ARRAY || lo->count != vt->rank ||
                     hi->count != vt->rank))
    return vtc_op_error(op, "vtc.views #%u: lo and hi must both hold %u integers", i, vt->rank);
  return true;
}

bool vtc_graph_verify_virtual_attr(vtc_op *op) {
  const vtc_attr *kind = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VIRTUAL), *views = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VIEWS);
  vtc_graph_view_kind k;
  if (!kind || kind->kind != VTC_ATTR_STRING || !vtc_graph_view_kind_parse(kind->str, &k))
    return vtc_op_error(op, "vtc.virtual must be \"read\", \"write\" or \"in_place\"");
  if (!views || views->kind != VTC_ATTR_ARRAY || views->count == 0)
    return vtc_op_error(op, "vtc.virtual needs vtc.views, a non-empty array of views");
  vtc_graph_vrules rs;
  if (!vtc_graph_virtual_rules(op, &rs)) return vtc_op_error(op, "vtc.virtual on an op with no virtual tensor rules");
  bool ok = true, has_kind = false;
  for (unsigned i = 0; ok && i < views->count; i++) {
    ok = verify_view(op, &rs, i, views->elems[i].value);
    const vtc_attr *vk = ok ? vtc_attr_dict_get(views->elems[i].value, "kind") : NULL;
    if (vk && strcmp(vk->str, kind_names[k]) == 0) has_kind = true;
  }
  if (ok && !has_kind) ok = vtc_op_error(op, "vtc.virtual = \"%s\" but no view of that kind", kind_names[k]);
  vtc_graph_vrules_free(&rs);
  return ok;
}
