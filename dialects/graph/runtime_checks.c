/* The run-time shape checks of graph ops (graph.h): each op's reference shape
 * rule run on its operand types with a sink (kernels.h), so that the checks
 * a dynamic dimension defers, and their messages, are the rule's own. One
 * table row per op. */
#include <string.h>

#include "dialects/graph/graph_impl.h"

typedef void (*checks_fn)(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen);

/* The shape of operand i (the op verified: a ranked tensor). */
static vtc_shape operand_shape(vtc_op *op, unsigned i) {
  vtc_shape s = {0};
  vtc_graph_shape_of(vtc_op_operand(op, i)->type, &s);
  return s;
}

static void checks_matmul(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen) {
  vtc_shape a = operand_shape(op, 0), b = operand_shape(op, 1), r;
  vtc_shape_matmul_checks(&a, &b, &r, err, errlen, sink);
}

static void checks_binary(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen) {
  vtc_shape a = operand_shape(op, 0), b = operand_shape(op, 1), r;
  vtc_shape_broadcast_checks(&a, &b, &r, err, errlen, sink);
}

/* broadcast(broadcast(c, x), y), as the kernel: the second rule's first
 * shape is derived, so only its static dims can appear in a deferred check. */
static void checks_where(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen) {
  vtc_shape c = operand_shape(op, 0), x = operand_shape(op, 1), y = operand_shape(op, 2), cx, r;
  vtc_shape_sink second;
  vtc_shape_sink_nested(&second, sink, "", 2, (const int[]){-1, 2});
  if (vtc_shape_broadcast_checks(&c, &x, &cx, err, errlen, sink) == 0)
    vtc_shape_broadcast_checks(&cx, &y, &r, err, errlen, &second);
}

static void checks_concat(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen) {
  int64_t axis;
  if (op->num_operands > GRAPH_MAX_ARRAY || !graph_attr_int(op, VTC_GRAPH_ATTR_AXIS, 0, &axis)) return;
  vtc_shape ins[GRAPH_MAX_ARRAY], r;
  for (unsigned i = 0; i < op->num_operands; i++) ins[i] = operand_shape(op, i);
  vtc_shape_concat_checks((int)op->num_operands, ins, axis, &r, err, errlen, sink);
}

static void checks_reshape(vtc_op *op, const vtc_shape_sink *sink, char *err, size_t errlen) {
  int64_t shape[GRAPH_MAX_ARRAY];
  int n;
  bool allowzero;
  if (!graph_attr_ints(op, VTC_GRAPH_ATTR_SHAPE, true, shape, GRAPH_MAX_ARRAY, &n, NULL) ||
      !graph_attr_bool(op, VTC_GRAPH_ATTR_ALLOWZERO, false, &allowzero))
    return;
  vtc_shape x = operand_shape(op, 0), r;
  vtc_shape_reshape_checks(&x, n, shape, allowzero, &r, err, errlen, sink);
}

static const struct {
  const char *name;
  checks_fn checks;
} kChecks[] = {
    {"graph.matmul", checks_matmul}, {"graph.add", checks_binary},   {"graph.sub", checks_binary},
    {"graph.mul", checks_binary},    {"graph.div", checks_binary},   {"graph.pow", checks_binary},
    {"graph.max", checks_binary},    {"graph.min", checks_binary},   {"graph.where", checks_where},
    {"graph.concat", checks_concat}, {"graph.reshape", checks_reshape},
};

void vtc_graph_runtime_checks(vtc_op *op, vtc_graph_check_fn add, void *ctx) {
  for (size_t i = 0; i < sizeof kChecks / sizeof kChecks[0]; i++) {
    if (strcmp(op->name->name, kChecks[i].name) != 0) continue;
    /* The kernels' messages start with the op's short name ("matmul: "). */
    vtc_shape_sink sink = {.add = add, .ctx = ctx};
    snprintf(sink.prefix, sizeof sink.prefix, "'%s' op %s: ", op->name->name, op->name->name + strlen("graph."));
    char err[512];
    kChecks[i].checks(op, &sink, err, sizeof err);
    return;
  }
}
