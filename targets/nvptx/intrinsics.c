/* NVPTX builder helpers: kernel annotations, the ptx special registers,
 * bar.sync, shfl.sync, shared-memory globals and atomics, as LLVM C API calls.
 * Intrinsics are declared through LLVM's own table, so their attributes
 * (readnone, convergent) are LLVM's. */
#include "targets/nvptx/intrinsics.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The declaration of the non-overloaded intrinsic `name` in m and its type. */
static LLVMValueRef intrinsic(LLVMModuleRef m, const char *name, LLVMTypeRef *type) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id != 0 && "unknown NVPTX intrinsic");
  *type = LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, NULL, 0);
  return LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
}

static LLVMValueRef call_intrinsic(LLVMBuilderRef b, LLVMModuleRef m, const char *name,
                                   LLVMValueRef *args, unsigned nargs, const char *result) {
  LLVMTypeRef type;
  LLVMValueRef fn = intrinsic(m, name, &type);
  return LLVMBuildCall2(b, type, fn, args, nargs, result);
}

/* ---- kernels ------------------------------------------------------------ */

static void annotate(LLVMValueRef fn, const char *key, unsigned value) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMMetadataRef ops[3] = {
    LLVMValueAsMetadata(fn),
    LLVMMDStringInContext2(ctx, key, strlen(key)),
    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), value, 0)),
  };
  LLVMAddNamedMetadataOperand(m, "nvvm.annotations",
                              LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, ops, 3)));
}

void vtc_nvptx_mark_kernel(LLVMValueRef fn) {
  LLVMSetFunctionCallConv(fn, LLVMPTXKernelCallConv);
  annotate(fn, "kernel", 1);
}

void vtc_nvptx_set_max_threads(LLVMValueRef fn, unsigned threads) {
  annotate(fn, "maxntidx", threads);
}

void vtc_nvptx_set_min_blocks(LLVMValueRef fn, unsigned blocks) {
  annotate(fn, "minctasm", blocks);
}

/* ---- special registers -------------------------------------------------- */

static LLVMValueRef sreg(LLVMBuilderRef b, LLVMModuleRef m, const char *reg, int axis) {
  assert(axis >= 0 && axis <= 2);
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[axis]);
  char result[32];
  snprintf(result, sizeof result, "%s.%c", reg, "xyz"[axis]);
  return call_intrinsic(b, m, name, NULL, 0, result);
}

LLVMValueRef vtc_nvptx_thread_id(LLVMBuilderRef b, LLVMModuleRef m, int axis) {
  return sreg(b, m, "tid", axis);
}
LLVMValueRef vtc_nvptx_block_id(LLVMBuilderRef b, LLVMModuleRef m, int axis) {
  return sreg(b, m, "ctaid", axis);
}
LLVMValueRef vtc_nvptx_block_dim(LLVMBuilderRef b, LLVMModuleRef m, int axis) {
  return sreg(b, m, "ntid", axis);
}
LLVMValueRef vtc_nvptx_grid_dim(LLVMBuilderRef b, LLVMModuleRef m, int axis) {
  return sreg(b, m, "nctaid", axis);
}
LLVMValueRef vtc_nvptx_lane_id(LLVMBuilderRef b, LLVMModuleRef m) {
  return call_intrinsic(b, m, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, "laneid");
}

/* ---- synchronisation and shuffles --------------------------------------- */

void vtc_nvptx_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  call_intrinsic(b, m, "llvm.nvvm.barrier0", NULL, 0, "");
}

void vtc_nvptx_warp_sync(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMValueRef all = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(m)), 0xffffffffu, 0);
  call_intrinsic(b, m, "llvm.nvvm.bar.warp.sync", &all, 1, "");
}

/* One 32-bit shuffle: i32 or f32. The c operand packs the segment mask
 * ((32 - width) << 8) and the clamp lane (31 for down/xor/idx, 0 for up), as
 * the PTX ISA describes for shfl.sync. */
static LLVMValueRef shfl32(LLVMBuilderRef b, LLVMModuleRef m, vtc_nvptx_shfl_mode mode,
                           LLVMValueRef value, LLVMValueRef delta, int width) {
  static const char *const mode_names[] = {"down", "up", "bfly", "idx"};
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  int is_float = LLVMGetTypeKind(LLVMTypeOf(value)) == LLVMFloatTypeKind;
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.%s", mode_names[mode], is_float ? "f32" : "i32");
  unsigned clamp = ((unsigned)(32 - width) << 8) | (mode == VTC_NVPTX_SHFL_UP ? 0u : 0x1fu);
  LLVMValueRef args[4] = {LLVMConstInt(i32, 0xffffffffu, 0), value, delta,
                          LLVMConstInt(i32, clamp, 0)};
  return call_intrinsic(b, m, name, args, 4, "shfl");
}

