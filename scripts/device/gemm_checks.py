#!/usr/bin/env python3
"""Vortex's GPU GEMMs against the reference interpreter, on the device:
`vtc-run --target=cuda --check --sweep` of dynamic-M matmuls over the
issue's sizes (M 1, 7, 37, 129, 383, 1000; K 7, 100, 999, and the BERT
shapes), f16 (tensor cores) and f32 (CUDA-core FFMA), B as stored (K x N)
and as a Linear layer's weight (N x K, composed into the load by
souffle-vertical{into-ci=true}), each with the model's choice and with
every variant forced (vortex-variant=V; past the last one, the plain
kernel). One compilation per (module, variant), every M in one sweep.
Usage: gemm_checks.py VTC_RUN [-j JOBS]; prints one line per run and
`N passed, M failed`, exits 1 if any failed."""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

MS = "1,7,37,129,383,1000"
MS_BERT = "1,16,37,129"  # the reference interpreter is naive: smaller M at BERT's N x K
VARIANTS = 9  # 0..8: the planner keeps at most 8 (max-variants), 8 is then the plain kernel


def module(k, n, dtype, weight):
    if not weight:
        return (f"func.func @main(%a: tensor<?x{k}x{dtype}>, %b: tensor<{k}x{n}x{dtype}>) -> tensor<?x{n}x{dtype}> {{\n"
                f"  %c = graph.matmul %a, %b : (tensor<?x{k}x{dtype}>, tensor<{k}x{n}x{dtype}>) -> tensor<?x{n}x{dtype}>\n"
                f"  return %c : tensor<?x{n}x{dtype}>\n}}\n")
    return (f"func.func @main(%a: tensor<?x{k}x{dtype}>, %w: tensor<{n}x{k}x{dtype}>) -> tensor<?x{n}x{dtype}> {{\n"
            f"  %b = graph.transpose %w {{perm = [1, 0]}} : (tensor<{n}x{k}x{dtype}>) -> tensor<{k}x{n}x{dtype}>\n"
            f"  %c = graph.matmul %a, %b : (tensor<?x{k}x{dtype}>, tensor<{k}x{n}x{dtype}>) -> tensor<?x{n}x{dtype}>\n"
            f"  return %c : tensor<?x{n}x{dtype}>\n}}\n")


def cases():
    for dtype in ("f16", "f32"):
        for k, n in ((7, 96), (100, 96), (999, 96), (768, 2304), (3072, 768)):
            forced = k in (999, 3072)
            for weight in (False, True):
                for v in ([None] + list(range(VARIANTS)) if forced else [None]):
                    yield dtype, k, n, weight, v


def name_of(case):
    dtype, k, n, weight, v = case
    return f"{dtype} ?x{n}x{k} {'weight NxK' if weight else 'B KxN'} {'model' if v is None else f'variant {v}'}"


def run(vtc_run, target, tmp, case):
    dtype, k, n, weight, v = case
    ms = MS if n * k < 100000 else MS_BERT
    path = os.path.join(tmp, f"mm_{dtype}_{k}_{n}_{'w' if weight else 'b'}.mlir")
    opts = " ".join(o for o in ("hierarchy=gpu" if target == "cuda" else "",
                                 "" if v is None else f"vortex-variant={v}") if o)
    pre = "souffle-vertical{into-ci=true}," if weight else ""
    cmd = [vtc_run, path, f"--target={target}", "--check", f"--sweep=a.0={ms}",
           f"--pass-pipeline=builtin.module(lower-graph-to-te,{pre}lower-te-to-gir{{{opts}}})"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    oks = p.stdout.count("check: ok")
    ok = p.returncode == 0 and oks == ms.count(",") + 1
    name = name_of(case)
    return ok, name, "" if ok else (p.stdout[-1500:] + p.stderr[-1500:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vtc_run")
    ap.add_argument("-j", type=int, default=4)
    ap.add_argument("--target", default="cuda", help="cuda, or cpu to try the script without a GPU")
    ap.add_argument("-k", default="", help="only the cases whose name holds this")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    for dtype, k, n, weight, _ in cases():
        path = os.path.join(tmp, f"mm_{dtype}_{k}_{n}_{'w' if weight else 'b'}.mlir")
        open(path, "w").write(module(k, n, dtype, weight))
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        todo = [c for c in cases() if a.k in name_of(c)]
        for ok, name, log in ex.map(lambda c: run(a.vtc_run, a.target, tmp, c), todo):
            print(f"{'PASS' if ok else 'FAIL'}: {name}", flush=True)
            if not ok:
                print(log)
            passed, failed = passed + ok, failed + (not ok)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
