/* The gir interpreter: runs host functions and CPU-style kernels one unit
 * after another (dialects/gir/interpreter.h), with the scalar semantics of
 * the te interpreter (floats in f64, rounded when stored), checked memory
 * accesses and buffer lifetimes. Numeric reference for lower-te-to-gir. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith_eval.h"
#include "dialects/builtin/dialects.h"
#include "dialects/gir/interpreter.h"
#include "dialects/te/interpreter.h"
#include "ir/assert_op.h"
#include "ir/diagnostics.h"
#include "ir/ptrmap.h"

typedef vtc_arith_scalar gscalar;

/* A global or shared buffer. `init` marks written elements, so a read of
 * uninitialised memory is an error (a missing store in a kernel). */
typedef struct gbuf {
  vtc_tensor t;
  const vtc_type *elem;
  bool is_float, freed, moved, host, returned;
  uint8_t *init;
  const vtc_loc *loc;
} gbuf;

enum { GV_NONE, GV_SCALAR, GV_BUF, GV_VIEW, GV_SLICE };

typedef struct gval {
  int kind;
  gscalar s;
  gbuf *buf;                       /* buffer and view */
  int64_t offset, stride, vnum, vwidth; /* view */
  bool masked;
  gscalar pad;
  int64_t num, width;              /* view and slice */
  gscalar *elems;                  /* slice, num * width */
  size_t cap;
} gval;

/* The failed kernel assertion a launch reports when it ends: the one with
 * the smallest order (the first in time among equal ones). */
typedef struct failed_assert {
  vtc_op *op;
  uint64_t order;
  int64_t args[VTC_CHECK_MAX_ARGS];
} failed_assert;

typedef struct interp {
  vtc_context *ctx;
  vtc_ptrmap vals; /* vtc_value * -> gval * */
  VTC_VEC(gbuf *) bufs;
  int64_t unit, units, group, groups, group_size;
  failed_assert failed; /* in the running launch; op NULL: none */
} interp;

