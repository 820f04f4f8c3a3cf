/* The ONNX import driver: unpacks the ModelProto (protobuf-c), checks what
 * makes a file an ONNX model vtc can read (ir_version, a graph, the default
 * domain's opset at most 18), builds @main from the graph inputs and the
 * initializers, orders the nodes (rejecting cycles and inputs that nothing
 * defines), converts each through its rule (ops.c) with diagnostics that
 * name the node, returns the graph outputs, and drops what folding left
 * unused. Every failure is one located error: `model.onnx: error: ...`. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/onnx/onnx_impl.h"

vtc_onnx_options vtc_onnx_default_options(void) {
  return (vtc_onnx_options){.weights_as_args = false, .inline_limit = 16, .fold_limit = 1 << 20, .func_name = "main"};
}

bool vtc_onnx_is_model_path(const char *path) {
  size_t n = path ? strlen(path) : 0;
  return n > 5 && strcmp(path + n - 5, ".onnx") == 0;
}

/* ---- diagnostics --------------------------------------------------------------
 * While a node is imported, every diagnostic (the importer's, and those of
 * the graph ops' verifiers and kernels) goes through node_handler, which
 * puts the node's name, op type and opset in front of the message. */

typedef struct node_diag {
  vtc_diag_handler prev;
  void *prev_data;
  char prefix[512];
} node_diag;

static void node_handler(const vtc_diagnostic *d, void *data) {
  node_diag *nd = data;
  vtc_diagnostic copy = *d;
  vtc_strbuf msg = {0};
  vtc_strbuf_printf(&msg, "%s%s", nd->prefix, d->message);
  copy.message = msg.data;
  if (nd->prev) {
    nd->prev(&copy, nd->prev_data);
  } else { /* the default handler's output */
    vtc_strbuf text = {0};
    vtc_diag_format(&copy, true, &text);
    fputs(text.data, stderr);
    vtc_strbuf_free(&text);
  }
  vtc_strbuf_free(&msg);
}

static bool report(oi_importer *I, vtc_onnx_status status, const char *fmt, va_list ap) {
  if (I->status == VTC_ONNX_OK) I->status = status;
  vtc_diagnostic *d = vtc_diag_vbegin(I->ctx, VTC_SEV_ERROR, I->loc ? I->loc : I->file_loc, fmt, ap);
  vtc_diag_emit(d);
  return false;
}

bool oi_unsupported(oi_importer *I, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(I, VTC_ONNX_UNSUPPORTED, fmt, ap);
  va_end(ap);
  return false;
}

bool oi_error(oi_importer *I, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(I, VTC_ONNX_ERROR, fmt, ap);
  va_end(ap);
  return false;
}

/* ---- values ---------------------------------------------------------------------- */

static bool define(oi_importer *I, const char *name, vtc_value *v) {
  const char *key = vtc_str(I->ctx, name);
  if (vtc_ptrmap_contains(&I->values, key)) return oi_error(I, "value '%s' is defined twice", name);
  vtc_ptrmap_put(&I->values, key, v);
  return true;
}

static vtc_value *lookup(oi_importer *I, const char *name) {
  return vtc_ptrmap_get(&I->values, vtc_str(I->ctx, name));
}

/* ---- graph inputs and outputs ------------------------------------------------------- */

/* A ValueInfoProto's tensor type: dim_value dims static, dim_param and
 * missing dims `?`. */
