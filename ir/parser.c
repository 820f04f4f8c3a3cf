/* The parser of the textual IR: the top level (aliases, the implicit module),
 * operations in generic and custom form, regions, blocks and SSA names with
 * forward references, scoped as MLIR scopes them (per isolated region). */
#include <stdlib.h>
#include <string.h>

#include "ir/context_impl.h"
#include "ir/parser_impl.h"

/* ---- name maps ------------------------------------------------------------ */

const char name_tombstone[] = "";

uint32_t name_hash(const char *s, size_t len) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return h;
}

name_entry *name_map_find(const name_map *m, const char *key, uint32_t len, uint32_t hash) {
  if (!m->cap) return NULL;
  uint32_t mask = m->cap - 1;
  for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
    name_entry *e = &m->entries[i];
    if (!e->key) return NULL;
    if (e->key != NAME_TOMBSTONE && e->hash == hash && e->len == len && memcmp(e->key, key, len) == 0) return e;
  }
}

static void name_map_rehash(name_map *m, uint32_t cap) {
  name_entry *old = m->entries;
  uint32_t old_cap = m->cap;
  m->entries = vtc_xcalloc(cap, sizeof *m->entries);
  m->cap = cap;
  m->used = m->live;
  for (uint32_t i = 0; i < old_cap; i++) {
    if (!old[i].key || old[i].key == NAME_TOMBSTONE) continue;
    uint32_t j = old[i].hash & (cap - 1);
    while (m->entries[j].key) j = (j + 1) & (cap - 1);
    m->entries[j] = old[i];
  }
  free(old);
}

name_entry *name_map_insert(name_map *m, const char *key, uint32_t len, uint32_t hash) {
  if ((m->used + 1) * 8 > m->cap * 7) {
    uint32_t cap = m->cap ? m->cap : 16;
    while ((m->live + 1) * 2 > cap) cap *= 2;
    name_map_rehash(m, cap);
  }
  uint32_t mask = m->cap - 1, i = hash & mask;
  while (m->entries[i].key && m->entries[i].key != NAME_TOMBSTONE) i = (i + 1) & mask;
  if (!m->entries[i].key) m->used++;
  m->live++;
  name_entry *e = &m->entries[i];
  memset(e, 0, sizeof *e);
  e->key = key;
  e->len = len;
  e->hash = hash;
  return e;
}

void name_map_remove(name_map *m, name_entry *e) {
  e->key = NAME_TOMBSTONE;
  e->value = NULL;
  m->live--;
}

void name_map_free(name_map *m) {
  free(m->entries);
  memset(m, 0, sizeof *m);
}

/* Values with several result slots keep them in a heap array. */
static vtc_value *slot_get(const name_entry *e, uint32_t i) {
  if (i >= e->count) return NULL;
  return e->count == 1 ? (vtc_value *)e->value : ((vtc_value **)e->value)[i];
}

static void slot_set(name_entry *e, uint32_t i, vtc_value *v) {
  if (e->count <= 1 && i == 0) {
    e->value = v;
    e->count = 1;
    return;
  }
  if (e->count <= 1) {
    vtc_value **arr = vtc_xcalloc(i + 1, sizeof *arr);
    if (e->count == 1) arr[0] = e->value;
    e->value = arr;
    e->count = i + 1;
  } else if (i >= e->count) {
    vtc_value **arr = vtc_xrealloc(e->value, (i + 1) * sizeof *arr);
    memset(arr + e->count, 0, (i + 1 - e->count) * sizeof *arr);
    e->value = arr;
    e->count = i + 1;
  }
  ((vtc_value **)e->value)[i] = v;
}

static void slot_free(name_entry *e) {
  if (e->count > 1) free(e->value);
  e->value = NULL;
  e->count = 0;
}

static void value_map_free(name_map *m) {
  for (uint32_t i = 0; i < m->cap; i++)
    if (m->entries[i].key && m->entries[i].key != NAME_TOMBSTONE) slot_free(&m->entries[i]);
  name_map_free(m);
}

/* ---- tokens and errors ---------------------------------------------------- */

const vtc_loc *parser_tok_loc(vtc_parser *p, const vtc_token *t) {
  /* p->filename is interned: no re-interning for every op. */
  return vtc_loc_file_interned(p->ctx, p->filename, t->line + p->line_offset, t->col);
}

const vtc_loc *parser_ptr_loc(vtc_parser *p, const char *pos) {
  vtc_token t = {0};
  vtc_lexer_line_col(&p->lex, pos, &t.line, &t.col);
  return parser_tok_loc(p, &t);
}

bool parser_error_at(vtc_parser *p, const vtc_token *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_diagnostic *d = vtc_diag_vbegin(p->ctx, VTC_SEV_ERROR, parser_tok_loc(p, t), fmt, ap);
  va_end(ap);
  vtc_diag_emit(d);
  return false;
}

static bool lex_error(vtc_parser *p) {
  return vtc_error(p->ctx, parser_ptr_loc(p, p->lex.error_pos), "%s", p->lex.error);
}

/* Where a wrong-token error goes, as MLIR's emitWrongTokenError: a token
 * that starts its line (or the end of the file) reports at the end of the
 * previous line that has code, so `expected ')'` points where it is missing. */
static const char *wrong_token_pos(vtc_parser *p) {
  const char *buf = p->lex.buf, *cur = p->tok.start;
  if (p->tok.kind == VTC_TOK_EOF && cur > buf) cur--;
  const char *orig = cur, *s = cur;
  for (;;) {
    while (s > buf && (s[-1] == ' ' || s[-1] == '\t')) s--;
    if (s == buf) return orig;
    if (s[-1] != '\n' && s[-1] != '\r') return s;
    s--;
    /* A `//` comment on the previous line: report before it. */
    const char *line = s;
    while (line > buf && line[-1] != '\n' && line[-1] != '\r') line--;
    for (const char *c = line; c + 1 < s; c++)
      if (c[0] == '/' && c[1] == '/') {
        s = c;
        break;
      }
  }
}

