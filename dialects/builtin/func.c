/* The func dialect: func.func (a symbol with a body region, or a declaration
 * when the region is empty), func.return and func.call, with MLIR's custom
 * forms and verifier messages. */
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"

const vtc_type *vtc_func_get_type(const vtc_op *func) {
  const vtc_attr *a = vtc_op_get_attr(func, "function_type");
  if (!a || a->kind != VTC_ATTR_TYPE || !a->type || a->type->kind != VTC_TYPE_FUNCTION) return NULL;
  return a->type;
}

static vtc_region *func_body(vtc_op *op) { return op->num_regions ? vtc_op_region(op, 0) : NULL; }
static const vtc_type *func_type(vtc_op *op) { return vtc_func_get_type(op); }
static const vtc_callable_iface func_callable = {func_body, func_type};

/* Formats a type into a heap string for messages (the caller frees). */
static char *tstr(const vtc_type *t) { return vtc_type_to_string(t); }

/* ---- func.func ----------------------------------------------------------- */

int vtc_func_donated_result(const vtc_op *func, unsigned arg) {
  const vtc_attr *arg_attrs = vtc_op_get_attr(func, "arg_attrs");
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft || !arg_attrs || arg_attrs->kind != VTC_ATTR_ARRAY || arg >= arg_attrs->count) return -1;
  const vtc_attr *dict = arg_attrs->elems[arg].value;
  const vtc_attr *a = dict && dict->kind == VTC_ATTR_DICTIONARY ? vtc_attr_dict_get(dict, VTC_FUNC_ATTR_ALIASING_OUTPUT)
                                                                : NULL;
  if (!a || a->kind != VTC_ATTR_INTEGER || a->i < 0 || a->i >= (int64_t)ft->num_results) return -1;
  return (int)a->i;
}

static bool verify_attr_array(vtc_op *op, const char *name, const char *what, unsigned expected) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  if (!a) return true;
  if (a->count != expected)
    return vtc_op_error(op,
                        "expects %s attribute array to have the same number of elements as the number of "
                        "function %ss, got %u, but expected %u",
                        what, what, a->count, expected);
  for (unsigned i = 0; i < a->count; i++)
    if (a->elems[i].value->kind != VTC_ATTR_DICTIONARY)
      return vtc_op_error(op, "expects %s attribute dictionaries in '%s'", what, name);
  return true;
}

static bool verify_func(vtc_op *op) {
  const vtc_type *ft = vtc_func_get_type(op);
  if (!ft) return vtc_op_error(op, "requires attribute 'function_type' to be a function type");
  if (!verify_attr_array(op, "arg_attrs", "argument", ft->num_inputs)) return false;
  if (!verify_attr_array(op, "res_attrs", "result", ft->num_results)) return false;
  const vtc_attr *vis = vtc_op_get_attr(op, "sym_visibility");
  if (vis && strcmp(vis->str, "public") && strcmp(vis->str, "private") && strcmp(vis->str, "nested"))
    return vtc_op_error(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%s\"",
                        vis->str);
  vtc_block *entry = op->num_regions ? vtc_op_region(op, 0)->first : NULL;
  if (!entry) {
    if (!vis || strcmp(vis->str, "public") == 0)
      return vtc_op_error(op, "symbol declaration cannot have public visibility");
    return true;
  }
  if (entry->num_args != ft->num_inputs)
    return vtc_op_error(op, "entry block must have %u arguments to match function signature", ft->num_inputs);
  for (unsigned i = 0; i < ft->num_inputs; i++) {
    const vtc_type *want = vtc_function_input(ft, i), *have = entry->args[i]->type;
    if (want == have) continue;
    char *h = tstr(have), *w = tstr(want);
    vtc_op_error(op,
                 "type of entry block argument #%u('%s') must match the type of the corresponding argument in "
                 "function signature('%s')",
                 i, h, w);
    free(h);
    free(w);
    return false;
  }
  return true;
}

static const vtc_attr *attr_array_at(const vtc_attr *array, unsigned i) {
  return array && i < array->count ? array->elems[i].value : NULL;
}

static void print_arg_attrs(vtc_printer *p, const vtc_attr *dict) {
  if (dict && dict->kind == VTC_ATTR_DICTIONARY && dict->count) {
    vtc_printer_puts(p, " ");
    vtc_printer_attr(p, dict);
  }
}

static bool has_nonempty_dict(const vtc_attr *array) {
  for (unsigned i = 0; array && i < array->count; i++)
    if (array->elems[i].value->kind != VTC_ATTR_DICTIONARY || array->elems[i].value->count) return true;
  return false;
}

