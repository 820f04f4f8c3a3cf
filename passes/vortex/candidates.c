/* The bottom-up hardware-aware candidate generator (Vortex section 5.1,
 * Algorithm 2): L0 by FilterByISA, L1 by GenerateMultiples/FilterByMultiples
 * within each level's resources and utilisation bounds, the link table, and
 * L2 as links x K splits. Hardware comes from targets/hardware.h only.
 *
 * Choices where the paper is silent (documented in README.md):
 *   - Register estimates (GPU, per thread): tensor cores: the accumulators
 *     WM*WN/32 (f32) + double-buffered A and B fragments 2*(WM+WN)*WK*e/128
 *     + 32 for addresses, indices and loop state; CUDA cores: TTM*TTN +
 *     2*(TTM+TTN) + 24. CPU: MR*NR/VL accumulators + NR/VL B vectors + one
 *     broadcast register.
 *   - Tile grids: warp tiles 16*{1,2,4,8} x 8*{1,2,4,8,16} x MMA_K*{1,2};
 *     FFMA thread tiles {1,2,4,8,16}^2 over the six 2^a x 2^b arrangements of
 *     32 lanes; CTA tiles (2^i WM) x (2^j WN) up to 256 x 256 and 32 warps,
 *     TK up to 64 (tensor cores) or {8,16,32} (CUDA cores), 2-5 cp.async
 *     stages (1-2 without cp.async); CPU MR 1..31, NR 1-4 vectors, MC =
 *     MR*2^i <= 1024, NC = NR*2^j <= 4096, KC in {32..512}.
 *   - Shared rows are padded by 16 bytes (bank-conflict-free ldmatrix and
 *     FFMA reads), and 1 KiB per CTA is the driver's reservation.
 *   - Utilisation bounds apply to every resource of a level: GPU registers,
 *     shared memory and threads per SM at the link's occupancy; CPU the B
 *     micro-panel in L1d, the A block in L2 and (upper bound only: an L3 is
 *     often far larger than any useful panel) the B panel in the core's L3
 *     share.
 *   - multiples=false (Fig. 8's counter-example): CTA tiles and blockings
 *     come from a fixed grid and link to any L0 that fits, padded up. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/vortex/vortex_impl.h"

const char *const vortex_backend_option_names[] = {"auto", "tensor-core", "cuda-core", "avx512", "avx2", NULL};
static const char *const backend_names[VORTEX_NUM_BACKENDS] = {"tensor-core", "cuda-core", "avx512", "avx2"};

const char *vortex_backend_name(vortex_backend b) { return b < VORTEX_NUM_BACKENDS ? backend_names[b] : "?"; }

vortex_options vortex_default_options(void) {
  return (vortex_options){VORTEX_BACKEND_AUTO, true, 0.125, 1.0, false, 0, 0, false, 0};
}

/* ---- backends ------------------------------------------------------------------------ */

static unsigned fail_why(char *why, size_t n, const char *fmt, const char *a, const char *b) {
  if (why && n) snprintf(why, n, fmt, a, b);
  return 0;
}

