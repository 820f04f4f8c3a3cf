/* The NVPTX target and the CUDA runtime: kernels built with the intrinsic
 * helpers (vector add; block sum through warp shuffles, shared memory, a
 * barrier and an atomic; every shuffle mode) are emitted as PTX for sm_90 and
 * sm_80 and assembled with ptxas where present; on a GPU they are loaded, run
 * on real buffers, checked against C and timed. Without a driver the GPU part
 * prints "skipped: ..." and passes. `test_cuda --emit-llvm` and
 * `test_cuda --emit-ptx ARCH` print the kernels for the lit tests. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>

#include "runtime/cuda.h"
#include "targets/nvptx/intrinsics.h"
#include "targets/nvptx/nvptx.h"
#include "targets/target.h"
#include "test/unit/unit.h"

/* ---- the kernels ------------------------------------------------------------ */

#define SUM_BLOCK 256 /* threads per block of block_sum */

typedef struct kb {
  LLVMContextRef ctx;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMTypeRef i32, i64, f32, f64, ptr, void_;
} kb;

static LLVMValueRef i32c(kb *k, long long v) { return LLVMConstInt(k->i32, (unsigned long long)v, 1); }

static LLVMValueRef kernel(kb *k, const char *name, LLVMTypeRef *params, unsigned n) {
  LLVMValueRef fn = LLVMAddFunction(k->m, name, LLVMFunctionType(k->void_, params, n, 0));
  vtc_nvptx_mark_kernel(fn);
  LLVMPositionBuilderAtEnd(k->b, LLVMAppendBasicBlockInContext(k->ctx, fn, "entry"));
  return fn;
}

static LLVMBasicBlockRef block(kb *k, LLVMValueRef fn, const char *name) {
  return LLVMAppendBasicBlockInContext(k->ctx, fn, name);
}

static LLVMValueRef elem(kb *k, LLVMTypeRef t, LLVMValueRef base, LLVMValueRef i32_index) {
  LLVMValueRef idx = LLVMBuildZExt(k->b, i32_index, k->i64, "");
  return LLVMBuildInBoundsGEP2(k->b, t, base, &idx, 1, "");
}

/* blockIdx.x * blockDim.x + threadIdx.x */
static LLVMValueRef global_id(kb *k) {
  LLVMValueRef base = LLVMBuildMul(k->b, vtc_nvptx_block_id(k->b, k->m, 0),
                                   vtc_nvptx_block_dim(k->b, k->m, 0), "");
  return LLVMBuildAdd(k->b, base, vtc_nvptx_thread_id(k->b, k->m, 0), "gid");
}

/* c[i] = a[i] + b[i] for i < n. */
static void build_vadd(kb *k) {
  LLVMTypeRef params[4] = {k->ptr, k->ptr, k->ptr, k->i32};
  LLVMValueRef fn = kernel(k, "vadd", params, 4);
  LLVMBasicBlockRef body = block(k, fn, "body"), done = block(k, fn, "done");
  LLVMValueRef i = global_id(k);
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntULT, i, LLVMGetParam(fn, 3), ""), body, done);
  LLVMPositionBuilderAtEnd(k->b, body);
  LLVMValueRef a = LLVMBuildLoad2(k->b, k->f32, elem(k, k->f32, LLVMGetParam(fn, 0), i), "a");
  LLVMValueRef bv = LLVMBuildLoad2(k->b, k->f32, elem(k, k->f32, LLVMGetParam(fn, 1), i), "b");
  LLVMBuildStore(k->b, LLVMBuildFAdd(k->b, a, bv, "c"), elem(k, k->f32, LLVMGetParam(fn, 2), i));
  LLVMBuildBr(k->b, done);
  LLVMPositionBuilderAtEnd(k->b, done);
  LLVMBuildRetVoid(k->b);
}

static LLVMValueRef warp_sum(kb *k, LLVMValueRef x) {
  for (int offset = 16; offset >= 1; offset /= 2)
    x = LLVMBuildFAdd(k->b, x, vtc_nvptx_shfl_down(k->b, k->m, x, i32c(k, offset)), "");
  return x;
}

/* Takes `value` into the block `then` when cond holds, 0.0 otherwise, joined. */
static LLVMValueRef phi2(kb *k, LLVMValueRef a, LLVMBasicBlockRef from_a, LLVMValueRef b,
                         LLVMBasicBlockRef from_b) {
  LLVMValueRef phi = LLVMBuildPhi(k->b, LLVMTypeOf(a), "");
  LLVMValueRef vals[2] = {a, b};
  LLVMBasicBlockRef blocks[2] = {from_a, from_b};
  LLVMAddIncoming(phi, vals, blocks, 2);
  return phi;
}

/* partial[blockIdx] = sum of the block's elements of in[0..n); *total += it.
 * Warps reduce with shfl.sync.down, lane 0 of each puts its sum in shared
 * memory, and after the barrier warp 0 reduces those. */