static void print_func(vtc_printer *p, vtc_op *op) {
  const vtc_type *ft = vtc_func_get_type(op);
  if (!ft || !vtc_symbol_name(op) || op->num_regions != 1) {
    /* A func that failed verification (IR dumps after a failing pass):
     * everything, unparseable but safe. */
    vtc_printer_puts(p, " <<invalid>>");
    vtc_printer_attr_dict(p, op, NULL);
    for (unsigned i = 0; i < op->num_regions; i++) vtc_printer_region(p, vtc_op_region(op, i), true, NULL);
    return;
  }
  const vtc_attr *vis = vtc_op_get_attr(op, "sym_visibility");
  if (vis && vis->kind == VTC_ATTR_STRING) vtc_printer_printf(p, " %s", vis->str);
  vtc_printer_puts(p, " ");
  vtc_printer_symbol_name(p, vtc_symbol_name(op));
  vtc_block *entry = vtc_op_region(op, 0)->first;
  const vtc_attr *arg_attrs = vtc_op_get_attr(op, "arg_attrs");
  const vtc_attr *res_attrs = vtc_op_get_attr(op, "res_attrs");
  vtc_printer_puts(p, "(");
  for (unsigned i = 0; i < ft->num_inputs; i++) {
    if (i) vtc_printer_puts(p, ", ");
    if (entry && i < entry->num_args) {
      vtc_printer_value(p, entry->args[i]);
      vtc_printer_puts(p, ": ");
    }
    vtc_printer_type(p, vtc_function_input(ft, i));
    print_arg_attrs(p, attr_array_at(arg_attrs, i));
  }
  vtc_printer_puts(p, ")");
  if (ft->num_results) {
    bool parens = ft->num_results > 1 || has_nonempty_dict(res_attrs) ||
                  vtc_function_result(ft, 0)->kind == VTC_TYPE_FUNCTION;
    vtc_printer_puts(p, parens ? " -> (" : " -> ");
    for (unsigned i = 0; i < ft->num_results; i++) {
      if (i) vtc_printer_puts(p, ", ");
      vtc_printer_type(p, vtc_function_result(ft, i));
      print_arg_attrs(p, attr_array_at(res_attrs, i));
    }
    if (parens) vtc_printer_puts(p, ")");
  }
  /* Empty attribute arrays are elided only when every dictionary is empty. */
  const char *elided[6] = {"sym_name", "function_type", "sym_visibility", NULL, NULL, NULL};
  unsigned n = 3;
  if (!arg_attrs || arg_attrs->kind == VTC_ATTR_ARRAY) elided[n++] = "arg_attrs";
  if (!res_attrs || res_attrs->kind == VTC_ATTR_ARRAY) elided[n++] = "res_attrs";
  vtc_printer_attr_dict_with_keyword(p, op, elided);
  if (entry) vtc_printer_region(p, vtc_op_region(op, 0), false, NULL);
}

/* An optional `{...}` dictionary after an argument or result type. */
static bool parse_optional_dict(vtc_parser *p, vtc_parse_state *st, const vtc_attr **dict) {
  vtc_parse_state tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.ctx = st->ctx;
  tmp.name = st->name;
  tmp.loc = st->loc;
  bool ok = vtc_parse_optional_attr_dict(p, &tmp);
  *dict = ok && tmp.attrs.len ? vtc_attr_dictionary(st->ctx, (unsigned)tmp.attrs.len, tmp.attrs.data) : NULL;
  VTC_VEC_FREE(&tmp.attrs);
  return ok;
}

typedef VTC_VEC(vtc_arg_ref) arg_vec;
typedef VTC_VEC(const vtc_type *) type_vec;
typedef VTC_VEC(const vtc_attr *) attr_vec;

static bool parse_signature_args(vtc_parser *p, vtc_parse_state *st, arg_vec *args, attr_vec *attrs,
                                 bool *named) {
  if (!vtc_parse_punct(p, "(")) return false;
  bool close = false;
  if (!vtc_parse_optional_punct(p, ")", &close)) return false;
  for (unsigned i = 0; !close; i++) {
    vtc_arg_ref arg;
    memset(&arg, 0, sizeof arg);
    bool has_name = false;
    if (!vtc_parse_optional_operand(p, &arg.ref, &has_name)) return false;
    if (i == 0) *named = has_name;
    if (has_name != *named)
      return vtc_parser_error(p, has_name ? "expected type instead of SSA identifier" : "expected SSA identifier");
    if (has_name && !vtc_parse_punct(p, ":")) return false;
    if (!vtc_parse_type(p, &arg.type)) return false;
    const vtc_attr *dict = NULL;
    if (!parse_optional_dict(p, st, &dict)) return false;
    VTC_VEC_PUSH(args, arg);
    VTC_VEC_PUSH(attrs, dict);
    bool comma = false;
    if (!vtc_parse_optional_punct(p, ",", &comma)) return false;
    if (!comma) {
      if (!vtc_parse_punct(p, ")")) return false;
      close = true;
    }
  }
  return true;
}

