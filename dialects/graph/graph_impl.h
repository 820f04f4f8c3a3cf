/* Private to the graph dialect and its passes: the per-op functions the op
 * table in dialect.c points at (inference, mapping, cost, folding, patterns)
 * and the verifier helpers they share (verify.c). */
#ifndef VTC_DIALECTS_GRAPH_GRAPH_IMPL_H
#define VTC_DIALECTS_GRAPH_GRAPH_IMPL_H

#include "dialects/builtin/dialects.h" /* vtc_op_error */
#include "dialects/graph/graph.h"
#include "dialects/graph/kernels.h"

/* Longest integer-array attribute the dialect reads (split sizes, pads). */
#define GRAPH_MAX_ARRAY 64

/* Element-type sets, as runtime dtype bit masks (kernels.h / tensor.h). */
#define GRAPH_TYPES_FLOAT VTC_DTYPES_FLOAT
#define GRAPH_TYPES_NUMERIC VTC_DTYPES_NUMERIC
#define GRAPH_TYPES_ALL VTC_DTYPES_ALL

/* ---- verify.c: attribute readers and operand checks ----------------------
 * Each returns false after an `'graph.x' op ...` diagnostic. */
bool graph_attr_int(vtc_op *op, const char *name, int64_t dflt, int64_t *out);
bool graph_attr_float(vtc_op *op, const char *name, double dflt, double *out);
bool graph_attr_bool(vtc_op *op, const char *name, bool dflt, bool *out);
bool graph_attr_string(vtc_op *op, const char *name, const char *dflt, const char **out);
/* *present (may be NULL) says whether the attribute was there; absent and
 * required is an error. */
bool graph_attr_ints(vtc_op *op, const char *name, bool required, int64_t *vals, int max, int *count,
                     bool *present);
/* Whether the op table's default of an integer-array attribute (if any) is
 * dflt[0..count): for readers that fill absent arrays themselves (conv2d). */
bool graph_default_is_ints(vtc_op *op, const char *name, const int64_t *dflt, int count);
/* Operand i as a ranked tensor of rank <= VTC_MAX_RANK whose element type is
 * in `allowed` (dtype bits); fills shape and element (either may be NULL). */
bool graph_operand(vtc_op *op, unsigned i, const char *what, unsigned allowed, vtc_shape *shape,
                   const vtc_type **element);
/* A tensor type whose static dims' product overflows int64 can hold no
 * tensor: `'graph.x' op <what> has type T, whose element count overflows`. */
bool graph_check_numel(vtc_op *op, const char *what, const vtc_type *t);
/* Operand i has the same element type as `element`. */
bool graph_same_element(vtc_op *op, unsigned i, const char *what, const vtc_type *element);
/* A shape-helper failure: `'graph.x' op <msg>`. */
bool graph_helper_error(vtc_op *op, const char *msg);
bool graph_axis(vtc_op *op, int64_t axis, int rank, int *out);
/* The parameters of a unary op (alpha, ...) from its attributes, with the
 * kernels' ONNX defaults. */
bool graph_unary_params(vtc_op *op, vtc_unary_op u, vtc_unary_params *p);
/* "[2, ?, 4]"-style text of a shape into buf. */
const char *graph_shape_str(const vtc_shape *s, char *buf, size_t cap);

/* ---- infer_shapes.c ---------------------------------------------------- */

/* The verify hook of every graph op: shape inference, then each declared
 * result type checked against the inferred one. */
bool graph_verify(vtc_op *op);

/* ---- ops_compute.c: shape inference of compute ops ----------------------- */
bool graph_infer_matmul(vtc_op *op, const vtc_type **results);
bool graph_infer_conv2d(vtc_op *op, const vtc_type **results);
bool graph_infer_unary_float(vtc_op *op, const vtc_type **results);
bool graph_infer_unary_numeric(vtc_op *op, const vtc_type **results);
bool graph_infer_unary_op(vtc_op *op, const vtc_type **results); /* by the kernels' table */
bool graph_infer_binary(vtc_op *op, const vtc_type **results);
bool graph_infer_where(vtc_op *op, const vtc_type **results);
bool graph_infer_cast(vtc_op *op, const vtc_type **results);
bool graph_infer_softmax(vtc_op *op, const vtc_type **results);
bool graph_infer_layer_norm(vtc_op *op, const vtc_type **results);
bool graph_infer_rms_norm(vtc_op *op, const vtc_type **results);
bool graph_infer_reduce(vtc_op *op, const vtc_type **results);
bool graph_infer_attention(vtc_op *op, const vtc_type **results);
bool graph_infer_constant(vtc_op *op, const vtc_type **results);
/* Reads conv2d's attributes (with ONNX defaults). */
bool graph_conv2d_attrs(vtc_op *op, vtc_conv2d_attrs *a);
bool graph_reduce_attrs(vtc_op *op, vtc_reduce_attrs *a, int64_t *axes_storage);

