/* Running a module lowered to gir on an NVIDIA GPU (libvtcrt). Compiling
 * needs no GPU: the module's `parallel gpu` kernels become PTX (gir-to-llvm
 * with the NVPTX target, lowering/gir-to-llvm/gir_to_llvm.h "The GPU
 * mapping"), and the entry host function becomes a host plan, a flat list of
 * steps over value slots (gir.dim, scalar arith/math, gir.alloc, gir.free,
 * gir.launch; func.calls inlined) that this file runs on the CPU, issuing
 * the launches through the CUDA driver (runtime/cuda.h), or, for a binding
 * of the input shapes that runs again, replaying them as one recorded CUDA
 * graph. Used by vtc-run --target=cuda and the tests. */
#ifndef VTC_RUNTIME_CUDA_EXEC_H
#define VTC_RUNTIME_CUDA_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/operation.h"
#include "runtime/checks.h"
#include "runtime/cuda.h"
#include "runtime/tensor.h"

typedef enum vtc_cuda_graphs {
  VTC_CUDA_GRAPHS_AUTO,   /* record a binding at its second run (or in a benchmark); the default */
  VTC_CUDA_GRAPHS_OFF,    /* launch every kernel from the host plan */
  VTC_CUDA_GRAPHS_ALWAYS, /* record at the first run (tests) */
} vtc_cuda_graphs;
/* Bindings a program keeps graphs for (least recently used replaced). */
#define VTC_CUDA_MAX_GRAPHS 4

typedef struct vtc_cuda_exec_options {
  /* The GPU architecture of the PTX ("sm_90", "sm_89", "sm_86", "sm_80");
   * NULL: the device's when the program is created with a vtc_cuda (see
   * vtc_cuda_exec_device_arch), else sm_90. */
  const char *arch;
  int opt_level; /* 0: PTX of the unoptimised LLVM module; >= 1: default<O3> first (default 3) */
  /* Non-NULL: load this PTX instead of translating the kernels (PTX written
   * or tuned by hand, and the tests of the host plan); it must define an
   * .entry with the GPU kernel ABI for every launched kernel. */
  const char *ptx;
  /* Replaying runs as CUDA graphs (cuda_exec.c, "Replaying a binding as a
   * CUDA graph"): a binding of the inputs' shapes and scalar values is
   * recorded once and later runs of it launch the graph. */
  vtc_cuda_graphs graphs;
  /* A recorded launch depends only on the launches whose buffers it reads
   * or writes, so that independent kernels may run at once; false (the
   * default): on the launch before it, as on one stream. On the H200 the
   * first is 1.14x faster on bert-layer and 1.13x slower on lstm-stack
   * (benchmarks/results/souffle.md), so it is not the default. */
  bool concurrent_graphs;
} vtc_cuda_exec_options;

vtc_cuda_exec_options vtc_cuda_exec_default_options(void);

/* The architecture a program for this device is compiled for: sm_XY of its
 * compute capability when LLVM 19 generates it (sm_90, sm_89, sm_86, sm_80),
 * else the newest of those below it (the driver JIT-compiles PTX for newer
 * GPUs); NULL for a GPU older than sm_80. A static string. */
const char *vtc_cuda_exec_device_arch(const vtc_cuda *cu);

/* A compiled module: the PTX, the kernel table and the host plan of one
 * entry, with the input and result signatures. Owns copies of everything it
 * needs (the module may be destroyed after creation); once loaded on a
 * device, also the loaded PTX module and a caching device allocator
 * (runtime/cuda_cache.h), so destroy it before closing that vtc_cuda. */
typedef struct vtc_cuda_program vtc_cuda_program;

/* Compiles host function `entry` of `module` (a builtin.module after
 * lower-te-to-gir{hierarchy=gpu}) and every gir.kernel of the module. `cu`
 * may be NULL (no GPU needed); it only picks the default arch. Host ops the
 * plan cannot run are located error diagnostics (to the module's context),
 * as are the translation's; NULL then, with *error set to a one-line summary
 * (malloc'd; error may be NULL). opts may be NULL (defaults). */
vtc_cuda_program *vtc_cuda_program_create(vtc_op *module, const char *entry, const vtc_cuda_exec_options *opts,
                                          const vtc_cuda *cu, char **error);
/* Unloads and frees device memory through the vtc_cuda it was loaded on,
 * which must still be open. NULL is ignored. */
void vtc_cuda_program_destroy(vtc_cuda_program *p);

