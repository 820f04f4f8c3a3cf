/* Dialect registration: the core dialects (builtin, func, arith, math) and every
 * dialect vtc has (later issues add theirs to vtc_register_all_dialects). */
#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "dialects/te/te.h"

void vtc_register_core_dialects(vtc_context *ctx) {
  vtc_context_register_dialect(ctx, &vtc_builtin_dialect);
  vtc_context_register_dialect(ctx, &vtc_func_dialect);
  vtc_context_register_dialect(ctx, &vtc_arith_dialect);
  vtc_context_register_dialect(ctx, &vtc_math_dialect);
}

void vtc_register_all_dialects(vtc_context *ctx) {
  vtc_register_core_dialects(ctx);
  vtc_register_graph_dialect(ctx);
  vtc_register_te_dialect(ctx);
  vtc_register_gir_dialect(ctx);
}
