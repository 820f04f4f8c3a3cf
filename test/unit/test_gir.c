/* The gir dialect through its C API: slice and buffer types (construction,
 * decoding, canonical spelling), a kernel and its host function built with
 * the gir.h builders, verified, printed and reparsed, the accessors, and
 * verifier errors on IR built wrong. */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"
#include "ir/verifier.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *ctx;
static char last_error[512];
static unsigned errors;

static void handler(const vtc_diagnostic *d, void *data) {
  (void)data;
  if (d->severity != VTC_SEV_ERROR) return;
  errors++;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  snprintf(last_error, sizeof last_error, "%s", b.data ? b.data : "");
  vtc_strbuf_free(&b);
}

static char *print_op(vtc_op *op, bool generic) {
  vtc_print_flags f = {.generic = generic, .elide_elements_above = -1};
  vtc_strbuf b = {0};
  vtc_print_op(op, &f, &b);
  return vtc_strbuf_take(&b);
}

static void test_types(void) {
  const vtc_type *f32 = vtc_type_f32(ctx);
  const vtc_type *r = vtc_gir_register_type(ctx, f32, 4, 16);
  CHECK_EQ_STR(r->body, "register, 4x16xf32");
  CHECK(vtc_gir_is_slice(r) && vtc_gir_is_register(ctx, r) && !vtc_gir_is_buffer(r));
  CHECK(vtc_parse_type_string(ctx, "!gir.slice<register, 4x16xf32>") == r);
  const vtc_type *g = vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, f32, 4, 16, 64);
  CHECK_EQ_STR(g->body, "global, 4x16xf32, 64");
  const vtc_type *d = vtc_gir_slice_type(ctx, VTC_GIR_SHARED, vtc_type_integer(ctx, 8), 2, 32, VTC_DYNAMIC);
  CHECK_EQ_STR(d->body, "shared, 2x32xi8, ?");
  CHECK(vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, f32, 4, 16, 16) ==
        vtc_parse_type_string(ctx, "!gir.slice<global, 4x16xf32>"));
  vtc_gir_slice_info s;
  CHECK(vtc_gir_slice_info_of(ctx, d, &s));
  CHECK(s.level == VTC_GIR_SHARED && s.elem == vtc_type_integer(ctx, 8) && s.num == 2 && s.width == 32 &&
        s.stride == VTC_DYNAMIC);
  CHECK_EQ_INT(vtc_gir_slice_elems(ctx, g), 64);
  CHECK(vtc_gir_elem_type(ctx, g) == f32);

  int64_t dims[2] = {VTC_DYNAMIC, 64};
  const vtc_type *b = vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, f32, 2, dims);
  CHECK_EQ_STR(b->body, "global, ?x64xf32");
  CHECK(vtc_parse_type_string(ctx, "!gir.buffer<global, ?x64xf32>") == b);
  vtc_gir_buffer_info bi;
  CHECK(vtc_gir_buffer_info_of(ctx, b, &bi) && bi.rank == 2 && bi.dims[0] == VTC_DYNAMIC && bi.dims[1] == 64);
  const vtc_type *scalar = vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, vtc_type_bf16(ctx), 0, NULL);
  CHECK_EQ_STR(scalar->body, "global, bf16");
  CHECK(vtc_gir_buffer_info_of(ctx, scalar, &bi) && bi.rank == 0 && bi.elem == vtc_type_bf16(ctx));
  CHECK(!vtc_gir_slice_info_of(ctx, b, &s));
  CHECK(!vtc_gir_buffer_info_of(ctx, f32, &bi));

  const char *err = NULL;
  CHECK(!vtc_gir_check_type(ctx, "slice", vtc_str(ctx, "register,4x16xf32"), &err));
  CHECK(err && strstr(err, "write '!gir.slice<register, 4x16xf32>'"));
  CHECK(!vtc_gir_check_type(ctx, "slice", vtc_str(ctx, "global, 4x16xf32, 16"), &err));
  CHECK(err && strstr(err, "write '!gir.slice<global, 4x16xf32>'"));
  CHECK(!vtc_gir_check_type(ctx, "slice", vtc_str(ctx, "global, 0x16xf32"), &err));
  CHECK(err && strstr(err, "at least 1"));
  CHECK(!vtc_gir_check_type(ctx, "slice", vtc_str(ctx, "global, 4x16xindex"), &err));
  CHECK(!vtc_gir_check_type(ctx, "buffer", vtc_str(ctx, "global, 4x"), &err));
  CHECK(!vtc_gir_check_type(ctx, "slice", vtc_str(ctx, "global, 99999999999999999999x1xf32"), &err));
  CHECK(vtc_gir_slice_check(VTC_GIR_REGISTER, f32, 1, 8, 16) != NULL);
  CHECK(vtc_gir_slice_check(VTC_GIR_GLOBAL, f32, 1, 8, 16) == NULL);
  CHECK(vtc_gir_level_max_scope(VTC_GIR_SHARED) == VTC_GIR_SCOPE_BLOCK);
  vtc_gir_scope sc;
  CHECK(vtc_gir_scope_from_name("warp", &sc) && sc == VTC_GIR_SCOPE_WARP && !vtc_gir_scope_from_name("grid", &sc));
}

