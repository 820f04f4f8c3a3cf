/* Compiling a gir host function into the host plan of runtime/cuda_plan.h:
 * one pass over its single block, a slot per SSA value, a step per op;
 * func.call bodies are compiled in place (inlined) with the caller's slots
 * as their arguments. Whatever else host code holds is a located error. */
#include "runtime/cuda_plan.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "ir/assert_op.h"
#include "ir/ir.h"
#include "ir/ptrmap.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"

/* Deeper func.call nesting is taken for recursion (which inlining cannot
 * end); lowered modules nest a few levels at most. Inlining a callee that
 * calls another twice doubles, so the plan's length is bounded too. */
enum { kMaxCallDepth = 64, kMaxSteps = 1 << 20 };

/* A GPU block has at most 1024 threads: 32 warps. */
enum { kWarpSize = 32, kMaxBlockThreads = 1024 };

typedef struct compiler {
  cplan *plan;
  vtc_context *ctx;
  int depth;
  vtc_gir_check_sites sites; /* the module's, numbering assertions and kernel records */
} compiler;

/* The slots of one function body being compiled: vtc_value * -> slot + 1. */
typedef vtc_ptrmap scope;

static bool op_error(compiler *c, vtc_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool op_error(compiler *c, vtc_op *op, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vtc_error(c->ctx, op->loc, "'%s' op %s", op->name->name, msg);
}

/* ---- slots ------------------------------------------------------------------- */

static bool slot_of_buffer(compiler *c, const vtc_type *t, cplan_slot *s) {
  vtc_gir_buffer_info bi;
  if (!vtc_gir_buffer_info_of(c->ctx, t, &bi) || bi.level != VTC_GIR_GLOBAL || bi.rank > VTC_MAX_RANK) return false;
  unsigned bits = vtc_type_bit_width(bi.elem);
  vtc_dtype d;
  s->is_buffer = true;
  s->dtype = vtc_graph_dtype_of(bi.elem, &d) ? (int)d : -1;
  s->elem_bytes = bits <= 8 ? 1 : bits / 8;
  s->rank = bi.rank;
  for (unsigned k = 0; k < bi.rank; k++) s->dims[k] = bi.dims[k];
  return true;
}

static bool slot_of_scalar(const vtc_type *t, cplan_slot *s) {
  if (t->kind != VTC_TYPE_INDEX && t->kind != VTC_TYPE_INTEGER && !vtc_type_is_float(t)) return false;
  vtc_dtype d;
  s->type_kind = t->kind;
  s->type_width = t->width;
  s->dtype = t->kind == VTC_TYPE_INDEX ? (int)VTC_I64 : vtc_graph_dtype_of(t, &d) ? (int)d : -1;
  return true;
}

/* A new slot for a value of type t; -1 after an error at `op` when host code
 * cannot hold such a value. */
static int new_slot(compiler *c, vtc_op *op, const vtc_type *t) {
  cplan_slot s = {.dtype = -1};
  if (!slot_of_buffer(c, t, &s) && !slot_of_scalar(t, &s)) {
    char *ts = vtc_type_to_string(t);
    op_error(c, op, "has a value of type %s: host code on the GPU target holds only scalars and global buffers",
             ts);
    free(ts);
    return -1;
  }
  s.type = vtc_type_to_string(t);
  VTC_VEC_PUSH(&c->plan->slots, s);
  return (int)c->plan->slots.len - 1;
}

static void bind(scope *sc, vtc_value *v, int slot) { vtc_ptrmap_put(sc, v, (void *)(intptr_t)(slot + 1)); }

static int slot_of(scope *sc, vtc_value *v) { return (int)(intptr_t)vtc_ptrmap_get(sc, v) - 1; }

static int operand_slot(scope *sc, vtc_op *op, unsigned i) { return slot_of(sc, vtc_op_operand(op, i)); }

static const cplan_slot *slot_info(compiler *c, int slot) { return &c->plan->slots.data[slot]; }

/* ---- steps ------------------------------------------------------------------- */

static char *where_of(vtc_op *op) {
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  if (!l) return vtc_format("'%s'", op->name->name);
  return vtc_format("%s:%u:%u: '%s'", l->name, l->line, l->col, op->name->name);
}

/* "file:line:col" of op, or NULL when it has no file location. */
static char *loc_of(vtc_op *op) {
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  return l ? vtc_format("%s:%u:%u", l->name, l->line, l->col) : NULL;
}

/* Appends a step with `n` operand slots; returns it for the kind's fields. */
static cplan_step *push_step(compiler *c, vtc_op *op, cplan_step_kind kind, int dst, const int *operands,
                             unsigned n) {
  cplan *p = c->plan;
  cplan_step s = {.kind = kind, .dst = dst, .first = (unsigned)p->operands.len, .count = n, .where = where_of(op)};
  for (unsigned i = 0; i < n; i++) VTC_VEC_PUSH(&p->operands, operands[i]);
  VTC_VEC_PUSH(&p->steps, s);
  return &p->steps.data[p->steps.len - 1];
}

/* The operand slots of op from `first` on, all of which must be scalars
 * (want_buffer false) or buffers; false after an error. */
static bool operand_slots(compiler *c, scope *sc, vtc_op *op, unsigned first, bool want_buffer, int *out) {
  for (unsigned i = first; i < op->num_operands; i++) {
    int s = operand_slot(sc, op, i);
    if (s < 0) return op_error(c, op, "uses a value that host code did not define");
    if (slot_info(c, s)->is_buffer != want_buffer)
      return op_error(c, op, "operand #%u must be a %s", i, want_buffer ? "global buffer" : "scalar");
    out[i - first] = s;
  }
  return true;
}

/* ---- host ops ---------------------------------------------------------------- */

static bool compile_arith(compiler *c, scope *sc, vtc_op *op) {
  int code = vtc_arith_opcode_of(op);
  if (code < 0 || op->num_results != 1 || op->num_operands > 3)
    return op_error(c, op, "is not a scalar arith/math op the host plan evaluates");
  if (code == VTC_ARITH_BITCAST) return op_error(c, op, "has no run-time semantics in the host plan");
  int in[3];
  if (!operand_slots(c, sc, op, 0, false, in)) return false;
  int dst = new_slot(c, op, vtc_op_result(op, 0)->type);
  if (dst < 0) return false;
  if (slot_info(c, dst)->is_buffer) return op_error(c, op, "must have a scalar result");
  bind(sc, vtc_op_result(op, 0), dst);
  if (code == VTC_ARITH_CONSTANT) {
    const vtc_attr *v = vtc_op_get_attr(op, "value");
    if (!v || (v->kind != VTC_ATTR_INTEGER && v->kind != VTC_ATTR_FLOAT))
      return op_error(c, op, "is not a scalar constant");
    cplan_step *s = push_step(c, op, CPLAN_CONST, dst, NULL, 0);
    s->value.i = v->kind == VTC_ATTR_INTEGER ? v->i : 0;
    s->value.f = v->kind == VTC_ATTR_FLOAT ? v->f : 0;
    return true;
  }
  cplan_step *s = push_step(c, op, CPLAN_ARITH, dst, in, op->num_operands);
  s->code = code;
  s->imm = vtc_op_get_int_attr(op, "predicate", 0);
  return true;
}

static bool compile_dim(compiler *c, scope *sc, vtc_op *op) {
  int buf, dst;
  if (!operand_slots(c, sc, op, 0, true, &buf) || (dst = new_slot(c, op, vtc_op_result(op, 0)->type)) < 0)
    return false;
  unsigned d = vtc_gir_dim_index(op);
  unsigned rank = slot_info(c, buf)->rank;
  if (d >= rank) return op_error(c, op, "asks for dim %u of a rank-%u buffer", d, rank);
  bind(sc, vtc_op_result(op, 0), dst);
  push_step(c, op, CPLAN_DIM, dst, &buf, 1)->imm = d;
  return true;
}

static bool compile_alloc(compiler *c, scope *sc, vtc_op *op) {
  vtc_gir_buffer_info bi;
  if (vtc_gir_buffer_info_of(c->ctx, vtc_op_result(op, 0)->type, &bi) && bi.level != VTC_GIR_GLOBAL)
    return op_error(c, op, "allocates a %s buffer in host code (only kernels have shared memory)",
                    vtc_gir_level_name(bi.level));
  int dims[VTC_MAX_RANK + 1], dst;
  if (op->num_operands > VTC_MAX_RANK) return op_error(c, op, "has too many dynamic sizes");
  if (!operand_slots(c, sc, op, 0, false, dims) || (dst = new_slot(c, op, vtc_op_result(op, 0)->type)) < 0)
    return false;
  bind(sc, vtc_op_result(op, 0), dst);
  push_step(c, op, CPLAN_ALLOC, dst, dims, op->num_operands);
  return true;
}

static bool compile_free(compiler *c, scope *sc, vtc_op *op) {
  int buf;
  if (!operand_slots(c, sc, op, 0, true, &buf)) return false;
  push_step(c, op, CPLAN_FREE, -1, &buf, 1);
  return true;
}

/* The kernel's row in the plan's table (added on first use). */
static int64_t kernel_index(compiler *c, vtc_op *k) {
  cplan *p = c->plan;
  const char *name = vtc_gir_kernel_name(k);
  for (size_t i = 0; i < p->kernels.len; i++)
    if (!strcmp(p->kernels.data[i].name, name)) return (int64_t)i;
  cplan_kernel row = {.name = vtc_xstrdup(name),
                      .group_size = vtc_gir_kernel_group_size(k),
                      .record = vtc_gir_check_record(&c->sites, k),
                      .dynamic_shared = vtc_gir_gpu_dynamic_shared_bytes(k),
                      .where = where_of(k),
                      .loc = loc_of(k)};
  vtc_block *kb = vtc_gir_kernel_body(k);
  row.num_params = kb ? kb->num_args : 0;
  row.written = vtc_xcalloc(row.num_params + 1, sizeof *row.written);
  if (kb) vtc_gir_kernel_written_params(k, row.written);
  vtc_gir_device_split split;
  vtc_gir_kernel_device_split(k, &split, NULL);
  row.device_barriers = split.barriers;
  row.device_phases = split.phases;
  row.no_split = split.why;
  VTC_VEC_PUSH(&p->kernels, row);
  return (int64_t)p->kernels.len - 1;
}

/* How a scalar parameter of this type is passed, or -1. */
static int scalar_arg_kind(const cplan_slot *s) {
  static const struct { int32_t kind; uint32_t width; cplan_arg_kind arg; } kinds[] = {
      {VTC_TYPE_INDEX, 0, CPLAN_ARG_I64},   {VTC_TYPE_INTEGER, 1, CPLAN_ARG_I8},
      {VTC_TYPE_INTEGER, 8, CPLAN_ARG_I8},  {VTC_TYPE_INTEGER, 16, CPLAN_ARG_I16},
      {VTC_TYPE_INTEGER, 32, CPLAN_ARG_I32}, {VTC_TYPE_INTEGER, 64, CPLAN_ARG_I64},
      {VTC_TYPE_F16, 0, CPLAN_ARG_F16},     {VTC_TYPE_BF16, 0, CPLAN_ARG_BF16},
      {VTC_TYPE_F32, 0, CPLAN_ARG_F32},     {VTC_TYPE_F64, 0, CPLAN_ARG_F64},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (kinds[i].kind == s->type_kind && (kinds[i].kind != VTC_TYPE_INTEGER || kinds[i].width == s->type_width))
      return kinds[i].arg;
  return -1;
}

/* The kernel parameters of one launch argument: a buffer is its address and
 * its dynamic dims, a scalar its value. */
static bool push_launch_args(compiler *c, vtc_op *op, unsigned a, int slot, bool written) {
  cplan *p = c->plan;
  const cplan_slot *s = slot_info(c, slot);
  if (s->is_buffer) {
    VTC_VEC_PUSH(&p->args, ((cplan_arg){CPLAN_ARG_PTR, slot, 0, written}));
    for (unsigned d = 0; d < s->rank; d++)
      if (s->dims[d] == VTC_DYNAMIC) VTC_VEC_PUSH(&p->args, ((cplan_arg){CPLAN_ARG_DIM, slot, d, false}));
    return true;
  }
  int kind = scalar_arg_kind(s);
  if (kind < 0) return op_error(c, op, "argument #%u has type %s, which the GPU kernel ABI does not pass", a, s->type);
  VTC_VEC_PUSH(&p->args, ((cplan_arg){(cplan_arg_kind)kind, slot, 0, false}));
  return true;
}

static bool compile_launch(compiler *c, scope *sc, vtc_op *op) {
  vtc_op *k = vtc_gir_launch_lookup_kernel(op);
  if (!k) return op_error(c, op, "names no gir.kernel");
  if (vtc_gir_kernel_hierarchy(k) != VTC_GIR_HIER_GPU)
    return op_error(c, op, "launches @%s, a `parallel cpu` kernel: the GPU target runs `parallel gpu` kernels "
                           "(lower-te-to-gir{hierarchy=gpu})", vtc_gir_kernel_name(k));
  int64_t gs = vtc_gir_kernel_group_size(k);
  if (gs < 1 || gs * kWarpSize > kMaxBlockThreads)
    return op_error(c, op, "launches @%s with groups of %lld warps: a GPU block holds 1 to %d", vtc_gir_kernel_name(k),
                    (long long)gs, kMaxBlockThreads / kWarpSize);
  int groups = operand_slot(sc, op, 0);
  if (groups < 0 || slot_info(c, groups)->is_buffer) return op_error(c, op, "needs a scalar group count");
  cplan *p = c->plan;
  unsigned first_arg = (unsigned)p->args.len;
  int64_t ki = kernel_index(c, k); /* its parameters' written flags once per kernel */
  for (unsigned a = 0; a < vtc_gir_launch_num_args(op); a++) {
    const cplan_kernel *row = &p->kernels.data[ki];
    int s = operand_slot(sc, op, a + 1);
    if (s < 0) return op_error(c, op, "uses a value that host code did not define");
    if (!push_launch_args(c, op, a, s, a >= row->num_params || row->written[a])) return false;
  }
  cplan_step *st = push_step(c, op, CPLAN_LAUNCH, -1, &groups, 1);
  st->imm = ki;
  st->first_arg = first_arg;
  st->num_args = (unsigned)p->args.len - first_arg;
  /* A kernel with device barriers also takes the barrier state and the phase. */
  unsigned words = st->num_args + (p->kernels.data[st->imm].device_barriers ? 2 : 0);
  if (words > p->max_args) p->max_args = words;
  return true;
}

/* gir.assert: evaluated on the host before any later step. */
static bool compile_assert(compiler *c, scope *sc, vtc_op *op) {
  if (vtc_assert_is_ordered(op)) return op_error(c, op, "has an order: only kernel assertions have one");
  int *in = vtc_xcalloc(op->num_operands + 1, sizeof *in);
  bool ok = operand_slots(c, sc, op, 0, false, in);
  if (ok) {
    cplan_step *s = push_step(c, op, CPLAN_ASSERT, -1, in, op->num_operands);
    s->code = (int)vtc_assert_relation(op);
    s->imm = vtc_gir_check_site(&c->sites, op);
  }
  free(in);
  return ok;
}

static bool compile_body(compiler *c, vtc_op *func, const int *args, int **results, unsigned *num_results);
static bool compile_op(compiler *c, scope *sc, vtc_op *op);

/* gir.switch: a SWITCH step to the first step of each region; each region's
 * steps end in COPYs of its yield into the result slots and a JUMP past the
 * last region (patched once known). */
static bool compile_switch(compiler *c, scope *sc, vtc_op *op) {
  cplan *p = c->plan;
  int sel;
  if (!operand_slots(c, sc, op, 0, false, &sel)) return false;
  int *res = vtc_xcalloc(op->num_results + 1, sizeof *res);
  bool ok = true;
  for (unsigned i = 0; ok && i < op->num_results; i++) {
    res[i] = new_slot(c, op, vtc_op_result(op, i)->type);
    ok = res[i] >= 0;
    if (ok) bind(sc, vtc_op_result(op, i), res[i]);
  }
  unsigned ncases = vtc_gir_switch_num_cases(op);
  size_t sw = p->steps.len, table = p->cases.len;
  if (ok) {
    cplan_step *s = push_step(c, op, CPLAN_SWITCH, -1, &sel, 1);
    s->first_arg = (unsigned)table;
    s->num_args = ncases;
    for (unsigned i = 0; i < ncases; i++) {
      VTC_VEC_PUSH(&p->cases, vtc_gir_switch_case_value(op, i));
      VTC_VEC_PUSH(&p->cases, 0);
    }
  }
  VTC_VEC(size_t) jumps = {0};
  for (unsigned r = 0; ok && r <= ncases; r++) {
    size_t start = p->steps.len;
    if (r < ncases) p->cases.data[table + 2 * r + 1] = (int64_t)start;
    else p->steps.data[sw].imm = (int64_t)start;
    vtc_block *b = vtc_gir_switch_block(op, r);
    vtc_op *o = b ? b->first : NULL;
    for (; ok && o && o != b->last; o = o->next) ok = compile_op(c, sc, o);
    if (!ok) break;
    if (!o || !vtc_gir_is(o, "yield")) {
      ok = op_error(c, op, "has a region that does not end with gir.yield");
      break;
    }
    for (unsigned i = 0; ok && i < o->num_operands; i++) {
      int from = operand_slot(sc, o, i);
      if (from < 0) ok = op_error(c, o, "yields a value that host code did not define");
      else push_step(c, o, CPLAN_COPY, res[i], &from, 1);
    }
    if (ok) VTC_VEC_PUSH(&jumps, p->steps.len);
    if (ok) push_step(c, o, CPLAN_JUMP, -1, NULL, 0);
  }
  for (size_t i = 0; ok && i < jumps.len; i++) p->steps.data[jumps.data[i]].imm = (int64_t)p->steps.len;
  VTC_VEC_FREE(&jumps);
  free(res);
  return ok;
}

size_t cplan_branch_target(const cplan *plan, const cplan_step *s, int64_t selector) {
  if (s->kind == CPLAN_SWITCH)
    for (unsigned i = 0; i < s->num_args; i++)
      if (plan->cases.data[s->first_arg + 2 * i] == selector) return (size_t)plan->cases.data[s->first_arg + 2 * i + 1];
  return (size_t)s->imm;
}

/* func.call: the callee's body, compiled here on the caller's slots. */
static bool compile_call(compiler *c, scope *sc, vtc_op *op) {
  const vtc_attr *ref = vtc_op_get_attr(op, "callee");
  vtc_op *callee = ref ? vtc_symbol_lookup_from(op, ref) : NULL;
  if (!callee || !vtc_op_is_named(callee, "func.func") || !vtc_op_region(callee, 0)->first)
    return op_error(c, op, "does not name a host func.func with a body");
  if (c->depth >= kMaxCallDepth)
    return op_error(c, op, "nests calls deeper than %d (is @%s recursive?)", kMaxCallDepth, vtc_symbol_name(callee));
  if (c->plan->steps.len > (size_t)kMaxSteps)
    return op_error(c, op, "makes the inlined host plan longer than %d steps", kMaxSteps);
  int *args = vtc_xcalloc(op->num_operands + 1, sizeof *args), *res = NULL;
  unsigned nres = 0;
  bool ok = true;
  for (unsigned i = 0; ok && i < op->num_operands; i++)
    if ((args[i] = operand_slot(sc, op, i)) < 0) ok = op_error(c, op, "uses a value that host code did not define");
  c->depth++;
  ok = ok && compile_body(c, callee, args, &res, &nres);
  c->depth--;
  if (ok && nres != op->num_results) ok = op_error(c, op, "expects %u results, @%s returns %u", op->num_results,
                                                    vtc_symbol_name(callee), nres);
  for (unsigned i = 0; ok && i < nres; i++) bind(sc, vtc_op_result(op, i), res[i]);
  free(args);
  free(res);
  return ok;
}

typedef bool (*host_op_fn)(compiler *c, scope *sc, vtc_op *op);

static const struct {
  const char *name;
  host_op_fn compile;
} kHostOps[] = {
    {"gir.dim", compile_dim},       {"gir.alloc", compile_alloc}, {"gir.free", compile_free},
    {"gir.launch", compile_launch}, {"func.call", compile_call},  {"gir.assert", compile_assert},
    {"gir.switch", compile_switch},
};

static bool compile_op(compiler *c, scope *sc, vtc_op *op) {
  for (size_t i = 0; i < sizeof kHostOps / sizeof *kHostOps; i++)
    if (vtc_op_is_named(op, kHostOps[i].name)) return kHostOps[i].compile(c, sc, op);
  const char *d = op->name->dialect;
  if (d && (!strcmp(d, "arith") || !strcmp(d, "math"))) return compile_arith(c, sc, op);
  return op_error(c, op, "is not supported in host code on the GPU target (host code may hold gir.alloc, "
                         "gir.free, gir.dim, gir.launch, gir.assert, gir.switch, func.call, func.return and scalar "
                         "arith/math)");
}

/* Compiles func's body with its arguments in slots args[]; *results gets a
 * heap array of the slots it returns. */
static bool compile_body(compiler *c, vtc_op *func, const int *args, int **results, unsigned *num_results) {
  vtc_block *b = vtc_op_region(func, 0)->first;
  if (b->next)
    return vtc_error(c->ctx, func->loc, "@%s has more than one block: the GPU target runs host functions of one "
                                        "block", vtc_symbol_name(func));
  scope sc = {0};
  for (unsigned a = 0; a < b->num_args; a++) bind(&sc, b->args[a], args[a]);
  bool ok = true;
  vtc_op *op = b->first;
  for (; ok && op && !vtc_op_is_named(op, "func.return"); op = op->next) ok = compile_op(c, &sc, op);
  if (ok && !op) ok = vtc_error(c->ctx, func->loc, "@%s does not end with func.return", vtc_symbol_name(func));
  if (ok) {
    *num_results = op->num_operands;
    *results = vtc_xcalloc(op->num_operands + 1, sizeof **results);
    for (unsigned i = 0; ok && i < op->num_operands; i++)
      if (((*results)[i] = operand_slot(&sc, op, i)) < 0)
        ok = op_error(c, op, "returns a value that host code did not define");
  }
  vtc_ptrmap_free(&sc);
  return ok;
}

/* The entry's arguments and results cross to vtc_tensors: each needs a dtype. */
static bool check_signature_slot(compiler *c, vtc_op *func, const char *what, unsigned i, int slot) {
  const cplan_slot *s = slot_info(c, slot);
  if (s->dtype >= 0) return true;
  return vtc_error(c->ctx, func->loc, "%s #%u of @%s has type %s: the GPU target passes buffers and scalars of "
                                      "f32, f16, bf16, f64, i32, i64 or i1 (and index scalars)",
                   what, i, vtc_symbol_name(func), s->type);
}

/* A kernel launched again later gets its record read after each earlier
 * launch: the record keeps the smallest order, not the first launch's. */
static void mark_repeated_launches(cplan *p) {
  for (size_t i = 0; i < p->steps.len; i++) {
    cplan_step *s = &p->steps.data[i];
    if (s->kind != CPLAN_LAUNCH || !p->kernels.data[s->imm].record) continue;
    for (size_t j = i + 1; j < p->steps.len && !s->check_after; j++)
      s->check_after = p->steps.data[j].kind == CPLAN_LAUNCH && p->steps.data[j].imm == s->imm;
  }
}

/* ---- memoised selections --------------------------------------------------------- */

static bool is_control(const cplan_step *s) { return s->kind == CPLAN_SWITCH || s->kind == CPLAN_JUMP; }

/* Calls f(slot) for each slot step s reads. */
static void for_each_read(const cplan *p, const cplan_step *s, void (*f)(int slot, void *data), void *data) {
  for (unsigned i = 0; i < s->count; i++) f(p->operands.data[s->first + i], data);
  if (s->kind == CPLAN_LAUNCH)
    for (unsigned i = 0; i < s->num_args; i++) f(p->args.data[s->first_arg + i].slot, data);
}

typedef struct memo_scan {
  const cplan *p;
  size_t lo, hi;    /* the straight-line window [lo, hi) before the switch at hi */
  int *producer;    /* slot -> window step + 1 (0: none) */
  bool *in_slice;   /* window step - lo */
  bool *outside;    /* slot read outside the memoised part */
  int *work;
  size_t nwork;
} memo_scan;

static void push_slice(int slot, void *data) {
  memo_scan *m = data;
  int j = m->producer[slot] - 1;
  if (j < 0 || m->in_slice[j - (int)m->lo]) return;
  cplan_step_kind k = m->p->steps.data[j].kind;
  if (k != CPLAN_CONST && k != CPLAN_ARITH) return;
  m->in_slice[j - (int)m->lo] = true;
  m->work[m->nwork++] = j;
}

static void mark_outside(int slot, void *data) { ((memo_scan *)data)->outside[slot] = true; }
static void count_reader(int slot, void *data) { ((int *)data)[slot]++; }
static void uncount_reader(int slot, void *data) { ((int *)data)[slot]--; }

/* Step indices at or after `from` shift by `by` in every branch. */
static void shift_targets(cplan *p, size_t from, int64_t by) {
  for (size_t i = 0; i < p->steps.len; i++) {
    cplan_step *s = &p->steps.data[i];
    bool step_imm = s->kind == CPLAN_JUMP || s->kind == CPLAN_MEMO || s->kind == CPLAN_MEMO_END;
    if (step_imm && (size_t)s->imm >= from) s->imm += by;
    if (s->kind != CPLAN_SWITCH) continue;
    if ((size_t)s->imm >= from) s->imm += by;
    for (unsigned c = 0; c < s->num_args; c++)
      if ((size_t)p->cases.data[s->first_arg + 2 * c + 1] >= from) p->cases.data[s->first_arg + 2 * c + 1] += by;
  }
}

/* targets[i]: a branch goes to step i. */
static bool *branch_targets(const cplan *p) {
  bool *t = vtc_xcalloc(p->steps.len + 1, sizeof *t);
  for (size_t k = 0; k < p->steps.len; k++) {
    const cplan_step *s = &p->steps.data[k];
    if (s->kind == CPLAN_JUMP || s->kind == CPLAN_SWITCH) t[s->imm] = true;
    for (unsigned c = 0; s->kind == CPLAN_SWITCH && c < s->num_args; c++) t[p->cases.data[s->first_arg + 2 * c + 1]] = true;
  }
  return t;
}

/* The switch at w: if pure CONST/ARITH steps in the straight line before
 * it compute its selector from at most CPLAN_MEMO_MAX_KEYS slots, and
 * nothing else reads what they compute, they move between a MEMO and a
 * MEMO_END right before it. Returns the switch's new index. */
static size_t memoize_switch(cplan *p, size_t w) {
  size_t lo = w;
  bool *targets = branch_targets(p);
  while (lo > 0 && !is_control(&p->steps.data[lo - 1]) && !targets[lo]) lo--;
  free(targets);
  if (lo == w || w - lo < 2) return w;
  size_t n = w - lo, nslots = p->slots.len;
  memo_scan m = {p, lo, w, vtc_xcalloc(nslots + 1, sizeof(int)), vtc_xcalloc(n + 1, sizeof(bool)),
                 vtc_xcalloc(nslots + 1, sizeof(bool)), vtc_xcalloc(n + 1, sizeof(int)), 0};
  for (size_t j = lo; j < w; j++)
    if (p->steps.data[j].dst >= 0) m.producer[p->steps.data[j].dst] = (int)j + 1;
  int sel = p->operands.data[p->steps.data[w].first];
  push_slice(sel, &m);
  for (size_t i = 0; i < m.nwork; i++) {
    const cplan_step *s = &p->steps.data[m.work[i]];
    for (unsigned k = 0; k < s->count; k++) push_slice(p->operands.data[s->first + k], &m);
  }
  /* Pure steps of the window whose results nothing reads (after the slice's
   * own) go with them: skipping them changes nothing. */
  int *readers = vtc_xcalloc(nslots + 1, sizeof(int));
  for (size_t k = 0; k < p->steps.len; k++) for_each_read(p, &p->steps.data[k], count_reader, readers);
  for (size_t r = 0; r < p->results.len; r++) readers[p->results.data[r]]++;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t j = lo; j < w; j++) {
      const cplan_step *s = &p->steps.data[j];
      if (m.in_slice[j - lo] || (s->kind != CPLAN_CONST && s->kind != CPLAN_ARITH) || readers[s->dst]) continue;
      m.in_slice[j - lo] = changed = true;
      for_each_read(p, s, uncount_reader, readers);
    }
  }
  free(readers);
  /* What the rest of the plan reads must stay computed, and what that needs. */
  for (size_t k = 0; k < p->steps.len; k++)
    if (k != w && (k < lo || k >= w || !m.in_slice[k - lo])) for_each_read(p, &p->steps.data[k], mark_outside, &m);
  for (size_t r = 0; r < p->results.len; r++) m.outside[p->results.data[r]] = true;
  /* The selector itself may be read after the switch (the memo gives it);
   * not by a step that stays before the memoised part. */
  bool sel_early = false;
  for (size_t k = lo; k < w; k++) {
    if (m.in_slice[k - lo]) continue;
    m.outside[sel] = false;
    for_each_read(p, &p->steps.data[k], mark_outside, &m);
    sel_early |= m.outside[sel];
  }
  m.outside[sel] = sel_early;
  for (size_t j = w; j-- > lo;) {
    const cplan_step *s = &p->steps.data[j];
    if (!m.in_slice[j - lo] || !m.outside[s->dst]) continue;
    m.in_slice[j - lo] = false;
    for (unsigned k = 0; k < s->count; k++) m.outside[p->operands.data[s->first + k]] = true;
  }
  /* The keys: what the memoised steps read and do not compute. */
  int keys[CPLAN_MEMO_MAX_KEYS];
  unsigned nkeys = 0, nmemo = 0;
  bool ok = m.producer[sel] > 0 && m.in_slice[m.producer[sel] - 1 - (int)lo];
  for (size_t j = lo; ok && j < w; j++) {
    if (!m.in_slice[j - lo]) continue;
    nmemo++;
    const cplan_step *s = &p->steps.data[j];
    for (unsigned k = 0; ok && k < s->count; k++) {
      int v = p->operands.data[s->first + k], d = m.producer[v] - 1;
      if (d >= 0 && m.in_slice[d - (int)lo]) continue;
      bool seen = false;
      for (unsigned q = 0; q < nkeys; q++) seen |= keys[q] == v;
      if (!seen && nkeys == CPLAN_MEMO_MAX_KEYS) ok = false;
      else if (!seen) keys[nkeys++] = v;
    }
  }
  ok = ok && nmemo >= 2;
  if (ok) {
    /* [lo, w): the others, MEMO, the memoised steps, MEMO_END; then the switch. */
    cplan_step *old = vtc_xmalloc(n * sizeof *old);
    memcpy(old, &p->steps.data[lo], n * sizeof *old);
    /* Targets shift while each step exists once: after the memmove the
     * steps at w and w + 1 are stale copies (until overwritten below), and
     * a stale copy of the switch would shift its case table twice. */
    shift_targets(p, w, 2);
    cplan_step filler = {0};
    VTC_VEC_PUSH(&p->steps, filler);
    VTC_VEC_PUSH(&p->steps, filler);
    memmove(&p->steps.data[w + 2], &p->steps.data[w], (p->steps.len - 2 - w) * sizeof *p->steps.data);
    size_t at = lo;
    for (size_t j = 0; j < n; j++)
      if (!m.in_slice[j]) p->steps.data[at++] = old[j];
    unsigned memo = (unsigned)p->memos.len;
    VTC_VEC_PUSH(&p->memos, ((cplan_memo){.num_keys = nkeys}));
    size_t memo_at = at;
    cplan_step ms = {.kind = CPLAN_MEMO, .dst = sel, .first = (unsigned)p->operands.len, .count = nkeys,
                     .imm = (int64_t)w + 2, .code = (int)memo, .where = vtc_xstrdup(p->steps.data[w + 2].where)};
    for (unsigned q = 0; q < nkeys; q++) VTC_VEC_PUSH(&p->operands, keys[q]);
    p->steps.data[at++] = ms;
    for (size_t j = 0; j < n; j++)
      if (m.in_slice[j]) p->steps.data[at++] = old[j];
    cplan_step me = {.kind = CPLAN_MEMO_END, .dst = -1, .first = (unsigned)p->operands.len, .count = 1,
                     .imm = (int64_t)memo_at, .code = (int)memo, .where = vtc_xstrdup(ms.where)};
    VTC_VEC_PUSH(&p->operands, sel);
    p->steps.data[at++] = me;
    free(old);
    w += 2;
  }
  free(m.producer);
  free(m.in_slice);
  free(m.outside);
  free(m.work);
  return w;
}