static void build_block_sum(kb *k) {
  LLVMTypeRef params[4] = {k->ptr, k->ptr, k->ptr, k->i32};
  LLVMValueRef fn = kernel(k, "block_sum", params, 4);
  vtc_nvptx_set_max_threads(fn, SUM_BLOCK);
  LLVMValueRef smem = vtc_nvptx_shared_array(k->m, "warp_sums", k->f32, 32);
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(k->b);
  LLVMBasicBlockRef load = block(k, fn, "load"), join = block(k, fn, "join");
  LLVMBasicBlockRef put = block(k, fn, "put"), sync = block(k, fn, "sync");
  LLVMBasicBlockRef final = block(k, fn, "final"), take = block(k, fn, "take");
  LLVMBasicBlockRef join2 = block(k, fn, "join2"), write = block(k, fn, "write");
  LLVMBasicBlockRef done = block(k, fn, "done");
  LLVMValueRef zero = LLVMConstReal(k->f32, 0.0);

  LLVMValueRef tid = vtc_nvptx_thread_id(k->b, k->m, 0);
  LLVMValueRef i = global_id(k);
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntULT, i, LLVMGetParam(fn, 3), ""), load, join);
  LLVMPositionBuilderAtEnd(k->b, load);
  LLVMValueRef v = LLVMBuildLoad2(k->b, k->f32, elem(k, k->f32, LLVMGetParam(fn, 0), i), "v");
  LLVMBuildBr(k->b, join);
  LLVMPositionBuilderAtEnd(k->b, join);
  LLVMValueRef x = warp_sum(k, phi2(k, zero, entry, v, load));
  LLVMValueRef lane = LLVMBuildAnd(k->b, tid, i32c(k, 31), "lane");
  LLVMValueRef warp = LLVMBuildLShr(k->b, tid, i32c(k, 5), "warp");
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntEQ, lane, i32c(k, 0), ""), put, sync);
  LLVMPositionBuilderAtEnd(k->b, put);
  LLVMBuildStore(k->b, x, elem(k, k->f32, smem, warp));
  LLVMBuildBr(k->b, sync);
  LLVMPositionBuilderAtEnd(k->b, sync);
  vtc_nvptx_barrier(k->b, k->m);
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntEQ, warp, i32c(k, 0), ""), final, done);
  LLVMPositionBuilderAtEnd(k->b, final);
  LLVMValueRef nwarps = LLVMBuildLShr(k->b, vtc_nvptx_block_dim(k->b, k->m, 0), i32c(k, 5), "");
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntULT, lane, nwarps, ""), take, join2);
  LLVMPositionBuilderAtEnd(k->b, take);
  LLVMValueRef y = LLVMBuildLoad2(k->b, k->f32, elem(k, k->f32, smem, lane), "y");
  LLVMBuildBr(k->b, join2);
  LLVMPositionBuilderAtEnd(k->b, join2);
  LLVMValueRef s = warp_sum(k, phi2(k, zero, final, y, take));
  LLVMBuildCondBr(k->b, LLVMBuildICmp(k->b, LLVMIntEQ, tid, i32c(k, 0), ""), write, done);
  LLVMPositionBuilderAtEnd(k->b, write);
  LLVMBuildStore(k->b, s, elem(k, k->f32, LLVMGetParam(fn, 1), vtc_nvptx_block_id(k->b, k->m, 0)));
  vtc_nvptx_atomic(k->b, LLVMAtomicRMWBinOpFAdd, LLVMGetParam(fn, 2), s);
  LLVMBuildBr(k->b, done);
  LLVMPositionBuilderAtEnd(k->b, done);
  LLVMBuildRetVoid(k->b);
}

/* One warp: out[m*32 + t] for the modes xor 1 (w32), up 1 (w32), idx 5 (w8),
 * down 2 (w16) of the doubles in[t] (the 64-bit path), and i32 lane ids. */
static void build_shuffles(kb *k) {
  LLVMTypeRef params[3] = {k->ptr, k->ptr, k->ptr};
  LLVMValueRef fn = kernel(k, "shuffles", params, 3);
  LLVMValueRef t = vtc_nvptx_thread_id(k->b, k->m, 0);
  LLVMValueRef x = LLVMBuildLoad2(k->b, k->f64, elem(k, k->f64, LLVMGetParam(fn, 0), t), "x");
  static const struct { vtc_nvptx_shfl_mode mode; int delta, width; } cases[] = {
    {VTC_NVPTX_SHFL_XOR, 1, 32}, {VTC_NVPTX_SHFL_UP, 1, 32},
    {VTC_NVPTX_SHFL_IDX, 5, 8}, {VTC_NVPTX_SHFL_DOWN, 2, 16},
  };
  for (int c = 0; c < 4; c++) {
    LLVMValueRef r = vtc_nvptx_shfl(k->b, k->m, cases[c].mode, x, i32c(k, cases[c].delta), cases[c].width);
    LLVMValueRef slot = LLVMBuildAdd(k->b, t, i32c(k, 32 * c), "");
    LLVMBuildStore(k->b, r, elem(k, k->f64, LLVMGetParam(fn, 1), slot));
  }
  LLVMBuildStore(k->b, vtc_nvptx_lane_id(k->b, k->m), elem(k, k->i32, LLVMGetParam(fn, 2), t));
  LLVMBuildRetVoid(k->b);
}

