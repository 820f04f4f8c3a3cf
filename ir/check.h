/* Run-time checks: the relations that te.assert and gir.assert test between
 * two sizes, and the message templates they report (`{k}` stands for the
 * value of argument k). Shared by the graph dialect's shape rules, the te
 * and gir interpreters, gir-to-llvm and the runtimes, so that every target
 * prints the same text. Plain C: no context, no IR. */
#ifndef VTC_IR_CHECK_H
#define VTC_IR_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A relation between two signed 64-bit values a and b. */
typedef enum vtc_check_relation {
  VTC_CHECK_EQ,            /* a == b */
  VTC_CHECK_NE,            /* a != b */
  VTC_CHECK_SLT,           /* a < b (signed) */
  VTC_CHECK_SLE,           /* a <= b (signed) */
  VTC_CHECK_ULT,           /* a < b as unsigned: 0 <= a < b for b >= 0 (an index in range) */
  VTC_CHECK_ULE,           /* a <= b as unsigned */
  VTC_CHECK_BROADCASTABLE, /* a == b, or either is 1 (numpy broadcasting of one dimension) */
  VTC_CHECK_DIVISIBLE,     /* b divides a (b == 0: a == 0) */
  VTC_CHECK_NUM_RELATIONS
} vtc_check_relation;

/* The relation's name as written in IR ("eq", "ult", "broadcastable", ...)
 * and back; from_name returns false on an unknown name. */
const char *vtc_check_relation_name(vtc_check_relation r);
bool vtc_check_relation_from_name(const char *name, vtc_check_relation *out);
/* Whether a r b holds. */
bool vtc_check_holds(vtc_check_relation r, int64_t a, int64_t b);

/* The most arguments a message template may name. */
#define VTC_CHECK_MAX_ARGS 64

/* A template is text in which `{k}` (k a decimal argument number) stands for
 * argument k; any other brace is literal. Returns the highest k named plus
 * one (0 when none), or -1 when a placeholder names an argument past
 * VTC_CHECK_MAX_ARGS. */
int vtc_check_template_arity(const char *tmpl);
/* The template with each `{k}` replaced by args[k] in decimal (a k >= nargs
 * is kept as written). Heap, caller frees. */
char *vtc_check_format(const char *tmpl, const int64_t *args, unsigned nargs);

/* The template with each `{k}` (k < n) made `{map[k]}` (heap, caller
 * frees): for a message whose arguments are renumbered. */
char *vtc_check_renumber(const char *tmpl, const unsigned *map, unsigned n);

#endif
