/* vtc-translate: lowers a module to gir (the default pipeline for graph or te
 * input, or --pass-pipeline), translates gir to LLVM (lowering/gir-to-llvm),
 * optimises it with default<On> and emits LLVM IR, assembly or an object
 * file for the host CPU or an explicit --mcpu/--mattr (as llc does). With
 * --import-onnx it translates the other way in, as mlir-translate's
 * --import-* do: an ONNX model becomes a graph module (import/onnx). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "import/onnx/onnx.h"
#include "ir/ir.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"
#include "targets/hardware.h"
#include "targets/target.h"
#include "tools/common/register.h"

typedef struct options {
  const char *input, *output, *pipeline, *cpu, *features, *target;
  vtc_emit_kind emit;
  bool emit_mlir; /* print the module after the pipeline (gir), no translation */
  int opt_level;
  bool precise_math, help;
  bool import_onnx, weights_as_args, print_generic;
  int64_t elide_above;
} options;

static void usage(FILE *f) {
  fputs("usage: vtc-translate FILE.mlir [options] [-o OUT]\n"
        "       vtc-translate --import-onnx MODEL.onnx [--weights-as-args] [-o OUT.mlir]\n"
        "  --import-onnx             import an ONNX model and print it as a graph module:\n"
        "                            initializers become constants, those above 16 elements\n"
        "                            dense_resource blobs in a {-# dialect_resources #-} section\n"
        "  --weights-as-args         with --import-onnx: initializers become arguments of\n"
        "                            @main after the graph inputs, for weights you feed\n"
        "  --print-generic           with --import-onnx: print ops in the generic form\n"
        "  --elide-elements-attrs-if-larger=N  with --import-onnx: elide constants and\n"
        "                            blobs of more than N elements (the dump does not parse)\n"
        "  --emit=llvm|asm|obj|ptx|mlir  what to write (default llvm: textual LLVM IR; ptx:\n"
        "                            PTX for --mcpu (sm_90 default), implies --target=nvptx;\n"
        "                            mlir: the module after the pipeline, before translation)\n"
        "  --pass-pipeline=PIPELINE  passes to run before the translation; default: for a\n"
        "                            module with graph ops lower-graph-to-te,lower-te-to-gir,\n"
        "                            with te ops lower-te-to-gir, for gir nothing (on nvptx\n"
        "                            with lower-te-to-gir{hierarchy=gpu})\n"
        "  --target=x86|nvptx        code-generation target (default x86, the host; nvptx:\n"
        "                            the `parallel gpu` kernels, linked with libdevice when\n"
        "                            they need it: $VTC_LIBDEVICE or the CUDA toolkit's)\n"
        "  --mcpu=CPU                target CPU (default: the host's), e.g. skylake-avx512,\n"
        "                            or GPU architecture (sm_90, sm_80)\n"
        "  --mattr=FEATURES          target features, e.g. +avx512f,-avx2 (default: the CPU's)\n"
        "  -O0 | -O1 | -O2 | -O3     LLVM optimisation (default<On>) and codegen level;\n"
        "                            -O0 emits the translation as is (default -O3)\n"
        "  --precise-math            libm/intrinsics for exp, tanh, erf, sigmoid instead of\n"
        "                            the vectorised f32 approximations\n"
        "  -o OUT                    output file (default: stdout)\n",
        f);
}

