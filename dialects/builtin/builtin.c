/* The builtin dialect: builtin.module (the top-level symbol table) and
 * builtin.unrealized_conversion_cast, with MLIR's custom forms, plus the
 * symbol-table helpers that func.call and symbol-dce share. */
#include "dialects/builtin/dialects.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/asm.h"
#include "ir/diagnostics.h"

bool vtc_op_error(vtc_op *op, const char *fmt, ...) {
  vtc_strbuf b = {0};
  vtc_strbuf_printf(&b, "'%s' op ", op->name->name);
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  vtc_error(vtc_op_context(op), op->loc, "%s", b.data);
  vtc_strbuf_free(&b);
  return false;
}

/* ---- symbols ------------------------------------------------------------ */

vtc_op *vtc_symbol_lookup_from(vtc_op *from, const vtc_attr *ref) {
  if (!ref || ref->kind != VTC_ATTR_SYMBOL_REF) return NULL;
  vtc_op *table = from;
  while (table && !vtc_op_has_trait(table, VTC_TRAIT_SYMBOL_TABLE)) table = vtc_op_parent_op(table);
  if (!table) return NULL;
  vtc_op *sym = vtc_symbol_table_lookup(table, ref->str);
  for (unsigned i = 0; sym && i < ref->count; i++) {
    if (!vtc_op_has_trait(sym, VTC_TRAIT_SYMBOL_TABLE)) return NULL;
    sym = vtc_symbol_table_lookup(sym, ref->elems[i].name);
  }
  return sym;
}

/* ---- builtin.module ------------------------------------------------------ */

static bool verify_module(vtc_op *op) {
  vtc_region *r = vtc_op_region(op, 0);
  if (vtc_region_num_blocks(r) > 1) return vtc_op_error(op, "expects a single block in its region");
  if (r->first && r->first->num_args)
    return vtc_op_error(op, "expects the region's block to have no arguments");
  /* As MLIR: discardable attributes on a module must name their dialect. */
  for (unsigned i = 0; i < op->num_attrs; i++) {
    const char *n = op->attrs[i].name;
    if (strcmp(n, "sym_name") == 0 || strcmp(n, "sym_visibility") == 0) continue;
    if (!strchr(n, '.'))
      return vtc_op_error(op, "can only contain attributes with dialect-prefixed names, found: '%s'", n);
  }
  return true;
}

static void print_module(vtc_printer *p, vtc_op *op) {
  const char *name = vtc_symbol_name(op);
  if (name) {
    vtc_printer_puts(p, " ");
    vtc_printer_symbol_name(p, name);
  }
  static const char *const elided[] = {"sym_name", NULL};
  vtc_printer_attr_dict_with_keyword(p, op, elided);
  vtc_printer_region(p, vtc_op_region(op, 0), false, NULL);
}

static bool parse_module(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  vtc_region *r = vtc_parse_state_add_region(st);
  /* `module {`, `module attributes {..} {` or `module @name ... {`. */
  bool present = false;
  if (!vtc_parse_optional_region(p, r, NULL, 0, NULL, &present)) return false;
  if (!present) {
    bool keyword = false;
    if (!vtc_parse_optional_keyword(p, "attributes", &keyword)) return false;
    if (keyword) {
      if (!vtc_parse_optional_attr_dict(p, st)) return false;
    } else {
      const char *name = NULL;
      if (!vtc_parse_symbol_name(p, &name)) return false;
      vtc_parse_state_add_attr(st, "sym_name", vtc_attr_cstring(ctx, name));
      if (!vtc_parse_optional_attr_dict_with_keyword(p, st)) return false;
    }
    if (!vtc_parse_region(p, r, NULL, 0, NULL)) return false;
  }
  if (!r->first) vtc_region_push_block(r, vtc_block_create());
  return true;
}

/* ---- builtin.unrealized_conversion_cast --------------------------------- */

static void print_cast(vtc_printer *p, vtc_op *op) {
  if (op->num_operands) {
    vtc_printer_puts(p, " ");
    vtc_printer_operands(p, op);
  }
  vtc_printer_attr_dict(p, op, NULL);
  if (op->num_operands) {
    vtc_printer_puts(p, " : ");
    for (unsigned i = 0; i < op->num_operands; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_type(p, vtc_op_operand(op, i)->type);
    }
  }
  vtc_printer_puts(p, " to ");
  for (unsigned i = 0; i < op->num_results; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_result(op, i)->type);
  }
}

static bool parse_cast(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  unsigned n = 0, ntypes = 0, nres = 0;
  const vtc_type **types = NULL, **results = NULL;
  bool ok = vtc_parse_operand_list(p, &refs, &n) && vtc_parse_optional_attr_dict(p, st);
  if (ok && n) {
    const vtc_loc *loc = vtc_parser_loc(p);
    ok = vtc_parse_punct(p, ":") && vtc_parse_type_list(p, &types, &ntypes);
    if (ok && ntypes != n) {
      ok = false;
      vtc_error(vtc_parser_context(p), loc, "%u operands present, but expected %u", n, ntypes);
    }
  }
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  ok = ok && vtc_parse_keyword(p, "to") && vtc_parse_type_list(p, &results, &nres);
  for (unsigned i = 0; ok && i < nres; i++) VTC_VEC_PUSH(&st->result_types, results[i]);
  free(refs);
  free(types);
  free(results);
  return ok;
}

static const vtc_attr_spec module_attrs[] = {
    {"sym_name", VTC_ATTR_STRING, true, NULL},
    {"sym_visibility", VTC_ATTR_STRING, true, NULL},
    {0},
};

static const vtc_op_def builtin_ops[] = {
    {
        .name = "builtin.module",
        .num_operands = 0,
        .num_results = 0,
        .num_regions = 1,
        .traits = VTC_TRAIT_NO_TERMINATOR | VTC_TRAIT_SYMBOL_TABLE | VTC_TRAIT_ISOLATED_FROM_ABOVE |
                  VTC_TRAIT_SINGLE_BLOCK,
        .attrs = module_attrs,
        .verify = verify_module,
        .print = print_module,
        .parse = parse_module,
        .summary = "A top-level container: one block of ops and a symbol table",
    },
    {
        .name = "builtin.unrealized_conversion_cast",
        .num_operands = -1,
        .num_results = -1,
        .num_regions = 0,
        .print = print_cast,
        .parse = parse_cast,
        .summary = "A cast between types that a partial conversion leaves behind",
    },
};

const vtc_dialect vtc_builtin_dialect = {
    .name = "builtin",
    .ops = builtin_ops,
    .num_ops = sizeof builtin_ops / sizeof builtin_ops[0],
    .summary = "Modules and unrealized casts",
};
