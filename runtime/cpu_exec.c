/* Running a module lowered to gir on this CPU: gir-to-llvm for the host, the
 * ORC JIT, and libffi calls of one host function with vtc_tensors (the
 * entry-point convention of lowering/gir-to-llvm/gir_to_llvm.h). */
#include "runtime/cpu_exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "ir/ir.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"
#include "runtime/checks.h"
#include "runtime/ffi_call.h"
#include "runtime/jit.h"
#include "runtime/rt_alloc.h"
#include "runtime/rt_error.h"
#include "targets/x86/host.h"

/* What one buffer argument or result of the entry must be. */
typedef struct cpu_buffer_sig {
  vtc_dtype dtype;
  int rank;
  int64_t dims[VTC_MAX_RANK]; /* -1: dynamic */
} cpu_buffer_sig;

struct vtc_cpu_program {
  vtc_jit *jit;
  void *fn;
  char *entry;
  int num_params;
  vtc_gir_param *params;
  vtc_ffi_sig *sig;
  unsigned num_inputs, num_results;
  cpu_buffer_sig *inputs, *results;
  /* Run-time checks: the sites, the JIT'd record table (NULL without
   * checks) and the last run's failure (message NULL: none). */
  vtc_check_table checks;
  int64_t *records;
  vtc_check_failure failure;
};

vtc_cpu_exec_options vtc_cpu_exec_default_options(void) {
  vtc_cpu_exec_options o = {.opt_level = 3};
  return o;
}

static void set_error(char **error, char *msg) {
  if (error) *error = msg;
  else free(msg);
}

/* The buffer type of an entry argument or result as a cpu_buffer_sig; false
 * for a type the convention does not pass as a buffer. */
static bool buffer_sig_of(vtc_context *ctx, const vtc_type *t, cpu_buffer_sig *s) {
  vtc_gir_buffer_info info;
  if (!vtc_gir_buffer_info_of(ctx, t, &info) || info.level != VTC_GIR_GLOBAL || info.rank > VTC_MAX_RANK ||
      !vtc_graph_dtype_of(info.elem, &s->dtype))
    return false;
  s->rank = (int)info.rank;
  for (unsigned d = 0; d < info.rank; d++) s->dims[d] = info.dims[d] == VTC_DYNAMIC ? -1 : info.dims[d];
  return true;
}

/* Describes the entry's buffers and prepares the libffi signature. */
static char *prepare_entry(vtc_cpu_program *p, vtc_op *func) {
  vtc_context *ctx = vtc_op_context(func);
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft) return vtc_format("@%s has no function type", p->entry);
  p->num_inputs = ft->num_inputs;
  p->num_results = ft->num_results;
  p->inputs = vtc_xcalloc(p->num_inputs + 1, sizeof *p->inputs);
  p->results = vtc_xcalloc(p->num_results + 1, sizeof *p->results);
  for (unsigned i = 0; i < ft->num_inputs; i++)
    if (!buffer_sig_of(ctx, vtc_function_input(ft, i), &p->inputs[i])) {
      char *ts = vtc_type_to_string(vtc_function_input(ft, i));
      char *e = vtc_format("argument #%u of @%s has type %s: the CPU target passes only global buffers of "
                             "f32, f16, bf16, f64, i32, i64 or i1 (run lower-te-to-gir first)",
                             i, p->entry, ts);
      free(ts);
      return e;
    }
  for (unsigned i = 0; i < ft->num_results; i++)
    if (!buffer_sig_of(ctx, vtc_function_result(ft, i), &p->results[i])) {
      char *ts = vtc_type_to_string(vtc_function_result(ft, i));
      char *e = vtc_format("result #%u of @%s has type %s: the CPU target returns only global buffers of "
                             "f32, f16, bf16, f64, i32, i64 or i1 (run lower-te-to-gir first)",
                             i, p->entry, ts);
      free(ts);
      return e;
    }
  int np = vtc_gir_entry_params(func, NULL, 0);
  if (np < 0) return vtc_format("@%s has a parameter type the entry-point convention does not support", p->entry);
  p->num_params = np;
  p->params = vtc_xcalloc((size_t)np + 1, sizeof *p->params);
  vtc_gir_entry_params(func, p->params, np);
  vtc_ffi_kind *kinds = vtc_xcalloc((size_t)np + 1, sizeof *kinds);
  for (int i = 0; i < np; i++) kinds[i] = p->params[i].kind == VTC_GIR_PARAM_DIM ? VTC_FFI_I64 : VTC_FFI_PTR;
  char *err = NULL;
  p->sig = vtc_ffi_sig_create(VTC_FFI_VOID, kinds, np, &err);
  free(kinds);
  return p->sig ? NULL : err;
}

