/* Pattern sets, the rewriter and the greedy rewrite driver, as MLIR's
 * GreedyPatternRewriteDriver: a deduplicated worklist, trivially-dead op
 * erasure, folding through op fold hooks with an OperationFolder-like
 * constant table (constants uniqued and hoisted per isolated region), and
 * patterns by decreasing benefit, in sweeps until nothing changes. */
#include "ir/rewrite.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context_impl.h"
#include "ir/ptrmap.h"
#include "ir/support.h"

/* ---- pattern sets -------------------------------------------------------- */

struct vtc_pattern_set {
  vtc_context *ctx;
  VTC_VEC(const vtc_pattern *) patterns; /* insertion order */
  /* Built on first use: per op name (interned), the patterns that apply, in
   * decreasing benefit (stable), as a NULL-terminated heap array. */
  vtc_ptrmap by_name;
  const vtc_pattern **sorted;
  const char **sorted_roots; /* interned roots of sorted[], NULL = any op */
  size_t num_sorted;
};

vtc_pattern_set *vtc_pattern_set_create(vtc_context *ctx) {
  vtc_pattern_set *set = vtc_xcalloc(1, sizeof *set);
  set->ctx = ctx;
  return set;
}

static void pattern_set_drop_index(vtc_pattern_set *set) {
  for (size_t i = 0; i < set->by_name.cap; i++)
    if (set->by_name.keys[i] > VTC_PTRMAP_DELETED) free(set->by_name.vals[i]);
  vtc_ptrmap_free(&set->by_name);
  free(set->sorted);
  free(set->sorted_roots);
  set->sorted = NULL;
  set->sorted_roots = NULL;
  set->num_sorted = 0;
}

void vtc_pattern_set_destroy(vtc_pattern_set *set) {
  if (!set) return;
  pattern_set_drop_index(set);
  VTC_VEC_FREE(&set->patterns);
  free(set);
}

void vtc_pattern_set_add(vtc_pattern_set *set, const vtc_pattern *pattern) {
  pattern_set_drop_index(set);
  VTC_VEC_PUSH(&set->patterns, pattern);
}

void vtc_pattern_set_add_canonical(vtc_pattern_set *set) {
  vtc_context *ctx = set->ctx;
  for (size_t d = 0; d < ctx->dialects.len; d++) {
    const vtc_dialect *dialect = ctx->dialects.data[d];
    for (size_t i = 0; i < dialect->num_ops; i++)
      if (dialect->ops[i].canonical_patterns) dialect->ops[i].canonical_patterns(ctx, set);
  }
}

typedef struct sort_item {
  const vtc_pattern *p;
  size_t seq;
} sort_item;

