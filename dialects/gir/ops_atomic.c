/* gir.atomic: a read-modify-write of every element of a global slice
 * (souffle.txt section 6.3: the cross-block reduction of a one-relies-on-
 * many TE with atomicAdd, issue 15 item 7; and a correct float max/min).
 * Each element is its own atomic operation (relaxed order: a gir.sync
 * device orders them against other accesses); elements outside the view's
 * `valid` counts are untouched. */
#include "dialects/gir/gir_impl.h"

static const char *const kind_names[] = {[VTC_GIR_ATOMIC_ADD] = "add", [VTC_GIR_ATOMIC_MAX] = "max",
                                         [VTC_GIR_ATOMIC_MIN] = "min"};

const char *vtc_gir_atomic_kind_name(vtc_gir_atomic_kind k) { return kind_names[k]; }

bool vtc_gir_atomic_kind_from_name(const char *name, vtc_gir_atomic_kind *out) {
  for (unsigned k = 0; name && k < sizeof kind_names / sizeof kind_names[0]; k++)
    if (strcmp(name, kind_names[k]) == 0) {
      *out = (vtc_gir_atomic_kind)k;
      return true;
    }
  return false;
}

vtc_gir_atomic_kind vtc_gir_atomic_kind_of(const vtc_op *op) {
  vtc_gir_atomic_kind k = VTC_GIR_ATOMIC_ADD;
  vtc_gir_atomic_kind_from_name(gir_str_attr(op, VTC_GIR_ATTR_ATOMIC), &k);
  return k;
}

/* The element types with an atomic instruction on both targets (16-bit
 * floats would need a compare-and-swap on a 32-bit word). */
static bool atomic_elem(const vtc_type *t) {
  return (t->kind == VTC_TYPE_INTEGER && (t->width == 32 || t->width == 64)) || t->kind == VTC_TYPE_F32 ||
         t->kind == VTC_TYPE_F64;
}

bool gir_verify_atomic(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  if (!vtc_gir_atomic_kind_from_name(gir_str_attr(op, VTC_GIR_ATTR_ATOMIC), &(vtc_gir_atomic_kind){0}))
    return vtc_op_error(op, "kind must be \"add\", \"max\" or \"min\"");
  if (op->num_operands != 2) return vtc_op_error(op, "takes a global slice and a value (it has %u operands)", op->num_operands);
  vtc_gir_slice_info d;
  if (!gir_slice_of(op, vtc_op_operand(op, 0)->type, "operand #0", &d) ||
      !gir_reject_window(op, vtc_op_operand(op, 0), "an atomic update"))
    return false;
  if (d.level != VTC_GIR_GLOBAL)
    return vtc_op_error(op, "operand #0 must be a global slice: atomics order units of the whole launch (a %s "
                            "slice is not)", vtc_gir_level_name(d.level));
  if (!atomic_elem(d.elem))
    return gir_type_error(op, "element type %s has no atomic operation (i32, i64, f32 or f64)%s", d.elem, NULL);
  const vtc_type *vt = vtc_op_operand(op, 1)->type;
  vtc_gir_slice_info v;
  if (vtc_gir_slice_info_of(vtc_op_context(op), vt, &v)) {
    if (v.level != VTC_GIR_REGISTER || v.layout != VTC_GIR_LAYOUT_LANES)
      return gir_type_error(op, "value %s must be a register slice of the default layout or a scalar%s", vt, NULL);
    if (v.elem != d.elem || v.num != d.num || v.width != d.width)
      return gir_type_error(op, "value %s must have the slice's num x width and element type (%s)", vt,
                            vtc_op_operand(op, 0)->type);
  } else if (vt != d.elem) {
    return gir_type_error(op, "scalar value of type %s must have the slice's element type %s", vt, d.elem);
  }
  return true;
}

/* gir.atomic add %view, %value : !gir.slice<global, ...>, T */
void gir_print_atomic(vtc_printer *p, vtc_op *op) {
  vtc_gir_atomic_kind k;
  if (!vtc_gir_atomic_kind_from_name(gir_str_attr(op, VTC_GIR_ATTR_ATOMIC), &k) || op->num_operands != 2) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %s ", vtc_gir_atomic_kind_name(k));
  vtc_printer_operands(p, op);
  static const char *const elided[] = {VTC_GIR_ATTR_ATOMIC, NULL};
  vtc_printer_attr_dict(p, op, elided);
  gir_print_operand_types(p, op, 0);
}

bool gir_parse_atomic(vtc_parser *p, vtc_parse_state *st) {
  const char *w;
  const vtc_loc *l;
  vtc_gir_atomic_kind k;
  if (!gir_parse_word(p, &w, &l)) return false;
  if (!vtc_gir_atomic_kind_from_name(w, &k))
    return vtc_error(st->ctx, l, "unknown atomic kind '%s' (expected add, max or min)", w);
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_ATOMIC, vtc_attr_cstring(st->ctx, w));
  vtc_operand_ref r[2];
  const vtc_type *t[2];
  return vtc_parse_operand(p, &r[0]) && vtc_parse_punct(p, ",") && vtc_parse_operand(p, &r[1]) &&
         vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &t[0]) && vtc_parse_punct(p, ",") &&
         vtc_parse_type(p, &t[1]) && vtc_parse_resolve_operand(p, &r[0], t[0], st) &&
         vtc_parse_resolve_operand(p, &r[1], t[1], st);
}

vtc_op *vtc_gir_build_atomic(vtc_builder *b, const vtc_loc *loc, vtc_gir_atomic_kind kind, vtc_value *view,
                             vtc_value *value) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_ATOMIC), vtc_attr_cstring(b->ctx, vtc_gir_atomic_kind_name(kind))};
  vtc_value *ops[] = {view, value};
  return vtc_builder_create(b, "gir.atomic", loc, 2, ops, NULL, 1, &a);
}
