/* The CPU JIT end to end: modules built with the LLVM C API, optimised at O3,
 * JIT-compiled with ORC, called through libffi and checked against C; the
 * runtime's parallel_for called from JIT'd code; emission for an explicit
 * AVX-512 CPU (zmm registers); LLVM errors as messages. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "lowering/gir-to-llvm/gir_to_llvm.h"
#include "runtime/ffi_call.h"
#include "runtime/jit.h"
#include "runtime/rt_alloc.h"
#include "runtime/thread_pool.h"
#include "targets/target.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"

/* void saxpy(float *noalias y, const float *noalias x, float a, i64 n):
 * y[i] = a * x[i] + y[i]. A plain counted loop the vectoriser must handle. */
static LLVMValueRef build_saxpy(LLVMModuleRef m) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0), f32 = LLVMFloatTypeInContext(c);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c);
  LLVMTypeRef params[] = {ptr, ptr, f32, i64};
  LLVMValueRef fn = LLVMAddFunction(m, "saxpy", LLVMFunctionType(LLVMVoidTypeInContext(c), params, 4, 0));
  unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  LLVMAddAttributeAtIndex(fn, 1, LLVMCreateEnumAttribute(c, noalias, 0));
  LLVMAddAttributeAtIndex(fn, 2, LLVMCreateEnumAttribute(c, noalias, 0));
  LLVMValueRef y = LLVMGetParam(fn, 0), x = LLVMGetParam(fn, 1), a = LLVMGetParam(fn, 2);
  LLVMValueRef n = LLVMGetParam(fn, 3);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c, fn, "entry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(c, fn, "loop");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(c, fn, "exit");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSGT, n, zero, "nonempty"), loop, exit);
  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef i = LLVMBuildPhi(b, i64, "i");
  LLVMValueRef xp = LLVMBuildGEP2(b, f32, x, &i, 1, "xp");
  LLVMValueRef yp = LLVMBuildGEP2(b, f32, y, &i, 1, "yp");
  LLVMValueRef xv = LLVMBuildLoad2(b, f32, xp, "xv"), yv = LLVMBuildLoad2(b, f32, yp, "yv");
  LLVMValueRef r = LLVMBuildFAdd(b, LLVMBuildFMul(b, a, xv, "ax"), yv, "r");
  LLVMBuildStore(b, r, yp);
  LLVMValueRef next = LLVMBuildNSWAdd(b, i, LLVMConstInt(i64, 1, 0), "next");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, next, n, "more"), loop, exit);
  LLVMValueRef inc_vals[] = {zero, next};
  LLVMBasicBlockRef inc_blocks[] = {entry, loop};
  LLVMAddIncoming(i, inc_vals, inc_blocks, 2);
  LLVMPositionBuilderAtEnd(b, exit);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return fn;
}

/* void body(i64 i, ptr out) { out[i] = 3 * i + 1 }   (i64 elements)
 * void fill(ptr out, i64 n) { vtc_rt_parallel_for(body, n, out) } */
