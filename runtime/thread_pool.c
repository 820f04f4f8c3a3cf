/* The CPU thread pool: one job at a time, split statically into one chunk per
 * thread; the caller runs chunk 0 itself. Workers spin briefly on the job
 * generation (yielding now and then) before sleeping on a condition
 * variable, so back-to-back kernel launches cost a few microseconds, and an
 * idle pool costs no CPU. */
#include "runtime/thread_pool.h"

#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime/rt_error.h"

#include "targets/x86/host.h"

/* Spin iterations (with a pause) before a worker sleeps between jobs:
 * ~10-100 us, so an idle pool soon costs no CPU. */
enum { SPIN_ITERATIONS = 4000 };
/* Inside a job (a team barrier, the caller waiting for its workers) the
 * thread waited for is running the same job and arrives soon: spin up to
 * this long before sleeping, where a fixed count of pauses (about 100 us)
 * could run out on a slow phase of the job. Waking a sleeper costs far
 * more in a virtual machine, whose idle vCPU halts (on 2 vCPUs, spinning
 * without any sleep took 1024^3 SGEMM from 11.5 to 6.9 ms per call, but
 * with OpenBLAS's workers then starved: the whole effect was not this
 * limit's; the runs of benchmarks/results/vortex.md show no barrier sleep). */
enum { IN_JOB_SPIN_NS = 2000000 };

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* Step i of a spin-wait: a pause, and every 16th a sched_yield. When the
 * thread waited for shares this CPU (the other cores busy with other
 * processes), pausing alone would burn the whole time slice before it runs;
 * measured on 2 shared cores, a team's barriers then slept 650 times per 32
 * SGEMMs of 1024^3 and 16x768x2304 ran 1.6x slower than with the yields. */
