/* The gir interpreter's launches (dialects/gir/interpreter.h): the groups of
 * a launch one after another, and the units of a group in lockstep between
 * block syncs, as a CTA runs its warps: each unit is a frame stack (the
 * kernel body and the gir.for bodies it is in) that runs until its next
 * `gir.sync block` or its end, then the next unit runs; when every unit of
 * the group waits at the same sync, they all pass it (a new epoch) and go
 * on. One shared buffer per gir.alloc and group. Accesses to shared memory
 * that only a missing sync would order (one unit reads or overwrites what
 * another wrote, or overwrites what another read, in the same epoch) are
 * errors, as are units that wait at different syncs or return while others
 * wait. Asynchronous copies (gir.copy_async) read their source when they
 * start and write their destination when a gir.async_wait of the unit
 * completes their group; the destination is "in flight" in between, and
 * any access to it is an error (a missing wait). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/gir/interp_impl.h"
#include "ir/assert_op.h"
#include "ir/diagnostics.h"
#include "ir/location.h"

/* Where a unit is: running the ops of the kernel body (loop NULL) or of
 * the body of a gir.for at induction value iv. */
typedef struct gframe {
  vtc_op *loop;
  vtc_op *next;
  int64_t iv, ub, step;
  int64_t trips, first_steps; /* first_steps: I->steps at the first trip's start; -1 after it */
} gframe;

struct gunit {
  vtc_ptrmap vals;
  VTC_VEC(gframe) stack;
  vtc_op *barrier; /* the block sync it waits at, NULL while it runs */
  bool done;
  VTC_VEC(gasync) async; /* copies in flight, oldest first */
  uint64_t committed;    /* commit groups closed so far */
};

/* ---- asynchronous copies ------------------------------------------------------------ */

static void async_free(gasync *a) {
  free(a->index);
  free(a->values);
}

/* Writes a copy's destination (its completion). */
static void async_complete(interp *I, gasync *a) {
  for (size_t e = 0; e < a->count; e++) {
    a->dst->shadow[a->index[e]].pending--;
    gi_store_unchecked(I, a->dst, a->index[e], a->values[e]);
  }
  async_free(a);
}

bool gi_copy_async(interp *I, vtc_op *op) {
  gunit *U = I->cur;
  gval *src = gi_val(I, op, 0), *dst = gi_val(I, op, 1);
  if (!U || dst->kind != GV_VIEW || !dst->buf->shadow) return gi_fail(I, op, "destination is not a shared view");
  gasync a = {.dst = dst->buf, .count = (size_t)(dst->num * dst->width)};
  a.index = vtc_xcalloc(a.count, sizeof *a.index);
  a.values = vtc_xcalloc(a.count, sizeof *a.values);
  size_t e = 0;
  for (int64_t i = 0; i < dst->num; i++)
    for (int64_t j = 0; j < dst->width; j++, e++) {
      a.index[e] = dst->offset + i * dst->stride + j;
      if (!gi_check_store(I, op, dst->buf, a.index[e], true) || !gi_read_at(I, op, src, i, j, &a.values[e])) {
        async_free(&a);
        return false;
      }
    }
  for (e = 0; e < a.count; e++) {
    dst->buf->shadow[a.index[e]].pending++;
    dst->buf->shadow[a.index[e]].copier = (int32_t)(I->unit % I->group_size);
  }
  VTC_VEC_PUSH(&U->async, a);
  return true;
}

bool gi_async_commit(interp *I, vtc_op *op) {
  gunit *U = I->cur;
  if (!U) return gi_fail(I, op, "runs in a kernel only");
  U->committed++;
  for (size_t i = 0; i < U->async.len; i++)
    if (!U->async.data[i].group) U->async.data[i].group = U->committed;
  return true;
}

/* Completes every committed group but the `pending` newest (copies not
 * committed yet stay in flight, as with cp.async.wait_group). */
bool gi_async_wait(interp *I, vtc_op *op) {
  gunit *U = I->cur;
  if (!U) return gi_fail(I, op, "runs in a kernel only");
  uint64_t pending = (uint64_t)vtc_gir_async_wait_pending(op);
  size_t kept = 0;
  for (size_t i = 0; i < U->async.len; i++) {
    gasync *a = &U->async.data[i];
    if (a->group && a->group + pending <= U->committed) async_complete(I, a);
    else U->async.data[kept++] = *a;
  }
  U->async.len = kept;
  return true;
}

/* ---- shared buffers --------------------------------------------------------------------- */

