/* The scalar semantics of arith/math ops (arith_eval.h), in two modes: FOLD
 * (what MLIR's folder folds) and RUN (what the te and gir interpreters
 * compute); the table in arith_eval.h lists every difference. */
#include "dialects/arith/arith_eval.h"

#include <math.h>
#include <string.h>

#include "ir/support.h"

#define sext vtc_arith_sext
#define zext vtc_arith_zext

static bool refuse(const char **why_not, const char *msg) {
  if (why_not) *why_not = msg;
  return false;
}

static const char div_overflow[] = "integer division by zero or overflow";

double vtc_arith_maximumf(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0 && b == 0) return signbit(a) ? b : a;
  return a > b ? a : b;
}
double vtc_arith_minimumf(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == 0 && b == 0) return signbit(a) ? a : b;
  return a < b ? a : b;
}

/* Integer ops on a, b sign-extended from width w. */
static bool eval_int(vtc_arith_opcode code, unsigned w, int64_t pred, bool run, int64_t a, int64_t b, int64_t *out,
                     const char **why_not) {
  uint64_t ua = zext(w, a), ub = zext(w, b);
  switch (code) {
  case VTC_ARITH_ADDI: *out = (int64_t)((uint64_t)a + (uint64_t)b); return true;
  case VTC_ARITH_SUBI: *out = (int64_t)((uint64_t)a - (uint64_t)b); return true;
  case VTC_ARITH_MULI: *out = (int64_t)((uint64_t)a * (uint64_t)b); return true;
  case VTC_ARITH_DIVSI:
  case VTC_ARITH_REMSI:
  case VTC_ARITH_FLOORDIVSI:
  case VTC_ARITH_CEILDIVSI: {
    if (b == 0) return refuse(why_not, run ? div_overflow : NULL);
    if (!run && code == VTC_ARITH_REMSI && b == -1) return (*out = 0), true;
    if (b == -1 && a == (run ? INT64_MIN : vtc_arith_smin(w))) return refuse(why_not, run ? div_overflow : NULL);
    /* MLIR's ceildivsi folder negates negative inputs first and gives up
     * when that overflows. */
    if (!run && code == VTC_ARITH_CEILDIVSI && a != 0 && (a == vtc_arith_smin(w) || b == vtc_arith_smin(w)))
      return false;
    int64_t q = a / b, r = a % b;
    if (code == VTC_ARITH_REMSI) *out = r;
    else if (code == VTC_ARITH_FLOORDIVSI) *out = r != 0 && (r < 0) != (b < 0) ? q - 1 : q;
    else if (code == VTC_ARITH_CEILDIVSI) *out = r != 0 && (r < 0) == (b < 0) ? q + 1 : q;
    else *out = q;
    return true;
  }
  case VTC_ARITH_DIVUI:
  case VTC_ARITH_REMUI:
  case VTC_ARITH_CEILDIVUI:
    if (ub == 0) return refuse(why_not, run ? "integer division by zero" : NULL);
    *out = (int64_t)(code == VTC_ARITH_DIVUI ? ua / ub : code == VTC_ARITH_REMUI ? ua % ub : ua / ub + (ua % ub != 0));
    return true;
  case VTC_ARITH_ANDI: *out = a & b; return true;
  case VTC_ARITH_ORI: *out = a | b; return true;
  case VTC_ARITH_XORI: *out = a ^ b; return true;
  case VTC_ARITH_SHLI:
  case VTC_ARITH_SHRSI:
  case VTC_ARITH_SHRUI:
    if (ub >= w) {
      if (!run) return false;
      *out = code == VTC_ARITH_SHRSI && a < 0 ? -1 : 0;
      return true;
    }
    if (code == VTC_ARITH_SHLI) *out = (int64_t)((uint64_t)a << ub);
    else if (code == VTC_ARITH_SHRSI) *out = a < 0 ? ~(~a >> ub) : a >> ub;
    else *out = (int64_t)(ua >> ub);
    return true;
  case VTC_ARITH_MAXSI: *out = a > b ? a : b; return true;
  case VTC_ARITH_MINSI: *out = a < b ? a : b; return true;
  case VTC_ARITH_MAXUI: *out = ua > ub ? a : b; return true;
  case VTC_ARITH_MINUI: *out = ua < ub ? a : b; return true;
  case VTC_ARITH_ABSI: *out = a < 0 ? (int64_t)(UINT64_C(0) - (uint64_t)a) : a; return true;
  case VTC_ARITH_CMPI:
    switch (pred) {
    case VTC_CMPI_EQ: *out = a == b; return true;
    case VTC_CMPI_NE: *out = a != b; return true;
    case VTC_CMPI_SLT: *out = a < b; return true;
    case VTC_CMPI_SLE: *out = a <= b; return true;
    case VTC_CMPI_SGT: *out = a > b; return true;
    case VTC_CMPI_SGE: *out = a >= b; return true;
    case VTC_CMPI_ULT: *out = ua < ub; return true;
    case VTC_CMPI_ULE: *out = ua <= ub; return true;
    case VTC_CMPI_UGT: *out = ua > ub; return true;
    case VTC_CMPI_UGE: *out = ua >= ub; return true;
    default: /* the interpreters take any other predicate as uge */
      *out = ua >= ub;
      return run;
    }
  default: return false;
  }
}

