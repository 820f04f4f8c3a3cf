/* Uniqued source locations. */
#include "ir/location.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ir/support.h"

static const vtc_loc *uniq_loc(vtc_context *ctx, const vtc_loc *key, size_t size) {
  return vtc_uniq(ctx, VTC_UNIQ_LOC, key, size);
}

const vtc_loc *vtc_loc_unknown(vtc_context *ctx) {
  vtc_loc key;
  memset(&key, 0, sizeof key);
  key.kind = VTC_LOC_UNKNOWN;
  return uniq_loc(ctx, &key, sizeof key);
}

const vtc_loc *vtc_loc_file_interned(vtc_context *ctx, const char *interned_file, unsigned line, unsigned col) {
  vtc_loc key;
  memset(&key, 0, sizeof key);
  key.kind = VTC_LOC_FILE;
  key.name = interned_file;
  key.line = line;
  key.col = col;
  return uniq_loc(ctx, &key, offsetof(vtc_loc, child));
}

const vtc_loc *vtc_loc_file(vtc_context *ctx, const char *file, unsigned line, unsigned col) {
  return vtc_loc_file_interned(ctx, vtc_str(ctx, file), line, col);
}

const vtc_loc *vtc_loc_name(vtc_context *ctx, const char *name, const vtc_loc *child) {
  vtc_loc key;
  memset(&key, 0, sizeof key);
  key.kind = VTC_LOC_NAME;
  key.name = vtc_str(ctx, name);
  key.child = child;
  return uniq_loc(ctx, &key, sizeof key);
}

const vtc_loc *vtc_loc_fused(vtc_context *ctx, unsigned count, const vtc_loc *const *locs,
                             const struct vtc_attr *metadata) {
  size_t size = sizeof(vtc_loc) + count * sizeof(vtc_loc *);
  vtc_loc *key = vtc_xcalloc(1, size);
  key->kind = VTC_LOC_FUSED;
  key->count = count;
  key->metadata = metadata;
  for (unsigned i = 0; i < count; i++) key->locs[i] = locs[i];
  const vtc_loc *loc = uniq_loc(ctx, key, size);
  free(key);
  return loc;
}

const vtc_loc *vtc_loc_callsite(vtc_context *ctx, const vtc_loc *callee, const vtc_loc *caller) {
  vtc_loc key;
  memset(&key, 0, sizeof key);
  key.kind = VTC_LOC_CALLSITE;
  key.child = callee;
  key.caller = caller;
  return uniq_loc(ctx, &key, sizeof key);
}

const vtc_loc *vtc_loc_file_of(const vtc_loc *loc) {
  if (!loc) return NULL;
  switch (loc->kind) {
  case VTC_LOC_FILE:
    return loc;
  case VTC_LOC_NAME:
  case VTC_LOC_CALLSITE:
    return vtc_loc_file_of(loc->child);
  case VTC_LOC_FUSED:
    for (unsigned i = 0; i < loc->count; i++) {
      const vtc_loc *f = vtc_loc_file_of(loc->locs[i]);
      if (f) return f;
    }
    return NULL;
  default:
    return NULL;
  }
}
