/* Kernel deduplication for lower-te-to-gir: one kernel per TE makes the same
 * kernel many times over in a repeated network (a stacked, unrolled LSTM has
 * 17k launches of a few dozen distinct kernels), and every copy costs LLVM,
 * ptxas and the driver's JIT time. Kernels whose bodies print the same (so
 * have the same signature, parallel primitive and ops) are one: launches of
 * a duplicate are redirected to the first such kernel and the duplicate is
 * erased, as XLA and TVM share identical fused kernels. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/asm.h"
#include "lowering/te-to-gir/t2g.h"

/* The locations of a kernel's assertions are part of what it does: a
 * failure reports the graph op it checks for. */
static vtc_walk_result key_assert_locs(vtc_op *op, void *out) {
  if (vtc_gir_is(op, "assert")) vtc_print_loc_to(op->loc, out);
  return VTC_WALK_ADVANCE;
}

/* The kernel's text without its name (what makes two kernels the same). */
static char *kernel_key(vtc_op *kernel) {
  vtc_strbuf out = {0};
  /* Local scope: a kernel is isolated from above, and numbering the whole
   * module for each kernel would be quadratic. */
  vtc_print_flags flags = {.elide_elements_above = -1, .local_scope = true};
  vtc_print_op(kernel, &flags, &out);
  vtc_op_walk(kernel, true, key_assert_locs, &out);
  const char *paren = strchr(out.data, '(');
  const char *from = paren ? paren : out.data;
  size_t n = strlen(from) + 1;
  char *key = memcpy(vtc_xmalloc(n), from, n);
  vtc_strbuf_free(&out);
  return key;
}

static uintptr_t fnv1a(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (uintptr_t)(h | 2); /* never 0 or 1, which vtc_ptrmap reserves */
}

typedef struct canonical {
  vtc_op *kernel;
  char *key;
} canonical;

/* The launches (at any depth: gir.switch regions hold them too) whose
 * kernel is a duplicate, with the canonical kernel each must target. */
typedef struct redirects {
  vtc_ptrmap *replaced;
  VTC_VEC(vtc_op *) launches;
  VTC_VEC(vtc_op *) targets;
} redirects;

static vtc_walk_result find_redirect(vtc_op *l, void *data) {
  redirects *r = data;
  vtc_op *k = vtc_gir_is(l, "launch") ? vtc_gir_launch_lookup_kernel(l) : NULL;
  vtc_op *to = k ? vtc_ptrmap_get(r->replaced, k) : NULL;
  if (to) {
    VTC_VEC_PUSH(&r->launches, l);
    VTC_VEC_PUSH(&r->targets, to);
  }
  return VTC_WALK_ADVANCE;
}

uint64_t t2g_dedup_kernels(vtc_op *module) {
  vtc_block *top = vtc_op_region(module, 0)->first;
  if (!top) return 0;
  vtc_ptrmap by_hash = {0};  /* key hash -> canonical * */
  vtc_ptrmap replaced = {0}; /* duplicate kernel op -> its canonical kernel op */
  VTC_VEC(canonical *) canon = {0};
  for (vtc_op *op = top->first; op; op = op->next) {
    if (!vtc_gir_is(op, "kernel")) continue;
    char *key = kernel_key(op);
    uintptr_t h = fnv1a(key);
    canonical *c = vtc_ptrmap_get(&by_hash, (const void *)h);
    if (c && !strcmp(c->key, key)) {
      vtc_ptrmap_put(&replaced, op, c->kernel);
      free(key);
    } else if (!c) { /* a colliding different kernel simply stays unshared */
      c = vtc_xcalloc(1, sizeof *c);
      *c = (canonical){op, key};
      vtc_ptrmap_put(&by_hash, (const void *)h, c);
      VTC_VEC_PUSH(&canon, c);
    } else {
      free(key);
    }
  }
  uint64_t removed = replaced.count;
  if (removed) {
    /* Launches first (symbol lookups before any mutation), then the erase. */
    redirects r = {&replaced, {0}, {0}};
    for (vtc_op *op = top->first; op; op = op->next)
      if (vtc_op_is_named(op, "func.func")) vtc_op_walk(op, true, find_redirect, &r);
    vtc_context *ctx = vtc_op_context(module);
    for (size_t i = 0; i < r.launches.len; i++)
      vtc_op_set_attr(r.launches.data[i], VTC_GIR_ATTR_KERNEL,
                      vtc_attr_symbol_ref(ctx, vtc_gir_kernel_name(r.targets.data[i]), 0, NULL));
    for (vtc_op *op = top->first, *next; op; op = next) {
      next = op->next;
      if (vtc_ptrmap_contains(&replaced, op)) vtc_op_erase(op);
    }
    VTC_VEC_FREE(&r.launches);
    VTC_VEC_FREE(&r.targets);
  }
  for (size_t i = 0; i < canon.len; i++) {
    free(canon.data[i]->key);
    free(canon.data[i]);
  }
  VTC_VEC_FREE(&canon);
  vtc_ptrmap_free(&by_hash);
  vtc_ptrmap_free(&replaced);
  return removed;
}
