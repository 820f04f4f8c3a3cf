/* The CPU rows of targets/hardware.h: fixed rows for named CPUs (so tests
 * and cross-compilation do not depend on the machine) and the "host" row,
 * detected once per process from the x86 host description (host.c), the
 * clock from sysfs or /proc/cpuinfo, FMA units by LLVM's CPU name, and its
 * L2 and DRAM read bandwidth measured. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "targets/x86/host.h"

#define KIB 1024LL
#define MIB (1024LL * 1024LL)

/* Intel Xeon Platinum 8255C (Cascade Lake: LLVM's skylake-avx512 class; the
 * CPU of the Vortex paper's evaluation), one socket: 24 cores, 2.5 GHz base
 * (the AVX-512 all-core clock is about that), 2 FMA units of 512 bits,
 * FMA latency 4, 2 loads per cycle (Intel optimization manual, Skylake
 * server); 32 KiB L1d, 1 MiB L2 per core, 35.75 MiB L3; six DDR4-2933
 * channels (140.8 GB/s peak; we take 70% as copy bandwidth). L1: 2 x 64 B,
 * L2: 64 B per cycle per core; L3 about 16 B per cycle per core. */
static const vtc_hardware skylake_avx512 = {
    .name = "skylake-avx512",
    .description = "Intel Xeon Platinum 8255C (Cascade Lake), one socket (Intel documents; estimates noted)",
    .kind = VTC_HW_CPU, .target = "x86", .llvm_cpu = "skylake-avx512",
    .num_cores = 24, .clock_hz = 2.5e9, .dram_bytes = 192 * 1024 * MIB, .dram_bandwidth = 98.5e9,
    .l2_bytes = 1 * MIB, .transfer_bytes = 64, /* a cache line */
    .cpu = {.vector_bits = 512, .vector_registers = 32, .fma_units = 2, .fma_latency = 4, .load_ports = 2,
            .avx512f = true, .avx2 = true, .fma = true, .f16c = true,
            .l1d_bytes = 32 * KIB, .l2_bytes = 1 * MIB, .l3_bytes = 36608 * KIB, .line_bytes = 64,
            .l1_bandwidth = 128 * 2.5e9, .l2_bandwidth = 64 * 2.5e9, .l3_bandwidth = 24 * 16 * 2.5e9},
};

/* AMD EPYC 7763 (Zen 3: LLVM's znver3), one socket: 64 cores, 2.45 GHz
 * base, AVX2 only: 2 FMA pipes of 256 bits, latency 4, 2 vector loads per
 * cycle (AMD's Zen 3 software optimization guide); 32 KiB L1d, 512 KiB L2
 * per core, 256 MiB L3 (32 MiB per 8-core CCD); eight DDR4-3200 channels
 * (204.8 GB/s peak; 70% as copy bandwidth). L1 2 x 32 B, L2 32 B, L3 32 B
 * per cycle per core. */
static const vtc_hardware znver3 = {
    .name = "znver3",
    .description = "AMD EPYC 7763 (Zen 3), one socket (AMD documents; estimates noted)",
    .kind = VTC_HW_CPU, .target = "x86", .llvm_cpu = "znver3",
    .num_cores = 64, .clock_hz = 2.45e9, .dram_bytes = 256 * 1024 * MIB, .dram_bandwidth = 143.4e9,
    .l2_bytes = 512 * KIB, .transfer_bytes = 64, /* a cache line */
    .cpu = {.vector_bits = 256, .vector_registers = 16, .fma_units = 2, .fma_latency = 4, .load_ports = 2,
            .avx2 = true, .fma = true, .f16c = true,
            .l1d_bytes = 32 * KIB, .l2_bytes = 512 * KIB, .l3_bytes = 256 * MIB, .line_bytes = 64,
            .l1_bandwidth = 64 * 2.45e9, .l2_bandwidth = 32 * 2.45e9, .l3_bandwidth = 64 * 32 * 2.45e9},
};

static const vtc_hardware *const fixed_rows[] = {&skylake_avx512, &znver3};

/* ---- the host ------------------------------------------------------------------ */

