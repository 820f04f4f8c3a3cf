/* Converters of the shape and data-movement ops. Shapes, axes, starts,
 * pads and repeats that graph keeps as attributes must be constants at
 * import (initializers, Constant nodes, or computations on them that
 * oi_op folded); Shape, Size, ConstantOfShape and Range are themselves
 * constants (of static shapes). Where an attribute became an input in a
 * later opset (Reshape 5, Slice 10, Pad 11, Split/Squeeze/Unsqueeze 13),
 * the converter reads whichever the node's opset has. */
#include <math.h>
#include <string.h>

#include "import/onnx/onnx_impl.h"
#include "ir/support.h"

static bool set1(oi_importer *I, vtc_value *r) {
  oi_set_out(I, 0, r);
  return r != NULL;
}

/* ---- constants --------------------------------------------------------------------- */

bool oi_convert_constant(oi_importer *I) {
  const Onnx__AttributeProto *a;
  vtc_tensor t;
  if ((a = oi_attr(I, "value")) && a->t) {
    char msg[512];
    int rc = oi_tensor_from_proto(a->t, true, &t, msg, sizeof msg);
    if (rc == -2) return oi_unsupported(I, "%s", msg);
    if (rc) return oi_error(I, "%s", msg);
  } else if ((a = oi_attr(I, "value_float")) || (a = oi_attr(I, "value_int"))) {
    bool fl = strcmp(a->name, "value_float") == 0;
    if (vtc_tensor_create(&t, fl ? VTC_F32 : VTC_I64, 0, NULL, NULL, 0)) return oi_error(I, "out of memory");
    vtc_tensor_set_f64(&t, 0, fl ? a->f : 0);
    if (!fl) *(int64_t *)t.data = a->i;
  } else if ((a = oi_attr(I, "value_floats")) || (a = oi_attr(I, "value_ints"))) {
    bool fl = strcmp(a->name, "value_floats") == 0;
    int64_t n = fl ? (int64_t)a->n_floats : (int64_t)a->n_ints;
    if (vtc_tensor_create(&t, fl ? VTC_F32 : VTC_I64, 1, &n, NULL, 0)) return oi_error(I, "out of memory");
    for (int64_t i = 0; i < n; i++) {
      if (fl) ((float *)t.data)[i] = a->floats[i];
      else ((int64_t *)t.data)[i] = a->ints[i];
    }
  } else {
    return oi_unsupported(I, "only tensor, float and integer constants are supported (not sparse or string ones)");
  }
  return set1(I, oi_constant(I, &t, true, I->node->output[0]));
}

static bool static_shape(oi_importer *I, vtc_value *x, const char *what) {
  if (oi_static(x)) return true;
  return oi_unsupported(I, "the %s of a tensor with dynamic dims is not supported", what);
}

/* Shape (start and end from opset 15, clamped as the spec says). */
bool oi_convert_shape(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t start, end;
  if (!x || !oi_attr_int(I, "start", 0, &start) || !oi_attr_int(I, "end", INT64_MAX, &end)) return false;
  if (!static_shape(I, x, "shape")) return false;
  vtc_shape s = oi_shape(x);
  int64_t r = s.rank;
  if (start < 0) start += r;
  if (end < 0) end += r;
  start = start < 0 ? 0 : start > r ? r : start;
  end = end < 0 ? 0 : end > r ? r : end;
  int n = end > start ? (int)(end - start) : 0;
  return set1(I, oi_i64s(I, s.dims + start, n));
}

bool oi_convert_size(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  if (!x || !static_shape(I, x, "size")) return false;
  vtc_tensor t;
  if (vtc_tensor_create(&t, VTC_I64, 0, NULL, NULL, 0)) return oi_error(I, "out of memory");
  *(int64_t *)t.data = vtc_tensor_num_elements(x->type);
  return set1(I, oi_constant(I, &t, true, I->node->output[0]));
}

