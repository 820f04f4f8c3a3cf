/* The pass registry: pass definitions registered by name in the context (kept
 * sorted, so --list-passes and lookups need no extra index). Which passes a
 * tool registers is the tool's choice (tools/common/register.h). */
#include <string.h>

#include "ir/context_impl.h"
#include "ir/pass.h"

/* Binary search over the sorted registry: the slot where name is or would be. */
static size_t pass_slot(const vtc_context *ctx, const char *name, bool *found) {
  size_t lo = 0, hi = ctx->passes.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(ctx->passes.data[mid]->name, name);
    if (c == 0) {
      *found = true;
      return mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  *found = false;
  return lo;
}

/* Registering a name twice replaces the earlier definition, so a tool can
 * override a pass; registering the same definition again is a no-op. */
void vtc_context_register_pass(vtc_context *ctx, const vtc_pass_def *def) {
  bool found;
  size_t at = pass_slot(ctx, def->name, &found);
  if (found) {
    ctx->passes.data[at] = def;
    return;
  }
  VTC_VEC_PUSH(&ctx->passes, def);
  memmove(&ctx->passes.data[at + 1], &ctx->passes.data[at],
          (ctx->passes.len - 1 - at) * sizeof *ctx->passes.data);
  ctx->passes.data[at] = def;
}

const vtc_pass_def *vtc_context_lookup_pass(vtc_context *ctx, const char *name) {
  bool found;
  size_t at = pass_slot(ctx, name, &found);
  return found ? ctx->passes.data[at] : NULL;
}

size_t vtc_context_num_passes(const vtc_context *ctx) { return ctx->passes.len; }

const vtc_pass_def *vtc_context_pass_at(const vtc_context *ctx, size_t i) {
  return i < ctx->passes.len ? ctx->passes.data[i] : NULL;
}
