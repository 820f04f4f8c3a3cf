/* The graph ops added for ONNX models (issue 12): max_pool2d, avg_pool2d,
 * argmax, argmin, cumsum and gather_elements. Per op: its attribute reader
 * (ONNX's defaults), shape inference with the kernels' shape rules
 * (kernels_onnx.c), cost, and the interpreter hook. */
#include <string.h>

#include "dialects/graph/graph_impl.h"
#include "dialects/graph/interpreter.h"

#define ATTR_FAILED (err[0] = 0, -1)

static bool set_result(vtc_op *op, const vtc_type **results, const vtc_shape *s, const vtc_type *element) {
  results[0] = vtc_graph_tensor_type(vtc_op_context(op), s, element);
  return true;
}

/* ---- pools ------------------------------------------------------------------------ */

bool graph_pool_attrs(vtc_op *op, vtc_pool_attrs *a) {
  *a = (vtc_pool_attrs){.strides = {1, 1}, .dilations = {1, 1}};
  int64_t v[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  struct { const char *name; int64_t *dst; int len; bool required; } arrays[] = {
      {VTC_GRAPH_ATTR_KERNEL_SHAPE, a->kernel, 2, true}, {VTC_GRAPH_ATTR_STRIDES, a->strides, 2, false},
      {VTC_GRAPH_ATTR_DILATIONS, a->dilations, 2, false}, {VTC_GRAPH_ATTR_PADS, a->pads, 4, false}};
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
    if (!graph_attr_ints(op, arrays[i].name, arrays[i].required, v, GRAPH_MAX_ARRAY, &n, &present)) return false;
    if (!present) continue;
    if (n != arrays[i].len)
      return vtc_op_error(op, "attribute '%s' must have %d entries, but has %d", arrays[i].name, arrays[i].len, n);
    memcpy(arrays[i].dst, v, (size_t)n * sizeof *v);
  }
  const char *ap;
  if (!graph_attr_string(op, VTC_GRAPH_ATTR_AUTO_PAD, "NOTSET", &ap) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_CEIL_MODE, false, &a->ceil_mode) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_COUNT_INCLUDE_PAD, false, &a->count_include_pad))
    return false;
  if (vtc_auto_pad_from_name(ap, &a->auto_pad))
    return vtc_op_error(op, "auto_pad must be one of NOTSET, SAME_UPPER, SAME_LOWER, VALID, but is \"%s\"", ap);
  return true;
}

bool graph_infer_pool(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  vtc_pool_attrs a;
  char msg[256];
  if (!graph_operand(op, 0, "input", GRAPH_TYPES_FLOAT, &x, &el) || !graph_pool_attrs(op, &a)) return false;
  if (vtc_shape_pool2d(&x, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, &r, el);
}

int graph_interp_pool(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_pool_attrs a;
  if (!graph_pool_attrs(op, &a)) return ATTR_FAILED;
  if (vtc_op_is_named(op, "graph.max_pool2d")) return vtc_kernel_max_pool2d(in[0], &a, out, err, errlen);
  return vtc_kernel_avg_pool2d(in[0], &a, out, err, errlen);
}

/* kh * kw flops per output element (a max or an add each). */
bool graph_cost_pool(vtc_op *op, vtc_graph_cost *c) {
  vtc_pool_attrs a;
  if (!graph_pool_attrs(op, &a)) return false;
  graph_cost_elementwise(op, c);
  if (c->flops >= 0) c->flops *= a.kernel[0] * a.kernel[1];
  return true;
}

/* ---- argmax, argmin --------------------------------------------------------------------- */

bool graph_arg_attrs(vtc_op *op, int64_t *axis, bool *keepdims, bool *select_last) {
  return graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, axis) && graph_attr_bool(op, VTC_GRAPH_ATTR_KEEPDIMS, true, keepdims) &&
         graph_attr_bool(op, VTC_GRAPH_ATTR_SELECT_LAST_INDEX, false, select_last);
}

bool graph_infer_arg_reduce(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  int64_t axis;
  bool keep, last;
  char msg[256];
  if (!graph_operand(op, 0, "operand", GRAPH_TYPES_NUMERIC, &x, NULL) || !graph_arg_attrs(op, &axis, &keep, &last))
    return false;
  if (vtc_shape_arg_reduce(&x, axis, keep, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, &r, vtc_type_integer(vtc_op_context(op), 64));
}

int graph_interp_arg_reduce(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  bool keep, last;
  if (!graph_arg_attrs(op, &axis, &keep, &last)) return ATTR_FAILED;
  return vtc_kernel_arg_reduce(vtc_op_is_named(op, "graph.argmax"), in[0], axis, keep, last, out, err, errlen);
}

/* ---- cumsum --------------------------------------------------------------------------------- */

bool graph_cumsum_attrs(vtc_op *op, int64_t *axis, bool *exclusive, bool *reverse) {
  return graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, axis) &&
         graph_attr_bool(op, VTC_GRAPH_ATTR_EXCLUSIVE, false, exclusive) &&
         graph_attr_bool(op, VTC_GRAPH_ATTR_REVERSE, false, reverse);
}

