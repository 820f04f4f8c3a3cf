/* Writes the small ONNX models of the importer's lit tests into a folder,
 * built with protobuf-c's generated API (the same onnx.proto the importer
 * reads), so no binary fixture is checked in and no Python package is
 * needed: good models (element-wise ops, a dynamic dim, weights, shape
 * computations to fold, attributes that moved to inputs across opsets) and
 * the bad files the importer must reject with one located error (truncated,
 * not ONNX, an unknown op, opset 19, an initializer whose data disagrees
 * with its dims, a cycle, an input that nothing defines).
 * Usage: onnx-make-models DIR */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "onnx/onnx.pb-c.h"

/* Every allocation, freed at exit (the sanitizer runs check for leaks). */
static void **g_allocs;
static size_t g_nallocs, g_cap;

static void *alloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) abort();
  if (g_nallocs == g_cap) {
    g_cap = g_cap ? 2 * g_cap : 256;
    g_allocs = realloc(g_allocs, g_cap * sizeof *g_allocs);
    if (!g_allocs) abort();
  }
  g_allocs[g_nallocs++] = p;
  return p;
}

static void free_all(void) {
  for (size_t i = 0; i < g_nallocs; i++) free(g_allocs[i]);
  free(g_allocs);
  g_allocs = NULL;
  g_nallocs = g_cap = 0;
}

static char *str(const char *s) {
  char *p = alloc(strlen(s) + 1);
  strcpy(p, s);
  return p;
}

#define PUSH(arr, n, x)                                              \
  do {                                                               \
    void *grown = alloc(((n) + 1) * sizeof *(arr));                  \
    if (n) memcpy(grown, (arr), (n) * sizeof *(arr));                \
    (arr) = grown;                                                   \
    (arr)[(n)++] = (x);                                              \
  } while (0)

enum { F32 = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, I64 = ONNX__TENSOR_PROTO__DATA_TYPE__INT64 };

static Onnx__ModelProto *model(int64_t opset) {
  Onnx__ModelProto *m = alloc(sizeof *m);
  onnx__model_proto__init(m);
  m->has_ir_version = 1;
  m->ir_version = 8;
  m->producer_name = str("vtc make_models.c");
  Onnx__OperatorSetIdProto *o = alloc(sizeof *o);
  onnx__operator_set_id_proto__init(o);
  o->domain = str("");
  o->has_version = 1;
  o->version = opset;
  PUSH(m->opset_import, m->n_opset_import, o);
  m->graph = alloc(sizeof *m->graph);
  onnx__graph_proto__init(m->graph);
  m->graph->name = str("g");
  return m;
}

/* dims: -1 is a dim_param ("N"); ndims < 0: no shape. */
static Onnx__ValueInfoProto *value_info(const char *name, int elem, int ndims, const int64_t *dims) {
  Onnx__ValueInfoProto *v = alloc(sizeof *v);
  onnx__value_info_proto__init(v);
  v->name = str(name);
  v->type = alloc(sizeof *v->type);
  onnx__type_proto__init(v->type);
  v->type->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
  v->type->tensor_type = alloc(sizeof *v->type->tensor_type);
  onnx__type_proto__tensor__init(v->type->tensor_type);
  v->type->tensor_type->has_elem_type = 1;
  v->type->tensor_type->elem_type = elem;
  if (ndims < 0) return v;
  Onnx__TensorShapeProto *s = alloc(sizeof *s);
  onnx__tensor_shape_proto__init(s);
  for (int i = 0; i < ndims; i++) {
    Onnx__TensorShapeProto__Dimension *d = alloc(sizeof *d);
    onnx__tensor_shape_proto__dimension__init(d);
    if (dims[i] < 0) {
      d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
      d->dim_param = str("N");
    } else {
      d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
      d->dim_value = dims[i];
    }
    PUSH(s->dim, s->n_dim, d);
  }
  v->type->tensor_type->shape = s;
  return v;
}

static void input(Onnx__ModelProto *m, const char *name, int elem, int ndims, const int64_t *dims) {
  PUSH(m->graph->input, m->graph->n_input, value_info(name, elem, ndims, dims));
}

static void output(Onnx__ModelProto *m, const char *name, int elem, int ndims, const int64_t *dims) {
  PUSH(m->graph->output, m->graph->n_output, value_info(name, elem, ndims, dims));
}