static bool parse_args(int argc, char **argv, options *o) {
  *o = (options){.emit = VTC_EMIT_LLVM_IR, .opt_level = 3, .target = "x86", .elide_above = -1};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) o->help = true;
    else if (!strncmp(a, "--pass-pipeline=", 16)) o->pipeline = a + 16;
    else if (!strncmp(a, "--mcpu=", 7)) o->cpu = a + 7;
    else if (!strncmp(a, "--mattr=", 8)) o->features = a + 8;
    else if (!strncmp(a, "--target=", 9)) o->target = a + 9;
    else if (!strcmp(a, "--precise-math")) o->precise_math = true;
    else if (!strcmp(a, "--import-onnx")) o->import_onnx = true;
    else if (!strcmp(a, "--weights-as-args")) o->weights_as_args = true;
    else if (!strcmp(a, "--print-generic")) o->print_generic = true;
    else if (!strncmp(a, "--elide-elements-attrs-if-larger=", 33)) {
      char *end;
      o->elide_above = strtoll(a + 33, &end, 10);
      if (*end || end == a + 33 || o->elide_above < 0) {
        fprintf(stderr, "vtc-translate: '%s' needs a non-negative number\n", a);
        return false;
      }
    }
    else if (!strncmp(a, "--emit=", 7)) {
      const char *k = a + 7;
      if (!strcmp(k, "llvm")) o->emit = VTC_EMIT_LLVM_IR;
      else if (!strcmp(k, "asm")) o->emit = VTC_EMIT_ASSEMBLY;
      else if (!strcmp(k, "obj")) o->emit = VTC_EMIT_OBJECT;
      else if (!strcmp(k, "mlir")) o->emit_mlir = true;
      else if (!strcmp(k, "ptx")) o->emit = VTC_EMIT_ASSEMBLY, o->target = "nvptx";
      else {
        fprintf(stderr, "vtc-translate: unknown --emit kind '%s' (llvm, asm, obj, ptx or mlir)\n", k);
        return false;
      }
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (!strcmp(a, "-o")) {
      if (++i >= argc) {
        fputs("vtc-translate: -o needs a file name\n", stderr);
        return false;
      }
      o->output = argv[i];
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "vtc-translate: unknown option '%s' (see --help)\n", a);
      return false;
    } else if (o->input) {
      fprintf(stderr, "vtc-translate: more than one input file ('%s', '%s')\n", o->input, a);
      return false;
    } else {
      o->input = a;
    }
  }
  if (!o->input && !o->help) o->input = "-";
  if (!o->import_onnx && (o->weights_as_args || o->print_generic || o->elide_above >= 0)) {
    fputs("vtc-translate: --weights-as-args, --print-generic and --elide-elements-attrs-if-larger go with "
          "--import-onnx\n", stderr);
    return false;
  }
  return true;
}

static char *read_input(const char *path, size_t *len) {
  if (strcmp(path, "-")) return vtc_read_file(path, len);
  vtc_strbuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) vtc_strbuf_append(&b, chunk, n);
  if (!b.data) vtc_strbuf_puts(&b, "");
  *len = b.len;
  return vtc_strbuf_take(&b);
}

typedef struct dialect_scan {
  bool graph, te;
} dialect_scan;

static vtc_walk_result scan(vtc_op *op, void *data) {
  dialect_scan *s = data;
  if (!strcmp(op->name->dialect, "graph")) s->graph = true;
  if (!strcmp(op->name->dialect, "te")) s->te = true;
  return VTC_WALK_ADVANCE;
}

/* The pipeline down to gir: the user's, or the default for the input level
 * and the target's hierarchy. */
static bool lower_to_gir(vtc_context *ctx, vtc_op *module, const options *o) {
  const char *pipeline = o->pipeline;
  char gpu_pipeline[128];
  if (!pipeline) {
    dialect_scan s = {false, false};
    vtc_op_walk(module, true, scan, &s);
    const vtc_target *target = vtc_target_lookup(o->target);
    bool gpu = target && target->warp_size > 0;
    /* A GPU named by --mcpu (sm_80: the A100's row) is the one the rKernels are planned for. */
    const vtc_hardware *hw = gpu && o->cpu ? vtc_hardware_lookup(o->cpu) : NULL;
    snprintf(gpu_pipeline, sizeof gpu_pipeline, "%slower-te-to-gir{hierarchy=gpu%s%s}",
             s.graph ? "lower-graph-to-te," : "", hw ? " gpu=" : "", hw ? hw->name : "");
    if (gpu && (s.graph || s.te)) pipeline = gpu_pipeline;
    else if (s.graph) pipeline = "lower-graph-to-te,lower-te-to-gir";
    else if (s.te) pipeline = "lower-te-to-gir";
  }
  if (!pipeline || !*pipeline) return true;
  vtc_pass_manager *pm = vtc_pass_manager_create(ctx, "builtin.module");
  bool ok = vtc_pass_manager_parse(pm, pipeline) && vtc_pass_manager_run(pm, module);
  vtc_pass_manager_destroy(pm);
  return ok;
}

static bool write_output(const char *path, const char *data, size_t size) {
  bool to_stdout = !path || !strcmp(path, "-");
  FILE *f = to_stdout ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "vtc-translate: cannot write '%s': %s\n", path, strerror(errno));
    return false;
  }
  bool ok = fwrite(data, 1, size, f) == size;
  ok = (to_stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
  if (!ok) fprintf(stderr, "vtc-translate: cannot write '%s'\n", to_stdout ? "<stdout>" : path);
  return ok;
}

/* Streams the printed module to the output (a model's weights need not
 * exist twice in memory, as bytes and as hex). */
