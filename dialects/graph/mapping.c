/* The data-movement mapping interface (VTC, sections 2.2 and 4.1): for each
 * output element of a data-movement op, which operand and which index it
 * reads, as piecewise affine maps (with floordiv/mod where the op
 * linearises or repeats) plus a constant bias, the form of Equation (1). */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"

typedef const vtc_affine_expr *expr;

/* ---- building ----------------------------------------------------------- */

static vtc_graph_map_piece *add_piece(vtc_graph_mapping *m, unsigned input) {
  m->pieces = vtc_xrealloc(m->pieces, (m->num_pieces + 1) * sizeof *m->pieces);
  vtc_graph_map_piece *p = &m->pieces[m->num_pieces++];
  memset(p, 0, sizeof *p);
  p->input = input;
  return p;
}

static const vtc_affine_map *make_map(vtc_context *ctx, unsigned out_rank, unsigned in_rank, expr *results) {
  for (unsigned i = 0; i < in_rank; i++) results[i] = vtc_affine_expr_simplify(ctx, results[i]);
  return vtc_affine_map_get(ctx, out_rank, 0, in_rank, results);
}

static bool static_shape(const vtc_type *t, vtc_shape *s) {
  if (!vtc_graph_shape_of(t, s)) return false;
  for (int i = 0; i < s->rank; i++)
    if (s->dims[i] < 0) return false;
  return true;
}

static void start(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  memset(m, 0, sizeof *m);
  m->out_rank = vtc_op_result(op, result)->type->rank;
}

/* A single piece reading operand 0 through results[], no box. */
static bool single(vtc_op *op, vtc_graph_mapping *m, unsigned in_rank, expr *results, const int64_t *bias) {
  vtc_graph_map_piece *p = add_piece(m, 0);
  p->map = make_map(vtc_op_context(op), m->out_rank, in_rank, results);
  if (bias) memcpy(p->bias, bias, sizeof(int64_t) * in_rank);
  return true;
}

/* ---- the ops --------------------------------------------------------------- */

bool graph_map_identity(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  start(op, result, m);
  vtc_graph_map_piece *p = add_piece(m, 0);
  p->map = vtc_affine_map_identity(vtc_op_context(op), m->out_rank);
  return true;
}

bool graph_map_transpose(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  int64_t perm[GRAPH_MAX_ARRAY];
  unsigned rank = vtc_op_operand(op, 0)->type->rank;
  if (!graph_transpose_perm(op, (int)rank, perm)) return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr r[VTC_MAX_RANK];
  for (unsigned i = 0; i < rank; i++) r[perm[i]] = vtc_affine_dim(ctx, i); /* out dim i reads in dim perm[i] */
  return single(op, m, rank, r, NULL);
}

/* Reshape and flatten: dims are matched in groups with equal products
 * (a merge or split of contiguous dims), so each index of `to` depends only
 * on its group's dims of `from`: a linearisation by the strides of `from`'s
 * group, then floordiv/mod by `to`'s strides. r gets `to`'s rank results in
 * `from`'s dims. A `?` dim maps only to a `?` dim that starts a group on
 * both sides, when each side has one `?` and their static products agree
 * (the dynamic batch of a reshape: the two `?` are then equal). */
