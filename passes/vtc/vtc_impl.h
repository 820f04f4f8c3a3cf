/* Internals of the vtc passes: the virtual tensor opportunity graph (VTOG,
 * Definition 6, Algorithm 1) with its conflict sets, the points-to graph
 * chosen by the global greedy (Algorithm 2), and the annotation. */
#ifndef VTC_PASSES_VTC_VTC_IMPL_H
#define VTC_PASSES_VTC_VTC_IMPL_H

#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph.h"
#include "ir/ir.h"
#include "ir/ptrmap.h"
#include "passes/vtc/vtc_passes.h"
#include "targets/hardware.h"

extern const vtc_pass_def vtc_print_rules_pass, vtc_build_vtog_pass, vtc_print_vtog_pass, vtc_select_pass,
    vtc_print_strategy_pass, vtc_virtualize_pass;

typedef enum { VTC_STRATEGY_GREEDY, VTC_STRATEGY_ALL, VTC_STRATEGY_TYPE1, VTC_STRATEGY_NONE } vtc_strategy_kind;
typedef enum { VTC_OBJECTIVE_LATENCY, VTC_OBJECTIVE_MEMORY } vtc_objective_kind;
typedef enum { VTC_COST_AUTO, VTC_COST_PROFILE, VTC_COST_MODEL } vtc_cost_kind;

/* Every pass takes the same options (ir/pass.h, by offsetof). */
typedef struct vtc_options {
  const char *target; /* a targets/hardware.h row: the transfer unit and bandwidth */
  int strategy, objective, cost;
} vtc_options;

/* --pass-statistics counters, in vtc_stat_names' order. */
enum {
  VTC_STAT_EDGES,
  VTC_STAT_CONFLICTS,
  VTC_STAT_VIRTUALIZED,
  VTC_STAT_DM_ELIMINATED,
  VTC_STAT_BYTES_SAVED,
  VTC_STAT_SKIPPED_DYNAMIC,
  VTC_STAT_SKIPPED_INTERFERENCE,
  VTC_STAT_SKIPPED_UNPROFITABLE,
};
extern const char *const vtc_stat_names[];

enum { VTOG_OPEN, VTOG_PHYSICAL, VTOG_VIRTUAL };

/* A tensor of the function. */
typedef struct vtog_node {
  vtc_value *value;
  const vtc_loc *loc;
  char name[40];       /* `arg0`, `split.0#1`: the op's short name, its ordinal, the result */
  int64_t bytes;       /* a `?` dim counts 1 */
  int64_t volume;      /* elements, a `?` dim counts 2 (the contiguity analysis shape) */
  int pos;             /* program position of the defining op; -1 for arguments */
  bool input;
  int result_index;    /* returned as function result N (the first), else -1 */
  int donated_to;      /* argument with graph.aliasing_output = N, else -1 */
  unsigned *out;       /* ids of its out-edges (it as the view); heap */
  unsigned num_out;
  /* the selection's state */
  int state;
  bool read_chain;     /* its storage is reached through a read view */
  bool index_dep;
  vtc_graph_mapping composed; /* to the physical tensors (pieces' input: node id); owned */
  vtc_graph_contiguity contig;
  double saving;
} vtog_node;

/* An edge (from, to): `from` can be made a view of `to` (Definition 6). */
typedef struct vtog_edge {
  unsigned from, to;
  vtc_op *op;
  vtc_graph_vrule rule;       /* owned copy; pieces' input is the op's operand/result number */
  vtc_graph_contiguity contig; /* of the edge alone */
  bool legal;
  int skip_stat;              /* VTC_STAT_SKIPPED_* when not legal */
  char reason[256];
  bool selected;
  bool blocked;               /* conflicts with a selected edge */
  double w;
  int write_pos;              /* earliest position at which from's storage may be written (write edges) */
} vtog_edge;

typedef struct vtog_conflict {
  unsigned a, b;
  bool interference;
  char reason[256];
} vtog_conflict;

typedef struct vtog {
  vtc_context *ctx;
  vtc_op *func;
  const vtc_hardware *hw;
  vtc_op **ops; /* body ops in program order; heap */
  unsigned num_ops;
  vtog_node *nodes;
  unsigned num_nodes;
  vtog_edge *edges;
  unsigned num_edges;
  vtog_conflict *conflicts;
  unsigned num_conflicts;
  vtc_ptrmap conflict_pairs; /* conflict_key(a, b) of every conflict: O(1) vtog_conflicting */
  vtc_ptrmap ids; /* value -> node id + 1 */
  vtc_ptrmap op_edges; /* op -> its first edge's index + 1 (an op's edges are added together: contiguous) */
} vtog;

/* vtog.c: Algorithm 1, the conflict sets and the interference rule; false
 * after a located error (a malformed graph.aliasing_output). */
bool vtog_build(vtog *g, vtc_context *ctx, vtc_op *func, const vtc_hardware *hw);
void vtog_free(vtog *g);
void vtog_print(vtog *g);
bool vtog_conflicting(const vtog *g, unsigned e1, unsigned e2);
int vtog_node_of(const vtog *g, const vtc_value *v); /* -1 if none */
/* The edges of op: [*first, *end), empty if it has none. */
void vtog_op_edges(const vtog *g, const vtc_op *op, unsigned *first, unsigned *end);
void vtog_count(vtog *g, vtc_pass_context *pc);
/* Emits one remark per line of text at loc, each prefixed. */
void vtc_remark_lines(vtc_context *ctx, const vtc_loc *loc, const char *prefix, const char *text);

/* select.c: Algorithm 2 and the cost model. */
typedef struct vtc_selection {
  double total_saving; /* seconds (latency) or bytes (memory) */
  int64_t bytes_saved;
  unsigned virtualized, dm_eliminated, skipped_unprofitable;
} vtc_selection;

bool vtc_select(vtog *g, const vtc_options *o, vtc_selection *res);
void vtc_print_selection(vtog *g, const vtc_options *o, const vtc_selection *res);
/* annotate.c: vtc.virtual and vtc.views on the ops of the selected edges. */
void vtc_annotate(vtog *g);
/* True when op's own views are all selected (the op moves no data). */
bool vtc_op_eliminated(const vtog *g, vtc_op *op);

#endif
