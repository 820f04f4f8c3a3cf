/* te-split-reduction: a long reduction over few outputs split in two
 * (TVM's rfactor; the split-K of Vortex's rKernels, for the contractions
 * they do not take). A TE with O output elements and one reduction axis of
 * R points becomes
 *   partial[o..., s, last] = reduce_{r < R/S} body(o, s * (R/S) + r)   (S parts)
 *   out[o...]              = reduce_{s < S} partial[o..., s, last]
 * so a GPU runs O x S work items of R/S points each instead of O of R: the
 * decode attention's P.V (O = B x HQ x D = 65536 outputs, R = 4096
 * positions, read through the GQA view) runs one serial chain of 4096
 * loads per thread otherwise.
 *
 * Which TEs: a sum (or max, min, prod) over a product of loads that Vortex
 * does not classify for an rKernel because of its maps (a contraction that
 * it takes keeps its tuned kernel, split-K included; a reduction of one load,
 * such as softmax's, keeps its fused form), no destinations, static extents
 * (with bodies=any: any reduction but such a contraction, a global
 * average pool's mean over H x W too). Several reduction axes split the
 * first: R is its extent, and a part holds R/S of it times the others. S
 * is the smallest power of two with O x S >= min-items, at most max-parts,
 * whose chunk R/S divides R and whose part has at least min-chunk points;
 * a reduction of fewer than min-length points (R times the other axes)
 * stays whole: its serial chain is short already (the decode attention's
 * QK^T over the head dim, 128 or 256 points, ran 7-14x slower split: at
 * b1 0.074 ms against 0.010). With S = 1 the TE stays (a remark says why).
 *
 * Choices where no paper speaks:
 *   - The part index goes just before the innermost output dim, so the
 *     innermost output index stays innermost (coalesced, or vector lanes).
 *   - The partials are f32 for f16/bf16 results (the sum is rounded once, at
 *     the end, by a third TE: a te.compute's yield has its result's type);
 *     the split reassociates the sum (a different rounding than the
 *     row-major fold, as any split-K).
 *   - In vtc-run's --target=cuda pipeline (RUN_CUDA_PIPELINE); a pipeline
 *     without it is the ablation.
 *   - O counts every output, also a group of outputs that share a load
 *     (which lower-te-to-gir computes as one work item): the H200's best
 *     part count of the decode P.V follows the outputs, not the groups.
 *     llama3 b16 (65536 outputs, 16384 groups of 4 heads) and gemma2 b16
 *     (65536, 32768 groups of 2) are both fastest with 32 parts of 128
 *     points, b1 (4096 outputs) with 64 of 64; counting groups gave b16 64
 *     parts. Call ms, -inplace, 2026-11-30 (vtc-decode-reductions-h200.txt):
 *     llama3 b16 0.180 -> 0.172, gemma2 b16 0.216 -> 0.206, b1 unchanged.
 *   - The defaults (min-items 2^21, min-chunk 64, min-length 1024), from
 *     the decode attention on an H200 (2026-11-28; the old defaults were
 *     min-items 2^19 and no min-length): the QK^T over the head dim (128 or
 *     256 points) is not split (at b1 0.074 -> 0.010 ms), P.V at b1 in 64
 *     parts of 64 (0.062 -> 0.034 ms). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "passes/souffle/souffle.h"
#include "passes/vortex/rkernel.h"

typedef struct split_options {
  int64_t min_items, min_chunk, max_parts, min_length;
  const char *bodies; /* "products" or "any" */
} split_options;

enum { ST_SPLIT, ST_SKIPPED };
static const char *const split_statistics[] = {"split", "skipped", NULL};

typedef struct splitter {
  vtc_pass_context *pc;
  vtc_context *ctx;
  const split_options *o;
} splitter;

/* The number of parts, or 1 with *why set. */
static int64_t choose_parts(const splitter *sp, vtc_op *c, int64_t *chunk, const char **why) {
  const vtc_affine_map *shape = vtc_te_compute_shape(c), *red = vtc_te_compute_reduce(c);
  int64_t outputs = 1;
  *why = NULL;
  if (vtc_te_compute_num_dests(c)) return *why = "it has destinations", 1;
  if (!red) return *why = "it has no reduction", 1;
  if (shape->num_results == 0) return *why = "it has no output dims", 1;
  for (unsigned i = 0; i < shape->num_results; i++) {
    const vtc_affine_expr *e = shape->results[i];
    if (e->kind != VTC_AFFINE_CONST) return *why = "an output extent is dynamic", 1;
    outputs *= e->value;
  }
  int64_t inner = 1; /* the points of the reduction axes after the first (not split) */
  for (unsigned k = 0; k < red->num_results; k++) {
    if (red->results[k]->kind != VTC_AFFINE_CONST) return *why = "a reduction extent is dynamic", 1;
    if (k) inner *= red->results[k]->value;
  }
  int64_t r = red->results[0]->value, parts = 1;
  if (r * inner < sp->o->min_length) return *why = "its reduction is shorter than min-length", 1;
  while (outputs * parts < sp->o->min_items && parts * 2 <= sp->o->max_parts && r % (parts * 2) == 0 &&
         r / (parts * 2) * inner >= sp->o->min_chunk)
    parts *= 2;
  if (parts == 1) *why = "enough outputs already, or a reduction too short to split";
  *chunk = r / parts;
  return parts;
}

