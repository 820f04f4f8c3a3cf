/* graph-batch-matmuls: Souffle's horizontal transformation (6.1, Fig. 3)
 * for contractions that share an input, done on graph ops so that the
 * merged contraction is still one matmul (Vortex's rKernel) rather than a
 * select of products. Matmuls that read the same right operand (a weight)
 * and do not depend on one another become
 *
 *   %a = graph.concat %a_1, ..., %a_n {axis = 0}      rows stacked
 *   %p = graph.matmul %a, %w                          the weight read once
 *   %r_i = graph.slice %p {axes = [0], ...}           each old result
 *
 * An unrolled RNN is the case it is for: lstm-stack's x_t W_l of the 100
 * steps of a layer are 100 GEMVs of the same 1 MB W_l, one GEMM after.
 * (DyNet's autobatching does the same for any independent ops of one
 * signature; TVM's CombineParallelDense is the mirror, a shared left
 * operand.) The function's ops are then put in a topological order that
 * keeps the program order wherever the dependences allow: the merged
 * matmul runs once its last left operand exists (for the LSTM: layer by
 * layer instead of step by step).
 *
 * Choices where the paper is silent:
 * - Independence is reachability in the function's dataflow graph: a group
 *   is built greedily in program order, a matmul joining when no member is
 *   among its ancestors, so a group is an antichain and merging it keeps the
 *   graph acyclic; ancestors are recomputed after each merge.
 * - Operands: rank 2, static shapes, one element type (batched and dynamic
 *   matmuls are left as they are).
 * - A function that donates an argument's buffer (in-place results) is
 *   left in its program order, and a function whose ops have regions too:
 *   the reordering reasons about top-level operands only.
 * Statistics count groups, matmuls merged and refusals by reason; remarks
 * (remarks=true) name the group's first matmul. */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"
#include "ir/ir.h"
#include "ir/ptrmap.h"
#include "passes/graph/graph_passes.h"

typedef struct options {
  int64_t min_group;
  bool remarks;
} options;

enum { STAT_GROUPS, STAT_MERGED, STAT_SKIPPED_FUNCS };

static const char *const statistics[] = {"groups merged", "matmuls merged",
                                         "functions skipped: donated buffers or nested regions", NULL};

/* A rank-2 static matmul [m, k] x [k, n] of one element type. */
static bool is_candidate(vtc_op *op) {
  if (!vtc_op_is_named(op, "graph.matmul") || op->num_operands != 2 || op->num_results != 1) return false;
  const vtc_type *a = vtc_op_operand(op, 0)->type, *b = vtc_op_operand(op, 1)->type;
  const vtc_type *r = vtc_op_result(op, 0)->type;
  const vtc_type *const ts[3] = {a, b, r};
  for (int i = 0; i < 3; i++)
    if (!vtc_type_is_tensor(ts[i]) || ts[i]->rank != 2 || !vtc_tensor_has_static_shape(ts[i])) return false;
  return a->element == b->element && a->element == r->element;
}

/* ---- the function's dataflow graph ------------------------------------------------------ */

/* The ops of one block (terminator excluded), their positions, and for each
 * op the set of candidate matmuls among its ancestors (bitsets; the ops must
 * be in a topological order when they are built). */
typedef struct dataflow {
  vtc_op **ops;
  size_t num_ops;
  vtc_ptrmap index; /* op -> position + 1 */
  vtc_op **cands;   /* candidate matmuls, in program order */
  size_t num_cands, words;
  uint64_t *anc;    /* num_ops x words */
} dataflow;

static size_t position(const dataflow *g, const vtc_op *op) {
  return (size_t)(uintptr_t)vtc_ptrmap_get(&g->index, op) - 1;
}

/* The in-block op that defines v, or NULL (an argument, or outside). */
static vtc_op *in_block_def(const dataflow *g, const vtc_value *v) {
  return v->def_op && vtc_ptrmap_contains(&g->index, v->def_op) ? v->def_op : NULL;
}

static void dataflow_free(dataflow *g) {
  free(g->ops), free(g->cands), free(g->anc);
  vtc_ptrmap_free(&g->index);
  memset(g, 0, sizeof *g);
}

