/* What assertion ops share (te.assert, gir.assert; see the te and gir
 * READMEs): the attributes, the custom form, the verifier and the builder.
 *
 *   te.assert eq(%k0, %k1) "'graph.matmul' op matmul: contraction dimensions differ: {0} vs {1}"
 *   gir.assert ult(%j, %n, %i) order %w "'graph.gather' op gather: index {2} is out of range ..."
 *
 * Operands: two or more `index` values, the arguments; the relation
 * (ir/check.h) holds between the first two, and `{k}` in the message stands
 * for argument k. With `order` (gir kernels only: unit attribute `ordered`),
 * one more index operand, last: among the assertions that fail in one
 * launch, the one with the smallest order is reported. Generic form:
 * attributes `relation` and `message` (strings), `ordered` (unit). */
#ifndef VTC_IR_ASSERT_OP_H
#define VTC_IR_ASSERT_OP_H

#include "ir/asm.h"
#include "ir/builder.h"
#include "ir/check.h"

#define VTC_ASSERT_ATTR_RELATION "relation"
#define VTC_ASSERT_ATTR_MESSAGE "message"
#define VTC_ASSERT_ATTR_ORDERED "ordered"

/* Accessors (on a verified op). */
vtc_check_relation vtc_assert_relation(const vtc_op *op);
const char *vtc_assert_message(const vtc_op *op);
bool vtc_assert_is_ordered(const vtc_op *op);
unsigned vtc_assert_num_args(const vtc_op *op);
vtc_value *vtc_assert_arg(const vtc_op *op, unsigned i);
vtc_value *vtc_assert_order(const vtc_op *op); /* NULL without */
/* The message with the arguments' values (heap, caller frees). */
char *vtc_assert_format(const vtc_op *op, const int64_t *values);

/* Creates assertion op `name` at the builder's point; order may be NULL. */
vtc_op *vtc_assert_build(vtc_builder *b, const char *name, const vtc_loc *loc, vtc_check_relation relation,
                         unsigned num_args, vtc_value *const *args, vtc_value *order, const char *message);

/* The op definition's hooks: verify (order_allowed: whether `order` may
 * appear), print and parse (the form above). */
bool vtc_assert_verify(vtc_op *op, bool order_allowed);
void vtc_assert_print(vtc_printer *p, vtc_op *op);
bool vtc_assert_parse(vtc_parser *p, vtc_parse_state *st);

#endif