LLVMValueRef vtc_nvptx_shfl(LLVMBuilderRef b, LLVMModuleRef m, vtc_nvptx_shfl_mode mode,
                            LLVMValueRef value, LLVMValueRef delta, int width) {
  assert(width >= 1 && width <= 32 && (width & (width - 1)) == 0);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef type = LLVMTypeOf(value);
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  if (kind == LLVMFloatTypeKind || (kind == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(type) == 32))
    return shfl32(b, m, mode, value, delta, width);
  /* 64-bit values: two 32-bit shuffles of the halves. */
  LLVMValueRef bits;
  if (kind == LLVMPointerTypeKind) bits = LLVMBuildPtrToInt(b, value, i64, "");
  else if (kind == LLVMDoubleTypeKind) bits = LLVMBuildBitCast(b, value, i64, "");
  else {
    assert(kind == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(type) == 64);
    bits = value;
  }
  LLVMValueRef c32 = LLVMConstInt(i64, 32, 0);
  LLVMValueRef lo = LLVMBuildTrunc(b, bits, i32, "");
  LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, bits, c32, ""), i32, "");
  lo = LLVMBuildZExt(b, shfl32(b, m, mode, lo, delta, width), i64, "");
  hi = LLVMBuildZExt(b, shfl32(b, m, mode, hi, delta, width), i64, "");
  bits = LLVMBuildOr(b, lo, LLVMBuildShl(b, hi, c32, ""), "shfl");
  if (kind == LLVMPointerTypeKind) return LLVMBuildIntToPtr(b, bits, type, "shfl");
  if (kind == LLVMDoubleTypeKind) return LLVMBuildBitCast(b, bits, type, "shfl");
  return bits;
}

LLVMValueRef vtc_nvptx_shfl_down(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef value,
                                 LLVMValueRef delta) {
  return vtc_nvptx_shfl(b, m, VTC_NVPTX_SHFL_DOWN, value, delta, VTC_NVPTX_WARP_SIZE);
}

/* ---- memory ------------------------------------------------------------- */

LLVMValueRef vtc_nvptx_shared_array(LLVMModuleRef m, const char *name, LLVMTypeRef elem,
                                    unsigned long long count) {
  LLVMTypeRef type = LLVMArrayType2(elem, count);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(m, type, name, VTC_NVPTX_AS_SHARED);
  /* PTX cannot initialise .shared variables: the initialiser must be undef. */
  LLVMSetInitializer(g, LLVMGetUndef(type));
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetAlignment(g, 16);
  return g;
}

LLVMValueRef vtc_nvptx_dynamic_shared(LLVMModuleRef m) {
  static const char name[] = "vtc_dynamic_shared";
  LLVMValueRef g = LLVMGetNamedGlobal(m, name);
  if (g) return g;
  LLVMTypeRef type = LLVMArrayType2(LLVMInt8TypeInContext(LLVMGetModuleContext(m)), 0);
  g = LLVMAddGlobalInAddressSpace(m, type, name, VTC_NVPTX_AS_SHARED);
  LLVMSetLinkage(g, LLVMExternalLinkage);
  LLVMSetAlignment(g, 1024); /* swizzled tiles (gir.copy_async's `swizzle`) start on their 1024-byte pattern */
  return g;
}

LLVMValueRef vtc_nvptx_atomic(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                              LLVMValueRef value) {
  return LLVMBuildAtomicRMW(b, op, ptr, value, LLVMAtomicOrderingMonotonic, 0);
}

void vtc_nvptx_fence(LLVMBuilderRef b, LLVMModuleRef m) {
  const char *name = "llvm.nvvm.membar.gl";
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMBuildCall2(b, LLVMIntrinsicGetType(c, id, NULL, 0), LLVMGetIntrinsicDeclaration(m, id, NULL, 0), NULL, 0, "");
}

LLVMValueRef vtc_nvptx_asm(LLVMBuilderRef b, LLVMTypeRef ret, const char *text, const char *constraints,
                           LLVMValueRef *args, unsigned n) {
  enum { MAX_ARGS = 160 };
  assert(n <= MAX_ARGS);
  LLVMTypeRef ps[MAX_ARGS];
  for (unsigned i = 0; i < n; i++) ps[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef ft = LLVMFunctionType(ret, ps, n, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)constraints, strlen(constraints), 1, 0,
                                     LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, ft, fn, args, n, "");
}
