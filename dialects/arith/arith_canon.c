/* Canonicalization patterns of the arith dialect, as MLIR's
 * ArithCanonicalization.td: reassociating constants through chains of
 * addi/subi/muli, inverting a negated cmpi, swapping a select on a negated
 * condition, and removing round trips of index casts. (Identities that need no
 * new ops live in the fold hook, arith_fold.c.) */
#include "dialects/arith/arith.h"

static vtc_value *int_const_operand(vtc_op *op, unsigned i) {
  vtc_value *v = vtc_op_operand(op, i);
  int64_t x;
  const vtc_attr *a = vtc_value_constant(v);
  return a && (vtc_arith_const_int(a, &x) || a->kind == VTC_ATTR_DENSE) ? v : NULL;
}

static vtc_value *make_constant(vtc_rewriter *rw, vtc_op *at, const vtc_attr *value, const vtc_type *type) {
  vtc_op *c = vtc_arith_materialize_constant(vtc_rewriter_builder(rw), value, type, at->loc);
  return c ? vtc_op_result(c, 0) : NULL;
}

static vtc_value *make_binary(vtc_rewriter *rw, vtc_op *at, vtc_arith_opcode code, vtc_value *a, vtc_value *b) {
  vtc_value *ops[2] = {a, b};
  vtc_op *op = vtc_builder_create(vtc_rewriter_builder(rw), vtc_arith_ops[code].name, at->loc, 2, ops, a->type, 0,
                                  NULL);
  return vtc_op_result(op, 0);
}

/* outer(inner(x, c1) or inner(c1, x), c2) (or with c2 first) -> result(x, k)
 * or result(k, x), where k = combine(c1, c2) or combine(c2, c1). */
typedef struct reassociation {
  vtc_arith_opcode outer;
  unsigned outer_const; /* which operand of outer is the constant c2 */
  vtc_arith_opcode inner;
  unsigned inner_const; /* which operand of inner is the constant c1 */
  vtc_arith_opcode combine;
  bool outer_first;     /* k = combine(c2, c1) instead of combine(c1, c2) */
  vtc_arith_opcode result;
  bool const_first;     /* result(k, x) instead of result(x, k) */
} reassociation;

static const reassociation reassociations[] = {
    /* (x + c1) + c2 -> x + (c1 + c2) */
    {VTC_ARITH_ADDI, 1, VTC_ARITH_ADDI, 1, VTC_ARITH_ADDI, false, VTC_ARITH_ADDI, false},
    /* (x - c1) + c2 -> x + (c2 - c1) */
    {VTC_ARITH_ADDI, 1, VTC_ARITH_SUBI, 1, VTC_ARITH_SUBI, true, VTC_ARITH_ADDI, false},
    /* (c1 - x) + c2 -> (c1 + c2) - x */
    {VTC_ARITH_ADDI, 1, VTC_ARITH_SUBI, 0, VTC_ARITH_ADDI, false, VTC_ARITH_SUBI, true},
    /* (x + c1) - c2 -> x + (c1 - c2) */
    {VTC_ARITH_SUBI, 1, VTC_ARITH_ADDI, 1, VTC_ARITH_SUBI, false, VTC_ARITH_ADDI, false},
    /* c2 - (x + c1) -> (c2 - c1) - x */
    {VTC_ARITH_SUBI, 0, VTC_ARITH_ADDI, 1, VTC_ARITH_SUBI, true, VTC_ARITH_SUBI, true},
    /* (x - c1) - c2 -> x - (c1 + c2) */
    {VTC_ARITH_SUBI, 1, VTC_ARITH_SUBI, 1, VTC_ARITH_ADDI, false, VTC_ARITH_SUBI, false},
    /* (c1 - x) - c2 -> (c1 - c2) - x */
    {VTC_ARITH_SUBI, 1, VTC_ARITH_SUBI, 0, VTC_ARITH_SUBI, false, VTC_ARITH_SUBI, true},
    /* c2 - (x - c1) -> (c2 + c1) - x */
    {VTC_ARITH_SUBI, 0, VTC_ARITH_SUBI, 1, VTC_ARITH_ADDI, true, VTC_ARITH_SUBI, true},
    /* c2 - (c1 - x) -> x + (c2 - c1) */
    {VTC_ARITH_SUBI, 0, VTC_ARITH_SUBI, 0, VTC_ARITH_SUBI, true, VTC_ARITH_ADDI, false},
    /* (x * c1) * c2 -> x * (c1 * c2) */
    {VTC_ARITH_MULI, 1, VTC_ARITH_MULI, 1, VTC_ARITH_MULI, false, VTC_ARITH_MULI, false},
};