static void build_parallel_fill(LLVMModuleRef m) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0), i64 = LLVMInt64TypeInContext(c);
  LLVMTypeRef vd = LLVMVoidTypeInContext(c);
  LLVMTypeRef body_params[] = {i64, ptr};
  LLVMValueRef body = LLVMAddFunction(m, "fill_body", LLVMFunctionType(vd, body_params, 2, 0));
  LLVMSetLinkage(body, LLVMInternalLinkage);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, body, "entry"));
  LLVMValueRef i = LLVMGetParam(body, 0);
  LLVMValueRef v = LLVMBuildAdd(b, LLVMBuildMul(b, i, LLVMConstInt(i64, 3, 0), ""), LLVMConstInt(i64, 1, 0), "v");
  LLVMBuildStore(b, v, LLVMBuildGEP2(b, i64, LLVMGetParam(body, 1), &i, 1, "p"));
  LLVMBuildRetVoid(b);

  LLVMTypeRef rt_type = vtc_gir_rt_function_type(c, "vtc_rt_parallel_for");
  LLVMValueRef rt = vtc_gir_rt_declare(m, "vtc_rt_parallel_for");
  CHECK(vtc_gir_rt_declare(m, "vtc_rt_parallel_for") == rt);
  CHECK(vtc_gir_rt_declare(m, "vtc_rt_no_such") == NULL);
  LLVMTypeRef fill_params[] = {ptr, i64};
  LLVMValueRef fill = LLVMAddFunction(m, "fill", LLVMFunctionType(vd, fill_params, 2, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, fill, "entry"));
  LLVMValueRef args[] = {body, LLVMGetParam(fill, 1), LLVMGetParam(fill, 0)};
  LLVMBuildCall2(b, rt_type, rt, args, 3, "");
  LLVMBuildRetVoid(b);

  /* ptr make(i64 bytes) = vtc_rt_alloc(bytes); void drop(ptr p) = vtc_rt_free(p) */
  LLVMValueRef make = LLVMAddFunction(m, "make", LLVMFunctionType(ptr, &i64, 1, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, make, "entry"));
  LLVMValueRef bytes = LLVMGetParam(make, 0);
  LLVMBuildRet(b, LLVMBuildCall2(b, vtc_gir_rt_function_type(c, "vtc_rt_alloc"),
                                 vtc_gir_rt_declare(m, "vtc_rt_alloc"), &bytes, 1, "p"));
  LLVMValueRef drop = LLVMAddFunction(m, "drop", LLVMFunctionType(vd, &ptr, 1, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, drop, "entry"));
  LLVMValueRef p = LLVMGetParam(drop, 0);
  LLVMBuildCall2(b, vtc_gir_rt_function_type(c, "vtc_rt_free"), vtc_gir_rt_declare(m, "vtc_rt_free"), &p, 1, "");
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
}

/* double mix(i32 a, i64 b, float c, double d) = a + b + c + d;
 * i32 twice(i32 a) = 2 * a;  ptr offset(ptr p, i64 k) = p + 4k */
static void build_scalars(LLVMModuleRef m) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c), i64 = LLVMInt64TypeInContext(c);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(c), f64 = LLVMDoubleTypeInContext(c);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMTypeRef mix_params[] = {i32, i64, f32, f64};
  LLVMValueRef mix = LLVMAddFunction(m, "mix", LLVMFunctionType(f64, mix_params, 4, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, mix, "entry"));
  LLVMValueRef s = LLVMBuildSIToFP(b, LLVMGetParam(mix, 0), f64, "");
  s = LLVMBuildFAdd(b, s, LLVMBuildSIToFP(b, LLVMGetParam(mix, 1), f64, ""), "");
  s = LLVMBuildFAdd(b, s, LLVMBuildFPExt(b, LLVMGetParam(mix, 2), f64, ""), "");
  s = LLVMBuildFAdd(b, s, LLVMGetParam(mix, 3), "");
  LLVMBuildRet(b, s);
  LLVMValueRef twice = LLVMAddFunction(m, "twice", LLVMFunctionType(i32, &i32, 1, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, twice, "entry"));
  LLVMBuildRet(b, LLVMBuildMul(b, LLVMGetParam(twice, 0), LLVMConstInt(i32, 2, 0), ""));
  LLVMTypeRef off_params[] = {ptr, i64};
  LLVMValueRef off = LLVMAddFunction(m, "offset", LLVMFunctionType(ptr, off_params, 2, 0));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, off, "entry"));
  LLVMValueRef k = LLVMGetParam(off, 1);
  LLVMBuildRet(b, LLVMBuildGEP2(b, f32, LLVMGetParam(off, 0), &k, 1, ""));
  LLVMDisposeBuilder(b);
}

