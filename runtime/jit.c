/* The CPU JIT over the LLVM C API: one target machine both optimises
 * (LLVMRunPasses, default<O3>) and, through a JITTargetMachineBuilder made
 * from an identical one, compiles in ORC LLJIT, so both see the same CPU and
 * features. LLVMErrorRefs become messages; nothing aborts. */
#include "ir/support.h"
#include "runtime/jit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Error.h>
#include <llvm-c/ExecutionEngine.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/OrcEE.h>

#include "runtime/rt_alloc.h"
#include "runtime/rt_error.h"
#include "runtime/thread_pool.h"
#include "targets/target.h"
#include "targets/x86/host.h"

struct vtc_jit {
  LLVMOrcLLJITRef lljit;
  LLVMOrcThreadSafeContextRef tsc; /* the context modules are added in */
  LLVMTargetMachineRef tm;         /* the optimiser's, same as the JIT's */
  char *cpu, *features, *passes;   /* owned */
  char *session_error;             /* last error ORC reported asynchronously */
};

const vtc_runtime_symbol vtc_rt_symbols[] = {
  {"vtc_rt_parallel_for", (void *)vtc_rt_parallel_for, "void(ptr,i64,ptr)"},
  {"vtc_rt_num_threads", (void *)vtc_rt_num_threads, "i32()"},
  {"vtc_rt_parallel_groups", (void *)vtc_rt_parallel_groups, "void(ptr,i64,i64,i64,ptr)"},
  {"vtc_rt_group_barrier", (void *)vtc_rt_group_barrier, "void(ptr)"},
  {"vtc_rt_parallel_device", (void *)vtc_rt_parallel_device, "void(ptr,i64,i64,i64,i64,ptr)"},
  {"vtc_rt_device_barrier", (void *)vtc_rt_device_barrier, "void(ptr)"},
  {"vtc_rt_alloc", (void *)vtc_rt_alloc, "ptr(i64)"},
  {"vtc_rt_free", (void *)vtc_rt_free, "void(ptr)"},
  {"vtc_rt_alloc_buffer", (void *)vtc_rt_alloc_buffer, "ptr(i64,i64,ptr,ptr)"},
  {"vtc_rt_host_error", (void *)vtc_rt_host_error, "void(ptr,ptr)"},
  {"vtc_rt_kernel_error", (void *)vtc_rt_kernel_error, "void(ptr,ptr)"},
};
const size_t vtc_rt_num_symbols = sizeof vtc_rt_symbols / sizeof vtc_rt_symbols[0];

/* Consumes err and reports "what: message". Always returns -1. */
static int take_error(LLVMErrorRef err, char **error, const char *what) {
  char *msg = LLVMGetErrorMessage(err); /* consumes err */
  vtc_set_error(error, "%s: %s", what, msg ? msg : "unknown LLVM error");
  LLVMDisposeErrorMessage(msg);
  return -1;
}

/* ---- the JIT --------------------------------------------------------------- */

static void report_session_error(void *ctx, LLVMErrorRef err) {
  vtc_jit *jit = ctx;
  char *msg = LLVMGetErrorMessage(err);
  free(jit->session_error);
  jit->session_error = strdup(msg ? msg : "unknown JIT session error");
  LLVMDisposeErrorMessage(msg);
}

/* With VTC_JIT_PERF set, the JIT links through RTDyld with LLVM's perf
 * listener, which writes ~/.debug/jit/.../jit-PID.dump: `perf record -k 1`,
 * then `perf inject --jit`, and perf names the compiled kernels (without it
 * every sample in JIT code is a bare address). */
static LLVMOrcObjectLayerRef perf_object_layer(void *ctx, LLVMOrcExecutionSessionRef es, const char *triple) {
  (void)ctx;
  (void)triple;
  LLVMOrcObjectLayerRef layer = LLVMOrcCreateRTDyldObjectLinkingLayerWithSectionMemoryManager(es);
  LLVMJITEventListenerRef perf = LLVMCreatePerfJITEventListener(); /* NULL where LLVM was built without it */
  if (perf) LLVMOrcRTDyldObjectLinkingLayerRegisterJITEventListener(layer, perf);
  else fprintf(stderr, "vtc: VTC_JIT_PERF: this LLVM has no perf JIT listener\n");
  return layer;
}

