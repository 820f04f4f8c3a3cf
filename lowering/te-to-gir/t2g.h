/* Private to lower-te-to-gir: index arithmetic with constant folding and a
 * constant cache (index.c), affine-expression analysis (linearity in one dim,
 * intervals), the kernel builder for one te.compute (kernel.c) and the flat
 * copy/fill kernels the host code needs (flat.c). */
#ifndef VTC_LOWERING_TE_TO_GIR_T2G_H
#define VTC_LOWERING_TE_TO_GIR_T2G_H

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/te/te.h"
#include "ir/diagnostics.h"
#include "ir/ptrmap.h"
#include "passes/vortex/rkernel.h"

/* The pass options (pass.c documents them). */
#define T2G_MAX_GROUP 16 /* the most outputs per shared-load group: G accumulators per work item (kernel.c) */

typedef struct t2g_options {
  int hierarchy;       /* the kernels' vtc_gir_hierarchy (the enum option's index) */
  int64_t vector_bits; /* elements per work item = vector_bits / element bits (0: the hierarchy's) */
  int64_t max_units;   /* at most this many parallel units per launch (0: the hierarchy's) */
  int64_t min_unit_work; /* CPU: a plain kernel's unit per this much static work (0: no cap; pass.c) */
  int64_t group_size;  /* units per group (0: the hierarchy's) */
  int64_t items_per_step; /* GPU: a plain kernel's unit takes up to this many small work items per step (kernel.c; 0: 8, 1: off) */
  bool vectorize;      /* false: one element per step (lanes 1) everywhere */
  bool dedup_kernels;  /* share structurally identical kernels (dedup.c) */
  int dedup_constants; /* T2G_DEDUP_CONSTANTS_*: also those equal but for index constants (dedup.c) */
  bool fuse_softmax;   /* one kernel per softmax chain (softmax.c) */
  bool softmax_prologue; /* that kernel applies x's element-wise producer as it loads (softmax.c) */
  int contractions;    /* T2G_CONTRACTIONS_*: Vortex rKernels (rkernel.c) or the plain kernel */
  const char *gpu_name; /* the GPU the rKernels are planned for (targets/hardware.h) */
  const char *cpu_name; /* the CPU the rKernels are planned for (hierarchy=cpu) */
  int64_t force_variant; /* >= 0: every contraction runs this variant (>= their count: the plain kernel) */
  bool dest_in_place;    /* write `into` destinations in place where allowed (false: copy each: the ablation) */
  bool merge_subprograms; /* one kernel per te.subprogram (merge.c; false: one per TE, the ablation) */
  bool group_shared_loads; /* kernel.c computes a group of outputs sharing a load together (false: the ablation) */
  int64_t max_group;       /* at most this many outputs per shared-load group (kernel.c; <= T2G_MAX_GROUP) */
  bool widen_reductions;   /* a reduction's f16/bf16 body arithmetic in its f32 accumulator (kernel.c) */
  bool fma;                /* a float sum's multiply-add step as one math.fma (kernel.c) */
  int unroll_k;            /* T2G_UNROLL_*: the CUDA-core rKernel's k-rows of a stage (rkernel_gpu.c) */
  int64_t unroll_reductions; /* GPU: the gir.for unroll hint of a plain kernel's innermost reduction loop
                                (kernel.c; 0: 4 on loops of >= 16 trips, 1: off) */
  bool register_budget;    /* GPU rKernels carry their planned occupancy (gir.kernel `occupancy`) */
  bool wgmma;              /* tensor-core rKernels on sm_90 use wgmma where the tile allows (rkernel_gpu.c) */
  bool wgmma_overlap;      /* ... keeping one k-tile's wgmmas in flight across the next k-tile's barrier */
  bool raster_grouped;     /* GPU rKernels' tiles run in bands of tile rows (raster=grouped), else row by row */
  bool epilogue;           /* rKernels carry their element-wise consumers (epilogue.c) */
} t2g_options;

