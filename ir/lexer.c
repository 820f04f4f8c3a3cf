/* The lexer of the textual IR: a hand-written scanner over the buffer with a
 * character-class table, tracking lines as it skips whitespace (strings and
 * comments never span lines), so token locations are free. */
#include "ir/lexer.h"

#include <string.h>

#include "ir/support.h"

#define ID_START (VTC_LEX_ID_START | VTC_LEX_ID_CHAR | VTC_LEX_SUFFIX_CHAR)
#define HEXLETTER (ID_START | VTC_LEX_HEX)
#define DIGIT (VTC_LEX_ID_CHAR | VTC_LEX_SUFFIX_CHAR | VTC_LEX_DIGIT | VTC_LEX_HEX)

const unsigned char vtc_lex_char_class[256] = {
    ['a' ... 'f'] = HEXLETTER,
    ['g' ... 'z'] = ID_START,
    ['A' ... 'F'] = HEXLETTER,
    ['G' ... 'Z'] = ID_START,
    ['_'] = ID_START,
    ['0' ... '9'] = DIGIT,
    ['$'] = VTC_LEX_ID_CHAR | VTC_LEX_SUFFIX_CHAR,
    ['.'] = VTC_LEX_ID_CHAR | VTC_LEX_SUFFIX_CHAR,
    ['-'] = VTC_LEX_SUFFIX_CHAR,
};

#define CLASS(c) vtc_lex_char_class[(unsigned char)(c)]

void vtc_lexer_init(vtc_lexer *lx, const char *buf, size_t len) {
  lx->buf = lx->cur = lx->line_start = buf;
  lx->end = buf + len;
  lx->line = 1;
  lx->error = NULL;
  lx->error_pos = NULL;
}

void vtc_lexer_reset(vtc_lexer *lx, const char *pos, uint32_t line, const char *line_start) {
  lx->cur = pos;
  lx->line = line;
  lx->line_start = line_start;
}

void vtc_lexer_line_col(const vtc_lexer *lx, const char *pos, uint32_t *line, uint32_t *col) {
  const char *from = lx->buf;
  uint32_t l = 1;
  if (pos >= lx->line_start) {
    from = lx->line_start;
    l = lx->line;
  }
  const char *ls = from;
  for (const char *p = from; p < pos && p < lx->end; p++)
    if (*p == '\n') {
      l++;
      ls = p + 1;
    }
  *line = l;
  *col = (uint32_t)(pos - ls) + 1;
}

bool vtc_tok_is_keyword(const vtc_token *t, const char *kw) {
  if (t->kind != VTC_TOK_BARE_ID) return false;
  size_t n = strlen(kw);
  return t->len == n && memcmp(t->start, kw, n) == 0;
}

static vtc_token make(vtc_lexer *lx, vtc_tok_kind kind, const char *start) {
  vtc_token t;
  t.kind = kind;
  t.line = lx->line;
  t.col = (uint32_t)(start - lx->line_start) + 1;
  t.start = start;
  t.len = (size_t)(lx->cur - start);
  return t;
}

static vtc_token error_at(vtc_lexer *lx, const char *start, const char *pos, const char *msg) {
  lx->error = msg;
  lx->error_pos = pos;
  vtc_token t = make(lx, VTC_TOK_ERROR, start);
  if (pos >= lx->line_start) t.col = (uint32_t)(pos - lx->line_start) + 1;
  return t;
}

/* A string literal; cur is just past the opening quote. */
static vtc_token lex_string(vtc_lexer *lx, const char *start, vtc_tok_kind kind) {
  const char *p = lx->cur, *end = lx->end;
  for (;;) {
    if (p >= end || *p == '\n' || *p == '\r') {
      lx->cur = p;
      return error_at(lx, start, start, "expected '\"' in string literal");
    }
    char c = *p++;
    if (c == '"') break;
    if (c == '\\') {
      if (p < end && (*p == '"' || *p == '\\' || *p == 'n' || *p == 't')) {
        p++;
      } else if (p + 1 < end && (CLASS(p[0]) & VTC_LEX_HEX) && (CLASS(p[1]) & VTC_LEX_HEX)) {
        p += 2;
      } else {
        lx->cur = p;
        return error_at(lx, start, p - 1, "unknown escape in string literal");
      }
    }
  }
  lx->cur = p;
  return make(lx, kind, start);
}

static vtc_token lex_number(vtc_lexer *lx, const char *start) {
  const char *p = lx->cur, *end = lx->end;
  /* cur points past the first digit. */
  if (start[0] == '0' && p + 1 < end && p[0] == 'x' && (CLASS(p[1]) & VTC_LEX_HEX)) {
    p++;
    while (p < end && (CLASS(*p) & VTC_LEX_HEX)) p++;
    lx->cur = p;
    return make(lx, VTC_TOK_INTEGER, start);
  }
  while (p < end && (CLASS(*p) & VTC_LEX_DIGIT)) p++;
  if (p >= end || *p != '.') {
    lx->cur = p;
    return make(lx, VTC_TOK_INTEGER, start);
  }
  p++;
  while (p < end && (CLASS(*p) & VTC_LEX_DIGIT)) p++;
  if (p < end && (*p == 'e' || *p == 'E')) {
    const char *q = p + 1;
    if (q < end && (*q == '+' || *q == '-')) q++;
    if (q < end && (CLASS(*q) & VTC_LEX_DIGIT)) {
      while (q < end && (CLASS(*q) & VTC_LEX_DIGIT)) q++;
      p = q;
    }
  }
  lx->cur = p;
  return make(lx, VTC_TOK_FLOAT, start);
}

