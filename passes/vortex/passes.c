/* The candidate and analyzer passes (Vortex sections 5.1, 5.2):
 * vortex-generate-candidates and vortex-print-candidates (Algorithm 2's
 * table and its counts per level), vortex-analyze (the variants, attached
 * as `vortex.variants`) and vortex-print-cost (each kept variant's resource
 * use, Fig. 5, and its predicted cost at given sizes). They run on every
 * contraction (vortex_classify_compute) and read the hardware of `target=`
 * from targets/hardware.h. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "passes/vortex/vortex_impl.h"

/* ---- shared option handling ---------------------------------------------------------------- */

const vtc_hardware *vortex_pass_hardware(vtc_context *ctx, const vtc_loc *loc, const char *target) {
  const char *name = target && *target ? target : "host";
  const vtc_hardware *hw = vtc_hardware_lookup(name);
  if (!hw) vtc_error(ctx, loc, "vortex: unknown target '%s' (known: %s)", name, vtc_hardware_known_names());
  return hw;
}

bool vortex_pass_backend(vtc_context *ctx, const vtc_loc *loc, const vtc_hardware *hw, vortex_backend_option option,
                         const vortex_contraction *c, vortex_backend *out) {
  vortex_backend bs[2];
  char why[160];
  if (!vortex_backends_for(hw, option, c->a.dtype, false, bs, why, sizeof why))
    return vtc_error(ctx, loc, "vortex: %s", why);
  *out = bs[0];
  return true;
}

const char *const vortex_reject_names_null_terminated[] = {
    "contractions",   "rejected-no-sum",    "rejected-body", "rejected-map",
    "rejected-dtype", "rejected-depthwise", "rejected-rank", NULL,
};

static const char *const empirical_names[] = {"none", "l0", "l0-l1", "all", NULL};
static const char *const dynamic_names[] = {"all", "l1", "none", NULL};

/* Every option of the four passes, each listing the ones it takes. */
typedef struct pass_options {
  const char *target;
  int backend;
  bool multiples;
  const char *util_min, *util_max;
  bool allow_tf32;
  int64_t limit;
  int empirical;
  const char *profile_db;
  int64_t max_variants;
  int dynamic;
  const char *sampled;
  bool oracle;
  vtc_int_list sizes;
} pass_options;

/* "0.125" or "1/8". */
static bool parse_fraction(const char *s, double *out) {
  char *end;
  errno = 0;
  double a = strtod(s, &end);
  if (end == s || errno) return false;
  if (*end == '/') {
    const char *d = end + 1;
    double b = strtod(d, &end);
    if (end == d || b == 0) return false;
    a /= b;
  }
  *out = a;
  return *end == 0 && isfinite(a);
}

static bool generator_options(vtc_context *ctx, const vtc_loc *loc, const pass_options *po, vortex_options *o) {
  *o = vortex_default_options();
  o->backend = (vortex_backend_option)po->backend;
  o->multiples = po->multiples;
  o->allow_tf32 = po->allow_tf32;
  if (!parse_fraction(po->util_min, &o->util_min) || !parse_fraction(po->util_max, &o->util_max) ||
      o->util_min < 0 || o->util_max <= 0 || o->util_min > o->util_max)
    return vtc_error(ctx, loc, "vortex: util-min '%s' and util-max '%s' must be numbers or fractions with "
                               "0 <= util-min <= util-max, util-max > 0",
                     po->util_min, po->util_max);
  return true;
}

static bool analyzer_options(vtc_context *ctx, const vtc_loc *loc, const pass_options *po, vortex_analyze_options *o) {
  memset(o, 0, sizeof *o);
  if (po->empirical != 0 || po->oracle)
    return vtc_error(ctx, loc, "vortex-analyze: %s needs vtc-tune's profile DB, which is not implemented yet (use "
                               "empirical=none)",
                     po->oracle ? "oracle=true" : "empirical measurement");
  if (po->profile_db && *po->profile_db)
    vtc_warning(ctx, loc, "vortex-analyze: profile-db '%s' ignored with empirical=none", po->profile_db);
  if (po->max_variants < 0 || po->max_variants > VORTEX_MAX_VARIANTS)
    return vtc_error(ctx, loc, "vortex-analyze: max-variants must be in [0, %d] (0: 8 on a GPU, 4 on a CPU)",
                     VORTEX_MAX_VARIANTS);
  o->max_variants = (unsigned)po->max_variants;
  o->dynamic = (vortex_dynamic)po->dynamic;
  if (po->sampled && *po->sampled) {
    long long lo, hi;
    char tail;
    if (sscanf(po->sampled, "%lld:%lld%c", &lo, &hi, &tail) != 2 || lo < 1 || hi <= lo)
      return vtc_error(ctx, loc, "vortex-analyze: sampled must be LO:HI with 1 <= LO < HI, not '%s'", po->sampled);
    o->sampled_lo = lo;
    o->sampled_hi = hi;
  }
  return true;
}

