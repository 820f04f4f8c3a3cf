/* The CUDA driver API through dlopen: the few types and entry points libvtcrt
 * needs, declared here (the ABI of cuda.h; the _v2 names are the ones cuda.h
 * maps the plain names to), and wrappers that turn each CUresult into a
 * message naming the call. */
#include "ir/context.h" /* vtc_xrealloc, which VTC_VEC_PUSH calls */
#include "ir/support.h"
#include "runtime/cuda.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the driver ABI (cuda.h) ---------------------------------------------- */

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUevent;
typedef void *CUstream;
typedef void *CUgraph;
typedef void *CUgraphNode;
typedef void *CUgraphExec;
typedef unsigned long long CUdeviceptr;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INSUFFICIENT_DRIVER = 35,
  CUDA_ERROR_NO_DEVICE = 100,
};
enum { /* CUjit_option */
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_LOG_VERBOSE = 12,
};
enum { /* CUfunction_attribute */
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};

typedef struct cuda_api {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuDriverGetVersion)(int *version);
  CUresult (*cuDeviceGetCount)(int *count);
  CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal);
  CUresult (*cuDeviceGetAttribute)(int *value, int attribute, CUdevice dev);
  CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev);
  CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice dev);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev);
  CUresult (*cuCtxSetCurrent)(CUcontext ctx);
  CUresult (*cuCtxSynchronize)(void);
  CUresult (*cuModuleLoadDataEx)(CUmodule *mod, const void *image, unsigned num_options,
                                 int *options, void **values);
  CUresult (*cuModuleUnload)(CUmodule mod);
  CUresult (*cuModuleGetFunction)(CUfunction *fn, CUmodule mod, const char *name);
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *ptr, size_t *bytes, CUmodule mod, const char *name);
  CUresult (*cuFuncGetAttribute)(int *value, int attribute, CUfunction fn);
  CUresult (*cuFuncSetAttribute)(CUfunction fn, int attribute, int value);
  CUresult (*cuMemAlloc)(CUdeviceptr *ptr, size_t bytes);
  CUresult (*cuMemFree)(CUdeviceptr ptr);
  CUresult (*cuMemGetInfo)(size_t *free_bytes, size_t *total_bytes);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr dst, const void *src, size_t bytes);
  CUresult (*cuMemcpyDtoH)(void *dst, CUdeviceptr src, size_t bytes);
  CUresult (*cuMemcpyDtoD)(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
  CUresult (*cuMemsetD8)(CUdeviceptr dst, unsigned char value, size_t count);
  CUresult (*cuLaunchKernel)(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                             unsigned by, unsigned bz, unsigned shared_bytes, CUstream stream,
                             void **params, void **extra);
  /* Device barriers (gir.sync device): all blocks co-resident. */
  CUresult (*cuLaunchCooperativeKernel)(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                        unsigned by, unsigned bz, unsigned shared_bytes, CUstream stream,
                                        void **params);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *blocks, CUfunction fn, int block_threads,
                                                          size_t dynamic_shared_bytes);
  CUresult (*cuEventCreate)(CUevent *ev, unsigned flags);
  CUresult (*cuEventRecord)(CUevent ev, CUstream stream);
  CUresult (*cuEventSynchronize)(CUevent ev);
  CUresult (*cuEventElapsedTime)(float *ms, CUevent start, CUevent stop);
  CUresult (*cuEventDestroy)(CUevent ev);
  /* CUDA graphs (optional: NULL on a driver without them). The node
   * parameters are CUDA_KERNEL_NODE_PARAMS_v2, whose first fields are the
   * v1 struct of the fallback symbol. */
  CUresult (*cuGraphCreate)(CUgraph *graph, unsigned flags);
  CUresult (*cuGraphAddKernelNode)(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t num_deps,
                                   const void *params);
  CUresult (*cuGraphInstantiate)(CUgraphExec *exec, CUgraph graph, unsigned long long flags);
  CUresult (*cuGraphLaunch)(CUgraphExec exec, CUstream stream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec exec);
  CUresult (*cuGraphDestroy)(CUgraph graph);
  CUresult (*cuGetErrorName)(CUresult err, const char **name);
  CUresult (*cuGetErrorString)(CUresult err, const char **text);
} cuda_api;

/* Symbols to load: the versioned name cuda.h uses, then the old one. An
 * optional one may be missing (its entry stays NULL). */
