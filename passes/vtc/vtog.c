/* The virtual tensor opportunity graph (VTC section 5.1, Definition 6,
 * Algorithm 1): nodes are the function's tensors, edges the virtual tensor
 * rules of its data-movement ops (dialects/graph/virtual.c), conflict sets
 * S(v) the pairs of v's out-edges whose boxes overlap (Fig. 7).
 * Choices where the paper is silent:
 * - Graph inputs and outputs are never views (line 10), except that the
 *   result N of a function may share the buffer of an argument marked
 *   `graph.aliasing_output = N` (donation): scatter_nd in place on it.
 * - Interference (One-Shot Bufferize's read-after-write rule): an edge that
 *   makes tensors of different values share storage (scatter_nd in place)
 *   conflicts with every read of the old values at or after the write.
 *   The old values are read by every user of any tensor connected to the
 *   data operand through VTOG edges (conservative: whether those edges are
 *   chosen or not); the write happens at the scatter, or, when the updates
 *   are stored early, at the earliest producer that may write them (any
 *   chain of write edges into the updates). Writing into an argument
 *   requires its donation to the scatter's result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/vtc/vtc_impl.h"

const char *const vtc_stat_names[] = {
    "edges",           "conflicts",           "virtualized",          "dm-eliminated", "bytes-saved",
    "skipped-dynamic", "skipped-interference", "skipped-unprofitable", NULL,
};

#define ALIASING_ATTR VTC_FUNC_ATTR_ALIASING_OUTPUT

void vtc_remark_lines(vtc_context *ctx, const vtc_loc *loc, const char *prefix, const char *text) {
  char *copy = vtc_xstrdup(text);
  for (char *line = copy, *nl; line && *line; line = nl ? nl + 1 : NULL) {
    nl = strchr(line, '\n');
    if (nl) *nl = 0;
    vtc_remark(ctx, loc, "%s%s", prefix, line);
  }
  free(copy);
}

int vtog_node_of(const vtog *g, const vtc_value *v) {
  void *id = vtc_ptrmap_get(&g->ids, v);
  return id ? (int)((uintptr_t)id - 1) : -1;
}

/* ---- nodes ------------------------------------------------------------------------- */

static void add_node(vtog *g, vtc_value *v, const vtc_loc *loc, int pos, const char *name) {
  if (!vtc_type_is_tensor(v->type)) return;
  g->nodes = vtc_xrealloc(g->nodes, (g->num_nodes + 1) * sizeof *g->nodes);
  vtog_node *n = &g->nodes[g->num_nodes];
  memset(n, 0, sizeof *n);
  n->value = v;
  n->loc = loc;
  n->pos = pos;
  n->input = pos < 0;
  n->result_index = n->donated_to = -1;
  snprintf(n->name, sizeof n->name, "%s", name);
  vtc_dtype dt;
  int64_t elem = vtc_graph_dtype_of(v->type->element, &dt) ? (int64_t)vtc_dtype_size(dt) : 4;
  n->bytes = elem;
  n->volume = 1;
  for (unsigned i = 0; i < v->type->rank; i++) {
    int64_t d = vtc_tensor_dim(v->type, i);
    n->bytes *= d == VTC_DYNAMIC ? 1 : d;
    n->volume *= d == VTC_DYNAMIC ? 2 : d;
  }
  g->num_nodes++;
  vtc_ptrmap_put(&g->ids, v, (void *)(uintptr_t)g->num_nodes);
}

static void collect_nodes(vtog *g) {
  vtc_block *body = vtc_op_region(g->func, 0)->first;
  for (unsigned i = 0; i < body->num_args; i++) {
    char name[40];
    snprintf(name, sizeof name, "arg%u", i);
    const vtc_loc *loc = vtc_block_arg_loc(body, i);
    add_node(g, body->args[i], loc ? loc : g->func->loc, -1, name);
  }
  for (vtc_op *op = body->first; op; op = op->next) {
    g->ops = vtc_xrealloc(g->ops, (g->num_ops + 1) * sizeof *g->ops);
    g->ops[g->num_ops] = op;
    const char *dot = strchr(op->name->name, '.');
    const char *shortname = dot ? dot + 1 : op->name->name;
    unsigned ordinal = 0;
    for (unsigned k = 0; k < g->num_ops; k++) ordinal += g->ops[k]->name == op->name;
    for (unsigned r = 0; r < op->num_results; r++) {
      char name[40];
      if (op->num_results > 1) snprintf(name, sizeof name, "%.24s.%u#%u", shortname, ordinal, r);
      else snprintf(name, sizeof name, "%.24s.%u", shortname, ordinal);
      add_node(g, vtc_op_result(op, r), op->loc, (int)g->num_ops, name);
    }
    g->num_ops++;
  }
  vtc_op *ret = vtc_block_terminator(body);
  for (unsigned i = 0; ret && i < ret->num_operands; i++) {
    int n = vtog_node_of(g, vtc_op_operand(ret, i));
    if (n >= 0 && g->nodes[n].result_index < 0) g->nodes[n].result_index = (int)i;
  }
}

