/* gir -> LLVM: the module level. Types, the value map, each gir.kernel as a
 * driver + chunk + unit function over vtc_rt_parallel_for, and each host
 * func.func under the entry-point convention documented in gir_to_llvm.h. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/diagnostics.h"
#include "lowering/gir-to-llvm/translate_impl.h"

/* ---- diagnostics, types, values ---------------------------------------- */

bool g2l_error(g2l *t, vtc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf msg = {0};
  vtc_strbuf_printf(&msg, "'%s' op ", op->name->name);
  vtc_strbuf_vprintf(&msg, fmt, ap);
  va_end(ap);
  vtc_error(t->ctx, op->loc, "%s", msg.data);
  vtc_strbuf_free(&msg);
  t->failed = true;
  return false;
}

LLVMTypeRef g2l_scalar_type(g2l *t, const vtc_type *type) {
  switch (type->kind) {
  case VTC_TYPE_INTEGER: return LLVMIntTypeInContext(t->c, type->width);
  case VTC_TYPE_INDEX: return t->i64;
  case VTC_TYPE_F16: return LLVMHalfTypeInContext(t->c);
  /* bf16 is bits (i16) in registers too: x86 without AVX512-BF16 has no
   * bf16 registers, and LLVM would round through __truncsfbf2 libcalls.
   * Arithmetic widens to f32 and rounds back inline (scalar_ops.c). */
  case VTC_TYPE_BF16: return LLVMInt16TypeInContext(t->c);
  case VTC_TYPE_F32: return LLVMFloatTypeInContext(t->c);
  case VTC_TYPE_F64: return LLVMDoubleTypeInContext(t->c);
  default: return NULL;
  }
}

LLVMTypeRef g2l_mem_type(g2l *t, const vtc_type *elem) {
  if (elem->kind == VTC_TYPE_INTEGER && elem->width == 1) return t->i8;
  /* Half floats move as i16 bits: LLVM would legalise masked bf16 loads
   * through f32 and back (a __truncsfbf2 libcall the JIT may not have). */
  if (elem->kind == VTC_TYPE_F16 || elem->kind == VTC_TYPE_BF16) return LLVMInt16TypeInContext(t->c);
  return g2l_scalar_type(t, elem);
}

LLVMTypeRef g2l_vec_type(g2l *t, const vtc_type *elem, unsigned width) {
  LLVMTypeRef s = g2l_scalar_type(t, elem);
  return s ? LLVMVectorType(s, width) : NULL;
}

int64_t g2l_elem_bytes(const vtc_type *elem) {
  unsigned bits = vtc_type_bit_width(elem);
  int64_t bytes = 1;
  while (bytes * 8 < (int64_t)bits) bytes *= 2;
  return bytes;
}

g2l_value *g2l_new_value(g2l *t, g2l_kind kind) {
  g2l_value *lv = vtc_xcalloc(1, sizeof *lv);
  lv->kind = kind;
  VTC_VEC_PUSH(&t->pool, lv);
  return lv;
}

void g2l_bind(g2l *t, const vtc_value *v, g2l_value *lv) { vtc_ptrmap_put(&t->values, v, lv); }

void g2l_bind_scalar(g2l *t, const vtc_value *v, LLVMValueRef x) {
  g2l_value *lv = g2l_new_value(t, G2L_SCALAR);
  lv->v = x;
  g2l_bind(t, v, lv);
}

g2l_value *g2l_lookup(g2l *t, const vtc_value *v) {
  g2l_value *lv = vtc_ptrmap_get(&t->values, v);
  assert(lv && "gir-to-llvm: value used before its definition was translated");
  return lv;
}

LLVMValueRef g2l_scalar(g2l *t, const vtc_value *v) {
  g2l_value *lv = g2l_lookup(t, v);
  assert(lv->kind == G2L_SCALAR);
  return lv->v;
}

LLVMValueRef g2l_i64(g2l *t, int64_t x) { return LLVMConstInt(t->i64, (unsigned long long)x, 1); }

LLVMValueRef g2l_splat(g2l *t, LLVMValueRef scalar, unsigned width) {
  LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(scalar), width);
  if (LLVMIsConstant(scalar)) {
    LLVMValueRef *elems = vtc_xmalloc(width * sizeof *elems);
    for (unsigned i = 0; i < width; i++) elems[i] = scalar;
    LLVMValueRef v = LLVMConstVector(elems, width);
    free(elems);
    return v;
  }
  LLVMValueRef one = LLVMBuildInsertElement(t->b, LLVMGetPoison(LLVMVectorType(LLVMTypeOf(scalar), 1)), scalar,
                                            LLVMConstInt(t->i32, 0, 0), "");
  LLVMValueRef zeros = LLVMConstNull(LLVMVectorType(t->i32, width));
  (void)vt;
  return LLVMBuildShuffleVector(t->b, one, LLVMGetPoison(LLVMTypeOf(one)), zeros, "splat");
}

LLVMValueRef g2l_iota(g2l *t, unsigned width) {
  LLVMValueRef *elems = vtc_xmalloc(width * sizeof *elems);
  for (unsigned i = 0; i < width; i++) elems[i] = g2l_i64(t, i);
  LLVMValueRef v = LLVMConstVector(elems, width);
  free(elems);
  return v;
}

LLVMValueRef g2l_intrinsic(g2l *t, const char *name, LLVMTypeRef *overloads, unsigned num_overloads,
                           LLVMTypeRef *fn_type) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id && "unknown LLVM intrinsic");
  if (fn_type) *fn_type = LLVMIntrinsicGetType(t->c, id, overloads, num_overloads);
  return LLVMGetIntrinsicDeclaration(t->m, id, overloads, num_overloads);
}

LLVMValueRef g2l_merge(g2l *t, LLVMBasicBlockRef join, LLVMValueRef here, LLVMValueRef other,
                       LLVMBasicBlockRef other_bb, const char *name) {
  LLVMBasicBlockRef here_bb = LLVMGetInsertBlock(t->b);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, join);
  LLVMValueRef phi = LLVMBuildPhi(t->b, LLVMTypeOf(here), name);
  LLVMValueRef in[] = {here, other};
  LLVMBasicBlockRef from[] = {here_bb, other_bb};
  LLVMAddIncoming(phi, in, from, 2);
  return phi;
}

LLVMValueRef g2l_call_intrinsic(g2l *t, const char *name, LLVMTypeRef *overloads, unsigned num_overloads,
                                LLVMValueRef *args, unsigned num_args) {
  LLVMTypeRef ft;
  LLVMValueRef fn = g2l_intrinsic(t, name, overloads, num_overloads, &ft);
  return LLVMBuildCall2(t->b, ft, fn, args, num_args, "");
}

