/* The op tables of the arith and math dialects: MLIR's ops with their
 * verifiers (MLIR's messages) and custom assembly forms.
 *
 * Issue 2 lists the math functions a DNN needs (exp, log, tanh, erf, sqrt,
 * rsqrt, pow, abs, sigmoid) with arith. MLIR keeps them in its `math`
 * dialect, and issue 2 also asks that our generic form be accepted by
 * mlir-opt, which rejects unknown `arith.*` ops; so they are `math.exp`,
 * `math.log`, ... here, exactly as in MLIR, registered together with arith.
 * sigmoid has no MLIR op: `math.sigmoid` is ours (1 / (1 + exp(-x))), the
 * one op of these two dialects mlir-opt does not know. Negation (negf) and
 * max/min (maximumf, ...) are arith in MLIR too. */
#include "dialects/arith/arith.h"

#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/asm.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"

/* ---- type constraints ----------------------------------------------------- */

enum {
  C_INT = 1,   /* signless integer of any width */
  C_INDEX = 2,
  C_FLOAT = 4,
  C_BOOL = 8,  /* i1 */
};

static bool elem_ok(const vtc_type *t, unsigned c) {
  const vtc_type *e = vtc_type_element(t);
  if (t->kind == VTC_TYPE_TENSOR && (e->kind == VTC_TYPE_TENSOR)) return false;
  if ((c & C_INT) && e->kind == VTC_TYPE_INTEGER) return true;
  if ((c & C_INDEX) && e->kind == VTC_TYPE_INDEX) return true;
  if ((c & C_FLOAT) && vtc_type_is_float(e)) return true;
  if ((c & C_BOOL) && e->kind == VTC_TYPE_INTEGER && e->width == 1) return true;
  return false;
}

static const char *constraint_name(unsigned c) {
  switch (c) {
  case C_INT | C_INDEX: return "signless-integer-like";
  case C_INT: return "signless-fixed-width-integer-like";
  case C_FLOAT: return "floating-point-like";
  case C_BOOL: return "bool-like";
  case C_INT | C_FLOAT: return "signless-integer-or-float-like";
  default: return "of a supported type";
  }
}

static bool check_type(vtc_op *op, const char *what, unsigned index, const vtc_type *t, unsigned c) {
  if (elem_ok(t, c)) return true;
  char *s = vtc_type_to_string(t);
  vtc_op_error(op, "%s #%u must be %s, but got '%s'", what, index, constraint_name(c), s);
  free(s);
  return false;
}

/* Same shape: both scalars, or tensors of equal rank whose static sizes agree. */
static bool same_shape(const vtc_type *a, const vtc_type *b) {
  bool ta = a->kind == VTC_TYPE_TENSOR, tb = b->kind == VTC_TYPE_TENSOR;
  if (ta != tb) return false;
  if (!ta) return true;
  if (a->rank != b->rank) return false;
  for (unsigned i = 0; i < a->rank; i++) {
    int64_t x = vtc_tensor_dim(a, i), y = vtc_tensor_dim(b, i);
    if (x != y && x != VTC_DYNAMIC && y != VTC_DYNAMIC) return false;
  }
  return true;
}

/* A type of shape's shape (scalar or tensor) with the given element type. */
static const vtc_type *same_shape_of(vtc_context *ctx, const vtc_type *shape, const vtc_type *element) {
  if (shape->kind != VTC_TYPE_TENSOR) return element;
  int64_t *dims = vtc_xcalloc(shape->rank + 1, sizeof *dims);
  for (unsigned i = 0; i < shape->rank; i++) dims[i] = vtc_tensor_dim(shape, i);
  const vtc_type *t = vtc_type_tensor(ctx, shape->rank, dims, element, shape->encoding);
  free(dims);
  return t;
}

/* Operands and results all of constraint c and all of one type. */
static bool verify_same_type(vtc_op *op, unsigned c) {
  if (op->num_results != 1) return true; /* arity is the generic verifier's */
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!check_type(op, "operand", i, vtc_op_operand(op, i)->type, c)) return false;
  if (!check_type(op, "result", 0, vtc_op_result(op, 0)->type, c)) return false;
  const vtc_type *t = vtc_op_result(op, 0)->type;
  for (unsigned i = 0; i < op->num_operands; i++)
    if (vtc_op_operand(op, i)->type != t)
      return vtc_op_error(op, "requires the same type for all operands and results");
  return true;
}

