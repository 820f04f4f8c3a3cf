/* Operations, blocks, regions, values and use lists: creation, linking,
 * erasure, attributes, ordering and replace-all-uses. Cloning and walking
 * live in ir/clone.c. */
#include "ir/operation.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir/dialect.h"
#include "ir/support.h"
#include "ir/symbol_table.h"

/* ---- use lists ---------------------------------------------------------- */

static void use_link(vtc_use *use, vtc_value *value) {
  use->value = value;
  use->next = value->first_use;
  use->prev_next = &value->first_use;
  if (value->first_use) value->first_use->prev_next = &use->next;
  value->first_use = use;
}

static void use_unlink(vtc_use *use) {
  if (!use->value) return;
  *use->prev_next = use->next;
  if (use->next) use->next->prev_next = use->prev_next;
  use->value = NULL;
  use->next = NULL;
  use->prev_next = NULL;
}

/* ---- creation and destruction ------------------------------------------ */

static int compare_named(const void *a, const void *b) {
  return strcmp(((const vtc_named_attr *)a)->name, ((const vtc_named_attr *)b)->name);
}

vtc_op *vtc_op_create(const vtc_op_state *st) {
  size_t size = sizeof(vtc_op) + st->num_results * sizeof(vtc_value) + st->num_regions * sizeof(vtc_region) +
                st->num_successors * sizeof(vtc_block *);
  vtc_op *op = vtc_xcalloc(1, size);
  vtc_context *ctx = st->name->ctx;
  op->name = st->name;
  op->loc = st->loc ? st->loc : vtc_loc_unknown(ctx);
  op->num_results = st->num_results;
  op->num_regions = st->num_regions;
  op->num_successors = st->num_successors;
  op->results = (vtc_value *)(op + 1);
  op->regions = (vtc_region *)(op->results + st->num_results);
  op->successors = (vtc_block **)(op->regions + st->num_regions);
  for (unsigned i = 0; i < st->num_results; i++)
    op->results[i] = (vtc_value){.type = st->result_types[i], .def_op = op, .index = i};
  for (unsigned i = 0; i < st->num_regions; i++) op->regions[i].parent = op;
  for (unsigned i = 0; i < st->num_successors; i++) op->successors[i] = st->successors[i];
  vtc_op_set_operands(op, st->num_operands, st->operands);
  if (st->num_attrs) {
    op->attrs = vtc_xmalloc(st->num_attrs * sizeof *op->attrs);
    op->num_attrs = op->cap_attrs = st->num_attrs;
    for (unsigned i = 0; i < st->num_attrs; i++)
      op->attrs[i] = (vtc_named_attr){vtc_str(ctx, st->attrs[i].name), st->attrs[i].value};
    qsort(op->attrs, op->num_attrs, sizeof *op->attrs, compare_named);
  }
  return op;
}

/* Unlinks every operand of op and of everything nested in it, so a whole
 * tree can then be freed in any order. */
static void drop_all_references(vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++) use_unlink(&op->operands[i]);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) drop_all_references(o);
}

static void free_op_tree(vtc_op *op);

/* A value about to be freed may still be used from outside the tree being
 * freed (a half-built tree on a parse error, say): detach those uses so the
 * users hold no dangling pointer (their operand becomes NULL). */
static void detach_uses(vtc_value *v) {
  while (v->first_use) use_unlink(v->first_use);
}

static void free_block(vtc_block *block) {
  for (vtc_op *o = block->first, *next; o; o = next) {
    next = o->next;
    free_op_tree(o);
  }
  for (unsigned i = 0; i < block->num_args; i++) {
    detach_uses(block->args[i]);
    free(block->args[i]);
  }
  free(block->args);
  free(block->arg_locs);
  free(block);
}

static void free_op_tree(vtc_op *op) {
  for (unsigned r = 0; r < op->num_regions; r++) {
    for (vtc_block *b = op->regions[r].first, *next; b; b = next) {
      next = b->next;
      free_block(b);
    }
  }
  for (unsigned i = 0; i < op->num_results; i++) detach_uses(&op->results[i]);
  free(op->operands);
  free(op->attrs);
  free(op);
}

void vtc_op_destroy(vtc_op *op) {
  assert(!op->parent && "destroy a detached op; use vtc_op_erase for a linked one");
  vtc_context_ir_changed(vtc_op_context(op)); /* its address may be reused */
  drop_all_references(op);
#ifndef NDEBUG
  for (unsigned i = 0; i < op->num_results; i++) assert(!op->results[i].first_use && "erasing an op that still has uses");
#endif
  free_op_tree(op);
}

void vtc_op_remove(vtc_op *op) {
  vtc_block *b = op->parent;
  if (!b) return;
  vtc_context_ir_changed(vtc_op_context(op));
  if (op->prev) op->prev->next = op->next; else b->first = op->next;
  if (op->next) op->next->prev = op->prev; else b->last = op->prev;
  op->prev = op->next = NULL;
  op->parent = NULL;
}

void vtc_op_erase(vtc_op *op) {
  vtc_op_remove(op);
  vtc_op_destroy(op);
}

