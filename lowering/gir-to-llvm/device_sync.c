/* gir -> LLVM: `gir.sync device` and the phase split (issue 15 item 7).
 * A kernel with device barriers takes two more parameters after its own
 * (gir_to_llvm.h, "Device barriers"): the barrier state (a pointer to two
 * zeroed u32 in global memory on a GPU; the runtime's pool barrier on a
 * CPU) and the phase (i32 on a GPU, i64 on a CPU):
 *   - phase < 0: every unit is co-resident (a cooperative launch); each
 *     device barrier is a real one (the target's grid barrier);
 *   - phase p >= 0 (the fallback, when vtc_gir_kernel_device_split found a
 *     sound split): the top-level ops of segments < p that later segments
 *     need (pure ops, and loads of buffers the kernel never writes:
 *     recomputed, reloaded) run, the rest of those segments is
 *     skipped, segment p runs, and the kernel returns at its barrier.
 * Within a segment the recomputed ops come first (they are pure or read
 * memory nobody writes, so moving them before the segment's other ops changes nothing), then the others
 * under one uniform branch `phase <= segment`. */
#include "ir/ptrmap.h"
#include "lowering/gir-to-llvm/translate_impl.h"

void g2l_device_begin(g2l *t, vtc_op *k) {
  vtc_ptrmap_clear(&t->recomputed);
  vtc_gir_kernel_device_split(k, &t->device_split, &t->recomputed);
}

static LLVMValueRef phase_const(g2l *t, int64_t x) {
  return LLVMConstInt(LLVMTypeOf(t->phase), (unsigned long long)x, 1);
}

static void barrier_now(g2l *t) {
  if (t->gpu) {
    LLVMValueRef blocks = LLVMBuildTrunc(t->b, t->groups, t->i32, "blocks");
    t->opts->target->grid_barrier(t->b, t->m, t->device_state, blocks);
    return;
  }
  LLVMTypeRef type = vtc_gir_rt_function_type(t->c, "vtc_rt_device_barrier");
  LLVMBuildCall2(t->b, type, vtc_gir_rt_declare(t->m, "vtc_rt_device_barrier"), &t->device_state, 1, "");
}

bool g2l_device_sync(g2l *t, vtc_op *op) {
  if (t->gpu && !t->opts->target->grid_barrier)
    return g2l_error(t, op, "a device-wide barrier needs a grid barrier, which this target has not");
  if (!t->device_state) return g2l_error(t, op, "a device-wide barrier outside a kernel body");
  if (!t->device_split.phases) { /* co-resident only */
    barrier_now(t);
    return true;
  }
  LLVMBasicBlockRef coop = LLVMAppendBasicBlockInContext(t->c, t->fn, "device.barrier");
  LLVMBasicBlockRef split = LLVMAppendBasicBlockInContext(t->c, t->fn, "device.phase");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(t->c, t->fn, "device.phase.end");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(t->c, t->fn, "device.next");
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, t->phase, phase_const(t, 0), ""), coop, split);
  LLVMPositionBuilderAtEnd(t->b, coop);
  barrier_now(t);
  LLVMBuildBr(t->b, cont);
  LLVMPositionBuilderAtEnd(t->b, split);
  LLVMValueRef here = phase_const(t, vtc_gir_op_segment(op));
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntEQ, t->phase, here, ""), done, cont);
  LLVMPositionBuilderAtEnd(t->b, done);
  LLVMBuildRetVoid(t->b);
  LLVMPositionBuilderAtEnd(t->b, cont);
  return true;
}

static bool is_device_barrier(const vtc_op *op) {
  return vtc_gir_is(op, "sync") && op->num_results == 0 && vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_DEVICE;
}

/* Segment `seg`: ops [first, end) of the body (end: its barrier or the
 * terminator). */
static bool segment(g2l *t, unsigned seg, vtc_op *first, vtc_op *end) {
  bool guarded = false;
  for (vtc_op *op = first; op != end; op = op->next) {
    if (vtc_ptrmap_contains(&t->recomputed, op)) {
      if (!g2l_op(t, op)) return false;
    } else {
      guarded = true;
    }
  }
  if (!guarded) return true;
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(t->c, t->fn, "segment");
  LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(t->c, t->fn, "segment.end");
  LLVMBuildCondBr(t->b, LLVMBuildICmp(t->b, LLVMIntSLE, t->phase, phase_const(t, seg), ""), run, next);
  LLVMPositionBuilderAtEnd(t->b, run);
  for (vtc_op *op = first; op != end; op = op->next)
    if (!vtc_ptrmap_contains(&t->recomputed, op) && !g2l_op(t, op)) return false;
  LLVMBuildBr(t->b, next);
  LLVMPositionBuilderAtEnd(t->b, next);
  return true;
}

bool g2l_kernel_body_ops(g2l *t, vtc_block *body) {
  if (!t->device_split.phases) return g2l_block_ops(t, body, NULL);
  vtc_op *term = vtc_block_terminator(body), *first = body->first;
  unsigned seg = 0;
  for (vtc_op *op = body->first;; op = op->next) {
    if (op != term && !is_device_barrier(op)) continue;
    if (!segment(t, seg, first, op)) return false;
    if (op == term) return true;
    if (!g2l_device_sync(t, op)) return false;
    first = op->next;
    seg++;
  }
}
