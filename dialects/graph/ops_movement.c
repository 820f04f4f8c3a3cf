/* Shape inference and the op-specific checks of the graph dialect's
 * data-movement ops (reshape, transpose, split, concat, slice, expand,
 * squeeze, unsqueeze, flatten, gather, scatter_nd, tile, pad,
 * depth_to_space, space_to_depth, identity), on the kernels' shape rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"

static bool set_result(vtc_op *op, const vtc_type **results, unsigned i, const vtc_shape *s,
                       const vtc_type *element) {
  results[i] = vtc_graph_tensor_type(vtc_op_context(op), s, element);
  return true;
}

/* The first operand (any element type): most movement ops start here. */
static bool data_operand(vtc_op *op, vtc_shape *x, const vtc_type **el) {
  return graph_operand(op, 0, "input", GRAPH_TYPES_ALL, x, el);
}

bool graph_infer_identity(vtc_op *op, const vtc_type **results) {
  vtc_shape x;
  const vtc_type *el;
  if (!data_operand(op, &x, &el)) return false;
  results[0] = vtc_op_operand(op, 0)->type;
  return true;
}

bool graph_infer_reshape(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t shape[GRAPH_MAX_ARRAY];
  int n;
  bool allowzero;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_ALLOWZERO, false, &allowzero))
    return false;
  for (int i = 0; i < n; i++)
    if (shape[i] < -1) return vtc_op_error(op, "shape entry %lld is invalid (expected >= -1)", (long long)shape[i]);
  if (vtc_shape_reshape(&x, n, shape, allowzero, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_transpose_perm(vtc_op *op, int rank, int64_t *perm) {
  int n;
  bool present;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_PERM, false, perm, GRAPH_MAX_ARRAY, &n, &present)) return false;
  if (!present)
    for (int i = 0; i < rank; i++) perm[i] = rank - 1 - i;
  else if (n != rank)
    return vtc_op_error(op, "perm has %d entries, but the input has rank %d", n, rank);
  bool seen[VTC_MAX_RANK] = {false};
  for (int i = 0; i < rank; i++) {
    if (perm[i] < 0 || perm[i] >= rank || seen[perm[i]])
      return vtc_op_error(op, "perm is not a permutation of [0, %d)", rank);
    seen[perm[i]] = true;
  }
  return true;
}

bool graph_infer_transpose(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t perm[GRAPH_MAX_ARRAY];
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_transpose_perm(op, x.rank, perm)) return false;
  if (vtc_shape_transpose(&x, x.rank, perm, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_split(vtc_op *op, const vtc_type **results) {
  vtc_shape x;
  const vtc_type *el;
  int64_t axis, sizes[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_SPLIT, false, sizes, GRAPH_MAX_ARRAY, &n, &present))
    return false;
  int ax;
  if (!graph_axis(op, axis, x.rank, &ax)) return false;
  if (op->num_results < 1) return vtc_op_error(op, "expects at least one result");
  if (present && (unsigned)n != op->num_results)
    return vtc_op_error(op, "split has %d sizes, but the op has %u results", n, op->num_results);
  vtc_shape *outs = vtc_xcalloc(op->num_results, sizeof *outs);
  bool ok = vtc_shape_split(&x, axis, (int)op->num_results, present ? sizes : NULL, outs, msg, sizeof msg) == 0;
  if (!ok) graph_helper_error(op, msg);
  for (unsigned i = 0; ok && i < op->num_results; i++) set_result(op, results, i, &outs[i], el);
  free(outs);
  return ok;
}

bool graph_infer_concat(vtc_op *op, const vtc_type **results) {
  if (op->num_operands < 1) return vtc_op_error(op, "expects at least one operand");
  const vtc_type *el;
  int64_t axis;
  char msg[256];
  vtc_shape *ins = vtc_xcalloc(op->num_operands, sizeof *ins), r;
  bool ok = graph_operand(op, 0, "operand #0", GRAPH_TYPES_ALL, &ins[0], &el);
  for (unsigned i = 1; ok && i < op->num_operands; i++) {
    char what[32];
    snprintf(what, sizeof what, "operand #%u", i);
    ok = graph_operand(op, i, what, GRAPH_TYPES_ALL, &ins[i], NULL) && graph_same_element(op, i, what, el);
  }
  int ax;
  ok = ok && graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) && graph_axis(op, axis, ins[0].rank, &ax);
  if (ok && vtc_shape_concat((int)op->num_operands, ins, axis, &r, msg, sizeof msg)) ok = graph_helper_error(op, msg);
  if (ok) set_result(op, results, 0, &r, el);
  free(ins);
  return ok;
}

