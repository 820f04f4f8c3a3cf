/* The points-to graph (VTC section 5.2, Algorithm 2, global greedy): an
 * anchor set A of decided tensors grows by the open tensor whose best
 * non-conflicting set of edges into A (MAXEDGES) covers it exactly once
 * with the largest saving; the edges' weights w(e) are re-measured through
 * the composed maps of the anchors they point to.
 * Choices where the paper is silent:
 * - MAXEDGES is exhaustive over subsets up to 16 candidate edges, greedy by
 *   weight above (with a remark).
 * - When no open tensor has a cover with a positive saving, the open
 *   tensor whose anchoring unlocks the most positive weight (its in-edges
 *   from open tensors) is anchored physical; the paper's A starts with
 *   the tensors without out-edges only, so nothing could point at a
 *   physical tensor that has out-edges (Fig. 11's Y).
 * - A write or in-place edge may only point at a tensor whose storage is
 *   its own (physical, or a view through write edges): storing into a read
 *   view would overwrite the values it reads.
 * - The cost model (cost=model, and cost=auto without an oracle): an edge
 *   saves the copy of its view (bytes read and written / DRAM bandwidth of
 *   the target row) and a share of the op's launch; a Type II view costs
 *   (transfer unit / chunk - 1) times its bytes per access (each chunk
 *   moves a whole transfer unit). objective=memory weighs the buffer bytes.
 *   The profiling oracle of cost=profile is not implemented: asking for it
 *   is a located error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/vtc/vtc_impl.h"

/* Kernel launch and scheduling overhead the model charges per
 * data-movement kernel: our estimates, not from targets/ (a CUDA launch
 * with its tail ~3 us; a CPU parallel region ~1 us). */
#define LAUNCH_GPU_S 3e-6
#define LAUNCH_CPU_S 1e-6
#define MAX_EXHAUSTIVE 16

static vtc_graph_contiguity worst(vtc_graph_contiguity a, vtc_graph_contiguity b) {
  vtc_graph_contiguity c = a;
  if (b.cls > c.cls) c.cls = b.cls;
  if (b.d > c.d) c.d = b.d;
  if (b.chunk_bytes < c.chunk_bytes) c.chunk_bytes = b.chunk_bytes;
  c.sampled = a.sampled || b.sampled;
  return c;
}

/* The edges eliminating e's op needs in e's direction: its rules there
 * (split's input is written through one rule per result, concat's result
 * read through one per input). */
static unsigned views_needed(const vtog *g, const vtog_edge *e) {
  vtc_graph_vrules rs;
  unsigned n = 0;
  bool reading = e->rule.kind == VTC_GRAPH_VIEW_READ;
  if (vtc_graph_virtual_rules(e->op, &rs)) {
    for (unsigned r = 0; r < rs.count; r++) n += (rs.rules[r].kind == VTC_GRAPH_VIEW_READ) == reading;
    vtc_graph_vrules_free(&rs);
  }
  (void)g;
  return n ? n : 1;
}

static int64_t covered_volume(const vtog *g, const vtog_edge *e);
static int64_t e_covered(const vtog *g, const vtog_edge *e) { return covered_volume(g, e); }

static unsigned num_reads(const vtc_value *v) {
  unsigned n = 0;
  for (vtc_use *u = v->first_use; u; u = u->next) n += !vtc_op_has_trait(u->owner, VTC_TRAIT_RETURN_LIKE);
  return n ? n : 1;
}

static double weight(const vtog *g, const vtc_options *o, const vtog_edge *e, const vtc_graph_contiguity *c) {
  const vtog_node *v = &g->nodes[e->from];
  if (o->strategy == VTC_STRATEGY_ALL) return 1.0;
  double share = (double)e_covered(g, e) / (double)(v->volume ? v->volume : 1); /* a split's input: one piece */
  if (o->objective == VTC_OBJECTIVE_MEMORY) return (double)v->bytes * share;
  double bw = g->hw->dram_bandwidth > 0 ? g->hw->dram_bandwidth : 1e11;
  double launch = g->hw->kind == VTC_HW_GPU ? LAUNCH_GPU_S : LAUNCH_CPU_S;
  double t = (double)v->bytes * share / bw;
  double saving = 2 * t + launch / views_needed(g, e);
  double penalty = 0;
  if (c->cls == VTC_GRAPH_TYPE_II) {
    double unit = (double)(g->hw->transfer_bytes > 0 ? g->hw->transfer_bytes : 128);
    double chunk = (double)(c->chunk_bytes > 0 ? c->chunk_bytes : 1);
    unsigned accesses = e->rule.kind == VTC_GRAPH_VIEW_READ ? num_reads(v->value) : 1;
    penalty = accesses * t * (unit / chunk - 1);
  }
  return saving - penalty;
}

