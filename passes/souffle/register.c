/* Registration of the souffle passes: one row per pass, and the `souffle`
 * pipeline alias (issue 15's V1/V2 switches; partitioning, scheduling,
 * barriers and reuse will join it as their passes land). */
#include "passes/souffle/souffle.h"

typedef struct alias_options {
  bool horizontal, vertical, global_sync, contractions, split_reductions;
} alias_options;

/* Horizontal, then vertical, then (global-sync=true) the partition into
 * subprograms (one kernel each, with device barriers). */
static void expand_souffle(const void *options, vtc_strbuf *out) {
  const alias_options *o = options;
  const char *sep = "";
  if (o->horizontal) {
    vtc_strbuf_puts(out, o->contractions ? "souffle-horizontal{contractions=true}" : "souffle-horizontal");
    sep = ",";
  }
  if (o->vertical) {
    vtc_strbuf_printf(out, "%ssouffle-vertical", sep);
    sep = ",";
  }
  /* Item 5's cross-block partials at the TE level: a long reduction over
   * few outputs (efficientnet's squeeze-and-excitation pools: 32 outputs of
   * 12544 points) becomes per-part partials and their sum, enough work items
   * for the GPU; layer norm and softmax rows (768 and 128 points) are too
   * short to split. */
  if (o->split_reductions) {
    vtc_strbuf_printf(out, "%ste-split-reduction{bodies=any min-items=2048 min-chunk=512}", sep);
    sep = ",";
  }
  if (o->global_sync) vtc_strbuf_printf(out, "%ssouffle-partition", sep);
}

static const vtc_pass_option souffle_alias_options[] = {
    {"horizontal", VTC_OPTION_BOOL, "true", "souffle-horizontal (6.1)", offsetof(alias_options, horizontal), NULL},
    {"vertical", VTC_OPTION_BOOL, "true", "souffle-vertical (6.2)", offsetof(alias_options, vertical), NULL},
    {"global-sync", VTC_OPTION_BOOL, "false",
     "souffle-partition (5.4): subprograms, one kernel each with device barriers (V3; off by default: on the H200 "
     "the merged kernels measured slower than V2 on every paper workload, benchmarks/results/souffle.md)",
     offsetof(alias_options, global_sync), NULL},
    {"split-reductions", VTC_OPTION_BOOL, "true",
     "te-split-reduction{bodies=any}: long reductions over few outputs as partials and their sum (item 5's "
     "cross-block partials, at the TE level)",
     offsetof(alias_options, split_reductions), NULL},
    {"contractions", VTC_OPTION_BOOL, "false",
     "souffle-horizontal merges contractions too (they then lose Vortex's rKernel)",
     offsetof(alias_options, contractions), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

static const vtc_pass_def souffle_alias = {
    .name = "souffle",
    .summary = "Pipeline alias: Souffle's TE transformations on te (6.1 horizontal, then 6.2 vertical); "
               "each switch off is its ablation",
    .options_size = sizeof(alias_options),
    .options = souffle_alias_options,
    .expand = expand_souffle,
};

static const vtc_pass_def *const souffle_passes[] = {
    &vtc_souffle_print_analysis_pass,
    &vtc_souffle_vertical_pass,
    &vtc_souffle_horizontal_pass,
    &vtc_te_split_reduction_pass,
    &vtc_souffle_partition_pass,
    &vtc_souffle_print_partition_pass,
    &souffle_alias,
};

void vtc_register_souffle_passes(vtc_context *ctx) {
  for (size_t i = 0; i < sizeof souffle_passes / sizeof souffle_passes[0]; i++)
    vtc_context_register_pass(ctx, souffle_passes[i]);
}
