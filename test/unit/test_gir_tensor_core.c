/* gir's tensor-core machinery against C. The hand-written GEMM of
 * test/Lowering/gir-to-llvm/gpu-mma-gemm.mlir (cp.async pipeline,
 * ldmatrix, mma.sync fragments, masked epilogue) run by the gir
 * interpreter, its 4 warps in lockstep between block syncs, on shapes with
 * tails in every dimension; the interpreter catches the kernel's pipeline
 * broken four ways (no gir.async_wait, a wait that leaves the k-tile in
 * flight, no gir.sync block, the sync after the next copies start) and the
 * host's shape checks fail with their messages. The one-feature kernels of
 * gpu-fragments.mlir (each ldmatrix form, fragment gathers and scatters,
 * mma.sync in f16, bf16, tf32 and f16-accumulate with a bias/scale/position
 * epilogue, re-patterning, cp.async tails) run in the interpreter against
 * C. On a GPU the compiled kernels run through the CUDA runtime (the GEMM
 * with dynamic shared memory, on larger shapes too) and are compared with
 * C and the interpreter; without one that part prints "SKIP: no CUDA GPU
 * (...)". */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "ir/asm.h"
#include "ir/ir.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

static char diag[8192];

static void collect(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  size_t used = strlen(diag);
  if (b.data && used + 1 < sizeof diag) snprintf(diag + used, sizeof diag - used, "%s\n", b.data);
  vtc_strbuf_free(&b);
}

/* A test input of the tree, found from this file's path. */
static char *read_source(const char *rel, size_t *len) {
  char path[4096];
  snprintf(path, sizeof path, "%s", __FILE__);
  char *cut = strstr(path, "test/unit/test_gir_tensor_core.c");
  if (!cut) return NULL;
  snprintf(cut, sizeof path - (size_t)(cut - path), "%s", rel);
  return vtc_read_file(path, len);
}

static char *read_gemm(size_t *len) { return read_source("test/Lowering/gir-to-llvm/gpu-mma-gemm.mlir", len); }

/* text with the first `from` replaced by `to` (heap). */
static char *replace(const char *text, const char *from, const char *to) {
  const char *at = strstr(text, from);
  if (!at) return NULL;
  size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
  char *s = malloc(n);
  snprintf(s, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  return s;
}

static unsigned long long rng = 88172645463325252ull;
static double rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}

/* The two GEMMs: the tensor-core one (f16, K and N multiples of 8) and the
 * CUDA-core one (f32, any shape). */
typedef struct gemm_kernel {
  const char *path;
  vtc_dtype dtype;
  double tol; /* relative to |ref| + sqrt(K) (f16 rounding of C, or f32 sums) */
} gemm_kernel;

static const gemm_kernel kGemmF16 = {"test/Lowering/gir-to-llvm/gpu-mma-gemm.mlir", VTC_F16, 1e-3};
static const gemm_kernel kGemmF32 = {"test/Lowering/gir-to-llvm/gpu-ffma-gemm.mlir", VTC_F32, 1e-5};

/* A and B, uniform in [-1, 1) rounded to the dtype. */
static void make_inputs_of(vtc_dtype dt, int64_t m, int64_t n, int64_t k, vtc_tensor in[2]) {
  int64_t da[2] = {m, k}, db[2] = {k, n};
  vtc_tensor_create(&in[0], dt, 2, da, NULL, 0);
  vtc_tensor_create(&in[1], dt, 2, db, NULL, 0);
  for (int i = 0; i < 2; i++)
    for (int64_t e = 0; e < vtc_tensor_numel(&in[i]); e++) vtc_tensor_set_f64(&in[i], e, 2 * rnd() - 1);
}

static void make_inputs(int64_t m, int64_t n, int64_t k, vtc_tensor in[2]) { make_inputs_of(VTC_F16, m, n, k, in); }

/* Every element of C within rounding (and summation order) of the exact
 * product of the inputs. */
