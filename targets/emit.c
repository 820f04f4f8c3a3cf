/* Optimisation and emission of an LLVM module through any target's machine
 * (LLVMRunPasses with the new pass manager, then the code generator into
 * memory), and vtc_target_emit, which lets a target that emits its own way
 * (NVPTX: libdevice linked into PTX) do so. Errors are malloc'd messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "ir/support.h"
#include "targets/target.h"

/* Consumes err and reports "what: message". Always returns -1. */
static int take_error(LLVMErrorRef err, char **error, const char *what) {
  char *msg = LLVMGetErrorMessage(err); /* consumes err */
  vtc_set_error(error, "%s: %s", what, msg ? msg : "unknown LLVM error");
  LLVMDisposeErrorMessage(msg);
  return -1;
}

int vtc_llvm_optimize(LLVMModuleRef m, LLVMTargetMachineRef tm, const char *passes, char **error) {
  vtc_target_configure_module(m, tm);
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetLoopVectorization(o, 1);
  LLVMPassBuilderOptionsSetSLPVectorization(o, 1);
  LLVMPassBuilderOptionsSetLoopUnrolling(o, 1);
  LLVMPassBuilderOptionsSetLoopInterleaving(o, 1);
  LLVMErrorRef err = LLVMRunPasses(m, passes ? passes : "default<O3>", tm, o);
  LLVMDisposePassBuilderOptions(o);
  if (err) return take_error(err, error, "optimisation pipeline failed");
  return 0;
}

static int copy_buffer(const char *data, size_t size, char **out, size_t *out_size) {
  char *p = malloc(size + 1);
  if (!p) abort();
  memcpy(p, data, size);
  p[size] = 0;
  *out = p;
  if (out_size) *out_size = size;
  return 0;
}

int vtc_llvm_emit(LLVMModuleRef m, LLVMTargetMachineRef tm, vtc_emit_kind kind, char **out,
                  size_t *out_size, char **error) {
  *out = NULL;
  if (out_size) *out_size = 0;
  if (kind == VTC_EMIT_LLVM_IR) {
    char *text = LLVMPrintModuleToString(m);
    copy_buffer(text, strlen(text), out, out_size);
    LLVMDisposeMessage(text);
    return 0;
  }
  if (kind != VTC_EMIT_ASSEMBLY && kind != VTC_EMIT_OBJECT) {
    vtc_set_error(error, "emit: unknown output kind %d", (int)kind);
    return -1;
  }
  /* Code generation rewrites IR (CodeGenPrepare, intrinsic lowering): work on
   * a copy so the caller's module stays as it was. */
  LLVMModuleRef copy = LLVMCloneModule(m);
  vtc_target_configure_module(copy, tm);
  char *msg = NULL;
  LLVMMemoryBufferRef buf = NULL;
  LLVMBool failed = LLVMTargetMachineEmitToMemoryBuffer(
      tm, copy, kind == VTC_EMIT_ASSEMBLY ? LLVMAssemblyFile : LLVMObjectFile, &msg, &buf);
  LLVMDisposeModule(copy);
  if (failed) {
    vtc_set_error(error, "emit: code generation failed: %s", msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    return -1;
  }
  LLVMDisposeMessage(msg);
  copy_buffer(LLVMGetBufferStart(buf), LLVMGetBufferSize(buf), out, out_size);
  LLVMDisposeMemoryBuffer(buf);
  return 0;
}

int vtc_target_emit(const vtc_target *t, LLVMModuleRef m, LLVMTargetMachineRef tm, const char *cpu, int opt_level,
                    vtc_emit_kind kind, char **out, size_t *out_size, char **error) {
  if (kind != VTC_EMIT_LLVM_IR && t->emit_code) return t->emit_code(m, cpu, opt_level, kind, out, out_size, error);
  if (opt_level > 0) {
    char passes[32];
    snprintf(passes, sizeof passes, "default<O%d>", opt_level);
    if (vtc_llvm_optimize(m, tm, passes, error) != 0) return -1;
  }
  return vtc_llvm_emit(m, tm, kind, out, out_size, error);
}