LLVMValueRef g2l_call_extern(g2l *t, const char *name, LLVMTypeRef ret, LLVMTypeRef *params, unsigned n,
                             LLVMValueRef *args) {
  LLVMTypeRef ft = LLVMFunctionType(ret, params, n, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(t->m, name);
  if (!fn) fn = LLVMAddFunction(t->m, name, ft);
  return LLVMBuildCall2(t->b, ft, fn, args, n, "");
}

LLVMValueRef g2l_entry_alloca(g2l *t, LLVMTypeRef type, unsigned align) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(t->c);
  LLVMValueRef first = LLVMGetFirstInstruction(t->entry);
  if (first) LLVMPositionBuilderBefore(b, first);
  else LLVMPositionBuilderAtEnd(b, t->entry);
  LLVMValueRef a = LLVMBuildAlloca(b, type, "");
  LLVMSetAlignment(a, align);
  LLVMDisposeBuilder(b);
  return a;
}

static LLVMValueRef rt_call(g2l *t, const char *name, LLVMValueRef *args, unsigned n) {
  LLVMTypeRef type = vtc_gir_rt_function_type(t->c, name);
  assert(type && "a runtime function missing from vtc_gir_rt_functions (runtime_abi.c)");
  return LLVMBuildCall2(t->b, type, vtc_gir_rt_declare(t->m, name), args, n, "");
}

/* ---- ops ------------------------------------------------------------------ */

bool g2l_block_ops(g2l *t, vtc_block *block, vtc_op **terminator) {
  vtc_op *term = vtc_block_terminator(block);
  if (terminator) *terminator = term;
  for (vtc_op *op = block->first; op; op = op->next) {
    if (op == term) break;
    if (!g2l_op(t, op)) return false;
  }
  return true;
}

static bool buffer_info(g2l *t, const vtc_type *type, vtc_gir_buffer_info *info) {
  return vtc_gir_buffer_info_of(t->ctx, type, info) && g2l_mem_type(t, info->elem);
}

LLVMValueRef g2l_where(g2l *t, vtc_op *op) {
  const vtc_loc *l = vtc_loc_file_of(op->loc);
  char *text = l ? vtc_format("%s:%u:%u: '%s'", l->name, l->line, l->col, op->name->name)
                 : vtc_format("'%s'", op->name->name);
  size_t n = strlen(text);
  LLVMValueRef init = LLVMConstStringInContext(t->c, text, (unsigned)n, 0);
  LLVMValueRef g = LLVMAddGlobal(t->m, LLVMTypeOf(init), "vtc.where");
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  free(text);
  return g;
}

LLVMValueRef g2l_string(g2l *t, const char *text) {
  LLVMValueRef init = LLVMConstStringInContext(t->c, text, (unsigned)strlen(text), 0);
  LLVMValueRef g = LLVMAddGlobal(t->m, LLVMTypeOf(init), "vtc.message");
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return g;
}

/* A global buffer in host code: vtc_rt_alloc_buffer checks the size (a
 * `?` bound at run time may make it overflow or not fit) and fails at the
 * op's location instead of returning NULL. It reads the dims at once, so
 * one array per function serves every allocation (one per allocation made
 * lstm-stack.paper's host function 11k stack slots). */
static LLVMValueRef global_alloc(g2l *t, vtc_op *op, const vtc_gir_buffer_info *info, LLVMValueRef *dims) {
  LLVMValueRef shape = LLVMConstNull(t->ptr);
  if (info->rank) {
    if (!t->alloc_dims) t->alloc_dims = g2l_entry_alloca(t, LLVMArrayType2(t->i64, VTC_GIR_MAX_RANK), 8);
    shape = t->alloc_dims;
    for (unsigned i = 0; i < info->rank; i++) {
      LLVMValueRef idx = g2l_i64(t, i);
      LLVMBuildStore(t->b, dims[i], LLVMBuildGEP2(t->b, t->i64, shape, &idx, 1, ""));
    }
  }
  LLVMValueRef args[] = {g2l_i64(t, g2l_elem_bytes(info->elem)), g2l_i64(t, info->rank), shape, g2l_where(t, op)};
  return rt_call(t, "vtc_rt_alloc_buffer", args, 4);
}

/* The most shared bytes a CPU group may ask for (all its buffers: the
 * verifier bounds each): beyond, vtc_rt_parallel_groups would abort. */
#define G2L_CPU_MAX_SHARED_BYTES VTC_GIR_MAX_CPU_SHARED_BYTES
/* The most units of a cooperative CPU group: each is a thread at once. */
#define G2L_CPU_MAX_GROUP_SIZE 256

/* A shared buffer of a CPU kernel: the next 64-byte aligned piece of the
 * team's cache buffer (one per group at a time, the runtime's). */
static bool cpu_shared_alloc(g2l *t, vtc_op *op, int64_t bytes, LLVMValueRef *ptr) {
  int64_t at = t->shared_bytes;
  if (bytes > G2L_CPU_MAX_SHARED_BYTES - at)
    return g2l_error(t, op, "the kernel's shared buffers need more than %lld bytes per group on the CPU",
                     (long long)G2L_CPU_MAX_SHARED_BYTES);
  t->shared_bytes = at + (bytes + 63) / 64 * 64;
  LLVMValueRef off = g2l_i64(t, at);
  *ptr = LLVMBuildGEP2(t->b, t->i8, t->shared_base, &off, 1, "shared");
  return true;
}

/* Host and kernel: gir.alloc (global: vtc_rt_alloc_buffer; shared: a piece of the
 * group's cache buffer on a CPU, a static shared array on a GPU), gir.free,
 * gir.dim. */
