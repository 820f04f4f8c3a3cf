/* What the CPU benchmarks share: a monotonic clock, the median of a sample,
 * 64-byte aligned float buffers. Header-only (each benchmark is one file). */
#ifndef VTC_BENCHMARKS_CPU_BENCH_UTIL_H
#define VTC_BENCHMARKS_CPU_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts v. */
static inline double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* n floats, 64-byte aligned; exits on failure (a benchmark has no use for
 * a partial run). */
static inline float *bench_alloc_floats(size_t n) {
  float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  if (!p) {
    fprintf(stderr, "benchmark: out of memory (%zu floats)\n", n);
    exit(2);
  }
  return p;
}

#endif
