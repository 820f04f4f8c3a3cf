/* The graph dialect's op table: one row per op (the C counterpart of ODS),
 * compute ops first, then data-movement ops. Each row names its attributes
 * (with ONNX's defaults), traits, assembly form and interface functions
 * (shape inference, VTC mapping, cost); the functions live in ops_compute.c,
 * ops_movement.c, mapping.c, cost.c and asm.c. */
#include "dialects/graph/graph_impl.h"
#include "dialects/graph/interpreter.h"

#define ANY (-1)
#define INFER(fn) [VTC_IFACE_INFER_SHAPES] = &(const vtc_graph_infer_iface){fn}
#define COST(fn) [VTC_IFACE_COST] = &(const vtc_graph_cost_iface){fn}
#define MAP(fn) [VTC_IFACE_MAPPING] = &(const vtc_graph_mapping_iface){fn}
#define INTERP(fn) [VTC_IFACE_INTERPRET] = &(const vtc_graph_interpret_iface){fn}

/* Every op prints as `%r = graph.NAME %a, %b {attrs} : (ta, tb) -> tr`
 * (MLIR's `operands attr-dict : functional-type(operands, results)`), so a
 * row added with COMPUTE or MOVEMENT has a custom form with no code. */
#define FUNCTIONAL_FORM .print = vtc_printer_functional_form, .parse = vtc_parse_functional_form

/* A compute op: pure, verified by inference. */
#define COMPUTE(NAME, NOPS, TRAITS, ATTRS, INFER_FN, COST_FN, FOLD, RUN_FN, SUMMARY)                 \
  {.name = "graph." NAME, .num_operands = NOPS, .num_results = 1, .num_regions = 0,                \
   .traits = VTC_TRAIT_PURE | (TRAITS), .attrs = ATTRS, .verify = graph_verify, .fold = FOLD,       \
   FUNCTIONAL_FORM,                                                                                 \
   .interfaces = {INFER(INFER_FN), COST(COST_FN), INTERP(RUN_FN)}, .summary = SUMMARY}
#define UNARY(NAME, INFER_FN, SUMMARY) \
  COMPUTE(NAME, 1, VTC_TRAIT_ELEMENTWISE, NULL, INFER_FN, graph_cost_elementwise, graph_fold_elementwise, \
          graph_interp_unary, SUMMARY)
#define BINARY(NAME, TRAITS, SUMMARY)                                                              \
  COMPUTE(NAME, 2, VTC_TRAIT_ELEMENTWISE | (TRAITS), NULL, graph_infer_binary, graph_cost_elementwise, \
          graph_fold_elementwise, graph_interp_binary, SUMMARY)
/* A data-movement op: pure, with a mapping. */
#define MOVEMENT(NAME, NOPS, NRES, ATTRS, INFER_FN, MAP_FN, PATTERNS, RUN_FN, SUMMARY)               \
  {.name = "graph." NAME, .num_operands = NOPS, .num_results = NRES, .num_regions = 0,             \
   .traits = VTC_TRAIT_PURE | VTC_TRAIT_DATA_MOVEMENT, .attrs = ATTRS, .verify = graph_verify,      \
   .canonical_patterns = PATTERNS, FUNCTIONAL_FORM,                                                 \
   .interfaces = {INFER(INFER_FN), COST(graph_cost_movement), MAP(MAP_FN), INTERP(RUN_FN)},            \
   .summary = SUMMARY}

#define ATTRS(...) ((const vtc_attr_spec[]){__VA_ARGS__, {NULL, 0, false, NULL}})
#define REQ(name, kind) {name, kind, false, NULL}
#define OPT(name, kind) {name, kind, true, NULL}
/* Optional with ONNX's default, as attribute text; the readers in
 * ops_*.c use the same value (graph_attr_* assert it). */
#define DEF(name, kind, text) {name, kind, true, text}

