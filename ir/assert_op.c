/* The shared part of assertion ops (assert_op.h): accessors, builder,
 * verifier and custom form. */
#include "ir/assert_op.h"

#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/operation.h"

static const char *str_attr(const vtc_op *op, const char *name) {
  const vtc_attr *a = vtc_op_get_attr(op, name);
  return a && a->kind == VTC_ATTR_STRING ? a->str : NULL;
}

vtc_check_relation vtc_assert_relation(const vtc_op *op) {
  vtc_check_relation r = VTC_CHECK_EQ;
  vtc_check_relation_from_name(str_attr(op, VTC_ASSERT_ATTR_RELATION), &r);
  return r;
}

const char *vtc_assert_message(const vtc_op *op) {
  const char *m = str_attr(op, VTC_ASSERT_ATTR_MESSAGE);
  return m ? m : "";
}

bool vtc_assert_is_ordered(const vtc_op *op) { return vtc_op_get_attr(op, VTC_ASSERT_ATTR_ORDERED) != NULL; }

unsigned vtc_assert_num_args(const vtc_op *op) {
  return op->num_operands - (vtc_assert_is_ordered(op) && op->num_operands ? 1 : 0);
}

vtc_value *vtc_assert_arg(const vtc_op *op, unsigned i) { return vtc_op_operand(op, i); }

vtc_value *vtc_assert_order(const vtc_op *op) {
  return vtc_assert_is_ordered(op) && op->num_operands ? vtc_op_operand(op, op->num_operands - 1) : NULL;
}

char *vtc_assert_format(const vtc_op *op, const int64_t *values) {
  return vtc_check_format(vtc_assert_message(op), values, vtc_assert_num_args(op));
}

vtc_op *vtc_assert_build(vtc_builder *b, const char *name, const vtc_loc *loc, vtc_check_relation relation,
                         unsigned num_args, vtc_value *const *args, vtc_value *order, const char *message) {
  vtc_context *ctx = b->ctx;
  vtc_value **ops = vtc_xcalloc(num_args + 2, sizeof *ops);
  memcpy(ops, args, num_args * sizeof *ops);
  if (order) ops[num_args] = order;
  vtc_named_attr attrs[3] = {
      {vtc_str(ctx, VTC_ASSERT_ATTR_RELATION), vtc_attr_cstring(ctx, vtc_check_relation_name(relation))},
      {vtc_str(ctx, VTC_ASSERT_ATTR_MESSAGE), vtc_attr_cstring(ctx, message)},
      {vtc_str(ctx, VTC_ASSERT_ATTR_ORDERED), vtc_attr_unit(ctx)},
  };
  vtc_op *op = vtc_builder_create(b, name, loc, num_args + (order ? 1 : 0), ops, NULL, order ? 3 : 2, attrs);
  free(ops);
  return op;
}

static bool op_error(vtc_op *op, const char *fmt, const char *arg) {
  return vtc_error(vtc_op_context(op), op->loc, "'%s' op %s%s", op->name->name, fmt, arg ? arg : "");
}

bool vtc_assert_verify(vtc_op *op, bool order_allowed) {
  vtc_check_relation r;
  const char *rel = str_attr(op, VTC_ASSERT_ATTR_RELATION);
  if (!vtc_check_relation_from_name(rel, &r))
    return op_error(op, "relation must be eq, ne, slt, sle, ult, ule, broadcastable or divisible", NULL);
  const char *msg = str_attr(op, VTC_ASSERT_ATTR_MESSAGE);
  if (!msg) return op_error(op, "requires a string attribute 'message'", NULL);
  const vtc_attr *ord = vtc_op_get_attr(op, VTC_ASSERT_ATTR_ORDERED);
  if (ord && ord->kind != VTC_ATTR_UNIT) return op_error(op, "'ordered' must be a unit attribute", NULL);
  if (ord && !order_allowed) return op_error(op, "takes an order only inside a kernel", NULL);
  unsigned n = vtc_assert_num_args(op);
  if (n < 2) return op_error(op, "compares two arguments: it needs at least two", NULL);
  for (unsigned i = 0; i < op->num_operands; i++)
    if (vtc_op_operand(op, i)->type->kind != VTC_TYPE_INDEX)
      return op_error(op, "operands must be of type index", NULL);
  int arity = vtc_check_template_arity(msg);
  if (arity < 0 || (unsigned)arity > n) {
    char buf[64];
    snprintf(buf, sizeof buf, "%u arguments", n);
    return op_error(op, "message names an argument past its ", buf);
  }
  return true;
}

