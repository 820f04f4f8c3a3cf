/* Vortex's te-level C API (passes/vortex/rkernel.h) and the hardware tables
 * it reads (targets/hardware.h):
 *   - the rows: values from the vendors' documents, aliases, unknown names;
 *   - the generator's invariants on every fixed target: each L0 within the
 *     ISA's registers, each link within shared memory, 1024 threads and the
 *     utilisation bounds, L1 tiles multiples of their L0 unless
 *     multiples=false;
 *   - the model: more work never costs less; the variant set is at most N;
 *   - the selection emitted as host arith agrees with vortex_select on
 *     every size, through the gir interpreter and the CPU JIT (and compiles
 *     into a CUDA host plan); static sizes fold it to a constant;
 *   - vortex.variants round-trips. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dialects/gir/interpreter.h"
#include "dialects/te/te.h"
#include "ir/ir.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "passes/vortex/rkernel.h"
#include "runtime/cpu_exec.h"
#include "runtime/cuda_exec.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

/* ---- the hardware rows ---------------------------------------------------------------- */

static void test_hardware(void) {
  const vtc_hardware *h100 = vtc_hardware_lookup("h100");
  CHECK(h100 && h100->kind == VTC_HW_GPU);
  if (!h100) return;
  CHECK(vtc_hardware_lookup("H100-SXM") == h100);
  CHECK(vtc_hardware_lookup("gpu") == h100);
  CHECK_EQ_INT(h100->num_cores, 132);
  CHECK_EQ_INT(h100->gpu.shared_per_block_optin, 227 * 1024);
  CHECK_EQ_INT(h100->gpu.shared_banks, 32);
  CHECK_EQ_INT(h100->gpu.max_registers_per_thread, 255);
  CHECK(h100->gpu.cp_async);
  CHECK(fabs(vtc_hardware_peak_flops(h100, VTC_HW_F16, true) - 989.4e12) < 1e9);
  CHECK(fabs(vtc_hardware_peak_flops(h100, VTC_HW_F32, false) - 66.9e12) < 1e9);
  CHECK(fabs(h100->dram_bandwidth - 2.92e12) < 1e9); /* measured copy bandwidth */
  const vtc_hw_mma *mma = vtc_hardware_mma(h100, VTC_HW_F16);
  CHECK(mma && mma->m == 16 && mma->n == 8 && mma->k == 16 && mma->acc == VTC_HW_F32);
  mma = vtc_hardware_mma(h100, VTC_HW_TF32);
  CHECK(mma && mma->k == 8);
  CHECK(vtc_hardware_mma(h100, VTC_HW_F64) == NULL);
  const vtc_hardware *a100 = vtc_hardware_lookup("a100");
  CHECK(a100 && a100->num_cores == 108 && a100->gpu.shared_per_block_optin == 163 * 1024);
  CHECK(vtc_hardware_lookup("sm_80") == a100);
  CHECK(vtc_hardware_lookup("h200") && vtc_hardware_lookup("h200")->dram_bytes == 141000000000LL);
  const vtc_hardware *skx = vtc_hardware_lookup("skylake-avx512");
  CHECK(skx && skx->kind == VTC_HW_CPU && skx->cpu.vector_registers == 32 && skx->cpu.fma_units == 2 &&
        skx->cpu.avx512f);
  /* 24 cores x 2.5 GHz x 2 FMA units x 16 lanes x 2 flops. */
  CHECK(skx && fabs(vtc_hardware_peak_flops(skx, VTC_HW_F32, false) - 3840e9) < 1e6);
  const vtc_hardware *zen = vtc_hardware_lookup("znver3");
  CHECK(zen && zen->cpu.vector_bits == 256 && zen->cpu.vector_registers == 16 && !zen->cpu.avx512f);
  const vtc_hardware *host = vtc_hardware_lookup("host");
  CHECK(host && host->kind == VTC_HW_CPU && host->num_cores >= 1 && host->clock_hz > 0 &&
        host->dram_bandwidth > 0 && host->cpu.l2_bandwidth > 0 && host->cpu.fma_units >= 1);
  CHECK(vtc_hardware_lookup("cpu") == host);
  CHECK(vtc_hardware_lookup("v100") == NULL);
  CHECK(vtc_hardware_lookup("") == NULL);
  CHECK(vtc_hardware_lookup(NULL) == NULL);
}