static bool print_module(vtc_op *module, const options *o) {
  bool to_stdout = !o->output || !strcmp(o->output, "-");
  FILE *f = to_stdout ? stdout : fopen(o->output, "wb");
  if (!f) {
    fprintf(stderr, "vtc-translate: cannot write '%s': %s\n", o->output, strerror(errno));
    return false;
  }
  vtc_strbuf out = {.sink = f};
  vtc_print_flags flags = {.elide_elements_above = o->elide_above, .generic = o->print_generic};
  vtc_print_op(module, &flags, &out);
  if (vtc_strbuf_last(&out) != '\n') vtc_strbuf_putc(&out, '\n');
  vtc_strbuf_flush(&out);
  bool ok = !out.sink_failed;
  ok = (to_stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
  if (!ok) fprintf(stderr, "vtc-translate: cannot write '%s'\n", to_stdout ? "<stdout>" : o->output);
  vtc_strbuf_free(&out);
  return ok;
}

/* --import-onnx: the model as a verified graph module, printed. */
static int import_onnx(vtc_context *ctx, const options *o) {
  if (!strcmp(o->input, "-")) {
    fputs("vtc-translate: --import-onnx needs a file name (not stdin)\n", stderr);
    return 1;
  }
  vtc_onnx_options io = vtc_onnx_default_options();
  io.weights_as_args = o->weights_as_args;
  vtc_op *module = vtc_onnx_import_file(ctx, o->input, &io, NULL);
  bool ok = module && vtc_verify(module) && print_module(module, o);
  if (module) vtc_op_destroy(module);
  return ok && vtc_context_error_count(ctx) == 0 ? 0 : 1;
}

/* Translates, verifies, optimises and emits. */
static bool translate(vtc_op *module, const options *o) {
  const vtc_target *target = vtc_target_lookup(o->target);
  if (!target) {
    fprintf(stderr, "vtc-translate: unknown --target '%s'\n", o->target);
    return false;
  }
  char *err = NULL, *cpu = NULL, *features = NULL;
  vtc_target_options topts = {o->cpu, o->features, o->opt_level};
  LLVMTargetMachineRef tm = vtc_target_machine_create(target, &topts, &cpu, &features, &err);
  if (!tm) {
    fprintf(stderr, "vtc-translate: %s\n", err);
    free(err);
    return false;
  }
  vtc_gir_to_llvm_options gopts = vtc_gir_to_llvm_default_options();
  gopts.target = target;
  gopts.cpu = cpu;
  gopts.features = features;
  gopts.fast_math_functions = !o->precise_math;
  LLVMContextRef llctx = LLVMContextCreate();
  const char *name = o->input && strcmp(o->input, "-") ? o->input : "<stdin>";
  LLVMModuleRef m = vtc_gir_to_llvm(module, llctx, name, &gopts);
  bool ok = m != NULL;
  char *msg = NULL;
  if (ok && LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "vtc-translate: internal error: the translated LLVM module is invalid:\n%s\n", msg);
    ok = false;
  }
  LLVMDisposeMessage(msg);
  if (ok) vtc_target_configure_module(m, tm);
  char *out = NULL;
  size_t size = 0;
  if (ok && vtc_target_emit(target, m, tm, cpu, o->opt_level, o->emit, &out, &size, &err) != 0) {
    fprintf(stderr, "vtc-translate: %s\n", err);
    ok = false;
  }
  if (ok) ok = write_output(o->output, out, size);
  free(out);
  free(err);
  if (m) LLVMDisposeModule(m);
  LLVMContextDispose(llctx);
  LLVMDisposeTargetMachine(tm);
  free(cpu);
  free(features);
  return ok;
}

int main(int argc, char **argv) {
  options o;
  if (!parse_args(argc, argv, &o)) return 1;
  if (o.help) {
    usage(stdout);
    return 0;
  }
  vtc_context *ctx = vtc_context_create();
  vtc_register_all(ctx);
  if (o.import_onnx) {
    int rc = import_onnx(ctx, &o);
    vtc_context_destroy(ctx);
    return rc;
  }
  size_t len = 0;
  char *buf = read_input(o.input, &len);
  int rc = 1;
  if (!buf) {
    fprintf(stderr, "vtc-translate: cannot read '%s': %s\n", o.input, strerror(errno));
  } else {
    const char *name = strcmp(o.input, "-") ? o.input : "<stdin>";
    vtc_context_add_source(ctx, name, buf, len);
    vtc_op *module = vtc_parse_source(ctx, name, buf, len, 0);
    bool ok = module && vtc_verify(module) && lower_to_gir(ctx, module, &o) &&
              (o.emit_mlir ? print_module(module, &o) : translate(module, &o));
    rc = ok && vtc_context_error_count(ctx) == 0 ? 0 : 1;
    if (module) vtc_op_destroy(module);
  }
  free(buf);
  vtc_context_destroy(ctx);
  return rc;
}
