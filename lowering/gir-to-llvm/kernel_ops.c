/* gir -> LLVM: the gOperators inside a CPU kernel (PowerFusion section 7 on a
 * CPU): parallel indices, views and copies (vector and masked loads/stores),
 * elementwise bodies on vectors, reductions, broadcasts, mma as FMAs,
 * extract, syncs and gir.for loops with phis. */
#include <stdlib.h>
#include <string.h>

#include "lowering/gir-to-llvm/translate_impl.h"

#include <llvm-c/DebugInfo.h> /* LLVMTemporaryMDNode: a loop ID refers to itself */

bool g2l_slice_info(g2l *t, vtc_op *op, const vtc_type *type, vtc_gir_slice_info *info) {
  if (!vtc_gir_slice_info_of(t->ctx, type, info) || !g2l_scalar_type(t, info->elem))
    return g2l_error(t, op, "has a slice type the %s translation does not support", t->gpu ? "NVPTX" : "CPU");
  return true;
}

g2l_value *g2l_new_register(g2l *t, unsigned num) {
  g2l_value *lv = g2l_new_value(t, G2L_REGISTER);
  lv->num = num;
  lv->segs = vtc_xcalloc(num, sizeof *lv->segs);
  return lv;
}

static LLVMValueRef i32c(g2l *t, unsigned x) { return LLVMConstInt(t->i32, x, 0); }

static bool is_float_elem(const vtc_type *elem) { return vtc_type_is_float(elem); }

/* ---- parallel indices ----------------------------------------------------- */

static bool id_op(g2l *t, vtc_op *op, bool count) {
  LLVMValueRef gs = g2l_i64(t, t->group_size), r = NULL;
  switch (vtc_gir_id_dim(op)) {
  case VTC_GIR_DIM_UNIT:
    r = count ? LLVMBuildMul(t->b, t->groups, gs, "units")
              : LLVMBuildAdd(t->b, LLVMBuildMul(t->b, t->group, gs, ""), t->unit_in_group, "unit");
    break;
  case VTC_GIR_DIM_GROUP: r = count ? t->groups : t->group; break;
  case VTC_GIR_DIM_UNIT_IN_GROUP: r = count ? gs : t->unit_in_group; break;
  }
  g2l_bind_scalar(t, vtc_op_result(op, 0), r);
  return true;
}

/* ---- views and copies --------------------------------------------------------- */

static bool view_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info info;
  if (!g2l_slice_info(t, op, vtc_op_result(op, 0)->type, &info)) return false;
  g2l_value *lv = g2l_new_value(t, G2L_VIEW);
  lv->ptr = g2l_lookup(t, vtc_gir_view_buffer(op))->ptr;
  lv->offset = g2l_scalar(t, vtc_gir_view_offset(op));
  vtc_value *s = vtc_gir_view_stride(op);
  lv->stride = s ? g2l_scalar(t, s) : g2l_i64(t, info.stride);
  vtc_value *vn = vtc_gir_view_valid_num(op), *vw = vtc_gir_view_valid_width(op);
  lv->valid_num = vn ? g2l_scalar(t, vn) : NULL;
  lv->valid_width = vw ? g2l_scalar(t, vw) : NULL;
  vtc_value *fn = vtc_gir_view_first_num(op), *fw = vtc_gir_view_first_width(op);
  lv->first_num = fn ? g2l_scalar(t, fn) : NULL;
  lv->first_width = fw ? g2l_scalar(t, fw) : NULL;
  const vtc_attr *pad = vtc_gir_view_padding(op);
  LLVMTypeRef et = g2l_scalar_type(t, info.elem);
  if (pad && pad->kind == VTC_ATTR_FLOAT) lv->padding = g2l_float_const(t, info.elem, pad->f);
  else if (pad && pad->kind == VTC_ATTR_INTEGER) lv->padding = LLVMConstInt(et, (unsigned long long)pad->i, 1);
  else lv->padding = LLVMConstNull(et);
  lv->multiple = vtc_gir_view_known_multiple(op);
  g2l_bind(t, vtc_op_result(op, 0), lv);
  return true;
}

/* Address of segment i of a view. */
static LLVMValueRef segment_address(g2l *t, g2l_value *view, LLVMTypeRef mem, int64_t i) {
  LLVMValueRef idx = view->offset;
  if (i) idx = LLVMBuildAdd(t->b, idx, LLVMBuildMul(t->b, view->stride, g2l_i64(t, i), ""), "");
  return LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "seg");
}

/* A count clamped to [0, width]: it fits i32, for cheaper vector compares. */
static LLVMValueRef clamp_count(g2l *t, LLVMValueRef v, unsigned width) {
  LLVMTypeRef i64t = t->i64;
  LLVMValueRef lo_args[] = {v, g2l_i64(t, width)};
  v = g2l_call_intrinsic(t, "llvm.smin", &i64t, 1, lo_args, 2);
  LLVMValueRef hi_args[] = {v, g2l_i64(t, 0)};
  return LLVMBuildTrunc(t->b, g2l_call_intrinsic(t, "llvm.smax", &i64t, 1, hi_args, 2), t->i32, "");
}

/* The mask of segment i of a masked view: first_num <= i < valid_num and
 * first_width <= j < valid_width. */
