/* gir's memory slices and data-movement gOperators (powerfusion.txt section
 * 4, "Memory slice", "Data movement gOperators" and the synchronization
 * gOperators): gir.view, gir.copy and gir.sync, with their builders. */
#include "dialects/gir/gir_impl.h"

/* ---- gir.view ------------------------------------------------------------------ */

/* Operand layout: buffer, offset, [stride when `?`], [valid num, valid width,
 * [first num, first width]]. */
static bool view_has_dynamic_stride(const vtc_op *op) {
  vtc_gir_slice_info s;
  return op->num_results == 1 && vtc_gir_slice_info_of(vtc_op_context(op), op->results[0].type, &s) &&
         s.stride == VTC_DYNAMIC;
}
static unsigned view_base(const vtc_op *op) { return 2 + (view_has_dynamic_stride(op) ? 1u : 0u); }

vtc_value *vtc_gir_view_buffer(const vtc_op *op) { return vtc_op_operand(op, 0); }
vtc_value *vtc_gir_view_offset(const vtc_op *op) { return vtc_op_operand(op, 1); }
vtc_value *vtc_gir_view_stride(const vtc_op *op) {
  return view_has_dynamic_stride(op) ? vtc_op_operand(op, 2) : NULL;
}
static bool view_masked(const vtc_op *op) {
  unsigned b = view_base(op);
  return op->num_operands == b + 2 || op->num_operands == b + 4;
}
vtc_value *vtc_gir_view_valid_num(const vtc_op *op) {
  return view_masked(op) ? vtc_op_operand(op, view_base(op)) : NULL;
}
vtc_value *vtc_gir_view_valid_width(const vtc_op *op) {
  return view_masked(op) ? vtc_op_operand(op, view_base(op) + 1) : NULL;
}
vtc_value *vtc_gir_view_first_num(const vtc_op *op) {
  unsigned b = view_base(op);
  return op->num_operands == b + 4 ? vtc_op_operand(op, b + 2) : NULL;
}
vtc_value *vtc_gir_view_first_width(const vtc_op *op) {
  unsigned b = view_base(op);
  return op->num_operands == b + 4 ? vtc_op_operand(op, b + 3) : NULL;
}
const vtc_attr *vtc_gir_view_padding(const vtc_op *op) { return vtc_op_get_attr(op, VTC_GIR_ATTR_PADDING); }