/* ---- the generator --------------------------------------------------------------------- */

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static void check_table(const char *target, vtc_hw_dtype in, const vortex_options *o) {
  const vtc_hardware *hw = vtc_hardware_lookup(target);
  vortex_candidates t;
  char why[200];
  bool ok = vortex_generate(hw, in, in, o, &t, why, sizeof why);
  CHECK(ok);
  if (!ok) {
    fprintf(stderr, "%s: %s\n", target, why);
    return;
  }
  CHECK(t.l0.len > 0 && t.l1.len > 0 && t.links.len > 0 && t.l2.len > 0);
  int bad = 0;
  for (size_t i = 0; i < t.l0.len; i++) {
    const vortex_l0 *l = &t.l0.data[i];
    if (hw->kind == VTC_HW_GPU) {
      bad += l->registers > hw->gpu.max_registers_per_thread;
      if (l->backend == VORTEX_BACKEND_TENSOR_CORE) bad += l->m % 16 || l->n % 8 || l->k % l->inst_k;
      else bad += l->lanes_m * l->lanes_n != 32;
    } else {
      int vl = l->inst_n, regs = l->backend == VORTEX_BACKEND_AVX512 ? 32 : 16;
      /* MR*NR/VL accumulators + NR/VL B vectors + one broadcast. */
      bad += l->m * l->n / vl + l->n / vl + 1 > regs || l->n % vl;
    }
    bad += l->util < o->util_min - 1e-9 || l->util > o->util_max + 1e-9;
  }
  bool some_not_multiple = false;
  for (size_t i = 0; i < t.links.len; i++) {
    const vortex_link *k = &t.links.data[i];
    const vortex_l1 *l1 = &t.l1.data[k->l1];
    const vortex_l0 *l0 = &t.l0.data[k->l0];
    bool multiple = l1->m % l0->m == 0 && l1->n % l0->n == 0;
    some_not_multiple |= !multiple;
    if (o->multiples) bad += !multiple;
    if (hw->kind == VTC_HW_GPU) {
      bad += k->units != ceil_div(l1->m, l0->m) * ceil_div(l1->n, l0->n);
      bad += k->units * 32 > hw->gpu.max_threads_per_block;
      bad += k->shared_bytes > hw->gpu.shared_per_block_optin || k->occupancy < 1;
      bad += k->util_shared > o->util_max + 1e-9 || k->util_threads < o->util_min - 1e-9;
    } else {
      bad += (double)k->micro_bytes > hw->cpu.l1d_bytes * o->util_max + 1e-9;
      bad += (double)k->shared_bytes > hw->cpu.l2_bytes * o->util_max + 1e-9;
    }
  }
  if (!o->multiples) CHECK(some_not_multiple);
  CHECK_EQ_INT(bad, 0);
  if (bad) fprintf(stderr, "%s: %d violations\n", target, bad);
  vortex_candidates_free(&t);
}