static bool buffer_op(g2l *t, vtc_op *op, bool *handled) {
  *handled = true;
  if (vtc_gir_is(op, "dim")) {
    g2l_value *buf = g2l_lookup(t, vtc_op_operand(op, 0));
    g2l_bind_scalar(t, vtc_op_result(op, 0), buf->dims[vtc_gir_dim_index(op)]);
    return true;
  }
  if (vtc_gir_is(op, "free")) {
    if (t->kernel) return g2l_error(t, op, "is host-only");
    LLVMValueRef p = g2l_lookup(t, vtc_op_operand(op, 0))->ptr;
    rt_call(t, "vtc_rt_free", &p, 1);
    g2l_host_drop(t, p);
    return true;
  }
  if (vtc_gir_is(op, "alloc")) {
    vtc_gir_buffer_info info;
    vtc_value *res = vtc_op_result(op, 0);
    if (!buffer_info(t, res->type, &info)) return g2l_error(t, op, "unsupported buffer type");
    g2l_value *lv = g2l_new_value(t, G2L_BUFFER);
    lv->rank = info.rank;
    LLVMTypeRef mt = g2l_mem_type(t, info.elem);
    unsigned next = 0;
    int64_t static_elems = 1;
    for (unsigned i = 0; i < info.rank; i++) {
      if (info.dims[i] == VTC_DYNAMIC) lv->dims[i] = g2l_scalar(t, vtc_op_operand(op, next++));
      else lv->dims[i] = g2l_i64(t, info.dims[i]), static_elems *= info.dims[i];
    }
    if (info.level == VTC_GIR_SHARED) {
      if (!t->kernel) return g2l_error(t, op, "a shared buffer outside a kernel");
      if (t->gpu) lv->ptr = g2l_gpu_shared_alloc(t, op, mt, (uint64_t)static_elems);
      else if (!cpu_shared_alloc(t, op, static_elems * g2l_elem_bytes(info.elem), &lv->ptr)) return false;
    } else {
      if (t->kernel) return g2l_error(t, op, "global buffers are allocated on the host only");
      lv->ptr = global_alloc(t, op, &info, lv->dims);
      g2l_host_own(t, lv->ptr);
    }
    g2l_bind(t, res, lv);
    return true;
  }
  *handled = false;
  return true;
}

static bool launch_op(g2l *t, vtc_op *op);
static bool call_op(g2l *t, vtc_op *op);

bool g2l_op(g2l *t, vtc_op *op) {
  bool handled = false;
  if (vtc_gir_is(op, "assert")) return g2l_assert_op(t, op);
  if (!g2l_scalar_op(t, op, &handled)) return false;
  if (handled) return true;
  if (!buffer_op(t, op, &handled)) return false;
  if (handled) return true;
  if (t->kernel) {
    if (!g2l_vortex_op(t, op, &handled)) return false;
    if (handled) return true;
    if (!g2l_kernel_op(t, op, &handled)) return false;
    if (handled) return true;
  } else if (vtc_gir_is(op, "launch")) {
    return launch_op(t, op);
  } else if (vtc_op_is_named(op, "func.call")) {
    return call_op(t, op);
  } else if (vtc_gir_is(op, "switch")) {
    return g2l_switch_op(t, op);
  }
  return g2l_error(t, op, "is not supported by the gir-to-llvm translation %s",
                   t->kernel ? "inside a CPU kernel" : "in host code");
}

/* ---- parameters --------------------------------------------------------- */

typedef VTC_VEC(LLVMTypeRef) type_vec;
typedef VTC_VEC(LLVMValueRef) value_vec;

/* Appends the LLVM parameters of one gir parameter type; false if unsupported. */
static bool lower_param_type(g2l *t, const vtc_type *type, type_vec *out) {
  vtc_gir_buffer_info info;
  if (vtc_gir_is_buffer(type)) {
    if (!buffer_info(t, type, &info) || info.level != VTC_GIR_GLOBAL) return false;
    VTC_VEC_PUSH(out, t->ptr);
    for (unsigned i = 0; i < info.rank; i++)
      if (info.dims[i] == VTC_DYNAMIC) VTC_VEC_PUSH(out, t->i64);
    return true;
  }
  LLVMTypeRef s = g2l_scalar_type(t, type);
  if (!s) return false;
  VTC_VEC_PUSH(out, s);
  return true;
}

/* Binds block argument `arg` from LLVM values args[*next...]. */
static void bind_param(g2l *t, vtc_value *arg, LLVMValueRef *args, unsigned *next) {
  vtc_gir_buffer_info info;
  if (vtc_gir_buffer_info_of(t->ctx, arg->type, &info)) {
    g2l_value *lv = g2l_new_value(t, G2L_BUFFER);
    lv->ptr = args[(*next)++];
    lv->rank = info.rank;
    for (unsigned i = 0; i < info.rank; i++)
      lv->dims[i] = info.dims[i] == VTC_DYNAMIC ? args[(*next)++] : g2l_i64(t, info.dims[i]);
    g2l_bind(t, arg, lv);
  } else {
    g2l_bind_scalar(t, arg, args[(*next)++]);
  }
}

/* The LLVM values that pass `v` (a buffer or scalar) as parameters. */
static void push_param_values(g2l *t, vtc_value *v, value_vec *out) {
  g2l_value *lv = g2l_lookup(t, v);
  if (lv->kind == G2L_BUFFER) {
    vtc_gir_buffer_info info;
    vtc_gir_buffer_info_of(t->ctx, v->type, &info);
    VTC_VEC_PUSH(out, lv->ptr);
    for (unsigned i = 0; i < info.rank; i++)
      if (info.dims[i] == VTC_DYNAMIC) VTC_VEC_PUSH(out, lv->dims[i]);
  } else {
    VTC_VEC_PUSH(out, lv->v);
  }
}

static LLVMValueRef add_function(g2l *t, const char *name, LLVMTypeRef ret, LLVMTypeRef *params, unsigned n,
                                 bool internal) {
  LLVMValueRef fn = LLVMAddFunction(t->m, name, LLVMFunctionType(ret, params, n, 0));
  if (internal) LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(t->c, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
  const vtc_gir_to_llvm_options *o = t->opts;
  if (o->target && o->target->prepare_function) o->target->prepare_function(fn, o->cpu, o->features);
  return fn;
}

static void add_fn_attr(g2l *t, LLVMValueRef fn, const char *name) {
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(t->c, LLVMGetEnumAttributeKindForName(name, strlen(name)), 0));
}

static void begin_function(g2l *t, LLVMValueRef fn) {
  t->fn = fn;
  t->alloc_dims = NULL;
  t->entry = LLVMAppendBasicBlockInContext(t->c, fn, "entry");
  LLVMPositionBuilderAtEnd(t->b, t->entry);
}

/* ---- kernels ------------------------------------------------------------- */

static char *concat(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 1;
  char *s = vtc_xmalloc(n);
  snprintf(s, n, "%s%s", a, b);
  return s;
}

/* The kernel's body in the current function: its parameters bound from
 * args[first...], its ops translated, then `ret void`. */
