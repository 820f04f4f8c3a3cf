/* The analyzer of Vortex section 5.2 (its analytical part) and the variant
 * set of section 6.2: each L1 candidate's best L0 link, breakpoints from the
 * hardware (never from user shapes), the variants the model ranks best at
 * some breakpoint, reduced to at most N; the ablations of section 7.4
 * (Static1, Static2, DietCode-like sampling); and the `vortex.variants`
 * attribute that carries the result to lower-te-to-gir.
 *
 * Choices where the paper is silent (README.md):
 *   - An L1 candidate's L0 link is chosen by the model's time per flop in a
 *     steady state (one full wave of that CTA/block, 32 k-tiles), the same
 *     rule for every shape, so the choice is made once.
 *   - Breakpoints (per dynamic size): 1 and the multiples of every
 *     candidate tile along that size up to two full waves of the largest
 *     tile (M, N); powers of two for K and the batch; thinned
 *     geometrically to 48 per size and 512 combinations.
 *   - When more than N variants win somewhere, N are kept greedily, each
 *     step adding the one that most lowers the mean (over breakpoints) of
 *     the kept set's best time over the overall best time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/vortex/vortex_impl.h"

enum { kMaxPerSize = 48, kMaxCombinations = 512 };

/* ---- sizes ----------------------------------------------------------------------------------- */

vortex_problem vortex_problem_of(const vortex_contraction *c) {
  return (vortex_problem){vortex_role_size(c, VORTEX_ROLE_BATCH), vortex_role_size(c, VORTEX_ROLE_M),
                          vortex_role_size(c, VORTEX_ROLE_N), vortex_role_size(c, VORTEX_ROLE_K)};
}

typedef VTC_VEC(int64_t) i64_vec;

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static void sort_unique(i64_vec *v) {
  if (!v->len) return;
  qsort(v->data, v->len, sizeof *v->data, cmp_i64);
  size_t k = 1;
  for (size_t i = 1; i < v->len; i++)
    if (v->data[i] != v->data[k - 1]) v->data[k++] = v->data[i];
  v->len = k;
}

/* At most `keep` values, spread geometrically over [first, last]. */
static void thin(i64_vec *v, size_t keep) {
  if (v->len <= keep || keep < 2) return;
  double lo = log((double)v->data[0] + 1), hi = log((double)v->data[v->len - 1] + 1);
  i64_vec out = {0};
  size_t j = 0;
  for (size_t i = 0; i < keep; i++) {
    double target = exp(lo + (hi - lo) * (double)i / (double)(keep - 1)) - 1;
    while (j + 1 < v->len && fabs((double)v->data[j + 1] - target) <= fabs((double)v->data[j] - target)) j++;
    VTC_VEC_PUSH(&out, v->data[j]);
  }
  VTC_VEC_FREE(v);
  *v = out;
  sort_unique(v);
}

/* Every link's best: the model's time per flop of a steady state. */
static double steady_per_flop(const vortex_candidates *t, unsigned link) {
  vortex_l2 l2 = {link, 1};
  vortex_candidates one = *t;
  one.l2.data = &l2;
  one.l2.len = 1;
  vortex_variant v = vortex_variant_of(&one, 0);
  int64_t units = (int64_t)t->hw->num_cores * v.occupancy;
  vortex_problem p = {1, (int64_t)v.l1.m * units, v.l1.n, (int64_t)v.l1.k * 32};
  return vortex_model_cost(t->hw, &v, p) / (2.0 * (double)p.m * (double)p.n * (double)p.k);
}

/* best[l1] = the link of l1 with the lowest steady time per flop among
 * those whose L0 is only_l0 (-1: any); UINT32_MAX where none. */
