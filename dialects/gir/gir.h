/* The gir dialect: PowerFusion's GIR (powerfusion.txt sections 4 and 7) over
 * Vortex's hardware hierarchy (vortex.txt section 4): kernels with a parallel
 * primitive, memory slices by level, and computation, data-movement and sync
 * gOperators; host ops that allocate buffers and launch kernels. The
 * specification is dialects/gir/README.md. */
#ifndef VTC_DIALECTS_GIR_GIR_H
#define VTC_DIALECTS_GIR_GIR_H

#include "ir/builder.h"
#include "ir/dialect.h"

extern const vtc_dialect vtc_gir_dialect;

/* Registers the gir dialect (same as vtc_context_register_dialect). */
void vtc_register_gir_dialect(vtc_context *ctx);

/* ---- the hardware hierarchy ------------------------------------------------ */

/* Memory levels, outermost first. */
typedef enum vtc_gir_level {
  VTC_GIR_GLOBAL,   /* DRAM: device memory / host memory; every unit of a launch */
  VTC_GIR_SHARED,   /* on-chip, one group: GPU shared memory, CPU cache buffer */
  VTC_GIR_REGISTER, /* one unit: GPU warp registers over its lanes, CPU vector registers */
} vtc_gir_level;

/* Sync scopes, innermost first: who exchanges data across the sync. */
typedef enum vtc_gir_scope {
  VTC_GIR_SCOPE_LANE,   /* nobody: same pattern, no effect */
  VTC_GIR_SCOPE_WARP,   /* the lanes of one unit (GPU warp shuffle; CPU vector permute) */
  VTC_GIR_SCOPE_BLOCK,  /* the units of one group (__syncthreads; CPU group barrier) */
  VTC_GIR_SCOPE_DEVICE, /* every unit of the launch (grid barrier) */
} vtc_gir_scope;

/* How the parallel units of a kernel map onto a machine (the kernel's
 * `hierarchy`): unit = warp, group = block on a GPU; unit = thread, group =
 * threads sharing `shared` buffers on a CPU. */
typedef enum vtc_gir_hierarchy {
  VTC_GIR_HIER_CPU,
  VTC_GIR_HIER_GPU,
} vtc_gir_hierarchy;

/* What gir.id / gir.count name. */
typedef enum vtc_gir_dim {
  VTC_GIR_DIM_UNIT,          /* id: linear unit index in [0, units); count: units of the launch */
  VTC_GIR_DIM_GROUP,         /* id: group index in [0, groups); count: groups of the launch */
  VTC_GIR_DIM_UNIT_IN_GROUP, /* id: unit index in its group; count: group_size */
} vtc_gir_dim;

/* Reduction combiners (the same four as te). */
typedef enum vtc_gir_combiner {
  VTC_GIR_SUM,
  VTC_GIR_MAX,
  VTC_GIR_MIN,
  VTC_GIR_PROD,
} vtc_gir_combiner;

/* The axis of gir.reduce and gir.broadcast within a num x width slice. */
typedef enum vtc_gir_axis {
  VTC_GIR_AXIS_WIDTH, /* within each segment: num x width <-> num x 1 */
  VTC_GIR_AXIS_NUM,   /* across segments:      num x width <-> 1 x width */
} vtc_gir_axis;

/* Names as written in the textual form ("global", "warp", "gpu", "unit_in_group",
 * "sum", "width"); the _from_name forms return false on an unknown name. */
const char *vtc_gir_level_name(vtc_gir_level l);
bool vtc_gir_level_from_name(const char *name, vtc_gir_level *out);
const char *vtc_gir_scope_name(vtc_gir_scope s);
bool vtc_gir_scope_from_name(const char *name, vtc_gir_scope *out);
const char *vtc_gir_hierarchy_name(vtc_gir_hierarchy h);
bool vtc_gir_hierarchy_from_name(const char *name, vtc_gir_hierarchy *out);
const char *vtc_gir_dim_name(vtc_gir_dim d);
bool vtc_gir_dim_from_name(const char *name, vtc_gir_dim *out);
const char *vtc_gir_combiner_name(vtc_gir_combiner c);
bool vtc_gir_combiner_from_name(const char *name, vtc_gir_combiner *out);
const char *vtc_gir_axis_name(vtc_gir_axis a);
bool vtc_gir_axis_from_name(const char *name, vtc_gir_axis *out);

/* The widest scope whose data a level can carry: register -> warp, shared ->
 * block, global -> device. A sync of scope s on a slice or buffer of level l
 * requires s <= vtc_gir_level_max_scope(l). */
