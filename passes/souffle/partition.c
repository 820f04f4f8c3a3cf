/* souffle-partition and souffle-print-partition (souffle.txt 5.4,
 * Algorithm 1 lines 2-9): runs of TEs in program order become
 * `te.subprogram`s, each of which lower-te-to-gir makes one kernel with
 * device barriers between its dependent stages (lowering/te-to-gir/merge.c).
 *
 * Greedy, no solver: one walk over the function's block in program order
 * (a topological order), adding each TE to the open subprogram unless a
 * cut is due. Subprograms are contiguous in that order, so no cycle can
 * form between them. A cut closes the open subprogram before the TE:
 *   - a compute-intensive TE (Souffle's only cut points, 5.3) whose grid
 *     would not fit one wave beside the others (the paper's
 *     max_grid * max_occ < C: all blocks of the merged kernel must be
 *     co-resident for its barriers);
 *   - a TE with a `?` in its grid (a dynamic shape): alone, with a remark;
 *   - `max-stages` TEs in the open subprogram (a kernel's code grows with
 *     its stages; the stage table that would lift this is not built);
 *   - a host op between TEs other than a constant (a size computation, a
 *     check, a call): TEs after it may depend on it.
 * A subprogram of one TE is left as it is.
 *
 * Choices where the paper is silent:
 * - A CI TE's grid is estimated here from its contraction (Vortex's
 *   classifier: batch x ceil(M/128) x ceil(N/128) blocks, the largest tile
 *   the GPU planner takes) and one wave is `blocks-per-sm` x SMs of the
 *   `gpu` row (targets/hardware.h). A memory-intensive TE's kernel is
 *   capped to one wave by lower-te-to-gir, so it always fits. The exact
 *   grids are known after lowering; merge.c cuts again there where the
 *   real kernels cannot share a launch, and the runtime falls back to the
 *   phase split when a grid is not co-resident, so a wrong estimate costs
 *   speed, never correctness.
 * - Partitioning runs after souffle-horizontal/vertical (the paper
 *   partitions first): those passes work on a function's block, and
 *   horizontal already refuses a merge beyond one wave.
 * - `profit=model` keeps a subprogram only when the launches it saves
 *   (launch-ns each) outweigh its device barriers (barrier-ns each, one per
 *   dependence level after the first): the paper's remedy for a slowdown
 *   from global synchronization. `profit=always` keeps every one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "passes/souffle/souffle.h"
#include "passes/vortex/rkernel.h"
#include "targets/hardware.h"

typedef struct options {
  int64_t max_stages, blocks_per_sm, ci_threshold;
  bool bfs;
  const char *gpu;
  int profit;
  int64_t launch_ns, barrier_ns;
} options;

enum { PROFIT_ALWAYS, PROFIT_MODEL };

enum {
  ST_TES,
  ST_SUBPROGRAMS,
  ST_MEMBERS,
  ST_LEVELS,
  ST_CUT_CI,
  ST_CUT_DYNAMIC,
  ST_CUT_STAGES,
  ST_CUT_HOST,
  ST_UNPROFITABLE,
};
static const char *const statistics[] = {
    "TEs", "subprograms", "TEs in subprograms", "dependence levels", "cuts: compute-intensive grid beyond a wave",
    "cuts: dynamic grid", "cuts: max-stages", "cuts: host op", "unprofitable (profit=model)", NULL};

typedef struct state {
  vtc_pass_context *pc;
  vtc_context *ctx;
  const options *opt;
  bool apply; /* false: souffle-print-partition */
  int64_t wave_blocks;
} state;

typedef struct group {
  VTC_VEC(vtc_op *) tes;
  int64_t max_grid;  /* estimated blocks of its largest CI TE, 0 without */
} group;

/* ---- the model ----------------------------------------------------------------------- */

static bool has_symbols(vtc_op *te) { return vtc_te_compute_num_symbols(te) > 0; }

/* Blocks of a CI TE's tuned kernel, or 0 when it is not a contraction. */
static int64_t ci_grid(vtc_op *te) {
  vortex_contraction c;
  char why[128];
  if (!vortex_classify_compute(te, &c, why, sizeof why)) return 0;
  int64_t b = vortex_role_size(&c, VORTEX_ROLE_BATCH), m = vortex_role_size(&c, VORTEX_ROLE_M),
          n = vortex_role_size(&c, VORTEX_ROLE_N);
  if (b == VTC_DYNAMIC || m == VTC_DYNAMIC || n == VTC_DYNAMIC) return -1;
  return b * ((m + 127) / 128) * ((n + 127) / 128);
}

