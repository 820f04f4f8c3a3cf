/* Private to the ONNX importer: its state, the helpers every op converter
 * uses (inputs, outputs, attributes, constants, building graph ops with
 * inferred types and import-time folding), the TensorProto decoder, and the
 * table of converters (one row per ONNX op: the first version imported and
 * the function that builds its graph ops). Prefix oi_. */
#ifndef VTC_IMPORT_ONNX_ONNX_IMPL_H
#define VTC_IMPORT_ONNX_ONNX_IMPL_H

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"
#include "import/onnx/onnx.h"
#include "ir/ptrmap.h"
#include "onnx/onnx.pb-c.h"

/* The highest default-domain opset imported. */
#define OI_MAX_OPSET 18
/* The longest integer list an attribute or a constant input may give. */
#define OI_MAX_INTS 64

typedef struct oi_importer oi_importer;
typedef struct oi_rule oi_rule;

/* Builds the graph ops of the current node (I->node) and defines its
 * outputs; false after a diagnostic (oi_unsupported or oi_error, or one
 * of the graph op's verifier). */
typedef bool (*oi_convert_fn)(oi_importer *I);

/* One row per ONNX op. `since` is the first operator version whose
 * semantics the converter implements: a model whose opset selects an
 * older version is unsupported (named in the diagnostic). `graph` names the
 * graph op for the converters that a table drives (unary, binary). */
struct oi_rule {
  const char *op_type;
  int since;
  oi_convert_fn convert;
  const char *graph;
};

/* The rule for an op type, or NULL (ops.c). */
const oi_rule *oi_find_rule(const char *op_type);

struct oi_importer {
  vtc_context *ctx;
  vtc_onnx_options opts;
  const char *path;       /* the model's name in diagnostics (interned) */
  const vtc_loc *file_loc;
  int64_t opset;          /* of the default domain */
  vtc_ptrmap values;      /* interned ONNX value name -> vtc_value * */
  vtc_op *module, *func;
  vtc_block *body;
  vtc_builder b;          /* at the end of the body */
  vtc_onnx_status status; /* of the first error */
  unsigned resource_count;
  /* The node being imported (NULL between nodes). */
  const Onnx__NodeProto *node;
  const oi_rule *rule;
  const vtc_loc *loc;
  size_t node_index;
};

/* ---- diagnostics (import.c) ------------------------------------------------
 * At the node's location (the file's outside a node); the message starts
 * with `node 'NAME' (OpType, opset N): ` inside a node. Both return false. */
