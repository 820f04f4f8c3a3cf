/* The x86-64 target: a description of the host CPU read at run time (cores,
 * vector width, caches; the cost models read hardware only from here) and the
 * LLVM setup for the host or an explicit CPU such as skylake-avx512. */
#ifndef VTC_TARGETS_X86_HOST_H
#define VTC_TARGETS_X86_HOST_H

#include <stdint.h>

#include "targets/target.h"

/* What the running machine offers. Plain data, filled by vtc_x86_host_detect;
 * the strings are owned by the struct (fixed buffers). */
typedef struct vtc_x86_host {
  int num_cores;          /* cores this process may run on (affinity mask) */
  int vector_bits;        /* widest usable SIMD: 512 (AVX-512F), 256, 128 */
  int has_avx512f, has_avx512bw, has_avx512vl, has_avx2, has_fma, has_f16c;
  int64_t l1d_bytes;      /* per-core L1 data cache; 0 if unknown */
  int64_t l2_bytes;       /* per-core (or per-cluster) L2 */
  int64_t l3_bytes;       /* last-level cache, shared */
  int64_t line_bytes;     /* cache line */
  char cpu_name[64];      /* LLVM's name for the host CPU ("znver4") */
  char triple[64];        /* LLVM's default target triple */
  char features[4096];    /* LLVM feature string ("+avx2,+fma,-avx512f,...") */
} vtc_x86_host;

/* Reads the host description (cpuid through LLVM, sysconf, sysfs). */
void vtc_x86_host_detect(vtc_x86_host *out);
/* The description of this process's host, detected once (thread-safe). */
const vtc_x86_host *vtc_x86_host_get(void);

/* SIMD width in bits for an explicit CPU/feature string: the features win
 * ("+avx512f" -> 512, "-avx512f" removes it), else a table of CPU names;
 * NULL cpu means the host. */
int vtc_x86_vector_bits(const char *cpu, const char *features);

/* The vtc_hardware rows of x86 (targets/hardware.h), the x86 row's
 * `hardware` hook: fixed rows "skylake-avx512" and "znver3" (tests, named
 * machines), and "host" (or "cpu"): this machine, detected once, with its
 * clock, FMA units by CPU name, and its L2 and DRAM read bandwidth measured
 * once (a few milliseconds) unless VTC_HOST_BANDWIDTH=estimate. NULL if
 * unknown. */
const vtc_hardware *vtc_x86_hardware(const char *name);

/* Measured single-thread read bandwidth in bytes/s over a buffer of `bytes`
 * read `passes` times (after one untimed pass); 0 on allocation failure. */
double vtc_x86_measure_read_bandwidth(int64_t bytes, int passes);

/* Prints the host description (for vtc-run --print-target and tests). */
void vtc_x86_host_print(const vtc_x86_host *h, void *file /* FILE * */);

/* The x86-64 row of the target table is vtc_target_x86 (target.h). */

#endif