bool graph_reshape_exprs(vtc_context *ctx, const vtc_shape *from, const vtc_shape *to, const vtc_affine_expr **r) {
  int64_t pf = 1, pt = 1;
  int df = 0, dt = 0;
  bool overflow = false; /* a static product past int64 (beside a `?`): no map */
  for (int k = 0; k < from->rank; k++)
    from->dims[k] < 0 ? df++ : (void)(overflow |= __builtin_mul_overflow(pf, from->dims[k], &pf));
  for (int k = 0; k < to->rank; k++)
    to->dims[k] < 0 ? dt++ : (void)(overflow |= __builtin_mul_overflow(pt, to->dims[k], &pt));
  if (overflow || df != dt || df > 1 || pf != pt) return false;
  if (df == 0 && pf == 0) { /* nothing to read: every index is 0 */
    for (int k = 0; k < to->rank; k++) r[k] = vtc_affine_const(ctx, 0);
    return true;
  }
  int i = 0, j = 0;
  while (i < from->rank || j < to->rank) {
    int i0 = i, j0 = j;
    if (i < from->rank && j < to->rank && from->dims[i] < 0 && to->dims[j] < 0) {
      r[j++] = vtc_affine_dim(ctx, (unsigned)i++);
      continue;
    }
    /* One group: from dims [i0, i) and to dims [j0, j) with equal products.
     * The remaining products are equal, so the loop ends. */
    int64_t po = 1, pi = 1;
    if (i < from->rank) po *= from->dims[i++];
    if (j < to->rank) pi *= to->dims[j++];
    while (po != pi) {
      if (po < 0 || pi < 0) return false;
      if (po < pi) {
        if (i >= from->rank || from->dims[i] < 0 || __builtin_mul_overflow(po, from->dims[i], &po)) return false;
        i++;
      } else {
        if (j >= to->rank || to->dims[j] < 0 || __builtin_mul_overflow(pi, to->dims[j], &pi)) return false;
        j++;
      }
    }
    if (po < 0) return false; /* a `?` inside a group */
    expr flat = vtc_affine_const(ctx, 0);
    int64_t stride = 1;
    for (int k = i - 1; k >= i0; k--) {
      if (from->dims[k] == 1) continue; /* its index is always 0 */
      flat = vtc_affine_add(ctx, flat, vtc_affine_mul(ctx, vtc_affine_dim(ctx, (unsigned)k), vtc_affine_const(ctx, stride)));
      stride *= from->dims[k];
    }
    /* The outermost non-unit dim of the group needs no mod. */
    int lead = j0;
    while (lead < j - 1 && to->dims[lead] == 1) lead++;
    int64_t istride = 1;
    for (int k = j - 1; k >= j0; k--) {
      if (to->dims[k] == 1) {
        r[k] = vtc_affine_const(ctx, 0);
        continue;
      }
      expr e = vtc_affine_floordiv(ctx, flat, vtc_affine_const(ctx, istride));
      if (k != lead) e = vtc_affine_mod(ctx, e, vtc_affine_const(ctx, to->dims[k]));
      r[k] = e;
      istride *= to->dims[k];
    }
  }
  return true;
}

bool graph_map_reshape(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in, out;
  if (!vtc_graph_shape_of(vtc_op_operand(op, 0)->type, &in) || !vtc_graph_shape_of(vtc_op_result(op, result)->type, &out))
    return false;
  expr r[VTC_MAX_RANK];
  if (!graph_reshape_exprs(vtc_op_context(op), &out, &in, r)) return false;
  start(op, result, m);
  return single(op, m, (unsigned)in.rank, r, NULL);
}

bool graph_map_split(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  int64_t axis;
  int ax, rank = (int)vtc_op_operand(op, 0)->type->rank;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) || !graph_axis(op, axis, rank, &ax)) return false;
  int64_t offset = 0;
  for (unsigned k = 0; k < result; k++) {
    int64_t d = vtc_tensor_dim(vtc_op_result(op, k)->type, (unsigned)ax);
    if (d == VTC_DYNAMIC) return false;
    offset += d;
  }
  start(op, result, m);
  int64_t bias[VTC_MAX_RANK] = {0};
  bias[ax] = offset;
  vtc_graph_map_piece *p = add_piece(m, 0);
  p->map = vtc_affine_map_identity(vtc_op_context(op), m->out_rank);
  memcpy(p->bias, bias, sizeof bias);
  return true;
}

bool graph_map_concat(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  int64_t axis;
  int ax, rank = (int)vtc_op_result(op, 0)->type->rank;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) || !graph_axis(op, axis, rank, &ax)) return false;
  for (unsigned k = 0; k < op->num_operands; k++)
    if (vtc_tensor_dim(vtc_op_operand(op, k)->type, (unsigned)ax) == VTC_DYNAMIC) return false;
  start(op, result, m);
  const vtc_affine_map *id = vtc_affine_map_identity(vtc_op_context(op), m->out_rank);
  int64_t offset = 0;
  for (unsigned k = 0; k < op->num_operands; k++) {
    int64_t d = vtc_tensor_dim(vtc_op_operand(op, k)->type, (unsigned)ax);
    vtc_graph_map_piece *p = add_piece(m, k);
    p->has_box = true;
    for (int i = 0; i < rank; i++) p->lo[i] = 0, p->hi[i] = INT64_MAX;
    p->lo[ax] = offset;
    p->hi[ax] = offset + d;
    p->bias[ax] = -offset;
    p->map = id;
    offset += d;
  }
  return true;
}

