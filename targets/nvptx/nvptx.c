/* The NVPTX target row (triple, LLVM initialisation, architecture and PTX
 * version defaults), PTX emission for a module, and the GPU hardware table.
 * Lowerings reach this only through vtc_target_lookup("nvptx"). */
#include "targets/nvptx/nvptx.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "targets/nvptx/intrinsics.h"

/* ---- architectures ------------------------------------------------------ */

/* The architectures we generate for, with the lowest PTX ISA version LLVM 19
 * accepts for each (PTX ISA manual, "PTX ISA version" table: sm_80 came with
 * PTX 7.0, sm_86 with 7.1, sm_89/sm_90 with 7.8, sm_90a with 8.0). Older
 * architectures lack the features the gir lowering assumes (cp.async, bf16). */
static const struct { const char *arch; const char *features; } nvptx_archs[] = {
  {"sm_90", "+ptx78"}, {"sm_90a", "+ptx80"}, {"sm_89", "+ptx78"},
  {"sm_86", "+ptx71"}, {"sm_80", "+ptx70"},
};
#define NUM_ARCHS (sizeof nvptx_archs / sizeof nvptx_archs[0])

static pthread_once_t nvptx_once = PTHREAD_ONCE_INIT;

static void nvptx_init_once(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

static int nvptx_init(char **error) {
  (void)error;
  pthread_once(&nvptx_once, nvptx_init_once);
  return 0;
}

static int nvptx_resolve(const vtc_target_options *in, char **cpu, char **features, char **error) {
  const char *arch = in && in->cpu ? in->cpu : VTC_NVPTX_DEFAULT_ARCH;
  for (size_t i = 0; i < NUM_ARCHS; i++) {
    if (strcmp(arch, nvptx_archs[i].arch) != 0) continue;
    *cpu = strdup(arch);
    *features = strdup(in && in->features ? in->features : nvptx_archs[i].features);
    if (!*cpu || !*features) abort();
    return 0;
  }
  *error = vtc_target_errorf("nvptx: unsupported GPU architecture '%s' (supported: sm_90, sm_90a, "
                             "sm_89, sm_86, sm_80)", arch);
  return -1;
}

/* The code generator reads the subtarget from these when they are present;
 * setting them keeps a function's code independent of the module it moves to. */
static void nvptx_prepare_function(LLVMValueRef fn, const char *cpu, const char *features) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  if (cpu && *cpu)
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateStringAttribute(ctx, "target-cpu", 10, cpu,
                                                               (unsigned)strlen(cpu)));
  if (features && *features)
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateStringAttribute(ctx, "target-features", 15, features,
                                                               (unsigned)strlen(features)));
}

/* ---- the hooks of gir's GPU mapping (target.h) ------------------------------ */

/* PTX text through vtc_nvptx_emit_ptx (libdevice linked, then optimised). */
static int nvptx_emit_code(LLVMModuleRef m, const char *cpu, int opt_level, vtc_emit_kind kind, char **out,
                           size_t *out_size, char **error) {
  if (kind != VTC_EMIT_ASSEMBLY) {
    if (error) *error = vtc_target_errorf("nvptx has no object files: use --emit=ptx");
    return -1;
  }
  if (vtc_nvptx_emit_ptx(m, cpu, opt_level, out, error) != 0) return -1;
  if (out_size) *out_size = strlen(*out);
  return 0;
}

/* A full wave of the default GPU: every SM's resident threads, in warps. */
static int64_t nvptx_resident_warps(void) {
  const vtc_gpu_desc *g = vtc_gpu_lookup(VTC_NVPTX_DEFAULT_ARCH);
  return (int64_t)g->num_sms * g->max_threads_per_sm / g->warp_size;
}

static void nvptx_mark_kernel(LLVMValueRef fn, unsigned max_threads, unsigned min_blocks) {
  vtc_nvptx_mark_kernel(fn);
  vtc_nvptx_set_max_threads(fn, max_threads);
  if (min_blocks) vtc_nvptx_set_min_blocks(fn, min_blocks);
}

static LLVMValueRef nvptx_special_reg(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_sreg reg) {
  static LLVMValueRef (*const readers[])(LLVMBuilderRef, LLVMModuleRef, int) = {
      [VTC_SREG_THREAD_ID] = vtc_nvptx_thread_id,
      [VTC_SREG_BLOCK_ID] = vtc_nvptx_block_id,
      [VTC_SREG_NUM_BLOCKS] = vtc_nvptx_grid_dim,
  };
  return readers[reg](b, m, 0);
}