unsigned vortex_backends_for(const vtc_hardware *hw, vortex_backend_option option, vtc_hw_dtype in,
                             bool allow_tf32, vortex_backend out[2], char *why, size_t n) {
  unsigned k = 0;
  if (in != VTC_HW_F16 && in != VTC_HW_BF16 && in != VTC_HW_F32)
    return fail_why(why, n, "no Vortex backend for %s inputs%s", vtc_hw_dtype_name(in), "");
  if (hw->kind == VTC_HW_GPU) {
    bool tc = in == VTC_HW_F32 ? allow_tf32 && vtc_hardware_mma(hw, VTC_HW_TF32) : vtc_hardware_mma(hw, in) != NULL;
    if (option == VORTEX_BACKEND_ONLY_AVX512 || option == VORTEX_BACKEND_ONLY_AVX2)
      return fail_why(why, n, "backend %s is a CPU backend, but %s is a GPU", vortex_backend_option_names[option],
                      hw->name);
    if ((option == VORTEX_BACKEND_AUTO || option == VORTEX_BACKEND_ONLY_TENSOR_CORE) && tc)
      out[k++] = VORTEX_BACKEND_TENSOR_CORE;
    if (option == VORTEX_BACKEND_AUTO || option == VORTEX_BACKEND_ONLY_CUDA_CORE) out[k++] = VORTEX_BACKEND_CUDA_CORE;
    if (!k)
      return fail_why(why, n, "no tensor-core mma.sync for %s inputs on %s (f32 needs allow-tf32)",
                      vtc_hw_dtype_name(in), hw->name);
    return k;
  }
  if (option == VORTEX_BACKEND_ONLY_TENSOR_CORE || option == VORTEX_BACKEND_ONLY_CUDA_CORE)
    return fail_why(why, n, "backend %s is a GPU backend, but %s is a CPU", vortex_backend_option_names[option],
                    hw->name);
  bool avx512 = hw->cpu.avx512f && hw->cpu.vector_bits >= 512, avx2 = hw->cpu.avx2 && hw->cpu.fma;
  if (option == VORTEX_BACKEND_ONLY_AVX512 && !avx512)
    return fail_why(why, n, "%s has no AVX-512%s", hw->name, "");
  if (option == VORTEX_BACKEND_ONLY_AVX2 && !avx2) return fail_why(why, n, "%s has no AVX2 and FMA%s", hw->name, "");
  if ((option == VORTEX_BACKEND_AUTO || option == VORTEX_BACKEND_ONLY_AVX512) && avx512)
    out[k++] = VORTEX_BACKEND_AVX512;
  else if ((option == VORTEX_BACKEND_AUTO || option == VORTEX_BACKEND_ONLY_AVX2) && avx2)
    out[k++] = VORTEX_BACKEND_AVX2;
  if (!k) return fail_why(why, n, "%s has neither AVX-512 nor AVX2 with FMA%s", hw->name, "");
  return k;
}

/* ---- a set of packed keys (dedup of L1 tiles) ------------------------------------------ */

typedef struct key_set {
  uint64_t *keys; /* 0 = empty; keys are stored + 1 */
  size_t cap, len;
} key_set;

static bool key_set_add(key_set *s, uint64_t key) {
  if ((s->len + 1) * 2 > s->cap) {
    key_set bigger = {vtc_xcalloc(s->cap ? s->cap * 2 : 1024, sizeof(uint64_t)), s->cap ? s->cap * 2 : 1024, 0};
    for (size_t i = 0; i < s->cap; i++)
      if (s->keys[i]) key_set_add(&bigger, s->keys[i] - 1);
    free(s->keys);
    *s = bigger;
  }
  uint64_t k = key + 1, h = k * 0x9E3779B97F4A7C15ull;
  for (size_t i = (size_t)(h >> 17) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    if (s->keys[i] == k) return false;
    if (!s->keys[i]) {
      s->keys[i] = k;
      s->len++;
      return true;
    }
  }
}

static uint64_t l1_key(const vortex_l1 *t) {
  return (uint64_t)t->backend | (uint64_t)t->m << 3 | (uint64_t)t->n << 17 | (uint64_t)t->k << 31 |
         (uint64_t)t->stages << 45;
}

/* ---- the generator's state ---------------------------------------------------------------- */

typedef struct gen {
  const vtc_hardware *hw;
  const vortex_options *o;
  vortex_candidates *t;
  int elem_in;  /* bytes of an input element in memory */
  int elem_mma; /* bytes of an element in a fragment (tf32: 4) */
  key_set seen;
} gen;

static bool within(const gen *g, double util) { return util >= g->o->util_min - 1e-12 && util <= g->o->util_max + 1e-12; }

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* ---- L0: FilterByISA ------------------------------------------------------------------------ */

static void push_l0(gen *g, vortex_l0 l0, int max_regs) {
  l0.util = (double)l0.registers / max_regs;
  if (l0.registers > max_regs || !within(g, l0.util)) return;
  VTC_VEC_PUSH(&g->t->l0, l0);
}