static bool is_ci(const state *s, vtc_op *te) {
  vtc_souffle_intensity in;
  vtc_souffle_intensity_of(te, 128, &in);
  return in.flops_per_element >= (double)s->opt->ci_threshold;
}

/* A TE's dependence level among the TEs already in `level` (TE -> level):
 * 1 + the deepest of them it reads; recorded there too. */
static unsigned te_level(vtc_ptrmap *level, vtc_op *te) {
  uintptr_t l = 1;
  for (unsigned k = 0; k < te->num_operands; k++) {
    vtc_op *d = vtc_op_operand(te, k)->def_op;
    uintptr_t dl = d ? (uintptr_t)vtc_ptrmap_get(level, d) : 0;
    if (dl + 1 > l) l = dl + 1;
  }
  vtc_ptrmap_put(level, te, (void *)l);
  return (unsigned)l;
}

/* Dependence levels inside the group (barriers: one fewer). */
static unsigned group_levels(const group *g) {
  vtc_ptrmap level = {0};
  unsigned levels = 0;
  for (size_t i = 0; i < g->tes.len; i++) {
    unsigned l = te_level(&level, g->tes.data[i]);
    if (l > levels) levels = l;
  }
  vtc_ptrmap_free(&level);
  return levels;
}

/* ---- wrapping ------------------------------------------------------------------------ */

typedef struct collect {
  vtc_block *block;   /* the function's */
  vtc_ptrmap members; /* the group's TEs */
  vtc_ptrmap seen;
  VTC_VEC(vtc_value *) outside; /* operands defined outside, first-use order */
  VTC_VEC(vtc_value *) consts;  /* scalar constants that bodies capture */
} collect;

/* Whether op is, or is nested in, one of the group's TEs. */
static bool in_group(const collect *c, vtc_op *op) {
  while (op && op->parent != c->block) op = vtc_op_parent_op(op);
  return op && vtc_ptrmap_contains(&c->members, op);
}

/* The op that defines v, or owns the block v is an argument of. */
static vtc_op *definer(vtc_value *v) {
  if (v->def_op) return v->def_op;
  vtc_block *b = vtc_value_parent_block(v);
  return b && b->parent ? b->parent->parent : NULL;
}

static vtc_walk_result collect_operands(vtc_op *op, void *p) {
  collect *c = p;
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_value *v = vtc_op_operand(op, i);
    if (in_group(c, definer(v)) || vtc_ptrmap_contains(&c->seen, v)) continue;
    vtc_ptrmap_put(&c->seen, v, (void *)1);
    bool scalar_const = v->def_op && vtc_op_has_trait(v->def_op, VTC_TRAIT_CONSTANT_LIKE) && !vtc_type_is_tensor(v->type);
    if (scalar_const) VTC_VEC_PUSH(&c->consts, v);
    else VTC_VEC_PUSH(&c->outside, v);
  }
  return VTC_WALK_ADVANCE;
}

/* Points the uses of `from` that are (or are not) in the group at `to`. */
static void replace_uses(const collect *c, vtc_value *from, vtc_value *to, bool in) {
  for (vtc_use *u = from->first_use, *next; u; u = next) {
    next = u->next;
    if (in_group(c, u->owner) == in) vtc_op_set_operand(u->owner, (unsigned)(u - u->owner->operands), to);
  }
}

/* The group's TEs move into a te.subprogram at the first one's place: its
 * operands are what they read from outside (scalar constants their bodies
 * capture are cloned in instead), its results the values read after it. */