bool oi_convert_constant_of_shape(oi_importer *I) {
  int64_t dims[OI_MAX_INTS];
  int n;
  if (!oi_const_ints(I, 0, "shape", dims, OI_MAX_INTS, &n)) return false;
  if (n > VTC_MAX_RANK) return oi_unsupported(I, "rank %d is more than %d", n, VTC_MAX_RANK);
  for (int i = 0; i < n; i++)
    if (dims[i] < 0) return oi_error(I, "the shape has a negative dimension %lld", (long long)dims[i]);
  vtc_tensor value = {0};
  const Onnx__AttributeProto *a = oi_attr(I, "value");
  if (a && a->t) {
    char msg[512];
    int rc = oi_tensor_from_proto(a->t, false, &value, msg, sizeof msg);
    if (rc == -2) return oi_unsupported(I, "%s", msg);
    if (rc) return oi_error(I, "%s", msg);
    if (vtc_tensor_numel(&value) != 1) {
      vtc_tensor_free(&value);
      return oi_error(I, "the value must hold one element");
    }
  } else if (vtc_tensor_create(&value, VTC_F32, 0, NULL, NULL, 0)) {
    return oi_error(I, "out of memory");
  }
  vtc_tensor t;
  char err[256];
  if (vtc_tensor_create(&t, value.dtype, n, dims, err, sizeof err)) {
    vtc_tensor_free(&value);
    return oi_error(I, "%s", err);
  }
  size_t es = vtc_dtype_size(value.dtype);
  for (int64_t i = 0, k = vtc_tensor_numel(&t); i < k; i++) memcpy((char *)t.data + i * (int64_t)es, value.data, es);
  vtc_tensor_free(&value);
  return set1(I, oi_constant(I, &t, true, I->node->output[0]));
}

/* Range of constants: max(ceil((limit - start) / delta), 0) elements. */
bool oi_convert_range(oi_importer *I) {
  vtc_value *in[3] = {oi_in_req(I, 0, "start"), oi_in_req(I, 1, "limit"), oi_in_req(I, 2, "delta")};
  double v[3];
  for (unsigned k = 0; k < 3; k++)
    if (!in[k] || !oi_const_scalar(I, k, k == 0 ? "start" : k == 1 ? "limit" : "delta", &v[k])) return false;
  vtc_dtype d;
  if (!vtc_graph_dtype_of(oi_elem(in[0]), &d) || d == VTC_I1) return oi_error(I, "start must be a number");
  if (v[2] == 0) return oi_error(I, "delta must not be 0");
  double count = ceil((v[1] - v[0]) / v[2]);
  /* Compared as a double first: a huge (or infinite) count must not reach
   * the conversion, which is undefined past INT64_MAX. */
  int64_t n = count > (double)I->opts.fold_limit ? I->opts.fold_limit + 1 : count > 0 ? (int64_t)count : 0;
  if (n > I->opts.fold_limit) return oi_unsupported(I, "a range of %lld elements is too large to import", (long long)n);
  vtc_tensor t;
  if (vtc_tensor_create(&t, d, 1, &n, NULL, 0)) return oi_error(I, "out of memory");
  /* Integers exactly (start + i * delta); floats as numpy.arange. */
  bool is_int = !vtc_dtype_is_float(d);
  /* Integers wrap as two's complement (ONNX leaves overflow undefined;
   * C's signed overflow must not happen here). */
  uint64_t s0 = (uint64_t)vtc_f64_to_i64(v[0]), st = (uint64_t)vtc_f64_to_i64(v[2]);
  for (int64_t i = 0; i < n; i++) {
    if (is_int && d == VTC_I64) ((int64_t *)t.data)[i] = (int64_t)(s0 + (uint64_t)i * st);
    else if (is_int) ((int32_t *)t.data)[i] = (int32_t)(uint32_t)(s0 + (uint64_t)i * st);
    else vtc_tensor_set_f64(&t, i, v[0] + (double)i * v[2]);
  }
  return set1(I, oi_constant(I, &t, true, I->node->output[0]));
}

/* ---- data movement -------------------------------------------------------------------------- */

bool oi_convert_reshape(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t shape[OI_MAX_INTS], allowzero;
  int n;
  if (!x || !oi_attr_int(I, "allowzero", 0, &allowzero)) return false;
  if (I->opset < 5 ? !oi_attr_ints(I, "shape", shape, OI_MAX_INTS, &n, NULL)
                   : !oi_const_ints(I, 1, "shape", shape, OI_MAX_INTS, &n))
    return false;
  vtc_named_attr attrs[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, shape, n), oi_named_bool(I, VTC_GRAPH_ATTR_ALLOWZERO, allowzero)};
  return set1(I, oi_op(I, "reshape", 1, &x, allowzero ? 2 : 1, attrs));
}