static const struct { const char *name, *fallback; size_t offset; bool optional; } cuda_symbols[] = {
#define SYM(field, name, fallback) {name, fallback, offsetof(cuda_api, field), false}
#define OPTIONAL_SYM(field, name, fallback) {name, fallback, offsetof(cuda_api, field), true}
  SYM(cuInit, "cuInit", NULL),
  SYM(cuDriverGetVersion, "cuDriverGetVersion", NULL),
  SYM(cuDeviceGetCount, "cuDeviceGetCount", NULL),
  SYM(cuDeviceGet, "cuDeviceGet", NULL),
  SYM(cuDeviceGetAttribute, "cuDeviceGetAttribute", NULL),
  SYM(cuDeviceGetName, "cuDeviceGetName", NULL),
  SYM(cuDeviceTotalMem, "cuDeviceTotalMem_v2", NULL),
  SYM(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", NULL),
  SYM(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"),
  SYM(cuCtxSetCurrent, "cuCtxSetCurrent", NULL),
  SYM(cuCtxSynchronize, "cuCtxSynchronize", NULL),
  SYM(cuModuleLoadDataEx, "cuModuleLoadDataEx", NULL),
  SYM(cuModuleUnload, "cuModuleUnload", NULL),
  SYM(cuModuleGetFunction, "cuModuleGetFunction", NULL),
  SYM(cuModuleGetGlobal, "cuModuleGetGlobal_v2", NULL),
  SYM(cuFuncGetAttribute, "cuFuncGetAttribute", NULL),
  SYM(cuFuncSetAttribute, "cuFuncSetAttribute", NULL),
  SYM(cuMemAlloc, "cuMemAlloc_v2", NULL),
  SYM(cuMemFree, "cuMemFree_v2", NULL),
  SYM(cuMemGetInfo, "cuMemGetInfo_v2", NULL),
  SYM(cuMemcpyHtoD, "cuMemcpyHtoD_v2", NULL),
  SYM(cuMemcpyDtoH, "cuMemcpyDtoH_v2", NULL),
  SYM(cuMemcpyDtoD, "cuMemcpyDtoD_v2", NULL),
  SYM(cuMemsetD8, "cuMemsetD8_v2", NULL),
  SYM(cuLaunchKernel, "cuLaunchKernel", NULL),
  SYM(cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel", NULL),
  SYM(cuOccupancyMaxActiveBlocksPerMultiprocessor, "cuOccupancyMaxActiveBlocksPerMultiprocessor", NULL),
  SYM(cuEventCreate, "cuEventCreate", NULL),
  SYM(cuEventRecord, "cuEventRecord", NULL),
  SYM(cuEventSynchronize, "cuEventSynchronize", NULL),
  SYM(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
  SYM(cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy"),
  SYM(cuGetErrorName, "cuGetErrorName", NULL),
  SYM(cuGetErrorString, "cuGetErrorString", NULL),
  OPTIONAL_SYM(cuGraphCreate, "cuGraphCreate", NULL),
  OPTIONAL_SYM(cuGraphAddKernelNode, "cuGraphAddKernelNode_v2", "cuGraphAddKernelNode"),
  OPTIONAL_SYM(cuGraphInstantiate, "cuGraphInstantiateWithFlags", NULL),
  OPTIONAL_SYM(cuGraphLaunch, "cuGraphLaunch", NULL),
  OPTIONAL_SYM(cuGraphExecDestroy, "cuGraphExecDestroy", NULL),
  OPTIONAL_SYM(cuGraphDestroy, "cuGraphDestroy", NULL),
#undef OPTIONAL_SYM
#undef SYM
};

struct vtc_cuda {
  void *library; /* dlopen handle */
  cuda_api api;
  CUdevice device;
  CUcontext context; /* the primary context, retained */
  vtc_cuda_device_info info;
  size_t allocated, peak_allocated;
  /* Live allocations and their sizes, for the byte counts above. */
  struct { CUdeviceptr ptr; size_t bytes; } *allocs;
  size_t num_allocs, cap_allocs;
};

struct vtc_cuda_module {
  vtc_cuda *cu;
  CUmodule handle;
};

/* ---- errors ----------------------------------------------------------------- */

/* "cuMemAlloc(1024 bytes): CUDA_ERROR_OUT_OF_MEMORY (out of memory)". */
static int check(const vtc_cuda *cu, CUresult r, char **error, const char *call) {
  if (r == CUDA_SUCCESS) return 0;
  const char *name = NULL, *text = NULL;
  if (cu->api.cuGetErrorName(r, &name) != CUDA_SUCCESS) name = NULL;
  if (cu->api.cuGetErrorString(r, &text) != CUDA_SUCCESS) text = NULL;
  if (name) vtc_set_error(error, "%s: %s (%s)", call, name, text ? text : "no description");
  else vtc_set_error(error, "%s: CUDA error %d", call, r);
  return -1;
}

#define CHECK_CALL(cu, expr, error, ...)                                         \
  do {                                                                           \
    char call_[160];                                                             \
    CUresult r_ = (expr);                                                        \
    if (r_ != CUDA_SUCCESS) {                                                    \
      snprintf(call_, sizeof call_, __VA_ARGS__);                                \
      return check(cu, r_, error, call_);                                        \
    }                                                                            \
  } while (0)

/* ---- opening ---------------------------------------------------------------- */

static int query_device(vtc_cuda *cu, char **error) {
  vtc_cuda_device_info *d = &cu->info;
  CHECK_CALL(cu, cu->api.cuDeviceGetName(d->name, (int)sizeof d->name, cu->device), error,
             "cuDeviceGetName");
  static const struct { int attribute; size_t offset; } attrs[] = {
    {75, offsetof(vtc_cuda_device_info, cc_major)},
    {76, offsetof(vtc_cuda_device_info, cc_minor)},
    {16, offsetof(vtc_cuda_device_info, num_sms)},
    {10, offsetof(vtc_cuda_device_info, warp_size)},
    {1, offsetof(vtc_cuda_device_info, max_threads_per_block)},
    {39, offsetof(vtc_cuda_device_info, max_threads_per_sm)},
    {82, offsetof(vtc_cuda_device_info, registers_per_sm)},
    {12, offsetof(vtc_cuda_device_info, registers_per_block)},
    {81, offsetof(vtc_cuda_device_info, shared_per_sm)},
    {8, offsetof(vtc_cuda_device_info, shared_per_block)},
    {97, offsetof(vtc_cuda_device_info, shared_per_block_optin)},
    {38, offsetof(vtc_cuda_device_info, l2_bytes)},
    {13, offsetof(vtc_cuda_device_info, clock_khz)},
    {36, offsetof(vtc_cuda_device_info, memory_clock_khz)},
    {37, offsetof(vtc_cuda_device_info, memory_bus_bits)},
    {95, offsetof(vtc_cuda_device_info, cooperative_launch)}, /* CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH */
  };
  for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
    int value = 0;
    /* Clock attributes are deprecated and may be refused: they stay 0. */
    CUresult r = cu->api.cuDeviceGetAttribute(&value, attrs[i].attribute, cu->device);
    if (r != CUDA_SUCCESS && attrs[i].attribute != 13 && attrs[i].attribute != 36)
      return check(cu, r, error, "cuDeviceGetAttribute");
    memcpy((char *)d + attrs[i].offset, &value, sizeof value);
  }
  CHECK_CALL(cu, cu->api.cuDeviceTotalMem(&d->total_memory, cu->device), error, "cuDeviceTotalMem");
  return 0;
}

vtc_cuda *vtc_cuda_open_device(int ordinal, char **error) {
  const char *path = getenv("VTC_CUDA_LIBRARY");
  if (!path || !*path) path = "libcuda.so.1";
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    vtc_set_error(error, "no CUDA driver: %s not found (%s)", path, why ? why : "dlopen failed");
    return NULL;
  }
  vtc_cuda *cu = calloc(1, sizeof *cu);
  if (!cu) abort();
  cu->library = library;
  for (size_t i = 0; i < sizeof cuda_symbols / sizeof cuda_symbols[0]; i++) {
    void *fn = dlsym(library, cuda_symbols[i].name);
    if (!fn && cuda_symbols[i].fallback) fn = dlsym(library, cuda_symbols[i].fallback);
    if (!fn && !cuda_symbols[i].optional) {
      vtc_set_error(error, "CUDA driver too old: %s has no %s", path, cuda_symbols[i].name);
      goto fail;
    }
    memcpy((char *)&cu->api + cuda_symbols[i].offset, &fn, sizeof fn);
  }
  CUresult r = cu->api.cuInit(0);
  if (r == CUDA_ERROR_NO_DEVICE) {
    check(cu, r, error, "no CUDA GPU: cuInit");
    goto fail;
  }
  if (r != CUDA_SUCCESS) {
    check(cu, r, error, r == CUDA_ERROR_INSUFFICIENT_DRIVER ? "CUDA driver too old: cuInit"
                                                            : "CUDA driver unusable: cuInit");
    goto fail;
  }
  int count = 0;
  if (check(cu, cu->api.cuDeviceGetCount(&count), error, "cuDeviceGetCount") != 0) goto fail;
  if (count == 0 || ordinal < 0 || ordinal >= count) {
    vtc_set_error(error, "no CUDA GPU: device %d requested, the driver sees %d", ordinal, count);
    goto fail;
  }
  cu->info.ordinal = ordinal;
  if (check(cu, cu->api.cuDeviceGet(&cu->device, ordinal), error, "cuDeviceGet") != 0) goto fail;
  if (check(cu, cu->api.cuDevicePrimaryCtxRetain(&cu->context, cu->device), error,
            "cuDevicePrimaryCtxRetain") != 0)
    goto fail;
  if (check(cu, cu->api.cuCtxSetCurrent(cu->context), error, "cuCtxSetCurrent") != 0 ||
      check(cu, cu->api.cuDriverGetVersion(&cu->info.driver_version), error,
            "cuDriverGetVersion") != 0 ||
      query_device(cu, error) != 0) {
    cu->api.cuDevicePrimaryCtxRelease(cu->device);
    goto fail;
  }
  return cu;
fail:
  dlclose(library);
  free(cu);
  return NULL;
}

vtc_cuda *vtc_cuda_open(char **error) { return vtc_cuda_open_device(0, error); }

void vtc_cuda_close(vtc_cuda *cu) {
  if (!cu) return;
  cu->api.cuCtxSetCurrent(NULL);
  cu->api.cuDevicePrimaryCtxRelease(cu->device);
  dlclose(cu->library);
  free(cu->allocs);
  free(cu);
}

const vtc_cuda_device_info *vtc_cuda_device(const vtc_cuda *cu) { return &cu->info; }

int vtc_cuda_make_current(vtc_cuda *cu, char **error) {
  CHECK_CALL(cu, cu->api.cuCtxSetCurrent(cu->context), error, "cuCtxSetCurrent");
  return 0;
}

/* ---- memory ----------------------------------------------------------------- */

int vtc_cuda_alloc(vtc_cuda *cu, size_t bytes, vtc_cuda_ptr *out, char **error) {
  CUdeviceptr p = 0;
  *out = 0;
  CHECK_CALL(cu, cu->api.cuMemAlloc(&p, bytes ? bytes : 1), error, "cuMemAlloc(%zu bytes)", bytes);
  if (cu->num_allocs == cu->cap_allocs) {
    cu->cap_allocs = cu->cap_allocs ? 2 * cu->cap_allocs : 16;
    cu->allocs = realloc(cu->allocs, cu->cap_allocs * sizeof *cu->allocs);
    if (!cu->allocs) abort();
  }
  cu->allocs[cu->num_allocs].ptr = p;
  cu->allocs[cu->num_allocs++].bytes = bytes;
  *out = p;
  cu->allocated += bytes;
  if (cu->allocated > cu->peak_allocated) cu->peak_allocated = cu->allocated;
  return 0;
}

int vtc_cuda_free(vtc_cuda *cu, vtc_cuda_ptr ptr, char **error) {
  if (!ptr) return 0;
  size_t i = 0;
  while (i < cu->num_allocs && cu->allocs[i].ptr != ptr) i++;
  if (i == cu->num_allocs) {
    vtc_set_error(error, "vtc_cuda_free(0x%llx): not an allocation of this handle",
              (unsigned long long)ptr);
    return -1;
  }
  CHECK_CALL(cu, cu->api.cuMemFree(ptr), error, "cuMemFree(0x%llx)", (unsigned long long)ptr);
  cu->allocated -= cu->allocs[i].bytes;
  cu->allocs[i] = cu->allocs[--cu->num_allocs];
  return 0;
}

int vtc_cuda_copy_to_device(vtc_cuda *cu, vtc_cuda_ptr dst, const void *src, size_t bytes,
                            char **error) {
  CHECK_CALL(cu, cu->api.cuMemcpyHtoD(dst, src, bytes), error, "cuMemcpyHtoD(%zu bytes)", bytes);
  return 0;
}

int vtc_cuda_copy_to_host(vtc_cuda *cu, void *dst, vtc_cuda_ptr src, size_t bytes, char **error) {
  CHECK_CALL(cu, cu->api.cuMemcpyDtoH(dst, src, bytes), error, "cuMemcpyDtoH(%zu bytes)", bytes);
  return 0;
}

int vtc_cuda_copy_device(vtc_cuda *cu, vtc_cuda_ptr dst, vtc_cuda_ptr src, size_t bytes,
                         char **error) {
  CHECK_CALL(cu, cu->api.cuMemcpyDtoD(dst, src, bytes), error, "cuMemcpyDtoD(%zu bytes)", bytes);
  return 0;
}

int vtc_cuda_memset(vtc_cuda *cu, vtc_cuda_ptr dst, unsigned char byte, size_t bytes, char **error) {
  CHECK_CALL(cu, cu->api.cuMemsetD8(dst, byte, bytes), error, "cuMemsetD8(%zu bytes)", bytes);
  return 0;
}

size_t vtc_cuda_allocated_bytes(const vtc_cuda *cu) { return cu->allocated; }
size_t vtc_cuda_peak_allocated_bytes(const vtc_cuda *cu) { return cu->peak_allocated; }

int vtc_cuda_memory_info(vtc_cuda *cu, size_t *free_bytes, size_t *total_bytes, char **error) {
  CHECK_CALL(cu, cu->api.cuMemGetInfo(free_bytes, total_bytes), error, "cuMemGetInfo");
  return 0;
}

/* ---- modules and launches ----------------------------------------------------- */

/* The JIT log on one line: lines joined with "; ", trailing blanks dropped. */
static void one_line(char *s) {
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' ')) s[--n] = 0;
  for (char *p = s; *p; p++)
    if (*p == '\n') *p = ';';
}

vtc_cuda_module *vtc_cuda_module_load(vtc_cuda *cu, const char *ptx, char **error) {
  enum { LOG = 16384 };
  char *error_log = calloc(1, LOG), *info_log = calloc(1, LOG);
  if (!error_log || !info_log) abort();
  int options[5] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                    CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE};
  void *values[5] = {error_log, (void *)(size_t)LOG, info_log, (void *)(size_t)LOG, (void *)0};
  CUmodule handle = NULL;
  CUresult r = cu->api.cuModuleLoadDataEx(&handle, ptx, 5, options, values);
  vtc_cuda_module *mod = NULL;
  if (r != CUDA_SUCCESS) {
    char *msg = NULL;
    check(cu, r, &msg, "cuModuleLoadDataEx");
    one_line(error_log);
    if (error_log[0]) vtc_set_error(error, "%s: %s", msg, error_log);
    else if (error) *error = msg, msg = NULL;
    free(msg);
  } else {
    mod = calloc(1, sizeof *mod);
    if (!mod) abort();
    mod->cu = cu;
    mod->handle = handle;
  }
  free(error_log);
  free(info_log);
  return mod;
}