static void test_saxpy_jit_ffi(void) {
  char *err = NULL;
  vtc_jit *jit = vtc_jit_create(NULL, &err);
  CHECK(jit != NULL);
  if (!jit) {
    fprintf(stderr, "%s\n", err);
    free(err);
    return;
  }
  CHECK(strlen(vtc_jit_cpu(jit)) > 0);
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("saxpy", vtc_jit_context(jit));
  LLVMValueRef fn = build_saxpy(m);
  vtc_target_x86.prepare_function(fn, vtc_jit_cpu(jit), vtc_jit_features(jit));
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), 0);
  void *saxpy = vtc_jit_lookup(jit, "saxpy", &err);
  CHECK(saxpy != NULL);

  vtc_ffi_kind kinds[] = {VTC_FFI_PTR, VTC_FFI_PTR, VTC_FFI_F32, VTC_FFI_I64};
  vtc_ffi_sig *sig = vtc_ffi_sig_create(VTC_FFI_VOID, kinds, 4, &err);
  CHECK(sig != NULL);
  /* Several sizes: empty, shorter than a vector, vector body plus remainder. */
  int64_t sizes[] = {0, 1, 7, 16, 1000, 4099};
  for (size_t s = 0; saxpy && sig && s < sizeof sizes / sizeof sizes[0]; s++) {
    int64_t n = sizes[s];
    float *x = malloc(sizeof(float) * (size_t)(n + 1)), *y = malloc(sizeof(float) * (size_t)(n + 1));
    float *want = malloc(sizeof(float) * (size_t)(n + 1));
    for (int64_t i = 0; i <= n; i++) {
      x[i] = (float)(i % 17) * 0.25f - 1.0f;
      y[i] = (float)(i % 5) + 0.5f;
      want[i] = i < n ? 2.5f * x[i] + y[i] : y[i]; /* y[n] is a guard */
    }
    vtc_ffi_value args[] = {{VTC_FFI_PTR, {.ptr = y}}, {VTC_FFI_PTR, {.ptr = x}},
                            {VTC_FFI_F32, {.f32 = 2.5f}}, {VTC_FFI_I64, {.i64 = n}}};
    vtc_ffi_value ret;
    CHECK_EQ_INT(vtc_ffi_call(sig, saxpy, args, &ret, &err), 0);
    CHECK_EQ_INT(ret.kind, VTC_FFI_VOID);
    int bad = 0;
    for (int64_t i = 0; i <= n; i++) bad += fabsf(y[i] - want[i]) > 1e-6f * (1 + fabsf(want[i]));
    CHECK_EQ_INT(bad, 0);
    free(x);
    free(y);
    free(want);
  }
  /* A second call with a mismatched argument kind is an error, not a crash. */
  vtc_ffi_value wrong[] = {{VTC_FFI_PTR, {.ptr = NULL}}, {VTC_FFI_PTR, {.ptr = NULL}},
                           {VTC_FFI_F64, {.f64 = 1}}, {VTC_FFI_I64, {.i64 = 0}}};
  if (sig) {
    CHECK_EQ_INT(vtc_ffi_call(sig, saxpy, wrong, NULL, &err), -1);
    CHECK(err && strstr(err, "argument 2"));
    free(err);
    err = NULL;
  }
  vtc_ffi_sig_destroy(sig);
  vtc_jit_destroy(jit);
}

static void test_scalars_and_other_context(void) {
  char *err = NULL;
  vtc_jit_options opts = {"x86-64-v2", NULL, 2, NULL}; /* explicit CPU, runs anywhere */
  vtc_jit *jit = vtc_jit_create(&opts, &err);
  CHECK(jit != NULL);
  if (!jit) return;
  CHECK_EQ_STR(vtc_jit_cpu(jit), "x86-64-v2");
  /* Built in the caller's own context: the JIT copies it into its own. */
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("scalars", ctx);
  build_scalars(m);
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), 0);
  LLVMContextDispose(ctx);

  vtc_ffi_kind mix_kinds[] = {VTC_FFI_I32, VTC_FFI_I64, VTC_FFI_F32, VTC_FFI_F64};
  vtc_ffi_sig *mix_sig = vtc_ffi_sig_create(VTC_FFI_F64, mix_kinds, 4, &err);
  vtc_ffi_value mix_args[] = {{VTC_FFI_I32, {.i32 = -7}}, {VTC_FFI_I64, {.i64 = 1LL << 40}},
                              {VTC_FFI_F32, {.f32 = 0.5f}}, {VTC_FFI_F64, {.f64 = 0.25}}};
  vtc_ffi_value ret;
  void *mix = vtc_jit_lookup(jit, "mix", &err);
  CHECK(mix != NULL);
  CHECK_EQ_INT(vtc_ffi_call(mix_sig, mix, mix_args, &ret, &err), 0);
  CHECK(ret.kind == VTC_FFI_F64 && ret.as.f64 == -7.0 + 1099511627776.0 + 0.75);

  vtc_ffi_kind i32k = VTC_FFI_I32;
  vtc_ffi_sig *twice_sig = vtc_ffi_sig_create(VTC_FFI_I32, &i32k, 1, &err);
  void *twice = vtc_jit_lookup(jit, "twice", &err);
  for (int32_t a = -3; a <= 3; a++) {
    vtc_ffi_value arg = {VTC_FFI_I32, {.i32 = a * 100000}};
    CHECK_EQ_INT(vtc_ffi_call(twice_sig, twice, &arg, &ret, &err), 0);
    CHECK_EQ_INT(ret.as.i32, 2 * a * 100000); /* negative results sign-correct */
  }
  vtc_ffi_kind off_kinds[] = {VTC_FFI_PTR, VTC_FFI_I64};
  vtc_ffi_sig *off_sig = vtc_ffi_sig_create(VTC_FFI_PTR, off_kinds, 2, &err);
  float data[8];
  vtc_ffi_value off_args[] = {{VTC_FFI_PTR, {.ptr = data}}, {VTC_FFI_I64, {.i64 = 5}}};
  CHECK_EQ_INT(vtc_ffi_call(off_sig, vtc_jit_lookup(jit, "offset", &err), off_args, &ret, &err), 0);
  CHECK(ret.as.ptr == (void *)&data[5]);
  vtc_ffi_sig_destroy(mix_sig);
  vtc_ffi_sig_destroy(twice_sig);
  vtc_ffi_sig_destroy(off_sig);
  vtc_jit_destroy(jit);
}

