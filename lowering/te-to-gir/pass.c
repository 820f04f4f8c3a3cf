/* lower-te-to-gir: every te.compute becomes a gir.kernel (kernel.c) and the
 * function becomes host code that allocates buffers and launches the kernels
 * in program order (dialects/gir/README.md, "Host ops"). PowerFusion
 * section 4 (GIR) and 7 (code generation) on a CPU: the parallel unit is a
 * thread, its lanes the SIMD lanes.
 *
 * Choices where the papers are silent (this is the simple, correct
 * lowering; PowerFusion's templates and Vortex's kernels come later):
 * - One kernel per TE (kernels that come out identical are then shared,
 *   dedup.c), except that a contraction's rKernels carry the element-wise
 *   chain after it (epilogue.c, lower_gemm_epilogue). A work item is one
 *   chunk of `lanes` consecutive elements of an output row (the innermost
 *   dimension); units take
 *   contiguous blocks of work items (at most `max-units` units per launch;
 *   on the CPU a plain kernel with static sizes takes at most one unit per
 *   `min-unit-work` of its work, so a small one runs on the calling thread).
 * - Vector mode (lanes = vector-bits / element bits, or the next power of two
 *   above a smaller static innermost size) when every load can be read as one
 *   slice per chunk: contiguous (1 x lanes) or strided (lanes x 1, re-patterned
 *   by `gir.sync warp`) along the innermost output index, no padding check
 *   depending on it, no gathered index depending on it. Otherwise lanes = 1
 *   and every load is scalar index arithmetic (any quasi-affine map, padding
 *   as a `valid`-masked view, gathered indices). Tails are masked by `valid`.
 *   A load's index pair (e floordiv c, e mod c) over a dim of static size c
 *   (a reshape composed into it) is addressed as the one index e of the two
 *   dims merged, which keeps it linear (kernel.c load_indices).
 * - On the GPU, a unit's step takes up to `items-per-step` small work items
 *   (one output of a short row reduction, or a row shorter than the
 *   register) in an inner loop, their indices decomposed once per step.
 * - Reductions: a register accumulator initialised to `init`, carried by one
 *   gir.for per reduction axis (row-major order, as te's semantics), combined
 *   element-wise. Accumulation is in the element type (f32 for f16/bf16,
 *   rounded once when stored), and so is the body's float arithmetic
 *   (`widen-reductions`: te computes a body unrounded; an f32 product of two
 *   halves is exact); a sum of products steps by one math.fma (`fma`).
 * - Row reductions: when every passed input read through the innermost
 *   reduction index reads it contiguously (its last index, coefficient 1),
 *   none reads the innermost output index as its last index, and the
 *   reduction is at least a register long (or dynamic, or a static row of
 *   32 or more: its largest power of two of lanes), the lanes run along
 *   that reduction index instead: a work item is one output element, the
 *   innermost reduction loop steps by `lanes` loading 1 x lanes slices (the
 *   tail masked by `valid` and kept out of the accumulator by a lane
 *   select), and gir.reduce combines the lanes' partial results at the end
 *   (a different association than te's row-major fold).
 * - Splat tensor constants read by TEs are folded into the kernels; other
 *   uses materialise them with a fill kernel (dense constants up to 1024
 *   elements; gir has no constant buffers).
 * - Host: inputs are the function's buffer arguments; each TE's output is a
 *   gir.alloc (dynamic sizes from the TE's shape map over its symbols);
 *   intermediates are freed after their last use; a returned buffer is always
 *   a fresh one the caller owns (an argument or a value returned twice is
 *   copied by a flat copy kernel), except an argument returned as the
 *   result it is donated to (graph.aliasing_output, dialects/builtin).
 * - A te.subprogram (Souffle 5.4): its TEs are lowered as above where it
 *   stands (plain kernels on at most one group per SM), then merge.c makes
 *   their launches one launch of one kernel with device barriers between
 *   dependent stages (merge-subprograms=false: the ablation).
 * - A te.compute with destinations (`into`; dest.c, vtc.txt 4.2): its kernel
 *   stores into the destination buffers through the store maps, one view
 *   per chunk where the map keeps the chunk contiguous, else element by
 *   element (a remark); each destination is written in place, or copied
 *   once first (a remark) when its old value is read later or it is not a
 *   buffer of this function (an argument is one only when donated); no
 *   fused softmax, no rKernels for it. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/assert_op.h"
#include "lowering/te-to-gir/t2g.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "passes/te/te_passes.h"
#include "targets/target.h"

typedef struct host {
  t2g_state *S;
  vtc_op *func;
  vtc_block *entry;
  t2g_emit E;
  vtc_builder mb;          /* kernels go before the function */
  vtc_ptrmap owned;        /* buffers allocated here */
  VTC_VEC(vtc_value *) allocs; /* the same, in creation order */
  vtc_ptrmap const_bufs;   /* tensor arith.constant -> its materialised buffer */
  unsigned next_kernel;
  /* Lowering a te.subprogram's TEs (between its markers): their kernels
   * will share a launch with device barriers, which cost more the more
   * blocks wait at them (issue 15: 1.16 us at 132 blocks, 5.86 us at
   * 2112), and all of whose blocks must be co-resident: plain kernels take
   * at most subprogram_units units there. */
  bool in_subprogram;
  bool has_subprograms; /* the function had te.subprograms (no epilogues then: epilogue.c) */
  int64_t subprogram_units;
} host;

static bool is_tensor(const vtc_type *t) { return vtc_type_is_tensor(t); }

static const vtc_type *convert_type(vtc_context *ctx, const vtc_type *t) {
  return is_tensor(t) && t->rank <= VTC_GIR_MAX_RANK ? t2g_buffer_type(ctx, t) : t;
}

/* A fresh symbol name `<function>_k<N>` (a set of the module's names, so
 * that thousands of kernels do not make naming quadratic). */
static const char *kernel_name(host *h, char *buf, size_t size) {
  const char *fn = vtc_symbol_name(h->func);
  const char *in;
  do {
    snprintf(buf, size, "%s_k%u", fn ? fn : "f", h->next_kernel++);
    in = vtc_str(h->S->ctx, buf);
  } while (vtc_ptrmap_contains(&h->S->names, in));
  vtc_ptrmap_put(&h->S->names, in, (void *)1);
  return buf;
}

static const char *kernel_name_cb(void *h, char *buf, size_t size) { return kernel_name(h, buf, size); }

static void own(host *h, vtc_value *b) {
  vtc_ptrmap_put(&h->owned, b, (void *)1);
  VTC_VEC_PUSH(&h->allocs, b);
}

/* At h->E.at: gir.alloc of buffer type bt (sizes: one per dim, only the
 * dynamic ones used), owned by the function. */
static vtc_value *alloc_buffer(host *h, const vtc_loc *loc, const vtc_type *bt, vtc_value *const *sizes) {
  vtc_gir_buffer_info bi;
  vtc_gir_buffer_info_of(h->S->ctx, bt, &bi);
  vtc_value *dyn[VTC_GIR_MAX_RANK];
  unsigned nd = 0;
  for (unsigned k = 0; k < bi.rank; k++)
    if (bi.dims[k] == VTC_DYNAMIC) dyn[nd++] = sizes[k];
  vtc_value *buf = vtc_gir_build_alloc(&h->E.at, loc, bt, nd, dyn);
  own(h, buf);
  return buf;
}

/* The most units of a plain kernel inside a subprogram: on a GPU one
 * group per SM (every kernel of this kind is generic in its unit count),
 * so that the merged grid is co-resident and its barriers are cheap. */
static int64_t subprogram_units(const t2g_options *o) {
  const vtc_hardware *hw = o->hierarchy == VTC_GIR_HIER_GPU ? vtc_hardware_lookup(o->gpu_name) : NULL;
  int64_t cap = hw && hw->kind == VTC_HW_GPU ? (int64_t)hw->num_cores * o->group_size : o->max_units;
  return cap < o->max_units ? cap : o->max_units;
}

/* At h->E.at: the launch of `kernel` on min(items, max-units, cap) units
 * (cap 0: none), in whole groups, with arguments (ins..., buf, trailing...). */
static void launch_items(host *h, const vtc_loc *loc, const char *kernel, vtc_value *items, int64_t cap,
                         unsigned nin, vtc_value *const *ins, vtc_value *buf, unsigned ntrail,
                         vtc_value *const *trail) {
  const t2g_options *o = h->S->opts;
  int64_t most = h->in_subprogram ? h->subprogram_units : o->max_units;
  if (cap > 0 && cap < most) most = cap;
  vtc_value *units = t2g_minui(&h->E, items, t2g_cidx(&h->E, most));
  vtc_value *groups = t2g_ceildivui(&h->E, units, t2g_cidx(&h->E, o->group_size));
  vtc_value **args = vtc_xcalloc(nin + 1 + ntrail, sizeof *args);
  if (nin) memcpy(args, ins, nin * sizeof *args);
  args[nin] = buf;
  if (ntrail) memcpy(args + nin + 1, trail, ntrail * sizeof *args);
  vtc_gir_build_launch(&h->E.at, loc, kernel, groups, nin + 1 + ntrail, args);
  free(args);
}