bool graph_infer_cumsum(vtc_op *op, const vtc_type **results) {
  vtc_shape x;
  const vtc_type *el;
  int64_t axis;
  bool excl, rev;
  int ax;
  if (!graph_operand(op, 0, "operand", GRAPH_TYPES_NUMERIC, &x, &el) || !graph_cumsum_attrs(op, &axis, &excl, &rev))
    return false;
  if (x.rank < 1) return vtc_op_error(op, "the operand must have rank 1 or more");
  if (!graph_axis(op, axis, x.rank, &ax)) return false;
  return set_result(op, results, &x, el);
}

int graph_interp_cumsum(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  bool excl, rev;
  if (!graph_cumsum_attrs(op, &axis, &excl, &rev)) return ATTR_FAILED;
  return vtc_kernel_cumsum(in[0], axis, excl, rev, out, err, errlen);
}

/* ---- gather_elements ------------------------------------------------------------------------ */

bool graph_infer_gather_elements(vtc_op *op, const vtc_type **results) {
  vtc_shape d, i, r;
  const vtc_type *el;
  int64_t axis;
  char msg[256];
  if (!graph_operand(op, 0, "data", GRAPH_TYPES_ALL, &d, &el) ||
      !graph_operand(op, 1, "indices", VTC_DTYPES_INT, &i, NULL) || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis))
    return false;
  if (vtc_shape_gather_elements(&d, &i, axis, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, &r, el);
}

int graph_interp_gather_elements(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis)) return ATTR_FAILED;
  return vtc_kernel_gather_elements(in[0], in[1], axis, out, err, errlen);
}

/* ---- resize ----------------------------------------------------------------------------------- */

/* The attributes of graph.resize; scales and sizes go into the caller's
 * arrays (rank entries each). */
bool graph_resize_attrs(vtc_op *op, vtc_resize_attrs *a, double *scales, int64_t *sizes) {
  const char *mode, *coord, *nearest;
  if (!graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "nearest", &mode) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_COORD_MODE, "half_pixel", &coord) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_NEAREST_MODE, "round_prefer_floor", &nearest))
    return false;
  if (vtc_resize_mode_from_name(mode, &a->mode))
    return vtc_op_error(op, "mode must be \"nearest\" or \"linear\", but is \"%s\"", mode);
  if (vtc_resize_coord_from_name(coord, &a->coord))
    return vtc_op_error(op, "coordinate_transformation_mode must be one of half_pixel, asymmetric, align_corners, "
                            "pytorch_half_pixel, tf_half_pixel_for_nn, but is \"%s\"", coord);
  if (vtc_resize_nearest_from_name(nearest, &a->nearest))
    return vtc_op_error(op, "nearest_mode must be one of round_prefer_floor, round_prefer_ceil, floor, ceil, but is \"%s\"",
                        nearest);
  int ns;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_SIZES, true, sizes, VTC_MAX_RANK, &a->rank, NULL)) return false;
  const vtc_attr *sc = vtc_op_get_attr(op, VTC_GRAPH_ATTR_SCALES);
  if (!sc || sc->kind != VTC_ATTR_ARRAY || sc->count > VTC_MAX_RANK)
    return vtc_op_error(op, "requires attribute 'scales', an array of at most %d floats", VTC_MAX_RANK);
  ns = (int)sc->count;
  for (int i = 0; i < ns; i++) {
    const vtc_attr *e = sc->elems[i].value;
    if (e->kind != VTC_ATTR_FLOAT && e->kind != VTC_ATTR_INTEGER)
      return vtc_op_error(op, "attribute 'scales' must hold floats");
    scales[i] = e->kind == VTC_ATTR_FLOAT ? e->f : (double)e->i;
  }
  if (ns != a->rank) return vtc_op_error(op, "scales has %d entries and sizes %d", ns, a->rank);
  a->scales = scales;
  a->sizes = sizes;
  return true;
}

bool graph_infer_resize(vtc_op *op, const vtc_type **results) {
  vtc_shape x, r;
  const vtc_type *el;
  vtc_resize_attrs a;
  double scales[VTC_MAX_RANK];
  int64_t sizes[VTC_MAX_RANK];
  char msg[256];
  if (!graph_operand(op, 0, "input", GRAPH_TYPES_NUMERIC, &x, &el) || !graph_resize_attrs(op, &a, scales, sizes))
    return false;
  if (vtc_shape_resize(&x, &a, &r, msg, sizeof msg)) return graph_helper_error(op, msg);
  return set_result(op, results, &r, el);
}

int graph_interp_resize(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_resize_attrs a;
  double scales[VTC_MAX_RANK];
  int64_t sizes[VTC_MAX_RANK];
  if (!graph_resize_attrs(op, &a, scales, sizes)) return ATTR_FAILED;
  return vtc_kernel_resize(in[0], &a, out, err, errlen);
}
