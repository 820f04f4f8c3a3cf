/* The te dialect's op table (te.compute, te.load, te.yield, te.dim): the
 * accessors and builders of te.h, the verifiers, and the custom assembly
 * forms of dialects/te/README.md. The in-bounds proof is verify_bounds.c. */
#include "dialects/te/te_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/asm.h"
#include "ir/assert_op.h"
#include "ir/diagnostics.h"
/* Custom forms spell affine maps bare (`shape ()[s0] -> (s0, 16)`); there is
 * no public helper for that, so the map's tokens are delimited here with the
 * parser's private token stream and handed to vtc_affine_map_parse. */
#include "ir/parser_impl.h"

/* ---- combiners ------------------------------------------------------------ */

static const char *const combiner_names[] = {"none", "sum", "max", "min", "prod"};

const char *vtc_te_combiner_name(vtc_te_combiner c) {
  return (unsigned)c < sizeof combiner_names / sizeof combiner_names[0] ? combiner_names[c] : "none";
}

bool vtc_te_combiner_from_name(const char *name, vtc_te_combiner *out) {
  for (unsigned i = VTC_TE_COMBINER_SUM; i <= VTC_TE_COMBINER_PROD; i++)
    if (name && strcmp(name, combiner_names[i]) == 0) {
      *out = (vtc_te_combiner)i;
      return true;
    }
  return false;
}

double vtc_te_combine(vtc_te_combiner c, double acc, double value) {
  switch (c) {
  case VTC_TE_COMBINER_SUM: return acc + value;
  case VTC_TE_COMBINER_PROD: return acc * value;
  /* NaN propagates, as graph's reduce_max/min and arith.maximumf do. */
  case VTC_TE_COMBINER_MAX: return isnan(acc) || isnan(value) ? NAN : (value > acc ? value : acc);
  case VTC_TE_COMBINER_MIN: return isnan(acc) || isnan(value) ? NAN : (value < acc ? value : acc);
  default: return value;
  }
}

/* ---- kinds and accessors ---------------------------------------------------- */

bool vtc_te_is_compute(const vtc_op *op) { return op && strcmp(op->name->name, "te.compute") == 0; }
bool vtc_te_is_load(const vtc_op *op) { return op && strcmp(op->name->name, "te.load") == 0; }
bool vtc_te_is_yield(const vtc_op *op) { return op && strcmp(op->name->name, "te.yield") == 0; }
bool vtc_te_is_dim(const vtc_op *op) { return op && strcmp(op->name->name, "te.dim") == 0; }
bool vtc_te_is_assert(const vtc_op *op) { return op && strcmp(op->name->name, "te.assert") == 0; }
bool vtc_te_is_subprogram(const vtc_op *op) { return op && strcmp(op->name->name, "te.subprogram") == 0; }
bool vtc_te_is_return(const vtc_op *op) { return op && strcmp(op->name->name, "te.return") == 0; }

vtc_block *vtc_te_subprogram_body(const vtc_op *op) { return op->num_regions ? op->regions[0].first : NULL; }
vtc_op *vtc_te_subprogram_return(const vtc_op *op) {
  vtc_block *b = vtc_te_subprogram_body(op);
  vtc_op *t = b ? vtc_block_terminator(b) : NULL;
  return vtc_te_is_return(t) ? t : NULL;
}

unsigned vtc_te_compute_num_inputs(const vtc_op *op) {
  int64_t n = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_INPUTS, 0);
  if (n < 0) return 0;
  return n > (int64_t)op->num_operands ? op->num_operands : (unsigned)n;
}
vtc_value *vtc_te_compute_input(const vtc_op *op, unsigned i) { return vtc_op_operand(op, i); }
unsigned vtc_te_compute_num_dests(const vtc_op *op) {
  int64_t n = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_DESTS, 0);
  unsigned rest = op->num_operands - vtc_te_compute_num_inputs(op);
  if (n < 0) return 0;
  return n > (int64_t)rest ? rest : (unsigned)n;
}
vtc_value *vtc_te_compute_dest(const vtc_op *op, unsigned i) {
  return vtc_op_operand(op, op->num_operands - vtc_te_compute_num_dests(op) + i);
}
static const vtc_affine_map *array_map(const vtc_op *op, const char *name, unsigned i) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a || a->kind != VTC_ATTR_ARRAY || i >= a->count) return NULL;
  const vtc_attr *e = a->elems[i].value;
  return e && e->kind == VTC_ATTR_AFFINE_MAP ? e->map : NULL;
}
const vtc_affine_map *vtc_te_compute_store_map(const vtc_op *op, unsigned i) {
  return array_map(op, VTC_TE_ATTR_STORE_MAPS, i);
}
const vtc_affine_map *vtc_te_compute_box(const vtc_op *op, unsigned i) { return array_map(op, VTC_TE_ATTR_BOXES, i); }
unsigned vtc_te_compute_num_store_indices(const vtc_op *op) {
  vtc_op *y = vtc_te_compute_yield(op);
  return y && y->num_operands > 1 ? y->num_operands - 1 : 0;
}
unsigned vtc_te_compute_num_symbols(const vtc_op *op) {
  return op->num_operands - vtc_te_compute_num_inputs(op) - vtc_te_compute_num_dests(op);
}
vtc_value *vtc_te_compute_symbol(const vtc_op *op, unsigned i) {
  return vtc_op_operand(op, vtc_te_compute_num_inputs(op) + i);
}
int vtc_te_compute_input_index(const vtc_op *op, const vtc_value *v) {
  unsigned n = vtc_te_compute_num_inputs(op);
  for (unsigned i = 0; i < n; i++)
    if (vtc_op_operand(op, i) == v) return (int)i;
  return -1;
}

static const vtc_affine_map *map_attr(const vtc_op *op, const char *name) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  return a && a->kind == VTC_ATTR_AFFINE_MAP ? a->map : NULL;
}

const vtc_affine_map *vtc_te_compute_shape(const vtc_op *op) { return map_attr(op, VTC_TE_ATTR_SHAPE); }
const vtc_affine_map *vtc_te_compute_reduce(const vtc_op *op) { return map_attr(op, VTC_TE_ATTR_REDUCE); }
const vtc_type *vtc_te_compute_type(const vtc_op *op) { return op->num_results ? op->results[0].type : NULL; }
unsigned vtc_te_compute_rank(const vtc_op *op) {
  const vtc_affine_map *shape = vtc_te_compute_shape(op);
  if (shape) return shape->num_results;
  const vtc_type *t = vtc_te_compute_type(op);
  return t && t->kind == VTC_TYPE_TENSOR ? t->rank : 0;
}
unsigned vtc_te_compute_num_reduce(const vtc_op *op) {
  const vtc_affine_map *r = vtc_te_compute_reduce(op);
  return r ? r->num_results : 0;
}
vtc_te_combiner vtc_te_compute_combiner(const vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_TE_ATTR_COMBINER);
  vtc_te_combiner c = VTC_TE_COMBINER_NONE;
  if (a && a->kind == VTC_ATTR_STRING) vtc_te_combiner_from_name(a->str, &c);
  return c;
}
const vtc_attr *vtc_te_compute_init(const vtc_op *op) { return vtc_op_get_attr(op, VTC_TE_ATTR_INIT); }

vtc_block *vtc_te_compute_body(const vtc_op *op) { return op->num_regions ? op->regions[0].first : NULL; }
vtc_value *vtc_te_compute_index_arg(const vtc_op *op, unsigned i) { return vtc_te_compute_body(op)->args[i]; }
vtc_value *vtc_te_compute_reduce_arg(const vtc_op *op, unsigned i) {
  return vtc_te_compute_body(op)->args[vtc_te_compute_rank(op) + i];
}
vtc_op *vtc_te_compute_yield(const vtc_op *op) {
  vtc_block *b = vtc_te_compute_body(op);
  return b && b->last && vtc_te_is_yield(b->last) ? b->last : NULL;
}

