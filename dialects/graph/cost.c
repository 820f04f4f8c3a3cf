/* The cost interface of the graph ops: flops and bytes read and written for
 * one execution, for the cost models of the later passes. Conventions (the
 * papers are silent): one flop per output element for simple element-wise
 * ops, a fixed count per element for composite ones (table below),
 * multiply-add = 2 flops; a field is -1 when it depends on a `?` dim. */
#include <string.h>

#include "dialects/graph/graph_impl.h"

/* Elements of a tensor type, -1 when dynamic. */
static int64_t numel(const vtc_type *t) { return vtc_tensor_num_elements(t); }

/* a + b and a * b with -1 (unknown) absorbing, saturated at INT64_MAX (a
 * cost beyond int64 is only "too much", as the interpreter reads it). */
static int64_t add(int64_t a, int64_t b) {
  int64_t r;
  return a < 0 || b < 0 ? -1 : __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}
static int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  return a < 0 || b < 0 ? -1 : __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

static int64_t bytes_of(const vtc_type *t) {
  int64_t n = numel(t);
  vtc_dtype d;
  if (n < 0 || !vtc_graph_dtype_of(t->element, &d)) return -1;
  return mul(n, (int64_t)vtc_dtype_size(d));
}
static int64_t min_known(int64_t a, int64_t b) { return a < 0 || b < 0 ? -1 : a < b ? a : b; }

static int64_t operand_bytes(vtc_op *op, unsigned from, unsigned to) {
  int64_t s = 0;
  for (unsigned i = from; i < to && i < op->num_operands; i++) s = add(s, bytes_of(vtc_op_operand(op, i)->type));
  return s;
}

static int64_t result_bytes(vtc_op *op) {
  int64_t s = 0;
  for (unsigned i = 0; i < op->num_results; i++) s = add(s, bytes_of(vtc_op_result(op, i)->type));
  return s;
}

/* Compute ops read every operand once and write every result once. */
static void io(vtc_op *op, vtc_graph_cost *c) {
  c->bytes_read = operand_bytes(op, 0, op->num_operands);
  c->bytes_written = result_bytes(op);
}

bool graph_cost_elementwise(vtc_op *op, vtc_graph_cost *c) {
  static const struct { const char *name; int flops; } per_element[] = {
      {"graph.gelu", 8}, {"graph.silu", 5}, {"graph.sigmoid", 4}, {"graph.rsqrt", 2}, {"graph.cast", 0},
      {"graph.softplus", 5}, {"graph.softsign", 3}, {"graph.hard_swish", 5}, {"graph.hard_sigmoid", 4},
      {"graph.elu", 3}, {"graph.selu", 4}, {"graph.celu", 6}, {"graph.shrink", 3}, {"graph.mod", 4},
      {"graph.sign", 2}, {"graph.prelu", 2},
  };
  int flops = 1;
  for (size_t i = 0; i < sizeof per_element / sizeof per_element[0]; i++)
    if (strcmp(op->name->name, per_element[i].name) == 0) flops = per_element[i].flops;
  io(op, c);
  c->flops = mul(numel(vtc_op_result(op, 0)->type), flops);
  return true;
}

bool graph_cost_matmul(vtc_op *op, vtc_graph_cost *c) {
  const vtc_type *a = vtc_op_operand(op, 0)->type;
  int64_t k = a->rank ? vtc_tensor_dim(a, a->rank - 1) : 1;
  io(op, c);
  c->flops = mul(2, mul(numel(vtc_op_result(op, 0)->type), k == VTC_DYNAMIC ? -1 : k));
  return true;
}

bool graph_cost_conv2d(vtc_op *op, vtc_graph_cost *c) {
  const vtc_type *w = vtc_op_operand(op, 1)->type;
  int64_t per_out = 1;
  for (unsigned i = 1; i < w->rank; i++) per_out = mul(per_out, vtc_tensor_dim(w, i) == VTC_DYNAMIC ? -1 : vtc_tensor_dim(w, i));
  int64_t out = numel(vtc_op_result(op, 0)->type);
  io(op, c);
  c->flops = add(mul(2, mul(out, per_out)), op->num_operands == 3 ? out : 0);
  return true;
}

/* Reductions: one flop per input element; softmax 5 (max, sub, exp, sum,
 * div), layer_norm 8, rms_norm 5 per element. */
bool graph_cost_reduce(vtc_op *op, vtc_graph_cost *c) {
  const char *n = op->name->name + strlen("graph.");
  int per = strcmp(n, "softmax") == 0 ? 5 : strcmp(n, "layer_norm") == 0 ? 8 : strcmp(n, "rms_norm") == 0 ? 5 : 1;
  io(op, c);
  c->flops = mul(numel(vtc_op_operand(op, 0)->type), per);
  return true;
}

/* QK^T and PV (2 flops per multiply-add) plus a 5-flop softmax per score. */
bool graph_cost_attention(vtc_op *op, vtc_graph_cost *c) {
  const vtc_type *q = vtc_op_operand(op, 0)->type, *k = vtc_op_operand(op, 1)->type, *v = vtc_op_operand(op, 2)->type;
  io(op, c);
  c->flops = -1;
  if (q->rank != 4 || k->rank != 4 || v->rank != 4) return true;
  int64_t dims[4] = {vtc_tensor_dim(q, 0), vtc_tensor_dim(q, 1), vtc_tensor_dim(q, 2), vtc_tensor_dim(k, 2)};
  int64_t scores = 1;
  for (int i = 0; i < 4; i++) scores = mul(scores, dims[i] == VTC_DYNAMIC ? -1 : dims[i]);
  int64_t d = vtc_tensor_dim(q, 3), dv = vtc_tensor_dim(v, 3);
  int64_t per = (d == VTC_DYNAMIC || dv == VTC_DYNAMIC) ? -1 : add(add(mul(2, d), mul(2, dv)), 5);
  c->flops = mul(scores, per);
  return true;
}

/* Data movement: no flops; each output element is written once, and each
 * input element is read at most once (a slice reads only what it keeps, an
 * expand only its input); index operands are read whole. */
bool graph_cost_movement(vtc_op *op, vtc_graph_cost *c) {
  c->flops = 0;
  c->bytes_written = result_bytes(op);
  if (strcmp(op->name->name, "graph.scatter_nd") == 0)
    c->bytes_read = operand_bytes(op, 0, 3);
  else if (strcmp(op->name->name, "graph.gather") == 0)
    c->bytes_read = add(min_known(operand_bytes(op, 0, 1), c->bytes_written), operand_bytes(op, 1, 2));
  else
    c->bytes_read = min_known(operand_bytes(op, 0, op->num_operands), c->bytes_written);
  return true;
}

/* A constant is part of the program image: no work when it runs. */
bool graph_cost_constant(vtc_op *op, vtc_graph_cost *c) {
  c->flops = c->bytes_read = c->bytes_written = 0;
  return true;
}

bool vtc_graph_get_cost(vtc_op *op, vtc_graph_cost *out) {
  const vtc_graph_cost_iface *iface = vtc_op_interface(op, VTC_IFACE_COST);
  if (!iface || !iface->cost) return false;
  return iface->cost(op, out);
}