/* ---- ops_onnx.c: the ops added for ONNX models ---------------------------- */
bool graph_pool_attrs(vtc_op *op, vtc_pool_attrs *a);
bool graph_arg_attrs(vtc_op *op, int64_t *axis, bool *keepdims, bool *select_last);
bool graph_cumsum_attrs(vtc_op *op, int64_t *axis, bool *exclusive, bool *reverse);
bool graph_infer_pool(vtc_op *op, const vtc_type **results);
bool graph_infer_arg_reduce(vtc_op *op, const vtc_type **results);
bool graph_infer_cumsum(vtc_op *op, const vtc_type **results);
bool graph_infer_gather_elements(vtc_op *op, const vtc_type **results);
bool graph_cost_pool(vtc_op *op, vtc_graph_cost *c);
bool graph_resize_attrs(vtc_op *op, vtc_resize_attrs *a, double *scales, int64_t *sizes);
bool graph_infer_resize(vtc_op *op, const vtc_type **results);

/* ---- ops_movement.c: shape inference of data-movement ops ---------------- */
bool graph_infer_reshape(vtc_op *op, const vtc_type **results);
bool graph_infer_transpose(vtc_op *op, const vtc_type **results);
bool graph_infer_split(vtc_op *op, const vtc_type **results);
bool graph_infer_concat(vtc_op *op, const vtc_type **results);
bool graph_infer_slice(vtc_op *op, const vtc_type **results);
bool graph_infer_expand(vtc_op *op, const vtc_type **results);
bool graph_infer_squeeze(vtc_op *op, const vtc_type **results);
bool graph_infer_unsqueeze(vtc_op *op, const vtc_type **results);
bool graph_infer_flatten(vtc_op *op, const vtc_type **results);
bool graph_infer_gather(vtc_op *op, const vtc_type **results);
bool graph_infer_scatter_nd(vtc_op *op, const vtc_type **results);
bool graph_infer_tile(vtc_op *op, const vtc_type **results);
bool graph_infer_pad(vtc_op *op, const vtc_type **results);
bool graph_infer_depth_to_space(vtc_op *op, const vtc_type **results);
bool graph_infer_space_to_depth(vtc_op *op, const vtc_type **results);
bool graph_infer_identity(vtc_op *op, const vtc_type **results);
/* The transpose permutation (default: reversed dims) for an input rank. */
bool graph_transpose_perm(vtc_op *op, int rank, int64_t *perm);
/* Slice attributes resolved against a static input shape: per input dim,
 * the first index, the step and the output size. */
bool graph_slice_resolve(vtc_op *op, const vtc_shape *in, int64_t *start, int64_t *step, int64_t *size);
/* Pad attributes: per dim the begin and end pads, the mode and fill. */
bool graph_pad_attrs(vtc_op *op, int rank, int64_t *begin, int64_t *end, vtc_pad_mode *mode, double *value);

/* ---- asm.c: graph.constant's custom form (the other ops use the core's
 * functional form) ------------------------------------------------------ */
void graph_print_constant(vtc_printer *p, vtc_op *op);
bool graph_parse_constant(vtc_parser *p, vtc_parse_state *st);

/* ---- mapping.c ------------------------------------------------------------- */
bool graph_map_identity(vtc_op *op, unsigned result, vtc_graph_mapping *m);
/* The reshape map from `from`'s index to `to`'s (results in `from`'s dims);
 * false when the dims do not group (a `?` only maps to a lone `?`). */
bool graph_reshape_exprs(vtc_context *ctx, const vtc_shape *from, const vtc_shape *to, const vtc_affine_expr **r);
bool graph_map_reshape(vtc_op *op, unsigned result, vtc_graph_mapping *m); /* also flatten */
bool graph_map_transpose(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_split(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_concat(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_slice(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_expand(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_squeeze(vtc_op *op, unsigned result, vtc_graph_mapping *m);   /* also unsqueeze */
bool graph_map_tile(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_pad(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_depth_to_space(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_space_to_depth(vtc_op *op, unsigned result, vtc_graph_mapping *m);
bool graph_map_index_dependent(vtc_op *op, unsigned result, vtc_graph_mapping *m); /* gather, scatter_nd */

/* ---- cost.c ---------------------------------------------------------------- */
bool graph_cost_elementwise(vtc_op *op, vtc_graph_cost *c);
bool graph_cost_matmul(vtc_op *op, vtc_graph_cost *c);
bool graph_cost_conv2d(vtc_op *op, vtc_graph_cost *c);
bool graph_cost_reduce(vtc_op *op, vtc_graph_cost *c); /* reduce_*, softmax, norms */
bool graph_cost_attention(vtc_op *op, vtc_graph_cost *c);
bool graph_cost_movement(vtc_op *op, vtc_graph_cost *c);
bool graph_cost_constant(vtc_op *op, vtc_graph_cost *c);

/* ---- canonicalize.c ---------------------------------------------------------- */
/* Constant folding of element-wise ops on small constants (< 1024 elements). */
bool graph_fold_elementwise(vtc_op *op, const vtc_attr *const *operands, vtc_fold_result *results);
void graph_patterns_reshape(vtc_context *ctx, vtc_pattern_set *set);
void graph_patterns_transpose(vtc_context *ctx, vtc_pattern_set *set);
void graph_patterns_identity(vtc_context *ctx, vtc_pattern_set *set);
/* The dialect's constant materialiser: a graph.constant of a dense value. */
vtc_op *graph_materialize_constant(vtc_builder *b, const vtc_attr *value, const vtc_type *type,
                                   const vtc_loc *loc);

#endif
