/* vtc-run's command line: a table of options, each with its help line, and
 * the parsers of the structured values (--input-range, --shape, --dim). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "tools/vtc-run/options.h"
#include "tools/vtc-run/run.h"

typedef enum run_opt_kind { RUN_FLAG, RUN_STRING, RUN_INT, RUN_SPECIAL } run_opt_kind;

typedef struct run_opt_spec {
  const char *name;
  run_opt_kind kind;
  size_t offset; /* RUN_SPECIAL: unused */
  const char *arg;
  const char *help;
} run_opt_spec;

#define OFF(field) offsetof(run_options, field)

static const run_opt_spec kOptions[] = {
    {"help", RUN_FLAG, OFF(help), NULL, "print this help and exit"},
    {"version", RUN_FLAG, OFF(version), NULL, "print the version and exit"},
    {"entry", RUN_STRING, OFF(entry), "NAME", "the function to run (default: main)"},
    {"target", RUN_STRING, OFF(target), "NAME", "where to run it (default: interp; --list-targets)"},
    {"list-targets", RUN_FLAG, OFF(list_targets), NULL, "list the targets and exit"},
    {"pass-pipeline", RUN_STRING, OFF(pass_pipeline), "PIPELINE", "run these passes (as vtc-opt) before running"},
    {"vtc", RUN_STRING, OFF(vtc), "none|greedy|all",
     "cpu, cuda: VTC's strategy in the default pipeline, vtc-virtualize{strategy=S} (default all; none: no "
     "data-movement op becomes a view)"},
    {"input", RUN_SPECIAL, 0, "FILE.npy", "an input, one per argument in order (may repeat; also after --)"},
    {"seed", RUN_INT, OFF(seed), "N", "seed of the random inputs used when no --input is given (default 0)"},
    {"input-range", RUN_SPECIAL, 0, "ARG:LO:HI",
     "random values of argument ARG in [LO, HI) (default: its vtc.input, else floats [-1, 1), integers [0, 4))"},
    {"shape", RUN_SPECIAL, 0, "ARG:2x3x4", "the shape of random argument ARG (sizes its `?` dims)"},
    {"dim", RUN_SPECIAL, 0, "ARG.AXIS=SIZE", "the size of dim AXIS of random argument ARG"},
    {"sweep", RUN_SPECIAL, 0, "ARG.AXIS=LIST",
     "compile once, then run (and --bench, --check) for each size of that dim in LIST: N, LO:HI (HI excluded) "
     "or LO:HI:STEP, comma-separated (cpu, cuda; random inputs)"},
    {"output", RUN_SPECIAL, 0, "FILE.npy", "write a result to FILE.npy (one per result, in order; may repeat)"},
    {"output-dir", RUN_STRING, OFF(output_dir), "DIR", "write result I to DIR/resultI.npy"},
    {"print-values", RUN_FLAG, OFF(print_values), NULL, "print each result's values"},
    {"print-limit", RUN_INT, OFF(print_limit), "N", "print at most N values per result (default 16; -1: all)"},
    {"trace", RUN_FLAG, OFF(trace), NULL, "trace each op run, live bytes and frees, to stderr (interp; cuda: print the host plan)"},
    {"check", RUN_FLAG, OFF(check), NULL,
     "also run the reference interpreter on the same inputs and compare every result (see CHECK); "
     "exit 1 on a mismatch"},
    {"check-rtol", RUN_SPECIAL, 0, "X", "--check with this relative tolerance for every float result instead "
                                        "of the per-dtype one (0: bit-exact; integers stay exact)"},
    {"bench", RUN_INT, OFF(bench), "N",
     "time N runs of the compiled entry (after warm-up; not compilation) and print the median (cpu, cuda)"},
    {"bench-kernels", RUN_FLAG, OFF(bench_kernels), NULL,
     "cuda: time each kernel between CUDA events over the --bench runs (default 10) and print its median per call, "
     "its origin op and class (data movement or compute), and the host's time to issue a call"},
    {"report-memory", RUN_FLAG, OFF(report_memory), NULL,
     "print the peak intermediate bytes and the buffers allocated of the run"},
    {"report-launches", RUN_FLAG, OFF(report_launches), NULL,
     "print the kernel launches of one call (cuda; a phase-split kernel counts one per segment)"},
    {"cuda-graphs", RUN_STRING, OFF(cuda_graphs), "auto|off|always",
     "cuda: replay a binding of the input shapes as one CUDA graph: from its second run and in --bench (auto, "
     "the default), never (off: one host launch per kernel), or from its first run (always)"},
    {"cuda-graph-concurrent", RUN_FLAG, OFF(cuda_graph_concurrent), NULL,
     "cuda: in a recorded graph a kernel waits only for the kernels whose buffers it reads or writes, so "
     "independent kernels may run at once (default: each waits for the one before, as on one stream)"},
    {"dump-ptx", RUN_STRING, OFF(dump_ptx), "FILE",
     "write the PTX of the module's kernels to FILE (cuda; compiled before the GPU is opened)"},
    {"onnx-test", RUN_STRING, OFF(onnx_test), "DIR",
     "run the ONNX backend test in DIR (model.onnx, test_data_set_*/{input,output}_N.pb) on --target and "
     "compare with its outputs (see ONNX); no module file"},
};

