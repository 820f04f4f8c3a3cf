/* The context's fields, private to ir/. Other modules use the accessors in
 * context.h, dialect.h, pass.h and diagnostics.h. */
#ifndef VTC_IR_CONTEXT_IMPL_H
#define VTC_IR_CONTEXT_IMPL_H

#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/support.h"

typedef struct uniq_entry {
  uint64_t hash;
  const void *object; /* points just past a uniq_header in the arena */
} uniq_entry;

typedef struct arena_chunk {
  struct arena_chunk *next;
  size_t used, size;
  _Alignas(8) unsigned char data[];
} arena_chunk;

struct vtc_pass_def;

struct vtc_context {
  arena_chunk *arena;
  size_t arena_bytes;
  uniq_entry *table;
  size_t table_cap, table_count;

  /* Scalar types by width or kind: the parser asks for them at every use. */
  const struct vtc_type *int_types[65];
  const struct vtc_type *scalar_types[16];

  /* Dialect registry: registered dialects and an op-name index. */
  VTC_VEC(const vtc_dialect *) dialects;
  struct op_def_slot { const char *name; const vtc_op_def *def; } *op_defs; /* by interned name */
  size_t op_defs_cap, op_defs_count;
  bool allow_unregistered;

  /* Pass registry (ir/pass.c). */
  VTC_VEC(const struct vtc_pass_def *) passes;

  /* Diagnostics (ir/diagnostics.c). */
  vtc_diag_handler handler;
  void *handler_data;
  unsigned error_count;

  /* Mutations of linked IR bump the epoch; the symbol index of one table
   * (ir/symbol_table.c) is valid while the epoch it was built at holds. */
  uint64_t ir_epoch;
  struct vtc_ptrmap *symbol_index;
  const struct vtc_op *symbol_index_table;
  uint64_t symbol_index_epoch;

  /* Parsed attribute defaults (vtc_attr_spec.default_value), by spec row:
   * heap, owned, created at the first lookup (ir/dialect.c). */
  struct vtc_ptrmap *attr_defaults;

  /* Source buffers registered by the parser, for caret lines in diagnostics. */
  VTC_VEC(struct vtc_source_buffer *) sources;

  /* Resource blobs (ir/resources.c), in creation order. */
  VTC_VEC(struct vtc_resource *) resources;
};

#endif
