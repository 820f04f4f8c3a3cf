/* libFuzzer target for the ONNX importer: arbitrary bytes as a model file.
 * An import either fails with diagnostics or gives a module that verifies
 * and prints, in the generic and custom forms, text that parses back (with
 * its dense_resource blobs). Any crash, leak, sanitizer report or failure of
 * those is a bug. Seeded with the models of libonnx-testdata (run.sh). */
#include <stdio.h>
#include <stdlib.h>

#include "import/onnx/onnx.h"
#include "ir/ir.h"
#include "tools/common/register.h"

static void swallow(const vtc_diagnostic *d, void *data) {
  (void)d;
  (void)data;
}

static vtc_context *new_context(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_set_diag_handler(ctx, swallow, NULL);
  return ctx;
}

static void round_trip(vtc_op *module, bool generic) {
  vtc_print_flags flags = {.generic = generic, .elide_elements_above = -1};
  vtc_strbuf out = {0};
  vtc_print_op(module, &flags, &out);
  vtc_context *ctx = new_context();
  vtc_op *again = vtc_parse_source(ctx, "<printed>", out.data ? out.data : "", out.len, 0);
  if (!again || !vtc_verify(again)) {
    fprintf(stderr, "the imported module does not parse back:\n%s\n", out.data);
    abort();
  }
  vtc_op_destroy(again);
  vtc_context_destroy(ctx);
  vtc_strbuf_free(&out);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  vtc_context *ctx = new_context();
  vtc_onnx_options o = vtc_onnx_default_options();
  o.fold_limit = 1 << 14; /* fuzzed shapes must not make folding the bottleneck */
  vtc_op *module = vtc_onnx_import(ctx, "<fuzz>", data, size, &o, NULL);
  if (module) {
    if (!vtc_verify(module)) {
      fputs("the importer built a module that does not verify\n", stderr);
      abort();
    }
    round_trip(module, true);
    round_trip(module, false);
    vtc_op_destroy(module);
  }
  vtc_context_destroy(ctx);
  return 0;
}
