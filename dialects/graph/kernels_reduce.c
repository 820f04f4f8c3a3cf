/* Reference kernels that reduce along axes: reduce_sum/mean/max/min,
 * softmax, layer_norm, rms_norm and scaled dot-product attention, with their
 * shape rules. Two-pass (mean, then variance) and max-subtracted softmax, all
 * in double, so the reference is as accurate as double allows. */
#include "dialects/graph/kernels.h"

#include <math.h>
#include <stdlib.h>

/* Product of dims [from, to). */
static int64_t dims_product(const int64_t *dims, int from, int to) {
  int64_t n = 1;
  for (int i = from; i < to; i++) n *= dims[i];
  return n;
}

/* ---- reductions --------------------------------------------------------- */

static int reduced_axes(const vtc_shape *x, const vtc_reduce_attrs *a, bool *reduced, char *err,
                        size_t errlen) {
  for (int i = 0; i < x->rank; i++) reduced[i] = a->naxes == 0 && !a->noop_with_empty_axes;
  for (int i = 0; i < a->naxes; i++) {
    int axis;
    if (vtc_normalize_axis(NULL, a->axes[i], x->rank, &axis, err, errlen)) return -1;
    if (reduced[axis]) return vtc_errorf(err, errlen, "axis %lld is listed twice", (long long)a->axes[i]);
    reduced[axis] = true;
  }
  return 0;
}

int vtc_shape_reduce(const vtc_shape *x, const vtc_reduce_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  bool reduced[VTC_MAX_RANK];
  if (a->naxes < 0 || (a->naxes > 0 && !a->axes)) return vtc_errorf(err, errlen, "invalid axes");
  if (reduced_axes(x, a, reduced, err, errlen)) return -1;
  vtc_shape r = {0};
  for (int i = 0; i < x->rank; i++) {
    if (!reduced[i])
      r.dims[r.rank++] = x->dims[i];
    else if (a->keepdims)
      r.dims[r.rank++] = 1;
  }
  *out = r;
  return 0;
}

static double combine_sum(double acc, double v) { return acc + v; }
static double combine_max(double acc, double v) { return (acc != acc || v != v) ? NAN : acc > v ? acc : v; }
static double combine_min(double acc, double v) { return (acc != acc || v != v) ? NAN : acc < v ? acc : v; }
static double combine_prod(double acc, double v) { return acc * v; }

typedef struct reduce_def {
  const char *kernel; /* for messages */
  double (*combine)(double acc, double v);
  double init;
  unsigned dtypes;
} reduce_def;

static const reduce_def REDUCE[VTC_REDUCE_COUNT] = {
    [VTC_REDUCE_SUM] = {"reduce_sum", combine_sum, 0.0, VTC_DTYPES_NUMERIC},
    [VTC_REDUCE_MEAN] = {"reduce_mean", combine_sum, 0.0, VTC_DTYPES_NUMERIC},
    [VTC_REDUCE_MAX] = {"reduce_max", combine_max, -INFINITY, VTC_DTYPES_ALL},
    [VTC_REDUCE_MIN] = {"reduce_min", combine_min, INFINITY, VTC_DTYPES_ALL},
    [VTC_REDUCE_PROD] = {"reduce_prod", combine_prod, 1.0, VTC_DTYPES_NUMERIC},
};

/* Accumulates every input element into its output slot: the output index
 * is the input index with reduced dims set to 0, in the keepdims shape. */
static void reduce_into(vtc_reduce_op op, const vtc_tensor *x, const bool *reduced, double *acc) {
  vtc_shape xs = vtc_tensor_shape(x), ks = xs;
  for (int i = 0; i < xs.rank; i++)
    if (reduced[i]) ks.dims[i] = 1;
  int64_t kstrides[VTC_MAX_RANK], idx[VTC_MAX_RANK], n = vtc_tensor_numel(x);
  vtc_shape_strides(&ks, kstrides);
  for (int64_t f = 0; f < n; f++) {
    vtc_unravel_index(f, &xs, idx);
    int64_t o = 0;
    for (int i = 0; i < xs.rank; i++) o += reduced[i] ? 0 : idx[i] * kstrides[i];
    acc[o] = REDUCE[op].combine(acc[o], vtc_tensor_get_f64(x, f));
  }
}

