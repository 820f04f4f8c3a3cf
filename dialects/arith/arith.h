/* The arith dialect (integer and float arithmetic, comparisons, select,
 * casts and constants) and the math dialect (the math functions a DNN needs:
 * exp, log, tanh, erf, sqrt, rsqrt, powf, absf, absi, sigmoid; floor, ceil,
 * roundeven, log1p and the trigonometric and hyperbolic functions and their
 * inverses for ONNX's element-wise ops), with MLIR's
 * names, semantics and custom forms. Ops of both are rows of vtc_arith_ops,
 * indexed by vtc_arith_opcode. */
#ifndef VTC_DIALECTS_ARITH_ARITH_H
#define VTC_DIALECTS_ARITH_ARITH_H

#include "ir/dialect.h"
#include "ir/rewrite.h"

typedef enum vtc_arith_opcode {
  VTC_ARITH_CONSTANT,
  /* integer binary */
  VTC_ARITH_ADDI, VTC_ARITH_SUBI, VTC_ARITH_MULI, VTC_ARITH_DIVSI, VTC_ARITH_DIVUI, VTC_ARITH_REMSI,
  VTC_ARITH_REMUI, VTC_ARITH_FLOORDIVSI, VTC_ARITH_CEILDIVSI, VTC_ARITH_CEILDIVUI, VTC_ARITH_ANDI,
  VTC_ARITH_ORI, VTC_ARITH_XORI, VTC_ARITH_SHLI, VTC_ARITH_SHRSI, VTC_ARITH_SHRUI, VTC_ARITH_MAXSI,
  VTC_ARITH_MINSI, VTC_ARITH_MAXUI, VTC_ARITH_MINUI,
  /* float binary */
  VTC_ARITH_ADDF, VTC_ARITH_SUBF, VTC_ARITH_MULF, VTC_ARITH_DIVF, VTC_ARITH_REMF, VTC_ARITH_MAXIMUMF,
  VTC_ARITH_MINIMUMF, VTC_ARITH_MAXNUMF, VTC_ARITH_MINNUMF,
  /* unary */
  VTC_ARITH_NEGF,
  /* comparisons and select */
  VTC_ARITH_CMPI, VTC_ARITH_CMPF, VTC_ARITH_SELECT,
  /* casts */
  VTC_ARITH_EXTSI, VTC_ARITH_EXTUI, VTC_ARITH_TRUNCI, VTC_ARITH_EXTF, VTC_ARITH_TRUNCF, VTC_ARITH_SITOFP,
  VTC_ARITH_UITOFP, VTC_ARITH_FPTOSI, VTC_ARITH_FPTOUI, VTC_ARITH_INDEX_CAST, VTC_ARITH_INDEX_CASTUI,
  VTC_ARITH_BITCAST,
  /* The math dialect's ops, rows of the same table so that one fold hook
   * serves both dialects: float ops first, then absi. */
  VTC_MATH_FIRST,
  VTC_ARITH_POWF = VTC_MATH_FIRST, VTC_ARITH_EXP, VTC_ARITH_LOG, VTC_ARITH_TANH, VTC_ARITH_ERF,
  VTC_ARITH_SQRT, VTC_ARITH_RSQRT, VTC_ARITH_ABSF, VTC_ARITH_SIGMOID,
  /* for ONNX's element-wise ops: rounding and trigonometry (MLIR's names) */
  VTC_ARITH_FLOOR, VTC_ARITH_CEIL, VTC_ARITH_ROUNDEVEN, VTC_ARITH_SIN, VTC_ARITH_COS, VTC_ARITH_TAN,
  VTC_ARITH_ASIN, VTC_ARITH_ACOS, VTC_ARITH_ATAN, VTC_ARITH_SINH, VTC_ARITH_COSH, VTC_ARITH_ASINH,
  VTC_ARITH_ACOSH, VTC_ARITH_ATANH, VTC_ARITH_LOG1P,
  VTC_ARITH_FMA, /* a * b + c rounded once (lower-te-to-gir's reduction steps) */
  VTC_ARITH_ABSI,
  VTC_ARITH_NUM_OPS
} vtc_arith_opcode;

/* MLIR's arith::CmpIPredicate and arith::CmpFPredicate values. */
typedef enum vtc_cmpi_predicate {
  VTC_CMPI_EQ, VTC_CMPI_NE, VTC_CMPI_SLT, VTC_CMPI_SLE, VTC_CMPI_SGT, VTC_CMPI_SGE,
  VTC_CMPI_ULT, VTC_CMPI_ULE, VTC_CMPI_UGT, VTC_CMPI_UGE,
} vtc_cmpi_predicate;
typedef enum vtc_cmpf_predicate {
  VTC_CMPF_FALSE, VTC_CMPF_OEQ, VTC_CMPF_OGT, VTC_CMPF_OGE, VTC_CMPF_OLT, VTC_CMPF_OLE, VTC_CMPF_ONE,
  VTC_CMPF_ORD, VTC_CMPF_UEQ, VTC_CMPF_UGT, VTC_CMPF_UGE, VTC_CMPF_ULT, VTC_CMPF_ULE, VTC_CMPF_UNE,
  VTC_CMPF_UNO, VTC_CMPF_TRUE,
} vtc_cmpf_predicate;

extern const vtc_op_def vtc_arith_ops[VTC_ARITH_NUM_OPS];
extern const vtc_dialect vtc_arith_dialect;
extern const vtc_dialect vtc_math_dialect;

/* The opcode of an arith op, or -1 for any other op. */
static inline int vtc_arith_opcode_of(const vtc_op *op) {
  const vtc_op_def *d = op->name->def;
  return d && d >= vtc_arith_ops && d < vtc_arith_ops + VTC_ARITH_NUM_OPS ? (int)(d - vtc_arith_ops) : -1;
}

/* The fold hook shared by every arith op (arith_fold.c): constant folding
 * with MLIR's semantics (wrap-around at the type's width, no folding of
 * division by zero or signed overflow), identities, and moving constants to
 * the right of commutative ops (in place). */
bool vtc_arith_fold(vtc_op *op, const vtc_attr *const *operand_constants, vtc_fold_result *results);
/* Folds a binary op of the given opcode over constant attributes (scalar or
 * dense) into a constant of result_type; NULL when it does not fold. */
const vtc_attr *vtc_arith_fold_binary(vtc_context *ctx, vtc_arith_opcode opcode, const vtc_type *result_type,
                                      const vtc_attr *lhs, const vtc_attr *rhs);
/* True when attr is a scalar or splat integer constant; *value gets it
 * (sign-extended from its width; i1 true is 1). */
bool vtc_arith_const_int(const vtc_attr *attr, int64_t *value);
bool vtc_arith_const_float(const vtc_attr *attr, double *value);

/* Creates `arith.constant value : type` (the dialect's materialize hook). */
vtc_op *vtc_arith_materialize_constant(vtc_builder *b, const vtc_attr *value, const vtc_type *type,
                                       const vtc_loc *loc);

/* Canonicalization patterns (arith_canon.c), attached to their root ops. */
void vtc_arith_addi_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_subi_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_muli_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_xori_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_select_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_index_cast_patterns(vtc_context *ctx, vtc_pattern_set *set);
void vtc_arith_index_castui_patterns(vtc_context *ctx, vtc_pattern_set *set);

#endif
