/* The IR verifier, as MLIR's OperationVerifier: per op, the generic checks of
 * its definition row (arity, attributes, parent, symbol), then block structure
 * and the nested ops, then symbol-table uniqueness, then the op's own verify
 * hook; once the whole tree is structurally valid, SSA dominance. */
#include "ir/verifier.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/dialect.h"
#include "ir/dominance.h"
#include "ir/ptrmap.h"
#include "ir/support.h"

/* Order (documented choice): MLIR runs an op's own invariants before its
 * regions and its region verifiers (such as the symbol table's) after them.
 * vtc has one hook per op, and runs it after the nested ops so that a hook
 * may rely on its body being structurally valid (terminators present, arity
 * right). Verification stops at the first error, as MLIR's does. */

typedef struct verifier {
  vtc_context *ctx;
  vtc_ptrmap dom_trees; /* region -> vtc_dom_tree* (built on demand) */
} verifier;

static vtc_diagnostic *op_diag(vtc_op *op, const char *fmt, va_list ap) {
  vtc_strbuf b = {0};
  vtc_strbuf_printf(&b, "'%s' op ", op->name->name);
  vtc_strbuf_vprintf(&b, fmt, ap);
  vtc_diagnostic *d = vtc_diag_begin(vtc_op_context(op), VTC_SEV_ERROR, op->loc, "%s", b.data);
  vtc_strbuf_free(&b);
  return d;
}

/* `'name' op message`, as MLIR's emitOpError. */
__attribute__((format(printf, 2, 3))) static bool op_error(vtc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_diagnostic *d = op_diag(op, fmt, ap);
  va_end(ap);
  vtc_diag_emit(d);
  return false;
}

static const char *attr_kind_name(int kind) {
  static const char *const names[] = {
      [VTC_ATTR_INTEGER] = "integer",       [VTC_ATTR_FLOAT] = "float",
      [VTC_ATTR_STRING] = "string",         
      [VTC_ATTR_UNIT] = "unit",             [VTC_ATTR_ARRAY] = "array",
      [VTC_ATTR_DICTIONARY] = "dictionary", [VTC_ATTR_TYPE] = "type",
      [VTC_ATTR_SYMBOL_REF] = "symbol reference", [VTC_ATTR_DENSE] = "dense elements",
      [VTC_ATTR_AFFINE_MAP] = "affine map", [VTC_ATTR_DIALECT] = "dialect",
  };
  if (kind < 0 || (size_t)kind >= sizeof names / sizeof names[0] || !names[kind]) return "unknown";
  return names[kind];
}

/* ---- the generic checks of a definition row ------------------------------ */

static bool verify_unregistered(verifier *v, vtc_op *op) {
  const char *dialect = op->name->dialect;
  if (dialect && vtc_context_get_dialect(v->ctx, dialect))
    return vtc_error(v->ctx, op->loc,
                     "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations",
                     op->name->name, dialect);
  if (!vtc_context_allows_unregistered(v->ctx))
    return op_error(op, "created with unregistered dialect. If this is intended, please call "
                        "vtc_context_allow_unregistered() on the context, or use "
                        "--allow-unregistered-dialect with vtc-opt");
  return true;
}

static bool verify_counts(vtc_op *op, const vtc_op_def *def) {
  int n = def->num_operands;
  if (n >= 0 && (unsigned)n != op->num_operands) {
    if (n == 0) return op_error(op, "requires zero operands");
    if (n == 1) return op_error(op, "requires a single operand");
    return op_error(op, "expected %d operands, but found %u", n, op->num_operands);
  }
  n = def->num_results;
  if (n >= 0 && (unsigned)n != op->num_results) {
    if (n == 0) return op_error(op, "requires zero results");
    if (n == 1) return op_error(op, "requires one result");
    return op_error(op, "requires %d results", n);
  }
  n = def->num_regions;
  if (n >= 0 && (unsigned)n != op->num_regions) {
    if (n == 0) return op_error(op, "requires zero regions");
    if (n == 1) return op_error(op, "requires one region");
    return op_error(op, "expected %d regions", n);
  }
  return true;
}

static bool verify_attrs(vtc_op *op, const vtc_op_def *def) {
  if (!def->attrs) return true;
  for (const vtc_attr_spec *s = def->attrs; s->name; s++) {
    const vtc_attr *a = vtc_op_get_attr(op, s->name);
    if (!a) {
      if (s->optional) continue;
      return op_error(op, "requires attribute '%s'", s->name);
    }
    if (s->kind >= 0 && a->kind != s->kind)
      return op_error(op, "attribute '%s' failed to satisfy constraint: %s attribute", s->name,
                      attr_kind_name(s->kind));
  }
  return true;
}

static bool verify_parent(vtc_op *op, const vtc_op_def *def) {
  if (!def->parent) return true;
  vtc_op *parent = vtc_op_parent_op(op);
  if (parent && strcmp(parent->name->name, def->parent) == 0) return true;
  return op_error(op, "expects parent op '%s'", def->parent);
}

