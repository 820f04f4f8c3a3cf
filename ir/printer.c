/* Printing operations: value numbering as MLIR's SSANameState (results
 * `%N` per region tree, entry arguments `%argN`, blocks `^bbN` per region),
 * the generic form, custom forms through op hooks, and the helpers custom
 * printers call (as MLIR's OpAsmPrinter). */
#include <stdarg.h>
#include <stdlib.h>

#include "ir/printer_impl.h"

/* ---- a pointer -> number map ------------------------------------------------ */

typedef struct num_entry {
  const void *key;
  uint32_t id;
  uint32_t is_arg;
} num_entry;

typedef struct num_map {
  num_entry *entries;
  size_t cap, count;
} num_map;

static size_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 29;
  return (size_t)x;
}

static void num_map_put(num_map *m, const void *key, uint32_t id, bool is_arg);

static void num_map_grow(num_map *m) {
  num_map old = *m;
  m->cap = old.cap ? old.cap * 2 : 64;
  m->entries = vtc_xcalloc(m->cap, sizeof *m->entries);
  m->count = 0;
  for (size_t i = 0; i < old.cap; i++)
    if (old.entries[i].key) num_map_put(m, old.entries[i].key, old.entries[i].id, old.entries[i].is_arg);
  free(old.entries);
}

static void num_map_put(num_map *m, const void *key, uint32_t id, bool is_arg) {
  if ((m->count + 1) * 4 > m->cap * 3) num_map_grow(m);
  size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
  while (m->entries[i].key && m->entries[i].key != key) i = (i + 1) & mask;
  if (!m->entries[i].key) m->count++;
  m->entries[i] = (num_entry){key, id, is_arg};
}

/* Backward-shift deletion keeps probe chains intact without tombstones. */
static void num_map_del(num_map *m, const void *key) {
  if (!m->cap) return;
  size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
  while (m->entries[i].key && m->entries[i].key != key) i = (i + 1) & mask;
  if (!m->entries[i].key) return;
  m->count--;
  for (size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    if (!m->entries[j].key) break;
    size_t home = ptr_hash(m->entries[j].key) & mask;
    /* Move j into the hole at i unless its home lies cyclically in (i, j]. */
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (stays) continue;
    m->entries[i] = m->entries[j];
    i = j;
  }
  m->entries[i].key = NULL;
}

static const num_entry *num_map_get(const num_map *m, const void *key) {
  if (!m->cap) return NULL;
  size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
  while (m->entries[i].key) {
    if (m->entries[i].key == key) return &m->entries[i];
    i = (i + 1) & mask;
  }
  return NULL;
}

/* ---- the printer ------------------------------------------------------------ */

typedef struct region_ctr {
  vtc_region *region;
  uint32_t next_value, next_arg; /* counters after the region's own values */
} region_ctr;

struct vtc_printer {
  vtc_strbuf *out;
  vtc_print_flags flags;
  num_map values; /* &op->results[0] or a block argument -> number */
  num_map blocks;
  unsigned indent;
  const char *default_dialect; /* "func" inside func.func, as MLIR */
  /* Numbering is done region by region as printing reaches an op (so the
   * maps only hold the values in scope), unless `full` (a nested op printed
   * with its ancestors' names, numbered all at once). */
  bool full;
  uint32_t next_value, next_arg; /* counters after the region being printed */
  VTC_VEC(region_ctr) ctrs;
};

/* Numbers a region's blocks, block arguments and op results (not nested
 * regions), advancing the counters, as MLIR's SSANameState: results `%N`,
 * entry arguments `%argN`, other block arguments `%N`, blocks per region. */
static void number_shallow(vtc_printer *pr, vtc_region *r, uint32_t *next_value, uint32_t *next_arg) {
  uint32_t block_id = 0;
  for (vtc_block *b = r->first; b; b = b->next) {
    num_map_put(&pr->blocks, b, block_id++, false);
    bool entry = b == r->first;
    for (unsigned i = 0; i < b->num_args; i++) {
      if (entry) num_map_put(&pr->values, b->args[i], (*next_arg)++, true);
      else num_map_put(&pr->values, b->args[i], (*next_value)++, false);
    }
    for (vtc_op *op = b->first; op; op = op->next)
      if (op->num_results) num_map_put(&pr->values, &op->results[0], (*next_value)++, false);
  }
}