static void test_parallel_for_from_jit(void) {
  char *err = NULL;
  vtc_jit *jit = vtc_jit_create(NULL, &err);
  CHECK(jit != NULL);
  if (!jit) return;
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("fill", vtc_jit_context(jit));
  build_parallel_fill(m);
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), 0);
  void *fill = vtc_jit_lookup(jit, "fill", &err);
  CHECK(fill != NULL);
  vtc_ffi_kind kinds[] = {VTC_FFI_PTR, VTC_FFI_I64};
  vtc_ffi_sig *sig = vtc_ffi_sig_create(VTC_FFI_VOID, kinds, 2, &err);
  /* An explicit 4-thread pool, so the split is real even on a 1-core host. */
  vtc_thread_pool *pool = vtc_thread_pool_create(4);
  vtc_thread_pool_set_default(pool);
  int64_t n = 100003;
  int64_t *out = calloc((size_t)n, sizeof *out);
  vtc_ffi_value args[] = {{VTC_FFI_PTR, {.ptr = out}}, {VTC_FFI_I64, {.i64 = n}}};
  for (int rep = 0; fill && rep < 3; rep++) {
    memset(out, 0, sizeof *out * (size_t)n);
    CHECK_EQ_INT(vtc_ffi_call(sig, fill, args, NULL, &err), 0);
    int64_t bad = 0;
    for (int64_t i = 0; i < n; i++) bad += out[i] != 3 * i + 1;
    CHECK_EQ_INT(bad, 0);
  }
  CHECK_EQ_INT(vtc_rt_num_threads(), 4);

  /* Runtime allocation from JIT'd code, counted. */
  vtc_ffi_kind i64k = VTC_FFI_I64, ptrk = VTC_FFI_PTR;
  vtc_ffi_sig *make_sig = vtc_ffi_sig_create(VTC_FFI_PTR, &i64k, 1, &err);
  vtc_ffi_sig *drop_sig = vtc_ffi_sig_create(VTC_FFI_VOID, &ptrk, 1, &err);
  vtc_rt_memory_reset_peak();
  vtc_rt_memory_stats before = vtc_rt_memory_get_stats();
  vtc_ffi_value bytes = {VTC_FFI_I64, {.i64 = 1000}}, got;
  CHECK_EQ_INT(vtc_ffi_call(make_sig, vtc_jit_lookup(jit, "make", &err), &bytes, &got, &err), 0);
  CHECK(got.as.ptr != NULL && (uintptr_t)got.as.ptr % VTC_RT_ALIGNMENT == 0);
  if (got.as.ptr) memset(got.as.ptr, 1, 1000);
  vtc_rt_memory_stats during = vtc_rt_memory_get_stats();
  CHECK_EQ_INT(during.live_bytes - before.live_bytes, 1000);
  CHECK_EQ_INT(during.num_allocs, 1);
  CHECK_EQ_INT(vtc_ffi_call(drop_sig, vtc_jit_lookup(jit, "drop", &err), &got, NULL, &err), 0);
  vtc_rt_memory_stats after = vtc_rt_memory_get_stats();
  CHECK_EQ_INT(after.live_bytes, before.live_bytes);
  CHECK_EQ_INT(after.peak_bytes, before.live_bytes + 1000);
  vtc_ffi_sig_destroy(make_sig);
  vtc_ffi_sig_destroy(drop_sig);
  vtc_thread_pool_set_default(NULL);
  vtc_thread_pool_destroy(pool);
  free(out);
  vtc_ffi_sig_destroy(sig);
  vtc_jit_destroy(jit);
}

