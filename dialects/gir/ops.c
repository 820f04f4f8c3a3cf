/* The gir dialect's op table and its structural and host-side ops: gir.kernel
 * (the parallel primitive, powerfusion.txt section 4 "Parallel"; Vortex's
 * levels, vortex.txt section 4.2), gir.return, gir.id, gir.count, gir.alloc,
 * gir.free, gir.dim and gir.launch, with the helpers the other op files share. */
#include "dialects/gir/gir_impl.h"
#include "ir/assert_op.h"

/* ---- shared helpers ---------------------------------------------------------- */

bool gir_type_error(vtc_op *op, const char *fmt, const vtc_type *a, const vtc_type *b) {
  char *x = a ? vtc_type_to_string(a) : NULL, *y = b ? vtc_type_to_string(b) : NULL;
  vtc_op_error(op, fmt, x ? x : "", y ? y : "");
  free(x);
  free(y);
  return false;
}

bool vtc_gir_is(const vtc_op *op, const char *mnemonic) {
  return op && strncmp(op->name->name, "gir.", 4) == 0 && strcmp(op->name->name + 4, mnemonic) == 0;
}

vtc_op *vtc_gir_enclosing_kernel(const vtc_op *op) {
  for (vtc_op *p = op ? vtc_op_parent_op(op) : NULL; p; p = vtc_op_parent_op(p))
    if (vtc_gir_is(p, "kernel")) return p;
  return NULL;
}

bool gir_require_kernel(vtc_op *op) {
  if (vtc_gir_enclosing_kernel(op)) return true;
  return vtc_op_error(op, "runs on the parallel units and must be inside a 'gir.kernel'");
}

bool gir_require_host(vtc_op *op) {
  if (!vtc_gir_enclosing_kernel(op)) return true;
  return vtc_op_error(op, "is a host operation and cannot appear inside a 'gir.kernel'");
}

bool gir_slice_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_slice_info *s) {
  if (vtc_gir_slice_info_of(vtc_op_context(op), t, s)) return true;
  char *x = vtc_type_to_string(t);
  vtc_op_error(op, "%s must be a !gir.slice, but is %s", what, x);
  free(x);
  return false;
}

bool gir_register_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_slice_info *s) {
  if (vtc_gir_slice_info_of(vtc_op_context(op), t, s) && s->level == VTC_GIR_REGISTER) return true;
  char *x = vtc_type_to_string(t);
  vtc_op_error(op, "%s must be a register slice (!gir.slice<register, ...>), but is %s", what, x);
  free(x);
  return false;
}

bool gir_buffer_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_buffer_info *b) {
  if (vtc_gir_buffer_info_of(vtc_op_context(op), t, b)) return true;
  char *x = vtc_type_to_string(t);
  vtc_op_error(op, "%s must be a !gir.buffer, but is %s", what, x);
  free(x);
  return false;
}

const char *gir_str_attr(const vtc_op *op, const char *name) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  return a && a->kind == VTC_ATTR_STRING ? a->str : NULL;
}

bool gir_constant_index(const vtc_value *v, int64_t *out) {
  vtc_op *d = v->def_op;
  if (!d || !vtc_op_is_named(d, "arith.constant")) return false;
  const vtc_attr *a = vtc_op_get_attr(d, "value");
  if (!a || a->kind != VTC_ATTR_INTEGER) return false;
  *out = a->i;
  return true;
}

void gir_print_operand_types(vtc_printer *p, vtc_op *op, unsigned from) {
  vtc_printer_puts(p, " : ");
  for (unsigned i = from; i < op->num_operands; i++) {
    if (i > from) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_op_operand(op, i)->type);
  }
}

bool gir_parse_word(vtc_parser *p, const char **word, const vtc_loc **loc) {
  *loc = vtc_parser_loc(p);
  return vtc_parse_any_keyword(p, word);
}

/* ---- gir.kernel ------------------------------------------------------------------ */

const char *vtc_gir_kernel_name(const vtc_op *k) { return vtc_symbol_name(k); }
const vtc_type *vtc_gir_kernel_type(const vtc_op *k) { return vtc_func_get_type(k); }
vtc_gir_hierarchy vtc_gir_kernel_hierarchy(const vtc_op *k) {
  vtc_gir_hierarchy h = VTC_GIR_HIER_CPU;
  vtc_gir_hierarchy_from_name(gir_str_attr(k, VTC_GIR_ATTR_HIERARCHY), &h);
  return h;
}
int64_t vtc_gir_kernel_group_size(const vtc_op *k) { return vtc_op_get_int_attr(k, VTC_GIR_ATTR_GROUP_SIZE, 1); }
int64_t vtc_gir_kernel_lanes(const vtc_op *k) { return vtc_op_get_int_attr(k, VTC_GIR_ATTR_LANES, 1); }
int64_t vtc_gir_kernel_occupancy(const vtc_op *k) { return vtc_op_get_int_attr(k, VTC_GIR_ATTR_OCCUPANCY, 0); }
vtc_block *vtc_gir_kernel_body(const vtc_op *k) { return k->num_regions ? k->regions[0].first : NULL; }
vtc_value *vtc_gir_kernel_arg(const vtc_op *k, unsigned i) { return vtc_gir_kernel_body(k)->args[i]; }

static vtc_region *kernel_body_region(vtc_op *op) { return op->num_regions ? vtc_op_region(op, 0) : NULL; }
static const vtc_type *kernel_fn_type(vtc_op *op) { return vtc_func_get_type(op); }
static const vtc_callable_iface kernel_callable = {kernel_body_region, kernel_fn_type};