/* graph.aliasing_output = N on argument i: result N shares its buffer. */
static bool read_donations(vtog *g) {
  const vtc_attr *arg_attrs = vtc_op_get_attr(g->func, "arg_attrs");
  const vtc_type *ft = vtc_func_get_type(g->func);
  vtc_block *body = vtc_op_region(g->func, 0)->first;
  if (!arg_attrs || arg_attrs->kind != VTC_ATTR_ARRAY || !ft) return true;
  int owner[64];
  for (int i = 0; i < 64; i++) owner[i] = -1;
  for (unsigned i = 0; i < arg_attrs->count && i < body->num_args; i++) {
    const vtc_attr *dict = arg_attrs->elems[i].value;
    const vtc_attr *a = dict && dict->kind == VTC_ATTR_DICTIONARY ? vtc_attr_dict_get(dict, ALIASING_ATTR) : NULL;
    if (!a) continue;
    const vtc_loc *loc = vtc_block_arg_loc(body, i);
    if (!loc) loc = g->func->loc;
    if (a->kind != VTC_ATTR_INTEGER)
      return vtc_error(g->ctx, loc, "%s of argument %u must be one integer: a donated buffer holds one result", ALIASING_ATTR, i);
    unsigned nres = ft->num_results;
    if (a->i < 0 || a->i >= (int64_t)nres || a->i >= 64)
      return vtc_error(g->ctx, loc, "%s = %lld of argument %u: the function has %u results", ALIASING_ATTR,
                       (long long)a->i, i, nres);
    const vtc_type *rt = vtc_function_result(ft, (unsigned)a->i), *at = body->args[i]->type;
    if (rt != at) {
      char *s1 = vtc_type_to_string(at), *s2 = vtc_type_to_string(rt);
      vtc_error(g->ctx, loc, "%s = %lld: argument %u of type %s cannot hold result %lld of type %s", ALIASING_ATTR,
                (long long)a->i, i, s1, (long long)a->i, s2);
      free(s1);
      free(s2);
      return false;
    }
    if (owner[a->i] >= 0)
      return vtc_error(g->ctx, loc, "%s = %lld: result %lld is already donated argument %d's buffer", ALIASING_ATTR,
                       (long long)a->i, (long long)a->i, owner[a->i]);
    owner[a->i] = (int)i;
    int n = vtog_node_of(g, body->args[i]);
    if (n >= 0) g->nodes[n].donated_to = (int)a->i;
  }
  return true;
}

/* ---- edges -------------------------------------------------------------------------- */

static void skip(vtog_edge *e, int stat, const char *fmt, const char *a, const char *b) {
  e->legal = false;
  e->skip_stat = stat;
  snprintf(e->reason, sizeof e->reason, fmt, a, b);
}

