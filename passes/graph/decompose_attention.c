/* graph-decompose-attention: rewrites graph.attention into the graph ops it
 * stands for, so later passes (VTC's virtual tensors, Souffle's TE
 * transforms) can see and fuse its pieces:
 *
 *   K', V' = K, V with each KV head repeated Hq/Hkv times (grouped-query
 *            attention: unsqueeze, expand, reshape — the chain of VTC Fig. 2)
 *   S = matmul(Q, transpose(K', [0, 1, 3, 2])) * scale
 *   S = where(causal_mask, S, -inf)                  (causal only)
 *   O = matmul(softmax(S, axis = -1), V')
 *   O = where(row_has_a_key, O, 0)                   (causal with Sq > Skv)
 *
 * The mask is aligned to the end, as the op's semantics: query i sees keys
 * j <= i + Skv - Sq, and a query that sees no key yields zeros, as the
 * reference kernel does. Choices where the op allows several: the scale is
 * a rank-0 constant multiplied after the first matmul; the causal mask is an
 * i1 constant of shape [Sq, Skv], so causal attention needs static sequence
 * lengths, and grouped-query attention needs a static K/V shape (expand and
 * reshape take static shapes). Ops that do not meet these stay whole, with
 * a remark saying why; the pass never fails. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph.h"
#include "ir/ir.h"

typedef struct attn {
  vtc_rewriter *rw;
  vtc_context *ctx;
  const vtc_loc *loc;
  const vtc_type *elem;
} attn;

static const vtc_type *tensor_of(attn *a, unsigned rank, const int64_t *dims, const vtc_type *elem) {
  return vtc_type_tensor(a->ctx, rank, dims, elem, NULL);
}

static vtc_value *build(attn *a, const char *name, unsigned n, vtc_value *const *operands, const vtc_type *type,
                        unsigned nattrs, const vtc_named_attr *attrs) {
  vtc_op *op = vtc_builder_create(vtc_rewriter_builder(a->rw), name, a->loc, n, operands, type, nattrs, attrs);
  return vtc_op_result(op, 0);
}

static vtc_value *build_with_ints(attn *a, const char *name, vtc_value *x, const vtc_type *type, const char *attr,
                                  unsigned count, const int64_t *values) {
  vtc_named_attr na = {attr, vtc_attr_i64_array(a->ctx, count, values)};
  return build(a, name, 1, &x, type, 1, &na);
}

/* A graph.constant of the given shape from values (one value: a splat). */
static vtc_value *constant(attn *a, unsigned rank, const int64_t *dims, const vtc_type *elem, int64_t count,
                           const double *values) {
  const vtc_type *type = tensor_of(a, rank, dims, elem);
  size_t size = vtc_dense_element_size(elem);
  unsigned char *raw = vtc_xcalloc((size_t)count, size);
  for (int64_t i = 0; i < count; i++) vtc_dense_store(elem, raw + i * size, values[i], (int64_t)values[i]);
  vtc_named_attr value = {"value", vtc_attr_dense(a->ctx, type, count == 1, raw, (size_t)count * size)};
  free(raw);
  return build(a, "graph.constant", 0, NULL, type, 1, &value);
}

static vtc_value *scalar(attn *a, double v) { return constant(a, 0, NULL, a->elem, 1, &v); }

/* [B, Hkv, S, D] -> [B, Hkv * group, S, D], head h reading KV head h / group. */
static vtc_value *repeat_heads(attn *a, vtc_value *x, int64_t group) {
  const vtc_type *t = x->type;
  int64_t b = vtc_tensor_dim(t, 0), h = vtc_tensor_dim(t, 1), s = vtc_tensor_dim(t, 2), d = vtc_tensor_dim(t, 3);
  int64_t unsq[5] = {b, h, 1, s, d}, exp[5] = {b, h, group, s, d}, out[4] = {b, h * group, s, d}, axis = 2;
  x = build_with_ints(a, "graph.unsqueeze", x, tensor_of(a, 5, unsq, a->elem), "axes", 1, &axis);
  x = build_with_ints(a, "graph.expand", x, tensor_of(a, 5, exp, a->elem), "shape", 5, exp);
  return build_with_ints(a, "graph.reshape", x, tensor_of(a, 4, out, a->elem), "shape", 4, out);
}

/* Why the op cannot be decomposed, or NULL. */
static const char *unsupported(vtc_op *op, bool causal, bool has_scale) {
  const vtc_type *q = vtc_op_operand(op, 0)->type, *k = vtc_op_operand(op, 1)->type;
  if (!vtc_type_is_tensor(q) || q->rank != 4 || !vtc_type_is_tensor(k) || k->rank != 4) return "operands are not 4-D";
  if (!vtc_type_is_float(q->element)) return "the element type is not a float";
  if (causal && (vtc_tensor_dim(q, 2) == VTC_DYNAMIC || vtc_tensor_dim(k, 2) == VTC_DYNAMIC))
    return "a causal mask needs static sequence lengths";
  if (vtc_tensor_dim(q, 1) != vtc_tensor_dim(k, 1) &&
      (!vtc_tensor_has_static_shape(k) || !vtc_tensor_has_static_shape(vtc_op_operand(op, 2)->type) ||
       vtc_tensor_dim(q, 1) == VTC_DYNAMIC))
    return "grouped-query heads need static K, V and head counts";
  if (!has_scale && vtc_tensor_dim(q, 3) == VTC_DYNAMIC) return "the default scale needs a static head size";
  return NULL;
}