vtc_value *vtc_te_load_input(const vtc_op *op) { return vtc_op_operand(op, 0); }
const vtc_affine_map *vtc_te_load_map(const vtc_op *op) { return map_attr(op, VTC_TE_ATTR_MAP); }
unsigned vtc_te_load_num_extra(const vtc_op *op) { return op->num_operands ? op->num_operands - 1 : 0; }
vtc_value *vtc_te_load_extra(const vtc_op *op, unsigned i) { return vtc_op_operand(op, 1 + i); }
const vtc_attr *vtc_te_load_padding(const vtc_op *op) { return vtc_op_get_attr(op, VTC_TE_ATTR_PADDING); }
vtc_op *vtc_te_load_compute(const vtc_op *op) {
  vtc_op *p = vtc_op_parent_op(op);
  return vtc_te_is_compute(p) ? p : NULL;
}

vtc_value *vtc_te_yield_value(const vtc_op *op) { return op->num_operands ? vtc_op_operand(op, 0) : NULL; }
vtc_value *vtc_te_dim_tensor(const vtc_op *op) { return vtc_op_operand(op, 0); }
unsigned vtc_te_dim_index(const vtc_op *op) {
  int64_t i = vtc_op_get_int_attr(op, VTC_TE_ATTR_INDEX, 0);
  return i < 0 ? 0 : (unsigned)i;
}

/* ---- builders ------------------------------------------------------------------ */

vtc_op *vtc_te_build_subprogram(vtc_builder *b, const vtc_loc *loc, unsigned num_operands,
                                vtc_value *const *operands, unsigned num_results, const vtc_type *const *result_types) {
  vtc_op_state st = {
      .name = vtc_op_name_get(b->ctx, "te.subprogram"),
      .loc = loc,
      .num_operands = num_operands,
      .operands = operands,
      .num_results = num_results,
      .result_types = result_types,
      .num_regions = 1,
  };
  vtc_op *op = vtc_builder_insert(b, &st);
  vtc_block *body = vtc_block_create();
  for (unsigned i = 0; i < num_operands; i++) vtc_block_add_arg(body, operands[i]->type);
  vtc_region_push_block(vtc_op_region(op, 0), body);
  return op;
}

vtc_op *vtc_te_build_return(vtc_builder *b, const vtc_loc *loc, unsigned n, vtc_value *const *values) {
  return vtc_builder_create(b, "te.return", loc, n, values, NULL, 0, NULL);
}

vtc_op *vtc_te_build_compute(vtc_builder *b, const vtc_loc *loc, const vtc_type *result_type,
                             unsigned num_inputs, vtc_value *const *inputs, unsigned num_symbols,
                             vtc_value *const *symbols, const vtc_affine_map *shape,
                             const vtc_affine_map *reduce_or_null, vtc_te_combiner combiner,
                             const vtc_attr *init) {
  vtc_context *ctx = b->ctx;
  unsigned n = num_inputs + num_symbols;
  vtc_value **operands = vtc_xcalloc(n + 1, sizeof *operands);
  for (unsigned i = 0; i < num_inputs; i++) operands[i] = inputs[i];
  for (unsigned i = 0; i < num_symbols; i++) operands[num_inputs + i] = symbols[i];
  vtc_named_attr attrs[5];
  unsigned na = 0;
  attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_NUM_INPUTS), vtc_attr_i64(ctx, num_inputs)};
  attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_SHAPE), vtc_attr_affine_map(ctx, shape)};
  if (reduce_or_null) {
    attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_REDUCE), vtc_attr_affine_map(ctx, reduce_or_null)};
    attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_COMBINER),
                                   vtc_attr_cstring(ctx, vtc_te_combiner_name(combiner))};
    if (init) attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_INIT), init};
  }
  vtc_op_state st = {
      .name = vtc_op_name_get(ctx, "te.compute"),
      .loc = loc,
      .num_operands = n,
      .operands = operands,
      .num_results = 1,
      .result_types = &result_type,
      .num_attrs = na,
      .attrs = attrs,
      .num_regions = 1,
  };
  vtc_op *op = vtc_builder_insert(b, &st);
  free(operands);
  vtc_block *body = vtc_block_create();
  unsigned rank = result_type->kind == VTC_TYPE_TENSOR ? result_type->rank : 0;
  unsigned nargs = rank + (reduce_or_null ? reduce_or_null->num_results : 0);
  for (unsigned i = 0; i < nargs; i++) vtc_block_add_arg(body, vtc_type_index(ctx));
  vtc_region_push_block(vtc_op_region(op, 0), body);
  return op;
}

vtc_op *vtc_te_build_compute_into(vtc_builder *b, const vtc_loc *loc, unsigned num_inputs, vtc_value *const *inputs,
                                  unsigned num_symbols, vtc_value *const *symbols, const vtc_affine_map *shape,
                                  unsigned num_dests, vtc_value *const *dests,
                                  const vtc_affine_map *const *store_maps, const vtc_affine_map *const *boxes) {
  vtc_context *ctx = b->ctx;
  unsigned n = num_inputs + num_symbols + num_dests;
  vtc_value **operands = vtc_xcalloc(n + 1, sizeof *operands);
  const vtc_type **types = vtc_xcalloc(num_dests + 1, sizeof *types);
  const vtc_attr **maps = vtc_xcalloc(2 * num_dests + 1, sizeof *maps);
  memcpy(operands, inputs, num_inputs * sizeof *operands);
  if (num_symbols) memcpy(operands + num_inputs, symbols, num_symbols * sizeof *operands);
  for (unsigned k = 0; k < num_dests; k++) {
    operands[num_inputs + num_symbols + k] = dests[k];
    types[k] = dests[k]->type;
    maps[k] = vtc_attr_affine_map(ctx, store_maps[k]);
    maps[num_dests + k] = vtc_attr_affine_map(ctx, boxes[k]);
  }
  vtc_named_attr attrs[] = {
      {vtc_str(ctx, VTC_TE_ATTR_NUM_INPUTS), vtc_attr_i64(ctx, num_inputs)},
      {vtc_str(ctx, VTC_TE_ATTR_SHAPE), vtc_attr_affine_map(ctx, shape)},
      {vtc_str(ctx, VTC_TE_ATTR_NUM_DESTS), vtc_attr_i64(ctx, num_dests)},
      {vtc_str(ctx, VTC_TE_ATTR_STORE_MAPS), vtc_attr_array(ctx, num_dests, maps)},
      {vtc_str(ctx, VTC_TE_ATTR_BOXES), vtc_attr_array(ctx, num_dests, maps + num_dests)},
  };
  vtc_op_state st = {
      .name = vtc_op_name_get(ctx, "te.compute"),
      .loc = loc,
      .num_operands = n,
      .operands = operands,
      .num_results = num_dests,
      .result_types = types,
      .num_attrs = sizeof attrs / sizeof *attrs,
      .attrs = attrs,
      .num_regions = 1,
  };
  vtc_op *op = vtc_builder_insert(b, &st);
  free(operands);
  free(types);
  free(maps);
  vtc_block *body = vtc_block_create();
  for (unsigned i = 0; i < shape->num_results; i++) vtc_block_add_arg(body, vtc_type_index(ctx));
  vtc_region_push_block(vtc_op_region(op, 0), body);
  return op;
}