static LLVMValueRef segment_mask(g2l *t, g2l_value *view, unsigned width, int64_t i) {
  LLVMValueRef vw = clamp_count(t, view->valid_width, width);
  LLVMValueRef *lanes = vtc_xmalloc(width * sizeof *lanes);
  for (unsigned j = 0; j < width; j++) lanes[j] = i32c(t, j);
  LLVMValueRef iota = LLVMConstVector(lanes, width);
  free(lanes);
  LLVMValueRef cols = LLVMBuildICmp(t->b, LLVMIntSLT, iota, g2l_splat(t, vw, width), "mask");
  if (view->first_width) {
    LLVMValueRef fw = g2l_splat(t, clamp_count(t, view->first_width, width), width);
    cols = LLVMBuildAnd(t->b, cols, LLVMBuildICmp(t->b, LLVMIntSGE, iota, fw, ""), "mask");
  }
  LLVMValueRef row = LLVMBuildICmp(t->b, LLVMIntSLT, g2l_i64(t, i), view->valid_num, "");
  if (view->first_num)
    row = LLVMBuildAnd(t->b, row, LLVMBuildICmp(t->b, LLVMIntSGE, g2l_i64(t, i), view->first_num, ""), "");
  if (LLVMIsAConstantInt(row)) return LLVMConstIntGetZExtValue(row) ? cols : LLVMConstNull(LLVMTypeOf(cols));
  return LLVMBuildSelect(t->b, row, cols, LLVMConstNull(LLVMTypeOf(cols)), "mask");
}

/* Register <-> memory element representation: i1 <-> i8 (zext/trunc), f16
 * and bf16 <-> i16 (bitcast); other types are the same. */
LLVMValueRef g2l_from_memory(g2l *t, LLVMValueRef v, const vtc_type *elem, unsigned width) {
  LLVMTypeRef rv = g2l_vec_type(t, elem, width);
  if (LLVMTypeOf(v) == rv) return v;
  return elem->kind == VTC_TYPE_INTEGER ? LLVMBuildTrunc(t->b, v, rv, "") : LLVMBuildBitCast(t->b, v, rv, "");
}

LLVMValueRef g2l_to_memory(g2l *t, LLVMValueRef v, const vtc_type *elem, unsigned width) {
  LLVMTypeRef mv = LLVMVectorType(g2l_mem_type(t, elem), width);
  if (LLVMTypeOf(v) == mv) return v;
  return elem->kind == VTC_TYPE_INTEGER ? LLVMBuildZExt(t->b, v, mv, "") : LLVMBuildBitCast(t->b, v, mv, "");
}

/* Whether row i of a masked view is valid (an i1; a constant where the
 * bounds are). */
static LLVMValueRef row_valid(g2l *t, g2l_value *view, int64_t i) {
  LLVMValueRef row = LLVMBuildICmp(t->b, LLVMIntSLT, g2l_i64(t, i), view->valid_num, "row");
  if (view->first_num)
    row = LLVMBuildAnd(t->b, row, LLVMBuildICmp(t->b, LLVMIntSGE, g2l_i64(t, i), view->first_num, ""), "row");
  return row;
}

/* A masked access of a row that may be invalid runs behind a branch on the
 * row: x86 executes a masked load or store whose mask is all zero at a
 * large cost (Zen 5: a GEMV with one of its five micro-tile rows masked off
 * ran 11x slower, the masked-off panel row's stores and loads the hottest
 * instructions under perf), where a predictable branch costs a cycle; a
 * row known invalid is not accessed at all (row_known_invalid). Opens the
 * guarded block (returns the block it branched from) and leaves *join for
 * close_row; NULL for both when the row's validity is a constant. */
static LLVMBasicBlockRef open_row(g2l *t, LLVMValueRef valid, LLVMBasicBlockRef *join) {
  if (LLVMIsAConstantInt(valid)) return *join = NULL, NULL;
  LLVMBasicBlockRef from = LLVMGetInsertBlock(t->b);
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(t->c, t->fn, "row.valid");
  *join = LLVMAppendBasicBlockInContext(t->c, t->fn, "row.next");
  LLVMBuildCondBr(t->b, valid, run, *join);
  LLVMPositionBuilderAtEnd(t->b, run);
  return from;
}

static bool row_known_invalid(LLVMValueRef valid) {
  return LLVMIsAConstantInt(valid) && !LLVMConstIntGetZExtValue(valid);
}

static void close_row(g2l *t, LLVMBasicBlockRef join) {
  if (!join) return;
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, join);
}

static LLVMValueRef load_segment(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i) {
  LLVMTypeRef mem = g2l_mem_type(t, elem), mvec = LLVMVectorType(mem, width);
  unsigned align = (unsigned)g2l_elem_bytes(elem);
  LLVMValueRef v;
  if (view->valid_num) {
    LLVMValueRef pad = g2l_to_memory(t, g2l_splat(t, view->padding, width), elem, width);
    LLVMValueRef valid = row_valid(t, view, i);
    if (row_known_invalid(valid)) return g2l_from_memory(t, pad, elem, width);
    LLVMBasicBlockRef join, from = open_row(t, valid, &join);
    LLVMTypeRef ov[] = {mvec, t->ptr};
    LLVMValueRef args[] = {segment_address(t, view, mem, i), i32c(t, align), segment_mask(t, view, width, i), pad};
    v = g2l_call_intrinsic(t, "llvm.masked.load", ov, 2, args, 4);
    if (join) v = g2l_merge(t, join, v, pad, from, "row.load");
  } else {
    v = LLVMBuildLoad2(t->b, mvec, segment_address(t, view, mem, i), "");
    LLVMSetAlignment(v, align);
  }
  return g2l_from_memory(t, v, elem, width);
}