static void add_edges(vtog *g, vtc_op *op) {
  vtc_graph_vrules rs;
  if (!vtc_graph_virtual_rules(op, &rs)) return;
  for (unsigned k = 0; k < rs.count; k++) {
    vtc_graph_vrule *r = &rs.rules[k];
    int from = vtog_node_of(g, vtc_graph_vrule_virtual(op, r)), to = vtog_node_of(g, vtc_graph_vrule_base(op, r));
    if (from < 0 || to < 0) continue;
    vtog_node *vf = &g->nodes[from], *vt = &g->nodes[to];
    bool donated_result = r->kind == VTC_GRAPH_VIEW_IN_PLACE && vf->result_index >= 0 && vt->donated_to == vf->result_index;
    /* Algorithm 1, line 10: graph inputs and outputs stay physical. */
    if (vf->input || (vf->result_index >= 0 && !donated_result)) continue;
    if (!vtc_ptrmap_contains(&g->op_edges, op)) vtc_ptrmap_put(&g->op_edges, op, (void *)(uintptr_t)(g->num_edges + 1));
    g->edges = vtc_xrealloc(g->edges, (g->num_edges + 1) * sizeof *g->edges);
    vtog_edge *e = &g->edges[g->num_edges];
    memset(e, 0, sizeof *e);
    e->from = (unsigned)from;
    e->to = (unsigned)to;
    e->op = op;
    e->rule = *r;
    r->map.pieces = NULL; /* moved */
    r->map.num_pieces = 0;
    e->legal = true;
    e->write_pos = vf->pos;
    if (e->rule.dynamic) skip(e, VTC_STAT_SKIPPED_DYNAMIC, "`?` dims with no map%s%s", "", "");
    else if (e->rule.kind == VTC_GRAPH_VIEW_IN_PLACE && vt->input && (vt->donated_to < 0 || vt->donated_to != vf->result_index))
      skip(e, VTC_STAT_SKIPPED_INTERFERENCE, "writes argument %s, which is not donated to this result%s", vt->name, "");
    int64_t transfer = g->hw->transfer_bytes > 0 ? g->hw->transfer_bytes : 128;
    if (!e->rule.dynamic)
      vtc_graph_contiguity_of(&e->rule.map, e->rule.dep_dim, vf->value->type, vt->value->type, transfer, &e->contig);
    vf->out = vtc_xrealloc(vf->out, (vf->num_out + 1) * sizeof *vf->out);
    vf->out[vf->num_out++] = g->num_edges;
    g->num_edges++;
  }
  vtc_graph_vrules_free(&rs);
}

/* ---- conflicts ---------------------------------------------------------------------- */

static bool boxes_overlap(const vtog *g, const vtog_edge *a, const vtog_edge *b) {
  const vtc_type *t = g->nodes[a->from].value->type;
  if (a->rule.map.index_dependent || b->rule.map.index_dependent || a->rule.map.has_fill || b->rule.map.has_fill)
    return true;
  for (unsigned i = 0; i < a->rule.map.num_pieces; i++)
    for (unsigned j = 0; j < b->rule.map.num_pieces; j++) {
      const vtc_graph_map_piece *p = &a->rule.map.pieces[i], *q = &b->rule.map.pieces[j];
      bool overlap = true;
      for (unsigned d = 0; d < t->rank && overlap; d++) {
        int64_t lo1 = p->has_box ? p->lo[d] : 0, hi1 = p->has_box ? p->hi[d] : INT64_MAX;
        int64_t lo2 = q->has_box ? q->lo[d] : 0, hi2 = q->has_box ? q->hi[d] : INT64_MAX;
        if ((lo1 > lo2 ? lo1 : lo2) >= (hi1 < hi2 ? hi1 : hi2)) overlap = false;
      }
      if (overlap) return true;
    }
  return false;
}

/* The pair {a, b} as a ptrmap key (never 0 or 1, the map's reserved keys). */
static const void *conflict_key(unsigned a, unsigned b) {
  uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
  return (const void *)(uintptr_t)((lo << 32 | hi) + 2);
}

static void add_conflict(vtog *g, unsigned a, unsigned b, bool interference, const char *reason) {
  vtc_ptrmap_put(&g->conflict_pairs, conflict_key(a, b), (void *)1);
  g->conflicts = vtc_xrealloc(g->conflicts, (g->num_conflicts + 1) * sizeof *g->conflicts);
  vtog_conflict *c = &g->conflicts[g->num_conflicts++];
  c->a = a;
  c->b = b;
  c->interference = interference;
  snprintf(c->reason, sizeof c->reason, "%s", reason);
}

/* An op's edges were added together (add_edges): one contiguous range
 * from the first, found by a map instead of a scan of every edge. */
void vtog_op_edges(const vtog *g, const vtc_op *op, unsigned *first, unsigned *end) {
  uintptr_t f = (uintptr_t)vtc_ptrmap_get(&g->op_edges, op);
  *first = *end = f ? (unsigned)(f - 1) : 0;
  while (f && *end < g->num_edges && g->edges[*end].op == op) (*end)++;
}

/* A set lookup: lstm-stack.paper after graph-batch-matmuls has thousands of
 * conflicts, and a scan of them per query made vtc-virtualize 12 s. */
