/* vortex-classify and vortex-print-rkernel (Vortex section 4.2, Algorithm 1
 * and Table 1): the first attaches `vortex.rkernel` to each contraction TE
 * and leaves every other TE as it is with a remark saying why (one
 * --pass-statistics count per reason); the second prints the rKernel of each
 * contraction: per level L2 / L1 / L0 the three loop sets (parallel,
 * temporal spatial, temporal reduction) and the Load / rKernel(N-1) / Store
 * stages on the chosen hardware, GPU or CPU.
 *
 * Choices where the paper is silent: tile sizes are printed as symbols (TM,
 * WM, MC, MR, ...; the candidates pass gives them values); a convolution's
 * A tile is loaded through its map (im2col while staging, never a copy);
 * the L1 store is empty on both targets (L0 writes the accumulators to
 * global memory, the epilogue), and split-K is an L2 parallel loop. */
#include <stdio.h>
#include <string.h>

#include "dialects/te/te.h"
#include "ir/ir.h"
#include "passes/vortex/vortex_impl.h"

/* ---- walking the TEs of each function ---------------------------------------------- */

typedef struct te_walk {
  vtc_pass_context *pc;
  const char *func;
  unsigned index;
  vortex_visit_fn visit;
  void *data;
  bool failed;
} te_walk;

static vtc_walk_result walk_fn(vtc_op *op, void *data) {
  te_walk *w = data;
  if (vtc_op_is_named(op, "func.func")) {
    const char *name = vtc_symbol_name(op);
    w->func = name ? name : "?";
    w->index = 0;
    return VTC_WALK_ADVANCE;
  }
  if (vtc_te_is_compute(op)) {
    w->visit(w, op);
    w->index++;
    return w->failed ? VTC_WALK_INTERRUPT : VTC_WALK_SKIP;
  }
  return VTC_WALK_ADVANCE;
}

bool vortex_walk_computes(vtc_pass_context *pc, vtc_op *root, vortex_visit_fn visit, void *data) {
  te_walk w = {pc, "?", 0, visit, data, false};
  vtc_op_walk(root, true, walk_fn, &w);
  return !w.failed;
}

const char *vortex_walk_func(const void *walk) { return ((const te_walk *)walk)->func; }
unsigned vortex_walk_index(const void *walk) { return ((const te_walk *)walk)->index; }
vtc_pass_context *vortex_walk_pass(const void *walk) { return ((const te_walk *)walk)->pc; }
void *vortex_walk_data(const void *walk) { return ((const te_walk *)walk)->data; }
void vortex_walk_fail(void *walk) { ((te_walk *)walk)->failed = true; }

/* ---- vortex-classify ---------------------------------------------------------------- */

static void classify_visit(void *walk, vtc_op *compute) {
  vtc_pass_context *pc = vortex_walk_pass(walk);
  vortex_contraction c;
  vortex_reject why_kind;
  char why[256];
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  if (vortex_classify_compute_ex(compute, &c, &why_kind, why, sizeof why)) {
    vtc_op_set_attr(compute, VORTEX_ATTR_RKERNEL, vortex_contraction_attr(ctx, &c));
  } else {
    vtc_op_remove_attr(compute, VORTEX_ATTR_RKERNEL);
    vtc_remark(ctx, compute->loc, "vortex: te @%s #%u stays a plain TE: %s", vortex_walk_func(walk),
               vortex_walk_index(walk), why);
  }
  vtc_pass_stat_add(pc, (unsigned)why_kind, 1);
}

static bool run_classify(vtc_pass_context *pc, vtc_op *root, const void *options) {
  (void)options;
  return vortex_walk_computes(pc, root, classify_visit, NULL);
}

const vtc_pass_def vortex_classify_pass = {
    .name = "vortex-classify",
    .summary = "Vortex 4.2 (Algorithm 1): mark contraction TEs (matmul any orientation/rank/broadcast, conv as "
               "implicit GEMM) with vortex.rkernel (roles, maps, dtypes); remark why others stay plain",
    .run = run_classify,
    .statistics = vortex_reject_names_null_terminated,
};

/* ---- vortex-print-rkernel ----------------------------------------------------------- */

