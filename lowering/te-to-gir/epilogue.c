/* The store stage of a GPU rKernel carries the element-wise TEs that
 * consume its contraction (vortex.txt Table 1's "register -> global"
 * epilogue; Souffle 6.3 attaches memory-intensive TEs to the compute-
 * intensive one): bias, activation, residual and cast are applied to the
 * accumulators in registers and only the last result is stored, so a GEMM
 * with its bias and GELU is one kernel and its M x N result makes one trip
 * to memory instead of three.
 *
 * Two steps, both in lower-te-to-gir{epilogue=true}, hierarchy=gpu:
 *   1. t2g_merge_epilogue_chains, before the kernels are built: the chain of
 *      element-wise TEs after a contraction in the GEMM form (each the only
 *      consumer of the previous one, reading it once at its own index, over
 *      the same shape: equal extents, or `?` extents a te.assert makes
 *      equal) becomes one TE, the chain's bodies cloned op for op (the
 *      roundings stay where they were), over the last TE's symbols (an
 *      earlier TE of other symbols only where its loads name none);
 *   2. t2g_match_epilogue: that TE is the contraction's epilogue when its
 *      other loads are either the output's shape at the output's index (a
 *      residual) or a vector indexed by one output dim alone that is the
 *      GEMM's only N dim (a bias) or its only M dim (a convolution's bias).
 *      rkernel_gpu.c then applies its body to the accumulators, cast to the
 *      contraction's type first as the TE reads them, with those operands
 *      gathered in the accumulators' layout; rkernel_cpu.c to each row of
 *      a thread's tiles of C once C is final.
 * The host (pass.c) launches a variant that carries the epilogue in place
 * of the contraction and the TE; split-K variants (their partials are summed
 * by a second kernel) and the plain kernel write the contraction and then
 * launch the TE's own kernel, so every shape still has a path. Refusals
 * leave the TEs as they are (statistics: epilogues, epilogue-tes). */
#include <string.h>

#include "dialects/te/te.h"
#include "ir/assert_op.h"
#include "ir/check.h"
#include "lowering/te-to-gir/t2g.h"

/* The te.compute whose body holds the only load of v, or NULL: every use
 * of v is that compute's input operand or one te.load in its body. */
static vtc_op *sole_consumer(vtc_value *v, vtc_op **load) {
  vtc_op *consumer = NULL;
  *load = NULL;
  for (vtc_use *u = v->first_use; u; u = u->next) {
    vtc_op *owner = u->owner, *c = vtc_te_is_load(owner) ? vtc_te_load_compute(owner) : owner;
    if (!vtc_te_is_compute(c) || (consumer && c != consumer)) return NULL;
    consumer = c;
    if (vtc_te_is_load(owner)) {
      if (*load) return NULL;
      *load = owner;
    }
  }
  return *load ? consumer : NULL;
}

static bool same_symbols(const vtc_op *a, const vtc_op *b) {
  unsigned n = vtc_te_compute_num_symbols(a);
  if (n != vtc_te_compute_num_symbols(b)) return false;
  for (unsigned i = 0; i < n; i++)
    if (vtc_te_compute_symbol(a, i) != vtc_te_compute_symbol(b, i)) return false;
  return true;
}

static bool uses_symbols(const vtc_affine_expr *e) {
  if (e->kind == VTC_AFFINE_SYMBOL) return true;
  return e->kind > VTC_AFFINE_CONST && (uses_symbols(e->lhs) || uses_symbols(e->rhs));
}

/* Whether e's loads can move into a TE of other symbols: their maps name
 * none (an identity map, a bias's (d2)). */
static bool loads_symbol_free(const vtc_op *e) {
  for (const vtc_op *op = vtc_te_compute_body(e)->first; op; op = op->next) {
    if (!vtc_te_is_load(op)) continue;
    const vtc_affine_map *m = vtc_te_load_map(op);
    for (unsigned r = 0; r < m->num_results; r++)
      if (uses_symbols(m->results[r])) return false;
  }
  return true;
}

/* Whether a te.assert before `at` in its block stops the program unless
 * x == y (the graph ops' shape checks, lower-graph-to-te). */
static bool asserted_equal(const vtc_op *at, const vtc_value *x, const vtc_value *y) {
  for (const vtc_op *op = at->prev; op; op = op->prev)
    if (vtc_te_is_assert(op) && vtc_assert_relation(op) == VTC_CHECK_EQ && vtc_assert_num_args(op) == 2) {
      const vtc_value *a = vtc_assert_arg(op, 0), *b = vtc_assert_arg(op, 1);
      if ((a == x && b == y) || (a == y && b == x)) return true;
    }
  return false;
}