bool graph_map_slice(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in;
  int64_t first[VTC_MAX_RANK], step[VTC_MAX_RANK], size[VTC_MAX_RANK];
  if (!vtc_graph_shape_of(vtc_op_operand(op, 0)->type, &in) || !graph_slice_resolve(op, &in, first, step, size))
    return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr r[VTC_MAX_RANK];
  for (int i = 0; i < in.rank; i++) r[i] = vtc_affine_mul(ctx, vtc_affine_dim(ctx, (unsigned)i), vtc_affine_const(ctx, step[i]));
  return single(op, m, (unsigned)in.rank, r, first);
}

bool graph_map_expand(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in;
  if (!static_shape(vtc_op_operand(op, 0)->type, &in)) return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  int lead = (int)m->out_rank - in.rank;
  expr r[VTC_MAX_RANK];
  for (int j = 0; j < in.rank; j++)
    r[j] = in.dims[j] == 1 ? vtc_affine_const(ctx, 0) : vtc_affine_dim(ctx, (unsigned)(j + lead));
  return single(op, m, (unsigned)in.rank, r, NULL);
}

/* Squeeze and unsqueeze: the kept dims correspond in order; a squeezed
 * input dim reads index 0; an inserted output dim is ignored. */
bool graph_map_squeeze(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  const vtc_type *it = vtc_op_operand(op, 0)->type, *ot = vtc_op_result(op, result)->type;
  int64_t axes[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &n, &present)) return false;
  bool unsqueeze = strcmp(op->name->name, "graph.unsqueeze") == 0;
  int in_rank = (int)it->rank, out_rank = (int)ot->rank;
  bool special[VTC_MAX_RANK] = {false}; /* squeezed input dims, or inserted output dims */
  if (present) {
    for (int k = 0; k < n; k++) {
      int a;
      if (!graph_axis(op, axes[k], unsqueeze ? out_rank : in_rank, &a)) return false;
      special[a] = true;
    }
  } else if (!unsqueeze) {
    for (int k = 0; k < in_rank; k++) {
      if (vtc_tensor_dim(it, (unsigned)k) == VTC_DYNAMIC) return false;
      special[k] = vtc_tensor_dim(it, (unsigned)k) == 1;
    }
  }
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr r[VTC_MAX_RANK];
  if (unsqueeze) {
    for (int o = 0, j = 0; o < out_rank; o++)
      if (!special[o]) r[j++] = vtc_affine_dim(ctx, (unsigned)o);
  } else {
    for (int j = 0, o = 0; j < in_rank; j++) r[j] = special[j] ? vtc_affine_const(ctx, 0) : vtc_affine_dim(ctx, (unsigned)o++);
  }
  return single(op, m, (unsigned)in_rank, r, NULL);
}

bool graph_map_tile(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in;
  if (!static_shape(vtc_op_operand(op, 0)->type, &in)) return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr r[VTC_MAX_RANK];
  for (int j = 0; j < in.rank; j++) {
    expr d = vtc_affine_dim(ctx, (unsigned)j);
    r[j] = in.dims[j] == 1 ? vtc_affine_const(ctx, 0)
           : vtc_tensor_dim(vtc_op_result(op, result)->type, (unsigned)j) == in.dims[j]
               ? d
               : vtc_affine_mod(ctx, d, vtc_affine_const(ctx, in.dims[j]));
  }
  return single(op, m, (unsigned)in.rank, r, NULL);
}

/* One dimension's region of a pad: output range [lo, hi) reads
 * coef * d + bias (coef 0: a constant index), or (d + bias) mod dim. */
typedef struct pad_region {
  int64_t lo, hi, coef, bias;
  bool wrap;
} pad_region;

