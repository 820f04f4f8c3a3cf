/* The one scalar evaluator of arith/math ops, shared by arith's constant
 * folder (FOLD mode: MLIR's folder semantics) and the te and gir interpreters
 * (RUN mode: IEEE results, run-time errors only for integer division). */
#ifndef VTC_DIALECTS_ARITH_ARITH_EVAL_H
#define VTC_DIALECTS_ARITH_ARITH_EVAL_H

#include "dialects/arith/arith.h"

/* A scalar: integers and index in i, floats in f; which is live follows the
 * value's type. */
typedef struct vtc_arith_scalar {
  int64_t i;
  double f;
} vtc_arith_scalar;

typedef enum vtc_arith_eval_mode {
  VTC_ARITH_EVAL_FOLD, /* what MLIR's folder folds; false means "does not fold" */
  VTC_ARITH_EVAL_RUN,  /* what executing the op gives; false means a run-time error */
} vtc_arith_eval_mode;

/* Evaluates arith/math op `code` (not arith.constant) on in[] (1 to 3
 * operands; operand_elem is the element type of operand 0, of operand 1 for
 * select) into *out (result element type result_elem); `predicate` is
 * cmpi/cmpf's predicate attribute. On false, *why_not (if why_not) is a
 * message for a run-time error, or NULL when the op has no semantics here
 * (or, in FOLD mode, is simply not folded).
 *
 * The modes differ only where MLIR's folder refuses what execution defines:
 *
 *   case                          FOLD                   RUN
 *   integer inputs                raw attribute values,  wrapped values (i1 is
 *                                 sign-extended here     0/1, others sign-ext.)
 *   integer results               not wrapped            wrapped to the type
 *   div/rem by zero               not folded             error
 *   divsi/floordivsi/ceildivsi    not folded at the      error only for
 *     of smin / -1                type's width           INT64_MIN / -1
 *   remsi INT64_MIN % -1          0                      error
 *   ceildivsi with smin operand   not folded (a != 0)    computed
 *   shifts by >= width            not folded             0 (shrsi: sign fill)
 *   log/sqrt/rsqrt of x < 0       not folded             NaN
 *   fptosi/fptoui non-finite      not folded             error
 *   fptosi/fptoui out of range    not folded             saturate, then wrap
 *   truncf                        value kept (the attr   rounded to the type
 *                                 rounds)
 *   bitcast                       folded, unless NaN     no semantics
 */
bool vtc_arith_eval(vtc_arith_opcode code, const vtc_type *operand_elem, const vtc_type *result_elem,
                    int64_t predicate, vtc_arith_eval_mode mode, const vtc_arith_scalar *in, vtc_arith_scalar *out,
                    const char **why_not);

/* v as a w-bit two's complement number, sign-extended (i1 true is -1); its
 * w low bits zero-extended; the smallest and largest w-bit signed values. */
static inline int64_t vtc_arith_sext(unsigned w, int64_t v) {
  if (w == 0 || w >= 64) return v;
  uint64_t m = UINT64_C(1) << (w - 1);
  uint64_t u = (uint64_t)v & ((m << 1) - 1);
  return (int64_t)((u ^ m) - m);
}
static inline uint64_t vtc_arith_zext(unsigned w, int64_t v) {
  return w == 0 || w >= 64 ? (uint64_t)v : (uint64_t)v & ((UINT64_C(1) << w) - 1);
}
static inline int64_t vtc_arith_smin(unsigned w) { return w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1)); }
static inline int64_t vtc_arith_smax(unsigned w) { return w >= 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1; }
/* The bit width of an integer, index or float element type. */
static inline unsigned vtc_arith_width(const vtc_type *elem) {
  return elem->kind == VTC_TYPE_INTEGER ? elem->width : vtc_type_bit_width(elem);
}

/* IEEE-754 2019 maximum/minimum (NaN-propagating, -0 < +0). */
double vtc_arith_maximumf(double a, double b);
double vtc_arith_minimumf(double a, double b);

#endif
