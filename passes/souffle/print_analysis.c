/* souffle-print-analysis: Souffle's global computation-graph analysis
 * (souffle.txt 5.1-5.3), printed as remarks so tests can FileCheck it.
 *
 * Per tensor: type and shape (symbolic sizes as the shape map's
 * expressions), live range (first definition and last use in program order)
 * and s(t), the TEs that read it. Per tensor read by several TEs, its reuse
 * tuples: SR (spatial) for readers on one BFS level, which are independent;
 * TR (temporal) when one reader depends on another. Per TE: the dependence
 * class, one relation per load in the paper's notation with its `M v + c`
 * matrix, and the compute-to-memory ratio with its CI/MI class.
 *
 * Choices where the paper is silent:
 *   - Names: a function argument k is `in<k>`, TE k's result `O<k>`, as in
 *     Fig. 2; output indices are d0.., reduction indices follow them, and
 *     an index-dependent load's data operands follow those (marked).
 *   - `M v + c`: v is the load map's dims; a floordiv/mod/ceildiv subterm
 *     that holds a dim becomes one more column of v (so the row stays
 *     linear) and the map is marked quasi-affine (semi-affine when a
 *     divisor or factor is not a constant); symbols stay in c.
 *   - Dependence for TR without O(n^2) reachability: readers are visited in
 *     program order (a topological order) and one sweep over the TEs
 *     between the first and the last reader marks those that depend on an
 *     earlier reader; the sweeps' total work is capped (then TR falls back
 *     to "readers on different levels", said so in the remark).
 *   - The class compares arithmetic operations per element accessed (flops
 *     of passes/te's cost over elements read once and written once) with
 *     ci-threshold (Souffle's 3). With symbolic sizes it is estimated with
 *     every `?` and symbol at `symbol-size` and marked as estimated. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "passes/souffle/souffle.h"
#include "passes/te/te_passes.h"

typedef struct options {
  int64_t ci_threshold;
  int64_t symbol_size;
} options;

enum { ST_TES, ST_TENSORS, ST_SHARED, ST_SR, ST_TR, ST_CI, ST_MI, ST_INDEX_DEP, ST_QUASI };

static const char *const statistics[] = {
    "TEs", "tensors", "tensors read by several TEs", "SR tuples", "TR tuples", "CI TEs", "MI TEs",
    "index-dependent loads", "quasi-affine loads", NULL,
};

/* Sweeps for TR stop after this many input visits in total. */
#define TR_WORK_BUDGET (64u * 1000u * 1000u)

typedef struct state {
  vtc_pass_context *pc;
  vtc_context *ctx;
  const options *opt;
  const vtc_souffle_program *p;
  const char *func;
  bool *is_reader, *reached; /* per TE scratch for TR */
  uint64_t work;
} state;

static void emit(state *s, const vtc_loc *loc, vtc_strbuf *b) {
  vtc_remark(s->ctx, loc, "souffle @%s: %s", s->func, b->data ? b->data : "");
  vtc_strbuf_clear(b);
}

static const vtc_loc *tensor_loc(const state *s, unsigned t) {
  int d = s->p->tensors[t].def;
  if (d >= 0) return s->p->tes[d].op->loc;
  vtc_value *v = s->p->tensors[t].value;
  return v->def_op ? v->def_op->loc : s->p->func->loc;
}

static void print_te_list(vtc_strbuf *b, const unsigned *tes, unsigned n) {
  vtc_strbuf_putc(b, '{');
  for (unsigned i = 0; i < n; i++) vtc_strbuf_printf(b, "%sTE%u", i ? ", " : "", tes[i]);
  vtc_strbuf_putc(b, '}');
}

/* ---- tensors: shape, live range, s(t) ------------------------------------------ */

static void print_shape(const state *s, unsigned t, vtc_strbuf *b) {
  const vtc_type *ty = s->p->tensors[t].value->type;
  int d = s->p->tensors[t].def;
  const vtc_affine_map *shape = d >= 0 ? vtc_te_compute_shape(s->p->tes[d].op) : NULL;
  vtc_strbuf_putc(b, '[');
  for (unsigned i = 0; i < ty->rank; i++) {
    if (i) vtc_strbuf_puts(b, ", ");
    if (vtc_tensor_dim(ty, i) != VTC_DYNAMIC) vtc_strbuf_printf(b, "%" PRId64, vtc_tensor_dim(ty, i));
    else if (shape && i < shape->num_results) vtc_affine_expr_print(shape->results[i], b);
    else vtc_strbuf_puts(b, "?");
  }
  vtc_strbuf_putc(b, ']');
}