/* The state of one pass run over the computes. */
typedef struct run_state {
  const pass_options *po;
  const vtc_hardware *hw;
  vortex_options gen;
  vortex_analyze_options an;
  vortex_plan_cache *cache; /* tables and plans shared by the contractions of the run */
} run_state;

static bool prepare(vtc_pass_context *pc, vtc_op *root, const pass_options *po, bool analyzer, run_state *rs) {
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  rs->po = po;
  rs->cache = NULL;
  rs->hw = vortex_pass_hardware(ctx, root->loc, po->target);
  return rs->hw && generator_options(ctx, root->loc, po, &rs->gen) &&
         (!analyzer || analyzer_options(ctx, root->loc, po, &rs->an));
}

/* Classifies and generates (through the run's cache, which owns the
 * table); false (nothing to do) for non-contractions, after an error (and a
 * failed walk) when no candidate fits. */
static const vortex_candidates *contraction_table(void *walk, vtc_op *compute, const run_state *rs,
                                                  vortex_contraction *c) {
  vtc_context *ctx = vtc_pass_context_ctx(vortex_walk_pass(walk));
  if (!vortex_classify_compute(compute, c, NULL, 0)) return NULL;
  char why[200];
  const vortex_candidates *t = vortex_plan_cache_table(rs->cache, rs->hw, c->a.dtype, c->out_dtype, &rs->gen, why,
                                                       sizeof why);
  if (t) return t;
  vtc_error(ctx, compute->loc, "vortex: no candidates for te @%s #%u: %s", vortex_walk_func(walk),
            vortex_walk_index(walk), why);
  vortex_walk_fail(walk);
  return NULL;
}

/* Runs visit over the computes with a cache for the run. */
static bool walk_with_cache(vtc_pass_context *pc, vtc_op *root, vortex_visit_fn visit, run_state *rs) {
  rs->cache = vortex_plan_cache_create();
  bool ok = vortex_walk_computes(pc, root, visit, rs);
  vortex_plan_cache_destroy(rs->cache);
  rs->cache = NULL;
  return ok;
}

/* ---- printing ---------------------------------------------------------------------------------- */

static void print_l0(vtc_strbuf *b, const vortex_l0 *l) {
  switch (l->backend) {
  case VORTEX_BACKEND_TENSOR_CORE:
    vtc_strbuf_printf(b, "tensor-core warp %dx%dx%d of mma m%dn%dk%d", l->m, l->n, l->k, l->inst_m, l->inst_n,
                      l->inst_k);
    break;
  case VORTEX_BACKEND_CUDA_CORE:
    vtc_strbuf_printf(b, "cuda-core warp %dx%dx%d = %dx%d lanes of %dx%d thread tiles", l->m, l->n, l->k, l->lanes_m,
                      l->lanes_n, l->inst_m, l->inst_n);
    break;
  default:
    vtc_strbuf_printf(b, "%s micro-kernel %dx%d (%d vectors of %d lanes per row)", vortex_backend_name(l->backend),
                      l->m, l->n, l->n / l->inst_n, l->inst_n);
  }
  vtc_strbuf_printf(b, ", %d registers (%.2f)", l->registers, l->util);
}

static void print_l1(vtc_strbuf *b, const vortex_l1 *l) {
  if (vortex_backend_is_gpu(l->backend))
    vtc_strbuf_printf(b, "%s cta %dx%dx%d, %d stages", vortex_backend_name(l->backend), l->m, l->n, l->k, l->stages);
  else vtc_strbuf_printf(b, "%s block MC %d NC %d KC %d", vortex_backend_name(l->backend), l->m, l->n, l->k);
}