static int count_substr(const char *s, const char *sub) {
  int n = 0;
  for (const char *p = s; (p = strstr(p, sub)); p += strlen(sub)) n++;
  return n;
}

/* Emission for an explicit CPU, independent of the host: AVX-512 code uses
 * zmm registers, AVX2 code only ymm; object files are ELF; IR is text. */
static void test_emit_explicit_cpu(void) {
  /* The last case is the host: zmm exactly when it has AVX-512. */
  int host512 = vtc_x86_host_get()->has_avx512f;
  struct { const char *cpu, *features; int zmm, ymm; } cases[] = {
    {"skylake-avx512", "", 1, 0}, {"x86-64", "+avx512f", 1, 0}, {"haswell", "", 0, 1},
    {NULL, NULL, host512, vtc_x86_host_get()->vector_bits == 256},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char *err = NULL, *cpu = NULL, *features = NULL;
    vtc_target_options o = {cases[k].cpu, cases[k].features, 3};
    LLVMTargetMachineRef tm = vtc_target_machine_create(&vtc_target_x86, &o, &cpu, &features, &err);
    CHECK(tm != NULL);
    if (!tm) continue;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("emit", ctx);
    vtc_target_x86.prepare_function(build_saxpy(m), cpu, features);
    CHECK_EQ_INT(vtc_llvm_optimize(m, tm, NULL, &err), 0);
    char *text = NULL;
    size_t size = 0;
    CHECK_EQ_INT(vtc_llvm_emit(m, tm, VTC_EMIT_ASSEMBLY, &text, &size, &err), 0);
    CHECK(text && strlen(text) == size);
    int zmm = text ? count_substr(text, "%zmm") : 0, ymm = text ? count_substr(text, "%ymm") : 0;
    if (cases[k].zmm) CHECK(zmm > 0);
    else CHECK_EQ_INT(zmm, 0);
    if (cases[k].ymm) CHECK(ymm > 0);
    CHECK(text && strstr(text, "saxpy:"));
    free(text);
    CHECK_EQ_INT(vtc_llvm_emit(m, tm, VTC_EMIT_OBJECT, &text, &size, &err), 0);
    CHECK(text && size > 4 && memcmp(text, "\x7f" "ELF", 4) == 0);
    free(text);
    CHECK_EQ_INT(vtc_llvm_emit(m, tm, VTC_EMIT_LLVM_IR, &text, &size, &err), 0);
    CHECK(text && strstr(text, "define void @saxpy") && strstr(text, "\"prefer-vector-width\"=\""));
    if (cases[k].zmm) CHECK(text && strstr(text, "<16 x float>"));
    free(text);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    LLVMDisposeTargetMachine(tm);
    free(cpu);
    free(features);
  }
}

/* LLVM's errors come back as messages: unknown symbol, bad pipeline, invalid
 * IR, unresolvable external, redefined runtime symbol. */