/* where(mask, x, fill) with mask an i1 constant [rows, cols]. */
static vtc_value *masked(attn *a, vtc_value *x, int64_t rows, int64_t cols, int64_t offset, double fill) {
  double *m = vtc_xcalloc((size_t)(rows * cols), sizeof *m);
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++) m[i * cols + j] = cols == 1 ? (i + offset >= 0) : (j <= i + offset);
  int64_t dims[2] = {rows, cols};
  vtc_value *mask = constant(a, 2, dims, vtc_type_integer(a->ctx, 1), rows * cols, m);
  free(m);
  vtc_value *ops[3] = {mask, x, scalar(a, fill)};
  return build(a, "graph.where", 3, ops, x->type, 0, NULL);
}

static bool decompose(vtc_rewriter *rw, vtc_op *op) {
  const vtc_attr *causal_attr = vtc_op_get_attr(op, "causal"), *scale_attr = vtc_op_get_attr(op, "scale");
  bool causal = causal_attr && causal_attr->i;
  const char *why = unsupported(op, causal, scale_attr != NULL);
  if (why) {
    vtc_remark(vtc_op_context(op), op->loc, "'graph.attention' kept whole: %s", why);
    return false;
  }
  vtc_value *q = vtc_op_operand(op, 0), *k = vtc_op_operand(op, 1), *v = vtc_op_operand(op, 2);
  attn a = {rw, vtc_op_context(op), op->loc, q->type->element};
  vtc_rewriter_set_before(rw, op);
  int64_t hq = vtc_tensor_dim(q->type, 1), hkv = vtc_tensor_dim(k->type, 1);
  if (hq != hkv) {
    k = repeat_heads(&a, k, hq / hkv);
    v = repeat_heads(&a, v, hq / hkv);
  }
  int64_t b = vtc_tensor_dim(q->type, 0), sq = vtc_tensor_dim(q->type, 2), d = vtc_tensor_dim(q->type, 3);
  int64_t skv = vtc_tensor_dim(k->type, 2);
  int64_t kt_dims[4] = {b, hq, d, skv}, s_dims[4] = {b, hq, sq, skv}, perm[4] = {0, 1, 3, 2}, axis = -1;
  vtc_value *kt = build_with_ints(&a, "graph.transpose", k, tensor_of(&a, 4, kt_dims, a.elem), "perm", 4, perm);
  const vtc_type *s_type = tensor_of(&a, 4, s_dims, a.elem);
  vtc_value *qk[2] = {q, kt};
  vtc_value *s = build(&a, "graph.matmul", 2, qk, s_type, 0, NULL);
  double scale = scale_attr ? (scale_attr->kind == VTC_ATTR_FLOAT ? scale_attr->f : (double)scale_attr->i)
                            : 1.0 / sqrt((double)d);
  vtc_value *scaled[2] = {s, scalar(&a, scale)};
  s = build(&a, "graph.mul", 2, scaled, s_type, 0, NULL);
  if (causal) s = masked(&a, s, sq, skv, skv - sq, -INFINITY);
  vtc_named_attr ax = {"axis", vtc_attr_i64(a.ctx, axis)};
  vtc_value *p = build(&a, "graph.softmax", 1, &s, s_type, 1, &ax);
  vtc_value *pv[2] = {p, v};
  vtc_value *out = build(&a, "graph.matmul", 2, pv, vtc_op_result(op, 0)->type, 0, NULL);
  /* Rows that see no key: the softmax of all -inf is NaN; the op gives 0. */
  if (causal && sq > skv) out = masked(&a, out, sq, 1, skv - sq, 0.0);
  vtc_rewriter_replace_op(rw, op, &out);
  return true;
}

static const vtc_pattern decompose_pattern = {"graph.attention", 1, decompose, "decompose-attention"};

static bool run(vtc_pass_context *pc, vtc_op *op, const void *options) {
  (void)options;
  vtc_pattern_set *set = vtc_pattern_set_create(vtc_pass_context_ctx(pc));
  vtc_pattern_set_add(set, &decompose_pattern);
  vtc_greedy_config config = vtc_greedy_config_default();
  config.fold = false; /* only this rewrite: folding is canonicalize's job */
  bool changed = false;
  vtc_apply_patterns_greedily(op, set, &config, &changed);
  vtc_pattern_set_destroy(set);
  if (!changed) vtc_pass_mark_unchanged(pc);
  return true;
}

const vtc_pass_def vtc_graph_decompose_attention_pass = {
    .name = "graph-decompose-attention",
    .summary = "Rewrite graph.attention into transpose, matmul, scale, causal mask, softmax and matmul "
               "(with the GQA head repeat of VTC Fig. 2)",
    .run = run,
};