static void unnumber_shallow(vtc_printer *pr, vtc_region *r) {
  for (vtc_block *b = r->first; b; b = b->next) {
    num_map_del(&pr->blocks, b);
    for (unsigned i = 0; i < b->num_args; i++) num_map_del(&pr->values, b->args[i]);
    for (vtc_op *op = b->first; op; op = op->next)
      if (op->num_results) num_map_del(&pr->values, &op->results[0]);
  }
}

/* Nested regions start from the counters after their parent region, so
 * sibling regions reuse numbers, as MLIR's printer does. */
static void number_region(vtc_printer *pr, vtc_region *r, uint32_t next_value, uint32_t next_arg) {
  number_shallow(pr, r, &next_value, &next_arg);
  for (vtc_block *b = r->first; b; b = b->next)
    for (vtc_op *op = b->first; op; op = op->next)
      for (unsigned i = 0; i < op->num_regions; i++) number_region(pr, &op->regions[i], next_value, next_arg);
}

static void number_root(vtc_printer *pr, vtc_op *root) {
  uint32_t next_value = 0;
  if (root->num_results) num_map_put(&pr->values, &root->results[0], next_value++, false);
  for (unsigned i = 0; i < root->num_regions; i++) number_region(pr, &root->regions[i], next_value, 0);
}

/* Before printing op: number its regions (lazy mode). */
static size_t enter_op(vtc_printer *pr, vtc_op *op) {
  size_t mark = pr->ctrs.len;
  if (pr->full) return mark;
  for (unsigned i = 0; i < op->num_regions; i++) {
    region_ctr c = {&op->regions[i], pr->next_value, pr->next_arg};
    number_shallow(pr, c.region, &c.next_value, &c.next_arg);
    VTC_VEC_PUSH(&pr->ctrs, c);
  }
  return mark;
}

static void leave_op(vtc_printer *pr, vtc_op *op, size_t mark) {
  if (pr->full) return;
  for (unsigned i = 0; i < op->num_regions; i++) unnumber_shallow(pr, &op->regions[i]);
  pr->ctrs.len = mark;
}

static void put_indent(vtc_printer *pr) {
  out_reserve(pr->out, pr->indent);
  memset(pr->out->data + pr->out->len, ' ', pr->indent);
  pr->out->len += pr->indent;
  pr->out->data[pr->out->len] = 0;
}