enum { T2G_CONTRACTIONS_VORTEX, T2G_CONTRACTIONS_NAIVE };
enum { T2G_UNROLL_AUTO, T2G_UNROLL_ALWAYS, T2G_UNROLL_NEVER };

typedef struct t2g_merge_stats {
  uint64_t subprograms, merged_kernels, merged_stages, device_barriers, cuts;
} t2g_merge_stats;

typedef struct t2g_group_note {
  vtc_op *kernel; /* NULL once erased */
  const vtc_loc *loc;
  char text[160];
} t2g_group_note;

/* The state of one pass run. */
typedef struct t2g_state {
  vtc_context *ctx;
  vtc_op *module;            /* kernels are inserted into its body */
  const t2g_options *opts;
  uint64_t kernels, vector_kernels, rkernels, kept_contractions, wgmma_kernels;
  uint64_t epilogues, epilogue_tes; /* epilogue.c: contractions carrying one, TEs merged into chains */
  /* Destinations (dest.c): written in place, copied once, stored element
   * by element, and kernels on one unit (index-dependent stores that may meet). */
  uint64_t dest_in_place, dest_copies, dest_element_stores, dest_serial;
  /* Kernels computing groups of outputs that share a load (kernel.c), with
   * their remark: said at the end of the pass for the kernels still there
   * (a contraction's plain kernel goes when a static choice launches an
   * rKernel instead). */
  VTC_VEC(t2g_group_note) group_notes;
  bool changed;
  vortex_plan_cache *vortex_cache; /* rkernel.c's plans (NULL until one is needed) */
  vtc_ptrmap names; /* interned symbol names taken in the module */
  t2g_merge_stats merge;
  vtc_ptrmap maybe_unlaunched; /* kernels that may have lost every launch (merged by merge.c, or variants a
                               static choice left out): erased at the end when unlaunched */
  vtc_ptrmap unlaunched_names; /* the same by interned name, resolved once at the end (a lookup per note
                                 rebuilt the symbol index after every change: 2 s of lstm-stack's lowering) */
} t2g_state;

/* ---- index arithmetic (index.c) ----------------------------------------------
 * An emitter creates ops at `at`; constants go to the start of const_block
 * (in creation order, so they dominate everything in it) and are shared. */

typedef struct t2g_const_entry {
  const vtc_type *type;
  int64_t bits; /* the integer, or the double's bits */
  vtc_value *value;
} t2g_const_entry;

/* A binary index op already built (reused where it dominates: a local CSE). */
typedef struct t2g_memo_entry {
  const char *name;
  vtc_value *a, *b;
  int64_t attr;
  vtc_value *value;
} t2g_memo_entry;

typedef struct t2g_emit {
  vtc_context *ctx;
  const vtc_loc *loc;
  vtc_builder at;
  vtc_block *const_block;
  vtc_op *last_const;
  VTC_VEC(t2g_const_entry) consts;
  VTC_VEC(t2g_memo_entry) memo;
  /* Affine emission: dims with position < nonneg_dims are known to be >= 0
   * (iteration indices); symbols are sizes (>= 0). */
  unsigned nonneg_dims;
} t2g_emit;

void t2g_emit_init(t2g_emit *E, vtc_context *ctx, const vtc_loc *loc, vtc_block *const_block);
void t2g_emit_free(t2g_emit *E);
/* Erases the emitter's constants that ended up unused. */
void t2g_emit_drop_unused_consts(t2g_emit *E);

/* A cached constant of a scalar type (integers and index from i, floats from f). */
vtc_value *t2g_const(t2g_emit *E, const vtc_type *type, int64_t i, double f);
/* Element k of a dense attribute, as t2g_const of its element type. */
vtc_value *t2g_dense_const(t2g_emit *E, const vtc_attr *dense, int64_t k);
vtc_value *t2g_cidx(t2g_emit *E, int64_t v);
/* A constant from a scalar attribute (float or integer, its own type). */
vtc_value *t2g_const_attr(t2g_emit *E, const vtc_attr *a);
/* True when v is an arith.constant of an integer or index type. */
bool t2g_const_int(const vtc_value *v, int64_t *out);

