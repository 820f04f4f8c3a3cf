/* Unit tests of the builtin, func and arith dialects through their C API:
 * registration, the fold helpers, constant materialisation, symbol lookup,
 * and custom printers that must not crash on ops that failed verification. */
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "ir/ir.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *new_ctx(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  return ctx;
}

static void test_registration(void) {
  vtc_context *ctx = new_ctx();
  CHECK(vtc_context_get_dialect(ctx, "builtin") == &vtc_builtin_dialect);
  CHECK(vtc_context_get_dialect(ctx, "func") == &vtc_func_dialect);
  CHECK(vtc_context_get_dialect(ctx, "arith") == &vtc_arith_dialect);
  static const char *const names[] = {"builtin.module", "builtin.unrealized_conversion_cast", "func.func",
                                      "func.return", "func.call", "arith.constant", "arith.addi",
                                      "math.sigmoid", "arith.cmpf", "arith.bitcast"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) CHECK(vtc_context_lookup_op(ctx, names[i]) != NULL);
  CHECK(vtc_context_lookup_op(ctx, "arith.foo") == NULL);
  /* Every arith row is named and has the fold hook (but the constant). */
  for (int i = 0; i < VTC_ARITH_NUM_OPS; i++) {
    CHECK(vtc_arith_ops[i].name != NULL);
    CHECK(i == VTC_ARITH_CONSTANT || vtc_arith_ops[i].fold == vtc_arith_fold);
  }
  vtc_context_destroy(ctx);
}

static void test_fold_binary(void) {
  vtc_context *ctx = new_ctx();
  const vtc_type *i8 = vtc_type_integer(ctx, 8), *f32 = vtc_type_f32(ctx);
  const vtc_attr *a = vtc_attr_integer(ctx, i8, 100), *b = vtc_attr_integer(ctx, i8, 100);
  const vtc_attr *r = vtc_arith_fold_binary(ctx, VTC_ARITH_ADDI, i8, a, b);
  CHECK(r && r->kind == VTC_ATTR_INTEGER && r->i == -56); /* 200 wraps at 8 bits */
  r = vtc_arith_fold_binary(ctx, VTC_ARITH_DIVUI, i8, vtc_attr_integer(ctx, i8, -1), vtc_attr_integer(ctx, i8, 16));
  CHECK(r && r->i == 15);
  CHECK(vtc_arith_fold_binary(ctx, VTC_ARITH_DIVSI, i8, a, vtc_attr_integer(ctx, i8, 0)) == NULL);
  CHECK(vtc_arith_fold_binary(ctx, VTC_ARITH_DIVSI, i8, vtc_attr_integer(ctx, i8, -128),
                              vtc_attr_integer(ctx, i8, -1)) == NULL);
  r = vtc_arith_fold_binary(ctx, VTC_ARITH_MULF, f32, vtc_attr_float(ctx, f32, 1.5), vtc_attr_float(ctx, f32, -2));
  CHECK(r && r->kind == VTC_ATTR_FLOAT && r->f == -3.0);
  /* Dense: element-wise, and equal results collapse to a splat. */
  int64_t dims[1] = {2};
  const vtc_type *t = vtc_type_tensor(ctx, 1, dims, i8, NULL);
  int8_t x[2] = {1, 2}, y[2] = {3, 2};
  const vtc_attr *dx = vtc_attr_dense(ctx, t, false, x, 2), *dy = vtc_attr_dense(ctx, t, false, y, 2);
  r = vtc_arith_fold_binary(ctx, VTC_ARITH_ADDI, t, dx, dy);
  CHECK(r && r->kind == VTC_ATTR_DENSE && r->splat && vtc_dense_get_i64(r, 1) == 4);
  r = vtc_arith_fold_binary(ctx, VTC_ARITH_MULI, t, dx, dy);
  CHECK(r && !r->splat && vtc_dense_get_i64(r, 0) == 3 && vtc_dense_get_i64(r, 1) == 4);
  int64_t v;
  CHECK(vtc_arith_const_int(vtc_attr_bool(ctx, true), &v) && v == 1);
  vtc_context_destroy(ctx);
}

