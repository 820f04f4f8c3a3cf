/* gir -> LLVM on NVPTX: sm_90's warpgroup MMA (gir.h, "warpgroup MMA";
 * Vortex's L0 on Hopper tensor cores). gir.wgmma becomes one
 * wgmma.mma_async whose A and B are shared-memory matrix descriptors
 * (PTX ISA, "Matrix Descriptor Format") of the 128-byte swizzled layout
 * that swizzled gir.copy_async writes: start address >> 4, the stride
 * between 8-row groups (1024 bytes, the swizzle pattern) as the stride
 * byte offset, 128-byte swizzle mode; the leading byte offset is the
 * stride of an MN-major B's 64-wide column panels (`panel_stride`), and
 * unused otherwise (a K-major tile's 16 k are inside its 128-byte rows,
 * an MN-major A is one panel): 1, as CUTLASS sets it. The accumulator is the
 * unit's mma_acc fragment (16 x N: N/8 vectors of four f32 in PTX's mma
 * order, which is wgmma's per-warp order too). */
#include "lowering/gir-to-llvm/translate_impl.h"

enum { SBO_BYTES = 1024, SWIZZLE_128B = 1 };

/* The descriptor of the shared view v (its first element); lbo: the
 * leading byte offset (B's column panels), 0: unused. */
static LLVMValueRef descriptor(g2l *t, g2l_value *v, int64_t elem_bytes, int64_t lbo) {
  LLVMValueRef off = LLVMBuildMul(t->b, v->offset, g2l_i64(t, elem_bytes), "");
  LLVMValueRef p = LLVMBuildGEP2(t->b, t->i8, v->ptr, &off, 1, "");
  LLVMTypeRef sp = LLVMPointerTypeInContext(t->c, 3);
  LLVMValueRef addr = LLVMBuildPtrToInt(t->b, LLVMBuildAddrSpaceCast(t->b, p, sp, ""), t->i64, "smem_addr");
  LLVMValueRef start = LLVMBuildAnd(t->b, LLVMBuildLShr(t->b, addr, g2l_i64(t, 4), ""), g2l_i64(t, 0x3fff), "");
  uint64_t fixed = ((uint64_t)(lbo ? (lbo >> 4) & 0x3fff : 1) << 16) | ((uint64_t)(SBO_BYTES >> 4) << 32) |
                   ((uint64_t)SWIZZLE_128B << 62);
  return LLVMBuildOr(t->b, start, LLVMConstInt(t->i64, fixed, 0), "wgmma_desc");
}

static bool wgmma_op(g2l *t, vtc_op *op) {
  const vtc_target_tensor_core *tc = t->opts->target->tensor_core;
  vtc_gir_slice_info a, c;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &a) || !g2l_slice_info(t, op, vtc_op_operand(op, 2)->type, &c))
    return false;
  g2l_value *av = g2l_lookup(t, vtc_op_operand(op, 0)), *bv = g2l_lookup(t, vtc_op_operand(op, 1));
  g2l_value *acc = g2l_lookup(t, vtc_op_operand(op, 2));
  int64_t eb = g2l_elem_bytes(a.elem);
  unsigned n = (unsigned)c.width, tiles = n / 8;
  LLVMValueRef regs[128];
  for (unsigned s = 0; s < tiles; s++)
    for (unsigned e = 0; e < 4; e++) regs[4 * s + e] = LLVMBuildExtractElement(t->b, acc->segs[s], LLVMConstInt(t->i32, e, 0), "");
  int64_t panel = vtc_op_get_int_attr(op, VTC_GIR_ATTR_PANEL_STRIDE, 0) * eb;
  tc->wgmma(t->b, t->m, a.elem->kind == VTC_TYPE_BF16, n, descriptor(t, av, eb, 0), descriptor(t, bv, eb, panel),
            vtc_op_get_attr(op, VTC_GIR_ATTR_TRANSPOSE_A) != NULL, vtc_op_get_attr(op, VTC_GIR_ATTR_TRANSPOSE_B) == NULL,
            regs);
  g2l_value *d = g2l_new_register(t, tiles);
  for (unsigned s = 0; s < tiles; s++) {
    LLVMValueRef v = LLVMGetPoison(LLVMTypeOf(acc->segs[s]));
    for (unsigned e = 0; e < 4; e++) v = LLVMBuildInsertElement(t->b, v, regs[4 * s + e], LLVMConstInt(t->i32, e, 0), "");
    d->segs[s] = v;
  }
  g2l_bind(t, vtc_op_result(op, 0), d);
  return true;
}

bool g2l_wgmma_op(g2l *t, vtc_op *op) {
  const vtc_target_tensor_core *tc = t->gpu ? t->opts->target->tensor_core : NULL;
  if (!tc || !tc->has_wgmma || !tc->has_wgmma(t->opts->cpu))
    return g2l_error(t, op, "is sm_90's warpgroup MMA: lowered for GPU kernels on sm_90 only (the target is %s; "
                            "plan the rKernels for this GPU, e.g. lower-te-to-gir{gpu=a100}, or with wgmma=false)",
                     t->gpu ? (t->opts->cpu ? t->opts->cpu : "the default architecture") : "a CPU");
  if (vtc_gir_is(op, "wgmma")) return wgmma_op(t, op);
  if (vtc_gir_is(op, "wgmma_fence")) tc->wgmma_fence(t->b, t->m);
  else if (vtc_gir_is(op, "wgmma_commit")) tc->wgmma_commit(t->b, t->m);
  else tc->wgmma_wait(t->b, t->m, (unsigned)vtc_op_get_int_attr(op, VTC_GIR_ATTR_PENDING, 0));
  return true;
}