static int compare_benefit(const void *a, const void *b) {
  const sort_item *x = a, *y = b;
  if (x->p->benefit != y->p->benefit) return x->p->benefit > y->p->benefit ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void pattern_set_build_index(vtc_pattern_set *set) {
  size_t n = set->patterns.len;
  sort_item *items = vtc_xcalloc(n ? n : 1, sizeof *items);
  for (size_t i = 0; i < n; i++) items[i] = (sort_item){set->patterns.data[i], i};
  qsort(items, n, sizeof *items, compare_benefit);
  set->sorted = vtc_xcalloc(n ? n : 1, sizeof *set->sorted);
  set->sorted_roots = vtc_xcalloc(n ? n : 1, sizeof *set->sorted_roots);
  for (size_t i = 0; i < n; i++) {
    set->sorted[i] = items[i].p;
    set->sorted_roots[i] = items[i].p->root ? vtc_str(set->ctx, items[i].p->root) : NULL;
  }
  set->num_sorted = n;
  free(items);
}

/* The patterns for ops named `name` (interned): root-specific and any-op
 * patterns merged by benefit. */
static const vtc_pattern *const *patterns_for(vtc_pattern_set *set, const char *name) {
  if (!set->sorted) pattern_set_build_index(set);
  const vtc_pattern **list = vtc_ptrmap_get(&set->by_name, name);
  if (list) return list;
  size_t count = 0;
  list = vtc_xcalloc(set->num_sorted + 1, sizeof *list);
  for (size_t i = 0; i < set->num_sorted; i++)
    if (!set->sorted_roots[i] || set->sorted_roots[i] == name) list[count++] = set->sorted[i];
  vtc_ptrmap_put(&set->by_name, name, list);
  return list;
}

/* ---- constants ----------------------------------------------------------- */

const vtc_attr *vtc_op_constant_value(vtc_op *op) {
  if (!vtc_op_has_trait(op, VTC_TRAIT_CONSTANT_LIKE)) return NULL;
  return vtc_op_get_attr(op, "value");
}

const vtc_attr *vtc_value_constant(vtc_value *v) {
  return v && v->def_op ? vtc_op_constant_value(v->def_op) : NULL;
}

vtc_greedy_config vtc_greedy_config_default(void) {
  return (vtc_greedy_config){.max_iterations = 10, .fold = true, .top_down = false};
}

/* ---- the driver ---------------------------------------------------------- */

/* One uniqued constant of the folder: keyed by (insertion region, dialect,
 * value, type) through a per-attribute chain. op is NULL once erased. */
typedef struct const_entry {
  vtc_region *region;
  const char *dialect;
  const vtc_type *type;
  vtc_op *op;
  struct const_entry *next;
} const_entry;

typedef struct driver driver;

struct vtc_rewriter {
  vtc_builder builder;
  vtc_builder_listener listener;
  driver *d;
};

struct driver {
  vtc_context *ctx;
  vtc_op *root;
  vtc_pattern_set *set;
  vtc_greedy_config cfg;
  vtc_rewriter rw;
  VTC_VEC(vtc_op *) worklist; /* popped from the back; NULL = removed */
  vtc_ptrmap in_worklist;     /* op -> index + 1 */
  vtc_ptrmap const_chains;    /* attr -> const_entry* */
  vtc_ptrmap folder_owned;    /* op -> const_entry* */
  VTC_VEC(const_entry *) entries;
  bool changed;     /* in this sweep */
  bool ir_changed;  /* at all */
  vtc_greedy_stats stats;
};

static bool in_scope(driver *d, vtc_op *op) {
  return op->parent && op != d->root && vtc_op_is_ancestor(d->root, op);
}

static void wl_add(driver *d, vtc_op *op) {
  if (!d || !op || vtc_ptrmap_contains(&d->in_worklist, op) || !in_scope(d, op)) return;
  VTC_VEC_PUSH(&d->worklist, op);
  vtc_ptrmap_put(&d->in_worklist, op, (void *)(uintptr_t)d->worklist.len);
}

static void wl_remove(driver *d, vtc_op *op) {
  void *v;
  if (!vtc_ptrmap_lookup(&d->in_worklist, op, &v)) return;
  d->worklist.data[(uintptr_t)v - 1] = NULL;
  vtc_ptrmap_remove(&d->in_worklist, op);
}

static vtc_op *wl_pop(driver *d) {
  while (d->worklist.len) {
    vtc_op *op = d->worklist.data[--d->worklist.len];
    if (op) {
      vtc_ptrmap_remove(&d->in_worklist, op);
      return op;
    }
  }
  return NULL;
}

static void add_users(driver *d, vtc_value *v) {
  for (vtc_use *u = v->first_use; u; u = u->next) wl_add(d, u->owner);
}

static void add_tree(driver *d, vtc_op *op) {
  wl_add(d, op);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) add_tree(d, o);
}

/* Drops every reference the driver holds to op and the ops nested in it. */
static void forget_tree(driver *d, vtc_op *op) {
  wl_remove(d, op);
  const_entry *e = vtc_ptrmap_get(&d->folder_owned, op);
  if (e) {
    e->op = NULL;
    vtc_ptrmap_remove(&d->folder_owned, op);
  }
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) forget_tree(d, o);
}

/* The defining ops of values used in op's tree but defined outside it: they
 * may become dead once op goes. */
static void add_outside_defs(driver *d, vtc_op *top, vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_op *def = op->operands[i].value ? op->operands[i].value->def_op : NULL;
    if (def && !vtc_op_is_ancestor(top, def)) wl_add(d, def);
  }
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) add_outside_defs(d, top, o);
}

static void on_inserted(vtc_op *op, void *data) {
  driver *d = data;
  d->ir_changed = true;
  add_tree(d, op);
}

/* ---- the rewriter -------------------------------------------------------- */

vtc_builder *vtc_rewriter_builder(vtc_rewriter *rw) { return &rw->builder; }
vtc_context *vtc_rewriter_context(vtc_rewriter *rw) { return rw->builder.ctx; }
void vtc_rewriter_set_before(vtc_rewriter *rw, vtc_op *op) { vtc_builder_set_before(&rw->builder, op); }

