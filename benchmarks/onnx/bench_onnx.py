#!/usr/bin/env python3
"""The ONNX benchmark (issue 12): real models from one ONNX file each, vtc
(`vtc-run MODEL.onnx --target=cuda --bench=N`) against PyTorch eager,
torch.compile and ONNX Runtime's CUDA provider, on the same inputs, in one
run. For each model it reports:

  - vtc's import time and peak memory (`vtc-translate --import-onnx`, wall
    time and max RSS of the process, the file size beside it);
  - vtc's compile time (pipeline, PTX, host plan) and its median run time on
    the device, its peak intermediate bytes (`--report-memory`);
  - ONNX Runtime CUDA's session creation time and median run time, inputs
    and outputs bound on the device (IOBinding);
  - PyTorch eager's and torch.compile's median times (and compile time) on the
    module the ONNX file was exported from, with its peak device memory;
  - the agreement of every output with ONNX Runtime's (norm-wise relative
    error, as vtc-run --check: max |got - ref| / max |ref|; PyTorch's too).

Models: the four of ../shared/models (squeezenet1_1, shufflenet_v2_x0_5,
bert-tiny, llama-tiny) and the full-size resnet50, bert-base (sequence 128)
and llama3-8b-1layer, all exported by ../shared/models/export_models.py into
--models-dir (default build/onnx-bench-models), one process per model so
that each is built right after torch.manual_seed(0): the PyTorch module this
script builds is then the very one in the file (same weights), which the
agreement column checks. Folders already there are reused (--re-export to
redo them).

One command, on the GPU machine (torch, torchvision, transformers, onnx and
onnxruntime-gpu there), with the python3 that has them:
    python3 benchmarks/onnx/bench_onnx.py [--vtc-run build/vtc-run] [--out FILE]
    python3 benchmarks/onnx/bench_onnx.py --only 'bert|llama' --runs 50
It prints a markdown report for benchmarks/results/onnx.md on stdout (and to
--out); progress goes to stderr. A failing step stays a row with its error;
the run goes on. Without torch or a GPU it prints one line and exits 3.
"""
import argparse
import datetime
import glob
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "models"))
EXIT_NO_GPU = 3

# (name, what the row says about it); the order of the report.
MODELS = [
    ("squeezenet1_1", "1x3x224x224"),
    ("shufflenet_v2_x0_5", "1x3x224x224"),
    ("bert-tiny", "input_ids 1x64"),
    ("llama-tiny", "input_ids 1x64"),
    ("resnet50", "1x3x224x224"),
    ("bert-base", "input_ids 1x128"),
    ("llama3-8b-1layer", "input_ids 1x128"),
]

BENCH_RE = re.compile(r"bench: @\w+: median ([0-9.eE+-]+) ms")
COMPILE_RE = re.compile(r"bench: .*compile ([0-9.eE+-]+) ms")
PEAK_RE = re.compile(r"^peak intermediate bytes: (\d+)", re.M)


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def fmt_ms(v):
    return "-" if v is None else ("%.3f" % v if v < 10 else "%.1f" % v)


def fmt_mib(v):
    return "-" if v is None else "%.1f" % (v / 2**20)


def fmt_ratio(a, b):
    return "-" if a is None or b is None or b <= 0 else "%.2fx" % (a / b)


def rel_err(got, ref):
    import numpy as np
    got = np.asarray(got, np.float64)
    ref = np.asarray(ref, np.float64)
    if got.shape != ref.shape:
        return None
    scale = float(np.max(np.abs(ref))) if ref.size else 0.0
    err = float(np.max(np.abs(got - ref))) if ref.size else 0.0
    return err / scale if scale > 0 else err


def fmt_err(e):
    return "-" if e is None else "%.1e" % e


# ---- models ------------------------------------------------------------------------


