/* Public entry of the te-to-gir lowering (lower-te-to-gir): its pass
 * definition and registration. The conventions of the gir it produces are in
 * pass.c's comment and dialects/gir/README.md (host ops, kernels). */
#ifndef VTC_LOWERING_TE_TO_GIR_TE_TO_GIR_H
#define VTC_LOWERING_TE_TO_GIR_TE_TO_GIR_H

#include "ir/pass.h"

extern const vtc_pass_def vtc_lower_te_to_gir_pass;

/* Registers lower-te-to-gir. */
void vtc_register_te_to_gir_passes(vtc_context *ctx);

#endif