bool parser_enter(vtc_parser *p) {
  if (++p->depth > VTC_PARSER_MAX_DEPTH) {
    p->depth--;
    return parser_error_at(p, &p->tok, "nesting too deep (more than %d levels)", VTC_PARSER_MAX_DEPTH);
  }
  return true;
}

bool parser_expected(vtc_parser *p, const char *what) {
  if (p->tok.kind == VTC_TOK_ERROR) return lex_error(p);
  const vtc_loc *loc = parser_ptr_loc(p, wrong_token_pos(p));
  if (p->tok.kind == VTC_TOK_EOF) return vtc_error(p->ctx, loc, "expected %s, found end of file", what);
  return vtc_error(p->ctx, loc, "expected %s", what);
}

bool parser_expect(vtc_parser *p, vtc_tok_kind kind, const char *what) {
  if (p->tok.kind != kind) return parser_expected(p, what);
  parser_advance(p);
  return true;
}

bool parser_consume_if(vtc_parser *p, vtc_tok_kind kind) {
  if (p->tok.kind != kind) return false;
  parser_advance(p);
  return true;
}

bool parser_string_value(vtc_parser *p, const vtc_token *t, const char **out) {
  const char *s = t->start + 1, *e = t->start + t->len - 1;
  if (t->kind == VTC_TOK_AT_ID) s++;
  if (!memchr(s, '\\', (size_t)(e - s))) {
    *out = vtc_strn(p->ctx, s, (size_t)(e - s));
    return true;
  }
  vtc_strbuf_clear(&p->scratch);
  const char *err = NULL, *pos = NULL;
  if (!vtc_lex_unescape(s, (size_t)(e - s), &p->scratch, &err, &pos))
    return vtc_error(p->ctx, parser_ptr_loc(p, pos), "%s", err);
  *out = vtc_strn(p->ctx, p->scratch.data ? p->scratch.data : "", p->scratch.len);
  return true;
}