/* A tensor with raw_data of `bytes` bytes from data. */
static Onnx__TensorProto *tensor(const char *name, int elem, int ndims, const int64_t *dims, const void *data,
                                 size_t bytes) {
  Onnx__TensorProto *t = alloc(sizeof *t);
  onnx__tensor_proto__init(t);
  t->name = str(name);
  t->has_data_type = 1;
  t->data_type = elem;
  for (int i = 0; i < ndims; i++) PUSH(t->dims, t->n_dims, dims[i]);
  t->has_raw_data = 1;
  t->raw_data.len = bytes;
  t->raw_data.data = alloc(bytes);
  memcpy(t->raw_data.data, data, bytes);
  return t;
}

static void initializer(Onnx__ModelProto *m, Onnx__TensorProto *t) {
  PUSH(m->graph->initializer, m->graph->n_initializer, t);
}

static Onnx__NodeProto *node(Onnx__ModelProto *m, const char *op, const char *name, int nin, const char *const *ins,
                             int nout, const char *const *outs) {
  Onnx__NodeProto *n = alloc(sizeof *n);
  onnx__node_proto__init(n);
  n->op_type = str(op);
  n->name = str(name);
  for (int i = 0; i < nin; i++) PUSH(n->input, n->n_input, str(ins[i]));
  for (int i = 0; i < nout; i++) PUSH(n->output, n->n_output, str(outs[i]));
  PUSH(m->graph->node, m->graph->n_node, n);
  return n;
}

static Onnx__AttributeProto *attribute(Onnx__NodeProto *n, const char *name, Onnx__AttributeProto__AttributeType t) {
  Onnx__AttributeProto *a = alloc(sizeof *a);
  onnx__attribute_proto__init(a);
  a->name = str(name);
  a->has_type = 1;
  a->type = t;
  PUSH(n->attribute, n->n_attribute, a);
  return a;
}

static void attr_ints(Onnx__NodeProto *n, const char *name, int count, const int64_t *v) {
  Onnx__AttributeProto *a = attribute(n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS);
  for (int i = 0; i < count; i++) PUSH(a->ints, a->n_ints, v[i]);
}

static void attr_int(Onnx__NodeProto *n, const char *name, int64_t v) {
  Onnx__AttributeProto *a = attribute(n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT);
  a->has_i = 1;
  a->i = v;
}

static void attr_tensor(Onnx__NodeProto *n, const char *name, Onnx__TensorProto *t) {
  attribute(n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR)->t = t;
}

static int mkdir_p(const char *path) {
  if (mkdir(path, 0777) == 0 || errno == EEXIST) return 0;
  fprintf(stderr, "onnx-make-models: cannot create %s\n", path);
  return 1;
}

static int save_bytes(const char *dir, const char *file, const void *data, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
    fprintf(stderr, "onnx-make-models: cannot write %s\n", path);
    return 1;
  }
  return 0;
}

/* Packs m into dir/file (keep < 1: only the first half of the bytes). */
static int save(const char *dir, const char *file, const Onnx__ModelProto *m, double keep) {
  size_t n = onnx__model_proto__get_packed_size(m);
  uint8_t *buf = alloc(n);
  onnx__model_proto__pack(m, buf);
  return save_bytes(dir, file, buf, keep < 1 ? (size_t)((double)n * keep) : n);
}

/* ---- the models ------------------------------------------------------------- */

static const int64_t k2x3[] = {2, 3}, kN3[] = {-1, 3}, k3[] = {3};

/* y = relu(x + w), with w an initializer of 6 floats. */
static Onnx__ModelProto *add_relu(int64_t opset) {
  Onnx__ModelProto *m = model(opset);
  input(m, "x", F32, 2, k2x3);
  float w[6] = {1, -2, 3, -4, 5, -6};
  initializer(m, tensor("w", F32, 2, k2x3, w, sizeof w));
  node(m, "Add", "add0", 2, (const char *[]){"x", "w"}, 1, (const char *[]){"s"});
  node(m, "Relu", "relu0", 1, (const char *[]){"s"}, 1, (const char *[]){"y"});
  output(m, "y", F32, 2, k2x3);
  return m;
}

