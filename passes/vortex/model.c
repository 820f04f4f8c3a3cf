/* The analytical model of Vortex section 5.2 (Eqs. 2-4) as one formula
 * evaluated two ways: in C (vortex_model_cost, the analyzer and tools) and
 * as host arith (vortex_emit_select: the run-time selection of section 6.2
 * that the CPU host code and the CUDA host plan evaluate). Both run the same
 * code below over vx_values: a constant folds, anything else is emitted, so
 * the two can never disagree and static sizes cost nothing at run time.
 *
 * The model (README.md, "The model", says why each term is there):
 *   Eq. 2  T_L = T_load + (n - 1) * max(T_load, C_{L-1}) + C_{L-1} + T_store
 *          (on a CPU the thread packs its own panels, so max becomes +;
 *          on a GPU without a pipeline, S = 1, too);
 *   Eq. 3  P_L = ceil(parallel extent / units at L): at L2 the tiles over
 *          SMs x occupancy (cores on a CPU): full waves, plus a partial
 *          wave whose tiles get the resources the idle ones leave;
 *   Eq. 4  C_L = P_L * T_L.
 * GPU: L0 = a warp's k-steps of one CTA k-tile (shared -> registers,
 * mma/ffma), L1 = a CTA's k-tiles (global -> shared, S stages hide
 * max(load, latency / (S - 1))), L2 = the grid (+ a split-K reduction
 * kernel). CPU: L0 = the MR x NR micro-kernel over KC (FMA issue, FMA
 * latency and load ports bound each k-step), L1 = a thread's MC x NC block
 * over K / KC panels (packing from DRAM at the thread's share, or from L3
 * for re-read data), L2 = the blocks over cores. */
#include <math.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/arith/arith_eval.h"
#include "passes/vortex/vortex_impl.h"

/* Constants of the model that no table holds. */
#define GPU_LAUNCH_SECONDS 2e-6     /* a kernel launch from the host plan */
#define CPU_LAUNCH_SECONDS 5e-6     /* waking the thread pool */
#define GPU_LOAD_LATENCY_CYCLES 600 /* global -> shared round trip */
#define GPU_WARPS_TO_SATURATE 8     /* two per SM sub-partition hide the pipeline latency */
#define SM_BANDWIDTH_SHARE_CAP 2.0  /* an SM's link to L2 carries twice its fair share of L2 bandwidth */

/* ---- vx: constants or emitted arith ------------------------------------------------------- */

static vx_value vx_i(int64_t i) { return (vx_value){.is_int = true, .is_const = true, .i = i}; }
static vx_value vx_f(double f) { return (vx_value){.is_int = false, .is_const = true, .f = f}; }

static vtc_value *vx_materialize(vx_ctx *x, vx_value a) {
  if (!a.is_const) return a.v;
  vtc_context *ctx = x->b->ctx;
  const vtc_type *t = a.is_int ? vtc_type_index(ctx) : vtc_type_f64(ctx);
  const vtc_attr *val = a.is_int ? vtc_attr_index(ctx, a.i) : vtc_attr_float(ctx, t, a.f);
  return vtc_op_result(vtc_arith_materialize_constant(x->b, val, t, x->loc), 0);
}

static vx_value vx_emit(vx_ctx *x, const char *name, unsigned n, const vx_value *in, bool int_result,
                        const vtc_type *result_type, unsigned num_attrs, const vtc_named_attr *attrs) {
  vtc_value *ops[3];
  for (unsigned i = 0; i < n; i++) ops[i] = vx_materialize(x, in[i]);
  vtc_context *ctx = x->b->ctx;
  if (!result_type) result_type = int_result ? vtc_type_index(ctx) : vtc_type_f64(ctx);
  vtc_op *op = vtc_builder_create(x->b, name, x->loc, n, ops, result_type, num_attrs, attrs);
  return (vx_value){.is_int = int_result, .v = vtc_op_result(op, 0)};
}

static int64_t sat_mul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX / 4 : r;
}

