/* vtc-run's inputs: arguments named on the command line by position or by
 * their name in the module, and random inputs as the module describes them
 * (a `vtc.input` argument attribute) unless an option overrides it. */
#ifndef VTC_TOOLS_VTC_RUN_INPUTS_H
#define VTC_TOOLS_VTC_RUN_INPUTS_H

#include "ir/ir.h"
#include "runtime/tensor.h"
#include "tools/vtc-run/options.h"

/* The tensor type of argument a's inputs: the argument's type, or for a
 * global gir buffer (an entry written in gir) the tensor of its dims and
 * element type. */
const vtc_type *run_arg_type(vtc_op *func, unsigned a);

/* The name argument a of func has in the source (without %), or NULL. */
const char *run_arg_name(vtc_op *func, unsigned a);

/* Resolves every ARG of o (--input-range, --shape, --dim) against func's
 * arguments: names to positions, positions checked against the count.
 * False after a located error naming the arguments. */
bool run_resolve_args(vtc_context *ctx, vtc_op *func, run_options *o);

/* Applies the --shape and --dim options of argument a (resolved) to s
 * (the type's shape, -1 for `?`, or a loaded input's, `from` naming it):
 * each must agree with what s already says, static dims and earlier
 * options alike. False after a located error. */
bool run_apply_dims(vtc_context *ctx, const run_options *o, vtc_op *func, unsigned a, vtc_shape *s, const char *from);

/* Random argument a of func (already resolved options): its shape from the
 * type, --shape and --dim; its values from --input-range, else the
 * argument's `vtc.input` attribute, else the default (floats uniform in
 * [-1, 1), integers in [0, 4), i1 random bits). Deterministic for a seed.
 *
 * `vtc.input` is a dictionary with one of:
 *   range = [LO, HI]        uniform in [LO, HI) (integers: [ceil LO, ceil HI))
 *   normal = STD            normal with mean 0 and standard deviation STD (floats)
 *   value = dense<...>      exactly these values (the argument's static shape)
 * False after a located error. */
bool run_make_random(vtc_context *ctx, const run_options *o, vtc_op *func, unsigned a, vtc_tensor *t);

#endif
