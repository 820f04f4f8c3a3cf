/* Textual pass pipelines, MLIR's --pass-pipeline syntax:
 *   pipeline ::= element (',' element)*
 *   element  ::= pass-name ('{' options '}')? | op-name '(' pipeline? ')'
 *   options  ::= (key ('=' value)?)*   separated by spaces; value: word, `"quoted"`,
 *                `'quoted'`, `{...}` or `1,2,3` for lists; a bare key sets a bool.
 * Every error is a diagnostic at `<pass-pipeline>:1:COL`, COL counting from 1. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/pass_impl.h"

/* ---- options: values ------------------------------------------------------ */

const char *pm_option_type_name(const vtc_pass_option *opt) {
  switch ((vtc_option_type)opt->type) {
  case VTC_OPTION_BOOL: return "bool";
  case VTC_OPTION_INT: return "int";
  case VTC_OPTION_STRING: return "string";
  case VTC_OPTION_ENUM: return "enum";
  case VTC_OPTION_INT_LIST: return "int-list";
  }
  return "?";
}

static bool parse_int(const char *s, size_t n, int64_t *out) {
  char buf[64];
  if (n == 0 || n >= sizeof buf) return false;
  memcpy(buf, s, n);
  buf[n] = 0;
  const char *p = buf;
  bool neg = false;
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) base = 16, p += 2;
  if (!isxdigit((unsigned char)*p)) return false;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(p, &end, base);
  if (*end || errno == ERANGE) return false;
  if (neg ? v > (unsigned long long)INT64_MAX + 1 : v > (unsigned long long)INT64_MAX) return false;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
}

/* Converts the (unquoted) text of a value into the option's storage. On
 * failure returns a static description of what was expected. */
static const char *store_value(vtc_context *ctx, const vtc_pass_option *opt, const char *s, size_t n,
                               void *options) {
  unsigned char *slot = (unsigned char *)options + opt->offset;
  switch ((vtc_option_type)opt->type) {
  case VTC_OPTION_BOOL: {
    bool v;
    if ((n == 4 && !strncmp(s, "true", 4)) || (n == 1 && s[0] == '1')) v = true;
    else if ((n == 5 && !strncmp(s, "false", 5)) || (n == 1 && s[0] == '0')) v = false;
    else return "expected 'true' or 'false'";
    memcpy(slot, &v, sizeof v);
    return NULL;
  }
  case VTC_OPTION_INT: {
    int64_t v;
    if (!parse_int(s, n, &v)) return "expected a 64-bit integer";
    memcpy(slot, &v, sizeof v);
    return NULL;
  }
  case VTC_OPTION_STRING: {
    const char *v = vtc_strn(ctx, s, n);
    memcpy(slot, &v, sizeof v);
    return NULL;
  }
  case VTC_OPTION_ENUM: {
    for (int i = 0; opt->choices && opt->choices[i]; i++) {
      if (strlen(opt->choices[i]) == n && !strncmp(opt->choices[i], s, n)) {
        memcpy(slot, &i, sizeof i);
        return NULL;
      }
    }
    return "expected one of the choices";
  }
  case VTC_OPTION_INT_LIST: {
    if (n >= 2 && s[0] == '{' && s[n - 1] == '}') s++, n -= 2;
    vtc_int_list list = {0, NULL};
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += s[i] == ',';
    bool blank = true;
    for (size_t i = 0; i < n; i++) blank &= s[i] == ' ';
    if (!blank) count++;
    int64_t *values = count ? vtc_context_alloc(ctx, count * sizeof *values) : NULL;
    size_t start = 0;
    for (size_t k = 0; k < count; k++) {
      size_t end = start;
      while (end < n && s[end] != ',') end++;
      size_t a = start, b = end;
      while (a < b && s[a] == ' ') a++;
      while (b > a && s[b - 1] == ' ') b--;
      if (!parse_int(s + a, b - a, &values[k])) return "expected a comma-separated list of integers";
      start = end + 1;
    }
    list.count = (unsigned)count;
    list.values = values;
    memcpy(slot, &list, sizeof list);
    return NULL;
  }
  }
  return "unknown option type";
}