static void store_segment(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i,
                          LLVMValueRef v) {
  LLVMTypeRef mem = g2l_mem_type(t, elem), mvec = LLVMVectorType(mem, width);
  v = g2l_to_memory(t, v, elem, width);
  unsigned align = (unsigned)g2l_elem_bytes(elem);
  if (view->valid_num) {
    LLVMValueRef valid = row_valid(t, view, i);
    if (row_known_invalid(valid)) return;
    LLVMBasicBlockRef join;
    open_row(t, valid, &join);
    LLVMTypeRef ov[] = {mvec, t->ptr};
    LLVMValueRef args[] = {v, segment_address(t, view, mem, i), i32c(t, align), segment_mask(t, view, width, i)};
    g2l_call_intrinsic(t, "llvm.masked.store", ov, 2, args, 4);
    close_row(t, join);
  } else {
    LLVMSetAlignment(LLVMBuildStore(t->b, v, segment_address(t, view, mem, i)), align);
  }
}

bool g2l_copy(g2l *t, vtc_op *op, g2l_load_fn load, g2l_store_fn store) {
  vtc_gir_slice_info si;
  vtc_value *src = vtc_gir_copy_source(op);
  if (!g2l_slice_info(t, op, src->type, &si)) return false;
  g2l_value *s = g2l_lookup(t, src);
  unsigned num = (unsigned)si.num, width = (unsigned)si.width;
  if (op->num_results == 1) { /* memory -> register */
    g2l_value *r = g2l_new_register(t, num);
    for (unsigned i = 0; i < num; i++) r->segs[i] = load(t, s, si.elem, width, i);
    g2l_bind(t, vtc_op_result(op, 0), r);
    return true;
  }
  g2l_value *d = g2l_lookup(t, vtc_op_operand(op, 1));
  for (unsigned i = 0; i < num; i++) {
    LLVMValueRef v = s->kind == G2L_REGISTER ? s->segs[i] : load(t, s, si.elem, width, i);
    store(t, d, si.elem, width, i, v);
  }
  return true;
}

/* ---- computation -------------------------------------------------------------- */

static bool elementwise_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info ri;
  vtc_value *res = vtc_op_result(op, 0);
  if (!g2l_slice_info(t, op, res->type, &ri)) return false;
  unsigned num = (unsigned)ri.num, width = g2l_reg_width(t, (unsigned)ri.width);
  vtc_block *body = vtc_gir_elementwise_body(op);
  unsigned nops = op->num_operands;
  /* Scalar operands are splat once, outside the per-segment bodies. */
  LLVMValueRef *splats = vtc_xcalloc(nops + 1, sizeof *splats);
  for (unsigned k = 0; k < nops; k++) {
    g2l_value *lv = g2l_lookup(t, vtc_op_operand(op, k));
    if (lv->kind == G2L_SCALAR) splats[k] = g2l_splat(t, lv->v, width);
  }
  LLVMValueRef iota = g2l_positions(t, (unsigned)ri.width);
  g2l_value *r = g2l_new_register(t, num);
  bool ok = true;
  unsigned saved = t->ew_width;
  for (unsigned i = 0; ok && i < num; i++) {
    for (unsigned k = 0; k < nops; k++) {
      g2l_value *lv = g2l_lookup(t, vtc_op_operand(op, k));
      g2l_bind_scalar(t, body->args[k], lv->kind == G2L_REGISTER ? lv->segs[i] : splats[k]);
    }
    if (vtc_gir_elementwise_has_position(op)) {
      g2l_bind_scalar(t, body->args[nops], g2l_splat(t, g2l_i64(t, i), width));
      g2l_bind_scalar(t, body->args[nops + 1], iota);
    }
    t->ew_width = width;
    vtc_op *yield = NULL;
    ok = g2l_block_ops(t, body, &yield);
    t->ew_width = saved;
    if (ok) r->segs[i] = g2l_scalar(t, vtc_op_operand(yield, 0));
  }
  free(splats);
  /* A value that one lane holds stays there (gpu_ops.c's held results):
   * its other operands are scalars, which every lane has. */
  for (unsigned k = 0; k < nops && !r->holder; k++) r->holder = g2l_lookup(t, vtc_op_operand(op, k))->holder;
  if (ok) g2l_bind(t, res, r);
  return ok;
}

