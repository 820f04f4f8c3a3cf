/* The generic passes of the IR core (canonicalize, cse, symbol-dce), each a
 * vtc_pass_def row, and their registration. */
#ifndef VTC_PASSES_GENERIC_GENERIC_PASSES_H
#define VTC_PASSES_GENERIC_GENERIC_PASSES_H

#include "ir/pass.h"

extern const vtc_pass_def vtc_canonicalize_pass;
extern const vtc_pass_def vtc_cse_pass;
extern const vtc_pass_def vtc_symbol_dce_pass;

/* Registers canonicalize, cse and symbol-dce. */
void vtc_register_generic_passes(vtc_context *ctx);

#endif
