/* The graph dialect: ONNX-semantics ops on value tensors (compute and data
 * movement), and its three interfaces: shape inference, the data-movement
 * mapping of VTC (paper sections 2.2 and 4.1: output index -> input index as
 * an affine map plus a bias, piecewise) and cost (flops and bytes). */
#ifndef VTC_DIALECTS_GRAPH_GRAPH_H
#define VTC_DIALECTS_GRAPH_GRAPH_H

#include "ir/ir.h"
#include "runtime/tensor.h" /* vtc_dtype, vtc_shape: shape rules shared with the reference kernels */

extern const vtc_dialect vtc_graph_dialect;

/* Registers the graph dialect (same as vtc_context_register_dialect). */
void vtc_register_graph_dialect(vtc_context *ctx);

/* ---- attribute names (ONNX's) ---------------------------------------------
 * Integer arrays are array attributes of integers (`perm = [1, 0]`), bools
 * are bool attributes (`keepdims = false`; integers 0/1 are accepted too),
 * floats are float attributes (integers accepted). */
#define VTC_GRAPH_ATTR_AXIS "axis"          /* integer; negative counts from the end */
#define VTC_GRAPH_ATTR_AXES "axes"          /* integer array */
#define VTC_GRAPH_ATTR_KEEPDIMS "keepdims"  /* bool, default true */
#define VTC_GRAPH_ATTR_NOOP_EMPTY "noop_with_empty_axes" /* bool, default false */
#define VTC_GRAPH_ATTR_EPSILON "epsilon"    /* float, default 1e-5 */
#define VTC_GRAPH_ATTR_STRIDES "strides"    /* conv2d: [sh, sw], default [1, 1] */
#define VTC_GRAPH_ATTR_PADS "pads"          /* conv2d [t, l, b, r]; pad [begins..., ends...] */
#define VTC_GRAPH_ATTR_DILATIONS "dilations"
#define VTC_GRAPH_ATTR_GROUP "group"
#define VTC_GRAPH_ATTR_AUTO_PAD "auto_pad"  /* "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID" */
#define VTC_GRAPH_ATTR_TO "to"              /* cast: a type attribute (element type) */
#define VTC_GRAPH_ATTR_CAUSAL "causal"      /* attention: bool, default false */
#define VTC_GRAPH_ATTR_SCALE "scale"        /* attention: float, default 1/sqrt(D) */
#define VTC_GRAPH_ATTR_VALUE "value"        /* constant: dense; pad: float fill */
#define VTC_GRAPH_ATTR_SHAPE "shape"        /* reshape, expand: integer array */
#define VTC_GRAPH_ATTR_ALLOWZERO "allowzero" /* reshape: bool, default false */
#define VTC_GRAPH_ATTR_PERM "perm"          /* transpose: default reversed dims */
#define VTC_GRAPH_ATTR_SPLIT "split"        /* split: sizes; default equal chunks */
#define VTC_GRAPH_ATTR_STARTS "starts"
#define VTC_GRAPH_ATTR_ENDS "ends"
#define VTC_GRAPH_ATTR_STEPS "steps"
#define VTC_GRAPH_ATTR_REPEATS "repeats"    /* tile */
#define VTC_GRAPH_ATTR_MODE "mode"          /* pad: "constant"/"reflect"/"edge"; depth_to_space: "DCR"/"CRD"; resize: "nearest"/"linear" */
#define VTC_GRAPH_ATTR_BLOCKSIZE "blocksize"
#define VTC_GRAPH_ATTR_REDUCTION "reduction" /* scatter_nd: "none", "add", "mul", "max", "min" */
#define VTC_GRAPH_ATTR_KERNEL_SHAPE "kernel_shape" /* pools: [kh, kw] */
#define VTC_GRAPH_ATTR_CEIL_MODE "ceil_mode"       /* pools: bool, default false */
#define VTC_GRAPH_ATTR_COUNT_INCLUDE_PAD "count_include_pad" /* avg_pool2d: bool, default false */
#define VTC_GRAPH_ATTR_SELECT_LAST_INDEX "select_last_index" /* argmax/argmin: bool, default false */
#define VTC_GRAPH_ATTR_EXCLUSIVE "exclusive"       /* cumsum: bool, default false */
#define VTC_GRAPH_ATTR_REVERSE "reverse"           /* cumsum: bool, default false */
#define VTC_GRAPH_ATTR_SCALES "scales"             /* resize: floats, one per dim */
#define VTC_GRAPH_ATTR_SIZES "sizes"               /* resize: the output shape */
#define VTC_GRAPH_ATTR_COORD_MODE "coordinate_transformation_mode" /* resize: default "half_pixel" */
#define VTC_GRAPH_ATTR_NEAREST_MODE "nearest_mode" /* resize: default "round_prefer_floor" */