static void print_tensor(state *s, unsigned t, vtc_strbuf *b) {
  const vtc_souffle_tensor *x = &s->p->tensors[t];
  vtc_strbuf_puts(b, "tensor ");
  vtc_souffle_tensor_name(s->p, t, b);
  vtc_strbuf_puts(b, " ");
  vtc_print_type_to(x->value->type, b);
  vtc_strbuf_puts(b, " shape ");
  print_shape(s, t, b);
  vtc_strbuf_puts(b, " live [");
  if (x->def >= 0) vtc_strbuf_printf(b, "TE%d", x->def);
  else vtc_strbuf_puts(b, x->arg >= 0 ? "arg" : "external");
  vtc_strbuf_puts(b, ", ");
  if (x->escapes) vtc_strbuf_puts(b, "escapes");
  else if (x->last_use >= 0) vtc_strbuf_printf(b, "TE%d", x->last_use);
  else vtc_strbuf_puts(b, "unused");
  vtc_strbuf_puts(b, "] s(");
  vtc_souffle_tensor_name(s->p, t, b);
  vtc_strbuf_puts(b, ") = ");
  print_te_list(b, x->readers, x->num_readers);
  emit(s, tensor_loc(s, t), b);
}

/* ---- reuse tuples (5.1) ---------------------------------------------------------- */

