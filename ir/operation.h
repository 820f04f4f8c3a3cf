/* Operations, blocks, regions and SSA values with use lists: the mutable part
 * of the IR. Ownership: an op owns its regions, a region its blocks, a block
 * its arguments and its ops. Erasing an op frees everything it owns; it must
 * have no remaining uses of its results. */
#ifndef VTC_IR_OPERATION_H
#define VTC_IR_OPERATION_H

#include "ir/attributes.h"
#include "ir/context.h"
#include "ir/location.h"
#include "ir/types.h"

typedef struct vtc_op vtc_op;
typedef struct vtc_block vtc_block;
typedef struct vtc_region vtc_region;
typedef struct vtc_value vtc_value;
typedef struct vtc_use vtc_use;

/* An operation name, uniqued per context: `arith.addi`, with its definition
 * when a dialect registered it (def == NULL for unregistered ops). */
typedef struct vtc_op_name {
  vtc_context *ctx;
  const char *name;    /* interned full name */
  const char *dialect; /* interned prefix before the first '.' */
  const vtc_op_def *def;
} vtc_op_name;

const vtc_op_name *vtc_op_name_get(vtc_context *ctx, const char *name);

/* An SSA value: an op result or a block argument. */
struct vtc_value {
  const vtc_type *type;
  vtc_use *first_use;
  vtc_op *def_op;      /* defining op, NULL for block arguments */
  vtc_block *block;    /* owning block, for block arguments */
  uint32_t index;      /* result number or argument number */
  uint32_t pad_;
};

/* One operand slot of an op: a link in its value's use list. */
struct vtc_use {
  vtc_value *value;
  vtc_use *next;
  vtc_use **prev_next; /* the pointer that points at this use */
  vtc_op *owner;
};

struct vtc_region {
  vtc_op *parent;
  vtc_block *first, *last;
};

struct vtc_block {
  vtc_region *parent;
  vtc_block *prev, *next;
  vtc_op *first, *last;
  vtc_value **args;
  const vtc_loc **arg_locs; /* NULL until a location is set; cap_args long */
  uint32_t num_args, cap_args;
  bool order_valid; /* the ops' `order` fields are current */
};

struct vtc_op {
  const vtc_op_name *name;
  const vtc_loc *loc;
  vtc_block *parent;
  vtc_op *prev, *next;
  uint32_t num_operands, num_results, num_regions, num_successors;
  uint32_t num_attrs, cap_attrs;
  uint32_t order; /* position in block for O(1) ordering, 0 = stale */
  uint32_t pad_;
  vtc_use *operands;       /* separately allocated: operands can be reset */
  vtc_value *results;      /* inline after the op */
  vtc_region *regions;     /* inline after the results */
  vtc_block **successors;  /* inline after the regions */
  vtc_named_attr *attrs;   /* sorted by name (strcmp); owned by the op */
};

/* ---- creating ----------------------------------------------------------- */

/* Everything an op is created from; build one, then call vtc_op_create. */
typedef struct vtc_op_state {
  const vtc_op_name *name;
  const vtc_loc *loc;
  unsigned num_operands;
  vtc_value *const *operands;
  unsigned num_results;
  const vtc_type *const *result_types;
  unsigned num_attrs;
  const vtc_named_attr *attrs;
  unsigned num_regions;
  unsigned num_successors;
  vtc_block *const *successors;
} vtc_op_state;

/* Creates a detached op with empty regions. */
vtc_op *vtc_op_create(const vtc_op_state *state);
/* Frees a detached op and all it owns. Its results must have no uses. */
void vtc_op_destroy(vtc_op *op);
/* Unlinks op from its block and destroys it. */
void vtc_op_erase(vtc_op *op);
/* Unlinks op from its block without destroying it. */
void vtc_op_remove(vtc_op *op);

static inline vtc_context *vtc_op_context(const vtc_op *op) { return op->name->ctx; }
static inline const vtc_op_def *vtc_op_get_def(const vtc_op *op) { return op->name->def; }
static inline bool vtc_op_is(const vtc_op *op, const char *interned_name) {
  return op->name->name == interned_name;
}
bool vtc_op_is_named(const vtc_op *op, const char *name); /* by strcmp */
static inline vtc_value *vtc_op_operand(const vtc_op *op, unsigned i) { return op->operands[i].value; }
static inline vtc_value *vtc_op_result(vtc_op *op, unsigned i) { return &op->results[i]; }
static inline vtc_region *vtc_op_region(vtc_op *op, unsigned i) { return &op->regions[i]; }
vtc_op *vtc_op_parent_op(const vtc_op *op);

void vtc_op_set_operand(vtc_op *op, unsigned i, vtc_value *value);
/* Replaces the whole operand list. */
void vtc_op_set_operands(vtc_op *op, unsigned count, vtc_value *const *values);