/* Vector FMA pipes per core at the CPU's widest width, by LLVM's name: Intel
 * server parts (Xeon Gold/Platinum) have two 512-bit FMA units, client and
 * some Silver parts one; Zen 4 runs 512-bit FMAs on its two 256-bit pipes
 * (one per cycle). Anything else with AVX2 has two 256-bit pipes. */
static const struct {
  const char *cpu;
  int units;
} fma_units_by_cpu[] = {
    {"skylake-avx512", 2}, {"cascadelake", 2},    {"cooperlake", 2},     {"icelake-server", 2},
    {"sapphirerapids", 2}, {"emeraldrapids", 2},  {"graniterapids", 2},  {"graniterapids-d", 2},
    {"icelake-client", 1}, {"tigerlake", 1},      {"rocketlake", 1},     {"cannonlake", 1},
    {"znver4", 1},         {"znver5", 2},
};

static int fma_units_of(const char *cpu, int vector_bits) {
  for (size_t i = 0; i < sizeof fma_units_by_cpu / sizeof fma_units_by_cpu[0]; i++)
    if (strcmp(cpu, fma_units_by_cpu[i].cpu) == 0) return fma_units_by_cpu[i].units;
  return vector_bits >= 512 ? 1 : 2;
}

/* The maximum clock: cpufreq when present, else /proc/cpuinfo's "cpu MHz"
 * (a VM reports its TSC there), else 2.5 GHz. */
static double detect_clock(void) {
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
  double khz = 0;
  if (f) {
    if (fscanf(f, "%lf", &khz) != 1) khz = 0;
    fclose(f);
  }
  if (khz > 0) return khz * 1e3;
  f = fopen("/proc/cpuinfo", "r");
  char line[256];
  double mhz = 0;
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "cpu MHz", 7) == 0) {
      const char *colon = strchr(line, ':');
      if (colon) mhz = strtod(colon + 1, NULL);
      break;
    }
  if (f) fclose(f);
  return mhz > 0 ? mhz * 1e6 : 2.5e9;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The clock a busy core runs at: a chain of dependent adds (one cycle
 * each, the loop's own work beside it) timed over a few million cycles,
 * the best of three. A virtual machine reports its TSC as "cpu MHz" (2.1
 * GHz on the Zen 5 here, which runs at about 3.5 under load: what its
 * measured FMA peak implies); 0 where this is no x86. */
static double measure_clock(void) {
#if defined(__x86_64__)
  enum { ITERS = 1000000, ADDS = 8 };
  double best = 0;
  for (int t = 0; t < 3; t++) {
    uint64_t x = 0;
    double t0 = now_seconds();
    for (int i = 0; i < ITERS; i++)
      __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                       "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
                       : "+r"(x));
    double dt = now_seconds() - t0;
    double hz = dt > 0 ? (double)ITERS * ADDS / dt : 0;
    if (hz > best) best = hz;
  }
  return best;
#else
  return 0;
#endif
}

/* Sums 64-bit words: the loop the compiler vectorises into wide loads. */
static uint64_t sum_words(const uint64_t *p, size_t n) {
  uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += p[i];
    s1 += p[i + 1];
    s2 += p[i + 2];
    s3 += p[i + 3];
  }
  for (; i < n; i++) s0 += p[i];
  return s0 + s1 + s2 + s3;
}

double vtc_x86_measure_read_bandwidth(int64_t bytes, int passes) {
  size_t n = (size_t)(bytes / 8);
  if (n == 0 || passes < 1) return 0;
  uint64_t *buf = malloc(n * sizeof *buf);
  if (!buf) return 0;
  for (size_t i = 0; i < n; i++) buf[i] = i;
  volatile uint64_t sink = sum_words(buf, n);
  double t0 = now_seconds();
  for (int p = 0; p < passes; p++) sink += sum_words(buf, n);
  double dt = now_seconds() - t0;
  (void)sink;
  free(buf);
  return dt > 0 ? (double)bytes * passes / dt : 0;
}

static vtc_hardware host_row;
static char host_cpu[64], host_description[160];
static pthread_once_t host_once = PTHREAD_ONCE_INIT;

