/* The vtc passes (VTC sections 4-5; issue 14 items 1-5):
 *   vtc-print-rules     every data-movement op's virtual tensor rules with
 *                       their contiguity and Equation (1) maps (section 4.4)
 *   vtc-build-vtog      Algorithm 1: the VTOG, conflict sets, interference;
 *                       statistics only (the graph is rebuilt by its users)
 *   vtc-print-vtog      the same, printed as remarks (nodes, edges, conflicts)
 *   vtc-select          Algorithm 2: the points-to graph; statistics
 *   vtc-print-strategy  the points-to graph as remarks
 *   vtc-virtualize      select + annotate (vtc.virtual / vtc.views)
 * They run on every func.func under the op they are given. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "passes/vtc/vtc_impl.h"

static const char *const strategy_names[] = {"greedy", "all", "type1", "none", NULL};
static const char *const objective_names[] = {"latency", "memory", NULL};
static const char *const cost_names[] = {"auto", "profile", "model", NULL};

#define TARGET_OPTION                                                                                              \
  {"target", VTC_OPTION_STRING, "h100",                                                                           \
   "Hardware row (targets/hardware.h) giving the transfer unit and the bandwidth: h100 (default: 128 B), "          \
   "skylake-avx512 (64 B), host, ...",                                                                              \
   offsetof(vtc_options, target), NULL}

static const vtc_pass_option target_only[] = {TARGET_OPTION, {NULL, 0, NULL, NULL, 0, NULL}};

static const vtc_pass_option select_options[] = {
    TARGET_OPTION,
    {"strategy", VTC_OPTION_ENUM, "greedy",
     "greedy (Algorithm 2), all (every legal edge: Table 3's enforced), type1 (Type I edges only), none (ablation)",
     offsetof(vtc_options, strategy), strategy_names},
    {"objective", VTC_OPTION_ENUM, "latency", "latency or memory (section 7.3)", offsetof(vtc_options, objective),
     objective_names},
    {"cost", VTC_OPTION_ENUM, "auto",
     "auto (profile when vtc-run installs an oracle, else model), profile (error without an oracle), model "
     "(bytes / bandwidth + launch + Type II penalty)",
     offsetof(vtc_options, cost), cost_names},
    {NULL, 0, NULL, NULL, 0, NULL},
};

static const vtc_hardware *hardware(vtc_context *ctx, const vtc_loc *loc, const char *target) {
  const char *name = target && *target ? target : "h100";
  const vtc_hardware *hw = vtc_hardware_lookup(name);
  if (!hw) vtc_error(ctx, loc, "vtc: unknown target '%s' (known: %s)", name, vtc_hardware_known_names());
  return hw;
}

/* ---- vtc-print-rules ----------------------------------------------------------------- */

static void print_rule(vtc_context *ctx, vtc_op *op, const vtc_graph_vrule *r, int64_t transfer) {
  const char *vk = r->kind == VTC_GRAPH_VIEW_WRITE ? "operand" : "result", *bk = r->kind == VTC_GRAPH_VIEW_WRITE ? "result" : "operand";
  if (r->dynamic) {
    vtc_remark(ctx, op->loc, "rule %s: %s %u -> %s %u: none (`?` dims with no map)", vtc_graph_view_kind_name(r->kind), vk,
               r->virt, bk, r->base);
    return;
  }
  vtc_graph_contiguity c;
  const vtc_type *vt = vtc_graph_vrule_virtual(op, r)->type, *bt = vtc_graph_vrule_base(op, r)->type;
  vtc_graph_contiguity_of(&r->map, r->dep_dim, vt, bt, transfer, &c);
  vtc_remark(ctx, op->loc, "rule %s: %s %u -> %s %u: %s, d = %u, chunk %lld B%s", vtc_graph_view_kind_name(r->kind), vk,
             r->virt, bk, r->base, vtc_graph_contig_class_name(c.cls), c.d, (long long)c.chunk_bytes,
             c.sampled ? " (sampled)" : "");
  vtc_strbuf b = {0};
  vtc_graph_mapping_print_eq1(ctx, &r->map, bt, &b);
  char prefix[64];
  snprintf(prefix, sizeof prefix, "rule %s: %s %u -> %s %u: ", vtc_graph_view_kind_name(r->kind), vk, r->virt, bk, r->base);
  vtc_remark_lines(ctx, op->loc, prefix, b.data ? b.data : "");
  vtc_strbuf_free(&b);
}

typedef struct rules_walk {
  vtc_context *ctx;
  int64_t transfer;
} rules_walk;

static vtc_walk_result print_rules(vtc_op *op, void *data) {
  rules_walk *w = data;
  vtc_graph_vrules rs;
  if (!vtc_graph_virtual_rules(op, &rs)) return VTC_WALK_ADVANCE;
  for (unsigned k = 0; k < rs.count; k++) print_rule(w->ctx, op, &rs.rules[k], w->transfer);
  vtc_graph_vrules_free(&rs);
  return VTC_WALK_ADVANCE;
}

static bool run_print_rules(vtc_pass_context *pc, vtc_op *root, const void *options) {
  const vtc_options *o = options;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  const vtc_hardware *hw = hardware(ctx, root->loc, o->target);
  if (!hw) return false;
  rules_walk w = {ctx, hw->transfer_bytes};
  vtc_op_walk(root, true, print_rules, &w);
  vtc_pass_mark_unchanged(pc);
  return true;
}

/* ---- the VTOG passes ------------------------------------------------------------------- */

typedef enum { MODE_BUILD, MODE_PRINT_VTOG, MODE_SELECT, MODE_PRINT_STRATEGY, MODE_VIRTUALIZE } run_mode;

