/* te-print-dependence: Souffle's intra-TE element-wise dependence analysis
 * (section 5.2) and TE characterization (section 5.3), printed as remarks at
 * each te.compute so tests can FileCheck them.
 *
 * Choices where the paper is silent:
 *   - The maps printed are the te.load maps themselves (output and reduction
 *     indices, then extra operands, to input indices): for a
 *     one-relies-on-one TE they are Souffle's M v + c (quasi-affine when they
 *     hold floordiv/mod by constants); for one-relies-on-many the reduction
 *     domain is printed next to them, as Souffle's {I[i, rk], [0 <= rk < 64]}.
 *     A load with extra operands (gather) is marked index-dependent: its
 *     element is chosen by data, not by the map alone.
 *   - flops: per iteration point, the arith/math ops of the body that
 *     compute on element values (arith.constant and index arithmetic, i.e.
 *     an op with an index operand or result, are free), plus one for the
 *     combiner of a reduction; times the points (output elements times
 *     reduction points).
 *   - bytes: each loaded input read once in full, the output written once.
 *   - Two ratios: flops/byte (the compute-to-memory ratio), and Souffle's
 *     arithmetic operations per element accessed, compared with its
 *     threshold of 3 to call a TE memory- or compute-intensive.
 *   - Dynamic sizes: counts are printed symbolically (shape symbols as
 *     s0..., an input's dynamic size as dim(inK, D)) and the ratios as
 *     `dynamic`. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"
#include "passes/te/te_passes.h"

const char *vtc_te_dependence_name(vtc_te_dependence d) {
  return d == VTC_TE_ONE_RELIES_ON_MANY ? "one-relies-on-many" : "one-relies-on-one";
}

vtc_te_dependence vtc_te_dependence_of(const vtc_op *compute) {
  return vtc_te_compute_reduce(compute) ? VTC_TE_ONE_RELIES_ON_MANY : VTC_TE_ONE_RELIES_ON_ONE;
}

/* ---- counting ------------------------------------------------------------------ */

static bool is_flop(vtc_op *op, vtc_context *ctx) {
  const char *d = op->name->dialect;
  if (d != vtc_str(ctx, "arith") && d != vtc_str(ctx, "math")) return false;
  if (strcmp(op->name->name, "arith.constant") == 0) return false;
  for (unsigned i = 0; i < op->num_operands; i++)
    if (vtc_op_operand(op, i)->type->kind == VTC_TYPE_INDEX) return false;
  for (unsigned i = 0; i < op->num_results; i++)
    if (vtc_op_result(op, i)->type->kind == VTC_TYPE_INDEX) return false;
  return true;
}

static unsigned flops_per_point(const vtc_op *c) {
  vtc_context *ctx = vtc_op_context(c);
  unsigned n = vtc_te_compute_reduce(c) ? 1 : 0;
  vtc_block *body = vtc_te_compute_body(c);
  for (vtc_op *o = body ? body->first : NULL; o; o = o->next) n += is_flop(o, ctx);
  return n;
}

/* Inputs read by at least one te.load. */
static bool input_loaded(const vtc_op *c, unsigned i) {
  vtc_value *in = vtc_te_compute_input(c, i);
  vtc_block *body = vtc_te_compute_body(c);
  for (vtc_op *o = body ? body->first : NULL; o; o = o->next)
    if (vtc_te_is_load(o) && vtc_te_load_input(o) == in) return true;
  return false;
}

/* A size past int64 is as unknown as a symbolic one: the cost is then not
 * static rather than a wrapped number. */
static int64_t static_extent_product(const vtc_affine_map *m, bool *is_static) {
  int64_t n = 1;
  for (unsigned i = 0; m && i < m->num_results; i++) {
    if (m->results[i]->kind != VTC_AFFINE_CONST ||
        __builtin_mul_overflow(n, m->results[i]->value, &n))
      *is_static = false;
  }
  return n;
}

void vtc_te_cost_of(const vtc_op *c, vtc_te_cost *out) {
  memset(out, 0, sizeof *out);
  out->flops_per_point = flops_per_point(c);
  bool st = true;
  int64_t outn = static_extent_product(vtc_te_compute_shape(c), &st);
  int64_t red = static_extent_product(vtc_te_compute_reduce(c), &st);
  const vtc_type *rt = vtc_te_compute_type(c);
  int64_t elements = outn, bytes;
  if (__builtin_mul_overflow(outn, (int64_t)((vtc_type_bit_width(rt->element) + 7) / 8), &bytes)) st = false;
  for (unsigned i = 0; i < vtc_te_compute_num_inputs(c); i++) {
    if (!input_loaded(c, i)) continue;
    const vtc_type *t = vtc_te_compute_input(c, i)->type;
    int64_t n = vtc_tensor_num_elements(t);
    if (n < 0) {
      st = false;
      continue;
    }
    int64_t nbytes;
    if (__builtin_mul_overflow(n, (int64_t)((vtc_type_bit_width(t->element) + 7) / 8), &nbytes) ||
        __builtin_add_overflow(elements, n, &elements) || __builtin_add_overflow(bytes, nbytes, &bytes))
      st = false;
  }
  if (__builtin_mul_overflow(outn, red, &out->points) ||
      __builtin_mul_overflow(out->points, (int64_t)out->flops_per_point, &out->flops))
    st = false;
  out->is_static = st;
  if (!st) {
    out->points = out->flops = 0;
    return;
  }
  out->elements = elements;
  out->bytes = bytes;
}

