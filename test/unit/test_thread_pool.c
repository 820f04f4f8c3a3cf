/* The CPU thread pool: static chunks cover [0, n) exactly once, in at most
 * size(pool) contiguous pieces; nested calls run inline; outside threads
 * share one pool; the default pool and shutdown. Groups of cooperating
 * units (vtc_parallel_groups): every unit once, a group's units at once on
 * distinct threads meeting at the team barrier, one aligned buffer per
 * team, temporary pools where the pool is too small or busy. */
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

/* ---- groups of cooperating units -------------------------------------------------- */

enum { MAX_G = 8, MAX_GROUPS = 64 };

/* Each unit writes its mark into the team's buffer, meets the others at
 * the barrier and reads every mark of its group back: a unit that ran
 * alone (or a barrier that let it through early) reads a stale mark. Two
 * rounds per group, so the barrier is reused within a group too. */
typedef struct groups_ctx {
  int64_t G;
  _Atomic int hits[MAX_GROUPS][MAX_G];
  _Atomic int stale, misaligned, same_thread;
} groups_ctx;

typedef struct mark {
  int64_t value;
  pthread_t thread;
  char pad[48];
} mark;

static void group_body(int64_t g, int64_t u, void *shared, vtc_team_barrier *bar, void *p) {
  groups_ctx *c = p;
  mark *marks = shared;
  if ((uintptr_t)shared % 64) atomic_fetch_add(&c->misaligned, 1);
  atomic_fetch_add(&c->hits[g][u], 1);
  for (int round = 0; round < 2; round++) {
    marks[u].value = g * 1000 + round * 100 + u;
    marks[u].thread = pthread_self();
    vtc_team_barrier_wait(bar);
    for (int64_t v = 0; v < c->G; v++) {
      if (marks[v].value != g * 1000 + round * 100 + v) atomic_fetch_add(&c->stale, 1);
      if (v != u && pthread_equal(marks[v].thread, pthread_self())) atomic_fetch_add(&c->same_thread, 1);
    }
    vtc_team_barrier_wait(bar); /* everyone has read before the next round writes */
  }
}

static void check_groups(vtc_thread_pool *pool, int64_t groups, int64_t G) {
  groups_ctx *c = calloc(1, sizeof *c);
  c->G = G;
  CHECK_EQ_INT(vtc_parallel_groups(pool, groups, G, G * (int64_t)sizeof(mark), group_body, c), 0);
  int bad = 0;
  for (int64_t g = 0; g < MAX_GROUPS; g++)
    for (int64_t u = 0; u < MAX_G; u++) bad += atomic_load(&c->hits[g][u]) != (g < groups && u < G);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(atomic_load(&c->stale), 0);
  CHECK_EQ_INT(atomic_load(&c->misaligned), 0);
  CHECK_EQ_INT(atomic_load(&c->same_thread), 0);
  free(c);
}

static void test_groups(void) {
  int sizes[] = {1, 2, 3, 8};
  int64_t gs[] = {1, 2, 3, 4, 8};
  int64_t ngroups[] = {0, 1, 2, 5, 17, 64};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    vtc_thread_pool *pool = vtc_thread_pool_create(sizes[s]);
    for (size_t i = 0; i < sizeof gs / sizeof *gs; i++)
      for (size_t k = 0; k < sizeof ngroups / sizeof *ngroups; k++) check_groups(pool, ngroups[k], gs[i]);
    vtc_thread_pool_destroy(pool);
  }
  check_groups(NULL, 5, 3); /* no pool: a temporary one */
  CHECK_EQ_INT(vtc_parallel_groups(NULL, 1, 0, 0, group_body, NULL), -1);
  CHECK_EQ_INT(vtc_parallel_groups(NULL, 1, 1, -1, group_body, NULL), -1);
}

/* Teams own distinct buffers: with 2 teams of 2 on 4 threads, the two
 * groups running at once must not share one. */
typedef struct distinct_ctx {
  void *buffers[16];
  _Atomic int clashes;
} distinct_ctx;

