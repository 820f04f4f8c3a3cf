/* Private to dialects/gir: helpers shared by the op files, and the verify,
 * print and parse functions that the op table (ops.c) points at. */
#ifndef VTC_DIALECTS_GIR_GIR_IMPL_H
#define VTC_DIALECTS_GIR_GIR_IMPL_H

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "ir/asm.h"
#include "ir/diagnostics.h"

/* Errors naming a type: `%T` is not available, so types are formatted here
 * (heap strings freed by the helper). */
bool gir_type_error(vtc_op *op, const char *fmt, const vtc_type *a, const vtc_type *b);

/* The op must be (or must not be) inside a gir.kernel; emits the error. */
bool gir_require_kernel(vtc_op *op);
/* Windowed views (`from(...)`) feed plain loads and stores only: false
 * with an error when v is one and `what` (a fragment, async or atomic
 * access) cannot mask below the window. */
bool gir_reject_window(vtc_op *op, vtc_value *v, const char *what);
bool gir_require_host(vtc_op *op);

/* Decoding of operand and result types, emitting `what must be ...` errors. */
bool gir_slice_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_slice_info *s);
bool gir_register_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_slice_info *s);
bool gir_buffer_of(vtc_op *op, const vtc_type *t, const char *what, vtc_gir_buffer_info *b);
/* The string attribute's value, or NULL. */
const char *gir_str_attr(const vtc_op *op, const char *name);
/* The constant value of an index computed by arith.constant, if it is one. */
bool gir_constant_index(const vtc_value *v, int64_t *out);

/* Fallback custom form for ops whose accessors' assumptions fail (IR dumps
 * after a failing pass): never a crash. */
/* `: t0, t1, ...` of the operands. */
void gir_print_operand_types(vtc_printer *p, vtc_op *op, unsigned from);
/* A keyword; *loc is where it starts (for "unknown ..." errors). */
bool gir_parse_word(vtc_parser *p, const char **word, const vtc_loc **loc);

/* ops_memory.c */
bool gir_verify_view(vtc_op *op);
void gir_print_view(vtc_printer *p, vtc_op *op);
bool gir_parse_view(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_copy(vtc_op *op);
void gir_print_copy(vtc_printer *p, vtc_op *op);
bool gir_parse_copy(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_sync(vtc_op *op);
void gir_print_sync(vtc_printer *p, vtc_op *op);
bool gir_parse_sync(vtc_parser *p, vtc_parse_state *st);

/* ops_async.c */
bool gir_verify_copy_async(vtc_op *op);
void gir_print_copy_async(vtc_printer *p, vtc_op *op);
bool gir_parse_copy_async(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_async_commit(vtc_op *op);
void gir_print_async_commit(vtc_printer *p, vtc_op *op);
bool gir_parse_async_commit(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_async_wait(vtc_op *op);
void gir_print_async_wait(vtc_printer *p, vtc_op *op);
bool gir_parse_async_wait(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_wgmma(vtc_op *op);
void gir_print_wgmma(vtc_printer *p, vtc_op *op);
bool gir_parse_wgmma(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_assume_multiple(vtc_op *op);
void gir_print_assume_multiple(vtc_printer *p, vtc_op *op);
bool gir_parse_assume_multiple(vtc_parser *p, vtc_parse_state *st);

/* ops_compute.c */
bool gir_verify_elementwise(vtc_op *op);
void gir_print_elementwise(vtc_printer *p, vtc_op *op);
bool gir_parse_elementwise(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_yield(vtc_op *op);
void gir_print_yield(vtc_printer *p, vtc_op *op);
bool gir_parse_yield(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_reduce(vtc_op *op);
void gir_print_reduce(vtc_printer *p, vtc_op *op);
bool gir_parse_reduce(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_broadcast(vtc_op *op);
void gir_print_broadcast(vtc_printer *p, vtc_op *op);
bool gir_parse_broadcast(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_mma(vtc_op *op);
void gir_print_mma(vtc_printer *p, vtc_op *op);
bool gir_parse_mma(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_extract(vtc_op *op);
/* ops_prefetch.c */
bool gir_verify_prefetch(vtc_op *op);
void gir_print_prefetch(vtc_printer *p, vtc_op *op);
bool gir_parse_prefetch(vtc_parser *p, vtc_parse_state *st);
/* sync_uniform.c: block and device barriers outside gir.id-dependent loops. */
bool gir_verify_barrier_uniformity(vtc_op *kernel);

/* ops_atomic.c */
bool gir_verify_atomic(vtc_op *op);
void gir_print_atomic(vtc_printer *p, vtc_op *op);
bool gir_parse_atomic(vtc_parser *p, vtc_parse_state *st);

/* ops_transpose.c */
bool gir_verify_transpose(vtc_op *op);
void gir_print_transpose(vtc_printer *p, vtc_op *op);
bool gir_parse_transpose(vtc_parser *p, vtc_parse_state *st);
void gir_print_extract(vtc_printer *p, vtc_op *op);
bool gir_parse_extract(vtc_parser *p, vtc_parse_state *st);
bool gir_verify_for(vtc_op *op);
void gir_print_for(vtc_printer *p, vtc_op *op);
bool gir_parse_for(vtc_parser *p, vtc_parse_state *st);

/* ops_switch.c */
bool gir_verify_switch(vtc_op *op);
void gir_print_switch(vtc_printer *p, vtc_op *op);
bool gir_parse_switch(vtc_parser *p, vtc_parse_state *st);

#endif