static unsigned *best_links(const vortex_candidates *t, int only_l0) {
  unsigned *best = vtc_xmalloc((t->l1.len + 1) * sizeof *best);
  double *cost = vtc_xmalloc((t->l1.len + 1) * sizeof *cost);
  for (size_t i = 0; i < t->l1.len; i++) best[i] = UINT32_MAX;
  for (unsigned l = 0; l < t->links.len; l++) {
    const vortex_link *k = &t->links.data[l];
    if (only_l0 >= 0 && k->l0 != (unsigned)only_l0) continue;
    double c = steady_per_flop(t, l);
    if (best[k->l1] == UINT32_MAX || c < cost[k->l1]) {
      best[k->l1] = l;
      cost[k->l1] = c;
    }
  }
  free(cost);
  return best;
}

/* The tile sizes along a role (L1 and L0), for breakpoints. */
static void tile_sizes(const vortex_candidates *t, vortex_role r, i64_vec *out) {
  for (size_t i = 0; i < t->l1.len; i++) VTC_VEC_PUSH(out, r == VORTEX_ROLE_M ? t->l1.data[i].m : t->l1.data[i].n);
  for (size_t i = 0; i < t->l0.len; i++) VTC_VEC_PUSH(out, r == VORTEX_ROLE_M ? t->l0.data[i].m : t->l0.data[i].n);
  sort_unique(out);
}

/* Two full waves of the largest tile along M (or N) given the other size. */
static int64_t two_waves(const vortex_candidates *t, vortex_role r, int64_t other) {
  int64_t cap = 1;
  for (size_t i = 0; i < t->links.len; i++) {
    const vortex_link *k = &t->links.data[i];
    const vortex_l1 *l1 = &t->l1.data[k->l1];
    int64_t along = r == VORTEX_ROLE_M ? l1->m : l1->n, across = r == VORTEX_ROLE_M ? l1->n : l1->m;
    int64_t tiles_across = other > 0 ? (other + across - 1) / across : 1;
    int64_t slots = (int64_t)t->hw->num_cores * k->occupancy;
    int64_t m2 = (2 * slots + tiles_across - 1) / tiles_across * along;
    if (m2 > cap) cap = m2;
  }
  return cap < 65536 ? cap : 65536;
}

static void size_values(const vortex_candidates *t, vortex_role r, const vortex_problem *shape,
                        const vortex_analyze_options *o, i64_vec *out) {
  VTC_VEC_PUSH(out, 1);
  if (r == VORTEX_ROLE_M || r == VORTEX_ROLE_N) {
    i64_vec tiles = {0};
    tile_sizes(t, r, &tiles);
    int64_t other = r == VORTEX_ROLE_M ? shape->n : shape->m;
    int64_t cap = two_waves(t, r, other);
    for (size_t i = 0; i < tiles.len; i++)
      for (int64_t v = tiles.data[i]; v <= cap && tiles.data[i] > 0; v += tiles.data[i]) VTC_VEC_PUSH(out, v);
    VTC_VEC_FREE(&tiles);
    sort_unique(out);
    if (r == VORTEX_ROLE_M && o->sampled_hi > 0) {
      size_t k = 0;
      VTC_VEC_PUSH(out, o->sampled_lo);
      for (size_t i = 0; i < out->len; i++)
        if (out->data[i] >= o->sampled_lo && out->data[i] < o->sampled_hi) out->data[k++] = out->data[i];
      out->len = k;
      sort_unique(out);
    }
    thin(out, kMaxPerSize);
    return;
  }
  int64_t hi = r == VORTEX_ROLE_K ? 32768 : 2 * (int64_t)t->hw->num_cores;
  for (int64_t v = r == VORTEX_ROLE_K ? 16 : 2; v <= hi; v *= 2) VTC_VEC_PUSH(out, v);
  if (r == VORTEX_ROLE_BATCH) VTC_VEC_PUSH(out, t->hw->num_cores);
  sort_unique(out);
}

