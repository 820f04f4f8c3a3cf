/* Aligned allocation with live/peak counters: each block carries its size in
 * a header of one alignment unit just before the returned pointer.
 *
 * Large blocks are cached: glibc serves them with a fresh mmap, so a kernel
 * writing a 64 MiB result would pay a page fault per 4 KiB page on every
 * call (3-5x its own time, benchmarks/results/cpu.md). Freed blocks of 1 MiB
 * or more stay mapped, by size class, up to a byte budget, and the next
 * allocation of that class reuses one, as PyTorch's caching allocators do.
 * VTC_RT_NO_CACHE=1 turns the cache off (to let ASan see every free). */
#include "runtime/rt_alloc.h"
#include "runtime/rt_error.h"
#include "runtime/tensor.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int64_t live_bytes, peak_bytes, num_allocs;

/* The header in front of every block. While a scope is open on the
 * allocating thread, the block is also on the scope's list, so that a
 * failed run can free what the abandoned host code still held. */
typedef struct block_header {
  int64_t bytes;
  struct block_header *prev, *next; /* the scope's list (NULL: not on one) */
} block_header;
_Static_assert(sizeof(block_header) <= VTC_RT_ALIGNMENT, "the header fits in one alignment unit");

struct vtc_rt_alloc_scope {
  block_header list; /* sentinel of a circular list */
  vtc_rt_alloc_scope *outer;
};

static _Thread_local vtc_rt_alloc_scope *current_scope;

enum {
  CACHE_MIN = 1 << 20,     /* smaller blocks go straight to malloc */
  CACHE_GRANULE = 1 << 16, /* size classes: multiples of 64 KiB */
  CACHE_SLOTS = 64,
};
static const int64_t cache_budget = (int64_t)4 << 30; /* bytes kept mapped at most */

typedef struct cached_block {
  size_t total;
  char *base;
} cached_block;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cached_block cache[CACHE_SLOTS];
static int cache_len;
static int64_t cache_bytes;

static bool cache_enabled(void) {
  static int enabled = -1; /* read once; a benign race sets the same value */
  if (enabled < 0) {
    const char *v = getenv("VTC_RT_NO_CACHE");
    enabled = !(v && *v && *v != '0');
  }
  return enabled;
}

static char *cache_take(size_t total) {
  char *base = NULL;
  pthread_mutex_lock(&cache_lock);
  for (int i = 0; i < cache_len && !base; i++) {
    if (cache[i].total != total) continue;
    base = cache[i].base;
    cache_bytes -= (int64_t)total;
    cache[i] = cache[--cache_len];
  }
  pthread_mutex_unlock(&cache_lock);
  return base;
}

static bool cache_put(char *base, size_t total) {
  bool kept = false;
  pthread_mutex_lock(&cache_lock);
  if (cache_len < CACHE_SLOTS && cache_bytes + (int64_t)total <= cache_budget) {
    cache[cache_len++] = (cached_block){total, base};
    cache_bytes += (int64_t)total;
    kept = true;
  }
  pthread_mutex_unlock(&cache_lock);
  return kept;
}

/* The bytes behind a block of `bytes`: header, rounded to the alignment, or
 * to the size class for cached sizes. */
static size_t block_total(int64_t bytes) {
  size_t total = (size_t)((bytes + VTC_RT_ALIGNMENT - 1) / VTC_RT_ALIGNMENT * VTC_RT_ALIGNMENT) + VTC_RT_ALIGNMENT;
  if (total >= CACHE_MIN) total = (total + CACHE_GRANULE - 1) / CACHE_GRANULE * CACHE_GRANULE;
  return total;
}

void *vtc_rt_alloc(int64_t bytes) {
  if (bytes < 0 || bytes > INT64_MAX - 2 * (int64_t)CACHE_GRANULE) return NULL;
  size_t total = block_total(bytes);
  char *base = total >= CACHE_MIN && cache_enabled() ? cache_take(total) : NULL;
  if (!base) base = aligned_alloc(VTC_RT_ALIGNMENT, total);
  if (!base) return NULL;
  block_header *h = (block_header *)base;
  h->bytes = bytes;
  h->prev = h->next = NULL;
  if (current_scope) {
    block_header *head = &current_scope->list;
    h->prev = head;
    h->next = head->next;
    head->next->prev = h;
    head->next = h;
  }
  int64_t live = atomic_fetch_add(&live_bytes, bytes) + bytes;
  int64_t peak = atomic_load(&peak_bytes);
  while (live > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, live)) {}
  atomic_fetch_add(&num_allocs, 1);
  return base + VTC_RT_ALIGNMENT;
}