/* A dim_param batch: x[N, 3] * b[3] (b broadcast). */
static Onnx__ModelProto *dynamic_batch(void) {
  Onnx__ModelProto *m = model(17);
  input(m, "x", F32, 2, kN3);
  float b[3] = {0.5f, 2, -1};
  initializer(m, tensor("b", F32, 1, k3, b, sizeof b));
  node(m, "Mul", "", 2, (const char *[]){"x", "b"}, 1, (const char *[]){"y"});
  output(m, "y", F32, 2, kN3);
  return m;
}

/* A linear layer with a 64x32 weight (a dense_resource blob) and a 32
 * element bias: y = x @ W + b. */
static Onnx__ModelProto *linear(void) {
  Onnx__ModelProto *m = model(17);
  static const int64_t kx[] = {4, 64}, kw[] = {64, 32}, kb[] = {32}, ky[] = {4, 32};
  input(m, "x", F32, 2, kx);
  float *w = alloc(64 * 32 * sizeof *w), b[32];
  for (int i = 0; i < 64 * 32; i++) w[i] = (float)((i * 37) % 101 - 50) / 64.0f;
  for (int i = 0; i < 32; i++) b[i] = (float)i / 8.0f;
  initializer(m, tensor("fc.weight", F32, 2, kw, w, 64 * 32 * sizeof *w));
  initializer(m, tensor("fc.bias", F32, 1, kb, b, sizeof b));
  node(m, "MatMul", "mm", 2, (const char *[]){"x", "fc.weight"}, 1, (const char *[]){"h"});
  node(m, "Add", "bias", 2, (const char *[]){"h", "fc.bias"}, 1, (const char *[]){"y"});
  output(m, "y", F32, 2, ky);
  return m;
}

/* Shape -> Gather -> Unsqueeze -> Concat -> Reshape: y = x.reshape(x.shape[0], -1),
 * all of it folded at import into one graph.reshape. */
static Onnx__ModelProto *shape_fold(void) {
  Onnx__ModelProto *m = model(17);
  static const int64_t kx[] = {2, 3, 4}, ky[] = {2, 12}, k1[] = {1};
  input(m, "x", F32, 3, kx);
  int64_t zero = 0, minus1 = -1, axes0 = 0;
  initializer(m, tensor("idx", I64, 0, NULL, &zero, 8));
  initializer(m, tensor("minus1", I64, 1, k1, &minus1, 8));
  initializer(m, tensor("axes0", I64, 1, k1, &axes0, 8));
  node(m, "Shape", "shape", 1, (const char *[]){"x"}, 1, (const char *[]){"s"});
  node(m, "Gather", "dim0", 2, (const char *[]){"s", "idx"}, 1, (const char *[]){"d0"});
  node(m, "Unsqueeze", "unsq", 2, (const char *[]){"d0", "axes0"}, 1, (const char *[]){"d0v"});
  Onnx__NodeProto *c = node(m, "Concat", "cat", 2, (const char *[]){"d0v", "minus1"}, 1, (const char *[]){"shape2"});
  attr_int(c, "axis", 0);
  node(m, "Reshape", "reshape", 2, (const char *[]){"x", "shape2"}, 1, (const char *[]){"y"});
  output(m, "y", F32, 2, ky);
  return m;
}

/* Unsqueeze and ReduceMean before and after their axes became inputs
 * (opset 13 and 18): the same graph either way. */
static Onnx__ModelProto *axes_moves(int64_t opset) {
  Onnx__ModelProto *m = model(opset);
  static const int64_t kx[] = {2, 3}, ky[] = {2, 1, 1}, k1[] = {1};
  input(m, "x", F32, 2, kx);
  int64_t one = 1, two = 2;
  Onnx__NodeProto *u, *r;
  if (opset >= 13) {
    initializer(m, tensor("ax1", I64, 1, k1, &one, 8));
    u = node(m, "Unsqueeze", "unsq", 2, (const char *[]){"x", "ax1"}, 1, (const char *[]){"u"});
  } else {
    u = node(m, "Unsqueeze", "unsq", 1, (const char *[]){"x"}, 1, (const char *[]){"u"});
    attr_ints(u, "axes", 1, &one);
  }
  if (opset >= 18) {
    initializer(m, tensor("ax2", I64, 1, k1, &two, 8));
    r = node(m, "ReduceMean", "mean", 2, (const char *[]){"u", "ax2"}, 1, (const char *[]){"y"});
  } else {
    r = node(m, "ReduceMean", "mean", 1, (const char *[]){"u"}, 1, (const char *[]){"y"});
    attr_ints(r, "axes", 1, &two);
  }
  (void)u;
  attr_int(r, "keepdims", 1);
  output(m, "y", F32, 3, ky);
  return m;
}