/* The block's ops (terminator excluded) and their positions: all the
 * reordering needs. */
static void dataflow_index(dataflow *g, vtc_block *block) {
  dataflow_free(g);
  vtc_op *term = vtc_block_terminator(block);
  for (vtc_op *op = block->first; op; op = op->next) g->num_ops += op != term;
  g->ops = vtc_xcalloc(g->num_ops + 1, sizeof *g->ops);
  size_t n = 0;
  for (vtc_op *op = block->first; op; op = op->next)
    if (op != term) {
      g->ops[n] = op;
      vtc_ptrmap_put(&g->index, op, (void *)(uintptr_t)(n + 1));
      n++;
    }
}

/* The candidates and each op's candidate ancestors, in one sweep over the
 * ops in their (topological) order. Only matmuls whose weight another
 * matmul shares are tracked: the bitsets stay small in a model whose
 * weights are read once. */
static void dataflow_build(dataflow *g, vtc_block *block) {
  dataflow_index(g, block);
  g->cands = vtc_xcalloc(g->num_ops + 1, sizeof *g->cands);
  vtc_ptrmap cand_index = {0}, weight_users = {0};
  for (size_t i = 0; i < g->num_ops; i++)
    if (is_candidate(g->ops[i])) {
      vtc_value *w = vtc_op_operand(g->ops[i], 1);
      vtc_ptrmap_put(&weight_users, w, (void *)((uintptr_t)vtc_ptrmap_get(&weight_users, w) + 1));
      g->cands[g->num_cands++] = g->ops[i];
    }
  size_t kept = 0;
  for (size_t c = 0; c < g->num_cands; c++)
    if ((uintptr_t)vtc_ptrmap_get(&weight_users, vtc_op_operand(g->cands[c], 1)) > 1) {
      g->cands[kept++] = g->cands[c];
      vtc_ptrmap_put(&cand_index, g->cands[c], (void *)(uintptr_t)kept);
    }
  g->num_cands = kept;
  g->words = (g->num_cands + 63) / 64;
  g->anc = vtc_xcalloc(g->num_ops * g->words + 1, sizeof *g->anc);
  for (size_t i = 0; i < g->num_ops; i++) {
    uint64_t *mine = g->anc + i * g->words;
    vtc_op *op = g->ops[i];
    for (unsigned k = 0; k < op->num_operands; k++) {
      vtc_op *def = in_block_def(g, vtc_op_operand(op, k));
      if (!def) continue;
      const uint64_t *theirs = g->anc + position(g, def) * g->words;
      for (size_t w = 0; w < g->words; w++) mine[w] |= theirs[w];
      size_t c = (size_t)(uintptr_t)vtc_ptrmap_get(&cand_index, def);
      if (c) mine[(c - 1) / 64] |= 1ull << ((c - 1) % 64);
    }
  }
  vtc_ptrmap_free(&cand_index);
  vtc_ptrmap_free(&weight_users);
}

static bool is_ancestor(const dataflow *g, size_t cand, const vtc_op *op) {
  return g->anc[position(g, op) * g->words + cand / 64] >> (cand % 64) & 1;
}

/* ---- finding and merging a group --------------------------------------------------------- */

/* The first group of at least min_group independent candidates that share
 * their weight: *count members into group (program order). */
static bool find_group(const dataflow *g, int64_t min_group, vtc_op **group, size_t *count, size_t *member_ids) {
  bool *taken = vtc_xcalloc(g->num_cands + 1, sizeof *taken);
  bool found = false;
  for (size_t first = 0; first < g->num_cands && !found; first++) {
    if (taken[first]) continue;
    vtc_value *w = vtc_op_operand(g->cands[first], 1);
    size_t n = 0;
    for (size_t c = first; c < g->num_cands; c++) {
      vtc_op *m = g->cands[c];
      if (vtc_op_operand(m, 1) != w) continue;
      bool independent = true;
      for (size_t j = 0; j < n && independent; j++) independent = !is_ancestor(g, member_ids[j], m);
      if (!independent) continue;
      member_ids[n] = c, group[n++] = m;
      taken[c] = true;
    }
    found = (int64_t)n >= min_group;
    *count = n;
  }
  free(taken);
  return found;
}

