/* Registration of the vortex passes: one row per pass. */
#include "passes/vortex/rkernel.h"

extern const vtc_pass_def vortex_classify_pass, vortex_print_rkernel_pass, vortex_generate_candidates_pass,
    vortex_print_candidates_pass, vortex_analyze_pass, vortex_print_cost_pass, vortex_print_hardware_pass;

static const vtc_pass_def *const vortex_passes[] = {
    &vortex_classify_pass,        &vortex_print_rkernel_pass, &vortex_generate_candidates_pass,
    &vortex_print_candidates_pass, &vortex_analyze_pass,       &vortex_print_cost_pass,
    &vortex_print_hardware_pass,
};

void vtc_register_vortex_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof vortex_passes / sizeof vortex_passes[0]; i++)
    vtc_context_register_pass(ctx, vortex_passes[i]);
}
