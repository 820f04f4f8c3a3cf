/* Context lifetime, the arena, and the uniquer every immutable IR object goes
 * through. The uniquer is one open-addressing table keyed by (tag, bytes). */
#include "ir/context_impl.h"
#include "ir/ptrmap.h"
#include "ir/resources.h"

#include <stdlib.h>
#include <string.h>

typedef struct uniq_header {
  uint32_t tag;
  uint32_t size;
} uniq_header;

/* Objects are 8-byte aligned (they hold pointers and 64-bit integers) after
 * an 8-byte header. */
#define UNIQ_HEADER_SPACE 8
#define ARENA_ALIGN 8

static uint64_t mix(uint64_t h) {
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ull;
  h ^= h >> 32;
  return h;
}

/* Word-at-a-time hashing: the uniquer sees millions of keys (one location
 * per parsed op), most of them 24 to 80 bytes long. */
static uint64_t hash_bytes(unsigned tag, const void *key, size_t size) {
  const unsigned char *p = key;
  uint64_t h = 0x9e3779b97f4a7c15ull ^ ((uint64_t)tag << 32) ^ size;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 29;
  }
  if (i < size) {
    uint64_t w = 0;
    memcpy(&w, p + i, size - i);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
  }
  return mix(h);
}

void *vtc_context_alloc(vtc_context *ctx, size_t size) {
  size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
  arena_chunk *c = ctx->arena;
  if (!c || c->used + size > c->size) {
    size_t chunk = size > 65536 ? size : 65536;
    c = vtc_xmalloc(sizeof *c + chunk);
    c->next = ctx->arena;
    c->used = 0;
    c->size = chunk;
    ctx->arena = c;
    ctx->arena_bytes += chunk;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

vtc_context *vtc_context_create(void) {
  vtc_context *ctx = vtc_xcalloc(1, sizeof *ctx);
  ctx->table_cap = 1024;
  ctx->table = vtc_xcalloc(ctx->table_cap, sizeof *ctx->table);
  return ctx;
}

void vtc_context_destroy(vtc_context *ctx) {
  if (!ctx) return;
  vtc_resources_destroy(ctx);
  for (arena_chunk *c = ctx->arena, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(ctx->table);
  VTC_VEC_FREE(&ctx->dialects);
  free(ctx->op_defs);
  if (ctx->symbol_index) vtc_ptrmap_free(ctx->symbol_index);
  free(ctx->symbol_index);
  if (ctx->attr_defaults) vtc_ptrmap_free(ctx->attr_defaults);
  free(ctx->attr_defaults);
  VTC_VEC_FREE(&ctx->passes);
  for (size_t i = 0; i < ctx->sources.len; i++) free(ctx->sources.data[i]);
  VTC_VEC_FREE(&ctx->sources);
  free(ctx);
}

static const uniq_header *header_of(const void *object) {
  return (const uniq_header *)((const unsigned char *)object - UNIQ_HEADER_SPACE);
}

static void table_grow(vtc_context *ctx) {
  size_t cap = ctx->table_cap * 2;
  uniq_entry *table = vtc_xcalloc(cap, sizeof *table);
  for (size_t i = 0; i < ctx->table_cap; i++) {
    uniq_entry e = ctx->table[i];
    if (!e.object) continue;
    size_t j = e.hash & (cap - 1);
    while (table[j].object) j = (j + 1) & (cap - 1);
    table[j] = e;
  }
  free(ctx->table);
  ctx->table = table;
  ctx->table_cap = cap;
}

const void *vtc_uniq(vtc_context *ctx, unsigned tag, const void *key, size_t size) {
  uint64_t h = hash_bytes(tag, key, size);
  size_t mask = ctx->table_cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    uniq_entry *e = &ctx->table[i];
    if (!e->object) break;
    if (e->hash != h) continue;
    const uniq_header *hd = header_of(e->object);
    if (hd->tag == tag && hd->size == size && (size == 0 || memcmp(e->object, key, size) == 0)) return e->object;
  }
  /* Strings get a terminating NUL; other keys need no padding. */
  unsigned char *mem = vtc_context_alloc(ctx, UNIQ_HEADER_SPACE + size + (tag == VTC_UNIQ_STRING));
  uniq_header *hd = (uniq_header *)mem;
  hd->tag = tag;
  hd->size = (uint32_t)size;
  void *object = mem + UNIQ_HEADER_SPACE;
  if (size) memcpy(object, key, size); /* an empty key may be NULL (an empty array) */
  if ((ctx->table_count + 1) * 4 > ctx->table_cap * 3) table_grow(ctx);
  mask = ctx->table_cap - 1;
  size_t i = h & mask;
  while (ctx->table[i].object) i = (i + 1) & mask;
  ctx->table[i] = (uniq_entry){h, object};
  ctx->table_count++;
  return object;
}

const char *vtc_strn(vtc_context *ctx, const char *s, size_t len) {
  /* The trailing NUL comes from the extra byte vtc_uniq allocates. */
  return vtc_uniq(ctx, VTC_UNIQ_STRING, s, len);
}

const char *vtc_str(vtc_context *ctx, const char *s) { return vtc_strn(ctx, s, strlen(s)); }

size_t vtc_str_len(const char *interned) { return header_of(interned)->size; }

size_t vtc_context_uniqued_count(const vtc_context *ctx) { return ctx->table_count; }
size_t vtc_context_arena_bytes(const vtc_context *ctx) { return ctx->arena_bytes; }