def export(a, name):
    """The model's folder in --models-dir, exported when missing (one
    process per model: torch.manual_seed(0) right before building it)."""
    d = os.path.join(a.models_dir, name)
    if os.path.exists(os.path.join(d, "model.onnx")) and not a.re_export:
        return d, None
    script = os.path.join(SHARED, "export_models.py")
    if not os.path.exists(script):
        return None, "no %s to export with" % script
    os.makedirs(a.models_dir, exist_ok=True)
    log("export %s ..." % name)
    p = subprocess.run([sys.executable, script, a.models_dir, name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode(errors="replace")
    if p.returncode != 0 or not os.path.exists(os.path.join(d, "model.onnx")):
        return None, "export failed: %s" % out.strip()[-300:]
    return d, None


def load_tests(d):
    """The test_data_set_0 inputs and expected outputs (numpy arrays)."""
    from onnx import numpy_helper, TensorProto
    def load(p):
        t = TensorProto()
        with open(p, "rb") as f:
            t.ParseFromString(f.read())
        return numpy_helper.to_array(t)
    s = os.path.join(d, "test_data_set_0")
    ins = [load(p) for p in sorted(glob.glob(os.path.join(s, "input_*.pb")), key=lambda p: int(p.split("_")[-1][:-3]))]
    outs = [load(p) for p in sorted(glob.glob(os.path.join(s, "output_*.pb")), key=lambda p: int(p.split("_")[-1][:-3]))]
    return ins, outs


# ---- vtc ---------------------------------------------------------------------------------


def child_max_rss():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


def vtc_import(a, model):
    """Wall time and peak RSS of importing, verifying and printing the model."""
    translate = os.path.join(os.path.dirname(a.vtc_run), "vtc-translate")
    cmd = [translate, "--import-onnx", model, "-o", os.devnull]
    # ru_maxrss of RUSAGE_CHILDREN is the largest child so far: measure in a
    # fresh python child that runs vtc-translate alone.
    probe = ("import resource, subprocess, sys, time; t = time.time(); "
             "r = subprocess.run(sys.argv[1:]).returncode; dt = time.time() - t; "
             "print(r, dt, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)")
    p = subprocess.run([sys.executable, "-c", probe] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        rc, dt, rss = p.stdout.decode().split()
    except ValueError:
        return None, None, "import probe failed: %s" % p.stderr.decode(errors="replace")[-300:]
    if int(rc) != 0:
        return None, None, "vtc-translate --import-onnx exited %s: %s" % (rc, p.stderr.decode(errors="replace")[-300:])
    return float(dt) * 1e3, int(rss), None


def vtc_run(a, model, inputs, tmp):
    """vtc-run on the device: (median ms, compile ms, peak bytes, outputs, error)."""
    import numpy as np
    files = []
    for i, x in enumerate(inputs):
        files.append(os.path.join(tmp, "in%d.npy" % i))
        np.save(files[-1], x)
    outdir = os.path.join(tmp, "vtc_out")
    cmd = [a.vtc_run, model, "--target=" + a.vtc_target, "--bench=%d" % a.runs, "--report-memory",
           "--output-dir=" + outdir, "--"] + files
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.timeout)
    except subprocess.TimeoutExpired:
        return None, None, None, [], "vtc-run timed out after %d s" % a.timeout
    out = p.stdout.decode(errors="replace")
    if a.verbose:
        log("  $ %s\n  %s" % (" ".join(cmd), out.strip().replace("\n", "\n  ")))
    if p.returncode != 0:
        lines = [l for l in out.strip().splitlines() if l.strip()]
        return None, None, None, [], "vtc-run exited %d: %s" % (p.returncode, lines[-1][:300] if lines else "")
    m, c, pk = BENCH_RE.search(out), COMPILE_RE.search(out), PEAK_RE.search(out)
    outs = [np.load(f) for f in sorted(glob.glob(os.path.join(outdir, "result*.npy")),
                                      key=lambda f: int(re.findall(r"\d+", f)[-1]))]
    return (float(m.group(1)) if m else None, float(c.group(1)) if c else None, int(pk.group(1)) if pk else None,
            outs, None)


# ---- ONNX Runtime --------------------------------------------------------------------------


def median_ms(fn, runs, warmup, sync):
    for _ in range(warmup):
        fn()
    sync()
    ms = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        sync()
        ms.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ms)


def ort_run(a, model, inputs):
    """(session ms, median ms, outputs, error): the CUDA provider, device
    resident inputs and outputs through IOBinding."""
    import onnxruntime as ort
    try:
        t0 = time.perf_counter()
        sess = ort.InferenceSession(model, providers=["CUDAExecutionProvider"])
        create = (time.perf_counter() - t0) * 1e3
        if "CUDAExecutionProvider" not in sess.get_providers():
            return None, None, [], "ONNX Runtime has no CUDA provider here"
        binding = sess.io_binding()
        for meta, x in zip(sess.get_inputs(), inputs):
            binding.bind_ortvalue_input(meta.name, ort.OrtValue.ortvalue_from_numpy(x, "cuda", 0))
        for meta in sess.get_outputs():
            binding.bind_output(meta.name, "cuda")
        run = lambda: sess.run_with_iobinding(binding)  # noqa: E731
        ms = median_ms(run, a.runs, a.warmup, binding.synchronize_outputs)
        return create, ms, [o.numpy() for o in binding.get_outputs()], None
    except Exception as e:  # noqa: BLE001 - a failing peer is a row note
        return None, None, [], "ONNX Runtime: %s: %s" % (type(e).__name__, str(e)[:200])


# ---- PyTorch --------------------------------------------------------------------------------


def torch_runs(a, name, inputs):
    """(eager ms, compile ms, compile time ms, eager peak, compile peak,
    eager outputs, error) for the module the ONNX file was exported from."""
    import torch
    sys.path.insert(0, SHARED)
    try:
        import export_models as em
        torch.manual_seed(0)
        if name == "vit-tiny":
            return (None,) * 6 + ("not built here",)
        model, _, _ = em.MODELS[name]()
        model = model.cuda().eval()
        args = [torch.from_numpy(x).cuda() for x in inputs]
        sync = torch.cuda.synchronize
        with torch.no_grad():
            torch.cuda.reset_peak_memory_stats()
            eager_out = model(*args)
            eager = median_ms(lambda: model(*args), a.runs, a.warmup, sync)
            eager_peak = torch.cuda.max_memory_allocated()
            outs = eager_out if isinstance(eager_out, (tuple, list)) else [eager_out]
            outs = [o.float().cpu().numpy() for o in outs]
            comp = ctime = comp_peak = None
            if not a.skip_compile:
                compiled = torch.compile(model)
                t0 = time.perf_counter()
                compiled(*args)
                sync()
                ctime = (time.perf_counter() - t0) * 1e3
                torch.cuda.reset_peak_memory_stats()
                comp = median_ms(lambda: compiled(*args), a.runs, a.warmup, sync)
                comp_peak = torch.cuda.max_memory_allocated()
        return eager, comp, ctime, eager_peak, comp_peak, outs, None
    except Exception as e:  # noqa: BLE001
        return None, None, None, None, None, [], "PyTorch: %s: %s" % (type(e).__name__, str(e)[:200])


# ---- the report -------------------------------------------------------------------------------


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vtc-run", default=os.path.join(ROOT, "build", "vtc-run"))
    ap.add_argument("--vtc-target", default="cuda")
    ap.add_argument("--models-dir", default=os.path.join(ROOT, "build", "onnx-bench-models"))
    ap.add_argument("--re-export", action="store_true")
    ap.add_argument("--only", help="models whose name matches this regex")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=1200, help="seconds per vtc-run call")
    ap.add_argument("--skip-compile", action="store_true", help="no torch.compile column")
    ap.add_argument("--out")
    ap.add_argument("-v", dest="verbose", action="store_true")
    a = ap.parse_args()
    a.vtc_run = os.path.abspath(a.vtc_run)
    try:
        import numpy  # noqa: F401
        import onnx  # noqa: F401
        import torch
    except Exception as e:  # noqa: BLE001
        print("bench_onnx: needs numpy, onnx, onnxruntime and torch (%s); run with the python3 that has them" % e)
        sys.exit(EXIT_NO_GPU)
    if not torch.cuda.is_available() and a.vtc_target == "cuda":
        print("bench_onnx: no CUDA GPU is visible to PyTorch")
        sys.exit(EXIT_NO_GPU)
    rows_time, rows_mem, notes = [], [], []
    for name, shape in MODELS:
        if a.only and not re.search(a.only, name):
            continue
        d, err = export(a, name)
        if not d:
            notes.append("%s: %s" % (name, err))
            log("%s: %s" % (name, err))
            continue
        model = os.path.join(d, "model.onnx")
        size = os.path.getsize(model)
        ins, expected = load_tests(d)
        log("%s: import ..." % name)
        imp_ms, imp_rss, err = vtc_import(a, model)
        if err:
            notes.append("%s: %s" % (name, err))
        tmp = tempfile.mkdtemp(prefix="bench_onnx_")
        try:
            log("%s: vtc-run --target=%s ..." % (name, a.vtc_target))
            v_ms, v_compile, v_peak, v_outs, err = vtc_run(a, model, ins, tmp)
            if err:
                notes.append("%s: %s" % (name, err))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        log("%s: ONNX Runtime ..." % name)
        o_create, o_ms, o_outs, err = ort_run(a, model, ins)
        if err:
            notes.append("%s: %s" % (name, err))
        ref = o_outs or expected
        log("%s: PyTorch ..." % name)
        e_ms, c_ms, c_time, e_peak, c_peak, t_outs, err = torch_runs(a, name, ins)
        if err:
            notes.append("%s: %s" % (name, err))
        v_err = max((rel_err(g, r) or 0 for g, r in zip(v_outs, ref)), default=None) if v_outs else None
        t_err = rel_err(t_outs[0], ref[0]) if t_outs and ref else None
        rows_time.append([name, shape, fmt_ms(v_ms), fmt_ms(e_ms), fmt_ms(c_ms), fmt_ms(o_ms),
                          fmt_ratio(e_ms, v_ms), fmt_ratio(c_ms, v_ms), fmt_ratio(o_ms, v_ms), fmt_err(v_err),
                          fmt_err(t_err)])
        rows_mem.append(["%s (%.1f MiB)" % (name, size / 2**20), fmt_ms(imp_ms), fmt_mib(imp_rss),
                         "%.2f" % (imp_rss / size) if imp_rss else "-", fmt_ms(v_compile), fmt_ms(o_create),
                         fmt_ms(c_time), fmt_mib(v_peak), fmt_mib(e_peak), fmt_mib(c_peak)])
    dev = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU"
    vers = ["torch %s" % torch.__version__]
    for mod in ["onnx", "onnxruntime", "transformers", "torchvision"]:
        try:
            vers.append("%s %s" % (mod, __import__(mod).__version__))
        except Exception:  # noqa: BLE001
            pass
    report = ["## ONNX models on %s (%s)" % (dev, datetime.date.today().isoformat()), "",
              "`python3 benchmarks/onnx/bench_onnx.py` (%s; %s, Python %s; %d timed runs after %d warm-ups, "
              "medians)." % (a.vtc_target, ", ".join(vers), platform.python_version(), a.runs, a.warmup), "",
              "### Time per inference (ms; the ratios are peer / vtc: above 1 means vtc is faster)", "",
              md_table(["model", "input", "vtc", "eager", "compile", "ORT CUDA", "eager/vtc", "compile/vtc",
                        "ORT/vtc", "vtc err", "torch err"], rows_time), "",
              "Errors: max |out - ORT| / max |ORT| over the outputs (ORT CUDA's outputs; the stored ORT CPU ones "
              "where ORT CUDA failed).", "",
              "### Import, compilation and memory", "",
              md_table(["model (file)", "import ms", "import peak MiB", "peak / file", "vtc compile ms",
                        "ORT session ms", "torch.compile ms", "vtc peak interm. MiB", "eager peak MiB",
                        "compile peak MiB"], rows_mem), "",
              "vtc import: `vtc-translate --import-onnx MODEL -o /dev/null` (import, verify, print with the "
              "weights' hex), wall time and max RSS. vtc peak: the intermediate buffers of the plan "
              "(`--report-memory`; the weights are arguments, resident once). PyTorch peaks: "
              "`torch.cuda.max_memory_allocated`, weights included."]
    if notes:
        report += ["", "Notes:", ""] + ["- " + n for n in notes]
    text = "\n".join(report) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
