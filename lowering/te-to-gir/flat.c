/* Flat kernels for the host code of lower-te-to-gir: a buffer seen as one
 * row of elements in chunks of `lanes` (copy a buffer; fill one with a dense
 * constant), the blocked distribution of work items over the units that
 * every kernel shares, and the dead-code cleanup of built kernels. */
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

vtc_op *t2g_blocked_loop(t2g_emit *E, vtc_value *total) {
  vtc_value *u = vtc_gir_build_id(&E->at, E->loc, VTC_GIR_DIM_UNIT);
  vtc_value *units = vtc_gir_build_count(&E->at, E->loc, VTC_GIR_DIM_UNIT);
  vtc_value *per = t2g_ceildivui(E, total, units);
  vtc_value *lb = t2g_muli(E, u, per);
  vtc_value *ub = t2g_minui(E, t2g_addi(E, lb, per), total);
  return vtc_gir_build_for(&E->at, E->loc, lb, ub, t2g_cidx(E, 1), 0, NULL);
}

/* Dense constants up to this many elements become a chain of selects on the
 * element index; gir has no constant buffers (see the report). */
#define T2G_MAX_INLINE_CONSTANT 1024

static vtc_value *fill_value(t2g_emit *E, const vtc_attr *dense, vtc_value *off, const vtc_type *rt) {
  if (dense->splat || vtc_dense_num_elements(dense) == 1) {
    vtc_value *c = t2g_dense_const(E, dense, 0);
    return vtc_gir_build_broadcast(&E->at, E->loc, VTC_GIR_AXIS_WIDTH, c, rt);
  }
  vtc_op *ew = vtc_gir_build_elementwise(&E->at, E->loc, rt, 1, &off, true);
  vtc_block *body = vtc_gir_elementwise_body(ew);
  /* The body is isolated: its own emitter, constants at its top. */
  t2g_emit B;
  t2g_emit_init(&B, E->ctx, E->loc, body);
  vtc_value *k = t2g_addi(&B, body->args[0], body->args[2]);
  int64_t n = vtc_dense_num_elements(dense);
  vtc_value *v = t2g_dense_const(&B, dense, n - 1);
  for (int64_t e = n - 1; e-- > 0;) {
    vtc_value *c = t2g_dense_const(&B, dense, e);
    v = t2g_select(&B, t2g_cmpi(&B, VTC_CMPI_EQ, k, t2g_cidx(&B, e)), c, v);
  }
  vtc_gir_build_yield(&B.at, E->loc, 1, &v);
  t2g_emit_free(&B);
  return vtc_op_result(ew, 0);
}

static int64_t pow2_at_least(int64_t n) {
  int64_t p = 1;
  while (p < n && p < ((int64_t)1 << 30)) p <<= 1;
  return p;
}

