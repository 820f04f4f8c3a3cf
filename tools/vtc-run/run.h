/* vtc-run's targets and checks: what a target is asked to run and reports
 * back (run_request), the CPU target (target_cpu.c), the CUDA target
 * (target_cuda.c) and --check against the reference interpreter (check.c). */
#ifndef VTC_TOOLS_VTC_RUN_RUN_H
#define VTC_TOOLS_VTC_RUN_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "runtime/tensor.h"

/* What a target runs: the entry function of a verified module. */
typedef struct run_request {
  vtc_context *ctx;
  vtc_op *module, *entry;
  unsigned num_inputs;
  const vtc_tensor *inputs;
  bool trace;
  bool user_pipeline; /* --pass-pipeline ran already: no default pipeline */
  const char *vtc;    /* VTC's strategy in the default pipeline (--vtc; "all") */
  const char *cuda_graphs; /* --cuda-graphs (cuda; NULL: auto) */
  bool cuda_graph_concurrent;  /* --cuda-graph-concurrent */
  int64_t bench;      /* --bench=N: time N runs after warm-up (0: none) */
  const char *dump_ptx; /* --dump-ptx=FILE (cuda) */
  /* --bench-kernels (cuda): the module as written, whose graph ops name the
   * kernels' origins, and the report the target fills (malloc'd lines) */
  bool bench_kernels;
  vtc_op *source_module;
  char *kernel_report;
  /* --sweep: after each run (and its bench) a compiled target calls
   * next_point, which reports that point, frees req->outputs and puts the
   * next point's inputs in place; the target runs again while it returns
   * true. NULL: one run. */
  bool (*next_point)(struct run_request *req);
  void *sweep;
  /* filled by the target */
  vtc_tensor *outputs; /* heap array; free with vtc_tensor_free_array */
  unsigned num_outputs;
  size_t peak_bytes;   /* peak intermediate bytes, when the target measures it */
  int64_t num_allocs;  /* buffers allocated by the run, when measured */
  bool measured_peak;
  bool measured_allocs;
  int64_t num_launches; /* kernel launches of the run, when measured (cuda) */
  bool measured_launches;
  /* --bench results, in milliseconds */
  bool measured_bench;
  int64_t bench_runs, warmup_runs;
  double bench_median_ms, bench_min_ms, bench_max_ms;
  double compile_ms;   /* compilation (pipeline, translation, JIT), when timed */
  int exit_code;       /* when run fails: the exit status, 0 meaning 1 (VTC_EXIT_NO_GPU: no GPU) */
} run_request;

typedef struct run_target {
  const char *name;
  const char *summary;
  /* Returns false after emitting diagnostics. */
  bool (*run)(run_request *req);
  bool can_bench; /* honours req->bench */
  bool weights_as_args; /* large constants run as arguments (weights.c) */
} run_target;

/* For a target with weights_as_args: every non-splat graph.constant of
 * req->entry above 64 elements becomes a trailing argument, and req->inputs
 * becomes a heap array (*inputs, which the caller frees with free(); its
 * tensors are not owned) of the given inputs then views of the constants'
 * bytes. Returns how many were added. */
unsigned run_weights_as_args(run_request *req, vtc_tensor **inputs);

/* --target=cpu: the default pipeline (lower-graph-to-te, lower-te-to-gir)
 * unless --pass-pipeline ran, gir-to-llvm for the host, the ORC JIT at O3,
 * and a libffi call of the entry (target_cpu.c). */
bool run_cpu(run_request *req);

/* The compiled targets' default pipelines begin with VTC's passes (issue
 * 14): vtc-virtualize{strategy=S} (--vtc=S, `all` unless given) annotates
 * the data-movement ops it makes views, lower-graph-to-te marks their TEs,
 * and souffle-vertical{producers=vtc-views into-ci=true} composes exactly
 * those into their consumers (keeping a contraction's rKernel form where
 * composing would cost it: keep-contractions). `all`, not the pass's
 * greedy default: on the H200 every paper row is as fast or faster with
 * it (benchmarks/results/vtc.md), while greedy's byte model declines the
 * decode attention's views (llama3 b16-inplace 3.7 ms against 0.24).
 * --vtc=none keeps the same pipeline with no view. cse then merges TEs that
 * compute the same (the decode attention's K and V scatters each had the
 * same last-writer table of kv_index: one launch fewer). */
