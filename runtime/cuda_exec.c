/* Running a gir module on an NVIDIA GPU (runtime/cuda_exec.h): the kernels
 * as PTX through gir-to-llvm and the NVPTX target, the entry as a host plan
 * (runtime/cuda_plan.h) whose steps run here, buffers from a caching device
 * allocator (runtime/cuda_cache.h), launches and timing through the driver
 * (runtime/cuda.h). */
#include "runtime/cuda_exec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "ir/check.h"
#include "ir/ir.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"
#include "runtime/cuda_cache.h"
#include "runtime/cuda_plan.h"
#include "targets/nvptx/nvptx.h"

struct vtc_cuda_program {
  cplan plan;
  char *arch;
  char *ptx; /* NULL: no kernels */
  /* Set by vtc_cuda_program_load. */
  vtc_cuda *cu;
  vtc_cuda_module *module;
  vtc_cuda_cache *cache;
  vtc_cuda_event start, stop;
  vtc_cuda_ptr records; /* the module's check records (0: none) */
  /* The grid barriers' state {count, generation} (two u32, zeroed at load;
   * 0: no kernel has device barriers). Launches are serial on one stream
   * and the barrier leaves the count at 0, so one state serves them all. */
  vtc_cuda_ptr grid_barrier;
  /* The last run's failed run-time check (message NULL: none). */
  vtc_check_failure failure;
  /* CUDA graphs ("Replaying a binding as a CUDA graph" below): the policy,
   * whether the plan can be replayed at all (set at load), the recorded
   * bindings, and the bindings run once without one (auto). */
  vtc_cuda_graphs graphs;
  bool concurrent_graphs;
  bool replayable;
  struct plan_graph *recorded[VTC_CUDA_MAX_GRAPHS];
  struct binding_key *seen[VTC_CUDA_MAX_GRAPHS];
  uint64_t clock; /* bumped at each graph use: least recently used goes first */
};

vtc_cuda_exec_options vtc_cuda_exec_default_options(void) {
  vtc_cuda_exec_options o = {.opt_level = 3, .graphs = VTC_CUDA_GRAPHS_AUTO};
  return o;
}

const char *vtc_cuda_exec_device_arch(const vtc_cuda *cu) {
  /* Newest first; sm_90a is left out: its PTX runs on sm_90 alone. */
  static const struct { int cc; const char *arch; } kArchs[] = {
      {90, "sm_90"}, {89, "sm_89"}, {86, "sm_86"}, {80, "sm_80"}};
  const vtc_cuda_device_info *d = vtc_cuda_device(cu);
  int cc = d->cc_major * 10 + d->cc_minor;
  for (size_t i = 0; i < sizeof kArchs / sizeof *kArchs; i++)
    if (cc >= kArchs[i].cc) return kArchs[i].arch;
  return NULL;
}

static void set_error(char **error, char *msg) {
  if (error) *error = msg;
  else free(msg);
}

/* ---- compiling ---------------------------------------------------------------- */

static bool has_kernels(vtc_op *module) {
  vtc_block *b = vtc_op_region(module, 0)->first;
  for (vtc_op *op = b ? b->first : NULL; op; op = op->next)
    if (vtc_gir_is(op, "kernel")) return true;
  return false;
}

/* The module's kernels as PTX for p->arch. */
static char *translate_kernels(vtc_cuda_program *p, vtc_op *module, int opt_level) {
  LLVMContextRef llctx = LLVMContextCreate();
  vtc_gir_to_llvm_options to = vtc_gir_to_llvm_default_options();
  to.target = &vtc_target_nvptx;
  to.cpu = p->arch;
  LLVMModuleRef m = vtc_gir_to_llvm(module, llctx, "vtc", &to);
  char *err = NULL;
  if (!m) err = vtc_format("gir-to-llvm could not translate the kernels for NVPTX (see the diagnostics above)");
  else if (vtc_nvptx_emit_ptx(m, p->arch, opt_level > 0, &p->ptx, &err) != 0 && !err)
    err = vtc_format("PTX emission failed");
  if (m) LLVMDisposeModule(m);
  LLVMContextDispose(llctx);
  return err;
}

static char *choose_arch(vtc_cuda_program *p, const vtc_cuda_exec_options *o, const vtc_cuda *cu) {
  const char *arch = o->arch;
  if (!arch && cu) {
    arch = vtc_cuda_exec_device_arch(cu);
    const vtc_cuda_device_info *d = vtc_cuda_device(cu);
    if (!arch)
      return vtc_format("%s has compute capability %d.%d: vtc generates PTX for sm_80 and newer", d->name,
                        d->cc_major, d->cc_minor);
  }
  p->arch = vtc_xstrdup(arch ? arch : VTC_NVPTX_DEFAULT_ARCH);
  return NULL;
}

vtc_cuda_program *vtc_cuda_program_create(vtc_op *module, const char *entry, const vtc_cuda_exec_options *opts,
                                          const vtc_cuda *cu, char **error) {
  vtc_cuda_exec_options o = opts ? *opts : vtc_cuda_exec_default_options();
  if (error) *error = NULL;
  vtc_op *func = vtc_symbol_table_lookup(module, entry);
  if (!func || !vtc_op_is_named(func, "func.func") || !vtc_op_region(func, 0)->first) {
    set_error(error, vtc_format("no host function @%s with a body in the module", entry));
    return NULL;
  }
  vtc_cuda_program *p = vtc_xcalloc(1, sizeof *p);
  p->graphs = o.graphs;
  p->concurrent_graphs = o.concurrent_graphs;
  char *err = choose_arch(p, &o, cu);
  /* The plan first: its errors need no kernel translation. */
  if (!err && !cplan_compile(&p->plan, func))
    err = vtc_format("the host code of @%s cannot run on the GPU target (see the diagnostics above)", entry);
  if (!err && o.ptx) p->ptx = vtc_xstrdup(o.ptx);
  else if (!err && has_kernels(module)) err = translate_kernels(p, module, o.opt_level);
  if (!err && p->plan.kernels.len && !p->ptx) err = vtc_format("@%s launches kernels, but there is no PTX", entry);
  if (!err) return p;
  set_error(error, err);
  vtc_cuda_program_destroy(p);
  return NULL;
}

static void forget_graphs(vtc_cuda_program *p);
static bool replayable(const vtc_cuda_program *p);

static void unload(vtc_cuda_program *p) {
  if (!p->cu) return;
  forget_graphs(p);
  vtc_cuda_cache_destroy(p->cache);
  vtc_cuda_module_unload(p->cu, p->module);
  vtc_cuda_event_destroy(p->cu, p->start);
  vtc_cuda_event_destroy(p->cu, p->stop);
  vtc_cuda_free(p->cu, p->grid_barrier, NULL);
  p->grid_barrier = 0;
  for (size_t i = 0; i < p->plan.kernels.len; i++) p->plan.kernels.data[i].fn = NULL;
  p->cache = NULL;
  p->module = NULL;
  p->start = p->stop = NULL;
  p->records = 0;
  p->cu = NULL;
}

void vtc_cuda_program_destroy(vtc_cuda_program *p) {
  if (!p) return;
  unload(p);
  cplan_free(&p->plan);
  vtc_check_failure_free(&p->failure);
  free(p->arch);
  free(p->ptx);
  free(p);
}