static bool reassociate(vtc_rewriter *rw, vtc_op *op) {
  int code = vtc_arith_opcode_of(op);
  for (size_t r = 0; r < sizeof reassociations / sizeof reassociations[0]; r++) {
    const reassociation *ra = &reassociations[r];
    if ((int)ra->outer != code) continue;
    vtc_value *c2 = int_const_operand(op, ra->outer_const);
    vtc_op *inner = vtc_op_operand(op, 1 - ra->outer_const)->def_op;
    if (!c2 || !inner || vtc_arith_opcode_of(inner) != (int)ra->inner) continue;
    vtc_value *c1 = int_const_operand(inner, ra->inner_const);
    vtc_value *x = vtc_op_operand(inner, 1 - ra->inner_const);
    if (!c1 || int_const_operand(inner, 1 - ra->inner_const)) continue; /* both constant: fold's job */
    const vtc_attr *a1 = vtc_value_constant(c1), *a2 = vtc_value_constant(c2);
    const vtc_type *type = vtc_op_result(op, 0)->type;
    const vtc_attr *k = ra->outer_first ? vtc_arith_fold_binary(vtc_rewriter_context(rw), ra->combine, type, a2, a1)
                                        : vtc_arith_fold_binary(vtc_rewriter_context(rw), ra->combine, type, a1, a2);
    if (!k) continue;
    vtc_rewriter_set_before(rw, op);
    vtc_value *kv = make_constant(rw, op, k, type);
    if (!kv) continue;
    vtc_value *v = ra->const_first ? make_binary(rw, op, ra->result, kv, x) : make_binary(rw, op, ra->result, x, kv);
    vtc_rewriter_replace_op(rw, op, &v);
    return true;
  }
  return false;
}

static const vtc_pattern addi_reassociate = {"arith.addi", 1, reassociate, "arith-reassociate-addi-constants"};
static const vtc_pattern subi_reassociate = {"arith.subi", 1, reassociate, "arith-reassociate-subi-constants"};
static const vtc_pattern muli_reassociate = {"arith.muli", 1, reassociate, "arith-reassociate-muli-constants"};

void vtc_arith_addi_patterns(vtc_context *ctx, vtc_pattern_set *set) { vtc_pattern_set_add(set, &addi_reassociate); }
void vtc_arith_subi_patterns(vtc_context *ctx, vtc_pattern_set *set) { vtc_pattern_set_add(set, &subi_reassociate); }
void vtc_arith_muli_patterns(vtc_context *ctx, vtc_pattern_set *set) { vtc_pattern_set_add(set, &muli_reassociate); }

/* True when v is `xori(a, true)` on i1 values (a logical not); *a gets a. */
static bool is_not(vtc_value *v, vtc_value **a) {
  vtc_op *d = v->def_op;
  if (!d || vtc_arith_opcode_of(d) != VTC_ARITH_XORI) return false;
  if (!vtc_type_is_integer(vtc_type_element(v->type), 1)) return false;
  int64_t x;
  if (!vtc_arith_const_int(vtc_value_constant(vtc_op_operand(d, 1)), &x) || (x & 1) != 1) return false;
  *a = vtc_op_operand(d, 0);
  return true;
}

