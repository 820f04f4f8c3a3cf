/* Hardware descriptions behind the target table: lookup asks each target's
 * `hardware` hook, and the derived rates (peak flops) and the printer are
 * computed here from the row alone, the same way for every machine. */
#include "targets/hardware.h"

#include <string.h>

#include "targets/target.h"

static const char *const dtype_names[VTC_HW_NUM_DTYPES] = {
    [VTC_HW_F16] = "f16", [VTC_HW_BF16] = "bf16", [VTC_HW_TF32] = "tf32", [VTC_HW_F32] = "f32",
    [VTC_HW_F64] = "f64", [VTC_HW_I8] = "i8",     [VTC_HW_I32] = "i32",
};
static const int dtype_bytes[VTC_HW_NUM_DTYPES] = {
    [VTC_HW_F16] = 2, [VTC_HW_BF16] = 2, [VTC_HW_TF32] = 4, [VTC_HW_F32] = 4,
    [VTC_HW_F64] = 8, [VTC_HW_I8] = 1,   [VTC_HW_I32] = 4,
};

const char *vtc_hw_dtype_name(vtc_hw_dtype d) { return d < VTC_HW_NUM_DTYPES ? dtype_names[d] : "?"; }

bool vtc_hw_dtype_from_name(const char *name, vtc_hw_dtype *out) {
  for (int i = 0; name && i < VTC_HW_NUM_DTYPES; i++)
    if (strcmp(name, dtype_names[i]) == 0) {
      *out = (vtc_hw_dtype)i;
      return true;
    }
  return false;
}

int vtc_hw_dtype_bytes(vtc_hw_dtype d) { return d < VTC_HW_NUM_DTYPES ? dtype_bytes[d] : 0; }

const vtc_hardware *vtc_hardware_lookup(const char *name) {
  if (!name || !*name) return NULL;
  for (int i = 0; vtc_targets[i]; i++) {
    if (!vtc_targets[i]->hardware) continue;
    const vtc_hardware *hw = vtc_targets[i]->hardware(name);
    if (hw) return hw;
  }
  return NULL;
}

const char *vtc_hardware_known_names(void) {
  return "h100, h200, a100, a100-40gb, gpu (= h100), skylake-avx512, znver3, host, cpu (= host)";
}

const vtc_hw_mma *vtc_hardware_mma(const vtc_hardware *hw, vtc_hw_dtype in) {
  for (unsigned i = 0; hw && hw->kind == VTC_HW_GPU && i < hw->gpu.num_mma; i++)
    if (hw->gpu.mma[i].in == in) return &hw->gpu.mma[i];
  return NULL;
}

static double gpu_peak(const vtc_hardware *hw, vtc_hw_dtype in, bool tensor) {
  const vtc_hw_gpu *g = &hw->gpu;
  if (tensor) {
    switch (in) {
    case VTC_HW_F16: return g->tensor_fp16_flops;
    case VTC_HW_BF16: return g->tensor_bf16_flops;
    case VTC_HW_F32:
    case VTC_HW_TF32: return g->tensor_tf32_flops;
    default: return 0;
    }
  }
  /* f16/bf16 operands on CUDA cores are widened to f32 (f32 accumulation). */
  return in == VTC_HW_F16 || in == VTC_HW_BF16 || in == VTC_HW_F32 ? g->fp32_flops : 0;
}

static double cpu_peak(const vtc_hardware *hw, vtc_hw_dtype in) {
  if (in != VTC_HW_F32 && in != VTC_HW_F16 && in != VTC_HW_BF16) return 0;
  const vtc_hw_cpu *c = &hw->cpu;
  return (double)hw->num_cores * hw->clock_hz * c->fma_units * (c->vector_bits / 32) * 2.0;
}

double vtc_hardware_peak_flops(const vtc_hardware *hw, vtc_hw_dtype in, bool tensor) {
  if (!hw) return 0;
  return hw->kind == VTC_HW_GPU ? gpu_peak(hw, in, tensor) : tensor ? 0 : cpu_peak(hw, in);
}

