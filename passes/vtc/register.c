/* Registration of the vtc passes: one row per pass. */
#include "passes/vtc/vtc_impl.h"

static const vtc_pass_def *const vtc_passes[] = {
    &vtc_print_rules_pass,  &vtc_build_vtog_pass,      &vtc_print_vtog_pass,
    &vtc_select_pass,       &vtc_print_strategy_pass,  &vtc_virtualize_pass,
};

void vtc_register_vtc_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof vtc_passes / sizeof vtc_passes[0]; i++) vtc_context_register_pass(ctx, vtc_passes[i]);
}
