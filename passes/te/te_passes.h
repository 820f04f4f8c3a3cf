/* The te passes and the TE analyses they print (Souffle section 5): the
 * intra-TE dependence class and the compute-to-memory ratio, exposed as
 * functions so Souffle's later passes (partitioning, transformations) can
 * ask them directly. */
#ifndef VTC_PASSES_TE_TE_PASSES_H
#define VTC_PASSES_TE_TE_PASSES_H

#include "dialects/te/te.h"
#include "ir/pass.h"

extern const vtc_pass_def vtc_te_print_dependence_pass;

/* Registers the te passes (te-print-dependence). */
void vtc_register_te_passes(vtc_context *ctx);

/* Souffle section 5.2: a TE without a reduction axis is one-relies-on-one
 * (each output element reads one element of each input, through a
 * quasi-affine map); a TE with one is one-relies-on-many. */
typedef enum vtc_te_dependence {
  VTC_TE_ONE_RELIES_ON_ONE,
  VTC_TE_ONE_RELIES_ON_MANY,
} vtc_te_dependence;

vtc_te_dependence vtc_te_dependence_of(const vtc_op *compute);
const char *vtc_te_dependence_name(vtc_te_dependence d); /* "one-relies-on-one", ... */

/* The cost of one TE (section 5.3), by the conventions of
 * passes/te/print_dependence.c:
 *   - flops_per_point: arith/math ops of the body that compute on element
 *     values (not arith.constant, and not index arithmetic: no index operand
 *     or result), plus one for the combiner of a reduction;
 *   - points: output elements times reduction points;
 *   - flops = flops_per_point * points;
 *   - elements = every loaded input's elements (read once) plus the
 *     output's (written once); bytes = the same in bytes.
 * Static only: is_static is false (and the totals 0) when a size is `?`. */
typedef struct vtc_te_cost {
  bool is_static;
  unsigned flops_per_point;
  int64_t points, flops, elements, bytes;
} vtc_te_cost;

void vtc_te_cost_of(const vtc_op *compute, vtc_te_cost *out);

/* Souffle's classification threshold: a TE with fewer than 3 arithmetic
 * operations per element accessed is memory-intensive. */
#define VTC_TE_COMPUTE_INTENSIVE_THRESHOLD 3.0

#endif