vortex_problem *vortex_breakpoints(const vortex_candidates *t, const vortex_problem *shape,
                                   const vortex_analyze_options *o, unsigned *n) {
  int64_t fixed[4] = {shape->batch, shape->m, shape->n, shape->k};
  i64_vec vals[4] = {{0}};
  static const vortex_role roles[4] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_M, VORTEX_ROLE_N, VORTEX_ROLE_K};
  for (int d = 0; d < 4; d++) {
    if (fixed[d] != VTC_DYNAMIC) VTC_VEC_PUSH(&vals[d], fixed[d]);
    else size_values(t, roles[d], shape, o, &vals[d]);
    if (!vals[d].len) VTC_VEC_PUSH(&vals[d], 1);
  }
  /* Halve the longest list until the combinations fit. */
  for (;;) {
    size_t total = 1, longest = 0;
    for (int d = 0; d < 4; d++) {
      total *= vals[d].len;
      if (vals[d].len > vals[longest].len) longest = (size_t)d;
    }
    if (total <= kMaxCombinations) break;
    thin(&vals[longest], vals[longest].len / 2);
  }
  size_t total = vals[0].len * vals[1].len * vals[2].len * vals[3].len;
  vortex_problem *ps = vtc_xmalloc((total + 1) * sizeof *ps);
  size_t k = 0;
  for (size_t a = 0; a < vals[0].len; a++)
    for (size_t b = 0; b < vals[1].len; b++)
      for (size_t c = 0; c < vals[2].len; c++)
        for (size_t d = 0; d < vals[3].len; d++)
          ps[k++] = (vortex_problem){vals[0].data[a], vals[1].data[b], vals[2].data[c], vals[3].data[d]};
  for (int d = 0; d < 4; d++) VTC_VEC_FREE(&vals[d]);
  *n = (unsigned)k;
  return ps;
}

/* ---- selection -------------------------------------------------------------------------------- */

typedef VTC_VEC(vortex_variant) variant_vec;
typedef VTC_VEC(unsigned) uint_vec;

/* Variants: each L1 with its best link (under best[]) x its K splits;
 * only_l1 >= 0 keeps one L1. */
static void variants_of(const vortex_candidates *t, const unsigned *best, int only_l1, variant_vec *out,
                        uint_vec *l2_index) {
  for (unsigned i = 0; i < t->l2.len; i++) {
    const vortex_l2 *l2 = &t->l2.data[i];
    unsigned l1 = t->links.data[l2->link].l1;
    if (best[l1] != l2->link || (only_l1 >= 0 && l1 != (unsigned)only_l1)) continue;
    VTC_VEC_PUSH(out, vortex_variant_of(t, i));
    VTC_VEC_PUSH(l2_index, i);
  }
}

/* Coarse to fine: with many variants, keep only those among the best
 * kKeepPerCoarse at one of at most kCoarse evenly spaced breakpoints (the
 * winners at the others are almost always among them), so the full
 * evaluation runs on a few hundred variants, not thousands. */
enum { kPruneAbove = 256, kCoarse = 8, kKeepPerCoarse = 24 };

typedef struct scored {
  double cost;
  unsigned index;
} scored;

static int cmp_scored(const void *a, const void *b) {
  const scored *x = a, *y = b;
  return x->cost < y->cost ? -1 : x->cost > y->cost ? 1 : (x->index > y->index) - (x->index < y->index);
}

static void prune(const vtc_hardware *hw, variant_vec *vs, uint_vec *l2i, const vortex_problem *bps, unsigned nb) {
  if (vs->len <= kPruneAbove) return;
  bool *keep = vtc_xcalloc(vs->len, sizeof *keep);
  scored *sc = vtc_xmalloc(vs->len * sizeof *sc);
  unsigned step = nb > kCoarse ? (nb + kCoarse - 1) / kCoarse : 1;
  for (unsigned b = 0; b < nb; b += step) {
    for (size_t i = 0; i < vs->len; i++) sc[i] = (scored){vortex_model_cost(hw, &vs->data[i], bps[b]), (unsigned)i};
    qsort(sc, vs->len, sizeof *sc, cmp_scored);
    for (size_t i = 0; i < vs->len && i < kKeepPerCoarse; i++) keep[sc[i].index] = true;
  }
  size_t k = 0;
  for (size_t i = 0; i < vs->len; i++)
    if (keep[i]) {
      vs->data[k] = vs->data[i];
      l2i->data[k++] = l2i->data[i];
    }
  vs->len = l2i->len = k;
  free(keep);
  free(sc);
}

