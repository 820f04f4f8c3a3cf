/* Reference data-movement kernels that rearrange a whole tensor: identity,
 * reshape, squeeze, unsqueeze, flatten (bytes copied as they are), and
 * transpose, expand, tile, depth_to_space, space_to_depth (an output-index to
 * input-index map, the same view the graph dialect's mapping interface has). */
#include "dialects/graph/kernels.h"

#include <string.h>

/* Product of dims [from, to) of a shape: 0 if one is 0, -1 if one is dynamic. */
static int64_t span_product(const vtc_shape *s, int from, int to, bool *overflow) {
  vtc_shape part = {.rank = to - from};
  memcpy(part.dims, s->dims + from, sizeof(int64_t) * (size_t)part.rank);
  return vtc_shape_numel_checked(&part, overflow);
}

/* Same bytes, new shape (already checked to hold as many elements). */
static int copy_reshaped(const char *op, const vtc_tensor *x, const vtc_shape *s, vtc_tensor *out, char *err,
                         size_t errlen) {
  if (vtc_kernel_alloc(op, out, x->dtype, s, err, errlen)) return -1;
  memcpy(out->data, x->data, vtc_tensor_nbytes(x));
  return 0;
}

int vtc_kernel_identity(const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen) {
  return vtc_kernel_clone("identity", x, out, err, errlen);
}

/* ---- reshape -------------------------------------------------------------- */

/* The shape with 0s copied (unless allowzero; `copied` marks them) and the
 * -1 position noted. */
static int reshape_literal(const vtc_shape *x, int nshape, const int64_t *shape, bool allowzero,
                           vtc_shape *r, bool *copied, int *infer, char *err, size_t errlen) {
  bool has_zero = false;
  *infer = -1;
  r->rank = nshape;
  for (int i = 0; i < nshape; i++) {
    int64_t v = shape[i];
    copied[i] = v == 0 && !allowzero;
    if (v < -1) return vtc_errorf(err, errlen, "shape entry %lld is invalid", (long long)v);
    if (v == -1 && *infer >= 0) return vtc_errorf(err, errlen, "shape has more than one -1");
    if (v == -1) *infer = i;
    if (copied[i] && i >= x->rank)
      return vtc_errorf(err, errlen, "shape entry %d is 0 but the input has rank %d", i, x->rank);
    has_zero |= v == 0 && allowzero;
    r->dims[i] = copied[i] ? x->dims[i] : v;
  }
  if (has_zero && *infer >= 0) return vtc_errorf(err, errlen, "allowzero shape has both 0 and -1");
  return 0;
}

/* Product of the dims not marked in `skip` (numel rules: 0 wins, then -1). */
static int64_t product_except(const vtc_shape *s, const bool *skip, bool *overflow) {
  vtc_shape rest = {0};
  for (int i = 0; i < s->rank; i++)
    if (!skip[i]) rest.dims[rest.rank++] = s->dims[i];
  return vtc_shape_numel_checked(&rest, overflow);
}

/* Dims copied by 0 appear on both sides and cancel, so [?, 2, 3] reshaped
 * to [0, -1] is [?, 6] even though the element count is unknown. */
int vtc_shape_reshape(const vtc_shape *x, int nshape, const int64_t *shape, bool allowzero,
                      vtc_shape *out, char *err, size_t errlen) {
  return vtc_shape_reshape_checks(x, nshape, shape, allowzero, out, err, errlen, NULL);
}

/* The element-count check of a reshape: the input's dims not copied against
 * the literal entries (a multiple of them with a -1). */
