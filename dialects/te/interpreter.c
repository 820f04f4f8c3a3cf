/* The te interpreter (interpreter.h): evaluates each te.compute element by
 * element, running its body over a small array of scalar slots, one per SSA
 * value of the body. Independent of the graph interpreter and its kernels on
 * purpose: the two check each other. */
#include "dialects/te/interpreter.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith_eval.h"
#include "dialects/builtin/dialects.h"
#include "ir/assert_op.h"
#include "ir/diagnostics.h"
#include "ir/support.h"
#include "ir/ptrmap.h"

/* A scalar: floats in f, integers and index in i (sign-extended from their
 * width; i1 is 0 or 1). Which field is live follows the value's type. */
typedef vtc_arith_scalar scalar;

bool vtc_te_dtype_of(const vtc_type *e, vtc_dtype *out) {
  switch (e->kind) {
  case VTC_TYPE_F32: *out = VTC_F32; return true;
  case VTC_TYPE_F16: *out = VTC_F16; return true;
  case VTC_TYPE_BF16: *out = VTC_BF16; return true;
  case VTC_TYPE_F64: *out = VTC_F64; return true;
  case VTC_TYPE_INDEX: *out = VTC_I64; return true;
  case VTC_TYPE_INTEGER:
    if (e->width == 1) *out = VTC_I1;
    else if (e->width == 32) *out = VTC_I32;
    else if (e->width == 64) *out = VTC_I64;
    else return false;
    return true;
  default: return false;
  }
}

static void shape_str(const vtc_tensor *t, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "tensor<");
  for (int i = 0; i < t->rank && n < cap; i++) n += (size_t)snprintf(buf + n, cap - n, "%" PRId64 "x", t->dims[i]);
  if (n < cap) snprintf(buf + n, cap - n, "%s>", vtc_dtype_name(t->dtype));
}

static void index_str(const int64_t *idx, unsigned n, char *buf, size_t cap) {
  size_t k = (size_t)snprintf(buf, cap, "(");
  for (unsigned i = 0; i < n && k < cap; i++) k += (size_t)snprintf(buf + k, cap - k, "%s%" PRId64, i ? ", " : "", idx[i]);
  if (k < cap) snprintf(buf + k, cap - k, ")");
}

/* ---- scalar arithmetic ------------------------------------------------------- */

static int64_t wrap(const vtc_type *t, int64_t v) { return t->kind == VTC_TYPE_INTEGER ? vtc_int_truncate(t, v) : v; }

/* Evaluates arith/math op `code` (operands a[], of type at; result type rt)
 * with arith's RUN semantics (arith_eval.h). Floats are computed in f64
 * without rounding to the op's type (only arith.truncf rounds), so that
 * reductions agree with f64 references; the stored output element is rounded
 * once. Returns false with err set. */
static bool eval_arith(vtc_op *op, int code, const vtc_type *rt, const vtc_type *at, int64_t predicate,
                       const scalar *a, scalar *out, char *err, size_t errlen) {
  const char *why = NULL;
  if (code >= 0 && vtc_arith_eval((vtc_arith_opcode)code, at ? at : rt, rt, predicate, VTC_ARITH_EVAL_RUN, a, out, &why))
    return true;
  if (why) snprintf(err, errlen, "%s", why);
  else snprintf(err, errlen, "'%s' has no te interpreter semantics", op->name->name);
  return false;
}

/* The value of a scalar constant attribute as a scalar of type t. */
static bool attr_scalar(const vtc_attr *a, scalar *out) {
  out->f = 0;
  out->i = 0;
  if (a->kind == VTC_ATTR_FLOAT) {
    out->f = a->f;
    out->i = vtc_f64_to_i64(a->f);
  } else if (a->kind == VTC_ATTR_INTEGER) {
    out->i = a->i;
    out->f = (double)a->i;
  } else {
    return false;
  }
  return true;
}


/* ---- one te.compute ------------------------------------------------------------ */

enum { OP_ARITH, OP_CONST, OP_LOAD, OP_YIELD, OP_ASSERT };

/* te.assert: false after its located message when the relation fails. */
static bool check_assert(vtc_context *ctx, vtc_op *op, const int64_t *args) {
  if (vtc_check_holds(vtc_assert_relation(op), args[0], args[1])) return true;
  char *msg = vtc_assert_format(op, args);
  vtc_error(ctx, op->loc, "%s", msg);
  free(msg);
  return false;
}

typedef struct body_op {
  vtc_op *op;
  int kind, code;
  unsigned num_operands;
  unsigned operands[4]; /* slots; loads keep their extras here up to 4, else in `more` */
  unsigned *more;       /* all operand slots when there are more than 4 */
  unsigned result;
  scalar constant;
  const vtc_tensor *tensor; /* load: the input */
  bool float_tensor, has_pad;
  scalar pad;
  /* Read from the op once when the body is compiled, not at every point
   * (attribute lookups by name were a third of a GEMM's time). */
  const vtc_affine_map *map; /* load */
  const vtc_type *rt, *at;   /* arith: the result's and the first operand's type */
  int64_t predicate;         /* arith: cmpi/cmpf */
} body_op;