static inline void spin_step(int i) {
  if ((i & 15) == 15) sched_yield();
  else cpu_relax();
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A spin-wait inside a job: spin_step until IN_JOB_SPIN_NS have passed
 * (the clock read every 64 steps); false once the time is spent. */
typedef struct in_job_spin {
  int i;
  uint64_t deadline;
} in_job_spin;

static bool in_job_spin_step(in_job_spin *s) {
  if ((s->i & 63) == 0) {
    uint64_t t = now_ns();
    if (!s->deadline) s->deadline = t + IN_JOB_SPIN_NS;
    else if (t >= s->deadline) return false;
  }
  spin_step(s->i++);
  return true;
}

struct vtc_thread_pool {
  int size;              /* threads including the caller */
  pthread_t *workers;    /* size - 1 threads, owned */
  pthread_mutex_t mu;    /* for sleeping and waking only */
  pthread_cond_t work_cv;
  pthread_cond_t done_cv;
  pthread_mutex_t submit_mu; /* one job at a time from outside threads */
  _Atomic uint64_t generation; /* bumped per job (release): publishes the job */
  _Atomic int remaining; /* workers that have not finished the current job */
  _Atomic int shutdown;
  /* The current job: written by the submitter before the generation bump,
   * read by workers after it; stable until every worker has acknowledged. */
  vtc_range_fn fn;
  void *ctx;
  int64_t n;
  int chunks;
  /* vtc_parallel_groups' team barriers and shared buffers, kept across
   * calls (a fresh 4 MiB buffer per launch would page-fault each time);
   * guarded by submit_mu like the job. Owned, freed with the pool. */
  char *arena;
  size_t arena_bytes;
};

/* Set on pool workers, and on a caller while its job runs: a parallel_for
 * from such a thread runs inline instead of deadlocking on the pool. */
static _Thread_local int in_parallel_region;

typedef struct worker_arg {
  vtc_thread_pool *pool;
  int index;
} worker_arg;

static void run_chunk(vtc_range_fn fn, void *ctx, int64_t n, int chunks, int c) {
  int64_t q = n / chunks, r = n % chunks;
  int64_t begin = c * q + (c < r ? c : r);
  int64_t end = begin + q + (c < r ? 1 : 0);
  if (begin < end) fn(begin, end, ctx);
}

/* Waits until the generation differs from `seen` or the pool shuts down. */
static uint64_t wait_for_job(vtc_thread_pool *pool, uint64_t seen) {
  for (int i = 0; i < SPIN_ITERATIONS; i++) {
    uint64_t g = atomic_load_explicit(&pool->generation, memory_order_acquire);
    if (g != seen || atomic_load_explicit(&pool->shutdown, memory_order_relaxed)) return g;
    spin_step(i);
  }
  pthread_mutex_lock(&pool->mu);
  uint64_t g;
  while ((g = atomic_load_explicit(&pool->generation, memory_order_acquire)) == seen &&
         !atomic_load(&pool->shutdown))
    pthread_cond_wait(&pool->work_cv, &pool->mu);
  pthread_mutex_unlock(&pool->mu);
  return g;
}

static void *worker_main(void *p) {
  worker_arg arg = *(worker_arg *)p;
  free(p);
  vtc_thread_pool *pool = arg.pool;
  in_parallel_region = 1;
  uint64_t seen = 0;
  for (;;) {
    seen = wait_for_job(pool, seen);
    if (atomic_load(&pool->shutdown)) break;
    if (arg.index < pool->chunks) run_chunk(pool->fn, pool->ctx, pool->n, pool->chunks, arg.index);
    /* Every worker acknowledges every job, so the next job cannot overwrite
     * the fields while a worker still reads them. */
    if (atomic_fetch_sub_explicit(&pool->remaining, 1, memory_order_acq_rel) == 1) {
      pthread_mutex_lock(&pool->mu);
      pthread_cond_signal(&pool->done_cv);
      pthread_mutex_unlock(&pool->mu);
    }
  }
  return NULL;
}

static void stop_workers(vtc_thread_pool *pool, int started) {
  pthread_mutex_lock(&pool->mu);
  atomic_store(&pool->shutdown, 1);
  pthread_cond_broadcast(&pool->work_cv);
  pthread_mutex_unlock(&pool->mu);
  for (int i = 0; i < started; i++) pthread_join(pool->workers[i], NULL);
}

static void free_pool(vtc_thread_pool *pool) {
  pthread_mutex_destroy(&pool->mu);
  pthread_mutex_destroy(&pool->submit_mu);
  pthread_cond_destroy(&pool->work_cv);
  pthread_cond_destroy(&pool->done_cv);
  free(pool->workers);
  free(pool->arena);
  free(pool);
}

vtc_thread_pool *vtc_thread_pool_create(int num_threads) {
  if (num_threads <= 0) num_threads = vtc_x86_host_get()->num_cores;
  if (num_threads <= 0) num_threads = 1;
  vtc_thread_pool *pool = calloc(1, sizeof *pool);
  if (!pool) return NULL;
  pool->size = num_threads;
  pool->workers = calloc((size_t)num_threads, sizeof *pool->workers);
  pthread_mutex_init(&pool->mu, NULL);
  pthread_mutex_init(&pool->submit_mu, NULL);
  pthread_cond_init(&pool->work_cv, NULL);
  pthread_cond_init(&pool->done_cv, NULL);
  if (!pool->workers) {
    free_pool(pool);
    return NULL;
  }
  for (int i = 1; i < num_threads; i++) {
    worker_arg *arg = malloc(sizeof *arg);
    if (arg) *arg = (worker_arg){pool, i};
    if (!arg || pthread_create(&pool->workers[i - 1], NULL, worker_main, arg) != 0) {
      free(arg);
      stop_workers(pool, i - 1);
      free_pool(pool);
      return NULL;
    }
  }
  return pool;
}

void vtc_thread_pool_destroy(vtc_thread_pool *pool) {
  if (!pool) return;
  stop_workers(pool, pool->size - 1);
  free_pool(pool);
}

int vtc_thread_pool_size(const vtc_thread_pool *pool) { return pool ? pool->size : 1; }

/* Runs one job on every thread of `pool` (submit_mu held): chunk c of n
 * on thread c, the caller running chunk 0, and returns when all are done. */
static void dispatch_locked(vtc_thread_pool *pool, int64_t n, vtc_range_fn fn, void *ctx) {
  int chunks = n < pool->size ? (int)n : pool->size;
  pool->fn = fn;
  pool->ctx = ctx;
  pool->n = n;
  pool->chunks = chunks;
  atomic_store_explicit(&pool->remaining, pool->size - 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
  pthread_mutex_lock(&pool->mu); /* wakes sleepers; spinners see the bump */
  pthread_cond_broadcast(&pool->work_cv);
  pthread_mutex_unlock(&pool->mu);

  int was_inside = in_parallel_region;
  in_parallel_region = 1;
  run_chunk(fn, ctx, n, chunks, 0);
  in_parallel_region = was_inside;

  in_job_spin spin = {0};
  while (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0 && in_job_spin_step(&spin)) {
  }
  if (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0) {
    pthread_mutex_lock(&pool->mu);
    while (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0)
      pthread_cond_wait(&pool->done_cv, &pool->mu);
    pthread_mutex_unlock(&pool->mu);
  }
}

void vtc_parallel_for(vtc_thread_pool *pool, int64_t n, vtc_range_fn fn, void *ctx) {
  if (n <= 0) return;
  if (!pool || pool->size == 1 || n == 1 || in_parallel_region) {
    fn(0, n, ctx);
    return;
  }
  pthread_mutex_lock(&pool->submit_mu);
  dispatch_locked(pool, n, fn, ctx);
  pthread_mutex_unlock(&pool->submit_mu);
}

/* ---- teams: groups of cooperating units ------------------------------------ */

/* One per team, alone on its cache line (the team's threads hammer it). */
struct vtc_team_barrier {
  _Atomic uint32_t arrived;    /* threads at the barrier in this generation */
  _Atomic uint32_t generation; /* bumped by the last arrival: the release */
  _Atomic uint32_t sleepers;   /* threads in futex_wait (the releaser wakes them) */
  uint32_t size;               /* threads of the team */
};
enum { BARRIER_SLOT = 64 };
_Static_assert(sizeof(vtc_team_barrier) <= BARRIER_SLOT, "a barrier fits its cache line");

static void futex_wait(_Atomic uint32_t *addr, uint32_t expected) {
  syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static void futex_wake_all(_Atomic uint32_t *addr) {
  syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAKE_PRIVATE, 0x7fffffff, NULL, NULL, 0);
}

/* A centralised barrier: the last of `size` arrivals resets the count and
 * bumps the generation; the others spin on the generation (IN_JOB_SPIN_NS),
 * then sleep on it.
 * The generation is read before arriving, so the release cannot be missed;
 * the waker reads `sleepers` after its bump and a sleeper increments it
 * before futex_wait re-checks the generation (both sequentially consistent),
 * so a sleeper is either woken or does not sleep. */
void vtc_team_barrier_wait(vtc_team_barrier *b) {
  if (b->size <= 1) return;
  uint32_t gen = atomic_load_explicit(&b->generation, memory_order_acquire);
  if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) == b->size - 1) {
    atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
    atomic_fetch_add(&b->generation, 1);
    if (atomic_load(&b->sleepers)) futex_wake_all(&b->generation);
    return;
  }
  in_job_spin spin = {0};
  do {
    if (atomic_load_explicit(&b->generation, memory_order_acquire) != gen) return;
  } while (in_job_spin_step(&spin));
  atomic_fetch_add(&b->sleepers, 1);
  while (atomic_load(&b->generation) == gen) futex_wait(&b->generation, gen);
  atomic_fetch_sub(&b->sleepers, 1);
}