/* ---- composition through an anchor -------------------------------------------------- */

/* e's map composed with its target's, pieces' input = root node ids. */
static bool compose_edge(vtog *g, const vtog_edge *e, vtc_graph_mapping *out, vtc_graph_contiguity *c) {
  const vtog_node *t = &g->nodes[e->to];
  vtc_graph_mapping local = vtc_graph_mapping_copy(&e->rule.map);
  for (unsigned k = 0; k < local.num_pieces; k++) local.pieces[k].input = e->to;
  if (local.index_dependent && local.num_pieces == 0 && t->state == VTOG_PHYSICAL) {
    local.pieces = vtc_xcalloc(1, sizeof *local.pieces); /* one piece stored by index into e->to */
    local.num_pieces = 1;
    local.pieces[0].input = e->to;
  }
  if (t->state == VTOG_PHYSICAL) {
    *out = local;
    *c = e->contig;
    return true;
  }
  bool ok = vtc_graph_mapping_compose(g->ctx, &local, &t->composed, t->value->type, out);
  vtc_graph_mapping_free(&local);
  if (!ok) return false;
  if (out->index_dependent) {
    *c = e->rule.map.index_dependent ? worst(e->contig, t->contig) : t->contig;
    if (!e->rule.map.index_dependent) *c = worst(e->contig, *c);
    return true;
  }
  /* contiguity per root, the worst of them */
  int64_t transfer = g->hw->transfer_bytes > 0 ? g->hw->transfer_bytes : 128;
  bool first = true;
  for (unsigned k = 0; k < out->num_pieces; k++) {
    unsigned root = out->pieces[k].input;
    bool done = false;
    for (unsigned q = 0; q < k; q++) done |= out->pieces[q].input == root;
    if (done) continue;
    vtc_graph_mapping part = {.out_rank = out->out_rank};
    for (unsigned q = 0; q < out->num_pieces; q++) {
      if (out->pieces[q].input != root) continue;
      part.pieces = vtc_xrealloc(part.pieces, (part.num_pieces + 1) * sizeof *part.pieces);
      part.pieces[part.num_pieces++] = out->pieces[q];
    }
    vtc_graph_contiguity pc;
    vtc_graph_contiguity_of(&part, -1, g->nodes[e->from].value->type, g->nodes[root].value->type, transfer, &pc);
    vtc_graph_mapping_free(&part);
    *c = first ? pc : worst(*c, pc);
    first = false;
  }
  if (first) *c = e->contig;
  return true;
}

/* ---- MAXEDGES ---------------------------------------------------------------------- */

typedef struct cand {
  unsigned edge;
  double w;
  int64_t covered;
  vtc_graph_mapping composed;
  vtc_graph_contiguity contig;
} cand;

static int64_t covered_volume(const vtog *g, const vtog_edge *e) {
  const vtog_node *v = &g->nodes[e->from];
  if (e->rule.map.index_dependent || e->rule.map.has_fill) return v->volume;
  int64_t dims[VTC_MAX_RANK], total = 0;
  for (unsigned d = 0; d < v->value->type->rank; d++) {
    int64_t x = vtc_tensor_dim(v->value->type, d);
    dims[d] = x == VTC_DYNAMIC ? 2 : x;
  }
  for (unsigned k = 0; k < e->rule.map.num_pieces; k++) {
    const vtc_graph_map_piece *p = &e->rule.map.pieces[k];
    int64_t vol = 1;
    for (unsigned d = 0; d < v->value->type->rank; d++) {
      int64_t lo = p->has_box && p->lo[d] > 0 ? p->lo[d] : 0, hi = p->has_box && p->hi[d] < dims[d] ? p->hi[d] : dims[d];
      vol *= hi > lo ? hi - lo : 0;
    }
    total += vol;
  }
  return total;
}

