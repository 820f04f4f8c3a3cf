/* gir -> LLVM: asynchronous copies on NVPTX (Vortex's L1 stage: a CTA
 * staging its tiles global -> shared with an S-stage cp.async pipeline,
 * vortex.txt section 6.1) and the dispatch of the Vortex GPU gOperators.
 *
 * gir.copy_async of a num x width slice moves 16-byte chunks: chunk c of
 * the slice is segment c / (width / E), elements (c mod (width / E)) * E
 * .. + E - 1 (E elements in 16 bytes), and lane l of the unit copies
 * chunks l, l + 32, l + 64, ...: consecutive lanes move consecutive 16
 * bytes of a segment (one 512-byte coalesced access per warp and round),
 * not the lane-strided elements of a register slice. Each chunk is one
 * cp.async.cg.shared.global with a source size: 16 inside the source's
 * `valid` counts, the bytes left in a segment's valid part on its edge,
 * and 0 outside (the destination is zero-filled; the source address is
 * then the buffer's start, never read). gir.async_commit and
 * gir.async_wait are cp.async.commit_group and cp.async.wait_group N. */
#include "lowering/gir-to-llvm/translate_impl.h"

static LLVMValueRef min64(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, a, b, ""), a, b, "");
}

static LLVMValueRef max64(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntSGT, a, b, ""), a, b, "");
}

/* Byte address of element idx (i64) of a buffer at ptr; swizzled: as a
 * swizzled destination stores it (vtc_gir_swizzle_index: the buffer
 * starts on 1024 bytes). */
static LLVMValueRef byte_address(g2l *t, LLVMValueRef ptr, LLVMValueRef idx, int64_t elem_bytes, bool swizzled) {
  LLVMValueRef off = LLVMBuildMul(t->b, idx, g2l_i64(t, elem_bytes), "");
  if (swizzled) {
    LLVMValueRef row = LLVMBuildAnd(t->b, LLVMBuildLShr(t->b, off, g2l_i64(t, 7), ""), g2l_i64(t, 7), "");
    off = LLVMBuildXor(t->b, off, LLVMBuildShl(t->b, row, g2l_i64(t, 4), ""), "swizzled");
  }
  return LLVMBuildGEP2(t->b, t->i8, ptr, &off, 1, "");
}

/* One chunk c (i64) of the copy. */
static void copy_chunk(g2l *t, g2l_value *src, g2l_value *dst, LLVMValueRef c, int64_t per_row, int64_t chunk,
                       int64_t elem_bytes, bool swizzle) {
  const vtc_target_tensor_core *tc = t->opts->target->tensor_core;
  LLVMValueRef row = LLVMBuildUDiv(t->b, c, g2l_i64(t, per_row), "row");
  LLVMValueRef col = LLVMBuildMul(t->b, LLVMBuildURem(t->b, c, g2l_i64(t, per_row), ""), g2l_i64(t, chunk), "col");
  LLVMValueRef didx = LLVMBuildAdd(t->b, dst->offset, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, row, dst->stride, ""), col, ""), "");
  LLVMValueRef sidx = LLVMBuildAdd(t->b, src->offset, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, row, src->stride, ""), col, ""), "");
  LLVMValueRef daddr = byte_address(t, dst->ptr, didx, elem_bytes, swizzle);
  if (!src->valid_num) {
    tc->cp_async(t->b, t->m, daddr, byte_address(t, src->ptr, sidx, elem_bytes, false), NULL);
    return;
  }
  /* Bytes of the chunk inside the source's valid counts, in [0, 16]. */
  LLVMValueRef left = LLVMBuildMul(t->b, LLVMBuildSub(t->b, src->valid_width, col, ""), g2l_i64(t, elem_bytes), "");
  left = max64(t, min64(t, left, g2l_i64(t, VTC_GIR_ASYNC_CHUNK_BYTES)), g2l_i64(t, 0));
  LLVMValueRef in_row = LLVMBuildICmp(t->b, LLVMIntSLT, row, src->valid_num, "");
  left = LLVMBuildSelect(t->b, in_row, left, g2l_i64(t, 0), "src_bytes");
  LLVMValueRef any = LLVMBuildICmp(t->b, LLVMIntSGT, left, g2l_i64(t, 0), "");
  LLVMValueRef saddr = LLVMBuildSelect(t->b, any, byte_address(t, src->ptr, sidx, elem_bytes, false), src->ptr, "");
  tc->cp_async(t->b, t->m, daddr, saddr, LLVMBuildTrunc(t->b, left, t->i32, ""));
}

