/* Run-time errors of compiled code (libvtcrt): what JIT'd host code and
 * kernels report when an input makes them fail (a buffer whose size
 * overflows int64 or does not fit in memory, an integer division by zero),
 * and how the runner gets the message back instead of a crash. */
#ifndef VTC_RUNTIME_RT_ERROR_H
#define VTC_RUNTIME_RT_ERROR_H

#include <stdbool.h>

/* Calls fn(arg) as a guarded call: a vtc_rt_fail on this thread inside it
 * does not return but jumps back here (a longjmp over the JIT'd frames,
 * which own nothing but stack), every block vtc_rt_alloc'd on this thread
 * during the call and not freed since is freed, and -1 is returned with
 * *error set to the malloc'd message "WHERE: MESSAGE" (error may be NULL).
 * Returns 0 when fn returned; its blocks then stay live. Calls nest. */
int vtc_rt_guarded_call(void (*fn)(void *), void *arg, char **error);

/* Reports a run-time error of host code at `where` (the op's location and
 * name, "file:line:col: 'gir.alloc'"; may be NULL), printf-style. Inside a
 * guarded call it does not return. Outside one (no runner to return to) it
 * prints "vtc runtime: error: WHERE: MESSAGE" and exits with status 1. */
void vtc_rt_fail(const char *where, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A last resort for compiled code that faults (SIGSEGV, SIGBUS: an access
 * out of bounds that no verifier could rule out, in a hand-written te or
 * gir module whose loads depend on run-time sizes): while a message is set,
 * such a fault on any thread writes it (with a newline) to stderr and ends
 * the process with status 1 at once, instead of a crash. The memory may be
 * corrupt by then, so nothing else runs (no unwinding, no atexit). NULL
 * restores the previous handlers. The message is copied. For a runner
 * (vtc-run) only: a library must not exit its host. */
void vtc_rt_set_fault_message(const char *message);

/* ---- entry points of JIT'd code (registered in the JIT, runtime/jit.h) --- */

/* vtc_rt_fail(where, "%s", message), for host code. */
void vtc_rt_host_error(const char *where, const char *message);
/* The same from a kernel, on any thread: it cannot unwind a pool thread, so
 * it records the error (the first one wins) and returns; the kernel goes on
 * with a harmless value, and vtc_rt_parallel_for raises the error on the
 * host thread once the parallel loop is done (vtc_rt_raise_kernel_error). */
void vtc_rt_kernel_error(const char *where, const char *message);
/* vtc_rt_fail with the recorded kernel error, if there is one (and clears
 * it); returns otherwise. */
void vtc_rt_raise_kernel_error(void);

#endif