vtc_value *vtc_te_build_load(vtc_builder *b, const vtc_loc *loc, vtc_value *input, const vtc_affine_map *map,
                             unsigned num_extra, vtc_value *const *extra, const vtc_attr *padding_or_null) {
  vtc_context *ctx = b->ctx;
  vtc_value **operands = vtc_xcalloc(num_extra + 1, sizeof *operands);
  operands[0] = input;
  for (unsigned i = 0; i < num_extra; i++) operands[1 + i] = extra[i];
  vtc_named_attr attrs[2];
  unsigned na = 0;
  attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_MAP), vtc_attr_affine_map(ctx, map)};
  if (padding_or_null) attrs[na++] = (vtc_named_attr){vtc_str(ctx, VTC_TE_ATTR_PADDING), padding_or_null};
  vtc_op *op = vtc_builder_create(b, "te.load", loc, num_extra + 1, operands, vtc_type_element(input->type), na,
                                  attrs);
  free(operands);
  return vtc_op_result(op, 0);
}

vtc_op *vtc_te_build_yield(vtc_builder *b, const vtc_loc *loc, vtc_value *value) {
  return vtc_builder_create(b, "te.yield", loc, 1, &value, NULL, 0, NULL);
}

vtc_op *vtc_te_build_yield_stores(vtc_builder *b, const vtc_loc *loc, vtc_value *value, unsigned num_indices,
                                  vtc_value *const *indices) {
  vtc_value *operands[9] = {value};
  if (num_indices > 8) num_indices = 8; /* the verifier's limit; callers stay below it */
  for (unsigned i = 0; i < num_indices; i++) operands[1 + i] = indices[i];
  return vtc_builder_create(b, "te.yield", loc, 1 + num_indices, operands, NULL, 0, NULL);
}

vtc_value *vtc_te_build_dim(vtc_builder *b, const vtc_loc *loc, vtc_value *tensor, unsigned index) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_TE_ATTR_INDEX), vtc_attr_i64(b->ctx, index)};
  vtc_op *op = vtc_builder_create(b, "te.dim", loc, 1, &tensor, vtc_type_index(b->ctx), 1, &a);
  return vtc_op_result(op, 0);
}

/* ---- verifiers -------------------------------------------------------------------- */

static char *type_str(const vtc_type *t) { return vtc_type_to_string(t); }

/* An init or padding value must be a scalar of the element type. */
static bool check_scalar_attr(vtc_op *op, const char *what, const vtc_attr *a, const vtc_type *elem) {
  if (a->kind != VTC_ATTR_FLOAT && a->kind != VTC_ATTR_INTEGER)
    return vtc_op_error(op, "%s must be a float or integer attribute", what);
  if (a->type != elem) {
    char *x = type_str(a->type), *y = type_str(elem);
    vtc_op_error(op, "%s has type %s, but the element type is %s", what, x, y);
    free(x);
    free(y);
    return false;
  }
  return true;
}

/* A map of the compute's domain (`shape` or `reduce`): no dims, its symbols. */
/* The first floordiv, ceildiv or mod by the constant 0 in e, or NULL. */
static const vtc_affine_expr *zero_divisor(const vtc_affine_expr *e) {
  if (!e->lhs || !e->rhs) return NULL;
  bool divides = e->kind == VTC_AFFINE_FLOORDIV || e->kind == VTC_AFFINE_CEILDIV || e->kind == VTC_AFFINE_MOD;
  if (divides && e->rhs->kind == VTC_AFFINE_CONST && e->rhs->value == 0) return e;
  const vtc_affine_expr *z = zero_divisor(e->lhs);
  return z ? z : zero_divisor(e->rhs);
}

/* A map that divides by the constant 0 has no value anywhere: an error
 * here rather than at run time (where every target reports a division by a
 * symbol that turns out to be 0). */
static bool check_divisors(vtc_op *op, const char *what, const vtc_affine_map *m) {
  for (unsigned i = 0; i < m->num_results; i++) {
    const vtc_affine_expr *z = zero_divisor(m->results[i]);
    if (!z) continue;
    vtc_strbuf s = {0};
    vtc_affine_expr_print(z, &s);
    vtc_op_error(op, "%smap result %u divides by zero: '%s'", what, i, s.data);
    vtc_strbuf_free(&s);
    return false;
  }
  return true;
}

static bool check_domain_map(vtc_op *op, const char *what, const vtc_affine_map *m, unsigned num_symbols) {
  if (m->num_dims != 0) return vtc_op_error(op, "'%s' map must have no dimensions, but has %u", what, m->num_dims);
  if (!check_divisors(op, what[0] == 's' ? "'shape' " : "'reduce' ", m)) return false;
  if (m->num_symbols != num_symbols)
    return vtc_op_error(op, "'%s' map has %u symbols, but the op has %u symbol operands", what, m->num_symbols,
                        num_symbols);
  return true;
}

/* Values used in the body but defined outside it may only be the compute's
 * inputs, named by te.load, and scalar constants (the region is isolated
 * from above otherwise). */
static bool check_captures(vtc_op *compute, vtc_op *inner) {
  for (unsigned i = 0; i < inner->num_operands; i++) {
    vtc_value *v = vtc_op_operand(inner, i);
    vtc_block *owner = vtc_value_parent_block(v);
    bool inside = owner && owner->parent && owner->parent->parent == compute;
    if (inside) continue;
    if (vtc_te_is_load(inner) && i == 0 && vtc_te_compute_input_index(compute, v) >= 0) continue;
    /* Scalar constants: canonicalization and CSE hoist them out of bodies. */
    if (v->def_op && vtc_op_has_trait(v->def_op, VTC_TRAIT_CONSTANT_LIKE) && !vtc_type_is_tensor(v->type)) continue;
    {
      vtc_op_error(inner, "uses a value defined outside the enclosing 'te.compute' (only the compute's input "
                          "tensors, named by te.load, and scalar constants may be)");
      return false;
    }
  }
  for (unsigned r = 0; r < inner->num_regions; r++)
    for (vtc_block *b = inner->regions[r].first; b; b = b->next)
      for (vtc_op *o = b->first; o; o = o->next)
        if (!check_captures(compute, o)) return false;
  return true;
}