/* ---- shape inference (slot VTC_IFACE_INFER_SHAPES) ------------------------
 * Computes every result type from the operand types and attributes. Dynamic
 * dimensions propagate: a result dimension that depends on a `?` is `?`.
 * On invalid operands or attributes it emits a diagnostic on the op and
 * returns false. The op's verifier calls it and then requires each declared
 * result type to be compatible with the inferred one. */
typedef bool (*vtc_graph_infer_fn)(vtc_op *op, const vtc_type **result_types);
typedef struct vtc_graph_infer_iface {
  vtc_graph_infer_fn infer;
} vtc_graph_infer_iface;

/* Calls op's shape inference; false (no diagnostic) for an op without it. */
bool vtc_graph_infer_result_types(vtc_op *op, const vtc_type **result_types);
/* Same element type and rank, and each pair of dims equal or either `?`. */
bool vtc_graph_types_compatible(const vtc_type *a, const vtc_type *b);
/* The most refined of two compatible tensor types (a static dim wins); the
 * encoding of a is kept. */
const vtc_type *vtc_graph_type_meet(vtc_context *ctx, const vtc_type *a, const vtc_type *b);

/* ---- data-movement mapping (slot VTC_IFACE_MAPPING) -----------------------
 * VTC's mapping function F (Definition 2) for result `r` of a data-movement
 * op, as a list of pieces. For an output index x, the first piece whose box
 * contains x gives the value: out[x] = operand[input][map(x) + bias]. A box
 * is lo <= x < hi per output dimension (has_box false: every x). An index
 * covered by no piece takes the op's fill value (pad in constant mode; the
 * mapping then has has_fill). Maps have the output rank as dims, no symbols
 * and the input rank as results; floordiv and mod appear where the op
 * linearises (reshape, flatten, depth_to_space, space_to_depth) or repeats
 * (tile); the constant part of the index is kept in `bias` (the paper's
 * Equation (1) form S.I + b). An expanded size-1 dimension reads index 0.
 * gather and scatter_nd are index-dependent: the mapping has
 * index_dependent set and no pieces.
 * Shapes must be static where the mapping needs them (reshape, flatten,
 * slice, split, concat, pad, tile, depth/space): the function returns false
 * otherwise; transpose, squeeze, unsqueeze, identity, expand map with
 * dynamic dims. */
typedef struct vtc_graph_map_piece {
  unsigned input;          /* operand number */
  bool has_box;
  int64_t lo[VTC_MAX_RANK], hi[VTC_MAX_RANK];
  const vtc_affine_map *map;     /* output index -> input index (linear part) */
  int64_t bias[VTC_MAX_RANK];    /* added to each map result */
} vtc_graph_map_piece;

typedef struct vtc_graph_mapping {
  bool index_dependent;
  bool has_fill;
  double fill;
  unsigned out_rank, num_pieces;
  vtc_graph_map_piece *pieces; /* heap, owned: free with vtc_graph_mapping_free */
} vtc_graph_mapping;

typedef bool (*vtc_graph_mapping_fn)(vtc_op *op, unsigned result, vtc_graph_mapping *out);
typedef struct vtc_graph_mapping_iface {
  vtc_graph_mapping_fn mapping;
} vtc_graph_mapping_iface;

/* Fills *out (zeroed first) for result r of op; false when the op has no
 * mapping interface or needs static shapes it does not have. */
bool vtc_graph_get_mapping(vtc_op *op, unsigned result, vtc_graph_mapping *out);
void vtc_graph_mapping_free(vtc_graph_mapping *m);
/* Evaluates F at an output index: true with the operand number and the
 * input index, false when no piece covers it (the fill value) or the
 * mapping is index-dependent. */
bool vtc_graph_mapping_eval(const vtc_graph_mapping *m, const int64_t *out_index, unsigned *input,
                            int64_t *in_index);
/* `piece 0: input 0 if [0, 4) x [0, 8): (d0, d1) -> (d1, d0) + [0, 2]`, one
 * line per piece, for tests and debugging. */
void vtc_graph_mapping_print(const vtc_graph_mapping *m, vtc_strbuf *out);