/* The best of a few measurements: a shared machine preempts some. */
static double best_of(int64_t bytes, int passes, int trials) {
  double best = 0;
  for (int t = 0; t < trials; t++) {
    double m = vtc_x86_measure_read_bandwidth(bytes, passes);
    if (m > best) best = m;
  }
  return best;
}

/* The host row's clock and bandwidths are measured, unless
 * VTC_HOST_BANDWIDTH=estimate asks for the estimates (fast, reproducible). */
static bool host_measured(void) {
  const char *mode = getenv("VTC_HOST_BANDWIDTH");
  return !(mode && strcmp(mode, "estimate") == 0);
}

/* Estimates where nothing is measured: 64 B per cycle from L2 per core (what
 * the Intel and AMD cores here load), and 10 GB/s of DRAM per core. */
static void host_bandwidths(vtc_hardware *hw) {
  vtc_hw_cpu *c = &hw->cpu;
  double l2 = 64 * hw->clock_hz, dram = 10e9 * hw->num_cores;
  bool measure = host_measured();
  if (measure && c->l2_bytes > 0) {
    double m = best_of(c->l2_bytes / 2, 8, 3);
    if (m > 0) l2 = m;
  }
  if (measure) {
    /* Beyond the L2 and a 16 MiB share of the L3, read once per trial. */
    double m = best_of(32 * MIB, 1, 3);
    if (m > 0) dram = m * hw->num_cores; /* one core's stream; the others add up to the channels' limit */
  }
  c->l2_bandwidth = l2;
  hw->dram_bandwidth = dram;
  c->l3_bandwidth = dram * 2;
}

static void build_host(void) {
  const vtc_x86_host *h = vtc_x86_host_get();
  vtc_hardware *hw = &host_row;
  snprintf(host_cpu, sizeof host_cpu, "%s", h->cpu_name);
  memset(hw, 0, sizeof *hw);
  hw->name = "host";
  hw->kind = VTC_HW_CPU;
  hw->target = "x86";
  hw->llvm_cpu = host_cpu;
  hw->num_cores = h->num_cores;
  hw->clock_hz = detect_clock();
  if (host_measured()) {
    double measured = measure_clock();
    if (measured > 0.25e9 && measured < 10e9) hw->clock_hz = measured;
  }
  vtc_hw_cpu *c = &hw->cpu;
  c->vector_bits = h->vector_bits >= 512 ? 512 : 256;
  c->vector_registers = h->has_avx512f ? 32 : 16;
  c->fma_units = fma_units_of(h->cpu_name, c->vector_bits);
  c->fma_latency = 4;
  c->load_ports = 2;
  c->avx512f = h->has_avx512f;
  c->avx2 = h->has_avx2;
  c->fma = h->has_fma;
  c->f16c = h->has_f16c;
  c->avx512_bf16 = strstr(h->features, "+avx512bf16") != NULL;
  c->avx512_fp16 = strstr(h->features, "+avx512fp16") != NULL;
  c->l1d_bytes = h->l1d_bytes > 0 ? h->l1d_bytes : 32 * KIB;
  c->l2_bytes = h->l2_bytes > 0 ? h->l2_bytes : 1 * MIB;
  c->l3_bytes = h->l3_bytes;
  c->line_bytes = h->line_bytes;
  c->l1_bandwidth = (double)c->load_ports * (c->vector_bits / 8) * hw->clock_hz;
  hw->l2_bytes = c->l2_bytes;
  hw->transfer_bytes = c->line_bytes > 0 ? c->line_bytes : 64; /* VTC's transfer unit: a cache line */
  host_bandwidths(hw);
  snprintf(host_description, sizeof host_description, "this machine (%s, %d cores), detected%s", host_cpu,
           hw->num_cores, host_measured() ? ", clock and bandwidth measured" : "");
  hw->description = host_description;
}

const vtc_hardware *vtc_x86_hardware(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < sizeof fixed_rows / sizeof fixed_rows[0]; i++)
    if (strcasecmp(name, fixed_rows[i]->name) == 0) return fixed_rows[i];
  if (strcasecmp(name, "host") == 0 || strcasecmp(name, "cpu") == 0) {
    pthread_once(&host_once, build_host);
    return &host_row;
  }
  return NULL;
}
