/* lower-graph-to-te: every graph op of every function becomes te.computes
 * (Souffle section 3: "SOUFFLE first lowers each operator to its
 * corresponding TEs"); the conventions are dialects/te/README.md's. One
 * table row per graph op names its lowering function (one file per family).
 *
 * Choices where the papers are silent:
 * - The dynamic dimensions of the function's arguments become symbols, read
 *   once at the top of the function by te.dim; every value's shape is an
 *   affine expression of those symbols, and each te.compute takes exactly the
 *   symbols its shape, reduction domain and inputs' shapes mention.
 * - In broadcasting, a dynamic dimension is assumed to equal the other
 *   operand's (it does not broadcast); a host te.assert checks it at run
 *   time (checks.c), after the checks of the op's own shape rule, so a
 *   violation fails before any TE runs instead of reading wrong elements.
 * - Run-time checks (checks.c): the agreements a shape rule leaves to run
 *   time come from the rule itself (vtc_graph_runtime_checks) with its
 *   message, as host te.asserts right after the te.dims; index operands
 *   (gather, scatter_nd) are checked per element in the TE body.
 * - Intermediate tensors of composites (softmax, norms, attention) have the
 *   op's element type; their statistics (row max, sums) are tensors of the
 *   reduced shape.
 * - An op the lowering cannot express (a dimension that must be static, an
 *   element type without te semantics) fails the pass with a located
 *   diagnostic naming the op and the reason; nothing is half-lowered silently.
 * - graph.constant becomes arith.constant of the same dense tensor.
 * - A reshape or flatten with dynamic dims (reshape.c): the result's `?`
 *   sizes come from its attributes as the reference kernels compute them; a
 *   -1 whose element count a constant may not divide is `count floordiv c`
 *   (the reshape needs a multiple at run time: the rule's te.assert checks
 *   it, as the reference interpreter does). The load map delinearises within the
 *   finest groups of dims whose symbolic products are provably equal. */
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "lowering/graph-to-te/graph_to_te.h"
#include "lowering/graph-to-te/lowering.h"

typedef struct gte_rule {
  const char *name;
  gte_lower_fn lower;
} gte_rule;

static const gte_rule gte_rules[] = {
    {"graph.matmul", gte_lower_matmul},
    {"graph.conv2d", gte_lower_conv2d},
    {"graph.relu", gte_lower_unary},
    {"graph.gelu", gte_lower_unary},
    {"graph.silu", gte_lower_unary},
    {"graph.sigmoid", gte_lower_unary},
    {"graph.tanh", gte_lower_unary},
    {"graph.exp", gte_lower_unary},
    {"graph.log", gte_lower_unary},
    {"graph.sqrt", gte_lower_unary},
    {"graph.rsqrt", gte_lower_unary},
    {"graph.erf", gte_lower_unary},
    {"graph.neg", gte_lower_unary},
    {"graph.abs", gte_lower_unary},
    {"graph.reciprocal", gte_lower_unary},
    {"graph.floor", gte_lower_unary},
    {"graph.ceil", gte_lower_unary},
    {"graph.round", gte_lower_unary},
    {"graph.sin", gte_lower_unary},
    {"graph.cos", gte_lower_unary},
    {"graph.tan", gte_lower_unary},
    {"graph.asin", gte_lower_unary},
    {"graph.acos", gte_lower_unary},
    {"graph.atan", gte_lower_unary},
    {"graph.sinh", gte_lower_unary},
    {"graph.cosh", gte_lower_unary},
    {"graph.asinh", gte_lower_unary},
    {"graph.acosh", gte_lower_unary},
    {"graph.atanh", gte_lower_unary},
    {"graph.sign", gte_lower_unary},
    {"graph.softplus", gte_lower_unary},
    {"graph.softsign", gte_lower_unary},
    {"graph.hard_swish", gte_lower_unary},
    {"graph.hard_sigmoid", gte_lower_unary},
    {"graph.elu", gte_lower_unary},
    {"graph.selu", gte_lower_unary},
    {"graph.celu", gte_lower_unary},
    {"graph.leaky_relu", gte_lower_unary},
    {"graph.thresholded_relu", gte_lower_unary},
    {"graph.shrink", gte_lower_unary},
    {"graph.not", gte_lower_unary},
    {"graph.is_nan", gte_lower_unary},
    {"graph.is_inf", gte_lower_unary},
    {"graph.add", gte_lower_binary},
    {"graph.sub", gte_lower_binary},
    {"graph.mul", gte_lower_binary},
    {"graph.div", gte_lower_binary},
    {"graph.pow", gte_lower_binary},
    {"graph.max", gte_lower_binary},
    {"graph.min", gte_lower_binary},
    {"graph.equal", gte_lower_binary},
    {"graph.less", gte_lower_binary},
    {"graph.less_equal", gte_lower_binary},
    {"graph.greater", gte_lower_binary},
    {"graph.greater_equal", gte_lower_binary},
    {"graph.and", gte_lower_binary},
    {"graph.or", gte_lower_binary},
    {"graph.xor", gte_lower_binary},
    {"graph.mod", gte_lower_binary},
    {"graph.fmod", gte_lower_binary},
    {"graph.prelu", gte_lower_binary},
    {"graph.where", gte_lower_where},
    {"graph.cast", gte_lower_cast},
    {"graph.softmax", gte_lower_softmax},
    {"graph.layer_norm", gte_lower_layer_norm},
    {"graph.rms_norm", gte_lower_rms_norm},
    {"graph.reduce_sum", gte_lower_reduce},
    {"graph.reduce_mean", gte_lower_reduce},
    {"graph.reduce_max", gte_lower_reduce},
    {"graph.reduce_min", gte_lower_reduce},
    {"graph.reduce_prod", gte_lower_reduce},
    {"graph.max_pool2d", gte_lower_pool},
    {"graph.avg_pool2d", gte_lower_pool},
    {"graph.argmax", gte_lower_arg_reduce},
    {"graph.argmin", gte_lower_arg_reduce},
    {"graph.cumsum", gte_lower_cumsum},
    {"graph.gather_elements", gte_lower_gather_elements},
    {"graph.resize", gte_lower_resize},
    {"graph.attention", gte_lower_attention},
    {"graph.constant", gte_lower_constant},
    {"graph.reshape", gte_lower_movement},
    {"graph.transpose", gte_lower_movement},
    {"graph.split", gte_lower_movement},
    {"graph.concat", gte_lower_movement},
    {"graph.slice", gte_lower_movement},
    {"graph.expand", gte_lower_movement},
    {"graph.squeeze", gte_lower_movement},
    {"graph.unsqueeze", gte_lower_movement},
    {"graph.flatten", gte_lower_movement},
    {"graph.gather", gte_lower_gather},
    {"graph.scatter_nd", gte_lower_scatter_nd},
    {"graph.tile", gte_lower_movement},
    {"graph.pad", gte_lower_movement},
    {"graph.depth_to_space", gte_lower_movement},
    {"graph.space_to_depth", gte_lower_movement},
    {"graph.identity", gte_lower_movement},
};