vtc_gir_scope vtc_gir_level_max_scope(vtc_gir_level l);

/* ---- types ------------------------------------------------------------------
 * `!gir.slice<LEVEL, NUMxWIDTHxELEM[, STRIDE]>`: a memory slice, PowerFusion's
 * edge: `num` segments of `width` contiguous elements, segment starts
 * `stride` elements apart (stride printed only when != width; `?` = dynamic,
 * memory levels only). Register slices are values held by one unit
 * (stride == width); global and shared slices are views (gir.view).
 * `!gir.buffer<LEVEL, DIMSxELEM>`: a dense row-major memory object at the
 * global or shared level (`!gir.buffer<global, ?x64xf32>`; `<global, f32>`
 * for rank 0). Types are uniqued by their text, so only the canonical
 * spelling (the printer's) is accepted; build them with the functions here. */

/* How a register slice's elements are spread over the lanes of a GPU unit
 * (a slice's `layout`; dialects/gir/README.md, "Fragment layouts"). The
 * layout never changes what a slice holds (its num x width elements, row
 * i = segment i): only which lane holds which element. */
typedef enum vtc_gir_layout {
  VTC_GIR_LAYOUT_LANES,   /* element j of a segment in lane j mod lanes (the default; not written) */
  VTC_GIR_LAYOUT_MMA_A,   /* mma.sync's A operand, M x K: 16x16 tiles (f16, bf16) or 16x8 (f32 as tf32) */
  VTC_GIR_LAYOUT_MMA_B,   /* mma.sync's B operand, K x N: 16x8 tiles (f16, bf16) or 8x8 (f32 as tf32) */
  VTC_GIR_LAYOUT_MMA_ACC, /* mma.sync's C and D, M x N: 16x8 tiles, any element type */
  /* CUDA-core (FFMA) thread tiles: the lanes as a 4 x 8 grid (lane = 8 lm +
   * ln), lane (lm, ln) holding rows [lm M/4, (lm+1) M/4) and columns
   * [ln N/8, (ln+1) N/8) of the slice. */
  VTC_GIR_LAYOUT_FFMA_A,   /* A, M x K: the lane's rows, every column */
  VTC_GIR_LAYOUT_FFMA_B,   /* B, K x N: the lane's columns, every row */
  VTC_GIR_LAYOUT_FFMA_ACC, /* C and D, M x N: the lane's rows and columns */
} vtc_gir_layout;

typedef struct vtc_gir_slice_info {
  vtc_gir_level level;
  const vtc_type *elem; /* a scalar integer or float type */
  int64_t num, width;   /* >= 1 */
  int64_t stride;       /* >= width, or VTC_DYNAMIC */
  vtc_gir_layout layout; /* register slices only; VTC_GIR_LAYOUT_LANES elsewhere */
} vtc_gir_slice_info;

#define VTC_GIR_MAX_RANK 8
#define VTC_GIR_MAX_SLICE_SIZE ((int64_t)1 << 31) /* bound on num, width and a static stride */
/* A register slice lives in one unit's registers: num * width at most this
 * (a GPU warp's 32 lanes x 128 elements is 4096; lower-te-to-gir stays far
 * below, at most vector-bits / 8 = 8192). It is also the most LLVM takes in
 * one vector: gir-to-llvm's vectors of more elements abort LLVM's code
 * generator ("SmallVector unable to grow"). */
#define VTC_GIR_MAX_REGISTER_ELEMS ((int64_t)1 << 15)
/* A shared buffer of a GPU kernel is a block's shared memory (static up to
 * 48 KiB, dynamic above: gir-to-llvm checks each architecture's limit,
 * 227 KiB on sm_90, the most any supported GPU gives a block): its bytes
 * at most VTC_GIR_MAX_SHARED_BYTES. On a CPU it is a piece of a group's
 * cache buffer (Vortex's CacheBuffer, packed panels of MiBs), whose pieces
 * together are at most VTC_GIR_MAX_CPU_SHARED_BYTES: the bound keeps user
 * input from asking the runtime for memory it cannot have. */
#define VTC_GIR_MAX_SHARED_BYTES ((int64_t)227 << 10)
#define VTC_GIR_MAX_CPU_SHARED_BYTES ((int64_t)1 << 30)

typedef struct vtc_gir_buffer_info {
  vtc_gir_level level; /* global or shared */
  const vtc_type *elem;
  unsigned rank;
  int64_t dims[VTC_GIR_MAX_RANK]; /* VTC_DYNAMIC for `?` */
} vtc_gir_buffer_info;