bool graph_map_pad(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in, out;
  int64_t begin[VTC_MAX_RANK], end[VTC_MAX_RANK];
  vtc_pad_mode mode;
  double value;
  if (!static_shape(vtc_op_operand(op, 0)->type, &in) || !static_shape(vtc_op_result(op, result)->type, &out) ||
      !graph_pad_attrs(op, in.rank, begin, end, &mode, &value))
    return false;
  start(op, result, m);
  /* Set before the early return below: an output that sees nothing of the
   * input (an empty input, say) is all fill. */
  if (mode == VTC_PAD_CONSTANT) {
    m->has_fill = true;
    m->fill = value;
  }
  vtc_context *ctx = vtc_op_context(op);
  pad_region regions[VTC_MAX_RANK][3];
  int nregions[VTC_MAX_RANK];
  for (int d = 0; d < in.rank; d++) {
    int64_t D = in.dims[d], b = begin[d], O = out.dims[d];
    int64_t ilo = b > 0 ? b : 0, ihi = b + D < O ? b + D : O;
    int n = 0;
    if (mode == VTC_PAD_WRAP) {
      if (D == 0) return false;
      int64_t c = ((-b % D) + D) % D;
      regions[d][n++] = (pad_region){0, O, 1, c, true};
      nregions[d] = n;
      continue;
    }
    if (mode != VTC_PAD_CONSTANT && ilo > 0) {
      if (mode == VTC_PAD_EDGE || D == 1) regions[d][n++] = (pad_region){0, ilo, 0, 0, false};
      else if (b > D - 1) return false; /* reflect wider than the dim: not one affine piece */
      else regions[d][n++] = (pad_region){0, ilo, -1, b, false};
    }
    if (ihi > ilo) regions[d][n++] = (pad_region){ilo, ihi, 1, -b, false};
    if (mode != VTC_PAD_CONSTANT && ihi < O && ihi >= ilo) {
      if (mode == VTC_PAD_EDGE || D == 1) regions[d][n++] = (pad_region){ihi, O, 0, D - 1, false};
      else if (O - ihi > D - 1) return false;
      else regions[d][n++] = (pad_region){ihi, O, -1, 2 * D - 2 + b, false};
    }
    nregions[d] = n;
    if (n == 0) return true; /* nothing of the input is visible */
  }
  /* Every combination of per-dim regions is one piece. */
  int choice[VTC_MAX_RANK] = {0};
  for (;;) {
    vtc_graph_map_piece *p = add_piece(m, 0);
    p->has_box = true;
    expr r[VTC_MAX_RANK];
    for (int d = 0; d < in.rank; d++) {
      const pad_region *g = &regions[d][choice[d]];
      p->lo[d] = g->lo;
      p->hi[d] = g->hi;
      expr x = vtc_affine_dim(ctx, (unsigned)d);
      if (g->wrap) {
        r[d] = vtc_affine_mod(ctx, vtc_affine_add(ctx, x, vtc_affine_const(ctx, g->bias)), vtc_affine_const(ctx, in.dims[d]));
      } else {
        r[d] = vtc_affine_mul(ctx, x, vtc_affine_const(ctx, g->coef));
        p->bias[d] = g->bias;
      }
    }
    p->map = make_map(ctx, m->out_rank, (unsigned)in.rank, r);
    int d = in.rank - 1;
    while (d >= 0 && ++choice[d] == nregions[d]) choice[d--] = 0;
    if (d < 0) break;
  }
  return true;
}

bool graph_map_depth_to_space(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in;
  int64_t b;
  const char *mode;
  if (!static_shape(vtc_op_operand(op, 0)->type, &in) || in.rank != 4 ||
      !graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b) || !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "DCR", &mode) || b < 1)
    return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr d0 = vtc_affine_dim(ctx, 0), d1 = vtc_affine_dim(ctx, 1), d2 = vtc_affine_dim(ctx, 2), d3 = vtc_affine_dim(ctx, 3);
  expr B = vtc_affine_const(ctx, b), cout = vtc_affine_const(ctx, in.dims[1] / (b * b));
  expr bh = vtc_affine_mod(ctx, d2, B), bw = vtc_affine_mod(ctx, d3, B);
  expr blk = vtc_affine_add(ctx, vtc_affine_mul(ctx, bh, B), bw);
  expr c = strcmp(mode, "CRD") == 0 ? vtc_affine_add(ctx, vtc_affine_mul(ctx, d1, vtc_affine_const(ctx, b * b)), blk)
                                    : vtc_affine_add(ctx, vtc_affine_mul(ctx, blk, cout), d1);
  expr r[4] = {d0, c, vtc_affine_floordiv(ctx, d2, B), vtc_affine_floordiv(ctx, d3, B)};
  return single(op, m, 4, r, NULL);
}

