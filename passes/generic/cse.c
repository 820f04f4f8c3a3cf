/* cse: common subexpression elimination, as MLIR's -cse. Pure ops without
 * regions or successors that have the same name, operands, result types and
 * attributes (pointer-equal: attributes are uniqued) are merged into the one
 * that dominates, using a hash table scoped by the dominator tree; nested
 * regions see their enclosing scopes. Trivially dead pure ops met on the way
 * are erased.
 *
 * Choices, as MLIR: a region of an op that is isolated from above, or of an
 * unregistered op (which might be), starts from an empty table; only blocks
 * reachable from the entry of a multi-block region are visited. An op with
 * regions is merged when it is pure, every op nested in it pure, a
 * terminator or a check (VTC_TRAIT_CHECK: te.assert), and its regions are isomorphic to the other's (MLIR's
 * OperationEquivalence, locations ignored): one block each, the same
 * argument types, ops pairwise equivalent where a value defined inside
 * stands for the one at the same place in the other. Two te.computes of
 * the same inputs and body are one (the decode attention's K and V
 * scatters each computed the same last-writer table of kv_index). */
#include <stdlib.h>

#include "ir/dialect.h"
#include "ir/dominance.h"
#include "ir/ptrmap.h"
#include "passes/generic/generic_passes.h"

typedef struct cse_entry {
  vtc_op *op;
  uint64_t hash;
  size_t bucket;
  struct cse_entry *next; /* in its bucket; newer entries first */
} cse_entry;

/* A scoped hash table: `live` is a stack of every entry in scope (oldest
 * first); leaving a scope pops back to a mark. */
typedef struct cse_table {
  cse_entry **buckets;
  size_t num_buckets;
  VTC_VEC(cse_entry *) live;
  uint64_t num_cse, num_dce;
  bool changed;
} cse_table;

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

static uint64_t hash_op(const vtc_op *op) {
  uint64_t h = mix(0, (uintptr_t)op->name);
  for (unsigned i = 0; i < op->num_operands; i++) h = mix(h, (uintptr_t)op->operands[i].value);
  for (unsigned i = 0; i < op->num_results; i++) h = mix(h, (uintptr_t)op->results[i].type);
  for (unsigned i = 0; i < op->num_attrs; i++) {
    h = mix(h, (uintptr_t)op->attrs[i].name);
    h = mix(h, (uintptr_t)op->attrs[i].value);
  }
  return h;
}

static bool regions_equivalent(const vtc_region *ra, const vtc_region *rb, vtc_ptrmap *inside);

/* a and b compute the same, a value of `inside` (defined in the regions
 * being compared) standing for its image in b's. */
static bool ops_equivalent_in(const vtc_op *a, const vtc_op *b, vtc_ptrmap *inside) {
  if (a->name != b->name || a->num_operands != b->num_operands || a->num_results != b->num_results ||
      a->num_attrs != b->num_attrs || a->num_regions != b->num_regions || a->num_successors || b->num_successors)
    return false;
  for (unsigned i = 0; i < a->num_operands; i++) {
    const vtc_value *x = a->operands[i].value, *image = inside ? vtc_ptrmap_get(inside, x) : NULL;
    if ((image ? image : x) != b->operands[i].value) return false;
  }
  for (unsigned i = 0; i < a->num_results; i++)
    if (a->results[i].type != b->results[i].type) return false;
  for (unsigned i = 0; i < a->num_attrs; i++)
    if (a->attrs[i].name != b->attrs[i].name || a->attrs[i].value != b->attrs[i].value) return false;
  for (unsigned r = 0; r < a->num_regions; r++)
    if (!regions_equivalent(&a->regions[r], &b->regions[r], inside)) return false;
  for (unsigned i = 0; inside && i < a->num_results; i++) vtc_ptrmap_put(inside, &a->results[i], (void *)&b->results[i]);
  return true;
}

static bool regions_equivalent(const vtc_region *ra, const vtc_region *rb, vtc_ptrmap *inside) {
  const vtc_block *x = ra->first, *y = rb->first;
  if (!x || !y) return x == y;
  if (x != ra->last || y != rb->last || x->num_args != y->num_args) return false;
  for (unsigned i = 0; i < x->num_args; i++) {
    if (x->args[i]->type != y->args[i]->type) return false;
    vtc_ptrmap_put(inside, x->args[i], y->args[i]);
  }
  const vtc_op *p = x->first, *q = y->first;
  for (; p && q; p = p->next, q = q->next)
    if (!ops_equivalent_in(p, q, inside)) return false;
  return !p && !q;
}

static bool ops_equivalent(const vtc_op *a, const vtc_op *b) {
  if (!a->num_regions) return ops_equivalent_in(a, b, NULL);
  vtc_ptrmap inside = {0};
  bool same = ops_equivalent_in(a, b, &inside);
  vtc_ptrmap_free(&inside);
  return same;
}

static void table_link(cse_table *t, cse_entry *e) {
  e->bucket = e->hash & (t->num_buckets - 1);
  e->next = t->buckets[e->bucket];
  t->buckets[e->bucket] = e;
}

static void table_insert(cse_table *t, vtc_op *op, uint64_t hash) {
  if (t->live.len * 2 >= t->num_buckets) {
    free(t->buckets);
    t->num_buckets = t->num_buckets ? 2 * t->num_buckets : 64;
    t->buckets = vtc_xcalloc(t->num_buckets, sizeof *t->buckets);
    for (size_t i = 0; i < t->live.len; i++) table_link(t, t->live.data[i]);
  }
  cse_entry *e = vtc_xmalloc(sizeof *e);
  e->op = op;
  e->hash = hash;
  table_link(t, e);
  VTC_VEC_PUSH(&t->live, e);
}

