/* Dialects declare their ops as static tables of vtc_op_def rows: the C
 * counterpart of MLIR's ODS. Adding an op is adding a row and its functions.
 * Interfaces (shape inference, data-movement mapping, cost, ...) are
 * function-pointer slots on the row, indexed by vtc_interface_id. */
#ifndef VTC_IR_DIALECT_H
#define VTC_IR_DIALECT_H

#include "ir/operation.h"

typedef struct vtc_printer vtc_printer;
typedef struct vtc_parser vtc_parser;
typedef struct vtc_parse_state vtc_parse_state;
typedef struct vtc_pattern_set vtc_pattern_set;
typedef struct vtc_builder vtc_builder;

enum {
  VTC_TRAIT_PURE = 1u << 0,          /* no side effects: CSE and DCE may act */
  VTC_TRAIT_TERMINATOR = 1u << 1,
  VTC_TRAIT_COMMUTATIVE = 1u << 2,   /* canonicalisation orders constants last */
  VTC_TRAIT_ISOLATED_FROM_ABOVE = 1u << 3,
  VTC_TRAIT_SYMBOL = 1u << 4,        /* defines a symbol in `sym_name` */
  VTC_TRAIT_SYMBOL_TABLE = 1u << 5,  /* its single block holds uniquely named symbols */
  VTC_TRAIT_NO_TERMINATOR = 1u << 6, /* single-block regions with no terminator */
  VTC_TRAIT_SINGLE_BLOCK = 1u << 7,
  VTC_TRAIT_CONSTANT_LIKE = 1u << 8, /* folds to its `value` attribute */
  VTC_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE = 1u << 9,
  VTC_TRAIT_ELEMENTWISE = 1u << 10,
  VTC_TRAIT_DATA_MOVEMENT = 1u << 11,
  VTC_TRAIT_RETURN_LIKE = 1u << 12,
  VTC_TRAIT_CHECK = 1u << 13,        /* only checks its operands, stopping the program when the check fails: a
                                        copy of it after the same check never fails (cse merges region ops
                                        that hold checks) */
};

/* Interface slots. Each slot's function type is declared by the module that
 * owns the interface (e.g. dialects/graph/interfaces.h). */
typedef enum vtc_interface_id {
  VTC_IFACE_INFER_SHAPES,
  VTC_IFACE_MAPPING,        /* data-movement: output index -> input index */
  VTC_IFACE_LAYOUT,         /* VTensor layout requirements */
  VTC_IFACE_LOWER_TO_TE,
  VTC_IFACE_COST,           /* flops and bytes */
  VTC_IFACE_INTERPRET,      /* reference interpreter */
  VTC_IFACE_CALLABLE,       /* func-like: body region and function type */
  VTC_IFACE_COUNT = 16,
} vtc_interface_id;

/* A required (or optional) attribute of an op, checked by the generic verifier. */
typedef struct vtc_attr_spec {
  const char *name;
  int kind; /* vtc_attr_kind, or -1 for any */
  bool optional;
  /* MLIR's DefaultValuedAttr: what an absent optional attribute means, as
   * attribute text ("-1", "true", "\"NOTSET\"", "[1, 1]"); NULL: none. The
   * op's readers must use the same default. Custom forms leave an attribute
   * equal to it out of their attribute dictionary (the generic form prints
   * every attribute). */
  const char *default_value;
} vtc_attr_spec;

/* What a fold produced for one result: a constant attribute (materialised by
 * the dialect) or an existing value. */
typedef struct vtc_fold_result {
  const vtc_attr *attr;
  vtc_value *value;
} vtc_fold_result;

/* Emits diagnostics on the op and returns false on failure. */
typedef bool (*vtc_verify_fn)(vtc_op *op);
/* operand_constants[i] is the constant attribute of operand i or NULL.
 * Returns true when every result folded (results filled) or when the op was
 * updated in place (results[i].value == its own result i). */
typedef bool (*vtc_fold_fn)(vtc_op *op, const vtc_attr *const *operand_constants, vtc_fold_result *results);
/* Custom assembly form. The printer has already printed `%results = `; the
 * hook prints from the op name's end; the parser sees the text after the name. */
typedef void (*vtc_print_fn)(vtc_printer *p, vtc_op *op);
typedef bool (*vtc_parse_fn)(vtc_parser *p, vtc_parse_state *state);
typedef void (*vtc_patterns_fn)(vtc_context *ctx, vtc_pattern_set *set);

struct vtc_op_def {
  const char *name;        /* full name: "arith.addi" */
  int num_operands;        /* -1: variadic */
  int num_results;         /* -1: variadic */
  int num_regions;         /* -1: variadic */
  unsigned traits;
  const vtc_attr_spec *attrs; /* terminated by a row with name == NULL; may be NULL */
  const char *parent;      /* required parent op name, or NULL */
  vtc_verify_fn verify;
  vtc_fold_fn fold;
  vtc_print_fn print;      /* NULL: the generic form */
  vtc_parse_fn parse;
  vtc_patterns_fn canonical_patterns;
  const void *interfaces[VTC_IFACE_COUNT];
  const char *summary;     /* one line, for --help and docs */
};

/* Creates the op that materialises a constant attribute of the given type
 * (used by folding), inserted at the builder's point; NULL if impossible. */
typedef vtc_op *(*vtc_materialize_fn)(vtc_builder *b, const vtc_attr *value, const vtc_type *type,
                                      const vtc_loc *loc);
/* Dialect types and attributes: `!name.mnemonic<body>`. parse validates the
 * body (returning false with *error set); print is optional (the body as
 * written is canonical when absent). */
typedef bool (*vtc_dialect_parse_body_fn)(vtc_context *ctx, const char *mnemonic, const char *body,
                                          const char **error);

struct vtc_dialect {
  const char *name;
  const vtc_op_def *ops;
  size_t num_ops;
  vtc_materialize_fn materialize_constant;
  vtc_dialect_parse_body_fn check_type; /* NULL: any body accepted */
  vtc_dialect_parse_body_fn check_attr;
  const char *summary;
};

/* Registers a dialect (idempotent). Register before creating ops. */
void vtc_context_register_dialect(vtc_context *ctx, const vtc_dialect *dialect);
const vtc_dialect *vtc_context_get_dialect(vtc_context *ctx, const char *name);
const vtc_op_def *vtc_context_lookup_op(vtc_context *ctx, const char *name);
/* Unregistered ops of unregistered dialects are accepted when allowed
 * (an op with an unknown name in a registered dialect is always an error). */
void vtc_context_allow_unregistered(vtc_context *ctx, bool allow);
bool vtc_context_allows_unregistered(const vtc_context *ctx);

/* The attribute that op's attribute `name` means when absent: its spec's
 * default_value, parsed once per context (the result is uniqued, so
 * `vtc_op_get_attr(op, name) == vtc_op_attr_default(op, name)` says the
 * attribute is at its default). NULL when the op declares no default. */
const vtc_attr *vtc_op_attr_default(vtc_op *op, const char *name);

static inline bool vtc_op_has_trait(const vtc_op *op, unsigned trait) {
  return op->name->def && (op->name->def->traits & trait);
}
static inline const void *vtc_op_interface(const vtc_op *op, vtc_interface_id id) {
  return op->name->def ? op->name->def->interfaces[id] : NULL;
}

#endif