static bool eval_cmpf(int64_t pred, bool run, double a, double b, int64_t *out) {
  bool u = isnan(a) || isnan(b);
  switch (pred) {
  case VTC_CMPF_FALSE: *out = 0; return true;
  case VTC_CMPF_OEQ: *out = !u && a == b; return true;
  case VTC_CMPF_OGT: *out = !u && a > b; return true;
  case VTC_CMPF_OGE: *out = !u && a >= b; return true;
  case VTC_CMPF_OLT: *out = !u && a < b; return true;
  case VTC_CMPF_OLE: *out = !u && a <= b; return true;
  case VTC_CMPF_ONE: *out = !u && a != b; return true;
  case VTC_CMPF_ORD: *out = !u; return true;
  case VTC_CMPF_UEQ: *out = u || a == b; return true;
  case VTC_CMPF_UGT: *out = u || a > b; return true;
  case VTC_CMPF_UGE: *out = u || a >= b; return true;
  case VTC_CMPF_ULT: *out = u || a < b; return true;
  case VTC_CMPF_ULE: *out = u || a <= b; return true;
  case VTC_CMPF_UNE: *out = u || a != b; return true;
  case VTC_CMPF_UNO: *out = u; return true;
  case VTC_CMPF_TRUE: *out = 1; return true;
  default: /* the interpreters take any other predicate as true */
    *out = 1;
    return run;
  }
}