bool gir_verify_view(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  if (op->num_operands < 2) return vtc_op_error(op, "requires a buffer and an offset");
  vtc_gir_buffer_info b;
  vtc_gir_slice_info s;
  if (!gir_buffer_of(op, vtc_gir_view_buffer(op)->type, "operand #0", &b) ||
      !gir_slice_of(op, vtc_op_result(op, 0)->type, "result", &s))
    return false;
  if (s.level != b.level)
    return vtc_op_error(op, "views a %s buffer, so the slice must be at the %s level, not %s",
                        vtc_gir_level_name(b.level), vtc_gir_level_name(b.level), vtc_gir_level_name(s.level));
  if (s.elem != b.elem)
    return gir_type_error(op, "slice element type %s differs from the buffer's %s", s.elem, b.elem);
  unsigned base = view_base(op);
  if (op->num_operands != base && op->num_operands != base + 2 && op->num_operands != base + 4)
    return vtc_op_error(op,
                        "has %u operands, but expects %u (buffer, offset%s), %u (with valid segments and "
                        "elements) or %u (and the first valid segment and element)",
                        op->num_operands, base, base == 3 ? ", stride" : "", base + 2, base + 4);
  for (unsigned i = 1; i < op->num_operands; i++)
    if (vtc_op_operand(op, i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "operand #%u (offset, stride, valid count or first) must be of type index", i);
  const vtc_attr *pad = vtc_gir_view_padding(op);
  if (pad) {
    if (pad->kind != VTC_ATTR_FLOAT && pad->kind != VTC_ATTR_INTEGER)
      return vtc_op_error(op, "padding must be a float or integer attribute");
    if (pad->type != s.elem) return gir_type_error(op, "padding has type %s, but the elements are %s", pad->type, s.elem);
    if (op->num_operands == base) return vtc_op_error(op, "has a padding value but no valid counts");
  }
  /* Static bounds: a constant offset into a static buffer. */
  int64_t off, total = 1;
  bool is_static = s.stride != VTC_DYNAMIC;
  for (unsigned i = 0; i < b.rank; i++) {
    if (b.dims[i] == VTC_DYNAMIC || __builtin_mul_overflow(total, b.dims[i], &total)) is_static = false;
  }
  /* A view into an empty buffer sits in a loop of no work items: never taken. */
  if (is_static && total > 0 && gir_constant_index(vtc_gir_view_offset(op), &off) && op->num_operands == base) {
    int64_t last;
    bool overflow = __builtin_add_overflow(off, (s.num - 1) * s.stride + s.width, &last);
    if (off < 0 || overflow || last > total)
      return vtc_op_error(op, "slice covers elements [%lld, %lld) of a buffer of %lld elements", (long long)off,
                          overflow ? (long long)INT64_MAX : (long long)last, (long long)total);
  }
  return true;
}

/* `KEYWORD(%a, %b)`: a view's valid counts or first valid element. */
static void print_pair(vtc_printer *p, const char *keyword_paren, vtc_value *a, vtc_value *b) {
  vtc_printer_puts(p, keyword_paren);
  vtc_printer_value(p, a);
  vtc_printer_puts(p, ", ");
  vtc_printer_value(p, b);
  vtc_printer_puts(p, ")");
}

void gir_print_view(vtc_printer *p, vtc_op *op) {
  if (op->num_operands < 2 || op->num_results != 1 ||
      (op->num_operands != view_base(op) && !view_masked(op))) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_gir_view_buffer(op));
  vtc_printer_puts(p, "[");
  vtc_printer_value(p, vtc_gir_view_offset(op));
  vtc_printer_puts(p, "]");
  if (vtc_gir_view_stride(op)) {
    vtc_printer_puts(p, " stride ");
    vtc_printer_value(p, vtc_gir_view_stride(op));
  }
  if (vtc_gir_view_valid_num(op)) print_pair(p, " valid(", vtc_gir_view_valid_num(op), vtc_gir_view_valid_width(op));
  if (vtc_gir_view_first_num(op)) print_pair(p, " from(", vtc_gir_view_first_num(op), vtc_gir_view_first_width(op));
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_gir_view_buffer(op)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

/* `(%a, %b)` after `valid` or `from`, and the pair resolved as indices. */
static bool parse_pair(vtc_parser *p, vtc_operand_ref *a, vtc_operand_ref *b) {
  return vtc_parse_punct(p, "(") && vtc_parse_operand(p, a) && vtc_parse_punct(p, ",") && vtc_parse_operand(p, b) &&
         vtc_parse_punct(p, ")");
}
static bool resolve_pair(vtc_parser *p, vtc_parse_state *st, vtc_operand_ref *a, vtc_operand_ref *b) {
  const vtc_type *index = vtc_type_index(st->ctx);
  return vtc_parse_resolve_operand(p, a, index, st) && vtc_parse_resolve_operand(p, b, index, st);
}

bool gir_parse_view(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  vtc_operand_ref buf, off, stride, vn, vw, fn, fw;
  bool has_stride = false, has_valid = false, has_from = false;
  const vtc_type *bt, *rt;
  if (!vtc_parse_operand(p, &buf) || !vtc_parse_punct(p, "[") || !vtc_parse_operand(p, &off) ||
      !vtc_parse_punct(p, "]") || !vtc_parse_optional_keyword(p, "stride", &has_stride))
    return false;
  if (has_stride && !vtc_parse_operand(p, &stride)) return false;
  if (!vtc_parse_optional_keyword(p, "valid", &has_valid) || (has_valid && !parse_pair(p, &vn, &vw))) return false;
  if (has_valid && (!vtc_parse_optional_keyword(p, "from", &has_from) || (has_from && !parse_pair(p, &fn, &fw))))
    return false;
  if (!vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &bt) || !vtc_parse_punct(p, "->"))
    return false;
  const vtc_loc *tloc = vtc_parser_loc(p);
  if (!vtc_parse_type(p, &rt)) return false;
  vtc_gir_slice_info s;
  if (vtc_gir_slice_info_of(ctx, rt, &s) && (s.stride == VTC_DYNAMIC) != has_stride)
    return vtc_error(ctx, tloc, has_stride ? "'stride' operand given, but the slice's stride is static"
                                           : "the slice's stride is '?': give it with 'stride %%s'");
  const vtc_type *index = vtc_type_index(ctx);
  if (!vtc_parse_resolve_operand(p, &buf, bt, st) || !vtc_parse_resolve_operand(p, &off, index, st)) return false;
  if (has_stride && !vtc_parse_resolve_operand(p, &stride, index, st)) return false;
  if ((has_valid && !resolve_pair(p, st, &vn, &vw)) || (has_from && !resolve_pair(p, st, &fn, &fw))) return false;
  VTC_VEC_PUSH(&st->result_types, rt);
  return true;
}

