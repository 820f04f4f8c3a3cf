/* Registration of the generic passes: one row per pass, so adding a pass is
 * adding a line here. */
#include "passes/generic/generic_passes.h"

static const vtc_pass_def *const generic_passes[] = {
    &vtc_canonicalize_pass,
    &vtc_cse_pass,
    &vtc_symbol_dce_pass,
};

void vtc_register_generic_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof generic_passes / sizeof generic_passes[0]; i++)
    vtc_context_register_pass(ctx, generic_passes[i]);
}