/* Combines two vectors (or scalars) elementwise. */
LLVMValueRef g2l_combine(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef args[] = {x, y};
  switch (c) {
  case VTC_GIR_SUM: return fp ? LLVMBuildFAdd(t->b, x, y, "") : LLVMBuildAdd(t->b, x, y, "");
  case VTC_GIR_PROD: return fp ? LLVMBuildFMul(t->b, x, y, "") : LLVMBuildMul(t->b, x, y, "");
  case VTC_GIR_MAX: return g2l_call_intrinsic(t, fp ? "llvm.maximum" : "llvm.smax", &ty, 1, args, 2);
  case VTC_GIR_MIN: return g2l_call_intrinsic(t, fp ? "llvm.minimum" : "llvm.smin", &ty, 1, args, 2);
  }
  return NULL;
}

/* Reduces one vector to a scalar with llvm.vector.reduce.*. */
LLVMValueRef g2l_reduce_vector(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef v) {
  LLVMTypeRef ty = LLVMTypeOf(v), et = LLVMGetElementType(ty);
  if (fp && (c == VTC_GIR_SUM || c == VTC_GIR_PROD)) {
    /* -0.0 is the identity of fadd; reassoc lets LLVM use a tree. */
    LLVMValueRef start = c == VTC_GIR_SUM ? LLVMConstReal(et, -0.0) : LLVMConstReal(et, 1.0);
    LLVMValueRef args[] = {start, v};
    LLVMValueRef r = g2l_call_intrinsic(t, c == VTC_GIR_SUM ? "llvm.vector.reduce.fadd" : "llvm.vector.reduce.fmul",
                                        &ty, 1, args, 2);
    LLVMSetFastMathFlags(r, LLVMFastMathAllowReassoc);
    return r;
  }
  static const char *const fnames[] = {[VTC_GIR_MAX] = "llvm.vector.reduce.fmaximum",
                                       [VTC_GIR_MIN] = "llvm.vector.reduce.fminimum"};
  static const char *const inames[] = {[VTC_GIR_SUM] = "llvm.vector.reduce.add", [VTC_GIR_PROD] = "llvm.vector.reduce.mul",
                                       [VTC_GIR_MAX] = "llvm.vector.reduce.smax", [VTC_GIR_MIN] = "llvm.vector.reduce.smin"};
  return g2l_call_intrinsic(t, fp ? fnames[c] : inames[c], &ty, 1, &v, 1);
}

static bool reduce_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info si;
  vtc_value *src = vtc_op_operand(op, 0);
  if (!g2l_slice_info(t, op, src->type, &si)) return false;
  g2l_value *s = g2l_lookup(t, src);
  vtc_gir_combiner c = vtc_gir_reduce_combiner(op);
  bool fp = is_float_elem(si.elem);
  /* bf16 reduces in f32 (no __truncsfbf2 libcalls), rounded once at the end. */
  bool bf16 = si.elem->kind == VTC_TYPE_BF16;
  LLVMValueRef *segs = vtc_xmalloc(s->num * sizeof *segs);
  for (unsigned i = 0; i < s->num; i++) segs[i] = bf16 ? g2l_bf16_to_f32(t, s->segs[i]) : s->segs[i];
  g2l_value *r;
  if (vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH) {
    r = g2l_new_register(t, s->num);
    LLVMTypeRef v1 = LLVMVectorType(LLVMGetElementType(LLVMTypeOf(segs[0])), 1);
    for (unsigned i = 0; i < s->num; i++)
      r->segs[i] = LLVMBuildInsertElement(t->b, LLVMGetPoison(v1), g2l_reduce_vector(t, c, fp, segs[i]), i32c(t, 0), "");
  } else {
    r = g2l_new_register(t, 1);
    LLVMValueRef acc = segs[0];
    for (unsigned i = 1; i < s->num; i++) acc = g2l_combine(t, c, fp, acc, segs[i]);
    r->segs[0] = acc;
  }
  free(segs);
  for (unsigned i = 0; bf16 && i < r->num; i++) r->segs[i] = g2l_f32_to_bf16(t, r->segs[i]);
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

static bool broadcast_op(g2l *t, vtc_op *op) {
  vtc_gir_slice_info ri;
  vtc_value *res = vtc_op_result(op, 0), *src = vtc_op_operand(op, 0);
  if (!g2l_slice_info(t, op, res->type, &ri)) return false;
  unsigned num = (unsigned)ri.num, width = (unsigned)ri.width;
  g2l_value *s = g2l_lookup(t, src), *r = g2l_new_register(t, num);
  LLVMValueRef zeros = LLVMConstNull(LLVMVectorType(t->i32, width));
  if (s->kind == G2L_SCALAR || (s->num == 1 && LLVMGetVectorSize(LLVMTypeOf(s->segs[0])) == 1)) {
    /* A scalar or a 1x1 slice to every element. */
    LLVMValueRef x = s->kind == G2L_SCALAR ? s->v : LLVMBuildExtractElement(t->b, s->segs[0], i32c(t, 0), "");
    LLVMValueRef v = g2l_splat(t, x, width);
    for (unsigned i = 0; i < num; i++) r->segs[i] = v;
  } else if (vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH) {
    for (unsigned i = 0; i < num; i++)
      r->segs[i] = LLVMBuildShuffleVector(t->b, s->segs[i], LLVMGetPoison(LLVMTypeOf(s->segs[i])), zeros, "");
  } else {
    for (unsigned i = 0; i < num; i++) r->segs[i] = s->segs[0];
  }
  g2l_bind(t, res, r);
  return true;
}

