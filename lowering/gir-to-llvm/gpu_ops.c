/* gir -> LLVM: the gOperators of a GPU kernel whose data cross lanes
 * (PowerFusion section 7 on CUDA: unit = warp, a slice's width spread over
 * the warp's 32 lanes in runs of V adjacent elements, g2l_positions), so:
 *   - copies between memory and registers are one vector access per run
 *     (a coalesced 32 V-element access across the warp) when nothing is
 *     masked, else per-thread gathers/scatters of the thread's positions,
 *     masked by the width, `valid` and padding;
 *   - width reductions reduce the thread's positions, then across the warp
 *     with butterfly shuffles (every lane ends with the result, except a
 *     joint reduction's result bound only for memory: it stays in the lane
 *     that holds it, which stores it);
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

/* Element j of register segment `seg`, in every lane. */
LLVMValueRef g2l_gpu_element(g2l *t, LLVMValueRef seg, int64_t j) {
  unsigned lane, slot;
  g2l_layout_place(t->warp, LLVMGetVectorSize(LLVMTypeOf(seg)), j, &lane, &slot);
  LLVMValueRef x = LLVMBuildExtractElement(t->b, seg, i32c(t, slot), "");
  if (j == 0 && vtc_ptrmap_contains(&t->replicated, seg)) return x;
  return shfl(t, VTC_SHUFFLE_IDX, x, lane);
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

enum { kMaxRuns = 64 };

/* A memory view's segment whose width fills every lane's runs of V > 1
 * adjacent elements (g2l_lane_run). */
static bool runs_fit(g2l *t, g2l_value *view, unsigned width) {
  unsigned n = g2l_reg_width(t, width), run = g2l_lane_run(n);
  return view->kind == G2L_VIEW && run > 1 && n / run <= kMaxRuns && width == n * t->warp;
}

/* An unmasked segment whose width fills every lane's runs (no padding, no
 * `valid` counts) moves as n / V vector accesses of a lane's V adjacent
 * elements (g2l_lane_run), aligned as far as the view's offset and stride
 * are known multiples of V (the buffers are at least 16-byte aligned:
 * allocations). False when the segment needs the masked gather/scatter. */
static bool whole_runs(g2l *t, g2l_value *view, unsigned width) {
  return runs_fit(t, view, width) && !view->valid_num && !view->valid_width && !view->first_num &&
         !view->first_width;
}

/* A segment masked only by its row (`valid` rows, all of its columns: a
 * constant valid width of at least the segment's): whole or nothing, so it
 * moves as whole_runs' vector accesses under one branch on the row, not as
 * a per-element gather. A concat's pieces are read so (gpt2's KV cache:
 * 64-element f16 rows, two-byte gathers before). */
static bool row_masked_runs(g2l *t, g2l_value *view, unsigned width) {
  return runs_fit(t, view, width) && view->valid_num && view->valid_width && !view->first_num &&
         !view->first_width && LLVMIsAConstantInt(view->valid_width) &&
         LLVMConstIntGetSExtValue(view->valid_width) >= (long long)width;
}

/* The alignment in bytes of this lane's runs of segment i. */
static unsigned run_align(const g2l_value *view, unsigned run, int64_t elem_bytes) {
  int64_t m = view->multiple, a = run;
  while (m && m % a) a /= 2; /* run is a power of two */
  return (unsigned)(a * elem_bytes);
}

/* The address of run k of this lane in segment i. */
static LLVMValueRef run_address(g2l *t, g2l_value *view, LLVMTypeRef mem, LLVMValueRef offset, unsigned run,
                                unsigned k) {
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  LLVMValueRef first = LLVMBuildMul(t->b, LLVMBuildAdd(t->b, lane, g2l_i64(t, (int64_t)k * t->warp), ""),
                                    g2l_i64(t, run), "");
  LLVMValueRef idx = LLVMBuildAdd(t->b, offset, first, "run");
  return LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "");
}

