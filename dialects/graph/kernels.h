/* Reference kernels for the graph dialect: one plain C function per op with
 * ONNX semantics, plus the shape rules they check, exported so the dialect's
 * shape inference applies the very same rules. These define the numbers every
 * pipeline is compared against, so they favour being obviously right. */
#ifndef VTC_DIALECTS_GRAPH_KERNELS_H
#define VTC_DIALECTS_GRAPH_KERNELS_H

#include "ir/check.h"
#include "runtime/tensor.h"

/* Conventions shared by every function here:
 * - Return 0 on success, or -1 with a message in err (err may be NULL).
 *   Kernel messages start with the op name ("matmul: ..."); shape helper
 *   messages do not, so a caller can add its own location.
 * - Inputs are borrowed. Outputs (`out`, `outs[i]`) must be empty (zeroed or
 *   freed) on entry; on success the kernel allocates them and the caller frees
 *   each with vtc_tensor_free; on failure they are left empty.
 * - Array attributes are borrowed (count, pointer) pairs.
 * - Axes follow ONNX: an axis a in [-rank, rank) means a + rank when negative.
 * - Compute kernels load elements as double, compute and accumulate in
 *   double and round once when storing to the output dtype (rules in
 *   tensor.h). The output dtype is the input's unless stated. Data-movement
 *   kernels copy element bytes, so they are exact for every dtype.
 * - Shape helpers take and give vtc_shape where a dimension of -1 is dynamic:
 *   a check that needs an unknown dimension is skipped, and a result that
 *   depends on one is -1. Kernels call them with known shapes. */

/* ---- indexing helpers (kernels_common.c) -------------------------------- */

/* Dimension arithmetic for shape rules: -1 (dynamic) absorbs everything
 * except 0 * ? = 0; a result outside int64 sets *overflow (never cleared). */
int64_t vtc_dim_mul(int64_t a, int64_t b, bool *overflow);
/* A dimension (-1: dynamic, giving -1) plus an offset that may be negative
 * (a pad, say). */
int64_t vtc_dim_add(int64_t dim, int64_t offset, bool *overflow);
/* Number of elements; -1 if a dimension is dynamic (0 if any is 0);
 * saturates at INT64_MAX. */
int64_t vtc_shape_numel(const vtc_shape *s);
/* The same, setting *overflow (never cleared) when the product of the
 * static dims overflows (none being 0); the result is then INT64_MAX. */
int64_t vtc_shape_numel_checked(const vtc_shape *s, bool *overflow);
/* Row-major contiguous strides, in elements. */
void vtc_shape_strides(const vtc_shape *s, int64_t *strides);
/* Strides of `in` read as if broadcast to `out` (numpy rules, right-aligned):
 * one per dim of `out`, 0 where `in` lacks the dim or has size 1. */
void vtc_broadcast_strides(const vtc_shape *in, const vtc_shape *out, int64_t *strides);
/* Multi-index of row-major flat index `flat` in shape `s`. */
void vtc_unravel_index(int64_t flat, const vtc_shape *s, int64_t *idx);
/* Resolves a possibly negative axis against `rank`; messages start with
 * "op: " unless op is NULL (as shape helpers pass). */
int vtc_normalize_axis(const char *op, int64_t axis, int rank, int *out, char *err, size_t errlen);

/* vtc_tensor_create_shape and vtc_tensor_clone for kernel outputs: the
 * message (size overflow, out of memory, more than VTC_KERNEL_MAX_ELEMS
 * elements: a reference kernel would take a minute writing them) starts
 * with "op: ". */
#define VTC_KERNEL_MAX_ELEMS ((int64_t)1 << 31)
int vtc_kernel_alloc(const char *op, vtc_tensor *out, vtc_dtype dtype, const vtc_shape *shape, char *err,
                     size_t errlen);
int vtc_kernel_clone(const char *op, const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen);
/* Checks that d is in the set `allowed` (VTC_DTYPE_BIT masks); `what` names
 * the operand in the message. */
int vtc_check_dtype(const char *op, const char *what, vtc_dtype d, unsigned allowed, char *err,
                    size_t errlen);
/* Checks that operand b (named `what`) has a's dtype. */
int vtc_check_same_dtype(const char *op, const vtc_tensor *a, const char *what, const vtc_tensor *b,
                         char *err, size_t errlen);
/* "[2,?,4]" for messages (? is dynamic); truncated to cap. */
void vtc_format_shape(const vtc_shape *s, char *buf, size_t cap);

/* Maps an output multi-index to an input flat index, or -1 for "fill". */
typedef int64_t (*vtc_index_map_fn)(const void *ctx, const int64_t *out_idx);
/* out[o] = in[map(o)] for every element of the (allocated) `out`; elements
 * mapped to -1 get `fill` rounded to out's dtype. Dtypes must match. */