/* A word can be printed bare when it cannot be mistaken for syntax. */
static bool is_bare_word(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && !strchr("_.-+/:@#$%^&*<>[]!?~", *s)) return false;
  return true;
}

static void print_value(const vtc_pass_option *opt, const void *options, vtc_strbuf *out) {
  const unsigned char *slot = (const unsigned char *)options + opt->offset;
  switch ((vtc_option_type)opt->type) {
  case VTC_OPTION_BOOL: {
    bool v;
    memcpy(&v, slot, sizeof v);
    vtc_strbuf_puts(out, v ? "true" : "false");
    break;
  }
  case VTC_OPTION_INT: {
    int64_t v;
    memcpy(&v, slot, sizeof v);
    vtc_strbuf_printf(out, "%lld", (long long)v);
    break;
  }
  case VTC_OPTION_STRING: {
    const char *v;
    memcpy(&v, slot, sizeof v);
    if (!v) v = "";
    if (is_bare_word(v)) {
      vtc_strbuf_puts(out, v);
      break;
    }
    vtc_strbuf_putc(out, '"');
    for (; *v; v++) {
      if (*v == '"' || *v == '\\') vtc_strbuf_putc(out, '\\');
      vtc_strbuf_putc(out, *v);
    }
    vtc_strbuf_putc(out, '"');
    break;
  }
  case VTC_OPTION_ENUM: {
    int v;
    memcpy(&v, slot, sizeof v);
    vtc_strbuf_puts(out, opt->choices && v >= 0 ? opt->choices[v] : "?");
    break;
  }
  case VTC_OPTION_INT_LIST: {
    vtc_int_list v;
    memcpy(&v, slot, sizeof v);
    if (v.count == 0) vtc_strbuf_puts(out, "{}");
    for (unsigned i = 0; i < v.count; i++)
      vtc_strbuf_printf(out, "%s%lld", i ? "," : "", (long long)v.values[i]);
    break;
  }
  }
}

static int num_options(const vtc_pass_def *def) {
  int n = 0;
  while (def->options && def->options[n].name) n++;
  return n;
}

void pm_print_options(const vtc_pass_def *def, const void *options, vtc_strbuf *out) {
  int n = num_options(def);
  if (n == 0) return;
  /* Sorted by name: a selection over the (short) table. */
  const vtc_pass_option *prev = NULL;
  vtc_strbuf_putc(out, '{');
  for (int k = 0; k < n; k++) {
    const vtc_pass_option *best = NULL;
    for (int i = 0; i < n; i++) {
      const vtc_pass_option *o = &def->options[i];
      if (prev && strcmp(o->name, prev->name) <= 0) continue;
      if (!best || strcmp(o->name, best->name) < 0) best = o;
    }
    if (k) vtc_strbuf_putc(out, ' ');
    vtc_strbuf_printf(out, "%s=", best->name);
    print_value(best, options, out);
    prev = best;
  }
  vtc_strbuf_putc(out, '}');
}

pm_elem *pm_elem_create_pass(vtc_context *ctx, const vtc_pass_def *def) {
  pm_elem *e = vtc_xcalloc(1, sizeof *e);
  e->def = def;
  if (def->options_size) e->options = vtc_xcalloc(1, def->options_size);
  for (int i = 0; i < num_options(def); i++) {
    const vtc_pass_option *o = &def->options[i];
    const char *d = o->default_value ? o->default_value : "";
    /* A malformed default is the pass author's bug; the option stays zero
     * rather than aborting the tool (the registry unit test checks them). */
    if (o->type == VTC_OPTION_STRING) {
      const char *v = vtc_str(ctx, d);
      memcpy((char *)e->options + o->offset, &v, sizeof v);
    } else if (o->default_value) {
      (void)store_value(ctx, o, d, strlen(d), e->options);
    }
  }
  unsigned ns = 0;
  while (def->statistics && def->statistics[ns]) ns++;
  e->num_stats = ns;
  if (ns) e->stats = vtc_xcalloc(ns, sizeof *e->stats);
  return e;
}