bool parser_token_u64(const vtc_token *t, uint64_t *out) {
  uint64_t v = 0;
  const char *s = t->start, *e = t->start + t->len;
  if (t->len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    for (s += 2; s < e; s++) {
      unsigned d = *s <= '9' ? (unsigned)(*s - '0') : (unsigned)((*s | 0x20) - 'a' + 10);
      if (v >> 60) return false;
      v = v * 16 + d;
    }
  } else {
    for (; s < e; s++) {
      unsigned d = (unsigned)(*s - '0');
      if (v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
  }
  *out = v;
  return true;
}

bool parser_pretty_body(vtc_parser *p, const char **body, size_t *len, const vtc_token *at) {
  /* The lexer stands right after the identifier; the body is raw text with
   * balanced brackets, strings kept whole and `->` not closing anything. */
  vtc_lexer *lx = &p->lex;
  const char *s = lx->cur, *end = lx->end;
  uint32_t line = lx->line;
  const char *line_start = lx->line_start;
  char stack[64];
  int depth = 0;
  const char *q = s + 1; /* past '<' */
  stack[depth++] = '>';
  while (depth > 0) {
    if (q >= end) return parser_error_at(p, at, "unbalanced '<' in pretty dialect name: unexpected end of file");
    char c = *q++;
    switch (c) {
    case '<': case '(': case '[': case '{':
      if (depth == (int)sizeof stack) return parser_error_at(p, at, "pretty dialect name nested too deeply");
      stack[depth++] = c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
      break;
    case '-':
      if (q < end && *q == '>') q++; /* `->` closes nothing */
      break;
    case '>': case ')': case ']': case '}':
      if (stack[depth - 1] != c)
        return vtc_error(p->ctx, parser_ptr_loc(p, q - 1), "unbalanced '%c' character in pretty dialect name", c);
      depth--;
      break;
    case '"':
      while (q < end && *q != '"' && *q != '\n') q += (*q == '\\' && q + 1 < end) ? 2 : 1;
      if (q >= end || *q != '"') return vtc_error(p->ctx, parser_ptr_loc(p, q), "expected '\"' in string literal");
      q++;
      break;
    case '\n':
      line++;
      line_start = q;
      break;
    default:
      break;
    }
  }
  *body = s + 1;
  *len = (size_t)(q - 1 - (s + 1));
  vtc_lexer_reset(lx, q, line, line_start);
  parser_advance(p);
  return true;
}

/* ---- SSA values ---------------------------------------------------------- */

static name_map *value_scope(vtc_parser *p) { return &p->value_scopes.data[p->value_scopes.len - 1]; }

static char *type_str(const vtc_type *t) { return vtc_type_to_string(t); }

static const vtc_loc *lazy_loc(vtc_parser *p, const vtc_loc *loc, const vtc_token *tok) {
  return loc ? loc : parser_tok_loc(p, tok);
}

bool parser_resolve_value(vtc_parser *p, const char *name, uint32_t len, uint32_t number,
                          const vtc_type *type, const vtc_loc *loc, const vtc_token *tok, vtc_value **out) {
  name_map *m = value_scope(p);
  uint32_t h = name_hash(name, len);
  name_entry *e = name_map_find(m, name, len, h);
  vtc_value *v = e ? slot_get(e, number) : NULL;
  if (v) {
    if (v->type != type) {
      char *a = type_str(type), *b = type_str(v->type);
      vtc_diagnostic *d = vtc_diag_begin(p->ctx, VTC_SEV_ERROR, lazy_loc(p, loc, tok),
                                         "use of value '%%%.*s' expects different type than prior uses: '%s' vs '%s'",
                                         (int)len, name, a, b);
      if (is_placeholder(v)) vtc_diag_note(d, ((fwd_value *)v)->loc, "prior use here");
      vtc_diag_emit(d);
      free(a);
      free(b);
      return false;
    }
    *out = v;
    return true;
  }
  fwd_value *f = vtc_xcalloc(1, sizeof *f);
  f->v.type = type;
  f->loc = lazy_loc(p, loc, tok);
  f->name = name;
  f->len = len;
  f->number = number;
  f->index = p->fwds.len;
  VTC_VEC_PUSH(&p->fwds, f);
  if (!e) e = name_map_insert(m, name, len, h);
  slot_set(e, number, &f->v);
  *out = &f->v;
  return true;
}

bool parser_define_values(vtc_parser *p, const char *name, uint32_t len, vtc_value **values, unsigned count,
                          const vtc_loc *loc, const vtc_token *tok) {
  name_map *m = value_scope(p);
  uint32_t h = name_hash(name, len);
  name_entry *e = name_map_find(m, name, len, h);
  if (e) {
    for (uint32_t i = 0; i < e->count; i++) {
      vtc_value *v = slot_get(e, i);
      if (v && !is_placeholder(v)) return vtc_error(p->ctx, lazy_loc(p, loc, tok), "redefinition of SSA value '%%%.*s'", (int)len, name);
    }
    for (uint32_t i = 0; i < e->count; i++) {
      fwd_value *f = (fwd_value *)slot_get(e, i);
      if (!f) continue;
      /* A value of a region is not visible before the region: the use may
       * belong to the op that holds it (te.compute's symbols), which is
       * created only after its regions, so resolving it would leave that
       * operand on the placeholder. */
      if (f->index < p->region_fwd_mark)
        return vtc_error(p->ctx, f->loc, "use of SSA value '%%%.*s' outside the region that defines it", (int)len,
                         name);
      if (i >= count) return vtc_error(p->ctx, f->loc, "reference to invalid result number");
      if (f->v.type != values[i]->type) {
        char *a = type_str(values[i]->type), *b = type_str(f->v.type);
        vtc_diagnostic *d = vtc_diag_begin(p->ctx, VTC_SEV_ERROR, lazy_loc(p, loc, tok), "definition of SSA value '%%%.*s#%u' has type '%s'",
                                           (int)len, name, i, a);
        vtc_diag_note(d, f->loc, "previously used here with type '%s'", b);
        vtc_diag_emit(d);
        free(a);
        free(b);
        return false;
      }
      vtc_value_replace_all_uses(&f->v, values[i]);
      f->resolved = true;
    }
    slot_free(e);
  } else {
    e = name_map_insert(m, name, len, h);
  }
  if (count == 1) {
    e->value = values[0];
    e->count = 1;
  } else {
    vtc_value **arr = vtc_xmalloc(count * sizeof *arr);
    memcpy(arr, values, count * sizeof *arr);
    e->value = arr;
    e->count = count;
  }
  /* Names of isolated regions die with their map; only nested regions need
   * to remember what to take out when they close. */
  if (p->track_defs) VTC_VEC_PUSH(&p->defs, ((name_def){name, len, h}));
  return true;
}

/* Isolated scopes get a fresh map; every region records a mark in defs so
 * that names it defined disappear when it closes. */
static void push_isolated_scope(vtc_parser *p) {
  name_map m = {0};
  VTC_VEC_PUSH(&p->value_scopes, m);
  VTC_VEC_PUSH(&p->fwd_marks, p->fwds.len);
}

static bool pop_isolated_scope(vtc_parser *p, bool ok) {
  size_t mark = p->fwd_marks.data[--p->fwd_marks.len];
  for (size_t i = mark; ok && i < p->fwds.len; i++) {
    fwd_value *f = p->fwds.data[i];
    if (!f->resolved) {
      ok = vtc_error(p->ctx, f->loc, "use of undeclared SSA value name '%%%.*s'", (int)f->len, f->name);
      break;
    }
  }
  value_map_free(value_scope(p));
  p->value_scopes.len--;
  return ok;
}

static void pop_region_defs(vtc_parser *p, size_t mark) {
  name_map *m = value_scope(p);
  for (size_t i = p->defs.len; i-- > mark;) {
    name_def d = p->defs.data[i];
    name_entry *e = name_map_find(m, d.key, d.len, d.hash);
    if (!e) continue;
    /* Keep entries that still hold forward references of outer uses. */
    bool keep = false;
    for (uint32_t j = 0; j < e->count; j++) {
      vtc_value *v = slot_get(e, j);
      if (v && is_placeholder(v)) keep = true;
    }
    if (keep) continue;
    slot_free(e);
    name_map_remove(m, e);
  }
  p->defs.len = mark;
}

/* ---- blocks --------------------------------------------------------------- */

typedef struct block_ref {
  vtc_block *block;
  const vtc_loc *use;
  bool defined;
} block_ref;

static name_map *block_scope(vtc_parser *p) { return &p->block_scopes.data[p->block_scopes.len - 1]; }

static block_ref *block_lookup(vtc_parser *p, const vtc_token *t) {
  name_map *m = block_scope(p);
  const char *name = t->start + 1;
  uint32_t len = (uint32_t)t->len - 1, h = name_hash(name, len);
  name_entry *e = name_map_find(m, name, len, h);
  if (e) return e->value;
  block_ref *r = vtc_xcalloc(1, sizeof *r);
  r->block = vtc_block_create();
  e = name_map_insert(m, name, len, h);
  e->value = r;
  return r;
}

/* `^bb1` as a successor: forward references create the block. */
static bool parse_successor(vtc_parser *p, vtc_block **out) {
  if (p->tok.kind != VTC_TOK_CARET_ID) return parser_expected(p, "block name");
  if (p->block_scopes.len <= 1) return parser_error_at(p, &p->tok, "successors are only valid inside a region");
  block_ref *r = block_lookup(p, &p->tok);
  if (!r->defined && !r->use) r->use = parser_tok_loc(p, &p->tok);
  *out = r->block;
  parser_advance(p);
  return true;
}

bool vtc_parse_successor(vtc_parser *p, vtc_block **block) { return parse_successor(p, block); }

/* Closes a region's block scope: undefined blocks are errors (and freed). */
static bool pop_block_scope(vtc_parser *p, bool ok) {
  name_map *m = block_scope(p);
  for (uint32_t i = 0; i < m->cap; i++) {
    name_entry *e = &m->entries[i];
    if (!e->key || e->key == NAME_TOMBSTONE) continue;
    block_ref *r = e->value;
    if (!r->defined) {
      if (ok) ok = vtc_error(p->ctx, r->use, "reference to an undefined block");
      vtc_block_destroy(r->block);
    }
    free(r);
  }
  name_map_free(m);
  p->block_scopes.len--;
  return ok;
}

/* A block argument's location, as MLIR's parser gives it (where `%name`
 * is written, or its explicit `loc(...)`), named by its SSA name unless it
 * is a name already (`"a"(file:line:col)`): tools name arguments as the
 * user reads them (vtc-run --shape=a:...), diagnostics point at them. */
static const vtc_loc *arg_loc(vtc_parser *p, const vtc_operand_ref *ref) {
  if (!ref->loc || !ref->name || ref->loc->kind == VTC_LOC_NAME) return ref->loc;
  return vtc_loc_name(p->ctx, ref->name, ref->loc);
}

/* `%name: type loc(...)` in a block label. */
static bool parse_block_arg(vtc_parser *p, vtc_block *block) {
  if (p->tok.kind != VTC_TOK_PERCENT_ID) return parser_expected(p, "SSA value name");
  vtc_token name = p->tok;
  parser_advance(p);
  const vtc_type *type;
  if (!parser_expect(p, VTC_TOK_COLON, "':' and type for SSA value") || !parser_type(p, &type)) return false;
  const vtc_loc *loc = NULL;
  vtc_token deferred;
  bool present;
  if (!parser_trailing_loc(p, &loc, &deferred, &present)) return false;
  vtc_value *v = vtc_block_add_arg(block, type);
  vtc_operand_ref ref = {.name = vtc_strn(p->ctx, name.start + 1, name.len - 1),
                         .loc = loc ? loc : parser_tok_loc(p, &name)};
  vtc_block_set_arg_loc(block, v->index, arg_loc(p, &ref));
  return parser_define_values(p, name.start + 1, (uint32_t)name.len - 1, &v, 1, NULL, &name);
}

/* `^name(args):` at the start of a block; returns the (possibly forward
 * declared) block, now placed at the end of region. */
static bool parse_block_label(vtc_parser *p, vtc_region *region, vtc_block **out) {
  vtc_token t = p->tok;
  block_ref *r = block_lookup(p, &t);
  if (r->defined) return parser_error_at(p, &t, "redefinition of block '%.*s'", (int)t.len, t.start);
  r->defined = true;
  vtc_region_push_block(region, r->block);
  parser_advance(p);
  if (parser_consume_if(p, VTC_TOK_LPAREN)) {
    if (!parser_consume_if(p, VTC_TOK_RPAREN)) {
      do {
        if (!parse_block_arg(p, r->block)) return false;
      } while (parser_consume_if(p, VTC_TOK_COMMA));
      if (!parser_expect(p, VTC_TOK_RPAREN, "')' to end argument list")) return false;
    }
  }
  if (!parser_expect(p, VTC_TOK_COLON, "':' after block name")) return false;
  *out = r->block;
  return true;
}

/* ---- regions -------------------------------------------------------------- */

static bool parse_block_body(vtc_parser *p, vtc_block *block) {
  while (p->tok.kind != VTC_TOK_RBRACE && p->tok.kind != VTC_TOK_CARET_ID) {
    if (p->tok.kind == VTC_TOK_EOF) return parser_expected(p, "'}' to close region");
    if (!parser_operation(p, block)) return false;
  }
  return true;
}

static void add_implicit_terminators(vtc_parser *p, vtc_region *region, const char *name, const vtc_loc *loc) {
  if (!region->first) vtc_region_push_block(region, vtc_block_create());
  const vtc_op_name *opname = vtc_op_name_get(p->ctx, name);
  for (vtc_block *b = region->first; b; b = b->next) {
    vtc_op *last = b->last;
    if (last && last->name->def && (last->name->def->traits & VTC_TRAIT_TERMINATOR)) continue;
    vtc_op_state st = {.name = opname, .loc = loc};
    vtc_block_push_op(b, vtc_op_create(&st));
  }
}

static bool region_body(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned nargs, bool isolated,
                        const char *implicit_terminator);

bool parser_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned nargs, bool isolated,
                   const char *implicit_terminator) {
  if (!parser_enter(p)) return false;
  bool ok = region_body(p, region, args, nargs, isolated, implicit_terminator);
  parser_leave(p);
  return ok;
}

static bool region_body(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned nargs, bool isolated,
                        const char *implicit_terminator) {
  if (p->tok.kind != VTC_TOK_LBRACE) return parser_expected(p, "'{' to begin a region");
  parser_advance(p);
  size_t def_mark = p->defs.len, saved_fwd_mark = p->region_fwd_mark;
  bool saved_track = p->track_defs;
  p->track_defs = !isolated;
  p->region_fwd_mark = p->fwds.len;
  if (isolated) push_isolated_scope(p);
  name_map bm = {0};
  VTC_VEC_PUSH(&p->block_scopes, bm);
  bool ok = true;
  vtc_block *block = NULL;
  if (nargs) {
    block = vtc_block_create();
    vtc_region_push_block(region, block);
    for (unsigned i = 0; ok && i < nargs; i++) {
      vtc_value *v = vtc_block_add_arg(block, args[i].type);
      vtc_block_set_arg_loc(block, i, arg_loc(p, &args[i].ref));
      ok = parser_define_values(p, args[i].ref.name, (uint32_t)vtc_str_len(args[i].ref.name), &v, 1, args[i].ref.loc, NULL);
    }
    if (ok && nargs && p->tok.kind == VTC_TOK_CARET_ID)
      ok = parser_error_at(p, &p->tok, "invalid block name in region with named arguments");
  }
  if (ok && p->tok.kind != VTC_TOK_RBRACE) {
    if (!block && p->tok.kind != VTC_TOK_CARET_ID) {
      block = vtc_block_create();
      vtc_region_push_block(region, block);
    }
    if (block) ok = parse_block_body(p, block);
    while (ok && p->tok.kind == VTC_TOK_CARET_ID) {
      ok = parse_block_label(p, region, &block) && parse_block_body(p, block);
    }
  }
  vtc_token close = p->tok;
  if (ok) ok = parser_expect(p, VTC_TOK_RBRACE, "'}' to close region");
  ok = pop_block_scope(p, ok);
  if (isolated) ok = pop_isolated_scope(p, ok);
  else pop_region_defs(p, def_mark);
  p->track_defs = saved_track;
  p->region_fwd_mark = saved_fwd_mark;
  if (ok && implicit_terminator) add_implicit_terminators(p, region, implicit_terminator, parser_tok_loc(p, &close));
  return ok;
}

/* ---- operations ----------------------------------------------------------- */

typedef struct result_group {
  vtc_token tok;
  unsigned count;
} result_group;

typedef struct operand_tok {
  const char *name;
  uint32_t len, number;
  vtc_token tok;
} operand_tok;

/* `%name` or `%name#N` */
static bool parse_operand_tok(vtc_parser *p, operand_tok *out) {
  if (p->tok.kind != VTC_TOK_PERCENT_ID) return parser_expected(p, "SSA operand");
  out->tok = p->tok;
  out->name = p->tok.start + 1;
  out->len = (uint32_t)p->tok.len - 1;
  out->number = 0;
  parser_advance(p);
  if (p->tok.kind == VTC_TOK_HASH_ID && p->tok.start == out->tok.start + out->tok.len) {
    vtc_token n = p->tok;
    n.start++;
    n.len--;
    uint64_t v;
    if (!(vtc_lex_char_class[(unsigned char)n.start[0]] & VTC_LEX_DIGIT) || !parser_token_u64(&n, &v) ||
        v > UINT32_MAX)
      return parser_error_at(p, &p->tok, "invalid SSA value result number");
    for (size_t i = 0; i < n.len; i++)
      if (!(vtc_lex_char_class[(unsigned char)n.start[i]] & VTC_LEX_DIGIT))
        return parser_error_at(p, &p->tok, "invalid SSA value result number");
    out->number = (uint32_t)v;
    parser_advance(p);
  }
  return true;
}

bool parser_operand_ref(vtc_parser *p, vtc_operand_ref *ref) {
  operand_tok t = {0};
  if (!parse_operand_tok(p, &t)) return false;
  ref->name = vtc_strn(p->ctx, t.name, t.len);
  ref->number = t.number;
  ref->loc = parser_tok_loc(p, &t.tok);
  return true;
}

static bool check_op_name(vtc_parser *p, const vtc_op_name *name, const vtc_token *at) {
  if (name->def) return true;
  const char *dot = strchr(name->name, '.');
  if (!dot) return parser_error_at(p, at, "operation name '%s' must be of the form 'dialect.op'", name->name);
  const char *dialect = vtc_strn(p->ctx, name->name, (size_t)(dot - name->name));
  if (vtc_context_get_dialect(p->ctx, dialect))
    return parser_error_at(p, at, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations",
                           name->name, dialect);
  if (!vtc_context_allows_unregistered(p->ctx))
    return parser_error_at(p, at,
                           "operation being parsed with an unregistered dialect. If this is intended, please use "
                           "-allow-unregistered-dialect with the vtc tool used");
  return true;
}

static void free_state(vtc_parse_state *st) {
  for (size_t i = 0; i < st->regions.len; i++) {
    vtc_region_clear(st->regions.data[i]);
    free(st->regions.data[i]);
  }
  VTC_VEC_FREE(&st->operands);
  VTC_VEC_FREE(&st->result_types);
  VTC_VEC_FREE(&st->attrs);
  VTC_VEC_FREE(&st->regions);
  VTC_VEC_FREE(&st->successors);
}

static vtc_op *create_from_state(vtc_parse_state *st) {
  vtc_op_state os = {
      .name = st->name,
      .loc = st->loc,
      .num_operands = (unsigned)st->operands.len,
      .operands = st->operands.data,
      .num_results = (unsigned)st->result_types.len,
      .result_types = st->result_types.data,
      .num_attrs = (unsigned)st->attrs.len,
      .attrs = st->attrs.data,
      .num_regions = (unsigned)st->regions.len,
      .num_successors = (unsigned)st->successors.len,
      .successors = st->successors.data,
  };
  vtc_op *op = vtc_op_create(&os);
  for (size_t i = 0; i < st->regions.len; i++) vtc_region_take_body(&op->regions[i], st->regions.data[i]);
  free_state(st);
  return op;
}

/* The trailing `loc(...)`, recorded for later when it names an alias that
 * the file defines further down (as MLIR prints them). */
static bool finish_loc(vtc_parser *p, vtc_parse_state *st, vtc_token *deferred, bool *has_deferred) {
  const vtc_loc *loc = NULL;
  bool present = false;
  deferred->kind = VTC_TOK_EOF;
  if (!parser_trailing_loc(p, &loc, deferred, &present)) return false;
  if (loc) st->loc = loc;
  *has_deferred = present && !loc;
  return true;
}

static void record_deferred(vtc_parser *p, vtc_op *op, const vtc_token *t) {
  deferred_loc d = {op, t->start + 1, (uint32_t)t->len - 1, parser_tok_loc(p, t)};
  VTC_VEC_PUSH(&p->deferred_locs, d);
}

static vtc_op *generic_op(vtc_parser *p) {
  vtc_token name_tok = p->tok;
  vtc_parse_state st = {.ctx = p->ctx, .loc = parser_tok_loc(p, &name_tok)};
  VTC_VEC(operand_tok) refs = {0};
  named_attr_vec attrs = {0};
  const char *name;
  vtc_op *op = NULL;
  bool ok = parser_string_value(p, &name_tok, &name);
  if (ok) {
    st.name = vtc_op_name_get(p->ctx, name);
    ok = check_op_name(p, st.name, &name_tok);
  }
  if (ok) {
    parser_advance(p);
    ok = parser_expect(p, VTC_TOK_LPAREN, "'(' to start operand list");
  }
  if (ok && !parser_consume_if(p, VTC_TOK_RPAREN)) {
    do {
      operand_tok t = {0};
      if (!(ok = parse_operand_tok(p, &t))) break;
      VTC_VEC_PUSH(&refs, t);
    } while (parser_consume_if(p, VTC_TOK_COMMA));
    if (ok) ok = parser_expect(p, VTC_TOK_RPAREN, "')' to end operand list");
  }
  if (ok && p->tok.kind == VTC_TOK_LSQUARE) {
    parser_advance(p);
    do {
      vtc_block *b = NULL;
      if (!(ok = parse_successor(p, &b))) break;
      VTC_VEC_PUSH(&st.successors, b);
    } while (parser_consume_if(p, VTC_TOK_COMMA));
    if (ok) ok = parser_expect(p, VTC_TOK_RSQUARE, "']' to end successor list");
  }
  if (ok && p->tok.kind == VTC_TOK_LESS) { /* properties: merged into the attributes */
    parser_advance(p);
    ok = parser_attr_dict(p, &attrs) && parser_expect(p, VTC_TOK_GREATER, "'>' to end properties");
  }
  if (ok && p->tok.kind == VTC_TOK_LPAREN) {
    parser_advance(p);
    bool isolated = st.name->def && (st.name->def->traits & VTC_TRAIT_ISOLATED_FROM_ABOVE);
    do {
      vtc_region *r = vtc_parse_state_add_region(&st);
      if (!(ok = parser_region(p, r, NULL, 0, isolated, NULL))) break;
    } while (parser_consume_if(p, VTC_TOK_COMMA));
    if (ok) ok = parser_expect(p, VTC_TOK_RPAREN, "')' to end region list");
  }
  if (ok && p->tok.kind == VTC_TOK_LBRACE) ok = parser_attr_dict(p, &attrs);
  st.attrs.data = attrs.data;
  st.attrs.len = attrs.len;
  st.attrs.cap = attrs.cap;
  const vtc_type *fn = NULL;
  vtc_token type_tok = p->tok;
  if (ok) ok = parser_expect(p, VTC_TOK_COLON, "':' followed by operation type");
  if (ok) {
    type_tok = p->tok;
    ok = parser_type(p, &fn);
  }
  if (ok && fn->kind != VTC_TYPE_FUNCTION) ok = parser_error_at(p, &type_tok, "expected function type");
  if (ok && fn->num_inputs != refs.len)
    ok = parser_error_at(p, &type_tok, "expected %zu operand type%s but had %u", refs.len, refs.len == 1 ? "" : "s",
                         fn->num_inputs);
  for (size_t i = 0; ok && i < refs.len; i++) {
    vtc_value *v;
    operand_tok *t = &refs.data[i];
    ok = parser_resolve_value(p, t->name, t->len, t->number, vtc_function_input(fn, (unsigned)i), NULL, &t->tok, &v);
    if (ok) VTC_VEC_PUSH(&st.operands, v);
  }
  for (unsigned i = 0; ok && i < fn->num_results; i++) VTC_VEC_PUSH(&st.result_types, vtc_function_result(fn, i));
  vtc_token deferred;
  bool has_deferred = false;
  if (ok) ok = finish_loc(p, &st, &deferred, &has_deferred);
  VTC_VEC_FREE(&refs);
  if (!ok) {
    free_state(&st);
    return NULL;
  }
  op = create_from_state(&st);
  if (has_deferred) record_deferred(p, op, &deferred);
  return op;
}

static const vtc_op_def *lookup_custom(vtc_parser *p, const vtc_token *t, const vtc_op_name **out) {
  const char *name = vtc_strn(p->ctx, t->start, t->len);
  const vtc_op_name *n = vtc_op_name_get(p->ctx, name);
  if (!n->def && !memchr(t->start, '.', t->len)) {
    const char *dd = p->default_dialects.len ? p->default_dialects.data[p->default_dialects.len - 1] : NULL;
    const char *prefixes[] = {dd, "builtin"};
    for (int i = 0; i < 2 && !n->def; i++) {
      if (!prefixes[i] || !*prefixes[i]) continue;
      vtc_strbuf_clear(&p->scratch);
      vtc_strbuf_printf(&p->scratch, "%s.%.*s", prefixes[i], (int)t->len, t->start);
      const vtc_op_name *m = vtc_op_name_get(p->ctx, p->scratch.data);
      if (m->def) n = m;
    }
  }
  *out = n;
  return n->def;
}

static vtc_op *custom_op(vtc_parser *p) {
  vtc_token name_tok = p->tok;
  const vtc_op_name *name;
  const vtc_op_def *def = lookup_custom(p, &name_tok, &name);
  if (!def || !def->parse) {
    if (def) parser_error_at(p, &name_tok, "operation '%s' has no custom assembly form; use the generic form", name->name);
    else parser_error_at(p, &name_tok, "custom op '%.*s' is unknown", (int)name_tok.len, name_tok.start);
    return NULL;
  }
  parser_advance(p);
  vtc_parse_state st = {.ctx = p->ctx, .name = name, .loc = parser_tok_loc(p, &name_tok)};
  bool saved_isolated = p->custom_isolated;
  p->custom_isolated = (def->traits & VTC_TRAIT_ISOLATED_FROM_ABOVE) != 0;
  VTC_VEC_PUSH(&p->default_dialects, strcmp(name->name, "func.func") == 0 ? "func" : "");
  unsigned errors = vtc_context_error_count(p->ctx);
  bool ok = def->parse(p, &st);
  p->default_dialects.len--;
  p->custom_isolated = saved_isolated;
  if (!ok && vtc_context_error_count(p->ctx) == errors)
    parser_error_at(p, &name_tok, "failed to parse '%s'", name->name);
  vtc_token deferred;
  bool has_deferred = false;
  if (ok) ok = finish_loc(p, &st, &deferred, &has_deferred);
  if (!ok) {
    free_state(&st);
    return NULL;
  }
  vtc_op *op = create_from_state(&st);
  if (has_deferred) record_deferred(p, op, &deferred);
  return op;
}

bool parser_operation(vtc_parser *p, vtc_block *block) {
  VTC_VEC(result_group) groups = {0};
  unsigned named = 0;
  bool ok = true;
  if (p->tok.kind == VTC_TOK_PERCENT_ID) {
    do {
      if (p->tok.kind != VTC_TOK_PERCENT_ID) {
        ok = parser_expected(p, "SSA value name");
        break;
      }
      result_group g = {p->tok, 1};
      parser_advance(p);
      if (parser_consume_if(p, VTC_TOK_COLON)) {
        uint64_t n;
        if (p->tok.kind != VTC_TOK_INTEGER || !parser_token_u64(&p->tok, &n) || n == 0 || n > UINT32_MAX) {
          ok = parser_expected(p, "integer number of results");
          break;
        }
        g.count = (unsigned)n;
        parser_advance(p);
      }
      named += g.count;
      VTC_VEC_PUSH(&groups, g);
    } while (parser_consume_if(p, VTC_TOK_COMMA));
    if (ok) ok = parser_expect(p, VTC_TOK_EQUAL, "'=' after SSA name");
  }
  vtc_op *op = NULL;
  if (ok) {
    if (p->tok.kind == VTC_TOK_STRING) op = generic_op(p);
    else if (p->tok.kind == VTC_TOK_BARE_ID) op = custom_op(p);
    else parser_expected(p, "operation name in quotes");
    ok = op != NULL;
  }
  if (ok) {
    vtc_block_push_op(block, op);
    if (groups.len && named != op->num_results)
      ok = parser_error_at(p, &groups.data[0].tok, "operation defines %u results but was provided %u to bind",
                           op->num_results, named);
  }
  unsigned base = 0;
  for (size_t i = 0; ok && i < groups.len; i++) {
    result_group *g = &groups.data[i];
    vtc_value *one, **vals = &one;
    if (g->count == 1) one = &op->results[base];
    else {
      vals = vtc_xmalloc(g->count * sizeof *vals);
      for (unsigned j = 0; j < g->count; j++) vals[j] = &op->results[base + j];
    }
    ok = parser_define_values(p, g->tok.start + 1, (uint32_t)g->tok.len - 1, vals, g->count, NULL, &g->tok);
    if (vals != &one) free(vals);
    base += g->count;
  }
  VTC_VEC_FREE(&groups);
  return ok;
}

/* ---- the top level ---------------------------------------------------------- */

static bool parse_alias_def(vtc_parser *p) {
  vtc_token t = p->tok;
  const char *name = t.start + 1;
  uint32_t len = (uint32_t)t.len - 1;
  bool is_type = t.kind == VTC_TOK_BANG_ID;
  if (memchr(name, '.', len))
    return parser_error_at(p, &t, "%s names with a '.' are reserved for dialect-defined names",
                           is_type ? "type" : "attribute");
  parser_advance(p);
  if (!parser_expect(p, VTC_TOK_EQUAL, "'=' in alias definition")) return false;
  uint32_t h = name_hash(name, len);
  name_map *maps[] = {&p->type_aliases, &p->attr_aliases, &p->loc_aliases};
  for (int i = is_type ? 0 : 1; i < (is_type ? 1 : 3); i++)
    if (name_map_find(maps[i], name, len, h))
      return parser_error_at(p, &t, "redefinition of %s alias id '%.*s'", is_type ? "type" : "attribute", (int)len, name);
  if (is_type) {
    const vtc_type *ty;
    if (!parser_type(p, &ty)) return false;
    name_map_insert(&p->type_aliases, name, len, h)->value = (void *)ty;
    return true;
  }
  if (vtc_tok_is_keyword(&p->tok, "loc")) {
    const vtc_loc *loc = NULL;
    vtc_token deferred;
    bool present;
    if (!parser_trailing_loc(p, &loc, &deferred, &present)) return false;
    if (!loc) return parser_error_at(p, &deferred, "undefined location alias '%.*s'", (int)deferred.len, deferred.start);
    name_map_insert(&p->loc_aliases, name, len, h)->value = (void *)loc;
    return true;
  }
  const vtc_attr *a;
  if (!parser_attr(p, NULL, &a)) return false;
  name_map_insert(&p->attr_aliases, name, len, h)->value = (void *)a;
  return true;
}

static bool resolve_deferred_locs(vtc_parser *p) {
  for (size_t i = 0; i < p->deferred_locs.len; i++) {
    deferred_loc *d = &p->deferred_locs.data[i];
    name_entry *e = name_map_find(&p->loc_aliases, d->name, d->len, name_hash(d->name, d->len));
    if (!e) return vtc_error(p->ctx, d->use, "operation location alias was never defined");
    d->op->loc = e->value;
  }
  return true;
}

void parser_init(vtc_parser *p, vtc_context *ctx, const char *name, const char *text, size_t len,
                 unsigned line_offset) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->filename = vtc_str(ctx, name);
  p->line_offset = line_offset;
  vtc_lexer_init(&p->lex, text, len);
  parser_advance(p);
}

