/* Unit tests of the greedy rewrite driver (ir/rewrite.c): pattern order by
 * benefit, new ops revisited, non-convergence of a ping-pong pattern pair,
 * erasing ops that sit in the worklist, folding with constant uniquing and
 * hoisting, commutative operand order, and use-list invariants after all. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "passes/generic/generic_passes.h"
#include "tools/common/register.h"
#include "unit.h"

static vtc_context *ctx;

/* Every operand slot is linked into its value's use list and every use in a
 * value's list belongs to an operand slot that points at the value. */
static bool check_value_uses(vtc_value *v) {
  vtc_use **link = &v->first_use;
  for (vtc_use *u = v->first_use; u; u = u->next) {
    if (u->value != v || u->prev_next != link || !u->owner) return false;
    if (u < u->owner->operands || u >= u->owner->operands + u->owner->num_operands) return false;
    link = &u->next;
  }
  return true;
}

static bool check_use_lists(vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_use *u = &op->operands[i];
    if (u->owner != op || !u->value) return false;
    bool found = false;
    for (vtc_use *x = u->value->first_use; x; x = x->next) found |= x == u;
    if (!found) return false;
  }
  for (unsigned i = 0; i < op->num_results; i++)
    if (!check_value_uses(&op->results[i]) || op->results[i].def_op != op) return false;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (vtc_block *b = op->regions[r].first; b; b = b->next) {
      for (unsigned i = 0; i < b->num_args; i++)
        if (!check_value_uses(b->args[i])) return false;
      for (vtc_op *o = b->first; o; o = o->next)
        if (o->parent != b || !check_use_lists(o)) return false;
    }
  return true;
}

/* A detached "test.top" op with one block; ops are appended with `make`. */
static vtc_op *make_top(vtc_block **body) {
  vtc_op_state st = {.name = vtc_op_name_get(ctx, "test.top"), .loc = vtc_loc_unknown(ctx), .num_regions = 1};
  vtc_op *top = vtc_op_create(&st);
  *body = vtc_block_create();
  vtc_region_push_block(vtc_op_region(top, 0), *body);
  return top;
}

static vtc_op *make(vtc_block *b, const char *name, unsigned n, vtc_value *const *operands, const vtc_type *result) {
  vtc_builder bld = vtc_builder_at_end(ctx, b);
  return vtc_builder_create(&bld, name, vtc_loc_unknown(ctx), n, operands, result, 0, NULL);
}

static vtc_op *make_const(vtc_block *b, const vtc_type *t, int64_t v) {
  vtc_builder bld = vtc_builder_at_end(ctx, b);
  vtc_named_attr a = {"value", vtc_attr_integer(ctx, t, v)};
  return vtc_builder_create(&bld, "arith.constant", vtc_loc_unknown(ctx), 0, NULL, t, 1, &a);
}

/* Replaces op (named `from`) with a new op named `to`, same operands and result types. */
static bool rename_op(vtc_rewriter *rw, vtc_op *op, const char *to) {
  vtc_builder *b = vtc_rewriter_builder(rw);
  vtc_value **operands = calloc(op->num_operands + 1, sizeof *operands);
  for (unsigned i = 0; i < op->num_operands; i++) operands[i] = vtc_op_operand(op, i);
  const vtc_type **types = calloc(op->num_results + 1, sizeof *types);
  for (unsigned i = 0; i < op->num_results; i++) types[i] = op->results[i].type;
  vtc_op_state st = {.name = vtc_op_name_get(ctx, to), .loc = op->loc, .num_operands = op->num_operands,
                     .operands = operands, .num_results = op->num_results, .result_types = types};
  vtc_op *n = vtc_builder_insert(b, &st);
  vtc_value **values = calloc(op->num_results + 1, sizeof *values);
  for (unsigned i = 0; i < op->num_results; i++) values[i] = &n->results[i];
  vtc_rewriter_replace_op(rw, op, values);
  free(operands);
  free(types);
  free(values);
  return true;
}

