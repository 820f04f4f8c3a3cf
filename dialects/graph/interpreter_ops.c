/* The per-op hooks of the graph reference interpreter (slot
 * VTC_IFACE_INTERPRET): each unpacks the op's attributes, with the ONNX
 * defaults the verifier uses, into a kernel's attrs struct and calls the
 * kernel of dialects/graph/kernels.h. */
#include <string.h>

#include "dialects/graph/graph_impl.h"
#include "dialects/graph/interpreter.h"
#include "ir/resources.h"

/* An attribute reader failed: it has already emitted a diagnostic. */
#define ATTR_FAILED (err[0] = 0, -1)

/* The op name after "graph.". */
static const char *short_name(vtc_op *op) {
  const char *n = op->name->name;
  return strncmp(n, "graph.", 6) == 0 ? n + 6 : n;
}

int graph_interp_matmul(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  return vtc_kernel_matmul(in[0], in[1], out, err, errlen);
}

int graph_interp_conv2d(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_conv2d_attrs a;
  if (!graph_conv2d_attrs(op, &a)) return ATTR_FAILED;
  if (op->num_operands < 2 || op->num_operands > 3)
    return vtc_errorf(err, errlen, "expects 2 or 3 operands, but has %u", op->num_operands);
  return vtc_kernel_conv2d(in[0], in[1], op->num_operands == 3 ? in[2] : NULL, &a, out, err, errlen);
}

int graph_interp_unary(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_unary_op u;
  if (vtc_unary_op_from_name(short_name(op), &u)) return vtc_errorf(err, errlen, "is not a unary op");
  vtc_unary_params p;
  if (!graph_unary_params(op, u, &p)) return ATTR_FAILED;
  return vtc_kernel_unary_p(u, &p, in[0], out, err, errlen);
}

int graph_interp_binary(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_binary_op b;
  if (vtc_binary_op_from_name(short_name(op), &b)) return vtc_errorf(err, errlen, "is not a binary op");
  return vtc_kernel_binary(b, in[0], in[1], out, err, errlen);
}

int graph_interp_where(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  return vtc_kernel_where(in[0], in[1], in[2], out, err, errlen);
}

int graph_interp_cast(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  const vtc_attr *to = vtc_op_get_attr(op, VTC_GRAPH_ATTR_TO);
  vtc_dtype d;
  if (!to || to->kind != VTC_ATTR_TYPE || !vtc_graph_dtype_of(to->type, &d))
    return vtc_errorf(err, errlen, "requires a type attribute 'to' naming a graph element type");
  return vtc_kernel_cast(in[0], d, out, err, errlen);
}

int graph_interp_softmax(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &axis)) return ATTR_FAILED;
  return vtc_kernel_softmax(in[0], axis, out, err, errlen);
}

static bool norm_attrs(vtc_op *op, vtc_norm_attrs *a) {
  return graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, -1, &a->axis) &&
         graph_attr_float(op, VTC_GRAPH_ATTR_EPSILON, 1e-5, &a->epsilon);
}

int graph_interp_layer_norm(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_norm_attrs a;
  if (!norm_attrs(op, &a)) return ATTR_FAILED;
  if (op->num_operands < 2 || op->num_operands > 3)
    return vtc_errorf(err, errlen, "expects 2 or 3 operands, but has %u", op->num_operands);
  return vtc_kernel_layer_norm(in[0], in[1], op->num_operands == 3 ? in[2] : NULL, &a, out, err, errlen);
}

int graph_interp_rms_norm(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_norm_attrs a;
  if (!norm_attrs(op, &a)) return ATTR_FAILED;
  return vtc_kernel_rms_norm(in[0], in[1], &a, out, err, errlen);
}

int graph_interp_reduce(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_reduce_op r;
  const char *name = short_name(op);
  if (strncmp(name, "reduce_", 7) || vtc_reduce_op_from_name(name + 7, &r))
    return vtc_errorf(err, errlen, "is not a reduction");
  vtc_reduce_attrs a; /* keepdims defaults to true (ONNX) in graph_reduce_attrs */
  int64_t axes[VTC_MAX_RANK];
  if (!graph_reduce_attrs(op, &a, axes)) return ATTR_FAILED;
  return vtc_kernel_reduce(r, in[0], &a, out, err, errlen);
}