/* Index ops at E->at, folded when the operands are constants (and the
 * identities x+0, x*1, x/1, ...). divui/remui/ceildivui/minui are unsigned. */
vtc_value *t2g_addi(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_subi(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_muli(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_divui(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_remui(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_ceildivui(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_minui(t2g_emit *E, vtc_value *a, vtc_value *b);
vtc_value *t2g_cmpi(t2g_emit *E, vtc_cmpi_predicate p, vtc_value *a, vtc_value *b);
vtc_value *t2g_andi(t2g_emit *E, vtc_value *a, vtc_value *b); /* i1 */
vtc_value *t2g_select(t2g_emit *E, vtc_value *cond, vtc_value *a, vtc_value *b);
/* v as float type `to` at b (arith.extf to a wider one, arith.truncf to a
 * narrower one); v itself when it has that type. */
vtc_value *t2g_float_cast(vtc_builder *b, const vtc_loc *loc, vtc_value *v, const vtc_type *to);
/* Any op with one result at E->at (attrs may be NULL). */
vtc_value *t2g_op(t2g_emit *E, const char *name, unsigned n, vtc_value *const *operands, const vtc_type *type,
                  unsigned num_attrs, const vtc_named_attr *attrs);

/* The value of an affine expression: dims[i] for d_i, syms[i] for s_i. */
vtc_value *t2g_expr(t2g_emit *E, const vtc_affine_expr *e, vtc_value *const *dims, unsigned ndims,
                    vtc_value *const *syms, unsigned nsyms);

/* ---- affine analysis (index.c) ------------------------------------------------- */

/* e = coeff * d_d + (terms without d_d) with a constant coeff. */
bool t2g_expr_linear(const vtc_affine_expr *e, unsigned d, int64_t *coeff);
/* The range [lo, hi] of e when dim i ranges over [lo[i], hi[i]] (an entry
 * with lo > hi is unknown); false when it cannot be bounded. */
bool t2g_expr_range(const vtc_affine_expr *e, const int64_t *lo, const int64_t *hi, unsigned ndims, int64_t *rlo,
                    int64_t *rhi);

/* ---- kernels (kernel.c, flat.c) -------------------------------------------------- */

/* What the host needs to launch a kernel built for a te.compute. */
typedef struct t2g_kernel_info {
  vtc_op *kernel;
  int64_t lanes;
  /* Number of work items (steps of `lanes` output elements along the
   * innermost dimension, one output row chunk each), over the compute's
   * symbols. */
  const vtc_affine_expr *items;
} t2g_kernel_info;

/* A te.compute input that is a splat (or one-element) arith.constant: folded into the
 * kernel as a scalar, not passed. *value gets the dense attribute. */
bool t2g_input_is_folded(const vtc_value *input, const vtc_attr **value);
/* The global buffer type of a tensor type. */
const vtc_type *t2g_buffer_type(vtc_context *ctx, const vtc_type *tensor);

/* Builds the kernel of `compute` at mb (in the module). Its parameters: the
 * non-folded inputs (as buffers), the output buffer, the symbols. Returns
 * false after a diagnostic on the compute. */
bool t2g_build_kernel(t2g_state *S, vtc_op *compute, vtc_builder *mb, const char *name, t2g_kernel_info *info);

/* Flat kernels over a whole buffer of type `buffer` (any rank), `lanes`
 * elements per work item: copy (params: src, dst) and fill with a dense
 * constant (params: dst; false after a diagnostic when the constant is too
 * big for a kernel of selects). */
vtc_op *t2g_build_copy_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                              const vtc_type *buffer, int64_t *lanes);
vtc_op *t2g_build_fill_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                              const vtc_type *buffer, const vtc_attr *dense, int64_t *lanes);

/* The loop of one unit over its contiguous block of work items: at E->at,
 * `gir.for %w = u * per to min(u * per + per, total) step 1` with
 * per = ceildiv(total, units). Returns the gir.for (its body ends without a
 * terminator: the caller adds gir.yield). */
vtc_op *t2g_blocked_loop(t2g_emit *E, vtc_value *total);
/* A new kernel at mb with the options' parallel primitive (hierarchy, group
 * size; `lanes` is V on a CPU, a warp's 32 on a GPU) for work items of V
 * elements. */
vtc_op *t2g_new_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, unsigned np,
                       const vtc_type *const *params, int64_t V);
/* Lanes for an element type: vector_bits / bits (i1 as 8 bits), >= 1. */
int64_t t2g_max_lanes(const t2g_options *o, const vtc_type *elem);
/* Softmax along the last axis as lower-graph-to-te writes it (softmax.c):
 * m = max_k x, e = exp(x - m), s = sum_k e, y = e / s, the intermediates
 * used only inside the chain. */
typedef struct t2g_softmax {
  vtc_op *m, *e, *s, *y;
  vtc_value *x;
  vtc_op *pro;      /* x's element-wise producer, applied as the kernel loads z; NULL: x is loaded */
  unsigned z_input; /* z = pro's input z_input, its one tensor read (at x's index); read it when needed:
                       its producer may have become a buffer since */
} t2g_softmax;
/* True (and *out filled, without prologue) when y ends such a chain. */
bool t2g_match_softmax(vtc_op *y, t2g_softmax *out);
/* Whether the chain's kernel takes x's producer as its prologue (sets
 * pro and z_input): an element-wise TE used only by the chain, reading one
 * tensor at x's index and splat constants, in rows the kernel walks in
 * whole chunks. */
bool t2g_match_softmax_prologue(const t2g_state *S, t2g_softmax *sm);
/* The tensor the chain's kernel loads, as its TEs read it now: x, or the
 * prologue's z. */
vtc_value *t2g_softmax_input(const t2g_softmax *sm);
/* The fused kernel of a chain (params: x's buffer, or z's with a prologue,
 * then y's buffer): a group of *units_per_row units per row, three walks
 * over it. */
vtc_op *t2g_build_softmax_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                                 const t2g_softmax *sm, int64_t *units_per_row);
/* Redirects the launches of kernels that print the same (but for their
 * names) to the first of them and erases the others; returns how many were
 * erased (dedup.c). */
uint64_t t2g_dedup_kernels(vtc_op *module);
/* dedup-constants: kernels that print the same but for the values of some
 * liftable `arith.constant : index` ops share the first of them, those
 * constants its parameters and each launch passing its kernel's values;
 * returns how many kernels were erased (dedup.c). */
uint64_t t2g_dedup_kernel_constants(vtc_op *module);
enum { T2G_DEDUP_CONSTANTS_AUTO, T2G_DEDUP_CONSTANTS_ON, T2G_DEDUP_CONSTANTS_OFF };
/* ---- merging a subprogram's kernels (merge.c) ------------------------------------- */

/* The host ops strictly between begin and end (what one te.subprogram
 * lowered to) become, run by run, one launch of a merged kernel (built at
 * mb, named by `name`) with device barriers between dependent stages; E is
 * the host's emitter. Kernels that lost launches go into maybe_unlaunched
 * (the caller erases those left without any). */
void t2g_merge_subprogram(t2g_state *S, vtc_builder *mb, t2g_emit *E, vtc_op *begin, vtc_op *end,
                          const char *(*name)(void *, char *, size_t), void *name_ctx, vtc_ptrmap *maybe_unlaunched,
                          t2g_merge_stats *stats);

/* ---- Vortex rKernels (rkernel.c, rkernel_gpu.c) ---------------------------------
 * A contraction TE as a batched GEMM C[b] = A[b] B[b] (rkernel.c states the
 * form taken) and its kernel variants: parameters (A, B, C, M, N, K, sa,
 * sb, oa, ob), sa and sb A's and B's batch strides, oa and ob the element
 * offsets of their first elements, one group per batch x K slice
 * x output tile. A split-K variant (split_k > 1) writes f32 partials into a
 * workspace (t2g_gemm_workspace_type, batch x split x M x N elements) that
 * the reduction kernel (parameters W, C, M N, batch) sums into C. */
/* An element-wise TE applied by an rKernel (epilogue.c; GPU: in its store
 * stage, CPU: in a pass over each thread's finished tiles):
 * its operand c_input is the contraction, extra[i] the others, each read
 * as the output's shape (FULL), or as a vector at the GEMM's N dim (ROW: the
 * same for every row) or at its M dim (COL: the same along a row). */
#define T2G_EPILOGUE_MAX_CHAIN 8
#define T2G_EPILOGUE_MAX_EXTRA 4
typedef enum t2g_epilogue_kind { T2G_EPILOGUE_FULL, T2G_EPILOGUE_ROW, T2G_EPILOGUE_COL } t2g_epilogue_kind;
typedef struct t2g_epilogue {
  vtc_op *compute;
  unsigned c_input, num_extra;
  unsigned extra[T2G_EPILOGUE_MAX_EXTRA];
  t2g_epilogue_kind kind[T2G_EPILOGUE_MAX_EXTRA];
  const vtc_affine_map *map[T2G_EPILOGUE_MAX_EXTRA]; /* the load's map */
  const vtc_type *extra_elem[T2G_EPILOGUE_MAX_EXTRA], *extra_buffer[T2G_EPILOGUE_MAX_EXTRA];
  const vtc_type *d_elem, *d_buffer; /* the TE's result */
} t2g_epilogue;

typedef struct t2g_gemm {
  vortex_contraction c;
  bool a_batched, b_batched; /* A, B hold the batch dims (else broadcast) */
  /* A and B as slices of larger tensors (VTC's views composed into the
   * loads, rkernel.c's operand_layout): the element offset of the first
   * element and the batch stride (-1: the dense block's, M K or K N). */
  int64_t a_offset, b_offset, a_stride, b_stride;
  bool a_trans, b_trans;     /* A stored K x M, B stored N x K */
  bool tensor_core;          /* f16/bf16 on tensor cores; else f32 FFMA */
  const vtc_type *in_elem, *out_elem;
  const vtc_type *a_buffer, *b_buffer, *c_buffer;
  const vtc_hardware *hw;
  unsigned num_variants;
  vortex_variant variants[VORTEX_MAX_VARIANTS];
  bool wgmma[VORTEX_MAX_VARIANTS]; /* tensor-core variant i runs on sm_90's wgmma (else mma.sync) */
  /* CPU: variants [direct_from, num_variants) are the direct twins (B read
   * in place, no packed panel) of variants [0, direct_from), for small M;
   * 0: none. */
  unsigned direct_from;
  /* CPU, an f16/bf16 result: K (static), which the packed variants take as
   * one KC block (the direct ones accumulate in an f32 panel); 0: f32. */
  int64_t cpu_one_k;
  /* The epilogue that the variants with fused[i] carry: on the GPU their
   * parameter C is the TE's result, followed by its extra operands; on the
   * CPU C stays the product and the TE's result and extras follow the ten
   * parameters (rkernel_cpu.c). */
  t2g_epilogue epi;
  bool fused[VORTEX_MAX_VARIANTS];
} t2g_gemm;

/* The host's sizes of a GEMM (index values). */
typedef struct t2g_gemm_sizes {
  vtc_value *batch, *m, *n, *k, *sa, *sb, *a_offset, *b_offset;
} t2g_gemm_sizes;

/* The planner's options for what the emission builds (rkernel.c). */
vortex_options t2g_emit_options(void);
/* Classifies compute and checks the GEMM form; false with *why. */
bool t2g_match_gemm(t2g_state *S, vtc_op *compute, t2g_gemm *g, char *why, size_t n);
/* The plan's variants (vortex.variants on the compute, else the model's
 * plan for the row hw_name) and g->hw; false with *why. */
bool t2g_plan_variants(t2g_state *S, t2g_gemm *g, const char *hw_name, vtc_hw_kind kind, vortex_variant *vs,
                       unsigned *nv, char *why, size_t n);
/* The variants to emit (the plan's, filtered to what can be built). */
bool t2g_plan_gemm(t2g_state *S, t2g_gemm *g, char *why, size_t n);
vtc_op *t2g_build_gemm_variant(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                               const t2g_gemm *g, unsigned i);
/* Whether rkernel_gpu.c builds variant v of g (else *why; why may be NULL
 * with n 0). */
bool t2g_gemm_tc_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n);
bool t2g_gemm_ffma_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n);
vtc_op *t2g_build_gemm_tc(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                          const vortex_variant *v);
bool t2g_gemm_wgmma_supported(const t2g_gemm *g, const vortex_variant *v, char *why, size_t n);
vtc_op *t2g_build_gemm_wgmma(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                             const vortex_variant *v);
vtc_op *t2g_build_gemm_ffma(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *p,
                            const vortex_variant *v);
