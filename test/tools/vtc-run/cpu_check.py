#!/usr/bin/python3
"""End to end on the CPU, in CI (issue 5): `vtc-run --target=cpu --check` on
every workload's small configurations (the dynamic ones at each size of
gen.py's `dynamic` bindings), on every graph-op case of the reference
interpreter's suite, and on the dynamic reshapes of reshape-dynamic.mlir at
several sizes (RESHAPE_SIZES, uniform [-1, 1) inputs). Each compiles with the default pipeline (graph -> te ->
gir -> LLVM, JIT at O3), runs, and must match the graph reference
interpreter on the same inputs within vtc-run's per-dtype tolerance
(`vtc-run --help`, CHECK).

Inputs: the workloads' are made by benchmarks/workloads/check.py's
make_input (valid KV-cache and gather indices); the op cases and their
inputs are those of test/Dialect/graph/interp/test_interpreter.py (its
generators are imported and called with a runner that runs
`--target=cpu --check` instead of comparing with numpy; its run-time error
cases are interpreter-specific and skipped).

The same cases run on other targets with --target (and --pass-pipeline):
on the GPU `--target=cuda`, and in CI `--target=gir --pass-pipeline=GPU`
runs the GPU form of lower-te-to-gir (`hierarchy=gpu`) in the gir
interpreter, so the GPU kernels' semantics are checked without a GPU.

With --ptxas=PTXAS --translate=VTC_TRANSLATE the cases are not run: each
is translated to PTX for sm_90 (`vtc-translate --emit=ptx`, the GPU
pipeline) and assembled by NVIDIA's ptxas (test/Target/nvptx/ptxas-all.test).

In sanitizer builds ctest and lit set VTC_TEST_SAMPLE=N: only the cases
whose label's crc32 is 0 mod N run (a fixed third with N = 3). These suites
were most of the sanitizer run's time (cpu.check alone 7.5 minutes), and
each case mostly repeats code paths that its neighbours take; the default
build runs every case.

Usage: cpu_check.py VTC_RUN [--target=T] [--pass-pipeline=P] [-k SUBSTRING] [-j JOBS] [-v]
                    [--workloads-only | --ops-only] [--ptxas=PTXAS --translate=VTC_TRANSLATE]
Prints one line per case and `N passed, M failed`; exits 1 if any failed.
Needs numpy (/usr/bin/python3).
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
WORKLOADS = os.path.join(SRC, "benchmarks", "workloads")
sys.path.insert(0, WORKLOADS)
sys.path.insert(0, os.path.join(SRC, "test", "Dialect", "graph", "interp"))
import check as W  # noqa: E402  (benchmarks/workloads/check.py)
import gen  # noqa: E402
import test_interpreter as TI  # noqa: E402

# Known failures, each with its reason: reported as XFAIL (and XPASS, not a
# failure, once fixed: then delete the entry). Everything else must pass.
# Keyed by (target, case label).
XFAIL = {
    ("gir", "op graph: call with dynamic dims"): "the gir interpreter does not run func.call (compiled targets do)",
    ("te", "op graph: call with dynamic dims"): "the te interpreter does not run func.call (compiled targets do)",
}

# Threads per vtc-run: the kernels still run in parallel, several cases at once.
THREADS_PER_RUN = 4


class Case:
    def __init__(self, label, mlir, inputs):
        self.label, self.mlir, self.inputs = label, mlir, inputs


def workload_cases(tmp, only):
    for wl, cfg, bind, label in W.cases(only):
        specs = gen.input_specs(wl, cfg)
        rng = np.random.default_rng(zlib.crc32(label.encode()))
        d = os.path.join(tmp, "wl_" + label.replace(" ", "_").replace("=", ""))
        os.makedirs(d, exist_ok=True)
        files = []
        for s in specs:
            shape = tuple(bind[x] if isinstance(x, str) else x for x in s["shape"])
            arr, _ = W.make_input(s, shape, rng)
            files.append(os.path.join(d, "in_%s.npy" % s["name"]))
            np.save(files[-1], arr)
        yield Case("workload " + label, os.path.join(WORKLOADS, "%s.%s.mlir" % (wl, cfg)), files)


class CollectRunner(TI.Runner):
    """The interpreter suite's runner, collecting its modules and inputs."""

    def __init__(self, tmp, pattern):
        super().__init__(None, None, tmp, False, pattern)
        self.cases = []

    def module(self, name, module, inputs, expect, check_mapping=False):
        if not self.wanted(name):
            return
        expects = expect if isinstance(expect, list) else [expect]
        mlir, ins, _ = self.files(module, inputs, len(expects))
        self.cases.append(Case("op " + name, mlir, ins))

    def error(self, name, module, inputs, needle, line=None):
        pass  # the interpreter's run-time errors: not a compiled-code property


def op_cases(tmp, only):
    R = CollectRunner(tmp, only)
    np.seterr(all="ignore")
    for fn in [TI.test_unary, TI.test_binary, TI.test_where_cast, TI.test_matmul, TI.test_conv2d,
               TI.test_norms_softmax, TI.test_reduce, TI.test_attention, TI.test_movement, TI.test_pad,
               TI.test_gather_scatter, TI.test_graphs, TI.test_onnx_elementwise, TI.test_onnx_ops, TI.test_resize]:
        fn(R)
    return R.cases


# Reshapes and flattens that merge or split dynamic dims (the lit test
# reshape-dynamic.mlir, which runs them on --target=te and cpu too), at
# several sizes of N (even) and M, as the dynamic workloads are: each size
# gives every argument's shape.
RESHAPE_MODULE = os.path.join(HERE, "reshape-dynamic.mlir")
RESHAPE_SIZES = [(2, 1), (6, 7), (16, 3), (0, 2)]


