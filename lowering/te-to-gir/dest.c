/* Destination-passing te.compute (`into`) in lower-te-to-gir: the kernel's
 * stores into its destination buffers through the store maps, and the
 * host's choice between writing a destination in place and copying it once.
 * vtc.txt 4.2 (block virtual I/O): where a store map keeps the innermost
 * index contiguous, a work item's chunk of `lanes` elements is one view at
 * one address; otherwise each element is stored on its own (lanes = 1).
 *
 * Choices where the paper is silent:
 * - A point outside a destination's box is masked by the view's `valid`
 *   rows (0), its address replaced by 0, so no address outside the buffer
 *   is formed; the box's innermost lower bound must be a multiple of the
 *   lanes (else lanes = 1) so a chunk is wholly inside or outside it, and
 *   its upper bound cuts the chunk by `valid` columns.
 * - A destination is written in place when no op after the compute reads
 *   its old value, the compute does not read it as an input, and its buffer
 *   was allocated by this function or is an argument donated to a result
 *   (graph.aliasing_output; the caller gave up its contents); otherwise it
 *   is copied once into a fresh buffer first, with a remark.
 * - Index-dependent stores that may meet (run-time positions standing for
 *   an index the map ignores: ScatterND's rows, vtc_te_compute_stores_may_meet);
 *   te's semantics is the last writer in iteration order. Their kernel runs on
 *   one unit (a group of one unit, one group), whose work items go in
 *   order, with a remark, unless the compute says its stores agree
 *   (`stores_agree`: lower-graph-to-te's scatter_nd stores the last
 *   duplicate's update at every duplicate position), when they run in
 *   parallel like any other. */
#include <stdio.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

/* ---- analysis ---------------------------------------------------------------- */

bool t2g_dest_chunk_contiguous(vtc_op *compute, unsigned vd, int64_t V, char *why, size_t n) {
  unsigned nd = vtc_te_compute_num_dests(compute), rank = vtc_te_compute_rank(compute);
  for (unsigned k = 0; k < nd; k++) {
    const vtc_affine_map *sm = vtc_te_compute_store_map(compute, k), *box = vtc_te_compute_box(compute, k);
    unsigned last = sm->num_results - 1;
    for (unsigned r = 0; r < sm->num_results; r++) {
      int64_t c = 0;
      bool uses = vtc_affine_expr_uses_dim(sm->results[r], vd);
      if (r != last && uses) {
        snprintf(why, n, "the store map of destination #%u moves a non-innermost index with the innermost", k);
        return false;
      }
      if (r == last && (!t2g_expr_linear(sm->results[r], vd, &c) || c != 1)) {
        snprintf(why, n, "the store map of destination #%u does not keep the innermost index contiguous", k);
        return false;
      }
    }
    const vtc_affine_expr *lo = box->results[2 * (rank - 1)];
    if (lo->kind != VTC_AFFINE_CONST || lo->value % V != 0) {
      snprintf(why, n, "the box of destination #%u starts its innermost range off a multiple of %lld lanes", k,
               (long long)V);
      return false;
    }
  }
  return true;
}

/* ---- the kernel's stores -------------------------------------------------------- */

static vtc_value *dest_dim(t2g_emit *E, const vtc_loc *loc, vtc_value *buf, const vtc_type *t, unsigned k) {
  int64_t d = vtc_tensor_dim(t, k);
  return d == VTC_DYNAMIC ? vtc_gir_build_dim(&E->at, loc, buf, k) : t2g_cidx(E, d);
}