void pm_pipeline_free(pm_pipeline *pl) {
  for (size_t i = 0; i < pl->elems.len; i++) {
    pm_elem *e = pl->elems.data[i];
    if (e->nested) {
      pm_pipeline_free(e->nested);
      free(e->nested);
    }
    free(e->options);
    free(e->stats);
    free(e);
  }
  VTC_VEC_FREE(&pl->elems);
}

void pm_print_elem(const pm_elem *e, vtc_strbuf *out) {
  if (e->nested) {
    pm_print_pipeline(e->nested, out);
    return;
  }
  vtc_strbuf_puts(out, e->def->name);
  pm_print_options(e->def, e->options, out);
}

void pm_print_pipeline(const pm_pipeline *pl, vtc_strbuf *out) {
  vtc_strbuf_printf(out, "%s(", pl->anchor);
  for (size_t i = 0; i < pl->elems.len; i++) {
    if (i) vtc_strbuf_putc(out, ',');
    pm_print_elem(pl->elems.data[i], out);
  }
  vtc_strbuf_putc(out, ')');
}

/* ---- the pipeline parser -------------------------------------------------- */

typedef struct pparser {
  vtc_pass_manager *pm;
  vtc_context *ctx;
  const char *name; /* buffer name for locations */
  const char *text;
  size_t pos, len;
  bool auto_nest;
  bool source_added;
} pparser;

