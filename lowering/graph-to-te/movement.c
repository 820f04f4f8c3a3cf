/* lower-graph-to-te for data-movement ops (reshape, transpose, split,
 * concat, slice, expand, squeeze, unsqueeze, flatten, tile, pad,
 * depth_to_space, space_to_depth, identity): one one-relies-on-one TE per
 * result, whose load maps are the graph dialect's mapping interface (VTC
 * Definition 2: map plus bias, piecewise). Several pieces become a chain of
 * arith.select on the pieces' boxes, with `padding` on every load because
 * each one is evaluated at every index. Where the interface needs static
 * shapes, a concat along a dynamic axis is lowered here from the symbolic
 * shapes, and a reshape or flatten in reshape.c. */
#include <stdlib.h>
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

/* The output dims that are dynamic get the extent of an input dim that the
 * mapping reads exactly (map result d_i, bias 0): transpose, squeeze,
 * identity, the non-axis dims of concat and split. */
static bool output_shape(gte_lowering *L, vtc_op *op, const vtc_graph_mapping *m, const vtc_type *rt, gte_shape *out) {
  *out = gte_static_shape(L, rt);
  for (unsigned i = 0; i < out->rank; i++) {
    if (out->dims[i]) continue;
    for (unsigned k = 0; k < m->num_pieces && !out->dims[i]; k++) {
      const vtc_graph_map_piece *p = &m->pieces[k];
      gte_shape in;
      if (!gte_shape_of(L, vtc_op_operand(op, p->input), &in)) return false;
      for (unsigned j = 0; j < p->map->num_results; j++) {
        gte_expr e = p->map->results[j];
        if (e->kind == VTC_AFFINE_DIM && e->value == (int64_t)i && p->bias[j] == 0) {
          out->dims[i] = in.dims[j];
          break;
        }
      }
    }
    if (!out->dims[i]) return gte_fail(L, "result dimension %u is dynamic and not a dimension of an operand", i);
  }
  return true;
}

/* lo <= d_i < hi over the box's restrictive sides, as an i1 (NULL: always). */
static vtc_value *box_condition(gte_compute *c, const vtc_graph_map_piece *p) {
  vtc_context *ctx = c->L->ctx;
  const vtc_type *index = vtc_type_index(ctx);
  vtc_value *cond = NULL;
  for (unsigned i = 0; p->has_box && i < c->rank; i++) {
    int64_t extent = -1;
    bool static_extent = gte_is_const(c->out.dims[i], &extent);
    vtc_value *parts[2] = {NULL, NULL};
    if (p->lo[i] > 0) parts[0] = gte_cmpi(c, VTC_CMPI_SGE, gte_arg(c, i), gte_const(c, index, (double)p->lo[i]));
    if (p->hi[i] != INT64_MAX && !(static_extent && p->hi[i] >= extent))
      parts[1] = gte_cmpi(c, VTC_CMPI_SLT, gte_arg(c, i), gte_const(c, index, (double)p->hi[i]));
    for (int k = 0; k < 2; k++)
      if (parts[k]) cond = cond ? gte_op2(c, "arith.andi", cond, parts[k]) : parts[k];
  }
  (void)ctx;
  return cond;
}

/* A concat whose axis dims may be dynamic: a chain of arith.select on
 * d_axis < offset_k (the running sum of the axis sizes; a dynamic one is
 * loaded from a rank-0 symbol tensor, since a body cannot see symbols),
 * input k read at d_axis - offset_k (the load map may use symbols), with
 * padding as every load is evaluated at every index. */