void t2g_store_dests(t2g_emit *E, const t2g_dest_store *s) {
  vtc_op *c = s->compute;
  const vtc_loc *loc = c->loc;
  unsigned nd = vtc_te_compute_num_dests(c), rank = vtc_te_compute_rank(c);
  unsigned nx = vtc_te_compute_num_store_indices(c);
  const vtc_affine_map *shape = vtc_te_compute_shape(c);
  vtc_value *dims[2 * VTC_GIR_MAX_RANK + 8], *c0 = t2g_cidx(E, 0), *c1 = t2g_cidx(E, 1);
  for (unsigned i = 0; i < rank; i++) dims[i] = s->idx[i];
  for (unsigned i = 0; i < nx; i++) dims[rank + i] = s->extras[i];
  for (unsigned k = 0; k < nd; k++) {
    const vtc_affine_map *sm = vtc_te_compute_store_map(c, k), *box = vtc_te_compute_box(c, k);
    const vtc_type *t = vtc_te_compute_dest(c, k)->type;
    vtc_value *buf = s->dests[k], *inside = NULL, *cols = s->validw;
    /* Inside the box: each bound that is not the domain's own. */
    for (unsigned d = 0; d < rank; d++) {
      const vtc_affine_expr *lo = box->results[2 * d], *hi = box->results[2 * d + 1];
      if (lo->kind != VTC_AFFINE_CONST || lo->value != 0)
        inside = t2g_andi(E, inside, t2g_cmpi(E, VTC_CMPI_SLE, t2g_expr(E, lo, NULL, 0, s->syms, s->nsym), s->idx[d]));
      if (hi != shape->results[d]) {
        vtc_value *h = t2g_expr(E, hi, NULL, 0, s->syms, s->nsym);
        inside = t2g_andi(E, inside, t2g_cmpi(E, VTC_CMPI_SLT, s->idx[d], h));
        if (d == rank - 1 && s->lanes > 1) { /* the chunk's columns below hi */
          vtc_value *left = t2g_select(E, t2g_cmpi(E, VTC_CMPI_SLT, s->idx[d], h), t2g_subi(E, h, s->idx[d]), c0);
          cols = t2g_minui(E, cols ? cols : t2g_cidx(E, s->lanes), left);
        }
      }
    }
    /* The address of the chunk's first element: row-major in the destination. */
    vtc_value *off = c0, *stride = c1;
    for (unsigned r = t->rank; r-- > 0;) {
      vtc_value *pos = t2g_expr(E, sm->results[r], dims, rank + nx, s->syms, s->nsym);
      off = t2g_addi(E, off, t2g_muli(E, pos, stride));
      if (r) stride = t2g_muli(E, stride, dest_dim(E, loc, buf, t, r));
    }
    vtc_value *rows = NULL;
    if (inside) {
      off = t2g_select(E, inside, off, c0);
      rows = t2g_select(E, inside, c1, c0);
    }
    if (cols && !rows) rows = c1;
    if (rows && !cols) cols = t2g_cidx(E, s->lanes);
    const vtc_type *st = vtc_gir_slice_type(E->ctx, VTC_GIR_GLOBAL, t->element, 1, s->lanes, s->lanes);
    vtc_value *view = vtc_gir_build_view(&E->at, loc, buf, off, st, NULL, rows, cols);
    vtc_gir_build_copy(&E->at, loc, s->value, view);
  }
}

/* ---- the host's destinations ------------------------------------------------------ */

/* Whether `buf` is read after `op` in the function's block, or by `op` as an
 * input (the old value is needed then). */
static bool read_later(vtc_block *entry, vtc_op *op, vtc_value *buf) {
  for (vtc_use *u = buf->first_use; u; u = u->next) {
    vtc_op *top = vtc_block_find_ancestor_op(entry, u->owner);
    if (!top) return true;
    if (top == op) {
      if (vtc_te_compute_input_index(op, buf) >= 0) return true;
      continue;
    }
    for (vtc_op *o = op->next; o; o = o->next)
      if (o == top) return true;
  }
  return false;
}

bool t2g_dest_in_place(vtc_block *entry, vtc_op *compute, unsigned k, bool owned, const char **why) {
  vtc_value *buf = vtc_te_compute_dest(compute, k);
  if (!owned) {
    *why = "it is not a buffer this function allocated (an argument needs donation: graph.aliasing_output)";
    return false;
  }
  if (read_later(entry, compute, buf)) {
    *why = "its old value is read later (or by the compute itself)";
    return false;
  }
  return true;
}

bool t2g_dest_serialize(t2g_state *S, vtc_op *compute, vtc_op *kernel) {
  if (!vtc_te_compute_stores_may_meet(compute) || vtc_te_compute_stores_agree(compute)) return false;
  vtc_op_set_attr(kernel, VTC_GIR_ATTR_GROUP_SIZE, vtc_attr_i64(S->ctx, 1));
  S->dest_serial++;
  vtc_remark(S->ctx, compute->loc,
             "lower-te-to-gir: index-dependent stores run on one unit, in iteration order (the last writer wins)");
  return true;
}