typedef struct compute_run {
  vtc_context *ctx;
  vtc_op *compute;
  body_op *ops;
  unsigned num_ops;
  scalar *slots;
  unsigned num_slots, num_args, rank, nred;
  const int64_t *symbols;
  int64_t *dims; /* num_args + max extra */
  int64_t store_index[8]; /* the extra store indices the te.yield gives (`into`) */
} compute_run;

static unsigned operand_slot(const body_op *b, unsigned i) { return b->more ? b->more[i] : b->operands[i]; }

/* Evaluates the body at the iteration point in slots[0..num_args): the
 * yielded value, f for floats, i for integers. */
static bool eval_body(compute_run *r, scalar *value) {
  char err[256];
  for (unsigned k = 0; k < r->num_ops; k++) {
    body_op *b = &r->ops[k];
    scalar *out = &r->slots[b->result];
    switch (b->kind) {
    case OP_CONST: *out = b->constant; break;
    case OP_ARITH: {
      scalar a[3] = {{0, 0}, {0, 0}, {0, 0}};
      for (unsigned i = 0; i < b->num_operands && i < 3; i++) a[i] = r->slots[operand_slot(b, i)];
      if (!eval_arith(b->op, b->code, b->rt, b->at, b->predicate, a, out, err, sizeof err))
        return vtc_error(r->ctx, b->op->loc, "te interpreter: %s", err);
      break;
    }
    case OP_LOAD: {
      const vtc_affine_map *m = b->map;
      for (unsigned i = 0; i < r->num_args; i++) r->dims[i] = r->slots[i].i;
      for (unsigned i = 1; i < b->num_operands; i++) r->dims[r->num_args + i - 1] = r->slots[operand_slot(b, i)].i;
      int64_t idx[VTC_MAX_RANK];
      if (!vtc_affine_map_eval(m, r->dims, r->symbols, idx))
        return vtc_error(r->ctx, b->op->loc, "te interpreter: the load map divides by zero or overflows");
      const vtc_tensor *t = b->tensor;
      int64_t flat = 0;
      bool inside = true;
      for (int d = 0; d < t->rank; d++) {
        if (idx[d] < 0 || idx[d] >= t->dims[d]) inside = false;
        flat = flat * t->dims[d] + idx[d];
      }
      if (!inside) {
        if (b->has_pad) {
          *out = b->pad;
          break;
        }
        char is[128], it[128], ts[128];
        index_str(idx, (unsigned)t->rank, is, sizeof is);
        index_str(r->dims, r->num_args, it, sizeof it);
        shape_str(t, ts, sizeof ts);
        return vtc_error(r->ctx, b->op->loc, "te.load reads index %s outside its input %s, at iteration %s", is, ts,
                         it);
      }
      if (b->float_tensor) out->f = vtc_tensor_get_f64(t, flat);
      else out->i = vtc_tensor_get_i64(t, flat);
      break;
    }
    case OP_YIELD:
      *value = r->slots[operand_slot(b, 0)];
      for (unsigned i = 1; i < b->num_operands && i <= 8; i++) r->store_index[i - 1] = r->slots[operand_slot(b, i)].i;
      return true;
    case OP_ASSERT: {
      int64_t args[VTC_CHECK_MAX_ARGS];
      for (unsigned i = 0; i < b->num_operands && i < VTC_CHECK_MAX_ARGS; i++) args[i] = r->slots[operand_slot(b, i)].i;
      if (!check_assert(r->ctx, b->op, args)) return false;
      break;
    }
    }
  }
  return vtc_error(r->ctx, r->compute->loc, "te interpreter: the body has no te.yield");
}