/* Kernel parameters: global buffers and scalars (index, integers, floats). */
static bool param_ok(vtc_context *ctx, const vtc_type *t) {
  vtc_gir_buffer_info b;
  if (vtc_gir_buffer_info_of(ctx, t, &b)) return b.level == VTC_GIR_GLOBAL;
  return t->kind == VTC_TYPE_INDEX || t->kind == VTC_TYPE_INTEGER || vtc_type_is_float(t);
}

/* Kernels hold gir, arith and math ops only (the lowerings know no others). */
static vtc_walk_result check_kernel_op(vtc_op *o, void *kernel) {
  if (o == kernel) return VTC_WALK_ADVANCE;
  const char *d = o->name->dialect;
  if (d && (strcmp(d, "gir") == 0 || strcmp(d, "arith") == 0 || strcmp(d, "math") == 0)) return VTC_WALK_ADVANCE;
  vtc_op_error(o, "is not allowed in a 'gir.kernel' (only gir, arith and math ops)");
  return VTC_WALK_INTERRUPT;
}

static bool verify_kernel(vtc_op *op) {
  vtc_context *ctx = vtc_op_context(op);
  const vtc_type *ft = vtc_func_get_type(op);
  if (!ft) return vtc_op_error(op, "requires attribute 'function_type' to be a function type");
  if (ft->num_results) return vtc_op_error(op, "kernels return nothing: results are written to global buffers");
  for (unsigned i = 0; i < ft->num_inputs; i++)
    if (!param_ok(ctx, vtc_function_input(ft, i)))
      return gir_type_error(op, "parameter has type %s%s; kernel parameters are global buffers and scalars (index, "
                                "integers, floats)", vtc_function_input(ft, i), NULL);
  vtc_gir_hierarchy h;
  const char *hs = gir_str_attr(op, VTC_GIR_ATTR_HIERARCHY);
  if (!vtc_gir_hierarchy_from_name(hs, &h))
    return vtc_op_error(op, "hierarchy must be \"cpu\" or \"gpu\"%s%s", hs ? ", not " : "", hs ? hs : "");
  int64_t g = vtc_gir_kernel_group_size(op), l = vtc_gir_kernel_lanes(op);
  if (g < 1) return vtc_op_error(op, "group_size must be at least 1, but is %lld", (long long)g);
  if (l < 1) return vtc_op_error(op, "lanes must be at least 1, but is %lld", (long long)l);
  const vtc_attr *occ = vtc_op_get_attr(op, VTC_GIR_ATTR_OCCUPANCY);
  if (occ && (occ->kind != VTC_ATTR_INTEGER || occ->i < 1 || occ->i > 32))
    return vtc_op_error(op, "occupancy must be an integer in [1, 32] (groups per core)");
  if (h == VTC_GIR_HIER_GPU && g > 32)
    return vtc_op_error(op, "a GPU group is one block: at most 32 warps (1024 threads), not %lld", (long long)g);
  /* Bounds that keep groups x group_size and a unit's registers countable. */
  if (g > 1024) return vtc_op_error(op, "group_size must be at most 1024, but is %lld", (long long)g);
  if (l > VTC_GIR_MAX_REGISTER_ELEMS)
    return vtc_op_error(op, "lanes must be at most %lld, but is %lld", (long long)VTC_GIR_MAX_REGISTER_ELEMS, (long long)l);
  vtc_block *entry = vtc_gir_kernel_body(op);
  if (!entry) return vtc_op_error(op, "requires a body");
  if (entry->num_args != ft->num_inputs)
    return vtc_op_error(op, "body has %u arguments, but the signature has %u parameters", entry->num_args,
                        ft->num_inputs);
  for (unsigned i = 0; i < ft->num_inputs; i++)
    if (entry->args[i]->type != vtc_function_input(ft, i))
      return gir_type_error(op, "body argument type %s does not match the parameter type %s", entry->args[i]->type,
                            vtc_function_input(ft, i));
  if (!entry->last || !vtc_gir_is(entry->last, "return")) return vtc_op_error(op, "body must end with 'gir.return'");
  return vtc_op_walk(op, true, check_kernel_op, op) && gir_verify_barrier_uniformity(op);
}

static void print_kernel(vtc_printer *p, vtc_op *op) {
  const vtc_type *ft = vtc_func_get_type(op);
  vtc_block *entry = vtc_gir_kernel_body(op);
  vtc_gir_hierarchy h;
  if (!ft || !vtc_symbol_name(op) || !entry || entry->num_args != ft->num_inputs ||
      !vtc_gir_hierarchy_from_name(gir_str_attr(op, VTC_GIR_ATTR_HIERARCHY), &h)) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_symbol_name(p, vtc_symbol_name(op));
  vtc_printer_puts(p, "(");
  for (unsigned i = 0; i < ft->num_inputs; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, entry->args[i]);
    vtc_printer_puts(p, ": ");
    vtc_printer_type(p, vtc_function_input(ft, i));
  }
  vtc_printer_printf(p, ") parallel %s group %lld lanes %lld", vtc_gir_hierarchy_name(h),
                     (long long)vtc_gir_kernel_group_size(op), (long long)vtc_gir_kernel_lanes(op));
  static const char *const elided[] = {"sym_name", "function_type", VTC_GIR_ATTR_HIERARCHY,
                                       VTC_GIR_ATTR_GROUP_SIZE, VTC_GIR_ATTR_LANES, NULL};
  vtc_printer_attr_dict_with_keyword(p, op, elided);
  vtc_printer_region(p, vtc_op_region(op, 0), false, "gir.return");
}

