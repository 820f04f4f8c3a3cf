/* symbol-dce: erase private symbols that nothing live references, as MLIR's
 * -symbol-dce. Public (and nested-visibility) symbols and non-symbol ops are
 * live roots; every symbol reference (a symbol-ref attribute, also inside
 * arrays and dictionaries) held by a live op or the ops nested in it makes
 * its target live, to a fixed point through nested symbol tables.
 *
 * Choices: a reference resolves in the symbol table holding the live op, then
 * in the enclosing tables outwards (MLIR looks only in the holding table,
 * which can erase a symbol referenced from a nested module); references inside
 * the regions of unregistered ops count, as in MLIR 19. */
#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/dialect.h"
#include "ir/ptrmap.h"
#include "passes/generic/generic_passes.h"

typedef struct sdce {
  vtc_context *ctx;
  vtc_ptrmap live;   /* symbol op -> (void*)1 */
  vtc_ptrmap tables; /* symbol table op -> vtc_ptrmap* (interned name -> op) */
} sdce;

static const char *symbol_name(sdce *s, const vtc_op *op) {
  if (!op->name->def || !(op->name->def->traits & (VTC_TRAIT_SYMBOL | VTC_TRAIT_SYMBOL_TABLE))) return NULL;
  const vtc_attr *a = vtc_op_get_attr(op, "sym_name");
  return a && a->kind == VTC_ATTR_STRING ? vtc_str(s->ctx, a->str) : NULL;
}

static bool is_private(const vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, "sym_visibility");
  return a && a->kind == VTC_ATTR_STRING && strcmp(a->str, "private") == 0;
}

static bool is_table(const vtc_op *op) { return vtc_op_has_trait(op, VTC_TRAIT_SYMBOL_TABLE) && op->num_regions == 1; }

static vtc_op *table_lookup(sdce *s, vtc_op *table, const char *name) {
  vtc_ptrmap *names = vtc_ptrmap_get(&s->tables, table);
  if (!names) {
    names = vtc_xcalloc(1, sizeof *names);
    for (vtc_block *b = table->regions[0].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) {
        const char *n = symbol_name(s, o);
        if (n && !vtc_ptrmap_contains(names, n)) vtc_ptrmap_put(names, n, o);
      }
    vtc_ptrmap_put(&s->tables, table, names);
  }
  return vtc_ptrmap_get(names, vtc_str(s->ctx, name));
}

typedef VTC_VEC(vtc_op *) op_vec;

static void mark_live(sdce *s, vtc_op *op, op_vec *worklist) {
  if (vtc_ptrmap_contains(&s->live, op)) return;
  vtc_ptrmap_put(&s->live, op, (void *)1);
  VTC_VEC_PUSH(worklist, op);
}

/* Resolves ref from `table` outwards; marks every symbol on the path live. */
static void resolve(sdce *s, vtc_op *table, const vtc_attr *ref, op_vec *worklist) {
  for (; table; table = vtc_op_parent_op(table)) {
    if (!is_table(table)) continue;
    vtc_op *sym = table_lookup(s, table, ref->str);
    if (!sym) continue;
    mark_live(s, sym, worklist);
    for (unsigned i = 0; i < ref->count && sym; i++) {
      if (!is_table(sym)) return;
      sym = table_lookup(s, sym, ref->elems[i].name);
      if (sym) mark_live(s, sym, worklist);
    }
    return;
  }
}

static void attr_uses(sdce *s, vtc_op *table, const vtc_attr *a, op_vec *worklist) {
  if (!a) return;
  if (a->kind == VTC_ATTR_SYMBOL_REF) resolve(s, table, a, worklist);
  else if (a->kind == VTC_ATTR_ARRAY || a->kind == VTC_ATTR_DICTIONARY)
    for (unsigned i = 0; i < a->count; i++) attr_uses(s, table, a->elems[i].value, worklist);
}

/* The references held by op (unless it is a symbol table: its attributes
 * name it from outside) and by the ops nested in it, not entering nested
 * symbol tables, as MLIR's SymbolTable::getSymbolUses. */
static void op_uses(sdce *s, vtc_op *table, vtc_op *op, bool top, op_vec *worklist) {
  if (!(top && is_table(op)))
    for (unsigned i = 0; i < op->num_attrs; i++) attr_uses(s, table, op->attrs[i].value, worklist);
  if (!top && is_table(op)) return;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) op_uses(s, table, o, false, worklist);
}

static void compute_liveness(sdce *s, vtc_op *table) {
  op_vec worklist = {0};
  for (vtc_block *b = table->regions[0].first; b; b = b->next)
    for (vtc_op *o = b->first; o; o = o->next) {
      if (!symbol_name(s, o)) VTC_VEC_PUSH(&worklist, o);
      else if (!is_private(o)) mark_live(s, o, &worklist);
    }
  while (worklist.len) {
    vtc_op *op = worklist.data[--worklist.len];
    if (is_table(op)) compute_liveness(s, op);
    op_uses(s, table, op, true, &worklist);
  }
  VTC_VEC_FREE(&worklist);
}

static void collect_tables(vtc_op *op, op_vec *out) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) collect_tables(o, out);
  if (is_table(op)) VTC_VEC_PUSH(out, op);
}

static bool has_result_uses(const vtc_op *op) {
  for (unsigned i = 0; i < op->num_results; i++)
    if (op->results[i].first_use) return true;
  return false;
}

enum { STAT_DCE };
static const char *const symbol_dce_stats[] = {"num-dce'd", NULL};

static bool run_symbol_dce(vtc_pass_context *pc, vtc_op *root, const void *options) {
  (void)options;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  if (!is_table(root))
    return vtc_error(ctx, root->loc,
                     "'%s' op was scheduled to run under SymbolDCE, but does not define a symbol table",
                     root->name->name);
  sdce s = {.ctx = ctx};
  compute_liveness(&s, root);
  uint64_t erased = 0;
  {
    op_vec tables = {0};
    collect_tables(root, &tables); /* post-order: inner tables first */
    for (size_t t = 0; t < tables.len; t++) {
      for (vtc_block *b = tables.data[t]->regions[0].first; b; b = b->next)
        for (vtc_op *o = b->first, *next; o; o = next) {
          next = o->next;
          if (o == b->last && vtc_op_has_trait(o, VTC_TRAIT_TERMINATOR)) break;
          if (!symbol_name(&s, o) || vtc_ptrmap_contains(&s.live, o) || has_result_uses(o)) continue;
          vtc_op_erase(o);
          erased++;
        }
    }
    VTC_VEC_FREE(&tables);
  }
  for (size_t i = 0; i < s.tables.cap; i++)
    if (s.tables.keys[i] > VTC_PTRMAP_DELETED) {
      vtc_ptrmap_free(s.tables.vals[i]);
      free(s.tables.vals[i]);
    }
  vtc_ptrmap_free(&s.tables);
  vtc_ptrmap_free(&s.live);
  vtc_pass_stat_add(pc, STAT_DCE, erased);
  if (!erased) vtc_pass_mark_unchanged(pc);
  return true;
}

const vtc_pass_def vtc_symbol_dce_pass = {
    .name = "symbol-dce",
    .summary = "Erase unreferenced private symbols, through nested symbol tables (MLIR -symbol-dce)",
    .anchor = NULL,
    .options_size = 0,
    .options = NULL,
    .run = run_symbol_dce,
    .statistics = symbol_dce_stats,
};
