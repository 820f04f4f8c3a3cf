/* The NVPTX target's tensor-core hooks (target.h, vtc_target_tensor_core):
 * mma.sync, ldmatrix, cp.async and dynamic shared memory through LLVM 19's
 * llvm.nvvm.* intrinsics, and the shared memory a block may opt into per
 * architecture. Vortex's L0 (warp fragments) and L1 (the cp.async staging
 * pipeline) on sm_80 and newer (vortex.txt section 6.1). */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "targets/nvptx/intrinsics.h"
#include "targets/nvptx/nvptx.h"

static LLVMValueRef call(LLVMBuilderRef b, LLVMModuleRef m, const char *name, LLVMTypeRef *overloads,
                         unsigned num_overloads, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id && "unknown NVPTX intrinsic");
  LLVMTypeRef type = LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, overloads, num_overloads);
  return LLVMBuildCall2(b, type, LLVMGetIntrinsicDeclaration(m, id, overloads, num_overloads), args, n, "");
}

static LLVMValueRef i32c(LLVMModuleRef m, unsigned x) {
  return LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(m)), x, 0);
}

/* Elements [first, first + count) of vector v as a vector. */
static LLVMValueRef sub_vector(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef v, unsigned first, unsigned count) {
  LLVMValueRef idx[8];
  for (unsigned i = 0; i < count; i++) idx[i] = i32c(m, first + i);
  return LLVMBuildShuffleVector(b, v, LLVMGetPoison(LLVMTypeOf(v)), LLVMConstVector(idx, count), "");
}

/* The registers of an operand: pairs of 16-bit elements as <2 x half> (f16)
 * or i32 (bf16 bits), f32 elements as tf32 (cvt.rna) or floats. */
static unsigned operand_regs(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_mma_kind kind, LLVMValueRef v, bool input,
                             LLVMValueRef *out) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
  bool halves = input ? kind != VTC_MMA_TF32_F32 : kind == VTC_MMA_F16_F16;
  if (!halves) {
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef x = LLVMBuildExtractElement(b, v, i32c(m, i), "");
      out[i] = input && kind == VTC_MMA_TF32_F32 ? call(b, m, "llvm.nvvm.f2tf32.rna", NULL, 0, &x, 1) : x;
    }
    return n;
  }
  for (unsigned i = 0; i < n / 2; i++) {
    LLVMValueRef pair = sub_vector(b, m, v, 2 * i, 2);
    out[i] = kind == VTC_MMA_BF16_F32 ? LLVMBuildBitCast(b, pair, LLVMInt32TypeInContext(c), "") : pair;
  }
  return n / 2;
}

static LLVMValueRef nvptx_mma(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_mma_kind kind, LLVMValueRef a,
                              LLVMValueRef bm, LLVMValueRef c) {
  static const char *const names[] = {
      [VTC_MMA_F16_F32] = "llvm.nvvm.mma.m16n8k16.row.col.f32.f32",
      [VTC_MMA_F16_F16] = "llvm.nvvm.mma.m16n8k16.row.col.f16.f16",
      [VTC_MMA_BF16_F32] = "llvm.nvvm.mma.m16n8k16.row.col.bf16",
      [VTC_MMA_TF32_F32] = "llvm.nvvm.mma.m16n8k8.row.col.tf32",
  };
  LLVMValueRef args[16];
  unsigned n = operand_regs(b, m, kind, a, true, args);
  n += operand_regs(b, m, kind, bm, true, args + n);
  n += operand_regs(b, m, kind, c, false, args + n);
  LLVMValueRef d = call(b, m, names[kind], NULL, 0, args, n);
  /* The result struct back to c's vector type. */
  LLVMTypeRef ct = LLVMTypeOf(c);
  LLVMValueRef out = LLVMGetPoison(ct);
  if (kind == VTC_MMA_F16_F16) {
    for (unsigned i = 0; i < 2; i++) {
      LLVMValueRef pair = LLVMBuildExtractValue(b, d, i, "");
      for (unsigned j = 0; j < 2; j++)
        out = LLVMBuildInsertElement(b, out, LLVMBuildExtractElement(b, pair, i32c(m, j), ""), i32c(m, 2 * i + j), "");
    }
    return out;
  }
  for (unsigned i = 0; i < 4; i++) out = LLVMBuildInsertElement(b, out, LLVMBuildExtractValue(b, d, i, ""), i32c(m, i), "");
  return out;
}