/* One vtc_parallel_groups call: slot s of [0, teams * G) is unit s % G of
 * team s / G; the arena holds the teams' barriers, then their buffers. */
typedef struct groups_job {
  vtc_group_fn fn;
  void *ctx;
  int64_t groups, group_size, teams;
  char *arena;
  size_t stride; /* bytes per team's buffer (a multiple of 64) */
} groups_job;

static vtc_team_barrier *team_barrier(const groups_job *j, int64_t team) {
  return (vtc_team_barrier *)(j->arena + team * BARRIER_SLOT);
}

static void run_slots(int64_t begin, int64_t end, void *p) {
  const groups_job *j = p;
  for (int64_t s = begin; s < end; s++) { /* one slot per chunk: the pool has >= teams * G threads */
    int64_t team = s / j->group_size, unit = s % j->group_size;
    vtc_team_barrier *bar = team_barrier(j, team);
    char *shared = j->arena + j->teams * BARRIER_SLOT + (size_t)team * j->stride;
    for (int64_t g = team; g < j->groups; g += j->teams) {
      j->fn(g, unit, shared, bar, j->ctx);
      vtc_team_barrier_wait(bar); /* the buffer is free for the team's next group */
    }
  }
}

/* The pool's arena grown to `bytes` (submit_mu held); false without memory. */
static bool reserve_arena(vtc_thread_pool *pool, size_t bytes) {
  if (pool->arena_bytes >= bytes) return true;
  free(pool->arena);
  pool->arena = aligned_alloc(64, bytes);
  pool->arena_bytes = pool->arena ? bytes : 0;
  return pool->arena != NULL;
}

