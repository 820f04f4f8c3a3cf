/* gir -> LLVM: the gOperators of a GPU kernel whose data cross lanes
 * (PowerFusion section 7 on CUDA: unit = warp, a slice's width spread over
 * the warp's 32 lanes). Element j of a register segment lives in lane j % 32
 * at position j / 32 (g2l_positions), so:
 *   - copies between memory and registers are per-thread gathers/scatters
 *     of the thread's positions (one coalesced 32-element access per
 *     position across the warp), masked by the width, `valid` and padding;
 *   - width reductions reduce the thread's positions, then across the warp
 *     with butterfly shuffles (every lane ends with the result);
 *   - broadcasts, extract and mma read single elements with shfl.idx;
 *   - a register-form sync (a change of pattern) goes through a per-warp
 *     shared-memory scratch, bracketed by __syncwarp;
 *   - memory-form syncs are bar.sync (block) or bar.warp.sync (warp); a
 *     device sync is the target's grid barrier (device_sync.c).
 * Everything else (views, elementwise, num-axis reduce, gir.for, ids) is
 * kernel_ops.c's, on per-thread vectors of g2l_reg_width elements. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "lowering/gir-to-llvm/translate_impl.h"

static LLVMValueRef i32c(g2l *t, unsigned x) { return LLVMConstInt(t->i32, x, 0); }

/* ---- shuffles of any scalar ----------------------------------------------- */

/* shfl.sync over the whole warp of an i1..i64, half, float or double:
 * narrow values travel as i32. */
LLVMValueRef g2l_gpu_shuffle(g2l *t, vtc_target_shuffle mode, LLVMValueRef x, LLVMValueRef lane_or_delta) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  LLVMValueRef d = lane_or_delta;
  bool wide = k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
              (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) >= 32);
  if (wide) return t->opts->target->shuffle(t->b, t->m, mode, x, d, (int)t->warp);
  LLVMTypeRef bits = k == LLVMHalfTypeKind ? LLVMInt16TypeInContext(t->c) : ty;
  LLVMValueRef v = bits == ty ? x : LLVMBuildBitCast(t->b, x, bits, "");
  v = t->opts->target->shuffle(t->b, t->m, mode, LLVMBuildZExt(t->b, v, t->i32, ""), d, (int)t->warp);
  v = LLVMBuildTrunc(t->b, v, bits, "");
  return bits == ty ? v : LLVMBuildBitCast(t->b, v, ty, "");
}

static LLVMValueRef shfl(g2l *t, vtc_target_shuffle mode, LLVMValueRef x, unsigned lane_or_delta) {
  return g2l_gpu_shuffle(t, mode, x, i32c(t, lane_or_delta));
}

/* Element j of register segment `seg` (width-wide), in every lane. */
LLVMValueRef g2l_gpu_element(g2l *t, LLVMValueRef seg, int64_t j) {
  LLVMValueRef x = LLVMBuildExtractElement(t->b, seg, i32c(t, (unsigned)(j / t->warp)), "");
  if (j == 0 && vtc_ptrmap_contains(&t->replicated, seg)) return x;
  return shfl(t, VTC_SHUFFLE_IDX, x, (unsigned)(j % t->warp));
}

/* ---- copies ------------------------------------------------------------------ */

static LLVMValueRef and_mask(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  return !a ? b : !b ? a : LLVMBuildAnd(t->b, a, b, "");
}

/* Which of this thread's positions `pos` of segment i of a width-wide slice
 * exist: j < width, and inside the view's valid counts; NULL when all do. */
static LLVMValueRef lane_mask(g2l *t, g2l_value *view, unsigned width, int64_t i, LLVMValueRef pos) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(pos));
  LLVMValueRef m = NULL;
  if (width % t->warp) m = LLVMBuildICmp(t->b, LLVMIntULT, pos, g2l_splat(t, g2l_i64(t, width), n), "in_width");
  if (view && view->valid_num) {
    LLVMValueRef cols = LLVMBuildICmp(t->b, LLVMIntSLT, pos, g2l_splat(t, view->valid_width, n), "");
    LLVMValueRef row = LLVMBuildICmp(t->b, LLVMIntSLT, g2l_i64(t, i), view->valid_num, "");
    if (view->first_width)
      cols = LLVMBuildAnd(t->b, cols, LLVMBuildICmp(t->b, LLVMIntSGE, pos, g2l_splat(t, view->first_width, n), ""), "");
    if (view->first_num)
      row = LLVMBuildAnd(t->b, row, LLVMBuildICmp(t->b, LLVMIntSGE, g2l_i64(t, i), view->first_num, ""), "");
    cols = LLVMBuildSelect(t->b, row, cols, LLVMConstNull(LLVMTypeOf(cols)), "");
    m = and_mask(t, m, cols);
  }
  return m;
}

