/* lower-graph-to-te's "cannot happen" path (ir/diagnostics.h): a te.load
 * index that uses a function symbol its te.compute does not take is a bug of
 * the lowering. It used to abort(); it must be a located internal-error
 * diagnostic that fails the op's lowering (gte_lowering.failed), leaving
 * well-formed IR. No input reaches it, so the test drives the private
 * builder (lowering.h) directly. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "lowering/graph-to-te/lowering.h"
#include "test/unit/unit.h"
#include "tools/common/register.h"

static char diag_text[1024];
static int diag_errors;

static void collect(const vtc_diagnostic *d, void *data) {
  (void)data;
  vtc_strbuf b = {0};
  vtc_diag_format(d, false, &b);
  snprintf(diag_text, sizeof diag_text, "%s", b.data ? b.data : "");
  vtc_strbuf_free(&b);
  if (d->severity == VTC_SEV_ERROR) diag_errors++;
}

static const char src[] =
    "func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %r = \"graph.relu\"(%b) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %r : tensor<4xf32>\n"
    "}\n";

static void test_unmapped_symbol_is_a_diagnostic(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, collect, NULL);
  vtc_context_add_source(ctx, "input.mlir", src, strlen(src));
  vtc_op *module = vtc_parse_source(ctx, "input.mlir", src, strlen(src), 0);
  CHECK(module != NULL);
  if (!module) {
    vtc_context_destroy(ctx);
    return;
  }
  vtc_op *func = vtc_op_region(module, 0)->first->first;
  vtc_block *entry = vtc_op_region(func, 0)->first;
  vtc_op *relu = entry->first;
  gte_lowering L = {.ctx = ctx, .func = func, .op = relu, .sym_point = relu};
  L.b = vtc_builder_before(relu);
  /* Symbol s0 is %a's dynamic size; the compute below neither produces nor
   * reads anything of that size, so it does not take s0. */
  VTC_VEC_PUSH(&L.syms, vtc_te_build_dim(&L.b, func->loc, entry->args[0], 0));
  gte_shape out = {.rank = 1, .dims = {gte_c(&L, 4)}};
  vtc_value *b = entry->args[1];
  gte_compute c;
  gte_begin(&c, &L, NULL, vtc_type_f32(ctx), &out, 1, &b, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  CHECK(!L.failed);
  CHECK_EQ_INT(diag_errors, 0);
  gte_expr idx[1] = {vtc_affine_symbol(ctx, 0)};
  vtc_value *x = gte_load(&c, 0, idx, 0, NULL, NULL);
  gte_end(&c, x);
  CHECK(L.failed);
  CHECK_EQ_INT(diag_errors, 1);
  CHECK(strstr(diag_text, "input.mlir:2:") != NULL);
  CHECK(strstr(diag_text, "internal error (a bug in vtc)") != NULL);
  CHECK(strstr(diag_text, "'graph.relu' uses a symbol its te.compute does not take") != NULL);
  printf("  diagnostic: %s", diag_text);
  /* The load reads index 0 instead, and the module still verifies. */
  CHECK(vtc_verify(module));
  for (size_t i = 0; i < L.shapes.cap; i++)
    if (L.shapes.keys[i] > VTC_PTRMAP_DELETED) free(L.shapes.vals[i]);
  vtc_ptrmap_free(&L.shapes);
  vtc_ptrmap_free(&L.sym_tensors);
  VTC_VEC_FREE(&L.syms);
  vtc_op_destroy(module);
  vtc_context_destroy(ctx);
}

int main(void) {
  UNIT_RUN(test_unmapped_symbol_is_a_diagnostic);
  return UNIT_RESULT();
}