/* A product `c * f1 * f2 ...` with symbolic factors, for dynamic sizes. */
typedef struct product {
  int64_t c;
  vtc_strbuf f;
} product;

/* An affine expression with spaces (`s0 + 1`) is parenthesised. */
static void product_factor(product *p, const char *s, bool parenthesise) {
  vtc_strbuf_printf(&p->f, parenthesise && strchr(s, ' ') ? "*(%s)" : "*%s", s);
}

static void product_map(product *p, const vtc_affine_map *m) {
  for (unsigned i = 0; m && i < m->num_results; i++) {
    const vtc_affine_expr *e = m->results[i];
    if (e->kind == VTC_AFFINE_CONST) {
      p->c *= e->value;
      continue;
    }
    vtc_strbuf s = {0};
    vtc_affine_expr_print(e, &s);
    product_factor(p, s.data, true);
    vtc_strbuf_free(&s);
  }
}

static void product_print(const product *p, vtc_strbuf *out) {
  if (!p->f.len) vtc_strbuf_printf(out, "%" PRId64, p->c);
  else if (p->c == 1) vtc_strbuf_puts(out, p->f.data + 1);
  else vtc_strbuf_printf(out, "%" PRId64 "%s", p->c, p->f.data);
}

/* ---- printing ------------------------------------------------------------------- */

/* 0: affine; 1: quasi-affine (floordiv/mod/ceildiv by constants); 2: semi-affine. */
static int map_kind_expr(const vtc_affine_expr *e) {
  switch (e->kind) {
  case VTC_AFFINE_ADD: {
    int a = map_kind_expr(e->lhs), b = map_kind_expr(e->rhs);
    return a > b ? a : b;
  }
  case VTC_AFFINE_MUL: {
    int a = map_kind_expr(e->lhs), b = map_kind_expr(e->rhs);
    if (e->lhs->kind != VTC_AFFINE_CONST && e->rhs->kind != VTC_AFFINE_CONST) return 2;
    return a > b ? a : b;
  }
  case VTC_AFFINE_MOD:
  case VTC_AFFINE_FLOORDIV:
  case VTC_AFFINE_CEILDIV: {
    int a = map_kind_expr(e->lhs);
    if (e->rhs->kind != VTC_AFFINE_CONST) return 2;
    return a > 1 ? a : 1;
  }
  default: return 0;
  }
}

static const char *map_kind(const vtc_affine_map *m) {
  int k = 0;
  for (unsigned i = 0; i < m->num_results; i++) {
    int x = map_kind_expr(m->results[i]);
    if (x > k) k = x;
  }
  return k == 0 ? "affine" : k == 1 ? "quasi-affine" : "semi-affine";
}

static void print_domain(vtc_strbuf *b, const vtc_affine_map *m, unsigned first_dim) {
  vtc_strbuf_putc(b, '[');
  for (unsigned i = 0; i < m->num_results; i++) {
    vtc_strbuf_printf(b, "%s0 <= d%u < ", i ? ", " : "", first_dim + i);
    vtc_affine_expr_print(m->results[i], b);
  }
  vtc_strbuf_putc(b, ']');
}

typedef struct print_state {
  vtc_context *ctx;
  const char *func;
  unsigned index;
} print_state;

static void remark(print_state *ps, vtc_op *c, vtc_strbuf *b) {
  vtc_remark(ps->ctx, c->loc, "te @%s #%u: %s", ps->func, ps->index, b->data ? b->data : "");
  vtc_strbuf_clear(b);
}

