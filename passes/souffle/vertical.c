/* souffle-vertical: Souffle's vertical transformation of one-relies-on-one
 * TEs (souffle.txt 6.2). A te.load of a TE without reduction axis is
 * replaced by that TE's body, its loads re-indexed by map composition
 * (Equation 2: f_{i+1}(f_i(v))), into any consumer, reductions included,
 * until no load can be composed (a fixed point). Producers left without
 * users are erased.
 *
 * Semantics are kept op for op: the producer's ops are cloned, never
 * rewritten, so a rounding (arith.truncf to f16 before an f32 bias) stays
 * where it was. Choices where the paper is silent:
 *   - Duplication: a producer read by more than one load, or escaping the
 *     TEs (returned, or a te.dim's operand), or read through a map that
 *     ignores an index of the consumer (a broadcast: each element would be
 *     recomputed), is composed only when its body costs at most
 *     `max-dup-flops` (1) flops per element and holds no math op
 *     (transcendental), or when every load of it reads its own box of it,
 *     the boxes disjoint, in element-wise consumers (`disjoint-reads`:
 *     each element is still computed once); otherwise it stays a TE (its
 *     tensor is then Souffle's TR, for 6.5).
 *   - A load with data operands (gather, scatter_nd's last duplicate) is
 *     composed like any other: the composed loads take the same operands.
 *     Never composed: a producer whose own loads have data operands (two
 *     levels of run-time indices), and a padded load (reads outside the
 *     producer would need its bounds as predicates).
 *   - A producer whose body uses its indices outside loads (masks, the
 *     selects of concat and pad) gets them as index arithmetic of the
 *     consumer's map: arith.addi/muli, floordivsi/ceildivsi, and remsi only
 *     on a provably non-negative operand (mod is a floor mod); otherwise it
 *     is refused.
 *   - A compute-intensive reduction (a GEMM: flops per element at or over
 *     ci-threshold, 5.3) is not composed into unless into-ci=true: Souffle
 *     schedules CI TEs with a tuned kernel (Vortex's rKernels here, which
 *     take a product of loads or casts of loads of one element type) and
 *     attaches memory-intensive TEs to it (6.3), not into its operands.
 *     The same for a memory-intensive contraction (a GEMV) that Vortex
 *     gives an rKernel: composing a weight slice into it made its operand
 *     leave the GEMM form, and the LSTM's GEMVs ran as plain kernels at 54
 *     us each on the H200 (7.5 us as rKernels).
 *   - With into-ci=true and keep-contractions=true (the default) a
 *     contraction that Vortex gives an rKernel keeps that form when its
 *     composed loads would leave it (a padded view, two dims reshaped into
 *     one index) and either the contraction is compute-intensive
 *     (ci-threshold: its tensor-core or FFMA tiles are worth more than the
 *     bytes of a view) or its plain kernel would not share the loads of
 *     its largest input (plain_streams_largest). It is then restored as it
 *     came and its loads are composed one at a time, each only if the
 *     contraction keeps the form (compose_keeping_form).
 *     A memory-intensive contraction whose outputs share the rows of its
 *     largest input (decode attention over GQA heads, 2 flops per element)
 *     takes the composition: its plain kernel streams the same bytes,
 *     minus the view's copy.
 *   - With producers=vtc-views a view whose tensor escapes (a returned KV
 *     cache concat) is not composed: it is materialised anyway, so reading
 *     it costs what reading its inputs would, and its consumers' loads stay
 *     free of its pieces' selects (gpt2-attn-kv: the attention's transpose
 *     of the returned cache composes into the contraction as an N x K
 *     operand instead of being copied).
 *   - Each refusal is a remark at the load with its reason, once per load,
 *     and a statistic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "passes/souffle/souffle.h"
#include "passes/te/te_passes.h"

typedef enum producers { PRODUCERS_ALL, PRODUCERS_VTC_VIEWS } producers;

typedef struct options {
  int64_t max_dup_flops;
  bool remarks;
  bool into_ci;
  int64_t ci_threshold;
  int producers;
  bool keep_contractions;
  bool disjoint_reads;
} options;

typedef enum refusal {
  OK,
  R_INDEX_DEPENDENT,
  R_PADDED,
  R_DUPLICATION,
  R_INDEX_USE,
  R_INTO_CI,
  R_BREAKS_FORM,
  R_ESCAPES,
  NUM_REASONS,
} refusal;

static const char *const reason_text[NUM_REASONS] = {
    [R_INDEX_DEPENDENT] = "index-dependent (gather) map",
    [R_PADDED] = "padded read of the producer",
    [R_DUPLICATION] = "would duplicate a producer of more than max-dup-flops flops per element or with a "
                      "transcendental op",
    [R_INDEX_USE] = "the producer uses its indices and the consumer's map has no index arithmetic for them",
    [R_INTO_CI] = "the consumer is compute-intensive or has Vortex's rKernel: it keeps its contraction form for "
                  "its tuned kernel (into-ci=true composes)",
    [R_BREAKS_FORM] = "composing this load would leave the contraction form Vortex's rKernel needs, which this "
                      "contraction keeps (compute-intensive, or its plain kernel would re-read its largest input)",
    [R_ESCAPES] = "the view's tensor is returned, so it exists anyway: reading it costs the bytes of its inputs and "
                  "keeps the consumer's loads free of its pieces (producers=vtc-views)",
};

enum { ST_BEFORE, ST_AFTER, ST_COMPOSED, ST_ERASED, ST_REFUSED_BASE, ST_DISJOINT = ST_REFUSED_BASE + NUM_REASONS - 1 };

static const char *const statistics[] = {
    "TEs before", "TEs after", "compositions", "producers erased", "refused: index-dependent",
    "refused: padded read", "refused: duplication", "refused: index use", "refused: compute-intensive or rKernel consumer",
    "refused: would leave the contraction form", "refused: returned view",
    "compositions of a shared producer read in disjoint boxes", NULL,
};

/* A refusal held back while a contraction's compositions are tried
 * all at once (compose_into): reported only if that trial is kept. */