static void l0_tensor_core(gen *g) {
  const vtc_hw_mma *mma = vtc_hardware_mma(g->hw, g->t->in_dtype == VTC_HW_F32 ? VTC_HW_TF32 : g->t->in_dtype);
  int max_regs = g->hw->gpu.max_registers_per_thread;
  for (int a = 1; a <= 8; a *= 2)
    for (int b = 1; b <= 16; b *= 2)
      for (int c = 1; c <= 2; c++) {
        int wm = mma->m * a, wn = mma->n * b, wk = mma->k * c;
        /* Fragments are 32-bit registers over the warp's 32 lanes. */
        int frag = (int)ceil_div((int64_t)(wm + wn) * wk * g->elem_mma, 4 * 32);
        vortex_l0 l0 = {.backend = VORTEX_BACKEND_TENSOR_CORE, .m = wm, .n = wn, .k = wk, .inst_m = mma->m,
                        .inst_n = mma->n, .inst_k = mma->k, .registers = wm * wn / 32 + 2 * frag + 32};
        push_l0(g, l0, max_regs);
      }
}

static void l0_cuda_core(gen *g) {
  int max_regs = g->hw->gpu.max_registers_per_thread, warp = g->hw->gpu.warp_size;
  for (int tm = 1; tm <= 16; tm *= 2)
    for (int tn = 1; tn <= 16; tn *= 2)
      for (int lm = 1; lm <= warp; lm *= 2) {
        int ln = warp / lm;
        if (tm * lm > 128 || tn * ln > 128) continue;
        if (g->o->cuda_core_lanes_m && lm != g->o->cuda_core_lanes_m) continue;
        vortex_l0 l0 = {.backend = VORTEX_BACKEND_CUDA_CORE, .m = tm * lm, .n = tn * ln, .k = 1, .inst_m = tm,
                        .inst_n = tn, .inst_k = 1, .lanes_m = lm, .lanes_n = ln,
                        .registers = tm * tn + 2 * (tm + tn) + 24};
        push_l0(g, l0, max_regs);
      }
}

static void l0_cpu(gen *g, vortex_backend be) {
  int vl = (be == VORTEX_BACKEND_AVX512 ? 512 : 256) / 32, regs = be == VORTEX_BACKEND_AVX512 ? 32 : 16;
  if (regs > g->hw->cpu.vector_registers) regs = g->hw->cpu.vector_registers;
  for (int nv = 1; nv <= 4; nv++) {
    if (g->o->cpu_nr_pow2 && (nv & (nv - 1))) continue;
    for (int mr = 1; mr <= 31; mr++) {
      vortex_l0 l0 = {.backend = be, .m = mr, .n = nv * vl, .k = 1, .inst_m = 1, .inst_n = vl, .inst_k = 1,
                      .registers = mr * nv + nv + 1};
      /* An emitter's code (cpu_spare_registers set) holds each row's
       * broadcast in a register when it feeds several FMAs (NR of 2+
       * vectors: LLVM loads all MR before the FMAs), else folds it into
       * the FMA as a {1to16} operand. */
      int held = g->o->cpu_spare_registers && nv > 1 ? mr - 1 : 0;
      if (l0.registers + held + g->o->cpu_spare_registers > regs) continue;
      push_l0(g, l0, regs);
    }
  }
}

/* ---- links ------------------------------------------------------------------------------------ */