/* The uniqued slice type; stride VTC_DYNAMIC is `?`. Asserts on arguments
 * that vtc_gir_slice_check would reject (callers validate user input). */
const vtc_type *vtc_gir_slice_type(vtc_context *ctx, vtc_gir_level level, const vtc_type *elem, int64_t num,
                                   int64_t width, int64_t stride);
/* A dense register slice (stride == width). */
const vtc_type *vtc_gir_register_type(vtc_context *ctx, const vtc_type *elem, int64_t num, int64_t width);
const vtc_type *vtc_gir_buffer_type(vtc_context *ctx, vtc_gir_level level, const vtc_type *elem, unsigned rank,
                                    const int64_t *dims);
/* NULL when the slice is invalid, else an explanation. */
const char *vtc_gir_slice_check(vtc_gir_level level, const vtc_type *elem, int64_t num, int64_t width,
                                int64_t stride);

/* ---- fragment layouts (tensor cores) ----------------------------------------
 * `!gir.slice<register, 64x16xf16, mma_a>`: a register slice whose elements
 * sit in the lanes as PTX's mma.sync m16n8k16 (f16, bf16) or m16n8k8 (tf32)
 * operand fragments, repeated over the tiles of the slice (tile rows
 * outermost). num and width are multiples of the layout's tile. */

/* "lanes", "mma_a", "mma_b", "mma_acc", "ffma_a", "ffma_b", "ffma_acc" */
const char *vtc_gir_layout_name(vtc_gir_layout l);
bool vtc_gir_layout_from_name(const char *name, vtc_gir_layout *out);
/* The tile of a fragment layout for elements of `elem` (for the ffma
 * layouts the lane grid's share: 4x1, 1x8, 4x8): false when the layout is
 * not a fragment or has no tile for that element type. */
bool vtc_gir_fragment_tile(vtc_gir_layout layout, const vtc_type *elem, int64_t *rows, int64_t *cols);
/* NULL when a register slice of this layout, element type and shape is
 * valid, else an explanation. */
const char *vtc_gir_fragment_check(vtc_gir_layout layout, const vtc_type *elem, int64_t num, int64_t width);
/* The uniqued register slice with a layout (asserts what the check rejects). */
const vtc_type *vtc_gir_fragment_type(vtc_context *ctx, vtc_gir_layout layout, const vtc_type *elem, int64_t num,
                                      int64_t width);
/* The layout of a slice type (VTC_GIR_LAYOUT_LANES for anything else). */
vtc_gir_layout vtc_gir_layout_of(vtc_context *ctx, const vtc_type *t);

bool vtc_gir_is_slice(const vtc_type *t);
bool vtc_gir_is_buffer(const vtc_type *t);
/* Decoding takes the context that owns t (for the element type). */
bool vtc_gir_is_register(vtc_context *ctx, const vtc_type *t); /* a register-level slice */
/* Decode a slice or buffer type; false when t is not one (info untouched). */
bool vtc_gir_slice_info_of(vtc_context *ctx, const vtc_type *t, vtc_gir_slice_info *info);
bool vtc_gir_buffer_info_of(vtc_context *ctx, const vtc_type *t, vtc_gir_buffer_info *info);
/* The element type of a slice or buffer, or NULL. */
const vtc_type *vtc_gir_elem_type(vtc_context *ctx, const vtc_type *t);
/* Number of elements num * width of a slice (0 when not a slice). */
int64_t vtc_gir_slice_elems(vtc_context *ctx, const vtc_type *t);
/* The check_type hook: validates `slice`/`buffer` bodies. */
bool vtc_gir_check_type(vtc_context *ctx, const char *mnemonic, const char *body, const char **error);

/* ---- attribute names (generic form) ------------------------------------------ */

