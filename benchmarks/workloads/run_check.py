#!/usr/bin/python3
"""Runs `vtc-run FILE --target=T --check` on every workload module, as a new
user would: no option but the --dim bindings that the file's header states
for its dynamic dimensions (`run with --dim=...`). The inputs come from the
modules' `vtc.input` argument attributes, so each run must match the
reference interpreter with nothing else given.

Usage: run_check.py VTC_RUN [--configs small|paper|all] [--target cpu]
                            [--only SUBSTRING] [--timeout SECONDS]

Prints one line per file and `N passed, M failed`; exits 1 if any failed.
CI runs the small configurations (ctest workloads.vtc-run-check); the paper
configurations take minutes each on two cores and run on demand with
`ninja -C build check-workloads-paper`.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def header_dims(path):
    """The --dim options the header's `run with` line states (none if static)."""
    with open(path) as f:
        for line in f:
            if not line.startswith("//"):
                break
            m = re.search(r"run with ((?:--dim=\S+?(?=[;\s])\s*)+)", line)
            if m:
                return m.group(1).split()
    return []


def files(configs):
    for path in sorted(glob.glob(os.path.join(HERE, "*.mlir"))):
        cfg = os.path.basename(path).split(".")[1]
        if configs == "all" or cfg.startswith(configs):
            yield path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vtc_run")
    ap.add_argument("--configs", choices=("small", "paper", "all"), default="small")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--only")
    ap.add_argument("--timeout", type=float, default=1800)
    a = ap.parse_args()
    passed = failed = 0
    for path in files(a.configs):
        name = os.path.basename(path)
        if a.only and a.only not in name:
            continue
        cmd = [a.vtc_run, path, "--target=" + a.target, "--check"] + header_dims(path)
        start = time.time()
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.timeout)
            out, rc = r.stdout.decode(errors="replace"), r.returncode
        except subprocess.TimeoutExpired:
            out, rc = "timed out after %.0f s" % a.timeout, -1
        ok = rc == 0 and "check: ok" in out
        shown = " ".join(os.path.relpath(c) if c == path else c for c in cmd[1:])
        print("%s %s (%.1f s): vtc-run %s" % ("ok  " if ok else "FAIL", name, time.time() - start, shown))
        if not ok:
            print("\n".join("    " + l for l in out.strip().splitlines()[-12:]))
        passed += ok
        failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
