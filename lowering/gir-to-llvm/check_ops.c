/* gir -> LLVM: run-time checks (gir.assert), as gir_to_llvm.h documents
 * them: the record table, the record writer, assertions in kernels (CPU
 * and NVPTX) and in CPU host code, and the host's early return after a
 * failure (its owned buffers freed). Nothing is emitted for a module
 * without gir.assert. */
#include <stdlib.h>
#include <string.h>

#include "ir/assert_op.h"
#include "lowering/gir-to-llvm/translate_impl.h"

/* ---- the sites of a module ---------------------------------------------------- */

typedef struct collect_state {
  VTC_VEC(vtc_op *) asserts;
  unsigned found;
} collect_state;

static vtc_walk_result collect_assert(vtc_op *op, void *data) {
  collect_state *c = data;
  if (vtc_gir_is(op, "assert")) {
    VTC_VEC_PUSH(&c->asserts, op);
    c->found++;
  }
  return VTC_WALK_ADVANCE;
}

void vtc_gir_check_sites_collect(vtc_op *module, vtc_gir_check_sites *out) {
  memset(out, 0, sizeof *out);
  collect_state c = {0};
  VTC_VEC(vtc_op *) kernels = {0};
  vtc_block *top = vtc_op_region(module, 0)->first;
  for (vtc_op *op = top ? top->first : NULL; op; op = op->next) {
    c.found = 0;
    vtc_op_walk(op, true, collect_assert, &c);
    if (c.found && vtc_gir_is(op, "kernel")) VTC_VEC_PUSH(&kernels, op);
  }
  out->asserts = c.asserts.data;
  out->num_asserts = (unsigned)c.asserts.len;
  out->kernels = kernels.data;
  out->num_kernels = (unsigned)kernels.len;
}

void vtc_gir_check_sites_free(vtc_gir_check_sites *s) {
  free(s->asserts);
  free(s->kernels);
  memset(s, 0, sizeof *s);
}

static unsigned position(vtc_op *const *ops, unsigned n, const vtc_op *op) {
  for (unsigned i = 0; i < n; i++)
    if (ops[i] == op) return i + 1;
  return 0;
}

unsigned vtc_gir_check_site(const vtc_gir_check_sites *s, const vtc_op *a) {
  return position(s->asserts, s->num_asserts, a);
}

unsigned vtc_gir_check_record(const vtc_gir_check_sites *s, const vtc_op *k) {
  return position(s->kernels, s->num_kernels, k);
}

/* ---- the table and the writer ---------------------------------------------------- */

enum { kWords = VTC_GIR_CHECK_RECORD_WORDS, kMaxArgs = VTC_GIR_CHECK_MAX_ARGS };

static LLVMTypeRef record_type(g2l *t) { return LLVMArrayType2(t->i64, kWords); }

/* void vtc_check_fail(ptr record, i64 key, i64 site, i64 a0, ..., i64 a5):
 * keeps the smallest key. The key word is taken with a compare-and-swap to
 * LOCKED (all ones; keys are smaller), the record written, and the word
 * released with the key; readers of a LOCKED word retry. */