static bool kernel_body(g2l *t, vtc_op *k, LLVMValueRef *args, unsigned first) {
  vtc_block *body = vtc_gir_kernel_body(k);
  for (unsigned i = 0; i < body->num_args; i++) bind_param(t, body->args[i], args, &first);
  bool ok = g2l_kernel_body_ops(t, body);
  if (ok) LLVMBuildRetVoid(t->b);
  t->kernel = NULL;
  t->device_state = t->phase = NULL;
  return ok;
}

/* Whether the units of a CPU kernel's group must run at once: it has shared
 * buffers or block barriers (gir_to_llvm.h, "cooperative kernels"). */
static vtc_walk_result find_cooperation(vtc_op *op, void *found) {
  bool shared = false;
  if (vtc_gir_is(op, "alloc")) {
    vtc_gir_buffer_info info;
    shared = vtc_gir_buffer_info_of(vtc_op_context(op), vtc_op_result(op, 0)->type, &info) &&
             info.level == VTC_GIR_SHARED;
  }
  if (shared || (vtc_gir_is(op, "sync") && op->num_results == 0 && vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_BLOCK)) {
    *(bool *)found = true;
    return VTC_WALK_INTERRUPT;
  }
  return VTC_WALK_ADVANCE;
}

static bool kernel_is_cooperative(vtc_op *k) {
  bool found = false;
  vtc_op_walk(k, true, find_cooperation, &found);
  return found;
}

/* The unit function: the kernel body for one unit. A cooperative kernel's
 * takes its team's cache buffer and barrier after the three indices. */
static LLVMValueRef kernel_unit(g2l *t, vtc_op *k, type_vec *params) {
  const char *name = vtc_gir_kernel_name(k);
  char *uname = concat(name, ".unit");
  bool device = t->device_split.barriers > 0;
  unsigned first = (t->cooperative ? 5 : 3) + (device ? 2 : 0);
  type_vec all = {0};
  for (int i = 0; i < 3; i++) VTC_VEC_PUSH(&all, t->i64);
  for (int i = 0; t->cooperative && i < 2; i++) VTC_VEC_PUSH(&all, t->ptr);
  if (device) {
    VTC_VEC_PUSH(&all, t->ptr);
    VTC_VEC_PUSH(&all, t->i64);
  }
  for (size_t i = 0; i < params->len; i++) VTC_VEC_PUSH(&all, params->data[i]);
  LLVMValueRef fn = add_function(t, uname, t->vd, all.data, (unsigned)all.len, true);
  add_fn_attr(t, fn, "alwaysinline");
  free(uname);
  VTC_VEC_FREE(&all);
  begin_function(t, fn);
  t->kernel = k;
  t->group_size = vtc_gir_kernel_group_size(k);
  t->group = LLVMGetParam(fn, 0);
  t->unit_in_group = LLVMGetParam(fn, 1);
  t->groups = LLVMGetParam(fn, 2);
  LLVMSetValueName2(t->group, "group", 5);
  LLVMSetValueName2(t->unit_in_group, "unit_in_group", 13);
  LLVMSetValueName2(t->groups, "groups", 6);
  if (t->cooperative) {
    t->shared_base = LLVMGetParam(fn, 3);
    t->barrier = LLVMGetParam(fn, 4);
    LLVMSetValueName2(t->shared_base, "shared", 6);
    LLVMSetValueName2(t->barrier, "barrier", 7);
  }
  if (device) {
    t->device_state = LLVMGetParam(fn, first - 2);
    t->phase = LLVMGetParam(fn, first - 1);
    LLVMSetValueName2(t->device_state, "device_barrier", 14);
    LLVMSetValueName2(t->phase, "phase", 5);
  }
  LLVMValueRef *args = vtc_xmalloc((LLVMCountParams(fn) + 1) * sizeof *args);
  LLVMGetParams(fn, args);
  bool ok = kernel_body(t, k, args, first);
  free(args);
  return ok ? fn : NULL;
}

/* chunk(c, record): groups [c*G/C, (c+1)*G/C), each unit of each group. */
static LLVMValueRef kernel_chunk(g2l *t, vtc_op *k, LLVMValueRef unit, LLVMTypeRef record, type_vec *params) {
  char *cname = concat(vtc_gir_kernel_name(k), ".chunk");
  LLVMTypeRef ps[] = {t->i64, t->ptr};
  LLVMValueRef fn = add_function(t, cname, t->vd, ps, 2, true);
  free(cname);
  begin_function(t, fn);
  LLVMValueRef c = LLVMGetParam(fn, 0), rec = LLVMGetParam(fn, 1);
  LLVMValueRef *vals = vtc_xmalloc((params->len + 3) * sizeof *vals);
  LLVMValueRef groups = LLVMBuildLoad2(t->b, t->i64, LLVMBuildStructGEP2(t->b, record, rec, 0, ""), "groups");
  LLVMValueRef chunks = LLVMBuildLoad2(t->b, t->i64, LLVMBuildStructGEP2(t->b, record, rec, 1, ""), "chunks");
  for (size_t i = 0; i < params->len; i++)
    vals[3 + i] = LLVMBuildLoad2(t->b, params->data[i], LLVMBuildStructGEP2(t->b, record, rec, (unsigned)i + 2, ""), "");
  LLVMValueRef begin = LLVMBuildSDiv(t->b, LLVMBuildMul(t->b, c, groups, ""), chunks, "begin");
  LLVMValueRef c1 = LLVMBuildAdd(t->b, c, g2l_i64(t, 1), "");
  LLVMValueRef end = LLVMBuildSDiv(t->b, LLVMBuildMul(t->b, c1, groups, ""), chunks, "end");
  int64_t gs = vtc_gir_kernel_group_size(k);
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(t->c, fn, "groups");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(t->c, fn, "exit");
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, begin, end, ""), loop, exit);
  LLVMPositionBuilderAtEnd(t->b, loop);
  LLVMValueRef g = LLVMBuildPhi(t->b, t->i64, "group");
  LLVMValueRef u = NULL;
  LLVMBasicBlockRef uloop = loop;
  if (gs > 1) {
    uloop = LLVMAppendBasicBlockInContext(t->c, fn, "units");
    LLVMBuildBr(t->b, uloop);
    LLVMPositionBuilderAtEnd(t->b, uloop);
    u = LLVMBuildPhi(t->b, t->i64, "unit_in_group");
  }
  vals[0] = g;
  vals[1] = u ? u : g2l_i64(t, 0);
  vals[2] = groups;
  LLVMBuildCall2(t->b, LLVMGlobalGetValueType(unit), unit, vals, (unsigned)params->len + 3, "");
  if (gs > 1) {
    LLVMValueRef un = LLVMBuildAdd(t->b, u, g2l_i64(t, 1), "");
    LLVMBasicBlockRef ulatch = LLVMGetInsertBlock(t->b);
    LLVMBasicBlockRef gl = LLVMAppendBasicBlockInContext(t->c, fn, "next_group");
    LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, un, g2l_i64(t, gs), ""), uloop, gl);
    LLVMValueRef uin[] = {g2l_i64(t, 0), un};
    LLVMBasicBlockRef ublk[] = {loop, ulatch};
    LLVMAddIncoming(u, uin, ublk, 2);
    LLVMPositionBuilderAtEnd(t->b, gl);
  }
  LLVMValueRef gn = LLVMBuildAdd(t->b, g, g2l_i64(t, 1), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(t->b);
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, gn, end, ""), loop, exit);
  LLVMValueRef gin[] = {begin, gn};
  LLVMBasicBlockRef gblk[] = {t->entry, latch};
  LLVMAddIncoming(g, gin, gblk, 2);
  LLVMPositionBuilderAtEnd(t->b, exit);
  LLVMBuildRetVoid(t->b);
  free(vals);
  return fn;
}

