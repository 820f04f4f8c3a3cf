/* Running a module lowered to gir on this CPU (libvtcrt): translate it with
 * gir-to-llvm for the host, JIT-compile it (default<O3>), and call one host
 * function with vtc_tensors through libffi under the entry-point convention
 * of lowering/gir-to-llvm/gir_to_llvm.h. Used by vtc-run --target=cpu and
 * the end-to-end tests. */
#ifndef VTC_RUNTIME_CPU_EXEC_H
#define VTC_RUNTIME_CPU_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/operation.h"
#include "runtime/checks.h"
#include "runtime/tensor.h"

typedef struct vtc_cpu_exec_options {
  const char *cpu;      /* NULL: the host CPU (and its features) */
  const char *features; /* NULL: the cpu's (host's) features */
  int opt_level;        /* 0..3; vtc_cpu_exec_default_options gives 3 */
  bool precise_math;    /* libm/intrinsics instead of gir-to-llvm's f32 approximations */
} vtc_cpu_exec_options;

vtc_cpu_exec_options vtc_cpu_exec_default_options(void);

/* A compiled module and its prepared entry point. Owns its JIT (and with it
 * the machine code), the libffi signature and the parameter description;
 * the module it came from may be destroyed after creation. */
typedef struct vtc_cpu_program vtc_cpu_program;

/* Translates every kernel and host function of `module` (a builtin.module
 * after lower-te-to-gir), JIT-compiles it and prepares host function
 * `entry` for calls. Returns NULL with *error set (malloc'd; error may be
 * NULL); errors of the translation itself are also reported as located
 * diagnostics to the module's context. opts may be NULL (defaults). */
vtc_cpu_program *vtc_cpu_program_create(vtc_op *module, const char *entry, const vtc_cpu_exec_options *opts,
                                        char **error);
void vtc_cpu_program_destroy(vtc_cpu_program *p);

unsigned vtc_cpu_program_num_inputs(const vtc_cpu_program *p);
unsigned vtc_cpu_program_num_results(const vtc_cpu_program *p);

/* Calls the entry on inputs[0..num_inputs) (checked against the entry's
 * buffer types: count, dtype, rank, static dims). With `outputs` non-NULL,
 * *outputs gets a heap array of num_results tensors (copies of the result
 * buffers; free with vtc_tensor_free_array); with `outputs` NULL the
 * results are dropped (benchmark runs). The result buffers the entry
 * allocated with vtc_rt_alloc are freed before returning in both cases.
 * An input donated to a result (graph.aliasing_output) is written in place:
 * its tensor holds the result afterwards (copy it first to keep it).
 * `seconds`, when non-NULL, gets the wall time of the entry call alone (not
 * argument set-up, copies or frees). Returns 0, or -1 with *error set. A
 * run-time error of the compiled code (a buffer whose size overflows or
 * does not fit in memory, an integer division by zero: rt_error.h) ends
 * the call with "WHERE: MESSAGE", WHERE naming the op's location, after
 * every buffer it allocated is freed. */
int vtc_cpu_program_run(vtc_cpu_program *p, const vtc_tensor *inputs, unsigned num_inputs, vtc_tensor **outputs,
                        double *seconds, char **error);

/* When the last run failed a run-time check of the program (a gir.assert:
 * a shape agreement, an index range), its location and message (*error
 * was "file:line:col: message"); else NULL. Valid until the next run. */
const vtc_check_failure *vtc_cpu_program_check_failure(const vtc_cpu_program *p);

#endif
