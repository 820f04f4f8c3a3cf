/* The parser's private state, shared by parser.c (ops, regions, values),
 * parser_type.c (types, locations), parser_attr.c (attributes) and
 * parser_api.c (the helpers custom op parsers call). */
#ifndef VTC_IR_PARSER_IMPL_H
#define VTC_IR_PARSER_IMPL_H

#include "ir/asm.h"
#include "ir/diagnostics.h"
#include "ir/lexer.h"

/* An open-addressing map from names (slices of the buffer or interned
 * strings, which outlive the parse) to values, blocks or aliases. */
typedef struct name_entry {
  const char *key; /* NULL: empty; NAME_TOMBSTONE: deleted */
  uint32_t len, hash;
  void *value;      /* vtc_value * (count <= 1), vtc_value ** (count > 1), vtc_block *, alias */
  const vtc_loc *loc; /* blocks: first forward use */
  uint32_t count;   /* values: result slots */
  uint32_t defined; /* blocks: label seen */
} name_entry;

typedef struct name_map {
  name_entry *entries;
  uint32_t cap, used, live;
} name_map;

extern const char name_tombstone[];
#define NAME_TOMBSTONE name_tombstone

uint32_t name_hash(const char *s, size_t len);
name_entry *name_map_find(const name_map *m, const char *key, uint32_t len, uint32_t hash);
/* Inserts an absent key; the returned entry is valid until the next insert. */
name_entry *name_map_insert(name_map *m, const char *key, uint32_t len, uint32_t hash);
void name_map_remove(name_map *m, name_entry *e);
void name_map_free(name_map *m);

/* A value used before its definition: a stand-alone value (no defining op,
 * no block) that the definition replaces. Freed when the parse ends, after
 * any partially built IR that may still use it. */
typedef struct fwd_value {
  vtc_value v;
  const vtc_loc *loc;
  const char *name;
  uint32_t len, number;
  bool resolved;
  size_t index; /* its position in the parser's fwds */
} fwd_value;

static inline bool is_placeholder(const vtc_value *v) { return !v->def_op && !v->block; }

/* A definition in a non-isolated region, removed when the region closes. */
typedef struct name_def {
  const char *key;
  uint32_t len, hash;
} name_def;

/* A trailing `loc(#alias)` whose alias is defined later in the file. */
typedef struct deferred_loc {
  vtc_op *op;
  const char *name;
  uint32_t len;
  const vtc_loc *use;
} deferred_loc;

struct vtc_parser {
  vtc_context *ctx;
  vtc_lexer lex;
  vtc_token tok;
  const char *filename; /* interned */
  unsigned line_offset;

  name_map type_aliases, attr_aliases, loc_aliases;

  /* Value scopes: one map per isolated-from-above region being parsed. */
  VTC_VEC(name_map) value_scopes;
  VTC_VEC(size_t) fwd_marks; /* fwds.len when each isolated scope opened */
  VTC_VEC(name_def) defs;    /* definitions in open regions */
  VTC_VEC(fwd_value *) fwds;
  /* Block scopes: one map per region being parsed. */
  VTC_VEC(name_map) block_scopes;

  VTC_VEC(deferred_loc) deferred_locs;
  /* Set while a custom parser runs: whether its regions are isolated and
   * which dialect unqualified op names default to inside them. */
  bool custom_isolated;
  bool track_defs; /* inside a non-isolated region: record definitions */
  size_t region_fwd_mark; /* fwds.len when the innermost region opened */
  VTC_VEC(const char *) default_dialects;
  vtc_strbuf scratch;
  unsigned depth; /* nesting of regions, types, attributes, locations */
  name_map resources; /* resource handle name (interned) -> vtc_resource * */
};

/* Deeply nested input is an error, not a stack overflow. */
#define VTC_PARSER_MAX_DEPTH 256
bool parser_enter(vtc_parser *p);
static inline void parser_leave(vtc_parser *p) { p->depth--; }

