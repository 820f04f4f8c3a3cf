/* The te interpreter: runs a func.func of te ops on host tensors, one output
 * element at a time, independently of the graph interpreter, so that every
 * lowering from graph to te can be checked numerically against it. Simple
 * and obviously right beats fast. */
#ifndef VTC_DIALECTS_TE_INTERPRETER_H
#define VTC_DIALECTS_TE_INTERPRETER_H

#include "dialects/te/te.h"
#include "runtime/tensor.h"

/* Runs `func` (a func.func whose body holds te.compute, te.dim, arith/math
 * ops on scalars, arith.constant (scalars and dense tensors) and
 * func.return) on num_inputs tensors, one per argument:
 *   - a tensor argument takes a tensor of the same element type and rank
 *     whose sizes match the static dims (each `?` takes the input's size);
 *   - a scalar argument (index, integer or float) takes a tensor with one
 *     element (rank 0 or any shape of one element).
 * Semantics (dialects/te/README.md): the body is evaluated per iteration
 * point in f64 (integers in int64, wrapped to their width), reductions fold
 * in row-major order of the reduction indices starting from `init` with an
 * f64 accumulator for floats and an exact int64 one for integers (sum and
 * prod wrap, as the compiled code's do), and each output element is
 * rounded once to the result's element type when stored (integers exactly,
 * wrapped to the width: i64 values beyond 2^53 survive). Dynamic sizes come from the symbols (te.dim of
 * the inputs, scalar arguments, arithmetic on them); a static result dim
 * that disagrees with the evaluated `shape` is an error. A te.load outside
 * its input without `padding` is a located error naming the index.
 * A te.compute whose iteration domain (output elements times reduction
 * points) exceeds VTC_TE_INTERP_MAX_STEPS is refused before it runs, with a
 * located error: the interpreter takes about 30 ns a point, so a domain of
 * 2^40 points would run for hours.
 * On success returns true and sets *outputs to a heap array of *num_outputs
 * tensors the caller owns (free with vtc_tensor_free_array); scalar results
 * come back as rank-0 tensors (f64 for floats, i64 for integers and index).
 * On failure emits a located diagnostic and returns false, *outputs NULL. */
#define VTC_TE_INTERP_MAX_STEPS ((int64_t)1 << 30)
bool vtc_te_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                      unsigned *num_outputs);

/* The runtime dtype of a scalar element type; false for types with none. */
bool vtc_te_dtype_of(const vtc_type *element, vtc_dtype *out);

#endif
