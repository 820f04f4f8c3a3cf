/* Unit tests of the graph dialect's custom assembly and of the op tables'
 * attribute defaults it relies on: every declared default parses to its
 * declared kind on an optional attribute, every graph row but the constant
 * uses the core's functional form, and the printers keep to a form that
 * parses back (or to <<invalid>>) on ops that do not verify. */
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "dialects/te/te.h"
#include "ir/ir.h"
#include "tools/common/register.h"
#include "unit.h"

static void quiet(const vtc_diagnostic *d, void *data) { (void)d, (void)data; }

static vtc_context *new_ctx(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, quiet, NULL);
  return ctx;
}

static vtc_op *bare_op(vtc_context *ctx, const char *name) {
  vtc_op_state st = {.name = vtc_op_name_get(ctx, name), .loc = vtc_loc_unknown(ctx)};
  return vtc_op_create(&st);
}

/* A default that does not parse would stop the printer on an assert; one on
 * a required attribute, or of another kind, is a table mistake. */
static void test_defaults_parse(void) {
  vtc_context *ctx = new_ctx();
  const vtc_dialect *const dialects[] = {&vtc_builtin_dialect, &vtc_func_dialect, &vtc_arith_dialect,
                                         &vtc_math_dialect,    &vtc_graph_dialect, &vtc_te_dialect,
                                         &vtc_gir_dialect};
  int defaults = 0;
  for (size_t d = 0; d < sizeof dialects / sizeof dialects[0]; d++) {
    for (size_t i = 0; i < dialects[d]->num_ops; i++) {
      const vtc_op_def *def = &dialects[d]->ops[i];
      for (const vtc_attr_spec *s = def->attrs; s && s->name; s++) {
        if (!s->default_value) continue;
        defaults++;
        const vtc_attr *a = vtc_parse_attr_string(ctx, s->default_value);
        CHECK(a != NULL);
        CHECK(s->optional);
        CHECK(!a || s->kind < 0 || (int)a->kind == s->kind);
        vtc_op *op = bare_op(ctx, def->name);
        CHECK(vtc_op_attr_default(op, s->name) == a); /* uniqued: the same pointer */
        CHECK(vtc_op_attr_default(op, s->name) == a); /* and cached */
        vtc_op_destroy(op);
      }
    }
  }
  CHECK(defaults >= 20); /* the graph dialect's ONNX defaults */
  vtc_op *op = bare_op(ctx, "graph.softmax");
  CHECK(vtc_op_attr_default(op, "no_such_attribute") == NULL);
  CHECK(vtc_op_attr_default(op, "axis") == vtc_attr_i64(ctx, -1));
  vtc_op_destroy(op);
  op = bare_op(ctx, "graph.matmul");
  CHECK(vtc_op_attr_default(op, "axis") == NULL);
  vtc_op_destroy(op);
  vtc_context_destroy(ctx);
}

/* An op added to the table with COMPUTE or MOVEMENT gets the custom form. */
static void test_every_row_has_the_form(void) {
  for (size_t i = 0; i < vtc_graph_dialect.num_ops; i++) {
    const vtc_op_def *def = &vtc_graph_dialect.ops[i];
    CHECK(def->print != NULL && def->parse != NULL);
    if (strcmp(def->name, "graph.constant") != 0) {
      CHECK(def->print == vtc_printer_functional_form);
      CHECK(def->parse == vtc_parse_functional_form);
    }
  }
}

static char *print(vtc_op *op, bool generic) {
  vtc_print_flags flags = {.generic = generic, .elide_elements_above = -1};
  vtc_strbuf out = {0};
  vtc_print_op(op, &flags, &out);
  return out.data;
}

/* Parses text, prints it, and checks that the printed text parses and
 * prints the same; returns the printed text (caller frees). */
static char *reprint(vtc_context *ctx, const char *text) {
  vtc_op *m = vtc_parse_source(ctx, "<test>", text, strlen(text), 0);
  CHECK(m != NULL);
  if (!m) return NULL;
  char *once = print(m, false);
  vtc_op_destroy(m);
  m = vtc_parse_source(ctx, "<printed>", once, strlen(once), 0);
  CHECK(m != NULL);
  if (!m) return once;
  char *twice = print(m, false);
  CHECK_EQ_STR(once, twice);
  free(twice);
  vtc_op_destroy(m);
  return once;
}