vtc_jit *vtc_jit_create(const vtc_jit_options *opts, char **error) {
  vtc_jit_options defaults = {NULL, NULL, 3, NULL};
  if (!opts) opts = &defaults;
  vtc_jit *jit = calloc(1, sizeof *jit);
  if (!jit) abort();
  vtc_target_options topts = {opts->cpu, opts->features, opts->opt_level};
  char *msg = NULL;
  jit->tm = vtc_target_machine_create(&vtc_target_x86, &topts, &jit->cpu, &jit->features, &msg);
  if (!jit->tm) goto fail;
  if (opts->passes) {
    jit->passes = strdup(opts->passes);
  } else {
    int level = opts->opt_level < 0 ? 0 : opts->opt_level > 3 ? 3 : opts->opt_level;
    vtc_set_error(&jit->passes, "default<O%d>", level);
  }
  /* The JIT's code generator gets a target machine identical to the
   * optimiser's (same triple, cpu, features, opt level). */
  LLVMTargetMachineRef jit_tm = vtc_target_machine_create(&vtc_target_x86, &topts, NULL, NULL, &msg);
  if (!jit_tm) goto fail;
  LLVMOrcJITTargetMachineBuilderRef jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm);
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
  if (getenv("VTC_JIT_PERF")) LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator(builder, perf_object_layer, NULL);
  LLVMErrorRef err = LLVMOrcCreateLLJIT(&jit->lljit, builder);
  if (err) {
    jit->lljit = NULL;
    take_error(err, &msg, "cannot create the JIT");
    goto fail;
  }
  LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(jit->lljit),
                                          report_session_error, jit);
  /* libc and libm (memcpy, expf, ...) resolve from the process. */
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &gen, LLVMOrcLLJITGetGlobalPrefix(jit->lljit), NULL, NULL);
  if (err) {
    take_error(err, &msg, "cannot search the process for symbols");
    goto fail;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(jit->lljit), gen);
  if (vtc_jit_define_symbols(jit, vtc_rt_symbols, vtc_rt_num_symbols, &msg) != 0) goto fail;
  jit->tsc = LLVMOrcCreateNewThreadSafeContext();
  return jit;
fail:
  if (error) *error = msg;
  else free(msg);
  vtc_jit_destroy(jit);
  return NULL;
}

void vtc_jit_destroy(vtc_jit *jit) {
  if (!jit) return;
  if (jit->lljit) {
    LLVMErrorRef err = LLVMOrcDisposeLLJIT(jit->lljit);
    if (err) LLVMConsumeError(err);
  }
  if (jit->tsc) LLVMOrcDisposeThreadSafeContext(jit->tsc);
  if (jit->tm) LLVMDisposeTargetMachine(jit->tm);
  free(jit->cpu);
  free(jit->features);
  free(jit->passes);
  free(jit->session_error);
  free(jit);
}

int vtc_jit_define_symbols(vtc_jit *jit, const vtc_runtime_symbol *syms, size_t n, char **error) {
  if (n == 0) return 0;
  LLVMOrcCSymbolMapPairs pairs = calloc(n, sizeof *pairs);
  if (!pairs) abort();
  for (size_t i = 0; i < n; i++) {
    pairs[i].Name = LLVMOrcLLJITMangleAndIntern(jit->lljit, syms[i].name);
    pairs[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)syms[i].address;
    pairs[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    pairs[i].Sym.Flags.TargetFlags = 0;
  }
  /* The unit takes the interned names; on failure we still own the unit. */
  LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(pairs, n);
  free(pairs);
  LLVMErrorRef err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(jit->lljit), mu);
  if (err) {
    LLVMOrcDisposeMaterializationUnit(mu);
    return take_error(err, error, "cannot define runtime symbols");
  }
  return 0;
}