static int by_key(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void print_sr(state *s, unsigned t, vtc_strbuf *b) {
  const vtc_souffle_tensor *x = &s->p->tensors[t];
  /* Readers by (level, TE): one key each, so qsort needs no context. */
  uint64_t *key = vtc_xcalloc(x->num_readers, sizeof *key);
  unsigned *r = vtc_xcalloc(x->num_readers, sizeof *r);
  for (unsigned i = 0; i < x->num_readers; i++) key[i] = (uint64_t)s->p->tes[x->readers[i]].level << 32 | x->readers[i];
  qsort(key, x->num_readers, sizeof *key, by_key);
  for (unsigned i = 0; i < x->num_readers; i++) r[i] = (unsigned)(key[i] & 0xffffffffu);
  free(key);
  for (unsigned i = 0; i < x->num_readers;) {
    unsigned j = i;
    while (j < x->num_readers && s->p->tes[r[j]].level == s->p->tes[r[i]].level) j++;
    if (j - i >= 2) {
      vtc_strbuf_puts(b, "reuse SR(");
      vtc_souffle_tensor_name(s->p, t, b);
      vtc_strbuf_printf(b, ") = ");
      print_te_list(b, r + i, j - i);
      vtc_strbuf_printf(b, " (independent: BFS level %u)", s->p->tes[r[i]].level);
      emit(s, tensor_loc(s, t), b);
      vtc_pass_stat_add(s->pc, ST_SR, 1);
    }
    i = j;
  }
  free(r);
}

/* Marks the TEs in (first, last] that depend on a reader of t; returns how
 * many readers depend on an earlier one, or -1 over the work budget. */
static int sweep_dependent_readers(state *s, const vtc_souffle_tensor *x) {
  unsigned first = x->readers[0], last = x->readers[x->num_readers - 1];
  uint64_t cost = 0;
  for (unsigned k = first; k <= last; k++) cost += s->p->tes[k].num_inputs;
  if (s->work + cost > TR_WORK_BUDGET) return -1;
  s->work += cost;
  for (unsigned i = 0; i < x->num_readers; i++) s->is_reader[x->readers[i]] = true;
  int dependent = 0;
  for (unsigned k = first; k <= last; k++) {
    const vtc_souffle_te *te = &s->p->tes[k];
    bool r = false;
    for (unsigned i = 0; i < te->num_inputs && !r; i++) {
      int d = s->p->tensors[te->inputs[i]].def;
      r = d >= (int)first && (s->is_reader[d] || s->reached[d]);
    }
    s->reached[k] = r;
    dependent += r && s->is_reader[k];
  }
  for (unsigned k = first; k <= last; k++) s->reached[k] = false;
  for (unsigned i = 0; i < x->num_readers; i++) s->is_reader[x->readers[i]] = false;
  return dependent;
}

static void print_tr(state *s, unsigned t, vtc_strbuf *b) {
  const vtc_souffle_tensor *x = &s->p->tensors[t];
  int dependent = sweep_dependent_readers(s, x);
  bool levels_differ = false;
  for (unsigned i = 1; i < x->num_readers; i++)
    levels_differ |= s->p->tes[x->readers[i]].level != s->p->tes[x->readers[0]].level;
  if (dependent == 0 || (dependent < 0 && !levels_differ)) return;
  vtc_strbuf_puts(b, "reuse TR(");
  vtc_souffle_tensor_name(s->p, t, b);
  vtc_strbuf_puts(b, ") = ");
  print_te_list(b, x->readers, x->num_readers);
  if (dependent > 0) vtc_strbuf_printf(b, " (dependent: %d reader%s after another)", dependent, dependent == 1 ? "" : "s");
  else vtc_strbuf_puts(b, " (by BFS levels: the dependence sweep's budget ran out)");
  emit(s, tensor_loc(s, t), b);
  vtc_pass_stat_add(s->pc, ST_TR, 1);
}

/* ---- M v + c (5.2) --------------------------------------------------------------- */

#define LIN_MAX_COLS 16

typedef struct lin_space {
  vtc_context *ctx;
  unsigned num_dims, num_terms;
  const vtc_affine_expr *terms[LIN_MAX_COLS];
  int kind; /* 0 affine, 1 quasi-affine, 2 semi-affine */
  bool failed;
} lin_space;

typedef struct lin_row {
  int64_t coef[LIN_MAX_COLS];
  const vtc_affine_expr *c; /* constants and symbols */
} lin_row;

static bool has_dim(const vtc_affine_expr *e) {
  if (e->kind == VTC_AFFINE_DIM) return true;
  if (e->kind == VTC_AFFINE_SYMBOL || e->kind == VTC_AFFINE_CONST) return false;
  return has_dim(e->lhs) || has_dim(e->rhs);
}

static void lin_add(lin_space *sp, lin_row *r, unsigned col, int64_t scale) {
  if (__builtin_add_overflow(r->coef[col], scale, &r->coef[col])) sp->failed = true;
}

static void flatten(lin_space *sp, lin_row *r, const vtc_affine_expr *e, int64_t scale) {
  if (sp->failed) return;
  if (!has_dim(e)) {
    r->c = vtc_affine_add(sp->ctx, r->c, vtc_affine_mul(sp->ctx, e, vtc_affine_const(sp->ctx, scale)));
    return;
  }
  int64_t k;
  switch (e->kind) {
  case VTC_AFFINE_DIM: lin_add(sp, r, (unsigned)e->value, scale); return;
  case VTC_AFFINE_ADD:
    flatten(sp, r, e->lhs, scale);
    flatten(sp, r, e->rhs, scale);
    return;
  case VTC_AFFINE_MUL:
    if (e->rhs->kind == VTC_AFFINE_CONST || e->lhs->kind == VTC_AFFINE_CONST) {
      const vtc_affine_expr *c = e->rhs->kind == VTC_AFFINE_CONST ? e->rhs : e->lhs;
      const vtc_affine_expr *x = c == e->rhs ? e->lhs : e->rhs;
      if (__builtin_mul_overflow(scale, c->value, &k)) sp->failed = true;
      else flatten(sp, r, x, k);
      return;
    }
    break;
  default: break;
  }
  /* A non-linear subterm holding a dim: one more column. */
  int kind = (e->kind == VTC_AFFINE_MUL || e->rhs->kind != VTC_AFFINE_CONST) ? 2 : 1;
  if (kind > sp->kind) sp->kind = kind;
  unsigned t = 0;
  while (t < sp->num_terms && sp->terms[t] != e) t++;
  if (t == sp->num_terms) {
    if (sp->num_dims + t >= LIN_MAX_COLS) {
      sp->failed = true;
      return;
    }
    sp->terms[sp->num_terms++] = e;
  }
  lin_add(sp, r, sp->num_dims + t, scale);
}

/* `M v + c = [[1, 0], [0, 1]] [d0, d1] + [0, 0]`; false when it does not fit. */
static bool print_matrix(vtc_context *ctx, const vtc_affine_map *m, vtc_strbuf *b, int *kind) {
  if (m->num_dims >= LIN_MAX_COLS) return false;
  lin_space sp = {.ctx = ctx, .num_dims = m->num_dims};
  lin_row *rows = vtc_xcalloc(m->num_results ? m->num_results : 1, sizeof *rows);
  for (unsigned i = 0; i < m->num_results; i++) {
    rows[i].c = vtc_affine_const(ctx, 0);
    flatten(&sp, &rows[i], m->results[i], 1);
  }
  if (!sp.failed) {
    unsigned cols = sp.num_dims + sp.num_terms;
    vtc_strbuf_puts(b, "M v + c = [");
    for (unsigned i = 0; i < m->num_results; i++) {
      vtc_strbuf_puts(b, i ? ", [" : "[");
      for (unsigned j = 0; j < cols; j++) vtc_strbuf_printf(b, "%s%" PRId64, j ? ", " : "", rows[i].coef[j]);
      vtc_strbuf_putc(b, ']');
    }
    vtc_strbuf_puts(b, "] [");
    for (unsigned j = 0; j < cols; j++) {
      if (j) vtc_strbuf_puts(b, ", ");
      if (j < sp.num_dims) vtc_strbuf_printf(b, "d%u", j);
      else vtc_affine_expr_print(sp.terms[j - sp.num_dims], b);
    }
    vtc_strbuf_puts(b, "] + [");
    for (unsigned i = 0; i < m->num_results; i++) {
      if (i) vtc_strbuf_puts(b, ", ");
      vtc_affine_expr_print(vtc_affine_expr_simplify(ctx, rows[i].c), b);
    }
    vtc_strbuf_putc(b, ']');
  }
  *kind = sp.kind;
  free(rows);
  return !sp.failed;
}

/* ---- relations (5.2) --------------------------------------------------------------- */

static void print_domain(vtc_strbuf *b, const vtc_affine_map *m, unsigned first_dim) {
  for (unsigned i = 0; m && i < m->num_results; i++) {
    vtc_strbuf_printf(b, "%s0 <= d%u < ", i ? ", " : "", first_dim + i);
    vtc_affine_expr_print(m->results[i], b);
  }
}

static void print_load(state *s, unsigned k, vtc_op *load, vtc_strbuf *b) {
  const vtc_souffle_te *te = &s->p->tes[k];
  vtc_op *c = te->op;
  unsigned rank = vtc_te_compute_rank(c), nred = vtc_te_compute_num_reduce(c);
  const vtc_affine_map *m = vtc_te_load_map(load);
  int in = vtc_te_compute_input_index(c, vtc_te_load_input(load));
  vtc_strbuf_printf(b, "TE%u reads ", k);
  vtc_souffle_tensor_name(s->p, te->inputs[in], b);
  vtc_strbuf_puts(b, ": {O");
  vtc_strbuf_printf(b, "%u[", k);
  for (unsigned i = 0; i < rank; i++) vtc_strbuf_printf(b, "%sd%u", i ? ", " : "", i);
  vtc_strbuf_puts(b, "] -> ");
  if (nred) vtc_strbuf_putc(b, '{');
  vtc_souffle_tensor_name(s->p, te->inputs[in], b);
  vtc_strbuf_putc(b, '[');
  for (unsigned i = 0; i < m->num_results; i++) {
    if (i) vtc_strbuf_puts(b, ", ");
    vtc_affine_expr_print(m->results[i], b);
  }
  vtc_strbuf_putc(b, ']');
  if (nred) {
    vtc_strbuf_puts(b, ", [");
    print_domain(b, vtc_te_compute_reduce(c), rank);
    vtc_strbuf_puts(b, "]}");
  }
  if (rank) vtc_strbuf_puts(b, " : ");
  print_domain(b, vtc_te_compute_shape(c), 0);
  vtc_strbuf_puts(b, "}");
  unsigned extra = vtc_te_load_num_extra(load);
  if (extra) {
    vtc_strbuf_printf(b, ", index-dependent: d%u", rank + nred);
    if (extra > 1) vtc_strbuf_printf(b, "..d%u", rank + nred + extra - 1);
    vtc_strbuf_puts(b, " are data (never composed as affine)");
    vtc_pass_stat_add(s->pc, ST_INDEX_DEP, 1);
  }
  if (vtc_te_load_padding(load)) vtc_strbuf_puts(b, ", padded");
  vtc_strbuf_puts(b, ", ");
  int kind = 0;
  size_t mark = b->len;
  if (!print_matrix(s->ctx, m, b, &kind)) {
    b->len = mark;
    b->data[mark] = 0;
    vtc_strbuf_puts(b, "M v + c: too many columns");
  }
  vtc_strbuf_puts(b, kind == 0 ? " (affine)" : kind == 1 ? " (quasi-affine)" : " (semi-affine)");
  if (kind == 1) vtc_pass_stat_add(s->pc, ST_QUASI, 1);
  emit(s, c->loc, b);
}

/* ---- class (5.3) ------------------------------------------------------------------- */

static void print_class(state *s, unsigned k, vtc_strbuf *b) {
  vtc_op *c = s->p->tes[k].op;
  vtc_souffle_intensity in;
  vtc_souffle_intensity_of(c, s->opt->symbol_size, &in);
  double flops = in.flops, bytes = in.bytes, per_elem = in.flops_per_element;
  bool est = in.estimated;
  vtc_te_cost cost;
  vtc_te_cost_of(c, &cost);
  bool ci = per_elem >= (double)s->opt->ci_threshold;
  vtc_strbuf_printf(b, "TE%u %s, level %u, %u flops per point, %.3g flops/byte, %.3g flops/element: %s (threshold %" PRId64 ")",
                    k, vtc_te_dependence_name(vtc_te_dependence_of(c)), s->p->tes[k].level, cost.flops_per_point,
                    bytes > 0 ? flops / bytes : 0, per_elem, ci ? "CI" : "MI", s->opt->ci_threshold);
  if (est) vtc_strbuf_printf(b, " (estimated with sizes %" PRId64 ")", s->opt->symbol_size);
  vtc_pass_stat_add(s->pc, ci ? ST_CI : ST_MI, 1);
  emit(s, c->loc, b);
}

/* ---- driver -------------------------------------------------------------------------- */

static void print_function(vtc_pass_context *pc, const options *opt, vtc_op *func) {
  vtc_souffle_program *p = vtc_souffle_program_build(func);
  if (!p) return;
  const char *name = vtc_symbol_name(func);
  state s = {pc, vtc_pass_context_ctx(pc), opt, p, name ? name : "?", NULL, NULL, 0};
  s.is_reader = vtc_xcalloc(p->num_tes + 1, sizeof *s.is_reader);
  s.reached = vtc_xcalloc(p->num_tes + 1, sizeof *s.reached);
  vtc_strbuf b = {0};
  for (unsigned t = 0; t < p->num_tensors; t++) {
    print_tensor(&s, t, &b);
    if (p->tensors[t].num_readers < 2) continue;
    vtc_pass_stat_add(pc, ST_SHARED, 1);
    print_sr(&s, t, &b);
    print_tr(&s, t, &b);
  }
  for (unsigned k = 0; k < p->num_tes; k++) {
    print_class(&s, k, &b);
    for (vtc_op *o = vtc_te_compute_body(p->tes[k].op)->first; o; o = o->next)
      if (vtc_te_is_load(o)) print_load(&s, k, o, &b);
  }
  vtc_pass_stat_add(pc, ST_TES, p->num_tes);
  vtc_pass_stat_add(pc, ST_TENSORS, p->num_tensors);
  vtc_strbuf_free(&b);
  free(s.is_reader);
  free(s.reached);
  vtc_souffle_program_free(p);
}

static bool run_print_analysis(vtc_pass_context *pc, vtc_op *root, const void *options_) {
  const options *opt = options_;
  if (opt->ci_threshold < 0 || opt->symbol_size < 1)
    return vtc_error(vtc_pass_context_ctx(pc), root->loc,
                     "souffle-print-analysis: ci-threshold must be >= 0 and symbol-size >= 1");
  size_t n = 0;
  vtc_op **funcs = vtc_func_collect(root, &n);
  for (size_t i = 0; i < n; i++) print_function(pc, opt, funcs[i]);
  free(funcs);
  vtc_pass_mark_unchanged(pc);
  return true;
}

static const vtc_pass_option print_analysis_options[] = {
    {"ci-threshold", VTC_OPTION_INT, "3",
     "flops per element accessed at and above which a TE is compute-intensive (Souffle 5.3: 3)",
     offsetof(options, ci_threshold), NULL},
    {"symbol-size", VTC_OPTION_INT, "128", "the size assumed for `?` dims and symbols when estimating the class",
     offsetof(options, symbol_size), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vtc_souffle_print_analysis_pass = {
    .name = "souffle-print-analysis",
    .summary = "Print Souffle's global analysis (5.1-5.3): tensors with shapes, live ranges and s(t), SR/TR reuse "
               "tuples, each TE's relations with their M v + c matrices, and its CI/MI class",
    .options_size = sizeof(options),
    .options = print_analysis_options,
    .run = run_print_analysis,
    .statistics = statistics,
};
