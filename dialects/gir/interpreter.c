/* The gir interpreter: runs host functions and the kernels they launch
 * (dialects/gir/interpreter.h), with the scalar semantics of the te
 * interpreter (floats in f64, rounded when stored), checked memory accesses
 * and buffer lifetimes; launches and the units of a group are
 * interp_units.c's. Numeric reference for lower-te-to-gir and for
 * hand-written GPU kernels in CI. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/interp_impl.h"
#include "dialects/te/interpreter.h"
#include "ir/assert_op.h"
#include "ir/diagnostics.h"

bool gi_fail(interp *I, vtc_op *op, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vtc_error(I->ctx, op->loc, "gir interpreter: '%s': %s", op->name->name, msg);
}

/* ---- the step budget (interpreter.h) ---------------------------------------------- */

static bool over_budget(interp *I, vtc_op *op, const char *what, int64_t n) {
  return gi_fail(I, op, "%s: too large to interpret (the run would take more than %lld steps; %lld %s)", what,
                 (long long)VTC_GIR_INTERP_MAX_STEPS, (long long)n, n == INT64_MAX ? "or more" : "more needed");
}

bool gi_charge(interp *I, vtc_op *op, int64_t n) {
  if (n > VTC_GIR_INTERP_MAX_STEPS - I->steps) return over_budget(I, op, "the run", n);
  I->steps += n;
  return true;
}

bool gi_afford(interp *I, vtc_op *op, const char *what, int64_t trips, int64_t first) {
  int64_t left = VTC_GIR_INTERP_MAX_STEPS - I->steps, need;
  if (__builtin_mul_overflow(trips, first > 0 ? first : 1, &need)) need = INT64_MAX;
  return need <= left || over_budget(I, op, what, need);
}

gval *gi_slot(interp *I, vtc_value *v) {
  gval *g = vtc_ptrmap_get(I->vals, v);
  if (!g) {
    g = vtc_xcalloc(1, sizeof *g);
    vtc_ptrmap_put(I->vals, v, g);
  }
  return g;
}

gval *gi_val(interp *I, vtc_op *op, unsigned i) { return gi_slot(I, vtc_op_operand(op, i)); }

void gi_gvals_free(vtc_ptrmap *m) {
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i] > VTC_PTRMAP_DELETED) {
      gval *g = m->vals[i];
      free(g->elems);
      free(g);
    }
  vtc_ptrmap_free(m);
}

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

void gi_gval_copy(gval *dst, const gval *src) {
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
    if (!c || (c->kind != VTC_ATTR_INTEGER && c->kind != VTC_ATTR_FLOAT)) return gi_fail(I, op, "not a scalar constant");
    out->i = c->kind == VTC_ATTR_FLOAT ? 0 : c->i;
    out->f = c->kind == VTC_ATTR_FLOAT ? c->f : 0;
    return true;
  }
  const char *why = NULL;
  if (code >= 0 && rt &&
      vtc_arith_eval((vtc_arith_opcode)code, at, rt, vtc_op_get_int_attr(op, "predicate", 0), VTC_ARITH_EVAL_RUN, a, out,
                     &why))
    return true;
  return gi_fail(I, op, "%s", why ? why : "no interpreter semantics");
}

static bool run_arith(interp *I, vtc_op *op) {
  gscalar a[3] = {{0, 0}, {0, 0}, {0, 0}}, r;
  if (op->num_operands > 3 || op->num_results != 1) return gi_fail(I, op, "unsupported arith/math form");
  for (unsigned i = 0; i < op->num_operands; i++) {
    gval *g = gi_val(I, op, i);
    if (g->kind != GV_SCALAR) return gi_fail(I, op, "operand #%u is not a scalar", i);
    a[i] = g->s;
  }
  if (!eval_arith(I, op, a, &r)) return false;
  gval *out = gi_slot(I, vtc_op_result(op, 0));
  out->kind = GV_SCALAR;
  out->s = r;
  return true;
}

/* ---- buffers ---------------------------------------------------------------------------- */

