/* libFuzzer target for the textual IR: parse, verify, print generic and
 * custom forms, re-parse the printed text. Any crash, leak, sanitizer report
 * or a printed form that does not parse back is a bug. */
#include <stdio.h>
#include <stdlib.h>

#include "ir/ir.h"
#include "tools/common/register.h"

static void swallow(const vtc_diagnostic *d, void *data) {
  (void)d;
  (void)data;
}

static vtc_context *new_context(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_context_allow_unregistered(ctx, true);
  vtc_context_set_diag_handler(ctx, swallow, NULL);
  return ctx;
}

/* Printing a verified module and parsing it again must succeed. */
static void round_trip(vtc_op *module, bool generic) {
  vtc_print_flags flags = {.generic = generic, .elide_elements_above = -1};
  vtc_strbuf out = {0};
  vtc_print_op(module, &flags, &out);
  vtc_context *ctx = new_context();
  vtc_op *again = vtc_parse_source(ctx, "<printed>", out.data ? out.data : "", out.len, 0);
  if (!again) {
    fprintf(stderr, "printed IR does not parse back:\n%s\n", out.data);
    abort();
  }
  vtc_op_destroy(again);
  vtc_context_destroy(ctx);
  vtc_strbuf_free(&out);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  vtc_context *ctx = new_context();
  vtc_op *module = vtc_parse_source(ctx, "<fuzz>", (const char *)data, size, 0);
  if (module) {
    if (vtc_verify(module)) {
      round_trip(module, true);
      round_trip(module, false);
    }
    vtc_op_destroy(module);
  }
  vtc_context_destroy(ctx);
  return 0;
}