/* xori(cmpi(p, a, b), true) -> cmpi(!p, a, b) */
static bool xori_of_cmpi(vtc_rewriter *rw, vtc_op *op) {
  static const int64_t inverse[] = {VTC_CMPI_NE, VTC_CMPI_EQ, VTC_CMPI_SGE, VTC_CMPI_SGT, VTC_CMPI_SLE,
                                    VTC_CMPI_SLT, VTC_CMPI_UGE, VTC_CMPI_UGT, VTC_CMPI_ULE, VTC_CMPI_ULT};
  vtc_value *cmp;
  if (!is_not(vtc_op_result(op, 0), &cmp)) return false;
  vtc_op *d = cmp->def_op;
  if (!d || vtc_arith_opcode_of(d) != VTC_ARITH_CMPI) return false;
  int64_t p = vtc_op_get_int_attr(d, "predicate", -1);
  if (p < 0 || p > VTC_CMPI_UGE) return false;
  vtc_context *ctx = vtc_rewriter_context(rw);
  vtc_rewriter_set_before(rw, op);
  vtc_value *ops[2] = {vtc_op_operand(d, 0), vtc_op_operand(d, 1)};
  vtc_named_attr attr = {vtc_str(ctx, "predicate"), vtc_attr_i64(ctx, inverse[p])};
  vtc_op *n = vtc_builder_create(vtc_rewriter_builder(rw), "arith.cmpi", op->loc, 2, ops, cmp->type, 1, &attr);
  vtc_value *v = vtc_op_result(n, 0);
  vtc_rewriter_replace_op(rw, op, &v);
  return true;
}

static const vtc_pattern xori_cmpi = {"arith.xori", 1, xori_of_cmpi, "arith-xori-not-cmpi"};
void vtc_arith_xori_patterns(vtc_context *ctx, vtc_pattern_set *set) { vtc_pattern_set_add(set, &xori_cmpi); }

/* select(not(c), a, b) -> select(c, b, a) */
static bool select_not_cond(vtc_rewriter *rw, vtc_op *op) {
  vtc_value *c;
  if (!is_not(vtc_op_operand(op, 0), &c)) return false;
  vtc_value *ops[3] = {c, vtc_op_operand(op, 2), vtc_op_operand(op, 1)};
  vtc_op_set_operands(op, 3, ops);
  vtc_rewriter_modified(rw, op);
  return true;
}

static const vtc_pattern select_not = {"arith.select", 1, select_not_cond, "arith-select-not-cond"};
void vtc_arith_select_patterns(vtc_context *ctx, vtc_pattern_set *set) { vtc_pattern_set_add(set, &select_not); }

/* index_cast(index_cast(x)) -> x when x already has the result type. */
static bool index_cast_round_trip(vtc_rewriter *rw, vtc_op *op) {
  vtc_op *d = vtc_op_operand(op, 0)->def_op;
  int code = vtc_arith_opcode_of(op);
  if (!d || vtc_arith_opcode_of(d) != code) return false;
  vtc_value *x = vtc_op_operand(d, 0);
  if (x->type != vtc_op_result(op, 0)->type) return false;
  vtc_rewriter_replace_op(rw, op, &x);
  return true;
}

static const vtc_pattern index_cast_pattern = {"arith.index_cast", 1, index_cast_round_trip,
                                               "arith-index-cast-of-index-cast"};
static const vtc_pattern index_castui_pattern = {"arith.index_castui", 1, index_cast_round_trip,
                                                 "arith-index-castui-of-index-castui"};
void vtc_arith_index_cast_patterns(vtc_context *ctx, vtc_pattern_set *set) {
  vtc_pattern_set_add(set, &index_cast_pattern);
}
void vtc_arith_index_castui_patterns(vtc_context *ctx, vtc_pattern_set *set) {
  vtc_pattern_set_add(set, &index_castui_pattern);
}
