/* Walking nested ops, value/block mappings and deep cloning. */
#include <stdlib.h>
#include <string.h>

#include "ir/operation.h"
#include "ir/support.h"

/* ---- walk --------------------------------------------------------------- */

static bool walk_regions(vtc_op *op, bool pre_order, vtc_walk_fn fn, void *data) {
  for (unsigned r = 0; r < op->num_regions; r++) {
    for (vtc_block *b = op->regions[r].first; b; b = b->next) {
      for (vtc_op *o = b->first, *next; o; o = next) {
        next = o->next; /* the callback may erase o in post-order */
        if (!vtc_op_walk(o, pre_order, fn, data)) return false;
      }
    }
  }
  return true;
}

bool vtc_op_walk(vtc_op *op, bool pre_order, vtc_walk_fn fn, void *data) {
  if (pre_order) {
    vtc_walk_result r = fn(op, data);
    if (r == VTC_WALK_INTERRUPT) return false;
    if (r == VTC_WALK_SKIP) return true;
    return walk_regions(op, pre_order, fn, data);
  }
  if (!walk_regions(op, pre_order, fn, data)) return false;
  return fn(op, data) != VTC_WALK_INTERRUPT;
}

/* ---- mapping: an open-addressing pointer map ----------------------------- */

typedef struct map_slot {
  const void *key;
  void *value;
} map_slot;

struct vtc_mapping {
  map_slot *slots;
  size_t cap, count;
};

vtc_mapping *vtc_mapping_create(void) { return vtc_xcalloc(1, sizeof(vtc_mapping)); }

void vtc_mapping_destroy(vtc_mapping *m) {
  if (!m) return;
  free(m->slots);
  free(m);
}

static size_t slot_of(const vtc_mapping *m, const void *key) {
  uint64_t x = (uint64_t)(uintptr_t)key;
  x ^= x >> 31;
  x *= 0x9e3779b97f4a7c15ull;
  x ^= x >> 29;
  size_t mask = m->cap - 1, i = (size_t)x & mask;
  while (m->slots[i].key && m->slots[i].key != key) i = (i + 1) & mask;
  return i;
}

static void map_put(vtc_mapping *m, const void *key, void *value) {
  if ((m->count + 1) * 2 > m->cap) {
    map_slot *old = m->slots;
    size_t old_cap = m->cap;
    m->cap = old_cap ? old_cap * 2 : 64;
    m->slots = vtc_xcalloc(m->cap, sizeof *m->slots);
    for (size_t i = 0; i < old_cap; i++)
      if (old[i].key) m->slots[slot_of(m, old[i].key)] = old[i];
    free(old);
  }
  size_t i = slot_of(m, key);
  if (!m->slots[i].key) m->count++;
  m->slots[i] = (map_slot){key, value};
}

static void *map_get(const vtc_mapping *m, const void *key) {
  if (!m || !m->cap) return NULL;
  return m->slots[slot_of(m, key)].value;
}

void vtc_mapping_map_value(vtc_mapping *m, const vtc_value *from, vtc_value *to) { map_put(m, from, to); }
vtc_value *vtc_mapping_lookup_value(const vtc_mapping *m, const vtc_value *from) { return map_get(m, from); }
void vtc_mapping_map_block(vtc_mapping *m, const vtc_block *from, vtc_block *to) { map_put(m, from, to); }
vtc_block *vtc_mapping_lookup_block(const vtc_mapping *m, const vtc_block *from) { return map_get(m, from); }

/* ---- clone ---------------------------------------------------------------- */

/* Clones op's shell and its regions; operands inside are remapped afterwards
 * so that forward references between blocks resolve. */
static vtc_op *clone_op(vtc_op *op, vtc_mapping *map);