/* `%`, `^`, `#`, `!` followed by a suffix-id: [0-9]+ or [a-zA-Z$._-][a-zA-Z0-9$._-]*. */
static vtc_token lex_prefixed(vtc_lexer *lx, const char *start, vtc_tok_kind kind, const char *what) {
  const char *p = lx->cur, *end = lx->end;
  if (p < end && (CLASS(*p) & VTC_LEX_DIGIT)) {
    while (p < end && (CLASS(*p) & VTC_LEX_DIGIT)) p++;
  } else if (p < end && (CLASS(*p) & VTC_LEX_SUFFIX_CHAR)) {
    while (p < end && (CLASS(*p) & VTC_LEX_SUFFIX_CHAR)) p++;
  } else {
    lx->cur = p;
    return error_at(lx, start, start, what);
  }
  lx->cur = p;
  return make(lx, kind, start);
}

vtc_token vtc_lexer_next(vtc_lexer *lx) {
  const char *p = lx->cur, *end = lx->end;
  /* Whitespace and comments; the only place newlines are crossed. */
  for (;;) {
    if (p >= end) break;
    char c = *p;
    if (c == ' ' || c == '\t' || c == '\r') {
      p++;
    } else if (c == '\n') {
      p++;
      lx->line++;
      lx->line_start = p;
    } else if (c == '/' && p + 1 < end && p[1] == '/') {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl : end;
    } else {
      break;
    }
  }
  const char *start = p;
  if (p >= end) {
    lx->cur = p;
    return make(lx, VTC_TOK_EOF, start);
  }
  char c = *p++;
  lx->cur = p;
  unsigned cls = CLASS(c);
  if (cls & VTC_LEX_ID_START) {
    while (p < end && (CLASS(*p) & VTC_LEX_ID_CHAR)) p++;
    lx->cur = p;
    return make(lx, VTC_TOK_BARE_ID, start);
  }
  if (cls & VTC_LEX_DIGIT) return lex_number(lx, start);
  switch (c) {
  case '(': return make(lx, VTC_TOK_LPAREN, start);
  case ')': return make(lx, VTC_TOK_RPAREN, start);
  case '{':
    if (p + 1 < end && p[0] == '-' && p[1] == '#') {
      lx->cur = p + 2;
      return make(lx, VTC_TOK_FILE_METADATA_BEGIN, start);
    }
    return make(lx, VTC_TOK_LBRACE, start);
  case '}': return make(lx, VTC_TOK_RBRACE, start);
  case '[': return make(lx, VTC_TOK_LSQUARE, start);
  case ']': return make(lx, VTC_TOK_RSQUARE, start);
  case '<': return make(lx, VTC_TOK_LESS, start);
  case '>': return make(lx, VTC_TOK_GREATER, start);
  case ':': return make(lx, VTC_TOK_COLON, start);
  case ',': return make(lx, VTC_TOK_COMMA, start);
  case '=': return make(lx, VTC_TOK_EQUAL, start);
  case '+': return make(lx, VTC_TOK_PLUS, start);
  case '?': return make(lx, VTC_TOK_QUESTION, start);
  case '*': return make(lx, VTC_TOK_STAR, start);
  case '|': return make(lx, VTC_TOK_VBAR, start);
  case '-':
    if (p < end && *p == '>') {
      lx->cur = p + 1;
      return make(lx, VTC_TOK_ARROW, start);
    }
    return make(lx, VTC_TOK_MINUS, start);
  case '"': return lex_string(lx, start, VTC_TOK_STRING);
  case '%': return lex_prefixed(lx, start, VTC_TOK_PERCENT_ID, "invalid SSA name");
  case '^': return lex_prefixed(lx, start, VTC_TOK_CARET_ID, "invalid block name");
  case '#':
    if (p + 1 < end && p[0] == '-' && p[1] == '}') {
      lx->cur = p + 2;
      return make(lx, VTC_TOK_FILE_METADATA_END, start);
    }
    return lex_prefixed(lx, start, VTC_TOK_HASH_ID, "invalid attribute name");
  case '!': return lex_prefixed(lx, start, VTC_TOK_BANG_ID, "invalid type identifier");
  case '@':
    if (p < end && *p == '"') {
      lx->cur = p + 1;
      return lex_string(lx, start, VTC_TOK_AT_ID);
    }
    if (p < end && (CLASS(*p) & VTC_LEX_ID_START)) {
      while (p < end && (CLASS(*p) & VTC_LEX_ID_CHAR)) p++;
      lx->cur = p;
      return make(lx, VTC_TOK_AT_ID, start);
    }
    return error_at(lx, start, start, "@ identifier expected to start with letter or '_'");
  default:
    return error_at(lx, start, start, "unexpected character");
  }
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

bool vtc_lex_unescape(const char *s, size_t len, vtc_strbuf *out, const char **error, const char **error_pos) {
  const char *end = s + len;
  while (s < end) {
    const char *bs = memchr(s, '\\', (size_t)(end - s));
    if (!bs) {
      vtc_strbuf_append(out, s, (size_t)(end - s));
      break;
    }
    vtc_strbuf_append(out, s, (size_t)(bs - s));
    s = bs + 1;
    if (s < end && (*s == '"' || *s == '\\')) {
      vtc_strbuf_putc(out, *s++);
    } else if (s < end && *s == 'n') {
      vtc_strbuf_putc(out, '\n');
      s++;
    } else if (s < end && *s == 't') {
      vtc_strbuf_putc(out, '\t');
      s++;
    } else if (s + 1 < end && (CLASS(s[0]) & VTC_LEX_HEX) && (CLASS(s[1]) & VTC_LEX_HEX)) {
      vtc_strbuf_putc(out, (char)(hex_value(s[0]) * 16 + hex_value(s[1])));
      s += 2;
    } else {
      *error = "unknown escape in string literal";
      *error_pos = bs;
      return false;
    }
  }
  return true;
}
