/* gir -> LLVM: arith and math ops, 1:1 onto LLVM instructions and
 * intrinsics. The same code serves scalars (index arithmetic in kernels and
 * host code) and vectors (a gir.elementwise body translated per segment). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "ir/asm.h"
#include "lowering/gir-to-llvm/translate_impl.h"

static const LLVMIntPredicate cmpi_map[] = {
    [VTC_CMPI_EQ] = LLVMIntEQ,   [VTC_CMPI_NE] = LLVMIntNE,   [VTC_CMPI_SLT] = LLVMIntSLT,
    [VTC_CMPI_SLE] = LLVMIntSLE, [VTC_CMPI_SGT] = LLVMIntSGT, [VTC_CMPI_SGE] = LLVMIntSGE,
    [VTC_CMPI_ULT] = LLVMIntULT, [VTC_CMPI_ULE] = LLVMIntULE, [VTC_CMPI_UGT] = LLVMIntUGT,
    [VTC_CMPI_UGE] = LLVMIntUGE,
};

static const LLVMRealPredicate cmpf_map[] = {
    [VTC_CMPF_FALSE] = LLVMRealPredicateFalse, [VTC_CMPF_OEQ] = LLVMRealOEQ, [VTC_CMPF_OGT] = LLVMRealOGT,
    [VTC_CMPF_OGE] = LLVMRealOGE,  [VTC_CMPF_OLT] = LLVMRealOLT, [VTC_CMPF_OLE] = LLVMRealOLE,
    [VTC_CMPF_ONE] = LLVMRealONE,  [VTC_CMPF_ORD] = LLVMRealORD, [VTC_CMPF_UEQ] = LLVMRealUEQ,
    [VTC_CMPF_UGT] = LLVMRealUGT,  [VTC_CMPF_UGE] = LLVMRealUGE, [VTC_CMPF_ULT] = LLVMRealULT,
    [VTC_CMPF_ULE] = LLVMRealULE,  [VTC_CMPF_UNE] = LLVMRealUNE, [VTC_CMPF_UNO] = LLVMRealUNO,
    [VTC_CMPF_TRUE] = LLVMRealPredicateTrue,
};

static bool is_bf16_type(const vtc_type *ty) { return ty && ty->kind == VTC_TYPE_BF16; }

/* The LLVM type of a result: scalar, or a vector in an elementwise body. */
static LLVMTypeRef result_type(g2l *t, const vtc_type *type) {
  LLVMTypeRef s = g2l_scalar_type(t, type);
  if (s && t->ew_width) s = LLVMVectorType(s, t->ew_width);
  return s;
}

static LLVMValueRef const_like(g2l *t, LLVMTypeRef type, double f, int64_t i, bool is_float) {
  LLVMTypeRef s = LLVMGetTypeKind(type) == LLVMVectorTypeKind ? LLVMGetElementType(type) : type;
  LLVMValueRef c = is_float ? LLVMConstReal(s, f) : LLVMConstInt(s, (unsigned long long)i, 1);
  return s == type ? c : g2l_splat(t, c, LLVMGetVectorSize(type));
}

static LLVMValueRef unary(g2l *t, const char *intrinsic, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  return g2l_call_intrinsic(t, intrinsic, &ty, 1, &x, 1);
}

static LLVMValueRef binary(g2l *t, const char *intrinsic, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef args[] = {x, y};
  return g2l_call_intrinsic(t, intrinsic, &ty, 1, args, 2);
}

/* A scalar math function of `n` (1 or 2) operands of one type, called per
 * lane: `f32` for f32 (and f16/bf16, computed in f32), `f64` for f64
 * (libm's erff/erf on a CPU; libdevice's __nv_* on a GPU). */
