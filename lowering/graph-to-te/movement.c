/* lower-graph-to-te for data-movement ops (reshape, transpose, split,
 * concat, slice, expand, squeeze, unsqueeze, flatten, tile, pad,
 * depth_to_space, space_to_depth, identity): one one-relies-on-one TE per
 * result, whose load maps are the graph dialect's mapping interface (VTC
 * Definition 2: map plus bias, piecewise). Several pieces become a chain of
 * arith.select on the pieces' boxes, with `padding` on every load because
 * each one is evaluated at every index. Where the interface needs static
 * shapes, a reshape of grouped dims and a concat along a dynamic axis are
 * lowered here from the symbolic shapes. */
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

/* A reshape (or flatten) with dynamic dims: the dims are matched in groups
 * as the mapping interface does (graph_map_reshape), each group either
 * all-static (linearise the output dims by static strides, then floordiv/mod
 * by the input's) or one dynamic dim on both sides that is the same size (it
 * is passed straight through). Sameness: a `shape` entry 0 at the same
 * position copies the dim; else it must be the only dynamic dim of both
 * sides (the static groups' products match, so the element counts force it).
 * Returns false with a diagnostic when the dims cannot be grouped so. */
static bool lower_dynamic_reshape(gte_lowering *L, vtc_op *op, vtc_value **result) {
  vtc_context *ctx = L->ctx;
  vtc_value *x = vtc_op_operand(op, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  gte_shape in, out;
  if (!gte_shape_of(L, x, &in)) return false;
  out = gte_static_shape(L, rt);
  int64_t shape[GRAPH_MAX_ARRAY];
  int nshape = 0;
  bool present = false;
  if (strcmp(op->name->name, "graph.reshape") == 0 &&
      !graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, false, shape, GRAPH_MAX_ARRAY, &nshape, &present))
    present = false;
  bool allowzero = false; /* then a 0 entry is a size, not a copy */
  if (present && graph_attr_bool(op, VTC_GRAPH_ATTR_ALLOWZERO, false, &allowzero) && allowzero) present = false;
  /* Where the result type fixes what a dynamic input dim must be (a `shape`
   * entry 0 copying a static result dim, or the one dynamic dim of the
   * input when the result is static), group with that constant. */
  for (unsigned k = 0; present && k < in.rank && (int)k < nshape && k < out.rank; k++)
    if (shape[k] == 0 && out.dims[k] && !gte_is_const(in.dims[k], NULL)) in.dims[k] = out.dims[k];
  unsigned ndyn_in = 0, ndyn_out = 0;
  int64_t pin = 1, pout = 1, v0;
  for (unsigned k = 0; k < in.rank; k++)
    if (gte_is_const(in.dims[k], &v0)) pin *= v0;
  for (unsigned k = 0; k < out.rank; k++)
    if (out.dims[k] && gte_is_const(out.dims[k], &v0)) pout *= v0;
  for (unsigned k = 0; k < in.rank; k++) ndyn_in += !gte_is_const(in.dims[k], NULL);
  for (unsigned k = 0; k < out.rank; k++) ndyn_out += !out.dims[k];
  if (ndyn_in == 1 && ndyn_out == 0 && pin > 0 && pout % pin == 0) {
    for (unsigned k = 0; k < in.rank; k++)
      if (!gte_is_const(in.dims[k], NULL)) in.dims[k] = gte_c(L, pout / pin);
    ndyn_in = 0;
  }
  gte_expr idx[VTC_MAX_RANK];
  unsigned i = 0, j = 0;
  const char *why = NULL;
  while (!why && (i < out.rank || j < in.rank)) {
    bool odyn = i < out.rank && !out.dims[i], idyn = j < in.rank && !gte_is_const(in.dims[j], NULL);
    int64_t v = 1;
    if (odyn && idyn) { /* one dynamic dim on both sides, passed through */
      bool copy = present && (int)i < nshape && shape[i] == 0 && i == j;
      if (!copy && !(ndyn_in == 1 && ndyn_out == 1)) why = "a dynamic dimension of the result is not provably that of the operand";
      out.dims[i] = in.dims[j];
      idx[j] = vtc_affine_dim(ctx, i);
      i++, j++;
      continue;
    }
    if (odyn || idyn) { /* a unit dim on the other side is a group of its own */
      if (odyn && j < in.rank && gte_is_const(in.dims[j], &v) && v == 1) idx[j++] = gte_c(L, 0);
      else if (idyn && i < out.rank && gte_is_const(out.dims[i], &v) && v == 1) i++;
      else why = "its dims cannot be grouped: a dynamic dimension is merged with or split into others";
      continue;
    }
    /* An all-static group: out dims [i0, i) and in dims [j0, j). */
    unsigned i0 = i, j0 = j;
    int64_t po = 1, pi = 1;
    if (i < out.rank && gte_is_const(out.dims[i], &v)) i++, po *= v;
    if (j < in.rank && gte_is_const(in.dims[j], &v)) j++, pi *= v;
    while (!why && po != pi) {
      if (po == 0 || pi == 0) why = "a reshape of zero elements";
      else if (po < pi && i < out.rank && gte_is_const(out.dims[i], &v)) i++, po *= v;
      else if (pi < po && j < in.rank && gte_is_const(in.dims[j], &v)) j++, pi *= v;
      else why = "its dims cannot be grouped: a dynamic dimension is merged with or split into others";
    }
    if (why) break;
    gte_expr flat = gte_c(L, 0);
    int64_t stride = 1;
    for (unsigned k = i; k-- > i0;) {
      gte_is_const(out.dims[k], &v);
      if (v == 1) continue;
      flat = vtc_affine_add(ctx, flat, vtc_affine_mul(ctx, vtc_affine_dim(ctx, k), gte_c(L, stride)));
      stride *= v;
    }
    unsigned lead = j0;
    while (lead + 1 < j && gte_is_const(in.dims[lead], &v) && v == 1) lead++;
    int64_t istride = 1;
    for (unsigned k = j; k-- > j0;) {
      gte_is_const(in.dims[k], &v);
      if (v == 1) {
        idx[k] = gte_c(L, 0);
        continue;
      }
      gte_expr e = vtc_affine_floordiv(ctx, flat, gte_c(L, istride));
      if (k != lead) e = vtc_affine_mod(ctx, e, gte_c(L, v));
      idx[k] = e;
      istride *= v;
    }
  }
  if (why) return gte_fail(L, "%s", why);
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  *result = gte_end(&c, gte_load(&c, 0, idx, 0, NULL, NULL));
  return true;
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
      return lower_dynamic_reshape(L, op, result);
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
