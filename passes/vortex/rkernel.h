/* Vortex (vortex.txt sections 4-6) at the te level: the C API that
 * lower-te-to-gir's rKernel emission calls, and that the vortex-* passes
 * print. Three parts, each usable alone:
 *
 *   1. Classification (section 4.2, Algorithm 1): is a te.compute a
 *      contraction (a sum over a product of two loads: matmul in any
 *      orientation, rank and broadcasting; convolution as implicit GEMM),
 *      and what role (batch, M, N, K) each iteration dim plays.
 *   2. Candidates (section 5.1, Algorithm 2): per (hardware, dtypes,
 *      backend), the L0 / L1 / L2 tiles the hardware admits and the table
 *      linking each level to the one below.
 *   3. The analytical model (section 5.2, Eqs. 2-4 as reconstructed in
 *      passes/vortex/README.md) and the variant set: at most N variants, those
 *      the model ranks best at breakpoints derived from the hardware; the
 *      model as a closed-form function of the run-time sizes, in C (for
 *      tools) and as host arith (for the CPU host code and the CUDA host
 *      plan), ending in the index a host gir.switch selects on.
 *
 * Everything here is plain data owned by the caller's structs (no heap
 * unless a function says so) and reads hardware only from
 * targets/hardware.h. */
#ifndef VTC_PASSES_VORTEX_RKERNEL_H
#define VTC_PASSES_VORTEX_RKERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "ir/builder.h"
#include "ir/pass.h"
#include "targets/hardware.h"

/* ======================================================================
 * 1. Classification
 * ====================================================================== */

/* The role of one iteration dim of a contraction (output dims first, then
 * the reduction dims, as the te.compute's block arguments). An output dim
 * read by both operands is a batch dim; one read by A only is an M dim (so
 * [B, S, K] x [K, N] is one GEMM of M = B*S: "batch dims that index only A
 * fold into M"); by B only an N dim; by neither (both broadcast) a batch
 * dim of extent that both read at a constant. Reduction dims are K dims. */
typedef enum vortex_role {
  VORTEX_ROLE_BATCH,
  VORTEX_ROLE_M,
  VORTEX_ROLE_N,
  VORTEX_ROLE_K,
  VORTEX_NUM_ROLES
} vortex_role;

typedef enum vortex_op_class {
  VORTEX_MATMUL, /* every operand index is one iteration dim or a constant */
  VORTEX_CONV,   /* A's spatial indices are out * stride + kernel * dilation - pad */
} vortex_op_class;

#define VORTEX_MAX_DIMS 12
#define VORTEX_MAX_SPATIAL 3

/* The extent of one iteration dim: a static value, or an affine expression
 * of the te.compute's symbols (its `shape`/`reduce` map result), whose
 * operands are vtc_te_compute_symbol(compute, i). */
typedef struct vortex_extent {
  int64_t value;               /* the static extent, or VTC_DYNAMIC */
  const vtc_affine_expr *expr; /* always set: a constant when static */
  int symbol;                  /* dynamic and exactly symbol s<i>: i; else -1 */
} vortex_extent;

/* One operand of the product. */
typedef struct vortex_operand {
  unsigned input;             /* its index among the compute's inputs */
  vtc_op *load;               /* the te.load */
  const vtc_affine_map *map;  /* iteration dims -> the operand's indices, reshapes merged (classify.c) */
  unsigned rank;              /* of the operand as `map` indexes it */
  int64_t shape[VTC_MAX_RANK]; /* its dims: the tensor's, those a merged reshape spans multiplied */
  vtc_hw_dtype dtype;         /* element type of the tensor */
  const vtc_type *elem;
  bool padded;                /* reads outside the tensor are 0 (conv) */
} vortex_operand;

/* Convolution as implicit GEMM: A (the input) is read at
 * out_dim * stride + kernel_dim * dilation - pad per spatial index. */
