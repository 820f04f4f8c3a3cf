/* Where a kernel's device barriers cut it (issue 15 item 7: the phase-split
 * fallback). A grid that cannot be co-resident runs the kernel once per
 * *segment* (the top-level ops between two `gir.sync device`), with a phase
 * argument: phase p recomputes what later segments need from earlier ones,
 * skips the rest of segments < p, runs segment p and returns at its
 * barrier. That is only sound when
 *   - every device barrier is at the top level of the body (a barrier in a
 *     loop would need the loop cut in the middle);
 *   - every value that crosses a barrier can be recomputed: the ops it
 *     comes from (transitively) are pure, shared gir.allocs, or loads
 *     (gir.copy into registers) from a global buffer parameter that the
 *     kernel never writes (those are reloaded; a load of memory the kernel
 *     writes is not: it may have changed);
 *   - no shared buffer is accessed on both sides of a barrier (shared
 *     memory does not survive from one launch to the next).
 * The gir-to-llvm lowering and the CUDA runtime both read this. */
#include "dialects/gir/gir_impl.h"
#include "ir/dialect.h"
#include "ir/ptrmap.h"

static bool is_device_sync(const vtc_op *op) {
  return vtc_gir_is(op, "sync") && op->num_results == 0 && vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_DEVICE;
}

/* The op of the kernel body that holds op (op itself at the top level). */
static vtc_op *top_level(vtc_op *op, const vtc_op *kernel) {
  for (vtc_op *p = vtc_op_parent_op(op); p && p != kernel; p = vtc_op_parent_op(p)) op = p;
  return op;
}

typedef struct split_state {
  const vtc_op *kernel;
  vtc_block *body;
  vtc_ptrmap written; /* kernel parameters some op writes through a view */
  bool any_written;   /* a write whose buffer is not known: every one counts */
  vtc_ptrmap seg;    /* top-level op -> segment + 1 */
  vtc_ptrmap *needed; /* top-level ops recomputed by later phases */
  VTC_VEC(vtc_op *) work;
  vtc_gir_device_split *out;
} split_state;

static unsigned seg_of(split_state *S, vtc_op *top) { return (unsigned)(uintptr_t)vtc_ptrmap_get(&S->seg, top); }

static void fail(split_state *S, const char *why, const vtc_op *where) {
  if (S->out->phases == 0) return;
  S->out->phases = 0;
  S->out->why = why;
  S->out->where = where;
}

/* The top-level op defining v, NULL for a kernel parameter or a value
 * defined inside the op that uses it. */
static vtc_op *top_def(split_state *S, vtc_value *v) {
  vtc_op *d = v->def_op;
  return d && d->parent == S->body ? d : NULL;
}

static void need(split_state *S, vtc_op *def) {
  if (!def || vtc_ptrmap_contains(S->needed, def)) return;
  vtc_ptrmap_put(S->needed, def, (void *)1);
  VTC_VEC_PUSH(&S->work, def);
}

typedef struct use_walk {
  split_state *S;
  unsigned seg;
} use_walk;

/* Operands of op (inside a top-level op of segment w->seg) defined in an
 * earlier segment cross a barrier. */
static vtc_walk_result crossing_uses(vtc_op *op, void *p) {
  use_walk *w = p;
  for (unsigned i = 0; i < op->num_operands; i++) {
    vtc_op *d = top_def(w->S, vtc_op_operand(op, i));
    if (d && seg_of(w->S, d) < w->seg) need(w->S, d);
  }
  return VTC_WALK_ADVANCE;
}

static vtc_walk_result all_uses(vtc_op *op, void *p) {
  split_state *S = p;
  for (unsigned i = 0; i < op->num_operands; i++) need(S, top_def(S, vtc_op_operand(op, i)));
  return VTC_WALK_ADVANCE;
}

static bool shared_alloc(const vtc_op *op) {
  vtc_gir_buffer_info b;
  return vtc_gir_is(op, "alloc") && op->num_results == 1 &&
         vtc_gir_buffer_info_of(vtc_op_context(op), op->results[0].type, &b) && b.level == VTC_GIR_SHARED;
}

/* The segment of every access to a shared buffer (through its views); a
 * block sync naming it accesses nothing. */
static bool one_segment(split_state *S, vtc_value *v, unsigned *seg) {
  for (vtc_use *u = v->first_use; u; u = u->next) {
    vtc_op *user = u->owner;
    if (vtc_gir_is(user, "sync")) continue;
    if (vtc_gir_is(user, "view") && user->num_results == 1) {
      if (!one_segment(S, vtc_op_result(user, 0), seg)) return false;
      continue;
    }
    unsigned s = seg_of(S, top_level(user, S->kernel));
    if (*seg && s != *seg) return false;
    *seg = s;
  }
  return true;
}

