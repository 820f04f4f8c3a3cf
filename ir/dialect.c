/* The dialect registry: dialects by name and op definitions by interned op
 * name (a hash table keyed by the name's pointer). */
#include "ir/dialect.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir/asm.h"
#include "ir/context_impl.h"
#include "ir/ptrmap.h"

static size_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x;
}

static void op_defs_insert(vtc_context *ctx, const char *name, const vtc_op_def *def);

static void op_defs_grow(vtc_context *ctx) {
  struct op_def_slot *old = ctx->op_defs;
  size_t old_cap = ctx->op_defs_cap;
  ctx->op_defs_cap = old_cap ? old_cap * 2 : 256;
  ctx->op_defs = vtc_xcalloc(ctx->op_defs_cap, sizeof *ctx->op_defs);
  ctx->op_defs_count = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].name) op_defs_insert(ctx, old[i].name, old[i].def);
  free(old);
}

static void op_defs_insert(vtc_context *ctx, const char *name, const vtc_op_def *def) {
  if ((ctx->op_defs_count + 1) * 2 > ctx->op_defs_cap) op_defs_grow(ctx);
  size_t mask = ctx->op_defs_cap - 1;
  size_t i = ptr_hash(name) & mask;
  while (ctx->op_defs[i].name && ctx->op_defs[i].name != name) i = (i + 1) & mask;
  if (!ctx->op_defs[i].name) ctx->op_defs_count++;
  ctx->op_defs[i] = (struct op_def_slot){name, def};
}

static const vtc_op_def *op_defs_find(const vtc_context *ctx, const char *name) {
  if (!ctx->op_defs_cap) return NULL;
  size_t mask = ctx->op_defs_cap - 1;
  for (size_t i = ptr_hash(name) & mask; ctx->op_defs[i].name; i = (i + 1) & mask)
    if (ctx->op_defs[i].name == name) return ctx->op_defs[i].def;
  return NULL;
}

void vtc_context_register_dialect(vtc_context *ctx, const vtc_dialect *dialect) {
  for (size_t i = 0; i < ctx->dialects.len; i++)
    if (ctx->dialects.data[i] == dialect) return;
  VTC_VEC_PUSH(&ctx->dialects, dialect);
  for (size_t i = 0; i < dialect->num_ops; i++)
    op_defs_insert(ctx, vtc_str(ctx, dialect->ops[i].name), &dialect->ops[i]);
}

const vtc_dialect *vtc_context_get_dialect(vtc_context *ctx, const char *name) {
  for (size_t i = 0; i < ctx->dialects.len; i++)
    if (strcmp(ctx->dialects.data[i]->name, name) == 0) return ctx->dialects.data[i];
  return NULL;
}

const vtc_op_def *vtc_context_lookup_op(vtc_context *ctx, const char *name) {
  return op_defs_find(ctx, vtc_str(ctx, name));
}

void vtc_context_allow_unregistered(vtc_context *ctx, bool allow) { ctx->allow_unregistered = allow; }
bool vtc_context_allows_unregistered(const vtc_context *ctx) { return ctx->allow_unregistered; }

const vtc_op_name *vtc_op_name_get(vtc_context *ctx, const char *name) {
  vtc_op_name key;
  memset(&key, 0, sizeof key);
  key.ctx = ctx;
  key.name = vtc_str(ctx, name);
  const char *dot = strchr(name, '.');
  key.dialect = dot ? vtc_strn(ctx, name, (size_t)(dot - name)) : vtc_str(ctx, "");
  key.def = op_defs_find(ctx, key.name);
  return vtc_uniq(ctx, VTC_UNIQ_OP_NAME, &key, sizeof key);
}

/* Defaults are text in the static tables (as ODS's DefaultValuedAttr); each
 * is parsed into the context once, at its first use. */
const vtc_attr *vtc_op_attr_default(vtc_op *op, const char *name) {
  const vtc_op_def *def = op->name->def;
  if (!def || !def->attrs) return NULL;
  const vtc_attr_spec *s = def->attrs;
  while (s->name && strcmp(s->name, name) != 0) s++;
  if (!s->name || !s->default_value) return NULL;
  vtc_context *ctx = op->name->ctx;
  if (!ctx->attr_defaults) ctx->attr_defaults = vtc_xcalloc(1, sizeof *ctx->attr_defaults);
  void *cached = NULL;
  if (vtc_ptrmap_lookup(ctx->attr_defaults, s, &cached)) return cached;
  const vtc_attr *a = vtc_parse_attr_string(ctx, s->default_value);
  assert(a && "an op table's default_value does not parse");
  vtc_ptrmap_put(ctx->attr_defaults, s, (void *)a);
  return a;
}