static bool a_to_b(vtc_rewriter *rw, vtc_op *op) { return rename_op(rw, op, "test.b"); }
static bool b_to_c(vtc_rewriter *rw, vtc_op *op) { return rename_op(rw, op, "test.c"); }
static bool b_to_a(vtc_rewriter *rw, vtc_op *op) { return rename_op(rw, op, "test.a"); }
static bool a_to_high(vtc_rewriter *rw, vtc_op *op) { return rename_op(rw, op, "test.high"); }
static bool a_to_low(vtc_rewriter *rw, vtc_op *op) { return rename_op(rw, op, "test.low"); }
static bool any_a_to_any(vtc_rewriter *rw, vtc_op *op) {
  return vtc_op_is_named(op, "test.a") && rename_op(rw, op, "test.any");
}
static bool never(vtc_rewriter *rw, vtc_op *op) { return false; }

static const vtc_pattern p_a_to_b = {"test.a", 1, a_to_b, "a-to-b"};
static const vtc_pattern p_b_to_c = {"test.b", 1, b_to_c, "b-to-c"};
static const vtc_pattern p_b_to_a = {"test.b", 1, b_to_a, "b-to-a"};
static const vtc_pattern p_high = {"test.a", 3, a_to_high, "a-to-high"};
static const vtc_pattern p_low = {"test.a", 1, a_to_low, "a-to-low"};
static const vtc_pattern p_any = {NULL, 2, any_a_to_any, "any"};
static const vtc_pattern p_never = {NULL, 10, never, "never"};

static void test_simple_rewrite(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_op *a = make(body, "test.a", 0, NULL, i32);
  vtc_value *av = vtc_op_result(a, 0);
  vtc_op *use = make(body, "test.use", 1, &av, NULL);
  vtc_op *use2 = make(body, "test.use", 1, &av, NULL);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_never);
  vtc_pattern_set_add(set, &p_a_to_b);
  bool changed = false;
  vtc_greedy_config cfg = vtc_greedy_config_default();
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, &changed));
  CHECK(changed);
  CHECK(vtc_op_is_named(body->first, "test.b"));
  CHECK(body->first->next == use);
  CHECK(vtc_op_operand(use, 0) == vtc_op_result(body->first, 0));
  CHECK(vtc_op_operand(use2, 0) == vtc_op_result(body->first, 0));
  CHECK_EQ_INT(vtc_value_num_uses(vtc_op_result(body->first, 0)), 2);
  CHECK(check_use_lists(top));
  /* A second run changes nothing. */
  changed = true;
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, &changed));
  CHECK(!changed);
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

static void test_new_ops_are_revisited(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  vtc_op *a = make(body, "test.a", 0, NULL, vtc_type_f32(ctx));
  vtc_value *av = vtc_op_result(a, 0);
  make(body, "test.use", 1, &av, NULL);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_a_to_b);
  vtc_pattern_set_add(set, &p_b_to_c);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  cfg.max_iterations = 1; /* a -> b -> c within one sweep, but a change means not converged */
  vtc_greedy_stats stats = {0};
  bool changed;
  CHECK(!vtc_apply_patterns_greedily_stats(top, set, &cfg, &changed, &stats));
  CHECK(vtc_op_is_named(body->first, "test.c"));
  CHECK_EQ_INT(stats.rewrites, 2);
  CHECK_EQ_INT(stats.iterations, 1);
  cfg.max_iterations = 2;
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, &changed));
  CHECK(!changed);
  CHECK(check_use_lists(top));
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

static void test_benefit_order(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  make(body, "test.a", 0, NULL, NULL);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_low);
  vtc_pattern_set_add(set, &p_any);
  vtc_pattern_set_add(set, &p_high);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, NULL));
  CHECK(vtc_op_is_named(body->first, "test.high"));
  vtc_op_destroy(top);
  /* Without the high-benefit pattern, the any-op pattern (2) beats the low one (1). */
  top = make_top(&body);
  make(body, "test.a", 0, NULL, NULL);
  vtc_pattern_set_destroy(set);
  set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_low);
  vtc_pattern_set_add(set, &p_any);
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, NULL));
  CHECK(vtc_op_is_named(body->first, "test.any"));
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