int vtc_kernel_reduce(vtc_reduce_op op, const vtc_tensor *x, const vtc_reduce_attrs *a, vtc_tensor *out,
                      char *err, size_t errlen) {
  if ((unsigned)op >= VTC_REDUCE_COUNT) return vtc_errorf(err, errlen, "reduce: invalid op %d", (int)op);
  const char *name = REDUCE[op].kernel;
  if (vtc_check_dtype(name, "the operand", x->dtype, REDUCE[op].dtypes, err, errlen)) return -1;
  vtc_shape xs = vtc_tensor_shape(x), os;
  bool reduced[VTC_MAX_RANK];
  char msg[256];
  if (vtc_shape_reduce(&xs, a, &os, msg, sizeof msg)) return vtc_errorf(err, errlen, "%s: %s", name, msg);
  reduced_axes(&xs, a, reduced, NULL, 0);
  bool any = false;
  for (int i = 0; i < xs.rank; i++) any |= reduced[i];
  if (!any) return vtc_kernel_clone(name, x, out, err, errlen); /* exact, even for large i64 */
  int64_t nout = vtc_shape_numel(&os);
  /* The output first: it checks the size, which may overflow when a
   * reduced dim is empty (tensor<?x0xf32> with ? bound to 2^62); calloc
   * checks the accumulators' byte count too. */
  if (vtc_kernel_alloc(name, out, x->dtype, &os, err, errlen)) return -1;
  double *acc = vtc_alloc_fits((uint64_t)nout, sizeof(double)) ? calloc(nout ? (size_t)nout : 1, sizeof(double)) : NULL;
  if (!acc) {
    vtc_tensor_free(out);
    return vtc_errorf(err, errlen, "%s: out of memory", name);
  }
  for (int64_t o = 0; o < nout; o++) acc[o] = REDUCE[op].init;
  reduce_into(op, x, reduced, acc);
  int64_t count = 1;
  for (int i = 0; i < xs.rank; i++) count *= reduced[i] ? xs.dims[i] : 1;
  for (int64_t o = 0; o < nout; o++) {
    double v = op == VTC_REDUCE_MEAN ? acc[o] / (double)count : acc[o];
    /* An empty max or min saturates to the type's limits; i1's are false
     * and true (storing -inf as i1 would give true, as any non-zero). */
    if (x->dtype == VTC_I1 && isinf(v)) v = v > 0;
    vtc_tensor_set_f64(out, o, v);
  }
  free(acc);
  return 0;
}

/* ---- softmax -------------------------------------------------------------- */

int vtc_kernel_softmax(const vtc_tensor *x, int64_t axis, vtc_tensor *out, char *err, size_t errlen) {
  int ax;
  if (vtc_check_dtype("softmax", "the operand", x->dtype, VTC_DTYPES_FLOAT, err, errlen) ||
      vtc_normalize_axis("softmax", axis, x->rank, &ax, err, errlen) ||
      vtc_kernel_clone("softmax", x, out, err, errlen))
    return -1;
  int64_t outer = dims_product(x->dims, 0, ax), len = x->dims[ax];
  int64_t inner = dims_product(x->dims, ax + 1, x->rank);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i;
      double max = -INFINITY, sum = 0;
      for (int64_t k = 0; k < len; k++) max = fmax(max, vtc_tensor_get_f64(x, base + k * inner));
      for (int64_t k = 0; k < len; k++) sum += exp(vtc_tensor_get_f64(x, base + k * inner) - max);
      for (int64_t k = 0; k < len; k++)
        vtc_tensor_set_f64(out, base + k * inner, exp(vtc_tensor_get_f64(x, base + k * inner) - max) / sum);
    }
  return 0;
}

/* ---- layer_norm and rms_norm ----------------------------------------------- */

/* p broadcasts to x without changing x's shape (ONNX unidirectional). */
static int check_unidirectional(const vtc_shape *x, const vtc_shape *p, const char *what, char *err,
                                size_t errlen) {
  bool ok = p->rank <= x->rank;
  for (int i = 0; ok && i < p->rank; i++) {
    int64_t pd = p->dims[i], xd = x->dims[x->rank - p->rank + i];
    ok = pd == 1 || pd < 0 || xd < 0 || pd == xd;
  }
  if (ok) return 0;
  char ps[200], xs[200];
  vtc_format_shape(p, ps, sizeof ps);
  vtc_format_shape(x, xs, sizeof xs);
  return vtc_errorf(err, errlen, "%s shape %s does not broadcast to the input shape %s", what, ps, xs);
}

int vtc_shape_norm(const vtc_shape *x, const vtc_shape *scale, const vtc_shape *bias_or_null,
                   const vtc_norm_attrs *a, vtc_shape *out, char *err, size_t errlen) {
  if (a->axis < -x->rank || a->axis >= x->rank)
    return vtc_errorf(err, errlen, "axis %lld is out of range for rank %d", (long long)a->axis, x->rank);
  if (check_unidirectional(x, scale, "scale", err, errlen)) return -1;
  if (bias_or_null && check_unidirectional(x, bias_or_null, "bias", err, errlen)) return -1;
  *out = *x;
  return 0;
}