/* alloc_buffer, then launch_items. */
static vtc_value *alloc_and_launch(host *h, const vtc_loc *loc, const vtc_type *bt, vtc_value *const *sizes,
                                   const char *kernel, vtc_value *items, unsigned nin, vtc_value *const *ins,
                                   unsigned ntrail, vtc_value *const *trail) {
  vtc_value *buf = alloc_buffer(h, loc, bt, sizes);
  launch_items(h, loc, kernel, items, 0, nin, ins, buf, ntrail, trail);
  return buf;
}

/* The buffer of a tensor arith.constant: filled once, right after it. */
static vtc_value *constant_buffer(host *h, vtc_value *c) {
  vtc_value *b = vtc_ptrmap_get(&h->const_bufs, c);
  if (b) return b;
  const vtc_attr *dense = vtc_op_get_attr(c->def_op, "value");
  const vtc_type *bt = t2g_buffer_type(h->S->ctx, c->type);
  char name[256];
  int64_t lanes;
  kernel_name(h, name, sizeof name);
  if (dense && dense->kind == VTC_ATTR_DENSE && !vtc_dense_data(dense)) {
    vtc_error(h->S->ctx, c->def_op->loc, "the constant's dense_resource blob is missing (elided?) or too small");
    return NULL;
  }
  if (!dense || dense->kind != VTC_ATTR_DENSE ||
      !t2g_build_fill_kernel(h->S, &h->mb, c->def_op->loc, name, bt, dense, &lanes))
    return NULL;
  vtc_builder saved = h->E.at;
  h->E.at = vtc_builder_after(c->def_op);
  int64_t n = vtc_tensor_num_elements(c->type);
  vtc_value *items = t2g_cidx(&h->E, (n + lanes - 1) / lanes);
  b = alloc_and_launch(h, c->def_op->loc, bt, NULL, name, items, 0, NULL, 0, NULL);
  h->E.at = saved;
  vtc_ptrmap_put(&h->const_bufs, c, b);
  return b;
}

/* The host value passed for a tensor operand. */
static vtc_value *operand_buffer(host *h, vtc_value *v) {
  if (is_tensor(v->type) && v->def_op && vtc_op_is_named(v->def_op, "arith.constant")) return constant_buffer(h, v);
  return v;
}

/* A kernel built for a te.compute (before any host rewriting, while the
 * compute's operands are still tensors). */
typedef struct built {
  char name[256];
  t2g_kernel_info info;
  /* A fused softmax ending at this compute (softmax.c), or absorbed into
   * one (the chain's other computes: no kernel, erased with its end). */
  bool softmax, absorbed;
  /* With destinations: index-dependent stores, one unit in order (dest.c). */
  bool serial;
  /* A static 0 in the output's shape: nothing to compute, so no kernel
   * (whose views at constant offsets would lie outside the empty buffer),
   * only the allocation. */
  bool empty;
  t2g_softmax chain;
  int64_t units_per_row;
  /* A contraction lowered as Vortex rKernels (rkernel.c): its variants'
   * kernels, the plain kernel (name) the switch's default. NULL: none. */
  t2g_gemm *gemm;
  char (*variant_names)[256];
  char (*reduce_names)[256]; /* split-K variants' reduction kernels ("" for the others) */
  int64_t unit_cap; /* work_units of the plain kernel's launch (0: none) */
  /* A contraction whose variants carry the element-wise TE at ops index
   * `epilogue` (epilogue.c; 0: none), lowered there; that TE's
   * `epilogue_of` is the contraction's index + 1. */
  size_t epilogue, epilogue_of;
} built;

/* On the CPU, the units that a launch of compute's kernel is worth (from
 * the TE as it came, before its operands become buffers): one per
 * min-unit-work of its static work (its points times their flops, loads
 * and store: a slice of a large input counts what is read), at least 1;
 * 0 (no cap) for `?` sizes, on a GPU and with min-unit-work=0 (and a
 * subprogram's merged kernel takes none). A launch of one unit runs on the
 * calling thread (runtime/thread_pool.c): waking the pool for an LSTM
 * cell's 256 elements costs more than computing them (lstm-stack.paper on
 * 2 Zen 5 cores: 34.9 -> 25.5 ms; benchmarks/results/souffle.md). */
static int64_t work_units(const t2g_options *o, const vtc_op *compute) {
  if (o->hierarchy != VTC_GIR_HIER_CPU || !o->min_unit_work) return 0;
  vtc_te_cost cost;
  vtc_te_cost_of(compute, &cost);
  if (!cost.is_static) return 0;
  int64_t per_point = (int64_t)cost.flops_per_point + 1, work; /* its flops, its loads, the store */
  for (const vtc_op *o2 = vtc_te_compute_body(compute)->first; o2; o2 = o2->next) per_point += vtc_te_is_load(o2);
  if (__builtin_mul_overflow(cost.points, per_point, &work)) return 0;
  return work / o->min_unit_work + 1;
}

/* The cap of k's plain launch where it is lowered now. */
static int64_t unit_cap(const host *h, const built *k) { return h->in_subprogram ? 0 : k->unit_cap; }

/* The launch of a fused softmax at its last compute: y like x, one group
 * of units per row; then the chain's computes go, last first. */
static bool lower_softmax(host *h, const built *k) {
  const t2g_softmax *sm = &k->chain;
  vtc_op *y = sm->y;
  /* Its producer may have become a buffer since the chain was matched. */
  vtc_value *x = operand_buffer(h, t2g_softmax_input(sm));
  if (!x) return false;
  h->E.at = vtc_builder_before(y);
  const vtc_type *yt = vtc_te_compute_type(y);
  unsigned rank = yt->rank;
  vtc_value *sizes[VTC_GIR_MAX_RANK], *rows = t2g_cidx(&h->E, 1);
  for (unsigned d = 0; d < rank; d++) {
    int64_t n = vtc_tensor_dim(yt, d);
    sizes[d] = n == VTC_DYNAMIC ? vtc_gir_build_dim(&h->E.at, y->loc, x, d) : t2g_cidx(&h->E, n);
    if (d + 1 < rank) rows = t2g_muli(&h->E, rows, sizes[d]);
  }
  vtc_value *items = t2g_muli(&h->E, rows, t2g_cidx(&h->E, k->units_per_row));
  vtc_value *buf = alloc_and_launch(h, y->loc, t2g_buffer_type(h->S->ctx, yt), sizes, k->name, items, 1, &x, 0, NULL);
  vtc_value_replace_all_uses(vtc_op_result(y, 0), buf);
  vtc_op *chain[] = {y, sm->s, sm->e, sm->m, sm->pro};
  for (unsigned i = 0; i < 5 && chain[i]; i++) vtc_op_erase(chain[i]);
  return true;
}

/* A kernel that may have lost its every launch: erase_unlaunched checks. */
static void note_unlaunched(t2g_state *S, const char *name) {
  vtc_ptrmap_put(&S->unlaunched_names, vtc_str(S->ctx, name), (void *)1);
}

/* Variant i's launches of a contraction (rkernel.c) at h->E.at; i ==
 * num_variants: the plain kernel (its own arguments). */
static void launch_gemm_case(host *h, vtc_op *op, const built *k, const t2g_gemm_sizes *s, unsigned i, vtc_value *a,
                             vtc_value *b, vtc_value *buf, vtc_value *items, unsigned na, vtc_value *const *args,
                             unsigned nsym, vtc_value *const *syms) {
  const t2g_gemm *g = k->gemm;
  if (i < g->num_variants && g->variants[i].split_k > 1) {
    /* f32 partials per K slice into a workspace, then their sum. */
    vtc_value *mn = t2g_muli(&h->E, s->m, s->n);
    vtc_value *total = t2g_muli(&h->E, t2g_muli(&h->E, s->batch, t2g_cidx(&h->E, g->variants[i].split_k)), mn);
    vtc_value *ws = vtc_gir_build_alloc(&h->E.at, op->loc, t2g_gemm_workspace_type(h->S->ctx), 1, &total);
    vtc_value *kargs[] = {a, b, ws, s->m, s->n, s->k, s->sa, s->sb, s->a_offset, s->b_offset};
    vtc_gir_build_launch(&h->E.at, op->loc, k->variant_names[i], t2g_gemm_groups(&h->E, g, i, s), 10, kargs);
    vtc_value *rargs[] = {ws, buf, mn, s->batch};
    vtc_gir_build_launch(&h->E.at, op->loc, k->reduce_names[i], t2g_gemm_splitk_reduce_groups(&h->E, s->batch, mn), 4,
                         rargs);
    vtc_gir_build_free(&h->E.at, op->loc, ws);
  } else if (i < g->num_variants) {
    vtc_value *kargs[] = {a, b, buf, s->m, s->n, s->k, s->sa, s->sb, s->a_offset, s->b_offset};
    vtc_gir_build_launch(&h->E.at, op->loc, k->variant_names[i], t2g_gemm_groups(&h->E, g, i, s), 10, kargs);
  } else {
    launch_items(h, op->loc, k->name, items, unit_cap(h, k), na, args, buf, nsym, syms);
  }
}

