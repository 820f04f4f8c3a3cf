/* gir -> LLVM: vectorised f32 approximations of exp, tanh and erf in LLVM IR
 * (range reduction and polynomials), so that memory-bound element-wise
 * kernels are not bound by one libm call per element (LLVM scalarises
 * llvm.exp on x86 into expf calls). Accuracy, measured against double
 * precision over the whole f32 range: exp 0.9 ulp (Cephes expf
 * coefficients), tanh 1.3e-7 relative (Cephes tanhf for |x| < 0.625, else
 * 1 - 2/(exp(2|x|) + 1)), erf 1.9e-7 relative for |x| < 1 (x * P(x^2),
 * degree 6, fitted here) and 8e-8 absolute for 1 <= |x| < 4 (degree 12 in
 * |x| - 2.5), 1 beyond. NaN in gives NaN out; exp saturates to 0 and inf. */
#include "lowering/gir-to-llvm/translate_impl.h"

/* A float constant shaped like x (scalar or splat vector). */
static LLVMValueRef fconst(g2l *t, LLVMValueRef like, double v) {
  LLVMTypeRef ty = LLVMTypeOf(like);
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMValueRef c = LLVMConstReal(vec ? LLVMGetElementType(ty) : ty, v);
  return vec ? g2l_splat(t, c, LLVMGetVectorSize(ty)) : c;
}

static LLVMValueRef iconst(g2l *t, LLVMTypeRef ity, LLVMValueRef like, int64_t v) {
  LLVMValueRef c = LLVMConstInt(ity, (unsigned long long)v, 1);
  LLVMTypeRef ty = LLVMTypeOf(like);
  return LLVMGetTypeKind(ty) == LLVMVectorTypeKind ? g2l_splat(t, c, LLVMGetVectorSize(ty)) : c;
}

static LLVMValueRef call1(g2l *t, const char *name, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  return g2l_call_intrinsic(t, name, &ty, 1, &x, 1);
}

static LLVMValueRef call2(g2l *t, const char *name, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef args[] = {x, y};
  return g2l_call_intrinsic(t, name, &ty, 1, args, 2);
}

/* a * b + c, fused where the target has FMA. */
static LLVMValueRef fmuladd(g2l *t, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c) {
  LLVMTypeRef ty = LLVMTypeOf(a);
  LLVMValueRef args[] = {a, b, c};
  return g2l_call_intrinsic(t, "llvm.fmuladd", &ty, 1, args, 3);
}

/* c[n-1] * v^(n-1) + ... + c[0] by Horner's rule. */
static LLVMValueRef horner(g2l *t, const double *c, int n, LLVMValueRef v) {
  LLVMValueRef r = fconst(t, v, c[n - 1]);
  for (int k = n - 2; k >= 0; k--) r = fmuladd(t, r, v, fconst(t, v, c[k]));
  return r;
}

/* NaN inputs pass through (the polynomial paths would lose them). */
static LLVMValueRef keep_nan(g2l *t, LLVMValueRef x, LLVMValueRef r) {
  return LLVMBuildSelect(t->b, LLVMBuildFCmp(t->b, LLVMRealUNO, x, x, ""), x, r, "");
}

/* 2^n for an integer-valued float vector n in [-126, 127] via the exponent bits. */
static LLVMValueRef pow2i(g2l *t, LLVMValueRef ni, LLVMValueRef like) {
  LLVMTypeRef ty = LLVMTypeOf(like);
  LLVMValueRef bits = LLVMBuildShl(t->b, LLVMBuildAdd(t->b, ni, iconst(t, t->i32, ni, 127), ""),
                                   iconst(t, t->i32, ni, 23), "");
  return LLVMBuildBitCast(t->b, bits, ty, "");
}