static bool gpu_link(gen *g, unsigned l1i, unsigned l0i, vortex_link *out) {
  const vortex_l1 *t = &g->t->l1.data[l1i];
  const vortex_l0 *w = &g->t->l0.data[l0i];
  const vtc_hw_gpu *hw = &g->hw->gpu;
  if (w->backend != t->backend || w->m > t->m || w->n > t->n || t->k % w->k) return false;
  if (g->o->multiples && (t->m % w->m || t->n % w->n)) return false;
  int warps = (int)(ceil_div(t->m, w->m) * ceil_div(t->n, w->n));
  int threads = warps * hw->warp_size;
  if (threads > hw->max_threads_per_block) return false;
  /* An emitter that stages CUDA-core tiles through registers (the
   * cuda_core_stages option) holds each thread's share of the next A and B
   * tiles while it computes. */
  int registers = w->registers;
  if (w->backend == VORTEX_BACKEND_CUDA_CORE && g->o->cuda_core_stages)
    registers += (int)ceil_div((int64_t)(t->m + t->n) * t->k, threads);
  if (registers > hw->max_registers_per_thread) return false;
  int64_t pad = 16;
  int64_t shared = (int64_t)t->stages * ((int64_t)t->m * (t->k * g->elem_in + pad) + (int64_t)t->k * (t->n * g->elem_in + pad));
  if (shared > hw->shared_per_block_optin) return false;
  /* Registers are allocated per warp in units of 256. */
  int64_t regs_per_warp = ceil_div((int64_t)registers * hw->warp_size, 256) * 256;
  if ((int64_t)registers * threads > hw->registers_per_block) return false;
  int64_t occ = hw->max_blocks_per_sm;
  occ = occ < hw->shared_per_sm / (shared + 1024) ? occ : hw->shared_per_sm / (shared + 1024);
  occ = occ < hw->registers_per_sm / (regs_per_warp * warps) ? occ : hw->registers_per_sm / (regs_per_warp * warps);
  occ = occ < hw->max_threads_per_sm / threads ? occ : hw->max_threads_per_sm / threads;
  if (occ < 1) return false;
  *out = (vortex_link){.l1 = l1i, .l0 = l0i, .units = warps, .registers = registers, .shared_bytes = shared,
                       .occupancy = (int)occ};
  out->util_registers = (double)(occ * regs_per_warp * warps) / hw->registers_per_sm;
  out->util_shared = (double)(occ * (shared + 1024)) / hw->shared_per_sm;
  out->util_threads = (double)(occ * threads) / hw->max_threads_per_sm;
  return within(g, out->util_registers) && within(g, out->util_shared) && within(g, out->util_threads);
}

static int64_t l3_share(const vtc_hardware *hw) {
  int64_t l3 = hw->cpu.l3_bytes > 0 ? hw->cpu.l3_bytes : hw->cpu.l2_bytes * 2;
  return l3 / (hw->num_cores > 0 ? hw->num_cores : 1);
}

static bool cpu_link(gen *g, unsigned l1i, unsigned l0i, vortex_link *out) {
  const vortex_l1 *t = &g->t->l1.data[l1i];
  const vortex_l0 *r = &g->t->l0.data[l0i];
  const vtc_hw_cpu *c = &g->hw->cpu;
  if (r->backend != t->backend || r->m > t->m || r->n > t->n) return false;
  if (g->o->multiples && (t->m % r->m || t->n % r->n)) return false;
  /* Packed panels hold f32 (f16 and bf16 are widened while packing). */
  int64_t micro = (int64_t)t->k * r->n * 4, ablock = (int64_t)ceil_div(t->m, r->m) * r->m * t->k * 4;
  int64_t panel = (int64_t)t->k * ceil_div(t->n, r->n) * r->n * 4;
  *out = (vortex_link){.l1 = l1i, .l0 = l0i, .units = 1, .registers = r->registers, .shared_bytes = ablock,
                       .panel_bytes = panel, .micro_bytes = micro, .occupancy = 1};
  out->util_registers = (double)micro / c->l1d_bytes;
  out->util_shared = (double)ablock / c->l2_bytes;
  out->util_threads = (double)panel / l3_share(g->hw);
  return within(g, out->util_registers) && within(g, out->util_shared) && out->util_threads <= g->o->util_max + 1e-12;
}

static bool try_link(gen *g, unsigned l1i, unsigned l0i) {
  vortex_link link;
  bool gpu = vortex_backend_is_gpu(g->t->l1.data[l1i].backend);
  if (!(gpu ? gpu_link(g, l1i, l0i, &link) : cpu_link(g, l1i, l0i, &link))) return false;
  VTC_VEC_PUSH(&g->t->links, link);
  return true;
}

