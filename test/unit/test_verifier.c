/* Unit tests of the verifier (ir/verifier.c) and dominator trees
 * (ir/dominance.c) on IR built programmatically: dominance within a block,
 * across blocks and into nested regions, isolation from above, terminators,
 * successors, registered-op arity and attributes, and symbol uniqueness. */
#include <stdlib.h>
#include <string.h>

#include "ir/dominance.h"
#include "ir/ir.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *ctx;
static vtc_strbuf diags; /* every diagnostic since the last reset, formatted */

static void capture(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_diag_format(d, false, &diags);
  vtc_strbuf_putc(&diags, '\n');
}

static bool saw(const char *text) { return diags.data && strstr(diags.data, text) != NULL; }

static const vtc_loc *loc(unsigned line) { return vtc_loc_file(ctx, "t.mlir", line, 1); }

static vtc_op *op_in(vtc_block *b, const char *name, unsigned line, unsigned n, vtc_value *const *operands,
                     const vtc_type *result) {
  vtc_builder bld = vtc_builder_at_end(ctx, b);
  return vtc_builder_create(&bld, name, loc(line), n, operands, result, 0, NULL);
}

static vtc_op *branch(vtc_block *b, const char *name, unsigned line, unsigned nsucc, vtc_block *const *succ) {
  vtc_op_state st = {.name = vtc_op_name_get(ctx, name), .loc = loc(line), .num_successors = nsucc,
                     .successors = succ};
  vtc_op *op = vtc_op_create(&st);
  vtc_block_push_op(b, op);
  return op;
}

/* A detached unregistered op with `nregions` regions and one block in each. */
static vtc_op *region_op(const char *name, unsigned nregions) {
  vtc_op_state st = {.name = vtc_op_name_get(ctx, name), .loc = loc(1), .num_regions = nregions};
  vtc_op *op = vtc_op_create(&st);
  for (unsigned r = 0; r < nregions; r++) vtc_region_push_block(vtc_op_region(op, r), vtc_block_create());
  return op;
}

static bool verify(vtc_op *op) {
  vtc_strbuf_clear(&diags);
  return vtc_verify(op);
}

static void test_same_block(void) {
  vtc_op *top = region_op("test.top", 1);
  vtc_block *b = vtc_op_region(top, 0)->first;
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *def = op_in(b, "test.def", 2, 0, NULL, i32);
  vtc_value *v = vtc_op_result(def, 0);
  op_in(b, "test.use", 3, 1, &v, NULL);
  CHECK(verify(top));
  CHECK_EQ_INT(diags.len, 0);
  /* Move the def after its use. */
  vtc_op_remove(def);
  vtc_block_push_op(b, def);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:3:1: error: operand #0 does not dominate this use"));
  CHECK(saw("t.mlir:2:1: note: operand defined here (op in the same block)"));
  /* An op using its own result. */
  vtc_op_remove(def);
  vtc_block_insert_before(b->first, def);
  vtc_op *self = op_in(b, "test.self", 4, 0, NULL, i32);
  vtc_value *sv = vtc_op_result(self, 0);
  vtc_op_set_operands(self, 1, &sv);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:4:1: error: operand #0 does not dominate this use"));
  vtc_op_set_operands(self, 0, NULL);
  CHECK(verify(top));
  vtc_op_destroy(top);
}

