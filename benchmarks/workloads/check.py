#!/usr/bin/python3
"""Numeric check of the workloads' small configurations: for each one (and
each binding of its dynamic dimensions) it makes seeded random inputs with
numpy, writes them as .npy, runs `vtc-run FILE --entry=main --input=...
--output=...` on the committed benchmarks/workloads/<name>.<config>.mlir, and
compares every output with reference.py's numpy implementation.

Usage: check.py VTC_RUN [--only SUBSTRING] [--keep DIR] [-v]

Tolerance: max |vtc - numpy| <= tol * max |numpy| per output, with tol by the
workload's compute dtype: f32 1e-4, f16 1e-2, bf16 3e-2. Prints one line per
case and `N passed, M failed`; exits 1 if any case failed. Needs numpy
(Debian's python3-numpy: run it with /usr/bin/python3).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import reference  # noqa: E402

TOL = {"f32": 1e-4, "f16": 1e-2, "bf16": 3e-2}
NP_DTYPE = {"f32": np.float32, "f16": np.float16, "i64": np.int64, "i32": np.int32}


def make_input(spec, shape, rng):
    """Returns (array to save as .npy, float64/int64 values for the reference)."""
    dt, init = spec["dtype"], spec["init"]
    if init[0] == "kv_index":
        b = shape[0]
        idx = np.zeros(shape, dtype=np.int64)
        idx[:, 0, 0] = np.arange(b)
        idx[:, 0, 1] = init[1]
        return idx.astype(NP_DTYPE[dt]), idx
    if init[0] == "normal":
        x = rng.standard_normal(shape) * init[1]
    elif init[0] == "uniform":
        x = rng.uniform(init[1], init[2], shape)
    else:
        raise ValueError(init)
    if dt == "bf16":
        bits = reference.bf16_bits(x)
        return bits, reference.bf16_value(bits)
    arr = x.astype(NP_DTYPE[dt])
    return arr, arr.astype(np.float64)


def load_output(path):
    a = np.load(path)
    if a.dtype == np.uint16:  # bf16 as raw bits (runtime/npy.h)
        return reference.bf16_value(a)
    return a.astype(np.float64)


def cases(only):
    for wl, w in gen.WORKLOADS.items():
        for cfg in w["configs"]:
            if not cfg.startswith("small"):
                continue
            dyn = w.get("dynamic", {})
            bindings = [{}] if not dyn else [{d: v} for d, vals in dyn.items() for v in vals]
            for bind in bindings:
                label = "%s.%s" % (wl, cfg) + "".join(" %s=%d" % kv for kv in bind.items())
                if only and only not in label:
                    continue
                yield wl, cfg, bind, label


def run_case(vtc_run, wl, cfg, bind, label, workdir, verbose):
    params = gen.WORKLOADS[wl]["configs"][cfg]
    specs = gen.input_specs(wl, cfg)
    mlir = os.path.join(HERE, "%s.%s.mlir" % (wl, cfg))
    rng = np.random.default_rng(zlib.crc32(label.encode()))
    d = os.path.join(workdir, label.replace(" ", "_").replace("=", ""))
    os.makedirs(d, exist_ok=True)
    inputs, files = {}, []
    for s in specs:
        shape = tuple(bind[x] if isinstance(x, str) else x for x in s["shape"])
        arr, val = make_input(s, shape, rng)
        path = os.path.join(d, "in_%s.npy" % s["name"])
        np.save(path, arr)
        files.append(path)
        inputs[s["name"]] = val
    expected = reference.REFERENCES[wl](params, inputs)
    outs = [os.path.join(d, "out%d.npy" % i) for i in range(len(expected))]
    cmd = [vtc_run, mlir, "--entry=main"] + ["--input=" + f for f in files] + ["--output=" + o for o in outs]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    except subprocess.TimeoutExpired:
        return False, "vtc-run timed out", 0.0
    dt = time.time() - t0
    if verbose:
        print("  $ " + " ".join(cmd))
        print("  " + p.stdout.decode(errors="replace").replace("\n", "\n  "))
    if p.returncode != 0:
        return False, "vtc-run exited %d: %s" % (p.returncode, p.stdout.decode(errors="replace").strip()[-2000:]), dt
    tol = TOL[gen.tolerance_dtype(wl, params)]
    worst = 0.0
    for i, (o, e) in enumerate(zip(outs, expected)):
        if not os.path.exists(o):
            return False, "output %d was not written" % i, dt
        got = load_output(o)
        if got.shape != e.shape:
            return False, "output %d has shape %s, numpy says %s" % (i, got.shape, e.shape), dt
        scale = max(float(np.max(np.abs(e))) if e.size else 0.0, 1e-30)
        err = float(np.max(np.abs(got - e))) / scale if e.size else 0.0
        if not np.all(np.isfinite(got)):
            return False, "output %d has non-finite values" % i, dt
        worst = max(worst, err)
        if err > tol:
            at = np.unravel_index(np.argmax(np.abs(got - e)), e.shape)
            return False, "output %d: relative error %.3g > %.0e (at %s: vtc %r, numpy %r)" % (
                i, err, tol, tuple(int(x) for x in at), float(got[at]), float(e[at])), dt
    return True, "relative error %.2g (tol %.0e)" % (worst, tol), dt


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vtc_run")
    ap.add_argument("--only", help="check only cases whose label contains this")
    ap.add_argument("--keep", help="write the .npy files under this folder and keep them")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    workdir = a.keep or tempfile.mkdtemp(prefix="vtc-workloads-")
    passed = failed = 0
    try:
        for wl, cfg, bind, label in cases(a.only):
            try:
                ok, msg, dt = run_case(a.vtc_run, wl, cfg, bind, label, workdir, a.verbose)
            except Exception as e:  # a bug here is a failure of the case, not of the run
                ok, msg, dt = False, "check.py error: %r" % e, 0.0
            print("%s %-45s %s [%.2fs]" % ("PASS" if ok else "FAIL", label, msg, dt))
            sys.stdout.flush()
            passed += ok
            failed += not ok
    finally:
        if not a.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