def reshape_shapes(n, m):
    return [(n, 8), (n, 4), (2, m), (4 * n,), (n, 6), (m, n), (n, m, 4), (3, m, 4), (n, m, 3), (3, 4, m),
            (2, m, 3), (4, 3)]


def reshape_cases(tmp, only):
    for n, m in RESHAPE_SIZES:
        label = "dynamic reshape N=%d M=%d" % (n, m)
        if only and only not in label:
            continue
        rng = np.random.default_rng(zlib.crc32(label.encode()))
        d = os.path.join(tmp, "reshape_%d_%d" % (n, m))
        os.makedirs(d, exist_ok=True)
        files = []
        for k, shape in enumerate(reshape_shapes(n, m)):
            files.append(os.path.join(d, "in%d.npy" % k))
            np.save(files[-1], rng.uniform(-1, 1, shape).astype(np.float32))
        yield Case(label, RESHAPE_MODULE, files)


def run_case(vtc_run, case, verbose, target, pipeline, extra):
    cmd = [vtc_run, case.mlir, "--target=" + target, "--check"] + ["--input=" + f for f in case.inputs]
    if pipeline:
        cmd.append("--pass-pipeline=" + pipeline)
    cmd += extra
    env = dict(os.environ, VTC_NUM_THREADS=str(THREADS_PER_RUN))
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300, env=env)
    except subprocess.TimeoutExpired:
        return False, "vtc-run timed out", ""
    out = p.stdout.decode(errors="replace")
    checks = [ln for ln in out.splitlines() if ln.startswith("check: result")]
    worst = 0.0
    for ln in checks:
        if "rel_err=" in ln:
            try:
                worst = max(worst, float(ln.split("rel_err=")[1].split()[0]))
            except ValueError:
                pass
    ok = p.returncode == 0 and "check: ok" in out and "Sanitizer" not in out and "runtime error" not in out
    why = "worst rel_err %.3g over %d results" % (worst, len(checks)) if ok else \
        "exit %d:\n    %s\n    $ %s" % (p.returncode, out.strip()[-3000:].replace("\n", "\n    "), " ".join(cmd))
    return ok, why, out if verbose else ""


def ptxas_case(translate, ptxas, case, verbose, tmp):
    ptx = os.path.join(tmp, "%08x.ptx" % zlib.crc32(case.label.encode()))
    steps = [[translate, case.mlir, "--emit=ptx", "-o", ptx], [ptxas, "-arch=sm_90", ptx, "-o", "/dev/null"]]
    for cmd in steps:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        if p.returncode:
            out = p.stdout.decode(errors="replace")
            return False, "exit %d:\n    %s\n    $ %s" % (p.returncode, out.strip()[-3000:], " ".join(cmd)), ""
    return True, "assembled for sm_90", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vtc_run")
    ap.add_argument("-k", dest="only", help="run only cases whose label contains this")
    ap.add_argument("-j", dest="jobs", type=int, default=max(1, (os.cpu_count() or 4) // THREADS_PER_RUN))
    ap.add_argument("-v", action="store_true", dest="verbose")
    ap.add_argument("--workloads-only", action="store_true")
    ap.add_argument("--ops-only", action="store_true")
    ap.add_argument("--target", default="cpu", help="vtc-run's --target (default cpu)")
    ap.add_argument("--pass-pipeline", dest="pipeline", help="vtc-run's --pass-pipeline (default: the target's)")
    ap.add_argument("--vtc-arg", action="append", default=[], dest="extra",
                    help="one more vtc-run argument (may repeat), e.g. --vtc-arg=--cuda-graphs=always")
    ap.add_argument("--ptxas", help="assemble each case's PTX with this ptxas instead of running it")
    ap.add_argument("--translate", help="vtc-translate, for --ptxas")
    a = ap.parse_args()
    if bool(a.ptxas) != bool(a.translate):
        ap.error("--ptxas and --translate go together")
    vtc_run = os.path.abspath(shutil.which(a.vtc_run) or a.vtc_run)
    if a.translate:
        a.translate = os.path.abspath(shutil.which(a.translate) or a.translate)
    tmp = tempfile.mkdtemp(prefix="vtc_cpu_check_")
    passed = failed = xfailed = 0
    xpassed = []
    try:
        cases = []
        if not a.ops_only:
            cases += list(workload_cases(tmp, a.only))
        if not a.workloads_only:
            cases += op_cases(tmp, a.only)
            cases += list(reshape_cases(tmp, a.only))
        sample = int(os.environ.get("VTC_TEST_SAMPLE") or 1)
        if sample > 1:
            total = len(cases)
            cases = [c for c in cases if zlib.crc32(c.label.encode()) % sample == 0]
            print("VTC_TEST_SAMPLE=%d: %d of %d cases" % (sample, len(cases), total))
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            if a.ptxas:
                results = pool.map(lambda c: ptxas_case(a.translate, a.ptxas, c, a.verbose, tmp), cases)
            else:
                results = pool.map(lambda c: run_case(vtc_run, c, a.verbose, a.target, a.pipeline, a.extra), cases)
            for case, (ok, why, out) in zip(cases, results):
                known = XFAIL.get((a.target, case.label))
                if known and not ok:
                    print("XFAIL %s: %s" % (case.label, known))
                    xfailed += 1
                    continue
                if known:
                    xpassed.append(case.label)
                print("%s  %s: %s" % ("PASS" if ok else "FAIL", case.label, why))
                if out:
                    print("    " + out.strip().replace("\n", "\n    "))
                sys.stdout.flush()
                passed += ok
                failed += not ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for label in xpassed:
        print("XPASS %s: it passes now; delete its XFAIL entry in %s" % (label, os.path.basename(__file__)))
    print("%d passed, %d failed, %d expected failures" % (passed, failed, xfailed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
