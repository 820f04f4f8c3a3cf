/* For the differential unit tests: run a function on every .mlir input of a
 * folder of the source tree, in name order. The source root is found from
 * this header's own path (CMake compiles with absolute paths). */
#ifndef VTC_TEST_MLIR_INPUTS_H
#define VTC_TEST_MLIR_INPUTS_H

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/support.h"

static inline int unit_compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sanitizer builds set VTC_TEST_SAMPLE=N (CMakeLists.txt): a differential
 * suite then runs only the inputs whose name hashes (FNV-1a) to 0 mod N, a
 * fixed third with N = 3, as cpu_check.py samples its cases: under ASan
 * these suites were most of the run, and each input mostly repeats paths
 * its neighbours take. The default build runs every input. */
static inline bool unit_sampled(const char *name) {
  const char *env = getenv("VTC_TEST_SAMPLE");
  long n = env ? strtol(env, NULL, 10) : 1;
  if (n <= 1) return true;
  uint32_t h = 2166136261u;
  for (const char *c = name; *c; c++) h = (h ^ (unsigned char)*c) * 16777619u;
  return h % (uint32_t)n == 0;
}

/* Calls fn on each *.mlir file in rel_dir (relative to the source root)
 * whose name contains pattern (NULL: any), does not start with "invalid"
 * (expected-error tests) and is sampled (unit_sampled). Returns how many it ran, or -1 when the folder
 * cannot be read: callers count 0 or -1 as a failure, so a moved folder
 * cannot make a test pass by running nothing. */
static inline int unit_for_each_mlir(const char *rel_dir, const char *pattern, void (*fn)(const char *path)) {
  char root[4096];
  snprintf(root, sizeof root, "%s", __FILE__);
  char *cut = strstr(root, "test/unit/mlir_inputs.h");
  if (cut) *cut = 0;
  else snprintf(root, sizeof root, "./");
  char dir[8192];
  snprintf(dir, sizeof dir, "%s%s", root, rel_dir);
  DIR *d = opendir(dir);
  if (!d) return -1;
  VTC_VEC(char *) names = {0};
  for (struct dirent *e; (e = readdir(d));) {
    size_t l = strlen(e->d_name);
    if (l > 5 && strcmp(e->d_name + l - 5, ".mlir") == 0 && (!pattern || strstr(e->d_name, pattern)) &&
        strncmp(e->d_name, "invalid", 7) != 0 && unit_sampled(e->d_name))
      VTC_VEC_PUSH(&names, vtc_xstrdup(e->d_name));
  }
  closedir(d);
  if (names.len) qsort(names.data, names.len, sizeof *names.data, unit_compare_names);
  for (size_t i = 0; i < names.len; i++) {
    char path[12288];
    snprintf(path, sizeof path, "%s/%s", dir, names.data[i]);
    fn(path);
    free(names.data[i]);
  }
  int n = (int)names.len;
  VTC_VEC_FREE(&names);
  return n;
}

#endif