bool oi_convert_transpose(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t perm[OI_MAX_INTS];
  int n;
  bool present;
  if (!x || !oi_attr_ints(I, "perm", perm, OI_MAX_INTS, &n, &present)) return false;
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_PERM, perm, n);
  return set1(I, oi_op(I, "transpose", 1, &x, present ? 1 : 0, &a));
}

bool oi_convert_flatten(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t axis;
  if (!x || !oi_attr_int(I, "axis", 1, &axis)) return false;
  vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis);
  return set1(I, oi_op(I, "flatten", 1, &x, 1, &a));
}

/* Squeeze and Unsqueeze: axes an attribute before opset 13, an input since
 * (optional for Squeeze: absent removes every size-1 dim). */
bool oi_convert_squeeze(oi_importer *I) {
  bool un = strcmp(I->node->op_type, "Unsqueeze") == 0;
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t axes[OI_MAX_INTS];
  int n = 0;
  bool present = false;
  if (!x) return false;
  if (I->opset < 13) {
    if (!oi_attr_ints(I, "axes", axes, OI_MAX_INTS, &n, &present)) return false;
  } else if (oi_has_input(I, 1)) {
    if (!oi_const_ints(I, 1, "axes", axes, OI_MAX_INTS, &n)) return false;
    present = true;
  }
  if (un && !present) return oi_error(I, "Unsqueeze needs axes");
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, n);
  return set1(I, oi_op(I, un ? "unsqueeze" : "squeeze", 1, &x, present ? 1 : 0, &a));
}

bool oi_convert_concat(oi_importer *I) {
  unsigned n = oi_num_inputs(I);
  int64_t axis;
  if (!oi_attr_int(I, "axis", 0, &axis)) return false;
  if (!oi_attr(I, "axis")) return oi_error(I, "attribute 'axis' is required");
  vtc_value **ins = vtc_xcalloc(n + 1, sizeof *ins);
  unsigned k = 0;
  bool ok = n > 0 || oi_error(I, "needs at least one input");
  for (unsigned i = 0; ok && i < n; i++) {
    if (!oi_has_input(I, i)) continue;
    ins[k] = oi_in_req(I, i, "input");
    ok = ins[k] != NULL;
    /* An empty input adds nothing (and graph.concat needs static shapes
     * of the rest anyway). */
    if (ok && !(oi_static(ins[k]) && vtc_tensor_num_elements(ins[k]->type) == 0 && n > 1)) k++;
  }
  vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis);
  vtc_value *r = ok ? (k == 1 ? ins[0] : oi_op(I, "concat", k ? k : 1, ins, 1, &a)) : NULL;
  free(ins);
  return set1(I, r);
}

/* Split: sizes an attribute before opset 13, an input since; opset 18's
 * num_outputs (equal chunks, the last smaller) is graph.split's default. */
bool oi_convert_split(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t axis, sizes[OI_MAX_INTS];
  int n = 0;
  bool present = false;
  if (!x || !oi_attr_int(I, "axis", 0, &axis)) return false;
  if (I->opset < 13) {
    if (!oi_attr_ints(I, "split", sizes, OI_MAX_INTS, &n, &present)) return false;
  } else if (oi_has_input(I, 1)) {
    if (!oi_const_ints(I, 1, "split", sizes, OI_MAX_INTS, &n)) return false;
    present = true;
  }
  unsigned nout = oi_num_outputs(I);
  if (nout == 0 || nout > OI_MAX_INTS) return oi_error(I, "needs between 1 and %d outputs", OI_MAX_INTS);
  if (present && (unsigned)n != nout) return oi_error(I, "has %d split sizes but %u outputs", n, nout);
  vtc_named_attr attrs[2] = {oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis), oi_named_ints(I, VTC_GRAPH_ATTR_SPLIT, sizes, n)};
  vtc_value *outs[OI_MAX_INTS];
  if (!oi_op_n(I, "split", 1, &x, present ? 2 : 1, attrs, nout, outs)) return false;
  for (unsigned k = 0; k < nout; k++) oi_set_out(I, k, outs[k]);
  return true;
}

