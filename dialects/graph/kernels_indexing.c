/* Reference data-movement kernels that select or combine parts of tensors:
 * split, concat, slice, gather, scatter_nd and pad, with their shape rules.
 * Contiguous blocks are copied with memcpy; the rest goes through an
 * output-index to input-index map. */
#include "dialects/graph/kernels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int64_t dims_product(const int64_t *dims, int from, int to) {
  int64_t n = 1;
  for (int i = from; i < to; i++) n *= dims[i];
  return n;
}

/* ---- split and concat --------------------------------------------------------- */

/* Fills outs[i].dims[a] with the size of chunk i (-1 when the axis is dynamic). */
static int split_sizes(int64_t dim, int a, int nout, const int64_t *sizes, vtc_shape *outs, char *err,
                       size_t errlen) {
  if (sizes) {
    int64_t sum = 0;
    bool overflow = false;
    for (int i = 0; i < nout; i++) {
      if (sizes[i] < 0) return vtc_errorf(err, errlen, "split sizes must be non-negative");
      sum = vtc_dim_add(sum, outs[i].dims[a] = sizes[i], &overflow);
    }
    if (overflow) return vtc_errorf(err, errlen, "split sizes overflow");
    if (dim >= 0 && sum != dim)
      return vtc_errorf(err, errlen, "split sizes add up to %lld, the axis has %lld", (long long)sum, (long long)dim);
    return 0;
  }
  int64_t chunk = dim < 0 ? -1 : dim / nout + (dim % nout != 0);
  for (int i = 0; i < nout; i++) outs[i].dims[a] = chunk;
  if (dim < 0) return 0;
  bool overflow = false;
  int64_t last = dim - vtc_dim_mul(chunk, nout - 1, &overflow);
  if (last < 0 || overflow)
    return vtc_errorf(err, errlen, "cannot split %lld into %d chunks of %lld", (long long)dim, nout, (long long)chunk);
  outs[nout - 1].dims[a] = last;
  return 0;
}

int vtc_shape_split(const vtc_shape *x, int64_t axis, int nout, const int64_t *sizes_or_null, vtc_shape *outs,
                    char *err, size_t errlen) {
  int a;
  if (nout < 1) return vtc_errorf(err, errlen, "split needs at least one output");
  if (vtc_normalize_axis(NULL, axis, x->rank, &a, err, errlen)) return -1;
  for (int i = 0; i < nout; i++) outs[i] = *x;
  return split_sizes(x->dims[a], a, nout, sizes_or_null, outs, err, errlen);
}

/* Copies x's chunk [offset, offset + out->dims[a]) along axis a into out. */
static void copy_chunk(const vtc_tensor *x, int a, int64_t offset, vtc_tensor *out) {
  int64_t outer = dims_product(x->dims, 0, a), inner = dims_product(x->dims, a + 1, x->rank);
  int64_t len = out->dims[a];
  size_t size = vtc_dtype_size(x->dtype);
  for (int64_t o = 0; o < outer; o++)
    memcpy(vtc_tensor_elem(out, o * len * inner), vtc_tensor_elem(x, (o * x->dims[a] + offset) * inner),
           (size_t)(len * inner) * size);
}

int vtc_kernel_split(const vtc_tensor *x, int64_t axis, int nout, const int64_t *sizes_or_null,
                     vtc_tensor *outs, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x);
  char msg[256];
  if (nout < 1) return vtc_errorf(err, errlen, "split: needs at least one output");
  vtc_shape *os = malloc(sizeof *os * (size_t)nout);
  if (!os) return vtc_errorf(err, errlen, "split: out of memory");
  int rc = vtc_shape_split(&xs, axis, nout, sizes_or_null, os, msg, sizeof msg);
  if (rc) vtc_errorf(err, errlen, "split: %s", msg);
  int a = (int)(axis < 0 ? axis + x->rank : axis);
  int64_t offset = 0;
  for (int i = 0; !rc && i < nout; i++) {
    rc = vtc_kernel_alloc("split", &outs[i], x->dtype, &os[i], err, errlen);
    if (rc) {
      while (i-- > 0) vtc_tensor_free(&outs[i]);
      break;
    }
    copy_chunk(x, a, offset, &outs[i]);
    offset += os[i].dims[a];
  }
  free(os);
  return rc;
}