static LLVMValueRef per_lane_call(g2l *t, const char *f32, const char *f64, unsigned n, const LLVMValueRef *xs) {
  LLVMTypeRef ty = LLVMTypeOf(xs[0]);
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMTypeRef s = vec ? LLVMGetElementType(ty) : ty;
  unsigned lanes = vec ? LLVMGetVectorSize(ty) : 1;
  bool dbl = LLVMGetTypeKind(s) == LLVMDoubleTypeKind;
  LLVMTypeRef ct = dbl ? LLVMDoubleTypeInContext(t->c) : LLVMFloatTypeInContext(t->c);
  LLVMTypeRef ps[] = {ct, ct};
  LLVMValueRef out = vec ? LLVMGetPoison(ty) : NULL;
  for (unsigned i = 0; i < lanes; i++) {
    LLVMValueRef idx = LLVMConstInt(t->i32, i, 0), args[2];
    for (unsigned k = 0; k < n; k++) {
      args[k] = vec ? LLVMBuildExtractElement(t->b, xs[k], idx, "") : xs[k];
      if (s != ct) args[k] = LLVMBuildFPExt(t->b, args[k], ct, "");
    }
    LLVMValueRef e = g2l_call_extern(t, dbl ? f64 : f32, ct, ps, n, args);
    if (s != ct) e = LLVMBuildFPTrunc(t->b, e, s, "");
    out = vec ? LLVMBuildInsertElement(t->b, out, e, idx, "") : e;
  }
  return out;
}

/* erf has no LLVM intrinsic: libm's erff/erf per lane. */
static LLVMValueRef erf_libm(g2l *t, LLVMValueRef x) { return per_lane_call(t, "erff", "erf", 1, &x); }

/* NVPTX selects no instruction for llvm.exp/log/tanh/pow: the target's math
 * library (libdevice's __nv_<name>f / __nv_<name>), per lane, linked when
 * the target emits its code. */
static LLVMValueRef libdevice(g2l *t, const char *name, unsigned n, const LLVMValueRef *xs) {
  char f32[32], f64[32];
  const char *prefix = t->opts->target->math_prefix;
  snprintf(f32, sizeof f32, "%s%sf", prefix, name);
  snprintf(f64, sizeof f64, "%s%s", prefix, name);
  return per_lane_call(t, f32, f64, n, xs);
}

static bool is_f32(g2l *t, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind) ty = LLVMGetElementType(ty);
  return LLVMGetTypeKind(ty) == LLVMFloatTypeKind;
}

/* The math functions with a libm/libdevice name (`floor` is floorf/floor
 * per lane, __nv_floorf/__nv_floor on a GPU) and, where LLVM has one that
 * both targets select, an intrinsic. */
static const struct {
  int code;
  const char *libm, *intrinsic;
} kMathCalls[] = {
    {VTC_ARITH_FLOOR, "floor", "llvm.floor"}, {VTC_ARITH_CEIL, "ceil", "llvm.ceil"},
    {VTC_ARITH_ROUNDEVEN, "rint", "llvm.roundeven"}, {VTC_ARITH_SIN, "sin", NULL}, {VTC_ARITH_COS, "cos", NULL},
    {VTC_ARITH_TAN, "tan", NULL}, {VTC_ARITH_ASIN, "asin", NULL}, {VTC_ARITH_ACOS, "acos", NULL},
    {VTC_ARITH_ATAN, "atan", NULL}, {VTC_ARITH_SINH, "sinh", NULL}, {VTC_ARITH_COSH, "cosh", NULL},
    {VTC_ARITH_ASINH, "asinh", NULL}, {VTC_ARITH_ACOSH, "acosh", NULL}, {VTC_ARITH_ATANH, "atanh", NULL},
    {VTC_ARITH_LOG1P, "log1p", NULL},
};

static LLVMValueRef math_call(g2l *t, int opcode, LLVMValueRef x) {
  for (size_t i = 0; i < sizeof kMathCalls / sizeof *kMathCalls; i++) {
    if (kMathCalls[i].code != opcode) continue;
    if (kMathCalls[i].intrinsic) return unary(t, kMathCalls[i].intrinsic, x);
    if (t->gpu) return libdevice(t, kMathCalls[i].libm, 1, &x);
    char f32[32];
    snprintf(f32, sizeof f32, "%sf", kMathCalls[i].libm);
    return per_lane_call(t, f32, kMathCalls[i].libm, 1, &x);
  }
  return NULL;
}