static void print_value(vtc_printer *pr, vtc_value *v) {
  vtc_strbuf *b = pr->out;
  const num_entry *e = num_map_get(&pr->values, v->def_op ? (const void *)&v->def_op->results[0] : (const void *)v);
  if (!e) {
    OUT_LIT(b, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  out_putc(b, '%');
  if (e->is_arg) OUT_LIT(b, "arg");
  printer_u64(b, e->id);
  if (v->def_op && v->def_op->num_results > 1) {
    out_putc(b, '#');
    printer_u64(b, v->index);
  }
}

static void print_block_name(vtc_printer *pr, vtc_block *block) {
  const num_entry *e = num_map_get(&pr->blocks, block);
  if (!e) {
    OUT_LIT(pr->out, "^<<UNKNOWN BLOCK>>");
    return;
  }
  OUT_LIT(pr->out, "^bb");
  printer_u64(pr->out, e->id);
}

static void print_op(vtc_printer *pr, vtc_op *op);

static void print_block(vtc_printer *pr, vtc_block *block, bool header, bool print_terminator) {
  vtc_strbuf *b = pr->out;
  if (header) {
    pr->indent -= 2;
    put_indent(pr);
    pr->indent += 2;
    print_block_name(pr, block);
    if (block->num_args) {
      out_putc(b, '(');
      for (unsigned i = 0; i < block->num_args; i++) {
        if (i) OUT_LIT(b, ", ");
        print_value(pr, block->args[i]);
        OUT_LIT(b, ": ");
        printer_type(b, block->args[i]->type);
      }
      out_putc(b, ')');
    }
    OUT_LIT(b, ":\n");
  }
  for (vtc_op *op = block->first; op; op = op->next) {
    if (!print_terminator && op == block->last) break;
    print_op(pr, op);
  }
}

/* The region body between braces; the caller prints `{` and sets indent. */
static void print_region_body(vtc_printer *pr, vtc_region *r, bool entry_args, bool empty_block_header,
                              const char *elide_terminator) {
  vtc_strbuf *b = pr->out;
  uint32_t saved_value = pr->next_value, saved_arg = pr->next_arg;
  bool numbered_here = false;
  if (!pr->full) {
    size_t i = pr->ctrs.len;
    while (i > 0 && pr->ctrs.data[i - 1].region != r) i--;
    if (i > 0) {
      pr->next_value = pr->ctrs.data[i - 1].next_value;
      pr->next_arg = pr->ctrs.data[i - 1].next_arg;
    } else { /* a region that is not the current op's: number it now */
      number_shallow(pr, r, &pr->next_value, &pr->next_arg);
      numbered_here = true;
    }
  }
  OUT_LIT(b, "{\n");
  pr->indent += 2;
  for (vtc_block *blk = r->first; blk; blk = blk->next) {
    bool header = true;
    if (blk == r->first)
      header = (entry_args && blk->num_args) || (empty_block_header && !blk->first);
    bool term = true;
    if (elide_terminator && blk->last && blk->last->num_operands == 0 && blk->last->num_results == 0 &&
        blk->last->num_attrs == 0 && blk->last->num_regions == 0 && blk->last->num_successors == 0 &&
        strcmp(blk->last->name->name, elide_terminator) == 0)
      term = false;
    print_block(pr, blk, header, term);
  }
  pr->indent -= 2;
  put_indent(pr);
  out_putc(b, '}');
  if (numbered_here) unnumber_shallow(pr, r);
  pr->next_value = saved_value;
  pr->next_arg = saved_arg;
}

/* Custom forms (elide_defaults) leave out attributes at their declared
 * default, as MLIR's declarative attr-dict does; the generic form keeps all. */
static void print_attr_dict(vtc_printer *pr, vtc_op *op, const char *const *elided, bool keyword,
                            bool elide_defaults) {
  vtc_strbuf *b = pr->out;
  bool any = false;
  for (unsigned i = 0; i < op->num_attrs; i++) {
    const char *name = op->attrs[i].name;
    bool skip = elide_defaults && vtc_op_attr_default(op, name) == op->attrs[i].value;
    for (const char *const *e = elided; e && *e && !skip; e++) skip = strcmp(*e, name) == 0;
    if (skip) continue;
    if (!any) {
      if (keyword) OUT_LIT(b, " attributes");
      OUT_LIT(b, " {");
    } else {
      OUT_LIT(b, ", ");
    }
    any = true;
    printer_name(b, name, vtc_str_len(name));
    if (op->attrs[i].value->kind != VTC_ATTR_UNIT) {
      OUT_LIT(b, " = ");
      printer_attr(b, op->attrs[i].value, pr->flags.elide_elements_above, VTC_ELIDE_NEVER);
    }
  }
  if (any) out_putc(b, '}');
}

/* ` : (operand types) -> result type(s)`, shared by the generic form and
 * the functional custom form. */
static void print_functional_type(vtc_printer *pr, vtc_op *op) {
  vtc_strbuf *b = pr->out;
  OUT_LIT(b, " : (");
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i) OUT_LIT(b, ", ");
    printer_type(b, op->operands[i].value->type);
  }
  OUT_LIT(b, ") -> ");
  bool paren = op->num_results != 1 || op->results[0].type->kind == VTC_TYPE_FUNCTION;
  if (paren) out_putc(b, '(');
  for (unsigned i = 0; i < op->num_results; i++) {
    if (i) OUT_LIT(b, ", ");
    printer_type(b, op->results[i].type);
  }
  if (paren) out_putc(b, ')');
}