const vtc_check_failure *vtc_cuda_program_check_failure(const vtc_cuda_program *p) {
  return p->failure.message ? &p->failure : NULL;
}

unsigned vtc_cuda_program_num_inputs(const vtc_cuda_program *p) { return (unsigned)p->plan.inputs.len; }
unsigned vtc_cuda_program_num_results(const vtc_cuda_program *p) { return (unsigned)p->plan.results.len; }
const char *vtc_cuda_program_ptx(const vtc_cuda_program *p) { return p->ptx; }
const char *vtc_cuda_program_arch(const vtc_cuda_program *p) { return p->arch; }
char *vtc_cuda_program_plan_text(const vtc_cuda_program *p) { return cplan_text(&p->plan); }

/* A kernel whose shared buffers exceed the static 48 KiB takes them as
 * dynamic shared memory (gir_to_llvm.h): the driver must allow that many
 * bytes per block, up to the device's opt-in limit (less the kernel's
 * static shared memory). */
static int allow_dynamic_shared(vtc_cuda_program *p, cplan_kernel *k, char **error) {
  if (!k->dynamic_shared) return 0;
  vtc_cuda_function_info info;
  if (vtc_cuda_function_get_info(p->cu, k->fn, &info, error) != 0) return -1;
  int64_t limit = vtc_cuda_device(p->cu)->shared_per_block_optin - info.static_shared_bytes;
  if (k->dynamic_shared > limit) {
    set_error(error, vtc_format("%s: @%s needs %lld bytes of dynamic shared memory (and %d static), but %s allows "
                                "%d bytes of shared memory per block",
                                k->where, k->name, (long long)k->dynamic_shared, info.static_shared_bytes,
                                vtc_cuda_device(p->cu)->name, vtc_cuda_device(p->cu)->shared_per_block_optin));
    return -1;
  }
  return vtc_cuda_function_set_max_dynamic_shared(p->cu, k->fn, (int)k->dynamic_shared, error);
}

/* A kernel with device barriers: how many of its blocks fit the device at
 * once (occupancy x SMs; 0 when the device has no cooperative launch), and
 * the zeroed barrier state, once per program. */
static int prepare_device_barriers(vtc_cuda_program *p, cplan_kernel *k, char **error) {
  if (!k->device_barriers) return 0;
  const vtc_cuda_device_info *d = vtc_cuda_device(p->cu);
  int per_sm = 0;
  if (vtc_cuda_occupancy(p->cu, k->fn, (int)(k->group_size * 32), (size_t)k->dynamic_shared, &per_sm, error) != 0)
    return -1;
  k->max_resident_blocks = d->cooperative_launch ? (int64_t)per_sm * d->num_sms : 0;
  k->warned_split = false;
  if (p->grid_barrier) return 0;
  if (vtc_cuda_alloc(p->cu, 8, &p->grid_barrier, error) != 0) return -1;
  return vtc_cuda_memset(p->cu, p->grid_barrier, 0, 8, error);
}

int vtc_cuda_program_load(vtc_cuda_program *p, vtc_cuda *cu, char **error) {
  if (error) *error = NULL;
  if (p->cu == cu) return 0;
  unload(p);
  p->cu = cu;
  p->cache = vtc_cuda_cache_create(cu);
  int rc = vtc_cuda_event_create(cu, &p->start, error) || vtc_cuda_event_create(cu, &p->stop, error) ? -1 : 0;
  if (rc == 0 && p->ptx && !(p->module = vtc_cuda_module_load(cu, p->ptx, error))) rc = -1;
  for (size_t i = 0; rc == 0 && i < p->plan.kernels.len; i++)
    rc = vtc_cuda_module_function(p->module, p->plan.kernels.data[i].name, &p->plan.kernels.data[i].fn, error);
  for (size_t i = 0; rc == 0 && i < p->plan.kernels.len; i++) rc = allow_dynamic_shared(p, &p->plan.kernels.data[i], error);
  for (size_t i = 0; rc == 0 && i < p->plan.kernels.len; i++)
    rc = prepare_device_barriers(p, &p->plan.kernels.data[i], error);
  /* Kernel check records: zero as loaded, zeroed again after a failure. */
  bool records = false;
  for (size_t i = 0; i < p->plan.kernels.len; i++) records |= p->plan.kernels.data[i].record != 0;
  if (rc == 0 && records && p->module)
    rc = vtc_cuda_module_global(p->module, VTC_GIR_CHECKS_SYMBOL, &p->records, NULL, error);
  p->replayable = rc == 0 && replayable(p);
  if (rc != 0) unload(p);
  return rc;
}

/* ---- running the plan ------------------------------------------------------------ */

/* A slot's value at run time. */
typedef struct exec_value {
  vtc_arith_scalar s;
  vtc_cuda_ptr ptr;
  int64_t dims[VTC_MAX_RANK];
} exec_value;

typedef struct live_buffer {
  vtc_cuda_ptr ptr;
  size_t bytes;
} live_buffer;

/* Recorded CUDA graphs ("Replaying a binding as a CUDA graph" below). */
/* A binding: every buffer input's dims and every scalar input's value. */
typedef struct binding_key {
  size_t len;
  uint64_t words[];
} binding_key;

typedef struct graph_buffer {
  vtc_cuda_ptr ptr;
  size_t size_class;
  bool in_use; /* while recording */
} graph_buffer;

/* A recorded binding: the graph, the buffers it owns, and every slot's
 * value at the end of the recording (where the inputs go and the results
 * are), with the run's statistics. */
typedef struct plan_graph {
  binding_key *key;
  vtc_cuda_graph *graph;
  VTC_VEC(graph_buffer) buffers;
  exec_value *vals;
  size_t peak_bytes;
  int64_t allocs;
  uint64_t last_use;
} plan_graph;

/* While recording: the launches that used a device buffer since it was
 * last written (`readers`) and the one that last wrote it (-1: none). */
typedef struct buffer_uses {
  vtc_cuda_ptr ptr;
  int64_t writer;
  VTC_VEC(size_t) readers;
} buffer_uses;

/* A launch step of a profiled run: its kernel, its events (first, first + 1)
 * and the launches it made (0 groups: none; a phase split: several). */
typedef struct timed_launch {
  unsigned kernel;
  size_t first_event;
  int64_t launches;
} timed_launch;

/* One execution: slot values, the buffers the plan allocated and has not
 * freed, the inputs' device copies, the logical byte counts. */
typedef struct exec {
  vtc_cuda_program *p;
  exec_value *vals;
  VTC_VEC(live_buffer) live;
  VTC_VEC(vtc_cuda_ptr) inputs;
  size_t live_bytes, peak_bytes;
  int64_t allocs, launches;
  uint64_t *arg_words; /* one 8-byte word per kernel parameter */
  void **arg_ptrs;
  /* vtc_cuda_program_profile: an event before and after each launch step
   * (a pool reused by every run), and per timed step its kernel and its
   * first event. */
  bool time_launches;
  VTC_VEC(vtc_cuda_event) events;
  size_t next_event;
  VTC_VEC(timed_launch) timed;
  /* Non-NULL while the steps record a CUDA graph (launches become its
   * nodes, buffers are its own): see "Replaying a binding" below; the
   * buffers' uses so far and one launch's dependencies. */
  plan_graph *recording;
  VTC_VEC(buffer_uses) uses;
  VTC_VEC(size_t) after;
  bool graph_failed; /* the driver refused the graph (not the program) */
} exec;

