/* Private to lower-graph-to-te: the per-function lowering state (function
 * symbols from te.dim, symbolic shapes of every value), a small builder for
 * one te.compute and its scalar body, and the per-family lowering functions
 * that the table in pass.c dispatches to by graph op name. */
#ifndef VTC_LOWERING_GRAPH_TO_TE_LOWERING_H
#define VTC_LOWERING_GRAPH_TO_TE_LOWERING_H

#include "dialects/arith/arith.h"
#include "dialects/builtin/dialects.h"
#include "dialects/graph/graph_impl.h"
#include "dialects/te/te.h"
#include "ir/check.h"
#include "ir/ptrmap.h"

typedef const vtc_affine_expr *gte_expr;

/* One assertion emitted in a function (not emitted twice). */
typedef struct gte_asserted {
  vtc_check_relation r;
  gte_expr a, b;
} gte_asserted;

/* A value's shape as affine expressions with no dims over the function's
 * symbols (gte_lowering.syms): a constant for a static dimension. */
typedef struct gte_shape {
  unsigned rank;
  gte_expr dims[VTC_MAX_RANK];
} gte_shape;

/* The state of lowering one function. Owns its shape records and the
 * symbol vector; the IR it creates belongs to the function. */
/* conv=: one sum over the window (direct), an im2col TE and a GEMM TE
 * (im2col), or im2col where one image's col tensor is static and at most
 * GTE_IM2COL_MAX_IMAGE_BYTES, else direct (auto, the default). */
enum { GTE_CONV_DIRECT, GTE_CONV_IM2COL, GTE_CONV_AUTO };
#define GTE_IM2COL_MAX_IMAGE_BYTES ((int64_t)64 << 20)
/* scatter=: scatter_nd (reduction none) as a destination-passing store of
 * the updates (stores, the default) or a select per output element. */
enum { GTE_SCATTER_STORES, GTE_SCATTER_SELECT };

typedef struct gte_lowering {
  vtc_context *ctx;
  vtc_op *func;
  vtc_op *op;          /* the graph op being lowered (diagnostics, location) */
  vtc_builder b;       /* inserts before op */
  vtc_op *sym_point;   /* te.dim ops go before this op (the first original op) */
  VTC_VEC(vtc_value *) syms; /* function symbols: s_i is syms.data[i] */
  vtc_ptrmap shapes;   /* vtc_value * -> gte_shape * (owned) */
  vtc_ptrmap sym_tensors; /* gte_expr -> vtc_value * (rank-0 te tensors of a symbol expr) */
  /* Sticky: a helper that returns a value reported an internal error on op
   * (ir/diagnostics.h's convention); lowering the op then fails. */
  bool failed;
  /* Run-time checks (checks.c): host te.asserts go after check_anchor (the
   * last te.dim or check op of the prologue), before any te.compute, when
   * they use the first num_top_syms symbols only; else after late_anchor
   * (what preceded the op, its operands' te.dims included), before the
   * op's own TEs. */
  vtc_op *check_anchor, *late_anchor;
  unsigned num_top_syms;
  /* The option runtime-checks=false: no shape-agreement te.asserts (the
   * ablation that measures what the checks cost; unsafe on bad input). */
  bool no_checks;
  /* The option conv= (GTE_CONV_*): how a convolution with a kernel window
   * (one group) becomes TEs (linalg.c). */
  int conv;
  int scatter; /* the option scatter= (GTE_SCATTER_*, indexing.c) */
  vtc_ptrmap check_values; /* gte_expr -> its index value in the prologue */
  VTC_VEC(gte_asserted) asserted;
} gte_lowering;

/* ---- diagnostics and attributes --------------------------------------------- */

