/* vtc-virtualize's annotation (issue 14, item 5): each data-movement op
 * with chosen edges gets `vtc.virtual` ("read", "write" or "in_place": the
 * strongest of its views) and `vtc.views`, one dictionary per piece of each
 * chosen edge in the op's own terms (virtual/base: operand or result
 * numbers, map, bias, box), which the graph verifier checks against the
 * op's rules; `vtc.composed` prints each view's map composed down to its
 * physical tensors in Equation (1) form, for the lowering and for readers.
 * The semantics do not change: interpreters and lowerings that do not know
 * the annotation ignore it. */
#include <stdlib.h>
#include <string.h>

#include "passes/vtc/vtc_impl.h"

static const vtc_attr *piece_view(vtog *g, const vtog_edge *e, const vtc_graph_map_piece *p) {
  vtc_context *ctx = g->ctx;
  const vtc_type *vt = g->nodes[e->from].value->type;
  unsigned brank = g->nodes[e->to].value->type->rank;
  vtc_named_attr f[7];
  unsigned n = 0;
  f[n++] = (vtc_named_attr){"kind", vtc_attr_cstring(ctx, vtc_graph_view_kind_name(e->rule.kind))};
  f[n++] = (vtc_named_attr){"virtual", vtc_attr_i64(ctx, e->rule.virt)};
  f[n++] = (vtc_named_attr){"base", vtc_attr_i64(ctx, e->rule.base)};
  if (p) {
    f[n++] = (vtc_named_attr){"map", vtc_attr_affine_map(ctx, p->map)};
    f[n++] = (vtc_named_attr){"bias", vtc_attr_i64_array(ctx, brank, p->bias)};
    if (p->has_box) {
      int64_t hi[VTC_MAX_RANK];
      for (unsigned d = 0; d < vt->rank; d++) hi[d] = p->hi[d] == INT64_MAX ? vtc_tensor_dim(vt, d) : p->hi[d];
      f[n++] = (vtc_named_attr){"lo", vtc_attr_i64_array(ctx, vt->rank, p->lo)};
      f[n++] = (vtc_named_attr){"hi", vtc_attr_i64_array(ctx, vt->rank, hi)};
    }
  }
  return vtc_attr_dictionary(ctx, n, f);
}

static void composed_lines(vtog *g, const vtog_node *n, const vtc_attr ***out, unsigned *count) {
  vtc_strbuf b = {0};
  for (unsigned k = 0; k < n->composed.num_pieces; k++) {
    const vtc_graph_map_piece *p = &n->composed.pieces[k];
    vtc_graph_mapping one = {.out_rank = n->composed.out_rank, .num_pieces = 1, .pieces = (vtc_graph_map_piece *)p};
    vtc_strbuf_printf(&b, "%s -> %s: ", n->name, g->nodes[p->input].name);
    vtc_graph_mapping_print_eq1(g->ctx, &one, g->nodes[p->input].value->type, &b);
  }
  if (n->composed.has_fill) vtc_strbuf_printf(&b, "%s: otherwise: fill %g\n", n->name, n->composed.fill);
  for (char *line = b.data, *nl; line && *line; line = nl + 1) {
    nl = strchr(line, '\n');
    if (!nl) break;
    *out = vtc_xrealloc(*out, (*count + 1) * sizeof **out);
    (*out)[(*count)++] = vtc_attr_string(g->ctx, line, (size_t)(nl - line));
  }
  vtc_strbuf_free(&b);
}

static void annotate_op(vtog *g, vtc_op *op) {
  const vtc_attr **views = NULL, **composed = NULL;
  unsigned nv = 0, nc = 0;
  int kind = -1;
  unsigned first, end;
  vtog_op_edges(g, op, &first, &end);
  for (unsigned i = first; i < end; i++) {
    const vtog_edge *e = &g->edges[i];
    if (!e->selected) continue;
    if ((int)e->rule.kind > kind) kind = (int)e->rule.kind;
    unsigned np = e->rule.map.index_dependent ? 1 : e->rule.map.num_pieces;
    for (unsigned k = 0; k < np; k++) {
      views = vtc_xrealloc(views, (nv + 1) * sizeof *views);
      views[nv++] = piece_view(g, e, e->rule.map.index_dependent ? NULL : &e->rule.map.pieces[k]);
    }
    bool seen = false; /* one composed entry per view tensor */
    for (unsigned j = first; j < i; j++) seen |= g->edges[j].selected && g->edges[j].from == e->from;
    if (!seen) composed_lines(g, &g->nodes[e->from], &composed, &nc);
  }
  if (kind >= 0) {
    vtc_op_set_attr(op, VTC_GRAPH_ATTR_VIRTUAL, vtc_attr_cstring(g->ctx, vtc_graph_view_kind_name((vtc_graph_view_kind)kind)));
    vtc_op_set_attr(op, VTC_GRAPH_ATTR_VIEWS, vtc_attr_array(g->ctx, nv, views));
    vtc_op_set_attr(op, "vtc.composed", vtc_attr_array(g->ctx, nc, composed));
  }
  free(views);
  free(composed);
}

void vtc_annotate(vtog *g) {
  for (unsigned k = 0; k < g->num_ops; k++) {
    vtc_op_remove_attr(g->ops[k], VTC_GRAPH_ATTR_VIRTUAL);
    vtc_op_remove_attr(g->ops[k], VTC_GRAPH_ATTR_VIEWS);
    vtc_op_remove_attr(g->ops[k], "vtc.composed");
    annotate_op(g, g->ops[k]);
  }
}
