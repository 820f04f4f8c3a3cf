/* The reference interpreter of the graph dialect: runs a func.func whose body
 * is graph ops (plus func.call of other graph functions and func.return) on
 * host tensors, one kernel of dialects/graph/kernels.h per op. It defines
 * the semantics every later pipeline is checked against, so it stays simple:
 * no fusion, no in-place updates, f64 accumulation inside the kernels. */
#ifndef VTC_DIALECTS_GRAPH_INTERPRETER_H
#define VTC_DIALECTS_GRAPH_INTERPRETER_H

#include <stdio.h>

#include "dialects/graph/graph.h"
#include "runtime/tensor.h"

/* What a run measured. Intermediates are every tensor the interpreter
 * allocates (op results, constants, the returned tensors until they are
 * handed over); the caller's inputs are not counted. A tensor is freed right
 * after the op that is its last use in the block (liveness), or right after
 * it is produced when it has no use, so peak_bytes is the most bytes live
 * at once, measured while each op runs (its operands and its results). */
typedef struct vtc_graph_interp_stats {
  size_t peak_bytes;    /* most intermediate bytes live at once */
  size_t total_bytes;   /* bytes allocated over the whole run */
  uint64_t ops_run;     /* ops executed, func.call and func.return included */
} vtc_graph_interp_stats;

typedef struct vtc_graph_interp_options {
  /* When set, one line per executed op: its name, result types as run
   * (dynamic dims bound), live intermediate bytes after it and the values
   * freed after it (`%op3#0` is result 0 of the block's op 3, `%arg1` an
   * argument); for tests of liveness and for debugging. */
  FILE *trace;
} vtc_graph_interp_options;

/* Runs `func` (a func.func with a body) on num_inputs tensors, which must
 * match its argument types: same element type and rank, equal static dims;
 * each `?` dim takes the input's size. On success returns true and sets
 * *outputs to a heap array of *num_outputs tensors the caller owns (free
 * with vtc_tensor_free_array). On failure (input mismatch, an op without
 * reference semantics, a kernel error, a result that disagrees with its
 * declared type) emits a located diagnostic at the function's or the op's
 * location and returns false with *outputs NULL. opts and stats may be NULL.
 * An op of static shapes whose cost (the cost interface) is more than
 * VTC_GRAPH_INTERP_MAX_FLOPS flops is refused before it runs: the kernels
 * take about a nanosecond a flop, so a convolution of a 4096^2 image by a
 * 2048^2 kernel would run for hours (the paper workloads' largest op has
 * 1.8e9 flops). */
#define VTC_GRAPH_INTERP_MAX_FLOPS ((int64_t)1 << 36)
bool vtc_graph_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                         unsigned *num_outputs, const vtc_graph_interp_options *opts,
                         vtc_graph_interp_stats *stats);

/* A runtime tensor's type as MLIR spells it: "tensor<2x3xf32>". */
void vtc_graph_tensor_str(const vtc_tensor *t, char *buf, size_t cap);

/* Checks a runtime tensor against a tensor type (as for a function argument
 * or an op result): 0, or -1 with a message such as "dimension 1 is 5, but
 * the type says 4" in err. */
int vtc_graph_check_tensor(const vtc_type *type, const vtc_tensor *t, char *err, size_t errlen);

/* ---- the VTC_IFACE_INTERPRET slot of graph ops -----------------------------
 * operands[i] is operand i (never NULL); results[0..num_results) are empty
 * tensors the hook fills. Returns 0, or -1 with either a message in err
 * (the interpreter reports it at the op) or, with err left empty, after it
 * already emitted a diagnostic on the op (an attribute reader's). */
typedef int (*vtc_graph_interpret_fn)(vtc_op *op, const vtc_tensor *const *operands, vtc_tensor *results,
                                      char *err, size_t errlen);
typedef struct vtc_graph_interpret_iface {
  vtc_graph_interpret_fn run;
} vtc_graph_interpret_iface;

/* The hooks the op table in dialect.c points at (interpreter_ops.c). Unary,
 * binary and reduce ops share one hook each, keyed by the op's name. */
int graph_interp_matmul(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_conv2d(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_unary(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_binary(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_where(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_cast(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_softmax(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_layer_norm(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_rms_norm(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_reduce(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_attention(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_constant(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_reshape(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_transpose(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_split(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_concat(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_slice(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_expand(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_squeeze(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_unsqueeze(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_flatten(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_gather(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_scatter_nd(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_tile(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_pad(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_depth_to_space(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err,
                                size_t errlen);
int graph_interp_space_to_depth(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err,
                                size_t errlen);
int graph_interp_identity(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
/* ops_onnx.c */
int graph_interp_pool(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_arg_reduce(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_cumsum(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);
int graph_interp_gather_elements(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err,
                                 size_t errlen);
int graph_interp_resize(vtc_op *op, const vtc_tensor *const *in, vtc_tensor *out, char *err, size_t errlen);

#endif