/* Compiles the body into r->ops. get_tensor resolves a compute input. */
static bool compile_body(compute_run *r, const vtc_tensor *const *inputs) {
  vtc_op *c = r->compute;
  vtc_block *body = vtc_te_compute_body(c);
  vtc_ptrmap slot_of = {0};
  r->num_args = body->num_args;
  unsigned n = 0, operands = 0;
  for (vtc_op *o = body->first; o; o = o->next) {
    n++;
    operands += o->num_operands;
  }
  r->ops = vtc_xcalloc(n + 1, sizeof *r->ops);
  /* One slot per argument and op, and room for the scalar constants defined
   * outside the body (hoisted by canonicalization or CSE). */
  r->num_slots = body->num_args + n + operands;
  r->slots = vtc_xcalloc(r->num_slots + 1, sizeof *r->slots);
  for (unsigned i = 0; i < body->num_args; i++) vtc_ptrmap_put(&slot_of, body->args[i], (void *)(uintptr_t)(i + 1));
  unsigned next = body->num_args, outer = body->num_args + n, max_extra = 0;
  bool ok = true;
  for (vtc_op *o = body->first; o && ok; o = o->next) {
    body_op *b = &r->ops[r->num_ops++];
    b->op = o;
    b->num_operands = o->num_operands;
    if (o->num_operands > 4) b->more = vtc_xcalloc(o->num_operands, sizeof *b->more);
    for (unsigned i = 0; i < o->num_operands; i++) {
      vtc_value *v = vtc_op_operand(o, i);
      uintptr_t s = (uintptr_t)vtc_ptrmap_get(&slot_of, v);
      if (vtc_te_is_load(o) && i == 0) continue;
      const vtc_attr *cv = !s && v->def_op && vtc_arith_opcode_of(v->def_op) == VTC_ARITH_CONSTANT
                               ? vtc_op_get_attr(v->def_op, "value")
                               : NULL;
      if (cv && attr_scalar(cv, &r->slots[outer])) {
        s = ++outer; /* slot outer - 1, set once */
        vtc_ptrmap_put(&slot_of, v, (void *)(uintptr_t)s);
      }
      if (!s) {
        ok = vtc_error(r->ctx, o->loc, "te interpreter: operand #%u is not defined in the te.compute body", i);
        break;
      }
      if (b->more) b->more[i] = (unsigned)(s - 1);
      else b->operands[i] = (unsigned)(s - 1);
    }
    if (!ok) break;
    b->result = next;
    if (o->num_results) vtc_ptrmap_put(&slot_of, vtc_op_result(o, 0), (void *)(uintptr_t)(next + 1));
    next++;
    int code = vtc_arith_opcode_of(o);
    if (vtc_te_is_yield(o)) {
      b->kind = OP_YIELD;
    } else if (vtc_te_is_assert(o)) {
      b->kind = OP_ASSERT;
    } else if (vtc_te_is_load(o)) {
      b->kind = OP_LOAD;
      int in = vtc_te_compute_input_index(c, vtc_te_load_input(o));
      if (in < 0) {
        ok = vtc_error(r->ctx, o->loc, "te interpreter: te.load of a tensor that is not a compute input");
        break;
      }
      b->tensor = inputs[in];
      b->map = vtc_te_load_map(o);
      b->float_tensor = vtc_dtype_is_float(b->tensor->dtype);
      const vtc_attr *pad = vtc_te_load_padding(o);
      if (pad) b->has_pad = attr_scalar(pad, &b->pad);
      if (o->num_operands - 1 > max_extra) max_extra = o->num_operands - 1;
    } else if (code == VTC_ARITH_CONSTANT) {
      b->kind = OP_CONST;
      const vtc_attr *v = vtc_op_get_attr(o, "value");
      if (!v || !attr_scalar(v, &b->constant))
        ok = vtc_error(r->ctx, o->loc, "te interpreter: only scalar constants may appear in a te.compute body");
    } else if (code >= 0 && code != VTC_ARITH_BITCAST) {
      b->kind = OP_ARITH;
      b->code = code;
      if (o->num_operands > 3 || o->num_results != 1) {
        ok = vtc_error(r->ctx, o->loc, "te interpreter: unexpected arity for '%s'", o->name->name);
        break;
      }
      b->rt = vtc_op_result(o, 0)->type;
      b->at = o->num_operands ? vtc_op_operand(o, 0)->type : NULL;
      b->predicate = vtc_op_get_int_attr(o, "predicate", 0);
    } else {
      ok = vtc_error(r->ctx, o->loc, "te interpreter: '%s' has no te interpreter semantics", o->name->name);
    }
  }
  r->dims = vtc_xcalloc(r->num_args + max_extra + 1, sizeof *r->dims);
  vtc_ptrmap_free(&slot_of);
  return ok;
}

static void free_run(compute_run *r) {
  for (unsigned i = 0; i < r->num_ops; i++) free(r->ops[i].more);
  free(r->ops);
  free(r->slots);
  free(r->dims);
}

/* Evaluates a map with no dims at the symbols into out (one per result). */
static bool eval_extents(vtc_context *ctx, vtc_op *c, const char *what, const vtc_affine_map *m,
                         const int64_t *symbols, int64_t *out) {
  if (!vtc_affine_map_eval(m, NULL, symbols, out))
    return vtc_error(ctx, c->loc, "te interpreter: the '%s' map divides by zero or overflows", what);
  for (unsigned i = 0; i < m->num_results; i++)
    if (out[i] < 0)
      return vtc_error(ctx, c->loc, "te interpreter: '%s' extent %u evaluates to %" PRId64, what, i, out[i]);
  return true;
}

/* Integer reductions are exact in int64 and wrap as the compiled code's
 * do (sum, prod), floats fold in f64 (vtc_te_combine). */