typedef struct vortex_conv {
  unsigned num_spatial;
  unsigned out_dim[VORTEX_MAX_SPATIAL];    /* iteration dims (M roles) */
  unsigned kernel_dim[VORTEX_MAX_SPATIAL]; /* iteration dims (K roles) */
  int64_t stride[VORTEX_MAX_SPATIAL], dilation[VORTEX_MAX_SPATIAL], pad[VORTEX_MAX_SPATIAL];
  int64_t groups;      /* > 1: the channel index of A is (n_dim floordiv (N / groups)) * (K_c) + c */
  int group_n_dim;     /* groups > 1: the N dim the group is taken from; else -1 */
} vortex_conv;

typedef struct vortex_contraction {
  vortex_op_class op_class;
  vtc_op *compute;
  unsigned rank;                       /* output dims */
  unsigned num_dims;                   /* rank + reduction dims */
  vortex_role role[VORTEX_MAX_DIMS];
  vortex_extent extent[VORTEX_MAX_DIMS];
  /* The dims of each role, in iteration order (outermost first): the GEMM
   * is batch x (M x K) . (K x N) with each size the product of its dims. */
  unsigned num_role_dims[VORTEX_NUM_ROLES];
  unsigned role_dims[VORTEX_NUM_ROLES][VORTEX_MAX_DIMS];
  vortex_operand a, b;                 /* A holds the M dims, B the N dims */
  vtc_hw_dtype acc_dtype;              /* the product's type (what the TE sums in) */
  vtc_hw_dtype out_dtype;              /* the result's element type */
  vortex_conv conv;                    /* VORTEX_CONV only */
} vortex_contraction;

/* Why a te.compute is not a contraction: one statistic of vortex-classify
 * each (the pass's --pass-statistics names are vortex_reject_names). */
typedef enum vortex_reject {
  VORTEX_REJECT_NONE,
  VORTEX_REJECT_NO_SUM,     /* no reduction, or not a sum */
  VORTEX_REJECT_BODY,       /* the body is not (casts of) a product of two loads */
  VORTEX_REJECT_MAP,        /* an index is not an iteration dim / implicit-GEMM form */
  VORTEX_REJECT_DTYPE,      /* not f16, bf16 or f32 (or mixed inputs) */
  VORTEX_REJECT_DEPTHWISE,  /* a depthwise convolution (K = kernel window only) */
  VORTEX_REJECT_RANK,       /* more iteration dims than VORTEX_MAX_DIMS */
  VORTEX_NUM_REJECTS
} vortex_reject;

extern const char *const vortex_reject_names[VORTEX_NUM_REJECTS];

/* Classifies a te.compute. On a contraction fills *out and returns true;
 * otherwise returns false, writes the reason into why[n] (one sentence,
 * "no sum reduction: ...") and, if reject is non-NULL, its kind. Never
 * emits diagnostics and never changes the IR. */
bool vortex_classify_compute(vtc_op *compute, vortex_contraction *out, char *why, size_t n);

/* Whether a contraction is one lower-te-to-gir gives an rKernel by its
 * class: every matmul, and a convolution only when it is pointwise (one
 * group, every kernel dim of extent 1, strides 1, pads 0: a batched GEMM);
 * other convolutions keep the plain kernel (no implicit GEMM is emitted).
 * The operands' layouts are the emission's further question. */
bool vortex_has_gemm_form(const vortex_contraction *c);
bool vortex_classify_compute_ex(vtc_op *compute, vortex_contraction *out, vortex_reject *reject, char *why,
                                size_t n);

/* "batch", "m", "n", "k"; "matmul", "conv". */
const char *vortex_role_name(vortex_role r);
const char *vortex_op_class_name(vortex_op_class c);

/* The static size of a role (product of its dims' extents; 1 without
 * dims), or VTC_DYNAMIC when one of them is dynamic. Convolutions with
 * groups count the group as a batch: N and K are then per group. */
int64_t vortex_role_size(const vortex_contraction *c, vortex_role r);