static void wrap(state *s, group *g) {
  vtc_op *first = g->tes.data[0];
  collect c = {.block = first->parent};
  for (size_t i = 0; i < g->tes.len; i++) vtc_ptrmap_put(&c.members, g->tes.data[i], (void *)1);
  for (size_t i = 0; i < g->tes.len; i++) vtc_op_walk(g->tes.data[i], true, collect_operands, &c);
  VTC_VEC(vtc_value *) escaping = {0};
  VTC_VEC(const vtc_type *) types = {0};
  for (size_t i = 0; i < g->tes.len; i++)
    for (unsigned r = 0; r < g->tes.data[i]->num_results; r++) {
      vtc_value *v = vtc_op_result(g->tes.data[i], r);
      for (vtc_use *u = v->first_use; u; u = u->next)
        if (!in_group(&c, u->owner)) {
          VTC_VEC_PUSH(&escaping, v);
          VTC_VEC_PUSH(&types, v->type);
          break;
        }
    }
  vtc_builder b = vtc_builder_before(first);
  vtc_op *sp = vtc_te_build_subprogram(&b, first->loc, (unsigned)c.outside.len, c.outside.data,
                                       (unsigned)escaping.len, types.data);
  vtc_block *body = vtc_te_subprogram_body(sp);
  for (size_t i = 0; i < c.outside.len; i++) replace_uses(&c, c.outside.data[i], body->args[i], true);
  for (size_t i = 0; i < escaping.len; i++) replace_uses(&c, escaping.data[i], vtc_op_result(sp, (unsigned)i), false);
  vtc_builder at = vtc_builder_at_end(s->ctx, body);
  for (size_t i = 0; i < c.consts.len; i++) {
    vtc_op *k = vtc_op_clone(c.consts.data[i]->def_op, NULL);
    vtc_builder_insert_op(&at, k);
    replace_uses(&c, c.consts.data[i], vtc_op_result(k, 0), true);
  }
  for (size_t i = 0; i < g->tes.len; i++) {
    vtc_op_remove(g->tes.data[i]);
    vtc_block_push_op(body, g->tes.data[i]);
  }
  vtc_te_build_return(&at, first->loc, (unsigned)escaping.len, escaping.data);
  VTC_VEC_FREE(&escaping);
  VTC_VEC_FREE(&types);
  VTC_VEC_FREE(&c.outside);
  VTC_VEC_FREE(&c.consts);
  vtc_ptrmap_free(&c.members);
  vtc_ptrmap_free(&c.seen);
}

/* ---- the walk ------------------------------------------------------------------------ */

static void close_group(state *s, group *g) {
  if (g->tes.len >= 2) {
    unsigned levels = group_levels(g);
    double saved = (double)(g->tes.len - 1) * (double)s->opt->launch_ns / 1e3,
           cost = (double)(levels - 1) * (double)s->opt->barrier_ns / 1e3;
    bool keep = s->opt->profit == PROFIT_ALWAYS || saved > cost;
    vtc_remark(s->ctx, g->tes.data[0]->loc,
               "souffle-partition: subprogram of %zu TEs, %u dependence levels (%u device barriers), largest "
               "compute-intensive grid %lld of %lld blocks in a wave; model: %.1f us of launches saved, %.1f us "
               "of barriers%s",
               g->tes.len, levels, levels - 1, (long long)g->max_grid, (long long)s->wave_blocks, saved, cost,
               keep ? "" : ": not profitable, left as separate kernels");
    if (keep) {
      vtc_pass_stat_add(s->pc, ST_SUBPROGRAMS, 1);
      vtc_pass_stat_add(s->pc, ST_MEMBERS, g->tes.len);
      vtc_pass_stat_add(s->pc, ST_LEVELS, levels);
      if (s->apply) wrap(s, g);
    } else {
      vtc_pass_stat_add(s->pc, ST_UNPROFITABLE, 1);
    }
  }
  g->tes.len = 0;
  g->max_grid = 0;
}

static void cut(state *s, group *g, vtc_op *at, int stat, const char *why) {
  if (g->tes.len) {
    vtc_remark(s->ctx, at->loc, "souffle-partition: cut before this op: %s", why);
    vtc_pass_stat_add(s->pc, stat, 1);
  }
  close_group(s, g);
}

typedef struct leveled {
  vtc_op *te;
  unsigned level, order;
} leveled;

