/* --verify-diagnostics: expected-* annotations matched against the
 * diagnostics produced, following MLIR's SourceMgrDiagnosticVerifierHandler
 * (substring match, same severity and line; @above/@below skip lines that
 * hold annotations themselves); and --split-input-file's chunking. */
#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/support.h"
#include "ir/verify_diagnostics.h"

typedef struct expected_diag {
  vtc_severity severity;
  unsigned line;  /* absolute line of the expected diagnostic; 0 with unknown */
  bool unknown;   /* @unknown: a diagnostic without a file location */
  unsigned ann_line, ann_col; /* where the annotation is written */
  char *message;
  bool matched;
} expected_diag;

typedef struct captured_diag {
  vtc_severity severity;
  const vtc_loc *loc;
  char *message;
} captured_diag;

struct vtc_diag_verifier {
  vtc_context *ctx;
  const char *name; /* interned */
  vtc_diag_handler saved_handler;
  void *saved_data;
  bool annotation_errors;
  VTC_VEC(expected_diag) expected;
  VTC_VEC(captured_diag) captured;
};

static const char *const kSeverityNames[] = {"error", "warning", "remark", "note"};

static void capture(const vtc_diagnostic *diag, void *data) {
  vtc_diag_verifier *v = data;
  captured_diag c = {diag->severity, diag->loc, vtc_xstrdup(diag->message ? diag->message : "")};
  VTC_VEC_PUSH(&v->captured, c);
  for (const vtc_diagnostic *n = diag->notes; n; n = n->next) {
    captured_diag cn = {VTC_SEV_NOTE, n->loc ? n->loc : diag->loc, vtc_xstrdup(n->message ? n->message : "")};
    VTC_VEC_PUSH(&v->captured, cn);
  }
}

/* The next `expected-<severity>` in [p, end), or NULL; sets *sev and *after. */
static const char *find_designator(const char *p, const char *end, vtc_severity *sev, const char **after) {
  for (; p + 9 <= end; p++) {
    if (memcmp(p, "expected-", 9)) continue;
    for (int s = 0; s < 4; s++) {
      size_t n = strlen(kSeverityNames[s]);
      if (p + 9 + n <= end && !memcmp(p + 9, kSeverityNames[s], n)) {
        *sev = (vtc_severity)s;
        *after = p + 9 + n;
        return p;
      }
    }
  }
  return NULL;
}

typedef struct line_info {
  const char *start, *end;
} line_info;

static bool line_has_designator(const line_info *l) {
  vtc_severity sev;
  const char *after;
  return find_designator(l->start, l->end, &sev, &after) != NULL;
}

static void annotation_error(vtc_diag_verifier *v, unsigned line, unsigned col, const char *msg) {
  vtc_error(v->ctx, vtc_loc_file(v->ctx, v->name, line, col), "%s", msg);
  v->annotation_errors = true;
}

static void parse_annotations(vtc_diag_verifier *v, const char *text, size_t len, unsigned line_offset) {
  VTC_VEC(line_info) lines = {0};
  for (const char *p = text, *end = text + len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    line_info l = {p, nl ? nl : end};
    VTC_VEC_PUSH(&lines, l);
    p = nl ? nl + 1 : end;
  }
  for (size_t i = 0; i < lines.len; i++) {
    const char *p = lines.data[i].start, *end = lines.data[i].end;
    unsigned line = line_offset + (unsigned)i + 1;
    vtc_severity sev;
    const char *after;
    while ((p = find_designator(p, end, &sev, &after))) {
      unsigned col = (unsigned)(p - lines.data[i].start) + 1;
      expected_diag e = {sev, line, false, line, col, NULL, false};
      const char *q = after;
      if (q + 3 <= end && !memcmp(q, "-re", 3)) {
        annotation_error(v, line, col, "expected-*-re annotations (regular expressions) are not supported");
        p = after;
        continue;
      }
      while (q < end && *q == ' ') q++;
      bool ok = true;
      if (q < end && *q == '@') {
        q++;
        if (q < end && (*q == '+' || *q == '-')) {
          char sign = *q++;
          long n = 0;
          const char *digits = q;
          while (q < end && *q >= '0' && *q <= '9' && n < 1000000) n = n * 10 + (*q++ - '0');
          if (q == digits) {
            annotation_error(v, line, col, "expected a line offset after '@+' or '@-'");
            ok = false;
          } else if (sign == '-' && (unsigned long)n >= line) {
            annotation_error(v, line, col, "'@-' offset points before the start of the file");
            ok = false;
          } else {
            e.line = sign == '+' ? line + (unsigned)n : line - (unsigned)n;
          }
        } else if ((size_t)(end - q) >= 5 && !memcmp(q, "above", 5)) {
          q += 5;
          size_t k = i;
          while (k > 0 && line_has_designator(&lines.data[k - 1])) k--;
          if (k == 0) {
            annotation_error(v, line, col, "'@above' has no line without an annotation above it");
            ok = false;
          }
          e.line = line_offset + (unsigned)k; /* line k - 1, 1-based */
        } else if ((size_t)(end - q) >= 5 && !memcmp(q, "below", 5)) {
          q += 5;
          size_t k = i + 1;
          while (k < lines.len && line_has_designator(&lines.data[k])) k++;
          if (k >= lines.len) {
            annotation_error(v, line, col, "'@below' has no line without an annotation below it");
            ok = false;
          }
          e.line = line_offset + (unsigned)k + 1;
        } else if ((size_t)(end - q) >= 7 && !memcmp(q, "unknown", 7)) {
          q += 7;
          e.unknown = true;
          e.line = 0;
        } else {
          annotation_error(v, line, col, "expected '@+N', '@-N', '@above', '@below' or '@unknown'");
          ok = false;
        }
      }
      while (q < end && *q == ' ') q++;
      if (ok && !(q + 2 <= end && q[0] == '{' && q[1] == '{')) {
        annotation_error(v, line, col, "expected '{{' after the expected-* designator");
        ok = false;
      }
      const char *close = NULL;
      if (ok) {
        for (const char *c = q + 2; c + 2 <= end; c++)
          if (c[0] == '}' && c[1] == '}') close = c;
        if (!close) {
          annotation_error(v, line, col, "expected '}}' closing the expected message");
          ok = false;
        }
      }
      if (!ok) {
        p = after;
        continue;
      }
      size_t n = (size_t)(close - (q + 2));
      e.message = vtc_xmalloc(n + 1);
      memcpy(e.message, q + 2, n);
      e.message[n] = 0;
      VTC_VEC_PUSH(&v->expected, e);
      p = close + 2;
    }
  }
  VTC_VEC_FREE(&lines);
}