static bool parse_kernel(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = vtc_parser_context(p);
  const char *name;
  if (!vtc_parse_symbol_name(p, &name)) return false;
  vtc_parse_state_add_attr(st, "sym_name", vtc_attr_cstring(ctx, name));
  VTC_VEC(vtc_arg_ref) args = {0};
  VTC_VEC(const vtc_type *) types = {0};
  bool ok = vtc_parse_punct(p, "("), close = false;
  if (ok) ok = vtc_parse_optional_punct(p, ")", &close);
  while (ok && !close) {
    vtc_arg_ref a;
    ok = vtc_parse_argument(p, &a);
    if (!ok) break;
    VTC_VEC_PUSH(&args, a);
    VTC_VEC_PUSH(&types, a.type);
    bool comma = false;
    ok = vtc_parse_optional_punct(p, ",", &comma);
    if (ok && !comma) ok = vtc_parse_punct(p, ")"), close = true;
  }
  const char *hs;
  const vtc_loc *hloc;
  int64_t group = 0, lanes = 0;
  vtc_gir_hierarchy h;
  ok = ok && vtc_parse_keyword(p, "parallel") && gir_parse_word(p, &hs, &hloc);
  if (ok && !vtc_gir_hierarchy_from_name(hs, &h))
    ok = vtc_error(ctx, hloc, "unknown hierarchy '%s' (expected cpu or gpu)", hs);
  ok = ok && vtc_parse_keyword(p, "group") && vtc_parse_integer(p, &group) && vtc_parse_keyword(p, "lanes") &&
       vtc_parse_integer(p, &lanes);
  if (ok) {
    vtc_parse_state_add_attr(st, VTC_GIR_ATTR_HIERARCHY, vtc_attr_cstring(ctx, hs));
    vtc_parse_state_add_attr(st, VTC_GIR_ATTR_GROUP_SIZE, vtc_attr_i64(ctx, group));
    vtc_parse_state_add_attr(st, VTC_GIR_ATTR_LANES, vtc_attr_i64(ctx, lanes));
    const vtc_type *ft = vtc_type_function(ctx, (unsigned)types.len, types.data, 0, NULL);
    vtc_parse_state_add_attr(st, "function_type", vtc_attr_type(ctx, ft));
    ok = vtc_parse_optional_attr_dict_with_keyword(p, st) &&
         vtc_parse_region(p, vtc_parse_state_add_region(st), args.data, (unsigned)args.len, "gir.return");
  }
  VTC_VEC_FREE(&args);
  VTC_VEC_FREE(&types);
  return ok;
}

vtc_op *vtc_gir_build_kernel(vtc_builder *b, const vtc_loc *loc, const char *name, unsigned num_params,
                             const vtc_type *const *params, vtc_gir_hierarchy hierarchy, int64_t group_size,
                             int64_t lanes) {
  vtc_context *ctx = b->ctx;
  const vtc_type *ft = vtc_type_function(ctx, num_params, params, 0, NULL);
  vtc_named_attr attrs[] = {
      {vtc_str(ctx, "sym_name"), vtc_attr_cstring(ctx, name)},
      {vtc_str(ctx, "function_type"), vtc_attr_type(ctx, ft)},
      {vtc_str(ctx, VTC_GIR_ATTR_HIERARCHY), vtc_attr_cstring(ctx, vtc_gir_hierarchy_name(hierarchy))},
      {vtc_str(ctx, VTC_GIR_ATTR_GROUP_SIZE), vtc_attr_i64(ctx, group_size)},
      {vtc_str(ctx, VTC_GIR_ATTR_LANES), vtc_attr_i64(ctx, lanes)},
  };
  vtc_op_state s = {.name = vtc_op_name_get(ctx, "gir.kernel"), .loc = loc, .num_attrs = 5, .attrs = attrs,
                    .num_regions = 1};
  vtc_op *op = vtc_builder_insert(b, &s);
  vtc_block *body = vtc_block_create();
  for (unsigned i = 0; i < num_params; i++) vtc_block_add_arg(body, params[i]);
  vtc_region_push_block(vtc_op_region(op, 0), body);
  return op;
}

vtc_op *vtc_gir_build_return(vtc_builder *b, const vtc_loc *loc) {
  return vtc_builder_create(b, "gir.return", loc, 0, NULL, NULL, 0, NULL);
}

static void print_return(vtc_printer *p, vtc_op *op) { vtc_printer_attr_dict(p, op, NULL); }
static bool parse_return(vtc_parser *p, vtc_parse_state *st) { return vtc_parse_optional_attr_dict(p, st); }

/* ---- gir.id and gir.count ------------------------------------------------------------ */

vtc_gir_dim vtc_gir_id_dim(const vtc_op *op) {
  vtc_gir_dim d = VTC_GIR_DIM_UNIT;
  vtc_gir_dim_from_name(gir_str_attr(op, VTC_GIR_ATTR_DIM), &d);
  return d;
}

static bool verify_id(vtc_op *op) {
  vtc_gir_dim d;
  const char *s = gir_str_attr(op, VTC_GIR_ATTR_DIM);
  if (!vtc_gir_dim_from_name(s, &d))
    return vtc_op_error(op, "dim must be \"unit\", \"group\" or \"unit_in_group\"");
  if (vtc_op_result(op, 0)->type->kind != VTC_TYPE_INDEX) return vtc_op_error(op, "result must be of type index");
  return gir_require_kernel(op);
}

static void print_id(vtc_printer *p, vtc_op *op) {
  vtc_gir_dim d;
  if (!vtc_gir_dim_from_name(gir_str_attr(op, VTC_GIR_ATTR_DIM), &d) || op->num_results != 1 ||
      vtc_op_result(op, 0)->type->kind != VTC_TYPE_INDEX) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %s", vtc_gir_dim_name(d));
  static const char *const elided[] = {VTC_GIR_ATTR_DIM, NULL};
  vtc_printer_attr_dict(p, op, elided);
}