static LLVMModuleRef build_kernels(kb *k, LLVMContextRef ctx) {
  k->ctx = ctx;
  k->m = LLVMModuleCreateWithNameInContext("kernels", ctx);
  k->b = LLVMCreateBuilderInContext(ctx);
  k->i32 = LLVMInt32TypeInContext(ctx);
  k->i64 = LLVMInt64TypeInContext(ctx);
  k->f32 = LLVMFloatTypeInContext(ctx);
  k->f64 = LLVMDoubleTypeInContext(ctx);
  k->ptr = LLVMPointerTypeInContext(ctx, 0);
  k->void_ = LLVMVoidTypeInContext(ctx);
  build_vadd(k);
  build_block_sum(k);
  build_shuffles(k);
  LLVMDisposeBuilder(k->b);
  return k->m;
}

/* PTX for `arch`, or NULL with the error printed. */
static char *kernels_ptx(const char *arch) {
  LLVMContextRef ctx = LLVMContextCreate();
  kb k;
  LLVMModuleRef m = build_kernels(&k, ctx);
  char *ptx = NULL, *err = NULL;
  if (vtc_nvptx_emit_ptx(m, arch, 3, &ptx, &err) != 0) {
    fprintf(stderr, "emit ptx for %s: %s\n", arch ? arch : "(default)", err);
    free(err);
  }
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return ptx;
}

/* ---- tests without a GPU ---------------------------------------------------- */

static void test_target_row(void) {
  CHECK(vtc_target_lookup("nvptx") == &vtc_target_nvptx);
  char *err = NULL, *cpu = NULL, *features = NULL;
  LLVMTargetMachineRef tm = vtc_target_machine_create(&vtc_target_nvptx, NULL, &cpu, &features, &err);
  CHECK(tm != NULL);
  if (!tm) {
    fprintf(stderr, "%s\n", err);
    free(err);
    return;
  }
  CHECK_EQ_STR(cpu, "sm_90");
  CHECK_EQ_STR(features, "+ptx78");
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  char *layout = LLVMCopyStringRepOfTargetData(dl);
  CHECK_EQ_STR(layout, vtc_target_nvptx.data_layout);
  LLVMDisposeMessage(layout);
  LLVMDisposeTargetData(dl);
  char *triple = LLVMGetTargetMachineTriple(tm);
  CHECK_EQ_STR(triple, "nvptx64-nvidia-cuda");
  LLVMDisposeMessage(triple);
  LLVMDisposeTargetMachine(tm);
  free(cpu);
  free(features);

  vtc_target_options sm80 = {"sm_80", NULL, 3};
  tm = vtc_target_machine_create(&vtc_target_nvptx, &sm80, &cpu, &features, &err);
  CHECK(tm != NULL);
  CHECK_EQ_STR(cpu, "sm_80");
  CHECK_EQ_STR(features, "+ptx70");
  if (tm) LLVMDisposeTargetMachine(tm);
  free(cpu);
  free(features);

  vtc_target_options bad = {"sm_35", NULL, 3};
  tm = vtc_target_machine_create(&vtc_target_nvptx, &bad, NULL, NULL, &err);
  CHECK(tm == NULL);
  CHECK(err && strstr(err, "unsupported GPU architecture 'sm_35'"));
  free(err);
}

