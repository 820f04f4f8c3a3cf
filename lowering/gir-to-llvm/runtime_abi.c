/* The runtime functions generated CPU code calls (gir_to_llvm.h, "The runtime
 * ABI"): their LLVM signatures live with the code generator that emits the
 * calls, their definitions in the runtime that binds them (runtime/jit.c), so
 * the lowering never includes the runtime. */
#include <string.h>

#include "lowering/gir-to-llvm/gir_to_llvm.h"

const vtc_gir_rt_function vtc_gir_rt_functions[] = {
    {"vtc_rt_parallel_for", "void(ptr,i64,ptr)"},
    {"vtc_rt_num_threads", "i32()"},
    {"vtc_rt_parallel_groups", "void(ptr,i64,i64,i64,ptr)"},
    {"vtc_rt_group_barrier", "void(ptr)"},
    {"vtc_rt_parallel_device", "void(ptr,i64,i64,i64,i64,ptr)"},
    {"vtc_rt_device_barrier", "void(ptr)"},
    {"vtc_rt_alloc", "ptr(i64)"},
    {"vtc_rt_free", "void(ptr)"},
    {"vtc_rt_alloc_buffer", "ptr(i64,i64,ptr,ptr)"},
    {"vtc_rt_host_error", "void(ptr,ptr)"},
    {"vtc_rt_kernel_error", "void(ptr,ptr)"},
};
const size_t vtc_gir_num_rt_functions = sizeof vtc_gir_rt_functions / sizeof vtc_gir_rt_functions[0];

/* One kind of a signature string, or NULL at an unknown word. */
static LLVMTypeRef kind_type(LLVMContextRef ctx, const char *s, size_t len) {
  static const char *const names[] = {"void", "ptr", "i32", "i64", "f32", "f64"};
  for (int k = 0; k < 6; k++) {
    if (strlen(names[k]) != len || strncmp(s, names[k], len) != 0) continue;
    switch (k) {
    case 0: return LLVMVoidTypeInContext(ctx);
    case 1: return LLVMPointerTypeInContext(ctx, 0);
    case 2: return LLVMInt32TypeInContext(ctx);
    case 3: return LLVMInt64TypeInContext(ctx);
    case 4: return LLVMFloatTypeInContext(ctx);
    default: return LLVMDoubleTypeInContext(ctx);
    }
  }
  return NULL;
}

LLVMTypeRef vtc_gir_rt_function_type(LLVMContextRef ctx, const char *name) {
  const char *sig = NULL;
  for (size_t i = 0; i < vtc_gir_num_rt_functions; i++)
    if (strcmp(vtc_gir_rt_functions[i].name, name) == 0) sig = vtc_gir_rt_functions[i].signature;
  const char *open = sig ? strchr(sig, '(') : NULL;
  if (!open) return NULL;
  LLVMTypeRef ret = kind_type(ctx, sig, (size_t)(open - sig)), params[16];
  unsigned n = 0;
  for (const char *p = open + 1; *p && *p != ')' && n < 16;) {
    size_t len = strcspn(p, ",)");
    params[n] = kind_type(ctx, p, len);
    if (!params[n++]) return NULL;
    p += len + (p[len] == ',');
  }
  return ret ? LLVMFunctionType(ret, params, n, 0) : NULL;
}

LLVMValueRef vtc_gir_rt_declare(LLVMModuleRef m, const char *name) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (fn) return fn;
  LLVMTypeRef type = vtc_gir_rt_function_type(LLVMGetModuleContext(m), name);
  return type ? LLVMAddFunction(m, name, type) : NULL;
}