static int64_t combine_int(vtc_te_combiner c, int64_t acc, int64_t x) {
  switch (c) {
  case VTC_TE_COMBINER_SUM: return (int64_t)((uint64_t)acc + (uint64_t)x);
  case VTC_TE_COMBINER_PROD: return (int64_t)((uint64_t)acc * (uint64_t)x);
  case VTC_TE_COMBINER_MAX: return x > acc ? x : acc;
  case VTC_TE_COMBINER_MIN: return x < acc ? x : acc;
  default: return x;
  }
}

/* Stores an output element: floats rounded once from f64, integers exact
 * (wrapped to the element's width; i1 is the low bit), so that i64 values
 * beyond 2^53 survive. */
static void store(vtc_tensor *t, int64_t e, const vtc_type *elem, scalar v) {
  if (vtc_type_is_float(elem)) {
    vtc_tensor_set_f64(t, e, v.f);
    return;
  }
  int64_t i = wrap(elem, v.i);
  void *p = vtc_tensor_elem(t, e);
  if (t->dtype == VTC_I64) {
    memcpy(p, &i, 8);
  } else if (t->dtype == VTC_I32) {
    int32_t x = (int32_t)i;
    memcpy(p, &x, 4);
  } else {
    *(uint8_t *)p = (uint8_t)(i & 1);
  }
}

/* The product of n extents, saturated at INT64_MAX; 0 when one is 0. */
static int64_t domain_size(unsigned n, const int64_t *ext) {
  int64_t p = 1;
  bool saturated = false;
  for (unsigned i = 0; i < n; i++) {
    if (ext[i] == 0) return 0;
    if (!saturated && __builtin_mul_overflow(p, ext[i], &p)) saturated = true;
  }
  return saturated ? INT64_MAX : p;
}

/* Refuses a domain too large to run (interpreter.h), before the result is
 * allocated. */
static bool check_domain(vtc_context *ctx, vtc_op *c, unsigned rank, const int64_t *dims, unsigned nred,
                         const int64_t *ext) {
  int64_t out = domain_size(rank, dims), red = nred ? domain_size(nred, ext) : 1, steps;
  if (out == 0 || red == 0) return true;
  if (__builtin_mul_overflow(out, red, &steps)) steps = INT64_MAX;
  if (steps <= VTC_TE_INTERP_MAX_STEPS) return true;
  char o[32], r[32];
  snprintf(o, sizeof o, out == INT64_MAX ? "more than 2^63" : "%" PRId64, out);
  snprintf(r, sizeof r, red == INT64_MAX ? "more than 2^63" : "%" PRId64, red);
  return vtc_error(ctx, c->loc,
                   "te interpreter: the iteration domain is too large to interpret: %s output elements x %s "
                   "reduction points, more than the %" PRId64 " body evaluations allowed",
                   o, r, VTC_TE_INTERP_MAX_STEPS);
}

/* ---- destinations (`into`) ------------------------------------------------------
 * Each result starts as a copy of its destination; a domain point inside a
 * destination's box stores its element at store_map(point, store indices).
 * Points run in row-major order, so among duplicate run-time positions the
 * last writer wins (graph's scatter_nd). */

typedef struct dest_run {
  unsigned num;
  vtc_tensor *results;
  int64_t box[VTC_TE_MAX_RANK * VTC_TE_MAX_RANK * 2]; /* per destination, lo and hi of each output index */
  uint8_t *written[VTC_TE_MAX_RANK]; /* with stores_agree: the elements stored so far (checked to agree) */
} dest_run;

/* stores_agree promises that two stores to one element store one value:
 * a second store of different bytes is an error, never a silent choice. */
static bool check_agree(compute_run *r, dest_run *d, unsigned k, int64_t flat, const void *before, const int64_t *point) {
  vtc_tensor *t = &d->results[k];
  size_t es = vtc_dtype_size(t->dtype);
  if (!d->written[k]) return true;
  bool seen = d->written[k][flat];
  d->written[k][flat] = 1;
  if (!seen || memcmp(before, vtc_tensor_elem(t, flat), es) == 0) return true;
  char it[128];
  index_str(point, r->rank, it, sizeof it);
  return vtc_error(r->ctx, r->compute->loc,
                   "te.compute {stores_agree} stores two different values to element %lld of destination #%u "
                   "(the second at iteration %s)",
                   (long long)flat, k, it);
}

static bool dest_boxes(vtc_context *ctx, vtc_op *c, const int64_t *symbols, dest_run *d) {
  for (unsigned k = 0; k < d->num; k++)
    if (!vtc_affine_map_eval(vtc_te_compute_box(c, k), NULL, symbols, &d->box[k * 2 * VTC_TE_MAX_RANK]))
      return vtc_error(ctx, c->loc, "te interpreter: the box of destination #%u divides by zero or overflows", k);
  return true;
}

