/* gir's computation gOperators (powerfusion.txt section 4, "Computation
 * gOperators": element-wise, reduce, broadcast, and a matrix instruction
 * block), gir.extract, and the temporal loop gir.for (Vortex's temporal loop
 * sets, vortex.txt section 4.2), with their builders. */
#include "dialects/gir/gir_impl.h"

static bool is_scalar(const vtc_type *t) {
  return t->kind == VTC_TYPE_INTEGER || t->kind == VTC_TYPE_INDEX || vtc_type_is_float(t);
}

/* ---- gir.elementwise ---------------------------------------------------------- */

/* Two register slices of one shape put every element in the same lane:
 * the same layout, and for mma_a and mma_b (whose tiles depend on it) the
 * same element width. */
static bool same_distribution(const vtc_gir_slice_info *a, const vtc_gir_slice_info *b) {
  if (a->layout != b->layout) return false;
  if (a->layout != VTC_GIR_LAYOUT_MMA_A && a->layout != VTC_GIR_LAYOUT_MMA_B) return true;
  return vtc_type_bit_width(a->elem) == vtc_type_bit_width(b->elem);
}

vtc_block *vtc_gir_elementwise_body(const vtc_op *op) { return op->num_regions ? op->regions[0].first : NULL; }
bool vtc_gir_elementwise_has_position(const vtc_op *op) {
  vtc_block *b = vtc_gir_elementwise_body(op);
  return b && b->num_args == op->num_operands + 2;
}

bool gir_verify_elementwise(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info out;
  if (!gir_register_of(op, vtc_op_result(op, 0)->type, "result", &out)) return false;
  for (unsigned i = 0; i < op->num_operands; i++) {
    const vtc_type *t = vtc_op_operand(op, i)->type;
    vtc_gir_slice_info s;
    if (vtc_gir_slice_info_of(ctx, t, &s)) {
      if (s.level != VTC_GIR_REGISTER)
        return vtc_op_error(op, "operand #%u is a %s slice; computation reads registers (copy it first)", i,
                            vtc_gir_level_name(s.level));
      if (s.num != out.num || s.width != out.width)
        return vtc_op_error(op, "operand #%u is %lldx%lld, but the result is %lldx%lld", i, (long long)s.num,
                            (long long)s.width, (long long)out.num, (long long)out.width);
      if (!same_distribution(&s, &out))
        return vtc_op_error(op, "operand #%u has layout %s (of %u-bit elements), the result %s (of %u-bit elements): "
                                "every element must be in the same lane (re-pattern with 'gir.sync warp')",
                            i, vtc_gir_layout_name(s.layout), vtc_type_bit_width(s.elem),
                            vtc_gir_layout_name(out.layout), vtc_type_bit_width(out.elem));
    } else if (!is_scalar(t)) {
      return gir_type_error(op, "operand has type %s%s; operands are register slices or scalars", t, NULL);
    }
  }
  vtc_block *body = vtc_gir_elementwise_body(op);
  if (!body) return vtc_op_error(op, "requires a body");
  unsigned n = op->num_operands;
  if (body->num_args != n && body->num_args != n + 2)
    return vtc_op_error(op, "body has %u arguments, but expects %u (one element per operand) or %u (and the "
                            "segment and element position)",
                        body->num_args, n, n + 2);
  for (unsigned i = 0; i < n; i++) {
    const vtc_type *want = vtc_op_operand(op, i)->type;
    const vtc_type *e = vtc_gir_elem_type(ctx, want);
    if (e) want = e;
    if (body->args[i]->type != want)
      return gir_type_error(op, "body argument has type %s, but its operand's element type is %s",
                            body->args[i]->type, want);
  }
  for (unsigned i = n; i < body->num_args; i++)
    if (body->args[i]->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "position argument #%u must be of type index", i);
  vtc_op *y = body->last;
  if (!y || !vtc_gir_is(y, "yield")) return vtc_op_error(op, "body must end with 'gir.yield'");
  if (y->num_operands != 1 || vtc_op_operand(y, 0)->type != out.elem)
    return gir_type_error(y, "must yield one value of the result's element type %s%s", out.elem, NULL);
  for (vtc_op *o = body->first; o; o = o->next) {
    const char *d = o->name->dialect;
    if (strcmp(d, "arith") != 0 && strcmp(d, "math") != 0 && o != y)
      return vtc_op_error(o, "is not allowed in a 'gir.elementwise' body (only arith, math and gir.yield)");
  }
  return true;
}