static int reshape_count_check(const vtc_shape *x, const vtc_shape *r, const bool *copied, int infer, int64_t in,
                               int64_t rest, char *err, size_t errlen, const vtc_shape_sink *sink) {
  bool fails = infer >= 0 ? (in >= 0 && rest > 0 && in % rest != 0) : (in >= 0 && rest >= 0 && in != rest);
  if (!fails && !(in < 0 && sink)) return 0;
  vtc_shape_check c;
  vtc_shape_check_begin(&c, sink, infer >= 0 ? VTC_CHECK_DIVISIBLE : VTC_CHECK_EQ);
  for (int k = 0; k < x->rank; k++)
    if (!(k < r->rank && copied[k])) vtc_shape_check_factor(&c, false, 0, k, x->dims[k]);
  vtc_shape_check_factor(&c, true, -1, 0, rest);
  vtc_shape_check_text(&c, "cannot reshape ");
  vtc_shape_check_shape(&c, 0, x);
  vtc_shape_check_text(&c, " into [");
  for (int k = 0; k < r->rank; k++) {
    if (k) vtc_shape_check_text(&c, ",");
    if (copied[k]) vtc_shape_check_dim(&c, 0, k, r->dims[k]);
    else if (k == infer) vtc_shape_check_text(&c, "?");
    else vtc_shape_check_dim(&c, -1, 0, r->dims[k]);
  }
  vtc_shape_check_text(&c, "]");
  return vtc_shape_check_end(&c, fails, err, errlen);
}

int vtc_shape_reshape_checks(const vtc_shape *x, int nshape, const int64_t *shape, bool allowzero, vtc_shape *out,
                             char *err, size_t errlen, const vtc_shape_sink *sink) {
  if (nshape < 0 || nshape > VTC_MAX_RANK)
    return vtc_errorf(err, errlen, "shape has %d entries; at most %d are supported", nshape, VTC_MAX_RANK);
  vtc_shape r;
  bool copied[VTC_MAX_RANK] = {false}, skip_out[VTC_MAX_RANK], skip_in[VTC_MAX_RANK] = {false};
  int infer;
  if (reshape_literal(x, nshape, shape, allowzero, &r, copied, &infer, err, errlen)) return -1;
  for (int i = 0; i < nshape; i++) skip_out[i] = skip_in[i] = copied[i];
  if (infer >= 0) skip_out[infer] = true;
  bool overflow = false;
  int64_t in = product_except(x, skip_in, &overflow), rest = product_except(&r, skip_out, &overflow);
  if (overflow) return vtc_errorf(err, errlen, "the element count overflows int64");
  if (infer >= 0 && rest == 0) return vtc_errorf(err, errlen, "cannot infer -1 next to a zero-sized dimension");
  if (reshape_count_check(x, &r, copied, infer, in, rest, err, errlen, sink)) return -1;
  if (infer >= 0) r.dims[infer] = (in >= 0 && rest > 0) ? in / rest : -1;
  *out = r;
  return 0;
}

int vtc_kernel_reshape(const vtc_tensor *x, int nshape, const int64_t *shape, bool allowzero,
                       vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_reshape(&xs, nshape, shape, allowzero, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "reshape: %s", msg);
  return copy_reshaped("reshape", x, &os, out, err, errlen);
}

/* ---- squeeze, unsqueeze, flatten --------------------------------------------- */

int vtc_shape_squeeze(const vtc_shape *x, int naxes, const int64_t *axes_or_null, vtc_shape *out,
                      char *err, size_t errlen) {
  bool drop[VTC_MAX_RANK] = {false};
  for (int i = 0; !axes_or_null && i < x->rank; i++) {
    if (x->dims[i] < 0) return vtc_errorf(err, errlen, "dimension %d is dynamic: list the axes to squeeze", i);
    drop[i] = x->dims[i] == 1;
  }
  for (int i = 0; axes_or_null && i < naxes; i++) {
    int a;
    if (vtc_normalize_axis(NULL, axes_or_null[i], x->rank, &a, err, errlen)) return -1;
    if (drop[a]) return vtc_errorf(err, errlen, "axis %lld is listed twice", (long long)axes_or_null[i]);
    if (x->dims[a] >= 0 && x->dims[a] != 1)
      return vtc_errorf(err, errlen, "cannot squeeze axis %d of size %lld", a, (long long)x->dims[a]);
    drop[a] = true;
  }
  vtc_shape r = {0};
  for (int i = 0; i < x->rank; i++)
    if (!drop[i]) r.dims[r.rank++] = x->dims[i];
  *out = r;
  return 0;
}