/* ---- virtual tensor rules (VTC section 4.4; virtual.c) ---------------------
 * For each data-movement op, the pairs (virtual tensor, base tensor) of
 * Definition 3 with a map from the virtual tensor's index to the base's:
 *   READ:     result `virt` is a view of operand `base` (every op; the op's
 *             mapping F, split per operand for concat);
 *   WRITE:    operand `virt` is stored into result `base` (concat inputs,
 *             split's input piecewise over its results, the inverse maps of
 *             reshape, flatten, squeeze, unsqueeze, transpose, identity,
 *             depth_to_space, space_to_depth; pad's input into the interior
 *             of a constant pad; scatter_nd's updates, index-dependent);
 *   IN_PLACE: scatter_nd's result shares its data operand's buffer.
 * slice, expand, tile and gather are READ only (many-to-one the other way).
 * A WRITE map is one-to-one; a READ map may be many-to-one (expand). The
 * pieces' `input` field is the base's number. */
typedef enum vtc_graph_view_kind {
  VTC_GRAPH_VIEW_READ,
  VTC_GRAPH_VIEW_WRITE,
  VTC_GRAPH_VIEW_IN_PLACE,
} vtc_graph_view_kind;

typedef struct vtc_graph_vrule {
  vtc_graph_view_kind kind;
  unsigned virt, base;   /* READ, IN_PLACE: result virt of operand base; WRITE: operand virt of result base */
  bool dynamic;          /* the map needs static shapes the op lacks: no map */
  int dep_dim;           /* index-dependent (map.index_dependent): the virtual dims from dep_dim on are
                            one contiguous run of the base (gather's row, scatter_nd's slice) */
  vtc_graph_mapping map; /* virtual index -> base index */
} vtc_graph_vrule;

typedef struct vtc_graph_vrules {
  unsigned count;
  vtc_graph_vrule *rules; /* heap, owned: free with vtc_graph_vrules_free */
} vtc_graph_vrules;

/* The rules of op (zeroed first); false for an op that is not one of the
 * 16 data-movement ops. A rule whose map needs static shapes it lacks is
 * listed with `dynamic` set. */
bool vtc_graph_virtual_rules(vtc_op *op, vtc_graph_vrules *out);
void vtc_graph_vrules_free(vtc_graph_vrules *r);
vtc_value *vtc_graph_vrule_virtual(vtc_op *op, const vtc_graph_vrule *r);
vtc_value *vtc_graph_vrule_base(vtc_op *op, const vtc_graph_vrule *r);
const char *vtc_graph_view_kind_name(vtc_graph_view_kind k); /* "read", "write", "in_place" */
/* 0 (and true) for the three names, false otherwise. */
bool vtc_graph_view_kind_parse(const char *name, vtc_graph_view_kind *out);

/* The nesting of section 4.1: out = outer o inner (inner: v -> u, outer:
 * u -> w, out: v -> w), piece by piece. u_type bounds outer's boxes. False
 * when a piece's preimage is not a box (an outer box on a u dim that inner
 * does not read as `d_j + c` or a constant) or when fills differ. A
 * piece stored by index (an index-dependent inner, or an outer piece with
 * no map) becomes a piece with map NULL (its box narrowed) and the result
 * is marked index_dependent; only composed maps hold such pieces, and
 * contiguity skips them. */
bool vtc_graph_mapping_compose(vtc_context *ctx, const vtc_graph_mapping *inner, const vtc_graph_mapping *outer,
                               const vtc_type *u_type, vtc_graph_mapping *out);
vtc_graph_mapping vtc_graph_mapping_copy(const vtc_graph_mapping *m);

/* Contiguity (Definitions 4-5, Theorem 1) of a map from a virtual tensor to
 * one base. Per piece, the minimal contiguous dimension d (1-based; rank+1
 * when not even the last dim is contiguous) and the contiguous chunk (the
 * piece's extent over dims d.. in bytes); the map's d and chunk are the
 * worst pieces'. Class: Type I when every piece has d = 1; partial when the
 * chunk is at least the transfer unit (targets/hardware.h transfer_bytes);
 * Type II otherwise. An index-dependent map is never Type I: its chunk is
 * the run from dep_dim on. A `?` dim counts as 2 when checking strides and
 * as 1 in the chunk (a lower bound). Exact for pieces of at most 2^16
 * elements; larger pieces are checked along every dim (up to 4096 steps)
 * at three sample values of each other dim (`sampled`). */