void gir_print_elementwise(vtc_printer *p, vtc_op *op) {
  if (op->num_results != 1 || op->num_regions != 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, "(");
  vtc_printer_operands(p, op);
  vtc_printer_puts(p, ")");
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : (");
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_operand(op, i)->type);
  }
  vtc_printer_puts(p, ") -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
  vtc_printer_region(p, vtc_op_region(op, 0), true, NULL);
}

bool gir_parse_elementwise(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  const vtc_type *ft = NULL;
  bool ok = vtc_parse_punct(p, "(") && vtc_parse_operand_list(p, &refs, &n) && vtc_parse_punct(p, ")") &&
            vtc_parse_optional_attr_dict(p, st) && vtc_parse_punct(p, ":");
  const vtc_loc *tl = ok ? vtc_parser_loc(p) : NULL;
  ok = ok && vtc_parse_type(p, &ft);
  if (ok && (ft->kind != VTC_TYPE_FUNCTION || ft->num_inputs != n || ft->num_results != 1))
    ok = vtc_error(ctx, tl, "expected a function type from the %u operand types to the result type", n);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], vtc_function_input(ft, i), st);
  if (ok) {
    VTC_VEC_PUSH(&st->result_types, vtc_function_result(ft, 0));
    ok = vtc_parse_region(p, vtc_parse_state_add_region(st), NULL, 0, NULL);
  }
  free(refs);
  return ok;
}

vtc_op *vtc_gir_build_elementwise(vtc_builder *b, const vtc_loc *loc, const vtc_type *result_type,
                                  unsigned num_operands, vtc_value *const *operands, bool with_position) {
  vtc_op_state s = {.name = vtc_op_name_get(b->ctx, "gir.elementwise"), .loc = loc, .num_operands = num_operands,
                    .operands = operands, .num_results = 1, .result_types = &result_type, .num_regions = 1};
  vtc_op *op = vtc_builder_insert(b, &s);
  vtc_block *body = vtc_block_create();
  for (unsigned i = 0; i < num_operands; i++) {
    const vtc_type *e = vtc_gir_elem_type(b->ctx, operands[i]->type);
    vtc_block_add_arg(body, e ? e : operands[i]->type);
  }
  if (with_position) {
    vtc_block_add_arg(body, vtc_type_index(b->ctx));
    vtc_block_add_arg(body, vtc_type_index(b->ctx));
  }
  vtc_region_push_block(vtc_op_region(op, 0), body);
  return op;
}

/* ---- gir.yield ------------------------------------------------------------------- */

bool gir_verify_yield(vtc_op *op) {
  vtc_op *parent = vtc_op_parent_op(op);
  if (!vtc_gir_is(parent, "elementwise") && !vtc_gir_is(parent, "for") && !vtc_gir_is(parent, "switch"))
    return vtc_op_error(op, "expects parent op 'gir.elementwise', 'gir.for' or 'gir.switch'");
  return true; /* the parent checks the yielded types */
}

void gir_print_yield(vtc_printer *p, vtc_op *op) {
  vtc_printer_attr_dict(p, op, NULL);
  if (!op->num_operands) return;
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  gir_print_operand_types(p, op, 0);
}

bool gir_parse_yield(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, nt = 0;
  bool ok = vtc_parse_optional_attr_dict(p, st) && vtc_parse_operand_list(p, &refs, &n);
  if (ok && n) {
    const vtc_loc *l = vtc_parser_loc(p);
    ok = vtc_parse_punct(p, ":") && vtc_parse_type_list(p, &types, &nt);
    if (ok && nt != n) ok = vtc_error(st->ctx, l, "%u operands present, but %u types", n, nt);
  }
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  free(refs);
  free(types);
  return ok;
}

vtc_op *vtc_gir_build_yield(vtc_builder *b, const vtc_loc *loc, unsigned num_values, vtc_value *const *values) {
  return vtc_builder_create(b, "gir.yield", loc, num_values, values, NULL, 0, NULL);
}

/* ---- gir.reduce and gir.broadcast --------------------------------------------------- */

vtc_gir_combiner vtc_gir_reduce_combiner(const vtc_op *op) {
  vtc_gir_combiner c = VTC_GIR_SUM;
  vtc_gir_combiner_from_name(gir_str_attr(op, VTC_GIR_ATTR_COMBINER), &c);
  return c;
}
vtc_gir_axis vtc_gir_reduce_axis(const vtc_op *op) {
  vtc_gir_axis a = VTC_GIR_AXIS_WIDTH;
  vtc_gir_axis_from_name(gir_str_attr(op, VTC_GIR_ATTR_AXIS), &a);
  return a;
}

