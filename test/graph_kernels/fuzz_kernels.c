/* Robustness test: calls every graph kernel with random small shapes, dtypes
 * and attributes (often invalid) and checks the contract: no crash (run it
 * under ASan/UBSan), success leaves an allocated output, failure leaves a
 * message and an empty output. Usage: fuzz_kernels [ITERATIONS] [SEED]. */
#include "dialects/graph/kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Huge shapes are legal inputs; their allocation must fail cleanly (calloc
 * returning NULL) rather than abort inside ASan. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

static uint64_t rng = 88172645463325252u;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static int64_t between(int64_t lo, int64_t hi) { return lo + (int64_t)(next() % (uint64_t)(hi - lo + 1)); }

enum { POOL = 4, NATTR = 8 };

typedef struct world {
  vtc_tensor t[POOL]; /* random inputs */
  vtc_tensor idx;     /* random integer indices */
  int64_t ints[NATTR], ints2[NATTR], ints3[NATTR], ints4[NATTR];
  int n;
} world;

/* kind: 0 any dtype, 1 an index dtype, 2 f32. */
static void random_tensor(vtc_tensor *t, int kind) {
  int rank = (int)between(0, 4);
  int64_t dims[4];
  for (int i = 0; i < rank; i++) dims[i] = between(0, 4);
  vtc_dtype dt = kind == 1 ? (next() % 2 ? VTC_I32 : VTC_I64)
                 : kind == 2 ? VTC_F32
                             : (vtc_dtype)between(0, VTC_DTYPE_COUNT - 1);
  if (vtc_tensor_create(t, dt, rank, dims, NULL, 0)) abort();
  for (int64_t i = 0; i < vtc_tensor_numel(t); i++) vtc_tensor_set_f64(t, i, (double)between(-5, 5));
}

static void random_ints(int64_t *v) {
  for (int i = 0; i < NATTR; i++) v[i] = next() % 16 == 0 ? (next() % 2 ? INT64_MAX : INT64_MIN) : between(-4, 5);
}

static int failures;
static long successes, calls;

/* Checks the contract after one call. */
static void check(const char *op, int rc, vtc_tensor *outs, int nout, const char *err) {
  calls++;
  successes += rc == 0;
  for (int i = 0; i < nout; i++) {
    bool has = outs[i].data != NULL;
    if (rc == 0 && !has) fprintf(stderr, "%s: success without output %d\n", op, i), failures++;
    if (rc != 0 && has) fprintf(stderr, "%s: failure left output %d allocated\n", op, i), failures++;
    vtc_tensor_free(&outs[i]);
  }
  if (rc != 0 && (strncmp(err, op, strlen(op)) != 0 || err[strlen(op)] != ':'))
    fprintf(stderr, "%s: message does not name the op: %s\n", op, err), failures++;
}

#define RUN(op, call)                      \
  do {                                     \
    vtc_tensor o_[1] = {{0}};              \
    vtc_tensor *out = o_;                  \
    err[0] = 0;                            \
    int rc_ = (call);                      \
    check(op, rc_, o_, 1, err);            \
  } while (0)

static void fuzz_compute(world *w, char *err, size_t errlen) {
  vtc_tensor *a = &w->t[0], *b = &w->t[1], *c = &w->t[2];
  RUN(vtc_unary_op_name((vtc_unary_op)(w->n % VTC_UNARY_COUNT)),
      vtc_kernel_unary((vtc_unary_op)(w->n % VTC_UNARY_COUNT), a, out, err, errlen));
  RUN(vtc_binary_op_name((vtc_binary_op)(w->n % VTC_BINARY_COUNT)),
      vtc_kernel_binary((vtc_binary_op)(w->n % VTC_BINARY_COUNT), a, b, out, err, errlen));
  RUN("where", vtc_kernel_where(a, b, c, out, err, errlen));
  RUN("cast", vtc_kernel_cast(a, (vtc_dtype)(w->n % VTC_DTYPE_COUNT), out, err, errlen));
  RUN("matmul", vtc_kernel_matmul(a, b, out, err, errlen));
  vtc_conv2d_attrs ca = {.group = w->ints[0], .strides = {w->ints[1], w->ints[2]},
                         .pads = {w->ints[3], w->ints[4], w->ints[5], w->ints[6]},
                         .dilations = {w->ints2[0], w->ints2[1]}, .auto_pad = (vtc_auto_pad)(w->n % 4)};
  RUN("conv2d", vtc_kernel_conv2d(a, b, w->n % 2 ? c : NULL, &ca, out, err, errlen));
  RUN("softmax", vtc_kernel_softmax(a, w->ints[0], out, err, errlen));
  vtc_norm_attrs na = {.axis = w->ints[1], .epsilon = 1e-5};
  RUN("layer_norm", vtc_kernel_layer_norm(a, b, w->n % 2 ? c : NULL, &na, out, err, errlen));
  RUN("rms_norm", vtc_kernel_rms_norm(a, b, &na, out, err, errlen));
  vtc_reduce_attrs ra = {.naxes = (int)between(0, 3), .axes = w->ints, .keepdims = w->n % 2,
                         .noop_with_empty_axes = w->n % 3 == 0};
  vtc_reduce_op rop = (vtc_reduce_op)(w->n % VTC_REDUCE_COUNT);
  char rname[32];
  snprintf(rname, sizeof rname, "reduce_%s", vtc_reduce_op_name(rop));
  RUN(rname, vtc_kernel_reduce(rop, a, &ra, out, err, errlen));
  vtc_attention_attrs aa = {.causal = w->n % 2, .has_scale = w->n % 3 == 0, .scale = 0.5};
  RUN("attention", vtc_kernel_attention(a, b, c, &aa, out, err, errlen));
}