static void test_ping_pong_does_not_converge(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  make(body, "test.a", 0, NULL, NULL);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_a_to_b);
  vtc_pattern_set_add(set, &p_b_to_a);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  cfg.max_iterations = 3;
  bool changed = false;
  vtc_greedy_stats stats = {0};
  /* New ops are revisited within the sweep, so the pair loops inside the
   * first sweep until the driver's work bound stops it. */
  CHECK(!vtc_apply_patterns_greedily_stats(top, set, &cfg, &changed, &stats));
  CHECK(changed);
  CHECK(stats.iterations >= 1);
  CHECK(body->first && !body->first->next);
  CHECK(check_use_lists(top));
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

/* Flips an attribute without re-queuing the op: one change per sweep. */
static bool toggle(vtc_rewriter *rw, vtc_op *op) {
  bool on = vtc_op_get_attr(op, "on") != NULL;
  if (on) vtc_op_remove_attr(op, "on");
  else vtc_op_set_attr(op, "on", vtc_attr_unit(ctx));
  return true;
}
static const vtc_pattern p_toggle = {"test.t", 1, toggle, "toggle"};

static void test_max_iterations(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  make(body, "test.t", 0, NULL, NULL);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add(set, &p_toggle);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  cfg.max_iterations = 3;
  vtc_greedy_stats stats = {0};
  CHECK(!vtc_apply_patterns_greedily_stats(top, set, &cfg, NULL, &stats));
  CHECK_EQ_INT(stats.iterations, 3);
  CHECK_EQ_INT(stats.rewrites, 3);
  CHECK(vtc_op_get_attr(body->first, "on") != NULL);
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

/* test.kill erases the op after it (which is in the worklist) and itself. */
static bool kill_next(vtc_rewriter *rw, vtc_op *op) {
  while (op->next && vtc_op_is_named(op->next, "test.victim")) vtc_rewriter_erase_op(rw, op->next);
  vtc_rewriter_erase_op(rw, op);
  return true;
}
static const vtc_pattern p_kill = {"test.kill", 1, kill_next, "kill"};

static void test_erase_ops_in_worklist(void) {
  for (int top_down = 0; top_down < 2; top_down++) {
    vtc_block *body;
    vtc_op *top = make_top(&body);
    make(body, "test.kill", 0, NULL, NULL);
    make(body, "test.victim", 0, NULL, NULL);
    make(body, "test.victim", 0, NULL, NULL);
    make(body, "test.keep", 0, NULL, NULL);
    vtc_pattern_set *set = vtc_pattern_set_create(ctx);
    vtc_pattern_set_add(set, &p_kill);
    vtc_greedy_config cfg = vtc_greedy_config_default();
    cfg.top_down = top_down;
    vtc_greedy_stats stats = {0};
    CHECK(vtc_apply_patterns_greedily_stats(top, set, &cfg, NULL, &stats));
    CHECK(vtc_op_is_named(body->first, "test.keep") && !body->first->next);
    CHECK_EQ_INT(stats.erased, 3);
    vtc_pattern_set_destroy(set);
    vtc_op_destroy(top);
  }
}

static void test_fold_and_constants(void) {
  vtc_block *body;
  vtc_op *top = make_top(&body);
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  vtc_value *x = vtc_block_add_arg(body, i32);
  vtc_op *c2 = make_const(body, i32, 2);
  vtc_op *c3 = make_const(body, i32, 3);
  vtc_value *ops1[] = {vtc_op_result(c2, 0), vtc_op_result(c3, 0)};
  vtc_op *add = make(body, "arith.addi", 2, ops1, i32);         /* folds to 5 */
  vtc_op *c5 = make_const(body, i32, 5);                           /* an existing 5 */
  vtc_value *ops2[] = {vtc_op_result(c3, 0), x};
  vtc_op *mul = make(body, "arith.muli", 2, ops2, i32);           /* commutes to (x, 3) */
  vtc_value *ops3[] = {vtc_op_result(add, 0), vtc_op_result(c5, 0), vtc_op_result(mul, 0)};
  vtc_op *use = make(body, "test.use", 3, ops3, NULL);
  vtc_op *dead = make(body, "arith.addi", 2, ops2, i32);          /* unused: erased */
  (void)dead;
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add_canonical(set);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  cfg.top_down = true;
  bool changed = false;
  CHECK(vtc_apply_patterns_greedily(top, set, &cfg, &changed));
  CHECK(changed);
  CHECK(check_use_lists(top));
  /* Both uses of 5 now share one constant, and it is an arith.constant 5. */
  vtc_value *five = vtc_op_operand(use, 0);
  CHECK(five == vtc_op_operand(use, 1));
  const vtc_attr *v = vtc_value_constant(five);
  CHECK(v && v->kind == VTC_ATTR_INTEGER && v->i == 5);
  /* The multiply keeps x on the left and the constant on the right. */
  vtc_op *m = vtc_op_operand(use, 2)->def_op;
  CHECK(m && vtc_op_is_named(m, "arith.muli"));
  if (m) {
    CHECK(vtc_op_operand(m, 0) == x);
    const vtc_attr *three = vtc_value_constant(vtc_op_operand(m, 1));
    CHECK(three && three->i == 3);
  }
  /* What is left: constants 3 and 5 first, then muli, then the use. */
  unsigned n = 0, consts = 0;
  bool consts_first = true, seen_other = false;
  for (vtc_op *o = body->first; o; o = o->next, n++) {
    bool is_const = vtc_op_is_named(o, "arith.constant");
    consts += is_const;
    if (is_const && seen_other) consts_first = false;
    seen_other |= !is_const;
  }
  CHECK_EQ_INT(n, 4);
  CHECK_EQ_INT(consts, 2);
  CHECK(consts_first);
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(top);
}

/* Folding inside a nested region of a registered, non-isolated op hoists the
 * constant to the enclosing isolated op's entry block (here func.func). */
static void test_fold_hoists_to_isolated_region(void) {
  const vtc_type *i32 = vtc_type_integer(ctx, 32);
  const char *src =
      "func.func @f() -> i32 {\n"
      "  %0 = \"test.wrap\"() ({\n"
      "    %a = arith.constant 1 : i32\n"
      "    %b = arith.addi %a, %a : i32\n"
      "    \"test.yield\"(%b) : (i32) -> ()\n"
      "  }) : () -> i32\n"
      "  return %0 : i32\n"
      "}\n";
  (void)i32;
  vtc_op *module = vtc_parse_source(ctx, "hoist.mlir", src, strlen(src), 0);
  CHECK(module != NULL);
  if (!module) return;
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add_canonical(set);
  CHECK(vtc_apply_patterns_greedily(module, set, NULL, NULL));
  /* test.wrap is unregistered: it might be isolated, so the 2 stays inside. */
  vtc_op *func = vtc_op_region(module, 0)->first->first;
  vtc_op *wrap = vtc_op_region(func, 0)->first->first;
  CHECK(vtc_op_is_named(wrap, "test.wrap"));
  vtc_op *first = vtc_op_region(wrap, 0)->first->first;
  CHECK(first && vtc_op_is_named(first, "arith.constant") && vtc_op_constant_value(first)->i == 2);
  CHECK(first && vtc_op_is_named(first->next, "test.yield"));
  CHECK(check_use_lists(module));
  vtc_pattern_set_destroy(set);
  vtc_op_destroy(module);
}

/* A registered op with a region that is not isolated from above: CSE and the
 * folder see through it (unregistered ops might be isolated, so they don't). */
static const vtc_op_def tst_ops[] = {
    {.name = "tst.region", .num_operands = 0, .num_results = 0, .num_regions = 1,
     .traits = VTC_TRAIT_NO_TERMINATOR | VTC_TRAIT_SINGLE_BLOCK, .summary = "a transparent region"},
};
static const vtc_dialect tst_dialect = {.name = "tst", .ops = tst_ops, .num_ops = 1, .summary = "tests"};

static vtc_op *run_pipeline(const char *src, const char *pipeline) {
  vtc_op *module = vtc_parse_source(ctx, "pipeline.mlir", src, strlen(src), 0);
  CHECK(module != NULL);
  if (!module) return NULL;
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  CHECK(vtc_pass_manager_parse(pm, pipeline));
  CHECK(vtc_pass_manager_run(pm, module));
  vtc_pass_manager_destroy(pm);
  CHECK(check_use_lists(module));
  return module;
}

static void test_cse_nested_regions(void) {
  const char *src =
      "func.func @f(%arg0: i32) -> i32 {\n"
      "  %c1 = arith.constant 1 : i32\n"
      "  %0 = arith.addi %arg0, %c1 : i32\n"
      "  \"tst.region\"() ({\n"
      "    %c1b = arith.constant 1 : i32\n"
      "    %1 = arith.addi %arg0, %c1b : i32\n"
      "    \"test.use\"(%1) : (i32) -> ()\n"
      "  }) : () -> ()\n"
      "  return %0 : i32\n"
      "}\n";
  vtc_op *module = run_pipeline(src, "cse");
  if (!module) return;
  vtc_op *func = vtc_op_region(module, 0)->first->first;
  vtc_block *body = vtc_op_region(func, 0)->first;
  vtc_op *add = body->first->next;
  vtc_op *region = add->next;
  CHECK(vtc_op_is_named(add, "arith.addi") && vtc_op_is_named(region, "tst.region"));
  vtc_op *use = vtc_op_region(region, 0)->first->first;
  CHECK(vtc_op_is_named(use, "test.use") && !use->next);
  CHECK(vtc_op_operand(use, 0) == vtc_op_result(add, 0));
  vtc_op_destroy(module);
}

static void test_canonicalize_hoists_through_regions(void) {
  const char *src =
      "func.func @f() {\n"
      "  \"test.use\"() : () -> ()\n"
      "  \"tst.region\"() ({\n"
      "    %a = arith.constant 1 : i32\n"
      "    %b = arith.addi %a, %a : i32\n"
      "    \"test.use\"(%b) : (i32) -> ()\n"
      "  }) : () -> ()\n"
      "  return\n"
      "}\n";
  vtc_op *module = run_pipeline(src, "canonicalize");
  if (!module) return;
  vtc_op *func = vtc_op_region(module, 0)->first->first;
  vtc_op *first = vtc_op_region(func, 0)->first->first;
  CHECK(vtc_op_is_named(first, "arith.constant") && vtc_op_constant_value(first)->i == 2);
  vtc_op *region = first->next->next;
  CHECK(vtc_op_is_named(region, "tst.region"));
  vtc_op *use = vtc_op_region(region, 0)->first->first;
  CHECK(vtc_op_is_named(use, "test.use") && !use->next && vtc_op_operand(use, 0) == vtc_op_result(first, 0));
  vtc_op_destroy(module);
}

int main(void) {
  ctx = vtc_context_create();
  vtc_register_core_dialects(ctx);
  vtc_context_register_dialect(ctx, &tst_dialect);
  vtc_register_generic_passes(ctx);
  vtc_context_allow_unregistered(ctx, true);
  UNIT_RUN(test_simple_rewrite);
  UNIT_RUN(test_new_ops_are_revisited);
  UNIT_RUN(test_benefit_order);
  UNIT_RUN(test_ping_pong_does_not_converge);
  UNIT_RUN(test_max_iterations);
  UNIT_RUN(test_erase_ops_in_worklist);
  UNIT_RUN(test_fold_and_constants);
  UNIT_RUN(test_fold_hoists_to_isolated_region);
  UNIT_RUN(test_cse_nested_regions);
  UNIT_RUN(test_canonicalize_hoists_through_regions);
  vtc_context_destroy(ctx);
  return UNIT_RESULT();
}