/* Reads starts/ends/axes/steps into a vtc_slice_attrs over the storage. */
static bool slice_attrs(vtc_op *op, vtc_slice_attrs *a, int64_t st[][GRAPH_MAX_ARRAY]) {
  int ns, ne, na, nt;
  bool has_axes, has_steps;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_STARTS, true, st[0], GRAPH_MAX_ARRAY, &ns, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_ENDS, true, st[1], GRAPH_MAX_ARRAY, &ne, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, st[2], GRAPH_MAX_ARRAY, &na, &has_axes) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_STEPS, false, st[3], GRAPH_MAX_ARRAY, &nt, &has_steps))
    return false;
  if (ne != ns) return vtc_op_error(op, "starts has %d entries but ends has %d", ns, ne);
  if (has_axes && na != ns) return vtc_op_error(op, "axes has %d entries but starts has %d", na, ns);
  if (has_steps && nt != ns) return vtc_op_error(op, "steps has %d entries but starts has %d", nt, ns);
  *a = (vtc_slice_attrs){.n = ns, .starts = st[0], .ends = st[1], .axes = has_axes ? st[2] : NULL,
                         .steps = has_steps ? st[3] : NULL};
  return true;
}

bool graph_infer_slice(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  vtc_slice_attrs a;
  int64_t storage[4][GRAPH_MAX_ARRAY];
  char msg[256];
  if (!data_operand(op, &x, &el) || !slice_attrs(op, &a, storage)) return false;
  if (vtc_shape_slice(&x, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

/* ONNX Slice's clamping, as the kernel does it (checked against it by
 * test/unit/test_graph_mapping.c). */
bool graph_slice_resolve(vtc_op *op, const vtc_shape *x, int64_t *first, int64_t *step, int64_t *size) {
  vtc_slice_attrs a;
  int64_t st[4][GRAPH_MAX_ARRAY];
  if (!slice_attrs(op, &a, st)) return false;
  for (int d = 0; d < x->rank; d++) first[d] = 0, step[d] = 1, size[d] = x->dims[d];
  for (int i = 0; i < a.n; i++) {
    int ax;
    if (!graph_axis(op, a.axes ? a.axes[i] : i, x->rank, &ax)) return false;
    int64_t dim = x->dims[ax], s = a.steps ? a.steps[i] : 1, start = a.starts[i], end = a.ends[i];
    if (dim < 0 || s == 0 || s == INT64_MIN) return false;
    if (start < 0) start += dim;
    if (end < 0) end += dim;
    int64_t count;
    if (s > 0) {
      start = start < 0 ? 0 : start > dim ? dim : start;
      end = end < 0 ? 0 : end > dim ? dim : end;
      count = end > start ? (end - start - 1) / s + 1 : 0; /* no overflow for a huge step */
    } else {
      start = start < 0 ? 0 : start > dim - 1 ? dim - 1 : start;
      end = end < -1 ? -1 : end > dim - 1 ? dim - 1 : end;
      count = (dim > 0 && start > end) ? (start - end - 1) / -s + 1 : 0;
    }
    first[ax] = start;
    step[ax] = s;
    size[ax] = count;
  }
  return true;
}

bool graph_infer_expand(vtc_op *op, const vtc_type **results) {
  vtc_shape x, t = {0}, r;
  const vtc_type *el;
  int64_t shape[GRAPH_MAX_ARRAY];
  int n;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL))
    return false;
  if (n > VTC_MAX_RANK) return vtc_op_error(op, "shape has %d entries, at most %d are supported", n, VTC_MAX_RANK);
  t.rank = n;
  for (int i = 0; i < n; i++) {
    if (shape[i] < 0) return vtc_op_error(op, "shape entry %lld is negative", (long long)shape[i]);
    t.dims[i] = shape[i];
  }
  if (vtc_shape_broadcast(&x, &t, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_squeeze(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t axes[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &n, &present))
    return false;
  if (vtc_shape_squeeze(&x, n, present ? axes : NULL, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_unsqueeze(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t axes[GRAPH_MAX_ARRAY];
  int n;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, true, axes, GRAPH_MAX_ARRAY, &n, NULL))
    return false;
  if (vtc_shape_unsqueeze(&x, n, axes, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_flatten(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t axis;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 1, &axis)) return false;
  if (vtc_shape_flatten(&x, axis, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_gather(vtc_op *op, const vtc_type **results) {
  vtc_shape x, i, r;
  const vtc_type *el;
  int64_t axis;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_operand(op, 1, "indices", VTC_DTYPES_INT, &i, NULL) ||
      !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis))
    return false;
  int ax;
  if (!graph_axis(op, axis, x.rank, &ax)) return false;
  if (vtc_shape_gather(&x, &i, axis, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_scatter_nd(vtc_op *op, const vtc_type **results) {
  vtc_shape x, i, u, r;
  const vtc_type *el;
  const char *red;
  vtc_scatter_reduction reduction;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_operand(op, 1, "indices", VTC_DTYPES_INT, &i, NULL) ||
      !graph_operand(op, 2, "updates", GRAPH_TYPES_ALL, &u, NULL) || !graph_same_element(op, 2, "updates", el) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_REDUCTION, "none", &red))
    return false;
  if (vtc_scatter_reduction_from_name(red, &reduction))
    return vtc_op_error(op, "reduction must be one of none, add, mul, max, min, but is \"%s\"", red);
  if (vtc_shape_scatter_nd(&x, &i, &u, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_tile(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t reps[GRAPH_MAX_ARRAY];
  int n;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_ints(op, VTC_GRAPH_ATTR_REPEATS, true, reps, GRAPH_MAX_ARRAY, &n, NULL))
    return false;
  if (vtc_shape_tile(&x, n, reps, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_pad_attrs(vtc_op *op, int rank, int64_t *begin, int64_t *end, vtc_pad_mode *mode, double *value) {
  int64_t pads[GRAPH_MAX_ARRAY], axes[GRAPH_MAX_ARRAY];
  int np, na;
  bool has_axes;
  const char *m;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_PADS, true, pads, GRAPH_MAX_ARRAY, &np, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &na, &has_axes) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "constant", &m) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_VALUE, 0.0, value))
    return false;
  if (vtc_pad_mode_from_name(m, mode))
    return vtc_op_error(op, "mode must be one of constant, reflect, edge, wrap, but is \"%s\"", m);
  int naxes = has_axes ? na : rank;
  if (np != 2 * naxes) return vtc_op_error(op, "pads has %d entries, expected %d", np, 2 * naxes);
  for (int d = 0; d < rank; d++) begin[d] = end[d] = 0;
  for (int i = 0; i < naxes; i++) {
    int ax = i;
    if (has_axes && !graph_axis(op, axes[i], rank, &ax)) return false;
    begin[ax] = pads[i];
    end[ax] = pads[naxes + i];
  }
  return true;
}

bool graph_infer_pad(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t pads[GRAPH_MAX_ARRAY], axes[GRAPH_MAX_ARRAY], begin[VTC_MAX_RANK], end[VTC_MAX_RANK];
  int np, na;
  bool has_axes;
  vtc_pad_mode mode;
  double value;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_pad_attrs(op, x.rank, begin, end, &mode, &value) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_PADS, true, pads, GRAPH_MAX_ARRAY, &np, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &na, &has_axes))
    return false;
  vtc_pad_attrs a = {.mode = mode, .npads = np, .pads = pads, .naxes = na, .axes = has_axes ? axes : NULL,
                     .value = value};
  if (vtc_shape_pad(&x, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_depth_to_space(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t b;
  const char *m;
  vtc_d2s_mode mode;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "DCR", &m))
    return false;
  if (vtc_d2s_mode_from_name(m, &mode)) return vtc_op_error(op, "mode must be \"DCR\" or \"CRD\", but is \"%s\"", m);
  if (vtc_shape_depth_to_space(&x, b, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}

bool graph_infer_space_to_depth(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  int64_t b;
  char msg[256];
  if (!data_operand(op, &x, &el) || !graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b)) return false;
  if (vtc_shape_space_to_depth(&x, b, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, 0, &r, el);
}