static bool check_product_tol(const vtc_tensor in[2], const vtc_tensor *c, const char *what, double tol) {
  int64_t m = in[0].dims[0], k = in[0].dims[1], n = in[1].dims[1];
  if (c->dtype != in[0].dtype || c->rank != 2 || c->dims[0] != m || c->dims[1] != n) {
    fprintf(stderr, "%s: result has the wrong type or shape\n", what);
    return false;
  }
  int64_t bad = 0;
  double worst = 0;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double ref = 0;
      for (int64_t p = 0; p < k; p++) ref += vtc_tensor_get_f64(&in[0], i * k + p) * vtc_tensor_get_f64(&in[1], p * n + j);
      double got = vtc_tensor_get_f64(c, i * n + j), err = fabs(got - ref);
      if (!(err <= tol * (fabs(ref) + sqrt((double)k)))) bad++;
      if (err > worst || isnan(got)) worst = isnan(got) ? INFINITY : err;
    }
  if (bad) fprintf(stderr, "%s: %lld of %lld elements wrong (worst error %g)\n", what, (long long)bad,
                   (long long)(m * n), worst);
  return bad == 0;
}

static const int64_t kShapes[][3] = {
    /* M, N, K: tails in every dimension; one, several and more k-tiles than stages */
    {37, 40, 24}, {1, 8, 8}, {128, 128, 32}, {130, 136, 200}, {129, 264, 96}, {5, 8, 520},
};

static vtc_op *parse(vtc_context *ctx, const char *text) {
  vtc_op *m = vtc_parse_source(ctx, "gemm.mlir", text, strlen(text), 0);
  return m && vtc_verify(m) ? m : NULL;
}

/* The SGEMM's shapes: every tail, K below and above the k-tile of 8. */
static const int64_t kShapesF32[][3] = {
    {37, 41, 19}, {1, 1, 1}, {128, 128, 8}, {131, 257, 35}, {200, 3, 64},
};