static bool verify_compute(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  int64_t ni = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_INPUTS, -1);
  if (ni < 0 || ni > (int64_t)op->num_operands)
    return vtc_op_error(op, "'num_inputs' is %lld, but the op has %u operands", (long long)ni, op->num_operands);
  int64_t nd = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_DESTS, 0);
  if (nd < 0 || nd > (int64_t)op->num_operands - ni)
    return vtc_op_error(op, "'num_dests' is %lld, but the op has %u operands after its %lld inputs", (long long)nd,
                        op->num_operands, (long long)ni);
  unsigned num_inputs = (unsigned)ni, num_dests = (unsigned)nd,
           num_symbols = op->num_operands - num_inputs - num_dests;
  for (unsigned i = 0; i < num_inputs; i++)
    if (!vtc_type_is_tensor(vtc_op_operand(op, i)->type)) return vtc_op_error(op, "input #%u must be a tensor", i);
  for (unsigned i = 0; i < num_symbols; i++)
    if (vtc_op_operand(op, num_inputs + i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "symbol #%u must be of type index", i);
  const vtc_type *rt = vtc_te_compute_type(op);
  if (!vtc_type_is_tensor(rt)) return vtc_op_error(op, "result must be a tensor");
  const vtc_type *elem = rt->element;

  const vtc_affine_map *shape = vtc_te_compute_shape(op);
  if (!shape) return vtc_op_error(op, "requires a 'shape' affine map");
  if (!check_domain_map(op, "shape", shape, num_symbols)) return false;
  unsigned rank = shape->num_results;
  if (!num_dests && op->num_results != 1) return vtc_op_error(op, "without 'into' has one result");
  if (!num_dests && rank != rt->rank)
    return vtc_op_error(op, "'shape' map has %u results, but the result has rank %u", shape->num_results, rt->rank);
  /* The interpreters' tensors and the lowerings' kernels stop there. */
  if (rank > VTC_TE_MAX_RANK)
    return vtc_op_error(op, "result rank %u exceeds %d, the most vtc runs", rank, VTC_TE_MAX_RANK);
  for (unsigned i = 0; i < rank && !num_dests; i++) {
    int64_t d = vtc_tensor_dim(rt, i);
    const vtc_affine_expr *e = shape->results[i];
    if (d == VTC_DYNAMIC) continue;
    if (e->kind != VTC_AFFINE_CONST || e->value != d) {
      vtc_strbuf s = {0};
      vtc_affine_expr_print(e, &s);
      vtc_op_error(op, "'shape' result %u is '%s', but result dimension %u is the static size %lld", i, s.data, i,
                   (long long)d);
      vtc_strbuf_free(&s);
      return false;
    }
  }

  const vtc_affine_map *reduce = vtc_te_compute_reduce(op);
  const vtc_attr *comb = vtc_op_get_attr(op, VTC_TE_ATTR_COMBINER);
  const vtc_attr *init = vtc_te_compute_init(op);
  if (vtc_op_get_attr(op, VTC_TE_ATTR_REDUCE) && !reduce) return vtc_op_error(op, "'reduce' must be an affine map");
  if (reduce) {
    if (!check_domain_map(op, "reduce", reduce, num_symbols)) return false;
    if (reduce->num_results == 0) return vtc_op_error(op, "'reduce' map must have at least one result");
    if (reduce->num_results > VTC_TE_MAX_RANK)
      return vtc_op_error(op, "'reduce' map has %u results; at most %d reduction axes are supported",
                          reduce->num_results, VTC_TE_MAX_RANK);
    for (unsigned i = 0; i < reduce->num_results; i++) {
      const vtc_affine_expr *e = reduce->results[i];
      /* An empty domain is allowed: the result is `init` (a sum over zero
       * elements is 0, as the graph reference kernels give). */
      if (e->kind == VTC_AFFINE_CONST && e->value < 0)
        return vtc_op_error(op, "reduction extent %u is %lld; it must not be negative", i, (long long)e->value);
    }
    if (!comb) return vtc_op_error(op, "with a 'reduce' domain requires a combiner (sum, max, min or prod)");
    vtc_te_combiner c;
    if (comb->kind != VTC_ATTR_STRING || !vtc_te_combiner_from_name(comb->str, &c))
      return vtc_op_error(op, "combiner must be one of sum, max, min, prod");
    if (!init) return vtc_op_error(op, "with a 'reduce' domain requires an 'init' value");
    if (!check_scalar_attr(op, "'init'", init, elem)) return false;
  } else {
    if (comb) return vtc_op_error(op, "has a combiner but no 'reduce' domain");
    if (init) return vtc_op_error(op, "has an 'init' value but no 'reduce' domain");
  }

  if (op->num_regions != 1 || vtc_region_num_blocks(vtc_op_region(op, 0)) != 1)
    return vtc_op_error(op, "requires a body region of one block");
  vtc_block *body = vtc_te_compute_body(op);
  unsigned nred = reduce ? reduce->num_results : 0;
  if (body->num_args != rank + nred)
    return vtc_op_error(op,
                        "body has %u arguments, but expects %u: %u output indices and %u reduction indices "
                        "(one per 'reduce' result)",
                        body->num_args, rank + nred, rank, nred);
  for (unsigned i = 0; i < body->num_args; i++)
    if (body->args[i]->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "body argument #%u must be of type index", i);
  vtc_op *yield = vtc_te_compute_yield(op);
  if (!yield) return vtc_op_error(op, "body must end with 'te.yield'");
  /* With `into`, the element may be followed by the extra store indices. */
  if (yield->num_operands == 0 || (!num_dests && yield->num_operands != 1))
    return vtc_op_error(yield, "yields %u values, but the te.compute expects %s", yield->num_operands,
                        num_dests ? "the element, then its extra store indices" : "one (the element)");
  if (vtc_op_operand(yield, 0)->type != elem) {
    char *x = type_str(vtc_op_operand(yield, 0)->type), *y = type_str(elem);
    vtc_op_error(yield, "yields %s, but the te.compute's element type is %s", x, y);
    free(x);
    free(y);
    return false;
  }
  if (num_dests && !te_verify_dests(op, yield)) return false;
  const vtc_attr *agree = vtc_op_get_attr(op, VTC_TE_ATTR_STORES_AGREE);
  if (agree && (agree->kind != VTC_ATTR_UNIT || !num_dests))
    return vtc_op_error(op, "'%s' must be a unit attribute of a compute with destinations", VTC_TE_ATTR_STORES_AGREE);
  for (vtc_op *o = body->first; o; o = o->next) {
    const char *d = o->name->dialect;
    if (d != vtc_str(ctx, "arith") && d != vtc_str(ctx, "math") && !vtc_te_is_load(o) && !vtc_te_is_yield(o) &&
        !vtc_te_is_assert(o))
      return vtc_op_error(o, "is not allowed in a 'te.compute' body (only te.load, te.assert, arith, math and "
                             "te.yield)");
    if (!check_captures(op, o)) return false;
  }
  return te_verify_bounds(op);
}