/* Case i of a contraction's launch at h->E.at (variant i, or num_variants:
 * the plain kernel). */
typedef void (*gemm_case_fn)(host *h, unsigned i, void *data);

/* The launches of contraction k at h->E.at on the model's choice `sel`: a
 * selector that folds to a constant (static sizes) gives the chosen case
 * alone, no switch (host code, and the CPU's JIT time, then scale with the
 * launches, not the variants), the other kernels noted as maybe
 * unlaunched; else a host gir.switch whose region i runs case i and whose
 * default runs the plain kernel's case. */
/* Whether the selector folds to a constant; *ci: the case it picks (a
 * variant, or num_variants, the plain kernel). */
static bool folded_case(const t2g_gemm *g, vtc_value *sel, unsigned *ci) {
  int64_t chosen;
  if (!t2g_const_int(sel, &chosen)) return false;
  *ci = chosen >= 0 && chosen < (int64_t)g->num_variants ? (unsigned)chosen : g->num_variants;
  return true;
}

static void switch_variants(host *h, const vtc_loc *loc, const built *k, vtc_value *sel, gemm_case_fn emit,
                            void *data) {
  const t2g_gemm *g = k->gemm;
  unsigned ci;
  if (folded_case(g, sel, &ci)) {
    emit(h, ci, data);
    for (unsigned j = 0; j <= g->num_variants; j++)
      if (j != ci) note_unlaunched(h->S, j < g->num_variants ? k->variant_names[j] : k->name);
    for (unsigned j = 0; j < g->num_variants; j++)
      if (j != ci && k->reduce_names[j][0]) note_unlaunched(h->S, k->reduce_names[j]);
    return;
  }
  int64_t cases[VORTEX_MAX_VARIANTS];
  for (unsigned i = 0; i < g->num_variants; i++) cases[i] = i;
  vtc_op *sw = vtc_gir_build_switch(&h->E.at, loc, sel, g->num_variants, cases, 0, NULL);
  vtc_builder saved = h->E.at;
  for (unsigned i = 0; i <= g->num_variants; i++) {
    h->E.at = vtc_builder_at_end(h->S->ctx, vtc_gir_switch_block(sw, i));
    emit(h, i, data);
    vtc_gir_build_yield(&h->E.at, loc, 0, NULL);
  }
  h->E.at = saved;
}

/* What every case of a contraction's launch passes: the operands, the
 * sizes, the result's buffer and the plain kernel's arguments. */
typedef struct gemm_launch {
  vtc_op *op;
  const built *k;
  t2g_gemm_sizes s;
  vtc_value *a, *b, *buf, *items;
  unsigned na, nsym;
  vtc_value *const *args, *const *syms;
} gemm_launch;

static void gemm_case(host *h, unsigned i, void *data) {
  gemm_launch *l = data;
  launch_gemm_case(h, l->op, l->k, &l->s, i, l->a, l->b, l->buf, l->items, l->na, l->args, l->nsym, l->syms);
}

/* A contraction's launch (rkernel.c): the GEMM's sizes, the model's choice
 * of variant (or the plain kernel where none applies), switch_variants. */
static bool lower_gemm(host *h, vtc_op *op, const built *k, vtc_value *buf, vtc_value *items, unsigned na,
                       vtc_value *const *args, unsigned nsym, vtc_value *const *syms) {
  const t2g_gemm *g = k->gemm;
  gemm_launch l = {op, k, {0}, operand_buffer(h, vtc_te_compute_input(op, g->c.a.input)),
                   operand_buffer(h, vtc_te_compute_input(op, g->c.b.input)), buf, items, na, nsym, args, syms};
  if (!l.a || !l.b) return false;
  l.s = t2g_gemm_host_sizes(&h->E, g, syms, nsym);
  switch_variants(h, op->loc, k, t2g_gemm_selector(&h->E, g, &l.s, h->S->opts->force_variant), gemm_case, &l);
  return true;
}

/* What a compute's launch takes, built at h->E.at = before `at`: its input
 * buffers args[0..na), its symbols, its result's sizes and (launch_items_of,
 * after the result's allocation) its plain kernel's work items. */
typedef struct launch_args {
  vtc_value **args, **syms;
  unsigned na, nsym;
  vtc_value *sizes[VTC_GIR_MAX_RANK];
  vtc_value *items;
} launch_args;

static bool launch_args_init(host *h, vtc_op *op, vtc_op *at, launch_args *la) {
  unsigned nin = vtc_te_compute_num_inputs(op);
  memset(la, 0, sizeof *la);
  la->nsym = vtc_te_compute_num_symbols(op);
  la->args = vtc_xcalloc(nin + 1 + la->nsym, sizeof *la->args);
  la->syms = la->args + nin + 1;
  for (unsigned i = 0; i < nin; i++) {
    vtc_value *in = vtc_te_compute_input(op, i);
    if (t2g_input_is_folded(in, NULL)) continue;
    if (!(la->args[la->na++] = operand_buffer(h, in))) return false;
  }
  h->E.at = vtc_builder_before(at);
  for (unsigned i = 0; i < la->nsym; i++) la->syms[i] = vtc_te_compute_symbol(op, i);
  const vtc_affine_map *shape = vtc_te_compute_shape(op);
  for (unsigned d = 0; d < shape->num_results; d++)
    la->sizes[d] = t2g_expr(&h->E, shape->results[d], NULL, 0, la->syms, la->nsym);
  return true;
}

static vtc_value *launch_items_of(host *h, const built *k, const launch_args *la) {
  return k->empty ? NULL : t2g_expr(&h->E, k->info.items, NULL, 0, la->syms, la->nsym);
}

static bool lower_compute(host *h, vtc_op *op, const built *k) {
  launch_args la;
  bool ok = launch_args_init(h, op, op, &la);
  if (ok) {
    vtc_value *buf = alloc_buffer(h, op->loc, t2g_buffer_type(h->S->ctx, vtc_te_compute_type(op)), la.sizes);
    la.items = launch_items_of(h, k, &la);
    if (!k->empty) {
      if (k->gemm) ok = lower_gemm(h, op, k, buf, la.items, la.na, la.args, la.nsym, la.syms);
      else launch_items(h, op->loc, k->name, la.items, unit_cap(h, k), la.na, la.args, buf, la.nsym, la.syms);
    }
    vtc_value_replace_all_uses(vtc_op_result(op, 0), buf);
    vtc_op_erase(op);
  }
  free(la.args);
  return ok;
}

/* A contraction's launch that carries its epilogue e where a variant can
 * (gemm_launch for c, then e's buffer d, its extra inputs and its kernel). */
typedef struct epilogue_launch {
  gemm_launch c;
  vtc_op *e;
  const built *ke;
  vtc_value *d, *extras[T2G_EPILOGUE_MAX_EXTRA];
  const launch_args *le;
} epilogue_launch;

/* A variant carrying the epilogue: on the GPU it writes D in C's place; on
 * the CPU it writes the product into C as well (its partial sums) and D
 * after C's parameters (rkernel_cpu.c). */
static void epilogue_case(host *h, unsigned i, void *data) {
  epilogue_launch *l = data;
  const t2g_gemm *g = l->c.k->gemm;
  if (i < g->num_variants && g->fused[i]) {
    bool cpu = h->S->opts->hierarchy == VTC_GIR_HIER_CPU;
    vtc_value *kargs[11 + T2G_EPILOGUE_MAX_EXTRA] = {l->c.a,   l->c.b,    cpu ? l->c.buf : l->d, l->c.s.m,
                                                     l->c.s.n, l->c.s.k,  l->c.s.sa,             l->c.s.sb,
                                                     l->c.s.a_offset,     l->c.s.b_offset};
    unsigned n = 10;
    if (cpu) kargs[n++] = l->d;
    memcpy(kargs + n, l->extras, g->epi.num_extra * sizeof *l->extras);
    vtc_gir_build_launch(&h->E.at, l->c.op->loc, l->c.k->variant_names[i], t2g_gemm_groups(&h->E, g, i, &l->c.s),
                         n + g->epi.num_extra, kargs);
    note_unlaunched(h->S, l->ke->name); /* erased if no other case launches it */
    return;
  }
  gemm_case(h, i, &l->c);
  const launch_args *le = l->le;
  launch_items(h, l->e->loc, l->ke->name, le->items, unit_cap(h, l->ke), le->na, le->args, l->d, le->nsym, le->syms);
}

/* A contraction c whose variants carry the element-wise TE e (epilogue.c),
 * both lowered at e: case i launches variant i writing e's result D where
 * it carries e; elsewhere (split-K, the plain kernel) it writes c's buffer
 * and e's own kernel follows. c's buffer is allocated only where some case
 * writes it (on the CPU always: its variants keep partial sums there). */