/* Whether result dim d of e's shape is that of c's when e runs: the same
 * constant, the same symbol value, or two symbols asserted equal before e
 * (graph.add of a matmul and a residual whose `?` dims come from two
 * arguments). */
static bool same_extent(const vtc_op *c, const vtc_op *e, unsigned d) {
  const vtc_affine_expr *x = vtc_te_compute_shape(c)->results[d], *y = vtc_te_compute_shape(e)->results[d];
  if (x->kind == VTC_AFFINE_CONST || y->kind == VTC_AFFINE_CONST)
    return x->kind == y->kind && x->value == y->value;
  if (x->kind != VTC_AFFINE_SYMBOL || y->kind != VTC_AFFINE_SYMBOL) return false;
  vtc_value *sx = vtc_te_compute_symbol(c, (unsigned)x->value), *sy = vtc_te_compute_symbol(e, (unsigned)y->value);
  return sx == sy || asserted_equal(e, sx, sy);
}

/* An element-wise TE over prev's shape (same_extent) whose body is loads
 * without data operands or padding, arith/math ops and the yield, and uses
 * its indices only in loads. */
static bool elementwise_over(const vtc_op *e, const vtc_op *prev) {
  unsigned rank = vtc_te_compute_rank(e);
  if (vtc_te_compute_num_reduce(e) || vtc_te_compute_num_dests(e) || rank != vtc_te_compute_rank(prev)) return false;
  for (unsigned d = 0; d < rank; d++)
    if (!same_extent(prev, e, d)) return false;
  for (unsigned i = 0; i < rank; i++)
    for (vtc_use *u = vtc_te_compute_index_arg(e, i)->first_use; u; u = u->next)
      if (!vtc_te_is_load(u->owner)) return false;
  for (vtc_op *op = vtc_te_compute_body(e)->first; op; op = op->next) {
    const char *d = op->name->dialect;
    bool scalar = d && (strcmp(d, "arith") == 0 || strcmp(d, "math") == 0) && op->num_regions == 0;
    bool load = vtc_te_is_load(op) && !vtc_te_load_num_extra(op) && !vtc_te_load_padding(op);
    if (!scalar && !load && !vtc_te_is_yield(op)) return false;
  }
  return true;
}

/* The next TE of c's chain: the sole consumer of c's result, element-wise
 * over c's shape, reading it at its own index; NULL at the chain's end. */
static vtc_op *next_in_chain(vtc_op *c) {
  vtc_op *load, *e = sole_consumer(vtc_op_result(c, 0), &load);
  if (!e || !elementwise_over(e, c) || !vtc_affine_map_is_identity(vtc_te_load_map(load))) return NULL;
  return e;
}

static void add_input(vtc_value **inputs, unsigned *n, vtc_value *v) {
  for (unsigned i = 0; i < *n; i++)
    if (inputs[i] == v) return;
  inputs[(*n)++] = v;
}

/* chain[0..n) as one TE before chain[n - 1]: each body cloned in turn, its
 * load of the previous TE replaced by that TE's yielded value. */