static void fuzz_movement(world *w, char *err, size_t errlen) {
  vtc_tensor *a = &w->t[0], *b = &w->t[1], *c = &w->t[2];
  int n = (int)between(0, 4);
  RUN("reshape", vtc_kernel_reshape(a, n, w->ints, w->n % 2, out, err, errlen));
  RUN("transpose", vtc_kernel_transpose(a, n, w->n % 3 ? w->ints : NULL, out, err, errlen));
  RUN("squeeze", vtc_kernel_squeeze(a, n, w->n % 2 ? w->ints : NULL, out, err, errlen));
  RUN("unsqueeze", vtc_kernel_unsqueeze(a, n, w->ints, out, err, errlen));
  RUN("flatten", vtc_kernel_flatten(a, w->ints[0], out, err, errlen));
  RUN("expand", vtc_kernel_expand(a, n, w->ints, out, err, errlen));
  RUN("tile", vtc_kernel_tile(a, n, w->ints, out, err, errlen));
  RUN("depth_to_space", vtc_kernel_depth_to_space(a, w->ints[0], (vtc_d2s_mode)(w->n % 2), out, err, errlen));
  RUN("space_to_depth", vtc_kernel_space_to_depth(a, w->ints[0], out, err, errlen));
  vtc_slice_attrs sa = {.n = n, .starts = w->ints, .ends = w->ints2, .axes = w->n % 2 ? w->ints3 : NULL,
                        .steps = w->n % 3 ? w->ints4 : NULL};
  RUN("slice", vtc_kernel_slice(a, &sa, out, err, errlen));
  RUN("gather", vtc_kernel_gather(a, &w->idx, w->ints[0], out, err, errlen));
  RUN("scatter_nd", vtc_kernel_scatter_nd(a, &w->idx, b, (vtc_scatter_reduction)(w->n % 5), out, err, errlen));
  vtc_pad_attrs pa = {.mode = (vtc_pad_mode)(w->n % 4), .npads = 2 * n, .pads = w->ints2, .naxes = n,
                      .axes = w->n % 2 ? w->ints3 : NULL, .value = 1.5};
  if (!pa.axes) pa.npads = 2 * a->rank;
  RUN("pad", vtc_kernel_pad(a, &pa, out, err, errlen));
  const vtc_tensor *ins[3] = {a, b, c};
  RUN("concat", vtc_kernel_concat((int)between(1, 3), ins, w->ints[0], out, err, errlen));
  vtc_tensor outs[3] = {{0}};
  int nout = (int)between(1, 3);
  int rc = vtc_kernel_split(a, w->ints[0], nout, w->n % 2 ? w->ints2 : NULL, outs, err, errlen);
  check("split", rc, outs, nout, err);
}

int main(int argc, char **argv) {
  long iterations = argc > 1 ? atol(argv[1]) : 20000;
  if (argc > 2) rng ^= (uint64_t)atoll(argv[2]) * 0x9e3779b97f4a7c15u;
  char err[512];
  for (long it = 0; it < iterations; it++) {
    world w = {.n = (int)between(0, 1000)};
    /* two thirds of the time all f32, so that more calls get past dtype checks */
    for (int i = 0; i < POOL; i++) random_tensor(&w.t[i], it % 3 ? 2 : 0);
    random_tensor(&w.idx, 1);
    random_ints(w.ints), random_ints(w.ints2), random_ints(w.ints3), random_ints(w.ints4);
    fuzz_compute(&w, err, sizeof err);
    fuzz_movement(&w, err, sizeof err);
    for (int i = 0; i < POOL; i++) vtc_tensor_free(&w.t[i]);
    vtc_tensor_free(&w.idx);
  }
  printf("%ld iterations, %ld calls (%ld succeeded), %d contract failures\n", iterations, calls, successes,
         failures);
  return failures != 0;
}