static bool usable(vtog *g, const vtc_options *o, unsigned ei) {
  const vtog_edge *e = &g->edges[ei];
  const vtog_node *t = &g->nodes[e->to];
  if (!e->legal || t->state == VTOG_OPEN) return false;
  if (e->rule.kind != VTC_GRAPH_VIEW_READ && t->read_chain) return false;
  if (e->blocked) return false;
  return o->strategy != VTC_STRATEGY_TYPE1 || e->contig.cls == VTC_GRAPH_TYPE_I;
}

typedef struct best_set {
  double s;
  unsigned mask; /* over the candidates */
  bool greedy;
} best_set;

static bool compatible(const vtog *g, const cand *c, unsigned mask, unsigned n, int64_t volume) {
  int64_t cov = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!(mask >> i & 1)) continue;
    cov += c[i].covered;
    for (unsigned j = i + 1; j < n; j++)
      if ((mask >> j & 1) && vtog_conflicting(g, c[i].edge, c[j].edge)) return false;
  }
  return cov == volume;
}

static best_set max_edges(const vtog *g, const cand *c, unsigned n, int64_t volume) {
  best_set b = {-INFINITY, 0, false};
  if (n <= MAX_EXHAUSTIVE) {
    for (unsigned mask = 1; mask < (1u << n); mask++) {
      if (!compatible(g, c, mask, n, volume)) continue;
      double s = 0;
      for (unsigned i = 0; i < n; i++)
        if (mask >> i & 1) s += c[i].w;
      if (s > b.s) b.s = s, b.mask = mask;
    }
    return b;
  }
  /* greedy by weight: the first 32 candidates at most */
  b.greedy = true;
  unsigned mask = 0, lim = n < 32 ? n : 32;
  bool used[32] = {false};
  for (;;) {
    int pick = -1;
    for (unsigned i = 0; i < lim; i++) {
      if (used[i]) continue;
      bool ok = true;
      for (unsigned j = 0; j < lim; j++)
        if ((mask >> j & 1) && vtog_conflicting(g, c[i].edge, c[j].edge)) ok = false;
      if (ok && (pick < 0 || c[i].w > c[pick].w)) pick = (int)i;
    }
    if (pick < 0) break;
    used[pick] = true;
    mask |= 1u << pick;
  }
  if (compatible(g, c, mask, lim, volume)) {
    b.s = 0;
    for (unsigned i = 0; i < lim; i++)
      if (mask >> i & 1) b.s += c[i].w;
    b.mask = mask;
  }
  return b;
}

/* The candidates of open node v (composed through their anchors). */
static unsigned candidates(vtog *g, const vtc_options *o, unsigned v, cand *c, unsigned cap) {
  unsigned n = 0;
  const vtog_node *node = &g->nodes[v];
  for (unsigned i = 0; i < node->num_out && n < cap; i++) {
    unsigned ei = node->out[i];
    if (!usable(g, o, ei)) continue;
    cand *x = &c[n];
    if (!compose_edge(g, &g->edges[ei], &x->composed, &x->contig)) continue;
    if (o->strategy == VTC_STRATEGY_TYPE1 && x->contig.cls != VTC_GRAPH_TYPE_I) {
      vtc_graph_mapping_free(&x->composed);
      continue;
    }
    x->edge = ei;
    x->covered = covered_volume(g, &g->edges[ei]);
    x->w = weight(g, o, &g->edges[ei], &x->contig);
    n++;
  }
  return n;
}

static void free_cands(cand *c, unsigned n) {
  for (unsigned i = 0; i < n; i++) vtc_graph_mapping_free(&c[i].composed);
}

/* Anchors v as a view through the chosen candidates; the nodes whose
 * edges the choice blocks are marked dirty (their covers change). */