typedef struct winners {
  unsigned *best;    /* per breakpoint: the variant */
  double *best_cost; /* per breakpoint */
} winners;

static void find_winners(const vtc_hardware *hw, const variant_vec *vs, const vortex_problem *bps, unsigned nb,
                         winners *w) {
  w->best = vtc_xcalloc(nb + 1, sizeof *w->best);
  w->best_cost = vtc_xcalloc(nb + 1, sizeof *w->best_cost);
  for (unsigned b = 0; b < nb; b++) {
    w->best[b] = vortex_select(hw, vs->data, (unsigned)vs->len, bps[b]);
    w->best_cost[b] = vortex_model_cost(hw, &vs->data[w->best[b]], bps[b]);
  }
}

static void free_winners(winners *w) {
  free(w->best);
  free(w->best_cost);
}

/* The winners in order of first appearance, reduced greedily to max. */
static unsigned reduce(const vtc_hardware *hw, const variant_vec *vs, const vortex_problem *bps, unsigned nb,
                       const winners *w, unsigned max, unsigned *keep) {
  uint_vec u = {0};
  for (unsigned b = 0; b < nb; b++) {
    bool seen = false;
    for (size_t i = 0; i < u.len && !seen; i++) seen = u.data[i] == w->best[b];
    if (!seen) VTC_VEC_PUSH(&u, w->best[b]);
  }
  unsigned n = 0;
  if (u.len <= max) {
    for (size_t i = 0; i < u.len; i++) keep[n++] = u.data[i];
    VTC_VEC_FREE(&u);
    return n;
  }
  double *cost = vtc_xmalloc(u.len * nb * sizeof *cost), *cur = vtc_xmalloc((nb + 1) * sizeof *cur);
  bool *taken = vtc_xcalloc(u.len + 1, sizeof *taken);
  for (size_t i = 0; i < u.len; i++)
    for (unsigned b = 0; b < nb; b++) cost[i * nb + b] = vortex_model_cost(hw, &vs->data[u.data[i]], bps[b]) / w->best_cost[b];
  for (unsigned b = 0; b < nb; b++) cur[b] = INFINITY;
  while (n < max) {
    size_t pick = 0;
    double pick_sum = INFINITY;
    for (size_t i = 0; i < u.len; i++) {
      if (taken[i]) continue;
      double s = 0;
      for (unsigned b = 0; b < nb; b++) s += fmin(cur[b], cost[i * nb + b]);
      if (s < pick_sum) {
        pick_sum = s;
        pick = i;
      }
    }
    taken[pick] = true;
    for (unsigned b = 0; b < nb; b++) cur[b] = fmin(cur[b], cost[pick * nb + b]);
    n++;
  }
  /* Keep them in order of first appearance. */
  n = 0;
  for (size_t i = 0; i < u.len; i++)
    if (taken[i]) keep[n++] = u.data[i];
  free(cost);
  free(cur);
  free(taken);
  VTC_VEC_FREE(&u);
  return n;
}

/* The most frequent value of f(winner) over the breakpoints (ties: the first). */
static int most_frequent(const unsigned *vals, unsigned n) {
  int best = -1;
  unsigned best_count = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned count = 0;
    for (unsigned j = 0; j < n; j++) count += vals[j] == vals[i];
    if (count > best_count) {
      best_count = count;
      best = (int)vals[i];
    }
  }
  return best;
}