void vtc_assert_print(vtc_printer *p, vtc_op *op) {
  vtc_check_relation r;
  const vtc_attr *m = vtc_op_get_attr(op, VTC_ASSERT_ATTR_MESSAGE);
  bool ordered = vtc_assert_is_ordered(op);
  if (!vtc_check_relation_from_name(str_attr(op, VTC_ASSERT_ATTR_RELATION), &r) || !m ||
      m->kind != VTC_ATTR_STRING || op->num_operands < (ordered ? 1u : 0u)) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_printf(p, " %s(", vtc_check_relation_name(r));
  unsigned n = vtc_assert_num_args(op);
  for (unsigned i = 0; i < n; i++) {
    if (i) vtc_printer_puts(p, ", ");
    vtc_printer_value(p, vtc_op_operand(op, i));
  }
  vtc_printer_puts(p, ")");
  if (ordered) {
    vtc_printer_puts(p, " order ");
    vtc_printer_value(p, vtc_assert_order(op));
  }
  vtc_printer_puts(p, " ");
  vtc_printer_attr(p, m);
  static const char *const elided[] = {VTC_ASSERT_ATTR_RELATION, VTC_ASSERT_ATTR_MESSAGE, VTC_ASSERT_ATTR_ORDERED,
                                       NULL};
  vtc_printer_attr_dict(p, op, elided);
}

bool vtc_assert_parse(vtc_parser *p, vtc_parse_state *st) {
  vtc_context *ctx = st->ctx;
  const vtc_loc *rloc = vtc_parser_loc(p);
  const char *rel, *msg;
  vtc_check_relation r;
  if (!vtc_parse_any_keyword(p, &rel)) return false;
  if (!vtc_check_relation_from_name(rel, &r))
    return vtc_error(ctx, rloc, "unknown relation '%s' (expected eq, ne, slt, sle, ult, ule, broadcastable or "
                                "divisible)", rel);
  vtc_operand_ref *args = NULL, order;
  unsigned n = 0;
  bool ok = vtc_parse_punct(p, "(") && vtc_parse_operand_list(p, &args, &n) && vtc_parse_punct(p, ")"), ordered = false;
  if (ok) ok = vtc_parse_optional_keyword(p, "order", &ordered);
  if (ok && ordered) ok = vtc_parse_operand(p, &order);
  ok = ok && vtc_parse_string(p, &msg) && vtc_parse_optional_attr_dict(p, st);
  const vtc_type *index = vtc_type_index(ctx);
  for (unsigned i = 0; ok && i < n; i++) ok = vtc_parse_resolve_operand(p, &args[i], index, st);
  if (ok && ordered) ok = vtc_parse_resolve_operand(p, &order, index, st);
  if (ok) {
    vtc_parse_state_add_attr(st, VTC_ASSERT_ATTR_RELATION, vtc_attr_cstring(ctx, rel));
    vtc_parse_state_add_attr(st, VTC_ASSERT_ATTR_MESSAGE, vtc_attr_cstring(ctx, msg));
    if (ordered) vtc_parse_state_add_attr(st, VTC_ASSERT_ATTR_ORDERED, vtc_attr_unit(ctx));
  }
  free(args);
  return ok;
}