typedef struct pending_refusal {
  vtc_op *load, *producer;
  refusal reason;
} pending_refusal;

typedef struct state {
  vtc_pass_context *pc;
  vtc_context *ctx;
  const options *opt;
  vtc_ptrmap refused;  /* loads already reported (or held in pending) */
  vtc_ptrmap inlined;  /* producers composed somewhere */
  bool consumer_ci;    /* the consumer being composed into is CI (as it came) */
  bool deferring;      /* refusals go to pending, compositions are not counted */
  int64_t pending_disjoint;
  pending_refusal *pending;
  size_t num_pending, cap_pending;
} state;

/* ---- eligibility ------------------------------------------------------------------ */

static unsigned load_uses(const vtc_value *v, bool *escapes) {
  unsigned n = 0;
  for (vtc_use *u = v->first_use; u; u = u->next) {
    if (vtc_te_is_load(u->owner)) n++;
    else if (!vtc_te_is_compute(u->owner)) *escapes = true;
  }
  return n;
}

/* The load ignores an index of the consumer whose extent is not 1. */
static bool broadcasts(vtc_op *consumer, const vtc_affine_map *m) {
  unsigned rank = vtc_te_compute_rank(consumer), nred = vtc_te_compute_num_reduce(consumer);
  for (unsigned d = 0; d < rank + nred; d++) {
    const vtc_affine_map *dom = d < rank ? vtc_te_compute_shape(consumer) : vtc_te_compute_reduce(consumer);
    const vtc_affine_expr *ext = dom->results[d < rank ? d : d - rank];
    if (ext->kind == VTC_AFFINE_CONST && ext->value == 1) continue;
    bool used = false;
    for (unsigned i = 0; i < m->num_results && !used; i++) used = vtc_affine_expr_uses_dim(m->results[i], d);
    if (!used) return true;
  }
  return false;
}

static bool cheap(vtc_op *producer, const options *opt) {
  vtc_te_cost cost;
  vtc_te_cost_of(producer, &cost);
  if ((int64_t)cost.flops_per_point > opt->max_dup_flops) return false;
  vtc_context *ctx = vtc_op_context(producer);
  for (vtc_op *o = vtc_te_compute_body(producer)->first; o; o = o->next)
    if (o->name->dialect == vtc_str(ctx, "math")) return false;
  return true;
}

static bool nonneg(const vtc_affine_expr *e) {
  switch (e->kind) {
  case VTC_AFFINE_DIM:
  case VTC_AFFINE_SYMBOL: return true;
  case VTC_AFFINE_CONST: return e->value >= 0;
  case VTC_AFFINE_ADD:
  case VTC_AFFINE_MUL: return nonneg(e->lhs) && nonneg(e->rhs);
  default: return nonneg(e->lhs) && e->rhs->kind == VTC_AFFINE_CONST && e->rhs->value > 0;
  }
}