typedef enum vtc_graph_contig_class {
  VTC_GRAPH_TYPE_I,
  VTC_GRAPH_PARTIAL,
  VTC_GRAPH_TYPE_II,
} vtc_graph_contig_class;

typedef struct vtc_graph_contiguity {
  unsigned d;
  int64_t chunk_bytes;
  vtc_graph_contig_class cls;
  bool sampled;
} vtc_graph_contiguity;

bool vtc_graph_contiguity_of(const vtc_graph_mapping *m, int dep_dim, const vtc_type *virt, const vtc_type *base,
                             int64_t transfer_bytes, vtc_graph_contiguity *out);
const char *vtc_graph_contig_class_name(vtc_graph_contig_class c); /* "Type I", "partial", "Type II" */

/* The map in Equation (1) form, one line per piece: the box, then the base
 * offset `S.I + b(I)` with the strides S of the virtual index and the
 * index-dependent bias b (floordiv terms; a `mod` is rewritten as
 * x - m * (x floordiv m), Remark 2), e.g.
 * `[0, 2) x [4, 8): S = [8, 1], b(I) = -4`. A base with dynamic inner
 * strides prints the affine map instead. */
void vtc_graph_mapping_print_eq1(vtc_context *ctx, const vtc_graph_mapping *m, const vtc_type *base, vtc_strbuf *out);

/* The verifier of the `vtc.virtual` annotation of vtc-virtualize on a
 * data-movement op (called by the graph verifier): "read", "write" or
 * "in_place", legal for the op, and `vtc.views`, an array of dictionaries
 * {kind, virtual, base, map, bias[, lo, hi]} whose virtual and base
 * numbers name an operand/result pair of the rule's direction with equal
 * element types, whose map has the virtual rank as dims and the base rank
 * as results. Emits located errors. */
#define VTC_GRAPH_ATTR_VIRTUAL "vtc.virtual"
#define VTC_GRAPH_ATTR_VIEWS "vtc.views"
bool vtc_graph_verify_virtual_attr(vtc_op *op);

/* ---- cost (slot VTC_IFACE_COST) --------------------------------------------
 * Floating-point (or integer) operations and bytes of global memory traffic
 * for one execution. A field is -1 when it depends on a dynamic dimension
 * (documented choice: no symbolic costs; callers treat -1 as "unknown").
 * Data-movement ops do no flops; they read each moved element once. */
typedef struct vtc_graph_cost {
  int64_t flops, bytes_read, bytes_written;
} vtc_graph_cost;
typedef bool (*vtc_graph_cost_fn)(vtc_op *op, vtc_graph_cost *out);
typedef struct vtc_graph_cost_iface {
  vtc_graph_cost_fn cost;
} vtc_graph_cost_iface;

bool vtc_graph_get_cost(vtc_op *op, vtc_graph_cost *out);

/* ---- run-time shape checks -------------------------------------------------
 * The checks of op's shape rule that its operand types leave to run time (a
 * dynamic dimension hides them from the verifier), built by the reference
 * kernel's own rule (kernels.h, vtc_shape_check): `add` gets each one, dims
 * named by op operand and axis, with the whole message the interpreter
 * would print after the location ("'graph.matmul' op matmul: contraction
 * dimensions differ: {0} vs {1}"). Covered: matmul (contraction, batch
 * broadcast), the broadcasting element-wise ops and where, concat, reshape
 * (element count). Other ops add none. lower-graph-to-te asserts them. */
struct vtc_shape_check;
typedef void (*vtc_graph_check_fn)(void *ctx, const struct vtc_shape_check *check);
void vtc_graph_runtime_checks(vtc_op *op, vtc_graph_check_fn add, void *ctx);

/* ---- helpers shared with the interpreter and later passes ------------------ */

/* The runtime dtype of a graph element type; false for other types. */
bool vtc_graph_dtype_of(const vtc_type *element, vtc_dtype *out);
/* A tensor type's shape with -1 for `?` (false when not a ranked tensor of
 * rank <= VTC_MAX_RANK). */
bool vtc_graph_shape_of(const vtc_type *tensor, vtc_shape *out);
/* A tensor type from a shape (-1 is `?`) and an element type. */
const vtc_type *vtc_graph_tensor_type(vtc_context *ctx, const vtc_shape *shape, const vtc_type *element);
/* Reads an integer-array attribute into vals (at most max); false if absent
 * or malformed. */
bool vtc_graph_int_array(const vtc_attr *a, int64_t *vals, int max, int *count);

#endif