static const run_opt_spec *find_spec(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof kOptions / sizeof *kOptions; i++)
    if (strlen(kOptions[i].name) == len && !strncmp(kOptions[i].name, name, len)) return &kOptions[i];
  return NULL;
}

static bool parse_i64(const char *s, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno) return false;
  *out = v;
  return true;
}

/* "ARG" then sep: a position, or a name (`x`, `%x`: SSA name characters;
 * for --dim, whose ARG is followed by `.AXIS`, the last `.` before `=`
 * ends it, as names may hold dots). */
static bool parse_arg_prefix(const char **p, char sep, run_arg *arg) {
  const char *s = *p, *end = strchr(s, sep);
  if (sep == '.') {
    const char *eq = strchr(s, '=');
    end = NULL;
    for (const char *q = s; *q && (!eq || q < eq); q++)
      if (*q == '.') end = q;
  }
  if (!end || end == s) return false;
  size_t len = (size_t)(end - s);
  size_t digits = strspn(s, "0123456789");
  *arg = (run_arg){0};
  if (digits == len) {
    if (len > 6) return false;
    arg->index = (unsigned)strtoul(s, NULL, 10);
  } else {
    if (*s == '%') s++, len--;
    if (!len) return false;
    for (size_t i = 0; i < len; i++)
      if (!isalnum((unsigned char)s[i]) && !strchr("_$.-", s[i])) return false;
    arg->name = s;
    arg->name_len = len;
  }
  *p = end + 1;
  return true;
}

static bool parse_range(const char *v, run_range *r) {
  const char *p = v;
  char *end;
  if (!parse_arg_prefix(&p, ':', &r->arg)) return false;
  r->lo = strtod(p, &end);
  if (end == p || *end != ':') return false;
  p = end + 1;
  r->hi = strtod(p, &end);
  /* Finite bounds a finite distance apart: uniform values in [LO, HI). */
  return end != p && !*end && r->lo < r->hi && isfinite(r->hi - r->lo);
}

static bool parse_shape(const char *v, run_dim *d) {
  const char *p = v;
  if (!parse_arg_prefix(&p, ':', &d->arg)) return false;
  d->axis = -1;
  d->shape.rank = 0;
  if (!*p) return true; /* a scalar */
  for (;;) {
    char *end;
    errno = 0;
    long long n = strtoll(p, &end, 10);
    if (end == p || n < 0 || errno || d->shape.rank == VTC_MAX_RANK) return false;
    d->shape.dims[d->shape.rank++] = n;
    if (!*end) return true;
    if (*end != 'x') return false;
    p = end + 1;
  }
}

static bool parse_dim(const char *v, run_dim *d) {
  const char *p = v;
  run_arg axis;
  if (!parse_arg_prefix(&p, '.', &d->arg) || !parse_arg_prefix(&p, '=', &axis) || axis.name ||
      axis.index >= VTC_MAX_RANK)
    return false;
  d->axis = (int)axis.index;
  return parse_i64(p, &d->size) && d->size >= 0;
}

/* --sweep's LIST: comma-separated N, LO:HI or LO:HI:STEP (HI excluded),
 * every size >= 0, at most kMaxSweep of them. */
