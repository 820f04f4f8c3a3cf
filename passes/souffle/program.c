/* The program model shared by the souffle passes (souffle.txt 5.1): a
 * function's TEs in program order, the tensors they read and define, the
 * readers of each tensor (s(t)), live ranges and BFS levels. Built in one
 * pass over the body, linear in TEs and uses: lstm-stack's 17k TEs take
 * milliseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "passes/souffle/souffle.h"
#include "passes/te/te_passes.h"
#include "passes/vortex/rkernel.h"

static unsigned add_tensor(vtc_souffle_program *p, unsigned *cap, vtc_value *v, int def, int arg) {
  if (p->num_tensors == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    p->tensors = vtc_xrealloc(p->tensors, *cap * sizeof *p->tensors);
  }
  unsigned id = p->num_tensors++;
  p->tensors[id] = (vtc_souffle_tensor){.value = v, .def = def, .arg = arg, .last_use = -1};
  vtc_ptrmap_put(&p->ids, v, (void *)(uintptr_t)(id + 1));
  return id;
}

int vtc_souffle_tensor_id(const vtc_souffle_program *p, const vtc_value *v) {
  return (int)(uintptr_t)vtc_ptrmap_get(&p->ids, v) - 1;
}

/* A use by anything but a TE (its operand list or a te.load in its body) or
 * a te.dim (which reads the size, not the data). */
static bool escapes(const vtc_value *v) {
  for (vtc_use *u = v->first_use; u; u = u->next)
    if (!vtc_te_is_compute(u->owner) && !vtc_te_is_load(u->owner) && !vtc_te_is_dim(u->owner)) return true;
  return false;
}

static void add_reader(vtc_souffle_program *p, unsigned t, unsigned te) {
  vtc_souffle_tensor *x = &p->tensors[t];
  if (x->num_readers && x->readers[x->num_readers - 1] == te) return;
  /* Capacity doubles at powers of two. */
  if ((x->num_readers & (x->num_readers - 1)) == 0)
    x->readers = vtc_xrealloc(x->readers, (x->num_readers ? 2 * x->num_readers : 1) * sizeof *x->readers);
  x->readers[x->num_readers++] = te;
  x->last_use = (int)te;
}

vtc_souffle_program *vtc_souffle_program_build(vtc_op *func) {
  if (func->num_regions == 0 || !vtc_op_region(func, 0)->first) return NULL;
  vtc_block *body = vtc_op_region(func, 0)->first;
  vtc_souffle_program *p = vtc_xcalloc(1, sizeof *p);
  p->func = func;
  unsigned tcap = 0, ecap = 0;
  for (unsigned i = 0; i < body->num_args; i++)
    if (body->args[i]->type->kind == VTC_TYPE_TENSOR) add_tensor(p, &tcap, body->args[i], -1, (int)i);
  for (vtc_op *op = body->first; op; op = op->next) {
    if (!vtc_te_is_compute(op)) continue;
    if (p->num_tes == ecap) {
      ecap = ecap ? 2 * ecap : 64;
      p->tes = vtc_xrealloc(p->tes, ecap * sizeof *p->tes);
    }
    unsigned k = p->num_tes++;
    vtc_souffle_te *te = &p->tes[k];
    *te = (vtc_souffle_te){.op = op};
    te->num_inputs = vtc_te_compute_num_inputs(op);
    te->inputs = vtc_xcalloc(te->num_inputs ? te->num_inputs : 1, sizeof *te->inputs);
    for (unsigned i = 0; i < te->num_inputs; i++) {
      vtc_value *in = vtc_te_compute_input(op, i);
      int id = vtc_souffle_tensor_id(p, in);
      if (id < 0) id = (int)add_tensor(p, &tcap, in, -1, -1);
      te->inputs[i] = (unsigned)id;
      add_reader(p, (unsigned)id, k);
      int d = p->tensors[id].def;
      if (d >= 0 && p->tes[d].level + 1 > te->level) te->level = p->tes[d].level + 1;
    }
    add_tensor(p, &tcap, vtc_op_result(op, 0), (int)k, -1);
  }
  for (unsigned t = 0; t < p->num_tensors; t++) p->tensors[t].escapes = escapes(p->tensors[t].value);
  return p;
}

void vtc_souffle_program_free(vtc_souffle_program *p) {
  if (!p) return;
  for (unsigned i = 0; i < p->num_tes; i++) free(p->tes[i].inputs);
  for (unsigned i = 0; i < p->num_tensors; i++) free(p->tensors[i].readers);
  free(p->tes);
  free(p->tensors);
  vtc_ptrmap_free(&p->ids);
  free(p);
}

