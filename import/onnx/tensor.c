/* ONNX tensors: element types (TensorProto.DataType) and the decoding of a
 * TensorProto (raw_data, or the typed repeated fields) into a runtime
 * tensor, with every size checked against the dims; and the .pb tensor
 * files of the ONNX backend tests. A raw_data payload can be taken over
 * without a copy: protobuf-c allocates it with malloc, as vtc_tensor's data
 * is, so the tensor (and later a resource blob) can own it. */
#include <stdlib.h>
#include <string.h>

#include "import/onnx/onnx_impl.h"

/* TensorProto.DataType, by number. */
static const char *const kTypeNames[] = {
    "UNDEFINED", "FLOAT",  "UINT8",  "INT8",   "UINT16",    "INT16",      "INT32",   "INT64",  "STRING",
    "BOOL",      "FLOAT16", "DOUBLE", "UINT32", "UINT64",   "COMPLEX64",  "COMPLEX128", "BFLOAT16",
};

const char *oi_type_name(int32_t t) {
  if (t >= 0 && (size_t)t < sizeof kTypeNames / sizeof *kTypeNames) return kTypeNames[t];
  return "an unknown type";
}

/* The element types with a graph counterpart. */
static const struct {
  int32_t onnx;
  vtc_dtype dtype;
} kTypes[] = {
    {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, VTC_F32},     {ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE, VTC_F64},
    {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16, VTC_F16},   {ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16, VTC_BF16},
    {ONNX__TENSOR_PROTO__DATA_TYPE__INT32, VTC_I32},     {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, VTC_I64},
    {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, VTC_I1},
};

static const vtc_type *type_of_dtype(vtc_context *ctx, vtc_dtype d) {
  switch (d) {
  case VTC_F32: return vtc_type_f32(ctx);
  case VTC_F64: return vtc_type_f64(ctx);
  case VTC_F16: return vtc_type_f16(ctx);
  case VTC_BF16: return vtc_type_bf16(ctx);
  case VTC_I32: return vtc_type_integer(ctx, 32);
  case VTC_I64: return vtc_type_integer(ctx, 64);
  case VTC_I1: return vtc_type_integer(ctx, 1);
  default: return NULL;
  }
}

bool oi_element_type(vtc_context *ctx, int32_t onnx_type, const vtc_type **el, vtc_dtype *dtype) {
  for (size_t i = 0; i < sizeof kTypes / sizeof *kTypes; i++) {
    if (kTypes[i].onnx != onnx_type) continue;
    if (dtype) *dtype = kTypes[i].dtype;
    if (el && ctx) *el = type_of_dtype(ctx, kTypes[i].dtype);
    return true;
  }
  return false;
}

/* The number of elements in the typed repeated field of tp's type. */
static uint64_t from_typed_count(const Onnx__TensorProto *tp) {
  switch (tp->data_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return tp->n_float_data;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return tp->n_double_data;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: return tp->n_int64_data;
  default: return tp->n_int32_data; /* INT32, BOOL, FLOAT16, BFLOAT16 */
  }
}

/* Copies the typed repeated field that holds tp's elements (its count
 * checked already). */
static int from_typed_fields(const Onnx__TensorProto *tp, vtc_tensor *t, int64_t n, char *err, size_t errlen) {
  (void)err;
  (void)errlen;
  for (int64_t i = 0; i < n; i++) {
    void *p = vtc_tensor_elem(t, i);
    switch (tp->data_type) {
    case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: memcpy(p, &tp->float_data[i], 4); break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: memcpy(p, &tp->double_data[i], 8); break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: memcpy(p, &tp->int64_data[i], 8); break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: memcpy(p, &tp->int32_data[i], 4); break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: *(uint8_t *)p = tp->int32_data[i] != 0; break;
    default: { /* FLOAT16 and BFLOAT16: the 16 bits in the low half */
      uint16_t h = (uint16_t)tp->int32_data[i];
      memcpy(p, &h, 2);
    }
    }
  }
  return 0;
}