vtc_cpu_program *vtc_cpu_program_create(vtc_op *module, const char *entry, const vtc_cpu_exec_options *opts,
                                        char **error) {
  vtc_cpu_exec_options o = opts ? *opts : vtc_cpu_exec_default_options();
  if (error) *error = NULL;
  vtc_op *func = vtc_symbol_table_lookup(module, entry);
  if (!func || !vtc_op_is_named(func, "func.func") || !vtc_op_region(func, 0)->first) {
    set_error(error, vtc_format("no host function @%s with a body in the module", entry));
    return NULL;
  }
  vtc_cpu_program *p = vtc_xcalloc(1, sizeof *p);
  p->entry = vtc_xstrdup(entry);
  char *err = prepare_entry(p, func);
  if (err) goto fail;
  vtc_jit_options jo = {.cpu = o.cpu, .features = o.features, .opt_level = o.opt_level};
  p->jit = vtc_jit_create(&jo, &err);
  if (!p->jit) goto fail;
  vtc_gir_to_llvm_options to = vtc_gir_to_llvm_default_options();
  to.target = &vtc_target_x86;
  to.cpu = vtc_jit_cpu(p->jit);
  to.features = vtc_jit_features(p->jit);
  to.fast_math_functions = !o.precise_math;
  LLVMModuleRef m = vtc_gir_to_llvm(module, vtc_jit_context(p->jit), "vtc", &to);
  if (!m) {
    err = vtc_format("gir-to-llvm could not translate the module (see the diagnostics above)");
    goto fail;
  }
  if (vtc_jit_add_module(p->jit, m, &err) != 0) goto fail;
  p->fn = vtc_jit_lookup(p->jit, entry, &err);
  if (!p->fn) goto fail;
  vtc_check_table_init(&p->checks, module);
  if (p->checks.num_records && !(p->records = vtc_jit_lookup(p->jit, VTC_GIR_CHECKS_SYMBOL, &err))) goto fail;
  return p;
fail:
  set_error(error, err ? err : vtc_format("cannot compile @%s", entry));
  vtc_cpu_program_destroy(p);
  return NULL;
}

void vtc_cpu_program_destroy(vtc_cpu_program *p) {
  if (!p) return;
  if (p->jit) vtc_jit_destroy(p->jit);
  vtc_ffi_sig_destroy(p->sig);
  free(p->params);
  free(p->inputs);
  free(p->results);
  free(p->entry);
  vtc_check_table_free(&p->checks);
  vtc_check_failure_free(&p->failure);
  free(p);
}

const vtc_check_failure *vtc_cpu_program_check_failure(const vtc_cpu_program *p) {
  return p->failure.message ? &p->failure : NULL;
}

/* After a call: a failed run-time check (record 0 set) is the run's error;
 * the records are zeroed for the next call. */
static char *take_check_failure(vtc_cpu_program *p) {
  if (!p->records || !p->records[0]) return NULL;
  vtc_check_table_read(&p->checks, p->records, &p->failure);
  memset(p->records, 0, (size_t)p->checks.num_records * VTC_GIR_CHECK_RECORD_WORDS * sizeof *p->records);
  return vtc_check_failure_text(&p->failure);
}

unsigned vtc_cpu_program_num_inputs(const vtc_cpu_program *p) { return p->num_inputs; }
unsigned vtc_cpu_program_num_results(const vtc_cpu_program *p) { return p->num_results; }

static char *check_input(const vtc_cpu_program *p, unsigned a, const vtc_tensor *t) {
  const cpu_buffer_sig *s = &p->inputs[a];
  if (t->dtype != s->dtype)
    return vtc_format("input #%u of @%s has element type %s, expected %s", a, p->entry, vtc_dtype_name(t->dtype),
                        vtc_dtype_name(s->dtype));
  if (t->rank != s->rank)
    return vtc_format("input #%u of @%s has rank %d, expected %d", a, p->entry, t->rank, s->rank);
  for (int d = 0; d < s->rank; d++)
    if (s->dims[d] >= 0 && s->dims[d] != t->dims[d])
      return vtc_format("input #%u of @%s has dimension %d of size %lld, expected %lld", a, p->entry, d,
                          (long long)t->dims[d], (long long)s->dims[d]);
  return NULL;
}