void vtc_souffle_tensor_name(const vtc_souffle_program *p, unsigned id, vtc_strbuf *out) {
  const vtc_souffle_tensor *t = &p->tensors[id];
  if (t->arg >= 0) vtc_strbuf_printf(out, "in%d", t->arg);
  else if (t->def >= 0) vtc_strbuf_printf(out, "O%d", t->def);
  else vtc_strbuf_printf(out, "t%u", id);
}

void vtc_souffle_compact_inputs(vtc_op *c) {
  vtc_context *ctx = vtc_op_context(c);
  unsigned nin = vtc_te_compute_num_inputs(c), nsym = vtc_te_compute_num_symbols(c), n = 0;
  unsigned nd = vtc_te_compute_num_dests(c);
  vtc_value **ops = vtc_xcalloc(nin + nsym + nd + 1, sizeof *ops);
  vtc_block *body = vtc_te_compute_body(c);
  bool same = true;
  for (unsigned i = 0; i < nin; i++) {
    vtc_value *in = vtc_te_compute_input(c, i);
    bool read = false, dup = false;
    for (vtc_op *o = body->first; o && !read; o = o->next) read = vtc_te_is_load(o) && vtc_te_load_input(o) == in;
    for (unsigned j = 0; j < n && !dup; j++) dup = ops[j] == in;
    if (read && !dup) ops[n++] = in;
    else same = false;
  }
  if (!same) {
    unsigned ni = n;
    for (unsigned i = 0; i < nsym; i++) ops[n++] = vtc_te_compute_symbol(c, i);
    for (unsigned i = 0; i < nd; i++) ops[n++] = vtc_te_compute_dest(c, i);
    vtc_op_set_operands(c, n, ops);
    vtc_op_set_attr(c, VTC_TE_ATTR_NUM_INPUTS, vtc_attr_i64(ctx, ni));
  }
  free(ops);
}

/* ---- compute-to-memory (5.3) ----------------------------------------------------- */

static double map_points(const vtc_affine_map *m, int64_t size, bool *estimated) {
  double n = 1;
  int64_t syms[64];
  for (unsigned i = 0; i < 64; i++) syms[i] = size;
  for (unsigned i = 0; m && i < m->num_results; i++) {
    int64_t v = 0;
    if (m->results[i]->kind != VTC_AFFINE_CONST) *estimated = true;
    if (m->num_symbols > 64 || !vtc_affine_expr_eval(m->results[i], NULL, syms, &v)) v = size;
    n *= (double)v;
  }
  return n;
}

static double tensor_elements(const vtc_type *t, int64_t size, bool *estimated) {
  double n = 1;
  for (unsigned d = 0; d < t->rank; d++) {
    int64_t x = vtc_tensor_dim(t, d);
    if (x == VTC_DYNAMIC) {
      *estimated = true;
      x = size;
    }
    n *= (double)x;
  }
  return n;
}

static bool loaded(vtc_op *c, vtc_value *in) {
  for (vtc_op *o = vtc_te_compute_body(c)->first; o; o = o->next)
    if (vtc_te_is_load(o) && vtc_te_load_input(o) == in) return true;
  return false;
}

void vtc_souffle_intensity_of(vtc_op *c, int64_t symbol_size, vtc_souffle_intensity *out) {
  vtc_te_cost cost;
  vtc_te_cost_of(c, &cost);
  bool est = false;
  double points_out = map_points(vtc_te_compute_shape(c), symbol_size, &est);
  double points = points_out * map_points(vtc_te_compute_reduce(c), symbol_size, &est);
  const vtc_type *rt = vtc_te_compute_type(c);
  double elements = points_out, bytes = points_out * ((vtc_type_bit_width(rt->element) + 7) / 8);
  for (unsigned i = 0; i < vtc_te_compute_num_inputs(c); i++) {
    vtc_value *in = vtc_te_compute_input(c, i);
    if (!loaded(c, in)) continue;
    double n = tensor_elements(in->type, symbol_size, &est);
    elements += n;
    bytes += n * ((vtc_type_bit_width(in->type->element) + 7) / 8);
  }
  out->flops = points * cost.flops_per_point;
  out->bytes = bytes;
  out->elements = elements;
  out->flops_per_element = elements > 0 ? out->flops / elements : 0;
  out->estimated = est;
}

bool vtc_souffle_has_rkernel(vtc_op *compute) {
  vortex_contraction c;
  char why[160];
  /* A convolution other than a pointwise one keeps the plain kernel (so
   * does a query read through its heads' composite index h * 64 + k, which
   * classifies as a grouped convolution). */
  return vortex_classify_compute(compute, &c, why, sizeof why) && vortex_has_gemm_form(&c);
}
