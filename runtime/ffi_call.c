/* libffi calls for the runtime: a vtc_ffi_sig owns one prepared ffi_cif and
 * its type array; a call only builds the argument pointer array. */
#include "ir/support.h"
#include "runtime/ffi_call.h"

#include <ffi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vtc_ffi_sig {
  ffi_cif cif;
  vtc_ffi_kind ret;
  int num_args;
  vtc_ffi_kind *kinds; /* num_args, owned */
  ffi_type **types;    /* num_args, owned; libffi reads it on every call */
};

static const struct { const char *name; ffi_type *type; } kind_table[] = {
  [VTC_FFI_VOID] = {"void", &ffi_type_void},
  [VTC_FFI_PTR] = {"ptr", &ffi_type_pointer},
  [VTC_FFI_I32] = {"i32", &ffi_type_sint32},
  [VTC_FFI_I64] = {"i64", &ffi_type_sint64},
  [VTC_FFI_F32] = {"f32", &ffi_type_float},
  [VTC_FFI_F64] = {"f64", &ffi_type_double},
};
enum { NUM_KINDS = sizeof kind_table / sizeof kind_table[0] };

static int valid_kind(vtc_ffi_kind k) { return (unsigned)k < NUM_KINDS; }

const char *vtc_ffi_kind_name(vtc_ffi_kind kind) {
  return valid_kind(kind) ? kind_table[kind].name : "invalid";
}

vtc_ffi_sig *vtc_ffi_sig_create(vtc_ffi_kind ret, const vtc_ffi_kind *args, int num_args,
                                char **error) {
  if (!valid_kind(ret)) {
    vtc_set_error(error, "ffi: invalid return kind %d", (int)ret);
    return NULL;
  }
  if (num_args < 0) {
    vtc_set_error(error, "ffi: negative argument count %d", num_args);
    return NULL;
  }
  for (int i = 0; i < num_args; i++) {
    if (!valid_kind(args[i]) || args[i] == VTC_FFI_VOID) {
      vtc_set_error(error, "ffi: argument %d has invalid kind '%s'", i, vtc_ffi_kind_name(args[i]));
      return NULL;
    }
  }
  vtc_ffi_sig *sig = calloc(1, sizeof *sig);
  size_t n = num_args > 0 ? (size_t)num_args : 1;
  if (sig) {
    sig->kinds = calloc(n, sizeof *sig->kinds);
    sig->types = calloc(n, sizeof *sig->types);
  }
  if (!sig || !sig->kinds || !sig->types) {
    vtc_ffi_sig_destroy(sig);
    vtc_set_error(error, "ffi: out of memory");
    return NULL;
  }
  sig->ret = ret;
  sig->num_args = num_args;
  for (int i = 0; i < num_args; i++) {
    sig->kinds[i] = args[i];
    sig->types[i] = kind_table[args[i]].type;
  }
  ffi_status st = ffi_prep_cif(&sig->cif, FFI_DEFAULT_ABI, (unsigned)num_args,
                               kind_table[ret].type, sig->types);
  if (st != FFI_OK) {
    vtc_ffi_sig_destroy(sig);
    vtc_set_error(error, "ffi: ffi_prep_cif failed (status %d)", (int)st);
    return NULL;
  }
  return sig;
}

void vtc_ffi_sig_destroy(vtc_ffi_sig *sig) {
  if (!sig) return;
  free(sig->kinds);
  free(sig->types);
  free(sig);
}

int vtc_ffi_sig_num_args(const vtc_ffi_sig *sig) { return sig->num_args; }
vtc_ffi_kind vtc_ffi_sig_arg(const vtc_ffi_sig *sig, int i) { return sig->kinds[i]; }
vtc_ffi_kind vtc_ffi_sig_ret(const vtc_ffi_sig *sig) { return sig->ret; }

int vtc_ffi_call(const vtc_ffi_sig *sig, void *fn, const vtc_ffi_value *args, vtc_ffi_value *ret,
                 char **error) {
  if (!fn) {
    vtc_set_error(error, "ffi: call through a null function pointer");
    return -1;
  }
  for (int i = 0; i < sig->num_args; i++) {
    if (args[i].kind != sig->kinds[i]) {
      vtc_set_error(error, "ffi: argument %d is '%s', the signature expects '%s'", i,
                vtc_ffi_kind_name(args[i].kind), vtc_ffi_kind_name(sig->kinds[i]));
      return -1;
    }
  }
  void *small[16];
  void **values = sig->num_args <= 16 ? small : malloc((size_t)sig->num_args * sizeof *values);
  if (!values) {
    vtc_set_error(error, "ffi: out of memory");
    return -1;
  }
  /* libffi reads the arguments through these pointers; it does not write. */
  for (int i = 0; i < sig->num_args; i++) values[i] = (void *)&args[i].as;
  /* Integer results narrower than a register come back widened to ffi_arg. */
  union {
    ffi_arg word;
    int64_t i64;
    double f64;
    float f32;
    void *ptr;
  } result;
  memset(&result, 0, sizeof result);
  ffi_call((ffi_cif *)&sig->cif, FFI_FN(fn), &result, values);
  if (values != small) free(values);
  if (ret) {
    memset(ret, 0, sizeof *ret);
    ret->kind = sig->ret;
    switch (sig->ret) {
    case VTC_FFI_VOID: break;
    case VTC_FFI_PTR: ret->as.ptr = result.ptr; break;
    case VTC_FFI_I32: ret->as.i32 = (int32_t)result.word; break;
    case VTC_FFI_I64: ret->as.i64 = result.i64; break;
    case VTC_FFI_F32: ret->as.f32 = result.f32; break;
    case VTC_FFI_F64: ret->as.f64 = result.f64; break;
    }
  }
  return 0;
}
