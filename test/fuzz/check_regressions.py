#!/usr/bin/env python3
"""Runs vtc-opt on each fuzzer regression input; each must be rejected with a
diagnostic (exit 1) and without any sanitizer report."""
import glob
import os
import subprocess
import sys

inputs = sorted(glob.glob(os.path.join(sys.argv[1], "*.input")))
bad = 0
for path in inputs:
    r = subprocess.run(["vtc-opt", "--allow-unregistered-dialect", path], capture_output=True, text=True,
                       errors="replace")
    clean = "Sanitizer" not in r.stderr and "runtime error" not in r.stderr
    if r.returncode != 1 or not clean or "error:" not in r.stderr:
        bad += 1
        print("FAIL %s: exit %d\n%s" % (os.path.basename(path), r.returncode, r.stderr[-2000:]))
    else:
        print("ok %s" % os.path.basename(path))
print("%d inputs, %d failed" % (len(inputs), bad))
sys.exit(1 if bad or not inputs else 0)
