/* Souffle's merging (souffle.txt 6.4; issue 15 item 6): the host code that
 * lower-te-to-gir made for one te.subprogram becomes one launch of one
 * kernel whose stages are the subprogram's kernels, with a device barrier
 * (gir.sync device) between the stages that depend on each other.
 *
 * The merge works on the lowered host code, not on the TEs, because only
 * there are the schedules known exactly: each kernel's grid (the launch's
 * groups), block shape, shared memory and Vortex's run-time choice. The
 * partition (passes/souffle/partition.c) decides which TEs should share a
 * kernel from a model; here a run is cut wherever the real kernels cannot
 * share one, with a remark naming the reason.
 *
 * Choices where the paper is silent:
 * - Stages are list-scheduled by their hazards (a buffer one writes that
 *   the other reads or writes): a stage's level is one more than the
 *   deepest earlier stage it conflicts with, the stages of one level run
 *   between the same two barriers (in program order inside a block), and
 *   one `gir.sync device` separates consecutive levels. Program order
 *   alone would put a barrier after nearly every stage.
 * - The merged grid is the largest stage's; a smaller stage runs under a
 *   guard on `gir.id group` (a loop of 0 or 1 trips: uniform in each group,
 *   so its block barriers stay legal), and its `gir.count unit|group` read
 *   its own launch's counts, so every stage partitions its work exactly as
 *   its own launch did.
 * - A kernel that knows nothing of groups (no group ids or counts, block
 *   barriers or shared memory: the plain kernels) runs in the run's groups
 *   on its own launch's units (guarded on the unit id); the others keep
 *   their group size, which must then agree.
 * - A run is cut at: a kernel of another hierarchy or lanes, or of another
 *   group size that uses its groups, a kernel that has device barriers of
 *   its own, shared
 *   memory beyond a block's (stages' buffers are not overlaid yet), a host
 *   gir.switch (Vortex's run-time selection of a dynamic shape: static
 *   sizes launch the chosen variant without one, pass.c), and any other host op but index
 *   arithmetic, allocations, frees, dims and assertions (those move:
 *   allocations and checks before the merged launch, frees after it).
 * - The barrier needs a co-resident grid; when the runtime finds it is
 *   not, it takes the phase split (dialects/gir/device_split.c): the
 *   stages' values never cross a barrier, so every merged kernel can. */
#include <stdlib.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

typedef struct stage {
  vtc_op *launch, *kernel;
  int64_t groups; /* the launch's groups when a constant, else -1 */
  int64_t group_size;
  /* The kernel knows nothing of groups (no group ids or counts, block
   * syncs or shared memory: the plain kernels): it runs in groups of any
   * size, on its own launch's units. */
  bool agnostic;
  unsigned level, order;
  bool *written;  /* per kernel parameter */
} stage;

typedef VTC_VEC(stage) stage_vec;

/* What merging needs to know of a kernel, from one walk. */
typedef struct kernel_facts {
  bool device_sync;     /* a gir.sync device of its own */
  bool uses_groups;     /* group ids or counts, block syncs or shared memory */
  int64_t shared_bytes; /* of a GPU block */
} kernel_facts;

static vtc_walk_result note_fact(vtc_op *op, void *p) {
  kernel_facts *f = p;
  int64_t shared = vtc_gir_shared_alloc_bytes(op);
  if (shared >= 0) {
    f->shared_bytes += shared;
    f->uses_groups = true;
  } else if (vtc_gir_is(op, "id") || vtc_gir_is(op, "count")) {
    f->uses_groups |= vtc_gir_id_dim(op) != VTC_GIR_DIM_UNIT;
  } else if (vtc_gir_is(op, "sync") && op->num_results == 0) {
    f->device_sync |= vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_DEVICE;
    f->uses_groups |= vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_BLOCK;
  }
  return VTC_WALK_ADVANCE;
}

static kernel_facts facts_of(vtc_op *kernel) {
  kernel_facts f = {0};
  vtc_op_walk(kernel, true, note_fact, &f);
  return f;
}