static void memoize_selections(cplan *p) {
  for (size_t i = 0; i < p->steps.len; i++)
    if (p->steps.data[i].kind == CPLAN_SWITCH) i = memoize_switch(p, i);
}

static bool same_key(const cplan *p, int slot, vtc_arith_scalar a, vtc_arith_scalar b) {
  int32_t k = p->slots.data[slot].type_kind;
  if (k == VTC_TYPE_INDEX || k == VTC_TYPE_INTEGER) return a.i == b.i;
  return memcmp(&a.f, &b.f, sizeof a.f) == 0;
}

bool cplan_memo_lookup(const cplan *plan, const cplan_step *s, const vtc_arith_scalar *keys,
                       vtc_arith_scalar *result) {
  const cplan_memo *m = &plan->memos.data[s->code];
  if (!m->valid) return false;
  for (unsigned k = 0; k < s->count; k++)
    if (!same_key(plan, plan->operands.data[s->first + k], keys[k], m->keys[k])) return false;
  *result = m->result;
  return true;
}

void cplan_memo_store(cplan *plan, const cplan_step *end, const vtc_arith_scalar *keys, vtc_arith_scalar result) {
  cplan_memo *m = &plan->memos.data[end->code];
  memcpy(m->keys, keys, m->num_keys * sizeof *keys);
  m->result = result;
  m->valid = true;
}