/* Index arithmetic can express e: +, * and division/mod by positive constants. */
static bool materializable(const vtc_affine_expr *e) {
  switch (e->kind) {
  case VTC_AFFINE_DIM:
  case VTC_AFFINE_SYMBOL:
  case VTC_AFFINE_CONST: return true;
  case VTC_AFFINE_ADD:
  case VTC_AFFINE_MUL: return materializable(e->lhs) && materializable(e->rhs);
  case VTC_AFFINE_MOD: return nonneg(e->lhs) && materializable(e->lhs) && e->rhs->kind == VTC_AFFINE_CONST && e->rhs->value > 0;
  default: return materializable(e->lhs) && e->rhs->kind == VTC_AFFINE_CONST && e->rhs->value > 0;
  }
}

/* The box [lo, hi) of the producer that `load` reads, each point once: its
 * consumer is element-wise (no reduction: no contraction or rKernel that
 * would refuse the composition and leave the producer computed twice),
 * every index is a constant or one dim of the consumer plus a constant,
 * no dim twice, every dim of extent > 1 read (no broadcast), extents
 * static. */
static bool load_box(vtc_op *load, int64_t *lo, int64_t *hi) {
  vtc_op *consumer = vtc_op_parent_op(load);
  if (!consumer || !vtc_te_is_compute(consumer) || vtc_te_compute_reduce(consumer) || vtc_te_load_num_extra(load) ||
      vtc_te_load_padding(load))
    return false;
  const vtc_affine_map *m = vtc_te_load_map(load), *dom = vtc_te_compute_shape(consumer);
  unsigned rank = vtc_te_compute_rank(consumer);
  bool read[VTC_MAX_RANK] = {false};
  if (rank > VTC_MAX_RANK || m->num_results > VTC_MAX_RANK) return false;
  for (unsigned r = 0; r < m->num_results; r++) {
    const vtc_affine_expr *e = m->results[r];
    int64_t c = 0;
    if (e->kind == VTC_AFFINE_ADD && e->rhs->kind == VTC_AFFINE_CONST) c = e->rhs->value, e = e->lhs;
    if (e->kind == VTC_AFFINE_CONST) {
      lo[r] = e->value + c, hi[r] = lo[r] + 1;
      continue;
    }
    if (e->kind != VTC_AFFINE_DIM || e->value >= rank || read[e->value]) return false;
    const vtc_affine_expr *ext = dom->results[e->value];
    if (ext->kind != VTC_AFFINE_CONST) return false;
    read[e->value] = true;
    lo[r] = c, hi[r] = c + ext->value;
  }
  return !broadcasts(consumer, m);
}

/* Every load of the producer reads its own box (load_box) and no two boxes
 * meet: composed into all of them, each element of the producer is still
 * computed once (the LSTM's gate pre-activations, read as four quarters by
 * the cell's two element-wise TEs), so duplication costs nothing. */
static bool reads_disjoint(vtc_op *producer) {
  enum { MAX_LOADS = 64 };
  int64_t lo[MAX_LOADS][VTC_MAX_RANK], hi[MAX_LOADS][VTC_MAX_RANK];
  unsigned n = 0, rank = vtc_te_compute_rank(producer);
  for (vtc_use *u = vtc_op_result(producer, 0)->first_use; u; u = u->next) {
    if (vtc_te_is_compute(u->owner)) continue; /* a consumer's operand list */
    if (!vtc_te_is_load(u->owner) || n == MAX_LOADS || !load_box(u->owner, lo[n], hi[n]) ||
        vtc_te_load_map(u->owner)->num_results != rank)
      return false;
    for (unsigned j = 0; j < n; j++) {
      bool apart = false;
      for (unsigned r = 0; r < rank && !apart; r++) apart = hi[n][r] <= lo[j][r] || hi[j][r] <= lo[n][r];
      if (!apart) return false;
    }
    n++;
  }
  return true;
}