/* vortex_analyze with each L1's best link given (best_any; not freed). */
static bool analyze(const vortex_candidates *t, const unsigned *best_any, const vortex_problem *shape,
                    const vortex_analyze_options *o, vortex_variant *out, unsigned max, unsigned *n, char *why,
                    size_t why_n) {
  *n = 0;
  unsigned limit = o->max_variants ? o->max_variants : vortex_backend_is_gpu(t->backends[0]) ? 8 : 4;
  if (limit > max) limit = max;
  unsigned nb = 0;
  vortex_problem *bps = vortex_breakpoints(t, shape, o, &nb);
  unsigned *best = vtc_xmalloc((t->l1.len + 1) * sizeof *best);
  memcpy(best, best_any, t->l1.len * sizeof *best);
  variant_vec vs = {0};
  uint_vec l2i = {0};
  variants_of(t, best, -1, &vs, &l2i);
  prune(t->hw, &vs, &l2i, bps, nb);
  winners w = {0};
  if (vs.len) find_winners(t->hw, &vs, bps, nb, &w);
  if (vs.len && o->dynamic != VORTEX_DYNAMIC_ALL) {
    /* Static1: the L0 most often best; Static2 also its most often best L1. */
    unsigned *l0s = vtc_xcalloc(nb + 1, sizeof *l0s);
    for (unsigned b = 0; b < nb; b++) l0s[b] = t->links.data[t->l2.data[l2i.data[w.best[b]]].link].l0;
    int l0 = most_frequent(l0s, nb);
    free(best);
    best = best_links(t, l0);
    vs.len = l2i.len = 0;
    variants_of(t, best, -1, &vs, &l2i);
    prune(t->hw, &vs, &l2i, bps, nb);
    free_winners(&w);
    find_winners(t->hw, &vs, bps, nb, &w);
    if (o->dynamic == VORTEX_DYNAMIC_NONE) {
      for (unsigned b = 0; b < nb; b++) l0s[b] = t->links.data[t->l2.data[l2i.data[w.best[b]]].link].l1;
      int l1 = most_frequent(l0s, nb);
      vs.len = l2i.len = 0;
      variants_of(t, best, l1, &vs, &l2i);
      free_winners(&w);
      find_winners(t->hw, &vs, bps, nb, &w);
    }
    free(l0s);
  }
  bool ok = vs.len > 0;
  if (ok) {
    unsigned *keep = vtc_xcalloc(limit + 1, sizeof *keep);
    *n = reduce(t->hw, &vs, bps, nb, &w, limit, keep);
    for (unsigned i = 0; i < *n; i++) out[i] = vs.data[keep[i]];
    free(keep);
  } else if (why && why_n) {
    snprintf(why, why_n, "no variant: the candidate table of %s is empty", t->hw->name);
  }
  free_winners(&w);
  VTC_VEC_FREE(&vs);
  VTC_VEC_FREE(&l2i);
  free(best);
  free(bps);
  return ok;
}

bool vortex_analyze(const vortex_candidates *t, const vortex_problem *shape, const vortex_analyze_options *o,
                    vortex_variant *out, unsigned max, unsigned *n, char *why, size_t why_n) {
  unsigned *best = best_links(t, -1);
  bool ok = analyze(t, best, shape, o, out, max, n, why, why_n);
  free(best);
  return ok;
}

/* ---- plans and their cache ------------------------------------------------------------------------ */

/* A candidate table (and its best links) per (hardware, types, options);
 * a plan per (table, sizes, analyzer options). Both are independent of
 * anything else, so equal keys give equal results. */
typedef struct table_entry {
  const vtc_hardware *hw;
  vtc_hw_dtype in, out;
  vortex_options options;
  bool ok;
  char why[200];
  vortex_candidates t;
  unsigned *best;
} table_entry;