static void nvptx_barrier(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_barrier scope) {
  if (scope == VTC_BARRIER_WARP) vtc_nvptx_warp_sync(b, m);
  else vtc_nvptx_barrier(b, m);
}

static LLVMValueRef nvptx_shuffle(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_shuffle mode, LLVMValueRef value,
                                  LLVMValueRef lane_or_delta, int width) {
  static const vtc_nvptx_shfl_mode modes[] = {
      [VTC_SHUFFLE_DOWN] = VTC_NVPTX_SHFL_DOWN,
      [VTC_SHUFFLE_UP] = VTC_NVPTX_SHFL_UP,
      [VTC_SHUFFLE_XOR] = VTC_NVPTX_SHFL_XOR,
      [VTC_SHUFFLE_IDX] = VTC_NVPTX_SHFL_IDX,
  };
  return vtc_nvptx_shfl(b, m, modes[mode], value, lane_or_delta, width);
}

const vtc_target vtc_target_nvptx = {
  .name = "nvptx",
  .triple = "nvptx64-nvidia-cuda",
  .data_layout = VTC_NVPTX_DATA_LAYOUT,
  .init = nvptx_init,
  .resolve = nvptx_resolve,
  .prepare_function = nvptx_prepare_function,
  .emit_code = nvptx_emit_code,
  .warp_size = VTC_NVPTX_WARP_SIZE,
  .resident_warps = nvptx_resident_warps,
  .mark_kernel = nvptx_mark_kernel,
  .special_reg = nvptx_special_reg,
  .barrier = nvptx_barrier,
  .shuffle = nvptx_shuffle,
  .fence = vtc_nvptx_fence,
  .grid_barrier = vtc_nvptx_grid_barrier,
  .shared_array = vtc_nvptx_shared_array,
  .math_prefix = "__nv_",
  .tensor_core = &vtc_nvptx_tensor_core,
  .hardware = vtc_nvptx_hardware,
};

/* ---- libdevice -------------------------------------------------------------- */

/* Where CUDA toolkits install libdevice (NVIDIA's installer; Debian's
 * nvidia-cuda-toolkit). $VTC_LIBDEVICE wins. */
static const char *const libdevice_paths[] = {
  "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
  "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc",
  "/usr/lib/cuda/nvvm/libdevice/libdevice.10.bc",
};

const char *vtc_nvptx_find_libdevice(void) {
  const char *env = getenv("VTC_LIBDEVICE");
  if (env && *env) return access(env, R_OK) == 0 ? env : NULL;
  for (size_t i = 0; i < sizeof libdevice_paths / sizeof *libdevice_paths; i++)
    if (access(libdevice_paths[i], R_OK) == 0) return libdevice_paths[i];
  return NULL;
}

/* The first libdevice function the module declares (calls), or NULL. */
static const char *libdevice_use(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && len > 5 && !strncmp(name, "__nv_", 5)) return name;
  }
  return NULL;
}

/* Links libdevice into m (NVVM's way: the bitcode module, its functions made
 * internal so default<O3> inlines what is used and drops the rest; NVVMReflect
 * reads __nvvm_reflect("__CUDA_FTZ") from the module flag, 0 = IEEE
 * denormals). */
static int link_libdevice(LLVMModuleRef m, const char *used, char **error) {
  const char *path = vtc_nvptx_find_libdevice();
  if (!path) {
    *error = vtc_target_errorf("nvptx: the kernels call libdevice's %s (f64 or f16 math, log, pow), but "
                               "libdevice.10.bc was not found: set VTC_LIBDEVICE to the CUDA toolkit's "
                               "nvvm/libdevice/libdevice.10.bc", used);
    return -1;
  }
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    *error = vtc_target_errorf("nvptx: cannot read libdevice '%s': %s", path, msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    return -1;
  }
  LLVMModuleRef lib = NULL;
  LLVMBool bad = LLVMParseBitcodeInContext2(LLVMGetModuleContext(m), buf, &lib);
  LLVMDisposeMemoryBuffer(buf);
  if (bad) {
    *error = vtc_target_errorf("nvptx: '%s' is not an LLVM bitcode file", path);
    return -1;
  }
  LLVMSetTarget(lib, LLVMGetTarget(m));
  LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(m));
  /* Linking resolves declarations against external definitions only, so
   * libdevice's are internalised after the link: every definition that is
   * not one of ours (the kernels) before it. */
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) n++;
  LLVMValueRef *ours = calloc(n + 1, sizeof *ours);
  if (!ours) abort();
  n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) ours[n++] = f;
  if (LLVMLinkModules2(m, lib)) { /* consumes lib */
    free(ours);
    *error = vtc_target_errorf("nvptx: linking libdevice '%s' failed", path);
    return -1;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    bool mine = false;
    for (size_t i = 0; i < n && !mine; i++) mine = ours[i] == f;
    if (!mine && !LLVMIsDeclaration(f)) LLVMSetLinkage(f, LLVMInternalLinkage);
  }
  free(ours);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (LLVMGetInitializer(g) && LLVMGetLinkage(g) == LLVMExternalLinkage) LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMAddModuleFlag(m, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), 0, 0)));
  return 0;
}