/* An L1 tile joins the table if some L0 builds it; links to every such L0. */
static void add_l1(gen *g, vortex_l1 t) {
  if (!key_set_add(&g->seen, l1_key(&t))) return;
  VTC_VEC_PUSH(&g->t->l1, t);
  unsigned l1i = (unsigned)g->t->l1.len - 1, linked = 0;
  for (unsigned l0i = 0; l0i < g->t->l0.len; l0i++) linked += try_link(g, l1i, l0i);
  if (!linked) g->t->l1.len--;
}

/* ---- L1: GenerateMultiples / FilterByMultiples ------------------------------------------------- */

static int gpu_stage_counts(const gen *g, int *out) {
  if (!g->hw->gpu.cp_async) {
    out[0] = 1;
    out[1] = 2;
    return 2;
  }
  for (int s = 2; s <= 5; s++) out[s - 2] = s;
  return 4;
}

static void l1_gpu(gen *g, vortex_backend be) {
  int stages[4], ns = gpu_stage_counts(g, stages);
  if (be == VORTEX_BACKEND_CUDA_CORE && g->o->cuda_core_stages) {
    stages[0] = g->o->cuda_core_stages;
    ns = 1;
  }
  int max_warps = g->hw->gpu.max_threads_per_block / g->hw->gpu.warp_size;
  if (g->o->multiples) {
    size_t n0 = g->t->l0.len;
    for (size_t i = 0; i < n0; i++) {
      vortex_l0 w = g->t->l0.data[i];
      if (w.backend != be) continue;
      for (int a = 1; a <= 8; a *= 2)
        for (int b = 1; b <= 8; b *= 2) {
          if (a * b > max_warps || w.m * a > 256 || w.n * b > 256) continue;
          for (int c = 1; c <= 8; c *= 2) {
            int tk = be == VORTEX_BACKEND_TENSOR_CORE ? w.k * c : 8 * c;
            if (tk > 64 || (be == VORTEX_BACKEND_CUDA_CORE && tk > 32)) continue;
            for (int s = 0; s < ns; s++) add_l1(g, (vortex_l1){be, w.m * a, w.n * b, tk, stages[s]});
          }
        }
    }
    return;
  }
  static const int grid[] = {16, 32, 48, 64, 96, 128, 192, 256};
  static const int tk_tc[] = {16, 32, 64}, tk_cc[] = {8, 16, 32};
  const int *tks = be == VORTEX_BACKEND_TENSOR_CORE ? tk_tc : tk_cc;
  for (size_t i = 0; i < sizeof grid / sizeof *grid; i++)
    for (size_t j = 0; j < sizeof grid / sizeof *grid; j++)
      for (int k = 0; k < 3; k++)
        for (int s = 0; s < ns; s++) add_l1(g, (vortex_l1){be, grid[i], grid[j], tks[k], stages[s]});
}

static const int cpu_kcs[] = {32, 64, 96, 128, 192, 256, 384, 512};

static void l1_cpu(gen *g, vortex_backend be) {
  if (g->o->multiples) {
    size_t n0 = g->t->l0.len;
    for (size_t i = 0; i < n0; i++) {
      vortex_l0 r = g->t->l0.data[i];
      if (r.backend != be) continue;
      for (size_t k = 0; k < sizeof cpu_kcs / sizeof *cpu_kcs; k++)
        for (int mc = r.m; mc <= 1024; mc *= 2)
          for (int nc = r.n; nc <= 4096; nc *= 2) add_l1(g, (vortex_l1){be, mc, nc, cpu_kcs[k], 1});
    }
    return;
  }
  static const int mcs[] = {16, 32, 48, 64, 96, 128, 192, 256, 384, 512};
  static const int ncs[] = {64, 128, 256, 512, 1024, 2048, 4096};
  for (size_t i = 0; i < sizeof mcs / sizeof *mcs; i++)
    for (size_t j = 0; j < sizeof ncs / sizeof *ncs; j++)
      for (size_t k = 0; k < sizeof cpu_kcs / sizeof *cpu_kcs; k++)
        add_l1(g, (vortex_l1){be, mcs[i], ncs[j], cpu_kcs[k], 1});
}