/* The narrow side of a reduce or broadcast: num x 1 (width) or 1 x width (num). */
static bool check_narrow(vtc_op *op, vtc_gir_axis axis, const vtc_gir_slice_info *wide,
                         const vtc_gir_slice_info *narrow, const char *narrow_what) {
  int64_t en = axis == VTC_GIR_AXIS_WIDTH ? wide->num : 1, ew = axis == VTC_GIR_AXIS_WIDTH ? 1 : wide->width;
  if (narrow->num != en || narrow->width != ew)
    return vtc_op_error(op, "along %s of a %lldx%lld slice, the %s must be %lldx%lld, not %lldx%lld",
                        vtc_gir_axis_name(axis), (long long)wide->num, (long long)wide->width, narrow_what,
                        (long long)en, (long long)ew, (long long)narrow->num, (long long)narrow->width);
  if (wide->elem != narrow->elem)
    return gir_type_error(op, "element types differ: %s and %s", wide->elem, narrow->elem);
  return true;
}

bool gir_verify_reduce(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  vtc_gir_combiner c;
  vtc_gir_axis a;
  if (!vtc_gir_combiner_from_name(gir_str_attr(op, VTC_GIR_ATTR_COMBINER), &c))
    return vtc_op_error(op, "combiner must be one of sum, max, min, prod");
  if (!vtc_gir_axis_from_name(gir_str_attr(op, VTC_GIR_ATTR_AXIS), &a))
    return vtc_op_error(op, "axis must be \"width\" or \"num\"");
  vtc_gir_slice_info in, out;
  if (!gir_register_of(op, vtc_op_operand(op, 0)->type, "operand", &in) ||
      !gir_register_of(op, vtc_op_result(op, 0)->type, "result", &out))
    return false;
  if (out.layout != VTC_GIR_LAYOUT_LANES)
    return vtc_op_error(op, "result has layout %s; a reduction's result has the default layout",
                        vtc_gir_layout_name(out.layout));
  return check_narrow(op, a, &in, &out, "result");
}

void gir_print_reduce(vtc_printer *p, vtc_op *op) {
  vtc_gir_combiner c;
  vtc_gir_axis a;
  if (!vtc_gir_combiner_from_name(gir_str_attr(op, VTC_GIR_ATTR_COMBINER), &c) ||
      !vtc_gir_axis_from_name(gir_str_attr(op, VTC_GIR_ATTR_AXIS), &a)) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %s %s ", vtc_gir_combiner_name(c), vtc_gir_axis_name(a));
  vtc_printer_value(p, vtc_op_operand(op, 0));
  static const char *const elided[] = {VTC_GIR_ATTR_COMBINER, VTC_GIR_ATTR_AXIS, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

static bool parse_axis(vtc_parser *p, vtc_parse_state *st) {
  const char *w;
  const vtc_loc *l;
  vtc_gir_axis a;
  if (!gir_parse_word(p, &w, &l)) return false;
  if (!vtc_gir_axis_from_name(w, &a)) return vtc_error(st->ctx, l, "unknown axis '%s' (expected width or num)", w);
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_AXIS, vtc_attr_cstring(st->ctx, w));
  return true;
}

/* `%x {attrs} : A -> B` */
static bool parse_unary_tail(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  const vtc_type *a, *b;
  if (!vtc_parse_operand(p, &r) || !vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &a) ||
      !vtc_parse_punct(p, "->") || !vtc_parse_type(p, &b) || !vtc_parse_resolve_operand(p, &r, a, st))
    return false;
  VTC_VEC_PUSH(&st->result_types, b);
  return true;
}

bool gir_parse_reduce(vtc_parser *p, vtc_parse_state *st) {
  const char *w;
  const vtc_loc *l;
  vtc_gir_combiner c;
  if (!gir_parse_word(p, &w, &l)) return false;
  if (!vtc_gir_combiner_from_name(w, &c))
    return vtc_error(st->ctx, l, "unknown combiner '%s' (expected sum, max, min or prod)", w);
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_COMBINER, vtc_attr_cstring(st->ctx, w));
  return parse_axis(p, st) && parse_unary_tail(p, st);
}

