/* Parsing resource handles and blobs: `dense_resource<name> : tensor<...>`
 * attributes and the top-level `{-# dialect_resources: { builtin: { name:
 * "0x..." } } #-}` section (ir/resources.h), as mlir-opt reads them. Each
 * textual name maps to a resource of the context for the length of one
 * parse; a name the context already uses (a second parse of the same file)
 * gets a fresh resource with a suffixed name, as MLIR's blob manager does,
 * so two parses never share or overwrite each other's blobs. */
#include <string.h>

#include "ir/parser_impl.h"
#include "ir/resources.h"

/* The resource a textual name stands for in this parse (created on first
 * sight). */
static vtc_resource *handle(vtc_parser *p, const char *name) {
  size_t len = strlen(name);
  uint32_t h = name_hash(name, len);
  name_entry *e = name_map_find(&p->resources, name, (uint32_t)len, h);
  if (e) return e->value;
  vtc_resource *r = vtc_resource_create(p->ctx, name);
  e = name_map_insert(&p->resources, name, (uint32_t)len, h);
  e->value = r;
  return r;
}

/* A handle or dialect name: an identifier (interned), as MLIR requires. */
static bool handle_name(vtc_parser *p, const char **name) {
  vtc_token t = p->tok;
  if (t.kind != VTC_TOK_BARE_ID) return parser_expected(p, "an identifier as the resource name");
  *name = vtc_strn(p->ctx, t.start, t.len);
  parser_advance(p);
  return true;
}

bool parser_dense_resource(vtc_parser *p, const vtc_attr **out) {
  parser_advance(p);
  if (!parser_expect(p, VTC_TOK_LESS, "'<' after 'dense_resource'")) return false;
  vtc_token name_tok = p->tok;
  if (vtc_tok_is_keyword(&name_tok, "__elided__"))
    return parser_error_at(p, &name_tok, "elided attributes cannot be parsed");
  const char *name = NULL;
  if (!handle_name(p, &name) || !parser_expect(p, VTC_TOK_GREATER, "'>' after the resource handle") ||
      !parser_expect(p, VTC_TOK_COLON, "':' and tensor type after dense_resource"))
    return false;
  vtc_token type_tok = p->tok;
  const vtc_type *type;
  if (!parser_type(p, &type)) return false;
  if (type->kind != VTC_TYPE_TENSOR) return parser_error_at(p, &type_tok, "dense_resource must have a tensor type");
  if (!vtc_tensor_has_static_shape(type))
    return parser_error_at(p, &type_tok, "dense_resource type must have static shape");
  const vtc_type *e = type->element;
  if (e->kind != VTC_TYPE_INTEGER && e->kind != VTC_TYPE_INDEX && !vtc_type_is_float(e))
    return parser_error_at(p, &type_tok, "dense_resource of this element type is not supported");
  *out = vtc_attr_dense_resource(p->ctx, type, handle(p, name));
  return true;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* `name: "0x<alignment><bytes>"` into the name's resource. */
static bool parse_blob(vtc_parser *p) {
  vtc_token name_tok = p->tok;
  const char *name = NULL;
  if (!handle_name(p, &name) || !parser_expect(p, VTC_TOK_COLON, "':' after the resource name")) return false;
  vtc_token t = p->tok;
  if (t.kind != VTC_TOK_STRING) return parser_expected(p, "a hex string \"0x...\" as the resource blob");
  const char *s = t.start + 1;
  size_t len = t.len - 2;
  if (len < 10 || s[0] != '0' || s[1] != 'x' || len % 2)
    return parser_error_at(p, &t, "expected a hex string \"0x...\" of at least 4 bytes (the alignment) as the blob");
  size_t nbytes = (len - 2) / 2 - 4;
  unsigned char align[4];
  for (int i = 0; i < 4; i++) {
    int hi = hex_digit(s[2 + 2 * i]), lo = hex_digit(s[3 + 2 * i]);
    if (hi < 0 || lo < 0) return parser_error_at(p, &t, "the blob is not a hex string");
    align[i] = (unsigned char)(hi * 16 + lo);
  }
  uint32_t alignment = align[0] | (uint32_t)align[1] << 8 | (uint32_t)align[2] << 16 | (uint32_t)align[3] << 24;
  if (!alignment || (alignment & (alignment - 1)))
    return parser_error_at(p, &t, "the blob's alignment %u is not a power of 2", alignment);
  vtc_resource *r = handle(p, name);
  if (r->data) return parser_error_at(p, &name_tok, "resource '%s' is defined twice", name);
  unsigned char *data = vtc_resource_alloc(nbytes);
  const char *h = s + 10;
  for (size_t i = 0; i < nbytes; i++) {
    int hi = hex_digit(h[2 * i]), lo = hex_digit(h[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      vtc_resource_free_aligned(data, NULL);
      return vtc_error(p->ctx, parser_ptr_loc(p, h + 2 * i), "the blob is not a hex string");
    }
    data[i] = (unsigned char)(hi * 16 + lo);
  }
  vtc_resource_set(r, data, nbytes, alignment, vtc_resource_free_aligned, NULL);
  parser_advance(p);
  return true;
}

/* `{ entry, ... }` with parse_entry for each. */
static bool parse_entries(vtc_parser *p, bool (*parse_entry)(vtc_parser *), const char *what) {
  if (!parser_expect(p, VTC_TOK_LBRACE, what)) return false;
  if (parser_consume_if(p, VTC_TOK_RBRACE)) return true;
  do {
    if (!parse_entry(p)) return false;
  } while (parser_consume_if(p, VTC_TOK_COMMA));
  return parser_expect(p, VTC_TOK_RBRACE, "'}' to close the entries");
}

/* `builtin: { blob, ... }`: the only dialect whose resources vtc knows. */
static bool parse_dialect_entry(vtc_parser *p) {
  vtc_token t = p->tok;
  const char *dialect = NULL;
  if (!handle_name(p, &dialect)) return false;
  if (strcmp(dialect, "builtin"))
    return parser_error_at(p, &t, "dialect resources of '%s' are not supported (only builtin's)", dialect);
  return parser_expect(p, VTC_TOK_COLON, "':' after the dialect name") &&
         parse_entries(p, parse_blob, "'{' to open the dialect's resources");
}

static bool parse_section(vtc_parser *p) {
  vtc_token t = p->tok;
  if (!vtc_tok_is_keyword(&t, "dialect_resources"))
    return parser_error_at(p, &t, "expected 'dialect_resources' in the file metadata (external resources are "
                                  "not supported)");
  parser_advance(p);
  return parser_expect(p, VTC_TOK_COLON, "':' after 'dialect_resources'") &&
         parse_entries(p, parse_dialect_entry, "'{' to open the dialect resources");
}

bool parser_file_metadata(vtc_parser *p) {
  parser_advance(p);
  if (p->tok.kind != VTC_TOK_FILE_METADATA_END) {
    do {
      if (!parse_section(p)) return false;
    } while (parser_consume_if(p, VTC_TOK_COMMA));
  }
  return parser_expect(p, VTC_TOK_FILE_METADATA_END, "'#-}' to close the file metadata");
}