/* Run k of a lane's vector (slots k V ... k V + V - 1) as a <V x T>. */
static LLVMValueRef run_piece(g2l *t, LLVMValueRef v, unsigned run, unsigned k) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
  if (run == n) return v;
  LLVMValueRef idx[4];
  for (unsigned e = 0; e < run; e++) idx[e] = i32c(t, k * run + e);
  return LLVMBuildShuffleVector(t->b, v, LLVMGetPoison(LLVMTypeOf(v)), LLVMConstVector(idx, run), "");
}

/* Element e of run k is slot k * V + e of the lane's vector. */
static LLVMValueRef join_runs(g2l *t, LLVMValueRef *runs, unsigned count, unsigned run) {
  LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(runs[0]));
  LLVMValueRef v = LLVMGetPoison(LLVMVectorType(et, count * run));
  for (unsigned k = 0; k < count; k++)
    for (unsigned e = 0; e < run; e++)
      v = LLVMBuildInsertElement(t->b, v, LLVMBuildExtractElement(t->b, runs[k], i32c(t, e), ""), i32c(t, k * run + e), "");
  return v;
}

static LLVMValueRef load_runs(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i) {
  unsigned n = g2l_reg_width(t, width), run = g2l_lane_run(n), count = n / run;
  LLVMTypeRef mem = g2l_mem_type(t, elem), vt = LLVMVectorType(mem, run);
  unsigned align = run_align(view, run, g2l_elem_bytes(elem));
  LLVMValueRef offset = view_offset(t, view, i), runs[kMaxRuns] = {0};
  for (unsigned k = 0; k < count; k++) {
    runs[k] = LLVMBuildLoad2(t->b, vt, run_address(t, view, mem, offset, run, k), "run");
    LLVMSetAlignment(runs[k], align);
  }
  return g2l_from_memory(t, join_runs(t, runs, count, run), elem, n);
}

static void store_runs(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i, LLVMValueRef v) {
  unsigned n = g2l_reg_width(t, width), run = g2l_lane_run(n), count = n / run;
  LLVMTypeRef mem = g2l_mem_type(t, elem);
  unsigned align = run_align(view, run, g2l_elem_bytes(elem));
  LLVMValueRef offset = view_offset(t, view, i), m = g2l_to_memory(t, v, elem, n);
  for (unsigned k = 0; k < count; k++) {
    LLVMValueRef st = LLVMBuildStore(t->b, run_piece(t, m, run, k), run_address(t, view, mem, offset, run, k));
    LLVMSetAlignment(st, align);
  }
}

/* row_masked_runs' load: the runs when row i is valid, else the padding. */
static LLVMValueRef load_row_runs(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i) {
  unsigned n = g2l_reg_width(t, width);
  /* The padding through the memory type, as the gather's pass-through. */
  LLVMValueRef pad = g2l_from_memory(t, g2l_to_memory(t, g2l_splat(t, view->padding, n), elem, n), elem, n);
  LLVMValueRef in = LLVMBuildICmp(t->b, LLVMIntSLT, g2l_i64(t, i), view->valid_num, "row_in");
  LLVMBasicBlockRef from = LLVMGetInsertBlock(t->b);
  LLVMBasicBlockRef load = LLVMAppendBasicBlockInContext(t->c, t->fn, "row.load");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(t->c, t->fn, "row.join");
  LLVMBuildCondBr(t->b, in, load, join);
  LLVMPositionBuilderAtEnd(t->b, load);
  LLVMValueRef v = load_runs(t, view, elem, width, i);
  LLVMBasicBlockRef loaded = LLVMGetInsertBlock(t->b);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, join);
  LLVMValueRef phi = LLVMBuildPhi(t->b, LLVMTypeOf(v), "row");
  LLVMValueRef values[2] = {v, pad};
  LLVMBasicBlockRef blocks[2] = {loaded, from};
  LLVMAddIncoming(phi, values, blocks, 2);
  return phi;
}

/* A one-element segment is loaded by every lane (one address: one memory
 * transaction for the warp) and marked replicated, so that reading it as a
 * scalar needs no shuffle from lane 0 (the uniform operands of a kernel:
 * P's probability in the decode attention's P.V, step after step). */