/* MLIR's Symbol trait: a string `sym_name` and a known visibility. */
static bool verify_symbol(vtc_op *op) {
  const vtc_attr *name = vtc_op_get_attr(op, "sym_name");
  if (!name || name->kind != VTC_ATTR_STRING) return op_error(op, "requires string attribute 'sym_name'");
  const vtc_attr *vis = vtc_op_get_attr(op, "sym_visibility");
  if (vis) {
    if (vis->kind != VTC_ATTR_STRING) return op_error(op, "requires visibility attribute 'sym_visibility' to be a string attribute");
    if (strcmp(vis->str, "public") && strcmp(vis->str, "private") && strcmp(vis->str, "nested"))
      return op_error(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%s\"",
                      vis->str);
  }
  return true;
}

/* Names are uniqued string attributes, so the map is keyed by the attribute. */
static bool verify_symbol_table(vtc_op *op) {
  if (op->num_regions != 1) return op_error(op, "Operations with a 'SymbolTable' must have exactly one region");
  vtc_region *r = vtc_op_region(op, 0);
  if (vtc_region_num_blocks(r) != 1) return op_error(op, "Operations with a 'SymbolTable' must have exactly one block");
  vtc_ptrmap seen = {0};
  bool ok = true;
  for (vtc_op *o = r->first->first; o && ok; o = o->next) {
    const vtc_attr *name = vtc_op_get_attr(o, "sym_name");
    if (!name || name->kind != VTC_ATTR_STRING) continue;
    vtc_op *prev = vtc_ptrmap_get(&seen, name);
    if (prev) {
      vtc_diagnostic *d = vtc_diag_begin(vtc_op_context(o), VTC_SEV_ERROR, o->loc,
                                         "redefinition of symbol named '%s'", name->str);
      vtc_diag_note(d, prev->loc, "see existing symbol definition here");
      vtc_diag_emit(d);
      ok = false;
    } else {
      vtc_ptrmap_put(&seen, name, o);
    }
  }
  vtc_ptrmap_free(&seen);
  return ok;
}

/* ---- structure ----------------------------------------------------------- */

static bool verify_op(verifier *v, vtc_op *op);

/* MLIR's mayBeValidWithoutTerminator: unregistered parents may hold
 * terminator-less blocks, as may NoTerminator ops. */
static bool needs_terminator(const vtc_op *parent) {
  return parent && parent->name->def && !(parent->name->def->traits & VTC_TRAIT_NO_TERMINATOR);
}

static bool verify_block(verifier *v, vtc_op *parent, vtc_region *region, vtc_block *block) {
  for (unsigned i = 0; i < block->num_args; i++)
    if (block->args[i]->block != block) return vtc_error(v->ctx, parent->loc, "block argument not owned by block");
  if (needs_terminator(parent)) {
    if (!block->last) return vtc_error(v->ctx, parent->loc, "empty block: expect at least a terminator");
    vtc_op *last = block->last;
    if (last->name->def && !(last->name->def->traits & VTC_TRAIT_TERMINATOR))
      return vtc_error(v->ctx, last->loc, "block with no terminator, has '%s' operation", last->name->name);
  }
  for (vtc_op *o = block->first; o; o = o->next) {
    if (o->parent != block) return vtc_error(v->ctx, o->loc, "operation with an invalid parent block");
    if (o != block->last && vtc_op_has_trait(o, VTC_TRAIT_TERMINATOR))
      return op_error(o, "must be the last operation in the parent block");
    if (o->num_successors) {
      if (o != block->last) return op_error(o, "operation with block successors must terminate its parent block");
      for (unsigned s = 0; s < o->num_successors; s++) {
        vtc_block *succ = o->successors[s];
        if (!succ || succ->parent != region)
          return vtc_error(v->ctx, o->loc, "branching to block of a different region");
        if (succ == region->first)
          return vtc_error(v->ctx, parent->loc, "entry block of region may not have predecessors");
      }
    }
    if (!verify_op(v, o)) return false;
  }
  return true;
}

static bool verify_op(verifier *v, vtc_op *op) {
  const vtc_op_def *def = op->name->def;
  if (!def) {
    if (!verify_unregistered(v, op)) return false;
  } else {
    if (!verify_counts(op, def) || !verify_attrs(op, def) || !verify_parent(op, def)) return false;
    if ((def->traits & VTC_TRAIT_SYMBOL) && !verify_symbol(op)) return false;
  }
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!op->operands[i].value) return op_error(op, "null operand found");
  for (unsigned r = 0; r < op->num_regions; r++) {
    vtc_region *region = vtc_op_region(op, r);
    if (def && (def->traits & (VTC_TRAIT_NO_TERMINATOR | VTC_TRAIT_SINGLE_BLOCK)) &&
        vtc_region_num_blocks(region) > 1)
      return op_error(op, "expects region #%u to have 0 or 1 blocks", r);
    for (vtc_block *b = region->first; b; b = b->next) {
      if (b->parent != region) return op_error(op, "block with an invalid parent region");
      if (!verify_block(v, op, region, b)) return false;
    }
  }
  if (def && (def->traits & VTC_TRAIT_SYMBOL_TABLE) && !verify_symbol_table(op)) return false;
  if (def && def->verify && !def->verify(op)) {
    /* A hook that returns false must have said why. */
    return false;
  }
  return true;
}

