/* The CPU JIT (libvtcrt): optimises an LLVM module with the new pass manager
 * (default<O3>) for the host CPU and its features, compiles it with ORC LLJIT
 * and looks up entry points. Optimisation and emission for any target
 * machine (vtc_llvm_optimize, vtc_llvm_emit) are targets/target.h's. */
#ifndef VTC_RUNTIME_JIT_H
#define VTC_RUNTIME_JIT_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "targets/target.h"

/* All functions that can fail return 0 (or non-NULL) on success, and on
 * failure -1 (or NULL) with *error set to a malloc'd message (free() it);
 * `error` may be NULL to discard the message. Nothing aborts on LLVM errors. */

/* ---- the JIT ------------------------------------------------------------- */

typedef struct vtc_jit vtc_jit;

typedef struct vtc_jit_options {
  const char *cpu;      /* NULL: the host CPU (LLVM's JIT host detection) */
  const char *features; /* NULL: the host features / the cpu's defaults */
  int opt_level;        /* 0..3 (default 3 when the options pointer is NULL) */
  const char *passes;   /* NULL: "default<O{opt_level}>" */
} vtc_jit_options;

/* A runtime function the JIT'd code may call by name, defined as an absolute
 * symbol in the main JITDylib (the C runtime is not necessarily exported from
 * the executable, so the process symbol search would not find it). */
typedef struct vtc_runtime_symbol {
  const char *name;
  void *address;
  /* The C signature as LLVM sees it, e.g. "void(ptr,i64,ptr)" (kinds void,
   * ptr, i32, i64, f32, f64); NULL if only the address matters. For the rows
   * of vtc_rt_symbols it is the code generator's (vtc_gir_rt_functions in
   * lowering/gir-to-llvm/gir_to_llvm.h), which test_jit checks row by row. */
  const char *signature;
} vtc_runtime_symbol;

/* The runtime symbols every JIT gets: the definitions of the functions
 * generated CPU code calls (their signatures are the code generator's, in
 * lowering/gir-to-llvm/gir_to_llvm.h):
 *   void vtc_rt_parallel_for(void (*body)(i64 i, ptr ctx), i64 n, ptr ctx)
 *   i32  vtc_rt_num_threads(void)
 *   ptr  vtc_rt_alloc(i64 bytes)       64-byte aligned, counted (rt_alloc.h)
 *   void vtc_rt_free(ptr)
 *   ptr  vtc_rt_alloc_buffer(i64 elem_bytes, i64 rank, ptr dims, ptr where)
 *        gir.alloc's: a size that overflows or does not fit fails at `where`
 *   void vtc_rt_host_error(ptr where, ptr message)    rt_error.h
 *   void vtc_rt_kernel_error(ptr where, ptr message) */
extern const vtc_runtime_symbol vtc_rt_symbols[];
extern const size_t vtc_rt_num_symbols;

/* Creates an LLJIT for the host (or opts' cpu/features), with the process's
 * symbols (libc, libm) and vtc_rt_symbols visible to JIT'd code. */
vtc_jit *vtc_jit_create(const vtc_jit_options *opts, char **error);
void vtc_jit_destroy(vtc_jit *jit);

/* Defines more absolute symbols in the main JITDylib (before adding modules
 * that use them). Redefining a name is an error. */
int vtc_jit_define_symbols(vtc_jit *jit, const vtc_runtime_symbol *syms, size_t n, char **error);

/* The context modules for this JIT are best built in (no copy on add). */
LLVMContextRef vtc_jit_context(vtc_jit *jit);
/* The target machine the JIT optimises for (owned by the JIT). */
LLVMTargetMachineRef vtc_jit_target_machine(vtc_jit *jit);
/* The resolved cpu and features (owned by the JIT). */
const char *vtc_jit_cpu(const vtc_jit *jit);
const char *vtc_jit_features(const vtc_jit *jit);

/* Verifies, optimises and adds `m` to the JIT; `m` is consumed in every case.
 * A module built in another LLVMContext is copied (through bitcode) into the
 * JIT's context; that other context stays the caller's. */
int vtc_jit_add_module(vtc_jit *jit, LLVMModuleRef m, char **error);

/* Compiles (on first lookup) and returns the address of `name`, or NULL. */
void *vtc_jit_lookup(vtc_jit *jit, const char *name, char **error);

#endif