static LLVMValueRef build_check_fail(g2l *t) {
  /* NVPTX selects relaxed atomics and membar, not seq_cst ones or `fence`. */
  LLVMAtomicOrdering order = t->gpu ? LLVMAtomicOrderingMonotonic : LLVMAtomicOrderingSequentiallyConsistent;
  LLVMTypeRef params[3 + kMaxArgs] = {t->ptr};
  for (int i = 1; i < 3 + kMaxArgs; i++) params[i] = t->i64;
  LLVMValueRef fn = LLVMAddFunction(t->m, "vtc_check_fail", LLVMFunctionType(t->vd, params, 3 + kMaxArgs, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  const char *attrs[] = {"noinline", "cold", "nounwind"};
  for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++)
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(t->c, LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i])),
                                                    0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(t->c);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(t->c, fn, "entry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(t->c, fn, "read");
  LLVMBasicBlockRef check = LLVMAppendBasicBlockInContext(t->c, fn, "compare");
  LLVMBasicBlockRef take = LLVMAppendBasicBlockInContext(t->c, fn, "take");
  LLVMBasicBlockRef write = LLVMAppendBasicBlockInContext(t->c, fn, "write");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(t->c, fn, "done");
  LLVMValueRef rec = LLVMGetParam(fn, 0), key = LLVMGetParam(fn, 1);
  LLVMValueRef zero = LLVMConstInt(t->i64, 0, 0), locked = LLVMConstAllOnes(t->i64);
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMBuildBr(b, loop);
  /* An atomic `or 0` reads the word (NVPTX has atom.or on every space). */
  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef cur = LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpOr, rec, zero, order, 0);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, cur, locked, ""), loop, check);
  LLVMPositionBuilderAtEnd(b, check);
  LLVMValueRef empty = LLVMBuildICmp(b, LLVMIntEQ, cur, zero, "");
  LLVMValueRef smaller = LLVMBuildICmp(b, LLVMIntULT, key, cur, "");
  LLVMBuildCondBr(b, LLVMBuildOr(b, empty, smaller, ""), take, done);
  LLVMPositionBuilderAtEnd(b, take);
  LLVMValueRef pair = LLVMBuildAtomicCmpXchg(b, rec, cur, locked, order, order, 0);
  LLVMBuildCondBr(b, LLVMBuildExtractValue(b, pair, 1, ""), write, loop);
  LLVMPositionBuilderAtEnd(b, write);
  for (unsigned w = 1; w < kWords; w++) {
    LLVMValueRef at = LLVMConstInt(t->i64, w, 0);
    LLVMBuildStore(b, LLVMGetParam(fn, 1 + w), LLVMBuildGEP2(b, t->i64, rec, &at, 1, ""));
  }
  /* NVPTX cannot select LLVM's seq_cst fence: the target gives its own. */
  if (t->opts->target && t->opts->target->fence) t->opts->target->fence(b, t->m);
  else LLVMBuildFence(b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");
  LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpXchg, rec, key, order, 0);
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return fn;
}

void g2l_checks_init(g2l *t) {
  vtc_gir_check_sites_collect(t->module, &t->checks);
  if (!t->checks.num_asserts) return;
  LLVMTypeRef table = LLVMArrayType2(record_type(t), 1 + t->checks.num_kernels);
  /* NVPTX: device memory (.global), found by the host with cuModuleGetGlobal. */
  t->check_table = LLVMAddGlobalInAddressSpace(t->m, table, VTC_GIR_CHECKS_SYMBOL, t->gpu ? 1 : 0);
  LLVMSetInitializer(t->check_table, LLVMConstNull(table));
  LLVMSetAlignment(t->check_table, 64);
  t->check_fail = build_check_fail(t);
}

void g2l_checks_free(g2l *t) {
  vtc_gir_check_sites_free(&t->checks);
  VTC_VEC_FREE(&t->host_owned);
}

/* Record k of the table as a generic pointer. */
static LLVMValueRef record_ptr(g2l *t, unsigned k) {
  LLVMValueRef idx[] = {LLVMConstInt(t->i64, 0, 0), LLVMConstInt(t->i64, k, 0)};
  LLVMValueRef p = LLVMConstGEP2(LLVMGlobalGetValueType(t->check_table), t->check_table, idx, 2);
  return t->gpu ? LLVMConstAddrSpaceCast(p, t->ptr) : p;
}

/* ---- the relations (ir/check.h) as LLVM comparisons --------------------------------- */

typedef LLVMValueRef (*relation_fn)(g2l *t, LLVMValueRef a, LLVMValueRef b);

