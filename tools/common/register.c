/* The registration the tools share: one row per dialect and one per pass
 * family, so a new dialect or family is a new row here and nowhere in ir/. */
#include "tools/common/register.h"

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "dialects/te/te.h"
#include "lowering/graph-to-te/graph_to_te.h"
#include "lowering/te-to-gir/te_to_gir.h"
#include "passes/generic/generic_passes.h"
#include "passes/graph/graph_passes.h"
#include "passes/souffle/souffle.h"
#include "passes/te/te_passes.h"
#include "passes/test/test_passes.h"
#include "passes/vortex/rkernel.h"
#include "passes/vtc/vtc_passes.h"

static const vtc_dialect *const core_dialects[] = {
    &vtc_builtin_dialect,
    &vtc_func_dialect,
    &vtc_arith_dialect,
    &vtc_math_dialect,
};

static const vtc_dialect *const other_dialects[] = {
    &vtc_graph_dialect,
    &vtc_te_dialect,
    &vtc_gir_dialect,
};

static void (*const pass_families[])(vtc_context *) = {
    vtc_register_generic_passes,
    vtc_register_graph_passes,
    vtc_register_te_passes,
    vtc_register_souffle_passes,
    vtc_register_vortex_passes,
    vtc_register_vtc_passes,
    vtc_register_lowering_passes,
    vtc_register_te_to_gir_passes,
    vtc_register_test_passes,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void vtc_register_core_dialects(vtc_context *ctx) {
  for (size_t i = 0; i < COUNT(core_dialects); i++) vtc_context_register_dialect(ctx, core_dialects[i]);
}

void vtc_register_all_dialects(vtc_context *ctx) {
  vtc_register_core_dialects(ctx);
  for (size_t i = 0; i < COUNT(other_dialects); i++) vtc_context_register_dialect(ctx, other_dialects[i]);
}

void vtc_register_all_passes(vtc_context *ctx) {
  for (size_t i = 0; i < COUNT(pass_families); i++) pass_families[i](ctx);
}

void vtc_register_all(vtc_context *ctx) {
  vtc_register_all_dialects(ctx);
  vtc_register_all_passes(ctx);
}