static void print_link(vtc_strbuf *b, const vortex_link *k, bool gpu) {
  if (gpu)
    vtc_strbuf_printf(b, "L0 #%u (%d warps, occupancy %d; registers %.2f, shared %.2f, threads %.2f)", k->l0, k->units,
                      k->occupancy, k->util_registers, k->util_shared, k->util_threads);
  else
    vtc_strbuf_printf(b, "L0 #%u (L1d %.2f, L2 %.2f, L3 %.3f)", k->l0, k->util_registers, k->util_shared,
                      k->util_threads);
}

typedef struct printer {
  vtc_context *ctx;
  const vtc_loc *loc;
  const char *prefix;
  vtc_strbuf b;
} printer;

static void line(printer *p) {
  vtc_remark(p->ctx, p->loc, "%s: %s", p->prefix, p->b.data ? p->b.data : "");
  vtc_strbuf_clear(&p->b);
}

static void print_table(printer *p, const vortex_candidates *t, int64_t limit) {
  vtc_strbuf *b = &p->b;
  vtc_strbuf_printf(b, "%s, %s -> %s, backends", t->hw->name, vtc_hw_dtype_name(t->in_dtype),
                    vtc_hw_dtype_name(t->out_dtype));
  for (unsigned i = 0; i < t->num_backends; i++) vtc_strbuf_printf(b, "%s %s", i ? "," : "", vortex_backend_name(t->backends[i]));
  vtc_strbuf_printf(b, "; multiples %s, utilisation [%g, %g]", t->options.multiples ? "true" : "false",
                    t->options.util_min, t->options.util_max);
  line(p);
  vtc_strbuf_printf(b, "counts: L0 %zu", t->l0.len);
  if (t->num_backends > 1) {
    for (unsigned i = 0; i < t->num_backends; i++) {
      size_t n = 0;
      for (size_t j = 0; j < t->l0.len; j++) n += t->l0.data[j].backend == t->backends[i];
      vtc_strbuf_printf(b, "%s%s %zu", i ? ", " : " (", vortex_backend_name(t->backends[i]), n);
    }
    vtc_strbuf_puts(b, ")");
  }
  vtc_strbuf_printf(b, ", L1 %zu, links %zu, L2 %zu", t->l1.len, t->links.len, t->l2.len);
  line(p);
  size_t n0 = limit > 0 && (size_t)limit < t->l0.len ? (size_t)limit : t->l0.len;
  for (size_t i = 0; i < n0; i++) {
    vtc_strbuf_printf(b, "L0 #%zu: ", i);
    print_l0(b, &t->l0.data[i]);
    line(p);
  }
  size_t n1 = limit > 0 && (size_t)limit < t->l1.len ? (size_t)limit : t->l1.len;
  for (size_t i = 0; i < n1; i++) {
    vtc_strbuf_printf(b, "L1 #%zu: ", i);
    print_l1(b, &t->l1.data[i]);
    vtc_strbuf_puts(b, " <-");
    bool first = true;
    for (size_t l = 0; l < t->links.len; l++) {
      if (t->links.data[l].l1 != i) continue;
      vtc_strbuf_puts(b, first ? " " : ", ");
      print_link(b, &t->links.data[l], vortex_backend_is_gpu(t->l1.data[i].backend));
      first = false;
    }
    line(p);
  }
  vtc_strbuf_puts(b, "L2: every link x split-k {");
  int last = -1;
  for (size_t i = 0; i < t->l2.len && t->l2.data[i].link == t->l2.data[0].link; i++) {
    vtc_strbuf_printf(b, "%s%d", last < 0 ? "" : ", ", t->l2.data[i].split_k);
    last = t->l2.data[i].split_k;
  }
  vtc_strbuf_puts(b, "}");
  line(p);
}

/* ---- vortex-generate-candidates and vortex-print-candidates -------------------------------------- */

static const char *const generate_stats[] = {"l0-candidates", "l1-candidates", "links", "l2-candidates", NULL};

