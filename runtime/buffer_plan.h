/* Planning intermediate buffers by liveness (libvtcrt): buffers whose
 * lifetimes do not overlap share memory in one arena; the plan reports the
 * arena's size (the peak), so memory savings (VTC) are visible. */
#ifndef VTC_RUNTIME_BUFFER_PLAN_H
#define VTC_RUNTIME_BUFFER_PLAN_H

#include <stddef.h>
#include <stdint.h>

/* One buffer: its size and the steps (kernel launches, in order) of its first
 * and last use, inclusive. The planner fills `offset`. */
typedef struct vtc_buffer_interval {
  int64_t size;    /* bytes, >= 0 */
  int first_use;   /* step of the first write */
  int last_use;    /* step of the last read, >= first_use */
  int64_t offset;  /* out: byte offset in the arena, a multiple of alignment */
} vtc_buffer_interval;

typedef struct vtc_buffer_plan_stats {
  int64_t peak;        /* arena bytes the plan needs: max(offset + size) */
  int64_t naive_total; /* bytes with no reuse: the sum of (aligned) sizes */
  int64_t live_bound;  /* max over steps of the bytes live at that step: a
                        * lower bound no plan can beat */
} vtc_buffer_plan_stats;

/* Assigns offsets with the greedy-by-size heuristic (Pisarchyk and Lee,
 * "Efficient Memory Management for Deep Neural Net Inference", 2020; as in
 * TFLite): buffers in decreasing size order, each placed in the smallest gap
 * between already-placed buffers whose lifetimes overlap its own (best fit),
 * or above them all. Sizes are rounded up to `alignment` (a power of two;
 * 0 means 64). Returns 0, or -1 with *error set (malloc'd; error may be NULL)
 * for a negative size, last_use < first_use or a bad alignment. */
int vtc_buffer_plan(vtc_buffer_interval *bufs, size_t n, int64_t alignment,
                    vtc_buffer_plan_stats *stats, char **error);

/* Checks a plan: every offset aligned and no two buffers with overlapping
 * lifetimes overlap in memory. Returns 0, or -1 with *error naming a pair. */
int vtc_buffer_plan_verify(const vtc_buffer_interval *bufs, size_t n, int64_t alignment,
                           char **error);

#endif