/* Ops that do not verify still print (the dump after a failing pass): in
 * the functional form, which parses back, or as <<invalid>>. */
static void test_print_unverified(void) {
  vtc_context *ctx = new_ctx();
  /* A constant without a value, one with a non-dense value and one whose
   * type is not its value's keep the functional form. */
  char *s = reprint(ctx, "%0 = graph.constant : () -> tensor<2xf32>\n"
                         "%1 = graph.constant {value = 1.0 : f32} : () -> tensor<f32>\n"
                         "%2 = graph.constant {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>\n");
  CHECK(s && strstr(s, "%0 = graph.constant : () -> tensor<2xf32>"));
  CHECK(s && strstr(s, "%1 = graph.constant {value = 1.000000e+00 : f32} : () -> tensor<f32>"));
  CHECK(s && strstr(s, "%2 = graph.constant {value = dense<1.000000e+00> : tensor<2xf32>} : () -> tensor<3xf32>"));
  free(s);
  /* A wrong operand count (read in the generic form) prints, though the
   * custom parser would reject it; a graph op with a region has no custom
   * form. */
  const char *two = "func.func @f(%x: tensor<3xf32>) {\n"
                    "  %0 = \"graph.relu\"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
                    "  return\n}\n";
  vtc_op *m = vtc_parse_source(ctx, "<test>", two, strlen(two), 0);
  CHECK(m != NULL);
  s = m ? print(m, false) : NULL;
  CHECK(s && strstr(s, "%0 = graph.relu %arg0, %arg0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>"));
  free(s);
  if (m) vtc_op_destroy(m);
  const vtc_type *f32 = vtc_type_f32(ctx);
  vtc_op_state st = {.name = vtc_op_name_get(ctx, "graph.relu"), .loc = vtc_loc_unknown(ctx), .num_regions = 1,
                     .num_results = 1, .result_types = &f32};
  vtc_op *op = vtc_op_create(&st);
  s = print(op, false);
  CHECK(s && strstr(s, "graph.relu <<invalid>>"));
  free(s);
  s = print(op, true);
  CHECK(s && strstr(s, "\"graph.relu\"() ({"));
  free(s);
  vtc_op_destroy(op);
  vtc_context_destroy(ctx);
}

/* Defaults are left out of the custom form only: built with an explicit
 * default, an op prints it in the generic form. */
static void test_default_elision(void) {
  vtc_context *ctx = new_ctx();
  const char *text = "func.func @f(%x: tensor<2x3xf32>) {\n"
                     "  %0 = graph.softmax %x {axis = -1, extra = -1} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
                     "  %1 = graph.softmax %x {axis = -1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
                     "  %2 = graph.reduce_sum %x {keepdims = 1, noop_with_empty_axes = false} : "
                     "(tensor<2x3xf32>) -> tensor<1x1xf32>\n"
                     "  return\n}\n";
  vtc_op *m = vtc_parse_source(ctx, "<test>", text, strlen(text), 0);
  CHECK(m != NULL);
  if (m) {
    char *pretty = print(m, false), *generic = print(m, true);
    /* Another attribute of the same value stays; a default of another type
     * (i32, the integer 1 for true) is not the default. */
    CHECK(pretty && strstr(pretty, "graph.softmax %arg0 {extra = -1 : i64} :"));
    CHECK(pretty && strstr(pretty, "graph.softmax %arg0 {axis = -1 : i32} :"));
    CHECK(pretty && strstr(pretty, "graph.reduce_sum %arg0 {keepdims = 1 : i64} :"));
    CHECK(generic && strstr(generic, "{axis = -1 : i64, extra = -1 : i64}"));
    CHECK(generic && strstr(generic, "{keepdims = 1 : i64, noop_with_empty_axes = false}"));
    free(pretty);
    free(generic);
    vtc_op_destroy(m);
  }
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_defaults_parse);
  UNIT_RUN(test_every_row_has_the_form);
  UNIT_RUN(test_print_unverified);
  UNIT_RUN(test_default_elision);
  return UNIT_RESULT();
}