/* epilogue.c: merges each element-wise chain after a GEMM-form contraction
 * into one TE; whether g's contraction has an epilogue its rKernels can
 * carry (*ep filled); and that epilogue's gir.elementwise over the
 * contraction's value c (its element type) and the extra operands'
 * register slices, of type result, at `at`. */
void t2g_merge_epilogue_chains(t2g_state *S, vtc_block *entry);
bool t2g_match_epilogue(t2g_state *S, const t2g_gemm *g, t2g_epilogue *ep);
/* Whether variant v (one of g->variants) carries g's epilogue. */
static inline bool t2g_gemm_fused(const t2g_gemm *g, const vortex_variant *v) {
  return v >= g->variants && v < g->variants + g->num_variants && g->fused[v - g->variants];
}
vtc_value *t2g_emit_epilogue(vtc_builder *at, const vtc_loc *loc, const t2g_epilogue *ep, const vtc_type *result,
                             vtc_value *c, vtc_value *const *extras);
/* Split-K's second kernel (split slices per batch) and its groups. */
vtc_op *t2g_build_gemm_splitk_reduce(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                                     const t2g_gemm *p, int64_t split);
vtc_value *t2g_gemm_splitk_reduce_groups(t2g_emit *E, vtc_value *batch, vtc_value *mn);
const vtc_type *t2g_gemm_workspace_type(vtc_context *ctx);
/* The CPU's (rkernel_cpu.c): the plan's AVX-512/AVX2 variants, the BLIS
 * kernel of variant v, and the NC of variant i (its groups per batch are
 * ceil(N / NC)). */
