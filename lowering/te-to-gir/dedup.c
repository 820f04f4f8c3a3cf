/* Kernel deduplication for lower-te-to-gir: one kernel per TE makes the same
 * kernel many times over in a repeated network (a stacked, unrolled LSTM has
 * 17k launches of a few dozen distinct kernels), and every copy costs LLVM,
 * ptxas and the driver's JIT time. Kernels whose bodies print the same (so
 * have the same signature, parallel primitive and ops) are one: launches of
 * a duplicate are redirected to the first such kernel and the duplicate is
 * erased, as XLA and TVM share identical fused kernels.
 *
 * With dedup-constants, kernels that print the same but for the values of
 * some `arith.constant : index` ops (a row offset into a tensor: the steps
 * of an unrolled RNN reading their row of a batched product) are one too:
 * those constants become index parameters of the first kernel, and each
 * launch passes the values of the kernel it launched before. Only constants
 * whose every user is integer arithmetic or a gir.view's offset are lifted
 * (a constant elsewhere, e.g. a loop step, keeps the kernels apart). The
 * price is what LLVM no longer knows at compile time (an offset's
 * alignment): nothing measurable on lstm-stack.paper, the one paper
 * workload it changes, on the CPU, and on the H200 its run 17.9 -> 16.0 ms
 * and its compile 31 -> 1 s (benchmarks/results/souffle.md). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/asm.h"
#include "lowering/te-to-gir/t2g.h"

static bool is_index_constant(vtc_op *op) {
  return vtc_op_is_named(op, "arith.constant") && op->num_results == 1 &&
         op->results[0].type == vtc_type_index(vtc_op_context(op));
}

/* The locations of a kernel's assertions are part of what it does: a
 * failure reports the graph op it checks for. */
static vtc_walk_result key_assert_locs(vtc_op *op, void *out) {
  if (vtc_gir_is(op, "assert")) vtc_print_loc_to(op->loc, out);
  return VTC_WALK_ADVANCE;
}

/* The kernel's text without its name (what makes two kernels the same). */
static char *kernel_key(vtc_op *kernel) {
  vtc_strbuf out = {0};
  /* Local scope: a kernel is isolated from above, and numbering the whole
   * module for each kernel would be quadratic. */
  vtc_print_flags flags = {.elide_elements_above = -1, .local_scope = true};
  vtc_print_op(kernel, &flags, &out);
  vtc_op_walk(kernel, true, key_assert_locs, &out);
  const char *paren = strchr(out.data, '(');
  const char *from = paren ? paren : out.data;
  size_t n = strlen(from) + 1;
  char *key = memcpy(vtc_xmalloc(n), from, n);
  vtc_strbuf_free(&out);
  return key;
}

static uintptr_t fnv1a(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (uintptr_t)(h | 2); /* never 0 or 1, which vtc_ptrmap reserves */
}

/* The kernel's key with the value of every `arith.constant N : index`
 * replaced by `#`: in the printed text, `arith.constant ` then an integer
 * then ` : index`. */
static char *masked_key(vtc_op *kernel) {
  char *key = kernel_key(kernel);
  static const char pre[] = "arith.constant ", post[] = " : index";
  char *w = key;
  for (const char *r = key; *r;) {
    const char *at = strstr(r, pre);
    if (!at) {
      memmove(w, r, strlen(r) + 1);
      return key;
    }
    size_t head = (size_t)(at - r) + sizeof pre - 1;
    memmove(w, r, head);
    w += head, r += head;
    const char *d = r + (*r == '-');
    const char *e = d;
    while (*e >= '0' && *e <= '9') e++;
    if (e > d && strncmp(e, post, sizeof post - 1) == 0) *w++ = '#', r = e;
  }
  *w = 0;
  return key;
}

typedef VTC_VEC(vtc_op *) op_vec;
typedef VTC_VEC(size_t) size_vec;

static vtc_walk_result collect_index_constants(vtc_op *op, void *data) {
  if (is_index_constant(op)) VTC_VEC_PUSH((op_vec *)data, op);
  return VTC_WALK_ADVANCE;
}