typedef struct norm_job {
  const vtc_tensor *x, *scale, *bias;
  bool rms;
  double epsilon;
  int64_t scale_strides[VTC_MAX_RANK], bias_strides[VTC_MAX_RANK];
} norm_job;

static double param_at(const vtc_tensor *p, const int64_t *strides, const int64_t *idx, int rank) {
  int64_t off = 0;
  for (int i = 0; i < rank; i++) off += idx[i] * strides[i];
  return vtc_tensor_get_f64(p, off);
}

/* Normalises x[base, base + len) into out. */
static void normalize_row(const norm_job *j, int64_t base, int64_t len, vtc_tensor *out) {
  double mean = 0, var = 0;
  for (int64_t k = 0; k < len; k++) mean += vtc_tensor_get_f64(j->x, base + k);
  mean = j->rms ? 0.0 : mean / (double)len;
  for (int64_t k = 0; k < len; k++) {
    double d = vtc_tensor_get_f64(j->x, base + k) - mean;
    var += d * d;
  }
  double inv = 1.0 / sqrt(var / (double)len + j->epsilon);
  vtc_shape xs = vtc_tensor_shape(j->x);
  int64_t idx[VTC_MAX_RANK];
  for (int64_t k = 0; k < len; k++) {
    vtc_unravel_index(base + k, &xs, idx);
    double y = (vtc_tensor_get_f64(j->x, base + k) - mean) * inv;
    y *= param_at(j->scale, j->scale_strides, idx, xs.rank);
    if (j->bias) y += param_at(j->bias, j->bias_strides, idx, xs.rank);
    vtc_tensor_set_f64(out, base + k, y);
  }
}

