/* The reference kernel of graph.resize (ONNX Resize, nearest and linear
 * modes): the coordinate transformation and rounding rules of ONNX's
 * reference implementation (kernels.h), applied one dim after another. */
#include <math.h>
#include <string.h>

#include "dialects/graph/kernels.h"

static const char *const MODE_NAMES[VTC_RESIZE_MODE_COUNT] = {"nearest", "linear"};
static const char *const COORD_NAMES[VTC_RESIZE_COORD_COUNT] = {"half_pixel", "asymmetric", "align_corners",
                                                                "pytorch_half_pixel", "tf_half_pixel_for_nn"};
static const char *const NEAREST_NAMES[VTC_RESIZE_NEAREST_COUNT] = {"round_prefer_floor", "round_prefer_ceil", "floor",
                                                                    "ceil"};

static int lookup(const char *const *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names[i], name)) return i;
  return -1;
}

#define FROM_NAME(fn, type, names, count)      \
  int fn(const char *name, type *out) {        \
    int i = lookup(names, count, name);        \
    if (i < 0) return -1;                      \
    *out = (type)i;                            \
    return 0;                                  \
  }
FROM_NAME(vtc_resize_mode_from_name, vtc_resize_mode, MODE_NAMES, VTC_RESIZE_MODE_COUNT)
FROM_NAME(vtc_resize_coord_from_name, vtc_resize_coord, COORD_NAMES, VTC_RESIZE_COORD_COUNT)
FROM_NAME(vtc_resize_nearest_from_name, vtc_resize_nearest, NEAREST_NAMES, VTC_RESIZE_NEAREST_COUNT)

double vtc_resize_source(vtc_resize_coord c, double x, double scale, int64_t in) {
  double out_width = scale * (double)in; /* as the reference: not the rounded output size */
  switch (c) {
  case VTC_RESIZE_ASYMMETRIC: return x / scale;
  case VTC_RESIZE_ALIGN_CORNERS: return out_width == 1 ? 0 : x * (double)(in - 1) / (out_width - 1);
  case VTC_RESIZE_PYTORCH_HALF_PIXEL: return out_width == 1 ? -0.5 : (x + 0.5) / scale - 0.5;
  case VTC_RESIZE_TF_HALF_PIXEL_FOR_NN: return (x + 0.5) / scale;
  default: return (x + 0.5) / scale - 0.5;
  }
}

static int64_t clamp(int64_t i, int64_t in) { return i < 0 ? 0 : i >= in ? in - 1 : i; }

int64_t vtc_resize_nearest_index(vtc_resize_nearest m, double x, int64_t in) {
  double f = floor(x), r = x - f;
  bool next = r != 0 && (m == VTC_RESIZE_CEIL || (m == VTC_RESIZE_ROUND_PREFER_FLOOR && r > 0.5) ||
                         (m == VTC_RESIZE_ROUND_PREFER_CEIL && r >= 0.5));
  return clamp((int64_t)f + next, in);
}

int vtc_shape_resize(const vtc_shape *x, const vtc_resize_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  if (a->rank != x->rank)
    return vtc_errorf(err, errlen, "sizes and scales need %d entries (the rank), not %d", x->rank, a->rank);
  for (int i = 0; i < x->rank; i++)
    if (!(a->scales[i] > 0) || a->sizes[i] < 0 || a->sizes[i] > ((int64_t)1 << 40))
      return vtc_errorf(err, errlen, "scales must be positive and sizes in [0, 2^40]");
  out->rank = x->rank;
  memcpy(out->dims, a->sizes, sizeof(int64_t) * (size_t)x->rank);
  return 0;
}

int vtc_kernel_resize(const vtc_tensor *x, const vtc_resize_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_check_dtype("resize", "the input", x->dtype, VTC_DTYPES_NUMERIC, err, errlen)) return -1;
  if (vtc_shape_resize(&xs, a, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "resize: %s", msg);
  if (vtc_shape_numel(&os) > 0 && vtc_tensor_numel(x) == 0)
    return vtc_errorf(err, errlen, "resize: an empty input cannot be resized to a non-empty output");
  if (vtc_kernel_alloc("resize", out, x->dtype, &os, err, errlen)) return -1;
  int64_t strides[VTC_MAX_RANK], idx[VTC_MAX_RANK], n = vtc_shape_numel(&os);
  vtc_shape_strides(&xs, strides);
  for (int64_t o = 0; o < n; o++) {
    vtc_unravel_index(o, &os, idx);
    /* per dim: two source indices and the weight of the second */
    int64_t lo[VTC_MAX_RANK], hi[VTC_MAX_RANK];
    double w[VTC_MAX_RANK];
    for (int d = 0; d < xs.rank; d++) {
      double s = vtc_resize_source(a->coord, (double)idx[d], a->scales[d], xs.dims[d]);
      if (a->mode == VTC_RESIZE_NEAREST) {
        lo[d] = hi[d] = vtc_resize_nearest_index(a->nearest, s, xs.dims[d]);
        w[d] = 0;
      } else {
        double f = floor(s);
        lo[d] = clamp((int64_t)f, xs.dims[d]);
        hi[d] = clamp((int64_t)f + 1, xs.dims[d]);
        w[d] = s - f;
      }
    }
    double acc = 0;
    for (unsigned corner = 0; corner < (1u << xs.rank); corner++) {
      double weight = 1;
      int64_t src = 0;
      for (int d = 0; d < xs.rank && weight != 0; d++) {
        bool high = corner >> d & 1;
        weight *= high ? w[d] : 1 - w[d];
        src += (high ? hi[d] : lo[d]) * strides[d];
      }
      if (weight != 0) acc += weight * vtc_tensor_get_f64(x, src);
    }
    vtc_tensor_set_f64(out, o, acc);
  }
  return 0;
}