static refusal check(state *s, vtc_op *consumer, vtc_op *load, vtc_op *producer, bool *disjoint) {
  vtc_block *pb = vtc_te_compute_body(producer);
  for (vtc_op *o = pb->first; o; o = o->next)
    if (vtc_te_is_load(o) && vtc_te_load_num_extra(o)) return R_INDEX_DEPENDENT;
  if (vtc_te_load_padding(load)) return R_PADDED;
  if (s->consumer_ci) return R_INTO_CI;
  bool escapes = false;
  unsigned n = load_uses(vtc_op_result(producer, 0), &escapes);
  if (escapes && s->opt->producers == PRODUCERS_VTC_VIEWS) return R_ESCAPES;
  const vtc_affine_map *m = vtc_te_load_map(load);
  if ((n > 1 || escapes || broadcasts(consumer, m)) && !cheap(producer, s->opt)) {
    *disjoint = !escapes && s->opt->disjoint_reads && reads_disjoint(producer);
    if (!*disjoint) return R_DUPLICATION;
  }
  for (unsigned i = 0; i < pb->num_args; i++)
    if (vtc_value_has_uses(pb->args[i]) && !materializable(m->results[i])) return R_INDEX_USE;
  return OK;
}

/* ---- composition ------------------------------------------------------------------- */

/* Appends v to list (of *n) unless present; returns its position. */
static unsigned find_or_add(vtc_value ***list, unsigned *n, unsigned *cap, vtc_value *v) {
  for (unsigned i = 0; i < *n; i++)
    if ((*list)[i] == v) return i;
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 8;
    *list = vtc_xrealloc(*list, *cap * sizeof **list);
  }
  (*list)[*n] = v;
  return (*n)++;
}

static vtc_value *index_op(vtc_builder *b, const vtc_loc *loc, const char *name, vtc_value *x, vtc_value *y) {
  vtc_value *ops[2] = {x, y};
  return vtc_op_result(vtc_builder_create(b, name, loc, 2, ops, x->type, 0, NULL), 0);
}

/* e over the consumer's block arguments, the load's extra operands (the
 * dims after them) and symbols, as index arithmetic. */
static vtc_value *materialize(vtc_builder *b, vtc_op *load, vtc_op *consumer, const vtc_affine_expr *e) {
  vtc_context *ctx = b->ctx;
  const vtc_type *ix = vtc_type_index(ctx);
  const vtc_loc *loc = load->loc;
  vtc_block *body = vtc_te_compute_body(consumer);
  switch (e->kind) {
  case VTC_AFFINE_DIM:
    return e->value < body->num_args ? body->args[e->value] : vtc_te_load_extra(load, (unsigned)(e->value - body->num_args));
  case VTC_AFFINE_SYMBOL: return vtc_te_compute_symbol(consumer, (unsigned)e->value);
  case VTC_AFFINE_CONST:
    return vtc_op_result(vtc_arith_materialize_constant(b, vtc_attr_index(ctx, e->value), ix, loc), 0);
  default: break;
  }
  static const char *const names[] = {
      [VTC_AFFINE_ADD] = "arith.addi", [VTC_AFFINE_MUL] = "arith.muli", [VTC_AFFINE_MOD] = "arith.remsi",
      [VTC_AFFINE_FLOORDIV] = "arith.floordivsi", [VTC_AFFINE_CEILDIV] = "arith.ceildivsi",
  };
  vtc_value *x = materialize(b, load, consumer, e->lhs), *y = materialize(b, load, consumer, e->rhs);
  return index_op(b, loc, names[e->kind], x, y);
}

