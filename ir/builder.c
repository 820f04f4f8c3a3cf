/* Builders: create ops at an insertion point. */
#include "ir/builder.h"

#include <assert.h>
#include <string.h>

vtc_builder vtc_builder_at_end(vtc_context *ctx, vtc_block *block) {
  return (vtc_builder){.ctx = ctx, .block = block};
}

vtc_builder vtc_builder_before(vtc_op *op) {
  return (vtc_builder){.ctx = vtc_op_context(op), .block = op->parent, .before = op};
}

vtc_builder vtc_builder_after(vtc_op *op) {
  return (vtc_builder){.ctx = vtc_op_context(op), .block = op->parent, .before = op->next};
}

void vtc_builder_set_before(vtc_builder *b, vtc_op *op) {
  b->block = op->parent;
  b->before = op;
}

void vtc_builder_set_end(vtc_builder *b, vtc_block *block) {
  b->block = block;
  b->before = NULL;
}

void vtc_builder_insert_op(vtc_builder *b, vtc_op *op) {
  if (b->before)
    vtc_block_insert_before(b->before, op);
  else if (b->block)
    vtc_block_push_op(b->block, op);
  if (b->listener && b->listener->op_inserted) b->listener->op_inserted(op, b->listener->data);
}

vtc_op *vtc_builder_insert(vtc_builder *b, const vtc_op_state *state) {
  vtc_op *op = vtc_op_create(state);
  vtc_builder_insert_op(b, op);
  return op;
}

vtc_op *vtc_builder_create(vtc_builder *b, const char *name, const vtc_loc *loc,
                           unsigned num_operands, vtc_value *const *operands,
                           const vtc_type *result_type,
                           unsigned num_attrs, const vtc_named_attr *attrs) {
  vtc_op_state st = {
      .name = vtc_op_name_get(b->ctx, name),
      .loc = loc,
      .num_operands = num_operands,
      .operands = operands,
      .num_results = result_type ? 1 : 0,
      .result_types = &result_type,
      .num_attrs = num_attrs,
      .attrs = attrs,
  };
  return vtc_builder_insert(b, &st);
}