vtc_value *vtc_gir_build_reduce(vtc_builder *b, const vtc_loc *loc, vtc_gir_combiner combiner, vtc_gir_axis axis,
                                vtc_value *slice) {
  vtc_gir_slice_info s;
  bool ok = vtc_gir_slice_info_of(b->ctx, slice->type, &s);
  (void)ok;
  assert(ok && "gir.reduce of a non-slice");
  const vtc_type *rt = vtc_gir_register_type(b->ctx, s.elem, axis == VTC_GIR_AXIS_WIDTH ? s.num : 1,
                                             axis == VTC_GIR_AXIS_WIDTH ? 1 : s.width);
  vtc_named_attr a[] = {
      {vtc_str(b->ctx, VTC_GIR_ATTR_AXIS), vtc_attr_cstring(b->ctx, vtc_gir_axis_name(axis))},
      {vtc_str(b->ctx, VTC_GIR_ATTR_COMBINER), vtc_attr_cstring(b->ctx, vtc_gir_combiner_name(combiner))},
  };
  return vtc_op_result(vtc_builder_create(b, "gir.reduce", loc, 1, &slice, rt, 2, a), 0);
}

bool gir_verify_broadcast(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info in, out;
  if (!gir_register_of(op, vtc_op_result(op, 0)->type, "result", &out)) return false;
  const vtc_type *t = vtc_op_operand(op, 0)->type;
  const char *as = gir_str_attr(op, VTC_GIR_ATTR_AXIS);
  vtc_gir_axis a;
  if (vtc_op_get_attr(op, VTC_GIR_ATTR_AXIS) && !vtc_gir_axis_from_name(as, &a))
    return vtc_op_error(op, "axis must be \"width\" or \"num\"");
  if (!vtc_gir_slice_info_of(ctx, t, &in)) {
    if (!is_scalar(t) || t->kind == VTC_TYPE_INDEX)
      return gir_type_error(op, "operand has type %s%s; it must be a register slice or an integer or float scalar",
                            t, NULL);
    if (as) return vtc_op_error(op, "broadcasts a scalar to every element: it takes no axis");
    if (t != out.elem) return gir_type_error(op, "scalar of type %s broadcast to elements of type %s", t, out.elem);
    return true;
  }
  if (in.level != VTC_GIR_REGISTER) return gir_register_of(op, t, "operand", &in);
  if (in.layout != VTC_GIR_LAYOUT_LANES)
    return vtc_op_error(op, "operand has layout %s; a broadcast reads a slice of the default layout",
                        vtc_gir_layout_name(in.layout));
  if (!as) {
    if (in.num != 1 || in.width != 1)
      return vtc_op_error(op, "without an axis broadcasts a scalar or a 1x1 slice, not %lldx%lld", (long long)in.num,
                          (long long)in.width);
    if (in.elem != out.elem) return gir_type_error(op, "element types differ: %s and %s", in.elem, out.elem);
    return true;
  }
  return check_narrow(op, a, &out, &in, "operand");
}

void gir_print_broadcast(vtc_printer *p, vtc_op *op) {
  vtc_gir_axis a;
  const char *as = gir_str_attr(op, VTC_GIR_ATTR_AXIS);
  if (vtc_op_get_attr(op, VTC_GIR_ATTR_AXIS) && !vtc_gir_axis_from_name(as, &a)) {
    vtc_printer_invalid(p, op);
    return;
  }
  if (as) vtc_printer_printf(p, " %s", as);
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  static const char *const elided[] = {VTC_GIR_ATTR_AXIS, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

bool gir_parse_broadcast(vtc_parser *p, vtc_parse_state *st) {
  bool w = false, n = false;
  if (!vtc_parse_optional_keyword(p, "width", &w)) return false;
  if (!w && !vtc_parse_optional_keyword(p, "num", &n)) return false;
  if (w || n) vtc_parse_state_add_attr(st, VTC_GIR_ATTR_AXIS, vtc_attr_cstring(st->ctx, w ? "width" : "num"));
  return parse_unary_tail(p, st);
}

vtc_value *vtc_gir_build_broadcast(vtc_builder *b, const vtc_loc *loc, vtc_gir_axis axis, vtc_value *value,
                                   const vtc_type *result_type) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_AXIS), vtc_attr_cstring(b->ctx, vtc_gir_axis_name(axis))};
  bool slice = vtc_gir_is_slice(value->type);
  vtc_gir_slice_info s;
  if (slice && vtc_gir_slice_info_of(b->ctx, value->type, &s) && s.num == 1 && s.width == 1) slice = false;
  return vtc_op_result(vtc_builder_create(b, "gir.broadcast", loc, 1, &value, result_type, slice ? 1 : 0, &a), 0);
}

