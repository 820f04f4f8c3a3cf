/* Runs one graph reference kernel on .npy inputs and writes its outputs as
 * .npy, so that test_kernels.py can compare it with numpy:
 *   kernel_driver OP [NAME=VALUE...] IN.npy... -o OUT.npy [-o OUT2.npy...]
 * Integer lists are comma-separated ("pads=1,1,0,0"; "axes=" is empty).
 * Exit status: 0 success, 1 kernel or .npy error, 2 usage error. */
#include "dialects/graph/kernels.h"
#include "runtime/npy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ATTRS = 32, MAX_INPUTS = 32, MAX_OUTPUTS = 64, MAX_LIST = 64 };

typedef struct attr {
  const char *key, *value;
  bool used;
} attr;

typedef struct job {
  const char *op;
  attr attrs[MAX_ATTRS];
  int nattrs;
  vtc_tensor in[MAX_INPUTS];
  int nin;
  const char *out_paths[MAX_OUTPUTS];
  int nout;
  vtc_tensor out[MAX_OUTPUTS];
  char err[1024];
} job;

/* ---- attributes ------------------------------------------------------------ */

static const char *attr_get(job *j, const char *key) {
  for (int i = 0; i < j->nattrs; i++)
    if (strcmp(j->attrs[i].key, key) == 0) {
      j->attrs[i].used = true;
      return j->attrs[i].value;
    }
  return NULL;
}

static int parse_int(job *j, const char *key, const char *s, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || errno) return vtc_errorf(j->err, sizeof j->err, "attribute %s: '%s' is not an integer", key, s);
  *out = v;
  return (int)(end - s);
}

static int attr_int(job *j, const char *key, int64_t dflt, int64_t *out) {
  const char *v = attr_get(j, key);
  *out = dflt;
  if (!v) return 0;
  int n = parse_int(j, key, v, out);
  if (n < 0) return -1;
  if (v[n]) return vtc_errorf(j->err, sizeof j->err, "attribute %s: trailing text in '%s'", key, v);
  return 0;
}

/* Returns 1 if present, 0 if absent, -1 on error. */
static int attr_ints(job *j, const char *key, int64_t *vals, int *n) {
  const char *v = attr_get(j, key);
  *n = 0;
  if (!v) return 0;
  while (*v) {
    if (*n == MAX_LIST) return vtc_errorf(j->err, sizeof j->err, "attribute %s: list too long", key);
    int used = parse_int(j, key, v, &vals[(*n)++]);
    if (used < 0) return -1;
    v += used;
    if (*v == ',') v++;
    else if (*v) return vtc_errorf(j->err, sizeof j->err, "attribute %s: expected ','", key);
  }
  return 1;
}

static int attr_float(job *j, const char *key, double dflt, double *out, bool *present) {
  const char *v = attr_get(j, key);
  char *end;
  *out = dflt;
  if (present) *present = v != NULL;
  if (!v) return 0;
  *out = strtod(v, &end);
  if (end == v || *end) return vtc_errorf(j->err, sizeof j->err, "attribute %s: '%s' is not a number", key, v);
  return 0;
}

static const char *attr_str(job *j, const char *key, const char *dflt) {
  const char *v = attr_get(j, key);
  return v ? v : dflt;
}

static int bad_name(job *j, const char *key, const char *value) {
  return vtc_errorf(j->err, sizeof j->err, "attribute %s: unknown value '%s'", key, value);
}

/* ---- one runner per op family ---------------------------------------------------- */

#define ERR j->err, sizeof j->err

static int run_unary(job *j) {
  vtc_unary_op op;
  vtc_unary_op_from_name(j->op, &op);
  return vtc_kernel_unary(op, &j->in[0], &j->out[0], ERR);
}

static int run_binary(job *j) {
  vtc_binary_op op;
  vtc_binary_op_from_name(j->op, &op);
  return vtc_kernel_binary(op, &j->in[0], &j->in[1], &j->out[0], ERR);
}

static int run_where(job *j) { return vtc_kernel_where(&j->in[0], &j->in[1], &j->in[2], &j->out[0], ERR); }

static int run_cast(job *j) {
  const char *to = attr_str(j, "to", "");
  vtc_dtype dt;
  if (vtc_dtype_from_name(to, &dt)) return bad_name(j, "to", to);
  return vtc_kernel_cast(&j->in[0], dt, &j->out[0], ERR);
}

static int run_matmul(job *j) { return vtc_kernel_matmul(&j->in[0], &j->in[1], &j->out[0], ERR); }

static int read_pair(job *j, const char *key, int64_t *dst, int count) {
  int64_t vals[MAX_LIST];
  int n, rc = attr_ints(j, key, vals, &n);
  if (rc <= 0) return rc;
  if (n != count) return vtc_errorf(ERR, "attribute %s: expected %d values", key, count);
  memcpy(dst, vals, sizeof(int64_t) * (size_t)count);
  return 0;
}

