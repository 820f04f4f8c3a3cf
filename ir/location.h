/* Source locations, uniqued like attributes: file:line:col, named (`"x"(loc)`),
 * fused (several locations, optional metadata), call sites, and unknown. */
#ifndef VTC_IR_LOCATION_H
#define VTC_IR_LOCATION_H

#include "ir/context.h"

struct vtc_attr;

typedef enum vtc_loc_kind {
  VTC_LOC_UNKNOWN,
  VTC_LOC_FILE,     /* file:line:col */
  VTC_LOC_NAME,     /* name, with an optional child location */
  VTC_LOC_FUSED,    /* several locations, optional metadata attribute */
  VTC_LOC_CALLSITE, /* callee location at caller location */
} vtc_loc_kind;

/* Fields past `name` exist only for the kinds that use them: file
 * locations, one per op in a parsed module, are stored without them. */
typedef struct vtc_loc {
  int32_t kind;
  uint32_t line, col;
  uint32_t count;            /* fused: number of locs */
  const char *name;          /* file: file name; name: the name (interned) */
  const struct vtc_loc *child;  /* name: child (NULL = none); callsite: callee */
  const struct vtc_loc *caller; /* callsite: caller */
  const struct vtc_attr *metadata; /* fused: NULL = none */
  const struct vtc_loc *locs[];
} vtc_loc;

const vtc_loc *vtc_loc_unknown(vtc_context *ctx);
const vtc_loc *vtc_loc_file(vtc_context *ctx, const char *file, unsigned line, unsigned col);
/* As vtc_loc_file with an already interned file name (the parser's path). */
const vtc_loc *vtc_loc_file_interned(vtc_context *ctx, const char *interned_file, unsigned line, unsigned col);
const vtc_loc *vtc_loc_name(vtc_context *ctx, const char *name, const vtc_loc *child);
const vtc_loc *vtc_loc_fused(vtc_context *ctx, unsigned count, const vtc_loc *const *locs,
                             const struct vtc_attr *metadata);
const vtc_loc *vtc_loc_callsite(vtc_context *ctx, const vtc_loc *callee, const vtc_loc *caller);
/* The first file location inside loc (through names, fusions, callees), or
 * NULL: what a diagnostic prints as its `file:line:col:` prefix. */
const vtc_loc *vtc_loc_file_of(const vtc_loc *loc);

#endif