typedef enum ibin { I_ADD, I_SUB, I_MUL, I_CEILDIV, I_DIV, I_MIN, I_MAX } ibin;
static const char *const ibin_names[] = {"arith.addi",  "arith.subi",  "arith.muli", "arith.ceildivui",
                                         "arith.divui", "arith.minui", "arith.maxui"};

static vx_value vx_ibin(vx_ctx *x, ibin op, vx_value a, vx_value b) {
  if (a.is_const && b.is_const) {
    int64_t p = a.i, q = b.i;
    switch (op) {
    case I_ADD: return vx_i(p + q);
    case I_SUB: return vx_i(p - q);
    case I_MUL: return vx_i(sat_mul(p, q));
    case I_CEILDIV: return vx_i(q ? (int64_t)(((uint64_t)p + (uint64_t)q - 1) / (uint64_t)q) : 0);
    case I_DIV: return vx_i(q ? (int64_t)((uint64_t)p / (uint64_t)q) : 0);
    case I_MIN: return vx_i((uint64_t)p < (uint64_t)q ? p : q);
    case I_MAX: return vx_i((uint64_t)p > (uint64_t)q ? p : q);
    }
  }
  /* Identities keep the emitted code short. */
  if (op == I_MUL && a.is_const && a.i == 1) return b;
  if ((op == I_MUL || op == I_CEILDIV || op == I_DIV) && b.is_const && b.i == 1) return a;
  vx_value in[2] = {a, b};
  return vx_emit(x, ibin_names[op], 2, in, true, NULL, 0, NULL);
}

typedef enum fbin { F_ADD, F_SUB, F_MUL, F_DIV, F_MAX, F_MIN } fbin;
static const char *const fbin_names[] = {"arith.addf", "arith.subf",     "arith.mulf",
                                         "arith.divf", "arith.maximumf", "arith.minimumf"};

static vx_value vx_fbin(vx_ctx *x, fbin op, vx_value a, vx_value b) {
  if (a.is_const && b.is_const) {
    double p = a.f, q = b.f;
    switch (op) {
    case F_ADD: return vx_f(p + q);
    case F_SUB: return vx_f(p - q);
    case F_MUL: return vx_f(p * q);
    case F_DIV: return vx_f(p / q);
    case F_MAX: return vx_f(vtc_arith_maximumf(p, q));
    case F_MIN: return vx_f(vtc_arith_minimumf(p, q));
    }
  }
  if (op == F_MUL && a.is_const && a.f == 1) return b;
  if ((op == F_MUL || op == F_DIV) && b.is_const && b.f == 1) return a;
  if (op == F_ADD && a.is_const && a.f == 0) return b;
  if ((op == F_ADD || op == F_SUB) && b.is_const && b.f == 0) return a;
  vx_value in[2] = {a, b};
  return vx_emit(x, fbin_names[op], 2, in, false, NULL, 0, NULL);
}

/* index -> f64 (exact for sizes below 2^53). */
static vx_value vx_tof(vx_ctx *x, vx_value a) {
  if (a.is_const) return vx_f((double)a.i);
  vtc_context *ctx = x->b->ctx;
  vx_value i64 = vx_emit(x, "arith.index_cast", 1, &a, true, vtc_type_integer(ctx, 64), 0, NULL);
  return vx_emit(x, "arith.sitofp", 1, &i64, false, NULL, 0, NULL);
}

#define IADD(a, b) vx_ibin(x, I_ADD, a, b)
#define ISUB(a, b) vx_ibin(x, I_SUB, a, b)
#define IMUL(a, b) vx_ibin(x, I_MUL, a, b)
#define ICEIL(a, b) vx_ibin(x, I_CEILDIV, a, b)
#define IDIV(a, b) vx_ibin(x, I_DIV, a, b)
#define IMIN(a, b) vx_ibin(x, I_MIN, a, b)
#define IMAX(a, b) vx_ibin(x, I_MAX, a, b)
#define FADD(a, b) vx_fbin(x, F_ADD, a, b)
#define FSUB(a, b) vx_fbin(x, F_SUB, a, b)
#define FMUL(a, b) vx_fbin(x, F_MUL, a, b)
#define FDIV(a, b) vx_fbin(x, F_DIV, a, b)
#define FMAX(a, b) vx_fbin(x, F_MAX, a, b)
#define FMIN(a, b) vx_fbin(x, F_MIN, a, b)
#define TOF(a) vx_tof(x, a)
#define CI(v) vx_i((int64_t)(v))
#define CF(v) vx_f((double)(v))