#define RUN_VTC_FRONT(S) \
  "vtc-virtualize{strategy=" S "},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},cse"

/* The default pipeline of a compiled target: `graph` (graph passes before
 * VTC's; NULL: none), RUN_VTC_FRONT for req->vtc, then `lowering` (from
 * lower-te-to-gir on). Heap string. */
char *run_default_pipeline(const run_request *req, const char *graph, const char *lowering);

/* The graph passes of both compiled targets' default pipelines, before
 * RUN_VTC_FRONT: graph-batch-matmuls (lstm-stack.paper on the 2-core Zen 5
 * 83-92 -> 62 ms, on the H200 74 -> see benchmarks/results/souffle.md; it
 * changes no other workload of benchmarks/workloads/). */
#define RUN_GRAPH "graph-batch-matmuls"
/* The default pipeline of --target=cpu after RUN_VTC_FRONT. */
#define RUN_CPU_PIPELINE "lower-te-to-gir"

/* --target=cuda: opens the GPU first (no driver or no device: one error
 * line, req->exit_code = VTC_EXIT_NO_GPU), then the default pipeline unless
 * --pass-pipeline ran, the kernels as PTX and the entry as a host plan
 * (runtime/cuda_exec.h), run on the device; --bench times runs with CUDA
 * events, inputs resident on the device (target_cuda.c). With --dump-ptx the
 * module is compiled (for sm_90) and the PTX written before the GPU is
 * opened, so it works on a machine without one. */
bool run_cuda(run_request *req);
/* --cuda-graphs's value as a vtc_cuda_graphs (runtime/cuda_exec.h), -1 if unknown. */
int run_cuda_graphs_mode(const char *name);

/* The default pipeline of --target=cuda after RUN_VTC_FRONT, for an sm_90
 * GPU (target_cuda.c plans the rKernels for the opened device's row:
 * gpu=a100 on sm_80, no wgmma on an architecture without a row).
 * te-split-reduction splits the long reductions that views leave to plain
 * kernels (decode attention's P.V) into parts and their sum. */
#define RUN_CUDA_PIPELINE "te-split-reduction,lower-te-to-gir{hierarchy=gpu}"

/* A failed run-time check of a compiled program (runtime/checks.h) as the
 * interpreters report it: an error at the op's location with its message.
 * False (nothing reported) when f is NULL. */
struct vtc_check_failure;
bool run_report_check_failure(run_request *req, const struct vtc_check_failure *f);

/* The exit status of --onnx-test for a model the importer reports as
 * unsupported (the conformance runner counts these apart from failures). */
#define VTC_EXIT_UNSUPPORTED 4

/* --onnx-test=DIR: one ONNX backend test (onnx_test.c). Returns the exit
 * status. */
struct run_options;
int run_onnx_test(vtc_context *ctx, const struct run_options *o, const run_target *target);

/* Shared by the compiled targets: a run-time error message of a runtime
 * ("FILE:LINE:COL: 'op': what", the location of the op that failed) as a
 * diagnostic at that location, "<what_failed>: 'op': what"; a message
 * without a location is reported at `fallback`. Returns false. */
bool run_runtime_error(vtc_context *ctx, const vtc_loc *fallback, const char *what_failed, const char *message);

/* Shared by the compiled targets: a monotonic clock in milliseconds, and
 * --bench's summary of n timed runs (ms is sorted in place) into req. */
double run_now_ms(void);
void run_summarize_bench(run_request *req, double *ms, int64_t n, int64_t warmup_runs);

/* --check: runs the graph reference interpreter on `ref_entry` (the entry of
 * the module as parsed, before any pipeline) with the same inputs and
 * compares every output under runtime/tensor_compare.h's rule, `rtol`
 * overriding the per-dtype tolerance when >= 0. Prints one `check:` line
 * per result and a verdict to stdout; a mismatch is also an error on
 * stderr. Returns false on a mismatch or when the interpreter fails. */
bool run_check(vtc_context *ctx, vtc_op *ref_entry, const vtc_tensor *inputs, unsigned num_inputs,
               const vtc_tensor *outputs, unsigned num_outputs, double rtol, bool report_memory);

#endif
