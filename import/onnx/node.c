/* What every converter uses: the current node's inputs, outputs and
 * attributes, constants (reading them, and materialising tensors as
 * graph.constant ops: inline or as resource blobs), and oi_op, which builds a
 * graph op with inferred result types and folds it at import when all its
 * operands are constants: the graph reference interpreter's hook of the op
 * computes the value, so folding has exactly the graph op's semantics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/interpreter.h"
#include "import/onnx/onnx_impl.h"
#include "ir/resources.h"
#include "ir/support.h"

/* ---- inputs and outputs ---------------------------------------------------------- */

unsigned oi_num_inputs(oi_importer *I) { return (unsigned)I->node->n_input; }

bool oi_has_input(oi_importer *I, unsigned k) { return k < I->node->n_input && *I->node->input[k]; }

vtc_value *oi_in(oi_importer *I, unsigned k) {
  if (!oi_has_input(I, k)) return NULL;
  return vtc_ptrmap_get(&I->values, vtc_str(I->ctx, I->node->input[k]));
}

vtc_value *oi_in_req(oi_importer *I, unsigned k, const char *what) {
  vtc_value *v = oi_in(I, k);
  if (!v) oi_error(I, "the %s (input #%u) is missing", what, k);
  return v;
}

unsigned oi_num_outputs(oi_importer *I) { return (unsigned)I->node->n_output; }

bool oi_has_output(oi_importer *I, unsigned k) { return k < I->node->n_output && *I->node->output[k]; }

void oi_set_out(oi_importer *I, unsigned k, vtc_value *v) {
  if (!oi_has_output(I, k) || !v) return;
  const char *key = vtc_str(I->ctx, I->node->output[k]);
  if (vtc_ptrmap_contains(&I->values, key)) {
    oi_error(I, "value '%s' is defined twice", I->node->output[k]);
    return;
  }
  vtc_ptrmap_put(&I->values, key, v);
}

bool oi_only_outputs(oi_importer *I, unsigned n) {
  for (unsigned k = n; k < oi_num_outputs(I); k++)
    if (oi_has_output(I, k)) return oi_unsupported(I, "output #%u ('%s') is not supported", k, I->node->output[k]);
  return true;
}

/* ---- attributes ---------------------------------------------------------------------- */

const Onnx__AttributeProto *oi_attr(oi_importer *I, const char *name) {
  for (size_t i = 0; i < I->node->n_attribute; i++)
    if (I->node->attribute[i]->name && strcmp(I->node->attribute[i]->name, name) == 0) return I->node->attribute[i];
  return NULL;
}

/* The attribute's kind: the `type` field, or (IR < 2) the field that is set. */
static Onnx__AttributeProto__AttributeType attr_type(const Onnx__AttributeProto *a) {
  if (a->has_type) return a->type;
  if (a->has_f) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT;
  if (a->has_i) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
  if (a->has_s) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
  if (a->t) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR;
  if (a->n_floats) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS;
  if (a->n_ints) return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
  return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__UNDEFINED;
}

static bool wrong_kind(oi_importer *I, const Onnx__AttributeProto *a, const char *want) {
  return oi_error(I, "attribute '%s' must be %s", a->name, want);
}

bool oi_attr_int(oi_importer *I, const char *name, int64_t dflt, int64_t *out) {
  const Onnx__AttributeProto *a = oi_attr(I, name);
  *out = dflt;
  if (!a) return true;
  if (attr_type(a) != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT) return wrong_kind(I, a, "an integer");
  *out = a->i;
  return true;
}

bool oi_attr_float(oi_importer *I, const char *name, double dflt, double *out) {
  const Onnx__AttributeProto *a = oi_attr(I, name);
  *out = dflt;
  if (!a) return true;
  if (attr_type(a) == ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT) *out = (double)a->i;
  else if (attr_type(a) == ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT) *out = a->f;
  else return wrong_kind(I, a, "a float");
  return true;
}

bool oi_attr_string(oi_importer *I, const char *name, const char *dflt, const char **out) {
  const Onnx__AttributeProto *a = oi_attr(I, name);
  *out = dflt;
  if (!a) return true;
  if (attr_type(a) != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING) return wrong_kind(I, a, "a string");
  *out = vtc_strn(I->ctx, (const char *)a->s.data, a->s.len);
  return true;
}