typedef struct plan_entry {
  size_t table;
  vortex_problem shape;
  vortex_analyze_options options;
  bool ok;
  char why[200];
  unsigned n;
  vortex_variant vs[VORTEX_MAX_VARIANTS];
} plan_entry;

struct vortex_plan_cache {
  VTC_VEC(table_entry *) tables;
  VTC_VEC(plan_entry *) plans;
};

vortex_plan_cache *vortex_plan_cache_create(void) { return vtc_xcalloc(1, sizeof(vortex_plan_cache)); }

void vortex_plan_cache_destroy(vortex_plan_cache *c) {
  if (!c) return;
  for (size_t i = 0; i < c->tables.len; i++) {
    if (c->tables.data[i]->ok) vortex_candidates_free(&c->tables.data[i]->t);
    free(c->tables.data[i]->best);
    free(c->tables.data[i]);
  }
  for (size_t i = 0; i < c->plans.len; i++) free(c->plans.data[i]);
  VTC_VEC_FREE(&c->tables);
  VTC_VEC_FREE(&c->plans);
  free(c);
}

static bool same_options(const vortex_options *a, const vortex_options *b) {
  return a->backend == b->backend && a->multiples == b->multiples && a->util_min == b->util_min &&
         a->util_max == b->util_max && a->allow_tf32 == b->allow_tf32 && a->cuda_core_lanes_m == b->cuda_core_lanes_m &&
         a->cuda_core_stages == b->cuda_core_stages && a->cpu_nr_pow2 == b->cpu_nr_pow2 &&
         a->cpu_spare_registers == b->cpu_spare_registers;
}

static bool same_problem(const vortex_problem *a, const vortex_problem *b) {
  return a->batch == b->batch && a->m == b->m && a->n == b->n && a->k == b->k;
}

static bool same_analysis(const vortex_analyze_options *a, const vortex_analyze_options *b) {
  return a->max_variants == b->max_variants && a->dynamic == b->dynamic && a->sampled_lo == b->sampled_lo &&
         a->sampled_hi == b->sampled_hi;
}

static size_t table_for(vortex_plan_cache *c, const vtc_hardware *hw, vtc_hw_dtype in, vtc_hw_dtype out,
                        const vortex_options *o) {
  for (size_t i = 0; i < c->tables.len; i++) {
    table_entry *e = c->tables.data[i];
    if (e->hw == hw && e->in == in && e->out == out && same_options(&e->options, o)) return i;
  }
  table_entry *e = vtc_xcalloc(1, sizeof *e);
  e->hw = hw;
  e->in = in;
  e->out = out;
  e->options = *o;
  e->ok = vortex_generate(hw, in, out, o, &e->t, e->why, sizeof e->why);
  if (e->ok) e->best = best_links(&e->t, -1);
  VTC_VEC_PUSH(&c->tables, e);
  return c->tables.len - 1;
}

bool vortex_plan_cached(vortex_plan_cache *cache, const vortex_contraction *c, const vtc_hardware *hw,
                        const vortex_options *gen, const vortex_analyze_options *an, vortex_variant *out, unsigned *n,
                        char *why, size_t why_n) {
  vortex_options gdef = vortex_default_options();
  vortex_analyze_options adef = {0};
  if (!gen) gen = &gdef;
  if (!an) an = &adef;
  vortex_problem shape = vortex_problem_of(c);
  size_t ti = table_for(cache, hw, c->a.dtype, c->out_dtype, gen);
  plan_entry *p = NULL;
  for (size_t i = 0; i < cache->plans.len && !p; i++) {
    plan_entry *e = cache->plans.data[i];
    if (e->table == ti && same_problem(&e->shape, &shape) && same_analysis(&e->options, an)) p = e;
  }
  if (!p) {
    table_entry *t = cache->tables.data[ti];
    p = vtc_xcalloc(1, sizeof *p);
    p->table = ti;
    p->shape = shape;
    p->options = *an;
    if (t->ok) p->ok = analyze(&t->t, t->best, &shape, an, p->vs, VORTEX_MAX_VARIANTS, &p->n, p->why, sizeof p->why);
    else snprintf(p->why, sizeof p->why, "%s", t->why);
    VTC_VEC_PUSH(&cache->plans, p);
  }
  *n = p->ok ? p->n : 0;
  if (p->ok) memcpy(out, p->vs, p->n * sizeof *out);
  else if (why && why_n) snprintf(why, why_n, "%s", p->why);
  return p->ok;
}