int graph_interp_attention(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  vtc_attention_attrs a = {0};
  if (!graph_attr_bool(op, VTC_GRAPH_ATTR_CAUSAL, false, &a.causal) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_SCALE, 1.0, &a.scale))
    return ATTR_FAILED;
  a.has_scale = vtc_op_get_attr(op, VTC_GRAPH_ATTR_SCALE) != NULL;
  return vtc_kernel_attention(in[0], in[1], in[2], &a, out, err, errlen);
}

/* The dense attribute's storage format is the tensor's (f16/bf16 as 16-bit
 * patterns, i1 as one byte), so a constant is a copy of its bytes. */
int graph_interp_constant(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  const vtc_attr *v = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VALUE);
  vtc_dtype d;
  vtc_shape s;
  if (!v || v->kind != VTC_ATTR_DENSE || !vtc_graph_shape_of(v->type, &s) ||
      !vtc_graph_dtype_of(v->type->element, &d) || !vtc_tensor_has_static_shape(v->type))
    return vtc_errorf(err, errlen, "requires a dense 'value' of a static graph tensor type");
  const char *raw = vtc_dense_data(v);
  if (!raw)
    return vtc_errorf(err, errlen, "the blob of dense_resource<%s> is missing (elided?) or smaller than its type needs",
                      v->resource->name);
  if (vtc_tensor_create_shape(out, d, &s, err, errlen)) return -1;
  size_t esize = vtc_dtype_size(d);
  int64_t n = vtc_tensor_numel(out);
  if (vtc_dense_element_size(v->type->element) != esize) {
    vtc_tensor_free(out);
    return vtc_errorf(err, errlen, "dense storage of %s is not the tensor's", vtc_dtype_name(d));
  }
  if (v->splat) {
    for (int64_t i = 0; i < n; i++) memcpy((char *)out->data + i * (int64_t)esize, raw, esize);
  } else if (n) {
    memcpy(out->data, raw, (size_t)n * esize);
  }
  return 0;
}

/* ---- data movement ----------------------------------------------------------- */

int graph_interp_reshape(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t shape[GRAPH_MAX_ARRAY];
  int n;
  bool allowzero;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_ALLOWZERO, false, &allowzero))
    return ATTR_FAILED;
  return vtc_kernel_reshape(in[0], n, shape, allowzero, out, err, errlen);
}

int graph_interp_transpose(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t perm[GRAPH_MAX_ARRAY];
  if (!graph_transpose_perm(op, in[0]->rank, perm)) return ATTR_FAILED;
  return vtc_kernel_transpose(in[0], in[0]->rank, perm, out, err, errlen);
}

int graph_interp_split(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis, sizes[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_SPLIT, false, sizes, GRAPH_MAX_ARRAY, &n, &present))
    return ATTR_FAILED;
  if (present && (unsigned)n != op->num_results)
    return vtc_errorf(err, errlen, "split has %d sizes, but the op has %u results", n, op->num_results);
  return vtc_kernel_split(in[0], axis, (int)op->num_results, present ? sizes : NULL, out, err, errlen);
}

int graph_interp_concat(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis)) return ATTR_FAILED;
  return vtc_kernel_concat((int)op->num_operands, in, axis, out, err, errlen);
}

int graph_interp_slice(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t st[4][GRAPH_MAX_ARRAY];
  int ns, ne, na, nt;
  bool has_axes, has_steps;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_STARTS, true, st[0], GRAPH_MAX_ARRAY, &ns, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_ENDS, true, st[1], GRAPH_MAX_ARRAY, &ne, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, st[2], GRAPH_MAX_ARRAY, &na, &has_axes) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_STEPS, false, st[3], GRAPH_MAX_ARRAY, &nt, &has_steps))
    return ATTR_FAILED;
  if (ne != ns || (has_axes && na != ns) || (has_steps && nt != ns))
    return vtc_errorf(err, errlen, "starts, ends, axes and steps must have the same number of entries");
  vtc_slice_attrs a = {.n = ns, .starts = st[0], .ends = st[1], .axes = has_axes ? st[2] : NULL,
                       .steps = has_steps ? st[3] : NULL};
  return vtc_kernel_slice(in[0], &a, out, err, errlen);
}

