/* The host plan of runtime/cuda_exec.h (private to cuda_exec.c and
 * cuda_plan.c): a host function of gir compiled to a flat list of steps over
 * value slots, what a tiny bytecode would be, so that a program keeps no IR
 * (and no context) alive. func.calls are inlined: a callee's arguments and
 * results are the caller's slots, its other values get fresh ones. */
#ifndef VTC_RUNTIME_CUDA_PLAN_H
#define VTC_RUNTIME_CUDA_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dialects/arith/arith_eval.h"
#include "ir/operation.h"
#include "runtime/checks.h"
#include "runtime/cuda.h"
#include "runtime/tensor.h"

/* What a slot holds. Scalars keep their type as (kind, width), all that
 * vtc_arith_eval reads, so steps can evaluate without the context. */
typedef struct cplan_slot {
  bool is_buffer;
  int32_t type_kind;  /* scalar: vtc_type kind */
  uint32_t type_width;
  int dtype;          /* vtc_dtype of the buffer's element or the scalar, -1 if none */
  size_t elem_bytes;  /* buffer: bytes per element (i1: 1) */
  unsigned rank;
  int64_t dims[VTC_MAX_RANK]; /* buffer: static dims, VTC_DYNAMIC for `?` */
  char *type;         /* for the plan text: "buffer<?x8xf32>", "index" (owned) */
} cplan_slot;

typedef enum cplan_step_kind {
  CPLAN_CONST,  /* dst = value */
  CPLAN_ARITH,  /* dst = code(operands) under vtc_arith_eval RUN */
  CPLAN_DIM,    /* dst = dims[imm] of operand 0 */
  CPLAN_ALLOC,  /* dst = a new device buffer; operands: the dynamic dims */
  CPLAN_FREE,   /* operand 0 back to the allocator */
  CPLAN_LAUNCH, /* kernel imm on operand 0 groups; args[first_arg..] */
  CPLAN_ASSERT, /* gir.assert: relation `code` on operands 0 and 1, else site imm fails with the operands */
  CPLAN_SWITCH, /* gir.switch: on operand 0, go to the step of the equal case value (plan->cases
                   [first_arg .. first_arg + num_args) pairs value, step), else to step imm */
  CPLAN_JUMP,   /* go to step imm (the end of a gir.switch region) */
  CPLAN_COPY,   /* dst = operand 0 (a region's yield into the switch's result) */
  CPLAN_MEMO,   /* memo `code`: when operands equal the last run's keys, dst = the last result and go to
                   step imm (past the MEMO_END); else go on (the pure steps that compute dst) */
  CPLAN_MEMO_END, /* memo `code` records operand 0 as the result for the keys of step imm (its MEMO) */
  CPLAN_NUM_STEP_KINDS
} cplan_step_kind;

/* How one kernel parameter is passed (gir_to_llvm.h, "The GPU mapping"). */
typedef enum cplan_arg_kind {
  CPLAN_ARG_PTR,  /* a buffer's 8-byte device address */
  CPLAN_ARG_DIM,  /* one of its dynamic dims, int64 */
  CPLAN_ARG_I8,   /* i1 (0/1) and i8 */
  CPLAN_ARG_I16,
  CPLAN_ARG_I32,
  CPLAN_ARG_I64,  /* i64 and index */
  CPLAN_ARG_F16,  /* bits */
  CPLAN_ARG_BF16, /* bits */
  CPLAN_ARG_F32,
  CPLAN_ARG_F64,
  CPLAN_NUM_ARG_KINDS
} cplan_arg_kind;

typedef struct cplan_arg {
  cplan_arg_kind kind;
  int slot;
  unsigned dim; /* CPLAN_ARG_DIM */
  bool written; /* CPLAN_ARG_PTR: the kernel may write the buffer (vtc_gir_kernel_written_params) */
} cplan_arg;