static void exec_init(exec *x, vtc_cuda_program *p) {
  memset(x, 0, sizeof *x);
  x->p = p;
  x->vals = vtc_xcalloc(p->plan.slots.len + 1, sizeof *x->vals);
  x->arg_words = vtc_xcalloc(p->plan.max_args + 1, sizeof *x->arg_words);
  x->arg_ptrs = vtc_xcalloc(p->plan.max_args + 1, sizeof *x->arg_ptrs);
}

static char *graph_take(exec *x, size_t bytes, vtc_cuda_ptr *out);
static void graph_give_back(plan_graph *g, vtc_cuda_ptr ptr);

/* A device buffer for the steps: the cache's, or the recorded graph's. */
static char *buffer_take(exec *x, size_t bytes, vtc_cuda_ptr *out) {
  if (x->recording) return graph_take(x, bytes, out);
  char *err = NULL;
  vtc_cuda_cache_alloc(x->p->cache, bytes, out, &err);
  return err;
}

static void buffer_give_back(exec *x, vtc_cuda_ptr ptr) {
  if (x->recording) graph_give_back(x->recording, ptr);
  else vtc_cuda_cache_free(x->p->cache, ptr, NULL);
}

/* Returns the plan's live buffers to the cache (results included). */
static void release_live(exec *x) {
  for (size_t i = 0; i < x->live.len; i++) buffer_give_back(x, x->live.data[i].ptr);
  x->live.len = 0;
  x->live_bytes = 0;
}

static void exec_free(exec *x) {
  release_live(x);
  for (size_t i = 0; i < x->events.len; i++) vtc_cuda_event_destroy(x->p->cu, x->events.data[i]);
  VTC_VEC_FREE(&x->events);
  VTC_VEC_FREE(&x->timed);
  for (size_t i = 0; i < x->inputs.len; i++) vtc_cuda_cache_free(x->p->cache, x->inputs.data[i], NULL);
  for (size_t i = 0; i < x->uses.len; i++) VTC_VEC_FREE(&x->uses.data[i].readers);
  VTC_VEC_FREE(&x->uses);
  VTC_VEC_FREE(&x->after);
  VTC_VEC_FREE(&x->live);
  VTC_VEC_FREE(&x->inputs);
  free(x->vals);
  free(x->arg_words);
  free(x->arg_ptrs);
}

static const cplan_slot *slot_of(const exec *x, int slot) { return &x->p->plan.slots.data[slot]; }
static exec_value *operand(exec *x, const cplan_step *s, unsigned i) {
  return &x->vals[x->p->plan.operands.data[s->first + i]];
}

/* A scalar type as vtc_arith_eval reads it (kind and width). */
static vtc_type scalar_type(const cplan_slot *s) {
  vtc_type t;
  memset(&t, 0, sizeof t);
  t.kind = s->type_kind;
  t.width = s->type_width;
  return t;
}

static char *step_const(exec *x, const cplan_step *s) {
  x->vals[s->dst].s = s->value;
  return NULL;
}

static char *step_arith(exec *x, const cplan_step *s) {
  const cplan *plan = &x->p->plan;
  vtc_arith_scalar in[3] = {{0, 0}, {0, 0}, {0, 0}}, out;
  for (unsigned i = 0; i < s->count; i++) in[i] = operand(x, s, i)->s;
  /* The operand type is operand 0's, select's operand 1's (arith_eval.h). */
  int typed = s->count ? plan->operands.data[s->first + (s->code == VTC_ARITH_SELECT && s->count > 1)] : s->dst;
  vtc_type at = scalar_type(slot_of(x, typed)), rt = scalar_type(slot_of(x, s->dst));
  const char *why = NULL;
  if (!vtc_arith_eval((vtc_arith_opcode)s->code, &at, &rt, s->imm, VTC_ARITH_EVAL_RUN, in, &out, &why))
    return vtc_format("%s: %s", s->where, why ? why : "cannot be evaluated");
  /* Compiled host code computes in the result's precision. */
  if (vtc_type_is_float(&rt)) out.f = vtc_float_round(&rt, out.f);
  x->vals[s->dst].s = out;
  return NULL;
}

static char *step_dim(exec *x, const cplan_step *s) {
  x->vals[s->dst].s.i = operand(x, s, 0)->dims[s->imm];
  return NULL;
}

static char *step_alloc(exec *x, const cplan_step *s) {
  const cplan_slot *d = slot_of(x, s->dst);
  exec_value *v = &x->vals[s->dst];
  size_t bytes = d->elem_bytes;
  unsigned dyn = 0;
  for (unsigned k = 0; k < d->rank; k++) {
    int64_t n = d->dims[k] == VTC_DYNAMIC ? operand(x, s, dyn++)->s.i : d->dims[k];
    if (n < 0) return vtc_format("%s: dimension %u of the buffer is negative (%lld)", s->where, k, (long long)n);
    if (n && bytes > SIZE_MAX / (uint64_t)n)
      return vtc_format("%s: the buffer's size overflows", s->where);
    bytes *= (size_t)n;
    v->dims[k] = n;
  }
  char *err = buffer_take(x, bytes, &v->ptr);
  if (err) {
    char *msg = vtc_format("%s: %s", s->where, err);
    free(err);
    return msg;
  }
  VTC_VEC_PUSH(&x->live, ((live_buffer){v->ptr, bytes}));
  x->live_bytes += bytes;
  if (x->live_bytes > x->peak_bytes) x->peak_bytes = x->live_bytes;
  x->allocs++;
  return NULL;
}

static char *step_free(exec *x, const cplan_step *s) {
  vtc_cuda_ptr ptr = operand(x, s, 0)->ptr;
  for (size_t i = 0; i < x->live.len; i++) {
    if (x->live.data[i].ptr != ptr) continue;
    x->live_bytes -= x->live.data[i].bytes;
    x->live.data[i] = x->live.data[--x->live.len];
    buffer_give_back(x, ptr);
    return NULL;
  }
  return vtc_format("%s: frees a buffer that the host code did not allocate or already freed", s->where);
}

/* ---- kernel arguments (gir_to_llvm.h, "The GPU mapping") ---- */

