/* The CPU thread pool: one job at a time, split statically into one chunk per
 * thread; the caller runs chunk 0 itself. Workers spin briefly on the job
 * generation before sleeping on a condition variable, so back-to-back kernel
 * launches cost a few microseconds, and an idle pool costs no CPU. */
#include "runtime/thread_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "runtime/rt_error.h"

#include "targets/x86/host.h"

/* Spin iterations (with a pause) before a thread sleeps: ~10-100 us. */
enum { SPIN_ITERATIONS = 4000 };

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
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
    cpu_relax();
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

void vtc_parallel_for(vtc_thread_pool *pool, int64_t n, vtc_range_fn fn, void *ctx) {
  if (n <= 0) return;
  if (!pool || pool->size == 1 || n == 1 || in_parallel_region) {
    fn(0, n, ctx);
    return;
  }
  int chunks = n < pool->size ? (int)n : pool->size;
  pthread_mutex_lock(&pool->submit_mu);
  pool->fn = fn;
  pool->ctx = ctx;
  pool->n = n;
  pool->chunks = chunks;
  atomic_store_explicit(&pool->remaining, pool->size - 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
  pthread_mutex_lock(&pool->mu); /* wakes sleepers; spinners see the bump */
  pthread_cond_broadcast(&pool->work_cv);
  pthread_mutex_unlock(&pool->mu);

  in_parallel_region = 1;
  run_chunk(fn, ctx, n, chunks, 0);
  in_parallel_region = 0;

  int spins = 0;
  while (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0 && spins++ < SPIN_ITERATIONS)
    cpu_relax();
  if (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0) {
    pthread_mutex_lock(&pool->mu);
    while (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0)
      pthread_cond_wait(&pool->done_cv, &pool->mu);
    pthread_mutex_unlock(&pool->mu);
  }
  pthread_mutex_unlock(&pool->submit_mu);
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