/* A cooperative kernel's group body: group(g, u, shared, barrier, record)
 * runs unit u of group g (vtc_rt_parallel_groups calls it on the thread
 * of that unit). */
static LLVMValueRef kernel_group(g2l *t, vtc_op *k, LLVMValueRef unit, LLVMTypeRef record, type_vec *params) {
  char *gname = concat(vtc_gir_kernel_name(k), ".group");
  /* A kernel with device barriers also takes the device barrier and the
   * phase (vtc_rt_parallel_device). */
  unsigned extra = t->device_split.barriers ? 2 : 0, first = 5 + extra;
  LLVMTypeRef ps[] = {t->i64, t->i64, t->ptr, t->ptr, t->ptr, t->ptr, t->i64};
  LLVMValueRef fn = add_function(t, gname, t->vd, ps, 5 + extra, true);
  free(gname);
  begin_function(t, fn);
  LLVMValueRef rec = LLVMGetParam(fn, 4);
  LLVMValueRef *vals = vtc_xmalloc((params->len + first) * sizeof *vals);
  vals[0] = LLVMGetParam(fn, 0);
  vals[1] = LLVMGetParam(fn, 1);
  vals[2] = LLVMBuildLoad2(t->b, t->i64, LLVMBuildStructGEP2(t->b, record, rec, 0, ""), "groups");
  vals[3] = LLVMGetParam(fn, 2);
  vals[4] = LLVMGetParam(fn, 3);
  if (extra) {
    vals[5] = LLVMGetParam(fn, 5);
    vals[6] = LLVMGetParam(fn, 6);
  }
  for (size_t i = 0; i < params->len; i++)
    vals[first + i] = LLVMBuildLoad2(t->b, params->data[i], LLVMBuildStructGEP2(t->b, record, rec, (unsigned)i + 2, ""), "");
  LLVMBuildCall2(t->b, LLVMGlobalGetValueType(unit), unit, vals, (unsigned)params->len + first, "");
  LLVMBuildRetVoid(t->b);
  free(vals);
  return fn;
}

/* The driver's record: {groups, second, params...} in the stack slot rec. */
static void fill_record(g2l *t, LLVMTypeRef record, LLVMValueRef rec, LLVMValueRef fn, LLVMValueRef second,
                        size_t num_params) {
  LLVMBuildStore(t->b, LLVMGetParam(fn, 0), LLVMBuildStructGEP2(t->b, record, rec, 0, ""));
  LLVMBuildStore(t->b, second, LLVMBuildStructGEP2(t->b, record, rec, 1, ""));
  for (size_t i = 0; i < num_params; i++)
    LLVMBuildStore(t->b, LLVMGetParam(fn, (unsigned)i + 1), LLVMBuildStructGEP2(t->b, record, rec, (unsigned)i + 2, ""));
}

/* The driver: void k(i64 groups, params...). `body` is the chunk function,
 * run over vtc_rt_parallel_for on min(groups, threads) chunks (the
 * record's second field), or for a cooperative kernel the group function,
 * run over vtc_rt_parallel_groups (the second field is the group size). */
static void kernel_driver(g2l *t, vtc_op *k, LLVMValueRef body, LLVMTypeRef record, type_vec *params) {
  type_vec all = {0};
  VTC_VEC_PUSH(&all, t->i64);
  for (size_t i = 0; i < params->len; i++) VTC_VEC_PUSH(&all, params->data[i]);
  LLVMValueRef fn = add_function(t, vtc_gir_kernel_name(k), t->vd, all.data, (unsigned)all.len, false);
  VTC_VEC_FREE(&all);
  begin_function(t, fn);
  LLVMValueRef groups = LLVMGetParam(fn, 0);
  LLVMSetValueName2(groups, "groups", 6);
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(t->c, fn, "run");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(t->c, fn, "exit");
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSGT, groups, g2l_i64(t, 0), ""), run, exit);
  LLVMPositionBuilderAtEnd(t->b, run);
  LLVMValueRef rec = g2l_entry_alloca(t, record, 8);
  if (t->device_split.barriers) {
    LLVMValueRef gs = g2l_i64(t, vtc_gir_kernel_group_size(k));
    fill_record(t, record, rec, fn, gs, params->len);
    LLVMValueRef args[] = {body, groups, gs, g2l_i64(t, t->shared_bytes), g2l_i64(t, t->device_split.phases), rec};
    rt_call(t, "vtc_rt_parallel_device", args, 6);
  } else if (t->cooperative) {
    LLVMValueRef gs = g2l_i64(t, vtc_gir_kernel_group_size(k));
    fill_record(t, record, rec, fn, gs, params->len);
    LLVMValueRef args[] = {body, groups, gs, g2l_i64(t, t->shared_bytes), rec};
    rt_call(t, "vtc_rt_parallel_groups", args, 5);
  } else {
    LLVMValueRef threads = LLVMBuildSExt(t->b, rt_call(t, "vtc_rt_num_threads", NULL, 0), t->i64, "threads");
    threads = LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, threads, g2l_i64(t, 1), ""), g2l_i64(t, 1),
                              threads, "");
    LLVMValueRef chunks =
        LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, groups, threads, ""), groups, threads, "chunks");
    fill_record(t, record, rec, fn, chunks, params->len);
    LLVMValueRef args[] = {body, chunks, rec};
    rt_call(t, "vtc_rt_parallel_for", args, 3);
  }
  LLVMBuildBr(t->b, exit);
  LLVMPositionBuilderAtEnd(t->b, exit);
  LLVMBuildRetVoid(t->b);
}