LLVMValueRef g2l_math_unary(g2l *t, int opcode, const vtc_type *elem, LLVMValueRef x) {
  (void)elem;
  bool fast = t->opts->fast_math_functions && is_f32(t, x);
  LLVMTypeRef ty = LLVMTypeOf(x);
  bool gpu = t->gpu;
  switch (opcode) {
  case VTC_ARITH_EXP:
    return fast ? g2l_approx_exp_f32(t, x) : gpu ? libdevice(t, "exp", 1, &x) : unary(t, "llvm.exp", x);
  case VTC_ARITH_LOG: return gpu ? libdevice(t, "log", 1, &x) : unary(t, "llvm.log", x);
  case VTC_ARITH_TANH:
    return fast ? g2l_approx_tanh_f32(t, x) : gpu ? libdevice(t, "tanh", 1, &x) : unary(t, "llvm.tanh", x);
  case VTC_ARITH_ERF: return fast ? g2l_approx_erf_f32(t, x) : gpu ? libdevice(t, "erf", 1, &x) : erf_libm(t, x);
  case VTC_ARITH_SQRT: return unary(t, "llvm.sqrt", x);
  case VTC_ARITH_RSQRT: return LLVMBuildFDiv(t->b, const_like(t, ty, 1.0, 0, true), unary(t, "llvm.sqrt", x), "");
  case VTC_ARITH_ABSF: return unary(t, "llvm.fabs", x);
  case VTC_ARITH_SIGMOID: {
    LLVMValueRef neg = LLVMBuildFNeg(t->b, x, "");
    LLVMValueRef e = g2l_math_unary(t, VTC_ARITH_EXP, elem, neg);
    LLVMValueRef one = const_like(t, ty, 1.0, 0, true);
    return LLVMBuildFDiv(t->b, one, LLVMBuildFAdd(t->b, one, e, ""), "sigmoid");
  }
  default: return math_call(t, opcode, x);
  }
}

static LLVMValueRef constant(g2l *t, vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, "value");
  LLVMTypeRef ty = result_type(t, vtc_op_result(op, 0)->type);
  if (!a || !ty) return NULL;
  if (a->kind == VTC_ATTR_INTEGER) return const_like(t, ty, 0, a->i, false);
  if (a->kind == VTC_ATTR_FLOAT && is_bf16_type(vtc_op_result(op, 0)->type))
    return const_like(t, ty, 0, vtc_bf16_from_double(a->f), false);
  if (a->kind == VTC_ATTR_FLOAT) return const_like(t, ty, a->f, 0, true);
  return NULL;
}