static void test_gpu_table(void) {
  const vtc_gpu_desc *h100 = vtc_gpu_lookup("h100");
  CHECK(h100 != NULL);
  if (!h100) return;
  CHECK(vtc_gpu_lookup("H100-SXM") == h100);
  CHECK_EQ_STR(h100->arch, "sm_90");
  CHECK_EQ_INT(h100->num_sms, 132);
  CHECK_EQ_INT(h100->warp_size, 32);
  CHECK_EQ_INT(h100->shared_per_block_optin, 227 * 1024);
  CHECK(h100->memory_bandwidth == 3.35e12);
  CHECK(vtc_gpu_for_device_name("NVIDIA H100 80GB HBM3") == h100);
  const vtc_gpu_desc *a100 = vtc_gpu_lookup("a100");
  CHECK(a100 != NULL);
  if (!a100) return;
  CHECK_EQ_STR(a100->arch, "sm_80");
  CHECK_EQ_INT(a100->num_sms, 108);
  CHECK(vtc_gpu_for_device_name("NVIDIA A100-SXM4-80GB") == a100);
  CHECK(vtc_gpu_for_device_name("NVIDIA A100-SXM4-40GB") == vtc_gpu_lookup("a100-40gb"));
  CHECK(vtc_gpu_for_device_name("NVIDIA H200") == vtc_gpu_lookup("h200"));
  CHECK(vtc_gpu_lookup("v100") == NULL);
  CHECK(vtc_gpu_for_device_name("Tesla V100-SXM2-16GB") == NULL);
  for (int i = 0; vtc_gpus[i]; i++) {
    const vtc_gpu_desc *g = vtc_gpus[i];
    CHECK(vtc_gpu_lookup(g->name) == g);
    /* Tensor rates exceed CUDA-core rates; shared/block fits in shared/SM. */
    CHECK(g->tensor_bf16_flops > g->bf16_flops && g->fp16_flops >= g->fp32_flops);
    CHECK(g->shared_per_block_optin < g->shared_per_sm);
    /* FP32 rate = SMs x 128 (sm_90) or 64 (sm_80) lanes x 2 x clock, 1%. */
    double lanes = g->cc_major == 9 ? 128 : 64;
    double derived = g->num_sms * lanes * 2 * g->boost_clock_hz;
    CHECK(fabs(derived - g->fp32_flops) < 0.01 * g->fp32_flops);
  }
}

static int ptx_has(const char *ptx, const char *s) {
  int ok = ptx && strstr(ptx, s) != NULL;
  if (!ok) fprintf(stderr, "PTX lacks '%s'\n", s);
  return ok;
}

static const char ptxas_path[] = "/usr/local/cuda/bin/ptxas";

/* Assembles `ptx` for `arch` with ptxas; 1 if it did, 0 if it failed, -1 if
 * there is no ptxas. */
static int ptxas_assembles(const char *ptx, const char *arch) {
  if (access(ptxas_path, X_OK) != 0) return -1;
  char path[] = "/tmp/vtc_test_cuda_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 0;
  size_t n = strlen(ptx);
  int ok = write(fd, ptx, n) == (ssize_t)n;
  close(fd);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "%s -arch=%s -o /dev/null %s", ptxas_path, arch, path);
  ok = ok && system(cmd) == 0;
  unlink(path);
  return ok;
}

static void test_emit_ptx(void) {
  static const char *const archs[] = {"sm_90", "sm_80"};
  for (int a = 0; a < 2; a++) {
    char *ptx = kernels_ptx(archs[a]);
    CHECK(ptx != NULL);
    if (!ptx) continue;
    char target[32];
    snprintf(target, sizeof target, ".target %s", archs[a]);
    CHECK(ptx_has(ptx, target));
    CHECK(ptx_has(ptx, ".entry vadd("));
    CHECK(ptx_has(ptx, ".entry block_sum("));
    CHECK(ptx_has(ptx, ".maxntid 256, 1, 1"));
    CHECK(ptx_has(ptx, "%ctaid.x") && ptx_has(ptx, "%ntid.x") && ptx_has(ptx, "%tid.x"));
    CHECK(ptx_has(ptx, ".shared .align 16 .b8 warp_sums[128]"));
    CHECK(ptx_has(ptx, "st.shared.f32") && ptx_has(ptx, "ld.shared.f32"));
    CHECK(ptx_has(ptx, "bar.sync"));
    CHECK(ptx_has(ptx, "shfl.sync.down.b32") && ptx_has(ptx, "shfl.sync.bfly.b32") &&
          ptx_has(ptx, "shfl.sync.up.b32") && ptx_has(ptx, "shfl.sync.idx.b32"));
    CHECK(ptx_has(ptx, "atom.global.add.f32") || ptx_has(ptx, "red.global.add.f32"));
    CHECK(ptx_has(ptx, "ld.global") && ptx_has(ptx, "%laneid"));
    int assembled = ptxas_assembles(ptx, archs[a]);
    if (assembled < 0) printf("  ptxas: skipped (no %s)\n", ptxas_path);
    else printf("  ptxas -arch=%s: %s\n", archs[a], assembled ? "ok" : "FAILED");
    CHECK(assembled != 0);
    free(ptx);
  }
  char *err = NULL, *ptx = NULL;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("bad", ctx);
  LLVMAddFunction(m, "f", LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0));
  LLVMAppendBasicBlockInContext(ctx, LLVMGetNamedFunction(m, "f"), "empty"); /* no terminator */
  CHECK(vtc_nvptx_emit_ptx(m, NULL, 0, &ptx, &err) != 0);
  CHECK(err && strstr(err, "invalid LLVM module"));
  CHECK(ptx == NULL);
  free(err);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

