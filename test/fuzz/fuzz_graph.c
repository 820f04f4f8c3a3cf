/* libFuzzer target for the graph dialect: parse a module, verify it, run
 * graph-infer-shapes, and for every function whose values all have small
 * static shapes, run the reference interpreter and lower-graph-to-te + the
 * te interpreter on fixed inputs. Any crash, leak, hang or sanitizer report
 * is a bug, and so is a disagreement between the two where both succeed:
 * a different number of results, dtype or shape, or values further apart
 * than rounding allows (a silently wrong result of the lowering or of a
 * kernel). Built with libFuzzer under VTC_FUZZ, and as `replay_graph` (with
 * replay_main.c) in every build, to replay test/fuzz/regressions/graph. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/graph/interpreter.h"
#include "dialects/te/interpreter.h"
#include "ir/ir.h"
#include "tools/common/register.h"

/* Every tensor a function handles holds at most this many elements, so that
 * each input runs in milliseconds (a matmul of 64x64 by 64x64, say). */
enum { MAX_ELEMS = 4096 };

static void swallow(const vtc_diagnostic *d, void *data) {
  (void)d;
  (void)data;
}

static vtc_context *new_context(void) {
  vtc_context *ctx = vtc_context_create();
  vtc_register_all_dialects(ctx);
  vtc_register_all_passes(ctx);
  vtc_context_set_diag_handler(ctx, swallow, NULL);
  return ctx;
}

static bool small_static(const vtc_type *t) {
  if (!vtc_type_is_tensor(t) || !vtc_tensor_has_static_shape(t) || t->rank > VTC_MAX_RANK) return false;
  int64_t n = 1;
  for (unsigned i = 0; i < t->rank; i++) {
    n *= vtc_tensor_dim(t, i);
    if (n > MAX_ELEMS) return false;
  }
  return true;
}

/* A function both interpreters can take: a body of graph ops (no calls)
 * whose every tensor is small and static. */
static bool runnable(vtc_op *func) {
  vtc_block *b = vtc_op_region(func, 0)->first;
  if (!b || b->next) return false;
  for (unsigned a = 0; a < b->num_args; a++)
    if (!small_static(b->args[a]->type)) return false;
  for (vtc_op *op = b->first; op; op = op->next) {
    if (vtc_op_is_named(op, "func.return")) continue;
    if (!op->name->dialect || strcmp(op->name->dialect, "graph") != 0 || op->num_regions) return false;
    for (unsigned r = 0; r < op->num_results; r++)
      if (!small_static(vtc_op_result(op, r)->type)) return false;
  }
  vtc_op *ret = vtc_block_terminator(b);
  return ret && vtc_op_is_named(ret, "func.return");
}

/* Fixed inputs: small values of every sign (integers in [0, 3): valid
 * indices for most gathers). */
static bool make_inputs(vtc_op *func, vtc_tensor *ins) {
  vtc_block *b = vtc_op_region(func, 0)->first;
  for (unsigned a = 0; a < b->num_args; a++) {
    const vtc_type *t = b->args[a]->type;
    vtc_dtype d;
    int64_t dims[VTC_MAX_RANK];
    for (unsigned i = 0; i < t->rank; i++) dims[i] = vtc_tensor_dim(t, i);
    if (!vtc_graph_dtype_of(t->element, &d) || vtc_tensor_create(&ins[a], d, (int)t->rank, dims, NULL, 0)) return false;
    for (int64_t i = 0, n = vtc_tensor_numel(&ins[a]); i < n; i++)
      vtc_tensor_set_f64(&ins[a], i, vtc_dtype_is_float(d) ? (double)((i * 7919 + a) % 13 - 6) / 4 : (double)(i % 3));
  }
  return true;
}

static double tolerance(vtc_dtype d) {
  switch (d) {
  case VTC_F64: return 1e-9;
  case VTC_F32: return 1e-4;
  case VTC_F16: return 1e-2;
  case VTC_BF16: return 3e-2;
  default: return 0;
  }
}

/* Both interpreters agree on every result, within the dtype's rounding
 * (relative to the largest magnitude of the result; NaN matches NaN). */
