/* The te interpreter on small hand-written te modules (parsed from text, and
 * one built with the te.h builders), each result checked against values the
 * test computes itself: matmul, reduce-max, a padded conv1d, a gather with
 * an extra load operand, dynamic sizes through te.dim, softmax pieces, and
 * run-time errors (an out-of-bounds load) as located diagnostics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/te/interpreter.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"
#include "ir/verifier.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *ctx;
static unsigned long long rng = 88172645463325252ull;
static char last_error[512];
static unsigned errors;

static double rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng % 2000) / 1000.0 - 1.0;
}

static void handler(const vtc_diagnostic *d, void *data) {
  (void)data;
  if (d->severity != VTC_SEV_ERROR) return;
  errors++;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  snprintf(last_error, sizeof last_error, "%s", b.data ? b.data : "");
  vtc_strbuf_free(&b);
}

static vtc_op *parse(const char *text) {
  vtc_op *m = vtc_parse_source(ctx, "te_test.mlir", text, strlen(text), 0);
  if (m && !vtc_verify(m)) {
    vtc_op_destroy(m);
    return NULL;
  }
  return m;
}

static void tensor(vtc_tensor *t, vtc_dtype dt, int rank, const int64_t *dims) {
  char err[128];
  memset(t, 0, sizeof *t);
  int rc = vtc_tensor_create(t, dt, rank, dims, err, sizeof err);
  CHECK(rc == 0);
}

static void fill_random(vtc_tensor *t) {
  for (int64_t i = 0; i < vtc_tensor_numel(t); i++) vtc_tensor_set_f64(t, i, rnd());
}

static bool close_to(double a, double b) { return fabs(a - b) <= 1e-6 * (1 + fabs(b)); }

/* Runs @name of module m; returns the number of outputs (0 on failure). */
static unsigned run(vtc_op *m, const char *name, unsigned n, const vtc_tensor *in, vtc_tensor **out) {
  vtc_op *f = vtc_symbol_table_lookup(m, name);
  CHECK(f != NULL);
  if (!f) return 0;
  unsigned nout = 0;
  *out = NULL;
  if (!vtc_te_interpret(f, n, in, out, &nout)) return 0;
  return nout;
}

static const char *matmul_src =
    "func.func @mm(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {\n"
    "  %c = te.compute(%a, %b) shape () -> (3, 4) reduce () -> (5) combiner sum init 0.0\n"
    "      : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32> {\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<3x5xf32> -> f32\n"
    "    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<5x4xf32> -> f32\n"
    "    %p = arith.mulf %x, %y : f32\n"
    "    te.yield %p : f32\n"
    "  }\n"
    "  return %c : tensor<3x4xf32>\n"
    "}\n";

static void test_matmul(void) {
  vtc_op *m = parse(matmul_src);
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in[2], *out;
  tensor(&in[0], VTC_F32, 2, (int64_t[]){3, 5});
  tensor(&in[1], VTC_F32, 2, (int64_t[]){5, 4});
  fill_random(&in[0]);
  fill_random(&in[1]);
  unsigned n = run(m, "mm", 2, in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    CHECK_EQ_INT(out[0].rank, 2);
    CHECK_EQ_INT(out[0].dims[0], 3);
    CHECK_EQ_INT(out[0].dims[1], 4);
    bool ok = true;
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 4; j++) {
        double s = 0;
        for (int k = 0; k < 5; k++) s += vtc_tensor_get_f64(&in[0], i * 5 + k) * vtc_tensor_get_f64(&in[1], k * 4 + j);
        ok &= close_to(vtc_tensor_get_f64(&out[0], i * 4 + j), (float)s);
      }
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in[0]);
  vtc_tensor_free(&in[1]);
  vtc_op_destroy(m);
}