static bool verify_int_op(vtc_op *op) { return verify_same_type(op, C_INT | C_INDEX); }
static bool verify_float_op(vtc_op *op) { return verify_same_type(op, C_FLOAT); }

/* ---- constant --------------------------------------------------------------- */

static const vtc_type *constant_type(vtc_context *ctx, const vtc_attr *v) {
  switch (v->kind) {
  case VTC_ATTR_INTEGER:
  case VTC_ATTR_FLOAT:
  case VTC_ATTR_DENSE: return v->type;
  default: return NULL;
  }
}

static bool verify_constant(vtc_op *op) {
  if (op->num_results != 1) return true;
  const vtc_attr *v = vtc_op_get_attr(op, "value");
  if (!v) return true; /* the attribute spec reports it */
  const vtc_type *vt = constant_type(vtc_op_context(op), v);
  if (!vt) return vtc_op_error(op, "value must be an integer, float, or elements attribute");
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  if (vt != rt) {
    char *a = vtc_type_to_string(vt), *b = vtc_type_to_string(rt);
    vtc_op_error(op, "value type '%s' must match return type: '%s'", a, b);
    free(a);
    free(b);
    return false;
  }
  if (!elem_ok(rt, C_INT | C_INDEX | C_FLOAT))
    return vtc_op_error(op, "value must be an integer, float, or elements attribute");
  return true;
}

static bool print_invalid(vtc_printer *p, vtc_op *op, unsigned nops, unsigned nres) {
  if (op->num_operands == nops && op->num_results == nres) return false;
  vtc_printer_invalid(p, op);
  return true;
}

static void print_constant(vtc_printer *p, vtc_op *op) {
  const vtc_attr *v = vtc_op_get_attr(op, "value");
  if (!v) {
    vtc_printer_invalid(p, op);
    return;
  }
  if (print_invalid(p, op, 0, 1)) return;
  static const char *const elided[] = {"value", NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " ");
  if (v->kind == VTC_ATTR_INTEGER && vtc_type_is_integer(v->type, 1))
    vtc_printer_puts(p, v->i ? "true" : "false");
  else
    vtc_printer_attr(p, v);
}

static bool parse_constant(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  if (!vtc_parse_optional_attr_dict(p, st)) return false;
  const vtc_loc *loc = vtc_parser_loc(p);
  const vtc_attr *v = NULL;
  if (!vtc_parse_attr(p, NULL, &v)) return false;
  /* `true`/`false` are i1 integers, as in MLIR. */
  const vtc_type *t = constant_type(ctx, v);
  if (!t) return vtc_error(ctx, loc, "expected an integer, float or dense elements attribute with a type");
  vtc_parse_state_add_attr(st, "value", v);
  VTC_VEC_PUSH(&st->result_types, t);
  return true;
}

vtc_op *vtc_arith_materialize_constant(vtc_builder *b, const vtc_attr *value, const vtc_type *type,
                                       const vtc_loc *loc) {
  if (constant_type(b->ctx, value) != type) return NULL;
  if (!elem_ok(type, C_INT | C_INDEX | C_FLOAT)) return NULL;
  vtc_named_attr attr = {vtc_str(b->ctx, "value"), value};
  return vtc_builder_create(b, "arith.constant", loc, 0, NULL, type, 1, &attr);
}

/* ---- optional flags: `overflow<nsw>` and `fastmath<fast>` --------------------- */


static bool print_flag(vtc_printer *p, vtc_op *op, const char *attr, const char *keyword) {
  const vtc_attr *a = vtc_op_get_attr(op, attr);
  if (!a) return true;
  if (a->kind != VTC_ATTR_DIALECT || strcmp(a->dialect, "arith") || strcmp(a->mnemonic, keyword))
    return false; /* not ours to elide: print it in the dictionary */
  if (strcmp(a->body, "none") != 0) vtc_printer_printf(p, " %s<%s>", keyword, a->body);
  return true;
}

/* Prints the flags and the attribute dictionary without them. */
static void print_flags_and_attrs(vtc_printer *p, vtc_op *op) {
  bool elide_overflow = print_flag(p, op, "overflowFlags", "overflow");
  bool elide_fastmath = print_flag(p, op, "fastmath", "fastmath");
  const char *elided[3] = {NULL, NULL, NULL};
  unsigned n = 0;
  if (elide_overflow) elided[n++] = "overflowFlags";
  if (elide_fastmath) elided[n++] = "fastmath";
  vtc_printer_attr_dict(p, op, elided);
}