vtc_diag_verifier *vtc_diag_verifier_create(vtc_context *ctx, const char *name, const char *text, size_t len,
                                            unsigned line_offset) {
  vtc_diag_verifier *v = vtc_xcalloc(1, sizeof *v);
  v->ctx = ctx;
  v->name = vtc_str(ctx, name);
  parse_annotations(v, text, len, line_offset);
  vtc_context_get_diag_handler(ctx, &v->saved_handler, &v->saved_data);
  vtc_context_set_diag_handler(ctx, capture, v);
  return v;
}

static bool matches(const expected_diag *e, const captured_diag *c, const char *name) {
  if (e->matched || e->severity != c->severity) return false;
  const vtc_loc *fl = c->loc ? vtc_loc_file_of(c->loc) : NULL;
  if (e->unknown) {
    if (fl) return false;
  } else if (!fl || fl->line != e->line || !fl->name || strcmp(fl->name, name)) {
    return false;
  }
  return strstr(c->message, e->message) != NULL;
}

bool vtc_diag_verifier_finish(vtc_diag_verifier *v) {
  vtc_context *ctx = v->ctx;
  vtc_context_set_diag_handler(ctx, v->saved_handler, v->saved_data);
  bool ok = !v->annotation_errors;
  for (size_t i = 0; i < v->captured.len; i++) {
    captured_diag *c = &v->captured.data[i];
    bool found = false;
    for (size_t k = 0; k < v->expected.len && !found; k++) {
      if (matches(&v->expected.data[k], c, v->name)) v->expected.data[k].matched = found = true;
    }
    if (!found) {
      ok = false;
      vtc_error(ctx, c->loc ? c->loc : vtc_loc_unknown(ctx), "unexpected %s: %s", kSeverityNames[c->severity],
                c->message);
    }
  }
  for (size_t k = 0; k < v->expected.len; k++) {
    expected_diag *e = &v->expected.data[k];
    if (e->matched) continue;
    ok = false;
    vtc_error(ctx, vtc_loc_file(ctx, v->name, e->ann_line, e->ann_col), "expected %s \"%s\" was not produced",
              kSeverityNames[e->severity], e->message);
  }
  for (size_t i = 0; i < v->captured.len; i++) free(v->captured.data[i].message);
  for (size_t k = 0; k < v->expected.len; k++) free(v->expected.data[k].message);
  VTC_VEC_FREE(&v->captured);
  VTC_VEC_FREE(&v->expected);
  free(v);
  return ok;
}

/* ---- --split-input-file ------------------------------------------------- */

static bool is_split_marker(const char *line, const char *end) {
  while (line < end && (*line == ' ' || *line == '\t')) line++;
  return (size_t)(end - line) >= 8 && !memcmp(line, "// -----", 8);
}

size_t vtc_split_input(const char *buf, size_t len, vtc_input_chunk **chunks) {
  VTC_VEC(vtc_input_chunk) out = {0};
  const char *chunk_start = buf, *end = buf + len;
  unsigned line = 0, chunk_line = 0;
  for (const char *p = buf; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = nl ? nl : end;
    if (is_split_marker(p, line_end)) {
      vtc_input_chunk c = {chunk_start, (size_t)(p - chunk_start), chunk_line};
      VTC_VEC_PUSH(&out, c);
      chunk_start = nl ? nl + 1 : end;
      chunk_line = line + 1;
    }
    line++;
    p = nl ? nl + 1 : end;
  }
  vtc_input_chunk last = {chunk_start, (size_t)(end - chunk_start), chunk_line};
  VTC_VEC_PUSH(&out, last);
  *chunks = out.data;
  return out.len;
}
