/* lower-graph-to-te for data-movement ops (reshape, transpose, split,
 * concat, slice, expand, squeeze, unsqueeze, flatten, tile, pad,
 * depth_to_space, space_to_depth, identity): one one-relies-on-one TE per
 * result, whose load maps are the graph dialect's mapping interface (VTC
 * Definition 2: map plus bias, piecewise). Several pieces become a chain of
 * arith.select on the pieces' boxes, with `padding` on every load because
 * each one is evaluated at every index. */
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

static bool lower_result(gte_lowering *L, vtc_op *op, unsigned r, vtc_value **result) {
  vtc_graph_mapping m;
  if (!vtc_graph_get_mapping(op, r, &m))
    return gte_fail(L, "the mapping interface gives no affine mapping for it (it needs static shapes here, and "
                       "reflect pads no wider than their dimension)");
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
