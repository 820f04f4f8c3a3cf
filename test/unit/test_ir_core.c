/* Unit tests of the IR core: interning of types, attributes and locations;
 * use lists; replace-all-uses; erase; clone; walk; attributes on ops. */
#include <math.h>
#include <stdlib.h>

#include "ir/ir.h"
#include "unit.h"

static vtc_context *ctx;

static void test_interning(void) {
  CHECK(vtc_str(ctx, "abc") == vtc_str(ctx, "abc"));
  CHECK(vtc_str(ctx, "abc") != vtc_str(ctx, "abd"));
  CHECK(vtc_strn(ctx, "a\0b", 3) != vtc_str(ctx, "a"));
  CHECK_EQ_INT(vtc_str_len(vtc_strn(ctx, "a\0b", 3)), 3);
  CHECK(vtc_type_integer(ctx, 32) == vtc_type_integer(ctx, 32));
  CHECK(vtc_type_integer(ctx, 32) != vtc_type_integer(ctx, 64));
  CHECK(vtc_type_f32(ctx) != vtc_type_integer(ctx, 32));
  int64_t d1[] = {4, VTC_DYNAMIC, 8}, d2[] = {4, VTC_DYNAMIC, 8}, d3[] = {4, 8};
  const vtc_type *t1 = vtc_type_tensor(ctx, 3, d1, vtc_type_f32(ctx), NULL);
  CHECK(t1 == vtc_type_tensor(ctx, 3, d2, vtc_type_f32(ctx), NULL));
  CHECK(t1 != vtc_type_tensor(ctx, 2, d3, vtc_type_f32(ctx), NULL));
  CHECK(t1 != vtc_type_tensor(ctx, 3, d1, vtc_type_f16(ctx), NULL));
  const vtc_attr *enc = vtc_attr_cstring(ctx, "layout");
  CHECK(t1 != vtc_type_tensor(ctx, 3, d1, vtc_type_f32(ctx), enc));
  CHECK(!vtc_tensor_has_static_shape(t1));
  CHECK_EQ_INT(vtc_tensor_num_elements(t1), -1);
  CHECK_EQ_INT(vtc_tensor_num_elements(vtc_type_tensor(ctx, 2, d3, vtc_type_f32(ctx), NULL)), 32);
  const vtc_type *ins[] = {vtc_type_integer(ctx, 32), vtc_type_f32(ctx)};
  const vtc_type *fn = vtc_type_function(ctx, 2, ins, 1, ins);
  CHECK(fn == vtc_type_function(ctx, 2, ins, 1, ins));
  CHECK(fn != vtc_type_function(ctx, 1, ins, 2, ins));
  CHECK(vtc_function_result(fn, 0) == ins[0]);
  CHECK(vtc_attr_i64(ctx, 5) == vtc_attr_i64(ctx, 5));
  CHECK(vtc_attr_i64(ctx, 5) != vtc_attr_index(ctx, 5));
  CHECK(vtc_attr_integer(ctx, vtc_type_integer(ctx, 8), 255) == vtc_attr_integer(ctx, vtc_type_integer(ctx, 8), -1));
  CHECK(vtc_attr_float(ctx, vtc_type_f32(ctx), 0.1) == vtc_attr_float(ctx, vtc_type_f32(ctx), (float)0.1));
  CHECK(vtc_attr_float(ctx, vtc_type_f64(ctx), NAN) == vtc_attr_float(ctx, vtc_type_f64(ctx), -NAN));
  const vtc_attr *a[] = {vtc_attr_i64(ctx, 1), vtc_attr_unit(ctx)};
  CHECK(vtc_attr_array(ctx, 2, a) == vtc_attr_array(ctx, 2, a));
  vtc_named_attr n1[] = {{"b", a[0]}, {"a", a[1]}}, n2[] = {{"a", a[1]}, {"b", a[0]}};
  const vtc_attr *dict = vtc_attr_dictionary(ctx, 2, n1);
  CHECK(dict == vtc_attr_dictionary(ctx, 2, n2));
  CHECK(vtc_attr_dict_get(dict, "b") == a[0]);
  CHECK(vtc_attr_dict_get(dict, "c") == NULL);
  CHECK(vtc_loc_file(ctx, "f.mlir", 3, 4) == vtc_loc_file(ctx, "f.mlir", 3, 4));
  CHECK(vtc_loc_file(ctx, "f.mlir", 3, 4) != vtc_loc_file(ctx, "f.mlir", 3, 5));
  const vtc_loc *locs[] = {vtc_loc_unknown(ctx), vtc_loc_file(ctx, "g", 1, 1)};
  const vtc_loc *fused = vtc_loc_fused(ctx, 2, locs, NULL);
  CHECK(fused == vtc_loc_fused(ctx, 2, locs, NULL));
  CHECK(vtc_loc_file_of(fused) == locs[1]);
  CHECK(vtc_loc_file_of(vtc_loc_name(ctx, "x", fused)) == locs[1]);
  /* Two contexts share nothing. */
  vtc_context *other = vtc_context_create();
  CHECK(vtc_type_f32(other) != vtc_type_f32(ctx));
  vtc_context_destroy(other);
}