static void test_generator(void) {
  vortex_options o = vortex_default_options();
  check_table("h100", VTC_HW_F16, &o);
  check_table("a100", VTC_HW_BF16, &o);
  check_table("h100", VTC_HW_F32, &o); /* CUDA cores only */
  check_table("skylake-avx512", VTC_HW_F32, &o);
  check_table("znver3", VTC_HW_F32, &o);
  vortex_options nm = o;
  nm.multiples = false;
  check_table("h100", VTC_HW_F16, &nm);
  check_table("skylake-avx512", VTC_HW_F32, &nm);
  vortex_options narrow = o;
  narrow.util_min = 0.25;
  check_table("h100", VTC_HW_F16, &narrow);
  /* Backends: f32 on a GPU is CUDA-core only without tf32; avx512 on Zen 3 is refused. */
  vortex_backend bs[2];
  char why[160];
  CHECK_EQ_INT(vortex_backends_for(vtc_hardware_lookup("h100"), VORTEX_BACKEND_AUTO, VTC_HW_F32, false, bs, why,
                                   sizeof why), 1);
  CHECK(bs[0] == VORTEX_BACKEND_CUDA_CORE);
  CHECK_EQ_INT(vortex_backends_for(vtc_hardware_lookup("h100"), VORTEX_BACKEND_AUTO, VTC_HW_F32, true, bs, why,
                                   sizeof why), 2);
  CHECK_EQ_INT(vortex_backends_for(vtc_hardware_lookup("znver3"), VORTEX_BACKEND_ONLY_AVX512, VTC_HW_F32, false, bs,
                                   why, sizeof why), 0);
  CHECK_EQ_STR(why, "znver3 has no AVX-512");
  CHECK_EQ_INT(vortex_backends_for(vtc_hardware_lookup("h100"), VORTEX_BACKEND_AUTO, VTC_HW_F64, false, bs, why,
                                   sizeof why), 0);
  vortex_candidates t;
  vortex_options empty = o;
  empty.util_min = 0.99;
  empty.util_max = 0.991;
  CHECK(!vortex_generate(vtc_hardware_lookup("h100"), VTC_HW_F16, VTC_HW_F16, &empty, &t, why, sizeof why));
}

/* ---- the model and the analyzer -------------------------------------------------------- */

static bool plan_for(const char *target, vtc_hw_dtype in, vortex_problem shape, vortex_variant *vs, unsigned *n) {
  const vtc_hardware *hw = vtc_hardware_lookup(target);
  vortex_candidates t;
  char why[200];
  vortex_options o = vortex_default_options();
  if (!vortex_generate(hw, in, in, &o, &t, why, sizeof why)) return false;
  vortex_analyze_options an = {0};
  bool ok = vortex_analyze(&t, &shape, &an, vs, VORTEX_MAX_VARIANTS, n, why, sizeof why);
  vortex_candidates_free(&t);
  return ok;
}

static void test_model(void) {
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  CHECK(plan_for("h100", VTC_HW_F16, (vortex_problem){1, VTC_DYNAMIC, 768, 2304}, vs, &n));
  CHECK(n >= 2 && n <= 8);
  const vtc_hardware *h100 = vtc_hardware_lookup("h100");
  int bad = 0;
  for (unsigned i = 0; i < n; i++) {
    double last = 0;
    for (int64_t m = 1; m <= 8192; m = m * 3 / 2 + 1) {
      double c = vortex_model_cost(h100, &vs[i], (vortex_problem){1, m, 768, 2304});
      bad += !(c > 0 && isfinite(c)) || c < last * (1 - 1e-12);
      last = c;
    }
    double k1 = vortex_model_cost(h100, &vs[i], (vortex_problem){1, 256, 768, 1024});
    double k2 = vortex_model_cost(h100, &vs[i], (vortex_problem){1, 256, 768, 4096});
    bad += !(k2 > k1);
    /* Empty problems cost a launch, never NaN. */
    double z = vortex_model_cost(h100, &vs[i], (vortex_problem){1, 0, 768, 2304});
    bad += !(z > 0 && isfinite(z));
  }
  CHECK_EQ_INT(bad, 0);
  /* Small M picks a smaller CTA tile than large M. */
  unsigned small = vortex_select(h100, vs, n, (vortex_problem){1, 16, 768, 2304});
  unsigned large = vortex_select(h100, vs, n, (vortex_problem){1, 8192, 768, 2304});
  CHECK((int64_t)vs[small].l1.m * vs[small].l1.n < (int64_t)vs[large].l1.m * vs[large].l1.n);
  /* The CPU keeps at most 4. */
  CHECK(plan_for("skylake-avx512", VTC_HW_F32, (vortex_problem){1, VTC_DYNAMIC, 768, 2304}, vs, &n));
  CHECK(n >= 1 && n <= 4);
  /* A fully static problem keeps one. */
  CHECK(plan_for("h100", VTC_HW_F16, (vortex_problem){1, 512, 512, 512}, vs, &n));
  CHECK_EQ_INT(n, 1);
}

