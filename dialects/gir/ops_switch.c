/* gir.switch: the host's index switch (MLIR's scf.index_switch), by which
 * Vortex's run-time selection (vortex.txt section 6.2) picks a variant: an
 * index selector, one region per case value and a default region, each
 * yielding the switch's results.
 *
 *   %r = gir.switch %sel -> index
 *   case 0 {
 *     ...
 *     gir.yield %a : index
 *   }
 *   default {
 *     gir.yield %b : index
 *   }
 *
 * Generic form: operand the selector, attribute `cases` (an array of i64,
 * distinct), regions the cases in order then the default. */
#include "dialects/gir/gir_impl.h"

vtc_value *vtc_gir_switch_selector(const vtc_op *op) { return vtc_op_operand(op, 0); }

unsigned vtc_gir_switch_num_cases(const vtc_op *op) { return op->num_regions ? op->num_regions - 1 : 0; }

int64_t vtc_gir_switch_case_value(const vtc_op *op, unsigned i) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_CASES);
  return a && a->kind == VTC_ATTR_ARRAY && i < a->count ? a->elems[i].value->i : 0;
}

vtc_block *vtc_gir_switch_block(const vtc_op *op, unsigned i) {
  return i < op->num_regions ? op->regions[i].first : NULL;
}

unsigned vtc_gir_switch_region_for(const vtc_op *op, int64_t value) {
  unsigned n = vtc_gir_switch_num_cases(op);
  for (unsigned i = 0; i < n; i++)
    if (vtc_gir_switch_case_value(op, i) == value) return i;
  return n;
}

/* ---- verifier ------------------------------------------------------------------------ */

static bool verify_region(vtc_op *op, unsigned r, const char *what) {
  vtc_block *b = vtc_gir_switch_block(op, r);
  if (!b) return vtc_op_error(op, "%s region must have a block", what);
  if (b->num_args) return vtc_op_error(op, "%s region's block takes no arguments", what);
  vtc_op *y = b->last;
  if (!y || !vtc_gir_is(y, "yield")) return vtc_op_error(op, "%s region must end with 'gir.yield'", what);
  if (y->num_operands != op->num_results)
    return vtc_op_error(y, "yields %u values, but the switch has %u results", y->num_operands, op->num_results);
  for (unsigned i = 0; i < op->num_results; i++)
    if (vtc_op_operand(y, i)->type != vtc_op_result(op, i)->type)
      return gir_type_error(y, "yields a value of type %s for a switch result of type %s", vtc_op_operand(y, i)->type,
                            vtc_op_result(op, i)->type);
  return true;
}

bool gir_verify_switch(vtc_op *op) {
  if (!gir_require_host(op)) return false;
  if (op->num_operands != 1 || vtc_op_operand(op, 0)->type->kind != VTC_TYPE_INDEX)
    return vtc_op_error(op, "requires one selector operand of type index");
  const vtc_attr *cases = vtc_op_get_attr(op, VTC_GIR_ATTR_CASES);
  if (!cases || cases->kind != VTC_ATTR_ARRAY) return vtc_op_error(op, "requires attribute 'cases' (an array of i64)");
  for (unsigned i = 0; i < cases->count; i++) {
    const vtc_attr *c = cases->elems[i].value;
    if (c->kind != VTC_ATTR_INTEGER) return vtc_op_error(op, "case values must be integers");
    for (unsigned j = 0; j < i; j++)
      if (cases->elems[j].value->i == c->i) return vtc_op_error(op, "has case value %lld twice", (long long)c->i);
  }
  if (op->num_regions != cases->count + 1)
    return vtc_op_error(op, "has %u case values but %u regions (one per case, then the default)", cases->count,
                        op->num_regions);
  char what[48];
  for (unsigned r = 0; r < op->num_regions; r++) {
    if (r < cases->count) snprintf(what, sizeof what, "case %lld", (long long)cases->elems[r].value->i);
    else snprintf(what, sizeof what, "default");
    if (!verify_region(op, r, what)) return false;
  }
  return true;
}

