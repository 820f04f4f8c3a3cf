/* Code-generation targets behind one table (QBE's Target): each target folder
 * (x86/, nvptx/) fills one vtc_target row with its triple, LLVM initialisation,
 * the target-machine setup, emission, and the GPU constructs gir's GPU mapping
 * needs; passes, lowerings and tools never include a folder and reach a
 * target only through its row (test/layering checks the includes). */
#ifndef VTC_TARGETS_TARGET_H
#define VTC_TARGETS_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "targets/hardware.h"

/* Which CPU and features to generate code for. NULL fields mean "the target's
 * default": for x86 the host CPU and its features, detected at run time. An
 * explicit cpu ("skylake-avx512") and features ("+avx512f") make the code
 * independent of the machine that compiles it (tests, cross compilation). */
typedef struct vtc_target_options {
  const char *cpu;      /* NULL: default (host for x86, sm_90 for nvptx) */
  const char *features; /* NULL: default for cpu; "" : none beyond the CPU's */
  int opt_level;        /* 0..3; the codegen level and default<On> */
} vtc_target_options;

/* What vtc_target_emit produces. */
typedef enum vtc_emit_kind {
  VTC_EMIT_LLVM_IR,  /* textual LLVM IR */
  VTC_EMIT_ASSEMBLY, /* target assembly (AT&T syntax on x86, PTX on nvptx) */
  VTC_EMIT_OBJECT,   /* relocatable object file (ELF) */
} vtc_emit_kind;

/* The special registers GPU code reads, along x, as i32. */
typedef enum vtc_target_sreg {
  VTC_SREG_THREAD_ID,  /* the thread in its block (PTX tid.x) */
  VTC_SREG_BLOCK_ID,   /* the block in the grid (ctaid.x) */
  VTC_SREG_NUM_BLOCKS, /* blocks in the grid (nctaid.x) */
} vtc_target_sreg;

/* Who waits at a GPU barrier. */
typedef enum vtc_target_barrier {
  VTC_BARRIER_WARP,  /* the warp's threads (and their memory accesses) */
  VTC_BARRIER_BLOCK, /* every thread of the block, shared and global memory */
} vtc_target_barrier;

/* Warp shuffles: DOWN reads lane + delta, UP lane - delta, XOR lane ^ delta,
 * IDX lane `delta`, within power-of-two segments of `width` lanes; a lane
 * whose source is outside its segment keeps its own value. */
typedef enum vtc_target_shuffle {
  VTC_SHUFFLE_DOWN,
  VTC_SHUFFLE_UP,
  VTC_SHUFFLE_XOR,
  VTC_SHUFFLE_IDX,
} vtc_target_shuffle;

/* The tensor-core instructions of a GPU (sm_80 and newer), for gir's
 * fragment layouts and asynchronous copies (lowering/gir-to-llvm). */
typedef enum vtc_target_mma_kind {
  VTC_MMA_F16_F32,  /* m16n8k16, f16 inputs, f32 accumulator */
  VTC_MMA_F16_F16,  /* m16n8k16, f16 inputs and accumulator */
  VTC_MMA_BF16_F32, /* m16n8k16, bf16 inputs (i16 bits), f32 accumulator */
  VTC_MMA_TF32_F32, /* m16n8k8, f32 inputs rounded to tf32, f32 accumulator */
} vtc_target_mma_kind;