static bool store_dests(compute_run *r, dest_run *d, const int64_t *point, scalar v) {
  unsigned nx = vtc_te_compute_num_store_indices(r->compute);
  int64_t dims[VTC_TE_MAX_RANK + 8];
  for (unsigned i = 0; i < r->rank; i++) dims[i] = point[i];
  for (unsigned i = 0; i < nx && i < 8; i++) dims[r->rank + i] = r->store_index[i];
  for (unsigned k = 0; k < d->num; k++) {
    const int64_t *box = &d->box[k * 2 * VTC_TE_MAX_RANK];
    bool inside = true;
    for (unsigned i = 0; i < r->rank; i++) inside &= point[i] >= box[2 * i] && point[i] < box[2 * i + 1];
    if (!inside) continue;
    vtc_tensor *t = &d->results[k];
    int64_t idx[VTC_MAX_RANK], flat = 0;
    if (!vtc_affine_map_eval(vtc_te_compute_store_map(r->compute, k), dims, r->symbols, idx))
      return vtc_error(r->ctx, r->compute->loc, "te interpreter: the store map of destination #%u divides by zero "
                                                "or overflows", k);
    for (int i = 0; i < t->rank; i++) {
      if (idx[i] < 0 || idx[i] >= t->dims[i]) {
        char is[128], it[128], ts[128];
        index_str(idx, (unsigned)t->rank, is, sizeof is);
        index_str(point, r->rank, it, sizeof it);
        shape_str(t, ts, sizeof ts);
        return vtc_error(r->ctx, r->compute->loc,
                         "te.compute stores index %s outside its destination #%u %s, at iteration %s", is, k, ts, it);
      }
      flat = flat * t->dims[i] + idx[i];
    }
    uint8_t before[16] = {0};
    memcpy(before, vtc_tensor_elem(t, flat), vtc_dtype_size(t->dtype));
    store(t, flat, vtc_op_result(r->compute, k)->type->element, v);
    if (!check_agree(r, d, k, flat, before, point)) return false;
  }
  return true;
}

/* Runs a compute: into `result` (a fresh tensor) without destinations, or
 * into dests->results (copies of the destinations, set by the caller). */
static bool run_compute(vtc_context *ctx, vtc_op *c, const vtc_tensor *const *inputs, const int64_t *symbols,
                        vtc_tensor *result, dest_run *dests) {
  const vtc_type *rt = vtc_te_compute_type(c);
  const vtc_affine_map *shape = vtc_te_compute_shape(c), *reduce = vtc_te_compute_reduce(c);
  unsigned rank = shape->num_results, nred = reduce ? reduce->num_results : 0;
  if (rank > VTC_MAX_RANK || nred > 16) return vtc_error(ctx, c->loc, "te interpreter: rank too large");
  int64_t dims[VTC_MAX_RANK] = {0}, ext[16] = {0};
  if (!eval_extents(ctx, c, "shape", shape, symbols, dims)) return false;
  if (reduce && !eval_extents(ctx, c, "reduce", reduce, symbols, ext)) return false;
  if (dests && !dest_boxes(ctx, c, symbols, dests)) return false;
  for (unsigned i = 0; i < rank && !dests; i++)
    if (vtc_tensor_dim(rt, i) != VTC_DYNAMIC && vtc_tensor_dim(rt, i) != dims[i])
      return vtc_error(ctx, c->loc, "te interpreter: 'shape' gives %" PRId64 " for dimension %u, but the type says %" PRId64,
                       dims[i], i, vtc_tensor_dim(rt, i));
  if (!check_domain(ctx, c, rank, dims, nred, ext)) return false;
  vtc_dtype dt;
  if (!vtc_te_dtype_of(rt->element, &dt)) return vtc_error(ctx, c->loc, "te interpreter: unsupported element type");
  char err[256];
  if (!dests && vtc_tensor_create(result, dt, (int)rank, dims, err, sizeof err) != 0)
    return vtc_error(ctx, c->loc, "te interpreter: %s", err);

  compute_run r = {.ctx = ctx, .compute = c, .symbols = symbols, .rank = rank, .nred = nred};
  bool ok = compile_body(&r, inputs);
  vtc_te_combiner comb = vtc_te_compute_combiner(c);
  scalar init = {0, 0};
  if (reduce) attr_scalar(vtc_te_compute_init(c), &init);
  bool is_float = vtc_type_is_float(rt->element);
  /* checked above when numel > 0 */
  int64_t numel = domain_size(rank, dims), nred_points = domain_size(nred, ext), point[VTC_MAX_RANK];
  /* Store indices come from the body, which an empty reduction never runs. */
  if (ok && dests && reduce && numel > 0 && nred_points == 0 && vtc_te_compute_num_store_indices(c))
    ok = vtc_error(ctx, c->loc, "te interpreter: an index-dependent store of an empty reduction has no position");
  for (int64_t e = 0; ok && e < numel; e++) {
    int64_t rem = e;
    for (unsigned d = rank; d-- > 0;) {
      point[d] = r.slots[d].i = rem % dims[d];
      rem /= dims[d];
    }
    scalar v = init;
    for (int64_t p = 0; ok && p < (reduce ? nred_points : 1); p++) {
      int64_t q = p;
      for (unsigned d = nred; d-- > 0;) {
        r.slots[rank + d].i = q % ext[d];
        q /= ext[d];
      }
      scalar x = {0, 0};
      ok = eval_body(&r, &x);
      if (!reduce) v = x;
      else if (is_float) v.f = vtc_te_combine(comb, v.f, x.f);
      else v.i = combine_int(comb, v.i, x.i);
    }
    if (ok && dests) ok = store_dests(&r, dests, point, v);
    else if (ok) store(result, e, rt->element, v);
  }
  free_run(&r);
  if (!ok && !dests) vtc_tensor_free(result);
  return ok;
}