void vtc_cuda_module_unload(vtc_cuda *cu, vtc_cuda_module *mod) {
  if (!mod) return;
  cu->api.cuModuleUnload(mod->handle);
  free(mod);
}

int vtc_cuda_module_function(vtc_cuda_module *mod, const char *name, vtc_cuda_function *out,
                             char **error) {
  CUfunction fn = NULL;
  *out = NULL;
  CHECK_CALL(mod->cu, mod->cu->api.cuModuleGetFunction(&fn, mod->handle, name), error,
             "cuModuleGetFunction(\"%.100s\")", name);
  *out = fn;
  return 0;
}

int vtc_cuda_module_global(vtc_cuda_module *mod, const char *name, vtc_cuda_ptr *ptr, size_t *bytes,
                           char **error) {
  CUdeviceptr p = 0;
  size_t n = 0;
  *ptr = 0;
  CHECK_CALL(mod->cu, mod->cu->api.cuModuleGetGlobal(&p, &n, mod->handle, name), error,
             "cuModuleGetGlobal(\"%.100s\")", name);
  *ptr = (vtc_cuda_ptr)p;
  if (bytes) *bytes = n;
  return 0;
}

int vtc_cuda_function_get_info(vtc_cuda *cu, vtc_cuda_function fn, vtc_cuda_function_info *out,
                               char **error) {
  CHECK_CALL(cu, cu->api.cuFuncGetAttribute(&out->num_registers, CU_FUNC_ATTRIBUTE_NUM_REGS, fn),
             error, "cuFuncGetAttribute(NUM_REGS)");
  CHECK_CALL(cu, cu->api.cuFuncGetAttribute(&out->static_shared_bytes,
                                            CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn),
             error, "cuFuncGetAttribute(SHARED_SIZE_BYTES)");
  CHECK_CALL(cu, cu->api.cuFuncGetAttribute(&out->local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn),
             error, "cuFuncGetAttribute(LOCAL_SIZE_BYTES)");
  CHECK_CALL(cu, cu->api.cuFuncGetAttribute(&out->max_threads_per_block,
                                            CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn),
             error, "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK)");
  return 0;
}