static void anchor_virtual(vtog *g, unsigned v, cand *c, unsigned n, unsigned mask, double s, bool *dirty) {
  vtog_node *node = &g->nodes[v];
  node->state = VTOG_VIRTUAL;
  node->saving = s;
  vtc_graph_mapping_free(&node->composed);
  node->composed.out_rank = node->value->type->rank;
  bool first = true;
  for (unsigned i = 0; i < n; i++) {
    if (!(mask >> i & 1)) continue;
    vtog_edge *e = &g->edges[c[i].edge];
    e->selected = true;
    for (unsigned k = 0; k < g->num_conflicts; k++) { /* O(1) checks in usable() from now on */
      unsigned other = g->conflicts[k].a == c[i].edge ? g->conflicts[k].b
                       : g->conflicts[k].b == c[i].edge ? g->conflicts[k].a
                                                        : UINT32_MAX;
      if (other == UINT32_MAX) continue;
      g->edges[other].blocked = true;
      dirty[g->edges[other].from] = true;
    }
    e->w = c[i].w;
    if (e->rule.kind == VTC_GRAPH_VIEW_READ || g->nodes[e->to].read_chain) node->read_chain = true;
    vtc_graph_mapping *m = &node->composed;
    if (c[i].composed.index_dependent) m->index_dependent = true;
    if (c[i].composed.has_fill) m->has_fill = true, m->fill = c[i].composed.fill;
    for (unsigned k = 0; k < c[i].composed.num_pieces; k++) {
      m->pieces = vtc_xrealloc(m->pieces, (m->num_pieces + 1) * sizeof *m->pieces);
      m->pieces[m->num_pieces++] = c[i].composed.pieces[k];
    }
    node->contig = first ? c[i].contig : worst(node->contig, c[i].contig);
    first = false;
  }
}

/* No cover is worth taking: anchor physical the open tensor whose in-edges
 * from open tensors weigh the most (the first one on ties). Returns it, or
 * -1 when none is open. */
static int anchor_physical(vtog *g, const vtc_options *o) {
  double *unlock = vtc_xcalloc(g->num_nodes, sizeof *unlock);
  for (unsigned i = 0; i < g->num_edges; i++) {
    const vtog_edge *e = &g->edges[i];
    if (!e->legal || g->nodes[e->from].state != VTOG_OPEN || g->nodes[e->to].state != VTOG_OPEN) continue;
    double w = weight(g, o, e, &e->contig);
    if (w > 0) unlock[e->to] += w;
  }
  int pick = -1;
  for (unsigned v = 0; v < g->num_nodes; v++)
    if (g->nodes[v].state == VTOG_OPEN && (pick < 0 || unlock[v] > unlock[pick])) pick = (int)v;
  if (pick >= 0) g->nodes[pick].state = VTOG_PHYSICAL;
  free(unlock);
  return pick;
}

/* The best cover of open node v by MAXEDGES over its candidates, or -inf
 * when it has none. */
static double node_score(vtog *g, const vtc_options *o, unsigned v, cand *c) {
  unsigned n = candidates(g, o, v, c, 64);
  best_set b = n ? max_edges(g, c, n, g->nodes[v].volume) : (best_set){-INFINITY, 0, false};
  if (b.greedy) vtc_remark(g->ctx, g->nodes[v].loc, "vtc: %s has %u candidate edges: MAXEDGES is greedy above %d",
                           g->nodes[v].name, n, MAX_EXHAUSTIVE);
  free_cands(c, n);
  return b.mask ? b.s : -INFINITY;
}

/* In-edges per node (compressed rows: into[first[v] .. first[v + 1])). */
typedef struct in_edges {
  unsigned *first, *into;
} in_edges;

static in_edges in_edges_of(const vtog *g) {
  in_edges r = {vtc_xcalloc(g->num_nodes + 1, sizeof *r.first), vtc_xcalloc(g->num_edges + 1, sizeof *r.into)};
  for (unsigned i = 0; i < g->num_edges; i++) r.first[g->edges[i].to + 1]++;
  for (unsigned v = 0; v < g->num_nodes; v++) r.first[v + 1] += r.first[v];
  unsigned *at = vtc_xcalloc(g->num_nodes + 1, sizeof *at);
  for (unsigned i = 0; i < g->num_edges; i++) r.into[r.first[g->edges[i].to] + at[g->edges[i].to]++] = i;
  free(at);
  return r;
}

/* v changed (anchored): the covers of the nodes with an edge into it. */
static void mark_in_neighbours(const vtog *g, const in_edges *in, unsigned v, bool *dirty) {
  for (unsigned k = in->first[v]; k < in->first[v + 1]; k++) dirty[g->edges[in->into[k]].from] = true;
}