const vortex_candidates *vortex_plan_cache_table(vortex_plan_cache *cache, const vtc_hardware *hw, vtc_hw_dtype in,
                                                 vtc_hw_dtype out, const vortex_options *gen, char *why, size_t why_n) {
  vortex_options gdef = vortex_default_options();
  size_t i = table_for(cache, hw, in, out, gen ? gen : &gdef); /* may grow the table vector */
  table_entry *e = cache->tables.data[i];
  if (!e->ok && why && why_n) snprintf(why, why_n, "%s", e->why);
  return e->ok ? &e->t : NULL;
}

bool vortex_plan(const vortex_contraction *c, const vtc_hardware *hw, const vortex_options *gen,
                 const vortex_analyze_options *an, vortex_variant *out, unsigned *n, char *why, size_t why_n) {
  vortex_plan_cache *cache = vortex_plan_cache_create();
  bool ok = vortex_plan_cached(cache, c, hw, gen, an, out, n, why, why_n);
  vortex_plan_cache_destroy(cache);
  return ok;
}

/* ---- the attribute ------------------------------------------------------------------------------- */

static const vtc_attr *ints(vtc_context *ctx, unsigned n, int64_t a, int64_t b, int64_t c) {
  int64_t v[3] = {a, b, c};
  return vtc_attr_i64_array(ctx, n, v);
}

static int cmp_named(const void *a, const void *b) {
  return strcmp(((const vtc_named_attr *)a)->name, ((const vtc_named_attr *)b)->name);
}

const vtc_attr *vortex_variants_attr(vtc_context *ctx, const vortex_variant *vs, unsigned n) {
  const vtc_attr **elems = vtc_xcalloc(n + 1, sizeof *elems);
  for (unsigned i = 0; i < n; i++) {
    const vortex_variant *v = &vs[i];
    vtc_named_attr e[] = {
        {vtc_str(ctx, "backend"), vtc_attr_cstring(ctx, vortex_backend_name(v->backend))},
        {vtc_str(ctx, "l0"), ints(ctx, 3, v->l0.m, v->l0.n, v->l0.k)},
        {vtc_str(ctx, "inst"), ints(ctx, 3, v->l0.inst_m, v->l0.inst_n, v->l0.inst_k)},
        {vtc_str(ctx, "lanes"), ints(ctx, 2, v->l0.lanes_m, v->l0.lanes_n, 0)},
        {vtc_str(ctx, "l1"), ints(ctx, 3, v->l1.m, v->l1.n, v->l1.k)},
        {vtc_str(ctx, "stages"), vtc_attr_i64(ctx, v->l1.stages)},
        {vtc_str(ctx, "split_k"), vtc_attr_i64(ctx, v->split_k)},
        {vtc_str(ctx, "units"), vtc_attr_i64(ctx, v->units)},
        {vtc_str(ctx, "registers"), vtc_attr_i64(ctx, v->registers)},
        {vtc_str(ctx, "shared"), vtc_attr_i64(ctx, v->shared_bytes)},
        {vtc_str(ctx, "occupancy"), vtc_attr_i64(ctx, v->occupancy)},
        {vtc_str(ctx, "elems"), ints(ctx, 3, v->elem_a, v->elem_b, v->elem_out)},
    };
    size_t ne = sizeof e / sizeof *e;
    qsort(e, ne, sizeof *e, cmp_named);
    elems[i] = vtc_attr_dictionary(ctx, (unsigned)ne, e);
  }
  const vtc_attr *a = vtc_attr_array(ctx, n, elems);
  free(elems);
  return a;
}