LLVMContextRef vtc_jit_context(vtc_jit *jit) { return LLVMOrcThreadSafeContextGetContext(jit->tsc); }
LLVMTargetMachineRef vtc_jit_target_machine(vtc_jit *jit) { return jit->tm; }
const char *vtc_jit_cpu(const vtc_jit *jit) { return jit->cpu; }
const char *vtc_jit_features(const vtc_jit *jit) { return jit->features; }

/* Moves m into ctx through bitcode (consumes m). NULL on failure. */
static LLVMModuleRef move_to_context(LLVMModuleRef m, LLVMContextRef ctx, char **error) {
  LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m);
  LLVMDisposeModule(m);
  LLVMModuleRef out = NULL;
  if (!buf || LLVMParseBitcodeInContext2(ctx, buf, &out)) {
    vtc_set_error(error, "jit: cannot move the module into the JIT's context");
    out = NULL;
  }
  if (buf) LLVMDisposeMemoryBuffer(buf);
  return out;
}

/* ---- host functions apart, at codegen O0 ------------------------------------- */

/* gir-to-llvm marks a host function of hundreds of launches `optnone`: the
 * optimiser leaves it alone, but the code generator runs at the module's
 * level, and its greedy register allocator took 2 of lstm-stack.paper's
 * 10.5 s of compile on the 90k-line host function (llc: 4.3 s at -O3, 1.9
 * s at -O0). Such functions are compiled apart, at codegen O0, into an
 * object the JIT links with the rest of the module. */
static bool optnone_body(LLVMValueRef f) {
  unsigned kind = LLVMGetEnumAttributeKindForName("optnone", 7);
  return !LLVMIsDeclaration(f) && LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) != NULL;
}

static bool any_optnone_body(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (optnone_body(f)) return true;
  return false;
}

/* f becomes a declaration of its name and type, its uses kept. */
static void to_declaration(LLVMModuleRef m, LLVMValueRef f) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(f, &len);
  char *keep = strndup(name, len);
  if (!keep) abort();
  LLVMSetValueName2(f, "", 0);
  LLVMValueRef d = LLVMAddFunction(m, keep, LLVMGlobalGetValueType(f));
  LLVMReplaceAllUsesWith(f, d);
  LLVMDeleteFunction(f);
  free(keep);
}

static bool is_local(LLVMValueRef g) {
  LLVMLinkage l = LLVMGetLinkage(g);
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

/* g becomes one hidden external definition both objects share. */
static void share(LLVMValueRef g) {
  LLVMSetLinkage(g, LLVMExternalLinkage);
  LLVMSetVisibility(g, LLVMHiddenVisibility);
}

/* The module-local functions an optnone body calls directly: m keeps
 * their definitions, so they must be visible to the host's object. */
static void share_callees(LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee) && !optnone_body(callee) && is_local(callee))
        share(callee);
    }
}

/* Splits m: the optnone host functions go to the returned module (with
 * declarations of what they call), the rest stays. A mutable module-local
 * global, and a module-local function they call, becomes one hidden
 * external definition in m that both sides share; constants are copied. */
static LLVMModuleRef split_host(LLVMModuleRef m) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (is_local(g) && !LLVMIsGlobalConstant(g) && LLVMGetInitializer(g)) share(g);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (optnone_body(f)) share_callees(f);
  LLVMModuleRef host = LLVMCloneModule(m);
  size_t n = 0, k = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) n++;
  LLVMValueRef *fs = calloc(n + 1, sizeof *fs); /* the clone has the same functions */
  if (!fs) abort();
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (optnone_body(f)) fs[k++] = f;
  for (size_t i = 0; i < k; i++) to_declaration(m, fs[i]);
  k = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(host); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !optnone_body(f)) fs[k++] = f;
  for (size_t i = 0; i < k; i++) to_declaration(host, fs[i]);
  free(fs);
  for (bool again = true; again;) { /* local declarations nothing calls any more */
    again = false;
    for (LLVMValueRef f = LLVMGetFirstFunction(host), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (LLVMIsDeclaration(f) && is_local(f) && !LLVMGetFirstUse(f)) LLVMDeleteFunction(f), again = true;
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(host); g; g = LLVMGetNextGlobal(g))
    if (!is_local(g) && LLVMGetInitializer(g)) LLVMSetInitializer(g, NULL); /* m defines it */
  return host;
}