/* ---- the function ------------------------------------------------------------------- */

/* A function-level value: a tensor (owned) or a scalar. */
typedef struct fvalue {
  bool is_tensor;
  vtc_tensor t;
  scalar s;
} fvalue;

typedef struct func_run {
  vtc_context *ctx;
  vtc_ptrmap values; /* vtc_value* -> fvalue* */
  VTC_VEC(fvalue *) all;
} func_run;

static fvalue *new_value(func_run *fr, vtc_value *v) {
  fvalue *x = vtc_xcalloc(1, sizeof *x);
  VTC_VEC_PUSH(&fr->all, x);
  vtc_ptrmap_put(&fr->values, v, x);
  return x;
}

static bool check_input(vtc_context *ctx, vtc_op *func, unsigned i, const vtc_type *t, const vtc_tensor *in) {
  char ts[128];
  shape_str(in, ts, sizeof ts);
  if (t->kind != VTC_TYPE_TENSOR) {
    if (vtc_tensor_numel(in) != 1)
      return vtc_error(ctx, func->loc, "te interpreter: scalar argument #%u needs a one-element tensor, got %s", i, ts);
    return true;
  }
  vtc_dtype dt;
  if (!vtc_te_dtype_of(t->element, &dt) || dt != in->dtype || (unsigned)in->rank != t->rank)
    return vtc_error(ctx, func->loc, "te interpreter: argument #%u is %s, which does not match its type", i, ts);
  for (unsigned d = 0; d < t->rank; d++)
    if (vtc_tensor_dim(t, d) != VTC_DYNAMIC && vtc_tensor_dim(t, d) != in->dims[d])
      return vtc_error(ctx, func->loc, "te interpreter: argument #%u is %s: dimension %u must be %" PRId64, i, ts, d,
                       vtc_tensor_dim(t, d));
  return true;
}

static bool dense_tensor(vtc_context *ctx, vtc_op *op, const vtc_attr *v, vtc_tensor *out) {
  const vtc_type *t = v->type;
  vtc_dtype dt;
  if (!vtc_tensor_has_static_shape(t) || !vtc_te_dtype_of(t->element, &dt) || t->rank > VTC_MAX_RANK)
    return vtc_error(ctx, op->loc, "te interpreter: unsupported constant");
  if (!vtc_dense_data(v))
    return vtc_error(ctx, op->loc, "te interpreter: the constant's dense_resource blob is missing or too small");
  int64_t dims[VTC_MAX_RANK];
  for (unsigned i = 0; i < t->rank; i++) dims[i] = vtc_tensor_dim(t, i);
  char err[256];
  if (vtc_tensor_create(out, dt, (int)t->rank, dims, err, sizeof err) != 0)
    return vtc_error(ctx, op->loc, "te interpreter: %s", err);
  int64_t n = vtc_tensor_numel(out);
  for (int64_t e = 0; e < n; e++) {
    int64_t k = v->splat ? 0 : e;
    vtc_tensor_set_f64(out, e, vtc_type_is_float(t->element) ? vtc_dense_get_f64(v, k) : (double)vtc_dense_get_i64(v, k));
  }
  return true;
}

static fvalue *lookup(func_run *fr, vtc_op *op, unsigned i) {
  fvalue *x = vtc_ptrmap_get(&fr->values, vtc_op_operand(op, i));
  if (!x) vtc_error(fr->ctx, op->loc, "te interpreter: operand #%u has no value", i);
  return x;
}

/* A compute with destinations: each result a copy of its destination (value
 * semantics: the destination itself stays as it was), then updated. */