static void test_floats(void) {
  CHECK_EQ_INT(vtc_f16_from_double(1.0), 0x3C00);
  CHECK_EQ_INT(vtc_f16_from_double(65504.0), 0x7BFF);
  CHECK_EQ_INT(vtc_f16_from_double(65520.0), 0x7C00); /* rounds to inf */
  CHECK_EQ_INT(vtc_f16_from_double(-2.0), 0xC000);
  CHECK_EQ_INT(vtc_f16_from_double(5.960464477539063e-08), 0x0001); /* smallest subnormal */
  CHECK_EQ_INT(vtc_f16_from_double(1.0 + 1.0 / 2048), 0x3C00);       /* tie to even */
  CHECK_EQ_INT(vtc_f16_from_double(1.0 + 3.0 / 2048), 0x3C02);
  CHECK(vtc_f16_to_double(0x7BFF) == 65504.0);
  CHECK(isnan(vtc_f16_to_double(vtc_f16_from_double(NAN))));
  CHECK_EQ_INT(vtc_bf16_from_double(1.0), 0x3F80);
  CHECK_EQ_INT(vtc_bf16_from_double(3.0), 0x4040);
  CHECK(vtc_bf16_to_double(0x3F80) == 1.0);
  CHECK(vtc_float_round(vtc_type_f32(ctx), 0.1) == (double)0.1f);
}

static vtc_op *make(const char *name, unsigned nops, vtc_value **ops, unsigned nres, unsigned nregions) {
  const vtc_type *types[4] = {vtc_type_integer(ctx, 32), vtc_type_integer(ctx, 32), vtc_type_integer(ctx, 32),
                              vtc_type_integer(ctx, 32)};
  vtc_op_state st = {.name = vtc_op_name_get(ctx, name), .num_operands = nops, .operands = ops,
                     .num_results = nres, .result_types = types, .num_regions = nregions};
  return vtc_op_create(&st);
}

static void test_use_lists(void) {
  vtc_op *root = make("test.root", 0, NULL, 0, 1);
  vtc_block *b = vtc_block_create();
  vtc_region_push_block(&root->regions[0], b);
  vtc_value *arg = vtc_block_add_arg(b, vtc_type_integer(ctx, 32));
  vtc_op *c = make("test.c", 0, NULL, 1, 0);
  vtc_block_push_op(b, c);
  vtc_value *ops[] = {vtc_op_result(c, 0), vtc_op_result(c, 0)};
  vtc_op *user = make("test.add", 2, ops, 1, 0);
  vtc_block_push_op(b, user);
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(c, 0)), 2);
  CHECK(!vtc_value_has_uses(arg));
  vtc_value *ops2[] = {vtc_op_result(user, 0), arg};
  vtc_op *user2 = make("test.add", 2, ops2, 1, 0);
  vtc_block_push_op(b, user2);
  CHECK(vtc_value_has_one_use(vtc_op_result(user, 0)));
  /* replace-all-uses moves both uses of c to the block argument */
  vtc_value_replace_all_uses(vtc_op_result(c, 0), arg);
  CHECK(!vtc_value_has_uses(vtc_op_result(c, 0)));
  CHECK_EQ_INT(vtc_value_num_uses(arg), 3);
  CHECK(vtc_op_operand(user, 0) == arg && vtc_op_operand(user, 1) == arg);
  for (vtc_use *u = arg->first_use; u; u = u->next) CHECK(u->value == arg && *u->prev_next == u);
  /* set_operand relinks */
  vtc_op_set_operand(user, 1, vtc_op_result(c, 0));
  CHECK_EQ_INT(vtc_value_num_uses(arg), 2);
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(c, 0)), 1);
  /* ordering */
  CHECK(vtc_op_is_before_in_block(c, user));
  CHECK(!vtc_op_is_before_in_block(user2, user));
  vtc_op *mid = make("test.mid", 0, NULL, 0, 0);
  vtc_block_insert_before(user, mid);
  CHECK(vtc_op_is_before_in_block(mid, user) && vtc_op_is_before_in_block(c, mid));
  /* erase drops uses of operands */
  vtc_op_erase(user2);
  CHECK(!vtc_value_has_uses(vtc_op_result(user, 0)));
  CHECK_EQ_INT(vtc_value_num_uses(arg), 1);
  vtc_op_erase(mid);
  CHECK(b->last == user && user->next == NULL && c->next == user);
  vtc_op_destroy(root);
}

static vtc_walk_result count_ops(vtc_op *op, void *data) {
  (void)op;
  ++*(int *)data;
  return VTC_WALK_ADVANCE;
}