int vtc_shape_unsqueeze(const vtc_shape *x, int naxes, const int64_t *axes, vtc_shape *out, char *err,
                        size_t errlen) {
  int rank = x->rank + naxes;
  if (naxes < 0 || rank > VTC_MAX_RANK)
    return vtc_errorf(err, errlen, "result rank %d exceeds %d", rank, VTC_MAX_RANK);
  bool inserted[VTC_MAX_RANK] = {false};
  for (int i = 0; i < naxes; i++) {
    int a;
    if (vtc_normalize_axis(NULL, axes[i], rank, &a, err, errlen)) return -1;
    if (inserted[a]) return vtc_errorf(err, errlen, "axis %lld is listed twice", (long long)axes[i]);
    inserted[a] = true;
  }
  vtc_shape r = {.rank = rank};
  for (int i = 0, j = 0; i < rank; i++) r.dims[i] = inserted[i] ? 1 : x->dims[j++];
  *out = r;
  return 0;
}

int vtc_shape_flatten(const vtc_shape *x, int64_t axis, vtc_shape *out, char *err, size_t errlen) {
  if (axis < -x->rank || axis > x->rank)
    return vtc_errorf(err, errlen, "axis %lld is out of range [-%d, %d]", (long long)axis, x->rank, x->rank);
  int a = (int)(axis < 0 ? axis + x->rank : axis);
  bool overflow = false;
  *out = (vtc_shape){.rank = 2, .dims = {span_product(x, 0, a, &overflow), span_product(x, a, x->rank, &overflow)}};
  return overflow ? vtc_errorf(err, errlen, "a flattened dimension overflows int64") : 0;
}

int vtc_kernel_squeeze(const vtc_tensor *x, int naxes, const int64_t *axes_or_null, vtc_tensor *out,
                       char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_squeeze(&xs, naxes, axes_or_null, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "squeeze: %s", msg);
  return copy_reshaped("squeeze", x, &os, out, err, errlen);
}

int vtc_kernel_unsqueeze(const vtc_tensor *x, int naxes, const int64_t *axes, vtc_tensor *out, char *err,
                         size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_unsqueeze(&xs, naxes, axes, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "unsqueeze: %s", msg);
  return copy_reshaped("unsqueeze", x, &os, out, err, errlen);
}

int vtc_kernel_flatten(const vtc_tensor *x, int64_t axis, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_flatten(&xs, axis, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "flatten: %s", msg);
  return copy_reshaped("flatten", x, &os, out, err, errlen);
}

/* ---- transpose ---------------------------------------------------------------- */

int vtc_shape_transpose(const vtc_shape *x, int nperm, const int64_t *perm, vtc_shape *out, char *err,
                        size_t errlen) {
  vtc_shape r = {.rank = x->rank};
  if (!perm || nperm == 0) {
    for (int i = 0; i < x->rank; i++) r.dims[i] = x->dims[x->rank - 1 - i];
    *out = r;
    return 0;
  }
  if (nperm != x->rank) return vtc_errorf(err, errlen, "perm has %d entries for rank %d", nperm, x->rank);
  bool used[VTC_MAX_RANK] = {false};
  for (int i = 0; i < nperm; i++) {
    if (perm[i] < 0 || perm[i] >= x->rank || used[perm[i]])
      return vtc_errorf(err, errlen, "perm is not a permutation of 0..%d", x->rank - 1);
    used[perm[i]] = true;
    r.dims[i] = x->dims[perm[i]];
  }
  *out = r;
  return 0;
}

/* Input strides permuted into output order: in = sum out_idx[d] * strides[d]. */
typedef struct strided_map {
  int rank;
  int64_t strides[VTC_MAX_RANK];
} strided_map;

static int64_t map_strided(const void *ctx, const int64_t *idx) {
  const strided_map *m = ctx;
  int64_t off = 0;
  for (int d = 0; d < m->rank; d++) off += idx[d] * m->strides[d];
  return off;
}

int vtc_kernel_transpose(const vtc_tensor *x, int nperm, const int64_t *perm, vtc_tensor *out, char *err,
                         size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_transpose(&xs, nperm, perm, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "transpose: %s", msg);
  if (vtc_kernel_alloc("transpose", out, x->dtype, &os, err, errlen)) return -1;
  int64_t in_strides[VTC_MAX_RANK];
  vtc_shape_strides(&xs, in_strides);
  strided_map m = {.rank = os.rank};
  for (int d = 0; d < os.rank; d++) m.strides[d] = in_strides[(perm && nperm) ? perm[d] : os.rank - 1 - d];
  vtc_copy_by_map(x, out, map_strided, &m, 0);
  return 0;
}