/* ---- custom form ------------------------------------------------------------------------ */

void gir_print_switch(vtc_printer *p, vtc_op *op) {
  const vtc_attr *cases = vtc_op_get_attr(op, VTC_GIR_ATTR_CASES);
  if (op->num_operands != 1 || !cases || cases->kind != VTC_ATTR_ARRAY || op->num_regions != cases->count + 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  if (op->num_results) {
    vtc_printer_puts(p, op->num_results == 1 ? " -> " : " -> (");
    for (unsigned i = 0; i < op->num_results; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_type(p, vtc_op_result(op, i)->type);
    }
    if (op->num_results > 1) vtc_printer_puts(p, ")");
  }
  static const char *const elided[] = {VTC_GIR_ATTR_CASES, NULL};
  vtc_printer_attr_dict_with_keyword(p, op, elided);
  for (unsigned r = 0; r < op->num_regions; r++) {
    vtc_printer_newline(p);
    if (r < cases->count) vtc_printer_printf(p, "case %lld", (long long)cases->elems[r].value->i);
    else vtc_printer_puts(p, "default");
    vtc_printer_region(p, vtc_op_region(op, r), false, "gir.yield");
  }
}

bool gir_parse_switch(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  vtc_operand_ref sel;
  const vtc_type **types = NULL;
  unsigned nt = 0;
  bool ok = vtc_parse_operand(p, &sel) && vtc_parse_resolve_operand(p, &sel, vtc_type_index(ctx), st) &&
            vtc_parse_optional_arrow_type_list(p, &types, &nt) && vtc_parse_optional_attr_dict_with_keyword(p, st);
  for (unsigned i = 0; ok && i < nt; i++) VTC_VEC_PUSH(&st->result_types, types[i]);
  free(types);
  VTC_VEC(const vtc_attr *) values = {0};
  bool is_default = false;
  while (ok && !is_default) {
    bool is_case = false;
    const vtc_loc *loc = vtc_parser_loc(p);
    ok = vtc_parse_optional_keyword(p, "case", &is_case);
    if (ok && !is_case) {
      ok = vtc_parse_optional_keyword(p, "default", &is_default);
      if (ok && !is_default) ok = vtc_error(ctx, loc, "expected 'case' or 'default' in a gir.switch");
    }
    int64_t v = 0;
    if (ok && is_case) {
      ok = vtc_parse_integer(p, &v);
      if (ok) VTC_VEC_PUSH(&values, vtc_attr_i64(ctx, v));
    }
    ok = ok && vtc_parse_region(p, vtc_parse_state_add_region(st), NULL, 0, "gir.yield");
  }
  if (ok) vtc_parse_state_add_attr(st, VTC_GIR_ATTR_CASES, vtc_attr_array(ctx, (unsigned)values.len, values.data));
  VTC_VEC_FREE(&values);
  return ok;
}

/* ---- builder ------------------------------------------------------------------------------ */

vtc_op *vtc_gir_build_switch(vtc_builder *b, const vtc_loc *loc, vtc_value *selector, unsigned num_cases,
                             const int64_t *cases, unsigned num_results, const vtc_type *const *result_types) {
  vtc_context *ctx = b->ctx;
  vtc_named_attr a = {vtc_str(ctx, VTC_GIR_ATTR_CASES), vtc_attr_i64_array(ctx, num_cases, cases)};
  vtc_op_state s = {.name = vtc_op_name_get(ctx, "gir.switch"), .loc = loc, .num_operands = 1,
                    .operands = &selector, .num_results = num_results, .result_types = result_types,
                    .num_attrs = 1, .attrs = &a, .num_regions = num_cases + 1};
  vtc_op *op = vtc_builder_insert(b, &s);
  for (unsigned r = 0; r <= num_cases; r++) vtc_region_push_block(vtc_op_region(op, r), vtc_block_create());
  return op;
}
