/* Private to the gir interpreter: the state interpreter.c (values, memory,
 * the ops) and interp_units.c (launches: the units of a group in lockstep
 * between block syncs, shared buffers per group, asynchronous copies) share. */
#ifndef VTC_DIALECTS_GIR_INTERP_IMPL_H
#define VTC_DIALECTS_GIR_INTERP_IMPL_H

#include "dialects/arith/arith_eval.h"
#include "dialects/gir/interpreter.h"
#include "ir/check.h"
#include "ir/ptrmap.h"

typedef vtc_arith_scalar gscalar;

/* Who last wrote and read one element of a shared buffer, and when (the
 * group's epoch: block syncs passed), so that a read or write that only a
 * missing gir.sync would order is an error; `pending` counts asynchronous
 * copies into it still in flight. Units are unit_in_group; -1: nobody,
 * -2: several units (readers). */
typedef struct gshadow {
  int32_t writer, reader;
  uint32_t write_epoch, read_epoch;
  uint32_t pending;
  int32_t copier; /* the unit whose asynchronous copy is in flight */
} gshadow;

/* A global or shared buffer. `init` marks written elements, so a read of
 * uninitialised memory is an error (a missing store in a kernel); shared
 * buffers also have a shadow per element. */
typedef struct gbuf {
  vtc_tensor t;
  const vtc_type *elem;
  bool is_float, freed, moved, host, returned;
  uint8_t *init;
  gshadow *shadow; /* shared buffers only */
  const vtc_loc *loc;
} gbuf;

enum { GV_NONE, GV_SCALAR, GV_BUF, GV_VIEW, GV_SLICE };

typedef struct gval {
  int kind;
  gscalar s;
  gbuf *buf;                       /* buffer and view */
  int64_t offset, stride, vnum, vwidth; /* view */
  int64_t vfirst_num, vfirst_width;     /* view: the first valid segment and element */
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

/* An asynchronous copy in flight: the destination elements and the values
 * read from the source when it was issued; `group` is the commit group
 * (0: not committed yet). */
typedef struct gasync {
  gbuf *dst;
  int64_t *index;
  gscalar *values;
  size_t count;
  uint64_t group;
} gasync;

/* One unit of a running group (interp_units.c). */
typedef struct gunit gunit;

/* A shared buffer of the running group: the one its gir.alloc made. */
typedef struct gshared {
  vtc_op *alloc;
  gbuf *buf;
  int64_t group; /* the group it belongs to (groups run together across device syncs) */
} gshared;

typedef struct interp {
  vtc_context *ctx;
  vtc_ptrmap host_vals; /* vtc_value * -> gval *: host code */
  vtc_ptrmap *vals;     /* the map in use: host_vals, or the running unit's */
  VTC_VEC(gbuf *) bufs; /* global buffers */
  int64_t unit, units, group, groups, group_size;
  gunit *cur;           /* the running unit, NULL on the host */
  uint32_t epoch;       /* the running group's block syncs passed, from 1 */
  VTC_VEC(gshared) shared; /* the shared buffers of the running groups */
  failed_assert failed; /* in the running launch; op NULL: none */
  int64_t steps;        /* taken so far, at most VTC_GIR_INTERP_MAX_STEPS */
  vtc_ptrmap handlers;  /* vtc_op_name * -> its handler (interpreter.c) */
} interp;

/* ---- interpreter.c ---------------------------------------------------------- */

bool gi_fail(interp *I, vtc_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
gval *gi_slot(interp *I, vtc_value *v);
/* The step budget (interpreter.h): gi_charge takes n steps (n >= 0);
 * gi_afford refuses a loop or launch of `trips` trips, the first of which
 * took `first` steps, when what is left cannot pay for them. Both report a
 * located error and return false when over budget. */
bool gi_charge(interp *I, vtc_op *op, int64_t n);
bool gi_afford(interp *I, vtc_op *op, const char *what, int64_t trips, int64_t first);
gval *gi_val(interp *I, vtc_op *op, unsigned i);
void gi_gval_copy(gval *dst, const gval *src);
void gi_gvals_free(vtc_ptrmap *m);
/* A buffer of elem x dims: a host/global one is kept in I->bufs, a shared
 * one (with shadows) belongs to the caller (free with gi_buf_free). */
gbuf *gi_new_buf(interp *I, vtc_op *op, const vtc_type *elem, unsigned rank, const int64_t *dims, bool shared);
void gi_buf_free(gbuf *b);
/* Element (i, j) of a view or register slice; checked. */
bool gi_read_at(interp *I, vtc_op *op, const gval *g, int64_t i, int64_t j, gscalar *out);
/* The checks of a write to a shared element without writing it (an issued
 * asynchronous copy), and a write that passed them (its completion). */
bool gi_check_store(interp *I, vtc_op *op, gbuf *b, int64_t idx, bool async);
void gi_store_unchecked(interp *I, gbuf *b, int64_t idx, gscalar v);
/* One op of a kernel body other than gir.for (which the unit runner
 * steps through) and block syncs. */
bool gi_run_op(interp *I, vtc_op *op);
/* Reports the assertion at its location. */
void gi_report_assert(interp *I, vtc_op *op, const int64_t *args);

/* ---- interp_units.c ------------------------------------------------------------ */

/* gir.launch: every group in turn, the units of each in lockstep. */
bool gi_run_launch(interp *I, vtc_op *op);
/* A shared gir.alloc: the running group's buffer of that op. */
bool gi_shared_alloc(interp *I, vtc_op *op, gbuf **out);
/* gir.copy_async, gir.async_commit, gir.async_wait of the running unit. */
bool gi_copy_async(interp *I, vtc_op *op);
bool gi_async_commit(interp *I, vtc_op *op);
bool gi_async_wait(interp *I, vtc_op *op);

#endif