static bool run_into(func_run *fr, vtc_op *op, const vtc_tensor *const *ins, const int64_t *syms, unsigned nd) {
  dest_run d = {.num = nd, .results = vtc_xcalloc(nd + 1, sizeof *d.results)};
  char err[256];
  bool ok = nd <= VTC_TE_MAX_RANK || vtc_error(fr->ctx, op->loc, "te interpreter: too many destinations");
  unsigned made = 0;
  for (; ok && made < nd; made++) {
    fvalue *x = lookup(fr, op, op->num_operands - nd + made);
    if (!x || !x->is_tensor) ok = x ? vtc_error(fr->ctx, op->loc, "te interpreter: a destination is not a tensor") : false;
    else if (vtc_tensor_clone(&x->t, &d.results[made], err, sizeof err) != 0) ok = vtc_error(fr->ctx, op->loc, "%s", err);
    if (!ok) break;
  }
  for (unsigned k = 0; ok && k < made && vtc_te_compute_stores_agree(op); k++)
    d.written[k] = vtc_xcalloc((size_t)vtc_tensor_numel(&d.results[k]) + 1, 1);
  if (ok) ok = run_compute(fr->ctx, op, ins, syms, NULL, &d);
  for (unsigned k = 0; k < made; k++) {
    free(d.written[k]);
    if (!ok) {
      vtc_tensor_free(&d.results[k]);
      continue;
    }
    fvalue *res = new_value(fr, vtc_op_result(op, k));
    res->is_tensor = true;
    res->t = d.results[k];
  }
  free(d.results);
  return ok;
}

static bool run_op(func_run *fr, vtc_op *op);

/* A subprogram's block arguments and results name its operands' and its
 * te.return's values (value semantics: nothing is copied). */
static bool run_subprogram(func_run *fr, vtc_op *op) {
  vtc_block *body = vtc_te_subprogram_body(op);
  for (unsigned i = 0; i < op->num_operands; i++) {
    fvalue *x = lookup(fr, op, i);
    if (!x) return false;
    vtc_ptrmap_put(&fr->values, body->args[i], x);
  }
  for (vtc_op *o = body->first; o; o = o->next) {
    if (!vtc_te_is_return(o)) {
      if (!run_op(fr, o)) return false;
      continue;
    }
    for (unsigned i = 0; i < o->num_operands; i++) {
      fvalue *x = lookup(fr, o, i);
      if (!x) return false;
      vtc_ptrmap_put(&fr->values, vtc_op_result(op, i), x);
    }
    return true;
  }
  return vtc_error(fr->ctx, op->loc, "te interpreter: the te.subprogram has no te.return");
}

static bool run_op(func_run *fr, vtc_op *op) {
  vtc_context *ctx = fr->ctx;
  int code = vtc_arith_opcode_of(op);
  if (vtc_te_is_subprogram(op)) return run_subprogram(fr, op);
  if (vtc_te_is_compute(op)) {
    unsigned ni = vtc_te_compute_num_inputs(op), ns = vtc_te_compute_num_symbols(op);
    const vtc_tensor **ins = vtc_xcalloc(ni + 1, sizeof *ins);
    int64_t *syms = vtc_xcalloc(ns + 1, sizeof *syms);
    bool ok = true;
    for (unsigned i = 0; ok && i < ni + ns; i++) {
      fvalue *x = lookup(fr, op, i);
      if (!x) ok = false;
      else if (i < ni && !x->is_tensor) ok = vtc_error(ctx, op->loc, "te interpreter: input #%u is not a tensor", i);
      else if (i < ni) ins[i] = &x->t;
      else syms[i - ni] = x->s.i;
    }
    for (unsigned i = 0; ok && i < ni; i++) {
      const vtc_type *t = vtc_op_operand(op, i)->type;
      if ((unsigned)ins[i]->rank != t->rank) ok = vtc_error(ctx, op->loc, "te interpreter: input #%u has the wrong rank", i);
    }
    unsigned nd = vtc_te_compute_num_dests(op);
    if (ok && nd) {
      ok = run_into(fr, op, ins, syms, nd);
    } else if (ok) {
      fvalue *res = new_value(fr, vtc_op_result(op, 0));
      res->is_tensor = true;
      ok = run_compute(ctx, op, ins, syms, &res->t, NULL);
    }
    free(ins);
    free(syms);
    return ok;
  }
  if (vtc_te_is_dim(op)) {
    fvalue *x = lookup(fr, op, 0);
    if (!x) return false;
    unsigned d = vtc_te_dim_index(op);
    if (!x->is_tensor || (int)d >= x->t.rank) return vtc_error(ctx, op->loc, "te interpreter: bad te.dim operand");
    fvalue *res = new_value(fr, vtc_op_result(op, 0));
    res->s.i = x->t.dims[d];
    return true;
  }
  if (vtc_te_is_assert(op)) {
    int64_t args[VTC_CHECK_MAX_ARGS];
    for (unsigned i = 0; i < op->num_operands && i < VTC_CHECK_MAX_ARGS; i++) {
      fvalue *x = lookup(fr, op, i);
      if (!x || x->is_tensor) return x ? vtc_error(ctx, op->loc, "te interpreter: a te.assert on a tensor") : false;
      args[i] = x->s.i;
    }
    return check_assert(ctx, op, args);
  }
  if (code == VTC_ARITH_CONSTANT) {
    const vtc_attr *v = vtc_op_get_attr(op, "value");
    fvalue *res = new_value(fr, vtc_op_result(op, 0));
    if (v && v->kind == VTC_ATTR_DENSE) {
      res->is_tensor = true;
      return dense_tensor(ctx, op, v, &res->t);
    }
    if (!v || !attr_scalar(v, &res->s)) return vtc_error(ctx, op->loc, "te interpreter: unsupported constant");
    return true;
  }
  if (code >= 0 && op->num_results == 1 && op->num_operands <= 3) {
    scalar a[3] = {{0, 0}, {0, 0}, {0, 0}};
    for (unsigned i = 0; i < op->num_operands; i++) {
      fvalue *x = lookup(fr, op, i);
      if (!x) return false;
      if (x->is_tensor) return vtc_error(ctx, op->loc, "te interpreter: arith on tensors is not supported");
      a[i] = x->s;
    }
    char err[256];
    fvalue *res = new_value(fr, vtc_op_result(op, 0));
    const vtc_type *at = op->num_operands ? vtc_op_operand(op, 0)->type : NULL;
    if (!eval_arith(op, code, vtc_op_result(op, 0)->type, at, vtc_op_get_int_attr(op, "predicate", 0), a, &res->s, err,
                    sizeof err))
      return vtc_error(ctx, op->loc, "te interpreter: %s", err);
    return true;
  }
  return vtc_error(ctx, op->loc, "te interpreter: '%s' is not supported outside a te.compute body", op->name->name);
}