static LLVMValueRef icmp(g2l *t, LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildICmp(t->b, p, a, b, "");
}
static LLVMValueRef rel_eq(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntEQ, a, b); }
static LLVMValueRef rel_ne(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntNE, a, b); }
static LLVMValueRef rel_slt(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntSLT, a, b); }
static LLVMValueRef rel_sle(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntSLE, a, b); }
static LLVMValueRef rel_ult(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntULT, a, b); }
static LLVMValueRef rel_ule(g2l *t, LLVMValueRef a, LLVMValueRef b) { return icmp(t, LLVMIntULE, a, b); }
static LLVMValueRef rel_broadcastable(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  LLVMValueRef one = g2l_i64(t, 1);
  LLVMValueRef either = LLVMBuildOr(t->b, rel_eq(t, a, one), rel_eq(t, b, one), "");
  return LLVMBuildOr(t->b, rel_eq(t, a, b), either, "");
}
/* b divides a; b == 0: a == 0; -1 divides everything (srem would trap). */
static LLVMValueRef rel_divisible(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  LLVMValueRef zero = g2l_i64(t, 0), one = g2l_i64(t, 1);
  LLVMValueRef b0 = rel_eq(t, b, zero), bm1 = rel_eq(t, b, g2l_i64(t, -1));
  LLVMValueRef safe = LLVMBuildSelect(t->b, LLVMBuildOr(t->b, b0, bm1, ""), one, b, "");
  LLVMValueRef rem0 = rel_eq(t, LLVMBuildSRem(t->b, a, safe, ""), zero);
  return LLVMBuildSelect(t->b, b0, rel_eq(t, a, zero), LLVMBuildOr(t->b, bm1, rem0, ""), "");
}

static const relation_fn kRelations[VTC_CHECK_NUM_RELATIONS] = {
    [VTC_CHECK_EQ] = rel_eq,   [VTC_CHECK_NE] = rel_ne,   [VTC_CHECK_SLT] = rel_slt,
    [VTC_CHECK_SLE] = rel_sle, [VTC_CHECK_ULT] = rel_ult, [VTC_CHECK_ULE] = rel_ule,
    [VTC_CHECK_BROADCASTABLE] = rel_broadcastable, [VTC_CHECK_DIVISIBLE] = rel_divisible,
};

/* ---- failure exits of host code ------------------------------------------------------ */

void g2l_host_own(g2l *t, LLVMValueRef ptr) { VTC_VEC_PUSH(&t->host_owned, ptr); }

void g2l_host_drop(g2l *t, LLVMValueRef ptr) {
  for (size_t i = 0; i < t->host_owned.len; i++)
    if (t->host_owned.data[i] == ptr) t->host_owned.data[i] = NULL;
}

/* At the builder: frees what the host function owns and returns. */
static void fail_return(g2l *t) {
  LLVMTypeRef ft = vtc_gir_rt_function_type(t->c, "vtc_rt_free");
  LLVMValueRef free_fn = vtc_gir_rt_declare(t->m, "vtc_rt_free");
  for (size_t i = 0; i < t->host_owned.len; i++)
    if (t->host_owned.data[i]) LLVMBuildCall2(t->b, ft, free_fn, &t->host_owned.data[i], 1, "");
  LLVMBuildRetVoid(t->b);
}

/* Branches on `failed`: the failure path is built by `on_fail` (which ends
 * its block), and the builder continues on the other path. */
static void branch_on_failure(g2l *t, LLVMValueRef failed, const char *name, void (*on_fail)(g2l *t, void *data),
                              void *data) {
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(t->c, t->fn, name);
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(t->c, t->fn, "check.ok");
  LLVMBuildCondBr(t->b, failed, fail, cont);
  LLVMPositionBuilderAtEnd(t->b, fail);
  on_fail(t, data);
  LLVMPositionBuilderAtEnd(t->b, cont);
}

typedef struct assert_failure {
  vtc_op *op;
  LLVMValueRef record, key;
} assert_failure;