static void clone_region(vtc_region *src, vtc_region *dst, vtc_mapping *map) {
  /* Create every block first: successors may refer to later blocks. */
  for (vtc_block *b = src->first; b; b = b->next) {
    vtc_block *nb = vtc_block_create();
    for (unsigned i = 0; i < b->num_args; i++) {
      vtc_mapping_map_value(map, b->args[i], vtc_block_add_arg(nb, b->args[i]->type));
      if (vtc_block_arg_loc(b, i)) vtc_block_set_arg_loc(nb, i, vtc_block_arg_loc(b, i));
    }
    vtc_mapping_map_block(map, b, nb);
    vtc_region_push_block(dst, nb);
  }
  for (vtc_block *b = src->first; b; b = b->next) {
    vtc_block *nb = vtc_mapping_lookup_block(map, b);
    for (vtc_op *o = b->first; o; o = o->next) vtc_block_push_op(nb, clone_op(o, map));
  }
}

static vtc_value *remap(vtc_mapping *map, vtc_value *v) {
  vtc_value *n = vtc_mapping_lookup_value(map, v);
  return n ? n : v;
}

static vtc_op *clone_op(vtc_op *op, vtc_mapping *map) {
  vtc_value **operands = vtc_xcalloc(op->num_operands, sizeof *operands);
  const vtc_type **types = vtc_xcalloc(op->num_results, sizeof *types);
  vtc_block **succ = vtc_xcalloc(op->num_successors, sizeof *succ);
  for (unsigned i = 0; i < op->num_operands; i++) operands[i] = remap(map, op->operands[i].value);
  for (unsigned i = 0; i < op->num_results; i++) types[i] = op->results[i].type;
  for (unsigned i = 0; i < op->num_successors; i++) {
    vtc_block *nb = vtc_mapping_lookup_block(map, op->successors[i]);
    succ[i] = nb ? nb : op->successors[i];
  }
  vtc_op_state st = {
      .name = op->name, .loc = op->loc,
      .num_operands = op->num_operands, .operands = operands,
      .num_results = op->num_results, .result_types = types,
      .num_attrs = op->num_attrs, .attrs = op->attrs,
      .num_regions = op->num_regions,
      .num_successors = op->num_successors, .successors = succ,
  };
  vtc_op *copy = vtc_op_create(&st);
  free(operands);
  free(types);
  free(succ);
  for (unsigned i = 0; i < op->num_results; i++) vtc_mapping_map_value(map, &op->results[i], &copy->results[i]);
  for (unsigned r = 0; r < op->num_regions; r++) clone_region(&op->regions[r], &copy->regions[r], map);
  return copy;
}

/* Operands that referred to values defined later in the cloned tree (uses
 * in a block before the defining block) were kept pointing at the original:
 * a second pass points them at the copies. */
static void fix_forward_refs(vtc_op *copy, vtc_mapping *map) {
  for (unsigned i = 0; i < copy->num_operands; i++) {
    vtc_value *v = copy->operands[i].value;
    vtc_value *n = v ? vtc_mapping_lookup_value(map, v) : NULL;
    if (n && n != v) vtc_op_set_operand(copy, i, n);
  }
  for (unsigned r = 0; r < copy->num_regions; r++)
    for (vtc_block *b = copy->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next) fix_forward_refs(o, map);
}

vtc_op *vtc_op_clone(vtc_op *op, vtc_mapping *map) {
  vtc_mapping *own = map ? NULL : vtc_mapping_create();
  vtc_mapping *m = map ? map : own;
  vtc_op *copy = clone_op(op, m);
  fix_forward_refs(copy, m);
  vtc_mapping_destroy(own);
  return copy;
}

void vtc_region_clone_into(vtc_region *src, vtc_region *dst, vtc_mapping *map) {
  vtc_block *last_before = dst->last;
  clone_region(src, dst, map);
  for (vtc_block *b = last_before ? last_before->next : dst->first; b; b = b->next)
    for (vtc_op *o = b->first; o; o = o->next) fix_forward_refs(o, map);
}
