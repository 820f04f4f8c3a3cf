/* The vtc passes (VTC: virtual tensors replace data-movement ops, sections
 * 4-5): vtc-print-rules, vtc-build-vtog, vtc-print-vtog, vtc-select,
 * vtc-print-strategy and vtc-virtualize, each a vtc_pass_def row. */
#ifndef VTC_PASSES_VTC_VTC_PASSES_H
#define VTC_PASSES_VTC_VTC_PASSES_H

#include "ir/pass.h"

/* Registers every vtc pass. */
void vtc_register_vtc_passes(vtc_context *ctx);

#endif