static bool parse_id(vtc_parser *p, vtc_parse_state *st) {
  const char *w;
  const vtc_loc *l;
  vtc_gir_dim d;
  if (!gir_parse_word(p, &w, &l)) return false;
  if (!vtc_gir_dim_from_name(w, &d))
    return vtc_error(st->ctx, l, "unknown parallel dimension '%s' (expected unit, group or unit_in_group)", w);
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_DIM, vtc_attr_cstring(st->ctx, w));
  VTC_VEC_PUSH(&st->result_types, vtc_type_index(st->ctx));
  return vtc_parse_optional_attr_dict(p, st);
}

static vtc_value *build_id_like(vtc_builder *b, const char *name, const vtc_loc *loc, vtc_gir_dim dim) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_DIM), vtc_attr_cstring(b->ctx, vtc_gir_dim_name(dim))};
  return vtc_op_result(vtc_builder_create(b, name, loc, 0, NULL, vtc_type_index(b->ctx), 1, &a), 0);
}
vtc_value *vtc_gir_build_id(vtc_builder *b, const vtc_loc *loc, vtc_gir_dim dim) {
  return build_id_like(b, "gir.id", loc, dim);
}
vtc_value *vtc_gir_build_count(vtc_builder *b, const vtc_loc *loc, vtc_gir_dim dim) {
  return build_id_like(b, "gir.count", loc, dim);
}

/* ---- gir.alloc, gir.free, gir.dim ------------------------------------------------------- */

static bool verify_alloc(vtc_op *op) {
  vtc_gir_buffer_info b;
  if (!gir_buffer_of(op, vtc_op_result(op, 0)->type, "result", &b)) return false;
  unsigned ndyn = 0;
  for (unsigned i = 0; i < b.rank; i++) ndyn += b.dims[i] == VTC_DYNAMIC;
  if (op->num_operands != ndyn)
    return vtc_op_error(op, "has %u size operands, but the buffer type has %u dynamic dimensions", op->num_operands,
                        ndyn);
  for (unsigned i = 0; i < op->num_operands; i++)
    if (vtc_op_operand(op, i)->type->kind != VTC_TYPE_INDEX)
      return vtc_op_error(op, "size operand #%u must be of type index", i);
  vtc_op *kernel = vtc_gir_enclosing_kernel(op);
  bool in_kernel = kernel != NULL;
  if (in_kernel && b.level != VTC_GIR_SHARED)
    return vtc_op_error(op, "inside a kernel allocates shared memory only (global buffers are allocated on the host)");
  if (!in_kernel && b.level != VTC_GIR_GLOBAL)
    return vtc_op_error(op, "on the host allocates global memory only (shared buffers are allocated inside a kernel)");
  if (in_kernel && ndyn) return vtc_op_error(op, "shared buffers must have a static shape");
  if (in_kernel) {
    int64_t bytes = vtc_type_bit_width(b.elem) <= 8 ? 1 : (int64_t)vtc_type_bit_width(b.elem) / 8;
    bool overflow = false;
    for (unsigned i = 0; i < b.rank; i++) overflow |= __builtin_mul_overflow(bytes, b.dims[i], &bytes);
    bool gpu = vtc_gir_kernel_hierarchy(kernel) == VTC_GIR_HIER_GPU;
    int64_t limit = gpu ? VTC_GIR_MAX_SHARED_BYTES : VTC_GIR_MAX_CPU_SHARED_BYTES;
    if (overflow || bytes > limit)
      return vtc_op_error(op, "shared buffers hold at most %lld bytes (%s), but this one needs %s%lld", (long long)limit,
                          gpu ? "the most shared memory a GPU block may use" : "a CPU group's cache buffer",
                          overflow ? "more than " : "", overflow ? (long long)INT64_MAX : (long long)bytes);
  }
  return true;
}

int64_t vtc_gir_shared_alloc_bytes(const vtc_op *op) {
  vtc_gir_buffer_info b;
  if (!vtc_gir_is(op, "alloc") || op->num_results != 1 ||
      !vtc_gir_buffer_info_of(vtc_op_context(op), vtc_op_result((vtc_op *)op, 0)->type, &b) ||
      b.level != VTC_GIR_SHARED)
    return -1;
  int64_t elem = 1, bytes;
  while (elem * 8 < (int64_t)vtc_type_bit_width(b.elem)) elem *= 2;
  bytes = elem;
  for (unsigned i = 0; i < b.rank; i++) bytes *= b.dims[i] == VTC_DYNAMIC ? 0 : b.dims[i];
  return (bytes + 15) & ~(int64_t)15;
}

static void print_alloc(vtc_printer *p, vtc_op *op) {
  if (op->num_results != 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, "(");
  vtc_printer_operands(p, op);
  vtc_printer_puts(p, ")");
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_result(op, 0)->type);
}

static bool parse_alloc(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref *refs = NULL;
  unsigned n = 0;
  const vtc_type *t;
  bool ok = vtc_parse_punct(p, "(") && vtc_parse_operand_list(p, &refs, &n) && vtc_parse_punct(p, ")") &&
            vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &t);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &refs[i], vtc_type_index(st->ctx), st);
  if (ok) VTC_VEC_PUSH(&st->result_types, t);
  free(refs);
  return ok;
}

vtc_value *vtc_gir_build_alloc(vtc_builder *b, const vtc_loc *loc, const vtc_type *buffer_type,
                               unsigned num_dynamic, vtc_value *const *dynamic_sizes) {
  return vtc_op_result(
      vtc_builder_create(b, "gir.alloc", loc, num_dynamic, dynamic_sizes, buffer_type, 0, NULL), 0);
}

