/* gir -> LLVM: the host gir.switch (dialects/gir/ops_switch.c) as an LLVM
 * `switch` on the selector, one block per region, a merge block whose phis
 * are the results (a buffer result is a phi of its pointer and of each
 * dynamic dim).
 *
 * Host buffers on failure exits (check_ops.c frees what the function owns
 * when a check fails): inside a region the owned list grows and shrinks as
 * usual; after the merge, what a region allocated is owned through the
 * result phis (so a region may yield only buffers it made, or none), and a
 * buffer from before the switch that a region frees must be freed by every
 * region (else which buffers are live after the merge depends on the path). */
#include <string.h>

#include "lowering/gir-to-llvm/translate_impl.h"

typedef struct region_out {
  LLVMBasicBlockRef end;  /* where the region's code ended */
  g2l_value **values;     /* its yielded values */
  bool *dropped;          /* outer owned buffers it freed */
} region_out;

/* Is v defined inside op's regions? */
static bool defined_inside(const vtc_op *op, const vtc_value *v) {
  vtc_block *b = vtc_value_parent_block(v);
  for (vtc_op *p = b && b->parent ? b->parent->parent : NULL; p; p = vtc_op_parent_op(p))
    if (p == op) return true;
  return false;
}

static bool translate_region(g2l *t, vtc_op *op, unsigned r, LLVMBasicBlockRef bb, LLVMBasicBlockRef merge,
                             size_t outer, region_out *out) {
  LLVMPositionBuilderAtEnd(t->b, bb);
  vtc_op *y = NULL;
  if (!g2l_block_ops(t, vtc_gir_switch_block(op, r), &y)) return false;
  if (!y || !vtc_gir_is(y, "yield")) return g2l_error(t, op, "a region does not end with gir.yield");
  out->values = vtc_xcalloc(op->num_results + 1, sizeof *out->values);
  for (unsigned i = 0; i < op->num_results; i++) {
    vtc_value *v = vtc_op_operand(y, i);
    out->values[i] = g2l_lookup(t, v);
    if (out->values[i]->kind == G2L_BUFFER && !defined_inside(op, v))
      return g2l_error(t, op, "yields buffer result %u from outside the switch: the CPU translation owns a "
                              "switch's buffer results, so each region must allocate its own", i);
  }
  out->dropped = vtc_xcalloc(outer + 1, sizeof *out->dropped);
  for (size_t i = 0; i < outer; i++) out->dropped[i] = t->host_owned.data[i] == NULL;
  out->end = LLVMGetInsertBlock(t->b);
  LLVMBuildBr(t->b, merge);
  return true;
}

/* The merge block's phi over the regions' values of one scalar. */
static LLVMValueRef phi(g2l *t, LLVMTypeRef type, LLVMValueRef *vals, region_out *outs, unsigned n) {
  LLVMValueRef p = LLVMBuildPhi(t->b, type, "");
  LLVMBasicBlockRef *blocks = vtc_xcalloc(n + 1, sizeof *blocks);
  for (unsigned r = 0; r < n; r++) blocks[r] = outs[r].end;
  LLVMAddIncoming(p, vals, blocks, n);
  free(blocks);
  return p;
}

static void bind_results(g2l *t, vtc_op *op, region_out *outs, unsigned n) {
  LLVMValueRef *vals = vtc_xcalloc(n + 1, sizeof *vals);
  for (unsigned i = 0; i < op->num_results; i++) {
    g2l_value *first = outs[0].values[i];
    if (first->kind == G2L_BUFFER) {
      g2l_value *lv = g2l_new_value(t, G2L_BUFFER);
      lv->rank = first->rank;
      for (unsigned r = 0; r < n; r++) vals[r] = outs[r].values[i]->ptr;
      lv->ptr = phi(t, t->ptr, vals, outs, n);
      for (unsigned d = 0; d < lv->rank; d++) {
        bool same = true;
        for (unsigned r = 0; r < n; r++) {
          vals[r] = outs[r].values[i]->dims[d];
          same &= vals[r] == vals[0];
        }
        lv->dims[d] = same ? vals[0] : phi(t, t->i64, vals, outs, n);
      }
      g2l_host_own(t, lv->ptr);
      g2l_bind(t, vtc_op_result(op, i), lv);
    } else {
      for (unsigned r = 0; r < n; r++) vals[r] = outs[r].values[i]->v;
      g2l_bind_scalar(t, vtc_op_result(op, i), phi(t, LLVMTypeOf(vals[0]), vals, outs, n));
    }
  }
  free(vals);
}

bool g2l_switch_op(g2l *t, vtc_op *op) {
  if (t->kernel) return g2l_error(t, op, "is host-only");
  unsigned ncases = vtc_gir_switch_num_cases(op), n = ncases + 1;
  LLVMValueRef sel = g2l_scalar(t, vtc_gir_switch_selector(op));
  LLVMBasicBlockRef *bbs = vtc_xcalloc(n + 1, sizeof *bbs);
  for (unsigned r = 0; r < n; r++)
    bbs[r] = LLVMAppendBasicBlockInContext(t->c, t->fn, r < ncases ? "switch.case" : "switch.default");
  LLVMBasicBlockRef merge = LLVMAppendBasicBlockInContext(t->c, t->fn, "switch.end");
  LLVMValueRef sw = LLVMBuildSwitch(t->b, sel, bbs[ncases], ncases);
  for (unsigned r = 0; r < ncases; r++)
    LLVMAddCase(sw, LLVMConstInt(t->i64, (unsigned long long)vtc_gir_switch_case_value(op, r), 1), bbs[r]);
  /* Each region starts from the owned list as it was before the switch. */
  size_t outer = t->host_owned.len;
  LLVMValueRef *saved = vtc_xcalloc(outer + 1, sizeof *saved);
  if (outer) memcpy(saved, t->host_owned.data, outer * sizeof *saved);
  region_out *outs = vtc_xcalloc(n + 1, sizeof *outs);
  bool ok = true;
  for (unsigned r = 0; ok && r < n; r++) {
    ok = translate_region(t, op, r, bbs[r], merge, outer, &outs[r]);
    t->host_owned.len = outer;
    if (outer) memcpy(t->host_owned.data, saved, outer * sizeof *saved);
  }
  for (size_t i = 0; ok && i < outer; i++)
    for (unsigned r = 1; ok && r < n; r++)
      if (outs[r].dropped[i] != outs[0].dropped[i])
        ok = g2l_error(t, op, "frees a buffer from before the switch in some regions only: every region must free "
                              "it, or none");
  if (ok) {
    for (size_t i = 0; i < outer; i++)
      if (outs[0].dropped[i]) t->host_owned.data[i] = NULL;
    LLVMPositionBuilderAtEnd(t->b, merge);
    bind_results(t, op, outs, n);
  }
  for (unsigned r = 0; r < n; r++) {
    free(outs[r].values);
    free(outs[r].dropped);
  }
  free(outs);
  free(saved);
  free(bbs);
  return ok;
}
