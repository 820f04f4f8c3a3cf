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
 * any access to it is an error (a missing wait).
 *
 * A kernel with a `gir.sync device` runs all its groups at once (at most
 * VTC_GIR_INTERP_MAX_DEVICE_UNITS units): every unit runs to its next block
 * or device sync; a group whose units all wait at one block sync passes it;
 * when no group can, every unit of the launch must wait at the same device
 * sync, and all pass it (a new epoch in every group). Deadlocks (units at
 * different syncs, or returned while others wait) are located errors. The
 * units are interleaved on one thread, not run on threads: the interleaving
 * is deterministic and the shared-memory race checks above stay exact. */
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
  bool swizzle = vtc_op_get_attr(op, VTC_GIR_ATTR_SWIZZLE) != NULL;
  int64_t eb = (int64_t)vtc_type_bit_width(dst->buf->elem) / 8;
  for (int64_t i = 0; i < dst->num; i++)
    for (int64_t j = 0; j < dst->width; j++, e++) {
      a.index[e] = dst->offset + i * dst->stride + j;
      if (swizzle) a.index[e] = vtc_gir_swizzle_index(a.index[e], eb);
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
    if (I->shared.data[i].alloc == op && I->shared.data[i].group == I->group) {
      *out = I->shared.data[i].buf;
      return true;
    }
  vtc_gir_buffer_info bi;
  vtc_gir_buffer_info_of(I->ctx, vtc_op_result(op, 0)->type, &bi);
  gbuf *b = gi_new_buf(I, op, bi.elem, bi.rank, bi.dims, true);
  if (!b) return false;
  VTC_VEC_PUSH(&I->shared, ((gshared){op, b, I->group}));
  *out = b;
  return true;
}

/* ---- one unit ------------------------------------------------------------------------------ */

static bool is_sync_of(vtc_op *op, vtc_gir_scope scope) {
  return vtc_gir_is(op, "sync") && op->num_results == 0 && vtc_gir_sync_scope(op) == scope;
}
static bool is_block_sync(vtc_op *op) { return is_sync_of(op, VTC_GIR_SCOPE_BLOCK); }
static bool is_barrier(vtc_op *op) { return is_block_sync(op) || is_sync_of(op, VTC_GIR_SCOPE_DEVICE); }

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

/* Runs the unit until it waits at a block or device sync or returns. */
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
    if (is_barrier(op)) {
      U->barrier = op;
      return true;
    }
    if (!gi_run_op(I, op)) return false;
  }
}

/* ---- groups that run together ---------------------------------------------------------- */

static char *where(const vtc_op *op) {
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  return l ? vtc_format("%s:%u:%u", l->name, l->line, l->col) : vtc_format("an unknown location");
}

/* The groups [first, first + n) of a launch, run together; units[g * gs + u]
 * is unit u of group first + g; epochs[g] its group's block syncs passed. */
typedef struct gset {
  gunit *units;
  uint32_t *epochs;
  int64_t first, n, gs;
} gset;

static void enter_group(interp *I, const gset *S, int64_t g) {
  I->group = S->first + g;
  I->epoch = S->epochs[g];
}

/* Every unit of group g has stopped: all wait at one block sync (they pass
 * it: *passed), some wait at a device sync (nothing to do here), or the
 * group is stuck (an error). */
static bool meet_block(interp *I, const gset *S, int64_t g, bool *passed) {
  gunit *units = S->units + g * S->gs;
  int64_t n = S->gs, first = -1, returned = -1;
  enter_group(I, S, g);
  for (int64_t u = 0; u < n; u++) {
    if (units[u].done) {
      returned = u;
      continue;
    }
    if (first < 0) {
      first = u;
    } else if (units[u].barrier != units[first].barrier) {
      if (!is_block_sync(units[u].barrier) && !is_block_sync(units[first].barrier)) continue; /* the device's */
      vtc_op *at = is_block_sync(units[u].barrier) ? units[u].barrier : units[first].barrier;
      vtc_op *other = at == units[u].barrier ? units[first].barrier : units[u].barrier;
      int64_t ua = at == units[u].barrier ? u : first, ub = at == units[u].barrier ? first : u;
      char *o = where(other);
      bool ok = gi_fail(I, at, "unit %lld of group %lld waits at this block sync while unit %lld waits at the one at "
                               "%s: every unit must reach the same sync",
                        (long long)ua, (long long)I->group, (long long)ub, o);
      free(o);
      return ok;
    }
  }
  if (first < 0 || !is_block_sync(units[first].barrier)) return true;
  if (returned >= 0)
    return gi_fail(I, units[first].barrier, "unit %lld of group %lld waits at this block sync, but unit %lld has "
                                            "returned: every unit of the group must reach it",
                   (long long)first, (long long)I->group, (long long)returned);
  for (int64_t u = 0; u < n; u++) units[u].barrier = NULL;
  S->epochs[g]++;
  *passed = true;
  return true;
}