static bool eval_float(vtc_arith_opcode code, bool run, double a, double b, double *out) {
  switch (code) {
  case VTC_ARITH_ADDF: *out = a + b; return true;
  case VTC_ARITH_SUBF: *out = a - b; return true;
  case VTC_ARITH_MULF: *out = a * b; return true;
  case VTC_ARITH_DIVF: *out = a / b; return true;
  case VTC_ARITH_REMF: *out = fmod(a, b); return true;
  case VTC_ARITH_MAXIMUMF: *out = vtc_arith_maximumf(a, b); return true;
  case VTC_ARITH_MINIMUMF: *out = vtc_arith_minimumf(a, b); return true;
  case VTC_ARITH_MAXNUMF: *out = isnan(a) ? b : isnan(b) ? a : vtc_arith_maximumf(a, b); return true;
  case VTC_ARITH_MINNUMF: *out = isnan(a) ? b : isnan(b) ? a : vtc_arith_minimumf(a, b); return true;
  case VTC_ARITH_POWF: *out = pow(a, b); return true;
  case VTC_ARITH_NEGF: *out = -a; return true;
  case VTC_ARITH_EXP: *out = exp(a); return true;
  case VTC_ARITH_TANH: *out = tanh(a); return true;
  case VTC_ARITH_ERF: *out = erf(a); return true;
  case VTC_ARITH_ABSF: *out = fabs(a); return true;
  case VTC_ARITH_SIGMOID: *out = 1.0 / (1.0 + exp(-a)); return true;
  case VTC_ARITH_FLOOR: *out = floor(a); return true;
  case VTC_ARITH_CEIL: *out = ceil(a); return true;
  case VTC_ARITH_ROUNDEVEN: *out = nearbyint(a); return true; /* the default rounding: ties to even */
  case VTC_ARITH_SIN: *out = sin(a); return true;
  case VTC_ARITH_COS: *out = cos(a); return true;
  case VTC_ARITH_TAN: *out = tan(a); return true;
  case VTC_ARITH_ASIN: *out = asin(a); return true;
  case VTC_ARITH_ACOS: *out = acos(a); return true;
  case VTC_ARITH_ATAN: *out = atan(a); return true;
  case VTC_ARITH_SINH: *out = sinh(a); return true;
  case VTC_ARITH_COSH: *out = cosh(a); return true;
  case VTC_ARITH_ASINH: *out = asinh(a); return true;
  case VTC_ARITH_ACOSH: *out = acosh(a); return true;
  case VTC_ARITH_ATANH: *out = atanh(a); return true;
  case VTC_ARITH_LOG1P: *out = log1p(a); return true;
  case VTC_ARITH_LOG:
  case VTC_ARITH_SQRT:
  case VTC_ARITH_RSQRT:
    if (!run && a < 0) return false; /* as MLIR's math folders */
    *out = code == VTC_ARITH_LOG ? log(a) : code == VTC_ARITH_SQRT ? sqrt(a) : 1.0 / sqrt(a);
    return true;
  default: return false;
  }
}

