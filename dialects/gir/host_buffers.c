/* The buffer discipline of gir host code (gir.h, vtc_gir_check_host_buffers):
 * a linear scan of a host function's one block, as the gir interpreter
 * checks while it runs, so that the compiled targets refuse what would be a
 * double free, a use after free, a returned argument (unless donated to that
 * result: graph.aliasing_output) or a leak at run time. */
#include <stdlib.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "ir/diagnostics.h"
#include "ir/ptrmap.h"

/* Per buffer value: who allocated it, and where it was freed or returned. */
typedef struct buffer_state {
  bool owned;         /* gir.alloc or a func.call result: ours to free or return */
  int donated_to;     /* an argument donated to this result (graph.aliasing_output), else -1 */
  vtc_op *freed, *returned;
} buffer_state;

typedef struct scan {
  vtc_ptrmap states; /* vtc_value * -> buffer_state * (heap) */
  VTC_VEC(buffer_state *) all;
  VTC_VEC(vtc_value *) owned; /* in allocation order */
} scan;

static buffer_state *state(scan *s, vtc_value *v) {
  buffer_state *b = vtc_ptrmap_get(&s->states, v);
  if (!b) {
    b = vtc_xcalloc(1, sizeof *b);
    b->donated_to = -1;
    vtc_ptrmap_put(&s->states, v, b);
    VTC_VEC_PUSH(&s->all, b);
  }
  return b;
}

static void define(scan *s, vtc_value *v, bool owned) {
  if (!vtc_gir_is_buffer(v->type)) return;
  state(s, v)->owned = owned;
  if (owned) VTC_VEC_PUSH(&s->owned, v);
}

/* `'op' op <what>` with a note at the earlier op. */
static bool error_with_note(vtc_op *op, const char *what, vtc_op *earlier, const char *note) {
  vtc_diagnostic *d = vtc_diag_begin(vtc_op_context(op), VTC_SEV_ERROR, op->loc, "'%s' op %s", op->name->name, what);
  vtc_diag_note(d, earlier->loc, "%s", note);
  vtc_diag_emit(d);
  return false;
}

/* Any use of a buffer after its gir.free. */
static bool check_use(scan *s, vtc_op *op, vtc_value *v) {
  if (!vtc_gir_is_buffer(v->type)) return true;
  buffer_state *b = state(s, v);
  if (!b->freed) return true;
  return error_with_note(op, vtc_op_is_named(op, "gir.free") ? "frees a buffer twice" : "uses a buffer already freed",
                         b->freed, "freed here");
}

static bool check_free(scan *s, vtc_op *op) {
  vtc_value *v = vtc_op_operand(op, 0);
  buffer_state *b = state(s, v);
  if (!b->owned)
    return vtc_op_error(op, "frees a buffer the function did not allocate (an argument belongs to the caller)");
  b->freed = op;
  return true;
}

static bool check_return(scan *s, vtc_op *ret) {
  for (unsigned i = 0; i < ret->num_operands; i++) {
    vtc_value *v = vtc_op_operand(ret, i);
    if (!vtc_gir_is_buffer(v->type)) continue;
    buffer_state *b = state(s, v);
    if (!b->owned && b->donated_to != (int)i)
      return vtc_op_error(ret, "returns a buffer the function did not allocate (result #%u): the caller owns every "
                               "result, so an argument must be copied into a new buffer (or donated to it)",
                          i);
    if (b->returned) return vtc_op_error(ret, "returns one buffer twice (result #%u): each result is its own buffer", i);
    b->returned = ret;
  }
  return true;
}

static bool scan_block(scan *s, vtc_block *block);

/* A host gir.switch: each region is scanned from the state before the
 * switch (a buffer freed in one region is not freed in another); a buffer a
 * region yields moves into the switch's result; after the switch a buffer
 * is freed when some region freed it (the CPU lowering requires every
 * region or none to free it, translate.c). */
static bool scan_switch(scan *s, vtc_op *op) {
  size_t n = s->all.len;
  vtc_op **before = vtc_xcalloc(n + 1, sizeof *before), **after = vtc_xcalloc(n + 1, sizeof *after);
  for (size_t i = 0; i < n; i++) before[i] = s->all.data[i]->freed;
  bool ok = true;
  for (unsigned r = 0; ok && r < op->num_regions; r++) {
    vtc_block *b = vtc_op_region(op, r)->first;
    if (!b) continue;
    ok = scan_block(s, b);
    vtc_op *y = vtc_block_terminator(b);
    for (unsigned i = 0; ok && y && i < y->num_operands; i++)
      if (vtc_gir_is_buffer(vtc_op_operand(y, i)->type)) state(s, vtc_op_operand(y, i))->returned = y;
    for (size_t i = 0; i < n; i++) {
      if (s->all.data[i]->freed != before[i]) after[i] = s->all.data[i]->freed;
      s->all.data[i]->freed = before[i];
    }
  }
  for (size_t i = 0; i < n; i++)
    if (after[i]) s->all.data[i]->freed = after[i];
  free(before);
  free(after);
  return ok;
}

static bool scan_block(scan *s, vtc_block *block) {
  bool ok = true;
  for (vtc_op *op = block->first; ok && op; op = op->next) {
    for (unsigned i = 0; ok && i < op->num_operands; i++) ok = check_use(s, op, vtc_op_operand(op, i));
    if (!ok) break;
    if (vtc_op_is_named(op, "gir.free")) ok = check_free(s, op);
    else if (vtc_op_is_named(op, "func.return")) ok = check_return(s, op);
    else if (vtc_op_is_named(op, "gir.switch")) ok = scan_switch(s, op);
    for (unsigned i = 0; i < op->num_results; i++) define(s, vtc_op_result(op, i), true);
  }
  return ok;
}

bool vtc_gir_check_host_buffers(vtc_op *func) {
  vtc_region *r = func->num_regions ? vtc_op_region(func, 0) : NULL;
  vtc_block *entry = r ? r->first : NULL;
  if (!entry) return true;
  scan s = {0};
  for (unsigned a = 0; a < entry->num_args; a++) {
    define(&s, entry->args[a], false);
    if (vtc_gir_is_buffer(entry->args[a]->type)) state(&s, entry->args[a])->donated_to = vtc_func_donated_result(func, a);
  }
  bool ok = scan_block(&s, entry);
  for (size_t i = 0; ok && i < s.owned.len; i++) {
    buffer_state *b = state(&s, s.owned.data[i]);
    if (!b->freed && !b->returned)
      ok = vtc_error(vtc_op_context(func), s.owned.data[i]->def_op->loc,
                     "buffer allocated here is neither freed nor returned (it would leak)");
  }
  for (size_t i = 0; i < s.all.len; i++) free(s.all.data[i]);
  VTC_VEC_FREE(&s.all);
  VTC_VEC_FREE(&s.owned);
  vtc_ptrmap_free(&s.states);
  return ok;
}
