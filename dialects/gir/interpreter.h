/* A sequential interpreter for gir host functions and CPU-style kernels
 * (dialects/gir/README.md), so that lower-te-to-gir can be checked
 * numerically against the te interpreter without the LLVM path. Simple and
 * obviously right beats fast: units run one after the other, so kernels
 * with block or device barriers among several units are refused. */
#ifndef VTC_DIALECTS_GIR_INTERPRETER_H
#define VTC_DIALECTS_GIR_INTERPRETER_H

#include "dialects/gir/gir.h"
#include "runtime/tensor.h"

/* Runs `func` (a func.func of host code: gir.alloc/free/dim/launch, arith on
 * scalars, func.return) on num_inputs tensors, one per argument: a buffer
 * argument takes a tensor of its element type and rank whose sizes match
 * the static dims; a scalar argument takes a one-element tensor.
 * Semantics: every launch runs its units in order (unit = group *
 * group_size + unit_in_group), each running the kernel body; register
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
bool vtc_gir_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                       unsigned *num_outputs);

#endif