#define VTC_GIR_ATTR_HIERARCHY "hierarchy"   /* kernel: string cpu|gpu */
#define VTC_GIR_ATTR_GROUP_SIZE "group_size" /* kernel: i64, units per group */
#define VTC_GIR_ATTR_LANES "lanes"           /* kernel: i64, lanes per unit */
#define VTC_GIR_ATTR_OCCUPANCY "occupancy"   /* kernel: i64, groups per core the schedule is planned for (optional) */
#define VTC_GIR_ATTR_KERNEL "kernel"         /* launch: symbol reference */
#define VTC_GIR_ATTR_DIM "dim"               /* id, count: string */
#define VTC_GIR_ATTR_INDEX "index"           /* dim: i64 */
#define VTC_GIR_ATTR_SCOPE "scope"           /* sync: string */
#define VTC_GIR_ATTR_COMBINER "combiner"     /* reduce: string */
#define VTC_GIR_ATTR_AXIS "axis"             /* reduce, broadcast: string */
#define VTC_GIR_ATTR_PADDING "padding"       /* view: value of reads outside `valid` */
#define VTC_GIR_ATTR_POSITION "position"     /* extract: [segment, element] */
#define VTC_GIR_ATTR_TRANSPOSE "transpose"   /* copy: unit, the register side is the memory side transposed */
#define VTC_GIR_ATTR_TF32 "tf32"             /* mma: unit, f32 fragments multiply as tf32 */
#define VTC_GIR_ATTR_PENDING "pending"       /* async_wait, wgmma_wait: i64, commit groups left in flight */
#define VTC_GIR_ATTR_SWIZZLE "swizzle"       /* copy_async, wgmma: i64, the shared rows' swizzle span in bytes (128) */
#define VTC_GIR_ATTR_TRANSPOSE_A "transpose_a" /* wgmma: unit, A's memory is K x M */
#define VTC_GIR_ATTR_TRANSPOSE_B "transpose_b" /* wgmma: unit, B's memory is N x K */
#define VTC_GIR_ATTR_PANEL_STRIDE "panel_stride" /* wgmma: i64, elements between B's 64-wide column panels */
#define VTC_GIR_ATTR_MULTIPLE "multiple"     /* assume_multiple: i64 */
#define VTC_GIR_ATTR_CASES "cases"           /* switch: [i64 ...], distinct */
#define VTC_GIR_ATTR_ATOMIC "kind"           /* atomic: string add|max|min */
#define VTC_GIR_ATTR_UNROLL "unroll"         /* for: i64 >= 1, a hint: the backend unrolls the loop this many times */

/* ---- kinds ---------------------------------------------------------------------- */

/* True when op is `gir.<mnemonic>` ("kernel", "copy", ...). */
bool vtc_gir_is(const vtc_op *op, const char *mnemonic);
/* The gir.kernel enclosing op (at any depth), or NULL. */
vtc_op *vtc_gir_enclosing_kernel(const vtc_op *op);

/* ---- gir.kernel ------------------------------------------------------------------
 * A symbol (`sym_name`) with `function_type` (params -> no results), one
 * body block whose arguments are the params, ending with gir.return. */

const char *vtc_gir_kernel_name(const vtc_op *kernel);
const vtc_type *vtc_gir_kernel_type(const vtc_op *kernel); /* a function type */
vtc_gir_hierarchy vtc_gir_kernel_hierarchy(const vtc_op *kernel);
int64_t vtc_gir_kernel_group_size(const vtc_op *kernel);
int64_t vtc_gir_kernel_lanes(const vtc_op *kernel);
/* The groups per core (GPU: blocks per SM) the kernel's schedule was
 * planned for, which the backend budgets registers for; 0 when unset. */
int64_t vtc_gir_kernel_occupancy(const vtc_op *kernel);
vtc_block *vtc_gir_kernel_body(const vtc_op *kernel);
vtc_value *vtc_gir_kernel_arg(const vtc_op *kernel, unsigned i);

/* A kernel with an entry block holding one argument per param, empty: fill
 * it with vtc_builder_at_end(ctx, vtc_gir_kernel_body(k)) and end it with
 * vtc_gir_build_return. */
vtc_op *vtc_gir_build_kernel(vtc_builder *b, const vtc_loc *loc, const char *name, unsigned num_params,
                             const vtc_type *const *params, vtc_gir_hierarchy hierarchy, int64_t group_size,
                             int64_t lanes);
vtc_op *vtc_gir_build_return(vtc_builder *b, const vtc_loc *loc);

/* ---- parallel indices -------------------------------------------------------------- */

vtc_value *vtc_gir_build_id(vtc_builder *b, const vtc_loc *loc, vtc_gir_dim dim);
vtc_value *vtc_gir_build_count(vtc_builder *b, const vtc_loc *loc, vtc_gir_dim dim);
vtc_gir_dim vtc_gir_id_dim(const vtc_op *op); /* gir.id and gir.count */

/* ---- buffers (host and kernel) -------------------------------------------------------
 * gir.alloc: operands are the dynamic sizes, one per `?` of the result. A
 * global buffer is allocated on the host (outside kernels); a shared buffer
 * inside a kernel (static shape, one per group, for the kernel's duration). */

vtc_value *vtc_gir_build_alloc(vtc_builder *b, const vtc_loc *loc, const vtc_type *buffer_type,
                               unsigned num_dynamic, vtc_value *const *dynamic_sizes);