vtc_value *vtc_gir_build_view(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, vtc_value *offset,
                              const vtc_type *slice_type, vtc_value *dynamic_stride_or_null,
                              vtc_value *valid_num_or_null, vtc_value *valid_width_or_null) {
  return vtc_gir_build_view_window(b, loc, buffer, offset, slice_type, dynamic_stride_or_null, valid_num_or_null,
                                   valid_width_or_null, NULL, NULL);
}

vtc_value *vtc_gir_build_view_window(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, vtc_value *offset,
                                     const vtc_type *slice_type, vtc_value *dynamic_stride_or_null,
                                     vtc_value *valid_num, vtc_value *valid_width, vtc_value *first_num_or_null,
                                     vtc_value *first_width_or_null) {
  vtc_value *ops[7];
  unsigned n = 0;
  ops[n++] = buffer;
  ops[n++] = offset;
  if (dynamic_stride_or_null) ops[n++] = dynamic_stride_or_null;
  if (valid_num) {
    ops[n++] = valid_num;
    ops[n++] = valid_width;
    if (first_num_or_null) {
      ops[n++] = first_num_or_null;
      ops[n++] = first_width_or_null;
    }
  }
  return vtc_op_result(vtc_builder_create(b, "gir.view", loc, n, ops, slice_type, 0, NULL), 0);
}

bool gir_reject_window(vtc_op *op, vtc_value *v, const char *what) {
  vtc_op *d = v->def_op;
  if (!d || !vtc_op_is_named(d, "gir.view") || !vtc_gir_view_first_num(d)) return true;
  return vtc_op_error(op, "%s cannot read or write a view with a first valid element (`from`): only plain copies "
                          "between memory and lane-layout registers mask below a window", what);
}

/* ---- gir.copy ------------------------------------------------------------------- */

vtc_value *vtc_gir_copy_source(const vtc_op *op) { return vtc_op_operand(op, 0); }
vtc_value *vtc_gir_copy_dest(vtc_op *op) {
  return op->num_results ? vtc_op_result(op, 0) : vtc_op_operand(op, 1);
}

bool gir_verify_copy(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  bool to_register = op->num_operands == 1 && op->num_results == 1;
  bool to_memory = op->num_operands == 2 && op->num_results == 0;
  if (!to_register && !to_memory)
    return vtc_op_error(op, "takes a source and returns a register slice, or takes a source and a destination "
                            "view; it has %u operands and %u results",
                        op->num_operands, op->num_results);
  vtc_gir_slice_info src, dst;
  if (!gir_slice_of(op, vtc_gir_copy_source(op)->type, "source", &src) ||
      !gir_slice_of(op, vtc_gir_copy_dest(op)->type, "destination", &dst))
    return false;
  if (to_register && dst.level != VTC_GIR_REGISTER)
    return vtc_op_error(op, "with a result copies into registers, but the result is a %s slice (write to memory "
                            "with 'gir.copy %%src to %%view')",
                        vtc_gir_level_name(dst.level));
  if (to_memory && dst.level == VTC_GIR_REGISTER)
    return vtc_op_error(op, "cannot write into a register slice operand: register slices are values (use the "
                            "result form)");
  if (src.level == VTC_GIR_REGISTER && dst.level == VTC_GIR_REGISTER)
    return vtc_op_error(op, "from registers to registers moves nothing; re-pattern a register slice with "
                            "'gir.sync warp'");
  if (src.elem != dst.elem)
    return gir_type_error(op, "source elements %s differ from destination elements %s (convert with "
                              "gir.elementwise)",
                          src.elem, dst.elem);
  bool plain = src.layout == VTC_GIR_LAYOUT_LANES && dst.layout == VTC_GIR_LAYOUT_LANES &&
               !vtc_gir_copy_is_transposed(op);
  if (!plain && (!gir_reject_window(op, vtc_gir_copy_source(op), "a fragment or transposed copy") ||
                 (to_memory && !gir_reject_window(op, vtc_op_operand(op, 1), "a fragment or transposed copy"))))
    return false;
  if (vtc_gir_copy_is_transposed(op)) {
    if (src.level != VTC_GIR_REGISTER && dst.level != VTC_GIR_REGISTER)
      return vtc_op_error(op, "transposes between registers and memory only (not from %s to %s memory)",
                          vtc_gir_level_name(src.level), vtc_gir_level_name(dst.level));
    if (src.num != dst.width || src.width != dst.num)
      return vtc_op_error(op, "with `transpose`, source %lldx%lld must be destination %lldx%lld transposed",
                          (long long)src.num, (long long)src.width, (long long)dst.num, (long long)dst.width);
    return true;
  }
  if (src.num != dst.num || src.width != dst.width)
    return vtc_op_error(op, "source is %lldx%lld but destination is %lldx%lld: a copy keeps num and width",
                        (long long)src.num, (long long)src.width, (long long)dst.num, (long long)dst.width);
  return true;
}

