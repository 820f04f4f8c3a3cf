/* Every data-movement mapping of the graph dialect checked element by
 * element against the reference kernels (kernels.h): for each output index
 * the mapping's (input, index) must hold the value the kernel wrote there,
 * on fixed cases (negative axes, size-1 dims, negative steps, cropping pads)
 * and on random small shapes. */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *ctx;
static vtc_block *args; /* owns the block arguments the ops read */
static unsigned long long rng = 88172645463325252ull;

static int64_t rnd(int64_t n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int64_t)(rng % (unsigned long long)n);
}

static vtc_value *arg(int rank, const int64_t *dims, const vtc_type *el) {
  return vtc_block_add_arg(args, vtc_type_tensor(ctx, (unsigned)rank, dims, el, NULL));
}

static const vtc_attr *ints(int n, const int64_t *v) { return vtc_attr_i64_array(ctx, (unsigned)n, v); }
#define INTS(...) ints(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t), (int64_t[]){__VA_ARGS__})
#define NA(name, value) ((vtc_named_attr){vtc_str(ctx, name), value})

/* Creates a detached op whose result types come from shape inference. */
static vtc_op *make_op(const char *name, unsigned nops, vtc_value **ops, unsigned nres, unsigned nattrs,
                       const vtc_named_attr *attrs) {
  const vtc_type *types[16];
  for (unsigned i = 0; i < nres; i++) types[i] = ops[0]->type;
  vtc_op_state st = {.name = vtc_op_name_get(ctx, name), .loc = vtc_loc_unknown(ctx), .num_operands = nops,
                     .operands = ops, .num_results = nres, .result_types = types, .num_attrs = nattrs, .attrs = attrs};
  vtc_op *op = vtc_op_create(&st);
  const vtc_type *inferred[16];
  bool ok = vtc_graph_infer_result_types(op, inferred);
  CHECK(ok);
  if (!ok) fprintf(stderr, "  inference failed for %s\n", name);
  for (unsigned i = 0; ok && i < nres; i++) op->results[i].type = inferred[i];
  return op;
}

/* Operand tensors: every element distinct across all operands. */
static void fill_inputs(vtc_op *op, vtc_tensor *ins) {
  for (unsigned k = 0; k < op->num_operands; k++) {
    vtc_shape s;
    vtc_dtype d;
    vtc_graph_shape_of(vtc_op_operand(op, k)->type, &s);
    vtc_graph_dtype_of(vtc_op_operand(op, k)->type->element, &d);
    vtc_tensor_create_shape(&ins[k], d, &s, NULL, 0);
    for (int64_t i = 0; i < vtc_tensor_numel(&ins[k]); i++) vtc_tensor_set_f64(&ins[k], i, (double)(1 + i + 10000 * k));
  }
}