typedef struct vtc_target_tensor_core {
  /* D = A x B + C on one tile: a, b and c are this thread's elements of
   * its fragments in PTX's order (a: <8 x half>, <8 x i16> for bf16 or
   * <4 x float>; b: <4 x ...> or <2 x float>; c: <4 x float> or
   * <4 x half>); returns D like c. */
  LLVMValueRef (*mma)(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_mma_kind kind, LLVMValueRef a, LLVMValueRef bm,
                      LLVMValueRef c);
  /* ldmatrix.sync.aligned.m8n8.x{count}[.trans].b16: `count` (1, 2, 4)
   * 8x8 matrices of 16-bit elements whose rows this warp's lanes address
   * (`row`: a generic pointer into shared memory, 16-byte aligned); out[i]
   * receives matrix i's two elements of this thread as an i32. */
  void (*ldmatrix)(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef row, unsigned count, int trans, LLVMValueRef *out);
  /* cp.async.cg.shared.global of 16 bytes from src (generic, global
   * memory) to dst (generic, shared memory); src_bytes (i32) < 16 copies
   * that many and zero-fills the rest; NULL: all 16. */
  void (*cp_async)(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef dst, LLVMValueRef src, LLVMValueRef src_bytes);
  void (*cp_async_commit)(LLVMBuilderRef b, LLVMModuleRef m);
  void (*cp_async_wait)(LLVMBuilderRef b, LLVMModuleRef m, unsigned pending);
  /* sm_90's warpgroup MMA (NULL elsewhere; has_wgmma says where): with
   * a_desc and b_desc the two operands' shared-memory matrix descriptors
   * (i64, PTX ISA "Matrix Descriptor Format"), one
   * wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{f16|bf16} accumulating
   * into acc[0 .. n/2) (this thread's f32 registers in PTX's order, which
   * the call replaces with the results); trans_a / trans_b: the operand is
   * MN-major. The module is marked as needing the architecture-specific
   * sm_90a PTX target. wgmma_fence also orders this thread's shared-memory
   * writes (generic proxy) before the tensor core's reads (async proxy). */
  bool (*has_wgmma)(const char *cpu);
  void (*wgmma)(LLVMBuilderRef b, LLVMModuleRef m, bool bf16, unsigned n, LLVMValueRef a_desc, LLVMValueRef b_desc,
                bool trans_a, bool trans_b, LLVMValueRef *acc);
  void (*wgmma_fence)(LLVMBuilderRef b, LLVMModuleRef m);
  void (*wgmma_commit)(LLVMBuilderRef b, LLVMModuleRef m);
  void (*wgmma_wait)(LLVMBuilderRef b, LLVMModuleRef m, unsigned pending);
  /* A generic pointer to the block's dynamic shared memory (sized at
   * launch, 1024-byte aligned: swizzled tiles start on their pattern). */
  LLVMValueRef (*dynamic_shared)(LLVMBuilderRef b, LLVMModuleRef m);
  /* Bytes of shared memory one block may use on GPU architecture `cpu`
   * (after opting in); 0 when unknown. */
  int64_t (*max_shared_bytes)(const char *cpu);
} vtc_target_tensor_core;

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
  /* Emits assembly or an object file the target's own way, optimising at
   * opt_level (0..3) first; NULL: the generic way (vtc_target_emit). NVPTX
   * links libdevice before optimising and has no object files. */
  int (*emit_code)(LLVMModuleRef m, const char *cpu, int opt_level, vtc_emit_kind kind, char **out,
                   size_t *out_size, char **error);

  /* ---- GPU code generation: 0 and NULL on a CPU target ------------------
   * gir's GPU mapping (lower-te-to-gir{hierarchy=gpu}, lowering/gir-to-llvm)
   * emits GPU constructs only through these, so intrinsic names and the
   * hardware description stay in the target's folder. */
  int warp_size; /* threads that run one gir unit (a warp) in lock step */
  /* Warps one full wave of the default GPU holds resident (all SMs). */
  int64_t (*resident_warps)(void);
  /* Makes fn a kernel entry launched with at most max_threads threads per
   * block; min_blocks > 0 asks for that many blocks resident per
   * multiprocessor (the code generator budgets registers for them). */
  void (*mark_kernel)(LLVMValueRef fn, unsigned max_threads, unsigned min_blocks);
  LLVMValueRef (*special_reg)(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_sreg reg);
  void (*barrier)(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_barrier scope);
  /* value: i32, f32, i64, f64 or a pointer; lane_or_delta: i32. */
  LLVMValueRef (*shuffle)(LLVMBuilderRef b, LLVMModuleRef m, vtc_target_shuffle mode, LLVMValueRef value,
                          LLVMValueRef lane_or_delta, int width);
  /* A memory fence at device scope (what a thread wrote before it is seen
   * by every thread of the launch before what it writes after). */
  void (*fence)(LLVMBuilderRef b, LLVMModuleRef m);
  /* A barrier among every thread of the grid, whose `blocks` (i32) blocks
   * must all be resident (gir.sync device under a cooperative launch);
   * `state` (a generic pointer) is two zeroed u32 of global memory the
   * barrier keeps between uses. NULL: no grid barrier. */
  void (*grid_barrier)(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef state, LLVMValueRef blocks);
  /* A statically sized array of `count` elem in the block's shared memory:
   * an internal global in the shared address space, uninitialised. */
  LLVMValueRef (*shared_array)(LLVMModuleRef m, const char *name, LLVMTypeRef elem, unsigned long long count);
  /* Math with no instruction (exp, log, tanh, erf, pow) calls the library
   * function <prefix><name>f for f32 and <prefix><name> for f64 ("__nv_":
   * libdevice, linked by emit_code). */
  const char *math_prefix;
  /* Tensor cores, ldmatrix, cp.async and dynamic shared memory; NULL on a
   * target without them. */
  const vtc_target_tensor_core *tensor_core;

  /* ---- hardware descriptions (targets/hardware.h) -----------------------
   * The row of this target's machine named `name` (case-insensitive, with
   * aliases), or NULL when the target knows no such machine. */
  const vtc_hardware *(*hardware)(const char *name);
} vtc_target;

/* The rows, one per folder (QBE's all.h declares its targets the same way),
 * so generic code can name a target without including its folder. */
extern const vtc_target vtc_target_x86, vtc_target_nvptx;

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

/* ---- optimisation and emission (emit.c) -----------------------------------
 * Each returns 0, or -1 with *error set to a malloc'd message (free() it;
 * error may be NULL to discard it). */

/* Runs the new-pass-manager pipeline `passes` ("default<O3>" when NULL) on
 * `m` for `tm` (the module's triple/layout are set from tm first). */
int vtc_llvm_optimize(LLVMModuleRef m, LLVMTargetMachineRef tm, const char *passes, char **error);

/* Emits `m` (not consumed, not optimised here) as `kind` for `tm`. *out gets
 * a malloc'd buffer of *out_size bytes, NUL-terminated for the text kinds. */
int vtc_llvm_emit(LLVMModuleRef m, LLVMTargetMachineRef tm, vtc_emit_kind kind, char **out,
                  size_t *out_size, char **error);

/* What a tool emits for target t: LLVM IR after default<O{opt_level}> (none
 * at 0), or assembly/object code through t->emit_code when the target has
 * one, else through tm after default<O{opt_level}>. m is changed in place
 * (optimised; configured for the target); cpu is the resolved one. */
int vtc_target_emit(const vtc_target *t, LLVMModuleRef m, LLVMTargetMachineRef tm, const char *cpu, int opt_level,
                    vtc_emit_kind kind, char **out, size_t *out_size, char **error);

#endif