unsigned vtc_cuda_program_num_inputs(const vtc_cuda_program *p);
unsigned vtc_cuda_program_num_results(const vtc_cuda_program *p);
/* The PTX (NULL when the module has no kernel) and its architecture. */
const char *vtc_cuda_program_ptx(const vtc_cuda_program *p);
const char *vtc_cuda_program_arch(const vtc_cuda_program *p);
/* The host plan as text, one step per line (malloc'd; free() it); a launch
 * lists the kernel parameters it passes, in order:
 *   plan @main: 1 inputs, 2 results, 12 slots, 1 kernels
 *     %0 = input 0 : !gir.buffer<global, ?xf32>
 *     %1 = constant 2 : f32
 *     %2 = dim %0, 0
 *     %3 = alloc(%2) : !gir.buffer<global, ?xf32> (4 bytes per element)
 *     %5 = arith.ceildivui %2, %4 : index
 *     launch @scale[%5] block 64 (ptr %0, dim %0[0], ptr %3, dim %3[0], f32 %1, i64 %2)
 *     free %3
 *     return %8, %11
 * For tests and vtc-run --trace. */
char *vtc_cuda_program_plan_text(const vtc_cuda_program *p);

/* Loads the PTX on `cu` and looks up every kernel (run and bench do it
 * when the program is not loaded on `cu` yet). A program is loaded on one
 * device at a time: loading on another unloads it from the first. */
int vtc_cuda_program_load(vtc_cuda_program *p, vtc_cuda *cu, char **error);

/* What one run did. Bytes are logical (what gir.alloc asked for), not the
 * allocator's size classes. */
typedef struct vtc_cuda_run_stats {
  size_t peak_bytes;      /* most bytes of plan-allocated buffers live at once (intermediates and results) */
  int64_t num_allocs;     /* gir.allocs run */
  int64_t num_launches;   /* kernels launched (launches of 0 groups are skipped) */
  double device_ms;       /* event-timed, from before the first step to after the last */
  size_t reserved_bytes;  /* device memory the caching allocator held at the end */
  bool replayed;          /* the launches ran as one recorded CUDA graph */
} vtc_cuda_run_stats;

/* Copies inputs[0..num_inputs) to the device (checked against the entry's
 * types: count, dtype, rank, static dims), runs the plan, and copies the
 * results back: with `outputs` non-NULL *outputs gets a heap array of
 * num_results tensors (free with vtc_tensor_free_array; a scalar result is
 * a rank-0 tensor, index as i64); with `outputs` NULL they are dropped.
 * Every device buffer of the run is returned to the cache before returning.
 * `stats` may be NULL. Returns 0, or -1 with *error set (a driver failure's
 * message, or a run-time error of a step prefixed by its op's location). */
int vtc_cuda_program_run(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                         vtc_tensor **outputs, vtc_cuda_run_stats *stats, char **error);

/* When the last run or bench failed a run-time check of the program (a
 * gir.assert: a host check before any launch, or a kernel's index check,
 * the first failing launch in plan order), its location and message (the
 * run's *error was "file:line:col: message"); else NULL. */
const vtc_check_failure *vtc_cuda_program_check_failure(const vtc_cuda_program *p);

/* Benchmark: copies the inputs to the device once, runs the plan `warmup`
 * times untimed and `runs` times timed, each between two CUDA events (the
 * results of every run are dropped), and writes the milliseconds of timed
 * run i to ms[i]. Under VTC_CUDA_GRAPHS_AUTO and ALWAYS each run is a
 * replay of the binding's graph (recorded first if needed). Returns 0, or -1
 * with *error set. */
int vtc_cuda_program_bench(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                           int warmup, int runs, double *ms, char **error);
/* One kernel's device time in a profile: the median over the runs of the
 * time its launches of one call took, each between two CUDA events. */
typedef struct vtc_cuda_kernel_time {
  const char *name;  /* owned by the program */
  const char *loc;   /* "file:line:col" of its gir.kernel, or NULL; owned by the program */
  int64_t launches;  /* per call */
  double ms;
} vtc_cuda_kernel_time;
/* A per-kernel profile (vtc-run --bench-kernels): the medians over the
 * runs of the call's time (events around every launch included) and of
 * the host's time to issue the call's steps (when it is close to call_ms,
 * the call is bound by the host), and each kernel launched, in the order
 * of the program's kernel table. */
typedef struct vtc_cuda_profile {
  double call_ms, host_ms;
  unsigned num_kernels;
  vtc_cuda_kernel_time *kernels; /* heap */
} vtc_cuda_profile;
/* As vtc_cuda_program_bench, with an event pair around each launch step.
 * Free *out with vtc_cuda_profile_free, before the program. */
int vtc_cuda_program_profile(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                             int warmup, int runs, vtc_cuda_profile *out, char **error);
void vtc_cuda_profile_free(vtc_cuda_profile *prof);

#endif