static bool verify_free(vtc_op *op) {
  vtc_gir_buffer_info b;
  if (!gir_buffer_of(op, vtc_op_operand(op, 0)->type, "operand", &b)) return false;
  if (b.level != VTC_GIR_GLOBAL)
    return vtc_op_error(op, "frees global buffers only (shared buffers live as long as their kernel)");
  return gir_require_host(op);
}

/* `%x : type` forms (free). */
static void print_operand_colon_type(vtc_printer *p, vtc_op *op) {
  if (op->num_operands != 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_attr_dict(p, op, NULL);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
}

static bool parse_operand_colon_type(vtc_parser *p, vtc_parse_state *st) {
  vtc_operand_ref r;
  const vtc_type *t;
  return vtc_parse_operand(p, &r) && vtc_parse_optional_attr_dict(p, st) && vtc_parse_colon_type(p, &t) &&
         vtc_parse_resolve_operand(p, &r, t, st);
}

vtc_op *vtc_gir_build_free(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer) {
  return vtc_builder_create(b, "gir.free", loc, 1, &buffer, NULL, 0, NULL);
}

unsigned vtc_gir_dim_index(const vtc_op *op) {
  int64_t i = vtc_op_get_int_attr(op, VTC_GIR_ATTR_INDEX, 0);
  return i < 0 ? 0 : (unsigned)i;
}

static bool verify_dim(vtc_op *op) {
  vtc_gir_buffer_info b;
  if (!gir_buffer_of(op, vtc_op_operand(op, 0)->type, "operand", &b)) return false;
  int64_t i = vtc_op_get_int_attr(op, VTC_GIR_ATTR_INDEX, -1);
  if (i < 0 || i >= (int64_t)b.rank)
    return vtc_op_error(op, "dimension index %lld is out of range for a buffer of rank %u", (long long)i, b.rank);
  if (vtc_op_result(op, 0)->type->kind != VTC_TYPE_INDEX) return vtc_op_error(op, "result must be of type index");
  return true;
}

static void print_dim(vtc_printer *p, vtc_op *op) { vtc_printer_dim_form(p, op, VTC_GIR_ATTR_INDEX); }

static bool parse_dim(vtc_parser *p, vtc_parse_state *st) { return vtc_parse_dim_form(p, st, VTC_GIR_ATTR_INDEX); }

vtc_value *vtc_gir_build_dim(vtc_builder *b, const vtc_loc *loc, vtc_value *buffer, unsigned index) {
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_INDEX), vtc_attr_i64(b->ctx, index)};
  return vtc_op_result(vtc_builder_create(b, "gir.dim", loc, 1, &buffer, vtc_type_index(b->ctx), 1, &a), 0);
}

/* ---- gir.launch -------------------------------------------------------------------------- */

const char *vtc_gir_launch_kernel_name(const vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_KERNEL);
  return a && a->kind == VTC_ATTR_SYMBOL_REF ? a->str : NULL;
}
vtc_value *vtc_gir_launch_groups(const vtc_op *op) { return vtc_op_operand(op, 0); }
unsigned vtc_gir_launch_num_args(const vtc_op *op) { return op->num_operands ? op->num_operands - 1 : 0; }
vtc_value *vtc_gir_launch_arg(const vtc_op *op, unsigned i) { return vtc_op_operand(op, 1 + i); }
vtc_op *vtc_gir_launch_lookup_kernel(vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_KERNEL);
  if (!a || a->kind != VTC_ATTR_SYMBOL_REF) return NULL;
  vtc_op *k = vtc_symbol_lookup_from(op, a);
  return vtc_gir_is(k, "kernel") ? k : NULL;
}

static bool verify_launch(vtc_op *op) {
  if (!gir_require_host(op)) return false;
  if (op->num_operands < 1) return vtc_op_error(op, "requires the number of groups as its first operand");
  if (vtc_gir_launch_groups(op)->type->kind != VTC_TYPE_INDEX)
    return vtc_op_error(op, "the number of groups must be of type index");
  vtc_op *k = vtc_gir_launch_lookup_kernel(op);
  const char *name = vtc_gir_launch_kernel_name(op);
  if (!k) return vtc_op_error(op, "'@%s' does not reference a gir.kernel", name ? name : "");
  const vtc_type *ft = vtc_gir_kernel_type(k);
  if (!ft) return true; /* the kernel's verifier reports it */
  unsigned n = vtc_gir_launch_num_args(op);
  if (n != ft->num_inputs)
    return vtc_op_error(op, "passes %u arguments, but kernel @%s has %u parameters", n, name, ft->num_inputs);
  for (unsigned i = 0; i < n; i++) {
    const vtc_type *have = vtc_gir_launch_arg(op, i)->type, *want = vtc_function_input(ft, i);
    if (have != want) {
      char *h = vtc_type_to_string(have), *w = vtc_type_to_string(want);
      vtc_op_error(op, "argument #%u has type %s, but kernel @%s expects %s", i, h, name, w);
      free(h);
      free(w);
      return false;
    }
  }
  return true;
}