/* Whether the TE's body is one the options split: never a contraction
 * Vortex takes (its rKernel splits K itself); with bodies=products only a
 * product of two loads whose indices are no GEMM or convolution form (so
 * softmax's and layer norm's reductions of one load keep their forms); with
 * bodies=any every other reduction too (a global average pool). */
static bool splittable_body(const splitter *sp, vtc_op *c, const char **why) {
  vortex_contraction cc;
  vortex_reject reject = VORTEX_REJECT_NONE;
  char buf[256];
  if (vortex_classify_compute_ex(c, &cc, &reject, buf, sizeof buf))
    return *why = "Vortex takes it as a contraction (its rKernel splits K itself)", false;
  if (reject != VORTEX_REJECT_MAP && strcmp(sp->o->bodies, "any") != 0)
    return *why = "its body is not a product of two loads (bodies=any splits it)", false;
  return true;
}

static vtc_value *index_const(vtc_builder *b, const vtc_loc *loc, int64_t v) {
  vtc_context *ctx = b->ctx;
  return vtc_op_result(vtc_arith_materialize_constant(b, vtc_attr_index(ctx, v), vtc_type_index(ctx), loc), 0);
}

static vtc_value *index_op(vtc_builder *b, const vtc_loc *loc, const char *name, vtc_value *x, vtc_value *y) {
  vtc_value *ops[2] = {x, y};
  return vtc_op_result(vtc_builder_create(b, name, loc, 2, ops, x->type, 0, NULL), 0);
}

static const vtc_type *tensor_of(vtc_context *ctx, const vtc_affine_map *shape, const vtc_type *el) {
  int64_t dims[VTC_MAX_RANK];
  for (unsigned i = 0; i < shape->num_results; i++) dims[i] = shape->results[i]->value;
  return vtc_type_tensor(ctx, shape->num_results, dims, el, NULL);
}

static const vtc_attr *init_of(vtc_context *ctx, vtc_op *c, const vtc_type *el) {
  const vtc_attr *init = vtc_te_compute_init(c);
  if (!init || !vtc_type_is_float(el)) return init;
  return vtc_attr_float(ctx, el, init->kind == VTC_ATTR_FLOAT ? init->f : (double)init->i);
}

/* The first TE: the parts. Its body is c's, the first reduction index
 * rebuilt as s * chunk + r (the others kept) and every load's map rewritten
 * likewise. Block arguments: the n + 1 output indices (s before the
 * innermost), then the nr reduction indices. */