static void role_list(vtc_strbuf *b, const vortex_contraction *c, vortex_role r) {
  vtc_strbuf_printf(b, "%s [", vortex_role_name(r));
  for (unsigned i = 0; i < c->num_role_dims[r]; i++) {
    unsigned d = c->role_dims[r][i];
    vtc_strbuf_printf(b, "%sd%u = ", i ? ", " : "", d);
    vtc_affine_expr_print(c->extent[d].expr, b);
  }
  vtc_strbuf_putc(b, ']');
}

static void describe(vtc_strbuf *b, const vortex_contraction *c) {
  vtc_strbuf_printf(b, "%s ", vortex_op_class_name(c->op_class));
  for (int r = 0; r < VORTEX_NUM_ROLES; r++) {
    if (r) vtc_strbuf_puts(b, " ");
    role_list(b, c, (vortex_role)r);
  }
  vtc_strbuf_printf(b, "; A = input %u %s, B = input %u %s, accumulate %s, out %s", c->a.input,
                    vtc_hw_dtype_name(c->a.dtype), c->b.input, vtc_hw_dtype_name(c->b.dtype),
                    vtc_hw_dtype_name(c->acc_dtype), vtc_hw_dtype_name(c->out_dtype));
  if (c->op_class == VORTEX_CONV) {
    const vortex_conv *v = &c->conv;
    for (unsigned s = 0; s < v->num_spatial; s++)
      vtc_strbuf_printf(b, "%s d%u * %lld + d%u * %lld - %lld", s ? "," : "; spatial", v->out_dim[s],
                        (long long)v->stride[s], v->kernel_dim[s], (long long)v->dilation[s], (long long)v->pad[s]);
    vtc_strbuf_printf(b, "; groups %lld", (long long)v->groups);
  }
}

/* One level of Table 1 for a target kind and backend. */
typedef struct level_row {
  const char *level, *unit;
  const char *parallel, *temporal_spatial, *temporal_reduction;
  const char *load, *compute, *store;
} level_row;

static const level_row gpu_tc_rows[3] = {
    {"L2", "grid (device)", "batch, m / TM, n / TN, split-k", "", "", "-", "L1 rKernel", "-"},
    {"L1", "cta (SM)", "warps: TM / WM x TN / WN", "", "k / TK",
     "global -> shared (A TM x TK, B TK x TN; S-stage cp.async)", "L0 rKernel", "-"},
    {"L0", "warp (tensor cores)", "32 lanes", "WM / MMA_M x WN / MMA_N", "TK / MMA_K",
     "shared -> register (ldmatrix)", "mma.sync", "register -> global (masked epilogue)"},
};

static const level_row gpu_cc_rows[3] = {
    {"L2", "grid (device)", "batch, m / TM, n / TN, split-k", "", "", "-", "L1 rKernel", "-"},
    {"L1", "cta (SM)", "warps: TM / WM x TN / WN", "", "k / TK",
     "global -> shared (A TM x TK, B TK x TN; S-stage cp.async)", "L0 rKernel", "-"},
    {"L0", "warp (CUDA cores)", "32 lanes: WM / TTM x WN / TTN threads", "TTM x TTN per thread", "TK",
     "shared -> register", "ffma", "register -> global (masked epilogue)"},
};

static const level_row cpu_rows[3] = {
    {"L2", "process (cores)", "threads: batch, m / MC, n / NC, split-k", "", "", "-", "L1 rKernel", "-"},
    {"L1", "thread (core; CacheBuffer in L2/L3)", "", "MC / MR x NC / NR", "k / KC",
     "global -> CacheBuffer (pack A MC x KC, B KC x NC)", "L0 rKernel", "-"},
    {"L0", "ALU (vector registers)", "VL lanes", "", "KC", "CacheBuffer -> register (broadcast A, load B)",
     "fma MR x NR", "register -> global"},
};

static void print_level(vtc_strbuf *b, const level_row *r, bool conv) {
  vtc_strbuf_printf(b, "%s %s: parallel {%s}; temporal-spatial {%s}; temporal-reduction {%s}; load %s%s; compute %s; "
                       "store %s",
                    r->level, r->unit, r->parallel, r->temporal_spatial, r->temporal_reduction, r->load,
                    conv && strcmp(r->level, "L1") == 0 ? " (A through its map: im2col while staging)" : "",
                    r->compute, r->store);
}

typedef struct print_options {
  const char *target;
  int backend;
} print_options;

