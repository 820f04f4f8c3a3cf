/* gir's asynchronous copies (Vortex's L1 stage on a GPU, vortex.txt section
 * 6.1 and Table 1: global -> shared through an S-stage cp.async pipeline):
 * gir.copy_async, gir.async_commit, gir.async_wait, and gir.assume_multiple
 * with the divisibility facts (vtc_gir_known_multiple) that let the
 * verifier prove a copy's 16-byte chunks aligned. */
#include "dialects/gir/gir_impl.h"

/* ---- known multiples ------------------------------------------------------------ */

static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* 0 stands for "zero", a multiple of everything; products saturate to 1
 * (nothing known) rather than overflow. */
static int64_t mul_known(int64_t a, int64_t b) {
  int64_t r;
  if (!a || !b) return 0;
  return __builtin_mul_overflow(a, b, &r) ? 1 : r;
}

enum { kMaxKnownDepth = 32 };

static int64_t known(const vtc_value *v, int depth);

static int64_t known_operand(vtc_op *op, unsigned i, int depth) { return known(vtc_op_operand(op, i), depth); }

static int64_t known_op(vtc_op *d, int depth) {
  const char *n = d->name->name;
  int64_t c;
  if (gir_constant_index(vtc_op_result(d, 0), &c)) return c < 0 ? -c : c;
  if (!strcmp(n, "arith.muli")) return mul_known(known_operand(d, 0, depth), known_operand(d, 1, depth));
  if (!strcmp(n, "arith.addi") || !strcmp(n, "arith.subi"))
    return gcd64(known_operand(d, 0, depth), known_operand(d, 1, depth));
  if (!strcmp(n, "arith.select")) return gcd64(known_operand(d, 1, depth), known_operand(d, 2, depth));
  if (!strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui")) return known_operand(d, 0, depth);
  if (!strcmp(n, "arith.shli") && gir_constant_index(vtc_op_operand(d, 1), &c) && c >= 0 && c < 62)
    return mul_known(known_operand(d, 0, depth), (int64_t)1 << c);
  if (vtc_gir_is(d, "assume_multiple")) {
    int64_t m = vtc_op_get_int_attr(d, VTC_GIR_ATTR_MULTIPLE, 1), x = known_operand(d, 0, depth);
    if (!x) return 0;
    int64_t g = gcd64(m, x), l;
    return __builtin_mul_overflow(m / (g ? g : 1), x, &l) ? m : l; /* lcm(m, x) */
  }
  return 1;
}

static int64_t known(const vtc_value *v, int depth) {
  if (depth > kMaxKnownDepth) return 1;
  if (v->def_op) return v->def_op->num_results == 1 ? known_op(v->def_op, depth + 1) : 1;
  /* gir.for's induction variable: lb + i * step. */
  vtc_op *parent = v->block && v->block->parent ? v->block->parent->parent : NULL;
  if (vtc_gir_is(parent, "for") && v == vtc_gir_for_induction_var(parent))
    return gcd64(known_operand(parent, 0, depth + 1), known_operand(parent, 2, depth + 1));
  return 1;
}

int64_t vtc_gir_known_multiple(const vtc_value *v) { return known(v, 0); }

int64_t vtc_gir_view_known_multiple(const vtc_op *view) {
  vtc_gir_slice_info s;
  if (!vtc_gir_slice_info_of(vtc_op_context((vtc_op *)view), vtc_op_result((vtc_op *)view, 0)->type, &s)) return 1;
  int64_t stride = s.num <= 1 ? 0 : s.stride != VTC_DYNAMIC ? s.stride : vtc_gir_known_multiple(vtc_gir_view_stride(view));
  return gcd64(vtc_gir_known_multiple(vtc_gir_view_offset(view)), stride);
}

/* ---- gir.assume_multiple -------------------------------------------------------------- */

bool gir_verify_assume_multiple(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  if (vtc_op_operand(op, 0)->type->kind != VTC_TYPE_INDEX || vtc_op_result(op, 0)->type->kind != VTC_TYPE_INDEX)
    return vtc_op_error(op, "operand and result must be of type index");
  int64_t m = vtc_op_get_int_attr(op, VTC_GIR_ATTR_MULTIPLE, 0);
  if (m < 1) return vtc_op_error(op, "multiple must be at least 1, but is %lld", (long long)m);
  return true;
}

void gir_print_assume_multiple(vtc_printer *p, vtc_op *op) {
  const vtc_attr *m = vtc_op_get_attr(op, VTC_GIR_ATTR_MULTIPLE);
  if (op->num_operands != 1 || !m || m->kind != VTC_ATTR_INTEGER) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_printf(p, ", %lld", (long long)m->i);
  static const char *const elided[] = {VTC_GIR_ATTR_MULTIPLE, NULL};
  vtc_printer_attr_dict(p, op, elided);
}

bool gir_parse_assume_multiple(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  int64_t m;
  const vtc_type *index = vtc_type_index(st->ctx);
  if (!vtc_parse_operand(p, &r) || !vtc_parse_punct(p, ",") || !vtc_parse_integer(p, &m) ||
      !vtc_parse_optional_attr_dict(p, st) || !vtc_parse_resolve_operand(p, &r, index, st))
    return false;
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_MULTIPLE, vtc_attr_i64(st->ctx, m));
  VTC_VEC_PUSH(&st->result_types, index);
  return true;
}

