/* The pass manager's private structures, shared by ir/pass_manager.c (build and
 * run), ir/pipeline.c (textual pipelines and options) and ir/pass_instrument.c
 * (IR dumps, timing, statistics). Not for use outside these files. */
#ifndef VTC_IR_PASS_IMPL_H
#define VTC_IR_PASS_IMPL_H

#include "ir/pass.h"
#include "ir/support.h"

typedef struct pm_elem pm_elem;

/* A list of passes and nested pipelines that runs on ops named `anchor`.
 * Owns its elements. */
typedef struct pm_pipeline {
  const char *anchor; /* interned op name */
  VTC_VEC(pm_elem *) elems;
} pm_pipeline;

/* One pipeline element: a pass with its options, or a nested pipeline. */
struct pm_elem {
  const vtc_pass_def *def; /* the pass; NULL for a nested pipeline */
  void *options;           /* heap, def->options_size bytes (NULL when 0) */
  pm_pipeline *nested;     /* heap, for a nested pipeline */
  uint64_t *stats;         /* heap, one counter per def->statistics name */
  unsigned num_stats;
  double seconds;          /* wall time, summed over runs */
  unsigned flat_index;     /* position in execution order (pm->flat) */
};

/* The chain from the top pipeline down to a pass: nests[0..depth) are the
 * nested-pipeline elements entered, `pass` the pass element. */
typedef struct pm_path {
  const pm_elem *nests[32];
  unsigned depth;
} pm_path;

typedef struct pm_flat_entry {
  pm_path path;
  const pm_elem *pass;
} pm_flat_entry;

/* A tool-level row of the timing report (Parser, Output, ...). */
typedef struct pm_timing_row {
  const char *name; /* heap */
  double seconds;
  bool after_pipeline;
} pm_timing_row;

struct vtc_pass_manager {
  vtc_context *ctx;
  pm_pipeline top;
  vtc_pm_instrumentation inst;
  /* Owned copies of inst.print_before / print_after and the tree dir. */
  char **print_before, **print_after;
  char *tree_dir;
  unsigned pass_step; /* passes executed so far: numbers --print-ir-tree-dir files */
  bool ran;           /* at least one run: later timing rows go after the pipeline */
  bool reported;      /* reports printed (by vtc_pass_manager_print_reports) */
  double verify_seconds;
  VTC_VEC(pm_timing_row) timing_rows;
  /* Every pass in execution order with its path (rebuilt by each run), so
   * a dump after a pass can name the next one. */
  VTC_VEC(struct pm_flat_entry) flat;
};

struct vtc_pass_context {
  vtc_pass_manager *pm;
  pm_elem *elem;
  bool unchanged;
};

/* ---- pipeline.c: parsing and printing --------------------------------- */

/* Parses `text` (elements of a pipeline anchored on into->anchor) and
 * appends them to `into`. buffer_name names the text in diagnostics
 * (`<pass-pipeline>:1:COL`); auto_nest allows a pass anchored elsewhere to
 * be nested automatically (the flag form). */
bool pm_parse_into(vtc_pass_manager *pm, pm_pipeline *into, const char *buffer_name,
                   const char *text, bool auto_nest);
void pm_print_pipeline(const pm_pipeline *pl, vtc_strbuf *out);
void pm_print_elem(const pm_elem *e, vtc_strbuf *out);
/* Options of a pass, sorted by name, as `{a=1 b=x}` (nothing when none). */
void pm_print_options(const vtc_pass_def *def, const void *options, vtc_strbuf *out);
/* Allocates a pass element with its options set to their defaults. */
pm_elem *pm_elem_create_pass(vtc_context *ctx, const vtc_pass_def *def);
void pm_pipeline_free(pm_pipeline *pl);
/* The textual type of an option (`bool`, `int`, `string`, `enum`, `int-list`). */
const char *pm_option_type_name(const vtc_pass_option *opt);

/* ---- pass_instrument.c ---------------------------------------------------- */



typedef enum pm_dump_kind { PM_DUMP_BEFORE, PM_DUMP_AFTER, PM_DUMP_AFTER_FAILURE } pm_dump_kind;

bool pm_name_listed(char *const *list, const char *name);
/* Prints root with a header naming the pass and the pipeline that reproduces
 * the next step (`next`: the next pass and its path, NULL at the end). */
void pm_dump_ir(vtc_pass_manager *pm, vtc_op *root, pm_dump_kind kind, const pm_path *path,
                const pm_elem *pass, const pm_path *next_path, const pm_elem *next);
/* The single-pass pipeline `top(nest(pass{opts}))` for pass at path. */
void pm_print_path_pipeline(const vtc_pass_manager *pm, const pm_path *path, const pm_elem *pass,
                            vtc_strbuf *out);
void pm_print_timing_report(vtc_pass_manager *pm, FILE *out);
void pm_print_statistics_report(vtc_pass_manager *pm, FILE *out);

#endif
