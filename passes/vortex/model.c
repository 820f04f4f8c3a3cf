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
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/arith/arith_eval.h"
#include "passes/vortex/vortex_impl.h"

/* Constants of the model that no table holds. The GPU ones were fitted to
 * the hand-written mma.sync kernels of benchmarks/gpu/reference/gemm_ref.cu
 * on an H100 (/work/notes/gemm_ref_run1.txt: 64x64 to 128x256 CTA tiles at
 * 4096^3 and at BERT's 128 x 768 x 2304): a CTA alone on its SM spends
 * about its math plus 0.35 us per 32-deep k-tile, a full device about its
 * math plus 0.08 us; an exposed DRAM latency divided over the pipeline's
 * stages and a per-k-tile barrier reproduce both and the measured order of
 * the tiles at each size (not the 128x256 tile's register pressure). */
#define GPU_LAUNCH_SECONDS 2e-6       /* a kernel launch from the host plan */
#define CPU_LAUNCH_SECONDS 5e-6       /* waking the thread pool */
#define CPU_BARRIER_SECONDS 1e-6      /* a team barrier of spinning cores */
/* A micro-kernel k-step costs one cycle beyond its FMAs (the loop's index
 * updates, branch and prefetch, and the broadcast's load-to-use that a
 * chain with no spare accumulator cannot hide): without it every tile of at
 * least latency x units accumulators ties, and the first (4 x 16) won;
 * measured on the 2-core rocketlake at 1024^3 (bench_cpu --gemm), 4 x 16
 * ran at about 0.75x of 14 x 32, which the cycle gives as 0.83x. */
#define CPU_KSTEP_OVERHEAD_CYCLES 1.0
#define GPU_LOAD_LATENCY_CYCLES 1200  /* a global -> shared load under load (DRAM) */
#define GPU_KTILE_SYNC_CYCLES 300     /* per k-tile: cp.async wait + block barrier, not overlapped */
#define GPU_INDEPENDENT_OPS 8         /* independent mma/ffma a sub-partition needs in flight */
#define GPU_SUBPARTITIONS 4           /* per SM (one tensor core each) */
#define SM_BANDWIDTH_SHARE_CAP 2.0    /* an SM's link to L2 carries twice its fair share of L2 bandwidth */

/* ---- vx: constants or emitted arith ------------------------------------------------------- */

static vx_value vx_i(int64_t i) { return (vx_value){.is_int = true, .is_const = true, .i = i}; }
static vx_value vx_f(double f) { return (vx_value){.is_int = false, .is_const = true, .f = f}; }

/* What one emission made, so equal constants and equal (op, operands)
 * are made once: the selection of N variants shares the sizes' terms. */
typedef struct memo_op {
  const char *name;
  unsigned n;
  vtc_value *ops[3];
  int64_t predicate;
  vtc_value *result;
} memo_op;

typedef struct memo_const {
  bool is_int;
  int64_t bits;
  vtc_value *v;
} memo_const;

struct vx_memo {
  VTC_VEC(memo_op) ops;
  VTC_VEC(memo_const) consts;
};

static vtc_value *vx_materialize(vx_ctx *x, vx_value a) {
  if (!a.is_const) return a.v;
  int64_t bits = a.i;
  if (!a.is_int) memcpy(&bits, &a.f, sizeof bits);
  for (size_t i = 0; i < x->memo->consts.len; i++)
    if (x->memo->consts.data[i].is_int == a.is_int && x->memo->consts.data[i].bits == bits)
      return x->memo->consts.data[i].v;
  vtc_context *ctx = x->b->ctx;
  const vtc_type *t = a.is_int ? vtc_type_index(ctx) : vtc_type_f64(ctx);
  const vtc_attr *val = a.is_int ? vtc_attr_index(ctx, a.i) : vtc_attr_float(ctx, t, a.f);
  vtc_value *v = vtc_op_result(vtc_arith_materialize_constant(x->b, val, t, x->loc), 0);
  VTC_VEC_PUSH(&x->memo->consts, ((memo_const){a.is_int, bits, v}));
  return v;
}

static vx_value vx_emit(vx_ctx *x, const char *name, unsigned n, const vx_value *in, bool int_result,
                        const vtc_type *result_type, unsigned num_attrs, const vtc_named_attr *attrs) {
  memo_op key = {name, n, {NULL, NULL, NULL}, num_attrs ? attrs[0].value->i : 0, NULL};
  for (unsigned i = 0; i < n; i++) key.ops[i] = vx_materialize(x, in[i]);
  for (size_t i = 0; i < x->memo->ops.len; i++) {
    const memo_op *m = &x->memo->ops.data[i];
    if (m->name == name && m->n == n && m->predicate == key.predicate && !memcmp(m->ops, key.ops, sizeof key.ops))
      return (vx_value){.is_int = int_result, .v = m->result};
  }
  vtc_context *ctx = x->b->ctx;
  if (!result_type) result_type = int_result ? vtc_type_index(ctx) : vtc_type_f64(ctx);
  vtc_op *op = vtc_builder_create(x->b, name, x->loc, n, key.ops, result_type, num_attrs, attrs);
  key.result = vtc_op_result(op, 0);
  VTC_VEC_PUSH(&x->memo->ops, key);
  return (vx_value){.is_int = int_result, .v = key.result};
}