typedef void (*pack_fn)(const exec_value *v, unsigned dim, void *dst);
static void pack_ptr(const exec_value *v, unsigned dim, void *dst) { memcpy(dst, &v->ptr, 8); }
static void pack_dim(const exec_value *v, unsigned dim, void *dst) { memcpy(dst, &v->dims[dim], 8); }
static void pack_i8(const exec_value *v, unsigned dim, void *dst) { *(uint8_t *)dst = (uint8_t)v->s.i; }
static void pack_i16(const exec_value *v, unsigned dim, void *dst) { *(uint16_t *)dst = (uint16_t)v->s.i; }
static void pack_i32(const exec_value *v, unsigned dim, void *dst) { *(uint32_t *)dst = (uint32_t)v->s.i; }
static void pack_i64(const exec_value *v, unsigned dim, void *dst) { memcpy(dst, &v->s.i, 8); }
static void pack_f16(const exec_value *v, unsigned dim, void *dst) { *(uint16_t *)dst = vtc_f64_to_f16(v->s.f); }
static void pack_bf16(const exec_value *v, unsigned dim, void *dst) { *(uint16_t *)dst = vtc_f64_to_bf16(v->s.f); }
static void pack_f32(const exec_value *v, unsigned dim, void *dst) { *(float *)dst = (float)v->s.f; }
static void pack_f64(const exec_value *v, unsigned dim, void *dst) { memcpy(dst, &v->s.f, 8); }

static const pack_fn kPack[CPLAN_NUM_ARG_KINDS] = {
    [CPLAN_ARG_PTR] = pack_ptr, [CPLAN_ARG_DIM] = pack_dim,   [CPLAN_ARG_I8] = pack_i8,
    [CPLAN_ARG_I16] = pack_i16, [CPLAN_ARG_I32] = pack_i32,   [CPLAN_ARG_I64] = pack_i64,
    [CPLAN_ARG_F16] = pack_f16, [CPLAN_ARG_BF16] = pack_bf16, [CPLAN_ARG_F32] = pack_f32,
    [CPLAN_ARG_F64] = pack_f64,
};

/* A kernel with device barriers (gir_to_llvm.h, "Device barriers"): its
 * last two parameters are the barrier state and the phase. A grid that is
 * resident at once (at most the blocks counted at load) launches
 * cooperatively with phase -1; a larger one runs once per segment of its
 * phase split (phase 0, 1, ...: each launch returns at its barrier, and the
 * end of a launch is the barrier), with a warning the first time; a kernel
 * that cannot be split is an error. */
static char *launch_with_barriers(exec *x, const cplan_step *s, const unsigned grid[3], const unsigned block[3]) {
  cplan_kernel *k = &x->p->plan.kernels.data[s->imm];
  unsigned n = s->num_args;
  int32_t phase = -1;
  x->arg_words[n] = (uint64_t)x->p->grid_barrier;
  x->arg_ptrs[n] = &x->arg_words[n];
  x->arg_ptrs[n + 1] = &phase;
  char *err = NULL;
  int rc;
  if ((int64_t)grid[0] <= k->max_resident_blocks) {
    rc = vtc_cuda_launch_cooperative(x->p->cu, k->fn, grid, block, (unsigned)k->dynamic_shared, x->arg_ptrs, &err);
    x->launches += rc == 0;
  } else if (k->device_phases) {
    if (!k->warned_split)
      fprintf(stderr, "vtc: warning: %s: @%s: %u blocks do not fit the GPU at once (at most %lld): its device "
                      "barriers run as %u launches, one per segment (warned once)\n",
              s->where, k->name, grid[0], (long long)k->max_resident_blocks, k->device_phases);
    k->warned_split = true;
    rc = 0;
    for (phase = 0; rc == 0 && phase < (int32_t)k->device_phases; phase++) {
      rc = vtc_cuda_launch(x->p->cu, k->fn, grid, block, (unsigned)k->dynamic_shared, x->arg_ptrs, &err);
      x->launches += rc == 0;
    }
  } else {
    return vtc_format("%s: @%s on %u blocks: its device barriers need every block resident at once, but at most "
                      "%lld fit, and it cannot run one barrier segment per launch: %s", s->where, k->name, grid[0],
                      (long long)k->max_resident_blocks, k->no_split ? k->no_split : "no split");
  }
  if (rc == 0) return NULL;
  char *msg = vtc_format("%s: @%s: %s", s->where, k->name, err);
  free(err);
  return msg;
}

/* ---- a launch as a node of the graph being recorded ---- */

static buffer_uses *uses_of(exec *x, vtc_cuda_ptr ptr) {
  for (size_t i = 0; i < x->uses.len; i++)
    if (x->uses.data[i].ptr == ptr) return &x->uses.data[i];
  buffer_uses u = {.ptr = ptr, .writer = -1};
  VTC_VEC_PUSH(&x->uses, u);
  return &x->uses.data[x->uses.len - 1];
}

static void depend_on(exec *x, size_t launch) {
  for (size_t i = 0; i < x->after.len; i++)
    if (x->after.data[i] == launch) return;
  VTC_VEC_PUSH(&x->after, launch);
}

static bool writes(const cplan *plan, const cplan_step *s, vtc_cuda_ptr ptr, const exec_value *vals) {
  for (unsigned i = 0; i < s->num_args; i++) {
    const cplan_arg *a = &plan->args.data[s->first_arg + i];
    if (a->kind == CPLAN_ARG_PTR && a->written && vals[a->slot].ptr == ptr) return true;
  }
  return false;
}

/* Adds launch step s to the graph being recorded, after the launch before
 * it (one stream's order), or, for concurrent graphs, after the launches
 * whose order with it matters: the last launch that wrote each buffer it
 * passes (read after write), and where it writes a buffer, the launches
 * that read it since (write after read). Buffers are device addresses, so a
 * buffer the recording reuses after a free is one buffer. Launches with no
 * path between them may run at once. */
static int record_launch(exec *x, const cplan_step *s, const cplan_kernel *k, const unsigned grid[3],
                         const unsigned block[3], char **err) {
  const cplan *plan = &x->p->plan;
  vtc_cuda_graph *g = x->recording->graph;
  size_t self = vtc_cuda_graph_num_launches(g);
  x->after.len = 0;
  if (!x->p->concurrent_graphs && self) depend_on(x, self - 1);
  for (unsigned i = 0; x->p->concurrent_graphs && i < s->num_args; i++) {
    const cplan_arg *a = &plan->args.data[s->first_arg + i];
    if (a->kind != CPLAN_ARG_PTR) continue;
    buffer_uses *u = uses_of(x, x->vals[a->slot].ptr);
    if (u->writer >= 0) depend_on(x, (size_t)u->writer);
    if (writes(plan, s, u->ptr, x->vals))
      for (size_t r = 0; r < u->readers.len; r++) depend_on(x, u->readers.data[r]);
  }
  if (vtc_cuda_graph_add_launch(g, k->fn, grid, block, (unsigned)k->dynamic_shared, x->arg_ptrs, x->after.data,
                                x->after.len, err) != 0) {
    x->graph_failed = true;
    return -1;
  }
  for (unsigned i = 0; x->p->concurrent_graphs && i < s->num_args; i++) {
    const cplan_arg *a = &plan->args.data[s->first_arg + i];
    if (a->kind != CPLAN_ARG_PTR) continue;
    buffer_uses *u = uses_of(x, x->vals[a->slot].ptr);
    if (writes(plan, s, u->ptr, x->vals)) {
      u->writer = (int64_t)self;
      u->readers.len = 0;
    } else if (!u->readers.len || u->readers.data[u->readers.len - 1] != self) {
      VTC_VEC_PUSH(&u->readers, self);
    }
  }
  return 0;
}