/* The bits of a scalar of element type e. */
static uint64_t bits_of(const vtc_type *e, vtc_arith_scalar v, unsigned w) {
  switch (e->kind) {
  case VTC_TYPE_F16: return vtc_f16_from_double(v.f);
  case VTC_TYPE_BF16: return vtc_bf16_from_double(v.f);
  case VTC_TYPE_F32: {
    float f = (float)v.f;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  case VTC_TYPE_F64: {
    uint64_t u;
    memcpy(&u, &v.f, 8);
    return u;
  }
  default: return zext(w, v.i);
  }
}

static bool eval_bitcast(const vtc_type *ie, const vtc_type *oe, vtc_arith_scalar in, vtc_arith_scalar *out) {
  uint64_t bits = bits_of(ie, in, vtc_arith_width(ie));
  switch (oe->kind) {
  case VTC_TYPE_F16: out->f = vtc_f16_to_double((uint16_t)bits); break;
  case VTC_TYPE_BF16: out->f = vtc_bf16_to_double((uint16_t)bits); break;
  case VTC_TYPE_F32: {
    uint32_t u = (uint32_t)bits;
    float f;
    memcpy(&f, &u, 4);
    out->f = f;
    break;
  }
  case VTC_TYPE_F64: memcpy(&out->f, &bits, 8); break;
  default: out->i = (int64_t)bits; return true;
  }
  return !isnan(out->f); /* NaN payloads do not survive our float attributes */
}

static bool eval_cast(vtc_arith_opcode code, const vtc_type *ie, const vtc_type *oe, bool run, vtc_arith_scalar in,
                      vtc_arith_scalar *out, const char **why_not) {
  unsigned wi = vtc_arith_width(ie), wo = vtc_arith_width(oe);
  switch (code) {
  case VTC_ARITH_EXTSI:
  case VTC_ARITH_INDEX_CAST: out->i = sext(wi, in.i); return true;
  case VTC_ARITH_EXTUI:
  case VTC_ARITH_INDEX_CASTUI: out->i = (int64_t)zext(wi, in.i); return true;
  case VTC_ARITH_TRUNCI: out->i = in.i; return true;
  case VTC_ARITH_EXTF: out->f = in.f; return true;
  case VTC_ARITH_TRUNCF: out->f = run ? vtc_float_round(oe, in.f) : in.f; return true;
  case VTC_ARITH_SITOFP: out->f = (double)sext(wi, in.i); return true;
  case VTC_ARITH_UITOFP: out->f = (double)zext(wi, in.i); return true;
  case VTC_ARITH_FPTOSI:
  case VTC_ARITH_FPTOUI: {
    if (!isfinite(in.f)) return refuse(why_not, run ? "float-to-integer conversion of a non-finite value" : NULL);
    double t = trunc(in.f);
    if (run) {
      out->i = vtc_f64_to_i64(t);
      return true;
    }
    if (code == VTC_ARITH_FPTOSI) {
      if (wo >= 64 ? !(t >= -9223372036854775808.0 && t < 9223372036854775808.0)
                   : !(t >= (double)vtc_arith_smin(wo) && t <= (double)vtc_arith_smax(wo)))
        return false;
      out->i = (int64_t)t;
      return true;
    }
    if (!(t >= 0) || (wo >= 64 ? t >= 18446744073709551616.0 : t > (double)zext(wo, -1))) return false;
    out->i = (int64_t)(uint64_t)t;
    return true;
  }
  case VTC_ARITH_BITCAST: return run ? refuse(why_not, NULL) : eval_bitcast(ie, oe, in, out);
  default: return false;
  }
}

bool vtc_arith_eval(vtc_arith_opcode code, const vtc_type *operand_elem, const vtc_type *result_elem,
                    int64_t predicate, vtc_arith_eval_mode mode, const vtc_arith_scalar *in, vtc_arith_scalar *out,
                    const char **why_not) {
  bool run = mode == VTC_ARITH_EVAL_RUN, ok;
  if (why_not) *why_not = NULL;
  out->i = 0;
  out->f = 0;
  if (code == VTC_ARITH_SELECT) {
    *out = in[0].i ? in[1] : in[2];
    ok = true;
  } else if (code == VTC_ARITH_CMPF) {
    ok = eval_cmpf(predicate, run, in[0].f, in[1].f, &out->i);
  } else if (code >= VTC_ARITH_EXTSI && code <= VTC_ARITH_BITCAST) {
    ok = eval_cast(code, operand_elem, result_elem, run, in[0], out, why_not);
  } else if (code == VTC_ARITH_FMA) {
    /* In f64 as every float op here (the interpreters round at stores and
     * casts only): for f32 and narrower operands the product is exact, so
     * this is the value of mulf then addf too. */
    out->f = fma(in[0].f, in[1].f, in[2].f);
    ok = true;
  } else if ((code >= VTC_ARITH_ADDF && code <= VTC_ARITH_NEGF) || (code >= VTC_ARITH_POWF && code <= VTC_ARITH_LOG1P)) {
    ok = eval_float(code, run, in[0].f, in[1].f, &out->f);
  } else if ((code >= VTC_ARITH_ADDI && code <= VTC_ARITH_MINUI) || code == VTC_ARITH_CMPI || code == VTC_ARITH_ABSI) {
    unsigned w = vtc_arith_width(operand_elem);
    ok = eval_int(code, w, predicate, run, sext(w, in[0].i), sext(w, in[1].i), &out->i, why_not);
  } else {
    return false; /* arith.constant, or not an arith/math op */
  }
  /* The interpreters keep integers wrapped to their type (i1 as 0 or 1). */
  if (ok && run && result_elem->kind == VTC_TYPE_INTEGER) out->i = vtc_int_truncate(result_elem, out->i);
  return ok;
}
