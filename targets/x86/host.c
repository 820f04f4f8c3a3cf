/* The x86-64 target: the host description (cores from the affinity mask, SIMD
 * width from LLVM's cpuid-based host features, caches from sysfs or sysconf)
 * and the target row (triple, LLVM initialisation, kernel attributes). */
#define _GNU_SOURCE
#include "targets/x86/host.h"

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

/* ---- feature strings ---------------------------------------------------- */

/* The sign LLVM's feature string gives `name` ('+', '-', or 0 if absent); the
 * last occurrence wins, as in LLVM. */
static char feature_sign(const char *features, const char *name) {
  char sign = 0;
  size_t len = strlen(name);
  for (const char *p = features; p && *p;) {
    const char *end = strchr(p, ',');
    size_t tok = end ? (size_t)(end - p) : strlen(p);
    if (tok == len + 1 && (p[0] == '+' || p[0] == '-') && strncmp(p + 1, name, len) == 0)
      sign = p[0];
    p = end ? end + 1 : p + tok;
  }
  return sign;
}

/* SIMD width of CPUs by LLVM name; anything else is taken as SSE (128). A table
 * rather than MCSubtargetInfo, which the C API does not expose. */
static const struct { const char *cpu; int bits; } cpu_vector_bits[] = {
  {"skylake-avx512", 512}, {"cascadelake", 512}, {"cooperlake", 512}, {"cannonlake", 512},
  {"icelake-client", 512}, {"icelake-server", 512}, {"tigerlake", 512}, {"rocketlake", 512},
  {"sapphirerapids", 512}, {"emeraldrapids", 512}, {"graniterapids", 512},
  {"graniterapids-d", 512}, {"knl", 512}, {"knm", 512}, {"znver4", 512}, {"znver5", 512},
  {"x86-64-v4", 512},
  {"haswell", 256}, {"broadwell", 256}, {"skylake", 256}, {"alderlake", 256},
  {"raptorlake", 256}, {"meteorlake", 256}, {"arrowlake", 256}, {"lunarlake", 256},
  {"gracemont", 256}, {"znver1", 256}, {"znver2", 256}, {"znver3", 256}, {"x86-64-v3", 256},
  {"sandybridge", 256}, {"ivybridge", 256}, {"bdver1", 256}, {"bdver2", 256},
  {"bdver3", 256}, {"bdver4", 256}, {"btver2", 256},
};

int vtc_x86_vector_bits(const char *cpu, const char *features) {
  const vtc_x86_host *host = NULL;
  if (!cpu) {
    host = vtc_x86_host_get();
    cpu = host->cpu_name;
    if (!features) features = host->features;
  }
  int bits = 128;
  for (size_t i = 0; i < sizeof cpu_vector_bits / sizeof cpu_vector_bits[0]; i++)
    if (strcmp(cpu, cpu_vector_bits[i].cpu) == 0) bits = cpu_vector_bits[i].bits;
  if (!features) return bits;
  char avx = feature_sign(features, "avx"), avx2 = feature_sign(features, "avx2");
  char avx512 = feature_sign(features, "avx512f");
  if (avx == '+' || avx2 == '+') bits = bits > 256 ? bits : 256;
  if (avx512 == '+') bits = 512;
  if (avx512 == '-' && bits > 256) bits = 256;
  if (avx == '-') bits = 128;
  return bits;
}

/* ---- host detection ----------------------------------------------------- */

static int64_t read_size_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char buf[64] = {0};
  int64_t v = 0;
  if (fgets(buf, sizeof buf, f)) {
    char *end;
    v = strtoll(buf, &end, 10);
    if (*end == 'K') v *= 1024;
    else if (*end == 'M') v *= 1024 * 1024;
  }
  fclose(f);
  return v;
}

static void read_word_file(const char *path, char *buf, size_t n) {
  buf[0] = 0;
  FILE *f = fopen(path, "r");
  if (!f) return;
  if (fgets(buf, (int)n, f)) buf[strcspn(buf, "\n")] = 0;
  fclose(f);
}