/* Eq. 2: T = T_load + (n - 1) * overlap(T_load, C) + C + T_store, with n a
 * float >= 1; overlap is max when the load runs concurrently with the
 * compute, + when the same unit does both. */
static vx_value eq2(vx_ctx *x, vx_value load, vx_value n, vx_value compute, vx_value store, bool concurrent) {
  vx_value step = concurrent ? FMAX(load, compute) : FADD(load, compute);
  return FADD(FADD(FADD(load, FMUL(FSUB(n, CF(1)), step)), compute), store);
}

/* The problem's sizes as vx values. */
typedef struct vx_problem {
  vx_value batch, m, n, k;
} vx_problem;

typedef struct model_out {
  vx_value total, c1, c0, t_load1, tiles, waves, tail;
} model_out;

/* ---- the GPU ------------------------------------------------------------------------------ */

typedef struct gpu_terms {
  const vtc_hardware *hw;
  const vortex_variant *v;
  vx_value n1;  /* k-tiles per CTA */
  vx_value r;   /* the fraction of tile loads that DRAM serves (the rest hits L2) */
  vx_value c0;  /* out: L0 of one k-tile */
  vx_value tl1; /* out: L1 load of one k-tile */
} gpu_terms;

/* T_1 of one CTA while `active` CTAs run on the device. */
static vx_value gpu_cta(vx_ctx *x, gpu_terms *g, vx_value active) {
  const vtc_hardware *hw = g->hw;
  const vortex_variant *v = g->v;
  const vtc_hw_gpu *d = &hw->gpu;
  int sms = hw->num_cores;
  bool tc = v->backend == VORTEX_BACKEND_TENSOR_CORE;
  vtc_hw_dtype in = v->elem_a == 2 ? VTC_HW_F16 : VTC_HW_F32;
  double peak_sm = vtc_hardware_peak_flops(hw, tc && in == VTC_HW_F32 ? VTC_HW_TF32 : in, tc) / sms;
  if (tc) peak_sm *= d->mma_sync_fraction;
  /* CTAs resident on one SM: q <= occupancy. */
  vx_value q = IMIN(CI(v->occupancy), ICEIL(active, CI(sms)));
  vx_value qf = TOF(q), af = TOF(active);
  /* L0: the CTA's warps on the SM's share, padded warp tiles included. */
  int64_t mt = (v->l1.m + v->l0.m - 1) / v->l0.m * v->l0.m, nt = (v->l1.n + v->l0.n - 1) / v->l0.n * v->l0.n;
  vx_value eff = FMIN(CF(1), FDIV(FMUL(qf, CF(v->units)), CF(GPU_WARPS_TO_SATURATE)));
  vx_value rate = FDIV(FMUL(CF(peak_sm), eff), qf);
  vx_value compute = FDIV(CF(2.0 * mt * nt * v->l1.k), rate);
  double shared_bytes = (double)v->units * (v->l0.m * v->elem_a + v->l0.n * v->elem_b) * v->l1.k;
  vx_value shared = FDIV(CF(shared_bytes), FDIV(CF(d->shared_bandwidth), qf));
  int n0 = v->l1.k / v->l0.k;
  vx_value c0 = eq2(x, FDIV(shared, CF(n0)), CF(n0), FDIV(compute, CF(n0)), CF(0), true);
  /* L1: a k-tile through the SM's link (its share of it), from L2 at this
   * CTA's share of the device's L2 bandwidth, the part DRAM serves at its
   * share of the device's DRAM bandwidth; the stages hide the latency. */
  double tile = (double)(v->l1.m * v->elem_a + v->l1.n * v->elem_b) * v->l1.k;
  vx_value link = FDIV(CF(SM_BANDWIDTH_SHARE_CAP * d->l2_bandwidth / sms), qf);
  vx_value l2 = FMIN(FDIV(CF(d->l2_bandwidth), af), link);
  vx_value dram = FDIV(CF(hw->dram_bandwidth), af);
  double latency = GPU_LOAD_LATENCY_CYCLES / hw->clock_hz / (v->l1.stages > 1 ? v->l1.stages - 1 : 1);
  vx_value tl1 = FMAX(FMAX(FDIV(CF(tile), l2), FDIV(FMUL(CF(tile), g->r), dram)), CF(latency));
  int out_bytes = v->split_k > 1 ? 4 : v->elem_out;
  vx_value store = FDIV(CF((double)v->l1.m * v->l1.n * out_bytes), l2);
  g->c0 = c0;
  g->tl1 = tl1;
  return eq2(x, tl1, TOF(g->n1), c0, store, v->l1.stages > 1);
}

