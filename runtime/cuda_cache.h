/* A caching allocator of device memory over runtime/cuda.h, in the spirit of
 * PyTorch's CUDA caching allocator: a freed block goes back to a free list of
 * its size class and the next request of that class takes it, so a host plan
 * run many times reaches the driver only on its first run (cuMemAlloc is slow
 * and cuMemFree synchronizes the device). Reusing a block without an event is
 * safe because all work is on the one default stream, in issue order. */
#ifndef VTC_RUNTIME_CUDA_CACHE_H
#define VTC_RUNTIME_CUDA_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/cuda.h"

/* Owns every device block it got from the driver (in use or cached) and
 * frees them all on destroy; the vtc_cuda must outlive it. Errors as in
 * runtime/cuda.h: -1 with *error set (malloc'd, one line). */
typedef struct vtc_cuda_cache vtc_cuda_cache;

typedef struct vtc_cuda_cache_stats {
  size_t reserved_bytes; /* device memory held: blocks in use and cached */
  size_t cached_bytes;   /* of which free, waiting for reuse */
  int64_t driver_allocs; /* cuMemAlloc calls made */
  int64_t reuses;        /* requests served from the cache */
} vtc_cuda_cache_stats;

vtc_cuda_cache *vtc_cuda_cache_create(vtc_cuda *cu);
/* Frees every block, in use or not (NULL is ignored). */
void vtc_cuda_cache_destroy(vtc_cuda_cache *c);

/* A block of at least `bytes` (0 gives a valid, distinct block), contents
 * undefined. On an out-of-memory from the driver the cached blocks are
 * returned to it and the allocation is tried once more. */
int vtc_cuda_cache_alloc(vtc_cuda_cache *c, size_t bytes, vtc_cuda_ptr *out, char **error);
/* Returns a block from vtc_cuda_cache_alloc to the cache (0 is ignored). */
int vtc_cuda_cache_free(vtc_cuda_cache *c, vtc_cuda_ptr ptr, char **error);
/* Gives the cached (free) blocks back to the driver. */
int vtc_cuda_cache_trim(vtc_cuda_cache *c, char **error);
vtc_cuda_cache_stats vtc_cuda_cache_get_stats(const vtc_cuda_cache *c);

/* The size class of a request: a multiple of 512 bytes up to 1 MiB, above
 * that a multiple of an eighth of the power of two below it (at most 12.5%
 * more than asked). Blocks are reused only within one class. */
size_t vtc_cuda_cache_size_class(size_t bytes);

#endif
