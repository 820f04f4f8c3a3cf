"""Summarises the innermost loops of an x86 assembly listing (AT&T syntax,
as vtc-translate --emit=asm prints it) that do floating-point FMAs, so lit
tests can FileCheck a micro-kernel's inner loop: one line per loop, in
order, with counts of FMAs by register class, broadcasts (vbroadcastss or
{1toN} memory operands), vector loads and stack accesses (%rsp/%rbp: a
spill or reload), and the distinct FMA accumulator registers.

A loop is the code from a label to the last backward branch to it; it is
innermost when no other loop's label lies inside it."""
import re
import sys

LABEL = re.compile(r"^(\.?L[\w$.]+):")
BRANCH = re.compile(r"^\s+j\w+\s+(\.?L[\w$.]+)\s*$")


def loops(lines):
    where = {}
    spans = []
    for i, line in enumerate(lines):
        m = LABEL.match(line)
        if m:
            where[m.group(1)] = i
        b = BRANCH.match(line)
        if b and b.group(1) in where and where[b.group(1)] < i:
            spans.append((where[b.group(1)], i))
    # The widest span per label (the last backward branch to it).
    best = {}
    for s, e in spans:
        if e > best.get(s, -1):
            best[s] = e
    spans = sorted(best.items())
    return [(s, e) for s, e in spans if not any(s < s2 <= e for s2, _ in spans if s2 != s)]


def summary(body):
    fma = {"zmm": 0, "ymm": 0, "xmm": 0}
    acc = set()
    bcast = loads = stack = 0
    for line in body:
        ins = line.split()
        if not ins:
            continue
        op = ins[0]
        if op.startswith("vfmadd") or op.startswith("vfnmadd"):
            regs = re.findall(r"%([xyz]mm\d+)", line)
            if regs:
                fma[regs[-1][:3]] += 1
                acc.add(regs[-1])
            if re.search(r"\{1to\d+\}", line):
                bcast += 1
        if op.startswith("vbroadcastss"):
            bcast += 1
        if op in ("vmovups", "vmovaps") and re.match(r"\s*\S+\s+-?\w*\(", line):
            loads += 1
        if "%rsp" in line or "%rbp)" in line:
            stack += 1
    return fma, bcast, loads, stack, acc


def main():
    lines = open(sys.argv[1]).read().splitlines()
    for s, e in loops(lines):
        fma, bcast, loads, stack, acc = summary(lines[s:e + 1])
        if not sum(fma.values()):
            continue
        kinds = " ".join(f"{k}={v}" for k, v in fma.items() if v)
        print(f"inner loop: fma {kinds} broadcasts={bcast} vector-loads={loads} stack={stack} "
              f"accumulators={len(acc)}")


if __name__ == "__main__":
    main()