static vtc_op *merge_chain(t2g_state *S, vtc_op *const *chain, unsigned n) {
  vtc_value *inputs[T2G_EPILOGUE_MAX_CHAIN * 8];
  unsigned num_inputs = 0;
  for (unsigned k = 0; k < n; k++)
    for (unsigned i = 0; i < vtc_te_compute_num_inputs(chain[k]); i++) {
      vtc_value *in = vtc_te_compute_input(chain[k], i);
      if (k && in == vtc_op_result(chain[k - 1], 0)) continue;
      if (num_inputs == sizeof inputs / sizeof *inputs) return NULL;
      add_input(inputs, &num_inputs, in);
    }
  vtc_op *last = chain[n - 1];
  unsigned nsym = vtc_te_compute_num_symbols(last);
  vtc_value *syms[VTC_GIR_MAX_RANK * 4];
  if (nsym > sizeof syms / sizeof *syms) return NULL;
  for (unsigned i = 0; i < nsym; i++) syms[i] = vtc_te_compute_symbol(last, i);
  vtc_builder b = vtc_builder_before(last);
  vtc_op *merged = vtc_te_build_compute(&b, last->loc, vtc_te_compute_type(last), num_inputs, inputs, nsym, syms,
                                        vtc_te_compute_shape(last), NULL, VTC_TE_COMBINER_NONE, NULL);
  vtc_builder bb = vtc_builder_at_end(S->ctx, vtc_te_compute_body(merged));
  vtc_value *prev = NULL;
  for (unsigned k = 0; k < n; k++) {
    vtc_mapping *map = vtc_mapping_create();
    for (unsigned i = 0; i < vtc_te_compute_rank(last); i++)
      vtc_mapping_map_value(map, vtc_te_compute_index_arg(chain[k], i), vtc_te_compute_index_arg(merged, i));
    for (vtc_op *op = vtc_te_compute_body(chain[k])->first; op; op = op->next) {
      if (vtc_te_is_yield(op)) {
        prev = vtc_mapping_lookup_value(map, vtc_te_yield_value(op));
        break;
      }
      if (k && vtc_te_is_load(op) && vtc_te_load_input(op) == vtc_op_result(chain[k - 1], 0)) {
        vtc_mapping_map_value(map, vtc_op_result(op, 0), prev);
        continue;
      }
      vtc_op *copy = vtc_op_clone(op, map);
      vtc_builder_insert_op(&bb, copy);
      const vtc_affine_map *m = vtc_te_is_load(copy) ? vtc_te_load_map(copy) : NULL;
      if (m && m->num_symbols != nsym) /* symbol-free: the same map over last's symbols */
        vtc_op_set_attr(copy, VTC_TE_ATTR_MAP,
                        vtc_attr_affine_map(S->ctx, vtc_affine_map_get(S->ctx, m->num_dims, nsym, m->num_results,
                                                                       m->results)));
    }
    vtc_mapping_destroy(map);
  }
  vtc_te_build_yield(&bb, last->loc, prev);
  vtc_value_replace_all_uses(vtc_op_result(last, 0), vtc_op_result(merged, 0));
  for (unsigned k = n; k-- > 0;) vtc_op_erase(chain[k]);
  return merged;
}

void t2g_merge_epilogue_chains(t2g_state *S, vtc_block *entry) {
  for (vtc_op *op = entry->first; op; op = op->next) {
    if (!vtc_te_is_compute(op) || !vtc_te_compute_num_reduce(op) || vtc_te_compute_num_dests(op)) continue;
    vtc_op *chain[T2G_EPILOGUE_MAX_CHAIN];
    unsigned n = 0;
    for (vtc_op *e = next_in_chain(op); e && n < T2G_EPILOGUE_MAX_CHAIN; e = next_in_chain(e)) chain[n++] = e;
    /* The merged TE takes the last one's symbols: the chain ends before a TE
     * of other symbols whose predecessors' loads name any. */
    unsigned keep = n;
    for (unsigned k = 0; k + 1 < keep;) {
      bool fits = same_symbols(chain[k], chain[keep - 1]) || loads_symbol_free(chain[k]);
      keep = fits ? keep : k + 1;
      k = fits ? k + 1 : 0; /* a new last TE: check the earlier ones against it */
    }
    n = keep;
    if (n < 2) continue;
    t2g_gemm g;
    char why[160];
    memset(&g, 0, sizeof g);
    if (!t2g_match_gemm(S, op, &g, why, sizeof why)) continue;
    if (merge_chain(S, chain, n)) {
      S->epilogue_tes += n;
      S->changed = true;
    }
  }
}

/* A load of an extra operand: the output's shape at its index (a
 * residual), or a vector at the last output dim, the GEMM's only N dim. */
static bool extra_kind(const t2g_gemm *g, const vtc_op *e, const vtc_op *load, t2g_epilogue_kind *kind) {
  const vtc_affine_map *m = vtc_te_load_map(load);
  const vtc_type *in = vtc_te_load_input(load)->type, *out = vtc_te_compute_type(e);
  unsigned rank = vtc_te_compute_rank(e);
  if (vtc_affine_map_is_identity(m) && in->rank == rank) {
    for (unsigned d = 0; d < rank; d++)
      if (vtc_tensor_dim(in, d) != vtc_tensor_dim(out, d)) return false;
    *kind = T2G_EPILOGUE_FULL;
    return true;
  }
  /* A vector at one output dim d: the GEMM's only N dim (a Linear layer's
   * bias, along the columns) or its only M dim (a convolution's per-channel
   * bias in the W . X form, along the rows). */
  const vortex_contraction *c = &g->c;
  if (m->num_results != 1 || m->results[0]->kind != VTC_AFFINE_DIM || in->rank != 1) return false;
  unsigned d = (unsigned)m->results[0]->value;
  if (vtc_tensor_dim(in, 0) != vtc_tensor_dim(out, d)) return false;
  if (c->num_role_dims[VORTEX_ROLE_N] == 1 && c->role_dims[VORTEX_ROLE_N][0] == d) *kind = T2G_EPILOGUE_ROW;
  else if (c->num_role_dims[VORTEX_ROLE_M] == 1 && c->role_dims[VORTEX_ROLE_M][0] == d) *kind = T2G_EPILOGUE_COL;
  else return false;
  return true;
}