int vtc_cuda_function_set_max_dynamic_shared(vtc_cuda *cu, vtc_cuda_function fn, int bytes,
                                             char **error) {
  CHECK_CALL(cu, cu->api.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
             error, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)", bytes);
  return 0;
}

int vtc_cuda_launch(vtc_cuda *cu, vtc_cuda_function fn, const unsigned grid[3],
                    const unsigned block[3], unsigned dynamic_shared_bytes, void **args,
                    char **error) {
  CHECK_CALL(cu, cu->api.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                        dynamic_shared_bytes, NULL, args, NULL),
             error, "cuLaunchKernel(grid %ux%ux%u, block %ux%ux%u, %u bytes shared)", grid[0],
             grid[1], grid[2], block[0], block[1], block[2], dynamic_shared_bytes);
  return 0;
}

int vtc_cuda_launch_cooperative(vtc_cuda *cu, vtc_cuda_function fn, const unsigned grid[3], const unsigned block[3],
                                unsigned dynamic_shared_bytes, void **args, char **error) {
  CHECK_CALL(cu, cu->api.cuLaunchCooperativeKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                                   dynamic_shared_bytes, NULL, args),
             error, "cuLaunchCooperativeKernel(grid %ux%ux%u, block %ux%ux%u, %u bytes shared)", grid[0], grid[1],
             grid[2], block[0], block[1], block[2], dynamic_shared_bytes);
  return 0;
}