/* The `vortex.rkernel` attribute vortex-classify attaches (a dictionary:
 * class, roles, a, b, a_map, b_map, dtypes [a, b, acc, out], extents with
 * -1 for dynamic, and for convolutions strides, dilations, pads, groups). */
#define VORTEX_ATTR_RKERNEL "vortex.rkernel"
const vtc_attr *vortex_contraction_attr(vtc_context *ctx, const vortex_contraction *c);

/* ======================================================================
 * 2. Candidates (section 5.1, Algorithm 2)
 * ====================================================================== */

/* What executes L0: mma.sync warp tiles, FFMA thread tiles, or the CPU's
 * vector FMAs at 512 or 256 bits. */
typedef enum vortex_backend {
  VORTEX_BACKEND_TENSOR_CORE,
  VORTEX_BACKEND_CUDA_CORE,
  VORTEX_BACKEND_AVX512,
  VORTEX_BACKEND_AVX2,
  VORTEX_NUM_BACKENDS
} vortex_backend;

/* The `backend=` option: auto, then the backends in order (value - 1). */
typedef enum vortex_backend_option {
  VORTEX_BACKEND_AUTO,
  VORTEX_BACKEND_ONLY_TENSOR_CORE,
  VORTEX_BACKEND_ONLY_CUDA_CORE,
  VORTEX_BACKEND_ONLY_AVX512,
  VORTEX_BACKEND_ONLY_AVX2,
} vortex_backend_option;

extern const char *const vortex_backend_option_names[]; /* NULL-terminated, for pass options */
const char *vortex_backend_name(vortex_backend b);      /* "tensor-core", ..., "avx2" */
static inline bool vortex_backend_is_gpu(vortex_backend b) { return b <= VORTEX_BACKEND_CUDA_CORE; }

/* The generator's options (those of vortex-generate-candidates). */
typedef struct vortex_options {
  vortex_backend_option backend;
  bool multiples;    /* FilterByMultiples: an upper tile is a multiple of a lower one (Fig. 8) */
  double util_min;   /* each resource's utilisation stays within [util_min, util_max] */
  double util_max;
  bool allow_tf32;   /* f32 on tensor cores (m16n8k8 tf32); otherwise f32 is CUDA-core only */
  /* What an emitter can build (0: anything): CUDA-core warp tiles whose
   * lanes form exactly cuda_core_lanes_m x (warp / it), and CUDA-core CTA
   * tiles of exactly cuda_core_stages stages (lower-te-to-gir's FFMA
   * kernels: gir's ffma layouts fix a 4 x 8 lane grid; they stage through
   * registers into two shared buffers). */
  int cuda_core_lanes_m;
  int cuda_core_stages;
  /* CPU micro-kernels an emitter builds well: NR of a power-of-two number
   * of vectors (cpu_nr_pow2; lower-te-to-gir's rows of 3 vectors spill),
   * and cpu_spare_registers vector registers left beside the MR x NR
   * accumulators, a B row and the broadcasts (one per row when NR has 2+
   * vectors: the code generator's room: on Zen 5, LLVM spills the 14 x 32
   * kernel, 28 + 2 + 1 of 32 zmm; 10 x 32 runs 1.3x slower than 8 x 32,
   * 30 x 16 at half the speed of 19 x 16). */
  bool cpu_nr_pow2;
  int cpu_spare_registers;
} vortex_options;

/* backend auto, multiples true, utilisation [1/8, 1], no tf32, any
 * CUDA-core lanes and stages, any CPU micro-kernel that fits the registers. */
vortex_options vortex_default_options(void);

/* The backends an op of input type `in` gets on hw under `option`, best
 * first: GPU auto is tensor cores (f16, bf16; f32 with allow_tf32) and CUDA
 * cores (Fig. 16's adaptive choice), CPU auto is avx512 where the CPU has
 * it, else avx2. Returns how many (0: none fits; *why says why). */
unsigned vortex_backends_for(const vtc_hardware *hw, vortex_backend_option option, vtc_hw_dtype in,
                             bool allow_tf32, vortex_backend out[2], char *why, size_t n);