static void record_failure(g2l *t, void *data) {
  assert_failure *f = data;
  LLVMValueRef args[3 + kMaxArgs] = {f->record, f->key,
                                     g2l_i64(t, vtc_gir_check_site(&t->checks, f->op))};
  unsigned n = vtc_assert_num_args(f->op);
  for (unsigned i = 0; i < kMaxArgs; i++) args[3 + i] = i < n ? g2l_scalar(t, vtc_assert_arg(f->op, i)) : g2l_i64(t, 0);
  LLVMBuildCall2(t->b, LLVMGlobalGetValueType(t->check_fail), t->check_fail, args, 3 + kMaxArgs, "");
  if (t->kernel) LLVMBuildBr(t->b, LLVMGetNextBasicBlock(LLVMGetInsertBlock(t->b)));
  else fail_return(t);
}

bool g2l_assert_op(g2l *t, vtc_op *op) {
  unsigned n = vtc_assert_num_args(op);
  if (n > kMaxArgs) return g2l_error(t, op, "has %u arguments; compiled code records at most %d", n, kMaxArgs);
  if (t->gpu && !t->kernel) return g2l_error(t, op, "is host code: the GPU target's host plan runs it");
  LLVMValueRef holds = kRelations[vtc_assert_relation(op)](t, g2l_scalar(t, vtc_assert_arg(op, 0)),
                                                          g2l_scalar(t, vtc_assert_arg(op, 1)));
  assert_failure f = {op, record_ptr(t, 0), g2l_i64(t, 1)};
  if (t->kernel) {
    f.record = record_ptr(t, vtc_gir_check_record(&t->checks, t->kernel));
    vtc_value *order = vtc_assert_order(op);
    if (order) f.key = LLVMBuildAdd(t->b, g2l_scalar(t, order), g2l_i64(t, 1), "key");
  }
  LLVMValueRef failed = LLVMBuildNot(t->b, holds, "");
  /* A unit is a warp whose lanes all compute the same scalar code: lane 0
   * records for it (no contention inside a warp). */
  if (t->gpu && t->kernel)
    failed = LLVMBuildAnd(t->b, failed, LLVMBuildICmp(t->b, LLVMIntEQ, t->lane, LLVMConstInt(t->i32, 0, 0), ""), "");
  branch_on_failure(t, failed, "assert.failed", record_failure, &f);
  return true;
}

/* A kernel's failure becomes the host's (record 0), and the host returns. */
static void take_kernel_failure(g2l *t, void *data) {
  LLVMValueRef args[] = {record_ptr(t, 0), data, g2l_i64(t, kWords * 8), LLVMConstInt(t->i1, 0, 0)};
  LLVMTypeRef ov[] = {t->ptr, t->ptr, t->i64};
  g2l_call_intrinsic(t, "llvm.memcpy", ov, 3, args, 4);
  fail_return(t);
}

static void host_failure(g2l *t, void *data) {
  (void)data;
  fail_return(t);
}

static LLVMValueRef record_failed(g2l *t, LLVMValueRef rec) {
  LLVMValueRef key = LLVMBuildLoad2(t->b, t->i64, rec, "check.key");
  return LLVMBuildICmp(t->b, LLVMIntNE, key, g2l_i64(t, 0), "");
}

void g2l_check_after_launch(g2l *t, vtc_op *kernel) {
  unsigned k = t->check_table && !t->gpu ? vtc_gir_check_record(&t->checks, kernel) : 0;
  if (!k) return;
  LLVMValueRef rec = record_ptr(t, k);
  branch_on_failure(t, record_failed(t, rec), "launch.failed", take_kernel_failure, rec);
}

void g2l_check_after_call(g2l *t) {
  if (!t->check_table || t->gpu) return;
  branch_on_failure(t, record_failed(t, record_ptr(t, 0)), "call.failed", host_failure, NULL);
}
