/* Symbol lookup with a cached index per context: one table at a time (the
 * common case is one module), rebuilt on demand after the IR changed. */
#include "ir/symbol_table.h"

#include <string.h>

#include "ir/context_impl.h"
#include "ir/ptrmap.h"

const char *vtc_symbol_name(const vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, "sym_name");
  return a && a->kind == VTC_ATTR_STRING ? a->str : NULL;
}

void vtc_context_ir_changed(vtc_context *ctx) { ctx->ir_epoch++; }

/* Indexes table's body by interned symbol name; the first definition of a
 * name wins, as a scan would find it. */
static void rebuild(vtc_context *ctx, vtc_op *table) {
  vtc_ptrmap *index = ctx->symbol_index;
  vtc_ptrmap_clear(index);
  vtc_block *body = table->num_regions ? vtc_op_region(table, 0)->first : NULL;
  for (vtc_op *op = body ? body->first : NULL; op; op = op->next) {
    const char *n = vtc_symbol_name(op);
    if (n && !vtc_ptrmap_contains(index, n)) vtc_ptrmap_put(index, n, op);
  }
  ctx->symbol_index_table = table;
  ctx->symbol_index_epoch = ctx->ir_epoch;
}

vtc_op *vtc_symbol_table_lookup(vtc_op *table, const char *name) {
  vtc_context *ctx = vtc_op_context(table);
  if (!ctx->symbol_index) ctx->symbol_index = vtc_xcalloc(1, sizeof(vtc_ptrmap));
  if (ctx->symbol_index_table != table || ctx->symbol_index_epoch != ctx->ir_epoch) rebuild(ctx, table);
  return vtc_ptrmap_get(ctx->symbol_index, vtc_str(ctx, name));
}