/* bb0 -> bb1, bb2; bb1 -> bb3; bb2 -> bb3. */
static void test_cfg(void) {
  vtc_op *top = region_op("test.top", 1);
  vtc_region *r = vtc_op_region(top, 0);
  vtc_block *bb[5];
  bb[0] = r->first;
  for (int i = 1; i < 5; i++) vtc_region_push_block(r, bb[i] = vtc_block_create());
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_value *arg3 = vtc_block_add_arg(bb[3], i32);
  vtc_op *d0 = op_in(bb[0], "test.def", 10, 0, NULL, i32);
  vtc_block *s0[] = {bb[1], bb[2]};
  branch(bb[0], "test.cond_br", 11, 2, s0);
  vtc_op *d1 = op_in(bb[1], "test.def", 20, 0, NULL, i32);
  branch(bb[1], "test.br", 21, 1, &bb[3]);
  branch(bb[2], "test.br", 30, 1, &bb[3]);
  vtc_value *uses[] = {vtc_op_result(d0, 0), arg3};
  vtc_op *use = op_in(bb[3], "test.use", 40, 2, uses, NULL);
  /* bb4 is unreachable: anything dominates it. */
  vtc_value *v1 = vtc_op_result(d1, 0);
  op_in(bb[4], "test.use", 50, 1, &v1, NULL);
  CHECK(verify(top));

  vtc_dom_tree *dom = vtc_dom_tree_build(r);
  CHECK(vtc_dom_tree_dominates(dom, bb[0], bb[3]));
  CHECK(!vtc_dom_tree_dominates(dom, bb[1], bb[3]));
  CHECK(vtc_dom_tree_idom(dom, bb[3]) == bb[0]);
  CHECK(vtc_dom_tree_idom(dom, bb[1]) == bb[0]);
  CHECK(!vtc_dom_tree_reachable(dom, bb[4]));
  CHECK(vtc_dom_tree_dominates(dom, bb[2], bb[4]));
  CHECK_EQ_INT(vtc_dom_tree_num_children(dom, bb[0]), 3);
  CHECK_EQ_INT(vtc_dom_tree_num_children(dom, NULL), 2); /* entry and bb4 */
  vtc_dom_tree_destroy(dom);

  /* A value of bb1 used in bb3: bb1 does not dominate bb3. */
  vtc_op_set_operand(use, 0, v1);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:40:1: error: operand #0 does not dominate this use"));
  CHECK(saw("note: operand defined here (op in the same region)"));
  /* A block argument of bb3 used in bb1. */
  vtc_op_set_operand(use, 0, vtc_op_result(d0, 0));
  vtc_op *use1 = op_in(bb[1], "test.use", 22, 1, &arg3, NULL);
  vtc_op_remove(use1);
  vtc_block_insert_before(bb[1]->first, use1);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:22:1: error: operand #0 does not dominate this use"));
  CHECK(saw("operand defined as a block argument (block #3 in the same region)"));
  vtc_op_erase(use1);
  CHECK(verify(top));
  /* A branch back to the entry block. */
  vtc_op *back = branch(bb[4], "test.br", 51, 1, &bb[0]);
  CHECK(!verify(top));
  CHECK(saw("entry block of region may not have predecessors"));
  vtc_op_erase(back);
  vtc_op_destroy(top);
}

static void test_nested_and_isolated(void) {
  vtc_op *module = region_op("builtin.module", 1);
  vtc_block *mb = vtc_op_region(module, 0)->first;
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *outer = op_in(mb, "test.def", 2, 0, NULL, i32);
  vtc_value *ov = vtc_op_result(outer, 0);
  /* Use in a nested region of an unregistered op: fine. */
  vtc_op *wrap = region_op("test.wrap", 1);
  vtc_block_push_op(mb, wrap);
  op_in(vtc_op_region(wrap, 0)->first, "test.use", 4, 1, &ov, NULL);
  CHECK(verify(module));
  /* Use inside func.func, which is isolated from above. */
  vtc_named_attr fattrs[] = {
      {"sym_name", vtc_attr_cstring(ctx, "f")},
      {"function_type", vtc_attr_type(ctx, vtc_type_function(ctx, 0, NULL, 0, NULL))},
  };
  vtc_op_state fst = {.name = vtc_op_name_get(ctx, "func.func"), .loc = loc(5), .num_attrs = 2,
                      .attrs = fattrs, .num_regions = 1};
  vtc_op *func = vtc_op_create(&fst);
  vtc_block_push_op(mb, func);
  vtc_block *fb = vtc_block_create();
  vtc_region_push_block(vtc_op_region(func, 0), fb);
  vtc_op *inner = region_op("test.wrap", 1);
  vtc_block_push_op(fb, inner);
  vtc_op *bad = op_in(vtc_op_region(inner, 0)->first, "test.use", 6, 1, &ov, NULL);
  vtc_op *ret = op_in(fb, "func.return", 7, 0, NULL, NULL);
  CHECK(!verify(module));
  CHECK(saw("t.mlir:6:1: error: 'test.use' op using value defined outside the region"));
  CHECK(saw("t.mlir:5:1: note: required by region isolation constraints"));
  vtc_op_erase(bad);
  CHECK(verify(module));
  /* A value defined in a child region used outside it. */
  vtc_op *child = op_in(vtc_op_region(inner, 0)->first, "test.def", 8, 0, NULL, i32);
  vtc_value *cv = vtc_op_result(child, 0);
  vtc_op *esc = op_in(fb, "test.use", 9, 1, &cv, NULL);
  vtc_op_remove(esc);
  vtc_block_insert_before(ret, esc);
  CHECK(!verify(module));
  CHECK(saw("t.mlir:9:1: error: operand #0 does not dominate this use"));
  CHECK(saw("operand defined here (op in a child region)"));
  vtc_op_erase(esc);
  CHECK(verify(module));
  /* A terminator in the middle of a block, then a missing terminator. */
  vtc_op *ret2 = op_in(fb, "func.return", 10, 0, NULL, NULL);
  vtc_op_remove(ret2);
  vtc_block_insert_before(inner, ret2);
  CHECK(!verify(module));
  CHECK(saw("t.mlir:10:1: error: 'func.return' op must be the last operation in the parent block"));
  vtc_op_erase(ret2);
  vtc_op_erase(ret);
  CHECK(verify(module)); /* an unregistered op might be a terminator, as MLIR assumes */
  vtc_builder fbld = vtc_builder_at_end(ctx, fb);
  vtc_named_attr one = {"value", vtc_attr_integer(ctx, i32, 1)};
  vtc_op *k = vtc_builder_create(&fbld, "arith.constant", loc(12), 0, NULL, i32, 1, &one);
  CHECK(!verify(module));
  CHECK(saw("t.mlir:12:1: error: block with no terminator"));
  vtc_op_erase(k);
  vtc_op_erase(inner);
  CHECK(!verify(module));
  CHECK(saw("t.mlir:5:1: error: empty block: expect at least a terminator"));
  op_in(fb, "func.return", 11, 0, NULL, NULL);
  CHECK(verify(module));
  vtc_op_destroy(module);
}

