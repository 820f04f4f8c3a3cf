/* The target table and the target-independent part of the LLVM target setup:
 * creating a target machine for a row and pointing a module at it. Adding a
 * target is adding its folder, its row's declaration in target.h and one
 * line below. */
#include "targets/target.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const vtc_target *const vtc_targets[] = {
  &vtc_target_x86,
  &vtc_target_nvptx,
  NULL,
};

const vtc_target *vtc_target_lookup(const char *name) {
  for (int i = 0; name && vtc_targets[i]; i++)
    if (strcmp(vtc_targets[i]->name, name) == 0) return vtc_targets[i];
  return NULL;
}

char *vtc_target_errorf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = malloc((size_t)(n > 0 ? n : 0) + 1);
  if (!s) abort();
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

static LLVMCodeGenOptLevel codegen_level(int opt_level) {
  switch (opt_level <= 0 ? 0 : opt_level >= 3 ? 3 : opt_level) {
  case 0: return LLVMCodeGenLevelNone;
  case 1: return LLVMCodeGenLevelLess;
  case 2: return LLVMCodeGenLevelDefault;
  default: return LLVMCodeGenLevelAggressive;
  }
}

LLVMTargetMachineRef vtc_target_machine_create(const vtc_target *t, const vtc_target_options *opts,
                                               char **cpu_out, char **features_out, char **error) {
  char *msg = NULL, *cpu = NULL, *features = NULL, *triple = NULL;
  LLVMTargetMachineRef tm = NULL;
  if (cpu_out) *cpu_out = NULL;
  if (features_out) *features_out = NULL;
  if (t->init(error) != 0) return NULL;
  if (t->resolve(opts, &cpu, &features, error) != 0) return NULL;
  triple = t->triple ? strdup(t->triple) : LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
    *error = vtc_target_errorf("target %s: no LLVM target for triple '%s': %s", t->name, triple,
                               msg ? msg : "unknown error");
    goto done;
  }
  tm = LLVMCreateTargetMachine(target, triple, cpu, features,
                               codegen_level(opts ? opts->opt_level : 3), LLVMRelocPIC,
                               LLVMCodeModelDefault);
  if (!tm) {
    *error = vtc_target_errorf("target %s: cannot create a target machine for cpu '%s' features '%s'",
                               t->name, cpu, features);
    goto done;
  }
  if (cpu_out) { *cpu_out = cpu; cpu = NULL; }
  if (features_out) { *features_out = features; features = NULL; }
done:
  LLVMDisposeMessage(msg);
  if (t->triple) free(triple);
  else LLVMDisposeMessage(triple);
  free(cpu);
  free(features);
  return tm;
}

void vtc_target_configure_module(LLVMModuleRef m, LLVMTargetMachineRef tm) {
  char *triple = LLVMGetTargetMachineTriple(tm);
  LLVMSetTarget(m, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  char *layout = LLVMCopyStringRepOfTargetData(dl);
  LLVMSetDataLayout(m, layout);
  LLVMDisposeMessage(layout);
  LLVMDisposeTargetData(dl);
}