/* D = A x B + C: row i of D is C[i] + sum_k A[i][k] * B[k], as splat x row
 * FMAs on the (per-thread) row vectors (A and B extended to C's element type
 * first); a_element reads A[i][k] from A's segment i. */
bool g2l_mma(g2l *t, vtc_op *op, g2l_element_fn a_element) {
  vtc_gir_slice_info ai, ci;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &ai) || !g2l_slice_info(t, op, vtc_op_operand(op, 2)->type, &ci))
    return false;
  g2l_value *a = g2l_lookup(t, vtc_op_operand(op, 0)), *bm = g2l_lookup(t, vtc_op_operand(op, 1));
  g2l_value *c = g2l_lookup(t, vtc_op_operand(op, 2));
  unsigned m = (unsigned)ai.num, kk = (unsigned)ai.width, n = g2l_reg_width(t, (unsigned)ci.width);
  bool fp = is_float_elem(ci.elem);
  /* A bf16 accumulator is kept in f32 inside the op and rounded at the end. */
  bool bf16 = ci.elem->kind == VTC_TYPE_BF16;
  LLVMTypeRef ct = bf16 ? LLVMFloatTypeInContext(t->c) : g2l_scalar_type(t, ci.elem), cv = LLVMVectorType(ct, n);
  bool widen = ai.elem != ci.elem || bf16;
  LLVMValueRef *brows = vtc_xmalloc(kk * sizeof *brows);
  for (unsigned k = 0; k < kk; k++) brows[k] = widen ? g2l_widen(t, bm->segs[k], ai.elem, ct) : bm->segs[k];
  g2l_value *r = g2l_new_register(t, m);
  for (unsigned i = 0; i < m; i++) {
    LLVMValueRef acc = bf16 ? g2l_bf16_to_f32(t, c->segs[i]) : c->segs[i];
    for (unsigned k = 0; k < kk; k++) {
      LLVMValueRef x = a_element(t, a->segs[i], k);
      if (widen) x = g2l_widen(t, x, ai.elem, ct);
      LLVMValueRef xs = g2l_splat(t, x, n);
      if (fp) {
        LLVMValueRef args[] = {xs, brows[k], acc};
        acc = g2l_call_intrinsic(t, "llvm.fmuladd", &cv, 1, args, 3);
      } else {
        acc = LLVMBuildAdd(t->b, acc, LLVMBuildMul(t->b, xs, brows[k], ""), "");
      }
    }
    r->segs[i] = bf16 ? g2l_f32_to_bf16(t, acc) : acc;
  }
  free(brows);
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

static LLVMValueRef lane_element(g2l *t, LLVMValueRef seg, int64_t j) {
  return LLVMBuildExtractElement(t->b, seg, i32c(t, (unsigned)j), "");
}

static bool extract_op(g2l *t, vtc_op *op) {
  const vtc_attr *pos = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
  g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
  if (!pos || pos->kind != VTC_ATTR_ARRAY || pos->count != 2) return g2l_error(t, op, "needs a position [i, j]");
  int64_t i = pos->elems[0].value->i, j = pos->elems[1].value->i;
  g2l_bind_scalar(t, vtc_op_result(op, 0), LLVMBuildExtractElement(t->b, s->segs[i], i32c(t, (unsigned)j), ""));
  return true;
}

/* gir.prefetch: prefetcht0 (llvm.prefetch, read, high locality) of every
 * cache line of every segment of the view; a hint, so masks are ignored
 * (x86 prefetches never fault). Nothing on a GPU. */
static bool prefetch_op(g2l *t, vtc_op *op) {
  if (t->gpu) return true;
  vtc_gir_slice_info si;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si)) return false;
  g2l_value *v = g2l_lookup(t, vtc_op_operand(op, 0));
  LLVMTypeRef mem = g2l_mem_type(t, si.elem);
  int64_t bytes = si.width * g2l_elem_bytes(si.elem), line = 64;
  for (int64_t i = 0; i < si.num; i++) {
    LLVMValueRef seg = segment_address(t, v, mem, i);
    for (int64_t off = 0; off < bytes; off += line) {
      LLVMValueRef o = g2l_i64(t, off);
      LLVMValueRef addr = off ? LLVMBuildGEP2(t->b, t->i8, seg, &o, 1, "") : seg;
      LLVMValueRef args[] = {addr, i32c(t, 0), i32c(t, 3), i32c(t, 1)};
      g2l_call_intrinsic(t, "llvm.prefetch", &t->ptr, 1, args, 4);
    }
  }
  return true;
}

/* A shuffle of <n x T> vectors a and b (b may be poison) by `mask`, where
 * -1 is a poison lane. */
static LLVMValueRef shuffle(g2l *t, LLVMValueRef a, LLVMValueRef b, const int *mask, unsigned n) {
  LLVMValueRef *m = vtc_xmalloc(n * sizeof *m);
  for (unsigned k = 0; k < n; k++) m[k] = mask[k] < 0 ? LLVMGetUndef(t->i32) : i32c(t, (unsigned)mask[k]);
  LLVMValueRef r = LLVMBuildShuffleVector(t->b, a, b, LLVMConstVector(m, n), "");
  free(m);
  return r;
}