enum { kMaxSweep = 100000 };
static bool parse_sweep_list(const char *p, run_options *o) {
  for (;;) {
    int64_t v[3] = {0, 0, 1};
    int n = 0;
    for (;;) {
      char *end;
      errno = 0;
      long long x = strtoll(p, &end, 10);
      if (end == p || errno || x < 0 || n == 3) return false;
      v[n++] = x;
      p = end;
      if (*p != ':') break;
      p++;
    }
    if (n == 1) v[1] = v[0] + 1;
    if (v[2] <= 0 || v[1] <= v[0]) return false;
    for (int64_t x = v[0]; x < v[1];) {
      if (o->sweep.len == kMaxSweep) return false;
      VTC_VEC_PUSH(&o->sweep, x);
      if (__builtin_add_overflow(x, v[2], &x)) break; /* past HI */
    }
    if (!*p) return true;
    if (*p++ != ',') return false;
  }
}

static bool parse_sweep(const char *value, run_options *o) {
  if (o->sweep.len) {
    fprintf(stderr, "vtc-run: only one --sweep may be given\n");
    return false;
  }
  run_dim d = {0};
  const char *eq = strchr(value, '=');
  char head[256];
  bool ok = eq && (size_t)(eq - value) < sizeof head - 2;
  if (ok) { /* the ARG.AXIS part, parsed as a --dim of size 0 */
    snprintf(head, sizeof head, "%.*s=0", (int)(eq - value), value);
    ok = parse_dim(head, &d) && parse_sweep_list(eq + 1, o);
  }
  if (!ok) {
    fprintf(stderr, "vtc-run: invalid --sweep '%s': expected ARG.AXIS=LIST, LIST of N, LO:HI or LO:HI:STEP "
                    "separated by commas (e.g. a.0=1:385:4,512), at most %d sizes\n", value, kMaxSweep);
    return false;
  }
  /* The arg name points into argv (value), not into head. */
  if (d.arg.name) d.arg.name = value + (d.arg.name - head);
  d.size = o->sweep.data[0];
  o->sweep_dim = o->dims.len;
  VTC_VEC_PUSH(&o->dims, d);
  return true;
}

static bool special(run_options *o, const char *name, const char *value) {
  if (!strcmp(name, "check-rtol")) {
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (!*value || *end || errno || !(v >= 0) || v > 1e300) {
      fprintf(stderr, "vtc-run: invalid --check-rtol '%s': expected a number >= 0 (e.g. 1e-5)\n", value);
      return false;
    }
    o->check_rtol = v;
    o->check = true;
  } else if (!strcmp(name, "sweep")) {
    return parse_sweep(value, o);
  } else if (!strcmp(name, "input")) {
    VTC_VEC_PUSH(&o->inputs, value);
  } else if (!strcmp(name, "output")) {
    VTC_VEC_PUSH(&o->outputs, value);
  } else if (!strcmp(name, "input-range")) {
    run_range r;
    if (!parse_range(value, &r)) {
      fprintf(stderr, "vtc-run: invalid --input-range '%s': expected ARG:LO:HI with finite LO < HI (e.g. 1:0:10 or x:0:10)\n", value);
      return false;
    }
    VTC_VEC_PUSH(&o->ranges, r);
  } else if (!strcmp(name, "shape")) {
    run_dim d = {0};
    if (!parse_shape(value, &d)) {
      fprintf(stderr, "vtc-run: invalid --shape '%s': expected ARG:D0xD1x... (e.g. 0:2x3x4 or x:2x3x4)\n", value);
      return false;
    }
    VTC_VEC_PUSH(&o->dims, d);
  } else {
    run_dim d = {0};
    if (!parse_dim(value, &d)) {
      fprintf(stderr, "vtc-run: invalid --dim '%s': expected ARG.AXIS=SIZE (e.g. 0.1=16 or x.1=16)\n", value);
      return false;
    }
    VTC_VEC_PUSH(&o->dims, d);
  }
  return true;
}