typedef enum ibin { I_ADD, I_SUB, I_MUL, I_CEILDIV, I_DIV, I_MIN, I_MAX } ibin;
static const char *const ibin_names[] = {"arith.addi",  "arith.subi",  "arith.muli", "arith.ceildivui",
                                         "arith.divui", "arith.minui", "arith.maxui"};

static vx_value vx_ibin(vx_ctx *x, ibin op, vx_value a, vx_value b) {
  if (a.is_const && b.is_const) {
    int64_t p = a.i, q = b.i;
    switch (op) {
    case I_ADD: return vx_i((int64_t)((uint64_t)p + (uint64_t)q));
    case I_SUB: return vx_i((int64_t)((uint64_t)p - (uint64_t)q));
    case I_MUL: return vx_i((int64_t)((uint64_t)p * (uint64_t)q)); /* wraps, as arith.muli */
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

/* ---- the formula, twice ----------------------------------------------------------------- */

/* In C: plain int64/double, the same semantics as the arith the vx
 * instantiation emits (wrapping index products, unsigned ceildiv/div/min/
 * max, IEEE maximum/minimum). */
static inline int64_t c_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline int64_t c_ceildiv(int64_t a, int64_t b) {
  return b ? (int64_t)(((uint64_t)a + (uint64_t)b - 1) / (uint64_t)b) : 0;
}
static inline int64_t c_div(int64_t a, int64_t b) { return b ? (int64_t)((uint64_t)a / (uint64_t)b) : 0; }
static inline int64_t c_umin(int64_t a, int64_t b) { return (uint64_t)a < (uint64_t)b ? a : b; }
static inline int64_t c_umax(int64_t a, int64_t b) { return (uint64_t)a > (uint64_t)b ? a : b; }

#define VI int64_t
#define VF double
#define MF(name) name##_c
#define IADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define ISUB(a, b) ((int64_t)((uint64_t)(a) - (uint64_t)(b)))
#define IMUL(a, b) c_mul(a, b)
#define ICEIL(a, b) c_ceildiv(a, b)
#define IDIV(a, b) c_div(a, b)
#define IMIN(a, b) c_umin(a, b)
#define IMAX(a, b) c_umax(a, b)
#define FADD(a, b) ((a) + (b))
#define FSUB(a, b) ((a) - (b))
#define FMUL(a, b) ((a) * (b))
#define FDIV(a, b) ((a) / (b))
#define FMAX(a, b) vtc_arith_maximumf(a, b)
#define FMIN(a, b) vtc_arith_minimumf(a, b)
#define TOF(a) ((double)(a))
#define CI(v) ((int64_t)(v))
#define CF(v) ((double)(v))
#include "passes/vortex/model_formula.inc"
#undef VI
#undef VF
#undef MF
#undef IADD
#undef ISUB
#undef IMUL
#undef ICEIL
#undef IDIV
#undef IMIN
#undef IMAX
#undef FADD
#undef FSUB
#undef FMUL
#undef FDIV
#undef FMAX
#undef FMIN
#undef TOF
#undef CI
#undef CF

/* As host arith. */
#define VI vx_value
#define VF vx_value
#define MF(name) name##_vx
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
#include "passes/vortex/model_formula.inc"

/* ---- the C API ------------------------------------------------------------------------------ */

static problem_c c_problem(vortex_problem p) {
  return (problem_c){p.batch < 0 ? 0 : p.batch, p.m < 0 ? 0 : p.m, p.n < 0 ? 0 : p.n, p.k < 0 ? 0 : p.k};
}

double vortex_model_cost_detail(const vtc_hardware *hw, const vortex_variant *v, vortex_problem p,
                                vortex_cost_detail *d) {
  out_c o = model_c(NULL, hw, v, c_problem(p));
  if (d) {
    d->total = o.total;
    d->c1 = o.c1;
    d->c0 = o.c0;
    d->t_load1 = o.t_load1;
    d->tiles = o.tiles;
    d->waves = o.waves;
    d->tail = o.tail;
  }
  return o.total;
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
  vx_memo memo = {{0}, {0}};
  vx_ctx ctx = {b, loc, &memo}, *x = &ctx;
  problem_vx p = {size_value(batch), size_value(m), size_value(nn), size_value(k)};
  vx_value best = vx_i(0), best_cost = vx_f(0);
  vtc_named_attr olt = {vtc_str(b->ctx, "predicate"), vtc_attr_i64(b->ctx, VTC_CMPF_OLT)};
  for (unsigned i = 0; i < n; i++) {
    vx_value c = model_vx(x, hw, &vs[i], p).total;
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
    if (i + 1 < n) best_cost = vx_emit(x, "arith.select", 3, sel_c, false, NULL, 0, NULL); /* none after the last */
  }
  vtc_value *result = vx_materialize(x, best);
  VTC_VEC_FREE(&memo.ops);
  VTC_VEC_FREE(&memo.consts);
  return result;
}