static void print_generic(vtc_printer *pr, vtc_op *op) {
  vtc_strbuf *b = pr->out;
  printer_string(b, op->name->name, vtc_str_len(op->name->name));
  out_putc(b, '(');
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i) OUT_LIT(b, ", ");
    print_value(pr, op->operands[i].value);
  }
  out_putc(b, ')');
  if (op->num_successors) {
    out_putc(b, '[');
    for (unsigned i = 0; i < op->num_successors; i++) {
      if (i) OUT_LIT(b, ", ");
      print_block_name(pr, op->successors[i]);
    }
    out_putc(b, ']');
  }
  if (op->num_regions) {
    const char *saved = pr->default_dialect;
    pr->default_dialect = NULL;
    OUT_LIT(b, " (");
    for (unsigned i = 0; i < op->num_regions; i++) {
      if (i) OUT_LIT(b, ", ");
      print_region_body(pr, &op->regions[i], true, true, NULL);
    }
    out_putc(b, ')');
    pr->default_dialect = saved;
  }
  print_attr_dict(pr, op, NULL, false, false);
  print_functional_type(pr, op);
}

static void print_custom(vtc_printer *pr, vtc_op *op) {
  const char *name = op->name->name, *dialect = op->name->dialect;
  size_t dlen = dialect ? strlen(dialect) : 0;
  /* Builtin ops and ops of the surrounding default dialect drop their prefix. */
  if (dialect && (strcmp(dialect, "builtin") == 0 || (pr->default_dialect && strcmp(dialect, pr->default_dialect) == 0)) &&
      name[dlen] == '.')
    name += dlen + 1;
  out_puts(pr->out, name);
  const char *saved = pr->default_dialect;
  pr->default_dialect = strcmp(op->name->name, "func.func") == 0 ? "func" : NULL;
  op->name->def->print(pr, op);
  pr->default_dialect = saved;
}

static void print_op(vtc_printer *pr, vtc_op *op) {
  vtc_strbuf *b = pr->out;
  size_t mark = enter_op(pr, op);
  put_indent(pr);
  if (op->num_results) {
    const num_entry *e = num_map_get(&pr->values, &op->results[0]);
    if (e) {
      out_putc(b, '%');
      printer_u64(b, e->id);
    } else {
      OUT_LIT(b, "<<UNKNOWN SSA VALUE>>");
    }
    if (op->num_results > 1) {
      out_putc(b, ':');
      printer_u64(b, op->num_results);
    }
    OUT_LIT(b, " = ");
  }
  const vtc_op_def *def = op->name->def;
  if (!pr->flags.generic && def && def->print) print_custom(pr, op);
  else print_generic(pr, op);
  if (pr->flags.debug_info) {
    out_putc(b, ' ');
    vtc_print_loc_to(op->loc, b);
  }
  out_putc(b, '\n');
  leave_op(pr, op, mark);
}

void vtc_print_op(vtc_op *op, const vtc_print_flags *flags, vtc_strbuf *out) {
  vtc_printer pr = {.out = out};
  if (flags) pr.flags = *flags;
  else pr.flags.elide_elements_above = -1;
  vtc_op *root = op;
  if (!pr.flags.local_scope)
    while (vtc_op_parent_op(root)) root = vtc_op_parent_op(root);
  if (root != op) {
    pr.full = true;
    number_root(&pr, root);
  } else if (op->num_results) {
    num_map_put(&pr.values, &op->results[0], pr.next_value++, false);
  }
  /* Inside func.func, func ops print without their prefix, as MLIR. */
  vtc_op *parent = vtc_op_parent_op(op);
  if (parent && strcmp(parent->name->name, "func.func") == 0 && parent->name->def && parent->name->def->print)
    pr.default_dialect = "func";
  print_op(&pr, op);
  if (!parent && !pr.flags.local_scope) printer_resources(out, op, pr.flags.elide_elements_above);
  free(pr.values.entries);
  free(pr.blocks.entries);
  VTC_VEC_FREE(&pr.ctrs);
}

