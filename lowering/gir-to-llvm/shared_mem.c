/* gir -> LLVM: the shared buffers of a GPU kernel (gir_to_llvm.h, "Shared
 * memory of GPU kernels"): static shared arrays while they fit the 48 KiB
 * every block has, else slices of the dynamic shared memory the launch
 * passes, so that Vortex's multi-stage L1 pipelines (vortex.txt section
 * 6.1: S stages of a CTA's A and B tiles) can use what the architecture
 * allows a block after opting in (227 KiB on sm_90). */
#include <stdlib.h>
#include <string.h>

#include "lowering/gir-to-llvm/translate_impl.h"

typedef struct shared_walk {
  vtc_ptrmap *offsets; /* NULL: only count */
  int64_t bytes, align;
} shared_walk;

static vtc_walk_result visit_alloc(vtc_op *op, void *data) {
  shared_walk *w = data;
  int64_t bytes = vtc_gir_shared_alloc_bytes(op);
  if (bytes < 0) return VTC_WALK_ADVANCE;
  w->bytes = (w->bytes + w->align - 1) / w->align * w->align;
  if (w->offsets) vtc_ptrmap_put(w->offsets, op, (void *)(intptr_t)(w->bytes + 1));
  w->bytes += bytes;
  return VTC_WALK_ADVANCE;
}

static vtc_walk_result visit_swizzle(vtc_op *op, void *data) {
  if (!vtc_op_get_attr(op, VTC_GIR_ATTR_SWIZZLE)) return VTC_WALK_ADVANCE;
  *(bool *)data = true;
  return VTC_WALK_INTERRUPT;
}

/* A kernel whose copies swizzle keeps every shared buffer in the dynamic
 * shared memory on a 1024-byte boundary (the swizzle pattern's span). */
static bool swizzles(vtc_op *kernel) {
  bool found = false;
  vtc_op_walk(kernel, true, visit_swizzle, &found);
  return found;
}

static shared_walk layout(vtc_op *kernel, vtc_ptrmap *offsets) {
  shared_walk w = {offsets, 0, swizzles(kernel) ? 1024 : 1};
  vtc_op_walk(kernel, true, visit_alloc, &w);
  return w;
}

int64_t vtc_gir_gpu_shared_bytes(vtc_op *kernel) { return layout(kernel, NULL).bytes; }

int64_t vtc_gir_gpu_dynamic_shared_bytes(vtc_op *kernel) {
  shared_walk w = layout(kernel, NULL);
  return w.bytes > VTC_GIR_GPU_STATIC_SHARED_MAX || (w.align > 1 && w.bytes) ? w.bytes : 0;
}

bool g2l_gpu_shared_begin(g2l *t, vtc_op *kernel) {
  shared_walk w = layout(kernel, &t->shared_offsets);
  const vtc_target_tensor_core *tc = t->opts->target->tensor_core;
  int64_t limit = tc && tc->max_shared_bytes ? tc->max_shared_bytes(t->opts->cpu) : VTC_GIR_GPU_STATIC_SHARED_MAX;
  if (limit && w.bytes > limit)
    return g2l_error(t, kernel, "'%s' needs %lld bytes of shared memory, but a block may use at most %lld on %s",
                     vtc_gir_kernel_name(kernel), (long long)w.bytes, (long long)limit,
                     t->opts->cpu ? t->opts->cpu : "the default architecture");
  if (w.bytes > VTC_GIR_GPU_STATIC_SHARED_MAX && (!tc || !tc->dynamic_shared))
    return g2l_error(t, kernel, "'%s' needs %lld bytes of shared memory: more than %d need dynamic shared memory, "
                                "which the target lacks",
                     vtc_gir_kernel_name(kernel), (long long)w.bytes, VTC_GIR_GPU_STATIC_SHARED_MAX);
  t->dyn_shared_bytes = vtc_gir_gpu_dynamic_shared_bytes(kernel);
  return true;
}

void g2l_gpu_shared_end(g2l *t) {
  vtc_ptrmap_free(&t->shared_offsets);
  memset(&t->shared_offsets, 0, sizeof t->shared_offsets);
  t->dyn_shared_bytes = 0;
}

LLVMValueRef g2l_gpu_shared_alloc(g2l *t, vtc_op *alloc, LLVMTypeRef elem, uint64_t count) {
  if (!t->dyn_shared_bytes) return g2l_gpu_shared(t, elem, count);
  int64_t off = (int64_t)(intptr_t)vtc_ptrmap_get(&t->shared_offsets, alloc) - 1;
  LLVMValueRef base = t->opts->target->tensor_core->dynamic_shared(t->b, t->m);
  LLVMValueRef idx = g2l_i64(t, off);
  return LLVMBuildGEP2(t->b, t->i8, base, &idx, 1, "dyn_shared");
}
