/* Code-generation targets behind one table (QBE's Target): each target folder
 * (x86/, nvptx/) fills one vtc_target row with its triple, LLVM initialisation
 * and the target-machine setup; lowerings and tools never include a folder. */
#ifndef VTC_TARGETS_TARGET_H
#define VTC_TARGETS_TARGET_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

/* Which CPU and features to generate code for. NULL fields mean "the target's
 * default": for x86 the host CPU and its features, detected at run time. An
 * explicit cpu ("skylake-avx512") and features ("+avx512f") make the code
 * independent of the machine that compiles it (tests, cross compilation). */
typedef struct vtc_target_options {
  const char *cpu;      /* NULL: default (host for x86, sm_90 for nvptx) */
  const char *features; /* NULL: default for cpu; "" : none beyond the CPU's */
  int opt_level;        /* 0..3; the codegen level and default<On> */
} vtc_target_options;

/* One row per target. All fields are static data or functions; nothing here
 * is owned by the caller. */
typedef struct vtc_target {
  const char *name;        /* "x86", "nvptx": the --target name in tools */
  const char *triple;      /* NULL: the host's default triple */
  const char *data_layout; /* reference layout; the target machine's wins */
  /* Registers the LLVM target, MC layer and asm printer; idempotent and
   * thread-safe. Returns 0 on success, else sets *error (free() it). */
  int (*init)(char **error);
  /* Fills in defaults for NULL cpu/features: *cpu and *features receive
   * malloc'd strings (free() them). Returns 0, or -1 with *error set. */
  int (*resolve)(const vtc_target_options *in, char **cpu, char **features, char **error);
  /* Sets attributes a kernel function needs on this target (for x86 the
   * preferred vector width, so AVX-512 CPUs get 512-bit vectors). */
  void (*prepare_function)(LLVMValueRef fn, const char *cpu, const char *features);
} vtc_target;

/* The table, NULL-terminated, and lookup by name (NULL if unknown). */
extern const vtc_target *const vtc_targets[];
const vtc_target *vtc_target_lookup(const char *name);

/* Creates a target machine for `t` with the resolved cpu/features and
 * opt_level (relocation model PIC, default code model). Returns NULL and sets
 * *error (free() it) on failure. The caller disposes with
 * LLVMDisposeTargetMachine. If cpu_out/features_out are non-NULL they receive
 * copies of the resolved strings (free() them). */
LLVMTargetMachineRef vtc_target_machine_create(const vtc_target *t, const vtc_target_options *opts,
                                               char **cpu_out, char **features_out, char **error);

/* Sets the module's triple and data layout from the target machine, so the
 * optimiser and the code generator agree on the target. */
void vtc_target_configure_module(LLVMModuleRef m, LLVMTargetMachineRef tm);

/* Helper for error strings: a malloc'd printf. */
char *vtc_target_errorf(const char *fmt, ...);

#endif