void vtc_rewriter_erase_op(vtc_rewriter *rw, vtc_op *op) {
  driver *d = rw->d;
  if (d) {
    add_outside_defs(d, op, op);
    forget_tree(d, op);
    d->stats.erased++;
    d->ir_changed = true;
  }
  vtc_op_erase(op);
}

void vtc_rewriter_replace_all_uses(vtc_rewriter *rw, vtc_value *from, vtc_value *to) {
  if (from == to) return;
  if (rw->d) {
    add_users(rw->d, from);
    rw->d->ir_changed = true;
  }
  vtc_value_replace_all_uses(from, to);
}

void vtc_rewriter_replace_op(vtc_rewriter *rw, vtc_op *op, vtc_value *const *values) {
  for (unsigned i = 0; i < op->num_results; i++) vtc_rewriter_replace_all_uses(rw, &op->results[i], values[i]);
  vtc_rewriter_erase_op(rw, op);
}

void vtc_rewriter_modified(vtc_rewriter *rw, vtc_op *op) {
  if (!rw->d) return;
  rw->d->ir_changed = true;
  wl_add(rw->d, op);
}

/* ---- the folder ---------------------------------------------------------- */

/* Where constants for an op in block b go: the entry block of the nearest
 * enclosing region whose op is isolated from above, unregistered (it might
 * be), top-level, or the driver's root, as MLIR's OperationFolder. */
static vtc_region *insertion_region(driver *d, vtc_block *b) {
  for (;;) {
    vtc_region *r = b->parent;
    vtc_op *p = r->parent;
    if (!p || p == d->root || !p->parent || !p->name->def ||
        (p->name->def->traits & VTC_TRAIT_ISOLATED_FROM_ABOVE))
      return r;
    b = p->parent;
  }
}

static const_entry *lookup_const(driver *d, vtc_region *r, const char *dialect, const vtc_attr *value,
                                 const vtc_type *type) {
  for (const_entry *e = vtc_ptrmap_get(&d->const_chains, value); e; e = e->next)
    if (e->op && e->region == r && e->dialect == dialect && e->type == type) return e;
  return NULL;
}

static void record_const(driver *d, vtc_region *r, const char *dialect, const vtc_attr *value,
                         const vtc_type *type, vtc_op *op) {
  const_entry *e = vtc_xcalloc(1, sizeof *e);
  *e = (const_entry){r, dialect, type, op, vtc_ptrmap_get(&d->const_chains, value)};
  vtc_ptrmap_put(&d->const_chains, value, e);
  vtc_ptrmap_put(&d->folder_owned, op, e);
  VTC_VEC_PUSH(&d->entries, e);
}

static bool folder_owned(driver *d, vtc_op *op) { return op && vtc_ptrmap_contains(&d->folder_owned, op); }

static void move_to_front(driver *d, vtc_op *op, vtc_block *block) {
  d->ir_changed = true;
  vtc_op_remove(op);
  if (block->first) vtc_block_insert_before(block->first, op);
  else vtc_block_push_op(block, op);
}

/* Uniques an existing constant op: returns false when it was replaced by an
 * equal constant already known (and erased), true when kept (and hoisted to
 * its region's entry block when needed). */
static bool insert_known_constant(driver *d, vtc_op *op) {
  const vtc_attr *value = vtc_op_constant_value(op);
  if (!value || op->num_results != 1 || op->num_regions || op->num_operands) return true;
  if (folder_owned(d, op)) {
    if (op->parent->first != op && !folder_owned(d, op->prev)) move_to_front(d, op, op->parent);
    return true;
  }
  vtc_region *r = insertion_region(d, op->parent);
  const_entry *e = lookup_const(d, r, op->name->dialect, value, op->results[0].type);
  if (e) {
    vtc_value *v = &e->op->results[0];
    vtc_rewriter_replace_op(&d->rw, op, &v);
    return false;
  }
  vtc_block *entry = r->first;
  if (op->parent != entry || (entry->first != op && !folder_owned(d, op->prev))) move_to_front(d, op, entry);
  record_const(d, r, op->name->dialect, value, op->results[0].type, op);
  return true;
}

/* A constant of the folding op's dialect at the top of the insertion
 * region, reused when one exists. *created says whether it is new. */