static void test_registered_checks(void) {
  vtc_op *top = region_op("test.top", 1);
  vtc_block *b = vtc_op_region(top, 0)->first;
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *c = op_in(b, "arith.constant", 2, 0, NULL, i32);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:2:1: error: 'arith.constant' op requires attribute 'value'"));
  vtc_op_set_attr(c, "value", vtc_attr_cstring(ctx, "x"));
  CHECK(!verify(top));
  CHECK(saw("'arith.constant' op"));
  vtc_op_set_attr(c, "value", vtc_attr_integer(ctx, i32, 1));
  CHECK(verify(top));
  vtc_value *cv = vtc_op_result(c, 0);
  vtc_op *add = op_in(b, "arith.addi", 3, 1, &cv, i32);
  CHECK(!verify(top));
  CHECK(saw("t.mlir:3:1: error: 'arith.addi' op expected 2 operands, but found 1"));
  vtc_op_erase(add);
  vtc_op *ret = op_in(b, "func.return", 4, 0, NULL, NULL);
  CHECK(!verify(top));
  CHECK(saw("'func.return' op expects parent op 'func.func'"));
  vtc_op_erase(ret);
  /* Unregistered ops of a registered dialect are errors. */
  op_in(b, "arith.bogus", 5, 0, NULL, NULL);
  CHECK(!verify(top));
  CHECK(saw("unregistered operation 'arith.bogus' found in dialect ('arith')"));
  vtc_op_destroy(top);
}

static void test_symbols(void) {
  vtc_op_state mst = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = loc(1), .num_regions = 1};
  vtc_op *module = vtc_op_create(&mst);
  vtc_block *mb = vtc_block_create();
  vtc_region_push_block(vtc_op_region(module, 0), mb);
  for (unsigned i = 0; i < 2; i++) {
    vtc_named_attr fattrs[] = {
        {"sym_name", vtc_attr_cstring(ctx, "f")},
        {"function_type", vtc_attr_type(ctx, vtc_type_function(ctx, 0, NULL, 0, NULL))},
        {"sym_visibility", vtc_attr_cstring(ctx, "private")},
    };
    vtc_op_state fst = {.name = vtc_op_name_get(ctx, "func.func"), .loc = loc(2 + i), .num_attrs = 3,
                        .attrs = fattrs, .num_regions = 1};
    vtc_block_push_op(mb, vtc_op_create(&fst));
  }
  CHECK(!verify(module));
  CHECK(saw("t.mlir:3:1: error: redefinition of symbol named 'f'"));
  CHECK(saw("t.mlir:2:1: note: see existing symbol definition here"));
  vtc_op_set_attr(mb->last, "sym_name", vtc_attr_cstring(ctx, "g"));
  CHECK(verify(module));
  vtc_op_destroy(module);
}

int main(void) {
  ctx = vtc_context_create();
  vtc_register_core_dialects(ctx);
  vtc_context_allow_unregistered(ctx, true);
  vtc_context_set_diag_handler(ctx, capture, NULL);
  UNIT_RUN(test_same_block);
  UNIT_RUN(test_cfg);
  UNIT_RUN(test_nested_and_isolated);
  UNIT_RUN(test_registered_checks);
  UNIT_RUN(test_symbols);
  vtc_strbuf_free(&diags);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
