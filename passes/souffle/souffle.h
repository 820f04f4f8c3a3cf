/* Souffle's TE-level passes (souffle.txt sections 5 and 6): the global
 * analysis printer, the horizontal and the vertical TE transformations, and
 * the program model they share: each function's TEs in program order, its
 * tensors with their readers, and the TEs' BFS levels. */
#ifndef VTC_PASSES_SOUFFLE_SOUFFLE_H
#define VTC_PASSES_SOUFFLE_SOUFFLE_H

#include "dialects/te/te.h"
#include "ir/pass.h"
#include "ir/ptrmap.h"

extern const vtc_pass_def vtc_souffle_print_analysis_pass;
extern const vtc_pass_def vtc_souffle_vertical_pass;
extern const vtc_pass_def vtc_souffle_horizontal_pass;
/* te-split-reduction (split_reduction.c): rfactor of the long reductions
 * that no rKernel takes; a TE transformation beside Souffle's, which asks
 * Vortex's classifier (so it lives in this layer, above passes/vortex). */
extern const vtc_pass_def vtc_te_split_reduction_pass;
/* souffle-partition / souffle-print-partition (partition.c): te.subprograms. */
extern const vtc_pass_def vtc_souffle_partition_pass;
extern const vtc_pass_def vtc_souffle_print_partition_pass;


/* Registers the souffle passes. */
void vtc_register_souffle_passes(vtc_context *ctx);

/* ---- the program model (section 5.1) ----------------------------------------
 * Built per function over the te.computes of its body block (program order
 * is a topological order, as SSA dominance makes it). Heap, owned: free with
 * vtc_souffle_program_free. Tensors are the function's tensor arguments,
 * every TE's result, and any other tensor a TE reads (defined by another
 * op: a call), in that order. */

typedef struct vtc_souffle_tensor {
  vtc_value *value;
  int def;            /* defining TE index, -1 when not a TE */
  int arg;            /* function argument number, or -1 */
  int last_use;       /* last TE (index) that reads it, -1 if none */
  bool escapes;       /* used by a non-TE op other than te.dim (return, call) */
  unsigned num_readers;
  unsigned *readers;  /* TE indices, ascending, each once: s(t) */
} vtc_souffle_tensor;

typedef struct vtc_souffle_te {
  vtc_op *op;
  unsigned level;     /* BFS level: 1 + the deepest producing TE, 0 on arguments */
  unsigned num_inputs;
  unsigned *inputs;   /* tensor ids, one per compute input */
} vtc_souffle_te;

typedef struct vtc_souffle_program {
  vtc_op *func;
  unsigned num_tes, num_tensors;
  vtc_souffle_te *tes;
  vtc_souffle_tensor *tensors;
  vtc_ptrmap ids; /* vtc_value * -> tensor id + 1 */
} vtc_souffle_program;

/* NULL for a function without a body. */
vtc_souffle_program *vtc_souffle_program_build(vtc_op *func);
void vtc_souffle_program_free(vtc_souffle_program *p);
/* The tensor id of a value, or -1. */
int vtc_souffle_tensor_id(const vtc_souffle_program *p, const vtc_value *v);
/* `in2` for argument 2, `O5` for TE 5's result, `t7` otherwise. */
void vtc_souffle_tensor_name(const vtc_souffle_program *p, unsigned id, vtc_strbuf *out);

/* Rewrites a te.compute's inputs to those its loads read, each once, in
 * first-use order (after a rewrite re-pointed or removed loads); its
 * symbols are kept as they are. */
void vtc_souffle_compact_inputs(vtc_op *compute);

/* Souffle's compute-to-memory characterization (5.3) of one TE: passes/te's
 * flops per point times the iteration points, over every loaded input read
 * once and the output written once. A `?` dim or a symbol counts as
 * symbol_size (estimated is then true). A TE is compute-intensive (CI) at
 * flops_per_element >= the threshold (Souffle: 3). */
typedef struct vtc_souffle_intensity {
  double flops, bytes, elements, flops_per_element;
  bool estimated;
} vtc_souffle_intensity;

void vtc_souffle_intensity_of(vtc_op *compute, int64_t symbol_size, vtc_souffle_intensity *out);

/* Whether vortex-classify takes the TE as a contraction: lower-te-to-gir
 * then gives it Vortex's rKernel (a GEMV too, which is memory-intensive),
 * as long as its operands keep the GEMM form. */
bool vtc_souffle_has_rkernel(vtc_op *compute);

#endif