/* The op on LLVM values x, y (NULL when unary) with result type rty. */
static LLVMValueRef compute(g2l *t, vtc_op *op, int code, LLVMValueRef x, LLVMValueRef y, LLVMTypeRef rty) {
  LLVMBuilderRef b = t->b;
  LLVMValueRef r = NULL;
  switch ((vtc_arith_opcode)code) {
  case VTC_ARITH_ADDI: r = LLVMBuildAdd(b, x, y, ""); break;
  case VTC_ARITH_SUBI: r = LLVMBuildSub(b, x, y, ""); break;
  case VTC_ARITH_MULI: r = LLVMBuildMul(b, x, y, ""); break;
  case VTC_ARITH_DIVSI: r = LLVMBuildSDiv(b, x, y, ""); break;
  case VTC_ARITH_DIVUI: r = LLVMBuildUDiv(b, x, y, ""); break;
  case VTC_ARITH_REMSI: r = LLVMBuildSRem(b, x, y, ""); break;
  case VTC_ARITH_REMUI: r = LLVMBuildURem(b, x, y, ""); break;
  case VTC_ARITH_FLOORDIVSI:
  case VTC_ARITH_CEILDIVSI: {
    /* Adjust the truncated quotient when the remainder is non-zero and its
     * sign differs from (floor) or equals (ceil) the divisor's. */
    LLVMValueRef q = LLVMBuildSDiv(b, x, y, ""), rem = LLVMBuildSRem(b, x, y, "");
    LLVMValueRef zero = const_like(t, rty, 0, 0, false);
    LLVMValueRef nz = LLVMBuildICmp(b, LLVMIntNE, rem, zero, "");
    LLVMValueRef sign = LLVMBuildICmp(b, code == VTC_ARITH_FLOORDIVSI ? LLVMIntSLT : LLVMIntSGE,
                                      LLVMBuildXor(b, rem, y, ""), zero, "");
    LLVMValueRef adj = LLVMBuildZExt(b, LLVMBuildAnd(b, nz, sign, ""), rty, "");
    r = code == VTC_ARITH_FLOORDIVSI ? LLVMBuildSub(b, q, adj, "") : LLVMBuildAdd(b, q, adj, "");
    break;
  }
  case VTC_ARITH_CEILDIVUI: {
    LLVMValueRef zero = const_like(t, rty, 0, 0, false), one = const_like(t, rty, 0, 1, false);
    LLVMValueRef q = LLVMBuildAdd(b, LLVMBuildUDiv(b, LLVMBuildSub(b, x, one, ""), y, ""), one, "");
    r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, x, zero, ""), zero, q, "");
    break;
  }
  case VTC_ARITH_ANDI: r = LLVMBuildAnd(b, x, y, ""); break;
  case VTC_ARITH_ORI: r = LLVMBuildOr(b, x, y, ""); break;
  case VTC_ARITH_XORI: r = LLVMBuildXor(b, x, y, ""); break;
  /* A shift by the width or more is poison in LLVM; arith's evaluator (and
   * so both interpreters) gives 0, or the sign for shrsi. */
  case VTC_ARITH_SHLI:
  case VTC_ARITH_SHRUI: {
    LLVMTypeRef ty = LLVMTypeOf(x);
    unsigned w = LLVMGetIntTypeWidth(LLVMGetTypeKind(ty) == LLVMVectorTypeKind ? LLVMGetElementType(ty) : ty);
    LLVMValueRef big = LLVMBuildICmp(b, LLVMIntUGE, y, const_like(t, ty, 0, w, false), "");
    LLVMValueRef v = code == VTC_ARITH_SHLI ? LLVMBuildShl(b, x, y, "") : LLVMBuildLShr(b, x, y, "");
    r = LLVMBuildSelect(b, big, LLVMConstNull(ty), v, "");
    break;
  }
  case VTC_ARITH_SHRSI: {
    LLVMTypeRef ty = LLVMTypeOf(x);
    unsigned w = LLVMGetIntTypeWidth(LLVMGetTypeKind(ty) == LLVMVectorTypeKind ? LLVMGetElementType(ty) : ty);
    r = LLVMBuildAShr(b, x, binary(t, "llvm.umin", y, const_like(t, ty, 0, w - 1, false)), "");
    break;
  }
  case VTC_ARITH_MAXSI: r = binary(t, "llvm.smax", x, y); break;
  case VTC_ARITH_MINSI: r = binary(t, "llvm.smin", x, y); break;
  case VTC_ARITH_MAXUI: r = binary(t, "llvm.umax", x, y); break;
  case VTC_ARITH_MINUI: r = binary(t, "llvm.umin", x, y); break;
  case VTC_ARITH_ADDF: r = LLVMBuildFAdd(b, x, y, ""); break;
  case VTC_ARITH_SUBF: r = LLVMBuildFSub(b, x, y, ""); break;
  case VTC_ARITH_MULF: r = LLVMBuildFMul(b, x, y, ""); break;
  case VTC_ARITH_DIVF: r = LLVMBuildFDiv(b, x, y, ""); break;
  case VTC_ARITH_REMF: r = LLVMBuildFRem(b, x, y, ""); break;
  case VTC_ARITH_MAXIMUMF: r = binary(t, "llvm.maximum", x, y); break;
  case VTC_ARITH_MINIMUMF: r = binary(t, "llvm.minimum", x, y); break;
  case VTC_ARITH_MAXNUMF: r = binary(t, "llvm.maxnum", x, y); break;
  case VTC_ARITH_MINNUMF: r = binary(t, "llvm.minnum", x, y); break;
  case VTC_ARITH_NEGF: r = LLVMBuildFNeg(b, x, ""); break;
  case VTC_ARITH_CMPI:
  case VTC_ARITH_CMPF: {
    int64_t p = vtc_op_get_int_attr(op, "predicate", -1);
    int64_t n = code == VTC_ARITH_CMPI ? (int64_t)(sizeof cmpi_map / sizeof *cmpi_map)
                                       : (int64_t)(sizeof cmpf_map / sizeof *cmpf_map);
    if (p < 0 || p >= n) return NULL;
    r = code == VTC_ARITH_CMPI ? LLVMBuildICmp(b, cmpi_map[p], x, y, "") : LLVMBuildFCmp(b, cmpf_map[p], x, y, "");
    break;
  }
  case VTC_ARITH_SELECT: {
    LLVMValueRef z = g2l_scalar(t, vtc_op_operand(op, 2));
    r = LLVMBuildSelect(b, x, y, z, "");
    break;
  }
  case VTC_ARITH_EXTSI: r = LLVMBuildSExt(b, x, rty, ""); break;
  case VTC_ARITH_EXTUI: r = LLVMBuildZExt(b, x, rty, ""); break;
  case VTC_ARITH_TRUNCI: r = LLVMBuildTrunc(b, x, rty, ""); break;
  case VTC_ARITH_EXTF: r = LLVMBuildFPExt(b, x, rty, ""); break;
  case VTC_ARITH_TRUNCF: r = LLVMBuildFPTrunc(b, x, rty, ""); break;
  case VTC_ARITH_SITOFP: r = LLVMBuildSIToFP(b, x, rty, ""); break;
  case VTC_ARITH_UITOFP: r = LLVMBuildUIToFP(b, x, rty, ""); break;
  case VTC_ARITH_FPTOSI: r = LLVMBuildFPToSI(b, x, rty, ""); break;
  case VTC_ARITH_FPTOUI: r = LLVMBuildFPToUI(b, x, rty, ""); break;
  case VTC_ARITH_INDEX_CAST: r = LLVMBuildIntCast2(b, x, rty, 1, ""); break;
  case VTC_ARITH_INDEX_CASTUI: r = LLVMBuildIntCast2(b, x, rty, 0, ""); break;
  case VTC_ARITH_BITCAST: r = LLVMBuildBitCast(b, x, rty, ""); break;
  case VTC_ARITH_POWF: {
    LLVMValueRef xy[] = {x, y};
    r = t->gpu ? libdevice(t, "pow", 2, xy) : binary(t, "llvm.pow", x, y);
    break;
  }
  case VTC_ARITH_FMA: {
    LLVMValueRef xyz[] = {x, y, g2l_scalar(t, vtc_op_operand(op, 2))};
    LLVMTypeRef ty = LLVMTypeOf(x);
    r = g2l_call_intrinsic(t, "llvm.fma", &ty, 1, xyz, 3);
    /* Kept by the fmul InstCombine makes of fma(a, b, -0.0): a lane's
     * products may then fuse with the adds that sum them (gpu_ops.c). */
    LLVMSetFastMathFlags(r, LLVMFastMathAllowContract);
    break;
  }
  case VTC_ARITH_ABSI: {
    LLVMTypeRef ty = LLVMTypeOf(x);
    LLVMValueRef args[] = {x, LLVMConstInt(t->i1, 0, 0)};
    r = g2l_call_intrinsic(t, "llvm.abs", &ty, 1, args, 2);
    break;
  }
  default:
    r = g2l_math_unary(t, code, NULL, x);
    break;
  }
  return r;
}