static void run_gemm_interpreter(const gemm_kernel *g, const int64_t (*shapes)[3], size_t count) {
  size_t len;
  char *text = read_source(g->path, &len);
  CHECK(text != NULL);
  if (!text) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = parse(ctx, text);
  CHECK(m != NULL);
  vtc_op *f = m ? vtc_symbol_table_lookup(m, "main") : NULL;
  for (size_t s = 0; f && s < count; s++) {
    vtc_tensor in[2], *out = NULL;
    unsigned n = 0;
    make_inputs_of(g->dtype, shapes[s][0], shapes[s][1], shapes[s][2], in);
    diag[0] = 0;
    bool ok = vtc_gir_interpret(f, 2, in, &out, &n);
    if (!ok) fprintf(stderr, "%s", diag);
    char what[96];
    snprintf(what, sizeof what, "%s, interpreter %lldx%lldx%lld", g->path, (long long)shapes[s][0],
             (long long)shapes[s][1], (long long)shapes[s][2]);
    CHECK(ok && n == 1 && check_product_tol(in, &out[0], what, g->tol));
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
}

static void test_interpreter(void) {
  run_gemm_interpreter(&kGemmF16, kShapes, sizeof kShapes / sizeof *kShapes);
  run_gemm_interpreter(&kGemmF32, kShapesF32, sizeof kShapesF32 / sizeof *kShapesF32);
}

/* The kernel with one edit must fail in the interpreter with `error`. */
static void expect_failure(const char *text, const char *from, const char *to, int64_t k, const char *error) {
  char *edited = from ? replace(text, from, to) : strdup(text);
  CHECK(edited != NULL);
  if (!edited) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = parse(ctx, edited);
  CHECK(m != NULL);
  if (m) {
    vtc_tensor in[2], *out = NULL;
    unsigned n = 0;
    make_inputs(70, 136, k, in);
    diag[0] = 0;
    CHECK(!vtc_gir_interpret(vtc_symbol_table_lookup(m, "main"), 2, in, &out, &n));
    CHECK(strstr(diag, error) != NULL);
    if (!strstr(diag, error)) fprintf(stderr, "expected '%s' in:\n%s", error, diag);
    vtc_tensor_free_array(out, n);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
    vtc_op_destroy(m);
  }
  vtc_context_destroy(ctx);
  free(edited);
}

static void test_broken_pipelines(void) {
  size_t len;
  char *text = read_gemm(&len);
  if (!text) return;
  static const char kWait[] = "    gir.async_wait 2\n";
  static const char kSync[] = "    gir.sync block %As, %Bs : !gir.buffer<shared, 4x128x40xf16>, "
                              "!gir.buffer<shared, 4x32x136xf16>\n";
  expect_failure(text, kWait, "", 96,
                 "reads element 0 of a shared buffer while an asynchronous copy into it is in flight (a "
                 "gir.async_wait is missing)");
  expect_failure(text, kWait, "    gir.async_wait 3\n", 96, "while an asynchronous copy into it is in flight");
  expect_failure(text, kSync, "", 96,
                 "unit 0 of group 0 reads element 1280 of a shared buffer that no unit has written yet (when another "
                 "unit writes it later, a gir.sync block is missing)");
  /* The sync after the next stage's copies start: they overwrite the stage other warps read before it. */
  char *late = replace(text, kSync, "");
  char *late_sync = late ? replace(late, "    // Two k-steps of 16", "    gir.sync block %As, %Bs : "
                                   "!gir.buffer<shared, 4x128x40xf16>, !gir.buffer<shared, 4x32x136xf16>\n"
                                   "    // Two k-steps of 16") : NULL;
  CHECK(late_sync != NULL);
  if (late_sync)
    expect_failure(late_sync, NULL, NULL, 160,
                   "unit 1 of group 0 reads element 0 of a shared buffer while unit 0's asynchronous copy into it is "
                   "in flight (a gir.sync block after its gir.async_wait is missing)");
  free(late);
  free(late_sync);
  expect_failure(text, NULL, NULL, 20, "error: gemm: K = 20 is not a multiple of 8 (cp.async moves 16-byte rows)");
  free(text);
}

/* The host plan without a GPU: the launch passes the kernel's 74 KiB of
 * dynamic shared memory (4 stages x (128 x 40 + 32 x 136) halves). */
static void test_plan(void) {
  size_t len;
  char *text = read_gemm(&len), *err = NULL;
  if (!text) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = parse(ctx, text);
  vtc_cuda_program *p = m ? vtc_cuda_program_create(m, "main", NULL, NULL, &err) : NULL;
  CHECK(p != NULL);
  char *plan = p ? vtc_cuda_program_plan_text(p) : NULL;
  CHECK(plan && strstr(plan, "launch @gemm[%") && strstr(plan, "block 128 (ptr %0, dim %0[0], dim %0[1], ptr %1, "
                                                                "dim %1[0], dim %1[1], ptr %"));
  CHECK(plan && strstr(plan, ") shared 75776"));
  if (plan && !strstr(plan, ") shared 75776")) fprintf(stderr, "%s", plan);
  CHECK(p && strstr(vtc_cuda_program_ptx(p), ".extern .shared .align 1024 .b8 vtc_dynamic_shared[];"));
  free(plan);
  free(err);
  vtc_cuda_program_destroy(p);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
}

/* ---- the C API ---------------------------------------------------------------------------- */

/* Fragment types: canonical bodies, uniquing with the parser, decoding,
 * the shape rules; a kernel staging a tile with the builders (copy_async,
 * commit, wait, assume_multiple), verified, printed and reparsed; the
 * known multiples the verifier proves alignment from. */
static void test_c_api(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  const vtc_type *f16 = vtc_type_f16(ctx), *f32 = vtc_type_f32(ctx), *index = vtc_type_index(ctx);
  const vtc_type *a = vtc_gir_fragment_type(ctx, VTC_GIR_LAYOUT_MMA_A, f16, 64, 16);
  CHECK_EQ_STR(a->body, "register, 64x16xf16, mma_a");
  CHECK(vtc_parse_type_string(ctx, "!gir.slice<register, 64x16xf16, mma_a>") == a);
  CHECK(vtc_gir_fragment_type(ctx, VTC_GIR_LAYOUT_LANES, f16, 4, 8) == vtc_gir_register_type(ctx, f16, 4, 8));
  vtc_gir_slice_info si;
  CHECK(vtc_gir_slice_info_of(ctx, a, &si) && si.layout == VTC_GIR_LAYOUT_MMA_A && si.num == 64 && si.width == 16 &&
        si.stride == 16 && si.level == VTC_GIR_REGISTER);
  CHECK(vtc_gir_layout_of(ctx, vtc_gir_register_type(ctx, f32, 2, 2)) == VTC_GIR_LAYOUT_LANES);
  int64_t r, c;
  CHECK(vtc_gir_fragment_tile(VTC_GIR_LAYOUT_MMA_B, f32, &r, &c) && r == 8 && c == 8);
  CHECK(vtc_gir_fragment_tile(VTC_GIR_LAYOUT_MMA_A, vtc_type_bf16(ctx), &r, &c) && r == 16 && c == 16);
  CHECK(!vtc_gir_fragment_tile(VTC_GIR_LAYOUT_MMA_A, vtc_type_integer(ctx, 8), &r, &c));
  CHECK(vtc_gir_fragment_tile(VTC_GIR_LAYOUT_FFMA_ACC, f32, &r, &c) && r == 4 && c == 8);
  CHECK(vtc_gir_fragment_check(VTC_GIR_LAYOUT_MMA_ACC, f32, 16, 12) != NULL);
  CHECK(vtc_gir_fragment_check(VTC_GIR_LAYOUT_FFMA_A, f32, 32, 1) == NULL);
  vtc_gir_layout l;
  CHECK(vtc_gir_layout_from_name("ffma_b", &l) && l == VTC_GIR_LAYOUT_FFMA_B && !vtc_gir_layout_from_name("mma", &l));
  CHECK_EQ_STR(vtc_gir_layout_name(VTC_GIR_LAYOUT_MMA_ACC), "mma_acc");

  /* gir.kernel @stage(%x: ?x?xf16, %k: index): 16x32 of x into shared. */
  const vtc_loc *loc = vtc_loc_unknown(ctx);
  vtc_op_state ms = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = loc, .num_regions = 1};
  vtc_op *module = vtc_op_create(&ms);
  vtc_block *mb = vtc_block_create();
  vtc_region_push_block(vtc_op_region(module, 0), mb);
  vtc_builder b = vtc_builder_at_end(ctx, mb);
  int64_t xd[2] = {VTC_DYNAMIC, VTC_DYNAMIC}, sd[2] = {16, 40};
  const vtc_type *params[2] = {vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, f16, 2, xd), index};
  vtc_op *k = vtc_gir_build_kernel(&b, loc, "stage", 2, params, VTC_GIR_HIER_GPU, 1, 32);
  vtc_builder kb = vtc_builder_at_end(ctx, vtc_gir_kernel_body(k));
  vtc_named_attr c0a = {vtc_str(ctx, "value"), vtc_attr_integer(ctx, index, 0)};
  vtc_value *c0 = vtc_op_result(vtc_builder_create(&kb, "arith.constant", loc, 0, NULL, index, 1, &c0a), 0);
  vtc_value *k8 = vtc_gir_build_assume_multiple(&kb, loc, vtc_gir_kernel_arg(k, 1), 8);
  vtc_value *sh = vtc_gir_build_alloc(&kb, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, f16, 2, sd), 0, NULL);
  vtc_value *src = vtc_gir_build_view(&kb, loc, vtc_gir_kernel_arg(k, 0), c0,
                                      vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, f16, 16, 32, VTC_DYNAMIC), k8,
                                      vtc_gir_kernel_arg(k, 1), vtc_gir_kernel_arg(k, 1));
  vtc_value *dst = vtc_gir_build_view(&kb, loc, sh, c0, vtc_gir_slice_type(ctx, VTC_GIR_SHARED, f16, 16, 32, 40),
                                      NULL, NULL, NULL);
  vtc_gir_build_copy_async(&kb, loc, src, dst);
  vtc_gir_build_async_commit(&kb, loc);
  vtc_op *wait = vtc_gir_build_async_wait(&kb, loc, 0);
  vtc_gir_build_return(&kb, loc);
  CHECK(vtc_verify(module));
  CHECK_EQ_INT(vtc_gir_async_wait_pending(wait), 0);
  CHECK_EQ_INT(vtc_gir_known_multiple(k8), 8);
  CHECK_EQ_INT(vtc_gir_known_multiple(c0), 0);
  CHECK_EQ_INT(vtc_gir_known_multiple(vtc_gir_kernel_arg(k, 1)), 1);
  vtc_print_flags pf = {.generic = false, .elide_elements_above = -1};
  vtc_strbuf text = {0};
  vtc_print_op(module, &pf, &text);
  CHECK(strstr(text.data, "gir.copy_async %") && strstr(text.data, "gir.async_commit") &&
        strstr(text.data, "gir.async_wait 0") && strstr(text.data, "gir.assume_multiple %arg1, 8"));
  vtc_op *again = vtc_parse_source(ctx, "printed.mlir", text.data, text.len, 0);
  CHECK(again && vtc_verify(again));
  if (again) vtc_op_destroy(again);
  vtc_strbuf_free(&text);
  vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