static bool check_arith_attr(vtc_context *ctx, const char *mnemonic, const char *body, const char **error);

static bool parse_one_flag(vtc_parser *p, vtc_parse_state *st, const char *keyword, const char *attr,
                           const char *sep) {
  bool present = false;
  if (!vtc_parse_optional_keyword(p, keyword, &present)) return false;
  if (!present) return true;
  const vtc_loc *loc = vtc_parser_loc(p);
  if (!vtc_parse_punct(p, "<")) return false;
  vtc_strbuf body = {0};
  bool ok = true, comma = true;
  while (ok && comma) {
    const char *word;
    ok = vtc_parse_any_keyword(p, &word);
    if (ok) {
      if (body.len) vtc_strbuf_puts(&body, sep);
      vtc_strbuf_puts(&body, word);
      ok = vtc_parse_optional_punct(p, ",", &comma);
    }
  }
  const char *error = NULL;
  if (ok && !check_arith_attr(st->ctx, keyword, body.data ? body.data : "", &error))
    ok = vtc_error(st->ctx, loc, "%s", error);
  ok = ok && vtc_parse_punct(p, ">");
  if (ok) vtc_parse_state_add_attr(st, attr, vtc_attr_dialect(st->ctx, "arith", keyword, vtc_strn(st->ctx, body.data, body.len)));
  vtc_strbuf_free(&body);
  return ok;
}

static bool parse_flags(vtc_parser *p, vtc_parse_state *st) {
  return parse_one_flag(p, st, "overflow", "overflowFlags", ", ") && parse_one_flag(p, st, "fastmath", "fastmath", ",");
}

/* Validates `#arith.fastmath<...>` and `#arith.overflow<...>` bodies. */
static bool body_words_in(const char *body, const char *const *allowed) {
  const char *s = body;
  while (*s) {
    while (*s == ' ' || *s == ',') s++;
    size_t n = strcspn(s, ", ");
    if (!n) break;
    bool found = false;
    for (unsigned i = 0; allowed[i]; i++) found |= strlen(allowed[i]) == n && strncmp(allowed[i], s, n) == 0;
    if (!found) return false;
    s += n;
  }
  return true;
}

static bool check_arith_attr(vtc_context *ctx, const char *mnemonic, const char *body, const char **error) {
  static const char *const fastmath[] = {"none", "reassoc", "nnan", "ninf", "nsz", "arcp",
                                         "contract", "afn", "fast", NULL};
  static const char *const overflow[] = {"none", "nsw", "nuw", NULL};
  if (strcmp(mnemonic, "fastmath") == 0) {
    if (body_words_in(body, fastmath)) return true;
    *error = "expected fastmath flags: none, reassoc, nnan, ninf, nsz, arcp, contract, afn or fast";
    return false;
  }
  if (strcmp(mnemonic, "overflow") == 0) {
    if (body_words_in(body, overflow)) return true;
    *error = "expected overflow flags: none, nsw or nuw";
    return false;
  }
  *error = "unknown arith attribute";
  return false;
}

/* ---- elementwise binary and unary forms ------------------------------------------ */

static void print_type_suffix(vtc_printer *p, const vtc_type *t) {
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, t);
}

/* `%a, %b [flags] {attrs} : type` (unary: `%a [flags] {attrs} : type`). */
static void print_same_type(vtc_printer *p, vtc_op *op) {
  if (print_invalid(p, op, op->num_operands ? op->num_operands : 1, 1)) return;
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  print_flags_and_attrs(p, op);
  print_type_suffix(p, vtc_op_result(op, 0)->type);
}

static bool parse_same_type_n(vtc_parser *p, vtc_parse_state *st, unsigned expected) {
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  const vtc_loc *loc = vtc_parser_loc(p);
  const vtc_type *t = NULL;
  bool ok = vtc_parse_operand_list(p, &refs, &n);
  if (ok && n != expected) ok = vtc_error(st->ctx, loc, "expected %u operands, but found %u", expected, n);
  ok = ok && parse_flags(p, st) && vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &t);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], t, st);
  if (ok) VTC_VEC_PUSH(&st->result_types, t);
  free(refs);
  return ok;
}

static bool parse_binary(vtc_parser *p, vtc_parse_state *st) { return parse_same_type_n(p, st, 2); }
static bool parse_unary(vtc_parser *p, vtc_parse_state *st) { return parse_same_type_n(p, st, 1); }
static bool parse_ternary(vtc_parser *p, vtc_parse_state *st) { return parse_same_type_n(p, st, 3); }

