/* gir's warpgroup MMA (sm_90's wgmma.mma_async, the tensor-core L0 of
 * Vortex's rKernels on Hopper, vortex.txt section 6.1): gir.wgmma reads
 * its A and B tiles straight from swizzled shared memory, so a CTA's
 * k-tile feeds the tensor cores without ldmatrix; gir.wgmma_fence,
 * gir.wgmma_commit and gir.wgmma_wait order it (gir.h, "warpgroup MMA").
 * The swizzle of gir.copy_async's destination lives here too: it is the
 * layout these read. */
#include "dialects/gir/gir_impl.h"

int64_t vtc_gir_swizzle_index(int64_t index, int64_t elem_bytes) {
  int64_t byte = index * elem_bytes;
  return (byte ^ (((byte >> 7) & 7) << 4)) / elem_bytes;
}

/* ---- gir.wgmma ----------------------------------------------------------------------------- */

static bool transposed(const vtc_op *op, const char *name) { return vtc_op_get_attr(op, name) != NULL; }

/* A shared slice of `rows` x `cols` 16-bit elements with 128-byte rows. */
static bool check_tile(vtc_op *op, const char *what, const vtc_gir_slice_info *s, int64_t rows, int64_t cols) {
  if (s->level != VTC_GIR_SHARED)
    return vtc_op_error(op, "reads %s from shared memory, not %s", what, vtc_gir_level_name(s->level));
  if (s->num != rows || s->width != cols)
    return vtc_op_error(op, "%s must be %lldx%lld, but is %lldx%lld", what, (long long)rows, (long long)cols,
                        (long long)s->num, (long long)s->width);
  int64_t row_elems = VTC_GIR_SWIZZLE_BYTES / 2;
  if (s->num > 1 && s->stride != row_elems)
    return vtc_op_error(op, "%s's rows must be %d bytes (%lld elements) apart, the swizzle's span", what,
                        VTC_GIR_SWIZZLE_BYTES, (long long)row_elems);
  return true;
}

bool gir_verify_wgmma(vtc_op *op) {
  vtc_op *kernel = vtc_gir_enclosing_kernel(op);
  if (!gir_require_kernel(op)) return false;
  if (vtc_gir_kernel_hierarchy(kernel) != VTC_GIR_HIER_GPU || vtc_gir_kernel_group_size(kernel) % 4)
    return vtc_op_error(op, "runs on warpgroups: its kernel must be a GPU kernel of a multiple of 4 units per group");
  if (vtc_op_get_int_attr(op, VTC_GIR_ATTR_SWIZZLE, 0) != VTC_GIR_SWIZZLE_BYTES)
    return vtc_op_error(op, "needs `swizzle = %d` (the one shared layout it reads)", VTC_GIR_SWIZZLE_BYTES);
  vtc_gir_slice_info a, b, c, d;
  if (!gir_slice_of(op, vtc_op_operand(op, 0)->type, "A", &a) || !gir_slice_of(op, vtc_op_operand(op, 1)->type, "B", &b) ||
      !gir_register_of(op, vtc_op_operand(op, 2)->type, "C", &c) ||
      !gir_register_of(op, vtc_op_result(op, 0)->type, "result", &d))
    return false;
  if (a.elem != b.elem || (a.elem->kind != VTC_TYPE_F16 && a.elem->kind != VTC_TYPE_BF16))
    return gir_type_error(op, "multiplies f16 or bf16 tiles of one type, not %s and %s", a.elem, b.elem);
  if (c.layout != VTC_GIR_LAYOUT_MMA_ACC || c.elem->kind != VTC_TYPE_F32 || c.num != 16)
    return vtc_op_error(op, "accumulates into a 16xN f32 mma_acc fragment (this unit's rows of the warpgroup's 64)");
  if (vtc_op_result(op, 0)->type != vtc_op_operand(op, 2)->type)
    return gir_type_error(op, "result type %s must be C's type %s", vtc_op_result(op, 0)->type,
                          vtc_op_operand(op, 2)->type);
  int64_t n = c.width;
  if (n % 8 || n > 256) return vtc_op_error(op, "N must be a multiple of 8 up to 256, but is %lld", (long long)n);
  bool ta = transposed(op, VTC_GIR_ATTR_TRANSPOSE_A), tb = transposed(op, VTC_GIR_ATTR_TRANSPOSE_B);
  int64_t panel = VTC_GIR_SWIZZLE_BYTES / 2, stride = vtc_op_get_int_attr(op, VTC_GIR_ATTR_PANEL_STRIDE, 0);
  bool panels = !tb && n > panel;
  if (panels != (stride != 0))
    return vtc_op_error(op, panels ? "a B of rows along N wider than %lld needs `panel_stride` (its column panels)"
                                   : "has `panel_stride` but its B is one panel (at most %lld wide, or transposed)",
                        (long long)panel);
  if (panels && (stride < 16 * panel || stride % (1024 / 2)))
    return vtc_op_error(op, "panel_stride must hold a 16x%lld panel and keep panels on 1024 bytes, but is %lld",
                        (long long)panel, (long long)stride);
  int64_t bcols = tb ? 16 : panels ? panel : n;
  return check_tile(op, "A", &a, ta ? 16 : 64, ta ? 64 : 16) && check_tile(op, "B", &b, tb ? n : 16, bcols);
}