static const vtc_type *value_type(oi_importer *I, const Onnx__ValueInfoProto *vi, const char *what) {
  const char *name = vi->name ? vi->name : "";
  const Onnx__TypeProto *tp = vi->type;
  if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type) {
    oi_unsupported(I, "%s '%s' is not a tensor (sequences, maps and optionals are not supported)", what, name);
    return NULL;
  }
  const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
  const vtc_type *el;
  if (!oi_element_type(I->ctx, tt->elem_type, &el, NULL)) {
    oi_unsupported(I, "%s '%s' has element type %s, which vtc does not support", what, name,
                   oi_type_name(tt->elem_type));
    return NULL;
  }
  if (!tt->shape) {
    oi_unsupported(I, "%s '%s' has no shape (tensors of unknown rank are not supported)", what, name);
    return NULL;
  }
  if (tt->shape->n_dim > VTC_MAX_RANK) {
    oi_unsupported(I, "%s '%s' has rank %zu, more than %d", what, name, tt->shape->n_dim, VTC_MAX_RANK);
    return NULL;
  }
  int64_t dims[VTC_MAX_RANK];
  for (size_t i = 0; i < tt->shape->n_dim; i++) {
    const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
    bool known = d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
    if (known && d->dim_value < 0) {
      oi_error(I, "%s '%s' has a negative dimension %lld", what, name, (long long)d->dim_value);
      return NULL;
    }
    dims[i] = known ? d->dim_value : VTC_DYNAMIC;
  }
  return vtc_type_tensor(I->ctx, (unsigned)tt->shape->n_dim, dims, el, NULL);
}

static const vtc_attr *name_dict(oi_importer *I, const char *name) {
  vtc_named_attr a = {vtc_str(I->ctx, "onnx.name"), vtc_attr_cstring(I->ctx, name ? name : "")};
  return vtc_attr_dictionary(I->ctx, 1, &a);
}

typedef VTC_VEC(const vtc_attr *) attr_vec;

/* A block argument for a graph input (or a weight with weights_as_args). */
static vtc_value *add_argument(oi_importer *I, const vtc_type *t, const char *name, attr_vec *attrs) {
  vtc_value *v = vtc_block_add_arg(I->body, t);
  VTC_VEC_PUSH(attrs, name_dict(I, name));
  return v;
}

static bool is_initializer(const Onnx__GraphProto *g, const char *name) {
  for (size_t i = 0; i < g->n_initializer; i++)
    if (g->initializer[i]->name && strcmp(g->initializer[i]->name, name) == 0) return true;
  return false;
}

static bool import_inputs(oi_importer *I, const Onnx__GraphProto *g, attr_vec *arg_attrs) {
  for (size_t i = 0; i < g->n_input; i++) {
    const Onnx__ValueInfoProto *vi = g->input[i];
    if (!vi->name || !*vi->name) return oi_error(I, "graph input #%zu has no name", i);
    /* An input that an initializer also names (IR < 4 listed every weight
     * there) takes the initializer: a constant. */
    if (is_initializer(g, vi->name)) continue;
    const vtc_type *t = value_type(I, vi, "graph input");
    if (!t || !define(I, vi->name, add_argument(I, t, vi->name, arg_attrs))) return false;
  }
  return true;
}

static bool import_initializers(oi_importer *I, Onnx__GraphProto *g, attr_vec *arg_attrs) {
  for (size_t i = 0; i < g->n_initializer; i++) {
    Onnx__TensorProto *tp = g->initializer[i];
    if (!tp->name || !*tp->name) return oi_error(I, "initializer #%zu has no name", i);
    vtc_tensor t;
    char msg[512];
    int rc = oi_tensor_from_proto(tp, true, &t, msg, sizeof msg);
    if (rc == -2) return oi_unsupported(I, "initializer: %s", msg);
    if (rc) return oi_error(I, "initializer: %s", msg);
    vtc_value *v;
    if (I->opts.weights_as_args) {
      vtc_shape s = vtc_tensor_shape(&t);
      const vtc_type *el = NULL;
      oi_element_type(I->ctx, tp->data_type, &el, NULL);
      v = add_argument(I, vtc_graph_tensor_type(I->ctx, &s, el), tp->name, arg_attrs);
      vtc_tensor_free(&t);
    } else {
      v = oi_constant(I, &t, true, tp->name);
    }
    if (!v || !define(I, tp->name, v)) {
      vtc_tensor_free(&t);
      return false;
    }
  }
  if (g->n_sparse_initializer) return oi_unsupported(I, "sparse initializers are not supported");
  return true;
}

