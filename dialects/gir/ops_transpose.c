/* gir.transpose: a register slice's rows become its columns. Vortex's CPU
 * packing (vortex.txt section 6.1: the load map applied while packing) needs
 * it to turn rows of A read along K (one vector per row, whole cache lines)
 * into the k-major slivers the micro-kernel broadcasts from; reading the
 * slivers' columns one element at a time instead touches MR lines per
 * element, which sit in one L1 set when a row is a multiple of 4 KiB. */
#include "dialects/gir/gir_impl.h"

bool gir_verify_transpose(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info s, r;
  if (!gir_register_of(op, vtc_op_operand(op, 0)->type, "operand", &s) ||
      !gir_register_of(op, vtc_op_result(op, 0)->type, "result", &r))
    return false;
  if (r.elem != s.elem || r.num != s.width || r.width != s.num)
    return gir_type_error(op, "result %s must be the operand's transpose, %s with num and width swapped",
                          vtc_op_result(op, 0)->type, vtc_op_operand(op, 0)->type);
  return true;
}

void gir_print_transpose(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

bool gir_parse_transpose(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  const vtc_type *from, *to;
  if (!vtc_parse_operand(p, &r) || !vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &from) ||
      !vtc_parse_punct(p, "->") || !vtc_parse_type(p, &to) || !vtc_parse_resolve_operand(p, &r, from, st))
    return false;
  VTC_VEC_PUSH(&st->result_types, to);
  return true;
}

vtc_value *vtc_gir_build_transpose(vtc_builder *b, const vtc_loc *loc, vtc_value *slice) {
  vtc_gir_slice_info s;
  if (!vtc_gir_slice_info_of(b->ctx, slice->type, &s)) return NULL;
  const vtc_type *t = vtc_gir_register_type(b->ctx, s.elem, s.width, s.num);
  return vtc_op_result(vtc_builder_create(b, "gir.transpose", loc, 1, &slice, t, 0, NULL), 0);
}