/* ---- cmpi and cmpf -------------------------------------------------------------- */

static const char *const cmpi_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                                         "ugt",   "uge", "ult", "ule", "une", "uno", "true", NULL};

static unsigned count_names(const char *const *names) {
  unsigned n = 0;
  while (names[n]) n++;
  return n;
}

static bool verify_cmp(vtc_op *op, unsigned c, const char *const *names) {
  if (op->num_operands != 2 || op->num_results != 1) return true;
  const vtc_attr *pred = vtc_op_get_attr(op, "predicate");
  unsigned n = count_names(names);
  if (pred && (pred->kind != VTC_ATTR_INTEGER || pred->i < 0 || pred->i >= (int64_t)n)) {
    vtc_strbuf cases = {0};
    for (unsigned i = 0; i < n; i++) vtc_strbuf_printf(&cases, "%s%u", i ? ", " : "", i);
    vtc_op_error(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: %s",
                 cases.data);
    vtc_strbuf_free(&cases);
    return false;
  }
  const vtc_type *lhs = vtc_op_operand(op, 0)->type, *rhs = vtc_op_operand(op, 1)->type;
  const vtc_type *res = vtc_op_result(op, 0)->type;
  if (!check_type(op, "operand", 0, lhs, c) || !check_type(op, "operand", 1, rhs, c) ||
      !check_type(op, "result", 0, res, C_BOOL))
    return false;
  if (lhs != rhs) return vtc_op_error(op, "failed to verify that all of {lhs, rhs} have same type");
  if (!same_shape(lhs, res))
    return vtc_op_error(op, "failed to verify that result type has i1 element type and same shape as operands");
  return true;
}

static bool verify_cmpi(vtc_op *op) { return verify_cmp(op, C_INT | C_INDEX, cmpi_names); }
static bool verify_cmpf(vtc_op *op) { return verify_cmp(op, C_FLOAT, cmpf_names); }

static void print_cmp(vtc_printer *p, vtc_op *op, const char *const *names) {
  const vtc_attr *pred = vtc_op_get_attr(op, "predicate");
  if (!pred || pred->kind != VTC_ATTR_INTEGER || pred->i < 0 || pred->i >= (int64_t)count_names(names)) {
    vtc_printer_invalid(p, op);
    return;
  }
  if (print_invalid(p, op, 2, 1)) return;
  vtc_printer_printf(p, " %s, ", names[pred->i]);
  vtc_printer_operands(p, op);
  bool elide_fm = print_flag(p, op, "fastmath", "fastmath");
  const char *elided[] = {"predicate", elide_fm ? "fastmath" : NULL, NULL};
  vtc_printer_attr_dict(p, op, elided);
  print_type_suffix(p, vtc_op_operand(op, 0)->type);
}

static void print_cmpi(vtc_printer *p, vtc_op *op) { print_cmp(p, op, cmpi_names); }
static void print_cmpf(vtc_printer *p, vtc_op *op) { print_cmp(p, op, cmpf_names); }

static bool parse_cmp(vtc_parser *p, vtc_parse_state *st, const char *const *names) {
  const vtc_loc *loc = vtc_parser_loc(p);
  const char *word;
  if (!vtc_parse_any_keyword(p, &word)) return false;
  int64_t pred = -1;
  for (unsigned i = 0; names[i]; i++)
    if (strcmp(names[i], word) == 0) pred = i;
  if (pred < 0) {
    vtc_strbuf all = {0};
    for (unsigned i = 0; names[i]; i++) vtc_strbuf_printf(&all, "%s%s", i ? ", " : "", names[i]);
    vtc_error(st->ctx, loc,
              "expected string or keyword containing one of the following enum values for attribute "
              "'predicate' [%s]",
              all.data);
    vtc_strbuf_free(&all);
    return false;
  }
  vtc_parse_state_add_attr(st, "predicate", vtc_attr_i64(st->ctx, pred));
  if (!vtc_parse_punct(p, ",")) return false;
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  const vtc_type *t = NULL;
  const vtc_loc *oloc = vtc_parser_loc(p);
  bool ok = vtc_parse_operand_list(p, &refs, &n);
  if (ok && n != 2) ok = vtc_error(st->ctx, oloc, "expected 2 operands, but found %u", n);
  ok = ok && parse_one_flag(p, st, "fastmath", "fastmath", ",") && vtc_parse_optional_attr_dict(p, st) &&
       vtc_parse_colon_type(p, &t);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], t, st);
  if (ok) {
    const vtc_type *i1 = vtc_type_integer(st->ctx, 1);
    VTC_VEC_PUSH(&st->result_types, same_shape_of(st->ctx, t, i1));
  }
  free(refs);
  return ok;
}