/* The outputs, checked against their declared types, and the return. */
static bool import_outputs(oi_importer *I, const Onnx__GraphProto *g, const vtc_type **arg_types, unsigned nargs) {
  vtc_value **vals = vtc_xcalloc(g->n_output + 1, sizeof *vals);
  const vtc_type **types = vtc_xcalloc(g->n_output + 1, sizeof *types);
  const vtc_attr **res_attrs = vtc_xcalloc(g->n_output + 1, sizeof *res_attrs);
  bool ok = g->n_output > 0 || oi_error(I, "the graph has no outputs");
  for (size_t i = 0; ok && i < g->n_output; i++) {
    const Onnx__ValueInfoProto *vi = g->output[i];
    const char *name = vi->name ? vi->name : "";
    vtc_value *v = lookup(I, name);
    if (!v) {
      ok = oi_error(I, "graph output '%s' is not defined by any node, input or initializer", name);
      break;
    }
    /* A declared type must agree with the inferred one; its static dims
     * refine `?`s the inference left. */
    if (vi->type) {
      const vtc_type *declared = value_type(I, vi, "graph output");
      if (!declared) {
        ok = false;
        break;
      }
      if (!vtc_graph_types_compatible(declared, v->type)) {
        char *a = vtc_type_to_string(v->type), *b = vtc_type_to_string(declared);
        ok = oi_error(I, "graph output '%s' is computed as %s, but the model declares %s", name, a, b);
        free(a);
        free(b);
        break;
      }
    }
    vals[i] = v;
    types[i] = v->type;
    res_attrs[i] = name_dict(I, name);
  }
  if (ok) {
    vtc_builder_create(&I->b, "func.return", I->file_loc, (unsigned)g->n_output, vals, NULL, 0, NULL);
    const vtc_type *ft = vtc_type_function(I->ctx, nargs, arg_types, (unsigned)g->n_output, types);
    vtc_op_set_attr(I->func, "function_type", vtc_attr_type(I->ctx, ft));
    vtc_op_set_attr(I->func, "res_attrs", vtc_attr_array(I->ctx, (unsigned)g->n_output, res_attrs));
  }
  free(vals);
  free(types);
  free(res_attrs);
  return ok;
}

/* ---- nodes ---------------------------------------------------------------------------- */

static bool is_default_domain(const char *d) { return !d || !*d || strcmp(d, "ai.onnx") == 0; }

static void node_label(const Onnx__NodeProto *n, size_t index, char *buf, size_t cap) {
  if (n->name && *n->name) snprintf(buf, cap, "%s", n->name);
  else snprintf(buf, cap, "%s_%zu", n->op_type ? n->op_type : "node", index);
}

static bool convert_node(oi_importer *I) {
  const Onnx__NodeProto *n = I->node;
  const char *op = n->op_type ? n->op_type : "";
  if (!is_default_domain(n->domain))
    return oi_unsupported(I, "ops of domain '%s' are not supported", n->domain);
  for (size_t i = 0; i < n->n_attribute; i++)
    if (n->attribute[i]->g || n->attribute[i]->n_graphs)
      return oi_unsupported(I, "ops with subgraphs (If, Loop, Scan) are not supported");
  if (I->opset == 0) return oi_error(I, "the model imports no opset of the default ONNX domain");
  if (!n->n_output) return oi_error(I, "the node has no outputs");
  const oi_rule *rule = oi_find_rule(op);
  if (!rule) return oi_unsupported(I, "op '%s' is not supported", op);
  if (I->opset < rule->since)
    return oi_unsupported(I, "%s at opset %lld is not supported (vtc imports %s from opset %d)", op,
                          (long long)I->opset, op, rule->since);
  I->rule = rule;
  unsigned errors = vtc_context_error_count(I->ctx);
  if (!rule->convert(I)) {
    if (vtc_context_error_count(I->ctx) == errors) oi_error(I, "internal error: the conversion failed silently");
    /* A verifier's or kernel's error has no status of its own. */
    if (I->status == VTC_ONNX_OK) I->status = VTC_ONNX_ERROR;
    return false;
  }
  for (size_t k = 0; k < n->n_output; k++)
    if (*n->output[k] && !lookup(I, n->output[k]))
      return oi_unsupported(I, "output #%zu ('%s') is not supported", k, n->output[k]);
  return true;
}

