/* canonicalize: the greedy rewrite driver (ir/rewrite.c) with every
 * registered op's canonicalization patterns and fold hooks, as MLIR's
 * -canonicalize. It runs on any op and rewrites the ops nested in it.
 *
 * Choices where MLIR leaves room: non-convergence is silent (canonicalization
 * is best effort) unless test-convergence=true, which makes it a located
 * error; max-iterations <= 0 means no limit; region-simplify is accepted for
 * pipeline compatibility but vtc does not simplify regions (no block merging
 * or dead-block removal) yet. */
#include <limits.h>
#include <stddef.h>

#include "ir/diagnostics.h"
#include "ir/rewrite.h"
#include "passes/generic/generic_passes.h"

typedef struct canonicalize_options {
  int64_t max_iterations;
  int region_simplify;
  bool test_convergence;
  bool top_down;
} canonicalize_options;

static const char *const region_simplify_choices[] = {"disabled", "normal", "aggressive", NULL};

static const vtc_pass_option canonicalize_option_table[] = {
    {"max-iterations", VTC_OPTION_INT, "10", "Max. sweeps over the IR before giving up (<= 0: no limit)",
     offsetof(canonicalize_options, max_iterations), NULL},
    {"region-simplify", VTC_OPTION_ENUM, "normal", "Region simplification level (accepted; not implemented)",
     offsetof(canonicalize_options, region_simplify), region_simplify_choices},
    {"test-convergence", VTC_OPTION_BOOL, "false", "Fail (with an error) when the rewrites do not converge",
     offsetof(canonicalize_options, test_convergence), NULL},
    {"top-down", VTC_OPTION_BOOL, "true", "Seed the worklist in pre-order (else post-order)",
     offsetof(canonicalize_options, top_down), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

enum { STAT_REWRITES, STAT_FOLDS, STAT_ERASED };
static const char *const canonicalize_stats[] = {"num-rewrites", "num-folds", "num-erased", NULL};

static bool run_canonicalize(vtc_pass_context *pc, vtc_op *op, const void *options) {
  const canonicalize_options *o = options;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  vtc_pattern_set *set = vtc_pattern_set_create(ctx);
  vtc_pattern_set_add_canonical(set);
  vtc_greedy_config cfg = vtc_greedy_config_default();
  cfg.top_down = o->top_down;
  cfg.max_iterations = o->max_iterations <= 0 ? UINT_MAX
                       : o->max_iterations > UINT_MAX ? UINT_MAX
                                                      : (unsigned)o->max_iterations;
  vtc_greedy_stats stats = {0};
  bool changed = false;
  bool converged = vtc_apply_patterns_greedily_stats(op, set, &cfg, &changed, &stats);
  vtc_pattern_set_destroy(set);
  vtc_pass_stat_add(pc, STAT_REWRITES, stats.rewrites);
  vtc_pass_stat_add(pc, STAT_FOLDS, stats.folds);
  vtc_pass_stat_add(pc, STAT_ERASED, stats.erased);
  if (!changed) vtc_pass_mark_unchanged(pc);
  if (!converged && o->test_convergence)
    return vtc_error(ctx, op->loc, "canonicalizer failed to converge within %lld iterations",
                     (long long)o->max_iterations);
  return true;
}

const vtc_pass_def vtc_canonicalize_pass = {
    .name = "canonicalize",
    .summary = "Canonicalize operations: fold, erase dead ops, apply canonical patterns (MLIR -canonicalize)",
    .anchor = NULL,
    .options_size = sizeof(canonicalize_options),
    .options = canonicalize_option_table,
    .run = run_canonicalize,
    .statistics = canonicalize_stats,
};