static char *step_launch(exec *x, const cplan_step *s) {
  const cplan *plan = &x->p->plan;
  const cplan_kernel *k = &plan->kernels.data[s->imm];
  int64_t groups = operand(x, s, 0)->s.i;
  if (groups == 0) return NULL;
  if (groups < 0 || groups > INT32_MAX)
    return vtc_format("%s: @%s on %lld groups: a launch has 0 to 2^31-1", s->where, k->name, (long long)groups);
  for (unsigned i = 0; i < s->num_args; i++) {
    const cplan_arg *a = &plan->args.data[s->first_arg + i];
    x->arg_words[i] = 0;
    kPack[a->kind](&x->vals[a->slot], a->dim, &x->arg_words[i]);
    x->arg_ptrs[i] = &x->arg_words[i];
  }
  unsigned grid[3] = {(unsigned)groups, 1, 1}, block[3] = {(unsigned)(k->group_size * 32), 1, 1};
  if (k->device_barriers) return launch_with_barriers(x, s, grid, block);
  char *err = NULL;
  if (x->recording ? record_launch(x, s, k, grid, block, &err) != 0
                   : vtc_cuda_launch(x->p->cu, k->fn, grid, block, (unsigned)k->dynamic_shared, x->arg_ptrs, &err) != 0) {
    char *msg = vtc_format("%s: @%s: %s", s->where, k->name, err);
    free(err);
    return msg;
  }
  x->launches++;
  return NULL;
}

/* ---- run-time checks (gir_to_llvm.h, "Run-time checks") ---- */

/* A failed check: the program's failure, and the run's error text. */
static char *check_failed(exec *x, unsigned site, const int64_t *args) {
  vtc_check_failure_free(&x->p->failure);
  vtc_check_table_failure(&x->p->plan.checks, site, args, &x->p->failure);
  return vtc_check_failure_text(&x->p->failure);
}

static char *step_assert(exec *x, const cplan_step *s) {
  int64_t args[VTC_CHECK_MAX_ARGS] = {0};
  for (unsigned i = 0; i < s->count && i < VTC_CHECK_MAX_ARGS; i++) args[i] = operand(x, s, i)->s.i;
  if (vtc_check_holds((vtc_check_relation)s->code, args[0], args[1])) return NULL;
  return check_failed(x, (unsigned)s->imm, args);
}

enum { kRecordWords = VTC_GIR_CHECK_RECORD_WORDS, kRecordBytes = VTC_GIR_CHECK_RECORD_WORDS * 8 };

/* Reads records [first, first + n) of the device table into buf. */
static char *read_records(exec *x, unsigned first, unsigned n, int64_t *buf) {
  char *err = NULL;
  vtc_cuda_copy_to_host(x->p->cu, buf, x->p->records + (vtc_cuda_ptr)first * kRecordBytes, (size_t)n * kRecordBytes,
                        &err);
  return err;
}

/* A record that holds a failure: the run's error; the table is zeroed. */
static char *take_record(exec *x, const int64_t *rec) {
  vtc_check_failure_free(&x->p->failure);
  vtc_check_table_read(&x->p->plan.checks, rec, &x->p->failure);
  char *err = NULL;
  vtc_cuda_memset(x->p->cu, x->p->records, 0, (size_t)x->p->plan.checks.num_records * kRecordBytes, &err);
  free(err);
  return vtc_check_failure_text(&x->p->failure);
}

/* After a launch whose kernel runs again later: its record now. */
static char *check_launch(exec *x, const cplan_step *s) {
  int64_t rec[kRecordWords];
  char *err = read_records(x, x->p->plan.kernels.data[s->imm].record, 1, rec);
  return err ? err : rec[0] ? take_record(x, rec) : NULL;
}

/* After the steps: the first launch (in plan order) whose record holds a
 * failure. One copy of the whole table; nothing without records. */
static char *check_records(exec *x) {
  const cplan *plan = &x->p->plan;
  if (!x->p->records) return NULL;
  int64_t *recs = vtc_xcalloc((size_t)plan->checks.num_records * kRecordWords, sizeof *recs);
  char *err = read_records(x, 0, plan->checks.num_records, recs);
  for (size_t i = 0; !err && i < plan->steps.len; i++) {
    const cplan_step *s = &plan->steps.data[i];
    unsigned r = s->kind == CPLAN_LAUNCH ? plan->kernels.data[s->imm].record : 0;
    if (r && r < plan->checks.num_records && recs[(size_t)r * kRecordWords]) {
      err = take_record(x, &recs[(size_t)r * kRecordWords]);
      break;
    }
  }
  free(recs);
  return err;
}

static char *step_launch_checked(exec *x, const cplan_step *s) {
  char *err = step_launch(x, s);
  return err || !s->check_after || !x->p->records ? err : check_launch(x, s);
}

/* Records the next event of the pool (created on first use). */
static char *mark(exec *x) {
  char *err = NULL;
  if (x->next_event == x->events.len) {
    vtc_cuda_event ev = NULL;
    if (vtc_cuda_event_create(x->p->cu, &ev, &err) != 0) return err;
    VTC_VEC_PUSH(&x->events, ev);
  }
  vtc_cuda_event_record(x->p->cu, x->events.data[x->next_event++], &err);
  return err;
}

/* A launch step, between two events when the run is profiled. */
static char *step_launch_timed(exec *x, const cplan_step *s) {
  if (!x->time_launches) return step_launch_checked(x, s);
  timed_launch t = {(unsigned)s->imm, x->next_event, x->launches};
  char *err = mark(x);
  if (!err) err = step_launch_checked(x, s);
  if (!err) err = mark(x);
  t.launches = x->launches - t.launches;
  if (!err) VTC_VEC_PUSH(&x->timed, t);
  return err;
}

static char *step_copy(exec *x, const cplan_step *s) {
  x->vals[s->dst] = *operand(x, s, 0);
  return NULL;
}

typedef char *(*step_fn)(exec *x, const cplan_step *s);
static const step_fn kSteps[CPLAN_NUM_STEP_KINDS] = {
    [CPLAN_CONST] = step_const, [CPLAN_ARITH] = step_arith, [CPLAN_DIM] = step_dim,
    [CPLAN_ALLOC] = step_alloc, [CPLAN_FREE] = step_free,   [CPLAN_LAUNCH] = step_launch_timed,
    [CPLAN_ASSERT] = step_assert, [CPLAN_COPY] = step_copy,
};

static char *run_steps(exec *x) {
  const cplan *plan = &x->p->plan;
  for (size_t i = 0; i < plan->steps.len;) {
    const cplan_step *s = &plan->steps.data[i];
    if (s->kind == CPLAN_SWITCH || s->kind == CPLAN_JUMP) { /* gir.switch: forward branches */
      i = cplan_branch_target(plan, s, s->kind == CPLAN_SWITCH ? operand(x, s, 0)->s.i : 0);
      continue;
    }
    if (s->kind == CPLAN_MEMO || s->kind == CPLAN_MEMO_END) { /* a memoised selection */
      const cplan_step *m = s->kind == CPLAN_MEMO ? s : &plan->steps.data[s->imm];
      vtc_arith_scalar keys[CPLAN_MEMO_MAX_KEYS], r;
      for (unsigned k = 0; k < m->count; k++) keys[k] = operand(x, m, k)->s;
      if (s->kind == CPLAN_MEMO_END) cplan_memo_store(&x->p->plan, s, keys, operand(x, s, 0)->s);
      else if (cplan_memo_lookup(plan, s, keys, &r)) {
        x->vals[s->dst].s = r;
        i = (size_t)s->imm;
        continue;
      }
      i++;
      continue;
    }
    char *err = kSteps[s->kind](x, s);
    if (err) return err;
    i++;
  }
  return NULL;
}

