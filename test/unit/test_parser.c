/* Unit tests of the textual IR: types and attributes from strings, located
 * diagnostics, printing nested ops, and the custom-form helpers through a
 * small test dialect whose ops parse and print themselves. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "tools/common/register.h"
#include "unit.h"

/* ---- a test dialect with custom forms ------------------------------------- */

/* `utest.add %a, %b : type` */
static void print_add(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, op->results[0].type);
}

static bool parse_add(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  const vtc_type *type = NULL;
  bool ok = vtc_parse_operand_list(p, &refs, &n) && vtc_parse_optional_attr_dict(p, st) &&
            vtc_parse_colon_type(p, &type);
  if (ok && n != 2) ok = vtc_parser_error(p, "expected two operands");
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], type, st);
  if (ok) VTC_VEC_PUSH(&st->result_types, type);
  free(refs);
  return ok;
}

/* `utest.const 5 : i32` */
static void print_const(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " ");
  vtc_printer_attr(p, vtc_op_get_attr(op, "value"));
}

static bool parse_const(vtc_parser *p, vtc_parse_state *st) {
  const vtc_attr *a;
  if (!vtc_parse_attr(p, NULL, &a)) return false;
  if (a->kind != VTC_ATTR_INTEGER) return vtc_parser_error(p, "expected an integer");
  vtc_parse_state_add_attr(st, "value", a);
  VTC_VEC_PUSH(&st->result_types, a->type);
  return true;
}

/* `utest.loop @name(%i: index) -> i32 { ... }`: an isolated region whose
 * entry arguments are spelled in the signature, with an implicit yield. */
static void print_loop(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " ");
  vtc_printer_symbol_name(p, vtc_op_get_attr(op, "sym_name")->str);
  vtc_printer_puts(p, "(");
  vtc_block *entry = op->regions[0].first;
  for (unsigned i = 0; entry && i < entry->num_args; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, entry->args[i]);
    vtc_printer_puts(p, ": ");
    vtc_printer_type(p, entry->args[i]->type);
  }
  vtc_printer_puts(p, ")");
  static const char *const elided[] = {"sym_name", NULL};
  vtc_printer_attr_dict_with_keyword(p, op, elided);
  vtc_printer_region(p, &op->regions[0], false, "utest.yield");
}

static bool parse_loop(vtc_parser *p, vtc_parse_state *st) {
  const char *name;
  if (!vtc_parse_symbol_name(p, &name) || !vtc_parse_punct(p, "(")) return false;
  vtc_parse_state_add_attr(st, "sym_name", vtc_attr_cstring(st->ctx, name));
  VTC_VEC(vtc_arg_ref) args = {0};
  bool ok = true, close = false;
  ok = vtc_parse_optional_punct(p, ")", &close);
  while (ok && !close) {
    vtc_arg_ref a;
    ok = vtc_parse_argument(p, &a);
    if (ok) VTC_VEC_PUSH(&args, a);
    bool comma = false;
    if (ok) ok = vtc_parse_optional_punct(p, ",", &comma);
    if (ok && !comma) {
      ok = vtc_parse_punct(p, ")");
      break;
    }
  }
  if (ok) ok = vtc_parse_optional_attr_dict_with_keyword(p, st);
  if (ok) ok = vtc_parse_region(p, vtc_parse_state_add_region(st), args.data, (unsigned)args.len, "utest.yield");
  VTC_VEC_FREE(&args);
  return ok;
}

static const vtc_op_def utest_ops[] = {
    {.name = "utest.add", .num_operands = 2, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .print = print_add, .parse = parse_add},
    {.name = "utest.const", .num_operands = 0, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .print = print_const, .parse = parse_const},
    {.name = "utest.loop", .num_operands = 0, .num_results = 0, .num_regions = 1,
     .traits = VTC_TRAIT_ISOLATED_FROM_ABOVE, .print = print_loop, .parse = parse_loop},
    {.name = "utest.yield", .num_operands = -1, .num_results = 0, .num_regions = 0, .traits = VTC_TRAIT_TERMINATOR},
};

static const vtc_dialect utest_dialect = {
    .name = "utest", .ops = utest_ops, .num_ops = sizeof utest_ops / sizeof utest_ops[0]};

/* ---- helpers ----------------------------------------------------------------- */

typedef struct captured {
  char text[4096];
  unsigned count;
} captured;

