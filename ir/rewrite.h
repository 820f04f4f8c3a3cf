/* Pattern rewriting: patterns with a root op name and a benefit, applied by a
 * greedy worklist driver that also folds ops through their fold hooks and
 * erases trivially dead pure ops, as MLIR's applyPatternsAndFoldGreedily. */
#ifndef VTC_IR_REWRITE_H
#define VTC_IR_REWRITE_H

#include "ir/builder.h"

typedef struct vtc_rewriter vtc_rewriter;

/* Returns true when it changed the IR (and only then). All changes go
 * through the rewriter so the driver can track them. */
typedef bool (*vtc_match_and_rewrite_fn)(vtc_rewriter *rw, vtc_op *op);

typedef struct vtc_pattern {
  const char *root;   /* op name this pattern matches, NULL for any op */
  int benefit;        /* higher first */
  vtc_match_and_rewrite_fn match_and_rewrite;
  const char *debug_name;
} vtc_pattern;

vtc_pattern_set *vtc_pattern_set_create(vtc_context *ctx);
void vtc_pattern_set_destroy(vtc_pattern_set *set);
/* The pattern must outlive the set (patterns are static tables). */
void vtc_pattern_set_add(vtc_pattern_set *set, const vtc_pattern *pattern);
/* Adds the canonicalization patterns of every registered op. */
void vtc_pattern_set_add_canonical(vtc_pattern_set *set);

/* The rewriter: a builder whose insertion point patterns may move, plus
 * notifications that keep the driver's worklist right. */
vtc_builder *vtc_rewriter_builder(vtc_rewriter *rw);
vtc_context *vtc_rewriter_context(vtc_rewriter *rw);
void vtc_rewriter_set_before(vtc_rewriter *rw, vtc_op *op);
/* Replaces op's results with values (one per result) and erases op. */
void vtc_rewriter_replace_op(vtc_rewriter *rw, vtc_op *op, vtc_value *const *values);
void vtc_rewriter_erase_op(vtc_rewriter *rw, vtc_op *op);
void vtc_rewriter_replace_all_uses(vtc_rewriter *rw, vtc_value *from, vtc_value *to);
/* Call after changing op's operands or attributes in place. */
void vtc_rewriter_modified(vtc_rewriter *rw, vtc_op *op);

typedef struct vtc_greedy_config {
  unsigned max_iterations; /* whole sweeps; 0 means the default (10) */
  bool fold;               /* fold ops with fold hooks (default on via *_default) */
  bool top_down;           /* seed the worklist in pre-order */
} vtc_greedy_config;
vtc_greedy_config vtc_greedy_config_default(void);

/* Applies patterns to every op nested in root (not root itself). Returns
 * false if it did not converge within max_iterations; *changed (may be NULL)
 * says whether anything changed. */
bool vtc_apply_patterns_greedily(vtc_op *root, vtc_pattern_set *set, const vtc_greedy_config *config,
                                 bool *changed);

/* Counters of one greedy run, for pass statistics (an addition to the
 * original contract): patterns applied, ops folded (in place or replaced,
 * commutative operand swaps included), ops erased (dead, folded, replaced or
 * erased by patterns, duplicate constants), and sweeps run. */
typedef struct vtc_greedy_stats {
  uint64_t rewrites, folds, erased, iterations;
} vtc_greedy_stats;
/* vtc_apply_patterns_greedily that also adds its counters to *stats. */
bool vtc_apply_patterns_greedily_stats(vtc_op *root, vtc_pattern_set *set, const vtc_greedy_config *config,
                                       bool *changed, vtc_greedy_stats *stats);

/* Constant folding support shared by the driver and passes: if op is
 * constant-like, its value attribute; else NULL. */
const vtc_attr *vtc_op_constant_value(vtc_op *op);
const vtc_attr *vtc_value_constant(vtc_value *v);

#endif
