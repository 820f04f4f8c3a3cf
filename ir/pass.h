/* Passes and the pass manager: passes are registered by name with typed
 * options, nested on op kinds, built from textual pipelines
 * (`builtin.module(func.func(cse),canonicalize{max-iterations=3})`) or flags,
 * and run with verification and IR printing instrumentation. */
#ifndef VTC_IR_PASS_H
#define VTC_IR_PASS_H

#include <stdio.h>

#include "ir/asm.h"
#include "ir/dialect.h"

typedef enum vtc_option_type {
  VTC_OPTION_BOOL,     /* bool */
  VTC_OPTION_INT,      /* int64_t */
  VTC_OPTION_STRING,   /* const char * (interned) */
  VTC_OPTION_ENUM,     /* int: index into choices */
  VTC_OPTION_INT_LIST, /* vtc_int_list */
} vtc_option_type;

typedef struct vtc_int_list {
  unsigned count;
  const int64_t *values; /* context arena */
} vtc_int_list;

/* One typed option, stored at `offset` in the pass's options struct. */
typedef struct vtc_pass_option {
  const char *name;
  vtc_option_type type;
  const char *default_value; /* textual, parsed like a pipeline value */
  const char *help;
  size_t offset;
  const char *const *choices; /* VTC_OPTION_ENUM: NULL-terminated */
} vtc_pass_option;

typedef struct vtc_pass_context vtc_pass_context;

typedef struct vtc_pass_def {
  const char *name;    /* pipeline and flag name: "canonicalize" */
  const char *summary; /* one line for --help / --list-passes, naming the paper section */
  const char *anchor;  /* op name the pass must run on, NULL for any op */
  size_t options_size; /* sizeof the options struct (0: none) */
  const vtc_pass_option *options; /* terminated by a row with name == NULL */
  /* Runs on op; returns false after emitting a diagnostic on failure. */
  bool (*run)(vtc_pass_context *pc, vtc_op *op, const void *options);
  const char *const *statistics; /* NULL-terminated statistic names */
  /* A pipeline alias (MLIR's PassPipelineRegistration) when set: the pass
   * never runs (run may be NULL); its parsed options write the textual
   * pipeline that replaces it where it appears (`souffle{vertical=false}`
   * -> `souffle-horizontal`). */
  void (*expand)(const void *options, vtc_strbuf *pipeline);
} vtc_pass_def;

void vtc_context_register_pass(vtc_context *ctx, const vtc_pass_def *def);
const vtc_pass_def *vtc_context_lookup_pass(vtc_context *ctx, const char *name);
/* Registered passes, sorted by name. */
size_t vtc_context_num_passes(const vtc_context *ctx);
const vtc_pass_def *vtc_context_pass_at(const vtc_context *ctx, size_t i);

/* Inside a pass. */
vtc_context *vtc_pass_context_ctx(vtc_pass_context *pc);
void vtc_pass_stat_add(vtc_pass_context *pc, unsigned stat, uint64_t amount);
/* Marks that the pass did not change the IR (skips verification/printing). */
void vtc_pass_mark_unchanged(vtc_pass_context *pc);

/* The pass manager. */
typedef struct vtc_pass_manager vtc_pass_manager;

typedef struct vtc_pm_instrumentation {
  bool verify_each;            /* default true */
  bool print_before_all, print_after_all;
  const char *const *print_before; /* NULL-terminated pass names */
  const char *const *print_after;
  bool print_after_change;
  bool print_after_failure;
  const char *print_tree_dir;  /* one file per pass */
  bool time_passes;
  bool statistics;
  vtc_print_flags print_flags;
  FILE *dump;                  /* IR dumps and reports: default stderr */
} vtc_pm_instrumentation;

/* anchor: the op kind the top-level pipeline runs on (e.g. builtin.module). */
vtc_pass_manager *vtc_pass_manager_create(vtc_context *ctx, const char *anchor);
void vtc_pass_manager_destroy(vtc_pass_manager *pm);
/* Appends a textual pipeline: `builtin.module(a,b{x=1},func.func(c))` or, if
 * it does not start with the anchor, a bare list `a,b` that runs on the
 * anchor. Reports a located diagnostic (column in the pipeline string) on a
 * syntax error, unknown pass or bad option. */
bool vtc_pass_manager_parse(vtc_pass_manager *pm, const char *pipeline);
/* Appends one pass with options text (`max-iterations=3 top-down=false`). */
bool vtc_pass_manager_add(vtc_pass_manager *pm, const char *pass_name, const char *options);
void vtc_pass_manager_set_instrumentation(vtc_pass_manager *pm, const vtc_pm_instrumentation *inst);
/* The canonical textual pipeline, every option spelled out. Caller frees. */
char *vtc_pass_manager_to_string(const vtc_pass_manager *pm);
bool vtc_pass_manager_run(vtc_pass_manager *pm, vtc_op *root);

/* ---- additions by the pass-manager helper ------------------------------ */

/* The defaults: verify_each on, nothing printed, dense attributes never
 * elided (elide_elements_above = -1), dump = stderr. */
vtc_pm_instrumentation vtc_pm_instrumentation_default(void);
/* Adds a tool-level row (`Parser`, `Output`) to the --time-passes report;
 * rows with the same name accumulate. Rows added before the first run are
 * listed before the pipeline, later ones after it. */
void vtc_pass_manager_add_timing(vtc_pass_manager *pm, const char *name, double seconds);
/* Prints the --pass-statistics and --time-passes reports (when enabled) to
 * the dump stream, accumulated over every run. vtc_pass_manager_destroy
 * prints them if this was never called. */
void vtc_pass_manager_print_reports(vtc_pass_manager *pm);
/* True when no pass was added. */
bool vtc_pass_manager_is_empty(const vtc_pass_manager *pm);

#endif