static bool return_values(func_run *fr, vtc_op *ret, vtc_tensor **outputs, unsigned *num_outputs) {
  vtc_tensor *outs = vtc_xcalloc(ret->num_operands + 1, sizeof *outs);
  char err[256];
  for (unsigned i = 0; i < ret->num_operands; i++) {
    fvalue *x = lookup(fr, ret, i);
    bool ok = x != NULL;
    if (ok && x->is_tensor) {
      ok = vtc_tensor_clone(&x->t, &outs[i], err, sizeof err) == 0 || vtc_error(fr->ctx, ret->loc, "%s", err);
    } else if (ok) {
      const vtc_type *t = vtc_op_operand(ret, i)->type;
      bool fl = vtc_type_is_float(t);
      ok = vtc_tensor_create(&outs[i], fl ? VTC_F64 : VTC_I64, 0, NULL, err, sizeof err) == 0;
      if (ok) vtc_tensor_set_f64(&outs[i], 0, fl ? x->s.f : (double)x->s.i);
    }
    if (!ok) {
      vtc_tensor_free_array(outs, i + 1);
      return false;
    }
  }
  *outputs = outs;
  *num_outputs = ret->num_operands;
  return true;
}

bool vtc_te_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                      unsigned *num_outputs) {
  vtc_context *ctx = vtc_op_context(func);
  *outputs = NULL;
  *num_outputs = 0;
  const vtc_type *ft = vtc_func_get_type(func);
  vtc_block *entry = func->num_regions ? vtc_op_region(func, 0)->first : NULL;
  if (!ft || !entry) return vtc_error(ctx, func->loc, "te interpreter: expected a func.func with a body");
  if (num_inputs != ft->num_inputs || entry->num_args != num_inputs)
    return vtc_error(ctx, func->loc, "te interpreter: the function takes %u arguments, but %u inputs were given",
                     ft->num_inputs, num_inputs);
  func_run fr = {.ctx = ctx};
  bool ok = true;
  for (unsigned i = 0; ok && i < num_inputs; i++) {
    const vtc_type *t = entry->args[i]->type;
    ok = check_input(ctx, func, i, t, &inputs[i]);
    if (!ok) break;
    fvalue *x = new_value(&fr, entry->args[i]);
    if (t->kind == VTC_TYPE_TENSOR) {
      char err[256];
      x->is_tensor = true;
      ok = vtc_tensor_clone(&inputs[i], &x->t, err, sizeof err) == 0 || vtc_error(ctx, func->loc, "%s", err);
    } else if (vtc_type_is_float(t)) {
      x->s.f = vtc_tensor_get_f64(&inputs[i], 0);
    } else {
      x->s.i = wrap(t, vtc_tensor_get_i64(&inputs[i], 0));
    }
  }
  bool returned = false;
  for (vtc_op *op = entry->first; ok && op; op = op->next) {
    if (strcmp(op->name->name, "func.return") == 0) {
      ok = return_values(&fr, op, outputs, num_outputs);
      returned = true;
      break;
    }
    ok = run_op(&fr, op);
  }
  if (ok && !returned) ok = vtc_error(ctx, func->loc, "te interpreter: the function body has no func.return");
  for (size_t i = 0; i < fr.all.len; i++) {
    vtc_tensor_free(&fr.all.data[i]->t);
    free(fr.all.data[i]);
  }
  VTC_VEC_FREE(&fr.all);
  vtc_ptrmap_free(&fr.values);
  return ok;
}