/* Host ops that may move across a launch: they neither read nor write
 * buffer contents (allocations, frees, dims, size checks, index math). */
static bool movable(vtc_op *op) {
  if (vtc_gir_is(op, "alloc") || vtc_gir_is(op, "free") || vtc_gir_is(op, "dim") || vtc_gir_is(op, "assert"))
    return true;
  return strncmp(op->name->name, "arith.", 6) == 0 && op->num_regions == 0;
}

/* ---- cutting the host ops into runs ------------------------------------------------ */

typedef struct merger {
  t2g_state *S;
  vtc_builder *mb;
  t2g_emit *E;
  const vtc_loc *loc; /* the subprogram's */
  const char *(*name)(void *, char *, size_t);
  void *name_ctx;
  vtc_ptrmap *maybe_unlaunched; /* kernels that lost launches: erased when unused */
  t2g_merge_stats *stats;
} merger;

/* The group size of the run's kernels that depend on theirs (0: none does). */
static int64_t run_group_size(const stage_vec *run) {
  for (size_t s = 0; s < run->len; s++)
    if (!run->data[s].agnostic) return run->data[s].group_size;
  return 0;
}

/* Why a launch cannot join the run (NULL: it can). */
static const char *join_refusal(const stage_vec *run, vtc_op *kernel, const kernel_facts *f, int64_t run_shared) {
  if (f->device_sync) return "a kernel with device barriers of its own";
  if (!run->len) return NULL;
  vtc_op *first = run->data[0].kernel;
  if (vtc_gir_kernel_hierarchy(first) != vtc_gir_kernel_hierarchy(kernel) ||
      vtc_gir_kernel_lanes(first) != vtc_gir_kernel_lanes(kernel))
    return "a kernel of another hierarchy or lanes";
  int64_t g = run_group_size(run);
  if (f->uses_groups && g && g != vtc_gir_kernel_group_size(kernel))
    return "a kernel of another group size that uses its groups (block barriers, shared memory)";
  if (vtc_gir_kernel_hierarchy(kernel) == VTC_GIR_HIER_GPU && f->shared_bytes + run_shared > VTC_GIR_MAX_SHARED_BYTES)
    return "the stages' shared memory would exceed a block's";
  return NULL;
}

/* ---- hazards and levels ------------------------------------------------------------ */

/* Whether stage t (earlier) and s touch one buffer, one of them writing it. */
static bool conflict(const stage *t, const stage *s) {
  unsigned nt = vtc_gir_launch_num_args(t->launch), ns = vtc_gir_launch_num_args(s->launch);
  for (unsigned i = 0; i < nt; i++) {
    vtc_value *a = vtc_gir_launch_arg(t->launch, i);
    if (!vtc_gir_is_buffer(a->type)) continue;
    for (unsigned j = 0; j < ns; j++)
      if (vtc_gir_launch_arg(s->launch, j) == a && (t->written[i] || s->written[j])) return true;
  }
  return false;
}

/* Each stage's level: one more than the deepest earlier stage it conflicts with. */
static void assign_levels(stage_vec *run) {
  for (size_t s = 0; s < run->len; s++) {
    stage *st = &run->data[s];
    st->level = 0;
    for (size_t t = 0; t < s; t++)
      if (run->data[t].level + 1 > st->level && conflict(&run->data[t], st)) st->level = run->data[t].level + 1;
  }
}