/* ---- gir.mma ------------------------------------------------------------------------- */

/* Tensor-core fragments: all three operands are fragments of their role,
 * with inputs and accumulator mma.sync multiplies (f16 x f16 + f32 or f16,
 * bf16 x bf16 + f32, and f32 x f32 + f32 as tf32, which `tf32` allows).
 * FFMA thread tiles: all three of their role, any types gir.mma takes. */
static bool verify_mma_fragments(vtc_op *op, const vtc_gir_slice_info *a, const vtc_gir_slice_info *b,
                                 const vtc_gir_slice_info *c) {
  bool tf32 = vtc_op_get_attr(op, VTC_GIR_ATTR_TF32) != NULL;
  bool any = a->layout || b->layout || c->layout;
  bool ffma = a->layout >= VTC_GIR_LAYOUT_FFMA_A || b->layout >= VTC_GIR_LAYOUT_FFMA_A ||
              c->layout >= VTC_GIR_LAYOUT_FFMA_A;
  if (!any || ffma) {
    if (tf32) return vtc_op_error(op, "`tf32` needs tensor-core fragments (mma_a, mma_b, mma_acc operands)");
    if (ffma && (a->layout != VTC_GIR_LAYOUT_FFMA_A || b->layout != VTC_GIR_LAYOUT_FFMA_B ||
                 c->layout != VTC_GIR_LAYOUT_FFMA_ACC))
      return vtc_op_error(op, "on thread tiles takes A as ffma_a, B as ffma_b and C as ffma_acc (they are %s, %s, %s)",
                          vtc_gir_layout_name(a->layout), vtc_gir_layout_name(b->layout),
                          vtc_gir_layout_name(c->layout));
    return true;
  }
  if (a->layout != VTC_GIR_LAYOUT_MMA_A || b->layout != VTC_GIR_LAYOUT_MMA_B || c->layout != VTC_GIR_LAYOUT_MMA_ACC)
    return vtc_op_error(op, "on fragments takes A as mma_a, B as mma_b and C as mma_acc (they are %s, %s, %s)",
                        vtc_gir_layout_name(a->layout), vtc_gir_layout_name(b->layout),
                        vtc_gir_layout_name(c->layout));
  vtc_type_kind ak = a->elem->kind, ck = c->elem->kind;
  bool ok = (ak == VTC_TYPE_F16 && (ck == VTC_TYPE_F32 || ck == VTC_TYPE_F16)) ||
            (ak == VTC_TYPE_BF16 && ck == VTC_TYPE_F32) || (ak == VTC_TYPE_F32 && ck == VTC_TYPE_F32);
  if (!ok)
    return gir_type_error(op, "tensor cores multiply f16 into f32 or f16, bf16 into f32, and f32 (as tf32) into "
                              "f32, not %s into %s",
                          a->elem, c->elem);
  if (ak == VTC_TYPE_F32 && !tf32)
    return vtc_op_error(op, "multiplies f32 fragments on tensor cores, which round the inputs to tf32: say so with "
                            "`tf32` (or use the default layout for exact f32 FMAs)");
  if (ak != VTC_TYPE_F32 && tf32) return vtc_op_error(op, "`tf32` applies to f32 inputs only");
  return true;
}

bool gir_verify_mma(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info a, b, c, d;
  if (!gir_register_of(op, vtc_op_operand(op, 0)->type, "A", &a) ||
      !gir_register_of(op, vtc_op_operand(op, 1)->type, "B", &b) ||
      !gir_register_of(op, vtc_op_operand(op, 2)->type, "C", &c) ||
      !gir_register_of(op, vtc_op_result(op, 0)->type, "result", &d))
    return false;
  if (a.width != b.num)
    return vtc_op_error(op, "A is %lldx%lld and B is %lldx%lld: A's width (K) must equal B's num", (long long)a.num,
                        (long long)a.width, (long long)b.num, (long long)b.width);
  if (c.num != a.num || c.width != b.width)
    return vtc_op_error(op, "C is %lldx%lld, but A x B is %lldx%lld", (long long)c.num, (long long)c.width,
                        (long long)a.num, (long long)b.width);
  if (vtc_op_result(op, 0)->type != vtc_op_operand(op, 2)->type)
    return gir_type_error(op, "result type %s must be C's type %s", vtc_op_result(op, 0)->type,
                          vtc_op_operand(op, 2)->type);
  if (a.elem != b.elem) return gir_type_error(op, "A and B element types differ: %s and %s", a.elem, b.elem);
  bool af = vtc_type_is_float(a.elem), cf = vtc_type_is_float(c.elem);
  if (af != cf || vtc_type_bit_width(c.elem) < vtc_type_bit_width(a.elem))
    return gir_type_error(op, "accumulator %s cannot hold products of %s (same kind, at least as wide)", c.elem,
                          a.elem);
  return verify_mma_fragments(op, &a, &b, &c);
}