bool vtc_op_is_named(const vtc_op *op, const char *name) { return strcmp(op->name->name, name) == 0; }

vtc_op *vtc_op_parent_op(const vtc_op *op) {
  return op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
}

/* ---- operands ----------------------------------------------------------- */

void vtc_op_set_operand(vtc_op *op, unsigned i, vtc_value *value) {
  assert(i < op->num_operands);
  use_unlink(&op->operands[i]);
  if (value) use_link(&op->operands[i], value);
}

void vtc_op_set_operands(vtc_op *op, unsigned count, vtc_value *const *values) {
  for (unsigned i = 0; i < op->num_operands; i++) use_unlink(&op->operands[i]);
  if (count != op->num_operands) {
    free(op->operands);
    op->operands = count ? vtc_xcalloc(count, sizeof *op->operands) : NULL;
    op->num_operands = count;
  }
  for (unsigned i = 0; i < count; i++) {
    op->operands[i].owner = op;
    if (values[i]) use_link(&op->operands[i], values[i]);
  }
}

/* ---- attributes ---------------------------------------------------------- */

static vtc_named_attr *find_attr(const vtc_op *op, const char *name) {
  for (unsigned i = 0; i < op->num_attrs; i++)
    if (op->attrs[i].name == name || strcmp(op->attrs[i].name, name) == 0) return &op->attrs[i];
  return NULL;
}

const vtc_attr *vtc_op_get_attr(const vtc_op *op, const char *name) {
  vtc_named_attr *a = find_attr(op, name);
  return a ? a->value : NULL;
}

void vtc_op_set_attr(vtc_op *op, const char *name, const vtc_attr *value) {
  vtc_context_ir_changed(vtc_op_context(op));
  vtc_named_attr *a = find_attr(op, name);
  if (a) {
    a->value = value;
    return;
  }
  if (op->num_attrs == op->cap_attrs) {
    op->cap_attrs = op->cap_attrs ? 2 * op->cap_attrs : 4;
    op->attrs = vtc_xrealloc(op->attrs, op->cap_attrs * sizeof *op->attrs);
  }
  /* Insert in name order. */
  const char *interned = vtc_str(vtc_op_context(op), name);
  unsigned pos = op->num_attrs;
  while (pos > 0 && strcmp(op->attrs[pos - 1].name, interned) > 0) {
    op->attrs[pos] = op->attrs[pos - 1];
    pos--;
  }
  op->attrs[pos] = (vtc_named_attr){interned, value};
  op->num_attrs++;
}

bool vtc_op_remove_attr(vtc_op *op, const char *name) {
  vtc_named_attr *a = find_attr(op, name);
  if (!a) return false;
  vtc_context_ir_changed(vtc_op_context(op));
  unsigned i = (unsigned)(a - op->attrs);
  memmove(a, a + 1, (op->num_attrs - i - 1) * sizeof *a);
  op->num_attrs--;
  return true;
}

const vtc_attr *vtc_op_attr_dict(const vtc_op *op) {
  return vtc_attr_dictionary(vtc_op_context(op), op->num_attrs, op->attrs);
}

int64_t vtc_op_get_int_attr(const vtc_op *op, const char *name, int64_t fallback) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) return fallback;
  if (a->kind == VTC_ATTR_INTEGER) return a->i;
  return fallback;
}

/* ---- blocks and regions ------------------------------------------------- */

vtc_block *vtc_block_create(void) { return vtc_xcalloc(1, sizeof(vtc_block)); }

void vtc_block_destroy(vtc_block *block) {
  assert(!block->parent);
  for (vtc_op *o = block->first; o; o = o->next) drop_all_references(o);
  free_block(block);
}

vtc_value *vtc_block_add_arg(vtc_block *block, const vtc_type *type) {
  if (block->num_args == block->cap_args) {
    block->cap_args = block->cap_args ? 2 * block->cap_args : 4;
    block->args = vtc_xrealloc(block->args, block->cap_args * sizeof *block->args);
    if (block->arg_locs) {
      block->arg_locs = vtc_xrealloc(block->arg_locs, block->cap_args * sizeof *block->arg_locs);
      block->arg_locs[block->num_args] = NULL;
    }
  } else if (block->arg_locs) {
    block->arg_locs[block->num_args] = NULL;
  }
  vtc_value *v = vtc_xcalloc(1, sizeof *v);
  *v = (vtc_value){.type = type, .block = block, .index = block->num_args};
  block->args[block->num_args++] = v;
  return v;
}

void vtc_block_erase_arg(vtc_block *block, unsigned index) {
  assert(index < block->num_args && !block->args[index]->first_use);
  free(block->args[index]);
  for (unsigned i = index + 1; i < block->num_args; i++) {
    block->args[i - 1] = block->args[i];
    block->args[i - 1]->index = i - 1;
    if (block->arg_locs) block->arg_locs[i - 1] = block->arg_locs[i];
  }
  block->num_args--;
}

void vtc_block_set_arg_loc(vtc_block *block, unsigned index, const vtc_loc *loc) {
  assert(index < block->num_args);
  if (!block->arg_locs) block->arg_locs = vtc_xcalloc(block->cap_args, sizeof *block->arg_locs);
  block->arg_locs[index] = loc;
}