static bool parse_signature_results(vtc_parser *p, vtc_parse_state *st, type_vec *types, attr_vec *attrs) {
  bool arrow = false, paren = false;
  if (!vtc_parse_optional_punct(p, "->", &arrow)) return false;
  if (!arrow) return true;
  if (!vtc_parse_optional_punct(p, "(", &paren)) return false;
  if (!paren) {
    const vtc_type *t;
    if (!vtc_parse_type(p, &t)) return false;
    VTC_VEC_PUSH(types, t);
    VTC_VEC_PUSH(attrs, NULL);
    return true;
  }
  bool close = false;
  if (!vtc_parse_optional_punct(p, ")", &close)) return false;
  while (!close) {
    const vtc_type *t;
    const vtc_attr *dict = NULL;
    if (!vtc_parse_type(p, &t) || !parse_optional_dict(p, st, &dict)) return false;
    VTC_VEC_PUSH(types, t);
    VTC_VEC_PUSH(attrs, dict);
    bool comma = false;
    if (!vtc_parse_optional_punct(p, ",", &comma)) return false;
    if (!comma) {
      if (!vtc_parse_punct(p, ")")) return false;
      close = true;
    }
  }
  return true;
}

/* Adds `name` = [dict, ...] when any dictionary is non-empty. */
static void add_attr_array(vtc_parse_state *st, const char *name, attr_vec *dicts) {
  bool any = false;
  for (size_t i = 0; i < dicts->len; i++) any |= dicts->data[i] != NULL;
  if (!any) return;
  const vtc_attr **elems = vtc_xcalloc(dicts->len, sizeof *elems);
  for (size_t i = 0; i < dicts->len; i++)
    elems[i] = dicts->data[i] ? dicts->data[i] : vtc_attr_dictionary(st->ctx, 0, NULL);
  vtc_parse_state_add_attr(st, name, vtc_attr_array(st->ctx, (unsigned)dicts->len, elems));
  free(elems);
}

static bool parse_func(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  static const char *const visibilities[] = {"private", "public", "nested"};
  for (unsigned i = 0; i < 3; i++) {
    bool present = false;
    if (!vtc_parse_optional_keyword(p, visibilities[i], &present)) return false;
    if (present) {
      vtc_parse_state_add_attr(st, "sym_visibility", vtc_attr_cstring(ctx, visibilities[i]));
      break;
    }
  }
  const char *name;
  const vtc_loc *name_loc = vtc_parser_loc(p);
  if (!vtc_parse_symbol_name(p, &name)) return false;
  vtc_parse_state_add_attr(st, "sym_name", vtc_attr_cstring(ctx, name));

  arg_vec args = {0};
  type_vec results = {0};
  attr_vec arg_dicts = {0}, res_dicts = {0};
  bool named = false, ok = parse_signature_args(p, st, &args, &arg_dicts, &named) &&
                          parse_signature_results(p, st, &results, &res_dicts);
  if (ok) {
    const vtc_type **inputs = vtc_xcalloc(args.len + 1, sizeof *inputs);
    for (size_t i = 0; i < args.len; i++) inputs[i] = args.data[i].type;
    const vtc_type *ft =
        vtc_type_function(ctx, (unsigned)args.len, inputs, (unsigned)results.len, results.data);
    free(inputs);
    vtc_parse_state_add_attr(st, "function_type", vtc_attr_type(ctx, ft));
    add_attr_array(st, "arg_attrs", &arg_dicts);
    add_attr_array(st, "res_attrs", &res_dicts);
    ok = vtc_parse_optional_attr_dict_with_keyword(p, st);
  }
  if (ok) {
    vtc_region *body = vtc_parse_state_add_region(st);
    bool present = false;
    ok = vtc_parse_optional_region(p, body, named ? args.data : NULL, named ? (unsigned)args.len : 0, NULL,
                                   &present);
    if (ok && present && args.len && !named)
      ok = vtc_error(ctx, name_loc, "expected named arguments for a function with a body");
    if (ok && !present && named)
      ok = vtc_error(ctx, name_loc, "expected a function body after named arguments");
  }
  VTC_VEC_FREE(&args);
  VTC_VEC_FREE(&results);
  VTC_VEC_FREE(&arg_dicts);
  VTC_VEC_FREE(&res_dicts);
  return ok;
}