/* builtin.module { gir.kernel @rowsum; func.func @host } where unit u sums
 * row u of x (?x64) into y[u] through a register accumulator. */
static vtc_op *build_module(unsigned launch_args) {
  const vtc_loc *loc = vtc_loc_unknown(ctx);
  const vtc_type *f32 = vtc_type_f32(ctx), *index = vtc_type_index(ctx);
  vtc_op_state ms = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = loc, .num_regions = 1};
  vtc_op *module = vtc_op_create(&ms);
  vtc_block *mb = vtc_block_create();
  vtc_region_push_block(vtc_op_region(module, 0), mb);
  vtc_builder b = vtc_builder_at_end(ctx, mb);

  int64_t xd[2] = {VTC_DYNAMIC, 64}, yd[1] = {VTC_DYNAMIC};
  const vtc_type *xt = vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, f32, 2, xd);
  const vtc_type *yt = vtc_gir_buffer_type(ctx, VTC_GIR_GLOBAL, f32, 1, yd);
  const vtc_type *params[3] = {xt, yt, index};
  vtc_op *k = vtc_gir_build_kernel(&b, loc, "rowsum", 3, params, VTC_GIR_HIER_CPU, 1, 16);
  vtc_builder kb = vtc_builder_at_end(ctx, vtc_gir_kernel_body(k));
  vtc_value *u = vtc_gir_build_id(&kb, loc, VTC_GIR_DIM_UNIT);
  vtc_named_attr c0a = {vtc_str(ctx, "value"), vtc_attr_index(ctx, 0)};
  vtc_named_attr c16a = {vtc_str(ctx, "value"), vtc_attr_index(ctx, 16)};
  vtc_named_attr c64a = {vtc_str(ctx, "value"), vtc_attr_index(ctx, 64)};
  vtc_named_attr zf = {vtc_str(ctx, "value"), vtc_attr_float(ctx, f32, 0.0)};
  vtc_value *c0 = vtc_op_result(vtc_builder_create(&kb, "arith.constant", loc, 0, NULL, index, 1, &c0a), 0);
  vtc_value *c16 = vtc_op_result(vtc_builder_create(&kb, "arith.constant", loc, 0, NULL, index, 1, &c16a), 0);
  vtc_value *c64 = vtc_op_result(vtc_builder_create(&kb, "arith.constant", loc, 0, NULL, index, 1, &c64a), 0);
  vtc_value *zero = vtc_op_result(vtc_builder_create(&kb, "arith.constant", loc, 0, NULL, f32, 1, &zf), 0);
  vtc_value *mul_ops[2] = {u, c64};
  vtc_value *row = vtc_op_result(vtc_builder_create(&kb, "arith.muli", loc, 2, mul_ops, index, 0, NULL), 0);
  const vtc_type *reg = vtc_gir_register_type(ctx, f32, 1, 16);
  vtc_value *acc0 = vtc_gir_build_broadcast(&kb, loc, VTC_GIR_AXIS_WIDTH, zero, reg);
  vtc_op *loop = vtc_gir_build_for(&kb, loc, c0, c64, c16, 1, &acc0);
  vtc_builder lb = vtc_builder_at_end(ctx, vtc_gir_for_body(loop));
  vtc_value *add_ops[2] = {row, vtc_gir_for_induction_var(loop)};
  vtc_value *off = vtc_op_result(vtc_builder_create(&lb, "arith.addi", loc, 2, add_ops, index, 0, NULL), 0);
  vtc_value *view = vtc_gir_build_view(&lb, loc, vtc_gir_kernel_arg(k, 0), off,
                                       vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, f32, 1, 16, 16), NULL, NULL, NULL);
  vtc_value *x = vtc_gir_build_copy_to_register(&lb, loc, view, reg);
  vtc_value *ew_ops[2] = {vtc_gir_for_body(loop)->args[1], x};
  vtc_op *ew = vtc_gir_build_elementwise(&lb, loc, reg, 2, ew_ops, false);
  vtc_builder eb = vtc_builder_at_end(ctx, vtc_gir_elementwise_body(ew));
  vtc_value *sum = vtc_op_result(
      vtc_builder_create(&eb, "arith.addf", loc, 2, vtc_gir_elementwise_body(ew)->args, f32, 0, NULL), 0);
  vtc_gir_build_yield(&eb, loc, 1, &sum);
  vtc_value *next = vtc_op_result(ew, 0);
  vtc_gir_build_yield(&lb, loc, 1, &next);
  vtc_value *total = vtc_gir_build_reduce(&kb, loc, VTC_GIR_SUM, VTC_GIR_AXIS_WIDTH, vtc_op_result(loop, 0));
  vtc_value *yv = vtc_gir_build_view(&kb, loc, vtc_gir_kernel_arg(k, 1), u,
                                     vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, f32, 1, 1, 1), NULL, NULL, NULL);
  vtc_gir_build_copy(&kb, loc, total, yv);
  vtc_gir_build_sync(&kb, loc, VTC_GIR_SCOPE_DEVICE, 0, NULL);
  vtc_gir_build_return(&kb, loc);

  /* func.func @host(%x, %n) -> y */
  const vtc_type *hin[2] = {xt, index};
  const vtc_type *hft = vtc_type_function(ctx, 2, hin, 1, &yt);
  vtc_named_attr fa[2] = {{vtc_str(ctx, "function_type"), vtc_attr_type(ctx, hft)},
                          {vtc_str(ctx, "sym_name"), vtc_attr_cstring(ctx, "host")}};
  vtc_op_state fs = {.name = vtc_op_name_get(ctx, "func.func"), .loc = loc, .num_attrs = 2, .attrs = fa,
                     .num_regions = 1};
  vtc_op *fn = vtc_builder_insert(&b, &fs);
  vtc_block *fb = vtc_block_create();
  vtc_value *hx = vtc_block_add_arg(fb, xt), *hn = vtc_block_add_arg(fb, index);
  vtc_region_push_block(vtc_op_region(fn, 0), fb);
  vtc_builder hb = vtc_builder_at_end(ctx, fb);
  vtc_value *n0 = vtc_gir_build_dim(&hb, loc, hx, 0);
  vtc_value *y = vtc_gir_build_alloc(&hb, loc, yt, 1, &n0);
  vtc_value *args[3] = {hx, y, hn};
  vtc_gir_build_launch(&hb, loc, "rowsum", n0, launch_args, args);
  vtc_builder_create(&hb, "func.return", loc, 1, &y, NULL, 0, NULL);
  return module;
}