static void generate_visit(void *walk, vtc_op *compute) {
  const run_state *rs = vortex_walk_data(walk);
  vtc_pass_context *pc = vortex_walk_pass(walk);
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  vortex_contraction c;
  const vortex_candidates *t = contraction_table(walk, compute, rs, &c);
  if (!t) return;
  vtc_pass_stat_add(pc, 0, t->l0.len);
  vtc_pass_stat_add(pc, 1, t->l1.len);
  vtc_pass_stat_add(pc, 2, t->links.len);
  vtc_pass_stat_add(pc, 3, t->l2.len);
  const vtc_attr *names[2];
  for (unsigned i = 0; i < t->num_backends; i++) names[i] = vtc_attr_cstring(ctx, vortex_backend_name(t->backends[i]));
  vtc_named_attr e[] = {
      {vtc_str(ctx, "backends"), vtc_attr_array(ctx, t->num_backends, names)},
      {vtc_str(ctx, "l0"), vtc_attr_i64(ctx, (int64_t)t->l0.len)},
      {vtc_str(ctx, "l1"), vtc_attr_i64(ctx, (int64_t)t->l1.len)},
      {vtc_str(ctx, "l2"), vtc_attr_i64(ctx, (int64_t)t->l2.len)},
      {vtc_str(ctx, "links"), vtc_attr_i64(ctx, (int64_t)t->links.len)},
      {vtc_str(ctx, "target"), vtc_attr_cstring(ctx, rs->hw->name)},
  };
  vtc_op_set_attr(compute, "vortex.candidates", vtc_attr_dictionary(ctx, sizeof e / sizeof *e, e));
}

static bool run_generate(vtc_pass_context *pc, vtc_op *root, const void *options) {
  run_state rs;
  return prepare(pc, root, options, false, &rs) && walk_with_cache(pc, root, generate_visit, &rs);
}

static void print_candidates_visit(void *walk, vtc_op *compute) {
  const run_state *rs = vortex_walk_data(walk);
  vortex_contraction c;
  const vortex_candidates *t = contraction_table(walk, compute, rs, &c);
  if (!t) return;
  char prefix[160];
  snprintf(prefix, sizeof prefix, "vortex candidates @%s #%u", vortex_walk_func(walk), vortex_walk_index(walk));
  printer p = {vtc_pass_context_ctx(vortex_walk_pass(walk)), compute->loc, prefix, {0}};
  print_table(&p, t, rs->po->limit);
  vtc_strbuf_free(&p.b);
}

static bool run_print_candidates(vtc_pass_context *pc, vtc_op *root, const void *options) {
  run_state rs;
  vtc_pass_mark_unchanged(pc);
  return prepare(pc, root, options, false, &rs) && walk_with_cache(pc, root, print_candidates_visit, &rs);
}

/* ---- vortex-analyze and vortex-print-cost ------------------------------------------------------- */

static const char *const analyze_stats[] = {"variants", NULL};

static bool plan_of(void *walk, vtc_op *compute, const run_state *rs, vortex_contraction *c, vortex_variant *vs,
                    unsigned *n, size_t *num_candidates) {
  const vortex_candidates *t = contraction_table(walk, compute, rs, c);
  if (!t) return false;
  char why[200];
  bool ok = vortex_plan_cached(rs->cache, c, rs->hw, &rs->gen, &rs->an, vs, n, why, sizeof why);
  if (num_candidates) *num_candidates = t->l2.len;
  if (!ok) {
    vtc_error(vtc_pass_context_ctx(vortex_walk_pass(walk)), compute->loc, "vortex: %s", why);
    vortex_walk_fail(walk);
  }
  return ok;
}

static void analyze_visit(void *walk, vtc_op *compute) {
  const run_state *rs = vortex_walk_data(walk);
  vtc_pass_context *pc = vortex_walk_pass(walk);
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  vortex_contraction c;
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  if (!plan_of(walk, compute, rs, &c, vs, &n, NULL)) return;
  vtc_op_set_attr(compute, VORTEX_ATTR_VARIANTS, vortex_variants_attr(ctx, vs, n));
  vtc_op_set_attr(compute, VORTEX_ATTR_TARGET, vtc_attr_cstring(ctx, rs->hw->name));
  vtc_pass_stat_add(pc, 0, n);
}

static bool run_analyze(vtc_pass_context *pc, vtc_op *root, const void *options) {
  run_state rs;
  return prepare(pc, root, options, true, &rs) && walk_with_cache(pc, root, analyze_visit, &rs);
}