/* No group could pass a block sync: every unit has returned (*finished), or
 * all wait at one device sync (they pass it), or the launch is stuck. */
static bool meet_device(interp *I, const gset *S, bool *finished) {
  int64_t total = S->n * S->gs, first = -1, returned = -1;
  for (int64_t k = 0; k < total; k++) {
    if (S->units[k].done) returned = k;
    else if (first < 0) first = k;
  }
  *finished = first < 0;
  if (*finished) return true;
  vtc_op *at = S->units[first].barrier;
  enter_group(I, S, first / S->gs);
  for (int64_t k = 0; k < total; k++) {
    if (S->units[k].done || S->units[k].barrier == at) continue;
    char *o = where(S->units[k].barrier);
    bool ok = gi_fail(I, at, "unit %lld of group %lld waits at this device sync while unit %lld of group %lld waits "
                             "at the one at %s: every unit of the launch must reach the same sync",
                      (long long)(first % S->gs), (long long)I->group, (long long)(k % S->gs),
                      (long long)(S->first + k / S->gs), o);
    free(o);
    return ok;
  }
  if (returned >= 0)
    return gi_fail(I, at, "unit %lld of group %lld waits at this device sync, but unit %lld of group %lld has "
                          "returned: every unit of the launch must reach it",
                   (long long)(first % S->gs), (long long)I->group, (long long)(returned % S->gs),
                   (long long)(S->first + returned / S->gs));
  for (int64_t k = 0; k < total; k++) S->units[k].barrier = NULL;
  for (int64_t g = 0; g < S->n; g++) S->epochs[g]++;
  return true;
}

static void unit_free(gunit *U) {
  gi_gvals_free(&U->vals);
  VTC_VEC_FREE(&U->stack);
  for (size_t i = 0; i < U->async.len; i++) async_free(&U->async.data[i]);
  VTC_VEC_FREE(&U->async);
  memset(U, 0, sizeof *U);
}

static bool run_groups(interp *I, vtc_op *launch, vtc_op *kernel, gset *S) {
  vtc_block *body = vtc_gir_kernel_body(kernel);
  int64_t total = S->n * S->gs;
  for (int64_t k = 0; k < total; k++) {
    I->vals = &S->units[k].vals;
    for (unsigned a = 0; a < vtc_gir_launch_num_args(launch); a++) {
      gval *arg = vtc_ptrmap_get(&I->host_vals, vtc_gir_launch_arg(launch, a));
      if (arg) gi_gval_copy(gi_slot(I, body->args[a]), arg);
    }
    VTC_VEC_PUSH(&S->units[k].stack, ((gframe){NULL, body->first, 0, 0, 0, 0, -1}));
  }
  for (int64_t g = 0; g < S->n; g++) S->epochs[g] = 1;
  bool ok = true, finished = false;
  while (ok && !finished) {
    for (int64_t k = 0; ok && k < total; k++) {
      gunit *U = &S->units[k];
      if (U->done || U->barrier) continue;
      enter_group(I, S, k / S->gs);
      I->unit = I->group * S->gs + k % S->gs;
      I->cur = U;
      I->vals = &U->vals;
      ok = step_unit(I, U);
      S->epochs[k / S->gs] = I->epoch;
    }
    bool passed = false;
    for (int64_t g = 0; ok && g < S->n; g++) ok = meet_block(I, S, g, &passed);
    if (ok && !passed) ok = meet_device(I, S, &finished);
  }
  for (int64_t k = 0; k < total; k++) unit_free(&S->units[k]);
  for (size_t i = 0; i < I->shared.len; i++) gi_buf_free(I->shared.data[i].buf);
  I->shared.len = 0;
  return ok;
}

static vtc_walk_result find_device_sync(vtc_op *op, void *found) {
  if (!is_sync_of(op, VTC_GIR_SCOPE_DEVICE)) return VTC_WALK_ADVANCE;
  *(bool *)found = true;
  return VTC_WALK_INTERRUPT;
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
  bool device = false;
  vtc_op_walk(k, true, find_device_sync, &device);
  if (device && units > VTC_GIR_INTERP_MAX_DEVICE_UNITS)
    return gi_fail(I, op, "launches @%s, which has a device barrier, on %lld units: the interpreter runs them all at "
                          "once, at most %d", vtc_gir_kernel_name(k), (long long)units, VTC_GIR_INTERP_MAX_DEVICE_UNITS);
  int64_t together = device ? groups : 1; /* groups that run at once */
  gset S = {vtc_xcalloc((size_t)(together * gs), sizeof(gunit)), vtc_xcalloc((size_t)together, sizeof(uint32_t)), 0,
            together, gs};
  bool ok = true;
  for (S.first = 0; ok && S.first < groups; S.first += together) ok = run_groups(I, op, k, &S);
  free(S.units);
  free(S.epochs);
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