static void compare(const vtc_tensor *ref, unsigned nref, const vtc_tensor *got, unsigned ngot) {
  if (nref != ngot) {
    fprintf(stderr, "fuzz_graph: %u results from the graph interpreter, %u from the te interpreter\n", nref, ngot);
    abort();
  }
  for (unsigned k = 0; k < nref; k++) {
    const vtc_tensor *r = &ref[k], *g = &got[k];
    bool same = r->dtype == g->dtype && r->rank == g->rank;
    for (int i = 0; same && i < r->rank; i++) same = r->dims[i] == g->dims[i];
    if (!same) {
      fprintf(stderr, "fuzz_graph: result %u differs in dtype or shape\n", k);
      abort();
    }
    int64_t n = vtc_tensor_numel(r);
    double scale = 0;
    for (int64_t i = 0; i < n; i++) {
      double v = fabs(vtc_tensor_get_f64(r, i));
      if (isfinite(v) && v > scale) scale = v;
    }
    double tol = tolerance(r->dtype) * (scale > 1 ? scale : 1);
    bool is_int = r->dtype == VTC_I32 || r->dtype == VTC_I64;
    double lo = r->dtype == VTC_I32 ? -2147483648.0 : -9223372036854775808.0, hi = -lo - 1;
    for (int64_t i = 0; i < n; i++) {
      double x = vtc_tensor_get_f64(r, i), y = vtc_tensor_get_f64(g, i);
      if (isnan(x) && isnan(y)) continue;
      /* Integer overflow: the reference saturates, the lowered code wraps
       * (a known difference, not a bug the fuzzer should stop at). */
      if (is_int && (x <= lo || x >= hi)) continue;
      if (isinf(x) || isinf(y) ? x != y : fabs(x - y) > tol) {
        fprintf(stderr, "fuzz_graph: result %u element %lld: graph interpreter %.17g, te interpreter %.17g\n", k,
                (long long)i, x, y);
        abort();
      }
    }
  }
}

/* The graph interpreter on module a's function, the te interpreter on the
 * same function of module b after lower-graph-to-te. */
static void run_both(vtc_op *fa, vtc_op *fb) {
  vtc_block *b = vtc_op_region(fa, 0)->first;
  unsigned n = b->num_args;
  vtc_tensor *ins = calloc(n + 1, sizeof *ins);
  vtc_tensor *ref = NULL, *got = NULL;
  unsigned nref = 0, ngot = 0;
  if (make_inputs(fa, ins)) {
    bool ok_ref = vtc_graph_interpret(fa, n, ins, &ref, &nref, NULL, NULL);
    bool ok_got = fb && vtc_te_interpret(fb, n, ins, &got, &ngot);
    if (getenv("FUZZ_GRAPH_VERBOSE"))
      fprintf(stderr, "@%s: graph interpreter %s, te interpreter %s\n", vtc_symbol_name(fa), ok_ref ? "ok" : "failed",
              !fb ? "not lowered" : ok_got ? "ok" : "failed");
    if (ok_ref && ok_got) compare(ref, nref, got, ngot);
  }
  vtc_tensor_free_array(ref, nref);
  vtc_tensor_free_array(got, ngot);
  vtc_tensor_free_array(ins, n);
}

static bool run_pipeline(vtc_context *ctx, vtc_op *module, const char *pipeline) {
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, module);
  vtc_pass_manager_destroy(pm);
  return ok;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  vtc_context *ctx = new_context();
  vtc_op *a = vtc_parse_source(ctx, "<fuzz>", (const char *)data, size, 0);
  vtc_op *b = NULL;
  if (a && vtc_verify(a) && run_pipeline(ctx, a, "graph-infer-shapes")) {
    b = vtc_parse_source(ctx, "<fuzz>", (const char *)data, size, 0);
    if (b && !run_pipeline(ctx, b, "lower-graph-to-te")) {
      vtc_op_destroy(b);
      b = NULL;
    }
    size_t nfa = 0, nfb = 0;
    vtc_op **fa = vtc_func_collect(a, &nfa), **fb = b ? vtc_func_collect(b, &nfb) : NULL;
    for (size_t i = 0; i < nfa; i++) {
      if (!runnable(fa[i])) continue;
      vtc_op *other = NULL;
      for (size_t j = 0; j < nfb && !other; j++)
        if (strcmp(vtc_symbol_name(fb[j]), vtc_symbol_name(fa[i])) == 0) other = fb[j];
      run_both(fa[i], other);
    }
    free(fa);
    free(fb);
  }
  if (b) vtc_op_destroy(b);
  if (a) vtc_op_destroy(a);
  vtc_context_destroy(ctx);
  return 0;
}