static void print_variant(vtc_strbuf *b, const vtc_hardware *hw, const vortex_variant *v) {
  if (vortex_backend_is_gpu(v->backend)) {
    const vtc_hw_gpu *g = &hw->gpu;
    int64_t regs_per_warp = ((int64_t)v->registers * g->warp_size + 255) / 256 * 256;
    vtc_strbuf_printf(b, "%s cta %dx%dx%d, %d stages, warp %dx%dx%d", vortex_backend_name(v->backend), v->l1.m,
                      v->l1.n, v->l1.k, v->l1.stages, v->l0.m, v->l0.n, v->l0.k);
    if (v->backend == VORTEX_BACKEND_TENSOR_CORE)
      vtc_strbuf_printf(b, " (mma m%dn%dk%d)", v->l0.inst_m, v->l0.inst_n, v->l0.inst_k);
    else vtc_strbuf_printf(b, " (%dx%d lanes of %dx%d)", v->l0.lanes_m, v->l0.lanes_n, v->l0.inst_m, v->l0.inst_n);
    vtc_strbuf_printf(b, ", split-k %d; %d warps, %d registers, shared %lld B, occupancy %d; utilisation registers "
                         "%.2f, shared %.2f, threads %.2f",
                      v->split_k, v->units, v->registers, (long long)v->shared_bytes, v->occupancy,
                      (double)(v->occupancy * regs_per_warp * v->units) / g->registers_per_sm,
                      (double)(v->occupancy * (v->shared_bytes + 1024)) / g->shared_per_sm,
                      (double)(v->occupancy * v->units * g->warp_size) / g->max_threads_per_sm);
    return;
  }
  const vtc_hw_cpu *c = &hw->cpu;
  int64_t l3 = (c->l3_bytes > 0 ? c->l3_bytes : c->l2_bytes * 2) / (hw->num_cores > 0 ? hw->num_cores : 1);
  vtc_strbuf_printf(b, "%s block MC %d NC %d KC %d, micro-kernel %dx%d, split-k %d; %d vector registers; "
                       "utilisation L1d %.2f, L2 %.2f, L3 %.3f",
                    vortex_backend_name(v->backend), v->l1.m, v->l1.n, v->l1.k, v->l0.m, v->l0.n, v->split_k,
                    v->registers, (double)v->l1.k * v->l0.n * 4 / c->l1d_bytes,
                    (double)v->shared_bytes / c->l2_bytes, (double)v->l1.k * v->l1.n * 4 / l3);
}

static void print_cost_visit(void *walk, vtc_op *compute) {
  const run_state *rs = vortex_walk_data(walk);
  vortex_contraction c;
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned n = 0;
  size_t candidates = 0;
  if (!plan_of(walk, compute, rs, &c, vs, &n, &candidates)) return;
  /* The variants the lowering will take: those attached, when they parse
   * (costed on this pass's target; the lowering plans for vortex.target). */
  vortex_variant given[VORTEX_MAX_VARIANTS];
  unsigned ngiven = 0;
  const vtc_attr *list = vtc_op_get_attr(compute, VORTEX_ATTR_VARIANTS);
  bool attached = list && vortex_variants_from_attr(list, given, VORTEX_MAX_VARIANTS, &ngiven);
  if (attached) {
    memcpy(vs, given, ngiven * sizeof *vs);
    n = ngiven;
  }
  char prefix[160];
  snprintf(prefix, sizeof prefix, "vortex cost @%s #%u", vortex_walk_func(walk), vortex_walk_index(walk));
  printer p = {vtc_pass_context_ctx(vortex_walk_pass(walk)), compute->loc, prefix, {0}};
  vortex_problem shape = vortex_problem_of(&c);
  vtc_strbuf_printf(&p.b, "%s: %u variants %s %zu L2 candidates; sizes batch %" PRId64 ", m %" PRId64 ", n %" PRId64
                          ", k %" PRId64 " (-1: dynamic)",
                    rs->hw->name, n, attached ? "attached (vortex.variants), the plan's of" : "of", candidates,
                    shape.batch == VTC_DYNAMIC ? -1 : shape.batch,
                    shape.m == VTC_DYNAMIC ? -1 : shape.m, shape.n == VTC_DYNAMIC ? -1 : shape.n,
                    shape.k == VTC_DYNAMIC ? -1 : shape.k);
  line(&p);
  for (unsigned i = 0; i < n; i++) {
    vtc_strbuf_printf(&p.b, "variant %u: ", i);
    print_variant(&p.b, rs->hw, &vs[i]);
    line(&p);
  }
  static const int64_t default_sizes[] = {1, 16, 128, 1024, 4096};
  const int64_t *sizes = rs->po->sizes.count ? rs->po->sizes.values : default_sizes;
  unsigned nsizes = rs->po->sizes.count ? rs->po->sizes.count : 5;
  for (unsigned s = 0; s < nsizes; s++) {
    int64_t z = sizes[s] < 0 ? 0 : sizes[s];
    vortex_problem p1 = {shape.batch == VTC_DYNAMIC ? z : shape.batch, shape.m == VTC_DYNAMIC ? z : shape.m,
                         shape.n == VTC_DYNAMIC ? z : shape.n, shape.k == VTC_DYNAMIC ? z : shape.k};
    unsigned best = vortex_select(rs->hw, vs, n, p1);
    vtc_strbuf_printf(&p.b, "batch %" PRId64 " m %" PRId64 " n %" PRId64 " k %" PRId64 ": selects variant %u;", p1.batch,
                      p1.m, p1.n, p1.k, best);
    for (unsigned i = 0; i < n; i++) {
      vortex_cost_detail d;
      vortex_model_cost_detail(rs->hw, &vs[i], p1, &d);
      vtc_strbuf_printf(&p.b, " %u: %.3f us (%" PRId64 " tiles, %" PRId64 " waves + %" PRId64 ")%s", i, d.total * 1e6,
                        d.tiles, d.waves, d.tail, i + 1 < n ? "," : "");
    }
    vtc_strbuf_puts(&p.b, "; measured: none (empirical=none)");
    line(&p);
  }
  vtc_strbuf_free(&p.b);
}