static void print_visit(void *walk, vtc_op *compute) {
  const print_options *o = vortex_walk_data(walk);
  vtc_context *ctx = vtc_pass_context_ctx(vortex_walk_pass(walk));
  vortex_contraction c;
  char why[256];
  const char *func = vortex_walk_func(walk);
  unsigned idx = vortex_walk_index(walk);
  if (!vortex_classify_compute(compute, &c, why, sizeof why)) {
    vtc_remark(ctx, compute->loc, "vortex rkernel @%s #%u: none (%s)", func, idx, why);
    return;
  }
  const vtc_hardware *hw = vortex_pass_hardware(ctx, compute->loc, o->target);
  if (!hw) {
    vortex_walk_fail(walk);
    return;
  }
  vortex_backend be;
  if (!vortex_pass_backend(ctx, compute->loc, hw, (vortex_backend_option)o->backend, &c, &be)) {
    vortex_walk_fail(walk);
    return;
  }
  vtc_strbuf b = {0};
  describe(&b, &c);
  vtc_remark(ctx, compute->loc, "vortex rkernel @%s #%u: %s", func, idx, b.data);
  const level_row *rows = be == VORTEX_BACKEND_TENSOR_CORE ? gpu_tc_rows
                          : be == VORTEX_BACKEND_CUDA_CORE ? gpu_cc_rows
                                                           : cpu_rows;
  /* The L0 row names the instruction: the mma shape, or the vector length. */
  level_row l0 = rows[2];
  char ts[64], tr[32], compute_s[96], lanes[32];
  const vtc_hw_mma *mma = vtc_hardware_mma(hw, c.a.dtype == VTC_HW_F32 ? VTC_HW_TF32 : c.a.dtype);
  if (be == VORTEX_BACKEND_TENSOR_CORE && mma) {
    snprintf(ts, sizeof ts, "WM / %d x WN / %d", mma->m, mma->n);
    snprintf(tr, sizeof tr, "TK / %d", mma->k);
    snprintf(compute_s, sizeof compute_s, "mma.sync m%dn%dk%d (%s -> %s)", mma->m, mma->n, mma->k,
             vtc_hw_dtype_name(mma->in), vtc_hw_dtype_name(mma->acc));
    l0.temporal_spatial = ts;
    l0.temporal_reduction = tr;
    l0.compute = compute_s;
  } else if (!vortex_backend_is_gpu(be)) {
    snprintf(lanes, sizeof lanes, "%d lanes", be == VORTEX_BACKEND_AVX512 ? 16 : 8);
    snprintf(compute_s, sizeof compute_s, "%s MR x NR (%s)", be == VORTEX_BACKEND_AVX512 ? "vfmadd231ps zmm" : "vfmadd231ps ymm",
             be == VORTEX_BACKEND_AVX512 ? "MR*NR/16 + NR/16 + 1 <= 32 zmm" : "MR*NR/8 + NR/8 + 1 <= 16 ymm");
    l0.parallel = lanes;
    l0.compute = compute_s;
  }
  for (int l = 0; l < 3; l++) {
    vtc_strbuf_clear(&b);
    print_level(&b, l == 2 ? &l0 : &rows[l], c.op_class == VORTEX_CONV);
    vtc_remark(ctx, compute->loc, "vortex rkernel @%s #%u: %s on %s: %s", func, idx, vortex_backend_name(be),
               hw->name, b.data);
  }
  vtc_strbuf_free(&b);
}

static bool run_print_rkernel(vtc_pass_context *pc, vtc_op *root, const void *options) {
  vtc_pass_mark_unchanged(pc);
  return vortex_walk_computes(pc, root, print_visit, (void *)options);
}

static const vtc_pass_option print_rkernel_options[] = {
    {"target", VTC_OPTION_STRING, "", "Hardware (targets/hardware.h: h100, a100, skylake-avx512, znver3, host, ...; "
                                      "empty: host)",
     offsetof(print_options, target), NULL},
    {"backend", VTC_OPTION_ENUM, "auto", "auto, tensor-core, cuda-core, avx512 or avx2",
     offsetof(print_options, backend), vortex_backend_option_names},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vortex_print_rkernel_pass = {
    .name = "vortex-print-rkernel",
    .summary = "Vortex 4.2 (Algorithm 1, Table 1): print each contraction's rKernel: per level L2/L1/L0 the "
               "parallel, temporal-spatial and temporal-reduction loops and the Load/rKernel(N-1)/Store stages",
    .options_size = sizeof(print_options),
    .options = print_rkernel_options,
    .run = run_print_rkernel,
};
