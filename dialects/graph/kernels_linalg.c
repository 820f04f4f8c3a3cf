/* Reference matmul (numpy semantics, batched and broadcasting) and conv2d
 * (ONNX Conv on NCHW/OIHW with groups, strides, pads, dilations, auto_pad),
 * with their shape rules. Plain loops, accumulation in double. */
#include "dialects/graph/kernels.h"

#include <string.h>

/* ---- matmul --------------------------------------------------------------- */

/* numpy promotes a 1-D left operand to [1, K] and a 1-D right one to [K, 1]. */
static vtc_shape promote_matmul_operand(const vtc_shape *s, bool left) {
  if (s->rank != 1) return *s;
  vtc_shape p = {.rank = 2};
  p.dims[left ? 0 : 1] = 1;
  p.dims[left ? 1 : 0] = s->dims[0];
  return p;
}

static vtc_shape leading_dims(const vtc_shape *s, int drop) {
  vtc_shape b = {.rank = s->rank - drop};
  memcpy(b.dims, s->dims, sizeof(int64_t) * (size_t)b.rank);
  return b;
}

/* The broadcast batch shape followed by [M, N], before removing promoted dims.
 * ka_axis and kb_axis: where K is in the unpromoted operands (for the sink;
 * the batch dims are the operands' leading ones either way). */
static int matmul_full_shape(const vtc_shape *pa, const vtc_shape *pb, vtc_shape *full, char *err, size_t errlen,
                             const vtc_shape_sink *sink, int ka_axis, int kb_axis) {
  int64_t ka = pa->dims[pa->rank - 1], kb = pb->dims[pb->rank - 2];
  bool fails = ka >= 0 && kb >= 0 && ka != kb;
  if (fails || ((ka < 0 || kb < 0) && sink)) {
    vtc_shape_check c;
    vtc_shape_check_begin(&c, sink, VTC_CHECK_EQ);
    vtc_shape_check_factor(&c, false, 0, ka_axis, ka);
    vtc_shape_check_factor(&c, true, 1, kb_axis, kb);
    vtc_shape_check_text(&c, "contraction dimensions differ: ");
    vtc_shape_check_dim(&c, 0, ka_axis, ka);
    vtc_shape_check_text(&c, " vs ");
    vtc_shape_check_dim(&c, 1, kb_axis, kb);
    if (vtc_shape_check_end(&c, fails, err, errlen)) return -1;
  }
  vtc_shape ba = leading_dims(pa, 2), bb = leading_dims(pb, 2);
  char msg[256];
  vtc_shape_sink batch;
  if (sink) vtc_shape_sink_nested(&batch, sink, "batch dimensions: ", 2, (const int[]){0, 1});
  if (vtc_shape_broadcast_checks(&ba, &bb, full, msg, sizeof msg, sink ? &batch : NULL))
    return vtc_errorf(err, errlen, "batch dimensions: %s", msg);
  full->dims[full->rank++] = pa->dims[pa->rank - 2];
  full->dims[full->rank++] = pb->dims[pb->rank - 1];
  return 0;
}

int vtc_shape_matmul(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen) {
  return vtc_shape_matmul_checks(a, b, out, err, errlen, NULL);
}

int vtc_shape_matmul_checks(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen,
                            const vtc_shape_sink *sink) {
  if (a->rank < 1 || b->rank < 1) return vtc_errorf(err, errlen, "operands must have rank 1 or more");
  vtc_shape pa = promote_matmul_operand(a, true), pb = promote_matmul_operand(b, false), full;
  if (matmul_full_shape(&pa, &pb, &full, err, errlen, sink, a->rank - 1, b->rank == 1 ? 0 : b->rank - 2)) return -1;
  if (b->rank == 1) full.rank--;
  if (a->rank == 1) {
    full.dims[full.rank - (b->rank == 1 ? 1 : 2)] = full.dims[full.rank - 1];
    full.rank--;
  }
  *out = full;
  return 0;
}

typedef struct matmul_plan {
  vtc_shape batch;                    /* broadcast batch shape */
  int64_t a_stride[VTC_MAX_RANK];     /* per batch dim, in elements */
  int64_t b_stride[VTC_MAX_RANK];
  int64_t m, n, k;
} matmul_plan;