int vtc_shape_concat(int nin, const vtc_shape *ins, int64_t axis, vtc_shape *out, char *err, size_t errlen) {
  return vtc_shape_concat_checks(nin, ins, axis, out, err, errlen, NULL);
}

/* Input i's dim d against the size so far (input 0's at run time). */
static int concat_check(const vtc_shape *ins, int i, int d, int64_t so_far, char *err, size_t errlen,
                        const vtc_shape_sink *sink) {
  int64_t v = ins[i].dims[d], first = ins[0].dims[d];
  bool fails = so_far >= 0 && v >= 0 && so_far != v, deferred = (v < 0 || first < 0) && sink;
  if (!fails && !deferred) return 0;
  vtc_shape_check c;
  vtc_shape_check_begin(&c, sink, VTC_CHECK_EQ);
  vtc_shape_check_factor(&c, false, i, d, v);
  vtc_shape_check_factor(&c, true, 0, d, first);
  vtc_shape_check_text(&c, "input %d has size ", i);
  vtc_shape_check_dim(&c, i, d, v);
  vtc_shape_check_text(&c, " in dimension %d, expected ", d);
  vtc_shape_check_dim(&c, 0, d, fails ? so_far : first);
  return vtc_shape_check_end(&c, fails, err, errlen);
}

int vtc_shape_concat_checks(int nin, const vtc_shape *ins, int64_t axis, vtc_shape *out, char *err, size_t errlen,
                            const vtc_shape_sink *sink) {
  int a;
  if (nin < 1) return vtc_errorf(err, errlen, "concat needs at least one input");
  if (vtc_normalize_axis(NULL, axis, ins[0].rank, &a, err, errlen)) return -1;
  vtc_shape r = ins[0];
  bool overflow = false;
  for (int i = 1; i < nin; i++) {
    if (ins[i].rank != r.rank) return vtc_errorf(err, errlen, "input %d has rank %d, input 0 has %d", i, ins[i].rank, r.rank);
    for (int d = 0; d < r.rank; d++) {
      int64_t v = ins[i].dims[d];
      if (d == a)
        r.dims[d] = v < 0 ? -1 : vtc_dim_add(r.dims[d], v, &overflow);
      else if (concat_check(ins, i, d, r.dims[d], err, errlen, sink))
        return -1;
      else if (r.dims[d] < 0)
        r.dims[d] = v;
    }
  }
  if (overflow) return vtc_errorf(err, errlen, "the concatenated dimension overflows");
  *out = r;
  return 0;
}

static int concat_shape(int nin, const vtc_tensor *const *ins, int64_t axis, vtc_shape *os, char *err,
                        size_t errlen) {
  vtc_shape *shapes = malloc(sizeof *shapes * (size_t)nin);
  if (!shapes) return vtc_errorf(err, errlen, "concat: out of memory");
  for (int i = 0; i < nin; i++) shapes[i] = vtc_tensor_shape(ins[i]);
  char msg[256];
  int rc = vtc_shape_concat(nin, shapes, axis, os, msg, sizeof msg);
  free(shapes);
  return rc ? vtc_errorf(err, errlen, "concat: %s", msg) : 0;
}

int vtc_kernel_concat(int nin, const vtc_tensor *const *ins, int64_t axis, vtc_tensor *out, char *err,
                      size_t errlen) {
  if (nin < 1) return vtc_errorf(err, errlen, "concat: needs at least one input");
  for (int i = 1; i < nin; i++)
    if (vtc_check_same_dtype("concat", ins[0], "an input", ins[i], err, errlen)) return -1;
  vtc_shape os;
  if (concat_shape(nin, ins, axis, &os, err, errlen)) return -1;
  if (vtc_kernel_alloc("concat", out, ins[0]->dtype, &os, err, errlen)) return -1;
  int a = (int)(axis < 0 ? axis + os.rank : axis);
  int64_t outer = dims_product(os.dims, 0, a), inner = dims_product(os.dims, a + 1, os.rank), o_off = 0;
  size_t size = vtc_dtype_size(out->dtype);
  for (int64_t o = 0; o < outer; o++)
    for (int i = 0; i < nin; i++) {
      int64_t block = ins[i]->dims[a] * inner;
      memcpy(vtc_tensor_elem(out, o_off), vtc_tensor_elem(ins[i], o * block), (size_t)block * size);
      o_off += block;
    }
  return 0;
}