static bool lower_gemm_epilogue(host *h, vtc_op *c, const built *kc, vtc_op *e, const built *ke) {
  const t2g_gemm *g = kc->gemm;
  launch_args lc, le = {0};
  epilogue_launch l = {.c = {.op = c, .k = kc}, .e = e, .ke = ke, .le = &le};
  bool ok = launch_args_init(h, c, e, &lc);
  l.c.a = ok ? operand_buffer(h, vtc_te_compute_input(c, g->c.a.input)) : NULL;
  l.c.b = ok ? operand_buffer(h, vtc_te_compute_input(c, g->c.b.input)) : NULL;
  for (unsigned x = 0; ok && x < g->epi.num_extra; x++)
    ok = (l.extras[x] = operand_buffer(h, vtc_te_compute_input(e, g->epi.extra[x]))) != NULL;
  if (!ok || !l.c.a || !l.c.b) {
    free(lc.args);
    return false;
  }
  h->E.at = vtc_builder_before(e);
  l.c.s = t2g_gemm_host_sizes(&h->E, g, lc.syms, lc.nsym);
  vtc_value *sel = t2g_gemm_selector(&h->E, g, &l.c.s, h->S->opts->force_variant);
  unsigned ci = g->num_variants;
  bool folded = folded_case(g, sel, &ci);
  /* Some case writes the product (every CPU variant does). */
  if (!folded || ci == g->num_variants || !g->fused[ci] || h->S->opts->hierarchy == VTC_GIR_HIER_CPU)
    vtc_value_replace_all_uses(vtc_op_result(c, 0),
                               alloc_buffer(h, c->loc, t2g_buffer_type(h->S->ctx, vtc_te_compute_type(c)), lc.sizes));
  lc.items = launch_items_of(h, kc, &lc);
  ok = launch_args_init(h, e, e, &le);
  if (ok) {
    l.c.buf = vtc_te_compute_input(e, g->epi.c_input); /* the product's buffer, where allocated */
    l.c.items = lc.items;
    l.c.na = lc.na;
    l.c.nsym = lc.nsym;
    l.c.args = lc.args;
    l.c.syms = lc.syms;
    l.d = alloc_buffer(h, e->loc, g->epi.d_buffer, le.sizes);
    le.items = launch_items_of(h, ke, &le);
    switch_variants(h, c->loc, kc, sel, epilogue_case, &l);
    vtc_value_replace_all_uses(vtc_op_result(e, 0), l.d);
    vtc_op_erase(e);
    vtc_op_erase(c);
  }
  free(lc.args);
  free(le.args);
  return ok;
}

/* The result an argument buffer is donated to (VTC_FUNC_ATTR_ALIASING_OUTPUT,
 * with the result's buffer type), else -1; -1 for any other buffer. */
static int donated_result(host *h, vtc_value *buf) {
  const vtc_type *ft = vtc_func_get_type(h->func);
  for (unsigned a = 0; ft && a < h->entry->num_args; a++) {
    if (h->entry->args[a] != buf) continue;
    int n = vtc_func_donated_result(h->func, a);
    bool same = n >= 0 && convert_type(h->S->ctx, vtc_function_result(ft, (unsigned)n)) ==
                              convert_type(h->S->ctx, buf->type);
    return same ? n : -1;
  }
  return -1;
}

/* A returned buffer the caller cannot own (an argument, one returned twice,
 * one not allocated here) is copied into a fresh one; an argument donated
 * to this result is returned as it is. */
static vtc_value *fresh_copy(host *h, vtc_op *ret, vtc_value *v) {
  char name[256];
  int64_t lanes;
  kernel_name(h, name, sizeof name);
  if (!t2g_build_copy_kernel(h->S, &h->mb, ret->loc, name, v->type, &lanes)) return NULL;
  vtc_gir_buffer_info bi;
  vtc_gir_buffer_info_of(h->S->ctx, v->type, &bi);
  h->E.at = vtc_builder_before(ret);
  vtc_value *sizes[VTC_GIR_MAX_RANK], *total = t2g_cidx(&h->E, 1);
  for (unsigned k = 0; k < bi.rank; k++) {
    sizes[k] = bi.dims[k] == VTC_DYNAMIC ? vtc_gir_build_dim(&h->E.at, ret->loc, v, k) : t2g_cidx(&h->E, bi.dims[k]);
    total = t2g_muli(&h->E, total, sizes[k]);
  }
  return alloc_and_launch(h, ret->loc, v->type, sizes, name, t2g_ceildivui(&h->E, total, t2g_cidx(&h->E, lanes)), 1,
                          &v, 0, NULL);
}

static bool fix_return(host *h, vtc_op *ret) {
  vtc_ptrmap returned = {0};
  bool ok = true;
  for (unsigned i = 0; ok && i < ret->num_operands; i++) {
    vtc_value *v = operand_buffer(h, vtc_op_operand(ret, i));
    if (!v) {
      ok = false;
      break;
    }
    bool donated = donated_result(h, v) == (int)i;
    if (vtc_gir_is_buffer(v->type) && ((!vtc_ptrmap_contains(&h->owned, v) && !donated) ||
                                       vtc_ptrmap_contains(&returned, v)))
      v = fresh_copy(h, ret, v);
    if (!v) {
      ok = false;
      break;
    }
    vtc_op_set_operand(ret, i, v);
    vtc_ptrmap_put(&returned, v, (void *)1);
  }
  /* Returned buffers belong to the caller: not freed here. */
  for (size_t i = 0; i < h->allocs.len; i++)
    if (vtc_ptrmap_contains(&returned, h->allocs.data[i])) vtc_ptrmap_remove(&h->owned, h->allocs.data[i]);
  vtc_ptrmap_free(&returned);
  return ok;
}

/* gir.free after the last use of every intermediate (in program order of
 * the function's block). */
static void insert_frees(host *h) {
  vtc_ptrmap pos = {0};
  uintptr_t i = 1;
  for (vtc_op *op = h->entry->first; op; op = op->next) vtc_ptrmap_put(&pos, op, (void *)i++);
  for (size_t k = 0; k < h->allocs.len; k++) {
    vtc_value *b = h->allocs.data[k];
    if (!vtc_ptrmap_contains(&h->owned, b)) continue;
    vtc_op *last = b->def_op;
    uintptr_t lp = (uintptr_t)vtc_ptrmap_get(&pos, last);
    for (vtc_use *u = b->first_use; u; u = u->next) {
      vtc_op *top = vtc_block_find_ancestor_op(h->entry, u->owner);
      uintptr_t p = top ? (uintptr_t)vtc_ptrmap_get(&pos, top) : 0;
      if (p > lp) {
        lp = p;
        last = top;
      }
    }
    if (vtc_block_terminator(h->entry) == last) continue; /* used by the return: not ours to free */
    vtc_builder fb = vtc_builder_after(last);
    vtc_gir_build_free(&fb, last->loc, b);
  }
  vtc_ptrmap_free(&pos);
}

static void set_function_type(t2g_state *S, vtc_op *func) {
  vtc_context *ctx = S->ctx;
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft) return;
  const vtc_type *types[256];
  unsigned ni = ft->num_inputs, nr = ft->num_results;
  if (ni + nr > 256) return;
  vtc_region *r = func->num_regions ? vtc_op_region(func, 0) : NULL;
  vtc_block *entry = r ? r->first : NULL;
  vtc_op *ret = entry ? vtc_block_terminator(entry) : NULL;
  for (unsigned i = 0; i < ni; i++)
    types[i] = entry && i < entry->num_args ? entry->args[i]->type : convert_type(ctx, vtc_function_input(ft, i));
  for (unsigned i = 0; i < nr; i++)
    types[ni + i] =
        ret && i < ret->num_operands ? vtc_op_operand(ret, i)->type : convert_type(ctx, vtc_function_result(ft, i));
  const vtc_type *nt = vtc_type_function(ctx, ni, types, nr, types + ni);
  if (nt == ft) return;
  vtc_op_set_attr(func, "function_type", vtc_attr_type(ctx, nt));
  S->changed = true;
}

/* A compute with destinations (dest.c): its destination buffers, each
 * written in place or first copied once (with a remark), are the launch's
 * output parameters and become its results. */