static void plan_matmul(const vtc_tensor *a, const vtc_tensor *b, matmul_plan *p) {
  vtc_shape as = vtc_tensor_shape(a), bs = vtc_tensor_shape(b);
  vtc_shape pa = promote_matmul_operand(&as, true), pb = promote_matmul_operand(&bs, false), full;
  matmul_full_shape(&pa, &pb, &full, NULL, 0, NULL, 0, 0); /* already validated */
  p->m = pa.dims[pa.rank - 2];
  p->k = pa.dims[pa.rank - 1];
  p->n = pb.dims[pb.rank - 1];
  p->batch = leading_dims(&full, 2);
  vtc_shape ba = leading_dims(&pa, 2), bb = leading_dims(&pb, 2);
  vtc_broadcast_strides(&ba, &p->batch, p->a_stride);
  vtc_broadcast_strides(&bb, &p->batch, p->b_stride);
  for (int i = 0; i < p->batch.rank; i++) {
    p->a_stride[i] *= p->m * p->k;
    p->b_stride[i] *= p->k * p->n;
  }
}

int vtc_kernel_matmul(const vtc_tensor *a, const vtc_tensor *b, vtc_tensor *out, char *err, size_t errlen) {
  if (vtc_check_dtype("matmul", "the left operand", a->dtype, VTC_DTYPES_NUMERIC, err, errlen) ||
      vtc_check_same_dtype("matmul", a, "the right operand", b, err, errlen))
    return -1;
  vtc_shape as = vtc_tensor_shape(a), bs = vtc_tensor_shape(b), os;
  char msg[256];
  if (vtc_shape_matmul(&as, &bs, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "matmul: %s", msg);
  if (vtc_kernel_alloc("matmul", out, a->dtype, &os, err, errlen)) return -1;
  matmul_plan p;
  plan_matmul(a, b, &p);
  int64_t nbatch = vtc_shape_numel(&p.batch), idx[VTC_MAX_RANK], o = 0;
  for (int64_t bi = 0; bi < nbatch; bi++) {
    vtc_unravel_index(bi, &p.batch, idx);
    int64_t a0 = 0, b0 = 0;
    for (int d = 0; d < p.batch.rank; d++) a0 += idx[d] * p.a_stride[d], b0 += idx[d] * p.b_stride[d];
    for (int64_t i = 0; i < p.m; i++)
      for (int64_t j = 0; j < p.n; j++) {
        double acc = 0;
        for (int64_t k = 0; k < p.k; k++)
          acc += vtc_tensor_get_f64(a, a0 + i * p.k + k) * vtc_tensor_get_f64(b, b0 + k * p.n + j);
        vtc_tensor_set_f64(out, o++, acc);
      }
  }
  return 0;
}

/* ---- conv2d ----------------------------------------------------------------- */

vtc_conv2d_attrs vtc_conv2d_attrs_default(void) {
  return (vtc_conv2d_attrs){.group = 1, .strides = {1, 1}, .dilations = {1, 1},
                            .auto_pad = VTC_AUTO_PAD_NOTSET};
}

static int check_conv_attrs(const vtc_shape *x, const vtc_shape *w, const vtc_conv2d_attrs *a,
                            char *err, size_t errlen) {
  if (x->rank != 4) return vtc_errorf(err, errlen, "input must have rank 4 (NCHW), got %d", x->rank);
  if (w->rank != 4) return vtc_errorf(err, errlen, "weights must have rank 4 (OIHW), got %d", w->rank);
  if (a->group < 1) return vtc_errorf(err, errlen, "group must be positive, got %lld", (long long)a->group);
  for (int i = 0; i < 2; i++) {
    if (a->strides[i] < 1 || a->strides[i] > INT32_MAX) return vtc_errorf(err, errlen, "strides must be in [1, 2^31)");
    if (a->dilations[i] < 1 || a->dilations[i] > INT32_MAX)
      return vtc_errorf(err, errlen, "dilations must be in [1, 2^31)");
    if ((w->dims[2 + i] > INT32_MAX) || (x->dims[2 + i] > INT64_MAX / 4))
      return vtc_errorf(err, errlen, "spatial sizes are too large");
  }
  if ((unsigned)a->auto_pad >= VTC_AUTO_PAD_COUNT) return vtc_errorf(err, errlen, "invalid auto_pad");
  return 0;
}

/* ONNX SAME padding: output ceil(in / stride), total padding split evenly,
 * the odd pixel at the end (SAME_UPPER) or the start (SAME_LOWER). */
static void same_pads(int64_t in, int64_t k, int64_t stride, int64_t dil, bool upper, int64_t *begin,
                      int64_t *end) {
  if (in < 0 || k < 0) {
    *begin = *end = -1;
    return;
  }
  int64_t out = (in + stride - 1) / stride;
  int64_t total = (out - 1) * stride + (k - 1) * dil + 1 - in;
  if (total < 0) total = 0;
  int64_t small = total / 2;
  *begin = upper ? small : total - small;
  *end = total - *begin;
}

int vtc_conv2d_resolve_pads(const vtc_shape *x, const vtc_shape *w, const vtc_conv2d_attrs *a,
                            int64_t pads[4], char *err, size_t errlen) {
  if (check_conv_attrs(x, w, a, err, errlen)) return -1;
  for (int i = 0; i < 2; i++) {
    switch (a->auto_pad) {
      case VTC_AUTO_PAD_VALID:
        pads[i] = pads[i + 2] = 0;
        break;
      case VTC_AUTO_PAD_SAME_UPPER:
      case VTC_AUTO_PAD_SAME_LOWER:
        same_pads(x->dims[2 + i], w->dims[2 + i], a->strides[i], a->dilations[i],
                  a->auto_pad == VTC_AUTO_PAD_SAME_UPPER, &pads[i], &pads[i + 2]);
        break;
      default:
        if (a->pads[i] < 0 || a->pads[i + 2] < 0 || a->pads[i] > INT64_MAX / 4 || a->pads[i + 2] > INT64_MAX / 4)
          return vtc_errorf(err, errlen, "pads must be in [0, 2^61]");
        pads[i] = a->pads[i];
        pads[i + 2] = a->pads[i + 2];
    }
  }
  return 0;
}

static int check_conv_channels(const vtc_shape *x, const vtc_shape *w, const vtc_shape *bias,
                               int64_t group, char *err, size_t errlen) {
  int64_t c = x->dims[1], m = w->dims[0], cg = w->dims[1];
  /* c == cg * group, in a form that cannot overflow */
  if (c >= 0 && cg >= 0 && (cg == 0 ? c != 0 : (c % cg != 0 || c / cg != group)))
    return vtc_errorf(err, errlen, "input has %lld channels but weights expect %lld x group %lld",
                      (long long)c, (long long)cg, (long long)group);
  if (m >= 0 && m % group != 0)
    return vtc_errorf(err, errlen, "%lld output channels do not divide into %lld groups", (long long)m,
                      (long long)group);
  if (bias && (bias->rank != 1 || (bias->dims[0] >= 0 && m >= 0 && bias->dims[0] != m)))
    return vtc_errorf(err, errlen, "bias must have shape [%lld]", (long long)m);
  return 0;
}

int vtc_shape_conv2d(const vtc_shape *x, const vtc_shape *w, const vtc_shape *bias_or_null,
                     const vtc_conv2d_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  int64_t pads[4];
  if (vtc_conv2d_resolve_pads(x, w, a, pads, err, errlen)) return -1;
  if (check_conv_channels(x, w, bias_or_null, a->group, err, errlen)) return -1;
  vtc_shape r = {.rank = 4, .dims = {x->dims[0], w->dims[0]}};
  for (int i = 0; i < 2; i++) {
    int64_t in = x->dims[2 + i], k = w->dims[2 + i];
    if (in < 0 || k < 0 || pads[i] < 0) {
      r.dims[2 + i] = -1;
      continue;
    }
    int64_t span = in + pads[i] + pads[i + 2] - ((k - 1) * a->dilations[i] + 1);
    if (span < 0)
      return vtc_errorf(err, errlen, "kernel %s %lld (dilated) exceeds the padded input", i ? "width" : "height",
                        (long long)k);
    r.dims[2 + i] = span / a->strides[i] + 1;
  }
  *out = r;
  return 0;
}

typedef struct conv_plan {
  const vtc_tensor *x, *w, *bias;
  int64_t pads[4], strides[2], dil[2];
  int64_t c, h, wd;        /* input channels and spatial size */
  int64_t cg, kh, kw;      /* weight channels per group, kernel size */
  int64_t m_per_group;
} conv_plan;

/* One output element: out[n, m, oh, ow]. */
static double conv_point(const conv_plan *p, int64_t n, int64_t m, int64_t oh, int64_t ow) {
  double acc = p->bias ? vtc_tensor_get_f64(p->bias, m) : 0.0;
  int64_t c0 = (m / p->m_per_group) * p->cg;
  for (int64_t c = 0; c < p->cg; c++)
    for (int64_t i = 0; i < p->kh; i++) {
      int64_t ih = oh * p->strides[0] - p->pads[0] + i * p->dil[0];
      if (ih < 0 || ih >= p->h) continue;
      for (int64_t j = 0; j < p->kw; j++) {
        int64_t iw = ow * p->strides[1] - p->pads[1] + j * p->dil[1];
        if (iw < 0 || iw >= p->wd) continue;
        double xv = vtc_tensor_get_f64(p->x, ((n * p->c + c0 + c) * p->h + ih) * p->wd + iw);
        double wv = vtc_tensor_get_f64(p->w, ((m * p->cg + c) * p->kh + i) * p->kw + j);
        acc += xv * wv;
      }
    }
  return acc;
}

static int conv_prepare(const vtc_tensor *x, const vtc_tensor *w, const vtc_tensor *bias,
                        const vtc_conv2d_attrs *a, vtc_shape *os, conv_plan *p, char *err, size_t errlen) {
  if (vtc_check_dtype("conv2d", "the input", x->dtype, VTC_DTYPES_FLOAT, err, errlen) ||
      vtc_check_same_dtype("conv2d", x, "the weight", w, err, errlen) ||
      (bias && vtc_check_same_dtype("conv2d", x, "the bias", bias, err, errlen)))
    return -1;
  vtc_shape xs = vtc_tensor_shape(x), ws = vtc_tensor_shape(w), bs;
  if (bias) bs = vtc_tensor_shape(bias);
  char msg[256];
  if (vtc_shape_conv2d(&xs, &ws, bias ? &bs : NULL, a, os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "conv2d: %s", msg);
  *p = (conv_plan){.x = x, .w = w, .bias = bias, .c = xs.dims[1], .h = xs.dims[2], .wd = xs.dims[3],
                   .cg = ws.dims[1], .kh = ws.dims[2], .kw = ws.dims[3],
                   .m_per_group = ws.dims[0] / a->group,
                   .strides = {a->strides[0], a->strides[1]}, .dil = {a->dilations[0], a->dilations[1]}};
  return vtc_conv2d_resolve_pads(&xs, &ws, a, p->pads, err, errlen); /* cannot fail: checked above */
}

int vtc_kernel_conv2d(const vtc_tensor *x, const vtc_tensor *w, const vtc_tensor *bias_or_null,
                      const vtc_conv2d_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  vtc_shape os;
  conv_plan p;
  if (conv_prepare(x, w, bias_or_null, a, &os, &p, err, errlen)) return -1;
  if (vtc_kernel_alloc("conv2d", out, x->dtype, &os, err, errlen)) return -1;
  int64_t o = 0;
  for (int64_t n = 0; n < os.dims[0]; n++)
    for (int64_t m = 0; m < os.dims[1]; m++)
      for (int64_t oh = 0; oh < os.dims[2]; oh++)
        for (int64_t ow = 0; ow < os.dims[3]; ow++) vtc_tensor_set_f64(out, o++, conv_point(&p, n, m, oh, ow));
  return 0;
}
