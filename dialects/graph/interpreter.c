/* The graph reference interpreter's driver: binds a function's inputs to its
 * signature (dynamic dims bound at run time), runs each op of the body
 * through its VTC_IFACE_INTERPRET hook (interpreter_ops.c) or as func.call /
 * func.return, checks every result against its declared type, and frees
 * each intermediate after its last use, tracking peak live bytes. */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/interpreter.h"
#include "ir/ptrmap.h"

/* Deeper func.call nesting is reported as probable recursion. */
#define INTERP_MAX_CALL_DEPTH 200

typedef struct interp_state {
  vtc_context *ctx;
  const vtc_graph_interp_options *opts;
  vtc_graph_interp_stats stats;
  size_t live_bytes;
  unsigned depth;
} interp_state;

/* One SSA value of the running function: a borrowed input or a tensor the
 * interpreter owns until the op at last_use has run. */
typedef struct interp_slot {
  vtc_tensor t;             /* owned storage (owned) */
  const vtc_tensor *ref;    /* what operands read: &t, or the caller's input */
  bool owned;
  long last_use;            /* op index of the last use; the def's index if unused */
} interp_slot;

/* ---- helpers ------------------------------------------------------------------ */

static void type_str(const vtc_type *t, char *buf, size_t cap) {
  char *s = vtc_type_to_string(t);
  snprintf(buf, cap, "%s", s);
  free(s);
}

void vtc_graph_tensor_str(const vtc_tensor *t, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "tensor<");
  for (int i = 0; i < t->rank && n < cap; i++) n += (size_t)snprintf(buf + n, cap - n, "%lldx", (long long)t->dims[i]);
  if (n < cap) snprintf(buf + n, cap - n, "%s>", vtc_dtype_name(t->dtype));
}

int vtc_graph_check_tensor(const vtc_type *type, const vtc_tensor *t, char *err, size_t errlen) {
  vtc_dtype d;
  if (!vtc_type_is_tensor(type)) return vtc_errorf(err, errlen, "the type is not a ranked tensor");
  if (!vtc_graph_dtype_of(type->element, &d)) return vtc_errorf(err, errlen, "the element type is not a graph type");
  if (d != t->dtype)
    return vtc_errorf(err, errlen, "element type is %s, expected %s", vtc_dtype_name(t->dtype), vtc_dtype_name(d));
  if ((int)type->rank != t->rank) return vtc_errorf(err, errlen, "rank is %d, expected %u", t->rank, type->rank);
  for (unsigned i = 0; i < type->rank; i++) {
    int64_t want = vtc_tensor_dim(type, i);
    if (want != VTC_DYNAMIC && want != t->dims[i])
      return vtc_errorf(err, errlen, "dimension %u is %lld, expected %lld", i, (long long)t->dims[i], (long long)want);
  }
  return 0;
}

static void account_alloc(interp_state *st, const vtc_tensor *t) {
  size_t b = vtc_tensor_nbytes(t);
  st->live_bytes += b;
  st->stats.total_bytes += b;
  if (st->live_bytes > st->stats.peak_bytes) st->stats.peak_bytes = st->live_bytes;
}

static void release(interp_state *st, interp_slot *s) {
  if (!s->owned) return;
  st->live_bytes -= vtc_tensor_nbytes(&s->t);
  vtc_tensor_free(&s->t);
  s->owned = false;
  s->ref = NULL;
}

/* ---- one function ----------------------------------------------------------------- */

typedef struct frame {
  interp_state *st;
  vtc_op *func;
  vtc_block *body;
  vtc_op **ops;
  size_t num_ops;
  interp_slot *slots;
  size_t *first_result; /* slot of result 0 of op i */
  size_t num_slots;
  long *first_death;    /* per op: the first slot whose last use it is, or -1 */
  long *next_death;     /* per slot: the next slot dying at the same op, or -1 */
  vtc_ptrmap slot_of;   /* vtc_value * -> slot index + 1 */
} frame;

static long slot_index(frame *f, const vtc_value *v) {
  void *p = vtc_ptrmap_get(&f->slot_of, v);
  return p ? (long)((uintptr_t)p - 1) : -1;
}

static void slot_name(frame *f, size_t s, char *buf, size_t cap) {
  if (s < f->body->num_args) {
    snprintf(buf, cap, "%%arg%zu", s);
    return;
  }
  size_t lo = 0, hi = f->num_ops; /* the op whose results hold slot s */
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (f->first_result[mid] <= s) lo = mid;
    else hi = mid;
  }
  snprintf(buf, cap, "%%op%zu#%zu", lo, s - f->first_result[lo]);
}