bool oi_unsupported(oi_importer *I, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool oi_error(oi_importer *I, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the current node's inputs, outputs and attributes (node.c) ------------ */

unsigned oi_num_inputs(oi_importer *I);
/* Input k is given (present and not the empty name). */
bool oi_has_input(oi_importer *I, unsigned k);
/* The value of input k; NULL when absent. */
vtc_value *oi_in(oi_importer *I, unsigned k);
/* Input k, which must be given: NULL after an error naming `what`. */
vtc_value *oi_in_req(oi_importer *I, unsigned k, const char *what);
unsigned oi_num_outputs(oi_importer *I);
/* Output k is requested (present, non-empty name). */
bool oi_has_output(oi_importer *I, unsigned k);
/* Defines output k as v (ignored when k is not requested). */
void oi_set_out(oi_importer *I, unsigned k, vtc_value *v);
/* Fails (unsupported) when any output past the first n is requested. */
bool oi_only_outputs(oi_importer *I, unsigned n);

const Onnx__AttributeProto *oi_attr(oi_importer *I, const char *name);
bool oi_attr_int(oi_importer *I, const char *name, int64_t dflt, int64_t *out);
bool oi_attr_float(oi_importer *I, const char *name, double dflt, double *out);
/* The string (interned) or dflt. */
bool oi_attr_string(oi_importer *I, const char *name, const char *dflt, const char **out);
/* Integer list: *present (may be NULL) says whether it was given. */
bool oi_attr_ints(oi_importer *I, const char *name, int64_t *vals, int max, int *n, bool *present);
bool oi_attr_floats(oi_importer *I, const char *name, double *vals, int max, int *n, bool *present);
/* Fails (unsupported) when an attribute named here is given with a value
 * other than its default: `oi_attr_default_int(I, "training_mode", 0)`. */
bool oi_attr_default_int(oi_importer *I, const char *name, int64_t dflt);

/* ---- constants (node.c) ------------------------------------------------------ */

/* The contents of v when it is a constant (defined by graph.constant): a
 * tensor whose data either borrows the attribute's bytes (*owned false:
 * do not free) or is a copy (splats; free it). False otherwise. */
bool oi_const_tensor(vtc_value *v, vtc_tensor *t, bool *owned);
/* Input k as a constant tensor (oi_const_tensor's conventions), reading a
 * graph input's known value (options.input_values) when it is one; an
 * unsupported error ("dynamic <what>s") otherwise. */
bool oi_const_input(oi_importer *I, unsigned k, const char *what, vtc_tensor *t, bool *owned);
/* Input k as a constant integer list (i32 or i64 elements, any rank): an
 * unsupported error when it is not a constant ("dynamic <what>"). */
bool oi_const_ints(oi_importer *I, unsigned k, const char *what, int64_t *vals, int max, int *n);
/* The same for floats; a scalar (rank 0 or one element) in *value. */
bool oi_const_scalar(oi_importer *I, unsigned k, const char *what, double *value);
/* Whether a runtime tensor has the element type and shape of type. */
bool oi_tensor_fits(const vtc_type *type, const vtc_tensor *t);
/* Materialises a tensor as a graph.constant at the end of the body: inline
 * dense<...> up to inline_limit elements (or a splat), else a resource
 * named after name_hint. Steals t's data when steal (t is then empty). */
vtc_value *oi_constant(oi_importer *I, vtc_tensor *t, bool steal, const char *name_hint);
/* A constant of element type `el` and shape (rank 0 when shape is NULL)
 * filled with v. */
vtc_value *oi_splat(oi_importer *I, const vtc_type *el, const vtc_shape *shape, double v);
/* A 1-D i64 constant. */
vtc_value *oi_i64s(oi_importer *I, const int64_t *vals, int n);

/* ---- building graph ops (node.c) ------------------------------------------------
 * Creates graph.<name> at the end of the body with the node's location,
 * infers its result types, and folds it through the reference interpreter
 * when every operand is a constant and the results are small (fold_limit):
 * the results are then graph.constants. NULL after a diagnostic. */
vtc_value *oi_op(oi_importer *I, const char *name, unsigned nops, vtc_value *const *ops, unsigned nattrs,
                 const vtc_named_attr *attrs);
/* The same for an op of nres results (split): fills results. */
bool oi_op_n(oi_importer *I, const char *name, unsigned nops, vtc_value *const *ops, unsigned nattrs,
             const vtc_named_attr *attrs, unsigned nres, vtc_value **results);
vtc_value *oi_op1(oi_importer *I, const char *name, vtc_value *a);
vtc_value *oi_op2(oi_importer *I, const char *name, vtc_value *a, vtc_value *b);
/* Attribute helpers. */
vtc_named_attr oi_named(oi_importer *I, const char *name, const vtc_attr *value);
vtc_named_attr oi_named_int(oi_importer *I, const char *name, int64_t v);
vtc_named_attr oi_named_ints(oi_importer *I, const char *name, const int64_t *v, int n);
vtc_named_attr oi_named_float(oi_importer *I, const char *name, double v);
vtc_named_attr oi_named_bool(oi_importer *I, const char *name, bool v);
vtc_named_attr oi_named_string(oi_importer *I, const char *name, const char *v);

/* v's shape (-1 for `?`) and element type. */
vtc_shape oi_shape(vtc_value *v);
static inline const vtc_type *oi_elem(vtc_value *v) { return v->type->element; }
static inline int oi_rank(vtc_value *v) { return (int)v->type->rank; }
/* Whether every dim of v is static. */
bool oi_static(vtc_value *v);
/* v cast to element type el (v itself when it has it). */
vtc_value *oi_cast(oi_importer *I, vtc_value *v, const vtc_type *el);
/* A possibly negative axis resolved against rank; unsupported-free: an
 * invalid axis is an error. */
bool oi_axis(oi_importer *I, int64_t axis, int rank, int *out);

/* ---- TensorProto (tensor.c) ----------------------------------------------------- */

/* The graph element type of an ONNX TensorProto.DataType; false (and the
 * type's ONNX name in *name) for one vtc has no counterpart of. */
bool oi_element_type(vtc_context *ctx, int32_t onnx_type, const vtc_type **el, vtc_dtype *dtype);
const char *oi_type_name(int32_t onnx_type);
/* Decodes a TensorProto into the empty *out. With steal, a raw_data payload
 * is taken over (no copy: the proto's field is emptied). Returns 0, -1
 * with a message for a malformed tensor (a size that disagrees with the
 * dims, say), or -2 with a message for an unsupported one (element type,
 * external data). */
int oi_tensor_from_proto(Onnx__TensorProto *tp, bool steal, vtc_tensor *out, char *err, size_t errlen);

/* ---- converters, one file per family -------------------------------------------- */

bool oi_convert_unary(oi_importer *I);      /* ops_math.c: rule->graph on one input */
bool oi_convert_binary(oi_importer *I);     /* rule->graph on two broadcast inputs */
bool oi_convert_variadic(oi_importer *I);   /* Max, Min, Sum, Mean */
bool oi_convert_where(oi_importer *I);
bool oi_convert_cast(oi_importer *I);
bool oi_convert_cast_like(oi_importer *I);
bool oi_convert_identity(oi_importer *I);   /* Identity, Dropout (inference) */
bool oi_convert_unary_attrs(oi_importer *I); /* rule->graph with the kernel's parameters */
bool oi_convert_mod(oi_importer *I);
bool oi_convert_clip(oi_importer *I);
bool oi_convert_softmax(oi_importer *I);    /* Softmax, LogSoftmax */
bool oi_convert_layer_norm(oi_importer *I);
bool oi_convert_hardmax(oi_importer *I);
bool oi_convert_instance_norm(oi_importer *I);
bool oi_convert_einsum(oi_importer *I);     /* ops_extra.c */
bool oi_convert_one_hot(oi_importer *I);
bool oi_convert_lrn(oi_importer *I);
bool oi_convert_mvn(oi_importer *I);
bool oi_convert_conv_transpose(oi_importer *I);
bool oi_convert_nll_loss(oi_importer *I);   /* ops_loss.c */
bool oi_convert_softmax_ce_loss(oi_importer *I);
bool oi_convert_trilu(oi_importer *I);      /* ops_shape.c */
bool oi_convert_eye_like(oi_importer *I);
bool oi_convert_resize(oi_importer *I);     /* Resize, Upsample */

bool oi_convert_matmul(oi_importer *I);     /* ops_nn.c */
bool oi_convert_gemm(oi_importer *I);
bool oi_convert_conv(oi_importer *I);
bool oi_convert_batch_norm(oi_importer *I);
bool oi_convert_global_pool(oi_importer *I); /* GlobalAveragePool, GlobalMaxPool */
bool oi_convert_pool(oi_importer *I);        /* MaxPool, AveragePool */

bool oi_convert_constant(oi_importer *I);   /* ops_shape.c */
bool oi_convert_shape(oi_importer *I);
bool oi_convert_size(oi_importer *I);
bool oi_convert_constant_of_shape(oi_importer *I);
bool oi_convert_range(oi_importer *I);
bool oi_convert_reshape(oi_importer *I);
bool oi_convert_transpose(oi_importer *I);
bool oi_convert_flatten(oi_importer *I);
bool oi_convert_squeeze(oi_importer *I);    /* Squeeze, Unsqueeze */
bool oi_convert_concat(oi_importer *I);
bool oi_convert_split(oi_importer *I);
bool oi_convert_slice(oi_importer *I);
bool oi_convert_gather(oi_importer *I);
bool oi_convert_expand(oi_importer *I);
bool oi_convert_tile(oi_importer *I);
bool oi_convert_pad(oi_importer *I);
bool oi_convert_depth_to_space(oi_importer *I);
bool oi_convert_space_to_depth(oi_importer *I);
bool oi_convert_scatter_nd(oi_importer *I);

bool oi_convert_reduce(oi_importer *I);     /* ops_reduce.c: ReduceSum, ..., by rule->graph */
bool oi_convert_arg_reduce(oi_importer *I); /* ArgMax, ArgMin */
bool oi_convert_cumsum(oi_importer *I);
bool oi_convert_gather_elements(oi_importer *I); /* ops_shape.c */

#endif