bool oi_attr_ints(oi_importer *I, const char *name, int64_t *vals, int max, int *n, bool *present) {
  const Onnx__AttributeProto *a = oi_attr(I, name);
  *n = 0;
  if (present) *present = a != NULL;
  if (!a) return true;
  if (attr_type(a) != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS && !(a->has_type && a->n_ints == 0 && !a->has_i))
    return wrong_kind(I, a, "a list of integers");
  if (a->n_ints > (size_t)max) return oi_unsupported(I, "attribute '%s' has %zu entries, more than %d", name, a->n_ints, max);
  for (size_t i = 0; i < a->n_ints; i++) vals[i] = a->ints[i];
  *n = (int)a->n_ints;
  return true;
}

bool oi_attr_floats(oi_importer *I, const char *name, double *vals, int max, int *n, bool *present) {
  const Onnx__AttributeProto *a = oi_attr(I, name);
  *n = 0;
  if (present) *present = a != NULL;
  if (!a) return true;
  if (attr_type(a) != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS) return wrong_kind(I, a, "a list of floats");
  if (a->n_floats > (size_t)max) return oi_unsupported(I, "attribute '%s' has too many entries", name);
  for (size_t i = 0; i < a->n_floats; i++) vals[i] = a->floats[i];
  *n = (int)a->n_floats;
  return true;
}

bool oi_attr_default_int(oi_importer *I, const char *name, int64_t dflt) {
  int64_t v;
  if (!oi_attr_int(I, name, dflt, &v)) return false;
  if (v != dflt) return oi_unsupported(I, "attribute %s = %lld is not supported", name, (long long)v);
  return true;
}

/* ---- constants -------------------------------------------------------------------------- */

bool oi_const_tensor(vtc_value *v, vtc_tensor *t, bool *owned) {
  memset(t, 0, sizeof *t);
  *owned = false;
  if (!v || !v->def_op || !vtc_op_is_named(v->def_op, "graph.constant")) return false;
  const vtc_attr *a = vtc_op_get_attr(v->def_op, VTC_GRAPH_ATTR_VALUE);
  vtc_dtype d;
  vtc_shape s;
  const char *raw = a && a->kind == VTC_ATTR_DENSE ? vtc_dense_data(a) : NULL;
  if (!raw || !vtc_graph_dtype_of(a->type->element, &d) || !vtc_graph_shape_of(a->type, &s)) return false;
  if (!a->splat) {
    t->dtype = d;
    t->rank = s.rank;
    memcpy(t->dims, s.dims, sizeof s.dims);
    t->data = (void *)raw;
    return true;
  }
  if (vtc_tensor_create_shape(t, d, &s, NULL, 0)) return false;
  size_t es = vtc_dtype_size(d);
  for (int64_t i = 0, n = vtc_tensor_numel(t); i < n; i++) memcpy((char *)t->data + i * (int64_t)es, raw, es);
  *owned = true;
  return true;
}

/* The known value of a graph input (options.input_values), as a new
 * constant; NULL when v is not one or its value is unknown. */
static vtc_value *bound_input(oi_importer *I, vtc_value *v) {
  if (v->def_op || v->block != I->body || v->index >= I->opts.num_input_values) return NULL;
  const vtc_tensor *known = I->opts.input_values[v->index];
  if (!known || !oi_tensor_fits(v->type, known)) return NULL;
  vtc_tensor copy;
  if (vtc_tensor_clone(known, &copy, NULL, 0)) return NULL;
  return oi_constant(I, &copy, true, "onnx_input");
}

bool oi_const_input(oi_importer *I, unsigned k, const char *what, vtc_tensor *t, bool *owned) {
  vtc_value *v = oi_in_req(I, k, what);
  if (!v) return false;
  if (oi_const_tensor(v, t, owned)) return true;
  vtc_value *bound = bound_input(I, v);
  if (bound && oi_const_tensor(bound, t, owned)) return true;
  return oi_unsupported(I, "the %s (input #%u) must be a constant: dynamic %ss are not supported", what, k, what);
}