static int64_t constant_value(vtc_op *c) {
  int64_t v = 0;
  vtc_arith_const_int(vtc_op_get_attr(c, "value"), &v);
  return v;
}

/* Whether every user of c may take a run-time value instead. */
static bool liftable(vtc_op *c) {
  for (vtc_use *u = c->results[0].first_use; u; u = u->next) {
    vtc_op *user = u->owner;
    bool view_offset = vtc_gir_is(user, "view") && u == &user->operands[1];
    bool int_arith = strncmp(user->name->name, "arith.", 6) == 0 && !vtc_op_is_named(user, "arith.constant") &&
                     user->num_results == 1 && user->results[0].type == c->results[0].type;
    if (!view_offset && !int_arith) return false;
  }
  return true;
}

/* One kernel of a group with its index constants in walk order (the order
 * they print in, so the i-th of each member sits at the same place). */
typedef struct member {
  vtc_op *kernel;
  op_vec consts; /* collected for groups of two or more */
  op_vec launches; /* at any depth of the host functions (gir.switch regions too) */
} member;

typedef struct group {
  char *key;
  VTC_VEC(member *) members;
} group;

/* Files each launch under the member it launches (symbol lookups, done
 * before any kernel changes). */
static vtc_walk_result collect_launch(vtc_op *op, void *member_of) {
  member *m = vtc_gir_is(op, "launch") ? vtc_ptrmap_get(member_of, vtc_gir_launch_lookup_kernel(op)) : NULL;
  if (m) VTC_VEC_PUSH(&m->launches, op);
  return VTC_WALK_ADVANCE;
}

/* The constant positions whose values differ among the members (none for
 * kernels that print the same); false when one of them cannot be lifted or
 * a member's constants do not line up. */
static bool varying_positions(const group *g, size_vec *out) {
  const member *first = g->members.data[0];
  for (size_t m = 1; m < g->members.len; m++)
    if (g->members.data[m]->consts.len != first->consts.len) return false;
  for (size_t i = 0; i < first->consts.len; i++) {
    bool varies = false;
    for (size_t m = 1; m < g->members.len && !varies; m++)
      varies = constant_value(g->members.data[m]->consts.data[i]) != constant_value(first->consts.data[i]);
    if (!varies) continue;
    if (!liftable(first->consts.data[i])) return false;
    VTC_VEC_PUSH(out, i);
  }
  return true;
}

/* The first member gets one index parameter per varying constant (none:
 * plain duplicates); every launch of a member passes that member's values
 * and targets the first; the other members are erased. */
static void lift_group(vtc_context *ctx, const group *g, const size_t *pos, size_t npos) {
  vtc_op *canon = g->members.data[0]->kernel;
  const vtc_type *index = vtc_type_index(ctx), *ft = vtc_gir_kernel_type(canon);
  /* Each member's values first: the first member's constants go below. */
  int64_t *values = vtc_xcalloc(g->members.len * npos + 1, sizeof *values);
  for (size_t m = 0; m < g->members.len; m++)
    for (size_t j = 0; j < npos; j++) values[m * npos + j] = constant_value(g->members.data[m]->consts.data[pos[j]]);
  unsigned old_n = ft->num_inputs;
  const vtc_type **inputs = vtc_xcalloc(old_n + npos, sizeof *inputs);
  for (unsigned i = 0; i < old_n; i++) inputs[i] = vtc_function_input(ft, i);
  vtc_block *body = vtc_gir_kernel_body(canon);
  for (size_t j = 0; j < npos; j++) {
    inputs[old_n + j] = index;
    vtc_op *c = g->members.data[0]->consts.data[pos[j]];
    vtc_value_replace_all_uses(&c->results[0], vtc_block_add_arg(body, index));
    vtc_op_erase(c);
  }
  if (npos)
    vtc_op_set_attr(canon, "function_type",
                    vtc_attr_type(ctx, vtc_type_function(ctx, old_n + npos, inputs, 0, NULL)));
  free(inputs);
  const vtc_attr *canon_ref = vtc_attr_symbol_ref(ctx, vtc_gir_kernel_name(canon), 0, NULL);
  for (size_t mi = 0; mi < g->members.len; mi++) {
    const member *m = g->members.data[mi];
    for (size_t l = 0; l < m->launches.len; l++) {
      vtc_op *launch = m->launches.data[l];
      if (mi) vtc_op_set_attr(launch, VTC_GIR_ATTR_KERNEL, canon_ref);
      if (!npos) continue;
      unsigned n = launch->num_operands;
      vtc_value **ops = vtc_xcalloc(n + npos, sizeof *ops);
      for (unsigned i = 0; i < n; i++) ops[i] = vtc_op_operand(launch, i);
      vtc_builder b = vtc_builder_before(launch);
      for (size_t j = 0; j < npos; j++) {
        const vtc_attr *v = vtc_attr_integer(ctx, index, values[mi * npos + j]);
        ops[n + j] = vtc_op_result(vtc_arith_materialize_constant(&b, v, index, launch->loc), 0);
      }
      vtc_op_set_operands(launch, n + (unsigned)npos, ops);
      free(ops);
    }
  }
  for (size_t i = 1; i < g->members.len; i++) vtc_op_erase(g->members.data[i]->kernel);
  free(values);
}

