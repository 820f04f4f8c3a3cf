/* The barrier rule of gir's verifier (issue 15 item 7): a memory-form
 * `gir.sync block` or `gir.sync device` must be reached by every unit of
 * its scope the same number of times, so it may not sit in a gir.for whose
 * bounds vary between those units: such a loop runs a different number of
 * trips per unit, and the barrier deadlocks (GPU, CPU pool) or is
 * reported by the interpreter only at run time. What varies is found by a
 * taint analysis over the kernel: gir.id unit / unit_in_group vary inside a
 * group, gir.id unit / group across groups; a value varies as any of its
 * operands, a loop's induction variable as its bounds, its carried values
 * and results as their initial and yielded values (to a fixed point).
 * Memory contents are assumed the same for every unit (a load varies only
 * through its address), as with MLIR's GPU uniformity analysis. */
#include "dialects/gir/gir_impl.h"
#include "ir/ptrmap.h"

enum { IN_GROUP = 1, ACROSS_GROUPS = 2 };

typedef struct taint {
  vtc_ptrmap of; /* vtc_value * -> (void *)(uintptr_t)bits */
  bool changed;
} taint;

static unsigned bits_of(taint *T, const vtc_value *v) { return (unsigned)(uintptr_t)vtc_ptrmap_get(&T->of, v); }

static void add_bits(taint *T, const vtc_value *v, unsigned bits) {
  unsigned old = bits_of(T, v);
  if ((old | bits) == old) return;
  vtc_ptrmap_put(&T->of, v, (void *)(uintptr_t)(old | bits));
  T->changed = true;
}

static bool well_formed_for(vtc_op *op) {
  vtc_block *body = vtc_gir_for_body(op);
  unsigned n = vtc_gir_for_num_iter(op);
  return op->num_operands >= 3 && body && body->num_args == 1 + n && op->num_results == n && body->last &&
         body->last->num_operands == n;
}

static vtc_walk_result propagate(vtc_op *op, void *p) {
  taint *T = p;
  if (vtc_gir_is(op, "id")) {
    vtc_gir_dim d = vtc_gir_id_dim(op);
    unsigned b = d == VTC_GIR_DIM_UNIT ? IN_GROUP | ACROSS_GROUPS : d == VTC_GIR_DIM_GROUP ? ACROSS_GROUPS : IN_GROUP;
    if (op->num_results) add_bits(T, vtc_op_result(op, 0), b);
    return VTC_WALK_ADVANCE;
  }
  unsigned in = 0;
  if (vtc_gir_is(op, "for")) {
    if (!well_formed_for(op)) return VTC_WALK_ADVANCE;
    vtc_block *body = vtc_gir_for_body(op);
    for (unsigned i = 0; i < 3; i++) in |= bits_of(T, vtc_op_operand(op, i));
    add_bits(T, body->args[0], in);
    for (unsigned k = 0; k < op->num_results; k++) {
      unsigned c = in | bits_of(T, vtc_op_operand(op, 3 + k)) | bits_of(T, vtc_op_operand(body->last, k));
      add_bits(T, body->args[1 + k], c);
      add_bits(T, vtc_op_result(op, k), c);
    }
    return VTC_WALK_ADVANCE;
  }
  for (unsigned i = 0; i < op->num_operands; i++) in |= bits_of(T, vtc_op_operand(op, i));
  for (unsigned r = 0; r < op->num_results; r++) add_bits(T, vtc_op_result(op, r), in);
  return VTC_WALK_ADVANCE;
}

typedef struct check {
  taint *T;
  bool ok;
} check;

static vtc_walk_result check_sync(vtc_op *op, void *p) {
  check *C = p;
  if (!vtc_gir_is(op, "sync") || op->num_results) return VTC_WALK_ADVANCE;
  vtc_gir_scope s = vtc_gir_sync_scope(op);
  if (s != VTC_GIR_SCOPE_BLOCK && s != VTC_GIR_SCOPE_DEVICE) return VTC_WALK_ADVANCE;
  unsigned bad = s == VTC_GIR_SCOPE_BLOCK ? IN_GROUP : IN_GROUP | ACROSS_GROUPS;
  for (vtc_op *f = vtc_op_parent_op(op); f && !vtc_gir_is(f, "kernel"); f = vtc_op_parent_op(f)) {
    if (!vtc_gir_is(f, "for") || !well_formed_for(f)) continue;
    unsigned b = 0;
    for (unsigned i = 0; i < 3; i++) b |= bits_of(C->T, vtc_op_operand(f, i));
    if (!(b & bad)) continue;
    vtc_diagnostic *d = vtc_diag_begin(vtc_op_context(op), VTC_SEV_ERROR, op->loc,
                                       "'gir.sync' op '%s' barrier inside a gir.for whose bounds depend on gir.id: "
                                       "the units of its scope would reach it a different number of times and "
                                       "deadlock", vtc_gir_scope_name(s));
    vtc_diag_note(d, f->loc, "the loop");
    vtc_diag_emit(d);
    C->ok = false;
    return VTC_WALK_INTERRUPT;
  }
  return VTC_WALK_ADVANCE;
}

bool gir_verify_barrier_uniformity(vtc_op *kernel) {
  taint T = {0};
  do { /* loops carry taint back to their start: a fixed point */
    T.changed = false;
    vtc_op_walk(kernel, true, propagate, &T);
  } while (T.changed);
  check C = {&T, true};
  vtc_op_walk(kernel, true, check_sync, &C);
  vtc_ptrmap_free(&T.of);
  return C.ok;
}