/* `'graph.x' op cannot be lowered to te: <reason>` at the op; returns false. */
bool gte_fail(gte_lowering *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- shapes ----------------------------------------------------------------- */

/* The symbolic shape of v (a tensor value); false with a diagnostic when a
 * dynamic dimension has no symbolic form. */
bool gte_shape_of(gte_lowering *L, vtc_value *v, gte_shape *out);
void gte_set_shape(gte_lowering *L, vtc_value *v, const gte_shape *s);
/* A static shape of constants from a tensor type (dynamic dims: NULL). */
gte_shape gte_static_shape(gte_lowering *L, const vtc_type *tensor);
/* The tensor type of a symbolic shape: constants static, the rest `?`. */
const vtc_type *gte_type_of(gte_lowering *L, const gte_shape *s, const vtc_type *element);
static inline bool gte_is_const(gte_expr e, int64_t *v) {
  if (e->kind != VTC_AFFINE_CONST) return false;
  if (v) *v = e->value;
  return true;
}
gte_expr gte_c(gte_lowering *L, int64_t v);
/* The numpy broadcast of two shapes (right-aligned). A dynamic dimension is
 * assumed to equal the other operand's unless that one is a static 1
 * (gte_broadcast_index asserts it at run time). */
gte_shape gte_broadcast(gte_lowering *L, const gte_shape *a, const gte_shape *b);
/* The index expressions that read an operand of shape `in` broadcast to an
 * output of shape `out` (its leading dims): a size-1 dimension reads 0
 * unless the output's is 1 too, the others the matching output index
 * d_(i + out.rank - in.rank), whose sizes must then agree: a host te.assert
 * checks it unless it provably holds (checks.c). */
void gte_broadcast_index(gte_lowering *L, const gte_shape *in, const gte_shape *out, gte_expr *idx);
/* A rank-0 i64 (or float `element`) tensor holding the value of a symbol
 * expression: a te.compute with `reduce ()[s] -> (e)` summing 1. The body of
 * a compute is isolated from its symbols, so a TE that needs a dynamic size
 * as a number loads it from here. Cached per function. */
vtc_value *gte_symbol_tensor(gte_lowering *L, gte_expr e, const vtc_type *element);

/* ---- run-time checks (checks.c) -----------------------------------------------
 * A host te.assert at the op's location: relation(lhs, rhs), then the message
 * (`{k}` for args[k]), unless it provably holds or was asserted already in
 * this function. The index values are computed from the symbols in host
 * arith. */
void gte_assert(gte_lowering *L, vtc_check_relation r, gte_expr lhs, gte_expr rhs, const char *message,
                unsigned nargs, const gte_expr *args);
/* The checks the graph op's shape rule leaves to run time
 * (vtc_graph_runtime_checks), asserted with the rule's messages. */
void gte_graph_checks(gte_lowering *L, vtc_op *op);
void gte_free_checks(gte_lowering *L);

/* ---- building one te.compute ------------------------------------------------ */

typedef struct gte_compute {
  gte_lowering *L;
  vtc_op *op;        /* the te.compute */
  vtc_builder body;  /* at the end of its body block */
  unsigned rank, nred;
  unsigned num_inputs;
  vtc_value **inputs; /* heap, freed by gte_end */
  gte_shape out;
  gte_expr *sym_map; /* function symbol i -> compute symbol expr (NULL: unused); heap */
} gte_compute;

/* Starts a te.compute before the op being lowered. result_type NULL: the
 * type of `out` with `element`; else that type (its static dims win over
 * `out`). red (nred extents, function symbols) NULL for no reduction;
 * init_value is the combiner's start (rounded into the element type). */
void gte_begin(gte_compute *c, gte_lowering *L, const vtc_type *result_type, const vtc_type *element,
               const gte_shape *out, unsigned num_inputs, vtc_value *const *inputs, unsigned nred,
               const gte_expr *red, vtc_te_combiner combiner, double init_value);
/* Starts a destination-passing te.compute over `out` that stores into
 * `dest` (a tensor of the function) at store[0..rank(dest)): expressions
 * over the iteration dims, then the store indices as dims d_(rank+k), and
 * function symbols; its box is the whole domain. End it with gte_end_stores. */
void gte_begin_into(gte_compute *c, gte_lowering *L, const gte_shape *out, unsigned num_inputs,
                    vtc_value *const *inputs, vtc_value *dest, unsigned num_store_indices, const gte_expr *store);
/* Ends an `into` body with `te.yield v, store...`; returns the updated
 * destination (its shape the destination's). */
vtc_value *gte_end_stores(gte_compute *c, vtc_value *v, unsigned num_store_indices, vtc_value *const *store);
/* Ends the body with `te.yield v`, records the result's shape, frees c's
 * storage and returns the result tensor. */
vtc_value *gte_end(gte_compute *c, vtc_value *v);
/* The iteration index i (output indices then reduction indices) as an
 * affine dim, and as the block argument. */
gte_expr gte_d(gte_compute *c, unsigned i);
vtc_value *gte_arg(gte_compute *c, unsigned i);
/* Loads inputs[input] at idx (input rank expressions over the iteration
 * dims, then extra operands as dims d_(rank+nred+k), and function symbols).
 * padding: NULL, or the value out-of-bounds reads return. */
vtc_value *gte_load(gte_compute *c, unsigned input, const gte_expr *idx, unsigned num_extra,
                    vtc_value *const *extra, const double *padding);
/* Loads inputs[input] broadcast to the compute's output indices. */
vtc_value *gte_load_broadcast(gte_compute *c, unsigned input);

/* ---- scalar ops in a body --------------------------------------------------- */

vtc_value *gte_op1(gte_compute *c, const char *name, vtc_value *a);
vtc_value *gte_op2(gte_compute *c, const char *name, vtc_value *a, vtc_value *b);
/* A constant of a scalar type (float, integer or index). */
vtc_value *gte_const(gte_compute *c, const vtc_type *type, double v);
vtc_value *gte_cmpf(gte_compute *c, vtc_cmpf_predicate p, vtc_value *a, vtc_value *b);
vtc_value *gte_cmpi(gte_compute *c, vtc_cmpi_predicate p, vtc_value *a, vtc_value *b);
vtc_value *gte_select(gte_compute *c, vtc_value *cond, vtc_value *a, vtc_value *b);
/* Element-type conversion with the reference kernels' rules: floats round,
 * float to int truncates, to i1 is `!= 0`, i1 to a number is 0 or 1, wider
 * to narrower integers saturate; index to and from integers. */
vtc_value *gte_convert(gte_compute *c, vtc_value *v, const vtc_type *to);
/* Arithmetic by element kind: add/sub/mul/div/max/min pick the float or
 * integer op (integer division as the kernels: truncating, saturating, x/0
 * gives the limit). */
vtc_value *gte_add(gte_compute *c, vtc_value *a, vtc_value *b);
vtc_value *gte_sub(gte_compute *c, vtc_value *a, vtc_value *b);
vtc_value *gte_mul(gte_compute *c, vtc_value *a, vtc_value *b);
vtc_value *gte_div(gte_compute *c, vtc_value *a, vtc_value *b);
vtc_value *gte_max(gte_compute *c, vtc_value *a, vtc_value *b);
vtc_value *gte_min(gte_compute *c, vtc_value *a, vtc_value *b);
/* The element type of a composite's intermediates: f32 for f16/bf16 (so a
 * half type is rounded once, at the result), el otherwise. */
const vtc_type *gte_acc_type(gte_lowering *L, const vtc_type *el);
/* The smallest / largest value of a scalar type (-inf / +inf for floats). */
double gte_lowest(const vtc_type *t);
double gte_highest(const vtc_type *t);

/* ---- the lowering functions, one per op family -----------------------------
 * Each creates te ops before L->op, fills results[0..op->num_results) and
 * returns true, or returns false after a diagnostic. */
typedef bool (*gte_lower_fn)(gte_lowering *L, vtc_op *op, vtc_value **results);

bool gte_lower_unary(gte_lowering *L, vtc_op *op, vtc_value **results);      /* elementwise.c */
bool gte_lower_binary(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_where(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_cast(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_constant(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_movement(gte_lowering *L, vtc_op *op, vtc_value **results);   /* movement.c */
/* A reshape or flatten with dynamic dims: its one result (reshape.c). */
bool gte_lower_dynamic_reshape(gte_lowering *L, vtc_op *op, vtc_value **result);
bool gte_lower_reduce(gte_lowering *L, vtc_op *op, vtc_value **results);     /* reduce.c */
bool gte_lower_softmax(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_layer_norm(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_rms_norm(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_matmul(gte_lowering *L, vtc_op *op, vtc_value **results);     /* linalg.c */
bool gte_lower_conv2d(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_attention(gte_lowering *L, vtc_op *op, vtc_value **results);  /* attention.c */
bool gte_lower_gather(gte_lowering *L, vtc_op *op, vtc_value **results);     /* indexing.c */
bool gte_lower_scatter_nd(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_pool(gte_lowering *L, vtc_op *op, vtc_value **results);             /* onnx.c */
bool gte_lower_arg_reduce(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_cumsum(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_gather_elements(gte_lowering *L, vtc_op *op, vtc_value **results);
bool gte_lower_resize(gte_lowering *L, vtc_op *op, vtc_value **results);

/* Softmax of x along `axis` as four TEs (reduce-max, exp(x - max),
 * reduce-sum, divide); shared by attention. result_type may be NULL. */
vtc_value *gte_softmax(gte_lowering *L, vtc_value *x, unsigned axis, const vtc_type *result_type);

#endif
