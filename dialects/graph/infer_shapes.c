/* Shape inference, the shared part: calling an op's inference hook, type
 * compatibility with `?` dimensions, and the verify hook of every graph op
 * (infer, then check each declared result type against the inferred one). */
#include <stdio.h>
#include <stdlib.h>

#include "dialects/graph/graph_impl.h"

bool vtc_graph_infer_result_types(vtc_op *op, const vtc_type **result_types) {
  const vtc_graph_infer_iface *iface = vtc_op_interface(op, VTC_IFACE_INFER_SHAPES);
  if (!iface || !iface->infer || op->name->dialect != vtc_str(vtc_op_context(op), "graph")) return false;
  return iface->infer(op, result_types);
}

bool vtc_graph_types_compatible(const vtc_type *a, const vtc_type *b) {
  if (a == b) return true;
  if (!vtc_type_is_tensor(a) || !vtc_type_is_tensor(b)) return false;
  if (a->element != b->element || a->rank != b->rank) return false;
  for (unsigned i = 0; i < a->rank; i++) {
    int64_t x = vtc_tensor_dim(a, i), y = vtc_tensor_dim(b, i);
    if (x != VTC_DYNAMIC && y != VTC_DYNAMIC && x != y) return false;
  }
  return true;
}

const vtc_type *vtc_graph_type_meet(vtc_context *ctx, const vtc_type *a, const vtc_type *b) {
  if (a == b || !vtc_graph_types_compatible(a, b)) return a;
  int64_t dims[64];
  if (a->rank > 64) return a;
  for (unsigned i = 0; i < a->rank; i++) {
    int64_t x = vtc_tensor_dim(a, i);
    dims[i] = x == VTC_DYNAMIC ? vtc_tensor_dim(b, i) : x;
  }
  return vtc_type_tensor(ctx, a->rank, dims, a->element, a->encoding);
}

/* Declared types may be more or less refined than inferred ones (a `?` on
 * either side is fine: graph-infer-shapes refines declared `?`s), but
 * element type, rank and known dims must agree. */
bool graph_verify(vtc_op *op) {
  for (unsigned i = 0; i < op->num_results; i++) {
    const vtc_type *t = vtc_op_result(op, i)->type;
    if (!vtc_type_is_tensor(t)) {
      char *s = vtc_type_to_string(t);
      vtc_op_error(op, "result #%u must be a ranked tensor, but has type %s", i, s);
      free(s);
      return false;
    }
  }
  const vtc_type *inline_buf[8], **inferred = inline_buf;
  if (op->num_results > 8) inferred = vtc_xcalloc(op->num_results, sizeof *inferred);
  const vtc_graph_infer_iface *iface = vtc_op_interface(op, VTC_IFACE_INFER_SHAPES);
  bool ok = !iface || iface->infer(op, inferred);
  for (unsigned i = 0; ok && iface && i < op->num_results; i++) {
    const vtc_type *declared = vtc_op_result(op, i)->type;
    char what[32];
    snprintf(what, sizeof what, op->num_results == 1 ? "the result" : "result #%u", i);
    if (!graph_check_numel(op, what, inferred[i]) || !graph_check_numel(op, what, declared)) {
      ok = false;
      break;
    }
    if (vtc_graph_types_compatible(declared, inferred[i])) continue;
    char *d = vtc_type_to_string(declared), *s = vtc_type_to_string(inferred[i]);
    if (op->num_results == 1)
      vtc_op_error(op, "result type %s is incompatible with the inferred type %s", d, s);
    else
      vtc_op_error(op, "result #%u type %s is incompatible with the inferred type %s", i, d, s);
    free(d);
    free(s);
    ok = false;
  }
  if (inferred != inline_buf) free(inferred);
  /* vtc-virtualize's annotation, checked after the shapes its maps need. */
  if (ok && (vtc_op_get_attr(op, VTC_GRAPH_ATTR_VIRTUAL) || vtc_op_get_attr(op, VTC_GRAPH_ATTR_VIEWS)))
    ok = vtc_graph_verify_virtual_attr(op);
  return ok;
}
