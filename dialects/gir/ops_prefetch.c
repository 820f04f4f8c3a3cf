/* gir.prefetch: a hint that a memory slice will be read soon. The CPU
 * micro-kernel streams its packed B slivers from L2 (vortex.txt section
 * 6.1's L1 stage on a CPU); the hardware prefetchers leave it waiting on
 * some of those lines, and BLIS's hand-written kernels prefetch them. No
 * effect on the program's meaning: the interpreter ignores it. */
#include "dialects/gir/gir_impl.h"

bool gir_verify_prefetch(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info s;
  if (!gir_slice_of(op, vtc_op_operand(op, 0)->type, "operand", &s)) return false;
  if (s.level == VTC_GIR_REGISTER)
    return gir_type_error(op, "operand %s must be a global or shared slice (registers hold their data)%s",
                          vtc_op_operand(op, 0)->type, NULL);
  return true;
}

void gir_print_prefetch(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
}

bool gir_parse_prefetch(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  const vtc_type *t;
  return vtc_parse_operand(p, &r) && vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &t) &&
         vtc_parse_resolve_operand(p, &r, t, st);
}

vtc_op *vtc_gir_build_prefetch(vtc_builder *b, const vtc_loc *loc, vtc_value *view) {
  return vtc_builder_create(b, "gir.prefetch", loc, 1, &view, NULL, 0, NULL);
}