/* sysfs first (it describes the CPU this process sees), sysconf as fallback. */
static void detect_caches(vtc_x86_host *h) {
  for (int i = 0; i < 8; i++) {
    char path[128], type[32];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    int64_t level = read_size_file(path);
    if (level == 0) break;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
    read_word_file(path, type, sizeof type);
    if (strcmp(type, "Instruction") == 0) continue;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    int64_t size = read_size_file(path);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/coherency_line_size", i);
    int64_t line = read_size_file(path);
    if (line > 0) h->line_bytes = line;
    if (level == 1) h->l1d_bytes = size;
    else if (level == 2) h->l2_bytes = size;
    else if (level == 3) h->l3_bytes = size;
  }
#ifdef _SC_LEVEL1_DCACHE_SIZE
  if (h->l1d_bytes <= 0) h->l1d_bytes = sysconf(_SC_LEVEL1_DCACHE_SIZE);
  if (h->l2_bytes <= 0) h->l2_bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (h->l3_bytes <= 0) h->l3_bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (h->line_bytes <= 0) h->line_bytes = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
#endif
  if (h->l1d_bytes < 0) h->l1d_bytes = 0;
  if (h->l2_bytes < 0) h->l2_bytes = 0;
  if (h->l3_bytes < 0) h->l3_bytes = 0;
  if (h->line_bytes <= 0) h->line_bytes = 64;
}

static int detect_cores(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

static void copy_llvm_string(char *dst, size_t n, char *src) {
  snprintf(dst, n, "%s", src ? src : "");
  LLVMDisposeMessage(src);
}

void vtc_x86_host_detect(vtc_x86_host *h) {
  memset(h, 0, sizeof *h);
  h->num_cores = detect_cores();
  copy_llvm_string(h->cpu_name, sizeof h->cpu_name, LLVMGetHostCPUName());
  copy_llvm_string(h->triple, sizeof h->triple, LLVMGetDefaultTargetTriple());
  copy_llvm_string(h->features, sizeof h->features, LLVMGetHostCPUFeatures());
  h->has_avx512f = feature_sign(h->features, "avx512f") == '+';
  h->has_avx512bw = feature_sign(h->features, "avx512bw") == '+';
  h->has_avx512vl = feature_sign(h->features, "avx512vl") == '+';
  h->has_avx2 = feature_sign(h->features, "avx2") == '+';
  h->has_fma = feature_sign(h->features, "fma") == '+';
  h->has_f16c = feature_sign(h->features, "f16c") == '+';
  h->vector_bits = h->has_avx512f ? 512 : h->has_avx2 || feature_sign(h->features, "avx") == '+' ? 256 : 128;
  detect_caches(h);
}

static vtc_x86_host host_description;
static pthread_once_t host_once = PTHREAD_ONCE_INIT;
static void detect_once(void) { vtc_x86_host_detect(&host_description); }

const vtc_x86_host *vtc_x86_host_get(void) {
  pthread_once(&host_once, detect_once);
  return &host_description;
}

void vtc_x86_host_print(const vtc_x86_host *h, void *file) {
  FILE *f = file;
  fprintf(f, "x86 host: cpu=%s triple=%s cores=%d vector_bits=%d\n", h->cpu_name, h->triple,
          h->num_cores, h->vector_bits);
  fprintf(f, "  avx512f=%d avx512bw=%d avx512vl=%d avx2=%d fma=%d f16c=%d\n", h->has_avx512f,
          h->has_avx512bw, h->has_avx512vl, h->has_avx2, h->has_fma, h->has_f16c);
  fprintf(f, "  l1d=%lld l2=%lld l3=%lld line=%lld bytes\n", (long long)h->l1d_bytes,
          (long long)h->l2_bytes, (long long)h->l3_bytes, (long long)h->line_bytes);
}

/* ---- the target row ----------------------------------------------------- */

static pthread_once_t x86_init_once = PTHREAD_ONCE_INIT;
static void x86_init_llvm(void) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeX86AsmParser();
}

static int x86_init(char **error) {
  (void)error;
  pthread_once(&x86_init_once, x86_init_llvm);
  return 0;
}

static char *dup_or_die(const char *s) {
  char *d = strdup(s ? s : "");
  if (!d) abort();
  return d;
}

