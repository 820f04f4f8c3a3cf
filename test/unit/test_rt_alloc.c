/* The runtime allocator (runtime/rt_alloc.c): alignment, live/peak counters,
 * and the cache of large blocks: a freed block of 1 MiB or more comes back
 * for the next allocation of its size class (no fresh pages), other sizes
 * do not share it, and the counters count cached blocks as freed. Under
 * VTC_RT_NO_CACHE=1 (the sanitizer run) the cache is off and only the
 * counters are checked. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/rt_alloc.h"
#include "test/unit/unit.h"

int main(void) {
  const char *off = getenv("VTC_RT_NO_CACHE");
  bool cached = !(off && *off && *off != '0');
  vtc_rt_memory_reset_peak();
  int64_t base = vtc_rt_memory_get_stats().live_bytes;

  char *small = vtc_rt_alloc(100);
  CHECK(small && (uintptr_t)small % VTC_RT_ALIGNMENT == 0);
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes - base, 100);

  const int64_t big = 3 << 20;
  char *a = vtc_rt_alloc(big);
  CHECK(a && (uintptr_t)a % VTC_RT_ALIGNMENT == 0);
  memset(a, 7, (size_t)big); /* all of it is usable */
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes - base, 100 + big);
  vtc_rt_free(a);
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes - base, 100);
  CHECK_EQ_INT(vtc_rt_memory_get_stats().peak_bytes - base, 100 + big);

  /* The same size class (a few bytes less) reuses the block... */
  char *b = vtc_rt_alloc(big - 8);
  if (cached) CHECK(b == a);
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes - base, 100 + big - 8);
  /* ...a different class does not. */
  char *c = vtc_rt_alloc(2 * big);
  CHECK(c && c != b);
  memset(c, 1, (size_t)(2 * big));
  vtc_rt_free(b);
  vtc_rt_free(c);
  vtc_rt_free(small);
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes, base);

  /* Trimming returns the cached blocks; allocation still works after it. */
  vtc_rt_memory_trim();
  char *d = vtc_rt_alloc(big);
  CHECK(d != NULL);
  vtc_rt_free(d);
  vtc_rt_memory_trim();
  CHECK_EQ_INT(vtc_rt_memory_get_stats().live_bytes, base);

  printf("%d checks, %d failed\n", unit_checks, unit_failures);
  return unit_failures != 0;
}