static bool import_node(oi_importer *I, const Onnx__NodeProto *n, size_t index) {
  char label[256];
  node_label(n, index, label, sizeof label);
  node_diag nd;
  vtc_context_get_diag_handler(I->ctx, &nd.prev, &nd.prev_data);
  snprintf(nd.prefix, sizeof nd.prefix, "node '%s' (%s, opset %lld): ", label, n->op_type ? n->op_type : "?",
           (long long)I->opset);
  vtc_context_set_diag_handler(I->ctx, node_handler, &nd);
  I->node = n;
  I->node_index = index;
  I->loc = vtc_loc_name(I->ctx, label, I->file_loc);
  bool ok = convert_node(I);
  I->node = NULL;
  I->rule = NULL;
  I->loc = NULL;
  vtc_context_set_diag_handler(I->ctx, nd.prev, nd.prev_data);
  return ok;
}

/* Nodes in dependence order (ONNX requires the file's order to be one; a
 * stable topological sort accepts any order). An input that nothing defines
 * and a cycle are errors naming a node. */
static bool order_nodes(oi_importer *I, const Onnx__GraphProto *g, size_t *order) {
  size_t n = g->n_node;
  vtc_ptrmap producer = {0}; /* output name (interned) -> node index + 1 */
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < g->node[i]->n_output; k++)
      if (*g->node[i]->output[k]) vtc_ptrmap_put(&producer, vtc_str(I->ctx, g->node[i]->output[k]), (void *)(i + 1));
  bool ok = true;
  for (size_t i = 0; ok && i < n; i++) {
    const Onnx__NodeProto *nd = g->node[i];
    for (size_t k = 0; ok && k < nd->n_input; k++) {
      const char *in = nd->input[k];
      if (!*in || lookup(I, in) || vtc_ptrmap_contains(&producer, vtc_str(I->ctx, in))) continue;
      char label[256];
      node_label(nd, i, label, sizeof label);
      ok = oi_error(I, "node '%s' (%s): input #%zu '%s' is not defined by any node, graph input or initializer", label,
                    nd->op_type, k, in);
    }
  }
  /* Kahn's algorithm, taking the earliest ready node each time. */
  bool *done = vtc_xcalloc(n + 1, sizeof *done);
  size_t count = 0;
  for (bool progress = true; ok && progress && count < n;) {
    progress = false;
    for (size_t i = 0; i < n; i++) {
      if (done[i]) continue;
      bool ready = true;
      for (size_t k = 0; ready && k < g->node[i]->n_input; k++) {
        const char *in = g->node[i]->input[k];
        uintptr_t p = *in ? (uintptr_t)vtc_ptrmap_get(&producer, vtc_str(I->ctx, in)) : 0;
        ready = !p || done[p - 1];
      }
      if (!ready) continue;
      done[i] = true;
      order[count++] = i;
      progress = true;
    }
  }
  for (size_t i = 0; ok && count < n && i < n; i++) {
    if (done[i]) continue;
    char label[256];
    node_label(g->node[i], i, label, sizeof label);
    ok = oi_error(I, "the graph has a cycle through node '%s' (%s)", label, g->node[i]->op_type);
  }
  free(done);
  vtc_ptrmap_free(&producer);
  return ok;
}

/* Erases graph ops whose results nothing uses (folding leaves the constants
 * it read), last first so a chain goes in one sweep. */