/* Copies result r (record {data; dims[rank]}) into a new tensor. */
static char *take_result(const vtc_cpu_program *p, unsigned r, const int64_t *record, vtc_tensor *out) {
  const cpu_buffer_sig *s = &p->results[r];
  for (int d = 0; d < s->rank; d++)
    if (record[1 + d] < 0 || (s->dims[d] >= 0 && record[1 + d] != s->dims[d]))
      return vtc_format("result #%u of @%s came back with dimension %d of size %lld (its type says %lld)", r,
                          p->entry, d, (long long)record[1 + d], (long long)s->dims[d]);
  char msg[256];
  if (vtc_tensor_create(out, s->dtype, s->rank, record + 1, msg, sizeof msg) != 0)
    return vtc_format("result #%u of @%s: %s", r, p->entry, msg);
  size_t n = vtc_tensor_nbytes(out);
  const void *data = (const void *)(intptr_t)record[0];
  if (n && !data) return vtc_format("result #%u of @%s came back without data", r, p->entry);
  if (n) memcpy(out->data, data, n);
  return NULL;
}

/* The libffi call of the entry, run under vtc_rt_guarded_call so that a
 * run-time error of the compiled code (rt_error.h) comes back as a message. */
typedef struct entry_call {
  const vtc_cpu_program *p;
  const vtc_ffi_value *args;
  int rc;
  char *error;
} entry_call;

static void call_entry(void *arg) {
  entry_call *c = arg;
  c->rc = vtc_ffi_call(c->p->sig, c->p->fn, c->args, NULL, &c->error);
}

/* A result that is an input's buffer (an argument donated to it,
 * graph.aliasing_output) belongs to the caller: not freed here. */
static bool is_input_buffer(const vtc_tensor *inputs, unsigned n, const void *ptr) {
  for (unsigned a = 0; a < n; a++)
    if (ptr && inputs[a].data == ptr) return true;
  return false;
}

int vtc_cpu_program_run(vtc_cpu_program *p, const vtc_tensor *inputs, unsigned num_inputs, vtc_tensor **outputs,
                        double *seconds, char **error) {
  if (error) *error = NULL;
  if (outputs) *outputs = NULL;
  vtc_check_failure_free(&p->failure);
  if (num_inputs != p->num_inputs) {
    set_error(error, vtc_format("@%s takes %u inputs, %u given", p->entry, p->num_inputs, num_inputs));
    return -1;
  }
  for (unsigned a = 0; a < num_inputs; a++) {
    char *e = check_input(p, a, &inputs[a]);
    if (e) {
      set_error(error, e);
      return -1;
    }
  }
  vtc_ffi_value *args = vtc_xcalloc((size_t)p->num_params + 1, sizeof *args);
  int64_t(*records)[1 + VTC_MAX_RANK] = vtc_xcalloc(p->num_results + 1, sizeof *records);
  for (int i = 0; i < p->num_params; i++) {
    const vtc_gir_param *q = &p->params[i];
    switch (q->kind) {
    case VTC_GIR_PARAM_DATA: args[i].kind = VTC_FFI_PTR, args[i].as.ptr = inputs[q->arg].data; break;
    case VTC_GIR_PARAM_DIM: args[i].kind = VTC_FFI_I64, args[i].as.i64 = inputs[q->arg].dims[q->dim]; break;
    case VTC_GIR_PARAM_RESULT: args[i].kind = VTC_FFI_PTR, args[i].as.ptr = records[q->arg]; break;
    case VTC_GIR_PARAM_SCALAR: args[i].kind = VTC_FFI_PTR; break; /* excluded by prepare_entry */
    }
  }
  char *err = NULL;
  entry_call call = {p, args, -1, NULL};
  double t0 = vtc_now_seconds();
  int rc = vtc_rt_guarded_call(call_entry, &call, &err) == 0 ? call.rc : -1;
  double t1 = vtc_now_seconds();
  if (call.rc != 0 && !err) err = call.error;
  else free(call.error);
  if (seconds) *seconds = t1 - t0;
  if (rc == 0 && (err = take_check_failure(p))) rc = -1;
  bool called = rc == 0; /* a failed call filled no records */
  vtc_tensor *outs = NULL;
  if (called && outputs) {
    outs = vtc_xcalloc(p->num_results + 1, sizeof *outs);
    for (unsigned r = 0; r < p->num_results && !err; r++) err = take_result(p, r, records[r], &outs[r]);
    if (err) rc = -1;
  }
  if (called)
    for (unsigned r = 0; r < p->num_results; r++)
      if (!is_input_buffer(inputs, num_inputs, (void *)(intptr_t)records[r][0])) vtc_rt_free((void *)(intptr_t)records[r][0]);
  if (rc == 0 && outputs) *outputs = outs;
  else vtc_tensor_free_array(outs, p->num_results);
  set_error(error, err);
  free(args);
  free(records);
  return rc;
}