/* ---- the one-feature kernels ------------------------------------------------------------- */

/* Random inputs for each argument of an entry (static gir buffers). */
static unsigned make_entry_inputs(vtc_context *ctx, vtc_op *f, vtc_tensor *in) {
  const vtc_type *ft = vtc_func_get_type(f);
  for (unsigned a = 0; a < ft->num_inputs; a++) {
    vtc_gir_buffer_info b;
    vtc_gir_buffer_info_of(ctx, vtc_function_input(ft, a), &b);
    vtc_dtype dt = b.elem->kind == VTC_TYPE_F16 ? VTC_F16 : b.elem->kind == VTC_TYPE_BF16 ? VTC_BF16 : VTC_F32;
    vtc_tensor_create(&in[a], dt, (int)b.rank, b.dims, NULL, 0);
    for (int64_t e = 0; e < vtc_tensor_numel(&in[a]); e++) vtc_tensor_set_f64(&in[a], e, 2 * rnd() - 1);
  }
  return ft->num_inputs;
}

static double at(const vtc_tensor *t, int64_t i, int64_t j) { return vtc_tensor_get_f64(t, i * t->dims[1] + j); }

/* cvt.rna.tf32.f32, as the interpreter and the tensor cores round. */
static double tf32(double x) {
  float f = (float)x;
  uint32_t bits;
  memcpy(&bits, &f, 4);
  bits = (bits + 0x1000u) & ~0x1fffu;
  memcpy(&f, &bits, 4);
  return f;
}