/* The explanations when there is no driver, forced through VTC_CUDA_LIBRARY. */
static void test_no_driver_messages(void) {
  const char *saved = getenv("VTC_CUDA_LIBRARY");
  char *saved_copy = saved ? strdup(saved) : NULL;
  char *err = NULL;
  setenv("VTC_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  CHECK(vtc_cuda_open(&err) == NULL);
  CHECK(err && strncmp(err, "no CUDA driver: /nonexistent/libcuda.so.1 not found", 51) == 0);
  CHECK(err && !strchr(err, '\n'));
  free(err);
  err = NULL;
  setenv("VTC_CUDA_LIBRARY", "libm.so.6", 1); /* a library, but not the driver */
  CHECK(vtc_cuda_open(&err) == NULL);
  CHECK(err && strstr(err, "CUDA driver too old: libm.so.6 has no cuInit"));
  free(err);
  CHECK(vtc_cuda_open(NULL) == NULL); /* a NULL error pointer is allowed */
  if (saved_copy) setenv("VTC_CUDA_LIBRARY", saved_copy, 1);
  else unsetenv("VTC_CUDA_LIBRARY");
  free(saved_copy);
  CHECK_EQ_INT(VTC_EXIT_NO_GPU, 3);
}

/* ---- tests on a GPU ----------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static float rand_float(void) { /* uniform in [-1, 1) */
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (float)((double)(rng_state >> 40) / (double)(1ull << 24) * 2.0 - 1.0);
}

#define GPU_OK(call)                                                       \
  do {                                                                     \
    char *e_ = NULL;                                                       \
    if ((call) != 0) {                                                     \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, e_ ? e_ : "?");  \
      unit_failures++;                                                     \
      free(e_);                                                            \
      goto out;                                                            \
    }                                                                      \
  } while (0)
/* GPU_OK's calls pass &e_ as their error argument. */
#define E (&e_)

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* Median milliseconds of `reps` launches of fn (after 3 warm-ups), or of
 * device-to-device copies when fn is NULL. */
static float time_median(vtc_cuda *cu, vtc_cuda_function fn, const unsigned grid[3],
                         const unsigned blk[3], void **args, vtc_cuda_ptr dst, vtc_cuda_ptr src,
                         size_t bytes, int reps) {
  float times[64], ms = -1;
  vtc_cuda_event start = NULL, stop = NULL;
  GPU_OK(vtc_cuda_event_create(cu, &start, E));
  GPU_OK(vtc_cuda_event_create(cu, &stop, E));
  for (int r = -3; r < reps && r < 64; r++) {
    GPU_OK(vtc_cuda_event_record(cu, start, E));
    if (fn) GPU_OK(vtc_cuda_launch(cu, fn, grid, blk, 0, args, E));
    else GPU_OK(vtc_cuda_copy_device(cu, dst, src, bytes, E));
    GPU_OK(vtc_cuda_event_record(cu, stop, E));
    GPU_OK(vtc_cuda_event_elapsed_ms(cu, start, stop, &times[r < 0 ? 0 : r], E));
  }
  qsort(times, (size_t)reps, sizeof times[0], cmp_float);
  ms = times[reps / 2];
out:
  vtc_cuda_event_destroy(cu, start);
  vtc_cuda_event_destroy(cu, stop);
  return ms;
}