/* The addresses of this thread's elements of segment i of a view. */
static LLVMValueRef addresses(g2l *t, LLVMValueRef base, LLVMValueRef offset, LLVMTypeRef mem, LLVMValueRef pos) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(pos));
  LLVMValueRef idx = LLVMBuildAdd(t->b, g2l_splat(t, offset, n), pos, "");
  return LLVMBuildGEP2(t->b, mem, base, &idx, 1, "addr");
}

static LLVMValueRef all_true(g2l *t, unsigned n) { return g2l_splat(t, LLVMConstInt(t->i1, 1, 0), n); }

/* Loads `n` elements (mem type `mem`) at vector addresses under mask. */
LLVMValueRef g2l_gpu_gather(g2l *t, LLVMTypeRef mem, LLVMValueRef addrs, LLVMValueRef mask, LLVMValueRef pass,
                           unsigned align) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(addrs));
  LLVMTypeRef ov[] = {LLVMVectorType(mem, n), LLVMTypeOf(addrs)};
  LLVMValueRef args[] = {addrs, i32c(t, align), mask ? mask : all_true(t, n), pass};
  return g2l_call_intrinsic(t, "llvm.masked.gather", ov, 2, args, 4);
}

void g2l_gpu_scatter(g2l *t, LLVMValueRef v, LLVMValueRef addrs, LLVMValueRef mask, unsigned align) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(addrs));
  LLVMTypeRef ov[] = {LLVMTypeOf(v), LLVMTypeOf(addrs)};
  LLVMValueRef args[] = {v, addrs, i32c(t, align), mask ? mask : all_true(t, n)};
  g2l_call_intrinsic(t, "llvm.masked.scatter", ov, 2, args, 4);
}

static LLVMValueRef view_offset(g2l *t, g2l_value *view, int64_t i) {
  if (!i) return view->offset;
  return LLVMBuildAdd(t->b, view->offset, LLVMBuildMul(t->b, view->stride, g2l_i64(t, i), ""), "");
}

/* A one-element segment is loaded by every lane (one address: one memory
 * transaction for the warp) and marked replicated, so that reading it as a
 * scalar needs no shuffle from lane 0 (the uniform operands of a kernel:
 * P's probability in the decode attention's P.V, step after step). */
static LLVMValueRef load_segment(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i) {
  LLVMTypeRef mem = g2l_mem_type(t, elem);
  unsigned n = g2l_reg_width(t, width), align = (unsigned)g2l_elem_bytes(elem);
  bool every_lane = width == 1;
  LLVMValueRef pos = every_lane ? g2l_splat(t, g2l_i64(t, 0), 1) : g2l_positions(t, width);
  LLVMValueRef mask = every_lane ? lane_mask(t, view, t->warp, i, pos) : lane_mask(t, view, width, i, pos);
  LLVMValueRef pad = g2l_to_memory(t, g2l_splat(t, view->padding, n), elem, n);
  LLVMValueRef v = g2l_gpu_gather(t, mem, addresses(t, view->ptr, view_offset(t, view, i), mem, pos), mask, pad, align);
  v = g2l_from_memory(t, v, elem, n);
  if (every_lane) vtc_ptrmap_put(&t->replicated, v, (void *)1);
  return v;
}

static void store_segment(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i, LLVMValueRef v) {
  LLVMTypeRef mem = g2l_mem_type(t, elem);
  unsigned n = g2l_reg_width(t, width), align = (unsigned)g2l_elem_bytes(elem);
  LLVMValueRef pos = g2l_positions(t, width);
  LLVMValueRef mask = lane_mask(t, view, width, i, pos);
  g2l_gpu_scatter(t, g2l_to_memory(t, v, elem, n), addresses(t, view->ptr, view_offset(t, view, i), mem, pos), mask, align);
}

/* ---- reductions and broadcasts ------------------------------------------------- */

