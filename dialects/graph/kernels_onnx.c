/* Reference kernels of the graph ops added for ONNX models (issue 12):
 * 2-D max and average pooling, argmax/argmin, cumsum and gather_elements,
 * with the ONNX operators' semantics (the reference implementation of the
 * ONNX backend tests where the spec leaves a choice open: NaN is the
 * largest value for argmax, as numpy; an average pool window is clipped to
 * the padded input). */
#include <math.h>
#include <string.h>

#include "dialects/graph/kernels.h"

/* ---- pooling -------------------------------------------------------------------- */

static int64_t ceil_div(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

/* One spatial dim of a pool: the output size and the begin/end pads, or
 * -1 when the input size is dynamic. */
static int pool_dim(int64_t in, int64_t k, int64_t s, int64_t d, const vtc_pool_attrs *a, int i, int64_t *out,
                    int64_t *pb, int64_t *pe, char *err, size_t errlen) {
  int64_t ext = (k - 1) * d + 1;
  *pb = a->pads[i];
  *pe = a->pads[i + 2];
  if (in < 0) {
    *out = -1;
    if (a->auto_pad == VTC_AUTO_PAD_SAME_UPPER || a->auto_pad == VTC_AUTO_PAD_SAME_LOWER) *pb = *pe = -1;
    return 0;
  }
  switch (a->auto_pad) {
  case VTC_AUTO_PAD_VALID:
    *pb = *pe = 0;
    if (in < ext) return vtc_errorf(err, errlen, "a window of %lld does not fit dim %d of size %lld", (long long)ext, 2 + i, (long long)in);
    *out = ceil_div(in - ext + 1, s);
    return 0;
  case VTC_AUTO_PAD_SAME_UPPER:
  case VTC_AUTO_PAD_SAME_LOWER: {
    *out = ceil_div(in, s);
    int64_t total = (*out - 1) * s + ext - in;
    if (total < 0) total = 0;
    int64_t small = total / 2;
    *pb = a->auto_pad == VTC_AUTO_PAD_SAME_UPPER ? small : total - small;
    *pe = total - *pb;
    return 0;
  }
  default: {
    int64_t num = in + *pb + *pe - ext;
    if (num < 0)
      return vtc_errorf(err, errlen, "a window of %lld does not fit dim %d of size %lld with pads %lld, %lld",
                        (long long)ext, 2 + i, (long long)in, (long long)*pb, (long long)*pe);
    *out = (a->ceil_mode ? ceil_div(num, s) : num / s) + 1;
    return 0;
  }
  }
}

static int check_pool_attrs(const vtc_pool_attrs *a, char *err, size_t errlen) {
  for (int i = 0; i < 2; i++) {
    if (a->kernel[i] < 1 || a->strides[i] < 1 || a->dilations[i] < 1 || a->kernel[i] > (1 << 30) ||
        a->strides[i] > (1 << 30) || a->dilations[i] > (1 << 30))
      return vtc_errorf(err, errlen, "kernel sizes, strides and dilations must lie in [1, 2^30]");
    if (a->pads[i] < 0 || a->pads[i + 2] < 0 || a->pads[i] > (1 << 30) || a->pads[i + 2] > (1 << 30))
      return vtc_errorf(err, errlen, "pads must lie in [0, 2^30]");
  }
  return 0;
}

int vtc_pool2d_resolve(const vtc_shape *x, const vtc_pool_attrs *a, vtc_shape *out, int64_t pads[4], char *err,
                       size_t errlen) {
  if (x->rank != 4) return vtc_errorf(err, errlen, "the input must have rank 4 (NCHW), but has rank %d", x->rank);
  if (check_pool_attrs(a, err, errlen)) return -1;
  *out = *x;
  for (int i = 0; i < 2; i++)
    if (pool_dim(x->dims[2 + i], a->kernel[i], a->strides[i], a->dilations[i], a, i, &out->dims[2 + i], &pads[i],
                 &pads[i + 2], err, errlen))
      return -1;
  return 0;
}

int vtc_shape_pool2d(const vtc_shape *x, const vtc_pool_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  int64_t pads[4];
  return vtc_pool2d_resolve(x, a, out, pads, err, errlen);
}

/* The number of window positions of output index o that fall in [lo, hi). */
int64_t vtc_pool_count(int64_t o, int64_t k, int64_t s, int64_t d, int64_t pad_begin, int64_t lo, int64_t hi) {
  int64_t n = 0;
  for (int64_t j = 0; j < k; j++) {
    int64_t h = o * s - pad_begin + j * d;
    n += h >= lo && h < hi;
  }
  return n;
}

static int pool(bool is_max, const vtc_tensor *x, const vtc_pool_attrs *a, vtc_tensor *out, char *err,
                size_t errlen) {
  const char *name = is_max ? "max_pool2d" : "avg_pool2d";
  if (vtc_check_dtype(name, "the input", x->dtype, VTC_DTYPES_FLOAT, err, errlen)) return -1;
  vtc_shape xs = vtc_tensor_shape(x), os;
  int64_t p[4];
  char msg[256];
  if (vtc_pool2d_resolve(&xs, a, &os, p, msg, sizeof msg)) return vtc_errorf(err, errlen, "%s: %s", name, msg);
  if (vtc_kernel_alloc(name, out, x->dtype, &os, err, errlen)) return -1;
  int64_t H = xs.dims[2], W = xs.dims[3], OH = os.dims[2], OW = os.dims[3];
  /* The window is clipped to the padded input for count_include_pad. */
  int64_t lo[2] = {a->count_include_pad ? -p[0] : 0, a->count_include_pad ? -p[1] : 0};
  int64_t hi[2] = {a->count_include_pad ? H + p[2] : H, a->count_include_pad ? W + p[3] : W};
  int64_t o = 0;
  for (int64_t nc = 0; nc < xs.dims[0] * xs.dims[1]; nc++) {
    for (int64_t oh = 0; oh < OH; oh++) {
      for (int64_t ow = 0; ow < OW; ow++, o++) {
        double acc = is_max ? -INFINITY : 0;
        for (int64_t kh = 0; kh < a->kernel[0]; kh++) {
          int64_t h = oh * a->strides[0] - p[0] + kh * a->dilations[0];
          if (h < 0 || h >= H) continue;
          for (int64_t kw = 0; kw < a->kernel[1]; kw++) {
            int64_t w = ow * a->strides[1] - p[1] + kw * a->dilations[1];
            if (w < 0 || w >= W) continue;
            double v = vtc_tensor_get_f64(x, (nc * H + h) * W + w);
            acc = is_max ? (acc != acc || v != v ? NAN : v > acc ? v : acc) : acc + v;
          }
        }
        if (!is_max) {
          int64_t n = vtc_pool_count(oh, a->kernel[0], a->strides[0], a->dilations[0], p[0], lo[0], hi[0]) *
                      vtc_pool_count(ow, a->kernel[1], a->strides[1], a->dilations[1], p[1], lo[1], hi[1]);
          acc /= (double)n;
        }
        vtc_tensor_set_f64(out, o, acc);
      }
    }
  }
  return 0;
}

int vtc_kernel_max_pool2d(const vtc_tensor *x, const vtc_pool_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  return pool(true, x, a, out, err, errlen);
}

int vtc_kernel_avg_pool2d(const vtc_tensor *x, const vtc_pool_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  return pool(false, x, a, out, err, errlen);
}

/* ---- argmax and argmin ----------------------------------------------------------------- */

int vtc_shape_arg_reduce(const vtc_shape *x, int64_t axis, bool keepdims, vtc_shape *out, char *err, size_t errlen) {
  int ax;
  if (vtc_normalize_axis(NULL, axis, x->rank, &ax, err, errlen)) return -1;
  out->rank = 0;
  for (int i = 0; i < x->rank; i++)
    if (i != ax || keepdims) out->dims[out->rank++] = i == ax ? 1 : x->dims[i];
  return 0;
}

/* Whether v replaces best: larger (smaller), equal with select_last, or a
 * NaN (numpy's argmax and argmin both stop at the first NaN; ONNX's
 * select_last_index flips the axis first, so the last NaN wins there). */
static bool better(bool is_max, bool last, double v, double best) {
  if (v != v) return best == best || last; /* with last: the last NaN (ONNX flips the axis) */
  if (best != best) return false;
  return is_max ? (v > best || (last && v == best)) : (v < best || (last && v == best));
}

int vtc_kernel_arg_reduce(bool is_max, const vtc_tensor *x, int64_t axis, bool keepdims, bool select_last,
                          vtc_tensor *out, char *err, size_t errlen) {
  const char *name = is_max ? "argmax" : "argmin";
  if (vtc_check_dtype(name, "the operand", x->dtype, VTC_DTYPES_NUMERIC, err, errlen)) return -1;
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_arg_reduce(&xs, axis, keepdims, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "%s: %s", name, msg);
  int ax = (int)(axis < 0 ? axis + xs.rank : axis);
  if (xs.dims[ax] == 0) return vtc_errorf(err, errlen, "%s: the reduced dim is empty", name);
  if (vtc_kernel_alloc(name, out, VTC_I64, &os, err, errlen)) return -1;
  int64_t outer = 1, inner = 1, len = xs.dims[ax];
  for (int i = 0; i < ax; i++) outer *= xs.dims[i];
  for (int i = ax + 1; i < xs.rank; i++) inner *= xs.dims[i];
  for (int64_t a = 0; a < outer; a++) {
    for (int64_t b = 0; b < inner; b++) {
      int64_t arg = 0;
      double best = vtc_tensor_get_f64(x, a * len * inner + b);
      for (int64_t k = 1; k < len; k++) {
        double v = vtc_tensor_get_f64(x, (a * len + k) * inner + b);
        if (better(is_max, select_last, v, best)) best = v, arg = k;
      }
      ((int64_t *)out->data)[a * inner + b] = arg;
    }
  }
  return 0;
}

/* ---- cumsum ------------------------------------------------------------------------------ */

int vtc_kernel_cumsum(const vtc_tensor *x, int64_t axis, bool exclusive, bool reverse, vtc_tensor *out, char *err,
                      size_t errlen) {
  int ax;
  if (vtc_check_dtype("cumsum", "the operand", x->dtype, VTC_DTYPES_NUMERIC, err, errlen) ||
      vtc_normalize_axis("cumsum", axis, x->rank, &ax, err, errlen))
    return -1;
  vtc_shape xs = vtc_tensor_shape(x);
  if (vtc_kernel_alloc("cumsum", out, x->dtype, &xs, err, errlen)) return -1;
  int64_t outer = 1, inner = 1, len = x->rank ? x->dims[ax] : 1;
  for (int i = 0; i < ax; i++) outer *= x->dims[i];
  for (int i = ax + 1; i < x->rank; i++) inner *= x->dims[i];
  for (int64_t a = 0; a < outer; a++) {
    for (int64_t b = 0; b < inner; b++) {
      double acc = 0;
      for (int64_t j = 0; j < len; j++) {
        int64_t k = reverse ? len - 1 - j : j, at = (a * len + k) * inner + b;
        double v = vtc_tensor_get_f64(x, at);
        if (!exclusive) acc += v;
        vtc_tensor_set_f64(out, at, acc);
        if (exclusive) acc += v;
      }
    }
  }
  return 0;
}

/* ---- gather_elements ---------------------------------------------------------------------- */

int vtc_shape_gather_elements(const vtc_shape *data, const vtc_shape *indices, int64_t axis, vtc_shape *out,
                              char *err, size_t errlen) {
  int ax;
  if (data->rank < 1) return vtc_errorf(err, errlen, "data must have rank 1 or more");
  if (vtc_normalize_axis(NULL, axis, data->rank, &ax, err, errlen)) return -1;
  if (indices->rank != data->rank)
    return vtc_errorf(err, errlen, "indices have rank %d, but data has rank %d", indices->rank, data->rank);
  for (int i = 0; i < data->rank; i++)
    if (i != ax && data->dims[i] >= 0 && indices->dims[i] >= 0 && indices->dims[i] > data->dims[i])
      return vtc_errorf(err, errlen, "indices dim %d (%lld) exceeds data's (%lld)", i, (long long)indices->dims[i],
                        (long long)data->dims[i]);
  *out = *indices;
  return 0;
}

int vtc_kernel_gather_elements(const vtc_tensor *data, const vtc_tensor *indices, int64_t axis, vtc_tensor *out,
                               char *err, size_t errlen) {
  vtc_shape ds = vtc_tensor_shape(data), is = vtc_tensor_shape(indices), os;
  char msg[256];
  if (vtc_check_dtype("gather_elements", "the indices", indices->dtype, VTC_DTYPES_INT, err, errlen)) return -1;
  if (vtc_shape_gather_elements(&ds, &is, axis, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "gather_elements: %s", msg);
  int ax = (int)(axis < 0 ? axis + ds.rank : axis);
  if (vtc_kernel_alloc("gather_elements", out, data->dtype, &os, err, errlen)) return -1;
  int64_t strides[VTC_MAX_RANK], idx[VTC_MAX_RANK], n = vtc_tensor_numel(indices);
  vtc_shape_strides(&ds, strides);
  size_t es = vtc_dtype_size(data->dtype);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    int64_t i = vtc_tensor_get_i64(indices, o), dim = ds.dims[ax];
    if (i < -dim || i >= dim) {
      vtc_tensor_free(out);
      return vtc_errorf(err, errlen, "gather_elements: index %lld is out of range for a dim of size %lld", (long long)i,
                        (long long)dim);
    }
    idx[ax] = i < 0 ? i + dim : i;
    int64_t src = 0;
    for (int d = 0; d < ds.rank; d++) src += idx[d] * strides[d];
    memcpy(vtc_tensor_elem(out, o), vtc_tensor_elem(data, src), es);
  }
  return 0;
}