static bool perror_at(pparser *p, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool perror_at(pparser *p, size_t pos, const char *fmt, ...) {
  if (!p->source_added) {
    /* The context keeps a pointer to the text: give it an interned copy. */
    const char *copy = vtc_strn(p->ctx, p->text, p->len);
    vtc_context_add_source(p->ctx, p->name, copy, p->len);
    p->source_added = true;
  }
  const vtc_loc *loc = vtc_loc_file(p->ctx, p->name, 1, (unsigned)pos + 1);
  va_list ap;
  va_start(ap, fmt);
  vtc_diag_emit(vtc_diag_vbegin(p->ctx, VTC_SEV_ERROR, loc, fmt, ap));
  va_end(ap);
  return false;
}

static void skip_ws(pparser *p) {
  while (p->pos < p->len && isspace((unsigned char)p->text[p->pos])) p->pos++;
}

static bool is_name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-'; }

static char peek(pparser *p) { return p->pos < p->len ? p->text[p->pos] : 0; }

/* A quoted value starting at s[i] (quote char q): returns the index just past
 * the closing quote, or 0 when unterminated. Unescapes into out. */
static size_t read_quoted(const char *s, size_t i, size_t n, vtc_strbuf *out) {
  char q = s[i++];
  while (i < n && s[i] != q) {
    if (q == '"' && s[i] == '\\' && i + 1 < n) i++;
    vtc_strbuf_putc(out, s[i++]);
  }
  return i < n ? i + 1 : 0;
}

static const vtc_pass_option *find_option(const vtc_pass_def *def, const char *key, size_t n) {
  for (int i = 0; i < num_options(def); i++)
    if (strlen(def->options[i].name) == n && !strncmp(def->options[i].name, key, n)) return &def->options[i];
  return NULL;
}

static void list_choices(const vtc_pass_option *opt, vtc_strbuf *out) {
  for (int i = 0; opt->choices && opt->choices[i]; i++)
    vtc_strbuf_printf(out, "%s'%s'", i ? ", " : "", opt->choices[i]);
}

/* Parses the options between `{` and `}` (text[start, end)) into e. */
static bool parse_options(pparser *p, pm_elem *e, size_t start, size_t end) {
  const vtc_pass_def *def = e->def;
  const char *s = p->text;
  bool seen[64] = {0};
  size_t i = start;
  vtc_strbuf value = {0};
  bool ok = true;
  while (ok) {
    while (i < end && isspace((unsigned char)s[i])) i++;
    if (i >= end) break;
    size_t key = i;
    while (i < end && s[i] != '=' && !isspace((unsigned char)s[i])) i++;
    if (i == key) {
      ok = perror_at(p, key, "expected an option name before '=' in the options of '%s'", def->name);
      break;
    }
    const vtc_pass_option *opt = find_option(def, s + key, i - key);
    if (!opt) {
      vtc_strbuf names = {0};
      for (int k = 0; k < num_options(def); k++)
        vtc_strbuf_printf(&names, "%s%s", k ? ", " : "", def->options[k].name);
      ok = perror_at(p, key, "unknown option '%.*s' for pass '%s' (%s%s)", (int)(i - key), s + key, def->name,
                     names.len ? "its options: " : "it has no options", names.len ? names.data : "");
      vtc_strbuf_free(&names);
      break;
    }
    int index = (int)(opt - def->options);
    if (index < 64 && seen[index]) {
      ok = perror_at(p, key, "option '%s' of pass '%s' is given more than once", opt->name, def->name);
      break;
    }
    if (index < 64) seen[index] = true;
    vtc_strbuf_clear(&value);
    size_t vpos = i;
    if (i < end && s[i] == '=') {
      vpos = ++i;
      if (i < end && (s[i] == '"' || s[i] == '\'')) {
        size_t after = read_quoted(s, i, end, &value);
        if (!after) {
          ok = perror_at(p, i, "unterminated quoted value for option '%s' of pass '%s'", opt->name, def->name);
          break;
        }
        i = after;
      } else if (i < end && s[i] == '{') {
        int depth = 0;
        size_t open = i;
        for (; i < end; i++) {
          depth += s[i] == '{';
          if (s[i] == '}' && --depth == 0) break;
        }
        if (i >= end) {
          ok = perror_at(p, open, "missing '}' closing the value of option '%s'", opt->name);
          break;
        }
        i++;
        vtc_strbuf_append(&value, s + open, i - open);
      } else {
        while (i < end && !isspace((unsigned char)s[i])) i++;
        vtc_strbuf_append(&value, s + vpos, i - vpos);
      }
      if (i < end && !isspace((unsigned char)s[i])) {
        ok = perror_at(p, i, "expected a space after the value of option '%s'", opt->name);
        break;
      }
    } else if (opt->type == VTC_OPTION_BOOL) {
      vtc_strbuf_puts(&value, "true");
    } else {
      ok = perror_at(p, key, "option '%s' of pass '%s' needs a value (%s=<%s>)", opt->name, def->name, opt->name,
                     pm_option_type_name(opt));
      break;
    }
    const char *why = store_value(p->ctx, opt, value.data ? value.data : "", value.len, e->options);
    if (why) {
      vtc_strbuf choices = {0};
      if (opt->type == VTC_OPTION_ENUM) list_choices(opt, &choices);
      ok = perror_at(p, vpos, "invalid value '%s' for option '%s' of pass '%s': %s%s%s", value.data ? value.data : "",
                     opt->name, def->name, why, choices.len ? ": " : "", choices.len ? choices.data : "");
      vtc_strbuf_free(&choices);
    }
  }
  vtc_strbuf_free(&value);
  return ok;
}

static bool parse_list(pparser *p, pm_pipeline *pl, int depth);

static bool parse_alias(pparser *p, pm_pipeline *pl, pm_elem *e, size_t name_pos, int depth);

/* Adds a parsed pass to pl, nesting it when allowed and needed. */
static bool add_pass(pparser *p, pm_pipeline *pl, pm_elem *e, size_t name_pos, int depth) {
  if (e->def->expand) return parse_alias(p, pl, e, name_pos, depth);
  const char *anchor = e->def->anchor;
  if (!anchor || !strcmp(anchor, pl->anchor)) {
    VTC_VEC_PUSH(&pl->elems, e);
    return true;
  }
  if (p->auto_nest) {
    pm_elem *last = pl->elems.len ? pl->elems.data[pl->elems.len - 1] : NULL;
    if (!last || !last->nested || strcmp(last->nested->anchor, anchor)) {
      last = vtc_xcalloc(1, sizeof *last);
      last->nested = vtc_xcalloc(1, sizeof *last->nested);
      last->nested->anchor = vtc_str(p->ctx, anchor);
      VTC_VEC_PUSH(&pl->elems, last);
    }
    VTC_VEC_PUSH(&last->nested->elems, e);
    return true;
  }
  perror_at(p, name_pos, "can't run '%s' pass on '%s' ops: it is anchored on '%s' ops (did you mean '%s(%s)'?)",
            e->def->name, pl->anchor, anchor, anchor, e->def->name);
  pm_pipeline tmp = {0};
  VTC_VEC_PUSH(&tmp.elems, e);
  pm_pipeline_free(&tmp);
  return false;
}

static bool parse_element(pparser *p, pm_pipeline *pl, int depth) {
  skip_ws(p);
  size_t start = p->pos;
  while (p->pos < p->len && is_name_char(p->text[p->pos])) p->pos++;
  size_t name_len = p->pos - start;
  if (name_len == 0) {
    if (p->pos >= p->len) return perror_at(p, start, "expected a pass name or an op name, found the end of the pipeline");
    return perror_at(p, start, "expected a pass name or an op name, found '%c'", p->text[start]);
  }
  const char *name = vtc_strn(p->ctx, p->text + start, name_len);
  skip_ws(p);
  if (peek(p) == '(') {
    size_t open = p->pos++;
    if (vtc_context_lookup_pass(p->ctx, name))
      return perror_at(p, start, "'%s' is a pass, not an op name: only ops hold nested pipelines", name);
    if (!strchr(name, '.'))
      return perror_at(p, start, "'%s' is not an op name (expected 'dialect.op') to nest a pipeline on", name);
    if (depth >= 30) return perror_at(p, start, "pipeline nested too deeply");
    pm_elem *e = vtc_xcalloc(1, sizeof *e);
    e->nested = vtc_xcalloc(1, sizeof *e->nested);
    e->nested->anchor = name;
    VTC_VEC_PUSH(&pl->elems, e);
    if (!parse_list(p, e->nested, depth + 1)) return false;
    skip_ws(p);
    if (peek(p) != ')') {
      if (p->pos >= p->len)
        return perror_at(p, p->pos, "expected ')' closing the pipeline of '%s' opened at column %zu", name, open + 1);
      return perror_at(p, p->pos, "expected ',' or ')' in the pipeline of '%s', found '%c'", name, peek(p));
    }
    p->pos++;
    return true;
  }
  const vtc_pass_def *def = vtc_context_lookup_pass(p->ctx, name);
  if (!def) return perror_at(p, start, "'%s' does not refer to a registered pass (see --list-passes)", name);
  pm_elem *e = pm_elem_create_pass(p->ctx, def);
  if (peek(p) == '{') {
    size_t open = p->pos, i = p->pos + 1;
    int nest = 1;
    char quote = 0;
    size_t quote_pos = 0;
    for (; i < p->len; i++) {
      char c = p->text[i];
      if (quote) {
        if (c == '\\' && quote == '"') i++;
        else if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
        quote_pos = i;
      } else if (c == '{') {
        nest++;
      } else if (c == '}' && --nest == 0) {
        break;
      }
    }
    if (i >= p->len) {
      pm_pipeline tmp = {0};
      VTC_VEC_PUSH(&tmp.elems, e);
      pm_pipeline_free(&tmp);
      if (quote) return perror_at(p, quote_pos, "unterminated quoted value in the options of '%s'", name);
      return perror_at(p, open, "missing '}' closing the options of '%s'", name);
    }
    bool ok = parse_options(p, e, open + 1, i);
    p->pos = i + 1;
    if (!ok) {
      pm_pipeline tmp = {0};
      VTC_VEC_PUSH(&tmp.elems, e);
      pm_pipeline_free(&tmp);
      return false;
    }
  }
  return add_pass(p, pl, e, start, depth);
}

/* A pipeline alias: its expansion, parsed in place of it (consumes e). */
static bool parse_alias(pparser *p, pm_pipeline *pl, pm_elem *e, size_t name_pos, int depth) {
  pm_pipeline tmp = {0};
  VTC_VEC_PUSH(&tmp.elems, e);
  if (depth >= 30) {
    pm_pipeline_free(&tmp);
    return perror_at(p, name_pos, "pipeline alias '%s' expands too deeply", e->def->name);
  }
  vtc_strbuf text = {0};
  e->def->expand(e->options, &text);
  char name[160];
  snprintf(name, sizeof name, "<pipeline alias '%s'>", e->def->name);
  pparser sub = {p->pm, p->ctx, vtc_str(p->ctx, name), vtc_str(p->ctx, text.data ? text.data : ""), 0, text.len,
                 p->auto_nest, false};
  bool ok = parse_list(&sub, pl, depth + 1);
  skip_ws(&sub);
  if (ok && sub.pos < sub.len) ok = perror_at(&sub, sub.pos, "unexpected '%c' in the expansion", peek(&sub));
  vtc_strbuf_free(&text);
  pm_pipeline_free(&tmp);
  return ok;
}

static bool parse_list(pparser *p, pm_pipeline *pl, int depth) {
  skip_ws(p);
  /* An empty list: `func.func()` or an empty pipeline string. */
  if (p->pos >= p->len || peek(p) == ')') return true;
  for (;;) {
    if (!parse_element(p, pl, depth)) return false;
    skip_ws(p);
    if (peek(p) != ',') return true;
    p->pos++;
  }
}

bool pm_parse_into(vtc_pass_manager *pm, pm_pipeline *into, const char *buffer_name, const char *text,
                   bool auto_nest) {
  pparser p = {pm, pm->ctx, buffer_name, text, 0, strlen(text), auto_nest, false};
  /* Parse into a scratch pipeline so a failure leaves the manager as it was. */
  pm_pipeline scratch = {into->anchor, {0}};
  bool ok = parse_list(&p, &scratch, 0);
  if (ok) {
    skip_ws(&p);
    if (p.pos < p.len) {
      if (peek(&p) == ')') ok = perror_at(&p, p.pos, "unbalanced ')' in the pipeline");
      else ok = perror_at(&p, p.pos, "expected ',' or the end of the pipeline, found '%c'", peek(&p));
    }
  }
  if (!ok) {
    pm_pipeline_free(&scratch);
    return false;
  }
  /* `anchor(...)` alone is the anchor's own pipeline, not a nest in it. */
  pm_pipeline *src = &scratch;
  pm_elem *only = scratch.elems.len == 1 ? scratch.elems.data[0] : NULL;
  if (only && only->nested && only->nested->anchor == into->anchor && !auto_nest) src = only->nested;
  for (size_t i = 0; i < src->elems.len; i++) {
    pm_elem *e = src->elems.data[i];
    pm_elem *last = into->elems.len ? into->elems.data[into->elems.len - 1] : NULL;
    /* Flag form: consecutive passes nested on the same op share one nest
     * (the same thing, as nested pipelines run pass by pass). */
    if (auto_nest && e->nested && last && last->nested && last->nested->anchor == e->nested->anchor) {
      for (size_t k = 0; k < e->nested->elems.len; k++) VTC_VEC_PUSH(&last->nested->elems, e->nested->elems.data[k]);
      e->nested->elems.len = 0;
      src->elems.data[i] = NULL;
      pm_pipeline_free(e->nested);
      free(e->nested);
      free(e);
      continue;
    }
    VTC_VEC_PUSH(&into->elems, e);
  }
  src->elems.len = 0;
  pm_pipeline_free(&scratch);
  return true;
}