void gir_print_wgmma(vtc_printer *p, vtc_op *op) { gir_print_mma(p, op); }
bool gir_parse_wgmma(vtc_parser *p, vtc_parse_state *st) { return gir_parse_mma(p, st); }

vtc_value *vtc_gir_build_wgmma(vtc_builder *b, const vtc_loc *loc, vtc_value *a, vtc_value *bm, vtc_value *c,
                               bool transpose_a, bool transpose_b, int64_t panel_stride) {
  vtc_value *ops[3] = {a, bm, c};
  vtc_named_attr attrs[4] = {{vtc_str(b->ctx, VTC_GIR_ATTR_SWIZZLE), vtc_attr_i64(b->ctx, VTC_GIR_SWIZZLE_BYTES)}};
  unsigned n = 1;
  if (transpose_a) attrs[n++] = (vtc_named_attr){vtc_str(b->ctx, VTC_GIR_ATTR_TRANSPOSE_A), vtc_attr_unit(b->ctx)};
  if (transpose_b) attrs[n++] = (vtc_named_attr){vtc_str(b->ctx, VTC_GIR_ATTR_TRANSPOSE_B), vtc_attr_unit(b->ctx)};
  if (panel_stride)
    attrs[n++] = (vtc_named_attr){vtc_str(b->ctx, VTC_GIR_ATTR_PANEL_STRIDE), vtc_attr_i64(b->ctx, panel_stride)};
  return vtc_op_result(vtc_builder_create(b, "gir.wgmma", loc, 3, ops, c->type, n, attrs), 0);
}

/* ---- gir.wgmma_fence, gir.wgmma_commit, gir.wgmma_wait ----------------------------------
 * The forms and verifiers of gir.async_commit and gir.async_wait (ops.c). */

vtc_op *vtc_gir_build_wgmma_fence(vtc_builder *b, const vtc_loc *loc) {
  return vtc_builder_create(b, "gir.wgmma_fence", loc, 0, NULL, NULL, 0, NULL);
}

vtc_op *vtc_gir_build_wgmma_commit(vtc_builder *b, const vtc_loc *loc) {
  return vtc_builder_create(b, "gir.wgmma_commit", loc, 0, NULL, NULL, 0, NULL);
}

vtc_op *vtc_gir_build_wgmma_wait(vtc_builder *b, const vtc_loc *loc, int64_t pending) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_PENDING), vtc_attr_i64(b->ctx, pending)};
  return vtc_builder_create(b, "gir.wgmma_wait", loc, 0, NULL, NULL, 1, &a);
}