void vtc_copy_by_map(const vtc_tensor *in, vtc_tensor *out, vtc_index_map_fn map,
                     const void *ctx, double fill);

/* ---- op enums and their ONNX-style names --------------------------------- */

typedef enum vtc_unary_op {
  VTC_UNARY_RELU, VTC_UNARY_GELU, VTC_UNARY_SILU, VTC_UNARY_SIGMOID, VTC_UNARY_TANH,
  VTC_UNARY_EXP, VTC_UNARY_LOG, VTC_UNARY_SQRT, VTC_UNARY_RSQRT, VTC_UNARY_ERF,
  VTC_UNARY_NEG, VTC_UNARY_ABS,
  /* ONNX's other element-wise ops (issue 12) */
  VTC_UNARY_RECIPROCAL, VTC_UNARY_FLOOR, VTC_UNARY_CEIL, VTC_UNARY_ROUND, VTC_UNARY_SIN, VTC_UNARY_COS,
  VTC_UNARY_TAN, VTC_UNARY_ASIN, VTC_UNARY_ACOS, VTC_UNARY_ATAN, VTC_UNARY_SINH, VTC_UNARY_COSH,
  VTC_UNARY_ASINH, VTC_UNARY_ACOSH, VTC_UNARY_ATANH, VTC_UNARY_SIGN, VTC_UNARY_SOFTPLUS, VTC_UNARY_SOFTSIGN,
  VTC_UNARY_HARD_SWISH, VTC_UNARY_HARD_SIGMOID, VTC_UNARY_ELU, VTC_UNARY_SELU, VTC_UNARY_CELU,
  VTC_UNARY_LEAKY_RELU, VTC_UNARY_THRESHOLDED_RELU, VTC_UNARY_SHRINK, VTC_UNARY_NOT, VTC_UNARY_IS_NAN,
  VTC_UNARY_IS_INF,
  VTC_UNARY_COUNT
} vtc_unary_op;

typedef enum vtc_binary_op {
  VTC_BINARY_ADD, VTC_BINARY_SUB, VTC_BINARY_MUL, VTC_BINARY_DIV, VTC_BINARY_POW,
  VTC_BINARY_MAX, VTC_BINARY_MIN,
  /* comparisons (i1 results), logic on i1, remainders, PRelu (issue 12) */
  VTC_BINARY_EQUAL, VTC_BINARY_LESS, VTC_BINARY_LESS_EQUAL, VTC_BINARY_GREATER, VTC_BINARY_GREATER_EQUAL,
  VTC_BINARY_AND, VTC_BINARY_OR, VTC_BINARY_XOR, VTC_BINARY_MOD, VTC_BINARY_FMOD, VTC_BINARY_PRELU,
  VTC_BINARY_COUNT
} vtc_binary_op;

typedef enum vtc_reduce_op {
  VTC_REDUCE_SUM, VTC_REDUCE_MEAN, VTC_REDUCE_MAX, VTC_REDUCE_MIN, VTC_REDUCE_PROD, VTC_REDUCE_COUNT
} vtc_reduce_op;

typedef enum vtc_auto_pad {
  VTC_AUTO_PAD_NOTSET, VTC_AUTO_PAD_SAME_UPPER, VTC_AUTO_PAD_SAME_LOWER, VTC_AUTO_PAD_VALID,
  VTC_AUTO_PAD_COUNT
} vtc_auto_pad;

typedef enum vtc_pad_mode {
  VTC_PAD_CONSTANT, VTC_PAD_REFLECT, VTC_PAD_EDGE, VTC_PAD_WRAP, VTC_PAD_MODE_COUNT
} vtc_pad_mode;

typedef enum vtc_d2s_mode { VTC_D2S_DCR, VTC_D2S_CRD, VTC_D2S_MODE_COUNT } vtc_d2s_mode;

typedef enum vtc_scatter_reduction {
  VTC_SCATTER_NONE, VTC_SCATTER_ADD, VTC_SCATTER_MUL, VTC_SCATTER_MAX, VTC_SCATTER_MIN,
  VTC_SCATTER_REDUCTION_COUNT
} vtc_scatter_reduction;