/* concat -> matmul -> slices before the block's terminator (the reordering
 * puts them in place); the members' results replaced and the members erased. */
static void merge_group(vtc_context *ctx, vtc_block *block, vtc_op **group, size_t n) {
  vtc_value *w = vtc_op_operand(group[0], 1);
  const vtc_type *elem = w->type->element;
  int64_t k = vtc_tensor_dim(w->type, 0), cols = vtc_tensor_dim(w->type, 1), rows = 0;
  vtc_value **lhs = vtc_xcalloc(n, sizeof *lhs);
  int64_t *rows_of = vtc_xcalloc(n, sizeof *rows_of);
  const vtc_type **types = vtc_xcalloc(n, sizeof *types);
  for (size_t i = 0; i < n; i++) {
    lhs[i] = vtc_op_operand(group[i], 0);
    rows_of[i] = vtc_tensor_dim(lhs[i]->type, 0);
    types[i] = vtc_op_result(group[i], 0)->type;
    rows += rows_of[i];
  }
  vtc_builder b = vtc_builder_before(vtc_block_terminator(block));
  const vtc_loc *loc = group[0]->loc;
  int64_t a_dims[2] = {rows, k}, p_dims[2] = {rows, cols};
  vtc_named_attr axis0 = {"axis", vtc_attr_i64(ctx, 0)};
  vtc_op *cat = vtc_builder_create(&b, "graph.concat", loc, (unsigned)n, lhs,
                                   vtc_type_tensor(ctx, 2, a_dims, elem, NULL), 1, &axis0);
  vtc_value *mm_operands[2] = {vtc_op_result(cat, 0), w};
  vtc_op *mm = vtc_builder_create(&b, "graph.matmul", loc, 2, mm_operands, vtc_type_tensor(ctx, 2, p_dims, elem, NULL),
                                  0, NULL);
  /* Slices rather than one graph.split: a split has at most VTC_MAX_RANK
   * parts, and VTC makes either a view. */
  int64_t start = 0, axis = 0;
  for (size_t i = 0; i < n; i++) {
    int64_t end = start + rows_of[i];
    vtc_named_attr slice_attrs[3] = {{"axes", vtc_attr_i64_array(ctx, 1, &axis)},
                                     {"ends", vtc_attr_i64_array(ctx, 1, &end)},
                                     {"starts", vtc_attr_i64_array(ctx, 1, &start)}};
    vtc_value *product = vtc_op_result(mm, 0);
    vtc_op *part = vtc_builder_create(&b, "graph.slice", loc, 1, &product, types[i], 3, slice_attrs);
    vtc_value_replace_all_uses(vtc_op_result(group[i], 0), vtc_op_result(part, 0));
    vtc_op_erase(group[i]);
    start = end;
  }
  free(lhs), free(rows_of), free(types);
}

/* ---- the reordering ---------------------------------------------------------------------- */

/* A binary min-heap of op positions. */
typedef struct heap {
  size_t *v, n;
} heap;

static void heap_push(heap *h, size_t x) {
  size_t i = h->n++;
  for (; i && h->v[(i - 1) / 2] > x; i = (i - 1) / 2) h->v[i] = h->v[(i - 1) / 2];
  h->v[i] = x;
}

static size_t heap_pop(heap *h) {
  size_t top = h->v[0], x = h->v[--h->n], i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && h->v[c + 1] < h->v[c]) c++;
    if (h->v[c] >= x) break;
    h->v[i] = h->v[c], i = c;
  }
  if (h->n) h->v[i] = x;
  return top;
}

/* Kahn's algorithm, the ready op earliest in the current order first: the
 * order of a block that is already topological does not change. */