void vtc_rt_free(void *p) {
  if (!p) return;
  char *base = (char *)p - VTC_RT_ALIGNMENT;
  block_header *h = (block_header *)base;
  int64_t bytes = h->bytes;
  if (h->next) {
    h->prev->next = h->next;
    h->next->prev = h->prev;
    h->prev = h->next = NULL;
  }
  atomic_fetch_sub(&live_bytes, bytes);
  size_t total = block_total(bytes);
  if (total >= CACHE_MIN && cache_enabled() && cache_put(base, total)) return;
  free(base);
}

void vtc_rt_memory_trim(void) {
  pthread_mutex_lock(&cache_lock);
  for (int i = 0; i < cache_len; i++) free(cache[i].base);
  cache_len = 0;
  cache_bytes = 0;
  pthread_mutex_unlock(&cache_lock);
}

vtc_rt_memory_stats vtc_rt_memory_get_stats(void) {
  vtc_rt_memory_stats s = {atomic_load(&live_bytes), atomic_load(&peak_bytes), atomic_load(&num_allocs)};
  return s;
}

void vtc_rt_memory_reset_peak(void) {
  atomic_store(&peak_bytes, atomic_load(&live_bytes));
  atomic_store(&num_allocs, 0);
}

/* ---- scopes ------------------------------------------------------------------ */

vtc_rt_alloc_scope *vtc_rt_alloc_scope_open(void) {
  vtc_rt_alloc_scope *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->list.prev = s->list.next = &s->list;
  s->outer = current_scope;
  current_scope = s;
  return s;
}

void vtc_rt_alloc_scope_close(vtc_rt_alloc_scope *s, bool free_blocks) {
  if (!s) return;
  current_scope = s->outer;
  block_header *head = &s->list;
  while (head->next != head) {
    block_header *h = head->next;
    head->next = h->next;
    h->prev = h->next = NULL;
    if (free_blocks) vtc_rt_free((char *)h + VTC_RT_ALIGNMENT);
  }
  free(s);
}

/* The shape "2x3x4" for a message: formatted only when an allocation
 * fails (every host allocation passes through here: lstm-stack.paper's
 * call makes 11k of them). */
static void shape_text(int64_t rank, const int64_t *dims, char *shape, size_t cap) {
  size_t len = 0;
  shape[0] = '\0';
  for (int64_t k = 0; k < rank && len < cap; k++)
    len += (size_t)snprintf(shape + len, cap - len, "%s%" PRId64, k ? "x" : "", dims[k]);
}

void *vtc_rt_alloc_buffer(int64_t elem_bytes, int64_t rank, const int64_t *dims, const char *where) {
  int64_t bytes = elem_bytes;
  bool overflow = elem_bytes < 0, negative = false;
  for (int64_t k = 0; k < rank; k++) {
    if (dims[k] < 0) negative = true;
    else if (!overflow && __builtin_mul_overflow(bytes, dims[k], &bytes)) overflow = true;
  }
  void *p = negative || overflow || !vtc_alloc_fits((uint64_t)bytes, 1) ? NULL : vtc_rt_alloc(bytes);
  if (p) return p;
  char shape[256];
  shape_text(rank, dims, shape, sizeof shape);
  const char *sep = rank ? "" : "a scalar", *of = rank ? " elements" : "";
  if (negative)
    vtc_rt_fail(where, "cannot allocate a buffer of %s%s%s: a dimension is negative", shape, sep, of);
  else if (overflow)
    vtc_rt_fail(where, "cannot allocate a buffer of %s%s%s of %" PRId64 " bytes: its size in bytes overflows int64",
                shape, sep, of, elem_bytes);
  else
    vtc_rt_fail(where, "cannot allocate a buffer of %s%s%s of %" PRId64 " bytes (%" PRId64 " bytes): out of memory",
                shape, sep, of, elem_bytes, bytes);
  return NULL;
}