/* Attributes (by name; names are interned on the way in). */
const vtc_attr *vtc_op_get_attr(const vtc_op *op, const char *name);
void vtc_op_set_attr(vtc_op *op, const char *name, const vtc_attr *value);
bool vtc_op_remove_attr(vtc_op *op, const char *name);
/* The attributes as one dictionary attribute. */
const vtc_attr *vtc_op_attr_dict(const vtc_op *op);
int64_t vtc_op_get_int_attr(const vtc_op *op, const char *name, int64_t fallback);

/* ---- blocks and regions ------------------------------------------------- */

vtc_block *vtc_block_create(void);
void vtc_block_destroy(vtc_block *block); /* detached block */
vtc_value *vtc_block_add_arg(vtc_block *block, const vtc_type *type);
void vtc_block_erase_arg(vtc_block *block, unsigned index); /* arg must be unused */
/* Where an argument was defined (MLIR's BlockArgument::getLoc): the parser
 * records the `%name` of each argument it reads; NULL where none is known. */
void vtc_block_set_arg_loc(vtc_block *block, unsigned index, const vtc_loc *loc);
const vtc_loc *vtc_block_arg_loc(const vtc_block *block, unsigned index);
void vtc_region_push_block(vtc_region *region, vtc_block *block);
void vtc_region_insert_block_before(vtc_region *region, vtc_block *before, vtc_block *block);
void vtc_region_remove_block(vtc_region *region, vtc_block *block);
unsigned vtc_region_num_blocks(const vtc_region *region);
/* Moves every block of src to the end of dst. */
void vtc_region_take_body(vtc_region *dst, vtc_region *src);
void vtc_region_clear(vtc_region *region);

void vtc_block_push_op(vtc_block *block, vtc_op *op);
void vtc_block_insert_before(vtc_op *before, vtc_op *op);
void vtc_block_insert_after(vtc_op *after, vtc_op *op);
vtc_op *vtc_block_terminator(const vtc_block *block);
/* True when a comes before b in the same block (amortised O(1)). */
bool vtc_op_is_before_in_block(vtc_op *a, vtc_op *b);
/* The ancestor of op that lies directly in block, or NULL. */
vtc_op *vtc_block_find_ancestor_op(const vtc_block *block, vtc_op *op);
bool vtc_op_is_ancestor(const vtc_op *ancestor, const vtc_op *op);

/* ---- values and uses ---------------------------------------------------- */

bool vtc_value_has_uses(const vtc_value *v);
bool vtc_value_has_one_use(const vtc_value *v);
unsigned vtc_value_num_uses(const vtc_value *v);
/* Points every use of from at to. */
void vtc_value_replace_all_uses(vtc_value *from, vtc_value *to);
/* Replaces each result of op with values[i]. */
void vtc_op_replace_all_uses(vtc_op *op, vtc_value *const *values);
/* The block in which the value is defined. */
vtc_block *vtc_value_parent_block(const vtc_value *v);

/* ---- walking ------------------------------------------------------------ */

typedef enum vtc_walk_result { VTC_WALK_ADVANCE, VTC_WALK_SKIP, VTC_WALK_INTERRUPT } vtc_walk_result;
typedef vtc_walk_result (*vtc_walk_fn)(vtc_op *op, void *data);
/* Post-order (an op after everything nested in it) unless pre_order; safe
 * against erasing the visited op in post-order. SKIP (pre-order only) skips
 * the op's regions. Returns false if interrupted. */
bool vtc_op_walk(vtc_op *op, bool pre_order, vtc_walk_fn fn, void *data);

/* ---- cloning ------------------------------------------------------------ */

/* A map from old values/blocks to new ones, used by clone and inlining. */
typedef struct vtc_mapping vtc_mapping;
vtc_mapping *vtc_mapping_create(void);
void vtc_mapping_destroy(vtc_mapping *m);
void vtc_mapping_map_value(vtc_mapping *m, const vtc_value *from, vtc_value *to);
vtc_value *vtc_mapping_lookup_value(const vtc_mapping *m, const vtc_value *from); /* NULL if none */
void vtc_mapping_map_block(vtc_mapping *m, const vtc_block *from, vtc_block *to);
vtc_block *vtc_mapping_lookup_block(const vtc_mapping *m, const vtc_block *from);

/* Deep copy, detached. Operands defined outside op are remapped through map
 * when present there, else kept. map may be NULL. */
vtc_op *vtc_op_clone(vtc_op *op, vtc_mapping *map);
/* Clones the blocks of src into dst (appended), mapping through map. */
void vtc_region_clone_into(vtc_region *src, vtc_region *dst, vtc_mapping *map);

#endif
