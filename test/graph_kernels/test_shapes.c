/* Unit tests of the shape helpers in dialects/graph/kernels.h with dynamic
 * (-1) dimensions, which the numeric tests (all static) never reach: what
 * graph shape inference will see. */
#include "dialects/graph/kernels.h"
#include "test/unit/unit.h"

#define D -1 /* a dynamic dimension */

static vtc_shape S(int rank, int64_t d0, int64_t d1, int64_t d2, int64_t d3) {
  vtc_shape s = {.rank = rank, .dims = {d0, d1, d2, d3}};
  return s;
}

/* "[2,?,4]" of a helper's result, or "error: ..." */
static char result[320];
static const char *show(int rc, const vtc_shape *s, const char *err) {
  if (rc) snprintf(result, sizeof result, "error: %s", err);
  else vtc_format_shape(s, result, sizeof result);
  return result;
}

static char err[256];

static void test_broadcast(void) {
  vtc_shape a = S(2, D, 3, 0, 0), b = S(2, 4, 1, 0, 0), o;
  CHECK_EQ_STR(show(vtc_shape_broadcast(&a, &b, &o, err, sizeof err), &o, err), "[4,3]");
  a = S(1, D, 0, 0, 0), b = S(1, D, 0, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_broadcast(&a, &b, &o, err, sizeof err), &o, err), "[?]");
  b = S(2, 5, 1, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_broadcast(&a, &b, &o, err, sizeof err), &o, err), "[5,?]");
  a = S(2, 2, 3, 0, 0), b = S(1, 4, 0, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_broadcast(&a, &b, &o, err, sizeof err), &o, err),
               "error: shapes [2,3] and [4] do not broadcast");
}

static void test_matmul_conv(void) {
  vtc_shape a = S(3, D, 3, 4, 0), b = S(2, 4, D, 0, 0), o;
  CHECK_EQ_STR(show(vtc_shape_matmul(&a, &b, &o, err, sizeof err), &o, err), "[?,3,?]");
  a = S(1, D, 0, 0, 0), b = S(3, 2, 4, 5, 0);
  CHECK_EQ_STR(show(vtc_shape_matmul(&a, &b, &o, err, sizeof err), &o, err), "[2,5]");
  a = S(2, 3, 4, 0, 0), b = S(2, 5, 6, 0, 0);
  CHECK(vtc_shape_matmul(&a, &b, &o, err, sizeof err) != 0);
  vtc_conv2d_attrs c = vtc_conv2d_attrs_default();
  c.pads[0] = c.pads[1] = c.pads[2] = c.pads[3] = 1;
  vtc_shape x = S(4, 1, 3, D, 8), w = S(4, 4, 3, 3, 3);
  CHECK_EQ_STR(show(vtc_shape_conv2d(&x, &w, NULL, &c, &o, err, sizeof err), &o, err), "[1,4,?,8]");
  c.auto_pad = VTC_AUTO_PAD_SAME_UPPER;
  c.strides[1] = 3;
  CHECK_EQ_STR(show(vtc_shape_conv2d(&x, &w, NULL, &c, &o, err, sizeof err), &o, err), "[1,4,?,3]");
  x = S(4, 1, D, 5, 5);
  c = vtc_conv2d_attrs_default();
  c.group = 2;
  w = S(4, 6, 2, 3, 3);
  CHECK_EQ_STR(show(vtc_shape_conv2d(&x, &w, NULL, &c, &o, err, sizeof err), &o, err), "[1,6,3,3]");
  w = S(4, 5, 2, 3, 3);
  CHECK(vtc_shape_conv2d(&x, &w, NULL, &c, &o, err, sizeof err) != 0 && strstr(err, "groups"));
}

static void test_reshape_family(void) {
  vtc_shape x = S(3, D, 2, 3, 0), o;
  int64_t s1[] = {0, -1};
  CHECK_EQ_STR(show(vtc_shape_reshape(&x, 2, s1, false, &o, err, sizeof err), &o, err), "[?,6]");
  int64_t s2[] = {-1, 6};
  CHECK_EQ_STR(show(vtc_shape_reshape(&x, 2, s2, false, &o, err, sizeof err), &o, err), "[?,6]");
  x = S(2, 2, 3, 0, 0);
  int64_t s3[] = {3, -1};
  CHECK_EQ_STR(show(vtc_shape_reshape(&x, 2, s3, false, &o, err, sizeof err), &o, err), "[3,2]");
  int64_t s4[] = {0, 0, -1};
  CHECK(vtc_shape_reshape(&x, 3, s4, true, &o, err, sizeof err) != 0);
  x = S(3, D, 3, 4, 0);
  CHECK_EQ_STR(show(vtc_shape_flatten(&x, 1, &o, err, sizeof err), &o, err), "[?,12]");
  x = S(2, 0, D, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_flatten(&x, 2, &o, err, sizeof err), &o, err), "[0,1]");
  x = S(3, 1, D, 1, 0);
  CHECK(vtc_shape_squeeze(&x, 0, NULL, &o, err, sizeof err) != 0 && strstr(err, "dynamic"));
  int64_t ax[] = {-1, 0};
  CHECK_EQ_STR(show(vtc_shape_squeeze(&x, 2, ax, &o, err, sizeof err), &o, err), "[?]");
  CHECK_EQ_STR(show(vtc_shape_unsqueeze(&x, 2, ax, &o, err, sizeof err), &o, err), "[1,1,?,1,1]");
  int64_t perm[] = {2, 0, 1};
  CHECK_EQ_STR(show(vtc_shape_transpose(&x, 3, perm, &o, err, sizeof err), &o, err), "[1,1,?]");
}