static bool get_int(const vtc_attr *d, const char *name, int64_t *out) {
  const vtc_attr *a = vtc_attr_dict_get(d, name);
  if (!a || a->kind != VTC_ATTR_INTEGER) return false;
  *out = a->i;
  return true;
}

static bool get_ints(const vtc_attr *d, const char *name, unsigned n, int64_t *out) {
  const vtc_attr *a = vtc_attr_dict_get(d, name);
  if (!a || a->kind != VTC_ATTR_ARRAY || a->count != n) return false;
  for (unsigned i = 0; i < n; i++) {
    const vtc_attr *e = a->elems[i].value;
    if (e->kind != VTC_ATTR_INTEGER) return false;
    out[i] = e->i;
  }
  return true;
}

static bool in_range(int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; }

static bool variant_from(const vtc_attr *d, vortex_variant *v) {
  const vtc_attr *be = vtc_attr_dict_get(d, "backend");
  int64_t l0[3], inst[3], lanes[2], l1[3], elems[3], stages, split, units, regs, shared, occ;
  if (d->kind != VTC_ATTR_DICTIONARY || !be || be->kind != VTC_ATTR_STRING || !get_ints(d, "l0", 3, l0) ||
      !get_ints(d, "inst", 3, inst) || !get_ints(d, "lanes", 2, lanes) || !get_ints(d, "l1", 3, l1) ||
      !get_ints(d, "elems", 3, elems) || !get_int(d, "stages", &stages) || !get_int(d, "split_k", &split) ||
      !get_int(d, "units", &units) || !get_int(d, "registers", &regs) || !get_int(d, "shared", &shared) ||
      !get_int(d, "occupancy", &occ))
    return false;
  int b = -1;
  for (int i = 0; i < VORTEX_NUM_BACKENDS; i++)
    if (strcmp(be->str, vortex_backend_name((vortex_backend)i)) == 0) b = i;
  const int64_t big = 1 << 20;
  for (int i = 0; i < 3; i++)
    if (!in_range(l0[i], 1, big) || !in_range(inst[i], 1, big) || !in_range(l1[i], 1, big) ||
        !in_range(elems[i], 1, 8))
      return false;
  if (b < 0 || !in_range(stages, 1, 16) || !in_range(split, 1, 1024) || !in_range(units, 1, 1024) ||
      !in_range(occ, 1, 1024) || !in_range(regs, 0, big) || !in_range(shared, 0, (int64_t)1 << 40) ||
      !in_range(lanes[0], 0, 1024) || !in_range(lanes[1], 0, 1024) || l1[2] % l0[2])
    return false;
  *v = (vortex_variant){
      .backend = (vortex_backend)b,
      .l0 = {(vortex_backend)b, (int)l0[0], (int)l0[1], (int)l0[2], (int)inst[0], (int)inst[1], (int)inst[2],
             (int)lanes[0], (int)lanes[1], (int)regs, 0},
      .l1 = {(vortex_backend)b, (int)l1[0], (int)l1[1], (int)l1[2], (int)stages},
      .split_k = (int)split, .units = (int)units, .registers = (int)regs, .shared_bytes = shared,
      .occupancy = (int)occ, .elem_a = (int)elems[0], .elem_b = (int)elems[1], .elem_out = (int)elems[2],
  };
  return true;
}

bool vortex_variants_from_attr(const vtc_attr *a, vortex_variant *out, unsigned max, unsigned *n) {
  *n = 0;
  if (!a || a->kind != VTC_ATTR_ARRAY || a->count == 0 || a->count > max) return false;
  for (unsigned i = 0; i < a->count; i++)
    if (!variant_from(a->elems[i].value, &out[i])) return false;
  *n = a->count;
  return true;
}