/* Replaces `load` (in consumer) by producer's body. */
static void compose(state *s, vtc_op *consumer, vtc_op *load, vtc_op *producer) {
  vtc_context *ctx = s->ctx;
  unsigned nin = vtc_te_compute_num_inputs(consumer), nsym = vtc_te_compute_num_symbols(consumer);
  unsigned icap = 0, scap = 0;
  vtc_value **ins = NULL, **syms = NULL;
  unsigned ni = 0, ns = 0;
  for (unsigned i = 0; i < nin; i++) find_or_add(&ins, &ni, &icap, vtc_te_compute_input(consumer, i));
  for (unsigned i = 0; i < nsym; i++) {
    /* Keep every position, duplicates included: the maps name them. */
    if (ns == scap) {
      scap = scap ? 2 * scap : 8;
      syms = vtc_xrealloc(syms, scap * sizeof *syms);
    }
    syms[ns++] = vtc_te_compute_symbol(consumer, i);
  }
  for (unsigned i = 0; i < vtc_te_compute_num_inputs(producer); i++)
    find_or_add(&ins, &ni, &icap, vtc_te_compute_input(producer, i));
  unsigned pns = vtc_te_compute_num_symbols(producer);
  unsigned *psym = vtc_xcalloc(pns + 1, sizeof *psym);
  for (unsigned i = 0; i < pns; i++) psym[i] = find_or_add(&syms, &ns, &scap, vtc_te_compute_symbol(producer, i));
  /* The consumer's new operand list: inputs, then symbols, then its
   * destinations (`into`) as they were. */
  unsigned nd = vtc_te_compute_num_dests(consumer);
  vtc_value **operands = vtc_xcalloc(ni + ns + nd + 1, sizeof *operands);
  if (ni) memcpy(operands, ins, ni * sizeof *operands);
  if (ns) memcpy(operands + ni, syms, ns * sizeof *operands);
  for (unsigned i = 0; i < nd; i++) operands[ni + ns + i] = vtc_te_compute_dest(consumer, i);
  vtc_op_set_operands(consumer, ni + ns + nd, operands);
  vtc_op_set_attr(consumer, VTC_TE_ATTR_NUM_INPUTS, vtc_attr_i64(ctx, ni));

  const vtc_affine_map *lmap = vtc_te_load_map(load);
  const vtc_affine_map *inner = vtc_affine_map_get(ctx, lmap->num_dims, ns, lmap->num_results, lmap->results);
  vtc_builder b = vtc_builder_before(load);
  vtc_mapping *map = vtc_mapping_create();
  vtc_block *pb = vtc_te_compute_body(producer);
  for (unsigned i = 0; i < pb->num_args; i++)
    if (vtc_value_has_uses(pb->args[i]))
      vtc_mapping_map_value(map, pb->args[i], materialize(&b, load, consumer, lmap->results[i]));
  vtc_value *result = NULL;
  for (vtc_op *o = pb->first; o; o = o->next) {
    if (vtc_te_is_yield(o)) {
      vtc_value *y = vtc_te_yield_value(o);
      result = vtc_mapping_lookup_value(map, y);
      if (!result) result = y; /* a value from outside the body: a hoisted constant */
      break;
    }
    vtc_op *copy = vtc_op_clone(o, map);
    vtc_builder_insert_op(&b, copy);
    if (vtc_te_is_load(copy)) {
      const vtc_affine_map *m = vtc_affine_map_compose_shared(ctx, vtc_te_load_map(o), inner, psym, ns);
      vtc_op_set_attr(copy, VTC_TE_ATTR_MAP, vtc_attr_affine_map(ctx, m));
      /* Through an index-dependent load the composed map reads the same
       * extra operands (the producer's own loads have none). */
      unsigned nx = vtc_te_load_num_extra(load);
      if (nx) {
        vtc_value *xs[1 + 8];
        xs[0] = vtc_te_load_input(copy);
        for (unsigned k = 0; k < nx && k < 8; k++) xs[1 + k] = vtc_te_load_extra(load, k);
        vtc_op_set_operands(copy, 1 + (nx < 8 ? nx : 8), xs);
      }
    }
  }
  vtc_mapping_destroy(map);
  vtc_value_replace_all_uses(vtc_op_result(load, 0), result);
  vtc_op_erase(load);
  free(ins);
  free(syms);
  free(psym);
  free(operands);
}

static void report_refusal(state *s, vtc_op *load, vtc_op *producer, refusal r) {
  vtc_pass_stat_add(s->pc, ST_REFUSED_BASE + r - 1, 1);
  if (!s->opt->remarks) return;
  vtc_diagnostic *d = vtc_diag_begin(s->ctx, VTC_SEV_REMARK, load->loc, "souffle-vertical: not composed: %s",
                                     reason_text[r]);
  vtc_diag_note(d, producer->loc, "the producer TE");
  vtc_diag_emit(d);
}

static void refuse(state *s, vtc_op *load, vtc_op *producer, refusal r) {
  if (vtc_ptrmap_contains(&s->refused, load)) return;
  vtc_ptrmap_put(&s->refused, load, load);
  if (!s->deferring) return report_refusal(s, load, producer, r);
  if (s->num_pending == s->cap_pending) {
    s->cap_pending = s->cap_pending ? 2 * s->cap_pending : 8;
    s->pending = vtc_xrealloc(s->pending, s->cap_pending * sizeof *s->pending);
  }
  s->pending[s->num_pending++] = (pending_refusal){load, producer, r};
}

/* Ends a deferred trial: its refusals are reported (kept) or forgotten
 * (the consumer it composed into is discarded, so its loads are). */