/* ---- inputs and results ------------------------------------------------------------ */

static char *check_input(const vtc_cuda_program *p, unsigned a, const vtc_tensor *t) {
  const cplan_slot *s = &p->plan.slots.data[p->plan.inputs.data[a]];
  const char *entry = p->plan.entry;
  if (!s->is_buffer) {
    if (vtc_tensor_numel(t) != 1)
      return vtc_format("input #%u of @%s is a scalar (%s), but the tensor has %lld elements", a, entry, s->type,
                        (long long)vtc_tensor_numel(t));
    return NULL;
  }
  if ((int)t->dtype != s->dtype)
    return vtc_format("input #%u of @%s has element type %s, expected %s", a, entry, vtc_dtype_name(t->dtype),
                      vtc_dtype_name((vtc_dtype)s->dtype));
  if (t->rank != (int)s->rank)
    return vtc_format("input #%u of @%s has rank %d, expected %u", a, entry, t->rank, s->rank);
  for (unsigned d = 0; d < s->rank; d++)
    if (s->dims[d] != VTC_DYNAMIC && s->dims[d] != t->dims[d])
      return vtc_format("input #%u of @%s has dimension %u of size %lld, expected %lld", a, entry, d,
                        (long long)t->dims[d], (long long)s->dims[d]);
  return NULL;
}

static char *check_inputs(const vtc_cuda_program *p, const vtc_tensor *inputs, unsigned n) {
  if (n != p->plan.inputs.len)
    return vtc_format("@%s takes %zu inputs, %u given", p->plan.entry, p->plan.inputs.len, n);
  for (unsigned a = 0; a < n; a++) {
    char *e = check_input(p, a, &inputs[a]);
    if (e) return e;
  }
  return NULL;
}

static char *upload_inputs(exec *x, const vtc_tensor *inputs) {
  const cplan *plan = &x->p->plan;
  char *err = NULL;
  for (size_t a = 0; a < plan->inputs.len && !err; a++) {
    const vtc_tensor *t = &inputs[a];
    exec_value *v = &x->vals[plan->inputs.data[a]];
    if (!slot_of(x, plan->inputs.data[a])->is_buffer) {
      v->s.i = vtc_tensor_get_i64(t, 0);
      v->s.f = vtc_tensor_get_f64(t, 0);
      continue;
    }
    memcpy(v->dims, t->dims, sizeof t->dims);
    size_t n = vtc_tensor_nbytes(t);
    if (!(err = buffer_take(x, n, &v->ptr))) {
      if (!x->recording) VTC_VEC_PUSH(&x->inputs, v->ptr); /* else the graph's */
      if (n) vtc_cuda_copy_to_device(x->p->cu, v->ptr, t->data, n, &err);
    }
  }
  return err;
}

/* Result r as a new tensor: a buffer's contents, or a scalar as rank 0. */
static char *download_result(exec *x, unsigned r, vtc_tensor *out) {
  const cplan *plan = &x->p->plan;
  const cplan_slot *s = slot_of(x, plan->results.data[r]);
  const exec_value *v = &x->vals[plan->results.data[r]];
  char msg[256];
  if (vtc_tensor_create(out, (vtc_dtype)s->dtype, s->is_buffer ? (int)s->rank : 0, v->dims, msg, sizeof msg) != 0)
    return vtc_format("result #%u of @%s: %s", r, plan->entry, msg);
  if (!s->is_buffer) {
    if (vtc_dtype_is_float(out->dtype)) vtc_tensor_set_f64(out, 0, v->s.f);
    else memcpy(out->data, &v->s.i, vtc_dtype_size(out->dtype)); /* the low bytes: little-endian */
    return NULL;
  }
  size_t n = vtc_tensor_nbytes(out);
  char *err = NULL;
  if (n) vtc_cuda_copy_to_host(x->p->cu, out->data, v->ptr, n, &err);
  return err;
}

static char *download_results(exec *x, vtc_tensor **outputs) {
  unsigned n = (unsigned)x->p->plan.results.len;
  vtc_tensor *outs = vtc_xcalloc(n + 1, sizeof *outs);
  char *err = NULL;
  for (unsigned r = 0; r < n && !err; r++) err = download_result(x, r, &outs[r]);
  if (err) vtc_tensor_free_array(outs, n);
  else *outputs = outs;
  return err;
}

static double now_ms(void) { return 1e3 * vtc_now_seconds(); }

/* ---- replaying a binding as a CUDA graph ----------------------------------------------- *
 *
 * A host plan's launches depend on the inputs' shapes and scalar values
 * alone (its steps read no device data), so for one binding of those the
 * launches, their arguments and the buffers are the same at every run. The
 * first run of a binding that is worth it records them as a CUDA graph
 * instead of launching them: the steps run on the host as usual, each
 * launch becomes a graph node, and every buffer the steps allocate (inputs
 * included) stays the graph's, reused within the recording as the plan
 * frees it, so the graph's addresses remain valid. A node waits for the
 * one before it, or, in concurrent graphs, only for the nodes whose
 * buffers it reads or writes (record_launch), so kernels of independent
 * branches may run at once. Later runs of the binding copy the inputs into
 * the graph's input buffers and launch the graph: one host call instead of
 * one per kernel, the kernels back to back on the GPU (what torch.compile's
 * reduce-overhead mode does with CUDA graphs). Graphs launch on the default
 * stream as the plain launches do, so runs stay ordered. Not replayed:
 * plans with device-barrier kernels (cooperative launches, phase splits)
 * and plans that read a kernel's check record between launches; a graph
 * the driver refuses falls back to launching kernel by kernel. */

static binding_key *key_of(const vtc_cuda_program *p, const vtc_tensor *inputs) {
  size_t n = 0;
  for (size_t a = 0; a < p->plan.inputs.len; a++) n += 3 + (size_t)inputs[a].rank; /* rank, dims, a scalar's 2 */
  binding_key *k = vtc_xcalloc(1, sizeof *k + n * sizeof k->words[0]);
  for (size_t a = 0; a < p->plan.inputs.len; a++) {
    const vtc_tensor *t = &inputs[a];
    k->words[k->len++] = (uint64_t)t->rank;
    for (int d = 0; d < t->rank; d++) k->words[k->len++] = (uint64_t)t->dims[d];
    if (!p->plan.slots.data[p->plan.inputs.data[a]].is_buffer) { /* a scalar: its value */
      double f = vtc_tensor_get_f64(t, 0);
      memcpy(&k->words[k->len++], &f, sizeof f);
      k->words[k->len++] = (uint64_t)vtc_tensor_get_i64(t, 0);
    }
  }
  return k;
}

static bool same_key(const binding_key *a, const binding_key *b) {
  return a && b && a->len == b->len && memcmp(a->words, b->words, a->len * sizeof a->words[0]) == 0;
}

