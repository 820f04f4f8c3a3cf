/* Aligned allocation with live/peak counters: each block carries its size in
 * a header of one alignment unit just before the returned pointer. */
#include "runtime/rt_alloc.h"

#include <stdatomic.h>
#include <stdlib.h>

static _Atomic int64_t live_bytes, peak_bytes, num_allocs;

void *vtc_rt_alloc(int64_t bytes) {
  if (bytes < 0 || bytes > INT64_MAX - 2 * VTC_RT_ALIGNMENT) return NULL;
  size_t total = (size_t)((bytes + VTC_RT_ALIGNMENT - 1) / VTC_RT_ALIGNMENT * VTC_RT_ALIGNMENT) +
                 VTC_RT_ALIGNMENT;
  char *base = aligned_alloc(VTC_RT_ALIGNMENT, total);
  if (!base) return NULL;
  *(int64_t *)base = bytes;
  int64_t live = atomic_fetch_add(&live_bytes, bytes) + bytes;
  int64_t peak = atomic_load(&peak_bytes);
  while (live > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, live)) {}
  atomic_fetch_add(&num_allocs, 1);
  return base + VTC_RT_ALIGNMENT;
}

void vtc_rt_free(void *p) {
  if (!p) return;
  char *base = (char *)p - VTC_RT_ALIGNMENT;
  atomic_fetch_sub(&live_bytes, *(int64_t *)base);
  free(base);
}

vtc_rt_memory_stats vtc_rt_memory_get_stats(void) {
  vtc_rt_memory_stats s = {atomic_load(&live_bytes), atomic_load(&peak_bytes), atomic_load(&num_allocs)};
  return s;
}

void vtc_rt_memory_reset_peak(void) {
  atomic_store(&peak_bytes, atomic_load(&live_bytes));
  atomic_store(&num_allocs, 0);
}
