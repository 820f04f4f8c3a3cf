/* The textual IR: parsing and printing MLIR's generic syntax and each op's
 * custom form. Custom print/parse hooks (vtc_op_def.print/.parse) use the
 * vtc_printer and vtc_parser helpers declared here, as MLIR's OpAsmPrinter
 * and OpAsmParser. */
#ifndef VTC_IR_ASM_H
#define VTC_IR_ASM_H

#include "ir/dialect.h"
#include "ir/support.h"

/* ---- parsing a source buffer -------------------------------------------- */

/* Parses a whole buffer: ops at top level are wrapped in an implicit
 * `builtin.module` unless the buffer is exactly one builtin.module. Reports
 * diagnostics to the context (with file:line:col in `name`) and returns NULL
 * on error. The caller owns the module (vtc_op_destroy). The text must stay
 * alive while diagnostics may refer to it. `line_offset` is added to every
 * line number (for --split-input-file chunks). */
vtc_op *vtc_parse_source(vtc_context *ctx, const char *name, const char *text, size_t len,
                         unsigned line_offset);
/* Parses a type or attribute from a string (for options and tests); NULL and
 * a diagnostic on error. */
const vtc_type *vtc_parse_type_string(vtc_context *ctx, const char *text);
const vtc_attr *vtc_parse_attr_string(vtc_context *ctx, const char *text);

/* ---- printing ----------------------------------------------------------- */

typedef struct vtc_print_flags {
  bool generic;              /* --print-generic / mlir-print-op-generic */
  bool debug_info;           /* print loc(...) */
  int64_t elide_elements_above; /* elide dense attrs with more elements; <0 never */
  bool local_scope;          /* print an op alone (names not shared with parents) */
} vtc_print_flags;

void vtc_print_op(vtc_op *op, const vtc_print_flags *flags, vtc_strbuf *out);
void vtc_print_type_to(const vtc_type *type, vtc_strbuf *out);
void vtc_print_attr_to(const vtc_attr *attr, vtc_strbuf *out);
void vtc_print_loc_to(const vtc_loc *loc, vtc_strbuf *out);
/* Convenience for debugging and diagnostics: heap string, caller frees. */
char *vtc_type_to_string(const vtc_type *type);
char *vtc_attr_to_string(const vtc_attr *attr);

/* ---- helpers for custom printers ---------------------------------------- */