static const vtc_op_def graph_ops[] = {
    /* ---- compute ---- */
    COMPUTE("matmul", 2, 0, NULL, graph_infer_matmul, graph_cost_matmul, NULL, graph_interp_matmul,
            "Matrix product with numpy batching and broadcasting"),
    COMPUTE("conv2d", -1, 0,
            ATTRS(DEF("strides", VTC_ATTR_ARRAY, "[1, 1]"), DEF("pads", VTC_ATTR_ARRAY, "[0, 0, 0, 0]"),
                  DEF("dilations", VTC_ATTR_ARRAY, "[1, 1]"), DEF("group", VTC_ATTR_INTEGER, "1"),
                  DEF("auto_pad", VTC_ATTR_STRING, "\"NOTSET\"")),
            graph_infer_conv2d, graph_cost_conv2d, NULL, graph_interp_conv2d,
            "2-D convolution (NCHW input, MCkHkW weight, optional bias) with groups, strides, pads, dilations"),
    UNARY("relu", graph_infer_unary_numeric, "max(x, 0)"),
    UNARY("gelu", graph_infer_unary_float, "x/2 (1 + erf(x / sqrt 2))"),
    UNARY("silu", graph_infer_unary_float, "x * sigmoid(x)"),
    UNARY("sigmoid", graph_infer_unary_float, "1 / (1 + exp(-x))"),
    UNARY("tanh", graph_infer_unary_float, "Hyperbolic tangent"),
    UNARY("exp", graph_infer_unary_float, "Exponential"),
    UNARY("log", graph_infer_unary_float, "Natural logarithm"),
    UNARY("sqrt", graph_infer_unary_float, "Square root"),
    UNARY("rsqrt", graph_infer_unary_float, "1 / sqrt(x)"),
    UNARY("erf", graph_infer_unary_float, "Error function"),
    UNARY("neg", graph_infer_unary_numeric, "-x"),
    UNARY("abs", graph_infer_unary_numeric, "|x|"),
    /* ONNX's other element-wise ops; dtypes and defaults from the kernels' table */
#define UNARY_OP(NAME, SUMMARY) UNARY(NAME, graph_infer_unary_op, SUMMARY)
#define UNARY_ATTRS(NAME, ATTR_LIST, SUMMARY)                                                          \
  COMPUTE(NAME, 1, VTC_TRAIT_ELEMENTWISE, ATTR_LIST, graph_infer_unary_op, graph_cost_elementwise,     \
          graph_fold_elementwise, graph_interp_unary, SUMMARY)
    UNARY_OP("reciprocal", "1 / x"),
    UNARY_OP("floor", "Rounding toward -inf"),
    UNARY_OP("ceil", "Rounding toward +inf"),
    UNARY_OP("round", "Rounding to the nearest integer, ties to even"),
    UNARY_OP("sin", "Sine"),
    UNARY_OP("cos", "Cosine"),
    UNARY_OP("tan", "Tangent"),
    UNARY_OP("asin", "Arcsine"),
    UNARY_OP("acos", "Arccosine"),
    UNARY_OP("atan", "Arctangent"),
    UNARY_OP("sinh", "Hyperbolic sine"),
    UNARY_OP("cosh", "Hyperbolic cosine"),
    UNARY_OP("asinh", "Inverse hyperbolic sine"),
    UNARY_OP("acosh", "Inverse hyperbolic cosine"),
    UNARY_OP("atanh", "Inverse hyperbolic tangent"),
    UNARY_OP("sign", "-1, 0 or 1 by the sign of x (numeric)"),
    UNARY_OP("softplus", "log(1 + exp(x)), computed as max(x, 0) + log1p(exp(-|x|))"),
    UNARY_OP("softsign", "x / (1 + |x|)"),
    UNARY_OP("hard_swish", "x * max(0, min(1, x / 6 + 1/2))"),
    UNARY_ATTRS("hard_sigmoid", ATTRS(OPT("alpha", ANY), OPT("beta", ANY)),
                "max(0, min(1, alpha x + beta)) (defaults 0.2, 0.5)"),
    UNARY_ATTRS("elu", ATTRS(OPT("alpha", ANY)), "x < 0 ? alpha (exp(x) - 1) : x (alpha 1)"),
    UNARY_ATTRS("selu", ATTRS(OPT("alpha", ANY), OPT("gamma", ANY)),
                "gamma (x <= 0 ? alpha (exp(x) - 1) : x) (ONNX's defaults)"),
    UNARY_ATTRS("celu", ATTRS(OPT("alpha", ANY)), "max(0, x) + min(0, alpha (exp(x / alpha) - 1)) (alpha 1)"),
    UNARY_ATTRS("leaky_relu", ATTRS(OPT("alpha", ANY)), "x < 0 ? alpha x : x (alpha 0.01)"),
    UNARY_ATTRS("thresholded_relu", ATTRS(OPT("alpha", ANY)), "x > alpha ? x : 0 (alpha 1)"),
    UNARY_ATTRS("shrink", ATTRS(OPT("bias", ANY), OPT("lambd", ANY)),
                "x < -lambd ? x + bias : x > lambd ? x - bias : 0 (bias 0, lambd 0.5)"),
    UNARY_OP("not", "Logical negation of i1"),
    UNARY_OP("is_nan", "Whether x is NaN (i1)"),
    UNARY_ATTRS("is_inf", ATTRS(OPT("detect_negative", ANY), OPT("detect_positive", ANY)),
                "Whether x is an infinity of a detected sign (i1; both by default)"),
#undef UNARY_OP
#undef UNARY_ATTRS
    BINARY("add", VTC_TRAIT_COMMUTATIVE, "a + b with broadcasting"),
    BINARY("sub", 0, "a - b with broadcasting"),
    BINARY("mul", VTC_TRAIT_COMMUTATIVE, "a * b with broadcasting"),
    BINARY("div", 0, "a / b with broadcasting (integers truncate)"),
    BINARY("pow", 0, "a ** b with broadcasting"),
    BINARY("max", VTC_TRAIT_COMMUTATIVE, "Element-wise maximum with broadcasting"),
    BINARY("min", VTC_TRAIT_COMMUTATIVE, "Element-wise minimum with broadcasting"),
    BINARY("equal", VTC_TRAIT_COMMUTATIVE, "a == b with broadcasting (i1)"),
    BINARY("less", 0, "a < b with broadcasting (i1)"),
    BINARY("less_equal", 0, "a <= b with broadcasting (i1)"),
    BINARY("greater", 0, "a > b with broadcasting (i1)"),
    BINARY("greater_equal", 0, "a >= b with broadcasting (i1)"),
    BINARY("and", VTC_TRAIT_COMMUTATIVE, "Logical and of i1 with broadcasting"),
    BINARY("or", VTC_TRAIT_COMMUTATIVE, "Logical or of i1 with broadcasting"),
    BINARY("xor", VTC_TRAIT_COMMUTATIVE, "Logical exclusive or of i1 with broadcasting"),
    BINARY("mod", 0, "Remainder with the sign of the divisor (numpy.mod; ONNX Mod fmod=0)"),
    BINARY("fmod", 0, "Remainder with the sign of the dividend (C fmod; ONNX Mod fmod=1)"),
    BINARY("prelu", 0, "x < 0 ? slope * x : x, slope broadcast to x"),
    COMPUTE("where", 3, VTC_TRAIT_ELEMENTWISE, NULL, graph_infer_where, graph_cost_elementwise, graph_fold_elementwise,
            graph_interp_where, "cond ? x : y with broadcasting"),
    COMPUTE("cast", 1, VTC_TRAIT_ELEMENTWISE, ATTRS(REQ("to", VTC_ATTR_TYPE)), graph_infer_cast,
            graph_cost_elementwise, graph_fold_elementwise, graph_interp_cast, "Element type conversion"),
    COMPUTE("softmax", 1, 0, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "-1")), graph_infer_softmax, graph_cost_reduce, NULL,
            graph_interp_softmax, "Softmax along an axis"),
    COMPUTE("layer_norm", -1, 0, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "-1"), DEF("epsilon", ANY, "1.0e-05")),
            graph_infer_layer_norm, graph_cost_reduce, NULL, graph_interp_layer_norm,
            "Layer normalization over dims [axis, rank) with scale and optional bias"),
    COMPUTE("rms_norm", 2, 0, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "-1"), DEF("epsilon", ANY, "1.0e-05")),
            graph_infer_rms_norm, graph_cost_reduce, NULL, graph_interp_rms_norm,
            "RMS normalization over dims [axis, rank) with scale"),
