/* Canonicalization of the graph dialect (the folders and patterns its op
 * table in dialect.c points at, as MLIR's getCanonicalizationPatterns live
 * with the ops; the canonicalize pass is generic): identity ops, reshapes and
 * transposes removed, transpose(transpose) and reshape(reshape) composed,
 * and constant folding of element-wise ops on small constants (fewer than
 * GRAPH_FOLD_LIMIT elements) through the reference kernels, so a folded
 * constant is bit-identical to what the interpreter computes. */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph_impl.h"

/* Larger constants are left alone: folding them would bloat the IR. */
#define GRAPH_FOLD_LIMIT 1024

/* ---- constant folding ----------------------------------------------------- */

/* A dense attribute as a tensor (same storage format for every dtype). */
static bool tensor_from_dense(const vtc_attr *a, vtc_tensor *t) {
  vtc_dtype d;
  vtc_shape s;
  if (!a || a->kind != VTC_ATTR_DENSE || !vtc_graph_dtype_of(a->type->element, &d) || !vtc_graph_shape_of(a->type, &s) ||
      !vtc_dense_data(a))
    return false;
  if (vtc_tensor_create_shape(t, d, &s, NULL, 0)) return false;
  size_t size = vtc_dtype_size(d);
  int64_t n = vtc_tensor_numel(t);
  const char *raw = vtc_dense_data(a);
  for (int64_t i = 0; i < n; i++) memcpy(vtc_tensor_elem(t, i), raw + (a->splat ? 0 : (size_t)i * size), size);
  return true;
}

static const vtc_attr *dense_from_tensor(vtc_context *ctx, const vtc_type *type, const vtc_tensor *t) {
  return vtc_attr_dense(ctx, type, false, t->data, vtc_tensor_nbytes(t));
}

bool graph_fold_elementwise(vtc_op *op, const vtc_attr *const *operands, vtc_fold_result *results) {
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  vtc_dtype rd;
  if (!vtc_type_is_tensor(rt) || !vtc_tensor_has_static_shape(rt) || vtc_tensor_num_elements(rt) >= GRAPH_FOLD_LIMIT ||
      !vtc_graph_dtype_of(rt->element, &rd))
    return false;
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!operands[i] || operands[i]->kind != VTC_ATTR_DENSE || vtc_dense_num_elements(operands[i]) >= GRAPH_FOLD_LIMIT)
      return false;
  vtc_tensor in[3] = {{0}}, out = {0};
  bool ok = op->num_operands <= 3;
  for (unsigned i = 0; ok && i < op->num_operands; i++) ok = tensor_from_dense(operands[i], &in[i]);
  const char *name = op->name->name + strlen("graph.");
  vtc_unary_op u;
  vtc_binary_op b;
  if (ok) {
    if (op->num_operands == 1 && strcmp(name, "cast") == 0)
      ok = vtc_kernel_cast(&in[0], rd, &out, NULL, 0) == 0;
    else if (op->num_operands == 1 && vtc_unary_op_from_name(name, &u) == 0) {
      vtc_unary_params p;
      ok = graph_unary_params(op, u, &p) && vtc_kernel_unary_p(u, &p, &in[0], &out, NULL, 0) == 0;
    }
    else if (op->num_operands == 2 && vtc_binary_op_from_name(name, &b) == 0)
      ok = vtc_kernel_binary(b, &in[0], &in[1], &out, NULL, 0) == 0;
    else if (op->num_operands == 3 && strcmp(name, "where") == 0)
      ok = vtc_kernel_where(&in[0], &in[1], &in[2], &out, NULL, 0) == 0;
    else
      ok = false;
  }
  /* The kernel's result must be exactly the declared type. */
  if (ok) {
    ok = out.dtype == rd && out.rank == (int)rt->rank;
    for (unsigned i = 0; ok && i < rt->rank; i++) ok = out.dims[i] == vtc_tensor_dim(rt, i);
  }
  if (ok) results[0].attr = dense_from_tensor(vtc_op_context(op), rt, &out);
  for (unsigned i = 0; i < 3; i++) vtc_tensor_free(&in[i]);
  vtc_tensor_free(&out);
  return ok;
}