/* The GPU mapping: one PTX entry whose body is the unit's, ids from the
 * special registers (unit = warp of tid.x / 32, group = ctaid.x). */
static bool gpu_kernel(g2l *t, vtc_op *k, type_vec *params) {
  /* i1 parameters travel as bytes: the driver copies kernel parameters by
   * their PTX size, and a .pred parameter does not exist. */
  bool *was_i1 = vtc_xcalloc(params->len + 1, sizeof *was_i1);
  for (size_t i = 0; i < params->len; i++)
    if ((was_i1[i] = params->data[i] == t->i1)) params->data[i] = t->i8;
  /* Device barriers: the barrier state and the phase come last (gir_to_llvm.h). */
  size_t own = params->len;
  if (t->device_split.barriers) {
    VTC_VEC_PUSH(params, t->ptr);
    VTC_VEC_PUSH(params, t->i32);
  }
  LLVMValueRef fn = add_function(t, vtc_gir_kernel_name(k), t->vd, params->data, (unsigned)params->len, false);
  int64_t gs = vtc_gir_kernel_group_size(k);
  const vtc_target *target = t->opts->target;
  target->mark_kernel(fn, (unsigned)(gs * t->warp), (unsigned)vtc_gir_kernel_occupancy(k));
  begin_function(t, fn);
  t->kernel = k;
  t->group_size = gs;
  unsigned warp_shift = 0; /* the warp size is a power of two */
  while ((1u << warp_shift) < t->warp) warp_shift++;
  LLVMValueRef tid = target->special_reg(t->b, t->m, VTC_SREG_THREAD_ID);
  t->lane = LLVMBuildAnd(t->b, tid, LLVMConstInt(t->i32, t->warp - 1, 0), "lane");
  t->unit_in_group = LLVMBuildZExt(t->b, LLVMBuildLShr(t->b, tid, LLVMConstInt(t->i32, warp_shift, 0), ""), t->i64,
                                   "unit_in_group");
  t->group = LLVMBuildZExt(t->b, target->special_reg(t->b, t->m, VTC_SREG_BLOCK_ID), t->i64, "group");
  t->groups = LLVMBuildZExt(t->b, target->special_reg(t->b, t->m, VTC_SREG_NUM_BLOCKS), t->i64, "groups");
  LLVMValueRef *args = vtc_xmalloc((LLVMCountParams(fn) + 1) * sizeof *args);
  LLVMGetParams(fn, args);
  for (unsigned i = 0; i < own; i++)
    if (was_i1[i]) args[i] = LLVMBuildTrunc(t->b, args[i], t->i1, "");
  free(was_i1);
  if (t->device_split.barriers) {
    t->device_state = args[own];
    t->phase = args[own + 1];
    LLVMSetValueName2(t->device_state, "device_barrier", 14);
    LLVMSetValueName2(t->phase, "phase", 5);
  }
  bool ok = g2l_gpu_shared_begin(t, k) && kernel_body(t, k, args, 0);
  g2l_gpu_shared_end(t);
  free(args);
  return ok;
}

static bool translate_kernel(g2l *t, vtc_op *k) {
  bool gpu = vtc_gir_kernel_hierarchy(k) == VTC_GIR_HIER_GPU;
  if (gpu != t->gpu)
    return g2l_error(t, k, "'%s' is a %s kernel: the translation for %s needs `parallel %s`", vtc_gir_kernel_name(k),
                     gpu ? "GPU" : "CPU", t->gpu ? "NVPTX" : "the CPU", t->gpu ? "gpu" : "cpu");
  const vtc_type *ft = vtc_gir_kernel_type(k);
  type_vec params = {0};
  bool ok = true;
  for (unsigned i = 0; ok && i < ft->num_inputs; i++) {
    ok = lower_param_type(t, vtc_function_input(ft, i), &params);
    if (!ok) g2l_error(t, k, "parameter %u has a type the CPU translation does not support", i);
  }
  g2l_device_begin(t, k);
  if (ok && t->gpu) {
    ok = gpu_kernel(t, k, &params);
    VTC_VEC_FREE(&params);
    return ok;
  }
  /* A device barrier needs every unit at once: teams, as for block barriers. */
  t->cooperative = kernel_is_cooperative(k) || t->device_split.barriers > 0;
  t->shared_bytes = 0;
  if (ok && t->cooperative && vtc_gir_kernel_group_size(k) > G2L_CPU_MAX_GROUP_SIZE)
    ok = g2l_error(t, k, "a CPU group with shared buffers or block barriers runs its %lld units on as many threads "
                         "at once: at most %d", (long long)vtc_gir_kernel_group_size(k), G2L_CPU_MAX_GROUP_SIZE);
  LLVMValueRef unit = ok ? kernel_unit(t, k, &params) : NULL;
  if (unit) {
    type_vec fields = {0};
    VTC_VEC_PUSH(&fields, t->i64);
    VTC_VEC_PUSH(&fields, t->i64);
    for (size_t i = 0; i < params.len; i++) VTC_VEC_PUSH(&fields, params.data[i]);
    LLVMTypeRef record = LLVMStructTypeInContext(t->c, fields.data, (unsigned)fields.len, 0);
    VTC_VEC_FREE(&fields);
    LLVMValueRef body = t->cooperative ? kernel_group(t, k, unit, record, &params) : kernel_chunk(t, k, unit, record, &params);
    kernel_driver(t, k, body, record, &params);
  }
  VTC_VEC_FREE(&params);
  return unit != NULL;
}

/* ---- host functions ---------------------------------------------------------- */

/* Host code is glue between kernels: the kernels' time is what matters, and
 * O3 on a host function of thousands of launches (lstm-stack.paper: 5253
 * calls in one function) spends most of a JIT's time in register
 * allocation and MemorySSA for nothing. Above this many launches the host
 * function is `optnone noinline` (LLVM's O0 path for it alone). */
enum { kMaxOptimizedHostLaunches = 256 };

static size_t count_launches(vtc_block *b) {
  size_t n = 0;
  for (vtc_op *op = b->first; op; op = op->next) {
    n += vtc_gir_is(op, "launch");
    for (unsigned r = 0; r < op->num_regions; r++)
      for (vtc_block *inner = op->regions[r].first; inner; inner = inner->next) n += count_launches(inner);
  }
  return n;
}

