/* The file-metadata section the printer appends after a top-level op:
 * `{-# dialect_resources: { builtin: { name: "0x..." } } #-}`, one entry per
 * resource blob that the op's attributes reference, as MLIR prints it (the
 * hex of a 4-byte little-endian alignment, then the bytes). Hex is written
 * in chunks straight into the output buffer, so a sink-backed buffer
 * streams a model's weights without holding their text. */
#include "ir/printer_impl.h"
#include "ir/ptrmap.h"
#include "ir/resources.h"

typedef struct resource_use {
  const vtc_resource *r;
  int64_t max_elements; /* the largest tensor that reads it */
} resource_use;

typedef struct collector {
  vtc_ptrmap seen; /* resource -> index + 1 in uses */
  VTC_VEC(resource_use) uses;
} collector;

static void collect_attr(collector *c, const vtc_attr *a) {
  if (a->kind == VTC_ATTR_ARRAY || a->kind == VTC_ATTR_DICTIONARY) {
    for (unsigned i = 0; i < a->count; i++) collect_attr(c, a->elems[i].value);
    return;
  }
  if (a->kind != VTC_ATTR_DENSE || !a->resource) return;
  int64_t n = vtc_tensor_num_elements(a->type);
  uintptr_t at = (uintptr_t)vtc_ptrmap_get(&c->seen, a->resource);
  if (at) {
    resource_use *u = &c->uses.data[at - 1];
    if (n > u->max_elements) u->max_elements = n;
    return;
  }
  resource_use u = {a->resource, n};
  VTC_VEC_PUSH(&c->uses, u);
  vtc_ptrmap_put(&c->seen, a->resource, (void *)(uintptr_t)c->uses.len);
}

static vtc_walk_result collect_op(vtc_op *op, void *data) {
  for (unsigned i = 0; i < op->num_attrs; i++) collect_attr(data, op->attrs[i].value);
  return VTC_WALK_ADVANCE;
}

/* Two hex digits per byte value: byte v is kHexPairs[2v], kHexPairs[2v + 1]. */
static const char kHexPairs[] =
    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"
    "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F"
    "404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F"
    "606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"
    "808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F"
    "A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF"
    "C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF"
    "E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF";

static void print_hex(vtc_strbuf *b, const unsigned char *p, size_t n) {
  enum { kChunk = 1 << 16 };
  while (n) {
    size_t k = n < kChunk ? n : kChunk;
    out_reserve(b, 2 * k);
    char *o = b->data + b->len;
    for (size_t i = 0; i < k; i++) memcpy(o + 2 * i, kHexPairs + 2 * p[i], 2);
    b->len += 2 * k;
    b->data[b->len] = 0;
    p += k;
    n -= k;
  }
}

static void print_blob(vtc_strbuf *b, const vtc_resource *r) {
  OUT_LIT(b, "      ");
  out_puts(b, r->name);
  OUT_LIT(b, ": \"0x");
  unsigned char align[4];
  for (int i = 0; i < 4; i++) align[i] = (unsigned char)(r->alignment >> (8 * i));
  print_hex(b, align, 4);
  print_hex(b, r->data, r->size);
  out_putc(b, '"');
}

void printer_resources(vtc_strbuf *b, vtc_op *root, int64_t elide_above) {
  collector c = {0};
  vtc_op_walk(root, true, collect_op, &c);
  size_t printed = 0;
  for (size_t i = 0; i < c.uses.len; i++) {
    const resource_use *u = &c.uses.data[i];
    /* Elided (as mlir-opt's --mlir-elide-resource-strings-if-larger) or
     * never defined: the handle stays, the entry is left out. */
    if (!u->r->data || (elide_above >= 0 && u->max_elements > elide_above)) continue;
    if (!printed++) OUT_LIT(b, "\n{-#\n  dialect_resources: {\n    builtin: {\n");
    else OUT_LIT(b, ",\n");
    print_blob(b, u->r);
  }
  if (printed) OUT_LIT(b, "\n    }\n  }\n#-}\n");
  vtc_ptrmap_free(&c.seen);
  VTC_VEC_FREE(&c.uses);
}