bool oi_const_ints(oi_importer *I, unsigned k, const char *what, int64_t *vals, int max, int *n) {
  vtc_tensor t;
  bool owned;
  if (!oi_const_input(I, k, what, &t, &owned)) return false;
  bool ok = true;
  int64_t count = vtc_tensor_numel(&t);
  if (t.dtype != VTC_I64 && t.dtype != VTC_I32)
    ok = oi_error(I, "the %s (input #%u) must hold integers, but holds %s", what, k, vtc_dtype_name(t.dtype));
  else if (count > max)
    ok = oi_unsupported(I, "the %s (input #%u) has %lld entries, more than %d", what, k, (long long)count, max);
  for (int64_t i = 0; ok && i < count; i++) vals[i] = vtc_tensor_get_i64(&t, i);
  *n = ok ? (int)count : 0;
  if (owned) vtc_tensor_free(&t);
  return ok;
}

bool oi_const_scalar(oi_importer *I, unsigned k, const char *what, double *value) {
  vtc_tensor t;
  bool owned;
  if (!oi_const_input(I, k, what, &t, &owned)) return false;
  bool ok = vtc_tensor_numel(&t) == 1 || oi_error(I, "the %s (input #%u) must hold one value", what, k);
  if (ok) *value = vtc_tensor_get_f64(&t, 0);
  if (owned) vtc_tensor_free(&t);
  return ok;
}

static const vtc_type *element_of(vtc_context *ctx, vtc_dtype d) {
  switch (d) {
  case VTC_F32: return vtc_type_f32(ctx);
  case VTC_F16: return vtc_type_f16(ctx);
  case VTC_BF16: return vtc_type_bf16(ctx);
  case VTC_F64: return vtc_type_f64(ctx);
  case VTC_I32: return vtc_type_integer(ctx, 32);
  case VTC_I64: return vtc_type_integer(ctx, 64);
  default: return vtc_type_integer(ctx, 1);
  }
}

static void free_blob(void *data, void *user) {
  (void)user;
  free(data);
}

/* Whether every element equals the first (a splat prints as one value). */
static bool is_splat(const vtc_tensor *t) {
  size_t es = vtc_dtype_size(t->dtype);
  int64_t n = vtc_tensor_numel(t);
  for (int64_t i = 1; i < n; i++)
    if (memcmp((const char *)t->data + i * (int64_t)es, t->data, es)) return false;
  return n > 1;
}

vtc_value *oi_constant(oi_importer *I, vtc_tensor *t, bool steal, const char *name_hint) {
  vtc_shape s = vtc_tensor_shape(t);
  const vtc_type *type = vtc_graph_tensor_type(I->ctx, &s, element_of(I->ctx, t->dtype));
  int64_t n = vtc_tensor_numel(t);
  size_t bytes = vtc_tensor_nbytes(t);
  const vtc_attr *value;
  if (n <= I->opts.inline_limit || is_splat(t)) {
    value = vtc_attr_dense(I->ctx, type, n > 1 && is_splat(t), t->data, n > 1 && is_splat(t) ? vtc_dtype_size(t->dtype) : bytes);
    if (steal) vtc_tensor_free(t);
  } else {
    char name[256];
    snprintf(name, sizeof name, "%s", name_hint && *name_hint ? name_hint : "onnx_constant");
    vtc_resource *r = vtc_resource_create(I->ctx, name);
    uint32_t align = (uint32_t)vtc_dtype_size(t->dtype);
    if (steal) {
      vtc_resource_set(r, t->data, bytes, align, free_blob, NULL);
      t->data = NULL;
      vtc_tensor_free(t);
    } else {
      vtc_resource_set_copy(r, t->data, bytes, align);
    }
    value = vtc_attr_dense_resource(I->ctx, type, r);
  }
  vtc_named_attr attr = {vtc_str(I->ctx, VTC_GRAPH_ATTR_VALUE), value};
  vtc_op *op = vtc_builder_create(&I->b, "graph.constant", I->loc ? I->loc : I->file_loc, 0, NULL, type, 1, &attr);
  return vtc_op_result(op, 0);
}

