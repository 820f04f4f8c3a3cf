/* The CUDA runtime of libvtcrt: the driver API loaded with dlopen (building
 * needs no CUDA SDK), PTX modules, device memory, kernel launches and event
 * timing. Every driver error becomes a message naming the failed call. */
#ifndef VTC_RUNTIME_CUDA_H
#define VTC_RUNTIME_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The exit code of a tool asked to run on a GPU where there is none (no
 * driver, no device, or a driver too old): distinct from 1 (diagnostics) and
 * 2 (usage), so scripts can tell "skipped" from "failed". */
#define VTC_EXIT_NO_GPU 3

/* Conventions as in runtime/jit.h: functions return 0 (or non-NULL) on
 * success, else -1 (or NULL) with *error set to a malloc'd one-line message
 * (free() it); `error` may be NULL. Nothing aborts on a driver error. */

/* The loaded driver with one device's primary context, current on the thread
 * that opened it (call vtc_cuda_make_current from other threads). Owns the
 * library handle and the context reference; vtc_cuda_close releases both. */
typedef struct vtc_cuda vtc_cuda;
typedef struct vtc_cuda_module vtc_cuda_module; /* a loaded PTX module */
typedef void *vtc_cuda_function;                 /* CUfunction, owned by its module */
typedef void *vtc_cuda_event;                    /* CUevent */
typedef uint64_t vtc_cuda_ptr;                   /* CUdeviceptr */

/* What the device reports about itself (cuDeviceGetAttribute). */
typedef struct vtc_cuda_device_info {
  char name[256];
  int ordinal;
  int cc_major, cc_minor;
  int num_sms;
  int warp_size;
  int max_threads_per_block;
  int max_threads_per_sm;
  int registers_per_sm;
  int registers_per_block;
  int shared_per_sm;           /* bytes */
  int shared_per_block;        /* bytes, without opt-in */
  int shared_per_block_optin;  /* bytes */
  int l2_bytes;
  int clock_khz;               /* may be 0 on recent drivers */
  int memory_clock_khz;        /* may be 0 on recent drivers */
  int memory_bus_bits;
  size_t total_memory;         /* bytes */
  int driver_version;          /* 13000 for CUDA 13.0 */
  int cooperative_launch;      /* 1: cuLaunchCooperativeKernel is supported */
} vtc_cuda_device_info;

/* Loads the driver (libcuda.so.1, or the file named by $VTC_CUDA_LIBRARY),
 * initialises it and makes device 0's primary context current. NULL with a
 * one-line explanation when there is no driver ("no CUDA driver:
 * libcuda.so.1 not found ..."), no device ("no CUDA GPU: ..."), or the driver
 * fails; a tool then exits with VTC_EXIT_NO_GPU. */
vtc_cuda *vtc_cuda_open(char **error);
vtc_cuda *vtc_cuda_open_device(int ordinal, char **error);
/* Releases the context and unloads the driver; modules and memory still
 * alive are reclaimed by the driver with the context. NULL is ignored. */
void vtc_cuda_close(vtc_cuda *cu);

const vtc_cuda_device_info *vtc_cuda_device(const vtc_cuda *cu);
int vtc_cuda_make_current(vtc_cuda *cu, char **error);

/* ---- memory --------------------------------------------------------------- */

int vtc_cuda_alloc(vtc_cuda *cu, size_t bytes, vtc_cuda_ptr *out, char **error);
int vtc_cuda_free(vtc_cuda *cu, vtc_cuda_ptr ptr, char **error); /* 0 is ignored */
int vtc_cuda_copy_to_device(vtc_cuda *cu, vtc_cuda_ptr dst, const void *src, size_t bytes,
                            char **error);
int vtc_cuda_copy_to_host(vtc_cuda *cu, void *dst, vtc_cuda_ptr src, size_t bytes, char **error);
int vtc_cuda_copy_device(vtc_cuda *cu, vtc_cuda_ptr dst, vtc_cuda_ptr src, size_t bytes,
                         char **error);
int vtc_cuda_memset(vtc_cuda *cu, vtc_cuda_ptr dst, unsigned char byte, size_t bytes, char **error);
/* Bytes allocated through this handle now and at most so far (for
 * --report-memory), and the device's free/total memory (cuMemGetInfo). */
size_t vtc_cuda_allocated_bytes(const vtc_cuda *cu);
size_t vtc_cuda_peak_allocated_bytes(const vtc_cuda *cu);
int vtc_cuda_memory_info(vtc_cuda *cu, size_t *free_bytes, size_t *total_bytes, char **error);

/* ---- modules and launches ------------------------------------------------- */

