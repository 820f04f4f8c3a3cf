/* Private state of the gir -> LLVM translation: the one header its files
 * share, and that nothing outside lowering/gir-to-llvm/ includes. Each
 * section names the file that defines it: translate.c (module, kernels,
 * host functions, the value map and helpers; it dispatches each op to the
 * files below), kernel_ops.c (gOperators), gpu_ops.c (their GPU forms),
 * scalar_ops.c (arith and math, scalar or vector) and math_approx.c. The
 * public API, runtime ABI included (runtime_abi.c), is gir_to_llvm.h. */
#ifndef VTC_LOWERING_GIR_TO_LLVM_TRANSLATE_IMPL_H
#define VTC_LOWERING_GIR_TO_LLVM_TRANSLATE_IMPL_H

#include <llvm-c/Core.h>

#include "dialects/gir/gir.h"
#include "ir/ptrmap.h"
#include "ir/support.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"

/* What a gir/arith value became. */
typedef enum g2l_kind {
  G2L_SCALAR,   /* v: a scalar, or a vector inside a gir.elementwise body */
  G2L_REGISTER, /* segs[num]: one <width x T> vector per segment */
  G2L_BUFFER,   /* ptr + dims[rank] (i64; constants for static dims) */
  G2L_VIEW,     /* ptr (the buffer's data) + offset, stride, valid counts, padding */
} g2l_kind;

typedef struct g2l_value {
  g2l_kind kind;
  LLVMValueRef v;
  LLVMValueRef *segs;
  unsigned num;
  LLVMValueRef ptr;
  unsigned rank;
  LLVMValueRef dims[VTC_GIR_MAX_RANK];
  LLVMValueRef offset, stride;          /* i64 */
  LLVMValueRef valid_num, valid_width;  /* i64, NULL when unmasked */
  LLVMValueRef first_num, first_width;  /* i64, NULL when the window starts at (0, 0) */
  LLVMValueRef padding;                 /* scalar of the register element type */
  int64_t multiple;                     /* view: what offset and stride are known multiples of (0: both zero) */
  unsigned holder;                      /* register 1x1 on a GPU: 0 = the layout's lane (0, or every lane when
                                           replicated); k > 0 = only lane k - 1 holds it (gpu_ops.c, a joint
                                           width reduction's result on its way to memory) */
} g2l_value;

typedef struct g2l {
  vtc_context *ctx;
  vtc_op *module;
  const vtc_gir_to_llvm_options *opts;
  LLVMContextRef c;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMTypeRef i1, i8, i32, i64, ptr, vd;
  vtc_ptrmap values;             /* vtc_value * -> g2l_value * */
  VTC_VEC(g2l_value *) pool;     /* every g2l_value, freed at the end */
  bool failed;
  /* The function being filled and its entry block (for allocas). */
  LLVMValueRef fn;
  LLVMBasicBlockRef entry;
  LLVMValueRef alloc_dims; /* host: the dims array every buffer allocation of the function fills (NULL: none yet) */
  /* Inside a kernel's unit function. */
  vtc_op *kernel;
  int64_t group_size;
  LLVMValueRef group, unit_in_group, groups;
  /* A cooperative CPU kernel (shared buffers or block barriers; see
   * gir_to_llvm.h): its team's cache buffer and barrier (ptr parameters of
   * the unit function), and the bytes its shared gir.allocs took so far
   * (each at a 64-byte aligned offset of the buffer). */
  bool cooperative;
  LLVMValueRef shared_base, barrier;
  int64_t shared_bytes;
  /* Device barriers (device_sync.c): the kernel's split, the top-level
   * ops later phases recompute, and its barrier-state and phase
   * parameters (NULL in a kernel without device barriers). */
  vtc_gir_device_split device_split;
  vtc_ptrmap recomputed;
  LLVMValueRef device_state, phase;
  /* Inside a gir.elementwise body: the vector width (0 elsewhere). */
  unsigned ew_width;
  /* The GPU mapping (gir_to_llvm.h): kernels are PTX entries, a register
   * slice's width is spread over the `warp` lanes of a warp (the target's
   * warp_size; 0 on a CPU); `lane` is this thread's lane (i32) inside a
   * kernel. GPU constructs go through the target's hooks (target.h). */
  bool gpu;
  unsigned warp;
  /* The CPU converts f32 to bf16 natively (features name +avx512bf16 and
   * +avx512vl). */
  bool cpu_bf16;
  LLVMValueRef lane;
  /* Register segments of one element that every lane holds (gpu_ops.c
   * loads a one-element slice in every lane): extract reads them without a
   * shuffle. */
  vtc_ptrmap replicated;
  /* The GPU kernel's shared buffers (shared_mem.c): each gir.alloc's byte
   * offset + 1 in the dynamic shared memory when the kernel's buffers
   * exceed the static limit (dyn_shared_bytes > 0), else empty. */
  vtc_ptrmap shared_offsets;
  int64_t dyn_shared_bytes;
  /* Run-time checks (check_ops.c): the module's sites, the record table
   * (NULL without gir.asserts), the writer function, and in a host function
   * the buffers it owns and has not freed (freed on a failure exit). */
  vtc_gir_check_sites checks;
  LLVMValueRef check_table, check_fail;
  VTC_VEC(LLVMValueRef) host_owned;
} g2l;

