/* The verifier: structural checks (SSA dominance, terminators, block
 * arguments, symbol uniqueness, registered-op arity and attributes) and then
 * each op's own verify hook. Emits located diagnostics; false on failure. */
#ifndef VTC_IR_VERIFIER_H
#define VTC_IR_VERIFIER_H

#include "ir/operation.h"

bool vtc_verify(vtc_op *op);

#endif