bool cplan_compile(cplan *plan, vtc_op *func) {
  compiler c = {.plan = plan, .ctx = vtc_op_context(func)};
  vtc_op *module = vtc_op_parent_op(func);
  if (module) {
    vtc_gir_check_sites_collect(module, &c.sites);
    vtc_check_table_init(&plan->checks, module);
  }
  vtc_block *b = vtc_op_region(func, 0)->first;
  plan->entry = vtc_xstrdup(vtc_symbol_name(func));
  bool ok = b != NULL || vtc_error(c.ctx, func->loc, "@%s has no body", plan->entry);
  for (unsigned a = 0; ok && b && a < b->num_args; a++) {
    int s = new_slot(&c, func, b->args[a]->type);
    ok = s >= 0 && check_signature_slot(&c, func, "argument", a, s);
    if (ok) VTC_VEC_PUSH(&plan->inputs, s);
  }
  int *res = NULL;
  unsigned nres = 0;
  ok = ok && compile_body(&c, func, plan->inputs.data, &res, &nres);
  for (unsigned r = 0; ok && r < nres; r++) {
    ok = check_signature_slot(&c, func, "result", r, res[r]);
    VTC_VEC_PUSH(&plan->results, res[r]);
  }
  free(res);
  mark_repeated_launches(plan);
  if (ok) memoize_selections(plan);
  vtc_gir_check_sites_free(&c.sites);
  return ok;
}