gbuf *gi_new_buf(interp *I, vtc_op *op, const vtc_type *elem, unsigned rank, const int64_t *dims, bool shared) {
  vtc_dtype dt;
  char err[256];
  if (!vtc_te_dtype_of(elem, &dt) || elem->kind == VTC_TYPE_INDEX) {
    gi_fail(I, op, "element type has no interpreter storage");
    return NULL;
  }
  gbuf *b = vtc_xcalloc(1, sizeof *b);
  if (vtc_tensor_create(&b->t, dt, (int)rank, dims, err, sizeof err)) {
    free(b);
    gi_fail(I, op, "%s", err);
    return NULL;
  }
  size_t n = (size_t)vtc_tensor_numel(&b->t);
  b->elem = elem;
  b->is_float = vtc_type_is_float(elem);
  b->init = vtc_xcalloc(n + 1, 1);
  b->loc = op->loc;
  if (shared) {
    b->shadow = vtc_xcalloc(n + 1, sizeof *b->shadow);
    for (size_t i = 0; i < n; i++) b->shadow[i].writer = b->shadow[i].reader = -1;
  } else {
    VTC_VEC_PUSH(&I->bufs, b);
  }
  return b;
}

void gi_buf_free(gbuf *b) {
  vtc_tensor_free(&b->t);
  free(b->init);
  free(b->shadow);
  free(b);
}

/* The running unit's place in its group (what shadows record). */
static int32_t unit_in_group(const interp *I) { return (int32_t)(I->unit % I->group_size); }

/* A read of a shared element: not in flight, and not written by another
 * unit since the last block sync; records the reader. */
static bool check_shared_load(interp *I, vtc_op *op, gbuf *b, int64_t idx) {
  gshadow *s = &b->shadow[idx];
  int32_t u = unit_in_group(I);
  if (s->pending && s->copier == u)
    return gi_fail(I, op, "reads element %lld of a shared buffer while an asynchronous copy into it is in flight "
                          "(a gir.async_wait is missing)", (long long)idx);
  if (s->pending)
    return gi_fail(I, op, "unit %d of group %lld reads element %lld of a shared buffer while unit %d's asynchronous "
                          "copy into it is in flight (a gir.sync block after its gir.async_wait is missing)",
                   u, (long long)I->group, (long long)idx, s->copier);
  if (s->writer >= 0 && s->writer != u && s->write_epoch == I->epoch)
    return gi_fail(I, op, "unit %d of group %lld reads element %lld of a shared buffer that unit %d wrote since the "
                          "last block sync (a gir.sync block is missing)",
                   u, (long long)I->group, (long long)idx, s->writer);
  if (s->read_epoch != I->epoch) {
    s->read_epoch = I->epoch;
    s->reader = u;
  } else if (s->reader != u) {
    s->reader = -2;
  }
  return true;
}

bool gi_check_store(interp *I, vtc_op *op, gbuf *b, int64_t idx, bool async) {
  int64_t n = vtc_tensor_numel(&b->t);
  if (b->freed) return gi_fail(I, op, "writes a freed buffer");
  if (idx < 0 || idx >= n)
    return gi_fail(I, op, "writes element %lld of a buffer of %lld elements", (long long)idx, (long long)n);
  if (!b->shadow) return true;
  gshadow *s = &b->shadow[idx];
  int32_t u = unit_in_group(I);
  if (s->pending)
    return gi_fail(I, op, "writes element %lld of a shared buffer while an asynchronous copy into it is in flight "
                          "(a gir.async_wait is missing)", (long long)idx);
  if (s->writer >= 0 && s->writer != u && s->write_epoch == I->epoch)
    return gi_fail(I, op, "unit %d of group %lld writes element %lld of a shared buffer that unit %d also wrote since "
                          "the last block sync (a gir.sync block is missing)",
                   u, (long long)I->group, (long long)idx, s->writer);
  if (s->read_epoch == I->epoch && s->reader != -1 && s->reader != u) {
    if (s->reader >= 0)
      return gi_fail(I, op, "unit %d of group %lld %s element %lld of a shared buffer that unit %d read since the "
                            "last block sync (a gir.sync block is missing)",
                     u, (long long)I->group, async ? "starts an asynchronous copy into" : "overwrites", (long long)idx,
                     s->reader);
    return gi_fail(I, op, "unit %d of group %lld %s element %lld of a shared buffer that other units read since the "
                          "last block sync (a gir.sync block is missing)",
                   u, (long long)I->group, async ? "starts an asynchronous copy into" : "overwrites", (long long)idx);
  }
  return true;
}

void gi_store_unchecked(interp *I, gbuf *b, int64_t idx, gscalar v) {
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
  if (b->shadow) {
    b->shadow[idx].writer = unit_in_group(I);
    b->shadow[idx].write_epoch = I->epoch;
  }
}

