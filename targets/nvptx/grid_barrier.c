/* The device-wide (grid) barrier of gir's `gir.sync device` on NVPTX
 * (issue 15 item 7; souffle.txt section 6.4's global synchronisation), a
 * generation-counting software barrier over a two-word workspace in global
 * memory {count, generation}, zeroed by the host once:
 *
 *   bar.sync 0                                   every thread of the block arrived
 *   thread 0: gen = ld.relaxed.gpu [generation]  (before arriving: the current round)
 *             old = atom.acq_rel.gpu.add [count], 1
 *             last: st.relaxed.gpu [count], 0; st.release.gpu [generation], gen + 1
 *             else: spin while ld.acquire.gpu [generation] == gen
 *   bar.sync 0                                   the block leaves together
 *
 * Reusable without a reset (the cuML GridSync deadlock came from a counter
 * that had to be reset between uses): the last arrival puts the count back
 * to 0 before it publishes the next generation, and nobody arrives again
 * before seeing that generation. Ordering: bar.sync orders the block's
 * accesses before thread 0's acq_rel arrival (release is cumulative); the
 * last arrival acquires every other block's arrival and releases the
 * generation; a waiter's acquire load of the generation then sees every
 * block's writes, and bar.sync hands them to its block. The arrival is
 * acq_rel rather than release-only: the last arrival must acquire the
 * others' writes for its release to carry them. PTX ISA 6.0+ (sm_70+).
 * Memory operations are inline PTX: LLVM 19's C API has no sync scopes. */
#include <string.h>

#include "targets/nvptx/intrinsics.h"

void vtc_nvptx_grid_barrier(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef state, LLVMValueRef blocks) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c), vd = LLVMVoidTypeInContext(c);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(b));
  LLVMValueRef gen_ptr = LLVMBuildGEP2(b, i32, state, (LLVMValueRef[]){LLVMConstInt(i32, 1, 0)}, 1, "grid.gen");
  vtc_nvptx_barrier(b, m);
  LLVMBasicBlockRef arrive = LLVMAppendBasicBlockInContext(c, fn, "grid.arrive");
  LLVMBasicBlockRef last = LLVMAppendBasicBlockInContext(c, fn, "grid.last");
  LLVMBasicBlockRef spin = LLVMAppendBasicBlockInContext(c, fn, "grid.spin");
  LLVMBasicBlockRef leave = LLVMAppendBasicBlockInContext(c, fn, "grid.leave");
  LLVMValueRef tid = vtc_nvptx_thread_id(b, m, 0);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, tid, LLVMConstInt(i32, 0, 0), ""), arrive, leave);

  LLVMPositionBuilderAtEnd(b, arrive);
  LLVMValueRef gen = vtc_nvptx_asm(b, i32, "ld.relaxed.gpu.u32 $0, [$1];", "=r,l,~{memory}", &gen_ptr, 1);
  LLVMValueRef one[] = {state, LLVMConstInt(i32, 1, 0)};
  LLVMValueRef old = vtc_nvptx_asm(b, i32, "atom.acq_rel.gpu.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}", one, 2);
  LLVMValueRef is_last = LLVMBuildICmp(b, LLVMIntEQ, old, LLVMBuildSub(b, blocks, LLVMConstInt(i32, 1, 0), ""), "");
  LLVMBuildCondBr(b, is_last, last, spin);

  LLVMPositionBuilderAtEnd(b, last);
  LLVMValueRef reset[] = {state, LLVMConstInt(i32, 0, 0)};
  vtc_nvptx_asm(b, vd, "st.relaxed.gpu.u32 [$0], $1;", "l,r,~{memory}", reset, 2);
  LLVMValueRef bump[] = {gen_ptr, LLVMBuildAdd(b, gen, LLVMConstInt(i32, 1, 0), "")};
  vtc_nvptx_asm(b, vd, "st.release.gpu.u32 [$0], $1;", "l,r,~{memory}", bump, 2);
  LLVMBuildBr(b, leave);

  LLVMPositionBuilderAtEnd(b, spin);
  LLVMValueRef now = vtc_nvptx_asm(b, i32, "ld.acquire.gpu.u32 $0, [$1];", "=r,l,~{memory}", &gen_ptr, 1);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, now, gen, ""), spin, leave);

  LLVMPositionBuilderAtEnd(b, leave);
  vtc_nvptx_barrier(b, m);
}
