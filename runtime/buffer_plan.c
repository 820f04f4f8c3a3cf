/* Greedy-by-size buffer planning (Pisarchyk and Lee 2020): big buffers are
 * placed first, each in the best-fitting gap among the buffers live at the
 * same time. O(n^2 log n), fine for the hundreds of intermediates of a model. */
#include "ir/support.h"
#include "runtime/buffer_plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t align_up(int64_t x, int64_t a) { return (x + a - 1) & ~(a - 1); }

static int lifetimes_overlap(const vtc_buffer_interval *a, const vtc_buffer_interval *b) {
  return a->first_use <= b->last_use && b->first_use <= a->last_use;
}

/* qsort has no context argument: the arrays being sorted carry what they need. */
typedef struct order_entry {
  int64_t size;
  int first_use;
  size_t index;
} order_entry;

static int by_size_desc(const void *pa, const void *pb) {
  const order_entry *a = pa, *b = pb;
  if (a->size != b->size) return a->size > b->size ? -1 : 1;
  if (a->first_use != b->first_use) return a->first_use < b->first_use ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

typedef struct placed_entry {
  int64_t offset, end;
} placed_entry;

static int by_offset(const void *pa, const void *pb) {
  const placed_entry *a = pa, *b = pb;
  if (a->offset != b->offset) return a->offset < b->offset ? -1 : 1;
  return a->end < b->end ? -1 : a->end > b->end;
}

typedef struct live_event {
  int step;
  int64_t delta;
} live_event;

static int by_step(const void *pa, const void *pb) {
  const live_event *a = pa, *b = pb;
  if (a->step != b->step) return a->step < b->step ? -1 : 1;
  return a->delta < b->delta ? -1 : a->delta > b->delta; /* frees first */
}

static int validate(const vtc_buffer_interval *bufs, size_t n, int64_t alignment, char **error) {
  if (alignment <= 0 || (alignment & (alignment - 1)) != 0) {
    vtc_set_error(error, "buffer plan: alignment %lld is not a power of two", (long long)alignment);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    if (bufs[i].size < 0) {
      vtc_set_error(error, "buffer plan: buffer %zu has negative size %lld", i, (long long)bufs[i].size);
      return -1;
    }
    if (bufs[i].last_use < bufs[i].first_use) {
      vtc_set_error(error, "buffer plan: buffer %zu is last used (step %d) before its first use (step %d)",
                i, bufs[i].last_use, bufs[i].first_use);
      return -1;
    }
  }
  return 0;
}

static int64_t live_bound(const vtc_buffer_interval *bufs, size_t n, int64_t alignment) {
  live_event *ev = malloc(2 * n * sizeof *ev + 1);
  if (!ev) abort();
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    int64_t s = align_up(bufs[i].size, alignment);
    if (s == 0) continue;
    ev[m++] = (live_event){bufs[i].first_use, s};
    ev[m++] = (live_event){bufs[i].last_use + 1, -s};
  }
  qsort(ev, m, sizeof *ev, by_step);
  int64_t live = 0, best = 0;
  for (size_t i = 0; i < m; i++) {
    live += ev[i].delta;
    if (live > best) best = live;
  }
  free(ev);
  return best;
}

int vtc_buffer_plan(vtc_buffer_interval *bufs, size_t n, int64_t alignment,
                    vtc_buffer_plan_stats *stats, char **error) {
  if (alignment == 0) alignment = 64;
  if (validate(bufs, n, alignment, error) != 0) return -1;
  order_entry *order = malloc(n * sizeof *order + 1);
  placed_entry *live = malloc(n * sizeof *live + 1);
  char *is_placed = calloc(n + 1, 1);
  if (!order || !live || !is_placed) abort();
  int64_t peak = 0, naive = 0;
  for (size_t i = 0; i < n; i++) {
    order[i] = (order_entry){align_up(bufs[i].size, alignment), bufs[i].first_use, i};
    naive += order[i].size;
    bufs[i].offset = 0;
  }
  qsort(order, n, sizeof *order, by_size_desc);
  for (size_t k = 0; k < n; k++) {
    size_t b = order[k].index;
    int64_t size = order[k].size;
    if (size == 0) continue; /* takes no memory; offset 0 */
    size_t m = 0;
    for (size_t j = 0; j < n; j++)
      if (is_placed[j] && lifetimes_overlap(&bufs[j], &bufs[b]))
        live[m++] = (placed_entry){bufs[j].offset, bufs[j].offset + align_up(bufs[j].size, alignment)};
    qsort(live, m, sizeof *live, by_offset);
    /* Best fit: the smallest gap between live buffers that holds `size`. */
    int64_t best_offset = -1, best_gap = INT64_MAX, prev_end = 0;
    for (size_t j = 0; j < m; j++) {
      int64_t gap = live[j].offset - prev_end;
      if (gap >= size && gap < best_gap) {
        best_gap = gap;
        best_offset = prev_end;
      }
      if (live[j].end > prev_end) prev_end = live[j].end;
    }
    bufs[b].offset = best_offset >= 0 ? best_offset : prev_end;
    is_placed[b] = 1;
    if (bufs[b].offset + size > peak) peak = bufs[b].offset + size;
  }
  if (stats) {
    stats->peak = peak;
    stats->naive_total = naive;
    stats->live_bound = live_bound(bufs, n, alignment);
  }
  free(order);
  free(live);
  free(is_placed);
  return 0;
}

int vtc_buffer_plan_verify(const vtc_buffer_interval *bufs, size_t n, int64_t alignment,
                           char **error) {
  if (alignment == 0) alignment = 64;
  if (validate(bufs, n, alignment, error) != 0) return -1;
  for (size_t i = 0; i < n; i++) {
    if (bufs[i].offset < 0 || bufs[i].offset % alignment != 0) {
      vtc_set_error(error, "buffer plan: buffer %zu has misaligned offset %lld", i,
                (long long)bufs[i].offset);
      return -1;
    }
    for (size_t j = i + 1; j < n; j++) {
      if (bufs[i].size == 0 || bufs[j].size == 0 || !lifetimes_overlap(&bufs[i], &bufs[j]))
        continue;
      if (bufs[i].offset < bufs[j].offset + bufs[j].size &&
          bufs[j].offset < bufs[i].offset + bufs[i].size) {
        vtc_set_error(error, "buffer plan: buffers %zu [%lld, +%lld) and %zu [%lld, +%lld) are live "
                  "together and overlap", i, (long long)bufs[i].offset, (long long)bufs[i].size, j,
                  (long long)bufs[j].offset, (long long)bufs[j].size);
        return -1;
      }
    }
  }
  return 0;
}
