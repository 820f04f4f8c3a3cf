/* Calling JIT'd entry points whose signature is known only at run time
 * (libvtcrt), through libffi: describe the argument and return kinds once,
 * prepare the call interface once, call many times. */
#ifndef VTC_RUNTIME_FFI_CALL_H
#define VTC_RUNTIME_FFI_CALL_H

#include <stdint.h>

typedef enum vtc_ffi_kind {
  VTC_FFI_VOID, /* return kind only */
  VTC_FFI_PTR,
  VTC_FFI_I32,
  VTC_FFI_I64,
  VTC_FFI_F32,
  VTC_FFI_F64,
} vtc_ffi_kind;

/* One argument or return value. */
typedef struct vtc_ffi_value {
  vtc_ffi_kind kind;
  union {
    void *ptr;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
  } as;
} vtc_ffi_value;

/* A prepared signature (owns its libffi cif and type arrays). Immutable after
 * creation, so one signature may be used by several threads at once. */
typedef struct vtc_ffi_sig vtc_ffi_sig;

/* Returns NULL with *error set (malloc'd, free() it; error may be NULL) for a
 * bad kind (VOID as an argument) or if libffi refuses the signature. */
vtc_ffi_sig *vtc_ffi_sig_create(vtc_ffi_kind ret, const vtc_ffi_kind *args, int num_args,
                                char **error);
void vtc_ffi_sig_destroy(vtc_ffi_sig *sig);
int vtc_ffi_sig_num_args(const vtc_ffi_sig *sig);
vtc_ffi_kind vtc_ffi_sig_arg(const vtc_ffi_sig *sig, int i);
vtc_ffi_kind vtc_ffi_sig_ret(const vtc_ffi_sig *sig);

/* Calls fn with args[0..num_args) (their kinds must match the signature:
 * returns -1 with *error set otherwise) and stores the result in *ret (may be
 * NULL; ret->kind is set to the return kind). */
int vtc_ffi_call(const vtc_ffi_sig *sig, void *fn, const vtc_ffi_value *args, vtc_ffi_value *ret,
                 char **error);

/* The kind's name ("ptr", "i32", ...), for messages. */
const char *vtc_ffi_kind_name(vtc_ffi_kind kind);

#endif