static bool is_int_division(int code) {
  switch (code) {
  case VTC_ARITH_DIVSI: case VTC_ARITH_DIVUI: case VTC_ARITH_REMSI: case VTC_ARITH_REMUI:
  case VTC_ARITH_FLOORDIVSI: case VTC_ARITH_CEILDIVSI: case VTC_ARITH_CEILDIVUI: return true;
  default: return false;
  }
}

static bool is_signed_division(int code) {
  return code == VTC_ARITH_DIVSI || code == VTC_ARITH_REMSI || code == VTC_ARITH_FLOORDIVSI ||
         code == VTC_ARITH_CEILDIVSI;
}

/* An integer division whose divisor is not a constant that is safe: LLVM's
 * sdiv/udiv by zero (and sdiv of the minimum by -1) is undefined, a SIGFPE
 * on x86 or, folded, any value. On a CPU a bad divisor is a run-time error
 * at the op (rt_error.h: from host code it ends the run; from a kernel it is
 * raised when the launch is done) and the division goes on with 1 (the
 * branch is cold, and hoisted out of loops when the divisor is invariant,
 * as a kernel's symbols are). The GPU keeps the bare division. */
static LLVMValueRef guard_divisor(g2l *t, vtc_op *op, int code, LLVMValueRef x, LLVMValueRef y) {
  vtc_op *def = vtc_op_operand(op, 1)->def_op;
  if (t->gpu || (def && vtc_op_is_named(def, "gir.count"))) return y; /* a count is at least 1 */
  LLVMTypeRef ty = LLVMTypeOf(y);
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMTypeRef s = vec ? LLVMGetElementType(ty) : ty;
  unsigned bits = LLVMGetIntTypeWidth(s);
  bool is_signed = is_signed_division(code);
  if (LLVMIsAConstantInt(y)) {
    long long c = LLVMConstIntGetSExtValue(y);
    if (c != 0 && !(is_signed && c == -1)) return y;
  }
  LLVMBuilderRef b = t->b;
  LLVMValueRef zero = LLVMConstNull(ty), one = const_like(t, ty, 0, 1, false);
  LLVMValueRef bad = LLVMBuildICmp(b, LLVMIntEQ, y, zero, "div.zero");
  if (is_signed) {
    LLVMValueRef min = const_like(t, ty, 0, bits >= 64 ? INT64_MIN : -(1LL << (bits - 1)), false);
    LLVMValueRef ovf = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntEQ, x, min, ""),
                                    LLVMBuildICmp(b, LLVMIntEQ, y, LLVMConstAllOnes(ty), ""), "");
    bad = LLVMBuildOr(b, bad, ovf, "div.bad");
  }
  LLVMValueRef any = vec ? unary(t, "llvm.vector.reduce.or", bad) : bad;
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(t->c, t->fn, "div.fail");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(t->c, t->fn, "div.ok");
  LLVMBuildCondBr(b, any, fail, cont);
  LLVMPositionBuilderAtEnd(b, fail);
  const char *msg = is_signed ? "integer division by zero or overflow" : "integer division by zero";
  const char *name = t->kernel ? "vtc_rt_kernel_error" : "vtc_rt_host_error";
  LLVMValueRef fn = vtc_gir_rt_declare(t->m, name), args[] = {g2l_where(t, op), g2l_string(t, msg)};
  /* A cold callee makes the branch to it unlikely. */
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(t->c, LLVMGetEnumAttributeKindForName("cold", 4), 0));
  LLVMBuildCall2(b, vtc_gir_rt_function_type(t->c, name), fn, args, 2, "");
  LLVMBuildBr(b, cont);
  LLVMPositionBuilderAtEnd(b, cont);
  return LLVMBuildSelect(b, bad, one, y, "div.safe");
}

