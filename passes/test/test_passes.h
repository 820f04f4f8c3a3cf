/* Test-only passes for the pass manager's own tests: a pass that fails, one
 * that echoes its options, one that breaks the IR, ones that tag ops and
 * count ops (statistics). Registered by vtc_register_all_passes
 * (tools/common/register.h). */
#ifndef VTC_PASSES_TEST_TEST_PASSES_H
#define VTC_PASSES_TEST_TEST_PASSES_H

#include "ir/context.h"

void vtc_register_test_passes(vtc_context *ctx);

#endif
