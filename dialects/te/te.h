/* The te dialect: tensor expressions in the spirit of TVM's te.compute, the
 * level Souffle's passes run on (souffle.txt sections 3 and 5). The ops
 * (te.compute, te.load, te.yield, te.dim), their accessors and builders;
 * the specification is dialects/te/README.md. */
#ifndef VTC_DIALECTS_TE_TE_H
#define VTC_DIALECTS_TE_TE_H

#include "ir/builder.h"
#include "ir/dialect.h"

extern const vtc_dialect vtc_te_dialect;

/* Registers the te dialect (same as vtc_context_register_dialect). */
void vtc_register_te_dialect(vtc_context *ctx);

/* Attribute names (generic form). */
/* The most output dims, and reduction axes, of a te.compute (the
 * interpreters' tensors and the kernels of lower-te-to-gir stop there). */
#define VTC_TE_MAX_RANK 8

#define VTC_TE_ATTR_NUM_INPUTS "num_inputs" /* te.compute: i64 */
#define VTC_TE_ATTR_SHAPE "shape"           /* te.compute: affine map, no dims */
#define VTC_TE_ATTR_REDUCE "reduce"         /* te.compute: affine map, no dims (optional) */
#define VTC_TE_ATTR_COMBINER "combiner"     /* te.compute: string sum|max|min|prod */
#define VTC_TE_ATTR_INIT "init"             /* te.compute: float or integer of the element type */
#define VTC_TE_ATTR_MAP "map"               /* te.load: affine map */
#define VTC_TE_ATTR_PADDING "padding"       /* te.load: optional value for out-of-bounds reads */
#define VTC_TE_ATTR_INDEX "index"           /* te.dim: i64 dimension */
/* te.compute, discardable: the graph op it lowers was a VTC view (vtc-virtualize
 * set vtc.virtual = read|write|in_place on it); its kind as a string. */
#define VTC_TE_ATTR_VTC_VIEW "vtc.view"
/* Destination-passing te.compute (`into`, vtc.txt 4.2-4.4): */
#define VTC_TE_ATTR_NUM_DESTS "num_dests"   /* i64: the last operands are destinations */
#define VTC_TE_ATTR_STORE_MAPS "store_maps" /* array of affine maps, one per destination */
#define VTC_TE_ATTR_BOXES "boxes"           /* array of maps ()[syms] -> (lo0, hi0, lo1, hi1, ...) */
/* Unit attribute of a compute with index-dependent stores: two domain
 * points that store to one element store the same value (the producer
 * made them agree, e.g. scatter_nd reading the last duplicate's update),
 * so the stores may run in any order, in parallel. The interpreter checks
 * it; the verifier cannot. */
#define VTC_TE_ATTR_STORES_AGREE "stores_agree"

/* The reduction combiner of a te.compute; NONE without a reduction. */
typedef enum vtc_te_combiner {
  VTC_TE_COMBINER_NONE,
  VTC_TE_COMBINER_SUM,
  VTC_TE_COMBINER_MAX,
  VTC_TE_COMBINER_MIN,
  VTC_TE_COMBINER_PROD,
} vtc_te_combiner;

/* "sum", "max", "min", "prod" ("none" for NONE). */
const char *vtc_te_combiner_name(vtc_te_combiner c);
/* By name; false when the name is none of the four. */
bool vtc_te_combiner_from_name(const char *name, vtc_te_combiner *out);
/* Applies the combiner to an accumulator and a value (in f64). */
double vtc_te_combine(vtc_te_combiner c, double acc, double value);

/* ---- kinds --------------------------------------------------------------- */

bool vtc_te_is_compute(const vtc_op *op);
bool vtc_te_is_load(const vtc_op *op);
bool vtc_te_is_yield(const vtc_op *op);
bool vtc_te_is_dim(const vtc_op *op);
/* te.assert: the shared assertion form of ir/assert_op.h (vtc_assert_*
 * accessors, vtc_assert_build with name "te.assert"), in host code or a
 * te.compute body; never with an order. */
bool vtc_te_is_assert(const vtc_op *op);

/* ---- te.subprogram and te.return ---------------------------------------------
 * Souffle's subprogram (souffle.txt 5.4, Algorithm 1): TEs that run as one
 * kernel. Operands: the tensors and sizes its body reads from outside, taken
 * by its block's arguments one for one (isolated from above); results: the
 * values its te.return gives, the tensors that escape it. Generic form:
 *   %r:2 = "te.subprogram"(%a, %n) ({
 *   ^bb0(%x: tensor<4x8xf32>, %m: index):
 *     ...
 *     "te.return"(%y, %z) : (tensor<4x8xf32>, tensor<4xf32>) -> ()
 *   }) : (tensor<4x8xf32>, index) -> (tensor<4x8xf32>, tensor<4xf32>) */