vtc_value *oi_splat(oi_importer *I, const vtc_type *el, const vtc_shape *shape, double v) {
  vtc_shape s = shape ? *shape : (vtc_shape){.rank = 0};
  const vtc_type *type = vtc_graph_tensor_type(I->ctx, &s, el);
  unsigned char raw[8];
  vtc_dense_store(el, raw, v, vtc_f64_to_i64(v));
  bool splat = vtc_tensor_num_elements(type) != 1;
  const vtc_attr *value = vtc_attr_dense(I->ctx, type, splat, raw, vtc_dense_element_size(el));
  vtc_named_attr attr = {vtc_str(I->ctx, VTC_GRAPH_ATTR_VALUE), value};
  vtc_op *op = vtc_builder_create(&I->b, "graph.constant", I->loc ? I->loc : I->file_loc, 0, NULL, type, 1, &attr);
  return vtc_op_result(op, 0);
}

vtc_value *oi_i64s(oi_importer *I, const int64_t *vals, int n) {
  vtc_tensor t;
  int64_t dims[1] = {n};
  if (vtc_tensor_create(&t, VTC_I64, 1, dims, NULL, 0)) return NULL;
  if (n) memcpy(t.data, vals, (size_t)n * sizeof *vals);
  return oi_constant(I, &t, true, "onnx_constant");
}

bool oi_tensor_fits(const vtc_type *type, const vtc_tensor *t) {
  char err[8];
  return vtc_graph_check_tensor(type, t, err, sizeof err) == 0;
}

/* ---- building ops ------------------------------------------------------------------------ */

vtc_named_attr oi_named(oi_importer *I, const char *name, const vtc_attr *value) {
  return (vtc_named_attr){vtc_str(I->ctx, name), value};
}
vtc_named_attr oi_named_int(oi_importer *I, const char *name, int64_t v) {
  return oi_named(I, name, vtc_attr_i64(I->ctx, v));
}
vtc_named_attr oi_named_ints(oi_importer *I, const char *name, const int64_t *v, int n) {
  return oi_named(I, name, vtc_attr_i64_array(I->ctx, (unsigned)n, v));
}
vtc_named_attr oi_named_float(oi_importer *I, const char *name, double v) {
  return oi_named(I, name, vtc_attr_float(I->ctx, vtc_type_f64(I->ctx), v));
}
vtc_named_attr oi_named_bool(oi_importer *I, const char *name, bool v) {
  return oi_named(I, name, vtc_attr_bool(I->ctx, v));
}
vtc_named_attr oi_named_string(oi_importer *I, const char *name, const char *v) {
  return oi_named(I, name, vtc_attr_cstring(I->ctx, v));
}

vtc_shape oi_shape(vtc_value *v) {
  vtc_shape s = {0};
  vtc_graph_shape_of(v->type, &s);
  return s;
}

bool oi_static(vtc_value *v) { return vtc_tensor_has_static_shape(v->type); }

bool oi_axis(oi_importer *I, int64_t axis, int rank, int *out) {
  if (axis < -rank || axis >= rank)
    return oi_error(I, "axis %lld is out of range for rank %d", (long long)axis, rank);
  *out = (int)(axis < 0 ? axis + rank : axis);
  return true;
}

/* Runs op's interpreter hook on its constant operands; on success the
 * results become graph.constants and op is erased. False (op kept) when an
 * operand is not a constant or a result would be large. */