void cplan_free(cplan *plan) {
  free(plan->entry);
  for (size_t i = 0; i < plan->slots.len; i++) free(plan->slots.data[i].type);
  for (size_t i = 0; i < plan->steps.len; i++) free(plan->steps.data[i].where);
  for (size_t i = 0; i < plan->kernels.len; i++) {
    free(plan->kernels.data[i].name);
    free(plan->kernels.data[i].where);
    free(plan->kernels.data[i].loc);
    free(plan->kernels.data[i].written);
  }
  VTC_VEC_FREE(&plan->slots);
  VTC_VEC_FREE(&plan->steps);
  VTC_VEC_FREE(&plan->operands);
  VTC_VEC_FREE(&plan->args);
  VTC_VEC_FREE(&plan->kernels);
  VTC_VEC_FREE(&plan->cases);
  VTC_VEC_FREE(&plan->memos);
  VTC_VEC_FREE(&plan->inputs);
  VTC_VEC_FREE(&plan->results);
  vtc_check_table_free(&plan->checks);
  memset(plan, 0, sizeof *plan);
}

/* ---- the listing ------------------------------------------------------------- */

static void print_operands(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  for (unsigned i = 0; i < s->count; i++)
    vtc_strbuf_printf(out, "%s%%%d", i ? ", " : "", p->operands.data[s->first + i]);
}