static vtc_value *partial_sums(splitter *sp, vtc_op *c, int64_t parts, int64_t chunk, const vtc_type *acc) {
  vtc_context *ctx = sp->ctx;
  const vtc_affine_map *shape = vtc_te_compute_shape(c), *red = vtc_te_compute_reduce(c);
  unsigned n = shape->num_results, nr = red->num_results, ns = vtc_te_compute_num_symbols(c),
           ni = vtc_te_compute_num_inputs(c);
  const vtc_affine_expr *e[VTC_MAX_RANK + 1];
  for (unsigned i = 0, j = 0; i <= n; i++) e[i] = i == n - 1 ? vtc_affine_const(ctx, parts) : shape->results[j++];
  const vtc_affine_map *pshape = vtc_affine_map_get(ctx, 0, ns, n + 1, e);
  const vtc_affine_expr *ch = vtc_affine_const(ctx, chunk);
  const vtc_affine_expr *re[VTC_MAX_RANK];
  re[0] = ch;
  for (unsigned k = 1; k < nr; k++) re[k] = red->results[k];
  const vtc_affine_map *pred = vtc_affine_map_get(ctx, 0, ns, nr, re);
  vtc_value **ops = vtc_xcalloc(ni + ns + 1, sizeof *ops); /* the inputs, then the symbols, as they are */
  for (unsigned i = 0; i < ni + ns; i++) ops[i] = vtc_op_operand(c, i);
  vtc_builder b = vtc_builder_before(c);
  vtc_op *p = vtc_te_build_compute(&b, c->loc, tensor_of(ctx, pshape, acc), ni, ops, ns, ops + ni, pshape, pred,
                                   vtc_te_compute_combiner(c), init_of(ctx, c, acc));
  free(ops);
  vtc_block *ob = vtc_te_compute_body(c), *nb = vtc_te_compute_body(p);
  vtc_builder in = vtc_builder_at_end(ctx, nb);
  vtc_mapping *map = vtc_mapping_create();
  for (unsigned i = 0; i < n; i++) vtc_mapping_map_value(map, ob->args[i], nb->args[i < n - 1 ? i : n]);
  for (unsigned k = 1; k < nr; k++) vtc_mapping_map_value(map, ob->args[n + k], nb->args[n + 1 + k]);
  if (vtc_value_has_uses(ob->args[n])) /* the body's own index arithmetic on it */
    vtc_mapping_map_value(
        map, ob->args[n],
        index_op(&in, c->loc, "arith.addi",
                 index_op(&in, c->loc, "arith.muli", nb->args[n - 1], index_const(&in, c->loc, chunk)),
                 nb->args[n + 1]));
  /* Old dims (outputs, reductions, extra operands) in the new space. */
  const vtc_affine_expr *dims[2 * VTC_MAX_RANK + 1 + 8];
  for (unsigned i = 0; i < n - 1; i++) dims[i] = vtc_affine_dim(ctx, i);
  dims[n - 1] = vtc_affine_dim(ctx, n);
  dims[n] = vtc_affine_add(ctx, vtc_affine_mul(ctx, vtc_affine_dim(ctx, n - 1), ch), vtc_affine_dim(ctx, n + 1));
  for (unsigned k = 1; k < nr; k++) dims[n + k] = vtc_affine_dim(ctx, n + 1 + k);
  for (unsigned k = 0; k < 8; k++) dims[n + nr + k] = vtc_affine_dim(ctx, n + nr + 1 + k);
  vtc_value *result = NULL;
  for (vtc_op *o = ob->first; o; o = o->next) {
    if (vtc_te_is_yield(o)) {
      result = vtc_mapping_lookup_value(map, vtc_te_yield_value(o));
      if (!result) result = vtc_te_yield_value(o);
      break;
    }
    vtc_op *copy = vtc_op_clone(o, map);
    vtc_builder_insert_op(&in, copy);
    if (!vtc_te_is_load(copy)) continue;
    const vtc_affine_map *m = vtc_te_load_map(o);
    const vtc_affine_expr *r[VTC_MAX_RANK];
    for (unsigned k = 0; k < m->num_results; k++)
      r[k] = vtc_affine_expr_simplify(ctx, vtc_affine_expr_replace(ctx, m->results[k], dims, m->num_dims, NULL, 0));
    vtc_op_set_attr(copy, VTC_TE_ATTR_MAP,
                    vtc_attr_affine_map(ctx, vtc_affine_map_get(ctx, m->num_dims + 1, m->num_symbols,
                                                                m->num_results, r)));
  }
  vtc_mapping_destroy(map);
  if (result->type != acc)
    result = vtc_op_result(vtc_builder_create(&in, "arith.extf", c->loc, 1, &result, acc, 0, NULL), 0);
  vtc_te_build_yield(&in, c->loc, result);
  return vtc_op_result(p, 0);
}

/* The second TE: the parts combined (and a third rounding f32 to the
 * result's type). */
static vtc_value *combine_parts(splitter *sp, vtc_op *c, vtc_value *partial, int64_t parts, const vtc_type *acc) {
  vtc_context *ctx = sp->ctx;
  const vtc_affine_map *shape = vtc_te_compute_shape(c);
  const vtc_type *rt = vtc_op_result(c, 0)->type;
  unsigned n = shape->num_results;
  const vtc_affine_expr *e[VTC_MAX_RANK + 1], *np = vtc_affine_const(ctx, parts);
  const vtc_affine_map *sh = vtc_affine_map_get(ctx, 0, 0, n, shape->results);
  vtc_builder b = vtc_builder_before(c);
  vtc_op *q = vtc_te_build_compute(&b, c->loc, tensor_of(ctx, sh, acc), 1, &partial, 0, NULL, sh,
                                   vtc_affine_map_get(ctx, 0, 0, 1, &np), vtc_te_compute_combiner(c),
                                   init_of(ctx, c, acc));
  for (unsigned i = 0, j = 0; i <= n; i++) e[i] = vtc_affine_dim(ctx, i == n - 1 ? n : j++);
  vtc_builder in = vtc_builder_at_end(ctx, vtc_te_compute_body(q));
  vtc_value *v = vtc_te_build_load(&in, c->loc, partial, vtc_affine_map_get(ctx, n + 1, 0, n + 1, e), 0, NULL, NULL);
  vtc_te_build_yield(&in, c->loc, v);
  vtc_value *sum = vtc_op_result(q, 0);
  if (acc == rt->element) return sum;
  vtc_op *r = vtc_te_build_compute(&b, c->loc, rt, 1, &sum, 0, NULL, sh, NULL, VTC_TE_COMBINER_NONE, NULL);
  in = vtc_builder_at_end(ctx, vtc_te_compute_body(r));
  v = vtc_te_build_load(&in, c->loc, sum, vtc_affine_map_identity(ctx, n), 0, NULL, NULL);
  v = vtc_op_result(vtc_builder_create(&in, "arith.truncf", c->loc, 1, &v, rt->element, 0, NULL), 0);
  vtc_te_build_yield(&in, c->loc, v);
  return vtc_op_result(r, 0);
}