static bool launch_op(g2l *t, vtc_op *op) {
  vtc_op *k = vtc_gir_launch_lookup_kernel(op);
  if (!k) return g2l_error(t, op, "names no gir.kernel");
  LLVMValueRef fn = LLVMGetNamedFunction(t->m, vtc_gir_kernel_name(k));
  if (!fn) return g2l_error(t, op, "kernel '%s' was not translated", vtc_gir_kernel_name(k));
  value_vec args = {0};
  LLVMValueRef groups = g2l_scalar(t, vtc_gir_launch_groups(op));
  /* A negative group count (hand-written host code) would launch nothing
   * and leave the results unwritten: a run-time error at the launch. */
  if (!LLVMIsAConstantInt(groups) || LLVMConstIntGetSExtValue(groups) < 0) {
    LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(t->c, t->fn, "launch.fail");
    LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(t->c, t->fn, "launch.ok");
    LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, groups, g2l_i64(t, 0), ""), fail, cont);
    LLVMPositionBuilderAtEnd(t->b, fail);
    LLVMValueRef eargs[] = {g2l_where(t, op), g2l_string(t, "a launch has 0 or more groups, not a negative count")};
    rt_call(t, "vtc_rt_host_error", eargs, 2);
    LLVMBuildBr(t->b, cont);
    LLVMPositionBuilderAtEnd(t->b, cont);
  }
  VTC_VEC_PUSH(&args, groups);
  for (unsigned i = 0; i < vtc_gir_launch_num_args(op); i++) push_param_values(t, vtc_gir_launch_arg(op, i), &args);
  LLVMBuildCall2(t->b, LLVMGlobalGetValueType(fn), fn, args.data, (unsigned)args.len, "");
  VTC_VEC_FREE(&args);
  g2l_check_after_launch(t, k);
  return true;
}

int vtc_gir_entry_params(const vtc_op *func, vtc_gir_param *params, int max) {
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft) return -1;
  vtc_context *ctx = vtc_op_context(func);
  int n = 0;
#define PUSH(K, A, D)                                                                                   \
  do {                                                                                                  \
    if (n < max) params[n] = (vtc_gir_param){(K), (A), (D)};                                            \
    n++;                                                                                                \
  } while (0)
  for (unsigned i = 0; i < ft->num_inputs; i++) {
    const vtc_type *ty = vtc_function_input(ft, i);
    vtc_gir_buffer_info info;
    if (vtc_gir_buffer_info_of(ctx, ty, &info)) {
      if (info.level != VTC_GIR_GLOBAL) return -1;
      PUSH(VTC_GIR_PARAM_DATA, i, 0);
      for (unsigned d = 0; d < info.rank; d++)
        if (info.dims[d] == VTC_DYNAMIC) PUSH(VTC_GIR_PARAM_DIM, i, d);
    } else if (vtc_type_bit_width(ty) && ty->kind != VTC_TYPE_TENSOR) {
      PUSH(VTC_GIR_PARAM_SCALAR, i, 0);
    } else {
      return -1;
    }
  }
  for (unsigned i = 0; i < ft->num_results; i++) PUSH(VTC_GIR_PARAM_RESULT, i, 0);
#undef PUSH
  return n;
}

/* The LLVM function of host function `func` under the entry convention,
 * declared on first use (by its definition or a func.call); NULL after a
 * diagnostic when a type is not supported. */
static LLVMValueRef host_decl(g2l *t, vtc_op *func) {
  const vtc_type *ft = vtc_func_get_type(func);
  const char *name = vtc_symbol_name(func);
  LLVMValueRef fn = LLVMGetNamedFunction(t->m, name);
  if (fn) return fn;
  type_vec params = {0};
  for (unsigned i = 0; i < ft->num_inputs; i++) {
    if (!lower_param_type(t, vtc_function_input(ft, i), &params)) {
      VTC_VEC_FREE(&params);
      g2l_error(t, func, "argument %u of '%s' has a type the CPU translation does not support", i, name);
      return NULL;
    }
  }
  for (unsigned i = 0; i < ft->num_results; i++) {
    const vtc_type *rt = vtc_function_result(ft, i);
    vtc_gir_buffer_info info;
    bool ok = vtc_gir_buffer_info_of(t->ctx, rt, &info) ? info.level == VTC_GIR_GLOBAL && buffer_info(t, rt, &info)
                                                        : g2l_scalar_type(t, rt) != NULL;
    if (!ok) {
      VTC_VEC_FREE(&params);
      g2l_error(t, func, "result %u of '%s' has a type the CPU translation does not support", i, name);
      return NULL;
    }
    VTC_VEC_PUSH(&params, t->ptr);
  }
  fn = add_function(t, name, t->vd, params.data, (unsigned)params.len, false);
  VTC_VEC_FREE(&params);
  return fn;
}

/* func.call between host functions, through the entry convention: result
 * records are stack slots of the caller. */
static bool call_op(g2l *t, vtc_op *op) {
  const vtc_attr *callee_ref = vtc_op_get_attr(op, "callee");
  vtc_op *callee = callee_ref ? vtc_symbol_lookup_from(op, callee_ref) : NULL;
  if (!callee || !vtc_op_is_named(callee, "func.func")) return g2l_error(t, op, "does not name a func.func");
  LLVMValueRef fn = host_decl(t, callee);
  if (!fn) return false;
  value_vec args = {0};
  for (unsigned i = 0; i < op->num_operands; i++) push_param_values(t, vtc_op_operand(op, i), &args);
  LLVMValueRef *recs = vtc_xcalloc(op->num_results + 1, sizeof *recs);
  for (unsigned i = 0; i < op->num_results; i++) {
    vtc_gir_buffer_info info;
    const vtc_type *rt = vtc_op_result(op, i)->type;
    LLVMTypeRef slot = vtc_gir_buffer_info_of(t->ctx, rt, &info) ? LLVMArrayType2(t->i64, 1 + info.rank)
                                                                 : g2l_scalar_type(t, rt);
    recs[i] = g2l_entry_alloca(t, slot, 8);
    VTC_VEC_PUSH(&args, recs[i]);
  }
  LLVMBuildCall2(t->b, LLVMGlobalGetValueType(fn), fn, args.data, (unsigned)args.len, "");
  g2l_check_after_call(t); /* a failed callee wrote no results */
  for (unsigned i = 0; i < op->num_results; i++) {
    vtc_value *res = vtc_op_result(op, i);
    vtc_gir_buffer_info info;
    if (vtc_gir_buffer_info_of(t->ctx, res->type, &info)) {
      g2l_value *lv = g2l_new_value(t, G2L_BUFFER);
      lv->rank = info.rank;
      lv->ptr = LLVMBuildLoad2(t->b, t->ptr, recs[i], "");
      g2l_host_own(t, lv->ptr);
      for (unsigned d = 0; d < info.rank; d++) {
        LLVMValueRef idx = g2l_i64(t, d + 1);
        lv->dims[d] = info.dims[d] == VTC_DYNAMIC
                          ? LLVMBuildLoad2(t->b, t->i64, LLVMBuildGEP2(t->b, t->i64, recs[i], &idx, 1, ""), "")
                          : g2l_i64(t, info.dims[d]);
      }
      g2l_bind(t, res, lv);
    } else {
      g2l_bind_scalar(t, res, LLVMBuildLoad2(t->b, g2l_scalar_type(t, res->type), recs[i], ""));
    }
  }
  free(recs);
  VTC_VEC_FREE(&args);
  return true;
}

