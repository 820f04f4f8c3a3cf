#!/usr/bin/env python3
"""Vortex's GEMMs on the GPU against cuBLAS and torch.compile, side by side.

Each case is a `graph.matmul` whose M is `?` (bound per run with --dim), so
every vtc time below goes through the run-time selection: the host plan
evaluates the analytical model for the bound sizes and launches the
variant it picks (lowering/te-to-gir/rkernel.c). vtc's time is the plan's
median per call (`vtc-run --target=cuda --bench`: selection, C's buffer
from the caching allocator, the launch); cuBLAS's is torch.matmul on
preallocated inputs, torch.compile's its compiled function (default mode,
dynamic=True: one compilation serves every M),
both timed with CUDA events over the same number of runs.

  --variants   also force each variant (vortex-variant=N) on a few shapes:
               what the model chose against the best the planner offered.
  --checks     issue 11's A/B: the per-call cost of run-time shape checks,
               the same dynamic module with and without them
               (lower-graph-to-te{runtime-checks=false}), and optionally by
               an older build (--base-vtc-run).

Writes gemm.md (tables), gemm.csv and, when matplotlib is present,
gemm_m_sweep.png into --out.
Usage: bench_gemm.py --vtc-run PATH --out DIR [--runs N] [--variants]
                     [--checks --base-vtc-run PATH]
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

BENCH_RE = re.compile(r"bench: @main: median ([0-9.]+) ms")
SQUARE = [1024, 2048, 4096, 8192]
BERT_NK = [(768, 2304, "qkv"), (768, 768, "proj"), (768, 3072, "ffn1"), (3072, 768, "ffn2")]
BERT_M = [1, 16, 128, 384, 1024, 4096]


def module(k, n, dtype):
    return (f"func.func @main(%a: tensor<?x{k}x{dtype}>, %b: tensor<{k}x{n}x{dtype}>) -> tensor<?x{n}x{dtype}> {{\n"
            f"  %c = graph.matmul %a, %b : (tensor<?x{k}x{dtype}>, tensor<{k}x{n}x{dtype}>) -> tensor<?x{n}x{dtype}>\n"
            f"  return %c : tensor<?x{n}x{dtype}>\n}}\n")


def run_vtc(vtc_run, path, m, runs, extra=()):
    cmd = [vtc_run, path, "--target=cuda", f"--bench={runs}", f"--dim=a.0={m}", *extra]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    hit = BENCH_RE.search(p.stdout)
    if p.returncode or not hit:
        sys.stderr.write(f"vtc-run failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout[-800:]}{p.stderr[-800:]}\n")
        return None
    return float(hit.group(1))


SWEEP_RE = re.compile(r"^sweep: \S+=(\d+)$")


def run_vtc_sweep(vtc_run, path, ms, runs, extra=()):
    """One vtc-run for every M (--sweep: one compilation, one PTX load):
    {m: median ms}; an M whose run failed is missing."""
    cmd = [vtc_run, path, "--target=cuda", f"--bench={runs}", "--sweep=a.0=" + ",".join(map(str, ms)), *extra]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    out, m = {}, None
    for line in p.stdout.splitlines():
        hit = SWEEP_RE.match(line)
        if hit:
            m = int(hit.group(1))
            continue
        hit = BENCH_RE.search(line)
        if hit and m is not None:
            out[m] = float(hit.group(1))
    if p.returncode or len(out) != len(ms):
        sys.stderr.write(f"vtc-run --sweep failed ({p.returncode}): {' '.join(cmd[:5])}\n{p.stdout[-800:]}{p.stderr[-800:]}\n")
    return out


def run_many(vtc_run, path, ms, runs, sweep, extra=()):
    """{m: ms} by one --sweep run, or (a build without --sweep) one run per M."""
    if sweep:
        return run_vtc_sweep(vtc_run, path, ms, runs, extra)
    return {m: run_vtc(vtc_run, path, m, runs, extra) for m in ms}


def pipeline(opts):
    return f"--pass-pipeline=builtin.module(lower-graph-to-te,lower-te-to-gir{{hierarchy=gpu {opts}}})"


class Torch:
    def __init__(self, runs):
        import torch
        self.torch, self.runs = torch, runs
        self.compiled = torch.compile(lambda a, b: a @ b, dynamic=True)

    def time(self, fn, a, b):
        torch = self.torch
        for _ in range(10):
            fn(a, b)
        torch.cuda.synchronize()
        times = []
        for _ in range(self.runs):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            fn(a, b)
            e.record()
            e.synchronize()
            times.append(s.elapsed_time(e))
        times.sort()
        return times[len(times) // 2]

    def pair(self, m, n, k, dtype):
        torch = self.torch
        dt = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[dtype]
        torch.backends.cuda.matmul.allow_tf32 = False
        a = torch.randn(m, k, device="cuda", dtype=dt)
        b = torch.randn(k, n, device="cuda", dtype=dt)
        eager = self.time(torch.matmul, a, b)
        try:
            comp = self.time(self.compiled, a, b)
        except Exception as ex:  # torch.compile may be unavailable (no triton)
            sys.stderr.write(f"torch.compile failed: {ex}\n")
            comp = None
        return eager, comp


# Vortex Table 6: M in [1, 384] step 4 (1, 5, ..., 381) and batch 16 x
# sequence 5..128 step 19; N x K = 768 x 2304 (the paper's) and 2304 x 768
# (the QKV orientation).
TABLE6_M = sorted(set(list(range(1, 385, 4)) + [16 * s for s in range(5, 129, 19)]))
TABLE6_NK = [(768, 2304, "paper"), (2304, 768, "qkv")]


def table6_rows(a, tmp, peers):
    rows = []
    for dtype in a.table6_dtypes.split(","):
        for n, k, name in TABLE6_NK:
            path = os.path.join(tmp, f"t6_{k}_{n}_{dtype}.mlir")
            open(path, "w").write(module(k, n, dtype))
            vtcs = run_many(a.vtc_run, path, TABLE6_M, a.runs, True)
            bases = run_many(a.base_vtc_run, path, TABLE6_M, a.runs, a.base_sweeps) if a.base_vtc_run else {}
            for m in TABLE6_M:
                vtc, base = vtcs.get(m), bases.get(m)
                eager, comp = peers.pair(m, n, k, dtype)
                rows.append(dict(case=name, dtype=dtype, m=m, n=n, k=k, vtc_ms=vtc, base_ms=base, cublas_ms=eager,
                                 compile_ms=comp))
                print(f"table6 {name} {dtype} {m}x{n}x{k}: vtc {fmt(vtc)} base {fmt(base)} cublas {fmt(eager)} "
                      f"compile {fmt(comp)} ms", flush=True)
    write_csv(os.path.join(a.out, "table6.csv"), rows)
    return rows


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def tflops(m, n, k, ms):
    return 2.0 * m * n * k / (ms * 1e-3) / 1e12 if ms else None


def fmt(v, spec="{:.4f}"):
    return "-" if v is None else spec.format(v)


def gemm_rows(a, tmp, peers):
    cases = [(s, s, s, "f16", "square") for s in SQUARE]
    cases += [(m, n, k, "f16", name) for (k, n, name) in BERT_NK for m in BERT_M]
    cases += [(4096, 4096, 4096, "f32", "square"), (128, 2304, 768, "f32", "qkv"), (2048, 2304, 768, "f32", "qkv")]
    rows = []
    # One vtc-run per (K, N, dtype) family, every M of it in one --sweep.
    families = {}
    for m, n, k, dtype, name in cases:
        families.setdefault((k, n, dtype), []).append(m)
    vtc_ms, base_ms, naive_ms = {}, {}, {}
    for (k, n, dtype), ms in families.items():
        path = os.path.join(tmp, f"mm_{k}_{n}_{dtype}.mlir")
        open(path, "w").write(module(k, n, dtype))
        for m, t in run_many(a.vtc_run, path, ms, a.runs, True).items():
            vtc_ms[(m, n, k, dtype)] = t
        if a.base_vtc_run:
            for m, t in run_many(a.base_vtc_run, path, ms, a.runs, a.base_sweeps).items():
                base_ms[(m, n, k, dtype)] = t
        # The ablation (the plain kernel) at M = 128 and 1024 only: it is slow.
        slow = [m for m in ms if m in (128, 1024)]
        if slow:
            for m, t in run_many(a.vtc_run, path, slow, a.runs, True, [pipeline("contractions=naive")]).items():
                naive_ms[(m, n, k, dtype)] = t
    for m, n, k, dtype, name in cases:
        key = (m, n, k, dtype)
        vtc, base, naive = vtc_ms.get(key), base_ms.get(key), naive_ms.get(key)
        eager, comp = peers.pair(m, n, k, dtype)
        best = min(x for x in (eager, comp) if x is not None)
        rows.append(dict(case=name, dtype=dtype, m=m, n=n, k=k, vtc_ms=vtc, base_ms=base, naive_ms=naive, cublas_ms=eager,
                         compile_ms=comp, vtc_tflops=tflops(m, n, k, vtc), cublas_tflops=tflops(m, n, k, eager),
                         vs_best=(best / vtc) if vtc else None))
        print(f"{name} {dtype} {m}x{n}x{k}: vtc {fmt(vtc)} base {fmt(base)} naive {fmt(naive)} cublas {fmt(eager)} "
              f"compile {fmt(comp)} ms", flush=True)
    return rows


def variant_rows(a, tmp):
    rows = []
    for m, n, k in [(4096, 4096, 4096), (128, 2304, 768), (1024, 3072, 768)]:
        path = os.path.join(tmp, f"mm_{k}_{n}_f16.mlir")
        open(path, "w").write(module(k, n, "f16"))
        chosen = run_vtc(a.vtc_run, path, m, a.runs)
        times = []
        for v in range(a.max_variants + 1):
            t = run_vtc(a.vtc_run, path, m, a.runs, [pipeline(f"vortex-variant={v}")])
            times.append(t)
            if t is None:
                break
        # The last forced index past the variants is the plain kernel.
        rows.append(dict(m=m, n=n, k=k, chosen_ms=chosen, forced=times))
        print(f"variants {m}x{n}x{k}: chosen {fmt(chosen)} forced {[fmt(t) for t in times]}", flush=True)
    return rows


def oracle_rows(a, tmp):
    """Vortex Fig. 15 on the GPU: over Table 6's M (both orientations, each
    dtype), the model's choice against the oracle, the fastest of every
    variant forced (vortex-variant=V, each swept over all M in one run)."""
    rows = []
    for dtype in a.table6_dtypes.split(","):
        for n, k, name in TABLE6_NK:
            path = os.path.join(tmp, f"or_{k}_{n}_{dtype}.mlir")
            open(path, "w").write(module(k, n, dtype))
            chosen = run_vtc_sweep(a.vtc_run, path, TABLE6_M, a.runs)
            forced = []
            for v in range(a.max_variants):
                t = run_vtc_sweep(a.vtc_run, path, TABLE6_M, a.runs, [pipeline(f"vortex-variant={v}")])
                if not t:
                    break
                forced.append(t)
            for m in TABLE6_M:
                times = [f[m] for f in forced if f.get(m)]
                best = min(times) if times else None
                rows.append(dict(case=name, dtype=dtype, m=m, n=n, k=k, chosen_ms=chosen.get(m), oracle_ms=best,
                                 forced=" ".join(fmt(f.get(m)) for f in forced)))
            ratios = [r["oracle_ms"] / r["chosen_ms"] for r in rows
                      if r["case"] == name and r["dtype"] == dtype and r["chosen_ms"] and r["oracle_ms"]]
            if ratios:
                print(f"oracle {name} {dtype}: {len(forced)} variants, model's choice at "
                      f"{100 * sum(ratios) / len(ratios):.1f}% of the oracle (mean over {len(ratios)} M)", flush=True)
    write_csv(os.path.join(a.out, "oracle.csv"), rows)
    return rows


# In the generic form: the base build predates the graph dialect's custom one.
CHECK_MODULE = """func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = "graph.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = "graph.relu"(%s) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
"""


def check_rows(a, tmp):
    path = os.path.join(tmp, "checks.mlir")
    open(path, "w").write(CHECK_MODULE)
    rows = []
    for rows_, cols in [(5, 7), (1024, 1024), (4096, 4096)]:
        # Positional (the base build predates --dim by name).
        dims = [f"--dim=0.0={rows_}", f"--dim=0.1={cols}", f"--dim=1.0={rows_}", f"--dim=1.1={cols}"]
        res = {}
        off = "--pass-pipeline=builtin.module(lower-graph-to-te{runtime-checks=false},lower-te-to-gir{hierarchy=gpu})"
        variants = [("checks", a.vtc_run, []), ("no-checks", a.vtc_run, [off])]
        if a.base_vtc_run:
            variants.append(("base", a.base_vtc_run, []))
        for label, tool, extra in variants:
            cmd = [tool, path, "--target=cuda", f"--bench={a.runs}", *dims, *extra]
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            hit = BENCH_RE.search(p.stdout)
            res[label] = float(hit.group(1)) if hit else None
            if not hit:
                sys.stderr.write(f"{label} failed: {p.stdout[-400:]}{p.stderr[-400:]}\n")
        rows.append(dict(shape=f"{rows_}x{cols}", **res))
        print(f"checks {rows_}x{cols}: {res}", flush=True)
    return rows


def write_md(a, gemm, variants, checks):
    out = [f"device: {a.device}", ""]
    out.append("| case | dtype | M | N | K | vtc ms | vtc TFLOP/s | base ms | naive ms | cuBLAS ms | cuBLAS TFLOP/s | "
               "torch.compile ms | best peer / vtc |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in gemm:
        out.append(f"| {r['case']} | {r['dtype']} | {r['m']} | {r['n']} | {r['k']} | {fmt(r['vtc_ms'])} | "
                   f"{fmt(r['vtc_tflops'], '{:.1f}')} | {fmt(r['base_ms'])} | {fmt(r['naive_ms'])} | {fmt(r['cublas_ms'])} | "
                   f"{fmt(r['cublas_tflops'], '{:.1f}')} | {fmt(r['compile_ms'])} | {fmt(r['vs_best'], '{:.2f}')} |")
    if variants:
        out += ["", "| M x N x K (f16) | model's choice ms | each variant forced, ms (last: plain kernel) |",
                "| --- | ---: | --- |"]
        for r in variants:
            out.append(f"| {r['m']}x{r['n']}x{r['k']} | {fmt(r['chosen_ms'])} | "
                       f"{', '.join(fmt(t) for t in r['forced'] if t is not None)} |")
    if checks:
        out += ["", "| dynamic add+relu f32 | run-time checks ms | runtime-checks=false ms | base build ms |",
                "| --- | ---: | ---: | ---: |"]
        for r in checks:
            out.append(f"| {r['shape']} | {fmt(r.get('checks'))} | {fmt(r.get('no-checks'))} | {fmt(r.get('base'))} |")
    open(os.path.join(a.out, "gemm.md"), "w").write("\n".join(out) + "\n")
    write_csv(os.path.join(a.out, "gemm.csv"), gemm)


def plot(a, gemm):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, axes = plt.subplots(1, len(BERT_NK), figsize=(16, 4))
    for ax, (k, n, name) in zip(axes, BERT_NK):
        rs = [r for r in gemm if r["case"] == name and r["dtype"] == "f16"]
        for key, label in (("vtc_ms", "vtc (Vortex)"), ("cublas_ms", "cuBLAS"), ("compile_ms", "torch.compile")):
            ax.plot([r["m"] for r in rs], [r[key] for r in rs], marker="o", label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(f"{name}: M x {n} x {k} f16")
        ax.set_xlabel("M")
        ax.set_ylabel("ms")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "gemm_m_sweep.png"), dpi=100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vtc-run", required=True)
    ap.add_argument("--base-vtc-run")
    ap.add_argument("--base-sweeps", action="store_true", help="the base build has vtc-run --sweep")
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--only-checks", action="store_true")
    ap.add_argument("--checks", action="store_true")
    ap.add_argument("--device", default="")
    ap.add_argument("--max-variants", type=int, default=8)
    ap.add_argument("--table6", action="store_true", help="only Vortex Table 6's M sweep (table6.csv)")
    ap.add_argument("--table6-dtypes", default="f16,f32")
    ap.add_argument("--oracle", action="store_true", help="only Fig. 15: the model's choice against every variant "
                                                           "forced over Table 6's M (oracle.csv)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    if a.only_checks:
        for r in check_rows(a, tmp):
            print(f"| {r['shape']} | {fmt(r.get('checks'))} | {fmt(r.get('no-checks'))} | {fmt(r.get('base'))} |")
        return
    if a.oracle:
        oracle_rows(a, tmp)
        return
    if a.table6:
        table6_rows(a, tmp, Torch(a.runs))
        return
    gemm = gemm_rows(a, tmp, Torch(a.runs))
    variants = variant_rows(a, tmp) if a.variants else []
    checks = check_rows(a, tmp) if a.checks else []
    write_md(a, gemm, variants, checks)
    plot(a, gemm)


if __name__ == "__main__":
    main()