static bool lower_into(host *h, vtc_op *op, const built *k) {
  unsigned nin = vtc_te_compute_num_inputs(op), nsym = vtc_te_compute_num_symbols(op);
  unsigned nd = vtc_te_compute_num_dests(op), na = 0;
  vtc_value **args = vtc_xcalloc(nin + nd + nsym + 1, sizeof *args), **syms = args + nin + nd;
  bool ok = true;
  for (unsigned i = 0; i < nin && ok; i++) {
    vtc_value *in = vtc_te_compute_input(op, i);
    if (!t2g_input_is_folded(in, NULL)) ok = (args[na++] = operand_buffer(h, in)) != NULL;
  }
  for (unsigned d = 0; d < nd && ok; d++) {
    vtc_value *dest = vtc_te_compute_dest(op, d), *buf = operand_buffer(h, dest);
    const char *why = h->S->opts->dest_in_place ? "it is a constant's buffer, shared by its uses" : "dest-in-place=false";
    bool constant = !h->S->opts->dest_in_place || vtc_ptrmap_contains(&h->const_bufs, dest);
    bool mine = vtc_ptrmap_contains(&h->owned, buf) || donated_result(h, buf) >= 0;
    if (buf && (constant || !t2g_dest_in_place(h->entry, op, d, mine, &why))) {
      vtc_remark(h->S->ctx, op->loc, "lower-te-to-gir: destination #%u is copied once, not written in place: %s", d,
                 why);
      buf = fresh_copy(h, op, buf);
      h->S->dest_copies++;
    } else if (buf) {
      h->S->dest_in_place++;
    }
    ok = (args[na + d] = buf) != NULL;
  }
  if (ok) {
    h->E.at = vtc_builder_before(op);
    for (unsigned i = 0; i < nsym; i++) syms[i] = vtc_te_compute_symbol(op, i);
    /* The destinations are the launch's last buffers, before the symbols. */
    if (!k->empty && k->serial) {
      vtc_value **all = vtc_xcalloc(na + nd + nsym + 1, sizeof *all);
      memcpy(all, args, (na + nd) * sizeof *all);
      if (nsym) memcpy(all + na + nd, syms, nsym * sizeof *all);
      vtc_gir_build_launch(&h->E.at, op->loc, k->name, t2g_cidx(&h->E, 1), na + nd + nsym, all);
      free(all);
    } else if (!k->empty) {
      launch_items(h, op->loc, k->name, t2g_expr(&h->E, k->info.items, NULL, 0, syms, nsym), unit_cap(h, k),
                   na + nd - 1, args, args[na + nd - 1], nsym, syms);
    }
    for (unsigned d = 0; d < nd; d++) vtc_value_replace_all_uses(vtc_op_result(op, d), args[na + d]);
    vtc_op_erase(op);
  }
  free(args);
  return ok;
}

/* A domain with a static 0: no kernel, the destinations pass through. */
static bool has_empty_domain(vtc_op *compute) {
  const vtc_affine_map *shape = vtc_te_compute_shape(compute);
  for (unsigned d = 0; d < shape->num_results; d++)
    if (shape->results[d]->kind == VTC_AFFINE_CONST && shape->results[d]->value == 0) return true;
  return false;
}

static bool has_static_zero(const vtc_type *tensor) {
  for (unsigned d = 0; d < tensor->rank; d++)
    if (vtc_tensor_dim(tensor, d) == 0) return true;
  return false;
}

/* Marks the fused softmax chains among ops (program order), with their
 * prologues (softmax-prologue). */
static void mark_softmax_chains(const t2g_state *S, vtc_op *const *ops, size_t n, built *kernels) {
  for (size_t i = 0; i < n; i++) {
    t2g_softmax sm;
    if (vtc_te_is_compute(ops[i]) && vtc_te_compute_num_dests(ops[i])) continue;
    if (!t2g_match_softmax(ops[i], &sm)) continue;
    if (S->opts->softmax_prologue) t2g_match_softmax_prologue(S, &sm);
    kernels[i].softmax = true;
    kernels[i].chain = sm;
    for (size_t j = 0; j < i; j++)
      kernels[j].absorbed |= ops[j] == sm.m || ops[j] == sm.e || ops[j] == sm.s || ops[j] == sm.pro;
  }
}

/* Whether a function still has tensors: a second run of the pass over
 * host code it made must leave it alone (its returned buffers are not in
 * `owned` then, and would be copied and leaked). */
static bool has_tensors(vtc_block *entry) {
  for (unsigned a = 0; a < entry->num_args; a++)
    if (is_tensor(entry->args[a]->type)) return true;
  for (vtc_op *op = entry->first; op; op = op->next) {
    for (unsigned k = 0; k < op->num_operands; k++)
      if (is_tensor(vtc_op_operand(op, k)->type)) return true;
    for (unsigned k = 0; k < op->num_results; k++)
      if (is_tensor(vtc_op_result(op, k)->type)) return true;
  }
  return false;
}

/* Vortex's kernels of a contraction (rkernel.c), beside its plain
 * kernel: k->gemm stays NULL where the contraction is not a GEMM of the
 * form taken or no variant applies (counted as kept-contractions). */
/* Whether nothing among ops (from, to) may write what a contraction at
 * `from` reads, when it is lowered at `to` instead (lower_gemm_epilogue):
 * no destination-passing compute, no call. */
static bool movable_to(vtc_op *const *ops, size_t from, size_t to) {
  for (size_t i = from + 1; i < to; i++)
    if ((vtc_te_is_compute(ops[i]) && vtc_te_compute_num_dests(ops[i])) || vtc_op_is_named(ops[i], "func.call"))
      return false;
  return true;
}

/* The epilogue of ops[i]'s GEMM g (epilogue.c) where the function has no
 * subprograms to merge and c can move down to its TE: the index of the TE,
 * g->epi and g->fused set (split-K variants do not carry it); 0: none. */
static size_t plan_epilogue(host *h, t2g_gemm *g, vtc_op *const *ops, const built *kernels, size_t n, size_t i) {
  t2g_state *S = h->S;
  if (!S->opts->epilogue || h->has_subprograms || !t2g_match_epilogue(S, g, &g->epi))
    return 0;
  size_t j = i + 1;
  while (j < n && ops[j] != g->epi.compute) j++;
  bool any = false;
  /* A TE of two contractions' results (an LSTM's x W + h U) is the first one's. */
  /* A softmax's prologue (absorbed into its kernel) is not also an epilogue. */
  for (unsigned v = 0; j < n && !kernels[j].epilogue_of && !kernels[j].absorbed && movable_to(ops, i, j) &&
                       v < g->num_variants;
       v++)
    any |= g->fused[v] = g->variants[v].split_k <= 1;
  if (any) return j;
  memset(&g->epi, 0, sizeof g->epi);
  return 0;
}

static bool build_rkernels(host *h, vtc_op *compute, built *kernels, vtc_op *const *ops, size_t n, size_t i) {
  built *k = &kernels[i];
  t2g_state *S = h->S;
  if (S->opts->contractions != T2G_CONTRACTIONS_VORTEX) return true;
  t2g_gemm *g = vtc_xcalloc(1, sizeof *g);
  char why[256];
  if (!t2g_match_gemm(S, compute, g, why, sizeof why) || !t2g_plan_gemm(S, g, why, sizeof why)) {
    if (g->c.compute) { /* classified, but not emitted: say why */
      S->kept_contractions++;
      /* A variant list the user or vortex-analyze attached and that is
       * not used is a warning; the lowering's own limits, a remark. */
      if (vtc_op_get_attr(compute, VORTEX_ATTR_VARIANTS))
        vtc_warning(S->ctx, compute->loc, "lower-te-to-gir: %s; the contraction keeps its plain kernel", why);
      else
        vtc_remark(S->ctx, compute->loc, "lower-te-to-gir: the contraction keeps its plain kernel: %s", why);
    }
    free(g);
    return true;
  }
  k->gemm = g;
  k->epilogue = plan_epilogue(h, g, ops, kernels, n, i);
  S->epilogues += k->epilogue != 0;
  k->variant_names = vtc_xcalloc(g->num_variants, sizeof *k->variant_names);
  k->reduce_names = vtc_xcalloc(g->num_variants, sizeof *k->reduce_names);
  for (unsigned i = 0; i < g->num_variants; i++) {
    kernel_name(h, k->variant_names[i], sizeof k->variant_names[i]);
    if (!t2g_build_gemm_variant(S, &h->mb, compute->loc, k->variant_names[i], g, i)) return false;
    if (g->variants[i].split_k <= 1) continue;
    kernel_name(h, k->reduce_names[i], sizeof k->reduce_names[i]);
    if (!t2g_build_gemm_splitk_reduce(S, &h->mb, compute->loc, k->reduce_names[i], g, g->variants[i].split_k))
      return false;
  }
  S->rkernels += g->num_variants;
  for (unsigned i = 0; i < g->num_variants; i++) S->wgmma_kernels += g->wgmma[i];
  return true;
}

/* A te.subprogram's TEs go back into the function between two markers
 * (unregistered ops that lowering passes by), whose host code merge.c
 * then makes one kernel; without merging the TEs just come back. */
#define SUBPROGRAM_BEGIN "t2g.subprogram_begin"
#define SUBPROGRAM_END "t2g.subprogram_end"

typedef struct subprogram_marks {
  vtc_op *begin, *end;
} subprogram_marks;
typedef VTC_VEC(subprogram_marks) marks_vec;

static vtc_op *marker(vtc_op *at, const char *name) {
  vtc_builder b = vtc_builder_before(at);
  return vtc_builder_create(&b, name, at->loc, 0, NULL, NULL, 0, NULL);
}

