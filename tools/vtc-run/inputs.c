/* vtc-run's inputs: command-line arguments resolved by position or name, and
 * seeded random tensors shaped by the argument's type and the options and
 * filled as its `vtc.input` attribute says (inputs.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/builtin/dialects.h"
#include "dialects/gir/gir.h"
#include "dialects/graph/graph.h"
#include "tools/vtc-run/inputs.h"

/* ---- arguments by name ------------------------------------------------------------ */

const char *run_arg_name(vtc_op *func, unsigned a) {
  const vtc_loc *loc = vtc_block_arg_loc(vtc_op_region(func, 0)->first, a);
  return loc && loc->kind == VTC_LOC_NAME ? loc->name : NULL;
}

static unsigned num_args(vtc_op *func) { return vtc_op_region(func, 0)->first->num_args; }

const vtc_type *run_arg_type(vtc_op *func, unsigned a) {
  const vtc_type *t = vtc_op_region(func, 0)->first->args[a]->type;
  vtc_gir_buffer_info b;
  if (!vtc_gir_buffer_info_of(vtc_op_context(func), t, &b) || b.level != VTC_GIR_GLOBAL) return t;
  return vtc_type_tensor(vtc_op_context(func), b.rank, b.dims, b.elem, NULL);
}

/* Where argument a is written (its name), else the function. */
static const vtc_loc *arg_loc(vtc_op *func, unsigned a) {
  const vtc_loc *loc = vtc_block_arg_loc(vtc_op_region(func, 0)->first, a);
  return loc ? loc : func->loc;
}

/* The argument's `vtc.input` dictionary, or NULL. */
static const vtc_attr *input_attr(vtc_op *func, unsigned a) {
  const vtc_attr *arg_attrs = vtc_op_get_attr(func, "arg_attrs");
  const vtc_attr *dict = arg_attrs && arg_attrs->kind == VTC_ATTR_ARRAY && a < arg_attrs->count
                             ? arg_attrs->elems[a].value : NULL;
  return dict && dict->kind == VTC_ATTR_DICTIONARY ? vtc_attr_dict_get(dict, "vtc.input") : NULL;
}

/* `%a (#0)`, or `#0` for an argument without a name: how errors name it. */
static void describe_arg(vtc_op *func, unsigned a, char *buf, size_t n) {
  const char *name = run_arg_name(func, a);
  if (name) snprintf(buf, n, "%%%s (#%u)", name, a);
  else snprintf(buf, n, "#%u", a);
}

static bool resolve_arg(vtc_context *ctx, vtc_op *func, const char *option, run_arg *arg) {
  unsigned n = num_args(func);
  const char *fname = vtc_symbol_name(func);
  if (!arg->name) {
    if (arg->index < n) return true;
    return vtc_error(ctx, func->loc, "--%s names argument #%u, but @%s takes %u arguments", option, arg->index,
                     fname, n);
  }
  for (unsigned a = 0; a < n; a++) {
    const char *name = run_arg_name(func, a);
    if (name && strlen(name) == arg->name_len && !strncmp(name, arg->name, arg->name_len)) {
      arg->index = a;
      arg->name = NULL;
      return true;
    }
  }
  vtc_strbuf names = {0};
  for (unsigned a = 0; a < n; a++) {
    char d[128];
    describe_arg(func, a, d, sizeof d);
    vtc_strbuf_printf(&names, "%s%s", a ? ", " : "", d);
  }
  vtc_error(ctx, func->loc, "--%s names argument '%%%.*s', but @%s has no argument of that name (its arguments: %s)",
            option, (int)arg->name_len, arg->name, fname, n ? names.data : "none");
  vtc_strbuf_free(&names);
  return false;
}

bool run_resolve_args(vtc_context *ctx, vtc_op *func, run_options *o) {
  for (size_t i = 0; i < o->ranges.len; i++)
    if (!resolve_arg(ctx, func, "input-range", &o->ranges.data[i].arg)) return false;
  for (size_t i = 0; i < o->dims.len; i++)
    if (!resolve_arg(ctx, func, o->dims.data[i].axis < 0 ? "shape" : "dim", &o->dims.data[i].arg)) return false;
  return true;
}

/* ---- shapes ----------------------------------------------------------------------- */