static LLVMValueRef to_space(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef p, unsigned space) {
  LLVMTypeRef t = LLVMPointerTypeInContext(LLVMGetModuleContext(m), space);
  return LLVMBuildAddrSpaceCast(b, p, t, "");
}

static void nvptx_ldmatrix(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef row, unsigned count, int trans,
                           LLVMValueRef *out) {
  assert(count == 1 || count == 2 || count == 4);
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x%u%s.b16", count, trans ? ".trans" : "");
  LLVMValueRef p = to_space(b, m, row, VTC_NVPTX_AS_SHARED);
  LLVMTypeRef pt = LLVMTypeOf(p);
  LLVMValueRef r = call(b, m, name, &pt, 1, &p, 1);
  if (count == 1) {
    out[0] = r;
    return;
  }
  for (unsigned i = 0; i < count; i++) out[i] = LLVMBuildExtractValue(b, r, i, "");
}

static void nvptx_cp_async(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef dst, LLVMValueRef src,
                           LLVMValueRef src_bytes) {
  LLVMValueRef args[3] = {to_space(b, m, dst, VTC_NVPTX_AS_SHARED), to_space(b, m, src, VTC_NVPTX_AS_GLOBAL),
                          src_bytes};
  call(b, m, src_bytes ? "llvm.nvvm.cp.async.cg.shared.global.16.s" : "llvm.nvvm.cp.async.cg.shared.global.16", NULL,
       0, args, src_bytes ? 3 : 2);
}

static void nvptx_cp_async_commit(LLVMBuilderRef b, LLVMModuleRef m) {
  call(b, m, "llvm.nvvm.cp.async.commit.group", NULL, 0, NULL, 0);
}

static void nvptx_cp_async_wait(LLVMBuilderRef b, LLVMModuleRef m, unsigned pending) {
  LLVMValueRef n = i32c(m, pending);
  call(b, m, "llvm.nvvm.cp.async.wait.group", NULL, 0, &n, 1);
}

/* ---- wgmma (sm_90a; LLVM 19 has no intrinsics for it: inline PTX) ---------------- */

static void inline_asm(LLVMBuilderRef b, LLVMModuleRef m, const char *text) {
  vtc_nvptx_asm(b, LLVMVoidTypeInContext(LLVMGetModuleContext(m)), text, "~{memory}", NULL, 0);
}

static bool nvptx_has_wgmma(const char *cpu) {
  const char *arch = cpu && *cpu ? cpu : VTC_NVPTX_DEFAULT_ARCH;
  return !strcmp(arch, "sm_90") || !strcmp(arch, "sm_90a");
}