/* Groups the module's kernels by key(kernel) and makes each group one
 * kernel (lift_group); returns how many kernels were erased. */
static uint64_t share_kernels(vtc_op *module, char *(*key_of)(vtc_op *)) {
  vtc_block *top = vtc_op_region(module, 0)->first;
  if (!top) return 0;
  vtc_context *ctx = vtc_op_context(module);
  vtc_ptrmap by_hash = {0};   /* key hash -> group * */
  vtc_ptrmap member_of = {0}; /* kernel -> member * */
  VTC_VEC(group *) groups = {0};
  for (vtc_op *op = top->first; op; op = op->next) {
    if (!vtc_gir_is(op, "kernel")) continue;
    char *key = key_of(op);
    uintptr_t h = fnv1a(key);
    group *g = vtc_ptrmap_get(&by_hash, (const void *)h);
    if (g && strcmp(g->key, key)) { /* a colliding different kernel stays apart */
      free(key);
      continue;
    }
    if (!g) {
      g = vtc_xcalloc(1, sizeof *g);
      g->key = key;
      vtc_ptrmap_put(&by_hash, (const void *)h, g);
      VTC_VEC_PUSH(&groups, g);
    } else {
      free(key);
    }
    member *m = vtc_xcalloc(1, sizeof *m);
    m->kernel = op;
    VTC_VEC_PUSH(&g->members, m);
    vtc_ptrmap_put(&member_of, op, m);
  }
  for (vtc_op *op = top->first; op; op = op->next)
    if (vtc_op_is_named(op, "func.func")) vtc_op_walk(op, true, collect_launch, &member_of);
  uint64_t removed = 0;
  for (size_t i = 0; i < groups.len; i++) {
    group *g = groups.data[i];
    if (g->members.len < 2) continue;
    for (size_t m = 0; m < g->members.len; m++)
      vtc_op_walk(g->members.data[m]->kernel, true, collect_index_constants, &g->members.data[m]->consts);
    size_vec pos = {0};
    if (varying_positions(g, &pos)) {
      lift_group(ctx, g, pos.data, pos.len);
      removed += g->members.len - 1;
    }
    VTC_VEC_FREE(&pos);
  }
  for (size_t i = 0; i < groups.len; i++) {
    group *g = groups.data[i];
    for (size_t m = 0; m < g->members.len; m++) {
      VTC_VEC_FREE(&g->members.data[m]->consts);
      VTC_VEC_FREE(&g->members.data[m]->launches);
      free(g->members.data[m]);
    }
    VTC_VEC_FREE(&g->members);
    free(g->key);
    free(g);
  }
  VTC_VEC_FREE(&groups);
  vtc_ptrmap_free(&member_of);
  vtc_ptrmap_free(&by_hash);
  return removed;
}

uint64_t t2g_dedup_kernels(vtc_op *module) { return share_kernels(module, kernel_key); }

uint64_t t2g_dedup_kernel_constants(vtc_op *module) { return share_kernels(module, masked_key); }
