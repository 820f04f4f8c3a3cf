/* Private to passes/vortex: what the pass files share (walking the TEs of a
 * module, the target and backend options with located errors, the option
 * structs), and the model's expression machinery (model.c) that evaluates
 * one formula either in C or as host arith. */
#ifndef VTC_PASSES_VORTEX_VORTEX_IMPL_H
#define VTC_PASSES_VORTEX_VORTEX_IMPL_H

#include "passes/vortex/rkernel.h"

/* ---- walking (classify_pass.c) ------------------------------------------------------
 * Calls visit(walk, compute) on each te.compute under root, numbering them
 * per enclosing func.func; the accessors read the walk's state. A visit
 * that fails calls vortex_walk_fail (after its diagnostic) and the walk
 * stops; vortex_walk_computes then returns false. */
typedef void (*vortex_visit_fn)(void *walk, vtc_op *compute);
bool vortex_walk_computes(vtc_pass_context *pc, vtc_op *root, vortex_visit_fn visit, void *data);
const char *vortex_walk_func(const void *walk);
unsigned vortex_walk_index(const void *walk);
vtc_pass_context *vortex_walk_pass(const void *walk);
void *vortex_walk_data(const void *walk);
void vortex_walk_fail(void *walk);

/* vortex_reject_names followed by NULL (the pass's statistics). */
extern const char *const vortex_reject_names_null_terminated[];

/* ---- options (passes.c) ---------------------------------------------------------------
 * The hardware of `target=` (empty: "host"); NULL after an error at loc
 * naming the known rows. */
const vtc_hardware *vortex_pass_hardware(vtc_context *ctx, const vtc_loc *loc, const char *target);
/* The first backend for the contraction's input type under the option;
 * false after an error at loc. */
bool vortex_pass_backend(vtc_context *ctx, const vtc_loc *loc, const vtc_hardware *hw, vortex_backend_option option,
                         const vortex_contraction *c, vortex_backend *out);

/* ---- the model's expressions (model.c) ------------------------------------------------
 * A value is an integer (index) or a float (f64); a constant folds, a
 * value is an SSA value emitted at the builder (b NULL: constants only). */
typedef struct vx_value {
  bool is_int;
  bool is_const;
  int64_t i;
  double f;
  vtc_value *v;
} vx_value;

typedef struct vx_memo vx_memo;

typedef struct vx_ctx {
  vtc_builder *b; /* NULL: evaluate in C (every input constant) */
  const vtc_loc *loc;
  vx_memo *memo;  /* emitting: each constant and each (op, operands) once */
} vx_ctx;

#endif