bool gi_shared_alloc(interp *I, vtc_op *op, gbuf **out) {
  for (size_t i = 0; i < I->shared.len; i++)
    if (I->shared.data[i].alloc == op) {
      *out = I->shared.data[i].buf;
      return true;
    }
  vtc_gir_buffer_info bi;
  vtc_gir_buffer_info_of(I->ctx, vtc_op_result(op, 0)->type, &bi);
  gbuf *b = gi_new_buf(I, op, bi.elem, bi.rank, bi.dims, true);
  if (!b) return false;
  VTC_VEC_PUSH(&I->shared, ((gshared){op, b}));
  *out = b;
  return true;
}

/* ---- one unit ------------------------------------------------------------------------------ */

static bool is_block_sync(vtc_op *op) {
  return vtc_gir_is(op, "sync") && op->num_results == 0 && vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_BLOCK;
}

static void set_index(interp *I, vtc_value *v, int64_t x) {
  gval *g = gi_slot(I, v);
  g->kind = GV_SCALAR;
  g->s.i = x;
}

/* gir.for: binds the carried values and enters the body (or skips it). */
static bool enter_for(interp *I, gunit *U, vtc_op *op) {
  int64_t lb = gi_val(I, op, 0)->s.i, ub = gi_val(I, op, 1)->s.i, step = gi_val(I, op, 2)->s.i;
  if (step <= 0) return gi_fail(I, op, "step %lld is not positive", (long long)step);
  /* Trips counted without overflow: ub - lb may exceed int64. */
  int64_t trips = ub <= lb ? 0 : (int64_t)(((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)step + 1);
  if (!gi_afford(I, op, "the loop", trips, 1)) return false;
  vtc_block *body = vtc_gir_for_body(op);
  unsigned n = vtc_gir_for_num_iter(op);
  for (unsigned k = 0; k < n; k++) gi_gval_copy(gi_slot(I, body->args[1 + k]), gi_val(I, op, 3 + k));
  U->stack.data[U->stack.len - 1].next = op->next;
  if (lb >= ub) {
    for (unsigned k = 0; k < n; k++) gi_gval_copy(gi_slot(I, vtc_op_result(op, k)), gi_slot(I, body->args[1 + k]));
    return true;
  }
  set_index(I, body->args[0], lb);
  VTC_VEC_PUSH(&U->stack, ((gframe){op, body->first, lb, ub, step, trips, I->steps}));
  return true;
}

/* The gir.yield of a loop body: the next iteration, or the loop's results.
 * After the first trip, a loop whose other trips cannot be paid for (the
 * step budget) is refused at once. */
static bool loop_back(interp *I, gunit *U, vtc_op *yield) {
  gframe *f = &U->stack.data[U->stack.len - 1];
  if (f->first_steps >= 0) {
    int64_t first = I->steps - f->first_steps;
    f->first_steps = -1;
    if (!gi_afford(I, f->loop, "the loop", f->trips - 1, first)) return false;
  }
  vtc_block *body = vtc_gir_for_body(f->loop);
  unsigned n = vtc_gir_for_num_iter(f->loop);
  /* Through temporaries: a yielded value may be another carried argument. */
  gval *tmp = vtc_xcalloc(n + 1, sizeof *tmp);
  for (unsigned k = 0; k < n; k++) gi_gval_copy(&tmp[k], gi_val(I, yield, k));
  for (unsigned k = 0; k < n; k++) gi_gval_copy(gi_slot(I, body->args[1 + k]), &tmp[k]);
  for (unsigned k = 0; k < n; k++) free(tmp[k].elems);
  free(tmp);
  /* The last trip may end past int64 (ub near the top): no overflow. */
  if (!__builtin_add_overflow(f->iv, f->step, &f->iv) && f->iv < f->ub) {
    set_index(I, body->args[0], f->iv);
    f->next = body->first;
    return true;
  }
  vtc_op *loop = f->loop;
  U->stack.len--; /* the enclosing frame already points past the loop */
  for (unsigned k = 0; k < n; k++) gi_gval_copy(gi_slot(I, vtc_op_result(loop, k)), gi_slot(I, body->args[1 + k]));
  return true;
}

/* Runs the unit until it waits at a block sync or returns. */
static bool step_unit(interp *I, gunit *U) {
  for (;;) {
    gframe *f = &U->stack.data[U->stack.len - 1];
    vtc_op *op = f->next;
    if (!f->loop && (!op || vtc_gir_is(op, "return"))) {
      U->done = true;
      /* Copies never waited for still land (their data are simply unread). */
      for (size_t i = 0; i < U->async.len; i++) async_complete(I, &U->async.data[i]);
      U->async.len = 0;
      return true;
    }
    if (f->loop && op == vtc_gir_for_body(f->loop)->last) {
      if (!loop_back(I, U, op)) return false;
      continue;
    }
    if (vtc_gir_is(op, "for")) {
      if (!enter_for(I, U, op)) return false;
      continue;
    }
    f->next = op->next;
    if (is_block_sync(op)) {
      U->barrier = op;
      return true;
    }
    if (!gi_run_op(I, op)) return false;
  }
}

/* ---- a group ------------------------------------------------------------------------------- */

static char *where(const vtc_op *op) {
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  return l ? vtc_format("%s:%u:%u", l->name, l->line, l->col) : vtc_format("an unknown location");
}

/* Every unit has stopped: all wait at one sync (they pass it), all have
 * returned (*finished), or the group is stuck (an error). */
static bool meet(interp *I, gunit *units, int64_t n, bool *finished) {
  int64_t done = 0, first = -1, returned = -1;
  for (int64_t u = 0; u < n; u++) {
    if (units[u].done) {
      done++;
      returned = u;
      continue;
    }
    if (first < 0) {
      first = u;
    } else if (units[u].barrier != units[first].barrier) {
      char *other = where(units[first].barrier);
      bool ok = gi_fail(I, units[u].barrier, "unit %lld of group %lld waits at this block sync while unit %lld waits "
                                             "at the one at %s: every unit must reach the same sync",
                        (long long)u, (long long)I->group, (long long)first, other);
      free(other);
      return ok;
    }
  }
  *finished = done == n;
  if (*finished) return true;
  if (done)
    return gi_fail(I, units[first].barrier, "unit %lld of group %lld waits at this block sync, but unit %lld has "
                                            "returned: every unit of the group must reach it",
                   (long long)first, (long long)I->group, (long long)returned);
  for (int64_t u = 0; u < n; u++) units[u].barrier = NULL;
  I->epoch++;
  return true;
}

static void unit_free(gunit *U) {
  gi_gvals_free(&U->vals);
  VTC_VEC_FREE(&U->stack);
  for (size_t i = 0; i < U->async.len; i++) async_free(&U->async.data[i]);
  VTC_VEC_FREE(&U->async);
  memset(U, 0, sizeof *U);
}

static bool run_group(interp *I, vtc_op *launch, vtc_op *kernel, gunit *units) {
  vtc_block *body = vtc_gir_kernel_body(kernel);
  int64_t n = I->group_size;
  I->epoch = 1;
  for (int64_t u = 0; u < n; u++) {
    I->vals = &units[u].vals;
    for (unsigned a = 0; a < vtc_gir_launch_num_args(launch); a++) {
      gval *arg = vtc_ptrmap_get(&I->host_vals, vtc_gir_launch_arg(launch, a));
      if (arg) gi_gval_copy(gi_slot(I, body->args[a]), arg);
    }
    VTC_VEC_PUSH(&units[u].stack, ((gframe){NULL, body->first, 0, 0, 0, 0, -1}));
  }
  bool ok = true, finished = false;
  while (ok && !finished) {
    for (int64_t u = 0; ok && u < n; u++) {
      if (units[u].done || units[u].barrier) continue;
      I->unit = I->group * n + u;
      I->cur = &units[u];
      I->vals = &units[u].vals;
      ok = step_unit(I, &units[u]);
    }
    ok = ok && meet(I, units, n, &finished);
  }
  for (int64_t u = 0; u < n; u++) unit_free(&units[u]);
  for (size_t i = 0; i < I->shared.len; i++) gi_buf_free(I->shared.data[i].buf);
  I->shared.len = 0;
  return ok;
}

bool gi_run_launch(interp *I, vtc_op *op) {
  vtc_op *k = vtc_gir_launch_lookup_kernel(op);
  if (!k) return gi_fail(I, op, "kernel not found");
  int64_t groups = gi_slot(I, vtc_gir_launch_groups(op))->s.i, gs = vtc_gir_kernel_group_size(k), units;
  if (groups < 0)
    return gi_fail(I, op, "launches @%s on %lld groups (a launch has 0 or more)", vtc_gir_kernel_name(k),
                   (long long)groups);
  if (gs < 1) return gi_fail(I, op, "@%s has groups of %lld units", vtc_gir_kernel_name(k), (long long)gs);
  if (__builtin_mul_overflow(groups, gs, &units)) units = INT64_MAX;
  if (!gi_afford(I, op, "the launch", units, 1)) return false;
  interp saved = *I;
  I->groups = groups;
  I->group_size = gs;
  I->units = units;
  gunit *us = vtc_xcalloc((size_t)gs, sizeof *us);
  bool ok = true;
  for (I->group = 0; ok && I->group < groups; I->group++) ok = run_group(I, op, k, us);
  free(us);
  VTC_VEC_FREE(&I->shared);
  I->unit = saved.unit;
  I->units = saved.units;
  I->group = saved.group;
  I->groups = saved.groups;
  I->group_size = saved.group_size;
  I->cur = NULL;
  I->vals = &I->host_vals;
  I->epoch = saved.epoch;
  if (ok && I->failed.op) {
    gi_report_assert(I, I->failed.op, I->failed.args);
    ok = false;
  }
  I->failed.op = NULL;
  return ok;
}