bool vtc_gir_copy_is_transposed(const vtc_op *op) { return vtc_op_get_attr(op, VTC_GIR_ATTR_TRANSPOSE) != NULL; }

void gir_print_copy(vtc_printer *p, vtc_op *op) {
  bool to_register = op->num_operands == 1 && op->num_results == 1;
  bool to_memory = op->num_operands == 2 && op->num_results == 0;
  if (!to_register && !to_memory) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_gir_copy_source(op));
  if (to_memory) {
    vtc_printer_puts(p, " to ");
    vtc_printer_value(p, vtc_op_operand(op, 1));
  }
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_gir_copy_source(op)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_gir_copy_dest(op)->type);
}

bool gir_parse_copy(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref src, dst;
  bool to = false;
  const vtc_type *st_, *dt;
  if (!vtc_parse_operand(p, &src) || !vtc_parse_optional_keyword(p, "to", &to)) return false;
  if (to && !vtc_parse_operand(p, &dst)) return false;
  if (!vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &st_) || !vtc_parse_punct(p, "->") ||
      !vtc_parse_type(p, &dt) || !vtc_parse_resolve_operand(p, &src, st_, st))
    return false;
  if (to) return vtc_parse_resolve_operand(p, &dst, dt, st);
  VTC_VEC_PUSH(&st->result_types, dt);
  return true;
}

vtc_value *vtc_gir_build_copy_to_register(vtc_builder *b, const vtc_loc *loc, vtc_value *src,
                                          const vtc_type *register_type) {
  return vtc_op_result(vtc_builder_create(b, "gir.copy", loc, 1, &src, register_type, 0, NULL), 0);
}

vtc_op *vtc_gir_build_copy(vtc_builder *b, const vtc_loc *loc, vtc_value *src, vtc_value *dst) {
  vtc_value *ops[2] = {src, dst};
  return vtc_builder_create(b, "gir.copy", loc, 2, ops, NULL, 0, NULL);
}

/* ---- gir.sync --------------------------------------------------------------------- */

vtc_gir_scope vtc_gir_sync_scope(const vtc_op *op) {
  vtc_gir_scope s = VTC_GIR_SCOPE_DEVICE;
  vtc_gir_scope_from_name(gir_str_attr(op, VTC_GIR_ATTR_SCOPE), &s);
  return s;
}

/* The level of a sync operand: a buffer's or a slice's. */
static bool operand_level(vtc_context *ctx, const vtc_type *t, vtc_gir_level *level) {
  vtc_gir_buffer_info b;
  vtc_gir_slice_info s;
  if (vtc_gir_buffer_info_of(ctx, t, &b)) *level = b.level;
  else if (vtc_gir_slice_info_of(ctx, t, &s)) *level = s.level;
  else return false;
  return true;
}

static const char *level_reason(vtc_gir_level l) {
  switch (l) {
  case VTC_GIR_REGISTER: return "registers belong to one unit";
  case VTC_GIR_SHARED: return "shared memory belongs to one group";
  default: return "";
  }
}

