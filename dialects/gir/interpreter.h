/* An interpreter for gir host functions and the kernels they launch
 * (dialects/gir/README.md, "The interpreter"), so that lower-te-to-gir and
 * hand-written GPU kernels can be checked numerically without the LLVM path
 * or a GPU. Simple and obviously right beats fast: groups run one after
 * another, the units of a group in lockstep between block syncs. */
#ifndef VTC_DIALECTS_GIR_INTERPRETER_H
#define VTC_DIALECTS_GIR_INTERPRETER_H

#include "dialects/gir/gir.h"
#include "runtime/tensor.h"

/* Runs `func` (a func.func of host code: gir.alloc/free/dim/launch, arith on
 * scalars, func.return) on num_inputs tensors, one per argument: a buffer
 * argument takes a tensor of its element type and rank whose sizes match
 * the static dims; a scalar argument takes a one-element tensor.
 * Semantics: every launch runs its groups in order, and the units of a
 * group (unit = group * group_size + unit_in_group) in lockstep: each runs
 * the kernel body until its next `gir.sync block`, then the next unit,
 * until all wait at the same sync and pass it; one shared buffer per
 * gir.alloc and group; shared accesses that only a missing sync or
 * gir.async_wait would order are located errors, as are units that reach
 * different syncs; asynchronous copies land at their gir.async_wait; register
 * slices hold elements as f64 (floats) or int64 (integers) without rounding
 * (only arith.truncf rounds, like the te interpreter), memory holds them in
 * the element type (a store rounds). Out-of-buffer accesses, reading
 * uninitialised or freed buffers, double frees, and host buffers neither
 * freed nor returned are located errors. So is a run of more than
 * VTC_GIR_INTERP_MAX_STEPS steps (an op, an element of a copy or of an
 * element-wise body, a multiply-add of a gir.mma): a loop or launch whose
 * trip count, or whose first trip's cost times its trip count, would
 * exceed what is left is refused before it runs, so a domain too large to
 * interpret fails at once rather than after hours.
 * On success returns true and sets *outputs to a heap array of *num_outputs
 * tensors the caller owns (free with vtc_tensor_free_array); scalar results
 * are rank-0 tensors (f64 for floats, i64 for integers and index). On
 * failure emits a located diagnostic and returns false, *outputs NULL. */
#define VTC_GIR_INTERP_MAX_STEPS ((int64_t)1 << 30)
/* A launch of a kernel with a `gir.sync device` runs all its units at once
 * (interleaved between syncs): at most this many, else a located error. */
#define VTC_GIR_INTERP_MAX_DEVICE_UNITS 1024
bool vtc_gir_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                       unsigned *num_outputs);

#endif