static void test_build_verify_print(void) {
  vtc_op *m = build_module(3);
  errors = 0;
  CHECK(vtc_verify(m));
  CHECK_EQ_INT(errors, 0);
  if (errors) fprintf(stderr, "  %s\n", last_error);
  char *text = print_op(m, false);
  CHECK(strstr(text, "gir.kernel @rowsum(%arg0: !gir.buffer<global, ?x64xf32>, %arg1: !gir.buffer<global, ?xf32>, "
                     "%arg2: index) parallel cpu group 1 lanes 16 {"));
  CHECK(strstr(text, "iter_args(%arg4 = %6) -> (!gir.slice<register, 1x16xf32>)"));
  CHECK(strstr(text, "gir.reduce sum width %7 : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>"));
  CHECK(strstr(text, "gir.copy %8 to %9 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>"));
  CHECK(strstr(text, "gir.sync device"));
  CHECK(strstr(text, "gir.launch @rowsum[%0](%arg0, %1, %arg1) : (!gir.buffer<global, ?x64xf32>, "
                     "!gir.buffer<global, ?xf32>, index)"));
  /* Parse what was printed: the same text again (custom and generic). */
  vtc_op *m2 = vtc_parse_source(ctx, "printed.mlir", text, strlen(text), 0);
  CHECK(m2 != NULL);
  if (m2) {
    CHECK(vtc_verify(m2));
    char *again = print_op(m2, false);
    CHECK_EQ_STR(again, text);
    char *generic = print_op(m2, true);
    vtc_op *m3 = vtc_parse_source(ctx, "generic.mlir", generic, strlen(generic), 0);
    CHECK(m3 != NULL);
    if (m3) {
      char *third = print_op(m3, false);
      CHECK_EQ_STR(third, text);
      free(third);
      vtc_op_destroy(m3);
    }
    free(generic);
    free(again);
    vtc_op_destroy(m2);
  }
  free(text);

  /* Accessors. */
  vtc_op *k = vtc_op_region(m, 0)->first->first, *host = k->next;
  CHECK(vtc_gir_is(k, "kernel") && !vtc_gir_is(k, "kern"));
  CHECK_EQ_STR(vtc_gir_kernel_name(k), "rowsum");
  CHECK(vtc_gir_kernel_hierarchy(k) == VTC_GIR_HIER_CPU);
  CHECK_EQ_INT(vtc_gir_kernel_group_size(k), 1);
  CHECK_EQ_INT(vtc_gir_kernel_lanes(k), 16);
  CHECK_EQ_INT(vtc_gir_kernel_type(k)->num_inputs, 3);
  vtc_op *launch = vtc_block_terminator(vtc_op_region(host, 0)->first)->prev;
  CHECK(vtc_gir_is(launch, "launch"));
  CHECK(vtc_gir_launch_lookup_kernel(launch) == k);
  CHECK_EQ_STR(vtc_gir_launch_kernel_name(launch), "rowsum");
  CHECK_EQ_INT(vtc_gir_launch_num_args(launch), 3);
  CHECK(vtc_gir_launch_groups(launch)->type == vtc_type_index(ctx));
  vtc_op *loop = NULL, *view = NULL, *sync = NULL;
  for (vtc_op *o = vtc_gir_kernel_body(k)->first; o; o = o->next) {
    if (vtc_gir_is(o, "for")) loop = o;
    if (vtc_gir_is(o, "view")) view = o;
    if (vtc_gir_is(o, "sync")) sync = o;
  }
  CHECK(loop && vtc_gir_for_num_iter(loop) == 1 && vtc_gir_enclosing_kernel(loop) == k);
  CHECK(view && vtc_gir_view_stride(view) == NULL && vtc_gir_view_valid_num(view) == NULL &&
        vtc_gir_view_buffer(view) == vtc_gir_kernel_arg(k, 1));
  CHECK(sync && vtc_gir_sync_scope(sync) == VTC_GIR_SCOPE_DEVICE);
  CHECK(vtc_gir_enclosing_kernel(launch) == NULL);
  vtc_op_destroy(m);
}