bool run_parse_args(int argc, char **argv, run_options *o) {
  memset(o, 0, sizeof *o);
  o->entry = "main";
  o->target = "interp";
  o->print_limit = 16;
  o->check_rtol = -1;
  bool inputs_only = false;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (inputs_only) {
      VTC_VEC_PUSH(&o->inputs, arg);
      continue;
    }
    if (!strcmp(arg, "--")) {
      inputs_only = true;
      continue;
    }
    if (arg[0] != '-' || !strcmp(arg, "-")) {
      if (o->input_file) {
        fprintf(stderr, "vtc-run: more than one module file ('%s' and '%s'); put input .npy files after "
                        "'--' or in --input\n", o->input_file, arg);
        return false;
      }
      o->input_file = arg;
      continue;
    }
    const char *name = arg + 1 + (arg[1] == '-');
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const run_opt_spec *spec = find_spec(name, len);
    if (!spec) {
      fprintf(stderr, "vtc-run: unknown option '%s' (see --help)\n", arg);
      return false;
    }
    const char *value = eq ? eq + 1 : NULL;
    if (spec->kind == RUN_FLAG) {
      if (value) {
        fprintf(stderr, "vtc-run: '--%s' takes no value\n", spec->name);
        return false;
      }
      *(bool *)((char *)o + spec->offset) = true;
      continue;
    }
    if (!value) {
      if (i + 1 >= argc) {
        fprintf(stderr, "vtc-run: '--%s' needs a value\n", spec->name);
        return false;
      }
      value = argv[++i];
    }
    if (spec->kind == RUN_STRING) {
      *(const char **)((char *)o + spec->offset) = value;
    } else if (spec->kind == RUN_INT) {
      int64_t v;
      if (!parse_i64(value, &v)) {
        fprintf(stderr, "vtc-run: invalid value '%s' for '--%s': expected an integer\n", value, spec->name);
        return false;
      }
      if (spec->offset == OFF(seed)) o->seed = (uint64_t)v;
      else *(int64_t *)((char *)o + spec->offset) = v;
    } else if (!special(o, spec->name, value)) {
      return false;
    }
  }
  if (o->onnx_test && o->input_file) {
    fprintf(stderr, "vtc-run: --onnx-test takes its model from the test folder, not '%s'\n", o->input_file);
    return false;
  }
  if (!o->input_file && !o->onnx_test && !o->help && !o->version && !o->list_targets) {
    fprintf(stderr, "vtc-run: no module file given (usage: vtc-run FILE.mlir [options]; see --help)\n");
    return false;
  }
  if (o->bench < 0) {
    fprintf(stderr, "vtc-run: invalid value '%lld' for '--bench': expected N >= 1 timed runs\n",
            (long long)o->bench);
    return false;
  }
  if (o->sweep.len && (o->inputs.len || o->outputs.len || o->output_dir)) {
    fprintf(stderr, "vtc-run: --sweep makes random inputs per size and writes no files: it takes no input .npy "
                    "files, --output or --output-dir\n");
    return false;
  }
  if (o->output_dir && o->outputs.len) {
    fprintf(stderr, "vtc-run: '--output' and '--output-dir' cannot be combined\n");
    return false;
  }
  return true;
}

void run_options_free(run_options *o) {
  VTC_VEC_FREE(&o->inputs);
  VTC_VEC_FREE(&o->outputs);
  VTC_VEC_FREE(&o->ranges);
  VTC_VEC_FREE(&o->dims);
  VTC_VEC_FREE(&o->sweep);
}