/* L0: what one unit computes per step. GPU tensor cores: a warp tile
 * m x n x k of inst (the mma shape); CUDA cores: a warp tile of 32 threads
 * arranged lanes_m x lanes_n, each a thread tile inst_m x inst_n (k 1);
 * CPU: an MR x NR register tile (m x n, k 1) of vectors of inst_n lanes. */
typedef struct vortex_l0 {
  vortex_backend backend;
  int m, n, k;
  int inst_m, inst_n, inst_k;
  int lanes_m, lanes_n;  /* CUDA cores only */
  int registers;         /* GPU: 32-bit registers per thread (estimate); CPU: vector registers */
  double util;           /* registers / the most one thread may have */
} vortex_l0;

/* L1: GPU: a CTA tile m x n x k staged through `stages` shared buffers;
 * CPU: the cache blocking MC x NC x KC (m, n, k) of one thread. */
typedef struct vortex_l1 {
  vortex_backend backend;
  int m, n, k;
  int stages;            /* GPU: cp.async pipeline depth; CPU: 1 */
} vortex_l1;

/* The link table: one way to build an L1 tile from an L0 tile, with what
 * the pair uses. */
typedef struct vortex_link {
  unsigned l1, l0;       /* indices into the candidate table */
  int units;             /* GPU: warps per CTA (ceil when not a multiple); CPU: 1 */
  int registers;         /* GPU: per thread; CPU: vector registers */
  int64_t shared_bytes;  /* GPU: shared memory per CTA (rows padded by 16 bytes); CPU: the packed A block (L2) */
  int64_t panel_bytes;   /* CPU: the packed B panel KC x NC (L3); GPU: 0 */
  int64_t micro_bytes;   /* CPU: one B micro-panel KC x NR (L1d); GPU: 0 */
  int occupancy;         /* GPU: CTAs per SM; CPU: 1 */
  double util_registers, util_shared, util_threads; /* GPU per SM at that occupancy; CPU: L1d, L2, L3 */
} vortex_link;

/* L2: a link (an L1 x L0 strategy) and the K split (split-K on a GPU: a
 * second kernel reduces the splits; on a CPU threads split K when M is
 * small). The grid or thread partition over the tiles is the run time's. */
typedef struct vortex_l2 {
  unsigned link;
  int split_k;
} vortex_l2;

/* The candidate table of one (hardware, input/output types, backends,
 * options). Heap arrays owned by the struct: vortex_candidates_free. */
typedef struct vortex_candidates {
  const vtc_hardware *hw;
  vtc_hw_dtype in_dtype, out_dtype;
  unsigned num_backends;
  vortex_backend backends[2];
  vortex_options options;
  VTC_VEC(vortex_l0) l0;
  VTC_VEC(vortex_l1) l1;
  VTC_VEC(vortex_link) links;
  VTC_VEC(vortex_l2) l2;
} vortex_candidates;

/* Algorithm 2, bottom-up: L0 by FilterByISA (warp tiles of the MMA shape
 * or FFMA thread tiles within 255 registers per thread; AVX-512 MR x NR
 * with MR*NR/16 + NR/16 + 1 <= 32 zmm, AVX2 16 ymm), L1 as multiples of L0
 * (or a fixed grid with multiples false) within shared memory, 1024 threads
 * and an occupancy of at least one CTA (CPU: the L1d, L2 and L3 shares),
 * every resource's utilisation within the bounds, the link table, then L2
 * as links x K splits. Returns false with *why when nothing fits (e.g. no
 * backend for the types). */
bool vortex_generate(const vtc_hardware *hw, vtc_hw_dtype in, vtc_hw_dtype out, const vortex_options *options,
                     vortex_candidates *out_table, char *why, size_t n);
void vortex_candidates_free(vortex_candidates *t);

/* ======================================================================
 * 3. The analytical model and the variants (section 5.2, 6.2)
 * ====================================================================== */