static int run_conv2d(job *j) {
  vtc_conv2d_attrs a = vtc_conv2d_attrs_default();
  const char *auto_pad = attr_str(j, "auto_pad", "NOTSET");
  if (attr_int(j, "group", 1, &a.group) || read_pair(j, "strides", a.strides, 2) ||
      read_pair(j, "dilations", a.dilations, 2) || read_pair(j, "pads", a.pads, 4))
    return -1;
  if (vtc_auto_pad_from_name(auto_pad, &a.auto_pad)) return bad_name(j, "auto_pad", auto_pad);
  return vtc_kernel_conv2d(&j->in[0], &j->in[1], j->nin > 2 ? &j->in[2] : NULL, &a, &j->out[0], ERR);
}

static int run_softmax(job *j) {
  int64_t axis;
  if (attr_int(j, "axis", -1, &axis)) return -1;
  return vtc_kernel_softmax(&j->in[0], axis, &j->out[0], ERR);
}

static int read_norm(job *j, vtc_norm_attrs *a) {
  return attr_int(j, "axis", -1, &a->axis) || attr_float(j, "epsilon", 1e-5, &a->epsilon, NULL) ? -1 : 0;
}

static int run_layer_norm(job *j) {
  vtc_norm_attrs a;
  if (read_norm(j, &a)) return -1;
  return vtc_kernel_layer_norm(&j->in[0], &j->in[1], j->nin > 2 ? &j->in[2] : NULL, &a, &j->out[0], ERR);
}

static int run_rms_norm(job *j) {
  vtc_norm_attrs a;
  if (read_norm(j, &a)) return -1;
  return vtc_kernel_rms_norm(&j->in[0], &j->in[1], &a, &j->out[0], ERR);
}

static int run_reduce(job *j) {
  vtc_reduce_op op;
  vtc_reduce_op_from_name(j->op + strlen("reduce_"), &op);
  int64_t axes[MAX_LIST], keepdims, noop;
  int n;
  if (attr_ints(j, "axes", axes, &n) < 0 || attr_int(j, "keepdims", 1, &keepdims) ||
      attr_int(j, "noop_with_empty_axes", 0, &noop))
    return -1;
  vtc_reduce_attrs a = {.naxes = n, .axes = axes, .keepdims = keepdims != 0, .noop_with_empty_axes = noop != 0};
  return vtc_kernel_reduce(op, &j->in[0], &a, &j->out[0], ERR);
}

static int run_attention(job *j) {
  int64_t causal;
  vtc_attention_attrs a = {0};
  if (attr_int(j, "causal", 0, &causal) || attr_float(j, "scale", 0, &a.scale, &a.has_scale)) return -1;
  a.causal = causal != 0;
  return vtc_kernel_attention(&j->in[0], &j->in[1], &j->in[2], &a, &j->out[0], ERR);
}

static int run_identity(job *j) { return vtc_kernel_identity(&j->in[0], &j->out[0], ERR); }

static int run_reshape(job *j) {
  int64_t shape[MAX_LIST], allowzero;
  int n;
  if (attr_ints(j, "shape", shape, &n) < 0 || attr_int(j, "allowzero", 0, &allowzero)) return -1;
  return vtc_kernel_reshape(&j->in[0], n, shape, allowzero != 0, &j->out[0], ERR);
}

static int run_transpose(job *j) {
  int64_t perm[MAX_LIST];
  int n, rc = attr_ints(j, "perm", perm, &n);
  if (rc < 0) return -1;
  return vtc_kernel_transpose(&j->in[0], n, rc ? perm : NULL, &j->out[0], ERR);
}

static int run_squeeze(job *j) {
  int64_t axes[MAX_LIST];
  int n, rc = attr_ints(j, "axes", axes, &n);
  if (rc < 0) return -1;
  return vtc_kernel_squeeze(&j->in[0], n, rc ? axes : NULL, &j->out[0], ERR);
}

static int run_unsqueeze(job *j) {
  int64_t axes[MAX_LIST];
  int n;
  if (attr_ints(j, "axes", axes, &n) < 0) return -1;
  return vtc_kernel_unsqueeze(&j->in[0], n, axes, &j->out[0], ERR);
}

static int run_flatten(job *j) {
  int64_t axis;
  if (attr_int(j, "axis", 1, &axis)) return -1;
  return vtc_kernel_flatten(&j->in[0], axis, &j->out[0], ERR);
}

static int run_expand(job *j) {
  int64_t shape[MAX_LIST];
  int n;
  if (attr_ints(j, "shape", shape, &n) < 0) return -1;
  return vtc_kernel_expand(&j->in[0], n, shape, &j->out[0], ERR);
}