int vtc_cuda_occupancy(vtc_cuda *cu, vtc_cuda_function fn, int block_threads, size_t dynamic_shared_bytes,
                       int *blocks_per_sm, char **error) {
  *blocks_per_sm = 0;
  CHECK_CALL(cu, cu->api.cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, fn, block_threads,
                                                                     dynamic_shared_bytes),
             error, "cuOccupancyMaxActiveBlocksPerMultiprocessor(%d threads, %zu bytes shared)", block_threads,
             dynamic_shared_bytes);
  return 0;
}

int vtc_cuda_synchronize(vtc_cuda *cu, char **error) {
  CHECK_CALL(cu, cu->api.cuCtxSynchronize(), error, "cuCtxSynchronize");
  return 0;
}

/* ---- graphs ------------------------------------------------------------------ */

struct vtc_cuda_graph {
  vtc_cuda *cu;
  CUgraph graph;
  CUgraphExec exec; /* once instantiated */
  VTC_VEC(CUgraphNode) nodes; /* launch i's node */
  VTC_VEC(CUgraphNode) deps;  /* scratch for one launch's dependencies */
};

/* CUDA_KERNEL_NODE_PARAMS_v2 (cuda.h). */
typedef struct kernel_node_params {
  CUfunction func;
  unsigned grid_x, grid_y, grid_z, block_x, block_y, block_z;
  unsigned shared_bytes;
  void **params, **extra;
  void *kernel;     /* CUkernel: NULL, func is used */
  CUcontext context; /* NULL: the current one */
} kernel_node_params;