static vtc_value *materialize(driver *d, vtc_op *op, const vtc_attr *value, const vtc_type *type,
                              bool *created) {
  *created = false;
  vtc_region *r = insertion_region(d, op->parent);
  const_entry *e = lookup_const(d, r, op->name->dialect, value, type);
  if (e) return &e->op->results[0];
  const vtc_dialect *dialect = vtc_context_get_dialect(d->ctx, op->name->dialect);
  if (!dialect || !dialect->materialize_constant) return NULL;
  vtc_builder b = {.ctx = d->ctx, .block = r->first, .before = r->first->first, .listener = &d->rw.listener};
  vtc_op *c = dialect->materialize_constant(&b, value, type, op->loc);
  if (!c) return NULL;
  if (c->num_results != 1) {
    vtc_rewriter_erase_op(&d->rw, c);
    return NULL;
  }
  *created = true;
  record_const(d, r, op->name->dialect, value, type, c);
  return &c->results[0];
}

/* Folds op: commutative constant operands moved right, then the fold hook.
 * True when the IR changed. */
static bool try_fold(driver *d, vtc_op *op) {
  if (vtc_op_has_trait(op, VTC_TRAIT_COMMUTATIVE) && op->num_operands == 2 &&
      vtc_value_constant(op->operands[0].value) && !vtc_value_constant(op->operands[1].value)) {
    vtc_value *swapped[2] = {op->operands[1].value, op->operands[0].value};
    vtc_op_set_operands(op, 2, swapped);
    d->stats.folds++;
    vtc_rewriter_modified(&d->rw, op);
    return true;
  }
  const vtc_op_def *def = op->name->def;
  if (!def || !def->fold) return false;
  unsigned nops = op->num_operands, nres = op->num_results;
  const vtc_attr **consts = vtc_xcalloc(nops ? nops : 1, sizeof *consts);
  vtc_fold_result *results = vtc_xcalloc(nres ? nres : 1, sizeof *results);
  for (unsigned i = 0; i < nops; i++) consts[i] = vtc_value_constant(op->operands[i].value);
  bool ok = def->fold(op, consts, results);
  free(consts);
  if (!ok) {
    free(results);
    return false;
  }
  unsigned self = 0;
  for (unsigned i = 0; i < nres; i++) self += results[i].value == &op->results[i];
  if (self == nres) { /* updated in place */
    free(results);
    d->stats.folds++;
    vtc_rewriter_modified(&d->rw, op);
    for (unsigned i = 0; i < nres; i++) add_users(d, &op->results[i]);
    return true;
  }
  vtc_value **values = vtc_xcalloc(nres, sizeof *values);
  VTC_VEC(vtc_op *) created = {0};
  bool failed = self != 0;
  for (unsigned i = 0; i < nres && !failed; i++) {
    if (results[i].value) {
      values[i] = results[i].value;
    } else if (results[i].attr) {
      bool is_new;
      values[i] = materialize(d, op, results[i].attr, op->results[i].type, &is_new);
      if (!values[i]) failed = true;
      else if (is_new) VTC_VEC_PUSH(&created, values[i]->def_op);
    } else {
      failed = true; /* a hook that claims success must fill every result */
    }
  }
  if (failed) {
    for (size_t i = 0; i < created.len; i++) vtc_rewriter_erase_op(&d->rw, created.data[i]);
  } else {
    d->stats.folds++;
    vtc_rewriter_replace_op(&d->rw, op, values);
  }
  VTC_VEC_FREE(&created);
  free(values);
  free(results);
  return !failed;
}

/* ---- dead ops ------------------------------------------------------------ */

static bool body_is_side_effect_free(vtc_op *op) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) {
        if (!vtc_op_has_trait(o, VTC_TRAIT_PURE | VTC_TRAIT_TERMINATOR)) return false;
        if (!body_is_side_effect_free(o)) return false;
      }
  return true;
}

/* MLIR's isOpTriviallyDead: unused results and no side effects (nested ops
 * included); terminators and unregistered ops are never dead. */
static bool is_trivially_dead(vtc_op *op) {
  if (!vtc_op_has_trait(op, VTC_TRAIT_PURE) || vtc_op_has_trait(op, VTC_TRAIT_TERMINATOR)) return false;
  for (unsigned i = 0; i < op->num_results; i++)
    if (op->results[i].first_use) return false;
  return body_is_side_effect_free(op);
}

/* ---- the main loop ------------------------------------------------------- */