static void end_trial(state *s, bool kept) {
  for (size_t i = 0; i < s->num_pending; i++) {
    pending_refusal *p = &s->pending[i];
    if (kept) report_refusal(s, p->load, p->producer, p->reason);
    else vtc_ptrmap_remove(&s->refused, p->load);
  }
  if (kept) vtc_pass_stat_add(s->pc, ST_DISJOINT, (uint64_t)s->pending_disjoint);
  s->num_pending = 0;
  s->pending_disjoint = 0;
  s->deferring = false;
}

/* Composes one load of consumer; false when none can be. *position: the
 * composed load's place in the body, *producer: what it read. */
static bool compose_one(state *s, vtc_op *c, unsigned *position, vtc_op **producer) {
  unsigned at = 0;
  for (vtc_op *o = vtc_te_compute_body(c)->first; o; o = o->next, at++) {
    if (!vtc_te_is_load(o)) continue;
    vtc_op *p = vtc_te_load_input(o)->def_op;
    /* A destination-passing producer's result is its destination updated,
     * not a function of the index alone: never composed. */
    if (!p || !vtc_te_is_compute(p) || vtc_te_dependence_of(p) != VTC_TE_ONE_RELIES_ON_ONE ||
        vtc_te_compute_num_dests(p))
      continue;
    if (s->opt->producers == PRODUCERS_VTC_VIEWS && !vtc_op_get_attr(p, VTC_TE_ATTR_VTC_VIEW)) continue;
    if (vtc_ptrmap_contains(&s->refused, o)) continue;
    bool disjoint = false;
    refusal r = check(s, c, o, p, &disjoint);
    if (r != OK) {
      refuse(s, o, p, r);
      continue;
    }
    compose(s, c, o, p);
    if (disjoint && s->deferring) s->pending_disjoint++;
    else if (disjoint) vtc_pass_stat_add(s->pc, ST_DISJOINT, 1);
    vtc_ptrmap_put(&s->inlined, p, p);
    *position = at;
    *producer = p;
    return true;
  }
  return false;
}

static vtc_op *clone_detached(vtc_op *op) {
  vtc_mapping *map = vtc_mapping_create();
  vtc_op *copy = vtc_op_clone(op, map);
  vtc_mapping_destroy(map);
  return copy;
}

/* `copy` (detached) takes op's place; op is erased. */
static vtc_op *replace_with(vtc_op *op, vtc_op *copy) {
  vtc_builder b = vtc_builder_before(op);
  vtc_builder_insert_op(&b, copy);
  vtc_value_replace_all_uses(vtc_op_result(op, 0), vtc_op_result(copy, 0));
  vtc_op_erase(op);
  return copy;
}

static vtc_op *body_op_at(vtc_op *compute, unsigned position) {
  vtc_op *o = vtc_te_compute_body(compute)->first;
  while (o && position--) o = o->next;
  return o;
}

/* Composes into a contraction one load at a time, undoing each
 * composition that leaves the form Vortex's rKernel takes (its load is
 * refused), so the contraction reads in place every view that keeps it a
 * GEMM: gpt2's QK^T reads the returned K cache as an N x K operand (the
 * K^T view composed) and its query from a materialised view (the heads'
 * composite index would leave the form). Returns the op in op's place. */
static vtc_op *compose_keeping_form(state *s, vtc_op *op, int64_t *composed) {
  for (;;) {
    vtc_op *before = clone_detached(op), *producer = NULL;
    /* The loads refused so far, by their place in the body: `before` holds
     * the same body, so an undo carries them over (else the next attempt
     * would retry them, and two loads that each leave the form would be
     * tried in turn forever). */
    unsigned n = 0, at = 0, position = 0;
    for (vtc_op *o = vtc_te_compute_body(op)->first; o; o = o->next) n++;
    bool *was_refused = vtc_xcalloc(n + 1, sizeof *was_refused);
    for (vtc_op *o = vtc_te_compute_body(op)->first; o; o = o->next, at++)
      was_refused[at] = vtc_ptrmap_contains(&s->refused, o);
    bool done = !compose_one(s, op, &position, &producer), kept = !done && vtc_souffle_has_rkernel(op);
    if (done || kept) {
      vtc_op_destroy(before);
      free(was_refused);
      if (done) return op;
      (*composed)++;
      continue;
    }
    /* Undone: the loads compose_one refused on its way to `position` are
     * before it, where both bodies still agree. */
    at = 0;
    for (vtc_op *o = vtc_te_compute_body(op)->first; o; o = o->next, at++) {
      if (at < position && vtc_ptrmap_contains(&s->refused, o)) was_refused[at] = true;
      vtc_ptrmap_remove(&s->refused, o);
    }
    op = replace_with(op, before);
    at = 0;
    for (vtc_op *o = vtc_te_compute_body(op)->first; o && at < n; o = o->next, at++)
      if (was_refused[at]) vtc_ptrmap_put(&s->refused, o, o);
    free(was_refused);
    refuse(s, body_op_at(op, position), producer, R_BREAKS_FORM);
  }
}