bool vtc_cuda_has_graphs(const vtc_cuda *cu) {
  const cuda_api *a = &cu->api;
  return a->cuGraphCreate && a->cuGraphAddKernelNode && a->cuGraphInstantiate && a->cuGraphLaunch &&
         a->cuGraphExecDestroy && a->cuGraphDestroy;
}

vtc_cuda_graph *vtc_cuda_graph_create(vtc_cuda *cu, char **error) {
  if (!vtc_cuda_has_graphs(cu)) {
    vtc_set_error(error, "the CUDA driver has no graph API (cuGraphCreate)");
    return NULL;
  }
  CUgraph graph = NULL;
  if (check(cu, cu->api.cuGraphCreate(&graph, 0), error, "cuGraphCreate") != 0) return NULL;
  vtc_cuda_graph *g = calloc(1, sizeof *g);
  if (!g) abort();
  g->cu = cu;
  g->graph = graph;
  return g;
}

int vtc_cuda_graph_add_launch(vtc_cuda_graph *g, vtc_cuda_function fn, const unsigned grid[3], const unsigned block[3],
                              unsigned dynamic_shared_bytes, void **args, const size_t *after, size_t num_after,
                              char **error) {
  vtc_cuda *cu = g->cu;
  kernel_node_params kp = {fn,   grid[0], grid[1], grid[2], block[0], block[1], block[2], dynamic_shared_bytes,
                           args, NULL,    NULL,    NULL};
  g->deps.len = 0;
  for (size_t i = 0; i < num_after; i++) {
    if (after[i] >= g->nodes.len) {
      vtc_set_error(error, "vtc_cuda_graph_add_launch: launch %zu depends on launch %zu, not added yet", g->nodes.len,
                    after[i]);
      return -1;
    }
    VTC_VEC_PUSH(&g->deps, g->nodes.data[after[i]]);
  }
  CUgraphNode node = NULL;
  CHECK_CALL(cu, cu->api.cuGraphAddKernelNode(&node, g->graph, g->deps.data, g->deps.len, &kp), error,
             "cuGraphAddKernelNode(grid %ux%ux%u, block %ux%ux%u, %u bytes shared, %zu dependencies)", grid[0],
             grid[1], grid[2], block[0], block[1], block[2], dynamic_shared_bytes, num_after);
  VTC_VEC_PUSH(&g->nodes, node);
  return 0;
}