/* ---- L2 ---------------------------------------------------------------------------------------- */

static void l2_all(gen *g) {
  static const int gpu_splits[] = {1, 2, 3, 4, 8}, cpu_splits[] = {1, 2, 4};
  for (unsigned l = 0; l < g->t->links.len; l++) {
    bool gpu = vortex_backend_is_gpu(g->t->l1.data[g->t->links.data[l].l1].backend);
    const int *splits = gpu ? gpu_splits : cpu_splits;
    int ns = gpu ? 5 : 3;
    for (int s = 0; s < ns; s++) VTC_VEC_PUSH(&g->t->l2, ((vortex_l2){l, splits[s]}));
  }
}

/* ---- the generator ------------------------------------------------------------------------------- */

bool vortex_generate(const vtc_hardware *hw, vtc_hw_dtype in, vtc_hw_dtype out, const vortex_options *options,
                     vortex_candidates *t, char *why, size_t n) {
  memset(t, 0, sizeof *t);
  vortex_options defaults = vortex_default_options();
  const vortex_options *o = options ? options : &defaults;
  t->hw = hw;
  t->in_dtype = in;
  t->out_dtype = out;
  t->options = *o;
  if (!(o->util_min >= 0 && o->util_max > 0 && o->util_min <= o->util_max)) {
    if (why && n) snprintf(why, n, "utilisation bounds [%g, %g] are empty", o->util_min, o->util_max);
    return false;
  }
  t->num_backends = vortex_backends_for(hw, o->backend, in, o->allow_tf32, t->backends, why, n);
  if (!t->num_backends) return false;
  gen g = {hw, o, t, vtc_hw_dtype_bytes(in), vtc_hw_dtype_bytes(in), {0}};
  for (unsigned b = 0; b < t->num_backends; b++) {
    vortex_backend be = t->backends[b];
    if (be == VORTEX_BACKEND_TENSOR_CORE) l0_tensor_core(&g);
    else if (be == VORTEX_BACKEND_CUDA_CORE) l0_cuda_core(&g);
    else l0_cpu(&g, be);
  }
  for (unsigned b = 0; b < t->num_backends; b++) {
    if (vortex_backend_is_gpu(t->backends[b])) l1_gpu(&g, t->backends[b]);
    else l1_cpu(&g, t->backends[b]);
  }
  l2_all(&g);
  free(g.seen.keys);
  if (!t->l2.len) {
    if (why && n) snprintf(why, n, "no candidate fits %s within utilisation [%g, %g]", hw->name, o->util_min, o->util_max);
    vortex_candidates_free(t);
    return false;
  }
  return true;
}

void vortex_candidates_free(vortex_candidates *t) {
  VTC_VEC_FREE(&t->l0);
  VTC_VEC_FREE(&t->l1);
  VTC_VEC_FREE(&t->links);
  VTC_VEC_FREE(&t->l2);
}

vortex_variant vortex_variant_of(const vortex_candidates *t, unsigned l2_index) {
  const vortex_l2 *l2 = &t->l2.data[l2_index];
  const vortex_link *k = &t->links.data[l2->link];
  vortex_variant v = {
      .backend = t->l1.data[k->l1].backend, .l0 = t->l0.data[k->l0], .l1 = t->l1.data[k->l1],
      .split_k = l2->split_k, .units = k->units, .registers = k->registers, .shared_bytes = k->shared_bytes,
      .occupancy = k->occupancy, .elem_a = vtc_hw_dtype_bytes(t->in_dtype), .elem_b = vtc_hw_dtype_bytes(t->in_dtype),
      .elem_out = vtc_hw_dtype_bytes(t->out_dtype),
  };
  return v;
}