vtc_op *vtc_gir_build_free(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer);
/* The bytes a shared gir.alloc (verified, inside a kernel) takes of a GPU
 * block's shared memory: elements of a power-of-two number of bytes, the
 * buffer 16-byte aligned; -1 for any other op. */
int64_t vtc_gir_shared_alloc_bytes(const vtc_op *op);
vtc_value *vtc_gir_build_dim(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, unsigned index);
unsigned vtc_gir_dim_index(const vtc_op *op);

/* ---- gir.launch ------------------------------------------------------------------------
 * Operands: the number of groups (index), then the kernel's arguments. */

vtc_op *vtc_gir_build_launch(vtc_builder *b, const vtc_loc *loc, const char *kernel, vtc_value *groups,
                             unsigned num_args, vtc_value *const *args);
const char *vtc_gir_launch_kernel_name(const vtc_op *launch);
vtc_value *vtc_gir_launch_groups(const vtc_op *launch);
unsigned vtc_gir_launch_num_args(const vtc_op *launch);
vtc_value *vtc_gir_launch_arg(const vtc_op *launch, unsigned i);
/* The gir.kernel the launch names (through the symbol table), or NULL. */
vtc_op *vtc_gir_launch_lookup_kernel(vtc_op *launch);

/* ---- gir.view --------------------------------------------------------------------------
 * Operands: buffer, offset (index, elements from the buffer's start), the
 * stride (index) when the slice's stride is `?`, then optionally two valid
 * counts (segments, elements per segment): elements outside them are not
 * written and read as `padding` (default zero). With two more, the first
 * valid segment and element (`valid(%n, %w) from(%i0, %j0)`): element
 * (i, j) exists when i0 <= i < n and j0 <= j < w, so a window that starts
 * before its buffer (a convolution's left padding) is one masked view; the
 * offset may then address elements before the buffer that are never read. */

vtc_value *vtc_gir_build_view(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, vtc_value *offset,
                              const vtc_type *slice_type, vtc_value *dynamic_stride_or_null,
                              vtc_value *valid_num_or_null, vtc_value *valid_width_or_null);
vtc_value *vtc_gir_view_buffer(const vtc_op *view);
vtc_value *vtc_gir_view_offset(const vtc_op *view);
vtc_value *vtc_gir_view_stride(const vtc_op *view);      /* NULL when static */
vtc_value *vtc_gir_view_valid_num(const vtc_op *view);   /* NULL when unmasked */
vtc_value *vtc_gir_view_valid_width(const vtc_op *view); /* NULL when unmasked */
/* The same with the first valid segment and element (both, or both NULL). */
vtc_value *vtc_gir_build_view_window(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, vtc_value *offset,
                                     const vtc_type *slice_type, vtc_value *dynamic_stride_or_null,
                                     vtc_value *valid_num, vtc_value *valid_width, vtc_value *first_num_or_null,
                                     vtc_value *first_width_or_null);
vtc_value *vtc_gir_view_first_num(const vtc_op *view);   /* NULL when not given (0) */
vtc_value *vtc_gir_view_first_width(const vtc_op *view); /* NULL when not given (0) */
const vtc_attr *vtc_gir_view_padding(const vtc_op *view); /* NULL: zero */

/* ---- gir.copy --------------------------------------------------------------------------
 * To a register: `%r = gir.copy %src` (one operand, the result). To memory:
 * `gir.copy %src, %dst` (two operands, no result). Same num, width, element. */

vtc_value *vtc_gir_build_copy_to_register(vtc_builder *b, const vtc_loc *loc, vtc_value *src,
                                          const vtc_type *register_type);
vtc_op *vtc_gir_build_copy(vtc_builder *b, const vtc_loc *loc, vtc_value *src, vtc_value *dst);
vtc_value *vtc_gir_copy_source(const vtc_op *copy);
/* The destination: the result (register) or the second operand (view). */
vtc_value *vtc_gir_copy_dest(vtc_op *copy);

/* A copy between registers and memory with `transpose`: the register slice
 * is R x C and the memory slice C x R, register element (i, j) being memory
 * element (j, i). Builders: vtc_op_set_attr(copy, VTC_GIR_ATTR_TRANSPOSE,
 * vtc_attr_unit(ctx)) on a copy built above (and VTC_GIR_ATTR_TF32 the same
 * way on a gir.mma of f32 fragments). */
bool vtc_gir_copy_is_transposed(const vtc_op *copy);

/* ---- asynchronous copies ----------------------------------------------------------------
 * gir.copy_async %src to %dst: global -> shared in 16-byte chunks
 * (cp.async.cg), completed by a later gir.async_wait; elements outside the
 * source's `valid` counts are zero-filled. gir.async_commit closes the
 * unit's copies issued since the last commit into a group; gir.async_wait
 * {pending = N} waits until at most N of the unit's committed groups are
 * in flight. */