/* Whether c was split (else a remark says why not). */
static bool split_one(splitter *sp, vtc_op *c) {
  int64_t chunk = 0, parts;
  const char *why = NULL;
  if (!splittable_body(sp, c, &why) || (parts = choose_parts(sp, c, &chunk, &why)) == 1) {
    vtc_pass_stat_add(sp->pc, ST_SKIPPED, 1);
    vtc_remark(sp->ctx, c->loc, "te-split-reduction: not split: %s", why);
    return false;
  }
  const vtc_type *el = vtc_op_result(c, 0)->type->element;
  bool half = vtc_type_is_float(el) && vtc_type_bit_width(el) == 16;
  const vtc_type *acc = half ? vtc_type_f32(sp->ctx) : el;
  vtc_value *partial = partial_sums(sp, c, parts, chunk, acc);
  vtc_value *out = combine_parts(sp, c, partial, parts, acc);
  const vtc_affine_map *red = vtc_te_compute_reduce(c);
  int64_t points = chunk;
  for (unsigned k = 1; k < red->num_results; k++) points *= red->results[k]->value;
  vtc_remark(sp->ctx, c->loc, "te-split-reduction: split into %lld parts of %lld points", (long long)parts,
             (long long)points);
  vtc_value_replace_all_uses(vtc_op_result(c, 0), out);
  vtc_op_erase(c);
  vtc_pass_stat_add(sp->pc, ST_SPLIT, 1);
  return true;
}

static bool run_split_reduction(vtc_pass_context *pc, vtc_op *root, const void *options) {
  splitter sp = {pc, vtc_pass_context_ctx(pc), options};
  if (sp.o->min_items < 1 || sp.o->min_chunk < 1 || sp.o->max_parts < 1 || sp.o->min_length < 1)
    return vtc_error(sp.ctx, root->loc,
                     "te-split-reduction: min-items, min-chunk, max-parts and min-length must be >= 1");
  if (strcmp(sp.o->bodies, "products") != 0 && strcmp(sp.o->bodies, "any") != 0)
    return vtc_error(sp.ctx, root->loc, "te-split-reduction: bodies must be products or any, not '%s'", sp.o->bodies);
  size_t nf = 0;
  vtc_op **funcs = vtc_func_collect(root, &nf);
  bool changed = false;
  for (size_t f = 0; f < nf; f++) {
    vtc_block *body = funcs[f]->num_regions ? vtc_op_region(funcs[f], 0)->first : NULL;
    for (vtc_op *op = body ? body->first : NULL, *next; op; op = next) {
      next = op->next;
      if (vtc_te_is_compute(op) && vtc_te_compute_reduce(op)) changed |= split_one(&sp, op);
    }
  }
  free(funcs);
  if (!changed) vtc_pass_mark_unchanged(pc);
  return true;
}

static const vtc_pass_option split_option_table[] = {
    {"min-items", VTC_OPTION_INT, "2097152",
     "split until outputs x parts reach this many work items (a GPU's threads several times over)",
     offsetof(split_options, min_items), NULL},
    {"min-chunk", VTC_OPTION_INT, "64", "the fewest reduction points a part keeps", offsetof(split_options, min_chunk),
     NULL},
    {"max-parts", VTC_OPTION_INT, "64", "the most parts", offsetof(split_options, max_parts), NULL},
    {"min-length", VTC_OPTION_INT, "1024", "the fewest reduction points a TE must have to be split",
     offsetof(split_options, min_length), NULL},
    {"bodies", VTC_OPTION_STRING, "products",
     "which reductions: products (of two loads Vortex does not take) or any (every reduction but a Vortex "
     "contraction: pools, norms, softmax's)",
     offsetof(split_options, bodies), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_te_split_reduction_pass = {
    .name = "te-split-reduction",
    .summary = "Split a long reduction over few outputs that no rKernel takes into parts and their combination "
               "(rfactor): more work items for a GPU",
    .options_size = sizeof(split_options),
    .options = split_option_table,
    .run = run_split_reduction,
    .statistics = split_statistics,
};