/* Runs the job on `pool`, which has at least teams * G threads and is not
 * the caller's (submit_mu held). */
static int run_teams_locked(vtc_thread_pool *pool, groups_job *j) {
  size_t bytes = (size_t)j->teams * (BARRIER_SLOT + j->stride);
  if (!reserve_arena(pool, bytes)) return -1;
  j->arena = pool->arena;
  memset(j->arena, 0, (size_t)j->teams * BARRIER_SLOT);
  for (int64_t t = 0; t < j->teams; t++) team_barrier(j, t)->size = (uint32_t)j->group_size;
  int64_t slots = j->teams * j->group_size;
  if (slots == 1) run_slots(0, 1, j);
  else dispatch_locked(pool, slots, run_slots, j);
  return 0;
}

int vtc_parallel_groups(vtc_thread_pool *pool, int64_t groups, int64_t group_size, int64_t shared_bytes,
                        vtc_group_fn fn, void *ctx) {
  if (group_size < 1 || group_size > 0x7fffffff || shared_bytes < 0) return -1;
  if (groups <= 0) return 0;
  groups_job j = {fn, ctx, groups, group_size, 1, NULL, ((size_t)shared_bytes + 63) / 64 * 64};
  bool usable = pool && !in_parallel_region && pool->size >= group_size;
  if (!usable) {
    /* A private pool of exactly G threads (one team): the caller's pool is
     * too small or busy running the caller. */
    vtc_thread_pool *tmp = vtc_thread_pool_create((int)group_size);
    if (!tmp) return -1;
    int rc = run_teams_locked(tmp, &j);
    vtc_thread_pool_destroy(tmp);
    return rc;
  }
  int64_t teams = pool->size / group_size;
  j.teams = teams < groups ? teams : groups;
  pthread_mutex_lock(&pool->submit_mu);
  int rc = run_teams_locked(pool, &j);
  pthread_mutex_unlock(&pool->submit_mu);
  return rc;
}

/* ---- the default pool ----------------------------------------------------- */

static pthread_mutex_t default_mu = PTHREAD_MUTEX_INITIALIZER;
static vtc_thread_pool *default_pool; /* lazily created, owned here */
static vtc_thread_pool *installed_pool; /* the caller's, not owned */

vtc_thread_pool *vtc_thread_pool_default(void) {
  pthread_mutex_lock(&default_mu);
  vtc_thread_pool *pool = installed_pool;
  if (!pool) {
    if (!default_pool) {
      const char *env = getenv("VTC_NUM_THREADS");
      default_pool = vtc_thread_pool_create(env ? atoi(env) : 0);
    }
    pool = default_pool;
  }
  pthread_mutex_unlock(&default_mu);
  return pool;
}

void vtc_thread_pool_set_default(vtc_thread_pool *pool) {
  pthread_mutex_lock(&default_mu);
  installed_pool = pool;
  pthread_mutex_unlock(&default_mu);
}

void vtc_thread_pool_shutdown_default(void) {
  pthread_mutex_lock(&default_mu);
  vtc_thread_pool *pool = default_pool;
  default_pool = NULL;
  pthread_mutex_unlock(&default_mu);
  vtc_thread_pool_destroy(pool);
}

/* ---- runtime entry points ------------------------------------------------- */

typedef struct index_body {
  void (*body)(int64_t i, void *ctx);
  void *ctx;
} index_body;

static void run_indices(int64_t begin, int64_t end, void *p) {
  index_body *b = p;
  for (int64_t i = begin; i < end; i++) b->body(i, b->ctx);
}

void vtc_rt_parallel_for(void (*body)(int64_t i, void *ctx), int64_t n, void *ctx) {
  index_body b = {body, ctx};
  vtc_parallel_for(vtc_thread_pool_default(), n, run_indices, &b);
  /* A kernel's error is raised once every chunk is done, on the thread
   * that launched it (a nested loop leaves it to the outermost one). */
  if (!in_parallel_region) vtc_rt_raise_kernel_error();
}

int32_t vtc_rt_num_threads(void) { return vtc_thread_pool_size(vtc_thread_pool_default()); }

typedef struct rt_group_body {
  void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx);
  void *ctx;
} rt_group_body;

static void run_rt_group(int64_t group, int64_t unit, void *shared, vtc_team_barrier *barrier, void *p) {
  rt_group_body *b = p;
  b->body(group, unit, shared, barrier, b->ctx);
}