static bool copy_async_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info si;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si)) return false;
  g2l_value *src = g2l_lookup(t, vtc_op_operand(op, 0)), *dst = g2l_lookup(t, vtc_op_operand(op, 1));
  int64_t eb = g2l_elem_bytes(si.elem), chunk = VTC_GIR_ASYNC_CHUNK_BYTES / eb, per_row = si.width / chunk;
  int64_t total = si.num * per_row, rounds = (total + t->warp - 1) / t->warp;
  bool swizzle = vtc_op_get_attr(op, VTC_GIR_ATTR_SWIZZLE) != NULL;
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  for (int64_t r = 0; r < rounds; r++) {
    LLVMValueRef c = LLVMBuildAdd(t->b, lane, g2l_i64(t, r * t->warp), "chunk");
    if ((r + 1) * t->warp <= total) {
      copy_chunk(t, src, dst, c, per_row, chunk, eb, swizzle);
      continue;
    }
    /* The last round: lanes past the slice's chunks copy nothing. */
    LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(t->c, t->fn, "cp.async");
    LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(t->c, t->fn, "cp.async.next");
    LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntULT, c, g2l_i64(t, total), ""), run, next);
    LLVMPositionBuilderAtEnd(t->b, run);
    copy_chunk(t, src, dst, c, per_row, chunk, eb, swizzle);
    LLVMBuildBr(t->b, next);
    LLVMPositionBuilderAtEnd(t->b, next);
  }
  return true;
}

/* %r = gir.assume_multiple %x, m: %x, and LLVM may assume x mod m == 0. */
static bool assume_multiple_op(g2l *t, vtc_op *op) {
  LLVMValueRef x = g2l_scalar(t, vtc_op_operand(op, 0));
  int64_t m = vtc_op_get_int_attr(op, VTC_GIR_ATTR_MULTIPLE, 1);
  if (m > 1) {
    LLVMValueRef rem = LLVMBuildSRem(t->b, x, g2l_i64(t, m), "");
    LLVMValueRef holds = LLVMBuildICmp(t->b, LLVMIntEQ, rem, g2l_i64(t, 0), "");
    g2l_call_intrinsic(t, "llvm.assume", NULL, 0, &holds, 1);
  }
  g2l_bind_scalar(t, vtc_op_result(op, 0), x);
  return true;
}

bool g2l_async_op(g2l *t, vtc_op *op, bool *handled) {
  const vtc_target_tensor_core *tc = t->opts->target->tensor_core;
  *handled = true;
  if (vtc_gir_is(op, "copy_async")) return copy_async_op(t, op);
  if (vtc_gir_is(op, "async_commit")) {
    tc->cp_async_commit(t->b, t->m);
    return true;
  }
  if (vtc_gir_is(op, "async_wait")) {
    tc->cp_async_wait(t->b, t->m, (unsigned)vtc_gir_async_wait_pending(op));
    return true;
  }
  *handled = false;
  return true;
}

/* ---- dispatch ---------------------------------------------------------------------- */

/* Whether op reads or makes a register slice with a fragment layout. */
static bool touches_fragments(g2l *t, vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++)
    if (vtc_gir_layout_of(t->ctx, vtc_op_operand(op, i)->type) != VTC_GIR_LAYOUT_LANES) return true;
  for (unsigned i = 0; i < op->num_results; i++)
    if (vtc_gir_layout_of(t->ctx, vtc_op_result(op, i)->type) != VTC_GIR_LAYOUT_LANES) return true;
  return false;
}

static bool is_async(vtc_op *op) {
  return vtc_gir_is(op, "copy_async") || vtc_gir_is(op, "async_commit") || vtc_gir_is(op, "async_wait");
}

bool g2l_vortex_op(g2l *t, vtc_op *op, bool *handled) {
  *handled = false;
  if (vtc_gir_is(op, "wgmma") || vtc_gir_is(op, "wgmma_fence") || vtc_gir_is(op, "wgmma_commit") ||
      vtc_gir_is(op, "wgmma_wait")) {
    *handled = true;
    return g2l_wgmma_op(t, op);
  }
  if (vtc_gir_is(op, "assume_multiple")) {
    *handled = true;
    return assume_multiple_op(t, op);
  }
  bool transposed = vtc_gir_is(op, "copy") && vtc_gir_copy_is_transposed(op);
  /* gir.for carries fragments as it carries any register slice. */
  bool fragments = !vtc_gir_is(op, "for") && !vtc_gir_is(op, "yield") && touches_fragments(t, op);
  if (!is_async(op) && !transposed && !fragments) return true;
  *handled = true;
  if (!t->gpu || !t->opts->target->tensor_core)
    return g2l_error(t, op, "%s GPU kernels only (tensor cores, ldmatrix and cp.async on sm_80 and newer)",
                     is_async(op) ? "is lowered for" : transposed ? "with `transpose` is lowered for"
                                                                   : "on fragment layouts is lowered for");
  if (is_async(op)) return g2l_async_op(t, op, handled);
  return g2l_fragment_op(t, op, handled);
}
