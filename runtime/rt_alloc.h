/* Buffer allocation for JIT'd host code (libvtcrt): 64-byte aligned blocks
 * with process-wide counters of live and peak bytes, so vtc-run can report
 * the memory a compiled module really used next to the planner's peak. */
#ifndef VTC_RUNTIME_RT_ALLOC_H
#define VTC_RUNTIME_RT_ALLOC_H

#include <stdbool.h>
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

/* The buffer of gir.alloc in host code: rank dims (each >= 0) of
 * elem_bytes-byte elements, as vtc_rt_alloc. A negative dim, a byte size
 * beyond int64 or an allocation that fails is a vtc_rt_fail at `where`
 * (rt_error.h), so inside a guarded call it never returns NULL. */
void *vtc_rt_alloc_buffer(int64_t elem_bytes, int64_t rank, const int64_t *dims, const char *where);

/* Blocks allocated on this thread while a scope is open (the innermost one)
 * are recorded in it until freed; closing it forgets them, or frees the
 * ones still live with free_blocks (the cleanup of a failed run:
 * rt_error.h). Scopes nest; open returns NULL when out of memory (nothing
 * is recorded then). */
typedef struct vtc_rt_alloc_scope vtc_rt_alloc_scope;
vtc_rt_alloc_scope *vtc_rt_alloc_scope_open(void);
void vtc_rt_alloc_scope_close(vtc_rt_alloc_scope *scope, bool free_blocks);

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
