/* Printing passes for the graph interfaces, so tests and users can see
 * them: graph-print-mapping (VTC's mapping function F of every data-movement
 * op result, section 4.1) and graph-print-cost (flops and bytes), each as a
 * remark at the op's location. */
#include <string.h>

#include "dialects/graph/graph.h"

static vtc_walk_result print_mapping(vtc_op *op, void *data) {
  vtc_context *ctx = data;
  if (!vtc_op_has_trait(op, VTC_TRAIT_DATA_MOVEMENT) || !vtc_op_interface(op, VTC_IFACE_MAPPING)) return VTC_WALK_ADVANCE;
  for (unsigned r = 0; r < op->num_results; r++) {
    vtc_graph_mapping m;
    if (!vtc_graph_get_mapping(op, r, &m)) {
      vtc_remark(ctx, op->loc, "result %u: no static mapping (needs static shapes)", r);
      continue;
    }
    vtc_strbuf b = {0};
    vtc_graph_mapping_print(&m, &b);
    /* One remark per line of the printed mapping. */
    for (char *line = b.data, *nl; line && *line; line = nl + 1) {
      nl = strchr(line, '\n');
      if (nl) *nl = 0;
      vtc_remark(ctx, op->loc, "result %u: %s", r, line);
      if (!nl) break;
    }
    vtc_strbuf_free(&b);
    vtc_graph_mapping_free(&m);
  }
  return VTC_WALK_ADVANCE;
}

static vtc_walk_result print_cost(vtc_op *op, void *data) {
  vtc_graph_cost c;
  if (op->name->dialect == vtc_str(data, "graph") && vtc_graph_get_cost(op, &c))
    vtc_remark(data, op->loc, "flops %lld, bytes read %lld, bytes written %lld", (long long)c.flops,
               (long long)c.bytes_read, (long long)c.bytes_written);
  return VTC_WALK_ADVANCE;
}

static bool run_print_mapping(vtc_pass_context *pc, vtc_op *root, const void *options) {
  vtc_op_walk(root, true, print_mapping, vtc_pass_context_ctx(pc));
  vtc_pass_mark_unchanged(pc);
  return true;
}

static bool run_print_cost(vtc_pass_context *pc, vtc_op *root, const void *options) {
  vtc_op_walk(root, true, print_cost, vtc_pass_context_ctx(pc));
  vtc_pass_mark_unchanged(pc);
  return true;
}

const vtc_pass_def vtc_graph_print_mapping_pass = {
    .name = "graph-print-mapping",
    .summary = "Print the data-movement mapping (VTC section 4.1, Equation (1)) of each graph op as remarks",
    .run = run_print_mapping,
};

const vtc_pass_def vtc_graph_print_cost_pass = {
    .name = "graph-print-cost",
    .summary = "Print each graph op's cost (flops, bytes read and written) as remarks",
    .run = run_print_cost,
};