static void print_launch(vtc_printer *p, vtc_op *op) {
  const vtc_attr *a = vtc_op_get_attr(op, VTC_GIR_ATTR_KERNEL);
  if (!a || a->kind != VTC_ATTR_SYMBOL_REF || op->num_operands < 1) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_attr(p, a);
  vtc_printer_puts(p, "[");
  vtc_printer_value(p, vtc_gir_launch_groups(op));
  vtc_printer_puts(p, "](");
  for (unsigned i = 0; i < vtc_gir_launch_num_args(op); i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, vtc_gir_launch_arg(op, i));
  }
  vtc_printer_puts(p, ")");
  static const char *const elided[] = {VTC_GIR_ATTR_KERNEL, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : (");
  for (unsigned i = 0; i < vtc_gir_launch_num_args(op); i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_type(p, vtc_gir_launch_arg(op, i)->type);
  }
  vtc_printer_puts(p, ")");
}

static bool parse_launch(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  const vtc_loc *kloc = vtc_parser_loc(p);
  const vtc_attr *kernel;
  if (!vtc_parse_attr(p, NULL, &kernel)) return false;
  if (kernel->kind != VTC_ATTR_SYMBOL_REF) return vtc_error(ctx, kloc, "expected the kernel's symbol (@name)");
  vtc_parse_state_add_attr(st, VTC_GIR_ATTR_KERNEL, kernel);
  vtc_operand_ref groups, *args = NULL;
  unsigned n = 0, nt = 0;
  const vtc_type **types = NULL;
  bool ok = vtc_parse_punct(p, "[") && vtc_parse_operand(p, &groups) && vtc_parse_punct(p, "]") &&
            vtc_parse_punct(p, "(") && vtc_parse_operand_list(p, &args, &n) && vtc_parse_punct(p, ")") &&
            vtc_parse_optional_attr_dict(p, st) && vtc_parse_punct(p, ":") && vtc_parse_punct(p, "(");
  const vtc_loc *tloc = ok ? vtc_parser_loc(p) : NULL;
  bool close = false;
  if (ok) ok = vtc_parse_optional_punct(p, ")", &close);
  if (ok && !close) ok = vtc_parse_type_list(p, &types, &nt) && vtc_parse_punct(p, ")");
  if (ok && nt != n) ok = vtc_error(ctx, tloc, "%u arguments present, but %u types", n, nt);
  ok = ok && vtc_parse_resolve_operand(p, &groups, vtc_type_index(ctx), st);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &args[i], types[i], st);
  free(args);
  free(types);
  return ok;
}

vtc_op *vtc_gir_build_launch(vtc_builder *b, const vtc_loc *loc, const char *kernel, vtc_value *groups,
                             unsigned num_args, vtc_value *const *args) {
  vtc_value **ops = vtc_xcalloc(num_args + 1, sizeof *ops);
  ops[0] = groups;
  for (unsigned i = 0; i < num_args; i++) ops[1 + i] = args[i];
  vtc_named_attr a = {vtc_str(b->ctx, VTC_GIR_ATTR_KERNEL), vtc_attr_symbol_ref(b->ctx, kernel, 0, NULL)};
  vtc_op *op = vtc_builder_create(b, "gir.launch", loc, num_args + 1, ops, NULL, 1, &a);
  free(ops);
  return op;
}

/* ---- gir.assert ------------------------------------------------------------------------------
 * The shared assertion form (ir/assert_op.h), on the host or in a kernel;
 * an order only in a kernel. */

static bool verify_assert(vtc_op *op) { return vtc_assert_verify(op, vtc_gir_enclosing_kernel(op) != NULL); }

/* ---- the table ------------------------------------------------------------------------------ */

static const vtc_attr_spec kernel_attrs[] = {
    {"sym_name", VTC_ATTR_STRING, false, NULL},
    {"function_type", VTC_ATTR_TYPE, false, NULL},
    {VTC_GIR_ATTR_HIERARCHY, VTC_ATTR_STRING, false, NULL},
    {VTC_GIR_ATTR_GROUP_SIZE, VTC_ATTR_INTEGER, false, NULL},
    {VTC_GIR_ATTR_LANES, VTC_ATTR_INTEGER, false, NULL},
    {0},
};
static const vtc_attr_spec id_attrs[] = {{VTC_GIR_ATTR_DIM, VTC_ATTR_STRING, false, NULL}, {0}};
static const vtc_attr_spec dim_attrs[] = {{VTC_GIR_ATTR_INDEX, VTC_ATTR_INTEGER, false, NULL}, {0}};
static const vtc_attr_spec launch_attrs[] = {{VTC_GIR_ATTR_KERNEL, VTC_ATTR_SYMBOL_REF, false, NULL}, {0}};
static const vtc_attr_spec view_attrs[] = {{VTC_GIR_ATTR_PADDING, -1, true, NULL}, {0}};
static const vtc_attr_spec sync_attrs[] = {{VTC_GIR_ATTR_SCOPE, VTC_ATTR_STRING, false, NULL}, {0}};
static const vtc_attr_spec reduce_attrs[] = {
    {VTC_GIR_ATTR_COMBINER, VTC_ATTR_STRING, false, NULL},
    {VTC_GIR_ATTR_AXIS, VTC_ATTR_STRING, false, NULL},
    {0},
};
static const vtc_attr_spec broadcast_attrs[] = {{VTC_GIR_ATTR_AXIS, VTC_ATTR_STRING, true, NULL}, {0}};
static const vtc_attr_spec extract_attrs[] = {{VTC_GIR_ATTR_POSITION, VTC_ATTR_ARRAY, false, NULL}, {0}};
static const vtc_attr_spec copy_attrs[] = {{VTC_GIR_ATTR_TRANSPOSE, VTC_ATTR_UNIT, true, NULL}, {0}};
static const vtc_attr_spec mma_attrs[] = {{VTC_GIR_ATTR_TF32, VTC_ATTR_UNIT, true, NULL}, {0}};
static const vtc_attr_spec async_wait_attrs[] = {{VTC_GIR_ATTR_PENDING, VTC_ATTR_INTEGER, false, NULL}, {0}};
static const vtc_attr_spec copy_async_attrs[] = {{VTC_GIR_ATTR_SWIZZLE, VTC_ATTR_INTEGER, true, NULL}, {0}};
static const vtc_attr_spec wgmma_attrs[] = {
    {VTC_GIR_ATTR_SWIZZLE, VTC_ATTR_INTEGER, false, NULL},
    {VTC_GIR_ATTR_TRANSPOSE_A, VTC_ATTR_UNIT, true, NULL},
    {VTC_GIR_ATTR_TRANSPOSE_B, VTC_ATTR_UNIT, true, NULL},
    {VTC_GIR_ATTR_PANEL_STRIDE, VTC_ATTR_INTEGER, true, NULL},
    {0},
};
static const vtc_attr_spec assume_multiple_attrs[] = {{VTC_GIR_ATTR_MULTIPLE, VTC_ATTR_INTEGER, false, NULL}, {0}};
static const vtc_attr_spec switch_attrs[] = {{VTC_GIR_ATTR_CASES, VTC_ATTR_ARRAY, false, NULL}, {0}};
static const vtc_attr_spec atomic_attrs[] = {{VTC_GIR_ATTR_ATOMIC, VTC_ATTR_STRING, false, NULL}, {0}};
static const vtc_attr_spec assert_attrs[] = {
    {VTC_ASSERT_ATTR_RELATION, VTC_ATTR_STRING, false, NULL},
    {VTC_ASSERT_ATTR_MESSAGE, VTC_ATTR_STRING, false, NULL},
    {VTC_ASSERT_ATTR_ORDERED, VTC_ATTR_UNIT, true, NULL},
    {0},
};

