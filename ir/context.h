/* The context: owner of every uniqued object (strings, types, attributes,
 * affine expressions and maps, locations), the dialect and pass registries and
 * the diagnostic handler. Nothing in vtc is global; two contexts can live in
 * one process and share nothing. */
#ifndef VTC_IR_CONTEXT_H
#define VTC_IR_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct vtc_context vtc_context;
typedef struct vtc_diagnostic vtc_diagnostic;
typedef struct vtc_dialect vtc_dialect;
typedef struct vtc_op_def vtc_op_def;

vtc_context *vtc_context_create(void);
/* Frees everything the context owns: uniqued objects, registries. Operations
 * are not owned by the context: destroy them (vtc_op_destroy) first. */
void vtc_context_destroy(vtc_context *ctx);

/* ---- uniquing ----------------------------------------------------------
 * Every immutable IR object is stored once per context. A key is a flat,
 * fully initialised byte string (zero any padding) whose embedded pointers are
 * themselves uniqued, so byte equality is structural equality and pointer
 * equality of the results is value equality. `tag` separates the kinds.
 * The returned copy lives in the context's arena until the context dies. */
const void *vtc_uniq(vtc_context *ctx, unsigned tag, const void *key, size_t size);

/* Tags for vtc_uniq. Each owner module uses its own. */
enum {
  VTC_UNIQ_STRING = 1,
  VTC_UNIQ_TYPE,
  VTC_UNIQ_ATTR,
  VTC_UNIQ_AFFINE_EXPR,
  VTC_UNIQ_AFFINE_MAP,
  VTC_UNIQ_LOC,
  VTC_UNIQ_OP_NAME,
};

/* Arena allocation for objects that live as long as the context (zeroed). */
void *vtc_context_alloc(vtc_context *ctx, size_t size);

/* Interned strings: equal contents give the same pointer; the bytes are
 * NUL-terminated and may contain interior NULs (use vtc_str_len). */
const char *vtc_str(vtc_context *ctx, const char *s);
const char *vtc_strn(vtc_context *ctx, const char *s, size_t len);
size_t vtc_str_len(const char *interned);

/* Allocation that aborts on exhaustion: out of memory is not a user error. */
void *vtc_xmalloc(size_t size);
void *vtc_xcalloc(size_t n, size_t size);
void *vtc_xrealloc(void *p, size_t size);
char *vtc_xstrdup(const char *s);

/* Statistics for the benchmarks and tests of interning. */
size_t vtc_context_uniqued_count(const vtc_context *ctx);
size_t vtc_context_arena_bytes(const vtc_context *ctx);

#endif