typedef struct cplan_step {
  cplan_step_kind kind;
  int dst;                     /* result slot, -1 for none */
  unsigned first, count;       /* operand slots: plan->operands[first .. first + count) */
  int64_t imm;                 /* DIM: the dim; ARITH: the predicate; LAUNCH: the kernel */
  int code;                    /* ARITH: vtc_arith_opcode */
  vtc_arith_scalar value;      /* CONST */
  unsigned first_arg, num_args; /* LAUNCH: plan->args[first_arg .. first_arg + num_args) */
  bool check_after;            /* LAUNCH: read the kernel's check record right after (launched again later) */
  char *where;                 /* "file:line:col: 'gir.alloc'" for run-time errors (owned) */
} cplan_step;

typedef struct cplan_kernel {
  char *name;
  int64_t group_size;     /* warps per block */
  unsigned record;        /* its check record in the module's table (gir_to_llvm.h), 0: none */
  vtc_cuda_function fn;   /* set when the program is loaded */
  int64_t dynamic_shared; /* bytes of dynamic shared memory per launch (gir_to_llvm.h), 0: none */
  char *where;            /* "file:line:col: 'gir.kernel'", for errors at load (owned) */
  char *loc;              /* "file:line:col" of the gir.kernel, NULL without one (owned) */
  /* Per parameter: the kernel may write memory through it
   * (vtc_gir_kernel_written_params; owned, num_params entries). */
  bool *written;
  unsigned num_params;
  /* Device barriers (gir_to_llvm.h, "Device barriers"): how many, the
   * segments of a sound phase split (0: none) and why not (static), and,
   * once loaded, the most blocks that can be resident at once (0: never
   * cooperative) and whether the fallback has warned. */
  unsigned device_barriers, device_phases;
  const char *no_split;
  int64_t max_resident_blocks;
  bool warned_split;
} cplan_kernel;

/* A memoised selection (cplan_compile's last phase): the pure arith that
 * computes a gir.switch's selector from a few slots (Vortex's model of the
 * bound sizes) runs only when those slots changed since the last run. The
 * one mutable part of a plan: runs of one program are not concurrent. */
#define CPLAN_MEMO_MAX_KEYS 8
typedef struct cplan_memo {
  bool valid;
  unsigned num_keys;
  vtc_arith_scalar keys[CPLAN_MEMO_MAX_KEYS];
  vtc_arith_scalar result;
} cplan_memo;

/* Owns every array and string in it. */
typedef struct cplan {
  char *entry;
  VTC_VEC(cplan_slot) slots;
  VTC_VEC(cplan_step) steps;
  VTC_VEC(int) operands;
  VTC_VEC(cplan_arg) args;
  VTC_VEC(cplan_kernel) kernels;
  VTC_VEC(int64_t) cases; /* CPLAN_SWITCH tables: case value, target step, ... */
  VTC_VEC(cplan_memo) memos;
  VTC_VEC(int) inputs;  /* the slot of each entry argument */
  VTC_VEC(int) results; /* the slot of each value the entry returns */
  unsigned max_args;    /* most parameters of one launch */
  vtc_check_table checks; /* the module's check sites (runtime/checks.h) */
} cplan;

/* Compiles host function `func` into a zeroed *plan. On failure, returns
 * false after located error diagnostics (the plan may be partly filled:
 * free it). */
bool cplan_compile(cplan *plan, vtc_op *func);
void cplan_free(cplan *plan);
/* The step to run after control step s (CPLAN_SWITCH on selector value
 * `selector`, or CPLAN_JUMP); host plans branch only forward. */
size_t cplan_branch_target(const cplan *plan, const cplan_step *s, int64_t selector);
/* CPLAN_MEMO: true when keys[0..s->count) (the operands' values) are the
 * memo's last keys; *result is then its result. */
bool cplan_memo_lookup(const cplan *plan, const cplan_step *s, const vtc_arith_scalar *keys,
                       vtc_arith_scalar *result);
/* CPLAN_MEMO_END: records `result` for the keys of its MEMO step. */
void cplan_memo_store(cplan *plan, const cplan_step *end, const vtc_arith_scalar *keys, vtc_arith_scalar result);
/* vtc_cuda_program_plan_text's listing (malloc'd). */
char *cplan_text(const cplan *plan);

#endif
