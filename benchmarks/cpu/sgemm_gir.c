/* The hand-written gir SGEMM (sgemm_gir.h): BLIS's loops over gir's levels,
 * printed with the blocking of one machine. The kernel text below is the
 * specification; each loop says which of BLIS's five it is. */
#include "benchmarks/cpu/sgemm_gir.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "ir/support.h"

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

sgemm_gir_params sgemm_gir_params_for(int vector_bits, int64_t l1_bytes, int64_t l2_bytes, int64_t l3_bytes,
                                      int threads) {
  (void)l3_bytes; /* the panels live in L1 and L2; L3 only holds C and the operands */
  sgemm_gir_params p;
  bool avx512 = vector_bits >= 512;
  p.lanes = avx512 ? 16 : 8;
  /* MR * NR / lanes accumulators + NR / lanes rows of B + one broadcast
   * within the vector registers (32 zmm: 28 + 2 + 1; 16 ymm: 12 + 2 + 1). */
  p.mr = avx512 ? 14 : 6;
  p.nr = 2 * p.lanes;
  p.ku = 4;
  p.prefetch_rows = 16;
  p.direct_max_m = 0;
  if (l1_bytes <= 0) l1_bytes = 32 << 10;
  if (l2_bytes <= 0) l2_bytes = 1 << 20;
  /* L1: the MR x KC sliver of A (reused by every sliver of the panel) and
   * the KC x NR sliver of B streaming past it. */
  int64_t kc = l1_bytes / (4 * (p.mr + p.nr));
  p.kc = (int)clamp64(kc / 16 * 16, 64, 1024);
  /* L2: the KC x NC panel of B in half of it (the slivers stream from it). */
  int64_t nc = l2_bytes / 2 / (4 * (int64_t)p.kc);
  p.nc = (int)clamp64(nc / p.nr * p.nr, p.nr, 8192);
  p.group = threads < 1 ? 1 : threads > 256 ? 256 : threads;
  return p;
}

const char *sgemm_gir_check(const sgemm_gir_params *p) {
  if (p->lanes != 8 && p->lanes != 16) return "lanes must be 8 or 16";
  if (p->mr < 1 || p->mr > 64) return "MR must be in [1, 64]";
  if (p->nr < 1 || p->nr % p->lanes || p->nr > 256) return "NR must be a multiple of lanes, at most 256";
  if (p->ku < 1 || p->kc < p->ku || p->kc % p->ku || p->kc % p->lanes)
    return "KC must be a positive multiple of KU and of lanes";
  if (p->nc < p->nr || p->nc % p->nr) return "NC must be a positive multiple of NR";
  if (p->group < 1 || p->group > 256) return "the group must have 1 to 256 threads";
  if (p->prefetch_rows < 0 || p->prefetch_rows > 1024) return "the prefetch distance must be in [0, 1024] rows";
  if (p->direct_max_m < 0) return "direct_max_m must be >= 0";
  if ((int64_t)p->kc * p->nc + (int64_t)p->group * p->mr * p->kc > ((int64_t)1 << 28))
    return "the packed panels exceed 1 GiB";
  return NULL;
}

/* ---- the text ---------------------------------------------------------------------------- */