bool gir_verify_sync(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  if (!gir_require_kernel(op)) return false;
  vtc_gir_scope scope;
  const char *ss = gir_str_attr(op, VTC_GIR_ATTR_SCOPE);
  if (!vtc_gir_scope_from_name(ss, &scope))
    return vtc_op_error(op, "scope must be \"lane\", \"warp\", \"block\" or \"device\"");
  if (op->num_results == 0) {
    for (unsigned i = 0; i < op->num_operands; i++) {
      vtc_gir_level l;
      const vtc_type *t = vtc_op_operand(op, i)->type;
      if (!operand_level(ctx, t, &l))
        return gir_type_error(op, "operand has type %s%s; a sync orders buffers or memory slices", t, NULL);
      if (l == VTC_GIR_REGISTER)
        return vtc_op_error(op, "orders memory; a register slice is re-patterned by the register form "
                                "'%%r2 = gir.sync warp %%r : A -> B'");
      if (scope > vtc_gir_level_max_scope(l))
        return vtc_op_error(op, "'%s' scope cannot order %s memory: %s (at most '%s' scope)", ss,
                            vtc_gir_level_name(l), level_reason(l), vtc_gir_scope_name(vtc_gir_level_max_scope(l)));
    }
    return true;
  }
  if (op->num_results != 1 || op->num_operands != 1)
    return vtc_op_error(op, "register form takes one register slice and returns one (it has %u operands and %u "
                            "results)",
                        op->num_operands, op->num_results);
  vtc_gir_slice_info in, out;
  if (!gir_register_of(op, vtc_op_operand(op, 0)->type, "operand", &in) ||
      !gir_register_of(op, vtc_op_result(op, 0)->type, "result", &out))
    return false;
  if (scope > VTC_GIR_SCOPE_WARP)
    return vtc_op_error(op, "'%s' scope cannot exchange register slices: %s (go through shared or global memory)", ss,
                        level_reason(VTC_GIR_REGISTER));
  if (in.elem != out.elem) return gir_type_error(op, "changes the element type from %s to %s", in.elem, out.elem);
  if (in.num * in.width != out.num * out.width)
    return vtc_op_error(op, "re-patterns %lldx%lld into %lldx%lld: the element count must stay the same",
                        (long long)in.num, (long long)in.width, (long long)out.num, (long long)out.width);
  if (scope == VTC_GIR_SCOPE_LANE && (in.num != out.num || in.width != out.width || in.layout != out.layout))
    return vtc_op_error(op, "'lane' scope exchanges nothing between lanes, so the pattern cannot change (use 'warp')");
  return true;
}

void gir_print_sync(vtc_printer *p, vtc_op *op) {
  vtc_gir_scope s;
  if (!vtc_gir_scope_from_name(gir_str_attr(op, VTC_GIR_ATTR_SCOPE), &s) ||
      (op->num_results && (op->num_results != 1 || op->num_operands != 1))) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %s", vtc_gir_scope_name(s));
  if (op->num_operands) {
    vtc_printer_puts(p, " ");
    vtc_printer_operands(p, op);
  }
  static const char *const elided[] = {VTC_GIR_ATTR_SCOPE, NULL};
  vtc_printer_attr_dict(p, op, elided);
  if (op->num_operands) gir_print_operand_types(p, op, 0);
  if (op->num_results) {
    vtc_printer_puts(p, " -> ");
    vtc_printer_type(p, vtc_op_result(op, 0)->type);
  }
}

bool gir_parse_sync(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  const char *w;
  const vtc_loc *l;
  vtc_gir_scope scope;
  if (!gir_parse_word(p, &w, &l)) return false;
  if (!vtc_gir_scope_from_name(w, &scope))
    return vtc_error(ctx, l, "unknown sync scope '%s' (expected lane, warp, block or device)", w);
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_SCOPE, vtc_attr_cstring(ctx, w));
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, nt = 0;
  /* Operands start on the scope's line: `gir.sync device` alone is followed
   * by the next op, whose result (`%x = ...`) is no operand of this one. */
  const vtc_loc *next = vtc_parser_loc(p);
  bool same_line = !next || !l || next->line == l->line;
  bool ok = (!same_line || vtc_parse_operand_list(p, &refs, &n)) && vtc_parse_optional_attr_dict(p, st);
  if (ok && n) {
    const vtc_loc *tl = vtc_parser_loc(p);
    ok = vtc_parse_punct(p, ":") && vtc_parse_type_list(p, &types, &nt);
    if (ok && nt != n) ok = vtc_error(ctx, tl, "%u operands present, but %u types", n, nt);
    bool arrow = false;
    if (ok) ok = vtc_parse_optional_punct(p, "->", &arrow);
    if (ok && arrow) {
      const vtc_type *rt;
      ok = vtc_parse_type(p, &rt);
      if (ok) VTC_VEC_PUSH(&st->result_types, rt);
    }
  }
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  free(refs);
  free(types);
  return ok;
}

vtc_op *vtc_gir_build_sync(vtc_builder *b, const vtc_loc *loc, vtc_gir_scope scope, unsigned num_operands,
                           vtc_value *const *memory) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_SCOPE), vtc_attr_cstring(b->ctx, vtc_gir_scope_name(scope))};
  return vtc_builder_create(b, "gir.sync", loc, num_operands, memory, NULL, 1, &a);
}

vtc_value *vtc_gir_build_sync_register(vtc_builder *b, const vtc_loc *loc, vtc_gir_scope scope, vtc_value *slice,
                                       const vtc_type *result_type) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_SCOPE), vtc_attr_cstring(b->ctx, vtc_gir_scope_name(scope))};
  return vtc_op_result(vtc_builder_create(b, "gir.sync", loc, 1, &slice, result_type, 1, &a), 0);
}