void gir_print_mma(vtc_printer *p, vtc_op *op) {
  if (op->num_operands != 3 || op->num_results != 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  vtc_printer_attr_dict(p, op, NULL);
  gir_print_operand_types(p, op, 0);
  if (vtc_op_result(op, 0)->type != vtc_op_operand(op, 2)->type) {
    vtc_printer_puts(p, " -> ");
    vtc_printer_type(p, vtc_op_result(op, 0)->type);
  }
}

bool gir_parse_mma(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, nt = 0;
  const vtc_loc *l = vtc_parser_loc(p);
  bool ok = vtc_parse_operand_list(p, &refs, &n) && vtc_parse_optional_attr_dict(p, st) &&
            vtc_parse_punct(p, ":") && vtc_parse_type_list(p, &types, &nt);
  if (ok && (n != 3 || nt != 3)) ok = vtc_error(st->ctx, l, "expected three operands A, B, C and their types");
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  bool arrow = false;
  if (ok) ok = vtc_parse_optional_punct(p, "->", &arrow);
  const vtc_type *rt = ok ? types[2] : NULL;
  if (ok && arrow) ok = vtc_parse_type(p, &rt);
  if (ok) VTC_VEC_PUSH(&st->result_types, rt);
  free(refs);
  free(types);
  return ok;
}

vtc_value *vtc_gir_build_mma(vtc_builder *b, const vtc_loc *loc, vtc_value *a, vtc_value *bm, vtc_value *c) {
  vtc_value *ops[3] = {a, bm, c};
  return vtc_op_result(vtc_builder_create(b, "gir.mma", loc, 3, ops, c->type, 0, NULL), 0);
}

/* ---- gir.extract ------------------------------------------------------------------------ */

static bool extract_position(const vtc_op *op, int64_t *seg, int64_t *elem) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
  if (!a || a->kind != VTC_ATTR_ARRAY || a->count != 2) return false;
  const vtc_attr *x = a->elems[0].value, *y = a->elems[1].value;
  if (x->kind != VTC_ATTR_INTEGER || y->kind != VTC_ATTR_INTEGER) return false;
  *seg = x->i;
  *elem = y->i;
  return true;
}

bool gir_verify_extract(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info s;
  if (!gir_register_of(op, vtc_op_operand(op, 0)->type, "operand", &s)) return false;
  int64_t i, j;
  if (!extract_position(op, &i, &j)) return vtc_op_error(op, "position must be an array of two integers");
  if (i < 0 || i >= s.num || j < 0 || j >= s.width)
    return vtc_op_error(op, "position [%lld, %lld] is outside the %lldx%lld slice", (long long)i, (long long)j,
                        (long long)s.num, (long long)s.width);
  if (vtc_op_result(op, 0)->type != s.elem)
    return gir_type_error(op, "result type %s must be the element type %s", vtc_op_result(op, 0)->type, s.elem);
  return true;
}

void gir_print_extract(vtc_printer *p, vtc_op *op) {
  int64_t i, j;
  if (!extract_position(op, &i, &j)) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_printf(p, "[%lld, %lld]", (long long)i, (long long)j);
  static const char *const elided[] = {VTC_GIR_ATTR_POSITION, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
}

bool gir_parse_extract(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  int64_t pos[2];
  const vtc_type *t;
  if (!vtc_parse_operand(p, &r) || !vtc_parse_punct(p, "[") || !vtc_parse_integer(p, &pos[0]) ||
      !vtc_parse_punct(p, ",") || !vtc_parse_integer(p, &pos[1]) || !vtc_parse_punct(p, "]") ||
      !vtc_parse_optional_attr_dict(p, st))
    return false;
  const vtc_loc *l = vtc_parser_loc(p);
  if (!vtc_parse_colon_type(p, &t) || !vtc_parse_resolve_operand(p, &r, t, st)) return false;
  const vtc_type *e = vtc_gir_elem_type(st->ctx, t);
  if (!e) return vtc_error(st->ctx, l, "expected a register slice type");
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_POSITION, vtc_attr_i64_array(st->ctx, 2, pos));
  VTC_VEC_PUSH(&st->result_types, e);
  return true;
}

