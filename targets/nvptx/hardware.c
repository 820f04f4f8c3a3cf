/* The GPU rows of targets/hardware.h, built once from the vtc_gpus table
 * (nvptx.c) and the mma.sync shapes of the PTX ISA, so the cost model reads
 * one description of each GPU. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "targets/nvptx/nvptx.h"

/* mma.sync shapes of sm_80 and sm_90 (PTX ISA, "Matrix shape" table of
 * mma.sync.aligned): f16 and bf16 as m16n8k16 with f32 accumulators, tf32
 * as m16n8k8, int8 as m16n8k32 with s32; the first row per input type is the
 * one the candidate generator tiles with. */
static const vtc_hw_mma sm80_mma[] = {
    {VTC_HW_F16, VTC_HW_F32, 16, 8, 16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
    {VTC_HW_BF16, VTC_HW_F32, 16, 8, 16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
    {VTC_HW_TF32, VTC_HW_F32, 16, 8, 8, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
    {VTC_HW_I8, VTC_HW_I32, 16, 8, 32, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"},
};

enum { kMaxGpus = 8 };
static vtc_hardware rows[kMaxGpus];
static char descriptions[kMaxGpus][96];
static int num_rows;
static pthread_once_t rows_once = PTHREAD_ONCE_INIT;

static void fill_row(vtc_hardware *hw, char *description, const vtc_gpu_desc *g) {
  snprintf(description, 96, "NVIDIA %s, vendor documents (targets/nvptx/nvptx.c)", g->marketing_name);
  /* The short name ("h100"): the first alias, else the name. */
  *hw = (vtc_hardware){
      .name = g->name, .description = description, .kind = VTC_HW_GPU, .target = "nvptx", .llvm_cpu = g->arch,
      .num_cores = g->num_sms, .clock_hz = g->boost_clock_hz, .dram_bytes = g->memory_bytes,
      .dram_bandwidth = g->copy_bandwidth > 0 ? g->copy_bandwidth : g->memory_bandwidth, .l2_bytes = g->l2_bytes,
      .transfer_bytes = (int64_t)g->warp_size * 4, /* one coalesced warp access of 4-byte words */
  };
  vtc_hw_gpu *d = &hw->gpu;
  d->warp_size = g->warp_size;
  d->max_threads_per_block = g->max_threads_per_block;
  d->max_threads_per_sm = g->max_threads_per_sm;
  d->max_blocks_per_sm = g->max_blocks_per_sm;
  d->registers_per_sm = g->registers_per_sm;
  d->registers_per_block = g->registers_per_block;
  d->max_registers_per_thread = g->max_registers_per_thread;
  d->shared_per_sm = g->shared_per_sm;
  d->shared_per_block = g->shared_per_block;
  d->shared_per_block_optin = g->shared_per_block_optin;
  d->shared_banks = g->shared_banks;
  d->shared_bank_bytes = g->shared_bank_bytes;
  /* Every bank serves one word per clock. */
  d->shared_bandwidth = (double)g->shared_banks * g->shared_bank_bytes * g->boost_clock_hz;
  d->l2_bandwidth = g->l2_bandwidth;
  d->fp32_flops = g->fp32_flops;
  d->fp16_flops = g->fp16_flops;
  d->tensor_tf32_flops = g->tensor_tf32_flops;
  d->tensor_fp16_flops = g->tensor_fp16_flops;
  d->tensor_bf16_flops = g->tensor_bf16_flops;
  d->cp_async = g->cc_major >= 8;
  d->wgmma = g->cc_major == 9 && g->cc_minor == 0;
  /* Hopper's tensor peak is wgmma's; mma.sync issues at about two thirds of
   * it (CUTLASS's sm80-style kernels on H100). Ampere's mma.sync is its peak. */
  d->mma_sync_fraction = g->cc_major >= 9 ? 0.67 : 1.0;
  d->mma = sm80_mma;
  d->num_mma = sizeof sm80_mma / sizeof sm80_mma[0];
}

static void build_rows(void) {
  for (int i = 0; vtc_gpus[i] && num_rows < kMaxGpus; i++, num_rows++)
    fill_row(&rows[num_rows], descriptions[num_rows], vtc_gpus[i]);
}

const vtc_hardware *vtc_nvptx_hardware(const char *name) {
  if (!name) return NULL;
  if (strcasecmp(name, "gpu") == 0) name = "h100";
  const vtc_gpu_desc *g = vtc_gpu_lookup(name);
  if (!g) g = vtc_gpu_for_device_name(name); /* "NVIDIA H200", as the driver names it */
  if (!g) return NULL;
  pthread_once(&rows_once, build_rows);
  for (int i = 0; i < num_rows; i++)
    if (vtc_gpus[i] == g) return &rows[i];
  return NULL;
}