static bool run_function(interp_state *st, vtc_op *func, const vtc_loc *call_loc, unsigned num_inputs,
                         const vtc_tensor *const *inputs, vtc_tensor *outputs, unsigned num_outputs);

/* Lays out the slots and computes each value's last use. */
static bool frame_init(frame *f) {
  vtc_block *b = f->body;
  size_t n = 0;
  for (vtc_op *op = b->first; op; op = op->next) n++;
  f->num_ops = n;
  f->ops = vtc_xcalloc(n ? n : 1, sizeof *f->ops);
  f->first_result = vtc_xcalloc(n ? n : 1, sizeof *f->first_result);
  size_t s = b->num_args, i = 0;
  for (unsigned a = 0; a < b->num_args; a++) vtc_ptrmap_put(&f->slot_of, b->args[a], (void *)(uintptr_t)(a + 1));
  for (vtc_op *op = b->first; op; op = op->next, i++) {
    f->ops[i] = op;
    f->first_result[i] = s;
    for (unsigned r = 0; r < op->num_results; r++, s++)
      vtc_ptrmap_put(&f->slot_of, vtc_op_result(op, r), (void *)(uintptr_t)(s + 1));
  }
  f->num_slots = s;
  f->slots = vtc_xcalloc(s ? s : 1, sizeof *f->slots);
  for (size_t k = 0; k < s; k++) f->slots[k].last_use = -1;
  for (i = 0; i < n; i++) {
    vtc_op *op = f->ops[i];
    for (unsigned r = 0; r < op->num_results; r++) f->slots[f->first_result[i] + r].last_use = (long)i;
    if (op->num_regions && vtc_op_region(op, 0)->first)
      return vtc_op_error(op, "has regions: the graph interpreter runs only region-free ops");
    for (unsigned k = 0; k < op->num_operands; k++) {
      long sl = slot_index(f, vtc_op_operand(op, k));
      if (sl < 0) return vtc_op_error(op, "operand #%u is not defined in the function's body", k);
      if (f->slots[sl].last_use < (long)i) f->slots[sl].last_use = (long)i;
    }
  }
  /* Per op, the slots that die there (arguments are borrowed: never freed). */
  f->first_death = vtc_xcalloc(n ? n : 1, sizeof *f->first_death);
  f->next_death = vtc_xcalloc(s ? s : 1, sizeof *f->next_death);
  for (i = 0; i < n; i++) f->first_death[i] = -1;
  for (size_t k = s; k-- > b->num_args;) {
    long at = f->slots[k].last_use;
    f->next_death[k] = f->first_death[at];
    f->first_death[at] = (long)k;
  }
  return true;
}

static void frame_free(frame *f) {
  for (size_t k = 0; k < f->num_slots; k++) release(f->st, &f->slots[k]);
  free(f->slots);
  free(f->ops);
  free(f->first_result);
  free(f->first_death);
  free(f->next_death);
  vtc_ptrmap_free(&f->slot_of);
}

static bool run_call(frame *f, vtc_op *op, const vtc_tensor *const *ins, vtc_tensor *outs) {
  const vtc_attr *callee = vtc_op_get_attr(op, "callee");
  vtc_op *target = callee ? vtc_symbol_lookup_from(op, callee) : NULL;
  if (!target) return vtc_op_error(op, "callee not found");
  if (f->st->depth >= INTERP_MAX_CALL_DEPTH)
    return vtc_op_error(op, "call depth exceeds %d (is the function recursive?)", INTERP_MAX_CALL_DEPTH);
  f->st->depth++;
  bool ok = run_function(f->st, target, op->loc, op->num_operands, ins, outs, op->num_results);
  f->st->depth--;
  return ok;
}