static void erase_dead(oi_importer *I) {
  for (vtc_op *op = I->body->last, *prev; op; op = prev) {
    prev = op->prev;
    if (strcmp(op->name->dialect, "graph")) continue;
    bool used = false;
    for (unsigned i = 0; i < op->num_results && !used; i++) used = vtc_value_has_uses(vtc_op_result(op, i));
    if (!used) vtc_op_erase(op);
  }
}

/* ---- the model -------------------------------------------------------------------------- */

static bool check_model(oi_importer *I, const Onnx__ModelProto *m) {
  if (!m->has_ir_version || !m->graph)
    return oi_error(I, "not an ONNX model: it has no %s", !m->has_ir_version ? "ir_version" : "graph");
  bool found = false;
  for (size_t i = 0; i < m->n_opset_import; i++) {
    const Onnx__OperatorSetIdProto *o = m->opset_import[i];
    if (!is_default_domain(o->domain)) continue;
    found = true;
    I->opset = o->version;
  }
  /* IR 1 and 2 predate opset_import (opset 1); a model of only other
   * domains has none (0: its default-domain nodes are errors). */
  if (!found) I->opset = m->ir_version >= 3 ? 0 : 1;
  if (I->opset > OI_MAX_OPSET)
    return oi_unsupported(I, "the model uses opset %lld; vtc imports opsets up to %d", (long long)I->opset,
                          OI_MAX_OPSET);
  if (I->opset < 0 || (found && I->opset == 0))
    return oi_error(I, "the model's opset version %lld is invalid", (long long)I->opset);
  if (m->n_functions) return oi_unsupported(I, "model-local functions are not supported");
  return true;
}

static void create_function(oi_importer *I) {
  vtc_op_state st = {.name = vtc_op_name_get(I->ctx, "builtin.module"), .loc = I->file_loc, .num_regions = 1};
  I->module = vtc_op_create(&st);
  vtc_block *mb = vtc_block_create();
  vtc_region_push_block(&I->module->regions[0], mb);
  vtc_named_attr attrs[] = {{vtc_str(I->ctx, "sym_name"), vtc_attr_cstring(I->ctx, I->opts.func_name)}};
  vtc_op_state fs = {.name = vtc_op_name_get(I->ctx, "func.func"), .loc = I->file_loc, .num_attrs = 1,
                     .attrs = attrs, .num_regions = 1};
  I->func = vtc_op_create(&fs);
  vtc_block_push_op(mb, I->func);
  I->body = vtc_block_create();
  vtc_region_push_block(&I->func->regions[0], I->body);
  I->b = vtc_builder_at_end(I->ctx, I->body);
}

static bool import_graph(oi_importer *I, Onnx__ModelProto *m) {
  Onnx__GraphProto *g = m->graph;
  create_function(I);
  attr_vec arg_attrs = {0};
  bool ok = import_inputs(I, g, &arg_attrs) && import_initializers(I, g, &arg_attrs);
  size_t *order = vtc_xcalloc(g->n_node + 1, sizeof *order);
  ok = ok && order_nodes(I, g, order);
  for (size_t i = 0; ok && i < g->n_node; i++) ok = import_node(I, g->node[order[i]], order[i]);
  free(order);
  unsigned nargs = I->body->num_args;
  const vtc_type **arg_types = vtc_xcalloc(nargs + 1, sizeof *arg_types);
  for (unsigned a = 0; a < nargs; a++) arg_types[a] = I->body->args[a]->type;
  if (ok) ok = import_outputs(I, g, arg_types, nargs);
  if (ok) {
    vtc_op_set_attr(I->func, "arg_attrs", vtc_attr_array(I->ctx, nargs, arg_attrs.data));
    erase_dead(I);
  }
  free(arg_types);
  VTC_VEC_FREE(&arg_attrs);
  return ok;
}

/* The model's file bytes, mapped, and what unpacking them has copied:
 * protobuf-c copies every bytes field (a weight's raw_data) out of the
 * input, in file order, so once a large block is allocated the bytes before
 * it in the file are never read again. The allocator tells the kernel to
 * drop those pages (a private file mapping refaults them from the file if
 * they are read after all): the file and its copies are not resident
 * together, and importing peaks near one model size, not two. */
