/* A small open-addressing hash map from pointers to pointers, header-only, for
 * the bookkeeping of the rewrite driver, the verifier and the generic passes
 * (worklist membership, per-region caches). Keys must not be NULL or (void*)1. */
#ifndef VTC_IR_PTRMAP_H
#define VTC_IR_PTRMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "ir/context.h"

/* Zero-initialise to start; free with vtc_ptrmap_free. */
typedef struct vtc_ptrmap {
  uintptr_t *keys; /* 0: empty, 1: deleted */
  void **vals;
  size_t cap, count, used; /* used counts live and deleted slots */
} vtc_ptrmap;

#define VTC_PTRMAP_DELETED ((uintptr_t)1)

static inline size_t vtc_ptrmap_hash_(uintptr_t k) {
  uint64_t x = (uint64_t)k;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

static inline size_t vtc_ptrmap_find_(const vtc_ptrmap *m, uintptr_t k) {
  size_t mask = m->cap - 1, i = vtc_ptrmap_hash_(k) & mask;
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & mask;
  return i;
}

static inline bool vtc_ptrmap_lookup(const vtc_ptrmap *m, const void *key, void **val) {
  if (!m->cap) return false;
  size_t i = vtc_ptrmap_find_(m, (uintptr_t)key);
  if (!m->keys[i]) return false;
  if (val) *val = m->vals[i];
  return true;
}

static inline void *vtc_ptrmap_get(const vtc_ptrmap *m, const void *key) {
  void *v = NULL;
  vtc_ptrmap_lookup(m, key, &v);
  return v;
}

static inline bool vtc_ptrmap_contains(const vtc_ptrmap *m, const void *key) {
  return vtc_ptrmap_lookup(m, key, NULL);
}

static inline void vtc_ptrmap_put(vtc_ptrmap *m, const void *key, void *val);

static inline void vtc_ptrmap_rehash_(vtc_ptrmap *m, size_t cap) {
  uintptr_t *keys = m->keys;
  void **vals = m->vals;
  size_t old = m->cap;
  m->keys = vtc_xcalloc(cap, sizeof *m->keys);
  m->vals = vtc_xcalloc(cap, sizeof *m->vals);
  m->cap = cap;
  m->count = m->used = 0;
  for (size_t i = 0; i < old; i++)
    if (keys[i] > VTC_PTRMAP_DELETED) vtc_ptrmap_put(m, (const void *)keys[i], vals[i]);
  free(keys);
  free(vals);
}

/* Inserts or overwrites. */
static inline void vtc_ptrmap_put(vtc_ptrmap *m, const void *key, void *val) {
  uintptr_t k = (uintptr_t)key;
  if ((m->used + 1) * 4 >= m->cap * 3) vtc_ptrmap_rehash_(m, m->count * 4 >= m->cap ? (m->cap ? 2 * m->cap : 16) : m->cap);
  size_t mask = m->cap - 1, i = vtc_ptrmap_hash_(k) & mask, tomb = (size_t)-1;
  while (m->keys[i] && m->keys[i] != k) {
    if (m->keys[i] == VTC_PTRMAP_DELETED && tomb == (size_t)-1) tomb = i;
    i = (i + 1) & mask;
  }
  if (m->keys[i] == k) {
    m->vals[i] = val;
    return;
  }
  if (tomb != (size_t)-1) i = tomb;
  else m->used++;
  m->keys[i] = k;
  m->vals[i] = val;
  m->count++;
}

static inline bool vtc_ptrmap_remove(vtc_ptrmap *m, const void *key) {
  if (!m->cap) return false;
  size_t i = vtc_ptrmap_find_(m, (uintptr_t)key);
  if (!m->keys[i]) return false;
  m->keys[i] = VTC_PTRMAP_DELETED;
  m->vals[i] = NULL;
  m->count--;
  return true;
}

static inline void vtc_ptrmap_clear(vtc_ptrmap *m) {
  for (size_t i = 0; i < m->cap; i++) m->keys[i] = 0, m->vals[i] = NULL;
  m->count = m->used = 0;
}

static inline void vtc_ptrmap_free(vtc_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->count = m->used = 0;
}

#endif