const vtc_loc *vtc_block_arg_loc(const vtc_block *block, unsigned index) {
  return block->arg_locs && index < block->num_args ? block->arg_locs[index] : NULL;
}

void vtc_region_insert_block_before(vtc_region *region, vtc_block *before, vtc_block *block) {
  assert(!block->parent);
  if (region->parent) vtc_context_ir_changed(vtc_op_context(region->parent)); /* else detached */
  block->parent = region;
  block->next = before;
  block->prev = before ? before->prev : region->last;
  if (block->prev) block->prev->next = block; else region->first = block;
  if (before) before->prev = block; else region->last = block;
}

void vtc_region_push_block(vtc_region *region, vtc_block *block) {
  vtc_region_insert_block_before(region, NULL, block);
}

void vtc_region_remove_block(vtc_region *region, vtc_block *block) {
  assert(block->parent == region);
  if (region->parent) vtc_context_ir_changed(vtc_op_context(region->parent));
  if (block->prev) block->prev->next = block->next; else region->first = block->next;
  if (block->next) block->next->prev = block->prev; else region->last = block->prev;
  block->prev = block->next = NULL;
  block->parent = NULL;
}

unsigned vtc_region_num_blocks(const vtc_region *region) {
  unsigned n = 0;
  for (vtc_block *b = region->first; b; b = b->next) n++;
  return n;
}

void vtc_region_take_body(vtc_region *dst, vtc_region *src) {
  while (src->first) {
    vtc_block *b = src->first;
    vtc_region_remove_block(src, b);
    vtc_region_push_block(dst, b);
  }
}

void vtc_region_clear(vtc_region *region) {
  for (vtc_block *b = region->first; b; b = b->next)
    for (vtc_op *o = b->first; o; o = o->next) drop_all_references(o);
  while (region->first) {
    vtc_block *b = region->first;
    vtc_region_remove_block(region, b);
    free_block(b);
  }
}

static void link_op(vtc_block *block, vtc_op *prev, vtc_op *next, vtc_op *op) {
  assert(!op->parent && "op is already in a block");
  vtc_context_ir_changed(vtc_op_context(op));
  op->parent = block;
  op->prev = prev;
  op->next = next;
  if (prev) prev->next = op; else block->first = op;
  if (next) next->prev = op; else block->last = op;
  /* Appending keeps the order valid cheaply; any other insertion renumbers. */
  if (block->order_valid && !next) op->order = prev ? prev->order + 1 : 1;
  else block->order_valid = false;
}

void vtc_block_push_op(vtc_block *block, vtc_op *op) { link_op(block, block->last, NULL, op); }
void vtc_block_insert_before(vtc_op *before, vtc_op *op) { link_op(before->parent, before->prev, before, op); }
void vtc_block_insert_after(vtc_op *after, vtc_op *op) { link_op(after->parent, after, after->next, op); }

vtc_op *vtc_block_terminator(const vtc_block *block) {
  vtc_op *last = block->last;
  if (!last) return NULL;
  /* Unregistered ops might be terminators, as MLIR assumes. */
  if (!last->name->def || (last->name->def->traits & VTC_TRAIT_TERMINATOR)) return last;
  return NULL;
}

static void renumber(vtc_block *block) {
  uint32_t n = 1;
  for (vtc_op *o = block->first; o; o = o->next) o->order = n++;
  block->order_valid = true;
}

bool vtc_op_is_before_in_block(vtc_op *a, vtc_op *b) {
  assert(a->parent && a->parent == b->parent);
  if (!a->parent->order_valid) renumber(a->parent);
  return a->order < b->order;
}

vtc_op *vtc_block_find_ancestor_op(const vtc_block *block, vtc_op *op) {
  while (op && op->parent != block) op = vtc_op_parent_op(op);
  return op;
}

bool vtc_op_is_ancestor(const vtc_op *ancestor, const vtc_op *op) {
  for (const vtc_op *o = op; o; o = vtc_op_parent_op(o))
    if (o == ancestor) return true;
  return false;
}

/* ---- values ---------------------------------------------------------------- */

bool vtc_value_has_uses(const vtc_value *v) { return v->first_use != NULL; }
bool vtc_value_has_one_use(const vtc_value *v) { return v->first_use && !v->first_use->next; }

unsigned vtc_value_num_uses(const vtc_value *v) {
  unsigned n = 0;
  for (const vtc_use *u = v->first_use; u; u = u->next) n++;
  return n;
}

void vtc_value_replace_all_uses(vtc_value *from, vtc_value *to) {
  if (from == to) return;
  while (from->first_use) {
    vtc_use *u = from->first_use;
    use_unlink(u);
    use_link(u, to);
  }
}

void vtc_op_replace_all_uses(vtc_op *op, vtc_value *const *values) {
  for (unsigned i = 0; i < op->num_results; i++) vtc_value_replace_all_uses(&op->results[i], values[i]);
}

vtc_block *vtc_value_parent_block(const vtc_value *v) { return v->def_op ? v->def_op->parent : v->block; }