static const char kArchSpecific[] = "vtc.nvptx.arch_specific";

void vtc_nvptx_require_arch_specific(LLVMModuleRef m) {
  if (LLVMGetNamedMetadata(m, kArchSpecific, sizeof kArchSpecific - 1)) return;
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMAddNamedMetadataOperand(m, kArchSpecific, LLVMMDNodeInContext(c, NULL, 0));
}

int vtc_nvptx_emit_ptx(LLVMModuleRef m, const char *arch, int opt_level, char **ptx, char **error) {
  *ptx = NULL;
  bool specific = LLVMGetNamedMetadata(m, kArchSpecific, sizeof kArchSpecific - 1) != NULL;
  if (specific && (!arch || !strcmp(arch, "sm_90"))) arch = "sm_90a";
  vtc_target_options opts = {arch, NULL, opt_level > 0 ? opt_level : 0};
  char *err = NULL;
  LLVMTargetMachineRef tm = vtc_target_machine_create(&vtc_target_nvptx, &opts, NULL, NULL, &err);
  if (!tm) {
    if (error) *error = err;
    else free(err);
    return -1;
  }
  vtc_target_configure_module(m, tm);
  int rc = 0;
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    err = vtc_target_errorf("nvptx: invalid LLVM module: %s", msg ? msg : "unknown error");
    rc = -1;
  }
  LLVMDisposeMessage(msg);
  const char *used = rc == 0 ? libdevice_use(m) : NULL;
  if (used) rc = link_libdevice(m, used, &err);
  if (rc == 0 && opt_level > 0) {
    char passes[32];
    snprintf(passes, sizeof passes, "default<O%d>", opt_level > 3 ? 3 : opt_level);
    rc = vtc_llvm_optimize(m, tm, passes, &err);
  }
  size_t size = 0;
  if (rc == 0) rc = vtc_llvm_emit(m, tm, VTC_EMIT_ASSEMBLY, ptx, &size, &err);
  LLVMDisposeTargetMachine(tm);
  if (rc != 0) {
    if (error) *error = err;
    else free(err);
  }
  return rc;
}

/* ---- hardware descriptions ---------------------------------------------- */

#define KIB 1024LL
#define MIB (1024LL * 1024LL)
#define T 1e12

/* Numbers the vendors do not publish, for the Vortex cost model:
 *   - L2 bandwidth: Chips and Cheese ("Nvidia's H100: Funny L2, and Tons of
 *     Bandwidth", 2023) measured about 5.5 TB/s of L2 read bandwidth on an
 *     H100 PCIe (114 SMs, <= 1755 MHz); scaled by SMs x clock to the SXM
 *     (132 SMs, 1980 MHz) that is about 7.2 TB/s. For the A100 we take the
 *     same per-SM-per-clock rate (108 SMs, 1410 MHz): about 4.2 TB/s. Both are
 *     estimates, not measurements of ours.
 *   - Copy bandwidth: measured 2920 GB/s on this project's H100 (87% of the
 *     3350 GB/s peak); other parts get the same fraction of their peak. */
#define H100_L2_BANDWIDTH 7.2e12
#define A100_L2_BANDWIDTH 4.2e12
#define COPY_FRACTION 0.87

/* NVIDIA H100 (SXM5): "NVIDIA H100 Tensor Core GPU Architecture" whitepaper
 * (2022), table 3 "Comparison of NVIDIA A100 and H100 Data Center GPUs", and
 * the H100 datasheet (2023): 132 SMs at 1980 MHz boost; FP32 66.9, FP64 33.5,
 * FP16 and BF16 (non-tensor) 133.8, TF32 tensor 494.7, FP16/BF16 tensor 989.4,
 * FP8 tensor 1978.9 TFLOPS and INT8 1978.9 TOPS, all dense; 80 GB HBM3 at
 * 3.35 TB/s; 50 MB L2; 228 KB shared memory per SM of which 227 KB to one
 * block. Per-SM limits: CUDA C++ Programming Guide, "Technical Specifications
 * per Compute Capability" (9.0: 64K registers per SM and per block, 255 per
 * thread, 2048 threads and 32 blocks per SM, 1024 threads per block). */