static void run_on_gpu(vtc_cuda *cu) {
  const vtc_cuda_device_info *d = vtc_cuda_device(cu);
  printf("  device %d: %s, compute capability %d.%d, %d SMs, %.1f GiB, L2 %d MiB, "
         "shared/SM %d KiB, shared/block opt-in %d KiB, driver %d.%d\n",
         d->ordinal, d->name, d->cc_major, d->cc_minor, d->num_sms,
         (double)d->total_memory / (1 << 30), d->l2_bytes >> 20, d->shared_per_sm >> 10,
         d->shared_per_block_optin >> 10, d->driver_version / 1000, d->driver_version % 1000 / 10);
  CHECK_EQ_INT(d->warp_size, 32);
  const vtc_gpu_desc *g = vtc_gpu_for_device_name(d->name);
  if (g) {
    printf("  table row %s: %d SMs, shared/SM %lld KiB, opt-in %lld KiB, %d registers/SM\n", g->name,
           g->num_sms, (long long)g->shared_per_sm >> 10, (long long)g->shared_per_block_optin >> 10,
           g->registers_per_sm);
    CHECK_EQ_INT(d->num_sms, g->num_sms);
    CHECK_EQ_INT(d->shared_per_sm, g->shared_per_sm);
    CHECK_EQ_INT(d->shared_per_block_optin, g->shared_per_block_optin);
    CHECK_EQ_INT(d->registers_per_sm, g->registers_per_sm);
    CHECK_EQ_INT(d->cc_major, g->cc_major);
  } else {
    printf("  no table row for this device\n");
  }
  const char *arch = d->cc_major >= 9 ? "sm_90" : "sm_80";
  char *ptx = kernels_ptx(arch);
  CHECK(ptx != NULL);
  if (!ptx) return;

  vtc_cuda_module *mod = NULL;
  vtc_cuda_function vadd = NULL, block_sum = NULL, shuffles = NULL;
  enum { NBUF = 6 };
  vtc_cuda_ptr buf[NBUF] = {0};
  float *ha = NULL, *hb = NULL, *hc = NULL;
  const size_t big = (size_t)64 << 20; /* floats: 256 MiB per array */
  char *msg = NULL;

  /* Error paths first: every message names the call. */
  CHECK(vtc_cuda_module_load(cu, "this is not PTX", &msg) == NULL);
  CHECK(msg && strstr(msg, "cuModuleLoadDataEx: CUDA_ERROR_INVALID_IMAGE"));
  printf("  not PTX: %s\n", msg ? msg : "(no message)");
  free(msg);
  msg = NULL;
  static const char bad_ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                                ".visible .entry broken()\n{\n  frobnicate.u32 %r1;\n  ret;\n}\n";
  CHECK(vtc_cuda_module_load(cu, bad_ptx, &msg) == NULL);
  CHECK(msg && strstr(msg, "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX") && strstr(msg, "frobnicate"));
  CHECK(msg && !strchr(msg, '\n'));
  printf("  bad PTX: %s\n", msg ? msg : "(no message)");
  free(msg);
  msg = NULL;

  GPU_OK((mod = vtc_cuda_module_load(cu, ptx, E)) ? 0 : -1);
  GPU_OK(vtc_cuda_module_function(mod, "vadd", &vadd, E));
  GPU_OK(vtc_cuda_module_function(mod, "block_sum", &block_sum, E));
  GPU_OK(vtc_cuda_module_function(mod, "shuffles", &shuffles, E));
  vtc_cuda_function missing = NULL;
  CHECK(vtc_cuda_module_function(mod, "no_such_kernel", &missing, &msg) != 0);
  CHECK(msg && strstr(msg, "cuModuleGetFunction(\"no_such_kernel\"): CUDA_ERROR_NOT_FOUND"));
  free(msg);
  msg = NULL;
  vtc_cuda_function_info info;
  GPU_OK(vtc_cuda_function_get_info(cu, block_sum, &info, E));
  printf("  block_sum: %d registers, %d bytes static shared, %d bytes local, max %d threads\n",
         info.num_registers, info.static_shared_bytes, info.local_bytes, info.max_threads_per_block);
  CHECK_EQ_INT(info.static_shared_bytes, 128);
  CHECK_EQ_INT(info.local_bytes, 0);
  CHECK_EQ_INT(info.max_threads_per_block, SUM_BLOCK);

  ha = malloc(big * sizeof(float));
  hb = malloc(big * sizeof(float));
  hc = malloc(big * sizeof(float));
  CHECK(ha && hb && hc);
  if (!ha || !hb || !hc) goto out;
  for (size_t i = 0; i < big; i++) ha[i] = rand_float(), hb[i] = rand_float();
  for (int i = 0; i < 3; i++) GPU_OK(vtc_cuda_alloc(cu, big * sizeof(float), &buf[i], E));
  GPU_OK(vtc_cuda_alloc(cu, (big / SUM_BLOCK + 1) * sizeof(float), &buf[3], E));
  GPU_OK(vtc_cuda_alloc(cu, sizeof(float), &buf[4], E));
  GPU_OK(vtc_cuda_alloc(cu, 6 * 32 * sizeof(double), &buf[5], E));
  CHECK(vtc_cuda_peak_allocated_bytes(cu) >= 3 * big * sizeof(float));
  GPU_OK(vtc_cuda_copy_to_device(cu, buf[0], ha, big * sizeof(float), E));
  GPU_OK(vtc_cuda_copy_to_device(cu, buf[1], hb, big * sizeof(float), E));

  /* vector add, n not a multiple of the block: every element written, exact. */
  {
    unsigned n = 1000003, grid[3] = {(n + 255) / 256, 1, 1}, blk[3] = {256, 1, 1};
    GPU_OK(vtc_cuda_memset(cu, buf[2], 0xff, big * sizeof(float), E)); /* NaN poison */
    void *args[4] = {&buf[0], &buf[1], &buf[2], &n};
    GPU_OK(vtc_cuda_launch(cu, vadd, grid, blk, 0, args, E));
    GPU_OK(vtc_cuda_synchronize(cu, E));
    GPU_OK(vtc_cuda_copy_to_host(cu, hc, buf[2], (n + 1) * sizeof(float), E));
    size_t bad = 0;
    for (unsigned i = 0; i < n; i++) bad += hc[i] != ha[i] + hb[i];
    uint32_t after;
    memcpy(&after, &hc[n], 4);
    printf("  vadd n=%u: %zu mismatches\n", n, bad);
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(after, 0xffffffffu); /* nothing past n */
  }
  /* block sum: partials against a double-precision sum per block, and the
   * atomic total. */
  {
    unsigned n = 4194321, nblocks = (n + SUM_BLOCK - 1) / SUM_BLOCK;
    unsigned grid[3] = {nblocks, 1, 1}, blk[3] = {SUM_BLOCK, 1, 1};
    float zero = 0;
    GPU_OK(vtc_cuda_copy_to_device(cu, buf[4], &zero, sizeof zero, E));
    GPU_OK(vtc_cuda_memset(cu, buf[3], 0xff, nblocks * sizeof(float), E));
    void *args[4] = {&buf[0], &buf[3], &buf[4], &n};
    GPU_OK(vtc_cuda_launch(cu, block_sum, grid, blk, 0, args, E));
    GPU_OK(vtc_cuda_synchronize(cu, E));
    GPU_OK(vtc_cuda_copy_to_host(cu, hc, buf[3], nblocks * sizeof(float), E));
    float total = 0;
    GPU_OK(vtc_cuda_copy_to_host(cu, &total, buf[4], sizeof total, E));
    double max_err = 0, sum = 0, abs_sum = 0;
    for (unsigned b = 0; b < nblocks; b++) {
      double ref = 0, mag = 0;
      for (unsigned i = b * SUM_BLOCK; i < n && i < (b + 1) * SUM_BLOCK; i++)
        ref += ha[i], mag += fabs(ha[i]);
      double e = fabs(hc[b] - ref) / (mag > 0 ? mag : 1);
      if (!(e <= max_err)) max_err = e; /* NaN propagates */
      sum += ref;
      abs_sum += mag;
    }
    double total_err = fabs(total - sum) / abs_sum;
    printf("  block_sum n=%u, %u blocks: max error %.2e (of the block's |sum|), total %.6f vs "
           "%.6f (error %.2e of sum|x|)\n", n, nblocks, max_err, total, sum, total_err);
    CHECK(max_err < 1e-6);
    CHECK(total_err < 1e-5);
  }
  /* shuffles: each mode against its definition in the PTX ISA. */
  {
    double in[32];
    int32_t lanes[32];
    double out[4 * 32];
    for (int t = 0; t < 32; t++) in[t] = 1.0 / (t + 3) + t; /* all 64 bits matter */
    GPU_OK(vtc_cuda_copy_to_device(cu, buf[5], in, sizeof in, E));
    vtc_cuda_ptr outp = buf[5] + sizeof in, lanep = buf[5] + 5 * sizeof in;
    unsigned grid[3] = {1, 1, 1}, blk[3] = {32, 1, 1};
    void *args[3] = {&buf[5], &outp, &lanep};
    GPU_OK(vtc_cuda_launch(cu, shuffles, grid, blk, 0, args, E));
    GPU_OK(vtc_cuda_synchronize(cu, E));
    GPU_OK(vtc_cuda_copy_to_host(cu, out, outp, sizeof out, E));
    GPU_OK(vtc_cuda_copy_to_host(cu, lanes, lanep, sizeof lanes, E));
    int bad = 0;
    for (int t = 0; t < 32; t++) {
      bad += out[t] != in[t ^ 1];
      bad += out[32 + t] != (t >= 1 ? in[t - 1] : in[t]);
      bad += out[64 + t] != in[(t & ~7) + 5];
      bad += out[96 + t] != ((t % 16) + 2 < 16 ? in[t + 2] : in[t]);
      bad += lanes[t] != t;
    }
    printf("  shuffles (xor, up, idx/8, down/16 on f64; laneid): %d mismatches\n", bad);
    CHECK_EQ_INT(bad, 0);
  }
  /* The sm_80 PTX too (the driver JIT-compiles it for a newer GPU). */
  if (d->cc_major >= 9) {
    char *ptx80 = kernels_ptx("sm_80");
    vtc_cuda_module *mod80 = ptx80 ? vtc_cuda_module_load(cu, ptx80, &msg) : NULL;
    vtc_cuda_function vadd80 = NULL;
    unsigned n = 4097, grid[3] = {(n + 127) / 128, 1, 1}, blk[3] = {128, 1, 1};
    void *args[4] = {&buf[1], &buf[0], &buf[2], &n};
    int ok = mod80 && vtc_cuda_module_function(mod80, "vadd", &vadd80, &msg) == 0 &&
             vtc_cuda_launch(cu, vadd80, grid, blk, 0, args, &msg) == 0 &&
             vtc_cuda_synchronize(cu, &msg) == 0 &&
             vtc_cuda_copy_to_host(cu, hc, buf[2], n * sizeof(float), &msg) == 0;
    size_t bad = 0;
    for (unsigned i = 0; ok && i < n; i++) bad += hc[i] != hb[i] + ha[i];
    printf("  sm_80 PTX on this GPU: %s, %zu mismatches\n", ok ? "ran" : msg, bad);
    CHECK(ok);
    CHECK_EQ_INT(bad, 0);
    free(msg);
    msg = NULL;
    vtc_cuda_module_unload(cu, mod80);
    free(ptx80);
  }
  /* A launch the driver refuses: the message names cuLaunchKernel. */
  {
    unsigned grid[3] = {1, 1, 1}, blk[3] = {2048, 1, 1}, n = 0;
    void *args[4] = {&buf[0], &buf[1], &buf[2], &n};
    CHECK(vtc_cuda_launch(cu, vadd, grid, blk, 0, args, &msg) != 0);
    CHECK(msg && strstr(msg, "cuLaunchKernel(grid 1x1x1, block 2048x1x1") &&
          strstr(msg, "CUDA_ERROR_INVALID_VALUE"));
    printf("  refused launch: %s\n", msg ? msg : "(no message)");
    free(msg);
    msg = NULL;
  }
  /* Timings: 256 MiB arrays, far over L2; median of 20 event-timed runs. */
  {
    unsigned n = (unsigned)big, blk[3] = {256, 1, 1};
    unsigned grid[3] = {(n + 255) / 256, 1, 1}, sum_grid[3] = {(n + SUM_BLOCK - 1) / SUM_BLOCK, 1, 1};
    size_t bytes = big * sizeof(float);
    float copy_ms = time_median(cu, NULL, NULL, NULL, NULL, buf[2], buf[0], bytes, 20);
    void *vargs[4] = {&buf[0], &buf[1], &buf[2], &n};
    float vadd_ms = time_median(cu, vadd, grid, blk, vargs, 0, 0, 0, 20);
    void *sargs[4] = {&buf[0], &buf[3], &buf[4], &n};
    float sum_ms = time_median(cu, block_sum, sum_grid, blk, sargs, 0, 0, 0, 20);
    GPU_OK(vtc_cuda_synchronize(cu, E));
    double copy_bw = 2.0 * (double)bytes / (copy_ms * 1e-3);
    double vadd_bw = 3.0 * (double)bytes / (vadd_ms * 1e-3);
    double sum_bw = (double)bytes / (sum_ms * 1e-3);
    printf("  timing (median of 20, 256 MiB per array):\n");
    printf("    device-to-device copy  %8.3f ms  %7.1f GB/s (read + write)\n", copy_ms, copy_bw / 1e9);
    printf("    vadd                   %8.3f ms  %7.1f GB/s  %5.1f%% of copy\n", vadd_ms,
           vadd_bw / 1e9, 100 * vadd_bw / copy_bw);
    printf("    block_sum              %8.3f ms  %7.1f GB/s  %5.1f%% of copy\n", sum_ms,
           sum_bw / 1e9, 100 * sum_bw / copy_bw);
    if (g)
      printf("    (table peak HBM bandwidth %.0f GB/s: copy reaches %.1f%%)\n",
             g->memory_bandwidth / 1e9, 100 * copy_bw / g->memory_bandwidth);
    CHECK(copy_ms > 0 && vadd_ms > 0 && sum_ms > 0);
  }
out:
  for (int i = 0; i < NBUF; i++) {
    char *e = NULL;
    if (vtc_cuda_free(cu, buf[i], &e) != 0) {
      fprintf(stderr, "%s\n", e);
      unit_failures++;
    }
    free(e);
  }
  CHECK_EQ_INT(vtc_cuda_allocated_bytes(cu), 0);
  vtc_cuda_module_unload(cu, mod);
  free(ha);
  free(hb);
  free(hc);
  free(ptx);
}