static void inline_subprograms(t2g_state *S, vtc_block *entry, marks_vec *marks) {
  for (vtc_op *op = entry->first, *next; op; op = next) {
    next = op->next;
    if (!vtc_te_is_subprogram(op)) continue;
    vtc_block *body = vtc_te_subprogram_body(op);
    vtc_op *ret = vtc_te_subprogram_return(op);
    subprogram_marks m = {0};
    if (S->opts->merge_subprograms) m.begin = marker(op, SUBPROGRAM_BEGIN);
    for (unsigned i = 0; i < body->num_args; i++) vtc_value_replace_all_uses(body->args[i], vtc_op_operand(op, i));
    for (unsigned i = 0; i < op->num_results; i++)
      vtc_value_replace_all_uses(vtc_op_result(op, i), vtc_op_operand(ret, i));
    for (vtc_op *o = body->first, *n; o && o != ret; o = n) {
      n = o->next;
      vtc_op_remove(o);
      vtc_block_insert_before(op, o);
    }
    if (m.begin) {
      m.end = marker(op, SUBPROGRAM_END);
      VTC_VEC_PUSH(marks, m);
    }
    vtc_op_erase(op);
    S->merge.subprograms++;
    S->changed = true;
  }
}

static bool lower_function(t2g_state *S, vtc_op *func) {
  vtc_context *ctx = S->ctx;
  vtc_region *r = func->num_regions ? vtc_op_region(func, 0) : NULL;
  if (!r || !r->first || (!r->first->next && !has_tensors(r->first))) {
    set_function_type(S, func);
    return true;
  }
  if (r->first->next) return vtc_op_error(func, "cannot be lowered to gir: only single-block functions are supported");
  host h = {.S = S, .func = func, .entry = r->first, .mb = vtc_builder_before(func),
            .subprogram_units = subprogram_units(S->opts)};
  t2g_emit_init(&h.E, ctx, func->loc, h.entry);
  marks_vec marks = {0};
  inline_subprograms(S, h.entry, &marks);
  h.has_subprograms = marks.len != 0;
  if (S->opts->epilogue && S->opts->contractions == T2G_CONTRACTIONS_VORTEX && !h.has_subprograms)
    t2g_merge_epilogue_chains(S, h.entry);
  VTC_VEC(vtc_op *) ops = {0};
  for (vtc_op *op = h.entry->first; op; op = op->next) VTC_VEC_PUSH(&ops, op);
  bool ok = true;
  /* The kernels first, from the computes as they are. */
  built *kernels = vtc_xcalloc(ops.len + 1, sizeof *kernels);
  if (S->opts->fuse_softmax) mark_softmax_chains(S, ops.data, ops.len, kernels);
  for (size_t i = 0; ok && i < ops.len; i++) {
    built *k = &kernels[i];
    if (!vtc_te_is_compute(ops.data[i]) || k->absorbed) continue;
    k->unit_cap = work_units(S->opts, ops.data[i]);
    if (vtc_te_compute_num_dests(ops.data[i])) { /* dest.c: no softmax, no rKernels (they write a fresh C) */
      kernel_name(&h, k->name, sizeof k->name);
      k->empty = has_empty_domain(ops.data[i]);
      ok = k->empty || t2g_build_kernel(S, ops.data[i], &h.mb, k->name, &k->info);
      if (ok && !k->empty) k->serial = t2g_dest_serialize(S, ops.data[i], k->info.kernel);
      continue;
    }
    if (!k->softmax && (k->empty = has_static_zero(vtc_te_compute_type(ops.data[i])))) continue;
    kernel_name(&h, k->name, sizeof k->name);
    if (k->softmax)
      ok = t2g_build_softmax_kernel(S, &h.mb, ops.data[i]->loc, k->name, &k->chain, &k->units_per_row) != NULL;
    else
      ok = t2g_build_kernel(S, ops.data[i], &h.mb, k->name, &k->info) &&
           build_rkernels(&h, ops.data[i], kernels, ops.data, ops.len, i);
    if (ok && k->epilogue) kernels[k->epilogue].epilogue_of = i + 1;
  }
  if (ok)
    for (unsigned a = 0; a < h.entry->num_args; a++)
      h.entry->args[a]->type = convert_type(ctx, h.entry->args[a]->type);
  for (size_t i = 0; ok && i < ops.len; i++) {
    vtc_op *op = ops.data[i];
    if (vtc_op_is_named(op, SUBPROGRAM_BEGIN) || vtc_op_is_named(op, SUBPROGRAM_END)) {
      h.in_subprogram = vtc_op_is_named(op, SUBPROGRAM_BEGIN);
      continue;
    }
    if (vtc_te_is_compute(op)) {
      if (kernels[i].absorbed || kernels[i].epilogue) continue; /* lowered at its chain's end, its epilogue */
      ok = kernels[i].epilogue_of ? lower_gemm_epilogue(&h, ops.data[kernels[i].epilogue_of - 1],
                                                        &kernels[kernels[i].epilogue_of - 1], op, &kernels[i])
           : kernels[i].softmax                ? lower_softmax(&h, &kernels[i])
           : vtc_te_compute_num_dests(op) ? lower_into(&h, op, &kernels[i])
                                          : lower_compute(&h, op, &kernels[i]);
    } else if (vtc_te_is_dim(op)) {
      vtc_builder b = vtc_builder_before(op);
      vtc_value *src = operand_buffer(&h, vtc_te_dim_tensor(op));
      ok = src != NULL;
      if (ok) {
        vtc_value *d = vtc_gir_build_dim(&b, op->loc, src, vtc_te_dim_index(op));
        vtc_value_replace_all_uses(vtc_op_result(op, 0), d);
        vtc_op_erase(op);
      }
    } else if (vtc_te_is_assert(op)) { /* a host check, as it is */
      vtc_builder b = vtc_builder_before(op);
      vtc_value *args[VTC_CHECK_MAX_ARGS + 1];
      unsigned n = vtc_assert_num_args(op);
      for (unsigned k = 0; k < n && k <= VTC_CHECK_MAX_ARGS; k++) args[k] = vtc_assert_arg(op, k);
      vtc_assert_build(&b, "gir.assert", op->loc, vtc_assert_relation(op), n <= VTC_CHECK_MAX_ARGS ? n : 0, args, NULL,
                       vtc_assert_message(op));
      vtc_op_erase(op);
    } else if (vtc_op_is_named(op, "func.return")) {
      ok = fix_return(&h, op);
    } else if (vtc_op_is_named(op, "func.call")) {
      for (unsigned k = 0; k < op->num_operands && ok; k++) {
        vtc_value *v = operand_buffer(&h, vtc_op_operand(op, k));
        if ((ok = v != NULL)) vtc_op_set_operand(op, k, v);
      }
      for (unsigned k = 0; k < op->num_results; k++) {
        vtc_value *res = vtc_op_result(op, k);
        res->type = convert_type(ctx, res->type);
        if (vtc_gir_is_buffer(res->type)) own(&h, res);
      }
    } else if (vtc_op_is_named(op, "arith.constant") && is_tensor(vtc_op_result(op, 0)->type)) {
      /* folded into kernels or materialised on first use */
    } else {
      for (unsigned k = 0; k < op->num_operands; k++)
        if (is_tensor(vtc_op_operand(op, k)->type))
          ok = vtc_op_error(op, "cannot be lowered to gir: takes a tensor operand and is not a te op");
      for (unsigned k = 0; ok && k < op->num_results; k++)
        if (is_tensor(vtc_op_result(op, k)->type))
          ok = vtc_op_error(op, "cannot be lowered to gir: produces a tensor and is not a te op");
      if (!ok) break;
    }
  }
  /* Tensor constants are gone once folded or materialised (the only ops of
   * the snapshot this loop did not erase). */
  for (vtc_op *op = h.entry->first, *next; ok && op; op = next) {
    next = op->next;
    if (vtc_op_is_named(op, "arith.constant") && is_tensor(vtc_op_result(op, 0)->type) &&
        !vtc_value_has_uses(vtc_op_result(op, 0)))
      vtc_op_erase(op);
  }
  for (size_t i = 0; i < marks.len; i++) {
    if (ok)
      t2g_merge_subprogram(S, &h.mb, &h.E, marks.data[i].begin, marks.data[i].end, kernel_name_cb, &h,
                           &S->maybe_unlaunched, &S->merge);
    vtc_op_erase(marks.data[i].begin);
    vtc_op_erase(marks.data[i].end);
  }
  VTC_VEC_FREE(&marks);
  if (ok) {
    insert_frees(&h);
    set_function_type(S, func);
    t2g_emit_drop_unused_consts(&h.E);
  }
  for (size_t i = 0; i < ops.len; i++) {
    free(kernels[i].gemm);
    free(kernels[i].variant_names);
    free(kernels[i].reduce_names);
  }
  free(kernels);
  VTC_VEC_FREE(&ops);
  VTC_VEC_FREE(&h.allocs);
  vtc_ptrmap_free(&h.owned);
  vtc_ptrmap_free(&h.const_bufs);
  t2g_emit_free(&h.E);
  return ok;
}

/* The GPU hierarchy is the nvptx target's (targets/target.h): a unit is one
 * of its warps, and its hardware sizes come from its row. */
static const vtc_target *const gpu_target = &vtc_target_nvptx;

