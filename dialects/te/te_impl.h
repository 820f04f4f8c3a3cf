/* Private to dialects/te: what its files share beyond the public te.h. The
 * op file (ops.c) calls down into the in-bounds proof (verify_bounds.c),
 * which uses only te.h's accessors, so the includes go one way. */
#ifndef VTC_DIALECTS_TE_TE_IMPL_H
#define VTC_DIALECTS_TE_TE_IMPL_H

#include "dialects/te/te.h"

/* The static in-bounds proof (verify_bounds.c), run by te.compute's
 * verifier: for every te.load without padding, interval evaluation of each
 * map result over the iteration domain (when the domain and the input's
 * dimension are static) must stay inside the input; and no map (shape,
 * reduce, any load's) may overflow int64 in its constants or over the
 * static domain. Emits a located error on the compute or the load and
 * returns false when some access is out of bounds or overflows. */
bool te_verify_bounds(vtc_op *compute);

/* The rules of a destination-passing te.compute (dest.c), after the domain
 * and the body's yield have been checked: result and destination types, the
 * store maps' and boxes' shapes, each store map one-to-one on its box, the
 * boxes pairwise disjoint, static stores inside their destination. Emits a
 * located error and returns false otherwise. */
bool te_verify_dests(vtc_op *compute, vtc_op *yield);

#endif