static void test_variants_attr(void) {
  vtc_context *ctx = vtc_context_create();
  vortex_variant vs[VORTEX_MAX_VARIANTS], back[VORTEX_MAX_VARIANTS];
  unsigned n = 0, m = 0;
  CHECK(plan_for("a100", VTC_HW_F16, (vortex_problem){VTC_DYNAMIC, VTC_DYNAMIC, 1024, 1024}, vs, &n));
  const vtc_attr *a = vortex_variants_attr(ctx, vs, n);
  CHECK(vortex_variants_from_attr(a, back, VORTEX_MAX_VARIANTS, &m));
  CHECK_EQ_INT(m, n);
  for (unsigned i = 0; i < n && i < m; i++) {
    /* The attribute keeps everything but the L0's utilisation (derived). */
    const vortex_variant *x = &back[i], *y = &vs[i];
    CHECK(x->backend == y->backend && x->split_k == y->split_k && x->units == y->units &&
          x->registers == y->registers && x->shared_bytes == y->shared_bytes && x->occupancy == y->occupancy &&
          x->elem_a == y->elem_a && x->elem_b == y->elem_b && x->elem_out == y->elem_out);
    CHECK(x->l0.m == y->l0.m && x->l0.n == y->l0.n && x->l0.k == y->l0.k && x->l0.inst_m == y->l0.inst_m &&
          x->l0.inst_n == y->l0.inst_n && x->l0.inst_k == y->l0.inst_k && x->l0.lanes_m == y->l0.lanes_m &&
          x->l0.lanes_n == y->l0.lanes_n && x->l0.registers == y->l0.registers && x->l0.backend == y->l0.backend);
    CHECK(x->l1.m == y->l1.m && x->l1.n == y->l1.n && x->l1.k == y->l1.k && x->l1.stages == y->l1.stages &&
          x->l1.backend == y->l1.backend);
  }
  CHECK(!vortex_variants_from_attr(vtc_attr_i64(ctx, 3), back, VORTEX_MAX_VARIANTS, &m));
  CHECK(!vortex_variants_from_attr(a, back, 0, &m));
  vtc_context_destroy(ctx);
}

/* ---- the selection as host arith -------------------------------------------------------- */

static const char kSelect[] =
    "module {\n"
    "  gir.kernel @fill(%y: !gir.buffer<global, ?xf32>, %v: f32, %n: index) parallel cpu group 1 lanes 1 {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %u = gir.id unit\n"
    "    %units = gir.count unit\n"
    "    gir.for %b = %u to %n step %units {\n"
    "      %z = gir.broadcast %v : f32 -> !gir.slice<register, 1x1xf32>\n"
    "      %w = gir.view %y[%b] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>\n"
    "      gir.copy %z to %w : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>\n"
    "    }\n"
    "  }\n"
    "  func.func @select(%x: !gir.buffer<global, ?xf32>, %k: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {\n"
    "    %m = gir.dim %x, 0 : !gir.buffer<global, ?xf32>\n"
    "    %kk = gir.dim %k, 0 : !gir.buffer<global, ?xf32>\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %len = arith.addi %c1, %c1 : index\n"
    "    %y = gir.alloc(%len) : !gir.buffer<global, ?xf32>\n"
    "    %one = arith.constant 1.0 : f32\n"
    "    gir.launch @fill[%c1](%y, %one, %len) : (!gir.buffer<global, ?xf32>, f32, index)\n"
    "    return %y : !gir.buffer<global, ?xf32>\n"
    "  }\n"
    "}\n";

static vtc_strbuf diag_text;
static void collect_diag(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_diag_format(d, false, &diag_text);
}

static vtc_op *find_func(vtc_op *module, const char *name) {
  for (vtc_op *o = vtc_op_region(module, 0)->first->first; o; o = o->next)
    if (vtc_op_is_named(o, "func.func") && strcmp(vtc_symbol_name(o), name) == 0) return o;
  return NULL;
}

/* Makes @select's result length 1 + the variant the model selects for
 * M = dim(x, 0), N = n, K = dim(k, 0). */
