#!/usr/bin/env python3
"""Vortex Table 6: summarises `bench_cpu --gemm --table6 --csv=F` (CPU, f32)
or `benchmarks/gpu/bench_gemm.py --table6` (GPU: table6.csv, f16 and f32).

For each orientation (paper: N x K = 768 x 2304; qkv: 2304 x 768), dtype
and M bucket ([0, 128), [128, 256), [256, 384], and batch 16 x sequence),
prints the geometric mean and the minimum of each peer's time over vtc's
(above 1: vtc is faster), as a markdown table, and draws the time against M
into a PNG beside the CSV when matplotlib is installed (python3-matplotlib).

Usage: table6.py RESULTS.csv [--png OUT.png]
"""
import argparse
import csv
import math
import os
import sys


def load(path):
    with open(path) as f:
        rows = [r for r in csv.DictReader(f) if r["vtc_ms"]]
    peers = [c[:-3] for c in rows[0] if c.endswith("_ms") and c not in ("vtc_ms", "base_ms")
             and all(r[c] for r in rows)]
    for r in rows:  # the CPU's CSV names a row "paper 16xseq ..."; the GPU's has case and dtype
        r.setdefault("case", r.get("what", "").split(" ")[0])
        r.setdefault("dtype", "f32")
    return rows, peers


def bucket(row):
    m = int(row["m"])
    # Table 6's M are 1, 5, ..., 381; batch 16 x sequence are multiples of 16.
    if "16xseq" in row.get("what", "") or ("what" not in row and m % 4 == 0):
        return "16 x seq"
    return "[0,128)" if m < 128 else "[128,256)" if m < 256 else "[256,384]"


def groups(rows):
    return sorted({(r["case"], r["dtype"]) for r in rows}, key=lambda g: (g[1], g[0] != "paper"))


def summary(rows, peers):
    out = ["| orientation | dtype | M | shapes | " + " | ".join(f"{p} / vtc: geomean, min" for p in peers) + " |",
           "| --- | --- | --- | ---: | " + " | ".join("---:" for _ in peers) + " |"]
    for orient, dtype in groups(rows):
        sel = [r for r in rows if (r["case"], r["dtype"]) == (orient, dtype)]
        for b in ("[0,128)", "[128,256)", "[256,384]", "16 x seq", "all"):
            rs = sel if b == "all" else [r for r in sel if bucket(r) == b]
            if not rs:
                continue
            cells = []
            for p in peers:
                ratios = [float(r[f"{p}_ms"]) / float(r["vtc_ms"]) for r in rs]
                geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
                cells.append(f"{geo:.2f}, {min(ratios):.2f}")
            out.append(f"| {orient} | {dtype} | {b} | {len(rs)} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def plot(rows, peers, png):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("table6.py: no matplotlib (python3-matplotlib): no plot\n")
        return
    gs = groups(rows)
    fig, axes = plt.subplots(1, len(gs), figsize=(6.5 * len(gs), 4.5), squeeze=False)
    for ax, (orient, dtype) in zip(axes[0], gs):
        rs = sorted((r for r in rows if (r["case"], r["dtype"]) == (orient, dtype)), key=lambda r: int(r["m"]))
        n, k = rs[0]["n"], rs[0]["k"]
        for key, label in [("vtc_ms", "vtc (Vortex rKernels)")] + [(f"{p}_ms", p) for p in peers]:
            ax.plot([int(r["m"]) for r in rs], [float(r[key]) for r in rs], marker=".", label=label)
        ax.set_title(f"{orient}: M x {n} x {k}, {dtype}")
        ax.set_xlabel("M")
        ax.set_ylabel("ms (median)")
        ax.grid(True, alpha=0.3)
    axes[0][0].legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--png")
    a = ap.parse_args()
    rows, peers = load(a.csv)
    print(summary(rows, peers))
    plot(rows, peers, a.png or os.path.splitext(a.csv)[0] + ".png")


if __name__ == "__main__":
    main()