/* The identity of a combiner, for positions past the width. */
static LLVMValueRef identity(g2l *t, vtc_gir_combiner c, bool fp, LLVMTypeRef et) {
  unsigned w = fp ? 0 : LLVMGetIntTypeWidth(et);
  switch (c) {
  case VTC_GIR_SUM: return fp ? LLVMConstReal(et, -0.0) : LLVMConstInt(et, 0, 0);
  case VTC_GIR_PROD: return fp ? LLVMConstReal(et, 1.0) : LLVMConstInt(et, 1, 0);
  case VTC_GIR_MAX:
    return fp ? LLVMConstReal(et, -INFINITY) : LLVMConstInt(et, w >= 64 ? (1ull << 63) : (1ull << (w - 1)), 0);
  case VTC_GIR_MIN:
    return fp ? LLVMConstReal(et, INFINITY)
              : LLVMConstInt(et, w >= 64 ? ~(1ull << 63) : (1ull << (w - 1)) - 1, 0);
  }
  return NULL;
}

/* Width axis: the thread's positions, then the warp's lanes (butterfly, so
 * every lane holds the segment's result). */
static bool reduce_width(g2l *t, vtc_op *op, const vtc_gir_slice_info *si) {
  g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
  vtc_gir_combiner c = vtc_gir_reduce_combiner(op);
  bool fp = vtc_type_is_float(si->elem), bf16 = si->elem->kind == VTC_TYPE_BF16;
  unsigned width = (unsigned)si->width;
  LLVMValueRef pos = width % t->warp ? g2l_positions(t, width) : NULL;
  g2l_value *r = g2l_new_register(t, s->num);
  for (unsigned i = 0; i < s->num; i++) {
    LLVMValueRef v = bf16 ? g2l_bf16_to_f32(t, s->segs[i]) : s->segs[i];
    LLVMTypeRef vt = LLVMTypeOf(v), et = LLVMGetElementType(vt);
    unsigned n = LLVMGetVectorSize(vt);
    if (pos) {
      LLVMValueRef in = LLVMBuildICmp(t->b, LLVMIntULT, pos, g2l_splat(t, g2l_i64(t, width), n), "");
      v = LLVMBuildSelect(t->b, in, v, g2l_splat(t, identity(t, c, fp, et), n), "");
    }
    LLVMValueRef x = n == 1 ? LLVMBuildExtractElement(t->b, v, i32c(t, 0), "") : g2l_reduce_vector(t, c, fp, v);
    for (unsigned d = t->warp / 2; d >= 1 && width > 1; d /= 2)
      x = g2l_combine(t, c, fp, x, shfl(t, VTC_SHUFFLE_XOR, x, d));
    LLVMValueRef one = LLVMBuildInsertElement(t->b, LLVMGetPoison(LLVMVectorType(et, 1)), x, i32c(t, 0), "");
    r->segs[i] = bf16 ? g2l_f32_to_bf16(t, one) : one;
  }
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

static bool broadcast_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info ri, si;
  vtc_value *res = vtc_op_result(op, 0), *src = vtc_op_operand(op, 0);
  if (!g2l_slice_info(t, op, res->type, &ri)) return false;
  unsigned num = (unsigned)ri.num, n = g2l_reg_width(t, (unsigned)ri.width);
  g2l_value *s = g2l_lookup(t, src), *r = g2l_new_register(t, num);
  bool slice = s->kind != G2L_SCALAR;
  if (slice && !g2l_slice_info(t, op, src->type, &si)) return false;
  if (!slice || (si.num == 1 && si.width == 1)) { /* one value to every element */
    LLVMValueRef v = g2l_splat(t, slice ? g2l_gpu_element(t, s->segs[0], 0) : s->v, n);
    for (unsigned i = 0; i < num; i++) r->segs[i] = v;
  } else if (vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH) {
    for (unsigned i = 0; i < num; i++) r->segs[i] = g2l_splat(t, g2l_gpu_element(t, s->segs[i], 0), n);
  } else {
    for (unsigned i = 0; i < num; i++) r->segs[i] = s->segs[0];
  }
  g2l_bind(t, res, r);
  return true;
}

static bool extract_op(g2l *t, vtc_op *op) {
  const vtc_attr *pos = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
  if (!pos || pos->kind != VTC_ATTR_ARRAY || pos->count != 2) return g2l_error(t, op, "needs a position [i, j]");
  g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
  int64_t i = pos->elems[0].value->i, j = pos->elems[1].value->i;
  g2l_bind_scalar(t, vtc_op_result(op, 0), g2l_gpu_element(t, s->segs[i], j));
  return true;
}

/* ---- syncs ------------------------------------------------------------------------ */