static void test_materialize_and_symbols(void) {
  vtc_context *ctx = new_ctx();
  const char *src = "module {\n"
                    "  func.func private @callee(i32) -> i32\n"
                    "  func.func @caller(%a: i32) -> i32 {\n"
                    "    %0 = call @callee(%a) : (i32) -> i32\n"
                    "    return %0 : i32\n"
                    "  }\n"
                    "}\n";
  vtc_op *module = vtc_parse_source(ctx, "test", src, strlen(src), 0);
  CHECK(module != NULL);
  if (!module) {
    vtc_context_destroy(ctx);
    return;
  }
  CHECK(vtc_verify(module));
  vtc_op *caller = vtc_symbol_table_lookup(module, "caller");
  vtc_op *callee = vtc_symbol_table_lookup(module, "callee");
  CHECK(caller && callee && vtc_symbol_table_lookup(module, "nope") == NULL);
  vtc_op *call = vtc_op_region(caller, 0)->first->first;
  CHECK(vtc_op_is_named(call, "func.call"));
  CHECK(vtc_symbol_lookup_from(call, vtc_op_get_attr(call, "callee")) == callee);
  const vtc_type *ft = vtc_func_get_type(callee);
  CHECK(ft && ft->num_inputs == 1 && ft->num_results == 1);
  const vtc_callable_iface *callable = vtc_op_interface(caller, VTC_IFACE_CALLABLE);
  CHECK(callable && callable->body(caller) == vtc_op_region(caller, 0) && callable->function_type(caller) == ft);

  /* Materialise a constant before the call; a mismatched type is refused. */
  vtc_builder b = vtc_builder_before(call);
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *c = vtc_arith_materialize_constant(&b, vtc_attr_integer(ctx, i32, 7), i32, call->loc);
  CHECK(c && vtc_op_is_named(c, "arith.constant") && vtc_op_constant_value(c) == vtc_attr_integer(ctx, i32, 7));
  CHECK(vtc_arith_materialize_constant(&b, vtc_attr_integer(ctx, i32, 7), vtc_type_f32(ctx), call->loc) == NULL);
  vtc_op *t = vtc_arith_materialize_constant(&b, vtc_attr_bool(ctx, true), vtc_type_integer(ctx, 1), call->loc);
  CHECK(t && vtc_op_get_attr(t, "value")->kind == VTC_ATTR_INTEGER);
  CHECK(vtc_verify(module));
  vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

static void quiet(const vtc_diagnostic *d, void *data) { (void)d, (void)data; }

/* IR dumps after a failing pass may print invalid ops with custom printers. */
static void test_print_invalid(void) {
  vtc_context *ctx = new_ctx();
  vtc_context_set_diag_handler(ctx, quiet, NULL); /* the verifier complains on purpose */
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *module = NULL;
  {
    vtc_op_state st = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = vtc_loc_unknown(ctx), .num_regions = 1};
    module = vtc_op_create(&st);
    vtc_region_push_block(vtc_op_region(module, 0), vtc_block_create());
  }
  vtc_builder b = vtc_builder_at_end(ctx, vtc_op_region(module, 0)->first);
  static const char *const names[] = {"arith.addi", "arith.constant", "arith.cmpi", "arith.select",
                                      "arith.extsi", "func.call", "func.func", "arith.negf"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    vtc_builder_create(&b, names[i], vtc_loc_unknown(ctx), 0, NULL, i % 2 ? i32 : NULL, 0, NULL);
  vtc_print_flags flags = {.elide_elements_above = -1};
  vtc_strbuf out = {0};
  vtc_print_op(module, &flags, &out);
  CHECK(out.data && strstr(out.data, "<<invalid>>") != NULL);
  vtc_strbuf_free(&out);
  CHECK(!vtc_verify(module));
  vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_registration);
  UNIT_RUN(test_fold_binary);
  UNIT_RUN(test_materialize_and_symbols);
  UNIT_RUN(test_print_invalid);
  return UNIT_RESULT();
}