bool graph_map_space_to_depth(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  vtc_shape in;
  int64_t b;
  if (!static_shape(vtc_op_operand(op, 0)->type, &in) || in.rank != 4 ||
      !graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b) || b < 1)
    return false;
  start(op, result, m);
  vtc_context *ctx = vtc_op_context(op);
  expr d0 = vtc_affine_dim(ctx, 0), d1 = vtc_affine_dim(ctx, 1), d2 = vtc_affine_dim(ctx, 2), d3 = vtc_affine_dim(ctx, 3);
  expr B = vtc_affine_const(ctx, b), C = vtc_affine_const(ctx, in.dims[1]);
  expr blk = vtc_affine_floordiv(ctx, d1, C);
  expr r[4] = {d0, vtc_affine_mod(ctx, d1, C), vtc_affine_add(ctx, vtc_affine_mul(ctx, d2, B), vtc_affine_floordiv(ctx, blk, B)),
               vtc_affine_add(ctx, vtc_affine_mul(ctx, d3, B), vtc_affine_mod(ctx, blk, B))};
  return single(op, m, 4, r, NULL);
}

bool graph_map_index_dependent(vtc_op *op, unsigned result, vtc_graph_mapping *m) {
  start(op, result, m);
  m->index_dependent = true;
  return true;
}

/* ---- the public entry points ------------------------------------------------- */

bool vtc_graph_get_mapping(vtc_op *op, unsigned result, vtc_graph_mapping *out) {
  memset(out, 0, sizeof *out);
  const vtc_graph_mapping_iface *iface = vtc_op_interface(op, VTC_IFACE_MAPPING);
  if (!iface || !iface->mapping || result >= op->num_results) return false;
  if (iface->mapping(op, result, out)) return true;
  vtc_graph_mapping_free(out);
  return false;
}

void vtc_graph_mapping_free(vtc_graph_mapping *m) {
  free(m->pieces);
  memset(m, 0, sizeof *m);
}

bool vtc_graph_mapping_eval(const vtc_graph_mapping *m, const int64_t *out_index, unsigned *input, int64_t *in_index) {
  if (m->index_dependent) return false;
  for (unsigned k = 0; k < m->num_pieces; k++) {
    const vtc_graph_map_piece *p = &m->pieces[k];
    bool inside = true;
    for (unsigned d = 0; p->has_box && d < m->out_rank; d++)
      if (out_index[d] < p->lo[d] || out_index[d] >= p->hi[d]) inside = false;
    if (!inside) continue;
    if (!vtc_affine_map_eval(p->map, out_index, NULL, in_index)) return false;
    for (unsigned d = 0; d < p->map->num_results; d++) in_index[d] += p->bias[d];
    *input = p->input;
    return true;
  }
  return false;
}

void vtc_graph_mapping_print(const vtc_graph_mapping *m, vtc_strbuf *out) {
  if (m->index_dependent) {
    vtc_strbuf_puts(out, "index-dependent\n");
    return;
  }
  for (unsigned k = 0; k < m->num_pieces; k++) {
    const vtc_graph_map_piece *p = &m->pieces[k];
    vtc_strbuf_printf(out, "piece %u: input %u", k, p->input);
    if (p->has_box) {
      vtc_strbuf_puts(out, " if ");
      for (unsigned d = 0; d < m->out_rank; d++) {
        if (d) vtc_strbuf_puts(out, " x ");
        if (p->hi[d] == INT64_MAX) vtc_strbuf_printf(out, "[%lld, ?)", (long long)p->lo[d]);
        else vtc_strbuf_printf(out, "[%lld, %lld)", (long long)p->lo[d], (long long)p->hi[d]);
      }
    }
    vtc_strbuf_puts(out, ": ");
    vtc_affine_map_print(p->map, out);
    vtc_strbuf_puts(out, " + [");
    for (unsigned d = 0; d < p->map->num_results; d++) vtc_strbuf_printf(out, "%s%lld", d ? ", " : "", (long long)p->bias[d]);
    vtc_strbuf_puts(out, "]\n");
  }
  if (m->has_fill) vtc_strbuf_printf(out, "otherwise: fill %g\n", m->fill);
}