static int run_norm(const char *name, const vtc_tensor *x, const vtc_tensor *scale, const vtc_tensor *bias,
                    const vtc_norm_attrs *a, bool rms, vtc_tensor *out, char *err, size_t errlen) {
  if (vtc_check_dtype(name, "the input", x->dtype, VTC_DTYPES_FLOAT, err, errlen) ||
      vtc_check_same_dtype(name, x, "the scale", scale, err, errlen) ||
      (bias && vtc_check_same_dtype(name, x, "the bias", bias, err, errlen)))
    return -1;
  vtc_shape xs = vtc_tensor_shape(x), ss = vtc_tensor_shape(scale), bs, os;
  if (bias) bs = vtc_tensor_shape(bias);
  char msg[256];
  if (vtc_shape_norm(&xs, &ss, bias ? &bs : NULL, a, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "%s: %s", name, msg);
  if (vtc_kernel_alloc(name, out, x->dtype, &os, err, errlen)) return -1;
  norm_job j = {.x = x, .scale = scale, .bias = bias, .rms = rms, .epsilon = a->epsilon};
  vtc_broadcast_strides(&ss, &xs, j.scale_strides);
  if (bias) vtc_broadcast_strides(&bs, &xs, j.bias_strides);
  int axis = (int)(a->axis < 0 ? a->axis + x->rank : a->axis);
  int64_t outer = dims_product(x->dims, 0, axis), len = dims_product(x->dims, axis, x->rank);
  for (int64_t o = 0; o < outer; o++) normalize_row(&j, o * len, len, out);
  return 0;
}

int vtc_kernel_layer_norm(const vtc_tensor *x, const vtc_tensor *scale, const vtc_tensor *bias_or_null,
                          const vtc_norm_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  return run_norm("layer_norm", x, scale, bias_or_null, a, false, out, err, errlen);
}

int vtc_kernel_rms_norm(const vtc_tensor *x, const vtc_tensor *scale, const vtc_norm_attrs *a,
                        vtc_tensor *out, char *err, size_t errlen) {
  return run_norm("rms_norm", x, scale, NULL, a, true, out, err, errlen);
}

/* ---- attention -------------------------------------------------------------- */

/* Two known dims that must agree; dynamic ones pass. */
static bool dims_agree(int64_t a, int64_t b) { return a < 0 || b < 0 || a == b; }

int vtc_shape_attention(const vtc_shape *q, const vtc_shape *k, const vtc_shape *v, vtc_shape *out,
                        char *err, size_t errlen) {
  if (q->rank != 4 || k->rank != 4 || v->rank != 4)
    return vtc_errorf(err, errlen, "q, k and v must have rank 4 ([batch, heads, seq, dim])");
  if (!dims_agree(q->dims[0], k->dims[0]) || !dims_agree(k->dims[0], v->dims[0]))
    return vtc_errorf(err, errlen, "q, k and v batch sizes differ");
  if (!dims_agree(k->dims[1], v->dims[1]) || !dims_agree(k->dims[2], v->dims[2]))
    return vtc_errorf(err, errlen, "k and v must have the same heads and sequence length");
  if (!dims_agree(q->dims[3], k->dims[3])) return vtc_errorf(err, errlen, "q and k head sizes differ");
  int64_t hq = q->dims[1], hkv = k->dims[1] >= 0 ? k->dims[1] : v->dims[1];
  if (hkv == 0 || (hq >= 0 && hkv > 0 && hq % hkv != 0))
    return vtc_errorf(err, errlen, "%lld query heads are not a multiple of %lld kv heads", (long long)hq,
                      (long long)hkv);
  *out = (vtc_shape){.rank = 4, .dims = {q->dims[0] >= 0 ? q->dims[0] : k->dims[0], hq, q->dims[2], v->dims[3]}};
  return 0;
}

typedef struct attention_job {
  const vtc_tensor *q, *k, *v;
  int64_t hq, hkv, sq, skv, d, dv;
  double scale;
  bool causal;
  double *p; /* skv scratch probabilities */
} attention_job;

/* out[b, h, i, :] for one query row. */
static void attention_row(const attention_job *j, int64_t b, int64_t h, int64_t i, vtc_tensor *out) {
  int64_t hk = h / (j->hq / j->hkv);
  int64_t visible = j->causal ? i + j->skv - j->sq + 1 : j->skv;
  if (visible > j->skv) visible = j->skv;
  int64_t qbase = ((b * j->hq + h) * j->sq + i) * j->d, kvrow = (b * j->hkv + hk) * j->skv;
  int64_t obase = ((b * j->hq + h) * j->sq + i) * j->dv;
  double max = -INFINITY, sum = 0;
  for (int64_t t = 0; t < visible; t++) {
    double s = 0;
    for (int64_t c = 0; c < j->d; c++)
      s += vtc_tensor_get_f64(j->q, qbase + c) * vtc_tensor_get_f64(j->k, (kvrow + t) * j->d + c);
    j->p[t] = s * j->scale;
    max = fmax(max, j->p[t]);
  }
  for (int64_t t = 0; t < visible; t++) sum += (j->p[t] = exp(j->p[t] - max));
  for (int64_t c = 0; c < j->dv; c++) {
    double acc = 0;
    for (int64_t t = 0; t < visible; t++) acc += j->p[t] * vtc_tensor_get_f64(j->v, (kvrow + t) * j->dv + c);
    vtc_tensor_set_f64(out, obase + c, visible > 0 ? acc / sum : 0.0);
  }
}

int vtc_kernel_attention(const vtc_tensor *q, const vtc_tensor *k, const vtc_tensor *v,
                         const vtc_attention_attrs *a, vtc_tensor *out, char *err, size_t errlen) {
  if (vtc_check_dtype("attention", "q", q->dtype, VTC_DTYPES_FLOAT, err, errlen) ||
      vtc_check_same_dtype("attention", q, "k", k, err, errlen) ||
      vtc_check_same_dtype("attention", q, "v", v, err, errlen))
    return -1;
  vtc_shape qs = vtc_tensor_shape(q), ks = vtc_tensor_shape(k), vs = vtc_tensor_shape(v), os;
  char msg[256];
  if (vtc_shape_attention(&qs, &ks, &vs, &os, msg, sizeof msg))
    return vtc_errorf(err, errlen, "attention: %s", msg);
  attention_job j = {.q = q, .k = k, .v = v, .hq = qs.dims[1], .hkv = ks.dims[1], .sq = qs.dims[2],
                     .skv = ks.dims[2], .d = qs.dims[3], .dv = vs.dims[3], .causal = a->causal};
  j.scale = a->has_scale ? a->scale : j.d > 0 ? 1.0 / sqrt((double)j.d) : 1.0;
  /* skv may be huge when D is 0 (the keys are empty). */
  j.p = vtc_alloc_fits((uint64_t)j.skv, sizeof(double)) ? calloc(j.skv ? (size_t)j.skv : 1, sizeof(double)) : NULL;
  if (!j.p) return vtc_errorf(err, errlen, "attention: out of memory");
  if (vtc_kernel_alloc("attention", out, q->dtype, &os, err, errlen)) {
    free(j.p);
    return -1;
  }
  for (int64_t b = 0; b < os.dims[0]; b++)
    for (int64_t h = 0; h < j.hq; h++)
      for (int64_t i = 0; i < j.sq; i++) attention_row(&j, b, h, i, out);
  free(j.p);
  return 0;
}
