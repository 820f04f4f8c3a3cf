/* Buffer allocation for JIT'd host code (libvtcrt): 64-byte aligned blocks
 * with process-wide counters of live and peak bytes, so vtc-run can report
 * the memory a compiled module really used next to the planner's peak. */
#ifndef VTC_RUNTIME_RT_ALLOC_H
#define VTC_RUNTIME_RT_ALLOC_H

#include <stdint.h>

/* Alignment of every block: one cache line, enough for AVX-512 loads. */
#define VTC_RT_ALIGNMENT 64

/* Allocates `bytes` (>= 0; 0 gives a valid unique pointer) aligned to
 * VTC_RT_ALIGNMENT, contents undefined; NULL if out of memory. Thread-safe. */
void *vtc_rt_alloc(int64_t bytes);
/* Frees a block from vtc_rt_alloc; NULL is ignored. Blocks of 1 MiB or
 * more stay mapped for reuse by a later allocation of their size class (up
 * to 4 GiB; $VTC_RT_NO_CACHE=1 disables it), so repeated calls of an entry
 * do not page-fault on fresh results. */
void vtc_rt_free(void *p);
/* Returns every cached block to the system. */
void vtc_rt_memory_trim(void);

/* Bytes live now and the most live at once since the last reset. */
typedef struct vtc_rt_memory_stats {
  int64_t live_bytes;
  int64_t peak_bytes;
  int64_t num_allocs;
} vtc_rt_memory_stats;
vtc_rt_memory_stats vtc_rt_memory_get_stats(void);
/* Sets the peak to the current live bytes and the count to zero. */
void vtc_rt_memory_reset_peak(void);

#endif