static const vtc_op_def gir_ops[] = {
    /* structure and the parallel primitive */
    {.name = "gir.kernel", .num_operands = 0, .num_results = 0, .num_regions = 1,
     .traits = VTC_TRAIT_SYMBOL | VTC_TRAIT_ISOLATED_FROM_ABOVE | VTC_TRAIT_SINGLE_BLOCK, .attrs = kernel_attrs,
     .verify = verify_kernel, .print = print_kernel, .parse = parse_kernel,
     .interfaces = {[VTC_IFACE_CALLABLE] = &kernel_callable},
     .summary = "a kernel: its body runs on every parallel unit of a launch (the parallel primitive)"},
    {.name = "gir.return", .num_operands = 0, .num_results = 0, .num_regions = 0,
     .traits = VTC_TRAIT_TERMINATOR | VTC_TRAIT_RETURN_LIKE, .parent = "gir.kernel", .print = print_return,
     .parse = parse_return, .summary = "ends a kernel's body"},
    {.name = "gir.id", .num_operands = 0, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = id_attrs, .verify = verify_id, .print = print_id, .parse = parse_id,
     .summary = "the index of this parallel unit (unit, group, unit_in_group)"},
    {.name = "gir.count", .num_operands = 0, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = id_attrs, .verify = verify_id, .print = print_id, .parse = parse_id,
     .summary = "the number of units, groups, or units per group of the launch"},
    {.name = "gir.for", .num_operands = -1, .num_results = -1, .num_regions = 1, .traits = VTC_TRAIT_SINGLE_BLOCK,
     .verify = gir_verify_for, .print = gir_print_for, .parse = gir_parse_for,
     .summary = "a serial (temporal) loop of one unit, with loop-carried values"},
    {.name = "gir.yield", .num_operands = -1, .num_results = 0, .num_regions = 0,
     .traits = VTC_TRAIT_TERMINATOR | VTC_TRAIT_RETURN_LIKE, .verify = gir_verify_yield, .print = gir_print_yield,
     .parse = gir_parse_yield, .summary = "ends a gir.elementwise or gir.for body"},
    /* host */
    {.name = "gir.alloc", .num_operands = -1, .num_results = 1, .num_regions = 0, .verify = verify_alloc,
     .print = print_alloc, .parse = parse_alloc,
     .summary = "a global buffer (host) or a shared buffer (kernel, one per group)"},
    {.name = "gir.free", .num_operands = 1, .num_results = 0, .num_regions = 0, .verify = verify_free,
     .print = print_operand_colon_type, .parse = parse_operand_colon_type, .summary = "frees a global buffer"},
    {.name = "gir.dim", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = dim_attrs, .verify = verify_dim, .print = print_dim, .parse = parse_dim,
     .summary = "the run-time size of a buffer dimension"},
    {.name = "gir.launch", .num_operands = -1, .num_results = 0, .num_regions = 0, .attrs = launch_attrs,
     .verify = verify_launch, .print = print_launch, .parse = parse_launch,
     .summary = "runs a kernel on groups x group_size units; completes before the next host op"},
    {.name = "gir.assert", .num_operands = -1, .num_results = 0, .num_regions = 0, .attrs = assert_attrs,
     .verify = verify_assert, .print = vtc_assert_print, .parse = vtc_assert_parse,
     .summary = "fails the program with a message unless a relation holds (host; or recorded by a kernel)"},
    {.name = "gir.switch", .num_operands = 1, .num_results = -1, .num_regions = -1, .attrs = switch_attrs,
     .traits = VTC_TRAIT_SINGLE_BLOCK, .verify = gir_verify_switch, .print = gir_print_switch,
     .parse = gir_parse_switch, .summary = "runs the region of the case equal to an index, else the default (host)"},
    /* data movement */
    {.name = "gir.view", .num_operands = -1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = view_attrs, .verify = gir_verify_view, .print = gir_print_view, .parse = gir_parse_view,
     .summary = "a memory slice of a buffer: num segments of width elements, stride apart, from an offset"},
    {.name = "gir.copy", .num_operands = -1, .num_results = -1, .num_regions = 0,
     .traits = VTC_TRAIT_DATA_MOVEMENT, .attrs = copy_attrs, .verify = gir_verify_copy, .print = gir_print_copy,
     .parse = gir_parse_copy, .summary = "moves a memory slice between levels (same num and width)"},
    {.name = "gir.sync", .num_operands = -1, .num_results = -1, .num_regions = 0, .attrs = sync_attrs,
     .verify = gir_verify_sync, .print = gir_print_sync, .parse = gir_parse_sync,
     .summary = "waits at a scope (lane, warp, block, device); re-patterns a register slice"},
    /* computation */
    {.name = "gir.elementwise", .num_operands = -1, .num_results = 1, .num_regions = 1,
     .traits = VTC_TRAIT_PURE | VTC_TRAIT_ELEMENTWISE | VTC_TRAIT_ISOLATED_FROM_ABOVE | VTC_TRAIT_SINGLE_BLOCK,
     .verify = gir_verify_elementwise, .print = gir_print_elementwise, .parse = gir_parse_elementwise,
     .summary = "applies its body's scalar function to every element of register slices"},
    {.name = "gir.reduce", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = reduce_attrs, .verify = gir_verify_reduce, .print = gir_print_reduce, .parse = gir_parse_reduce,
     .summary = "reduces a register slice along width or num with sum, max, min or prod"},
    {.name = "gir.broadcast", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = broadcast_attrs, .verify = gir_verify_broadcast, .print = gir_print_broadcast,
     .parse = gir_parse_broadcast, .summary = "replicates a register slice along width or num, or a scalar"},
    {.name = "gir.mma", .num_operands = 3, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = mma_attrs, .verify = gir_verify_mma, .print = gir_print_mma, .parse = gir_parse_mma,
     .summary = "a matrix instruction block: D = A x B + C on register slices"},
    {.name = "gir.extract", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = extract_attrs, .verify = gir_verify_extract, .print = gir_print_extract, .parse = gir_parse_extract,
     .summary = "one element of a register slice as a scalar"},
    /* asynchronous copies (Vortex's L1 pipeline on a GPU: cp.async) */
    {.name = "gir.copy_async", .num_operands = 2, .num_results = 0, .num_regions = 0, .attrs = copy_async_attrs,
     .verify = gir_verify_copy_async, .print = gir_print_copy_async, .parse = gir_parse_copy_async,
     .summary = "starts a global -> shared copy in 16-byte chunks, zero-filling outside the source's valid counts"},
    {.name = "gir.async_commit", .num_operands = 0, .num_results = 0, .num_regions = 0,
     .verify = gir_verify_async_commit, .print = gir_print_async_commit, .parse = gir_parse_async_commit,
     .summary = "closes this unit's copies started since the last commit into a group"},
    {.name = "gir.async_wait", .num_operands = 0, .num_results = 0, .num_regions = 0, .attrs = async_wait_attrs,
     .verify = gir_verify_async_wait, .print = gir_print_async_wait, .parse = gir_parse_async_wait,
     .summary = "waits until at most `pending` of this unit's committed copy groups are in flight"},
    /* warpgroup MMA (sm_90: wgmma.mma_async on swizzled shared tiles) */
    {.name = "gir.wgmma", .num_operands = 3, .num_results = 1, .num_regions = 0, .attrs = wgmma_attrs,
     .verify = gir_verify_wgmma, .print = gir_print_wgmma, .parse = gir_parse_wgmma,
     .summary = "a warpgroup's D = A x B + C, A and B read from swizzled shared memory, this unit's 16 rows of D"},
    {.name = "gir.wgmma_fence", .num_operands = 0, .num_results = 0, .num_regions = 0,
     .verify = gir_verify_async_commit, .print = gir_print_async_commit, .parse = gir_parse_async_commit,
     .summary = "orders earlier register and shared-memory writes before the next gir.wgmma"},
    {.name = "gir.wgmma_commit", .num_operands = 0, .num_results = 0, .num_regions = 0,
     .verify = gir_verify_async_commit, .print = gir_print_async_commit, .parse = gir_parse_async_commit,
     .summary = "closes this unit's gir.wgmma started since the last commit into a group"},
    {.name = "gir.wgmma_wait", .num_operands = 0, .num_results = 0, .num_regions = 0, .attrs = async_wait_attrs,
     .verify = gir_verify_async_wait, .print = gir_print_async_wait, .parse = gir_parse_async_wait,
     .summary = "waits until at most `pending` of this unit's committed gir.wgmma groups are in flight"},
    {.name = "gir.assume_multiple", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .attrs = assume_multiple_attrs, .verify = gir_verify_assume_multiple, .print = gir_print_assume_multiple,
     .parse = gir_parse_assume_multiple, .summary = "an index the producer guarantees to be a multiple of a constant"},
    {.name = "gir.prefetch", .num_operands = 1, .num_results = 0, .num_regions = 0,
     .verify = gir_verify_prefetch, .print = gir_print_prefetch, .parse = gir_parse_prefetch,
     .summary = "a hint that a global or shared slice will be read soon (no effect on the result)"},
    {.name = "gir.atomic", .num_operands = 2, .num_results = 0, .num_regions = 0, .attrs = atomic_attrs,
     .verify = gir_verify_atomic, .print = gir_print_atomic, .parse = gir_parse_atomic,
     .summary = "adds to, or takes the max or min with, every element of a global slice atomically"},
    {.name = "gir.transpose", .num_operands = 1, .num_results = 1, .num_regions = 0, .traits = VTC_TRAIT_PURE,
     .verify = gir_verify_transpose, .print = gir_print_transpose, .parse = gir_parse_transpose,
     .summary = "a register slice with its rows and columns swapped (num x width -> width x num)"},
};

const vtc_dialect vtc_gir_dialect = {
    .name = "gir",
    .ops = gir_ops,
    .num_ops = sizeof gir_ops / sizeof gir_ops[0],
    .check_type = vtc_gir_check_type,
    .summary = "GIR: kernels of gOperators on memory slices (PowerFusion section 4; Vortex section 4)",
};

void vtc_register_gir_dialect(vtc_context *ctx) { vtc_context_register_dialect(ctx, &vtc_gir_dialect); }