bool t2g_plan_gemm_cpu(t2g_state *S, t2g_gemm *g, char *why, size_t n);
vtc_op *t2g_build_gemm_cpu(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, const t2g_gemm *g,
                           unsigned i);
int64_t t2g_gemm_cpu_panel(const t2g_gemm *g, unsigned i);
/* A single GEMM (batch 1) of at most this M takes the direct twins.
 * Measured on 2 Zen 5 cores (vtc-run --bench, the 8x32 micro-kernel,
 * packed / direct ms): M x 768 x 2304 at M = 16, 64, 96, 128: 0.95/0.30,
 * 1.44/0.93, 1.76/1.42, 2.09/1.91; M x 3136 x 256 at M = 64, 96, 128:
 * 0.67/0.42, 0.79/0.51, 0.67/0.88; but a batch of 16 of the latter at
 * M = 64 (a pointwise convolution): 9.0/11.7 (each image's B re-read in
 * place by every row sliver). Vortex Table 6 at 64 showed the packed
 * kernel's step at M = 65-128 (benchmarks/results/vortex.md). */
enum { T2G_CPU_DIRECT_MAX_M = 96 };
/* The direct twins' streaming KC (vtc_t2g_cpu_gemm.stream_kc): a KC block
 * walks KC rows of B in place, each along its length across the unit's
 * column slivers, so KC is the number of concurrent row streams the
 * hardware prefetchers follow. Measured on the 2 Zen 5 cores (vtc-run
 * --bench, 1 x 4096 x 6144, median ms, KC = 16 / 32 / 48 / 96 of the L1
 * blocking): bf16 1.5 / 2.6 / 2.5-2.8 / 3.6, f32 2.5 / - / 3.1 / 3.9. */