/* The defaults of each hierarchy, for options left at 0. On a CPU a unit is
 * a thread with AVX-512 registers; on a GPU a unit is a warp whose 32 lanes
 * each move 128 bits per work item (a 16-byte access per thread, 512 bytes
 * per warp), groups are 4 warps (128-thread blocks), and a launch has at most
 * one full wave of an H100's resident warps (the blocked loop gives each warp
 * a contiguous run of work items). vector-bits is bits_per_thread times the
 * threads of a unit. */
typedef struct hierarchy_defaults {
  int64_t bits_per_thread, group_size;
  int64_t (*unit_threads)(void);
  int64_t (*max_units)(void);
} hierarchy_defaults;

static int64_t cpu_unit_threads(void) { return 1; }
static int64_t cpu_max_units(void) { return 256; }
static int64_t gpu_unit_threads(void) { return gpu_target->warp_size; }
static int64_t gpu_max_units(void) { return gpu_target->resident_warps(); }

static const hierarchy_defaults defaults_of[] = {
    [VTC_GIR_HIER_CPU] = {512, 1, cpu_unit_threads, cpu_max_units},
    [VTC_GIR_HIER_GPU] = {128, 4, gpu_unit_threads, gpu_max_units},
};

static t2g_options resolve_options(const t2g_options *in) {
  t2g_options o = *in;
  const hierarchy_defaults *d = &defaults_of[o.hierarchy];
  if (!o.vector_bits) o.vector_bits = d->bits_per_thread * d->unit_threads();
  if (!o.group_size) o.group_size = d->group_size;
  if (!o.max_units) o.max_units = d->max_units();
  return o;
}

vtc_op *t2g_new_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name, unsigned np,
                       const vtc_type *const *params, int64_t V) {
  vtc_gir_hierarchy h = (vtc_gir_hierarchy)S->opts->hierarchy;
  int64_t lanes = h == VTC_GIR_HIER_GPU ? gpu_target->warp_size : V;
  return vtc_gir_build_kernel(mb, loc, name, np, params, h, S->opts->group_size, lanes);
}

static vtc_walk_result note_launch(vtc_op *op, void *launched) {
  if (vtc_gir_is(op, "launch"))
    vtc_ptrmap_put(launched, vtc_str(vtc_op_context(op), vtc_gir_launch_kernel_name(op)), (void *)1);
  return VTC_WALK_ADVANCE;
}

/* The kernels whose every launch merge.c replaced, and the variants a
 * static choice left out. */
static void erase_unlaunched(t2g_state *S) {
  for (size_t i = 0; i < S->unlaunched_names.cap; i++) { /* one symbol index for every name */
    if (S->unlaunched_names.keys[i] <= VTC_PTRMAP_DELETED) continue;
    vtc_op *kernel = vtc_symbol_table_lookup(S->module, (const char *)S->unlaunched_names.keys[i]);
    if (kernel && vtc_gir_is(kernel, "kernel")) vtc_ptrmap_put(&S->maybe_unlaunched, kernel, (void *)1);
  }
  if (!S->maybe_unlaunched.count) return;
  vtc_ptrmap launched = {0};
  vtc_op_walk(S->module, true, note_launch, &launched);
  for (size_t i = 0; i < S->maybe_unlaunched.cap; i++) {
    if (S->maybe_unlaunched.keys[i] <= VTC_PTRMAP_DELETED) continue;
    vtc_op *k = (vtc_op *)S->maybe_unlaunched.keys[i];
    if (vtc_ptrmap_contains(&launched, vtc_str(S->ctx, vtc_gir_kernel_name(k)))) continue;
    for (size_t n = 0; n < S->group_notes.len; n++)
      if (S->group_notes.data[n].kernel == k) S->group_notes.data[n].kernel = NULL;
    vtc_op_erase(k);
  }
  vtc_ptrmap_free(&launched);
}

static bool run_lower_te_to_gir(vtc_pass_context *pc, vtc_op *root, const void *options) {
  const t2g_options resolved = resolve_options(options), *o = &resolved;
  t2g_state S = {.ctx = vtc_pass_context_ctx(pc), .module = root, .opts = o};
  if (o->min_unit_work < 0)
    return vtc_error(S.ctx, root->loc, "lower-te-to-gir: min-unit-work must be >= 0 (got %lld)",
                     (long long)o->min_unit_work);
  if (o->max_group < 1 || o->max_group > T2G_MAX_GROUP)
    return vtc_error(S.ctx, root->loc, "lower-te-to-gir: max-group must be in [1, %d] (got %lld)", T2G_MAX_GROUP,
                     (long long)o->max_group);
  if (o->unroll_reductions < 0 || o->unroll_reductions > 64)
    return vtc_error(S.ctx, root->loc, "lower-te-to-gir: unroll-reductions must be in [0, 64] (got %lld)",
                     (long long)o->unroll_reductions);
  if (o->items_per_step < 0 || o->items_per_step > 64)
    return vtc_error(S.ctx, root->loc, "lower-te-to-gir: items-per-step must be in [0, 64] (got %lld)",
                     (long long)o->items_per_step);
  /* Bounds that keep every register slice within VTC_GIR_MAX_REGISTER_ELEMS
   * (at most 65536 / 8 lanes, each a slice of its own), a launch
   * within a GPU grid's 2^31 - 1 groups, and a group's units countable. */
  if (o->vector_bits < 8 || o->vector_bits > 65536 || o->max_units < 1 || o->max_units > INT32_MAX ||
      o->group_size < 1 || o->group_size > 1024)
    return vtc_error(S.ctx, root->loc,
                     "lower-te-to-gir: vector-bits must be in [8, 65536], max-units in [1, 2^31 - 1] and group-size "
                     "in [1, 1024] (given %lld, %lld, %lld)",
                     (long long)o->vector_bits, (long long)o->max_units, (long long)o->group_size);
  if (o->hierarchy == VTC_GIR_HIER_GPU && o->group_size > 32)
    return vtc_error(S.ctx, root->loc, "lower-te-to-gir: a GPU group has at most 32 warps, not %lld",
                     (long long)o->group_size);
  size_t num_funcs;
  vtc_op **funcs = vtc_func_collect(root, &num_funcs);
  for (unsigned r = 0; r < root->num_regions; r++)
    for (vtc_block *b = root->regions[r].first; b; b = b->next)
      for (vtc_op *op = b->first; op; op = op->next)
        if (vtc_symbol_name(op)) vtc_ptrmap_put(&S.names, vtc_str(S.ctx, vtc_symbol_name(op)), (void *)1);
  bool ok = true;
  for (size_t i = 0; ok && i < num_funcs; i++) ok = lower_function(&S, funcs[i]);
  if (ok) erase_unlaunched(&S);
  if (ok && o->dedup_kernels) vtc_pass_stat_add(pc, 2, t2g_dedup_kernels(root));
  /* auto: on for both hierarchies, where its cost (offsets LLVM no longer
   * sees as constants) was measured on lstm-stack.paper, the one paper
   * workload it changes: the same run time on the 2-core Zen 5, and on the
   * H200 17.9 -> 16.0 ms with the compile 31 -> 1 s (the PTX of 1000
   * kernels; benchmarks/results/souffle.md). */
  bool constants = o->dedup_constants != T2G_DEDUP_CONSTANTS_OFF;
  if (ok && o->dedup_kernels && constants) vtc_pass_stat_add(pc, 16, t2g_dedup_kernel_constants(root));
  free(funcs);
  vtc_ptrmap_free(&S.maybe_unlaunched);
  vtc_ptrmap_free(&S.unlaunched_names);
  vtc_pass_stat_add(pc, 9, S.merge.subprograms);
  vtc_pass_stat_add(pc, 10, S.merge.merged_kernels);
  vtc_pass_stat_add(pc, 11, S.merge.merged_stages);
  vtc_pass_stat_add(pc, 12, S.merge.device_barriers);
  vtc_pass_stat_add(pc, 13, S.merge.cuts);
  vtc_ptrmap_free(&S.names);
  vtc_pass_stat_add(pc, 0, S.kernels);
  vtc_pass_stat_add(pc, 1, S.vector_kernels);
  vtc_pass_stat_add(pc, 3, S.rkernels);
  vtc_pass_stat_add(pc, 4, S.kept_contractions);
  vtc_pass_stat_add(pc, 5, S.dest_in_place);
  vtc_pass_stat_add(pc, 6, S.dest_copies);
  vtc_pass_stat_add(pc, 7, S.dest_element_stores);
  vtc_pass_stat_add(pc, 8, S.dest_serial);
  uint64_t grouped = 0;
  for (size_t n = 0; n < S.group_notes.len; n++) {
    if (!S.group_notes.data[n].kernel) continue;
    grouped++;
    vtc_remark(S.ctx, S.group_notes.data[n].loc, "lower-te-to-gir: per work item %s", S.group_notes.data[n].text);
  }
  VTC_VEC_FREE(&S.group_notes);
  vtc_pass_stat_add(pc, 14, grouped);
  vtc_pass_stat_add(pc, 15, S.wgmma_kernels);
  vtc_pass_stat_add(pc, 17, S.epilogues);
  vtc_pass_stat_add(pc, 18, S.epilogue_tes);
  if (S.vortex_cache) vortex_plan_cache_destroy(S.vortex_cache);
  if (ok && !S.kernels && !S.changed) vtc_pass_mark_unchanged(pc);
  return ok;
}