static void plan_graph_free(vtc_cuda_program *p, plan_graph *g) {
  if (!g) return;
  vtc_cuda_graph_destroy(g->graph);
  for (size_t i = 0; i < g->buffers.len; i++) vtc_cuda_cache_free(p->cache, g->buffers.data[i].ptr, NULL);
  VTC_VEC_FREE(&g->buffers);
  free(g->vals);
  free(g->key);
  free(g);
}

static void forget_graphs(vtc_cuda_program *p) {
  for (unsigned i = 0; i < VTC_CUDA_MAX_GRAPHS; i++) {
    plan_graph_free(p, p->recorded[i]);
    free(p->seen[i]);
    p->recorded[i] = NULL;
    p->seen[i] = NULL;
  }
}

/* Whether runs can be replayed (see above). */
static bool replayable(const vtc_cuda_program *p) {
  const cplan *plan = &p->plan;
  if (!p->plan.kernels.len) return false;
  for (size_t i = 0; i < plan->kernels.len; i++)
    if (plan->kernels.data[i].device_barriers) return false;
  for (size_t i = 0; i < plan->steps.len; i++)
    if (plan->steps.data[i].kind == CPLAN_LAUNCH && plan->steps.data[i].check_after && p->records) return false;
  return true;
}

/* A buffer of the graph being recorded: a free one of the same size class,
 * else a new one from the cache. */
static char *graph_take(exec *x, size_t bytes, vtc_cuda_ptr *out) {
  plan_graph *g = x->recording;
  size_t cls = vtc_cuda_cache_size_class(bytes);
  for (size_t i = 0; i < g->buffers.len; i++) {
    graph_buffer *b = &g->buffers.data[i];
    if (b->in_use || b->size_class != cls) continue;
    b->in_use = true;
    *out = b->ptr;
    return NULL;
  }
  char *err = NULL;
  if (vtc_cuda_cache_alloc(x->p->cache, bytes, out, &err) != 0) return err;
  VTC_VEC_PUSH(&g->buffers, ((graph_buffer){*out, cls, true}));
  return NULL;
}

static void graph_give_back(plan_graph *g, vtc_cuda_ptr ptr) {
  for (size_t i = 0; i < g->buffers.len; i++)
    if (g->buffers.data[i].ptr == ptr) g->buffers.data[i].in_use = false;
}

/* Records the plan's launches for inputs' binding (key, owned by the graph
 * from here), uploading the inputs into its buffers; on success x->vals
 * hold the recording's slot values. */
static char *record(exec *x, const vtc_tensor *inputs, binding_key *key, plan_graph **out) {
  vtc_cuda_program *p = x->p;
  plan_graph *g = vtc_xcalloc(1, sizeof *g);
  g->key = key;
  char *err = NULL;
  g->graph = vtc_cuda_graph_create(p->cu, &err);
  x->graph_failed = err != NULL;
  x->recording = g;
  if (!err) err = upload_inputs(x, inputs);
  if (!err) err = run_steps(x);
  if (!err && vtc_cuda_graph_instantiate(g->graph, &err) != 0) x->graph_failed = true;
  if (!err) {
    g->vals = vtc_xcalloc(p->plan.slots.len + 1, sizeof *g->vals);
    memcpy(g->vals, x->vals, p->plan.slots.len * sizeof *g->vals);
    g->peak_bytes = x->peak_bytes;
    g->allocs = x->allocs;
  }
  x->recording = NULL;
  x->live.len = 0; /* the results are the graph's */
  x->live_bytes = 0;
  if (err) {
    plan_graph_free(p, g);
    return err;
  }
  *out = g;
  return NULL;
}

/* Copies the inputs into the graph's input buffers. */
static char *upload_into(exec *x, const plan_graph *g, const vtc_tensor *inputs) {
  const cplan *plan = &x->p->plan;
  char *err = NULL;
  for (size_t a = 0; a < plan->inputs.len && !err; a++) {
    size_t n = vtc_tensor_nbytes(&inputs[a]);
    if (slot_of(x, plan->inputs.data[a])->is_buffer && n)
      vtc_cuda_copy_to_device(x->p->cu, g->vals[plan->inputs.data[a]].ptr, inputs[a].data, n, &err);
  }
  return err;
}

/* The slot of p's table for a new entry: an empty one, else the least
 * recently used (freed). */
static plan_graph **graph_slot(vtc_cuda_program *p) {
  plan_graph **lru = &p->recorded[0];
  for (unsigned i = 0; i < VTC_CUDA_MAX_GRAPHS; i++) {
    if (!p->recorded[i]) return &p->recorded[i];
    if (p->recorded[i]->last_use < (*lru)->last_use) lru = &p->recorded[i];
  }
  plan_graph_free(p, *lru);
  *lru = NULL;
  return lru;
}

/* Whether `key` ran before without a graph (auto); remembers it if not. */
static bool seen_before(vtc_cuda_program *p, binding_key *key) {
  for (unsigned i = 0; i < VTC_CUDA_MAX_GRAPHS; i++)
    if (same_key(p->seen[i], key)) return true;
  unsigned slot = (unsigned)(p->clock++ % VTC_CUDA_MAX_GRAPHS);
  free(p->seen[slot]);
  p->seen[slot] = vtc_xcalloc(1, sizeof *key + key->len * sizeof key->words[0]);
  memcpy(p->seen[slot], key, sizeof *key + key->len * sizeof key->words[0]);
  return false;
}

/* The graph to replay for this binding, with the inputs on the device and
 * x->vals set from it; *out NULL when the steps run as usual (the inputs
 * not uploaded). `repeated`: the caller runs the binding many times
 * (bench), so auto records at once. */
static char *graph_for(exec *x, const vtc_tensor *inputs, bool repeated, plan_graph **out) {
  vtc_cuda_program *p = x->p;
  *out = NULL;
  if (p->graphs == VTC_CUDA_GRAPHS_OFF || !p->replayable || !vtc_cuda_has_graphs(p->cu)) return NULL;
  binding_key *key = key_of(p, inputs);
  plan_graph *g = NULL;
  for (unsigned i = 0; i < VTC_CUDA_MAX_GRAPHS && !g; i++)
    if (p->recorded[i] && same_key(p->recorded[i]->key, key)) g = p->recorded[i];
  char *err = NULL;
  if (g) {
    free(key);
    err = upload_into(x, g, inputs);
  } else if (p->graphs == VTC_CUDA_GRAPHS_AUTO && !repeated && !seen_before(p, key)) {
    free(key);
    return NULL;
  } else {
    plan_graph **slot = graph_slot(p);
    if ((err = record(x, inputs, key, slot))) {
      if (!x->graph_failed) return err; /* the program's own error, as a plain run would give it */
      /* The driver refused the graph: this program launches from the plan. */
      fprintf(stderr, "vtc: warning: @%s: no CUDA graph (%s); launching kernel by kernel\n", p->plan.entry, err);
      free(err);
      p->replayable = false;
      x->peak_bytes = x->live_bytes = 0;
      x->allocs = x->launches = 0;
      for (size_t i = 0; i < x->uses.len; i++) VTC_VEC_FREE(&x->uses.data[i].readers);
      x->uses.len = 0;
      return NULL;
    }
    g = *slot;
  }
  if (err) return err;
  g->last_use = ++p->clock;
  memcpy(x->vals, g->vals, p->plan.slots.len * sizeof *x->vals);
  x->peak_bytes = g->peak_bytes;
  x->allocs = g->allocs;
  x->launches = (int64_t)vtc_cuda_graph_num_launches(g->graph);
  *out = g;
  return NULL;
}