static bool load_elem(interp *I, vtc_op *op, gbuf *b, int64_t idx, gscalar *out) {
  int64_t n = vtc_tensor_numel(&b->t);
  if (b->freed) return gi_fail(I, op, "reads a freed buffer");
  if (idx < 0 || idx >= n)
    return gi_fail(I, op, "reads element %lld of a buffer of %lld elements", (long long)idx, (long long)n);
  if (b->shadow && !check_shared_load(I, op, b, idx)) return false;
  if (!b->init[idx] && b->shadow && I->group_size > 1)
    return gi_fail(I, op, "unit %d of group %lld reads element %lld of a shared buffer that no unit has written yet "
                          "(when another unit writes it later, a gir.sync block is missing)",
                   unit_in_group(I), (long long)I->group, (long long)idx);
  if (!b->init[idx]) return gi_fail(I, op, "reads element %lld, which was never written", (long long)idx);
  out->f = b->is_float ? vtc_tensor_get_f64(&b->t, idx) : 0;
  out->i = b->is_float ? 0 : vtc_tensor_get_i64(&b->t, idx);
  return true;
}

static bool store_elem(interp *I, vtc_op *op, gbuf *b, int64_t idx, gscalar v) {
  if (!gi_check_store(I, op, b, idx, false)) return false;
  gi_store_unchecked(I, b, idx, v);
  return true;
}

/* Element (i, j) of a masked view exists: inside its valid window. */
static bool gi_view_holds(const gval *g, int64_t i, int64_t j) {
  return i >= g->vfirst_num && i < g->vnum && j >= g->vfirst_width && j < g->vwidth;
}

bool gi_read_at(interp *I, vtc_op *op, const gval *g, int64_t i, int64_t j, gscalar *out) {
  if (g->kind == GV_SLICE) {
    *out = g->elems[i * g->width + j];
    return true;
  }
  if (g->masked && !gi_view_holds(g, i, j)) {
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
  gval *b = gi_val(I, op, 0), *out = gi_slot(I, vtc_op_result(op, 0));
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  if (b->kind != GV_BUF) return gi_fail(I, op, "operand is not a buffer");
  out->kind = GV_VIEW;
  out->buf = b->buf;
  out->offset = gi_val(I, op, 1)->s.i;
  unsigned k = 2;
  out->stride = s.stride == VTC_DYNAMIC ? gi_val(I, op, k++)->s.i : s.stride;
  out->num = s.num;
  out->width = s.width;
  out->masked = op->num_operands >= k + 2;
  out->vfirst_num = out->vfirst_width = 0;
  if (out->masked) {
    out->vnum = gi_val(I, op, k)->s.i;
    out->vwidth = gi_val(I, op, k + 1)->s.i;
  }
  if (op->num_operands >= k + 4) {
    out->vfirst_num = gi_val(I, op, k + 2)->s.i;
    out->vfirst_width = gi_val(I, op, k + 3)->s.i;
  }
  scalar_of_attr(vtc_op_get_attr(op, VTC_GIR_ATTR_PADDING), &out->pad);
  return true;
}

/* With `transpose` the register side is the memory side transposed:
 * register (i, j) is memory (j, i). */
static bool run_copy(interp *I, vtc_op *op) {
  gval *src = gi_val(I, op, 0);
  bool tr = vtc_gir_copy_is_transposed(op);
  if (op->num_results) {
    vtc_gir_slice_info s;
    vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
    if (!gi_charge(I, op, s.num * s.width)) return false;
    gval tmp = {0};
    slice_resize(&tmp, s.num, s.width);
    for (int64_t i = 0; i < s.num; i++)
      for (int64_t j = 0; j < s.width; j++)
        if (!gi_read_at(I, op, src, tr ? j : i, tr ? i : j, &tmp.elems[i * s.width + j])) {
          free(tmp.elems);
          return false;
        }
    gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &tmp);
    free(tmp.elems);
    return true;
  }
  gval *dst = gi_val(I, op, 1);
  if (dst->kind != GV_VIEW) return gi_fail(I, op, "destination is not a view");
  if (!gi_charge(I, op, dst->num * dst->width)) return false;
  for (int64_t i = 0; i < dst->num; i++)
    for (int64_t j = 0; j < dst->width; j++) {
      if (dst->masked && !gi_view_holds(dst, i, j)) continue;
      gscalar v = {0};
      if (!gi_read_at(I, op, src, tr ? j : i, tr ? i : j, &v) ||
          !store_elem(I, op, dst->buf, dst->offset + i * dst->stride + j, v))
        return false;
    }
  return true;
}