static void print_const(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  const cplan_slot *d = &p->slots.data[s->dst];
  bool fl = d->type_kind != VTC_TYPE_INTEGER && d->type_kind != VTC_TYPE_INDEX;
  if (fl) vtc_strbuf_printf(out, "constant %.17g : %s", s->value.f, d->type);
  else vtc_strbuf_printf(out, "constant %lld : %s", (long long)s->value.i, d->type);
}

static void print_arith(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "%s ", vtc_arith_ops[s->code].name);
  if (s->code == VTC_ARITH_CMPI || s->code == VTC_ARITH_CMPF) vtc_strbuf_printf(out, "%lld, ", (long long)s->imm);
  print_operands(out, p, s);
  vtc_strbuf_printf(out, " : %s", p->slots.data[s->dst].type);
}

static void print_dim(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "dim %%%d, %lld", p->operands.data[s->first], (long long)s->imm);
}

static void print_alloc(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  const cplan_slot *d = &p->slots.data[s->dst];
  vtc_strbuf_puts(out, "alloc(");
  print_operands(out, p, s);
  vtc_strbuf_printf(out, ") : %s (%zu bytes per element)", d->type, d->elem_bytes);
}

static void print_free(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "free %%%d", p->operands.data[s->first]);
}

static void print_launch(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  static const char *const kArgNames[CPLAN_NUM_ARG_KINDS] = {"ptr", "dim", "i8", "i16", "i32",
                                                               "i64", "f16", "bf16", "f32", "f64"};
  const cplan_kernel *k = &p->kernels.data[s->imm];
  vtc_strbuf_printf(out, "launch @%s[%%%d] block %lld (", k->name, p->operands.data[s->first],
                    (long long)(k->group_size * kWarpSize));
  for (unsigned i = 0; i < s->num_args; i++) {
    const cplan_arg *a = &p->args.data[s->first_arg + i];
    vtc_strbuf_printf(out, "%s%s %%%d", i ? ", " : "", kArgNames[a->kind], a->slot);
    if (a->kind == CPLAN_ARG_DIM) vtc_strbuf_printf(out, "[%u]", a->dim);
    if (a->kind == CPLAN_ARG_PTR && a->written) vtc_strbuf_puts(out, " written");
  }
  vtc_strbuf_putc(out, ')');
  if (k->dynamic_shared) vtc_strbuf_printf(out, " shared %lld", (long long)k->dynamic_shared);
  if (k->record) vtc_strbuf_printf(out, " record %u%s", k->record, s->check_after ? " checked" : "");
  if (k->device_barriers) vtc_strbuf_printf(out, " device barriers %u phases %u", k->device_barriers, k->device_phases);
}