static bool verify_load(vtc_op *op) {
  vtc_op *compute = vtc_te_load_compute(op);
  if (!compute) return vtc_op_error(op, "expects parent op 'te.compute'");
  vtc_value *in = vtc_te_load_input(op);
  if (!vtc_type_is_tensor(in->type)) return vtc_op_error(op, "operand #0 must be a tensor");
  if (vtc_te_compute_input_index(compute, in) < 0)
    return vtc_op_error(op, "loads a tensor that is not an input of the enclosing 'te.compute'");
  unsigned nextra = vtc_te_load_num_extra(op);
  for (unsigned i = 0; i < nextra; i++)
    if (vtc_te_load_extra(op, i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "extra operand #%u must be of type index", i);
  const vtc_affine_map *m = vtc_te_load_map(op);
  if (!m) return vtc_op_error(op, "requires a 'map' affine map");
  vtc_block *body = vtc_te_compute_body(compute);
  unsigned niter = body ? body->num_args : 0;
  unsigned rank = vtc_te_compute_rank(compute), nred = vtc_te_compute_num_reduce(compute);
  if (m->num_dims != niter + nextra)
    return vtc_op_error(op,
                        "map has %u dimensions, but the enclosing te.compute declares %u iteration indices (%u "
                        "output, %u reduction) and the load has %u extra operands",
                        m->num_dims, niter, rank, nred, nextra);
  unsigned nsym = vtc_te_compute_num_symbols(compute);
  if (m->num_symbols != nsym)
    return vtc_op_error(op, "map has %u symbols, but the enclosing te.compute has %u", m->num_symbols, nsym);
  if (m->num_results != in->type->rank)
    return vtc_op_error(op, "map has %u results, but the loaded tensor has rank %u", m->num_results, in->type->rank);
  if (!check_divisors(op, "", m)) return false;
  const vtc_type *elem = in->type->element;
  if (vtc_op_result(op, 0)->type != elem) {
    char *x = type_str(vtc_op_result(op, 0)->type), *y = type_str(elem);
    vtc_op_error(op, "result type %s does not match the element type %s of the loaded tensor", x, y);
    free(x);
    free(y);
    return false;
  }
  const vtc_attr *pad = vtc_te_load_padding(op);
  if (pad && !check_scalar_attr(op, "'padding'", pad, elem)) return false;
  return true;
}

static bool verify_yield(vtc_op *op) {
  if (!vtc_te_is_compute(vtc_op_parent_op(op))) return vtc_op_error(op, "expects parent op 'te.compute'");
  return true;
}

static bool verify_dim(vtc_op *op) {
  const vtc_type *t = vtc_te_dim_tensor(op)->type;
  if (!vtc_type_is_tensor(t)) return vtc_op_error(op, "operand must be a tensor");
  int64_t i = vtc_op_get_int_attr(op, VTC_TE_ATTR_INDEX, -1);
  if (i < 0 || i >= (int64_t)t->rank)
    return vtc_op_error(op, "dimension index %lld is out of range for a tensor of rank %u", (long long)i, t->rank);
  if (vtc_op_result(op, 0)->type->kind != VTC_TYPE_INDEX) return vtc_op_error(op, "result must be of type index");
  return true;
}

/* A subprogram: its block's arguments take the operands (isolated from
 * above: the core verifier rejects any other outside value), its body holds
 * what host code between TEs holds (computes, dims, asserts, scalar
 * arithmetic and constants) but no nested subprogram, and te.return gives
 * the results. */
static bool verify_subprogram(vtc_op *op) {
  vtc_block *body = vtc_te_subprogram_body(op);
  if (!body || body->next) return vtc_op_error(op, "expects one block");
  if (body->num_args != op->num_operands)
    return vtc_op_error(op, "has %u operands but its block has %u arguments", op->num_operands, body->num_args);
  for (unsigned i = 0; i < body->num_args; i++)
    if (body->args[i]->type != vtc_op_operand(op, i)->type)
      return vtc_op_error(op, "block argument #%u's type differs from operand #%u's", i, i);
  for (vtc_op *o = body->first; o; o = o->next)
    if (vtc_te_is_subprogram(o)) return vtc_op_error(o, "te.subprogram may not nest");
  vtc_op *ret = vtc_te_subprogram_return(op);
  if (!ret) return vtc_op_error(op, "expects its block to end with te.return");
  if (ret->num_operands != op->num_results)
    return vtc_op_error(ret, "returns %u values but the te.subprogram has %u results", ret->num_operands,
                        op->num_results);
  for (unsigned i = 0; i < ret->num_operands; i++)
    if (vtc_op_operand(ret, i)->type != vtc_op_result(op, i)->type)
      return vtc_op_error(ret, "value #%u's type differs from result #%u's", i, i);
  return true;
}

static bool verify_return(vtc_op *op) {
  if (!vtc_te_is_subprogram(vtc_op_parent_op(op))) return vtc_op_error(op, "expects parent op 'te.subprogram'");
  return true;
}

/* Host code or a compute body; never an order (that is gir's, for kernels). */
static bool verify_assert(vtc_op *op) { return vtc_assert_verify(op, false); }

/* ---- custom forms ------------------------------------------------------------------ */

static void print_map(vtc_printer *p, const vtc_affine_map *m) {
  vtc_strbuf s = {0};
  vtc_affine_map_print(m, &s);
  vtc_printer_puts(p, s.data ? s.data : "");
  vtc_strbuf_free(&s);
}

/* Fallback for ops that failed verification (IR dumps after a failing pass):
 * operands and every attribute, never a crash. */
static bool compute_printable(vtc_op *op) {
  int64_t ni = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_INPUTS, -1), nd = vtc_op_get_int_attr(op, VTC_TE_ATTR_NUM_DESTS, 0);
  if (ni < 0 || nd < 0 || ni + nd > (int64_t)op->num_operands || op->num_results != (nd ? nd : 1) ||
      op->num_regions != 1)
    return false;
  const vtc_attr *n = vtc_op_get_attr(op, VTC_TE_ATTR_NUM_INPUTS);
  if (!n || n->kind != VTC_ATTR_INTEGER || !vtc_te_compute_shape(op)) return false;
  for (unsigned i = 0; i < (unsigned)nd; i++) {
    const vtc_affine_map *sm = vtc_te_compute_store_map(op, i), *box = vtc_te_compute_box(op, i);
    if (!sm || !box || box->num_results != 2 * vtc_te_compute_rank(op)) return false;
  }
  for (unsigned i = ni; i < op->num_operands - nd; i++)
    if (vtc_op_operand(op, i)->type->kind != VTC_TYPE_INDEX) return false;
  if (vtc_op_get_attr(op, VTC_TE_ATTR_REDUCE) && !vtc_te_compute_reduce(op)) return false;
  const vtc_attr *c = vtc_op_get_attr(op, VTC_TE_ATTR_COMBINER);
  vtc_te_combiner cb;
  if (c && (c->kind != VTC_ATTR_STRING || !vtc_te_combiner_from_name(c->str, &cb))) return false;
  const vtc_attr *init = vtc_te_compute_init(op);
  const vtc_type *rt = vtc_te_compute_type(op);
  if (init && (!vtc_type_is_tensor(rt) || (init->kind != VTC_ATTR_FLOAT && init->kind != VTC_ATTR_INTEGER) ||
               init->type != rt->element))
    return false;
  return true;
}

static void print_expr(vtc_printer *p, const vtc_affine_expr *e) {
  vtc_strbuf s = {0};
  vtc_affine_expr_print(e, &s);
  vtc_printer_puts(p, s.data ? s.data : "");
  vtc_strbuf_free(&s);
}

/* A box that is the whole domain ([0:shape0, 0:shape1, ...]) is elided. */
static bool box_is_domain(const vtc_affine_map *box, const vtc_affine_map *shape) {
  for (unsigned d = 0; d < shape->num_results; d++) {
    const vtc_affine_expr *lo = box->results[2 * d];
    if (lo->kind != VTC_AFFINE_CONST || lo->value != 0 || box->results[2 * d + 1] != shape->results[d]) return false;
  }
  return box->num_symbols == shape->num_symbols;
}

/* ` into(%dest[store map] if [lo:hi, ...], ...)` */
static void print_into(vtc_printer *p, vtc_op *op, unsigned nd) {
  const vtc_affine_map *shape = vtc_te_compute_shape(op);
  vtc_printer_puts(p, " into(");
  for (unsigned k = 0; k < nd; k++) {
    const vtc_affine_map *box = vtc_te_compute_box(op, k);
    if (k) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, vtc_te_compute_dest(op, k));
    vtc_printer_puts(p, "[");
    print_map(p, vtc_te_compute_store_map(op, k));
    vtc_printer_puts(p, "]");
    if (box_is_domain(box, shape)) continue;
    vtc_printer_puts(p, " if [");
    for (unsigned d = 0; d < shape->num_results; d++) {
      if (d) vtc_printer_puts(p, ", ");
      print_expr(p, box->results[2 * d]);
      vtc_printer_puts(p, ":");
      print_expr(p, box->results[2 * d + 1]);
    }
    vtc_printer_puts(p, "]");
  }
  vtc_printer_puts(p, ")");
}

