/* What the tools link and register (MLIR's InitAllDialects.h and
 * InitAllPasses.h): the core (ir/) offers registration and knows no dialect
 * or pass, so each tool, and each test, registers what it uses from here. */
#ifndef VTC_TOOLS_COMMON_REGISTER_H
#define VTC_TOOLS_COMMON_REGISTER_H

#include "ir/context.h"

/* builtin, func, arith and math: what any IR file may use. */
void vtc_register_core_dialects(vtc_context *ctx);
/* The core dialects and graph, te and gir. */
void vtc_register_all_dialects(vtc_context *ctx);
/* Every pass: generic, graph, te, vortex, the lowerings and the test passes. */
void vtc_register_all_passes(vtc_context *ctx);
/* Both of the above: what vtc-opt, vtc-translate and vtc-run register. */
void vtc_register_all(vtc_context *ctx);

#endif