static gte_lower_fn find_rule(const vtc_op *op) {
  for (size_t i = 0; i < sizeof gte_rules / sizeof gte_rules[0]; i++)
    if (strcmp(op->name->name, gte_rules[i].name) == 0) return gte_rules[i].lower;
  return NULL;
}

static void free_lowering(gte_lowering *L) {
  gte_free_checks(L);
  for (size_t i = 0; i < L->shapes.cap; i++)
    if (L->shapes.keys[i] > VTC_PTRMAP_DELETED) free(L->shapes.vals[i]);
  vtc_ptrmap_free(&L->shapes);
  vtc_ptrmap_free(&L->sym_tensors);
  VTC_VEC_FREE(&L->syms);
}

/* Lowers one graph op; its results' uses move to the te values. */
/* A graph op that vtc-virtualize made a view: its TEs (those lowering put
 * between `before` and op) carry the view's kind, for the passes that
 * realise views (souffle-vertical{producers=vtc-views}). */
static void mark_vtc_view(vtc_op *op, vtc_op *before) {
  const vtc_attr *kind = vtc_op_get_attr(op, VTC_GRAPH_ATTR_VIRTUAL);
  if (!kind) return;
  for (vtc_op *o = before ? before->next : op->parent->first; o && o != op; o = o->next)
    if (vtc_te_is_compute(o)) vtc_op_set_attr(o, VTC_TE_ATTR_VTC_VIEW, kind);
}

static bool lower_op(gte_lowering *L, vtc_op *op, unsigned *lowered) {
  gte_lower_fn fn = find_rule(op);
  L->op = op;
  if (!fn) return gte_fail(L, "no lowering for this op");
  vtc_value *buf[8], **results = op->num_results > 8 ? vtc_xcalloc(op->num_results, sizeof *results) : buf;
  L->b = vtc_builder_before(op);
  gte_graph_checks(L, op);
  vtc_op *before = op->prev;
  bool ok = fn(L, op, results) && !L->failed;
  if (ok) mark_vtc_view(op, before);
  for (unsigned i = 0; ok && i < op->num_results; i++) {
    if (results[i]->type != vtc_op_result(op, i)->type) {
      char *want = vtc_type_to_string(vtc_op_result(op, i)->type), *got = vtc_type_to_string(results[i]->type);
      ok = gte_fail(L, "result %u lowered to %s instead of %s", i, got, want);
      free(want);
      free(got);
    }
  }
  if (ok) {
    vtc_op_replace_all_uses(op, results);
    vtc_op_erase(op);
    (*lowered)++;
  }
  if (results != buf) free(results);
  return ok;
}