bool run_apply_dims(vtc_context *ctx, const run_options *o, vtc_op *func, unsigned a, vtc_shape *s, const char *from) {
  const char *fname = vtc_symbol_name(func);
  const vtc_loc *loc = arg_loc(func, a);
  char arg[128];
  describe_arg(func, a, arg, sizeof arg);
  bool set[VTC_MAX_RANK] = {false};
  for (size_t i = 0; i < o->dims.len; i++) {
    const run_dim *d = &o->dims.data[i];
    if (d->arg.index != a) continue;
    bool whole = d->axis < 0;
    if (whole && d->shape.rank != s->rank)
      return vtc_error(ctx, loc, "--shape for argument %s of @%s has rank %d, but %s has rank %d", arg, fname,
                       d->shape.rank, from ? from : "the argument", s->rank);
    if (!whole && d->axis >= s->rank)
      return vtc_error(ctx, loc, "--dim names axis %d of argument %s of @%s, which has rank %d", d->axis, arg, fname,
                       s->rank);
    for (int k = whole ? 0 : d->axis; k < (whole ? s->rank : d->axis + 1); k++) {
      int64_t v = whole ? d->shape.dims[k] : d->size;
      if (s->dims[k] >= 0 && s->dims[k] != v)
        return vtc_error(ctx, loc, "--%s gives dim %d of argument %s of @%s as %lld, but %s says %lld",
                         whole ? "shape" : "dim", k, arg, fname, (long long)v,
                         from ? from : set[k] ? "an earlier --shape or --dim" : "its type", (long long)s->dims[k]);
      s->dims[k] = v;
      set[k] = true;
    }
  }
  return true;
}

/* The shape of random argument a: its type's static dims, with --shape and
 * --dim filling (and checked against) them. */
static bool random_shape(vtc_context *ctx, const run_options *o, vtc_op *func, unsigned a, vtc_shape *s) {
  const char *fname = vtc_symbol_name(func);
  const vtc_loc *loc = arg_loc(func, a);
  char arg[128];
  describe_arg(func, a, arg, sizeof arg);
  vtc_graph_shape_of(run_arg_type(func, a), s);
  if (!run_apply_dims(ctx, o, func, a, s, NULL)) return false;
  const char *name = run_arg_name(func, a);
  char ref[96];
  if (name) snprintf(ref, sizeof ref, "%s", name);
  else snprintf(ref, sizeof ref, "%u", a);
  const vtc_attr *in = input_attr(func, a);
  const vtc_attr *suggested = in && in->kind == VTC_ATTR_DICTIONARY ? vtc_attr_dict_get(in, "shape") : NULL;
  for (int k = 0; k < s->rank; k++) {
    if (s->dims[k] >= 0) continue;
    char hint[256] = "";
    if (suggested && suggested->kind == VTC_ATTR_ARRAY && (int)suggested->count == s->rank &&
        suggested->elems[k].value->kind == VTC_ATTR_INTEGER)
      snprintf(hint, sizeof hint, " (the module suggests --dim=%s.%d=%lld)", ref, k,
               (long long)suggested->elems[k].value->i);
    return vtc_error(ctx, loc,
                     "argument %s of @%s has a dynamic dim %d: give its size with --dim=%s.%d=SIZE%s or "
                     "--shape=%s:D0x...x, or pass .npy inputs",
                     arg, fname, k, ref, k, hint, ref);
  }
  return true;
}

/* ---- values ----------------------------------------------------------------------- */

/* How an argument's values are made: vtc.input, an option, or the default. */
typedef enum { FILL_UNIFORM, FILL_NORMAL, FILL_VALUE, FILL_BITS } fill_kind;

typedef struct fill_spec {
  fill_kind kind;
  double lo, hi; /* uniform */
  double std;    /* normal */
  const vtc_attr *value;
  double tmin, tmax; /* integers: the type's range */
} fill_spec;

static bool attr_number(const vtc_attr *a, double *out) {
  if (!a) return false;
  if (a->kind == VTC_ATTR_FLOAT) *out = a->f;
  else if (a->kind == VTC_ATTR_INTEGER && !vtc_attr_is_bool(a)) *out = (double)a->i;
  else return false;
  return isfinite(*out);
}

/* Reads the argument's `vtc.input` into *spec (left as is when absent):
 * one of range, normal, value, and optionally the suggested shape. */