vtc_op *graph_materialize_constant(vtc_builder *b, const vtc_attr *value, const vtc_type *type, const vtc_loc *loc) {
  if (!value || value->kind != VTC_ATTR_DENSE || value->type != type) return NULL;
  vtc_named_attr attr = {vtc_str(b->ctx, VTC_GRAPH_ATTR_VALUE), value};
  return vtc_builder_create(b, "graph.constant", loc, 0, NULL, type, 1, &attr);
}

/* ---- identity-like ops ----------------------------------------------------- */

/* An op whose only result has its operand's exact type and value. */
static bool replace_with_input(vtc_rewriter *rw, vtc_op *op) {
  vtc_value *in = vtc_op_operand(op, 0);
  if (in->type != vtc_op_result(op, 0)->type) return false;
  vtc_rewriter_replace_op(rw, op, &in);
  return true;
}

static bool remove_identity(vtc_rewriter *rw, vtc_op *op) { return replace_with_input(rw, op); }

/* ---- transpose ------------------------------------------------------------- */

static bool perm_is_identity(const int64_t *perm, int rank) {
  for (int i = 0; i < rank; i++)
    if (perm[i] != i) return false;
  return true;
}

static bool read_perm(vtc_op *op, int64_t *perm, int *rank) {
  const vtc_type *t = vtc_op_operand(op, 0)->type;
  if (!vtc_type_is_tensor(t) || t->rank > VTC_MAX_RANK) return false;
  *rank = (int)t->rank;
  /* Reading must not report: a malformed op is the verifier's business. */
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GRAPH_ATTR_PERM);
  int n;
  if (!a) {
    for (int i = 0; i < *rank; i++) perm[i] = *rank - 1 - i;
    return true;
  }
  return vtc_graph_int_array(a, perm, GRAPH_MAX_ARRAY, &n) && n == *rank;
}

static bool remove_identity_transpose(vtc_rewriter *rw, vtc_op *op) {
  int64_t perm[GRAPH_MAX_ARRAY];
  int rank;
  if (!read_perm(op, perm, &rank) || !perm_is_identity(perm, rank)) return false;
  return replace_with_input(rw, op);
}

/* transpose(transpose(x, p), q) = transpose(x, r) with r[i] = p[q[i]]: output
 * dim i of the outer reads dim q[i] of the inner, which reads p[q[i]] of x. */
static bool compose_transposes(vtc_rewriter *rw, vtc_op *op) {
  vtc_op *inner = vtc_op_operand(op, 0)->def_op;
  if (!inner || !vtc_op_is_named(inner, "graph.transpose")) return false;
  int64_t p[GRAPH_MAX_ARRAY], q[GRAPH_MAX_ARRAY], r[VTC_MAX_RANK];
  int rp, rq;
  if (!read_perm(inner, p, &rp) || !read_perm(op, q, &rq) || rp != rq) return false;
  for (int i = 0; i < rq; i++) {
    if (q[i] < 0 || q[i] >= rq || p[q[i]] < 0 || p[q[i]] >= rp) return false;
    r[i] = p[q[i]];
  }
  vtc_context *ctx = vtc_rewriter_context(rw);
  vtc_value *x = vtc_op_operand(inner, 0);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  if (perm_is_identity(r, rq) && x->type == rt) {
    vtc_rewriter_replace_op(rw, op, &x);
    return true;
  }
  vtc_rewriter_set_before(rw, op);
  vtc_named_attr attr = {vtc_str(ctx, VTC_GRAPH_ATTR_PERM), vtc_attr_i64_array(ctx, (unsigned)rq, r)};
  vtc_op *t = vtc_builder_create(vtc_rewriter_builder(rw), "graph.transpose", op->loc, 1, &x, rt, 1, &attr);
  vtc_value *v = vtc_op_result(t, 0);
  vtc_rewriter_replace_op(rw, op, &v);
  return true;
}

/* ---- reshape ------------------------------------------------------------------- */

static bool remove_identity_reshape(vtc_rewriter *rw, vtc_op *op) {
  const vtc_type *t = vtc_op_result(op, 0)->type;
  if (!vtc_type_is_tensor(t) || !vtc_tensor_has_static_shape(t)) return false;
  return replace_with_input(rw, op);
}