enum { T2G_CPU_STREAM_KC = 16 };
/* ... when M <= 16 and a row of B has >= 8 KiB. M x 4096 x 6144 (median ms,
 * KC 96 / streamed): bf16 M = 1: 3.7 / 1.3, M = 4: 4.1 / 1.4, M = 16: 9.4
 * / 4.1; f32 M = 16: 12.1 / 6.1. Vortex Table 6's paper orientation (K =
 * 2304, rows of 768: 3 KiB) ran 1.1-1.6x slower streamed at M <= 13 (each
 * 16-row block of a short row is too little work for its C tile round
 * trip), the qkv one (rows of 2304: 9 KiB) 1.4-3x faster; M = 17-93 mostly
 * slower (the row slivers re-read a block that KC 96 keeps in L2). */
enum { T2G_CPU_STREAM_MAX_M = 16, T2G_CPU_STREAM_MIN_ROW_BYTES = 8192 };
/* At E->at: the sizes, the switch's selector (num_variants: the plain
 * kernel), and the groups of variant i. */
t2g_gemm_sizes t2g_gemm_host_sizes(t2g_emit *E, const t2g_gemm *g, vtc_value *const *syms, unsigned nsym);
vtc_value *t2g_gemm_selector(t2g_emit *E, const t2g_gemm *g, const t2g_gemm_sizes *s, int64_t force);
vtc_value *t2g_gemm_groups(t2g_emit *E, const t2g_gemm *g, unsigned i, const t2g_gemm_sizes *s);