static void capture(const vtc_diagnostic *d, void *data) {
  captured *c = data;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  size_t used = strlen(c->text);
  if (used + b.len < sizeof c->text) memcpy(c->text + used, b.data, b.len + 1);
  vtc_strbuf_free(&b);
  c->count++;
}

static vtc_context *make_context(captured *c) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_core_dialects(ctx);
  vtc_context_register_dialect(ctx, &utest_dialect);
  vtc_context_allow_unregistered(ctx, true);
  if (c) vtc_context_set_diag_handler(ctx, capture, c);
  return ctx;
}

static char *print(vtc_op *op, bool generic) {
  vtc_print_flags flags = {.generic = generic, .elide_elements_above = -1};
  vtc_strbuf b = {0};
  vtc_print_op(op, &flags, &b);
  return vtc_strbuf_take(&b);
}

/* ---- tests ------------------------------------------------------------------ */

static void test_type_strings(void) {
  vtc_context *ctx = make_context(NULL);
  const vtc_type *t = vtc_parse_type_string(ctx, "tensor<4x?x8xf32>");
  CHECK(t && t->kind == VTC_TYPE_TENSOR && t->rank == 3);
  CHECK(t && vtc_tensor_dim(t, 1) == VTC_DYNAMIC && vtc_tensor_dim(t, 2) == 8);
  CHECK(t == vtc_parse_type_string(ctx, "tensor<4x?x8xf32>")); /* uniqued */
  const vtc_type *i7 = vtc_parse_type_string(ctx, "i7");
  CHECK(i7 == vtc_type_integer(ctx, 7));
  const vtc_type *fn = vtc_parse_type_string(ctx, "(i32, f32) -> (i1)");
  CHECK(fn && fn->kind == VTC_TYPE_FUNCTION && fn->num_inputs == 2 && fn->num_results == 1);
  char *s = vtc_type_to_string(fn);
  CHECK_EQ_STR(s, "(i32, f32) -> i1");
  free(s);
  const vtc_type *d = vtc_parse_type_string(ctx, "!gx.slice<\"a>\", <1>>");
  CHECK(d && d->kind == VTC_TYPE_DIALECT);
  CHECK_EQ_STR(d ? d->body : NULL, "\"a>\", <1>");
  vtc_context_destroy(ctx);
}

static void test_attr_strings(void) {
  vtc_context *ctx = make_context(NULL);
  const vtc_attr *a = vtc_parse_attr_string(ctx, "-5 : i8");
  CHECK(a && a->kind == VTC_ATTR_INTEGER && a->i == -5 && a->type == vtc_type_integer(ctx, 8));
  a = vtc_parse_attr_string(ctx, "0x3F800000 : f32");
  CHECK(a && a->kind == VTC_ATTR_FLOAT && a->f == 1.0);
  a = vtc_parse_attr_string(ctx, "\"a\\00b\"");
  CHECK(a && a->kind == VTC_ATTR_STRING && vtc_str_len(a->str) == 3 && a->str[1] == 0);
  a = vtc_parse_attr_string(ctx, "{b = 2, a}");
  CHECK(a && a->kind == VTC_ATTR_DICTIONARY && a->count == 2);
  CHECK(a && vtc_attr_dict_get(a, "a") == vtc_attr_unit(ctx));
  a = vtc_parse_attr_string(ctx, "dense<[[1.5, 2.0]]> : tensor<1x2xf32>");
  CHECK(a && a->kind == VTC_ATTR_DENSE && !a->splat && vtc_dense_get_f64(a, 1) == 2.0);
  char *s = a ? vtc_attr_to_string(a) : NULL;
  CHECK_EQ_STR(s, "dense<[[1.500000e+00, 2.000000e+00]]> : tensor<1x2xf32>");
  free(s);
  a = vtc_parse_attr_string(ctx, "@root::@leaf");
  CHECK(a && a->kind == VTC_ATTR_SYMBOL_REF && a->count == 1 && strcmp(a->elems[0].name, "leaf") == 0);
  vtc_context_destroy(ctx);
}

