/* The NVPTX target: the target-table row for nvptx64-nvidia-cuda (sm_90 by
 * default, sm_80 on request), PTX emission from an LLVM module, and the GPU
 * hardware descriptions (H100, H200, A100) that the cost models read. */
#ifndef VTC_TARGETS_NVPTX_NVPTX_H
#define VTC_TARGETS_NVPTX_NVPTX_H

#include <stdint.h>

#include <llvm-c/Core.h>

#include "targets/target.h"

/* The row of the target table, vtc_target_nvptx (declared in target.h).
 * cpu is the GPU architecture ("sm_90", "sm_90a", "sm_89", "sm_86", "sm_80";
 * NULL: sm_90); features NULL means the lowest PTX ISA version that
 * architecture needs ("+ptx78" for sm_90, "+ptx70" for sm_80), so the PTX
 * loads on every driver that knows the architecture. */

/* The default architecture and the reference data layout of nvptx64. */
#define VTC_NVPTX_DEFAULT_ARCH "sm_90"
#define VTC_NVPTX_DATA_LAYOUT "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"

/* Emits `m` as PTX text for `arch` (NULL: sm_90). The module is changed
 * in place: its triple and data layout are set for the target; when it calls
 * libdevice functions (__nv_expf, ...) libdevice is linked in (found by
 * vtc_nvptx_find_libdevice; an error naming the function when there is
 * none); and with opt_level > 0 it runs through default<O{opt_level}> (which
 * for NVPTX also infers the address spaces of generic pointers and resolves
 * __nvvm_reflect). *ptx gets a malloc'd NUL-terminated string (free() it).
 * Returns 0, or -1 with *error set (free() it). */
int vtc_nvptx_emit_ptx(LLVMModuleRef m, const char *arch, int opt_level, char **ptx, char **error);

/* Marks `m` as using architecture-specific instructions (sm_90's wgmma):
 * vtc_nvptx_emit_ptx then emits sm_90 as sm_90a (PTX 8.0), whose PTX runs
 * on compute capability 9.0 alone. */
void vtc_nvptx_require_arch_specific(LLVMModuleRef m);

/* libdevice.10.bc: $VTC_LIBDEVICE when set (NULL if unreadable), else the
 * first readable of the CUDA toolkits' install paths; NULL if none. */
const char *vtc_nvptx_find_libdevice(void);

/* The tensor-core hooks of the row (tensor_core.c). */
extern const vtc_target_tensor_core vtc_nvptx_tensor_core;

/* ---- hardware descriptions ---------------------------------------------- */

/* One GPU model, as its vendor documents it. Rates are dense (no structured
 * sparsity), at the boost clock; bytes are bytes (KiB = 1024, GB = 1e9 where
 * the vendor says GB). Plain static data: nothing is owned. */
typedef struct vtc_gpu_desc {
  const char *name;            /* "h100-sxm": the --gpu name in tools */
  const char *aliases;         /* other accepted names, comma separated */
  const char *marketing_name;  /* what the driver reports contains this */
  const char *arch;            /* LLVM cpu name: "sm_90" */
  int cc_major, cc_minor;      /* compute capability */
  int num_sms;                 /* streaming multiprocessors */
  int warp_size;               /* threads per warp */
  int max_threads_per_block;
  int max_threads_per_sm;
  int max_blocks_per_sm;
  int registers_per_sm;        /* 32-bit registers */
  int registers_per_block;     /* most one block may use */
  int max_registers_per_thread;
  int64_t shared_per_sm;       /* bytes of shared memory per SM (carve-out max) */
  int64_t shared_per_block;    /* static limit without opt-in (48 KiB) */
  int64_t shared_per_block_optin; /* dynamic, after cuFuncSetAttribute */
  int64_t l2_bytes;
  int64_t memory_bytes;        /* device memory (HBM) */
  double memory_bandwidth;     /* bytes/s, peak HBM */
  double boost_clock_hz;
  double fp32_flops;           /* CUDA cores, FMA counted as 2 */
  double fp16_flops;           /* CUDA cores (non-tensor), half2 */
  double bf16_flops;           /* CUDA cores (non-tensor) */
  double fp64_flops;
  double tensor_tf32_flops;    /* tensor cores, dense */
  double tensor_fp16_flops;    /* tensor cores, FP16 in, FP32 accumulate, dense */
  double tensor_bf16_flops;
  double tensor_fp8_flops;     /* 0 where the chip has none */
  double tensor_int8_ops;
  /* Added for the Vortex cost model (targets/hardware.h). */
  int shared_banks, shared_bank_bytes; /* 32 banks of 4 bytes on every chip here */
  double l2_bandwidth;         /* bytes/s device-wide: an estimate (see the row) */
  double copy_bandwidth;       /* bytes/s a device copy reaches (measured where we ran) */
} vtc_gpu_desc;

/* The table, NULL-terminated. */
extern const vtc_gpu_desc *const vtc_gpus[];

/* By name or alias, case-insensitive ("h100", "H100-SXM", "a100"); NULL if
 * unknown. */
const vtc_gpu_desc *vtc_gpu_lookup(const char *name);

/* By the name the driver reports ("NVIDIA H100 80GB HBM3"): the row whose
 * marketing_name occurs in it, case-insensitive; NULL if none. */
const vtc_gpu_desc *vtc_gpu_for_device_name(const char *device_name);

/* Prints a description (for tools and tests); file is a FILE *. */
void vtc_gpu_print(const vtc_gpu_desc *g, void *file);

/* The vtc_hardware row of a GPU (targets/hardware.h) by name or alias, or
 * by the name the driver reports ("NVIDIA H200"), built from vtc_gpus once;
 * "gpu" names the default device, the H100. NULL if unknown. The nvptx
 * row's `hardware` hook. */
const vtc_hardware *vtc_nvptx_hardware(const char *name);

#endif