static vtc_op *table_lookup(cse_table *t, const vtc_op *op, uint64_t hash) {
  if (!t->num_buckets) return NULL;
  for (cse_entry *e = t->buckets[hash & (t->num_buckets - 1)]; e; e = e->next) {
    if (e->hash == hash && ops_equivalent(e->op, op)) return e->op;
  }
  return NULL;
}

static void table_pop_to(cse_table *t, size_t mark) {
  while (t->live.len > mark) {
    cse_entry *e = t->live.data[--t->live.len];
    /* LIFO: the newest entry of its bucket is at the head. */
    t->buckets[e->bucket] = e->next;
    free(e);
  }
}

static bool is_dead(vtc_op *op) {
  if (!vtc_op_has_trait(op, VTC_TRAIT_PURE) || vtc_op_has_trait(op, VTC_TRAIT_TERMINATOR) || op->num_regions)
    return false;
  for (unsigned i = 0; i < op->num_results; i++)
    if (op->results[i].first_use) return false;
  return true;
}

/* Every op nested in op is pure, a terminator or a check (MLIR: no
 * recursive memory effects; a check is safe too: the copy being merged
 * away would check the same values after the kept one did). */
static bool recursively_pure(const vtc_op *op) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (const vtc_block *b = op->regions[r].first; b; b = b->next)
      for (const vtc_op *o = b->first; o; o = o->next)
        if (!vtc_op_has_trait(o, VTC_TRAIT_PURE | VTC_TRAIT_TERMINATOR | VTC_TRAIT_CHECK) || o->num_successors ||
            !recursively_pure(o))
          return false;
  return true;
}

static bool is_candidate(vtc_op *op) {
  return vtc_op_has_trait(op, VTC_TRAIT_PURE) && !vtc_op_has_trait(op, VTC_TRAIT_TERMINATOR) &&
         op->num_successors == 0 && (op->num_regions == 0 || recursively_pure(op));
}

static void simplify_region(cse_table *t, vtc_region *r);

static void simplify_block(cse_table *t, vtc_block *b) {
  for (vtc_op *op = b->first, *next; op; op = next) {
    next = op->next;
    if (op->num_regions) {
      bool fresh = !op->name->def || vtc_op_has_trait(op, VTC_TRAIT_ISOLATED_FROM_ABOVE);
      if (fresh) {
        cse_table nested = {0};
        for (unsigned r = 0; r < op->num_regions; r++) simplify_region(&nested, &op->regions[r]);
        t->num_cse += nested.num_cse;
        t->num_dce += nested.num_dce;
        t->changed |= nested.changed;
        table_pop_to(&nested, 0);
        free(nested.buckets);
        VTC_VEC_FREE(&nested.live);
      } else {
        for (unsigned r = 0; r < op->num_regions; r++) simplify_region(t, &op->regions[r]);
      }
    }
    if (is_dead(op)) {
      vtc_op_erase(op);
      t->num_dce++;
      t->changed = true;
      continue;
    }
    if (!is_candidate(op)) continue;
    uint64_t h = hash_op(op);
    vtc_op *existing = table_lookup(t, op, h);
    if (existing) {
      for (unsigned i = 0; i < op->num_results; i++)
        vtc_value_replace_all_uses(&op->results[i], &existing->results[i]);
      vtc_op_erase(op);
      t->num_cse++;
      t->changed = true;
      continue;
    }
    table_insert(t, op, h);
  }
}

static void walk_dom_tree(cse_table *t, const vtc_dom_tree *dom, vtc_block *b) {
  size_t mark = t->live.len;
  simplify_block(t, b);
  for (unsigned i = 0, n = vtc_dom_tree_num_children(dom, b); i < n; i++)
    walk_dom_tree(t, dom, vtc_dom_tree_child(dom, b, i));
  table_pop_to(t, mark);
}

static void simplify_region(cse_table *t, vtc_region *r) {
  if (!r->first) return;
  if (r->first == r->last) {
    size_t mark = t->live.len;
    simplify_block(t, r->first);
    table_pop_to(t, mark);
    return;
  }
  vtc_dom_tree *dom = vtc_dom_tree_build(r);
  walk_dom_tree(t, dom, r->first);
  vtc_dom_tree_destroy(dom);
}

enum { STAT_CSE, STAT_DCE };
static const char *const cse_stats[] = {"num-cse'd", "num-dce'd", NULL};

static bool run_cse(vtc_pass_context *pc, vtc_op *op, const void *options) {
  (void)options;
  cse_table t = {0};
  for (unsigned r = 0; r < op->num_regions; r++) simplify_region(&t, &op->regions[r]);
  table_pop_to(&t, 0);
  free(t.buckets);
  VTC_VEC_FREE(&t.live);
  vtc_pass_stat_add(pc, STAT_CSE, t.num_cse);
  vtc_pass_stat_add(pc, STAT_DCE, t.num_dce);
  if (!t.changed) vtc_pass_mark_unchanged(pc);
  return true;
}

const vtc_pass_def vtc_cse_pass = {
    .name = "cse",
    .summary = "Eliminate common subexpressions of pure ops, scoped by dominance (MLIR -cse)",
    .anchor = NULL,
    .options_size = 0,
    .options = NULL,
    .run = run_cse,
    .statistics = cse_stats,
};