int vtc_cuda_graph_instantiate(vtc_cuda_graph *g, char **error) {
  vtc_cuda *cu = g->cu;
  CHECK_CALL(cu, cu->api.cuGraphInstantiate(&g->exec, g->graph, 0), error, "cuGraphInstantiate(%zu launches)",
             g->nodes.len);
  return 0;
}

int vtc_cuda_graph_launch(vtc_cuda_graph *g, char **error) {
  vtc_cuda *cu = g->cu;
  if (g->nodes.len == 0) return 0;
  CHECK_CALL(cu, cu->api.cuGraphLaunch(g->exec, NULL), error, "cuGraphLaunch(%zu launches)", g->nodes.len);
  return 0;
}

size_t vtc_cuda_graph_num_launches(const vtc_cuda_graph *g) { return g->nodes.len; }

void vtc_cuda_graph_destroy(vtc_cuda_graph *g) {
  if (!g) return;
  if (g->exec) g->cu->api.cuGraphExecDestroy(g->exec);
  g->cu->api.cuGraphDestroy(g->graph);
  VTC_VEC_FREE(&g->nodes);
  VTC_VEC_FREE(&g->deps);
  free(g);
}

/* ---- timing ----------------------------------------------------------------- */

int vtc_cuda_event_create(vtc_cuda *cu, vtc_cuda_event *out, char **error) {
  CUevent ev = NULL;
  *out = NULL;
  CHECK_CALL(cu, cu->api.cuEventCreate(&ev, 0), error, "cuEventCreate");
  *out = ev;
  return 0;
}

int vtc_cuda_event_record(vtc_cuda *cu, vtc_cuda_event ev, char **error) {
  CHECK_CALL(cu, cu->api.cuEventRecord(ev, NULL), error, "cuEventRecord");
  return 0;
}

int vtc_cuda_event_elapsed_ms(vtc_cuda *cu, vtc_cuda_event start, vtc_cuda_event stop, float *ms,
                              char **error) {
  CHECK_CALL(cu, cu->api.cuEventSynchronize(stop), error, "cuEventSynchronize");
  CHECK_CALL(cu, cu->api.cuEventElapsedTime(ms, start, stop), error, "cuEventElapsedTime");
  return 0;
}

void vtc_cuda_event_destroy(vtc_cuda *cu, vtc_cuda_event ev) {
  if (ev) cu->api.cuEventDestroy(ev);
}
