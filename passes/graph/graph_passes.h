/* The graph passes (graph-infer-shapes, graph-print-mapping,
 * graph-print-cost, graph-decompose-attention, graph-batch-matmuls), each a
 * vtc_pass_def row. */
#ifndef VTC_PASSES_GRAPH_GRAPH_PASSES_H
#define VTC_PASSES_GRAPH_GRAPH_PASSES_H

#include "ir/pass.h"

extern const vtc_pass_def vtc_graph_infer_shapes_pass, vtc_graph_print_mapping_pass, vtc_graph_print_cost_pass,
    vtc_graph_decompose_attention_pass, vtc_graph_batch_matmuls_pass;

/* Registers every graph pass. */
void vtc_register_graph_passes(vtc_context *ctx);

#endif