static const vtc_gpu_desc gpu_h100_sxm = {
  .name = "h100-sxm", .aliases = "h100,h100-sxm5,sm_90", .marketing_name = "H100 80GB HBM3",
  .arch = "sm_90", .cc_major = 9, .cc_minor = 0,
  .num_sms = 132, .warp_size = 32, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
  .max_blocks_per_sm = 32, .registers_per_sm = 65536, .registers_per_block = 65536,
  .max_registers_per_thread = 255,
  .shared_per_sm = 228 * KIB, .shared_per_block = 48 * KIB, .shared_per_block_optin = 227 * KIB,
  .l2_bytes = 50 * MIB, .memory_bytes = 80000000000LL, .memory_bandwidth = 3.35e12,
  .boost_clock_hz = 1.98e9,
  .fp32_flops = 66.9 * T, .fp16_flops = 133.8 * T, .bf16_flops = 133.8 * T, .fp64_flops = 33.5 * T,
  .tensor_tf32_flops = 494.7 * T, .tensor_fp16_flops = 989.4 * T, .tensor_bf16_flops = 989.4 * T,
  .tensor_fp8_flops = 1978.9 * T, .tensor_int8_ops = 1978.9 * T,
  .shared_banks = 32, .shared_bank_bytes = 4, .l2_bandwidth = H100_L2_BANDWIDTH,
  .copy_bandwidth = 2.92e12, /* benchmarks/results/gpu.md: dst.copy_(src) of 1 GiB */
};

/* NVIDIA H200 (SXM): H200 datasheet (2024): the H100 SXM's GH100 at the same
 * clocks and rates, with 141 GB of HBM3e at 4.8 TB/s. The datasheet gives no
 * L2 size; 60 MB is what the driver reported on this workplace's H200s
 * (device tool KINDS.md, 2026-10-28). */
static const vtc_gpu_desc gpu_h200_sxm = {
  .name = "h200-sxm", .aliases = "h200", .marketing_name = "H200",
  .arch = "sm_90", .cc_major = 9, .cc_minor = 0,
  .num_sms = 132, .warp_size = 32, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
  .max_blocks_per_sm = 32, .registers_per_sm = 65536, .registers_per_block = 65536,
  .max_registers_per_thread = 255,
  .shared_per_sm = 228 * KIB, .shared_per_block = 48 * KIB, .shared_per_block_optin = 227 * KIB,
  .l2_bytes = 60 * MIB, .memory_bytes = 141000000000LL, .memory_bandwidth = 4.8e12,
  .boost_clock_hz = 1.98e9,
  .fp32_flops = 66.9 * T, .fp16_flops = 133.8 * T, .bf16_flops = 133.8 * T, .fp64_flops = 33.5 * T,
  .tensor_tf32_flops = 494.7 * T, .tensor_fp16_flops = 989.4 * T, .tensor_bf16_flops = 989.4 * T,
  .tensor_fp8_flops = 1978.9 * T, .tensor_int8_ops = 1978.9 * T,
  .shared_banks = 32, .shared_bank_bytes = 4, .l2_bandwidth = H100_L2_BANDWIDTH,
  .copy_bandwidth = 4.8e12 * COPY_FRACTION,
};

/* NVIDIA A100 (SXM4): "NVIDIA A100 Tensor Core GPU Architecture" whitepaper
 * (2020), table 1 and the A100 datasheet (2021): 108 SMs at 1410 MHz boost;
 * FP32 19.5, FP64 9.7, FP16 (non-tensor) 78, BF16 (non-tensor) 39, TF32
 * tensor 156, FP16/BF16 tensor 312 TFLOPS and INT8 624 TOPS, dense; no FP8;
 * 40 MB L2; 164 KB shared memory per SM, 163 KB to one block (programming
 * guide, compute capability 8.0); 80 GB HBM2e at 2039 GB/s, or 40 GB HBM2 at
 * 1555 GB/s. */