/* The buffer a view value looks into, or NULL when it is not a gir.view's. */
static vtc_value *view_buffer(vtc_value *v) {
  vtc_op *d = v->def_op;
  return d && vtc_gir_is(d, "view") && d->num_operands ? vtc_op_operand(d, 0) : NULL;
}

static vtc_walk_result find_writes(vtc_op *op, void *p) {
  split_state *S = p;
  vtc_value *dst = NULL;
  if (vtc_gir_is(op, "copy") && op->num_results == 0 && op->num_operands >= 2) dst = vtc_op_operand(op, 1);
  else if (vtc_gir_is(op, "copy_async") && op->num_operands >= 2) dst = vtc_op_operand(op, 1);
  else if (vtc_gir_is(op, "atomic") && op->num_operands >= 1) dst = vtc_op_operand(op, 0);
  if (!dst) return VTC_WALK_ADVANCE;
  vtc_value *buf = view_buffer(dst);
  if (buf) vtc_ptrmap_put(&S->written, buf, (void *)1);
  else S->any_written = true;
  return VTC_WALK_ADVANCE;
}

bool vtc_gir_kernel_written_params(vtc_op *kernel, bool *written) {
  split_state S = {.kernel = kernel, .body = vtc_gir_kernel_body(kernel)};
  vtc_op_walk(kernel, true, find_writes, &S);
  for (unsigned i = 0; S.body && i < S.body->num_args; i++)
    written[i] = S.any_written || vtc_ptrmap_contains(&S.written, S.body->args[i]);
  vtc_ptrmap_free(&S.written);
  return !S.any_written;
}

/* A load into registers from a global buffer parameter nobody writes. */
static bool reloadable(split_state *S, vtc_op *op) {
  if (!vtc_gir_is(op, "copy") || op->num_results != 1 || op->num_operands != 1 || S->any_written) return false;
  vtc_value *buf = view_buffer(vtc_op_operand(op, 0));
  vtc_gir_buffer_info b;
  return buf && !buf->def_op && buf->block == S->body &&
         vtc_gir_buffer_info_of(vtc_op_context(op), buf->type, &b) && b.level == VTC_GIR_GLOBAL &&
         !vtc_ptrmap_contains(&S->written, buf);
}

static vtc_walk_result nested_device_sync(vtc_op *op, void *p) {
  split_state *S = p;
  if (is_device_sync(op)) {
    S->out->barriers++;
    if (op->parent != S->body) fail(S, "a device barrier inside a gir.for (the loop cannot be cut)", op);
  }
  return VTC_WALK_ADVANCE;
}

void vtc_gir_kernel_device_split(vtc_op *kernel, vtc_gir_device_split *out, vtc_ptrmap *needed) {
  vtc_ptrmap own = {0};
  split_state S = {.kernel = kernel, .body = vtc_gir_kernel_body(kernel), .needed = needed ? needed : &own, .out = out};
  *out = (vtc_gir_device_split){0};
  unsigned seg = 1;
  for (vtc_op *op = S.body ? S.body->first : NULL; op; op = op->next) {
    vtc_ptrmap_put(&S.seg, op, (void *)(uintptr_t)seg);
    if (is_device_sync(op)) seg++;
  }
  out->phases = seg;
  vtc_op_walk(kernel, true, nested_device_sync, &S);
  if (!out->barriers) out->phases = 0;
  for (vtc_op *op = S.body && out->phases ? S.body->first : NULL; op; op = op->next) {
    use_walk w = {&S, seg_of(&S, op)};
    vtc_op_walk(op, true, crossing_uses, &w);
  }
  if (out->phases) vtc_op_walk(kernel, true, find_writes, &S);
  while (S.work.len && out->phases) {
    vtc_op *def = S.work.data[--S.work.len];
    if (!vtc_op_has_trait(def, VTC_TRAIT_PURE) && !shared_alloc(def) && !reloadable(&S, def)) {
      fail(&S, "a value crossing a device barrier is not recomputable (it comes from memory the kernel writes, "
               "or from a loop)", def);
      break;
    }
    vtc_op_walk(def, true, all_uses, &S);
  }
  for (vtc_op *op = S.body && out->phases ? S.body->first : NULL; op; op = op->next) {
    unsigned s = 0;
    if (shared_alloc(op) && !one_segment(&S, vtc_op_result(op, 0), &s))
      fail(&S, "a shared buffer is used on both sides of a device barrier (it does not survive between phases)", op);
  }
  VTC_VEC_FREE(&S.work);
  vtc_ptrmap_free(&S.seg);
  vtc_ptrmap_free(&S.written);
  vtc_ptrmap_free(&own);
}

unsigned vtc_gir_op_segment(const vtc_op *op) {
  unsigned s = 0;
  for (vtc_op *o = op->parent ? op->parent->first : NULL; o && o != op; o = o->next)
    if (is_device_sync(o)) s++;
  return s;
}