/* Tokens and errors. */
static inline void parser_advance(vtc_parser *p) { p->tok = vtc_lexer_next(&p->lex); }
const vtc_loc *parser_tok_loc(vtc_parser *p, const vtc_token *t);
const vtc_loc *parser_ptr_loc(vtc_parser *p, const char *pos);
bool parser_error_at(vtc_parser *p, const vtc_token *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Reports a lexer error token, or `expected <what>` at the token. */
bool parser_expected(vtc_parser *p, const char *what);
bool parser_expect(vtc_parser *p, vtc_tok_kind kind, const char *what);
bool parser_consume_if(vtc_parser *p, vtc_tok_kind kind);
/* The unescaped contents of a string token (or @"..." token), interned. */
bool parser_string_value(vtc_parser *p, const vtc_token *t, const char **out);
/* Parses a decimal or hex integer token into a magnitude; false on overflow. */
bool parser_token_u64(const vtc_token *t, uint64_t *out);
/* The text between `<` (the current position of the lexer, right after the
 * token) and its matching `>`; advances past it. */
bool parser_pretty_body(vtc_parser *p, const char **body, size_t *len, const vtc_token *at);

/* A dialect type or attribute's parts (parser_type.c), its body checked by
 * the dialect's check_type or check_attr hook when registered. */
typedef struct parser_dialect_item {
  const char *dialect_name, *mnemonic, *body; /* interned */
  const vtc_dialect *dialect;                 /* NULL when unregistered */
} parser_dialect_item;
bool parser_dialect_item_parse(vtc_parser *p, const vtc_token *t, const char *name, size_t len, const char *dot,
                               bool angle, bool is_type, parser_dialect_item *item);

/* Types and locations (parser_type.c). */
typedef VTC_VEC(const vtc_type *) type_vec;
bool parser_type(vtc_parser *p, const vtc_type **out);
bool parser_can_start_type(const vtc_parser *p);
bool parser_function_type(vtc_parser *p, const vtc_type **out);
/* `-> t` or `-> (t, u)` result list after a function's inputs. */
bool parser_result_types(vtc_parser *p, type_vec *out);
bool parser_loc_instance(vtc_parser *p, const vtc_loc **out);
/* `loc(...)` when present. *deferred_name is set (and *out left NULL) for an
 * alias not yet defined. */
bool parser_trailing_loc(vtc_parser *p, const vtc_loc **out, vtc_token *deferred, bool *present);

/* Resources (parser_resources.c): `dense_resource<name> : type` at the
 * keyword, and the `{-# ... #-}` section at its opening token. */
bool parser_dense_resource(vtc_parser *p, const vtc_attr **out);
bool parser_file_metadata(vtc_parser *p);

/* Attributes (parser_attr.c). */
bool parser_attr(vtc_parser *p, const vtc_type *hint, const vtc_attr **out);
/* `{a = 1, b}` into a vector of named attributes (duplicates rejected). */
typedef VTC_VEC(vtc_named_attr) named_attr_vec;
bool parser_attr_dict(vtc_parser *p, named_attr_vec *out);

/* Regions and values (parser.c). */
bool parser_operation(vtc_parser *p, vtc_block *block);
bool parser_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned nargs,
                   bool isolated, const char *implicit_terminator);
/* Locations are made lazily (only for errors and forward references): pass
 * either loc or the token it comes from. */
bool parser_resolve_value(vtc_parser *p, const char *name, uint32_t len, uint32_t number,
                          const vtc_type *type, const vtc_loc *loc, const vtc_token *tok, vtc_value **out);
bool parser_operand_ref(vtc_parser *p, vtc_operand_ref *ref);
void parser_init(vtc_parser *p, vtc_context *ctx, const char *name, const char *text, size_t len,
                 unsigned line_offset);
void parser_fini(vtc_parser *p);
bool parser_define_values(vtc_parser *p, const char *name, uint32_t len, vtc_value **values,
                          unsigned count, const vtc_loc *loc, const vtc_token *tok);

#endif
