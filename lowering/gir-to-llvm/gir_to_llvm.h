/* Translation of a module's gir kernels and host functions to an LLVM module
 * through the LLVM C API (the CPU mapping of PowerFusion section 7 / Vortex
 * section 4.2: unit = thread, register slice = vector registers). The
 * specification of gir is dialects/gir/README.md.
 *
 * ---- The CPU mapping ------------------------------------------------------
 * A `gir.kernel @k(params) parallel cpu group G lanes L` becomes three LLVM
 * functions:
 *   void @k(i64 groups, <params>)            the driver (external): returns at
 *        once when groups <= 0, else packs its arguments into a stack record
 *        and calls vtc_rt_parallel_for(@k.chunk, chunks, &record) with
 *        chunks = min(groups, vtc_rt_num_threads());
 *   void @k.chunk(i64 c, ptr record)         (internal) runs the groups
 *        [c*groups/chunks, (c+1)*groups/chunks), and for each of them the G
 *        units of the group one after the other;
 *   void @k.unit(i64 group, i64 unit_in_group, i64 groups, <params>)
 *        (internal, always inlined) the kernel body for one unit.
 * Register slices `num x width x T` are `num` LLVM vectors <width x T> (one
 * per segment); views are (base, offset, stride, valid counts, padding)
 * known at translation time; `valid` masks become llvm.masked.load/store.
 * gir.elementwise translates its scalar body once per segment on vectors;
 * gir.reduce uses llvm.vector.reduce.* (width axis, with `reassoc` for float
 * sums and products: gir leaves the order unspecified) or vector arithmetic
 * across segments (num axis); gir.mma is row-by-row splat x row FMAs
 * (llvm.fmuladd): with K = 1 on an MR x 1 column of a packed panel and a
 * 1 x NR row it is the BLIS micro-kernel step (a broadcast load per row of
 * A, vfmadd231ps on the accumulators; dialects/gir/README.md "the L0
 * micro-kernel"); gir.transpose is a log2(P)-stage network of two-source
 * shuffles on the rows padded to P x P; gir.for is a loop with phis.
 *
 * Cooperative kernels: a kernel with a shared gir.alloc or a memory-form
 * `gir.sync block` has units that must run at once (a barrier waits for
 * all of them) and share buffers, so its groups, not its units, are
 * scheduled (runtime/thread_pool.h, "groups of cooperating units"):
 *   void @k(i64 groups, <params>)   packs the record as above and calls
 *        vtc_rt_parallel_groups(@k.group, groups, G, shared_bytes, &record);
 *   void @k.group(i64 group, i64 unit_in_group, ptr shared, ptr barrier,
 *        ptr record)  (internal) runs one unit on the thread the runtime
 *        gives it (a team of G threads runs a group's G units at once);
 *   void @k.unit(i64 group, i64 unit_in_group, i64 groups, ptr shared,
 *        ptr barrier, <params>)  the body.
 * Each shared gir.alloc is a 64-byte aligned piece of the team's cache
 * buffer (`shared`, allocated once per team by the runtime and reused by
 * the groups the team runs; shared_bytes is their sum, at most 1 GiB), and
 * `gir.sync block` with G > 1 calls vtc_rt_group_barrier(barrier) (G = 1:
 * nothing). G is at most 256 for such kernels. Other kernels keep the chunk
 * function (their units need not run at once).
 *
 * Math functions: llvm.exp/log/sqrt/fabs/pow/tanh intrinsics for f64 and
 * f16 (LLVM scalarises them into libm calls on x86); for f32 (and bf16,
 * computed in f32) exp, tanh, erf and sigmoid use short vectorised
 * approximations in LLVM IR (math_approx.c: range reduction + polynomial,
 * at most 2e-7 relative error, tested against libm): a memory-bound kernel
 * would otherwise be bound by one libm call per element. log, sqrt, pow
 * stay intrinsics. erf in f64/f16 calls libm's erf/erff per lane.
 * Options: fast_math_functions = false (vtc-translate --precise-math) uses
 * the intrinsics and libm for f32 too.
 *
 * Element types: i1 is a byte in memory (0/1) and <W x i1> in registers;
 * f16 is `half` (F16C / AVX512-FP16 conversions); bf16 is kept as i16 bits
 * in registers and memory and computed in f32, rounded back to nearest even
 * inline: x86 without AVX512-BF16 has no bf16 registers and LLVM would call
 * __truncsfbf2 (absent from the JIT's process) per element.
 *
 * ---- The entry-point calling convention (host functions) ---------------
 * A host `func.func @f(A0, ..., An-1) -> (R0, ..., Rm-1)` becomes the
 * external LLVM function
 *   void @f(<A0>, ..., <An-1>, ptr r0, ..., ptr rm-1)
 * where an argument <Ai> is
 *   - a buffer !gir.buffer<global, D0x...xT>: `ptr data` followed by one i64
 *     per dynamic (`?`) dimension, in dimension order (static dimensions
 *     are not passed);
 *   - a scalar: index -> i64, iN -> iN (i1 as i1, zero-extended by the
 *     platform ABI), f32 -> float, f64 -> double, f16 -> half, bf16 -> i16
 *     (its bits);
 * and each result ri points to a caller-provided record the function fills:
 *   - a buffer result: int64-aligned words {void *data; int64_t dims[rank]}
 *     (every dimension, static ones too), i.e. (1 + rank) * 8 bytes; the
 *     data was allocated with vtc_rt_alloc and the caller frees it with
 *     vtc_rt_free (runtime/rt_alloc.h);
 *   - a scalar result: the value, stored with its LLVM type's size.
 * Buffers are dense row-major arrays of the element type; i1 elements are
 * stored one byte each (0 or 1). The function returns nothing. Kernels can
 * also be called directly through their driver (@k above), whose buffer
 * parameters follow the same expansion (ptr + dynamic dims). A func.call
 * between host functions uses the same convention, its result records
 * being stack slots of the caller.
 *
 * ---- The GPU mapping (opts->target = &vtc_target_nvptx) ------------------
 * Only `parallel gpu` kernels are translated (a `parallel cpu` kernel is an
 * error); host functions are skipped: runtime/cuda_exec runs them on the
 * host. Each kernel becomes one PTX entry (.entry) named like the kernel,
 *   void @k(<params>)
 * whose parameters follow the kernel's in order: a global buffer is `ptr`
 * (a 64-bit device address) followed by one i64 per dynamic dimension; index
 * is i64; i1 is i8 (0 or 1); iN (N >= 8) is iN; f16 and bf16 are i16 (their
 * bits); f32 float; f64 double. It is launched with grid (groups, 1, 1),
 * block (group_size * 32, 1, 1) and the kernel's dynamic shared bytes
 * (vtc_gir_gpu_dynamic_shared_bytes below, usually 0); a launch of 0
 * groups is skipped by the host. Unit = warp (gir.id unit_in_group =
 * tid.x / 32, group = ctaid.x), lane = tid.x % 32. A register slice
 * num x width is held as num vectors of n = ceil(width / 32) elements per
 * thread, in runs of V adjacent elements (V the largest power of two <= 4
 * dividing n): run k of lane l holds elements (32 k + l) V ... + V - 1
 * (dialects/gir/README.md); positions past `width` are padding. An
 * unmasked segment that fills the lanes' runs is one vector load or store
 * per run, aligned as far as the view's offset and stride are known
 * multiples of V (kernel buffers are allocations: 16-byte aligned). A slice
 * with a fragment layout (mma_a, mma_b, mma_acc) is held as one vector per
 * tile of its layout, tiles row-major, with this thread's elements of the
 * tile in PTX's fragment order (fragment_ops.c); gir.mma on fragments is
 * mma.sync, shared -> fragment copies ldmatrix, gir.copy_async cp.async
 * (async_ops.c), through the target's tensor_core hooks. Math that
 * NVPTX has no instruction for (log, pow, and exp/tanh/erf outside the f32
 * approximations) calls libdevice's __nv_* functions, linked when PTX is
 * emitted (targets/nvptx/nvptx.h).
 *
 * ---- Run-time checks (gir.assert) -------------------------------------------
 * A module that holds gir.asserts gets a table of check records, the global
 *   @vtc_checks = [R x [8 x i64]] zeroinitializer  (address space 1 on NVPTX)
 * with record 0 for host code and record k >= 1 for the k-th kernel (module
 * order) that holds a gir.assert (vtc_gir_check_sites). A record is {key,
 * site, a0, ..., a5}: key 0 is "no failure"; otherwise `site` is the failed
 * gir.assert (the k-th of the module, in module order, is site k) and a0..
 * the values of its arguments (at most VTC_GIR_CHECK_MAX_ARGS). A failing
 * kernel assertion writes its kernel's record when it is empty or holds a
 * larger key (its order + 1, or 1 without an order), so the record ends up
 * with the smallest-order failure of the launch: a writer takes the key
 * word with a compare-and-swap to a lock value, writes the record and
 * releases the word with its key (cold path; no cost while checks pass).
 * On the CPU a failing host assertion writes record 0 (key 1), and the host
 * function frees the buffers it owns and returns at once; so does it after
 * the launch of a kernel whose record is not empty (copied to record 0
 * first) and after a func.call that leaves record 0 not empty. A caller of
 * an entry point finds the records zero (as loaded) and, when record 0 is
 * not empty after the call, the call failed (its result records were not
 * written); it zeroes the records again after reading them. On NVPTX only
 * the kernels write their records; the host plan (runtime/cuda_plan.h)
 * evaluates host assertions and reads the records.
 *
 * Unsupported (a located error diagnostic, translation fails): on the
 * CPU gir.sync block with group_size > 1 (units of a group run one after
 * the other), fragment layouts, transposed and asynchronous copies;
 * gir.sync device, gpu kernels, host functions with more than one block,
 * tensor types and dense constants, global allocs inside kernels, and any
 * op outside gir, arith, math and func. */