#define A100_COMMON                                                                          \
  .arch = "sm_80", .cc_major = 8, .cc_minor = 0,                                             \
  .num_sms = 108, .warp_size = 32, .max_threads_per_block = 1024, .max_threads_per_sm = 2048, \
  .max_blocks_per_sm = 32, .registers_per_sm = 65536, .registers_per_block = 65536,          \
  .max_registers_per_thread = 255,                                                           \
  .shared_per_sm = 164 * KIB, .shared_per_block = 48 * KIB, .shared_per_block_optin = 163 * KIB, \
  .l2_bytes = 40 * MIB, .boost_clock_hz = 1.41e9,                                            \
  .fp32_flops = 19.5 * T, .fp16_flops = 78 * T, .bf16_flops = 39 * T, .fp64_flops = 9.7 * T, \
  .tensor_tf32_flops = 156 * T, .tensor_fp16_flops = 312 * T, .tensor_bf16_flops = 312 * T,  \
  .tensor_fp8_flops = 0, .tensor_int8_ops = 624 * T,                                         \
  .shared_banks = 32, .shared_bank_bytes = 4, .l2_bandwidth = A100_L2_BANDWIDTH

static const vtc_gpu_desc gpu_a100_80gb = {
  .name = "a100-sxm4-80gb", .aliases = "a100,a100-80gb,sm_80", .marketing_name = "A100-SXM4-80GB",
  .memory_bytes = 80000000000LL, .memory_bandwidth = 2.039e12, .copy_bandwidth = 2.039e12 * COPY_FRACTION,
  A100_COMMON,
};

static const vtc_gpu_desc gpu_a100_40gb = {
  .name = "a100-sxm4-40gb", .aliases = "a100-40gb", .marketing_name = "A100-SXM4-40GB",
  .memory_bytes = 40000000000LL, .memory_bandwidth = 1.555e12, .copy_bandwidth = 1.555e12 * COPY_FRACTION,
  A100_COMMON,
};

const vtc_gpu_desc *const vtc_gpus[] = {
  &gpu_h100_sxm, &gpu_h200_sxm, &gpu_a100_80gb, &gpu_a100_40gb, NULL,
};

/* Is `name` one of the comma-separated words of `list` (case-insensitive)? */
static int in_list(const char *list, const char *name) {
  size_t len = strlen(name);
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == len && strncasecmp(p, name, n) == 0) return 1;
    p = end ? end + 1 : p + n;
  }
  return 0;
}

const vtc_gpu_desc *vtc_gpu_lookup(const char *name) {
  for (int i = 0; name && vtc_gpus[i]; i++)
    if (strcasecmp(vtc_gpus[i]->name, name) == 0 || in_list(vtc_gpus[i]->aliases, name))
      return vtc_gpus[i];
  return NULL;
}

static int contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++)
    if (strncasecmp(hay, needle, n) == 0) return 1;
  return 0;
}

const vtc_gpu_desc *vtc_gpu_for_device_name(const char *device_name) {
  for (int i = 0; device_name && vtc_gpus[i]; i++)
    if (contains_nocase(device_name, vtc_gpus[i]->marketing_name)) return vtc_gpus[i];
  return NULL;
}

void vtc_gpu_print(const vtc_gpu_desc *g, void *file) {
  FILE *f = file;
  fprintf(f, "gpu %s (%s, compute capability %d.%d)\n", g->name, g->arch, g->cc_major, g->cc_minor);
  fprintf(f, "  sms %d, warp %d, threads/block %d, threads/sm %d, blocks/sm %d\n", g->num_sms,
          g->warp_size, g->max_threads_per_block, g->max_threads_per_sm, g->max_blocks_per_sm);
  fprintf(f, "  registers/sm %d, registers/thread %d\n", g->registers_per_sm,
          g->max_registers_per_thread);
  fprintf(f, "  shared/sm %lld KiB, shared/block %lld KiB (opt-in %lld KiB), l2 %lld MiB\n",
          (long long)(g->shared_per_sm / KIB), (long long)(g->shared_per_block / KIB),
          (long long)(g->shared_per_block_optin / KIB), (long long)(g->l2_bytes / MIB));
  fprintf(f, "  memory %.0f GB at %.0f GB/s, boost %.0f MHz\n", (double)g->memory_bytes / 1e9,
          g->memory_bandwidth / 1e9, g->boost_clock_hz / 1e6);
  fprintf(f, "  TFLOPS: fp32 %.1f fp16 %.1f bf16 %.1f fp64 %.1f; tensor tf32 %.1f fp16 %.1f "
             "bf16 %.1f fp8 %.1f\n",
          g->fp32_flops / T, g->fp16_flops / T, g->bf16_flops / T, g->fp64_flops / T,
          g->tensor_tf32_flops / T, g->tensor_fp16_flops / T, g->tensor_bf16_flops / T,
          g->tensor_fp8_flops / T);
}
