/* gir -> LLVM: gir.atomic on both mappings (issue 15 item 7). Each element
 * this thread holds (every element on a CPU; lane + 32 k on a GPU) that is
 * inside the slice and its `valid` counts is one relaxed atomic:
 *   - add: atomicrmw add / fadd (x86 lock xadd or a cmpxchg loop; PTX
 *     atom.add);
 *   - integer max/min: atomicrmw max / min (signed);
 *   - float max/min: a compare-and-swap loop on the bits around
 *     llvm.maximum / llvm.minimum, because atomicrmw fmax/fmin has maxnum
 *     semantics (a NaN operand is dropped) while gir's max/min propagate
 *     NaN as gir.reduce and te do. -0.0 < +0.0 as llvm.maximum orders them;
 *     the loop stores nothing when the value would not change (a NaN
 *     already there stays). */
#include "lowering/gir-to-llvm/translate_impl.h"

static LLVMValueRef i32c(g2l *t, unsigned x) { return LLVMConstInt(t->i32, x, 0); }

/* The CAS loop of a float max/min at ptr with value v (float or double). */
static void float_extremum(g2l *t, vtc_gir_atomic_kind kind, LLVMValueRef ptr, LLVMValueRef v) {
  LLVMTypeRef ft = LLVMTypeOf(v);
  LLVMTypeRef bits = LLVMIntTypeInContext(t->c, LLVMGetTypeKind(ft) == LLVMDoubleTypeKind ? 64 : 32);
  unsigned align = LLVMGetIntTypeWidth(bits) / 8;
  LLVMValueRef first = LLVMBuildLoad2(t->b, bits, ptr, "atomic.old");
  LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
  LLVMSetAlignment(first, align);
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(t->b);
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(t->c, t->fn, "atomic.loop");
  LLVMBasicBlockRef retry = LLVMAppendBasicBlockInContext(t->c, t->fn, "atomic.cas");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(t->c, t->fn, "atomic.done");
  LLVMBuildBr(t->b, loop);
  LLVMPositionBuilderAtEnd(t->b, loop);
  LLVMValueRef old = LLVMBuildPhi(t->b, bits, "old");
  LLVMValueRef args[] = {LLVMBuildBitCast(t->b, old, ft, ""), v};
  LLVMValueRef nv = g2l_call_intrinsic(t, kind == VTC_GIR_ATOMIC_MAX ? "llvm.maximum" : "llvm.minimum", &ft, 1, args, 2);
  LLVMValueRef nb = LLVMBuildBitCast(t->b, nv, bits, "");
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntEQ, nb, old, "same"), done, retry);
  LLVMPositionBuilderAtEnd(t->b, retry);
  LLVMValueRef pair = LLVMBuildAtomicCmpXchg(t->b, ptr, old, nb, LLVMAtomicOrderingMonotonic,
                                             LLVMAtomicOrderingMonotonic, 0);
  LLVMValueRef seen = LLVMBuildExtractValue(t->b, pair, 0, "seen");
  LLVMBuildCondBr(t->b, LLVMBuildExtractValue(t->b, pair, 1, "ok"), done, loop);
  LLVMValueRef in[] = {first, seen};
  LLVMBasicBlockRef from[] = {entry, retry};
  LLVMAddIncoming(old, in, from, 2);
  LLVMPositionBuilderAtEnd(t->b, done);
}

static void atomic_element(g2l *t, vtc_gir_atomic_kind kind, LLVMValueRef ptr, LLVMValueRef v) {
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
  bool fp = k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
  if (fp && kind != VTC_GIR_ATOMIC_ADD) {
    float_extremum(t, kind, ptr, v);
    return;
  }
  LLVMAtomicRMWBinOp bop = kind == VTC_GIR_ATOMIC_ADD ? (fp ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd)
                           : kind == VTC_GIR_ATOMIC_MAX ? LLVMAtomicRMWBinOpMax
                                                        : LLVMAtomicRMWBinOpMin;
  LLVMBuildAtomicRMW(t->b, bop, ptr, v, LLVMAtomicOrderingMonotonic, 0);
}

/* Whether position `pos` (i64) of segment i exists: < width (GPU lanes past
 * it), inside the valid counts; NULL when always. */
static LLVMValueRef element_mask(g2l *t, g2l_value *view, unsigned width, int64_t i, LLVMValueRef pos) {
  LLVMValueRef m = NULL;
  if (t->gpu && width % t->warp) m = LLVMBuildICmp(t->b, LLVMIntULT, pos, g2l_i64(t, width), "");
  if (view->valid_num) {
    LLVMValueRef in = LLVMBuildAnd(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, g2l_i64(t, i), view->valid_num, ""),
                                   LLVMBuildICmp(t->b, LLVMIntSLT, pos, view->valid_width, ""), "");
    m = m ? LLVMBuildAnd(t->b, m, in, "") : in;
  }
  return m;
}

bool g2l_atomic_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info si;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si)) return false;
  g2l_value *view = g2l_lookup(t, vtc_op_operand(op, 0)), *val = g2l_lookup(t, vtc_op_operand(op, 1));
  vtc_gir_atomic_kind kind = vtc_gir_atomic_kind_of(op);
  LLVMTypeRef et = g2l_scalar_type(t, si.elem);
  unsigned width = (unsigned)si.width, n = g2l_reg_width(t, width);
  for (int64_t i = 0; i < si.num; i++) {
    LLVMValueRef pos = g2l_positions(t, width);
    LLVMValueRef seg = view->offset;
    if (i) seg = LLVMBuildAdd(t->b, seg, LLVMBuildMul(t->b, view->stride, g2l_i64(t, i), ""), "");
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef p = LLVMBuildExtractElement(t->b, pos, i32c(t, k), "");
      LLVMValueRef v = val->kind == G2L_REGISTER ? LLVMBuildExtractElement(t->b, val->segs[i], i32c(t, k), "") : val->v;
      LLVMValueRef mask = element_mask(t, view, width, i, p);
      LLVMBasicBlockRef next = NULL;
      if (mask) {
        LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(t->c, t->fn, "atomic.elem");
        next = LLVMAppendBasicBlockInContext(t->c, t->fn, "atomic.next");
        LLVMBuildCondBr(t->b, mask, run, next);
        LLVMPositionBuilderAtEnd(t->b, run);
      }
      LLVMValueRef idx = LLVMBuildAdd(t->b, seg, p, "");
      LLVMValueRef addr = LLVMBuildGEP2(t->b, et, view->ptr, &idx, 1, "atomic.addr");
      atomic_element(t, kind, addr, v);
      if (next) {
        LLVMBuildBr(t->b, next);
        LLVMPositionBuilderAtEnd(t->b, next);
      }
    }
  }
  return true;
}