/* Slice: attributes before opset 10, constant inputs since. */
bool oi_convert_slice(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t v[4][OI_MAX_INTS];
  int n[4] = {0, 0, 0, 0};
  bool has[4] = {true, true, false, false};
  if (!x) return false;
  if (I->opset < 10) {
    if (!oi_attr_ints(I, "starts", v[0], OI_MAX_INTS, &n[0], NULL) ||
        !oi_attr_ints(I, "ends", v[1], OI_MAX_INTS, &n[1], NULL) ||
        !oi_attr_ints(I, "axes", v[2], OI_MAX_INTS, &n[2], &has[2]))
      return false;
  } else {
    static const char *const what[4] = {"starts", "ends", "axes", "steps"};
    for (unsigned k = 0; k < 4; k++) {
      if (k >= 2 && !oi_has_input(I, k + 1)) continue;
      if (!oi_const_ints(I, k + 1, what[k], v[k], OI_MAX_INTS, &n[k])) return false;
      has[k] = true;
    }
  }
  vtc_named_attr attrs[4];
  unsigned na = 0;
  static const char *const names[4] = {VTC_GRAPH_ATTR_STARTS, VTC_GRAPH_ATTR_ENDS, VTC_GRAPH_ATTR_AXES, VTC_GRAPH_ATTR_STEPS};
  for (unsigned k = 0; k < 4; k++)
    if (has[k]) attrs[na++] = oi_named_ints(I, names[k], v[k], n[k]);
  return set1(I, oi_op(I, "slice", 1, &x, na, attrs));
}

bool oi_convert_gather(oi_importer *I) {
  vtc_value *ops[2] = {oi_in_req(I, 0, "data"), oi_in_req(I, 1, "indices")};
  int64_t axis;
  if (!ops[0] || !ops[1] || !oi_attr_int(I, "axis", 0, &axis)) return false;
  vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis);
  return set1(I, oi_op(I, "gather", 2, ops, 1, &a));
}

bool oi_convert_expand(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t shape[OI_MAX_INTS];
  int n;
  if (!x || !oi_const_ints(I, 1, "shape", shape, OI_MAX_INTS, &n)) return false;
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, shape, n);
  return set1(I, oi_op(I, "expand", 1, &x, 1, &a));
}

bool oi_convert_tile(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t reps[OI_MAX_INTS];
  int n;
  if (!x || !oi_const_ints(I, 1, "repeats", reps, OI_MAX_INTS, &n)) return false;
  vtc_named_attr a = oi_named_ints(I, VTC_GRAPH_ATTR_REPEATS, reps, n);
  return set1(I, oi_op(I, "tile", 1, &x, 1, &a));
}

/* Pad: attributes before opset 11; pads, constant_value and (18) axes as
 * constant inputs since. */
bool oi_convert_pad(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "data");
  int64_t pads[OI_MAX_INTS], axes[OI_MAX_INTS];
  int np, na = 0;
  double value = 0;
  const char *mode;
  if (!x || !oi_attr_string(I, "mode", "constant", &mode)) return false;
  if (I->opset < 11) {
    if (!oi_attr_ints(I, "pads", pads, OI_MAX_INTS, &np, NULL) || !oi_attr_float(I, "value", 0.0, &value)) return false;
  } else {
    if (!oi_const_ints(I, 1, "pads", pads, OI_MAX_INTS, &np)) return false;
    if (oi_has_input(I, 2) && !oi_const_scalar(I, 2, "constant_value", &value)) return false;
    if (oi_has_input(I, 3) && !oi_const_ints(I, 3, "axes", axes, OI_MAX_INTS, &na)) return false;
  }
  vtc_named_attr attrs[4] = {oi_named_ints(I, VTC_GRAPH_ATTR_PADS, pads, np), oi_named_string(I, VTC_GRAPH_ATTR_MODE, mode),
                             oi_named_float(I, VTC_GRAPH_ATTR_VALUE, value), oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, na)};
  return set1(I, oi_op(I, "pad", 1, &x, na ? 4 : 3, attrs));
}

bool oi_convert_depth_to_space(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t b;
  const char *mode;
  if (!x || !oi_attr_int(I, "blocksize", 0, &b) || !oi_attr_string(I, "mode", "DCR", &mode)) return false;
  vtc_named_attr attrs[2] = {oi_named_int(I, VTC_GRAPH_ATTR_BLOCKSIZE, b), oi_named_string(I, VTC_GRAPH_ATTR_MODE, mode)};
  return set1(I, oi_op(I, "depth_to_space", 1, &x, 2, attrs));
}

bool oi_convert_space_to_depth(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t b;
  if (!x || !oi_attr_int(I, "blocksize", 0, &b)) return false;
  vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_BLOCKSIZE, b);
  return set1(I, oi_op(I, "space_to_depth", 1, &x, 1, &a));
}