/* Runs op i: its operands are live slots; fills its result slots. */
static bool run_op(frame *f, size_t i) {
  interp_state *st = f->st;
  vtc_op *op = f->ops[i];
  const vtc_tensor *in_buf[8], **ins = in_buf;
  if (op->num_operands > 8) ins = vtc_xcalloc(op->num_operands, sizeof *ins);
  for (unsigned k = 0; k < op->num_operands; k++) ins[k] = f->slots[slot_index(f, vtc_op_operand(op, k))].ref;
  vtc_tensor *outs = vtc_xcalloc(op->num_results ? op->num_results : 1, sizeof *outs);
  char err[512] = "";
  unsigned errors_before = 0;
  bool ok;
  if (vtc_op_is_named(op, "func.call")) {
    ok = run_call(f, op, ins, outs);
  } else {
    const vtc_graph_interpret_iface *iface = vtc_op_interface(op, VTC_IFACE_INTERPRET);
    vtc_graph_cost cost;
    if (!iface || !iface->run || op->name->dialect != vtc_str(st->ctx, "graph")) {
      ok = vtc_op_error(op, "has no reference semantics: the graph interpreter runs graph ops, func.call and "
                            "func.return");
    } else if (vtc_graph_get_cost(op, &cost) && cost.flops > VTC_GRAPH_INTERP_MAX_FLOPS) {
      ok = vtc_op_error(op, "is too large to interpret: %lld flops, more than the %lld the reference interpreter "
                            "runs per op (about a nanosecond each)",
                        (long long)cost.flops, (long long)VTC_GRAPH_INTERP_MAX_FLOPS);
    } else if (errors_before = vtc_context_error_count(st->ctx), iface->run(op, ins, outs, err, sizeof err) != 0) {
      if (err[0]) vtc_op_error(op, "%s", err);
      else if (vtc_context_error_count(st->ctx) == errors_before) vtc_op_error(op, "failed in its kernel");
      ok = false;
    } else {
      ok = true;
    }
  }
  if (ins != in_buf) free(ins);
  if (!ok) { /* a failed hook may have filled some results */
    for (unsigned r = 0; r < op->num_results; r++) vtc_tensor_free(&outs[r]);
    free(outs);
    return false;
  }
  /* Count the results (calls hand theirs over already counted). */
  if (!vtc_op_is_named(op, "func.call"))
    for (unsigned r = 0; r < op->num_results; r++) account_alloc(st, &outs[r]);
  for (unsigned r = 0; ok && r < op->num_results; r++) {
    const vtc_type *declared = vtc_op_result(op, r)->type;
    if (vtc_graph_check_tensor(declared, &outs[r], err, sizeof err) == 0) continue;
    char want[256], got[256];
    type_str(declared, want, sizeof want);
    vtc_graph_tensor_str(&outs[r], got, sizeof got);
    ok = vtc_op_error(op, "internal error: result #%u is %s, but its declared type is %s (%s)", r, got, want, err);
  }
  for (unsigned r = 0; r < op->num_results; r++) {
    interp_slot *s = &f->slots[f->first_result[i] + r];
    s->t = outs[r];
    s->ref = &s->t;
    s->owned = true;
    if (!ok) release(st, s);
  }
  free(outs);
  return ok;
}

/* Frees what died at op i and traces it. */
static void after_op(frame *f, size_t i) {
  interp_state *st = f->st;
  vtc_op *op = f->ops[i];
  FILE *tr = st->opts ? st->opts->trace : NULL;
  if (tr) {
    fprintf(tr, "%*s#%zu %s", (int)(2 * st->depth), "", i, op->name->name);
    for (unsigned r = 0; r < op->num_results; r++) {
      char buf[256];
      vtc_graph_tensor_str(&f->slots[f->first_result[i] + r].t, buf, sizeof buf);
      fprintf(tr, "%s%s", r ? ", " : " -> ", buf);
    }
    fprintf(tr, " | live %zu bytes", st->live_bytes);
  }
  bool any = false;
  for (long k = f->first_death[i]; k >= 0; k = f->next_death[k]) {
    interp_slot *s = &f->slots[k];
    if (!s->owned) continue;
    if (tr) {
      char name[48];
      slot_name(f, (size_t)k, name, sizeof name);
      fprintf(tr, "%s%s", any ? " " : " | free ", name);
    }
    any = true;
    release(st, s);
  }
  if (tr) fputc('\n', tr);
}

/* func.return at op i: moves each returned tensor out when this is its last
 * reference, copies it otherwise (an input, or a value returned twice). */
