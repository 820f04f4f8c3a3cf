/* Symbol tables: looking up the op that defines a symbol in an op with the
 * SYMBOL_TABLE trait. Lookups are served from an index that the context
 * caches and drops whenever the IR changes (any op linked, unlinked, or an
 * attribute set), so repeated lookups on unchanged IR (verifiers, launches,
 * calls) cost O(1) instead of a scan of the table. */
#ifndef VTC_IR_SYMBOL_TABLE_H
#define VTC_IR_SYMBOL_TABLE_H

#include "ir/operation.h"

/* The op's `sym_name`, or NULL. */
const char *vtc_symbol_name(const vtc_op *op);
/* The op directly in table's body whose `sym_name` is name, or NULL. */
vtc_op *vtc_symbol_table_lookup(vtc_op *table, const char *name);

/* Called by every mutation of linked IR (ir/operation.c). */
void vtc_context_ir_changed(vtc_context *ctx);

#endif