bool oi_convert_scatter_nd(oi_importer *I) {
  vtc_value *ops[3] = {oi_in_req(I, 0, "data"), oi_in_req(I, 1, "indices"), oi_in_req(I, 2, "updates")};
  const char *red;
  if (!ops[0] || !ops[1] || !ops[2] || !oi_attr_string(I, "reduction", "none", &red)) return false;
  vtc_named_attr a = oi_named_string(I, VTC_GRAPH_ATTR_REDUCTION, red);
  return set1(I, oi_op(I, "scatter_nd", 3, ops, 1, &a));
}

bool oi_convert_gather_elements(oi_importer *I) {
  vtc_value *ops[2] = {oi_in_req(I, 0, "data"), oi_in_req(I, 1, "indices")};
  int64_t axis;
  if (!ops[0] || !ops[1] || !oi_attr_int(I, "axis", 0, &axis)) return false;
  vtc_named_attr a = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, axis);
  return set1(I, oi_op(I, "gather_elements", 2, ops, 1, &a));
}

/* Trilu: x where the element lies on or above (upper) / below (lower) the
 * k-th diagonal of the last two dims, else 0; the mask is a constant. */
bool oi_convert_trilu(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t upper, k = 0;
  if (!x || !oi_attr_int(I, "upper", 1, &upper)) return false;
  if (oi_has_input(I, 1)) {
    double kv;
    if (!oi_const_scalar(I, 1, "k", &kv)) return false;
    k = (int64_t)kv;
  }
  vtc_shape s = oi_shape(x);
  if (s.rank < 2) return oi_error(I, "input must have rank 2 or more");
  int64_t n = s.dims[s.rank - 2], m = s.dims[s.rank - 1];
  if (n < 0 || m < 0) return oi_unsupported(I, "Trilu of a matrix with dynamic dims is not supported");
  vtc_tensor mask;
  int64_t dims[2] = {n, m};
  if (vtc_tensor_create(&mask, VTC_I1, 2, dims, NULL, 0)) return oi_error(I, "out of memory");
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < m; j++) ((uint8_t *)mask.data)[i * m + j] = upper ? j - i >= k : j - i <= k;
  vtc_value *ops[3] = {oi_constant(I, &mask, true, "onnx_trilu_mask"), x, oi_splat(I, oi_elem(x), NULL, 0)};
  return set1(I, oi_op(I, "where", 3, ops, 0, NULL));
}

/* EyeLike of a static 2-D input: ones on the k-th diagonal, in `dtype` (the
 * input's by default). */
bool oi_convert_eye_like(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "input");
  int64_t k, dt;
  if (!x || !oi_attr_int(I, "k", 0, &k) || !oi_attr_int(I, "dtype", -1, &dt)) return false;
  vtc_dtype d;
  if (dt >= 0 && !oi_element_type(NULL, (int32_t)dt, NULL, &d))
    return oi_unsupported(I, "dtype %s is not supported", oi_type_name((int32_t)dt));
  if (dt < 0 && !vtc_graph_dtype_of(oi_elem(x), &d)) return oi_error(I, "unsupported input type");
  vtc_shape s = oi_shape(x);
  if (s.rank != 2 || s.dims[0] < 0 || s.dims[1] < 0) return oi_unsupported(I, "EyeLike needs a static 2-D input");
  vtc_tensor t;
  if (vtc_tensor_create_shape(&t, d, &s, NULL, 0)) return oi_error(I, "out of memory");
  for (int64_t i = 0; i < s.dims[0]; i++)
    if (i + k >= 0 && i + k < s.dims[1]) vtc_tensor_set_f64(&t, i * s.dims[1] + i + k, 1.0);
  return set1(I, oi_constant(I, &t, true, I->node->output[0]));
}

/* Resize (opset 11 on) in the nearest and linear modes, and Upsample (7-9:
 * asymmetric coordinates, nearest rounding down): graph.resize with one
 * scale and output size per dim, from the constant scales (the size being
 * floor(in * scale)) or sizes (the scale being out / in), over every dim or
 * opset 18's axes. Cubic interpolation, tf_crop_and_resize, antialiasing
 * and aspect-ratio policies are unsupported. */
