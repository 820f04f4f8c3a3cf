/* Run-time errors of compiled code: a guarded call is a setjmp, a failure a
 * longjmp back to it, with the allocator's scope (rt_alloc.h) freeing what
 * the abandoned host code held. Kernels on pool threads cannot jump: their
 * first error waits in a slot until the parallel loop is over. */
#include "runtime/rt_error.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/rt_alloc.h"

typedef struct guard_frame {
  jmp_buf env;
  vtc_rt_alloc_scope *scope;
  char *message;
  struct guard_frame *outer;
} guard_frame;

static _Thread_local guard_frame *current_guard;

int vtc_rt_guarded_call(void (*fn)(void *), void *arg, char **error) {
  if (error) *error = NULL;
  /* On the heap: what the callee changes in it must survive the longjmp
   * (automatic objects modified after setjmp would be indeterminate). */
  guard_frame *volatile g = calloc(1, sizeof *g);
  if (!g) {
    if (error) *error = strdup("out of memory");
    return -1;
  }
  g->outer = current_guard;
  g->scope = vtc_rt_alloc_scope_open();
  current_guard = g;
  volatile int rc = -1;
  if (setjmp(g->env) == 0) {
    fn(arg);
    rc = 0;
  }
  current_guard = g->outer;
  vtc_rt_alloc_scope_close(g->scope, rc != 0);
  if (error) *error = g->message;
  else free(g->message);
  free(g);
  return rc;
}

static char *join(const char *where, const char *msg) {
  size_t n = strlen(msg) + (where ? strlen(where) + 2 : 0) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s%s%s", where ? where : "", where ? ": " : "", msg);
  return s;
}

void vtc_rt_fail(const char *where, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  guard_frame *g = current_guard;
  if (!g) {
    fprintf(stderr, "vtc runtime: error: %s%s%s\n", where ? where : "", where ? ": " : "", msg);
    exit(1);
  }
  free(g->message);
  g->message = join(where, msg);
  longjmp(g->env, 1);
}

void vtc_rt_host_error(const char *where, const char *message) { vtc_rt_fail(where, "%s", message); }

/* ---- kernel errors ----------------------------------------------------------- */

static pthread_mutex_t kernel_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *kernel_where, *kernel_message; /* static strings of the JIT'd code */

void vtc_rt_kernel_error(const char *where, const char *message) {
  pthread_mutex_lock(&kernel_lock);
  if (!kernel_message) {
    kernel_where = where;
    kernel_message = message ? message : "run-time error";
  }
  pthread_mutex_unlock(&kernel_lock);
}

void vtc_rt_raise_kernel_error(void) {
  pthread_mutex_lock(&kernel_lock);
  const char *where = kernel_where, *message = kernel_message;
  kernel_where = kernel_message = NULL;
  pthread_mutex_unlock(&kernel_lock);
  if (message) vtc_rt_fail(where, "%s", message);
}

/* ---- the fault net ----------------------------------------------------------- */

static char *fault_message;
static size_t fault_length;
static bool fault_installed;
static struct sigaction fault_old_segv, fault_old_bus;
static void *fault_stack;

static int fault_taken;

static void on_fault(int sig) {
  (void)sig;
  /* One message when several threads fault: the first writes and exits,
   * the others wait for the exit. Only async-signal-safe calls. */
  if (__atomic_exchange_n(&fault_taken, 1, __ATOMIC_SEQ_CST))
    for (;;) pause();
  const char *m = fault_message;
  size_t n = fault_length;
  while (m && n > 0) {
    ssize_t w = write(STDERR_FILENO, m, n);
    if (w <= 0) break;
    m += w;
    n -= (size_t)w;
  }
  _exit(1);
}

void vtc_rt_set_fault_message(const char *message) {
  if (!message) {
    if (fault_installed) {
      sigaction(SIGSEGV, &fault_old_segv, NULL);
      sigaction(SIGBUS, &fault_old_bus, NULL);
      fault_installed = false;
    }
    free(fault_message);
    fault_message = NULL;
    fault_length = 0;
    return;
  }
  size_t n = strlen(message);
  char *m = malloc(n + 2);
  if (!m) return;
  memcpy(m, message, n);
  m[n] = '\n';
  m[n + 1] = 0;
  char *old = fault_message;
  fault_message = m;
  fault_length = n + 1;
  free(old);
  if (fault_installed) return;
  /* An alternate stack for this thread, so that a fault from a stack that
   * is full still reaches the handler (kept for the process's life). */
  if (!fault_stack) {
    size_t size = 64 * 1024;
    fault_stack = malloc(size);
    if (fault_stack) {
      stack_t ss = {.ss_sp = fault_stack, .ss_size = size, .ss_flags = 0};
      sigaltstack(&ss, NULL);
    }
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fault;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &fault_old_segv);
  sigaction(SIGBUS, &sa, &fault_old_bus);
  fault_installed = true;
}
