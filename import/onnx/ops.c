/* The ONNX ops the importer converts: one row per op type with the first
 * operator version whose semantics the converter implements (a model whose
 * opset selects an older version gets an "unsupported" diagnostic naming
 * both) and the graph op for table-driven converters. The versions are
 * those of ONNX's operator changelog: e.g. Add before version 7 had
 * legacy broadcasting (`broadcast`, `axis`), Softmax before 13 a 2-D
 * coercion, Reduce*'s axes became an input at 13 (Sum) and 18 (the rest):
 * the converters implement each version from `since` on. Max, Min, Sum and
 * Mean before version 8 took equal shapes only, a case of numpy's
 * broadcasting. */
#include <string.h>

#include "import/onnx/onnx_impl.h"

static const oi_rule kRules[] = {
    /* element-wise (ops_math.c) */
    {"Abs", 6, oi_convert_unary, "abs"},
    {"Neg", 6, oi_convert_unary, "neg"},
    {"Relu", 6, oi_convert_unary, "relu"},
    {"Sigmoid", 6, oi_convert_unary, "sigmoid"},
    {"Tanh", 6, oi_convert_unary, "tanh"},
    {"Exp", 6, oi_convert_unary, "exp"},
    {"Log", 6, oi_convert_unary, "log"},
    {"Sqrt", 6, oi_convert_unary, "sqrt"},
    {"Erf", 9, oi_convert_unary, "erf"},
    {"Reciprocal", 6, oi_convert_unary, "reciprocal"},
    {"Floor", 6, oi_convert_unary, "floor"},
    {"Ceil", 6, oi_convert_unary, "ceil"},
    {"Round", 11, oi_convert_unary, "round"},
    {"Sin", 7, oi_convert_unary, "sin"},
    {"Cos", 7, oi_convert_unary, "cos"},
    {"Tan", 7, oi_convert_unary, "tan"},
    {"Asin", 7, oi_convert_unary, "asin"},
    {"Acos", 7, oi_convert_unary, "acos"},
    {"Atan", 7, oi_convert_unary, "atan"},
    {"Sinh", 9, oi_convert_unary, "sinh"},
    {"Cosh", 9, oi_convert_unary, "cosh"},
    {"Asinh", 9, oi_convert_unary, "asinh"},
    {"Acosh", 9, oi_convert_unary, "acosh"},
    {"Atanh", 9, oi_convert_unary, "atanh"},
    {"Sign", 9, oi_convert_unary, "sign"},
    {"Softplus", 1, oi_convert_unary, "softplus"},
    {"Softsign", 1, oi_convert_unary, "softsign"},
    {"HardSwish", 14, oi_convert_unary, "hard_swish"},
    {"Not", 1, oi_convert_unary, "not"},
    {"IsNaN", 9, oi_convert_unary, "is_nan"},
    {"HardSigmoid", 6, oi_convert_unary_attrs, "hard_sigmoid"},
    {"Elu", 6, oi_convert_unary_attrs, "elu"},
    {"Selu", 6, oi_convert_unary_attrs, "selu"},
    {"Celu", 12, oi_convert_unary_attrs, "celu"},
    {"LeakyRelu", 6, oi_convert_unary_attrs, "leaky_relu"},
    {"ThresholdedRelu", 10, oi_convert_unary_attrs, "thresholded_relu"},
    {"Shrink", 9, oi_convert_unary_attrs, "shrink"},
    {"IsInf", 10, oi_convert_unary_attrs, "is_inf"},
    {"Equal", 7, oi_convert_binary, "equal"},
    {"Less", 7, oi_convert_binary, "less"},
    {"LessOrEqual", 12, oi_convert_binary, "less_equal"},
    {"Greater", 7, oi_convert_binary, "greater"},
    {"GreaterOrEqual", 12, oi_convert_binary, "greater_equal"},
    {"And", 7, oi_convert_binary, "and"},
    {"Or", 7, oi_convert_binary, "or"},
    {"Xor", 7, oi_convert_binary, "xor"},
    {"Mod", 10, oi_convert_mod, NULL},
    {"PRelu", 6, oi_convert_binary, "prelu"},
    {"Add", 1, oi_convert_binary, "add"},
    {"Sub", 1, oi_convert_binary, "sub"},
    {"Mul", 1, oi_convert_binary, "mul"},
    {"Div", 1, oi_convert_binary, "div"},
    {"Pow", 1, oi_convert_binary, "pow"},
    {"Max", 6, oi_convert_variadic, "max"},
    {"Min", 6, oi_convert_variadic, "min"},
    {"Sum", 6, oi_convert_variadic, "add"},
    {"Mean", 6, oi_convert_variadic, "mean"},
    {"Where", 9, oi_convert_where, NULL},
    {"Cast", 6, oi_convert_cast, NULL},
    {"CastLike", 15, oi_convert_cast_like, NULL},
    {"Identity", 1, oi_convert_identity, NULL},
    {"Dropout", 6, oi_convert_identity, NULL},
    {"Clip", 6, oi_convert_clip, NULL},
    {"Softmax", 1, oi_convert_softmax, NULL},
    {"LogSoftmax", 1, oi_convert_softmax, NULL},
    {"LayerNormalization", 17, oi_convert_layer_norm, NULL},
    /* neural-network ops (ops_nn.c) */
    {"MatMul", 1, oi_convert_matmul, NULL},
    {"Gemm", 6, oi_convert_gemm, NULL},
    {"Conv", 1, oi_convert_conv, NULL},
    {"BatchNormalization", 6, oi_convert_batch_norm, NULL},
    {"GlobalAveragePool", 1, oi_convert_global_pool, "reduce_mean"},
    {"GlobalMaxPool", 1, oi_convert_global_pool, "reduce_max"},
    {"MaxPool", 1, oi_convert_pool, NULL},
    {"AveragePool", 1, oi_convert_pool, NULL},
    /* reductions (ops_reduce.c) */
    {"ReduceSum", 1, oi_convert_reduce, "reduce_sum"},
    {"ReduceMean", 1, oi_convert_reduce, "reduce_mean"},
    {"ReduceMax", 1, oi_convert_reduce, "reduce_max"},
    {"ReduceMin", 1, oi_convert_reduce, "reduce_min"},
    {"ReduceProd", 1, oi_convert_reduce, "reduce_prod"},
    {"ArgMax", 1, oi_convert_arg_reduce, "argmax"},
    {"ArgMin", 1, oi_convert_arg_reduce, "argmin"},
    {"CumSum", 11, oi_convert_cumsum, NULL},
    {"ReduceL1", 1, oi_convert_reduce, "l1"},
    {"ReduceL2", 1, oi_convert_reduce, "l2"},
    {"ReduceSumSquare", 1, oi_convert_reduce, "sum_square"},
    {"ReduceLogSum", 1, oi_convert_reduce, "log_sum"},
    {"ReduceLogSumExp", 1, oi_convert_reduce, "log_sum_exp"},
    /* shapes and data movement (ops_shape.c) */
    {"Constant", 1, oi_convert_constant, NULL},
    {"Shape", 1, oi_convert_shape, NULL},
    {"Size", 1, oi_convert_size, NULL},
    {"ConstantOfShape", 9, oi_convert_constant_of_shape, NULL},
    {"Range", 11, oi_convert_range, NULL},
    {"Reshape", 1, oi_convert_reshape, NULL},
    {"Transpose", 1, oi_convert_transpose, NULL},
    {"Flatten", 1, oi_convert_flatten, NULL},
    {"Squeeze", 1, oi_convert_squeeze, NULL},
    {"Unsqueeze", 1, oi_convert_squeeze, NULL},
    {"Concat", 4, oi_convert_concat, NULL},
    {"Split", 2, oi_convert_split, NULL},
    {"Slice", 1, oi_convert_slice, NULL},
    {"Gather", 1, oi_convert_gather, NULL},
    {"GatherElements", 11, oi_convert_gather_elements, NULL},
    {"Expand", 8, oi_convert_expand, NULL},
    {"Tile", 6, oi_convert_tile, NULL},
    {"Pad", 2, oi_convert_pad, NULL},
    {"DepthToSpace", 1, oi_convert_depth_to_space, NULL},
    {"SpaceToDepth", 1, oi_convert_space_to_depth, NULL},
    {"ScatterND", 11, oi_convert_scatter_nd, NULL},
};

const oi_rule *oi_find_rule(const char *op_type) {
  for (size_t i = 0; i < sizeof kRules / sizeof *kRules; i++)
    if (strcmp(kRules[i].op_type, op_type) == 0) return &kRules[i];
  return NULL;
}