bool oi_convert_resize(oi_importer *I) {
  bool upsample = strcmp(I->node->op_type, "Upsample") == 0;
  vtc_value *x = oi_in_req(I, 0, "X");
  const char *mode, *coord, *nearest, *policy;
  int64_t antialias, axes[OI_MAX_INTS], iv[OI_MAX_INTS];
  int naxes = 0, n = 0;
  bool has_axes;
  if (!x || !oi_attr_string(I, "mode", "nearest", &mode) ||
      !oi_attr_string(I, "coordinate_transformation_mode", upsample ? "asymmetric" : "half_pixel", &coord) ||
      !oi_attr_string(I, "nearest_mode", upsample ? "floor" : "round_prefer_floor", &nearest) ||
      !oi_attr_string(I, "keep_aspect_ratio_policy", "stretch", &policy) || !oi_attr_int(I, "antialias", 0, &antialias) ||
      !oi_attr_ints(I, "axes", axes, OI_MAX_INTS, &naxes, &has_axes))
    return false;
  if (strcmp(mode, "nearest") && strcmp(mode, "linear"))
    return oi_unsupported(I, "mode \"%s\" is not supported (nearest and linear are)", mode);
  if (!strcmp(coord, "tf_crop_and_resize")) return oi_unsupported(I, "tf_crop_and_resize is not supported");
  if (antialias) return oi_unsupported(I, "antialias is not supported");
  if (strcmp(policy, "stretch")) return oi_unsupported(I, "keep_aspect_ratio_policy \"%s\" is not supported", policy);
  vtc_shape xs = oi_shape(x);
  if (!oi_static(x)) return oi_unsupported(I, "Resize of a tensor with dynamic dims is not supported");
  if (!has_axes)
    for (int i = 0; i < xs.rank; i++) axes[naxes++] = i;
  double scales[VTC_MAX_RANK], given[OI_MAX_INTS];
  int64_t sizes[VTC_MAX_RANK];
  for (int i = 0; i < xs.rank; i++) scales[i] = 1, sizes[i] = xs.dims[i];
  /* scales: input 1 of Upsample-9 (an attribute before), input 2 of Resize */
  unsigned scales_at = upsample ? 1 : 2, sizes_at = 3;
  bool by_scales = false;
  if (upsample && I->opset < 9) {
    if (!oi_attr_floats(I, "scales", given, OI_MAX_INTS, &n, NULL)) return false;
    by_scales = true;
  } else if (oi_has_input(I, scales_at)) {
    vtc_tensor t;
    bool owned;
    if (!oi_const_input(I, scales_at, "scale", &t, &owned)) return false;
    n = (int)vtc_tensor_numel(&t);
    for (int i = 0; i < n && i < OI_MAX_INTS; i++) given[i] = vtc_tensor_get_f64(&t, i);
    if (owned) vtc_tensor_free(&t);
    by_scales = n > 0;
  }
  if (!by_scales) {
    if (upsample || !oi_has_input(I, sizes_at)) return oi_error(I, "needs scales or sizes");
    if (!oi_const_ints(I, sizes_at, "sizes", iv, OI_MAX_INTS, &n)) return false;
  }
  if (n != naxes) return oi_error(I, "has %d scales or sizes for %d axes", n, naxes);
  for (int i = 0; i < naxes; i++) {
    int ax;
    if (!oi_axis(I, axes[i], xs.rank, &ax)) return false;
    if (by_scales) {
      if (!(given[i] > 0)) return oi_error(I, "scales must be positive");
      scales[ax] = given[i];
      sizes[ax] = (int64_t)floor((double)xs.dims[ax] * given[i]);
    } else {
      sizes[ax] = iv[i];
      scales[ax] = xs.dims[ax] ? (double)iv[i] / (double)xs.dims[ax] : 1;
    }
  }
  const vtc_attr *sc[VTC_MAX_RANK];
  for (int i = 0; i < xs.rank; i++) sc[i] = vtc_attr_float(I->ctx, vtc_type_f64(I->ctx), scales[i]);
  vtc_named_attr attrs[5] = {oi_named(I, VTC_GRAPH_ATTR_SCALES, vtc_attr_array(I->ctx, (unsigned)xs.rank, sc)),
                             oi_named_ints(I, VTC_GRAPH_ATTR_SIZES, sizes, xs.rank),
                             oi_named_string(I, VTC_GRAPH_ATTR_MODE, mode),
                             oi_named_string(I, VTC_GRAPH_ATTR_COORD_MODE, coord),
                             oi_named_string(I, VTC_GRAPH_ATTR_NEAREST_MODE, nearest)};
  return set1(I, oi_op(I, "resize", 1, &x, 5, attrs));
}