bool vtog_conflicting(const vtog *g, unsigned e1, unsigned e2) {
  return vtc_ptrmap_contains(&g->conflict_pairs, conflict_key(e1, e2));
}

/* Algorithm 1, lines 12-13: S(v) for every node. */
static void conflict_sets(vtog *g) {
  for (unsigned n = 0; n < g->num_nodes; n++) {
    vtog_node *v = &g->nodes[n];
    for (unsigned i = 0; i < v->num_out; i++)
      for (unsigned j = i + 1; j < v->num_out; j++) {
        const vtog_edge *a = &g->edges[v->out[i]], *b = &g->edges[v->out[j]];
        if (a->legal && b->legal && boxes_overlap(g, a, b)) add_conflict(g, v->out[i], v->out[j], false, "boxes overlap");
      }
  }
}

/* ---- interference ------------------------------------------------------------------ */

/* The earliest position at which node n's storage may be written: its
 * producer, or the producer of anything stored into it by a write edge. */
static int earliest_write(const vtog *g, unsigned n, int depth) {
  int best = g->nodes[n].pos;
  if (depth > 64) return -1;
  for (unsigned e = 0; e < g->num_edges; e++) {
    const vtog_edge *x = &g->edges[e];
    if (x->to != n || !x->legal || x->rule.kind != VTC_GRAPH_VIEW_WRITE) continue;
    int w = earliest_write(g, x->from, depth + 1);
    if (w < best) best = w;
  }
  return best;
}

/* The latest read of data's old values at or after `from` (skipping the
 * scatter `self`): users of every tensor connected to data by legal edges,
 * not through the scatter's own edges. Returns the reader or NULL; a
 * function result counts as read at the end (*at_end). */
static vtc_op *old_value_reader(const vtog *g, unsigned data, const vtc_op *self, int from, bool *at_end) {
  bool *seen = vtc_xcalloc(g->num_nodes, sizeof *seen);
  unsigned *stack = vtc_xmalloc(g->num_nodes * sizeof *stack), top = 0;
  vtc_op *reader = NULL;
  *at_end = false;
  seen[data] = true;
  stack[top++] = data;
  while (top && !reader && !*at_end) {
    unsigned n = stack[--top];
    const vtog_node *v = &g->nodes[n];
    for (vtc_use *u = v->value->first_use; u && !reader; u = u->next) {
      if (u->owner == self) continue;
      if (vtc_op_has_trait(u->owner, VTC_TRAIT_RETURN_LIKE)) {
        *at_end = true;
        break;
      }
      for (unsigned k = 0; k < g->num_ops; k++)
        if (g->ops[k] == u->owner && (int)k >= from) reader = u->owner;
    }
    for (unsigned e = 0; e < g->num_edges; e++) {
      const vtog_edge *x = &g->edges[e];
      if (!x->legal || x->op == self || (x->from != n && x->to != n)) continue;
      unsigned other = x->from == n ? x->to : x->from;
      if (!seen[other]) seen[other] = true, stack[top++] = other;
    }
  }
  free(seen);
  free(stack);
  return reader;
}

static void interference(vtog *g) {
  for (unsigned i = 0; i < g->num_edges; i++) {
    vtog_edge *ip = &g->edges[i];
    if (!ip->legal || ip->rule.kind != VTC_GRAPH_VIEW_IN_PLACE) continue;
    int pos = g->nodes[ip->from].pos;
    bool at_end;
    vtc_op *r = old_value_reader(g, ip->to, ip->op, pos, &at_end);
    if (r || at_end) {
      char what[64];
      snprintf(what, sizeof what, "%s", at_end ? "the function's results" : r->name->name);
      skip(ip, VTC_STAT_SKIPPED_INTERFERENCE, "old values of %s are read after the write (by %s)", g->nodes[ip->to].name, what);
      continue;
    }
    /* The updates stored early move the write to their producer. */
    for (unsigned j = 0; j < g->num_edges; j++) {
      vtog_edge *up = &g->edges[j];
      if (!up->legal || up->op != ip->op || up->rule.kind != VTC_GRAPH_VIEW_WRITE) continue;
      up->write_pos = earliest_write(g, up->from, 0);
      r = old_value_reader(g, ip->to, ip->op, up->write_pos, &at_end);
      if (!r) continue;
      char reason[256];
      snprintf(reason, sizeof reason, "interference: %s reads the old %s after the updates are written", r->name->name,
               g->nodes[ip->to].name);
      add_conflict(g, i, j, true, reason);
    }
  }
}