static vtc_op *flat_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                           const vtc_type *buffer, const vtc_attr *dense, int64_t *lanes) {
  vtc_context *ctx = S->ctx;
  vtc_gir_buffer_info bi;
  if (!vtc_gir_buffer_info_of(ctx, buffer, &bi)) return NULL;
  if (dense && !dense->splat && vtc_dense_num_elements(dense) > T2G_MAX_INLINE_CONSTANT) {
    vtc_error(ctx, loc,
              "cannot lower a dense constant of %lld elements to gir: constants above %d elements need a constant "
              "buffer, which gir does not have",
              (long long)vtc_dense_num_elements(dense), T2G_MAX_INLINE_CONSTANT);
    return NULL;
  }
  int64_t total_static = 1;
  for (unsigned k = 0; k < bi.rank; k++)
    total_static = bi.dims[k] == VTC_DYNAMIC || total_static == VTC_DYNAMIC ? VTC_DYNAMIC : total_static * bi.dims[k];
  int64_t V = S->opts->vectorize ? t2g_max_lanes(S->opts, bi.elem) : 1;
  if (total_static != VTC_DYNAMIC && total_static > 0 && pow2_at_least(total_static) < V)
    V = pow2_at_least(total_static);
  const vtc_type *params[2] = {buffer, buffer};
  vtc_op *kernel = t2g_new_kernel(S, mb, loc, name, dense ? 1 : 2, params, V);
  vtc_block *kb = vtc_gir_kernel_body(kernel);
  t2g_emit E;
  t2g_emit_init(&E, ctx, loc, kb);
  vtc_value *dst = kb->args[kb->num_args - 1], *c1 = t2g_cidx(&E, 1);
  vtc_value *total = c1;
  for (unsigned k = 0; k < bi.rank; k++)
    total = t2g_muli(&E, total, bi.dims[k] == VTC_DYNAMIC ? vtc_gir_build_dim(&E.at, loc, dst, k)
                                                          : t2g_cidx(&E, bi.dims[k]));
  vtc_op *loop = t2g_blocked_loop(&E, t2g_ceildivui(&E, total, t2g_cidx(&E, V)));
  E.at = vtc_builder_at_end(ctx, vtc_gir_for_body(loop));
  vtc_value *off = t2g_muli(&E, vtc_gir_for_induction_var(loop), t2g_cidx(&E, V));
  vtc_value *valid = NULL;
  if (total_static == VTC_DYNAMIC || total_static % V != 0)
    valid = t2g_minui(&E, t2g_cidx(&E, V), t2g_subi(&E, total, off));
  const vtc_type *st = vtc_gir_slice_type(ctx, VTC_GIR_GLOBAL, bi.elem, 1, V, V);
  const vtc_type *rt = vtc_gir_register_type(ctx, bi.elem, 1, V);
  vtc_value *value;
  if (dense) {
    value = fill_value(&E, dense, off, rt);
  } else {
    vtc_value *sv = vtc_gir_build_view(&E.at, loc, kb->args[0], off, st, NULL, valid ? c1 : NULL, valid);
    value = vtc_gir_build_copy_to_register(&E.at, loc, sv, rt);
  }
  vtc_value *dv = vtc_gir_build_view(&E.at, loc, dst, off, st, NULL, valid ? c1 : NULL, valid);
  vtc_gir_build_copy(&E.at, loc, value, dv);
  vtc_gir_build_yield(&E.at, loc, 0, NULL);
  vtc_builder end = vtc_builder_at_end(ctx, kb);
  vtc_gir_build_return(&end, loc);
  t2g_emit_free(&E);
  t2g_dce(kernel);
  *lanes = V;
  S->kernels++;
  return kernel;
}

vtc_op *t2g_build_copy_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                              const vtc_type *buffer, int64_t *lanes) {
  return flat_kernel(S, mb, loc, name, buffer, NULL, lanes);
}

vtc_op *t2g_build_fill_kernel(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                              const vtc_type *buffer, const vtc_attr *dense, int64_t *lanes) {
  return flat_kernel(S, mb, loc, name, buffer, dense, lanes);
}

/* ---- dead code --------------------------------------------------------------------- */

static bool removable(const vtc_op *op) {
  const char *d = op->name->dialect;
  if (!d || !op->num_results) return false;
  if (strcmp(d, "arith") == 0 || strcmp(d, "math") == 0) return true;
  static const char *const pure[] = {"dim", "id", "count", "view", "extract", "broadcast", "elementwise", NULL};
  for (unsigned i = 0; pure[i]; i++)
    if (vtc_gir_is(op, pure[i])) return true;
  return vtc_gir_is(op, "copy") && op->num_operands == 1; /* a read into registers */
}

static vtc_walk_result dce_one(vtc_op *op, void *changed) {
  if (!removable(op)) return VTC_WALK_ADVANCE;
  for (unsigned i = 0; i < op->num_results; i++)
    if (vtc_value_has_uses(vtc_op_result(op, i))) return VTC_WALK_ADVANCE;
  vtc_op_erase(op);
  *(bool *)changed = true;
  return VTC_WALK_ADVANCE;
}

void t2g_dce(vtc_op *kernel) {
  bool changed;
  do {
    changed = false;
    vtc_op_walk(kernel, false, dce_one, &changed);
  } while (changed);
}