static const char *const hierarchy_names[] = {"cpu", "gpu", NULL};
static const char *const contraction_names[] = {"vortex", "naive", NULL};
static const char *const unroll_names[] = {"auto", "always", "never", NULL};
static const char *const dedup_constant_names[] = {"auto", "on", "off", NULL};

static const vtc_pass_option t2g_option_table[] = {
    {"hierarchy", VTC_OPTION_ENUM, "cpu", "The kernels' parallel primitive: cpu (unit = thread) or gpu (unit = warp)",
     offsetof(t2g_options, hierarchy), hierarchy_names},
    {"vector-bits", VTC_OPTION_INT, "0",
     "Bits per work item: elements = vector-bits / element bits (0: 512 on cpu, 32 lanes x 128 on gpu)",
     offsetof(t2g_options, vector_bits), NULL},
    {"max-units", VTC_OPTION_INT, "0",
     "At most this many parallel units per launch (0: 256 on cpu; one wave of an H100's warps on gpu)",
     offsetof(t2g_options, max_units), NULL},
    {"min-unit-work", VTC_OPTION_INT, "16384",
     "On the cpu, a plain kernel with static sizes gets one unit per this much work (points times their flops, "
     "loads and store), so a small one runs on the calling thread instead of waking the pool (0: max-units alone)",
     offsetof(t2g_options, min_unit_work), NULL},
    {"group-size", VTC_OPTION_INT, "0", "Units per group (0: 1 on cpu, 4 warps on gpu)",
     offsetof(t2g_options, group_size), NULL},
    {"items-per-step", VTC_OPTION_INT, "0",
     "On the gpu, a plain kernel whose work items are small (one output of a short row, or a row shorter than the "
     "register) takes up to this many consecutive items per step of a unit, decomposing its indices once "
     "(0: 8; 1: one item per step)",
     offsetof(t2g_options, items_per_step), NULL},
    {"vectorize", VTC_OPTION_BOOL, "true", "Vectorize the innermost dimension (false: one element per step)",
     offsetof(t2g_options, vectorize), NULL},
    {"fuse-softmax", VTC_OPTION_BOOL, "true", "One kernel for a softmax along the last axis (max, sum, write)",
     offsetof(t2g_options, fuse_softmax), NULL},
    {"softmax-prologue", VTC_OPTION_BOOL, "true",
     "The softmax kernel applies x's element-wise producer (an attention's scale) as it loads, instead of a "
     "kernel of its own",
     offsetof(t2g_options, softmax_prologue), NULL},
    {"dedup-kernels", VTC_OPTION_BOOL, "true", "Share structurally identical kernels (one launch target each)",
     offsetof(t2g_options, dedup_kernels), NULL},
    {"dedup-constants", VTC_OPTION_ENUM, "auto",
     "Also share kernels equal but for index constants (a row offset), passed as parameters "
     "(auto: the same as on, for both hierarchies; needs dedup-kernels)",
     offsetof(t2g_options, dedup_constants), dedup_constant_names},
    {"contractions", VTC_OPTION_ENUM, "vortex",
     "Contractions (matmul): vortex (Vortex rKernels chosen at run time; passes/vortex) or naive (the "
     "plain kernel, as every other TE: the ablation)",
     offsetof(t2g_options, contractions), contraction_names},
    {"vortex-variant", VTC_OPTION_INT, "-1",
     "Run every contraction's variant N instead of the model's choice (N >= their count: the plain kernel; for "
     "tests and ablations)",
     offsetof(t2g_options, force_variant), NULL},
    {"dest-in-place", VTC_OPTION_BOOL, "true",
     "Write the destinations of te.compute into in place where nothing reads their old value (false: copy each "
     "first: the ablation)",
     offsetof(t2g_options, dest_in_place), NULL},
    {"merge-subprograms", VTC_OPTION_BOOL, "true",
     "One kernel per te.subprogram, its stages separated by device barriers where they depend on each other "
     "(false: one kernel per TE: the ablation)",
     offsetof(t2g_options, merge_subprograms), NULL},
    {"group-shared-loads", VTC_OPTION_BOOL, "true",
     "A reduction kernel computes the outputs that read one element of a load together (GQA's heads of one "
     "K/V row, a product's rows of one B row) and reads it once (false: once per output: the ablation)",
     offsetof(t2g_options, group_shared_loads), NULL},
    {"max-group", VTC_OPTION_INT, "16",
     "At most this many outputs per work item share their loads (group-shared-loads; 1 to 16: the decode "
     "scores' 4 heads x 4 positions at 16, 4 x 2 at 8)",
     offsetof(t2g_options, max_group), NULL},
    {"widen-reductions", VTC_OPTION_BOOL, "true",
     "A reduction's f16/bf16 body arithmetic runs in its f32 accumulator, the loads widened once (te's "
     "unrounded value; false: in the half type, each product rounded: the ablation)",
     offsetof(t2g_options, widen_reductions), NULL},
    {"fma", VTC_OPTION_BOOL, "true",
     "A float sum whose step is a product adds it as one math.fma, rounded once (false: mulf then addf: the "
     "ablation)",
     offsetof(t2g_options, fma), NULL},
    {"unroll-k", VTC_OPTION_ENUM, "auto",
     "The k-rows of a staged tile in the GPU CUDA-core rKernel: auto (unrolled where a lane's tile holds 128 or "
     "more accumulators, a loop below), always or never (the ablations)",
     offsetof(t2g_options, unroll_k), unroll_names},
    {"unroll-reductions", VTC_OPTION_INT, "0",
     "On the gpu, a plain kernel's innermost reduction loop carries this gir.for unroll hint, so that several "
     "rows' loads are in flight before their FMAs (decode attention's P.V; 0: 4 where the loop has 16 trips or more, "
     "1: no hint, the ablation)",
     offsetof(t2g_options, unroll_reductions), NULL},
    {"register-budget", VTC_OPTION_BOOL, "true",
     "GPU rKernels ask the backend for the CTAs per SM they were planned for (gir.kernel occupancy; false: "
     "ptxas's own register choice, the ablation)",
     offsetof(t2g_options, register_budget), NULL},
    {"wgmma", VTC_OPTION_BOOL, "true",
     "Tensor-core rKernels planned for sm_90 (h100, h200) run on wgmma with swizzled 64-deep k-tiles where the CTA "
     "tile allows (false: mma.sync everywhere, the ablation)",
     offsetof(t2g_options, wgmma), NULL},
    {"wgmma-overlap", VTC_OPTION_BOOL, "true",
     "A wgmma rKernel keeps one k-tile's wgmmas in flight while it waits for and issues the next (false: each "
     "k-tile's wgmmas are waited for before the next barrier, the ablation)",
     offsetof(t2g_options, wgmma_overlap), NULL},
    {"raster-grouped", VTC_OPTION_BOOL, "true",
     "GPU rKernels take their output tiles in bands of 8 tile rows, down each band's columns, for L2 reuse within a "
     "wave (false: row by row, the ablation)",
     offsetof(t2g_options, raster_grouped), NULL},
    {"epilogue", VTC_OPTION_BOOL, "true",
     "rKernels carry the element-wise TEs after their contraction (bias, activation, residual, cast: a chain "
     "merged into one TE): the GPU's in their store stage, the CPU's as each thread's pass over the rows of its "
     "tiles of the finished product; one kernel instead of one per TE (false: the ablation)",
     offsetof(t2g_options, epilogue), NULL},
    {"gpu", VTC_OPTION_STRING, "h100", "The GPU the rKernels are planned for (targets/hardware.h: h100, h200, a100)",
     offsetof(t2g_options, gpu_name), NULL},
    {"cpu", VTC_OPTION_STRING, "host", "The CPU the rKernels are planned for (hierarchy=cpu; targets/hardware.h)",
     offsetof(t2g_options, cpu_name), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

static const char *const t2g_statistics[] = {"kernels", "vector-kernels", "duplicate-kernels", "vortex-kernels",
                                             "kept-contractions", "dest-in-place", "dest-copies",
                                             "dest-element-stores", "dest-serial", "subprograms",
                                             "merged-kernels", "merged-stages", "device-barriers",
                                             "subprogram-cuts", "grouped-kernels", "wgmma-kernels",
                                             "constant-shared-kernels", "epilogues", "epilogue-tes", NULL};

const vtc_pass_def vtc_lower_te_to_gir_pass = {
    .name = "lower-te-to-gir",
    .summary = "Lower te.compute to gir kernels and host launches (PowerFusion sections 4 and 7: GIR on a CPU)",
    .anchor = "builtin.module", /* kernels are new symbols of the module */
    .options_size = sizeof(t2g_options),
    .options = t2g_option_table,
    .run = run_lower_te_to_gir,
    .statistics = t2g_statistics,
};

void vtc_register_te_to_gir_passes(vtc_context *ctx) { vtc_context_register_pass(ctx, &vtc_lower_te_to_gir_pass); }