static void test_errors(void) {
  char *err = NULL;
  vtc_jit_options bad_passes = {NULL, NULL, 3, "no-such-pass"};
  vtc_jit *jit = vtc_jit_create(&bad_passes, &err);
  CHECK(jit != NULL);
  if (!jit) return;
  CHECK(vtc_jit_lookup(jit, "nothing_here", &err) == NULL);
  CHECK(err && strstr(err, "nothing_here"));
  printf("  message: %s\n", err ? err : "(none)");
  free(err);
  err = NULL;

  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("bad", vtc_jit_context(jit));
  build_scalars(m);
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), -1);
  CHECK(err && strstr(err, "no-such-pass"));
  printf("  message: %s\n", err ? err : "(none)");
  free(err);
  err = NULL;

  /* A block with no terminator fails verification. */
  m = LLVMModuleCreateWithNameInContext("invalid", vtc_jit_context(jit));
  LLVMContextRef c = vtc_jit_context(jit);
  LLVMValueRef f = LLVMAddFunction(m, "f", LLVMFunctionType(LLVMVoidTypeInContext(c), NULL, 0, 0));
  LLVMAppendBasicBlockInContext(c, f, "entry");
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), -1);
  CHECK(err && strstr(err, "invalid LLVM module"));
  printf("  message: %s\n", err ? err : "(none)");
  free(err);
  err = NULL;

  vtc_runtime_symbol again = {"vtc_rt_parallel_for", (void *)vtc_rt_parallel_for, NULL};
  CHECK_EQ_INT(vtc_jit_define_symbols(jit, &again, 1, &err), -1);
  CHECK(err && strstr(err, "vtc_rt_parallel_for"));
  printf("  message: %s\n", err ? err : "(none)");
  free(err);
  err = NULL;
  vtc_jit_destroy(jit);

  /* A call to a function nobody defines: the lookup that compiles it fails. */
  jit = vtc_jit_create(NULL, &err);
  if (!jit) return;
  c = vtc_jit_context(jit);
  m = LLVMModuleCreateWithNameInContext("unresolved", c);
  LLVMTypeRef vt = LLVMFunctionType(LLVMVoidTypeInContext(c), NULL, 0, 0);
  LLVMValueRef missing = LLVMAddFunction(m, "vtc_no_such_function", vt);
  f = LLVMAddFunction(m, "g", vt);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, f, "entry"));
  LLVMBuildCall2(b, vt, missing, NULL, 0, "");
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  CHECK_EQ_INT(vtc_jit_add_module(jit, m, &err), 0);
  CHECK(vtc_jit_lookup(jit, "g", &err) == NULL);
  CHECK(err && strstr(err, "vtc_no_such_function"));
  printf("  message: %s\n", err ? err : "(none)");
  free(err);
  err = NULL;
  vtc_jit_destroy(jit);

  vtc_ffi_kind bad_kind = VTC_FFI_VOID;
  CHECK(vtc_ffi_sig_create(VTC_FFI_VOID, &bad_kind, 1, &err) == NULL);
  CHECK(err && strstr(err, "argument 0"));
  free(err);
}

/* The runtime ABI has two halves: the code generator's signatures
 * (vtc_gir_rt_functions) and the JIT's definitions (vtc_rt_symbols). Every
 * function on one side is on the other, with the same signature. */
static void test_runtime_abi_agrees(void) {
  for (size_t i = 0; i < vtc_gir_num_rt_functions; i++) {
    const vtc_gir_rt_function *f = &vtc_gir_rt_functions[i];
    const vtc_runtime_symbol *s = NULL;
    for (size_t j = 0; j < vtc_rt_num_symbols; j++)
      if (strcmp(vtc_rt_symbols[j].name, f->name) == 0) s = &vtc_rt_symbols[j];
    if (!s) printf("  %s: called by generated code, not defined by the JIT\n", f->name);
    CHECK(s != NULL);
    CHECK(s && s->address != NULL && s->signature && strcmp(s->signature, f->signature) == 0);
  }
  for (size_t j = 0; j < vtc_rt_num_symbols; j++) {
    bool found = false;
    for (size_t i = 0; i < vtc_gir_num_rt_functions; i++)
      found |= strcmp(vtc_rt_symbols[j].name, vtc_gir_rt_functions[i].name) == 0;
    if (!found) printf("  %s: defined by the JIT, missing from vtc_gir_rt_functions\n", vtc_rt_symbols[j].name);
    CHECK(found);
  }
}

int main(void) {
  vtc_x86_host_print(vtc_x86_host_get(), stdout);
  UNIT_RUN(test_runtime_abi_agrees);
  UNIT_RUN(test_saxpy_jit_ffi);
  UNIT_RUN(test_scalars_and_other_context);
  UNIT_RUN(test_parallel_for_from_jit);
  UNIT_RUN(test_emit_explicit_cpu);
  UNIT_RUN(test_errors);
  vtc_thread_pool_shutdown_default();
  return UNIT_RESULT();
}