/* ---- slice ------------------------------------------------------------------- */

/* ONNX Slice's clamping for one axis of known size: first index and count. */
static void slice_axis(int64_t dim, int64_t start, int64_t end, int64_t step, int64_t *first, int64_t *count) {
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  if (step > 0) {
    start = start < 0 ? 0 : start > dim ? dim : start;
    end = end < 0 ? 0 : end > dim ? dim : end;
    *count = end > start ? (end - start - 1) / step + 1 : 0;
  } else {
    start = start < 0 ? 0 : start > dim - 1 ? dim - 1 : start;
    end = end < -1 ? -1 : end > dim - 1 ? dim - 1 : end;
    *count = (dim > 0 && start > end) ? (start - end - 1) / -step + 1 : 0;
  }
  *first = start;
}

typedef struct slice_plan {
  int64_t first[VTC_MAX_RANK], step[VTC_MAX_RANK];
} slice_plan;

/* Resolves the attributes into a first index and step per axis and the output shape. */
static int plan_slice(const vtc_shape *x, const vtc_slice_attrs *a, slice_plan *p, vtc_shape *out, char *err,
                      size_t errlen) {
  bool seen[VTC_MAX_RANK] = {false};
  *out = *x;
  for (int d = 0; d < x->rank; d++) p->first[d] = 0, p->step[d] = 1;
  if (a->n < 0 || (a->n > 0 && (!a->starts || !a->ends))) return vtc_errorf(err, errlen, "invalid starts/ends");
  for (int i = 0; i < a->n; i++) {
    int ax;
    int64_t step = a->steps ? a->steps[i] : 1;
    if (vtc_normalize_axis(NULL, a->axes ? a->axes[i] : i, x->rank, &ax, err, errlen)) return -1;
    if (seen[ax]) return vtc_errorf(err, errlen, "axis %d is sliced twice", ax);
    if (step == 0 || step == INT64_MIN) return vtc_errorf(err, errlen, "step %lld is invalid", (long long)step);
    seen[ax] = true;
    p->step[ax] = step;
    if (x->dims[ax] < 0)
      out->dims[ax] = -1;
    else
      slice_axis(x->dims[ax], a->starts[i], a->ends[i], step, &p->first[ax], &out->dims[ax]);
  }
  return 0;
}

int vtc_shape_slice(const vtc_shape *x, const vtc_slice_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  slice_plan p;
  return plan_slice(x, a, &p, out, err, errlen);
}

typedef struct slice_map {
  int rank;
  int64_t first[VTC_MAX_RANK], step[VTC_MAX_RANK], strides[VTC_MAX_RANK];
} slice_map;

static int64_t map_slice(const void *ctx, const int64_t *idx) {
  const slice_map *m = ctx;
  int64_t off = 0;
  for (int d = 0; d < m->rank; d++) off += (m->first[d] + idx[d] * m->step[d]) * m->strides[d];
  return off;
}