LLVMValueRef g2l_approx_exp_f32(g2l *t, LLVMValueRef x) {
  static const double p[] = {5.0000001201E-1, 1.6666665459E-1, 4.1665795894E-2,
                             8.3334519073E-3, 1.3981999507E-3, 1.9875691500E-4};
  LLVMTypeRef ty = LLVMTypeOf(x);
  bool vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  LLVMTypeRef ity = vec ? LLVMVectorType(t->i32, LLVMGetVectorSize(ty)) : t->i32;
  /* exp(88.8) overflows and exp(-104) underflows to 0 in f32. */
  LLVMValueRef xc = call2(t, "llvm.minnum", call2(t, "llvm.maxnum", x, fconst(t, x, -104.0)), fconst(t, x, 88.8));
  LLVMValueRef n = call1(t, "llvm.rint", LLVMBuildFMul(t->b, xc, fconst(t, x, 1.44269504088896341), ""));
  LLVMValueRef r = fmuladd(t, n, fconst(t, x, -0.693359375), xc);
  r = fmuladd(t, n, fconst(t, x, 2.12194440e-4), r);
  LLVMValueRef poly = horner(t, p, 6, r);
  LLVMValueRef y = fmuladd(t, poly, LLVMBuildFMul(t->b, r, r, ""), LLVMBuildFAdd(t->b, r, fconst(t, x, 1.0), ""));
  /* 2^n in two halves, so n in [-150, 128] never leaves the exponent range. */
  LLVMValueRef ni = LLVMBuildFPToSI(t->b, n, ity, "");
  LLVMValueRef n1 = LLVMBuildAShr(t->b, ni, iconst(t, t->i32, ni, 1), "");
  LLVMValueRef n2 = LLVMBuildSub(t->b, ni, n1, "");
  y = LLVMBuildFMul(t->b, LLVMBuildFMul(t->b, y, pow2i(t, n1, x), ""), pow2i(t, n2, x), "exp");
  return keep_nan(t, x, y);
}

LLVMValueRef g2l_approx_tanh_f32(g2l *t, LLVMValueRef x) {
  static const double p[] = {-3.33332819422E-1, 1.33314422036E-1, -5.37397155531E-2, 2.06390887954E-2,
                             -5.70498872745E-3};
  LLVMValueRef a = call1(t, "llvm.fabs", x);
  LLVMValueRef s = LLVMBuildFMul(t->b, x, x, "");
  LLVMValueRef small = fmuladd(t, LLVMBuildFMul(t->b, horner(t, p, 5, s), s, ""), x, x);
  LLVMValueRef e = g2l_approx_exp_f32(t, LLVMBuildFAdd(t->b, a, a, ""));
  LLVMValueRef one = fconst(t, x, 1.0);
  LLVMValueRef big = LLVMBuildFSub(t->b, one, LLVMBuildFDiv(t->b, fconst(t, x, 2.0), LLVMBuildFAdd(t->b, e, one, ""), ""), "");
  big = call2(t, "llvm.copysign", big, x);
  LLVMValueRef r = LLVMBuildSelect(t->b, LLVMBuildFCmp(t->b, LLVMRealOLT, a, fconst(t, x, 0.625), ""), small, big, "tanh");
  return keep_nan(t, x, r);
}

LLVMValueRef g2l_approx_erf_f32(g2l *t, LLVMValueRef x) {
  static const double pa[] = {1.128379225730896,     -0.3761262893676758,    0.11283625662326813,
                              -0.02685539983212948,  0.005191218573600054,   -0.0008034846396185458,
                              7.933493907330558e-05};
  static const double pb[] = {0.9995930790901184,     0.0021779793314635754,  -0.005447070114314556,
                              0.008354324847459793,   -0.008612779900431633,  0.0061000254936516285,
                              -0.0028237542137503624, 0.0005742026842199266,  0.0002919994294643402,
                              -0.00028087192913517356, 5.941381095908582e-05, 2.1406009182101116e-05,
                              -8.709440407983493e-06};
  LLVMValueRef a = call1(t, "llvm.fabs", x);
  LLVMValueRef small = LLVMBuildFMul(t->b, horner(t, pa, 7, LLVMBuildFMul(t->b, x, x, "")), x, "");
  LLVMValueRef u = LLVMBuildFSub(t->b, call2(t, "llvm.minnum", a, fconst(t, x, 4.0)), fconst(t, x, 2.5), "");
  LLVMValueRef big = call2(t, "llvm.minnum", horner(t, pb, 13, u), fconst(t, x, 1.0));
  big = call2(t, "llvm.copysign", big, x);
  LLVMValueRef r = LLVMBuildSelect(t->b, LLVMBuildFCmp(t->b, LLVMRealOLT, a, fconst(t, x, 1.0), ""), small, big, "erf");
  return keep_nan(t, x, r);
}
