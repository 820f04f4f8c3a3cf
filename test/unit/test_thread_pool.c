/* The CPU thread pool: static chunks cover [0, n) exactly once, in at most
 * size(pool) contiguous pieces; nested calls run inline; outside threads
 * share one pool; the default pool and shutdown. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/thread_pool.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"

typedef struct cover_ctx {
  _Atomic int *hits;
  _Atomic int calls;
  _Atomic int64_t min_len, max_len;
} cover_ctx;

static void cover(int64_t begin, int64_t end, void *p) {
  cover_ctx *c = p;
  atomic_fetch_add(&c->calls, 1);
  int64_t len = end - begin, cur;
  while ((cur = atomic_load(&c->min_len)) > len && !atomic_compare_exchange_weak(&c->min_len, &cur, len)) {}
  while ((cur = atomic_load(&c->max_len)) < len && !atomic_compare_exchange_weak(&c->max_len, &cur, len)) {}
  for (int64_t i = begin; i < end; i++) atomic_fetch_add(&c->hits[i], 1);
}

static void test_cover(void) {
  int sizes[] = {1, 2, 3, 8};
  int64_t ns[] = {0, 1, 2, 5, 7, 8, 9, 1000, 12345};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    vtc_thread_pool *pool = vtc_thread_pool_create(sizes[s]);
    CHECK(pool != NULL);
    if (!pool) continue;
    CHECK_EQ_INT(vtc_thread_pool_size(pool), sizes[s]);
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
      int64_t n = ns[k];
      cover_ctx c = {calloc((size_t)n + 1, sizeof(_Atomic int)), 0, INT64_MAX, 0};
      for (int rep = 0; rep < 20; rep++) vtc_parallel_for(pool, n, cover, &c);
      int bad = 0;
      for (int64_t i = 0; i < n; i++) bad += atomic_load(&c.hits[i]) != 20;
      CHECK_EQ_INT(bad, 0);
      int64_t chunks = n < sizes[s] ? n : sizes[s];
      CHECK_EQ_INT(atomic_load(&c.calls), 20 * chunks);
      if (n > 0) CHECK(atomic_load(&c.max_len) - atomic_load(&c.min_len) <= 1); /* balanced */
      free((void *)c.hits);
    }
    vtc_thread_pool_destroy(pool);
  }
}

/* Each chunk runs on some thread; with a slow body the chunks overlap in time
 * on a multi-thread pool, which we observe as distinct thread ids. */
typedef struct ids_ctx {
  pthread_t ids[64];
  _Atomic int count;
} ids_ctx;

static void record_thread(int64_t begin, int64_t end, void *p) {
  ids_ctx *c = p;
  int k = atomic_fetch_add(&c->count, 1);
  if (k < 64) c->ids[k] = pthread_self();
  (void)begin;
  (void)end;
}

static void test_threads_used(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(4);
  ids_ctx c;
  memset(&c, 0, sizeof c);
  vtc_parallel_for(pool, 4, record_thread, &c);
  CHECK_EQ_INT(atomic_load(&c.count), 4);
  int distinct = 0;
  for (int i = 0; i < 4; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++) seen |= pthread_equal(c.ids[i], c.ids[j]);
    distinct += !seen;
  }
  CHECK_EQ_INT(distinct, 4); /* one chunk per thread, caller included */
  vtc_thread_pool_destroy(pool);
}

/* A parallel_for inside a chunk runs inline (it would deadlock otherwise). */
typedef struct nested_ctx {
  vtc_thread_pool *pool;
  _Atomic int64_t sum;
} nested_ctx;

static void inner(int64_t begin, int64_t end, void *p) {
  nested_ctx *c = p;
  for (int64_t i = begin; i < end; i++) atomic_fetch_add(&c->sum, i);
}

static void outer(int64_t begin, int64_t end, void *p) {
  nested_ctx *c = p;
  for (int64_t i = begin; i < end; i++) vtc_parallel_for(c->pool, 100, inner, c);
}

static void test_nested(void) {
  nested_ctx c = {vtc_thread_pool_create(3), 0};
  vtc_parallel_for(c.pool, 10, outer, &c);
  CHECK_EQ_INT(atomic_load(&c.sum), 10 * 4950);
  vtc_thread_pool_destroy(c.pool);
}

/* Several outside threads submitting to one pool at once. */
typedef struct submitter {
  vtc_thread_pool *pool;
  int64_t result;
} submitter;

static void add_range(int64_t begin, int64_t end, void *p) {
  _Atomic int64_t *sum = p;
  int64_t s = 0;
  for (int64_t i = begin; i < end; i++) s += i;
  atomic_fetch_add(sum, s);
}

static void *submit(void *p) {
  submitter *s = p;
  for (int rep = 0; rep < 50; rep++) {
    _Atomic int64_t sum = 0;
    vtc_parallel_for(s->pool, 10000, add_range, &sum);
    s->result += atomic_load(&sum);
  }
  return NULL;
}

static void test_concurrent_submitters(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(4);
  submitter subs[3] = {{pool, 0}, {pool, 0}, {pool, 0}};
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, submit, &subs[i]);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < 3; i++) CHECK_EQ_INT(subs[i].result, 50LL * 49995000LL);
  vtc_thread_pool_destroy(pool);
}

static void square(int64_t i, void *p) { ((int64_t *)p)[i] = i * i; }

static void test_default_pool_and_rt(void) {
  vtc_thread_pool *pool = vtc_thread_pool_default();
  CHECK(pool != NULL);
  const char *env = getenv("VTC_NUM_THREADS");
  if (!env) CHECK_EQ_INT(vtc_thread_pool_size(pool), vtc_x86_host_get()->num_cores);
  CHECK(vtc_thread_pool_default() == pool);
  int64_t out[1000];
  vtc_rt_parallel_for(square, 1000, out);
  int bad = 0;
  for (int i = 0; i < 1000; i++) bad += out[i] != (int64_t)i * i;
  CHECK_EQ_INT(bad, 0);
  vtc_thread_pool_shutdown_default();
  vtc_thread_pool_shutdown_default(); /* twice is fine */
  cover_ctx inline_run = {calloc(3, sizeof(_Atomic int)), 0, INT64_MAX, 0};
  vtc_parallel_for(NULL, 3, cover, &inline_run); /* no pool: inline, one chunk */
  CHECK_EQ_INT(atomic_load(&inline_run.calls), 1);
  free((void *)inline_run.hits);
  vtc_rt_parallel_for(square, 10, out); /* recreates the default pool */
  CHECK_EQ_INT(out[9], 81);
  vtc_thread_pool_shutdown_default();
}

int main(void) {
  UNIT_RUN(test_cover);
  UNIT_RUN(test_threads_used);
  UNIT_RUN(test_nested);
  UNIT_RUN(test_concurrent_submitters);
  UNIT_RUN(test_default_pool_and_rt);
  return UNIT_RESULT();
}
