/* Large constants as arguments, for every target but the reference
 * interpreter: gir has no constant buffers (lower-te-to-gir fills a
 * constant's buffer with a kernel of selects, up to 1024 elements), so
 * before the target's pipeline each non-splat graph.constant of the entry
 * with more than RUN_WEIGHT_MIN_ELEMENTS elements becomes a trailing
 * argument, and the run passes a tensor that views the constant's bytes
 * (a model's weights, in their dense_resource blobs): the CPU target hands
 * that pointer to the compiled code as it is, the GPU target copies it to
 * the device once per run (once for all --bench runs). --check still runs
 * the reference interpreter on the module as written. */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"
#include "tools/vtc-run/run.h"

/* Smaller constants stay constants (a select chain of at most this many
 * elements builds quickly). */
#define RUN_WEIGHT_MIN_ELEMENTS 64

static bool is_weight(vtc_op *op, vtc_tensor *view) {
  if (!vtc_op_is_named(op, "graph.constant")) return false;
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VALUE);
  const void *data = a && a->kind == VTC_ATTR_DENSE && !a->splat ? vtc_dense_data(a) : NULL;
  vtc_dtype d;
  vtc_shape s;
  if (!data || vtc_tensor_num_elements(a->type) <= RUN_WEIGHT_MIN_ELEMENTS || !vtc_graph_dtype_of(a->type->element, &d) ||
      !vtc_graph_shape_of(a->type, &s))
    return false;
  *view = (vtc_tensor){.dtype = d, .rank = s.rank, .data = (void *)data};
  memcpy(view->dims, s.dims, sizeof s.dims);
  return true;
}

unsigned run_weights_as_args(run_request *req, vtc_tensor **inputs) {
  vtc_op *f = req->entry;
  vtc_block *body = vtc_op_region(f, 0)->first;
  VTC_VEC(vtc_tensor) all = {0};
  for (unsigned i = 0; i < req->num_inputs; i++) VTC_VEC_PUSH(&all, req->inputs[i]);
  unsigned added = 0;
  for (vtc_op *op = body->first, *next; op; op = next) {
    next = op->next;
    vtc_tensor view;
    if (!is_weight(op, &view)) continue;
    vtc_value *arg = vtc_block_add_arg(body, vtc_op_result(op, 0)->type);
    vtc_value_replace_all_uses(vtc_op_result(op, 0), arg);
    vtc_op_erase(op);
    VTC_VEC_PUSH(&all, view);
    added++;
  }
  if (added) {
    const vtc_type *ft = vtc_func_get_type(f);
    const vtc_type **ins = vtc_xcalloc(body->num_args + 1, sizeof *ins);
    const vtc_type **res = vtc_xcalloc(ft->num_results + 1, sizeof *res);
    for (unsigned a = 0; a < body->num_args; a++) ins[a] = body->args[a]->type;
    for (unsigned r = 0; r < ft->num_results; r++) res[r] = vtc_function_result(ft, r);
    vtc_context *ctx = req->ctx;
    vtc_op_set_attr(f, "function_type",
                    vtc_attr_type(ctx, vtc_type_function(ctx, body->num_args, ins, ft->num_results, res)));
    vtc_op_remove_attr(f, "arg_attrs"); /* per-argument names no longer line up */
    free(ins);
    free(res);
  }
  *inputs = all.data;
  req->inputs = all.data;
  req->num_inputs = (unsigned)all.len;
  return added;
}