static int by_level(const void *a, const void *b) {
  const leveled *x = a, *y = b;
  if (x->level != y->level) return x->level < y->level ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

typedef VTC_VEC(vtc_op *) op_vec;

/* Appends the run, sorted by level, to out (and, with apply, moves its TEs
 * into that order after `after`, or at the block's start when NULL). */
static void flush_run(vtc_block *block, vtc_op *after, leveled *run, size_t n, bool apply, op_vec *out) {
  if (n > 1) qsort(run, n, sizeof *run, by_level);
  for (size_t i = 0; i < n; i++) VTC_VEC_PUSH(out, run[i].te);
  if (!apply || n < 2) return;
  for (size_t i = 0; i < n; i++) vtc_op_remove(run[i].te);
  for (size_t i = n; i-- > 0;) {
    if (after) vtc_block_insert_after(after, run[i].te);
    else if (block->first) vtc_block_insert_before(block->first, run[i].te);
    else vtc_block_push_op(block, run[i].te);
  }
}

/* Algorithm 1 line 2 walks the TEs in BFS order: each run of consecutive
 * TEs (constants first moved before it) is ordered by level, a topological
 * order in which one wavefront's independent TEs are neighbours, so that a
 * subprogram of max-stages TEs spans as few dependence levels (device
 * barriers) as the program allows. The block's ops in that order go to
 * out; with apply the block is reordered too (the printer leaves it). */
static void bfs_order(vtc_block *block, bool apply, op_vec *out) {
  VTC_VEC(leveled) run = {0};
  vtc_ptrmap level = {0};
  vtc_op *before_run = NULL;
  for (vtc_op *op = block->first, *next; op; op = next) {
    next = op->next;
    if (vtc_te_is_compute(op)) {
      if (!run.len) before_run = op->prev;
      leveled l = {op, te_level(&level, op), (unsigned)run.len};
      VTC_VEC_PUSH(&run, l);
      continue;
    }
    if (run.len && vtc_op_has_trait(op, VTC_TRAIT_CONSTANT_LIKE)) {
      VTC_VEC_PUSH(out, op);
      if (apply) {
        vtc_op_remove(op);
        vtc_block_insert_before(run.data[0].te, op);
        before_run = op;
      }
      continue;
    }
    flush_run(block, before_run, run.data, run.len, apply, out);
    run.len = 0;
    vtc_ptrmap_clear(&level);
    VTC_VEC_PUSH(out, op);
  }
  flush_run(block, before_run, run.data, run.len, apply, out);
  VTC_VEC_FREE(&run);
  vtc_ptrmap_free(&level);
}

static void run_function(state *s, vtc_op *func) {
  vtc_region *r = func->num_regions ? vtc_op_region(func, 0) : NULL;
  if (!r || !r->first) return;
  group g = {0};
  op_vec ops = {0};
  if (s->opt->bfs) bfs_order(r->first, s->apply, &ops);
  else
    for (vtc_op *op = r->first->first; op; op = op->next) VTC_VEC_PUSH(&ops, op);
  for (size_t i = 0; i < ops.len; i++) {
    vtc_op *op = ops.data[i];
    if (vtc_op_has_trait(op, VTC_TRAIT_CONSTANT_LIKE)) {
      /* Constants move before the subprogram, which then dominates no use of them. */
      if (g.tes.len && s->apply) {
        vtc_op_remove(op);
        vtc_block_insert_before(g.tes.data[0], op);
      }
      continue;
    }
    if (!vtc_te_is_compute(op)) {
      if (vtc_op_has_trait(op, VTC_TRAIT_TERMINATOR)) break;
      cut(s, &g, op, ST_CUT_HOST, "a host op comes between TEs");
      continue;
    }
    vtc_pass_stat_add(s->pc, ST_TES, 1);
    if (has_symbols(op)) {
      cut(s, &g, op, ST_CUT_DYNAMIC, "its grid has a dynamic size");
      vtc_remark(s->ctx, op->loc, "souffle-partition: a TE of dynamic shape stays a kernel of its own");
      continue;
    }
    int64_t grid = is_ci(s, op) ? ci_grid(op) : 0;
    if ((int64_t)g.tes.len >= s->opt->max_stages)
      cut(s, &g, op, ST_CUT_STAGES, "max-stages TEs already share the subprogram");
    else if (grid > s->wave_blocks)
      cut(s, &g, op, ST_CUT_CI, "a compute-intensive TE whose grid exceeds one wave");
    if (grid > s->wave_blocks) {
      vtc_remark(s->ctx, op->loc, "souffle-partition: grid of about %lld blocks, beyond one wave of %lld: a kernel of "
                                  "its own", (long long)grid, (long long)s->wave_blocks);
      continue;
    }
    VTC_VEC_PUSH(&g.tes, op);
    if (grid > g.max_grid) g.max_grid = grid;
  }
  close_group(s, &g);
  VTC_VEC_FREE(&g.tes);
  VTC_VEC_FREE(&ops);
}

static bool run(vtc_pass_context *pc, vtc_op *root, const void *options_, bool apply) {
  const options *opt = options_;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  const vtc_hardware *hw = vtc_hardware_lookup(opt->gpu);
  if (!hw || hw->kind != VTC_HW_GPU)
    return vtc_error(ctx, root->loc, "souffle-partition: gpu='%s' is not a known GPU (%s)", opt->gpu,
                     vtc_hardware_known_names());
  if (opt->max_stages < 2 || opt->blocks_per_sm < 1 || opt->launch_ns < 0 || opt->barrier_ns < 0)
    return vtc_error(ctx, root->loc, "souffle-partition: max-stages must be >= 2, blocks-per-sm >= 1, launch-ns and "
                                     "barrier-ns >= 0");
  state s = {.pc = pc, .ctx = ctx, .opt = opt, .apply = apply, .wave_blocks = opt->blocks_per_sm * hw->num_cores};
  size_t n = 0;
  vtc_op **funcs = vtc_func_collect(root, &n);
  for (size_t i = 0; i < n; i++) run_function(&s, funcs[i]);
  free(funcs);
  if (!apply) vtc_pass_mark_unchanged(pc);
  return true;
}

static bool run_partition(vtc_pass_context *pc, vtc_op *root, const void *o) { return run(pc, root, o, true); }
static bool run_print(vtc_pass_context *pc, vtc_op *root, const void *o) { return run(pc, root, o, false); }

static const char *const profit_names[] = {"always", "model", NULL};

static const vtc_pass_option partition_options[] = {
    {"max-stages", VTC_OPTION_INT, "64", "the most TEs in one subprogram (one kernel's stages)",
     offsetof(options, max_stages), NULL},
    {"bfs", VTC_OPTION_BOOL, "true",
     "walk the TEs in BFS-level order (reordering each run of TEs; false: program order, as written)",
     offsetof(options, bfs), NULL},
    {"blocks-per-sm", VTC_OPTION_INT, "2",
     "co-resident blocks per SM of a compute-intensive kernel: one wave is this times the SMs",
     offsetof(options, blocks_per_sm), NULL},
    {"ci-threshold", VTC_OPTION_INT, "3", "flops per element accessed at which a TE is compute-intensive (5.3)",
     offsetof(options, ci_threshold), NULL},
    {"gpu", VTC_OPTION_STRING, "h100", "the GPU whose SMs make a wave (targets/hardware.h)", offsetof(options, gpu),
     NULL},
    {"profit", VTC_OPTION_ENUM, "always",
     "always: keep every subprogram; model: only where the launches saved outweigh the device barriers",
     offsetof(options, profit), profit_names},
    {"launch-ns", VTC_OPTION_INT, "3200", "the cost of a kernel launch back to back (H100, measured: 3.2 us)",
     offsetof(options, launch_ns), NULL},
    {"barrier-ns", VTC_OPTION_INT, "1200",
     "the cost of a device barrier at one block per SM (H100, cooperative groups: 1.16 us)",
     offsetof(options, barrier_ns), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_souffle_partition_pass = {
    .name = "souffle-partition",
    .summary = "Souffle 5.4: wrap runs of TEs in te.subprogram (one kernel each after lower-te-to-gir), cut at "
               "compute-intensive TEs beyond a wave, dynamic grids, max-stages and host ops",
    .options_size = sizeof(options),
    .options = partition_options,
    .run = run_partition,
    .statistics = statistics,
};

const vtc_pass_def vtc_souffle_print_partition_pass = {
    .name = "souffle-print-partition",
    .summary = "Souffle 5.4: remarks of what souffle-partition would do (members, levels, grids against the wave, "
               "each cut's reason); the IR is unchanged",
    .options_size = sizeof(options),
    .options = partition_options,
    .run = run_print,
    .statistics = statistics,
};