#define VTC_GIR_ASYNC_CHUNK_BYTES 16
#define VTC_GIR_ASYNC_MAX_PENDING 7

vtc_op *vtc_gir_build_copy_async(vtc_builder *b, const vtc_loc *loc, vtc_value *src, vtc_value *dst);
vtc_op *vtc_gir_build_async_commit(vtc_builder *b, const vtc_loc *loc);
vtc_op *vtc_gir_build_async_wait(vtc_builder *b, const vtc_loc *loc, int64_t pending);
int64_t vtc_gir_async_wait_pending(const vtc_op *op);

/* A swizzled destination (`swizzle = 128` on gir.copy_async): the element
 * at byte offset o of its shared buffer is stored at o XOR (((o >> 7) & 7)
 * << 4), i.e. the 16-byte chunk c of 128-byte row r of each 1024-byte
 * block lands at chunk c XOR (r mod 8): the layout sm_90's wgmma reads
 * with its 128-byte swizzle mode (PTX ISA, "Shared Memory Matrix Layout"),
 * free of bank conflicts for both the copy's rows and the tensor core's
 * 8x16-byte core matrices. Buffers of kernels that swizzle start on 1024
 * bytes. The element index `index` (of elem_bytes bytes) after the swizzle. */
#define VTC_GIR_SWIZZLE_BYTES 128
int64_t vtc_gir_swizzle_index(int64_t index, int64_t elem_bytes);

/* ---- warpgroup MMA (sm_90's wgmma) ---------------------------------------------------------
 * %d = gir.wgmma %a, %b, %c {swizzle = 128}: the four units 4*floor(u/4) ..
 * +3 of a group (a warpgroup) multiply a 64 x 16 tile A by a 16 x N tile B
 * read from shared memory (both f16, or both bf16), and unit u's result is
 * C + rows [16 (u mod 4), +16) of A x B: C and D are its 16 x N f32 mma_acc
 * fragment (N a multiple of 8 up to 256). A is a 64x16 shared slice, or
 * 16x64 (K x M) with `transpose_a`; B is 16xN, or Nx16 (N x K) with
 * `transpose_b`. Their rows are 128 bytes apart, written by swizzled
 * gir.copy_async (above), each slice starting on a row that is a multiple
 * of 8 of its 1024-byte block. A B without `transpose_b` (rows along N)
 * wider than 64 (one swizzled row) is 64-wide column panels `panel_stride`
 * elements apart, of which the B operand is the first (a 16x64 slice):
 * element (k, n) is at n / 64 * panel_stride + k * 64 + n mod 64 from its
 * start. Asynchronous on the GPU:
 * gir.wgmma_fence before the first wgmma that reads registers or shared
 * memory others wrote, gir.wgmma_commit closing the unit's wgmmas issued
 * since the last commit into a group, and gir.wgmma_wait {pending = N}
 * before D is read (or C's registers reused) by anything but another
 * wgmma. The interpreter multiplies at once and checks the alignment. */
vtc_value *vtc_gir_build_wgmma(vtc_builder *b, const vtc_loc *loc, vtc_value *a, vtc_value *bm, vtc_value *c,
                               bool transpose_a, bool transpose_b, int64_t panel_stride);
vtc_op *vtc_gir_build_wgmma_fence(vtc_builder *b, const vtc_loc *loc);
vtc_op *vtc_gir_build_wgmma_commit(vtc_builder *b, const vtc_loc *loc);
vtc_op *vtc_gir_build_wgmma_wait(vtc_builder *b, const vtc_loc *loc, int64_t pending);

/* gir.assume_multiple %x, m: %x, which the producer guarantees to be a
 * multiple of m (the interpreter checks it; compiled code assumes it). */
vtc_value *vtc_gir_build_assume_multiple(vtc_builder *b, const vtc_loc *loc, vtc_value *x, int64_t multiple);
/* A positive number that the index value v is known to be a multiple of
 * (1: nothing known), or 0 when v is known to be zero. From constants,
 * arith.addi/subi/muli/shli/select/index_cast, gir.assume_multiple and
 * gir.for induction variables. */
int64_t vtc_gir_known_multiple(const vtc_value *v);
/* What a gir.view's offset and (for num > 1) stride are both known
 * multiples of, in elements (0: both zero): its segments' alignment. */
int64_t vtc_gir_view_known_multiple(const vtc_op *view);