/* ---- func.return --------------------------------------------------------- */

static bool verify_return(vtc_op *op) {
  vtc_op *func = vtc_op_parent_op(op);
  if (!func || !vtc_op_is_named(func, "func.func")) return true; /* the parent check reports it */
  const vtc_type *ft = vtc_func_get_type(func);
  if (!ft) return true;
  const char *fname = vtc_symbol_name(func);
  if (op->num_operands != ft->num_results)
    return vtc_op_error(op, "has %u operands, but enclosing function (@%s) returns %u", op->num_operands,
                        fname ? fname : "", ft->num_results);
  for (unsigned i = 0; i < op->num_operands; i++) {
    const vtc_type *have = vtc_op_operand(op, i)->type, *want = vtc_function_result(ft, i);
    if (have == want) continue;
    char *h = tstr(have), *w = tstr(want);
    vtc_op_error(op, "type of return operand %u ('%s') doesn't match function result type ('%s') in function @%s",
                 i, h, w, fname ? fname : "");
    free(h);
    free(w);
    return false;
  }
  return true;
}

static void print_operands_colon_types(vtc_printer *p, vtc_op *op) {
  if (!op->num_operands) return;
  vtc_printer_puts(p, " ");
  vtc_printer_operands(p, op);
  vtc_printer_puts(p, " : ");
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_operand(op, i)->type);
  }
}

static void print_return(vtc_printer *p, vtc_op *op) {
  vtc_printer_attr_dict(p, op, NULL);
  print_operands_colon_types(p, op);
}

static bool parse_return(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  const vtc_type **types = NULL;
  unsigned n = 0, ntypes = 0;
  bool ok = vtc_parse_optional_attr_dict(p, st) && vtc_parse_operand_list(p, &refs, &n);
  if (ok && n) {
    const vtc_loc *loc = vtc_parser_loc(p);
    ok = vtc_parse_punct(p, ":") && vtc_parse_type_list(p, &types, &ntypes);
    if (ok && ntypes != n)
      ok = vtc_error(vtc_parser_context(p), loc, "%u operands present, but expected %u", n, ntypes);
  }
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], types[i], st);
  free(refs);
  free(types);
  return ok;
}

/* ---- func.call ----------------------------------------------------------- */

static bool verify_call(vtc_op *op) {
  const vtc_attr *callee = vtc_op_get_attr(op, "callee");
  if (!callee || callee->kind != VTC_ATTR_SYMBOL_REF)
    return vtc_op_error(op, "requires a 'callee' symbol reference attribute");
  vtc_op *fn = vtc_symbol_lookup_from(op, callee);
  const vtc_type *ft = fn && vtc_op_is_named(fn, "func.func") ? vtc_func_get_type(fn) : NULL;
  if (!ft) {
    char *s = vtc_attr_to_string(callee);
    vtc_op_error(op, "'%s' does not reference a valid function", s);
    free(s);
    return false;
  }
  if (ft->num_inputs != op->num_operands) return vtc_op_error(op, "incorrect number of operands for callee");
  for (unsigned i = 0; i < op->num_operands; i++) {
    const vtc_type *have = vtc_op_operand(op, i)->type, *want = vtc_function_input(ft, i);
    if (have == want) continue;
    char *h = tstr(have), *w = tstr(want);
    vtc_op_error(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %u", w,
                 h, i);
    free(h);
    free(w);
    return false;
  }
  if (ft->num_results != op->num_results) return vtc_op_error(op, "incorrect number of results for callee");
  for (unsigned i = 0; i < op->num_results; i++) {
    const vtc_type *have = vtc_op_result(op, i)->type, *want = vtc_function_result(ft, i);
    if (have == want) continue;
    char *h = tstr(have), *w = tstr(want);
    vtc_op_error(op, "result type mismatch at index %u: op result types: '%s', function result types: '%s'", i, h,
                 w);
    free(h);
    free(w);
    return false;
  }
  return true;
}