/* Names: unary "relu", "gelu", "silu", "sigmoid", "tanh", "exp", "log",
 * "sqrt", "rsqrt", "erf", "neg", "abs", "reciprocal", "floor", "ceil",
 * "round", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
 * "asinh", "acosh", "atanh", "sign", "softplus", "softsign", "hard_swish",
 * "hard_sigmoid", "elu", "selu", "celu", "leaky_relu", "thresholded_relu",
 * "shrink", "not", "is_nan", "is_inf"; binary "add", "sub", "mul", "div",
 * "pow", "max", "min", "equal", "less", "less_equal", "greater",
 * "greater_equal", "and", "or", "xor", "mod", "fmod", "prelu"; reduce
 * "sum", "mean", "max", "min", "prod"; auto_pad
 * "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"; pad mode "constant",
 * "reflect", "edge", "wrap"; depth_to_space "DCR", "CRD"; scatter_nd
 * reduction "none", "add", "mul", "max", "min". from_name returns -1 if
 * unknown. */
const char *vtc_unary_op_name(vtc_unary_op op);
int vtc_unary_op_from_name(const char *name, vtc_unary_op *out);
const char *vtc_binary_op_name(vtc_binary_op op);
int vtc_binary_op_from_name(const char *name, vtc_binary_op *out);
const char *vtc_reduce_op_name(vtc_reduce_op op);
int vtc_reduce_op_from_name(const char *name, vtc_reduce_op *out);
int vtc_auto_pad_from_name(const char *name, vtc_auto_pad *out);
int vtc_pad_mode_from_name(const char *name, vtc_pad_mode *out);
int vtc_d2s_mode_from_name(const char *name, vtc_d2s_mode *out);
int vtc_scatter_reduction_from_name(const char *name, vtc_scatter_reduction *out);

/* ---- attributes ----------------------------------------------------------- */

/* Conv: ONNX Conv on 2-D images. pads = [top, left, bottom, right] (ONNX
 * [x1_begin, x2_begin, x1_end, x2_end]); ignored unless auto_pad is NOTSET.
 * SAME_UPPER puts the odd padding at the end, SAME_LOWER at the start.
 * strides and dilations must lie in [1, 2^31), pads in [0, 2^61]. */
typedef struct vtc_conv2d_attrs {
  int64_t group;
  int64_t strides[2];
  int64_t pads[4];
  int64_t dilations[2];
  vtc_auto_pad auto_pad;
} vtc_conv2d_attrs;
/* group 1, strides 1, pads 0, dilations 1, NOTSET: the ONNX defaults. */
vtc_conv2d_attrs vtc_conv2d_attrs_default(void);

/* ONNX LayerNormalization / RMSNormalization: normalise over dims
 * [axis, rank) (ONNX defaults: axis -1, epsilon 1e-5). */
typedef struct vtc_norm_attrs {
  int64_t axis;
  double epsilon;
} vtc_norm_attrs;

/* ONNX Reduce*: axes NULL or naxes 0 means all axes unless
 * noop_with_empty_axes, which makes the op an identity. Note that ONNX's
 * default keepdims is true while a zeroed struct says false. */
typedef struct vtc_reduce_attrs {
  int naxes;
  const int64_t *axes;
  bool keepdims;
  bool noop_with_empty_axes;
} vtc_reduce_attrs;

/* Scaled dot-product attention. scale defaults to 1/sqrt(D) unless
 * has_scale. With causal, query i sees keys j <= i + Skv - Sq (the mask is
 * aligned to the end, as in decoding with a KV cache); a query row that sees
 * no key at all outputs zeros. */
typedef struct vtc_attention_attrs {
  bool causal;
  bool has_scale;
  double scale;
} vtc_attention_attrs;

/* ONNX Slice. starts/ends/steps are clamped as ONNX specifies; INT64_MAX and
 * INT64_MIN are fine as "to the end". */
typedef struct vtc_slice_attrs {
  int n;                /* entries in starts and ends (and axes, steps if given) */
  const int64_t *starts;
  const int64_t *ends;
  const int64_t *axes;  /* NULL: 0, 1, ..., n-1 */
  const int64_t *steps; /* NULL: all 1; a step must not be 0 */
} vtc_slice_attrs;

/* ONNX Pad. pads = [begin of each axis..., end of each axis...], negative
 * entries crop; |pad| <= 2^61. A pad wider than the dimension keeps
 * repeating: reflect as numpy.pad does (a triangle wave), wrap periodically
 * (ONNX's torus; numpy.pad's wrap differs when both sides exceed the dim). */
typedef struct vtc_pad_attrs {
  vtc_pad_mode mode;
  int npads;
  const int64_t *pads;  /* 2 * (axes ? naxes : rank) entries */
  int naxes;
  const int64_t *axes;  /* NULL: every axis in order */
  double value;         /* constant mode's fill */
} vtc_pad_attrs;