vtc_value *vtc_gir_build_assume_multiple(vtc_builder *b, const vtc_loc *loc, vtc_value *x, int64_t multiple) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_MULTIPLE), vtc_attr_i64(b->ctx, multiple)};
  return vtc_op_result(vtc_builder_create(b, "gir.assume_multiple", loc, 1, &x, vtc_type_index(b->ctx), 1, &a), 0);
}

/* ---- gir.copy_async ----------------------------------------------------------------------- */

/* A view's offset and stride (in elements) must be multiples of the chunk. */
static bool check_chunk_alignment(vtc_op *op, const char *side, vtc_op *view, const vtc_gir_slice_info *s,
                                  int64_t chunk_elems) {
  if (!view || !vtc_gir_is(view, "view"))
    return vtc_op_error(op, "%s must be a gir.view (its offset and stride must be known multiples of the 16-byte "
                            "chunk)", side);
  int64_t off = vtc_gir_known_multiple(vtc_gir_view_offset(view));
  if (off % chunk_elems)
    return vtc_op_error(op, "%s offset is not known to be a multiple of %lld elements (16 bytes): cp.async moves "
                            "aligned 16-byte chunks (state it with gir.assume_multiple)",
                        side, (long long)chunk_elems);
  int64_t stride = s->stride;
  if (stride == VTC_DYNAMIC) stride = vtc_gir_known_multiple(vtc_gir_view_stride(view));
  if (s->num > 1 && stride % chunk_elems)
    return vtc_op_error(op, "%s stride is not known to be a multiple of %lld elements (16 bytes): every segment "
                            "must start on a chunk (state it with gir.assume_multiple)",
                        side, (long long)chunk_elems);
  return true;
}

bool gir_verify_copy_async(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  if (!gir_require_kernel(op)) return false;
  vtc_gir_slice_info src, dst;
  if (!gir_slice_of(op, vtc_op_operand(op, 0)->type, "source", &src) ||
      !gir_slice_of(op, vtc_op_operand(op, 1)->type, "destination", &dst) ||
      !gir_reject_window(op, vtc_op_operand(op, 0), "an asynchronous copy"))
    return false;
  if (src.level != VTC_GIR_GLOBAL || dst.level != VTC_GIR_SHARED)
    return vtc_op_error(op, "copies global memory to shared memory, not %s to %s", vtc_gir_level_name(src.level),
                        vtc_gir_level_name(dst.level));
  if (src.elem != dst.elem)
    return gir_type_error(op, "source elements %s differ from destination elements %s", src.elem, dst.elem);
  if (src.num != dst.num || src.width != dst.width)
    return vtc_op_error(op, "source is %lldx%lld but destination is %lldx%lld: a copy keeps num and width",
                        (long long)src.num, (long long)src.width, (long long)dst.num, (long long)dst.width);
  int64_t bytes = (int64_t)(vtc_type_bit_width(src.elem) + 7) / 8;
  if (vtc_type_bit_width(src.elem) % 8 || 16 % bytes)
    return gir_type_error(op, "moves 16-byte chunks of whole elements: %s elements do not fit%s", src.elem, NULL);
  int64_t chunk = VTC_GIR_ASYNC_CHUNK_BYTES / bytes;
  if (src.width % chunk)
    return vtc_op_error(op, "segments of %lld elements are not whole 16-byte chunks (%lld elements)",
                        (long long)src.width, (long long)chunk);
  vtc_op *sv = vtc_op_operand(op, 0)->def_op, *dv = vtc_op_operand(op, 1)->def_op;
  if (dv && vtc_gir_is(dv, "view") && vtc_gir_view_valid_num(dv))
    return vtc_op_error(op, "writes every element of its destination: the destination view cannot be masked "
                            "(mask the source: elements outside its `valid` counts are zero-filled)");
  const vtc_attr *pad = sv && vtc_gir_is(sv, "view") ? vtc_gir_view_padding(sv) : NULL;
  if (pad && ((pad->kind == VTC_ATTR_FLOAT && pad->f != 0) || (pad->kind == VTC_ATTR_INTEGER && pad->i != 0)))
    return vtc_op_error(op, "zero-fills elements outside the source's `valid` counts: the source's padding must be "
                            "zero");
  (void)ctx;
  const vtc_attr *swz = vtc_op_get_attr(op, VTC_GIR_ATTR_SWIZZLE);
  if (swz && swz->i != VTC_GIR_SWIZZLE_BYTES)
    return vtc_op_error(op, "swizzle must be %d (bytes), but is %lld", VTC_GIR_SWIZZLE_BYTES, (long long)swz->i);
  return check_chunk_alignment(op, "source", sv, &src, chunk) && check_chunk_alignment(op, "destination", dv, &dst, chunk);
}

