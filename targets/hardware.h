/* Hardware descriptions for the cost models (Vortex sections 2.3 and 5: the
 * candidate generator's limits and the analytical model's rates): one flat
 * row per machine, read by passes through this header only. The target
 * folders fill the rows behind vtc_target's `hardware` hook (nvptx: H100,
 * H200, A100 from the vendors' documents; x86: fixed rows for named CPUs and
 * a "host" row detected at run time), so generic code never includes a
 * folder. Every number says where it comes from at its row. */
#ifndef VTC_TARGETS_HARDWARE_H
#define VTC_TARGETS_HARDWARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Element types the tables name: a closed set, not vtc_type, so that a
 * target needs no IR context. TF32 is f32 data on the tensor cores. */
typedef enum vtc_hw_dtype {
  VTC_HW_F16,
  VTC_HW_BF16,
  VTC_HW_TF32,
  VTC_HW_F32,
  VTC_HW_F64,
  VTC_HW_I8,
  VTC_HW_I32,
  VTC_HW_NUM_DTYPES
} vtc_hw_dtype;

/* "f16", "bf16", "tf32", "f32", "f64", "i8", "i32"; from_name is false on
 * anything else. */
const char *vtc_hw_dtype_name(vtc_hw_dtype d);
bool vtc_hw_dtype_from_name(const char *name, vtc_hw_dtype *out);
/* Bytes of one element in memory (tf32 is stored as f32). */
int vtc_hw_dtype_bytes(vtc_hw_dtype d);

typedef enum vtc_hw_kind {
  VTC_HW_GPU,
  VTC_HW_CPU,
} vtc_hw_kind;

/* One warp-level matrix instruction: D (m x n, acc) = A (m x k, in) x
 * B (k x n, in) + C, as PTX's mma.sync. */
typedef struct vtc_hw_mma {
  vtc_hw_dtype in, acc;
  int m, n, k;
  const char *instruction; /* the PTX mnemonic, for printing */
} vtc_hw_mma;

/* The GPU part (kind VTC_HW_GPU). Per-SM limits are the CUDA programming
 * guide's per compute capability. */
typedef struct vtc_hw_gpu {
  int warp_size;
  int max_threads_per_block, max_threads_per_sm, max_blocks_per_sm;
  int registers_per_sm, registers_per_block, max_registers_per_thread;
  int64_t shared_per_sm;          /* bytes, the carve-out maximum */
  int64_t shared_per_block;       /* static limit (48 KiB) */
  int64_t shared_per_block_optin; /* dynamic, after cuFuncSetAttribute */
  int shared_banks, shared_bank_bytes; /* 32 banks of 4 bytes */
  double shared_bandwidth;        /* bytes/s of one SM's shared memory */
  double l2_bandwidth;            /* bytes/s, device-wide (estimate: see the row) */
  double fp32_flops;              /* CUDA cores, FMA = 2 */
  double fp16_flops;              /* CUDA cores, half2 */
  double tensor_tf32_flops, tensor_fp16_flops, tensor_bf16_flops; /* dense */
  double mma_sync_fraction;       /* of the tensor peak that mma.sync reaches (Hopper's full rate needs wgmma) */
  bool cp_async;                  /* sm_80+: cp.async global -> shared */
  bool wgmma;                     /* sm_90 (exactly): warpgroup MMA from shared memory */
  const vtc_hw_mma *mma;          /* the mma.sync shapes, per input type */
  unsigned num_mma;
} vtc_hw_gpu;

/* The CPU part (kind VTC_HW_CPU). Rates are per core. */
typedef struct vtc_hw_cpu {
  int vector_bits;      /* widest SIMD used: 512 (AVX-512F) or 256 (AVX2) */
  int vector_registers; /* architectural: 32 zmm, 16 ymm */
  int fma_units;        /* vector FMA pipes per core at vector_bits */
  int fma_latency;      /* cycles */
  int load_ports;       /* vector loads per cycle */
  bool avx512f, avx2, fma, f16c, avx512_bf16, avx512_fp16;
  int64_t l1d_bytes, l2_bytes; /* per core */
  int64_t l3_bytes;            /* shared by all cores */
  int64_t line_bytes;
  double l1_bandwidth;  /* bytes/s per core (loads) */
  double l2_bandwidth;  /* bytes/s per core */
  double l3_bandwidth;  /* bytes/s, all cores */
} vtc_hw_cpu;

/* One machine. Plain data; rows are static (the host row is filled once
 * per process) and owned by the table: never freed by callers. */
typedef struct vtc_hardware {
  const char *name;        /* "h100", "skylake-avx512", "host" */
  const char *description; /* one line: the part and the source */
  vtc_hw_kind kind;
  const char *target;      /* the vtc_target row: "nvptx" or "x86" */
  const char *llvm_cpu;    /* LLVM's cpu: "sm_90", "skylake-avx512" */
  int num_cores;           /* SMs, or cores this process may use */
  double clock_hz;         /* sustained clock under load */
  int64_t dram_bytes;
  double dram_bandwidth;   /* bytes/s: measured copy bandwidth when known, else the peak */
  int64_t l2_bytes;        /* GPU: device L2; CPU: per core (cpu.l2_bytes) */
  /* The minimal memory transfer unit of VTC's Definition 5: a contiguous
   * chunk at least this long keeps full bandwidth. GPU: one warp's
   * coalesced access of 4-byte words (32 x 4 = 128 B, sm_80 and sm_90);
   * CPU: a cache line (64 B on x86). */
  int64_t transfer_bytes;
  vtc_hw_gpu gpu;
  vtc_hw_cpu cpu;
} vtc_hardware;

/* The row named `name` (case-insensitive; aliases such as "h100-sxm",
 * "sm_80"), asking each target's hook in turn: GPUs "h100", "h200", "a100",
 * "a100-40gb", or a GPU by the name its driver reports ("NVIDIA H200",
 * "NVIDIA A100-SXM4-40GB"); CPUs "skylake-avx512", "znver3", "host" (this
 * machine, detected and measured once), "cpu" (= host), "gpu" (= h100, the
 * default device of this project's GPU runs). NULL if unknown. Thread-safe. */
const vtc_hardware *vtc_hardware_lookup(const char *name);

/* Every fixed row's name, for messages ("h100, h200, ..."): a static string. */
const char *vtc_hardware_known_names(void);

/* Peak multiply-add rate of a machine in flop/s (FMA = 2 flops) for inputs
 * of type `in`: on a GPU on the tensor cores (tensor true; f32 means tf32)
 * or the CUDA cores, on a CPU the vector FMA units of every core (f32; f16
 * and bf16 are converted to f32, at the f32 rate). 0 when unsupported. */
double vtc_hardware_peak_flops(const vtc_hardware *hw, vtc_hw_dtype in, bool tensor);

/* The mma.sync shape for inputs `in` (the first row of the table), or NULL. */
const vtc_hw_mma *vtc_hardware_mma(const vtc_hardware *hw, vtc_hw_dtype in);

/* Prints the row, one fact per line (tests FileCheck it). */
void vtc_hardware_print(const vtc_hardware *hw, FILE *out);

#endif