/* ---- expand and tile ----------------------------------------------------------- */

int vtc_kernel_expand(const vtc_tensor *x, int nshape, const int64_t *shape, vtc_tensor *out, char *err,
                      size_t errlen) {
  if (nshape < 0 || nshape > VTC_MAX_RANK)
    return vtc_errorf(err, errlen, "expand: shape has %d entries; at most %d are supported", nshape, VTC_MAX_RANK);
  vtc_shape xs = vtc_tensor_shape(x), ts = {.rank = nshape}, os;
  for (int i = 0; i < nshape; i++) {
    if (shape[i] < 0) return vtc_errorf(err, errlen, "expand: shape entry %lld is negative", (long long)shape[i]);
    ts.dims[i] = shape[i];
  }
  char msg[256];
  if (vtc_shape_broadcast(&xs, &ts, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "expand: %s", msg);
  if (vtc_kernel_alloc("expand", out, x->dtype, &os, err, errlen)) return -1;
  strided_map m = {.rank = os.rank};
  vtc_broadcast_strides(&xs, &os, m.strides);
  vtc_copy_by_map(x, out, map_strided, &m, 0);
  return 0;
}

int vtc_shape_tile(const vtc_shape *x, int nrepeats, const int64_t *repeats, vtc_shape *out, char *err,
                   size_t errlen) {
  if (nrepeats != x->rank)
    return vtc_errorf(err, errlen, "repeats has %d entries for rank %d", nrepeats, x->rank);
  vtc_shape r = {.rank = x->rank};
  bool overflow = false;
  for (int i = 0; i < x->rank; i++) {
    if (repeats[i] < 0) return vtc_errorf(err, errlen, "repeats must be non-negative");
    r.dims[i] = vtc_dim_mul(x->dims[i], repeats[i], &overflow);
  }
  if (overflow) return vtc_errorf(err, errlen, "the tiled shape overflows");
  *out = r;
  return 0;
}

typedef struct tile_map {
  vtc_shape in;
  int64_t strides[VTC_MAX_RANK];
} tile_map;

static int64_t map_tile(const void *ctx, const int64_t *idx) {
  const tile_map *m = ctx;
  int64_t off = 0;
  for (int d = 0; d < m->in.rank; d++) off += (idx[d] % m->in.dims[d]) * m->strides[d];
  return off;
}

int vtc_kernel_tile(const vtc_tensor *x, int nrepeats, const int64_t *repeats, vtc_tensor *out, char *err,
                    size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_tile(&xs, nrepeats, repeats, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "tile: %s", msg);
  if (vtc_kernel_alloc("tile", out, x->dtype, &os, err, errlen)) return -1;
  tile_map m = {.in = xs};
  vtc_shape_strides(&xs, m.strides);
  vtc_copy_by_map(x, out, map_tile, &m, 0);
  return 0;
}

/* ---- depth_to_space and space_to_depth ----------------------------------------- */

/* A block side beyond 2^31 could not be squared in int64 (nor be useful). */
static int check_blocks(const vtc_shape *x, int64_t b, char *err, size_t errlen) {
  if (x->rank != 4) return vtc_errorf(err, errlen, "input must have rank 4 (NCHW), got %d", x->rank);
  if (b < 1 || b > INT32_MAX) return vtc_errorf(err, errlen, "blocksize %lld is out of range", (long long)b);
  return 0;
}

static int64_t shrink_dim(int64_t d, int64_t b) { return d < 0 ? -1 : d / b; }

int vtc_shape_depth_to_space(const vtc_shape *x, int64_t b, vtc_shape *out, char *err, size_t errlen) {
  if (check_blocks(x, b, err, errlen)) return -1;
  if (x->dims[1] >= 0 && x->dims[1] % (b * b) != 0)
    return vtc_errorf(err, errlen, "%lld channels are not a multiple of blocksize^2 = %lld", (long long)x->dims[1],
                      (long long)(b * b));
  bool overflow = false;
  *out = (vtc_shape){.rank = 4, .dims = {x->dims[0], shrink_dim(x->dims[1], b * b), vtc_dim_mul(x->dims[2], b, &overflow),
                                          vtc_dim_mul(x->dims[3], b, &overflow)}};
  return overflow ? vtc_errorf(err, errlen, "the output shape overflows") : 0;
}

int vtc_shape_space_to_depth(const vtc_shape *x, int64_t b, vtc_shape *out, char *err, size_t errlen) {
  if (check_blocks(x, b, err, errlen)) return -1;
  for (int i = 2; i < 4; i++)
    if (x->dims[i] >= 0 && x->dims[i] % b != 0)
      return vtc_errorf(err, errlen, "%s %lld is not a multiple of blocksize %lld", i == 2 ? "height" : "width",
                        (long long)x->dims[i], (long long)b);
  bool overflow = false;
  *out = (vtc_shape){.rank = 4, .dims = {x->dims[0], vtc_dim_mul(x->dims[1], b * b, &overflow),
                                          shrink_dim(x->dims[2], b), shrink_dim(x->dims[3], b)}};
  return overflow ? vtc_errorf(err, errlen, "the output shape overflows") : 0;
}

typedef struct block_map {
  int64_t c, h, w; /* input channels, height, width */
  int64_t b;
  vtc_d2s_mode mode;
} block_map;

/* out[n, c, h*b + i, w*b + j] = in[n, channel, h, w] where channel is
 * (i*b + j) * C_out + c for DCR and c * b*b + i*b + j for CRD. */
static int64_t map_depth_to_space(const void *ctx, const int64_t *idx) {
  const block_map *m = ctx;
  int64_t b = m->b, cout = m->c / (b * b);
  int64_t i = idx[2] % b, j = idx[3] % b;
  int64_t ch = m->mode == VTC_D2S_DCR ? (i * b + j) * cout + idx[1] : idx[1] * b * b + i * b + j;
  return ((idx[0] * m->c + ch) * m->h + idx[2] / b) * m->w + idx[3] / b;
}

/* out[n, (i*b + j) * C + c, h, w] = in[n, c, h*b + i, w*b + j]. */
static int64_t map_space_to_depth(const void *ctx, const int64_t *idx) {
  const block_map *m = ctx;
  int64_t block = idx[1] / m->c, c = idx[1] % m->c;
  int64_t ih = idx[2] * m->b + block / m->b, iw = idx[3] * m->b + block % m->b;
  return ((idx[0] * m->c + c) * m->h + ih) * m->w + iw;
}

int vtc_kernel_depth_to_space(const vtc_tensor *x, int64_t blocksize, vtc_d2s_mode mode, vtc_tensor *out,
                              char *err, size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if ((unsigned)mode >= VTC_D2S_MODE_COUNT) return vtc_errorf(err, errlen, "depth_to_space: invalid mode");
  if (vtc_shape_depth_to_space(&xs, blocksize, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "depth_to_space: %s", msg);
  if (vtc_kernel_alloc("depth_to_space", out, x->dtype, &os, err, errlen)) return -1;
  block_map m = {.c = xs.dims[1], .h = xs.dims[2], .w = xs.dims[3], .b = blocksize, .mode = mode};
  vtc_copy_by_map(x, out, map_depth_to_space, &m, 0);
  return 0;
}

int vtc_kernel_space_to_depth(const vtc_tensor *x, int64_t blocksize, vtc_tensor *out, char *err,
                              size_t errlen) {
  vtc_shape xs = vtc_tensor_shape(x), os;
  char msg[256];
  if (vtc_shape_space_to_depth(&xs, blocksize, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "space_to_depth: %s", msg);
  if (vtc_kernel_alloc("space_to_depth", out, x->dtype, &os, err, errlen)) return -1;
  block_map m = {.c = xs.dims[1], .h = xs.dims[2], .w = xs.dims[3], .b = blocksize};
  vtc_copy_by_map(x, out, map_space_to_depth, &m, 0);
  return 0;
}