static model_out gpu_model(vx_ctx *x, const vtc_hardware *hw, const vortex_variant *v, vx_problem p) {
  model_out o;
  vx_value ks = ICEIL(p.k, CI(v->split_k));
  vx_value n1 = IMAX(ICEIL(ks, CI(v->l1.k)), CI(1));
  vx_value tm = ICEIL(p.m, CI(v->l1.m)), tn = ICEIL(p.n, CI(v->l1.n));
  vx_value tiles = IMUL(IMUL(IMUL(p.batch, tm), tn), CI(v->split_k));
  vx_value slots = CI((int64_t)hw->num_cores * v->occupancy);
  vx_value full = IDIV(tiles, slots), tail = ISUB(tiles, IMUL(full, slots));
  /* DRAM serves each byte once; the tiles read it tm or tn times. */
  vx_value unique = IADD(IMUL(p.m, CI(v->elem_a)), IMUL(p.n, CI(v->elem_b)));
  vx_value traffic = IMAX(IMUL(IMUL(tm, tn), CI(v->l1.m * v->elem_a + v->l1.n * v->elem_b)), CI(1));
  gpu_terms g = {hw, v, n1, FMIN(CF(1), FDIV(TOF(unique), TOF(traffic))), {0}, {0}};
  vx_value c1 = gpu_cta(x, &g, slots);
  o.c0 = g.c0;
  o.t_load1 = g.tl1;
  vx_value c1_tail = gpu_cta(x, &g, IMAX(tail, CI(1)));
  vx_value total = FADD(FMUL(TOF(full), c1), FMUL(TOF(IMIN(tail, CI(1))), c1_tail));
  total = FADD(total, CF(GPU_LAUNCH_SECONDS));
  if (v->split_k > 1) {
    /* The reduction kernel reads the f32 partial sums and writes the output. */
    vx_value elems = IMUL(IMUL(p.batch, p.m), p.n);
    total = FADD(total, FADD(FDIV(FMUL(TOF(elems), CF(4.0 * v->split_k + v->elem_out)), CF(hw->dram_bandwidth)),
                             CF(GPU_LAUNCH_SECONDS)));
  }
  o.total = total;
  o.c1 = c1;
  o.tiles = tiles;
  o.waves = full;
  o.tail = tail;
  return o;
}

/* ---- the CPU ------------------------------------------------------------------------------ */

typedef struct cpu_terms {
  const vtc_hardware *hw;
  const vortex_variant *v;
  vx_value mce, nce, kce, nk, r;
  vx_value c0, tl1;
} cpu_terms;