static LLVMValueRef load_segment(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i) {
  if (whole_runs(t, view, width)) return load_runs(t, view, elem, width, i);
  if (row_masked_runs(t, view, width)) return load_row_runs(t, view, elem, width, i);
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
  if (whole_runs(t, view, width)) {
    store_runs(t, view, elem, width, i, v);
    return;
  }
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

/* ---- width reductions ---------------------------------------------------------------
 * A width reduction reduces the thread's positions, then across the warp's
 * lanes. One alone is a butterfly (5 shuffles; every lane ends with the
 * result). Several in one block whose operands are all ready at the first
 * (the G accumulators of a grouped kernel, lower-te-to-gir's shared loads)
 * reduce jointly, a transpose-reduce: at each of the first log2 G steps a
 * lane keeps half of its values and sends the other half to its partner,
 * so G values cost G - 1 shuffles there, the remaining 5 - log2 G steps
 * one each, and G more bring each result to every lane (17 for G = 8,
 * instead of 40). The order of the sums differs from the single
 * butterfly's (a float reduction is reassociated either way). */

enum { kMaxJoint = 32, kJointLookahead = 256 /* ops scanned past the first: linear time in long blocks */ };

/* The in-thread part: segment value v (bf16 as f32) reduced over the
 * thread's positions; `in` (NULL: all) says which are inside the width,
 * the others count as the identity. A float sum of a few positions adds
 * them in order, each add allowed to contract with the product it adds
 * (a dot product's math.fma with a -0.0 accumulator is a product): one FMA
 * per position instead of a product and a tree of adds (the decode scores:
 * 7 instructions per output and lane -> 4). */
enum { kMaxChain = 8 };
static LLVMValueRef reduce_positions(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef in, LLVMValueRef v) {
  LLVMTypeRef vt = LLVMTypeOf(v), et = LLVMGetElementType(vt);
  unsigned n = LLVMGetVectorSize(vt);
  if (in) v = LLVMBuildSelect(t->b, in, v, g2l_splat(t, identity(t, c, fp, et), n), "");
  if (n == 1) return LLVMBuildExtractElement(t->b, v, i32c(t, 0), "");
  if (!fp || c != VTC_GIR_SUM || n > kMaxChain) return g2l_reduce_vector(t, c, fp, v);
  LLVMValueRef s = LLVMBuildExtractElement(t->b, v, i32c(t, 0), "");
  for (unsigned i = 1; i < n; i++) {
    s = LLVMBuildFAdd(t->b, s, LLVMBuildExtractElement(t->b, v, i32c(t, i), ""), "");
    LLVMSetFastMathFlags(s, LLVMFastMathAllowContract);
  }
  return s;
}

/* Reduces x[0..count) (count a power of two <= warp) across the warp; every
 * lane ends with every result, except those with held[i] set: x[i] is then
 * the value that lane holder[i] - 1 holds (the value of index i there). */
static void reduce_lanes(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef *x, unsigned count, const bool *held,
                         unsigned *holder) {
  unsigned m = count, shift = 0;
  LLVMValueRef lane = t->lane;
  for (unsigned d = t->warp / 2; d >= 1; d /= 2) {
    if (m == 1) {
      x[0] = g2l_combine(t, c, fp, x[0], shfl(t, VTC_SHUFFLE_XOR, x[0], d));
      continue;
    }
    /* Lanes with bit d keep the upper half: value k + m/2 of the list. */
    LLVMValueRef upper = LLVMBuildICmp(t->b, LLVMIntNE, LLVMBuildAnd(t->b, lane, i32c(t, d), ""), i32c(t, 0), "upper");
    for (unsigned k = 0; k < m / 2; k++) {
      LLVMValueRef lo = x[k], hi = x[k + m / 2];
      LLVMValueRef send = LLVMBuildSelect(t->b, upper, lo, hi, ""), keep = LLVMBuildSelect(t->b, upper, hi, lo, "");
      x[k] = g2l_combine(t, c, fp, keep, shfl(t, VTC_SHUFFLE_XOR, send, d));
    }
    m /= 2;
    shift++;
  }
  /* Value i ended in the lanes whose bits warp/2, warp/4, ... spell i. */
  LLVMValueRef value = x[0];
  unsigned log_warp = 0;
  while ((1u << log_warp) < t->warp) log_warp++;
  for (unsigned i = 0; i < count && count > 1; i++) {
    unsigned lane = i << (log_warp - shift);
    if (held[i]) holder[i] = lane + 1;
    x[i] = held[i] ? value : shfl(t, VTC_SHUFFLE_IDX, value, lane);
  }
}

/* ---- results that stay in the lane that holds them --------------------------------
 * After a joint reduction each result sits in a few lanes; bringing all G
 * to every lane costs G shuffles, and each then runs its own copy of the
 * element-wise ops after it (the same instructions on the same register in
 * every lane: the decode scores' +0.0 and bf16 rounding, 16 times per work
 * item). A result whose only way out is element-wise ops (with scalars)
 * into a one-element store stays where it is instead: those ops run once
 * for all results (they are the same LLVM instructions on the same value,
 * which LLVM merges), and each store is made by the lane that holds its
 * value. Anything else that reads it (a broadcast, an extract, a sync)
 * gets the shuffled value, as before. */
static bool held_to_memory(vtc_value *v, unsigned depth) {
  if (depth > 8) return false;
  for (vtc_use *u = v->first_use; u; u = u->next) {
    vtc_op *user = u->owner;
    if (vtc_gir_is(user, "copy") && user->num_results == 0 && vtc_gir_copy_source(user) == v) continue;
    if (!vtc_gir_is(user, "elementwise") || vtc_gir_elementwise_has_position(user)) return false;
    for (unsigned k = 0; k < user->num_operands; k++) {
      vtc_value *o = vtc_op_operand(user, k);
      if (o != v && !vtc_type_is_float(o->type) && !vtc_type_is_int_or_index(o->type)) return false;
    }
    if (!held_to_memory(vtc_op_result(user, 0), depth + 1)) return false;
  }
  return true;
}

/* The width reductions after `first` in its block that can run with it
 * (batch[0] is first): same combiner and operand type, operands defined
 * before first, at most kMaxJoint segments in all (first may hold more:
 * then it runs alone). */
static unsigned joint_reductions(g2l *t, vtc_op *first, vtc_op **batch) {
  unsigned n = 1, scanned = 0;
  vtc_ptrmap between = {0};
  const vtc_type *type = vtc_op_operand(first, 0)->type;
  vtc_gir_combiner c = vtc_gir_reduce_combiner(first);
  vtc_gir_slice_info si;
  if (!vtc_gir_slice_info_of(t->ctx, type, &si)) return 1;
  unsigned segs = (unsigned)si.num;
  batch[0] = first;
  for (vtc_op *op = first->next; op && scanned++ < kJointLookahead && segs + si.num <= kMaxJoint; op = op->next) {
    bool fits = vtc_gir_is(op, "reduce") && vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH &&
                vtc_gir_reduce_combiner(op) == c && vtc_op_operand(op, 0)->type == type &&
                !vtc_ptrmap_contains(&t->values, vtc_op_result(op, 0));
    vtc_op *def = fits ? vtc_op_operand(op, 0)->def_op : NULL;
    if (fits && def && def->parent == first->parent && vtc_ptrmap_contains(&between, def)) fits = false;
    if (fits) {
      batch[n++] = op;
      segs += (unsigned)si.num;
    } else {
      vtc_ptrmap_put(&between, op, (void *)1);
    }
  }
  vtc_ptrmap_free(&between);
  return n;
}

static bool reduce_width(g2l *t, vtc_op *op, const vtc_gir_slice_info *si) {
  if (vtc_ptrmap_contains(&t->values, vtc_op_result(op, 0))) return true; /* reduced jointly already */
  vtc_gir_combiner c = vtc_gir_reduce_combiner(op);
  bool fp = vtc_type_is_float(si->elem), bf16 = si->elem->kind == VTC_TYPE_BF16;
  unsigned width = (unsigned)si->width, nops = 1;
  vtc_op *batch[kMaxJoint] = {op};
  /* Device-barrier kernels translate their segments out of order. */
  if (width > 1 && !t->device_state) nops = joint_reductions(t, op, batch);
  unsigned total = nops * (unsigned)si->num, n = g2l_reg_width(t, width);
  LLVMValueRef *x = vtc_xmalloc(total * sizeof *x), in = NULL;
  if (width % t->warp) /* one mask for every segment: the padding positions */
    in = LLVMBuildICmp(t->b, LLVMIntULT, g2l_positions(t, width), g2l_splat(t, g2l_i64(t, width), n), "in_width");
  bool *held = vtc_xcalloc(total + 1, sizeof *held);
  unsigned *holder = vtc_xcalloc(total + 1, sizeof *holder);
  total = 0;
  for (unsigned k = 0; k < nops; k++) {
    g2l_value *s = g2l_lookup(t, vtc_op_operand(batch[k], 0));
    bool stays = s->num == 1 && nops > 1 && held_to_memory(vtc_op_result(batch[k], 0), 0);
    for (unsigned i = 0; i < s->num; i++) {
      held[total] = stays;
      x[total++] = reduce_positions(t, c, fp, in, bf16 ? g2l_bf16_to_f32(t, s->segs[i]) : s->segs[i]);
    }
  }
  /* Chunks of a power of two values, at most a warp's; none when width is 1. */
  for (unsigned done = 0; done < total && width > 1;) {
    unsigned count = 1;
    while (2 * count <= total - done && 2 * count <= t->warp) count *= 2;
    reduce_lanes(t, c, fp, x + done, count, held + done, holder + done);
    done += count;
  }
  total = 0;
  for (unsigned k = 0; k < nops; k++) {
    g2l_value *s = g2l_lookup(t, vtc_op_operand(batch[k], 0)), *r = g2l_new_register(t, s->num);
    for (unsigned i = 0; i < s->num; i++, total++) {
      LLVMValueRef v = x[total];
      LLVMValueRef one = LLVMBuildInsertElement(t->b, LLVMGetPoison(LLVMVectorType(LLVMTypeOf(v), 1)), v, i32c(t, 0), "");
      r->segs[i] = bf16 ? g2l_f32_to_bf16(t, one) : one;
      r->holder = holder[total];
      if (width > 1 && !r->holder) vtc_ptrmap_put(&t->replicated, r->segs[i], (void *)1); /* every lane holds it */
    }
    g2l_bind(t, vtc_op_result(batch[k], 0), r);
  }
  free(held);
  free(holder);
  free(x);
  return true;
}

/* A one-element register slice that one lane holds, stored by that lane
 * (where the view's valid counts keep its element). */
static void store_held(g2l *t, g2l_value *s, g2l_value *view, const vtc_type *elem) {
  LLVMTypeRef mem = g2l_mem_type(t, elem);
  LLVMValueRef mine = LLVMBuildICmp(t->b, LLVMIntEQ, t->lane, i32c(t, s->holder - 1), "holder");
  LLVMValueRef pos = g2l_splat(t, g2l_i64(t, 0), 1);
  LLVMValueRef mask = and_mask(t, lane_mask(t, view, 1, 0, pos), g2l_splat(t, mine, 1));
  g2l_gpu_scatter(t, g2l_to_memory(t, s->segs[0], elem, 1), addresses(t, view->ptr, view_offset(t, view, 0), mem, pos),
                  mask, (unsigned)g2l_elem_bytes(elem));
}

static bool copy_op(g2l *t, vtc_op *op) {
  vtc_value *src = vtc_gir_copy_source(op);
  g2l_value *s = g2l_lookup(t, src);
  if (op->num_results == 0 && s->kind == G2L_REGISTER && s->holder) {
    vtc_gir_slice_info si;
    if (!g2l_slice_info(t, op, src->type, &si)) return false;
    store_held(t, s, g2l_lookup(t, vtc_op_operand(op, 1)), si.elem);
    return true;
  }
  return g2l_copy(t, op, load_segment, store_segment);
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
  if (vtc_gir_is(op, "copy")) return copy_op(t, op);
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
