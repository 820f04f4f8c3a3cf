#!/usr/bin/env python3
"""Vortex Fig. 15 on the CPU: the model's run-time choice against the oracle.

For each shape, one dynamic f32 matmul (`?x?` times `?x?`) compiled by the
default pipeline is timed with `vtc-run --target=cpu --bench` as the model
chooses, and with every variant forced (`lower-te-to-gir{vortex-variant=i}`:
the plan's micro-kernels, then their direct twins; the index past them is
the plain kernel, left out). The oracle is the fastest forced variant; the
table gives the model's time as % of it (higher is better, 100% at best)
and the mean over the shapes (the paper's default: 94.7%, the issue's
goal: >= 90%).

Usage: oracle.py --vtc-run build/vtc-run [--runs 15] [--shapes MxNxK,...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

BENCH = re.compile(r"bench: @main: median ([0-9.]+) ms")
MODULE = """func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = graph.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
"""
DEFAULT_SHAPES = ([(m, 768, 2304) for m in (1, 33, 65, 97, 129, 193, 257, 381)] +
                  [(m, 2304, 768) for m in (1, 33, 65, 97, 129, 193, 257, 381)] +
                  [(n, n, n) for n in (256, 512, 1024, 2048)])


def run(vtc_run, path, shape, runs, variant=None):
    m, n, k = shape
    cmd = [vtc_run, path, "--target=cpu", f"--bench={runs}", f"--dim=a.0={m}", f"--dim=a.1={k}",
           f"--dim=b.0={k}", f"--dim=b.1={n}"]
    if variant is not None:
        cmd.append(f"--pass-pipeline=builtin.module(lower-graph-to-te,lower-te-to-gir{{vortex-variant={variant}}})")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    hit = BENCH.search(p.stdout)
    return float(hit.group(1)) if hit else None


def count_variants(vtc_opt, path):
    """Cases of the host switch (the variants; the default is the plain kernel)."""
    p = subprocess.run([vtc_opt, path, "--pass-pipeline=builtin.module(lower-graph-to-te,lower-te-to-gir)"],
                       capture_output=True, text=True, timeout=600)
    return len(re.findall(r"^\s*case \d+ \{", p.stdout, re.M))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vtc-run", required=True)
    ap.add_argument("--vtc-opt")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--shapes", help="MxNxK,...")
    a = ap.parse_args()
    vtc_opt = a.vtc_opt or os.path.join(os.path.dirname(a.vtc_run), "vtc-opt")
    shapes = ([tuple(int(x) for x in s.split("x")) for s in a.shapes.split(",")] if a.shapes else DEFAULT_SHAPES)
    path = os.path.join(tempfile.mkdtemp(), "mm.mlir")
    open(path, "w").write(MODULE)
    nv = count_variants(vtc_opt, path)
    print(f"{nv} variants (the plan's micro-kernels and their direct twins)\n")
    print("| M x N x K | model ms | " + " | ".join(f"v{i} ms" for i in range(nv)) + " | oracle | model / oracle |")
    print("| --- | ---: | " + " | ".join("---:" for _ in range(nv)) + " | --- | ---: |")
    ratios = []
    for shape in shapes:
        model = run(a.vtc_run, path, shape, a.runs)
        forced = [run(a.vtc_run, path, shape, a.runs, v) for v in range(nv)]
        ok = [t for t in forced if t is not None]
        if model is None or not ok:
            print(f"| {'x'.join(map(str, shape))} | failed |")
            continue
        best = min(ok)
        ratios.append(best / model)
        cells = " | ".join("-" if t is None else f"{t:.3f}" for t in forced)
        print(f"| {'x'.join(map(str, shape))} | {model:.3f} | {cells} | v{forced.index(best)} | "
              f"{100 * best / model:.0f}% |", flush=True)
    if ratios:
        print(f"\nmodel / oracle: mean {100 * sum(ratios) / len(ratios):.1f}%, min {100 * min(ratios):.0f}% "
              f"over {len(ratios)} shapes")


if __name__ == "__main__":
    sys.exit(main())