static LLVMTypeRef with_elem(LLVMTypeRef like, LLVMTypeRef elem) {
  return LLVMGetTypeKind(like) == LLVMVectorTypeKind ? LLVMVectorType(elem, LLVMGetVectorSize(like)) : elem;
}

/* f32 -> bf16 bits by integer arithmetic: round to nearest even, a NaN
 * kept quiet with its sign and high payload. */
static LLVMValueRef bf16_round_bits(g2l *t, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x), i32 = with_elem(ty, t->i32), i16 = with_elem(ty, LLVMInt16TypeInContext(t->c));
  LLVMValueRef bits = LLVMBuildBitCast(t->b, x, i32, "");
  LLVMValueRef c16 = const_like(t, i32, 0, 16, false);
  LLVMValueRef lsb = LLVMBuildAnd(t->b, LLVMBuildLShr(t->b, bits, c16, ""), const_like(t, i32, 0, 1, false), "");
  LLVMValueRef rounded = LLVMBuildAdd(t->b, bits, LLVMBuildAdd(t->b, lsb, const_like(t, i32, 0, 0x7fff, false), ""), "");
  LLVMValueRef hi = LLVMBuildTrunc(t->b, LLVMBuildLShr(t->b, rounded, c16, ""), i16, "");
  LLVMValueRef nan = LLVMBuildOr(t->b, LLVMBuildTrunc(t->b, LLVMBuildLShr(t->b, bits, c16, ""), i16, ""),
                                 const_like(t, i16, 0, 0x40, false), "");
  return LLVMBuildSelect(t->b, LLVMBuildFCmp(t->b, LLVMRealUNO, x, x, ""), nan, hi, "bf16");
}

/* f32 -> bf16 bits by the CPU's conversion (AVX512-BF16 vcvtneps2bf16,
 * what LLVM makes of an fptrunc to bfloat there): one instruction instead
 * of about twelve, which made the decode attention's bf16 products (plain
 * kernels: each product is rounded to bf16) compute-bound on the CPU. The
 * instruction flushes a result below 2^-126 to zero, where the reference
 * keeps the subnormal: a vector with such a value (rare: a branch that
 * predicts) takes the integer rounding for those lanes. */