/* ---- run-time shape checks ------------------------------------------------
 * A shape rule cannot decide a check on a dynamic dimension (-1): the
 * verifier lets it pass. The `_checks` forms of the rules below hand such a
 * check to a sink instead: the relation (ir/check.h) between two products of
 * dims that the reference kernel requires, and the message it fails with,
 * `{k}` standing for the run-time value of argument k. lower-graph-to-te
 * asserts it once the sizes are bound, so that compiled code fails as the
 * reference kernel does, with the same text. A check and its static failure
 * are built by the same code (vtc_shape_check_*), so the two texts agree.
 * Dims are named by the caller's operand number and axis. */

#define VTC_DIM_TERM_MAX (2 * VTC_MAX_RANK)

typedef struct vtc_dim_ref {
  int operand, axis;
} vtc_dim_ref;

/* coef * dims[0] * ... * dims[n-1] (the dims dynamic, the static ones folded
 * into coef). */
typedef struct vtc_dim_term {
  int64_t coef;
  int n;
  vtc_dim_ref dims[VTC_DIM_TERM_MAX];
} vtc_dim_term;

typedef struct vtc_shape_sink vtc_shape_sink;

typedef struct vtc_shape_check {
  const vtc_shape_sink *sink;
  vtc_check_relation relation;
  vtc_dim_term lhs, rhs;
  bool dynamic;  /* a term or the message names a dynamic dim */
  bool invalid;  /* one has no reference (a derived shape, an overflow): not deferrable */
  char message[512];    /* the template, after the sink's prefix */
  char static_text[512]; /* the same text with dynamic dims as `?` (the static failure) */
  int num_args;
  vtc_dim_ref args[VTC_CHECK_MAX_ARGS];
} vtc_shape_check;

struct vtc_shape_sink {
  void (*add)(void *ctx, const vtc_shape_check *check);
  void *ctx;
  char prefix[128];    /* text before every message of this sink ("batch dimensions: ") */
  const int *operands; /* the rule's shape argument i is the caller's operand operands[i] (-1: none) */
  int num_operands;    /* NULL operands: argument i is operand i */
  int own[4];          /* storage for a nested sink's operands */
};

/* A sink for a rule called from inside another (matmul's batch broadcast):
 * the parent's prefix plus `prefix`, and the nested rule's shape arguments
 * 0..n-1 being the parent's ones args[0..n-1] (n <= 4; -1: a derived shape). */
void vtc_shape_sink_nested(vtc_shape_sink *child, const vtc_shape_sink *parent, const char *prefix, int n,
                           const int *args);

/* Building one check of a rule (sink may be NULL): begin; extend the sides
 * with dims (value -1: dynamic, named by the rule's operand and axis) or
 * constants; write the message with text, dims and whole shapes; end. */