typedef struct unpack_state {
  const unsigned char *map;
  size_t len, copied, released;
} unpack_state;

enum { kLargeBlock = 1 << 20, kPage = 4096 };

static void *unpack_alloc(void *data, size_t size) {
  unpack_state *u = data;
  if (u->map && size >= kLargeBlock) {
    size_t done = u->copied / kPage * kPage; /* every earlier large block: copied */
    if (done > u->released && done <= u->len) {
      madvise((void *)(u->map + u->released), done - u->released, MADV_DONTNEED);
      u->released = done;
    }
    u->copied += size;
  }
  return malloc(size);
}

static void unpack_free(void *data, void *p) {
  (void)data;
  free(p);
}

/* The import of an unpacked model (freed here). */
static vtc_op *import_unpacked(vtc_context *ctx, const char *path, Onnx__ModelProto *m, const vtc_onnx_options *opts,
                               vtc_onnx_status *status) {
  oi_importer I = {.ctx = ctx, .opts = opts ? *opts : vtc_onnx_default_options()};
  if (!I.opts.func_name) I.opts.func_name = "main";
  I.path = vtc_str(ctx, path ? path : "<onnx>");
  I.file_loc = vtc_loc_file_interned(ctx, I.path, 0, 0);
  bool ok = m != NULL;
  if (!ok) oi_error(&I, "not an ONNX model: the protobuf does not parse as an onnx.ModelProto (truncated or not ONNX)");
  ok = ok && check_model(&I, m) && import_graph(&I, m);
  /* Blobs the import took over were malloc'ed by the allocator above, as
   * the resources' free_fn expects. */
  if (m) onnx__model_proto__free_unpacked(m, &(ProtobufCAllocator){unpack_alloc, unpack_free, &(unpack_state){0}});
  vtc_ptrmap_free(&I.values);
  if (!ok && I.module) {
    vtc_op_destroy(I.module);
    I.module = NULL;
  }
  if (status) *status = ok ? VTC_ONNX_OK : I.status == VTC_ONNX_OK ? VTC_ONNX_ERROR : I.status;
  return ok ? I.module : NULL;
}

vtc_op *vtc_onnx_import(vtc_context *ctx, const char *path, const void *data, size_t len,
                        const vtc_onnx_options *opts, vtc_onnx_status *status) {
  unpack_state u = {0};
  ProtobufCAllocator a = {unpack_alloc, unpack_free, &u};
  return import_unpacked(ctx, path, onnx__model_proto__unpack(&a, len, data), opts, status);
}

vtc_op *vtc_onnx_import_file(vtc_context *ctx, const char *path, const vtc_onnx_options *opts,
                             vtc_onnx_status *status) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    int e = fd < 0 ? errno : EINVAL;
    if (fd >= 0) close(fd);
    vtc_error(ctx, vtc_loc_file(ctx, path, 0, 0), "cannot read '%s': %s", path, strerror(e));
    if (status) *status = VTC_ONNX_ERROR;
    return NULL;
  }
  size_t len = (size_t)st.st_size;
  void *map = len ? mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
  close(fd);
  if (map == MAP_FAILED) {
    vtc_error(ctx, vtc_loc_file(ctx, path, 0, 0), "cannot map '%s': %s", path, strerror(errno));
    if (status) *status = VTC_ONNX_ERROR;
    return NULL;
  }
  if (map) madvise(map, len, MADV_SEQUENTIAL);
  unpack_state u = {.map = map, .len = len};
  ProtobufCAllocator a = {unpack_alloc, unpack_free, &u};
  Onnx__ModelProto *m = onnx__model_proto__unpack(&a, len, map ? map : (const void *)"");
  if (map) munmap(map, len);
  return import_unpacked(ctx, path, m, opts, status);
}