static int run_tile(job *j) {
  int64_t repeats[MAX_LIST];
  int n;
  if (attr_ints(j, "repeats", repeats, &n) < 0) return -1;
  return vtc_kernel_tile(&j->in[0], n, repeats, &j->out[0], ERR);
}

static int run_depth_to_space(job *j) {
  int64_t b;
  const char *mode = attr_str(j, "mode", "DCR");
  vtc_d2s_mode m;
  if (attr_int(j, "blocksize", 0, &b)) return -1;
  if (vtc_d2s_mode_from_name(mode, &m)) return bad_name(j, "mode", mode);
  return vtc_kernel_depth_to_space(&j->in[0], b, m, &j->out[0], ERR);
}

static int run_space_to_depth(job *j) {
  int64_t b;
  if (attr_int(j, "blocksize", 0, &b)) return -1;
  return vtc_kernel_space_to_depth(&j->in[0], b, &j->out[0], ERR);
}

static int run_split(job *j) {
  int64_t axis, sizes[MAX_LIST];
  int n, rc = attr_ints(j, "split", sizes, &n);
  if (rc < 0 || attr_int(j, "axis", 0, &axis)) return -1;
  if (rc && n != j->nout) return vtc_errorf(ERR, "split has %d sizes for %d outputs", n, j->nout);
  return vtc_kernel_split(&j->in[0], axis, j->nout, rc ? sizes : NULL, j->out, ERR);
}

static int run_concat(job *j) {
  int64_t axis;
  const vtc_tensor *ins[MAX_INPUTS];
  if (attr_int(j, "axis", 0, &axis)) return -1;
  for (int i = 0; i < j->nin; i++) ins[i] = &j->in[i];
  return vtc_kernel_concat(j->nin, ins, axis, &j->out[0], ERR);
}

static int run_slice(job *j) {
  int64_t starts[MAX_LIST], ends[MAX_LIST], axes[MAX_LIST], steps[MAX_LIST];
  int ns, ne, na, nst;
  int has_axes = attr_ints(j, "axes", axes, &na), has_steps = attr_ints(j, "steps", steps, &nst);
  if (attr_ints(j, "starts", starts, &ns) < 0 || attr_ints(j, "ends", ends, &ne) < 0 || has_axes < 0 ||
      has_steps < 0)
    return -1;
  if (ne != ns || (has_axes && na != ns) || (has_steps && nst != ns))
    return vtc_errorf(ERR, "starts, ends, axes and steps differ in length");
  vtc_slice_attrs a = {.n = ns, .starts = starts, .ends = ends, .axes = has_axes ? axes : NULL,
                       .steps = has_steps ? steps : NULL};
  return vtc_kernel_slice(&j->in[0], &a, &j->out[0], ERR);
}

static int run_gather(job *j) {
  int64_t axis;
  if (attr_int(j, "axis", 0, &axis)) return -1;
  return vtc_kernel_gather(&j->in[0], &j->in[1], axis, &j->out[0], ERR);
}

static int run_scatter_nd(job *j) {
  const char *name = attr_str(j, "reduction", "none");
  vtc_scatter_reduction r;
  if (vtc_scatter_reduction_from_name(name, &r)) return bad_name(j, "reduction", name);
  return vtc_kernel_scatter_nd(&j->in[0], &j->in[1], &j->in[2], r, &j->out[0], ERR);
}

static int run_pad(job *j) {
  int64_t pads[MAX_LIST], axes[MAX_LIST];
  int np, na;
  const char *mode = attr_str(j, "mode", "constant");
  vtc_pad_attrs a = {0};
  int has_axes = attr_ints(j, "axes", axes, &na);
  if (attr_ints(j, "pads", pads, &np) < 0 || has_axes < 0 || attr_float(j, "value", 0, &a.value, NULL)) return -1;
  if (vtc_pad_mode_from_name(mode, &a.mode)) return bad_name(j, "mode", mode);
  a.npads = np;
  a.pads = pads;
  a.naxes = na;
  a.axes = has_axes ? axes : NULL;
  return vtc_kernel_pad(&j->in[0], &a, &j->out[0], ERR);
}

/* ---- the op table ------------------------------------------------------------------ */

typedef struct op_row {
  const char *name;
  int min_in, max_in;
  int (*run)(job *j);
  bool multi_out;
} op_row;

