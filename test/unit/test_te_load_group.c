/* Unit tests for dialects/te/load_group.c's map test (vtc_te_map_grouped):
 * each structural answer is checked against brute force (the map evaluated
 * over aligned groups of a dim), so a "grouped" that is wrong fails, and the
 * conservative "not grouped" answers are listed as such. */
#include "dialects/te/te.h"
#include "ir/affine.h"
#include "unit.h"

#include <stdlib.h>

static vtc_context *C;

static const vtc_affine_map *parse(const char *text) {
  const char *err = NULL;
  size_t off = 0;
  const vtc_affine_map *m = vtc_affine_map_parse(C, text, strlen(text), &err, &off);
  if (!m) fprintf(stderr, "parse of \"%s\" failed at %zu: %s\n", text, off, err);
  return m;
}

/* Whether every result is one value over each aligned group of `size` along
 * dim d, for dims in [0, 24) and symbols in [0, 5). */
static bool brute_grouped(const vtc_affine_map *m, unsigned d, int64_t size) {
  int64_t dims[4] = {0}, syms[2] = {0}, first[8], r[8];
  for (syms[0] = 0; syms[0] < 5; syms[0]++)
    for (int64_t other = 0; other < 24; other++)
      for (int64_t g = 0; g < 24 / size; g++)
        for (int64_t j = 0; j < size; j++) {
          for (unsigned i = 0; i < m->num_dims; i++) dims[i] = i == d ? g * size + j : other;
          if (!vtc_affine_map_eval(m, dims, syms, r)) return false;
          for (unsigned k = 0; k < m->num_results; k++) {
            if (j == 0) first[k] = r[k];
            else if (r[k] != first[k]) return false;
          }
        }
  return true;
}

typedef struct grouped_case {
  const char *map;
  unsigned dim;
  int64_t size;
  bool grouped;     /* vtc_te_map_grouped's answer */
  bool exact;       /* the answer is the truth (else a conservative "no") */
} grouped_case;

static const grouped_case cases[] = {
    {"(d0, d1) -> (d0 floordiv 4, d1)", 0, 4, true, true},       /* GQA: head / 4 */
    {"(d0, d1) -> (d0 floordiv 4, d1)", 0, 2, true, true},
    {"(d0, d1) -> (d0 floordiv 4, d1)", 0, 8, false, true},
    {"(d0, d1) -> (d0 floordiv 4, d1)", 1, 2, false, true},      /* d1 read per output */
    {"(d0, d1) -> (d1)", 0, 4, true, true},                       /* ignores d0 */
    {"(d0, d1) -> ((d0 + 8) floordiv 4)", 0, 4, true, true},      /* rest a multiple of 4 */
    {"(d0, d1) -> ((d0 * 2) floordiv 8)", 0, 4, true, true},      /* a size divides c */
    {"(d0, d1) -> ((d0 * 2) floordiv 8)", 0, 8, false, true},
    {"(d0, d1)[s0] -> ((d0 + s0 * 4) floordiv 4)", 0, 4, true, true},
    {"(d0, d1) -> ((d0 + 1) floordiv 4)", 0, 4, false, true},     /* misaligned */
    {"(d0, d1) -> ((d0 + 2) floordiv 4)", 0, 2, false, false},    /* true, but not proven */
    {"(d0, d1) -> (d0 mod 4)", 0, 2, false, true},
    {"(d0, d1) -> (d1 * 7 + d0 floordiv 7)", 0, 7, true, true},   /* 7:1 GQA */
    {"(d0, d1) -> (d0 floordiv 2 + d1)", 0, 4, false, true},
    {"(d0, d1) -> ((d0 floordiv 4) * 4 + d1)", 0, 4, true, true},
};

static void test_grouped(void) {
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const grouped_case *c = &cases[i];
    const vtc_affine_map *m = parse(c->map);
    CHECK(m != NULL);
    if (!m) continue;
    bool got = vtc_te_map_grouped(m, c->dim, c->size);
    if (got != c->grouped) fprintf(stderr, "case %zu: %s along d%u by %lld\n", i, c->map, c->dim, (long long)c->size);
    CHECK(got == c->grouped);
    /* Never claimed when false; exact answers agree with brute force. */
    bool truth = brute_grouped(m, c->dim, c->size);
    if (got) CHECK(truth);
    if (c->exact) CHECK(truth == got);
  }
}

int main(void) {
  C = vtc_context_create();
  UNIT_RUN(test_grouped);
  vtc_context_destroy(C);
  return UNIT_RESULT();
}