/* ---- destinations (`into`, dest.c) -------------------------------------------------
 * Whether every store map of the compute keeps a chunk of V elements along
 * iteration index vd contiguous in its destination and its box cuts no
 * chunk at its start (else *why, and the kernel stores element by element). */
bool t2g_dest_chunk_contiguous(vtc_op *compute, unsigned vd, int64_t V, char *why, size_t n);
/* One work item's stores: `value` (a register slice of 1 x lanes) into each
 * destination buffer at its store map of idx (the domain indices, the
 * innermost at the chunk's first element) and extras (the yielded store
 * indices, kernel scalars), masked by the boxes and validw (NULL: all). */
typedef struct t2g_dest_store {
  vtc_op *compute;
  vtc_value *value, *validw;
  int64_t lanes;
  vtc_value *const *idx, *const *extras, *const *dests, *const *syms;
  unsigned nsym;
} t2g_dest_store;
void t2g_store_dests(t2g_emit *E, const t2g_dest_store *s);
/* Whether destination k (its value now a buffer) may be written in place:
 * owned (allocated by this function) and not read after the compute or by
 * it; else *why says what forces a copy. */
bool t2g_dest_in_place(vtc_block *entry, vtc_op *compute, unsigned k, bool owned, const char **why);
/* Index-dependent stores: makes the compute's kernel a group of one unit,
 * to be launched as one group (with a remark); false when its stores are
 * all affine (the kernel as it was). */
bool t2g_dest_serialize(t2g_state *S, vtc_op *compute, vtc_op *kernel);
/* Erases unused pure ops (arith, math, gir.dim/id/count/view) in a kernel. */
void t2g_dce(vtc_op *kernel);

#endif