static bool run_print_cost(vtc_pass_context *pc, vtc_op *root, const void *options) {
  run_state rs;
  vtc_pass_mark_unchanged(pc);
  return prepare(pc, root, options, true, &rs) && walk_with_cache(pc, root, print_cost_visit, &rs);
}

/* ---- vortex-print-hardware ---------------------------------------------------------------------------- */

/* The hardware row the other passes read, one remark per line at the root. */
static bool run_print_hardware(vtc_pass_context *pc, vtc_op *root, const void *options) {
  const pass_options *po = options;
  vtc_context *ctx = vtc_pass_context_ctx(pc);
  vtc_pass_mark_unchanged(pc);
  const vtc_hardware *hw = vortex_pass_hardware(ctx, root->loc, po->target);
  if (!hw) return false;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return vtc_internal_error(ctx, root->loc, "open_memstream failed");
  vtc_hardware_print(hw, f);
  fclose(f);
  for (char *line = text, *end; line && *line; line = end ? end + 1 : NULL) {
    end = strchr(line, '\n');
    if (end) *end = 0;
    vtc_remark(ctx, root->loc, "%s", line);
  }
  free(text);
  return true;
}

/* ---- the option tables ------------------------------------------------------------------------------ */

#define GENERATOR_OPTIONS                                                                                          \
  {"target", VTC_OPTION_STRING, "",                                                                                \
   "Hardware (targets/hardware.h): h100, h200, a100, skylake-avx512, znver3, host (default), gpu (= h100)",         \
   offsetof(pass_options, target), NULL},                                                                          \
      {"backend", VTC_OPTION_ENUM, "auto",                                                                         \
       "auto (GPU: tensor-core and cuda-core; CPU: avx512, else avx2), tensor-core, cuda-core, avx512, avx2",      \
       offsetof(pass_options, backend), vortex_backend_option_names},                                              \
      {"multiples", VTC_OPTION_BOOL, "true", "FilterByMultiples: upper tiles are multiples of lower ones (Fig. 8)", \
       offsetof(pass_options, multiples), NULL},                                                                   \
      {"util-min", VTC_OPTION_STRING, "1/8", "Lowest utilisation of each resource (a number or a fraction)",       \
       offsetof(pass_options, util_min), NULL},                                                                    \
      {"util-max", VTC_OPTION_STRING, "1", "Highest utilisation of each resource", offsetof(pass_options, util_max), \
       NULL},                                                                                                      \
      {"allow-tf32", VTC_OPTION_BOOL, "false", "f32 on tensor cores as tf32 (m16n8k8)",                            \
       offsetof(pass_options, allow_tf32), NULL}