/* gir.transpose on a CPU: the num row vectors, padded to P x P (P the next
 * power of two of num and width; the padding is poison), go through
 * log2(P) stages of two-source shuffles, each swapping the off-diagonal
 * s x s blocks of every 2s x 2s block (s = P/2, ..., 1); then the first
 * width rows, cut to num lanes, are the result. P log P shuffles (64
 * vpermt2ps for 16 x 16) where lane-by-lane extracts and inserts would be
 * two per element. */
static bool transpose_op(g2l *t, vtc_op *op) {
  if (t->gpu) return g2l_error(t, op, "is not supported by the NVPTX translation yet");
  vtc_gir_slice_info si;
  if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si)) return false;
  g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
  unsigned num = (unsigned)si.num, width = (unsigned)si.width, P = 1;
  while (P < num || P < width) P *= 2;
  LLVMValueRef *rows = vtc_xmalloc(P * sizeof *rows);
  int *mask = vtc_xmalloc(2 * P * sizeof *mask);
  LLVMTypeRef wide = LLVMVectorType(LLVMGetElementType(LLVMTypeOf(s->segs[0])), P);
  for (unsigned k = 0; k < P; k++) mask[k] = k < width ? (int)k : -1;
  for (unsigned i = 0; i < P; i++)
    rows[i] = i >= num ? LLVMGetPoison(wide)
              : width == P ? s->segs[i]
                           : shuffle(t, s->segs[i], LLVMGetPoison(LLVMTypeOf(s->segs[i])), mask, P);
  for (unsigned half = P / 2; half >= 1; half /= 2) {
    int *lo = mask, *hi = mask + P;
    for (unsigned k = 0; k < P; k++) {
      lo[k] = k & half ? (int)(P + k - half) : (int)k;
      hi[k] = k & half ? (int)(P + k) : (int)(k + half);
    }
    for (unsigned i = 0; i < P; i++) {
      if (i & half) continue;
      LLVMValueRef a = rows[i], b = rows[i + half];
      rows[i] = shuffle(t, a, b, lo, P);
      rows[i + half] = shuffle(t, a, b, hi, P);
    }
  }
  g2l_value *r = g2l_new_register(t, width);
  for (unsigned k = 0; k < num; k++) mask[k] = (int)k;
  for (unsigned j = 0; j < width; j++)
    r->segs[j] = num == P ? rows[j] : shuffle(t, rows[j], LLVMGetPoison(wide), mask, num);
  free(rows);
  free(mask);
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

/* Register form: the same elements in row-major order, re-cut. */
static bool sync_op(g2l *t, vtc_op *op) {
  vtc_gir_scope scope = vtc_gir_sync_scope(op);
  if (op->num_results == 1) {
    vtc_gir_slice_info si, ri;
    if (!g2l_slice_info(t, op, vtc_op_operand(op, 0)->type, &si) || !g2l_slice_info(t, op, vtc_op_result(op, 0)->type, &ri))
      return false;
    g2l_value *s = g2l_lookup(t, vtc_op_operand(op, 0));
    if (si.num == ri.num) {
      g2l_bind(t, vtc_op_result(op, 0), s);
      return true;
    }
    g2l_value *r = g2l_new_register(t, (unsigned)ri.num);
    LLVMTypeRef vt = g2l_vec_type(t, ri.elem, (unsigned)ri.width);
    for (int64_t i = 0; i < ri.num; i++) {
      LLVMValueRef v = LLVMGetPoison(vt);
      for (int64_t j = 0; j < ri.width; j++) {
        int64_t flat = i * ri.width + j;
        LLVMValueRef e = LLVMBuildExtractElement(t->b, s->segs[flat / si.width], i32c(t, (unsigned)(flat % si.width)), "");
        v = LLVMBuildInsertElement(t->b, v, e, i32c(t, (unsigned)j), "");
      }
      r->segs[i] = v;
    }
    g2l_bind(t, vtc_op_result(op, 0), r);
    return true;
  }
  /* Memory form: a block barrier meets the group's units, which run at
   * once on a team of threads (a cooperative kernel, translate.c); one unit
   * alone needs none (program order). Lane and warp scopes cover one
   * thread. A device barrier meets every unit of the launch (device_sync.c). */
  if (scope == VTC_GIR_SCOPE_DEVICE) return g2l_device_sync(t, op);
  if (scope == VTC_GIR_SCOPE_BLOCK && t->group_size > 1) {
    LLVMTypeRef type = vtc_gir_rt_function_type(t->c, "vtc_rt_group_barrier");
    LLVMBuildCall2(t->b, type, vtc_gir_rt_declare(t->m, "vtc_rt_group_barrier"), &t->barrier, 1, "");
  }
  return true;
}

/* ---- gir.for ----------------------------------------------------------------------- */

/* A step that is not positive would loop forever, and iv + step past
 * INT64_MAX would wrap below ub and loop forever too: either is a run-time
 * error at the loop (from a kernel, raised after the launch), and the loop
 * then runs no trip. Checked where the step is not a constant, and for a
 * constant step above 1 with a constant bound; the lowering's loops (a
 * constant step, a bound that is a buffer size far below 2^63) need none. */