static void print_assert(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "assert %s(", vtc_check_relation_name((vtc_check_relation)s->code));
  print_operands(out, p, s);
  vtc_strbuf_printf(out, ") site %lld", (long long)s->imm);
}

static void print_switch(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "switch %%%d [", p->operands.data[s->first]);
  for (unsigned i = 0; i < s->num_args; i++)
    vtc_strbuf_printf(out, "%s%lld: step %lld", i ? ", " : "", (long long)p->cases.data[s->first_arg + 2 * i],
                      (long long)p->cases.data[s->first_arg + 2 * i + 1]);
  vtc_strbuf_printf(out, "] default step %lld", (long long)s->imm);
}

static void print_jump(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  (void)p;
  vtc_strbuf_printf(out, "jump step %lld", (long long)s->imm);
}

static void print_copy(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "copy %%%d", p->operands.data[s->first]);
}

static void print_memo(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "memo #%d (", s->code);
  print_operands(out, p, s);
  vtc_strbuf_printf(out, "): the last result when unchanged, then step %lld", (long long)s->imm);
}

static void print_memo_end(vtc_strbuf *out, const cplan *p, const cplan_step *s) {
  vtc_strbuf_printf(out, "memo_end #%d ", s->code);
  print_operands(out, p, s);
}

typedef void (*print_fn)(vtc_strbuf *out, const cplan *p, const cplan_step *s);
static const print_fn kPrint[CPLAN_NUM_STEP_KINDS] = {
    [CPLAN_CONST] = print_const, [CPLAN_ARITH] = print_arith,   [CPLAN_DIM] = print_dim,
    [CPLAN_ALLOC] = print_alloc, [CPLAN_FREE] = print_free,     [CPLAN_LAUNCH] = print_launch,
    [CPLAN_ASSERT] = print_assert, [CPLAN_SWITCH] = print_switch, [CPLAN_JUMP] = print_jump,
    [CPLAN_COPY] = print_copy, [CPLAN_MEMO] = print_memo, [CPLAN_MEMO_END] = print_memo_end,
};