static void print_compute(vtc_printer *p, vtc_op *op) {
  if (!compute_printable(op)) {
    vtc_printer_invalid(p, op);
    for (unsigned i = 0; i < op->num_regions; i++) vtc_printer_region(p, vtc_op_region(op, i), true, NULL);
    return;
  }
  unsigned ni = vtc_te_compute_num_inputs(op), nd = vtc_te_compute_num_dests(op), ns = op->num_operands - ni - nd;
  vtc_printer_puts(p, "(");
  for (unsigned i = 0; i < ni; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, vtc_op_operand(op, i));
  }
  vtc_printer_puts(p, ")");
  if (ns) {
    vtc_printer_puts(p, " [");
    for (unsigned i = 0; i < ns; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_value(p, vtc_op_operand(op, ni + i));
    }
    vtc_printer_puts(p, "]");
  }
  vtc_printer_puts(p, " shape ");
  print_map(p, vtc_te_compute_shape(op));
  if (vtc_te_compute_reduce(op)) {
    vtc_printer_puts(p, " reduce ");
    print_map(p, vtc_te_compute_reduce(op));
  }
  const vtc_attr *c = vtc_op_get_attr(op, VTC_TE_ATTR_COMBINER);
  if (c) vtc_printer_printf(p, " combiner %s", c->str);
  const vtc_attr *init = vtc_te_compute_init(op);
  if (init) {
    vtc_printer_puts(p, " init ");
    vtc_printer_attr_no_type(p, init);
  }
  if (nd) print_into(p, op, nd);
  static const char *const elided[] = {VTC_TE_ATTR_NUM_INPUTS, VTC_TE_ATTR_SHAPE,      VTC_TE_ATTR_REDUCE,
                                       VTC_TE_ATTR_COMBINER,   VTC_TE_ATTR_INIT,       VTC_TE_ATTR_NUM_DESTS,
                                       VTC_TE_ATTR_STORE_MAPS, VTC_TE_ATTR_BOXES,      NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : (");
  for (unsigned i = 0; i < ni; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_operand(op, i)->type);
  }
  vtc_printer_puts(p, ") -> ");
  if (nd) vtc_printer_puts(p, "(");
  for (unsigned i = 0; i < (nd ? nd : 1); i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_result(op, i)->type);
  }
  if (nd) vtc_printer_puts(p, ")");
  vtc_printer_region(p, vtc_op_region(op, 0), true, NULL);
}

/* A bare affine map `(d0, d1)[s0] -> (d0 + s0)`: its tokens are delimited
 * (balanced parentheses and brackets) and the text handed to the affine
 * parser; errors point into the map. */
static bool skip_group(vtc_parser *p, vtc_tok_kind open, vtc_tok_kind close, const char *what,
                       vtc_token *last) {
  if (p->tok.kind != open) return parser_expected(p, what);
  vtc_token start = p->tok;
  int depth = 0;
  do {
    vtc_tok_kind k = p->tok.kind;
    if (k == VTC_TOK_ERROR) return parser_expected(p, "affine map");
    if (k == VTC_TOK_EOF || k == VTC_TOK_LBRACE || k == VTC_TOK_RBRACE || k == VTC_TOK_COLON || k == VTC_TOK_EQUAL)
      return parser_error_at(p, &start, "unbalanced '%.*s' in affine map", (int)start.len, start.start);
    if (p->tok.kind == open) depth++;
    else if (p->tok.kind == close) depth--;
    *last = p->tok;
    parser_advance(p);
  } while (depth > 0);
  return true;
}

static bool parse_bare_map(vtc_parser *p, const vtc_affine_map **out) {
  vtc_token first = p->tok, last = p->tok;
  if (!skip_group(p, VTC_TOK_LPAREN, VTC_TOK_RPAREN, "affine map '(dims)[symbols] -> (results)'", &last))
    return false;
  if (p->tok.kind == VTC_TOK_LSQUARE && !skip_group(p, VTC_TOK_LSQUARE, VTC_TOK_RSQUARE, "'['", &last)) return false;
  if (!parser_expect(p, VTC_TOK_ARROW, "'->' in affine map")) return false;
  if (!skip_group(p, VTC_TOK_LPAREN, VTC_TOK_RPAREN, "'(' to begin the affine map's results", &last)) return false;
  size_t len = (size_t)(last.start + last.len - first.start);
  const char *err = NULL;
  size_t off = 0;
  *out = vtc_affine_map_parse(p->ctx, first.start, len, &err, &off);
  if (!*out)
    return vtc_error(p->ctx, parser_ptr_loc(p, first.start + (off < len ? off : len)), "%s",
                     err ? err : "invalid affine map");
  return true;
}

/* `init` literal: typed by the result's element type, which is only known
 * after the trailing function type, so the literal's token is kept and
 * converted afterwards (decimal floats and integers; hex bit patterns for
 * floats, as MLIR prints -inf). Anything else is a full attribute. */
typedef struct init_literal {
  bool present, neg;
  vtc_token tok;
  const vtc_attr *attr; /* a non-literal attribute */
} init_literal;

static bool parse_init(vtc_parser *p, init_literal *lit) {
  lit->present = true;
  vtc_token start = p->tok;
  lit->neg = parser_consume_if(p, VTC_TOK_MINUS);
  if (p->tok.kind == VTC_TOK_INTEGER || p->tok.kind == VTC_TOK_FLOAT) {
    lit->tok = p->tok;
    parser_advance(p);
    return true;
  }
  if (lit->neg) return parser_error_at(p, &start, "expected a number after '-'");
  return parser_attr(p, NULL, &lit->attr);
}

static bool init_attr(vtc_parser *p, const init_literal *lit, const vtc_type *elem, const vtc_attr **out) {
  if (lit->attr) {
    *out = lit->attr;
    return true;
  }
  const vtc_token *t = &lit->tok;
  if (t->kind == VTC_TOK_FLOAT) {
    if (!vtc_type_is_float(elem)) return parser_error_at(p, t, "float 'init' for a non-float element type");
    char buf[64];
    size_t n = t->len < sizeof buf - 1 ? t->len : sizeof buf - 1;
    memcpy(buf, t->start, n);
    buf[n] = 0;
    double v = strtod(buf, NULL);
    *out = vtc_attr_float(p->ctx, elem, lit->neg ? -v : v);
    return true;
  }
  uint64_t mag;
  if (!parser_token_u64(t, &mag)) return parser_error_at(p, t, "integer 'init' out of range");
  bool hex = t->len > 2 && t->start[0] == '0' && (t->start[1] == 'x' || t->start[1] == 'X');
  if (vtc_type_is_float(elem)) {
    if (!hex || lit->neg)
      return parser_error_at(p, t, "float 'init' must be a float literal or a hexadecimal bit pattern");
    double v;
    switch (elem->kind) {
    case VTC_TYPE_F16: v = vtc_f16_to_double((uint16_t)mag); break;
    case VTC_TYPE_BF16: v = vtc_bf16_to_double((uint16_t)mag); break;
    case VTC_TYPE_F32: {
      uint32_t u = (uint32_t)mag;
      float f;
      memcpy(&f, &u, 4);
      v = f;
      break;
    }
    default: memcpy(&v, &mag, 8);
    }
    *out = vtc_attr_float(p->ctx, elem, v);
    return true;
  }
  if (!vtc_type_is_int_or_index(elem)) return parser_error_at(p, t, "'init' needs an integer or float element type");
  int64_t v = lit->neg ? -(int64_t)mag : (int64_t)mag;
  *out = vtc_attr_integer(p->ctx, elem, v);
  return true;
}

/* The destinations of `into(...)`, parsed before the function type that
 * gives their types. */
typedef struct into_list {
  VTC_VEC(vtc_operand_ref) dests;
  VTC_VEC(const vtc_attr *) maps;
  VTC_VEC(const vtc_attr *) boxes;
} into_list;

static void into_free(into_list *l) {
  VTC_VEC_FREE(&l->dests);
  VTC_VEC_FREE(&l->maps);
  VTC_VEC_FREE(&l->boxes);
}

/* `[lo:hi, ...]`, one range per output index, in the compute's symbols
 * s0, s1, ...: the text becomes the map `()[s..] -> (lo, hi, ...)`. */
