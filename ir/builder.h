/* The builder: creates ops at an insertion point (before an op or at the end
 * of a block), like MLIR's OpBuilder. A listener lets the rewrite driver see
 * every op created or erased. */
#ifndef VTC_IR_BUILDER_H
#define VTC_IR_BUILDER_H

#include "ir/dialect.h"

typedef struct vtc_builder_listener {
  void (*op_inserted)(vtc_op *op, void *data);
  void *data;
} vtc_builder_listener;

struct vtc_builder {
  vtc_context *ctx;
  vtc_block *block;  /* insert into this block ... */
  vtc_op *before;    /* ... before this op, or at the end when NULL */
  const vtc_builder_listener *listener;
};

vtc_builder vtc_builder_at_end(vtc_context *ctx, vtc_block *block);
vtc_builder vtc_builder_before(vtc_op *op);
vtc_builder vtc_builder_after(vtc_op *op);
void vtc_builder_set_before(vtc_builder *b, vtc_op *op);
void vtc_builder_set_end(vtc_builder *b, vtc_block *block);

/* Creates an op from state and inserts it at the builder's point. */
vtc_op *vtc_builder_insert(vtc_builder *b, const vtc_op_state *state);
/* Convenience: op with operands, one result type (NULL = none) and attrs. */
vtc_op *vtc_builder_create(vtc_builder *b, const char *name, const vtc_loc *loc,
                           unsigned num_operands, vtc_value *const *operands,
                           const vtc_type *result_type,
                           unsigned num_attrs, const vtc_named_attr *attrs);
/* Inserts an existing detached op. */
void vtc_builder_insert_op(vtc_builder *b, vtc_op *op);

#endif