static LLVMValueRef bf16_round_native(g2l *t, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x), i16 = with_elem(ty, LLVMInt16TypeInContext(t->c));
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMValueRef fast = LLVMBuildBitCast(
      t->b, LLVMBuildFPTrunc(t->b, x, with_elem(ty, LLVMBFloatTypeInContext(t->c)), ""), i16, "bf16");
  LLVMValueRef ax = unary(t, "llvm.fabs", x);
  LLVMValueRef tiny = LLVMBuildAnd(t->b, LLVMBuildFCmp(t->b, LLVMRealOGT, ax, const_like(t, ty, 0.0, 0, true), ""),
                                   LLVMBuildFCmp(t->b, LLVMRealOLT, ax, const_like(t, ty, 0x1p-126, 0, true), ""),
                                   "bf16.subnormal");
  LLVMValueRef any = vec ? unary(t, "llvm.vector.reduce.or", tiny) : tiny;
  LLVMBasicBlockRef from = LLVMGetInsertBlock(t->b);
  LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(t->c, t->fn, "bf16.fixup");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(t->c, t->fn, "bf16.done");
  LLVMBuildCondBr(t->b, any, slow, join);
  LLVMPositionBuilderAtEnd(t->b, slow);
  LLVMValueRef fixed = LLVMBuildSelect(t->b, tiny, bf16_round_bits(t, x), fast, "");
  return g2l_merge(t, join, fixed, fast, from, "bf16");
}

LLVMValueRef g2l_f32_to_bf16(g2l *t, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMTypeRef f32 = with_elem(ty, LLVMFloatTypeInContext(t->c));
  LLVMTypeRef i16 = with_elem(ty, LLVMInt16TypeInContext(t->c));
  if (ty != f32) x = LLVMBuildFPTrunc(t->b, x, f32, ""); /* f64: rounds twice */
  /* Every GPU architecture we target (sm_80 and later) rounds f32 to bf16
   * in one instruction, cvt.rn.bf16.f32 (round to nearest even, subnormals
   * kept); only a NaN's payload differs from the integer rounding (the
   * canonical quiet NaN). The integer sequence costs about 12 instructions
   * a value, which made the decode attention's bf16 products issue-bound. */
  if (t->warp) {
    LLVMValueRef h = LLVMBuildFPTrunc(t->b, x, with_elem(ty, LLVMBFloatTypeInContext(t->c)), "");
    return LLVMBuildBitCast(t->b, h, i16, "bf16");
  }
  return t->cpu_bf16 ? bf16_round_native(t, x) : bf16_round_bits(t, x);
}

LLVMValueRef g2l_bf16_to_f32(g2l *t, LLVMValueRef bits) {
  LLVMTypeRef ty = LLVMTypeOf(bits), i32 = with_elem(ty, t->i32);
  LLVMValueRef w = LLVMBuildShl(t->b, LLVMBuildZExt(t->b, bits, i32, ""), const_like(t, i32, 0, 16, false), "");
  return LLVMBuildBitCast(t->b, w, with_elem(ty, LLVMFloatTypeInContext(t->c)), "");
}

LLVMValueRef g2l_float_const(g2l *t, const vtc_type *elem, double v) {
  if (elem->kind == VTC_TYPE_BF16) return LLVMConstInt(LLVMInt16TypeInContext(t->c), vtc_bf16_from_double(v), 0);
  return LLVMConstReal(g2l_scalar_type(t, elem), v);
}

LLVMValueRef g2l_widen(g2l *t, LLVMValueRef v, const vtc_type *from, LLVMTypeRef to) {
  LLVMTypeRef target = with_elem(LLVMTypeOf(v), to);
  if (from->kind == VTC_TYPE_BF16) v = g2l_bf16_to_f32(t, v);
  if (LLVMTypeOf(v) == target) return v;
  return vtc_type_is_float(from) ? LLVMBuildFPExt(t->b, v, target, "") : LLVMBuildSExt(t->b, v, target, "");
}

