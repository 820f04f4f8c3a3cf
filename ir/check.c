/* Run-time check relations and message templates (check.h). */
#include "ir/check.h"

#include <stdlib.h>
#include <string.h>

#include "ir/support.h"

static bool holds_eq(int64_t a, int64_t b) { return a == b; }
static bool holds_ne(int64_t a, int64_t b) { return a != b; }
static bool holds_slt(int64_t a, int64_t b) { return a < b; }
static bool holds_sle(int64_t a, int64_t b) { return a <= b; }
static bool holds_ult(int64_t a, int64_t b) { return (uint64_t)a < (uint64_t)b; }
static bool holds_ule(int64_t a, int64_t b) { return (uint64_t)a <= (uint64_t)b; }
static bool holds_broadcastable(int64_t a, int64_t b) { return a == b || a == 1 || b == 1; }
/* INT64_MIN % -1 would trap: -1 divides everything. */
static bool holds_divisible(int64_t a, int64_t b) { return b == 0 ? a == 0 : b == -1 || a % b == 0; }

static const struct {
  const char *name;
  bool (*holds)(int64_t a, int64_t b);
} kRelations[VTC_CHECK_NUM_RELATIONS] = {
    [VTC_CHECK_EQ] = {"eq", holds_eq},
    [VTC_CHECK_NE] = {"ne", holds_ne},
    [VTC_CHECK_SLT] = {"slt", holds_slt},
    [VTC_CHECK_SLE] = {"sle", holds_sle},
    [VTC_CHECK_ULT] = {"ult", holds_ult},
    [VTC_CHECK_ULE] = {"ule", holds_ule},
    [VTC_CHECK_BROADCASTABLE] = {"broadcastable", holds_broadcastable},
    [VTC_CHECK_DIVISIBLE] = {"divisible", holds_divisible},
};

const char *vtc_check_relation_name(vtc_check_relation r) {
  return (unsigned)r < VTC_CHECK_NUM_RELATIONS ? kRelations[r].name : "?";
}

bool vtc_check_relation_from_name(const char *name, vtc_check_relation *out) {
  for (unsigned i = 0; name && i < VTC_CHECK_NUM_RELATIONS; i++)
    if (strcmp(name, kRelations[i].name) == 0) {
      *out = (vtc_check_relation)i;
      return true;
    }
  return false;
}

bool vtc_check_holds(vtc_check_relation r, int64_t a, int64_t b) {
  return (unsigned)r < VTC_CHECK_NUM_RELATIONS && kRelations[r].holds(a, b);
}

/* If s starts a placeholder `{k}`, its argument number (else -1) and where
 * it ends; numbers past VTC_CHECK_MAX_ARGS give -2. */
static int placeholder(const char *s, const char **end) {
  if (s[0] != '{' || s[1] < '0' || s[1] > '9') return -1;
  long k = 0;
  const char *p = s + 1;
  while (*p >= '0' && *p <= '9') {
    if (k <= VTC_CHECK_MAX_ARGS) k = k * 10 + (*p - '0');
    p++;
  }
  if (*p != '}') return -1;
  *end = p + 1;
  return k < VTC_CHECK_MAX_ARGS ? (int)k : -2;
}

int vtc_check_template_arity(const char *tmpl) {
  int arity = 0;
  for (const char *s = tmpl; *s;) {
    const char *end;
    int k = placeholder(s, &end);
    if (k == -2) return -1;
    if (k < 0) {
      s++;
      continue;
    }
    if (k + 1 > arity) arity = k + 1;
    s = end;
  }
  return arity;
}

char *vtc_check_format(const char *tmpl, const int64_t *args, unsigned nargs) {
  vtc_strbuf out = {0};
  vtc_strbuf_puts(&out, "");
  for (const char *s = tmpl; *s;) {
    const char *end;
    int k = placeholder(s, &end);
    if (k >= 0 && (unsigned)k < nargs) {
      vtc_strbuf_printf(&out, "%lld", (long long)args[k]);
      s = end;
    } else {
      vtc_strbuf_putc(&out, *s++);
    }
  }
  return vtc_strbuf_take(&out);
}

char *vtc_check_renumber(const char *tmpl, const unsigned *map, unsigned n) {
  vtc_strbuf out = {0};
  vtc_strbuf_puts(&out, "");
  for (const char *s = tmpl; *s;) {
    const char *end;
    int k = placeholder(s, &end);
    if (k >= 0 && (unsigned)k < n) {
      vtc_strbuf_printf(&out, "{%u}", map[k]);
      s = end;
    } else {
      vtc_strbuf_putc(&out, *s++);
    }
  }
  return vtc_strbuf_take(&out);
}