#define REDUCE(NAME, SUMMARY)                                                                              \
  COMPUTE(NAME, 1, 0,                                                                                      \
          ATTRS(OPT("axes", VTC_ATTR_ARRAY), DEF("keepdims", ANY, "true"), DEF("noop_with_empty_axes", ANY, "false")), \
          graph_infer_reduce, graph_cost_reduce, NULL, graph_interp_reduce, SUMMARY)
    REDUCE("reduce_sum", "Sum over axes"),
    REDUCE("reduce_mean", "Mean over axes"),
    REDUCE("reduce_max", "Maximum over axes"),
    REDUCE("reduce_min", "Minimum over axes"),
    REDUCE("reduce_prod", "Product over axes"),
#undef REDUCE
#define POOL_ATTRS                                                                                     \
  REQ("kernel_shape", VTC_ATTR_ARRAY), OPT("strides", VTC_ATTR_ARRAY), OPT("pads", VTC_ATTR_ARRAY),   \
      OPT("dilations", VTC_ATTR_ARRAY), OPT("auto_pad", VTC_ATTR_STRING), OPT("ceil_mode", ANY)
    COMPUTE("max_pool2d", 1, 0, ATTRS(POOL_ATTRS), graph_infer_pool, graph_cost_pool, NULL, graph_interp_pool,
            "2-D max pooling (NCHW) with strides, pads, dilations, auto_pad and ceil_mode"),
    COMPUTE("avg_pool2d", 1, 0, ATTRS(POOL_ATTRS, OPT("count_include_pad", ANY)), graph_infer_pool, graph_cost_pool,
            NULL, graph_interp_pool, "2-D average pooling (NCHW); count_include_pad divides by the padded window"),