/* out[i][j] == want(i, j) within tol * (1 + |want|); counts misses. */
typedef double (*expect_fn)(const vtc_tensor *in, int64_t i, int64_t j);
static bool expect_all(const char *what, const vtc_tensor *out, const vtc_tensor *in, expect_fn want, double tol) {
  int64_t bad = 0;
  for (int64_t i = 0; i < out->dims[0]; i++)
    for (int64_t j = 0; j < out->dims[1]; j++) {
      double w = want(in, i, j), g = at(out, i, j);
      if (!(fabs(g - w) <= tol * (1 + fabs(w)))) {
        if (!bad) fprintf(stderr, "%s: [%lld, %lld] is %g, expected %g\n", what, (long long)i, (long long)j, g, w);
        bad++;
      }
    }
  return bad == 0;
}

static double same(const vtc_tensor *in, int64_t i, int64_t j) { return at(&in[0], i, j); }
static double transposed(const vtc_tensor *in, int64_t i, int64_t j) { return at(&in[0], j, i); }
static double masked_30x27(const vtc_tensor *in, int64_t i, int64_t j) { return i < 30 && j < 27 ? at(&in[0], i, j) : 0; }
static double masked_13x12(const vtc_tensor *in, int64_t i, int64_t j) { return i < 13 && j < 12 ? at(&in[0], i, j) : 0; }