vtc_value *vtc_gir_build_extract(vtc_builder *b, const vtc_loc *loc, vtc_value *slice, int64_t segment,
                                 int64_t element) {
  int64_t pos[2] = {segment, element};
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_POSITION), vtc_attr_i64_array(b->ctx, 2, pos)};
  const vtc_type *e = vtc_gir_elem_type(b->ctx, slice->type);
  return vtc_op_result(vtc_builder_create(b, "gir.extract", loc, 1, &slice, e, 1, &a), 0);
}

/* ---- gir.for ------------------------------------------------------------------------------- */

vtc_block *vtc_gir_for_body(const vtc_op *op) { return op->num_regions ? op->regions[0].first : NULL; }
vtc_value *vtc_gir_for_induction_var(const vtc_op *op) { return vtc_gir_for_body(op)->args[0]; }
unsigned vtc_gir_for_num_iter(const vtc_op *op) { return op->num_operands >= 3 ? op->num_operands - 3 : 0; }

int64_t vtc_gir_for_unroll(const vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_UNROLL);
  return a && a->kind == VTC_ATTR_INTEGER && a->i >= 1 ? a->i : 1;
}

void vtc_gir_for_set_unroll(vtc_op *op, int64_t count) {
  vtc_context *ctx = vtc_op_context(op);
  if (count > 1)
    vtc_op_set_attr(op, VTC_GIR_ATTR_UNROLL, vtc_attr_i64(ctx, count));
  else
    vtc_op_remove_attr(op, VTC_GIR_ATTR_UNROLL);
}