static void test_clone_and_walk(void) {
  vtc_op *root = make("test.root", 0, NULL, 0, 1);
  vtc_block *b = vtc_block_create();
  vtc_region_push_block(&root->regions[0], b);
  vtc_op *c = make("test.c", 0, NULL, 1, 0);
  vtc_block_push_op(b, c);
  vtc_op *inner = make("test.loop", 0, NULL, 0, 1);
  vtc_block *ib = vtc_block_create();
  vtc_region_push_block(&inner->regions[0], ib);
  vtc_value *iarg = vtc_block_add_arg(ib, vtc_type_index(ctx));
  vtc_value *ops[] = {vtc_op_result(c, 0), iarg};
  vtc_op *use = make("test.use", 2, ops, 1, 0);
  vtc_block_push_op(ib, use);
  vtc_block_push_op(b, inner);
  vtc_op_set_attr(use, "z", vtc_attr_i64(ctx, 2));
  vtc_op_set_attr(use, "a", vtc_attr_i64(ctx, 1));
  CHECK(use->attrs[0].name == vtc_str(ctx, "a"));
  CHECK_EQ_INT(vtc_op_get_int_attr(use, "z", 0), 2);

  int n = 0;
  vtc_op_walk(root, false, count_ops, &n);
  CHECK_EQ_INT(n, 4);

  /* Clone the inner op alone: the use of c (outside) is kept, the use of
   * the block argument is remapped to the clone's argument. */
  vtc_op *copy = vtc_op_clone(inner, NULL);
  vtc_op *cuse = copy->regions[0].first->first;
  CHECK(cuse != use && vtc_op_is(cuse, use->name->name));
  CHECK(vtc_op_operand(cuse, 0) == vtc_op_result(c, 0));
  CHECK(vtc_op_operand(cuse, 1) == copy->regions[0].first->args[0]);
  CHECK(vtc_op_get_attr(cuse, "z") == vtc_attr_i64(ctx, 2));
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(c, 0)), 2);
  vtc_block_push_op(b, copy);

  /* Clone the whole root: nothing in the copy refers to the original. */
  vtc_mapping *map = vtc_mapping_create();
  vtc_op *root2 = vtc_op_clone(root, map);
  vtc_op *c2 = root2->regions[0].first->first;
  CHECK(vtc_mapping_lookup_value(map, vtc_op_result(c, 0)) == vtc_op_result(c2, 0));
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(c2, 0)), 2);
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(c, 0)), 2);
  vtc_mapping_destroy(map);
  vtc_op_destroy(root2);
  vtc_op_destroy(root);
}

static void test_dense(void) {
  int64_t shape[] = {2, 2};
  const vtc_type *t = vtc_type_tensor(ctx, 2, shape, vtc_type_f16(ctx), NULL);
  uint16_t raw[4];
  for (int i = 0; i < 4; i++) vtc_dense_store(vtc_type_f16(ctx), &raw[i], 0.5 * i, 0);
  const vtc_attr *d = vtc_attr_dense(ctx, t, false, raw, sizeof raw);
  CHECK(d == vtc_attr_dense(ctx, t, false, raw, sizeof raw));
  CHECK(vtc_dense_get_f64(d, 3) == 1.5);
  int32_t one = -7;
  const vtc_type *ti = vtc_type_tensor(ctx, 2, shape, vtc_type_integer(ctx, 32), NULL);
  const vtc_attr *s = vtc_attr_dense(ctx, ti, true, &one, 4);
  CHECK_EQ_INT(vtc_dense_get_i64(s, 3), -7);
  CHECK_EQ_INT(vtc_dense_num_elements(s), 4);
}

/* The symbol index follows the IR: renames, erasures and insertions are seen
 * by the next lookup. */
static void test_symbol_table(void) {
  vtc_op *module = make("test.table", 0, NULL, 0, 1);
  vtc_block *b = vtc_block_create();
  vtc_region_push_block(&module->regions[0], b);
  vtc_op *f = make("test.sym", 0, NULL, 0, 0), *g = make("test.sym", 0, NULL, 0, 0);
  vtc_op_set_attr(f, "sym_name", vtc_attr_cstring(ctx, "f"));
  vtc_op_set_attr(g, "sym_name", vtc_attr_cstring(ctx, "g"));
  vtc_block_push_op(b, f);
  vtc_block_push_op(b, g);
  CHECK(vtc_symbol_table_lookup(module, "f") == f);
  CHECK(vtc_symbol_table_lookup(module, "g") == g);
  CHECK(vtc_symbol_table_lookup(module, "h") == NULL);
  vtc_op_set_attr(g, "sym_name", vtc_attr_cstring(ctx, "h"));
  CHECK(vtc_symbol_table_lookup(module, "g") == NULL);
  CHECK(vtc_symbol_table_lookup(module, "h") == g);
  vtc_op_erase(f);
  CHECK(vtc_symbol_table_lookup(module, "f") == NULL);
  vtc_op *f2 = make("test.sym", 0, NULL, 0, 0);
  vtc_op_set_attr(f2, "sym_name", vtc_attr_cstring(ctx, "f"));
  vtc_block_insert_before(g, f2);
  CHECK(vtc_symbol_table_lookup(module, "f") == f2);
  vtc_op_destroy(module);
}

int main(void) {
  ctx = vtc_context_create();
  vtc_context_allow_unregistered(ctx, true);
  UNIT_RUN(test_interning);
  UNIT_RUN(test_floats);
  UNIT_RUN(test_use_lists);
  UNIT_RUN(test_clone_and_walk);
  UNIT_RUN(test_dense);
  UNIT_RUN(test_symbol_table);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