/* reshape(reshape(x)) = reshape(x) with the outer target. The outer shape
 * attribute's 0 entries refer to the inner result's dims, so a static outer
 * result type is used as the target; otherwise the outer attribute is kept
 * when it has no 0 entry (or allowzero is set). Also applies to a flatten
 * inner op. */
static bool compose_reshapes(vtc_rewriter *rw, vtc_op *op) {
  vtc_op *inner = vtc_op_operand(op, 0)->def_op;
  if (!inner || (!vtc_op_is_named(inner, "graph.reshape") && !vtc_op_is_named(inner, "graph.flatten"))) return false;
  vtc_context *ctx = vtc_rewriter_context(rw);
  const vtc_type *rt = vtc_op_result(op, 0)->type;
  const vtc_attr *shape = NULL;
  if (vtc_type_is_tensor(rt) && vtc_tensor_has_static_shape(rt)) {
    int64_t dims[VTC_MAX_RANK];
    if (rt->rank > VTC_MAX_RANK) return false;
    for (unsigned i = 0; i < rt->rank; i++) dims[i] = vtc_tensor_dim(rt, i);
    shape = vtc_attr_i64_array(ctx, rt->rank, dims);
  } else {
    const vtc_attr *a = vtc_op_get_attr(op, VTC_GRAPH_ATTR_SHAPE), *az = vtc_op_get_attr(op, VTC_GRAPH_ATTR_ALLOWZERO);
    int64_t v[GRAPH_MAX_ARRAY];
    int n;
    if (!vtc_graph_int_array(a, v, GRAPH_MAX_ARRAY, &n)) return false;
    bool allowzero = az && az->kind == VTC_ATTR_INTEGER && az->i;
    for (int i = 0; i < n && !allowzero; i++)
      if (v[i] == 0) return false;
    shape = a;
  }
  vtc_value *x = vtc_op_operand(inner, 0);
  vtc_rewriter_set_before(rw, op);
  vtc_named_attr attrs[2] = {{vtc_str(ctx, VTC_GRAPH_ATTR_SHAPE), shape}};
  unsigned nattrs = 1;
  const vtc_attr *az = vtc_op_get_attr(op, VTC_GRAPH_ATTR_ALLOWZERO);
  if (az && shape == vtc_op_get_attr(op, VTC_GRAPH_ATTR_SHAPE)) attrs[nattrs++] = (vtc_named_attr){vtc_str(ctx, VTC_GRAPH_ATTR_ALLOWZERO), az};
  vtc_op *r = vtc_builder_create(vtc_rewriter_builder(rw), "graph.reshape", op->loc, 1, &x, rt, nattrs, attrs);
  vtc_value *v = vtc_op_result(r, 0);
  vtc_rewriter_replace_op(rw, op, &v);
  return true;
}

/* ---- registration ----------------------------------------------------------------- */

static const vtc_pattern identity_patterns[] = {
    {"graph.identity", 1, remove_identity, "graph-remove-identity"},
};
static const vtc_pattern transpose_patterns[] = {
    {"graph.transpose", 2, remove_identity_transpose, "graph-remove-identity-transpose"},
    {"graph.transpose", 1, compose_transposes, "graph-compose-transposes"},
};
static const vtc_pattern reshape_patterns[] = {
    {"graph.reshape", 2, remove_identity_reshape, "graph-remove-identity-reshape"},
    {"graph.reshape", 1, compose_reshapes, "graph-compose-reshapes"},
};

static void add_all(vtc_pattern_set *set, const vtc_pattern *p, size_t n) {
  for (size_t i = 0; i < n; i++) vtc_pattern_set_add(set, &p[i]);
}

void graph_patterns_identity(vtc_context *ctx, vtc_pattern_set *set) {
  add_all(set, identity_patterns, sizeof identity_patterns / sizeof identity_patterns[0]);
}
void graph_patterns_transpose(vtc_context *ctx, vtc_pattern_set *set) {
  add_all(set, transpose_patterns, sizeof transpose_patterns / sizeof transpose_patterns[0]);
}
void graph_patterns_reshape(vtc_context *ctx, vtc_pattern_set *set) {
  add_all(set, reshape_patterns, sizeof reshape_patterns / sizeof reshape_patterns[0]);
}