/* Whether the plain kernel of a memory-intensive contraction whose loads
 * left the GEMM form is competitive: its outputs share the load of its
 * largest input in groups (lower-te-to-gir's group-shared-loads: decode
 * attention's GQA heads read each K/V row once), so the kernel streams
 * that input once. Without such a group (gpt2's MHA QK^T through its
 * composed query) each output re-reads its own row: the contraction's
 * rKernel over a materialised view wins. */
static bool plain_streams_largest(vtc_op *op) {
  vtc_te_load_group g;
  if (!vtc_te_find_load_group(op, 0, 8, &g)) return false;
  int64_t largest = -1, shared = vtc_tensor_num_elements(vtc_te_load_input(g.load)->type);
  /* The tensors the body loads (the input list keeps composed producers
   * until compose_into compacts it). */
  for (vtc_op *o = vtc_te_compute_body(op)->first; o; o = o->next) {
    if (!vtc_te_is_load(o)) continue;
    int64_t n = vtc_tensor_num_elements(vtc_te_load_input(o)->type);
    if (n < 0) return false;
    if (n > largest) largest = n;
  }
  return shared >= largest;
}

/* Composes what can be into `op` (the consumer; returns the op that
 * stands in its place). With into-ci and keep-contractions, a consumer
 * that Vortex takes as a contraction keeps that form: every composition is
 * first tried at once (refusals held back); when the composed loads leave
 * the form and the contraction is compute-intensive or its plain kernel
 * would re-read its largest input per output, that trial is undone and
 * the loads are composed one at a time, each kept only if the form
 * survives it (compose_keeping_form).
 * Motivation: on the H200, gpt2-attn-kv under VTC's pipeline (into-ci,
 * without this) ran its projection (192 flops per element) and its QK^T
 * as plain kernels, 1.1-3.2x slower than the pipeline without VTC
 * (results/vtc.md); restoring QK^T whole then left its K^T view a copy of
 * the whole cache (1.7 ms of the 2.5 ms call at p1024 f16). The
 * projection keeps its rKernel through the composition (vortex-classify
 * merges the heads' floordiv/mod pair), QK^T takes the K^T view but not
 * the query's, and a returned view is not composed at all (R_ESCAPES).
 * The decode rows' attention, whose GQA heads share each cache row, takes
 * every composition, where VTC's gains come from. */
static vtc_op *compose_into(state *s, vtc_op *op) {
  vtc_souffle_intensity in;
  vtc_souffle_intensity_of(op, 128, &in);
  bool contraction = vtc_te_compute_reduce(op) && vtc_souffle_has_rkernel(op);
  s->consumer_ci = !s->opt->into_ci && vtc_te_compute_reduce(op) &&
                   (in.flops_per_element >= (double)s->opt->ci_threshold || contraction);
  bool compute_intensive = in.flops_per_element >= (double)s->opt->ci_threshold;
  vtc_op *kept = NULL;
  if (s->opt->into_ci && s->opt->keep_contractions && contraction) {
    kept = clone_detached(op);
    s->deferring = true;
  }
  int64_t composed = 0;
  unsigned position;
  vtc_op *producer;
  while (compose_one(s, op, &position, &producer)) composed++;
  if (kept && composed && !vtc_souffle_has_rkernel(op) &&
      (compute_intensive || !plain_streams_largest(op))) {
    end_trial(s, false);
    op = replace_with(op, kept);
    composed = 0;
    op = compose_keeping_form(s, op, &composed);
  } else if (kept) {
    end_trial(s, true);
    vtc_op_destroy(kept);
  }
  if (composed) vtc_souffle_compact_inputs(op);
  vtc_pass_stat_add(s->pc, ST_COMPOSED, (uint64_t)composed);
  return op;
}