static void reorder_topologically(dataflow *g, vtc_block *block) {
  size_t *waiting = vtc_xcalloc(g->num_ops + 1, sizeof *waiting);
  heap h = {vtc_xcalloc(g->num_ops + 1, sizeof(size_t)), 0};
  for (size_t i = 0; i < g->num_ops; i++) {
    vtc_op *op = g->ops[i];
    for (unsigned k = 0; k < op->num_operands; k++) waiting[i] += in_block_def(g, vtc_op_operand(op, k)) != NULL;
    if (!waiting[i]) heap_push(&h, i);
  }
  vtc_op *term = vtc_block_terminator(block);
  while (h.n) {
    vtc_op *op = g->ops[heap_pop(&h)];
    vtc_op_remove(op);
    vtc_block_insert_before(term, op);
    for (unsigned r = 0; r < op->num_results; r++)
      for (vtc_use *u = vtc_op_result(op, r)->first_use; u; u = u->next) {
        if (!vtc_ptrmap_contains(&g->index, u->owner)) continue;
        size_t j = position(g, u->owner);
        if (--waiting[j] == 0) heap_push(&h, j);
      }
  }
  free(waiting), free(h.v);
}

/* ---- the pass ---------------------------------------------------------------------------- */

static bool reorderable(vtc_op *func, vtc_block *block) {
  for (unsigned i = 0; i < block->num_args; i++)
    if (vtc_func_donated_result(func, i) >= 0) return false;
  for (vtc_op *op = block->first; op; op = op->next)
    if (op->num_regions) return false;
  return true;
}

static bool run_function(vtc_pass_context *pc, const options *opt, vtc_op *func) {
  vtc_region *body = func->num_regions ? vtc_op_region(func, 0) : NULL;
  vtc_block *block = body ? body->first : NULL;
  if (!block || block != body->last || !vtc_block_terminator(block)) return false;
  vtc_context *ctx = vtc_op_context(func);
  dataflow g = {0};
  dataflow_build(&g, block);
  vtc_op **group = vtc_xcalloc(g.num_cands + 1, sizeof *group);
  size_t *ids = vtc_xcalloc(g.num_cands + 1, sizeof *ids), n = 0;
  bool merged = false, found = find_group(&g, opt->min_group, group, &n, ids);
  if (found && !reorderable(func, block)) {
    vtc_pass_stat_add(pc, STAT_SKIPPED_FUNCS, 1);
    if (opt->remarks)
      vtc_remark(ctx, func->loc, "graph-batch-matmuls: not merged: the function donates a buffer or has ops with "
                                 "regions, whose order this pass does not change");
    found = false;
  }
  while (found) {
    if (opt->remarks)
      vtc_remark(ctx, group[0]->loc, "graph-batch-matmuls: %zu independent matmuls of this weight merged into one",
                 n);
    vtc_pass_stat_add(pc, STAT_GROUPS, 1);
    vtc_pass_stat_add(pc, STAT_MERGED, n);
    merge_group(ctx, block, group, n);
    merged = true;
    dataflow_index(&g, block);
    reorder_topologically(&g, block);
    dataflow_build(&g, block);
    found = find_group(&g, opt->min_group, group, &n, ids);
  }
  free(group), free(ids);
  dataflow_free(&g);
  return merged;
}

static bool run(vtc_pass_context *pc, vtc_op *root, const void *options_) {
  const options *opt = options_;
  if (opt->min_group < 2)
    return vtc_error(vtc_pass_context_ctx(pc), root->loc, "graph-batch-matmuls: min-group must be >= 2");
  size_t n = 0;
  vtc_op **funcs = vtc_func_collect(root, &n);
  bool changed = false;
  for (size_t i = 0; i < n; i++) changed |= run_function(pc, opt, funcs[i]);
  free(funcs);
  if (!changed) vtc_pass_mark_unchanged(pc);
  return true;
}

static const vtc_pass_option batch_options[] = {
    {"min-group", VTC_OPTION_INT, "2", "merge groups of at least this many matmuls", offsetof(options, min_group),
     NULL},
    {"remarks", VTC_OPTION_BOOL, "false", "a remark at each merged group's first matmul",
     offsetof(options, remarks), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_graph_batch_matmuls_pass = {
    .name = "graph-batch-matmuls",
    .summary = "Souffle 6.1 (Fig. 3) on graph ops: independent matmuls sharing a weight become concat, one matmul, "
               "slices; ops reordered topologically",
    .options_size = sizeof(options),
    .options = batch_options,
    .run = run,
    .statistics = statistics,
};