bool gir_verify_for(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  if (op->num_operands < 3) return vtc_op_error(op, "requires lower bound, upper bound and step operands");
  for (unsigned i = 0; i < 3; i++)
    if (vtc_op_operand(op, i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "lower bound, upper bound and step must be of type index");
  int64_t step;
  if (gir_constant_index(vtc_op_operand(op, 2), &step) && step <= 0)
    return vtc_op_error(op, "step must be positive, but is %lld", (long long)step);
  const vtc_attr *unroll = vtc_op_get_attr(op, VTC_GIR_ATTR_UNROLL);
  if (unroll && (unroll->kind != VTC_ATTR_INTEGER || unroll->i < 1 || unroll->i > 64))
    return vtc_op_error(op, "'unroll' must be an integer from 1 to 64");
  unsigned n = vtc_gir_for_num_iter(op);
  if (op->num_results != n)
    return vtc_op_error(op, "has %u loop-carried values but %u results", n, op->num_results);
  vtc_block *body = vtc_gir_for_body(op);
  if (!body) return vtc_op_error(op, "requires a body");
  if (body->num_args != n + 1 || body->args[0]->type->kind != VTC_TYPE_INDEX)
    return vtc_op_error(op, "body must have an index induction variable and %u loop-carried arguments", n);
  vtc_op *y = body->last;
  if (!y || !vtc_gir_is(y, "yield")) return vtc_op_error(op, "body must end with 'gir.yield'");
  if (y->num_operands != n) return vtc_op_error(y, "yields %u values, but the loop carries %u", y->num_operands, n);
  for (unsigned i = 0; i < n; i++) {
    const vtc_type *t = vtc_op_operand(op, 3 + i)->type;
    if (vtc_op_result(op, i)->type != t || body->args[1 + i]->type != t || vtc_op_operand(y, i)->type != t)
      return gir_type_error(op, "loop-carried value has type %s; its result, body argument and yield must match%s",
                            t, NULL);
  }
  return true;
}

void gir_print_for(vtc_printer *p, vtc_op *op) {
  vtc_block *body = vtc_gir_for_body(op);
  unsigned n = vtc_gir_for_num_iter(op);
  if (op->num_operands < 3 || !body || body->num_args != n + 1 || op->num_results != n) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, body->args[0]);
  vtc_printer_puts(p, " = ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_puts(p, " to ");
  vtc_printer_value(p, vtc_op_operand(op, 1));
  vtc_printer_puts(p, " step ");
  vtc_printer_value(p, vtc_op_operand(op, 2));
  if (n) {
    vtc_printer_puts(p, " iter_args(");
    for (unsigned i = 0; i < n; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_value(p, body->args[1 + i]);
      vtc_printer_puts(p, " = ");
      vtc_printer_value(p, vtc_op_operand(op, 3 + i));
    }
    vtc_printer_puts(p, ") -> (");
    for (unsigned i = 0; i < n; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_type(p, vtc_op_result(op, i)->type);
    }
    vtc_printer_puts(p, ")");
  }
  vtc_printer_attr_dict_with_keyword(p, op, NULL);
  vtc_printer_region(p, vtc_op_region(op, 0), false, "gir.yield");
}

bool gir_parse_for(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  const vtc_type *index = vtc_type_index(ctx);
  VTC_VEC(vtc_arg_ref) args = {0};
  VTC_VEC(vtc_operand_ref) inits = {0};
  vtc_arg_ref iv;
  memset(&iv, 0, sizeof iv);
  vtc_operand_ref lb, ub, step;
  const vtc_type **types = NULL;
  unsigned nt = 0;
  bool ok = vtc_parse_operand(p, &iv.ref) && vtc_parse_punct(p, "=") && vtc_parse_operand(p, &lb) &&
            vtc_parse_keyword(p, "to") && vtc_parse_operand(p, &ub) && vtc_parse_keyword(p, "step") &&
            vtc_parse_operand(p, &step);
  iv.type = index;
  if (ok) VTC_VEC_PUSH(&args, iv);
  bool has_iter = false;
  if (ok) ok = vtc_parse_optional_keyword(p, "iter_args", &has_iter);
  if (ok && has_iter) {
    ok = vtc_parse_punct(p, "(");
    bool more = true;
    while (ok && more) {
      vtc_arg_ref a;
      memset(&a, 0, sizeof a);
      vtc_operand_ref init;
      ok = vtc_parse_operand(p, &a.ref) && vtc_parse_punct(p, "=") && vtc_parse_operand(p, &init) &&
           vtc_parse_optional_punct(p, ",", &more);
      if (ok) {
        VTC_VEC_PUSH(&args, a);
        VTC_VEC_PUSH(&inits, init);
      }
    }
    ok = ok && vtc_parse_punct(p, ")") && vtc_parse_punct(p, "->") && vtc_parse_punct(p, "(");
    const vtc_loc *l = ok ? vtc_parser_loc(p) : NULL;
    ok = ok && vtc_parse_type_list(p, &types, &nt) && vtc_parse_punct(p, ")");
    if (ok && nt != inits.len) ok = vtc_error(ctx, l, "%zu loop-carried values, but %u types", inits.len, nt);
  }
  ok = ok && vtc_parse_resolve_operand(p, &lb, index, st) && vtc_parse_resolve_operand(p, &ub, index, st) &&
       vtc_parse_resolve_operand(p, &step, index, st);
  for (unsigned i = 0; ok && i < nt; i++) {
    ok = vtc_parse_resolve_operand(p, &inits.data[i], types[i], st);
    args.data[1 + i].type = types[i];
    VTC_VEC_PUSH(&st->result_types, types[i]);
  }
  ok = ok && vtc_parse_optional_attr_dict_with_keyword(p, st) &&
       vtc_parse_region(p, vtc_parse_state_add_region(st), args.data, (unsigned)args.len, "gir.yield");
  VTC_VEC_FREE(&args);
  VTC_VEC_FREE(&inits);
  free(types);
  return ok;
}

vtc_op *vtc_gir_build_for(vtc_builder *b, const vtc_loc *loc, vtc_value *lower, vtc_value *upper, vtc_value *step,
                          unsigned num_iter, vtc_value *const *iter_init) {
  vtc_value **ops = vtc_xcalloc(num_iter + 3, sizeof *ops);
  const vtc_type **types = vtc_xcalloc(num_iter + 1, sizeof *types);
  ops[0] = lower;
  ops[1] = upper;
  ops[2] = step;
  for (unsigned i = 0; i < num_iter; i++) {
    ops[3 + i] = iter_init[i];
    types[i] = iter_init[i]->type;
  }
  vtc_op_state s = {.name = vtc_op_name_get(b->ctx, "gir.for"), .loc = loc, .num_operands = num_iter + 3,
                    .operands = ops, .num_results = num_iter, .result_types = types, .num_regions = 1};
  vtc_op *op = vtc_builder_insert(b, &s);
  vtc_block *body = vtc_block_create();
  vtc_block_add_arg(body, vtc_type_index(b->ctx));
  for (unsigned i = 0; i < num_iter; i++) vtc_block_add_arg(body, types[i]);
  vtc_region_push_block(vtc_op_region(op, 0), body);
  free(ops);
  free(types);
  return op;
}