static bool run_return(frame *f, size_t i, vtc_tensor *outputs, unsigned num_outputs) {
  vtc_op *op = f->ops[i];
  if (op->num_operands != num_outputs)
    return vtc_op_error(op, "returns %u values, but %u results are expected", op->num_operands, num_outputs);
  for (unsigned k = 0; k < op->num_operands; k++) {
    long sl = slot_index(f, vtc_op_operand(op, k));
    interp_slot *s = &f->slots[sl];
    bool later = false;
    for (unsigned j = k + 1; j < op->num_operands; j++) later |= vtc_op_operand(op, j) == vtc_op_operand(op, k);
    if (s->owned && !later) {
      outputs[k] = s->t;
      memset(&s->t, 0, sizeof s->t);
      s->owned = false;
      s->ref = NULL;
      continue;
    }
    char err[256];
    if (vtc_tensor_clone(s->ref, &outputs[k], err, sizeof err)) {
      for (unsigned j = 0; j < k; j++) {
        f->st->live_bytes -= vtc_tensor_nbytes(&outputs[j]);
        vtc_tensor_free(&outputs[j]);
      }
      return vtc_op_error(op, "%s", err);
    }
    account_alloc(f->st, &outputs[k]);
  }
  return true;
}

static bool run_function(interp_state *st, vtc_op *func, const vtc_loc *call_loc, unsigned num_inputs,
                         const vtc_tensor *const *inputs, vtc_tensor *outputs, unsigned num_outputs) {
  const vtc_loc *where = call_loc ? call_loc : func->loc;
  if (!vtc_op_is_named(func, "func.func"))
    return vtc_error(st->ctx, where, "'%s' is not a func.func: only functions can be interpreted", func->name->name);
  const char *name = vtc_symbol_name(func);
  vtc_region *body = func->num_regions ? vtc_op_region(func, 0) : NULL;
  if (!body || !body->first)
    return vtc_error(st->ctx, where, "function @%s is a declaration: it has no body to interpret", name ? name : "?");
  if (body->first != body->last)
    return vtc_error(st->ctx, func->loc, "function @%s has %u blocks: the graph interpreter runs single-block bodies",
                     name ? name : "?", vtc_region_num_blocks(body));
  vtc_block *b = body->first;
  if (b->num_args != num_inputs)
    return vtc_error(st->ctx, where, "function @%s takes %u arguments, but %u inputs were given", name ? name : "?",
                     b->num_args, num_inputs);
  for (unsigned a = 0; a < num_inputs; a++) {
    char err[256];
    if (vtc_graph_check_tensor(b->args[a]->type, inputs[a], err, sizeof err) == 0) continue;
    char want[256], got[256];
    type_str(b->args[a]->type, want, sizeof want);
    vtc_graph_tensor_str(inputs[a], got, sizeof got);
    return vtc_error(st->ctx, where, "argument #%u of @%s has type %s, but the input is %s: %s", a,
                     name ? name : "?", want, got, err);
  }
  frame f = {.st = st, .func = func, .body = b};
  bool ok = frame_init(&f);
  for (unsigned a = 0; ok && a < num_inputs; a++) f.slots[a].ref = inputs[a];
  bool returned = false;
  for (size_t i = 0; ok && i < f.num_ops; i++) {
    vtc_op *op = f.ops[i];
    st->stats.ops_run++;
    if (vtc_op_is_named(op, "func.return")) {
      ok = run_return(&f, i, outputs, num_outputs);
      returned = ok;
      if (ok) after_op(&f, i);
      break;
    }
    ok = run_op(&f, i);
    if (ok) after_op(&f, i);
  }
  if (ok && !returned)
    ok = vtc_error(st->ctx, func->loc, "function @%s does not end in func.return", name ? name : "?");
  frame_free(&f);
  return ok;
}

bool vtc_graph_interpret(vtc_op *func, unsigned num_inputs, const vtc_tensor *inputs, vtc_tensor **outputs,
                         unsigned *num_outputs, const vtc_graph_interp_options *opts,
                         vtc_graph_interp_stats *stats) {
  interp_state st = {.ctx = vtc_op_context(func), .opts = opts};
  *outputs = NULL;
  *num_outputs = 0;
  const vtc_type *fty = vtc_func_get_type(func);
  unsigned nres = fty ? fty->num_results : 0;
  const vtc_tensor **ins = vtc_xcalloc(num_inputs ? num_inputs : 1, sizeof *ins);
  for (unsigned i = 0; i < num_inputs; i++) ins[i] = &inputs[i];
  vtc_tensor *outs = vtc_xcalloc(nres ? nres : 1, sizeof *outs);
  bool ok = run_function(&st, func, NULL, num_inputs, ins, outs, nres);
  free(ins);
  if (stats) *stats = st.stats;
  if (!ok) {
    free(outs);
    return false;
  }
  *outputs = outs;
  *num_outputs = nres;
  return true;
}
