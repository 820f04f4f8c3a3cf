/* A pthread thread pool over the host's cores (libvtcrt): JIT'd kernels run
 * their parallel loops here through vtc_rt_parallel_for. Static chunking, the
 * caller works too, nested calls run inline. Kernels whose units cooperate
 * (gir's `shared` level and `gir.sync block` on a CPU) run through
 * vtc_parallel_groups: teams of threads that run a group's units at once,
 * share one cache buffer and meet at a team barrier. */
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

/* ---- groups of cooperating units (gir's `shared` level on a CPU) ----------
 * A gir group of G units shares its `shared` buffers and synchronises with
 * `gir.sync block`, so its G units must run at the same time: a barrier
 * waits for all of them. The pool guarantees it by scheduling groups, not
 * units: it forms teams of G of its threads (teams = min(groups, size / G)),
 * each thread of a team runs one unit of every group the team takes (groups
 * team, team + teams, ...), and a thread belongs to one team for the whole
 * call. Every chunk of a pool job runs on its own thread (static chunking,
 * one chunk per thread), so the G units of a team are co-resident. Where
 * the pool cannot give G threads (size < G, or a call from inside a parallel
 * region, whose threads are busy), the call runs on a temporary pool of G
 * threads: correct, but it pays thread creation (and oversubscribes). */

/* A barrier among the threads of one team: spins briefly, then sleeps on a
 * futex. Opaque to generated code (a pointer it passes back). */
typedef struct vtc_team_barrier vtc_team_barrier;
/* Returns once every thread of the team has called it (the n-th call
 * releases the n - 1 before it); the writes of each before are visible to
 * the reads of all after. */
void vtc_team_barrier_wait(vtc_team_barrier *barrier);

/* One unit of one group: `shared` is the team's cache buffer (shared_bytes,
 * 64-byte aligned, contents undefined when a group starts), `barrier` the
 * team's barrier. */
typedef void (*vtc_group_fn)(int64_t group, int64_t unit_in_group, void *shared, vtc_team_barrier *barrier,
                             void *ctx);

/* Runs fn(g, u, ...) for every g in [0, groups) and u in [0, group_size), the
 * group_size units of a group concurrently on distinct threads (above); the
 * team meets at its barrier after each group, so a group starts only when
 * the previous group of its team has finished with the buffer. The shared
 * buffers (one per team) are the pool's, kept for later calls. Returns 0,
 * or -1 with nothing run when group_size < 1, shared_bytes < 0 or memory or
 * threads cannot be had. pool may be NULL (a temporary pool runs it). */
int vtc_parallel_groups(vtc_thread_pool *pool, int64_t groups, int64_t group_size, int64_t shared_bytes,
                        vtc_group_fn fn, void *ctx);

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
/* vtc_parallel_groups on the default pool, for a cooperative kernel's
 * driver (lowering/gir-to-llvm: `shared` buffers and block barriers). A
 * failure (no memory or threads for the teams) is a message on stderr and
 * abort(): generated code has no error path, and the translation bounds
 * group_size and shared_bytes so that user input cannot ask for it. */
void vtc_rt_parallel_groups(void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx),
                            int64_t groups, int64_t group_size, int64_t shared_bytes, void *ctx);
/* gir.sync block in a cooperative kernel: vtc_team_barrier_wait. */
void vtc_rt_group_barrier(void *barrier);

/* A kernel with `gir.sync device` (lowering/gir-to-llvm, "Device
 * barriers"): body(g, u, shared, barrier, ctx, device, phase) for every unit.
 * When the default pool can run all groups x group_size units at once (and
 * the caller is not inside a parallel region), every group gets its own
 * team, `device` is a barrier among all units and phase is -1. Otherwise,
 * when the kernel splits into `phases` > 0 segments, it runs once per phase
 * p = 0, 1, ... through vtc_parallel_groups (device NULL; the kernel returns
 * at barrier p) and warns once on stderr. Otherwise a temporary pool of one
 * thread per unit runs it (at most VTC_RT_MAX_DEVICE_UNITS units), and
 * beyond that it is a run-time error (vtc_rt_fail). */
#define VTC_RT_MAX_DEVICE_UNITS 1024
void vtc_rt_parallel_device(void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx,
                                         void *device, int64_t phase),
                            int64_t groups, int64_t group_size, int64_t shared_bytes, int64_t phases, void *ctx);
/* gir.sync device in a co-resident run: the barrier among all units. */
void vtc_rt_device_barrier(void *barrier);

#endif
