// The hardware rows Vortex reads (targets/hardware.h): GPU rows from the
// vendors' documents with the mma.sync shapes per type, banks, L2 and the
// measured copy bandwidth; fixed CPU rows; the host row detected at run time.
// RUN: vtc-opt '--vortex-print-hardware=target=h100' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=H100
// RUN: vtc-opt '--vortex-print-hardware=target=sm_80' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=A100
// RUN: vtc-opt '--vortex-print-hardware=target=h200' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=H200
// A GPU by the name its driver reports (vtc-run plans for the row it names):
// RUN: vtc-opt '--vortex-print-hardware=target="NVIDIA H200"' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=H200
// RUN: vtc-opt '--vortex-print-hardware=target="NVIDIA A100-SXM4-40GB"' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=A100-40
// A100-40: remark: hardware a100-sxm4-40gb (gpu, nvptx sm_80)
// RUN: vtc-opt '--vortex-print-hardware=target=skylake-avx512' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=SKX
// RUN: vtc-opt '--vortex-print-hardware=target=znver3' %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=ZEN
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-opt --vortex-print-hardware %s -o /dev/null 2>&1 | grep 'remark:' | FileCheck %s --check-prefix=HOST
// RUN: not vtc-opt '--vortex-print-hardware=target=tpu' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// H100: remark: hardware h100-sxm (gpu, nvptx sm_90)
// H100: remark:   sms 132, clock 1980 MHz, warp 32
// H100: remark:   shared/sm 233472, shared/block 49152, opt-in 232448 bytes, 32 banks of 4 bytes, 253 GB/s per sm
// H100: remark:   l2 52428800 bytes at 7200 GB/s, dram 80000000000 bytes at 2920 GB/s
// H100: remark:   tflops: fp32 66.9, tensor tf32 494.7 fp16 989.4 bf16 989.4 (mma.sync 0.67 of it); cp.async yes
// H100: remark:   mma f16 -> f32: m16n8k16 (mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32)
// H100: remark:   mma tf32 -> f32: m16n8k8
// A100: remark: hardware a100-sxm4-80gb (gpu, nvptx sm_80)
// A100: remark:   shared/sm 167936, shared/block 49152, opt-in 166912 bytes
// A100: remark:   {{.*}}(mma.sync 1.00 of it)
// H200: remark: hardware h200-sxm (gpu, nvptx sm_90)
// H200: remark:   l2 62914560 bytes at 7200 GB/s, dram 141000000000 bytes at 4176 GB/s
// SKX: remark: hardware skylake-avx512 (cpu, x86 skylake-avx512)
// SKX: remark:   cores 24, clock 2500 MHz, vector 512 bits, 32 vector registers
// SKX: remark:   fma units 2, fma latency 4, load ports 2
// SKX: remark:   peak f32 3840.0 GFLOP/s
// ZEN: remark:   cores 64, clock 2450 MHz, vector 256 bits, 16 vector registers
// ZEN: remark:   avx512f 0, avx2 1, fma 1
// HOST: remark: hardware host (cpu, x86 {{.+}}): this machine ({{.+}}, {{[0-9]+}} cores), detected
// HOST: remark:   cores {{[1-9][0-9]*}}, clock {{[1-9][0-9]*}} MHz, vector {{256|512}} bits
// BAD: error: vortex: unknown target 'tpu'
func.func @f() {
  return
}