/* One complete strategy (an L2 x L1 x L0 path) with what the model and the
 * emission need: self-contained, no pointers. */
typedef struct vortex_variant {
  vortex_backend backend;
  vortex_l0 l0;
  vortex_l1 l1;
  int split_k;
  int units;             /* warps per CTA (GPU) */
  int registers;
  int64_t shared_bytes;
  int occupancy;
  int elem_a, elem_b, elem_out; /* bytes */
  /* CPU, the structure lower-te-to-gir emits (rkernel_cpu.c): the cores
   * share each KC x NC panel of B (one team per panel, packed once), each
   * packs MR x KC slivers of A one at a time; l1.m is then MR. False: the
   * paper's structure, each core a private MC x NC x KC block. */
  bool team_panel;
} vortex_variant;

/* The GEMM sizes at run time: batch x (M x K) . (K x N). */
typedef struct vortex_problem {
  int64_t batch, m, n, k;
} vortex_problem;

/* The variant of L2 candidate l2_index of table t (its link's L1 and L0,
 * its split-K). */
vortex_variant vortex_variant_of(const vortex_candidates *t, unsigned l2_index);

/* Predicted seconds of variant v on hw for problem p (Eqs. 2-4; see the
 * README's "The model"). Closed form: about 90 ns, no allocation, no
 * state, so cheap enough to run per call; negative sizes count as 0. */
double vortex_model_cost(const vtc_hardware *hw, const vortex_variant *v, vortex_problem p);

/* The same, per level, for printing: C2 (the whole), C1 of one CTA / block
 * in a full wave, C0 (one L0 rKernel), the waves and the tail. */
typedef struct vortex_cost_detail {
  double total, c1, c0, t_load1;
  int64_t tiles, waves, tail;
} vortex_cost_detail;
double vortex_model_cost_detail(const vtc_hardware *hw, const vortex_variant *v, vortex_problem p,
                                vortex_cost_detail *d);

/* The index of the cheapest of vs[0..n) for p (ties: the first), exactly
 * as the emitted host selection computes it (same formula, same order of
 * operations). */
unsigned vortex_select(const vtc_hardware *hw, const vortex_variant *vs, unsigned n, vortex_problem p);

/* Emits at b's point the host arith that evaluates the model of each of
 * vs[0..n) at the sizes batch, m, n, k (index values; NULL for a static 1)
 * and yields the index (an `index` value in [0, n)) of the cheapest, ties
 * to the first: arith on index and f64 only (index_cast, sitofp,
 * ceildivui, divui, muli, addi, subi, minui, maxui, addf, mulf, divf,
 * maximumf, minimumf, cmpf, select), which the gir interpreter, the CPU host
 * code and the CUDA host plan all evaluate. Constant sizes fold. The
 * result feeds a host gir.switch. */
vtc_value *vortex_emit_select(vtc_builder *b, const vtc_loc *loc, const vtc_hardware *hw, const vortex_variant *vs,
                              unsigned n, vtc_value *batch, vtc_value *m, vtc_value *nn, vtc_value *k);

/* The analyzer's options (vortex-analyze). */
typedef enum vortex_dynamic {
  VORTEX_DYNAMIC_ALL,  /* every level adapts at run time (default) */
  VORTEX_DYNAMIC_L1,   /* Static1: L0 fixed to the most often best */
  VORTEX_DYNAMIC_NONE, /* Static2: L0 and L1 fixed; only L2 (split-K) adapts */
} vortex_dynamic;

typedef struct vortex_analyze_options {
  unsigned max_variants;  /* 0: 8 on a GPU, 4 on a CPU */
  vortex_dynamic dynamic;
  int64_t sampled_lo, sampled_hi; /* > 0: M breakpoints only in [lo, hi) (DietCode-like ablation) */
} vortex_analyze_options;