static int by_level(const void *a, const void *b) {
  const stage *x = a, *y = b;
  if (x->level != y->level) return x->level < y->level ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* ---- the merged kernel ------------------------------------------------------------- */

typedef struct params {
  VTC_VEC(vtc_value *) values; /* host values passed, in first-use order */
  vtc_ptrmap index;            /* value -> position + 1 */
} params;

static unsigned param_of(params *P, vtc_value *v) {
  uintptr_t i = (uintptr_t)vtc_ptrmap_get(&P->index, v);
  if (i) return (unsigned)i - 1;
  VTC_VEC_PUSH(&P->values, v);
  vtc_ptrmap_put(&P->index, v, (void *)(uintptr_t)P->values.len);
  return (unsigned)P->values.len - 1;
}

typedef struct count_fix {
  vtc_value *units, *groups;
} count_fix;

/* gir.count unit|group inside a cloned stage read the stage's own launch. */
static vtc_walk_result fix_counts(vtc_op *op, void *p) {
  count_fix *f = p;
  if (!vtc_gir_is(op, "count")) return VTC_WALK_ADVANCE;
  vtc_gir_dim d = vtc_gir_id_dim(op);
  if (d == VTC_GIR_DIM_UNIT_IN_GROUP) return VTC_WALK_ADVANCE;
  vtc_value_replace_all_uses(vtc_op_result(op, 0), d == VTC_GIR_DIM_UNIT ? f->units : f->groups);
  vtc_op_erase(op);
  return VTC_WALK_ADVANCE;
}

/* Stage st's body at E->at, its parameters the merged kernel's. */
static void clone_stage(merger *M, params *P, vtc_op *merged, const stage *st, t2g_emit *E, vtc_value *group_id,
                        vtc_value *unit_id, bool guard) {
  vtc_block *kb = vtc_gir_kernel_body(merged);
  vtc_value *groups = st->groups >= 0 ? t2g_cidx(E, st->groups)
                                      : kb->args[param_of(P, vtc_gir_launch_groups(st->launch))];
  count_fix fix = {.units = t2g_muli(E, groups, t2g_cidx(E, st->group_size)), .groups = groups};
  vtc_builder saved = E->at;
  vtc_op *loop = NULL;
  if (guard) {
    /* A group-agnostic stage runs on its own units, in whatever groups they
     * fall (no block barrier in it); another on its own groups. */
    vtc_value *in = st->agnostic ? t2g_cmpi(E, VTC_CMPI_ULT, unit_id, fix.units)
                                 : t2g_cmpi(E, VTC_CMPI_ULT, group_id, groups);
    vtc_value *trips = t2g_select(E, in, t2g_cidx(E, 1), t2g_cidx(E, 0));
    loop = vtc_gir_build_for(&E->at, M->loc, t2g_cidx(E, 0), trips, t2g_cidx(E, 1), 0, NULL);
    E->at = vtc_builder_at_end(M->S->ctx, vtc_gir_for_body(loop));
  }
  vtc_mapping *map = vtc_mapping_create();
  vtc_block *sb = vtc_gir_kernel_body(st->kernel);
  for (unsigned i = 0; i < sb->num_args; i++)
    vtc_mapping_map_value(map, sb->args[i], kb->args[param_of(P, vtc_gir_launch_arg(st->launch, i))]);
  VTC_VEC(vtc_op *) cloned = {0};
  for (vtc_op *op = sb->first; op; op = op->next) {
    if (vtc_gir_is(op, "return")) break;
    vtc_op *c = vtc_op_clone(op, map);
    for (unsigned r = 0; r < op->num_results; r++) vtc_mapping_map_value(map, vtc_op_result(op, r), vtc_op_result(c, r));
    vtc_builder_insert_op(&E->at, c);
    VTC_VEC_PUSH(&cloned, c);
  }
  /* Only once every use is cloned: a count's clone is erased here. */
  for (size_t i = 0; i < cloned.len; i++) vtc_op_walk(cloned.data[i], false, fix_counts, &fix);
  VTC_VEC_FREE(&cloned);
  vtc_mapping_destroy(map);
  if (loop) vtc_gir_build_yield(&E->at, M->loc, 0, NULL);
  E->at = saved;
}

/* Groups of the merged kernel's size G that a stage of static groups needs. */
static int64_t merged_groups(const stage *st, int64_t G) {
  return st->agnostic ? (st->groups * st->group_size + G - 1) / G : st->groups;
}

/* The merged kernel of a run (sorted by level) and its parameters. */
static vtc_op *build_merged(merger *M, stage_vec *run, params *P, const char *name) {
  vtc_context *ctx = M->S->ctx;
  /* Parameters: every launch argument, then the dynamic group counts. */
  for (size_t s = 0; s < run->len; s++) {
    vtc_op *l = run->data[s].launch;
    for (unsigned i = 0; i < vtc_gir_launch_num_args(l); i++) param_of(P, vtc_gir_launch_arg(l, i));
  }
  int64_t G = run_group_size(run), gmax = 0;
  if (!G) G = run->data[0].group_size;
  bool all_static = true;
  for (size_t s = 0; s < run->len; s++) {
    if (run->data[s].groups < 0) {
      all_static = false;
      param_of(P, vtc_gir_launch_groups(run->data[s].launch));
    } else if (merged_groups(&run->data[s], G) > gmax) {
      gmax = merged_groups(&run->data[s], G);
    }
  }
  const vtc_type **types = vtc_xcalloc(P->values.len + 1, sizeof *types);
  for (size_t i = 0; i < P->values.len; i++) types[i] = P->values.data[i]->type;
  vtc_op *first = run->data[0].kernel;
  vtc_op *k = vtc_gir_build_kernel(M->mb, M->loc, name, (unsigned)P->values.len, types,
                                   vtc_gir_kernel_hierarchy(first), G, vtc_gir_kernel_lanes(first));
  free(types);
  t2g_emit E;
  t2g_emit_init(&E, ctx, M->loc, vtc_gir_kernel_body(k));
  E.at = vtc_builder_at_end(ctx, vtc_gir_kernel_body(k));
  vtc_value *group_id = vtc_gir_build_id(&E.at, M->loc, VTC_GIR_DIM_GROUP);
  vtc_value *unit_id = vtc_gir_build_id(&E.at, M->loc, VTC_GIR_DIM_UNIT);
  for (size_t s = 0; s < run->len; s++) {
    const stage *st = &run->data[s];
    if (s && st->level != run->data[s - 1].level) {
      vtc_gir_build_sync(&E.at, M->loc, VTC_GIR_SCOPE_DEVICE, 0, NULL);
      M->stats->device_barriers++;
    }
    bool exact = all_static && st->groups * st->group_size == gmax * G;
    clone_stage(M, P, k, st, &E, group_id, unit_id, !exact);
  }
  vtc_gir_build_return(&E.at, M->loc);
  if (!vtc_value_has_uses(group_id)) vtc_op_erase(group_id->def_op);
  if (!vtc_value_has_uses(unit_id)) vtc_op_erase(unit_id->def_op);
  t2g_emit_drop_unused_consts(&E);
  t2g_emit_free(&E);
  return k;
}

/* The run's launches (consecutive now) become one launch of `merged`. */
static void replace_launches(merger *M, stage_vec *run, params *P, vtc_op *merged, const char *name,
                             vtc_op *first_launch) {
  t2g_emit *E = M->E;
  E->at = vtc_builder_before(first_launch);
  int64_t G = vtc_gir_kernel_group_size(merged);
  vtc_value *gmax = NULL;
  for (size_t s = 0; s < run->len; s++) {
    const stage *st = &run->data[s];
    vtc_value *g = vtc_gir_launch_groups(st->launch);
    if (st->agnostic && st->group_size != G)
      g = t2g_ceildivui(E, t2g_muli(E, g, t2g_cidx(E, st->group_size)), t2g_cidx(E, G));
    if (!gmax) gmax = g;
    if (g == gmax) continue;
    int64_t a, b;
    if (t2g_const_int(g, &a) && t2g_const_int(gmax, &b)) gmax = a > b ? g : gmax;
    else gmax = t2g_select(E, t2g_cmpi(E, VTC_CMPI_ULT, gmax, g), g, gmax);
  }
  vtc_gir_build_launch(&E->at, M->loc, name, gmax, (unsigned)P->values.len, P->values.data);
  for (size_t s = 0; s < run->len; s++) {
    vtc_ptrmap_put(M->maybe_unlaunched, run->data[s].kernel, (void *)1);
    vtc_op_erase(run->data[s].launch);
  }
}

/* Moves the movable host ops between the run's first and last launch out
 * of the way: allocations, dims, checks and index math before the first,
 * frees after the last. */
static void gather_run(stage_vec *run) {
  vtc_op *first = run->data[0].launch, *last = run->data[run->len - 1].launch;
  vtc_op *after = last;
  for (vtc_op *op = first->next, *next; op && op != last; op = next) {
    next = op->next;
    if (vtc_gir_is(op, "launch")) continue;
    vtc_op_remove(op);
    if (vtc_gir_is(op, "free")) {
      vtc_block_insert_after(after, op);
      after = op;
    } else {
      vtc_block_insert_before(first, op);
    }
  }
}

static void free_run(stage_vec *run) {
  for (size_t s = 0; s < run->len; s++) free(run->data[s].written);
  run->len = 0;
}

static void merge_run(merger *M, stage_vec *run) {
  if (run->len < 2) {
    free_run(run);
    return;
  }
  gather_run(run);
  vtc_op *first_launch = run->data[0].launch;
  assign_levels(run);
  for (size_t s = 0; s < run->len; s++) run->data[s].order = (unsigned)s;
  qsort(run->data, run->len, sizeof *run->data, by_level);
  char name[256];
  M->name(M->name_ctx, name, sizeof name);
  params P = {0};
  vtc_op *merged = build_merged(M, run, &P, name);
  replace_launches(M, run, &P, merged, name, first_launch);
  M->stats->merged_kernels++;
  M->stats->merged_stages += run->len;
  VTC_VEC_FREE(&P.values);
  vtc_ptrmap_free(&P.index);
  free_run(run);
}

static void cut(merger *M, stage_vec *run, const char *why, vtc_op *at) {
  if (run->len) {
    vtc_remark(M->S->ctx, at->loc, "lower-te-to-gir: the subprogram's kernel is cut here: %s", why);
    M->stats->cuts++;
  }
  merge_run(M, run);
}

void t2g_merge_subprogram(t2g_state *S, vtc_builder *mb, t2g_emit *E, vtc_op *begin, vtc_op *end,
                          const char *(*name)(void *, char *, size_t), void *name_ctx, vtc_ptrmap *maybe_unlaunched,
                          t2g_merge_stats *stats) {
  merger M = {.S = S, .mb = mb, .E = E, .loc = begin->loc, .name = name, .name_ctx = name_ctx,
              .maybe_unlaunched = maybe_unlaunched, .stats = stats};
  stage_vec run = {0};
  int64_t run_shared = 0;
  for (vtc_op *op = begin->next; op && op != end; op = op->next) {
    if (movable(op)) continue;
    if (!vtc_gir_is(op, "launch")) {
      cut(&M, &run, vtc_gir_is(op, "switch") ? "a run-time choice of kernel (gir.switch on a dynamic size)"
                                             : "a host op that is not a launch",
          op);
      run_shared = 0;
      continue;
    }
    vtc_op *kernel = vtc_gir_launch_lookup_kernel(op);
    if (!kernel) {
      cut(&M, &run, "a launch of an unknown kernel", op);
      run_shared = 0;
      continue;
    }
    kernel_facts f = facts_of(kernel);
    const char *why = join_refusal(&run, kernel, &f, run_shared);
    if (why) {
      cut(&M, &run, why, op);
      run_shared = 0;
      if (f.device_sync) continue;
    }
    stage st = {.launch = op, .kernel = kernel, .groups = -1, .group_size = vtc_gir_kernel_group_size(kernel),
                .agnostic = !f.uses_groups};
    t2g_const_int(vtc_gir_launch_groups(op), &st.groups);
    unsigned np = vtc_gir_kernel_body(kernel)->num_args;
    st.written = vtc_xcalloc(np + 1, sizeof *st.written);
    vtc_gir_kernel_written_params(kernel, st.written);
    VTC_VEC_PUSH(&run, st);
    run_shared += f.shared_bytes;
  }
  /* Launches are erased as runs merge: walk no further than here. */
  merge_run(&M, &run);
  VTC_VEC_FREE(&run);
}
