/* Public entry of the graph-to-te lowering (lower-graph-to-te): its pass
 * definition and the registration of the lowering passes. */
#ifndef VTC_LOWERING_GRAPH_TO_TE_GRAPH_TO_TE_H
#define VTC_LOWERING_GRAPH_TO_TE_GRAPH_TO_TE_H

#include "ir/pass.h"

extern const vtc_pass_def vtc_lower_graph_to_te_pass;

/* Registers lower-graph-to-te (and, as they come, the other lowerings). */
void vtc_register_lowering_passes(vtc_context *ctx);

#endif