static double product(const vtc_tensor *in, int64_t i, int64_t j) {
  double s = 0;
  for (int64_t k = 0; k < in[0].dims[1]; k++) s += at(&in[0], i, k) * at(&in[1], k, j);
  return s;
}

static double product_tf32(const vtc_tensor *in, int64_t i, int64_t j) {
  double s = 0;
  for (int64_t k = 0; k < in[0].dims[1]; k++) s += tf32(at(&in[0], i, k)) * tf32(at(&in[1], k, j));
  return s;
}

/* mma_f16's epilogue: relu(A B * rowscale + bias), halved above the diagonal. */
static double epilogue(const vtc_tensor *in, int64_t i, int64_t j) {
  double v = product(in, i, j) * at(&in[3], i, 0) + at(&in[2], 0, j);
  v = v > 0 ? v : 0;
  return i < j ? v / 2 : v;
}

static double epilogue_t(const vtc_tensor *in, int64_t i, int64_t j) { return epilogue(in, j, i); }
static double epilogue_15x13(const vtc_tensor *in, int64_t i, int64_t j) {
  return i < 15 && j < 13 ? epilogue(in, i, j) : 0;
}
static double element_5_9(const vtc_tensor *in, int64_t i, int64_t j) { return product(in, 5, 9); }

/* What each @t_* entry's results must be, in order (tolerances: data
 * movement exact, f32 accumulation of the products, f16 rounding). */
typedef struct entry_expect {
  const char *entry;
  unsigned results;
  expect_fn want[4];
  double tol;
} entry_expect;

static const entry_expect kEntries[] = {
    {"t_ld_a", 1, {same}, 0},
    {"t_ld_b", 1, {same}, 0},
    {"t_ld_bt", 1, {transposed}, 0},
    {"t_ld_at", 1, {transposed}, 0},
    {"t_ld_b_x2", 1, {same}, 0},
    {"t_gather_frags", 4, {same, same, masked_30x27, transposed}, 0},
    {"t_mma_f16", 3, {epilogue, epilogue_t, element_5_9}, 1e-5},
    {"t_mma_bf16", 1, {product}, 1e-5},
    {"t_mma_tf32", 1, {product_tf32}, 1e-5},
    {"t_mma_f16acc", 1, {product}, 2e-3},
    {"t_ffma", 3, {epilogue_15x13, epilogue_t, element_5_9}, 1e-5},
    {"t_repattern", 1, {same}, 0},
    {"t_cp_async_tail", 1, {masked_13x12}, 0},
};

/* Runs every entry in the interpreter and, with a GPU, compiled. */
static void run_fragments(vtc_cuda *cu) {
  size_t len;
  char *text = read_source("test/Lowering/gir-to-llvm/gpu-fragments.mlir", &len);
  CHECK(text != NULL);
  if (!text) return;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = vtc_parse_source(ctx, "gpu-fragments.mlir", text, len, 0);
  CHECK(m && vtc_verify(m));
  for (size_t e = 0; m && e < sizeof kEntries / sizeof *kEntries; e++) {
    const entry_expect *x = &kEntries[e];
    vtc_op *f = vtc_symbol_table_lookup(m, x->entry);
    CHECK(f != NULL);
    if (!f) continue;
    vtc_tensor in[4], *out = NULL;
    unsigned nin = make_entry_inputs(ctx, f, in), n = 0;
    diag[0] = 0;
    bool ok = vtc_gir_interpret(f, nin, in, &out, &n);
    if (!ok) fprintf(stderr, "%s: %s", x->entry, diag);
    CHECK(ok && n == x->results);
    for (unsigned r = 0; ok && r < n; r++) {
      char what[96];
      snprintf(what, sizeof what, "interpreter @%s result %u", x->entry, r);
      CHECK(expect_all(what, &out[r], in, x->want[r], x->tol));
    }
    if (cu) {
      char *err = NULL;
      vtc_cuda_program *p = vtc_cuda_program_create(m, x->entry, NULL, cu, &err);
      vtc_tensor *gout = NULL;
      bool gok = p && vtc_cuda_program_run(p, cu, in, nin, &gout, NULL, &err) == 0;
      if (!gok) fprintf(stderr, "@%s on the GPU: %s%s\n", x->entry, diag, err ? err : "");
      CHECK(gok);
      for (unsigned r = 0; gok && r < x->results; r++) {
        char what[96];
        snprintf(what, sizeof what, "GPU @%s result %u", x->entry, r);
        CHECK(expect_all(what, &gout[r], in, x->want[r], x->tol));
      }
      vtc_tensor_free_array(gout, gok ? x->results : 0);
      vtc_cuda_program_destroy(p);
      free(err);
    }
    vtc_tensor_free_array(out, n);
    for (unsigned a = 0; a < nin; a++) vtc_tensor_free(&in[a]);
  }
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
}

