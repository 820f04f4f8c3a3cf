/* The lexer of the textual IR (private to ir/): splits a buffer into MLIR's
 * tokens, tracking line and column incrementally so that every token's
 * location costs nothing extra. A token is a slice of the buffer. */
#ifndef VTC_IR_LEXER_H
#define VTC_IR_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum vtc_tok_kind {
  VTC_TOK_EOF,
  VTC_TOK_ERROR,      /* the lexer's message is in lexer.error */
  VTC_TOK_BARE_ID,    /* foo, foo.bar, i32, x8xf32 */
  VTC_TOK_PERCENT_ID, /* %foo, %0 */
  VTC_TOK_CARET_ID,   /* ^bb0 */
  VTC_TOK_AT_ID,      /* @foo or @"quoted" */
  VTC_TOK_HASH_ID,    /* #foo, #foo.bar */
  VTC_TOK_BANG_ID,    /* !foo, !foo.bar */
  VTC_TOK_INTEGER,    /* 123, 0x1F */
  VTC_TOK_FLOAT,      /* 1.5, 1.0e-3 */
  VTC_TOK_STRING,     /* "..." (quotes included in the slice) */
  VTC_TOK_LPAREN,
  VTC_TOK_RPAREN,
  VTC_TOK_LBRACE,
  VTC_TOK_RBRACE,
  VTC_TOK_LSQUARE,
  VTC_TOK_RSQUARE,
  VTC_TOK_LESS,
  VTC_TOK_GREATER,
  VTC_TOK_COLON,
  VTC_TOK_COMMA,
  VTC_TOK_EQUAL,
  VTC_TOK_ARROW,
  VTC_TOK_MINUS,
  VTC_TOK_PLUS,
  VTC_TOK_QUESTION,
  VTC_TOK_STAR,
  VTC_TOK_VBAR,
  VTC_TOK_FILE_METADATA_BEGIN, /* {-# */
  VTC_TOK_FILE_METADATA_END,   /* #-} */
} vtc_tok_kind;

typedef struct vtc_token {
  vtc_tok_kind kind;
  uint32_t line; /* 1-based, within the buffer */
  uint32_t col;  /* 1-based, in bytes */
  const char *start;
  size_t len;
} vtc_token;

typedef struct vtc_lexer {
  const char *buf, *end, *cur;
  uint32_t line;          /* line of cur */
  const char *line_start; /* first byte of cur's line */
  const char *error;      /* message of the last VTC_TOK_ERROR */
  const char *error_pos;  /* where it points */
} vtc_lexer;

void vtc_lexer_init(vtc_lexer *lx, const char *buf, size_t len);
vtc_token vtc_lexer_next(vtc_lexer *lx);
/* Restarts lexing at pos, which must lie on the current line or later on the
 * line of a token already returned (used to split `4x8xf32` after the `x`). */
void vtc_lexer_reset(vtc_lexer *lx, const char *pos, uint32_t line, const char *line_start);
/* Line and column of any position in the buffer (slow path: for errors). */
void vtc_lexer_line_col(const vtc_lexer *lx, const char *pos, uint32_t *line, uint32_t *col);

/* The name a token spells: without the sigil for %, ^, #, ! and @ ids (and
 * without quotes for @"..."); `*quoted` tells the caller to unescape. */
static inline bool vtc_tok_is(const vtc_token *t, vtc_tok_kind k) { return t->kind == k; }
bool vtc_tok_is_keyword(const vtc_token *t, const char *kw);

/* Characters of bare identifiers: [a-zA-Z0-9_$.] and the first [a-zA-Z_]. */
extern const unsigned char vtc_lex_char_class[256];
enum { VTC_LEX_ID_START = 1, VTC_LEX_ID_CHAR = 2, VTC_LEX_SUFFIX_CHAR = 4, VTC_LEX_DIGIT = 8, VTC_LEX_HEX = 16 };

/* Unescapes the contents of a string literal (slice without quotes) into
 * out; false with an error message and position on a bad escape. */
struct vtc_strbuf;
bool vtc_lex_unescape(const char *s, size_t len, struct vtc_strbuf *out, const char **error,
                      const char **error_pos);

#endif