/* JIT-compiles PTX text for the device. On failure the message holds the
 * driver's JIT error log. The module belongs to the caller. */
vtc_cuda_module *vtc_cuda_module_load(vtc_cuda *cu, const char *ptx, char **error);
void vtc_cuda_module_unload(vtc_cuda *cu, vtc_cuda_module *mod);
int vtc_cuda_module_function(vtc_cuda_module *mod, const char *name, vtc_cuda_function *out,
                             char **error);
/* The device address and size of a module's global variable. */
int vtc_cuda_module_global(vtc_cuda_module *mod, const char *name, vtc_cuda_ptr *ptr, size_t *bytes,
                           char **error);

/* What the compiled kernel uses (cuFuncGetAttribute). */
typedef struct vtc_cuda_function_info {
  int num_registers;
  int static_shared_bytes;
  int local_bytes; /* per thread: spills and stack */
  int max_threads_per_block;
} vtc_cuda_function_info;
int vtc_cuda_function_get_info(vtc_cuda *cu, vtc_cuda_function fn, vtc_cuda_function_info *out,
                               char **error);
/* Allows `bytes` of dynamic shared memory per block (needed above 48 KiB). */
int vtc_cuda_function_set_max_dynamic_shared(vtc_cuda *cu, vtc_cuda_function fn, int bytes,
                                             char **error);

/* Launches on the default stream; `args` holds one pointer to each kernel
 * argument's value (cuLaunchKernel's kernelParams). Asynchronous: errors of
 * the kernel itself surface at the next vtc_cuda_synchronize. */
int vtc_cuda_launch(vtc_cuda *cu, vtc_cuda_function fn, const unsigned grid[3],
                    const unsigned block[3], unsigned dynamic_shared_bytes, void **args,
                    char **error);
/* The same through cuLaunchCooperativeKernel: every block is resident at
 * once (the driver refuses a grid that cannot be), as gir.sync device's
 * grid barrier needs. */
int vtc_cuda_launch_cooperative(vtc_cuda *cu, vtc_cuda_function fn, const unsigned grid[3], const unsigned block[3],
                                unsigned dynamic_shared_bytes, void **args, char **error);
/* Blocks of block_threads threads (and that dynamic shared memory) one SM
 * holds at once for fn (cuOccupancyMaxActiveBlocksPerMultiprocessor). */
int vtc_cuda_occupancy(vtc_cuda *cu, vtc_cuda_function fn, int block_threads, size_t dynamic_shared_bytes,
                       int *blocks_per_sm, char **error);
int vtc_cuda_synchronize(vtc_cuda *cu, char **error);

/* ---- graphs ----------------------------------------------------------------- */

/* A CUDA graph of kernel launches, instantiated once and then launched as
 * one unit: the host issues one call instead of one per kernel, and the GPU
 * runs each kernel once the launches it depends on have finished (launches
 * that do not depend on each other may run at once). Launch i depends on
 * the earlier launches after[0..num_after) (indices in the order added;
 * none: it starts with the graph). A launch's argument values are copied
 * when it is added. Drivers without the graph API (optional symbols) make
 * create fail. */
typedef struct vtc_cuda_graph vtc_cuda_graph;
bool vtc_cuda_has_graphs(const vtc_cuda *cu);
vtc_cuda_graph *vtc_cuda_graph_create(vtc_cuda *cu, char **error);
int vtc_cuda_graph_add_launch(vtc_cuda_graph *g, vtc_cuda_function fn, const unsigned grid[3], const unsigned block[3],
                              unsigned dynamic_shared_bytes, void **args, const size_t *after, size_t num_after,
                              char **error);
int vtc_cuda_graph_instantiate(vtc_cuda_graph *g, char **error);
/* On the default stream, as vtc_cuda_launch; a graph of no launch does nothing. */
int vtc_cuda_graph_launch(vtc_cuda_graph *g, char **error);
size_t vtc_cuda_graph_num_launches(const vtc_cuda_graph *g);
void vtc_cuda_graph_destroy(vtc_cuda_graph *g); /* NULL is ignored */

/* ---- timing --------------------------------------------------------------- */

int vtc_cuda_event_create(vtc_cuda *cu, vtc_cuda_event *out, char **error);
int vtc_cuda_event_record(vtc_cuda *cu, vtc_cuda_event ev, char **error);
/* Waits for `stop`, then gives the milliseconds between the two events. */
int vtc_cuda_event_elapsed_ms(vtc_cuda *cu, vtc_cuda_event start, vtc_cuda_event stop, float *ms,
                              char **error);
void vtc_cuda_event_destroy(vtc_cuda *cu, vtc_cuda_event ev);

#endif
