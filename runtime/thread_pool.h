/* A pthread thread pool over the host's cores (libvtcrt): JIT'd kernels run
 * their parallel loops here through vtc_rt_parallel_for. Static chunking, the
 * caller works too, nested calls run inline. */
#ifndef VTC_RUNTIME_THREAD_POOL_H
#define VTC_RUNTIME_THREAD_POOL_H

#include <stdint.h>

typedef struct vtc_thread_pool vtc_thread_pool;

/* The body of a parallel loop: runs iterations [begin, end). */
typedef void (*vtc_range_fn)(int64_t begin, int64_t end, void *ctx);

/* A pool of `num_threads` workers including the calling thread (so
 * num_threads - 1 pthreads); num_threads <= 0 means one per core of the host
 * (targets/x86/host). Returns NULL if threads cannot be created. */
vtc_thread_pool *vtc_thread_pool_create(int num_threads);
/* Joins the workers. No call may be running on the pool. */
void vtc_thread_pool_destroy(vtc_thread_pool *pool);
int vtc_thread_pool_size(const vtc_thread_pool *pool);

/* Runs fn over [0, n) split into at most size(pool) contiguous chunks of
 * near-equal length (static chunking), one per thread, and returns when all
 * are done. A call from inside a parallel region (any pool) runs fn(0, n)
 * inline on the calling thread; calls from several outside threads are
 * serialised. pool may be NULL: runs inline. */
void vtc_parallel_for(vtc_thread_pool *pool, int64_t n, vtc_range_fn fn, void *ctx);

/* The process-wide pool the runtime entry points use: created on first use
 * with one thread per core (or VTC_NUM_THREADS from the environment), or the
 * one installed by vtc_thread_pool_set_default. */
vtc_thread_pool *vtc_thread_pool_default(void);
/* Installs `pool` (owned by the caller) as the default; NULL returns to the
 * lazily created one. Not while a runtime call is running. */
void vtc_thread_pool_set_default(vtc_thread_pool *pool);
/* Destroys the lazily created default pool, if any (at exit, so leak checkers
 * see joined threads). A later use creates a new one. */
void vtc_thread_pool_shutdown_default(void);

/* ---- runtime entry points called by JIT'd code (registered in the JIT) ---- */

/* Runs body(i, ctx) for every i in [0, n) on the default pool. */
void vtc_rt_parallel_for(void (*body)(int64_t i, void *ctx), int64_t n, void *ctx);
/* Number of threads of the default pool (kernels may size their chunks). */
int32_t vtc_rt_num_threads(void);

#endif
