/* Builder helpers for NVPTX kernels in the LLVM C API: kernel marking, thread
 * and block indices, shared memory (address space 3), barriers, warp shuffles
 * and atomics. The gir-to-nvptx lowering emits GPU constructs only through
 * these, so the intrinsic names live in one place. */
#ifndef VTC_TARGETS_NVPTX_INTRINSICS_H
#define VTC_TARGETS_NVPTX_INTRINSICS_H

#include <llvm-c/Core.h>

/* NVPTX address spaces (LLVM's NVPTX backend numbering). Generic pointers
 * (0) work everywhere; loads through a pointer in 1/3/4 become ld.global,
 * ld.shared, ld.const. */
enum {
  VTC_NVPTX_AS_GENERIC = 0,
  VTC_NVPTX_AS_GLOBAL = 1,
  VTC_NVPTX_AS_SHARED = 3,
  VTC_NVPTX_AS_CONST = 4,
  VTC_NVPTX_AS_LOCAL = 5,
};

#define VTC_NVPTX_WARP_SIZE 32

/* Makes `fn` a kernel (a PTX .entry): the ptx_kernel calling convention and
 * the "kernel" entry of !nvvm.annotations, which LLVM 19 reads (later LLVMs
 * upgrade it to the calling convention). */
void vtc_nvptx_mark_kernel(LLVMValueRef fn);
/* Records that `fn` is launched with at most `threads` threads per block
 * (.maxntid), which lets ptxas budget registers for that many. */
void vtc_nvptx_set_max_threads(LLVMValueRef fn, unsigned threads);
/* Asks for `blocks` blocks of `fn` resident per multiprocessor
 * (.minnctapersm): ptxas then keeps registers under 64K / (blocks x
 * threads), spilling if it must. */
void vtc_nvptx_set_min_blocks(LLVMValueRef fn, unsigned blocks);

/* Special registers, as i32. axis: 0 = x, 1 = y, 2 = z. */
LLVMValueRef vtc_nvptx_thread_id(LLVMBuilderRef b, LLVMModuleRef m, int axis);  /* tid */
LLVMValueRef vtc_nvptx_block_id(LLVMBuilderRef b, LLVMModuleRef m, int axis);   /* ctaid */
LLVMValueRef vtc_nvptx_block_dim(LLVMBuilderRef b, LLVMModuleRef m, int axis);  /* ntid */
LLVMValueRef vtc_nvptx_grid_dim(LLVMBuilderRef b, LLVMModuleRef m, int axis);   /* nctaid */
LLVMValueRef vtc_nvptx_lane_id(LLVMBuilderRef b, LLVMModuleRef m);              /* laneid */

/* bar.sync 0: every thread of the block waits, and its shared and global
 * memory accesses before the barrier are visible to the block after it. */
void vtc_nvptx_barrier(LLVMBuilderRef b, LLVMModuleRef m);
/* bar.warp.sync with a full mask: the warp's threads wait for each other,
 * and their memory accesses before it are visible to the warp after it. */
void vtc_nvptx_warp_sync(LLVMBuilderRef b, LLVMModuleRef m);

/* Warp shuffles (shfl.sync with a full mask: every lane of the warp must
 * execute it). `value` is i32, f32, i64, f64 or a pointer (64-bit values are
 * shuffled as two halves). `width` is the power-of-two segment size (32 for
 * the whole warp). DOWN reads lane+delta, UP lane-delta, XOR lane^delta, IDX
 * lane `delta`; lanes whose source is outside their segment keep their own
 * value. */
typedef enum vtc_nvptx_shfl_mode {
  VTC_NVPTX_SHFL_DOWN,
  VTC_NVPTX_SHFL_UP,
  VTC_NVPTX_SHFL_XOR,
  VTC_NVPTX_SHFL_IDX,
} vtc_nvptx_shfl_mode;
LLVMValueRef vtc_nvptx_shfl(LLVMBuilderRef b, LLVMModuleRef m, vtc_nvptx_shfl_mode mode,
                            LLVMValueRef value, LLVMValueRef delta, int width);
LLVMValueRef vtc_nvptx_shfl_down(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef value,
                                 LLVMValueRef delta);

/* A statically sized shared-memory array: an internal global of `count`
 * elements in address space 3 (uninitialised, 16-byte aligned). Returns the
 * global, a `ptr addrspace(3)`. */
LLVMValueRef vtc_nvptx_shared_array(LLVMModuleRef m, const char *name, LLVMTypeRef elem,
                                    unsigned long long count);
/* The block's dynamic shared memory (extern .shared, sized at launch); one per
 * module, created on first use. */
LLVMValueRef vtc_nvptx_dynamic_shared(LLVMModuleRef m);

/* An atomic read-modify-write on global or shared memory (relaxed ordering;
 * LLVM 19 emits PTX atom without a scope, which is .gpu scope): op is LLVMAtomicRMWBinOpAdd, FAdd, Max, UMax, FMax... Returns
 * the old value. */
LLVMValueRef vtc_nvptx_atomic(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                              LLVMValueRef value);
/* membar.gl: this thread's memory writes before it are visible to the whole
 * device before its writes after it (LLVM 19's NVPTX selects no `fence`). */
void vtc_nvptx_fence(LLVMBuilderRef b, LLVMModuleRef m);

/* A call of inline PTX `text` (LLVM's $N operand syntax) returning `ret`
 * (void, a scalar, or a struct of several outputs), with side effects:
 * what LLVM 19's C API has no intrinsic for (sync scopes, wgmma). The
 * argument types are the args' own. */
LLVMValueRef vtc_nvptx_asm(LLVMBuilderRef b, LLVMTypeRef ret, const char *text, const char *constraints,
                           LLVMValueRef *args, unsigned n);

/* The grid barrier (grid_barrier.c): every thread of every one of `blocks`
 * (i32) co-resident blocks waits; `state` points to the two zeroed u32
 * {count, generation} in global memory, kept between uses. */
void vtc_nvptx_grid_barrier(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef state, LLVMValueRef blocks);

#endif
