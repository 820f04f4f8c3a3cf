/* The graph dialect's custom assembly. Every op but graph.constant uses the
 * core's functional form (ir/asm.h), chosen in its table row; graph.constant
 * prints as MLIR's constants do: `graph.constant {attrs} dense<...> :
 * tensor<...>`, its result type being the value's. */
#include "dialects/graph/graph_impl.h"

void graph_print_constant(vtc_printer *p, vtc_op *op) {
  const vtc_attr *v = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VALUE);
  /* A constant whose type is not its value's (or a broken one in a dump
   * after a failing pass) keeps every part in the functional form. */
  if (!v || v->kind != VTC_ATTR_DENSE || op->num_operands || op->num_results != 1 ||
      vtc_op_result(op, 0)->type != v->type) {
    vtc_printer_functional_form(p, op);
    return;
  }
  static const char *const elided[] = {VTC_GRAPH_ATTR_VALUE, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " ");
  vtc_printer_attr(p, v);
}

bool graph_parse_constant(vtc_parser *p, vtc_parse_state *st) {
  bool functional;
  if (!vtc_parse_optional_attr_dict(p, st) || !vtc_parse_optional_punct(p, ":", &functional)) return false;
  if (functional) return vtc_parse_functional_type(p, st, NULL, 0);
  const vtc_loc *loc = vtc_parser_loc(p);
  const vtc_attr *v;
  if (!vtc_parse_attr(p, NULL, &v)) return false;
  if (v->kind != VTC_ATTR_DENSE || !vtc_type_is_tensor(v->type))
    return vtc_error(st->ctx, loc, "expected a dense tensor value (`dense<...> : tensor<...>`)");
  vtc_parse_state_add_attr(st, VTC_GRAPH_ATTR_VALUE, v);
  VTC_VEC_PUSH(&st->result_types, v->type);
  return true;
}