int oi_tensor_from_proto(Onnx__TensorProto *tp, bool steal, vtc_tensor *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  const char *name = tp->name ? tp->name : "";
  vtc_dtype d;
  if (!oi_element_type(NULL, tp->data_type, NULL, &d))
    return vtc_errorf(err, errlen, "tensor '%s' has element type %s, which vtc does not support", name,
                      oi_type_name(tp->data_type)), -2;
  if (tp->n_external_data || (tp->has_data_location && tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL))
    return vtc_errorf(err, errlen, "tensor '%s' keeps its data in an external file, which vtc does not read", name), -2;
  if (tp->n_dims > VTC_MAX_RANK)
    return vtc_errorf(err, errlen, "tensor '%s' has rank %zu, more than %d", name, tp->n_dims, VTC_MAX_RANK), -2;
  int64_t dims[VTC_MAX_RANK];
  for (size_t i = 0; i < tp->n_dims; i++) {
    if (tp->dims[i] < 0)
      return vtc_errorf(err, errlen, "tensor '%s' has a negative dimension %lld", name, (long long)tp->dims[i]);
    dims[i] = tp->dims[i];
  }
  size_t esize = vtc_dtype_size(d);
  /* Sized before anything is allocated: data shorter than the dims claim is
   * a malformed tensor, not a reason to allocate what they claim. */
  int64_t n = 1;
  for (size_t i = 0; i < tp->n_dims; i++) {
    if (dims[i] && n > INT64_MAX / dims[i])
      return vtc_errorf(err, errlen, "tensor '%s' has more elements than fit in 64 bits", name);
    n *= dims[i];
  }
  if (!tp->has_raw_data && from_typed_count(tp) != (uint64_t)n)
    return vtc_errorf(err, errlen, "tensor '%s' has %llu elements of data, but its dims give %lld", name,
                      (unsigned long long)from_typed_count(tp), (long long)n);
  if (tp->has_raw_data) {
    if ((uint64_t)n > SIZE_MAX / esize || tp->raw_data.len != (size_t)n * esize)
      return vtc_errorf(err, errlen, "tensor '%s' holds %zu bytes of data, but %lld elements of %s need %llu", name,
                        tp->raw_data.len, (long long)n, oi_type_name(tp->data_type),
                        (unsigned long long)((uint64_t)n * esize));
    if (steal && tp->raw_data.len && d != VTC_I1) {
      out->dtype = d;
      out->rank = (int)tp->n_dims;
      memcpy(out->dims, dims, tp->n_dims * sizeof *dims);
      out->data = tp->raw_data.data;
      tp->raw_data.data = NULL;
      tp->raw_data.len = 0;
      tp->has_raw_data = false;
      return 0;
    }
  }
  if (vtc_tensor_create(out, d, (int)tp->n_dims, dims, err, errlen)) return -1;
  if (!tp->has_raw_data) {
    if (from_typed_fields(tp, out, n, err, errlen)) {
      vtc_tensor_free(out);
      return -1;
    }
    return 0;
  }
  if (n) memcpy(out->data, tp->raw_data.data, (size_t)n * esize);
  if (d == VTC_I1) /* one byte per element; anything nonzero is true */
    for (int64_t i = 0; i < n; i++) ((uint8_t *)out->data)[i] = ((uint8_t *)out->data)[i] != 0;
  return 0;
}

/* Returns -2 (with the message) for a tensor vtc does not support. */
int vtc_onnx_load_tensor(const char *path, vtc_tensor *out, char **name, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  if (name) *name = NULL;
  size_t len;
  char *buf = vtc_read_file(path, &len);
  if (!buf) return vtc_errorf(err, errlen, "cannot read '%s'", path);
  Onnx__TensorProto *tp = onnx__tensor_proto__unpack(NULL, len, (const uint8_t *)buf);
  free(buf);
  if (!tp) return vtc_errorf(err, errlen, "'%s' is not a serialized onnx.TensorProto (truncated?)", path);
  char msg[512];
  int rc = oi_tensor_from_proto(tp, true, out, msg, sizeof msg);
  if (rc) vtc_errorf(err, errlen, "%s: %s", path, msg);
  else if (name && tp->name) *name = vtc_xstrdup(tp->name);
  onnx__tensor_proto__free_unpacked(tp, NULL);
  return rc;
}