static bool parse_box(vtc_parser *p, const vtc_affine_map *shape, const vtc_affine_map **out) {
  vtc_token open = p->tok;
  if (!parser_expect(p, VTC_TOK_LSQUARE, "'[' to begin a box")) return false;
  const char *first = p->tok.start, *end = first;
  unsigned depth = 0, colons = 0;
  while (depth > 0 || p->tok.kind != VTC_TOK_RSQUARE) {
    vtc_tok_kind k = p->tok.kind;
    if (k == VTC_TOK_ERROR || k == VTC_TOK_EOF || k == VTC_TOK_LBRACE || k == VTC_TOK_RBRACE)
      return parser_error_at(p, &open, "unbalanced '[' in a box");
    if (k == VTC_TOK_LPAREN || k == VTC_TOK_LSQUARE) depth++;
    if ((k == VTC_TOK_RPAREN || k == VTC_TOK_RSQUARE) && depth > 0) depth--;
    if (k == VTC_TOK_COLON && depth == 0) colons++;
    end = p->tok.start + p->tok.len;
    parser_advance(p);
  }
  parser_advance(p);
  unsigned rank = shape->num_results;
  if (colons != rank || end == first)
    return parser_error_at(p, &open, "a box has one 'lo:hi' range per output index (%u), found %u", rank, colons);
  vtc_strbuf t = {0};
  vtc_strbuf_printf(&t, "()[");
  for (unsigned i = 0; i < shape->num_symbols; i++) vtc_strbuf_printf(&t, "%ss%u", i ? ", " : "", i);
  vtc_strbuf_printf(&t, "] -> (");
  size_t prefix = t.len;
  for (const char *c = first; c < end; c++) vtc_strbuf_printf(&t, "%c", *c == ':' ? ',' : *c);
  vtc_strbuf_printf(&t, ")");
  const char *err = NULL;
  size_t off = 0;
  *out = vtc_affine_map_parse(p->ctx, t.data, t.len, &err, &off);
  size_t at = off > prefix ? off - prefix : 0;
  if (!*out) vtc_error(p->ctx, parser_ptr_loc(p, first + (at < (size_t)(end - first) ? at : 0)), "%s",
                       err ? err : "invalid box");
  vtc_strbuf_free(&t);
  return *out != NULL;
}

/* `into(%dest[store map] if [box], ...)`; without `if`, the whole domain. */
static bool parse_into(vtc_parser *p, const vtc_affine_map *shape, into_list *l) {
  vtc_context *ctx = vtc_parser_context(p);
  if (!vtc_parse_punct(p, "(")) return false;
  do {
    vtc_operand_ref ref;
    const vtc_affine_map *sm, *box = NULL;
    bool present;
    if (!vtc_parse_operand(p, &ref) || !vtc_parse_punct(p, "[") || !parse_bare_map(p, &sm) ||
        !vtc_parse_punct(p, "]") || !vtc_parse_optional_keyword(p, "if", &present))
      return false;
    if (present && !parse_box(p, shape, &box)) return false;
    if (!box) {
      const vtc_affine_expr *r[2 * VTC_TE_MAX_RANK];
      unsigned rank = shape->num_results < VTC_TE_MAX_RANK ? shape->num_results : VTC_TE_MAX_RANK;
      for (unsigned d = 0; d < rank; d++) {
        r[2 * d] = vtc_affine_const(ctx, 0);
        r[2 * d + 1] = shape->results[d];
      }
      box = vtc_affine_map_get(ctx, 0, shape->num_symbols, 2 * rank, r);
    }
    VTC_VEC_PUSH(&l->dests, ref);
    VTC_VEC_PUSH(&l->maps, vtc_attr_affine_map(ctx, sm));
    VTC_VEC_PUSH(&l->boxes, vtc_attr_affine_map(ctx, box));
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  return vtc_parse_punct(p, ")");
}

static bool parse_compute(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  vtc_operand_ref *inputs = NULL, *symbols = NULL;
  unsigned ni = 0, ns = 0;
  const vtc_type *ft = NULL;
  bool ok = false, present;
  init_literal lit = {0};
  into_list into = {0};
  const vtc_loc *type_loc;
  if (!vtc_parse_punct(p, "(") || !vtc_parse_operand_list(p, &inputs, &ni) || !vtc_parse_punct(p, ")")) goto out;
  if (!vtc_parse_optional_punct(p, "[", &present)) goto out;
  if (present && (!vtc_parse_operand_list(p, &symbols, &ns) || !vtc_parse_punct(p, "]"))) goto out;
  const vtc_affine_map *shape, *reduce = NULL;
  if (!vtc_parse_keyword(p, "shape") || !parse_bare_map(p, &shape)) goto out;
  vtc_parse_state_add_attr(st, VTC_TE_ATTR_SHAPE, vtc_attr_affine_map(ctx, shape));
  if (!vtc_parse_optional_keyword(p, "reduce", &present)) goto out;
  if (present) {
    if (!parse_bare_map(p, &reduce)) goto out;
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_REDUCE, vtc_attr_affine_map(ctx, reduce));
  }
  if (!vtc_parse_optional_keyword(p, "combiner", &present)) goto out;
  if (present) {
    const char *kw;
    const vtc_loc *kloc = vtc_parser_loc(p);
    vtc_te_combiner c;
    if (!vtc_parse_any_keyword(p, &kw)) goto out;
    if (!vtc_te_combiner_from_name(kw, &c)) {
      vtc_error(ctx, kloc, "unknown combiner '%s' (expected sum, max, min or prod)", kw);
      goto out;
    }
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_COMBINER, vtc_attr_cstring(ctx, kw));
  }
  if (!vtc_parse_optional_keyword(p, "init", &present)) goto out;
  if (present && !parse_init(p, &lit)) goto out;
  if (!vtc_parse_optional_keyword(p, "into", &present)) goto out;
  if (present && !parse_into(p, shape, &into)) goto out;
  if (!vtc_parse_optional_attr_dict(p, st)) goto out;
  if (!vtc_parse_punct(p, ":")) goto out;
  type_loc = vtc_parser_loc(p);
  if (!vtc_parse_type(p, &ft)) goto out;
  unsigned nd = (unsigned)into.dests.len;
  if (ft->kind != VTC_TYPE_FUNCTION || ft->num_results != (nd ? nd : 1) || ft->num_inputs != ni) {
    vtc_error(ctx, type_loc, "expected a function type from the %u input types to the %s", ni,
              nd ? "destination types" : "result type");
    goto out;
  }
  for (unsigned i = 0; i < ni; i++)
    if (!vtc_parse_resolve_operand(p, &inputs[i], vtc_function_input(ft, i), st)) goto out;
  for (unsigned i = 0; i < ns; i++)
    if (!vtc_parse_resolve_operand(p, &symbols[i], vtc_type_index(ctx), st)) goto out;
  for (unsigned i = 0; i < nd; i++)
    if (!vtc_parse_resolve_operand(p, &into.dests.data[i], vtc_function_result(ft, i), st)) goto out;
  if (nd) {
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_NUM_DESTS, vtc_attr_i64(ctx, nd));
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_STORE_MAPS, vtc_attr_array(ctx, nd, into.maps.data));
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_BOXES, vtc_attr_array(ctx, nd, into.boxes.data));
  }
  const vtc_type *rt = vtc_function_result(ft, 0);
  if (lit.present) {
    const vtc_attr *init = NULL;
    if (!init_attr(p, &lit, vtc_type_element(rt), &init)) goto out;
    vtc_parse_state_add_attr(st, VTC_TE_ATTR_INIT, init);
  }
  vtc_parse_state_add_attr(st, VTC_TE_ATTR_NUM_INPUTS, vtc_attr_i64(ctx, ni));
  VTC_VEC_PUSH(&st->result_types, rt);
  for (unsigned i = 1; i < nd; i++) VTC_VEC_PUSH(&st->result_types, vtc_function_result(ft, i));
  ok = vtc_parse_region(p, vtc_parse_state_add_region(st), NULL, 0, NULL);