void run_print_help(FILE *out) {
  fputs("OVERVIEW: vtc-run: runs a function of a vtc module on given or random inputs\n\n"
        "USAGE: vtc-run FILE.mlir [options] [-- INPUT.npy ...]\n"
        "       vtc-run MODEL.onnx [options] [-- INPUT.npy ...]\n"
        "       vtc-run --onnx-test=DIR [--target=T]\n\n"
        "A file ending in .onnx is imported as an ONNX model (import/onnx: @main takes the graph\n"
        "inputs in order and returns its outputs).\n\n"
        "Inputs come from .npy files (one per argument, in order) or, when none is given, are random\n"
        "and deterministic for a --seed, as the argument's `vtc.input` attribute describes them:\n"
        "  {vtc.input = {range = [LO, HI]}}      uniform in [LO, HI) (integers: [ceil LO, ceil HI))\n"
        "  {vtc.input = {normal = STD}}          normal with mean 0 (floats)\n"
        "  {vtc.input = {value = dense<...>}}    exactly these values (e.g. valid cache positions)\n"
        "plus an optional `shape = [D0, ...]` that suggests sizes for `?` dims. Without one: floats\n"
        "uniform in [-1, 1), integers in [0, 4), i1 true or false. --input-range overrides it.\n"
        "A `?` dim of a random argument needs --shape or --dim. ARG in --input-range, --shape and\n"
        "--dim is the argument's position (0) or its name in the module (x or %x).\n"
        "For each result vtc-run prints\n"
        "  result I: tensor<...> sum=S abs_sum=A fnv=0xH\n"
        "(S and A summed in f64, H the 64-bit FNV-1a hash of the raw little-endian element bytes),\n"
        "then the interpreter's peak intermediate bytes.\n"
        "With --report-memory (the interpreter always prints it) the peak is printed as\n"
        "  peak intermediate bytes: N\n"
        "(every buffer the run allocates, results included, at most live at once; on the cpu\n"
        "target the runtime allocator's counters, runtime/rt_alloc.h; on the cuda target the bytes\n"
        "the host plan's gir.allocs ask for, not the caching allocator's rounded blocks), then\n"
        "  peak bytes with inputs: N\n"
        "(the same plus every input's bytes, weights included: what torch.cuda.max_memory_allocated\n"
        "reports for a model whose inputs live on the device; a donated input is counted once).\n\n"
        "TARGETS: the compiled targets' default pipelines begin with " RUN_GRAPH ", then VTC's\n"
        "passes\n"
        "  " RUN_VTC_FRONT("S") "\n"
        "(S from --vtc, `all` unless given). --target=cpu lowers with those and " RUN_CPU_PIPELINE "\n"
        "(or, instead, the --pass-pipeline given), translates to LLVM IR for the host CPU and its\n"
        "features, JIT-compiles at O3 and calls the entry through libffi. --bench=N then times N\n"
        "calls of the compiled entry after 2 warm-up calls and prints\n"
        "  bench: @F: median M ms, min A ms, max B ms over N runs (...)\n"
        "--target=cuda opens the GPU (device 0) first, then lowers with those and\n"
        RUN_CUDA_PIPELINE " (or the --pass-pipeline given; the rKernels\n"
        "planned for the GPU the driver names where vtc knows it, `gpu=h200` on an H200, else for\n"
        "the row of its architecture), translates the kernels to PTX for the device's architecture\n"
        "and runs the entry as a host plan that launches them (runtime/cuda_exec.h); device\n"
        "buffers come from a caching allocator.\n"
        "--bench=N times N runs with CUDA events, the inputs kept on the device. Without a CUDA\n"
        "driver or GPU it prints one `vtc-run: error:` line and exits 3.\n\n"
        "CHECK: --check runs the graph reference interpreter on the module as written (before\n"
        "any pipeline) with the same inputs and compares each result: same shape and dtype,\n"
        "NaN/inf matched exactly, and rel_err = max|got - ref| / max|ref| (over finite elements;\n"
        "absolute when the reference is all zeros) at most the tolerance of its dtype, or of the\n"
        "lowest-precision float type anywhere in the function when that is lower:\n"
        "  f64 1e-9, f32 1e-4, f16 1e-2, bf16 3e-2; i32, i64, i1: exact.\n"
        "It prints `check: result I: rel_err=...: ok` per result and `check: ok`, or\n"
        "`MISMATCH` lines (worst element) and exits 1. --check-rtol=X overrides the float tolerance.\n"
        "An argument donated to a result ({graph.aliasing_output = N}) may be written in place by the\n"
        "compiled code: the reference runs on a copy of it made before the run.\n\n"
        "ONNX: --onnx-test=DIR imports DIR/model.onnx, runs it on --target for each\n"
        "DIR/test_data_set_N (inputs input_K.pb, serialized TensorProtos) and compares every result\n"
        "with output_K.pb under the rule of CHECK, printing one `onnx-test: SET: output K: ...` line\n"
        "per output and a last line `onnx-test: PASS|FAIL|UNSUPPORTED: DIR`. It exits 4 when the\n"
        "importer reports the model as unsupported (an op, element type, attribute value or opset).\n\n"
        "Exit status: 0 success, 1 an error diagnostic (parse, verify, inputs, run), 2 a usage error,\n"
        "3 no GPU for --target=cuda (no CUDA driver or no device). A --check mismatch exits 1 as well.\n"
        "--onnx-test exits 4 for a model the importer reports as unsupported.\n\n"
        "OPTIONS:\n",
        out);
  for (size_t i = 0; i < sizeof kOptions / sizeof *kOptions; i++) {
    const run_opt_spec *s = &kOptions[i];
    char flag[96];
    snprintf(flag, sizeof flag, "--%s%s%s", s->name, s->arg ? "=" : "", s->arg ? s->arg : "");
    fprintf(out, "  %-28s %s\n", flag, s->help);
  }
}