/* The CPUs LLVM 19's X86 backend knows that have a 64-bit mode (`llc
 * -mtriple=x86_64 -mcpu=help` less the 32-bit ones). An explicit --mcpu must
 * be one: LLVM only warns about an unknown name, then aborts on the first
 * function ("64-bit code requested on a subtarget that doesn't support
 * it"), as it does for a 32-bit CPU under the x86_64 triple. */
static const char *const x86_64_cpus[] = {
    "x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4", "generic", "alderlake", "amdfam10", "arrowlake",
    "arrowlake-s", "arrowlake_s", "athlon-fx", "athlon64", "athlon64-sse3", "atom", "atom_sse4_2",
    "atom_sse4_2_movbe", "barcelona", "bdver1", "bdver2", "bdver3", "bdver4", "bonnell", "broadwell", "btver1",
    "btver2", "cannonlake", "cascadelake", "clearwaterforest", "cooperlake", "core-avx-i", "core-avx2", "core2",
    "core_2_duo_sse4_1", "core_2_duo_ssse3", "core_2nd_gen_avx", "core_3rd_gen_avx", "core_4th_gen_avx",
    "core_4th_gen_avx_tsx", "core_5th_gen_avx", "core_5th_gen_avx_tsx", "core_aes_pclmulqdq", "core_i7_sse4_2",
    "corei7", "corei7-avx", "emeraldrapids", "goldmont", "goldmont-plus", "goldmont_plus", "gracemont",
    "grandridge", "graniterapids", "graniterapids-d", "graniterapids_d", "haswell", "icelake-client",
    "icelake-server", "icelake_client", "icelake_server", "ivybridge", "k8", "k8-sse3", "knl", "knm", "lunarlake",
    "meteorlake", "mic_avx512", "nehalem", "nocona", "opteron", "opteron-sse3", "pantherlake", "penryn",
    "raptorlake", "rocketlake", "sandybridge", "sapphirerapids", "sierraforest", "silvermont", "skx", "skylake",
    "skylake-avx512", "skylake_avx512", "slm", "tigerlake", "tremont", "westmere", "znver1", "znver2", "znver3",
    "znver4", "znver5",
};

static bool known_x86_64_cpu(const char *cpu) {
  for (size_t i = 0; i < sizeof x86_64_cpus / sizeof *x86_64_cpus; i++)
    if (strcmp(x86_64_cpus[i], cpu) == 0) return true;
  return false;
}

static int x86_resolve(const vtc_target_options *in, char **cpu, char **features, char **error) {
  if (in && in->cpu && *in->cpu && !known_x86_64_cpu(in->cpu)) { /* "": LLVM's generic x86-64 */
    *error = vtc_target_errorf("x86: unknown or 32-bit CPU '%s' (x86-64 CPUs include x86-64, x86-64-v2, "
                               "x86-64-v3, x86-64-v4, haswell, skylake-avx512, icelake-server, sapphirerapids, "
                               "znver3, znver4; `llc -mtriple=x86_64 -mcpu=help` lists LLVM's)",
                               in->cpu);
    return -1;
  }
  const vtc_x86_host *host = vtc_x86_host_get();
  const char *c = in && in->cpu ? in->cpu : host->cpu_name;
  const char *f = in && in->features ? in->features : (in && in->cpu ? "" : host->features);
  *cpu = dup_or_die(c);
  *features = dup_or_die(f);
  return 0;
}

/* LLVM's AVX-512 CPUs prefer 256-bit vectors (frequency tuning for Skylake),
 * so kernels ask for the full width explicitly; the backend then uses zmm. */
static void x86_prepare_function(LLVMValueRef fn, const char *cpu, const char *features) {
  char width[16];
  snprintf(width, sizeof width, "%d", vtc_x86_vector_bits(cpu, features));
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMAttributeRef a = LLVMCreateStringAttribute(ctx, "prefer-vector-width", 19, width,
                                                 (unsigned)strlen(width));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
}

const vtc_target vtc_target_x86 = {
  .name = "x86",
  .triple = NULL, /* the host's: x86_64-pc-linux-gnu or x86_64-unknown-linux-gnu */
  .data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
  .init = x86_init,
  .resolve = x86_resolve,
  .prepare_function = x86_prepare_function,
  .hardware = vtc_x86_hardware,
};