static void process(driver *d, vtc_op *op) {
  if (is_trivially_dead(op)) {
    vtc_rewriter_erase_op(&d->rw, op);
    d->changed = true;
    return;
  }
  if (d->cfg.fold) {
    if (vtc_op_has_trait(op, VTC_TRAIT_CONSTANT_LIKE)) {
      if (!insert_known_constant(d, op)) {
        d->changed = true;
        return;
      }
    } else if (try_fold(d, op)) {
      d->changed = true;
      return;
    }
  }
  const vtc_pattern *const *list = patterns_for(d->set, op->name->name);
  for (; *list; list++) {
    vtc_rewriter_set_before(&d->rw, op);
    if ((*list)->match_and_rewrite(&d->rw, op)) {
      d->stats.rewrites++;
      d->changed = true;
      d->ir_changed = true;
      return;
    }
  }
}

static void collect(vtc_op *op, bool pre_order, void *vec) {
  VTC_VEC(vtc_op *) *out = vec;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) {
        if (pre_order) VTC_VEC_PUSH(out, o);
        collect(o, pre_order, vec);
        if (!pre_order) VTC_VEC_PUSH(out, o);
      }
}

/* Fills the worklist so that popping visits ops in post-order (bottom-up) or
 * pre-order (top-down); top-down also uniques constants as it goes, as MLIR. */
static void seed(driver *d) {
  VTC_VEC(vtc_op *) ops = {0};
  collect(d->root, d->cfg.top_down, &ops);
  if (d->cfg.top_down && d->cfg.fold) {
    for (size_t i = 0; i < ops.len; i++) {
      vtc_op *op = ops.data[i];
      if (op->num_regions == 0 && vtc_op_constant_value(op) && !insert_known_constant(d, op)) ops.data[i] = NULL;
    }
  }
  for (size_t i = ops.len; i-- > 0;)
    if (ops.data[i]) wl_add(d, ops.data[i]);
  VTC_VEC_FREE(&ops);
}

bool vtc_apply_patterns_greedily_stats(vtc_op *root, vtc_pattern_set *set, const vtc_greedy_config *config,
                                       bool *changed, vtc_greedy_stats *stats) {
  driver *d = vtc_xcalloc(1, sizeof *d);
  d->ctx = vtc_op_context(root);
  d->root = root;
  d->set = set;
  d->cfg = config ? *config : vtc_greedy_config_default();
  if (!d->cfg.max_iterations) d->cfg.max_iterations = 10;
  d->rw.d = d;
  d->rw.listener = (vtc_builder_listener){.op_inserted = on_inserted, .data = d};
  d->rw.builder = (vtc_builder){.ctx = d->ctx, .listener = &d->rw.listener};

  bool converged = false;
  for (unsigned iter = 0; iter < d->cfg.max_iterations; iter++) {
    d->stats.iterations++;
    d->changed = false;
    seed(d);
    /* A bound on work per sweep, so that a fold hook or pattern that keeps
     * reporting success cannot hang the driver: it shows as non-convergence. */
    size_t budget = 64 * (d->worklist.len + 16) + 100000;
    vtc_op *op;
    bool exhausted = false;
    while ((op = wl_pop(d))) {
      if (!budget--) {
        exhausted = true;
        break;
      }
      /* A pattern may have detached (not erased) an op that was queued. */
      if (!in_scope(d, op)) continue;
      process(d, op);
    }
    if (exhausted) break;
    if (!d->changed) {
      converged = true;
      break;
    }
  }
  if (changed) *changed = d->ir_changed || d->stats.rewrites || d->stats.folds || d->stats.erased;
  if (stats) {
    stats->rewrites += d->stats.rewrites;
    stats->folds += d->stats.folds;
    stats->erased += d->stats.erased;
    stats->iterations += d->stats.iterations;
  }
  VTC_VEC_FREE(&d->worklist);
  vtc_ptrmap_free(&d->in_worklist);
  vtc_ptrmap_free(&d->const_chains);
  vtc_ptrmap_free(&d->folder_owned);
  for (size_t i = 0; i < d->entries.len; i++) free(d->entries.data[i]);
  VTC_VEC_FREE(&d->entries);
  free(d);
  return converged;
}

bool vtc_apply_patterns_greedily(vtc_op *root, vtc_pattern_set *set, const vtc_greedy_config *config,
                                 bool *changed) {
  return vtc_apply_patterns_greedily_stats(root, set, config, changed, NULL);
}