static void test_select_family(void) {
  vtc_shape x = S(2, D, 4, 0, 0), o, outs[3];
  int64_t st[] = {1}, en[] = {3}, axes0[] = {0}, axes1[] = {1};
  vtc_slice_attrs sa = {.n = 1, .starts = st, .ends = en, .axes = axes0};
  CHECK_EQ_STR(show(vtc_shape_slice(&x, &sa, &o, err, sizeof err), &o, err), "[?,4]");
  sa.axes = axes1;
  CHECK_EQ_STR(show(vtc_shape_slice(&x, &sa, &o, err, sizeof err), &o, err), "[?,2]");
  CHECK_EQ_STR(show(vtc_shape_split(&x, 0, 3, NULL, outs, err, sizeof err), &outs[2], err), "[?,4]");
  int64_t sizes[] = {1, 3};
  CHECK_EQ_STR(show(vtc_shape_split(&x, 1, 2, sizes, outs, err, sizeof err), &outs[1], err), "[?,3]");
  vtc_shape ins[2] = {S(2, 2, D, 0, 0), S(2, 3, 4, 0, 0)};
  CHECK_EQ_STR(show(vtc_shape_concat(2, ins, 0, &o, err, sizeof err), &o, err), "[5,4]");
  CHECK_EQ_STR(show(vtc_shape_concat(2, ins, -1, &o, err, sizeof err), &o, err), "error: input 1 has size 3 in dimension 0, expected 2");
  vtc_shape data = S(3, D, 5, 6, 0), idx = S(2, 2, D, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_gather(&data, &idx, 1, &o, err, sizeof err), &o, err), "[?,2,?,6]");
  vtc_shape ind = S(2, 4, 2, 0, 0), upd = S(2, 4, 6, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_scatter_nd(&data, &ind, &upd, &o, err, sizeof err), &o, err), "[?,5,6]");
  upd = S(2, 4, 5, 0, 0);
  CHECK(vtc_shape_scatter_nd(&data, &ind, &upd, &o, err, sizeof err) != 0 && strstr(err, "updates"));
}

static void test_other_ops(void) {
  vtc_shape x = S(2, D, 3, 0, 0), o;
  int64_t reps[] = {0, 2}, pads[] = {1, 0, 1, 2};
  CHECK_EQ_STR(show(vtc_shape_tile(&x, 2, reps, &o, err, sizeof err), &o, err), "[0,6]");
  vtc_pad_attrs pa = {.npads = 4, .pads = pads};
  CHECK_EQ_STR(show(vtc_shape_pad(&x, &pa, &o, err, sizeof err), &o, err), "[?,5]");
  int64_t axes[] = {1};
  vtc_reduce_attrs ra = {.naxes = 1, .axes = axes, .keepdims = true};
  CHECK_EQ_STR(show(vtc_shape_reduce(&x, &ra, &o, err, sizeof err), &o, err), "[?,1]");
  ra.keepdims = false;
  ra.naxes = 0;
  CHECK_EQ_STR(show(vtc_shape_reduce(&x, &ra, &o, err, sizeof err), &o, err), "[]");
  vtc_shape img = S(4, 1, D, 4, 6);
  CHECK_EQ_STR(show(vtc_shape_depth_to_space(&img, 2, &o, err, sizeof err), &o, err), "[1,?,8,12]");
  CHECK_EQ_STR(show(vtc_shape_space_to_depth(&img, 2, &o, err, sizeof err), &o, err), "[1,?,2,3]");
  vtc_shape q = S(4, D, 8, 5, 64), k = S(4, 2, 2, D, 64), v = S(4, 2, D, D, 32);
  CHECK_EQ_STR(show(vtc_shape_attention(&q, &k, &v, &o, err, sizeof err), &o, err), "[2,8,5,32]");
  k.dims[1] = 3;
  CHECK(vtc_shape_attention(&q, &k, &v, &o, err, sizeof err) != 0 && strstr(err, "multiple"));
  vtc_norm_attrs na = {.axis = -1, .epsilon = 1e-5};
  vtc_shape scale = S(1, 3, 0, 0, 0), bad = S(1, 4, 0, 0, 0);
  CHECK_EQ_STR(show(vtc_shape_norm(&x, &scale, NULL, &na, &o, err, sizeof err), &o, err), "[?,3]");
  CHECK(vtc_shape_norm(&x, &bad, NULL, &na, &o, err, sizeof err) != 0);
}

static void test_names(void) {
  vtc_unary_op u;
  vtc_binary_op b;
  vtc_pad_mode p;
  CHECK(vtc_unary_op_from_name("gelu", &u) == 0 && u == VTC_UNARY_GELU);
  CHECK_EQ_STR(vtc_unary_op_name(VTC_UNARY_RSQRT), "rsqrt");
  CHECK(vtc_binary_op_from_name("pow", &b) == 0 && b == VTC_BINARY_POW);
  CHECK(vtc_pad_mode_from_name("wrap", &p) == 0 && p == VTC_PAD_WRAP);
  CHECK(vtc_unary_op_from_name("Relu", &u) != 0);
}

int main(void) {
  UNIT_RUN(test_broadcast);
  UNIT_RUN(test_matmul_conv);
  UNIT_RUN(test_reshape_family);
  UNIT_RUN(test_select_family);
  UNIT_RUN(test_other_ops);
  UNIT_RUN(test_names);
  return UNIT_RESULT();
}
