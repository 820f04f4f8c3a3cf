/* graph-infer-shapes: refines result types of graph ops from their operands
 * (a `?` becomes a static dim where inference knows it), as MLIR's shape
 * inference does in place. Choices (not in the papers): refinement goes
 * through func.call results (from the callee's signature) and func.func
 * signatures (result types follow the refined func.return operands, so
 * callers see them), repeated to a fixed point; a declared static dim is
 * never replaced by `?`; non-graph users of a refined value must accept the
 * more static type (no casts are inserted). */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"

typedef struct refine_state {
  vtc_context *ctx;
  vtc_pass_context *pc;
  unsigned refined; /* result types changed */
  bool failed;
} refine_state;

static void refine_value(refine_state *s, vtc_value *v, const vtc_type *inferred) {
  if (!inferred || !vtc_graph_types_compatible(v->type, inferred)) return;
  const vtc_type *t = vtc_graph_type_meet(s->ctx, v->type, inferred);
  if (t == v->type) return;
  v->type = t;
  s->refined++;
}

static void refine_graph_op(refine_state *s, vtc_op *op) {
  const vtc_type *buf[8], **inferred = op->num_results > 8 ? vtc_xcalloc(op->num_results, sizeof *inferred) : buf;
  if (vtc_graph_infer_result_types(op, inferred))
    for (unsigned i = 0; i < op->num_results; i++) refine_value(s, vtc_op_result(op, i), inferred[i]);
  else
    s->failed = true; /* the diagnostic is out already */
  if (inferred != buf) free(inferred);
}

static void refine_call(refine_state *s, vtc_op *op) {
  vtc_op *callee = vtc_symbol_lookup_from(op, vtc_op_get_attr(op, "callee"));
  const vtc_type *ft = callee ? vtc_func_get_type(callee) : NULL;
  if (!ft || ft->num_results != op->num_results) return;
  for (unsigned i = 0; i < op->num_results; i++) refine_value(s, vtc_op_result(op, i), vtc_function_result(ft, i));
}

/* The function's result types become its return operands' types when every
 * return agrees and each is a refinement of the declared type. */
static void refine_signature(refine_state *s, vtc_op *func) {
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft || func->num_regions == 0) return;
  unsigned n = ft->num_results;
  const vtc_type **results = vtc_xcalloc(n ? n : 1, sizeof *results);
  bool any = false, ok = true;
  for (vtc_block *b = vtc_op_region(func, 0)->first; b && ok; b = b->next) {
    vtc_op *term = vtc_block_terminator(b);
    if (!term || !vtc_op_is_named(term, "func.return")) continue;
    if (term->num_operands != n) ok = false;
    for (unsigned i = 0; ok && i < n; i++) {
      const vtc_type *t = vtc_op_operand(term, i)->type;
      if (results[i] && results[i] != t) ok = false;
      results[i] = t;
    }
    any = true;
  }
  bool changed = false;
  for (unsigned i = 0; ok && any && i < n; i++) {
    const vtc_type *old = vtc_function_result(ft, i);
    if (results[i] == old) continue;
    if (!vtc_graph_types_compatible(old, results[i]) || vtc_graph_type_meet(s->ctx, old, results[i]) != results[i]) {
      ok = false;
      break;
    }
    changed = true;
  }
  if (ok && any && changed) {
    const vtc_type *inputs[64];
    if (ft->num_inputs <= 64) {
      for (unsigned i = 0; i < ft->num_inputs; i++) inputs[i] = vtc_function_input(ft, i);
      const vtc_type *nft = vtc_type_function(s->ctx, ft->num_inputs, inputs, n, results);
      vtc_op_set_attr(func, "function_type", vtc_attr_type(s->ctx, nft));
      s->refined++;
    }
  }
  free(results);
}

static vtc_walk_result visit(vtc_op *op, void *data) {
  refine_state *s = data;
  if (op->name->dialect == vtc_str(s->ctx, "graph") && vtc_op_interface(op, VTC_IFACE_INFER_SHAPES))
    refine_graph_op(s, op);
  else if (vtc_op_is_named(op, "func.call"))
    refine_call(s, op);
  return s->failed ? VTC_WALK_INTERRUPT : VTC_WALK_ADVANCE;
}

static vtc_walk_result visit_funcs(vtc_op *op, void *data) {
  if (vtc_op_is_named(op, "func.func")) refine_signature(data, op);
  return VTC_WALK_ADVANCE;
}

static bool run_infer_shapes(vtc_pass_context *pc, vtc_op *root, const void *options) {
  refine_state s = {.ctx = vtc_pass_context_ctx(pc), .pc = pc};
  unsigned total = 0;
  for (int round = 0; round < 16; round++) {
    s.refined = 0;
    vtc_op_walk(root, true, visit, &s);
    if (s.failed) return false;
    vtc_op_walk(root, true, visit_funcs, &s);
    total += s.refined;
    if (!s.refined) break;
  }
  vtc_pass_stat_add(pc, 0, total);
  if (!total) vtc_pass_mark_unchanged(pc);
  return true;
}

static const char *const infer_shapes_stats[] = {"refined-types", NULL};

const vtc_pass_def vtc_graph_infer_shapes_pass = {
    .name = "graph-infer-shapes",
    .summary = "Refine graph op result types (and function signatures) by shape inference",
    .anchor = NULL,
    .run = run_infer_shapes,
    .statistics = infer_shapes_stats,
};