bool vtc_select(vtog *g, const vtc_options *o, vtc_selection *res) {
  memset(res, 0, sizeof *res);
  if (o->cost == VTC_COST_PROFILE)
    return vtc_error(g->ctx, g->func->loc,
                     "vtc: cost=profile needs a latency oracle (vtc-run's, to time the kernels an edge touches); "
                     "none is installed: use cost=model or cost=auto");
  for (unsigned v = 0; v < g->num_nodes; v++) {
    bool any = false;
    for (unsigned i = 0; i < g->nodes[v].num_out; i++) any |= g->edges[g->nodes[v].out[i]].legal;
    if (!any || o->strategy == VTC_STRATEGY_NONE) g->nodes[v].state = VTOG_PHYSICAL;
  }
  /* Each open node's best cover is kept between rounds: it depends only
   * on its out-edges' targets (state, composed map, read chain) and on
   * which of its out-edges are blocked, so anchoring a node re-measures
   * the nodes with an edge into it and those whose edges it blocked, not
   * every open node (lstm-stack.paper's 11k nodes: the rescan of all of
   * them each round was most of vtc-virtualize's time). Same choices. */
  cand *c = vtc_xcalloc(64, sizeof *c);
  double *score = vtc_xcalloc(g->num_nodes + 1, sizeof *score);
  bool *dirty = vtc_xcalloc(g->num_nodes + 1, sizeof *dirty);
  for (unsigned v = 0; v < g->num_nodes; v++) dirty[v] = true;
  in_edges in = in_edges_of(g);
  for (;;) {
    bool open = false;
    double best_s = -INFINITY;
    int best_v = -1;
    for (unsigned v = 0; v < g->num_nodes; v++) {
      if (g->nodes[v].state != VTOG_OPEN) continue;
      open = true;
      if (dirty[v]) score[v] = node_score(g, o, v, c), dirty[v] = false;
      if (score[v] > best_s) best_s = score[v], best_v = (int)v;
    }
    if (!open) break;
    if (best_v < 0 || best_s <= 0) {
      int p = anchor_physical(g, o);
      if (p >= 0) mark_in_neighbours(g, &in, (unsigned)p, dirty);
      continue;
    }
    /* recompute the winner's candidates (the re-measured weights) and anchor it */
    unsigned n = candidates(g, o, (unsigned)best_v, c, 64);
    best_set b = max_edges(g, c, n, g->nodes[best_v].volume);
    anchor_virtual(g, (unsigned)best_v, c, n, b.mask, b.s, dirty);
    mark_in_neighbours(g, &in, (unsigned)best_v, dirty);
    free_cands(c, n);
    res->total_saving += b.s;
  }
  free(in.first);
  free(in.into);
  free(score);
  free(dirty);
  free(c);
  for (unsigned v = 0; v < g->num_nodes; v++)
    if (g->nodes[v].state == VTOG_VIRTUAL) res->virtualized++, res->bytes_saved += g->nodes[v].bytes;
  for (unsigned k = 0; k < g->num_ops; k++) res->dm_eliminated += vtc_op_eliminated(g, g->ops[k]);
  for (unsigned i = 0; o->strategy == VTC_STRATEGY_GREEDY && i < g->num_edges; i++) {
    vtog_edge *e = &g->edges[i];
    if (!e->legal || e->selected || g->nodes[e->from].state != VTOG_PHYSICAL) continue;
    double w = weight(g, o, e, &e->contig);
    if (w > 0) continue;
    res->skipped_unprofitable++;
    vtc_remark(g->ctx, e->op->loc, "vtc: %s stays physical: no profit as a view of %s (w = %.3g us, %s, chunk %lld B)",
               g->nodes[e->from].name, g->nodes[e->to].name, w * 1e6, vtc_graph_contig_class_name(e->contig.cls),
               (long long)e->contig.chunk_bytes);
  }
  return true;
}