static void run_function(state *s, vtc_op *func) {
  if (func->num_regions == 0 || !vtc_op_region(func, 0)->first) return;
  vtc_block *body = vtc_op_region(func, 0)->first;
  unsigned before = 0, after = 0;
  /* Keyed by op address: start afresh, as erased ops' addresses are reused. */
  vtc_ptrmap_free(&s->refused);
  vtc_ptrmap_free(&s->inlined);
  s->refused = (vtc_ptrmap){0};
  s->inlined = (vtc_ptrmap){0};
  for (vtc_op *op = body->first; op; op = op->next) {
    if (!vtc_te_is_compute(op)) continue;
    before++;
    op = compose_into(s, op);
  }
  /* Erase composed producers left without users, last first (chains die). */
  for (vtc_op *op = body->last, *prev; op; op = prev) {
    prev = op->prev;
    if (vtc_te_is_compute(op) && vtc_ptrmap_contains(&s->inlined, op) && !vtc_value_has_uses(vtc_op_result(op, 0))) {
      vtc_ptrmap_remove(&s->inlined, op);
      vtc_op_erase(op);
      vtc_pass_stat_add(s->pc, ST_ERASED, 1);
    }
  }
  for (vtc_op *op = body->first; op; op = op->next) after += vtc_te_is_compute(op);
  vtc_pass_stat_add(s->pc, ST_BEFORE, before);
  vtc_pass_stat_add(s->pc, ST_AFTER, after);
}

static bool run_vertical(vtc_pass_context *pc, vtc_op *root, const void *options_) {
  const options *opt = options_;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  if (opt->max_dup_flops < 0) return vtc_error(ctx, root->loc, "souffle-vertical: max-dup-flops must be >= 0");
  state s = {.pc = pc, .ctx = ctx, .opt = opt};
  size_t n = 0;
  vtc_op **funcs = vtc_func_collect(root, &n);
  for (size_t i = 0; i < n; i++) run_function(&s, funcs[i]);
  free(funcs);
  vtc_ptrmap_free(&s.refused);
  vtc_ptrmap_free(&s.inlined);
  free(s.pending);
  return true;
}

static const char *const producer_names[] = {"all", "vtc-views", NULL};

static const vtc_pass_option vertical_options[] = {
    {"max-dup-flops", VTC_OPTION_INT, "1",
     "the most flops per element of a producer that is duplicated into several consumers (Souffle 6.2)",
     offsetof(options, max_dup_flops), NULL},
    {"remarks", VTC_OPTION_BOOL, "true", "emit a remark for each load that is not composed, with the reason",
     offsetof(options, remarks), NULL},
    {"into-ci", VTC_OPTION_BOOL, "false",
     "also compose into compute-intensive reductions (GEMMs): their loads then carry the producers' ops, which "
     "Vortex's contraction form does not take",
     offsetof(options, into_ci), NULL},
    {"ci-threshold", VTC_OPTION_INT, "3", "flops per element accessed at which a reduction is compute-intensive (5.3)",
     offsetof(options, ci_threshold), NULL},
    {"producers", VTC_OPTION_ENUM, "all",
     "which producers are composed: all one-relies-on-one TEs (Souffle), or vtc-views: only the TEs of graph ops that "
     "vtc-virtualize made views (VTC's realisation of its read and write views by load composition)",
     offsetof(options, producers), producer_names},
    {"keep-contractions", VTC_OPTION_BOOL, "true",
     "with into-ci=true, a contraction that Vortex classifies is restored as it came (nothing composed into it) when "
     "its composed loads would leave the contraction form and it is compute-intensive or its plain kernel would not "
     "share the loads of its largest input (efficientvit's V.K^T and projection, gpt2's QK^T; decode attention over "
     "GQA heads takes its views)",
     offsetof(options, keep_contractions), NULL},
    {"disjoint-reads", VTC_OPTION_BOOL, "true",
     "compose a producer above max-dup-flops into several element-wise consumers when their loads read disjoint "
     "boxes of it, each element once (the LSTM's gates); false: the ablation",
     offsetof(options, disjoint_reads), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_souffle_vertical_pass = {
    .name = "souffle-vertical",
    .summary = "Souffle 6.2: compose one-relies-on-one TEs into their consumers by map composition (Eq. 2), to a "
               "fixed point; remarks name what is refused",
    .options_size = sizeof(options),
    .options = vertical_options,
    .run = run_vertical,
    .statistics = statistics,
};