static void test_errors(void) {
  /* A launch with too few arguments. */
  vtc_op *m = build_module(2);
  errors = 0;
  CHECK(!vtc_verify(m));
  CHECK(strstr(last_error, "'gir.launch' op passes 2 arguments, but kernel @rowsum has 3 parameters"));
  vtc_op_destroy(m);

  /* A sync whose scope its memory level cannot carry, built directly. */
  const vtc_loc *loc = vtc_loc_unknown(ctx);
  vtc_op_state ms = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = loc, .num_regions = 1};
  m = vtc_op_create(&ms);
  vtc_block *mb = vtc_block_create();
  vtc_region_push_block(vtc_op_region(m, 0), mb);
  vtc_builder b = vtc_builder_at_end(ctx, mb);
  vtc_op *k = vtc_gir_build_kernel(&b, loc, "k", 0, NULL, VTC_GIR_HIER_GPU, 4, 32);
  vtc_builder kb = vtc_builder_at_end(ctx, vtc_gir_kernel_body(k));
  int64_t dims[1] = {128};
  vtc_value *s = vtc_gir_build_alloc(&kb, loc, vtc_gir_buffer_type(ctx, VTC_GIR_SHARED, vtc_type_f32(ctx), 1, dims),
                                     0, NULL);
  vtc_gir_build_sync(&kb, loc, VTC_GIR_SCOPE_DEVICE, 1, &s);
  vtc_gir_build_return(&kb, loc);
  errors = 0;
  CHECK(!vtc_verify(m));
  CHECK(strstr(last_error, "'device' scope cannot order shared memory"));
  /* The printer survives an op that fails verification. */
  vtc_named_attr bad = {vtc_str(ctx, VTC_GIR_ATTR_SCOPE), vtc_attr_cstring(ctx, "grid")};
  kb = vtc_builder_before(vtc_block_terminator(vtc_gir_kernel_body(k)));
  vtc_builder_create(&kb, "gir.sync", loc, 0, NULL, NULL, 1, &bad);
  char *text = print_op(m, false);
  CHECK(strstr(text, "gir.sync <<invalid>>"));
  free(text);
  vtc_op_destroy(m);
}

int main(void) {
  ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_gir_dialect(ctx); /* idempotent once register.c does it */
  vtc_context_set_diag_handler(ctx, handler, NULL);
  UNIT_RUN(test_types);
  UNIT_RUN(test_build_verify_print);
  UNIT_RUN(test_errors);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