/* ---- gir.sync --------------------------------------------------------------------------
 * Memory form: operands are global/shared buffers or views (none: all
 * memory), no results. Register form: one register slice operand and one
 * result (a re-patterned slice with as many elements). */

vtc_op *vtc_gir_build_sync(vtc_builder *b, const vtc_loc *loc, vtc_gir_scope scope, unsigned num_operands,
                           vtc_value *const *memory);
vtc_value *vtc_gir_build_sync_register(vtc_builder *b, const vtc_loc *loc, vtc_gir_scope scope, vtc_value *slice,
                                       const vtc_type *result_type);
vtc_gir_scope vtc_gir_sync_scope(const vtc_op *sync);

/* ---- computation gOperators ---------------------------------------------------------------
 * gir.elementwise: operands are register slices of one num x width, or
 * scalars (broadcast to every element); the body block has one scalar
 * argument per operand (the operand's element type), optionally followed by
 * two `index` arguments (the element's segment and position), and ends with
 * gir.yield of the result's element. */

/* With its body block created (arguments as above) and empty: fill it with
 * vtc_builder_at_end(ctx, vtc_gir_elementwise_body(op)) and end it with
 * vtc_gir_build_yield. */
vtc_op *vtc_gir_build_elementwise(vtc_builder *b, const vtc_loc *loc, const vtc_type *result_type,
                                  unsigned num_operands, vtc_value *const *operands, bool with_position);
vtc_block *vtc_gir_elementwise_body(const vtc_op *op);
bool vtc_gir_elementwise_has_position(const vtc_op *op);
vtc_op *vtc_gir_build_yield(vtc_builder *b, const vtc_loc *loc, unsigned num_values, vtc_value *const *values);

/* num x width -> num x 1 (width) or 1 x width (num). */
vtc_value *vtc_gir_build_reduce(vtc_builder *b, const vtc_loc *loc, vtc_gir_combiner combiner, vtc_gir_axis axis,
                                vtc_value *slice);
vtc_gir_combiner vtc_gir_reduce_combiner(const vtc_op *op);
vtc_gir_axis vtc_gir_reduce_axis(const vtc_op *op); /* also gir.broadcast */
/* num x 1 -> num x width (width), 1 x width -> num x width (num), or a scalar
 * to any register slice (axis ignored). */
vtc_value *vtc_gir_build_broadcast(vtc_builder *b, const vtc_loc *loc, vtc_gir_axis axis, vtc_value *value,
                                   const vtc_type *result_type);
/* D = A x B + C on register slices: A is M x K (num x width), B is K x N,
 * C and D are M x N. */
vtc_value *vtc_gir_build_mma(vtc_builder *b, const vtc_loc *loc, vtc_value *a, vtc_value *bm, vtc_value *c);
/* A hint that the global or shared slice `view` will be read soon (CPU:
 * prefetcht0 of its lines; nothing elsewhere). */
vtc_op *vtc_gir_build_prefetch(vtc_builder *b, const vtc_loc *loc, vtc_value *view);
/* The transpose of a register slice: element [j, i] of the result is
 * element [i, j] of `slice` (num x width -> width x num). */
vtc_value *vtc_gir_build_transpose(vtc_builder *b, const vtc_loc *loc, vtc_value *slice);
/* One element of a register slice as a scalar. */
vtc_value *vtc_gir_build_extract(vtc_builder *b, const vtc_loc *loc, vtc_value *slice, int64_t segment,
                                 int64_t element);

/* ---- gir.atomic ---------------------------------------------------------------------------
 * gir.atomic KIND %view, %value: every element x of the global slice (inside
 * its `valid` counts) becomes add(x, v), max(x, v) or min(x, v) atomically,
 * v the value's element (a register slice of the same num x width) or the
 * scalar. Float max/min propagate NaN (as gir.reduce); relaxed order. */
typedef enum vtc_gir_atomic_kind {
  VTC_GIR_ATOMIC_ADD,
  VTC_GIR_ATOMIC_MAX,
  VTC_GIR_ATOMIC_MIN,
} vtc_gir_atomic_kind;
const char *vtc_gir_atomic_kind_name(vtc_gir_atomic_kind k);
bool vtc_gir_atomic_kind_from_name(const char *name, vtc_gir_atomic_kind *out);
vtc_gir_atomic_kind vtc_gir_atomic_kind_of(const vtc_op *atomic);
vtc_op *vtc_gir_build_atomic(vtc_builder *b, const vtc_loc *loc, vtc_gir_atomic_kind kind, vtc_value *view,
                             vtc_value *value);