typedef struct gte_options {
  bool runtime_checks;
  int conv;    /* GTE_CONV_* */
  int scatter; /* GTE_SCATTER_* */
} gte_options;

static bool lower_function(vtc_context *ctx, vtc_op *func, const gte_options *o, unsigned *lowered) {
  if (func->num_regions == 0 || !vtc_op_region(func, 0)->first) return true; /* a declaration */
  vtc_block *entry = vtc_op_region(func, 0)->first;
  if (!entry->first) return true;
  gte_lowering L = {.ctx = ctx, .func = func, .sym_point = entry->first, .no_checks = !o->runtime_checks,
                   .conv = o->conv, .scatter = o->scatter};
  /* The arguments' dynamic dims, once, at the top. */
  vtc_builder top = vtc_builder_before(entry->first);
  for (unsigned a = 0; a < entry->num_args; a++) {
    vtc_value *arg = entry->args[a];
    if (!vtc_type_is_tensor(arg->type) || arg->type->rank > VTC_MAX_RANK) continue;
    gte_shape s = gte_static_shape(&L, arg->type);
    for (unsigned i = 0; i < s.rank; i++) {
      if (s.dims[i]) continue;
      vtc_value *d = vtc_te_build_dim(&top, func->loc, arg, i);
      s.dims[i] = vtc_affine_symbol(ctx, (unsigned)L.syms.len);
      VTC_VEC_PUSH(&L.syms, d);
      L.check_anchor = d->def_op;
    }
    gte_set_shape(&L, arg, &s);
  }
  L.num_top_syms = (unsigned)L.syms.len;
  /* Snapshot the graph ops first: lowering inserts ops before each. */
  VTC_VEC(vtc_op *) ops = {0};
  for (vtc_block *b = entry; b; b = b->next)
    for (vtc_op *op = b->first; op; op = op->next)
      if (op->name->dialect && strcmp(op->name->dialect, "graph") == 0) VTC_VEC_PUSH(&ops, op);
  bool ok = true;
  for (size_t i = 0; ok && i < ops.len; i++) ok = lower_op(&L, ops.data[i], lowered);
  VTC_VEC_FREE(&ops);
  free_lowering(&L);
  return ok;
}

static const char *const gte_conv_choices[] = {"direct", "im2col", "auto", NULL}; /* GTE_CONV_* order */
static const char *const gte_scatter_choices[] = {"stores", "select", NULL};    /* GTE_SCATTER_* order */

static bool run_lower_graph_to_te(vtc_pass_context *pc, vtc_op *root, const void *options) {
  const gte_options *o = options;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  size_t num_funcs;
  vtc_op **funcs = vtc_func_collect(root, &num_funcs);
  unsigned lowered = 0;
  bool ok = true;
  for (size_t i = 0; ok && i < num_funcs; i++)
    ok = lower_function(ctx, funcs[i], o, &lowered);
  free(funcs);
  vtc_pass_stat_add(pc, 0, lowered);
  if (!lowered) vtc_pass_mark_unchanged(pc);
  return ok;
}

static const char *const gte_statistics[] = {"ops-lowered", NULL};

static const vtc_pass_option gte_option_table[] = {
    {"runtime-checks", VTC_OPTION_BOOL, "true",
     "Assert at run time that dims which must agree do agree (te.assert); false is the ablation that measures their "
     "cost and leaves bad input unchecked",
     offsetof(gte_options, runtime_checks), NULL},
    {"conv", VTC_OPTION_ENUM, "auto",
     "How a convolution with a kernel window (one group) becomes TEs: one sum over the window (direct), an "
     "im2col TE (the input gathered into a C*R*S x OH*OW matrix per image, padding as zeros) and a GEMM TE that "
     "Vortex gives its rKernels (im2col), or im2col where one image's matrix is static and at most 64 MiB, else "
     "direct (auto); pointwise and grouped convolutions stay direct",
     offsetof(gte_options, conv), gte_conv_choices},
    {"scatter", VTC_OPTION_ENUM, "stores",
     "How scatter_nd with reduction none becomes TEs: a destination-passing TE that stores the updates into the "
     "data (written in place where lower-te-to-gir may, else the data copied once; stores), or the ablation, one "
     "TE per output element that selects the last matching update or the data (select)",
     offsetof(gte_options, scatter), gte_scatter_choices},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_lower_graph_to_te_pass = {
    .name = "lower-graph-to-te",
    .summary = "Lower graph ops to te.compute tensor expressions (Souffle section 3: TE lowering)",
    .anchor = NULL,
    .options_size = sizeof(gte_options),
    .options = gte_option_table,
    .run = run_lower_graph_to_te,
    .statistics = gte_statistics,
};

void vtc_register_lowering_passes(vtc_context *ctx) { vtc_context_register_pass(ctx, &vtc_lower_graph_to_te_pass); }