static void test_fragments_interpreter(void) { run_fragments(NULL); }

/* ---- on a GPU ------------------------------------------------------------------------ */

static const int64_t kGpuShapes[][3] = {
    {37, 40, 24}, {1, 8, 8}, {130, 136, 200}, {517, 392, 264}, {1024, 1024, 1024}, {2048, 768, 2304},
};

/* A GEMM compiled for the GPU on the shapes, against C. */
static void run_gemm_gpu(vtc_cuda *cu, const gemm_kernel *g, const int64_t (*shapes)[3], size_t count,
                         const char *plan_has) {
  size_t len;
  char *text = read_source(g->path, &len), *err = NULL;
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_op *m = text ? parse(ctx, text) : NULL;
  vtc_cuda_program *p = m ? vtc_cuda_program_create(m, "main", NULL, cu, &err) : NULL;
  CHECK(p != NULL);
  if (!p) fprintf(stderr, "%s%s\n", diag, err ? err : "");
  free(err);
  err = NULL;
  char *plan = p ? vtc_cuda_program_plan_text(p) : NULL;
  CHECK(plan && strstr(plan, plan_has));
  free(plan);
  for (size_t s = 0; p && s < count; s++) {
    vtc_tensor in[2], *out = NULL;
    make_inputs_of(g->dtype, shapes[s][0], shapes[s][1], shapes[s][2], in);
    bool ok = vtc_cuda_program_run(p, cu, in, 2, &out, NULL, &err) == 0;
    if (!ok) fprintf(stderr, "%s\n", err ? err : "?");
    free(err);
    err = NULL;
    char what[96];
    snprintf(what, sizeof what, "%s, GPU %lldx%lldx%lld", g->path, (long long)shapes[s][0], (long long)shapes[s][1],
             (long long)shapes[s][2]);
    CHECK(ok && check_product_tol(in, &out[0], what, g->tol));
    vtc_tensor_free_array(out, ok ? 1 : 0);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  vtc_cuda_program_destroy(p);
  if (m) vtc_op_destroy(m);
  vtc_context_destroy(ctx);
  free(text);
}

static const int64_t kGpuShapesF32[][3] = {
    {37, 41, 19}, {1, 1, 1}, {131, 257, 35}, {517, 389, 263}, {1024, 1024, 1024}, {2048, 768, 2304},
};

static void test_gpu(void) {
  char *err = NULL;
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    printf("SKIP: no CUDA GPU (%s)\n", err ? err : "?");
    free(err);
    return;
  }
  run_gemm_gpu(cu, &kGemmF16, kGpuShapes, sizeof kGpuShapes / sizeof *kGpuShapes, ") shared 75776");
  run_gemm_gpu(cu, &kGemmF32, kGpuShapesF32, sizeof kGpuShapesF32 / sizeof *kGpuShapesF32, "launch @sgemm[%");
  run_fragments(cu);
  vtc_cuda_close(cu);
}

int main(void) {
  UNIT_RUN(test_c_api);
  UNIT_RUN(test_interpreter);
  UNIT_RUN(test_broken_pipelines);
  UNIT_RUN(test_plan);
  UNIT_RUN(test_fragments_interpreter);
  UNIT_RUN(test_gpu);
  return UNIT_RESULT();
}
