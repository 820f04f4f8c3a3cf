/* Registration of the te passes: one row per pass. */
#include "passes/te/te_passes.h"

static const vtc_pass_def *const te_passes[] = {
    &vtc_te_print_dependence_pass,
};

void vtc_register_te_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof te_passes / sizeof te_passes[0]; i++) vtc_context_register_pass(ctx, te_passes[i]);
}
