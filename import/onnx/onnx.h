/* ONNX import: an ONNX model file (a serialized onnx.ModelProto, parsed by
 * protobuf-c from Debian's onnx.proto) becomes a builtin.module holding one
 * func.func of graph ops.
 *
 * Why import/onnx/ and not lowering/onnx-to-graph/: MLIR keeps conversions
 * between dialects (passes on IR, `--convert-x-to-y`) apart from
 * translations of external formats into IR (`mlir-translate --import-llvm`,
 * which live beside the other translations, not among the conversions).
 * An ONNX file is not a dialect vtc has, and the import is not a pass: it
 * makes the module that passes later run on. So it sits in import/, and
 * the tools reach it as `vtc-translate --import-onnx` and by the `.onnx`
 * extension in vtc-opt and vtc-run.
 *
 * What it maps: graph inputs (each ONNX `dim_param` or unknown dim is `?`)
 * and outputs, initializers (as constants; large ones as dense_resource
 * blobs, ir/resources.h, or as trailing function arguments with
 * weights_as_args), nodes of the default domain at opset 1 to 18, each op
 * from the ONNX version whose semantics the importer implements (attributes
 * that later versions moved to inputs are read from either place), and
 * every computation on constants (Shape, Gather on shapes,
 * ConstantOfShape, Range, Cast of constants, ...) folded at import through
 * the graph reference interpreter, so exported graphs come out with static
 * shapes where the model has them. */
#ifndef VTC_IMPORT_ONNX_ONNX_H
#define VTC_IMPORT_ONNX_ONNX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "runtime/tensor.h"

typedef struct vtc_onnx_options {
  /* Initializers become function arguments after the graph inputs (in
   * initializer order, `onnx.name` giving each one's name), for users who
   * feed their own weights. */
  bool weights_as_args;
  /* Constants of more elements than this are dense_resource blobs, the
   * rest inline dense<...> (default 16). */
  int64_t inline_limit;
  /* Results of computations on constants with at most this many elements
   * are folded at import (default 1 << 20). */
  int64_t fold_limit;
  const char *func_name; /* default "main" */
  /* Known values of the graph inputs (the function's arguments, in order;
   * NULL entries unknown), for the ops whose shape-like inputs graph keeps
   * as attributes (Reshape's shape, Slice's starts, ...): where such an
   * input is a graph input with a known value, the importer reads that
   * value as a constant (the argument stays, for its other uses). The ONNX
   * backend tests feed shapes and axes as inputs this way. */
  const vtc_tensor *const *input_values;
  unsigned num_input_values;
} vtc_onnx_options;

vtc_onnx_options vtc_onnx_default_options(void);

/* Why an import failed. Unsupported means a valid model that uses what vtc
 * does not import (an op, an element type, an attribute value, an opset);
 * the conformance runner counts those apart from failures. */
typedef enum vtc_onnx_status {
  VTC_ONNX_OK,
  VTC_ONNX_UNSUPPORTED,
  VTC_ONNX_ERROR, /* a malformed model, or an error while building the graph */
} vtc_onnx_status;

/* Imports the model in data[0..len) (`path` names it in locations and
 * diagnostics: `model.onnx: error: node 'Conv_0' (Conv, opset 17): ...`).
 * Returns the module (the caller destroys it), or NULL after one located
 * error diagnostic; *status (may be NULL) says which kind of failure. The
 * import steals nothing from data, which the caller keeps or frees. opts
 * may be NULL (defaults). */
vtc_op *vtc_onnx_import(vtc_context *ctx, const char *path, const void *data, size_t len,
                        const vtc_onnx_options *opts, vtc_onnx_status *status);
/* Reads and imports a file. */
vtc_op *vtc_onnx_import_file(vtc_context *ctx, const char *path, const vtc_onnx_options *opts,
                             vtc_onnx_status *status);

/* Whether a path names an ONNX model (by its `.onnx` extension). */
bool vtc_onnx_is_model_path(const char *path);

/* A serialized onnx.TensorProto (the .pb files of the ONNX backend tests)
 * as a runtime tensor, into the empty *out. Returns 0, or -1 with a message
 * in err (-2 when the tensor is well formed but of an element type, rank or
 * storage vtc does not support). When name is non-NULL it gets the
 * tensor's name (heap, or NULL). */
int vtc_onnx_load_tensor(const char *path, vtc_tensor *out, char **name, char *err, size_t errlen);

#endif