/* "file:line:col: 'gir.alloc'" (op's location and name) as a private
 * string constant: where a run-time error of op is reported (the CUDA host
 * plan's wording, runtime/rt_error.h). */
LLVMValueRef g2l_where(g2l *t, vtc_op *op);
/* A private NUL-terminated string constant. */
LLVMValueRef g2l_string(g2l *t, const char *text);

/* ---- translate.c ------------------------------------------------------------ */

/* Reports `'op' op: message` at op's location; returns false. */
bool g2l_error(g2l *t, vtc_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Types. NULL for an unsupported type (no diagnostic). */
LLVMTypeRef g2l_scalar_type(g2l *t, const vtc_type *type);
LLVMTypeRef g2l_mem_type(g2l *t, const vtc_type *elem); /* i1 as i8, f16/bf16 as i16 */
LLVMTypeRef g2l_vec_type(g2l *t, const vtc_type *elem, unsigned width);
/* Bytes of one element in memory (LLVM's alloc size: i1 is a byte, iN rounds
 * up to a power of two bytes). */
int64_t g2l_elem_bytes(const vtc_type *elem);

/* The value map. */
g2l_value *g2l_new_value(g2l *t, g2l_kind kind);
void g2l_bind(g2l *t, const vtc_value *v, g2l_value *lv);
void g2l_bind_scalar(g2l *t, const vtc_value *v, LLVMValueRef x);
g2l_value *g2l_lookup(g2l *t, const vtc_value *v); /* asserts it is bound */
/* The LLVM value of a scalar (asserts kind). */
LLVMValueRef g2l_scalar(g2l *t, const vtc_value *v);

/* Constants and helpers. */
LLVMValueRef g2l_i64(g2l *t, int64_t x);
LLVMValueRef g2l_splat(g2l *t, LLVMValueRef scalar, unsigned width);
/* <0, 1, ..., width-1> as <width x i64>. */
LLVMValueRef g2l_iota(g2l *t, unsigned width);
/* The declaration of an overloaded intrinsic. */
LLVMValueRef g2l_intrinsic(g2l *t, const char *name, LLVMTypeRef *overloads, unsigned num_overloads,
                           LLVMTypeRef *fn_type);
/* Ends the current block with a branch to `join`, continues there and
 * returns the phi of `here` (from the block just ended) and `other` (from
 * `other_bb`): the merge of a two-way branch. */
LLVMValueRef g2l_merge(g2l *t, LLVMBasicBlockRef join, LLVMValueRef here, LLVMValueRef other,
                       LLVMBasicBlockRef other_bb, const char *name);
LLVMValueRef g2l_call_intrinsic(g2l *t, const char *name, LLVMTypeRef *overloads, unsigned num_overloads,
                                LLVMValueRef *args, unsigned num_args);
/* A call of a runtime or libm function declared on first use. */
LLVMValueRef g2l_call_extern(g2l *t, const char *name, LLVMTypeRef ret, LLVMTypeRef *params, unsigned n,
                             LLVMValueRef *args);
/* An alloca in the current function's entry block. */
LLVMValueRef g2l_entry_alloca(g2l *t, LLVMTypeRef type, unsigned align);

/* Translates the ops of `block` in order, stopping before its terminator
 * (returned through *terminator when non-NULL). */
bool g2l_block_ops(g2l *t, vtc_block *block, vtc_op **terminator);
/* One op in a kernel or host context (dispatches to the files below). */
bool g2l_op(g2l *t, vtc_op *op);

/* scalar_ops.c: arith and math ops; scalars, or vectors of t->ew_width
 * inside an elementwise body. Returns false after a diagnostic; *handled is
 * false (and nothing reported) when the op is not arith/math. */
bool g2l_scalar_op(g2l *t, vtc_op *op, bool *handled);
/* bf16 values are i16 bits (scalars or vectors): to f32 (exact), and from
 * f32 or f64 rounding to nearest even inline (NaN stays a quiet NaN). */
LLVMValueRef g2l_bf16_to_f32(g2l *t, LLVMValueRef bits);
LLVMValueRef g2l_f32_to_bf16(g2l *t, LLVMValueRef x);
/* A float constant of element type elem (bits for bf16), scalar. */
LLVMValueRef g2l_float_const(g2l *t, const vtc_type *elem, double v);
/* Widens a value of element type `from` (a float or integer, scalar or
 * vector) to the LLVM element type `to` (float: fpext or bf16 bits; int: sext). */
LLVMValueRef g2l_widen(g2l *t, LLVMValueRef v, const vtc_type *from, LLVMTypeRef to);
/* Float math on a scalar or vector x (elem unused, may be NULL). */
LLVMValueRef g2l_math_unary(g2l *t, int opcode, const vtc_type *elem, LLVMValueRef x);

/* kernel_ops.c: gir ops inside a kernel; same contract. */
bool g2l_kernel_op(g2l *t, vtc_op *op, bool *handled);

/* Elements of a width-wide slice segment that one thread holds: the width
 * on a CPU, ceil(width / 32) on a GPU. */
unsigned g2l_reg_width(const g2l *t, unsigned width);
/* The positions j (as <reg_width x i64>) of a segment's elements that this
 * thread holds: 0..width-1 on a CPU; on a GPU runs of g2l_lane_run
 * adjacent elements, run k of lane l at (k * warp + l) * V. */
LLVMValueRef g2l_positions(g2l *t, unsigned width);
/* The GPU register layout of a segment held as reg_width elements per lane:
 * the run length V; the position of (lane, slot); the lane and slot of
 * position j. */
unsigned g2l_lane_run(unsigned reg_width);
int64_t g2l_layout_position(unsigned warp, unsigned reg_width, unsigned lane, unsigned slot);
void g2l_layout_place(unsigned warp, unsigned reg_width, int64_t j, unsigned *lane, unsigned *slot);

/* Register <-> memory element representation of a <width x T> value: i1 <->
 * i8 (zext/trunc), f16 and bf16 <-> i16 (bitcast); others unchanged. */
LLVMValueRef g2l_from_memory(g2l *t, LLVMValueRef v, const vtc_type *elem, unsigned width);
LLVMValueRef g2l_to_memory(g2l *t, LLVMValueRef v, const vtc_type *elem, unsigned width);
/* The slice info of `type`; false after a diagnostic on op when the slice
 * or its element type is not supported. */
bool g2l_slice_info(g2l *t, vtc_op *op, const vtc_type *type, vtc_gir_slice_info *info);
/* A register value of num segments (filled by the caller). */
g2l_value *g2l_new_register(g2l *t, unsigned num);
/* gir.copy and gir.mma, for either mapping: `load`/`store` move segment i
 * of a view, `a_element` reads element j of a register segment (in every
 * lane). */
typedef LLVMValueRef (*g2l_load_fn)(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i);
typedef void (*g2l_store_fn)(g2l *t, g2l_value *view, const vtc_type *elem, unsigned width, int64_t i,
                             LLVMValueRef v);
typedef LLVMValueRef (*g2l_element_fn)(g2l *t, LLVMValueRef seg, int64_t j);
bool g2l_copy(g2l *t, vtc_op *op, g2l_load_fn load, g2l_store_fn store);
bool g2l_mma(g2l *t, vtc_op *op, g2l_element_fn a_element);
/* Combines two values of a reduction; reduces one vector to a scalar. */
LLVMValueRef g2l_combine(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef x, LLVMValueRef y);
LLVMValueRef g2l_reduce_vector(g2l *t, vtc_gir_combiner c, bool fp, LLVMValueRef v);

/* device_sync.c: `gir.sync device` and the phase split. g2l_device_begin
 * analyses kernel k (before its parameters are laid out); the body's ops
 * then go through g2l_kernel_body_ops (segments, when the split is sound). */
void g2l_device_begin(g2l *t, vtc_op *k);
bool g2l_kernel_body_ops(g2l *t, vtc_block *body);
bool g2l_device_sync(g2l *t, vtc_op *op);

/* atomic_ops.c: gir.atomic on either mapping (relaxed atomics per element;
 * float max/min by compare-and-swap, NaN propagating). */
bool g2l_atomic_op(g2l *t, vtc_op *op);

/* gpu_ops.c: the GPU forms of the gOperators whose data cross lanes (copies
 * between memory and registers, width reductions, broadcasts, extract, mma,
 * syncs), same contract as g2l_kernel_op. */
bool g2l_gpu_kernel_op(g2l *t, vtc_op *op, bool *handled);
/* A statically sized shared buffer of `count` elements of `elem` (address
 * space 3), as a generic pointer. */
LLVMValueRef g2l_gpu_shared(g2l *t, LLVMTypeRef elem, uint64_t count);

/* The GPU gOperators of Vortex's kernels (fragment_ops.c, async_ops.c):
 * register slices with a fragment layout (copies with ldmatrix and paired
 * stores, elementwise, broadcast, extract, mma.sync, re-patterning),
 * transposed copies, cp.async copies with their commit and wait, and
 * gir.assume_multiple; on a CPU the fragments, transposed and asynchronous
 * copies are located errors. Same contract as g2l_kernel_op. */
bool g2l_vortex_op(g2l *t, vtc_op *op, bool *handled);
bool g2l_async_op(g2l *t, vtc_op *op, bool *handled);
bool g2l_fragment_op(g2l *t, vtc_op *op, bool *handled);
/* gir.wgmma, gir.wgmma_fence, gir.wgmma_commit, gir.wgmma_wait (wgmma_ops.c). */
bool g2l_wgmma_op(g2l *t, vtc_op *op);
/* gpu_ops.c: masked gathers and scatters of `mem` elements at vector
 * addresses (mask NULL: all lanes), and the element addresses of a view. */
LLVMValueRef g2l_gpu_gather(g2l *t, LLVMTypeRef mem, LLVMValueRef addrs, LLVMValueRef mask, LLVMValueRef pass,
                            unsigned align);
void g2l_gpu_scatter(g2l *t, LLVMValueRef v, LLVMValueRef addrs, LLVMValueRef mask, unsigned align);
/* A warp shuffle of any scalar (lane_or_delta: i32), and element j of a
 * default-layout register segment in every lane. */
LLVMValueRef g2l_gpu_shuffle(g2l *t, vtc_target_shuffle mode, LLVMValueRef x, LLVMValueRef lane_or_delta);
LLVMValueRef g2l_gpu_element(g2l *t, LLVMValueRef seg, int64_t j);
/* shared_mem.c: a GPU kernel's shared buffers, static arrays up to
 * VTC_GIR_GPU_STATIC_SHARED_MAX bytes in all, else slices of the dynamic
 * shared memory the launch sizes (gir_to_llvm.h). begin plans them (an
 * error beyond what the architecture allows); alloc gives a gir.alloc's
 * generic pointer. */
bool g2l_gpu_shared_begin(g2l *t, vtc_op *kernel);
void g2l_gpu_shared_end(g2l *t);
LLVMValueRef g2l_gpu_shared_alloc(g2l *t, vtc_op *alloc, LLVMTypeRef elem, uint64_t count);

/* check_ops.c: run-time checks (gir_to_llvm.h). init collects the sites and
 * declares the record table; gir.assert on the host or in a kernel; the
 * host's checks after a launch and a func.call (nothing without a record);
 * the host's owned buffers (own on alloc and call results, drop on free). */
void g2l_checks_init(g2l *t);
void g2l_checks_free(g2l *t);
bool g2l_assert_op(g2l *t, vtc_op *op);
void g2l_check_after_launch(g2l *t, vtc_op *kernel);
void g2l_check_after_call(g2l *t);
void g2l_host_own(g2l *t, LLVMValueRef ptr);
void g2l_host_drop(g2l *t, LLVMValueRef ptr);

/* switch_ops.c: the host gir.switch (an LLVM switch and phis). */
bool g2l_switch_op(g2l *t, vtc_op *op);

/* math_approx.c: vectorised f32 approximations (x is float or <N x float>). */
LLVMValueRef g2l_approx_exp_f32(g2l *t, LLVMValueRef x);
LLVMValueRef g2l_approx_tanh_f32(g2l *t, LLVMValueRef x);
LLVMValueRef g2l_approx_erf_f32(g2l *t, LLVMValueRef x);

#endif