static bool run_elementwise(interp *I, vtc_op *op) {
  vtc_block *body = vtc_gir_elementwise_body(op);
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  if (!gi_charge(I, op, s.num * s.width)) return false;
  gval res = {0};
  slice_resize(&res, s.num, s.width);
  bool pos = vtc_gir_elementwise_has_position(op), ok = true;
  for (int64_t i = 0; ok && i < s.num; i++)
    for (int64_t j = 0; ok && j < s.width; j++) {
      for (unsigned k = 0; k < op->num_operands; k++) {
        gval *a = gi_val(I, op, k), *arg = gi_slot(I, body->args[k]);
        arg->kind = GV_SCALAR;
        arg->s = a->kind == GV_SLICE ? a->elems[i * a->width + j] : a->s;
      }
      if (pos) {
        gval *gi = gi_slot(I, body->args[op->num_operands]), *gj = gi_slot(I, body->args[op->num_operands + 1]);
        gi->kind = gj->kind = GV_SCALAR;
        gi->s.i = i;
        gj->s.i = j;
      }
      vtc_op *y;
      ok = run_block(I, body, &y);
      if (ok) res.elems[i * s.width + j] = gi_val(I, y, 0)->s;
    }
  if (ok) gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &res);
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

/* gir.atomic: the units of a launch never run at the same time here, so a
 * read-modify-write of each element is atomic by construction. */
static bool run_atomic(interp *I, vtc_op *op) {
  gval *dst = gi_val(I, op, 0), *v = gi_val(I, op, 1);
  if (dst->kind != GV_VIEW) return gi_fail(I, op, "destination is not a view");
  if (!gi_charge(I, op, dst->num * dst->width)) return false;
  vtc_gir_combiner c = (vtc_gir_combiner[]){[VTC_GIR_ATOMIC_ADD] = VTC_GIR_SUM, [VTC_GIR_ATOMIC_MAX] = VTC_GIR_MAX,
                                            [VTC_GIR_ATOMIC_MIN] = VTC_GIR_MIN}[vtc_gir_atomic_kind_of(op)];
  for (int64_t i = 0; i < dst->num; i++)
    for (int64_t j = 0; j < dst->width; j++) {
      if (dst->masked && !gi_view_holds(dst, i, j)) continue;
      int64_t idx = dst->offset + i * dst->stride + j;
      gscalar old, x = v->kind == GV_SLICE ? v->elems[i * v->width + j] : v->s;
      if (!load_elem(I, op, dst->buf, idx, &old)) return false;
      if (dst->buf->is_float) old.f = combine_f(c, old.f, x.f);
      else old.i = combine_i(c, old.i, x.i);
      if (!store_elem(I, op, dst->buf, idx, old)) return false;
    }
  return true;
}