bool vtc_te_is_subprogram(const vtc_op *op);
bool vtc_te_is_return(const vtc_op *op);
vtc_block *vtc_te_subprogram_body(const vtc_op *op);
/* Its te.return, or NULL when the body does not end with one. */
vtc_op *vtc_te_subprogram_return(const vtc_op *op);
/* An empty subprogram at b (block arguments made, no ops: end the body
 * with vtc_te_build_return). */
vtc_op *vtc_te_build_subprogram(vtc_builder *b, const vtc_loc *loc, unsigned num_operands,
                                vtc_value *const *operands, unsigned num_results, const vtc_type *const *result_types);
vtc_op *vtc_te_build_return(vtc_builder *b, const vtc_loc *loc, unsigned n, vtc_value *const *values);

/* ---- te.compute -----------------------------------------------------------
 * Operands: the input tensors, then the symbols (index values), then the
 * destinations (with `into`). The body block's arguments are the output
 * indices (one per `shape` result: the iteration domain's rank), then the
 * reduction indices (one per result of the reduce map). Without `into` the
 * one result is a fresh tensor of the domain's shape; with `into` there is
 * one result per destination, the destination updated at store_map(i, e)
 * for every domain point i inside its box (e: the extra `index` values the
 * te.yield gives after the element). Accessors assume a verified op. */

unsigned vtc_te_compute_num_inputs(const vtc_op *op);
vtc_value *vtc_te_compute_input(const vtc_op *op, unsigned i);
unsigned vtc_te_compute_num_symbols(const vtc_op *op);
vtc_value *vtc_te_compute_symbol(const vtc_op *op, unsigned i);
/* Destinations (`into`): 0 for a compute that makes a fresh tensor. */
unsigned vtc_te_compute_num_dests(const vtc_op *op);
vtc_value *vtc_te_compute_dest(const vtc_op *op, unsigned i);
/* Destination i's store map: dims are the output indices then the extra
 * store indices, symbols the compute's; results index the destination. */
const vtc_affine_map *vtc_te_compute_store_map(const vtc_op *op, unsigned i);
/* Destination i's box: ()[symbols] -> (lo0, hi0, lo1, hi1, ...), the
 * half-open range of each output index that stores into it. */
const vtc_affine_map *vtc_te_compute_box(const vtc_op *op, unsigned i);
/* The extra index values yielded after the element (index-dependent
 * stores; 0 without). */
unsigned vtc_te_compute_num_store_indices(const vtc_op *op);
/* Whether two domain points may store to one element (index-dependent
 * stores whose map, the store indices held fixed, is not provably
 * one-to-one on its box: ScatterND's duplicate positions). Verified ops
 * never meet otherwise; the last writer in iteration order wins. */
bool vtc_te_compute_stores_may_meet(const vtc_op *compute);
/* Whether the compute carries `stores_agree` (any order of its stores is right). */
bool vtc_te_compute_stores_agree(const vtc_op *compute);
/* The index of v among the compute's inputs, or -1. */
int vtc_te_compute_input_index(const vtc_op *op, const vtc_value *v);

const vtc_affine_map *vtc_te_compute_shape(const vtc_op *op);
/* NULL without a reduction (one-relies-on-one). */
const vtc_affine_map *vtc_te_compute_reduce(const vtc_op *op);
/* The iteration domain's rank (the result's, without `into`), and the number of reduction axes (0 without reduce). */
unsigned vtc_te_compute_rank(const vtc_op *op);
unsigned vtc_te_compute_num_reduce(const vtc_op *op);
vtc_te_combiner vtc_te_compute_combiner(const vtc_op *op);
/* The initial value of the reduction, or NULL. */
const vtc_attr *vtc_te_compute_init(const vtc_op *op);
/* The result tensor type (the first destination's with `into`: use its
 * element type, not its rank). */
const vtc_type *vtc_te_compute_type(const vtc_op *op);

/* The body block (NULL when the region is empty), its output-index and
 * reduction-index arguments, and its te.yield (NULL when missing). */
vtc_block *vtc_te_compute_body(const vtc_op *op);
vtc_value *vtc_te_compute_index_arg(const vtc_op *op, unsigned i);
vtc_value *vtc_te_compute_reduce_arg(const vtc_op *op, unsigned i);
vtc_op *vtc_te_compute_yield(const vtc_op *op);

/* ---- te.load --------------------------------------------------------------
 * Operands: the input tensor, then the extra index operands. */