static bool read_input_attr(vtc_context *ctx, vtc_op *func, unsigned a, vtc_dtype dtype, fill_spec *spec) {
  const vtc_attr *in = input_attr(func, a);
  if (!in) return true;
  const vtc_loc *loc = arg_loc(func, a);
  const vtc_type *type = run_arg_type(func, a);
  static const char kUsage[] = "'vtc.input' must be a dictionary of one of range = [LO, HI], normal = STD or "
                               "value = dense<...>, and optionally shape = [D0, ...] (suggested sizes)";
  if (in->kind != VTC_ATTR_DICTIONARY) return vtc_error(ctx, loc, kUsage);
  const vtc_attr *shape = vtc_attr_dict_get(in, "shape");
  if (shape) {
    bool ok = shape->kind == VTC_ATTR_ARRAY && (int)shape->count == (int)type->rank;
    for (unsigned k = 0; ok && k < shape->count; k++) {
      const vtc_attr *d = shape->elems[k].value;
      ok = d->kind == VTC_ATTR_INTEGER && d->i >= 0 &&
           (vtc_tensor_dim(type, k) == VTC_DYNAMIC || vtc_tensor_dim(type, k) == d->i);
    }
    if (!ok) return vtc_error(ctx, loc, "'vtc.input' shape must list the argument's %u dims (its static ones as "
                                        "the type has them)", (unsigned)type->rank);
  }
  if (in->count != (shape ? 2u : 1u)) return vtc_error(ctx, loc, kUsage);
  const vtc_named_attr *entry = &in->elems[0];
  if (shape && entry->value == shape) entry = &in->elems[1];
  const char *key = entry->name;
  const vtc_attr *v = entry->value;
  if (!strcmp(key, "range")) {
    double lo, hi;
    if (v->kind != VTC_ATTR_ARRAY || v->count != 2 || !attr_number(v->elems[0].value, &lo) ||
        !attr_number(v->elems[1].value, &hi) || !(lo < hi))
      return vtc_error(ctx, loc, "'vtc.input' range must be [LO, HI] with finite numbers LO < HI");
    *spec = (fill_spec){.kind = FILL_UNIFORM, .lo = lo, .hi = hi};
  } else if (!strcmp(key, "normal")) {
    double std;
    if (!attr_number(v, &std) || !(std > 0))
      return vtc_error(ctx, loc, "'vtc.input' normal must be a standard deviation > 0");
    if (!vtc_dtype_is_float(dtype))
      return vtc_error(ctx, loc, "'vtc.input' normal needs a floating-point argument");
    *spec = (fill_spec){.kind = FILL_NORMAL, .std = std};
  } else if (!strcmp(key, "value")) {
    if (v->kind != VTC_ATTR_DENSE || v->type != type) {
      char *ts = vtc_type_to_string(type);
      vtc_error(ctx, loc, "'vtc.input' value must be a dense attribute of the argument's type %s", ts);
      free(ts);
      return false;
    }
    *spec = (fill_spec){.kind = FILL_VALUE, .value = v};
  } else {
    return vtc_error(ctx, loc, "'vtc.input' has an unknown entry '%s' (expected range, normal or value)", key);
  }
  return true;
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double unit_uniform(uint64_t *state) { return (double)(splitmix64(state) >> 11) * 0x1.0p-53; }

static double next_value(const fill_spec *f, bool is_float, int64_t i, uint64_t *state) {
  switch (f->kind) {
  case FILL_BITS:
    return (double)(splitmix64(state) >> 63);
  case FILL_VALUE:
    return is_float ? vtc_dense_get_f64(f->value, f->value->splat ? 0 : i)
                    : (double)vtc_dense_get_i64(f->value, f->value->splat ? 0 : i);
  case FILL_NORMAL: { /* Box-Muller; 1 - u keeps the log finite */
    double u = 1.0 - unit_uniform(state), w = unit_uniform(state);
    return f->std * sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * w);
  }
  case FILL_UNIFORM:
    break;
  }
  if (is_float) return f->lo + unit_uniform(state) * (f->hi - f->lo);
  /* Integers in [ceil(lo), ceil(hi)), the range clipped to the type's. */
  double l = fmin(fmax(ceil(f->lo), f->tmin), f->tmax), span = fmin(fmax(ceil(f->hi), f->tmin), f->tmax) - l;
  uint64_t r = splitmix64(state);
  return span >= 0x1p64 ? (double)(int64_t)r : span >= 1 ? l + (double)(r % (uint64_t)span) : l;
}

bool run_make_random(vtc_context *ctx, const run_options *o, vtc_op *func, unsigned a, vtc_tensor *t) {
  const vtc_type *type = run_arg_type(func, a);
  vtc_shape s;
  vtc_dtype d;
  char arg[128];
  describe_arg(func, a, arg, sizeof arg);
  if (!vtc_graph_dtype_of(type->element, &d)) {
    char *ts = vtc_type_to_string(type);
    vtc_error(ctx, arg_loc(func, a), "argument %s has type %s: vtc-run makes random tensors of f32, f16, bf16, f64, i32, "
                              "i64 and i1 only", arg, ts);
    free(ts);
    return false;
  }
  bool is_float = vtc_dtype_is_float(d);
  fill_spec fill = d == VTC_I1 ? (fill_spec){.kind = FILL_BITS}
                               : (fill_spec){.kind = FILL_UNIFORM, .lo = is_float ? -1.0 : 0.0, .hi = is_float ? 1.0 : 4.0};
  if (!read_input_attr(ctx, func, a, d, &fill)) return false;
  for (size_t i = 0; i < o->ranges.len; i++)
    if (o->ranges.data[i].arg.index == a)
      fill = (fill_spec){.kind = FILL_UNIFORM, .lo = o->ranges.data[i].lo, .hi = o->ranges.data[i].hi};
  fill.tmin = d == VTC_I32 ? -0x1p31 : -0x1p63;
  fill.tmax = d == VTC_I32 ? 0x1p31 : 0x1p63;
  if (!random_shape(ctx, o, func, a, &s)) return false;
  char err[256];
  if (vtc_tensor_create_shape(t, d, &s, err, sizeof err))
    return vtc_error(ctx, arg_loc(func, a), "cannot make random argument %s: %s", arg, err);
  uint64_t state = o->seed * 0x100000001B3ull + a * 0x9E3779B97F4A7C15ull + 1;
  for (int64_t i = 0, n = vtc_tensor_numel(t); i < n; i++) vtc_tensor_set_f64(t, i, next_value(&fill, is_float, i, &state));
  return true;
}