bool vtc_op_eliminated(const vtog *g, vtc_op *op) {
  vtc_graph_vrules rs;
  if (!vtc_graph_virtual_rules(op, &rs)) return false;
  bool done[2] = {true, true}, any[2] = {false, false};
  for (unsigned r = 0; r < rs.count; r++) {
    int dir = rs.rules[r].kind != VTC_GRAPH_VIEW_READ;
    int v = vtog_node_of(g, vtc_graph_vrule_virtual(op, &rs.rules[r]));
    any[dir] = true;
    bool through_op = false;
    unsigned first, end;
    vtog_op_edges(g, op, &first, &end);
    for (unsigned i = first; v >= 0 && i < end; i++)
      through_op |= g->edges[i].selected && g->edges[i].from == (unsigned)v &&
                    (g->edges[i].rule.kind != VTC_GRAPH_VIEW_READ) == dir;
    if (!through_op) done[dir] = false;
  }
  vtc_graph_vrules_free(&rs);
  return (any[0] && done[0]) || (any[1] && done[1]);
}

/* ---- printing ------------------------------------------------------------------------ */

void vtc_print_selection(vtog *g, const vtc_options *o, const vtc_selection *res) {
  for (unsigned v = 0; v < g->num_nodes; v++) {
    const vtog_node *n = &g->nodes[v];
    if (n->state != VTOG_VIRTUAL) {
      vtc_remark(g->ctx, n->loc, "strategy %s: physical", n->name);
      continue;
    }
    vtc_strbuf via = {0};
    for (unsigned i = 0; i < n->num_out; i++) {
      const vtog_edge *e = &g->edges[n->out[i]];
      if (e->selected) vtc_strbuf_printf(&via, "%s %s e%u (%s)", via.len ? "," : "", g->nodes[e->to].name, n->out[i],
                                         vtc_graph_view_kind_name(e->rule.kind));
    }
    vtc_remark(g->ctx, n->loc, "strategy %s: virtual of%s: %s, d = %u, chunk %lld B, w = %.4g %s", n->name, via.data,
               vtc_graph_contig_class_name(n->contig.cls), n->contig.d, (long long)n->contig.chunk_bytes,
               o->objective == VTC_OBJECTIVE_MEMORY || o->strategy == VTC_STRATEGY_ALL ? n->saving : n->saving * 1e6,
               o->strategy == VTC_STRATEGY_ALL ? "(forced)" : o->objective == VTC_OBJECTIVE_MEMORY ? "B" : "us");
    vtc_strbuf_free(&via);
    /* the composed map, per root */
    for (unsigned k = 0; k < n->composed.num_pieces; k++) {
      const vtc_graph_map_piece *p = &n->composed.pieces[k];
      vtc_graph_mapping one = {.out_rank = n->composed.out_rank, .num_pieces = 1, .pieces = (vtc_graph_map_piece *)p};
      vtc_strbuf b = {0};
      vtc_graph_mapping_print_eq1(g->ctx, &one, g->nodes[p->input].value->type, &b);
      char prefix[128];
      snprintf(prefix, sizeof prefix, "strategy %s map to %s: ", n->name, g->nodes[p->input].name);
      vtc_remark_lines(g->ctx, n->loc, prefix, b.data ? b.data : "");
      vtc_strbuf_free(&b);
    }
    if (n->composed.has_fill) vtc_remark(g->ctx, n->loc, "strategy %s map: otherwise: fill %g", n->name, n->composed.fill);
  }
  int64_t traffic = 0;
  for (unsigned i = 0; i < g->num_edges; i++)
    if (g->edges[i].selected) {
      const vtog_node *f = &g->nodes[g->edges[i].from];
      traffic += 2 * f->bytes * covered_volume(g, &g->edges[i]) / (f->volume ? f->volume : 1);
    }
  vtc_remark(g->ctx, g->func->loc,
             "strategy total: saving %.4g %s, %u virtual tensors, %u data-movement ops eliminated, %lld bytes of "
             "traffic and %lld buffer bytes saved",
             o->objective == VTC_OBJECTIVE_MEMORY || o->strategy == VTC_STRATEGY_ALL ? res->total_saving
                                                                                    : res->total_saving * 1e6,
             o->strategy == VTC_STRATEGY_ALL ? "(forced edges)" : o->objective == VTC_OBJECTIVE_MEMORY ? "B" : "us",
             res->virtualized, res->dm_eliminated, (long long)traffic, (long long)res->bytes_saved);
}