void vtc_printer_puts(vtc_printer *p, const char *s);
void vtc_printer_printf(vtc_printer *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vtc_printer_value(vtc_printer *p, vtc_value *v);      /* %name */
void vtc_printer_operands(vtc_printer *p, vtc_op *op);     /* %a, %b */
void vtc_printer_type(vtc_printer *p, const vtc_type *t);
void vtc_printer_attr(vtc_printer *p, const vtc_attr *a);
/* An attribute without its `: type` suffix when that is implied (integers,
 * floats): for `arith.constant 1 : i32`-style forms. */
void vtc_printer_attr_no_type(vtc_printer *p, const vtc_attr *a);
void vtc_printer_symbol_name(vtc_printer *p, const char *name); /* @name, quoted if needed */
/* ` {a = 1, b}` for attributes not in elided (NULL-terminated) and not at
 * their declared default (vtc_attr_spec.default_value), or nothing. */
void vtc_printer_attr_dict(vtc_printer *p, vtc_op *op, const char *const *elided);
/* ` attributes {…}` form, as used by func.func. */
void vtc_printer_attr_dict_with_keyword(vtc_printer *p, vtc_op *op, const char *const *elided);
/* ` {` region `}`. Entry block arguments are printed only when
 * print_entry_args; a block's terminator is omitted when it is the op named
 * elide_terminator (NULL: never) and has no operands. */
void vtc_printer_region(vtc_printer *p, vtc_region *r, bool print_entry_args, const char *elide_terminator);
void vtc_printer_newline(vtc_printer *p);
/* What a custom printer prints for an op that failed verification (an IR
 * dump after a failing pass): ` <<invalid>>` with its operands, attributes
 * and regions. It never crashes and is not meant to parse back. */
void vtc_printer_invalid(vtc_printer *p, vtc_op *op);
/* The form of dim-like ops (te.dim, gir.dim): ` %t, 2 {attrs} : type`, with
 * the integer in attribute index_attr and one index result. */
void vtc_printer_dim_form(vtc_printer *p, vtc_op *op, const char *index_attr);
/* MLIR's `operands attr-dict : functional-type(operands, results)`, a
 * whole custom form (a vtc_print_fn) for ops that need nothing else:
 * ` %a, %b {attrs} : (ta, tb) -> tr`; no operands: ` {attrs} : () -> tr`;
 * several results: `-> (t1, t2)`. Attributes at their declared default are
 * left out, as by vtc_printer_attr_dict. An op with regions or successors
 * gets vtc_printer_invalid's form. */
void vtc_printer_functional_form(vtc_printer *p, vtc_op *op);
const vtc_print_flags *vtc_printer_flags(vtc_printer *p);
/* `^bb1` (added for custom forms of branch-like ops). */
void vtc_printer_successor(vtc_printer *p, vtc_block *block);

/* ---- helpers for custom parsers ----------------------------------------- */

/* What a custom parser builds; the generic parser creates the op from it. */
struct vtc_parse_state {
  vtc_context *ctx;
  const vtc_op_name *name;
  const vtc_loc *loc;
  VTC_VEC(vtc_value *) operands;
  VTC_VEC(const vtc_type *) result_types;
  VTC_VEC(vtc_named_attr) attrs;
  VTC_VEC(vtc_region *) regions; /* detached regions (heap), moved into the op */
  VTC_VEC(vtc_block *) successors;
};
void vtc_parse_state_add_attr(vtc_parse_state *st, const char *name, const vtc_attr *value);
vtc_region *vtc_parse_state_add_region(vtc_parse_state *st);

/* A use of a value not yet resolved to a type: `%name` or `%name#3`. */
typedef struct vtc_operand_ref {
  const char *name; /* interned, without % */
  unsigned number;
  const vtc_loc *loc;
} vtc_operand_ref;

/* A region entry argument as written in a signature: `%arg0: f32 {attrs} loc(...)`. */
typedef struct vtc_arg_ref {
  vtc_operand_ref ref;
  const vtc_type *type;
  const vtc_attr *attrs; /* NULL or a dictionary */
} vtc_arg_ref;

/* All parse helpers return false after reporting a located error. The
 * `optional` forms return true and set *present. */
const vtc_loc *vtc_parser_loc(vtc_parser *p); /* location of the next token */
bool vtc_parser_error(vtc_parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
vtc_context *vtc_parser_context(vtc_parser *p);

bool vtc_parse_punct(vtc_parser *p, const char *punct); /* "(", ")", ",", ":", "->", "=", "{", "}", "[", "]", "<", ">", "?", "*" */
bool vtc_parse_optional_punct(vtc_parser *p, const char *punct, bool *present);
bool vtc_parse_keyword(vtc_parser *p, const char *keyword);
bool vtc_parse_optional_keyword(vtc_parser *p, const char *keyword, bool *present);
bool vtc_parse_any_keyword(vtc_parser *p, const char **keyword); /* interned */
bool vtc_parse_integer(vtc_parser *p, int64_t *value);
bool vtc_parse_string(vtc_parser *p, const char **value); /* interned, unescaped */
bool vtc_parse_symbol_name(vtc_parser *p, const char **name); /* @name, interned */

bool vtc_parse_operand(vtc_parser *p, vtc_operand_ref *ref);
bool vtc_parse_optional_operand(vtc_parser *p, vtc_operand_ref *ref, bool *present);
/* Zero or more comma-separated operands (stops at a non-%); caller frees *refs. */
bool vtc_parse_operand_list(vtc_parser *p, vtc_operand_ref **refs, unsigned *count);
/* Looks up (or forward-declares) the value and appends it to st->operands. */
bool vtc_parse_resolve_operand(vtc_parser *p, const vtc_operand_ref *ref, const vtc_type *type,
                               vtc_parse_state *st);

bool vtc_parse_type(vtc_parser *p, const vtc_type **type);
bool vtc_parse_colon_type(vtc_parser *p, const vtc_type **type);
/* `t1, t2` (at least one); caller frees *types. */
bool vtc_parse_type_list(vtc_parser *p, const vtc_type ***types, unsigned *count);
/* `-> t` or `-> (t1, t2)` or nothing when absent; caller frees *types. */
bool vtc_parse_optional_arrow_type_list(vtc_parser *p, const vtc_type ***types, unsigned *count);
/* An attribute; when `type` is non-NULL an untyped integer or float literal
 * takes that type. */
bool vtc_parse_attr(vtc_parser *p, const vtc_type *type, const vtc_attr **attr);
bool vtc_parse_optional_attr_dict(vtc_parser *p, vtc_parse_state *st);
bool vtc_parse_optional_attr_dict_with_keyword(vtc_parser *p, vtc_parse_state *st);
/* Parses vtc_printer_functional_form's form (a vtc_parse_fn). An operand
 * count, an operand type count or a result count that disagrees with the
 * other or with the op's definition is a located error. */
bool vtc_parse_functional_form(vtc_parser *p, vtc_parse_state *st);
/* Its tail after the `:`, for forms that parse the operands themselves:
 * `(types) -> results`, resolving refs[0..count) against the operand types. */
bool vtc_parse_functional_type(vtc_parser *p, vtc_parse_state *st, const vtc_operand_ref *refs, unsigned count);
/* Parses vtc_printer_dim_form's form. */
bool vtc_parse_dim_form(vtc_parser *p, vtc_parse_state *st, const char *index_attr);

/* `%arg0: type {attrs}` */
bool vtc_parse_argument(vtc_parser *p, vtc_arg_ref *arg);
/* `{ ... }` into region. The entry block takes args (when count > 0 the
 * region must not spell its entry block label with arguments). When the body
 * lacks a terminator and implicit_terminator is non-NULL, that op (with no
 * operands) is appended to each block that needs one. */
bool vtc_parse_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args, unsigned count,
                      const char *implicit_terminator);
bool vtc_parse_optional_region(vtc_parser *p, vtc_region *region, const vtc_arg_ref *args,
                               unsigned count, const char *implicit_terminator, bool *present);
/* `^bb1` as a successor (added for custom forms of branch-like ops): a block
 * of the region being parsed, forward-declared when not yet defined. */
bool vtc_parse_successor(vtc_parser *p, vtc_block **block);

#endif