static vtc_op *select_module(vtc_context *ctx, const char *text, const vtc_hardware *hw, const vortex_variant *vs,
                             unsigned n, int64_t nn) {
  vtc_op *module = vtc_parse_source(ctx, "select.mlir", text, strlen(text), 0);
  if (!module) return NULL;
  vtc_op *f = find_func(module, "select");
  vtc_op *len = NULL, *m = NULL, *k = NULL;
  for (vtc_op *o = vtc_op_region(f, 0)->first->first; o; o = o->next) {
    if (vtc_op_is_named(o, "arith.addi")) len = o;
    if (vtc_op_is_named(o, "gir.dim")) {
      if (!m) m = o;
      else k = o;
    }
  }
  vtc_builder b = vtc_builder_before(len);
  vtc_named_attr v = {vtc_str(ctx, "value"), vtc_attr_index(ctx, nn)};
  vtc_value *nv = vtc_op_result(vtc_builder_create(&b, "arith.constant", len->loc, 0, NULL, vtc_type_index(ctx), 1, &v), 0);
  vtc_value *sel = vortex_emit_select(&b, len->loc, hw, vs, n, NULL, vtc_op_result(m, 0), nv, vtc_op_result(k, 0));
  vtc_op_set_operand(len, 0, sel);
  if (!vtc_verify(module)) {
    fprintf(stderr, "%s", diag_text.data ? diag_text.data : "");
    vtc_op_destroy(module);
    return NULL;
  }
  return module;
}

static vtc_tensor vec(int64_t n) {
  vtc_tensor t = {0};
  vtc_tensor_create(&t, VTC_F32, 1, &n, NULL, 0);
  return t;
}