static bool try_fold(oi_importer *I, vtc_op *op, vtc_value **results) {
  for (unsigned r = 0; r < op->num_results; r++) {
    int64_t n = vtc_tensor_num_elements(vtc_op_result(op, r)->type);
    if (n < 0 || n > I->opts.fold_limit) return false;
  }
  const vtc_graph_interpret_iface *iface = vtc_op_interface(op, VTC_IFACE_INTERPRET);
  if (!iface || !iface->run) return false;
  unsigned nops = op->num_operands, nres = op->num_results; /* op may be erased below */
  vtc_tensor *ins = vtc_xcalloc(nops + 1, sizeof *ins);
  bool *owned = vtc_xcalloc(nops + 1, sizeof *owned);
  const vtc_tensor **ptrs = vtc_xcalloc(nops + 1, sizeof *ptrs);
  bool ok = true;
  for (unsigned i = 0; ok && i < nops; i++) {
    ok = oi_const_tensor(vtc_op_operand(op, i), &ins[i], &owned[i]);
    ptrs[i] = &ins[i];
  }
  vtc_tensor *outs = ok ? vtc_xcalloc(op->num_results, sizeof *outs) : NULL;
  char err[512] = "";
  if (ok && iface->run(op, ptrs, outs, err, sizeof err) != 0) {
    /* The same error would stop every run of the model: report it here. */
    if (err[0]) vtc_error(I->ctx, op->loc, "'%s' op %s", op->name->name, err);
    ok = false;
    results[0] = NULL;
    for (unsigned i = 0; i < nops; i++)
      if (owned[i]) vtc_tensor_free(&ins[i]);
    free(ins);
    free(owned);
    free(ptrs);
    free(outs);
    return true; /* folded into an error: results[0] NULL */
  }
  if (ok) {
    vtc_builder saved = I->b;
    I->b = vtc_builder_before(op);
    for (unsigned r = 0; r < op->num_results; r++) {
      char hint[256];
      unsigned k = r < oi_num_outputs(I) ? r : 0;
      snprintf(hint, sizeof hint, "%s", I->node && k < I->node->n_output ? I->node->output[k] : "onnx_constant");
      results[r] = oi_constant(I, &outs[r], true, hint);
      vtc_value_replace_all_uses(vtc_op_result(op, r), results[r]);
    }
    I->b = saved;
    vtc_op_erase(op);
  }
  for (unsigned i = 0; i < nops; i++)
    if (owned[i]) vtc_tensor_free(&ins[i]);
  if (outs)
    for (unsigned r = 0; r < nres; r++) vtc_tensor_free(&outs[r]);
  free(ins);
  free(owned);
  free(ptrs);
  free(outs);
  return ok;
}

bool oi_op_n(oi_importer *I, const char *name, unsigned nops, vtc_value *const *ops, unsigned nattrs,
             const vtc_named_attr *attrs, unsigned nres, vtc_value **results) {
  char full[128];
  snprintf(full, sizeof full, "graph.%s", name);
  /* A missing operand comes from a step that failed (and said why). */
  for (unsigned i = 0; i < nops; i++)
    if (!ops[i]) return false;
  const vtc_type **types = vtc_xcalloc(nres + 1, sizeof *types);
  const vtc_type *none = vtc_type_none(I->ctx);
  for (unsigned r = 0; r < nres; r++) types[r] = none;
  vtc_op_state st = {.name = vtc_op_name_get(I->ctx, full), .loc = I->loc ? I->loc : I->file_loc,
                     .num_operands = nops, .operands = ops, .num_results = nres, .result_types = types,
                     .num_attrs = nattrs, .attrs = attrs};
  vtc_op *op = vtc_op_create(&st);
  vtc_block_push_op(I->body, op);
  /* Inference reports a bad operand (a shape the model got wrong) at the op. */
  bool ok = vtc_graph_infer_result_types(op, types);
  if (ok) {
    for (unsigned r = 0; r < nres; r++) vtc_op_result(op, r)->type = types[r];
    ok = vtc_verify(op);
  }
  free(types);
  if (!ok) {
    vtc_op_erase(op);
    return false;
  }
  if (try_fold(I, op, results)) return results[0] != NULL;
  for (unsigned r = 0; r < nres; r++) results[r] = vtc_op_result(op, r);
  return true;
}

vtc_value *oi_op(oi_importer *I, const char *name, unsigned nops, vtc_value *const *ops, unsigned nattrs,
                 const vtc_named_attr *attrs) {
  vtc_value *r = NULL;
  return oi_op_n(I, name, nops, ops, nattrs, attrs, 1, &r) ? r : NULL;
}

vtc_value *oi_op1(oi_importer *I, const char *name, vtc_value *a) { return oi_op(I, name, 1, &a, 0, NULL); }

vtc_value *oi_op2(oi_importer *I, const char *name, vtc_value *a, vtc_value *b) {
  vtc_value *ops[2] = {a, b};
  return oi_op(I, name, 2, ops, 0, NULL);
}

vtc_value *oi_cast(oi_importer *I, vtc_value *v, const vtc_type *el) {
  if (!v || oi_elem(v) == el) return v;
  vtc_named_attr to = oi_named(I, VTC_GRAPH_ATTR_TO, vtc_attr_type(I->ctx, el));
  return oi_op(I, "cast", 1, &v, 1, &to);
}
