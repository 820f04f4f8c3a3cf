/* vtc-opt's command line, modelled on mlir-opt's: the general options (a
 * table), pass flags (`--canonicalize`, `--canonicalize=max-iterations=3`),
 * one positional input. */
#ifndef VTC_TOOLS_VTC_OPT_OPTIONS_H
#define VTC_TOOLS_VTC_OPT_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "ir/context.h"
#include "ir/support.h"

/* A pass given as a flag, in command-line order. */
typedef struct opt_pass_flag {
  const char *name;    /* argv storage */
  const char *options; /* text after '=', or NULL */
} opt_pass_flag;

typedef struct opt_options {
  const char *input;  /* NULL or "-": stdin */
  const char *output; /* NULL or "-": stdout */
  const char *pass_pipeline;
  VTC_VEC(opt_pass_flag) pass_flags;
  bool help, version, list_passes, dump_pass_pipeline;
  bool print_generic, print_debuginfo, allow_unregistered;
  bool split_input_file, verify_diagnostics, verify_each;
  bool print_before_all, print_after_all, print_after_change, print_after_failure;
  bool time_passes, pass_statistics;
  VTC_VEC(char *) print_before; /* NULL-terminated when non-empty; heap strings */
  VTC_VEC(char *) print_after;
  const char *print_tree_dir;
  int64_t elide_elements_above; /* -1: never */
} opt_options;

/* Parses argv (passes must be registered in ctx). Returns false after
 * printing a message to stderr. */
bool opt_parse_args(int argc, char **argv, vtc_context *ctx, opt_options *o);
void opt_options_free(opt_options *o);
void opt_print_help(FILE *out, vtc_context *ctx);
/* --list-passes: every pass, its anchor, summary, options (type, default,
 * help) and statistics. */
void opt_print_passes(FILE *out, vtc_context *ctx, bool detailed);

#endif