static bool translate_host(g2l *t, vtc_op *func) {
  const char *name = vtc_symbol_name(func);
  vtc_region *r = vtc_op_region(func, 0);
  if (!r->first) return true; /* a declaration: nothing to emit */
  if (r->first != r->last) return g2l_error(t, func, "'%s' has more than one block: not supported", name);
  if (!vtc_gir_check_host_buffers(func)) {
    t->failed = true;
    return false;
  }
  LLVMValueRef fn = host_decl(t, func);
  if (!fn) return false;
  if (LLVMGetFirstBasicBlock(fn)) return g2l_error(t, func, "'%s' is defined twice", name);
  if (count_launches(r->first) > kMaxOptimizedHostLaunches) { /* glue: not worth O3's time */
    add_fn_attr(t, fn, "noinline");
    add_fn_attr(t, fn, "optnone");
  }
  begin_function(t, fn);
  t->host_owned.len = 0;
  LLVMValueRef *args = vtc_xmalloc((LLVMCountParams(fn) + 1) * sizeof *args);
  LLVMGetParams(fn, args);
  unsigned next = 0;
  vtc_block *body = r->first;
  for (unsigned i = 0; i < body->num_args; i++) bind_param(t, body->args[i], args, &next);
  vtc_op *ret = NULL;
  bool ok = g2l_block_ops(t, body, &ret);
  if (ok && (!ret || !vtc_op_is_named(ret, "func.return"))) ok = g2l_error(t, func, "body must end with func.return");
  for (unsigned i = 0; ok && i < ret->num_operands; i++) {
    vtc_value *v = vtc_op_operand(ret, i);
    g2l_value *lv = g2l_lookup(t, v);
    LLVMValueRef out = args[next + i];
    if (lv->kind == G2L_BUFFER) {
      LLVMBuildStore(t->b, lv->ptr, out);
      for (unsigned d = 0; d < lv->rank; d++) {
        LLVMValueRef idx = g2l_i64(t, d + 1);
        LLVMBuildStore(t->b, lv->dims[d], LLVMBuildGEP2(t->b, t->i64, out, &idx, 1, ""));
      }
    } else if (lv->kind == G2L_SCALAR) {
      LLVMBuildStore(t->b, lv->v, out);
    } else {
      ok = g2l_error(t, ret, "result %u is neither a buffer nor a scalar", i);
    }
  }
  if (ok) LLVMBuildRetVoid(t->b);
  free(args);
  return ok;
}

/* ---- the module ---------------------------------------------------------------- */

vtc_gir_to_llvm_options vtc_gir_to_llvm_default_options(void) {
  return (vtc_gir_to_llvm_options){.target = NULL, .cpu = NULL, .features = NULL, .fast_math_functions = true};
}

LLVMModuleRef vtc_gir_to_llvm(vtc_op *module, LLVMContextRef llctx, const char *name,
                              const vtc_gir_to_llvm_options *opts) {
  vtc_gir_to_llvm_options defaults = vtc_gir_to_llvm_default_options();
  g2l t = {0};
  t.ctx = vtc_op_context(module);
  t.module = module;
  t.opts = opts ? opts : &defaults;
  t.c = llctx;
  t.m = LLVMModuleCreateWithNameInContext(name ? name : "vtc", llctx);
  t.b = LLVMCreateBuilderInContext(llctx);
  t.i1 = LLVMInt1TypeInContext(llctx);
  t.i8 = LLVMInt8TypeInContext(llctx);
  t.i32 = LLVMInt32TypeInContext(llctx);
  t.i64 = LLVMInt64TypeInContext(llctx);
  t.ptr = LLVMPointerTypeInContext(llctx, 0);
  t.vd = LLVMVoidTypeInContext(llctx);
  t.warp = t.opts->target ? (unsigned)t.opts->target->warp_size : 0;
  /* AVX512-BF16 with VL: LLVM lowers a 128/256-bit fptrunc to bfloat
   * without VL to a libcall per element (__truncsfbf2). */
  t.cpu_bf16 = !t.warp && t.opts->features && strstr(t.opts->features, "+avx512bf16") &&
               strstr(t.opts->features, "+avx512vl");
  t.gpu = t.warp > 0;
  g2l_checks_init(&t);
  vtc_block *top = vtc_op_region(module, 0)->first;
  /* Kernels first, so launches find their drivers. */
  for (vtc_op *op = top ? top->first : NULL; op && !t.failed; op = op->next)
    if (vtc_gir_is(op, "kernel")) translate_kernel(&t, op);
  for (vtc_op *op = top ? top->first : NULL; op && !t.failed; op = op->next) {
    if (vtc_gir_is(op, "kernel")) continue;
    if (vtc_op_is_named(op, "func.func")) {
      if (!t.gpu) translate_host(&t, op); /* on a GPU the runtime runs host code */
    }
    else g2l_error(&t, op, "is not supported at the top level of a module translated to LLVM");
  }
  LLVMDisposeBuilder(t.b);
  for (size_t i = 0; i < t.pool.len; i++) {
    free(t.pool.data[i]->segs);
    free(t.pool.data[i]);
  }
  VTC_VEC_FREE(&t.pool);
  vtc_ptrmap_free(&t.values);
  vtc_ptrmap_free(&t.recomputed);
  vtc_ptrmap_free(&t.replicated);
  g2l_checks_free(&t);
  if (t.failed) {
    LLVMDisposeModule(t.m);
    return NULL;
  }
  return t.m;
}
