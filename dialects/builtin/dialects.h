/* The builtin dialect (builtin.module, builtin.unrealized_conversion_cast) and
 * the func dialect (func.func, func.return, func.call), as static op tables,
 * plus the small helpers the core dialects share. */
#ifndef VTC_DIALECTS_BUILTIN_DIALECTS_H
#define VTC_DIALECTS_BUILTIN_DIALECTS_H

#include "ir/dialect.h"
#include "ir/symbol_table.h" /* vtc_symbol_name, vtc_symbol_table_lookup */

extern const vtc_dialect vtc_builtin_dialect, vtc_func_dialect;

/* Emits `'op.name' op <message>` at the op's location, as MLIR's
 * emitOpError; returns false so verifiers can `return vtc_op_error(...)`. */
bool vtc_op_error(vtc_op *op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The VTC_IFACE_CALLABLE slot of func-like ops: the body and the signature. */
typedef struct vtc_callable_iface {
  vtc_region *(*body)(vtc_op *op);               /* NULL or empty: a declaration */
  const vtc_type *(*function_type)(vtc_op *op);  /* a function type, or NULL */
} vtc_callable_iface;

/* The function type of a func.func (from `function_type`), or NULL. */
const vtc_type *vtc_func_get_type(const vtc_op *func);
/* Buffer donation: `graph.aliasing_output = N` on argument i says result N
 * may live in the argument's buffer; the caller gives up the argument's
 * contents (JAX's donate_argnums, XLA's input_output_alias). Written at the
 * graph level, kept by every lowering, honoured by lower-te-to-gir (a
 * destination written in place, the argument returned) and the runtimes. */
#define VTC_FUNC_ATTR_ALIASING_OUTPUT "graph.aliasing_output"
/* N when argument `arg` of func donates its buffer to result N (an integer
 * in range), else -1 (vtc-build-vtog reports a malformed one). */
int vtc_func_donated_result(const vtc_op *func, unsigned arg);
/* Every func.func under root (not inside another one), in walk order: a
 * malloc'd array (free() it) of *count entries, collected before a pass
 * rewrites them. */
vtc_op **vtc_func_collect(vtc_op *root, size_t *count);
/* Looks up a symbol by reference from `from`: the nearest enclosing symbol
 * table (an op with VTC_TRAIT_SYMBOL_TABLE) holding `ref` (nested references
 * descend into nested symbol tables). NULL when not found. */
vtc_op *vtc_symbol_lookup_from(vtc_op *from, const vtc_attr *ref);

#endif
