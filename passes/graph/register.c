/* Registration of the graph passes: one row per pass. */
#include "passes/graph/graph_passes.h"

static const vtc_pass_def *const graph_passes[] = {
    &vtc_graph_infer_shapes_pass,
    &vtc_graph_print_mapping_pass,
    &vtc_graph_print_cost_pass,
    &vtc_graph_decompose_attention_pass,
    &vtc_graph_batch_matmuls_pass,
};

void vtc_register_graph_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof graph_passes / sizeof graph_passes[0]; i++)
    vtc_context_register_pass(ctx, graph_passes[i]);
}