static bool run_reduce(interp *I, vtc_op *op) {
  gval *x = gi_val(I, op, 0);
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
  gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

static bool run_broadcast(interp *I, vtc_op *op) {
  gval *x = gi_val(I, op, 0);
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
  gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

/* cvt.rna.tf32.f32: the f32 value rounded to 10 mantissa bits, to nearest
 * with ties away from zero (what tensor cores multiply with `tf32`). */
static double round_tf32(double x) {
  float f = (float)x;
  if (!isfinite(f)) return f;
  uint32_t bits;
  memcpy(&bits, &f, 4);
  bits = (bits + 0x1000u) & ~0x1fffu;
  memcpy(&f, &bits, 4);
  return f;
}

static bool run_mma(interp *I, vtc_op *op) {
  gval *a = gi_val(I, op, 0), *b = gi_val(I, op, 1), *c = gi_val(I, op, 2);
  bool fl = vtc_type_is_float(vtc_gir_elem_type(I->ctx, vtc_op_operand(op, 2)->type));
  bool tf32 = vtc_op_get_attr(op, VTC_GIR_ATTR_TF32) != NULL;
  if (!gi_charge(I, op, c->num * c->width * a->width)) return false;
  gval res = {0};
  slice_resize(&res, c->num, c->width);
  for (int64_t m = 0; m < c->num; m++)
    for (int64_t n = 0; n < c->width; n++) {
      gscalar acc = c->elems[m * c->width + n];
      for (int64_t k = 0; k < a->width; k++) {
        gscalar x = a->elems[m * a->width + k], y = b->elems[k * b->width + n];
        if (tf32) acc.f += round_tf32(x.f) * round_tf32(y.f);
        else if (fl) acc.f += x.f * y.f;
        else acc.i += x.i * y.i;
      }
      res.elems[m * c->width + n] = acc;
    }
  gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

/* Element (i, j) of a swizzled shared view (gir.h, vtc_gir_swizzle_index). */
static bool read_swizzled(interp *I, vtc_op *op, const gval *g, int64_t i, int64_t j, gscalar *out) {
  int64_t eb = (int64_t)vtc_type_bit_width(g->buf->elem) / 8;
  return load_elem(I, op, g->buf, vtc_gir_swizzle_index(g->offset + i * g->stride + j, eb), out);
}

/* gir.wgmma: this unit's 16 rows of the warpgroup's 64 (gir.h). A tile
 * must start on a row of its 1024-byte block that is a multiple of 8: the
 * tensor core's swizzle counts rows from there. */
static bool run_wgmma(interp *I, vtc_op *op) {
  gval *a = gi_val(I, op, 0), *b = gi_val(I, op, 1), *c = gi_val(I, op, 2);
  bool ta = vtc_op_get_attr(op, VTC_GIR_ATTR_TRANSPOSE_A) != NULL;
  bool tb = vtc_op_get_attr(op, VTC_GIR_ATTR_TRANSPOSE_B) != NULL;
  const gval *tiles[2] = {a, b};
  for (int t = 0; t < 2; t++) {
    if (tiles[t]->kind != GV_VIEW || !tiles[t]->buf->shadow) return gi_fail(I, op, "reads a tile that is not a shared view");
    int64_t byte = tiles[t]->offset * ((int64_t)vtc_type_bit_width(tiles[t]->buf->elem) / 8);
    if (byte % 1024 >= VTC_GIR_SWIZZLE_BYTES)
      return gi_fail(I, op, "%s starts at byte %lld of its 1024-byte swizzle block: a tile must start on row 0, 8, ... "
                            "of it", t ? "B" : "A", (long long)(byte % 1024));
  }
  if (!gi_charge(I, op, c->num * c->width * 16)) return false;
  int64_t row0 = 16 * ((I->unit % I->group_size) % 4), panel_stride = vtc_op_get_int_attr(op, VTC_GIR_ATTR_PANEL_STRIDE, 0);
  /* Each element of the tiles once (not once per product): c->num x 16 of
   * A and 16 x c->width of B, read where the tensor core reads them. */
  gscalar *at = malloc(sizeof *at * (size_t)(c->num * 16 + 16 * c->width)), *bt = at + c->num * 16;
  bool ok = at != NULL;
  for (int64_t m = 0; ok && m < c->num; m++)
    for (int64_t k = 0; ok && k < 16; k++)
      ok = read_swizzled(I, op, a, ta ? k : row0 + m, ta ? row0 + m : k, &at[m * 16 + k]);
  for (int64_t k = 0; ok && k < 16; k++)
    for (int64_t n = 0; ok && n < c->width; n++) {
      /* B's column panels: n / 64 panels on, as rows of the first (gir.h). */
      int64_t brow = tb ? n : k + (panel_stride ? n / 64 * panel_stride / 64 : 0);
      int64_t bcol = tb ? k : panel_stride ? n % 64 : n;
      ok = read_swizzled(I, op, b, brow, bcol, &bt[k * c->width + n]);
    }
  if (!ok) {
    free(at);
    return at ? false : gi_fail(I, op, "out of memory");
  }
  gval res = {0};
  slice_resize(&res, c->num, c->width);
  for (int64_t m = 0; m < c->num; m++)
    for (int64_t n = 0; n < c->width; n++) {
      gscalar acc = c->elems[m * c->width + n];
      for (int64_t k = 0; k < 16; k++) acc.f += at[m * 16 + k].f * bt[k * c->width + n].f;
      res.elems[m * c->width + n] = acc;
    }
  free(at);
  gi_gval_copy(gi_slot(I, vtc_op_result(op, 0)), &res);
  free(res.elems);
  return true;
}

/* Host gir.switch: the region of the case equal to the selector, else the
 * default; its yield gives the results. */
static bool run_switch(interp *I, vtc_op *op) {
  vtc_block *body = vtc_gir_switch_block(op, vtc_gir_switch_region_for(op, gi_val(I, op, 0)->s.i));
  vtc_op *y;
  if (!body || !run_block(I, body, &y)) return false;
  if (!y) return gi_fail(I, op, "the region taken does not end with gir.yield");
  for (unsigned k = 0; k < op->num_results; k++) gi_gval_copy(gi_slot(I, vtc_op_result(op, k)), gi_val(I, y, k));
  return true;
}

void gi_report_assert(interp *I, vtc_op *op, const int64_t *args) {
  char *msg = vtc_assert_format(op, args);
  vtc_error(I->ctx, op->loc, "%s", msg);
  free(msg);
}

/* On the host a failure stops the program; in a kernel it is recorded and
 * the unit goes on (its accesses must stay in bounds: the producer clamps). */
static bool run_assert(interp *I, vtc_op *op) {
  int64_t args[VTC_CHECK_MAX_ARGS];
  unsigned n = vtc_assert_num_args(op);
  for (unsigned i = 0; i < n && i < VTC_CHECK_MAX_ARGS; i++) args[i] = gi_val(I, op, i)->s.i;
  if (vtc_check_holds(vtc_assert_relation(op), args[0], args[1])) return true;
  if (!vtc_gir_enclosing_kernel(op)) {
    gi_report_assert(I, op, args);
    return false;
  }
  vtc_value *ord = vtc_assert_order(op);
  uint64_t order = ord ? (uint64_t)gi_val(I, op, op->num_operands - 1)->s.i : UINT64_MAX;
  if (I->failed.op && I->failed.order <= order) return true;
  I->failed.op = op;
  I->failed.order = order;
  memcpy(I->failed.args, args, sizeof args);
  return true;
}

static gval *result_slot(interp *I, vtc_op *op) { return gi_slot(I, vtc_op_result(op, 0)); }

static void set_scalar(interp *I, vtc_op *op, int64_t x) {
  gval *out = result_slot(I, op);
  out->kind = GV_SCALAR;
  out->s.i = x;
}

/* gir.id and gir.count: this unit's position and the extent, at its dim. */
static bool run_id_or_count(interp *I, vtc_op *op, bool id) {
  vtc_gir_dim d = vtc_gir_id_dim(op);
  set_scalar(I, op,
             d == VTC_GIR_DIM_UNIT    ? (id ? I->unit : I->units)
             : d == VTC_GIR_DIM_GROUP ? (id ? I->group : I->groups)
                                      : (id ? I->unit % I->group_size : I->group_size));
  return true;
}
static bool run_id(interp *I, vtc_op *op) { return run_id_or_count(I, op, true); }
static bool run_count(interp *I, vtc_op *op) { return run_id_or_count(I, op, false); }

static bool run_extract(interp *I, vtc_op *op) {
  const vtc_attr *p = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
  gval *x = gi_val(I, op, 0), *out = result_slot(I, op);
  int64_t i = p->elems[0].value->i, j = p->elems[1].value->i;
  out->kind = GV_SCALAR;
  out->s = x->elems[i * x->width + j];
  return true;
}

/* gir.prefetch is a hint; gir.wgmma completes at once here, so its fences
 * and waits have nothing to order. */
static bool run_nothing(interp *I, vtc_op *op) { return true; }

static bool run_transpose(interp *I, vtc_op *op) { /* element [i, j] to [j, i] */
  gval *x = gi_val(I, op, 0), tmp = {0};
  slice_resize(&tmp, x->width, x->num);
  for (int64_t i = 0; i < x->num; i++)
    for (int64_t j = 0; j < x->width; j++) tmp.elems[j * x->num + i] = x->elems[i * x->width + j];
  gi_gval_copy(result_slot(I, op), &tmp);
  free(tmp.elems);
  return true;
}

static bool run_sync(interp *I, vtc_op *op) {
  if (!op->num_results) return true; /* block and device syncs are the unit runner's (interp_units.c) */
  /* A register sync: the same elements in row-major order, re-cut. */
  gval *x = gi_val(I, op, 0);
  vtc_gir_slice_info s;
  vtc_gir_slice_info_of(I->ctx, vtc_op_result(op, 0)->type, &s);
  gval tmp = {0};
  slice_resize(&tmp, s.num, s.width);
  memcpy(tmp.elems, x->elems, (size_t)(s.num * s.width) * sizeof *tmp.elems);
  gi_gval_copy(result_slot(I, op), &tmp);
  free(tmp.elems);
  return true;
}

static bool run_dim(interp *I, vtc_op *op) {
  gval *b = gi_val(I, op, 0);
  if (b->kind != GV_BUF) return gi_fail(I, op, "operand is not a buffer");
  set_scalar(I, op, b->buf->t.dims[vtc_gir_dim_index(op)]);
  return true;
}

static bool run_alloc(interp *I, vtc_op *op) {
  vtc_gir_buffer_info bi;
  vtc_gir_buffer_info_of(I->ctx, vtc_op_result(op, 0)->type, &bi);
  unsigned k = 0;
  for (unsigned d = 0; d < bi.rank; d++)
    if (bi.dims[d] == VTC_DYNAMIC) bi.dims[d] = gi_val(I, op, k++)->s.i;
  gbuf *b = NULL;
  if (bi.level == VTC_GIR_SHARED) {
    if (!gi_shared_alloc(I, op, &b)) return false;
  } else if (!(b = gi_new_buf(I, op, bi.elem, bi.rank, bi.dims, false))) {
    return false;
  }
  b->host = !I->cur;
  gval *out = result_slot(I, op);
  out->kind = GV_BUF;
  out->buf = b;
  return true;
}

static bool run_free(interp *I, vtc_op *op) {
  gval *b = gi_val(I, op, 0);
  if (b->kind != GV_BUF || b->buf->freed) return gi_fail(I, op, "frees a buffer twice (or not a buffer)");
  b->buf->freed = true;
  return true;
}

static bool run_assume_multiple(interp *I, vtc_op *op) {
  int64_t x = gi_val(I, op, 0)->s.i, m = vtc_op_get_int_attr(op, VTC_GIR_ATTR_MULTIPLE, 1);
  if (m < 1 || x % m)
    return gi_fail(I, op, "%lld is not a multiple of %lld, as the program assumes", (long long)x, (long long)m);
  set_scalar(I, op, x);
  return true;
}

typedef bool (*gir_handler)(interp *I, vtc_op *op);

/* What each op does; arith and math ops share run_arith. */
static const struct {
  const char *name;
  gir_handler run;
} handlers[] = {
    {"gir.view", run_view},
    {"gir.copy", run_copy},
    {"gir.elementwise", run_elementwise},
    {"gir.switch", run_switch},
    {"gir.id", run_id},
    {"gir.count", run_count},
    {"gir.extract", run_extract},
    {"gir.prefetch", run_nothing},
    {"gir.transpose", run_transpose},
    {"gir.broadcast", run_broadcast},
    {"gir.reduce", run_reduce},
    {"gir.atomic", run_atomic},
    {"gir.mma", run_mma},
    {"gir.wgmma", run_wgmma},
    {"gir.wgmma_fence", run_nothing},
    {"gir.wgmma_commit", run_nothing},
    {"gir.wgmma_wait", run_nothing},
    {"gir.sync", run_sync},
    {"gir.dim", run_dim},
    {"gir.alloc", run_alloc},
    {"gir.free", run_free},
    {"gir.launch", gi_run_launch},
    {"gir.assert", run_assert},
    {"gir.copy_async", gi_copy_async},
    {"gir.async_commit", gi_async_commit},
    {"gir.async_wait", gi_async_wait},
    {"gir.assume_multiple", run_assume_multiple},
};
#define NUM_HANDLERS (sizeof handlers / sizeof handlers[0])

/* The handler of an op name: looked up by name once per interpretation,
 * then by the interned name's pointer (a string compare per executed op
 * was a fifth of the interpreter's time). Index + 1 in the map; 0: none. */
static size_t handler_of(interp *I, vtc_op *op) {
  void *cached;
  if (vtc_ptrmap_lookup(&I->handlers, op->name, &cached)) return (size_t)(uintptr_t)cached;
  const char *d = op->name->dialect;
  size_t h = 0;
  if (d && (strcmp(d, "arith") == 0 || strcmp(d, "math") == 0)) h = NUM_HANDLERS + 1;
  for (size_t i = 0; !h && i < NUM_HANDLERS; i++)
    if (strcmp(op->name->name, handlers[i].name) == 0) h = i + 1;
  vtc_ptrmap_put(&I->handlers, op->name, (void *)(uintptr_t)h);
  return h;
}

bool gi_run_op(interp *I, vtc_op *op) {
  if (!gi_charge(I, op, 1)) return false;
  size_t h = handler_of(I, op);
  if (h == NUM_HANDLERS + 1) return run_arith(I, op);
  if (h) return handlers[h - 1].run(I, op);
  return gi_fail(I, op, "not supported by the interpreter");
}

static bool run_block(interp *I, vtc_block *b, vtc_op **terminator) {
  for (vtc_op *op = b->first; op; op = op->next) {
    if (!op->next && (vtc_gir_is(op, "yield") || vtc_gir_is(op, "return") || vtc_op_is_named(op, "func.return"))) {
      *terminator = op;
      return true;
    }
    if (!gi_run_op(I, op)) return false;
  }
  *terminator = NULL;
  return true;
}

/* ---- the host function ---------------------------------------------------------------- */

static bool bind_input(interp *I, vtc_op *func, unsigned a, vtc_value *arg, const vtc_tensor *in) {
  vtc_gir_buffer_info bi;
  gval *g = gi_slot(I, arg);
  if (vtc_gir_buffer_info_of(I->ctx, arg->type, &bi)) {
    vtc_dtype dt;
    if (!vtc_te_dtype_of(bi.elem, &dt) || dt != in->dtype || (unsigned)in->rank != bi.rank)
      return gi_fail(I, func, "input #%u does not match the argument's element type and rank", a);
    for (unsigned d = 0; d < bi.rank; d++)
      if (bi.dims[d] != VTC_DYNAMIC && bi.dims[d] != in->dims[d])
        return gi_fail(I, func, "input #%u has size %lld in dim %u, the argument %lld", a, (long long)in->dims[d], d,
                    (long long)bi.dims[d]);
    gbuf *b = gi_new_buf(I, func, bi.elem, bi.rank, in->dims, false);
    if (!b) return false;
    memcpy(b->t.data, in->data, vtc_tensor_nbytes(in));
    memset(b->init, 1, (size_t)vtc_tensor_numel(in));
    g->kind = GV_BUF;
    g->buf = b;
    return true;
  }
  if (vtc_tensor_numel(in) != 1) return gi_fail(I, func, "scalar input #%u must have one element", a);
  g->kind = GV_SCALAR;
  g->s.i = vtc_tensor_get_i64(in, 0);
  g->s.f = vtc_tensor_get_f64(in, 0);
  return true;
}

static bool collect(interp *I, vtc_op *ret, vtc_tensor **outputs, unsigned *num_outputs) {
  vtc_tensor *outs = vtc_xcalloc(ret->num_operands + 1, sizeof *outs);
  for (unsigned k = 0; k < ret->num_operands; k++) {
    gval *g = gi_val(I, ret, k);
    if (g->kind == GV_BUF) {
      gbuf *b = g->buf;
      if (b->freed || b->moved) {
        vtc_tensor_free_array(outs, k);
        return gi_fail(I, ret, "returns a freed buffer or one buffer twice (result #%u)", k);
      }
      int64_t n = vtc_tensor_numel(&b->t);
      for (int64_t e = 0; e < n; e++)
        if (!b->init[e]) {
          vtc_tensor_free_array(outs, k);
          return gi_fail(I, ret, "result #%u: element %lld was never written", k, (long long)e);
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
  interp I = {.ctx = vtc_op_context(func), .units = 1, .groups = 1, .group_size = 1, .epoch = 1};
  I.vals = &I.host_vals;
  *outputs = NULL;
  *num_outputs = 0;
  vtc_block *entry = func->num_regions ? vtc_op_region(func, 0)->first : NULL;
  bool ok = entry != NULL || gi_fail(&I, func, "function has no body");
  if (ok && num_inputs != entry->num_args)
    ok = gi_fail(&I, func, "takes %u arguments, but %u inputs were given", entry->num_args, num_inputs);
  for (unsigned a = 0; ok && a < entry->num_args; a++) ok = bind_input(&I, func, a, entry->args[a], &inputs[a]);
  vtc_op *ret = NULL;
  if (ok) ok = run_block(&I, entry, &ret);
  if (ok && (!ret || !vtc_op_is_named(ret, "func.return")))
    ok = gi_fail(&I, func, "body does not end with func.return");
  if (ok) ok = collect(&I, ret, outputs, num_outputs);
  /* Host buffers must be freed or returned (arguments belong to the caller). */
  for (size_t i = 0; ok && i < I.bufs.len; i++) {
    gbuf *b = I.bufs.data[i];
    bool is_arg = false;
    for (unsigned a = 0; a < entry->num_args; a++) {
      gval *g = vtc_ptrmap_get(&I.host_vals, entry->args[a]);
      is_arg |= g && g->kind == GV_BUF && g->buf == b;
    }
    if (b->host && !b->freed && !b->moved && !is_arg) {
      ok = vtc_error(I.ctx, b->loc, "gir interpreter: buffer allocated here is neither freed nor returned");
      vtc_tensor_free_array(*outputs, *num_outputs);
      *outputs = NULL;
      *num_outputs = 0;
    }
  }
  for (size_t i = 0; i < I.bufs.len; i++) gi_buf_free(I.bufs.data[i]);
  VTC_VEC_FREE(&I.bufs);
  gi_gvals_free(&I.host_vals);
  vtc_ptrmap_free(&I.handlers);
  return ok;
}