static bool fail(interp *I, vtc_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(interp *I, vtc_op *op, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vtc_error(I->ctx, op->loc, "gir interpreter: '%s': %s", op->name->name, msg);
}

static gval *slot(interp *I, vtc_value *v) {
  gval *g = vtc_ptrmap_get(&I->vals, v);
  if (!g) {
    g = vtc_xcalloc(1, sizeof *g);
    vtc_ptrmap_put(&I->vals, v, g);
  }
  return g;
}

static gval *val(interp *I, vtc_op *op, unsigned i) { return slot(I, vtc_op_operand(op, i)); }

static void slice_resize(gval *g, int64_t num, int64_t width) {
  size_t n = (size_t)(num * width);
  if (g->cap < n) {
    free(g->elems);
    g->elems = vtc_xcalloc(n, sizeof *g->elems);
    g->cap = n;
  }
  g->kind = GV_SLICE;
  g->num = num;
  g->width = width;
}

static void gval_copy(gval *dst, const gval *src) {
  if (dst == src) return;
  gscalar *e = dst->elems;
  size_t cap = dst->cap;
  *dst = *src;
  dst->elems = e;
  dst->cap = cap;
  if (src->kind == GV_SLICE) {
    slice_resize(dst, src->num, src->width);
    memcpy(dst->elems, src->elems, (size_t)(src->num * src->width) * sizeof *dst->elems);
  }
}

/* ---- scalars (the te interpreter's semantics) ---------------------------------------- */

static int64_t wrap(const vtc_type *t, int64_t v) { return t->kind == VTC_TYPE_INTEGER ? vtc_int_truncate(t, v) : v; }

/* arith/math ops with arith's RUN semantics (arith_eval.h). */
static bool eval_arith(interp *I, vtc_op *op, const gscalar *a, gscalar *out) {
  int code = vtc_arith_opcode_of(op);
  const vtc_type *rt = op->num_results ? vtc_op_result(op, 0)->type : NULL;
  const vtc_type *at = op->num_operands ? vtc_op_operand(op, 0)->type : rt;
  if (code == VTC_ARITH_CONSTANT) {
    const vtc_attr *c = vtc_op_get_attr(op, "value");
    if (!c || (c->kind != VTC_ATTR_INTEGER && c->kind != VTC_ATTR_FLOAT)) return fail(I, op, "not a scalar constant");
    out->i = c->kind == VTC_ATTR_FLOAT ? 0 : c->i;
    out->f = c->kind == VTC_ATTR_FLOAT ? c->f : 0;
    return true;
  }
  const char *why = NULL;
  if (code >= 0 && rt &&
      vtc_arith_eval((vtc_arith_opcode)code, at, rt, vtc_op_get_int_attr(op, "predicate", 0), VTC_ARITH_EVAL_RUN, a, out,
                     &why))
    return true;
  return fail(I, op, "%s", why ? why : "no interpreter semantics");
}

static bool run_arith(interp *I, vtc_op *op) {
  gscalar a[3] = {{0, 0}, {0, 0}, {0, 0}}, r;
  if (op->num_operands > 3 || op->num_results != 1) return fail(I, op, "unsupported arith/math form");
  for (unsigned i = 0; i < op->num_operands; i++) {
    gval *g = val(I, op, i);
    if (g->kind != GV_SCALAR) return fail(I, op, "operand #%u is not a scalar", i);
    a[i] = g->s;
  }
  if (!eval_arith(I, op, a, &r)) return false;
  gval *out = slot(I, vtc_op_result(op, 0));
  out->kind = GV_SCALAR;
  out->s = r;
  return true;
}

/* ---- buffers ---------------------------------------------------------------------------- */

static gbuf *new_buf(interp *I, vtc_op *op, const vtc_type *elem, unsigned rank, const int64_t *dims) {
  vtc_dtype dt;
  char err[256];
  if (!vtc_te_dtype_of(elem, &dt) || elem->kind == VTC_TYPE_INDEX) {
    fail(I, op, "element type has no interpreter storage");
    return NULL;
  }
  gbuf *b = vtc_xcalloc(1, sizeof *b);
  if (vtc_tensor_create(&b->t, dt, (int)rank, dims, err, sizeof err)) {
    free(b);
    fail(I, op, "%s", err);
    return NULL;
  }
  b->elem = elem;
  b->is_float = vtc_type_is_float(elem);
  b->init = vtc_xcalloc((size_t)vtc_tensor_numel(&b->t) + 1, 1);
  b->loc = op->loc;
  VTC_VEC_PUSH(&I->bufs, b);
  return b;
}

static bool load_elem(interp *I, vtc_op *op, gbuf *b, int64_t idx, gscalar *out) {
  int64_t n = vtc_tensor_numel(&b->t);
  if (b->freed) return fail(I, op, "reads a freed buffer");
  if (idx < 0 || idx >= n)
    return fail(I, op, "reads element %lld of a buffer of %lld elements", (long long)idx, (long long)n);
  if (!b->init[idx]) return fail(I, op, "reads element %lld, which was never written", (long long)idx);
  out->f = b->is_float ? vtc_tensor_get_f64(&b->t, idx) : 0;
  out->i = b->is_float ? 0 : vtc_tensor_get_i64(&b->t, idx);
  return true;
}

static bool store_elem(interp *I, vtc_op *op, gbuf *b, int64_t idx, gscalar v) {
  int64_t n = vtc_tensor_numel(&b->t);
  if (b->freed) return fail(I, op, "writes a freed buffer");
  if (idx < 0 || idx >= n)
    return fail(I, op, "writes element %lld of a buffer of %lld elements", (long long)idx, (long long)n);
  void *p = vtc_tensor_elem(&b->t, idx);
  if (b->is_float) vtc_tensor_set_f64(&b->t, idx, v.f);
  else if (b->t.dtype == VTC_I64) memcpy(p, &v.i, 8);
  else if (b->t.dtype == VTC_I32) {
    int32_t x = (int32_t)v.i;
    memcpy(p, &x, 4);
  } else {
    *(uint8_t *)p = (uint8_t)(v.i & 1);
  }
  b->init[idx] = 1;
  return true;
}

/* Element (i, j) of a view or register slice. */
static bool read_at(interp *I, vtc_op *op, const gval *g, int64_t i, int64_t j, gscalar *out) {
  if (g->kind == GV_SLICE) {
    *out = g->elems[i * g->width + j];
    return true;
  }
  if (g->masked && (i >= g->vnum || j >= g->vwidth)) {
    *out = g->pad;
    return true;
  }
  return load_elem(I, op, g->buf, g->offset + i * g->stride + j, out);
}

static void scalar_of_attr(const vtc_attr *a, gscalar *s) {
  s->i = 0;
  s->f = 0;
  if (a && a->kind == VTC_ATTR_FLOAT) s->f = a->f;
  else if (a && a->kind == VTC_ATTR_INTEGER) s->i = a->i;
}

/* ---- ops ---------------------------------------------------------------------------------- */

static bool run_block(interp *I, vtc_block *b, vtc_op **terminator);

static bool run_view(interp *I, vtc_op *op) {
  gval *b = val(I, op, 0), *out = slot(I, vtc_op_result(op, 0));
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  if (b->kind != GV_BUF) return fail(I, op, "operand is not a buffer");
  out->kind = GV_VIEW;
  out->buf = b->buf;
  out->offset = val(I, op, 1)->s.i;
  unsigned k = 2;
  out->stride = s.stride == VTC_DYNAMIC ? val(I, op, k++)->s.i : s.stride;
  out->num = s.num;
  out->width = s.width;
  out->masked = op->num_operands >= k + 2;
  if (out->masked) {
    out->vnum = val(I, op, k)->s.i;
    out->vwidth = val(I, op, k + 1)->s.i;
  }
  scalar_of_attr(vtc_op_get_attr(op, VTC_GIR_ATTR_PADDING), &out->pad);
  return true;
}

static bool run_copy(interp *I, vtc_op *op) {
  gval *src = val(I, op, 0);
  if (op->num_results) {
    vtc_gir_slice_info s;
    vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
    gval tmp = {0};
    slice_resize(&tmp, s.num, s.width);
    for (int64_t i = 0; i < s.num; i++)
      for (int64_t j = 0; j < s.width; j++)
        if (!read_at(I, op, src, i, j, &tmp.elems[i * s.width + j])) {
          free(tmp.elems);
          return false;
        }
    gval_copy(slot(I, vtc_op_result(op, 0)), &tmp);
    free(tmp.elems);
    return true;
  }
  gval *dst = val(I, op, 1);
  if (dst->kind != GV_VIEW) return fail(I, op, "destination is not a view");
  for (int64_t i = 0; i < dst->num; i++)
    for (int64_t j = 0; j < dst->width; j++) {
      if (dst->masked && (i >= dst->vnum || j >= dst->vwidth)) continue;
      gscalar v = {0};
      if (!read_at(I, op, src, i, j, &v) || !store_elem(I, op, dst->buf, dst->offset + i * dst->stride + j, v))
        return false;
    }
  return true;
}

static bool run_elementwise(interp *I, vtc_op *op) {
  vtc_block *body = vtc_gir_elementwise_body(op);
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  gval res = {0};
  slice_resize(&res, s.num, s.width);
  bool pos = vtc_gir_elementwise_has_position(op), ok = true;
  for (int64_t i = 0; ok && i < s.num; i++)
    for (int64_t j = 0; ok && j < s.width; j++) {
      for (unsigned k = 0; k < op->num_operands; k++) {
        gval *a = val(I, op, k), *arg = slot(I, body->args[k]);
        arg->kind = GV_SCALAR;
        arg->s = a->kind == GV_SLICE ? a->elems[i * a->width + j] : a->s;
      }
      if (pos) {
        gval *gi = slot(I, body->args[op->num_operands]), *gj = slot(I, body->args[op->num_operands + 1]);
        gi->kind = gj->kind = GV_SCALAR;
        gi->s.i = i;
        gj->s.i = j;
      }
      vtc_op *y;
      ok = run_block(I, body, &y);
      if (ok) res.elems[i * s.width + j] = val(I, y, 0)->s;
    }
  if (ok) gval_copy(slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return ok;
}

static double combine_f(vtc_gir_combiner c, double a, double b) {
  switch (c) {
  case VTC_GIR_SUM: return a + b;
  case VTC_GIR_PROD: return a * b;
  case VTC_GIR_MAX: return vtc_arith_maximumf(a, b);
  default: return vtc_arith_minimumf(a, b);
  }
}

static int64_t combine_i(vtc_gir_combiner c, int64_t a, int64_t b) {
  switch (c) {
  case VTC_GIR_SUM: return (int64_t)((uint64_t)a + (uint64_t)b);
  case VTC_GIR_PROD: return (int64_t)((uint64_t)a * (uint64_t)b);
  case VTC_GIR_MAX: return a > b ? a : b;
  default: return a < b ? a : b;
  }
}

static bool run_reduce(interp *I, vtc_op *op) {
  gval *x = val(I, op, 0);
  vtc_gir_combiner c = vtc_gir_reduce_combiner(op);
  bool width = vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH;
  bool fl = vtc_type_is_float(vtc_gir_elem_type(I->ctx, vtc_op_operand(op, 0)->type));
  const vtc_type *rt = vtc_gir_elem_type(I->ctx, vtc_op_result(op, 0)->type);
  gval res = {0};
  int64_t outer = width ? x->num : x->width, inner = width ? x->width : x->num;
  slice_resize(&res, width ? x->num : 1, width ? 1 : x->width);
  for (int64_t o = 0; o < outer; o++) {
    gscalar acc = width ? x->elems[o * x->width] : x->elems[o];
    for (int64_t k = 1; k < inner; k++) {
      gscalar e = width ? x->elems[o * x->width + k] : x->elems[k * x->width + o];
      if (fl) acc.f = combine_f(c, acc.f, e.f);
      else acc.i = wrap(rt, combine_i(c, acc.i, e.i));
    }
    res.elems[o] = acc;
  }
  gval_copy(slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

static bool run_broadcast(interp *I, vtc_op *op) {
  gval *x = val(I, op, 0);
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  gval res = {0};
  slice_resize(&res, s.num, s.width);
  bool scalar = x->kind == GV_SCALAR || (x->num == 1 && x->width == 1);
  bool width = vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH;
  for (int64_t i = 0; i < s.num; i++)
    for (int64_t j = 0; j < s.width; j++)
      res.elems[i * s.width + j] = x->kind == GV_SCALAR ? x->s
                                   : scalar            ? x->elems[0]
                                   : width             ? x->elems[i]
                                                       : x->elems[j];
  gval_copy(slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

static bool run_mma(interp *I, vtc_op *op) {
  gval *a = val(I, op, 0), *b = val(I, op, 1), *c = val(I, op, 2);
  bool fl = vtc_type_is_float(vtc_gir_elem_type(I->ctx, vtc_op_operand(op, 2)->type));
  gval res = {0};
  slice_resize(&res, c->num, c->width);
  for (int64_t m = 0; m < c->num; m++)
    for (int64_t n = 0; n < c->width; n++) {
      gscalar acc = c->elems[m * c->width + n];
      for (int64_t k = 0; k < a->width; k++) {
        gscalar x = a->elems[m * a->width + k], y = b->elems[k * b->width + n];
        if (fl) acc.f += x.f * y.f;
        else acc.i += x.i * y.i;
      }
      res.elems[m * c->width + n] = acc;
    }
  gval_copy(slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

static bool run_for(interp *I, vtc_op *op) {
  int64_t lb = val(I, op, 0)->s.i, ub = val(I, op, 1)->s.i, step = val(I, op, 2)->s.i;
  if (step <= 0) return fail(I, op, "step %lld is not positive", (long long)step);
  vtc_block *body = vtc_gir_for_body(op);
  unsigned n = vtc_gir_for_num_iter(op);
  for (unsigned k = 0; k < n; k++) gval_copy(slot(I, body->args[1 + k]), val(I, op, 3 + k));
  for (int64_t iv = lb; iv < ub; iv += step) {
    gval *g = slot(I, body->args[0]);
    g->kind = GV_SCALAR;
    g->s.i = iv;
    vtc_op *y;
    if (!run_block(I, body, &y)) return false;
    for (unsigned k = 0; k < n; k++) gval_copy(slot(I, body->args[1 + k]), val(I, y, k));
  }
  for (unsigned k = 0; k < n; k++) gval_copy(slot(I, vtc_op_result(op, k)), slot(I, body->args[1 + k]));
  return true;
}

static void report_assert(interp *I, vtc_op *op, const int64_t *args) {
  char *msg = vtc_assert_format(op, args);
  vtc_error(I->ctx, op->loc, "%s", msg);
  free(msg);
}

/* On the host a failure stops the program; in a kernel it is recorded and
 * the unit goes on (its accesses must stay in bounds: the producer clamps). */
static bool run_assert(interp *I, vtc_op *op) {
  int64_t args[VTC_CHECK_MAX_ARGS];
  unsigned n = vtc_assert_num_args(op);
  for (unsigned i = 0; i < n && i < VTC_CHECK_MAX_ARGS; i++) args[i] = val(I, op, i)->s.i;
  if (vtc_check_holds(vtc_assert_relation(op), args[0], args[1])) return true;
  if (!vtc_gir_enclosing_kernel(op)) {
    report_assert(I, op, args);
    return false;
  }
  vtc_value *ord = vtc_assert_order(op);
  uint64_t order = ord ? (uint64_t)val(I, op, op->num_operands - 1)->s.i : UINT64_MAX;
  if (I->failed.op && I->failed.order <= order) return true;
  I->failed.op = op;
  I->failed.order = order;
  memcpy(I->failed.args, args, sizeof args);
  return true;
}

static bool run_launch(interp *I, vtc_op *op) {
  vtc_op *k = vtc_gir_launch_lookup_kernel(op);
  if (!k) return fail(I, op, "kernel not found");
  /* Units run one after the other, CPU or GPU alike: a barrier among several
   * units (which would need them to interleave) fails at the gir.sync. */
  vtc_block *body = vtc_gir_kernel_body(k);
  for (unsigned a = 0; a < vtc_gir_launch_num_args(op); a++)
    gval_copy(slot(I, body->args[a]), slot(I, vtc_gir_launch_arg(op, a)));
  interp saved = *I;
  I->groups = slot(I, vtc_gir_launch_groups(op))->s.i;
  I->group_size = vtc_gir_kernel_group_size(k);
  I->units = I->groups * I->group_size;
  bool ok = true;
  for (I->unit = 0; ok && I->unit < I->units; I->unit++) {
    I->group = I->unit / I->group_size;
    vtc_op *t;
    ok = run_block(I, body, &t);
  }
  I->unit = saved.unit;
  I->units = saved.units;
  I->group = saved.group;
  I->groups = saved.groups;
  I->group_size = saved.group_size;
  if (ok && I->failed.op) {
    report_assert(I, I->failed.op, I->failed.args);
    ok = false;
  }
  I->failed.op = NULL;
  return ok;
}

static bool run_gir(interp *I, vtc_op *op) {
  gval *out = op->num_results ? slot(I, vtc_op_result(op, 0)) : NULL;
  if (vtc_gir_is(op, "view")) return run_view(I, op);
  if (vtc_gir_is(op, "copy")) return run_copy(I, op);
  if (vtc_gir_is(op, "elementwise")) return run_elementwise(I, op);
  if (vtc_gir_is(op, "for")) return run_for(I, op);
  if (vtc_gir_is(op, "id") || vtc_gir_is(op, "count")) {
    vtc_gir_dim d = vtc_gir_id_dim(op);
    bool id = vtc_gir_is(op, "id");
    out->kind = GV_SCALAR;
    out->s.i = d == VTC_GIR_DIM_UNIT ? (id ? I->unit : I->units)
               : d == VTC_GIR_DIM_GROUP ? (id ? I->group : I->groups)
                                        : (id ? I->unit % I->group_size : I->group_size);
    return true;
  }
  if (vtc_gir_is(op, "extract")) {
    const vtc_attr *p = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
    gval *x = val(I, op, 0);
    int64_t i = p->elems[0].value->i, j = p->elems[1].value->i;
    out->kind = GV_SCALAR;
    out->s = x->elems[i * x->width + j];
    return true;
  }
  if (vtc_gir_is(op, "prefetch")) return true; /* a hint */
  if (vtc_gir_is(op, "transpose")) { /* element [i, j] to [j, i] */
    gval *x = val(I, op, 0), tmp = {0};
    slice_resize(&tmp, x->width, x->num);
    for (int64_t i = 0; i < x->num; i++)
      for (int64_t j = 0; j < x->width; j++) tmp.elems[j * x->num + i] = x->elems[i * x->width + j];
    gval_copy(out, &tmp);
    free(tmp.elems);
    return true;
  }
  if (vtc_gir_is(op, "broadcast")) return run_broadcast(I, op);
  if (vtc_gir_is(op, "reduce")) return run_reduce(I, op);
  if (vtc_gir_is(op, "mma")) return run_mma(I, op);
  if (vtc_gir_is(op, "sync")) {
    vtc_gir_scope sc = vtc_gir_sync_scope(op);
    if (op->num_results) { /* the same elements in row-major order, re-cut */
      gval *x = val(I, op, 0);
      vtc_gir_slice_info s;
      vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
      gval tmp = {0};
      slice_resize(&tmp, s.num, s.width);
      memcpy(tmp.elems, x->elems, (size_t)(s.num * s.width) * sizeof *tmp.elems);
      gval_copy(out, &tmp);
      free(tmp.elems);
      return true;
    }
    if ((sc == VTC_GIR_SCOPE_BLOCK && I->group_size > 1) || (sc == VTC_GIR_SCOPE_DEVICE && I->units > 1))
      return fail(I, op, "a barrier among several units cannot run sequentially");
    return true;
  }
  if (vtc_gir_is(op, "dim")) {
    gval *b = val(I, op, 0);
    if (b->kind != GV_BUF) return fail(I, op, "operand is not a buffer");
    out->kind = GV_SCALAR;
    out->s.i = b->buf->t.dims[vtc_gir_dim_index(op)];
    return true;
  }
  if (vtc_gir_is(op, "alloc")) {
    vtc_gir_buffer_info bi;
    vtc_gir_buffer_info_of(I->ctx, vtc_op_result(op, 0)->type, &bi);
    unsigned k = 0;
    for (unsigned d = 0; d < bi.rank; d++)
      if (bi.dims[d] == VTC_DYNAMIC) bi.dims[d] = val(I, op, k++)->s.i;
    gbuf *b = new_buf(I, op, bi.elem, bi.rank, bi.dims);
    if (!b) return false;
    b->host = !vtc_gir_enclosing_kernel(op);
    out->kind = GV_BUF;
    out->buf = b;
    return true;
  }
  if (vtc_gir_is(op, "free")) {
    gval *b = val(I, op, 0);
    if (b->kind != GV_BUF || b->buf->freed) return fail(I, op, "frees a buffer twice (or not a buffer)");
    b->buf->freed = true;
    return true;
  }
  if (vtc_gir_is(op, "launch")) return run_launch(I, op);
  if (vtc_gir_is(op, "assert")) return run_assert(I, op);
  return fail(I, op, "not supported by the interpreter");
}

static bool run_block(interp *I, vtc_block *b, vtc_op **terminator) {
  for (vtc_op *op = b->first; op; op = op->next) {
    const char *d = op->name->dialect;
    if (!op->next && (vtc_gir_is(op, "yield") || vtc_gir_is(op, "return") || vtc_op_is_named(op, "func.return"))) {
      *terminator = op;
      return true;
    }
    bool ok;
    if (d && (strcmp(d, "arith") == 0 || strcmp(d, "math") == 0)) ok = run_arith(I, op);
    else if (d && strcmp(d, "gir") == 0) ok = run_gir(I, op);
    else ok = fail(I, op, "not supported by the interpreter");
    if (!ok) return false;
  }
  *terminator = NULL;
  return true;
}

/* ---- the host function ---------------------------------------------------------------- */

static bool bind_input(interp *I, vtc_op *func, unsigned a, vtc_value *arg, const vtc_tensor *in) {
  vtc_gir_buffer_info bi;
  gval *g = slot(I, arg);
  if (vtc_gir_buffer_info_of(I->ctx, arg->type, &bi)) {
    vtc_dtype dt;
    if (!vtc_te_dtype_of(bi.elem, &dt) || dt != in->dtype || (unsigned)in->rank != bi.rank)
      return fail(I, func, "input #%u does not match the argument's element type and rank", a);
    for (unsigned d = 0; d < bi.rank; d++)
      if (bi.dims[d] != VTC_DYNAMIC && bi.dims[d] != in->dims[d])
        return fail(I, func, "input #%u has size %lld in dim %u, the argument %lld", a, (long long)in->dims[d], d,
                    (long long)bi.dims[d]);
    gbuf *b = new_buf(I, func, bi.elem, bi.rank, in->dims);
    if (!b) return false;
    memcpy(b->t.data, in->data, vtc_tensor_nbytes(in));
    memset(b->init, 1, (size_t)vtc_tensor_numel(in));
    g->kind = GV_BUF;
    g->buf = b;
    return true;
  }
  if (vtc_tensor_numel(in) != 1) return fail(I, func, "scalar input #%u must have one element", a);
  g->kind = GV_SCALAR;
  g->s.i = vtc_tensor_get_i64(in, 0);
  g->s.f = vtc_tensor_get_f64(in, 0);
  return true;
}

static bool collect(interp *I, vtc_op *ret, vtc_tensor **outputs, unsigned *num_outputs) {
  vtc_tensor *outs = vtc_xcalloc(ret->num_operands + 1, sizeof *outs);
  for (unsigned k = 0; k < ret->num_operands; k++) {
    gval *g = val(I, ret, k);
    if (g->kind == GV_BUF) {
      gbuf *b = g->buf;
      if (b->freed || b->moved) {
        vtc_tensor_free_array(outs, k);
        return fail(I, ret, "returns a freed buffer or one buffer twice (result #%u)", k);
      }
      int64_t n = vtc_tensor_numel(&b->t);
      for (int64_t e = 0; e < n; e++)
        if (!b->init[e]) {
          vtc_tensor_free_array(outs, k);
          return fail(I, ret, "result #%u: element %lld was never written", k, (long long)e);
        }
      outs[k] = b->t;
      memset(&b->t, 0, sizeof b->t);
      b->moved = true;
    } else {
      const vtc_type *t = vtc_op_operand(ret, k)->type;
      bool fl = vtc_type_is_float(t);
      vtc_tensor_create(&outs[k], fl ? VTC_F64 : VTC_I64, 0, NULL, NULL, 0);
      if (fl) vtc_tensor_set_f64(&outs[k], 0, g->s.f);
      else memcpy(outs[k].data, &g->s.i, 8);
    }
  }
  *outputs = outs;
  *num_outputs = ret->num_operands;
  return true;
}

bool vtc_gir_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                       unsigned *num_outputs) {
  interp I = {.ctx = vtc_op_context(func), .units = 1, .groups = 1, .group_size = 1};
  *outputs = NULL;
  *num_outputs = 0;
  vtc_block *entry = func->num_regions ? vtc_op_region(func, 0)->first : NULL;
  bool ok = entry != NULL || fail(&I, func, "function has no body");
  if (ok && num_inputs != entry->num_args)
    ok = fail(&I, func, "takes %u arguments, but %u inputs were given", entry->num_args, num_inputs);
  for (unsigned a = 0; ok && a < entry->num_args; a++) ok = bind_input(&I, func, a, entry->args[a], &inputs[a]);
  vtc_op *ret = NULL;
  if (ok) ok = run_block(&I, entry, &ret);
  if (ok && (!ret || !vtc_op_is_named(ret, "func.return"))) ok = fail(&I, func, "body does not end with func.return");
  if (ok) ok = collect(&I, ret, outputs, num_outputs);
  /* Host buffers must be freed or returned (arguments belong to the caller). */
  for (size_t i = 0; ok && i < I.bufs.len; i++) {
    gbuf *b = I.bufs.data[i];
    bool is_arg = false;
    for (unsigned a = 0; a < entry->num_args; a++) {
      gval *g = vtc_ptrmap_get(&I.vals, entry->args[a]);
      is_arg |= g && g->kind == GV_BUF && g->buf == b;
    }
    if (b->host && !b->freed && !b->moved && !is_arg) {
      ok = vtc_error(I.ctx, b->loc, "gir interpreter: buffer allocated here is neither freed nor returned");
      vtc_tensor_free_array(*outputs, *num_outputs);
      *outputs = NULL;
      *num_outputs = 0;
    }
  }
  for (size_t i = 0; i < I.bufs.len; i++) {
    vtc_tensor_free(&I.bufs.data[i]->t);
    free(I.bufs.data[i]->init);
    free(I.bufs.data[i]);
  }
  VTC_VEC_FREE(&I.bufs);
  for (size_t i = 0; i < I.vals.cap; i++)
    if (I.vals.keys[i] > VTC_PTRMAP_DELETED) {
      gval *g = I.vals.vals[i];
      free(g->elems);
      free(g);
    }
  vtc_ptrmap_free(&I.vals);
  return ok;
}
