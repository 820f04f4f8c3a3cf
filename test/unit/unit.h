/* A minimal unit-test harness: CHECK records a failure and continues, so one
 * run reports every broken expectation; main returns non-zero on failure. */
#ifndef VTC_TEST_UNIT_H
#define VTC_TEST_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_failures;
static int unit_checks;

#define CHECK(cond)                                                            \
  do {                                                                         \
    unit_checks++;                                                             \
    if (!(cond)) {                                                             \
      unit_failures++;                                                         \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_EQ_INT(a, b)                                                     \
  do {                                                                         \
    long long a_ = (long long)(a), b_ = (long long)(b);                        \
    unit_checks++;                                                             \
    if (a_ != b_) {                                                            \
      unit_failures++;                                                         \
      fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %lld, %s == %lld\n",      \
              __FILE__, __LINE__, #a, a_, #b, b_);                             \
    }                                                                          \
  } while (0)

#define CHECK_EQ_STR(a, b)                                                     \
  do {                                                                         \
    const char *a_ = (a), *b_ = (b);                                           \
    unit_checks++;                                                             \
    if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                   \
      unit_failures++;                                                         \
      fprintf(stderr, "%s:%d: CHECK_EQ_STR failed:\n  %s = \"%s\"\n  %s = \"%s\"\n", \
              __FILE__, __LINE__, #a, a_ ? a_ : "(null)", #b, b_ ? b_ : "(null)"); \
    }                                                                          \
  } while (0)

#define UNIT_RUN(fn)                                                           \
  do {                                                                         \
    int before_ = unit_failures;                                               \
    fn();                                                                      \
    printf("%s %s\n", unit_failures == before_ ? "PASS" : "FAIL", #fn);        \
  } while (0)

#define UNIT_RESULT()                                                          \
  (printf("%d checks, %d failed\n", unit_checks, unit_failures), unit_failures != 0)

#endif
