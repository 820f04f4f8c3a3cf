#!/usr/bin/env python3
"""Replays every input the parser fuzzer found a bug with
(test/fuzz/regressions/*.input) through vtc-opt. Each must either be rejected
with a diagnostic (exit 1), or be accepted and then print (generic and
custom form) to text that parses back and prints identically. Any other
exit code, or any sanitizer report, is a failure."""
import glob
import os
import subprocess
import sys


def vtc_opt(args, data):
    return subprocess.run(["vtc-opt", "--allow-unregistered-dialect"] + args, input=data, capture_output=True)


def sanitizer_report(r):
    err = r.stderr.decode("utf-8", "replace")
    return "Sanitizer" in err or "runtime error" in err


def check(path):
    with open(path, "rb") as f:
        data = f.read()
    first = vtc_opt([], data)
    if sanitizer_report(first):
        return "sanitizer report"
    if first.returncode == 1:
        return None if b"error:" in first.stderr else "exit 1 without a diagnostic"
    if first.returncode != 0:
        return "exit %d" % first.returncode
    for form in ([], ["--print-generic"]):
        printed = vtc_opt(form, data)
        again = vtc_opt(form, printed.stdout)
        if again.returncode != 0 or sanitizer_report(again):
            return "printed %s form does not parse back" % ("generic" if form else "custom")
        if again.stdout != printed.stdout:
            return "printing is not stable in %s form" % ("generic" if form else "custom")
    return None


inputs = sorted(glob.glob(os.path.join(sys.argv[1], "*.input")))
bad = 0
for path in inputs:
    problem = check(path)
    bad += problem is not None
    print("%s %s%s" % ("FAIL" if problem else "ok", os.path.basename(path), ": " + problem if problem else ""))
print("%d inputs, %d failed" % (len(inputs), bad))
sys.exit(1 if bad or not inputs else 0)