/* Breakpoints: for each dynamic size of the contraction, the multiples of
 * the candidates' tiles along it (plus 1) up to two full waves of the
 * largest tile (M, N), or powers of two (K, batch), at most 48 values per
 * size and 512 combinations; static sizes keep their value. Never from user
 * shapes. Heap array (free()), *n problems. */
vortex_problem *vortex_breakpoints(const vortex_candidates *t, const vortex_problem *shape,
                                   const vortex_analyze_options *o, unsigned *n);

/* Section 5.2's analysis: each L1 candidate gets its best L0 link (by the
 * model per flop in a full wave), every (L1, split) is a variant, and at
 * most max_variants are kept: the union of the best at each breakpoint,
 * reduced greedily by the mean slowdown against the best over all
 * breakpoints when larger. `shape` holds the static sizes (VTC_DYNAMIC for
 * dynamic ones). Writes up to max variants into out, *n how many. */
bool vortex_analyze(const vortex_candidates *t, const vortex_problem *shape, const vortex_analyze_options *o,
                    vortex_variant *out, unsigned max, unsigned *n, char *why, size_t why_n);

/* Everything lower-te-to-gir needs in one call: classify's result in, the
 * hardware, generation with default options and analysis, out the variants
 * (at most VORTEX_MAX_VARIANTS). False with *why when the contraction has
 * no candidates (e.g. f32 on a GPU without CUDA-core tiles). */
#define VORTEX_MAX_VARIANTS 16
bool vortex_plan(const vortex_contraction *c, const vtc_hardware *hw, const vortex_options *gen,
                 const vortex_analyze_options *an, vortex_variant *out, unsigned *n, char *why, size_t why_n);

/* A cache for compiling many contractions (a module, an LSTM's 2000
 * steps): candidate tables and their links' choice per (hardware, types,
 * generator options), plans per (table, static sizes, analyzer options).
 * Equal keys give equal results, so a cached plan is the plan. Heap;
 * vortex_plan_cache_destroy frees it and every table it handed out. */
typedef struct vortex_plan_cache vortex_plan_cache;
vortex_plan_cache *vortex_plan_cache_create(void);
void vortex_plan_cache_destroy(vortex_plan_cache *cache);
/* vortex_plan through the cache (gen, an NULL: defaults). */
bool vortex_plan_cached(vortex_plan_cache *cache, const vortex_contraction *c, const vtc_hardware *hw,
                        const vortex_options *gen, const vortex_analyze_options *an, vortex_variant *out, unsigned *n,
                        char *why, size_t why_n);
/* The cached candidate table (owned by the cache), or NULL with *why. */
const vortex_candidates *vortex_plan_cache_table(vortex_plan_cache *cache, const vtc_hardware *hw, vtc_hw_dtype in,
                                                 vtc_hw_dtype out, const vortex_options *gen, char *why, size_t why_n);

/* The GEMM sizes of a contraction with its static extents (VTC_DYNAMIC
 * where a size is dynamic). */
vortex_problem vortex_problem_of(const vortex_contraction *c);

/* `vortex.variants` (vortex-analyze attaches it to the te.compute, with
 * `vortex.target`): an array of dictionaries {backend, l0 = [m, n, k], inst
 * = [m, n, k], lanes = [m, n], l1 = [m, n, k], stages, split_k, units,
 * registers, shared, occupancy, elems = [a, b, out]}. from_attr returns
 * false on a malformed attribute. */
#define VORTEX_ATTR_VARIANTS "vortex.variants"
#define VORTEX_ATTR_TARGET "vortex.target"
const vtc_attr *vortex_variants_attr(vtc_context *ctx, const vortex_variant *vs, unsigned n);
bool vortex_variants_from_attr(const vtc_attr *a, vortex_variant *out, unsigned max, unsigned *n);

/* ======================================================================
 * Registration
 * ====================================================================== */

/* vortex-classify, vortex-print-rkernel, vortex-generate-candidates,
 * vortex-print-candidates, vortex-analyze, vortex-print-cost,
 * vortex-print-hardware. */
void vtc_register_vortex_passes(vtc_context *ctx);

#endif