void gir_print_copy_async(vtc_printer *p, vtc_op *op) {
  if (op->num_operands != 2) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_puts(p, " to ");
  vtc_printer_value(p, vtc_op_operand(op, 1));
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_operand(op, 1)->type);
}

bool gir_parse_copy_async(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref src, dst;
  const vtc_type *st_, *dt;
  return vtc_parse_operand(p, &src) && vtc_parse_keyword(p, "to") && vtc_parse_operand(p, &dst) &&
         vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &st_) && vtc_parse_punct(p, "->") &&
         vtc_parse_type(p, &dt) && vtc_parse_resolve_operand(p, &src, st_, st) &&
         vtc_parse_resolve_operand(p, &dst, dt, st);
}

vtc_op *vtc_gir_build_copy_async(vtc_builder *b, const vtc_loc *loc, vtc_value *src, vtc_value *dst) {
  vtc_value *ops[2] = {src, dst};
  return vtc_builder_create(b, "gir.copy_async", loc, 2, ops, NULL, 0, NULL);
}

/* ---- gir.async_commit and gir.async_wait ------------------------------------------------------ */

bool gir_verify_async_commit(vtc_op *op) { return gir_require_kernel(op); }

void gir_print_async_commit(vtc_printer *p, vtc_op *op) { vtc_printer_attr_dict(p, op, NULL); }

bool gir_parse_async_commit(vtc_parser *p, vtc_parse_state *st) { return vtc_parse_optional_attr_dict(p, st); }

vtc_op *vtc_gir_build_async_commit(vtc_builder *b, const vtc_loc *loc) {
  return vtc_builder_create(b, "gir.async_commit", loc, 0, NULL, NULL, 0, NULL);
}

int64_t vtc_gir_async_wait_pending(const vtc_op *op) { return vtc_op_get_int_attr(op, VTC_GIR_ATTR_PENDING, 0); }

bool gir_verify_async_wait(vtc_op *op) {
  if (!gir_require_kernel(op)) return false;
  int64_t n = vtc_gir_async_wait_pending(op);
  /* cp.async.wait_group takes an immediate; PTX allows 0..7 pending groups in practice (deeper pipelines do
   * not fit shared memory), and LLVM's intrinsic an i32. */
  if (n < 0 || n > VTC_GIR_ASYNC_MAX_PENDING)
    return vtc_op_error(op, "pending must be in [0, %d], but is %lld", VTC_GIR_ASYNC_MAX_PENDING, (long long)n);
  return true;
}

void gir_print_async_wait(vtc_printer *p, vtc_op *op) {
  const vtc_attr *n = vtc_op_get_attr(op, VTC_GIR_ATTR_PENDING);
  if (!n || n->kind != VTC_ATTR_INTEGER) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %lld", (long long)n->i);
  static const char *const elided[] = {VTC_GIR_ATTR_PENDING, NULL};
  vtc_printer_attr_dict(p, op, elided);
}

bool gir_parse_async_wait(vtc_parser *p, vtc_parse_state *st) {
  int64_t n;
  if (!vtc_parse_integer(p, &n)) return false;
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_PENDING, vtc_attr_i64(st->ctx, n));
  return vtc_parse_optional_attr_dict(p, st);
}

vtc_op *vtc_gir_build_async_wait(vtc_builder *b, const vtc_loc *loc, int64_t pending) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_PENDING), vtc_attr_i64(b->ctx, pending)};
  return vtc_builder_create(b, "gir.async_wait", loc, 0, NULL, NULL, 1, &a);
}