void vtc_rt_parallel_groups(void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx),
                            int64_t groups, int64_t group_size, int64_t shared_bytes, void *ctx) {
  rt_group_body b = {body, ctx};
  if (vtc_parallel_groups(vtc_thread_pool_default(), groups, group_size, shared_bytes, run_rt_group, &b) == 0)
    return;
  fprintf(stderr, "vtc runtime: cannot run a kernel of %lld groups of %lld units with %lld bytes of shared memory "
                  "per group (out of memory or threads)\n",
          (long long)groups, (long long)group_size, (long long)shared_bytes);
  abort();
}

void vtc_rt_group_barrier(void *barrier) { vtc_team_barrier_wait(barrier); }

/* ---- device barriers: every unit of a launch at once (gir.sync device) ---- */

typedef struct device_body {
  void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx, void *device,
               int64_t phase);
  void *ctx;
  vtc_team_barrier *device;
  int64_t phase;
} device_body;

static void run_device_unit(int64_t g, int64_t u, void *shared, vtc_team_barrier *bar, void *p) {
  device_body *d = p;
  d->body(g, u, shared, bar, d->ctx, d->device, d->phase);
}

/* Every group on its own team of `pool` (size >= units, not the caller's
 * pool while it runs a job): all units at once. */
static int run_coresident(vtc_thread_pool *pool, bool lock, int64_t groups, int64_t group_size, int64_t shared_bytes,
                          device_body *d) {
  vtc_team_barrier *device = aligned_alloc(64, BARRIER_SLOT);
  if (!device) return -1;
  memset(device, 0, BARRIER_SLOT);
  device->size = (uint32_t)(groups * group_size);
  d->device = device;
  d->phase = -1;
  groups_job j = {run_device_unit, d, groups, group_size, groups, NULL, ((size_t)shared_bytes + 63) / 64 * 64};
  if (lock) pthread_mutex_lock(&pool->submit_mu);
  int rc = run_teams_locked(pool, &j);
  if (lock) pthread_mutex_unlock(&pool->submit_mu);
  free(device);
  return rc;
}

static _Atomic int warned_phase_split;

void vtc_rt_parallel_device(void (*body)(int64_t group, int64_t unit_in_group, void *shared, void *barrier, void *ctx,
                                         void *device, int64_t phase),
                            int64_t groups, int64_t group_size, int64_t shared_bytes, int64_t phases, void *ctx) {
  if (groups <= 0) return;
  device_body d = {body, ctx, NULL, -1};
  vtc_thread_pool *pool = vtc_thread_pool_default();
  int64_t units;
  if (__builtin_mul_overflow(groups, group_size, &units)) units = INT64_MAX;
  int rc = -1;
  if (pool && !in_parallel_region && units <= pool->size) {
    rc = run_coresident(pool, true, groups, group_size, shared_bytes, &d);
  } else if (phases > 0) {
    if (!atomic_exchange(&warned_phase_split, 1))
      fprintf(stderr, "vtc runtime: warning: a kernel with device barriers has %lld units, more than the %d threads "
                      "that can run at once: it runs as %lld launches, one per barrier segment (warned once)\n",
              (long long)units, vtc_thread_pool_size(pool), (long long)phases);
    rc = 0;
    for (int64_t p = 0; rc == 0 && p < phases; p++) {
      d.phase = p;
      rc = vtc_parallel_groups(pool, groups, group_size, shared_bytes, run_device_unit, &d);
    }
  } else if (units <= VTC_RT_MAX_DEVICE_UNITS) {
    vtc_thread_pool *tmp = vtc_thread_pool_create((int)units);
    if (tmp) rc = run_coresident(tmp, false, groups, group_size, shared_bytes, &d);
    vtc_thread_pool_destroy(tmp);
  } else {
    vtc_rt_fail(NULL, "a kernel whose device barriers cannot be split into phases runs all its units at once: at "
                      "most %d, not %lld", VTC_RT_MAX_DEVICE_UNITS, (long long)units);
    return;
  }
  if (rc == 0) {
    if (!in_parallel_region) vtc_rt_raise_kernel_error();
    return;
  }
  vtc_rt_fail(NULL, "cannot run a kernel of %lld groups of %lld units at once (out of memory or threads)",
              (long long)groups, (long long)group_size);
}

void vtc_rt_device_barrier(void *barrier) { vtc_team_barrier_wait(barrier); }
