/* Everything a dialect, pass or tool needs from the IR core. */
#ifndef VTC_IR_IR_H
#define VTC_IR_IR_H

#include "ir/affine.h"
#include "ir/asm.h"
#include "ir/attributes.h"
#include "ir/builder.h"
#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/dialect.h"
#include "ir/location.h"
#include "ir/operation.h"
#include "ir/pass.h"
#include "ir/rewrite.h"
#include "ir/support.h"
#include "ir/symbol_table.h"
#include "ir/types.h"
#include "ir/verifier.h"

#endif