static void test_gpu(void) {
  char *err = NULL;
  vtc_cuda *cu = vtc_cuda_open(&err);
  if (!cu) {
    CHECK(err != NULL && strlen(err) > 0 && !strchr(err, '\n'));
    printf("  skipped: %s\n", err ? err : "(no explanation)");
    free(err);
    return;
  }
  run_on_gpu(cu);
  vtc_cuda_close(cu);
}

/* ---- main ----------------------------------------------------------------------- */

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--emit-llvm") == 0) {
    LLVMContextRef ctx = LLVMContextCreate();
    kb k;
    LLVMModuleRef m = build_kernels(&k, ctx);
    char *text = LLVMPrintModuleToString(m);
    fputs(text, stdout);
    LLVMDisposeMessage(text);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "--emit-ptx") == 0) {
    char *ptx = kernels_ptx(argv[2]);
    if (!ptx) return 1;
    fputs(ptx, stdout);
    free(ptx);
    return 0;
  }
  if (argc != 1) {
    fprintf(stderr, "usage: test_cuda [--emit-llvm | --emit-ptx sm_90|sm_80]\n");
    return 2;
  }
  UNIT_RUN(test_target_row);
  UNIT_RUN(test_gpu_table);
  UNIT_RUN(test_emit_ptx);
  UNIT_RUN(test_no_driver_messages);
  UNIT_RUN(test_gpu);
  return UNIT_RESULT();
}