void vtc_shape_check_begin(vtc_shape_check *c, const vtc_shape_sink *sink, vtc_check_relation r);
void vtc_shape_check_factor(vtc_shape_check *c, bool rhs, int operand, int axis, int64_t value);
void vtc_shape_check_text(vtc_shape_check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vtc_shape_check_dim(vtc_shape_check *c, int operand, int axis, int64_t value);
/* "[2,?,4]" as vtc_format_shape writes it, dim i being the operand's axis i. */
void vtc_shape_check_shape(vtc_shape_check *c, int operand, const vtc_shape *s);
/* `fails`: the rule decided, with static sizes, that the check fails: -1
 * with the message (dynamic dims as `?`) in err. Otherwise 0, and a check
 * on a dynamic dim goes to the sink (when there is one and every dim it
 * names has a reference). */
int vtc_shape_check_end(vtc_shape_check *c, bool fails, char *err, size_t errlen);

/* ---- shape helpers ----------------------------------------------------------
 * Element-wise binary ops and expand use vtc_shape_broadcast (where applies
 * it twice); unary ops, cast, softmax and identity keep their input shape. */

int vtc_shape_broadcast(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_broadcast_checks(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen,
                               const vtc_shape_sink *sink);
/* numpy matmul: 1-D operands are promoted and the promoted dim removed. */
int vtc_shape_matmul(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_matmul_checks(const vtc_shape *a, const vtc_shape *b, vtc_shape *out, char *err, size_t errlen,
                            const vtc_shape_sink *sink);
/* Padding actually applied ([top, left, bottom, right]) given auto_pad;
 * entries are -1 where SAME padding needs a dynamic input dim. */
int vtc_conv2d_resolve_pads(const vtc_shape *x, const vtc_shape *w, const vtc_conv2d_attrs *a,
                            int64_t pads[4], char *err, size_t errlen);
int vtc_shape_conv2d(const vtc_shape *x, const vtc_shape *w, const vtc_shape *bias_or_null,
                     const vtc_conv2d_attrs *a, vtc_shape *out, char *err, size_t errlen);
/* Checks scale (and bias) broadcast to x, for layer_norm and rms_norm. */
int vtc_shape_norm(const vtc_shape *x, const vtc_shape *scale, const vtc_shape *bias_or_null,
                   const vtc_norm_attrs *a, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_reduce(const vtc_shape *x, const vtc_reduce_attrs *a, vtc_shape *out, char *err, size_t errlen);
/* q [B,Hq,Sq,D], k [B,Hkv,Skv,D], v [B,Hkv,Skv,Dv] -> [B,Hq,Sq,Dv]. */
int vtc_shape_attention(const vtc_shape *q, const vtc_shape *k, const vtc_shape *v, vtc_shape *out,
                        char *err, size_t errlen);
/* ONNX Reshape: 0 copies the input dim (unless allowzero), -1 is inferred.
 * Copied dims cancel, so [?,2,3] with [0,-1] gives [?,6]. */
int vtc_shape_reshape(const vtc_shape *x, int nshape, const int64_t *shape, bool allowzero,
                      vtc_shape *out, char *err, size_t errlen);
int vtc_shape_reshape_checks(const vtc_shape *x, int nshape, const int64_t *shape, bool allowzero, vtc_shape *out,
                             char *err, size_t errlen, const vtc_shape_sink *sink);
/* perm NULL (or nperm 0 for a non-scalar) means reversed dims. */
int vtc_shape_transpose(const vtc_shape *x, int nperm, const int64_t *perm, vtc_shape *out,
                        char *err, size_t errlen);
/* sizes NULL: nout chunks of ceil(dim / nout), the last one smaller. */
int vtc_shape_split(const vtc_shape *x, int64_t axis, int nout, const int64_t *sizes_or_null,
                    vtc_shape *outs, char *err, size_t errlen);
int vtc_shape_concat(int nin, const vtc_shape *ins, int64_t axis, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_concat_checks(int nin, const vtc_shape *ins, int64_t axis, vtc_shape *out, char *err, size_t errlen,
                            const vtc_shape_sink *sink);
int vtc_shape_slice(const vtc_shape *x, const vtc_slice_attrs *a, vtc_shape *out, char *err, size_t errlen);
/* axes NULL: remove every dim of size 1 (an error if one is dynamic);
 * non-NULL with naxes 0 removes nothing. */
int vtc_shape_squeeze(const vtc_shape *x, int naxes, const int64_t *axes_or_null, vtc_shape *out,
                      char *err, size_t errlen);
/* axes index the output. */
int vtc_shape_unsqueeze(const vtc_shape *x, int naxes, const int64_t *axes, vtc_shape *out,
                        char *err, size_t errlen);
/* axis in [-rank, rank]; output [prod(dims[:axis]), prod(dims[axis:])]. */
int vtc_shape_flatten(const vtc_shape *x, int64_t axis, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_gather(const vtc_shape *data, const vtc_shape *indices, int64_t axis, vtc_shape *out,
                     char *err, size_t errlen);
int vtc_shape_scatter_nd(const vtc_shape *data, const vtc_shape *indices, const vtc_shape *updates,
                         vtc_shape *out, char *err, size_t errlen);
int vtc_shape_tile(const vtc_shape *x, int nrepeats, const int64_t *repeats, vtc_shape *out,
                   char *err, size_t errlen);
int vtc_shape_pad(const vtc_shape *x, const vtc_pad_attrs *a, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_depth_to_space(const vtc_shape *x, int64_t blocksize, vtc_shape *out, char *err, size_t errlen);
int vtc_shape_space_to_depth(const vtc_shape *x, int64_t blocksize, vtc_shape *out, char *err, size_t errlen);

/* ---- element-wise (kernels_elementwise.c) ------------------------------------ */

/* The parameters of a unary op, as ONNX names its attributes: elu, celu,
 * leaky_relu, thresholded_relu "alpha"; selu "alpha", "gamma"; hard_sigmoid
 * "alpha", "beta"; shrink "bias", "lambd"; is_inf "detect_negative",
 * "detect_positive" (0 or 1). */
typedef struct vtc_unary_params {
  double p[2];
} vtc_unary_params;
/* The attribute name of parameter i of op (NULL: none) and its ONNX default. */
const char *vtc_unary_param_name(vtc_unary_op op, int i);
double vtc_unary_param_default(vtc_unary_op op, int i);
/* The dtypes an op accepts (VTC_DTYPE_BIT mask), and whether its result is
 * i1 whatever its operands (is_nan, is_inf; the comparisons). */
unsigned vtc_unary_op_dtypes(vtc_unary_op op);
bool vtc_unary_op_is_predicate(vtc_unary_op op);
unsigned vtc_binary_op_dtypes(vtc_binary_op op);
bool vtc_binary_op_is_predicate(vtc_binary_op op);

/* relu, neg, abs and sign accept every numeric dtype; not takes i1; the
 * others float dtypes (is_nan and is_inf give i1). gelu is the exact form
 * x/2 (1 + erf(x / sqrt 2)); round is half to even; softplus is the stable
 * max(x, 0) + log1p(exp(-|x|)); the rest as ONNX defines them. params NULL:
 * the defaults. */
int vtc_kernel_unary_p(vtc_unary_op op, const vtc_unary_params *params, const vtc_tensor *x, vtc_tensor *out,
                       char *err, size_t errlen);
int vtc_kernel_unary(vtc_unary_op op, const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen);
/* Numeric dtypes; a and b share a dtype except for pow, whose exponent may
 * have any numeric dtype (the output takes the base's). Integer div truncates
 * toward zero; integer results saturate (x / 0 gives the limit, 0 / 0 gives 0).
 * max and min propagate NaN. The comparisons (numeric, and equal also i1)
 * give i1, integers compared exactly; and, or, xor take i1. mod is numpy's
 * (the sign of the divisor), fmod C's (the dividend's); an integer remainder
 * by 0 is 0. prelu (floats) is x < 0 ? b * x : x. */
int vtc_kernel_binary(vtc_binary_op op, const vtc_tensor *a, const vtc_tensor *b, vtc_tensor *out,
                      char *err, size_t errlen);
/* cond is i1; x and y share any dtype; all three broadcast together. */
int vtc_kernel_where(const vtc_tensor *cond, const vtc_tensor *x, const vtc_tensor *y, vtc_tensor *out,
                     char *err, size_t errlen);
/* Any dtype to any dtype, by the rounding rules of vtc_tensor_set_f64;
 * same-dtype and integer-to-integer casts are exact (the latter saturate). */
int vtc_kernel_cast(const vtc_tensor *x, vtc_dtype to, vtc_tensor *out, char *err, size_t errlen);

/* ---- linear algebra (kernels_linalg.c) -------------------------------------- */

/* numpy matmul with batch broadcasting; float dtypes, i32 and i64. */
int vtc_kernel_matmul(const vtc_tensor *a, const vtc_tensor *b, vtc_tensor *out, char *err, size_t errlen);
/* x [N,C,H,W], w [M,C/group,kH,kW], bias [M] or NULL; float dtypes. */
int vtc_kernel_conv2d(const vtc_tensor *x, const vtc_tensor *w, const vtc_tensor *bias_or_null,
                      const vtc_conv2d_attrs *a, vtc_tensor *out, char *err, size_t errlen);

/* ---- reductions and normalisations (kernels_reduce.c) ------------------------ */

/* Float dtypes; subtracts the row maximum first. */
int vtc_kernel_softmax(const vtc_tensor *x, int64_t axis, vtc_tensor *out, char *err, size_t errlen);
/* (x - mean) / sqrt(var + eps) * scale + bias, population variance; scale
 * and bias broadcast to x (usually shaped like the normalised dims). */
int vtc_kernel_layer_norm(const vtc_tensor *x, const vtc_tensor *scale, const vtc_tensor *bias_or_null,
                          const vtc_norm_attrs *a, vtc_tensor *out, char *err, size_t errlen);
/* x / sqrt(mean(x^2) + eps) * scale. */
int vtc_kernel_rms_norm(const vtc_tensor *x, const vtc_tensor *scale, const vtc_norm_attrs *a,
                        vtc_tensor *out, char *err, size_t errlen);
/* Numeric dtypes (max and min also i1). Over an empty set sum is 0, mean
 * NaN, max -inf and min +inf (saturated for integers: for i1 max is
 * false and min true); NaN propagates
 * through max and min. */
int vtc_kernel_reduce(vtc_reduce_op op, const vtc_tensor *x, const vtc_reduce_attrs *a, vtc_tensor *out,
                      char *err, size_t errlen);
/* Float dtypes; grouped-query heads: query head h reads kv head
 * h / (Hq / Hkv). */
int vtc_kernel_attention(const vtc_tensor *q, const vtc_tensor *k, const vtc_tensor *v,
                         const vtc_attention_attrs *a, vtc_tensor *out, char *err, size_t errlen);

/* ---- the ops added for ONNX models (kernels_onnx.c) ----------------------------- */

/* MaxPool and AveragePool on 2-D images (NCHW), ONNX's attributes: pads
 * [top, left, bottom, right] (ignored unless auto_pad is NOTSET);
 * ceil_mode rounds the output size up (a last window may then stick out of
 * the padded input: it sees what is inside); an average divides by the
 * window's elements inside the input, or, with count_include_pad, inside
 * the padded input. Max pooling propagates NaN. */
typedef struct vtc_pool_attrs {
  int64_t kernel[2], strides[2], pads[4], dilations[2];
  vtc_auto_pad auto_pad;
  bool ceil_mode, count_include_pad;
} vtc_pool_attrs;
/* The output shape and the pads applied ([t, l, b, r]; -1 where SAME
 * padding needs a dynamic dim). */
int vtc_pool2d_resolve(const vtc_shape *x, const vtc_pool_attrs *a, vtc_shape *out, int64_t pads[4], char *err,
                       size_t errlen);
int vtc_shape_pool2d(const vtc_shape *x, const vtc_pool_attrs *a, vtc_shape *out, char *err, size_t errlen);
/* How many of the k window positions o*s - pad_begin + j*d fall in [lo, hi). */
int64_t vtc_pool_count(int64_t o, int64_t k, int64_t s, int64_t d, int64_t pad_begin, int64_t lo, int64_t hi);
int vtc_kernel_max_pool2d(const vtc_tensor *x, const vtc_pool_attrs *a, vtc_tensor *out, char *err, size_t errlen);
int vtc_kernel_avg_pool2d(const vtc_tensor *x, const vtc_pool_attrs *a, vtc_tensor *out, char *err, size_t errlen);
/* ArgMax / ArgMin along axis: i64 indices; ties give the first (the last
 * with select_last), and a NaN wins: the first, as numpy's (the last with
 * select_last). */
int vtc_shape_arg_reduce(const vtc_shape *x, int64_t axis, bool keepdims, vtc_shape *out, char *err, size_t errlen);
int vtc_kernel_arg_reduce(bool is_max, const vtc_tensor *x, int64_t axis, bool keepdims, bool select_last,
                          vtc_tensor *out, char *err, size_t errlen);
/* CumSum along axis (exclusive: without the element itself; reverse: from
 * the end). */
int vtc_kernel_cumsum(const vtc_tensor *x, int64_t axis, bool exclusive, bool reverse, vtc_tensor *out, char *err,
                      size_t errlen);
/* GatherElements: out has the indices' shape; out[i] = data[i with the axis
 * index replaced by indices[i]] (negative indices count from the end). */
int vtc_shape_gather_elements(const vtc_shape *data, const vtc_shape *indices, int64_t axis, vtc_shape *out,
                              char *err, size_t errlen);
int vtc_kernel_gather_elements(const vtc_tensor *data, const vtc_tensor *indices, int64_t axis, vtc_tensor *out,
                               char *err, size_t errlen);

/* Resize (ONNX 11-18) in its nearest and linear modes: for each output
 * coordinate x of a dim of input size `in`, the input coordinate by the
 * coordinate transformation mode (half_pixel (x + 0.5) / scale - 0.5,
 * asymmetric x / scale, align_corners x (in - 1) / (scale in - 1),
 * pytorch_half_pixel as half_pixel but -0.5 for an output of size 1,
 * tf_half_pixel_for_nn (x + 0.5) / scale); nearest takes floor(x) or the
 * next index by nearest_mode (round_prefer_floor: the next above .5,
 * round_prefer_ceil: from .5, floor, ceil); linear blends floor(x) and
 * floor(x) + 1 by the fraction, dim after dim; indices clamp to the input
 * (ONNX's reference pads by the edge). scales has one entry per dim. */
typedef enum vtc_resize_mode { VTC_RESIZE_NEAREST, VTC_RESIZE_LINEAR, VTC_RESIZE_MODE_COUNT } vtc_resize_mode;
typedef enum vtc_resize_coord {
  VTC_RESIZE_HALF_PIXEL, VTC_RESIZE_ASYMMETRIC, VTC_RESIZE_ALIGN_CORNERS, VTC_RESIZE_PYTORCH_HALF_PIXEL,
  VTC_RESIZE_TF_HALF_PIXEL_FOR_NN, VTC_RESIZE_COORD_COUNT
} vtc_resize_coord;
typedef enum vtc_resize_nearest {
  VTC_RESIZE_ROUND_PREFER_FLOOR, VTC_RESIZE_ROUND_PREFER_CEIL, VTC_RESIZE_FLOOR, VTC_RESIZE_CEIL,
  VTC_RESIZE_NEAREST_COUNT
} vtc_resize_nearest;
int vtc_resize_mode_from_name(const char *name, vtc_resize_mode *out);
int vtc_resize_coord_from_name(const char *name, vtc_resize_coord *out);
int vtc_resize_nearest_from_name(const char *name, vtc_resize_nearest *out);
typedef struct vtc_resize_attrs {
  vtc_resize_mode mode;
  vtc_resize_coord coord;
  vtc_resize_nearest nearest;
  int rank;
  const double *scales; /* rank entries, > 0 */
  const int64_t *sizes; /* rank entries: the output shape */
} vtc_resize_attrs;
/* The input coordinate of output coordinate x. */
double vtc_resize_source(vtc_resize_coord c, double x, double scale, int64_t in);
/* The index nearest mode picks for input coordinate x (clamped to [0, in)). */
int64_t vtc_resize_nearest_index(vtc_resize_nearest m, double x, int64_t in);
int vtc_shape_resize(const vtc_shape *x, const vtc_resize_attrs *a, vtc_shape *out, char *err, size_t errlen);
int vtc_kernel_resize(const vtc_tensor *x, const vtc_resize_attrs *a, vtc_tensor *out, char *err, size_t errlen);

/* ---- data movement (kernels_movement.c, kernels_indexing.c) ------------------- */

int vtc_kernel_identity(const vtc_tensor *x, vtc_tensor *out, char *err, size_t errlen);
/* The shape as ONNX gives it (0 and -1 are resolved) or already resolved. */
int vtc_kernel_reshape(const vtc_tensor *x, int nshape, const int64_t *shape, bool allowzero,
                       vtc_tensor *out, char *err, size_t errlen);
int vtc_kernel_transpose(const vtc_tensor *x, int nperm, const int64_t *perm, vtc_tensor *out,
                         char *err, size_t errlen);
int vtc_kernel_squeeze(const vtc_tensor *x, int naxes, const int64_t *axes_or_null, vtc_tensor *out,
                       char *err, size_t errlen);
int vtc_kernel_unsqueeze(const vtc_tensor *x, int naxes, const int64_t *axes, vtc_tensor *out,
                         char *err, size_t errlen);
int vtc_kernel_flatten(const vtc_tensor *x, int64_t axis, vtc_tensor *out, char *err, size_t errlen);
/* numpy broadcast of x with `shape` (ONNX Expand is two-way). */
int vtc_kernel_expand(const vtc_tensor *x, int nshape, const int64_t *shape, vtc_tensor *out,
                      char *err, size_t errlen);
int vtc_kernel_tile(const vtc_tensor *x, int nrepeats, const int64_t *repeats, vtc_tensor *out,
                    char *err, size_t errlen);
/* x [N,C,H,W] -> [N,C/b^2,H*b,W*b]. */
int vtc_kernel_depth_to_space(const vtc_tensor *x, int64_t blocksize, vtc_d2s_mode mode, vtc_tensor *out,
                              char *err, size_t errlen);
/* x [N,C,H,W] -> [N,C*b^2,H/b,W/b], the inverse of DCR depth_to_space. */
int vtc_kernel_space_to_depth(const vtc_tensor *x, int64_t blocksize, vtc_tensor *out, char *err,
                              size_t errlen);
/* Fills outs[0..nout). */
int vtc_kernel_split(const vtc_tensor *x, int64_t axis, int nout, const int64_t *sizes_or_null,
                     vtc_tensor *outs, char *err, size_t errlen);
int vtc_kernel_concat(int nin, const vtc_tensor *const *ins, int64_t axis, vtc_tensor *out, char *err,
                      size_t errlen);
int vtc_kernel_slice(const vtc_tensor *x, const vtc_slice_attrs *a, vtc_tensor *out, char *err,
                     size_t errlen);
/* An index outside its dimension (gather, scatter_nd): the message after
 * "op: ", as a template of ir/check.h ({0} the index, {1} the size), which
 * compiled code reports too (lower-graph-to-te). */
#define VTC_INDEX_RANGE_MESSAGE "index {0} is out of range for a dimension of size {1}"
/* indices i32 or i64; negative indices count from the end; out of range is
 * an error. */
int vtc_kernel_gather(const vtc_tensor *data, const vtc_tensor *indices, int64_t axis, vtc_tensor *out,
                      char *err, size_t errlen);
/* ONNX ScatterND: indices [..., k] (i32 or i64, negative allowed), updates
 * indices.shape[:-1] + data.shape[k:]. Updates apply in order, so with
 * reduction none a duplicate index keeps the last update. */
int vtc_kernel_scatter_nd(const vtc_tensor *data, const vtc_tensor *indices, const vtc_tensor *updates,
                          vtc_scatter_reduction reduction, vtc_tensor *out, char *err, size_t errlen);
int vtc_kernel_pad(const vtc_tensor *x, const vtc_pad_attrs *a, vtc_tensor *out, char *err, size_t errlen);

#endif