static bool parse_cmpi(vtc_parser *p, vtc_parse_state *st) { return parse_cmp(p, st, cmpi_names); }
static bool parse_cmpf(vtc_parser *p, vtc_parse_state *st) { return parse_cmp(p, st, cmpf_names); }

/* ---- select --------------------------------------------------------------------- */

static bool verify_select(vtc_op *op) {
  if (op->num_operands != 3 || op->num_results != 1) return true;
  const vtc_type *c = vtc_op_operand(op, 0)->type, *res = vtc_op_result(op, 0)->type;
  if (!check_type(op, "operand", 0, c, C_BOOL)) return false;
  if (vtc_op_operand(op, 1)->type != res || vtc_op_operand(op, 2)->type != res)
    return vtc_op_error(op, "failed to verify that all of {true_value, false_value, result} have same type");
  if (c->kind == VTC_TYPE_TENSOR) {
    if (res->kind != VTC_TYPE_TENSOR) {
      char *s = vtc_type_to_string(c);
      vtc_op_error(op, "expected condition to be a signless i1, but got '%s'", s);
      free(s);
      return false;
    }
    if (!same_shape(c, res)) {
      const vtc_type *want = same_shape_of(vtc_op_context(op), res, c->element);
      char *w = vtc_type_to_string(want), *h = vtc_type_to_string(c);
      vtc_op_error(op, "expected condition type to have the same shape as the result type, expected '%s', but got '%s'",
                   w, h);
      free(w);
      free(h);
      return false;
    }
  }
  return true;
}