/* ---- device barriers: the phase split ------------------------------------------------------
 * (dialects/gir/device_split.c) A kernel with memory-form `gir.sync device`s
 * runs either with all its groups co-resident (the barriers are real) or,
 * when its grid cannot be, once per segment (the top-level ops between two
 * device barriers) with a phase argument. `phases` is the number of
 * segments when that split is sound, else 0 with `why` (a static string)
 * about op `where`. `needed` (optional, a zeroed map the caller frees)
 * receives the top-level ops that later phases recompute (pure, shared
 * allocs, or loads from global buffer parameters the kernel never
 * writes: reloaded): the values that cross a barrier. */
typedef struct vtc_gir_device_split {
  unsigned barriers; /* memory-form gir.sync device ops in the kernel, nested ones included */
  unsigned phases;   /* segments of a sound split, 0: none (no barrier, or see why) */
  const char *why;
  const vtc_op *where;
} vtc_gir_device_split;
struct vtc_ptrmap;
void vtc_gir_kernel_device_split(vtc_op *kernel, vtc_gir_device_split *out, struct vtc_ptrmap *needed);
/* written[i] (one per parameter): some op of the kernel writes memory
 * through a view of parameter i (gir.copy into it, gir.copy_async,
 * gir.atomic). Returns false, every entry true, when a write's buffer is
 * not known (a view of something other than a gir.view). */
bool vtc_gir_kernel_written_params(vtc_op *kernel, bool *written);
/* The segment of a top-level op of a kernel body: device barriers before it. */
unsigned vtc_gir_op_segment(const vtc_op *op);

/* ---- gir.for ----------------------------------------------------------------------------
 * A serial (temporal) loop inside a kernel: operands lower, upper, step
 * (index), then the initial values of the loop-carried values; the body
 * block's arguments are the induction variable and the carried values; it
 * ends with gir.yield of the next carried values; the results are the final
 * ones. */

vtc_op *vtc_gir_build_for(vtc_builder *b, const vtc_loc *loc, vtc_value *lower, vtc_value *upper, vtc_value *step,
                          unsigned num_iter, vtc_value *const *iter_init);
vtc_block *vtc_gir_for_body(const vtc_op *op);
vtc_value *vtc_gir_for_induction_var(const vtc_op *op);
/* The loop's `unroll` hint (1 when it has none); setting 1 removes it. An
 * unrolled loop issues several iterations' loads before their uses: what
 * keeps a memory-bound GPU reduction's bytes in flight (gir-to-llvm makes it
 * llvm.loop.unroll.count; the interpreters ignore it). */
int64_t vtc_gir_for_unroll(const vtc_op *op);
void vtc_gir_for_set_unroll(vtc_op *op, int64_t count);
unsigned vtc_gir_for_num_iter(const vtc_op *op);

/* ---- gir.switch (ops_switch.c) ------------------------------------------------------
 * The host's index switch (MLIR's scf.index_switch), Vortex's run-time
 * selection: operand the selector (index), attribute `cases` (distinct
 * i64s), one region per case then the default region, each one block
 * without arguments ending in gir.yield of the switch's results. Host only. */

/* A switch with num_cases + 1 regions, each holding one empty block: fill
 * block i with vtc_builder_at_end(ctx, vtc_gir_switch_block(op, i)) and end
 * it with vtc_gir_build_yield (block num_cases is the default). */
vtc_op *vtc_gir_build_switch(vtc_builder *b, const vtc_loc *loc, vtc_value *selector, unsigned num_cases,
                             const int64_t *cases, unsigned num_results, const vtc_type *const *result_types);
vtc_value *vtc_gir_switch_selector(const vtc_op *op);
unsigned vtc_gir_switch_num_cases(const vtc_op *op);
int64_t vtc_gir_switch_case_value(const vtc_op *op, unsigned i);
/* Block i (i == num_cases: the default), or NULL. */
vtc_block *vtc_gir_switch_block(const vtc_op *op, unsigned i);
/* The region that runs for selector value `value`: the case equal to it,
 * else the default (num_cases). */
unsigned vtc_gir_switch_region_for(const vtc_op *op, int64_t value);

/* The buffer discipline of a host function (func.func of gir host code,
 * one block), checked before it is compiled: no buffer is used or freed
 * after its gir.free, an argument is neither freed nor returned (the caller
 * owns it), no buffer is returned twice, and every buffer the function
 * allocates is freed or returned. The gir interpreter checks the same as it
 * runs; compiled code would double-free, read freed memory or leak.
 * Returns false after a located error. */
bool vtc_gir_check_host_buffers(vtc_op *func);

#endif