/* Runs the reference kernel of a data-movement op; 0 on success. */
static int run_reference(vtc_op *op, vtc_tensor *in, vtc_tensor *out) {
  const char *n = op->name->name + strlen("graph.");
  int64_t v[4][GRAPH_MAX_ARRAY], axis;
  int c[4];
  bool has[4];
  char err[256] = "";
  int rc = -1;
  int rank = in[0].rank;
  if (!strcmp(n, "identity")) rc = vtc_kernel_identity(&in[0], out, err, sizeof err);
  else if (!strcmp(n, "reshape")) {
    graph_attr_ints(op, "shape", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    rc = vtc_kernel_reshape(&in[0], c[0], v[0], false, out, err, sizeof err);
  } else if (!strcmp(n, "flatten")) {
    graph_attr_int(op, "axis", 1, &axis);
    rc = vtc_kernel_flatten(&in[0], axis, out, err, sizeof err);
  } else if (!strcmp(n, "transpose")) {
    graph_transpose_perm(op, rank, v[0]);
    rc = vtc_kernel_transpose(&in[0], rank, v[0], out, err, sizeof err);
  } else if (!strcmp(n, "split")) {
    graph_attr_int(op, "axis", 0, &axis);
    graph_attr_ints(op, "split", false, v[0], GRAPH_MAX_ARRAY, &c[0], &has[0]);
    rc = vtc_kernel_split(&in[0], axis, (int)op->num_results, has[0] ? v[0] : NULL, out, err, sizeof err);
  } else if (!strcmp(n, "concat")) {
    const vtc_tensor *ptrs[8];
    for (unsigned k = 0; k < op->num_operands; k++) ptrs[k] = &in[k];
    graph_attr_int(op, "axis", 0, &axis);
    rc = vtc_kernel_concat((int)op->num_operands, ptrs, axis, out, err, sizeof err);
  } else if (!strcmp(n, "slice")) {
    graph_attr_ints(op, "starts", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    graph_attr_ints(op, "ends", true, v[1], GRAPH_MAX_ARRAY, &c[1], NULL);
    graph_attr_ints(op, "axes", false, v[2], GRAPH_MAX_ARRAY, &c[2], &has[2]);
    graph_attr_ints(op, "steps", false, v[3], GRAPH_MAX_ARRAY, &c[3], &has[3]);
    vtc_slice_attrs a = {c[0], v[0], v[1], has[2] ? v[2] : NULL, has[3] ? v[3] : NULL};
    rc = vtc_kernel_slice(&in[0], &a, out, err, sizeof err);
  } else if (!strcmp(n, "expand")) {
    graph_attr_ints(op, "shape", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    rc = vtc_kernel_expand(&in[0], c[0], v[0], out, err, sizeof err);
  } else if (!strcmp(n, "squeeze")) {
    graph_attr_ints(op, "axes", false, v[0], GRAPH_MAX_ARRAY, &c[0], &has[0]);
    rc = vtc_kernel_squeeze(&in[0], c[0], has[0] ? v[0] : NULL, out, err, sizeof err);
  } else if (!strcmp(n, "unsqueeze")) {
    graph_attr_ints(op, "axes", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    rc = vtc_kernel_unsqueeze(&in[0], c[0], v[0], out, err, sizeof err);
  } else if (!strcmp(n, "tile")) {
    graph_attr_ints(op, "repeats", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    rc = vtc_kernel_tile(&in[0], c[0], v[0], out, err, sizeof err);
  } else if (!strcmp(n, "pad")) {
    const char *mode;
    vtc_pad_attrs a = {0};
    graph_attr_ints(op, "pads", true, v[0], GRAPH_MAX_ARRAY, &c[0], NULL);
    graph_attr_ints(op, "axes", false, v[1], GRAPH_MAX_ARRAY, &c[1], &has[1]);
    graph_attr_string(op, "mode", "constant", &mode);
    graph_attr_float(op, "value", 0, &a.value);
    vtc_pad_mode_from_name(mode, &a.mode);
    a.npads = c[0], a.pads = v[0], a.naxes = c[1], a.axes = has[1] ? v[1] : NULL;
    rc = vtc_kernel_pad(&in[0], &a, out, err, sizeof err);
  } else if (!strcmp(n, "depth_to_space")) {
    const char *mode;
    vtc_d2s_mode m;
    graph_attr_int(op, "blocksize", 0, &axis);
    graph_attr_string(op, "mode", "DCR", &mode);
    vtc_d2s_mode_from_name(mode, &m);
    rc = vtc_kernel_depth_to_space(&in[0], axis, m, out, err, sizeof err);
  } else if (!strcmp(n, "space_to_depth")) {
    graph_attr_int(op, "blocksize", 0, &axis);
    rc = vtc_kernel_space_to_depth(&in[0], axis, out, err, sizeof err);
  }
  if (rc) fprintf(stderr, "  reference kernel failed: %s\n", err);
  return rc;
}

static int64_t flat_index(const vtc_tensor *t, const int64_t *idx) {
  int64_t f = 0;
  for (int d = 0; d < t->rank; d++) {
    if (idx[d] < 0 || idx[d] >= t->dims[d]) return -1;
    f = f * t->dims[d] + idx[d];
  }
  return f;
}

/* The mapping of every result agrees with the kernel on every element. */
static void check_op(vtc_op *op) {
  if (getenv("GRAPH_MAP_DUMP")) { /* GRAPH_MAP_DUMP=1 prints every mapping tested */
    vtc_graph_mapping m;
    if (vtc_graph_get_mapping(op, 0, &m)) {
      vtc_strbuf b = {0};
      vtc_graph_mapping_print(&m, &b);
      fprintf(stderr, "%s: %s", op->name->name, b.data);
      vtc_strbuf_free(&b);
      vtc_graph_mapping_free(&m);
    }
  }
  vtc_tensor ins[8] = {{0}}, outs[8] = {{0}};
  fill_inputs(op, ins);
  int rc = run_reference(op, ins, outs);
  CHECK_EQ_INT(rc, 0);
  for (unsigned r = 0; rc == 0 && r < op->num_results; r++) {
    /* The inferred result type is the kernel's shape. */
    vtc_shape s;
    vtc_graph_shape_of(vtc_op_result(op, r)->type, &s);
    CHECK_EQ_INT(s.rank, outs[r].rank);
    for (int d = 0; d < s.rank && d < outs[r].rank; d++) CHECK_EQ_INT(s.dims[d], outs[r].dims[d]);
    vtc_graph_mapping m;
    bool got = vtc_graph_get_mapping(op, r, &m);
    CHECK(got);
    if (!got) {
      fprintf(stderr, "  no mapping for %s\n", op->name->name);
      continue;
    }
    int64_t n = vtc_tensor_numel(&outs[r]), idx[VTC_MAX_RANK], in_idx[VTC_MAX_RANK];
    int bad = 0;
    for (int64_t o = 0; o < n && bad < 3; o++) {
      vtc_shape os = vtc_tensor_shape(&outs[r]);
      vtc_unravel_index(o, &os, idx);
      unsigned k;
      double want = vtc_tensor_get_f64(&outs[r], o), got_v;
      if (vtc_graph_mapping_eval(&m, idx, &k, in_idx)) {
        int64_t f = k < op->num_operands ? flat_index(&ins[k], in_idx) : -1;
        got_v = f < 0 ? -1e300 : vtc_tensor_get_f64(&ins[k], f);
      } else {
        got_v = m.has_fill ? m.fill : -2e300;
      }
      if (got_v != want) {
        bad++;
        vtc_strbuf b = {0};
        vtc_graph_mapping_print(&m, &b);
        fprintf(stderr, "  %s result %u: output element %lld: mapping gives %g, kernel %g\n%s", op->name->name, r,
                (long long)o, got_v, want, b.data ? b.data : "");
        vtc_strbuf_free(&b);
      }
    }
    CHECK_EQ_INT(bad, 0);
    vtc_graph_mapping_free(&m);
  }
  for (int i = 0; i < 8; i++) vtc_tensor_free(&ins[i]), vtc_tensor_free(&outs[i]);
  vtc_op_destroy(op);
}

#define SHAPE(...) (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__}

static vtc_value *f32(int rank, const int64_t *dims) { return arg(rank, dims, vtc_type_f32(ctx)); }

static void one(const char *name, vtc_value *x, unsigned nattrs, const vtc_named_attr *attrs) {
  check_op(make_op(name, 1, &x, 1, nattrs, attrs));
}

static void test_fixed_cases(void) {
  one("graph.identity", f32(SHAPE(3, 4)), 0, NULL);
  one("graph.reshape", f32(SHAPE(2, 3, 4)), 1, &NA("shape", INTS(6, 4)));
  one("graph.reshape", f32(SHAPE(24)), 1, &NA("shape", INTS(2, 3, 4)));
  one("graph.reshape", f32(SHAPE(2, 1, 6)), 1, &NA("shape", INTS(3, 4)));
  one("graph.reshape", f32(SHAPE(1, 12)), 1, &NA("shape", INTS(3, 1, 4, 1)));
  one("graph.reshape", f32(SHAPE(4, 6)), 1, &NA("shape", INTS(0, -1, 3)));
  one("graph.reshape", f32(SHAPE(6, 4)), 1, &NA("shape", INTS(4, 6)));
  one("graph.flatten", f32(SHAPE(2, 3, 4)), 0, NULL);
  one("graph.flatten", f32(SHAPE(2, 3, 4)), 1, &NA("axis", vtc_attr_i64(ctx, 0)));
  one("graph.flatten", f32(SHAPE(2, 3, 4)), 1, &NA("axis", vtc_attr_i64(ctx, 3)));
  one("graph.flatten", f32(SHAPE(2, 3, 4)), 1, &NA("axis", vtc_attr_i64(ctx, -1)));
  one("graph.transpose", f32(SHAPE(2, 3, 4)), 1, &NA("perm", INTS(2, 0, 1)));
  one("graph.transpose", f32(SHAPE(2, 3, 4)), 0, NULL);
  one("graph.expand", f32(SHAPE(3, 1)), 1, &NA("shape", INTS(2, 3, 4)));
  one("graph.expand", f32(SHAPE(1)), 1, &NA("shape", INTS(5)));
  one("graph.expand", f32(SHAPE(3, 1)), 1, &NA("shape", INTS(1, 4)));
  one("graph.squeeze", f32(SHAPE(1, 3, 1, 4)), 1, &NA("axes", INTS(0, -2)));
  one("graph.squeeze", f32(SHAPE(1, 3, 1, 4)), 0, NULL);
  one("graph.unsqueeze", f32(SHAPE(3, 4)), 1, &NA("axes", INTS(0, -1)));
  one("graph.unsqueeze", f32(SHAPE(3, 4)), 1, &NA("axes", INTS(1)));
  one("graph.tile", f32(SHAPE(2, 3)), 1, &NA("repeats", INTS(2, 3)));
  one("graph.tile", f32(SHAPE(1, 3)), 1, &NA("repeats", INTS(3, 1)));
  one("graph.depth_to_space", f32(SHAPE(1, 8, 2, 3)), 1, &NA("blocksize", vtc_attr_i64(ctx, 2)));
  vtc_named_attr crd[] = {NA("blocksize", vtc_attr_i64(ctx, 2)), NA("mode", vtc_attr_cstring(ctx, "CRD"))};
  one("graph.depth_to_space", f32(SHAPE(2, 8, 2, 3)), 2, crd);
  one("graph.space_to_depth", f32(SHAPE(2, 2, 4, 6)), 1, &NA("blocksize", vtc_attr_i64(ctx, 2)));
}

static void test_slice(void) {
  vtc_named_attr a1[] = {NA("starts", INTS(1, 0)), NA("ends", INTS(3, 100))};
  one("graph.slice", f32(SHAPE(4, 5)), 2, a1);
  vtc_named_attr a2[] = {NA("starts", INTS(-1)), NA("ends", INTS(-100)), NA("axes", INTS(-1)), NA("steps", INTS(-2))};
  one("graph.slice", f32(SHAPE(4, 7)), 4, a2);
  vtc_named_attr a3[] = {NA("starts", INTS(0, 1)), NA("ends", INTS(5, 4)), NA("axes", INTS(2, 0)), NA("steps", INTS(3, 2))};
  one("graph.slice", f32(SHAPE(5, 2, 6)), 4, a3);
}

static void test_pad(void) {
  vtc_named_attr c1[] = {NA("pads", INTS(1, 0, 2, 1)), NA("value", vtc_attr_float(ctx, vtc_type_f64(ctx), 7.0))};
  one("graph.pad", f32(SHAPE(2, 3)), 2, c1);
  one("graph.pad", f32(SHAPE(4, 5)), 1, &NA("pads", INTS(-1, 1, 0, -2)));
  const char *modes[] = {"reflect", "edge", "wrap"};
  for (int i = 0; i < 3; i++) {
    vtc_named_attr m[] = {NA("pads", INTS(2, 1, 1, 3)), NA("mode", vtc_attr_cstring(ctx, modes[i]))};
    one("graph.pad", f32(SHAPE(3, 4)), 2, m);
    vtc_named_attr m2[] = {NA("pads", INTS(0, -1, 2, 1)), NA("mode", vtc_attr_cstring(ctx, modes[i]))};
    one("graph.pad", f32(SHAPE(3, 4)), 2, m2);
  }
  vtc_named_attr e[] = {NA("pads", INTS(4, 5)), NA("axes", INTS(-1)), NA("mode", vtc_attr_cstring(ctx, "edge"))};
  one("graph.pad", f32(SHAPE(2, 3)), 3, e);
  vtc_named_attr w[] = {NA("pads", INTS(7, 5)), NA("axes", INTS(1)), NA("mode", vtc_attr_cstring(ctx, "wrap"))};
  one("graph.pad", f32(SHAPE(2, 3)), 3, w);
}

static void test_split_concat(void) {
  vtc_value *x = f32(SHAPE(6, 4));
  vtc_named_attr s1[] = {NA("axis", vtc_attr_i64(ctx, 0)), NA("split", INTS(2, 4))};
  check_op(make_op("graph.split", 1, &x, 2, 2, s1));
  x = f32(SHAPE(3, 7));
  check_op(make_op("graph.split", 1, &x, 3, 1, &NA("axis", vtc_attr_i64(ctx, -1))));
  vtc_value *ins[] = {f32(SHAPE(2, 3)), f32(SHAPE(2, 1)), f32(SHAPE(2, 4))};
  check_op(make_op("graph.concat", 3, ins, 1, 1, &NA("axis", vtc_attr_i64(ctx, -1))));
  vtc_value *ins0[] = {f32(SHAPE(1, 3)), f32(SHAPE(2, 3))};
  check_op(make_op("graph.concat", 2, ins0, 1, 1, &NA("axis", vtc_attr_i64(ctx, 0))));
}

static void test_index_dependent(void) {
  vtc_value *ops[] = {f32(SHAPE(4, 3)), arg(SHAPE(2), vtc_type_integer(ctx, 64))};
  vtc_op *op = make_op("graph.gather", 2, ops, 1, 0, NULL);
  vtc_graph_mapping m;
  CHECK(vtc_graph_get_mapping(op, 0, &m));
  CHECK(m.index_dependent);
  CHECK_EQ_INT(m.num_pieces, 0);
  int64_t idx[2] = {0, 0}, in_idx[2];
  unsigned k;
  CHECK(!vtc_graph_mapping_eval(&m, idx, &k, in_idx));
  vtc_graph_mapping_free(&m);
  vtc_op_destroy(op);
}

/* Random shapes: permutations, reshapes between factorings, slices, tiles,
 * expands and pads of ranks 1-4 with dims 1-4. */
static void random_shape(int *rank, int64_t *dims) {
  *rank = 1 + (int)rnd(4);
  for (int i = 0; i < *rank; i++) dims[i] = 1 + rnd(4);
}

static void test_random(void) {
  for (int iter = 0; iter < 60; iter++) {
    int rank;
    int64_t dims[VTC_MAX_RANK], v[VTC_MAX_RANK], w[VTC_MAX_RANK], s[VTC_MAX_RANK], z[2 * VTC_MAX_RANK];
    random_shape(&rank, dims);
    /* transpose: a random permutation */
    for (int i = 0; i < rank; i++) v[i] = i;
    for (int i = rank - 1; i > 0; i--) {
      int j = (int)rnd(i + 1);
      int64_t t = v[i];
      v[i] = v[j], v[j] = t;
    }
    one("graph.transpose", f32(rank, dims), 1, &NA("perm", ints(rank, v)));
    /* reshape: the element count refactored at random */
    int64_t n = 1;
    for (int i = 0; i < rank; i++) n *= dims[i];
    int r2 = 0;
    for (int64_t left = n; left > 1 && r2 < VTC_MAX_RANK - 1;) {
      int64_t f = 2 + rnd(3);
      if (left % f) f = left;
      w[r2++] = f, left /= f;
      if (rnd(3) == 0 && r2 < VTC_MAX_RANK - 1) w[r2++] = 1;
    }
    if (r2 == 0) w[r2++] = 1;
    one("graph.reshape", f32(rank, dims), 1, &NA("shape", ints(r2, w)));
    /* slice every axis with random starts/ends/steps */
    for (int i = 0; i < rank; i++) {
      v[i] = rnd(2 * dims[i] + 1) - dims[i];
      w[i] = rnd(2 * dims[i] + 3) - dims[i] - 1;
      s[i] = rnd(2) ? 1 + rnd(2) : -1 - rnd(2);
    }
    vtc_named_attr sl[] = {NA("starts", ints(rank, v)), NA("ends", ints(rank, w)), NA("steps", ints(rank, s))};
    one("graph.slice", f32(rank, dims), 3, sl);
    /* tile */
    for (int i = 0; i < rank; i++) v[i] = 1 + rnd(3);
    one("graph.tile", f32(rank, dims), 1, &NA("repeats", ints(rank, v)));
    /* expand: size-1 dims broadcast, a leading dim added */
    w[0] = 2;
    for (int i = 0; i < rank; i++) w[i + 1] = dims[i] == 1 ? 1 + rnd(3) : dims[i];
    one("graph.expand", f32(rank, dims), 1, &NA("shape", ints(rank + 1, w)));
    /* pad, every mode, pads that fit reflect */
    const char *modes[] = {"constant", "reflect", "edge", "wrap"};
    for (int i = 0; i < 2 * rank; i++) {
      int64_t d = dims[i % rank];
      z[i] = rnd(d) - (rnd(4) == 0 && d > 1 ? 1 : 0);
    }
    vtc_named_attr pd[] = {NA("pads", ints(2 * rank, z)), NA("mode", vtc_attr_cstring(ctx, modes[rnd(4)]))};
    one("graph.pad", f32(rank, dims), 2, pd);
  }
}

int main(void) {
  ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_graph_dialect(ctx);
  args = vtc_block_create();
  UNIT_RUN(test_fixed_cases);
  UNIT_RUN(test_slice);
  UNIT_RUN(test_pad);
  UNIT_RUN(test_split_concat);
  UNIT_RUN(test_index_dependent);
  UNIT_RUN(test_random);
  vtc_block_destroy(args);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