/* ---- building, printing ------------------------------------------------------------- */

bool vtog_build(vtog *g, vtc_context *ctx, vtc_op *func, const vtc_hardware *hw) {
  memset(g, 0, sizeof *g);
  g->ctx = ctx;
  g->func = func;
  g->hw = hw;
  vtc_region *body = vtc_op_region(func, 0);
  if (!body->first) return true; /* a declaration */
  collect_nodes(g);
  if (!read_donations(g)) return false;
  for (unsigned k = 0; k < g->num_ops; k++)
    if (vtc_op_has_trait(g->ops[k], VTC_TRAIT_DATA_MOVEMENT)) add_edges(g, g->ops[k]);
  interference(g);
  conflict_sets(g);
  return true;
}

void vtog_free(vtog *g) {
  for (unsigned n = 0; n < g->num_nodes; n++) {
    free(g->nodes[n].out);
    vtc_graph_mapping_free(&g->nodes[n].composed);
  }
  for (unsigned e = 0; e < g->num_edges; e++) vtc_graph_mapping_free(&g->edges[e].rule.map);
  free(g->nodes);
  free(g->edges);
  free(g->conflicts);
  vtc_ptrmap_free(&g->conflict_pairs);
  vtc_ptrmap_free(&g->op_edges);
  free(g->ops);
  vtc_ptrmap_free(&g->ids);
  memset(g, 0, sizeof *g);
}

void vtog_count(vtog *g, vtc_pass_context *pc) {
  unsigned legal = 0;
  for (unsigned e = 0; e < g->num_edges; e++) {
    if (g->edges[e].legal) legal++;
    else vtc_pass_stat_add(pc, (unsigned)g->edges[e].skip_stat, 1);
  }
  vtc_pass_stat_add(pc, VTC_STAT_EDGES, legal);
  vtc_pass_stat_add(pc, VTC_STAT_CONFLICTS, g->num_conflicts);
}

static const char *short_name(const vtc_op *op) {
  const char *dot = strchr(op->name->name, '.');
  return dot ? dot + 1 : op->name->name;
}

void vtog_print(vtog *g) {
  for (unsigned n = 0; n < g->num_nodes; n++) {
    const vtog_node *v = &g->nodes[n];
    char *t = vtc_type_to_string(v->value->type);
    char extra[64] = "";
    if (v->input) snprintf(extra, sizeof extra, ", input");
    if (v->donated_to >= 0) snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", donated to result %d", v->donated_to);
    if (v->result_index >= 0) snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", result %d", v->result_index);
    vtc_remark(g->ctx, v->loc, "vtog node %s: %s, %lld bytes%s", v->name, t, (long long)v->bytes, extra);
    free(t);
  }
  for (unsigned i = 0; i < g->num_edges; i++) {
    const vtog_edge *e = &g->edges[i];
    const char *from = g->nodes[e->from].name, *to = g->nodes[e->to].name;
    const char *kind = vtc_graph_view_kind_name(e->rule.kind);
    if (!e->legal) {
      vtc_remark(g->ctx, e->op->loc, "vtog edge e%u: %s -> %s (%s %s): skipped: %s", i, from, to, short_name(e->op), kind,
                 e->reason);
      continue;
    }
    vtc_remark(g->ctx, e->op->loc, "vtog edge e%u: %s -> %s (%s %s): %s, d = %u, chunk %lld B", i, from, to,
               short_name(e->op), kind, vtc_graph_contig_class_name(e->contig.cls), e->contig.d,
               (long long)e->contig.chunk_bytes);
    vtc_strbuf b = {0};
    vtc_graph_mapping_print_eq1(g->ctx, &e->rule.map, g->nodes[e->to].value->type, &b);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "vtog edge e%u map: ", i);
    vtc_remark_lines(g->ctx, e->op->loc, prefix, b.data ? b.data : "");
    vtc_strbuf_free(&b);
  }
  for (unsigned i = 0; i < g->num_conflicts; i++) {
    const vtog_conflict *c = &g->conflicts[i];
    const vtog_edge *a = &g->edges[c->a];
    vtc_remark(g->ctx, g->nodes[a->from].loc, "vtog conflict e%u, e%u: %s", c->a, c->b, c->reason);
  }
}