static void distinct_body(int64_t g, int64_t u, void *shared, vtc_team_barrier *bar, void *p) {
  distinct_ctx *c = p;
  int64_t *word = shared;
  if (u == 0) *word = g;
  vtc_team_barrier_wait(bar);
  for (int i = 0; i < 1000; i++)
    if (*word != g) atomic_fetch_add(&c->clashes, 1);
  c->buffers[g] = shared;
  vtc_team_barrier_wait(bar);
}

static void test_team_buffers(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(4);
  distinct_ctx c;
  memset(&c, 0, sizeof c);
  CHECK_EQ_INT(vtc_parallel_groups(pool, 16, 2, 8, distinct_body, &c), 0);
  CHECK_EQ_INT(atomic_load(&c.clashes), 0);
  int distinct = 0; /* groups g and g + 1 ran on different teams (round-robin) */
  for (int g = 0; g + 1 < 16; g += 2) distinct += c.buffers[g] != c.buffers[g + 1];
  CHECK_EQ_INT(distinct, 8);
  vtc_thread_pool_destroy(pool);
}

/* Many barriers in a row: a counter every unit bumps must read G times the
 * round after each barrier (a barrier reused before all left it breaks it). */
typedef struct stress_ctx {
  _Atomic int64_t count;
  _Atomic int bad;
} stress_ctx;

static void stress_body(int64_t g, int64_t u, void *shared, vtc_team_barrier *bar, void *p) {
  stress_ctx *c = p;
  (void)g, (void)u, (void)shared;
  for (int64_t r = 1; r <= 2000; r++) {
    atomic_fetch_add(&c->count, 1);
    vtc_team_barrier_wait(bar);
    if (atomic_load(&c->count) != 4 * r) atomic_fetch_add(&c->bad, 1);
    vtc_team_barrier_wait(bar);
  }
}

static void test_barrier_stress(void) {
  /* 6 threads for teams of 4: one team, 2 threads idle; then a pool of 2
   * (a temporary pool of 4 runs it, oversubscribed: the futex path). */
  int sizes[] = {6, 2};
  for (int s = 0; s < 2; s++) {
    vtc_thread_pool *pool = vtc_thread_pool_create(sizes[s]);
    stress_ctx c = {0, 0};
    CHECK_EQ_INT(vtc_parallel_groups(pool, 1, 4, 0, stress_body, &c), 0);
    CHECK_EQ_INT(atomic_load(&c.count), 4 * 2000);
    CHECK_EQ_INT(atomic_load(&c.bad), 0);
    vtc_thread_pool_destroy(pool);
  }
}

/* From inside a parallel region the pool's threads are busy: each chunk's
 * call gets its own temporary team. */
typedef struct nested_groups_ctx {
  vtc_thread_pool *pool;
  _Atomic int failures;
} nested_groups_ctx;

static void nested_groups_chunk(int64_t begin, int64_t end, void *p) {
  nested_groups_ctx *c = p;
  for (int64_t i = begin; i < end; i++) {
    groups_ctx *g = calloc(1, sizeof *g);
    g->G = 2;
    if (vtc_parallel_groups(c->pool, 3, 2, 2 * (int64_t)sizeof(mark), group_body, g) != 0 || atomic_load(&g->stale))
      atomic_fetch_add(&c->failures, 1);
    for (int k = 0; k < 3; k++)
      if (atomic_load(&g->hits[k][0]) != 1 || atomic_load(&g->hits[k][1]) != 1) atomic_fetch_add(&c->failures, 1);
    free(g);
  }
}

static void test_groups_nested(void) {
  nested_groups_ctx c = {vtc_thread_pool_create(2), 0};
  vtc_parallel_for(c.pool, 2, nested_groups_chunk, &c);
  CHECK_EQ_INT(atomic_load(&c.failures), 0);
  vtc_thread_pool_destroy(c.pool);
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
  UNIT_RUN(test_groups);
  UNIT_RUN(test_team_buffers);
  UNIT_RUN(test_barrier_stress);
  UNIT_RUN(test_groups_nested);
  return UNIT_RESULT();
}