static void nvptx_wgmma(LLVMBuilderRef b, LLVMModuleRef m, bool bf16, unsigned n, LLVMValueRef a_desc,
                        LLVMValueRef b_desc, bool trans_a, bool trans_b, LLVMValueRef *acc) {
  enum { MAX_REGS = 128 };
  unsigned regs = n / 2;
  assert(n % 8 == 0 && regs <= MAX_REGS);
  vtc_nvptx_require_arch_specific(m);
  LLVMContextRef c = LLVMGetModuleContext(m);
  const char *ty = bf16 ? "bf16" : "f16";
  /* {$0, ..., $regs-1}, $regs (A), $regs+1 (B); the accumulators' inputs are tied to their outputs. */
  char text[2048], cons[2048];
  int at = snprintf(text, sizeof text, "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                                       "wgmma.mma_async.sync.aligned.m64n%uk16.f32.%s.%s {", n, ty, ty);
  int ct = 0;
  for (unsigned i = 0; i < regs; i++) {
    at += snprintf(text + at, sizeof text - (size_t)at, "%s$%u", i ? ", " : "", i);
    ct += snprintf(cons + ct, sizeof cons - (size_t)ct, "=f,");
  }
  snprintf(text + at, sizeof text - (size_t)at, "}, $%u, $%u, p, 1, 1, %d, %d;\n}", regs, regs + 1, trans_a,
           trans_b);
  ct += snprintf(cons + ct, sizeof cons - (size_t)ct, "l,l");
  for (unsigned i = 0; i < regs; i++) ct += snprintf(cons + ct, sizeof cons - (size_t)ct, ",%u", i);
  snprintf(cons + ct, sizeof cons - (size_t)ct, ",~{memory}");
  LLVMTypeRef outs[MAX_REGS];
  LLVMValueRef args[MAX_REGS + 2] = {a_desc, b_desc};
  for (unsigned i = 0; i < regs; i++) {
    outs[i] = LLVMFloatTypeInContext(c);
    args[2 + i] = acc[i];
  }
  LLVMValueRef r = vtc_nvptx_asm(b, LLVMStructTypeInContext(c, outs, regs, 0), text, cons, args, regs + 2);
  for (unsigned i = 0; i < regs; i++) acc[i] = LLVMBuildExtractValue(b, r, i, "");
}

static void nvptx_wgmma_fence(LLVMBuilderRef b, LLVMModuleRef m) {
  vtc_nvptx_require_arch_specific(m);
  inline_asm(b, m, "fence.proxy.async.shared::cta;\nwgmma.fence.sync.aligned;");
}

static void nvptx_wgmma_commit(LLVMBuilderRef b, LLVMModuleRef m) {
  vtc_nvptx_require_arch_specific(m);
  inline_asm(b, m, "wgmma.commit_group.sync.aligned;");
}

static void nvptx_wgmma_wait(LLVMBuilderRef b, LLVMModuleRef m, unsigned pending) {
  char text[64];
  vtc_nvptx_require_arch_specific(m);
  snprintf(text, sizeof text, "wgmma.wait_group.sync.aligned %u;", pending);
  inline_asm(b, m, text);
}

static LLVMValueRef nvptx_dynamic_shared_ptr(LLVMBuilderRef b, LLVMModuleRef m) {
  return to_space(b, m, vtc_nvptx_dynamic_shared(m), VTC_NVPTX_AS_GENERIC);
}

/* CUDA C++ Programming Guide, "Technical Specifications per Compute
 * Capability": the shared memory per block with opt-in (8.0: 163 KB, 8.6
 * and 8.9: 99 KB, 9.0: 227 KB); the hardware table where it has the arch. */
static int64_t nvptx_max_shared_bytes(const char *cpu) {
  static const struct { const char *arch; int64_t kib; } limits[] = {
      {"sm_80", 163}, {"sm_86", 99}, {"sm_89", 99}, {"sm_90", 227}, {"sm_90a", 227},
  };
  const char *arch = cpu && *cpu ? cpu : VTC_NVPTX_DEFAULT_ARCH;
  const vtc_gpu_desc *g = vtc_gpu_lookup(arch);
  if (g) return g->shared_per_block_optin;
  for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
    if (!strcmp(limits[i].arch, arch)) return limits[i].kib * 1024;
  return 0;
}

const vtc_target_tensor_core vtc_nvptx_tensor_core = {
    .mma = nvptx_mma,
    .ldmatrix = nvptx_ldmatrix,
    .cp_async = nvptx_cp_async,
    .cp_async_commit = nvptx_cp_async_commit,
    .cp_async_wait = nvptx_cp_async_wait,
    .has_wgmma = nvptx_has_wgmma,
    .wgmma = nvptx_wgmma,
    .wgmma_fence = nvptx_wgmma_fence,
    .wgmma_commit = nvptx_wgmma_commit,
    .wgmma_wait = nvptx_wgmma_wait,
    .dynamic_shared = nvptx_dynamic_shared_ptr,
    .max_shared_bytes = nvptx_max_shared_bytes,
};