/* ---- helpers for custom printers -------------------------------------------- */

void vtc_printer_puts(vtc_printer *p, const char *s) { out_puts(p->out, s); }

void vtc_printer_printf(vtc_printer *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vtc_strbuf_vprintf(p->out, fmt, ap);
  va_end(ap);
}

void vtc_printer_value(vtc_printer *p, vtc_value *v) { print_value(p, v); }

void vtc_printer_operands(vtc_printer *p, vtc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i) OUT_LIT(p->out, ", ");
    print_value(p, op->operands[i].value);
  }
}

void vtc_printer_type(vtc_printer *p, const vtc_type *t) { printer_type(p->out, t); }
void vtc_printer_attr(vtc_printer *p, const vtc_attr *a) {
  printer_attr(p->out, a, p->flags.elide_elements_above, VTC_ELIDE_NEVER);
}
void vtc_printer_attr_no_type(vtc_printer *p, const vtc_attr *a) {
  printer_attr(p->out, a, p->flags.elide_elements_above, VTC_ELIDE_ALWAYS);
}

void vtc_printer_symbol_name(vtc_printer *p, const char *name) {
  out_putc(p->out, '@');
  printer_name(p->out, name, strlen(name));
}

void vtc_printer_attr_dict(vtc_printer *p, vtc_op *op, const char *const *elided) {
  print_attr_dict(p, op, elided, false, true);
}

void vtc_printer_attr_dict_with_keyword(vtc_printer *p, vtc_op *op, const char *const *elided) {
  print_attr_dict(p, op, elided, true, true);
}

void vtc_printer_region(vtc_printer *p, vtc_region *r, bool print_entry_args, const char *elide_terminator) {
  out_putc(p->out, ' ');
  print_region_body(p, r, print_entry_args, false, elide_terminator);
}

void vtc_printer_newline(vtc_printer *p) {
  out_putc(p->out, '\n');
  put_indent(p);
}

const vtc_print_flags *vtc_printer_flags(vtc_printer *p) { return &p->flags; }

void vtc_printer_successor(vtc_printer *p, vtc_block *block) { print_block_name(p, block); }

void vtc_printer_invalid(vtc_printer *p, vtc_op *op) {
  vtc_printer_puts(p, " <<invalid>> ");
  vtc_printer_operands(p, op);
  vtc_printer_attr_dict(p, op, NULL);
  for (unsigned i = 0; i < op->num_regions; i++) vtc_printer_region(p, vtc_op_region(op, i), true, NULL);
}

void vtc_printer_dim_form(vtc_printer *p, vtc_op *op, const char *index_attr) {
  const vtc_attr *i = vtc_op_get_attr(op, index_attr);
  if (op->num_operands != 1 || !i || i->kind != VTC_ATTR_INTEGER) {
    vtc_printer_invalid(p, op);
    return;
  }
  vtc_printer_puts(p, " ");
  vtc_printer_value(p, vtc_op_operand(op, 0));
  vtc_printer_printf(p, ", %lld", (long long)i->i);
  const char *const elided[] = {index_attr, NULL};
  vtc_printer_attr_dict(p, op, elided);
  vtc_printer_puts(p, " : ");
  vtc_printer_type(p, vtc_op_operand(op, 0)->type);
}

void vtc_printer_functional_form(vtc_printer *p, vtc_op *op) {
  if (op->num_regions || op->num_successors) {
    vtc_printer_invalid(p, op);
    return;
  }
  if (op->num_operands) {
    out_putc(p->out, ' ');
    vtc_printer_operands(p, op);
  }
  vtc_printer_attr_dict(p, op, NULL);
  print_functional_type(p, op);
}