/* host compiled at codegen O0 and added to the JIT as an object. */
static int add_host_object(vtc_jit *jit, LLVMModuleRef host, char **error) {
  vtc_target_options topts = {jit->cpu, jit->features, 0};
  char *msg = NULL, *obj = NULL;
  size_t size = 0;
  LLVMTargetMachineRef tm = vtc_target_machine_create(&vtc_target_x86, &topts, NULL, NULL, &msg);
  int rc = tm ? vtc_llvm_emit(host, tm, VTC_EMIT_OBJECT, &obj, &size, &msg) : -1;
  if (tm) LLVMDisposeTargetMachine(tm);
  LLVMDisposeModule(host);
  if (rc != 0) {
    vtc_set_error(error, "jit: cannot compile the host function: %s", msg ? msg : "unknown error");
    free(msg);
    return -1;
  }
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(obj, size, "vtc-host");
  free(obj);
  LLVMErrorRef err = LLVMOrcLLJITAddObjectFile(jit->lljit, LLVMOrcLLJITGetMainJITDylib(jit->lljit), buf);
  return err ? take_error(err, error, "jit: cannot add the host object") : 0;
}

int vtc_jit_add_module(vtc_jit *jit, LLVMModuleRef m, char **error) {
  LLVMContextRef ctx = vtc_jit_context(jit);
  if (LLVMGetModuleContext(m) != ctx) {
    m = move_to_context(m, ctx, error);
    if (!m) return -1;
  }
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    /* LLVM's verifier message spans lines ("...terminator!\nlabel %entry\n"). */
    size_t len = msg ? strlen(msg) : 0;
    while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' ')) msg[--len] = 0;
    for (size_t i = 0; i < len; i++)
      if (msg[i] == '\n') msg[i] = ' ';
    vtc_set_error(error, "jit: invalid LLVM module: %s", msg ? msg : "");
    LLVMDisposeMessage(msg);
    LLVMDisposeModule(m);
    return -1;
  }
  LLVMDisposeMessage(msg);
  if (vtc_llvm_optimize(m, jit->tm, jit->passes, error) != 0) {
    LLVMDisposeModule(m);
    return -1;
  }
  if (any_optnone_body(m) && add_host_object(jit, split_host(m), error) != 0) {
    LLVMDisposeModule(m);
    return -1;
  }
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, jit->tsc);
  LLVMErrorRef err = LLVMOrcLLJITAddLLVMIRModule(jit->lljit, LLVMOrcLLJITGetMainJITDylib(jit->lljit), tsm);
  if (err) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    return take_error(err, error, "jit: cannot add the module");
  }
  return 0;
}

void *vtc_jit_lookup(vtc_jit *jit, const char *name, char **error) {
  LLVMOrcExecutorAddress addr = 0;
  LLVMErrorRef err = LLVMOrcLLJITLookup(jit->lljit, &addr, name);
  if (err) {
    char *msg = LLVMGetErrorMessage(err);
    if (jit->session_error)
      vtc_set_error(error, "jit: cannot find or compile '%s': %s (%s)", name, msg, jit->session_error);
    else
      vtc_set_error(error, "jit: cannot find or compile '%s': %s", name, msg);
    LLVMDisposeErrorMessage(msg);
    free(jit->session_error);
    jit->session_error = NULL;
    return NULL;
  }
  return (void *)(uintptr_t)addr;
}
