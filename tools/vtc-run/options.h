/* vtc-run's command line: one positional module file, a table of options
 * (`--x=v` and `--x v` alike), and `--` after which every argument is an
 * input .npy file. A usage error makes vtc-run exit 2. */
#ifndef VTC_TOOLS_VTC_RUN_OPTIONS_H
#define VTC_TOOLS_VTC_RUN_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "ir/context.h"
#include "ir/support.h"
#include "runtime/tensor.h"

/* ARG of an option: an argument of the entry by position (`0`) or by the
 * name the module gives it (`x` or `%x`); run_resolve_arg (inputs.h) turns a
 * name into its position once the entry is known. */
typedef struct run_arg {
  const char *name; /* NULL: by position; else points into argv, name_len long */
  size_t name_len;
  unsigned index;
} run_arg;

/* --input-range=ARG:LO:HI: random values of argument ARG in [LO, HI). */
typedef struct run_range {
  run_arg arg;
  double lo, hi;
} run_range;

/* --shape=ARG:2x3x4 (every dim) or --dim=ARG.AXIS=SIZE (one dim). */
typedef struct run_dim {
  run_arg arg;
  int axis; /* -1: `dims` holds the whole shape */
  vtc_shape shape;
  int64_t size;
} run_dim;

typedef struct run_options {
  const char *input_file; /* the module */
  const char *entry;      /* default "main" */
  const char *target;     /* default "interp" */
  const char *pass_pipeline;
  const char *vtc; /* --vtc=none|greedy|all: the VTC pipeline (main.c's vtc_pipeline) */
  const char *cuda_graphs; /* --cuda-graphs=auto|off|always (cuda) */
  bool cuda_graph_concurrent;  /* --cuda-graph-concurrent (cuda) */
  const char *output_dir;
  const char *dump_ptx;   /* --dump-ptx=FILE (cuda) */
  const char *onnx_test;  /* --onnx-test=DIR: an ONNX backend test */
  uint64_t seed;
  int64_t print_limit;    /* elements printed by --print-values; default 16, -1 all */
  bool help, version, print_values, trace, list_targets;
  bool check;          /* --check: compare with the reference interpreter */
  double check_rtol;   /* --check-rtol; < 0 (default): the per-dtype tolerance */
  int64_t bench;       /* --bench=N timed runs; 0: none */
  bool report_memory;  /* --report-memory */
  bool report_launches; /* --report-launches */
  bool bench_kernels;   /* --bench-kernels */
  VTC_VEC(const char *) inputs;  /* .npy files, argv storage */
  VTC_VEC(const char *) outputs; /* .npy files, argv storage */
  VTC_VEC(run_range) ranges;
  VTC_VEC(run_dim) dims;
  /* --sweep=ARG.AXIS=LIST: the sizes, in order; dims.data[sweep_dim] is the
   * dim they bind, its size set to each in turn. */
  VTC_VEC(int64_t) sweep;
  size_t sweep_dim;
} run_options;

/* Parses argv; false after printing a message to stderr (exit 2). */
bool run_parse_args(int argc, char **argv, run_options *o);
void run_options_free(run_options *o);
void run_print_help(FILE *out);

#endif