static void print_counts(print_state *ps, vtc_op *c, vtc_strbuf *b) {
  vtc_te_cost cost;
  vtc_te_cost_of(c, &cost);
  if (cost.is_static) {
    double ratio = cost.bytes ? (double)cost.flops / (double)cost.bytes : 0;
    double per_elem = cost.elements ? (double)cost.flops / (double)cost.elements : 0;
    vtc_strbuf_printf(b,
                      "flops %" PRId64 " (%u per point), bytes %" PRId64 ", compute-to-memory %.3g flops/byte, "
                      "%.3g flops/element: %s",
                      cost.flops, cost.flops_per_point, cost.bytes, ratio, per_elem,
                      per_elem < VTC_TE_COMPUTE_INTENSIVE_THRESHOLD ? "memory-intensive" : "compute-intensive");
    remark(ps, c, b);
    return;
  }
  /* Symbolic counts. */
  product flops = {(int64_t)cost.flops_per_point, {0}};
  product_map(&flops, vtc_te_compute_shape(c));
  product_map(&flops, vtc_te_compute_reduce(c));
  vtc_strbuf_puts(b, "flops ");
  product_print(&flops, b);
  vtc_strbuf_free(&flops.f);
  vtc_strbuf_printf(b, " (%u per point), bytes ", cost.flops_per_point);
  const vtc_type *rt = vtc_te_compute_type(c);
  product out = {(int64_t)(vtc_type_bit_width(rt->element) + 7) / 8, {0}};
  product_map(&out, vtc_te_compute_shape(c));
  bool first = true;
  for (unsigned i = 0; i < vtc_te_compute_num_inputs(c); i++) {
    if (!input_loaded(c, i)) continue;
    const vtc_type *t = vtc_te_compute_input(c, i)->type;
    product p = {(int64_t)(vtc_type_bit_width(t->element) + 7) / 8, {0}};
    for (unsigned d = 0; d < t->rank; d++) {
      if (vtc_tensor_dim(t, d) != VTC_DYNAMIC) {
        p.c *= vtc_tensor_dim(t, d);
        continue;
      }
      char f[48];
      snprintf(f, sizeof f, "dim(in%u, %u)", i, d);
      product_factor(&p, f, false);
    }
    if (!first) vtc_strbuf_puts(b, " + ");
    product_print(&p, b);
    vtc_strbuf_free(&p.f);
    first = false;
  }
  if (!first) vtc_strbuf_puts(b, " + ");
  product_print(&out, b);
  vtc_strbuf_free(&out.f);
  vtc_strbuf_puts(b, ", compute-to-memory dynamic");
  remark(ps, c, b);
}

static void print_compute(print_state *ps, vtc_op *c) {
  vtc_strbuf b = {0};
  const vtc_affine_map *reduce = vtc_te_compute_reduce(c);
  unsigned rank = vtc_te_compute_rank(c);
  vtc_strbuf_puts(&b, vtc_te_dependence_name(vtc_te_dependence_of(c)));
  remark(ps, c, &b);
  vtc_strbuf_puts(&b, "domain ");
  print_domain(&b, vtc_te_compute_shape(c), 0);
  if (reduce) {
    vtc_strbuf_puts(&b, ", reduction ");
    print_domain(&b, reduce, rank);
    vtc_strbuf_printf(&b, " combiner %s", vtc_te_combiner_name(vtc_te_compute_combiner(c)));
  }
  remark(ps, c, &b);
  vtc_block *body = vtc_te_compute_body(c);
  for (vtc_op *o = body ? body->first : NULL; o; o = o->next) {
    if (!vtc_te_is_load(o)) continue;
    int k = vtc_te_compute_input_index(c, vtc_te_load_input(o));
    const vtc_affine_map *m = vtc_te_load_map(o);
    vtc_strbuf_printf(&b, "input %d ", k);
    vtc_print_type_to(vtc_te_load_input(o)->type, &b);
    vtc_strbuf_puts(&b, ": ");
    vtc_affine_map_print(m, &b);
    vtc_strbuf_printf(&b, " (%s", map_kind(m));
    if (vtc_te_load_num_extra(o)) vtc_strbuf_printf(&b, ", index-dependent on %u operand%s", vtc_te_load_num_extra(o),
                                                    vtc_te_load_num_extra(o) == 1 ? "" : "s");
    if (vtc_te_load_padding(o)) vtc_strbuf_puts(&b, ", padded");
    vtc_strbuf_putc(&b, ')');
    remark(ps, c, &b);
  }
  print_counts(ps, c, &b);
  vtc_strbuf_free(&b);
}

static vtc_walk_result visit(vtc_op *op, void *data) {
  print_state *ps = data;
  if (strcmp(op->name->name, "func.func") == 0) {
    const char *name = vtc_symbol_name(op);
    ps->func = name ? name : "?";
    ps->index = 0;
    return VTC_WALK_ADVANCE;
  }
  if (vtc_te_is_compute(op)) {
    print_compute(ps, op);
    ps->index++;
    return VTC_WALK_SKIP;
  }
  return VTC_WALK_ADVANCE;
}

static bool run_print_dependence(vtc_pass_context *pc, vtc_op *root, const void *options) {
  print_state ps = {vtc_pass_context_ctx(pc), "?", 0};
  vtc_op_walk(root, true, visit, &ps);
  vtc_pass_mark_unchanged(pc);
  return true;
}

const vtc_pass_def vtc_te_print_dependence_pass = {
    .name = "te-print-dependence",
    .summary = "Print each TE's dependence class (Souffle 5.2: one-relies-on-one or one-relies-on-many, with "
               "its maps and reduction domain) and compute-to-memory ratio (5.3) as remarks",
    .run = run_print_dependence,
};