out:
  into_free(&into);
  free(inputs);
  free(symbols);
  return ok;
}

static bool load_printable(vtc_op *op) {
  return op->num_operands >= 1 && op->num_results == 1 && vtc_te_load_map(op);
}

static void print_load(vtc_printer *p, vtc_op *op) {
  if (!load_printable(op)) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_te_load_input(op));
  vtc_printer_puts(p, "[");
  print_map(p, vtc_te_load_map(op));
  vtc_printer_puts(p, "]");
  unsigned n = vtc_te_load_num_extra(op);
  if (n) {
    vtc_printer_puts(p, "(");
    for (unsigned i = 0; i < n; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_value(p, vtc_te_load_extra(op, i));
    }
    vtc_printer_puts(p, ")");
  }
  static const char *const elided[] = {VTC_TE_ATTR_MAP, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_te_load_input(op)->type);
  vtc_printer_puts(p, " -> ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

static bool parse_load(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref in, *extra = NULL;
  unsigned ne = 0;
  bool ok = false, present;
  const vtc_affine_map *map;
  const vtc_type *tt, *rt;
  if (!vtc_parse_operand(p, &in) || !vtc_parse_punct(p, "[") || !parse_bare_map(p, &map) ||
      !vtc_parse_punct(p, "]"))
    goto out;
  if (!vtc_parse_optional_punct(p, "(", &present)) goto out;
  if (present && (!vtc_parse_operand_list(p, &extra, &ne) || !vtc_parse_punct(p, ")"))) goto out;
  if (!vtc_parse_optional_attr_dict(p, st) || !vtc_parse_colon_type(p, &tt) || !vtc_parse_punct(p, "->") ||
      !vtc_parse_type(p, &rt))
    goto out;
  if (!vtc_parse_resolve_operand(p, &in, tt, st)) goto out;
  for (unsigned i = 0; i < ne; i++)
    if (!vtc_parse_resolve_operand(p, &extra[i], vtc_type_index(st->ctx), st)) goto out;
  vtc_parse_state_add_attr(st, VTC_TE_ATTR_MAP, vtc_attr_affine_map(st->ctx, map));
  VTC_VEC_PUSH(&st->result_types, rt);
  ok = true;
out:
  free(extra);
  return ok;
}

/* `te.yield %v : f32`, or with store indices `te.yield %v, %i : f32, index`. */
static void print_yield(vtc_printer *p, vtc_op *op) {
  if (op->num_operands == 0) {
    vtc_printer_invalid(p, op);
    return;
  }
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_printer_puts(p, i ? ", " : " ");
    vtc_printer_value(p, vtc_op_operand(op, i));
  }
  vtc_printer_attr_dict(p, op, NULL);
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_printer_puts(p, i ? ", " : " : ");
    vtc_printer_type(p, vtc_op_operand(op, i)->type);
  }
}

static bool parse_yield(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, nt = 0;
  const vtc_loc *loc;
  bool ok = vtc_parse_operand_list(p, &refs, &n) && vtc_parse_optional_attr_dict(p, st) && vtc_parse_punct(p, ":");
  if (ok) {
    loc = vtc_parser_loc(p);
    ok = vtc_parse_type_list(p, &types, &nt);
  }
  if (ok && (n == 0 || nt != n))
    ok = vtc_error(vtc_parser_context(p), loc, "te.yield has %u values but %u types", n, nt);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  free(refs);
  free(types);
  return ok;
}

static void print_dim(vtc_printer *p, vtc_op *op) { vtc_printer_dim_form(p, op, VTC_TE_ATTR_INDEX); }

static bool parse_dim(vtc_parser *p, vtc_parse_state *st) { return vtc_parse_dim_form(p, st, VTC_TE_ATTR_INDEX); }

/* ---- the table ---------------------------------------------------------------------- */

static const vtc_attr_spec compute_attrs[] = {
    {VTC_TE_ATTR_NUM_INPUTS, VTC_ATTR_INTEGER, false, NULL},
    {VTC_TE_ATTR_SHAPE, VTC_ATTR_AFFINE_MAP, false, NULL},
    {VTC_TE_ATTR_REDUCE, VTC_ATTR_AFFINE_MAP, true, NULL},
    {VTC_TE_ATTR_COMBINER, VTC_ATTR_STRING, true, NULL},
    {VTC_TE_ATTR_INIT, -1, true, NULL},
    {0},
};
static const vtc_attr_spec load_attrs[] = {
    {VTC_TE_ATTR_MAP, VTC_ATTR_AFFINE_MAP, false, NULL},
    {VTC_TE_ATTR_PADDING, -1, true, NULL},
    {0},
};
static const vtc_attr_spec dim_attrs[] = {
    {VTC_TE_ATTR_INDEX, VTC_ATTR_INTEGER, false, NULL},
    {0},
};
static const vtc_attr_spec assert_attrs[] = {
    {VTC_ASSERT_ATTR_RELATION, VTC_ATTR_STRING, false, NULL},
    {VTC_ASSERT_ATTR_MESSAGE, VTC_ATTR_STRING, false, NULL},
    {0},
};

static const vtc_op_def te_ops[] = {
    {.name = "te.compute", .num_operands = -1, .num_results = -1, .num_regions = 1,
     .traits = VTC_TRAIT_PURE | VTC_TRAIT_SINGLE_BLOCK, .attrs = compute_attrs, .verify = verify_compute,
     .print = print_compute, .parse = parse_compute,
     .summary = "one output tensor, each element computed by the body from te.loads of the inputs"},
    {.name = "te.load", .num_operands = -1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = load_attrs, .parent = "te.compute", .verify = verify_load, .print = print_load, .parse = parse_load,
     .summary = "one element of a compute's input at an affine map of the iteration indices"},
    {.name = "te.yield", .num_operands = -1, .num_results = 0, .num_regions = 0,
     .traits = VTC_TRAIT_TERMINATOR | VTC_TRAIT_RETURN_LIKE, .parent = "te.compute",
     .verify = verify_yield, .print = print_yield, .parse = parse_yield,
     .summary = "the element value of a te.compute body, then its store indices (with 'into')"},
    {.name = "te.dim", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = dim_attrs, .verify = verify_dim, .print = print_dim, .parse = parse_dim,
     .summary = "the run-time size of a tensor dimension"},
    {.name = "te.assert", .num_operands = -1, .num_results = 0, .num_regions = 0, .traits = VTC_TRAIT_CHECK,
     .attrs = assert_attrs,
     .verify = verify_assert, .print = vtc_assert_print, .parse = vtc_assert_parse,
     .summary = "fails the program with a message unless a relation holds between two sizes"},
    {.name = "te.subprogram", .num_operands = -1, .num_results = -1, .num_regions = 1,
     .traits = VTC_TRAIT_ISOLATED_FROM_ABOVE | VTC_TRAIT_SINGLE_BLOCK, .verify = verify_subprogram,
     .summary = "Souffle's subprogram (5.4): TEs that become one kernel, isolated from above; yields its "
                "escaping tensors"},
    {.name = "te.return", .num_operands = -1, .num_results = 0, .num_regions = 0,
     .traits = VTC_TRAIT_TERMINATOR | VTC_TRAIT_RETURN_LIKE, .parent = "te.subprogram", .verify = verify_return,
     .summary = "the escaping values of a te.subprogram"},
};

const vtc_dialect vtc_te_dialect = {
    .name = "te",
    .ops = te_ops,
    .num_ops = sizeof te_ops / sizeof te_ops[0],
    .summary = "tensor expressions (TVM's te.compute; Souffle sections 3 and 5)",
};

void vtc_register_te_dialect(vtc_context *ctx) { vtc_context_register_dialect(ctx, &vtc_te_dialect); }