static void check_selection(const char *target, vtc_hw_dtype in, int64_t nn, bool team) {
  const vtc_hardware *hw = vtc_hardware_lookup(target);
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  CHECK(plan_for(target, in, (vortex_problem){1, VTC_DYNAMIC, nn, VTC_DYNAMIC}, vs, &n));
  for (unsigned i = 0; team && i < n; i++) { /* as lower-te-to-gir's CPU kernels (rkernel_cpu.c) */
    int kc, nc;
    vtc_t2g_cpu_gemm_blocking(vs[i].l0.m, vs[i].l0.n, hw->cpu.l1d_bytes, hw->cpu.l2_bytes, &kc, &nc);
    vs[i].l1 = (vortex_l1){vs[i].backend, vs[i].l0.m, nc, kc, 1};
    vs[i].split_k = 1;
    vs[i].team_panel = true;
  }
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *module = select_module(ctx, kSelect, hw, vs, n, nn);
  CHECK(module != NULL);
  char *err = NULL;
  vtc_cpu_program *cpu = module ? vtc_cpu_program_create(module, "select", NULL, &err) : NULL;
  CHECK(cpu != NULL);
  if (!cpu) fprintf(stderr, "%s\n", err ? err : "?");
  free(err);
  static const int64_t ms[] = {1, 2, 7, 16, 37, 100, 129, 383, 1000, 2048, 4097};
  static const int64_t ks[] = {7, 100, 999, 2304};
  int disagree = 0, distinct = 0;
  unsigned first = 0;
  for (size_t i = 0; module && i < sizeof ms / sizeof *ms; i++)
    for (size_t j = 0; j < sizeof ks / sizeof *ks; j++) {
      unsigned want = vortex_select(hw, vs, n, (vortex_problem){1, ms[i], nn, ks[j]});
      if (i == 0 && j == 0) first = want;
      distinct += want != first;
      vtc_tensor in[2] = {vec(ms[i]), vec(ks[j])}, *out = NULL;
      unsigned num = 0;
      if (vtc_gir_interpret(find_func(module, "select"), 2, in, &out, &num) && num == 1)
        disagree += out[0].dims[0] != 1 + (int64_t)want;
      else disagree++;
      vtc_tensor_free_array(out, num);
      out = NULL;
      if (cpu && vtc_cpu_program_run(cpu, in, 2, &out, NULL, &err) == 0) disagree += out[0].dims[0] != 1 + (int64_t)want;
      else disagree += cpu != NULL;
      free(err);
      err = NULL;
      vtc_tensor_free_array(out, cpu && out ? 1 : 0);
      vtc_tensor_free(&in[0]);
      vtc_tensor_free(&in[1]);
    }
  CHECK_EQ_INT(disagree, 0);
  CHECK(distinct > 0); /* the sizes exercise more than one variant */
  if (disagree) fprintf(stderr, "%s: %d disagreements\n%s", target, disagree, diag_text.data ? diag_text.data : "");
  vtc_cpu_program_destroy(cpu);
  if (module) vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

static void test_selection(void) {
  check_selection("h100", VTC_HW_F16, 768, false);
  check_selection("a100", VTC_HW_F32, 3072, false);
  check_selection("skylake-avx512", VTC_HW_F32, 768, false);
  check_selection("znver3", VTC_HW_F32, 4096, false);
  /* The team structure's model (the variants lower-te-to-gir emits). */
  check_selection("skylake-avx512", VTC_HW_F32, 768, true);
  check_selection("znver3", VTC_HW_F32, 2304, true);
}

/* The same arith in a CUDA host plan (a `parallel gpu` kernel), the index
 * feeding a gir.switch as the emission will: it compiles (every op is one
 * the plan evaluates) and is memoised; run on a GPU when there is one. */
static void test_selection_plan(void) {
  const vtc_hardware *hw = vtc_hardware_lookup("h100");
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  CHECK(plan_for("h100", VTC_HW_F16, (vortex_problem){1, VTC_DYNAMIC, 768, VTC_DYNAMIC}, vs, &n));
  /* %len = 1 + the selection, through a gir.switch (default region only). */
  const char *from = "    %len = arith.addi %c1, %c1 : index\n";
  const char *to = "    %sel = arith.addi %c1, %c1 : index\n"
                   "    %len = gir.switch %sel -> index\n"
                   "    default {\n"
                   "      %l = arith.addi %sel, %c1 : index\n"
                   "      gir.yield %l : index\n"
                   "    }\n";
  const char *cut = strstr(kSelect, from);
  vtc_strbuf tb = {0};
  vtc_strbuf_printf(&tb, "%.*s%s%s", (int)(cut - kSelect), kSelect, to, cut + strlen(from));
  char *text = vtc_strbuf_take(&tb);
  char *at = strstr(text, "parallel cpu");
  memcpy(at, "parallel gpu", 12);
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_context_set_diag_handler(ctx, collect_diag, NULL);
  vtc_op *module = select_module(ctx, text, hw, vs, n, 768);
  free(text);
  CHECK(module != NULL);
  char *err = NULL;
  vtc_cuda_program *p = module ? vtc_cuda_program_create(module, "select", NULL, NULL, &err) : NULL;
  CHECK(p != NULL);
  if (!p) fprintf(stderr, "plan: %s\n%s", err ? err : "?", diag_text.data ? diag_text.data : "");
  free(err);
  err = NULL;
  /* The selection's arith is memoised: a MEMO on the sizes (dim x, dim k;
   * and the constant 1, which later steps share) before it, a MEMO_END
   * after it, then the switch and the launch. */
  char *plan = p ? vtc_cuda_program_plan_text(p) : NULL;
  const char *memo = plan ? strstr(plan, "= memo #0 (%3, %2, %4): the last result when unchanged, then step ") : NULL;
  const char *end = memo ? strstr(memo, "memo_end #0 ") : NULL;
  const char *sw = end ? strstr(end, "switch ") : NULL;
  const char *launch = sw ? strstr(sw, "launch @fill") : NULL;
  CHECK(memo && end && launch);
  int steps_inside = 0;
  for (const char *q = memo; end && q < end; q++) steps_inside += *q == '\n';
  CHECK(steps_inside > 50); /* the model of every variant, skipped when the sizes repeat */
  if (!(memo && end && launch && steps_inside > 50)) fprintf(stderr, "%s", plan ? plan : "(no plan)");
  free(plan);
  vtc_cuda *cu = p ? vtc_cuda_open(&err) : NULL;
  if (p && !cu) printf("SKIP: no CUDA GPU (%s)\n", err ? err : "?");
  free(err);
  err = NULL;
  int disagree = 0;
  /* Repeated sizes hit the memo; changed ones recompute. */
  static const int64_t ms[] = {1, 7, 7, 37, 129, 129, 383, 1000, 4097, 1, 4097};
  for (size_t i = 0; cu && i < sizeof ms / sizeof *ms; i++) {
    vtc_tensor in[2] = {vec(ms[i]), vec(2304)}, *out = NULL;
    unsigned want = vortex_select(hw, vs, n, (vortex_problem){1, ms[i], 768, 2304});
    if (vtc_cuda_program_run(p, cu, in, 2, &out, NULL, &err) == 0) disagree += out[0].dims[0] != 2 + (int64_t)want;
    else disagree++;
    free(err);
    err = NULL;
    vtc_tensor_free_array(out, out ? 1 : 0);
    vtc_tensor_free(&in[0]);
    vtc_tensor_free(&in[1]);
  }
  CHECK_EQ_INT(disagree, 0);
  if (cu) vtc_cuda_close(cu);
  vtc_cuda_program_destroy(p);
  if (module) vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

/* Static sizes: the whole model folds; only a constant remains. */
static void test_selection_folds(void) {
  const vtc_hardware *hw = vtc_hardware_lookup("h100");
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  CHECK(plan_for("h100", VTC_HW_F16, (vortex_problem){1, VTC_DYNAMIC, 768, 2304}, vs, &n));
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  vtc_op *module = vtc_parse_source(ctx, "select.mlir", kSelect, strlen(kSelect), 0);
  vtc_op *f = find_func(module, "select");
  vtc_block *body = vtc_op_region(f, 0)->first;
  vtc_builder b = vtc_builder_before(body->first);
  unsigned before = 0, after = 0;
  for (vtc_op *o = body->first; o; o = o->next) before++;
  vtc_value *sizes[3];
  int64_t values[3] = {129, 768, 2304};
  for (int i = 0; i < 3; i++) {
    vtc_named_attr v = {vtc_str(ctx, "value"), vtc_attr_index(ctx, values[i])};
    sizes[i] = vtc_op_result(vtc_builder_create(&b, "arith.constant", f->loc, 0, NULL, vtc_type_index(ctx), 1, &v), 0);
  }
  vtc_value *sel = vortex_emit_select(&b, f->loc, hw, vs, n, NULL, sizes[0], sizes[1], sizes[2]);
  for (vtc_op *o = body->first; o; o = o->next) after++;
  CHECK_EQ_INT(after, before + 4); /* three sizes and the constant result */
  const vtc_attr *c = sel->def_op ? vtc_op_get_attr(sel->def_op, "value") : NULL;
  CHECK(c && c->i == vortex_select(hw, vs, n, (vortex_problem){1, 129, 768, 2304}));
  vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

/* Fig. 14's budget: a selection among 8 variants in C well under a
 * microsecond in an optimised build (printed; checked loosely, as
 * sanitizer builds run it too). */
static void test_selection_time(void) {
  const vtc_hardware *hw = vtc_hardware_lookup("h100");
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  CHECK(plan_for("h100", VTC_HW_F16, (vortex_problem){1, VTC_DYNAMIC, 768, VTC_DYNAMIC}, vs, &n));
  struct timespec a, b;
  unsigned acc = 0;
  enum { kCalls = 20000 };
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int i = 0; i < kCalls; i++) acc += vortex_select(hw, vs, n, (vortex_problem){1, 1 + i % 4096, 768, 64 + i % 999});
  clock_gettime(CLOCK_MONOTONIC, &b);
  double ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / kCalls;
  printf("  vortex_select: %u variants, %.0f ns per call (%u)\n", n, ns, acc % 7);
  CHECK(ns < 100000);
}

int main(void) {
  UNIT_RUN(test_hardware);
  UNIT_RUN(test_generator);
  UNIT_RUN(test_model);
  UNIT_RUN(test_variants_attr);
  UNIT_RUN(test_selection);
  UNIT_RUN(test_selection_plan);
  UNIT_RUN(test_selection_folds);
  UNIT_RUN(test_selection_time);
  vtc_strbuf_free(&diag_text);
  return UNIT_RESULT();
}
