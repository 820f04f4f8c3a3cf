/* Resource blobs: large constant data kept out of the attribute table, as
 * MLIR's dialect resources. A `dense_resource<name> : tensor<...>` attribute
 * (vtc_attr_dense_resource) holds a handle to a blob that the context owns;
 * the textual form keeps the bytes in a `{-# dialect_resources: { builtin:
 * { name: "0x<alignment><bytes>" } } #-}` section after the top-level op, so
 * a model's weights do not bloat its IR (and mlir-opt parses the same file).
 *
 * A handle may exist before its bytes do: the parser meets the attribute
 * before the section that defines the blob, and a dump whose large blobs
 * were elided has handles without bytes. Readers check vtc_dense_data() for
 * NULL. */
#ifndef VTC_IR_RESOURCES_H
#define VTC_IR_RESOURCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/context.h"

/* Frees a blob's bytes when the context dies (NULL: the bytes are not the
 * context's to free). */
typedef void (*vtc_blob_free_fn)(void *data, void *user);

/* Owned by the context (created by vtc_resource_*, freed with it). The name
 * is unique in the context. */
typedef struct vtc_resource {
  const char *name;   /* interned */
  const void *data;   /* NULL until defined */
  size_t size;        /* bytes */
  uint32_t alignment; /* what the textual form records (a power of 2) */
  vtc_blob_free_fn free_fn;
  void *free_user;
} vtc_resource;

/* The resource named `name`, or NULL. */
vtc_resource *vtc_resource_lookup(vtc_context *ctx, const char *name);
/* A new, undefined resource named `base`, or `base_1`, `base_2`, ... when
 * that name is taken (as MLIR's blob manager renames); characters that an
 * MLIR identifier cannot hold become '_'. */
vtc_resource *vtc_resource_create(vtc_context *ctx, const char *base);
/* Defines r's bytes (r must be undefined). The context calls free_fn(data,
 * user) when it dies; data must stay valid until then. */
void vtc_resource_set(vtc_resource *r, const void *data, size_t size, uint32_t alignment, vtc_blob_free_fn free_fn,
                      void *user);
/* Copies size bytes into a new 64-byte aligned allocation the context owns. */
void vtc_resource_set_copy(vtc_resource *r, const void *data, size_t size, uint32_t alignment);
/* An aligned allocation for vtc_resource_set with vtc_resource_free_aligned
 * (the parser decodes blobs straight into one). */
void *vtc_resource_alloc(size_t size);
void vtc_resource_free_aligned(void *data, void *user);

/* Number of resources and the i-th, in creation order (for tests). */
size_t vtc_context_num_resources(const vtc_context *ctx);
vtc_resource *vtc_context_resource_at(const vtc_context *ctx, size_t i);

/* Releases every resource (at context destruction; ir/ only). */
void vtc_resources_destroy(vtc_context *ctx);

#endif