void parser_fini(vtc_parser *p) {
  while (p->value_scopes.len) {
    value_map_free(value_scope(p));
    p->value_scopes.len--;
  }
  while (p->block_scopes.len) pop_block_scope(p, false);
  for (size_t i = 0; i < p->fwds.len; i++) free(p->fwds.data[i]);
  VTC_VEC_FREE(&p->fwds);
  VTC_VEC_FREE(&p->value_scopes);
  VTC_VEC_FREE(&p->fwd_marks);
  VTC_VEC_FREE(&p->defs);
  VTC_VEC_FREE(&p->block_scopes);
  VTC_VEC_FREE(&p->deferred_locs);
  VTC_VEC_FREE(&p->default_dialects);
  name_map_free(&p->type_aliases);
  name_map_free(&p->attr_aliases);
  name_map_free(&p->loc_aliases);
  name_map_free(&p->resources);
  vtc_strbuf_free(&p->scratch);
}

vtc_op *vtc_parse_source(vtc_context *ctx, const char *name, const char *text, size_t len, unsigned line_offset) {
  vtc_parser p;
  parser_init(&p, ctx, name, text, len, line_offset);
  if (line_offset == 0 && !vtc_context_find_source(ctx, p.filename)) vtc_context_add_source(ctx, name, text, len);
  vtc_block *top = vtc_block_create();
  push_isolated_scope(&p);
  name_map bm = {0};
  VTC_VEC_PUSH(&p.block_scopes, bm);
  bool ok = true;
  while (ok && p.tok.kind != VTC_TOK_EOF) {
    if (p.tok.kind == VTC_TOK_HASH_ID || p.tok.kind == VTC_TOK_BANG_ID) ok = parse_alias_def(&p);
    else if (p.tok.kind == VTC_TOK_FILE_METADATA_BEGIN)
      ok = parser_file_metadata(&p);
    else if (p.tok.kind == VTC_TOK_CARET_ID)
      ok = parser_error_at(&p, &p.tok, "blocks are only valid inside a region");
    else ok = parser_operation(&p, top);
  }
  ok = pop_block_scope(&p, ok);
  ok = pop_isolated_scope(&p, ok);
  if (ok) ok = resolve_deferred_locs(&p);
  vtc_op *module = NULL;
  if (ok) {
    vtc_op *first = top->first;
    if (first && first == top->last && strcmp(first->name->name, "builtin.module") == 0) {
      vtc_op_remove(first);
      module = first;
    } else {
      vtc_token start = {.line = 1, .col = 1};
      vtc_op_state st = {.name = vtc_op_name_get(ctx, "builtin.module"), .loc = parser_tok_loc(&p, &start),
                         .num_regions = 1};
      module = vtc_op_create(&st);
      vtc_block *body = vtc_block_create();
      vtc_region_push_block(&module->regions[0], body);
      while (top->first) {
        vtc_op *op = top->first;
        vtc_op_remove(op);
        vtc_block_push_op(body, op);
      }
    }
  }
  vtc_block_destroy(top);
  parser_fini(&p);
  return module;
}

/* Types and attributes from strings, for options and tests. */
static bool parse_entire(vtc_context *ctx, const char *text, bool type, const void **out) {
  vtc_parser p;
  parser_init(&p, ctx, "<string>", text, strlen(text), 0);
  bool ok = type ? parser_type(&p, (const vtc_type **)out) : parser_attr(&p, NULL, (const vtc_attr **)out);
  if (ok && p.tok.kind != VTC_TOK_EOF) ok = parser_error_at(&p, &p.tok, "unexpected trailing characters");
  parser_fini(&p);
  return ok;
}

const vtc_type *vtc_parse_type_string(vtc_context *ctx, const char *text) {
  const void *t = NULL;
  return parse_entire(ctx, text, true, &t) ? t : NULL;
}

const vtc_attr *vtc_parse_attr_string(vtc_context *ctx, const char *text) {
  const void *a = NULL;
  return parse_entire(ctx, text, false, &a) ? a : NULL;
}