bool t2g_match_epilogue(t2g_state *S, const t2g_gemm *g, t2g_epilogue *ep) {
  vtc_op *c = g->c.compute, *e = next_in_chain(c);
  memset(ep, 0, sizeof *ep);
  if (!e || vtc_te_compute_rank(e) != vtc_te_compute_rank(c)) return false;
  const vtc_type *elem = vtc_te_compute_type(e)->element;
  if (!vtc_type_is_float(elem) || vtc_type_bit_width(elem) > 32) return false;
  ep->compute = e;
  ep->c_input = (unsigned)vtc_te_compute_input_index(e, vtc_op_result(c, 0));
  ep->d_elem = elem;
  ep->d_buffer = t2g_buffer_type(S->ctx, vtc_te_compute_type(e));
  for (vtc_op *op = vtc_te_compute_body(e)->first; op; op = op->next) {
    if (!vtc_te_is_load(op) || vtc_te_load_input(op) == vtc_op_result(c, 0)) continue;
    int i = vtc_te_compute_input_index(e, vtc_te_load_input(op));
    const vtc_type *elem = vtc_te_load_input(op)->type->element;
    t2g_epilogue_kind kind;
    if (i < 0 || !vtc_type_is_float(elem) || vtc_type_bit_width(elem) > 32 || !extra_kind(g, e, op, &kind))
      return false;
    int seen = -1;
    for (unsigned x = 0; x < ep->num_extra; x++)
      if (ep->extra[x] == (unsigned)i) seen = (int)x;
    if (seen >= 0) { /* the same operand read again: one register slice, so at the same index */
      if (ep->map[seen] != vtc_te_load_map(op)) return false;
      continue;
    }
    if (ep->num_extra == T2G_EPILOGUE_MAX_EXTRA) return false;
    ep->map[ep->num_extra] = vtc_te_load_map(op);
    ep->kind[ep->num_extra] = kind;
    ep->extra_elem[ep->num_extra] = elem;
    ep->extra_buffer[ep->num_extra] = t2g_buffer_type(S->ctx, vtc_te_load_input(op)->type);
    ep->extra[ep->num_extra++] = (unsigned)i;
  }
  return true;
}

vtc_value *t2g_emit_epilogue(vtc_builder *at, const vtc_loc *loc, const t2g_epilogue *ep, const vtc_type *result,
                             vtc_value *c, vtc_value *const *extras) {
  vtc_op *e = ep->compute;
  vtc_value *operands[1 + T2G_EPILOGUE_MAX_EXTRA];
  operands[0] = c;
  for (unsigned x = 0; x < ep->num_extra; x++) operands[1 + x] = extras[x];
  vtc_op *ew = vtc_gir_build_elementwise(at, loc, result, 1 + ep->num_extra, operands, false);
  vtc_block *body = vtc_gir_elementwise_body(ew);
  vtc_builder bb = vtc_builder_at_end(vtc_op_context(ew), body);
  vtc_mapping *map = vtc_mapping_create();
  vtc_value *yielded = NULL;
  for (vtc_op *op = vtc_te_compute_body(e)->first; op; op = op->next) {
    if (vtc_te_is_yield(op)) {
      yielded = vtc_mapping_lookup_value(map, vtc_te_yield_value(op));
      break;
    }
    if (!vtc_te_is_load(op)) {
      vtc_builder_insert_op(&bb, vtc_op_clone(op, map));
      continue;
    }
    int i = vtc_te_compute_input_index(e, vtc_te_load_input(op));
    unsigned arg = 0;
    for (unsigned x = 0; x < ep->num_extra; x++)
      if (ep->extra[x] == (unsigned)i) arg = 1 + x;
    vtc_mapping_map_value(map, vtc_op_result(op, 0), body->args[arg]);
  }
  vtc_mapping_destroy(map);
  vtc_gir_build_yield(&bb, loc, 1, &yielded);
  return vtc_op_result(ew, 0);
}