/* T_1 of one thread's block while `active` threads run. */
static vx_value cpu_block(vx_ctx *x, cpu_terms *c, vx_value active) {
  const vtc_hardware *hw = c->hw;
  const vortex_variant *v = c->v;
  const vtc_hw_cpu *d = &hw->cpu;
  int vl = v->l0.inst_n, mr = v->l0.m, nr = v->l0.n;
  /* L0, one k-step: FMA issue, the FMA latency (each accumulator is one
   * chain) and the loads (NR/VL vectors of B, MR broadcasts of A). */
  double fmas = (double)mr * nr / vl;
  double cycles = fmax(fmax(fmas / d->fma_units, d->fma_latency), ((double)nr / vl + mr) / d->load_ports);
  vx_value step = CF(cycles / hw->clock_hz);
  vx_value t0 = eq2(x, CF(0), TOF(c->kce), step, CF(2.0 * mr * nr * 4 / d->l2_bandwidth), false);
  vx_value micro = IMUL(ICEIL(c->mce, CI(mr)), ICEIL(c->nce, CI(nr)));
  vx_value c0 = FMUL(TOF(micro), t0);
  /* L1: packing one KC panel of A (MC x KC) and B (KC x NC): every byte
   * read passes the core's share of the L3, the part DRAM serves comes at
   * this thread's share of DRAM; the packed copy is written to L2. */
  vx_value dram = FDIV(CF(hw->dram_bandwidth), TOF(active));
  vx_value l3 = CF(d->l3_bandwidth / hw->num_cores);
  vx_value read = TOF(IMUL(IADD(IMUL(c->mce, CI(v->elem_a)), IMUL(c->nce, CI(v->elem_b))), c->kce));
  vx_value written = TOF(IMUL(IMUL(IADD(c->mce, c->nce), c->kce), CI(4)));
  vx_value tl1 = FADD(FMAX(FDIV(read, l3), FDIV(FMUL(read, c->r), dram)), FDIV(written, CF(d->l2_bandwidth)));
  c->c0 = c0;
  c->tl1 = tl1;
  return eq2(x, tl1, TOF(c->nk), c0, CF(0), false);
}

static model_out cpu_model(vx_ctx *x, const vtc_hardware *hw, const vortex_variant *v, vx_problem p) {
  model_out o;
  int mr = v->l0.m, nr = v->l0.n;
  vx_value ks = ICEIL(p.k, CI(v->split_k));
  cpu_terms c = {hw, v, {0}, {0}, {0}, {0}, {0}, {0}, {0}};
  /* A block is at most the problem (rounded up to whole micro-tiles). */
  c.mce = IMIN(CI(v->l1.m), IMUL(ICEIL(p.m, CI(mr)), CI(mr)));
  c.nce = IMIN(CI(v->l1.n), IMUL(ICEIL(p.n, CI(nr)), CI(nr)));
  c.kce = IMAX(IMIN(CI(v->l1.k), ks), CI(1));
  c.nk = IMAX(ICEIL(ks, CI(v->l1.k)), CI(1));
  vx_value mb = ICEIL(p.m, CI(v->l1.m)), nb = ICEIL(p.n, CI(v->l1.n));
  vx_value blocks = IMUL(IMUL(IMUL(p.batch, mb), nb), CI(v->split_k));
  vx_value cores = CI(hw->num_cores);
  vx_value full = IDIV(blocks, cores), tail = ISUB(blocks, IMUL(full, cores));
  vx_value unique = IADD(IMUL(p.m, CI(v->elem_a)), IMUL(p.n, CI(v->elem_b)));
  vx_value traffic = IMAX(IMUL(IMUL(mb, nb), IADD(IMUL(c.mce, CI(v->elem_a)), IMUL(c.nce, CI(v->elem_b)))), CI(1));
  c.r = FMIN(CF(1), FDIV(TOF(unique), TOF(traffic)));
  vx_value c1 = cpu_block(x, &c, cores);
  o.c0 = c.c0;
  o.t_load1 = c.tl1;
  vx_value c1_tail = cpu_block(x, &c, IMAX(tail, CI(1)));
  vx_value total = FADD(FMUL(TOF(full), c1), FMUL(TOF(IMIN(tail, CI(1))), c1_tail));
  total = FADD(total, CF(CPU_LAUNCH_SECONDS));
  if (v->split_k > 1) {
    vx_value elems = IMUL(IMUL(p.batch, p.m), p.n);
    total = FADD(total, FDIV(FMUL(TOF(elems), CF(4.0 * v->split_k + v->elem_out)), CF(hw->dram_bandwidth)));
  }
  o.total = total;
  o.c1 = c1;
  o.tiles = blocks;
  o.waves = full;
  o.tail = tail;
  return o;
}