/* ---- dominance ----------------------------------------------------------- */

/* Module-like ops (a symbol table with no terminator) hold graph regions, as
 * builtin.module does in MLIR: their ops may use values defined later. */
static bool is_graph_region(const vtc_region *r) {
  const vtc_op *p = r->parent;
  unsigned both = VTC_TRAIT_SYMBOL_TABLE | VTC_TRAIT_NO_TERMINATOR;
  return p && p->name->def && (p->name->def->traits & both) == both;
}

static const vtc_dom_tree *dom_tree_of(verifier *v, vtc_region *r) {
  vtc_dom_tree *t = vtc_ptrmap_get(&v->dom_trees, r);
  if (!t) {
    t = vtc_dom_tree_build(r);
    vtc_ptrmap_put(&v->dom_trees, r, t);
  }
  return t;
}

static bool region_is_ancestor(const vtc_region *anc, const vtc_region *r) {
  while (r) {
    if (r == anc) return true;
    const vtc_op *p = r->parent;
    r = p && p->parent ? p->parent->parent : NULL;
  }
  return false;
}

static unsigned block_number(const vtc_block *b) {
  unsigned n = 0;
  for (const vtc_block *x = b->parent ? b->parent->first : b; x && x != b; x = x->next) n++;
  return n;
}

static bool dominance_error(vtc_op *use, unsigned index) {
  vtc_context *ctx = vtc_op_context(use);
  vtc_value *val = use->operands[index].value;
  vtc_diagnostic *d = vtc_diag_begin(ctx, VTC_SEV_ERROR, use->loc, "operand #%u does not dominate this use", index);
  vtc_region *use_region = use->parent ? use->parent->parent : NULL;
  vtc_block *def_block = vtc_value_parent_block(val);
  vtc_region *def_region = def_block ? def_block->parent : NULL;
  const char *where = "neither in a parent nor in a child region";
  if (def_block == use->parent) where = "in the same block";
  else if (def_region && def_region == use_region) where = "in the same region";
  else if (def_region && region_is_ancestor(def_region, use_region)) where = "in a parent region";
  else if (use_region && region_is_ancestor(use_region, def_region)) where = "in a child region";
  if (val->def_op) {
    vtc_diag_note(d, val->def_op->loc, "operand defined here (op %s)", where);
  } else {
    vtc_op *owner = def_region ? def_region->parent : NULL;
    vtc_diag_note(d, owner ? owner->loc : use->loc, "operand defined as a block argument (block #%u %s)",
                  def_block ? block_number(def_block) : 0, where);
  }
  vtc_diag_emit(d);
  return false;
}

static bool check_operand(verifier *v, vtc_op *use, unsigned index) {
  vtc_value *val = use->operands[index].value;
  vtc_block *def_block = vtc_value_parent_block(val);
  if (!def_block || !def_block->parent) return dominance_error(use, index);
  vtc_region *def_region = def_block->parent;
  /* The ancestor of use (or use itself) that lies in def_region. */
  vtc_op *anc = use;
  while (anc && anc->parent && anc->parent->parent != def_region) anc = vtc_op_parent_op(anc);
  if (!anc || !anc->parent) return dominance_error(use, index);
  /* Crossing into an isolated-from-above op on the way down is an error. */
  for (vtc_op *o = use; o != anc; o = vtc_op_parent_op(o)) {
    vtc_op *p = vtc_op_parent_op(o);
    if (p && vtc_op_has_trait(p, VTC_TRAIT_ISOLATED_FROM_ABOVE)) {
      vtc_diagnostic *d = vtc_diag_begin(v->ctx, VTC_SEV_ERROR, use->loc,
                                         "'%s' op using value defined outside the region", use->name->name);
      vtc_diag_note(d, p->loc, "required by region isolation constraints");
      vtc_diag_emit(d);
      return false;
    }
  }
  if (is_graph_region(def_region)) return true;
  if (anc->parent == def_block) {
    if (!val->def_op) return true;
    if (val->def_op != anc && vtc_op_is_before_in_block(val->def_op, anc)) return true;
    return dominance_error(use, index);
  }
  if (vtc_dom_tree_dominates(dom_tree_of(v, def_region), def_block, anc->parent)) return true;
  return dominance_error(use, index);
}

static bool verify_dominance(verifier *v, vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!check_operand(v, op, i)) return false;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next)
        if (!verify_dominance(v, o)) return false;
  return true;
}

bool vtc_verify(vtc_op *op) {
  verifier v = {.ctx = vtc_op_context(op)};
  bool ok = verify_op(&v, op) && verify_dominance(&v, op);
  for (size_t i = 0; i < v.dom_trees.cap; i++)
    if (v.dom_trees.keys[i] > VTC_PTRMAP_DELETED) vtc_dom_tree_destroy(v.dom_trees.vals[i]);
  vtc_ptrmap_free(&v.dom_trees);
  return ok;
}