#undef POOL_ATTRS
#define ARG_REDUCE(NAME, SUMMARY)                                                                        \
  COMPUTE(NAME, 1, 0, ATTRS(OPT("axis", VTC_ATTR_INTEGER), OPT("keepdims", ANY), OPT("select_last_index", ANY)), \
          graph_infer_arg_reduce, graph_cost_reduce, NULL, graph_interp_arg_reduce, SUMMARY)
    ARG_REDUCE("argmax", "Index (i64) of the largest element along an axis (first NaN, else first or last tie)"),
    ARG_REDUCE("argmin", "Index (i64) of the smallest element along an axis (first NaN, else first or last tie)"),
#undef ARG_REDUCE
    COMPUTE("cumsum", 1, 0, ATTRS(OPT("axis", VTC_ATTR_INTEGER), OPT("exclusive", ANY), OPT("reverse", ANY)),
            graph_infer_cumsum, graph_cost_reduce, NULL, graph_interp_cumsum,
            "Cumulative sum along an axis (exclusive, reverse)"),
    COMPUTE("resize", 1, 0,
            ATTRS(REQ("scales", VTC_ATTR_ARRAY), REQ("sizes", VTC_ATTR_ARRAY), OPT("mode", VTC_ATTR_STRING),
                  OPT("coordinate_transformation_mode", VTC_ATTR_STRING), OPT("nearest_mode", VTC_ATTR_STRING)),
            graph_infer_resize, graph_cost_elementwise, NULL, graph_interp_resize,
            "ONNX Resize, nearest and (multi)linear, to the shape `sizes` with the coordinate scales `scales`"),
        COMPUTE("attention", 3, 0, ATTRS(DEF("causal", ANY, "false"), OPT("scale", ANY)), graph_infer_attention,
            graph_cost_attention, NULL, graph_interp_attention,
            "Scaled dot-product attention on [B, H, S, D] with optional causal mask and grouped-query heads"),
    {.name = "graph.constant", .num_operands = 0, .num_results = 1, .num_regions = 0,
     .traits = VTC_TRAIT_PURE | VTC_TRAIT_CONSTANT_LIKE, .attrs = ATTRS(REQ("value", VTC_ATTR_DENSE)),
     .verify = graph_verify, .print = graph_print_constant, .parse = graph_parse_constant,
     .interfaces = {INFER(graph_infer_constant), COST(graph_cost_constant), INTERP(graph_interp_constant)},
     .summary = "A dense tensor constant"},

    /* ---- data movement ---- */
    MOVEMENT("reshape", 1, 1, ATTRS(REQ("shape", VTC_ATTR_ARRAY), DEF("allowzero", ANY, "false")), graph_infer_reshape,
             graph_map_reshape, graph_patterns_reshape, graph_interp_reshape,
             "Reshape (ONNX: 0 copies a dim, -1 is inferred)"),
    MOVEMENT("transpose", 1, 1, ATTRS(OPT("perm", VTC_ATTR_ARRAY)), graph_infer_transpose, graph_map_transpose,
             graph_patterns_transpose, graph_interp_transpose,
             "Permute dims: output dim i is input dim perm[i]"),
    MOVEMENT("split", 1, -1, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "0"), OPT("split", VTC_ATTR_ARRAY)), graph_infer_split,
             graph_map_split, NULL, graph_interp_split,
             "Split along an axis into the given sizes (default: equal chunks)"),
    MOVEMENT("concat", -1, 1, ATTRS(REQ("axis", VTC_ATTR_INTEGER)), graph_infer_concat, graph_map_concat, NULL,
             graph_interp_concat, "Concatenate along an axis"),
    MOVEMENT("slice", 1, 1,
             ATTRS(REQ("starts", VTC_ATTR_ARRAY), REQ("ends", VTC_ATTR_ARRAY), OPT("axes", VTC_ATTR_ARRAY),
                   OPT("steps", VTC_ATTR_ARRAY)),
             graph_infer_slice, graph_map_slice, NULL, graph_interp_slice,
             "ONNX Slice with starts, ends, axes and steps"),
    MOVEMENT("expand", 1, 1, ATTRS(REQ("shape", VTC_ATTR_ARRAY)), graph_infer_expand, graph_map_expand, NULL,
             graph_interp_expand, "Broadcast to a shape (numpy two-way broadcasting)"),
    MOVEMENT("squeeze", 1, 1, ATTRS(OPT("axes", VTC_ATTR_ARRAY)), graph_infer_squeeze, graph_map_squeeze, NULL,
             graph_interp_squeeze, "Remove size-1 dims (all of them when axes is absent)"),
    MOVEMENT("unsqueeze", 1, 1, ATTRS(REQ("axes", VTC_ATTR_ARRAY)), graph_infer_unsqueeze, graph_map_squeeze, NULL,
             graph_interp_unsqueeze, "Insert size-1 dims at the given output axes"),
    MOVEMENT("flatten", 1, 1, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "1")), graph_infer_flatten, graph_map_reshape, NULL,
             graph_interp_flatten, "Flatten to 2-D: [prod(dims[:axis]), prod(dims[axis:])]"),
    MOVEMENT("gather", 2, 1, ATTRS(DEF("axis", VTC_ATTR_INTEGER, "0")), graph_infer_gather, graph_map_index_dependent,
             NULL, graph_interp_gather, "Gather slices along an axis by an index tensor (index-dependent mapping)"),
    MOVEMENT("gather_elements", 2, 1, ATTRS(OPT("axis", VTC_ATTR_INTEGER)), graph_infer_gather_elements,
             graph_map_index_dependent, NULL, graph_interp_gather_elements,
             "out[i] = data[i with its axis index from indices[i]] (index-dependent mapping)"),
        MOVEMENT("scatter_nd", 3, 1, ATTRS(DEF("reduction", VTC_ATTR_STRING, "\"none\"")), graph_infer_scatter_nd,
             graph_map_index_dependent, NULL, graph_interp_scatter_nd,
             "ONNX ScatterND: data with updates written at index tuples (index-dependent mapping)"),
    MOVEMENT("tile", 1, 1, ATTRS(REQ("repeats", VTC_ATTR_ARRAY)), graph_infer_tile, graph_map_tile, NULL,
             graph_interp_tile, "Repeat the input along each dim"),
    MOVEMENT("pad", 1, 1,
             ATTRS(REQ("pads", VTC_ATTR_ARRAY), DEF("mode", VTC_ATTR_STRING, "\"constant\""), DEF("value", ANY, "0.0"),
                   OPT("axes", VTC_ATTR_ARRAY)),
             graph_infer_pad, graph_map_pad, NULL, graph_interp_pad,
             "Pad with a constant, by reflection, by the edge, or wrapping"),
    MOVEMENT("depth_to_space", 1, 1, ATTRS(REQ("blocksize", VTC_ATTR_INTEGER), DEF("mode", VTC_ATTR_STRING, "\"DCR\"")),
             graph_infer_depth_to_space, graph_map_depth_to_space, NULL, graph_interp_depth_to_space,
             "Move channel blocks into spatial blocks (DCR or CRD)"),
    MOVEMENT("space_to_depth", 1, 1, ATTRS(REQ("blocksize", VTC_ATTR_INTEGER)), graph_infer_space_to_depth,
             graph_map_space_to_depth, NULL, graph_interp_space_to_depth,
             "Move spatial blocks into channels"),
    MOVEMENT("identity", 1, 1, NULL, graph_infer_identity, graph_map_identity, graph_patterns_identity,
             graph_interp_identity, "The input, unchanged"),
};

const vtc_dialect vtc_graph_dialect = {
    .name = "graph",
    .ops = graph_ops,
    .num_ops = sizeof graph_ops / sizeof graph_ops[0],
    .materialize_constant = graph_materialize_constant,
    .summary = "Tensor graph ops with ONNX semantics: compute and data movement",
};

void vtc_register_graph_dialect(vtc_context *ctx) { vtc_context_register_dialect(ctx, &vtc_graph_dialect); }
