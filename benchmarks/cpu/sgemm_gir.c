/* The hand-written gir SGEMM (sgemm_gir.h): BLIS's loops over gir's levels,
 * printed with the blocking of one machine. The kernel is built by the
 * lowering's CPU rKernel builder (rkernel_cpu.c says which of BLIS's five
 * loops each level is); the blocking and the host function are chosen here. */
#include "benchmarks/cpu/sgemm_gir.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "dialects/gir/gir.h"
#include "ir/asm.h"
#include "ir/context.h"
#include "ir/support.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "tools/common/register.h"


sgemm_gir_params sgemm_gir_params_for(int vector_bits, int64_t l1_bytes, int64_t l2_bytes, int64_t l3_bytes,
                                      int threads) {
  (void)l3_bytes; /* the panels live in L1 and L2; L3 only holds C and the operands */
  sgemm_gir_params p;
  bool avx512 = vector_bits >= 512;
  p.lanes = avx512 ? 16 : 8;
  /* MR * NR / lanes accumulators + NR / lanes rows of B + broadcasts
   * within the vector registers, with room for the code generator (32 zmm:
   * 16 + 2 + 8 x 32 on AVX-512: LLVM 19 spills 14 x 32 on Zen 5; 16 ymm:
   * 12 + 2 + 1 for 6 x 16 on AVX2). */
  p.mr = avx512 ? 8 : 6;
  p.nr = 2 * p.lanes;
  p.ku = 4;
  p.prefetch_rows = 16;
  p.direct_max_m = 0;
  /* The lowering's blocking for its structure (rkernel_cpu.c). */
  vtc_t2g_cpu_gemm_blocking(p.mr, p.nr, l1_bytes, l2_bytes, &p.kc, &p.nc);
  p.group = threads < 1 ? 1 : threads > 256 ? 256 : threads;
  return p;
}

static vtc_t2g_cpu_gemm lowering_params(const sgemm_gir_params *p, bool direct) {
  vtc_t2g_cpu_gemm q = {p->mr, p->nr, p->lanes, p->kc, p->nc, p->ku, p->group, p->prefetch_rows, direct, 0, 0, 0, 0};
  return q;
}

const char *sgemm_gir_check(const sgemm_gir_params *p) {
  if (p->direct_max_m < 0) return "direct_max_m must be >= 0";
  vtc_t2g_cpu_gemm q = lowering_params(p, false);
  return vtc_t2g_cpu_gemm_check(&q);
}

/* ---- the text ---------------------------------------------------------------------------- */

/* The kernels are the CPU rKernel of lower-te-to-gir (vtc_t2g_build_cpu_gemm
 * in lowering/te-to-gir/rkernel_cpu.c: one implementation), built in a
 * context of their own and printed; the host function is written here. */
typedef struct gen {
  vtc_strbuf sb;
  const sgemm_gir_params *p;
} gen;

static void line(gen *g, int indent, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void line(gen *g, int indent, const char *fmt, ...) {
  for (int i = 0; i < indent; i++) vtc_strbuf_puts(&g->sb, "  ");
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&g->sb, fmt, ap);
  va_end(ap);
  vtc_strbuf_putc(&g->sb, '\n');
}

/* Prints @sgemm (and @sgemm_direct) with parameters (a, b, c, M, N, K, sa, sb). */
static bool kernels(gen *g) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  static const char empty[] = "module {\n}\n";
  vtc_op *m = vtc_parse_source(ctx, "sgemm.mlir", empty, sizeof empty - 1, 0);
  bool ok = m != NULL;
  if (ok) {
    int64_t dims[2] = {VTC_DYNAMIC, VTC_DYNAMIC};
    const vtc_type *t = vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, vtc_type_f32(ctx), 2, dims);
    vtc_builder b = vtc_builder_at_end(ctx, vtc_op_region(m, 0)->first);
    const vtc_print_flags flags = {.elide_elements_above = -1, .local_scope = true};
    for (int direct = 0; ok && direct <= (g->p->direct_max_m > 0); direct++) {
      vtc_t2g_cpu_gemm q = lowering_params(g->p, direct);
      vtc_op *k = vtc_t2g_build_cpu_gemm(ctx, &b, vtc_loc_unknown(ctx), direct ? "sgemm_direct" : "sgemm", &q, t, t, t);
      if ((ok = k != NULL)) {
        vtc_print_op(k, &flags, &g->sb);
        vtc_strbuf_putc(&g->sb, '\n');
      }
    }
    vtc_op_destroy(m);
  }
  vtc_context_destroy(ctx);
  return ok;
}

static void host(gen *g) {
  const char *TA = "!gir.buffer<global, ?x?xf32>";
  const char *SZ = "%m, %n, %k, %c0, %c0, %c0, %c0", *IX = "index, index, index, index, index, index, index";
  line(g, 0, "func.func @sgemm_host(%%a: %s, %%b: %s) -> %s {", TA, TA, TA);
  line(g, 1, "%%cNC = arith.constant %d : index", g->p->nc);
  line(g, 1, "%%m = gir.dim %%a, 0 : %s", TA);
  line(g, 1, "%%k = gir.dim %%a, 1 : %s", TA);
  line(g, 1, "%%kb = gir.dim %%b, 0 : %s", TA);
  line(g, 1, "%%n = gir.dim %%b, 1 : %s", TA);
  line(g, 1, "gir.assert eq(%%k, %%kb) \"sgemm: A has {0} columns but B has {1} rows\"");
  line(g, 1, "%%c = gir.alloc(%%m, %%n) : %s", TA);
  line(g, 1, "%%groups = arith.ceildivsi %%n, %%cNC : index");
  line(g, 1, "%%c0 = arith.constant 0 : index");
  if (g->p->direct_max_m > 0) {
    /* A run-time choice between the two kernels: the other gets 0 groups. */
    line(g, 1, "%%cDM = arith.constant %d : index", g->p->direct_max_m);
    line(g, 1, "%%small = arith.cmpi sle, %%m, %%cDM : index");
    line(g, 1, "%%g_direct = arith.select %%small, %%groups, %%c0 : index");
    line(g, 1, "%%g_packed = arith.select %%small, %%c0, %%groups : index");
    line(g, 1, "gir.launch @sgemm_direct[%%g_direct](%%a, %%b, %%c, %s) : (%s, %s, %s, %s)", SZ, TA, TA, TA, IX);
    line(g, 1, "gir.launch @sgemm[%%g_packed](%%a, %%b, %%c, %s) : (%s, %s, %s, %s)", SZ, TA, TA, TA, IX);
  } else {
    line(g, 1, "gir.launch @sgemm[%%groups](%%a, %%b, %%c, %s) : (%s, %s, %s, %s)", SZ, TA, TA, TA, IX);
  }
  line(g, 1, "return %%c : %s", TA);
  line(g, 0, "}");
}

char *sgemm_gir_text(const sgemm_gir_params *p) {
  if (sgemm_gir_check(p)) return NULL;
  gen g = {.p = p};
  line(&g, 0, "// SGEMM C = A x B (f32, row-major): MR x NR = %d x %d, KC %d, NC %d, KU %d, %d threads per group.",
       p->mr, p->nr, p->kc, p->nc, p->ku, p->group);
  if (!kernels(&g)) {
    free(g.sb.data);
    return NULL;
  }
  host(&g);
  return g.sb.data;
}