static void print_select(vtc_printer *p, vtc_op *op) {
  if (print_invalid(p, op, 3, 1)) return;
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  const vtc_type *c = vtc_op_operand(op, 0)->type;
  if (c->kind == VTC_TYPE_TENSOR) {
    vtc_printer_type(p, c);
    vtc_printer_puts(p, ", ");
  }
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

static bool parse_select(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, ntypes = 0;
  const vtc_loc *loc = vtc_parser_loc(p);
  bool ok = vtc_parse_operand_list(p, &refs, &n);
  if (ok && n != 3) ok = vtc_error(st->ctx, loc, "expected 3 operands, but found %u", n);
  ok = ok && vtc_parse_optional_attr_dict(p, st) && vtc_parse_punct(p, ":");
  const vtc_loc *tloc = ok ? vtc_parser_loc(p) : NULL;
  ok = ok && vtc_parse_type_list(p, &types, &ntypes);
  if (ok && ntypes > 2) ok = vtc_error(st->ctx, tloc, "expected one or two types");
  if (ok) {
    const vtc_type *cond = ntypes == 2 ? types[0] : vtc_type_integer(st->ctx, 1);
    const vtc_type *res = types[ntypes - 1];
    ok = vtc_parse_resolve_operand(p, &refs[0], cond, st) && vtc_parse_resolve_operand(p, &refs[1], res, st) &&
         vtc_parse_resolve_operand(p, &refs[2], res, st);
    if (ok) VTC_VEC_PUSH(&st->result_types, res);
  }
  free(refs);
  free(types);
  return ok;
}

/* ---- casts ---------------------------------------------------------------------- */

/* in/out constraints and the width relation: +1 wider, -1 shorter, 0 equal
 * (bitcast), 2 any (int <-> float conversions), 3 index cast. */
static bool verify_cast(vtc_op *op, unsigned cin, unsigned cout, int relation) {
  if (op->num_operands != 1 || op->num_results != 1) return true;
  const vtc_type *in = vtc_op_operand(op, 0)->type, *out = vtc_op_result(op, 0)->type;
  if (!check_type(op, "operand", 0, in, cin) || !check_type(op, "result", 0, out, cout)) return false;
  if (!same_shape(in, out)) return vtc_op_error(op, "requires the same shape for all operands and results");
  const vtc_type *ei = vtc_type_element(in), *eo = vtc_type_element(out);
  unsigned wi = vtc_type_bit_width(ei), wo = vtc_type_bit_width(eo);
  char *si = vtc_type_to_string(ei), *so = vtc_type_to_string(eo);
  bool ok = true;
  if (relation == 1 && !(wo > wi))
    ok = vtc_op_error(op, "result type '%s' must be wider than operand type '%s'", so, si);
  else if (relation == -1 && !(wo < wi))
    ok = vtc_op_error(op, "result type '%s' must be shorter than operand type '%s'", so, si);
  else if ((relation == 0 && (wi != wo || ei->kind == VTC_TYPE_INDEX || eo->kind == VTC_TYPE_INDEX)) ||
           (relation == 3 && (ei->kind == VTC_TYPE_INDEX) == (eo->kind == VTC_TYPE_INDEX)))
    ok = vtc_op_error(op, "operand type '%s' and result type '%s' are cast incompatible", si, so);
  free(si);
  free(so);
  return ok;
}

static bool verify_ext_int(vtc_op *op) { return verify_cast(op, C_INT, C_INT, 1); }
static bool verify_trunc_int(vtc_op *op) { return verify_cast(op, C_INT, C_INT, -1); }
static bool verify_ext_float(vtc_op *op) { return verify_cast(op, C_FLOAT, C_FLOAT, 1); }
static bool verify_trunc_float(vtc_op *op) { return verify_cast(op, C_FLOAT, C_FLOAT, -1); }
static bool verify_int_to_float(vtc_op *op) { return verify_cast(op, C_INT, C_FLOAT, 2); }
static bool verify_float_to_int(vtc_op *op) { return verify_cast(op, C_FLOAT, C_INT, 2); }
static bool verify_index_cast(vtc_op *op) { return verify_cast(op, C_INT | C_INDEX, C_INT | C_INDEX, 3); }
static bool verify_bitcast(vtc_op *op) { return verify_cast(op, C_INT | C_FLOAT, C_INT | C_FLOAT, 0); }

static void print_cast(vtc_printer *p, vtc_op *op) {
  if (print_invalid(p, op, 1, 1)) return;
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
  vtc_printer_puts(p, " to ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

static bool parse_cast(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref ref;
  const vtc_type *in = NULL, *out = NULL;
  bool ok = vtc_parse_operand(p, &ref) && vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &in) &&
            vtc_parse_keyword(p, "to") && vtc_parse_type(p, &out) && vtc_parse_resolve_operand(p, &ref, in, st);
  if (ok) VTC_VEC_PUSH(&st->result_types, out);
  return ok;
}

/* ---- the table -------------------------------------------------------------------- */

static const vtc_attr_spec constant_attrs[] = {{"value", -1, false, NULL}, {0}};
static const vtc_attr_spec cmp_attrs[] = {{"predicate", VTC_ATTR_INTEGER, false, NULL}, {0}};

#define EW (VTC_TRAIT_PURE | VTC_TRAIT_ELEMENTWISE)
#define SAME (EW | VTC_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE)
#define COMM VTC_TRAIT_COMMUTATIVE

#define OPD(DIALECT, CODE, NAME, NOPS, TRAITS, VERIFY, PRINT, PARSE, PATTERNS, SUMMARY)                \
  [VTC_ARITH_##CODE] = {.name = DIALECT "." NAME, .num_operands = NOPS, .num_results = 1, .num_regions = 0, \
                        .traits = TRAITS, .verify = VERIFY, .fold = vtc_arith_fold, .print = PRINT,    \
                        .parse = PARSE, .canonical_patterns = PATTERNS, .summary = SUMMARY}
#define OP(...) OPD("arith", __VA_ARGS__)
#define MATH(...) OPD("math", __VA_ARGS__)
#define MFUN(CODE, NAME, SUM) MATH(CODE, NAME, 1, SAME, verify_float_op, print_same_type, parse_unary, NULL, SUM)
#define IBIN(CODE, NAME, TR, PAT, SUM) OP(CODE, NAME, 2, SAME | (TR), verify_int_op, print_same_type, parse_binary, PAT, SUM)
#define FBIN(CODE, NAME, TR, SUM) OP(CODE, NAME, 2, SAME | (TR), verify_float_op, print_same_type, parse_binary, NULL, SUM)
#define FUN(CODE, NAME, SUM) OP(CODE, NAME, 1, SAME, verify_float_op, print_same_type, parse_unary, NULL, SUM)
#define CAST(CODE, NAME, VERIFY, PAT, SUM) OP(CODE, NAME, 1, EW, VERIFY, print_cast, parse_cast, PAT, SUM)

const vtc_op_def vtc_arith_ops[VTC_ARITH_NUM_OPS] = {
    [VTC_ARITH_CONSTANT] = {.name = "arith.constant", .num_operands = 0, .num_results = 1, .num_regions = 0,
                            .traits = VTC_TRAIT_PURE | VTC_TRAIT_CONSTANT_LIKE, .attrs = constant_attrs,
                            .verify = verify_constant, .print = print_constant, .parse = parse_constant,
                            .summary = "An integer, float or dense tensor constant"},
    IBIN(ADDI, "addi", COMM, vtc_arith_addi_patterns, "Integer addition (wraps)"),
    IBIN(SUBI, "subi", 0, vtc_arith_subi_patterns, "Integer subtraction (wraps)"),
    IBIN(MULI, "muli", COMM, vtc_arith_muli_patterns, "Integer multiplication (wraps)"),
    IBIN(DIVSI, "divsi", 0, NULL, "Signed integer division, rounding toward zero"),
    IBIN(DIVUI, "divui", 0, NULL, "Unsigned integer division"),
    IBIN(REMSI, "remsi", 0, NULL, "Signed remainder (sign of the dividend)"),
    IBIN(REMUI, "remui", 0, NULL, "Unsigned remainder"),
    IBIN(FLOORDIVSI, "floordivsi", 0, NULL, "Signed division rounding toward negative infinity"),
    IBIN(CEILDIVSI, "ceildivsi", 0, NULL, "Signed division rounding toward positive infinity"),
    IBIN(CEILDIVUI, "ceildivui", 0, NULL, "Unsigned division rounding up"),
    IBIN(ANDI, "andi", COMM, NULL, "Bitwise and"),
    IBIN(ORI, "ori", COMM, NULL, "Bitwise or"),
    IBIN(XORI, "xori", COMM, vtc_arith_xori_patterns, "Bitwise exclusive or"),
    IBIN(SHLI, "shli", 0, NULL, "Shift left"),
    IBIN(SHRSI, "shrsi", 0, NULL, "Arithmetic shift right"),
    IBIN(SHRUI, "shrui", 0, NULL, "Logical shift right"),
    IBIN(MAXSI, "maxsi", COMM, NULL, "Signed maximum"),
    IBIN(MINSI, "minsi", COMM, NULL, "Signed minimum"),
    IBIN(MAXUI, "maxui", COMM, NULL, "Unsigned maximum"),
    IBIN(MINUI, "minui", COMM, NULL, "Unsigned minimum"),
    FBIN(ADDF, "addf", COMM, "Float addition"),
    FBIN(SUBF, "subf", 0, "Float subtraction"),
    FBIN(MULF, "mulf", COMM, "Float multiplication"),
    FBIN(DIVF, "divf", 0, "Float division"),
    FBIN(REMF, "remf", 0, "Float remainder (fmod)"),
    FBIN(MAXIMUMF, "maximumf", COMM, "Float maximum, propagating NaN"),
    FBIN(MINIMUMF, "minimumf", COMM, "Float minimum, propagating NaN"),
    FBIN(MAXNUMF, "maxnumf", COMM, "Float maximum, preferring numbers over NaN"),
    FBIN(MINNUMF, "minnumf", COMM, "Float minimum, preferring numbers over NaN"),
    FUN(NEGF, "negf", "Float negation"),
    [VTC_ARITH_CMPI] = {.name = "arith.cmpi", .num_operands = 2, .num_results = 1, .num_regions = 0, .traits = EW,
                        .attrs = cmp_attrs, .verify = verify_cmpi, .fold = vtc_arith_fold, .print = print_cmpi,
                        .parse = parse_cmpi, .summary = "Integer comparison by predicate"},
    [VTC_ARITH_CMPF] = {.name = "arith.cmpf", .num_operands = 2, .num_results = 1, .num_regions = 0, .traits = EW,
                        .attrs = cmp_attrs, .verify = verify_cmpf, .fold = vtc_arith_fold, .print = print_cmpf,
                        .parse = parse_cmpf, .summary = "Float comparison by predicate (ordered or unordered)"},
    OP(SELECT, "select", 3, EW, verify_select, print_select, parse_select, vtc_arith_select_patterns,
       "Chooses between two values by an i1 condition"),
    CAST(EXTSI, "extsi", verify_ext_int, NULL, "Sign extension to a wider integer"),
    CAST(EXTUI, "extui", verify_ext_int, NULL, "Zero extension to a wider integer"),
    CAST(TRUNCI, "trunci", verify_trunc_int, NULL, "Truncation to a narrower integer"),
    CAST(EXTF, "extf", verify_ext_float, NULL, "Extension to a wider float"),
    CAST(TRUNCF, "truncf", verify_trunc_float, NULL, "Truncation to a narrower float (round to nearest even)"),
    CAST(SITOFP, "sitofp", verify_int_to_float, NULL, "Signed integer to float"),
    CAST(UITOFP, "uitofp", verify_int_to_float, NULL, "Unsigned integer to float"),
    CAST(FPTOSI, "fptosi", verify_float_to_int, NULL, "Float to signed integer (toward zero)"),
    CAST(FPTOUI, "fptoui", verify_float_to_int, NULL, "Float to unsigned integer (toward zero)"),
    CAST(INDEX_CAST, "index_cast", verify_index_cast, vtc_arith_index_cast_patterns,
         "Between index and integer, sign-extending or truncating"),
    CAST(INDEX_CASTUI, "index_castui", verify_index_cast, vtc_arith_index_castui_patterns,
         "Between index and integer, zero-extending or truncating"),
    CAST(BITCAST, "bitcast", verify_bitcast, NULL,
         "Reinterprets the bits of an integer or float of the same width"),
    /* math */
    MATH(POWF, "powf", 2, SAME, verify_float_op, print_same_type, parse_binary, NULL, "Float power"),
    MFUN(EXP, "exp", "Exponential"),
    MFUN(LOG, "log", "Natural logarithm"),
    MFUN(TANH, "tanh", "Hyperbolic tangent"),
    MFUN(ERF, "erf", "Error function"),
    MFUN(SQRT, "sqrt", "Square root"),
    MFUN(RSQRT, "rsqrt", "Reciprocal square root"),
    MFUN(ABSF, "absf", "Float absolute value"),
    MFUN(SIGMOID, "sigmoid", "Logistic sigmoid 1 / (1 + exp(-x)) (vtc's; MLIR has no sigmoid)"),
    MFUN(FLOOR, "floor", "Rounding toward -inf"),
    MFUN(CEIL, "ceil", "Rounding toward +inf"),
    MFUN(ROUNDEVEN, "roundeven", "Rounding to the nearest integer, ties to even"),
    MFUN(SIN, "sin", "Sine"),
    MFUN(COS, "cos", "Cosine"),
    MFUN(TAN, "tan", "Tangent"),
    MFUN(ASIN, "asin", "Arcsine"),
    MFUN(ACOS, "acos", "Arccosine"),
    MFUN(ATAN, "atan", "Arctangent"),
    MFUN(SINH, "sinh", "Hyperbolic sine"),
    MFUN(COSH, "cosh", "Hyperbolic cosine"),
    MFUN(ASINH, "asinh", "Inverse hyperbolic sine"),
    MFUN(ACOSH, "acosh", "Inverse hyperbolic cosine"),
    MFUN(ATANH, "atanh", "Inverse hyperbolic tangent"),
    MFUN(LOG1P, "log1p", "log(1 + x), exact for small x"),
    MATH(FMA, "fma", 3, SAME, verify_float_op, print_same_type, parse_ternary, NULL,
         "Fused multiply-add a * b + c, rounded once to the type"),
    MATH(ABSI, "absi", 1, SAME, verify_int_op, print_same_type, parse_unary, NULL, "Integer absolute value"),
};

const vtc_dialect vtc_arith_dialect = {
    .name = "arith",
    .ops = vtc_arith_ops,
    .num_ops = VTC_MATH_FIRST,
    .materialize_constant = vtc_arith_materialize_constant,
    .check_attr = check_arith_attr,
    .summary = "Integer and float arithmetic, comparisons, select, casts and constants",
};

const vtc_dialect vtc_math_dialect = {
    .name = "math",
    .ops = vtc_arith_ops + VTC_MATH_FIRST,
    .num_ops = VTC_ARITH_NUM_OPS - VTC_MATH_FIRST,
    .materialize_constant = vtc_arith_materialize_constant,
    .summary = "The math functions a DNN needs: exp, log, tanh, erf, sqrt, rsqrt, powf, abs, sigmoid, rounding, "
               "trigonometry",
};