static model_out model(vx_ctx *x, const vtc_hardware *hw, const vortex_variant *v, vx_problem p) {
  return vortex_backend_is_gpu(v->backend) ? gpu_model(x, hw, v, p) : cpu_model(x, hw, v, p);
}

/* ---- the C API ------------------------------------------------------------------------------ */

static vx_problem const_problem(vortex_problem p) {
  return (vx_problem){vx_i(p.batch < 0 ? 0 : p.batch), vx_i(p.m < 0 ? 0 : p.m), vx_i(p.n < 0 ? 0 : p.n),
                      vx_i(p.k < 0 ? 0 : p.k)};
}

double vortex_model_cost_detail(const vtc_hardware *hw, const vortex_variant *v, vortex_problem p,
                                vortex_cost_detail *d) {
  vx_ctx x = {NULL, NULL};
  model_out o = model(&x, hw, v, const_problem(p));
  if (d) {
    d->total = o.total.f;
    d->c1 = o.c1.f;
    d->c0 = o.c0.f;
    d->t_load1 = o.t_load1.f;
    d->tiles = o.tiles.i;
    d->waves = o.waves.i;
    d->tail = o.tail.i;
  }
  return o.total.f;
}

double vortex_model_cost(const vtc_hardware *hw, const vortex_variant *v, vortex_problem p) {
  return vortex_model_cost_detail(hw, v, p, NULL);
}

unsigned vortex_select(const vtc_hardware *hw, const vortex_variant *vs, unsigned n, vortex_problem p) {
  unsigned best = 0;
  double bc = 0;
  for (unsigned i = 0; i < n; i++) {
    double c = vortex_model_cost(hw, &vs[i], p);
    if (i == 0 || c < bc) {
      best = i;
      bc = c;
    }
  }
  return best;
}

/* ---- host arith --------------------------------------------------------------------------------- */

static vx_value size_value(vtc_value *v) {
  if (!v) return vx_i(1);
  int64_t c;
  vtc_op *d = v->def_op;
  const vtc_attr *a = d && vtc_op_is_named(d, "arith.constant") ? vtc_op_get_attr(d, "value") : NULL;
  if (a && vtc_arith_const_int(a, &c)) return vx_i(c);
  return (vx_value){.is_int = true, .v = v};
}

vtc_value *vortex_emit_select(vtc_builder *b, const vtc_loc *loc, const vtc_hardware *hw, const vortex_variant *vs,
                              unsigned n, vtc_value *batch, vtc_value *m, vtc_value *nn, vtc_value *k) {
  vx_ctx ctx = {b, loc}, *x = &ctx;
  vx_problem p = {size_value(batch), size_value(m), size_value(nn), size_value(k)};
  vx_value best = vx_i(0), best_cost = vx_f(0);
  vtc_named_attr olt = {vtc_str(b->ctx, "predicate"), vtc_attr_i64(b->ctx, VTC_CMPF_OLT)};
  for (unsigned i = 0; i < n; i++) {
    vx_value c = model(x, hw, &vs[i], p).total;
    if (i == 0) {
      best_cost = c;
      continue;
    }
    if (c.is_const && best_cost.is_const) {
      if (c.f < best_cost.f) {
        best = vx_i(i);
        best_cost = c;
      }
      continue;
    }
    vx_value cmp_in[2] = {c, best_cost};
    vx_value lt = vx_emit(x, "arith.cmpf", 2, cmp_in, true, vtc_type_integer(b->ctx, 1), 1, &olt);
    vx_value sel_i[3] = {lt, vx_i(i), best}, sel_c[3] = {lt, c, best_cost};
    best = vx_emit(x, "arith.select", 3, sel_i, true, NULL, 0, NULL);
    best_cost = vx_emit(x, "arith.select", 3, sel_c, false, NULL, 0, NULL);
  }
  return vx_materialize(x, best);
}