static LLVMValueRef checked_bound(g2l *t, vtc_op *op, LLVMValueRef lb, LLVMValueRef ub, LLVMValueRef step) {
  if (t->gpu) return ub;
  if (LLVMIsAConstantInt(step) && LLVMConstIntGetSExtValue(step) > 0 &&
      (LLVMConstIntGetSExtValue(step) == 1 || !LLVMIsAConstantInt(ub)))
    return ub;
  LLVMBuilderRef b = t->b;
  LLVMValueRef last = LLVMBuildAdd(b, LLVMBuildSub(b, g2l_i64(t, INT64_MAX), step, ""), g2l_i64(t, 1), "");
  LLVMValueRef bad = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntSLE, step, g2l_i64(t, 0), ""),
                                 LLVMBuildICmp(b, LLVMIntSGT, ub, last, ""), "for.bad");
  if (LLVMIsAConstantInt(bad) && LLVMConstIntGetZExtValue(bad) == 0) return ub;
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(t->c, t->fn, "for.fail");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(t->c, t->fn, "for.ok");
  LLVMBuildCondBr(b, bad, fail, cont);
  LLVMPositionBuilderAtEnd(b, fail);
  const char *name = t->kernel ? "vtc_rt_kernel_error" : "vtc_rt_host_error";
  LLVMValueRef fn = vtc_gir_rt_declare(t->m, name);
  LLVMValueRef args[] = {g2l_where(t, op), g2l_string(t, "the step must be positive and iv + step must not pass "
                                                         "2^63 - 1 (the loop would never end)")};
  LLVMBuildCall2(b, vtc_gir_rt_function_type(t->c, name), fn, args, 2, "");
  LLVMBuildBr(b, cont);
  LLVMPositionBuilderAtEnd(b, cont);
  return LLVMBuildSelect(b, bad, lb, ub, "for.ub");
}

/* The loop ID !{self, !{"llvm.loop.unroll.count", i32 count}} on a loop's
 * back edge: LLVM's unroller then copies the body `count` times, with a
 * remainder loop when the trip count is unknown or not a multiple. */
static void mark_unroll(g2l *t, LLVMValueRef backedge, int64_t count) {
  LLVMMetadataRef self = LLVMTemporaryMDNode(t->c, NULL, 0);
  static const char key[] = "llvm.loop.unroll.count";
  LLVMMetadataRef hint[] = {LLVMMDStringInContext2(t->c, key, sizeof key - 1),
                            LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(t->c), (unsigned long long)count, 0))};
  LLVMMetadataRef ops[] = {self, LLVMMDNodeInContext2(t->c, hint, 2)};
  LLVMMetadataRef id = LLVMMDNodeInContext2(t->c, ops, 2);
  LLVMMetadataReplaceAllUsesWith(self, id);
  LLVMSetMetadata(backedge, LLVMGetMDKindIDInContext(t->c, "llvm.loop", 9), LLVMMetadataAsValue(t->c, id));
}

static bool for_op(g2l *t, vtc_op *op) {
  LLVMValueRef lb = g2l_scalar(t, vtc_op_operand(op, 0)), ub = g2l_scalar(t, vtc_op_operand(op, 1));
  LLVMValueRef step = g2l_scalar(t, vtc_op_operand(op, 2));
  unsigned n = vtc_gir_for_num_iter(op);
  vtc_block *body = vtc_gir_for_body(op);
  /* One phi per scalar carried value, one per segment of a register slice. */
  g2l_value **init = vtc_xcalloc(n + 1, sizeof *init);
  for (unsigned k = 0; k < n; k++) {
    init[k] = g2l_lookup(t, vtc_op_operand(op, 3 + k));
    if (init[k]->kind != G2L_SCALAR && init[k]->kind != G2L_REGISTER) {
      free(init);
      return g2l_error(t, op, "carries a value that is neither a scalar nor a register slice");
    }
  }
  ub = checked_bound(t, op, lb, ub, step);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(t->b);
  LLVMBasicBlockRef header = LLVMAppendBasicBlockInContext(t->c, t->fn, "for.header");
  LLVMBasicBlockRef bodyb = LLVMAppendBasicBlockInContext(t->c, t->fn, "for.body");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(t->c, t->fn, "for.exit");
  LLVMBuildBr(t->b, header);
  LLVMPositionBuilderAtEnd(t->b, header);
  LLVMValueRef iv = LLVMBuildPhi(t->b, t->i64, "iv");
  g2l_value **phis = vtc_xcalloc(n + 1, sizeof *phis);
  for (unsigned k = 0; k < n; k++) {
    if (init[k]->kind == G2L_SCALAR) {
      phis[k] = g2l_new_value(t, G2L_SCALAR);
      phis[k]->v = LLVMBuildPhi(t->b, LLVMTypeOf(init[k]->v), "");
    } else {
      phis[k] = g2l_new_register(t, init[k]->num);
      for (unsigned i = 0; i < init[k]->num; i++) phis[k]->segs[i] = LLVMBuildPhi(t->b, LLVMTypeOf(init[k]->segs[i]), "");
    }
    g2l_bind(t, body->args[1 + k], phis[k]);
  }
  g2l_bind_scalar(t, body->args[0], iv);
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, iv, ub, ""), bodyb, exit);
  LLVMPositionBuilderAtEnd(t->b, bodyb);
  vtc_op *yield = NULL;
  bool ok = g2l_block_ops(t, body, &yield);
  if (ok) {
    LLVMValueRef next = LLVMBuildAdd(t->b, iv, step, "iv.next");
    LLVMBasicBlockRef latch = LLVMGetInsertBlock(t->b);
    LLVMValueRef backedge = LLVMBuildBr(t->b, header);
    int64_t unroll = vtc_gir_for_unroll(op);
    if (unroll > 1) mark_unroll(t, backedge, unroll);
    LLVMBasicBlockRef blocks[] = {pre, latch};
    LLVMValueRef ivin[] = {lb, next};
    LLVMAddIncoming(iv, ivin, blocks, 2);
    for (unsigned k = 0; k < n; k++) {
      g2l_value *y = g2l_lookup(t, vtc_op_operand(yield, k));
      if (phis[k]->kind == G2L_SCALAR) {
        LLVMValueRef in[] = {init[k]->v, y->v};
        LLVMAddIncoming(phis[k]->v, in, blocks, 2);
      } else {
        for (unsigned i = 0; i < phis[k]->num; i++) {
          LLVMValueRef in[] = {init[k]->segs[i], y->segs[i]};
          LLVMAddIncoming(phis[k]->segs[i], in, blocks, 2);
        }
      }
      g2l_bind(t, vtc_op_result(op, k), phis[k]);
    }
    LLVMPositionBuilderAtEnd(t->b, exit);
  }
  free(init);
  free(phis);
  return ok;
}