static void count_selection(vtc_pass_context *pc, const vtc_selection *s) {
  vtc_pass_stat_add(pc, VTC_STAT_VIRTUALIZED, s->virtualized);
  vtc_pass_stat_add(pc, VTC_STAT_DM_ELIMINATED, s->dm_eliminated);
  vtc_pass_stat_add(pc, VTC_STAT_BYTES_SAVED, (uint64_t)s->bytes_saved);
  vtc_pass_stat_add(pc, VTC_STAT_SKIPPED_UNPROFITABLE, s->skipped_unprofitable);
}

/* The remarks of vtc-select and vtc-virtualize for edges that cannot be taken. */
static void remark_skipped(vtog *g) {
  for (unsigned i = 0; i < g->num_edges; i++) {
    const vtog_edge *e = &g->edges[i];
    if (!e->legal)
      vtc_remark(g->ctx, e->op->loc, "vtc: %s stays physical as a view of %s: %s", g->nodes[e->from].name,
                 g->nodes[e->to].name, e->reason);
  }
}

static bool run_func(vtc_pass_context *pc, vtc_op *func, const vtc_options *o, const vtc_hardware *hw, run_mode mode) {
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  vtog g;
  bool ok = vtog_build(&g, ctx, func, hw);
  if (ok) {
    vtog_count(&g, pc);
    if (mode == MODE_PRINT_VTOG) vtog_print(&g);
    if (mode >= MODE_SELECT) {
      vtc_selection s;
      ok = vtc_select(&g, o, &s);
      if (ok) {
        count_selection(pc, &s);
        if (mode != MODE_PRINT_STRATEGY) remark_skipped(&g);
        if (mode == MODE_PRINT_STRATEGY) vtc_print_selection(&g, o, &s);
        if (mode == MODE_VIRTUALIZE) vtc_annotate(&g);
      }
    }
  }
  vtog_free(&g);
  return ok;
}

static bool run_mode_on(vtc_pass_context *pc, vtc_op *root, const vtc_options *o, run_mode mode) {
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  const vtc_hardware *hw = hardware(ctx, root->loc, o->target);
  if (!hw) return false;
  size_t n;
  vtc_op **funcs = vtc_func_collect(root, &n);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) ok = run_func(pc, funcs[i], o, hw, mode);
  free(funcs);
  if (mode != MODE_VIRTUALIZE) vtc_pass_mark_unchanged(pc);
  return ok;
}

/* The analysis passes take the selection's options too, so one pipeline
 * string serves them all; vtc-build-vtog and vtc-print-vtog ignore all
 * but the target. */
static const vtc_options build_defaults = {.target = "h100"};

static bool run_build(vtc_pass_context *pc, vtc_op *root, const void *o) {
  vtc_options opts = build_defaults;
  opts.target = ((const vtc_options *)o)->target;
  return run_mode_on(pc, root, &opts, MODE_BUILD);
}
static bool run_print_vtog(vtc_pass_context *pc, vtc_op *root, const void *o) {
  vtc_options opts = build_defaults;
  opts.target = ((const vtc_options *)o)->target;
  return run_mode_on(pc, root, &opts, MODE_PRINT_VTOG);
}
static bool run_select(vtc_pass_context *pc, vtc_op *root, const void *o) { return run_mode_on(pc, root, o, MODE_SELECT); }
static bool run_print_strategy(vtc_pass_context *pc, vtc_op *root, const void *o) {
  return run_mode_on(pc, root, o, MODE_PRINT_STRATEGY);
}
static bool run_virtualize(vtc_pass_context *pc, vtc_op *root, const void *o) {
  return run_mode_on(pc, root, o, MODE_VIRTUALIZE);
}

const vtc_pass_def vtc_print_rules_pass = {
    .name = "vtc-print-rules",
    .summary = "Print each data-movement op's virtual tensor rules (VTC 4.4) with contiguity (Def. 4-5) and Eq. (1) maps",
    .options_size = sizeof(vtc_options),
    .options = target_only,
    .run = run_print_rules,
};

const vtc_pass_def vtc_build_vtog_pass = {
    .name = "vtc-build-vtog",
    .summary = "Build the virtual tensor opportunity graph (VTC Algorithm 1) with conflicts and interference; statistics",
    .options_size = sizeof(vtc_options),
    .options = target_only,
    .run = run_build,
    .statistics = vtc_stat_names,
};

const vtc_pass_def vtc_print_vtog_pass = {
    .name = "vtc-print-vtog",
    .summary = "Print the VTOG (VTC Algorithm 1, Figs. 6-7): nodes, edges with class and map, conflicts",
    .options_size = sizeof(vtc_options),
    .options = target_only,
    .run = run_print_vtog,
    .statistics = vtc_stat_names,
};

const vtc_pass_def vtc_select_pass = {
    .name = "vtc-select",
    .summary = "Choose the points-to graph (VTC Algorithm 2, global greedy); statistics",
    .options_size = sizeof(vtc_options),
    .options = select_options,
    .run = run_select,
    .statistics = vtc_stat_names,
};

const vtc_pass_def vtc_print_strategy_pass = {
    .name = "vtc-print-strategy",
    .summary = "Print the chosen points-to graph (VTC Algorithm 2, Fig. 8): per tensor physical or virtual, map, w(e)",
    .options_size = sizeof(vtc_options),
    .options = select_options,
    .run = run_print_strategy,
    .statistics = vtc_stat_names,
};

const vtc_pass_def vtc_virtualize_pass = {
    .name = "vtc-virtualize",
    .summary = "Select (VTC Algorithm 2) and annotate the chosen views: vtc.virtual = read|write|in_place",
    .options_size = sizeof(vtc_options),
    .options = select_options,
    .run = run_virtualize,
    .statistics = vtc_stat_names,
};
