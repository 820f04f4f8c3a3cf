/* What the CPU benchmarks share: a monotonic clock, the median of a sample,
 * 64-byte aligned float buffers, implementations timed against each other
 * in alternating rounds. Header-only (each benchmark is one file). */
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

/* One implementation of a benchmarked call. */
typedef struct bench_impl {
  void (*run)(void *ctx);
  void *ctx;
} bench_impl;

/* The median time of each of n implementations (into med), over 3 rounds:
 * per round and implementation, 100 ms of sleep (a peer's OpenMP workers
 * stop spinning), a warm-up call and runs / 3 timed calls. Alternating
 * spreads the phases of a shared machine over all of them. */
static inline void bench_time_alternating(const bench_impl *impls, int n, int runs, double *med) {
  const int rounds = 3, per = runs / rounds > 0 ? runs / rounds : 1;
  double *t = malloc(sizeof *t * (size_t)(n * rounds * per));
  if (!t) {
    fprintf(stderr, "benchmark: out of memory\n");
    exit(2);
  }
  for (int round = 0; round < rounds; round++)
    for (int i = 0; i < n; i++) {
      nanosleep(&(struct timespec){0, 100000000}, NULL);
      impls[i].run(impls[i].ctx);
      for (int j = 0; j < per; j++) {
        double t0 = bench_now();
        impls[i].run(impls[i].ctx);
        t[(i * rounds + round) * per + j] = bench_now() - t0;
      }
    }
  for (int i = 0; i < n; i++) med[i] = bench_median(t + i * rounds * per, rounds * per);
  free(t);
}

#endif