static const op_row OPS[] = {
    {"relu", 1, 1, run_unary, false},       {"gelu", 1, 1, run_unary, false},
    {"silu", 1, 1, run_unary, false},       {"sigmoid", 1, 1, run_unary, false},
    {"tanh", 1, 1, run_unary, false},       {"exp", 1, 1, run_unary, false},
    {"log", 1, 1, run_unary, false},        {"sqrt", 1, 1, run_unary, false},
    {"rsqrt", 1, 1, run_unary, false},      {"erf", 1, 1, run_unary, false},
    {"neg", 1, 1, run_unary, false},        {"abs", 1, 1, run_unary, false},
    {"add", 2, 2, run_binary, false},       {"sub", 2, 2, run_binary, false},
    {"mul", 2, 2, run_binary, false},       {"div", 2, 2, run_binary, false},
    {"pow", 2, 2, run_binary, false},       {"max", 2, 2, run_binary, false},
    {"min", 2, 2, run_binary, false},       {"where", 3, 3, run_where, false},
    {"cast", 1, 1, run_cast, false},        {"matmul", 2, 2, run_matmul, false},
    {"conv2d", 2, 3, run_conv2d, false},    {"softmax", 1, 1, run_softmax, false},
    {"layer_norm", 2, 3, run_layer_norm, false}, {"rms_norm", 2, 2, run_rms_norm, false},
    {"reduce_sum", 1, 1, run_reduce, false}, {"reduce_mean", 1, 1, run_reduce, false},
    {"reduce_max", 1, 1, run_reduce, false}, {"reduce_min", 1, 1, run_reduce, false},
    {"attention", 3, 3, run_attention, false}, {"identity", 1, 1, run_identity, false},
    {"reshape", 1, 1, run_reshape, false},  {"transpose", 1, 1, run_transpose, false},
    {"squeeze", 1, 1, run_squeeze, false},  {"unsqueeze", 1, 1, run_unsqueeze, false},
    {"flatten", 1, 1, run_flatten, false},  {"expand", 1, 1, run_expand, false},
    {"tile", 1, 1, run_tile, false},        {"depth_to_space", 1, 1, run_depth_to_space, false},
    {"space_to_depth", 1, 1, run_space_to_depth, false}, {"split", 1, 1, run_split, true},
    {"concat", 1, MAX_INPUTS, run_concat, false}, {"slice", 1, 1, run_slice, false},
    {"gather", 2, 2, run_gather, false},    {"scatter_nd", 3, 3, run_scatter_nd, false},
    {"pad", 1, 1, run_pad, false},
};

static const op_row *find_op(const char *name) {
  for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++)
    if (strcmp(OPS[i].name, name) == 0) return &OPS[i];
  return NULL;
}

/* ---- main ---------------------------------------------------------------------------- */

static int usage(const char *msg) {
  fprintf(stderr, "kernel_driver: %s\nusage: kernel_driver OP [NAME=VALUE...] IN.npy... -o OUT.npy...\n", msg);
  return 2;
}

/* Sorts argv into attributes, inputs (loaded) and output paths. */
static int parse_args(job *j, int argc, char **argv) {
  for (int i = 2; i < argc; i++) {
    char *eq = strchr(argv[i], '=');
    if (strcmp(argv[i], "-o") == 0) {
      if (i + 1 >= argc || j->nout == MAX_OUTPUTS) return usage("bad -o");
      j->out_paths[j->nout++] = argv[++i];
    } else if (eq) {
      if (j->nattrs == MAX_ATTRS) return usage("too many attributes");
      *eq = 0;
      j->attrs[j->nattrs++] = (attr){argv[i], eq + 1, false};
    } else {
      if (j->nin == MAX_INPUTS) return usage("too many inputs");
      if (vtc_npy_load(argv[i], &j->in[j->nin], ERR)) return 1;
      j->nin++;
    }
  }
  return 0;
}

static int run_job(job *j, const op_row *row) {
  if (j->nin < row->min_in || j->nin > row->max_in)
    return vtc_errorf(ERR, "%s takes %d to %d inputs, got %d", row->name, row->min_in, row->max_in, j->nin);
  if (j->nout < 1 || (!row->multi_out && j->nout != 1))
    return vtc_errorf(ERR, "%s: wrong number of outputs (%d)", row->name, j->nout);
  if (row->run(j)) return -1;
  for (int i = 0; i < j->nattrs; i++)
    if (!j->attrs[i].used) return vtc_errorf(ERR, "%s: unknown attribute '%s'", row->name, j->attrs[i].key);
  for (int i = 0; i < j->nout; i++)
    if (vtc_npy_save(j->out_paths[i], &j->out[i], ERR)) return -1;
  return 0;
}

int main(int argc, char **argv) {
  static job j;
  if (argc < 2) return usage("missing op");
  const op_row *row = find_op(argv[1]);
  if (!row) return usage("unknown op");
  j.op = argv[1];
  int rc = parse_args(&j, argc, argv);
  if (rc == 0) rc = run_job(&j, row) ? 1 : 0;
  if (rc == 1) fprintf(stderr, "kernel_driver: %s\n", j.err);
  for (int i = 0; i < j.nin; i++) vtc_tensor_free(&j.in[i]);
  for (int i = 0; i < MAX_OUTPUTS; i++) vtc_tensor_free(&j.out[i]);
  return rc;
}