/* A Constant node, ConstantOfShape, Range and a Cast of constants. */
static Onnx__ModelProto *constants(void) {
  Onnx__ModelProto *m = model(17);
  static const int64_t k4[] = {4};
  input(m, "x", F32, 1, k4);
  int64_t shape4 = 4, start = 0, limit = 8, delta = 2;
  Onnx__NodeProto *c = node(m, "Constant", "shape", 0, NULL, 1, (const char *[]){"shp"});
  static const int64_t k1[] = {1};
  attr_tensor(c, "value", tensor("", I64, 1, k1, &shape4, 8));
  Onnx__NodeProto *cs = node(m, "ConstantOfShape", "ones", 1, (const char *[]){"shp"}, 1, (const char *[]){"ones"});
  float one = 1.5f;
  attr_tensor(cs, "value", tensor("", F32, 1, k1, &one, 4));
  initializer(m, tensor("start", I64, 0, NULL, &start, 8));
  initializer(m, tensor("limit", I64, 0, NULL, &limit, 8));
  initializer(m, tensor("delta", I64, 0, NULL, &delta, 8));
  node(m, "Range", "range", 3, (const char *[]){"start", "limit", "delta"}, 1, (const char *[]){"r"});
  Onnx__NodeProto *cast = node(m, "Cast", "cast", 1, (const char *[]){"r"}, 1, (const char *[]){"rf"});
  attr_int(cast, "to", F32);
  node(m, "Add", "a", 2, (const char *[]){"x", "ones"}, 1, (const char *[]){"t"});
  node(m, "Add", "b", 2, (const char *[]){"t", "rf"}, 1, (const char *[]){"y"});
  output(m, "y", F32, 1, k4);
  return m;
}

static int save_tensor(const char *dir, const char *file, const Onnx__TensorProto *t) {
  size_t n = onnx__tensor_proto__get_packed_size(t);
  uint8_t *buf = alloc(n);
  onnx__tensor_proto__pack(t, buf);
  return save_bytes(dir, file, buf, n);
}

/* An ONNX backend test of linear(): DIR/name/model.onnx and
 * test_data_set_0/{input_0,output_0}.pb, the output computed here in
 * double (an independent reference); `wrong` perturbs one expected value,
 * `unsupported` swaps in an op nobody imports. */
static int backend_test(const char *dir, const char *name, bool wrong, bool unsupported) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "%s/test_data_set_0", path);
  if (mkdir_p(path) || mkdir_p(cmd)) return 1;
  Onnx__ModelProto *m = linear();
  if (unsupported) m->graph->node[1]->op_type = str("FooBar");
  int rc = save(path, "model.onnx", m, 1);
  const Onnx__TensorProto *w = m->graph->initializer[0], *b = m->graph->initializer[1];
  float x[4 * 64], y[4 * 32];
  for (int i = 0; i < 4 * 64; i++) x[i] = (float)((i * 13) % 29 - 14) / 16.0f;
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 32; c++) {
      double acc = 0;
      for (int k = 0; k < 64; k++) acc += (double)x[r * 64 + k] * ((const float *)w->raw_data.data)[k * 32 + c];
      y[r * 32 + c] = (float)(acc + ((const float *)b->raw_data.data)[c]);
    }
  if (wrong) y[5] += 1.0f;
  static const int64_t kx[] = {4, 64}, ky[] = {4, 32};
  rc |= save_tensor(cmd, "input_0.pb", tensor("x", F32, 2, kx, x, sizeof x));
  rc |= save_tensor(cmd, "output_0.pb", tensor("y", F32, 2, ky, y, sizeof y));
  return rc;
}

/* ---- a BERT-base-sized model, for the import-speed measurement ----------------- */

static uint32_t g_rng = 12345;
static float frand(void) {
  g_rng = g_rng * 1664525u + 1013904223u;
  return (float)((int32_t)(g_rng >> 8) - (1 << 23)) / (float)(1 << 26);
}