int vtc_kernel_slice(const vtc_tensor *x, const vtc_slice_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  slice_plan p;
  char msg[256];
  if (plan_slice(&xs, a, &p, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "slice: %s", msg);
  if (vtc_kernel_alloc("slice", out, x->dtype, &os, err, errlen)) return -1;
  slice_map m = {.rank = xs.rank};
  memcpy(m.first, p.first, sizeof m.first);
  memcpy(m.step, p.step, sizeof m.step);
  vtc_shape_strides(&xs, m.strides);
  vtc_copy_by_map(x, out, map_slice, &m, 0);
  return 0;
}

/* ---- gather ------------------------------------------------------------------ */

int vtc_shape_gather(const vtc_shape *data, const vtc_shape *indices, int64_t axis, vtc_shape *out, char *err,
                     size_t errlen) {
  int a;
  if (vtc_normalize_axis(NULL, axis, data->rank, &a, err, errlen)) return -1;
  int rank = data->rank - 1 + indices->rank;
  if (rank > VTC_MAX_RANK) return vtc_errorf(err, errlen, "result rank %d exceeds %d", rank, VTC_MAX_RANK);
  vtc_shape r = {.rank = rank};
  memcpy(r.dims, data->dims, sizeof(int64_t) * (size_t)a);
  memcpy(r.dims + a, indices->dims, sizeof(int64_t) * (size_t)indices->rank);
  memcpy(r.dims + a + indices->rank, data->dims + a + 1, sizeof(int64_t) * (size_t)(data->rank - a - 1));
  *out = r;
  return 0;
}

/* An index into a dim of size `dim`, negative counting from the end. */
static int resolve_index(const char *op, int64_t i, int64_t dim, int64_t *out, char *err, size_t errlen) {
  if (i < -dim || i >= dim) {
    char *m = vtc_check_format(VTC_INDEX_RANGE_MESSAGE, (const int64_t[]){i, dim}, 2);
    vtc_errorf(err, errlen, "%s: %s", op, m);
    free(m);
    return -1;
  }
  *out = i < 0 ? i + dim : i;
  return 0;
}

typedef struct gather_map {
  const vtc_tensor *indices;
  int axis, qrank, drank;
  int64_t dim;
  int64_t data_strides[VTC_MAX_RANK], index_strides[VTC_MAX_RANK];
} gather_map;

/* out[p..., i..., s...] = data[p..., indices[i...], s...]; indices were
 * checked before the copy. */
static int64_t map_gather(const void *ctx, const int64_t *idx) {
  const gather_map *m = ctx;
  int64_t at = 0, off = 0;
  for (int d = 0; d < m->qrank; d++) at += idx[m->axis + d] * m->index_strides[d];
  int64_t i = vtc_tensor_get_i64(m->indices, at);
  if (i < 0) i += m->dim;
  for (int d = 0; d < m->axis; d++) off += idx[d] * m->data_strides[d];
  off += i * m->data_strides[m->axis];
  for (int d = m->axis + 1; d < m->drank; d++) off += idx[d - 1 + m->qrank] * m->data_strides[d];
  return off;
}

static int check_indices(const char *op, const vtc_tensor *indices, int64_t dim, char *err, size_t errlen) {
  if (vtc_check_dtype(op, "the indices", indices->dtype, VTC_DTYPES_INT, err, errlen)) return -1;
  int64_t n = vtc_tensor_numel(indices), unused;
  for (int64_t i = 0; i < n; i++)
    if (resolve_index(op, vtc_tensor_get_i64(indices, i), dim, &unused, err, errlen)) return -1;
  return 0;
}

int vtc_kernel_gather(const vtc_tensor *data, const vtc_tensor *indices, int64_t axis, vtc_tensor *out, char *err,
                      size_t errlen) {
  vtc_shape ds = vtc_tensor_shape(data), is = vtc_tensor_shape(indices), os;
  char msg[256];
  if (vtc_shape_gather(&ds, &is, axis, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "gather: %s", msg);
  gather_map m = {.indices = indices, .axis = (int)(axis < 0 ? axis + ds.rank : axis), .qrank = is.rank,
                  .drank = ds.rank};
  m.dim = ds.dims[m.axis];
  if (check_indices("gather", indices, m.dim, err, errlen)) return -1;
  if (vtc_kernel_alloc("gather", out, data->dtype, &os, err, errlen)) return -1;
  vtc_shape_strides(&ds, m.data_strides);
  vtc_shape_strides(&is, m.index_strides);
  vtc_copy_by_map(data, out, map_gather, &m, 0);
  return 0;
}

/* ---- scatter_nd ---------------------------------------------------------------- */

int vtc_shape_scatter_nd(const vtc_shape *data, const vtc_shape *indices, const vtc_shape *updates,
                         vtc_shape *out, char *err, size_t errlen) {
  if (data->rank < 1 || indices->rank < 1) return vtc_errorf(err, errlen, "data and indices need rank 1 or more");
  int64_t k = indices->dims[indices->rank - 1];
  if (k >= 0) {
    if (k < 1 || k > data->rank)
      return vtc_errorf(err, errlen, "index tuples of length %lld do not fit data of rank %d", (long long)k, data->rank);
    vtc_shape want = {.rank = indices->rank - 1 + data->rank - (int)k};
    memcpy(want.dims, indices->dims, sizeof(int64_t) * (size_t)(indices->rank - 1));
    memcpy(want.dims + indices->rank - 1, data->dims + k, sizeof(int64_t) * (size_t)(data->rank - k));
    bool ok = updates->rank == want.rank;
    for (int i = 0; ok && i < want.rank; i++)
      ok = want.dims[i] < 0 || updates->dims[i] < 0 || want.dims[i] == updates->dims[i];
    char ws[200], us[200];
    vtc_format_shape(&want, ws, sizeof ws);
    vtc_format_shape(updates, us, sizeof us);
    if (!ok) return vtc_errorf(err, errlen, "updates have shape %s, expected %s", us, ws);
  }
  *out = *data;
  return 0;
}

static double scatter_add(double a, double b) { return a + b; }
static double scatter_mul(double a, double b) { return a * b; }
static double scatter_max(double a, double b) { return (a != a || b != b) ? NAN : a > b ? a : b; }
static double scatter_min(double a, double b) { return (a != a || b != b) ? NAN : a < b ? a : b; }

/* NULL for none: the update's bytes replace the element. */
static double (*const SCATTER[VTC_SCATTER_REDUCTION_COUNT])(double, double) = {
    [VTC_SCATTER_NONE] = NULL, [VTC_SCATTER_ADD] = scatter_add, [VTC_SCATTER_MUL] = scatter_mul,
    [VTC_SCATTER_MAX] = scatter_max, [VTC_SCATTER_MIN] = scatter_min,
};

/* Flat offset in data of the index tuple number u. */
static int scatter_base(const vtc_tensor *data, const vtc_tensor *indices, int64_t u, int64_t k, int64_t *base,
                        char *err, size_t errlen) {
  vtc_shape ds = vtc_tensor_shape(data);
  int64_t strides[VTC_MAX_RANK], i = 0;
  vtc_shape_strides(&ds, strides);
  *base = 0;
  for (int64_t t = 0; t < k; t++) {
    if (resolve_index("scatter_nd", vtc_tensor_get_i64(indices, u * k + t), ds.dims[t], &i, err, errlen)) return -1;
    *base += i * strides[t];
  }
  return 0;
}

static int scatter_apply(const vtc_tensor *indices, const vtc_tensor *updates, vtc_scatter_reduction red,
                         vtc_tensor *out, char *err, size_t errlen) {
  int64_t k = indices->dims[indices->rank - 1];
  int64_t nupd = dims_product(indices->dims, 0, indices->rank - 1);
  int64_t slice = dims_product(out->dims, (int)k, out->rank), base;
  size_t size = vtc_dtype_size(out->dtype);
  for (int64_t u = 0; u < nupd; u++) {
    if (scatter_base(out, indices, u, k, &base, err, errlen)) return -1;
    for (int64_t s = 0; s < slice; s++) {
      if (!SCATTER[red]) {
        memcpy(vtc_tensor_elem(out, base + s), vtc_tensor_elem(updates, u * slice + s), size);
        continue;
      }
      double v = SCATTER[red](vtc_tensor_get_f64(out, base + s), vtc_tensor_get_f64(updates, u * slice + s));
      vtc_tensor_set_f64(out, base + s, v);
    }
  }
  return 0;
}

int vtc_kernel_scatter_nd(const vtc_tensor *data, const vtc_tensor *indices, const vtc_tensor *updates,
                          vtc_scatter_reduction reduction, vtc_tensor *out, char *err, size_t errlen) {
  if ((unsigned)reduction >= VTC_SCATTER_REDUCTION_COUNT)
    return vtc_errorf(err, errlen, "scatter_nd: invalid reduction");
  if (vtc_check_dtype("scatter_nd", "the indices", indices->dtype, VTC_DTYPES_INT, err, errlen) ||
      vtc_check_same_dtype("scatter_nd", data, "the updates", updates, err, errlen))
    return -1;
  vtc_shape ds = vtc_tensor_shape(data), is = vtc_tensor_shape(indices), us = vtc_tensor_shape(updates), os;
  char msg[256];
  if (vtc_shape_scatter_nd(&ds, &is, &us, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "scatter_nd: %s", msg);
  if (vtc_kernel_clone("scatter_nd", data, out, err, errlen)) return -1;
  if (scatter_apply(indices, updates, reduction, out, err, errlen)) {
    vtc_tensor_free(out);
    return -1;
  }
  return 0;
}

/* ---- pad ------------------------------------------------------------------------ */

/* Pads beyond 2^61 could overflow index arithmetic and never fit in memory. */
#define PAD_LIMIT (INT64_C(1) << 61)

typedef struct pad_map {
  vtc_pad_mode mode;
  int rank;
  int64_t begin[VTC_MAX_RANK], dims[VTC_MAX_RANK], strides[VTC_MAX_RANK];
} pad_map;

static int plan_pad(const vtc_shape *x, const vtc_pad_attrs *a, pad_map *m, vtc_shape *out, char *err,
                    size_t errlen) {
  int naxes = a->axes ? a->naxes : x->rank;
  if ((unsigned)a->mode >= VTC_PAD_MODE_COUNT) return vtc_errorf(err, errlen, "invalid mode");
  if (a->npads != 2 * naxes || naxes < 0)
    return vtc_errorf(err, errlen, "pads has %d entries, expected %d", a->npads, 2 * naxes);
  int64_t end[VTC_MAX_RANK] = {0};
  bool seen[VTC_MAX_RANK] = {false};
  *m = (pad_map){.mode = a->mode, .rank = x->rank};
  for (int i = 0; i < 2 * naxes; i++)
    if (a->pads[i] < -PAD_LIMIT || a->pads[i] > PAD_LIMIT)
      return vtc_errorf(err, errlen, "pad %lld is out of range", (long long)a->pads[i]);
  for (int i = 0; i < naxes; i++) {
    int ax = i;
    if (a->axes && vtc_normalize_axis(NULL, a->axes[i], x->rank, &ax, err, errlen)) return -1;
    if (seen[ax]) return vtc_errorf(err, errlen, "axis %d is padded twice", ax);
    seen[ax] = true;
    m->begin[ax] = a->pads[i];
    end[ax] = a->pads[naxes + i];
  }
  *out = *x;
  bool overflow = false;
  for (int d = 0; d < x->rank; d++) {
    m->dims[d] = x->dims[d];
    if (x->dims[d] < 0) continue;
    out->dims[d] = vtc_dim_add(x->dims[d], m->begin[d] + end[d], &overflow); /* |pads| <= 2^61 */
    if (overflow) return vtc_errorf(err, errlen, "padded dimension %d overflows", d);
    if (out->dims[d] < 0) return vtc_errorf(err, errlen, "pads crop dimension %d below zero", d);
    if (a->mode != VTC_PAD_CONSTANT && x->dims[d] == 0 && out->dims[d] > 0)
      return vtc_errorf(err, errlen, "cannot pad an empty dimension in %s mode",
                        a->mode == VTC_PAD_EDGE ? "edge" : a->mode == VTC_PAD_WRAP ? "wrap" : "reflect");
  }
  return 0;
}

int vtc_shape_pad(const vtc_shape *x, const vtc_pad_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  pad_map m;
  return plan_pad(x, a, &m, out, err, errlen);
}

/* Where input index i (outside [0, dim)) reads from; -1 for the constant. */
static int64_t pad_source(vtc_pad_mode mode, int64_t i, int64_t dim) {
  if (mode == VTC_PAD_CONSTANT) return -1;
  if (mode == VTC_PAD_EDGE) return i < 0 ? 0 : dim - 1;
  if (mode == VTC_PAD_WRAP) return ((i % dim) + dim) % dim;
  if (dim == 1) return 0;
  int64_t period = 2 * (dim - 1), r = ((i % period) + period) % period; /* reflect: a triangle wave */
  return r < dim ? r : period - r;
}

static int64_t map_pad(const void *ctx, const int64_t *idx) {
  const pad_map *m = ctx;
  int64_t off = 0;
  for (int d = 0; d < m->rank; d++) {
    int64_t i = idx[d] - m->begin[d];
    if (i < 0 || i >= m->dims[d]) i = pad_source(m->mode, i, m->dims[d]);
    if (i < 0) return -1;
    off += i * m->strides[d];
  }
  return off;
}

int vtc_kernel_pad(const vtc_tensor *x, const vtc_pad_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  pad_map m;
  char msg[256];
  if (plan_pad(&xs, a, &m, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "pad: %s", msg);
  if (vtc_kernel_alloc("pad", out, x->dtype, &os, err, errlen)) return -1;
  vtc_shape_strides(&xs, m.strides);
  vtc_copy_by_map(x, out, map_pad, &m, a->value);
  return 0;
}