#ifndef VTC_LOWERING_GIR_TO_LLVM_GIR_TO_LLVM_H
#define VTC_LOWERING_GIR_TO_LLVM_GIR_TO_LLVM_H

#include <llvm-c/Core.h>

#include "ir/operation.h"
#include "targets/target.h"

typedef struct vtc_gir_to_llvm_options {
  /* For the target's prepare_function (preferred vector width); NULL: no
   * per-function attributes. cpu/features NULL: the target's default. */
  const vtc_target *target;
  const char *cpu;
  const char *features;
  /* Use the vectorised f32 approximations of exp/tanh/erf/sigmoid (default
   * true through vtc_gir_to_llvm_default_options); false: intrinsics/libm. */
  bool fast_math_functions;
} vtc_gir_to_llvm_options;

vtc_gir_to_llvm_options vtc_gir_to_llvm_default_options(void);

/* Translates every gir.kernel and every func.func of `module` (a
 * builtin.module) into a new LLVM module named `name` in `llctx`. Returns
 * NULL after reporting located error diagnostics (to the module's context)
 * on anything unsupported. opts may be NULL (defaults). The caller disposes
 * of the module. The module is not optimised; its triple and data layout
 * are not set (vtc_target_configure_module does it). */
LLVMModuleRef vtc_gir_to_llvm(vtc_op *module, LLVMContextRef llctx, const char *name,
                              const vtc_gir_to_llvm_options *opts);