#define ANALYZER_OPTIONS                                                                                           \
  {"empirical", VTC_OPTION_ENUM, "none", "Levels profiled by vtc-tune: none (only none is implemented), l0, l0-l1, all", \
   offsetof(pass_options, empirical), empirical_names},                                                            \
      {"profile-db", VTC_OPTION_STRING, "", "vtc-tune's profile DB (not implemented)",                             \
       offsetof(pass_options, profile_db), NULL},                                                                  \
      {"max-variants", VTC_OPTION_INT, "0", "Variants kept per contraction (0: 8 on a GPU, 4 on a CPU)",           \
       offsetof(pass_options, max_variants), NULL},                                                                \
      {"dynamic", VTC_OPTION_ENUM, "all",                                                                          \
       "Levels that adapt at run time: all, l1 (Static1: L0 fixed), none (Static2: L0 and L1 fixed)",              \
       offsetof(pass_options, dynamic), dynamic_names},                                                            \
      {"sampled", VTC_OPTION_STRING, "", "LO:HI: M breakpoints only in [LO, HI) (DietCode-like ablation)",         \
       offsetof(pass_options, sampled), NULL},                                                                     \
      {"oracle", VTC_OPTION_BOOL, "false", "Profile every level per shape (vtc-tune --oracle; not implemented)",   \
       offsetof(pass_options, oracle), NULL}

static const vtc_pass_option generate_options[] = {GENERATOR_OPTIONS, {NULL, 0, NULL, NULL, 0, NULL}};
static const vtc_pass_option print_candidates_options[] = {
    GENERATOR_OPTIONS,
    {"limit", VTC_OPTION_INT, "8", "Rows printed per level (0: all)", offsetof(pass_options, limit), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};
static const vtc_pass_option analyze_options[] = {GENERATOR_OPTIONS, ANALYZER_OPTIONS, {NULL, 0, NULL, NULL, 0, NULL}};
static const vtc_pass_option print_cost_options[] = {
    GENERATOR_OPTIONS,
    ANALYZER_OPTIONS,
    {"sizes", VTC_OPTION_INT_LIST, "", "Values of the dynamic sizes to predict at (default 1,16,128,1024,4096)",
     offsetof(pass_options, sizes), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

static const vtc_pass_option print_hardware_options[] = {
    {"target", VTC_OPTION_STRING, "", "Hardware (targets/hardware.h): h100, h200, a100, skylake-avx512, znver3, host",
     offsetof(pass_options, target), NULL},
    {NULL, 0, NULL, NULL, 0, NULL},
};

const vtc_pass_def vortex_print_hardware_pass = {
    .name = "vortex-print-hardware",
    .summary = "Vortex 2.3, 5.1: print the hardware description (targets/hardware.h) the candidate generator and the "
               "model read",
    .options_size = sizeof(pass_options),
    .options = print_hardware_options,
    .run = run_print_hardware,
};

const vtc_pass_def vortex_generate_candidates_pass = {
    .name = "vortex-generate-candidates",
    .summary = "Vortex 5.1 (Algorithm 2): generate each contraction's L0/L1/L2 candidates bottom-up from the hardware "
               "(FilterByISA, FilterByMultiples, utilisation bounds); attach the counts as vortex.candidates",
    .options_size = sizeof(pass_options),
    .options = generate_options,
    .run = run_generate,
    .statistics = generate_stats,
};

const vtc_pass_def vortex_print_candidates_pass = {
    .name = "vortex-print-candidates",
    .summary = "Vortex 5.1: print each contraction's candidate counts per level and the table linking L1 to L0",
    .options_size = sizeof(pass_options),
    .options = print_candidates_options,
    .run = run_print_candidates,
};

const vtc_pass_def vortex_analyze_pass = {
    .name = "vortex-analyze",
    .summary = "Vortex 5.2 (analytical, Eqs. 2-4): keep at most N variants, those the model ranks best at breakpoints "
               "from the hardware; attach vortex.variants for lower-te-to-gir",
    .options_size = sizeof(pass_options),
    .options = analyze_options,
    .run = run_analyze,
    .statistics = analyze_stats,
};

const vtc_pass_def vortex_print_cost_pass = {
    .name = "vortex-print-cost",
    .summary = "Vortex 5.2: print each kept variant's resource use (Fig. 5) and its predicted cost at given sizes",
    .options_size = sizeof(pass_options),
    .options = print_cost_options,
    .run = run_print_cost,
};