typedef struct gen {
  vtc_strbuf sb;
  const sgemm_gir_params *p;
  bool direct; /* the kernel being printed reads B in place (no packed panel) */
  char TA[64], TBP[64], TAP[64];        /* buffers: global A/B/C, shared B panel, shared A blocks */
  char SBG[64], SBS[64], SAG[64], RAW[64], RAT[64], SAT[64]; /* packing B; A rows, transposed, k-major */
  char SAS[64];
  char RA[64], SBK[64], RB[64], RC[64], SC[64]; /* micro-kernel: A column, B row, accumulators, C tile */
  char GBK[64];                                 /* a row of B in place (the direct kernel) */
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

static void types(gen *g) {
  const sgemm_gir_params *p = g->p;
  snprintf(g->TA, sizeof g->TA, "!gir.buffer<global, ?x?xf32>");
  snprintf(g->TBP, sizeof g->TBP, "!gir.buffer<shared, %lldxf32>", (long long)p->kc * p->nc);
  snprintf(g->TAP, sizeof g->TAP, "!gir.buffer<shared, %lldxf32>", (long long)p->group * p->mr * p->kc);
  snprintf(g->SBG, sizeof g->SBG, "!gir.slice<global, %dx%dxf32, ?>", p->ku, p->nr);
  snprintf(g->SBS, sizeof g->SBS, "!gir.slice<shared, %dx%dxf32>", p->ku, p->nr);
  snprintf(g->SAG, sizeof g->SAG, "!gir.slice<global, %dx%dxf32, ?>", p->mr, p->lanes);
  snprintf(g->RAW, sizeof g->RAW, "!gir.slice<register, %dx%dxf32>", p->mr, p->lanes);
  snprintf(g->RAT, sizeof g->RAT, "!gir.slice<register, %dx%dxf32>", p->lanes, p->mr);
  snprintf(g->SAT, sizeof g->SAT, "!gir.slice<shared, %dx%dxf32>", p->lanes, p->mr);
  snprintf(g->SAS, sizeof g->SAS, "!gir.slice<shared, %dx1xf32>", p->mr);
  snprintf(g->RA, sizeof g->RA, "!gir.slice<register, %dx1xf32>", p->mr);
  snprintf(g->SBK, sizeof g->SBK, "!gir.slice<shared, 1x%dxf32>", p->nr);
  snprintf(g->RB, sizeof g->RB, "!gir.slice<register, 1x%dxf32>", p->nr);
  snprintf(g->GBK, sizeof g->GBK, "!gir.slice<global, 1x%dxf32>", p->nr);
  snprintf(g->RC, sizeof g->RC, "!gir.slice<register, %dx%dxf32>", p->mr, p->nr);
  snprintf(g->SC, sizeof g->SC, "!gir.slice<global, %dx%dxf32, ?>", p->mr, p->nr);
}

/* Index constants every piece uses. */
static void constants(gen *g) {
  const sgemm_gir_params *p = g->p;
  const struct { const char *name; long long v; } cs[] = {
      {"c0", 0}, {"c1", 1}, {"cG", p->group}, {"cMR", p->mr}, {"cNR", p->nr}, {"cKC", p->kc}, {"cKU", p->ku},
      {"cNC", p->nc}, {"cL", p->lanes}, {"cKCNR", (long long)p->kc * p->nr}, {"cKCMR", (long long)p->kc * p->mr},
      {"cPF", (long long)p->prefetch_rows * p->nr}, {"cPFR", p->prefetch_rows},
  };
  for (size_t i = 0; i < sizeof cs / sizeof *cs; i++) line(g, 1, "%%%s = arith.constant %lld : index", cs[i].name, cs[i].v);
  line(g, 1, "%%zero = arith.constant 0.0 : f32");
}

/* Which part of the panel this unit computes: the group's units split the
 * MR-row slivers (each its own A blocks) or, when that balances worse (few
 * rows: decode shapes), the NR-column slivers of the panel. */
static void work_split(gen *g) {
  line(g, 1, "// The group's units split the panel's micro-tiles: by MR-row slivers, or by NR-column slivers "
             "when that balances better.");
  line(g, 1, "%%msl = arith.ceildivsi %%M, %%cMR : index");
  line(g, 1, "%%ms_per = arith.ceildivsi %%msl, %%cG : index");
  line(g, 1, "%%ns_per = arith.ceildivsi %%nsl, %%cG : index");
  line(g, 1, "%%cost_m = arith.muli %%ms_per, %%nsl : index");
  line(g, 1, "%%cost_n = arith.muli %%msl, %%ns_per : index");
  line(g, 1, "%%by_rows = arith.cmpi sle, %%cost_m, %%cost_n : index");
  line(g, 1, "%%ti = arith.select %%by_rows, %%u, %%c0 : index");
  line(g, 1, "%%tj = arith.select %%by_rows, %%c0, %%u : index");
  line(g, 1, "%%pm = arith.select %%by_rows, %%cG, %%c1 : index");
  line(g, 1, "%%pn = arith.select %%by_rows, %%c1, %%cG : index");
  line(g, 1, "%%ti1 = arith.addi %%ti, %%c1 : index");
  line(g, 1, "%%tj1 = arith.addi %%tj, %%c1 : index");
  line(g, 1, "%%m0 = arith.muli %%ti, %%msl : index");
  line(g, 1, "%%ms0 = arith.divsi %%m0, %%pm : index");
  line(g, 1, "%%m1 = arith.muli %%ti1, %%msl : index");
  line(g, 1, "%%ms1 = arith.divsi %%m1, %%pm : index");
  line(g, 1, "%%n0 = arith.muli %%tj, %%nsl : index");
  line(g, 1, "%%ns0 = arith.divsi %%n0, %%pn : index");
  line(g, 1, "%%n1 = arith.muli %%tj1, %%nsl : index");
  line(g, 1, "%%ns1 = arith.divsi %%n1, %%pn : index");
}

/* The C tile of row sliver %<s> and column sliver %<js> (in the panel): a
 * masked view (rows past M and columns past N are not written). */
static void c_tile(gen *g, int in, const char *s, const char *js, const char *v) {
  line(g, in, "%%%s_row = arith.muli %%%s, %%cMR : index", v, s);
  line(g, in, "%%%s_vr = arith.subi %%M, %%%s_row : index", v, v);
  line(g, in, "%%%s_jsc = arith.muli %%%s, %%cNR : index", v, js);
  line(g, in, "%%%s_col = arith.addi %%jc, %%%s_jsc : index", v, v);
  line(g, in, "%%%s_vc = arith.subi %%N, %%%s_col : index", v, v);
  line(g, in, "%%%s_o0 = arith.muli %%%s_row, %%N : index", v, v);
  line(g, in, "%%%s_o = arith.addi %%%s_o0, %%%s_col : index", v, v, v);
  line(g, in, "%%%s = gir.view %%c[%%%s_o] stride %%N valid(%%%s_vr, %%%s_vc) : %s -> %s", v, v, v, v, g->TA, g->SC);
}

/* L1, B: the group packs the KC x NC panel together, sliver s (NR columns,
 * k-major: row k of the sliver is NR contiguous floats) by unit s mod G,
 * KU rows per copy; columns past N and rows past kc read as 0. */
static void pack_b(gen *g) {
  line(g, 2, "// L1: the group packs the KC x NC panel of B (k-major NR-column slivers), sliver s by unit s mod G.");
  line(g, 2, "gir.for %%bs = %%u to %%nsl step %%cG {");
  line(g, 3, "%%bs_c = arith.muli %%bs, %%cNR : index");
  line(g, 3, "%%bs_col = arith.addi %%jc, %%bs_c : index");
  line(g, 3, "%%bs_vc = arith.subi %%N, %%bs_col : index");
  line(g, 3, "%%bs_dst = arith.muli %%bs, %%cKCNR : index");
  line(g, 3, "gir.for %%bk = %%c0 to %%kc step %%cKU {");
  line(g, 4, "%%bk_row = arith.addi %%pc, %%bk : index");
  line(g, 4, "%%bk_r0 = arith.muli %%bk_row, %%N : index");
  line(g, 4, "%%bk_src = arith.addi %%bk_r0, %%bs_col : index");
  line(g, 4, "%%bk_vr = arith.subi %%kc, %%bk : index");
  line(g, 4, "%%bk_g = gir.view %%b[%%bk_src] stride %%N valid(%%bk_vr, %%bs_vc) : %s -> %s", g->TA, g->SBG);
  line(g, 4, "%%bk_d0 = arith.muli %%bk, %%cNR : index");
  line(g, 4, "%%bk_dst = arith.addi %%bs_dst, %%bk_d0 : index");
  line(g, 4, "%%bk_s = gir.view %%bp[%%bk_dst] : %s -> %s", g->TBP, g->SBS);
  line(g, 4, "gir.copy %%bk_g to %%bk_s : %s -> %s", g->SBG, g->SBS);
  line(g, 3, "}");
  line(g, 2, "}");
  line(g, 2, "gir.sync block %%bp : %s", g->TBP);
}

/* L1, A: this unit packs row sliver %is (MR rows x kc, k-major: column k of
 * the sliver is MR contiguous floats) into its piece of the buffer: MR x L
 * tiles read along K (one vector per row, whole cache lines), transposed in
 * registers, stored as L columns; rows past M and columns past kc read as 0
 * (KC is a multiple of L, so the last tile stays inside the sliver). */
static void pack_a(gen *g) {
  line(g, 3, "// L1: pack this row sliver of A, k-major: MR x L tiles along K, transposed in registers.");
  line(g, 3, "%%as_row = arith.muli %%is, %%cMR : index");
  line(g, 3, "%%as_vr = arith.subi %%M, %%as_row : index");
  line(g, 3, "%%as_r0 = arith.muli %%as_row, %%K : index");
  line(g, 3, "%%as_src = arith.addi %%as_r0, %%pc : index");
  line(g, 3, "gir.for %%ak = %%c0 to %%kc step %%cL {");
  line(g, 4, "%%ak_src = arith.addi %%as_src, %%ak : index");
  line(g, 4, "%%ak_vc = arith.subi %%kc, %%ak : index");
  line(g, 4, "%%ak_g = gir.view %%a[%%ak_src] stride %%K valid(%%as_vr, %%ak_vc) : %s -> %s", g->TA, g->SAG);
  line(g, 4, "%%ak_r = gir.copy %%ak_g : %s -> %s", g->SAG, g->RAW);
  line(g, 4, "%%ak_t = gir.transpose %%ak_r : %s -> %s", g->RAW, g->RAT);
  line(g, 4, "%%ak_d0 = arith.muli %%ak, %%cMR : index");
  line(g, 4, "%%ak_dst = arith.addi %%abase, %%ak_d0 : index");
  line(g, 4, "%%ak_s = gir.view %%ap[%%ak_dst] : %s -> %s", g->TAP, g->SAT);
  line(g, 4, "gir.copy %%ak_t to %%ak_s : %s -> %s", g->RAT, g->SAT);
  line(g, 3, "}");
}

/* L0: the micro-kernel on row sliver %is (packed at %abase) and column
 * sliver %js of the B panel: MR x NR accumulators over k < kc, starting
 * from the C tile after the first KC block (a 0/1-trip loop loads it; C is
 * never read before it is written) and stored back once. Loading C before
 * the loop rather than adding it after keeps the tile's loads out of the
 * accumulators' way (after the loop, 28 more live vectors spill). */
static void micro_kernel(gen *g) {
  const char *RA = g->RA, *RB = g->RB, *RC = g->RC;
  line(g, 4, "// L0: MR x NR accumulators in registers over k < kc, from the C tile after the first KC block.");
  c_tile(g, 4, "is", "js", "ct");
  if (g->p->prefetch_rows) { /* the next tile along the rows: its C arrives during this one */
    line(g, 4, "%%ct_pf = arith.addi %%ct_o, %%cNR : index");
    line(g, 4, "%%ct_pv = gir.view %%c[%%ct_pf] stride %%N : %s -> %s", g->TA, g->SC);
    line(g, 4, "gir.prefetch %%ct_pv : %s", g->SC);
  }
  line(g, 4, "%%zeros = gir.broadcast %%zero : f32 -> %s", RC);
  line(g, 4, "%%acc0 = gir.for %%z = %%c0 to %%later step %%c1 iter_args(%%z_in = %%zeros) -> (%s) {", RC);
  line(g, 5, "%%old = gir.copy %%ct : %s -> %s", g->SC, RC);
  line(g, 5, "gir.yield %%old : %s", RC);
  line(g, 4, "}");
  line(g, 4, "%%acc = gir.for %%k = %%c0 to %%kc step %%c1 iter_args(%%acc_in = %%acc0) -> (%s) {", RC);
  line(g, 5, "%%k_a0 = arith.muli %%k, %%cMR : index");
  line(g, 5, "%%k_a = arith.addi %%abase, %%k_a0 : index");
  line(g, 5, "%%k_av = gir.view %%ap[%%k_a] : %s -> %s", g->TAP, g->SAS);
  line(g, 5, "%%k_ra = gir.copy %%k_av : %s -> %s", g->SAS, RA);
  if (g->direct) { /* row pc + k of B in place: columns past N read as 0 */
    line(g, 5, "%%k_brow = arith.addi %%pc, %%k : index");
    line(g, 5, "%%k_b0 = arith.muli %%k_brow, %%N : index");
    line(g, 5, "%%k_b = arith.addi %%k_b0, %%ct_col : index");
    line(g, 5, "%%k_bv = gir.view %%b[%%k_b] valid(%%c1, %%ct_vc) : %s -> %s", g->TA, g->GBK);
    line(g, 5, "%%k_rb = gir.copy %%k_bv : %s -> %s", g->GBK, RB);
    if (g->p->prefetch_rows) {
      line(g, 5, "%%k_pf = arith.addi %%k_b, %%pfn : index");
      line(g, 5, "%%k_pv = gir.view %%b[%%k_pf] : %s -> %s", g->TA, g->GBK);
      line(g, 5, "gir.prefetch %%k_pv : %s", g->GBK);
    }
  } else {
    line(g, 5, "%%k_b0 = arith.muli %%k, %%cNR : index");
    line(g, 5, "%%k_b = arith.addi %%js_b, %%k_b0 : index");
    line(g, 5, "%%k_bv = gir.view %%bp[%%k_b] : %s -> %s", g->TBP, g->SBK);
    line(g, 5, "%%k_rb = gir.copy %%k_bv : %s -> %s", g->SBK, RB);
    if (g->p->prefetch_rows) { /* the packed panel is contiguous: on into the next sliver */
      line(g, 5, "%%k_pf = arith.addi %%k_b, %%cPF : index");
      line(g, 5, "%%k_pv = gir.view %%bp[%%k_pf] : %s -> %s", g->TBP, g->SBK);
      line(g, 5, "gir.prefetch %%k_pv : %s", g->SBK);
    }
  }
  line(g, 5, "%%k_d = gir.mma %%k_ra, %%k_rb, %%acc_in : %s, %s, %s", RA, RB, RC);
  line(g, 5, "gir.yield %%k_d : %s", RC);
  line(g, 4, "}");
  line(g, 4, "gir.copy %%acc to %%ct : %s -> %s", RC, g->SC);
}

/* K = 0: C = 0 on this unit's tiles (no KC block runs). */
static void zero_fill(gen *g) {
  line(g, 1, "// K = 0: C = 0 (no KC block runs): a loop of one trip when K is 0.");
  line(g, 1, "gir.for %%zk = %%K to %%c1 step %%c1 {");
  line(g, 2, "%%zfill = gir.broadcast %%zero : f32 -> %s", g->RC);
  line(g, 2, "gir.for %%zs = %%ms0 to %%ms1 step %%c1 {");
  line(g, 3, "gir.for %%zj = %%ns0 to %%ns1 step %%c1 {");
  c_tile(g, 4, "zs", "zj", "zt");
  line(g, 4, "gir.copy %%zfill to %%zt : %s -> %s", g->RC, g->SC);
  line(g, 3, "}");
  line(g, 2, "}");
  line(g, 1, "}");
}

/* The kernel: @sgemm packs B's panels into the CacheBuffer; @sgemm_direct
 * (g->direct, for small M: few row slivers reuse a packed panel) reads B's
 * rows in place and needs no barrier. */
static void kernel(gen *g) {
  const sgemm_gir_params *p = g->p;
  line(g, 0, "gir.kernel @%s(%%a: %s, %%b: %s, %%c: %s) parallel cpu group %d lanes %d {",
       g->direct ? "sgemm_direct" : "sgemm", g->TA, g->TA, g->TA, p->group, p->lanes);
  constants(g);
  line(g, 1, "%%M = gir.dim %%a, 0 : %s", g->TA);
  line(g, 1, "%%K = gir.dim %%a, 1 : %s", g->TA);
  line(g, 1, "%%N = gir.dim %%b, 1 : %s", g->TA);
  line(g, 1, "%%gid = gir.id group");
  line(g, 1, "%%u = gir.id unit_in_group");
  if (g->direct) {
    line(g, 1, "// The group's CacheBuffer: one A sliver per unit (B is read in place).");
    line(g, 1, "%%pfn = arith.muli %%cPFR, %%N : index");
  } else {
    line(g, 1, "// The group's CacheBuffer: the packed B panel, then one A sliver per unit.");
    line(g, 1, "%%bp = gir.alloc() : %s", g->TBP);
  }
  line(g, 1, "%%ap = gir.alloc() : %s", g->TAP);
  line(g, 1, "%%abase = arith.muli %%u, %%cKCMR : index");
  line(g, 1, "// L2 (BLIS loop 5, jc): this group's NC-column panel of C and B.");
  line(g, 1, "%%jc = arith.muli %%gid, %%cNC : index");
  line(g, 1, "%%nleft = arith.subi %%N, %%jc : index");
  line(g, 1, "%%nc = arith.minsi %%nleft, %%cNC : index");
  line(g, 1, "%%nsl = arith.ceildivsi %%nc, %%cNR : index");
  work_split(g);
  zero_fill(g);
  line(g, 1, "// Loop 4 (pc): KC-deep blocks of K.");
  line(g, 1, "gir.for %%pc = %%c0 to %%K step %%cKC {");
  line(g, 2, "%%kleft = arith.subi %%K, %%pc : index");
  line(g, 2, "%%kc = arith.minsi %%kleft, %%cKC : index");
  line(g, 2, "%%later = arith.minsi %%pc, %%c1 : index");
  if (!g->direct) pack_b(g);
  line(g, 2, "// Loops 3 and 1 (ic, ir): this unit's row slivers, each packed into L1 and run across the panel.");
  line(g, 2, "gir.for %%is = %%ms0 to %%ms1 step %%c1 {");
  pack_a(g);
  line(g, 3, "// Loop 2 (jr): this unit's column slivers of the panel (from L2), C tiles along rows.");
  line(g, 3, "gir.for %%js = %%ns0 to %%ns1 step %%c1 {");
  if (!g->direct) line(g, 4, "%%js_b = arith.muli %%js, %%cKCNR : index");
  micro_kernel(g);
  line(g, 3, "}");
  line(g, 2, "}");
  if (!g->direct) {
    line(g, 2, "// The next KC block repacks the panel: everyone is done with it.");
    line(g, 2, "gir.sync block %%bp : %s", g->TBP);
  }
  line(g, 1, "}");
  line(g, 0, "}");
}

static void host(gen *g) {
  const char *TA = g->TA;
  line(g, 0, "func.func @sgemm_host(%%a: %s, %%b: %s) -> %s {", TA, TA, TA);
  line(g, 1, "%%cNC = arith.constant %d : index", g->p->nc);
  line(g, 1, "%%m = gir.dim %%a, 0 : %s", TA);
  line(g, 1, "%%k = gir.dim %%a, 1 : %s", TA);
  line(g, 1, "%%kb = gir.dim %%b, 0 : %s", TA);
  line(g, 1, "%%n = gir.dim %%b, 1 : %s", TA);
  line(g, 1, "gir.assert eq(%%k, %%kb) \"sgemm: A has {0} columns but B has {1} rows\"");
  line(g, 1, "%%c = gir.alloc(%%m, %%n) : %s", TA);
  line(g, 1, "%%groups = arith.ceildivsi %%n, %%cNC : index");
  if (g->p->direct_max_m > 0) {
    /* A run-time choice between the two kernels: the other gets 0 groups. */
    line(g, 1, "%%c0 = arith.constant 0 : index");
    line(g, 1, "%%cDM = arith.constant %d : index", g->p->direct_max_m);
    line(g, 1, "%%small = arith.cmpi sle, %%m, %%cDM : index");
    line(g, 1, "%%g_direct = arith.select %%small, %%groups, %%c0 : index");
    line(g, 1, "%%g_packed = arith.select %%small, %%c0, %%groups : index");
    line(g, 1, "gir.launch @sgemm_direct[%%g_direct](%%a, %%b, %%c) : (%s, %s, %s)", TA, TA, TA);
    line(g, 1, "gir.launch @sgemm[%%g_packed](%%a, %%b, %%c) : (%s, %s, %s)", TA, TA, TA);
  } else {
    line(g, 1, "gir.launch @sgemm[%%groups](%%a, %%b, %%c) : (%s, %s, %s)", TA, TA, TA);
  }
  line(g, 1, "return %%c : %s", TA);
  line(g, 0, "}");
}

char *sgemm_gir_text(const sgemm_gir_params *p) {
  if (sgemm_gir_check(p)) return NULL;
  gen g = {.p = p};
  types(&g);
  line(&g, 0, "// SGEMM C = A x B (f32, row-major): MR x NR = %d x %d, KC %d, NC %d, KU %d, %d threads per group.",
       p->mr, p->nr, p->kc, p->nc, p->ku, p->group);
  kernel(&g);
  if (p->direct_max_m > 0) {
    g.direct = true;
    kernel(&g);
    g.direct = false;
  }
  host(&g);
  return g.sb.data;
}