vtc_value *vtc_te_load_input(const vtc_op *op);
const vtc_affine_map *vtc_te_load_map(const vtc_op *op);
unsigned vtc_te_load_num_extra(const vtc_op *op);
vtc_value *vtc_te_load_extra(const vtc_op *op, unsigned i);
/* NULL without padding. */
const vtc_attr *vtc_te_load_padding(const vtc_op *op);
/* The enclosing te.compute, or NULL. */
vtc_op *vtc_te_load_compute(const vtc_op *op);

/* ---- te.yield and te.dim -------------------------------------------------- */

vtc_value *vtc_te_yield_value(const vtc_op *op);
vtc_value *vtc_te_dim_tensor(const vtc_op *op);
unsigned vtc_te_dim_index(const vtc_op *op);

/* ---- builders --------------------------------------------------------------
 * Each creates the op at the builder's point. */

/* A te.compute of result_type (a tensor type) with its body block created
 * (arguments: result rank + reduce results, all `index`) but empty: build
 * the body with vtc_builder_at_end(ctx, vtc_te_compute_body(op)), ending it
 * with vtc_te_build_yield. reduce_or_null NULL means no reduction, and then
 * combiner and init are ignored; otherwise init is a float or integer
 * attribute of the element type. */
vtc_op *vtc_te_build_compute(vtc_builder *b, const vtc_loc *loc, const vtc_type *result_type,
                             unsigned num_inputs, vtc_value *const *inputs, unsigned num_symbols,
                             vtc_value *const *symbols, const vtc_affine_map *shape,
                             const vtc_affine_map *reduce_or_null, vtc_te_combiner combiner,
                             const vtc_attr *init);
/* A destination-passing te.compute (`into`): the iteration domain is
 * `shape` (its body gets one index argument per result of shape), the
 * results are the updated destinations; dest k is updated at
 * store_maps[k](domain indices, store indices) inside boxes[k]. End the body
 * with vtc_te_build_yield_stores. */
vtc_op *vtc_te_build_compute_into(vtc_builder *b, const vtc_loc *loc, unsigned num_inputs, vtc_value *const *inputs,
                                  unsigned num_symbols, vtc_value *const *symbols, const vtc_affine_map *shape,
                                  unsigned num_dests, vtc_value *const *dests,
                                  const vtc_affine_map *const *store_maps, const vtc_affine_map *const *boxes);
/* A te.load of `input` (one of the enclosing compute's inputs) at
 * map(block args, extra) with the compute's symbols; the result has the
 * input's element type. padding_or_null: the value of out-of-bounds reads. */
vtc_value *vtc_te_build_load(vtc_builder *b, const vtc_loc *loc, vtc_value *input, const vtc_affine_map *map,
                             unsigned num_extra, vtc_value *const *extra, const vtc_attr *padding_or_null);
vtc_op *vtc_te_build_yield(vtc_builder *b, const vtc_loc *loc, vtc_value *value);
/* `te.yield %v, %i0, ...`: the element and the store indices (`index`). */
vtc_op *vtc_te_build_yield_stores(vtc_builder *b, const vtc_loc *loc, vtc_value *value, unsigned num_indices,
                                  vtc_value *const *indices);
/* `te.dim %tensor, index`: an index value. */
vtc_value *vtc_te_build_dim(vtc_builder *b, const vtc_loc *loc, vtc_value *tensor, unsigned index);

/* ---- output groups that share a load (load_group.c) ----------------------------
 * Consecutive outputs along one output dim that read the same element of a
 * load inside the reduction: GQA's query heads reading one K/V row
 * (K[b, c, h floordiv 4, d]), the rows of a matrix product reading one row of
 * B (B[k, n] ignores m). A kernel that computes the `size` outputs of a group
 * together reads that element once, not once per output (vtc.txt 4.2, "block
 * virtual I/O"; register blocking in a GEMM's terms). */
typedef struct vtc_te_load_group {
  unsigned dim;   /* the output dim grouped */
  int64_t size;   /* outputs per group: divides the dim's static extent */
  vtc_op *load;   /* the shared load (the one over the largest input) */
} vtc_te_load_group;

/* Whether every result of `map` (a te.load map over the compute's dims) is
 * the same for the `size` values of dim d in one aligned group
 * [size * g, size * g + size). */
bool vtc_te_map_grouped(const vtc_affine_map *map, unsigned d, int64_t size);
/* The best group of `compute` (largest shared input, then largest size), its
 * dim not in `excluded_dims` (a bit mask), its size at most max_size (at most
 * 4 where the load ignores the dim): false when none (no reduction,
 * destinations, dynamic extents, no shared load inside the reduction, or no
 * other load that reads the dim). */
bool vtc_te_find_load_group(const vtc_op *compute, uint32_t excluded_dims, int64_t max_size, vtc_te_load_group *out);

#endif