static void print_call(vtc_printer *p, vtc_op *op) {
  const vtc_attr *callee = vtc_op_get_attr(op, "callee");
  vtc_printer_puts(p, " ");
  if (callee) vtc_printer_attr(p, callee);
  else vtc_printer_puts(p, "<<invalid>>");
  vtc_printer_puts(p, "(");
  vtc_printer_operands(p, op);
  vtc_printer_puts(p, ")");
  static const char *const elided[] = {"callee", NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  const vtc_type **ins = vtc_xcalloc(op->num_operands + 1, sizeof *ins);
  const vtc_type **outs = vtc_xcalloc(op->num_results + 1, sizeof *outs);
  for (unsigned i = 0; i < op->num_operands; i++) ins[i] = vtc_op_operand(op, i)->type;
  for (unsigned i = 0; i < op->num_results; i++) outs[i] = vtc_op_result(op, i)->type;
  vtc_printer_type(p, vtc_type_function(vtc_op_context(op), op->num_operands, ins, op->num_results, outs));
  free(ins);
  free(outs);
}

static bool parse_call(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  const vtc_loc *callee_loc = vtc_parser_loc(p);
  const vtc_attr *callee = NULL;
  if (!vtc_parse_attr(p, NULL, &callee)) return false;
  if (callee->kind != VTC_ATTR_SYMBOL_REF) return vtc_error(ctx, callee_loc, "expected a symbol reference");
  vtc_parse_state_add_attr(st, "callee", callee);
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  bool ok = vtc_parse_punct(p, "(") && vtc_parse_operand_list(p, &refs, &n) && vtc_parse_punct(p, ")") &&
            vtc_parse_optional_attr_dict(p, st) && vtc_parse_punct(p, ":");
  const vtc_loc *type_loc = ok ? vtc_parser_loc(p) : NULL;
  const vtc_type *ft = NULL;
  ok = ok && vtc_parse_type(p, &ft);
  if (ok && ft->kind != VTC_TYPE_FUNCTION) ok = vtc_error(ctx, type_loc, "expected a function type");
  if (ok && ft->num_inputs != n)
    ok = vtc_error(ctx, type_loc, "%u operands present, but expected %u", n, ft->num_inputs);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], vtc_function_input(ft, i), st);
  for (unsigned i = 0; ok && i < ft->num_results; i++) VTC_VEC_PUSH(&st->result_types, vtc_function_result(ft, i));
  free(refs);
  return ok;
}

/* ---- the table ----------------------------------------------------------- */

static const vtc_attr_spec func_attrs[] = {
    {"sym_name", VTC_ATTR_STRING, false, NULL},
    {"function_type", VTC_ATTR_TYPE, false, NULL},
    {"sym_visibility", VTC_ATTR_STRING, true, NULL},
    {"arg_attrs", VTC_ATTR_ARRAY, true, NULL},
    {"res_attrs", VTC_ATTR_ARRAY, true, NULL},
    {0},
};

static const vtc_attr_spec call_attrs[] = {
    {"callee", VTC_ATTR_SYMBOL_REF, false, NULL},
    {0},
};

static const vtc_op_def func_ops[] = {
    {
        .name = "func.func",
        .num_operands = 0,
        .num_results = 0,
        .num_regions = 1,
        .traits = VTC_TRAIT_SYMBOL | VTC_TRAIT_ISOLATED_FROM_ABOVE,
        .attrs = func_attrs,
        .verify = verify_func,
        .print = print_func,
        .parse = parse_func,
        .interfaces = {[VTC_IFACE_CALLABLE] = &func_callable},
        .summary = "A function: a symbol with a signature and a body (empty for a declaration)",
    },
    {
        .name = "func.return",
        .num_operands = -1,
        .num_results = 0,
        .num_regions = 0,
        .traits = VTC_TRAIT_TERMINATOR | VTC_TRAIT_RETURN_LIKE,
        .parent = "func.func",
        .verify = verify_return,
        .print = print_return,
        .parse = parse_return,
        .summary = "Returns from a function with the function's result values",
    },
    {
        .name = "func.call",
        .num_operands = -1,
        .num_results = -1,
        .num_regions = 0,
        .attrs = call_attrs,
        .verify = verify_call,
        .print = print_call,
        .parse = parse_call,
        .summary = "Calls a function by symbol",
    },
};

const vtc_dialect vtc_func_dialect = {
    .name = "func",
    .ops = func_ops,
    .num_ops = sizeof func_ops / sizeof func_ops[0],
    .summary = "Functions, calls and returns",
};

typedef VTC_VEC(vtc_op *) func_list;

static vtc_walk_result collect_func(vtc_op *op, void *data) {
  if (!vtc_op_is_named(op, "func.func")) return VTC_WALK_ADVANCE;
  VTC_VEC_PUSH((func_list *)data, op);
  return VTC_WALK_SKIP;
}

vtc_op **vtc_func_collect(vtc_op *root, size_t *count) {
  func_list funcs = {0};
  vtc_op_walk(root, true, collect_func, &funcs);
  *count = funcs.len;
  return funcs.data;
}