unsigned g2l_reg_width(const g2l *t, unsigned width) {
  return t->gpu ? (width + t->warp - 1) / t->warp : width;
}

/* The GPU register layout (gir_to_llvm.h): a lane holds runs of V adjacent
 * elements, V the largest power of two <= 4 that divides the reg width n,
 * so that an unmasked segment is n / V vector accesses per lane, each
 * contiguous across the warp (lane l's run k starts at (k * warp + l) * V).
 * V = 1 is the element-interleaved layout (j in lane j % warp). Four keeps
 * one layout for every element type (16 bytes of f32, 8 of bf16), so an
 * elementwise cast never re-patterns. */
unsigned g2l_lane_run(unsigned reg_width) {
  unsigned v = 1;
  while (v < 4 && reg_width % (2 * v) == 0) v *= 2;
  return v;
}

int64_t g2l_layout_position(unsigned warp, unsigned reg_width, unsigned lane, unsigned slot) {
  unsigned v = g2l_lane_run(reg_width);
  return ((int64_t)(slot / v) * warp + lane) * v + slot % v;
}

void g2l_layout_place(unsigned warp, unsigned reg_width, int64_t j, unsigned *lane, unsigned *slot) {
  unsigned v = g2l_lane_run(reg_width);
  int64_t run = j / v;
  *lane = (unsigned)(run % warp);
  *slot = (unsigned)((run / warp) * v + j % v);
}

LLVMValueRef g2l_positions(g2l *t, unsigned width) {
  if (!t->gpu) return g2l_iota(t, width);
  unsigned n = g2l_reg_width(t, width), v = g2l_lane_run(n);
  LLVMValueRef *steps = vtc_xmalloc(n * sizeof *steps);
  for (unsigned p = 0; p < n; p++) steps[p] = g2l_i64(t, g2l_layout_position(t->warp, n, 0, p));
  LLVMValueRef c = LLVMConstVector(steps, n);
  free(steps);
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  if (v > 1) lane = LLVMBuildMul(t->b, lane, g2l_i64(t, v), "");
  return LLVMBuildAdd(t->b, g2l_splat(t, lane, n), c, "pos");
}

bool g2l_kernel_op(g2l *t, vtc_op *op, bool *handled) {
  if (t->gpu) {
    if (!g2l_gpu_kernel_op(t, op, handled)) return false;
    if (*handled) return true;
  }
  *handled = true;
  if (vtc_gir_is(op, "id")) return id_op(t, op, false);
  if (vtc_gir_is(op, "count")) return id_op(t, op, true);
  if (vtc_gir_is(op, "view")) return view_op(t, op);
  if (vtc_gir_is(op, "copy")) return g2l_copy(t, op, load_segment, store_segment);
  if (vtc_gir_is(op, "elementwise")) return elementwise_op(t, op);
  if (vtc_gir_is(op, "reduce")) return reduce_op(t, op);
  if (vtc_gir_is(op, "broadcast")) return broadcast_op(t, op);
  if (vtc_gir_is(op, "mma")) return g2l_mma(t, op, lane_element);
  if (vtc_gir_is(op, "extract")) return extract_op(t, op);
  if (vtc_gir_is(op, "transpose")) return transpose_op(t, op);
  if (vtc_gir_is(op, "prefetch")) return prefetch_op(t, op);
  if (vtc_gir_is(op, "sync")) return sync_op(t, op);
  if (vtc_gir_is(op, "for")) return for_op(t, op);
  if (vtc_gir_is(op, "atomic")) return g2l_atomic_op(t, op);
  *handled = false;
  return true;
}