LLVMValueRef g2l_gpu_shared(g2l *t, LLVMTypeRef elem, uint64_t count) {
  LLVMValueRef g = t->opts->target->shared_array(t->m, "vtc_shared", elem, count);
  return LLVMBuildAddrSpaceCast(t->b, g, t->ptr, "shared");
}

static void warp_sync(g2l *t) { t->opts->target->barrier(t->b, t->m, VTC_BARRIER_WARP); }

/* Register form with a new pattern: every lane writes its elements to the
 * warp's part of a shared scratch in row-major order, then reads those of
 * the new pattern. */
static bool repattern(g2l *t, vtc_op *op, const vtc_gir_slice_info *si, const vtc_gir_slice_info *ri) {
  g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
  LLVMTypeRef mem = g2l_mem_type(t, si->elem);
  uint64_t elems = (uint64_t)(si->num * si->width);
  LLVMValueRef scratch = g2l_gpu_shared(t, mem, elems * (uint64_t)t->group_size);
  LLVMValueRef base = LLVMBuildMul(t->b, t->unit_in_group, g2l_i64(t, (int64_t)elems), "scratch");
  unsigned align = (unsigned)g2l_elem_bytes(si->elem);
  for (int64_t i = 0; i < si->num; i++) {
    unsigned w = (unsigned)si->width, n = g2l_reg_width(t, w);
    LLVMValueRef pos = g2l_positions(t, w);
    LLVMValueRef off = LLVMBuildAdd(t->b, base, g2l_i64(t, i * si->width), "");
    g2l_gpu_scatter(t, g2l_to_memory(t, s->segs[i], si->elem, n), addresses(t, scratch, off, mem, pos),
            lane_mask(t, NULL, w, i, pos), align);
  }
  warp_sync(t);
  g2l_value *r = g2l_new_register(t, (unsigned)ri->num);
  for (int64_t i = 0; i < ri->num; i++) {
    unsigned w = (unsigned)ri->width, n = g2l_reg_width(t, w);
    LLVMValueRef pos = g2l_positions(t, w);
    LLVMValueRef off = LLVMBuildAdd(t->b, base, g2l_i64(t, i * ri->width), "");
    LLVMValueRef v = g2l_gpu_gather(t, mem, addresses(t, scratch, off, mem, pos), lane_mask(t, NULL, w, i, pos),
                            LLVMConstNull(LLVMVectorType(mem, n)), align);
    r->segs[i] = g2l_from_memory(t, v, ri->elem, n);
  }
  warp_sync(t); /* the scratch may be written again (in a loop) */
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

static bool sync_op(g2l *t, vtc_op *op) {
  vtc_gir_scope scope = vtc_gir_sync_scope(op);
  if (op->num_results == 1) {
    vtc_gir_slice_info si, ri;
    if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si) || !g2l_slice_info(t, op, vtc_op_result(op, 0)->type, &ri)) return false;
    if (si.num == ri.num && si.width == ri.width) {
      g2l_bind(t, vtc_op_result(op, 0), g2l_lookup(t, vtc_op_operand(op, 0)));
      return true;
    }
    return repattern(t, op, &si, &ri);
  }
  switch (scope) {
  case VTC_GIR_SCOPE_LANE: return true;
  case VTC_GIR_SCOPE_WARP: warp_sync(t); return true;
  case VTC_GIR_SCOPE_BLOCK: t->opts->target->barrier(t->b, t->m, VTC_BARRIER_BLOCK); return true;
  case VTC_GIR_SCOPE_DEVICE: break;
  }
  return g2l_device_sync(t, op);
}

bool g2l_gpu_kernel_op(g2l *t, vtc_op *op, bool *handled) {
  *handled = true;
  if (vtc_gir_is(op, "copy")) return g2l_copy(t, op, load_segment, store_segment);
  if (vtc_gir_is(op, "broadcast")) return broadcast_op(t, op);
  if (vtc_gir_is(op, "extract")) return extract_op(t, op);
  /* mma: each thread holds its columns of B, C and D; A[i][k] reaches every
   * lane by a shuffle. */
  if (vtc_gir_is(op, "mma")) return g2l_mma(t, op, g2l_gpu_element);
  if (vtc_gir_is(op, "sync")) return sync_op(t, op);
  if (vtc_gir_is(op, "reduce") && vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH) {
    vtc_gir_slice_info si;
    return g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si) && reduce_width(t, op, &si);
  }
  *handled = false; /* the same on both hierarchies (kernel_ops.c) */
  return true;
}