static Onnx__TensorProto *random_weight(const char *name, int ndims, const int64_t *dims) {
  size_t n = 1;
  for (int i = 0; i < ndims; i++) n *= (size_t)dims[i];
  Onnx__TensorProto *t = tensor(name, F32, ndims, dims, "", 0);
  t->raw_data.len = n * sizeof(float);
  t->raw_data.data = alloc(t->raw_data.len);
  float *f = (float *)t->raw_data.data;
  for (size_t i = 0; i < n; i++) f[i] = frand();
  return t;
}

/* "l<layer>.<suffix>", allocated (freed at exit). */
static const char *layer_name(int layer, const char *suffix) {
  char buf[96];
  snprintf(buf, sizeof buf, "l%d.%s", layer, suffix);
  return str(buf);
}

/* BERT-base's encoder at sequence 128 (hidden 768, 12 layers, 12 heads,
 * FFN 3072, vocabulary 30522: 109M weights, 440 MB), in the ops PyTorch's
 * exporter gives it: Gather embeddings, MatMul/Add projections, Reshape and
 * Transpose into heads, Softmax attention, Erf GELU, LayerNormalization. */
static Onnx__ModelProto *bert_base_like(void) {
  enum { S = 128, H = 768, NH = 12, DH = 64, FF = 3072, L = 12, V = 30522 };
  Onnx__ModelProto *m = model(17);
  static const int64_t kids[] = {1, S}, kout[] = {1, S, H};
  input(m, "input_ids", I64, 2, kids);
  int64_t ew[2] = {V, H}, pw[2] = {512, H}, hh[2] = {H, H}, hf[2] = {H, FF}, fh[2] = {FF, H}, h1[1] = {H}, f1[1] = {FF};
  initializer(m, random_weight("embeddings.word", 2, ew));
  initializer(m, random_weight("embeddings.position", 2, pw));
  int64_t pos[S], heads[4] = {1, S, NH, DH}, merge[3] = {1, S, H}, perm[4] = {0, 2, 1, 3}, permk[4] = {0, 2, 3, 1};
  for (int i = 0; i < S; i++) pos[i] = i;
  static const int64_t kpos[] = {S}, k4[] = {4}, k3[] = {3};
  initializer(m, tensor("positions", I64, 1, kpos, pos, sizeof pos));
  initializer(m, tensor("heads_shape", I64, 1, k4, heads, sizeof heads));
  initializer(m, tensor("merge_shape", I64, 1, k3, merge, sizeof merge));
  float scale = 0.125f, half = 0.5f, one = 1.0f, rsqrt2 = 0.70710678f;
  initializer(m, tensor("scale", F32, 0, NULL, &scale, 4));
  initializer(m, tensor("half", F32, 0, NULL, &half, 4));
  initializer(m, tensor("one", F32, 0, NULL, &one, 4));
  initializer(m, tensor("rsqrt2", F32, 0, NULL, &rsqrt2, 4));
  node(m, "Gather", "word", 2, (const char *[]){"embeddings.word", "input_ids"}, 1, (const char *[]){"we"});
  node(m, "Gather", "pos", 2, (const char *[]){"embeddings.position", "positions"}, 1, (const char *[]){"pe"});
  node(m, "Add", "emb", 2, (const char *[]){"we", "pe"}, 1, (const char *[]){"h0"});
  const char *prev = "h0";
  for (int l = 0; l < L; l++) {
#define NAME(i, fmt) ((void)(i), layer_name(l, fmt))
    const char *wq = NAME(0, "wq"), *wk = NAME(1, "wk"), *wv = NAME(2, "wv"), *wo = NAME(3, "wo");
    const char *w1 = NAME(4, "w1"), *w2 = NAME(5, "w2"), *bq = NAME(6, "bq"), *b1 = NAME(7, "b1");
    const char *b2 = NAME(8, "b2"), *g1 = NAME(9, "ln1.g"), *be1 = NAME(10, "ln1.b"), *g2 = NAME(11, "ln2.g");
    const char *be2 = NAME(12, "ln2.b");
    initializer(m, random_weight(wq, 2, hh));
    initializer(m, random_weight(wk, 2, hh));
    initializer(m, random_weight(wv, 2, hh));
    initializer(m, random_weight(wo, 2, hh));
    initializer(m, random_weight(w1, 2, hf));
    initializer(m, random_weight(w2, 2, fh));
    initializer(m, random_weight(bq, 1, h1));
    initializer(m, random_weight(b1, 1, f1));
    initializer(m, random_weight(b2, 1, h1));
    initializer(m, random_weight(g1, 1, h1));
    initializer(m, random_weight(be1, 1, h1));
    initializer(m, random_weight(g2, 1, h1));
    initializer(m, random_weight(be2, 1, h1));
    const char *q = NAME(13, "q"), *k = NAME(14, "k"), *v = NAME(15, "v"), *qh = NAME(16, "qh"), *kh = NAME(17, "kh");
    const char *vh = NAME(18, "vh"), *qt = NAME(19, "qt"), *kt = NAME(20, "kt"), *vt = NAME(21, "vt");
    const char *sc = NAME(22, "scores"), *ss = NAME(23, "scaled"), *p = NAME(24, "probs"), *ctx = NAME(25, "ctx");
    const char *ct = NAME(26, "ctxt"), *cm = NAME(27, "ctxm"), *ao = NAME(28, "attn"), *r1 = NAME(29, "res1");
    const char *x1 = NAME(30, "x1"), *qb = NAME(31, "qb");
    node(m, "MatMul", NAME(0, "mq"), 2, (const char *[]){prev, wq}, 1, &q);
    node(m, "Add", NAME(1, "aq"), 2, (const char *[]){q, bq}, 1, &qb);
    node(m, "MatMul", NAME(2, "mk"), 2, (const char *[]){prev, wk}, 1, &k);
    node(m, "MatMul", NAME(3, "mv"), 2, (const char *[]){prev, wv}, 1, &v);
    node(m, "Reshape", NAME(4, "rq"), 2, (const char *[]){qb, "heads_shape"}, 1, &qh);
    node(m, "Reshape", NAME(5, "rk"), 2, (const char *[]){k, "heads_shape"}, 1, &kh);
    node(m, "Reshape", NAME(6, "rv"), 2, (const char *[]){v, "heads_shape"}, 1, &vh);
    attr_ints(node(m, "Transpose", NAME(7, "tq"), 1, &qh, 1, &qt), "perm", 4, perm);
    attr_ints(node(m, "Transpose", NAME(8, "tk"), 1, &kh, 1, &kt), "perm", 4, permk);
    attr_ints(node(m, "Transpose", NAME(9, "tv"), 1, &vh, 1, &vt), "perm", 4, perm);
    node(m, "MatMul", NAME(10, "qk"), 2, (const char *[]){qt, kt}, 1, &sc);
    node(m, "Mul", NAME(11, "sc"), 2, (const char *[]){sc, "scale"}, 1, &ss);
    attr_int(node(m, "Softmax", NAME(12, "sm"), 1, &ss, 1, &p), "axis", -1);
    node(m, "MatMul", NAME(13, "pv"), 2, (const char *[]){p, vt}, 1, &ctx);
    attr_ints(node(m, "Transpose", NAME(14, "tc"), 1, &ctx, 1, &ct), "perm", 4, perm);
    node(m, "Reshape", NAME(15, "rc"), 2, (const char *[]){ct, "merge_shape"}, 1, &cm);
    node(m, "MatMul", NAME(16, "mo"), 2, (const char *[]){cm, wo}, 1, &ao);
    node(m, "Add", NAME(17, "r1"), 2, (const char *[]){ao, prev}, 1, &r1);
    attr_int(node(m, "LayerNormalization", NAME(18, "ln1"), 3, (const char *[]){r1, g1, be1}, 1, &x1), "axis", -1);
    const char *f = NAME(19, "f"), *fb = NAME(20, "fb"), *fd = NAME(21, "fd"), *fe = NAME(22, "fe");
    const char *fo = NAME(23, "fo"), *fg = NAME(24, "fg"), *fh2 = NAME(25, "fh"), *o = NAME(26, "o");
    const char *ob = NAME(27, "ob"), *r2 = NAME(28, "res2"), *y = NAME(29, "y");
    node(m, "MatMul", NAME(0, "m1"), 2, (const char *[]){x1, w1}, 1, &f);
    node(m, "Add", NAME(1, "a1"), 2, (const char *[]){f, b1}, 1, &fb);
    node(m, "Mul", NAME(2, "g0"), 2, (const char *[]){fb, "rsqrt2"}, 1, &fd);
    node(m, "Erf", NAME(3, "g1"), 1, &fd, 1, &fe);
    node(m, "Add", NAME(4, "g2"), 2, (const char *[]){fe, "one"}, 1, &fo);
    node(m, "Mul", NAME(5, "g3"), 2, (const char *[]){fb, fo}, 1, &fg);
    node(m, "Mul", NAME(6, "g4"), 2, (const char *[]){fg, "half"}, 1, &fh2);
    node(m, "MatMul", NAME(7, "m2"), 2, (const char *[]){fh2, w2}, 1, &o);
    node(m, "Add", NAME(8, "a2"), 2, (const char *[]){o, b2}, 1, &ob);
    node(m, "Add", NAME(9, "r2"), 2, (const char *[]){ob, x1}, 1, &r2);
    attr_int(node(m, "LayerNormalization", NAME(10, "ln2"), 3, (const char *[]){r2, g2, be2}, 1, &y), "axis", -1);
    prev = y;
#undef NAME
  }
  Onnx__NodeProto *id = node(m, "Identity", "out", 1, (const char *[]){prev}, 1, (const char *[]){"y"});
  (void)id;
  output(m, "y", F32, 3, kout);
  return m;
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "--bert-base-like")) {
    /* onnx-make-models --bert-base-like FILE: the import-speed model */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", argv[2]);
    char *slash = strrchr(dir, '/');
    const char *file = slash ? slash + 1 : dir;
    if (slash) *slash = 0;
    int rc = save(slash ? dir : ".", file, bert_base_like(), 1);
    free_all();
    return rc;
  }
  if (argc != 2) {
    fputs("usage: onnx-make-models DIR | --bert-base-like FILE.onnx\n", stderr);
    return 2;
  }
  const char *dir = argv[1];
  int rc = 0;
  rc |= save(dir, "add_relu.onnx", add_relu(17), 1);
  rc |= save(dir, "add_relu_opset6.onnx", add_relu(6), 1);
  rc |= save(dir, "dynamic_batch.onnx", dynamic_batch(), 1);
  rc |= save(dir, "linear.onnx", linear(), 1);
  rc |= save(dir, "shape_fold.onnx", shape_fold(), 1);
  rc |= save(dir, "axes_opset11.onnx", axes_moves(11), 1);
  rc |= save(dir, "axes_opset13.onnx", axes_moves(13), 1);
  rc |= save(dir, "axes_opset18.onnx", axes_moves(18), 1);
  rc |= save(dir, "constants.onnx", constants(), 1);
  /* The bad ones. */
  rc |= save(dir, "truncated.onnx", linear(), 0.5);
  static const char text[] = "This is a text file, not an ONNX model.\n";
  rc |= save_bytes(dir, "not_onnx.onnx", text, sizeof text - 1);
  Onnx__ModelProto *m = add_relu(17);
  m->graph->node[1]->op_type = str("FooBar");
  rc |= save(dir, "unknown_op.onnx", m, 1);
  rc |= save(dir, "opset19.onnx", add_relu(19), 1);
  m = add_relu(8);
  m->graph->node[1]->op_type = str("Erf"); /* Erf is version 9 */
  rc |= save(dir, "erf_opset8.onnx", m, 1);
  m = add_relu(17);
  m->graph->initializer[0]->raw_data.len = 20; /* 5 floats for dims [2, 3] */
  rc |= save(dir, "bad_initializer.onnx", m, 1);
  m = add_relu(17);
  m->graph->node[0]->input[0] = str("y"); /* add0 reads relu0's output, relu0 add0's */
  rc |= save(dir, "cycle.onnx", m, 1);
  m = add_relu(17);
  m->graph->node[1]->input[0] = str("nowhere");
  rc |= save(dir, "undefined_input.onnx", m, 1);
  rc |= backend_test(dir, "test_linear", false, false);
  rc |= backend_test(dir, "test_linear_wrong", true, false);
  rc |= backend_test(dir, "test_linear_unsupported", false, true);
  free_all();
  return rc;
}