static void print_gpu(const vtc_hardware *hw, FILE *f) {
  const vtc_hw_gpu *g = &hw->gpu;
  fprintf(f, "  sms %d, clock %.0f MHz, warp %d\n", hw->num_cores, hw->clock_hz / 1e6, g->warp_size);
  fprintf(f, "  threads/block %d, threads/sm %d, blocks/sm %d\n", g->max_threads_per_block,
          g->max_threads_per_sm, g->max_blocks_per_sm);
  fprintf(f, "  registers/sm %d, registers/block %d, registers/thread %d\n", g->registers_per_sm,
          g->registers_per_block, g->max_registers_per_thread);
  fprintf(f, "  shared/sm %lld, shared/block %lld, opt-in %lld bytes, %d banks of %d bytes, %.0f GB/s per sm\n",
          (long long)g->shared_per_sm, (long long)g->shared_per_block, (long long)g->shared_per_block_optin,
          g->shared_banks, g->shared_bank_bytes, g->shared_bandwidth / 1e9);
  fprintf(f, "  l2 %lld bytes at %.0f GB/s, dram %lld bytes at %.0f GB/s\n", (long long)hw->l2_bytes,
          g->l2_bandwidth / 1e9, (long long)hw->dram_bytes, hw->dram_bandwidth / 1e9);
  fprintf(f, "  tflops: fp32 %.1f, tensor tf32 %.1f fp16 %.1f bf16 %.1f (mma.sync %.2f of it); cp.async %s\n",
          g->fp32_flops / 1e12, g->tensor_tf32_flops / 1e12, g->tensor_fp16_flops / 1e12,
          g->tensor_bf16_flops / 1e12, g->mma_sync_fraction, g->cp_async ? "yes" : "no");
  for (unsigned i = 0; i < g->num_mma; i++)
    fprintf(f, "  mma %s -> %s: m%dn%dk%d (%s)\n", vtc_hw_dtype_name(g->mma[i].in), vtc_hw_dtype_name(g->mma[i].acc),
            g->mma[i].m, g->mma[i].n, g->mma[i].k, g->mma[i].instruction);
}

static void print_cpu(const vtc_hardware *hw, FILE *f) {
  const vtc_hw_cpu *c = &hw->cpu;
  fprintf(f, "  cores %d, clock %.0f MHz, vector %d bits, %d vector registers\n", hw->num_cores,
          hw->clock_hz / 1e6, c->vector_bits, c->vector_registers);
  fprintf(f, "  fma units %d, fma latency %d, load ports %d\n", c->fma_units, c->fma_latency, c->load_ports);
  fprintf(f, "  avx512f %d, avx2 %d, fma %d, f16c %d, avx512-bf16 %d, avx512-fp16 %d\n", c->avx512f, c->avx2,
          c->fma, c->f16c, c->avx512_bf16, c->avx512_fp16);
  fprintf(f, "  l1d %lld, l2 %lld (per core), l3 %lld bytes, line %lld\n", (long long)c->l1d_bytes,
          (long long)c->l2_bytes, (long long)c->l3_bytes, (long long)c->line_bytes);
  fprintf(f, "  bandwidth: l1 %.0f, l2 %.0f GB/s per core, l3 %.0f, dram %.1f GB/s\n", c->l1_bandwidth / 1e9,
          c->l2_bandwidth / 1e9, c->l3_bandwidth / 1e9, hw->dram_bandwidth / 1e9);
}

void vtc_hardware_print(const vtc_hardware *hw, FILE *f) {
  fprintf(f, "hardware %s (%s, %s %s): %s\n", hw->name, hw->kind == VTC_HW_GPU ? "gpu" : "cpu", hw->target,
          hw->llvm_cpu, hw->description);
  if (hw->kind == VTC_HW_GPU) print_gpu(hw, f);
  else print_cpu(hw, f);
  fprintf(f, "  peak f32 %.1f GFLOP/s", vtc_hardware_peak_flops(hw, VTC_HW_F32, false) / 1e9);
  if (hw->kind == VTC_HW_GPU) fprintf(f, ", tensor f16 %.1f GFLOP/s", vtc_hardware_peak_flops(hw, VTC_HW_F16, true) / 1e9);
  fputc('\n', f);
}