static bool lower_dynamic_concat(gte_lowering *L, vtc_op *op, vtc_value **result) {
  vtc_context *ctx = L->ctx;
  const vtc_type *rt = vtc_op_result(op, 0)->type, *index = vtc_type_index(ctx);
  unsigned n = op->num_operands, rank = rt->rank;
  int64_t axis;
  int ax;
  if (!n || rank > VTC_MAX_RANK || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) ||
      !graph_axis(op, axis, (int)rank, &ax))
    return gte_fail(L, "bad axis");
  gte_shape *s = vtc_xcalloc(n, sizeof *s);
  gte_expr *off = vtc_xcalloc(n + 1, sizeof *off); /* off[k]: where input k starts */
  vtc_value **inputs = vtc_xcalloc(2 * n + 1, sizeof *inputs);
  unsigned *slot = vtc_xcalloc(n, sizeof *slot), *bound = vtc_xcalloc(n, sizeof *bound), ninputs = 0;
  bool ok = true;
  off[0] = gte_c(L, 0);
  for (unsigned k = 0; ok && k < n; k++) {
    ok = gte_shape_of(L, vtc_op_operand(op, k), &s[k]);
    if (ok && s[k].rank != rank) ok = gte_fail(L, "operand %u has the wrong rank", k);
    if (ok) off[k + 1] = vtc_affine_expr_simplify(ctx, vtc_affine_add(ctx, off[k], s[k].dims[ax]));
  }
  gte_shape out = gte_static_shape(L, rt);
  for (unsigned i = 0; ok && i < rank; i++) {
    if (out.dims[i]) continue;
    if ((int)i == ax) {
      out.dims[i] = off[n];
      continue;
    }
    for (unsigned k = 0; k < n && !out.dims[i]; k++)
      if (!gte_is_const(s[k].dims[i], NULL)) out.dims[i] = s[k].dims[i];
    if (!out.dims[i]) out.dims[i] = s[0].dims[i];
  }
  for (unsigned k = 0; ok && k < n; k++) {
    vtc_value *v = vtc_op_operand(op, k);
    unsigned j = 0;
    while (j < ninputs && inputs[j] != v) j++;
    if (j == ninputs) inputs[ninputs++] = v;
    slot[k] = j;
  }
  /* The bounds d_axis < off[k + 1] of all but the last piece. */
  for (unsigned k = 0; ok && k + 1 < n; k++) {
    bound[k] = UINT32_MAX;
    if (gte_is_const(off[k + 1], NULL)) continue;
    vtc_value *t = gte_symbol_tensor(L, off[k + 1], NULL);
    unsigned j = 0;
    while (j < ninputs && inputs[j] != t) j++;
    if (j == ninputs) inputs[ninputs++] = t;
    bound[k] = j;
  }
  if (ok) {
    gte_compute c;
    gte_begin(&c, L, rt, NULL, &out, ninputs, inputs, 0, NULL, VTC_TE_COMBINER_NONE, 0);
    double pad = 0;
    vtc_value *acc = NULL;
    for (unsigned k = n; k-- > 0;) {
      gte_expr idx[VTC_MAX_RANK];
      for (unsigned i = 0; i < rank; i++)
        idx[i] = (int)i == ax ? vtc_affine_sub(ctx, gte_d(&c, i), off[k]) : gte_d(&c, i);
      vtc_value *v = gte_load(&c, slot[k], idx, 0, NULL, n > 1 ? &pad : NULL);
      if (!acc) {
        acc = v;
        continue;
      }
      int64_t b;
      vtc_value *lim = gte_is_const(off[k + 1], &b) ? gte_const(&c, index, (double)b)
                                                    : gte_convert(&c, gte_load(&c, bound[k], NULL, 0, NULL, NULL), index);
      acc = gte_select(&c, gte_cmpi(&c, VTC_CMPI_SLT, gte_arg(&c, (unsigned)ax), lim), v, acc);
    }
    *result = gte_end(&c, acc);
  }
  free(s);
  free(off);
  free(inputs);
  free(slot);
  free(bound);
  return ok;
}

static bool lower_result(gte_lowering *L, vtc_op *op, unsigned r, vtc_value **result) {
  vtc_graph_mapping m;
  const char *name = op->name->name;
  if (!vtc_graph_get_mapping(op, r, &m)) {
    /* The interface needs static shapes where these two are dynamic. */
    if (r == 0 && (strcmp(name, "graph.reshape") == 0 || strcmp(name, "graph.flatten") == 0))
      return gte_lower_dynamic_reshape(L, op, result);
    if (r == 0 && strcmp(name, "graph.concat") == 0) return lower_dynamic_concat(L, op, result);
    return gte_fail(L, "the mapping interface gives no affine mapping for it (it needs static shapes here, and "
                       "reflect pads no wider than their dimension)");
  }
  const vtc_type *rt = vtc_op_result(op, r)->type, *el = rt->element;
  bool ok = true;
  gte_shape out;
  /* The distinct operands the pieces read, and each piece's input slot. */
  vtc_value **inputs = vtc_xcalloc(m.num_pieces + 1, sizeof *inputs);
  unsigned *slot = vtc_xcalloc(m.num_pieces + 1, sizeof *slot), ninputs = 0;
  if (m.index_dependent) ok = gte_fail(L, "index-dependent mapping");
  if (ok) ok = output_shape(L, op, &m, rt, &out);
  for (unsigned k = 0; ok && k < m.num_pieces; k++) {
    vtc_value *v = vtc_op_operand(op, m.pieces[k].input);
    unsigned j = 0;
    while (j < ninputs && inputs[j] != v) j++;
    if (j == ninputs) inputs[ninputs++] = v;
    slot[k] = j;
  }
  if (!ok) {
    free(inputs);
    free(slot);
    vtc_graph_mapping_free(&m);
    return false;
  }
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, ninputs, inputs, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  bool single = m.num_pieces == 1 && !m.pieces[0].has_box && !m.has_fill;
  double pad = m.has_fill ? m.fill : 0;
  vtc_value *acc = m.has_fill || m.num_pieces == 0 ? gte_const(&c, el, m.fill) : NULL;
  for (unsigned k = m.num_pieces; k-- > 0;) {
    const vtc_graph_map_piece *p = &m.pieces[k];
    gte_expr idx[VTC_MAX_RANK];
    for (unsigned j = 0; j < p->map->num_results; j++)
      idx[j] = vtc_affine_add(L->ctx, p->map->results[j], gte_c(L, p->bias[j]));
    vtc_value *v = gte_load(&c, slot[k], idx, 0, NULL, single ? NULL : &pad);
    vtc_value *cond = acc ? box_condition(&c, p) : NULL;
    acc = !acc ? v : cond ? gte_select(&c, cond, v, acc) : v;
  }
  *result = gte_end(&c, acc);
  free(inputs);
  free(slot);
  vtc_graph_mapping_free(&m);
  return true;
}

bool gte_lower_movement(gte_lowering *L, vtc_op *op, vtc_value **results) {
  for (unsigned r = 0; r < op->num_results; r++)
    if (!lower_result(L, op, r, &results[r])) return false;
  return true;
}