/* ---- Device barriers (device_sync.c; issue 15 item 7) -----------------------
 * A kernel with a memory-form `gir.sync device` takes two parameters after
 * its own: the barrier state and the phase.
 *   GPU: .entry k(<params>, .u64 state, .u32 phase). `state` points to two
 *   u32 {count, generation} in global memory, zeroed by the host once (the
 *   CUDA runtime keeps one per program, runtime/cuda_exec.c); the barrier
 *   is bar.sync; thread 0: ld.relaxed.gpu generation, atom.acq_rel.gpu.add
 *   count (the last arrival resets count and st.release.gpu's generation +
 *   1; the others spin on ld.acquire.gpu of generation); bar.sync. It never
 *   needs a reset, and needs every block resident (cooperative launch).
 *   CPU: @k.unit(i64 group, i64 unit_in_group, i64 groups, ptr shared, ptr
 *   barrier, ptr device, i64 phase, <params>) and @k.group(..., ptr record,
 *   ptr device, i64 phase); the driver calls vtc_rt_parallel_device(@k.group,
 *   groups, G, shared_bytes, phases, &record) (runtime/thread_pool.h), and
 *   the barrier is vtc_rt_device_barrier(device).
 * Phase -1: every unit is resident and each device barrier is real. Phase
 * p >= 0, for a kernel whose split is sound (vtc_gir_kernel_device_split,
 * `phases` segments): the launch runs segment p only: the top-level ops of
 * earlier segments that later ones need (pure: ids, constants, index
 * arithmetic, views; and loads from global parameters the kernel never
 * writes, reloaded) are recomputed first, the rest of segments < p is
 * skipped (one uniform branch `phase <= s` per segment), and the kernel
 * returns at barrier p. The host launches phases 0 .. phases-1 in order,
 * so the end of one launch is the barrier. Shared memory and registers do
 * not survive between phases: a kernel whose shared buffer is used on both
 * sides of a barrier, whose crossing values come from memory, or whose
 * barrier sits in a gir.for has no split, and must run co-resident. */

