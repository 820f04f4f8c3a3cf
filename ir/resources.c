/* The context's resource blobs (resources.h): named, created on demand,
 * defined once, freed with the context. */
#include "ir/resources.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context_impl.h"

vtc_resource *vtc_resource_lookup(vtc_context *ctx, const char *name) {
  const char *key = vtc_str(ctx, name);
  for (size_t i = 0; i < ctx->resources.len; i++)
    if (ctx->resources.data[i]->name == key) return ctx->resources.data[i];
  return NULL;
}

/* MLIR reads resource keys only as identifiers ([a-zA-Z_][a-zA-Z0-9_$.]*):
 * other characters become '_' (an ONNX initializer named `fc.0/weight:0`
 * becomes `fc.0_weight_0`). */
static char *identifier(const char *s) {
  size_t n = strlen(s);
  char *id = vtc_xmalloc(n + 2), *o = id;
  if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) *o++ = '_';
  for (; *s; s++) {
    char c = *s;
    bool ok = c == '_' || c == '$' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9');
    *o++ = ok ? c : '_';
  }
  *o = 0;
  return id;
}

vtc_resource *vtc_resource_create(vtc_context *ctx, const char *base) {
  char *id = identifier(base);
  const char *name = vtc_str(ctx, id);
  size_t n = strlen(id) + 24;
  char *buf = vtc_xmalloc(n);
  for (unsigned k = 1; vtc_resource_lookup(ctx, name); k++) {
    snprintf(buf, n, "%s_%u", id, k);
    name = vtc_str(ctx, buf);
  }
  free(buf);
  free(id);
  vtc_resource *r = vtc_xcalloc(1, sizeof *r);
  r->name = name;
  r->alignment = 1;
  VTC_VEC_PUSH(&ctx->resources, r);
  return r;
}

void vtc_resource_set(vtc_resource *r, const void *data, size_t size, uint32_t alignment, vtc_blob_free_fn free_fn,
                      void *user) {
  r->data = data;
  r->size = size;
  r->alignment = alignment ? alignment : 1;
  r->free_fn = free_fn;
  r->free_user = user;
}

void *vtc_resource_alloc(size_t size) {
  /* 64 bytes: a cache line, and enough for any vector load of the data. */
  size_t rounded = (size + 63) / 64 * 64;
  void *p = aligned_alloc(64, rounded ? rounded : 64);
  if (!p) {
    fputs("vtc: out of memory\n", stderr);
    abort();
  }
  return p;
}

void vtc_resource_free_aligned(void *data, void *user) {
  (void)user;
  free(data);
}

void vtc_resource_set_copy(vtc_resource *r, const void *data, size_t size, uint32_t alignment) {
  void *copy = vtc_resource_alloc(size);
  if (size) memcpy(copy, data, size);
  vtc_resource_set(r, copy, size, alignment, vtc_resource_free_aligned, NULL);
}

size_t vtc_context_num_resources(const vtc_context *ctx) { return ctx->resources.len; }

vtc_resource *vtc_context_resource_at(const vtc_context *ctx, size_t i) {
  return i < ctx->resources.len ? ctx->resources.data[i] : NULL;
}

void vtc_resources_destroy(vtc_context *ctx) {
  for (size_t i = 0; i < ctx->resources.len; i++) {
    vtc_resource *r = ctx->resources.data[i];
    if (r->data && r->free_fn) r->free_fn((void *)r->data, r->free_user);
    free(r);
  }
  VTC_VEC_FREE(&ctx->resources);
}