/* sm_90 adds, subtracts and multiplies bf16 (two at a time, bf16x2) with
 * round to nearest even: the same value as the f32 operation rounded to
 * bf16 (a product of two bf16 is exact in f32; a sum may round twice that
 * way, the native one once) in one instruction instead of about fourteen. */
static bool native_bf16(int code) {
  return code == VTC_ARITH_ADDF || code == VTC_ARITH_SUBF || code == VTC_ARITH_MULF;
}

static LLVMValueRef bf16_arith(g2l *t, int code, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef bits = LLVMTypeOf(x), bt = with_elem(bits, LLVMBFloatTypeInContext(t->c));
  LLVMValueRef a = LLVMBuildBitCast(t->b, x, bt, ""), b = LLVMBuildBitCast(t->b, y, bt, "");
  LLVMValueRef r = code == VTC_ARITH_ADDF   ? LLVMBuildFAdd(t->b, a, b, "")
                   : code == VTC_ARITH_SUBF ? LLVMBuildFSub(t->b, a, b, "")
                                            : LLVMBuildFMul(t->b, a, b, "");
  return LLVMBuildBitCast(t->b, r, bits, "bf16");
}

bool g2l_scalar_op(g2l *t, vtc_op *op, bool *handled) {
  int code = vtc_arith_opcode_of(op);
  *handled = code >= 0;
  if (code < 0) return true;
  vtc_value *res = vtc_op_result(op, 0);
  LLVMTypeRef rty = result_type(t, res->type);
  if (!rty) {
    char *ty = vtc_type_to_string(res->type);
    g2l_error(t, op, "has a result type the CPU translation does not support: %s", ty);
    free(ty);
    return false;
  }
  if (code == VTC_ARITH_CONSTANT) {
    LLVMValueRef c = constant(t, op);
    if (!c) return g2l_error(t, op, "only scalar integer and float constants are supported");
    g2l_bind_scalar(t, res, c);
    return true;
  }
  LLVMValueRef x = g2l_scalar(t, vtc_op_operand(op, 0));
  LLVMValueRef y = op->num_operands > 1 ? g2l_scalar(t, vtc_op_operand(op, 1)) : NULL;
  LLVMValueRef r;
  const vtc_type *xt = vtc_op_operand(op, 0)->type, *yt = y ? vtc_op_operand(op, 1)->type : NULL;
  bool bf = is_bf16_type(res->type) || is_bf16_type(xt) || is_bf16_type(yt);
  if (code == VTC_ARITH_BITCAST && LLVMTypeOf(x) == rty) {
    r = x; /* i16 <-> bf16: the same bits */
  } else if (t->warp && native_bf16(code) && is_bf16_type(res->type) && is_bf16_type(xt) && is_bf16_type(yt)) {
    r = bf16_arith(t, code, x, y);
  } else if (bf && code == VTC_ARITH_FMA) {
    return g2l_error(t, op, "math.fma on bf16 is not supported (lower-te-to-gir emits it in f32)");
  } else if (bf && code != VTC_ARITH_SELECT && code != VTC_ARITH_BITCAST) {
    /* bf16 operands widen to f32, a bf16 result rounds back to bits. */
    LLVMTypeRef f32 = with_elem(rty, LLVMFloatTypeInContext(t->c));
    LLVMValueRef x32 = is_bf16_type(xt) ? g2l_bf16_to_f32(t, x) : x;
    LLVMValueRef y32 = is_bf16_type(yt) ? g2l_bf16_to_f32(t, y) : y;
    LLVMTypeRef rty32 = is_bf16_type(res->type) ? f32 : rty;
    if ((code == VTC_ARITH_EXTF || code == VTC_ARITH_TRUNCF) && LLVMTypeOf(x32) == rty32) r = x32;
    else if (code == VTC_ARITH_TRUNCF && is_bf16_type(res->type)) r = x32; /* f64: rounded in g2l_f32_to_bf16 */
    else r = compute(t, op, code, x32, y32, rty32);
    if (r && is_bf16_type(res->type)) r = g2l_f32_to_bf16(t, r);
  } else {
    if (is_int_division(code) && y) y = guard_divisor(t, op, code, x, y);
    r = compute(t, op, code, x, y, rty);
  }
  if (!r) return g2l_error(t, op, "is not supported by the CPU translation");
  g2l_bind_scalar(t, res, r);
  return true;
}