/* ---- Shared memory of GPU kernels -------------------------------------------
 * A kernel's shared gir.allocs take their bytes each rounded up to 16 (the
 * alignment ldmatrix and cp.async need), in the kernel's walk order. Up to
 * VTC_GIR_GPU_STATIC_SHARED_MAX bytes in all they are static shared arrays;
 * beyond it they are slices of the block's dynamic shared memory, and the
 * kernel needs that many bytes at launch (the CUDA runtime raises the
 * kernel's CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES when it loads
 * it, within the device's opt-in limit, and passes them to every launch).
 * More than the target architecture allows a block is a located error. */
#define VTC_GIR_GPU_STATIC_SHARED_MAX (48 * 1024)
/* The bytes of the kernel's shared buffers as laid out above. */
int64_t vtc_gir_gpu_shared_bytes(vtc_op *kernel);
/* The dynamic shared memory a launch of the kernel passes: its shared bytes
 * when they exceed VTC_GIR_GPU_STATIC_SHARED_MAX, else 0. */
int64_t vtc_gir_gpu_dynamic_shared_bytes(vtc_op *kernel);

/* What one LLVM parameter of an entry point carries (for callers through
 * libffi, such as vtc-run). */
typedef enum vtc_gir_param_kind {
  VTC_GIR_PARAM_DATA,   /* ptr: data of buffer argument `arg` */
  VTC_GIR_PARAM_DIM,    /* i64: dimension `dim` of buffer argument `arg` */
  VTC_GIR_PARAM_SCALAR, /* argument `arg` by value (its type: the func's input type) */
  VTC_GIR_PARAM_RESULT, /* ptr: the record of result `arg` */
} vtc_gir_param_kind;

typedef struct vtc_gir_param {
  vtc_gir_param_kind kind;
  unsigned arg; /* argument or result number */
  unsigned dim; /* for VTC_GIR_PARAM_DIM */
} vtc_gir_param;

/* The run-time checks of a module (above): its gir.asserts in module order
 * (site k + 1 is asserts[k]) and the kernels that hold one (record k + 1 is
 * kernels[k]'s). Heap arrays, freed by vtc_gir_check_sites_free. */
#define VTC_GIR_CHECKS_SYMBOL "vtc_checks"
#define VTC_GIR_CHECK_RECORD_WORDS 8
#define VTC_GIR_CHECK_MAX_ARGS 6
typedef struct vtc_gir_check_sites {
  vtc_op **asserts;
  unsigned num_asserts;
  vtc_op **kernels;
  unsigned num_kernels;
} vtc_gir_check_sites;
void vtc_gir_check_sites_collect(vtc_op *module, vtc_gir_check_sites *out);
void vtc_gir_check_sites_free(vtc_gir_check_sites *s);
/* The site of a gir.assert and the record of a kernel: 1-based, 0 for none. */
unsigned vtc_gir_check_site(const vtc_gir_check_sites *s, const vtc_op *assert_op);
unsigned vtc_gir_check_record(const vtc_gir_check_sites *s, const vtc_op *kernel);

/* The LLVM parameter list of host function `func` (a func.func) under the
 * convention above: writes at most `max` entries to params and returns how
 * many there are (call with max 0 to count), or -1 when a type is not
 * supported. */
int vtc_gir_entry_params(const vtc_op *func, vtc_gir_param *params, int max);

/* ---- The runtime ABI (runtime_abi.c) -------------------------------------
 * The functions of libvtcrt that generated CPU code calls by name. Their
 * signatures belong to this code generator, which emits the calls; the
 * runtime that runs the code defines them (runtime/jit.c binds each name to
 * its C function, and test_jit checks that both tables agree). A signature
 * is "ret(params)" over the kinds void, ptr, i32, i64, f32 and f64. */
typedef struct vtc_gir_rt_function {
  const char *name;      /* "vtc_rt_parallel_for" */
  const char *signature; /* "void(ptr,i64,ptr)" */
} vtc_gir_rt_function;

extern const vtc_gir_rt_function vtc_gir_rt_functions[];
extern const size_t vtc_gir_num_rt_functions;

/* The LLVM function type of runtime function `name` in ctx (NULL if it is
 * not one of vtc_gir_rt_functions), and its declaration in m (added once,
 * returned thereafter; NULL if unknown). */
LLVMTypeRef vtc_gir_rt_function_type(LLVMContextRef ctx, const char *name);
LLVMValueRef vtc_gir_rt_declare(LLVMModuleRef m, const char *name);

#endif