/* One call between the program's two events: the plan's steps, or the
 * replay of graph g (non-NULL); *ms gets the time, and *host_ms (may be
 * NULL) the host's time to issue the call. */
static char *timed_call(exec *x, const plan_graph *g, double *ms, double *host_ms) {
  vtc_cuda *cu = x->p->cu;
  char *err = NULL;
  float f = 0;
  if (vtc_cuda_event_record(cu, x->p->start, &err) != 0) return err;
  double t0 = now_ms();
  if (g) vtc_cuda_graph_launch(g->graph, &err);
  else err = run_steps(x);
  if (err) return err;
  if (host_ms) *host_ms = now_ms() - t0;
  if (vtc_cuda_event_record(cu, x->p->stop, &err) != 0 ||
      vtc_cuda_event_elapsed_ms(cu, x->p->start, x->p->stop, &f, &err) != 0)
    return err;
  *ms = f;
  return NULL;
}

static char *prepare(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned n) {
  char *err = check_inputs(p, inputs, n);
  if (!err) vtc_cuda_program_load(p, cu, &err);
  return err;
}

int vtc_cuda_program_run(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                         vtc_tensor **outputs, vtc_cuda_run_stats *stats, char **error) {
  if (error) *error = NULL;
  if (outputs) *outputs = NULL;
  char *err = prepare(p, cu, inputs, num_inputs);
  if (err) {
    set_error(error, err);
    return -1;
  }
  exec x;
  exec_init(&x, p);
  double ms = 0;
  vtc_check_failure_free(&p->failure);
  plan_graph *g = NULL;
  err = graph_for(&x, inputs, false, &g);
  if (!err && !g) err = upload_inputs(&x, inputs);
  if (!err) err = timed_call(&x, g, &ms, NULL);
  if (!err) err = check_records(&x);
  if (!err && outputs) err = download_results(&x, outputs);
  if (!err && stats) *stats = (vtc_cuda_run_stats){x.peak_bytes, x.allocs, x.launches, ms, 0, g != NULL};
  exec_free(&x);
  if (!err && stats) stats->reserved_bytes = vtc_cuda_cache_get_stats(p->cache).reserved_bytes;
  set_error(error, err);
  return err ? -1 : 0;
}

int vtc_cuda_program_bench(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                           int warmup, int runs, double *ms, char **error) {
  if (error) *error = NULL;
  char *err = prepare(p, cu, inputs, num_inputs);
  if (err) {
    set_error(error, err);
    return -1;
  }
  exec x;
  exec_init(&x, p);
  vtc_check_failure_free(&p->failure);
  plan_graph *g = NULL;
  err = graph_for(&x, inputs, true, &g);
  if (!err && !g) err = upload_inputs(&x, inputs);
  for (int i = -warmup; i < runs && !err; i++) {
    double t = 0;
    err = timed_call(&x, g, &t, NULL);
    release_live(&x); /* the results are dropped */
    if (i >= 0) ms[i] = t;
  }
  /* The kernels' checks once, after every run (a failure is in the table). */
  if (!err) err = check_records(&x);
  exec_free(&x);
  set_error(error, err);
  return err ? -1 : 0;
}

/* ---- per-kernel profile ---------------------------------------------------- */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Adds the device time of each timed launch step of the last run to
 * per_kernel[kernel] (that run's row), counting launches into `launches`. */
static char *collect_launch_times(exec *x, double *per_kernel, int64_t *launches) {
  for (size_t i = 0; i < x->timed.len; i++) {
    const timed_launch *t = &x->timed.data[i];
    float f = 0;
    char *err = NULL;
    if (vtc_cuda_event_elapsed_ms(x->p->cu, x->events.data[t->first_event], x->events.data[t->first_event + 1], &f,
                                  &err) != 0)
      return err;
    per_kernel[t->kernel] += f;
    launches[t->kernel] += t->launches;
  }
  return NULL;
}

/* The kernels launched, in plan order, with their medians over the runs
 * (times[r * nk + k]: kernel k's device time in run r). */
static void summarize_profile(const vtc_cuda_program *p, double *times, const int64_t *launches, int runs,
                              vtc_cuda_profile *out) {
  size_t nk = p->plan.kernels.len;
  double *col = vtc_xcalloc((size_t)runs, sizeof *col);
  out->kernels = vtc_xcalloc(nk ? nk : 1, sizeof *out->kernels);
  for (size_t k = 0; k < nk; k++) {
    if (!launches[k]) continue;
    for (int r = 0; r < runs; r++) col[r] = times[(size_t)r * nk + k];
    const cplan_kernel *pk = &p->plan.kernels.data[k];
    out->kernels[out->num_kernels++] =
        (vtc_cuda_kernel_time){pk->name, pk->loc, launches[k] / runs, median(col, (size_t)runs)};
  }
  free(col);
}

int vtc_cuda_program_profile(vtc_cuda_program *p, vtc_cuda *cu, const vtc_tensor *inputs, unsigned num_inputs,
                             int warmup, int runs, vtc_cuda_profile *out, char **error) {
  if (error) *error = NULL;
  memset(out, 0, sizeof *out);
  char *err = runs < 1 ? vtc_xstrdup("a profile needs at least one run") : prepare(p, cu, inputs, num_inputs);
  if (err) {
    set_error(error, err);
    return -1;
  }
  size_t nk = p->plan.kernels.len;
  double *times = vtc_xcalloc((size_t)runs * (nk ? nk : 1), sizeof *times);
  double *call = vtc_xcalloc((size_t)runs, sizeof *call), *host = vtc_xcalloc((size_t)runs, sizeof *host);
  int64_t *launches = vtc_xcalloc(nk ? nk : 1, sizeof *launches);
  exec x;
  exec_init(&x, p);
  x.time_launches = true;
  vtc_check_failure_free(&p->failure);
  err = upload_inputs(&x, inputs);
  for (int i = -warmup; i < runs && !err; i++) {
    double t = 0, h = 0;
    x.next_event = 0;
    x.timed.len = 0;
    err = timed_call(&x, NULL, &t, &h);
    release_live(&x);
    if (!err && i >= 0) {
      call[i] = t;
      host[i] = h;
      err = collect_launch_times(&x, &times[(size_t)i * nk], launches);
    }
  }
  if (!err) err = check_records(&x);
  if (!err) {
    out->call_ms = median(call, (size_t)runs);
    out->host_ms = median(host, (size_t)runs);
    summarize_profile(p, times, launches, runs, out);
  }
  exec_free(&x);
  free(times);
  free(call);
  free(host);
  free(launches);
  set_error(error, err);
  return err ? -1 : 0;
}

void vtc_cuda_profile_free(vtc_cuda_profile *prof) {
  free(prof->kernels);
  memset(prof, 0, sizeof *prof);
}
