/* The caching device allocator (runtime/cuda_cache.h): one array of blocks,
 * searched linearly. A host plan holds a few dozen buffers, so a scan is
 * cheaper than keeping size-class trees, and blocks are never split. */
#include "runtime/cuda_cache.h"

#include <stdbool.h>
#include <stdlib.h>

#include "ir/context.h"
#include "ir/support.h"

typedef struct cache_block {
  vtc_cuda_ptr ptr;
  size_t bytes; /* its size class */
  bool in_use;
} cache_block;

struct vtc_cuda_cache {
  vtc_cuda *cu;
  VTC_VEC(cache_block) blocks;
  vtc_cuda_cache_stats stats;
};

enum { kSmallQuantum = 512, kSmallLimit = 1 << 20 };

size_t vtc_cuda_cache_size_class(size_t bytes) {
  if (bytes > SIZE_MAX / 2) return bytes; /* the driver will refuse it anyway */
  size_t quantum = kSmallQuantum;
  if (bytes > kSmallLimit) {
    size_t pow2 = kSmallLimit;
    while (pow2 <= bytes / 2) pow2 *= 2; /* the power of two at or below bytes */
    quantum = pow2 / 8;
  }
  size_t n = bytes ? bytes : 1;
  return (n + quantum - 1) / quantum * quantum;
}

vtc_cuda_cache *vtc_cuda_cache_create(vtc_cuda *cu) {
  vtc_cuda_cache *c = vtc_xcalloc(1, sizeof *c);
  c->cu = cu;
  return c;
}

void vtc_cuda_cache_destroy(vtc_cuda_cache *c) {
  if (!c) return;
  for (size_t i = 0; i < c->blocks.len; i++) vtc_cuda_free(c->cu, c->blocks.data[i].ptr, NULL);
  VTC_VEC_FREE(&c->blocks);
  free(c);
}

static cache_block *find_free(vtc_cuda_cache *c, size_t bytes) {
  for (size_t i = 0; i < c->blocks.len; i++)
    if (!c->blocks.data[i].in_use && c->blocks.data[i].bytes == bytes) return &c->blocks.data[i];
  return NULL;
}

int vtc_cuda_cache_alloc(vtc_cuda_cache *c, size_t bytes, vtc_cuda_ptr *out, char **error) {
  size_t cls = vtc_cuda_cache_size_class(bytes);
  *out = 0;
  cache_block *b = find_free(c, cls);
  if (b) {
    b->in_use = true;
    c->stats.cached_bytes -= cls;
    c->stats.reuses++;
    *out = b->ptr;
    return 0;
  }
  vtc_cuda_ptr p = 0;
  char *err = NULL;
  int rc = vtc_cuda_alloc(c->cu, cls, &p, &err);
  if (rc != 0 && c->stats.cached_bytes > 0) {
    /* Perhaps out of memory only because of what the cache holds. */
    free(err);
    err = NULL;
    rc = vtc_cuda_cache_trim(c, &err);
    if (rc == 0) rc = vtc_cuda_alloc(c->cu, cls, &p, &err);
  }
  if (rc != 0) {
    if (error) *error = err;
    else free(err);
    return -1;
  }
  VTC_VEC_PUSH(&c->blocks, ((cache_block){p, cls, true}));
  c->stats.reserved_bytes += cls;
  c->stats.driver_allocs++;
  *out = p;
  return 0;
}

int vtc_cuda_cache_free(vtc_cuda_cache *c, vtc_cuda_ptr ptr, char **error) {
  if (!ptr) return 0;
  for (size_t i = 0; i < c->blocks.len; i++) {
    cache_block *b = &c->blocks.data[i];
    if (b->ptr != ptr) continue;
    if (!b->in_use) {
      vtc_set_error(error, "device block 0x%llx freed twice", (unsigned long long)ptr);
      return -1;
    }
    b->in_use = false;
    c->stats.cached_bytes += b->bytes;
    return 0;
  }
  vtc_set_error(error, "device address 0x%llx is not a block of the caching allocator", (unsigned long long)ptr);
  return -1;
}

int vtc_cuda_cache_trim(vtc_cuda_cache *c, char **error) {
  size_t kept = 0;
  int rc = 0;
  for (size_t i = 0; i < c->blocks.len; i++) {
    cache_block b = c->blocks.data[i];
    if (!b.in_use && rc == 0 && vtc_cuda_free(c->cu, b.ptr, error) == 0) {
      c->stats.cached_bytes -= b.bytes;
      c->stats.reserved_bytes -= b.bytes;
      continue;
    }
    if (!b.in_use) rc = -1; /* a failed free: keep the block, report once */
    c->blocks.data[kept++] = b;
  }
  c->blocks.len = kept;
  return rc;
}

vtc_cuda_cache_stats vtc_cuda_cache_get_stats(const vtc_cuda_cache *c) { return c->stats; }