int graph_interp_expand(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t shape[GRAPH_MAX_ARRAY];
  int n;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL)) return ATTR_FAILED;
  return vtc_kernel_expand(in[0], n, shape, out, err, errlen);
}

int graph_interp_squeeze(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axes[GRAPH_MAX_ARRAY];
  int n;
  bool present;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &n, &present)) return ATTR_FAILED;
  return vtc_kernel_squeeze(in[0], n, present ? axes : NULL, out, err, errlen);
}

int graph_interp_unsqueeze(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axes[GRAPH_MAX_ARRAY];
  int n;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, true, axes, GRAPH_MAX_ARRAY, &n, NULL)) return ATTR_FAILED;
  return vtc_kernel_unsqueeze(in[0], n, axes, out, err, errlen);
}

int graph_interp_flatten(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 1, &axis)) return ATTR_FAILED;
  return vtc_kernel_flatten(in[0], axis, out, err, errlen);
}

int graph_interp_gather(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t axis;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis)) return ATTR_FAILED;
  return vtc_kernel_gather(in[0], in[1], axis, out, err, errlen);
}

int graph_interp_scatter_nd(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  const char *red;
  vtc_scatter_reduction r;
  if (!graph_attr_string(op, VTC_GRAPH_ATTR_REDUCTION, "none", &red)) return ATTR_FAILED;
  if (vtc_scatter_reduction_from_name(red, &r))
    return vtc_errorf(err, errlen, "reduction must be one of none, add, mul, max, min, but is \"%s\"", red);
  return vtc_kernel_scatter_nd(in[0], in[1], in[2], r, out, err, errlen);
}

int graph_interp_tile(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t reps[GRAPH_MAX_ARRAY];
  int n;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_REPEATS, true, reps, GRAPH_MAX_ARRAY, &n, NULL)) return ATTR_FAILED;
  return vtc_kernel_tile(in[0], n, reps, out, err, errlen);
}

int graph_interp_pad(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  int64_t pads[GRAPH_MAX_ARRAY], axes[GRAPH_MAX_ARRAY];
  int np, na;
  bool has_axes;
  const char *m;
  vtc_pad_attrs a = {0};
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_PADS, true, pads, GRAPH_MAX_ARRAY, &np, NULL) ||
      !graph_attr_ints(op, VTC_GRAPH_ATTR_AXES, false, axes, GRAPH_MAX_ARRAY, &na, &has_axes) ||
      !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "constant", &m) ||
      !graph_attr_float(op, VTC_GRAPH_ATTR_VALUE, 0.0, &a.value))
    return ATTR_FAILED;
  if (vtc_pad_mode_from_name(m, &a.mode))
    return vtc_errorf(err, errlen, "mode must be one of constant, reflect, edge, wrap, but is \"%s\"", m);
  a.npads = np;
  a.pads = pads;
  a.naxes = has_axes ? na : 0;
  a.axes = has_axes ? axes : NULL;
  return vtc_kernel_pad(in[0], &a, out, err, errlen);
}

int graph_interp_depth_to_space(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err,
                                size_t errlen) {
  int64_t b;
  const char *m;
  vtc_d2s_mode mode;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b) || !graph_attr_string(op, VTC_GRAPH_ATTR_MODE, "DCR", &m))
    return ATTR_FAILED;
  if (vtc_d2s_mode_from_name(m, &mode))
    return vtc_errorf(err, errlen, "mode must be \"DCR\" or \"CRD\", but is \"%s\"", m);
  return vtc_kernel_depth_to_space(in[0], b, mode, out, err, errlen);
}

int graph_interp_space_to_depth(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err,
                                size_t errlen) {
  int64_t b;
  if (!graph_attr_int(op, VTC_GRAPH_ATTR_BLOCKSIZE, 0, &b)) return ATTR_FAILED;
  return vtc_kernel_space_to_depth(in[0], b, out, err, errlen);
}

int graph_interp_identity(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen) {
  return vtc_kernel_identity(in[0], out, err, errlen);
}