static void test_reduce_max_and_softmax(void) {
  /* softmax over rows, as four TEs: reduce-max, exp(x - max), reduce-sum, divide */
  vtc_op *m = parse(
      "func.func @softmax(%x: tensor<4x7xf32>) -> (tensor<4xf32>, tensor<4x7xf32>) {\n"
      "  %mx = te.compute(%x) shape () -> (4) reduce () -> (7) combiner max init 0xFF800000\n"
      "      : (tensor<4x7xf32>) -> tensor<4xf32> {\n"
      "  ^bb0(%i: index, %k: index):\n"
      "    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x7xf32> -> f32\n"
      "    te.yield %v : f32\n"
      "  }\n"
      "  %e = te.compute(%x, %mx) shape () -> (4, 7) : (tensor<4x7xf32>, tensor<4xf32>) -> tensor<4x7xf32> {\n"
      "  ^bb0(%i: index, %j: index):\n"
      "    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x7xf32> -> f32\n"
      "    %m = te.load %mx[(d0, d1) -> (d0)] : tensor<4xf32> -> f32\n"
      "    %d = arith.subf %v, %m : f32\n"
      "    %r = math.exp %d : f32\n"
      "    te.yield %r : f32\n"
      "  }\n"
      "  %s = te.compute(%e) shape () -> (4) reduce () -> (7) combiner sum init 0.0\n"
      "      : (tensor<4x7xf32>) -> tensor<4xf32> {\n"
      "  ^bb0(%i: index, %k: index):\n"
      "    %v = te.load %e[(d0, d1) -> (d0, d1)] : tensor<4x7xf32> -> f32\n"
      "    te.yield %v : f32\n"
      "  }\n"
      "  %y = te.compute(%e, %s) shape () -> (4, 7) : (tensor<4x7xf32>, tensor<4xf32>) -> tensor<4x7xf32> {\n"
      "  ^bb0(%i: index, %j: index):\n"
      "    %v = te.load %e[(d0, d1) -> (d0, d1)] : tensor<4x7xf32> -> f32\n"
      "    %t = te.load %s[(d0, d1) -> (d0)] : tensor<4xf32> -> f32\n"
      "    %r = arith.divf %v, %t : f32\n"
      "    te.yield %r : f32\n"
      "  }\n"
      "  return %mx, %y : tensor<4xf32>, tensor<4x7xf32>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in, *out;
  tensor(&in, VTC_F32, 2, (int64_t[]){4, 7});
  fill_random(&in);
  unsigned n = run(m, "softmax", 1, &in, &out);
  CHECK_EQ_INT(n, 2);
  if (n == 2) {
    bool ok = true;
    for (int i = 0; i < 4; i++) {
      double mx = -INFINITY, sum = 0;
      for (int j = 0; j < 7; j++) mx = fmax(mx, vtc_tensor_get_f64(&in, i * 7 + j));
      ok &= vtc_tensor_get_f64(&out[0], i) == mx;
      for (int j = 0; j < 7; j++) sum += (float)exp(vtc_tensor_get_f64(&in, i * 7 + j) - mx);
      for (int j = 0; j < 7; j++) {
        double e = (float)exp(vtc_tensor_get_f64(&in, i * 7 + j) - mx);
        ok &= close_to(vtc_tensor_get_f64(&out[1], i * 7 + j), e / (float)sum);
      }
    }
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in);
  vtc_op_destroy(m);
}

static void test_padded_conv1d(void) {
  /* out[i] = sum_k x[i + k - 1] * w[k], zero outside x ("same" padding) */
  vtc_op *m = parse(
      "func.func @conv(%x: tensor<6xf32>, %w: tensor<3xf32>) -> tensor<6xf32> {\n"
      "  %c = te.compute(%x, %w) shape () -> (6) reduce () -> (3) combiner sum init 0.0\n"
      "      : (tensor<6xf32>, tensor<3xf32>) -> tensor<6xf32> {\n"
      "  ^bb0(%i: index, %k: index):\n"
      "    %a = te.load %x[(d0, d1) -> (d0 + d1 - 1)] {padding = 0.0 : f32} : tensor<6xf32> -> f32\n"
      "    %b = te.load %w[(d0, d1) -> (d1)] : tensor<3xf32> -> f32\n"
      "    %p = arith.mulf %a, %b : f32\n"
      "    te.yield %p : f32\n"
      "  }\n"
      "  return %c : tensor<6xf32>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in[2], *out;
  tensor(&in[0], VTC_F32, 1, (int64_t[]){6});
  tensor(&in[1], VTC_F32, 1, (int64_t[]){3});
  fill_random(&in[0]);
  fill_random(&in[1]);
  unsigned n = run(m, "conv", 2, in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    bool ok = true;
    for (int i = 0; i < 6; i++) {
      double s = 0;
      for (int k = 0; k < 3; k++) {
        int j = i + k - 1;
        if (j >= 0 && j < 6) s += vtc_tensor_get_f64(&in[0], j) * vtc_tensor_get_f64(&in[1], k);
      }
      ok &= close_to(vtc_tensor_get_f64(&out[0], i), (float)s);
    }
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in[0]);
  vtc_tensor_free(&in[1]);
  vtc_op_destroy(m);
}

static void test_gather(void) {
  /* out[i, j] = table[wrap(idx[i]), j]; negative indices count from the end */
  vtc_op *m = parse(
      "func.func @gather(%t: tensor<5x3xf32>, %idx: tensor<4xi64>) -> tensor<4x3xf32> {\n"
      "  %c = te.compute(%t, %idx) shape () -> (4, 3) : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32> {\n"
      "  ^bb0(%i: index, %j: index):\n"
      "    %e = te.load %idx[(d0, d1) -> (d0)] : tensor<4xi64> -> i64\n"
      "    %ei = arith.index_cast %e : i64 to index\n"
      "    %zero = arith.constant 0 : index\n"
      "    %five = arith.constant 5 : index\n"
      "    %neg = arith.cmpi slt, %ei, %zero : index\n"
      "    %w = arith.addi %ei, %five : index\n"
      "    %r = arith.select %neg, %w, %ei : index\n"
      "    %v = te.load %t[(d0, d1, d2) -> (d2, d1)](%r) : tensor<5x3xf32> -> f32\n"
      "    te.yield %v : f32\n"
      "  }\n"
      "  return %c : tensor<4x3xf32>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in[2], *out;
  tensor(&in[0], VTC_F32, 2, (int64_t[]){5, 3});
  tensor(&in[1], VTC_I64, 1, (int64_t[]){4});
  fill_random(&in[0]);
  const int64_t idx[4] = {3, 0, -1, 2};
  for (int i = 0; i < 4; i++) vtc_tensor_set_f64(&in[1], i, (double)idx[i]);
  unsigned n = run(m, "gather", 2, in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    bool ok = true;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 3; j++) {
        int64_t r = idx[i] < 0 ? idx[i] + 5 : idx[i];
        ok &= vtc_tensor_get_f64(&out[0], i * 3 + j) == vtc_tensor_get_f64(&in[0], r * 3 + j);
      }
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  /* An index past the end is a located run-time error. */
  vtc_tensor_set_f64(&in[1], 1, 7);
  errors = 0;
  n = run(m, "gather", 2, in, &out);
  CHECK_EQ_INT(n, 0);
  CHECK(out == NULL);
  CHECK_EQ_INT(errors, 1);
  CHECK(strstr(last_error, "te_test.mlir:11:10: error: te.load reads index (7, 0) outside its input tensor<5x3xf32>, "
                           "at iteration (1, 0)") != NULL);
  vtc_tensor_free(&in[0]);
  vtc_tensor_free(&in[1]);
  vtc_op_destroy(m);
}

static void test_dynamic(void) {
  /* y = 2 * x and a column sum over the dynamic row count, at several sizes */
  vtc_op *m = parse(
      "func.func @dyn(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>, index) {\n"
      "  %n = te.dim %x, 0 : tensor<?x3xf32>\n"
      "  %y = te.compute(%x) [%n] shape ()[s0] -> (s0, 3) : (tensor<?x3xf32>) -> tensor<?x3xf32> {\n"
      "  ^bb0(%i: index, %j: index):\n"
      "    %v = te.load %x[(d0, d1)[s0] -> (d0, d1)] : tensor<?x3xf32> -> f32\n"
      "    %two = arith.constant 2.0 : f32\n"
      "    %r = arith.mulf %v, %two : f32\n"
      "    te.yield %r : f32\n"
      "  }\n"
      "  %s = te.compute(%y) [%n] shape ()[s0] -> (3) reduce ()[s0] -> (s0) combiner sum init 0.0\n"
      "      : (tensor<?x3xf32>) -> tensor<3xf32> {\n"
      "  ^bb0(%j: index, %k: index):\n"
      "    %v = te.load %y[(d0, d1)[s0] -> (d1, d0)] : tensor<?x3xf32> -> f32\n"
      "    te.yield %v : f32\n"
      "  }\n"
      "  %one = arith.constant 1 : index\n"
      "  %n1 = arith.addi %n, %one : index\n"
      "  return %y, %s, %n1 : tensor<?x3xf32>, tensor<3xf32>, index\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  for (int64_t rows = 1; rows <= 7; rows += 3) {
    vtc_tensor in, *out;
    tensor(&in, VTC_F32, 2, (int64_t[]){rows, 3});
    fill_random(&in);
    unsigned n = run(m, "dyn", 1, &in, &out);
    CHECK_EQ_INT(n, 3);
    if (n == 3) {
      CHECK_EQ_INT(out[0].dims[0], rows);
      bool ok = true;
      for (int64_t e = 0; e < rows * 3; e++) ok &= vtc_tensor_get_f64(&out[0], e) == 2 * vtc_tensor_get_f64(&in, e);
      for (int j = 0; j < 3; j++) {
        double s = 0;
        for (int64_t i = 0; i < rows; i++) s += 2 * vtc_tensor_get_f64(&in, i * 3 + j);
        ok &= close_to(vtc_tensor_get_f64(&out[1], j), (float)s);
      }
      CHECK(ok);
      CHECK_EQ_INT(out[2].rank, 0);
      CHECK_EQ_INT(vtc_tensor_get_i64(&out[2], 0), rows + 1);
    }
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in);
  }
  vtc_op_destroy(m);
}

/* A dynamic shape whose load runs past its input only at run time. */
static void test_dynamic_out_of_bounds(void) {
  vtc_op *m = parse(
      "func.func @shift(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
      "  %n = te.dim %x, 0 : tensor<?xf32>\n"
      "  %y = te.compute(%x) [%n] shape ()[s0] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {\n"
      "  ^bb0(%i: index):\n"
      "    %v = te.load %x[(d0)[s0] -> (d0 + 1)] : tensor<?xf32> -> f32\n"
      "    te.yield %v : f32\n"
      "  }\n"
      "  return %y : tensor<?xf32>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in, *out;
  tensor(&in, VTC_F32, 1, (int64_t[]){4});
  errors = 0;
  unsigned n = run(m, "shift", 1, &in, &out);
  CHECK_EQ_INT(n, 0);
  CHECK_EQ_INT(errors, 1);
  CHECK(strstr(last_error, "te_test.mlir:5:10: error: te.load reads index (4) outside its input tensor<4xf32>, at "
                           "iteration (3)") != NULL);
  /* A wrong input is reported at the function. */
  vtc_tensor bad;
  tensor(&bad, VTC_F16, 1, (int64_t[]){4});
  errors = 0;
  n = run(m, "shift", 1, &bad, &out);
  CHECK_EQ_INT(n, 0);
  CHECK(strstr(last_error, "te_test.mlir:1:1: error: te interpreter: argument #0 is tensor<4xf16>") != NULL);
  vtc_tensor_free(&bad);
  vtc_tensor_free(&in);
  vtc_op_destroy(m);
}

/* A symbol bound by a scalar function argument (a one-element tensor). */
static void test_symbol_argument(void) {
  vtc_op *m = parse(
      "func.func @iota(%n: index) -> tensor<?xi64> {\n"
      "  %y = te.compute() [%n] shape ()[s0] -> (s0 * 2) : () -> tensor<?xi64> {\n"
      "  ^bb0(%i: index):\n"
      "    %c = arith.constant 3 : index\n"
      "    %v = arith.muli %i, %c : index\n"
      "    %w = arith.index_cast %v : index to i64\n"
      "    te.yield %w : i64\n"
      "  }\n"
      "  return %y : tensor<?xi64>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in, *out;
  tensor(&in, VTC_I64, 0, NULL);
  vtc_tensor_set_f64(&in, 0, 5);
  unsigned n = run(m, "iota", 1, &in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    CHECK_EQ_INT(out[0].rank, 1);
    CHECK_EQ_INT(out[0].dims[0], 10);
    bool ok = true;
    for (int i = 0; i < 10; i++) ok &= vtc_tensor_get_i64(&out[0], i) == 3 * i;
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in);
  vtc_op_destroy(m);
}

/* Scalar constants defined outside a body (where canonicalization and CSE
 * hoist them) are read by the body. */
static void test_hoisted_constants(void) {
  vtc_op *m = parse(
      "func.func @h(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %one = arith.constant 1 : index\n"
      "  %two = arith.constant 2.5 : f32\n"
      "  %y = te.compute(%x) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {\n"
      "  ^bb0(%i: index):\n"
      "    %three = arith.constant 3 : index\n"
      "    %j = arith.addi %i, %one : index\n"
      "    %k = arith.remui %j, %three : index\n"
      "    %v = te.load %x[(d0, d1) -> (d1)](%k) : tensor<4xf32> -> f32\n"
      "    %w = arith.mulf %v, %two : f32\n"
      "    te.yield %w : f32\n"
      "  }\n"
      "  return %y : tensor<4xf32>\n"
      "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_tensor in, *out;
  tensor(&in, VTC_F32, 1, (int64_t[]){4});
  fill_random(&in);
  unsigned n = run(m, "h", 1, &in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    bool ok = true;
    for (int i = 0; i < 4; i++) ok &= close_to(vtc_tensor_get_f64(&out[0], i), 2.5 * vtc_tensor_get_f64(&in, (i + 1) % 3));
    CHECK(ok);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in);
  vtc_op_destroy(m);
}

/* The builders of te.h: an integer prod-reduction of (i + 1) * x[i], built,
 * verified and run. */
static void test_builders(void) {
  vtc_op *m = parse(
      "func.func @built(%x: tensor<4xi32>) -> tensor<i32> {\n"
      "  return %x : tensor<4xi32>\n"
      "}\n");
  CHECK(m == NULL); /* type mismatch in the return: verified away */
  m = parse("func.func @built(%x: tensor<4xi32>) -> tensor<i32> {\n"
            "  %c = arith.constant dense<0> : tensor<i32>\n"
            "  return %c : tensor<i32>\n"
            "}\n");
  CHECK(m != NULL);
  if (!m) return;
  vtc_op *f = vtc_symbol_table_lookup(m, "built");
  vtc_block *entry = vtc_op_region(f, 0)->first;
  vtc_op *ret = entry->last;
  vtc_builder b = vtc_builder_before(ret);
  const vtc_loc *loc = vtc_loc_unknown(ctx);
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  const vtc_type *rt = vtc_type_tensor(ctx, 0, NULL, i32, NULL);
  vtc_value *x = entry->args[0];
  const vtc_affine_map *shape = vtc_affine_map_get(ctx, 0, 0, 0, NULL);
  const vtc_affine_expr *four = vtc_affine_const(ctx, 4);
  const vtc_affine_map *reduce = vtc_affine_map_get(ctx, 0, 0, 1, &four);
  vtc_op *c = vtc_te_build_compute(&b, loc, rt, 1, &x, 0, NULL, shape, reduce, VTC_TE_COMBINER_PROD,
                                   vtc_attr_integer(ctx, i32, 1));
  CHECK_EQ_INT(vtc_te_compute_num_inputs(c), 1);
  CHECK_EQ_INT(vtc_te_compute_num_reduce(c), 1);
  CHECK_EQ_INT(vtc_te_compute_body(c)->num_args, 1);
  CHECK(vtc_te_compute_combiner(c) == VTC_TE_COMBINER_PROD);
  vtc_builder bb = vtc_builder_at_end(ctx, vtc_te_compute_body(c));
  const vtc_affine_expr *d0 = vtc_affine_dim(ctx, 0);
  vtc_value *v = vtc_te_build_load(&bb, loc, x, vtc_affine_map_get(ctx, 1, 0, 1, &d0), 0, NULL, NULL);
  vtc_value *k = vtc_te_compute_reduce_arg(c, 0);
  vtc_value *ki = vtc_op_result(vtc_builder_create(&bb, "arith.index_cast", loc, 1, &k, i32, 0, NULL), 0);
  vtc_named_attr one_attr = {vtc_str(ctx, "value"), vtc_attr_integer(ctx, i32, 1)};
  vtc_value *one = vtc_op_result(vtc_builder_create(&bb, "arith.constant", loc, 0, NULL, i32, 1, &one_attr), 0);
  vtc_value *add_ops[2] = {ki, one};
  vtc_value *k1 = vtc_op_result(vtc_builder_create(&bb, "arith.addi", loc, 2, add_ops, i32, 0, NULL), 0);
  vtc_value *mul_ops[2] = {k1, v};
  vtc_value *p = vtc_op_result(vtc_builder_create(&bb, "arith.muli", loc, 2, mul_ops, i32, 0, NULL), 0);
  vtc_te_build_yield(&bb, loc, p);
  vtc_op_set_operand(ret, 0, vtc_op_result(c, 0));
  CHECK(vtc_verify(m));
  CHECK(vtc_te_is_load(vtc_te_compute_body(c)->first));
  CHECK(vtc_te_load_compute(vtc_te_compute_body(c)->first) == c);

  vtc_tensor in, *out;
  tensor(&in, VTC_I32, 1, (int64_t[]){4});
  const int xs[4] = {3, -2, 5, 1};
  for (int i = 0; i < 4; i++) vtc_tensor_set_f64(&in, i, xs[i]);
  unsigned n = run(m, "built", 1, &in, &out);
  CHECK_EQ_INT(n, 1);
  if (n == 1) {
    int64_t expect = 1;
    for (int i = 0; i < 4; i++) expect *= (i + 1) * xs[i];
    CHECK_EQ_INT(vtc_tensor_get_i64(&out[0], 0), expect);
  }
  vtc_tensor_free_array(out, n);
  vtc_tensor_free(&in);
  vtc_op_destroy(m);
}

int main(void) {
  ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_te_dialect(ctx);
  vtc_context_set_diag_handler(ctx, handler, NULL);
  UNIT_RUN(test_matmul);
  UNIT_RUN(test_reduce_max_and_softmax);
  UNIT_RUN(test_padded_conv1d);
  UNIT_RUN(test_gather);
  UNIT_RUN(test_dynamic);
  UNIT_RUN(test_dynamic_out_of_bounds);
  UNIT_RUN(test_symbol_argument);
  UNIT_RUN(test_hoisted_constants);
  UNIT_RUN(test_builders);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