static void test_diagnostics(void) {
  captured c = {{0}, 0};
  vtc_context *ctx = make_context(&c);
  const char *src = "\"test.a\"() : () -> ()\n  %0 = \"test.b\"(%nope) : (i32) -> i32\n";
  vtc_op *m = vtc_parse_source(ctx, "in.mlir", src, strlen(src), 0);
  CHECK(m == NULL);
  CHECK_EQ_INT(c.count, 1);
  CHECK(strstr(c.text, "in.mlir:2:17: error: use of undeclared SSA value name '%nope'") != NULL);
  /* line_offset shifts every line, for --split-input-file chunks. */
  c.text[0] = 0;
  m = vtc_parse_source(ctx, "in.mlir", "\"test.a\"() : () -> foo", 22, 10);
  CHECK(m == NULL);
  CHECK(strstr(c.text, "in.mlir:11:20: error: unknown type 'foo'") != NULL);
  /* Type strings report against "<string>". */
  c.text[0] = 0;
  CHECK(vtc_parse_type_string(ctx, "tensor<4xf32") == NULL);
  CHECK(strstr(c.text, "<string>:1:") != NULL);
  vtc_context_destroy(ctx);
}

static void test_custom_forms(void) {
  captured c = {{0}, 0};
  vtc_context *ctx = make_context(&c);
  const char *src =
      "utest.loop @l(%i: index, %n: i32) attributes {tag} {\n"
      "  %c = utest.const 5 : i32\n"
      "  %s = utest.add %n, %c {fast} : i32\n"
      "}\n";
  vtc_op *m = vtc_parse_source(ctx, "c.mlir", src, strlen(src), 0);
  CHECK(m != NULL);
  if (!m) {
    fprintf(stderr, "%s", c.text);
    vtc_context_destroy(ctx);
    return;
  }
  char *out = print(m, false);
  CHECK_EQ_STR(out,
               "module {\n"
               "  utest.loop @l(%arg0: index, %arg1: i32) attributes {tag} {\n"
               "    %0 = utest.const 5 : i32\n"
               "    %1 = utest.add %arg1, %0 {fast} : i32\n"
               "  }\n"
               "}\n");
  /* The implicit terminator is there, and printed in generic form. */
  char *gen = print(m, true);
  CHECK(strstr(gen, "\"utest.yield\"() : () -> ()") != NULL);
  CHECK(strstr(gen, "^bb0(%arg0: index, %arg1: i32):") != NULL);
  /* Both forms parse back to the same text. */
  vtc_op *m2 = vtc_parse_source(ctx, "gen.mlir", gen, strlen(gen), 0);
  CHECK(m2 != NULL);
  if (m2) {
    char *again = print(m2, false);
    CHECK_EQ_STR(again, out);
    free(again);
    vtc_op_destroy(m2);
  }
  /* A nested op prints with the names of the whole module. */
  vtc_op *loop = vtc_op_region(m, 0)->first->first;
  vtc_op *add = vtc_op_region(loop, 0)->first->first->next;
  char *one = print(add, false);
  CHECK_EQ_STR(one, "%1 = utest.add %arg1, %0 {fast} : i32\n");
  free(one);
  vtc_print_flags local = {.local_scope = true, .elide_elements_above = -1};
  vtc_strbuf b = {0};
  vtc_print_op(add, &local, &b);
  CHECK(strstr(b.data, "<<UNKNOWN SSA VALUE>>") != NULL);
  vtc_strbuf_free(&b);
  free(out);
  free(gen);
  vtc_op_destroy(m);

  /* Errors inside a custom parser are located; bare names need a parser. */
  c.text[0] = 0;
  const char *bad = "utest.loop @l(%i: index) {\n  %x = utest.add %i : index\n}\n";
  CHECK(vtc_parse_source(ctx, "bad.mlir", bad, strlen(bad), 0) == NULL);
  CHECK(strstr(c.text, "bad.mlir:3:1: error: expected two operands") != NULL);
  c.text[0] = 0;
  const char *generic_only = "utest.yield\n";
  CHECK(vtc_parse_source(ctx, "g.mlir", generic_only, strlen(generic_only), 0) == NULL);
  CHECK(strstr(c.text, "has no custom assembly form") != NULL);
  /* The isolated region does not see outer names. */
  c.text[0] = 0;
  const char *iso = "%v = utest.const 1 : i32\nutest.loop @l() {\n  %w = utest.add %v, %v : i32\n}\n";
  CHECK(vtc_parse_source(ctx, "iso.mlir", iso, strlen(iso), 0) == NULL);
  CHECK(strstr(c.text, "iso.mlir:3:18: error: use of undeclared SSA value name '%v'") != NULL);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_type_strings);
  UNIT_RUN(test_attr_strings);
  UNIT_RUN(test_diagnostics);
  UNIT_RUN(test_custom_forms);
  return UNIT_RESULT();
}