char *cplan_text(const cplan *p) {
  vtc_strbuf out = {0};
  vtc_strbuf_printf(&out, "plan @%s: %zu inputs, %zu results, %zu slots, %zu kernels\n", p->entry, p->inputs.len,
                    p->results.len, p->slots.len, p->kernels.len);
  for (size_t i = 0; i < p->inputs.len; i++)
    vtc_strbuf_printf(&out, "  %%%d = input %zu : %s\n", p->inputs.data[i], i, p->slots.data[p->inputs.data[i]].type);
  bool branches = false;
  for (size_t i = 0; i < p->steps.len; i++) branches |= is_control(&p->steps.data[i]) || p->steps.data[i].kind == CPLAN_MEMO;
  for (size_t i = 0; i < p->steps.len; i++) {
    const cplan_step *s = &p->steps.data[i];
    if (branches) vtc_strbuf_printf(&out, "  %zu:", i); /* step numbers, for branches */
    vtc_strbuf_puts(&out, "  ");
    if (s->dst >= 0) vtc_strbuf_printf(&out, "%%%d = ", s->dst);
    kPrint[s->kind](&out, p, s);
    vtc_strbuf_putc(&out, '\n');
  }
  vtc_strbuf_puts(&out, "  return");
  for (size_t i = 0; i < p->results.len; i++) vtc_strbuf_printf(&out, "%s %%%d", i ? "," : "", p->results.data[i]);
  vtc_strbuf_putc(&out, '\n');
  return vtc_strbuf_take(&out);
}
