/* vtc_rt_parallel_device (runtime/thread_pool.h), the CPU side of gir.sync
 * device: all units co-resident on the default pool with one barrier among
 * them (10^4 barriers, a value only right if every barrier holds), the
 * phase split when the pool is too small (each phase once per unit, in
 * order, no device barrier), and a temporary pool of one thread per unit
 * for a kernel that cannot be split. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/thread_pool.h"
#include "test/unit/unit.h"

enum { ROUNDS = 5000, MAX_UNITS = 16 };

typedef struct ring {
  int64_t units, group_size;
  int64_t value[MAX_UNITS], out[MAX_UNITS];
  _Atomic int64_t calls[4]; /* per phase (index phase + 1) */
  _Atomic int with_device;
} ring;

/* Each round: read the right neighbour, barrier, write it + 1, barrier
 * (2 x ROUNDS barriers): value[u] = value0[(u + ROUNDS) mod n] + ROUNDS. */
static void rotate(int64_t g, int64_t u, void *shared, void *barrier, void *ctx, void *device, int64_t phase) {
  ring *r = ctx;
  atomic_fetch_add(&r->calls[phase + 1], 1);
  if (device) atomic_store(&r->with_device, 1);
  int64_t me = g * r->group_size + u, nb = (me + 1) % r->units;
  if (phase < 0) {
    for (int i = 0; i < ROUNDS; i++) {
      int64_t x = __atomic_load_n(&r->value[nb], __ATOMIC_RELAXED);
      vtc_rt_device_barrier(device);
      __atomic_store_n(&r->value[me], x + 1, __ATOMIC_RELAXED);
      vtc_rt_device_barrier(device);
    }
    return;
  }
  /* Phase p of a 2-segment kernel: segment 0 doubles, segment 1 adds the
   * neighbour's doubled value (read after every unit's phase 0). */
  if (phase == 0) r->value[me] *= 2;
  else r->out[me] = r->value[me] + 1000 * r->value[nb];
}

static void reset(ring *r, int64_t groups, int64_t group_size) {
  memset(r, 0, sizeof *r);
  r->units = groups * group_size;
  r->group_size = group_size;
  for (int64_t i = 0; i < r->units; i++) r->value[i] = i * 3;
}

static void test_coresident(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(8);
  CHECK(pool != NULL);
  if (!pool) return;
  vtc_thread_pool_set_default(pool);
  ring r;
  reset(&r, 4, 2); /* 8 units on 8 threads */
  vtc_rt_parallel_device(rotate, 4, 2, 64, 0, &r);
  CHECK_EQ_INT(atomic_load(&r.calls[0]), 8);
  CHECK_EQ_INT(atomic_load(&r.with_device), 1);
  int64_t bad = 0;
  for (int64_t u = 0; u < 8; u++) bad += r.value[u] != ((u + ROUNDS) % 8) * 3 + ROUNDS;
  CHECK_EQ_INT(bad, 0);
  vtc_thread_pool_set_default(NULL);
  vtc_thread_pool_destroy(pool);
}

static void test_phase_split(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(2);
  CHECK(pool != NULL);
  if (!pool) return;
  vtc_thread_pool_set_default(pool);
  ring r;
  reset(&r, 8, 2); /* 16 units on 2 threads: 2 phases */
  vtc_rt_parallel_device(rotate, 8, 2, 0, 2, &r);
  CHECK_EQ_INT(atomic_load(&r.calls[0]), 0);
  CHECK_EQ_INT(atomic_load(&r.calls[1]), 16);
  CHECK_EQ_INT(atomic_load(&r.calls[2]), 16);
  CHECK_EQ_INT(atomic_load(&r.with_device), 0);
  int64_t bad = 0;
  for (int64_t u = 0; u < 16; u++) bad += r.out[u] != 6 * u + 1000 * 6 * ((u + 1) % 16);
  CHECK_EQ_INT(bad, 0);
  vtc_thread_pool_set_default(NULL);
  vtc_thread_pool_destroy(pool);
}

static void test_temporary_pool(void) {
  vtc_thread_pool *pool = vtc_thread_pool_create(2);
  CHECK(pool != NULL);
  if (!pool) return;
  vtc_thread_pool_set_default(pool);
  ring r;
  reset(&r, 3, 2); /* 6 units, no split: a temporary pool of 6 */
  vtc_rt_parallel_device(rotate, 3, 2, 0, 0, &r);
  CHECK_EQ_INT(atomic_load(&r.calls[0]), 6);
  int64_t bad = 0;
  for (int64_t u = 0; u < 6; u++) bad += r.value[u] != ((u + ROUNDS) % 6) * 3 + ROUNDS;
  CHECK_EQ_INT(bad, 0);
  vtc_thread_pool_set_default(NULL);
  vtc_thread_pool_destroy(pool);
}

int main(void) {
  UNIT_RUN(test_coresident);
  UNIT_RUN(test_phase_split);
  UNIT_RUN(test_temporary_pool);
  return UNIT_RESULT();
}
